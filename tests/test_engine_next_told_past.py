""""next" said of what is told in the past names the one that came next then: said on
2026-07-06, "The next demo was on 3 June." was read as ahead by its "next" and saved as a plan
for 2027-06-03, a day a year off that no one said (review rev96 of 89b5327, whose plural "The
next demos were on 3 June." did the same)."""

from __future__ import annotations

from datetime import date

import pytest

from autodream.engine.dates import absolutize
from tests.engine_helpers import candidates


@pytest.mark.parametrize(("said", "saved"), [
    ("The next demo was on 3 June.", "The next demo was on 2026-06-03."),
    ("The next demo was 3 June.", "The next demo was 2026-06-03."),
    ("The next release was on 3 June.", "The next release was on 2026-06-03."),
    ("The next meeting was on 1 July, and it went well.",
     "The next meeting was on 2026-07-01, and it went well."),
    # (both far: the past verb tells)
    ("The next demo was on 3 March.", "The next demo was on 2026-03-03."),
])
def test_the_next_one_told_in_the_past_is_gone_by(said: str, saved: str) -> None:
    assert [(c.kind, c.text) for c in candidates(said)] == [("fact", saved)]


@pytest.mark.parametrize(("said", "saved"), [
    # a day soon to come, told as it was set, or beside what is now
    ("The next demo was set for 3 August.", "The next demo was set for 2026-08-03."),
    ("The next demo was on 3 August, now it is on 10 August.",
     "The next demo was on 2026-08-03, now it is on 2026-08-10."),
    ("The next demo was on 3 June, now on 10 July.",
     "The next demo was on 2026-06-03, now on 2026-07-10."),
    # each clause its own tense
    ("The next demo was on 3 June and the one after is on 10 August.",
     "The next demo was on 2026-06-03 and the one after is on 2026-08-10."),
    # (as before)
    ("The next demo is on 3 June.", "The next demo is on 2027-06-03."),
    ("The next demo is on 3 August.", "The next demo is on 2026-08-03."),
])
def test_a_next_one_still_to_come_stays_a_plan(said: str, saved: str) -> None:
    assert [(c.kind, c.text) for c in candidates(said)] == [("plan", saved)]


@pytest.mark.parametrize(("said", "saved"), [
    # a past denied is past: said on 2026-12-20 it was saved as a plan for 2027-06-03 ("Plan
    # work around 2027-06-03"), or, dated in June, told as a passed plan ("Was planned: ...")
    ("The next demo wasn't on 3 June.", "The next demo wasn't on 2026-06-03."),
    ("The demo wasn't on 3 June.", "The demo wasn't on 2026-06-03."),
    # (typographic quotes are read and kept as ASCII ones)
    ("The next demo wasn’t on 3 June.", "The next demo wasn't on 2026-06-03."),
    ("The next demo was on 3 June.", "The next demo was on 2026-06-03."),
])
@pytest.mark.parametrize("day", [0, 167])
def test_the_one_told_in_the_past_denied_is_gone_by_too(said: str, saved: str, day: int) -> None:
    assert [(c.kind, c.text) for c in candidates(said, day=day)] == [("fact", saved)]


@pytest.mark.parametrize(("said", "read"), [
    # a "wasn't" of another clause, of no day, or asking: the day is read as it is told (said
    # on 2026-07-06 each was 2025-08-03)
    ("It wasn't easy, but we ship on 3 August.", "It wasn't easy, but we ship on 2026-08-03."),
    ("Weren't we meeting on 3 August?", "Weren't we meeting on 2026-08-03?"),
    ("The launch wasn't set for 3 August.", "The launch wasn't set for 2026-08-03."),
    ("The date wasn't final yet: 3 August.", "The date wasn't final yet: 2026-08-03."),
])
def test_a_wasnt_not_the_days_own_verb_leaves_it_ahead(said: str, read: str) -> None:
    assert absolutize(said, date(2026, 7, 6))[0] == read


def test_a_plan_after_a_wasnt_is_saved_as_a_plan() -> None:
    # (it was saved as "We planned to ship on 2025-08-03.")
    assert [(c.kind, c.text) for c in candidates("It wasn't easy, but we ship on 3 August.")] == [
        ("plan", "It wasn't easy, but we ship on 2026-08-03.")]


@pytest.mark.parametrize("said_on", [date(2026, 7, 6), date(2026, 12, 20)])
@pytest.mark.parametrize(("said", "read"), [
    # a day denied and corrected by one ahead is a plan's, as before (was 2026-06-03)
    ("The meeting wasn't on 3 June; it is on 10 June.",
     "The meeting wasn't on 2027-06-03; it is on 2027-06-10."),
    ("The demo wasn't on 3 June, it will be on 10 June.",
     "The demo wasn't on 2027-06-03, it will be on 2027-06-10."),
])
def test_a_day_denied_and_corrected_by_a_day_ahead_stays_ahead(
        said: str, said_on: date, read: str) -> None:
    assert absolutize(said, said_on)[0] == read


@pytest.mark.parametrize(("said", "read"), [
    ("The next demo wasn't on 3 June.", "The next demo wasn't on 2026-06-03."),
    ("The demo wasn't on 3 June, it was on 4 June.",
     "The demo wasn't on 2026-06-03, it was on 2026-06-04."),
])
def test_a_day_denied_with_no_day_ahead_is_gone_by(said: str, read: str) -> None:
    assert absolutize(said, date(2026, 12, 20))[0] == read
