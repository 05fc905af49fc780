"""A sentence that tells a plan and the last time it happened dates each day by its own
clause's tense: said on 2026-07-06, "The release freeze runs from 10 July to 20 July, it ran
1-5 June last time." put the freeze ahead in 2025 (the whole sentence read as past for "ran"),
and "The demo is on 10 July, it was on 3 June last time." put the last demo in 2027 (the whole
read as ahead for "is")."""

from __future__ import annotations

from datetime import date

import pytest

from autodream.engine.dates import absolutize
from autodream.memory.model import parse_topic
from tests.engine_helpers import dreams_over_days

_JULY_6 = date(2026, 7, 6)


@pytest.mark.parametrize(("said", "read"), [
    # runs ... ran
    ("The release freeze runs from 10 July to 20 July, it ran 1-5 June last time.",
     "The release freeze runs from 2026-07-10 to 2026-07-20, it ran 2026-06-01 to 2026-06-05 "
     "last time."),
    ("The release freeze runs 10-20 July; it ran 1-5 June last year.",
     "The release freeze runs 2026-07-10 to 2026-07-20; it ran 2025-06-01 to 2025-06-05."),
    ("It ran 1-5 June last time, the release freeze runs from 10 July to 20 July.",
     "It ran 2026-06-01 to 2026-06-05 last time, the release freeze runs from 2026-07-10 to "
     "2026-07-20."),
    ("The demo ran on 3 June and runs again on 10 July.",
     "The demo ran on 2026-06-03 and runs again on 2026-07-10."),
    # is on ... was on
    ("The demo is on 10 July, it was on 3 June last time.",
     "The demo is on 2026-07-10, it was on 2026-06-03 last time."),
    ("The freeze is 10-20 July, it was 1-5 June last time.",
     "The freeze is 2026-07-10 to 2026-07-20, it was 2026-06-01 to 2026-06-05 last time."),
    ("The freeze runs 10-20 July, last time 1-5 June.",
     "The freeze runs 2026-07-10 to 2026-07-20, last time 2026-06-01 to 2026-06-05."),
    # starts ... started
    ("The sprint starts on 13 July, it started on 1 June last time.",
     "The sprint starts on 2026-07-13, it started on 2026-06-01 last time."),
    ("The sprint starts 13 July; last time it started 1 June.",
     "The sprint starts on 2026-07-13; last time it started on 2026-06-01."),
    # a deed gone by beside a plan, in either order
    ("The 1-5 June freeze went fine; the next one starts 10 July.",
     "The 2026-06-01 to 2026-06-05 freeze went fine; the next one starts on 2026-07-10."),
    ("The outage on 3 June was bad, the postmortem is on 10 July.",
     "The outage on 2026-06-03 was bad, the postmortem is on 2026-07-10."),
    ("We had the retro on 2 June, and the next retro is on 16 July.",
     "We had the retro on 2026-06-02, and the next retro is on 2026-07-16."),
    ("The license expired on 1 June and we need to renew.",
     "The license expired on 2026-06-01 and we need to renew."),
])
def test_each_clause_dates_its_own_day(said: str, read: str) -> None:
    assert absolutize(said, _JULY_6)[0] == read


@pytest.mark.parametrize(("said", "read"), [
    # one tense, as before
    ("The freeze ran from 1 June to 5 June.", "The freeze ran from 2026-06-01 to 2026-06-05."),
    ("The offsite is from 1 June to 5 June.", "The offsite is from 2027-06-01 to 2027-06-05."),
    ("I ran the tests; the demo starts on 3 August.",
     "I ran the tests; the demo starts on 2026-08-03."),
    # a plan made, moved, wanted or told in the past is still ahead: the clause's past is the
    # telling's, not the day's
    ("The launch, planned for 3 August, is delayed.", "The launch, planned for 2026-08-03, is "
     "delayed."),
    ("It was booked for 3 August, now it is 10 August.",
     "It was booked for 2026-08-03, now it is 2026-08-10."),
    ("We planned the launch for 3 August, it will be big.",
     "We planned the launch for 2026-08-03, it will be big."),
    ("We wanted to ship on 3 August, but it is 10 August now.",
     "We wanted to ship on 2026-08-03, but it is 2026-08-10 now."),
    ("Ana said the demo was on 3 August, so we should prepare.",
     "Ana said the demo was on 2026-08-03, so we should prepare."),
    ("Remember the deadline was 3 August, we need to hurry.",
     "Remember the deadline was 2026-08-03, we need to hurry."),
])
def test_a_day_told_in_one_tense_is_read_as_before(said: str, read: str) -> None:
    assert absolutize(said, _JULY_6)[0] == read


def test_a_plan_beside_its_last_time_is_remembered_ahead() -> None:
    files = dreams_over_days(
        [(0, "The release freeze runs from 10 July to 20 July, it ran 1-5 June last time.")],
        [0])[-1][1]
    (text,) = files.values()
    body = parse_topic(text).body
    assert ("The release freeze runs from 2026-07-10 to 2026-07-20, it ran 2026-06-01 to "
            "2026-06-05 last time.") in body
    assert "Was planned" not in text and "2025" not in text  # a plan still ahead


