"""A dream run from a subfolder of a project, and a dream that found no session to read."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

from click.testing import CliRunner

from autodream.cli import cli
from tests.claude_layout import make_layout

DREAM_AT = "2026-07-03T20:00:00+00:00"
LOCK_AT = datetime(2026, 7, 1, 8, 0, tzinfo=timezone.utc).timestamp()


def test_a_dream_that_read_no_session_leaves_the_time_gate_where_it_was(tmp_path: Path) -> None:
    layout = make_layout(tmp_path)
    layout.memory_dir.mkdir(parents=True)
    (layout.memory_dir / "MEMORY.md").write_text("# Memory\n", encoding="utf-8")
    layout.set_lock(LOCK_AT)
    env = layout.env(AUTODREAM_NOW=DREAM_AT)

    dreamt = CliRunner().invoke(cli, ["--force", "--project", str(layout.project)], env=env)
    assert dreamt.exit_code == 0 and "0 sessions read" in dreamt.output, dreamt.output
    # was: the lock stamped at the dream's start, so status said 'time closed 0.0 h since the
    # last dream ... next dream possible in 24.0 h', and a session Claude Code was still
    # writing before the dream, filed where this run did not look, was never counted after
    assert layout.lock_path.stat().st_mtime == LOCK_AT
    status = CliRunner().invoke(cli, ["status", "--project", str(layout.project)], env=env)
    assert "time  open   60.0 h since the last dream" in status.output, status.output
