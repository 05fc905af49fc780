"""A later day a move went on to, said with no word of its own, is moved to as well: said on
2026-12-20, "The launch moved to 3 June, then 10 June." was "moved to 2027-06-03, then on
2026-06-10" (the second day read alone, told of the move's past, as gone by, and an "on" put
before it), a plan whose last day had passed half a year before its first."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from autodream.engine.dates import absolutize
from tests.story import live, parse_story

_DEC_20 = date(2026, 12, 20)


@pytest.mark.parametrize(("said", "read"), [
    ("The launch moved to 3 June, then 10 June.",
     "The launch moved to 2027-06-03, then 2027-06-10."),
    ("The launch moved to 3 June and then 10 June.",
     "The launch moved to 2027-06-03 and then 2027-06-10."),
    ("The launch moved to June 3, then 10 June.",
     "The launch moved to 2027-06-03, then 2027-06-10."),
    ("The launch moved to 3 June, and later 10 June.",
     "The launch moved to 2027-06-03, and later 2027-06-10."),
    ("The demo slipped to 3 June, then 10 June, then 17 June.",
     "The demo slipped to 2027-06-03, then 2027-06-10, then 2027-06-17."),
    ("The launch moved to 5 January, then 12 January.",
     "The launch moved to 2027-01-05, then 2027-01-12."),
    # (as before: its own "to")
    ("The launch moved to 3 June, then to 10 June.",
     "The launch moved to 2027-06-03, then to 2027-06-10."),
])
def test_a_later_day_a_move_went_on_to_is_in_its_year(said: str, read: str) -> None:
    assert absolutize(said, _DEC_20)[0] == read


@pytest.mark.parametrize(("said", "read"), [
    # a day told after the move another way, the subject of its own verb, keeps its year, and
    # its words (an "on" was put before it: "and on 2026-06-30 was missed")
    ("The deadline moved to 10 August, and 30 June was missed.",
     "The deadline moved to 2027-08-10, and 2026-06-30 was missed."),
    ("The deadline moved to 10 August, then 30 June was missed.",
     "The deadline moved to 2027-08-10, then 2026-06-30 was missed."),
    ("The launch is on 3 June and 10 June is the backup.",
     "The launch is on 2027-06-03 and 2027-06-10 is the backup."),
    # (a month alone may be a name: as before)
    ("Ask Bob and April is on leave.", "Ask Bob and April is on leave."),
    # no move: a list of days gone
    ("We met on 3 June, then 10 June and 17 June.",
     "We met on 2026-06-03, then on 2026-06-10 and on 2026-06-17."),
])
def test_a_day_told_after_a_move_another_way_keeps_its_year(said: str, read: str) -> None:
    assert absolutize(said, _DEC_20)[0] == read


def test_a_plan_moved_twice_is_remembered_for_the_coming_june(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    printed = live(parse_story(
        "say 167: Remember: the launch moved to 3 June, then 10 June.\ndream 168\n"),
        tmp_path / "p")
    assert "The launch moved to 2027-06-03, then 2027-06-10." in printed
    assert "2026-06-10" not in printed
