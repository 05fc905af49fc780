"""A recurring day told moved with the new day in the singular and the day left in the plural
("We deploy on Thursday now, not Tuesdays.") is every Thursday, as "... on Thursdays now, not
Tuesdays" is: it was dated as one Thursday ('We deploy on 2026-07-09 now, not Tuesdays.', the
Tuesday rule rewritten with no history, or kept beside it). Said of one week ("..., not
Tuesday", "on Thursday this week, not Tuesdays") it is read as before."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.factories import dream_on_day, told_day_by_day, topic_texts


def _leads(root: Path) -> list[str]:
    """Each memory's first line of body, what it says now."""
    return [body.split("---\n", 2)[2].strip().splitlines()[0]
            for body in topic_texts(root).values()]


@pytest.mark.parametrize(("rule", "moved", "now"), [
    ("We deploy on Tuesdays.", "We deploy on Thursday now, not Tuesdays.",
     "We deploy on Thursdays."),
    ("We deploy on Tuesdays.", "We deploy on Thursday instead of Tuesdays.",
     "We deploy on Thursdays."),
    ("We deploy on Tuesdays.", "From now on, we deploy on Thursday, not Tuesdays.",
     "We deploy on Thursdays."),
    ("We deploy on Tuesdays.", "Deploys happen on Thursday now, not on Tuesdays.",
     "We deploy on Thursdays."),
    ("Standups are on Mondays.", "Standups are on Thursday instead of Mondays.",
     "Standups are on Thursdays."),
    ("We deploy only on Tuesdays.", "We deploy on Thursday now, not Tuesdays.",
     "We deploy only on Thursdays."),
])
def test_a_day_moved_to_in_the_singular_from_days_in_the_plural_switches_the_rule(
        tmp_path: Path, rule: str, moved: str, now: str) -> None:
    root = told_day_by_day(tmp_path / "p", rule, moved)
    assert _leads(root) == [now], topic_texts(root)
    ((_, body),) = topic_texts(root).items()
    old, new = rule.split(" on ")[-1][:-2], now.split(" on ")[-1][:-2]
    assert f"Switched from {old} to {new} on 2026-07-02; previously {old}." in body, body
    assert "2026-07-" not in _leads(root)[0], body
    # the dream after it, with no new session, has nothing to change
    before = topic_texts(root)
    dream_on_day(root, 4)
    assert topic_texts(root) == before


@pytest.mark.parametrize("moved", [
    "We deploy on Thursday, not Tuesday.",
    "We deploy on Thursday this week, not Tuesdays.",
    "We don't deploy on Thursday, not Tuesdays.",
])
def test_a_day_of_one_week_is_not_read_as_every_week(tmp_path: Path, moved: str) -> None:
    """(what main makes of these is left as it is: no switch, no Thursday rule)"""
    root = told_day_by_day(tmp_path / "p", "We deploy on Tuesdays.", moved)
    assert not any("Thursdays" in lead for lead in _leads(root)), topic_texts(root)
    assert not any("Switched from" in body for body in topic_texts(root).values())
