"""A switch updates the note it contradicts, hand-written ones included: found walking a real
session, where "We migrated CommuGraph from FastAPI to Next.js." left "CommuGraph has a Python
FastAPI backend" saying so."""

from __future__ import annotations

from autodream.engine import plan_dream
from autodream.engine.dream import DreamPlan
from autodream.memory.model import parse_topic
from tests.engine_helpers import NOW, gather, human

NOTE = ("CommuGraph has a Python FastAPI backend (NetworkX for graph analysis).\n\n"
        "**Why:** chosen at start.\n\n**How to apply:** backend changes go in backend/app.")
PASSING = "We compared FastAPI and Flask for the CommuGraph API."
MIGRATED = "We migrated CommuGraph from FastAPI to Next.js."


def _note(body: str) -> str:
    return ("---\nname: project commugraph\ndescription: project commugraph\ntype: project\n"
            f"---\n\n{body}\n")


def _dream(body: str, said: str) -> DreamPlan:
    files = {"project_commugraph.md": _note(body)}
    return plan_dream(files, "- [project commugraph](project_commugraph.md) — project "
                      "commugraph\n", gather(human(said)).candidates, now=NOW)


def _body(plan: DreamPlan) -> list[str]:
    return parse_topic(plan.writes["project_commugraph.md"]).body.splitlines()


def test_a_migration_rewrites_the_hand_written_note_of_the_old_framework() -> None:
    plan = _dream(NOTE, MIGRATED)
    body = _body(plan)
    # the note says what holds now (no second file beside it saying otherwise) ...
    assert list(plan.writes) == ["project_commugraph.md"]
    assert body[0] == MIGRATED
    # ... "a Python Next.js backend" would be said of nothing the person said: what the note
    # said goes, word for word, into its dated history
    assert ("Switched from FastAPI to Next.js on 2026-07-06; previously FastAPI (CommuGraph has "
            "a Python FastAPI backend (NetworkX for graph analysis))." in body)
    assert "**How to apply:** backend changes go in backend/app." in body  # the person's
    assert not any("Python Next.js" in line for line in body)
    assert any(d.action == "superseded" and d.file == "project_commugraph.md"
               and "kept in the history" in d.reason for d in plan.decisions)


def test_a_migration_puts_the_new_framework_in_the_old_ones_place_where_it_reads_true() -> None:
    body = _body(_dream("CommuGraph has a FastAPI backend.", MIGRATED))
    assert body[0] == "CommuGraph has a Next.js backend."
    assert "Switched from FastAPI to Next.js on 2026-07-06; previously FastAPI." in body


def test_a_note_that_only_mentions_the_framework_is_left_as_it_is() -> None:
    plan = _dream(PASSING, MIGRATED)
    assert "project_commugraph.md" not in plan.writes
    assert len(plan.writes) == 1  # the switch is a memory of its own
