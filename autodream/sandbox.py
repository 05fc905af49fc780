"""The subagent's view of the filesystem: three virtual roots (four with ``codex/``), one of them
writable.

Every path the model sends is virtual (``memory/…``, ``sessions/…``, ``project/…``, ``codex/…``
when Codex's rollouts dir is set). It is first
checked as text (no ``..``, no absolute path, no NUL, no over-long names), then resolved one
component at a time with ``lstat``: a symlink is followed only while it stays inside its root,
and never at all on a write. The file is then opened by walking down from the root's directory
descriptor with ``O_NOFOLLOW`` on every component, so a symlink swapped in after the check makes
the open fail instead of being followed. Devices, FIFOs and sockets are refused; so are the
project's secret files, autodream's hidden state and the lock file.

Errors are ``SandboxError`` (a ``PermissionError``) with a one-line message the model can act on,
or ``NotFound`` when a path simply does not exist.
"""

from __future__ import annotations

import contextlib
import errno
import fnmatch
import os
import shutil
import stat
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal
from urllib.parse import unquote

from autodream.errors import NotFound, SandboxError, printable
from autodream.settings import LOCK_FILENAME, STATE_DIRNAME
from autodream.transcripts.codex import is_rollout_name, other_project_reason

__all__ = [
    "MAX_NAME_BYTES",
    "MAX_PATH_BYTES",
    "ROOT_NAMES",
    "Entry",
    "Resolved",
    "Sandbox",
    "SandboxError",
    "secret_reason",
]

ROOT_NAMES: tuple[str, ...] = ("memory", "sessions", "project", "codex")
# Roots where another project's Codex rollout may lie; in codex/ (codex_sessions_dir: Codex CLI's
# rollouts of every project) nothing but rollouts is readable at all
_ROLLOUT_ROOTS = frozenset({"sessions", "codex"})
CODEX_ROOT = "codex"
WRITABLE_ROOT = "memory"
MAX_PATH_BYTES = 4096
MAX_NAME_BYTES = 255
MAX_SYMLINK_HOPS = 40
MAX_WALK_DEPTH = 64

# Files whose names say they hold credentials; matched case-insensitively on every component.
SECRET_NAME_PATTERNS: tuple[str, ...] = (
    ".env",
    ".env.*",
    "*.env",
    ".envrc",
    "*.pem",
    "*.key",
    "*.p12",
    "*.pfx",
    "*.jks",
    "*.keystore",
    "*.kdbx",
    "*.ppk",
    "*.gpg",
    "*.keytab",
    "*.tfstate",
    "*.tfstate.*",
    "*.tfvars",
    "id_*",
    ".netrc",
    "_netrc",
    ".npmrc",
    ".pypirc",
    ".pgpass",
    ".htpasswd",
    ".git-credentials",
    ".dockercfg",
    "credentials*",
    "secrets.*",
    "service-account*.json",
    "service_account*.json",
)
# Directories whose whole content is credentials or repository internals.
SECRET_DIR_NAMES: frozenset[str] = frozenset(
    {".git", ".ssh", ".aws", ".gnupg", ".docker", ".kube", ".azure", ".terraform.d"}
)
# Noise a walk (grep, glob over a tree) does not descend into unless it starts inside it.
SKIPPED_DIR_NAMES: frozenset[str] = frozenset(
    {"node_modules", ".venv", "venv", "__pycache__", ".mypy_cache", ".ruff_cache", ".tox",
     ".pytest_cache", ".hypothesis"}
)

_DIR_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC
_FILE_FLAGS = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC

EntryKind = Literal["dir", "file", "symlink"]


@dataclass(frozen=True, eq=False)
class Resolved:
    """A virtual path proven inside its root: ``parts`` are symlink-free components."""

    root: str
    parts: tuple[str, ...]
    real: Path
    exists: bool
    is_dir: bool

    @property
    def rel(self) -> str:
        """The path inside its root, POSIX style (``""`` for the root itself)."""
        return "/".join(self.parts)

    @property
    def vpath(self) -> str:
        return "/".join((self.root, *self.parts)) if self.parts else self.root + "/"


