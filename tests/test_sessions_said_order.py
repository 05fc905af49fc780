"""Two sessions started in the same minute: what was said later wins, by the messages' own
timestamps, whichever session started first and whichever id sorts first."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from click.testing import CliRunner

from autodream.cli import cli
from tests.claude_layout import Layout, make_layout
from tests.factories import TranscriptBuilder

DREAM_AT = "2026-07-03T20:00:00+00:00"
MINUTE = datetime(2026, 7, 2, 9, 0, tzinfo=UTC)
LOW_ID, HIGH_ID = "00000000-0000-4000-8000-000000000000", "ffffffff-0000-4000-8000-000000000000"


def _session(layout: Layout, session_id: str, starts_s: float, says_s: float, text: str) -> None:
    """A session that starts ``starts_s`` into the minute with a task, and says ``text``
    ``says_s`` into it (milliseconds kept: Claude Code writes them)."""
    build = TranscriptBuilder(session_id=session_id, cwd=str(layout.project),
                              start=MINUTE + timedelta(seconds=starts_s))
    build.user("Let's look at the failing test first.", advance_s=0).assistant("Sure.", 0.001)
    build.user(text, advance_s=says_s - starts_s - 0.001).assistant("Got it, noted.")
    build.write(layout.sessions_dir)


@pytest.mark.parametrize("billing_id", [LOW_ID, HIGH_ID])
@pytest.mark.parametrize("later", ["billing", "payments"])
def test_the_owner_said_later_wins_whatever_the_session_ids(
        tmp_path: Path, billing_id: str, later: str) -> None:
    layout = make_layout(tmp_path)
    payments_id = HIGH_ID if billing_id == LOW_ID else LOW_ID
    # the session that starts first says its owner last, 130 ms after the other
    first, second = (40.250, 40.120) if later == "billing" else (40.120, 40.250)
    _session(layout, billing_id, 5 if later == "billing" else 20, first, "Priya owns billing.")
    _session(layout, payments_id, 20 if later == "billing" else 5, second,
             "Priya owns payments.")

    dreamt = CliRunner().invoke(cli, ["--force", "--project", str(layout.project)],
                                env=layout.env(AUTODREAM_NOW=DREAM_AT))

    assert dreamt.exit_code == 0 and "2 sessions read" in dreamt.output, dreamt.output
    index = (layout.memory_dir / "MEMORY.md").read_text(encoding="utf-8")
    owners = [line for line in index.splitlines() if line.startswith("- [Priya owns")]
    assert len(owners) == 1 and f"Priya owns {later}" in owners[0], index
