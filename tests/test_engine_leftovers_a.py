"""What a few sayings of a coding session leave in memory, each once kept wrong: a package's
name written as the person typed it, a region's number kept in its file's name, ..."""

from __future__ import annotations

import pytest

from autodream.engine import plan_dream
from autodream.engine.entries import title_for
from autodream.memory.model import parse_topic
from tests.engine_helpers import NOW, T0, candidates, gather, human, topic


@pytest.mark.parametrize(("said", "kept"), [
    # (each was kept as 'the Redis npm package', a name npm does not know)
    ("We use the redis npm package for caching.", "We use the redis npm package for caching."),
    ("We use the npm package redis for caching.", "We use the npm package redis for caching."),
    ("We use the redis gem for caching.", "We use the redis gem for caching."),
])
def test_a_package_name_keeps_the_case_the_person_typed(said: str, kept: str) -> None:
    assert [c.text for c in candidates(said)] == [kept]


def test_a_service_in_prose_is_still_written_as_the_docs_write_it() -> None:
    assert [c.text for c in candidates("We run redis in docker locally.")] == [
        "We run Redis in docker locally."]


@pytest.mark.parametrize(("said", "file"), [
    # (the file was project_deploy-eu-west.md: which of eu-west-1, -2, -3 it said was lost)
    ("We deploy to eu-west-2 only.", "project_deploy-eu-west-2.md"),
    ("Remember: the search cluster lives in ap-southeast-1.",
     "project_search-cluster-lives-ap-southeast-1.md"),
])
def test_a_region_keeps_its_number_in_the_file_name(said: str, file: str) -> None:
    plan = plan_dream({}, None, gather(human(said)).candidates, now=NOW)
    assert [f for f in plan.writes if f != "MEMORY.md"] == [file]


@pytest.mark.parametrize("said", [
    "The admin dashboard is exposed on port 9100.",
    "The admin dashboard listens on port 9100.",
    "The admin dashboard is served on port 9100.",
])
def test_a_port_told_in_other_words_replaces_the_old_port(said: str) -> None:
    # (both were kept as current: 'runs on port 9000' and 'is exposed on port 9100')
    lead = "The admin dashboard runs on port 9000."
    files = {"project_admin-dashboard-runs-port.md": topic(title_for(lead), lead)}
    plan = plan_dream(files, None, gather(human(said)).candidates, now=NOW)
    assert [f for f in plan.writes if f != "MEMORY.md"] == ["project_admin-dashboard-runs-port.md"]
    entry = parse_topic(plan.writes["project_admin-dashboard-runs-port.md"])
    assert entry.body.startswith(said + "\n")
    assert f"Changed from 9000 to 9100 on {T0.date()}; previously: {lead}" in entry.body
    assert entry.name == said.rstrip(".")  # (the index line no longer gives port 9000)


def test_a_port_of_another_scope_or_thing_is_kept_beside() -> None:
    lead = "The admin dashboard runs on port 9000."
    files = {"project_admin-dashboard-runs-port.md": topic(title_for(lead), lead)}
    plan = plan_dream(files, None, gather(human("The metrics dashboard is exposed on port 9100.")
                                          ).candidates, now=NOW)
    assert "project_admin-dashboard-runs-port.md" not in plan.writes


@pytest.mark.parametrize("said", [
    "You can use flake8 again.", "Feel free to use flake8 again.",
    "It's OK to use flake8 again.", "We can now use flake8 again."])
def test_a_tool_allowed_again_is_a_move_back(said: str) -> None:
    # (each made no memory at all)
    assert [(c.kind, c.text, c.new, c.back) for c in candidates(said)] == [
        ("switch", "Use flake8 again.", "flake8", True)]


def test_a_move_back_ends_only_the_rule_against_that_tool() -> None:
    # (both 'instead' rules stayed, and with them 'Use ruff rather than flake8')
    files = {
        "feedback_ruff-instead-flake8.md": topic(
            "Ruff instead of flake8", "Use ruff instead of flake8.", type_="feedback"),
        "feedback_pytest-instead-nose.md": topic(
            "Pytest instead of nose", "Use pytest instead of nose.", type_="feedback"),
    }
    plan = plan_dream(files, None, gather(human("You can use flake8 again.", day=1)).candidates,
                      now=NOW)
    assert "feedback_pytest-instead-nose.md" not in plan.writes
    assert "feedback_pytest-instead-nose.md" not in plan.deletes
    (name,) = [f for f in plan.writes if f != "MEMORY.md"]
    body = parse_topic(plan.writes[name]).body
    assert body.startswith("Use flake8 again.\n")
    assert "Switched back from Ruff to flake8 on 2026-07-07; previously Ruff." in body
    assert "do not suggest it" in body
    assert [f for f in files if f in plan.writes or f in plan.deletes] == [
        "feedback_ruff-instead-flake8.md"]
