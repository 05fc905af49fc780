"""The day a thing ends, said with no year after the day it starts said with one, is the first
such day from its start: said on 2026-07-06, "The freeze starts 28 December next year and ends
3 January." was saved as "starts on 2027-12-28 and ends on 2027-01-03", ending a year before it
started; only after a word saying it starts ("starts", "runs from"), not a change's "from ... to
..." ("Change the launch from 1 March next year to 5 February" is to 2027-02-05)."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from autodream.engine.dates import absolutize
from tests.engine_helpers import candidates
from tests.story import live, parse_story

_JULY_6 = date(2026, 7, 6)


@pytest.mark.parametrize(("said", "read"), [
    ("The freeze starts 28 December next year and ends 3 January.",
     "The freeze starts on 2027-12-28 and ends on 2028-01-03."),
    ("The freeze starts 28 December next year and ends on 3 January.",
     "The freeze starts on 2027-12-28 and ends on 2028-01-03."),
    ("The freeze runs from 28 December next year until 3 January.",
     "The freeze runs from 2027-12-28 until 2028-01-03."),
    ("The freeze starts 2027-12-28 and ends 3 January.",
     "The freeze starts 2027-12-28 and ends on 2028-01-03."),
    ("The freeze starts 5 August next year and ends 3 January.",
     "The freeze starts on 2027-08-05 and ends on 2028-01-03."),
    ("The freeze begins 28 December next year and ends 3 January.",
     "The freeze begins on 2027-12-28 and ends on 2028-01-03."),
    # (a day its year lacks is not made: 2028 has 29 February)
    ("The freeze starts 29 Dec next year and ends 29 February.",
     "The freeze starts on 2027-12-29 and ends on 2028-02-29."),
])
def test_the_end_is_the_first_such_day_from_the_start(said: str, read: str) -> None:
    assert absolutize(said, _JULY_6)[0] == read


@pytest.mark.parametrize(("said", "read"), [
    # an end already after its start, as before
    ("The freeze starts 28 December and ends 3 January.",
     "The freeze starts on 2026-12-28 and ends on 2027-01-03."),
    ("The freeze started 28 December last year and ended 3 January.",
     "The freeze started on 2025-12-28 and ended on 2026-01-03."),
    # another clause's day, or another thing's, is not the end
    ("The audit is 5 August next year, until 3 January we test.",
     "The audit is 2027-08-05, until 2027-01-03 we test."),
    ("The review is 2027-02-01 and the sprint ends 3 January.",
     "The review is 2027-02-01 and the sprint ends on 2027-01-03."),
    # a move may be to a day before the one it was on
    ("We moved the launch from 2027-03-01 to 5 February.",
     "We moved the launch from 2027-03-01 to 2027-02-05."),
    # ... and so may a change, or any "from ... to ..." with no word saying a thing starts:
    # these were dated 2028-02-05, a year after the day meant
    ("Change the launch from 1 March next year to 5 February.",
     "Change the launch from 2027-03-01 to 2027-02-05."),
    ("Bring the launch forward from 1 March next year to 5 February.",
     "Bring the launch forward from 2027-03-01 to 2027-02-05."),
    ("Update the launch date from 1 March next year to 5 February.",
     "Update the launch date from 2027-03-01 to 2027-02-05."),
    ("Swap the launch from 1 March next year to 5 February.",
     "Swap the launch from 2027-03-01 to 2027-02-05."),
    ("Launch date: from 1 March next year to 5 February.",
     "Launch date: from 2027-03-01 to 2027-02-05."),
    ("Submit by 1 September next year until 5 May.",
     "Submit by 2027-09-01 until 2027-05-05."),
    ("Change the launch that starts 1 March next year to 5 February.",
     "Change the launch that starts on 2027-03-01 to 2027-02-05."),
    ("From 2027-03-01 to 5 February we freeze.", "From 2027-03-01 to 2027-02-05 we freeze."),
])
def test_other_days_are_dated_as_before(said: str, read: str) -> None:
    assert absolutize(said, _JULY_6)[0] == read


def test_the_plan_is_saved_ending_after_it_starts() -> None:
    [saved] = candidates("The freeze starts 28 December next year and ends 3 January.")
    assert saved.text == "The freeze starts on 2027-12-28 and ends on 2028-01-03."


def test_a_change_to_a_day_before_is_remembered_in_its_year(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    printed = live(parse_story(
        "say 0: Change the launch from 1 March next year to 5 February.\n"), tmp_path / "p")
    assert "Change the launch from 2027-03-01 to 2027-02-05." in printed
    assert "2028" not in printed  # (it was "to 2028-02-05", "Plan work around 2028-02-05")
