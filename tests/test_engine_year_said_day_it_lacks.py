"""A day its year was said for, which that year lacks, is kept as said: said on 2026-07-06,
"The office closes 29 February next year." was saved as "The office closes on 2028-02-29 in
2027", a day a year later than the one said and a second year beside it."""

from __future__ import annotations

from datetime import date

import pytest

from autodream.engine.dates import absolutize
from tests.engine_helpers import candidates

_JULY_6 = date(2026, 7, 6)


@pytest.mark.parametrize(("said", "read"), [
    ("The office closes 29 February next year.", "The office closes 29 February in 2027."),
    ("The office closes on Feb 29 next year.", "The office closes on Feb 29 in 2027."),
    ("The 29th of February next year is a holiday.",
     "The 29th of February in 2027 is a holiday."),
    ("We met 29 February last year.", "We met 29 February in 2025."),
    ("29 February in 2027 the office closes.", "29 February in 2027 the office closes."),
    ("The report is due 31 June next year.", "The report is due 31 June in 2027."),
])
def test_a_day_the_year_said_lacks_is_left_as_said(said: str, read: str) -> None:
    assert absolutize(said, _JULY_6)[0] == read


@pytest.mark.parametrize(("said", "read"), [
    # a year that has the day dates it, as before
    ("The office closes 29 February in 2028.", "The office closes on 2028-02-29."),
    ("The audit is 5 August next year.", "The audit is 2027-08-05."),
    ("The office closes 28 February next year.", "The office closes on 2027-02-28."),
    # a day said with no year is the next that has it
    ("The office closes 29 February.", "The office closes on 2028-02-29."),
    # "in 2025" before a noun is no year of the day's, and 5 May is in every year
    ("Payments grew 5 May in 2025 numbers.", "Payments grew on 2027-05-05 in 2025 numbers."),
])
def test_a_day_the_year_has_is_dated_as_before(said: str, read: str) -> None:
    assert absolutize(said, _JULY_6)[0] == read


def test_the_plan_is_saved_as_said() -> None:
    assert [c.text for c in candidates("The office closes 29 February next year for the audit.")
            ] == ["The office closes 29 February in 2027 for the audit."]
