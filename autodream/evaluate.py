"""Scoring a memory directory against a scenario's expectations.

The active memory is what an agent would load: ``MEMORY.md`` and every other ``*.md`` under the
memory dir, hidden directories (autodream's ``.autodream/`` state, ``.git``) excluded. Its files
are read in a fixed order (``MEMORY.md`` first, then by path) and each expectation's regex is
searched in each file on its own: an agent reads each file whole, so a match that starts in one
file and ends in another is no sentence it ever read. The first match is reported with the file
and line it starts on, so a failed ``absent`` shows the offending line.
"""

from __future__ import annotations

import errno
import hashlib
import os
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from autodream.memory.model import INDEX_MAX_BYTES, INDEX_MAX_LINES
from autodream.memory.staging import read_regular_below
from autodream.scenario import Expectation, ExpectKind
from autodream.settings import INDEX_FILENAME


@dataclass(frozen=True)
class MemoryFile:
    path: str  # relative to the memory dir, with forward slashes
    text: str


@dataclass(frozen=True)
class Location:
    """Where a regex matched in the active memory."""

    file: str
    line_no: int  # 1-based, within ``file``
    line: str  # the whole line the match starts on

    def to_dict(self) -> dict[str, object]:
        return {"file": self.file, "line_no": self.line_no, "line": self.line}


@dataclass(frozen=True)
class ExpectationResult:
    id: str
    category: str
    kind: ExpectKind
    regex: str
    met: bool
    match: Location | None  # the first match, if any (for a failed ``absent``: the culprit)

    def to_dict(self) -> dict[str, object]:
        return {
            "id": self.id,
            "category": self.category,
            "kind": self.kind,
            "regex": self.regex,
            "met": self.met,
            "match": self.match.to_dict() if self.match else None,
        }


@dataclass(frozen=True)
class CategoryScore:
    category: str
    met: int
    failed: int

    @property
    def total(self) -> int:
        return self.met + self.failed

    def to_dict(self) -> dict[str, object]:
        return {"category": self.category, "met": self.met, "failed": self.failed}


@dataclass(frozen=True)
class IndexSize:
    """``MEMORY.md`` against Claude Code's load limits (lines beyond them are never seen)."""

    lines: int
    bytes: int

    @property
    def within_limits(self) -> bool:
        return self.lines <= INDEX_MAX_LINES and self.bytes <= INDEX_MAX_BYTES

    def to_dict(self) -> dict[str, object]:
        return {
            "lines": self.lines,
            "bytes": self.bytes,
            "max_lines": INDEX_MAX_LINES,
            "max_bytes": INDEX_MAX_BYTES,
            "within_limits": self.within_limits,
        }


def active_memory(memory_dir: Path) -> list[MemoryFile]:
    """``MEMORY.md`` first, then every other ``*.md`` by path; hidden dirs and files skipped."""
    if not memory_dir.is_dir():
        return []
    found: list[MemoryFile] = []
    for dirpath, dirnames, filenames in os.walk(memory_dir):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
        for filename in filenames:
            if filename.startswith(".") or not filename.endswith(".md"):
                continue
            rel = (Path(dirpath) / filename).relative_to(memory_dir).as_posix()
            data = _read_memory(memory_dir, rel)
            if data is None:
                continue
            # Undecodable bytes must not hide a secret from an ``absent`` check.
            found.append(MemoryFile(rel, data.decode("utf-8", errors="replace")))
    found.sort(key=lambda f: (f.path != INDEX_FILENAME, f.path))
    return found


def _read_memory(memory_dir: Path, rel: str) -> bytes | None:
    """The memory file ``rel`` as a dream reads it (``read_regular_below``: no link followed on
    the way, no wait on a named pipe); None when it is gone or no regular file, or a folder on
    the way was swapped for a link. By path, a link in memory had the file where it points
    judged as memory's own (its text met a 'present' expectation a dream never wrote)."""
    try:
        return read_regular_below(memory_dir, rel)
    except OSError as exc:
        if exc.errno in (errno.ELOOP, errno.ENOTDIR):
            return None
        raise


def _locate(pos: int, owner: MemoryFile) -> Location:
    line_no = owner.text.count("\n", 0, pos) + 1
    line_start = owner.text.rfind("\n", 0, pos) + 1
    line_end = owner.text.find("\n", pos)
    line = owner.text[line_start : line_end if line_end >= 0 else len(owner.text)]
    return Location(owner.path, line_no, line.rstrip("\r"))


def first_match(pattern: re.Pattern[str], files: Sequence[MemoryFile]) -> Location | None:
    """Where ``pattern`` first matches, each file searched on its own, in ``files``' order."""
    for f in files:
        m = pattern.search(f.text)
        if m is not None:
            return _locate(m.start(), f)
    return None


def evaluate(expectations: Iterable[Expectation], memory_dir: Path) -> list[ExpectationResult]:
    """Score each expectation against the active memory of ``memory_dir``."""
    files = active_memory(memory_dir)
    results: list[ExpectationResult] = []
    for exp in expectations:
        where = first_match(exp.pattern, files)
        met = (where is not None) if exp.kind == "present" else (where is None)
        results.append(ExpectationResult(exp.id, exp.category, exp.kind, exp.regex, met, where))
    return results


def by_category(results: Iterable[ExpectationResult]) -> list[CategoryScore]:
    """Met and failed counts per category, in order of first appearance."""
    counts: dict[str, list[int]] = {}
    for r in results:
        tally = counts.setdefault(r.category, [0, 0])
        tally[0 if r.met else 1] += 1
    return [CategoryScore(cat, met, failed) for cat, (met, failed) in counts.items()]


def index_size(memory_dir: Path) -> IndexSize:
    data = _read_memory(memory_dir, INDEX_FILENAME)
    if data is None:  # (a link or pipe in its place is no index of memory's)
        return IndexSize(0, 0)
    return IndexSize(len(data.splitlines()), len(data))


def tree_digest(root: Path, *, exclude: Iterable[Path] = ()) -> dict[str, str]:
    """``relative path -> sha256`` of every file under ``root`` (contents, not mtimes).

    Symlinks are recorded by target rather than followed, so a link swapped in counts as a change.
    """
    skipped = [p.resolve() for p in exclude]
    digest: dict[str, str] = {}
    if not root.is_dir():
        return digest
    for dirpath, dirnames, filenames in os.walk(root):
        here = Path(dirpath)
        kept: list[str] = []
        for d in sorted(dirnames):
            sub = here / d
            if sub.is_symlink():  # os.walk does not descend; record the link itself
                digest[sub.relative_to(root).as_posix()] = "symlink:" + os.readlink(sub)
            elif sub.resolve() not in skipped:
                kept.append(d)
        dirnames[:] = kept
        for filename in filenames:
            full = here / filename
            rel = full.relative_to(root).as_posix()
            if full.is_symlink():
                digest[rel] = "symlink:" + os.readlink(full)
            elif full.is_file():
                digest[rel] = _sha256(full)
            else:
                digest[rel] = "special"
    return digest


def changed_paths(before: dict[str, str], after: dict[str, str]) -> list[str]:
    """Paths added, removed or modified between two ``tree_digest`` results."""
    return sorted(p for p in before.keys() | after.keys() if before.get(p) != after.get(p))


def _sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()
