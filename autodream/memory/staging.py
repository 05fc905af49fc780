"""The staging copy of a memory dir: the only place a dream writes, compared file by file.

``Staging.create`` copies the memory dir's active files (regular files; never hidden entries such
as ``.autodream/`` or ``.consolidate-lock``) and remembers what it copied. ``changes()`` compares
the staging dir with that snapshot, so an edit the user's agent makes to the real memory dir while
a dream runs is never mistaken for the dream's own work; ``commit`` then refuses to overwrite it.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from collections.abc import Mapping
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from autodream import rx
from autodream.errors import UnsafeRecord

ChangeKind = Literal["added", "changed", "deleted"]
CHANGE_KINDS: tuple[ChangeKind, ...] = ("added", "changed", "deleted")


@dataclass(frozen=True)
class FileInfo:
    """A file's content hash and size, to tell whether it changed."""

    sha256: str
    size: int


@dataclass(frozen=True)
class FileChange:
    """One file the run adds, changes or deletes; ``path`` is POSIX, relative to the memory dir."""

    path: str
    kind: ChangeKind
    before_sha256: str | None = None  # None when added
    after_sha256: str | None = None  # None when deleted
    before_size: int | None = None
    after_size: int | None = None

    def as_dict(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "kind": self.kind,
            "before_sha256": self.before_sha256,
            "after_sha256": self.after_sha256,
            "before_size": self.before_size,
            "after_size": self.after_size,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> FileChange:
        """A change read back from a record or intent on disk; ``UnsafeRecord`` (a ``ValueError``)
        when its path is not a plain relative memory path or a field has the wrong type."""
        if not isinstance(data, dict):
            raise UnsafeRecord("a recorded change is not a JSON object")
        kind = data.get("kind")
        if kind not in CHANGE_KINDS:
            raise UnsafeRecord(f"unknown change kind {kind!r}")
        for key in ("before_sha256", "after_sha256"):
            value = data.get(key)
            if value is not None and not (isinstance(value, str) and _SHA256.fullmatch(value)):
                raise UnsafeRecord(f"recorded change has a malformed {key}")
        for key in ("before_size", "after_size"):
            value = data.get(key)
            if value is not None and (type(value) is not int or value < 0):
                raise UnsafeRecord(f"recorded change has a malformed {key}")
        return cls(
            path=check_rel_path(data.get("path")),
            kind=kind,
            before_sha256=data.get("before_sha256"),
            after_sha256=data.get("after_sha256"),
            before_size=data.get("before_size"),
            after_size=data.get("after_size"),
        )


_SHA256 = rx.compile(r"[0-9a-f]{64}")


def check_rel_path(path: object) -> str:
    """``path`` if it is a plain memory path: relative POSIX, no empty, ``.``/``..`` or hidden
    component, no NUL; ``UnsafeRecord`` otherwise.

    Every path a record or intent on disk names passes here before anything acts on it: those
    files can be forged by anyone who can write the state dir, and a path such as ``../x`` or
    ``/etc/x`` would otherwise make recovery or undo write outside the memory dir. The memory
    files autodream itself records are never hidden (``active_files`` skips dot names).
    """
    if not isinstance(path, str) or not path:
        raise UnsafeRecord(f"recorded path {path!r} is not a non-empty string")
    if "\x00" in path:
        raise UnsafeRecord(f"recorded path {_shown(path)!r} contains a NUL")
    if path.startswith("/"):
        raise UnsafeRecord(f"recorded path {_shown(path)!r} is absolute")
    for part in path.split("/"):
        if not part:
            raise UnsafeRecord(f"recorded path {_shown(path)!r} has an empty component")
        if part.startswith("."):
            raise UnsafeRecord(
                f"recorded path {_shown(path)!r} has a hidden, '.' or '..' component")
    return path


def _shown(path: str) -> str:
    # (only for a refusal: the codec is imported on its first use, ~0.2 ms of every dream and
    # `status` that read a run record, and each recorded path escaped for nothing)
    return path.encode("unicode_escape").decode("ascii")[:200]


# A memory file is opened never through a link, and without waiting: a name swapped for a named
# pipe after the check that found a file would otherwise block the dream until a writer came.
_READ_FLAGS = (os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
               | getattr(os, "O_CLOEXEC", 0))


def _open_regular(path: str | Path, dir_fd: int | None = None) -> int | None:
    """``path`` (relative to ``dir_fd`` when given) opened to read if it is a regular file, by
    name before the open (a pipe or a device is never opened: a device's open can act) and on
    the descriptor after it; None when it is absent or anything else (a link, a pipe, a device,
    a folder)."""
    try:
        if not stat.S_ISREG(os.stat(path, dir_fd=dir_fd, follow_symlinks=False).st_mode):
            return None
        fd = os.open(path, _READ_FLAGS, dir_fd=dir_fd)
    except (FileNotFoundError, NotADirectoryError):
        return None
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            return None  # (swapped for a link since the check by name: no memory file)
        raise
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)  # swapped for a pipe or a device since the check by name: never read
        return None
    return fd


