"""A switch names what was chosen, not a word near it; a switch still to come is a plan, and
the current entry stays current until it happens."""

from __future__ import annotations

from datetime import timedelta

import pytest

from autodream.engine import EngineOptions, plan_dream
from autodream.engine.dream import DreamPlan
from autodream.engine.entries import parse_entry
from autodream.memory.model import parse_topic
from tests.engine_helpers import NOW, T0, candidates, gather, human, topic


def _dream(lead: str, *said: str) -> DreamPlan:
    files = {"project_tool.md": topic("Tool", lead)}
    return plan_dream(files, "- [Tool](project_tool.md) — tool\n",
                      gather(*(human(s) for s in said)).candidates, now=NOW)


def _assert_rewritten_to(lead: str, said: str, now: str, history: str) -> None:
    """The one entry, and no other file, now leads with ``now`` and has ``history``."""
    plan = _dream(lead, said)
    assert list(plan.writes) == ["project_tool.md"]
    body = parse_topic(plan.writes["project_tool.md"]).body
    assert body.startswith(now + "\n")
    assert history in body.splitlines()


@pytest.mark.parametrize(
    ("said", "new", "old"),
    [
        ("Let's use poetry from now on instead of pip-tools.", "poetry", "pip-tools"),
        ("Please use httpx by default instead of requests.", "httpx", "requests"),
        ("We use Postgres in production instead of MySQL.", "Postgres", "MySQL"),
        ("Use httpx for all HTTP calls instead of requests.", "httpx", "requests"),
        ("Use poetry to lock dependencies instead of pip-tools.", "poetry", "pip-tools"),
        ("I want pnpm everywhere instead of npm.", "pnpm", "npm"),
        ("Please run ruff format instead of black from now on.", "ruff format", "black"),
        ("pytest instead of unittest, please.", "pytest", "unittest"),
        ("The standup is every Tuesday instead of Monday.", "Tuesday", "Monday"),
    ],
)
def test_instead_of_names_the_choice_not_the_adverbial_before_it(
    said: str, new: str, old: str
) -> None:
    (cand,) = candidates(said)
    assert (cand.kind, cand.new, cand.old) == ("switch", new, old)


@pytest.mark.parametrize(
    ("lead", "said", "now_lead", "how"),
    [
        ("We use pip-tools to lock dependencies.",
         "Let's use poetry from now on instead of pip-tools.",
         "We use poetry to lock dependencies.", "Use poetry; pip-tools is no longer current"),
        ("We use requests for all HTTP calls.", "Please use httpx by default instead of requests.",
         "We use httpx for all HTTP calls.", "Use httpx; requests is no longer current"),
    ],
)
def test_an_instead_of_switch_rewrites_the_entry_to_the_named_choice(
    lead: str, said: str, now_lead: str, how: str
) -> None:
    body = parse_topic(_dream(lead, said).writes["project_tool.md"]).body
    assert body.startswith(now_lead)
    assert how in body


def test_a_choice_that_cannot_be_named_keeps_the_old_statement() -> None:
    said = "Use the new client instead of requests."
    (cand,) = candidates(said)
    assert cand.kind != "switch"
    plan = _dream("We use requests for all HTTP calls.", said)
    assert not any(d.action == "superseded" for d in plan.decisions)
    text = plan.writes.get("project_tool.md", topic("Tool", "We use requests for all HTTP calls."))
    assert "We use requests for all HTTP calls." in text
    assert any(said in t for t in plan.writes.values())


@pytest.mark.parametrize(
    ("said", "kind", "date"),
    [
        ("Heads up: we're migrating from MySQL to Postgres next month, after the audit.",
         "plan", "August 2026"),
        ("We plan to migrate the database to Postgres 16 in two weeks.", "plan", "2026-07-20"),
        ("We will switch from MySQL to Postgres on July 30.", "plan", "2026-07-30"),
        # told in the passive, its participle read as a switch made ("Why: Changed on ...")
        ("The database is being migrated from MySQL to Postgres next month.", "plan",
         "August 2026"),
        ("The database will be migrated from MySQL to Postgres on 2026-07-28.", "plan",
         "2026-07-28"),
        ("The database is going to be moved from MySQL to Postgres on 2026-07-28.", "plan",
         "2026-07-28"),
        ("We're going to switch from MySQL to Postgres.", "decision", None),
        ("We want to migrate from MySQL to Postgres eventually.", "decision", None),
        ("We should switch from MySQL to Postgres.", "decision", None),
        ("We need to migrate from MySQL to Postgres.", "decision", None),
    ],
)
def test_a_switch_still_to_come_is_a_plan_and_the_current_entry_stays(
    said: str, kind: str, date: str | None
) -> None:
    (cand,) = candidates(said)
    assert (cand.kind, cand.new, cand.old) == (kind, None, None)
    if date is not None:
        assert date in cand.text
    plan = _dream("We use MySQL 8 for the main database.", said)
    assert "project_tool.md" not in plan.writes  # still MySQL until the migration happens
    assert not any(d.action == "superseded" for d in plan.decisions)
    (created,) = [d for d in plan.decisions if d.action == "created"]
    assert "Postgres" in created.subject and "Use Postgres" not in plan.writes[created.file or ""]


@pytest.mark.parametrize(("said", "day", "kind", "lead"), [
    # a migration under way on a day to come is a plan with the day: it was a switch made
    ("The staging cluster is being migrated to k8s 1.30 next Tuesday.", 3, "plan",
     "The staging cluster is being migrated to k8s 1.30 on 2026-07-14."),
    ("The staging cluster is being migrated to k8s 1.30 on 2026-07-28.", 3, "plan",
     "The staging cluster is being migrated to k8s 1.30 on 2026-07-28."),
    # told as done, it is a switch made
    ("The staging cluster was migrated to k8s 1.30 last Tuesday.", 3, "switch",
     "The staging cluster was migrated to k8s 1.30 on 2026-07-07."),
])
def test_a_migration_told_in_the_passive_is_a_plan_until_it_is_done(
        said: str, day: int, kind: str, lead: str) -> None:
    assert [(c.kind, c.text) for c in candidates(said, day=day)] == [(kind, lead)]


@pytest.mark.parametrize(
    "said",
    [
        "We didn't switch from MySQL to Postgres.",
        "We haven't moved from MySQL to Postgres yet.",
        "We never migrated from MySQL to Postgres.",
        "We can't migrate from MySQL to Postgres until the extension works.",
        "We tried to move from MySQL to Postgres.",
        "We no longer plan to switch from MySQL to Postgres.",
    ],
)
def test_a_switch_said_not_to_have_happened_leaves_the_entry_as_it_was(said: str) -> None:
    assert [c.kind for c in candidates(said)] in ([], ["fact"], ["prohibition"])
    plan = _dream("We use MySQL 8 for the main database.", said)
    assert "project_tool.md" not in plan.writes
    assert not any(d.action == "superseded" for d in plan.decisions)


@pytest.mark.parametrize(
    ("said", "new", "old"),
    [
        ("We're switching the formatter from black to ruff format, starting today.",
         "ruff format", "black"),
        ("From today we'll use poetry instead of pip-tools, going forward.", "poetry", "pip-tools"),
        ("We switched from MySQL to Postgres; the old box goes away next Friday.", "Postgres",
         "MySQL"),
        ("I want to use Postgres instead of MySQL.", "Postgres", "MySQL"),
    ],
)
def test_a_switch_taking_effect_now_or_done_is_still_a_switch(
    said: str, new: str, old: str
) -> None:
    (cand,) = candidates(said)
    assert (cand.kind, cand.new, cand.old) == ("switch", new, old)


@pytest.mark.parametrize(
    ("said", "now_lead"),
    [
        ("We switched from MySQL to Postgres.", "We use Postgres for the main database."),
        ("We switched from MySQL to Postgres 16.", "We use Postgres 16 for the main database."),
    ],
)
def test_a_switch_does_not_carry_the_old_version_onto_the_new_name(
    said: str, now_lead: str
) -> None:
    body = parse_topic(_dream("We use MySQL 8 for the main database.", said)
                       .writes["project_tool.md"]).body
    assert body.startswith(now_lead)


@pytest.mark.parametrize(
    ("lead", "said", "now", "old"),
    [
        ("Our design docs live in Notion.", "We moved the design docs to Confluence.",
         "Our design docs live in Confluence.", "Notion"),
        ("Our design docs live in Notion.", "The design docs moved to Confluence.",
         "Our design docs live in Confluence.", "Notion"),
        ("Bugs are tracked in Linear.", "We moved bug tracking to Jira.",
         "Bugs are tracked in Jira.", "Linear"),
        ("We use Jenkins for CI.", "We migrated CI to GitHub Actions.",
         "We use GitHub Actions for CI.", "Jenkins"),
        ("We deploy the API to AWS Lambda.", "We moved the API to Google Cloud Run.",
         "We deploy the API to Google Cloud Run.", "AWS Lambda"),
        # the whole name of the new place, not its first word
        ("We use Slack for team chat.", "We moved the team chat to Microsoft Teams.",
         "We use Microsoft Teams for team chat.", "Slack"),
    ],
)
def test_a_move_that_names_no_old_place_updates_where_the_thing_was(
    lead: str, said: str, now: str, old: str
) -> None:
    plan = _dream(lead, said)
    assert list(plan.writes) == ["project_tool.md"]  # no second entry beside the stale one
    body = parse_topic(plan.writes["project_tool.md"]).body
    assert body.startswith(now)
    assert f"previously {old}." in body


@pytest.mark.parametrize(
    ("lead", "said"),
    [
        ("Our design docs live in Notion.", "The runbooks moved to Confluence last week."),
        ("Always run the tests in Docker.", "We moved the test runner to GitHub Actions."),
        ("Our design docs live in Notion.", "I moved the helper function to utils."),
        # what moved is named in the entry, but the new place is of another kind, or none
        ("Our backend is written in Python.", "We migrated the backend to Kubernetes."),
        ("Our frontend is hosted on Vercel.", "We migrated the frontend to TypeScript."),
        ("Our API docs live in Confluence.", "We migrated the API to GraphQL."),
        ("Our team uses Slack for chat.", "The team moved to Berlin."),
        ("We run the tests on Jenkins.", "We moved the tests to Pytest."),
        ("We use Postgres for the users table.", "We migrated the users table to UUID keys."),
        # a known name that starts a longer one is that other product
        ("We run Postgres on AWS RDS.", "We moved Postgres to Google Cloud SQL."),
        # the entry names the new place already, for something else
        ("Our design docs live in Notion and our runbooks live in Confluence.",
         "We moved the design docs to Confluence."),
        # code moved between modules, named in from/to: no switch of a tool
        ("We use Postgres for the users table.",
         "I moved the users table helpers from Postgres to SQLAlchemy."),
    ],
)
def test_a_move_of_something_else_leaves_the_entry_as_it_was(lead: str, said: str) -> None:
    plan = _dream(lead, said)
    assert "project_tool.md" not in plan.writes


def _dream_on(entries: dict[str, str], *said: str) -> DreamPlan:
    files = {name: topic(name, lead, type_=name.partition("_")[0])
             for name, lead in entries.items()}
    index = "".join(f"- [{name}]({name}) — {name}\n" for name in entries)
    return plan_dream(files, index, gather(*(human(s, day=3) for s in said)).candidates, now=NOW)


@pytest.mark.parametrize(
    ("lead", "said", "now", "old"),
    [
        ("Use unittest for new tests.",
         "No, we moved to pytest last month, use pytest for new tests.",
         "Use pytest for new tests.", "unittest"),
        ("Use unittest for new tests.", "We switched to pytest.",
         "Use pytest for new tests.", "unittest"),
        ("We use npm for installs.", "We moved to yarn.", "We use yarn for installs.", "npm"),
        ("Format code with black.", "We switched to ruff format.",
         "Format code with ruff format.", "black"),
        ("The frontend is bundled with webpack.", "We moved the frontend to vite.",
         "The frontend is bundled with vite.", "webpack"),
        # what moved is two words: it made no memory
        ("The frontend tests use Jest.", "We moved the frontend tests to vitest.",
         "The frontend tests use vitest.", "Jest"),
        # the entry gives the old tool's version: the history keeps it
        ("We use Postgres 14.", "We switched to MySQL.", "We use MySQL.", "Postgres 14"),
        ("We use npm 10 for installs.", "We moved to yarn.", "We use yarn for installs.",
         "npm 10"),
        # told as what is used now, not as a switch
        ("We use Postgres 14.", "We're on MySQL now.", "We use MySQL.", "Postgres 14"),
        ("Production runs Postgres 14 on RDS.", "Production runs on MySQL now.",
         "Production runs MySQL on RDS.", "Postgres 14"),
        ("Always run flake8 before committing.", "We use ruff now.",
         "Always run ruff before committing.", "flake8"),
        # a tool of two kinds, used as the new tool's kind
        ("We use Bun for installs.", "We moved to yarn.", "We use yarn for installs.", "Bun"),
        ("Format code with ruff.", "We switched to black.", "Format code with black.", "ruff"),
    ],
)
def test_a_switch_naming_only_the_new_tool_replaces_the_tool_of_its_kind(
    lead: str, said: str, now: str, old: str
) -> None:
    plan = _dream_on({"feedback_tool.md": lead}, said)
    assert list(plan.writes) == ["feedback_tool.md"]  # no second memory beside the stale one
    body = parse_topic(plan.writes["feedback_tool.md"]).body
    assert body.startswith(now)
    assert f"previously {old}." in body
    assert any(d.action == "superseded" and d.file == "feedback_tool.md"
               for d in plan.decisions)


@pytest.mark.parametrize(("lead", "said", "now", "old"), [
    ("We use Postgres 15 locally.", "We switched from Postgres to MySQL.",
     "We use MySQL locally.", "Postgres 15"),
    ("We use Node 18 everywhere.", "We moved from Node to Bun.", "We use Bun everywhere.",
     "Node 18"),
    # the new tool's own version, when the person gave it
    ("We use Postgres 15 locally.", "We switched from Postgres to MySQL 8.",
     "We use MySQL 8 locally.", "Postgres 15"),
])
def test_the_old_tools_version_goes_with_it_where_the_lead_says_where_it_is_used(
    lead: str, said: str, now: str, old: str
) -> None:
    # it was "We use MySQL 15 locally": Postgres's version given to MySQL
    remembered = _dream_on({"project_db.md": lead}, said)
    body = parse_topic(remembered.writes["project_db.md"]).body
    assert body.startswith(now + "\n")
    assert f"previously {old}." in body
    # said in one dream, the same
    plan = plan_dream({}, None, gather(human(lead, day=0), human(said, day=3)).candidates,
                      now=NOW)
    (text,) = [t for f, t in plan.writes.items() if f != "MEMORY.md"]
    body = parse_topic(text).body
    assert body.startswith(now + "\n")
    assert f"previously {old}." in body


@pytest.mark.parametrize(
    ("entries", "said"),
    [
        # two tools of the kind in use: nothing says which one was replaced
        ({"feedback_web.md": "Use jest for the web tests.",
          "feedback_api.md": "Use mocha for the api tests."}, "We moved to vitest."),
        # a tool of another kind, or for another language
        ({"feedback_tool.md": "Always run ruff before committing."}, "We switched to mypy."),
        ({"feedback_tool.md": "Use pnpm for the frontend."}, "We switched to uv."),
        # the entry does not say the tool is in use
        ({"feedback_tool.md": "Never use pnpm."}, "We moved to yarn."),
        ({"project_tool.md": "When we switch to pnpm, remember to update CI."},
         "We moved to yarn."),
        ({"project_tool.md": "Webpack was a headache to configure."}, "We moved to vite."),
        ({"project_tool.md": "Bumped npm from 9 to 10 last week."}, "We moved to yarn."),
        # "black" as a word, not the formatter
        ({"feedback_tool.md": "Use black text on a white background in the docs site."},
         "We switched to ruff format."),
        # another name of the same tool
        ({"project_tool.md": "We use Postgres in production."}, "We moved to PostgreSQL."),
        # the switch names another tool of the kind itself
        ({"project_tool.md": "We use pip-tools to lock dependencies."},
         "Dependencies are managed with poetry (switched to uv on 2026-07-03, back on "
         "2026-07-10)."),
        # a tool said to be used now, about something the entry does not name, or no tool
        # the entry's did all of, or with two tools of the kind in memory, or not in use
        ({"project_tool.md": "We use Postgres 14."}, "The analytics team uses MySQL now."),
        ({"project_tool.md": "The API runs on Bun."}, "We're on pnpm now."),
        ({"project_tool.md": "Format code with ruff format."}, "We use ruff now."),
        ({"project_tool.md": "We use Postgres 14.",
          "project_cache.md": "Analytics run on MySQL 8."}, "We're on MySQL now."),
        ({"project_tool.md": "We use npm for installs."}, "We no longer use yarn."),
        ({"project_tool.md": "We use npm for installs."}, "We now also use yarn for the docs."),
        # a tool of two kinds, used as the kind the new tool is not (Bun the runtime, ruff the
        # linter), or a part of the new tool ("ruff" of "ruff format")
        ({"project_tool.md": "The API runs on Bun."}, "We moved to yarn."),
        ({"feedback_tool.md": "Always run ruff."}, "We switched to ruff format."),
        ({"feedback_tool.md": "Always run ruff before committing."}, "We switched to black."),
        ({"feedback_tool.md": "Format code with ruff format."}, "We switched to ruff."),
    ],
)
def test_a_switch_naming_only_the_new_tool_leaves_other_entries_alone(
    entries: dict[str, str], said: str
) -> None:
    plan = _dream_on(entries, said)
    assert not set(entries) & set(plan.writes)
    assert not plan.deletes


@pytest.mark.parametrize(
    ("entries", "said", "updated", "now"),
    [
        # the runtime stays; the package manager is what the switch replaced
        ({"project_api.md": "The API runs on Bun.", "project_pm.md": "We use npm for installs."},
         "We moved to yarn.", "project_pm.md", "We use yarn for installs."),
        # the linter stays; the formatter is what the switch replaced
        ({"feedback_lint.md": "Always run ruff before committing.",
          "feedback_fmt.md": "Format code with black."},
         "We switched to ruff format.", "feedback_fmt.md", "Format code with ruff format."),
    ],
)
def test_a_switch_updates_the_entry_of_its_kind_beside_a_tool_of_two_kinds(
    entries: dict[str, str], said: str, updated: str, now: str
) -> None:
    plan = _dream_on(entries, said)
    assert [f for f in plan.writes if f != "MEMORY.md"] == [updated]
    assert parse_topic(plan.writes[updated]).body.startswith(now)
    assert not plan.deletes