def test_a_span_gone_by_and_a_plan_said_together_stay_two_memories() -> None:
    # (said in one session; a fix that read "ran 1 June" as done filed the freeze inside the
    # demo's memory)
    files = dreams_over_days([(0, "The freeze ran from 1 June to 5 June."),
                              (0, "The demo ran on 3 June and runs again on 10 July.")], [0])[-1][1]
    assert len(files) == 2
    (freeze,) = [parse_topic(t).body for t in files.values() if "freeze" in t]
    (demo,) = [parse_topic(t).body for t in files.values() if "demo" in t]
    assert "2026-06-01 to 2026-06-05" in freeze and "demo" not in freeze
    assert "The demo ran on 2026-06-03 and runs again on 2026-07-10." in demo
    assert "freeze" not in demo and "Was planned" not in demo


# A clause's own tense moves a day only to the side of the telling day it is nearer to (review
# rev79): a past verb beside a plan put this August's target in 2025, a present verb beside a
# story put this June's sprint in 2027, and a list of days split over two years.
@pytest.mark.parametrize(("said", "read"), [
    # a plan told with "was" or a past verb, beside a clause ahead: this year's, still to come
    ("The target was 3 August, but we will ship on 10 August.",
     "The target was 2026-08-03, but we will ship on 2026-08-10."),
    ("We settled on 3 August for the launch, and we will tell the team.",
     "We settled on 2026-08-03 for the launch, and we will tell the team."),
    ("Our deadline was 3 August, which is tight.", "Our deadline was 2026-08-03, which is tight."),
    ("According to Ana, the demo was on 3 August, so we should prepare.",
     "According to Ana, the demo was on 2026-08-03, so we should prepare."),
    ("The launch was 3 August, is that still right?",
     "The launch was 2026-08-03, is that still right?"),
    # a story told in the present, beside a deed gone by: this year's, gone by
    ("Our sprint runs 15 June to 26 June, and we finished everything.",
     "Our sprint runs 2026-06-15 to 2026-06-26, and we finished everything."),
    ("The lease ends on 30 June; we moved out on 28 June.",
     "The lease ends on 2026-06-30; we moved out on 2026-06-28."),
    ("The PR lands on 2 June and we reverted it on 3 June.",
     "The PR lands on 2026-06-02 and we reverted it on 2026-06-03."),
    # a list of days in one clause, in one year
    ("The next demos are on 3 August, 10 August and 17 August, the last ones were on 1 June and "
     "8 June.",
     "The next demos are on 2026-08-03, 2026-08-10 and on 2026-08-17, the last ones were on "
     "2026-06-01 and on 2026-06-08."),
    ("We met on 1 June and 8 June, and we meet again on 13 July.",
     "We met on 2026-06-01 and on 2026-06-08, and we meet again on 2026-07-13."),
    # ... and a clause's own tense still moves a day that is near: just gone, or soon
    ("The deadline was 5 July, but we will ship on 10 August.",
     "The deadline was 2026-07-05, but we will ship on 2026-08-10."),
    ("The sprint ran 1 June to 12 June, and the next one runs 13 July to 24 July.",
     "The sprint ran 2026-06-01 to 2026-06-12, and the next one runs 2026-07-13 to 2026-07-24."),
])
def test_a_clause_moves_a_day_only_to_its_nearer_side(said: str, read: str) -> None:
    assert absolutize(said, _JULY_6)[0] == read


def test_the_nearer_side_is_read_over_the_new_year() -> None:
    # said on 3 January: the sprint over the new year has just ended, the freeze is a week
    # ahead and the last one was two weeks ago (not "this year's" December, eleven months on)
    jan_3 = date(2026, 1, 3)
    assert absolutize("Our sprint runs 29 December to 2 January, and we finished everything.",
                      jan_3)[0] == ("Our sprint runs 2025-12-29 to 2026-01-02, and we finished "
                                    "everything.")
    assert absolutize("The freeze is on 10 January, it was on 20 December last time.",
                      jan_3)[0] == "The freeze is on 2026-01-10, it was on 2025-12-20 last time."


def test_a_plan_told_with_a_past_verb_is_remembered_as_this_years_plan() -> None:
    files = dreams_over_days(
        [(0, "We settled on 3 August for the launch, and we will tell the team.")], [0])[-1][1]
    (text,) = files.values()
    assert "We settled on 2026-08-03 for the launch" in parse_topic(text).body
    assert "Plan work around 2026-08-03" in text and "2025" not in text


def test_a_sprint_gone_by_told_in_the_present_is_no_plan_for_next_year() -> None:
    files = dreams_over_days(
        [(0, "Our sprint runs 15 June to 26 June, and we finished everything.")], [0])[-1][1]
    (text,) = files.values()
    assert "Our sprint runs 2026-06-15 to 2026-06-26" in parse_topic(text).body
    assert "2027" not in text and "Plan work around" not in text


@pytest.mark.parametrize(("said_on", "said", "read"), [
    # said in January, August is far either way: a plan told with "was" is this year's
    (date(2026, 1, 3), "The target was 3 August, but we will ship on 10 August.",
     "The target was 2026-08-03, but we will ship on 2026-08-10."),
    # said in March, a story told in the present with no day gone beside it: both days in
    # one year, last June's
    (date(2026, 3, 15), "The PR lands on 2 June and we reverted it on 3 June.",
     "The PR lands on 2025-06-02 and we reverted it on 2025-06-03."),
    (date(2026, 3, 15), "Our sprint runs 15 June to 26 June, and we finished everything.",
     "Our sprint runs 2025-06-15 to 2025-06-26, and we finished everything."),
])
def test_a_day_far_from_the_telling_is_read_as_the_sentence_is(said_on: date, said: str,
                                                               read: str) -> None:
    assert absolutize(said, said_on)[0] == read
