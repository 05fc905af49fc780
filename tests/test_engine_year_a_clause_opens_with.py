"""A year a clause opens with ("last year", "next year", "In 2025,") is the year of the days the
clause tells: said on 2026-07-06, "The demo is on 10 July, last year it was on 3 June." saved
the last demo as this June's ("in 2025 it was on 2026-06-03"). 68f37be read it so and was
reverted (review rev91): it moved a day told in a present clause or arranged then ("Last year
we bought a licence that expires on 30 June" to 2025-06-30, a live licence long gone), part of
a clause only ("reopens on 2026-06-08" beside "closes 2027-06-01"), and a count after "In" as a
year ("In 2000 runs ..." to 2000-06-03). The clause's days now move all together or none, only
where every verb is on that year's side of the telling."""

from __future__ import annotations

from datetime import date

import pytest

from autodream.engine.dates import absolutize
from tests.engine_helpers import candidates

_JULY_6 = date(2026, 7, 6)
_DEC_20 = date(2026, 12, 20)
_JAN_2 = date(2027, 1, 2)
_FEB_10 = date(2026, 2, 10)


@pytest.mark.parametrize(("said", "read"), [
    ("The demo is on 10 July, last year it was on 3 June.",
     "The demo is on 2026-07-10, in 2025 it was on 2025-06-03."),
    ("The freeze runs 10-20 July, last year it ran 1-5 June.",
     "The freeze runs 2026-07-10 to 2026-07-20, in 2025 it ran 2025-06-01 to 2025-06-05."),
    ("Next year the offsite is on 10 August.", "In 2027 the offsite is on 2027-08-10."),
    ("Last year, it was on 3 June.", "In 2025, it was on 2025-06-03."),
    ("In 2025, the demo was on 3 June.", "In 2025, the demo was on 2025-06-03."),
    ("In 2025 we launched on 3 June.", "In 2025 we launched on 2025-06-03."),
    ("Last year our team met on 3 June.", "In 2025 our team met on 2025-06-03."),
    ("Next year the offsite is on 10 August at 9am.",
     "In 2027 the offsite is on 2027-08-10 at 9am."),
])
def test_a_year_a_clause_opens_with_is_its_days_year(said: str, read: str) -> None:
    assert absolutize(said, _JULY_6)[0] == read


def test_the_plan_is_dated_in_the_year_said() -> None:
    [saved] = candidates("Next year the offsite is on 10 August.")
    assert saved.text == "In 2027 the offsite is on 2027-08-10."


@pytest.mark.parametrize(("said", "read"), [
    # a present verb, in a clause of the thing's own: the thing still holds
    ("Last year we bought a licence that expires on 30 June.",
     "In 2025 we bought a licence that expires on 2027-06-30."),
    ("Last year we signed a lease that ends on 30 June.",
     "In 2025 we signed a lease that ends on 2026-06-30."),
    ("Last year we bought a subscription which renews on 30 June.",
     "In 2025 we bought a subscription which renews on 2027-06-30."),
    ("Last year we hired a contractor whose contract ends on 30 June.",
     "In 2025 we hired a contractor whose contract ends on 2026-06-30."),
    ("Last year we renewed the domain until 30 June.",
     "In 2025 we renewed the domain until 2026-06-30."),
])
def test_a_day_told_in_the_present_after_last_year_is_not_last_years(
        said: str, read: str) -> None:
    # (68f37be: each was dated 2025-06-30, a licence or a lease gone a year and a half)
    assert absolutize(said, _DEC_20)[0] == read


def test_a_licence_still_held_is_remembered_with_its_day_ahead() -> None:
    [saved] = candidates("Remember that last year we bought a licence that expires on 30 June.")
    assert saved.text == "In 2025 we bought a licence that expires on 2027-06-30."


@pytest.mark.parametrize(("said", "read"), [
    ("Last year we set the launch for 3 August.", "In 2025 we set the launch for 2026-08-03."),
    ("Last year we bought tickets for 3 August.", "In 2025 we bought tickets for 2026-08-03."),
    ("Last year we chose 3 August for the launch.",
     "In 2025 we chose on 2026-08-03 for the launch."),
    ("Last year we paid the deposit for the wedding on 3 August.",
     "In 2025 we paid the deposit for the wedding on 2026-08-03."),
    ("Last year we decided the offsite is on 10 August.",
     "In 2025 we decided the offsite is on 2026-08-10."),
    ("Last year the team doubled so the launch is on 3 August.",
     "In 2025 the team doubled so the launch is on 2026-08-03."),
    ("Last year we moved the demo to 3 June.", "In 2025 we moved the demo to 2026-06-03."),
])
def test_a_day_arranged_last_year_is_the_day_ahead(said: str, read: str) -> None:
    # (68f37be: 2025-08-03, a plan made last year for this August read as gone)
    assert absolutize(said, _JULY_6)[0] == read


