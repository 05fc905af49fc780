"""``memory/.autodream`` swapped for a link after the dream's commit is marked done but before its
record is saved (a sync tool, a teammate's checkout): the memory change stands, the record is
saved in the run dir the commit opened, nothing is written where the link points, and the dream
fails with one line that names the swapped folder and what to do (exit 10)."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from autodream.cli import cli
from tests.factories import REPO_ROOT
from tests.memdirs import needs_dir_fd
from tests.test_state_dir_links import _env, _memory_files, _swap_state, _tree


@needs_dir_fd
@pytest.mark.parametrize("at", ["before the record", "before DREAMS.md"])
def test_a_state_dir_swapped_after_the_commit_keeps_the_dream_and_its_record(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, at: str
) -> None:
    """Swapped there, the dream said 'NotADirectoryError: [Errno 20] Not a directory:
    '.autodream'' (exit 6), its record left 'running' in the moved folder."""
    from autodream import journal
    from autodream.memory import commit as commit_mod

    sample = tmp_path / "sample_project"
    shutil.copytree(REPO_ROOT / "sample_project", sample)
    memory = sample / "memory"
    elsewhere, moved = tmp_path / "elsewhere", tmp_path / "state-moved"
    real_commit, real_diary = commit_mod.commit, journal.append_diary
    seen: dict[str, Any] = {}

    def committing(*args: Any, **kwargs: Any) -> None:
        real_commit(*args, **kwargs)
        if at == "before the record":
            seen["copy"] = _swap_state(memory, elsewhere, moved)

    def diary(*args: Any, **kwargs: Any) -> None:
        if at == "before DREAMS.md":
            seen["copy"] = _swap_state(memory, elsewhere, moved)
        real_diary(*args, **kwargs)

    monkeypatch.setattr(commit_mod, "commit", committing)
    monkeypatch.setattr(journal, "append_diary", diary)
    before = _memory_files(memory)
    result = CliRunner().invoke(cli, ["--force", "--project", str(sample)], env=_env())
    assert result.exit_code == 10, result.output
    [line] = result.stderr.strip().splitlines()  # not 'Not a directory'
    assert line.startswith(f"Error: {memory / '.autodream'} was swapped for a link, or moved, "
                           "after dream ")
    assert "memory holds the dream" in line and "put the folder back in place of the link" in line
    dreamt = _memory_files(memory)
    assert dreamt != before  # the dream stands: it was done
    assert _tree(elsewhere) == seen["copy"]  # nothing written where the link points
    [run_id] = [p.name for p in (moved / "runs").iterdir()]
    record = json.loads((moved / "runs" / run_id / "record.json").read_text())
    assert record["outcome"] == "committed" and record["changes"]
    status = CliRunner().invoke(cli, ["status", "--project", str(sample)], env=_env())
    assert f"{memory / '.autodream'} is a symlink" in status.stdout

    # the folder put back as the line says: the dream is in the log, and undo takes it back
    monkeypatch.undo()
    os.unlink(memory / ".autodream")
    os.rename(moved, memory / ".autodream")
    log = CliRunner().invoke(cli, ["log", "--project", str(sample)], env=_env())
    assert log.exit_code == 0 and run_id in log.stdout and "committed" in log.stdout
    undo = CliRunner().invoke(cli, ["undo", run_id, "--project", str(sample)], env=_env())
    assert undo.exit_code == 0, undo.output
    assert _memory_files(memory) == before
