"""A span over the year's end with its year said after it starts in that year, as "1-5 June last
year" does ("Dec 28 - Jan 3 last year", "in 2028"), where its ends were dated apart; but "next
year" (or the next year's number) names the end's year of the coming span when that is near: said
on 2026-12-20, "closed Dec 24 - Jan 2 next year" closes in four days, not in 2027-12."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from autodream.engine.dates import absolutize
from tests.engine_helpers import candidates
from tests.story import live, parse_story

_JULY_6 = date(2026, 7, 6)


@pytest.mark.parametrize(("said", "read"), [
    ("The freeze was Dec 28 - Jan 3 last year.", "The freeze was 2025-12-28 to 2026-01-03."),
    ("The freeze was 28 Dec - 3 Jan last year.", "The freeze was 2025-12-28 to 2026-01-03."),
    ("The freeze is 28 December to 3 January in 2028.",
     "The freeze is 2028-12-28 to 2029-01-03."),
])
def test_a_span_over_the_years_end_starts_in_the_year_said(said: str, read: str) -> None:
    assert absolutize(said, _JULY_6)[0] == read


# "next year" over the year's end names the end's year where the coming span is near: said on
# 2026-12-20 "closed Dec 24 - Jan 2 next year" was dated 2027-12-24 to 2028-01-02 (the start's
# year), a closure in four days saved as one a year off
@pytest.mark.parametrize(("said", "on", "read"), [
    ("Remember the office is closed Dec 24 - Jan 2 next year.", date(2026, 12, 20),
     "Remember the office is closed 2026-12-24 to 2027-01-02."),
    ("The freeze is Dec 28 - Jan 3 next year.", date(2026, 11, 27),
     "The freeze is 2026-12-28 to 2027-01-03."),
    ("The freeze is 28 Dec - 3 Jan next year.", date(2026, 11, 27),
     "The freeze is 2026-12-28 to 2027-01-03."),
    ("The freeze runs from Dec 28 to Jan 3 next year.", date(2026, 11, 27),
     "The freeze runs from 2026-12-28 to 2027-01-03."),
    ("The freeze is between 28 Dec and 3 Jan next year.", date(2026, 11, 27),
     "The freeze is between 2026-12-28 and 2027-01-03."),
    ("The office is closed Dec 24 - Jan 2 next year.", date(2026, 12, 30),
     "The office is closed 2026-12-24 to 2027-01-02."),
    ("The freeze is 28 December to 3 January in 2027.", date(2026, 12, 20),
     "The freeze is 2026-12-28 to 2027-01-03."),
])
def test_next_year_over_the_years_end_is_the_coming_spans_end(said: str, on: date,
                                                              read: str) -> None:
    assert absolutize(said, on)[0] == read


@pytest.mark.parametrize("on", [date(2027, 1, 5), date(2026, 7, 6)])
def test_next_year_over_the_years_end_far_off_is_never_the_start_after_next(on: date) -> None:
    # (which December is meant is not told: never the one after the coming one)
    read = absolutize("The freeze is Dec 28 - Jan 3 next year.", on)[0]
    assert f"{on.year + 1}-12-28" not in read


@pytest.mark.parametrize(("said", "read"), [
    # with no year said, the next one not yet over, as before
    ("The freeze is Dec 28 - Jan 3.", "The freeze is 2026-12-28 to 2027-01-03."),
    # in one year, as before
    ("The audit is June 1-5 next year.", "The audit is 2027-06-01 to 2027-06-05."),
    # a span running backwards in one month stays as said
    ("The freeze is 28-3 December next year.", "The freeze is 28-3 December in 2027."),
])
def test_other_spans_are_read_as_before(said: str, read: str) -> None:
    assert absolutize(said, _JULY_6)[0] == read


def test_the_plan_is_saved_with_both_ends_in_order() -> None:
    [saved] = candidates("The freeze was Dec 28 - Jan 3 last year.")
    assert saved.text == "The freeze was 2025-12-28 to 2026-01-03."


def test_a_closure_in_four_days_is_remembered_as_one(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    # day 167 is 2026-12-20
    printed = live(parse_story(
        "say 167: Remember the office is closed Dec 24 - Jan 2 next year.\n"), tmp_path / "p")
    assert "The office is closed 2026-12-24 to 2027-01-02." in printed
    assert "2027-12-24" not in printed
