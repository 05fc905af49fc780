"""A plan with a day glued to a version before it ("release 2.1-5 June") is kept as said: said
on 2026-07-06, "We should ship release 2.1-5 June to all customers." and "Release 2.1-5 June
is the big one." were saved as "... release 2.1-2027-06-05 ..." and, once the version was left
as said, saved nothing at all (review rev70)."""

from __future__ import annotations

import pytest

from autodream.memory.model import parse_topic
from tests.engine_helpers import candidates, dreams_over_days, gather, human


@pytest.mark.parametrize("said", [
    "We should ship release 2.1-5 June to all customers.",
    "Release 2.1-5 June is the big one.",
])
def test_a_plan_with_a_version_and_a_day_glued_is_saved_as_said(said: str) -> None:
    ((plan, files),) = dreams_over_days([(0, said)], [0])
    (text,) = files.values()
    assert parse_topic(text).body.startswith(said)
    assert plan.index is not None and said.rstrip(".") in plan.index
    # (and the run record says why it is undated)
    assert any("may be a version's figures or a day: kept as written" in d.reason
               for d in gather(human(said)).decisions)


@pytest.mark.parametrize("said", [
    "The 1.5 June release is the big one.",
    "We ship v2.10–15 June to everyone.",
    "We plan to ship 2.1-5 June.",
])
def test_the_family_is_kept_as_said_too(said: str) -> None:
    assert [(c.kind, c.text) for c in candidates(said)] == [("fact", said)]


@pytest.mark.parametrize(("said", "saved"), [
    # a day apart from the version is dated as before
    ("Release 2.1 ships on 5 June.", "Release 2.1 ships on 2027-06-05."),
    ("We ship release 2.1 - 5 June.", "We ship release 2.1 - 2027-06-05."),
])
def test_a_day_apart_from_the_version_is_still_a_plan(said: str, saved: str) -> None:
    assert [(c.kind, c.text) for c in candidates(said)] == [("plan", saved)]