def test_a_plan_arranged_last_year_stays_a_plan_ahead() -> None:
    [saved] = candidates("Last year we set the launch for 3 August.")
    assert saved.kind == "plan"
    assert saved.text == "In 2025 we set the launch for 2026-08-03."


@pytest.mark.parametrize(("said", "ref", "read"), [
    ("Next year the office closes 1-5 June and reopens on 8 June.", _FEB_10,
     "In 2027 the office closes 2027-06-01 to 2027-06-05 and reopens on 2027-06-08."),
    ("Next year: 3 June launch, 10 June party.", _JAN_2,
     "In 2028: 2028-06-03 launch, 2028-06-10 party."),
    ("Next year the launch is on 3 June, not 10 June.", _JAN_2,
     "In 2028 the launch is on 2028-06-03, not on 2028-06-10."),
    ("Last year the launch was on 3 June and the party on 5 June.", _JULY_6,
     "In 2025 the launch was on 2025-06-03 and the party on 2025-06-05."),
    ("Last year it ran from 1 June to 5 June and again on 8 June.", _JULY_6,
     "In 2025 it ran from 2025-06-01 to 2025-06-05 and again on 2025-06-08."),
])
def test_the_days_of_one_clause_move_together(said: str, ref: date, read: str) -> None:
    # (68f37be moved the first day or span only: "closes 2027-06-01 to 2027-06-05 and
    # reopens on 2026-06-08")
    assert absolutize(said, ref)[0] == read


@pytest.mark.parametrize(("said", "read"), [
    # a day the year would not reach leaves the clause's days each read as before
    ("Last year the outage was on 3 June and next Friday we review it.",
     "In 2025 the outage was on 2026-06-03 and on 2026-07-10 we review it."),
    # a year that is the subject opens no clause of days
    ("Next year will be busy: the launch is on 3 August.",
     "In 2027 will be busy: the launch is on 2026-08-03."),
    ("Revenue in 2025 was reported on 3 March.", "Revenue in 2025 was reported on 2026-03-03."),
    ("On 3 June the build starts failing, and we rolled back.",
     "On 2026-06-03 the build starts failing, and we rolled back."),
    ("The contract ends on 30 June, but we renewed it.",
     "The contract ends on 2026-06-30, but we renewed it."),
])
def test_near_misses_are_read_as_before(said: str, read: str) -> None:
    assert absolutize(said, _JULY_6)[0] == read


@pytest.mark.parametrize(("said", "ref", "read"), [
    ("This year the office reopens on 5 January.", _DEC_20,
     "In 2026 the office reopens on 2027-01-05."),
    ("Next year the office closes Dec 24 - Jan 2.", _DEC_20,
     "In 2027 the office closes 2026-12-24 to 2027-01-02."),
])
def test_this_year_and_the_years_end_are_read_as_before(said: str, ref: date, read: str) -> None:
    assert absolutize(said, ref)[0] == read


@pytest.mark.parametrize(("said", "read"), [
    ("In 2000 runs the test failed on 3 June.", "In 2000 runs the test failed on 2026-06-03."),
])
def test_a_count_after_in_is_no_year(said: str, read: str) -> None:
    # (68f37be: 2000-06-03)
    assert absolutize(said, _JULY_6)[0] == read


@pytest.mark.parametrize("said", [
    "In 2048 tests we found 3 failures on 3 June.",
    "Last year the demo was on 3 June and it is on 10 June now.",
])
def test_no_day_is_put_in_a_year_the_clause_does_not_hold(said: str) -> None:
    # (68f37be: "on 2048-06-03"; "on 2025-06-03 and it is on 2027-06-10", the one day of the
    # clause moved)
    read = absolutize(said, _JULY_6)[0]
    assert "2048-06" not in read
    assert "2025-06" not in read
