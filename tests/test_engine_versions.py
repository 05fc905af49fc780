"""An upgrade replaces the version a memory names for that tool, and nothing else."""

from __future__ import annotations

import pytest

from autodream.engine import plan_dream
from autodream.engine.dream import DreamPlan
from autodream.engine.versions import names_version, version_switch
from autodream.memory.model import parse_topic
from tests.engine_helpers import NOW, candidates, gather, human, topic


def _dream(lead: str, *said: str) -> DreamPlan:
    files = {"project_stack.md": topic("Stack", lead)}
    return plan_dream(files, "- [Stack](project_stack.md) — stack\n",
                      gather(*(human(s) for s in said)).candidates, now=NOW)


@pytest.mark.parametrize(
    ("said", "new", "old"),
    [
        ("We upgraded from Postgres 14 to Postgres 16.", "Postgres 16", "Postgres 14"),
        ("We moved production from Python 3.11 to 3.12.", "Python 3.12", "Python 3.11"),
        ("Bumped Node from 18 to 20 on the workers.", "Node 20", "Node 18"),
        ("We upgraded eslint from 8 to 9.", "eslint 9", "eslint 8"),
        ("We upgraded production to Postgres 16.", "Postgres 16", None),
        ("We upgraded React to v19.", "React 19", None),
        ("We moved to Python 3.12.", "Python 3.12", None),
        ("We're on Python 3.12 now.", "Python 3.12", None),
        ("FYI the CI images are on Python 3.12 now.", "Python 3.12", None),
    ],
)
def test_an_upgrade_names_the_tool_with_its_new_and_old_version(
    said: str, new: str, old: str | None
) -> None:
    (cand,) = candidates(said)
    assert (cand.kind, cand.new, cand.old) == ("switch", new, old)


@pytest.mark.parametrize(
    "said",
    [
        "We went from 3 to 4 engineers this quarter.",  # a count, not a version
        "We moved the launch to Q3 2027.",
        "Move the standup to 10 tomorrow.",
        "We upgraded the app to version 2.0.",  # no tool named
        "For now we're on Python 3.11.",  # for the time being, not a change
    ],
)
def test_a_number_that_is_no_tool_version_is_no_upgrade(said: str) -> None:
    assert version_switch(said) is None


def test_a_switch_between_two_names_is_not_read_as_an_upgrade() -> None:
    (cand,) = candidates("We switched from MySQL to Postgres 16.")
    assert (cand.new, cand.old) == ("Postgres", "MySQL")


@pytest.mark.parametrize(
    ("lead", "said", "now"),
    [
        ("We run Postgres 14 in production.", "We upgraded from Postgres 14 to Postgres 16.",
         "We run Postgres 16 in production."),
        ("We run Postgres 14 in production.", "We upgraded production to Postgres 16.",
         "We run Postgres 16 in production."),
        ("We run Postgres 14 in production and Node 18 on the workers.",
         "Bumped Node from 18 to 20.",
         "We run Postgres 14 in production and Node 20 on the workers."),
        ("The CI images use Python 3.11.", "The CI images are on Python 3.12 now.",
         "The CI images use Python 3.12."),
        ("The frontend is on React v18.", "We upgraded React to v19.",
         "The frontend is on React 19."),
    ],
)
def test_an_upgrade_rewrites_the_version_and_keeps_the_old_one_in_history(
    lead: str, said: str, now: str
) -> None:
    plan = _dream(lead, said)
    body = parse_topic(plan.writes["project_stack.md"]).body
    assert body.startswith(now + "\n")
    old = [w for w in lead.split() if w not in now.split()]
    assert "; previously " in body and any(o.rstrip(".") in body for o in old)
    assert [d.action for d in plan.decisions if d.action == "superseded"] == ["superseded"]


@pytest.mark.parametrize(
    ("lead", "said"),
    [
        # another thing moved: production stays on 14
        ("We run Postgres 14 in production.", "We moved the analytics warehouse to Postgres 16."),
        # the entry names two versions: which one went is not said
        ("Production runs Postgres 14 and staging runs Postgres 15.",
         "We upgraded to Postgres 16."),
        # "Postgres 14" is not "Postgres 14.2"
        ("We run Postgres 14.2 in production.", "We upgraded from Postgres 14 to Postgres 16."),
        # another tool's version
        ("We run Node 18 on the workers.", "We upgraded to Python 3.12."),
        # the upgrade names what it was for, and this entry is about something else
        ("We use Python 3.11 for the API.", "We upgraded the data pipeline to Python 3.12."),
    ],
)
def test_an_upgrade_of_something_else_leaves_the_entry_as_it_was(lead: str, said: str) -> None:
    plan = _dream(lead, said)
    assert "project_stack.md" not in plan.writes
    assert [d.action for d in plan.decisions if d.file == "project_stack.md"] == []


def test_an_upgrade_with_no_entry_to_replace_is_a_memory_of_its_own() -> None:
    plan = _dream("We deploy with Docker Compose.", "We upgraded production to Postgres 16.")
    (new,) = [f for f in plan.writes if f != "project_stack.md" and f != "MEMORY.md"]
    assert parse_topic(plan.writes[new]).body.startswith("We upgraded production to Postgres 16.")


@pytest.mark.parametrize(
    ("text", "named", "expected"),
    [
        ("We run Postgres 14 in production.", "Postgres 14", True),
        ("We run postgres 14.", "Postgres 14", True),
        ("We run Postgres 14.2 in production.", "Postgres 14", False),
        ("We run Postgres 140.", "Postgres 14", False),
        ("We run Postgres in production.", "Postgres 14", False),
    ],
)
def test_an_entry_names_a_version_only_as_written(text: str, named: str, expected: bool) -> None:
    assert names_version(text, named) is expected


def test_we_now_run_is_a_fact_and_replaces_the_old_version() -> None:
    (cand,) = candidates("We now run Postgres 16 in production.")
    assert cand.kind in ("fact", "switch")
    plan = _dream("We run Postgres 14 in production.", "We now run Postgres 16 in production.")
    body = parse_topic(plan.writes["project_stack.md"]).body
    assert "Postgres 16 in production" in body.splitlines()[0]
    assert "Postgres 14" not in body.splitlines()[0]


def test_an_upgrades_own_entry_is_titled_by_the_tool_and_its_versions() -> None:
    plan = plan_dream({}, None, candidates("We bumped Django from 4.2 to 5.1."), now=NOW)
    (file,) = [f for f in plan.writes if f != "MEMORY.md"]
    assert parse_topic(plan.writes[file]).name == "Django version: 5.1 instead of 4.2"
    assert file == "project_django-version-instead.md"  # not project_django-instead-django.md
