"""A span over the year's end with its year said: which end the year is said of is not told, so
the span meant is the one near the telling day where there is one (under way, just ended, or
starting within a quarter), and one the year starts in where it is gone by ("Dec 28 - Jan 3
last year"). Left as said, its ends were dated apart: said on 2026-12-20, "closed Dec 24 - Jan
2 next year" was "closed on 2026-12-24 - 2027-01-02", "runs from Dec 28 to Jan 3 next year"
"from 2026-12-28 to Jan 3 in 2027"; and reading the year as the start's always (4904de5, then
reverted) put a closure that had just ended a year ahead ("was closed Dec 24 - Jan 2 this year"
said on 2027-01-10: 2027-12-24 to 2028-01-02)."""

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
def test_a_span_over_the_years_end_gone_or_far_starts_in_the_year_said(said: str,
                                                                       read: str) -> None:
    assert absolutize(said, _JULY_6)[0] == read


@pytest.mark.parametrize(("said", "on", "read"), [
    # the coming one, starting within a quarter or under way, ends in the next year
    ("Remember the office is closed Dec 24 - Jan 2 next year.", date(2026, 12, 20),
     "Remember the office is closed 2026-12-24 to 2027-01-02."),
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
    # "this year": the one just ended or under way ends in it ...
    ("The office was closed Dec 24 - Jan 2 this year.", date(2027, 1, 10),
     "The office was closed 2026-12-24 to 2027-01-02."),
    ("The office is closed Dec 24 - Jan 2 this year.", date(2027, 1, 2),
     "The office is closed 2026-12-24 to 2027-01-02."),
    ("The winter schedule is Oct 1 - Mar 31 this year.", date(2026, 2, 10),
     "The winter schedule is 2025-10-01 to 2026-03-31."),
    # ... the coming one starts in it
    ("The office is closed Dec 24 - Jan 2 this year.", date(2026, 12, 20),
     "The office is closed 2026-12-24 to 2027-01-02."),
    ("The winter schedule is Oct 1 - Mar 31 this year.", date(2026, 10, 15),
     "The winter schedule is 2026-10-01 to 2027-03-31."),
])
def test_a_span_over_the_years_end_near_the_telling_is_the_one_meant(said: str, on: date,
                                                                     read: str) -> None:
    assert absolutize(said, on)[0] == read


@pytest.mark.parametrize(("said", "on", "read"), [
    # far off, "next year" and "this year" name neither surely: as at 0bf28c0, its ends
    # dated apart
    ("The freeze is Dec 28 - Jan 3 next year.", _JULY_6,
     "The freeze is 2026-12-28 - 2027-01-03."),
    ("The freeze is Dec 28 - Jan 3 in 2027.", _JULY_6, "The freeze is 2026-12-28 - 2027-01-03."),
    ("The freeze is Dec 28 - Jan 3 next year.", date(2027, 1, 5),
     "The freeze is 2027-12-28 - 2028-01-03."),
    ("The freeze is Dec 28 - Jan 3 this year.", _JULY_6,
     "The freeze is 2025-12-28 - 2026-01-03."),
    # "last year" of one not over yet is the one before ("was ... last year", said in winter)
    ("The winter schedule was Oct 1 - Mar 31 last year.", date(2026, 2, 10),
     "The winter schedule was 2024-10-01 - 2025-03-31."),
    # with no year said, the next one not yet over; in one year; a span running backwards
    ("The freeze is Dec 28 - Jan 3.", _JULY_6, "The freeze is 2026-12-28 to 2027-01-03."),
    ("The audit is June 1-5 next year.", _JULY_6, "The audit is 2027-06-01 to 2027-06-05."),
    ("The freeze is 28-3 December next year.", _JULY_6, "The freeze is 28-3 December in 2027."),
])
def test_other_spans_are_read_as_before(said: str, on: date, read: str) -> None:
    assert absolutize(said, on)[0] == read


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


def test_a_closure_just_ended_this_year_is_not_put_a_year_ahead(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    # day 180 is 2027-01-02 (the closure under way), day 188 2027-01-10 (just ended)
    printed = live(parse_story(
        "say 180: Remember the office is closed Dec 24 - Jan 5 this year.\n"
        "say 188: Remember the office was closed Dec 24 - Jan 2 this year.\n"), tmp_path / "p")
    assert "The office was closed 2026-12-24 to 2027-01-02." in printed
    assert "2027-12-24" not in printed
