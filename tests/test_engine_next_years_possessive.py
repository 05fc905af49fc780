""""next year's" after a day said after a preposition is a possessive, not the day's year:
said on 2026-07-06, "On 5 August next year's budget is due." was saved as "On 5 August 2027's
budget is due", the day left unread (its year read as the day's) and the plan dated 2027-08-05.
With no preposition the day may be of what the possessive names ("Remember Dec 1 next year's
launch", next year's 1 December): left as said (72c4f3a read it as this year's, then reverted)."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from autodream.engine.dates import absolutize
from tests.engine_helpers import candidates
from tests.story import live, parse_story

_JULY_6 = date(2026, 7, 6)


@pytest.mark.parametrize(("said", "read"), [
    ("On 5 August next year's budget is due.", "On 2026-08-05 2027's budget is due."),
    ("On August 5 next year's budget is due.", "On 2026-08-05 2027's budget is due."),
    ("On 5 August, next year's budget is due.", "On 2026-08-05, 2027's budget is due."),
    ("By 3 March last year's numbers must be final.",
     "By 2027-03-03 2025's numbers must be final."),
    ("On the 5th of August next year's budget is due.", "On 2026-08-05 2027's budget is due."),
    ("We present on 5 August next year's budget.", "We present on 2026-08-05 2027's budget."),
    ("Before 1 September next year's report must be in.",
     "Before 2026-09-01 2027's report must be in."),
])
def test_a_years_possessive_after_a_day_leaves_the_day_its_own(said: str, read: str) -> None:
    assert absolutize(said, _JULY_6)[0] == read


@pytest.mark.parametrize(("said", "read"), [
    # the year said after the day is its year, as before
    ("The audit is 5 August next year.", "The audit is 2027-08-05."),
    ("We ship 5 August 2027.", "We ship 5 August 2027."),
    ("We ship August 5 2027.", "We ship August 5 2027."),
    ("Next year's budget is due.", "2027's budget is due."),
])
def test_a_year_that_is_the_days_is_read_as_before(said: str, read: str) -> None:
    assert absolutize(said, _JULY_6)[0] == read


# (the review of 72c4f3a: said on 2027-01-10 these were "Remember on 2027-12-01 2028's launch",
# "Mark on 2027-12-01 2028's launch", "2027-12-01 2028's gala": an order for a day a year early)
@pytest.mark.parametrize(("said", "read"), [
    ("Remember Dec 1 next year's launch is the big one.",
     "Remember Dec 1 2028's launch is the big one."),
    ("Mark Dec 1 next year's launch.", "Mark Dec 1 2028's launch."),
    ("Save the date: 1 December next year's gala.", "Save the date: 1 December 2028's gala."),
    ("The 5th of August next year's budget.", "The 5th of August 2028's budget."),
    ("Upon 5 August next year's budget is due.", "Upon 5 August 2028's budget is due."),
])
def test_a_day_with_no_preposition_before_a_years_possessive_is_left_as_said(
        said: str, read: str) -> None:
    assert absolutize(said, date(2027, 1, 10))[0] == read


def test_the_plan_is_dated_by_its_day() -> None:
    [saved] = candidates("On 5 August next year's budget is due.")
    assert saved.text == "On 2026-08-05 2027's budget is due."


@pytest.mark.parametrize("said", [
    # a year written with its possessive is the day's year, only "next/this/last year's" is
    # no day's: these were dated a year early or split from their day ("2026-12-01, 2027's")
    "December 1, 2027's launch is the big one.",
    "We ship before 3 March 2027's freeze.",
    "We keep 1 December 2027's plan.",
    "We missed May 5 2026's deadline.",
])
def test_a_written_years_possessive_stays_the_days_year(said: str) -> None:
    assert absolutize(said, _JULY_6)[0] == said


def test_a_plan_with_a_written_years_possessive_is_planned_in_that_year(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    printed = live(parse_story("say 0: December 1, 2027's launch is the big one.\n"),
                   tmp_path / "p")
    assert "December 1, 2027's launch is the big one." in printed
    assert "Plan work around 2027-12-01." in printed
    assert "2026-12-01" not in printed


def test_the_budget_is_planned_for_the_day_said(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    printed = live(parse_story("say 0: On 5 August next year's budget is due.\n"),
                   tmp_path / "p")
    assert "On 2026-08-05 2027's budget is due." in printed
    assert "Plan work around 2026-08-05." in printed
    assert "2027-08-05" not in printed


def test_a_launch_next_year_is_not_remembered_as_this_years(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    # day 188 is 2027-01-10
    printed = live(parse_story("say 188: Remember Dec 1 next year's launch is the big one.\n"),
                   tmp_path / "p")
    assert "Dec 1 2028's launch is the big one." in printed
    assert "2027-12-01" not in printed