@dataclass(frozen=True, eq=False)
class Entry:
    """One directory entry as the subagent sees it."""

    name: str
    kind: EntryKind
    size: int


def _star_pieces(pattern: str) -> tuple[str, ...] | None:
    """The literal pieces between a glob's ``*``s; None when it uses ``?`` or ``[...]``."""
    if "?" in pattern or "[" in pattern:
        return None
    return tuple(pattern.split("*"))


def _star_match(name: str, pieces: tuple[str, ...]) -> bool:
    """``fnmatchcase(name, "*".join(pieces))`` for a glob whose only wildcard is ``*``.

    Placing each middle piece as early as it fits leaves the most room for the rest, so one
    left-to-right pass decides it."""
    if len(pieces) == 1:
        return name == pieces[0]
    head, tail = pieces[0], pieces[-1]
    end = len(name) - len(tail)
    if end < len(head) or not name.startswith(head) or not name.endswith(tail):
        return False
    pos = len(head)
    for piece in pieces[1:-1]:
        found = name.find(piece, pos, end)
        if found < 0:
            return False
        pos = found + len(piece)
    return True


# fnmatch compiles a regex per pattern, ~30 per process on the first listing of a read-only
# root; these globs only use ``*``, which plain string tests decide with the same answer.
_SECRET_GLOBS: tuple[tuple[str, tuple[str, ...] | None], ...] = tuple(
    (pattern, _star_pieces(pattern)) for pattern in SECRET_NAME_PATTERNS
)


def secret_reason(name: str) -> str | None:
    """Why a path component names a secret file or directory, or None."""
    lowered = name.lower()
    if lowered in SECRET_DIR_NAMES:
        return f"{name}/ holds credentials or repository internals"
    for pattern, pieces in _SECRET_GLOBS:
        if (_star_match(lowered, pieces) if pieces is not None
                else fnmatch.fnmatchcase(lowered, pattern)):
            return f"{name} matches the secret-file pattern {pattern!r}"
    return None


def _refuse(message: str) -> SandboxError:
    return SandboxError(message)


def _show(vpath: str) -> str:
    """A path as quoted in an error: short, printable, one line."""
    text = vpath if len(vpath) <= 120 else vpath[:100] + f"…({len(vpath)} chars)"
    return printable(text)