@pytest.mark.parametrize(
    ("lead", "said", "now"),
    [
        # what moved is two or three words when both places are named
        ("Our design docs live in Notion.", "We moved the design docs from Notion to Confluence.",
         "Our design docs live in Confluence."),
        ("The staging database is on db1.", "We moved the staging database from db1 to db2.",
         "The staging database is on db2."),
        # the entry names the new place for something else: the old place is not swapped in
        ("Our design docs live in Notion and our runbooks live in Confluence.",
         "We moved the design docs from Notion to Confluence.",
         "Our design docs live in Confluence and our runbooks live in Confluence."),
        # the old place holds something else too: only what moved moves
        ("Our design docs live in Notion and the meeting notes live in Notion.",
         "We moved the design docs from Notion to Confluence.",
         "Our design docs live in Confluence and the meeting notes live in Notion."),
        # an entry that weighs the two against each other still swaps them
        ("We use pip-tools, not poetry.", "We switched from pip-tools to poetry.",
         "We use poetry, not pip-tools."),
        ("Prefer Jest over Vitest for unit tests.", "We moved the unit tests from Jest to Vitest.",
         "Prefer Vitest over Jest for unit tests."),
    ],
)
def test_a_move_from_one_place_to_another_rewrites_only_what_moved(
    lead: str, said: str, now: str
) -> None:
    plan = _dream(lead, said)
    assert list(plan.writes) == ["project_tool.md"]
    assert parse_topic(plan.writes["project_tool.md"]).body.startswith(now + "\n")


@pytest.mark.parametrize(
    ("said", "when"),
    [
        # T0 is Monday 2026-07-06
        ("Last week we moved CI from Jenkins to GitHub Actions.", "in the week of 2026-06-29"),
        ("Yesterday we moved CI from Jenkins to GitHub Actions.", "on 2026-07-05"),
        ("We moved CI from Jenkins to GitHub Actions.", "on 2026-07-06"),
    ],
)
def test_a_switch_told_as_done_earlier_is_dated_when_it_was_done(said: str, when: str) -> None:
    plan = _dream("Our CI runs on Jenkins.", said)
    topic_ = parse_topic(plan.writes["project_tool.md"])
    assert topic_.body.startswith("Our CI runs on GitHub Actions.\n")
    assert f"Switched from Jenkins to GitHub Actions {when}; previously Jenkins." in topic_.body
    assert f"Switched to GitHub Actions {when} (see the history above)." in topic_.body
    # read back by a later dream, the line is still the entry's history, and the moved-back
    # switch finds where it came from
    again = plan_dream(plan.writes, "- [Tool](project_tool.md) — tool\n",
                       candidates("We moved CI back to Jenkins.", day=10), now=NOW)
    body = parse_topic(again.writes["project_tool.md"]).body
    assert body.startswith("Our CI runs on Jenkins.\n")
    assert f"Switched from Jenkins to GitHub Actions {when}; previously Jenkins." in body


@pytest.mark.parametrize(
    ("file", "name", "lead", "said", "renamed"),
    [
        # named for its name: named for the new one
        ("project_ci-runs-jenkins.md", "CI runs on Jenkins", "Our CI runs on Jenkins.",
         "We moved CI from Jenkins to GitHub Actions.", "project_ci-runs-github-actions.md"),
        # named for both: the two swap, as the name does
        ("project_ruff-format-instead-black.md", "ruff format instead of black",
         "Use ruff format, not black.", "We switched back from ruff format to black.",
         "project_black-instead-ruff-format.md"),
        # the name says something else: the old word in the file name is replaced
        ("project_deploy-api-aws-lambda.md", "Deploys", "We deploy the API to AWS Lambda.",
         "We moved the API from AWS Lambda to Google Cloud Run.",
         "project_deploy-api-google-cloud-run.md"),
        # not the engine's pattern, or not naming the old choice: left as it is
        ("ci.md", "CI", "Our CI runs on Jenkins.", "We moved CI from Jenkins to GitHub Actions.",
         "ci.md"),
        ("project_build-server.md", "Build server", "Our CI runs on Jenkins.",
         "We moved CI from Jenkins to GitHub Actions.", "project_build-server.md"),
    ],
)
def test_a_switch_renames_only_a_file_named_for_the_old_choice(
    file: str, name: str, lead: str, said: str, renamed: str
) -> None:
    files = {file: topic(name, lead)}
    plan = plan_dream(files, f"- [{name}]({file}) — x\n", candidates(said), now=NOW)
    assert list(plan.writes) == [renamed]
    assert plan.deletes == ([] if renamed == file else [file])
    assert f"]({renamed})" in plan.index
    if renamed != file:
        assert parse_topic(plan.writes[renamed]).extra["supersedes"] == [file]
        # a write the sandbox refused keeps the old file, still linked
        assert plan.deletes_after(frozenset({renamed})) == []
        assert f"]({file})" in plan.reindex(EngineOptions(), failed_writes=frozenset({renamed}))


@pytest.mark.parametrize(
    ("lead", "said", "now"),
    [
        # the new name is every capitalised word of it
        ("We keep secrets in Vault.", "We moved the secrets from Vault to AWS Secrets Manager.",
         "We keep secrets in AWS Secrets Manager."),
        ("Our logs go to Datadog.", "We moved the logs from Datadog to Grafana Loki.",
         "Our logs go to Grafana Loki."),
        ("We use Jenkins.", "We switched from Jenkins to GitHub Actions I think.",
         "We use GitHub Actions."),
        # other docs moved than the ones the entry is about: the entry stays
        ("Our design docs live in Notion.",
         "We moved the onboarding docs from Notion to Confluence.",
         "Our design docs live in Notion."),
    ],
)
def test_a_switch_names_the_whole_new_name_and_only_the_thing_that_moved(
    lead: str, said: str, now: str
) -> None:
    plan = _dream(lead, said)
    body = parse_topic(plan.writes.get("project_tool.md", topic("Tool", lead))).body
    assert body.startswith(now + "\n")


def test_a_new_switch_is_titled_by_what_moved_and_dated_when_it_was_done() -> None:
    said = gather(human("Two weeks ago we moved the staging database from db1 to db2."))
    plan = plan_dream({}, None, said.candidates, now=NOW)
    (file,) = plan.writes
    assert file == "project_staging-database-instead.md"  # was project_instead.md
    entry = parse_topic(plan.writes[file])
    assert entry.name == "Staging database: db2 instead of db1"
    assert "Switched from db1 to db2 on 2026-06-22; previously db1." in entry.body


def test_a_move_back_to_where_the_entry_already_says_is_a_confirmation() -> None:
    plan = _dream("Our docs are in Notion.", "We moved the docs back to Notion.")
    assert plan.writes == {}
    assert [d.action for d in plan.decisions if d.file] == ["confirmed"]


# Found by an audit of 133 pairs against the first version of the moves above: each of these
# rewrote a true statement about something else into a false one.
@pytest.mark.parametrize(
    ("lead", "said"),
    [
        # another thing moved from the same place
        ("The main database is Postgres.",
         "We moved the analytics events from Postgres to ClickHouse."),
        ("Logs go to Datadog.", "We moved the metrics from Datadog to Prometheus."),
        ("Production runs on Heroku.", "We moved the staging environment from Heroku to Render."),
        ("Deploys run on Jenkins.", "We moved the e2e tests from Jenkins to GitHub Actions."),
        ("We deploy the API to AWS.", "We moved the marketing site from AWS to Vercel."),
        ("Use debug logging locally.",
         "We changed the log level from debug to info in production."),
        ("The default plan is Free.", "We moved most users from Free to Pro."),
        ("The main database is Postgres and the cache is Redis.",
         "We moved the session store from Redis to Postgres."),
        # the moved thing shares its clause with others
        ("Design docs and runbooks live in Notion.",
         "We moved the design docs from Notion to Confluence."),
    ],
)
def test_a_move_never_turns_a_true_statement_about_something_else_false(
    lead: str, said: str
) -> None:
    (cand,) = candidates(said)
    false = lead.replace(cand.old or "", cand.new or "")  # the entry with the names put in
    plan = _dream(lead, said)
    assert false not in "".join(plan.writes.values())
    assert plan.deletes == []  # the entry stays where it is, saying what it said


@pytest.mark.parametrize(
    ("lead", "said", "now"),
    [
        # only the clause about what moved changes, whatever the other clause contrasts
        ("Deploys go through GitHub Actions, not Jenkins; Jenkins only runs the nightly load "
         "tests.",
         "We moved the nightly load tests from Jenkins to GitHub Actions.",
         "Deploys go through GitHub Actions, not Jenkins; GitHub Actions only runs the nightly "
         "load tests."),
        ("Prefer Vitest over Jest for new packages; legacy packages stay on Jest.",
         "We moved the legacy packages from Jest to Vitest.",
         "Prefer Vitest over Jest for new packages; legacy packages stay on Vitest."),
        ("Staging runs on Heroku and production runs on Heroku too.",
         "We moved staging from Heroku to Render.",
         "Staging runs on Render and production runs on Heroku too."),
        # a move back over "X, not Y" swaps the two, it is no confirmation
        ("CI runs on GitHub Actions, not Jenkins.", "We moved CI back to Jenkins.",
         "CI runs on Jenkins, not GitHub Actions."),
        ("Design docs live in Confluence, not Notion.", "We moved the design docs back to Notion.",
         "Design docs live in Notion, not Confluence."),
    ],
)
def test_a_move_rewrites_the_clause_about_what_moved(lead: str, said: str, now: str) -> None:
    plan = _dream(lead, said)
    assert parse_topic(plan.writes["project_tool.md"]).body.startswith(now + "\n")


@pytest.mark.parametrize(
    ("lead", "said"),
    [
        ("We moved from Jenkins to CircleCI in 2024.", "We moved from CircleCI to GitHub Actions."),
        ("We migrated from MySQL to Postgres in 2025.", "We switched from Postgres back to MySQL."),
        # told as an event without a date: renamed, it would tell of one that never happened
        ("We reverted to npm after the pnpm trial.", "We switched from npm to yarn."),
        ("We returned to Jenkins for CI.", "We moved CI from Jenkins to GitHub Actions."),
        ("We upgraded to Postgres 16 last spring.", "We upgraded from Postgres 16 to Postgres 17."),
    ],
)
def test_an_entry_telling_of_an_earlier_switch_is_not_rewritten_with_its_date(
    lead: str, said: str
) -> None:
    plan = _dream(lead, said)
    statements = parse_topic(plan.writes["project_tool.md"]).body.split("\n\n")[0]
    assert statements.startswith(said)  # the new state, in the person's words
    body = parse_topic(plan.writes["project_tool.md"]).body
    year = lead[-5:-1]
    assert all(line == lead or line.startswith("Switched") for line in body.splitlines()
               if year in line)
    event = lead.split()[1]  # "moved", "reverted", ...: no statement tells of it with new names
    assert all(plan_line.startswith("Switched") or said in plan_line or plan_line == lead
               for plan_line in body.splitlines() if event in plan_line.split())


def test_a_title_telling_of_an_earlier_switch_becomes_the_new_switchs_title() -> None:
    files = {"project_reverted-npm.md": topic("We reverted to npm after the pnpm trial",
                                              "We reverted to npm after the pnpm trial.")}
    plan = plan_dream(files, "- [npm](project_reverted-npm.md) — npm\n",
                      candidates("We switched from npm to yarn."), now=NOW)
    (file,) = [f for f in plan.writes if f != "MEMORY.md"]
    assert parse_topic(plan.writes[file]).name == "Yarn instead of npm"


def test_a_switch_dated_by_its_year_reads_back_as_history() -> None:
    plan = _dream("CI runs on Jenkins.", "We switched from Jenkins to GitHub Actions in 2024.")
    again = plan_dream(plan.writes, "- [Tool](project_tool.md) — tool\n",
                       candidates("We moved CI back to Jenkins.", day=10), now=NOW)
    (file,) = again.writes
    entry = parse_topic(again.writes[file])
    assert entry.body.startswith("CI runs on Jenkins.\n") or "back to Jenkins" in entry.body
    assert "Switched from Jenkins to GitHub Actions in 2024; previously Jenkins." in entry.body


@pytest.mark.parametrize(
    "said",
    [
        "I moved the auth middleware from app.py to middleware.py.",
        "I moved the shared React hooks from src/hooks to src/lib.",
        "I moved the Stripe webhook from api.py to webhooks.py.",
        "I moved the login ticket from Backlog to In Progress.",
        "I moved the login bug from Jira to Linear.",
        "I moved the login tickets from Jira to Linear.",
        "We moved the tickets from Backlog to In Progress.",
        # a path after a named thing is still code's place, not a library
        "We moved the handlers from Express to src/routes.",
        "We moved the button from Header.js to Footer.js.",
        "We moved the helpers from utils to lib/helpers.",
    ],
)
def test_code_and_task_moves_are_no_memory(said: str) -> None:
    assert [c for c in candidates(said) if c.kind == "switch"] == []


@pytest.mark.parametrize(
    ("said", "new", "old"),
    [
        # a library whose own name has a slash or ".js" (was lost: read as code moved)
        ("We're moving from raw Radix primitives to shadcn/ui across all three apps.",
         "shadcn/ui", "Radix"),
        ("We switched from Radix to shadcn/ui.", "shadcn/ui", "Radix"),
        ("We moved from CRA to Next.js.", "Next.js", "CRA"),
        # what of the old library was used is no part of its name
        ("We're moving from raw Radix primitives to Shadcn across all three apps.",
         "Shadcn", "Radix"),
        ("We moved from plain CSS to Tailwind.", "Tailwind", "CSS"),
    ],
)
def test_a_switch_to_a_library_named_like_a_path_is_kept(said: str, new: str,
                                                        old: str) -> None:
    (found,) = candidates(said)
    assert (found.kind, found.new, found.old) == ("switch", new, old)


@pytest.mark.parametrize(
    ("said", "new"),
    [
        ("We moved tickets from Linear to Jira.", "Jira"),
        ("We moved the tickets from Linear to Jira.", "Jira"),
        ("We migrated all our tickets from Linear to GitHub Issues.", "GitHub Issues"),
    ],
)
def test_the_tickets_moved_between_trackers_switch_the_tracker(said: str, new: str) -> None:
    plan = _dream("Tickets are tracked in Linear.", said)
    body = parse_topic(plan.writes["project_tool.md"]).body
    assert body.startswith(f"Tickets are tracked in {new}.\n")
    assert f"Switched from Linear to {new} on 2026-07-06; previously Linear." in body


def test_a_move_to_a_place_the_entry_names_for_something_else_is_kept_as_news() -> None:
    plan = _dream("Our design docs live in Notion and our runbooks live in Confluence.",
                  "We moved the design docs to Confluence.")
    assert "confirmed" not in [d.action for d in plan.decisions]
    assert any("We moved the design docs to Confluence." in t for t in plan.writes.values())


@pytest.mark.parametrize(
    ("lead", "said", "now"),
    [
        ("The standup is every Monday.", "The standup moved from Monday to Tuesday.",
         "The standup is every Tuesday."),
        ("We do the release on Thursdays.", "The release moved from Thursday to Friday.",
         "We do the release on Fridays."),
        ("The standup is every Monday and the retro is every Friday.",
         "The retro moved from Friday to Thursday.",
         "The standup is every Monday and the retro is every Thursday."),
    ],
)
def test_a_standing_day_that_moved_is_rewritten_where_it_is_said(
    lead: str, said: str, now: str
) -> None:
    body = parse_topic(_dream(lead, said).writes["project_tool.md"]).body
    assert body.startswith(now + "\n")
    assert "previously" in body


@pytest.mark.parametrize(
    "said",
    [
        "The standup moved from Monday to Tuesday this week only.",  # one week's exception
        "Next week the standup moved from Monday to Tuesday.",
        "The demo moved from Monday to Tuesday.",  # another meeting
    ],
)
def test_a_days_move_for_one_week_or_another_meeting_keeps_the_schedule(said: str) -> None:
    plan = _dream("The standup is every Monday.", said)
    assert "project_tool.md" not in plan.writes


@pytest.mark.parametrize(
    ("lead", "said", "now"),
    [
        ("Alice owns the billing service.", "We moved the billing service from Alice to Bob.",
         "Bob owns the billing service."),
        ("The billing service is owned by Alice.",
         "We moved the billing service from Alice to Bob.", "The billing service is owned by Bob."),
        ("Alice owns the billing service and Carol owns search.",
         "We moved search from Carol to Bob.",
         "Alice owns the billing service and Bob owns search."),
    ],
)
def test_a_handover_names_the_new_owner(lead: str, said: str, now: str) -> None:
    body = parse_topic(_dream(lead, said).writes["project_tool.md"]).body
    assert body.startswith(now + "\n")


def test_a_handover_of_something_else_leaves_the_owner() -> None:
    plan = _dream("Alice owns the billing service.",
                  "We moved the search service from Alice to Bob.")
    assert "project_tool.md" not in plan.writes


def test_a_change_of_state_updates_the_entry_but_is_no_memory_of_its_own() -> None:
    plan = _dream("The app is slow on startup.",
                  "The app went from slow to fast after the cache fix.")
    assert parse_topic(plan.writes["project_tool.md"]).body.startswith(
        "The app is fast on startup.")
    plan = _dream("We deploy with Docker Compose.",
                  "The build went from slow to fast after caching.")
    assert set(plan.writes) <= {"MEMORY.md"}
    (dropped,) = [d for d in plan.decisions if d.action == "dropped"]
    assert "change of state" in dropped.reason


def test_a_file_named_for_a_schedule_leaves_the_day_out_so_a_move_keeps_it_right() -> None:
    plan = plan_dream({}, None, gather(
        human("Remember: sprint planning is on Mondays.", session="a"),
        human("We moved sprint planning from Monday to Wednesday.", session="b", day=7),
    ).candidates, now=NOW)
    (name,) = [f for f in plan.writes if f != "MEMORY.md"]
    assert name == "project_sprint-planning.md"
    assert parse_topic(plan.writes[name]).body.startswith("Sprint planning is on Wednesdays.")


@pytest.mark.parametrize(
    ("lead", "said", "now"),
    [
        ("The staging database is on db1.", "I moved the staging database to db2.",
         "The staging database is on db2."),
        ("The staging database is on db1 and the cache on redis-2.",
         "We migrated the staging database to db-3.",
         "The staging database is on db-3 and the cache on redis-2."),
        ("The search cluster lives in us-east-1.", "We moved the search cluster to eu-west-1.",
         "The search cluster lives in eu-west-1."),
    ],
)
def test_a_move_to_a_named_host_replaces_the_one_the_entry_names(
    lead: str, said: str, now: str
) -> None:
    body = parse_topic(_dream(lead, said).writes["project_tool.md"]).body
    assert body.startswith(now + "\n")
    assert "previously" in body


@pytest.mark.parametrize(
    "said",
    [
        "We moved the search cluster to eu-west-1.",  # another thing
        "I moved the helper functions to utils2.",  # code moved
        "We moved the release to v2.",  # a version, not a host
    ],
)
def test_a_move_of_another_thing_or_of_code_keeps_the_host(said: str) -> None:
    plan = _dream("The staging database is on db1.", said)
    assert "project_tool.md" not in plan.writes


