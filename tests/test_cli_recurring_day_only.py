"""A memory that gives its day as the only one ("Deploys happen only on Tuesdays.") is switched
when the day is told changed ("Deploys now happen on Thursdays, not Tuesdays."), as one without
"only" is: a second memory was made beside it, both current, and the next dream with no new
session pruned the Tuesday one (an idle dream changed memory). A statement told with "only"
is read as before (the reverted f269415 read it so, and left the Tuesday rule beside it)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.factories import dream_on_day, told_day_by_day, topic_texts
from tests.test_cli_tool_ended_then_used import _dreamt


@pytest.mark.parametrize(("first", "then", "now"), [
    ("Deploys happen only on Tuesdays.", "Deploys now happen on Thursdays, not Tuesdays.",
     "Deploys happen only on Thursdays."),
    ("We deploy only on Tuesdays.", "We deploy on Thursdays now.",
     "We deploy only on Thursdays."),
    ("Deploys happen only on Tuesdays.", "We deploy on Thursdays now.",
     "Deploys happen only on Thursdays."),
])
def test_a_day_given_as_the_only_one_is_switched_at_once(
        tmp_path: Path, first: str, then: str, now: str) -> None:
    # (said again the next day: confirmed)
    root = told_day_by_day(tmp_path / "p", first, then, then)
    ((_, body),) = topic_texts(root).items()
    assert f"\n{now}\n" in body, body
    assert "Switched from Tuesday to Thursday on 2026-07-02" in body, body
    # the dream after it, with no new session, has nothing to change
    before = topic_texts(root)
    dream_on_day(root, 4)
    assert topic_texts(root) == before


def _memory_file(name: str, kind: str, said: str) -> str:
    return f"---\nname: {name}\ndescription: {said}\ntype: {kind}\n---\n\n{said}\n"


def test_the_plain_day_is_switched_beside_one_given_as_the_only_one(tmp_path: Path) -> None:
    """'We deploy every Tuesday.' and 'We deploy only on Tuesdays.' both in memory: the plain
    one is switched, as on main (read as two day rules, neither was: a third memory 'We deploy
    on Thursdays now, not Tuesdays' beside two Tuesday ones, and said again a fourth)."""
    said = "We deploy on Thursdays now, not Tuesdays."
    memory, _ = _dreamt(tmp_path, said, said, files={
        "a.md": _memory_file("a", "project", "We deploy every Tuesday."),
        "b.md": _memory_file("b", "feedback", "We deploy only on Tuesdays."),
        "MEMORY.md": "- [a](a.md) — a\n- [b](b.md) — b\n"})
    topics = topic_texts(memory.parent)
    assert sorted(topics) == ["a.md", "b.md"], topics
    assert "\nWe deploy every Thursday.\n" in topics["a.md"], topics["a.md"]
    assert "Switched from Tuesday to Thursday on 2026-07-01" in topics["a.md"], topics["a.md"]
    dream_on_day(memory.parent, 3)
    assert topic_texts(memory.parent) == topics


@pytest.mark.parametrize("then", [
    "We deploy only on Fridays now.",  # (told with "only": main's 'Updated', one memory)
    "We also deploy on Thursdays.",
    "Hotfixes now happen on Thursdays, not Tuesdays.",
])
def test_what_is_not_the_one_day_moved_switches_nothing(tmp_path: Path, then: str) -> None:
    root = told_day_by_day(tmp_path / "p", "We deploy only on Tuesdays.", then, then)
    assert not any("Switched from Tuesday" in body and "We deploy only" in body
                   for body in topic_texts(root).values())
    before = topic_texts(root)
    dream_on_day(root, 4)
    assert topic_texts(root) == before


def test_a_switch_beside_two_rules_of_its_day_stays_apart_from_them(tmp_path: Path) -> None:
    """Two rules of the Tuesday deploy (a project one and a feedback one), told switched to
    Thursdays: a memory of its own, as the dream wrote it (read as two day rules, neither was
    switched), which the dream after it, with no new session, merged into a.md: 'We deploy only
    on Tuesdays.' and 'We deploy on Thursdays now, not Tuesdays.' one rule, neither told older."""
    memory, _ = _dreamt(tmp_path, "We deploy on Thursdays now, not Tuesdays.", files={
        "a.md": _memory_file("a", "project", "We deploy only on Tuesdays."),
        "b.md": _memory_file("b", "feedback", "Deploys happen only on Tuesdays."),
        "MEMORY.md": "- [a](a.md) — a\n- [b](b.md) — b\n"})
    topics = topic_texts(memory.parent)
    assert topics["a.md"] == _memory_file("a", "project", "We deploy only on Tuesdays.")
    assert len(topics) == 3, topics
    dream_on_day(memory.parent, 2)
    assert topic_texts(memory.parent) == topics


@pytest.mark.parametrize("said", [
    ("Deploys happen only on Tuesdays and Thursdays.",
     "Deploys now happen on Fridays, not Tuesdays."),
    (("We deploy every Tuesday.", "We deploy only on Tuesdays."),
     "We deploy on Thursdays now, not Tuesdays.", "We deploy on Thursdays now, not Tuesdays."),
])
def test_a_switch_kept_beside_a_rule_of_the_day_it_left_is_not_merged_into_it(
        tmp_path: Path, said: tuple[str | tuple[str, ...], ...]) -> None:
    """A day switch the dream kept beside a memory that names the day it left (a rule of two
    days; two Tuesday rules in one file) stays its own memory: the dream after it, with no new
    session, merged it into that rule, the Tuesday rule and the switch away from Tuesdays one
    file (and said again, the day after, the switch was merged there and a second made)."""
    memory, _ = _dreamt(tmp_path, *said)
    topics = topic_texts(memory.parent)
    leads = sorted(body.split("---\n", 2)[2].strip().splitlines()[0] for body in topics.values())
    switch = said[-1]
    assert len(topics) == 2 and switch in leads, topics
    assert sum(switch in body for body in topics.values()) == 1, topics
    dream_on_day(memory.parent, len(said) + 1)
    assert topic_texts(memory.parent) == topics


def test_a_rule_switched_to_every_other_weekday_keeps_a_recurring_day_in_its_title(
        tmp_path: Path) -> None:
    """'Deploys happen only on Tuesdays.' told 'Deploys now happen every other Thursday, not
    Tuesdays.': its title was put to 'Deploys happen only on Thursday', one Thursday, which the
    dream after it, with no new session, dated ('Deploys happen only on 2026-07-09')."""
    root = told_day_by_day(tmp_path / "p", "Deploys happen only on Tuesdays.",
                           "Deploys now happen every other Thursday, not Tuesdays.")
    index = (root / "memory" / "MEMORY.md").read_text(encoding="utf-8")
    assert "[Deploys happen only on Thursdays]" in index, index
    before = topic_texts(root)
    dream_on_day(root, 3)
    assert topic_texts(root) == before


def test_a_rule_switched_twice_leaves_one_current_rule(tmp_path: Path) -> None:
    """'Deploys happen only on Tuesdays.', switched to 'every other Thursday, not Tuesdays', then
    'Deploys now happen on Fridays, not Thursdays.': the Thursday memory was kept apart from the
    Friday switch (it names the day left, not the day taken) for good, two contradicting rules
    current; the next dream supersedes it, as a switch to the day another leaves."""
    said = ("Deploys happen only on Tuesdays.",
            "Deploys now happen every other Thursday, not Tuesdays.",
            "Deploys now happen on Fridays, not Thursdays.",
            "I fixed the login page typo.")
    memory, _ = _dreamt(tmp_path, *said)
    topics = topic_texts(memory.parent)
    ((_, body),) = topics.items()
    assert "\nDeploys now happen on Fridays, not Thursdays.\n" in body, body
    dream_on_day(memory.parent, len(said) + 1)
    assert topic_texts(memory.parent) == topics
