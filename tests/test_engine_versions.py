"""An upgrade replaces the version a memory names for that tool, and nothing else."""

from __future__ import annotations

import pytest

from autodream.engine import plan_dream
from autodream.engine.dream import DreamPlan
from autodream.engine.versions import names_version, upgrade_clauses, version_switch
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
        ("We migrated to Spring Boot 3.2.", "Spring Boot 3.2", None),
        ("We moved to .NET 8.", ".NET 8", None),
        ("Upgraded ruby 3.1 -> 3.3.", "ruby 3.3", "ruby 3.1"),
        ("Upgraded PHP 8.1 to 8.3.", "PHP 8.3", "PHP 8.1"),
        ("Flutter was upgraded to 3.16.", "Flutter 3.16", None),
        ("Terraform got bumped to 1.7.", "Terraform 1.7", None),
        ("Postgres has been upgraded to 16.", "Postgres 16", None),
        ("Celery is on 5.3 now.", "Celery 5.3", None),
        ("Python 3.12 is now the default in our images.", "Python 3.12", None),
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
        # counts and sizes after a tool's name
        "We upgraded Kafka to 5 brokers.",
        "We upgraded Redis to 16 GB.",
        "We upgraded Postgres to 4 vCPUs.",
        "We bumped Celery to 4 workers.",
        "We bumped Elasticsearch to 5 nodes.",
        "We moved production to AWS 2 weeks ago.",
        "We moved the team to Zoom 5 days a week.",
        "Bumped retries from 3 to 5.",
        "Bumped max_connections to 200.",
        # did not happen, did not hold, is under way, or is not ours
        "The upgrade to Node 20 failed, we're still on Node 18.",
        "We upgraded to Node 20 but had to roll back.",
        "Upgrading to Postgres 16 broke the migrations, so we're staying on 14.",
        "Upgrading to Node 20 is blocked on the SDK.",
        "We're upgrading to Postgres 16 this week.",
        "We're in the middle of migrating to Java 21.",
        "I'm on Python 3.12 locally now.",
        "Upgrading to Python 3.12 made the build 20% faster on my branch.",
        "They're on Node 20 now.",
        "We upgraded to Postgres 16 on staging but production is still on Postgres 14.",
        # no tool's name before the number
        "Everything was moved to 3 regions.",
        "Production is on 16 now.",
        "The build is on step 3 now.",
        # a time moved, however it is capitalised
        "We moved Standup from 9 to 10.",
        "We moved the Retro from 4 to 5.",
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
        # the entry's spelling of the tool stays
        ("We use TypeScript 4.9.", "upgraded typescript from 4.9 to 5.3",
         "We use TypeScript 5.3."),
        # the subject says where, and production or "all services" is everywhere
        ("Production runs Postgres 14.", "FYI production is on Postgres 16 now.",
         "Production runs Postgres 16."),
        ("Staging runs Node 18.", "Heads up, staging is on Node 20 now.", "Staging runs Node 20."),
        ("We use Python 3.11.", "All services are on Python 3.12 now.", "We use Python 3.12."),
        # another name of the tool, a name of two words, a dotted name, an arrow
        ("We run PostgreSQL 14.", "We upgraded to Postgres 16.", "We run PostgreSQL 16."),
        ("Our backend uses Spring Boot 2.7.", "We migrated to Spring Boot 3.2.",
         "Our backend uses Spring Boot 3.2."),
        ("Our services run on .NET 6.", "We migrated to .NET 8.", "Our services run on .NET 8."),
        ("We use Ruby 3.1.", "Upgraded ruby 3.1 -> 3.3.", "We use Ruby 3.3."),
        # another tool that stays is no reason to keep this one
        ("We run Node 18 and Postgres 14.", "We upgraded Postgres to 16, Node stays on 18.",
         "We run Node 18 and Postgres 16."),
        # a name in lower case, which an entry giving it a version shows to be a tool's
        ("We use Node 18 for the API.", "we're on node 20 now", "We use Node 20 for the API."),
        ("We use Postgres 14 on RDS.", "our postgres version is 16 now",
         "We use Postgres 16 on RDS."),
        ("We use Postgres 14 on RDS.", "The Postgres version is now 16.",
         "We use Postgres 16 on RDS."),
        # a version given after a label is put in its place
        ("Postgres version is 14 in production.", "We upgraded Postgres from 14 to 16.",
         "Postgres version is 16 in production."),
        ("Node version: 18 for all services.", "Bumped Node to 20.",
         "Node version: 20 for all services."),
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
        # ... or names it after the new version, or as what holds it now
        ("We run Node 18 in production.", "We upgraded from Node 18 to Node 20 on staging only."),
        ("We use Python 3.11 everywhere.",
         "We upgraded Python from 3.11 to 3.12 in the Lambda functions only."),
        ("Production runs Node 18.", "The staging servers are on Node 20 now."),
        ("We run Postgres 14 in production.", "We upgraded staging to Postgres 16."),
        # it did not happen, or not yet, or did not hold
        ("We use Node 18.", "We haven't upgraded to Node 20 yet."),
        ("We use Postgres 14.", "We didn't upgrade to Postgres 16 because of the extension issue."),
        ("We use Python 3.11.", "We never moved to Python 3.12."),
        ("We use Node 18.", "We can't upgrade to Node 20 until the SDK supports it."),
        ("We use Node 18.", "We should upgrade to Node 20."),
        ("We use Node 18.", "We need to bump Node to 20 before April."),
        ("We use Node 18.", "Upgrading to Node 20 is blocked on the SDK."),
        ("We use Postgres 14.", "We're upgrading to Postgres 16 this week."),
        ("We use Java 17.", "We're in the middle of migrating to Java 21."),
        ("We use Node 18.", "We tried upgrading to Node 20 but rolled back to Node 18."),
        ("We use Node 18.", "The upgrade to Node 20 failed, we're still on Node 18."),
        ("We use Python 3.11.", "We briefly moved to Python 3.12 but went back to 3.11."),
        # one person's machine, or another team
        ("We use Python 3.11.", "I'm on Python 3.12 locally now."),
        ("We use Node 18.", "They're on Node 20 now."),
        # a count or a size, not a version (the count changes: test_engine_setting_changes.py)
        ("We run Kafka 3.6 with 3 brokers.", "We upgraded Kafka to 5 nodes."),
        ("We run Redis 7 with 8 GB of memory.", "We upgraded Redis to 16 cores."),
    ],
)
def test_an_upgrade_of_something_else_leaves_the_entry_as_it_was(lead: str, said: str) -> None:
    plan = _dream(lead, said)
    assert "project_stack.md" not in plan.writes
    assert [d.action for d in plan.decisions if d.file == "project_stack.md"] == []


