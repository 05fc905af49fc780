"""What is said "from now on": the project's choice of what it uses is a decision of the
project's, a rule for the assistant stays feedback."""

from __future__ import annotations

import pytest

from autodream.engine.dream import plan_dream
from tests.engine_helpers import NOW, candidates, topic

# what the project uses, runs on or decided from now on: it was filed as feedback, the user's
# stated preference ("We use Postgres 16 for the orders service" as a rule for the assistant)
_PROJECT_CHOICES = [
    "From now on we use Postgres 16 for the orders service.",
    "From now on, we use Redis for caching.",
    "Going forward, the orders service runs on Postgres 16.",
    "Going forward, CI runs on GitHub Actions.",
    "From now on we're using Vite for the frontend build.",
    "From now on the API uses JWT for auth.",
    "Going forward we'll use Sentry for error tracking.",
    "From now on we deploy with ArgoCD.",
    "Going forward, we've decided to use Kafka for events.",
    "In the future, the orders service is going to use Postgres 16.",
    "From now on the team standup is every Tuesday at 10:00.",
    "From now on, our staging deploys go through ArgoCD.",
    "We've decided to use Kafka for the event bus.",
]

# a rule for the assistant, however it opens: feedback, as before
_RULES = [
    "From now on, always run the linter before committing.",
    "From now on, never push directly to main.",
    "Going forward, always write tests first.",
    "From now on, use pnpm instead of npm.",
    "From now on please use tabs.",
    "Going forward, don't add comments to the code.",
    "Going forward, keep commit messages under 72 characters.",
    "From now on, ask me before deleting files.",
    "From now on you should use type hints everywhere.",
    "From now on, Always use pnpm.",
    "Going forward, Use pnpm for installs.",
    "From now on we always squash-merge PRs.",
    "From now on we don't use mocks in integration tests.",
    "From now on the tests must pass before merging.",
    # what it replaces said with it: a rule "Use npm for installs" is replaced by it
    "From now on we use pnpm, not npm.",
]


@pytest.mark.parametrize("said", _PROJECT_CHOICES)
def test_what_the_project_uses_from_now_on_is_a_project_decision(said: str) -> None:
    (cand,) = candidates(said)
    assert (cand.kind, cand.type) == ("decision", "project")


@pytest.mark.parametrize("said", _RULES)
def test_a_rule_for_the_assistant_from_now_on_stays_feedback(said: str) -> None:
    (cand,) = candidates(said)
    assert cand.type == "feedback", cand.kind


def test_a_project_choice_from_now_on_is_filed_and_indexed_as_project() -> None:
    plan = plan_dream({}, None, candidates(
        "From now on we use Postgres 16 for the orders service."), now=NOW)
    (path,) = [p for p in plan.writes if p != "MEMORY.md"]
    assert path.startswith("project_")
    assert "## Project\n- [We use Postgres 16 for the orders service]" in plan.index
    assert "## Feedback" not in plan.index


def test_a_rule_it_replaces_is_replaced_not_kept_beside_it() -> None:
    # ("Deploy with Capistrano." then "Going forward, we deploy with Kamal.": one memory, the
    # new way leading, as when it was read as a preference; a decision, of another type, it
    # stood beside the rule it replaced)
    files = {"feedback_deploy-capistrano.md": topic(
        "Deploy with Capistrano", "Deploy with Capistrano.", type_="feedback",
        extra="sources:\n- 2026-07-06 s0\n")}
    plan = plan_dream(files, "- [Deploy with Capistrano](feedback_deploy-capistrano.md) — x\n",
                      candidates("Going forward, we deploy with Kamal.", day=2), now=NOW)
    gone = {*plan.deletes, *plan.renames.values()}
    kept = {p: t for p, t in {**files, **plan.writes}.items() if p != "MEMORY.md" and p not in gone}
    ((_, text),) = kept.items()
    assert text.split("\n\n")[1].startswith("We deploy with Kamal.")