@pytest.mark.parametrize(
    ("said", "kind"),
    [
        ("Remember: the search cluster lives in us-east-1.", "remember"),
        ("Remember: the on-call laptop lives in Frankfurt.", "remember"),
        ("Remember: the parser lives in src/parser.py.", None),
        ("Remember: the retry logic lives in the http module.", None),
        ("Remember: the handler lives in Handler.py.", None),
    ],
)
def test_where_a_thing_lives_is_code_structure_only_when_it_names_code(
    said: str, kind: str | None
) -> None:
    assert [c.kind for c in candidates(said)] == ([kind] if kind else [])


@pytest.mark.parametrize(
    "said",
    [
        "Until we switch to pnpm, keep using npm",
        "Ideally we'd switch to pnpm",
        "We'd rather switch to pnpm.",
        "Time to switch to pnpm.",
        "When we switch to pnpm, remember to update CI.",
    ],
)
def test_a_switch_wished_for_or_waited_on_records_no_switch(said: str) -> None:
    plan = _dream("We use npm for installs.", said)
    assert "project_tool.md" not in plan.writes
    assert not any(c.kind == "switch" for c in candidates(said))
    for text in plan.writes.values():
        assert "Switched" not in text and "Use pnpm" not in text


@pytest.mark.parametrize(
    "said", ["Once we switched to pnpm, installs got faster.",
             "We switched to pnpm, so when we update CI use pnpm install."])
def test_a_switch_told_in_the_past_is_still_a_switch(said: str) -> None:
    (cand,) = candidates(said)
    assert (cand.kind, cand.new) == ("switch", "pnpm")


@pytest.mark.parametrize(
    ("said", "why"),
    [
        ("Ideally we'd switch to pnpm", "An intention stated on"),
        ("We want to migrate from npm to pnpm eventually.", "An intention stated on"),
        ("We decided to keep npm for the monorepo.", "Decided on"),
    ],
)
def test_a_wish_is_not_written_up_as_a_decision(said: str, why: str) -> None:
    plan = _dream("We use Postgres for storage.", said)
    (text,) = [t for f, t in plan.writes.items() if f not in ("MEMORY.md", "project_tool.md")]
    assert f"**Why:** {why}" in text


@pytest.mark.parametrize("said", ["Let's go back to npm for the frontend.",
                                  "Let's switch back to npm for the frontend."])
def test_lets_go_back_is_a_switch_back_not_a_task(said: str) -> None:
    (cand,) = candidates(said)  # it was dropped as "ephemeral task state"
    assert (cand.kind, cand.new, cand.back) == ("switch", "npm", True)


@pytest.mark.parametrize(
    ("said", "new", "old"),
    [("We stopped using ArgoCD; deploys go through Spinnaker now.", "Spinnaker", "ArgoCD"),
     ("We stopped using Jenkins, we use Buildkite.", "Buildkite", "Jenkins"),
     ("We quit using Slack; the team is on Discord.", "Discord", "Slack")],
)
def test_stopped_using_one_and_on_another_is_a_switch(said: str, new: str, old: str) -> None:
    (cand,) = candidates(said)
    assert (cand.kind, cand.new, cand.old) == ("switch", new, old)
    plan = _dream(f"We use {old} for this.", said)
    assert f"We use {new} for this" in parse_topic(plan.writes["project_tool.md"]).body


def test_going_back_to_a_tool_with_no_history_finds_the_entry_it_replaces() -> None:
    plan = _dream("We use pnpm for the frontend.", "Let's go back to npm for the frontend.")
    body = parse_topic(plan.writes["project_tool.md"]).body
    assert body.startswith("We use npm for the frontend")
    assert "Switched back from pnpm to npm" in body


@pytest.mark.parametrize(
    ("lead", "said", "kept", "invented"),
    [
        ("The on-call runbook is in Notion at notion.so/acme/oncall-runbook.",
         "The runbook moved to Confluence.", "notion.so/acme/oncall-runbook", "Confluence.so"),
        ("The runbook is in [Notion](https://notion.so/acme/runbook).",
         "We moved the runbook from Notion to Confluence.", "https://notion.so/acme/runbook",
         "Confluence.so"),
        ("CI runs on Jenkins at jenkins.acme.internal; code is on GitHub.",
         "We moved CI from Jenkins to GitHub Actions.", "jenkins.acme.internal",
         "GitHub Actions.acme"),
        ("We use Travis, configured in .travis.yml.", "We switched from Travis to GitHub Actions.",
         ".travis.yml", ".GitHub Actions.yml"),
        ("We use Zendesk; ask support@zendesk.com for a seat.",
         "We switched from Zendesk to Freshdesk.", "support@zendesk.com", "@Freshdesk"),
        ("We format with black; run `black .` before committing.",
         "Use ruff format, not black.", "`black .`", "`ruff format .`"),
    ],
)
def test_a_switch_never_rewrites_a_name_inside_an_address_or_code(
    lead: str, said: str, kept: str, invented: str
) -> None:
    plan = _dream(lead, said)
    assert list(plan.writes) == ["project_tool.md"]
    body = parse_topic(plan.writes["project_tool.md"]).body
    assert kept in body
    assert invented not in body


@pytest.mark.parametrize(
    ("said", "new"),
    [
        ("We moved the frontend tests to vitest.", "vitest"),
        ("We moved all the frontend tests to jest.", "jest"),
    ],
)
def test_a_thing_of_two_words_moved_to_a_known_tool_is_a_switch(said: str, new: str) -> None:
    (cand,) = candidates(said)
    assert (cand.kind, cand.type, cand.new, cand.old) == ("switch", "project", new, None)


@pytest.mark.parametrize("said", [
    "We moved the auth tests to the integration folder.",  # no tool
    "I moved the helper functions to pytest.",  # code moved
])
def test_a_thing_moved_to_no_tool_is_no_switch(said: str) -> None:
    assert [c for c in candidates(said) if c.kind == "switch"] == []


@pytest.mark.parametrize(
    ("lead", "said", "now"),
    [
        # a name alone in backticks is the name: the entry was left, and a second one made
        ("We manage dependencies with `pip`.", "We switched from pip to uv.",
         "We manage dependencies with `uv`."),
        # ... and it names the tools a switch is between: it made no memory
        ("We manage dependencies with pip.", "We switched from `pip` to `uv`.",
         "We manage dependencies with uv."),
    ],
)
def test_a_name_alone_in_backticks_is_named(lead: str, said: str, now: str) -> None:
    plan = _dream(lead, said)
    assert list(plan.writes) == ["project_tool.md"]
    body = parse_topic(plan.writes["project_tool.md"]).body
    assert body.startswith(now + "\n")
    assert "Switched from pip to uv on 2026-07-06; previously pip." in body


@pytest.mark.parametrize(
    ("lead", "said", "history"),
    [
        ("The on-call runbook is in Notion at notion.so/acme/oncall-runbook.",
         "The runbook moved to Confluence.", "Switched from Notion to Confluence on 2026-07-06"),
        ("Our design docs live in Notion.", "we moved the design docs from notion to Confluence.",
         "Switched from Notion to Confluence on 2026-07-06; previously Notion."),
        ("CI runs on CircleCI; the config is at circleci.com/gh/acme/app.",
         "Switched CI to GitHub Actions.", "Switched from CircleCI to GitHub Actions"),
    ],
)
def test_the_history_names_the_old_place_as_the_entry_writes_it(
    lead: str, said: str, history: str
) -> None:
    body = parse_topic(_dream(lead, said).writes["project_tool.md"]).body
    assert history in body


def test_a_switch_leaves_the_same_letters_used_as_an_ordinary_word() -> None:
    body = parse_topic(_dream("Tickets are tracked in Linear; we keep a linear history on main.",
                              "We switched from Linear to Jira.").writes["project_tool.md"]).body
    assert body.startswith("Tickets are tracked in Jira; we keep a linear history on main.\n")


@pytest.mark.parametrize(
    ("lead", "said", "now", "history"),
    [
        # an address of the old place is no address of the new one: it goes to the history
        ("The on-call runbook is in Notion at notion.so/acme/oncall-runbook.",
         "The runbook moved to Confluence.", "The on-call runbook is in Confluence.",
         "Switched from Notion to Confluence on 2026-07-06; previously in Notion at "
         "notion.so/acme/oncall-runbook."),
        ("Design docs live in Notion (https://www.notion.so/acme/Design-Docs-123).",
         "We moved the design docs from Notion to Confluence.", "Design docs live in Confluence.",
         "previously in Notion (https://www.notion.so/acme/Design-Docs-123)."),
        ("The runbook is in [Notion](https://notion.so/acme/runbook).",
         "We moved the runbook from Notion to Confluence.", "The runbook is in Confluence.",
         "previously in Notion (https://notion.so/acme/runbook)."),
        # ... and a name that is also part of another address stays where that one is its own
        ("The docs are in GitHub Wiki at github.com/acme/app/wiki; the code is on GitHub.",
         "We moved the docs from GitHub Wiki to Notion.",
         "The docs are in Notion; the code is on GitHub.",
         "previously in GitHub Wiki at github.com/acme/app/wiki."),
        ("CI runs on Jenkins at jenkins.acme.internal; code is on GitHub.",
         "We moved CI from Jenkins to GitHub Actions.",
         "CI runs on GitHub Actions; code is on GitHub.",
         "previously on Jenkins at jenkins.acme.internal."),
        # a clause that only tells of the old place (a host, a file, an e-mail, a command)
        ("CI runs on CircleCI; the config is at circleci.com/gh/acme/app.",
         "Switched CI to GitHub Actions.", "CI runs on GitHub Actions.",
         "previously CircleCI (the config is at circleci.com/gh/acme/app)."),
        ("CI runs on CircleCI, see https://app.circleci.com/pipelines/gh/acme/app for builds.",
         "We switched CI from CircleCI to GitHub Actions.", "CI runs on GitHub Actions.",
         "previously CircleCI (see https://app.circleci.com/pipelines/gh/acme/app for builds)."),
        ("CI runs on Travis; config in .travis.yml at the repo root.",
         "We switched CI from Travis to GitHub Actions.", "CI runs on GitHub Actions.",
         "previously Travis (config in .travis.yml at the repo root)."),
        ("We use Travis, configured in .travis.yml.", "We switched from Travis to GitHub Actions.",
         "We use GitHub Actions.", "previously Travis (configured in .travis.yml)."),
        ("Support requests go to Zendesk; email support@zendesk-acme.com for access.",
         "We switched support from Zendesk to Freshdesk.", "Support requests go to Freshdesk.",
         "previously Zendesk (email support@zendesk-acme.com for access)."),
        ("CI runs on Jenkins; trigger a build with `jenkins-cli build app`.",
         "We switched CI from Jenkins to GitHub Actions.", "CI runs on GitHub Actions.",
         "previously Jenkins (trigger a build with `jenkins-cli build app`)."),
        ("Alerts go to Slack via the slack_notify hook and slack.acme.io.",
         "We moved alerts from Slack to Teams.", "Alerts go to Teams.",
         "previously Slack via the slack_notify hook and slack.acme.io."),
        ("We use Python 3.11; install it with `uv python install 3.11`.",
         "We upgraded from Python 3.11 to Python 3.12.", "We use Python 3.12.",
         "previously Python 3.11 (install it with `uv python install 3.11`)."),
        # the new place's address given with the move takes the old one's place (from a
        # month-of-use review: the dead wiki link was kept, labelled as Notion's, and the new
        # link lost)
        ("Platform runbooks are on the Confluence wiki: https://wiki.lumen.internal/display/PLAT"
         "/Runbooks", "Runbooks moved to Notion: https://www.notion.so/lumen/Runbooks-8c1f2e7a9b",
         "Platform runbooks are on the Notion wiki: https://www.notion.so/lumen/Runbooks-8c1f2e7a9b",
         "previously Confluence (https://wiki.lumen.internal/display/PLAT/Runbooks)."),
        ("The runbook is in Confluence at https://wiki.acme.io/x/runbook.",
         "We moved the runbook to Notion, it's at https://notion.so/acme/runbook now.",
         "The runbook is in Notion at https://notion.so/acme/runbook.",
         "previously Confluence (https://wiki.acme.io/x/runbook)."),
        # a move that gives no address: the old one is no address of the new place
        ("Platform runbooks are on the Confluence wiki: https://wiki.acme.io/x/runbooks",
         "Runbooks moved to Notion.", "Platform runbooks are on the Notion wiki",
         "previously Confluence (https://wiki.acme.io/x/runbooks)."),
        ("The runbook is in Confluence at https://wiki.acme.io/x/runbook.",
         "We moved the runbook to Notion.", "The runbook is in Notion.",
         "previously Confluence (https://wiki.acme.io/x/runbook)."),
    ],
)
def test_the_old_places_address_goes_from_the_statement_to_the_history(
    lead: str, said: str, now: str, history: str
) -> None:
    plan = _dream(lead, said)
    assert list(plan.writes) == ["project_tool.md"]
    body = parse_topic(plan.writes["project_tool.md"]).body
    assert body.startswith(now + "\n")
    assert history in body


@pytest.mark.parametrize(
    "said",
    [
        # (the review's message, which wrote a second entry and left the dead link as current)
        "Freeze started today. Heads up that the runbooks have moved: the Confluence wiki is "
        "being shut down and everything now lives in Notion at https://www.notion.so/lumen/"
        "Runbooks-8c1f2e7a9b. The old wiki link is dead already. Please update anything that "
        "points at the old one.",
        "The Confluence wiki was retired and everything is now in Notion at "
        "https://www.notion.so/lumen/Runbooks-8c1f2e7a9b.",
    ],
)
def test_a_wiki_shut_down_for_another_moves_the_entry_that_points_at_it(said: str) -> None:
    plan = _dream_on({"reference_runbooks.md": "Platform runbooks are on the Confluence wiki: "
                      "https://wiki.lumen.internal/display/PLAT/Runbooks"}, said)
    assert not [f for f in plan.writes if "confluence" in f or "notion" in f]
    body = parse_topic(plan.writes["reference_runbooks.md"]).body
    assert body.startswith("Platform runbooks are on the Notion wiki: "
                           "https://www.notion.so/lumen/Runbooks-8c1f2e7a9b\n")
    assert "previously Confluence (https://wiki.lumen.internal/display/PLAT/Runbooks)." in body


@pytest.mark.parametrize(
    "said",
    [
        # a place closing with nothing said of where its contents went
        "The Confluence wiki is being shut down next year.",
        "The Confluence wiki is being shut down and nobody knows what replaces it.",
    ],
)
def test_a_wiki_shut_down_alone_leaves_the_entry(said: str) -> None:
    plan = _dream_on({"reference_runbooks.md": "Platform runbooks are on the Confluence wiki: "
                      "https://wiki.lumen.internal/display/PLAT/Runbooks"}, said)
    assert "reference_runbooks.md" not in plan.writes


@pytest.mark.parametrize(
    ("lead", "said", "now"),
    [
        # an address in a clause of something else is not the moved place's
        ("Runbooks are in Confluence; dashboards are at https://grafana.acme.io/d/main.",
         "Runbooks moved to Notion: https://notion.so/acme/runbooks",
         "Runbooks are in Notion; dashboards are at https://grafana.acme.io/d/main."),
        # an address told in the middle of the statement is left to the person
        ("The runbook at https://wiki.acme.io/x/runbook is kept in Confluence.",
         "Runbooks moved to Notion.",
         "The runbook at https://wiki.acme.io/x/runbook is kept in Notion."),
    ],
)
def test_an_address_that_is_not_the_moved_places_stays(lead: str, said: str, now: str) -> None:
    body = parse_topic(_dream(lead, said).writes["project_tool.md"]).body
    assert body.startswith(now + "\n")


def test_a_line_using_the_same_letters_as_an_ordinary_word_is_not_pruned() -> None:
    body = parse_topic(_dream("Tickets are tracked in Linear.\nWe keep a linear history on main.",
                              "We switched from Linear to Jira.").writes["project_tool.md"]).body
    assert body.startswith("Tickets are tracked in Jira.\nWe keep a linear history on main.\n")


def test_a_line_pruned_for_the_old_place_keeps_its_address_in_the_history() -> None:
    plan = _dream("The on-call runbook is in Notion.\nLink: https://notion.so/acme/oncall-runbook",
                  "The runbook moved to Confluence.")
    body = parse_topic(plan.writes["project_tool.md"]).body
    assert body.startswith("The on-call runbook is in Confluence.\n\n")
    assert "previously Notion (Link: https://notion.so/acme/oncall-runbook)." in body


def test_an_address_of_the_old_place_stays_where_the_entry_still_uses_it() -> None:
    body = parse_topic(_dream(
        "Design docs live in Notion and meeting notes in Notion at notion.so/acme/notes.",
        "We moved the design docs from Notion to Confluence.").writes["project_tool.md"]).body
    assert body.startswith(
        "Design docs live in Confluence and meeting notes in Notion at notion.so/acme/notes.\n")


@pytest.mark.parametrize(
    ("lead", "said", "now"),
    [
        # the article was the old name's: no second entry, and no "in the Notion"
        ("The docs are in the GitHub Wiki at https://github.com/acme/app/wiki",
         "We moved the docs from the GitHub Wiki to Notion.", "The docs are in Notion\n"),
        ("The docs are in the GitHub Wiki at https://github.com/acme/app/wiki",
         "We moved the docs to Notion.", "The docs are in Notion\n"),
        ("The GitHub Wiki holds the docs.", "We moved the docs to Notion.",
         "Notion holds the docs.\n"),
        # the person gave the new name its article
        ("The docs are in Notion.", "We moved the docs to the GitHub Wiki.",
         "The docs are in the GitHub Wiki.\n"),
        ("Our design docs live in Notion.", "We moved the design docs from Notion to the wiki.",
         "Our design docs live in the wiki.\n"),
        # before a word of the sentence's own the article stays
        ("The docs are in the GitHub Wiki pages.", "We moved the docs to Notion.",
         "The docs are in the Notion pages.\n"),
    ],
)
def test_an_article_before_a_known_place_goes_with_its_name(
    lead: str, said: str, now: str
) -> None:
    plan = _dream(lead, said)
    assert list(plan.writes) == ["project_tool.md"]
    body = parse_topic(plan.writes["project_tool.md"]).body
    assert body.startswith(now)
    assert "Switched from " in body


@pytest.mark.parametrize(
    "said",
    [
        "We moved CI from Jenkins to Buildkite.",
        "we moved CI from Jenkins to Buildkite",
        "We replaced Jenkins with Buildkite.",
        "We moved from Jenkins to Buildkite.",
    ],
)
def test_a_move_away_from_what_the_entry_set_aside_replaces_its_choice(said: str) -> None:
    plan = _dream("CI runs on GitHub Actions, not Jenkins.", said)
    assert list(plan.writes) == ["project_tool.md"]
    body = parse_topic(plan.writes["project_tool.md"]).body
    assert body.startswith("CI runs on Buildkite.\n")
    assert ("Switched from Jenkins to Buildkite on 2026-07-06; previously GitHub Actions, "
            "not Jenkins.") in body
    assert "not Buildkite" not in body
    assert "GitHub Actions and Jenkins are no longer current" in body


