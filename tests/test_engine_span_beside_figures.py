"""A span of days is dated whole or left as said, never with figures beside it that shared its
month cut off: said on 2026-07-06, "The deploy freeze dates are June 20-24 and 27-30." (left as
said before 9b35dc5) was saved as "... 2027-06-20 to 2027-06-24 and 27-30.", the second span's
month lost."""

from __future__ import annotations

from datetime import date

import pytest

from autodream.engine.dates import absolutize

_JULY_6 = date(2026, 7, 6)


@pytest.mark.parametrize("said", [
    "The deploy freeze dates are June 20-24 and 27-30.",
    "The deploy freeze dates are June 20-24, 27-30.",
    "The deploy freeze is June 20-24 and 27.",
    "The freezes are 1-5 and 8-12 June.",
])
def test_spans_sharing_a_month_are_left_as_said(said: str) -> None:
    assert absolutize(said, _JULY_6)[0] == said


@pytest.mark.parametrize(("said", "read"), [
    # each with its own month: both dated, as before
    ("The freeze is 1-5 June and 8-12 July.",
     "The freeze is 2027-06-01 to 2027-06-05 and 2026-07-08 to 2026-07-12."),
    # a count after it, or a figure before that is no day
    ("The audit ran 1-5 June and 3 people came.",
     "The audit ran 2026-06-01 to 2026-06-05 and 3 people came."),
    ("Sprint 2, 5-8 June.", "Sprint 2, 2027-06-05 to 2027-06-08."),
])
def test_a_span_with_no_figures_of_its_month_beside_is_dated(said: str, read: str) -> None:
    assert absolutize(said, _JULY_6)[0] == read
