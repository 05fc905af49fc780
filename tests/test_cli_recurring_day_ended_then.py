"""A day ended and the new day said in one sentence ("We no longer deploy on Tuesdays; we
deploy on Thursdays.") switches the day memory gives, as "We deploy on Thursdays now, not
Tuesdays." does: the sentence was no memory at all (no kind found for it, no decision), the
Tuesday rule left current and the Thursday lost."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.factories import dream_on_day, told_day_by_day
from tests.test_cli_tool_ended_then_used import _dreamt


def _topics(root: Path) -> dict[str, str]:
    return {p.name: p.read_text(encoding="utf-8") for p in sorted((root / "memory").glob("*.md"))
            if p.name != "MEMORY.md"}


@pytest.mark.parametrize(("rule", "then", "now"), [
    ("We deploy on Tuesdays.", "We no longer deploy on Tuesdays; we deploy on Thursdays.",
     "We deploy on Thursdays."),
    ("We deploy on Tuesdays.", "We no longer deploy on Tuesdays, we deploy on Thursdays.",
     "We deploy on Thursdays."),
    ("We release on Tuesdays.", "We no longer release on Tuesdays; we release on Thursdays.",
     "We release on Thursdays."),
    ("The team deploys on Tuesdays.",
     "The team no longer deploys on Tuesdays; the team deploys on Thursdays.",
     "The team deploys on Thursdays."),
])
def test_a_day_ended_and_the_new_day_said_switch_the_day(
        tmp_path: Path, rule: str, then: str, now: str) -> None:
    root = told_day_by_day(tmp_path / "p", rule, then)
    ((_, body),) = _topics(root).items()
    assert f"\n{now}\n" in body, body
    assert "Switched from Tuesday to Thursday on 2026-07-02; previously Tuesday." in body, body
    before = _topics(root)
    dream_on_day(root, 3)
    assert _topics(root) == before


@pytest.mark.parametrize(("first", "said"), [
    # (a memory holding the Tuesday rule and another fact: neither is put in history)
    (("We deploy on Tuesdays.", "Hotfixes deploy on Thursdays."),
     "We no longer deploy on Tuesdays; we deploy on Thursdays."),
    # (a day left that the rule never gave: the Tuesday rule stays beside it)
    ("We deploy on Tuesdays.", "We no longer deploy on Mondays; we deploy on Thursdays."),
])
def test_a_day_ended_that_switches_no_rule_is_a_memory_of_its_own(
        tmp_path: Path, first: str | tuple[str, ...], said: str) -> None:
    memory, _ = _dreamt(tmp_path, first, said)
    bodies = "\n".join(_topics(memory.parent).values())
    assert f"\n{said}\n" in bodies, bodies
    assert "\nWe deploy on Tuesdays." in bodies and "previously" not in bodies, bodies
    assert isinstance(first, str) or "Hotfixes deploy on Thursdays." in bodies, bodies