def read_regular(path: Path) -> bytes | None:
    """The bytes of ``path`` if it is a regular file; None when it is absent or anything else
    (``_open_regular``)."""
    return _read_all(_open_regular(path))


def _read_all(fd: int | None) -> bytes | None:
    if fd is None:
        return None
    with open(fd, "rb") as fh:
        return fh.read()


def sha256_of(data: bytes) -> str:
    """The sha256 of ``data``, in hex."""
    # hashlib loads OpenSSL (~2 ms): imported where something is hashed, not with the modules
    # `status` and `log` import, which hash nothing
    import hashlib

    return hashlib.sha256(data).hexdigest()


def file_info(path: Path) -> FileInfo | None:
    """Hash and size of a regular file; None when it is absent or not a regular file."""
    fd = _open_regular(path)
    if fd is None:
        return None
    import hashlib  # (see sha256_of)

    digest = hashlib.sha256()
    size = 0
    with open(fd, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 16), b""):
            digest.update(block)
            size += len(block)
    return FileInfo(digest.hexdigest(), size)


def active_files(root: Path) -> dict[str, Path]:
    """The memory files under ``root``: regular files, hidden names and symlinks left out.

    Keys are POSIX paths relative to ``root``, sorted; a missing root has no files.
    """
    return _memory_entries(root, links=False)


def symlinks(root: Path) -> dict[str, Path]:
    """The symlinks among the memory files under ``root`` (hidden names left out), which
    ``active_files`` passes over: kept by a dream as they are, never followed or rewritten."""
    return _memory_entries(root, links=True)


def special_files(root: Path) -> list[str]:
    """The memory names under ``root`` that are neither regular files, directories nor symlinks
    (a named pipe, a socket, a device), hidden names left out: never opened (reading a pipe
    blocks) nor staged, so a dream must keep them, and their index lines, as they are."""
    return list(_memory_entries(root, links=False, special=True))


def link_target(rel: str, link: Path, memory_dir: Path | None = None) -> str | None:
    """The memory file (relative to the memory root) the symlink at ``rel`` points at, written
    relative or absolute into ``memory_dir``; None when it points outside memory."""
    target = os.readlink(link)
    if os.path.isabs(target):
        if memory_dir is None:
            return None
        inside = os.path.relpath(target, memory_dir)
    else:
        inside = os.path.normpath(os.path.join(os.path.dirname(rel), target))
    if inside.startswith(("..", "/")) or inside == ".":
        return None
    return inside.replace(os.sep, "/")