@pytest.mark.parametrize(
    ("lead", "said"),
    [
        # told as long past: the entry may well be what came after it
        ("CI runs on GitHub Actions, not Jenkins.", "We moved from Jenkins to CircleCI in 2024."),
        # the choice is named for something else too: which one moved is not said
        ("Deploys go through GitHub Actions, not Jenkins; GitHub Actions only runs the nightly "
         "load tests.", "We moved from Jenkins to Buildkite."),
    ],
)
def test_a_move_away_from_what_the_entry_set_aside_leaves_it_when_unsure(
    lead: str, said: str
) -> None:
    assert "project_tool.md" not in _dream(lead, said).writes


@pytest.mark.parametrize(
    ("lead", "said", "now", "history"),
    [
        ("We use Postgres 14.", "We switched from Postgres to MySQL.", "We use MySQL.",
         "Switched from Postgres to MySQL on 2026-07-06; previously Postgres 14."),
        ("We use Postgres 14.", "We ditched Postgres for MySQL.", "We use MySQL.",
         "Switched from Postgres to MySQL on 2026-07-06; previously Postgres 14."),
        ("The API runs on Node 18.", "We moved the API from Node to Bun.", "The API runs on Bun.",
         "Switched from Node to Bun on 2026-07-06; previously Node 18."),
        ("We use Postgres version 14.", "We switched from Postgres to MySQL.", "We use MySQL.",
         "Switched from Postgres to MySQL on 2026-07-06; previously Postgres version 14."),
        ("We use Postgres 14 in production and Postgres 15 in staging.",
         "We switched from Postgres to MySQL.",
         "We use MySQL in production and MySQL in staging.",
         "Switched from Postgres to MySQL on 2026-07-06; previously Postgres 14 and Postgres 15."),
        # the version was Postgres's: it does not go over to MySQL when the two swap
        ("We use Postgres 14, not MySQL.", "We switched from Postgres to MySQL.",
         "We use MySQL, not Postgres.",
         "Switched from Postgres to MySQL on 2026-07-06; previously Postgres 14."),
    ],
)
def test_a_switch_keeps_the_version_the_entry_gave_the_old_tool_in_its_history(
    lead: str, said: str, now: str, history: str
) -> None:
    plan = _dream(lead, said)
    body = parse_topic(plan.writes["project_tool.md"]).body
    # it was "previously Postgres.": what the entry said was gone from it
    assert body.startswith(now + "\n")
    assert history in body.splitlines()


_ALREADY = [
    "We use GitHub Actions for CI, not Jenkins.",
    "CI runs on GitHub Actions, not Jenkins.",
    "Always use GitHub Actions for CI, never Jenkins.",
    "We use GitHub Actions instead of Jenkins for CI.",
]


@pytest.mark.parametrize("lead", _ALREADY)
@pytest.mark.parametrize("said", [
    "We moved CI from Jenkins to GitHub Actions last month.",
    "We replaced Jenkins with GitHub Actions last month.",
])
def test_a_switch_the_entry_already_tells_of_dates_it_and_changes_nothing_else(
    lead: str, said: str
) -> None:
    plan = _dream(lead, said)
    # it was rewritten to "We use GitHub Actions for CI, not GitHub Actions." or turned round
    # ("CI runs on Jenkins, not GitHub Actions."), or a second memory was made beside it
    assert list(plan.writes) == ["project_tool.md"]
    body = parse_topic(plan.writes["project_tool.md"]).body
    assert body.startswith(lead + "\n")
    assert "Switched from Jenkins to GitHub Actions in June 2026; previously Jenkins." in body


@pytest.mark.parametrize("lead", _ALREADY)
def test_a_choice_said_again_as_set_against_the_old_one_is_a_confirmation(lead: str) -> None:
    plan = _dream(lead, "We use GitHub Actions, not Jenkins.")
    assert "project_tool.md" not in plan.writes
    assert [d.action for d in plan.decisions if d.file == "project_tool.md"] == ["confirmed"]


@pytest.mark.parametrize(
    ("lead", "said", "now"),
    [
        # what it is for stands between the choice and what it is set against
        ("We use GitHub Actions for CI, not Jenkins.", "We moved CI from Jenkins to Buildkite.",
         "We use Buildkite for CI."),
        ("Use GitHub Actions for CI, not Jenkins.", "We moved CI from Jenkins to Buildkite.",
         "Use Buildkite for CI."),
        ("We use GitHub Actions for CI, not Jenkins.",
         "We moved CI from GitHub Actions back to Jenkins.",
         "We use Jenkins for CI, not GitHub Actions."),
        ("Always use GitHub Actions for CI, never Jenkins.",
         "We moved CI from GitHub Actions back to Jenkins.",
         "Always use Jenkins for CI, never GitHub Actions."),
    ],
)
def test_a_switch_over_a_choice_said_with_what_it_is_for_rewrites_that_choice(
    lead: str, said: str, now: str
) -> None:
    plan = _dream(lead, said)
    # it was a second memory beside the stale one, or "We use Jenkins for CI, not Jenkins."
    assert list(plan.writes) == ["project_tool.md"]
    assert parse_topic(plan.writes["project_tool.md"]).body.startswith(now + "\n")


def test_a_title_that_was_the_choice_set_aside_says_the_new_one() -> None:
    files = {"feedback_ci.md": topic("Use GitHub Actions for CI, not Jenkins",
                                     "Use GitHub Actions for CI, not Jenkins.", type_="feedback")}
    plan = plan_dream(files, "- [CI](feedback_ci.md) — ci\n",
                      gather(human("We moved CI from Jenkins to Buildkite.")).candidates, now=NOW)
    (file,) = [f for f in plan.writes if f != "MEMORY.md"]
    # it was "Use GitHub Actions for CI, not Buildkite"
    assert parse_topic(plan.writes[file]).name == "Use Buildkite for CI"


@pytest.mark.parametrize(
    ("lead", "said", "now", "history"),
    [
        # what runs on the old tool is about it as much as what uses it
        ("We run Postgres 14 on RDS.", "We switched from Postgres to MySQL.",
         "We run MySQL on RDS.",
         "Switched from Postgres to MySQL on 2026-07-06; previously Postgres 14."),
        ("Production runs Node 18.", "We moved from Node to Bun.", "Production runs Bun.",
         "Switched from Node to Bun on 2026-07-06; previously Node 18."),
        # two versions set against each other: what set them apart goes with the tool (both
        # put to MySQL would read "MySQL, not MySQL"; the old one alone, "MySQL, not 14")
        ("We use Postgres 15, not Postgres 14.", "We switched from Postgres to MySQL.",
         "We use MySQL.",
         "Switched from Postgres to MySQL on 2026-07-06; previously Postgres 15."),
        ("We run Postgres 15 for analytics, not 14.", "We switched from Postgres to MySQL.",
         "We run MySQL for analytics.",
         "Switched from Postgres to MySQL on 2026-07-06; previously Postgres 15."),
        ("We run Postgres 15 for analytics, not 14 or MySQL.",
         "We switched from Postgres to SQLite.", "We run SQLite for analytics, not MySQL.",
         "Switched from Postgres to SQLite on 2026-07-06; previously Postgres 15."),
        # named only as the new tool
        ("We use Postgres 15, not Postgres 14.", "We switched to MySQL.", "We use MySQL.",
         "Switched from Postgres to MySQL on 2026-07-06; previously Postgres 15."),
        ("We use Postgres 15, not Postgres 14.", "We're on MySQL now.", "We use MySQL.",
         "Switched from Postgres to MySQL on 2026-07-06; previously Postgres 15."),
    ],
)
def test_a_switch_rewrites_what_runs_on_the_old_tool(
    lead: str, said: str, now: str, history: str
) -> None:
    # a second memory was made beside "We run Postgres 14 on RDS."
    _assert_rewritten_to(lead, said, now, history)


@pytest.mark.parametrize(
    ("lead", "said", "now", "history"),
    [
        # the rule set both aside: the switch ends it, and the history keeps what it chose
        ("Always use pnpm for installs, never npm or yarn.", "We switched from npm to yarn.",
         "We switched from npm to yarn.",
         "Switched from npm to yarn on 2026-07-06; previously pnpm (Always use pnpm for "
         "installs, never npm or yarn)."),
        ("We use GitHub Actions, not Jenkins or CircleCI.", "We moved from Jenkins to CircleCI.",
         "We moved from Jenkins to CircleCI.",
         "Switched from Jenkins to CircleCI on 2026-07-06; previously GitHub Actions (We use "
         "GitHub Actions, not Jenkins or CircleCI)."),
        ("Never use npm or yarn.", "We switched from npm to yarn.",
         "We switched from npm to yarn.",
         "Switched from npm to yarn on 2026-07-06; previously npm (Never use npm or yarn)."),
        # the new choice was set aside, the old one chosen: the two trade places
        ("We use pnpm, not npm or yarn.", "We switched from pnpm to yarn.",
         "We use yarn, not npm or pnpm.",
         "Switched from pnpm to yarn on 2026-07-06; previously pnpm."),
        ("We use Vitest now, not Jest.", "We switched from Vitest to Jest.",
         "We use Jest now, not Vitest.",
         "Switched from Vitest to Jest on 2026-07-06; previously Vitest."),
        ("Use poetry to lock dependencies instead of pip-tools.",
         "We switched from poetry to pip-tools.",
         "Use pip-tools to lock dependencies instead of poetry.",
         "Switched from poetry to pip-tools on 2026-07-06; previously poetry."),
    ],
)
def test_a_switch_to_a_choice_the_entry_set_aside_never_sets_it_against_itself(
    lead: str, said: str, now: str, history: str
) -> None:
    # it was "never yarn or yarn", "not npm or yarn" beside "We use yarn", "Jest, not Jest"
    _assert_rewritten_to(lead, said, now, history)


def test_a_rule_a_switch_ended_is_no_longer_its_title_or_its_guidance() -> None:
    files = {"feedback_use-pnpm-installs.md": topic(
        "Use pnpm for installs", "Always use pnpm for installs, never npm or yarn.",
        type_="feedback")}
    plan = plan_dream(files, "- [Use pnpm](feedback_use-pnpm-installs.md) — pnpm\n",
                      gather(human("We switched from npm to yarn.")).candidates, now=NOW)
    (file,) = [f for f in plan.writes if f != "MEMORY.md"]
    topic_ = parse_topic(plan.writes[file])
    assert "pnpm" not in topic_.name and "pnpm" not in file
    assert plan.deletes == ["feedback_use-pnpm-installs.md"]
    assert "Use yarn; pnpm and npm are no longer current" in topic_.body


@pytest.mark.parametrize(
    ("said", "history"),
    [
        # a choice said against another: no change was told, so none is dated
        ("Our database is Postgres, not MySQL.", None),
        ("Our CI is GitHub Actions rather than Jenkins.", None),
        ("Prefer composition instead of inheritance.", None),
        ("Please use httpx by default instead of requests.", None),
        # a change told: its history line stays
        ("We switched from MySQL to Postgres.", "Switched from MySQL to Postgres on "),
        ("We use Vitest now, not Jest.", "Switched from Jest to Vitest on "),
        ("Postgres was replaced by MySQL.", "Switched from Postgres to MySQL on "),
        ("Let's use poetry from now on instead of pip-tools.",
         "Switched from pip-tools to poetry on "),
    ],
)
def test_a_new_memory_dates_a_switch_only_when_a_change_was_told(
        said: str, history: str | None) -> None:
    # "Our database is Postgres, not MySQL" was written with "Switched from MySQL to Postgres on
    # <the day it was said>; previously MySQL.": a migration nobody told of.
    plan = plan_dream({}, "", gather(human(said)).candidates, now=NOW)
    (body,) = [parse_topic(text).body for name, text in plan.writes.items()
               if name != "MEMORY.md"]
    if history is None:
        assert "Switched from" not in body and "previously" not in body, body
        assert "**Why:** Stated by the user on " in body
        assert "rather than" in body.split("**How to apply:** ")[1], body
        assert "no longer current" not in body
    else:
        assert history in body, body
        assert "**Why:** Changed on " in body or "(see the history above)" in body


@pytest.mark.parametrize(
    ("said", "choice"),
    [
        ("Use pnpm rather than npm.", ("pnpm", "npm")),
        ("Prefer composition rather than inheritance.", ("composition", "inheritance")),
        ("Use tabs rather than spaces.", ("tabs", "spaces")),
        ("The bottleneck is IO rather than CPU.", None),  # no choice made
        ("Let's fix the bug rather than work around it.", None),  # the task at hand
        ("We run tests locally rather than in CI.", None),
    ],
)
def test_rather_than_sets_a_choice_against_another_as_instead_of_does(
        said: str, choice: tuple[str, str] | None) -> None:
    # "Use pnpm rather than npm" made no memory at all
    switches = [(c.new, c.old) for c in candidates(said) if c.kind == "switch"]
    assert switches == ([choice] if choice else [])


def test_a_tool_chosen_with_its_reason_over_the_entry_naming_another_updates_it() -> None:
    # it made nothing; kept alone it would have said "Use pnpm" beside "We use npm"
    said = "Use pnpm, it's faster than npm."
    _assert_rewritten_to("We use npm for installs.", said, "We use pnpm for installs.",
                         "Switched from npm to pnpm on 2026-07-06; previously npm.")
    body = parse_topic(_dream("We use npm for installs.", said).writes["project_tool.md"]).body
    assert "**Why:** It's faster than npm.\n" in body


@pytest.mark.parametrize(("said", "why"), [
    ("Actually, use yarn. It has workspaces.", "It has workspaces."),
    ("Use yarn instead. It's faster.", "It's faster."),
    ("Use yarn instead. They have better caching.", "They have better caching."),
])
def test_a_tool_chosen_with_its_reason_told_next_keeps_the_reason(said: str, why: str) -> None:
    # the reason was a sentence of its own, left out: the Why said only "Switched to yarn on
    # ...", as if the person had given none
    _assert_rewritten_to("We use npm for installs.", said, "We use yarn for installs.",
                         "Switched from npm to yarn on 2026-07-06; previously npm.")
    body = parse_topic(_dream("We use npm for installs.", said).writes["project_tool.md"]).body
    assert f"**Why:** {why}\n" in body


@pytest.mark.parametrize("said", [
    # about something at hand, or a memory of its own: not the choice's reason
    "Actually, use yarn. It's on the CI image now.",
    "Actually, use yarn. It broke yesterday.",
])
def test_a_sentence_after_a_tool_chosen_that_is_no_reason_is_not_taken_as_one(said: str) -> None:
    (switch,) = [c for c in candidates(said) if c.kind == "switch"]
    assert switch.why == ""


@pytest.mark.parametrize("said", ["Use yarn instead.", "Let's use yarn instead.",
                                  "Actually, use yarn instead.", "Actually, use yarn.",
                                  "No, use yarn.", "Actually, use yarn. It has workspaces."])
def test_a_tool_to_use_instead_puts_it_in_place_of_the_one_the_entry_names(said: str) -> None:
    # it made nothing, and npm stayed the package manager in memory ("Actually, use yarn" was
    # read as a correction whose words come in the next sentence: "It has workspaces.")
    _assert_rewritten_to("We use npm for installs.", said, "We use yarn for installs.",
                         "Switched from npm to yarn on 2026-07-06; previously npm.")
    plan = _dream_on({"feedback_installs.md": "Use npm for installs."}, said)
    assert list(plan.writes) == ["feedback_installs.md"]
    lines = parse_topic(plan.writes["feedback_installs.md"]).body.splitlines()
    assert lines[0] == "Use yarn for installs."
    assert "Switched from npm to yarn on 2026-07-09; previously npm." in lines


@pytest.mark.parametrize("said", ["Use yarn instead.", "Let's use yarn instead.",
                                  "Actually, use yarn."])
def test_a_tool_to_use_instead_of_nothing_in_memory_is_no_memory(said: str) -> None:
    # instead of what was said in the conversation: "Use yarn instead." alone says nothing
    files = {"project_db.md": topic("Db", "We use Postgres for the main database.")}
    for memory in ({}, files):
        plan = plan_dream(memory, "- [Db](project_db.md) — db\n" if memory else None,
                          candidates(said), now=NOW)
        assert not plan.writes and not plan.deletes


def test_rather_than_over_the_entry_naming_the_old_tool_updates_it() -> None:
    _assert_rewritten_to("We use npm for installs.", "Use pnpm rather than npm.",
                         "We use pnpm for installs.",
                         "Switched from npm to pnpm on 2026-07-06; previously npm.")


@pytest.mark.parametrize(
    ("lead", "said", "now", "old", "new"),
    [
        # passive, between two known caches
        ("We use Redis for caching.", "Redis was replaced by Memcached.",
         "We use Memcached for caching.", "Redis", "Memcached"),
        ("We use Memcached for caching.", "Memcached has been replaced with Redis.",
         "We use Redis for caching.", "Memcached", "Redis"),
        # the tool run as the command, now or these days
        ("We use npm for installs.", "We bun install everything now.",
         "We use bun for installs.", "npm", "bun"),
        ("We use npm for installs.", "We yarn install everything these days.",
         "We use yarn for installs.", "npm", "yarn"),
        ("We use npm for installs.", "We pnpm install nowadays.",
         "We use pnpm for installs.", "npm", "pnpm"),
        ("We use npm for installs.", "We just bun install everything these days.",
         "We use bun for installs.", "npm", "bun"),
        # what "it" is now, over the entry naming a tool of its kind
        ("We use npm for installs.", "It's yarn these days.",
         "We use yarn for installs.", "npm", "yarn"),
        ("We use npm for installs.", "It's pnpm nowadays.",
         "We use pnpm for installs.", "npm", "pnpm"),
        ("We use npm for installs.", "It's yarn now.", "We use yarn for installs.", "npm",
         "yarn"),
        ("We use Postgres for the main database.", "It's MySQL these days.",
         "We use MySQL for the main database.", "Postgres", "MySQL"),
    ],
)
def test_a_switch_told_passively_by_the_command_or_as_what_it_is_now_updates_the_entry(
        lead: str, said: str, now: str, old: str, new: str) -> None:
    # each made no memory and left the old tool, or made one beside the entry naming it
    _assert_rewritten_to(lead, said, now,
                         f"Switched from {old} to {new} on 2026-07-06; previously {old}.")


@pytest.mark.parametrize("said", ["We bun install everything now.",
                                  "We just bun install everything these days.",
                                  "We yarn install everything nowadays."])
