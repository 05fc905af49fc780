"""A colleague's name typed in lower case is written as it is written elsewhere."""

from __future__ import annotations

import pytest

from autodream.engine import plan_dream
from autodream.memory.model import parse_topic
from tests.engine_helpers import NOW, gather, human, topic


def _titles(plan_writes: dict[str, str]) -> list[str]:
    return [parse_topic(text).name for f, text in plan_writes.items() if f != "MEMORY.md"]


@pytest.mark.parametrize(("said", "title"), [
    # titled "Ask ana before touching the billing migrations"
    ("ask ana before touching the billing migrations",
     "Ask Ana before touching the billing migrations"),
    ("ping ana before deploying billing", "Ping Ana before deploying billing"),
])
def test_a_name_typed_in_lower_case_is_written_as_memory_writes_it(said: str, title: str) -> None:
    files = {"project_ana.md": topic("Billing owner", "Ana owns the billing service.")}
    plan = plan_dream(files, "- [Billing owner](project_ana.md) — Ana\n",
                      gather(human(said, day=3)).candidates, now=NOW)
    assert title in _titles(plan.writes), _titles(plan.writes)


def test_a_name_typed_in_lower_case_is_written_as_the_sessions_write_it() -> None:
    plan = plan_dream({}, None, gather(
        human("Ana owns the billing service", day=2),
        human("ask ana before touching the billing migrations", day=3)).candidates, now=NOW)
    assert "Ask Ana before touching the billing migrations" in _titles(plan.writes)


@pytest.mark.parametrize("said", [
    # a word that is a name only elsewhere stays the word
    "ask will before touching the billing migrations",
    # a name known nowhere is left as typed
    "ask raj before touching the billing migrations",
])
def test_a_word_no_one_is_named_by_stays_as_typed(said: str) -> None:
    files = {"project_ana.md": topic("Billing owner", "Ana owns the billing service. Will is out.")}
    plan = plan_dream(files, "- [Billing owner](project_ana.md) — Ana\n",
                      gather(human(said, day=3)).candidates, now=NOW)
    assert said[:1].upper() + said[1:] in _titles(plan.writes), _titles(plan.writes)
