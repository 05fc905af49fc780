"""The story probe (``python -m tests.story``) lives a story through real local dreams."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.story import live, parse_story


def test_a_story_is_dreamed_and_its_memory_printed(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    monkeypatch.setenv("AUTODREAM_NOW", "2026-07-01T00:00:00+00:00")
    story = parse_story("file db.md project: We use Postgres 16 on port 5432.\n"
                        "say 0: Always use pnpm, never npm.\n"
                        "say 1: We moved the dev DB off 5432. The new port is 5433.\n")
    printed = live(story, tmp_path / "p")
    assert printed.startswith("## dream at Tue 2026-07-07 10:00: ok: local engine")
    assert "Always use pnpm, never npm." in printed
    assert "We use Postgres 16 on port 5433." in printed


@pytest.mark.parametrize("line", ["say monday: hi", "remember: x", "file x.md: no type"])
def test_a_line_that_is_no_step_names_its_number(line: str) -> None:
    with pytest.raises(SystemExit, match="line 2: not a story step"):
        parse_story(f"# a story\n{line}\n")
