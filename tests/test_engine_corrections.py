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


@pytest.mark.parametrize(
    ("lead", "said", "now", "history"),
    [
        ("We use Node 20 for the API.", "We reverted to Node 18.", "We use Node 18 for the API.",
         "Switched from Node 20 to Node 18"),
        ("We use Node 20 for the API.", "Reverted Node to 18.", "We use Node 18 for the API.",
         "Switched from Node 20 to Node 18"),
        ("We use Node 20 for the API.", "We've reverted Node from 20 to 18.",
         "We use Node 18 for the API.", "Switched from Node 20 to Node 18"),
        ("We use Node 20 for the API.", "We rolled back to Node 18.",
         "We use Node 18 for the API.", "Switched from Node 20 to Node 18"),
        ("We use Node 20 for the API.", "We downgraded Node to 18.",
         "We use Node 18 for the API.", "Switched from Node 20 to Node 18"),
        ("We use Postgres 16.", "We rolled Postgres back to 15.", "We use Postgres 15.",
         "Switched from Postgres 16 to Postgres 15"),
        # what was tried and left is what the entry named: it moves back
        ("We use pnpm for installs.", "We switched to pnpm, then reverted to npm.",
         "We use npm for installs.", "Switched back from pnpm to npm"),
    ],
)
def test_a_rollback_puts_the_entry_back(lead: str, said: str, now: str, history: str) -> None:
    first, lines = _rewritten(lead, said)
    assert first == now
    assert len(lines) == 1 and lines[0].startswith(history)


@pytest.mark.parametrize(
    "said",
    ["We switched to pnpm, then reverted to npm.", "We switched to pnpm but went back to npm."],
)
def test_a_switch_undone_in_the_same_breath_keeps_the_entry_current(said: str) -> None:
    plan = _dream("We use npm for installs.", said)
    assert [f for f in plan.writes if f != "MEMORY.md"] == []
    assert [d.action for d in plan.decisions if d.file == "project_stack.md"] == ["confirmed"]


def test_a_switch_undone_with_no_entry_remembers_what_was_returned_to() -> None:
    plan = _dream("We deploy with Docker Compose.", "We switched to pnpm, then reverted to npm.")
    (file,) = [f for f in plan.writes if f not in ("MEMORY.md", "project_stack.md")]
    body = parse_topic(plan.writes[file]).body
    assert "Switched from pnpm to npm" in body
    assert "**How to apply:** Use npm; pnpm is no longer current" in body


@pytest.mark.parametrize(
    ("lead", "said"),
    [
        ("We use Node 16.", "We tried upgrading to Node 20 but went back to Node 18."),
        ("We use Node 18.", "We tried upgrading to Node 20 but rolled back to Node 18."),
        ("We use Node 20 for the API.", "This PR reverts Node to 18."),
        ("We use pnpm for installs.", "We want to revert to npm."),
    ],
)
def test_a_rollback_not_made_or_of_an_upgrade_that_did_not_hold_leaves_the_entry(
        lead: str, said: str) -> None:
    plan = _dream(lead, said)
    assert "project_stack.md" not in plan.writes
    assert [d.action for d in plan.decisions if d.file == "project_stack.md"] == []