def test_the_command_the_team_runs_these_days_is_a_memory_of_its_own(said: str) -> None:
    # "We just bun install everything these days" made nothing, though "We bun install
    # everything now" was kept
    plan = plan_dream({}, None, candidates(said), now=NOW)
    (body,) = [parse_topic(t).body for f, t in plan.writes.items() if f != "MEMORY.md"]
    assert body.startswith(said + "\n")


@pytest.mark.parametrize("said", ["I pnpm install nowadays.",
                                  "I yarn install everything these days."])
def test_the_command_one_person_runs_these_days_is_no_garbled_memory(said: str) -> None:
    # over the entry it replaced it with 'The user pnpms install nowadays.', and alone made
    # that memory: the tool the project uses is said by "we"
    entry = {"project_installs.md": topic("Installs", "We use npm for installs.")}
    for memory in (entry, {}):
        plan = plan_dream(memory, "- [Installs](project_installs.md) — installs\n" if memory
                          else None, candidates(said), now=NOW)
        assert not plan.writes and not plan.deletes


@pytest.mark.parametrize(
    ("lead", "said", "now"),
    [
        ("CI runs on Jenkins.", "CI runs on GitHub Actions now.", "CI runs on GitHub Actions."),
        ("We use Jenkins for CI.", "We use GitHub Actions now.", "We use GitHub Actions for CI."),
        ("We use Jenkins for CI.", "CI is on GitHub Actions these days.",
         "We use GitHub Actions for CI."),
    ],
)
def test_a_place_said_to_be_used_now_updates_the_entry_naming_another_of_its_kind(
        lead: str, said: str, now: str) -> None:
    # made a second memory beside the Jenkins one: two CI services, each said to be current
    _assert_rewritten_to(lead, said, now,
                         "Switched from Jenkins to GitHub Actions on 2026-07-06; "
                         "previously Jenkins.")


@pytest.mark.parametrize(
    ("lead", "said", "now", "old", "new"),
    [
        ("Our design docs live in Notion.", "Our design docs are in Confluence now.",
         "Our design docs live in Confluence.", "Notion", "Confluence"),
        ("Bugs are tracked in Jira.", "We track bugs in Linear now.",
         "Bugs are tracked in Linear.", "Jira", "Linear"),
        # "keep" says where as "live" does (they were two memories)
        ("We keep docs in Notion.", "We use Confluence now.", "We keep docs in Confluence.",
         "Notion", "Confluence"),
        ("We keep our design docs in Notion.", "Our design docs are in Confluence now.",
         "We keep our design docs in Confluence.", "Notion", "Confluence"),
    ],
)
def test_where_things_are_kept_now_updates_the_entry_naming_the_old_place(
        lead: str, said: str, now: str, old: str, new: str) -> None:
    # read as where to look, it made a second memory beside the one naming the old place
    _assert_rewritten_to(lead, said, now,
                         f"Switched from {old} to {new} on 2026-07-06; previously {old}.")


@pytest.mark.parametrize(
    ("lead", "said", "now"),
    [
        ("CI runs on Jenkins.", "We migrated to GitHub Actions.", "CI runs on GitHub Actions."),
        ("Builds run on Jenkins.", "We moved to GitHub Actions.",
         "Builds run on GitHub Actions."),
    ],
)
def test_a_move_naming_only_the_new_place_updates_the_one_entry_of_its_kind(
        lead: str, said: str, now: str) -> None:
    # as "We moved to yarn" updates the one entry naming a package manager; it made a second
    # memory beside the Jenkins one
    _assert_rewritten_to(lead, said, now,
                         "Switched from Jenkins to GitHub Actions on 2026-07-06; "
                         "previously Jenkins.")


def test_a_move_naming_only_the_new_place_beside_two_of_its_kind_is_a_memory_of_its_own(
        ) -> None:
    files = {"project_ci.md": topic("CI", "CI runs on Jenkins."),
             "project_nightly.md": topic("Nightly", "Nightly builds run on CircleCI.")}
    index = "- [CI](project_ci.md) — ci\n- [Nightly](project_nightly.md) — nightly\n"
    plan = plan_dream(files, index, candidates("We moved to GitHub Actions."), now=NOW)
    # nothing says which of the two was left
    assert "project_ci.md" not in plan.writes and "project_nightly.md" not in plan.writes
    assert len(plan.writes) == 1 and not plan.deletes


def test_a_place_said_now_picks_the_entry_about_what_it_names() -> None:
    files = {"project_docs.md": topic("Docs", "Our design docs live in Notion."),
             "reference_runbook.md": topic("Runbook", "The on-call runbook is in Notion.",
                                           type_="reference")}
    index = "- [Docs](project_docs.md) — docs\n- [Runbook](reference_runbook.md) — runbook\n"
    plan = plan_dream(files, index, candidates("Our design docs are in Confluence now."),
                      now=NOW)
    assert list(plan.writes) == ["project_docs.md"]
    assert "reference_runbook.md" not in plan.writes and not plan.deletes


@pytest.mark.parametrize(
    ("lead", "said"),
    [
        # another kind of place: docs are not CI
        ("CI runs on Jenkins.", "Our docs are in Notion now."),
        # about something the entry does not tell of
        ("CI runs on Jenkins.", "Nightly builds run on CircleCI now."),
        # says nothing is used
        ("CI runs on Jenkins.", "Jenkins is flaky now."),
    ],
)
def test_a_place_said_now_of_something_else_leaves_the_entry(lead: str, said: str) -> None:
    plan = _dream(lead, said)
    assert "project_tool.md" not in plan.writes and not plan.deletes


@pytest.mark.parametrize(
    ("name", "lead", "said"),
    [
        # a rule names the place for its own ends: the release job needs Jenkins' keys
        ("feedback_release.md", "Always run the release job on Jenkins, it has the signing keys.",
         "We use GitHub Actions now."),
        ("feedback_release.md", "Always run the release job on Jenkins, it has the signing keys.",
         "We migrated to GitHub Actions."),
        ("feedback_deploys.md", "Use Jenkins for deploys.", "We use GitHub Actions now."),
        ("feedback_deploys.md", "Use Jenkins for deploys.", "CI runs on GitHub Actions now."),
        # deploys are not CI, which is all a sentence naming nothing else is about
        ("project_deploys.md", "Deploys run on Jenkins.", "We use GitHub Actions now."),
        ("project_deploys.md", "Deploys run on Jenkins.", "We migrated to GitHub Actions."),
        ("project_deploys.md", "Deploys run on Jenkins.", "CI runs on GitHub Actions now."),
        # the user's own notes are not where the team keeps things
        ("user_notes.md", "I keep my personal notes in Notion.", "We moved to Confluence."),
        ("user_notes.md", "I keep my personal notes in Notion.", "We're using Confluence now."),
    ],
)
def test_a_place_said_used_now_leaves_an_entry_about_something_else(
        name: str, lead: str, said: str) -> None:
    # each was rewritten to the new place ("Always run the release job on GitHub Actions, it
    # has the signing keys", "Use GitHub Actions for deploys")
    plan = _dream_on({name: lead}, said)
    assert name not in plan.writes and not plan.deletes
    (made,) = plan.writes
    assert "GitHub Actions" in plan.writes[made] or "Confluence" in plan.writes[made]


_KEYS_RULE = "Always run the release job on Jenkins, it has the signing keys."


@pytest.mark.parametrize("said", [
    "We moved from Jenkins to CircleCI.",
    "We switched from Jenkins to GitHub Actions.",
    "Our CI is GitHub Actions, not Jenkins.",
    "We use GitHub Actions instead of Jenkins for CI.",
])
@pytest.mark.parametrize("lead", [
    _KEYS_RULE,
    "Always run the release job on Jenkins because it has the signing keys.",
    "Always run the release job on Jenkins, Jenkins has the keys.",
])
def test_a_place_switched_from_by_name_leaves_a_rule_whose_reason_is_the_old_places(
        lead: str, said: str) -> None:
    # each was rewritten to the new place ("Always run the release job on CircleCI, it has the
    # signing keys"), a reason no one gave; as a switch naming only the new place leaves it
    plan = _dream_on({"feedback_release.md": lead}, said)
    assert "feedback_release.md" not in plan.writes and not plan.deletes
    (made,) = plan.writes
    assert made.startswith("project_") and "Jenkins" in plan.writes[made]


@pytest.mark.parametrize(("name", "lead", "said", "now"), [
    # no reason, the team's standing choice as its reason, or no rule: switched as before
    ("feedback_ci.md", "Always run CI on Jenkins.", "We moved from Jenkins to CircleCI.",
     "Always run CI on CircleCI."),
    ("feedback_ci.md", "Always run CI on Jenkins, it's our standard.",
     "We moved from Jenkins to CircleCI.", "Always run CI on CircleCI, it's our standard."),
    ("project_ci.md", "CI runs on Jenkins.", "Our CI is GitHub Actions, not Jenkins.",
     "CI runs on GitHub Actions."),
    ("project_ci.md", "CI runs on Jenkins.", "We moved from Jenkins to CircleCI.",
     "CI runs on CircleCI."),
])
def test_a_place_switched_from_by_name_rewrites_a_plain_rule_and_the_teams_place(
        name: str, lead: str, said: str, now: str) -> None:
    plan = _dream_on({name: lead}, said)
    assert list(plan.writes) == [name] and not plan.deletes
    assert parse_entry(name, plan.writes[name]).statements == [now]


@pytest.mark.parametrize(
    ("name", "lead", "said"),
    [
        # the user's own habit is not what the team switched
        ("user_side.md", "I use npm for my side projects.", "We use yarn now."),
        ("user_side.md", "I use npm for my side projects.", "We moved to yarn."),
        ("user_side.md", "I use npm for my side projects.", "We switched from npm to yarn."),
        ("user_side.md", "The user uses npm for personal projects.", "We switched to yarn."),
        # a rule whose reason names the old tool would be given a false one
        ("feedback_release.md", "Always build the release with npm, npm has the lockfile.",
         "We use yarn now."),
        ("feedback_release.md", "Always build the release with npm because npm has the "
         "lockfile.", "We switched to yarn."),
        ("feedback_release.md", "Always build the release with npm, npm has the lockfile.",
         "We switched from npm to yarn."),
        ("feedback_release.md", "Always build the release with npm.\n\n**Why:** npm has the "
         "lockfile.", "We use yarn now."),
        # a tool asked for with no one named is the team's, as "We use yarn now" is
        ("user_side.md", "I use npm for my side projects.", "Actually, use yarn."),
        ("user_side.md", "I use npm for my side projects.", "Use yarn instead."),
        ("feedback_release.md", "Always build the release with npm, npm has the lockfile.",
         "Actually, use yarn."),
        ("feedback_release.md", "Always build the release with npm, npm has the lockfile.",
         "Use yarn instead."),
        # ... and a reason told of "it", the tool the rule names
        ("feedback_release.md", "Always build the release with npm, it has the lockfile.",
         "Actually, use yarn."),
        ("feedback_release.md", "Always build the release with npm, it has the lockfile.",
         "We use yarn now."),
    ],
)
def test_a_tool_switched_leaves_the_users_habit_and_a_rule_with_its_reason(
        name: str, lead: str, said: str) -> None:
    # each was rewritten to yarn ("I use yarn for my side projects", "Always build the release
    # with yarn, it has the lockfile")
    plan = _dream_on({name: lead}, said)
    assert name not in plan.writes and not plan.deletes
    (made,) = plan.writes
    assert "yarn" in plan.writes[made]


@pytest.mark.parametrize(
    ("entries", "said", "switched", "kept"),
    [
        # a plain rule of which tool to use is switched
        ({"feedback_pm.md": "Always use npm for installs."}, "We use yarn now.",
         "feedback_pm.md", ""),
        ({"feedback_pm.md": "Use npm for installs."}, "We switched to yarn.", "feedback_pm.md", ""),
        # the user's own switch is of the user's habit
        ({"user_side.md": "I use npm for my side projects."}, "I switched to yarn.",
         "user_side.md", ""),
        # the team's tool told of the user is the team's
        ({"user_team.md": "The user's team uses npm."}, "Our team switched to yarn.",
         "user_team.md", ""),
        # a reason that is the team's standard is what the switch replaces: two rival rules
        # were kept
        ({"feedback_pm.md": "Always use npm in this repo, it's our standard."},
         "We switched to yarn.", "feedback_pm.md", ""),
        ({"feedback_pm.md": "Use npm since the team standardized on it."},
         "The team switched to yarn.", "feedback_pm.md", ""),
        ({"feedback_pm.md": "Always use npm in this repo, it's our standard."},
         "Use yarn instead.", "feedback_pm.md", ""),
        # a tool asked for in place of the one a plain rule or the team's tool names
        ({"project_pm.md": "Use npm for installs."}, "Actually, use yarn.", "project_pm.md", ""),
        ({"feedback_pm.md": "Always use npm for installs."}, "Use yarn instead.",
         "feedback_pm.md", ""),
        ({"project_pm.md": "We use npm for installs.",
          "user_side.md": "I use npm for my side projects."}, "Actually, use yarn.",
         "project_pm.md", "user_side.md"),
        ({"feedback_pm.md": "Use npm for installs.\n\n**Why:** This keeps CI and local builds "
          "the same."}, "We use yarn now.", "feedback_pm.md", ""),
        # the team's switch is of the team's tool, the user's habit beside it no other candidate
        ({"project_pm.md": "We use npm for installs.",
          "user_side.md": "I use npm for my side projects."}, "We use yarn now.",
         "project_pm.md", "user_side.md"),
    ],
)
def test_a_tool_switched_still_rewrites_a_plain_rule_and_the_teams_tool(
        entries: dict[str, str], said: str, switched: str, kept: str) -> None:
    plan = _dream_on(entries, said)
    assert "yarn" in plan.writes[switched] and "previously npm" in plan.writes[switched]
    assert set(plan.writes) == {switched} and not plan.deletes
    assert kept not in plan.writes


@pytest.mark.parametrize(
    ("name", "lead", "said"),
    [
        ("reference_bugs.md", "Bugs are tracked in Jira.", "It's in Linear now."),
        ("reference_bugs.md", "Bugs are tracked in Jira.", "It is in Linear now."),
        ("reference_bugs.md", "Bugs are tracked in Jira.", "That's in Linear now."),
        ("project_docs.md", "Our design docs live in Notion.", "It's in Confluence now."),
        ("project_builds.md", "CI runs on Jenkins.", "It's on GitHub Actions now."),
    ],
)
def test_a_place_said_of_it_now_leaves_the_entry_naming_another(
        name: str, lead: str, said: str) -> None:
    # "it" may be the one ticket or page talked about; the entry was rewritten to the new place
    # ("Bugs are tracked in Linear"), as "It's yarn now" rewrites the one naming npm
    plan = _dream_on({name: lead}, said)
    assert name not in plan.writes and not plan.deletes


@pytest.mark.parametrize("said", ["It's yarn these days.", "It's yarn now.",
                                  "It's pnpm nowadays."])
def test_what_it_is_now_with_no_entry_of_its_kind_is_no_memory(said: str) -> None:
    # alone, or beside a memory of another kind, "it" names nothing a memory could keep
    files = {"project_db.md": topic("Db", "We use Postgres for the main database.")}
    for memory in ({}, files):
        plan = plan_dream(memory, "- [Db](project_db.md) — db\n" if memory else None,
                          candidates(said), now=NOW)
        assert not plan.writes and not plan.deletes


@pytest.mark.parametrize(
    ("lead", "said", "now", "old", "new"),
    [
        ("We use npm for installs.", "It's yarn, not npm.", "We use yarn for installs.", "npm",
         "yarn"),
        ("We use npm for installs.", "It is pnpm, not npm!", "We use pnpm for installs.", "npm",
         "pnpm"),
        ("We use npm for installs.", "Actually, it's yarn, not npm.",
         "We use yarn for installs.", "npm", "yarn"),
        ("We use Postgres for the main database.", "It's MySQL, not Postgres.",
         "We use MySQL for the main database.", "Postgres", "MySQL"),
    ],
)
def test_what_it_is_against_the_tool_the_entry_names_updates_the_entry(
        lead: str, said: str, now: str, old: str, new: str) -> None:
    # "It's yarn, not npm" made nothing and left npm ("Actually, ..." made a feedback memory
    # "It's yarn, not npm." beside it), while "It's yarn these days" already updated the entry
    _assert_rewritten_to(lead, said, now,
                         f"Switched from {old} to {new} on 2026-07-06; previously {old}.")


@pytest.mark.parametrize(
    ("lead", "said"),
    [
        (None, "It's yarn, not npm."),
        (None, "Actually, it's yarn, not npm."),
        # no memory says npm is used: the entry of another kind or naming yarn is not its subject
        ("We use Postgres for the main database.", "It's yarn, not npm."),
        ("We use yarn for installs.", "It's yarn, not npm."),
        # two tools of no kind in common are no choice of one over the other
        ("We use npm for installs.", "It's yarn, not pytest."),
    ],
)
def test_what_it_is_against_a_tool_no_entry_names_is_no_memory(
        lead: str | None, said: str) -> None:
    files = {"project_tool.md": topic("Tool", lead)} if lead else {}
    plan = plan_dream(files, "- [Tool](project_tool.md) — tool\n" if lead else None,
                      candidates(said), now=NOW)
    assert not plan.writes and not plan.deletes


_RUNBOOK = "The on-call runbook is in Notion at notion.so/acme/oncall-runbook."


@pytest.mark.parametrize("said", [
    "The runbook moved to confluence.acme.io/oncall.",
    "The runbook has moved to confluence.acme.io/oncall.",
    "The runbook was moved to confluence.acme.io/oncall.",
    "We moved the runbook to confluence.acme.io/oncall.",
    "The runbook moved to https://confluence.acme.io/oncall.",
    "The on-call runbook moved to confluence.acme.io/oncall.",
])
def test_a_thing_moved_to_a_new_address_rewrites_the_entry_that_gave_the_old_one(
        said: str) -> None:
    # an address after "moved to" is no tool chosen ("confluence", "https") and, with a path, it
    # made no memory at all: the runbook entry kept pointing at Notion
    files = {"reference_runbook.md": topic("Runbook", _RUNBOOK, type_="reference")}
    plan = plan_dream(files, "- [Runbook](reference_runbook.md) — runbook\n",
                      gather(human(said, day=3)).candidates, now=NOW)
    assert list(plan.writes) == ["reference_runbook.md"]
    body = parse_topic(plan.writes["reference_runbook.md"]).body
    assert body.startswith(said + "\n")
    assert f"Updated on 2026-07-09; previously: {_RUNBOOK}" in body.splitlines()