def _memory_entries(root: Path, *, links: bool, special: bool = False) -> dict[str, Path]:
    """Regular files (or, with ``links``, symlinks; with ``special``, the other kinds) below
    ``root`` by relative POSIX path, sorted; directories are walked without following a link."""
    found: dict[str, Path] = {}
    if not root.is_dir():
        return found
    stack = [root]
    while stack:
        current = stack.pop()
        try:
            listing = os.scandir(current)
        except OSError:
            if current == root:
                raise
            # a subdir the person locked (a dated logs/2026/ of mode 000): its files are
            # neither staged nor committed, so left as found; status names it
            continue
        with listing as it:
            for entry in it:
                if entry.name.startswith("."):
                    continue  # .autodream/, .consolidate-lock, editor droppings, temp files
                if entry.is_symlink():
                    wanted = links
                elif entry.is_dir(follow_symlinks=False):
                    stack.append(Path(entry.path))
                    continue
                else:
                    wanted = not links and entry.is_file(follow_symlinks=False) != special
                if wanted:
                    path = Path(entry.path)
                    found[path.relative_to(root).as_posix()] = path
    return dict(sorted(found.items()))


def hard_link_reason(links: int) -> str:
    """Why a memory file with ``links`` names is left out of a dream, for its record and notes."""
    return (f"it has {links} hard links, so its other name may be a file outside the memory dir; "
            "a dream neither reads nor changes it (if it is yours alone, make it a file of its "
            "own: cp NAME x && mv x NAME)")


# What a memory name that is no regular file is, for the reason it is left out.
_KINDS = ((stat.S_ISFIFO, "a named pipe"), (stat.S_ISSOCK, "a socket"),
          (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
          (stat.S_ISDIR, "a folder"))


def not_a_file_reason(mode: int) -> str:
    """Why a memory name that became something other than a regular file after the dream
    listed memory is left out of it: copied, a pipe or a device would be staged as an empty
    (or endless) file, and that file committed in its place."""
    return (f"it is {kind_of(mode)}, not a regular file; a dream neither opens nor changes it "
            "(remove it, or put a file in its place)")


def kind_of(mode: int) -> str:
    """What a name that is no regular file is, as a reason says it ("a named pipe")."""
    if stat.S_ISLNK(mode):
        return "a symlink"
    return next((name for test, name in _KINDS if test(mode)), "a file of an unknown kind")


def is_special(mode: int) -> bool:
    """A pipe, a socket or a device: never opened (a device's open can act, a pipe's wait)."""
    return stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode) or stat.S_ISCHR(mode) or stat.S_ISBLK(mode)


# Directories opened by descriptor, one component at a time and never through a link, where
# the system can (not Windows): see open_dir.
BY_DIR_FD = {os.open, os.mkdir, os.rename, os.unlink, os.rmdir, os.stat} <= os.supports_dir_fd
_DIR_FLAGS = (os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_NOFOLLOW", 0)
              | getattr(os, "O_CLOEXEC", 0))


def open_dir(
    root: Path | int, rel_dir: str, *, make: bool = False, durable: bool = True
) -> int:
    """A descriptor for the directory ``root/rel_dir`` (``rel_dir`` checked by ``safe_path``;
    "" for ``root``), each component below ``root`` opened from its parent's descriptor with
    ``O_NOFOLLOW`` and, with ``make``, made where missing (durably: each parent is fsynced;
    ``durable=False`` where nothing needs that, or the caller fsyncs them itself once they
    hold what they are made for). The caller closes it.

    ``safe_path`` proved no component a link, by name; a directory swapped for a link after
    that (a sync tool, a checkout running beside the dream) makes this raise ``OSError``
    (ELOOP, ENOTDIR) instead of taking the write, rename or delete wherever the link points.
    ``root`` itself is opened as named: it may be a link (a memory dir kept elsewhere); a
    descriptor as ``root`` is a folder opened before (a commit's run dir), walked from as it is
    whatever its name now leads to."""
    fd = (os.dup(root) if isinstance(root, int)
          else os.open(root, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0)
                       | getattr(os, "O_CLOEXEC", 0)))
    try:
        for part in rel_dir.split("/") if rel_dir else ():
            if make:
                try:
                    os.mkdir(part, dir_fd=fd)
                except FileExistsError:
                    pass
                else:
                    if durable:
                        with contextlib.suppress(OSError):
                            os.fsync(fd)
            child = os.open(part, _DIR_FLAGS, dir_fd=fd)
            os.close(fd)
            fd = child
    except BaseException:
        os.close(fd)
        raise
    return fd


