"""Invariants of the staged memory after the subagent's ``finish``, checked before any commit.

One fix, the rest fail: an index over 200 lines or 25,000 bytes is cut deterministically (lowest
ranked entry lines first) and reported; every other broken invariant is a failure, all collected
in one ``CheckReport`` so the run record can show the whole list.

Ranking for the overflow fix: an entry's priority comes from its section heading when that names
a memory type (``## Feedback`` …), else from the linked file's frontmatter ``type``, else it is
lowest. Feedback (how to work) outranks user (who the user is), then project (facts that age),
then reference (pointers), then anything untyped. Within one priority the later section goes
first, and within a section the later line. A section whose entries are all dropped loses its
heading too. Files whose entry was dropped stay on disk and are exempt from the orphan check.

Unlisted files: an index that cannot list every topic file ends with the line
``N more topic files in this folder are not listed here ...`` (``model.unlisted_line``). With that
line, unlinked topic files are not orphans (the agent that loads the index is told to look), and
the harness corrects N when it is wrong.

Format: ``MEMORY.md`` holds entries as Claude Code writes them, headings, blank lines and the
line above; and the lines of a note the person wrote there (no entry), kept word for word.

Loss: a prior entry survives when its file is still linked from the new index, its title
(case and spacing ignored) is still an entry title, or its file is still in memory, unlisted, so
renaming a file, rewording a hook or leaving a file out of a full index is not loss. A note the
person wrote straight into the prior index (a line that is no entry, heading or blank, see
``model.index_notes``) counts like an entry: it survives when some memory file still holds its
words (at least 80% of its distinct words, all of them for a note of up to four words, secrets
read as redacted), wherever the backend moved it. A merge or a supersession counts as loss
unless it is declared: a linked topic file whose frontmatter lists the old file under
``merged_from`` or ``supersedes`` accounts for it (listed in ``merged_entries``), so silent
drops still trip the guard while explained ones pass. Loss is
measured on the index the subagent wrote, before the overflow fix: the fix is the harness's doing
and is reported separately.
"""

from __future__ import annotations

import os
import posixpath
from collections.abc import Callable, Container
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from autodream import rx
from autodream.errors import CheckFailed
from autodream.memory.commit import write_atomic
from autodream.memory.model import (
    CANONICAL_INDEX_LINE,
    INDEX_MAX_BYTES,
    INDEX_MAX_LINES,
    NOT_TEXT,
    REPLACEMENT_KEYS,
    SECTION_TITLES,
    FrontmatterError,
    MemoryType,
    decode_text,
    index_notes,
    is_file_link,
    parse_index,
    parse_topic,
    unlisted_count,
    unlisted_line,
    without_ask,
)
from autodream.memory.staging import active_files, link_target, read_regular_below, symlinks
from autodream.redact import REDACTED_MARK, find_secrets, redact, shown_name
from autodream.settings import INDEX_FILENAME
from autodream.transcripts.model import is_daily_log_name

MAX_LOSS_FRACTION = 0.25
TYPE_PRIORITY: dict[MemoryType, int] = {"feedback": 0, "user": 1, "project": 2, "reference": 3}
UNTYPED_PRIORITY = len(TYPE_PRIORITY)
_HEADING = rx.compile(r"^#{1,6}\s")
_LINK = rx.compile(r"\[[^\]\n]*\]\([^)\s]*\)")
_SCHEME = rx.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")
_TITLE_TO_TYPE: dict[str, MemoryType] = {t.lower(): k for k, t in SECTION_TITLES.items()}


@dataclass(frozen=True, eq=False)
class CheckFailure:
    """One check a staged memory dir failed."""

    check: str  # index-format | link | orphan | frontmatter | secret | loss
    path: str  # relative to the memory dir
    message: str

    def __str__(self) -> str:
        return f"{shown_name(self.path)}: {self.message}"

    def as_dict(self) -> dict[str, str]:
        # (kept in the run's record and shown by `show`: the name as printed)
        return {"check": self.check, "path": shown_name(self.path), "message": self.message}


