""""May" before "be", "have", "not", "require"... is the month after a preposition or a verb,
the verb only after figures that number things ("Sections 1-5 May be skipped."): said on
2026-07-06, "Until 5 May be careful with deploys to prod." was left with its day unread and
saved nothing at all, as "Changes after 5 May require a review from Ana." and four more did
(review rev70)."""

from __future__ import annotations

import re
from datetime import date

import pytest

from autodream.engine.dates import absolutize
from tests.engine_helpers import candidates

_JULY_6 = date(2026, 7, 6)


@pytest.mark.parametrize(("said", "saved"), [
    ("Until 5 May be careful with deploys to prod.",
     "Until 2027-05-05 be careful with deploys to prod."),
    ("Changes after 5 May require a review from Ana.",
     "Changes after 2027-05-05 require a review from Ana."),
    ("By 5 May have the docs done for the audit.",
     "By 2027-05-05 have the docs done for the audit."),
    ("On 5 May be at the office by nine for the audit.",
     "On 2027-05-05 be at the office by nine for the audit."),
    ("Ship the release on 3 May not before, Ana insists.",
     "Ship the release on 2027-05-03 not before, Ana insists."),
    # (only "Always retry them" was kept)
    ("Deploys on 5 May fail intermittently, so always retry them.",
     "Deploys on 2027-05-05 fail intermittently, so always retry them."),
])
def test_may_after_a_preposition_is_the_month_and_the_memory_is_saved(said: str,
                                                                        saved: str) -> None:
    assert [c.text for c in candidates(said)] == [saved]


@pytest.mark.parametrize("said", [
    "Ship by 5 May be ready.",
    "Orders placed 1-5 May have shipped.",
    "The invoices from 5 May have been paid.",
    "Tickets from 1-5 May require triage.",
    "Results from 5 May seem off.",
    "Ship 5 May not later than noon.",
    "Tests on 5 May be flaky.",
])
def test_the_day_before_may_and_a_verb_is_dated(said: str) -> None:
    # (which year is the dating's own, as for any day said with no year)
    read = absolutize(said, _JULY_6)[0]
    assert "May" not in read
    assert re.search(r"\b20\d\d-05-05\b", read)


@pytest.mark.parametrize("said", [
    "Sections 1-5 May be skipped.",
    "Sections 1 to 5 May be skipped.",
    "Steps 1 through 3 May be skipped.",
    "Items 1, 2 and 5 May need review.",
    "Rows 1 & 2 May be empty.",
    "Pages 10-12 May need edits.",
    "Chapter 5 May not apply.",
    "Sprint 5 May be late.",
])
def test_may_after_figures_numbering_things_is_the_verb(said: str) -> None:
    assert absolutize(said, _JULY_6)[0] == said
