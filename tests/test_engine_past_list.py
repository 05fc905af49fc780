"""Each day of a list told of a deed gone by is in the deed's past: said on 2026-07-06, "The team
met on 3 June, 10 June and 17 June." put every day in June 2027 ("met" is no word
``_PAST_WORDING`` knows; the day's own clause, which knows it, was only asked where the sentence
had more than one), and with "then" before the later days only those ("2026-06-03, then on
2027-06-10 and on 2027-06-17"): one list, one tense."""

from __future__ import annotations

from datetime import date

import pytest

from autodream.engine.dates import absolutize

_JULY_6 = date(2026, 7, 6)


@pytest.mark.parametrize(("said", "read"), [
    ("The team met on 3 June, 10 June and 17 June.",
     "The team met on 2026-06-03, 2026-06-10 and on 2026-06-17."),
    ("The team met 3 June, 10 June and 17 June.",
     "The team met on 2026-06-03, 2026-06-10 and on 2026-06-17."),
    ("The team met on 3 June, 10 June and on 17 June.",
     "The team met on 2026-06-03, 2026-06-10 and on 2026-06-17."),
    ("The team met on 3 June, 10 June, 17 June.",
     "The team met on 2026-06-03, 2026-06-10, 2026-06-17."),
    ("The team met on 3 June, then 10 June and 17 June.",
     "The team met on 2026-06-03, then on 2026-06-10 and on 2026-06-17."),
    ("We met on 3 June.", "We met on 2026-06-03."),
    # (a deed's day far from both sides is the one gone: the irregular past tells it)
    ("We met on 3 January.", "We met on 2026-01-03."),
    # (as a list told with a word it knew was)
    ("The demos were on 3 June, 10 June and 17 June.",
     "The demos were on 2026-06-03, 2026-06-10 and on 2026-06-17."),
])
def test_the_days_of_a_past_list_are_the_ones_gone(said: str, read: str) -> None:
    assert absolutize(said, _JULY_6)[0] == read


@pytest.mark.parametrize(("said", "read"), [
    # a plan's list stays ahead (e85589c)
    ("The next demos are on 3 August, 10 August and 17 August.",
     "The next demos are on 2026-08-03, 2026-08-10 and on 2026-08-17."),
    # a day the clause puts ahead
    ("We chose 3 June as the next deadline.", "We chose 2027-06-03 as the next deadline."),
    ("The next meeting is on 3 June.", "The next meeting is on 2027-06-03."),
    ("We sent the invoice for 3 June.", "We sent the invoice for 2027-06-03."),
])
def test_a_list_or_a_day_not_told_gone_stays_ahead(said: str, read: str) -> None:
    assert absolutize(said, _JULY_6)[0] == read