@dataclass(eq=False, repr=False)
class CheckReport:
    """What the checks on a staged memory dir repaired and what failed."""

    fixed: list[str] = field(default_factory=list)  # what the harness repaired, one line each
    failures: list[CheckFailure] = field(default_factory=list)
    dropped_entries: list[str] = field(default_factory=list)  # index lines cut by the fix
    prior_entries: int = 0
    lost_entries: list[str] = field(default_factory=list)  # titles of prior entries lost
    prior_notes: int = 0  # notes written straight into the prior index (no entry lines)
    lost_notes: list[str] = field(default_factory=list)  # first lines of notes no file holds
    # titles of prior entries gone from the index but declared merged into / superseded by another
    merged_entries: list[str] = field(default_factory=list)
    # titles of prior entries the backend removed because the person asked it to forget them
    forgotten_entries: list[str] = field(default_factory=list)
    # broken before the dream and left so by it (a file it did not change): reported, not failed
    as_found: list[CheckFailure] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.failures

    def summary(self) -> str:
        """One line: the first failure and how many more."""
        if not self.failures:
            return "all checks passed" + (f" ({len(self.fixed)} fixed)" if self.fixed else "")
        more = len(self.failures) - 1
        tail = f" (and {more} more)" if more else ""
        return f"check failed: {self.failures[0]}{tail}"

    def raise_if_failed(self) -> None:
        if self.failures:
            raise CheckFailed(self.summary())

    def as_dict(self) -> dict[str, Any]:
        return {
            "ok": self.ok,
            "fixed": list(self.fixed),
            "failures": [f.as_dict() for f in self.failures],
            "dropped_entries": list(self.dropped_entries),
            "prior_entries": self.prior_entries,
            "lost_entries": list(self.lost_entries),
            "prior_notes": self.prior_notes,
            "lost_notes": list(self.lost_notes),
            "merged_entries": list(self.merged_entries),
            "forgotten_entries": list(self.forgotten_entries),
            "as_found": [f.as_dict() for f in self.as_found],
        }


def is_daily_log(rel: str) -> bool:
    """Date-named logs (``YYYY-MM-DD.md``) may stay out of the index and need no frontmatter."""
    return is_daily_log_name(posixpath.basename(rel))


def _norm_title(title: str) -> str:
    return " ".join(title.split()).casefold()


def resolve_link(link: str) -> str | None:
    """The staged path an index link names, or None when it cannot name a memory file."""
    if not link or link.startswith("/") or _SCHEME.match(link) or "\\" in link:
        return None
    rel = posixpath.normpath(link)
    if rel == "." or rel.startswith("../") or rel == "..":
        return None
    if any(part.startswith(".") for part in rel.split("/")):
        return None
    return rel


