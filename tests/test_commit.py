from __future__ import annotations

import json
import os
import signal
import stat
import subprocess
import sys
import tempfile
from datetime import UTC, datetime
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from autodream import journal
from autodream.errors import DreamFailed, MemoryChanged
from autodream.memory import commit as commit_mod
from autodream.memory.model import parse_index
from autodream.memory.staging import FileChange, Staging
from tests.factories import REPO_ROOT
from tests.memdirs import needs_dir_fd, sample_memory, tree, write_tree


class Crash(BaseException):
    """Stands for a process dying: with ``_dead_process`` no handler of commit runs."""


def _dead_process(monkeypatch: pytest.MonkeyPatch) -> None:
    """A process that dies runs no cleanup: disable commit's in-process rollback so the
    on-disk state is what a SIGKILL leaves, for ``recover`` to repair."""
    monkeypatch.setattr(commit_mod, "_abort",
                        lambda *_args: commit_mod.Recovery("dead", "rolled-back"))


def _setup(tmp_path: Path) -> tuple[Path, Staging, list[FileChange], dict[str, bytes]]:
    memory = sample_memory(tmp_path / "memory")
    staging = Staging.create(memory, memory / ".autodream" / "staging" / "run1")
    kept = [line for line in (staging.path / "MEMORY.md").read_text().splitlines(keepends=True)
            if "(deploy.md)" not in line and "(sub/ci.md)" not in line]  # as a dream's would be
    write_tree(staging.path, {
        "MEMORY.md": "".join(kept) + "- [New](new/topic.md) — n\n",
        "role.md": "changed role\n",
        "new/topic.md": "brand new\n",
    })
    (staging.path / "deploy.md").unlink()
    (staging.path / "sub" / "ci.md").unlink()
    return memory, staging, staging.changes(), tree(staging.path)


def _steps(changes: list[FileChange]) -> list[str]:
    names = ["images", "intent"]
    for ch in commit_mod.apply_order(changes):
        names.append(f"{'delete' if ch.kind == 'deleted' else 'replace'} {ch.path}")
    return [*names, "done"]


def _active(memory: Path) -> dict[str, bytes]:
    return tree(memory)


def test_commit_applies_the_whole_set_and_keeps_images(tmp_path: Path) -> None:
    memory, staging, changes, new = _setup(tmp_path)
    old = _active(memory)
    run_dir = memory / ".autodream" / "runs" / "run1"
    seen: list[str] = []
    commit_mod.commit(memory, staging.path, changes, run_dir, on_step=seen.append)
    assert _active(memory) == new
    assert seen == _steps(changes)
    assert commit_mod.commit_state(run_dir) == "done"
    assert (run_dir / "before" / "role.md").read_bytes() == old["role.md"]
    assert (run_dir / "after" / "role.md").read_bytes() == b"changed role\n"
    assert (run_dir / "removed" / "sub" / "ci.md").read_bytes() == old["sub/ci.md"]
    assert not (memory / "sub").exists()  # emptied by the delete
    assert (memory / ".consolidate-lock").read_text() == "4194304\n"


def test_commit_keeps_file_permissions(tmp_path: Path) -> None:
    memory, staging, changes, _ = _setup(tmp_path)
    os.chmod(memory / "role.md", 0o600)
    commit_mod.commit(memory, staging.path, changes, memory / ".autodream" / "runs" / "r")
    assert os.stat(memory / "role.md").st_mode & 0o777 == 0o600


def _dir_syncs(monkeypatch: pytest.MonkeyPatch, events: list[object]) -> None:
    """Each fsync of a directory appended to ``events`` as the directory's (device, inode)."""
    real_fsync = os.fsync

    def fsync(fd: int) -> None:
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode):
            events.append((st.st_dev, st.st_ino))
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", fsync)


def _ids(*paths: Path) -> list[tuple[int, int]]:
    return sorted((p.stat().st_dev, p.stat().st_ino) for p in paths)


