"""A past form that tells a wish or a plan tells no deed gone by: said 2026-07-06, "It's time we
met the vendor on 3 August." was 2025-08-03 (main 2026), "I'd rather we met on 3 August.", "I
wish we met on 3 August.", "Ideally we paid the invoice on 3 August.", "We met on 3 August
(TBC)." alike; said 2026-12-20, the same with 3 June were 2026 (main 2027), a plan put on a day
gone by (review rev126)."""

from __future__ import annotations

from datetime import date

import pytest

from autodream.engine.dates import absolutize

_WISHES = [
    "It's time we met the vendor on {day}.",
    "I'd rather we met on {day}.",
    "I wish we met on {day}.",
    "Ideally we paid the invoice on {day}.",
    "We met on {day} (TBC).",
    "We met on {day} (TBD).",
    "Tentatively we met the vendor on {day}.",
    "We would say we met on {day}.",
    "We met the vendor on {day}, I suppose.",
    "We paid the invoice on {day}, tentative.",
    "Bob could have met on {day}, so we met the vendor on {day}.",
]


@pytest.mark.parametrize("said", _WISHES)
@pytest.mark.parametrize(("ref", "day", "read"), [
    (date(2026, 7, 6), "3 August", "2026-08-03"),
    (date(2026, 12, 20), "3 June", "2027-06-03"),
])
def test_a_wish_in_a_past_form_is_the_day_to_come(said: str, ref: date, day: str,
                                                    read: str) -> None:
    assert absolutize(said.format(day=day), ref)[0] == said.format(day=read)


@pytest.mark.parametrize(("said", "read"), [
    ("We met the vendor on 3 June.", "We met the vendor on 2026-06-03."),
    ("Then Alice paid the invoice on 3 June.", "Then Alice paid the invoice on 2026-06-03."),
])
def test_a_deed_told_plainly_stays_gone_by(said: str, read: str) -> None:
    assert absolutize(said, date(2026, 12, 20))[0] == read