@pytest.mark.parametrize("said", [
    "The runbook moved to confluence.acme.io/oncall.",
    "We moved the runbook to confluence.acme.io/oncall.",
    "The runbook moved to https://confluence.acme.io/oncall.",
])
def test_a_new_address_said_in_the_dream_that_gave_the_old_one_replaces_it(said: str) -> None:
    plan = plan_dream({}, None, gather(
        human("The on-call runbook is at notion.so/acme/oncall-runbook.", session="a"),
        human(said, session="b", day=3)).candidates, now=NOW)
    assert len(plan.writes) == 1
    memory = parse_topic(next(iter(plan.writes.values())))
    assert memory.body.startswith(said + "\n")
    assert ("Updated on 2026-07-09; previously: The on-call runbook is at "
            "notion.so/acme/oncall-runbook.") in memory.body.splitlines()
    assert "notion" not in memory.name.lower()


@pytest.mark.parametrize("said", [
    "The staging API moved to https://stg.example.com/api.",
    "We moved the staging API to stg.example.com/api.",
])
def test_an_address_moved_in_a_later_dream_leaves_no_old_host_in_the_title_or_index(
        said: str) -> None:
    # the file kept from the dream before kept its title, 'The staging API is at
    # staging.example.com', and the index line told the old host as the current one
    first = plan_dream({}, None, gather(human(
        "The staging API is at https://staging.example.com/api.")).candidates,
        now=T0 + timedelta(hours=1))
    (file,) = first.writes
    assert parse_topic(first.writes[file]).name == "The staging API is at staging.example.com"
    plan = plan_dream(dict(first.writes), first.index, gather(human(said, day=1)).candidates,
                      now=T0 + timedelta(days=1, hours=1))
    # the file is named for the new host too (it kept reference_staging-api-staging-example-
    # com.md), the old one deleted and declared superseded
    renamed = "reference_staging-api-stg-example-com.md"
    assert list(plan.writes) == [renamed]
    assert plan.deletes == [file]
    memory = parse_topic(plan.writes[renamed])
    assert memory.body.startswith(said + "\n")
    assert "staging.example.com" not in memory.name
    assert "stg.example.com" in memory.name
    assert f"supersedes:\n- {file}\n" in plan.writes[renamed]
    (line,) = [ln for ln in plan.index.splitlines() if "staging-api" in ln]
    assert line.startswith(f"- [{memory.name}]({renamed}) — ")
    assert "staging.example.com" not in line


def _staging_url_then(*said: str) -> tuple[str, DreamPlan]:
    """The staging URL remembered in one dream, then ``said`` a day apart, a dream each."""
    plan = plan_dream({}, None, gather(human(
        "The staging API URL is https://staging.example.com/api.")).candidates,
        now=T0 + timedelta(hours=1))
    (first,) = plan.writes
    files = dict(plan.writes)
    for day, words in enumerate(said, 1):
        plan = plan_dream(files, plan.index, gather(human(words, day=day)).candidates,
                          now=T0 + timedelta(days=day, hours=1))
        files = {f: t for f, t in files.items() if f not in plan.deletes} | plan.writes
    return first, plan


@pytest.mark.parametrize("said", ["The staging API URL is now https://stg.example.com/api.",
                                  "staging.example.com is retired, use stg.example.com now"])
def test_an_address_changed_renames_the_kept_file_and_title_for_the_new_host(said: str) -> None:
    # 'is now' kept the title 'The staging API URL is staging.example.com' and its file name;
    # 'is retired, use ... now' was a second memory beside the old address, still current
    first, plan = _staging_url_then(said)
    assert first == "reference_staging-api-url-staging-example-com.md"
    renamed = "reference_staging-api-url-stg-example-com.md"
    assert list(plan.writes) == [renamed]
    assert plan.deletes == [first]
    memory = parse_topic(plan.writes[renamed])
    assert memory.name == "The staging API URL is stg.example.com"
    assert "https://stg.example.com/api" in memory.body.splitlines()[0]
    assert "staging.example.com" not in plan.index
    (decision,) = [d for d in plan.decisions if d.action == "superseded"]
    assert f"file renamed from {first}" in decision.reason


def test_an_address_changed_twice_names_the_file_for_a_host_with_figures() -> None:
    # the title said stg2.example.com, the file kept reference_staging-api-url-stg-example-
    # com.md: a file name left out 'stg2' as a word with figures
    _, plan = _staging_url_then("The staging API URL is now https://stg.example.com/api.",
                                "The staging API URL is now https://stg2.example.com/api.")
    renamed = "reference_staging-api-url-stg2-example-com.md"
    assert list(plan.writes) == [renamed]
    assert plan.deletes == ["reference_staging-api-url-stg-example-com.md"]
    assert parse_topic(plan.writes[renamed]).name == "The staging API URL is stg2.example.com"


_LINKED = "reference_staging-api-url-staging-example-com.md"


@pytest.mark.parametrize("said", ["The staging API URL is now https://stg.example.com/api.",
                                  "staging.example.com is retired, use stg.example.com now"])
def test_an_address_changed_keeps_the_file_name_another_memory_links_to(said: str) -> None:
    # renamed reference_staging-api-url-stg-example-com.md, the link in project_deploys.md
    # led to a file no longer there
    files = {_LINKED: topic("The staging API URL is staging.example.com",
                            "The staging API URL is https://staging.example.com/api.",
                            type_="reference"),
             "project_deploys.md": topic("Deploys", f"Deploys go to staging first; see "
                                                    f"[the staging API]({_LINKED}).")}
    plan = plan_dream(files, None, gather(human(said, day=2)).candidates, now=NOW)
    assert plan.deletes == [] and list(plan.writes) in ([_LINKED], [_LINKED, "MEMORY.md"])
    assert "https://stg.example.com/api" in parse_topic(plan.writes[_LINKED]).body


@pytest.mark.parametrize("lead", ["The staging API is at https://staging.example.com/api.",
                                  "Use https://staging.example.com/api for the staging API."])
def test_a_new_url_replaces_the_address_of_the_thing_said_without_url(lead: str) -> None:
    # 'The new staging API URL is ...' was put above the old line in its file, both current
    # ('The staging API is at https://staging.example.com/api.' stayed), or was a second
    # memory beside it
    files = {"reference_staging.md": topic("Staging", lead, type_="reference")}
    plan = plan_dream(files, None, gather(human(
        "The new staging API URL is https://stg.example.com/api.", day=2)).candidates, now=NOW)
    assert [f for f in plan.writes if f != "MEMORY.md"] == ["reference_staging.md"]
    body = parse_topic(plan.writes["reference_staging.md"]).body.splitlines()
    current = [line for line in body if line and not line.startswith("Updated on")]
    assert current == [lead.replace("staging.example.com", "stg.example.com")]


def test_a_host_retired_after_memory_moved_off_it_is_no_second_memory() -> None:
    # the URL moved to stg.example.com the day before: the retirement of the old host was a
    # memory of its own, 'Staging.example.com is retired, use stg.example.com now'
    _, plan = _staging_url_then("The new staging API URL is https://stg.example.com/api.",
                                "staging.example.com is retired, use stg.example.com now")
    assert [f for f in plan.writes if f != "MEMORY.md"] in (
        [], ["reference_staging-api-url-stg-example-com.md"])
    assert [d.action for d in plan.decisions if d.action in ("created", "confirmed")] == [
        "confirmed"]


@pytest.mark.parametrize(("lead", "said"), [
    ("Runbooks live at https://wiki.acme.io/runbooks.",
     "The runbooks moved to https://docs.acme.io/runbooks."),
    ("The runbooks are at https://wiki.acme.io/runbooks.",
     "The runbooks moved to https://docs.acme.io/runbooks."),
    ("Runbooks live at wiki.acme.io/runbooks.", "The runbooks moved to docs.acme.io/runbooks."),
])
def test_a_move_from_an_address_with_its_scheme_keeps_the_old_address_as_history(
        lead: str, said: str) -> None:
    # "https://" was read as the end of a clause: the history said "Changed from live to moved
    # on ...; previously live.", the old address lost
    files = {"reference_runbook.md": topic("Runbook", lead, type_="reference")}
    plan = plan_dream(files, "- [Runbook](reference_runbook.md) — runbook\n",
                      gather(human(said, day=3)).candidates, now=NOW)
    assert list(plan.writes) == ["reference_runbook.md"]
    body = parse_topic(plan.writes["reference_runbook.md"]).body
    assert body.startswith(said + "\n")
    assert f"Updated on 2026-07-09; previously: {lead}" in body.splitlines()


@pytest.mark.parametrize(("said", "file"), [
    ("The runbooks moved to https://docs.acme.io/runbooks.",
     "reference_runbooks-moved-docs-acme-io.md"),
    ("We moved the runbooks to https://docs.acme.io/runbooks.",
     "reference_moved-runbooks-docs-acme-io.md"),
])
def test_a_move_from_an_address_said_in_the_dream_is_filed_for_the_new_one(
        said: str, file: str) -> None:
    # filed as reference_runbooks-live-wiki-acme-io.md, the old host, with "Changed from live to
    # moved"
    plan = plan_dream({}, None, gather(
        human("Runbooks live at https://wiki.acme.io/runbooks.", session="a"),
        human(said, session="b", day=3)).candidates, now=NOW)
    assert [f for f in plan.writes if f != "MEMORY.md"] == [file]
    body = parse_topic(plan.writes[file]).body
    assert body.startswith(said + "\n")
    assert ("Updated on 2026-07-09; previously: Runbooks live at "
            "https://wiki.acme.io/runbooks.") in body.splitlines()


def test_a_place_given_with_its_address_then_another_in_the_dream_makes_one_memory() -> None:
    # (the address once read as cut at "https:" must not set the two places apart)
    plan = plan_dream({}, None, gather(
        human("Design docs live in Notion (https://www.notion.so/acme/Design-Docs-123).",
              session="a"),
        human("Design docs live in Confluence.", session="b", day=3)).candidates, now=NOW)
    bodies = [parse_topic(t).body for f, t in plan.writes.items() if f != "MEMORY.md"]
    assert len(bodies) == 1 and bodies[0].startswith("Design docs live in Confluence.\n")
    assert "Changed from Notion to Confluence on 2026-07-09; previously Notion." in bodies[0]


@pytest.mark.parametrize(("lead", "said", "now"), [
    # a host said whole is still a place switched to, as before
    ("The staging database runs on db1.acme.internal.",
     "I moved the staging database to db2.acme.internal.",
     "The staging database runs on db2.acme.internal."),
    ("CI runs on Jenkins.", "We moved CI to GitHub Actions.", "CI runs on GitHub Actions."),
])
def test_a_move_to_a_named_place_is_still_a_switch(lead: str, said: str, now: str) -> None:
    body = parse_topic(_dream(lead, said).writes["project_tool.md"]).body
    assert body.startswith(now + "\n")


@pytest.mark.parametrize("said", [
    "We moved the helpers to src/utils/helpers.py.",  # code moved
    "The standup moved to 10:30.",  # a time, told as a fact
])
def test_a_move_to_a_path_or_time_is_no_address(said: str) -> None:
    assert [c for c in candidates(said) if c.kind == "resource"] == []


def test_a_memory_about_another_thing_keeps_its_address() -> None:
    files = {"reference_dash.md": topic("Dash", "The latency dashboard is at "
                                        "grafana.acme.io/d/latency.", type_="reference")}
    plan = plan_dream(files, "- [Dash](reference_dash.md) — dash\n",
                      gather(human("The runbook moved to confluence.acme.io/oncall.")).candidates,
                      now=NOW)
    assert "reference_dash.md" not in plan.writes


@pytest.mark.parametrize(
    ("rule", "said", "turned"),
    [
        ("Never use npm.", "It's yarn, not npm.", "yarn"),
        ("Never use npm.", "Actually, it's yarn, not npm.", "yarn"),
        ("Never use npm.", "We switched from npm to yarn.", "yarn"),
        ("Don't use npm.", "It's pnpm, not npm.", "pnpm"),
        ("Don't use npm; it breaks the lockfile.", "It's yarn, not npm.", "yarn"),
        ("We no longer use npm.", "We switched from npm to yarn.", "yarn"),
        ("Never use MySQL for new services.", "We moved from MySQL to Postgres.", "Postgres"),
    ],
)
def test_a_switch_from_a_forbidden_tool_leaves_the_rule_against_it(
        rule: str, said: str, turned: str) -> None:
    # "It's yarn, not npm" over "Never use npm" rewrote it to "Never use yarn" ("Switched from
    # npm to yarn", How "Use yarn"): the rule turned into its opposite
    files = {"feedback_npm.md": topic("No npm", rule, type_="feedback")}
    plan = plan_dream(files, "- [No npm](feedback_npm.md) — npm\n", candidates(said), now=NOW)
    assert "feedback_npm.md" not in plan.deletes
    kept = plan.writes.get("feedback_npm.md", files["feedback_npm.md"])
    assert parse_topic(kept).body.startswith(rule + "\n")
    for text in plan.writes.values():
        body = parse_topic(text).body
        assert f"use {turned}." not in body.splitlines()[0].lower(), body
        assert f"Switched from {turned}" not in body


@pytest.mark.parametrize(
    ("lead", "said", "now", "history"),
    [
        # a rule that chooses a tool besides the one it forbids is still the switch's to end
        ("Always use pnpm for installs, never npm or yarn.", "We switched from npm to yarn.",
         "We switched from npm to yarn.", None),
        ("We use npm, not yarn.", "It's pnpm, not npm.", "We use pnpm, not yarn.",
         "Switched from npm to pnpm on 2026-07-06; previously npm."),
        ("We use npm for installs.", "It's yarn, not npm.", "We use yarn for installs.",
         "Switched from npm to yarn on 2026-07-06; previously npm."),
    ],
)
def test_a_switch_still_updates_an_entry_choosing_a_tool(
        lead: str, said: str, now: str, history: str | None) -> None:
    plan = _dream(lead, said)
    assert list(plan.writes) == ["project_tool.md"]
    body = parse_topic(plan.writes["project_tool.md"]).body
    assert body.startswith(now + "\n")
    assert history is None or history in body.splitlines()


@pytest.mark.parametrize(
    ("lead", "said", "old"),
    [
        # the entry tells the switch in its own words: a move back ends it (it was "confirmed",
        # the memory still saying uv)
        ("We switched from Poetry to uv.", "We moved back to Poetry.", "uv"),
        ("We switched from Poetry to uv.", "We're back on Poetry, uv broke our private index.",
         "uv"),
        ("We migrated CI from Jenkins to GitHub Actions.", "We went back to Jenkins.",
         "GitHub Actions"),
    ],
)
def test_a_move_back_ends_a_switch_the_entry_tells(lead: str, said: str, old: str) -> None:
    plan = _dream(lead, said)
    assert [f for f in plan.writes if f != "MEMORY.md"] == ["project_tool.md"]
    body = parse_topic(plan.writes["project_tool.md"]).body
    assert body.startswith(said.split(",")[0])
    back = said.split(" back ")[1].split()[1].rstrip(".,")
    assert f"Switched back from {old} to {back} on 2026-07-06; previously {old}." in body
    assert [d.action for d in plan.decisions if d.file == "project_tool.md"] == ["superseded"]


@pytest.mark.parametrize(
    ("lead", "said", "old", "new"),
    [
        # a tool dropped and the new one named: was a second memory beside the first
        ("We use Sentry for error tracking.", "We dropped Sentry, errors go to Datadog now.",
         "Sentry", "Datadog"),
        ("We use npm for installs.", "We're back to using pnpm.", "npm", "pnpm"),
        # any tool dropped, not only one the engine knows the kind of; the new name whole
        # before "and" (it read "Vites")
        ("We use Redux for state management.", "We dropped Redux, we use Zustand now.",
         "Redux", "Zustand"),
        ("We use Jest for unit tests.", "We stopped using Jest; we use Vitest and Playwright now.",
         "Jest", "Vitest"),
    ],
)
def test_a_tool_dropped_or_gone_back_to_switches_the_entry(
    lead: str, said: str, old: str, new: str
) -> None:
    plan = _dream(lead, said)
    assert [f for f in plan.writes if f != "MEMORY.md"] == ["project_tool.md"]
    body = parse_topic(plan.writes["project_tool.md"]).body
    assert body.startswith(lead.replace(old, new))
    assert f"previously {old}." in body


@pytest.mark.parametrize("said", ["We're back on track.", "We're back on schedule for the release.",
                                  "I'm back on the auth bug today."])
def test_being_back_on_something_that_is_no_tool_is_no_switch(said: str) -> None:
    assert all(c.kind != "switch" for c in gather(human(said)).candidates)


@pytest.mark.parametrize(
    ("lead", "said"),
    [
        # the switch the entry tells, told again: it was rewritten in the new words with a
        # history line dating the old switch to the day it was told again
        ("We switched from npm to pnpm.", "It's pnpm, not npm."),
        ("We moved CI from Jenkins to GitHub Actions.", "We switched CI from Jenkins to GitHub "
                                                        "Actions."),
        ("We moved the API from AWS Lambda to Google Cloud Run.",
         "We moved the API to Google Cloud Run."),
    ],
)
def test_a_switch_the_entry_tells_said_again_is_confirmed(lead: str, said: str) -> None:
    plan = _dream(lead, said)
    assert "project_tool.md" not in plan.writes
    assert [d.action for d in plan.decisions if d.file == "project_tool.md"] == ["confirmed"]


@pytest.mark.parametrize(
    ("lead", "said"),
    [
        # a switch the entry says has not happened is no state to move back from
        ("We haven't moved from MySQL to Postgres yet.", "We switched from MySQL to Postgres."),
        # another thing moved the same way
        ("We moved the runbook from Notion to Confluence.", "We moved the design docs back to "
                                                            "Notion."),
    ],
)
def test_a_switch_the_entry_does_not_tell_as_done_of_the_same_thing_is_not_undone(
    lead: str, said: str
) -> None:
    plan = _dream(lead, said)
    body = parse_topic(plan.writes["project_tool.md"]).body if (
        "project_tool.md" in plan.writes) else lead
    if "haven't" in lead:
        assert body.startswith(said)  # the switch now made, not "confirmed" by the plan of it
    else:
        assert body.startswith(lead)


@pytest.mark.parametrize(
    ("lead", "said", "now", "old"),
    [
        # the lead's reason was told of the new choice: with the names swapped it read "black
        # keeps reflowing the aligned tables ..., so we're going back to Ruff format"
        ("Ruff format keeps reflowing the aligned tables in our tests, so we're going back to "
         "black. Please use black again, not ruff format.",
         "Please use ruff format again, not black.", "Use ruff format again, not black.",
         "black"),
        ("Ruff format keeps reflowing the aligned tables in our tests, so we're going back to "
         "black.", "Please use ruff format again, not black.",
         "Use ruff format again, not black.", "black"),
        # ... "Use uv for packaging; uv was too immature when we tried it"
        ("Use Poetry for packaging; uv was too immature when we tried it.",
         "We switched from Poetry to uv.", "We switched from Poetry to uv.", "Poetry"),
        ("We use npm; yarn kept breaking the lockfile.", "We switched from npm to yarn.",
         "We switched from npm to yarn.", "npm"),
    ],
)
def test_a_switch_keeps_what_the_lead_said_of_the_new_choice_as_history(
        lead: str, said: str, now: str, old: str) -> None:
    plan = _dream(lead, said)
    assert [f for f in plan.writes if f != "MEMORY.md"] == ["project_tool.md"]
    body = parse_topic(plan.writes["project_tool.md"]).body
    assert body.startswith(now + "\n")
    (line,) = [ln for ln in body.splitlines() if ln.startswith("Switched")]
    assert line.endswith(f"; previously {old} ({lead.rstrip('.')}).")


