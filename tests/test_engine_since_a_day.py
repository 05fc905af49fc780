"""A day of a month said "since" is one gone by: said on 2026-12-20, "Deploys are paused since
Monday 13 July." was saved as a plan, "since 2026-12-14 on 2027-07-13" (the weekday read alone as
the last Monday, the day as one ahead with an "on" no one said), and "since 13 July" as
2027-07-13."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from autodream.engine.dates import absolutize
from tests.story import live, parse_story


@pytest.mark.parametrize(("said", "on", "read"), [
    ("Deploys are paused since Monday 13 July.", date(2026, 12, 20),
     "Deploys are paused since Monday 2026-07-13."),
    ("Deploys are paused since Monday, July 13.", date(2026, 12, 20),
     "Deploys are paused since Monday, 2026-07-13."),
    ("Deploys are paused since 13 July.", date(2026, 12, 20),
     "Deploys are paused since 2026-07-13."),
    ("We've been on Node 20 since 3 April.", date(2026, 12, 20),
     "We've been on Node 20 since 2026-04-03."),
    ("Deploys are paused since Monday 13 July.", date(2026, 7, 16),
     "Deploys are paused since Monday 2026-07-13."),
    # a day soon to come, said loosely for "from": as before, the one its weekday names
    ("Deploys are paused since Monday 13 July.", date(2026, 7, 2),
     "Deploys are paused since Monday 2026-07-13."),
    ("Deploys are paused since 13 July.", date(2026, 7, 8),
     "Deploys are paused since 2026-07-13."),
    # (as before)
    ("Deploys are paused since Monday.", date(2026, 12, 20),
     "Deploys are paused since 2026-12-14."),
    ("Deploys have been paused since 13 July.", date(2026, 7, 8),
     "Deploys have been paused since 2025-07-13."),
])
def test_a_day_since_which_a_thing_holds_is_gone_by(said: str, on: date, read: str) -> None:
    assert absolutize(said, on)[0] == read


def test_a_pause_since_a_day_is_remembered_as_a_fact_not_a_plan(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    printed = live(parse_story(
        "say 167: Remember: deploys are paused since Monday 13 July.\ndream 168\n"),
        tmp_path / "p")
    assert "Deploys are paused since Monday 2026-07-13." in printed
    assert "2027" not in printed and "Plan work around" not in printed


@pytest.mark.parametrize(("said", "on", "read"), [
    # a day to come in the sentence: as read before (said in December the first was "Since
    # 2026-07-13, deploys are paused until 2027-07-20", the second 2026-07-13 despite "will")
    ("Since 13 July, deploys are paused until 20 July.", date(2026, 12, 20),
     "Since 2027-07-13, deploys are paused until 2027-07-20."),
    ("The office will be closed since 13 July.", date(2026, 12, 20),
     "The office will be closed since 2027-07-13."),
    # the weekday picks the year it names, and one that names neither is not read back to a
    # day it is not (said on 2026-07-06 this was 2025-07-13, a Sunday)
    ("Since Tuesday 13 July.", date(2026, 7, 6), "Since Tuesday 2026-07-13."),
    ("Deploys are paused since Tuesday 13 July.", date(2026, 12, 20),
     "Deploys are paused since Tuesday 2027-07-13."),
])
def test_a_day_since_which_is_read_as_before_beside_a_day_to_come(
        said: str, on: date, read: str) -> None:
    assert absolutize(said, on)[0] == read


_DEC_20 = date(2026, 12, 20)


@pytest.mark.parametrize(("said", "read"), [
    # a day that is the subject after "since": a cause, the day as read before (the first was
    # 2026-06-03 beside a plan on 2027-06-04)
    ("Since 3 June is a holiday, we ship on 4 June.",
     "Since 2027-06-03 is a holiday, we ship on 2027-06-04."),
    ("Since 1 May is a bank holiday, the release is on 2 May.",
     "Since 2027-05-01 is a bank holiday, the release is on 2027-05-02."),
    ("Since 3 June is taken, the demo is on 10 June.",
     "Since 2027-06-03 is taken, the demo is on 2027-06-10."),
    ("since 3 June falls on a Wednesday, we ship then.",
     "since 2027-06-03 falls on a Wednesday, we ship then."),
    ("Since Monday 13 July is a holiday, we ship on Tuesday 14 July.",
     "Since Monday 2027-07-13 is a holiday, we ship on Tuesday 2027-07-14."),
    # a day to come told after it another way: no year-long span
    ("Deploys are paused since 13 July, back on 20 July.",
     "Deploys are paused since 2027-07-13, back on 2027-07-20."),
    ("The freeze holds since 13 July; we resume on 20 July.",
     "The freeze holds since 2027-07-13; we resume on 2027-07-20."),
    ("Deploys are paused since 13 July until Friday 17 July.",
     "Deploys are paused since 2027-07-13 until Friday 2027-07-17."),
])
def test_a_since_of_a_cause_or_before_a_day_to_come_is_read_as_before(
        said: str, read: str) -> None:
    assert absolutize(said, _DEC_20)[0] == read


def test_since_25_december_as_a_cause_said_in_july() -> None:
    assert absolutize("Since 25 December is a holiday, we release on 28 December.",
                      date(2026, 7, 6))[0] == (
        "Since 2026-12-25 is a holiday, we release on 2026-12-28.")
