"""A stand-in told anew with its last day alone ("Ana is out till the 20th, ask Raj about
billing.") over one for a span that starts later ("Ana is out in the week of 2026-07-13, ask
Raj about billing.") keeps the day it starts: it read "Until 2026-07-20, ask Raj about billing
(Ana is out).", the questions sent to Raj from the day it was said, Ana still in."""

from __future__ import annotations

import pytest

from autodream.memory.model import parse_topic
from tests.engine_helpers import dreams_over_days

_WEEK = "Ana is out next week, ask Raj about billing."
_TILL = "Ana is out till the 20th, ask Raj about billing."


def _body(said: list[tuple[int, str]], days: list[int]) -> str:
    (text,) = dreams_over_days(said, days)[-1][1].values()
    return parse_topic(text).body


@pytest.mark.parametrize("days", [[0, 2], [2]])
def test_a_stand_in_told_to_a_later_day_keeps_its_start(days: list[int]) -> None:
    body = _body([(0, _WEEK), (2, _TILL)], days)
    assert body.startswith("Ana is out from 2026-07-13 until 2026-07-20, ask Raj about "
                           "billing.\n")
    assert ("Updated on 2026-07-08; previously: Ana is out in the week of 2026-07-13, ask Raj "
            "about billing.") in body
    assert "Plan work around 2026-07-20." in body


def test_told_again_it_keeps_the_start() -> None:
    body = _body([(0, _WEEK), (2, _TILL), (3, "Ana is out till the 21st, ask Raj about billing.")],
                 [0, 2, 3])
    assert body.startswith("Ana is out from 2026-07-13 until 2026-07-21, ask Raj about "
                           "billing.\n")


def test_told_once_she_is_out_it_runs_until_the_day() -> None:
    # day 8 is Tuesday 2026-07-14: she is out already, Raj asked from now
    body = _body([(0, _WEEK), (8, "Ana is out till the 22nd, ask Raj about billing.")], [0, 8])
    assert body.startswith("Until 2026-07-22, ask Raj about billing (Ana is out).\n")


def test_she_told_back_while_out_ends_it() -> None:
    # (read by its last day alone, 2026-07-20, it ran from then and Ana back on the 14th ended
    # nothing)
    body = _body([(0, _WEEK), (2, _TILL), (8, "Ana is back.")], [0, 2, 8])
    assert body.startswith("Ana is back.\n")
    assert ("previously: Ana is out from 2026-07-13 until 2026-07-20, ask Raj about billing."
            in body)


def test_once_its_last_day_is_gone_it_is_told_as_past() -> None:
    # it stayed 'Ana is out from ..., ask Raj about billing.', a stand-in long over
    files = dreams_over_days([(0, _WEEK), (2, _TILL), (16, "We use pytest.")], [0, 2, 16])[-1][1]
    (body,) = [parse_topic(t).body for t in files.values() if "Ana" in t]
    assert body.startswith("Ana was out from 2026-07-13 until 2026-07-20; Raj covered billing.\n")