def check_staged(
    staging_dir: Path,
    prior_index: str | None,
    *,
    allow_loss: bool = False,
    max_lines: int = INDEX_MAX_LINES,
    max_bytes: int = INDEX_MAX_BYTES,
    max_loss: float = MAX_LOSS_FRACTION,
    unchanged: frozenset[str] = frozenset(),
    existed: frozenset[str] = frozenset(),
    found_in: Path | None = None,
    not_regular: frozenset[str] = frozenset(),
    forgotten: frozenset[str] = frozenset(),
    forgotten_notes: frozenset[str] = frozenset(),
    project: str = "",
) -> CheckReport:
    """Check (and fix an overflowing ``MEMORY.md`` in) the staged memory; never raises.

    ``prior_index`` is the real ``MEMORY.md`` text before the run (None when there was none).
    ``existed`` are the files the memory dir held when the run began, ``unchanged`` those of
    them the run left byte for byte: a fault the run found there and did not touch goes to
    ``report.as_found``, not ``failures`` (a hand-made file with a broken frontmatter must not
    block every dream; the dream did not write it and leaving it is no worse). So does a
    secret on a line the file held as it is when the run began (``prior_index`` for
    MEMORY.md, ``found_in``: the memory dir as the run found it, for the others): the tools
    keep such a line of the person's as they wrote it, and they are told where it is.
    ``forgotten`` are the files the backend removed because the person asked it to forget
    them ("forget what I said about the staging URL"): gone on request, not lost; so are
    ``forgotten_notes``, the notes written in ``MEMORY.md`` it removed so (their ``text``).
    ``project``, the project's folder name, is read as the dream read it: a first-line
    '# acme-api memories' is the index's title, a note the person wrote (``index_notes``).
    Call ``report.raise_if_failed()`` to turn failures into ``CheckFailed``.
    """
    report = CheckReport()
    files = active_files(staging_dir)
    links = symlinks(staging_dir)  # the user's own arrangement, kept as found
    index_path = staging_dir / INDEX_FILENAME
    index_text = ""
    index_found = INDEX_FILENAME in unchanged
    # (a link's %XX names a file of that very name when there is one: ``link_file``)
    present = frozenset(files) | frozenset(links) | existed | not_regular
    prior_linked = {resolve_link(e.file) for e in parse_index(prior_index or "", present).entries}

    def fail(failure: CheckFailure, found: bool) -> None:
        (report.as_found if found else report.failures).append(failure)

    if INDEX_FILENAME in files:
        data = index_path.read_bytes()
        try:
            # a byte-order mark is no part of the first line (decode_text reads it so too)
            index_text = data.decode("utf-8").removeprefix("\ufeff")
        except UnicodeDecodeError:
            fail(CheckFailure("index-format", INDEX_FILENAME, _NOT_UTF8), index_found)
            index_text = decode_text(data) if index_found else ""

    _check_loss(report, prior_index, index_text, allow_loss, max_loss,
                _declared_replacements(staging_dir, index_text, present), files, existed,
                forgotten, forgotten_notes, present, project)
    format_failures = len(report.failures)
    _check_format(report, index_text, prior_index, present, project)
    if index_found:
        report.as_found.extend(report.failures[format_failures:])
        del report.failures[format_failures:]
    # MEMORY.md as the person left it (the dream did not touch it) is theirs to cut: a dream
    # that wrote nothing there never rewrites it (a 30,000-byte hand-written index came out
    # of a dream that "changed nothing" cut to its first entry, its notes gone)
    fixed_text, dropped = ((index_text, []) if index_found else
                           fix_overflow(index_text, staging_dir, max_lines, max_bytes, present))
    index_lines, index_bytes = len(index_text.splitlines()), len(index_text.encode("utf-8"))
    if index_found and (index_lines > max_lines or index_bytes > max_bytes):
        over = (f"{index_lines} lines, over its {max_lines}-line limit (the agent loads only its "
                f"first {max_lines} lines)" if index_lines > max_lines else
                f"{index_bytes} bytes, over its {max_bytes}-byte limit")
        report.as_found.append(CheckFailure(
            "index-limits", INDEX_FILENAME, f"is {over}; left as it is"))
    if dropped or fixed_text != index_text:
        write_atomic(index_path, fixed_text.encode("utf-8"))
        index_text = fixed_text
        report.dropped_entries = [e for e, _ in dropped]
        report.fixed.append(
            f"{INDEX_FILENAME}: over {max_lines} lines or {max_bytes} bytes; dropped "
            f"{len(dropped)} lowest-ranked entr{'y' if len(dropped) == 1 else 'ies'}"
        )
    dropped_files = {f for _, f in dropped if f}
    _check_secrets(fail, INDEX_FILENAME, index_text, index_found,
                   lambda: _split(prior_index or ""))

    linked: set[str] = set()
    # ``not_regular``: a pipe, socket or device the person keeps in memory (as the run found
    # it) is never staged; a line linking it links what is there, as they arranged it
    for entry in parse_index(index_text, present).entries:
        rel = resolve_link(entry.file)
        if rel in not_regular:
            continue
        if rel is not None and rel in links and rel != INDEX_FILENAME:
            if not os.path.exists(links[rel]):
                # the file it points at is gone: by this dream when it was there before
                message = (f"line {entry.line_no}: link '{entry.file}' is a symlink whose "
                           "target is gone")
                fail(CheckFailure("link", INDEX_FILENAME, message),
                     link_target(rel, links[rel]) not in existed)
            continue
        if rel is None or rel not in files or rel == INDEX_FILENAME:
            message = f"line {entry.line_no}: link '{entry.file}' does not resolve to a memory file"
            fail(CheckFailure("link", INDEX_FILENAME, message),
                 index_found and (rel is None or rel not in existed))
            continue
        linked.add(rel)

    unlisted = _fix_unlisted_count(report, index_path, index_text, files, linked | dropped_files)
    for rel, path in files.items():
        if rel == INDEX_FILENAME:
            continue
        is_topic = rel.endswith(".md") and not is_daily_log(rel)
        found = rel in unchanged
        if is_topic and rel not in linked and rel not in dropped_files and rel not in unlisted:
            fail(CheckFailure("orphan", rel, f"is not linked from {INDEX_FILENAME}"),
                 found and rel not in prior_linked)
        data = path.read_bytes()
        text = data.decode("utf-8", errors="replace")
        if is_topic and b"\0" in data:
            # (as the dream's own read says it: told 'not valid UTF-8 (read as Windows-1252...)'
            # here and 'not a text file (it holds NUL bytes)' in the run's why, of one file)
            fail(CheckFailure("frontmatter", rel, NOT_TEXT), found)
        elif is_topic:
            try:
                parse_topic(data.decode("utf-8"))
            except UnicodeDecodeError:
                fail(CheckFailure("frontmatter", rel, _NOT_UTF8), found)
            except FrontmatterError as exc:
                fail(CheckFailure("frontmatter", rel, str(exc)), found)
        secrets = _check_secrets(fail, rel, text, found, partial(_lines, found_in, rel))
        mark = text.find(REDACTED_MARK) if is_topic and found and not secrets else -1
        if mark >= 0:
            # what an older dream left for a secret: the engine reads it as one and leaves the
            # file as it is, so the person is told why it is never updated
            report.as_found.append(CheckFailure(
                "secret", rel, f"line {text.count(chr(10), 0, mark) + 1}: holds the mark of a "
                "secret redacted by an earlier dream; the file is left as it is until that line "
                "is removed"))
    return report


