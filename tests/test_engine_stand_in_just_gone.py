"""Someone away on days said with no year, said just after those days, was away on them, not
a year later: said on 2026-07-06, "Ana is out 1-3 July, ask Raj about invoices." was saved as
"Ana is out 2027-07-01 to 2027-07-03, ask Raj about invoices.", a stand-in a year ahead, and
"Ana is out until 3 July, ask Raj about invoices." as a stand-in running until 2027-07-03:
invoices went to Raj for a year."""

from __future__ import annotations

from datetime import date

import pytest

from autodream.engine.dates import absolutize
from tests.engine_helpers import candidates

_JULY_6 = date(2026, 7, 6)


@pytest.mark.parametrize(("said", "read"), [
    ("Ana is out 1-3 July, ask Raj about invoices.",
     "Ana is out 2026-07-01 to 2026-07-03, ask Raj about invoices."),
    ("Ana is out June 28 - July 3, ask Raj about invoices.",
     "Ana is out 2026-06-28 to 2026-07-03, ask Raj about invoices."),
    ("Ana's away 1-3 July; ask Raj about invoices.",
     "Ana's away 2026-07-01 to 2026-07-03; ask Raj about invoices."),
    ("Ana is out until 3 July, ask Raj about invoices.",
     "Ana is out until 2026-07-03, ask Raj about invoices."),
    ("Ana's out 20-24 June so ask Raj about invoices.",
     "Ana's out 2026-06-20 to 2026-06-24 so ask Raj about invoices."),
    ("Ana is off on 3 July, so ask Raj about invoices.",
     "Ana is off on 2026-07-03, so ask Raj about invoices."),
    ("Until 3 July, ask Raj about invoices (Ana is out).",
     "Until 2026-07-03, ask Raj about invoices (Ana is out)."),
])
def test_days_away_just_gone_are_this_years(said: str, read: str) -> None:
    assert absolutize(said, _JULY_6)[0] == read


@pytest.mark.parametrize(("said", "read"), [
    # days still to come, as before
    ("Ana is out 8-10 July, ask Raj about invoices.",
     "Ana is out 2026-07-08 to 2026-07-10, ask Raj about invoices."),
    # an absence more than a month gone is one booked for next year, as before
    ("Ana is out 10-14 May, ask Raj about invoices.",
     "Ana is out 2027-05-10 to 2027-05-14, ask Raj about invoices."),
    # nothing said away: the next such days, as before
    ("The audit is 1-3 July.", "The audit is 2027-07-01 to 2027-07-03."),
    ("It is out 1-3 July, ask Raj.", "It is out 2027-07-01 to 2027-07-03, ask Raj."),
    # with no one asked instead, read as any span is (test_engine_span_month_each_end.py)
    ("Ana is out 1-3 July.", "Ana is out 2027-07-01 to 2027-07-03."),
    ("Ana is out 1-3 July and asked Raj to cover.",
     "Ana is out 2027-07-01 to 2027-07-03 and asked Raj to cover."),
    # the year said is the year
    ("Ana is out 1-3 July next year, ask Raj about invoices.",
     "Ana is out 2027-07-01 to 2027-07-03, ask Raj about invoices."),
])
def test_other_days_are_dated_as_before(said: str, read: str) -> None:
    assert absolutize(said, _JULY_6)[0] == read


def test_a_stand_in_just_gone_is_saved_as_past_not_as_a_year_ahead() -> None:
    saved = [c.text for c in candidates("Ana is out 1-3 July, ask Raj about invoices.",
                                        "Mei is out until 3 July, ask Raj about payroll.")]
    assert saved == ["Ana is out 2026-07-01 to 2026-07-03, ask Raj about invoices.",
                     "Until 2026-07-03, ask Raj about payroll (Mei is out)."]