@pytest.mark.parametrize(("lead", "said", "now", "was"), [
    # a version gone back to made no memory at all (and "We run Node 20 in CI" was confirmed)
    ("We upgraded to Node 20.", "We're back on Node 18, the 20 upgrade broke our native deps.",
     "We're back on Node 18, the 20 upgrade broke our native deps.", "Node 20"),
    ("We run Node 20 in CI.", "We're back on Node 18, 20 broke the native addons.",
     "We run Node 18 in CI.", "Node 20"),
    ("We use Python 3.12 for the API.", "We are back on Python 3.11 until numba supports 3.12.",
     "We use Python 3.11 for the API.", "Python 3.12"),
    # a curly apostrophe: no memory, the entry of Node 20 left current
    ("We run Node 20 in CI.", "We\u2019re back on Node 18, the 20 upgrade broke our native deps.",
     "We run Node 18 in CI.", "Node 20"),
])
def test_a_version_gone_back_to_replaces_the_upgrade_with_history(
        lead: str, said: str, now: str, was: str) -> None:
    plan = _dream(lead, said)
    body = parse_topic(plan.writes["project_stack.md"]).body
    assert body.startswith(now + "\n")
    assert f"; previously {was}." in body


@pytest.mark.parametrize("said", [
    "We're back on Node 18, the 20 upgrade broke our native deps.",
    "We're back on Node 18.",
    "We\u2019re now back on Node 18.",
])
def test_a_version_gone_back_to_alone_is_remembered(said: str) -> None:
    (cand,) = candidates(said)
    assert (cand.kind, cand.new) == ("switch", "Node 18")


