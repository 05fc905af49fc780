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
