""""May" before "be", "need", "have", "not"... after the figure of a ticket, a bug, an issue or a
"#" is the verb: said on 2026-07-06, "Ticket 5 May need a review." was saved as "Ticket on
2027-05-05 need a review", the ticket's number and the verb read as a day."""

from __future__ import annotations

import re
from datetime import date

import pytest

from autodream.engine.dates import absolutize
from tests.engine_helpers import candidates

_JULY_6 = date(2026, 7, 6)


@pytest.mark.parametrize("said", [
    "Ticket 5 May be a duplicate of ticket 4.",
    "Ticket 5 May need a review.",
    "Bug 12 May have regressed.",
    "Issues 3 and 4 May not apply.",
    "#5 May be a duplicate.",
    "Tickets #5 and #6 May be duplicates.",
    "PR 12 May break CI.",
    "Room 5 May be free.",
    "Incident 7 May also affect billing.",
])
def test_may_after_a_things_figure_is_the_verb(said: str) -> None:
    assert absolutize(said, _JULY_6)[0] == said


def test_the_ticket_is_not_saved_as_a_plan_on_a_day() -> None:
    assert not any(re.search(r"\d{4}-05-", c.text) for c in candidates(
        "Ticket 5 May need a review.", "PR 12 May break CI, run the full suite."))


@pytest.mark.parametrize(("said", "read"), [
    # after a preposition or a verb the figure is a day, as before
    ("Ship 5 May not later than noon.", "Ship on 2027-05-05 not later than noon."),
    ("Close tickets by 5 May.", "Close tickets by 2027-05-05."),
    ("Tickets from 1-5 May require triage.",
     "Tickets from 2027-05-01 to 2027-05-05 require triage."),
    ("Fix ticket 5 by 12 May be sure.", "Fix ticket 5 by 2027-05-12 be sure."),
    ("The ticket is due 5 May, be ready.", "The ticket is due 2027-05-05, be ready."),
    # a ticket's figure before a month no verb follows is a day: the ticket is on it
    ("Ticket 5 May 2027.", "Ticket 5 May 2027."),
    ("Ticket review 5 May.", "Ticket review on 2027-05-05."),
    # a figure with no word before it stays the month: the capital says so, and as the verb it
    # would save nothing (a maybe), where the month's reading keeps every word
    ("5 May be there for the audit.", "2027-05-05 be there for the audit."),
])
def test_the_day_before_may_is_dated_as_before(said: str, read: str) -> None:
    assert absolutize(said, _JULY_6)[0] == read
