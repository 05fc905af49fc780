"""A figure glued to a version before it ("2.1-5 June", "1.5 June") is no day, and "May"
before what follows the verb ("May be", "May not", "May have") is no month: said on
2026-07-06, "Release 2.1-5 June." was saved as "Release 2.1-2027-06-05", "The 1.5 June
release." as "The 1.on 2027-06-05 release." and "Sections 1-5 May be skipped." as "Sections
2026-05-01 to 2026-05-05 be skipped."; they are left as said."""

from __future__ import annotations

from datetime import date

import pytest

from autodream.engine.dates import absolutize

_JULY_6 = date(2026, 7, 6)


@pytest.mark.parametrize("said", [
    "Release 2.1-5 June.",
    "Release v2.1-5 June.",
    "Release v2.10–15 June.",
    "Version 3.4-5 July.",
    "The 1.5 June release.",
    "The 2.1.5 June release.",
    "Sections 1-5 May be skipped.",
    "Sections 1 to 5 May be skipped.",
    "Section 5 May be skipped.",
    "Sections 1-5 May not apply.",
    "Steps 3-4 May have changed.",
    "Items 1-5 May still need review.",
    "Sections 1-5 May also be skipped.",
])
def test_a_version_or_the_verb_may_is_left_as_said(said: str) -> None:
    assert absolutize(said, _JULY_6)[0] == said


@pytest.mark.parametrize(("said", "read"), [
    # a day after a version and a space, or a spaced dash, is still the day
    ("Release 2.1 on 5 June.", "Release 2.1 on 2027-06-05."),
    ("We ship v1.2 5 June.", "We ship v1.2 on 2027-06-05."),
    ("Release 2.1 - 5 June.", "Release 2.1 - 2027-06-05."),
    # May the month
    ("The audit is 1-5 May, then more.", "The audit is 2027-05-01 to 2027-05-05, then more."),
    ("The freeze is 1-5 May, do not merge.",
     "The freeze is 2027-05-01 to 2027-05-05, do not merge."),
    ("On 5 May we ship.", "On 2027-05-05 we ship."),
    ("The launch is 5 May not 6 May.", "The launch is 2027-05-05 not on 2027-05-06."),
    ("The launch is 5 May not June.", "The launch is 2027-05-05 not June."),
    ("We ship on 5 May just before the freeze.", "We ship on 2027-05-05 just before the freeze."),
    ("The room is free 5 May only.", "The room is free on 2027-05-05 only."),
])
def test_a_day_beside_a_version_or_may_the_month_is_still_dated(said: str, read: str) -> None:
    assert absolutize(said, _JULY_6)[0] == read
