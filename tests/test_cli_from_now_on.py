"""An ask said with "from now on" (or "going forward", "from here on") at its end is a standing
rule, as the same ask with it in front is, through the CLI; an ask of the work at hand is not."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

import pytest

from tests.factories import project_with_one_session, run_cli

SAID_AT = datetime(2026, 7, 1, 9, 0, tzinfo=timezone.utc)


def _memory(root: Path) -> str:
    """Every memory file's text after a dream."""
    return "\n".join(path.read_text() for path in sorted((root / "memory").glob("*.md")))


# (each was dropped as "an ask of the user's the local engine reads as no rule", or left no
# trace at all, where "From now on, please use British spelling in the docs." is kept)
@pytest.mark.parametrize(("said", "kept"), [
    ("Please use British spelling in the docs from now on.", "Use British spelling in the docs"),
    ("Use British spelling in the docs from now on.", "Use British spelling in the docs"),
    ("Ask me before deleting files from now on.", "Ask the user before deleting files"),
    ("Keep the changelog short going forward.", "Keep the changelog short"),
    ("Write tests first, from here on.", "Write tests first"),
])
def test_an_ask_said_with_from_now_on_last_is_a_standing_rule(
        tmp_path: Path, said: str, kept: str) -> None:
    root = tmp_path / "work"
    project_with_one_session(root, [said], SAID_AT)
    run_cli(root, "--force")

    assert kept in _memory(root)


# (near misses: the work at hand, what points back at the conversation, and a tool chosen, which
# a switch reads and a later switch supersedes, stay as on main)
@pytest.mark.parametrize("said", [
    "Deploy the hotfix from now on.",
    "Use this file from now on.",
    "The build is green from now on.",
])
def test_the_work_at_hand_said_with_from_now_on_is_no_rule(tmp_path: Path, said: str) -> None:
    root = tmp_path / "work"
    project_with_one_session(root, [said], SAID_AT)
    run_cli(root, "--force")

    assert [path.name for path in (root / "memory").glob("*.md")
            if path.name != "MEMORY.md"] == []
