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
import hashlib
import json
import os
import stat
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO

from autodream.errors import MemoryChanged, UnsafeRecord
from autodream.memory.staging import (
    BY_DIR_FD,
    FileChange,
    check_rel_path,
    file_info,
    is_special,
    open_dir,
    read_regular,
)
from autodream.procs import pid_running
from autodream.settings import INDEX_FILENAME

INTENT_FILENAME = "commit.json"
BEFORE_DIR = "before"
AFTER_DIR = "after"
TRASH_DIR = "removed"  # not "trash": the ToolBox may use <run>/trash for staged deletes
RUNS_DIRNAME = "runs"

# Called after every durable step with its name ("images", "intent", "replace <path>",
# "delete <path>", "done"); tests use it to crash the commit at each instant.
StepHook = Callable[[str], None]


@dataclass
class Recovery:
    """What ``recover`` did about one interrupted commit."""

    run_id: str
    action: str  # "rolled-back", or "quarantined" (a forged or corrupt intent, left untouched)
    restored: list[str] = field(default_factory=list)
    # files whose current content is neither the run's before nor after image (someone wrote
    # after the crash); recovery leaves them as they are
    conflicts: list[str] = field(default_factory=list)
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


def open_below(root: Path, rel: str, *, append: bool = False) -> BinaryIO:
    """``root/rel`` opened to write as ``open_new`` opens it, its folders below ``root`` made
    where missing and walked by descriptor (``open_dir``): the state dir swapped for a link
    after the check that found none (a sync tool, a teammate's checkout) makes this raise
    ``OSError`` instead of having the bytes written, or a file made, wherever it points.
    ``root`` itself is opened as named (a memory dir may be a link)."""
    if not BY_DIR_FD:
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        return open_new(root / rel, append=append)
    parent, name = _split(rel)
    fd = open_dir(root, parent, make=True)
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
    root: Path | None = None,
) -> None:
    """Replace ``dest`` with ``data``: temp file in the same dir, fsync, ``os.replace``, fsync dir.

    An existing file's permission bits are kept. ``sync_dir=False`` leaves the directory's fsync
    to the caller (a commit syncs each touched directory once, before it marks itself done).
    With ``root`` (``dest`` lies below it) the directories are walked by descriptor
    (``open_dir``): no directory swapped for a link since ``safe_path`` carries the write out.
    """
    if root is not None and BY_DIR_FD:
        _write_atomic_at(root, dest.relative_to(root).as_posix(), data, tag, sync_dir)
        return
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


def _write_atomic_at(root: Path, rel: str, data: bytes, tag: str, sync_dir: bool) -> None:
    parent, name = _split(rel)
    fd = open_dir(root, parent, make=True)
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


def _rename_between(src_root: Path, src_rel: str, dst_root: Path, dst_rel: str) -> None:
    """``src_root/src_rel`` renamed to ``dst_root/dst_rel`` (its folders made), by directory
    descriptors where the system has them (``open_dir``), by path elsewhere."""
    if not BY_DIR_FD:
        _makedirs_durable((dst_root / dst_rel).parent)
        os.rename(src_root / src_rel, dst_root / dst_rel)
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


def write_json_atomic(dest: Path, data: Any) -> None:
    text = json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    write_atomic(dest, text.encode("utf-8"))


def _write_image(
    dest: Path, data: bytes, made_dirs: set[Path], root: Path | None = None
) -> None:
    """Write one image into a fresh run dir: no temp file needed (no intent points at it yet),
    the file is fsynced here and its directories once at the end (``_fsync_dirs``). With
    ``root`` (the run dir) its folders are walked by descriptor (``open_dir``)."""
    if root is not None and BY_DIR_FD:
        parent, name = _split(dest.relative_to(root).as_posix())
        # (not durable here: _fsync_dirs syncs each folder made and its parents up to the run
        # dir before an intent names them; syncing the run dir at each mkdir too was two more
        # waits on the disk in every dream)
        fd = open_dir(root, parent, make=True, durable=False)
        try:
            flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW | os.O_CLOEXEC
            out = os.open(name, flags, 0o644, dir_fd=fd)
        finally:
            os.close(fd)
        fh: BinaryIO = open(out, "wb")  # noqa: SIM115 (closed by the with below)
    else:
        dest.parent.mkdir(parents=True, exist_ok=True)
        fh = open_new(dest)
    with fh:
        fh.write(data)
        fh.flush()
        os.fsync(fh.fileno())
    made_dirs.add(dest.parent)


