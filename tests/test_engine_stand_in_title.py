"""A stand-in for a long list of areas is titled with the list whole, or cut with an ellipsis
that says it goes on: said on 2026-07-06, "Ana is out this week; ask Raj about billing,
invoices and refunds and the Q3 tax filings." was titled "Until 2026-07-10, ask Raj about
billing, invoices", as if that were all of it. And a clause with a subject of its own after
the areas is none of them: "...; ask Raj about billing, he knows it best and is around." was
saved as a stand-in for "billing, he knows it best and is around"."""

from __future__ import annotations

import pytest

from autodream.engine.entries import NAME_CHARS, title_for
from autodream.memory.model import parse_topic
from tests.engine_helpers import candidates, dreams_over_days


def test_a_long_list_of_areas_is_titled_with_an_ellipsis_and_kept_whole() -> None:
    said = ("Ana is out this week; ask Raj about billing, invoices and refunds and the Q3 tax "
            "filings.")
    ((_, files),) = dreams_over_days([(0, said)], [0])
    (text,) = files.values()
    topic = parse_topic(text)
    assert topic.name == "Until 2026-07-10, ask Raj about billing, invoices…"
    assert topic.body.startswith("Until 2026-07-10, ask Raj about billing, invoices and refunds "
                                 "and the Q3 tax filings (Ana is out).")


@pytest.mark.parametrize(("statement", "title"), [
    # the list whole where it fits (was "..., ask Raj about billing", cut before "and")
    ("Until 2026-07-10, ask Raj about billing and invoices (Ana is out).",
     "Until 2026-07-10, ask Raj about billing and invoices"),
    ("Until 2026-07-10, ask Raj about billing, invoices, refunds, payouts and taxes "
     "(Ana is out).", "Until 2026-07-10, ask Raj about billing, invoices, refunds…"),
    ("Until Ana is back, ask Raj about billing, invoices or refunds (Ana is away).",
     "Until Ana is back, ask Raj about billing, invoices…"),
    ("Ana is out in the week of 2026-07-13, ask Raj about billing, invoices and refunds.",
     "Ana is out in the week of 2026-07-13, ask Raj about billing…"),
    # told as past, alike
    ("Until 2026-07-10, Raj covered billing, invoices and refunds and the Q3 tax filings "
     "(Ana was out).", "Until 2026-07-10, Raj covered billing, invoices and refunds…"),
    # short: as before
    ("Until 2026-07-10, ask Raj about billing (Ana is out).",
     "Until 2026-07-10, ask Raj about billing (Ana is out)"),
])
def test_a_stand_in_title_does_not_end_inside_its_list(statement: str, title: str) -> None:
    assert title_for(statement) == title
    assert len(title) <= NAME_CHARS


@pytest.mark.parametrize(("said", "read"), [
    ("Ana is out this week; ask Raj about billing, he knows it best and is around.",
     "Until 2026-07-10, ask Raj about billing (Ana is out)."),
    # (no stand-in was read of these at all)
    ("Ana is out this week; ask Raj about billing, he knows it best.",
     "Until 2026-07-10, ask Raj about billing (Ana is out)."),
    ("Ana is out this week; ask Raj about billing and refunds, she's around.",
     "Until 2026-07-10, ask Raj about billing and refunds (Ana is out)."),
    ("While Ana is away, ask Raj about billing, he knows it best.",
     "Until Ana is back, ask Raj about billing (Ana is away)."),
    ("Ana is out this week; ask Raj about billing, Raj knows it best.",
     "Until 2026-07-10, ask Raj about billing (Ana is out)."),
    # a list as before
    ("Ana is out this week; ask Raj about billing, IT support and refunds.",
     "Until 2026-07-10, ask Raj about billing, IT support and refunds (Ana is out)."),
    ("Ana is out this week; ask Raj about billing, Raj's scripts and the cron jobs.",
     "Until 2026-07-10, ask Raj about billing, Raj's scripts and the cron jobs (Ana is out)."),
])
def test_a_clause_of_its_own_after_the_areas_is_none_of_them(said: str, read: str) -> None:
    assert [c.text for c in candidates(said)] == [read]


def test_a_clause_that_tells_more_is_not_dropped() -> None:
    # what the clause tells of when would be lost: read as before
    said = "Ana is out this week; ask Raj about billing, he is off Friday and Monday."
    assert [c.text for c in candidates(said)] == [
        "Until 2026-07-10, ask Raj about billing, he is off Friday and Monday (Ana is out)."]
    assert candidates("Ana is out this week; ask Raj about billing, he is off Friday.") == []
    assert candidates("Ana is out this week; ask Raj about billing, he knows the Stripe side, "
                      "invoices and refunds.") == []


@pytest.mark.parametrize(("statement", "title"), [
    # (was "..., invoices, Raj's…", its thing cut off; review rev70)
    ("Until 2026-07-10, ask Raj about billing, invoices, Raj's scripts and the cron jobs "
     "(Ana is out).", "Until 2026-07-10, ask Raj about billing, invoices…"),
    ("Until 2026-07-10, ask Raj about billing, invoices, the team's cron jobs and refunds "
     "(Ana is out).", "Until 2026-07-10, ask Raj about billing, invoices…"),
])
def test_a_stand_in_title_does_not_end_on_a_possessive(statement: str, title: str) -> None:
    assert title_for(statement) == title