# (the dream reads such a file as Windows-1252 and writes it back in UTF-8 when it changes it;
# left as it is, Claude Code may not read its accents right)
_NOT_UTF8 = ("is not valid UTF-8 (read as Windows-1252; save it as UTF-8, or the next dream "
             "that changes it will)")


def _check_secrets(
    fail: Callable[[CheckFailure, bool], None], rel: str, text: str, found: bool,
    prior: Callable[[], list[str]],
) -> bool:
    """Each secret in ``text`` (the file ``rel``) a failure, or one as found when the file is
    as found or the line holding it is one the file had (``prior``: its lines then); True when
    there was one."""
    before: set[str] | None = None
    hits = find_secrets(text)
    for hit in hits:
        line = text.count("\n", 0, hit.start) + 1
        kept = found
        if not kept:
            before = set(prior()) if before is None else before
            kept = _split(text)[line - 1] in before
        fail(CheckFailure("secret", rel, f"line {line}: contains a secret ({hit.kind})"), kept)
    return bool(hits)


def _lines(folder: Path | None, rel: str) -> list[str]:
    """The lines of the file ``rel`` in ``folder`` (none when there is no such file)."""
    if folder is None:
        return []
    try:
        # (never a pipe swapped in there since: reading it would wait for a writer for ever;
        # never a file elsewhere, through a folder swapped for a link: its secret line would
        # be taken for one the person kept and committed)
        data = read_regular_below(folder, rel)
    except OSError:
        return []
    return [] if data is None else _split(decode_text(data))


def _split(text: str) -> list[str]:
    """``text``'s lines, as its line numbers count them (at each newline)."""
    return [line.removesuffix("\r") for line in text.split("\n")]


def _fix_unlisted_count(
    report: CheckReport, index_path: Path, index_text: str, files: dict[str, Path],
    linked: set[str],
) -> set[str]:
    """The topic files an index that says it is full leaves out; the count it states is set
    right (the line is for the agent that loads the index, a wrong count misleads it)."""
    lines = index_text.splitlines()
    at = [i for i, line in enumerate(lines) if unlisted_count(line) is not None]
    if not at:
        return set()
    out = {rel for rel in files if rel != INDEX_FILENAME and rel.endswith(".md")
           and not is_daily_log(rel) and rel not in linked}
    stated = unlisted_count(lines[at[-1]])
    if stated == len(out) and len(at) == 1:
        return out
    # One line with the right count, or none when nothing is left out.
    keep = at[-1] if out else None
    lines = [unlisted_line(len(out)) if i == keep else line
             for i, line in enumerate(lines) if i == keep or i not in at]
    while lines and not lines[-1].strip():
        lines.pop()
    write_atomic(index_path, ("\n".join(lines) + "\n" if lines else "").encode("utf-8"))
    report.fixed.append(f"{INDEX_FILENAME}: said {stated} topic files are not listed; "
                        f"{len(out)} are, the index now says so")
    return out


def _check_format(
    report: CheckReport, index_text: str, prior_index: str | None, present: frozenset[str],
    project: str = "",
) -> None:
    entry_lines = {e.line_no: e for e in parse_index(index_text, present).entries}
    # a note the person wrote in the index, kept there word for word (a dream over its file
    # budget leaves some for the next): theirs, not a line the dream made up
    kept = {line for note in index_notes(prior_index or "", project=project)
            for line in note.lines}
    for no, line in enumerate(index_text.splitlines(), start=1):
        entry = entry_lines.get(no)
        # an entry is read however loosely written, but written only as Claude Code writes it
        if entry is not None and CANONICAL_INDEX_LINE.match(line):
            if _LINK.search(entry.hook):
                message = f"line {no}: two entries on one line"
                report.failures.append(CheckFailure("index-format", INDEX_FILENAME, message))
            continue
        if (line.strip() and not _HEADING.match(line) and unlisted_count(line) is None
                and (entry is not None or line not in kept)):
            report.failures.append(
                CheckFailure(
                    "index-format",
                    INDEX_FILENAME,
                    f"line {no}: not an entry ('- [Title](file.md) — hook'), heading or blank",
                )
            )


