"""A "Sorry," before a statement of the project is no part of it: "Sorry, the default branch
is main, not master." left no trace at all, where "The default branch is main, not master."
leaves a dropped decision telling how to keep it ("say it as 'Remember: ...'"). Neither is a
memory: read as a correction, "Sorry, the port is busy, not free." became feedback (1b3c6ba,
reverted)."""

from __future__ import annotations

import pytest

from autodream.engine.candidates import UNREAD
from tests.engine_helpers import gather, human


@pytest.mark.parametrize("opener", ["Sorry, ", "Oops, ", "Wait, ", "sorry,"])
def test_a_statement_after_sorry_is_told_as_one_said_alone(opener: str) -> None:
    plain = "The default branch is main, not master."
    alone, after = gather(human(plain)), gather(human(f"{opener}{plain}"))
    assert alone.candidates == after.candidates == []
    assert [d.reason for d in alone.decisions] == [d.reason for d in after.decisions] == [UNREAD]
    assert after.decisions[0].subject == f"{opener}{plain}"


@pytest.mark.parametrize("said", [
    "Sorry, the port is busy, not free.",  # no memory, as said alone
    "Wait, the database is up, not down.",
])
def test_a_remark_after_sorry_is_no_memory(said: str) -> None:
    g = gather(human(said))
    assert g.candidates == []
    assert all(d.action == "dropped" for d in g.decisions)


@pytest.mark.parametrize("said", ["Sorry, can you run the tests again?", "Sorry, I was wrong."])
def test_an_ask_or_an_apology_leaves_no_trace(said: str) -> None:
    g = gather(human(said))
    assert g.candidates == [] and g.decisions == []
