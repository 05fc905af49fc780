"""A correction, a rollback or a version change told in a less common way rewrites the entry it
concerns, with the earlier state kept as history, instead of leaving it current."""

from __future__ import annotations

import pytest

from autodream.engine import plan_dream
from autodream.engine.dream import DreamPlan
from autodream.memory.model import parse_topic
from tests.engine_helpers import NOW, gather, human, topic


def _dream(lead: str, *said: str) -> DreamPlan:
    files = {"project_stack.md": topic("Stack", lead)}
    return plan_dream(files, "- [Stack](project_stack.md) — stack\n",
                      gather(*(human(s) for s in said)).candidates, now=NOW)


def _rewritten(lead: str, said: str) -> tuple[str, list[str]]:
    """The entry's new first line and its history lines; the entry must be the only write."""
    plan = _dream(lead, said)
    assert [f for f in plan.writes if f != "MEMORY.md"] == ["project_stack.md"]
    body = parse_topic(plan.writes["project_stack.md"]).body
    lines = body.splitlines()
    return lines[0], [line for line in lines if line.startswith("Switched")]


@pytest.mark.parametrize(
    ("lead", "said", "now", "history"),
    [
        ("We run Postgres 14 in production.", "Actually we're on Postgres 15, not 14.",
         "We run Postgres 15 in production.", "Switched from Postgres 14 to Postgres 15"),
        ("We run Python 3.11.", "Actually it's Python 3.12, not 3.11.", "We run Python 3.12.",
         "Switched from Python 3.11 to Python 3.12"),
        ("We run Postgres 14 in production.", "No, we run Postgres 15, not Postgres 14.",
         "We run Postgres 15 in production.", "Switched from Postgres 14 to Postgres 15"),
        ("We use Jest for unit tests.", "We use Vitest now, not Jest.",
         "We use Vitest for unit tests.", "Switched from Jest to Vitest"),
        ("We use Jest for unit tests.", "No, we use Vitest these days, not Jest.",
         "We use Vitest for unit tests.", "Switched from Jest to Vitest"),
    ],
)
def test_a_correction_rewrites_the_entry_it_corrects(
        lead: str, said: str, now: str, history: str) -> None:
    first, lines = _rewritten(lead, said)
    assert first == now
    assert len(lines) == 1 and lines[0].startswith(history)


@pytest.mark.parametrize(
    "said",
    [
        "They're on Postgres 15, not 14.",  # another team
        "I'm on Postgres 15 locally, not 14.",  # one machine
        "We run Postgres 15 for analytics, not 14.",  # then which one is wrong is not said
    ],
)
def test_a_correction_of_someone_elses_version_leaves_the_entry(said: str) -> None:
    plan = _dream("We run Postgres 14 in production.", said)
    assert "project_stack.md" not in plan.writes