def _declared_replacements(
    staging_dir: Path, index_text: str, present: frozenset[str]
) -> set[str]:
    """Files that linked topic files declare they absorbed (``merged_from``/``supersedes``)."""
    declared: set[str] = set()
    for entry in parse_index(index_text, present).entries:
        rel = resolve_link(entry.file)
        if rel is None:
            continue
        try:
            topic = parse_topic((staging_dir / rel).read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, FrontmatterError):
            continue  # a broken or missing file is reported by the other checks
        for key in REPLACEMENT_KEYS:
            value = topic.extra.get(key)
            names = value if isinstance(value, list) else [value]
            declared.update(resolve_link(str(n)) or str(n) for n in names if n)
    return declared


def _check_loss(
    report: CheckReport,
    prior_index: str | None,
    index_text: str,
    allow_loss: bool,
    max_loss: float,
    declared: set[str],
    files: dict[str, Path],
    existed: frozenset[str],
    forgotten: frozenset[str],
    forgotten_notes: frozenset[str],
    present: frozenset[str],
    project: str = "",
) -> None:
    if not prior_index:
        return
    prior: dict[str, str] = {}
    for entry in parse_index(prior_index, present).entries:
        linked = resolve_link(entry.file)
        # a web link is a note, checked by its words below; a line whose file was not there
        # when the run began (deleted by hand, or outside the memory dir) had nothing to lose,
        # and counting it would refuse every dream after a user deletes two topic files
        if is_file_link(entry.file) and (not existed or linked in existed):
            prior.setdefault(linked or entry.file, entry.title)
    report.prior_entries = len(prior)
    now = parse_index(index_text, present).entries
    now_files = {resolve_link(e.file) or e.file for e in now}
    now_titles = {_norm_title(e.title) for e in now}
    gone = [
        (file, title)
        for file, title in prior.items()
        if file not in now_files and _norm_title(title) not in now_titles and file not in files
    ]
    report.merged_entries = [title for file, title in gone if file in declared]
    report.forgotten_entries = [title for file, title in gone
                                if file in forgotten and file not in declared]
    report.lost_entries = [title for file, title in gone
                           if file not in declared and file not in forgotten]
    notes = index_notes(prior_index, project=project)
    report.prior_notes = len(notes)
    if notes:
        held = [_words(index_text)] + [
            _words(path.read_bytes().decode("utf-8", errors="replace"))
            for rel, path in sorted(files.items())
            if rel != INDEX_FILENAME and rel.endswith(".md")
        ]
        # A note's words once, not once per file: MEMORY.md of 400 notes over 200 files was
        # 80,000 redactions of the same few lines.
        # (a note's "remember:" read as optional: the engine moves the note without it)
        # (a note still in MEMORY.md as written is kept, whatever its words read as redacted:
        # "- | token | xyz987abc654 |" reads as a table's row alone, its value hidden, and as
        # the list line it is in MEMORY.md, not; every dream failed on it as lost)
        gone_notes = [note for note, said in ((n, _words(without_ask(n.text))) for n in notes)
                      if note.text not in index_text
                      and not any(_holds(words, said) for words in held)]
        report.lost_notes = [" ".join(note.summary.split())[:120] for note in gone_notes
                             if note.text not in forgotten_notes]
        report.forgotten_entries += [" ".join(note.summary.split())[:120] for note in gone_notes
                                     if note.text in forgotten_notes]
    lost = len(report.lost_entries) + len(report.lost_notes)
    total = len(prior) + len(notes)
    if total and lost / total > max_loss and not allow_loss:
        what = "prior entries and notes" if notes else "prior entries"
        report.failures.append(
            CheckFailure(
                "loss",
                INDEX_FILENAME,
                f"{lost} of {total} {what} lost (more than {max_loss:.0%}; "
                "pass --allow-loss to accept)",
            )
        )


_WORD = rx.compile(r"\w+")