def test_the_images_folders_are_synced_once_each_before_the_intent(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every fsync waits on the disk (issue #4: 2 to 9 ms each, 25 in a second dream): each
    folder the images go in is synced once, after the images are written and before the intent
    names them, and the run dir once, by the intent; it was synced again at each folder made
    in it, and each folder at each one made below it."""
    memory, staging, changes, _ = _setup(tmp_path)
    run_dir = memory / ".autodream" / "runs" / "run1"
    events: list[object] = []
    _dir_syncs(monkeypatch, events)
    commit_mod.commit(memory, staging.path, changes, run_dir, on_step=events.append)
    folders = [run_dir / "before", run_dir / "before" / "sub", run_dir / "after",
               run_dir / "after" / "new", run_dir.parent]
    assert sorted(events[: events.index("images")]) == _ids(*folders)  # type: ignore[type-var]
    assert events[events.index("images") + 1 : events.index("intent")] == _ids(run_dir)
    # a dry run's images alone: the run dir synced by store_images itself, once
    memory, staging, changes, _ = _setup(tmp_path / "dry")
    dry = memory / ".autodream" / "runs" / "run1"
    dry.mkdir(parents=True)
    events.clear()
    commit_mod.store_images(memory, staging.path, commit_mod.apply_order(changes), dry)
    assert sorted(events) == _ids(dry, *(dry / f.relative_to(run_dir) for f in folders[:-1]),
                                  dry.parent)  # type: ignore[type-var]


@pytest.mark.parametrize("crash_at", range(8))
def test_a_crash_after_any_step_recovers_to_the_old_or_the_new_set(
    tmp_path: Path, crash_at: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    _dead_process(monkeypatch)
    memory, staging, changes, new = _setup(tmp_path)
    old = _active(memory)
    steps = _steps(changes)
    assert len(steps) == 8

    def crash(name: str) -> None:
        if name == steps[crash_at]:
            raise Crash(name)

    state = memory / ".autodream"
    with pytest.raises(Crash):
        commit_mod.commit(memory, staging.path, changes, state / "runs" / "run1", on_step=crash)
    recovered = commit_mod.recover(state)
    after = _active(memory)
    if steps[crash_at] == "done":
        assert after == new and recovered == []
    else:
        assert after == old
        assert [r.run_id for r in recovered] == (["run1"] if crash_at >= 1 else [])
        assert commit_mod.recover(state) == []  # idempotent: nothing left to do


@pytest.mark.parametrize("fail_at", range(2, 7))
def test_an_error_while_applying_rolls_back_at_once(tmp_path: Path, fail_at: int) -> None:
    memory, staging, changes, _ = _setup(tmp_path)
    old = _active(memory)
    steps = _steps(changes)

    def boom(name: str) -> None:
        if name == steps[fail_at]:
            raise OSError(28, "No space left on device")

    run_dir = memory / ".autodream" / "runs" / "run1"
    with pytest.raises(OSError, match="No space"):
        commit_mod.commit(memory, staging.path, changes, run_dir, on_step=boom)
    assert _active(memory) == old
    assert commit_mod.commit_state(run_dir) == "rolled-back"


def test_a_roll_back_goes_on_past_a_file_it_cannot_put_back_and_names_it(
    tmp_path: Path,
) -> None:
    """A commit that failed at MEMORY.md rolled back MEMORY.md, then stopped at role.md, whose
    before-image it could not read, and left new/topic.md in memory: the user saw a file no
    dream committed, and an error that named none of it. Every other file goes back, the
    error names the one left, and the intent stays 'applying' so recovery tries again."""
    memory, staging, changes, new = _setup(tmp_path)
    old = _active(memory)
    run_dir = memory / ".autodream" / "runs" / "run1"
    image = run_dir / "before" / "role.md"

    def boom(name: str) -> None:
        if name == "replace MEMORY.md":
            image.rename(tmp_path / "role-image")
            raise OSError(28, "No space left on device")

    with pytest.raises(DreamFailed, match=r"No space.*role\.md") as raised:
        commit_mod.commit(memory, staging.path, changes, run_dir, on_step=boom)
    assert "new/topic.md" not in str(raised.value)
    assert _active(memory) == {**old, "role.md": new["role.md"]}
    assert commit_mod.commit_state(run_dir) == "applying"
    assert commit_mod.pending_commits(memory / ".autodream") == [run_dir]
    (tmp_path / "role-image").rename(image)  # (whatever stood in the way is gone)
    [result] = commit_mod.recover(memory / ".autodream")
    assert (result.action, result.restored, result.left) == ("rolled-back", ["role.md"], [])
    assert _active(memory) == old
    assert commit_mod.commit_state(run_dir) == "rolled-back"


def test_a_roll_back_never_writes_a_before_image_that_is_not_the_file_replaced(
    tmp_path: Path,
) -> None:
    """A roll-back wrote whatever bytes the run dir's before-image held into memory (a copy's
    image, read through a link, or one changed since the commit stored it) as the person's
    role.md. An image whose hash is not the change's before_sha256 is refused and named."""
    memory, staging, changes, new = _setup(tmp_path)
    old = _active(memory)
    run_dir = memory / ".autodream" / "runs" / "run1"

    def boom(name: str) -> None:
        if name == "replace MEMORY.md":
            (run_dir / "before" / "role.md").write_bytes(b"someone else's role\n")
            raise OSError(28, "No space left on device")

    with pytest.raises(DreamFailed, match=r"No space.*role\.md \(its before-image") as raised:
        commit_mod.commit(memory, staging.path, changes, run_dir, on_step=boom)
    assert "new/topic.md" not in str(raised.value)
    assert _active(memory) == {**old, "role.md": new["role.md"]}
    assert commit_mod.commit_state(run_dir) == "applying"
    [result] = commit_mod.recover(memory / ".autodream")  # the next try refuses it too
    assert result.action == "incomplete" and result.left[0].startswith("role.md (its before")
    assert (memory / "role.md").read_bytes() == new["role.md"]


def test_recover_that_cannot_put_a_file_back_says_so_and_tries_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _dead_process(monkeypatch)
    memory, staging, changes, new = _setup(tmp_path)
    old = _active(memory)
    state = memory / ".autodream"
    run_dir = state / "runs" / "run1"

    def crash(name: str) -> None:
        if name == "replace MEMORY.md":
            raise Crash(name)

    with pytest.raises(Crash):
        commit_mod.commit(memory, staging.path, changes, run_dir, on_step=crash)
    (run_dir / "before" / "role.md").rename(tmp_path / "role-image")
    # the next dream's (undo's, scrub's) recovery puts back all it can, then refuses to go on
    with pytest.raises(DreamFailed, match=r"could not be rolled back \(run run1: role\.md "):
        journal.recover(memory, state, datetime.now(UTC))
    assert _active(memory) == {**old, "role.md": new["role.md"]}
    assert commit_mod.commit_state(run_dir) == "applying"
    [result] = commit_mod.recover(state)
    assert result.action == "incomplete" and [p.split(" ")[0] for p in result.left] == [
        "role.md"]
    assert commit_mod.commit_state(run_dir) == "applying"
    (tmp_path / "role-image").rename(run_dir / "before" / "role.md")
    [result] = commit_mod.recover(state)
    assert (result.action, result.restored) == ("rolled-back", ["role.md"])
    assert _active(memory) == old


def test_commit_refuses_when_the_memory_dir_changed_during_the_run(tmp_path: Path) -> None:
    memory, staging, changes, _ = _setup(tmp_path)
    (memory / "role.md").write_text("the user's agent wrote this\n")
    before = _active(memory)
    with pytest.raises(MemoryChanged, match=r"role\.md"):
        commit_mod.commit(memory, staging.path, changes, memory / ".autodream" / "runs" / "r")
    assert _active(memory) == before


def test_recover_leaves_files_someone_edited_after_the_crash(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _dead_process(monkeypatch)
    memory, staging, changes, _ = _setup(tmp_path)
    state = memory / ".autodream"

    def crash(name: str) -> None:
        if name == "replace role.md":
            raise Crash(name)

    with pytest.raises(Crash):
        commit_mod.commit(memory, staging.path, changes, state / "runs" / "r", on_step=crash)
    (memory / "role.md").write_text("edited after the crash\n")
    [result] = commit_mod.recover(state)
    assert result.conflicts == ["role.md"]
    assert (memory / "role.md").read_text() == "edited after the crash\n"
    assert "new/topic.md" in result.restored and not (memory / "new").exists()


_KILLER = """
import json, os, signal, sys
from pathlib import Path
from autodream.memory import commit
from autodream.memory.staging import FileChange

memory, source, run_dir, mode, target = sys.argv[1:6]
changes = [FileChange.from_dict(c) for c in json.loads(Path(sys.argv[6]).read_text())]

def die(*_args):
    os.kill(os.getpid(), signal.SIGKILL)

if mode == "step":
    hook = lambda name: die() if name == target else None
else:  # die just before the n-th os.replace: a temp file is on disk, the target untouched
    calls = [0]
    real_replace = os.replace
    def replace(src, dst, **dir_fds):
        calls[0] += 1
        if calls[0] == int(target):
            die()
        real_replace(src, dst, **dir_fds)
    os.replace = replace
    hook = None
commit.commit(Path(memory), Path(source), changes, Path(run_dir), on_step=hook)
"""


# os.replace calls: 1 writes the intent, 2-4 the three replaces (MEMORY.md last of them; the two
# deletes after them are renames), 5 marks the intent "done"; images are plain writes into the
# fresh run dir
@pytest.mark.parametrize(
    ("mode", "target", "pending"),
    [("step", "images", False)]
    + [("step", s, True) for s in ("intent", "delete sub/ci.md", "delete deploy.md",
                                   "replace role.md", "replace MEMORY.md")]
    + [("step", "done", False)]
    + [("replace", str(n), n > 1) for n in (1, 2, 3, 5)],
)
def test_sigkill_mid_commit_then_recover_gives_old_or_new_set(
    tmp_path: Path, mode: str, target: str, pending: bool
) -> None:
    memory, staging, changes, new = _setup(tmp_path)
    old = _active(memory)
    changes_file = tmp_path / "changes.json"
    changes_file.write_text(json.dumps([c.as_dict() for c in changes]))
    run_dir = memory / ".autodream" / "runs" / "run1"
    env = {**os.environ, "PYTHONPATH": str(REPO_ROOT)}
    proc = subprocess.run(
        [sys.executable, "-c", _KILLER, str(memory), str(staging.path), str(run_dir), mode,
         target, str(changes_file)],
        env=env, capture_output=True, text=True, timeout=60,
    )
    assert proc.returncode == -signal.SIGKILL, proc.stderr
    assert bool(commit_mod.pending_commits(memory / ".autodream")) == pending
    if target == "2":  # killed between the first write and its replace
        assert (memory / "new" / ".topic.md.run1.tmp").exists()
    # until the next run rolls it back, whichever index is there links only files that exist
    index = (memory / "MEMORY.md").read_text()
    assert all((memory / e.file).is_file() for e in parse_index(index, frozenset()).entries), index
    commit_mod.recover(memory / ".autodream")
    after = _active(memory)
    assert after in (old, new)
    assert after == (new if target == "done" else old)
    assert not [name for name in after if name.endswith(".tmp")]  # no temp file left behind


def test_a_file_may_become_a_directory_and_back(tmp_path: Path) -> None:
    memory = write_tree(tmp_path / "memory", {"topics": "a file\n", "old/x.md": "x\n"})
    old = _active(memory)
    staging = Staging.create(memory, tmp_path / "staging")
    (staging.path / "topics").unlink()
    (staging.path / "old" / "x.md").unlink()
    (staging.path / "old").rmdir()
    write_tree(staging.path, {"topics/a.md": "a\n", "old": "now a file\n"})
    new = tree(staging.path)
    run_dir = memory / ".autodream" / "runs" / "r"
    commit_mod.commit(memory, staging.path, staging.changes(), run_dir)
    assert _active(memory) == new
    changes = staging.changes()
    # and back, through rollback after a crash at the last write
    memory2 = write_tree(tmp_path / "memory2", {"topics": "a file\n", "old/x.md": "x\n"})

    def crash(name: str) -> None:
        if name == "replace topics/a.md":
            raise Crash(name)

    with pytest.raises(Crash):
        commit_mod.commit(memory2, staging.path, changes, memory2 / ".autodream" / "runs" / "r",
                          on_step=crash)
    commit_mod.recover(memory2 / ".autodream")
    assert _active(memory2) == old


_PATHS = st.sampled_from(["MEMORY.md", "a.md", "b.md", "d/c.md", "d/e/f.md", "g"])
_TREES = st.dictionaries(_PATHS, st.binary(max_size=40), max_size=5)


@settings(max_examples=60, deadline=None)
@given(old=_TREES, new=_TREES, crash_at=st.integers(min_value=0, max_value=12))
def test_property_any_crash_recovers_to_old_or_new(
    old: dict[str, bytes], new: dict[str, bytes], crash_at: int
) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        memory = write_tree(root / "memory", old)
        staging = Staging.create(memory, root / "staging")
        for rel in list(tree(staging.path)):
            (staging.path / rel).unlink()
        write_tree(staging.path, new)
        changes = staging.changes()
        steps = _steps(changes)

        def crash(name: str) -> None:
            if steps.index(name) == crash_at:
                raise Crash(name)

        try:
            commit_mod.commit(memory, staging.path, changes, root / "memory/.autodream/runs/r",
                              on_step=crash)
            crashed = False
        except Crash:
            crashed = True
        commit_mod.recover(memory / ".autodream")
        after = _active(memory)
        done = not crashed or steps[crash_at] == "done"
        assert after == (new if done else old)


def test_rollback_restores_a_deleted_file_from_its_image_when_the_trash_copy_differs(
    tmp_path: Path,
) -> None:
    memory, staging, changes, _ = _setup(tmp_path)
    old = _active(memory)
    state = memory / ".autodream"
    run_dir = state / "runs" / "run1"
    # the ToolBox keeps the subagent's own deletes under <run>/trash: never confused with ours
    write_tree(run_dir / "trash", {"deploy.md": "the subagent's edited copy\n"})

    def crash(name: str) -> None:
        if name == "delete deploy.md":
            raise Crash(name)

    with pytest.raises(Crash):
        commit_mod.commit(memory, staging.path, changes, run_dir, on_step=crash)
    (run_dir / "removed" / "deploy.md").write_text("damaged\n")
    commit_mod.recover(state)
    assert _active(memory) == old
    assert (run_dir / "trash" / "deploy.md").read_text() == "the subagent's edited copy\n"


@pytest.mark.parametrize(("changes", "order"), [
    # topic files before the index, deletes after it: every index line links a file throughout
    ([("old.md", "deleted"), ("MEMORY.md", "changed"), ("new.md", "added")],
     ["new.md", "MEMORY.md", "old.md"]),
    # a file renamed only in case is deleted first: on a case-insensitive file system the
    # delete after the write would remove the file just written
    ([("Deploy.md", "deleted"), ("deploy.md", "added"), ("MEMORY.md", "changed")],
     ["Deploy.md", "deploy.md", "MEMORY.md"]),
    # a file that becomes a directory makes room first
    ([("topics", "deleted"), ("topics/a.md", "added"), ("MEMORY.md", "changed")],
     ["topics", "topics/a.md", "MEMORY.md"]),
])
def test_the_order_changes_are_applied_in(changes: list[tuple[str, str]], order: list[str]) -> None:
    given = [FileChange(path, kind) for path, kind in changes]  # type: ignore[arg-type]
    assert [c.path for c in commit_mod.apply_order(given)] == order


@needs_dir_fd
@pytest.mark.parametrize("kind", ["changed", "deleted"])
def test_a_folder_swapped_for_a_link_after_the_check_takes_no_write_or_delete_outside(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kind: str
) -> None:
    """``safe_path`` checks each folder by name; the write, rename or delete came after, by
    path again. A folder of the memory dir swapped for a link in between (a sync tool or a
    checkout running beside the dream) had the bytes written, or the file moved away, where
    the link points. Each step now walks the folders by descriptor, never through a link."""
    memory = sample_memory(tmp_path / "memory")
    staging = Staging.create(memory, memory / ".autodream" / "staging" / "run1")
    if kind == "changed":
        write_tree(staging.path, {"sub/ci.md": "ours\n"})
    else:
        (staging.path / "sub" / "ci.md").unlink()
        kept = [line for line in (staging.path / "MEMORY.md").read_text().splitlines(True)
                if "(sub/ci.md)" not in line]
        write_tree(staging.path, {"MEMORY.md": "".join(kept)})
    changes = staging.changes()
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "ci.md").write_text("theirs\n")
    real_safe_path = commit_mod.safe_path
    armed = []

    def safe_path(root: Path, rel: str) -> Path:
        checked = real_safe_path(root, rel)
        if armed and root == memory and rel == "sub/ci.md":
            armed.clear()  # checked: now the folder goes, and a link takes its place
            os.rename(memory / "sub", tmp_path / "sub-moved")
            os.symlink(outside, memory / "sub")
        return checked

    monkeypatch.setattr(commit_mod, "safe_path", safe_path)
    with pytest.raises(OSError):
        commit_mod.commit(memory, staging.path, changes, memory / ".autodream" / "runs" / "r",
                          on_step=lambda name: armed.append(name) if name == "intent" else None)
    assert tree(outside) == {"ci.md": b"theirs\n"}


@needs_dir_fd
@pytest.mark.parametrize("kind", ["deleted", "added, rolled back"])
def test_a_folder_swapped_for_a_link_once_emptied_has_no_outside_folder_removed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kind: str
) -> None:
    """The folders a delete (or the rollback of an add) leaves empty were removed by path: a
    memory folder swapped for a link just after its last file went had the empty folder of
    the same name where the link points removed. They are now removed by descriptor."""
    memory = sample_memory(tmp_path / "memory")
    if kind == "deleted":
        write_tree(memory, {"a/b/c.md": "old\n"})
    staging = Staging.create(memory, memory / ".autodream" / "staging" / "run1")
    if kind == "deleted":
        (staging.path / "a" / "b" / "c.md").unlink()
    else:
        write_tree(staging.path, {"a/b/c.md": "new\n"})
    changes = [c for c in staging.changes() if c.path == "a/b/c.md"]
    outside = tmp_path / "outside"
    (outside / "b").mkdir(parents=True)  # someone's empty folder

    def swap() -> None:
        os.rename(memory / "a", tmp_path / "a-moved")
        os.symlink(outside, memory / "a")

    if kind == "deleted":
        real_rename = commit_mod._rename_between

        def rename_between(src_root: Path, src_rel: str, dst_root: Path, dst_rel: str) -> None:
            real_rename(src_root, src_rel, dst_root, dst_rel)
            if src_root == memory and src_rel == "a/b/c.md":
                swap()  # the file is gone from a/b: now its folder is swapped

        monkeypatch.setattr(commit_mod, "_rename_between", rename_between)
        commit_mod.commit(memory, staging.path, changes, memory / ".autodream" / "runs" / "r")
    else:
        real_unlink = commit_mod.unlink_below

        def unlink_below(root: Path, rel: str) -> None:
            real_unlink(root, rel)
            if root == memory and rel == "a/b/c.md":
                swap()

        def crash(name: str) -> None:
            if name == "replace a/b/c.md":
                raise Crash(name)

        monkeypatch.setattr(commit_mod, "unlink_below", unlink_below)
        with pytest.raises(Crash):
            commit_mod.commit(memory, staging.path, changes,
                              memory / ".autodream" / "runs" / "r", on_step=crash)
    assert (outside / "b").is_dir()