def remove_tree(path: Path, root: Path | None = None) -> None:
    """``path`` removed with all below it, errors passed over (as ``shutil.rmtree`` with
    ``ignore_errors``). With ``root`` (``path`` lies below it: the memory dir of a staging copy
    or run dir in ``memory/.autodream``) its folders are walked from ``root`` by descriptor and
    no link is followed on the way or below (a link is removed itself): by path, the state dir
    swapped for a link mid-dream (a sync tool, a teammate's checkout) had the files where it
    points removed in its stead."""
    rel = rel_below(root, path) if root is not None and BY_DIR_FD else None
    if rel is None:
        import shutil

        shutil.rmtree(path, ignore_errors=True)
        return
    parent, _, name = rel.rpartition("/")
    try:
        folder = open_dir(root if root is not None else path, parent)
    except OSError:
        return  # (a folder on the way swapped for a link: nothing of ours to remove there)
    try:
        _remove_at(folder, name)
    finally:
        os.close(folder)


def rel_below(root: Path, path: Path) -> str | None:
    """``path`` relative to ``root`` (posix), None when it is ``root`` itself or not below it."""
    try:
        rel = path.relative_to(root).as_posix()
    except ValueError:
        return None
    return None if rel == "." else rel


def _remove_at(folder: int, name: str) -> None:
    """``name`` in ``folder`` (a descriptor) removed with all below it, no link followed."""
    try:
        fd = os.open(name, _DIR_FLAGS, dir_fd=folder)
    except FileNotFoundError:
        return
    except OSError:  # a file, or a link (ELOOP): removed itself, never what it points at
        with contextlib.suppress(OSError):
            os.unlink(name, dir_fd=folder)
        return
    try:
        with os.scandir(fd) as it:
            entries = [(entry.name, entry.is_dir(follow_symlinks=False)) for entry in it]
        for child, is_dir in entries:
            if is_dir:
                _remove_at(fd, child)
            else:
                with contextlib.suppress(OSError):
                    os.unlink(child, dir_fd=fd)
    except OSError:
        pass
    finally:
        os.close(fd)
    with contextlib.suppress(OSError):
        os.rmdir(name, dir_fd=folder)


def read_regular_below(root: Path | int, rel: str) -> bytes | None:
    """``read_regular(root / rel)`` with the folders below ``root`` walked by descriptor
    (``open_dir``): ``read_regular`` refuses a link at the file's name only, and a folder above
    it swapped for a link would have a file elsewhere read as the memory's own. Such a swap
    raises ``OSError`` (ELOOP, ENOTDIR); ``root`` itself is opened as named (or is a folder's
    descriptor, as ``open_dir`` takes one)."""
    if not BY_DIR_FD and isinstance(root, Path):
        return read_regular(root / rel)
    parent, _, name = rel.rpartition("/")
    try:
        folder = open_dir(root, parent)
    except FileNotFoundError:
        return None
    try:
        return _read_all(_open_regular(name, dir_fd=folder))
    finally:
        os.close(folder)


def _left_out(opened: os.stat_result) -> str | None:
    """Why a memory file, as opened, is not copied to staging: no regular file, or one with
    another hard link; None when it is copied."""
    if not stat.S_ISREG(opened.st_mode):
        return not_a_file_reason(opened.st_mode)
    if opened.st_nlink > 1:
        return hard_link_reason(opened.st_nlink)
    return None