@pytest.mark.parametrize("said", [
    # not yet, or no tool's version
    "Once we're back on Node 18, rebuild the addons.",
    "If we're back on Node 18, rebuild the addons.",
    "Once we\u2019re back on Node 18, rebuild the addons.",
    "We're back on track 2.",
])
def test_a_version_to_go_back_to_or_no_version_is_no_switch(said: str) -> None:
    assert not any(c.kind == "switch" for c in candidates(said))


@pytest.mark.parametrize(
    "said",
    ["we're on attempt 4 now", "we're on node 20 now", "We're on round 2 of the review now."],
)
def test_a_name_in_lower_case_no_entry_versions_is_no_upgrade(said: str) -> None:
    # "attempt 4" may be a tool's version or not: with no entry giving it another version, the
    # sentence is kept as what it says, with no "Use attempt 4" guidance
    plan = _dream("We deploy with Docker Compose.", said)
    assert "project_stack.md" not in plan.writes
    (new,) = [f for f in plan.writes if f != "MEMORY.md"]
    body = parse_topic(plan.writes[new]).body
    assert body.lower().startswith(said.lower().rstrip("."))
    assert "no longer current" not in body
    assert [d.action for d in plan.decisions if d.action == "superseded"] == []


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


@pytest.mark.parametrize(
    ("said", "file"),
    [
        ("Don't upgrade to Node 20 yet.", "feedback_dont-upgrade-node-yet.md"),  # not don-t-...
        ("Never upgrade Postgres to 16 without a dump first.",
         "feedback_never-upgrade-postgres-without-dump-first.md"),
    ],
)
def test_a_rule_against_an_upgrade_is_kept_as_a_rule(said: str, file: str) -> None:
    plan = _dream("We use Node 18 and Postgres 14.", said)
    assert "project_stack.md" not in plan.writes
    assert [f for f in plan.writes if f != "MEMORY.md"] == [file]
    topic_file = parse_topic(plan.writes[file])
    assert topic_file.type == "feedback" and topic_file.body.startswith(said)


@pytest.mark.parametrize(
    ("said", "kind"),
    [
        ("We should upgrade to Node 20.", "decision"),
        ("We will upgrade to Python 3.12 next month.", "plan"),
    ],
)
def test_an_upgrade_still_to_come_is_a_plan_or_decision_not_a_change(said: str, kind: str) -> None:
    (cand,) = candidates(said)
    assert (cand.kind, cand.new) == (kind, None)


def test_an_upgrade_made_in_one_place_alone_says_where_to_use_the_new_version() -> None:
    plan = _dream("We deploy with Docker Compose.",
                  "We upgraded Python from 3.11 to 3.12 in the Lambda functions only.")
    (file,) = [f for f in plan.writes if f not in ("MEMORY.md", "project_stack.md")]
    topic_file = parse_topic(plan.writes[file])
    assert topic_file.name == "Lambda functions Python version: 3.12 instead of 3.11"
    assert ("**How to apply:** Use Python 3.12 for the Lambda functions; Python 3.11 is no longer "
            "current there") in topic_file.body


def test_the_reason_for_an_upgrade_keeps_its_first_words() -> None:
    plan = _dream("We use Kafka 2.8.", "We downgraded Kafka to 2.7 because of a broker bug.")
    body = parse_topic(plan.writes["project_stack.md"]).body
    assert body.startswith("We use Kafka 2.7.\n")
    assert "**Why:** Because of a broker bug." in body


@pytest.mark.parametrize(
    ("said", "clauses"),
    [
        ("Bumped Node from 18 to 20 and npm from 9 to 10 last week.",
         ["Bumped Node from 18 to 20 last week.", "Bumped npm from 9 to 10 last week."]),
        ("We upgraded production to Postgres 16 and Redis 7.2.",
         ["We upgraded production to Postgres 16.", "We upgraded production to Redis 7.2."]),
        ("We bumped numpy to 2.0, pandas to 2.2 and scipy to 1.14.",
         ["We bumped numpy to 2.0.", "We bumped pandas to 2.2.", "We bumped scipy to 1.14."]),
        ("We upgraded Postgres to 16, Node stays on 18.", []),  # one upgrade
        ("We upgraded to Postgres 16 on 2026-07-01 and it went fine.", []),
    ],
)
def test_each_upgrade_of_a_sentence_is_read_on_its_own(said: str, clauses: list[str]) -> None:
    assert upgrade_clauses(said) == clauses


