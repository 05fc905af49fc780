"""A span of days with its month said once ("1-5 June", "June 1-5", "1 to 5 June") is dated
whole, both ends in one year: said in July, "The audit ran 1-5 June." became "The audit ran
1-2027-06-05." (the first figure left as a stray number, the second a day of next June)."""

from __future__ import annotations

import re
from datetime import date

import pytest

from autodream.engine.dates import DateOrder, absolutize

_JULY_6 = date(2026, 7, 6)


@pytest.mark.parametrize(("said", "read"), [
    # told as past in July: this year's June
    ("The audit ran 1-5 June.", "The audit ran 2026-06-01 to 2026-06-05."),
    ("The audit ran 1–5 June.", "The audit ran 2026-06-01 to 2026-06-05."),
    ("The audit ran June 1-5.", "The audit ran 2026-06-01 to 2026-06-05."),
    ("The audit ran 1 to 5 June.", "The audit ran 2026-06-01 to 2026-06-05."),
    ("The audit was 1-5 June.", "The audit was 2026-06-01 to 2026-06-05."),
    ("The audit happened June 1st through 5th.",
     "The audit happened 2026-06-01 through 2026-06-05."),
    ("The audit ran the 1st to the 5th of June.", "The audit ran 2026-06-01 to 2026-06-05."),
    # ahead: the first such span not yet over (one going on is this one)
    ("The audit is 1-5 August.", "The audit is 2026-08-01 to 2026-08-05."),
    ("The audit is 1-5 June.", "The audit is 2027-06-01 to 2027-06-05."),
    ("The freeze is 1-10 July.", "The freeze is 2026-07-01 to 2026-07-10."),
    ("The offsite is on 1-3 September.", "The offsite is from 2026-09-01 to 2026-09-03."),
    # a month to each end, over the year's end: the later month in the next year
    ("The freeze ran 28 Dec - 3 Jan.", "The freeze ran 2025-12-28 to 2026-01-03."),
    ("The freeze is Dec 28 - Jan 3.", "The freeze is 2026-12-28 to 2027-01-03."),
])
def test_a_span_of_days_is_dated_whole_in_one_year(said: str, read: str) -> None:
    assert absolutize(said, _JULY_6)[0] == read


def test_a_span_over_the_new_year_told_in_january_is_the_one_just_gone() -> None:
    assert absolutize("The freeze ran 28 Dec - 3 Jan.", date(2027, 1, 10))[0] == (
        "The freeze ran 2026-12-28 to 2027-01-03.")
    # ... and one going on, told in it, is that one
    assert absolutize("The freeze is 28 Dec - 3 Jan.", date(2026, 12, 30))[0] == (
        "The freeze is 2026-12-28 to 2027-01-03.")


def test_a_span_told_as_past_before_it_ends_is_last_years() -> None:
    # as "The freeze ran from 1 June to 5 June." said on 3 June is read
    assert absolutize("The freeze ran 1-5 June.", date(2026, 6, 3))[0] == (
        "The freeze ran 2025-06-01 to 2025-06-05.")


@pytest.mark.parametrize("said", [
    "The audit ran 1-5 June 2026.",  # its year said
    "The audit ran 5-1 June.",  # no span: left as said, not cut in two
    "The audit ran 30-31 June.",  # no such day
    "June 3 - 5 people came.",  # a count after the day
    "The audit moved from 1-5 June to 8-12 June.",  # a move of a span: not read here
])
def test_what_is_no_span_to_date_keeps_its_figures(said: str) -> None:
    # (no first figure left before a dated second: "5-2026-06-01")
    assert re.search(r"\d\s*[-–]\s*\d{4}-\d\d-\d\d", absolutize(said, _JULY_6)[0]) is None


def test_a_day_after_a_number_and_a_spaced_dash_is_still_a_day() -> None:
    # "Phase 2 - 5 June" is the phase's day, not a span from the 2nd
    assert absolutize("Phase 2 - 5 June", _JULY_6)[0] == "Phase 2 - 2027-06-05"


@pytest.mark.parametrize(("said", "ref", "order", "read"), [
    # said on 3 June, day first: the start was read as next June's (2027-06-01) and the end as
    # this one's (2026-06-05)
    ("The freeze is from 1/6 to 5/6.", date(2026, 6, 3), "dmy",
     "The freeze is from 2026-06-01 to 2026-06-05."),
    ("The freeze is from 6/1 to 6/5.", date(2026, 6, 3), "mdy",
     "The freeze is from 2026-06-01 to 2026-06-05."),
    ("I am on call from 1/7 to 10/7.", date(2026, 7, 6), "dmy",
     "I am on call from 2026-07-01 to 2026-07-10."),
    # over the year's end, said in it: the start the December before the end's January
    ("The freeze is from 28/12 to 3/1.", date(2026, 12, 30), "dmy",
     "The freeze is from 2026-12-28 to 2027-01-03."),
    ("The freeze ran from 28/12 to 3/1.", date(2027, 1, 10), "dmy",
     "The freeze ran from 2026-12-28 to 2027-01-03."),
    # told with a dash: "The freeze is 24/7 - 26/7" said on the 25th was 2027-07-24 - 2026-07-26
    ("The freeze is 24/7 - 26/7.", date(2026, 7, 25), "dmy",
     "The freeze is 2026-07-24 - 2026-07-26."),
    # a long span ahead does not start after it ends (2027-03-01 to 2026-11-30)
    ("The freeze is from 1/3 to 30/11.", date(2026, 7, 6), "dmy",
     "The freeze is from 2026-03-01 to 2026-11-30."),
    ("The offsite is from 1 March to 30 November 2026.", date(2026, 7, 6), None,
     "The offsite is from 2026-03-01 to 30 November 2026."),
    # both ends ahead as before, and a move either way round as before
    ("The freeze is from 1/6 to 5/6.", date(2026, 7, 6), "dmy",
     "The freeze is from 2027-06-01 to 2027-06-05."),
    ("The deploy moved from 10/7 to 3/7.", date(2026, 7, 6), "dmy",
     "The deploy moved from 2026-07-10 to 2026-07-03."),
])
def test_both_ends_of_a_span_in_figures_are_in_one_year(
        said: str, ref: date, order: DateOrder | None, read: str) -> None:
    assert absolutize(said, ref, order)[0] == read


def test_a_plan_said_in_june_for_june_is_this_june() -> None:
    assert absolutize("The freeze is 1-5 June.", date(2026, 6, 3))[0] == (
        "The freeze is 2026-06-01 to 2026-06-05.")


@pytest.mark.parametrize(("said", "read"), [
    # "Between 1-5 June the site was down." was "Between 1-2026-06-05 ..."
    ("Between 1-5 June the site was down.",
     "Between 2026-06-01 and 2026-06-05 the site was down."),
    ("The site was down between 1 and 5 June.",
     "The site was down between 2026-06-01 and 2026-06-05."),
    # two days, not a span: as before
    ("We deploy on 1 and 5 June.", "We deploy on 1 and on 2027-06-05."),
])
def test_a_span_between_two_days_is_dated_whole(said: str, read: str) -> None:
    assert absolutize(said, _JULY_6)[0] == read
