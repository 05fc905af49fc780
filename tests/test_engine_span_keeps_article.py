"""A span of days dated whole keeps the article said before it: said on 2026-07-06, "The 20-24
July freeze is for the audit." was saved (and titled) "2026-07-20 to 2026-07-24 freeze is for
the audit.", and "Keep the 1-5 June backups" "Keep 2027-06-01 to 2027-06-05 backups"."""

from __future__ import annotations

from datetime import date

import pytest

from autodream.engine.dates import absolutize

_JULY_6 = date(2026, 7, 6)


@pytest.mark.parametrize(("said", "read"), [
    ("The 20-24 July freeze is for the audit.",
     "The 2026-07-20 to 2026-07-24 freeze is for the audit."),
    ("Keep the 1-5 June backups", "Keep the 2027-06-01 to 2027-06-05 backups"),
    # "the" of an ordinal day is the day's own, as before
    ("The audit ran the 1st to the 5th of June.", "The audit ran 2026-06-01 to 2026-06-05."),
])
def test_the_article_before_a_span_stays(said: str, read: str) -> None:
    assert absolutize(said, _JULY_6)[0] == read
