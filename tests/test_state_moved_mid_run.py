"""``memory/.autodream`` moved away (``mv memory/.autodream /tmp/x``: a sync tool, a teammate's
checkout) part way through a dream or an undo, at the steps the commit's own checks do not
cover: nothing is made where the folder was, memory is as the run left it, and the run fails
with one line that names the folder and what to do."""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from autodream import journal
from autodream.cli import cli
from tests.factories import REPO_ROOT
from tests.memdirs import needs_dir_fd
from tests.test_state_dir_links import _env, _memory_files


def _sample(tmp_path: Path) -> Path:
    sample = tmp_path / "sample_project"
    shutil.copytree(REPO_ROOT / "sample_project", sample)
    return sample


def _dream(sample: Path) -> Any:
    return CliRunner().invoke(cli, ["--force", "--project", str(sample)], env=_env())


@needs_dir_fd
@pytest.mark.parametrize("after", ["conclude", "prune_runs"])
def test_a_state_dir_moved_after_the_dream_is_concluded_is_not_made_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, after: str
) -> None:
    """Moved once 'conclude' had saved the dream's record, before its read positions were: the
    positions' save made a fresh '.autodream' holding them (and the lock's guard), and the dream
    said "no run '<id>' in .../runs" (exit 9), the folder no longer to be put back; moved once
    old runs were pruned, the same "no run" (nothing made there)."""
    sample = _sample(tmp_path)
    memory, moved = sample / "memory", tmp_path / "state-moved"
    real = getattr(journal, after)

    def moving(*args: Any, **kwargs: Any) -> Any:
        done = real(*args, **kwargs)
        os.rename(memory / ".autodream", moved)
        return done

    monkeypatch.setattr(journal, after, moving)
    result = _dream(sample)
    assert result.exit_code == 10, result.output
    [line] = result.stderr.strip().splitlines()
    assert line.startswith(f"Error: {memory / '.autodream'} was swapped for a link, or moved, "
                           "after dream ")
    assert not os.path.lexists(memory / ".autodream")  # nothing made where it was
    dreamt = _memory_files(memory)

    monkeypatch.undo()
    os.rename(moved, memory / ".autodream")  # put back as the line says
    again = _dream(sample)
    assert again.exit_code == 0, again.output
    assert _memory_files(memory) == dreamt
    assert "no-change" in CliRunner().invoke(
        cli, ["log", "--project", str(sample)], env=_env()).stdout.splitlines()[0]
