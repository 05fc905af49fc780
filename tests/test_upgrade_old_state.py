"""A user upgrading: the state dirs older versions wrote, read by this one.

The fixtures under tests/fixtures/old_state/COMMIT were written by autodream at COMMIT
(tests/fixtures/old_state/make.sh COMMIT): two sessions, a dream after each, the first session
touched (nothing added) before the second dream.
"""

from __future__ import annotations

import os
import shutil
from datetime import datetime
from pathlib import Path

from click.testing import CliRunner

from autodream.cli import cli

FIXTURES = Path(__file__).parent / "fixtures" / "old_state"
MADE_AT = "/tmp/adold/proj"  # where make.sh made the project; the records name it
FIRST = "aaaaaaaa-0000-4000-8000-000000000001.jsonl"  # "I prefer ruff over flake8 ..."
SECOND = "aaaaaaaa-0000-4000-8000-000000000002.jsonl"  # "I use uv ..."
UV_FILE = "feedback_user-uses-uv-manage-virtualenvs-never.md"


def _stamp(iso: str) -> float:
    return datetime.fromisoformat(iso.replace("Z", "+00:00")).timestamp()


def old_project(tmp_path: Path, commit: str) -> Path:
    """The fixture as the user has it: at its own path, with the mtimes git does not keep."""
    project = tmp_path / "proj"
    shutil.copytree(FIXTURES / commit, project)
    for path in project.rglob("*.json"):
        path.write_text(path.read_text(encoding="utf-8").replace(MADE_AT, str(project)),
                        encoding="utf-8")
    sessions = project / "sessions"
    os.utime(sessions / FIRST, (_stamp("2026-07-23T11:00:00Z"),) * 2)
    os.utime(sessions / SECOND, (_stamp("2026-07-23T10:01:00Z"),) * 2)
    lock = project / "memory" / ".consolidate-lock"
    lock.touch()
    os.utime(lock, (_stamp("2026-07-24T09:00:00Z"),) * 2)
    return project


def run(project: Path, *args: str, now: str = "2026-07-27T09:00:00Z") -> tuple[int, str]:
    result = CliRunner().invoke(cli, [*args, "--project", str(project)],
                                env={"AUTODREAM_NOW": now, "AUTODREAM_BACKEND": None})
    return result.exit_code, result.output


def test_undo_of_a_dream_recorded_before_read_positions_says_its_sessions_are_not_read_again(
    tmp_path: Path,
) -> None:
    project = old_project(tmp_path, "dc14aac")
    memory = project / "memory"
    assert (memory / UV_FILE).exists()
    code, out = run(project, "undo")
    assert code == 0, out
    assert not (memory / UV_FILE).exists()
    # the record keeps no positions to rewind: the person is told, not left waiting
    note = next(line for line in out.splitlines() if line.startswith("note: "))
    assert "recorded by an older autodream" in note and "not read its 2 session(s) again" in note
    assert "reads again" not in out
    code, out = run(project, "--force")
    assert code == 0, out
    assert "0 sessions read" in out and not (memory / UV_FILE).exists()


def test_undo_of_an_older_dream_reads_again_only_what_it_read(tmp_path: Path) -> None:
    """25f83b4 listed a transcript it only found touched (nothing new read) among the dream's
    read positions, before and after the same; the undo marked it to be read again, so the
    scan gate opened for it and the next dream counted it as read."""
    project = old_project(tmp_path, "25f83b4")
    memory = project / "memory"
    code, out = run(project, "undo")
    assert code == 0, out
    first_line = out.splitlines()[0]
    assert first_line.endswith("the next dream reads again what it read in 1 transcript(s)")
    code, out = run(project, "status")
    assert "touched since the last dream, 1 to read again after an undo (an undo took" in out, out
    code, out = run(project, "--force")
    assert code == 0, out
    assert "1 session read" in out and (memory / UV_FILE).exists()
    ruff = [p.name for p in memory.glob("*.md") if "ruff" in p.name]
    assert ruff == ["feedback_user-prefers-ruff-flake8-linting.md"], "read once, kept once"
