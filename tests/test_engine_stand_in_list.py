"""A stand-in for a list of areas keeps the list whole: "Ana is out this week; ask Raj about
billing, invoices and refunds." made nothing (the areas were read up to a comma), while "...;
ask Raj about billing." made a stand-in note."""

from __future__ import annotations

import pytest

from autodream.memory.model import parse_topic
from tests.engine_helpers import candidates, dreams_over_days


def test_a_stand_in_for_a_list_of_areas_is_remembered_whole_and_ends() -> None:
    said = "Ana is out this week; ask Raj about billing, invoices and refunds."
    (_, first), (_, later) = dreams_over_days([(0, said)], [0, 7])
    (text,) = first.values()
    assert parse_topic(text).body.startswith(
        "Until 2026-07-10, ask Raj about billing, invoices and refunds (Ana is out).")
    (text,) = later.values()
    assert parse_topic(text).body.startswith(
        "Until 2026-07-10, Raj covered billing, invoices and refunds (Ana was out).")


@pytest.mark.parametrize(("said", "read"), [
    ("Ana is out this week. Ask Raj about billing, invoices and refunds.",
     "Until 2026-07-10, ask Raj about billing, invoices and refunds (Ana is out)."),
    ("Ana is out this week, ask Raj about billing, invoices, and refunds instead.",
     "Until 2026-07-10, ask Raj about billing, invoices, and refunds (Ana is out)."),
    ("While Ana is away, ask Raj about billing, invoices or refunds.",
     "Until Ana is back, ask Raj about billing, invoices or refunds (Ana is away)."),
])
def test_the_list_after_about_is_kept_whole(said: str, read: str) -> None:
    assert [c.text for c in candidates(said)] == [read]


@pytest.mark.parametrize("said", [
    # what follows the comma is no area: no stand-in read, as before
    "Ana is out this week; ask Raj about billing, he knows it best.",
    # ... nor one that names another to ask
    "Ana is out this week; ask Raj about billing, Mei about payroll and refunds.",
])
def test_a_clause_after_the_comma_is_no_area(said: str) -> None:
    assert not any("ask Raj about billing," in c.text for c in candidates(said))
