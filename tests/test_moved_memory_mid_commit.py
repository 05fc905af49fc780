"""A dream killed mid-commit, then its memory dir moved or copied (``mv p copy``, ``cp -a``):
the commit's intent names the folder it was applying to, and recovery skipped it as another
memory dir's, so the run stayed 'running' for good (``log``: 'the next dream rolls back
anything it applied'; ``undo``: 'committed nothing (running)') with half of the dream in memory
(review rev90). Rolled back in the folder it is in now, where its files prove it is that one."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from autodream import journal
from autodream.memory import commit as commit_mod
from tests.memdirs import NOW, sample_memory, tree, write_tree
from tests.test_killed_pid_taken import _everything, _kill_dream


@pytest.mark.parametrize("how", ["moved", "copied"])
def test_a_memory_dir_moved_after_a_dream_was_killed_mid_commit_is_rolled_back(
    tmp_path: Path, how: str
) -> None:
    """Killed as it replaced role.md (extra.md added, deploy.md not yet deleted)."""
    memory = sample_memory(tmp_path / "p" / "memory")
    old = tree(memory)
    record = _kill_dream(memory, "replace role.md")
    left = _everything(memory)
    if how == "moved":
        shutil.move(tmp_path / "p", tmp_path / "copy")
    else:
        shutil.copytree(tmp_path / "p", tmp_path / "copy", symlinks=True)
    here = tmp_path / "copy" / "memory"
    state = here / ".autodream"
    assert (here / "extra.md").exists()

    journal.recover(here, state, NOW)
    assert tree(here) == old
    closed = journal.load_run(state, record.id)
    assert closed.outcome == "failed" and "rolled back" in closed.reason, closed.reason
    assert commit_mod.commit_state(journal.run_dir(state, record.id)) == "rolled-back"
    assert not journal.staging_dir(state, record.id).exists()
    if how == "copied":  # (the folder it was made in is its own recovery's, untouched here)
        assert _everything(memory) == left


def test_a_state_dir_copied_into_another_memory_dir_is_not_rolled_back_there(
    tmp_path: Path,
) -> None:
    """The state dir of a memory dir whose dream was killed mid-commit, copied into another
    memory dir (whose role.md and extra.md happen to be what that commit wrote): its files are
    not that memory's, so nothing of it is written into this one."""
    memory = sample_memory(tmp_path / "p" / "memory")
    _kill_dream(memory, "replace role.md")
    other = sample_memory(tmp_path / "q" / "memory")
    write_tree(other, {"role.md": (memory / "role.md").read_bytes(),
                       "extra.md": (memory / "extra.md").read_bytes(),
                       "notes.md": "Only in q.\n"})
    shutil.copytree(memory / ".autodream", other / ".autodream", symlinks=True)
    theirs = tree(other)

    journal.recover(other, other / ".autodream", NOW)
    assert tree(other) == theirs
    [pending] = commit_mod.pending_commits(other / ".autodream")
    assert commit_mod.commit_state(pending) == "applying"
