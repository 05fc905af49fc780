"""A quarter inside a name ('Reports-2024-Q1.csv') is not a quarter said: it was given a year,
in the memory's text and in its topic file's name."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

from tests.factories import project_with_one_session, run_cli, what_a_dream_kept

SAID_AT = datetime(2026, 7, 1, 9, 0, tzinfo=timezone.utc)


def test_a_file_name_holding_a_quarter_is_kept_as_said(tmp_path: Path) -> None:
    root = tmp_path / "work"
    project_with_one_session(root, [
        "Remember: The S3 key is Reports-2024-Q1.csv for the quarterly report.",
    ], SAID_AT)
    run_cli(root, "--force")
    kept = what_a_dream_kept(root)
    assert "Reports-2024-Q1.csv" in kept
    assert "2027" not in kept
    assert not [p.name for p in (root / "memory").glob("*2027*")]