def test_an_entry_naming_two_upgraded_tools_is_rewritten_for_both() -> None:
    plan = _dream("We run Postgres 14 and Redis 6.", "We upgraded Postgres to 16 and Redis to 7.")
    body = parse_topic(plan.writes["project_stack.md"]).body
    assert body.startswith("We run Postgres 16 and Redis 7.\n")
    assert "Switched from Postgres 14 to Postgres 16" in body
    assert "Switched from Redis 6 to Redis 7" in body
    assert "**How to apply:** Use Postgres 16 and Redis 7; Postgres 14 and Redis 6 are no longer " \
        "current, so do not suggest them." in body


def test_a_second_upgrade_of_the_same_tool_is_the_one_to_use() -> None:
    plan = _dream("We use Node 18.", "We upgraded to Node 20.", "We upgraded to Node 22.")
    body = parse_topic(plan.writes["project_stack.md"]).body
    assert body.startswith("We use Node 22.\n")
    assert "**How to apply:** Use Node 22; Node 20 is no longer current" in body


@pytest.mark.parametrize(
    ("lead", "said", "now"),
    [
        # a negation or modal after a switch already told is a follow-up, not the switch undone
        ("We use npm for installs.", "We switched from npm to pnpm and won't go back.", "pnpm"),
        ("We track issues in Jira.", "We moved from Jira to Linear so we can move faster.",
         "Linear"),
        ("We use Node 18.", "We bumped Node to 20, so you might need to update your .nvmrc.",
         "Node 20"),
        ("We use Poetry for packaging.", "We moved from Poetry to uv and never went back.", "uv"),
        # what broke is the reason for the downgrade or pin, not the upgrade undone
        ("We run Postgres 16.", "We downgraded Postgres to 15 after the extension broke.",
         "Postgres 15"),
        ("We use pydantic 2.5.", "We pinned pydantic to 1.10 because v2 broke our models.",
         "pydantic 1.10"),
        ("We use Postgres 14.", "After the failed attempt last month, we finally upgraded "
         "Postgres to 16.", "Postgres 16"),
        # what the version is for is no count
        ("The CI runners use Ubuntu 20.04.", "We upgraded CI to Ubuntu 22.04 runners.",
         "Ubuntu 22.04"),
        # ... and a need that follows a done upgrade does not make it owed
        ("We use Node 18.", "We're on Node 20 now, so you have to update your local nvm.",
         "Node 20"),
        # another name of the tool in the "Upgraded ALIAS to N" form
        ("We run Postgres 14 in production.", "Upgraded PG to 16.", "Postgres 16"),
    ],
)
def test_a_follow_up_clause_does_not_undo_a_switch_already_told(
        lead: str, said: str, now: str) -> None:
    plan = _dream(lead, said)
    body = parse_topic(plan.writes["project_stack.md"]).body
    assert now in body.splitlines()[0]
    assert [d.action for d in plan.decisions if d.action == "superseded"] == ["superseded"]


def test_staging_alone_narrows_an_upgrade_to_staging() -> None:
    plan = _dream("We run Node 18.", "Staging is on Node 20 now.")
    assert "project_stack.md" not in plan.writes


