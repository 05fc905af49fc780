"""A disk that fills up during a dream: one line saying so, nothing committed, nothing left.

No disk is filled: ``os.write`` or ``os.replace`` raises ENOSPC from its Nth call on (a disk
that stays full), or at the Nth only (one write after the commit), in the CLI's own process.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from autodream import errors
from autodream.cli import cli

NOW = "2026-07-10T10:00:00+00:00"


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("AUTODREAM_", "ANTHROPIC_"))}
    env.update(AUTODREAM_NOW=NOW, AUTODREAM_NO_CACHE="1")
    return env


def _dream_on_a_full_disk(monkeypatch: pytest.MonkeyPatch, project: Path, call: str, nth: int,
                          *, stays_full: bool = True) -> Any:
    real = getattr(os, call)
    calls = [0]

    def full_from_the_nth(*args: Any, **kwargs: Any) -> Any:
        calls[0] += 1
        if calls[0] == nth or (stays_full and calls[0] > nth):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real(*args, **kwargs)

    with monkeypatch.context() as patched:
        patched.setattr(os, call, full_from_the_nth)
        return CliRunner().invoke(
            cli, ["--force", "--backend", "local", "--project", str(project)], env=_env())


def _memory_files(memory: Path) -> list[str]:
    return sorted(p.name for p in memory.iterdir() if not p.name.startswith("."))


# os.write: 1 the lock's body; os.replace: 2 the run's first record, 3 the scan stamp's
# neighbours, 11-13 the staging's writes and MEMORY.md, 14 the images before the commit
@pytest.mark.parametrize(("call", "nth"), [("write", 1), ("replace", 2), ("replace", 3),
                                           ("replace", 11), ("replace", 13), ("replace", 14)])
def test_a_full_disk_says_so_in_one_line_and_leaves_nothing(
        sample: Path, monkeypatch: pytest.MonkeyPatch, call: str, nth: int) -> None:
    memory = sample / "memory"
    before = {name: (memory / name).read_bytes() for name in _memory_files(memory)}

    dreamt = _dream_on_a_full_disk(monkeypatch, sample, call, nth)

    # was: 'Error: No space left on device' (exit 1, no path) or 'Error: dream failed:
    # OSError: [Errno 28] No space left on device' (exit 6), by where it happened
    said = dreamt.stderr.strip()
    assert dreamt.exit_code == errors.DreamFailed.exit_code, said
    assert said.count("\n") == 0 and said.startswith(
        f"Error: no space left on device writing {memory}"), said
    assert said.endswith("nothing was committed; free space and run again"), said
    assert {name: (memory / name).read_bytes() for name in _memory_files(memory)} == before
    # was: '.consolidate-lock.<pid>.tmp' left in the memory dir
    assert not [p.name for p in memory.iterdir() if p.name.endswith(".tmp")]
    assert not (memory / ".consolidate-lock").exists()  # (none before: rolled back)
    runs = memory / ".autodream" / "runs"
    for run in runs.iterdir() if runs.is_dir() else ():
        # was: an empty run dir ('1 run record(s) could not be read'; show: 'No such file')
        assert (run / "record.json").is_file(), sorted(p.name for p in run.iterdir())
    logged = CliRunner().invoke(cli, ["log", "--project", str(sample)], env=_env())
    # was: the run left 'running', listed as 'interrupted: process N died'
    assert "could not be read" not in logged.output and "interrupted" not in logged.output
    assert "running" not in logged.output, logged.output
    for line in logged.output.splitlines()[:1] if "no dreams yet" not in logged.output else ():
        assert " failed " in line, logged.output
        shown = CliRunner().invoke(cli, ["show", "--project", str(sample)], env=_env())
        assert shown.exit_code == 0, shown.output


def test_a_full_disk_after_the_commit_says_the_dream_is_in_memory(
        sample: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # os.write's last call: the lock's release, after the commit
    dreamt = _dream_on_a_full_disk(monkeypatch, sample, "write", 11, stays_full=False)
    said = dreamt.stderr.strip()
    # was: 'Error: No space left on device' (exit 1), which read as a dream that failed
    assert dreamt.exit_code == errors.DreamFailed.exit_code, said
    assert " is in memory (see it: autodream show " in said, said
    assert said.endswith("after its commit; free space before the next dream"), said
    assert "nothing was committed" not in said
    assert (sample / "memory" / "feedback_dont-add-pandas.md").is_file()


# a disk that fills after the commit and stays full: os.replace from its 25th-27th call (saving
# the read positions, the run's record), os.write from its 11th (the lock's release)
@pytest.mark.parametrize(("call", "nth"), [("replace", 25), ("replace", 27), ("write", 11)])
def test_a_disk_full_after_the_commit_and_staying_full_says_the_dream_is_in_memory(
        sample: Path, monkeypatch: pytest.MonkeyPatch, call: str, nth: int) -> None:
    memory = sample / "memory"
    before = {name: (memory / name).read_bytes() for name in _memory_files(memory)}

    dreamt = _dream_on_a_full_disk(monkeypatch, sample, call, nth)

    said = dreamt.stderr.strip()
    assert {name: (memory / name).read_bytes() for name in _memory_files(memory)} != before
    # was: 'no space left on device writing <memory>: nothing was committed' (the lock's
    # second release, failing too, replaced the error that knew the dream was committed)
    assert dreamt.exit_code == errors.DreamFailed.exit_code, said
    assert said.count("\n") == 0 and "nothing was committed" not in said, said
    run_id = said.split("Error: dream ", 1)[1].split(" ", 1)[0]
    assert (f"dream {run_id} is in memory (see it: autodream show {run_id}; take it back: "
            f"autodream undo {run_id})") in said, said
    assert "No space left on device" in said or "no space was left on device" in said, said
    # what it says is so: that run's files are memory's now
    shown = CliRunner().invoke(cli, ["show", run_id, "--project", str(sample)], env=_env())
    assert shown.exit_code == 0, shown.output


def test_a_full_disk_mid_commit_says_memory_may_be_part_way(
        sample: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    memory = sample / "memory"
    before = {name: (memory / name).read_bytes() for name in _memory_files(memory)}

    # os.replace from its 21st call: memory files, then every roll-back of them
    dreamt = _dream_on_a_full_disk(monkeypatch, sample, "replace", 21)

    said = dreamt.stderr.strip()
    assert {name: (memory / name).read_bytes() for name in _memory_files(memory)} != before
    # was: '... nothing was committed; free space and run again', memory part-rewritten
    assert dreamt.exit_code == errors.DreamFailed.exit_code, said
    assert said.count("\n") == 0 and "nothing was committed" not in said, said
    run_id = said.split(": dream ", 1)[1].split(" ", 1)[0]
    assert said == (f"Error: no space left on device writing {memory}: dream {run_id} was cut "
                    "short while committing, and memory may be part-way through it; free space "
                    "and run again (the next dream first puts memory back as it was; "
                    "`autodream status` names the commit)")
    status = CliRunner().invoke(cli, ["status", "--project", str(sample)], env=_env())
    assert f"interrupted:  run {run_id} stopped mid-commit" in status.output, status.output
    # what it promises: the next dream (one that changes nothing here) puts memory back
    CliRunner().invoke(cli, ["--force", "--dry-run", "--backend", "local", "--project",
                             str(sample)], env=_env())
    assert {name: (memory / name).read_bytes() for name in _memory_files(memory)} == before
