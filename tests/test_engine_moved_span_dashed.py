"""A move to a span of two full dates with a dash between ("The offsite moved June 1st-June
5th", "Jun 1-Jun 5", "1 June-5 June") is one span, "X to Y" as other spans are: said on
2026-07-06 it was saved as "The offsite moved on 2026-06-01-2026-06-05", and "We pushed the
offsite to 10 Aug-14 Aug." as "to 2026-08-10-2025-08-14", ending a year before it started."""

from __future__ import annotations

from datetime import date

import pytest

from autodream.engine.dates import absolutize

_JULY_6 = date(2026, 7, 6)


@pytest.mark.parametrize(("said", "read"), [
    ("The offsite moved June 1st-June 5th.", "The offsite moved 2026-06-01 to 2026-06-05."),
    ("The offsite moved Jun 1-Jun 5.", "The offsite moved 2026-06-01 to 2026-06-05."),
    ("The offsite moved 1 June-5 June.", "The offsite moved 2026-06-01 to 2026-06-05."),
    ("The offsite moved June 1st–June 5th.", "The offsite moved 2026-06-01 to 2026-06-05."),
    ("The offsite was moved to June 1st - June 5th.",
     "The offsite was moved to 2026-06-01 to 2026-06-05."),
    # put later: ahead, both ends in one year
    ("We pushed the offsite to 10 Aug-14 Aug.",
     "We pushed the offsite to 2026-08-10 to 2026-08-14."),
    ("The offsite will be moved to Aug 10 - Aug 14.",
     "The offsite will be moved to 2026-08-10 to 2026-08-14."),
    # a month at each end, and over the year's end
    ("The offsite moved July 1 - 5 August.", "The offsite moved 2026-07-01 to 2026-08-05."),
    ("The offsite moved Dec 28 - Jan 3.", "The offsite moved 2025-12-28 to 2026-01-03."),
    # moved from one to another: near the one it moved to (was "from 2027-06-01-2026-06-05")
    ("Deploys moved from Jun 1-Jun 5 to Jun 8-Jun 12.",
     "Deploys moved from 2026-06-01 to 2026-06-05 to 2026-06-08 to 2026-06-12."),
])
def test_a_moved_span_of_two_dates_is_one_span(said: str, read: str) -> None:
    assert absolutize(said, _JULY_6)[0] == read


@pytest.mark.parametrize(("said", "read"), [
    # the month said once: which year the move is to is not told, left as said
    ("The offsite moved June 1-5.", "The offsite moved June 1-5."),
    ("The offsite moved June 1st-5th.", "The offsite moved June 1st-5th."),
    # not moved: a span as before
    ("The offsite is June 1st-June 5th.", "The offsite is 2027-06-01 to 2027-06-05."),
])
def test_other_spans_read_as_before(said: str, read: str) -> None:
    assert absolutize(said, _JULY_6)[0] == read