@pytest.mark.parametrize(
    ("lead", "said", "now"),
    [
        # a clause of another thing, or one setting the new choice aside, is put in place
        ("We use Jenkins for builds and GitHub Actions for linting.",
         "We moved builds from Jenkins to GitHub Actions.",
         "We use GitHub Actions for builds and GitHub Actions for linting."),
        ("We use Jenkins for builds and GitHub Actions for linting.",
         "We moved from Jenkins to GitHub Actions.",
         "We use GitHub Actions for builds and GitHub Actions for linting."),
        ("We lint with ruff; black formats the code.", "We switched from black to ruff.",
         "We lint with ruff; ruff formats the code."),
        ("We use pnpm, not npm or yarn.", "We switched from pnpm to yarn.",
         "We use yarn, not npm or pnpm."),
        ("Use black, not ruff format.", "Please use ruff format again, not black.",
         "Use ruff format, not black."),
    ],
)
def test_a_switch_still_puts_the_new_choice_in_place(lead: str, said: str, now: str) -> None:
    plan = _dream(lead, said)
    body = parse_topic(plan.writes["project_tool.md"]).body
    assert body.startswith(now + "\n")


def test_a_switch_back_under_way_from_today_ends_the_entry() -> None:
    # "We're switching ..., starting today" made nothing: the memory kept saying to use black
    files = {"project_tool.md": topic("Formatter: black instead of ruff format", (
        "Ruff format keeps reflowing the aligned tables in our tests, so we're going back to "
        "black.\n\nSwitched back from ruff format to black on 2026-07-01; previously ruff "
        "format."))}
    said = ("We're switching the formatter to ruff format again, starting today; the table "
            "issue is fixed upstream.")
    plan = plan_dream(files, "- [Formatter](project_tool.md) — formatter\n",
                      gather(human(said)).candidates, now=NOW)
    (name,) = [f for f in plan.writes if f != "MEMORY.md"]
    body = parse_topic(plan.writes[name]).body
    assert body.startswith("We switched the formatter to ruff format again; the table issue is "
                           "fixed upstream.\n")
    assert ("switched from black to ruff format on 2026-07-06; previously black (ruff format "
            "keeps reflowing the aligned tables in our tests, so we're going back to black)."
            in body.lower())


@pytest.mark.parametrize(
    ("lead", "said"),
    [
        # a rule turned round with "stay" is no restatement ("stay" is "keep" only of a limit)
        ("Keep the staging DB running overnight.", "The staging DB should stay down overnight."),
        ("Keep the new-checkout flag on in staging.",
         "The new-checkout flag should stay off in staging."),
    ],
)
def test_a_rule_turned_round_with_stay_replaces_the_rule(lead: str, said: str) -> None:
    files = {"feedback_rule.md": topic("Rule", lead, type_="feedback")}
    plan = plan_dream(files, "- [Rule](feedback_rule.md) — rule\n",
                      gather(human(said, day=3)).candidates, now=NOW)
    assert "confirmed" not in [d.action for d in plan.decisions]
    assert parse_topic(plan.writes["feedback_rule.md"]).body.startswith(said)


@pytest.mark.parametrize(
    ("lead", "said"),
    [
        # a platform no longer supported is no tool switched: each was 'Switched from Android
        # to iOS', 'Use iOS for iOS', the entry left current beside it
        ("The app supports Android and iOS.", "We dropped Android, the app is on iOS only."),
        ("The app supports IE11, Chrome and Firefox.",
         "We dropped IE11, the app is on Chrome and Firefox only."),
    ],
)
def test_what_reads_like_a_switch_but_is_not_one_never_confirms_or_switches(
    lead: str, said: str
) -> None:
    plan = _dream(lead, said)
    assert not any(d.action == "confirmed" for d in plan.decisions)
    assert not any("Switched" in t for t in plan.writes.values())


_MEANT = ("I want to switch our task queue from Celery to Dramatiq. Celery's config is driving "
          "me nuts.")
_UNDONE = ("Dramatiq was a mistake. We're going back to Celery, please revert the "
           "settlement-import port.")


@pytest.mark.parametrize("remembered", [True, False])
@pytest.mark.parametrize(
    ("back", "now"),
    [
        (_UNDONE, "Our task queue is Celery."),
        ("We went back to Celery.", "Our task queue is Celery."),
    ],
)
def test_a_move_back_ends_the_switch_the_person_meant_to_make(
    remembered: bool, back: str, now: str
) -> None:
    """"I want to switch ... from Celery to Dramatiq", then "We're going back to Celery": the
    intention was carried out and undone. It was "confirmed", the memory still saying the user
    wants to switch to Dramatiq."""
    if remembered:
        files = {"project_queue.md": topic(
            "Task queue", "The user wants to switch our task queue from Celery to Dramatiq.")}
        index: str | None = "- [Task queue](project_queue.md) — queue\n"
        said = gather(human(back, day=4, session="s4")).candidates
    else:
        files, index = {}, None
        said = gather(human(_MEANT, session="s0"), human(back, day=4, session="s4")).candidates
    plan = plan_dream(files, index, said, now=NOW)
    assert "confirmed" not in [d.action for d in plan.decisions]
    (name,) = [f for f in plan.writes if f != "MEMORY.md"]
    body = parse_topic(plan.writes[name]).body
    assert body.startswith(now + "\n")
    assert ("Switched back from Dramatiq to Celery on 2026-07-10; previously Dramatiq (The "
            "user wants to switch our task queue from Celery to Dramatiq)." in body)
    assert "Use Celery; Dramatiq is no longer current" in body


@pytest.mark.parametrize(
    ("lead", "said"),
    [
        # the entry says a move meant, never made or undone: it stays as it was
        ("The user wants to switch our task queue from Celery to Dramatiq.",
         "We moved to Celery."),
        ("The user doesn't want to switch our task queue from Celery to Dramatiq.",
         "We went back to Celery."),
    ],
)
def test_a_meant_switch_is_undone_only_by_a_move_back(lead: str, said: str) -> None:
    plan = _dream(lead, said)
    assert not any("Dramatiq is no longer current" in t for t in plan.writes.values())


@pytest.mark.parametrize(
    ("said", "old"),
    [
        ("We don't use poetry anymore, we moved to uv in September.", "poetry"),
        ("We're not using Jenkins anymore; CI moved to GitHub Actions.", "Jenkins"),
    ],
)
def test_a_tool_no_longer_used_is_what_the_move_was_from(said: str, old: str) -> None:
    (cand,) = candidates(said)
    assert (cand.kind, cand.old) == ("switch", old)


@pytest.mark.parametrize(
    "said",
    [
        "We don't use poetry anymore, we moved to uv in September.",
        "We moved to uv in September, we don't use poetry anymore.",
        # "it" is no tool: the move is read as before, its "from" found in the entry (it made
        # a rule "We don't use it anymore, we moved to uv" beside the poetry entry)
        "We don't use it anymore, we moved to uv.",
        "We moved to uv, we don't use that anymore.",
    ],
)
def test_a_tool_no_longer_used_ends_the_entry_of_it(said: str) -> None:
    """The switch found no entry to end beside a hand-written "managed with poetry" (the
    sentence names poetry, so it was no guess), and both stood as current."""
    plan = _dream("Dependencies are managed with poetry; add dependencies with `poetry add`.",
                  said)
    assert [f for f in plan.writes if f != "MEMORY.md"] == ["project_tool.md"]
    body = parse_topic(plan.writes["project_tool.md"]).body
    assert body.startswith("Dependencies are managed with uv.\n")
    assert "Use uv; poetry is no longer current" in body


@pytest.mark.parametrize(
    "said",
    [
        "actualy lets use npm again pnpm breaks on fly",
        "Let's use npm again, pnpm breaks on fly.",
    ],
)
def test_a_tool_used_again_switches_back_with_the_reason(said: str) -> None:
    """Terse and misspelt, it made no memory at all, and 'Use pnpm not npm' stayed current."""
    files = {"feedback_pkg.md": topic("Package manager", "Use pnpm not npm.", type_="feedback")}
    plan = plan_dream(files, "- [Package manager](feedback_pkg.md) — pkg\n",
                      gather(human(said, day=3)).candidates, now=NOW)
    assert [f for f in plan.writes if f != "MEMORY.md"] == ["feedback_pkg.md"]
    body = parse_topic(plan.writes["feedback_pkg.md"]).body
    assert body.startswith("Use npm not pnpm.\n")
    assert "Switched back from pnpm to npm on 2026-07-09; previously pnpm." in body
    assert "**Why:** Pnpm breaks on fly." in body
    assert "actualy" not in body


@pytest.mark.parametrize(
    ("said", "new", "old"),
    [
        ("We should use black again.", "black", None),
        ("Let's use npm again.", "npm", None),
        # what comes after names no tool left ("it" was faster)
        ("Please use pnpm again, it was faster.", "pnpm", None),
    ],
)
def test_a_tool_used_again_is_a_move_back(said: str, new: str, old: str | None) -> None:
    (cand,) = candidates(said)
    assert (cand.kind, cand.new, cand.old, cand.back) == ("switch", new, old, True)


@pytest.mark.parametrize(
    "said", ["Let's use the helper again here.", "Try again with npm.", "Run the tests again."])
def test_something_done_again_is_no_move_back(said: str) -> None:
    assert not [c for c in candidates(said) if c.kind == "switch"]


def _dream_pkg(said: str) -> DreamPlan:
    """A dream over one project entry, "We use pnpm.", and ``said`` three days after it."""
    files = {"project_pkg.md": topic("Package manager", "We use pnpm.")}
    return plan_dream(files, "- [Package manager](project_pkg.md) — pkg\n",
                      gather(human(said, day=3)).candidates, now=NOW)


@pytest.mark.parametrize(
    "said",
    [
        # (from two reviews: each turned "We use pnpm" into "We use npm", "do not suggest pnpm")
        "Let's use npm again for a quick test.",
        "Let's use npm again for the benchmark.",
        "Let's use npm again while I debug this.",
        "Let's use npm again so I can compare the lockfiles.",
        "Let's use npm again and rerun the build.",
        "Let's use npm again then rerun the tests.",
        "Let's use npm again this time.",
        "Let's use npm again this once.",
        "Let's use npm again just this once.",
        "Let's use npm again one more time.",
        "Let's use npm again real quick.",
        "Let's use npm again temporarily.",
        "Let's use npm again just for this install.",
        "Let's use npm again just for this build.",
        "Let's use npm again and see if it works.",
        "Let's use npm again just to check.",
        "Let's use npm again instead of pnpm for this one install.",
        "Please use npm again for the next command.",  # (made a feedback memory of it)
        "Switch back to npm for this install.",
        "Let's go back to npm for a quick test.",
        "Actually, use npm again for a quick test.",  # (a correction, as a feedback memory)
        "Actually, let's use npm again for the benchmark.",
        # ("for now" is as often the work in progress as a policy: "do not suggest pnpm" would
        # be too strong a memory of it)
        "Let's use npm again for now.",
        "Let's use npm again for the time being.",
        "Let's use npm again here.",
        # (from the eighteenth review: one build, run, deploy, job or test said by what it is
        # of, rewrote "We use pnpm" to npm)
        "ok lets use npm again for the release build",
        "Let's use npm again for the release build.",
        "Let's use npm again for the docker build job.",
        "Let's use npm again for the nightly deploy.",
        "Let's use npm again for the e2e test.",
        "Let's use npm again for the migration script.",
        "Go back to npm for the release build.",
    ],
)
def test_a_tool_used_again_for_one_action_leaves_the_entry_alone(said: str) -> None:
    assert _dream_pkg(said).writes == {}


@pytest.mark.parametrize(
    ("said", "why"),
    [
        # (from two reviews: each was lost, and "We use pnpm" stayed current)
        ("Let's use npm again now that pnpm broke our lockfile.", "Pnpm broke our lockfile."),
        ("Let's use npm again now, pnpm is too flaky.", "Pnpm is too flaky."),
        ("Let's use npm again on this project.", None),
        ("Let's use npm again on this codebase.", None),
        ("Let's use npm again with this monorepo.", None),
        ("Let's use npm again to keep things simple.", None),
        ("Let's use npm again to be safe.", None),
        ("Let's use npm again for the rest of the project.", None),
        ("Use npm again from now on.", None),
        ("Go back to npm from now on.", None),
        ("Let's just use npm again.", None),  # (dropped as the task at hand)
        ("Fine, let's use npm again.", None),
        ("Yeah, let's use npm again.", None),
        ("Alright, let's use npm again.", None),
        ("I think we should use npm again.", None),
        # (and what already was one)
        ("Let's use npm again for everything.", None),
        ("Let's use npm again for this repo.", None),
        ("Let's use npm again going forward.", None),
        ("Let's use npm again for the frontend.", None),
        ("Let's use npm again for the whole monorepo.", None),
        ("Let's use npm again for the CI pipeline.", None),
        ("Let's use npm again.", None),
    ],
)
def test_a_tool_used_again_for_good_rewrites_the_entry(said: str, why: str | None) -> None:
    plan = _dream_pkg(said)
    assert [f for f in plan.writes if f != "MEMORY.md"] == ["project_pkg.md"]
    body = parse_topic(plan.writes["project_pkg.md"]).body
    assert body.startswith("We use npm.\n")
    assert "Switched back from pnpm to npm on 2026-07-09; previously pnpm." in body
    assert "pnpm is no longer current, so do not suggest it" in body
    if why is not None:
        assert f"**Why:** {why}" in body


@pytest.mark.parametrize(
    ("said", "told"),
    [
        # told done, a day is when it was done, not a time for once
        ("We reverted to npm today.", "We reverted to npm on 2026-07-09."),
        ("We went back to npm here.", "We went back to npm here."),
    ],
)
def test_a_move_back_told_done_is_still_one(said: str, told: str) -> None:
    (cand,) = gather(human(said, day=3)).candidates
    assert (cand.kind, cand.text, cand.new, cand.back) == ("switch", told, "npm", True)


@pytest.mark.parametrize(
    ("said", "new"),
    [
        # (from a month-of-use review: a fast typist's short switch-backs were lost)
        ("Back to GitHub Actions, please.", "GitHub Actions"),
        ("Back to golang-migrate, please.", "golang-migrate"),
        ("Goose was a mistake. Back to golang-migrate, please.", "golang-migrate"),
        ("Ok, back to npm then.", "npm"),
    ],
)
def test_back_to_a_tool_is_a_move_back(said: str, new: str) -> None:
    cand = gather(human(said)).candidates[-1]
    assert (cand.kind, cand.text, cand.new, cand.back) == (
        "switch", f"Use {new} again.", new, True)


@pytest.mark.parametrize(
    "said", ["Back to work.", "Back to normal.", "Back to main.", "Back to the tests.",
             "Back to Monday.", "Back to square one.", "Back to you.", "Back to it.",
             "Back to PR-212."])
def test_back_to_what_is_no_tool_is_no_move_back(said: str) -> None:
    assert not [c for c in gather(human(said)).candidates if c.kind == "switch"]


def _dream_ci(lead: str, *said: str) -> DreamPlan:
    files = {"project_ci.md": topic("CI: buildkite instead of github actions", lead)}
    return plan_dream(files, "- [CI](project_ci.md) — ci\n",
                      gather(*(human(s, day=3 + i, session=f"s{i}")
                               for i, s in enumerate(said))).candidates, now=NOW)


def test_ci_moved_to_buildkite_goes_back_to_github_actions() -> None:
    """The review's CI entry stayed 'Use buildkite; github actions is no longer current'."""
    plan = _dream_ci(
        "We are moving CI from github actions to buildkite, thiago set up the pipeline in "
        ".buildkite/pipeline.yml.\n\nSwitched from github actions to buildkite on 2026-07-07; "
        "previously github actions.\n\n**Why:** Changed on 2026-07-07.\n**How to apply:** Use "
        "buildkite; github actions is no longer current, so do not suggest it.",
        "After release we stop using buildkite, too expensive says the CTO. Back to GitHub "
        "Actions. Keep the GitHub workflow files, don't delete them.",
        "Buildkite is off now, deleted .buildkite folder.")
    body = parse_topic(plan.writes["project_ci.md"]).body
    assert body.startswith("Use GitHub Actions again.\n")
    assert "Switched back from buildkite to github actions on 2026-07-09" in body
    assert "buildkite is no longer current, so do not suggest it" in body
    assert "github actions is no longer current" not in body


@pytest.mark.parametrize(
    ("lead", "said"),
    [
        # (a move under way, lower-case names: the move back was read as the entry restated)
        ("We are moving CI from github actions to buildkite.",
         "We switched back to GitHub Actions."),
        ("We are moving CI from github actions to buildkite.",
         "Back to GitHub Actions, please."),
    ],
)
def test_a_move_back_over_a_move_under_way_rewrites_it(lead: str, said: str) -> None:
    plan = _dream_ci(lead, said)
    body = parse_topic(plan.writes["project_ci.md"]).body
    assert "Switched back from buildkite to github actions on 2026-07-09; previously " \
           "buildkite." in body
    assert "github actions to github actions" not in body


def test_goose_was_a_mistake_back_to_golang_migrate() -> None:
    files = {"project_mig.md": topic("Migrations", "We switched from golang-migrate to goose.")}
    plan = plan_dream(files, "- [Migrations](project_mig.md) — mig\n", gather(human(
        "Goose was a mistake. Back to golang-migrate, please.", day=3)).candidates, now=NOW)
    body = parse_topic(plan.writes["project_mig.md"]).body
    assert body.startswith("Use golang-migrate again.\n")
    assert "Switched back from goose to golang-migrate on 2026-07-09; previously goose." in body


_TERRAFORM = ("Terraform changes go through Atlantis: `atlantis plan` runs on every PR, "
              "`atlantis apply` only after one approval from the platform team.")


@pytest.mark.parametrize(
    "said",
    [
        # (from a month-of-use review: saved nothing, the entry still said Atlantis)
        "Tooling change you need to know about: we've moved off Atlantis. As of this week "
        "Spacelift runs terraform plans on every PR and applies after approval, stacks per env. "
        "Atlantis is still running until we decommission it but nobody should use it.",
        "We moved from Atlantis to Spacelift.",
    ],
)
def test_a_move_off_a_tool_rewrites_the_entry_that_goes_through_it(said: str) -> None:
    plan = _dream_on({"project_terraform.md": _TERRAFORM}, said)
    assert [f for f in plan.writes if f != "MEMORY.md"] == ["project_terraform.md"]
    body = parse_topic(plan.writes["project_terraform.md"]).body
    assert body.startswith("Terraform changes go through Spacelift.\n")
    assert "Switched from Atlantis to Spacelift on 2026-07-09; previously Atlantis (`atlantis " \
           "plan` runs on every PR;" in body