def _copy_by_dir_fd(memory_dir: Path, staging_dir: Path, rel: str) -> str | None:
    """``_copy_unlinked`` with every folder on both sides walked by descriptor (``open_dir``):
    a memory folder swapped for a link after the listing would show an outside file to the
    model under a memory name, and a staging folder swapped for one would have the copy
    written where it points. Bytes, mode and times are read from and set on the descriptors."""
    parent, _, name = rel.rpartition("/")
    src = memory_dir / rel
    try:
        src_dir = open_dir(memory_dir, parent)
        try:
            mode = os.stat(name, dir_fd=src_dir, follow_symlinks=False).st_mode
            if is_special(mode):
                return not_a_file_reason(mode)
            fd = os.open(name, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC,
                         dir_fd=src_dir)
        finally:
            os.close(src_dir)
    except OSError as exc:  # said of the memory file, as the caller tells its errors apart
        raise OSError(exc.errno, exc.strerror, str(src)) from None
    try:
        st = os.fstat(fd)
        if (why := _left_out(st)) is not None:
            return why  # (not a regular file: swapped after the stat above)
        # (a staging copy is never synced, nor read after a crash: recovery removes it)
        dest_dir = open_dir(staging_dir, parent, make=True, durable=False)
        try:
            out = os.open(name, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW
                          | os.O_CLOEXEC, 0o600, dir_fd=dest_dir)
        finally:
            os.close(dest_dir)
        with open(out, "wb") as writer, open(os.dup(fd), "rb") as reader:
            import shutil

            shutil.copyfileobj(reader, writer)
            writer.flush()
            os.fchmod(writer.fileno(), stat.S_IMODE(st.st_mode))
            os.utime(writer.fileno(), ns=(st.st_atime_ns, st.st_mtime_ns))
    finally:
        os.close(fd)
    return None


