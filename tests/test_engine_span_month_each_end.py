"""A span with its month said first at one end and second at the other ("July 1 to 5 August",
"1 July to August 5") is one span, both ends read together: said on 2026-07-06, "The
migration window is July 1 to 5 August." was saved as "2027-07-01 to 2026-08-05", ending a
year before it started, and "Ana is out June 1-5 July." as "June 1-2027-07-05"."""

from __future__ import annotations

from datetime import date

import pytest

from autodream.engine.dates import absolutize

_JULY_6 = date(2026, 7, 6)


@pytest.mark.parametrize(("said", "read"), [
    ("The migration window is July 1 to 5 August.",
     "The migration window is 2026-07-01 to 2026-08-05."),
    # as "June 1 to July 5" is read: over by now, so next year's
    ("Ana is out June 1-5 July.", "Ana is out 2027-06-01 to 2027-07-05."),
    ("Ana is out 1 June to July 5.", "Ana is out 2027-06-01 to 2027-07-05."),
    ("The window is 1 July to August 5.", "The window is 2026-07-01 to 2026-08-05."),
    ("The window is July 1 - 5 August.", "The window is 2026-07-01 to 2026-08-05."),
    ("The window is July 1 – 5 August.", "The window is 2026-07-01 to 2026-08-05."),
    ("The window is July 1 until 5 August.", "The window is 2026-07-01 until 2026-08-05."),
    ("The window is July 1st to the 5th of August.", "The window is 2026-07-01 to 2026-08-05."),
    ("The window is the 1st of July to August 5th.", "The window is 2026-07-01 to 2026-08-05."),
    ("The window is Jul. 1 to 5 Aug.", "The window is 2026-07-01 to 2026-08-05."),
    ("From July 1 to 5 August we freeze.", "From 2026-07-01 to 2026-08-05 we freeze."),
    ("July 1 to 5 August is the window.", "2026-07-01 to 2026-08-05 is the window."),
    # over the year's end: the later month in the next year
    ("The freeze is December 28 to 3 January.", "The freeze is 2026-12-28 to 2027-01-03."),
    ("The freeze is 28 December to January 3.", "The freeze is 2026-12-28 to 2027-01-03."),
    # told as past: the latest span over by then
    ("The migration ran July 1 to 5 August.", "The migration ran 2025-07-01 to 2025-08-05."),
    ("The freeze was December 28 to 3 January.", "The freeze was 2025-12-28 to 2026-01-03."),
    # "between ... and ..." over two months (was "Between on 2026-07-01 and on 2025-08-05")
    ("Between July 1 and 5 August the site was down.",
     "Between 2025-07-01 and 2025-08-05 the site was down."),
    ("The site was down between 28 June and 3 July.",
     "The site was down between 2026-06-28 and 2026-07-03."),
])
def test_a_span_with_a_month_at_each_end_is_dated_whole(said: str, read: str) -> None:
    assert absolutize(said, _JULY_6)[0] == read


@pytest.mark.parametrize(("said", "read"), [
    # its year said with the end is the start's too (was "2027-07-01 to 5 August 2026")
    ("The window is July 1 to 5 August 2026.", "The window is 2026-07-01 to 5 August 2026."),
    ("The window is 1 July - 5 August 2026.", "The window is 2026-07-01 - 5 August 2026."),
    ("The window is July 1 to August 5, 2026.", "The window is 2026-07-01 to August 5, 2026."),
    # a move: both ends near each other (was "from 2027-07-01 to 2026-08-05")
    ("The offsite moved from July 1 to 5 August.",
     "The offsite moved from 2026-07-01 to 2026-08-05."),
])
def test_the_start_of_a_span_is_read_in_the_year_of_its_end(said: str, read: str) -> None:
    assert absolutize(said, _JULY_6)[0] == read


@pytest.mark.parametrize(("said", "read"), [
    # two days, not a span: each read alone, as before
    ("We deploy on July 1 and 5 August.", "We deploy on 2027-07-01 and on 2026-08-05."),
    ("June 3 - 5 people came.", "2027-06-03 - 5 people came."),
    ("The window is July 1-5 August 2026.", "The window is July 1-5 August 2026."),
])
def test_what_is_no_span_reads_as_before(said: str, read: str) -> None:
    assert absolutize(said, _JULY_6)[0] == read
