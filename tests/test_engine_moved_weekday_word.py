"""A plan's day moved or put right keeps no weekday of the old day beside the new one: "The demo
is on Friday 2026-07-17" moved to Thursday read "The demo is on Friday 2026-07-16", a day that
is not. The weekday is the new day's ("Thursday 2026-07-16", "2026-07-22 (Wednesday)"); a
weekday elsewhere in the note ("the standup we hold every Friday") stays."""

from __future__ import annotations

import pytest

from autodream.engine.dates import weekday_beside
from autodream.memory.model import parse_topic
from tests.engine_helpers import dreams_over_days, gather, human


def _note(said: list[tuple[int, str]], days: list[int]) -> tuple[str, str]:
    """(name, body) of the one note the dreams leave."""
    (text,) = dreams_over_days(said, days)[-1][1].values()
    entry = parse_topic(text)
    return entry.name, entry.body


_FRIDAY_17 = "The demo is on Friday 2026-07-17."


@pytest.mark.parametrize(("said", "days", "now"), [
    # moved in a later dream (the plan in memory rewritten to its new day)
    ([(0, _FRIDAY_17), (1, "The demo moved to Thursday.")], [0, 1],
     "The demo is on Thursday 2026-07-16"),
    # moved within the dream that first reads the plan
    ([(0, _FRIDAY_17), (1, "The demo moved to Thursday.")], [1],
     "The demo is on Thursday 2026-07-16"),
    # ("is now on Thursday" is read as "moved to Thursday" is: the Thursday of the plan's week)
    ([(0, _FRIDAY_17), (1, "The demo is now on Thursday.")], [1],
     "The demo is on Thursday 2026-07-16"),
    ([(0, _FRIDAY_17), (0, "The demo moved to 2026-07-21.")], [0],
     "The demo is on Tuesday 2026-07-21"),
    # moved by a span of days, or put against the day it was on
    ([(0, _FRIDAY_17), (1, "The demo got brought forward two days.")], [0, 1],
     "The demo is on Wednesday 2026-07-15"),
    ([(0, _FRIDAY_17), (1, "The demo goes out on 2026-07-20 now, not 2026-07-17.")], [0, 1],
     "The demo is on Monday 2026-07-20"),
    # put right ("wait its ... not ...")
    ([(0, _FRIDAY_17), (1, "wait its 2026-07-16 not 2026-07-17")], [0, 1],
     "The demo is on Thursday 2026-07-16"),
    # the weekday after the day, and the short form said ("Fri 17 July")
    ([(0, "The demo is on 2026-07-17 (Friday)."), (1, "The demo is now on 2026-07-22.")],
     [0, 1], "The demo is on 2026-07-22 (Wednesday)"),
    ([(0, "The demo is on Fri 17 July."), (1, "The demo moved to 21 July.")], [0, 1],
     "The demo is on Tuesday 2026-07-21"),
    # dated by its weekday ("Friday the 17th"), moved to a day of the month alone
    ([(0, "The demo is on Friday the 17th."), (1, "The demo moved to the 20th.")], [0, 1],
     "The demo is on Monday 2026-07-20"),
    ([(0, "The demo is on Friday the 17th."), (1, "The demo is now on the 20th.")], [1],
     "The demo is on Monday 2026-07-20"),
])
def test_a_moved_plan_tells_the_weekday_of_its_new_day(
        said: list[tuple[int, str]], days: list[int], now: str) -> None:
    name, body = _note(said, days)
    lead = body.split("\n\n")[0]
    # it read "The demo is on Friday 2026-07-16" (and "Friday 2026-07-09", "Friday
    # 2026-07-21", "2026-07-22 (Friday)", "Friday 2026-07-20")
    assert name == now.removesuffix(" (Wednesday)")  # (a title leaves the brackets out)
    assert lead == now + "."
    assert "Friday" not in body


def test_a_weekday_elsewhere_in_the_note_stays() -> None:
    _, body = _note([
        (0, "The demo is on Friday 2026-07-17, right after the standup we hold every Friday."),
        (1, "The demo moved to 2026-07-21.")], [0, 1])
    assert body.startswith("The demo is on Tuesday 2026-07-21, right after the standup we hold "
                           "every Friday.\n")


def test_a_weekday_said_alone_moved_to_a_day_of_the_month_tells_no_weekday() -> None:
    # "on Friday" is remembered as its day alone (2026-07-10): moved to the 20th, no Friday
    # is left beside it
    name, body = _note([(0, "The demo is on Friday."), (1, "The demo moved to the 20th.")],
                       [0, 1])
    assert name == "The demo is on 2026-07-20"
    assert "day 2026-07-20" not in body


@pytest.mark.parametrize(("text", "now", "put"), [
    ("Demo on FRI, 2026-07-21, a Friday.", "2026-07-21", "Demo on TUE, 2026-07-21, a Tuesday."),
    ("demo on fri 2026-07-16", "2026-07-16", "demo on thu 2026-07-16"),
    ("Review 2026-07-16 (Fri.) first", "2026-07-16", "Review 2026-07-16 (Thu.) first"),
    # a day without its year does not tell its weekday: the old one goes
    ("The demo is on Fri 16 July.", "16 July", "The demo is on 16 July."),
    ("The demo is on 2026-07-16 (Friday).", "July 16", "The demo is on 2026-07-16 (Friday)."),
    # not a weekday beside the day, or no day moved to
    ("The demo is 2026-07-16 (Friday's review first).", "2026-07-16",
     "The demo is 2026-07-16 (Friday's review first)."),
    ("The sync is Friday 3pm.", "3pm", "The sync is Friday 3pm."),
    ("The sync is Friday 3.", "3", "The sync is Friday 3."),
])
def test_the_weekday_beside_a_day_is_its_own(text: str, now: str, put: str) -> None:
    assert weekday_beside(text, now) == put


@pytest.mark.parametrize("said", ["The demo slipped to Mon 20 July.",
                                  "The demo slipped to Monday 20 July.",
                                  "The demo slipped to Monday, July 20.",
                                  "The demo moved to Mon July 20.",
                                  "the demo slipped to mon 20 july"])
def test_a_move_to_a_weekday_and_its_day_is_to_that_day_ahead(said: str) -> None:
    # said on Tuesday 2026-07-07, it was dated 2025-07-20 (told as past, "slipped" read the
    # day as one gone by), and the Friday plan was told "Was planned: the demo slipped to Mon
    # on 2025-07-20"
    (found,) = gather(human(said, day=1)).candidates
    assert found.kind == "plan"
    assert "2026-07-20" in found.text and "2025" not in found.text
    # the plan moves to it, within one dream or in a later one
    for days in ([1], [0, 1]):
        name, body = _note([(0, _FRIDAY_17), (1, said)], days)
        assert name == "The demo is on Monday 2026-07-20"
        assert body.startswith("The demo is on Monday 2026-07-20.\n\nChanged from 2026-07-17 "
                               "to 2026-07-20 on 2026-07-07")


def test_a_plan_told_with_its_weekday_and_a_comma_moves() -> None:
    # "Thursday, 2026-08-06" read as a clause of its own: the move was kept beside the plan,
    # whose title and guidance still gave 2026-08-06
    name, body = _note([(0, "The launch is on Thursday, August 6th."),
                        (1, "The launch moved to August 11th.")], [0, 1])
    assert name == "The launch is on Tuesday, 2026-08-11"
    assert "2026-08-06." not in body.split("\n\n")[0]
    assert "**How to apply:** Plan work around 2026-08-11." in body
