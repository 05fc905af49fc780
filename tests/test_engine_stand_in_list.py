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



@pytest.mark.parametrize("clause", [
    "he prefers Slack over email", "he's on #billing-help", "he has prod access",
    "it's in the payments repo now", "she left the handover notes in Drive",
])
def test_a_clause_after_the_areas_that_tells_more_is_never_cut_from_what_is_saved(
    clause: str,
) -> None:
    """'Ana is out this week; ask Raj about billing, he prefers Slack over email.' was saved as
    the stand-in 'Until 2026-07-10, ask Raj about billing (Ana is out).' with the clause cut
    (dc44905). Only a clause saying why to ask Raj ('he knows it best') is left out; with any
    other the sentence is read as it was before the stand-in rule took it: whatever is saved
    of it keeps the clause."""
    said = f"Ana is out this week; ask Raj about billing, {clause}."
    assert all(clause.split()[-1] in c.text for c in candidates(said))


def test_a_stand_in_told_with_a_clause_then_ended_leaves_no_stale_index_line() -> None:
    """Told with 'he prefers Slack over email', again with 'he has prod access', then 'Ana is
    back early.': the first clause was lost from the note's body and history, and MEMORY.md
    kept '[Ana is back early](...) - Until 2026-07-10, ask Raj about billing (Ana is out). He
    prefers Slack over email.', a stand-in still running after she was back (9eee2a1)."""
    days = [(0, "Ana is out this week; ask Raj about billing, he prefers Slack over email."),
            (1, "Ana is out this week; ask Raj about billing, he has prod access."),
            (2, "Ana is back early.")]
    ((_, memory),) = dreams_over_days(days, [2])
    texts = list(memory.values())
    assert any("Slack" in t for t in texts), texts
    for text in texts:
        topic = parse_topic(text)
        assert not (topic.name == "Ana is back early" and "(Ana is out)" in topic.description), text
