"""A plan put off or brought forward by an amount with half a unit more ("The demo got pushed
back a week and a half.") moves: it did nothing, the demo left on its old day (told gone the
day after it, while still ahead). What half a week is to a day is not said: the earlier of the
two whole days is read (10 days later, 11 earlier), and the history line says so."""

from __future__ import annotations

import pytest

from autodream.engine.dates import date_shift
from autodream.memory.model import parse_topic
from tests.engine_helpers import dreams_over_days


@pytest.mark.parametrize(("said", "shift"), [
    ("The demo got pushed back a week and a half.", ("demo", 10)),
    ("We pushed the demo back two and a half weeks.", ("demo", 17)),
    ("The demo slipped 1.5 weeks.", ("demo", 10)),
    ("The demo got brought forward a week and a half.", ("demo", -11)),
    ("The demo got pushed back a day and a half.", ("demo", 1)),
    ("The demo moved up by a day and a half.", ("demo", -2)),
    # whole units as before
    ("The demo got pushed back a week.", ("demo", 7)),
])
def test_half_a_unit_more_is_read_to_the_earlier_day(said: str, shift: tuple[str, int]) -> None:
    assert date_shift(said) == shift


@pytest.mark.parametrize("days", [[0, 2], [2]])
def test_a_plan_pushed_back_a_week_and_a_half_moves(days: list[int]) -> None:
    said = [(0, "The demo is on Friday 2026-07-17."),
            (2, "The demo got pushed back a week and a half.")]
    (text,) = dreams_over_days(said, days)[-1][1].values()
    entry = parse_topic(text)
    # the weekday beside the day is the new day's
    assert entry.name == "The demo is on Monday 2026-07-27"
    assert entry.body.startswith("The demo is on Monday 2026-07-27.\n")
    assert ("Changed from 2026-07-17 to 2026-07-27 on 2026-07-08; previously 2026-07-17 (a week "
            "and a half said, read as 10 days; the day itself was not said).") in entry.body
    assert "Plan work around 2026-07-27." in entry.body


def test_the_move_leaves_another_plan_alone() -> None:
    said = [(0, "The demo is on Friday 2026-07-17."), (0, "The release is on Friday 2026-07-17."),
            (2, "The demo got pushed back a week and a half.")]
    files = dreams_over_days(said, [0, 2])[-1][1]
    bodies = sorted(parse_topic(t).body.split("\n")[0] for t in files.values())
    assert bodies == ["The demo is on Monday 2026-07-27.", "The release is on Friday 2026-07-17."]
