"""A dream in memory whose own run folder is gone, or cannot be looked at, after its commit:
what it says must not offer a ``show`` or ``undo`` that cannot work, and ``undo`` with no id
must not pass over the newest dream's missing folder to undo an older dream silently."""

from __future__ import annotations

import errno
import os
import shutil
from calendar import timegm
from datetime import timedelta
from pathlib import Path
from time import strptime
from typing import Any

import pytest
from click.testing import CliRunner

from autodream import journal
from autodream.cli import cli
from tests.factories import REPO_ROOT
from tests.memdirs import NOW as DREAMT_AT
from tests.memdirs import dream, needs_dir_fd, sample_memory, topic, tree
from tests.test_prune_current_run import _run, _sample
from tests.test_state_dir_links import NOW, _memory_files


@needs_dir_fd
def test_a_run_folder_that_cannot_be_looked_at_after_the_commit_is_not_the_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The runs folder unsearchable after the commit (a chmod, another owner): pruning failed
    with 'Permission denied', and looking whether the dream's folder was still there raised
    again while that was handled (Python 3.11's ``is_dir`` lets EACCES through), so the person
    read 'cannot use .../runs/<id>: Permission denied' (exit 1), not that memory holds the
    dream. It says so (exit 6), what failed, and that autodream cannot tell whether it can
    undo it: no 'take it back: autodream undo <id>' it cannot prove."""
    sample = _sample(tmp_path, keep_runs=200)
    memory = sample / "memory"
    runs = str(memory / ".autodream" / "runs")
    real_stat = os.stat

    def unsearchable(path: Any, *args: Any, **kwargs: Any) -> os.stat_result:
        if str(path).startswith(runs + os.sep):
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real_stat(path, *args, **kwargs)

    def pruning(state: Path, keep: int, **kwargs: Any) -> list[str]:
        monkeypatch.setattr(os, "stat", unsearchable)
        raise PermissionError(errno.EACCES, "Permission denied", runs)

    monkeypatch.setattr(journal, "prune_runs", pruning)
    result = _run(sample, "--force")
    monkeypatch.undo()
    assert result.exit_code == 6, result.output
    [line] = result.stderr.strip().splitlines()
    dreamt = line.split()[2]
    assert line == (
        f"Error: dream {dreamt} is in memory (DREAMS.md says what it changed), but what follows "
        f"its commit failed: PermissionError: [Errno 13] Permission denied: '{runs}'; its folder "
        f"(runs/{dreamt}) cannot be looked at (Permission denied), so autodream cannot tell "
        f"whether it can show or undo it: once it can, `autodream show {dreamt}` says")
    assert "undo " + dreamt not in line
    assert _memory_files(memory) != _memory_files(REPO_ROOT / "sample_project" / "memory")
    lock = memory / ".consolidate-lock"
    assert lock.stat().st_mtime == timegm(strptime(NOW, "%Y-%m-%dT%H:%M:%SZ"))


@pytest.mark.parametrize("stop", [KeyboardInterrupt, SystemExit(128 + 15)],
                         ids=["ctrl-c", "sigterm"])
def test_an_interrupt_after_the_commit_offers_no_undo_of_a_folder_gone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, stop: BaseException
) -> None:
    """The dream's folder removed by hand after its commit, then Ctrl-C (or SIGTERM): it said
    'run <id> is in memory (see it: autodream show <id>; take it back: autodream undo <id>)',
    and that undo could only say 'no run'. It says the folder is gone and what can be done."""
    sample = _sample(tmp_path, keep_runs=200)

    def stopped(state: Path, keep: int, **kwargs: Any) -> list[str]:
        [own] = journal.runs_dir(state).iterdir()
        shutil.rmtree(own)
        raise stop

    monkeypatch.setattr(journal, "prune_runs", stopped)
    result = _run(sample, "--force")
    assert result.exit_code in (130, 143), result.output
    [line] = result.stderr.strip().splitlines()
    dreamt = line.split()[5]
    why = "SIGTERM" if isinstance(stop, SystemExit) else "Ctrl-C"
    assert line == (
        f"interrupted after the commit: run {dreamt} is in memory, but its folder "
        f"(runs/{dreamt}) was removed after its commit, so autodream cannot show or undo it "
        "(DREAMS.md says what it changed); to take it back, restore its files by hand (from "
        f"git or a backup); interrupted by {why}")
    undone = _run(sample, "undo", dreamt)
    assert undone.exit_code == 9 and "was removed" in undone.output, undone.output


def test_undo_with_no_id_does_not_pass_over_the_newest_dreams_folder_gone(
    tmp_path: Path,
) -> None:
    """Two dreams, the newest one's folder removed by hand: `autodream undo` undid the older
    dream, silently, and memory lost what it had learned while keeping the newer dream's work
    (and the person believed the newest dream undone). It refuses as `undo <newest>` does,
    memory as it was; after one more dream that changed nothing, the same."""
    memory = sample_memory(tmp_path / "memory")
    state = memory / ".autodream"
    older = dream(memory, {"role.md": topic("Role", "user", "Staff engineer.")})
    newest = dream(memory, {"deploy.md": topic("Deploy", "project", "Postgres 17.")},
                   now=DREAMT_AT + timedelta(days=1))
    shutil.rmtree(journal.run_dir(state, newest.id))
    before = tree(memory)
    said = CliRunner().invoke(cli, ["undo", newest.id],
                              env={"AUTODREAM_MEMORY_DIR": str(memory)})
    assert said.exit_code == 9, said.output
    assert said.output.startswith(f"Error: run {newest.id} is no longer kept: its folder "
                                  f"(runs/{newest.id}) was removed"), said.output
    for _ in range(2):
        result = CliRunner().invoke(cli, ["undo"], env={"AUTODREAM_MEMORY_DIR": str(memory)})
        assert (result.exit_code, result.output) == (said.exit_code, said.output)
        assert tree(memory) == before
        assert [r.id for r in journal.list_runs(state) if r.trigger == "undo"] == []
        # one more dream, nothing committed: its record newest, the gone dream still newest
        dream(memory, {}, now=DREAMT_AT + timedelta(days=2))
    assert journal.load_run(state, older.id).outcome == "committed"


@pytest.mark.parametrize("dreams", [1, 2])
def test_a_dream_undone_before_every_run_folder_was_removed_is_not_told_as_in_memory(
    tmp_path: Path, dreams: int
) -> None:
    """A dream, `autodream undo`, then 'rm -rf memory/.autodream/runs': undo, show and log said
    'DREAMS.md names a dream that changed memory, run <id> ... restore its files by hand',
    of a dream memory no longer holds (restoring it would bring back what was taken back).
    They say it was undone; with an older dream still in place, they name that one."""
    memory = sample_memory(tmp_path / "memory")
    ids = [dream(memory, {"role.md": topic("Role", "user", "Staff engineer.")}).id]
    if dreams == 2:
        ids.append(dream(memory, {"deploy.md": topic("Deploy", "project", "Postgres 17.")},
                         now=DREAMT_AT + timedelta(days=1)).id)
    env = {"AUTODREAM_MEMORY_DIR": str(memory)}
    assert CliRunner().invoke(cli, ["undo"], env=env).exit_code == 0
    [undo_id] = [r.id for r in journal.list_runs(memory / ".autodream")
                 if r.trigger == "undo"]
    shutil.rmtree(memory / ".autodream" / "runs")
    said = (f"no run records in {memory}: the dream DREAMS.md names, run {ids[0]}, was undone "
            f"by run {undo_id}, and the run folders (runs/<id>) were removed since, so memory "
            "holds no dream to show or undo; `autodream --force` dreams now"
            if dreams == 1 else
            f"no run records in {memory}: DREAMS.md names a dream that changed memory, run "
            f"{ids[0]}, but its folder (runs/{ids[0]}) was removed, and not by keep_runs (which "
            "never removes the newest run), so autodream has nothing to show or undo it with; "
            "restore its files by hand (from git or a backup)")
    for command in ("undo", "show"):
        result = CliRunner().invoke(cli, [command], env=env)
        assert (result.exit_code, result.output.strip()) == (9, f"Error: {said}")
    result = CliRunner().invoke(cli, ["log"], env=env)
    assert (result.exit_code, result.output.strip()) == (0, said)


def test_an_interrupt_after_the_commit_with_the_state_dir_moved_says_to_put_it_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The state dir moved away after the commit, then Ctrl-C: the run folder is not gone for
    good, so it is not 'restore its files by hand': the folder put back, undo works."""
    sample = _sample(tmp_path, keep_runs=200)
    state, moved = sample / "memory" / ".autodream", tmp_path / "state-moved"

    def stopped(*args: Any, **kwargs: Any) -> list[str]:
        os.rename(state, moved)
        raise KeyboardInterrupt

    monkeypatch.setattr(journal, "prune_runs", stopped)
    result = _run(sample, "--force")
    assert result.exit_code == 130, result.output
    [line] = result.stderr.strip().splitlines()
    dreamt = line.split()[5]
    assert line == (
        f"interrupted after the commit: run {dreamt} is in memory, but {state} is not the "
        "folder it was committed in (moved, removed or swapped for a link since), so autodream "
        "cannot show or undo it there; put that folder back to show or undo it (DREAMS.md in "
        "it says what the dream changed); interrupted by Ctrl-C")
    os.rename(moved, state)
    monkeypatch.undo()
    assert _run(sample, "undo", dreamt).exit_code == 0
    assert _memory_files(sample / "memory") == _memory_files(
        REPO_ROOT / "sample_project" / "memory")


def _undo(memory: Path, *args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["undo", *args], env={"AUTODREAM_MEMORY_DIR": str(memory)})
    return result.exit_code, result.output


def test_undo_with_no_id_passes_over_a_dream_undone_whose_folders_were_removed_since(
    tmp_path: Path,
) -> None:
    """Two dreams, the newest undone, then its folder and the undo's removed by hand:
    `autodream undo` refused ('run <newest> is no longer kept ... restore its files by hand',
    exit 9) of a dream memory no longer holds, where restoring its files would bring back what
    the person took back. DREAMS.md says it was undone: the older dream, the newest still in
    memory, is undone, as it was before the folders went."""
    memory = sample_memory(tmp_path / "memory")
    state = memory / ".autodream"
    start = tree(memory)
    older = dream(memory, {"role.md": topic("Role", "user", "Staff engineer.")})
    newest = dream(memory, {"deploy.md": topic("Deploy", "project", "Postgres 17.")},
                   now=DREAMT_AT + timedelta(days=1))
    code, said = _undo(memory)
    assert code == 0 and said.startswith(f"undid run {newest.id}: "), said
    (undone,) = [r for r in journal.list_runs(state) if r.trigger == "undo"]
    shutil.rmtree(journal.run_dir(state, newest.id))
    shutil.rmtree(journal.run_dir(state, undone.id))

    code, said = _undo(memory)
    assert code == 0 and said.startswith(f"undid run {older.id}: "), said
    assert tree(memory) == start
    diary = (state / journal.DIARY_FILENAME).read_text("utf-8")
    assert f"Undo of run {newest.id}." in diary and f"Undo of run {older.id}." in diary


@pytest.mark.parametrize("between", ["its own file", "the older dream's file"])
def test_undo_with_no_id_does_not_pass_over_a_folder_removed_below_a_dream_undone(
    tmp_path: Path, between: str
) -> None:
    """Three dreams, the middle one's folder removed by hand: `autodream undo` undid the
    newest, and again passed over the middle one (newer than the dream then newest in place)
    to the first, undoing it silently (memory lost what it learned there and kept the middle
    dream's work) or, where the middle dream changed the same file, refused with 'you edited
    role.md by hand ... use --force' (a hand edit that was the middle dream's, and --force
    undid the first dream over it). It refuses as `undo <middle>` does, memory as it was."""
    memory = sample_memory(tmp_path / "memory")
    state = memory / ".autodream"
    first = dream(memory, {"role.md": topic("Role", "user", "Staff engineer.")})
    middle = dream(memory, {"role.md" if between == "the older dream's file" else "pnpm.md":
                            topic("Role", "user", "Staff engineer, payments.")},
                   now=DREAMT_AT + timedelta(days=1))
    newest = dream(memory, {"deploy.md": topic("Deploy", "project", "Postgres 17.")},
                   now=DREAMT_AT + timedelta(days=2))
    shutil.rmtree(journal.run_dir(state, middle.id))
    code, said = _undo(memory)
    assert code == 0 and said.startswith(f"undid run {newest.id}: "), said
    before = tree(memory)

    code, said = _undo(memory)
    assert code == 9, said
    assert said.startswith(f"Error: run {middle.id} is no longer kept: its folder "
                           f"(runs/{middle.id}) was removed, and not by keep_runs"), said
    assert (code, said) == _undo(memory, middle.id)
    assert tree(memory) == before
    assert [r.undoes for r in journal.list_runs(state) if r.trigger == "undo"] == [newest.id]
    assert journal.load_run(state, first.id).outcome == "committed"
