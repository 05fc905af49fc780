"""A span from a day with its month said first to a day of another month ("June 1 to 5 July")
is no span of days in one month: said on 2026-07-06, "The code freeze runs from June 1 to 5
July." was saved as "runs from June 2027-07-01 to 2027-07-05", the month left stray and the
start moved to July."""

from __future__ import annotations

from datetime import date

import pytest

from autodream.engine.dates import absolutize

_JULY_6 = date(2026, 7, 6)


@pytest.mark.parametrize(("said", "read"), [
    ("The code freeze runs from June 1 to 5 July.",
     "The code freeze runs from 2027-06-01 to 2027-07-05."),
    ("The freeze ran from June 1 to 5 July.", "The freeze ran from 2026-06-01 to 2026-07-05."),
    ("From May 3 to 10 June we freeze.", "From 2027-05-03 to 2027-06-10 we freeze."),
    ("Ana is out June 1 to 5 July.", "Ana is out 2027-06-01 to 2027-07-05."),
])
def test_a_span_from_a_month_said_first_keeps_its_start(said: str, read: str) -> None:
    assert absolutize(said, _JULY_6)[0] == read
