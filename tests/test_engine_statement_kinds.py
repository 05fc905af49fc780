"""Kinds of statements the engine read as none, or as the wrong one (each sentence as said)."""

from __future__ import annotations

import pytest

from autodream.engine.dream import plan_dream
from autodream.memory.model import parse_topic
from tests.engine_helpers import NOW, candidates, dreams_over_days, topic

_NO_BACKEND = "There will be no Python, no FastAPI, and no external backend service."


def test_an_index_line_reads_as_a_sentence() -> None:
    # '— and no external backend service.': what goes on from the title, no sentence
    ((plan, _),) = dreams_over_days([(0, _NO_BACKEND)], [0])
    assert (f"[There will be no Python, no FastAPI](feedback_python-fastapi.md) — {_NO_BACKEND}"
            in (plan.index or ""))
    # ('— not db1.')
    *_, (plan, _) = dreams_over_days([(0, "Remember: the staging host is db1."),
                                      (1, "Actually, the staging host is db2, not db1.")], [0, 1])
    assert ("[The staging host is db2](project_staging-host.md) — The staging host is db2, not "
            "db1." in (plan.index or ""))


def test_an_index_line_an_earlier_dream_cut_after_the_title_reads_as_a_sentence() -> None:
    files = {"feedback_python-fastapi.md": topic(
        "There will be no Python, no FastAPI", _NO_BACKEND, type_="feedback",
        description=_NO_BACKEND)}
    index = ("## Feedback\n- [There will be no Python, no FastAPI](feedback_python-fastapi.md) — "
             "and no external backend service.\n")
    plan = plan_dream(files, index, candidates("Always run ruff before committing.", day=1),
                      now=NOW)
    assert plan.index is not None
    assert f"(feedback_python-fastapi.md) — {_NO_BACKEND}" in plan.index


@pytest.mark.parametrize("said", [
    "We decided to use Postgres for the event store.",
    # told as the assistant put right, it was a feedback memory
    "Actually, we decided to use Postgres for the event store.",
    "No, we agreed to keep the monolith.",
])
def test_a_decision_of_the_team_is_a_project_memory(said: str) -> None:
    ((plan, files),) = dreams_over_days([(0, said)], [0])
    (name,) = files
    assert parse_topic(files[name]).type == "project" and name.startswith("project_")
    assert "## Feedback" not in (plan.index or "")


def test_a_decision_putting_a_rule_right_keeps_the_rules_file() -> None:
    # (which memory a correction puts right is found as before: the rule it replaces)
    *_, (_, files) = dreams_over_days(
        [(0, "Use MySQL for the event store."),
         (1, "Actually, we decided to use Postgres for the event store.")], [0, 1])
    (body,) = files.values()
    assert "We decided to use Postgres for the event store." in body
    assert "previously: Use MySQL for the event store." in body
