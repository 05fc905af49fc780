"""A span or a move told by two days with no year ("from 1 June to 5 June") has both ends in
one year, the year the day it runs to is read in: said in July, "The offsite moved from 1 June
to 5 June." was from 2027-06-01 to 2026-06-05, a move back by a year no one said."""

from __future__ import annotations

from datetime import date

import pytest

from autodream.engine.dates import absolutize
from autodream.memory.model import parse_topic
from tests.engine_helpers import dreams_over_days

_JULY_16 = date(2026, 7, 16)


@pytest.mark.parametrize(("said", "read"), [
    # a move: the day moved to as "moved to 5 June" is read (just gone, the move news told
    # after it), the day moved from in its year
    ("The offsite moved from 1 June to 5 June.", "from 2026-06-01 to 2026-06-05"),
    ("We moved the offsite from June 1 to June 5.", "from 2026-06-01 to 2026-06-05"),
    ("The offsite moved from 5 June to 1 June.", "from 2026-06-05 to 2026-06-01"),
    # ... months on, the day moved to is ahead and the one moved from the June before it
    ("The offsite moved from 1 June to 5 September.", "from 2026-06-01 to 2026-09-05"),
    # ... put off, it is ahead, both ends ("pushed to 5 June" is next June's)
    ("The offsite got pushed from 1 June to 5 June.", "from 2027-06-01 to 2027-06-05"),
    # told in the past tense by an irregular verb: the June gone (both were 2027)
    ("The freeze ran from 1 June to 5 June.", "from 2026-06-01 to 2026-06-05"),
    ("The freeze was from 1 June to 5 June.", "from 2026-06-01 to 2026-06-05"),
    # a plan ahead, as "The offsite is on 1 June." is read (2027-06-01)
    ("The offsite is from 1 June to 5 June.", "from 2027-06-01 to 2027-06-05"),
    # a span over the year's end starts in the year before the one it ends in
    ("The offsite is from 20 December to 3 January.", "from 2026-12-20 to 2027-01-03"),
    # the year said with the end is the start's
    ("The offsite moved from 1 June to 2027-06-05.", "from 2027-06-01 to 2027-06-05"),
])
def test_both_ends_of_a_span_are_in_one_year(said: str, read: str) -> None:
    assert read in absolutize(said, _JULY_16)[0]


def test_a_single_day_is_read_as_a_span_end_is() -> None:
    # ("began" was read as ahead: 2027-06-01)
    assert absolutize("The offsite is on 1 June.", _JULY_16)[0] == "The offsite is on 2027-06-01."
    assert absolutize("The offsite moved to 5 June.", _JULY_16)[0] == (
        "The offsite moved to 2026-06-05.")
    assert absolutize("The freeze began on 1 June.", _JULY_16)[0] == (
        "The freeze began on 2026-06-01.")


def test_a_move_between_two_days_is_remembered_in_one_year() -> None:
    # day 10 is Thursday 2026-07-16
    files = dreams_over_days([(10, "The offsite moved from 1 June to 5 June.")], [10])[-1][1]
    (text,) = files.values()
    body = parse_topic(text).body
    assert "2026-06-01 to 2026-06-05" in body
    assert "2027" not in text


@pytest.mark.parametrize(("said", "read"), [
    ("I ran the tests; the demo starts on 3 August.", "2026-08-03"),
    ("CI ran green, launch on 20 August.", "2026-08-20"),
    ("The job ran out of memory, the deadline stays 31 July.", "2026-07-31"),
    ("We began the migration; the freeze starts on 3 August.", "2026-08-03"),
])
def test_ran_or_began_of_something_else_leaves_a_day_ahead(said: str, read: str) -> None:
    # "ran"/"began" anywhere in the sentence put these a year back (2025), as gone
    assert read in absolutize(said, _JULY_16)[0]