# An upgrade asked for, wanted, waited on, or proposed in a pull request has not happened: the
# entry naming the version the project is on stays as it is.
_INTENDED_UPGRADES = [
    ("We use Django 4.2 for the API.", "Help me upgrade Django to 5.0"),
    ("We use Django 4.2 for the API.", "Please help us migrate to Django 5.0."),
    ("We use Django 4.2 for the API.", "We want to upgrade Django to 5.0"),
    ("We use Django 4.2 for the API.", "We'd like to upgrade Django to 5.0"),
    ("We use Django 4.2 for the API.", "We'd love to move to Django 5.0."),
    ("We use Django 4.2 for the API.", "Time to upgrade Django to 5.0"),
    ("We use Django 4.2 for the API.", "It's time to move to Django 5.0."),
    ("We use Django 4.2 for the API.", "We're ready to upgrade to Django 5.0."),
    ("We use Django 4.2 for the API.",
     "Before we upgrade Django to 5.0, we need to fix the deprecations."),
    ("We use Node 18 for the API.", "Once we upgrade Node to 20, we can drop the polyfill"),
    ("We use Node 18 for the API.", "When we upgrade to Node 20 we can drop the polyfill"),
    ("We use Node 18 for the API.", "My PR bumps Node to 20"),
    ("We use Node 18 for the API.", "My PR bumped Node to 20."),
    ("We use Node 18 for the API.", "Renovate opened a PR bumping Node to 20"),
    ("We use Node 18 for the API.", "Renovate opened a PR to bump Node to 20."),
    ("We use Node 18 for the API.", "Can we upgrade to Node 20"),
    # already left alone: a task asked ("let's", "this PR", "can you"), a question, an owed
    # upgrade, "soon"
    ("We use Django 4.2 for the API.", "Let's upgrade Django to 5.0 next sprint"),
    ("We use Django 4.2 for the API.", "This PR upgrades Django to 5.0"),
    ("We use Node 18 for the API.", "Should we upgrade to Node 20?"),
    ("We use Node 18 for the API.", "Should we upgrade to Node 20"),
    ("We use Node 18 for the API.", "Can you upgrade Node to 20?"),
    ("We use Node 18 for the API.", "As soon as we bump Node to 20 we can use fetch."),
]


@pytest.mark.parametrize(("lead", "said"), _INTENDED_UPGRADES)
def test_an_upgrade_wanted_or_proposed_leaves_the_entry_as_it_was(lead: str, said: str) -> None:
    plan = _dream(lead, said)
    assert "project_stack.md" not in plan.writes
    assert [d.action for d in plan.decisions if d.file == "project_stack.md"] == []
    assert not any(c.kind == "switch" for c in candidates(said))
    for text in plan.writes.values():
        assert "Switched " not in text and " instead of " not in text


@pytest.mark.parametrize(
    ("said", "kind"),
    [
        ("We want to upgrade Django to 5.0.", "decision"),
        ("Once we upgrade Node to 20, we can drop the polyfill.", "decision"),
        ("We want to upgrade to Node 20 on August 3.", "plan"),
        ("We'd like to move to Django 5.0 next month.", "plan"),
    ],
)
def test_an_upgrade_wanted_is_kept_as_a_plan_or_decision(said: str, kind: str) -> None:
    (cand,) = candidates(said)
    assert (cand.kind, cand.new, cand.old) == (kind, None, None)


@pytest.mark.parametrize(
    "said",
    ["My PR bumps Node to 20.", "Renovate opened a PR bumping Node to 20.",
     "This PR upgrades Django to 5.0.", "Renovate opened a PR to bump Node to 20."],
)
def test_an_upgrade_a_pull_request_would_make_is_not_made(said: str) -> None:
    assert version_switch(said) is None


def test_an_upgrade_a_merged_pull_request_made_is_made() -> None:
    assert version_switch("The PR that bumps Node to 20 was merged yesterday.") == (
        "Node 20", None)


