"""A quarter inside a name ('Reports-2024-Q1.csv') is not a quarter said: it was given a year,
in the memory's text and in its topic file's name."""

from __future__ import annotations

import os
from datetime import datetime, timezone
from pathlib import Path

from click.testing import CliRunner

from autodream.cli import cli
from tests.factories import project_with_one_session, what_a_dream_kept

SAID_AT = datetime(2026, 7, 1, 9, 0, tzinfo=timezone.utc)


def test_a_file_name_holding_a_quarter_is_kept_as_said(tmp_path: Path) -> None:
    root = tmp_path / "work"
    project_with_one_session(root, [
        "Remember: The S3 key is Reports-2024-Q1.csv for the quarterly report.",
    ], SAID_AT)
    environ = {k: v for k, v in os.environ.items()
               if not k.startswith(("AUTODREAM_", "ANTHROPIC_"))}
    environ.update(AUTODREAM_NOW="2026-07-02T09:00:00Z")
    result = CliRunner().invoke(cli, ["--force", "--project", str(root)], env=environ,
                                catch_exceptions=False)
    assert result.exit_code == 0, result.output
    kept = what_a_dream_kept(root)
    assert "Reports-2024-Q1.csv" in kept
    assert "2027" not in kept
    assert not [p.name for p in (root / "memory").glob("*2027*")]