# Characters that turn text around without being seen: a name holding one would read as another
# in a listing ("a\u202egnp.md" shows as "adm.png")
_DIRECTION_MARKS = frozenset("\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def _control(ch: str) -> bool:
    """True for a control character: C0, DEL and C1 ("\\x85" ends a line for str.splitlines),
    a line or paragraph separator ("\\u2028": a name in two lines of a listing), or a
    direction mark."""
    return unicodedata.category(ch) in ("Cc", "Zl", "Zp") or ch in _DIRECTION_MARKS


def _folded(name: str) -> str:
    """A name as a case-insensitive, normalising file system (macOS's APFS, Windows' NTFS) tells
    names apart, and a reader too: "MEMORY.MD", "\uff2dEMORY.md" read as "MEMORY.md"."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())


# Letters of Cyrillic and Greek drawn as a Latin letter is (after ``_folded``): "tаbs.md" with
# a Cyrillic а reads as "tabs.md". A small table, not Unicode's whole confusables list: these
# are the letters a name in another script can be spelt with to pass for a Latin one.
_LOOK_ALIKES = str.maketrans({
    "а": "a", "в": "b", "е": "e", "ё": "e", "һ": "h", "і": "i", "ї": "i", "ј": "j", "к": "k",
    "ӏ": "l", "м": "m", "н": "h", "о": "o", "р": "p", "с": "c", "ԛ": "q", "ѕ": "s", "т": "t",
    "у": "y", "ԝ": "w", "х": "x", "ԁ": "d", "ɡ": "g",
    "α": "a", "β": "b", "ε": "e", "η": "n", "ι": "i", "κ": "k", "μ": "u", "ν": "v", "ο": "o",
    "ρ": "p", "τ": "t", "υ": "u", "χ": "x", "ϲ": "c", "ϳ": "j",
})
# scripts whose letters one name may mix as a language writes them (Japanese: kanji and kana)
_ONE_SCRIPT = {"HIRAGANA": "CJK", "KATAKANA": "CJK", "HANGUL": "CJK", "KATAKANA-HIRAGANA": "CJK"}


def _skeleton(name: str) -> str:
    """A name as it looks: ``_folded``, then look-alike letters read as the Latin ones."""
    return _folded(name).translate(_LOOK_ALIKES)


def _scripts(name: str) -> dict[str, str]:
    """The scripts of the letters in ``name`` without its extension, each with its first
    letter (Latin for "tabs", Latin and Cyrillic for "tаbs": ".md" is Latin in every name)."""
    stem = name.rsplit(".", 1)[0] if "." in name.lstrip(".") else name
    found: dict[str, str] = {}
    for ch in stem:
        if not unicodedata.category(ch).startswith("L"):
            continue
        word = unicodedata.name(ch, "UNKNOWN").split()[0]
        found.setdefault(_ONE_SCRIPT.get(word, word), ch)
    return found


def _twin(directory: str, name: str, key: Callable[[str], str] = _folded) -> str | None:
    """Another entry of ``directory`` whose name has ``name``'s ``key`` (``_folded``), or None."""
    folded = key(name)
    try:
        with os.scandir(directory) as it:
            for entry in it:
                if entry.name != name and key(entry.name) == folded:
                    return entry.name
    except (FileNotFoundError, NotADirectoryError):
        return None
    return None


def parse_vpath(vpath: object) -> tuple[str, tuple[str, ...]]:
    """Check a virtual path as text; return its root name and components.

    Refuses absolute and home-relative paths, ``..``, NUL and control characters, backslashes,
    percent-encoded traversal, names over 255 bytes and paths over 4,096 bytes.
    """
    if not isinstance(vpath, str):
        raise _refuse(f"a path must be a string, not {type(vpath).__name__}")
    shown = _show(vpath)
    if "\x00" in vpath:
        raise _refuse(f"{shown}: NUL bytes are not allowed in paths")
    try:
        size = len(vpath.encode("utf-8"))
    except UnicodeEncodeError:
        raise _refuse(f"{shown}: the path is not valid UTF-8") from None
    if size > MAX_PATH_BYTES:
        raise _refuse(f"{shown}: the path is {size} bytes; the limit is {MAX_PATH_BYTES}")
    if any(_control(ch) for ch in vpath):
        raise _refuse(f"{shown}: control characters are not allowed in paths")
    if "\\" in vpath:
        raise _refuse(f"{shown}: backslashes are not allowed; separate components with /")
    if vpath.startswith("/"):
        raise _refuse(
            f"{shown}: absolute paths are not allowed; use a virtual path such as memory/MEMORY.md"
        )
    if vpath.startswith("~"):
        raise _refuse(f"{shown}: home-relative paths (~) are not allowed")
    decoded = unquote(vpath)
    if decoded != vpath and (
        ".." in decoded.split("/") or "\x00" in decoded or decoded.startswith("/")
        or "\\" in decoded
    ):
        raise _refuse(f"{shown}: percent-encoded traversal is not allowed")
    parts = [p for p in vpath.split("/") if p not in ("", ".")]
    if ".." in parts:
        raise _refuse(f"{shown}: '..' is not allowed in paths")
    for part in parts:
        if len(part.encode("utf-8")) > MAX_NAME_BYTES:
            raise _refuse(
                f"{shown}: a path component is longer than {MAX_NAME_BYTES} bytes"
            )
    if not parts or parts[0] not in ROOT_NAMES:
        raise _refuse(
            f"{shown}: paths start with memory/, sessions/, project/ or codex/"
        )
    return parts[0], tuple(parts[1:])


class Sandbox:
    """The path policy over three real directories, four with Codex's rollouts dir.

    ``memory`` is the run's staging copy (the only writable root); ``sessions``, ``project`` and
    ``codex`` (``codex_sessions_dir``, every project's Codex rollouts) are read-only and may be
    None (or missing on disk): then they are unavailable. In ``codex`` only rollouts are listed
    or opened, and only this project's (it needs ``rollouts_of``).
    ``excluded`` lists real paths that must not be reachable through the read-only roots (the
    live memory dir lives inside Claude Code's sessions dir); the memory root itself is always
    excluded from them. With ``rollouts_of`` (the project root), a Codex rollout in sessions/
    whose recorded cwd is outside it is another project's: hidden from listings and walks, and
    refused when opened by name, whatever its age (Codex keeps every project's rollouts in one
    dir, and a ``grep`` over sessions/ would otherwise mine them).
    """

    def __init__(
        self,
        memory: Path,
        sessions: Path | None = None,
        project: Path | None = None,
        excluded: Iterable[Path] = (),
        *,
        rollouts_of: Path | None = None,
        codex: Path | None = None,
        strict_sessions: bool = False,
    ) -> None:
        if codex is not None and rollouts_of is None:
            raise ValueError("a codex root needs rollouts_of: it holds every project's rollouts")
        self._real: dict[str, str] = {}
        for name, path in (("memory", memory), ("sessions", sessions), ("project", project),
                           (CODEX_ROOT, codex)):
            if path is None:
                continue
            real = os.path.realpath(path)
            if not os.path.isdir(real):
                if name == WRITABLE_ROOT:
                    raise NotFound(f"{name} root {path} is not a directory")
                continue  # a read-only root that does not exist yet is simply unavailable
            self._real[name] = real
        self._excluded: list[str] = []
        self._excluded_ids: set[tuple[int, int]] = set()
        for path in (memory, *excluded):
            real = os.path.realpath(path)
            self._excluded.append(real)
            try:
                st = os.stat(real)
            except OSError:
                continue
            self._excluded_ids.add((st.st_dev, st.st_ino))
        self._rollouts_of = None if rollouts_of is None else os.path.realpath(rollouts_of)
        # the roots where a rollout must say it is this project's: codex/, and sessions/ when it
        # is codex_sessions_dir too (a rollout that recorded no cwd could be anyone's there)
        self._strict = {CODEX_ROOT, "sessions"} if strict_sessions else {CODEX_ROOT}
        # (device, inode, in codex/) -> whether it is not this project's rollout; its head
        # never changes
        self._foreign: dict[tuple[int, int, bool], bool] = {}

    # --- what exists ---------------------------------------------------------------------

    @property
    def roots(self) -> dict[str, Path]:
        """Available root names and their real directories."""
        return {name: Path(real) for name, real in self._real.items()}

    def has_root(self, name: str) -> bool:
        return name in self._real

    # --- resolution ----------------------------------------------------------------------

    def resolve(self, vpath: object, *, write: bool = False) -> Resolved:
        """Validate ``vpath`` and prove it inside its root (following only inner symlinks)."""
        root, parts = parse_vpath(vpath)
        shown = _show(str(vpath))
        if root not in self._real:
            raise _refuse(f"{shown}: {root}/ is not available in this run")
        if write and root != WRITABLE_ROOT:
            raise _refuse(f"{shown}: {root}/ is read-only; only memory/ is writable")
        self._check_names(root, parts, shown)
        canonical, exists, is_dir = self._canonical(root, parts, shown, follow=not write)
        if canonical != parts:
            self._check_names(root, canonical, shown)
        real = os.path.join(self._real[root], *canonical)
        if root != WRITABLE_ROOT:
            self._check_not_excluded(real, shown)
        return Resolved(root, canonical, Path(real), exists, is_dir)

    def _check_names(self, root: str, parts: Sequence[str], shown: str) -> None:
        if root == WRITABLE_ROOT:
            for part in parts:
                if part == LOCK_FILENAME:
                    raise _refuse(
                        f"{shown}: {LOCK_FILENAME} is the consolidation lock; it is off limits"
                    )
                if part == STATE_DIRNAME:
                    raise _refuse(f"{shown}: {STATE_DIRNAME}/ is autodream's own state; off limits")
                if part.startswith("."):
                    raise _refuse(f"{shown}: hidden names are off limits in memory/")
            return
        for part in parts:
            why = secret_reason(part)
            if why is not None:
                raise _refuse(f"{shown}: secret files are not readable ({why})")

    def _check_not_excluded(self, real: str, shown: str) -> None:
        for ex in self._excluded:
            if real == ex or real.startswith(ex.rstrip("/") + "/"):
                raise _refuse(
                    f"{shown}: excluded from the read-only roots (it is the live memory "
                    "directory or autodream's state; read memory/ instead)"
                )

    def _canonical(
        self, root: str, parts: tuple[str, ...], shown: str, *, follow: bool
    ) -> tuple[tuple[str, ...], bool, bool]:
        """Resolve ``parts`` below the root; return (components, exists, is_dir)."""
        base = self._real[root]
        done: list[str] = []
        todo = list(parts)
        hops = 0
        st: os.stat_result | None = os.lstat(base)
        while todo:
            name = todo.pop(0)
            if name in ("", "."):
                continue
            if name == "..":  # only ever from a symlink's target
                if not done:
                    raise _refuse(f"{shown}: a symlink on this path leads outside {root}/")
                done.pop()
                continue
            here = os.path.join(base, *done, name)
            try:
                st = os.lstat(here)
            except FileNotFoundError:
                if ".." in todo:
                    raise NotFound(f"{shown}: no such file or directory") from None
                done.append(name)
                done.extend(p for p in todo if p not in ("", "."))
                return tuple(done), False, False
            except NotADirectoryError:
                raise NotFound(f"{shown}: a parent of this path is a file") from None
            except OSError as exc:
                raise _refuse(f"{shown}: cannot be resolved ({exc.strerror})") from None
            if stat.S_ISLNK(st.st_mode):
                if not follow:
                    raise _refuse(f"{shown}: symlinks are not followed when writing memory/")
                hops += 1
                if hops > MAX_SYMLINK_HOPS:
                    raise _refuse(f"{shown}: too many levels of symlinks")
                target = os.readlink(here)
                if target.startswith("/"):
                    if target != base and not target.startswith(base.rstrip("/") + "/"):
                        raise _refuse(f"{shown}: a symlink on this path leads outside {root}/")
                    done = []
                    todo = target[len(base) :].split("/") + todo
                else:
                    todo = target.split("/") + todo
                continue
            if todo and not stat.S_ISDIR(st.st_mode):
                raise NotFound(f"{shown}: a parent of this path is not a directory")
            done.append(name)
        assert st is not None
        if not (stat.S_ISREG(st.st_mode) or stat.S_ISDIR(st.st_mode)):
            raise _refuse(f"{shown}: not a regular file or directory (device, FIFO or socket)")
        return tuple(done), True, stat.S_ISDIR(st.st_mode)

    # --- opening -------------------------------------------------------------------------

    def _open_dir(
        self, root: str, parts: Sequence[str], shown: str, *, create: bool = False
    ) -> int:
        """A descriptor for a directory, walked down from the root with ``O_NOFOLLOW``."""
        fd = os.open(self._real[root], os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
        try:
            for name in parts:
                try:
                    child = os.open(name, _DIR_FLAGS, dir_fd=fd)
                except FileNotFoundError:
                    if not create:
                        raise NotFound(f"{shown}: no such file or directory") from None
                    os.mkdir(name, 0o755, dir_fd=fd)
                    child = os.open(name, _DIR_FLAGS, dir_fd=fd)
                except OSError as exc:
                    if exc.errno in (errno.ELOOP, errno.ENOTDIR):
                        raise _refuse(
                            f"{shown}: a component is a symlink or not a directory at open time"
                        ) from None
                    raise
                os.close(fd)
                fd = child
                self._check_fd(root, fd, shown)
            return fd
        except BaseException:
            os.close(fd)
            raise

    def _check_fd(self, root: str, fd: int, shown: str) -> os.stat_result:
        st = os.fstat(fd)
        if root != WRITABLE_ROOT and (st.st_dev, st.st_ino) in self._excluded_ids:
            raise _refuse(f"{shown}: excluded from the read-only roots")
        return st

    def open_fd(self, vpath: object) -> tuple[int, Resolved, os.stat_result]:
        """Open a regular file for reading; the caller closes the descriptor.

        Refuses directories, devices, FIFOs and sockets (checked on the open descriptor), files
        in memory/ with more than one hard link, and any component turned into a symlink after
        the check.
        """
        res = self.resolve(vpath)
        shown = _show(str(vpath))
        if not res.exists:
            raise NotFound(f"{shown}: no such file")
        if res.is_dir:
            raise _refuse(f"{shown}: is a directory; use list_dir")
        dir_fd = self._open_dir(res.root, res.parts[:-1], shown)
        try:
            try:
                fd = os.open(res.parts[-1], _FILE_FLAGS, dir_fd=dir_fd)
            except FileNotFoundError:
                raise NotFound(f"{shown}: no such file") from None
            except OSError as exc:
                if exc.errno == errno.ELOOP:
                    raise _refuse(f"{shown}: became a symlink at open time") from None
                if exc.errno == errno.ENXIO:
                    raise _refuse(f"{shown}: not a regular file (socket)") from None
                raise
        finally:
            os.close(dir_fd)
        try:
            st = self._check_fd(res.root, fd, shown)
            if not stat.S_ISREG(st.st_mode):
                raise _refuse(f"{shown}: not a regular file (device, FIFO, socket or directory)")
            if res.root == CODEX_ROOT and not is_rollout_name(res.parts[-1]):
                raise _refuse(
                    f"{shown}: only Codex rollouts (rollout-*.jsonl) are readable in codex/"
                )
            if res.root == WRITABLE_ROOT and st.st_nlink > 1:
                raise _refuse(
                    f"{shown}: has {st.st_nlink} hard links; a shared file may live outside "
                    "memory/, so it is not read"
                )
            # by the name asked for too: a symlink named rollout-* is read as one by the scan
            names = (res.parts[-1], *parse_vpath(vpath)[1][-1:])
            if self._is_foreign(res.root, names, fd, st):
                # the other project's cwd is not named: the model could write it into memory
                raise _refuse(
                    f"{shown}: a Codex rollout of another project (its cwd is outside "
                    "project/); not read in this project's dream" if res.root != CODEX_ROOT else
                    f"{shown}: a Codex rollout of another project (its cwd is outside "
                    "project/, or it recorded none); not read in this project's dream"
                )
        except BaseException:
            os.close(fd)
            raise
        return fd, res, st

    def read_bytes(self, vpath: object) -> bytes:
        """The whole content of a file (for memory files; tools page larger ones)."""
        fd, _res, _st = self.open_fd(vpath)
        with os.fdopen(fd, "rb") as fh:
            return fh.read()

    def _is_foreign(
        self, root: str, names: Sequence[str], fd: int, st: os.stat_result
    ) -> bool:
        """Whether the regular file open at ``fd`` (found under ``names``) is another
        project's Codex rollout. Leaves the descriptor at offset 0, as it was opened."""
        if (
            self._rollouts_of is None
            or root not in _ROLLOUT_ROOTS
            or not any(is_rollout_name(name) for name in names)
        ):
            return False
        strict = root in self._strict  # there, a rollout must say it is this project's
        key = (st.st_dev, st.st_ino, strict)
        foreign = self._foreign.get(key)
        if foreign is None:
            # a dup shares the offset, hence the seek back
            with os.fdopen(os.dup(fd), "rb") as head:
                foreign = other_project_reason(
                    head, self._rollouts_of, need_cwd=strict) is not None
            os.lseek(fd, 0, os.SEEK_SET)
            self._foreign[key] = foreign
        return foreign

    def _hidden_rollout(self, root: str, dir_fd: int, name: str) -> bool:
        if self._rollouts_of is None or root not in _ROLLOUT_ROOTS or not is_rollout_name(name):
            return False
        try:
            fd = os.open(name, _FILE_FLAGS, dir_fd=dir_fd)
        except OSError:
            return False  # gone, or swapped: open_fd checks again before any read
        try:
            return self._is_foreign(root, (name,), fd, os.fstat(fd))
        finally:
            os.close(fd)

    # --- listing and walking -------------------------------------------------------------

    def _visible(self, root: str, name: str) -> bool:
        if root == WRITABLE_ROOT:
            return not name.startswith(".")
        return secret_reason(name) is None

    def list_dir(self, vpath: object) -> tuple[Resolved, list[Entry]]:
        """Visible entries of a directory, sorted by name."""
        res = self.resolve(vpath)
        shown = _show(str(vpath))
        if not res.exists:
            raise NotFound(f"{shown}: no such directory")
        if not res.is_dir:
            raise _refuse(f"{shown}: not a directory; use read_file")
        fd = self._open_dir(res.root, res.parts, shown)
        try:
            entries = self._entries(res.root, fd, res.real)
        finally:
            os.close(fd)
        return res, entries

    def _entries(self, root: str, fd: int, real: Path) -> list[Entry]:
        out: list[Entry] = []
        with os.scandir(fd) as it:
            for item in it:
                if not self._visible(root, item.name):
                    continue
                try:
                    st = item.stat(follow_symlinks=False)
                except OSError:
                    continue
                if root != WRITABLE_ROOT:
                    child = os.path.join(str(real), item.name)
                    if (st.st_dev, st.st_ino) in self._excluded_ids or any(
                        child == ex for ex in self._excluded
                    ):
                        continue
                if stat.S_ISDIR(st.st_mode):
                    out.append(Entry(item.name, "dir", 0))
                elif root == CODEX_ROOT and not is_rollout_name(item.name):
                    continue  # another tool's file: nothing but rollouts is readable there
                elif stat.S_ISREG(st.st_mode):
                    if self._hidden_rollout(root, fd, item.name):
                        continue
                    out.append(Entry(item.name, "file", st.st_size))
                elif stat.S_ISLNK(st.st_mode):
                    out.append(Entry(item.name, "symlink", 0))
        out.sort(key=lambda e: e.name)
        return out

    def walk_files(self, vpath: object) -> Iterator[tuple[str, int]]:
        """Every visible regular file at or below ``vpath`` as (virtual path, size).

        Symlinks are not followed; noise directories (``node_modules``, ``.venv``, …) are
        skipped unless the walk starts inside one.
        """
        res = self.resolve(vpath)
        shown = _show(str(vpath))
        if not res.exists:
            raise NotFound(f"{shown}: no such file or directory")
        if not res.is_dir:
            yield res.vpath, res.real.stat().st_size
            return
        fd = self._open_dir(res.root, res.parts, shown)
        try:
            yield from self._walk(res.root, fd, res.parts, res.real, 0)
        finally:
            os.close(fd)

    def _walk(
        self, root: str, fd: int, parts: tuple[str, ...], real: Path, depth: int
    ) -> Iterator[tuple[str, int]]:
        entries = self._entries(root, fd, real)
        for entry in entries:
            if entry.kind == "file":
                yield "/".join((root, *parts, entry.name)), entry.size
        if depth >= MAX_WALK_DEPTH:
            return
        for entry in entries:
            if entry.kind != "dir" or entry.name in SKIPPED_DIR_NAMES:
                continue
            try:
                child = os.open(entry.name, _DIR_FLAGS, dir_fd=fd)
            except OSError:
                continue  # vanished or swapped for a symlink: skip it
            try:
                yield from self._walk(
                    root, child, (*parts, entry.name), real / entry.name, depth + 1
                )
            finally:
                os.close(child)

    # --- writing (memory/ only) ----------------------------------------------------------

    def write_bytes(self, vpath: object, data: bytes) -> bool:
        """Atomically replace (or create) a file in memory/; True when it was created.

        Temp file in the same directory, then ``os.replace``: the old inode is never written,
        so a hard-linked file is unlinked from its twin rather than modified through it. No
        fsync: this root is the run's staging copy, thrown away after a crash (recovery rolls
        back, never forward from staging), and the commit fsyncs what it writes to memory.
        """
        res = self.resolve(vpath, write=True)
        shown = _show(str(vpath))
        if not res.parts:
            raise _refuse(f"{shown}: is a directory")
        if res.exists and res.is_dir:
            raise _refuse(f"{shown}: is a directory")
        self._check_new_names(res, shown)
        dir_fd = self._open_dir(res.root, res.parts[:-1], shown, create=True)
        name = res.parts[-1]
        tmp = f".autodream-tmp-{os.urandom(8).hex()}"
        try:
            mode = 0o644
            try:
                st = os.stat(name, dir_fd=dir_fd, follow_symlinks=False)
            except FileNotFoundError:
                created = True
            else:
                if not stat.S_ISREG(st.st_mode):
                    raise _refuse(f"{shown}: exists and is not a regular file")
                created = False
                mode = stat.S_IMODE(st.st_mode)
            fd = os.open(
                tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, mode,
                dir_fd=dir_fd,
            )
            try:
                view = memoryview(data)
                while view:
                    view = view[os.write(fd, view) :]
            finally:
                os.close(fd)
            os.replace(tmp, name, src_dir_fd=dir_fd, dst_dir_fd=dir_fd)
            return created
        except BaseException:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(tmp, dir_fd=dir_fd)
            raise
        finally:
            os.close(dir_fd)

    def _check_new_names(self, res: Resolved, shown: str) -> None:
        """Refuse a name a write would create (the file, or a directory on its way) that prints
        as another: one holding a character that shows as nothing or as a plain space (a
        zero-width space, a soft hyphen, a no-break space: "\u200bbuild.md" is listed, indexed
        and loaded as "build.md"). Names already there are the person's, and written as they are.
        """
        base = self._real[res.root]
        for depth, part in enumerate(res.parts, 1):
            parent = os.path.join(base, *res.parts[: depth - 1])
            if os.path.lexists(os.path.join(parent, part)):
                continue
            unseen = sorted({ch for ch in part if not ch.isprintable() and ch != " "})
            if unseen:
                codes = ", ".join(f"U+{ord(ch):04X}" for ch in unseen)
                raise _refuse(
                    f"{shown}: a new name may not hold characters that print as nothing or as a "
                    f"space ({codes}); name the file with visible characters"
                )
            twin = _twin(parent, part)
            if twin is not None:
                there = "/".join((res.root, *res.parts[: depth - 1], twin))
                raise _refuse(
                    f"{shown}: {printable(there)} is there already, the same name but for case "
                    "or Unicode form (one file on macOS and Windows); "
                    f"write {printable(there)}, or delete it first"
                )
            scripts = _scripts(part)
            if len(scripts) > 1:
                letters = "; ".join(
                    f"{ch!r} is {unicodedata.name(ch, f'U+{ord(ch):04X}')}"
                    for ch in scripts.values())
                raise _refuse(
                    f"{shown}: a new name may not mix letters of two scripts ({letters}): such a "
                    "name reads as another; write it in one script"
                )
            twin = _twin(parent, part, _skeleton)
            if twin is not None:
                there = "/".join((res.root, *res.parts[: depth - 1], twin))
                raise _refuse(
                    f"{shown}: reads as {printable(there)}, which is there already (letters of "
                    f"another script drawn alike); write {printable(there)}, or choose a name "
                    "that reads as no other"
                )
            return  # what lies below a new directory is new too, with no other name beside it

    def move_out(self, vpath: object, dest: Path) -> None:
        """Move a regular file out of memory/ to ``dest`` (a harness path, e.g. the trash)."""
        res = self.resolve(vpath, write=True)
        shown = _show(str(vpath))
        if not res.parts or (res.exists and res.is_dir):
            raise _refuse(f"{shown}: is a directory; delete_file removes files only")
        if not res.exists:
            raise NotFound(f"{shown}: no such file")
        dir_fd = self._open_dir(res.root, res.parts[:-1], shown)
        try:
            name = res.parts[-1]
            st = os.stat(name, dir_fd=dir_fd, follow_symlinks=False)
            if not stat.S_ISREG(st.st_mode):
                raise _refuse(f"{shown}: not a regular file")
            dest.parent.mkdir(parents=True, exist_ok=True)
            try:
                os.rename(name, dest, src_dir_fd=dir_fd)
            except OSError as exc:
                if exc.errno != errno.EXDEV:
                    raise
                src_fd = os.open(name, _FILE_FLAGS, dir_fd=dir_fd)
                with os.fdopen(src_fd, "rb") as src, open(dest, "xb") as out:
                    shutil.copyfileobj(src, out)
                    out.flush()
                    os.fsync(out.fileno())
                os.unlink(name, dir_fd=dir_fd)
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)