@pytest.mark.parametrize(
    ("lead", "said", "now"),
    [
        ("We use Django 4.2 for the API.", "We upgraded Django to 5.0",
         "We use Django 5.0 for the API."),
        ("We use Node 18 for the API.", "Bumped Node from 18 to 20", "We use Node 20 for the API."),
        ("We use Node 18 for the API.", "We're on Node 20 now", "We use Node 20 for the API."),
        ("We run Postgres 14 in production.", "Upgraded PG to 16",
         "We run Postgres 16 in production."),
        ("We use Node 18 for the API.", "We've upgraded to Node 20", "We use Node 20 for the API."),
        ("We use Node 18 for the API.", "Node is on 20 now", "We use Node 20 for the API."),
        ("We use Node 18 for the API.", "We bumped Node to 20 last week",
         "We use Node 20 for the API."),
        ("We use Django 4.2 for the API.", "Sam upgraded Django to 5.0",
         "We use Django 5.0 for the API."),
        # a subordinate clause told in the past is a switch made, as is a clause after it
        ("We use Django 4.2 for the API.", "After we upgraded Django to 5.0, the admin got faster.",
         "We use Django 5.0 for the API."),
        ("We use Node 18 for the API.",
         "We're on Node 20 now, so when we update the lockfile use npm 10.",
         "We use Node 20 for the API."),
        ("We use Node 18 for the API.", "The PR bumping Node to 20 got merged.",
         "We use Node 20 for the API."),
    ],
)
def test_an_upgrade_told_as_done_still_rewrites_the_entry(lead: str, said: str, now: str) -> None:
    plan = _dream(lead, said)
    body = parse_topic(plan.writes["project_stack.md"]).body
    assert body.startswith(now + "\n")
    assert [d.action for d in plan.decisions if d.action == "superseded"] == ["superseded"]


@pytest.mark.parametrize(
    ("lead", "said", "upgraded"),
    [
        # a kind word ("database") the entry leaves out: it is still about the RDS database
        ("We use Postgres 14 on RDS", "Our RDS database is on Postgres 16 now", True),
        # ... but not when the entry names another kind
        ("The staging cluster runs Postgres 14", "The staging database is on Postgres 16 now",
         False),
    ],
)
def test_what_an_upgrade_names_may_leave_out_the_kind_of_thing(
        lead: str, said: str, upgraded: bool) -> None:
    files = {"project_stack.md": topic("Stack", lead)}
    plan = plan_dream(files, "- [Stack](project_stack.md) — stack\n",
                      gather(human(said)).candidates, now=NOW)
    body = parse_topic(plan.writes["project_stack.md"]).body if (
        "project_stack.md" in plan.writes) else lead
    assert ("Postgres 16" in body.split("\n\n")[0]) == upgraded


@pytest.mark.parametrize(
    ("lead", "said"),
    [
        ("Staging uses Postgres 16.", "Production uses Postgres 15."),
        ("We run Postgres 15 in prod.", "Staging is on Postgres 16."),
        ("Staging runs Postgres 16.", "Prod is on Postgres 15."),
    ],
)
def test_a_version_of_another_place_is_a_memory_of_its_own(lead: str, said: str) -> None:
    """Said of another environment or part of the system, another version is a second fact:
    the entry kept its own version (it read "Staging uses Postgres 15", "Switched from
    Postgres 16 to Postgres 15"), and the new fact is remembered beside it."""
    plan = _dream(lead, said)
    assert "project_stack.md" not in plan.writes
    assert not [d for d in plan.decisions if d.action == "superseded"]
    created = [parse_topic(text).body for name, text in plan.writes.items()
               if name not in ("project_stack.md", "MEMORY.md")]
    assert [body.split("\n\n")[0] for body in created] == [said]


@pytest.mark.parametrize(
    ("lead", "said", "now"),
    [
        ("We run Postgres 15 in production.", "We're on Postgres 16 in prod now.",
         "We run Postgres 16 in production."),
        ("Staging uses Postgres 15.", "Staging is on Postgres 16 now.",
         "Staging uses Postgres 16."),
    ],
)
def test_a_new_version_of_the_same_place_still_updates_it(lead: str, said: str, now: str) -> None:
    body = parse_topic(_dream(lead, said).writes["project_stack.md"]).body
    assert body.startswith(now + "\n")


@pytest.mark.parametrize("said", ["We're on Postgres 15 in prod.", "Prod runs Postgres 15."])
def test_a_present_claim_of_another_version_updates_the_entry(said: str) -> None:
    files = {"project_stack.md": topic("Stack", "We use Postgres 14 in prod")}
    plan = plan_dream(files, "- [Stack](project_stack.md) — stack\n",
                      gather(human(said)).candidates, now=NOW)
    assert list(plan.writes) == ["project_stack.md"] or set(plan.writes) == {
        "project_stack.md", "MEMORY.md"}
    body = parse_topic(plan.writes["project_stack.md"]).body
    assert "Postgres 15" in body.split("\n\n")[0] and "previously Postgres 14" in body