def _fsync_dirs(
    dirs: set[Path], stop: Path, *, synced_later: frozenset[Path] = frozenset()
) -> None:
    """fsync each directory and its parents up to ``stop``, each once, but for those in
    ``synced_later`` (the caller syncs them before anything relies on them)."""
    seen: set[Path] = set(synced_later)
    for directory in dirs:
        current = directory
        while current not in seen and (current == stop or stop in current.parents):
            seen.add(current)
            fsync_dir(current)
            current = current.parent
    fsync_dir(stop.parent)


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
    digest = hashlib.sha256(data).hexdigest() if data is not None else None
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
    (the user's agent wrote it during the run), and ``ValueError`` when a source file is not the
    after-image the change names.
    """
    made_dirs: set[Path] = set()
    for ch in changes:
        dest, source = safe_path(memory_dir, ch.path), safe_path(source_dir, ch.path)
        try:
            before = _read_checked(dest, ch.before_sha256)
        except LookupError:
            raise MemoryChanged(
                f"{ch.path} changed in the memory dir during the run; nothing was committed"
            ) from None
        if before is not None:
            _write_image(run_dir / BEFORE_DIR / ch.path, before, made_dirs, run_dir)
        try:
            after = _read_checked(source, ch.after_sha256)
        except LookupError:
            raise ValueError(f"{ch.path}: the source is not the change's after-image") from None
        if after is not None:
            _write_image(run_dir / AFTER_DIR / ch.path, after, made_dirs, run_dir)
    _fsync_dirs(made_dirs, run_dir,
                synced_later=frozenset() if sync_run_dir else frozenset({run_dir}))


def _intent(run_dir: Path, memory_dir: Path, changes: Sequence[FileChange], state: str) -> Any:
    return {
        "version": 1,
        "run_id": run_dir.name,
        "pid": os.getpid(),
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
) -> None:
    """Apply ``changes`` (after-images read from ``source_dir``) to ``memory_dir`` as one set.

    ``run_dir`` is the run's journal dir (``<state>/runs/<run_id>``). On an ordinary exception
    or ``BaseException`` (``KeyboardInterrupt``, the ``SystemExit`` a SIGTERM becomes) the
    changes already applied are rolled back before it propagates; after a hard crash (SIGKILL,
    power loss) ``recover()`` rolls them back.
    """
    step = on_step or (lambda _name: None)
    if not changes:
        return
    run_dir.mkdir(parents=True, exist_ok=True)
    ordered = apply_order(changes)
    # The intent's write_atomic below fsyncs run_dir, so the images' before/ and after/
    # entries are durable before the first memory file is touched without a second fsync.
    store_images(memory_dir, source_dir, ordered, run_dir, sync_run_dir=False)
    step("images")
    intent_path = run_dir / INTENT_FILENAME
    write_json_atomic(intent_path, _intent(run_dir, memory_dir, ordered, "applying"))
    step("intent")
    dirty: set[Path] = set()
    try:
        for ch in ordered:
            _apply(memory_dir, run_dir, ch, dirty)
            step(f"{'delete' if ch.kind == 'deleted' else 'replace'} {ch.path}")
        # Renames become durable with their directory; until "done" is durable, recovery
        # checks every file by hash, so one fsync per directory here is enough.
        for directory in sorted(dirty):
            fsync_dir(directory)
    except BaseException:
        # BaseException too: a SIGTERM arrives as SystemExit mid-loop, and leaving the set half
        # applied until the next run's recovery would show the user a memory no run committed
        _abort(memory_dir, run_dir, ordered, intent_path)
        raise
    write_json_atomic(intent_path, _intent(run_dir, memory_dir, ordered, "done"))
    step("done")


def _abort(
    memory_dir: Path, run_dir: Path, ordered: Sequence[FileChange], intent_path: Path
) -> None:
    """Roll an interrupted commit back in-process and mark its intent so."""
    _roll_back(memory_dir, run_dir, ordered)
    write_json_atomic(intent_path, _intent(run_dir, memory_dir, ordered, "rolled-back"))


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


def _apply(memory_dir: Path, run_dir: Path, ch: FileChange, dirty: set[Path]) -> None:
    dest = safe_path(memory_dir, ch.path)
    if ch.kind == "deleted":
        trash = safe_path(run_dir, f"{TRASH_DIR}/{ch.path}")
        _rename_between(memory_dir, ch.path, run_dir, f"{TRASH_DIR}/{ch.path}")
        dirty.update((trash.parent, dest.parent))
        _remove_empty_parents(memory_dir, _split(ch.path)[0])
    else:
        data = read_image(safe_path(run_dir, f"{AFTER_DIR}/{ch.path}"))
        write_atomic(dest, data, tag=run_dir.name, sync_dir=False, root=memory_dir)
        dirty.add(dest.parent)


def _roll_back(memory_dir: Path, run_dir: Path, changes: Sequence[FileChange]) -> Recovery:
    """Put every file of ``changes`` back to its before-image; idempotent."""
    result = Recovery(run_dir.name, "rolled-back")
    for ch in reversed(list(changes)):
        try:
            dest = safe_path(memory_dir, ch.path)
            before_image = safe_path(run_dir, f"{BEFORE_DIR}/{ch.path}")
            trash = safe_path(run_dir, f"{TRASH_DIR}/{ch.path}")
        except UnsafeRecord:
            result.conflicts.append(ch.path)  # never act through a symlink or outside the dir
            continue
        with contextlib.suppress(OSError):
            parent, name = _split(ch.path)
            unlink_below(memory_dir, f"{parent}/.{name}.{run_dir.name}.tmp".lstrip("/"))
        current = file_info(dest)
        now = current.sha256 if current else None
        if now == ch.before_sha256:
            continue  # never applied, or already rolled back
        if now != ch.after_sha256:
            result.conflicts.append(ch.path)
            continue
        if ch.kind == "added":
            unlink_below(memory_dir, ch.path)
            fsync_dir(dest.parent)
            _remove_empty_parents(memory_dir, _split(ch.path)[0])
        elif ch.kind == "changed":
            write_atomic(dest, read_image(before_image), tag=run_dir.name, root=memory_dir)
        else:  # deleted, and the file is absent
            kept = file_info(trash)
            if kept is not None and kept.sha256 == ch.before_sha256:
                _rename_between(run_dir, f"{TRASH_DIR}/{ch.path}", memory_dir, ch.path)
                fsync_dir(dest.parent)
                fsync_dir(trash.parent)
            else:
                write_atomic(dest, read_image(before_image), root=memory_dir)
        result.restored.append(ch.path)
    return result


def _pid_alive(pid: int) -> bool:
    # our own commit raised out before finishing: it is not running
    return pid != os.getpid() and pid_running(pid)


def pending_commits(state_dir: Path) -> list[Path]:
    """Run dirs whose commit intent is still ``applying``."""
    runs = state_dir / RUNS_DIRNAME
    if not runs.is_dir():
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


def recover(state_dir: Path, memory_dir: Path | None = None) -> list[Recovery]:
    """Roll back every interrupted commit under ``state_dir``; return what was done.

    Run at the start of every dream and undo, and by ``autodream status``. A commit whose process
    is still alive is left alone (it is not interrupted, merely running).
    """
    target = memory_dir if memory_dir is not None else state_dir.parent
    done: list[Recovery] = []
    for run_dir in pending_commits(state_dir):
        intent_path = run_dir / INTENT_FILENAME
        data = json.loads(intent_path.read_text(encoding="utf-8"))
        pid = data.get("pid")
        if isinstance(pid, int) and _pid_alive(pid):
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
        result = _roll_back(target, run_dir, changes)
        data["state"] = "rolled-back"
        write_json_atomic(intent_path, data)
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


def roll_back(memory_dir: Path, run_dir: Path, changes: Sequence[FileChange]) -> None:
    """Take back a commit that completed (its intent says ``done``), as if it had been
    interrupted: for a set of commits that must all stand or none (a forced undo of several
    runs) when a later one fails."""
    _abort(memory_dir, run_dir, apply_order(changes), run_dir / INTENT_FILENAME)