def _copy_unlinked(src: Path, dest: Path) -> str | None:
    """Copy ``src`` to ``dest`` unless it has more than one hard link or is no regular file;
    then why it is left out.

    Checked on the open descriptor (``O_NOFOLLOW``), so a link made after the listing is seen:
    ``ln ~/.ssh/config memory/notes.md`` would otherwise show the outside file to the model
    under a memory name, and the staging copy, having one link, would hide that it is shared.
    """
    mode = os.lstat(src).st_mode
    if is_special(mode):
        return not_a_file_reason(mode)
    fd = os.open(src, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    try:
        st = os.fstat(fd)
        if (why := _left_out(st)) is not None:
            return why
        # from the descriptor checked above, not the name again: swapped for a pipe since, the
        # name would block the copy
        with open(dest, "xb") as writer, open(os.dup(fd), "rb") as reader:
            import shutil

            shutil.copyfileobj(reader, writer)
        # the name may have been swapped for a link to another file between the two opens
        now = os.lstat(src)
        if (now.st_dev, now.st_ino) != (st.st_dev, st.st_ino) or now.st_nlink > 1:
            os.unlink(dest)
            return hard_link_reason(max(now.st_nlink, 2))
    finally:
        os.close(fd)
    return None


def manifest(root: Path) -> dict[str, FileInfo]:
    """Hash and size of every active file under ``root``."""
    out: dict[str, FileInfo] = {}
    for rel, path in active_files(root).items():
        info = file_info(path)
        if info is not None:
            out[rel] = info
    return out


def diff_manifests(before: dict[str, FileInfo], after: dict[str, FileInfo]) -> list[FileChange]:
    """The changes that turn ``before`` into ``after``, sorted by path."""
    changes: list[FileChange] = []
    for rel in sorted(set(before) | set(after)):
        old, new = before.get(rel), after.get(rel)
        if old is None and new is not None:
            changes.append(FileChange(rel, "added", None, new.sha256, None, new.size))
        elif old is not None and new is None:
            changes.append(FileChange(rel, "deleted", old.sha256, None, old.size, None))
        elif old is not None and new is not None and old.sha256 != new.sha256:
            changes.append(FileChange(rel, "changed", old.sha256, new.sha256, old.size, new.size))
    return changes


# The memory files a dry run's throwaway copy holds only a stand-in of (``run._copy_as_found``:
# the original could not be opened), by their path in the copy, each with the error the original
# gave: staged as that error, as a dream in place says it, not as the stand-in reads (an empty
# file of mode 000: 'Permission denied' whatever the error was, and read as empty by root).
UNOPENED: ContextVar[Mapping[Path, str] | None] = ContextVar("unopened", default=None)


@dataclass(eq=False, repr=False)
class Staging:
    """A staging copy of ``memory_dir`` at ``path``, and the snapshot it was copied from."""

    memory_dir: Path
    path: Path
    baseline: dict[str, FileInfo]
    # memory files that could not be read (no permission, an I/O error) or are not read (more
    # than one hard link), by why: not staged, so the dream leaves them as they are, with their
    # index lines, and says so
    unreadable: dict[str, str] = field(default_factory=dict)

    @classmethod
    def create(cls, memory_dir: Path, staging_dir: Path, *, parents: bool = True) -> Staging:
        """Copy the memory dir's active files, bytes preserved, into a new ``staging_dir``.

        ``staging_dir`` lives under the state dir (``<state>/staging/<run_id>``), so it is on the
        memory dir's filesystem. It must not exist yet. ``parents=False``: of the folders above
        it only its own (``staging``) is made where missing (``FileNotFoundError`` without the
        state dir).
        """
        # (shutil, and the bz2 and lzma it imports, ~2 ms: here and in the copies, not at
        # import, which `status` and `log` make too)
        import shutil

        if parents:
            staging_dir.mkdir(parents=True, exist_ok=False)
        else:
            staging_dir.parent.mkdir(exist_ok=True)
            staging_dir.mkdir()
        baseline: dict[str, FileInfo] = {}
        unreadable: dict[str, str] = {}
        unopened = UNOPENED.get() or {}
        try:
            for rel, src in active_files(memory_dir).items():
                dest = staging_dir / rel
                if (why := unopened.get(src)) is not None:
                    unreadable[rel] = why
                    continue
                try:
                    if BY_DIR_FD:
                        left_out = _copy_by_dir_fd(memory_dir, staging_dir, rel)
                    else:
                        dest.parent.mkdir(parents=True, exist_ok=True)
                        left_out = _copy_unlinked(src, dest)
                except OSError as exc:
                    if exc.filename is None or Path(exc.filename) != src:
                        raise  # the staging side (a full disk): the dream cannot go on
                    # one file the person cannot let us read must not stop every dream
                    unreadable[rel] = exc.strerror or type(exc).__name__
                    dest.unlink(missing_ok=True)
                    continue
                if left_out is not None:
                    unreadable[rel] = left_out
                    continue
                if not BY_DIR_FD:
                    shutil.copystat(src, dest, follow_symlinks=False)
                # hash the copy, not the source: the source may change under us
                info = file_info(dest)
                if info is not None:
                    baseline[rel] = info
            # The same link, not what it points at: the dream sees a file is there and leaves
            # it be (the sandbox never follows a memory symlink out of the staging copy, and a
            # commit only ever touches regular files).
            for rel, src in symlinks(memory_dir).items():
                if not BY_DIR_FD:
                    (staging_dir / rel).parent.mkdir(parents=True, exist_ok=True)
                    os.symlink(os.readlink(src), staging_dir / rel)
                    continue
                parent, _, name = rel.rpartition("/")
                dest_dir = open_dir(staging_dir, parent, make=True, durable=False)
                try:
                    os.symlink(os.readlink(src), name, dir_fd=dest_dir)
                finally:
                    os.close(dest_dir)
        except BaseException:
            shutil.rmtree(staging_dir, ignore_errors=True)
            raise
        return cls(memory_dir, staging_dir, baseline, unreadable)

    def changes(self) -> list[FileChange]:
        """What the dream did: staging now against the snapshot it started from."""
        return diff_manifests(self.baseline, manifest(self.path))

    def discard(self) -> None:
        remove_tree(self.path, self.memory_dir)
