"""Atomic commit of a run's changes into the memory dir, and recovery after a crash.

Each file is replaced through a temp file in its own directory (write, fsync, ``os.replace``,
fsync of the directory); a delete is a rename into the run dir (``removed/``). The set is atomic
through a commit intent: before anything in the memory dir is touched, every before-image and
after-image is stored durably in the run dir and ``commit.json`` (state ``applying``) lists every
change. When all changes are applied the intent is marked ``done``.

``recover()`` rolls an interrupted commit BACK. Both directions are possible (both images are in
the journal); back is chosen because a run whose commit did not complete is a failed run, and a
failed run changes nothing: the lock's mtime is rolled back with it, the run record says
``failed``, and the user never sees a memory set that no record calls committed. Recovery is
idempotent: each step looks at the file's current hash before acting, so a crash during recovery
is repaired by the next recovery.

Layout of a run dir: ``before/<path>`` (images of changed and deleted files), ``after/<path>``
(images of added and changed files), ``removed/<path>`` (deleted files), ``commit.json``.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import stat
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO, Literal

from autodream.errors import DreamFailed, LinkedState, MemoryChanged, UnsafeRecord, printable
from autodream.memory.staging import (
    BY_DIR_FD,
    FileChange,
    check_rel_path,
    file_info,
    is_special,
    open_dir,
    read_regular,
    read_regular_below,
    rel_below,
    sha256_of,
)
from autodream.procs import (
    LIVE,
    holder_state,
    own_start,
    own_uid,
    recorded_holder,
    start_fields,
)
from autodream.settings import INDEX_FILENAME, STATE_DIRNAME

INTENT_FILENAME = "commit.json"
BEFORE_DIR = "before"
AFTER_DIR = "after"
TRASH_DIR = "removed"  # not "trash": the ToolBox may use <run>/trash for staged deletes
RUNS_DIRNAME = "runs"

# Called after every durable step with its name ("images", "intent", "replace <path>",
# "delete <path>", "done"); tests use it to crash the commit at each instant.
StepHook = Callable[[str], None]


@dataclass(eq=False, repr=False)
class Recovery:
    """What ``recover`` did about one interrupted commit."""

    run_id: str
    # "rolled-back"; "incomplete" (a file it could not put back, in ``left``: the intent stays
    # ``applying``); or "quarantined" (a forged or corrupt intent, left untouched)
    action: str
    restored: list[str] = field(default_factory=list)
    # files whose current content is neither the run's before nor after image (someone wrote
    # after the crash); recovery leaves them as they are
    conflicts: list[str] = field(default_factory=list)
    # files it could not put back (an image unreadable, a folder swapped for a link), each with
    # why: the roll-back goes on past them, and the intent stays ``applying`` for the next try
    left: list[str] = field(default_factory=list)
    reason: str = ""  # why an intent was quarantined


def safe_path(root: Path, rel: str) -> Path:
    """``root / rel`` once proven to stay inside ``root``: ``rel`` is a plain relative path
    (``check_rel_path``) and no existing component below ``root`` is a symlink.
    Raises ``UnsafeRecord`` otherwise.

    Every file commit, rollback and undo touch, and every image they read from a run dir, passes
    here first, so a symlink planted in the memory dir (``lnk -> /elsewhere``) cannot carry a
    write, delete or read outside it. ``root`` itself may be a symlink (a memory dir kept
    elsewhere); only what lies below it is checked. Missing components are fine: they are created
    as plain directories.
    """
    check_rel_path(rel)
    current = root
    parts = rel.split("/")
    for index, part in enumerate(parts):
        current = current / part
        try:
            st = os.lstat(current)
        except (FileNotFoundError, NotADirectoryError):
            # the rest is missing (or below a file a commit turns into a directory): nothing
            # below can be a symlink yet
            return root / rel
        if stat.S_ISLNK(st.st_mode):
            raise UnsafeRecord(f"{rel}: {'/'.join(parts[: index + 1])} is a symlink; refused")
    return current


def read_image(path: Path) -> bytes:
    """The bytes of a run-dir image, never through a symlink (``O_NOFOLLOW``)."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    with open(fd, "rb") as fh:
        return fh.read()


def open_new(path: str | os.PathLike[str], *, append: bool = False) -> BinaryIO:
    """``path`` opened to write (truncated, or appended to), never through a symlink
    (``O_NOFOLLOW``): a link put there, in the memory dir or its state dir, between the check
    that found none and this write must not have the bytes written wherever it points."""
    flags = os.O_WRONLY | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    flags |= os.O_APPEND if append else os.O_TRUNC
    return open(os.open(path, flags, 0o644), "ab" if append else "wb")


def open_below(root: Path, rel: str, *, append: bool = False, make: bool = True) -> BinaryIO:
    """``root/rel`` opened to write as ``open_new`` opens it, its folders below ``root`` made
    where missing (``make=False``: only in folders that are there, else ``OSError``) and walked
    by descriptor (``open_dir``): the state dir swapped for a link after the check that found
    none (a sync tool, a teammate's checkout) makes this raise ``OSError`` instead of having the
    bytes written, or a file made, wherever it points. ``root`` itself is opened as named (a
    memory dir may be a link)."""
    if not BY_DIR_FD:
        if make:
            (root / rel).parent.mkdir(parents=True, exist_ok=True)
        return open_new(root / rel, append=append)
    parent, name = _split(rel)
    fd = open_dir(root, parent, make=make)
    try:
        flags = os.O_WRONLY | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC
        flags |= os.O_APPEND if append else os.O_TRUNC
        out = os.open(name, flags, 0o644, dir_fd=fd)
    finally:
        os.close(fd)
    return open(out, "ab" if append else "wb")


