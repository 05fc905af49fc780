"""A stand-in for days of a month ("Ana is out 10-14 August, ask Raj about invoices.") is kept
as one for "this week" is: said on 2026-07-06 it made no memory at all, with a comma or a ';',
so questions for Ana went to her while she was out."""

from __future__ import annotations

import pytest

from autodream.memory.model import parse_topic
from tests.engine_helpers import dreams_over_days


def _bodies(said: list[tuple[int, str]], days: list[int]) -> list[str]:
    return [parse_topic(text).body for text in dreams_over_days(said, days)[-1][1].values()]


@pytest.mark.parametrize(("said", "kept"), [
    ("Ana is out 10-14 August, ask Raj about invoices.",
     "Ana is out 2026-08-10 to 2026-08-14, ask Raj about invoices."),
    ("Ana is out 10-14 August; ask Raj about invoices.",
     "Ana is out 2026-08-10 to 2026-08-14, ask Raj about invoices."),
    ("Ana is out August 10-14, ask Raj about invoices.",
     "Ana is out 2026-08-10 to 2026-08-14, ask Raj about invoices."),
    ("Ana is out Aug 10 - Aug 14, ask Raj about invoices.",
     "Ana is out 2026-08-10 to 2026-08-14, ask Raj about invoices."),
    ("Ana is out from 10 to 14 August, ask Raj about invoices.",
     "Ana is out from 2026-08-10 to 2026-08-14, ask Raj about invoices."),
    # under way when said: from its first day still
    ("Ana is out 1-10 July, ask Raj about invoices.",
     "Ana is out 2026-07-01 to 2026-07-10, ask Raj about invoices."),
])
def test_a_stand_in_for_days_of_a_month_is_kept(said: str, kept: str) -> None:
    (body,) = _bodies([(0, said)], [0])
    assert body.startswith(kept + "\n")
    assert "Plan work around" in body


def test_it_ends_when_she_is_told_back() -> None:
    said = [(0, "Ana is out 1-10 July, ask Raj about invoices."),
            (2, "Ana is back early, ask her about invoices again.")]
    (body,) = _bodies(said, [0, 2])
    assert body.startswith("Ana is back early")
    assert "previously: Ana is out 2026-07-01 to 2026-07-10, ask Raj about invoices." in body


def test_days_the_dates_do_not_read_as_a_span_make_no_stand_in() -> None:
    # (an end before its start: no day it ends, so none that passes)
    assert _bodies([(0, "Ana is out 14-10 August, ask Raj about invoices.")], [0]) == []
