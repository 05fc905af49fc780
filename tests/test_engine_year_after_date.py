""""next year", "this year" or "last year" said right after a date or a span sets its year and
is part of it: said on 2026-07-06, "The audit is 5 August next year." was saved as "The audit
is 2026-08-05 in 2027", two years in one date, and "The audit happened Jul 1 - Aug 5 last
year." as "on 2026-07-01 - 2025-08-05 in 2025"."""

from __future__ import annotations

from datetime import date

import pytest

from autodream.engine.dates import absolutize

_JULY_6 = date(2026, 7, 6)


@pytest.mark.parametrize(("said", "read"), [
    ("The audit is 5 August next year.", "The audit is 2027-08-05."),
    ("The audit is August 5 next year.", "The audit is 2027-08-05."),
    ("The audit is on August 5th next year.", "The audit is on 2027-08-05."),
    ("The audit is the 5th of August next year.", "The audit is 2027-08-05."),
    ("The audit is 5 August of next year.", "The audit is 2027-08-05."),
    ("We ship 5 August next year.", "We ship on 2027-08-05."),
    ("He joined 5 May last year.", "He joined on 2025-05-05."),
    # a day ahead said "this year" is this year's, as one gone by told as past
    ("The audit is 5 August this year.", "The audit is 2026-08-05."),
    ("The outage was 3 March this year.", "The outage was 2026-03-03."),
    ("The audit is 5 August in 2027.", "The audit is 2027-08-05."),
    # spans: month first and day first, one month or one at each end
    ("The audit happened Jul 1 - Aug 5 last year.",
     "The audit happened 2025-07-01 to 2025-08-05."),
    ("The audit happened 1-5 August last year.", "The audit happened 2025-08-01 to 2025-08-05."),
    ("The audit happened 1 July - 5 August last year.",
     "The audit happened 2025-07-01 to 2025-08-05."),
    ("The audit happened July 1 to 5 August last year.",
     "The audit happened 2025-07-01 to 2025-08-05."),
    ("The audit is June 1-5 next year.", "The audit is 2027-06-01 to 2027-06-05."),
    ("The audit is 1-5 August in 2027.", "The audit is 2027-08-01 to 2027-08-05."),
    # a move to a span, left as said for want of its year, has it here
    ("The offsite moved to 1-5 June next year.",
     "The offsite moved to 2027-06-01 to 2027-06-05."),
    # a month alone, too (was "in June 2027 in 2025")
    ("We met in June last year.", "We met in June 2025."),
    ("The audit is in August next year.", "The audit is in August 2027."),
])
def test_the_year_said_after_a_date_is_its_year(said: str, read: str) -> None:
    assert absolutize(said, _JULY_6)[0] == read


@pytest.mark.parametrize(("said", "read"), [
    # another clause's year is not the date's
    ("The audit is 5 August, next year we do it again.",
     "The audit is 2026-08-05, in 2027 we do it again."),
    # "in 2025" before a noun tells not the day's year
    ("Payments grew 5 May in 2025 numbers.", "Payments grew on 2027-05-05 in 2025 numbers."),
    # a figure glued to a version is no day, nor its month a month alone
    ("Release 2.1-5 June next year.", "Release 2.1-5 June in 2027."),
    # a month with no preposition that may be a name, and a possessive, as before
    ("Ask June next year.", "Ask June in 2027."),
    ("The 5th of August next year's budget.", "The 5th of August 2027's budget."),
    ("The audit is in 2027.", "The audit is in 2027."),
    ("The audit is next year.", "The audit is in 2027."),
])
def test_a_year_said_apart_from_the_date_is_read_as_before(said: str, read: str) -> None:
    assert absolutize(said, _JULY_6)[0] == read


@pytest.mark.parametrize(("said", "read"), [
    # a version a year names ("2026.2") is no year said of the date before it: it was
    # "on 2026-08-05.2.", the version lost and the date malformed
    ("We upgrade PyCharm on 5 August in 2026.2.", "We upgrade PyCharm on 2026-08-05 in 2026.2."),
    ("The launch is 5 August in 2027.5.", "The launch is 2026-08-05 in 2027.5."),
    # nor is "next year-end" ("2027-08-05-end")
    ("The close is 5 August next year-end.", "The close is 2026-08-05 in 2027-end."),
    # ... while a year that ends its clause still is
    ("We meet 5 August in 2027!", "We meet on 2027-08-05!"),
])
def test_a_year_that_goes_on_into_a_version_or_a_word_is_not_taken_by_the_date(
    said: str, read: str
) -> None:
    assert absolutize(said, _JULY_6)[0] == read
