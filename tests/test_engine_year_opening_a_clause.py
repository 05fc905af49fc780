"""Days near a year said in the sentence keep the reading they had: a year not at its clause's
start, a possessive, a present verb beside a past one (this year's day, told of the past). The rule
that made a year opening a clause its days' year (68f37be) was reverted (2a46b67)."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from autodream.engine.dates import absolutize
from tests.story import live, parse_story

_JULY_6 = date(2026, 7, 6)


@pytest.mark.parametrize(("said", "on", "read"), [
    # the year not at the clause's start, or a possessive: as before
    ("Revenue in 2025 was reported on 3 March.", _JULY_6,
     "Revenue in 2025 was reported on 2026-03-03."),
    ("The demo is on 10 July, it was on 3 June last year.", _JULY_6,
     "The demo is on 2026-07-10, it was on 2025-06-03."),
    ("Last year we shipped 3 releases, and on 3 June we start the next.", _JULY_6,
     "In 2025 we shipped 3 releases, and on 2027-06-03 we start the next."),
    # a span over the year's end: the coming one, as before (its ends were dated apart in the
    # year, "2027-12-24 - 2027-01-02")
    ("Next year the office closes Dec 24 - Jan 2.", _JULY_6,
     "In 2027 the office closes 2026-12-24 to 2027-01-02."),
    # a day arranged, told or moved then may be another year's
    ("Last year we decided the offsite is on 10 August.", _JULY_6,
     "In 2025 we decided the offsite is on 2026-08-10."),
    ("Last year we moved the demo to 3 June.", _JULY_6,
     "In 2025 we moved the demo to 2026-06-03."),
    # "this year" is left to the tense: said in December, the coming January
    ("This year the office reopens on 5 January.", date(2026, 12, 20),
     "In 2026 the office reopens on 2027-01-05."),
    # a present verb beside a past one, with no year said: this year's day, told of the past
    # (784ace5 put them in 2027; 9ca647d)
    ("On 3 June the build starts failing, and we rolled back.", _JULY_6,
     "On 2026-06-03 the build starts failing, and we rolled back."),
    ("The contract ends on 30 June, but we renewed it.", _JULY_6,
     "The contract ends on 2026-06-30, but we renewed it."),
    ("The contract ends on 30 June next year, but we renewed it.", _JULY_6,
     "The contract ends on 2027-06-30, but we renewed it."),
])
def test_other_days_are_read_as_before(said: str, on: date, read: str) -> None:
    assert absolutize(said, on)[0] == read


def test_a_present_verb_beside_a_past_one_is_remembered_as_this_years_day(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    printed = live(parse_story(
        "say 0: Remember the contract ends on 30 June, but we renewed it.\n"
        "say 0: Remember on 3 June the build starts failing, and we rolled back.\n"),
        tmp_path / "p")
    assert "The contract ends on 2026-06-30, but we renewed it." in printed
    assert "On 2026-06-03 the build starts failing, and we rolled back." in printed
    assert "2027-" not in printed