def fsync_dir(path: Path) -> None:
    """Make a directory's entries (creates, renames, unlinks) durable."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # some filesystems refuse fsync on directories; nothing more we can do
    finally:
        os.close(fd)


def _makedirs_durable(path: Path) -> None:
    """Create ``path`` and its missing parents, each made durable in its parent."""
    missing: list[Path] = []
    current = path
    while not current.exists():
        missing.append(current)
        current = current.parent
    for directory in reversed(missing):
        with contextlib.suppress(FileExistsError):
            directory.mkdir()
        fsync_dir(directory.parent)


def _temp_path(dest: Path, tag: str) -> Path:
    # hidden, so a leftover is never taken for a memory file; tagged, so recovery can sweep it
    return dest.parent / f".{dest.name}.{tag}.tmp"


def _split(rel: str) -> tuple[str, str]:
    parent, _, name = rel.rpartition("/")
    return parent, name


def write_atomic(
    dest: Path, data: bytes, *, tag: str = "autodream", sync_dir: bool = True,
    root: Path | None = None, make: bool = True,
) -> None:
    """Replace ``dest`` with ``data``: temp file in the same dir, fsync, ``os.replace``, fsync dir.

    An existing file's permission bits are kept. ``sync_dir=False`` leaves the directory's fsync
    to the caller (a commit syncs each touched directory once, before it marks itself done).
    With ``root`` (``dest`` lies below it) the directories are walked by descriptor
    (``open_dir``): no directory swapped for a link since ``safe_path`` carries the write out.
    ``make=False``: ``dest``'s folder is not made where missing (``FileNotFoundError``).
    """
    if root is not None and BY_DIR_FD:
        _write_atomic_at(root, dest.relative_to(root).as_posix(), data, tag, sync_dir,
                         make=make)
        return
    if make:
        _makedirs_durable(dest.parent)
    tmp = _temp_path(dest, tag)
    try:
        mode = os.stat(dest).st_mode & 0o7777
    except FileNotFoundError:
        mode = None
    try:
        with open_new(tmp) as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        if mode is not None:
            os.chmod(tmp, mode)
        os.replace(tmp, dest)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
    if sync_dir:
        fsync_dir(dest.parent)


def _write_atomic_at(
    root: Path | int, rel: str, data: bytes, tag: str, sync_dir: bool, *, make: bool = True
) -> None:
    parent, name = _split(rel)
    fd = open_dir(root, parent, make=make)
    tmp = f".{name}.{tag}.tmp"  # (as _temp_path names it: rollback sweeps it)
    try:
        try:
            st = os.stat(name, dir_fd=fd, follow_symlinks=False)
            mode = st.st_mode & 0o7777 if stat.S_ISREG(st.st_mode) else None
        except FileNotFoundError:
            mode = None
        try:
            flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW | os.O_CLOEXEC
            with open(os.open(tmp, flags, 0o644, dir_fd=fd), "wb") as fh:
                fh.write(data)
                fh.flush()
                os.fsync(fh.fileno())
                if mode is not None:
                    os.fchmod(fh.fileno(), mode)
            os.replace(tmp, name, src_dir_fd=fd, dst_dir_fd=fd)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp, dir_fd=fd)
            raise
        if sync_dir:
            with contextlib.suppress(OSError):
                os.fsync(fd)
    finally:
        os.close(fd)


def _rename_between(
    src_root: Path | int, src_rel: str, dst_root: Path | int, dst_rel: str
) -> None:
    """``src_root/src_rel`` renamed to ``dst_root/dst_rel`` (its folders made), by directory
    descriptors where the system has them (``open_dir``), by path elsewhere."""
    if not BY_DIR_FD:
        _makedirs_durable((_by_path(dst_root) / dst_rel).parent)
        os.rename(_by_path(src_root) / src_rel, _by_path(dst_root) / dst_rel)
        return
    (src_parent, src_name), (dst_parent, dst_name) = _split(src_rel), _split(dst_rel)
    src_fd = open_dir(src_root, src_parent)
    try:
        dst_fd = open_dir(dst_root, dst_parent, make=True)
        try:
            os.rename(src_name, dst_name, src_dir_fd=src_fd, dst_dir_fd=dst_fd)
        finally:
            os.close(dst_fd)
    finally:
        os.close(src_fd)


def _by_path(root: Path | int) -> Path:
    """``root`` where the system has no directory descriptor calls (a run dir is then never
    opened as one)."""
    if isinstance(root, int):
        raise TypeError("a folder's descriptor where the system has no dir_fd calls")
    return root


def unlink_below(root: Path, rel: str) -> None:
    """``root/rel`` unlinked, by directory descriptor where the system has them."""
    if not BY_DIR_FD:
        (root / rel).unlink()
        return
    parent, name = _split(rel)
    fd = open_dir(root, parent)
    try:
        os.unlink(name, dir_fd=fd)
    finally:
        os.close(fd)


@contextlib.contextmanager
def folder_of(root: Path, path: Path) -> Iterator[tuple[int | None, str]]:
    """The folder of ``path`` (below ``root``) to act in: ``(descriptor, "")``, the folders
    walked by descriptor (``open_dir``), so a name joined to ``""`` is taken relative to it;
    where the system has no such calls, ``(None, the folder's path)``, which the same calls
    given ``dir_fd=None`` take as it is."""
    if not BY_DIR_FD:
        yield None, str(path.parent)
        return
    rel = path.parent.relative_to(root).as_posix()
    fd = open_dir(root, "" if rel == "." else rel)
    try:
        yield fd, ""
    finally:
        os.close(fd)


def state_root(state_dir: Path) -> Path | None:
    """The memory dir a state dir lies in (``memory/.autodream``), for ``write_atomic``'s and
    ``remove_tree``'s ``root``: a file of the state dir (a run's record, DREAMS.md, the read
    positions, a staging copy) is then written or removed by a walk from the memory dir that
    follows no link, not where a state dir swapped for a link after the dream's check points.
    None for a state dir kept elsewhere (tests make such)."""
    return state_dir.parent if state_dir.name == STATE_DIRNAME else None


def _json_bytes(data: Any) -> bytes:
    return (json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n").encode("utf-8")


def write_json_atomic(dest: Path, data: Any) -> None:
    write_atomic(dest, _json_bytes(data))


@contextlib.contextmanager
def open_run_dir(
    memory_dir: Path, run_dir: Path, *, make: bool = True
) -> Iterator[Path | int]:
    """``run_dir`` opened ONCE (with ``make``, made where missing), for a commit, its roll-back
    or a dry run's images: every image, the intent and the trash are then written, read and
    renamed relative to this descriptor, so what its name leads to later changes nothing.

    A run dir in the memory dir (``memory/.autodream/runs/<id>``) is opened from the memory
    dir without following a link (``open_dir``): its state dir swapped for a link before that
    (a sync tool, a teammate's checkout) raises ``LinkedState``, where opened by path the
    images and intent were written, and each deleted memory file moved, where the link points;
    swapped after, ``_check_not_moved`` tells the commit so and it rolls back by the descriptor.
    A run dir kept elsewhere is opened as named; where the system has no ``dir_fd`` calls the
    path is yielded, as it was always used.

    Also for a caller that commits into it (``commit``'s ``opened``) and may have to take that
    commit back after others (``roll_back``): a forced undo's chain keeps the runs folder open
    until the chain ends and reaches each undo's run dir from it (``run_dir_in``), so the
    roll-back reads the images the commit stored and marks its intent there, whatever the state
    dir's name leads to by then (swapped for a link to a copy made before the undo, the copy
    lacks the run dir: memory was left with that undo in it and no record of it)."""
    if not BY_DIR_FD:
        if make:  # (not durable here, as below)
            run_dir.mkdir(parents=True, exist_ok=True)
        yield run_dir
        return
    rel = rel_below(memory_dir, run_dir)
    if rel is None:
        if make:
            run_dir.mkdir(parents=True, exist_ok=True)
        fd = open_dir(run_dir, "")
    else:
        try:
            # (not durable here: _fsync_dirs syncs its parent with the images' folders)
            fd = open_dir(memory_dir, rel, make=make, durable=False)
        except OSError as exc:
            if exc.errno not in (errno.ELOOP, errno.ENOTDIR):
                raise
            raise _moved_error(memory_dir, rel) from None
    try:
        yield fd
    finally:
        os.close(fd)


def _moved_error(memory_dir: Path, rel: str) -> LinkedState:
    state = memory_dir / rel.split("/")[0]
    return LinkedState(
        f"{printable(str(state))} {what_became(state)} during the commit; nothing "
        f"was committed: {way_back(state)}")


# What a state dir made again lacks (``way_back``): said wherever a person is offered that.
_FRESH_COST = ("without the records of the runs so far (`autodream log` no longer lists them "
               "and undo cannot take them back) or the read positions (a session that goes on "
               "is read again from its start)")


def _in_its_place(state_dir: Path) -> str:
    """What stands where the state dir was: "nothing", "link", "folder" (not the one a run
    began in), "file", or "" when that cannot be told (lstat failed)."""
    try:
        mode = os.lstat(state_dir).st_mode
    except FileNotFoundError:
        return "nothing"
    except OSError:
        return ""
    if stat.S_ISLNK(mode):
        return "link"
    return "folder" if stat.S_ISDIR(mode) else "file"


def what_became(state_dir: Path) -> str:
    """What happened to a state dir a run no longer finds, by what stands in its place now, as
    the heading of the error says it ("<dir> was moved away during ..."): "swapped for a link,
    or moved" for a plain move named a link no one made."""
    return {"nothing": "was moved away", "link": "was swapped for a link",
            "folder": "was replaced by another folder", "file": "was replaced by a file",
            }.get(_in_its_place(state_dir), "was swapped for a link, or moved,")


def way_back(state_dir: Path, keep: str = "") -> str:
    """The ways out for a state dir swapped for a link or moved away, by what stands in its
    place now: "remove the link" where there is none (a plain move) named nothing to do. The
    folder put back keeps what it holds (``keep``: " to keep ..."); made again, it costs what
    it held."""
    there = _in_its_place(state_dir)
    if there == "nothing":
        return (f"put the folder back{keep}, or start fresh (autodream makes the "
                f"directory again, {_FRESH_COST})")
    if there == "link":
        return (f"put the folder back in place of the link{keep}, or remove the link "
                f"(autodream makes the directory again, {_FRESH_COST})")
    what = "folder" if there == "folder" else "file"
    return (f"put the folder back in place of the {what} there now (not the one the run "
            f"began in){keep}")


def _check_not_moved(memory_dir: Path, run_dir: Path, run: Path | int) -> None:
    """``LinkedState`` when ``run_dir``'s name, walked from the memory dir without following a
    link, no longer leads to the run dir the commit opened as ``run`` (its state dir swapped
    for a link or moved since): finished, the commit's run record and journal would be written
    where the link points, or nowhere, and no undo would find its images."""
    rel = rel_below(memory_dir, run_dir)
    if rel is not None and run_dir_moved(memory_dir, run_dir, run):
        raise _moved_error(memory_dir, rel)


def run_dir_moved(memory_dir: Path, run_dir: Path, run: Path | int) -> bool:
    """Whether ``run_dir``'s name, walked from the memory dir without following a link, no
    longer leads to ``run``, the run dir ``open_run_dir`` opened (its state dir swapped for a
    link, or moved, since). False for a path (no ``dir_fd`` calls) or a run dir kept elsewhere."""
    rel = rel_below(memory_dir, run_dir)
    if isinstance(run, Path) or rel is None:
        return False
    try:
        fd = open_dir(memory_dir, rel)
    except OSError:
        return True
    try:
        now, opened = os.fstat(fd), os.fstat(run)
    finally:
        os.close(fd)
    return (now.st_dev, now.st_ino) != (opened.st_dev, opened.st_ino)


def write_in(run: Path | int, name: str, data: bytes) -> None:
    """``name`` (a file of the run dir itself: the record) replaced atomically and durably in
    ``run``, a run dir ``open_run_dir`` opened (or its path), whatever its name leads to now."""
    _write_in(run, name, data)


def _write_in(run: Path | int, name: str, data: bytes) -> None:
    """``name`` (a file of the run dir itself, the intent) replaced atomically and durably."""
    if isinstance(run, int):
        _write_atomic_at(run, name, data, "autodream", True)
    else:
        write_atomic(run / name, data)


def _read_image_in(run: Path | int, rel: str) -> bytes:
    """An image of the run dir, never through a link; ``FileNotFoundError`` when it is not
    there as a regular file."""
    if isinstance(run, Path):
        return read_image(safe_path(run, rel))
    data = read_regular_below(run, rel)
    if data is None:
        raise FileNotFoundError(errno.ENOENT, "no such image in the run dir", rel)
    return data


def _sha256_in(run: Path | int, rel: str) -> str | None:
    """The hash of the run dir's regular file ``rel``; None when it is not there as one."""
    if isinstance(run, Path):
        info = file_info(run / rel)
        return info.sha256 if info is not None else None
    data = read_regular_below(run, rel)
    return sha256_of(data) if data is not None else None


def _fsync_in(run: Path | int, rel_dir: str) -> None:
    """fsync the run dir's folder ``rel_dir`` ("": the run dir; "..": the one it is in)."""
    if isinstance(run, Path):
        fsync_dir(run / rel_dir)
        return
    try:
        fd = (os.open("..", os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC, dir_fd=run)
              if rel_dir == ".." else open_dir(run, rel_dir))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # (as fsync_dir: some filesystems refuse fsync on directories)
    finally:
        os.close(fd)


def _write_image(run: Path | int, rel: str, data: bytes, made_dirs: set[str]) -> None:
    """Write one image into a fresh run dir: no temp file needed (no intent points at it yet),
    the file is fsynced here and its directories once at the end (``_fsync_dirs``)."""
    parent, name = _split(rel)
    if isinstance(run, int):
        # (not durable here: _fsync_dirs syncs each folder made and its parents up to the run
        # dir before an intent names them; syncing the run dir at each mkdir too was two more
        # waits on the disk in every dream)
        fd = open_dir(run, parent, make=True, durable=False)
        try:
            flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW | os.O_CLOEXEC
            out = os.open(name, flags, 0o644, dir_fd=fd)
        finally:
            os.close(fd)
        fh: BinaryIO = open(out, "wb")  # noqa: SIM115 (closed by the with below)
    else:
        (run / rel).parent.mkdir(parents=True, exist_ok=True)
        fh = open_new(run / rel)
    with fh:
        fh.write(data)
        fh.flush()
        os.fsync(fh.fileno())
    made_dirs.add(parent)


def _fsync_dirs(run: Path | int, dirs: set[str], *, sync_run_dir: bool) -> None:
    """fsync each of the run dir's folders ``dirs`` and their parents up to the run dir, each
    once, and the folder the run dir is in; the run dir itself only with ``sync_run_dir``
    (else the caller syncs it before anything relies on it)."""
    seen: set[str] = set() if sync_run_dir else {""}
    for directory in dirs:
        current = directory
        while current not in seen:
            seen.add(current)
            _fsync_in(run, current)
            current = _split(current)[0]
    _fsync_in(run, "..")


def _read_checked(path: Path, expected: str | None) -> bytes | None:
    """The bytes of ``path`` if their hash is ``expected`` (None: the file must be absent);
    raises ``LookupError`` otherwise. Hashing the bytes read leaves no window between check and
    copy."""
    try:
        data = read_regular(path)
        if data is None and is_special(os.lstat(path).st_mode):
            # a pipe or a device where the change adds a file is no absence: replaced by the
            # new file, it would be lost
            raise LookupError(path)
    except (FileNotFoundError, NotADirectoryError):
        data = None
    digest = sha256_of(data) if data is not None else None
    if digest != expected:
        raise LookupError(path)
    return data


def _remove_empty_parents(root: Path, rel_dir: str) -> None:
    """Remove the empty directories of ``root/rel_dir``, deepest first, up to (not including)
    ``root``; by directory descriptor where the system has them (``open_dir``): a folder
    swapped for a link after the file left it would otherwise have the empty folder where the
    link points removed in its stead."""
    parts = rel_dir.split("/") if rel_dir else []
    while parts:
        parent, name = "/".join(parts[:-1]), parts[-1]
        if not BY_DIR_FD:
            try:
                (root / parent / name).rmdir()
            except OSError:
                return
            fsync_dir(root / parent)
        else:
            try:
                fd = open_dir(root, parent)
            except OSError:
                return
            try:
                os.rmdir(name, dir_fd=fd)
            except OSError:
                return
            else:
                with contextlib.suppress(OSError):
                    os.fsync(fd)
            finally:
                os.close(fd)
        parts.pop()


def store_images(
    memory_dir: Path,
    source_dir: Path,
    changes: Sequence[FileChange],
    run_dir: Path,
    *,
    sync_run_dir: bool = True,
) -> None:
    """Store each change's before-image (from the memory dir) and after-image (from
    ``source_dir``) in ``run_dir``, durably; touch nothing in the memory dir.
    ``sync_run_dir=False`` leaves the fsync of ``run_dir`` itself to the caller.

    Raises ``MemoryChanged`` when a memory file is no longer what the change says it was before
    (the user's agent wrote it during the run), ``ValueError`` when a source file is not the
    after-image the change names, and ``LinkedState`` when the run dir's state dir was swapped
    for a link (``open_run_dir``).
    """
    with open_run_dir(memory_dir, run_dir) as run:
        _store_images(memory_dir, source_dir, changes, run, sync_run_dir=sync_run_dir)


def _store_images(
    memory_dir: Path,
    source_dir: Path,
    changes: Sequence[FileChange],
    run: Path | int,
    *,
    sync_run_dir: bool,
) -> None:
    made_dirs: set[str] = set()
    for ch in changes:
        dest, source = safe_path(memory_dir, ch.path), safe_path(source_dir, ch.path)
        try:
            before = _read_checked(dest, ch.before_sha256)
        except LookupError:
            # the edit stays and the lock goes back to where it was: a new dream reads the
            # same sessions and the memory as it now is
            raise MemoryChanged(
                f"{ch.path} changed in the memory dir while the dream ran (that change is "
                "kept); nothing was committed: run it again"
            ) from None
        if before is not None:
            _write_image(run, f"{BEFORE_DIR}/{ch.path}", before, made_dirs)
        try:
            after = _read_checked(source, ch.after_sha256)
        except LookupError:
            raise ValueError(f"{ch.path}: the source is not the change's after-image") from None
        if after is not None:
            _write_image(run, f"{AFTER_DIR}/{ch.path}", after, made_dirs)
    _fsync_dirs(run, made_dirs, sync_run_dir=sync_run_dir)


def _intent(run_dir: Path, memory_dir: Path, changes: Sequence[FileChange], state: str) -> Any:
    return {
        "version": 1,
        "run_id": run_dir.name,
        "pid": os.getpid(),
        # judged as the run's record is (journal): a process of that PID that started at
        # another time is not the one applying it
        **start_fields(*own_start(), own_uid()),
        "memory_dir": str(memory_dir),
        "state": state,
        "changes": [ch.as_dict() for ch in changes],
    }


def commit(
    memory_dir: Path,
    source_dir: Path,
    changes: Sequence[FileChange],
    run_dir: Path,
    *,
    on_step: StepHook | None = None,
    opened: Path | int | None = None,
) -> None:
    """Apply ``changes`` (after-images read from ``source_dir``) to ``memory_dir`` as one set.

    ``run_dir`` is the run's journal dir (``<state>/runs/<run_id>``), opened once at the start
    (``open_run_dir``), or ``opened`` by the caller (``open_run_dir``) to roll it back by.
    On an ordinary exception or ``BaseException`` (``KeyboardInterrupt``, the ``SystemExit`` a
    SIGTERM becomes) the changes already applied are rolled back before it
    propagates; after a hard crash (SIGKILL, power loss) ``recover()`` rolls them back. A roll-back
    that cannot put every file back raises ``DreamFailed`` naming each (for an ordinary
    exception) and leaves the intent ``applying``, for the next recovery to try again.
    """
    step = on_step or (lambda _name: None)
    if not changes:
        return
    ordered = apply_order(changes)
    with _run_dir_or(opened, memory_dir, run_dir) as run:
        # The intent's write below fsyncs the run dir, so the images' before/ and after/
        # entries are durable before the first memory file is touched without a second fsync.
        _store_images(memory_dir, source_dir, ordered, run, sync_run_dir=False)
        step("images")
        _write_in(run, INTENT_FILENAME, _json_bytes(_intent(run_dir, memory_dir, ordered,
                                                            "applying")))
        step("intent")
        dirty: set[Path] = set()
        trash_dirs: set[str] = set()
        try:
            _check_not_moved(memory_dir, run_dir, run)
            for ch in ordered:
                _apply(memory_dir, run, run_dir.name, ch, dirty, trash_dirs)
                step(f"{'delete' if ch.kind == 'deleted' else 'replace'} {ch.path}")
            # Renames become durable with their directory; until "done" is durable, recovery
            # checks every file by hash, so one fsync per directory here is enough.
            for directory in sorted(dirty):
                fsync_dir(directory)
            for rel_dir in sorted(trash_dirs):
                _fsync_in(run, rel_dir)
            # A state dir swapped for a link (or moved) while the files were applied: done, the
            # run's record would be written where the link points (or nowhere) and no undo
            # would find the images, so the set goes back as a failed dream's does
            _check_not_moved(memory_dir, run_dir, run)
        except BaseException as exc:
            # BaseException too: a SIGTERM arrives as SystemExit mid-loop, and leaving the set
            # half applied until the next run's recovery would show the user a memory no run
            # committed
            result = _abort(memory_dir, run, run_dir, ordered)
            if result.left and isinstance(exc, Exception):
                raise DreamFailed(
                    f"{exc}; rolling the commit back could not put back "
                    f"{'; '.join(result.left)}: the next dream, undo or `autodream status` "
                    "tries again") from exc
            raise
        _write_in(run, INTENT_FILENAME, _json_bytes(_intent(run_dir, memory_dir, ordered,
                                                            "done")))
    step("done")


@contextlib.contextmanager
def _run_dir_or(
    opened: Path | int | None, memory_dir: Path, run_dir: Path
) -> Iterator[Path | int]:
    if opened is not None:
        yield opened
        return
    with open_run_dir(memory_dir, run_dir) as run:
        yield run


@contextlib.contextmanager
def run_dir_in(runs: Path | int, run_id: str) -> Iterator[Path | int]:
    """The run dir ``run_id`` (made where missing) in ``runs``, a runs folder ``open_run_dir``
    opened (its name is not walked again, no link followed below it), or its path where the
    system has no ``dir_fd`` calls. One descriptor at a time: a chain of hundreds of undos kept
    one per run dir open and ran out of them (256 by default on macOS)."""
    if not isinstance(runs, int):
        yield runs / run_id
        return
    fd = open_dir(runs, run_id, make=True, durable=False)
    try:
        yield fd
    finally:
        os.close(fd)


def _abort(
    memory_dir: Path, run: Path | int, run_dir: Path, ordered: Sequence[FileChange]
) -> Recovery:
    """Roll an interrupted commit back in-process and mark its intent so, unless a file could
    not be put back: then the intent stays ``applying`` (the next recovery tries again, and
    status names the commit as interrupted)."""
    result = _roll_back(memory_dir, run, run_dir.name, ordered)
    if not result.left:
        _write_in(run, INTENT_FILENAME,
                  _json_bytes(_intent(run_dir, memory_dir, ordered, "rolled-back")))
    return result


def apply_order(changes: Sequence[FileChange]) -> list[FileChange]:
    """Topic files written first, then ``MEMORY.md``, then the deletes (deepest first): while
    the set is being applied, or after a kill before the next run rolls it back, every line of
    whichever index is there links a file that exists (a new file is there before a line links
    it, an old one goes only once no line does). A delete that frees a path a write needs (a
    file that becomes a directory, or the reverse, or a file renamed only in case) goes first.
    Rollback walks the list backwards."""
    written = {c.path.casefold() for c in changes if c.kind != "deleted"}

    def in_the_way(path: str) -> bool:
        # (of the same name but for case too: on a case-insensitive file system, macOS's or
        # Windows', "Deploy.md" deleted after "deploy.md" is written would delete the new file)
        path = path.casefold()
        return any(w == path or w.startswith(path + "/") or path.startswith(w + "/")
                   for w in written)

    deletes = sorted((c for c in changes if c.kind == "deleted"), key=lambda c: c.path,
                     reverse=True)
    first = [c for c in deletes if in_the_way(c.path)]
    writes = sorted((c for c in changes if c.kind != "deleted"),
                    key=lambda c: (c.path == INDEX_FILENAME, c.path))
    return first + writes + [c for c in deletes if c not in first]


def _apply(
    memory_dir: Path, run: Path | int, run_id: str, ch: FileChange, dirty: set[Path],
    trash_dirs: set[str],
) -> None:
    dest = safe_path(memory_dir, ch.path)
    if ch.kind == "deleted":
        trash = f"{TRASH_DIR}/{ch.path}"
        if isinstance(run, Path):
            safe_path(run, trash)
        _rename_between(memory_dir, ch.path, run, trash)
        dirty.add(dest.parent)
        trash_dirs.add(_split(trash)[0])
        _remove_empty_parents(memory_dir, _split(ch.path)[0])
    else:
        data = _read_image_in(run, f"{AFTER_DIR}/{ch.path}")
        write_atomic(dest, data, tag=run_id, sync_dir=False, root=memory_dir)
        dirty.add(dest.parent)


def _roll_back(
    memory_dir: Path, run: Path | int, run_id: str, changes: Sequence[FileChange]
) -> Recovery:
    """Put every file of ``changes`` back to its before-image; idempotent. A file it cannot put
    back (its image unreadable, a folder swapped for a link) is named in ``left`` and the rest
    are still put back: stopping at the first would leave the whole set half applied."""
    result = Recovery(run_id, "rolled-back")
    for ch in reversed(list(changes)):
        try:
            _roll_back_one(memory_dir, run, run_id, ch, result)
        except UnsafeRecord:
            result.conflicts.append(ch.path)  # never act through a symlink or outside the dir
        except OSError as exc:
            result.left.append(f"{ch.path} ({exc.strerror or type(exc).__name__})")
    return result


def _roll_back_one(
    memory_dir: Path, run: Path | int, run_id: str, ch: FileChange, result: Recovery
) -> None:
    dest = safe_path(memory_dir, ch.path)
    before_image, trash = f"{BEFORE_DIR}/{ch.path}", f"{TRASH_DIR}/{ch.path}"
    if isinstance(run, Path):
        safe_path(run, before_image)
        safe_path(run, trash)
    with contextlib.suppress(OSError):
        parent, name = _split(ch.path)
        unlink_below(memory_dir, f"{parent}/.{name}.{run_id}.tmp".lstrip("/"))
    stands = _stands(dest, ch)
    if stands == "back":
        return
    if stands == "edited":
        result.conflicts.append(ch.path)
        return
    if ch.kind == "added":
        unlink_below(memory_dir, ch.path)
        fsync_dir(dest.parent)
        _remove_empty_parents(memory_dir, _split(ch.path)[0])
    elif ch.kind == "changed":
        write_atomic(dest, _before_image(run, before_image, ch), tag=run_id, root=memory_dir)
    else:  # deleted, and the file is absent
        if _sha256_in(run, trash) == ch.before_sha256:
            _rename_between(run, trash, memory_dir, ch.path)
            fsync_dir(dest.parent)
            _fsync_in(run, _split(trash)[0])
        else:
            write_atomic(dest, _before_image(run, before_image, ch), root=memory_dir)
    result.restored.append(ch.path)


def _stands(dest: Path, ch: FileChange) -> Literal["back", "applied", "edited"]:
    """How memory's ``dest`` stands to ``ch``: as before it (never applied, or rolled back
    already), as the commit left it (to put back), or neither: written by hand since, so a
    roll-back leaves it as it is (a conflict), and nothing is stuck on it."""
    current = file_info(dest)
    now = current.sha256 if current else None
    if now == ch.before_sha256:
        return "back"
    return "applied" if now == ch.after_sha256 else "edited"


def _before_image(run: Path | int, rel: str, ch: FileChange) -> bytes:
    """The run dir's before-image of ``ch``, only if it is the file the change replaced (its
    hash is ``before_sha256``): a run dir read through a link, or an image changed since the
    commit stored it, must not have other bytes written into memory as the person's file. An
    ``OSError`` otherwise, so the roll-back names the file in what it left."""
    data = _read_image_in(run, rel)
    if sha256_of(data) != ch.before_sha256:
        raise OSError(errno.EINVAL, "its before-image in the run dir is not the file the "
                      "commit replaced", rel)
    return data


def _holder_alive(data: dict[str, Any]) -> bool:
    """Whether the process that wrote the intent ``data`` is still applying it: its PID runs
    and, where the intent says when it started (written since 2026-11-27), started then, as
    the run's record is judged (``procs.holder_state``): an intent left to a PID another
    process took would never be rolled back while that process ran."""
    pid = data.get("pid")
    if not isinstance(pid, int) or pid == os.getpid():
        return False  # (our own commit raised out before finishing: it is not running)
    return holder_state(pid, *recorded_holder(data)) == LIVE


def pending_commits(state_dir: Path) -> list[Path]:
    """Run dirs whose commit intent is still ``applying``; none in a state dir that is a link
    (or whose ``runs`` is): autodream never commits through one, so an intent there is not its
    own (a copy's, made mid-commit: status said "stopped mid-commit; the next dream rolls it
    back" of a dream that had left memory as it was, and the next dream refuses the link)."""
    runs = state_dir / RUNS_DIRNAME
    if state_dir.is_symlink() or runs.is_symlink() or not runs.is_dir():
        return []
    pending: list[Path] = []
    for intent_path in sorted(runs.glob(f"*/{INTENT_FILENAME}")):
        if intent_path.parent.is_symlink() or intent_path.is_symlink():
            continue  # autodream makes run dirs and intents itself, never as symlinks
        try:
            data = json.loads(intent_path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue  # written atomically, so unreadable means not ours
        if isinstance(data, dict) and data.get("state") == "applying":
            pending.append(intent_path.parent)
    return pending


def stuck_files(run_dir: Path, memory_dir: Path) -> list[str]:
    """The files of ``run_dir``'s interrupted commit that no roll-back can ever put back, each
    with why: the commit's bytes are in memory and its before-image is lost, or is not the
    file the commit replaced. Read only, for ``status`` and the error every command gives then:
    "the next dream rolls it back" was a false promise, as every dream fails on it. A file
    written by hand since (neither image) is no longer stuck: the roll-back leaves it as it
    is, so that is the way out."""
    try:
        data = json.loads((run_dir / INTENT_FILENAME).read_text(encoding="utf-8"))
        if not _same_dir(data.get("memory_dir"), memory_dir):
            return []
        changes = _intent_changes_checked(data, memory_dir, run_dir)
    except (OSError, ValueError, TypeError, KeyError, AttributeError):
        return []  # (UnsafeRecord too: quarantined, never rolled back)
    stuck: list[str] = []
    try:
        # read as a roll-back reads its images (never through a link), so what it is told
        # can be put back is what a roll-back would find
        with open_run_dir(memory_dir, run_dir, make=False) as run:
            for ch in changes:
                if ch.kind == "added" or _stands(safe_path(memory_dir, ch.path), ch) != "applied":
                    continue
                images = [_sha256_in(run, f"{BEFORE_DIR}/{ch.path}")]
                if ch.kind == "deleted":
                    images.append(_sha256_in(run, f"{TRASH_DIR}/{ch.path}"))
                if ch.before_sha256 in images:
                    continue
                why = ("its before-image is not the file the commit replaced"
                       if any(h is not None for h in images) else "its before-image is lost")
                stuck.append(f"{ch.path} ({why})")
    except (OSError, LinkedState, UnsafeRecord):
        return []  # (a state dir swapped for a link: no commit of it is rolled back there)
    return stuck


def recover(state_dir: Path, memory_dir: Path | None = None) -> list[Recovery]:
    """Roll back every interrupted commit under ``state_dir``; return what was done.

    Run at the start of every dream and undo, and by ``autodream status``. A commit whose process
    is still alive is left alone (it is not interrupted, merely running).
    """
    target = memory_dir if memory_dir is not None else state_dir.parent
    done: list[Recovery] = []
    # newest first (run ids sort in the order they began): a forced undo's chain that could
    # not take back its undos leaves each 'applying', and the older one's files are as the
    # newer one left them until that is rolled back
    for run_dir in reversed(pending_commits(state_dir)):
        intent_path = run_dir / INTENT_FILENAME
        data = json.loads(intent_path.read_text(encoding="utf-8"))
        if _holder_alive(data):
            continue
        if not _same_dir(data.get("memory_dir"), target):
            continue  # another memory dir's commit (a copied state dir): not ours to touch
        try:
            changes = _intent_changes_checked(data, target, run_dir)
        except UnsafeRecord as exc:
            # forged or corrupt: act on none of it, and say so once (it is not "applying" now)
            data["state"] = "quarantined"
            data["quarantine_reason"] = str(exc)
            write_json_atomic(intent_path, data)
            done.append(Recovery(run_dir.name, "quarantined", reason=str(exc)))
            continue
        try:
            with open_run_dir(target, run_dir, make=False) as run:
                result = _roll_back(target, run, run_dir.name, changes)
                if not result.left:
                    data["state"] = "rolled-back"
                    _write_in(run, INTENT_FILENAME, _json_bytes(data))
        except (OSError, LinkedState) as exc:
            # (the state dir swapped for a link since the glob: nothing acted on through it)
            result = Recovery(run_dir.name, "incomplete",
                              left=[f"{ch.path} ({exc})" for ch in changes])
        if result.left:
            # left "applying", so the next recovery tries again and status names it meanwhile;
            # not "rolled-back", which would have the run's record say it was
            result.action = "incomplete"
        done.append(result)
    return done


def _same_dir(recorded: object, memory_dir: Path) -> bool:
    """Whether an intent's recorded ``memory_dir`` is the one being recovered."""
    if not isinstance(recorded, str) or not recorded:
        return False
    try:
        return os.path.realpath(recorded) == os.path.realpath(memory_dir)
    except (OSError, ValueError):
        return False


def _intent_changes_checked(data: Any, memory_dir: Path, run_dir: Path) -> list[FileChange]:
    """The changes of an intent read from disk, every path proven safe before any is acted on;
    ``UnsafeRecord`` when one is not."""
    raw = data.get("changes", [])
    if not isinstance(raw, list):
        raise UnsafeRecord("commit intent's changes are not a list")
    changes = [FileChange.from_dict(c) for c in raw]
    for ch in changes:
        safe_path(memory_dir, ch.path)
        for image_dir in (BEFORE_DIR, AFTER_DIR, TRASH_DIR):
            safe_path(run_dir, f"{image_dir}/{ch.path}")
    return changes


def commit_state(run_dir: Path) -> str | None:
    """``applying``, ``done``, ``rolled-back``, or None when the run never began a commit."""
    try:
        data = json.loads((run_dir / INTENT_FILENAME).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    state = data.get("state") if isinstance(data, dict) else None
    return state if isinstance(state, str) else None



def intent_changes(run_dir: Path) -> list[FileChange]:
    """The changes a run's commit intent lists ([] when it has none)."""
    try:
        data = json.loads((run_dir / INTENT_FILENAME).read_text(encoding="utf-8"))
        return [FileChange.from_dict(c) for c in data.get("changes", [])]
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return []


def roll_back(
    memory_dir: Path, run_dir: Path, changes: Sequence[FileChange], *, opened: Path | int
) -> Recovery:
    """Take back a commit that completed (its intent says ``done``), as if it had been
    interrupted: for a set of commits that must all stand or none (a forced undo of several
    runs) when a later one fails. ``opened`` is the run dir the commit was given
    (``open_run_dir``). What it could not put back is in the result's ``left``; an ``OSError``
    when the intent cannot be marked ``applying`` first (nothing was taken back).

    The intent is marked ``applying`` again first: a roll-back killed part way, or one that
    cannot put a file back, is then retried by the next recovery and named by status, where
    left ``done`` the memory stayed half taken back with nothing to say so."""
    ordered = apply_order(changes)
    _write_in(opened, INTENT_FILENAME,
              _json_bytes(_intent(run_dir, memory_dir, ordered, "applying")))
    result = _roll_back(memory_dir, opened, run_dir.name, ordered)
    if not result.left:
        # every file is back: a mark that fails now (the disk full) leaves the intent
        # 'applying', and the next recovery finds the files as they were and marks it then;
        # raised, the undo said this one 'could not be taken back and stays in memory'
        with contextlib.suppress(OSError):
            _write_in(opened, INTENT_FILENAME,
                      _json_bytes(_intent(run_dir, memory_dir, ordered, "rolled-back")))
    return result
