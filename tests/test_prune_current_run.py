"""``keep_runs`` never prunes the dream doing the pruning, nor a run that began after it (one a
clock ahead made: a memory dir synced from another machine); and a dream whose own run dir is
gone after its commit, its state dir where it was, is not told it was moved."""

from __future__ import annotations

import json
import os
import shutil
from calendar import timegm
from pathlib import Path
from time import strptime
from typing import Any

import pytest
from click.testing import CliRunner

from autodream import journal
from autodream.cli import cli
from tests.factories import REPO_ROOT
from tests.memdirs import needs_dir_fd
from tests.test_state_dir_links import NOW, _env, _memory_files

LATER = "2027-01-01T00:00:00Z"  # a clock ahead of NOW


def _sample(tmp_path: Path, keep_runs: int) -> Path:
    sample = tmp_path / "sample_project"
    shutil.copytree(REPO_ROOT / "sample_project", sample)
    with (sample / "autodream.toml").open("a", encoding="utf-8") as fh:
        fh.write(f"keep_runs = {keep_runs}\n")
    return sample


def _run(sample: Path, *args: str, now: str = NOW) -> Any:
    return CliRunner().invoke(cli, [*args, "--project", str(sample)],
                              env={**_env(), "AUTODREAM_NOW": now})


def _runs(sample: Path) -> list[str]:
    return sorted(p.name for p in (sample / "memory" / ".autodream" / "runs").iterdir())


def test_a_dream_keeps_its_own_run_when_a_later_clock_made_one(tmp_path: Path) -> None:
    """keep_runs = 1 and a run dated 2027 (a dry run on a machine whose clock is ahead): the
    dream deleted its own run dir as it pruned, and said its state dir was swapped for a link
    or moved (exit 10); before that, 'run <id> is no longer kept' (exit 9)."""
    sample = _sample(tmp_path, keep_runs=1)
    original = _memory_files(sample / "memory")
    ahead = _run(sample, "--force", "--dry-run", now=LATER)
    assert ahead.exit_code == 0, ahead.output
    [future] = _runs(sample)

    result = _run(sample, "--force", "--json")
    assert result.exit_code == 0, result.output
    dreamt = json.loads(result.stdout)["run_id"]
    # its own run kept, sorting after the one dated ahead (which came before it), that one
    # the oldest and past keep_runs (both were kept once, its own id dated before the other)
    assert dreamt > future and _runs(sample) == [dreamt]
    lock = sample / "memory" / ".consolidate-lock"
    assert lock.stat().st_mtime == timegm(strptime(NOW, "%Y-%m-%dT%H:%M:%SZ"))
    shown = _run(sample, "show", dreamt)
    assert shown.exit_code == 0 and shown.stdout.split()[:2] == ["run", dreamt], shown.output
    undone = _run(sample, "undo", dreamt)
    assert undone.exit_code == 0, undone.output
    assert _memory_files(sample / "memory") == original


def test_pruning_keeps_the_run_in_progress_and_those_begun_after_it(tmp_path: Path) -> None:
    state = tmp_path / "state"
    names = ["20260101T000000Z-0001", "20260301T000000Z-0001", "20260720T090000Z-0001",
             "20270101T000000Z-0001"]
    for name in names:
        journal.run_dir(state, name).mkdir(parents=True)
        (journal.run_dir(state, name) / journal.RECORD_FILENAME).write_text(
            '{"outcome": "committed"}', encoding="utf-8")
    current = names[2]
    assert journal.prune_runs(state, 1, current=current) == names[:2]
    assert _runs_in(state) == names[2:]
    # with more kept than the runs after it, the newest ones count as before
    assert journal.prune_runs(state, 1) == [current]
    assert _runs_in(state) == names[3:]


def _runs_in(state: Path) -> list[str]:
    return sorted(p.name for p in journal.runs_dir(state).iterdir())


@needs_dir_fd
def test_a_run_dir_gone_after_the_commit_is_not_called_a_move(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The dream's own run dir removed after its commit (as pruning did), its state dir where
    it was: the dream said the state dir was swapped for a link, or moved (exit 10), and to put
    the folder back; it says the dream is in memory and what failed, and the lock keeps the
    dream's time. It offered 'take it back: autodream undo <id>', which cannot work with the
    folder gone: it says so, and what can."""
    sample = _sample(tmp_path, keep_runs=200)
    memory = sample / "memory"
    real = journal.prune_runs

    def pruning_itself(state: Path, keep: int, **kwargs: Any) -> list[str]:
        [own] = journal.runs_dir(state).iterdir()  # (the sample's first dream)
        shutil.rmtree(own)
        return real(state, keep, **kwargs)

    monkeypatch.setattr(journal, "prune_runs", pruning_itself)
    result = _run(sample, "--force")
    assert result.exit_code == 6, result.output
    [line] = result.stderr.strip().splitlines()
    assert "swapped for a link" not in line and " moved" not in line
    # (not pruned by keep_runs, as it said: 'raise keep_runs in autodream.toml' kept nothing;
    # nor 'take it back: autodream undo <id>', which has nothing left to undo it with)
    dreamt = line.split()[2]
    assert line == (
        f"Error: dream {dreamt} is in memory, but its folder (runs/{dreamt}) was removed after "
        "its commit, and not by keep_runs (which keeps the dream pruning), so autodream cannot "
        "show or undo it (DREAMS.md says what it changed); to take it back, restore its files "
        "by hand (from git or a backup)")
    assert dreamt in (memory / ".autodream" / "DREAMS.md").read_text("utf-8")
    assert os.path.isdir(memory / ".autodream")
    lock = memory / ".consolidate-lock"
    assert lock.stat().st_mtime == timegm(strptime(NOW, "%Y-%m-%dT%H:%M:%SZ"))
    assert _memory_files(memory) != _memory_files(REPO_ROOT / "sample_project" / "memory")


@needs_dir_fd
def test_a_state_dir_replaced_by_a_fresh_folder_after_the_commit_is_a_move(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """'mv memory/.autodream /tmp/x && mkdir memory/.autodream' once the dream had pruned: a
    folder stands where the state dir was, but not the one the dream began in."""
    sample = _sample(tmp_path, keep_runs=200)
    memory, moved = sample / "memory", tmp_path / "state-moved"
    real = journal.prune_runs

    def replacing(*args: Any, **kwargs: Any) -> list[str]:
        done = real(*args, **kwargs)
        os.rename(memory / ".autodream", moved)
        (memory / ".autodream").mkdir()
        return done

    monkeypatch.setattr(journal, "prune_runs", replacing)
    result = _run(sample, "--force")
    assert result.exit_code == 10, result.output
    [line] = result.stderr.strip().splitlines()
    assert line.startswith(f"Error: {memory / '.autodream'} was replaced by another folder "
                           "after dream ")
    assert line.endswith("put the folder back in place of the folder there now (not the one the "
                         "run began in) to keep the dream in `autodream log` and undo")
    assert not (memory / ".autodream" / "runs").exists()  # no record made in the folder put there