def _words(text: str) -> frozenset[str]:
    # Secrets read as the harness lets them be written: redacted.
    return frozenset(w.casefold() for w in _WORD.findall(redact(text)))


def _holds(words: frozenset[str], note: frozenset[str]) -> bool:
    """True when a file's ``words`` cover a note's: all of a short note, 80% of a longer one
    (a backend may drop a lead-in such as "Important:" when it moves the note)."""
    missing = len(note - words)
    return missing == 0 or (len(note) > 4 and missing <= len(note) // 5)


@dataclass(eq=False, repr=False)
class _Section:
    """A type's section of MEMORY.md while the index is cut to its limits."""

    type: MemoryType | None
    order: int
    heading: int | None  # line index of the heading
    overhead: list[int] = field(default_factory=list)  # heading and blank lines
    entries: int = 0


def _entry_priority(
    section_type: MemoryType | None, link: str, staging_dir: Path
) -> int:
    if section_type is not None:
        return TYPE_PRIORITY[section_type]
    rel = resolve_link(link)
    if rel is None:
        return UNTYPED_PRIORITY
    try:
        topic = parse_topic((staging_dir / rel).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, FrontmatterError):
        return UNTYPED_PRIORITY
    return TYPE_PRIORITY[topic.type]


def _fits_without_entries(lines: list[str], sizes: list[int], entries: Container[int],
                          max_lines: int, max_bytes: int) -> bool:
    """Whether the notes of an index (the lines that are no entry, heading or blank line: the
    cut never takes them) are within the limits."""
    rest = [i for i, line in enumerate(lines)
            if i not in entries and line.strip() and not _HEADING.match(line)]
    return len(rest) <= max_lines and sum(sizes[i] for i in rest) <= max_bytes


def fix_overflow(
    index_text: str, staging_dir: Path, max_lines: int, max_bytes: int,
    present: frozenset[str],
) -> tuple[str, list[tuple[str, str | None]]]:
    """Cut ``index_text`` to the limits; return (text, [(dropped line, its linked file)]).

    Deterministic: the same text and staged files give the same cut. Returns the text unchanged
    and no drops when it is within the limits.
    """
    lines = index_text.splitlines()
    sizes = [len(line.encode("utf-8")) + 1 for line in lines]
    total_lines, total_bytes = len(lines), sum(sizes)
    if total_lines <= max_lines and total_bytes <= max_bytes:
        return index_text, []

    entries = {e.line_no - 1: e for e in parse_index(index_text, present).entries}
    sections: list[_Section] = [_Section(None, 0, None)]
    line_section: list[_Section] = []
    for i, line in enumerate(lines):
        if _HEADING.match(line):
            mtype = _TITLE_TO_TYPE.get(line.lstrip("#").strip().lower())
            sections.append(_Section(mtype, len(sections), i, [i]))
        elif not line.strip():
            sections[-1].overhead.append(i)
        if i in entries:
            sections[-1].entries += 1
        line_section.append(sections[-1])

    # notes and headings alone over the limits: dropping entries would list fewer memories
    # and fit nothing (notes are never cut), so the index stays as written
    if not _fits_without_entries(lines, sizes, entries, max_lines, max_bytes):
        return index_text, []
    ranked = sorted(
        (
            (
                _entry_priority(line_section[i].type, entries[i].file, staging_dir),
                line_section[i].order,
                i,
            )
            for i in entries
        ),
        reverse=True,
    )
    removed: set[int] = set()
    dropped: list[tuple[str, str | None]] = []
    for _priority, _order, i in ranked:
        if total_lines <= max_lines and total_bytes <= max_bytes:
            break
        removed.add(i)
        total_lines -= 1
        total_bytes -= sizes[i]
        dropped.append((lines[i], resolve_link(entries[i].file)))
        section = line_section[i]
        section.entries -= 1
        if section.entries == 0 and section.heading is not None:
            for j in section.overhead:
                removed.add(j)
                total_lines -= 1
                total_bytes -= sizes[j]
    kept = [line for i, line in enumerate(lines) if i not in removed]
    # no entries left to drop and still too long: cut blank lines and headings from the end,
    # never a note (its words may be in no other file: the index stays over its limits)
    while kept and (len(kept) > max_lines or sum(len(k.encode()) + 1 for k in kept) > max_bytes):
        if kept[-1].strip() and not _HEADING.match(kept[-1]):
            break
        kept.pop()
    return ("\n".join(kept) + "\n" if kept else ""), dropped

