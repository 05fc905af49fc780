"""What the project's files already say: a memory that restates them goes, one that corrects
them stays, and code trivia the project shows is not saved even when asked."""

from __future__ import annotations

import pytest

from autodream.engine import EngineOptions, Gatherer, build_facts, plan_dream
from autodream.engine.model import ProjectFacts
from tests.engine_helpers import NOW, human, topic

README = (
    "# acme-api\n\nThe API runs on port 8080.\nThe default branch is main.\n"
    "Use the legacy client in new code.\nReleases are tagged from the main branch.\n"
)


def _facts() -> ProjectFacts:
    return build_facts({"README.md": README}, ["README.md", "tests/", "src/"])


@pytest.mark.parametrize(
    ("statement", "pruned"),
    [
        ("The default branch is trunk.", False),  # another name
        ("The API runs on port 9090.", False),  # another number
        ("Never use the legacy client in new code.", False),  # the opposite
        ("Do not use the legacy client in new code.", False),
        ("Releases are tagged from the trunk branch.", False),
        ("The API runs on port 8080.", True),  # says what the README says
        ("Our default branch is main.", True),
    ],
)
def test_a_memory_is_pruned_as_restating_the_readme_only_when_it_says_the_same(
    statement: str, pruned: bool
) -> None:
    files = {"project_note.md": topic("Note", statement)}
    plan = plan_dream(files, "- [Note](project_note.md) — note\n", [], now=NOW,
                      facts=_facts(), options=EngineOptions(max_loss=None))
    assert (plan.deletes == ["project_note.md"]) is pruned
    assert any(d.action == "pruned" and "documented" in d.reason
               for d in plan.decisions) is pruned


@pytest.mark.parametrize(
    ("said", "saved"),
    [
        ("FYI the default branch is now trunk.", True),
        ("Remember that the API now runs on port 9090.", True),
        ("Never use the legacy client in new code.", True),
        ("Remember that the default branch is main.", False),
    ],
)
def test_a_statement_correcting_the_readme_is_gathered(said: str, saved: bool) -> None:
    g = Gatherer(facts=_facts())
    g.add(human(said))
    assert bool(g.candidates) is saved, g.decisions
    if not saved:
        assert "documented: The default branch is main." in g.decisions[0].reason


def test_prunes_rolled_back_by_the_loss_budget_are_recorded_as_kept_not_pruned() -> None:
    files = {
        "branch.md": topic("Default branch", "The default branch is main."),
        "port.md": topic("Port", "The API runs on port 8080."),
    }
    index = "- [Default branch](branch.md) — branch\n- [Port](port.md) — port\n"
    plan = plan_dream(files, index, [], now=NOW, facts=_facts())  # 25 % of 2: none may go
    assert plan.deletes == []
    assert not [d for d in plan.decisions if d.action == "pruned"]
    kept = {d.subject: d.reason for d in plan.decisions if d.action == "kept"}
    assert set(kept) == {"branch.md", "port.md"}
    assert all("at most 25%" in r and "restates the project's files" in r
               for r in kept.values())
    assert "pruned" not in plan.summary()


@pytest.mark.parametrize(
    ("said", "reason"),
    [
        ("Remember that the Handler class wraps every request in a transaction.",
         "code structure"),
        ("Remember that the stats module depends on the io module.", "code structure"),
        ("For the record, the tests are in tests/unit and tests/integration.",
         "'tests/unit' is in the project"),
    ],
)
def test_code_trivia_the_project_shows_is_dropped_even_when_asked(
    said: str, reason: str
) -> None:
    g = Gatherer(facts=_facts())
    g.add(human(said))
    assert g.candidates == []
    assert [d.action for d in g.decisions] == ["dropped"]
    assert reason in g.decisions[0].reason


@pytest.mark.parametrize(
    ("said", "saved"),
    [
        # a rule about a path the project has: the path existing is why the rule is needed
        ("I'd rather you didn't touch the auth code in src/auth.", True),
        ("I'd rather you left src/legacy alone.", True),
        ("Please avoid editing src/legacy.", True),
        ("Never edit anything under tests/fixtures/", True),
        ("Don't touch src/legacy/.", True),
        ("Acme want all copy in US English in anything user-facing in src/app.", True),
        # ... or a colleague's, for every piece of work that touches it
        ("Priya wants every change to src/legacy reviewed by her before merge.", True),
        ("Jonas wants every new error code documented in tests/fixtures/errors.md.", True),
        # ... not a reply that only says where things are
        ("I'd rather not, the tests are in tests/unit.", False),
        ("For the record, the tests are in tests/unit and tests/integration.", False),
    ],
)
def test_a_rule_about_a_path_the_project_has_is_not_dropped_as_the_path(
    said: str, saved: bool
) -> None:
    g = Gatherer(facts=_facts())
    g.add(human(said))
    assert bool(g.candidates) is saved, g.decisions
    if not saved:
        assert "is in the project" in g.decisions[0].reason


@pytest.mark.parametrize(
    "said",
    [
        "Remember: integration tests go in tests/integration from now on.",  # a rule
        "Remember that the docs are at https://docs.example.com/tests/unit.",  # not a path here
        "Remember that the shared config repo is acme/platform-config.",  # no acme/ here
        "Remember that the billing module is owned by Priya.",
    ],
)
def test_explicit_requests_about_more_than_code_are_still_saved(said: str) -> None:
    g = Gatherer(facts=_facts())
    g.add(human(said))
    assert len(g.candidates) == 1, g.decisions


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        # a fact said beside a file: it was dropped as "file paths the project already shows",
        # though the project has no such file
        ("Our CI runs on GitHub Actions; the workflow is .github/workflows/ci.yml.",
         "Our CI runs on GitHub Actions; the workflow is .github/workflows/ci.yml."),
        # ... the file the project shows goes, and the fact stays
        ("Our API runs on Fly.io; the config is src/fly/config.toml.",
         "Our API runs on Fly.io."),
        # a path alone is still not saved
        ("The fixtures are in tests/fixtures/data.json.", None),
    ],
)
def test_a_fact_said_beside_a_file_path_is_kept(said: str, kept: str | None) -> None:
    g = Gatherer(facts=_facts())
    g.add(human(said))
    assert [c.text for c in g.candidates] == ([kept] if kept else [])