@pytest.mark.parametrize(
    ("entry", "said"),
    [
        # (from a review: "We use Karen for CI.", "Terraform changes go through Platform.") a
        # person or a team taking the work over is no tool switched to
        ("We use Jenkins for CI.", "I moved off Jenkins, Karen handles the pipelines now."),
        (_TERRAFORM, "We've moved off Atlantis; Platform owns terraform from now on."),
    ],
)
def test_a_move_off_a_tool_to_a_person_or_team_leaves_the_entry(entry: str, said: str) -> None:
    plan = _dream_on({"project_terraform.md": entry}, said)
    if "project_terraform.md" in plan.writes:
        assert parse_topic(plan.writes["project_terraform.md"]).body.startswith(entry)
    assert all("Karen for" not in t and "through Platform" not in t for t in plan.writes.values())


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("We've moved off Atlantis. Spacelift runs our plans now.",
         "We've moved off Atlantis; Spacelift runs our plans now."),
        # what follows the move is of its own when it names no tool doing the work
        ("We've moved off Atlantis. Don't touch the old server.", "Don't touch the old server."),
    ],
)
def test_a_move_off_told_alone_takes_the_sentence_naming_what_replaced_it(
    said: str, kept: str
) -> None:
    assert [c.text for c in candidates(said)] == [kept]


@pytest.mark.parametrize(
    ("said", "lead", "how"),
    [
        # (from a user test) the switch back was for the sweeps alone, the main runs staying
        ("We go back to wandb, but only for the hyperparameter sweeps. Main training runs stay "
         "on mlflow.",
         "We go back to wandb, but only for the hyperparameter sweeps; main training runs stay "
         "on mlflow.",
         "Use wandb for the hyperparameter sweeps; mlflow is no longer current there, but still "
         "is elsewhere."),
        ("Switch to wandb just for the sweeps, the main runs remain on mlflow.",
         "Switch to wandb just for the sweeps, the main runs remain on mlflow.",
         "Use wandb for the sweeps; mlflow is no longer current there, but still is elsewhere."),
    ],
)
def test_a_switch_made_for_one_thing_alone_keeps_the_old_choice_current_elsewhere(
        said: str, lead: str, how: str) -> None:
    plan = _dream("We switched from wandb to mlflow on 2026-07-01.", said)
    body = parse_topic(plan.writes["project_tool.md"]).body
    assert body.startswith(lead + "\n")
    assert f"**How to apply:** {how}" in body
    assert "do not suggest" not in body


@pytest.mark.parametrize(
    "said",
    [
        # the whole switch back, and the old choice is gone
        "We go back to wandb.",
        # a sentence after a switch made everywhere is no part of it
        "We go back to wandb. Main training runs stay on the big nodes.",
    ],
)
def test_a_whole_switch_back_still_ends_the_old_choice(said: str) -> None:
    plan = _dream("We switched from wandb to mlflow on 2026-07-01.", said)
    body = parse_topic(next(t for f, t in plan.writes.items() if f != "MEMORY.md")).body
    assert body.startswith("We go back to wandb.\n")
    assert "**How to apply:** Use wandb; mlflow is no longer current, so do not suggest it." in body


@pytest.mark.parametrize(
    ("said", "how"),
    [
        # (from a month-of-use tester, a tech lead: "still is elsewhere" beside "Never SOPS
        # again") staging and prod together are everywhere, no limit
        ("We migrated payments to ESO in staging and prod today.",
         "Use ESO; the previous choice is no longer current, so do not suggest it."),
        ("We switched from SOPS to ESO in staging, dev and production.",
         "Use ESO; SOPS is no longer current, so do not suggest it."),
        ("We switched from SOPS to ESO in all environments.",
         "Use ESO; SOPS is no longer current, so do not suggest it."),
        # one place alone stays a limit
        ("We migrated payments to ESO in staging today.",
         "Use ESO for staging; the previous choice is no longer current there, but still is "
         "elsewhere."),
        ("We switched from SOPS to ESO in staging and dev.",
         "Use ESO for staging; SOPS is no longer current there, but still is elsewhere."),
    ],
)
def test_a_switch_in_every_environment_is_a_whole_switch(said: str, how: str) -> None:
    plan = plan_dream({}, "", gather(human(said, day=3)).candidates, now=NOW)
    body = parse_topic(next(t for f, t in plan.writes.items() if f != "MEMORY.md")).body
    assert f"**How to apply:** {how}" in body


@pytest.mark.parametrize(
    ("lead", "now", "history"),
    [
        # (from a month-of-use tester, an ML researcher: "We track experiments in mlflow,
        # project mei-cseg under entity okafor-lab", the project and entity being wandb's)
        ("We track experiments in wandb, project mei-cseg under entity okafor-lab.",
         "We track experiments in mlflow.",
         "Switched from wandb to mlflow on 2026-07-09; previously wandb (project mei-cseg under "
         "entity okafor-lab)."),
        ("We track experiments in wandb, project mei-cseg.", "We track experiments in mlflow.",
         "Switched from wandb to mlflow on 2026-07-09; previously wandb (project mei-cseg)."),
        # nothing of the old tool's own: the tool alone is put in place
        ("We track experiments in wandb.", "We track experiments in mlflow.",
         "Switched from wandb to mlflow on 2026-07-09; previously wandb."),
        ("We track experiments in wandb, for every run.",
         "We track experiments in mlflow, for every run.",
         "Switched from wandb to mlflow on 2026-07-09; previously wandb."),
    ],
)
def test_a_switch_leaves_what_named_the_old_tools_own_setup_in_the_history(
        lead: str, now: str, history: str) -> None:
    plan = _dream_on({"reference_track.md": lead}, "We are switching from wandb to mlflow.")
    body = parse_topic(plan.writes["reference_track.md"]).body
    assert body.startswith(now + "\n")
    assert history in body.splitlines()


@pytest.mark.parametrize(
    ("said", "lines"),
    [
        # (from a month-of-use tester) the switch back for the sweeps alone, over the entry a
        # whole switch rewrote: it was put in place as a whole switch back, the scope lost
        ("We go back to wandb, but only for the hyperparameter sweeps. Main training runs stay "
         "on mlflow.",
         ["We go back to wandb, but only for the hyperparameter sweeps; main training runs "
          "stay on mlflow.", "We track experiments in mlflow."]),
        # the whole switch back is put in place
        ("We go back to wandb.", ["We track experiments in wandb."]),
    ],
)
def test_a_switch_back_for_one_thing_alone_keeps_its_scope_and_the_statement_beside_it(
        said: str, lines: list[str]) -> None:
    files = {"reference_track.md": topic("Tracking", "We track experiments in mlflow.\n\n"
                                         "Switched from wandb to mlflow on 2026-07-01; "
                                         "previously wandb.", type_="reference")}
    plan = plan_dream(files, "- [Tracking](reference_track.md) — t\n",
                      gather(human(said, day=3)).candidates, now=NOW)
    written = [f for f in plan.writes if f != "MEMORY.md"]
    assert len(written) == 1
    body = parse_topic(plan.writes[written[0]]).body
    assert body.split("\n\n")[0].splitlines() == lines


@pytest.mark.parametrize("said", [
    "switch to yarn, but only for this PR",
    "switch to yarn for today",
])
@pytest.mark.parametrize("rule", [
    "Use pnpm, not npm.",
    "We use pnpm for package management.",
    "Always use pnpm for installing packages.",
])
def test_a_switch_for_this_pr_alone_leaves_the_standing_rule_as_it_was(said: str, rule: str
                                                                        ) -> None:
    files = {"feedback_pnpm.md": topic("Pnpm", rule, type_="feedback")}
    plan = plan_dream(files, "- [Pnpm](feedback_pnpm.md) — pnpm\n",
                      gather(human(said, day=7)).candidates, now=NOW)
    assert plan.writes == {} and plan.deletes == []


@pytest.mark.parametrize("said", [
    "forget it. we go back to wandb, but only for the hyperparameter sweeps. main training runs "
    "stay on mlflow",
    "We're going back to wandb.",
])
def test_a_move_back_to_a_tool_ends_the_older_rule_against_it(said: str) -> None:
    # the rule was read as the tool still current and the move back "confirmed" it: memory
    # told the agent never to use what the person had gone back to
    files = {"feedback_stop-logging-wandb.md": topic("Stop logging to wandb",
                                                     "Stop logging to wandb.", type_="feedback")}
    plan = plan_dream(files, None, gather(human(said, day=3)).candidates, now=NOW)
    assert plan.deletes == ["feedback_stop-logging-wandb.md"]
    (kept,) = [t for f, t in plan.writes.items() if f != "MEMORY.md"]
    topic_ = parse_topic(kept)
    assert "back to wandb" in topic_.body.splitlines()[0]
    assert "Updated on 2026-07-09; previously: Stop logging to wandb." in topic_.body
    assert topic_.extra["supersedes"] == ["feedback_stop-logging-wandb.md"]


@pytest.mark.parametrize("rule", [
    # near misses: a rule naming more than the tool, or another tool
    "Don't move the main runs back to wandb.",
    "Stop logging to mlflow.",
])
def test_a_move_back_leaves_a_rule_of_more_than_the_tool(rule: str) -> None:
    files = {"feedback_rule.md": topic("Rule", rule, type_="feedback")}
    plan = plan_dream(files, None, gather(human("We're going back to wandb.", day=3)).candidates,
                      now=NOW)
    assert plan.deletes == []


@pytest.mark.parametrize(("rule", "said"), [
    # a rule on how to touch a place is no ban on it as a tool
    ("Don't push to main.", "We're moving back to main as the default branch."),
    ("Stop writing to S3.", "We went back to S3 for the nightly artifacts."),
    # a move back for one part narrows a standing ban at most
    ("Never use npm.", "Go back to npm for the docs site, but keep pnpm everywhere else."),
    ("Never use npm.", "We go back to npm, but only for the docs site."),
    ("Don't use wandb.", "We go back to wandb, but only for the hyperparameter sweeps."),
])
def test_a_move_back_leaves_a_rule_on_how_to_touch_it_or_a_standing_ban_elsewhere(
        rule: str, said: str) -> None:
    # each was pruned: memory lost "Don't push to main" for a move of the default branch
    files = {"feedback_rule.md": topic("Rule", rule, type_="feedback")}
    plan = plan_dream(files, None, gather(human(said, day=3)).candidates, now=NOW)
    assert plan.deletes == [] and "feedback_rule.md" not in plan.writes
    (kept,) = [t for f, t in plan.writes.items() if f != "MEMORY.md"]
    assert "previously" not in parse_topic(kept).body


@pytest.mark.parametrize(("rule", "said"), [
    # near misses: a ban on using the tool, ended by a move back to it for everything
    ("Never use npm.", "We're going back to npm."),
    ("Stop using S3.", "We went back to S3."),
    ("Don't use wandb.", "We go back to wandb."),
])
def test_a_move_back_for_everything_ends_a_ban_on_using_the_tool(rule: str, said: str) -> None:
    files = {"feedback_rule.md": topic("Rule", rule, type_="feedback")}
    plan = plan_dream(files, None, gather(human(said, day=3)).candidates, now=NOW)
    assert plan.deletes == ["feedback_rule.md"]


def _banned_then(said: str) -> tuple[dict[str, str], DreamPlan]:
    """A ban and what to use instead, said in one message and dreamed over; ``said`` three
    days later, dreamed over."""
    first = plan_dream({}, None, gather(human(
        "Never use wandb. Use mlflow for experiment tracking instead.")).candidates,
        now=T0 + timedelta(hours=1))
    return first.writes, plan_dream(dict(first.writes), first.index,
                                    gather(human(said, day=3)).candidates, now=NOW)


def test_a_move_back_ends_the_rule_given_with_the_ban_of_what_to_use_instead() -> None:
    # 'Use mlflow for experiment tracking instead' was kept as a current rule beside
    # 'Switched to wandb'
    before, plan = _banned_then("We go back to wandb.")
    assert sorted(plan.deletes) == sorted(f for f in before if f != "MEMORY.md")
    (kept,) = [t for f, t in plan.writes.items() if f != "MEMORY.md"]
    body = parse_topic(kept).body
    assert body.startswith("We go back to wandb.\n")
    assert ("Updated on 2026-07-09; previously: Use mlflow for experiment tracking instead."
            in body.splitlines())
    assert "mlflow" not in plan.index
    assert [d.action for d in plan.decisions if "mlflow" in (d.file or "")] == ["pruned"]


def test_a_move_back_for_one_part_keeps_the_rule_of_what_to_use_elsewhere() -> None:
    before, plan = _banned_then("We go back to wandb, but only for the hyperparameter sweeps.")
    instead = [f for f in before if "mlflow" in f]
    assert instead and not set(instead) & set(plan.deletes)


def test_a_move_back_keeps_the_rule_of_what_to_use_in_place_of_another_banned_tool() -> None:
    # 'Use polars for dataframes instead', said with 'Never use pandas' in the session that
    # banned wandb, was pruned by 'We go back to wandb.' (and so was the mlflow rule: which
    # "instead" is whose, one session cannot tell)
    first = plan_dream({}, None, gather(human(
        "Never use wandb. Use mlflow for experiment tracking instead. Never use pandas. Use "
        "polars for dataframes instead.")).candidates, now=T0 + timedelta(hours=1))
    plan = plan_dream(dict(first.writes), first.index,
                      gather(human("We go back to wandb.", day=3)).candidates, now=NOW)
    assert [f for f in plan.deletes if "polars" in f or "pandas" in f] == []
    assert "polars" in plan.index and "pandas" in plan.index


_SWITCHED = "We switched from wandb to mlflow on 2026-07-01."


@pytest.mark.parametrize("rule", [
    # the "no longer" of a second sentence is of the dashboards, not of wandb (it made the
    # rule a whole ban, pruned by the move back)
    "Never log to wandb from the CI runners. The old dashboards are no longer maintained.",
    "Never log to wandb from the CI runners. The old dashboards are kept elsewhere.",
    "Never log to wandb from the CI runners, the old dashboards are no longer maintained.",
])
def test_a_move_back_keeps_a_ban_on_one_place_whatever_its_next_sentence_says(
        rule: str) -> None:
    plan = _dream_on({"project_tool.md": _SWITCHED, "feedback_wandb-ci.md": rule},
                     "We go back to wandb.")
    assert plan.deletes == [] and "feedback_wandb-ci.md" not in plan.writes
    assert not any(d.file == "feedback_wandb-ci.md" for d in plan.decisions
                   if d.action != "kept")
    assert parse_topic(plan.writes["project_tool.md"]).body.startswith("We go back to wandb.\n")


@pytest.mark.parametrize("rule", [
    # a ban said whole in its first sentence, a reason after: the move back ends it
    "Stop logging to wandb. We no longer pay for the team plan.",
    "Don't run flake8 anymore. Ruff does it all.",
    "Never use wandb. The dashboards are kept elsewhere.",
])
def test_a_move_back_ends_a_ban_said_whole_in_its_first_sentence(rule: str) -> None:
    tool = "flake8" if "flake8" in rule else "wandb"
    plan = _dream_on({"feedback_rule.md": rule}, f"We're going back to {tool}.")
    assert plan.deletes == ["feedback_rule.md"]


def test_a_move_back_for_one_part_keeps_the_old_choice_elsewhere_in_how_to_apply() -> None:
    # it said "the previous choice is no longer current, so do not suggest it": pnpm, kept
    # everywhere else
    plan = plan_dream({}, None, gather(human(
        "Go back to npm for the docs site, but keep pnpm everywhere else.", day=3)).candidates,
        now=NOW)
    (kept,) = [t for f, t in plan.writes.items() if f != "MEMORY.md"]
    assert ("**How to apply:** Use npm for the docs site; the previous choice is no longer "
            "current there, but still is elsewhere.") in parse_topic(kept).body


_FORWARD = ["Switched to ruff from flake8 on 2026-07-06.", "We switched from flake8 to ruff.",
            "We replaced flake8 with ruff."]


@pytest.mark.parametrize("lead", _FORWARD)
@pytest.mark.parametrize("said", [
    "Switching back to flake8, ruff clashes with our pre-commit hooks.",
    "We switched back to flake8, ruff clashes with our pre-commit hooks.",
    "We're switching back to flake8 for now, ruff clashes with our pre-commit hooks.",
    "We went back to flake8.",
    "We're going back to flake8.",
    "We're moving back to flake8.",
    "We moved back to flake8.",
    "Back to flake8 from ruff, it clashes with our pre-commit hooks.",
    "We use flake8 again instead of ruff.",
])
def test_a_move_back_never_confirms_the_entry_for_the_move_away(lead: str, said: str) -> None:
    """A move back to flake8 names the same two tools as "Switched to ruff from flake8": read
    as the same news, it confirmed the ruff entry (the rule inverted, and restated). It
    supersedes it, "for now" or not."""
    plan = _dream(lead, said)
    assert [d.action for d in plan.decisions if d.file == "project_tool.md"] == ["superseded"]
    body = parse_topic(plan.writes["project_tool.md"]).body
    assert "Use flake8; ruff is no longer current" in body


@pytest.mark.parametrize("lead", _FORWARD)
@pytest.mark.parametrize("said", [
    "We switched to ruff from flake8.",
    "We use ruff now, not flake8.",
])
def test_the_move_away_said_again_confirms_its_entry(lead: str, said: str) -> None:
    """The near miss: the forward switch told again, in either order, is the entry said again."""
    plan = _dream(lead, said)
    assert [d.action for d in plan.decisions if d.action != "kept"] == ["confirmed"]
    assert set(plan.writes) <= {"project_tool.md"} and not plan.deletes
    if plan.writes:
        assert parse_topic(plan.writes["project_tool.md"]).body.startswith(lead)


def test_a_move_back_ends_the_rule_made_with_the_move_away() -> None:
    """"Don't run flake8 anymore, ruff check and ruff format" was said with the move to ruff;
    kept beside the move back, it told the agent never to run the linter now used."""
    files = {"project_tool.md": topic("Tool", "Switched to ruff from flake8 on 2026-07-06."),
             "feedback_flake8.md": topic(
                 "Flake8", "Don't run flake8 anymore, ruff check and ruff format.",
                 type_="feedback")}
    plan = plan_dream(files, None, candidates(
        "We're switching back to flake8 for now, ruff clashes with our pre-commit hooks."),
        now=NOW)
    assert plan.deletes == ["feedback_flake8.md"]


@pytest.mark.parametrize("said", [
    "Switch back to flake8 for now.",
    "Let's go back to flake8 for now.",
])
def test_a_move_back_asked_for_now_is_still_the_work_at_hand(said: str) -> None:
    assert candidates(said) == []
