"""A day ended and the new day said in one sentence ("We no longer deploy on Tuesdays; we
deploy on Thursdays.") switches the day memory gives, as "We deploy on Thursdays now, not
Tuesdays." does: the sentence was no memory at all (no kind found for it, no decision), the
Tuesday rule left current and the Thursday lost."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.factories import dream_on_day, told_day_by_day, topic_texts
from tests.test_cli_tool_ended_then_used import _dreamt


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
    # (said again the next day, the switch is confirmed: it made a second memory of the
    # sentence, which the dream after it merged into the switched one)
    root = told_day_by_day(tmp_path / "p", rule, then, then)
    ((_, body),) = topic_texts(root).items()
    assert f"\n{now}\n" in body, body
    assert "Switched from Tuesday to Thursday on 2026-07-02; previously Tuesday." in body, body
    before = topic_texts(root)
    dream_on_day(root, 4)
    assert topic_texts(root) == before


@pytest.mark.parametrize(("then", "again"), [
    ("We no longer deploy on Tuesdays; we deploy on Thursdays.",
     "We no longer deploy on Tuesdays; we deploy on Thursdays."),
    ("We no longer release on Mondays; we release on Fridays.",
     "We no longer release on Mondays, we release on Fridays."),
])
def test_the_sentence_that_switched_nothing_said_again_is_one_memory(
        tmp_path: Path, then: str, again: str) -> None:
    """With no day rule to switch, the sentence is a memory of its own; said again, that
    memory is confirmed (a second file was made, which the next dream merged)."""
    memory, _ = _dreamt(tmp_path, "Remember that the API is written in Go.", then, again)
    bodies = topic_texts(memory.parent)
    assert len(bodies) == 2 and sum(f"\n{then}\n" in b for b in bodies.values()) == 1, bodies
    dream_on_day(memory.parent, 4)
    assert topic_texts(memory.parent) == bodies


def test_the_days_told_otherwise_are_the_newer_wording(tmp_path: Path) -> None:
    """'... we deploy on Fridays' after '... we deploy on Thursdays' (no day rule in memory):
    the one memory says Fridays (both were current, and the next dream pruned the older)."""
    memory, _ = _dreamt(tmp_path, "Remember that the API is written in Go.",
                        "We no longer deploy on Tuesdays; we deploy on Thursdays.",
                        "We no longer deploy on Tuesdays; we deploy on Fridays.")
    bodies = topic_texts(memory.parent)
    (deploys,) = [b for b in bodies.values() if "deploy" in b]
    assert "\nWe no longer deploy on Tuesdays; we deploy on Fridays.\n" in deploys, bodies
    dream_on_day(memory.parent, 4)
    assert topic_texts(memory.parent) == bodies


@pytest.mark.parametrize(("first", "said"), [
    # (a memory holding the Tuesday rule and another fact: neither is put in history)
    (("We deploy on Tuesdays.", "Hotfixes deploy on Thursdays."),
     "We no longer deploy on Tuesdays; we deploy on Thursdays."),
    # (a day left that the rule never gave: the Tuesday rule stays beside it)
    ("We deploy on Tuesdays.", "We no longer deploy on Mondays; we deploy on Thursdays."),
])
def test_a_day_ended_that_switches_no_rule_is_a_memory_of_its_own(
        tmp_path: Path, first: str | tuple[str, ...], said: str) -> None:
    """Where no one plain day rule is found to switch, the sentence is kept as it was said,
    beside what memory held, and nothing of that is put in history: main kept no memory of it
    at all (no kind found for it), the Thursday lost with no word why. Said again, it is
    confirmed; the dream after that changes nothing."""
    memory, _ = _dreamt(tmp_path, first, said, said)
    bodies = topic_texts(memory.parent)
    leads = sorted(line for body in bodies.values() for line in body.split("---\n", 2)[2]
                   .split("**Why:**")[0].strip().splitlines() if line)
    held = [first] if isinstance(first, str) else list(first)
    assert leads == sorted([*held, said]), bodies
    assert not any("previously" in body for body in bodies.values()), bodies
    dream_on_day(memory.parent, 4)
    assert topic_texts(memory.parent) == bodies


@pytest.mark.parametrize(("first", "second"), [
    ("We no longer deploy on Tuesdays; we deploy on Thursdays.",
     "We no longer release on Tuesdays; we release on Thursdays."),
    ("We no longer release on Tuesdays; we release on Thursdays.",
     "We no longer deploy on Tuesdays; we deploy on Thursdays."),
])
def test_two_doings_moved_the_same_days_are_two_memories(
        tmp_path: Path, first: str, second: str) -> None:
    """Deploys and releases both moved from Tuesday to Thursday: two memories, and the dream
    after them with no new session keeps both (it pruned the older as superseded by the
    other, alike in every word but the doing)."""
    memory, _ = _dreamt(tmp_path, "Remember that the API is written in Go.", first, second)
    bodies = topic_texts(memory.parent)
    assert sum(f"\n{said}\n" in b for b in bodies.values() for said in (first, second)) == 2, (
        bodies)
    dream_on_day(memory.parent, 4)
    assert topic_texts(memory.parent) == bodies
