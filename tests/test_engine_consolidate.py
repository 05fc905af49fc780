"""Consolidate and prune: merge instead of duplicating, supersede with a dated note, prune,
index within limits, and the same inputs always give the same bytes."""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, time, timedelta

import pytest

from autodream.engine import EngineOptions, ProjectFacts, build_facts, plan_dream
from autodream.engine.dream import DreamPlan
from autodream.engine.entries import parse_entry
from autodream.engine.replacement import different_subjects, names_another_subject
from autodream.memory.model import parse_index, parse_topic
from autodream.transcripts.model import Message
from tests.engine_helpers import NOW, T0, gather, human, topic


def _plan(files: dict[str, str], index: str | None, *msgs, **kw):  # type: ignore[no-untyped-def]
    return plan_dream(files, index, gather(*msgs).candidates, now=kw.pop("now", NOW), **kw)


def test_preference_stated_in_two_sessions_becomes_one_entry_with_both_sources() -> None:
    plan = _plan({}, None,
                 human("Always use pnpm for installs.", session="a", day=0),
                 human("always use pnpm for installs", session="b", day=3))
    (path,) = plan.writes
    assert path.startswith("feedback_")
    t = parse_topic(plan.writes[path])
    assert t.extra["sources"] == ["2026-07-06 a", "2026-07-09 b"]
    assert "**Why:**" in t.body and "**How to apply:**" in t.body
    assert "sources" not in t.body  # provenance lives in the frontmatter


def test_candidate_matching_an_existing_entry_updates_it_instead_of_duplicating() -> None:
    files = {"feedback_pnpm.md": topic("Use pnpm", "Always use pnpm for installs.",
                                       type_="feedback")}
    plan = _plan(files, "- [Use pnpm](feedback_pnpm.md) — pnpm\n",
                 human("Always use pnpm for installs, never npm.", session="c"))
    assert list(plan.writes) == ["feedback_pnpm.md"]
    assert "never npm" in plan.writes["feedback_pnpm.md"]
    assert any(d.action == "updated" for d in plan.decisions)


def test_near_duplicate_existing_entries_are_merged() -> None:
    files = {
        "feedback_tests.md": topic("Run tests with pytest", "Run the tests with pytest -q.",
                                   type_="feedback"),
        "feedback_tests_2.md": topic("Run tests with pytest -q", "Run tests with pytest -q.",
                                     type_="feedback"),
    }
    plan = _plan(files, None)
    assert plan.deletes == ["feedback_tests_2.md"]
    assert len(parse_index(plan.index, frozenset()).entries) == 1
    assert any(d.action == "merged" for d in plan.decisions)


def test_switch_and_switch_back_rewrite_the_entry_with_dated_history() -> None:
    files = {"project_tracker.md": topic("Issue tracker", "We track issues in Linear.")}
    index = "- [Issue tracker](project_tracker.md) — Linear\n"
    plan = _plan(files, index,
                 human("We switched from Linear to Jira for tickets.", session="a", day=2))
    text = plan.writes["project_tracker.md"]
    t = parse_topic(text)
    assert t.body.startswith("We track issues in Jira.")
    assert "Switched from Linear to Jira on 2026-07-08; previously Linear." in t.body
    assert "issues in Linear" not in t.body

    again = plan_dream(
        {"project_tracker.md": text}, plan.index,
        gather(human("We moved back to Linear.", session="b", day=9)).candidates, now=NOW)
    body = parse_topic(again.writes["project_tracker.md"]).body
    assert body.startswith("We track issues in Linear.")
    assert "Switched back from Jira to Linear on 2026-07-15; previously Jira." in body
    assert [d.action for d in again.decisions if d.action == "superseded"] == ["superseded"]


def test_newer_contradicting_statement_supersedes_an_older_one() -> None:
    plan = _plan({}, None,
                 human("We deploy the api with Helm charts.", session="a", day=0),
                 human("We deploy the api with Kustomize charts.", session="b", day=4))
    (text,) = plan.writes.values()
    body = parse_topic(text).body
    assert body.startswith("We deploy the api with Kustomize charts.")
    assert "Changed from Helm to Kustomize on 2026-07-10; previously Helm." in body


def test_past_plan_in_existing_memory_is_dated_then_told_as_past() -> None:
    files = {"project_release.md": topic(
        "Release", "The release is next Friday.",
        extra="sources:\n- session: old\n  date: '2026-07-06'\n")}
    plan = _plan(files, None)
    body = parse_topic(plan.writes["project_release.md"]).body
    assert "The release was on 2026-07-10." in body
    assert {d.action for d in plan.decisions} >= {"dated", "past"}


@pytest.mark.parametrize(
    ("today", "title"),
    [
        (date(2026, 7, 9), "The release is on 2026-07-10"),  # still upcoming: present tense
        (date(2026, 7, 11), "The release was on 2026-07-10"),  # passed: retold
    ],
)
def test_a_plans_title_is_retold_only_once_its_date_has_passed(today: date, title: str) -> None:
    # The first statement's Friday has passed by the second one, which moves the release.
    plan = _plan({}, None,
                 human("The release is next Friday.", session="a", day=-14),
                 human("The release is next Friday.", session="b", day=0),
                 now=datetime.combine(today, time(9), tzinfo=UTC))
    (text,) = plan.writes.values()
    topic_file = parse_topic(text)
    assert topic_file.name == title
    assert f"[{title}]" in plan.index
    assert topic_file.body.startswith(title + ".")
    assert ("2026-07-10 has passed" in topic_file.body) == (today > date(2026, 7, 10))
    assert "The release was on 2026-06-26." in topic_file.body  # the older plan, as history


def test_undated_relative_date_uses_the_fallback_day_and_says_so() -> None:
    files = {"project_demo.md": topic("Demo", "The demo is tomorrow.")}
    plan = _plan(files, None, fallback_day=T0.date(), now=T0)
    assert "The demo is on 2026-07-07." in plan.writes["project_demo.md"]
    assert any("assumed" in d.reason for d in plan.decisions if d.action == "dated")


def test_entry_restating_the_project_files_is_pruned() -> None:
    facts = build_facts({
        "pyproject.toml": '[project]\nname = "x"\ndependencies = ["fastapi>=0.110"]\n',
        "Makefile": "test:\n\tpytest\n",
    })
    files = {
        "project_stack.md": topic("Stack", "The service uses FastAPI."),
        "project_tests.md": topic("Tests", "Run `make test` to run the tests."),
        "feedback_fastapi.md": topic("FastAPI", "Always use FastAPI, never Flask.",
                                     type_="feedback"),
    }
    plan = _plan(files, None, facts=facts)
    assert sorted(plan.deletes) == ["project_stack.md", "project_tests.md"]
    assert "feedback_fastapi.md" in plan.index


def test_candidate_restating_the_project_is_not_saved() -> None:
    from autodream.engine import Gatherer
    g = Gatherer(facts=ProjectFacts(dependencies={"fastapi"}))
    g.add(human("Remember that we use FastAPI."))
    assert g.candidates == [] and "dependency" in g.decisions[0].reason


def test_index_is_grouped_by_type_and_lines_are_short() -> None:
    plan = _plan({}, None,
                 human("Links to the runbook are at https://wiki.example.com/runbooks/api."),
                 human("We decided to keep a single Postgres database for all services."),
                 human("Never use print for logging in this " + "very " * 40 + "big codebase."),
                 human("I'm a backend engineer focused on payments."))
    lines = plan.index.splitlines()
    headers = [line for line in lines if line.startswith("## ")]
    assert headers == ["## User", "## Feedback", "## Project", "## Reference"]
    assert all(len(line) < 150 for line in lines)


def test_index_over_the_limits_leaves_the_lowest_ranked_entries_out_and_keeps_their_files(
) -> None:
    files = {f"project_fact_{i:03d}.md": topic(f"Fact {i:03d} about subsystem {i}",
                                               f"Subsystem {i} owns queue q{i}.")
             for i in range(260)}
    plan = _plan(files, None, options=EngineOptions(duplicate_similarity=0.99))
    assert plan.index.count("\n") <= 200
    assert len(plan.index.encode()) <= 25_000
    kept = parse_index(plan.index, frozenset()).entries
    unindexed = [d.file for d in plan.decisions if d.action == "unindexed"]
    assert len(unindexed) == 260 - len(kept) > 0
    assert all("file kept" in d.reason for d in plan.decisions if d.action == "unindexed")
    assert plan.deletes == [] and plan.writes == {}  # nothing deleted to make room
    assert {e.file for e in kept}.isdisjoint(unindexed)
    assert plan.index.splitlines()[-1].startswith(
        f"{len(unindexed)} more topic files in this folder are not listed here")

    small = _plan(files, None, options=EngineOptions(duplicate_similarity=0.99,
                                                     index_max_bytes=3_000))
    assert len(small.index.encode()) <= 3_000 and small.deletes == []


def test_over_the_byte_limit_hooks_shrink_before_entries_go() -> None:
    files = {f"project_fact_{i:03d}.md": topic(
        f"Fact {i:03d}", f"Subsystem {i} owns queue q{i}.",
        description=f"subsystem {i} owns queue q{i} " + "and a rather long explanation " * 4)
        for i in range(190)}
    plan = _plan(files, None, options=EngineOptions(duplicate_similarity=0.99))
    assert len(plan.index.encode()) <= 25_000
    assert len(parse_index(plan.index, frozenset()).entries) == 190 and plan.deletes == []
    assert any("shortened" in d.reason for d in plan.decisions)


def test_one_off_notes_are_left_out_first_when_over_the_limits() -> None:
    files = {f"project_note_{i:03d}.md": topic(
        f"Session note {i}", f"On 2026-05-{1 + i % 28:02d} the flaky test t_{i} was re-run.")
        for i in range(210)}
    files["feedback_squash.md"] = topic("Squash merges", "Always squash-merge pull requests.",
                                        type_="feedback")
    files["reference_grafana.md"] = topic("Latency dashboard", "Latency is on Grafana board x.",
                                          type_="reference")
    plan = _plan(files, None)
    assert "feedback_squash.md" in plan.index and "reference_grafana.md" in plan.index
    unindexed = [d.file for d in plan.decisions if d.action == "unindexed"]
    assert unindexed and all(p.startswith("project_note_") for p in unindexed)
    assert plan.deletes == []


@pytest.mark.parametrize(("name", "rule"), [
    ("Rerun flaky tests", "Rerun flaky tests before reporting a failure."),
    ("Flaky tests", "Never trust a green run of a flaky test."),
    ("Stack traces in bug reports", "Always include the stack trace in bug reports."),
])
def test_a_standing_rule_about_flaky_tests_or_debugging_is_no_one_off_note(
        name: str, rule: str) -> None:
    # each was ranked a one-off debugging note (for its "flaky", "rerun", "stack trace"), and
    # left out of the index before the session notes of its kind
    files = {f"project_note_{i:03d}.md": topic(
        f"Session note {i}", f"On 2026-05-{1 + i % 28:02d} the flaky test t_{i} was re-run.")
        for i in range(210)}
    files["feedback_rule.md"] = topic(name, rule, type_="feedback")
    plan = _plan(files, None)
    assert "feedback_rule.md" in plan.index
    unindexed = [d.file for d in plan.decisions if d.action == "unindexed"]
    assert unindexed and all(p.startswith("project_note_") for p in unindexed)


def test_broken_frontmatter_is_repaired_from_what_is_there() -> None:
    files = {"user_role.md": "---\nname: Role\ndescription: Sam, staff engineer\n---\n\n"
                             "Sam is a staff engineer on payments.\n",
             "loose.md": "Deploys go through the release train.\n"}
    index = ("## Project\n- [Release train](loose.md) — how deploys go\n"
             "- [Role](user_role.md) — Sam\n")
    plan = _plan(files, index)
    role = parse_topic(plan.writes["user_role.md"])  # no type: the file name says user
    assert (role.name, role.description, role.type) == ("Role", "Sam, staff engineer", "user")
    loose = parse_topic(plan.writes["loose.md"])
    assert (loose.name, loose.type) == ("Release train", "project")
    assert loose.body.startswith("Deploys go through the release train.")


_RUNBOOK_BODY = "\n---\n\nDeploys run from the release workflow.\n"


@pytest.mark.parametrize(
    ("frontmatter", "why"),
    [
        ("name: [broken\ndescription: The deploy runbook\ntype: reference",
         "cannot be read without guessing"),
        ('name: "Deploy runbook\ndescription: The deploy runbook\ntype: reference',
         "cannot be read without guessing"),
        ("name: Deploy runbook\ndescription: The deploy runbook",
         "names no memory type and neither its file name nor its MEMORY.md heading says one"),
        ("name: Deploy runbook\ndescription: The deploy runbook\ntype: runbook",
         "names no memory type"),
    ],
)
def test_a_frontmatter_that_reads_only_as_a_guess_is_left_as_it_is(
    frontmatter: str, why: str
) -> None:
    files = {"deploy.md": "---\n" + frontmatter + _RUNBOOK_BODY,
             "user_role.md": topic("Role", "Sam is a staff engineer.", type_="user")}
    index = ("- [Deploy runbook](deploy.md) — how deploys run\n"
             "- [Role](user_role.md) — Sam\n")
    said = human("We moved the deploys from the release workflow to Buildkite.")
    plan = _plan(files, index, said)
    assert "deploy.md" not in plan.writes and "deploy.md" not in plan.deletes
    assert plan.kept_files == ["deploy.md"]
    # its index line as it was: no "(broken" title, no hook made up from the file
    assert "- [Deploy runbook](deploy.md) — how deploys run\n" in plan.index
    (skipped,) = [d for d in plan.decisions if d.file == "deploy.md"]
    assert skipped.action == "skipped"
    assert why in skipped.reason and "left exactly as it is" in skipped.reason


def test_a_frontmatter_left_as_it_is_keeps_the_type_it_names_in_the_index() -> None:
    files = {"deploy.md": "---\nname: [broken\ndescription: x\ntype: reference" + _RUNBOOK_BODY}
    plan = _plan(files, "- [Deploy runbook](deploy.md) — how deploys run\n")
    assert plan.index == "## Reference\n- [Deploy runbook](deploy.md) — how deploys run\n"


@pytest.mark.parametrize(
    ("file", "index", "mtype"),
    [
        # a wrong type, but the file name says one
        ("reference_deploy.md", "- [Deploy runbook](reference_deploy.md) — x\n", "reference"),
        # ... or the heading it is under
        ("deploy.md", "## Reference\n- [Deploy runbook](deploy.md) — x\n", "reference"),
    ],
)
def test_a_frontmatter_with_no_type_takes_the_one_its_name_or_heading_says(
    file: str, index: str, mtype: str
) -> None:
    files = {file: "---\nname: Deploy runbook\ndescription: x\ntype: runbook" + _RUNBOOK_BODY}
    topic_file = parse_topic(_plan(files, index).writes[file])
    assert (topic_file.name, topic_file.type) == ("Deploy runbook", mtype)


def test_merges_and_prunes_stop_at_the_loss_budget() -> None:
    facts = build_facts({"pyproject.toml": '[project]\ndependencies = ["fastapi", "httpx"]\n'})
    files = {
        "project_web.md": topic("Web", "The service uses FastAPI."),
        "project_http.md": topic("HTTP", "The client uses httpx."),
        "user_role.md": topic("Role", "The user is on call every other week.", type_="user"),
        "feedback_tests.md": topic("Tests", "Never mock the database.", type_="feedback"),
    }
    index = "".join(f"- [{n}]({n}) — x\n" for n in sorted(files))
    guarded = _plan(files, index, facts=facts)
    assert len(guarded.deletes) == 1  # 1 of 4 prior entries may go silently, not 2
    assert any(d.action == "kept" and "at most 25%" in d.reason for d in guarded.decisions)
    free = _plan(files, index, facts=facts, options=EngineOptions(max_loss=None))
    assert sorted(free.deletes) == ["project_http.md", "project_web.md"]


def test_merges_are_declared_so_they_are_not_loss() -> None:
    same = "Deploy to staging with make deploy-staging; it needs the VPN."
    files = {f"project_deploy_{i}.md": topic(f"Staging deploys {i}", same) for i in range(3)}
    files["user_role.md"] = topic("Role", "The user is on call every other week.", type_="user")
    index = "".join(f"- [{n}]({n}) — x\n" for n in sorted(files))
    plan = _plan(files, index)
    assert sorted(plan.deletes) == ["project_deploy_1.md", "project_deploy_2.md"]
    kept = parse_topic(plan.writes["project_deploy_0.md"])
    assert kept.extra["merged_from"] == ["project_deploy_1.md", "project_deploy_2.md"]


def test_old_single_mention_falls_below_threshold_recent_or_repeated_does_not() -> None:
    # recency runs back from the newest thing said in the batch (200 days later here)
    later = human("Never commit directly to the release branch.", session="z", day=200)
    long_ago = NOW + timedelta(days=200)
    once = _plan({}, None, human("I prefer squash merges."), later, now=long_ago)
    assert not any("squash" in text for text in once.writes.values())
    assert any(d.action == "dropped" and "below threshold" in d.reason and "squash" in d.subject
               for d in once.decisions)
    twice = _plan({}, None, human("I prefer squash merges.", session="a"),
                  human("I prefer squash merges.", session="b", day=1),
                  human("I prefer squash merges.", session="c", day=2), later, now=long_ago)
    assert any("squash" in text for text in twice.writes.values())
    strict = _plan({}, None, human("I prefer squash merges."),
                   options=EngineOptions(threshold=0.95))
    assert strict.writes == {}


def test_same_inputs_same_bytes() -> None:
    msgs = [human("Always use pnpm.", session="a"), human("We switched from npm to pnpm.",
                                                         session="b", day=1),
            human("The launch is next month.", session="c", day=2)]
    files = {"project_x.md": topic("X", "The demo is next week.")}
    one = _plan(dict(files), None, *msgs, fallback_day=T0.date())
    two = _plan(dict(files), None, *msgs, fallback_day=T0.date())
    assert one.writes == two.writes and one.index == two.index and one.deletes == two.deletes
    assert [d.as_dict() for d in one.decisions] == [d.as_dict() for d in two.decisions]


def test_unchanged_memory_is_left_byte_for_byte() -> None:
    files = {"user_role.md": topic("Role", "The user is a data engineer.", type_="user")}
    first = _plan(files, None)
    assert first.writes == {}
    second = _plan(files, first.index)
    assert second.writes == {} and not second.index_changed


def test_rewording_with_no_single_replacement_names_the_old_statement() -> None:
    # "code" -> "never" is not a replacement: the words differ at two different places.
    files = {"testing.md": topic("Testing", "We write tests for all code.", type_="feedback",
                                 description="we write tests")}
    plan = _plan(files, "- [Testing](testing.md) — we write tests\n",
                 human("We never write tests.", session="a", day=1))
    body = parse_topic(plan.writes["testing.md"]).body
    assert body.startswith("We never write tests.")
    assert "Changed from" not in body
    assert "Updated on 2026-07-07; previously: We write tests for all code." in body
    (superseded,) = [d for d in plan.decisions if d.action == "superseded"]
    assert "We write tests for all code" in superseded.reason


def test_an_updated_history_line_stays_history_when_read_back() -> None:
    files = {"testing.md": topic("Testing", "We write tests for all code.", type_="feedback")}
    plan = _plan(files, None, human("We never write tests.", session="a", day=1))
    entry = parse_entry("testing.md", plan.writes["testing.md"])
    assert entry.statements == ["We never write tests."]
    assert entry.history == ["Updated on 2026-07-07; previously: We write tests for all code."]


def test_a_reworded_statement_within_one_dream_keeps_only_the_newest_with_history() -> None:
    plan = _plan({}, None,
                 human("We always deploy the api on Fridays after review.", session="a", day=0),
                 human("We never deploy the api on Fridays.", session="b", day=2))
    (text,) = plan.writes.values()
    entry = parse_entry("x.md", text)
    assert entry.statements == ["We never deploy the api on Fridays."]
    assert entry.history == [
        "Updated on 2026-07-08; previously: We always deploy the api on Fridays after review."]


def test_a_superseded_entry_drops_the_guidance_written_for_the_old_statement() -> None:
    files = {"python_support.md": topic(
        "Supported Python",
        "csvstat supports Python 3.8 and newer.\n\n**Why:** some users run it on old servers.\n"
        "**How to apply:** avoid syntax newer than 3.8.",
    )}
    plan = _plan(files, None, human(
        "We dropped Python 3.8 and 3.9 support this week: csvstat now requires Python 3.10 "
        "or newer.", day=9))
    text = plan.writes["python_support.md"]
    assert "requires Python 3.10" in text
    assert "avoid syntax newer than 3.8" not in text
    assert "old servers" not in text
    assert "previously: csvstat supports Python 3.8 and newer." in text  # kept as history


@pytest.mark.parametrize(("later", "rewritten"), [(5, False), (7, False), (8, True)])
def test_a_restatement_rewrites_the_file_only_when_it_refreshes_recency(
    later: int, rewritten: bool
) -> None:
    first = _plan({}, None, human("Always use pnpm for installs.", session="a", day=0))
    again = plan_dream(dict(first.writes), first.index,
                       gather(human("always use pnpm for installs", session="b",
                                    day=later)).candidates, now=NOW)
    assert again.deletes == []
    (confirmed,) = [d for d in again.decisions if d.action == "confirmed"]
    assert confirmed.session_id == "b"
    if not rewritten:
        assert again.writes == {}
    else:
        (text,) = again.writes.values()
        day = (T0 + timedelta(days=later)).date().isoformat()
        assert parse_topic(text).extra["sources"] == ["2026-07-06 a", f"{day} b"]


def test_a_restatement_rides_along_when_the_entry_changes_anyway() -> None:
    files = {"feedback_pnpm.md": topic("Use pnpm", "Always use pnpm for installs.",
                                       type_="feedback")}
    plan = _plan(files, "- [Use pnpm](feedback_pnpm.md) — pnpm\n",
                 human("always use pnpm for installs", session="b", day=1),
                 human("Always use pnpm for installs, never npm.", session="c", day=2))
    sources = parse_topic(plan.writes["feedback_pnpm.md"]).extra["sources"]
    assert sources == ["2026-07-07 b", "2026-07-08 c"]


def test_a_relative_date_in_the_body_and_the_index_line_is_one_decision() -> None:
    files = {"project_demo.md": topic("Demo", "The demo is tomorrow.",
                                      extra="sources:\n- 2026-07-06 old\n")}
    plan = _plan(files, "- [Demo](project_demo.md) — the demo is tomorrow\n", now=T0)
    dated = [d for d in plan.decisions if d.action == "dated"]
    assert len(dated) == 1 and "'tomorrow' -> on 2026-07-07" in dated[0].reason
    assert "The demo is on 2026-07-07." in plan.writes["project_demo.md"]


def test_a_done_fact_with_a_relative_date_is_not_a_plan() -> None:
    plan = _plan({}, None, human("We dropped Python 3.9 support this week.", day=2), now=NOW)
    (text,) = plan.writes.values()
    assert "in the week of 2026-07-06" in text
    assert "Plan" not in text and "has passed" not in text
    assert not [d for d in plan.decisions if d.action == "past"]


@pytest.mark.parametrize(("file", "title", "body"), [
    ("project_ci.md", "CI is running on Buildkite", "CI moved to Buildkite on 2026-07-01."),
    ("user_rust.md", "User is learning Rust", "Started learning Rust on 2026-06-01."),
    ("feedback_tests.md", "Tests have to run with -n auto",
     "Run the tests with -n auto (agreed on 2026-07-01)."),
])
def test_a_fact_with_a_past_date_keeps_its_present_title(file: str, title: str, body: str) -> None:
    files = {file: topic(title, body, extra="sources:\n- 2026-07-01 s0\n")}
    plan = _plan(files, f"- [{title}]({file}) — hook\n")
    assert plan.writes == {}
    assert not [d for d in plan.decisions if d.action == "past"]


@pytest.mark.parametrize(("moved", "day"), [
    ("The release is next Friday.", "2026-07-17"),
    ("The release moved to next Friday.", "2026-07-17"),
    # put off, "next Friday" said on a Tuesday is the week after's: the coming one would be
    # "this Friday"
    ("The release is postponed to next Friday.", "2026-07-24"),
])
def test_a_rescheduled_plan_changes_the_date_everywhere(moved: str, day: str) -> None:
    first = _plan({}, None, human("The release is next Friday.", session="a", day=0),
                  now=T0 + timedelta(hours=5))
    again = plan_dream(dict(first.writes), first.index,
                       gather(human(moved, session="b", day=8)).candidates,
                       now=T0 + timedelta(days=8, hours=5))
    (text,) = again.writes.values()
    t = parse_topic(text)
    # (the description adds to the title, which names the day: it names no day of its own)
    assert t.name == f"The release is on {day}" and "2026-07-10" not in t.description
    assert f"Changed from 2026-07-10 to {day} on 2026-07-14" in t.body
    assert f"Plan work around {day}." in t.body and "has passed" not in t.body
    assert f"[The release is on {day}]" in again.index
    assert [d.action for d in again.decisions if d.action in ("superseded", "past")] == [
        "superseded"]


def test_a_new_date_for_the_same_plan_is_not_a_restatement() -> None:
    first = _plan({}, None, human("The demo for Acme is on 2026-07-24.", session="a"))
    again = plan_dream(dict(first.writes), first.index,
                       gather(human("The demo for Acme is on 2026-07-31.", session="b",
                                    day=1)).candidates, now=NOW)
    body = parse_topic(again.writes["project_demo-acme.md"]).body
    assert body.startswith("The demo for Acme is on 2026-07-31.")
    assert "previously 2026-07-24" in body


@pytest.mark.parametrize(("entry", "said"), [
    ("The release is on 2026-07-24.", "The release notes are due on 2026-07-22."),
    ("The launch is on 2026-07-24.", "The launch retro is on 2026-07-28."),
    ("The demo for Acme is on 2026-07-24.", "The demo for Globex is on 2026-07-31."),
])
def test_a_different_subject_with_another_value_supersedes_nothing(entry: str, said: str) -> None:
    files = {"project_e.md": topic(entry.rstrip("."), entry)}
    plan = _plan(files, f"- [{entry.rstrip('.')}](project_e.md) — hook\n",
                 human(said, session="b", day=8), now=T0 + timedelta(days=8, hours=5))
    assert not [d for d in plan.decisions if d.action == "superseded"]
    kept = plan.writes.get("project_e.md", files["project_e.md"])
    assert entry in kept and parse_topic(kept).name == entry.rstrip(".")


@pytest.mark.parametrize(("entry", "said"), [
    ("Always pin the CLI to v0.3 in CI.", "Always pin the CLI to 0.3 in CI."),
    ("Always run CI on Python 3.12 only.", "Always run CI on Python 3.12.0 only."),
])
def test_a_value_written_differently_is_a_restatement(entry: str, said: str) -> None:
    files = {"feedback_e.md": topic("CI pins", entry, type_="feedback",
                                    extra="sources:\n- 2026-07-06 a\n")}
    plan = _plan(files, "- [CI pins](feedback_e.md) — hook\n", human(said, session="b", day=2))
    assert plan.writes == {}
    assert [d.action for d in plan.decisions if d.file == "feedback_e.md"] == ["confirmed"]


def test_a_hand_written_entry_is_not_rewritten_for_a_restatement() -> None:
    files = {"feedback_pnpm.md": topic("pnpm", "Always use pnpm for installs.\n\nSome notes:\n"
                                       "- it is faster", type_="feedback")}
    plan = _plan(files, "- [pnpm](feedback_pnpm.md) — hook\n",
                 human("Always use pnpm for installs.", session="b", day=30))
    assert plan.writes == {}


def test_a_title_follows_a_plan_the_person_says_has_happened() -> None:
    files = {"project_release.md": topic("The release is on 2026-07-10",
                                         "The release is on 2026-07-10.",
                                         extra="sources:\n- 2026-07-06 a\n")}
    plan = _plan(files, "- [The release is on 2026-07-10](project_release.md) — hook\n",
                 human("The release shipped on 2026-07-10.", session="b", day=8),
                 now=T0 + timedelta(days=8, hours=5))
    # what happened leads, and the title says it
    assert parse_topic(plan.writes["project_release.md"]).name == (
        "The release shipped on 2026-07-10")


def test_a_weekly_meeting_moved_to_another_day_supersedes() -> None:
    files = {"project_standup.md": topic("Standup", "The team standup is every Monday at 10:00.",
                                         extra="sources:\n- 2026-07-06 a\n")}
    plan = _plan(files, "- [Standup](project_standup.md) — hook\n",
                 human("From now on the team standup is every Tuesday at 10:00.", session="b",
                       day=8), now=T0 + timedelta(days=8, hours=5))
    body = parse_topic(plan.writes["project_standup.md"]).body
    assert body.startswith("The team standup is every Tuesday at 10:00.")
    assert "Changed from Monday to Tuesday on 2026-07-14" in body


@pytest.mark.parametrize(("old", "new", "other"), [
    # a value and, apart from it, the thing it belongs to: two facts, both true
    ("We run the frontend on port 3000.", "We run the backend on port 8000.", True),
    ("We use Node 18 in production.", "We use Node 20 in staging.", True),
    # two words swapped at two places: another thing, and its own value
    ("The staging cluster is named kestrel.", "The prod cluster is named osprey.", True),
    # what and where changed together, apart in the text: another rule
    ("Never commit secrets to the main repo.", "Never commit binaries to the docs repo.", True),
    ("Keep functions under 50 lines.", "Keep modules under 500 lines.", True),
    # a two-word name changed as one: an update
    ("We deploy the API to AWS Lambda.", "We deploy the API to Google Functions.", False),
    # the same thing written short and long, with a new name: an update
    ("The prod cluster is named osprey.", "The production cluster is now named falcon.", False),
    # the verb tying the value to its subject changed: the same subject moved on
    ("csvstat supports Python 3.8 and newer.", "csvstat requires Python 3.10 and newer.", False),
    # a name changing together with its value: the same subject, another choice
    ("Our staging database is Postgres 14.", "Our staging database is MySQL 8.", False),
    # only the value changed, or no value at all: left to the other rules
    ("The frontend runs on port 3000.", "The frontend runs on port 8000.", False),
    ("We write tests for all code.", "We never write tests.", False),
    # one word in common, or none: the thing said first and its value at the end both changed
    ("The beta ships on 2026-08-01.", "The GA ships on 2026-09-15.", True),
    ("Latency dashboard is at grafana.acme.io/d/latency.",
     "Error dashboard is at grafana.acme.io/d/errors.", True),
    ("The kickoff is on 2026-08-03.", "The retro is on 2026-08-28.", True),
    ("Prod is prd-us-1.", "Staging is stg-us-1.", True),
    # ... not a date moved, a verb changed, an event or a place said by another name
    ("The beta ships on 2026-08-01.", "The beta now ships on 2026-08-15.", False),
    ("The beta ships on 2026-08-01.", "The beta slips to 2026-08-15.", False),
    ("Bump Node to 20.", "Revert Node to 18.", False),
    ("Bumped Node to 20.", "Reverted Node to 18.", False),
    ("We upgraded to Node 20.", "We reverted to Node 18.", False),
    ("The launch is on 2026-08-01.", "The release is on 2026-08-15.", False),
    ("Prod is prd-us-1.", "Production is prd-eu-2.", False),
    ("Summarize https://example.com/blog/post for me.",
     "Setup guide is at https://example.com/setup.", False),
])
def test_names_another_subject(old: str, new: str, other: bool) -> None:
    assert names_another_subject(old, new) is other


def test_a_value_for_another_subject_becomes_its_own_memory() -> None:
    files = {"project_ports.md": topic("Frontend port", "We run the frontend on port 3000.")}
    index = "- [Frontend port](project_ports.md) — frontend on 3000\n"
    plan = _plan(files, index,
                 human("Remember: we run the backend on port 8000.", session="a", day=1))
    assert "project_ports.md" not in plan.writes  # the frontend fact is untouched
    (path,) = plan.writes
    assert parse_topic(plan.writes[path]).body.startswith("We run the backend on port 8000.")
    lines = [e.file for e in parse_index(plan.index, frozenset()).entries]
    assert lines == ["project_ports.md", path]
    assert not any(d.action == "superseded" for d in plan.decisions)


def test_two_subjects_said_in_one_dream_stay_two_memories() -> None:
    plan = _plan({}, None,
                 human("Remember: we run the frontend on port 3000.", session="a", day=0),
                 human("Remember: we run the backend on port 8000.", session="b", day=1))
    bodies = sorted(parse_topic(text).body.split("\n")[0] for text in plan.writes.values())
    assert bodies == ["We run the backend on port 8000.", "We run the frontend on port 3000."]
    assert all("previously" not in text for text in plan.writes.values())


def test_a_name_changing_with_its_value_still_supersedes() -> None:
    files = {"project_db.md": topic("Staging database", "Our staging database is Postgres 14.")}
    plan = _plan(files, None,
                 human("Remember: our staging database is MySQL 8.", session="a", day=1))
    entry = parse_entry("project_db.md", plan.writes["project_db.md"])
    assert entry.statements == ["Our staging database is MySQL 8."]
    assert entry.history == [
        "Updated on 2026-07-07; previously: Our staging database is Postgres 14."]


def test_a_move_between_days_is_named_and_filed_after_what_moved() -> None:
    plan = _plan({}, None, human("We moved the standup from Monday to Tuesday.", session="a"))
    (path,) = plan.writes
    assert path == "project_moved-standup.md"
    topic_file = parse_topic(plan.writes[path])
    assert "standup" in topic_file.name
    assert "Switched from Monday to Tuesday" in topic_file.body


@pytest.mark.parametrize(("a", "b", "different"), [
    ("Always use pytest fixtures for database setup.",
     "Always use alembic for database migrations.", True),
    ("Always run the tests before committing.", "Always run the linter before pushing.", True),
    ("Never use print for logging.", "Never use assert for validation.", True),
    ("We use Postgres for the main database.", "We use Redis for the job queue.", True),
    # the same subject, its choice or name changed
    ("Our staging database is Postgres 14.", "Our staging database is MySQL 8.", False),
    ("The prod cluster is named osprey.", "The production cluster is now named falcon.", False),
    # the same thing said again, or changed: for the other rules to judge
    ("Always use pnpm for installs.", "Always use pnpm for installs, never npm.", False),
    ("csvstat supports Python 3.8 and newer.", "csvstat requires Python 3.10 and newer.", False),
    # one word each: nothing says what they are about
    ("Always use pnpm.", "Always use yarn.", False),
])
def test_different_subjects(a: str, b: str, different: bool) -> None:
    assert different_subjects(a, b) is different


def test_rules_alike_in_shape_each_become_a_memory() -> None:
    said = ["Always use pytest fixtures for database setup.",
            "Always use alembic for database migrations.",
            "Always use structlog for logging.", "Always use httpx for HTTP requests.",
            "Always run the tests before committing.", "Always run the linter before pushing.",
            "Never commit secrets to the main repo.", "Never commit binaries to the docs repo.",
            "Never commit logs to the infra repo."]
    plan = _plan({}, None, *(human(text, session=f"s{i}", day=i) for i, text in enumerate(said)))
    leads = sorted(parse_topic(text).body.split("\n")[0] for text in plan.writes.values())
    assert leads == sorted(said)
    assert all("previously" not in text for text in plan.writes.values())


def test_a_rule_alike_in_shape_does_not_overwrite_an_existing_one() -> None:
    files = {"feedback_tests.md": topic("Tests before committing",
                                        "Always run the tests before committing.",
                                        type_="feedback")}
    plan = _plan(files, None, human("Always run the linter before pushing.", session="a"))
    assert "feedback_tests.md" not in plan.writes
    (path,) = plan.writes
    assert parse_topic(plan.writes[path]).body.startswith("Always run the linter before pushing.")


def test_existing_rules_alike_in_shape_are_not_merged() -> None:
    files = {
        "feedback_fixtures.md": topic("Fixtures", "Always use pytest fixtures for database setup.",
                                      type_="feedback"),
        "feedback_alembic.md": topic("Alembic", "Always use alembic for database migrations.",
                                     type_="feedback"),
    }
    plan = _plan(files, None)
    assert plan.deletes == []
    assert len(parse_index(plan.index, frozenset()).entries) == 2


def test_a_name_for_another_thing_does_not_replace_the_first() -> None:
    files = {"project_cluster.md": topic("Staging cluster",
                                         "The staging cluster is named kestrel.")}
    plan = _plan(files, None,
                 human("Remember: the prod cluster is named osprey.", session="a", day=1))
    assert "project_cluster.md" not in plan.writes
    (path,) = plan.writes
    assert parse_topic(plan.writes[path]).body.startswith("The prod cluster is named osprey.")


@pytest.mark.parametrize("said", [
    ["Keep functions under 50 lines.", "Keep modules under 500 lines."],
    ["Remember: the staging cluster is named kestrel.",
     "Remember: the prod cluster is named osprey."],
    ["Remember: we run the frontend on port 3000.", "Remember: we run the backend on port 8000."],
])
def test_memories_about_different_things_stay_apart_in_the_next_dream_too(
    said: list[str]
) -> None:
    first = _plan({}, None, *(human(t, session=f"s{i}", day=i) for i, t in enumerate(said)))
    assert len(first.writes) == 2
    second = _plan(dict(first.writes), first.index)  # nothing new said
    assert second.deletes == [] and second.writes == {}


@pytest.mark.parametrize(("old", "new", "was", "now"), [
    ("The user prefers tabs for indentation.", "I prefer spaces for indentation.", "tabs",
     "spaces"),
    ("Always use npm for installing packages.", "Always use bun for installing packages.", "npm",
     "bun"),
])
def test_one_word_put_in_place_of_another_is_a_change_not_a_restatement(
    old: str, new: str, was: str, now: str
) -> None:
    files = {"feedback_x.md": topic("X", old, type_="feedback")}
    plan = _plan(files, None, human(new, session="a", day=7))
    entry = parse_entry("feedback_x.md", plan.writes["feedback_x.md"])
    assert now in entry.statements[0] and was not in entry.statements[0]
    assert entry.history == [f"Changed from {was} to {now} on 2026-07-13; previously {was}."]


def test_a_date_moved_to_supersedes_in_the_next_dream_and_in_the_same_one() -> None:
    files = {"project_release.md": topic("Release", "The release is on 2026-09-10.")}
    later = _plan(files, None, human("The release moved to 2026-09-17.", session="a", day=2))
    entry = parse_entry("project_release.md", later.writes["project_release.md"])
    # the entry's own words, with the new date
    assert entry.statements == ["The release is on 2026-09-17."]
    assert entry.history[-1].startswith("Changed from 2026-09-10 to 2026-09-17")
    same = _plan({}, None, human("The release is on 2026-09-10.", session="a", day=0),
                 human("The release moved to 2026-09-17.", session="b", day=2))
    (text,) = same.writes.values()
    assert parse_entry("x.md", text).statements == ["The release moved to 2026-09-17."]


@pytest.mark.parametrize(("lead", "said", "now", "moved"), [
    ("The release is planned for 2027-03-03.", "We moved the release to March 10.",
     "The release is planned for 2027-03-10.", "2027-03-03 to 2027-03-10"),
    ("The release is planned for 2027-03-03.", "The release slipped to March 10.",
     "The release is planned for 2027-03-10.", "2027-03-03 to 2027-03-10"),
    ("The launch is in April 2027.", "The launch was pushed back to June.",
     "The launch is in June 2027.", "April 2027 to June 2027"),
    # only the date of what moved
    ("The release is planned for 2027-03-03 and the demo for 2027-03-05.",
     "We moved the demo to March 10.",
     "The release is planned for 2027-03-03 and the demo for 2027-03-10.",
     "2027-03-05 to 2027-03-10"),
    # a day for a month: the new statement says it
    ("The launch is in April 2027.", "The launch was pushed back to June 3.",
     "The launch was pushed back to 2027-06-03.", "April 2027 to 2027-06-03"),
    # to a day told by another event's: was a switch to "after" in a file of its own ("Use
    # after; 2026-07-14 is no longer current"), the plan left at its old date
    ("The design review is on 2026-07-14.",
     "The review moved from 2026-07-14 to after the launch on 2026-07-22.",
     "The design review is after the launch on 2026-07-22.",
     "2026-07-14 to after the launch on 2026-07-22"),
    ("The design review is on 2026-07-14.", "The review moved to after the launch on 2026-07-22.",
     "The design review is after the launch on 2026-07-22.",
     "2026-07-14 to after the launch on 2026-07-22"),
    ("The launch is in September 2026.", "The launch moved to after the audit in October 2026.",
     "The launch is after the audit in October 2026.",
     "September 2026 to after the audit in October 2026"),
])
def test_a_date_moved_puts_the_entry_to_the_new_date(
        lead: str, said: str, now: str, moved: str) -> None:
    plan = _plan({"project_x.md": topic("X", lead)}, None, human(said, day=7))
    entry = parse_entry("project_x.md", plan.writes["project_x.md"])
    assert entry.statements == [now]
    was = moved.split(" to ")[0]
    assert entry.history == [f"Changed from {moved} on 2026-07-13; previously {was}."]
    assert [d.action for d in plan.decisions if d.action in ("superseded", "created")] == [
        "superseded"]
    assert [f for f in plan.writes if f != "MEMORY.md"] == ["project_x.md"]


_SLIPS = ["The beta slips to 2026-08-15.", "The beta slipped to 2026-08-15.",
          "The beta slid to 2026-08-15.", "The beta was pushed back to 2026-08-15.",
          "The beta got delayed to 2026-08-15.", "The beta delays to 2026-08-15.",
          "We pushed the beta to 2026-08-15.",
          # the day said after a pause: each was a plan of its own, the old date kept for good
          "The beta slipped, it's now 2026-08-15.", "The beta got pushed again, now on 2026-08-15.",
          "The beta slipped; it is now set for 2026-08-15.",
          # what moved after the verb, the day after a pause: a plan of its own too
          "They've pushed the beta back two weeks, it's now 2026-08-15.",
          "Acme have moved the beta again, it's now 2026-08-15.",
          "We pushed the beta out, so now 2026-08-15."]
_SLIP_LINE = "Changed from 2026-08-01 to 2026-08-15 on 2026-07-09; previously 2026-08-01."


@pytest.mark.parametrize("said", _SLIPS)
def test_a_date_that_slips_puts_the_remembered_plan_to_the_new_date(said: str) -> None:
    # "slips" was no move: both dates stayed, as two lines of one entry
    plan = _plan({"project_beta.md": topic("Beta", "The beta ships on 2026-08-01.")}, None,
                 human(said, day=3))
    entry = parse_entry("project_beta.md", plan.writes["project_beta.md"])
    assert entry.statements == ["The beta ships on 2026-08-15."]
    assert entry.history == [_SLIP_LINE]


@pytest.mark.parametrize("said", _SLIPS)
def test_a_date_that_slips_in_the_dream_that_planned_it_is_one_plan_at_the_new_date(
        said: str) -> None:
    # each was one entry leading with the move, the old date a second line still current
    plan = _plan({}, None, human("The beta ships on 2026-08-01.", session="a", day=0),
                 human(said, session="b", day=3))
    (file,) = [f for f in plan.writes if f != "MEMORY.md"]
    entry = parse_entry(file, plan.writes[file])
    assert entry.statements == ["The beta ships on 2026-08-15."]
    assert entry.history == [_SLIP_LINE]
    assert "2026-08-01" not in entry.name + entry.description + entry.how


@pytest.mark.parametrize(("lead", "said"), [
    ("The 1.4 release slipped to 2026-07-17.", "The 1.5 release is now August 14."),
    ("The 1.4 release slipped to 2026-07-17.", "The 1.5 release slipped, it's now August 14."),
    ("The 1.4 release is on 2026-07-17.", "The 1.5 release is on August 14 now."),
    ("We're planning to cut the 1.4 release on 2026-07-17.",
     "The 1.5 release is now planned for August 14."),
    ("The V2 launch is on 2026-07-17.", "The v3 launch date is now August 14."),
    ("The Acme demo is on 2026-07-22.", "The Globex demo is now planned for August 14."),
])
def test_a_plan_of_another_version_or_name_told_as_a_change_is_a_plan_of_its_own(
        lead: str, said: str) -> None:
    # the first plan was rewritten to the second, "Updated on ...; previously: The 1.4 release
    # ...": its date lost as current, though nothing said the 1.4 release moved
    plan = _plan({"project_x.md": topic("X", lead)}, None, human(said, day=8))
    assert "project_x.md" not in plan.writes or parse_entry(
        "project_x.md", plan.writes["project_x.md"]).history == []
    (new,) = [f for f in plan.writes if f not in ("project_x.md", "MEMORY.md")]
    assert "2026-08-14" in parse_entry(new, plan.writes[new]).lead
    assert "superseded" not in {d.action for d in plan.decisions}


@pytest.mark.parametrize(("said", "moved"), [
    ("The launch is now August 14.", True),  # one of them named, the other not: one plan
    ("The V2 launch slipped, it's now August 14.", True),
    ("The V3 launch is now August 14.", False),
])
def test_a_plan_told_as_a_change_moves_the_plan_of_its_name(said: str, moved: bool) -> None:
    plan = _plan({"project_x.md": topic("X", "The V2 launch is on 2026-07-17.")}, None,
                 human(said, day=8))
    lead = parse_entry("project_x.md", plan.writes["project_x.md"]).lead if (
        "project_x.md" in plan.writes) else "The V2 launch is on 2026-07-17."
    assert ("2026-08-14" in lead) is moved


@pytest.mark.parametrize("said", ["I can't make the design review on 2026-07-24.",
                                  "I won't be at the design review on 2026-07-24."])
@pytest.mark.parametrize("remembered", [True, False])
def test_the_user_away_from_a_planned_event_leaves_the_plan_as_it_was(
        said: str, remembered: bool) -> None:
    # the plan was replaced by "They can't make the design review on 2026-07-24."
    lead = "The design review is on 2026-07-24."
    if remembered:
        plan = _plan({"project_review.md": topic("Review", lead)}, None, human(said, day=3))
        assert plan.writes == {} and plan.deletes == []
        return
    plan = _plan({}, None, human(lead, session="a", day=0), human(said, session="b", day=3))
    (file,) = [f for f in plan.writes if f != "MEMORY.md"]
    assert parse_entry(file, plan.writes[file]).statements == [lead]


def test_focus_on_one_tool_not_the_remembered_one_switches_it() -> None:
    # it was a preference "Focus on Vitest, not Jest." beside the memory, Jest still current
    plan = _plan({"project_tests.md": topic("Tests", "We use Jest for unit tests.")}, None,
                 human("Focus on Vitest, not Jest.", day=3))
    assert [f for f in plan.writes if f != "MEMORY.md"] == ["project_tests.md"]
    entry = parse_entry("project_tests.md", plan.writes["project_tests.md"])
    assert entry.statements[0] == "We use Vitest for unit tests."
    assert "previously Jest" in plan.writes["project_tests.md"]


def test_a_move_told_beside_the_user_away_from_the_event_moves_its_plan() -> None:
    # "I can't make the demo on 2026-07-24" dropped the whole sentence, and the move with it
    plan = _plan({"project_demo.md": topic("Demo", "The demo is on 2026-07-24.")}, None,
                 human("I can't make the demo on 2026-07-24; it moved to 2026-07-28.", day=3))
    entry = parse_entry("project_demo.md", plan.writes["project_demo.md"])
    assert entry.statements[0] == "The demo is on 2026-07-28."
    assert "previously 2026-07-24" in plan.writes["project_demo.md"]


@pytest.mark.parametrize("said", ["I will attend the design review on 2026-07-24.",
                                  "We can't make the design review on 2026-07-24.",
                                  "Sam will join the design review on 2026-07-24.",
                                  # in a contraction, or a curly apostrophe: each led in its place
                                  "We'll skip the design review on 2026-07-24.",
                                  "We're going to skip the design review on 2026-07-24.",
                                  "We can\u2019t make the design review on 2026-07-24."])
@pytest.mark.parametrize("remembered", [True, False])
def test_who_is_at_a_planned_event_follows_the_plan_and_does_not_replace_it(
        said: str, remembered: bool) -> None:
    # the plan was replaced by "The user will attend the design review on 2026-07-24." (or "We
    # can't make ..."), the review itself no longer remembered as planned
    lead = "The design review is on 2026-07-24."
    # (a curly apostrophe is kept as the ASCII one: "We can't make ...")
    kept = said.replace("I will", "The user will").replace("\u2019", "'")
    if remembered:
        plan = _plan({"project_review.md": topic("Review", lead)}, None, human(said, day=3))
        file = "project_review.md"
    else:
        plan = _plan({}, None, human(lead, session="a", day=0), human(said, session="b", day=3))
        (file,) = [f for f in plan.writes if f != "MEMORY.md"]
    assert parse_entry(file, plan.writes[file]).statements == [lead, kept]


@pytest.mark.parametrize(("lead", "said"), [
    # a thing named first is no one at the event, and "going to miss" no going to it: each
    # followed the plan as who is at it ("says who is at the event the entry plans")
    ("The release is on 2026-07-24.", "Release will go to prod on 2026-07-24."),
    ("The design review deadline is 2026-07-24.",
     "We are going to miss the design review deadline on 2026-07-24."),
])
def test_a_plan_said_again_in_words_like_attending_it_is_the_plan_said_again(
        lead: str, said: str) -> None:
    plan = _plan({"project_plan.md": topic("Plan", lead)}, None, human(said, day=3))
    assert parse_entry("project_plan.md", plan.writes["project_plan.md"]).statements == [said]
    assert not any("who is at the event" in d.reason for d in plan.decisions)


@pytest.mark.parametrize(("lead", "said", "how"), [
    ("The design review is on 2026-07-14.", "The review moved to after the launch on 2026-07-22.",
     "Plan work around 2026-07-22."),
    # near miss: another event's day
    ("The beta ships on 2026-08-01.", "The GA moved to after the launch on 2026-08-22.",
     "Plan work around 2026-08-22."),
])
def test_a_plan_moved_to_after_another_event_is_a_plan_not_a_switch(
        lead: str, said: str, how: str) -> None:
    # each was a switch to "after": "Use after; the previous choice is no longer current"
    plan = _plan({}, None, human(said, day=2))
    (file,) = [f for f in plan.writes if f != "MEMORY.md"]
    entry = parse_entry(file, plan.writes[file])
    assert (entry.statements, entry.how) == ([said], how)
    # ... and moves only the plan of its own event
    plan = _plan({"project_x.md": topic("X", lead)}, None, human(said, day=2))
    kept = plan.writes.get("project_x.md")
    moved = kept is not None and "Changed from" in kept
    assert moved == (said.split()[1] in lead)
    # ... said again, it is the plan remembered: was "The design review is after the launch
    # after the launch on 2026-07-22", changed from the day to the same day
    if moved:
        again = _plan({"project_x.md": topic("X", parse_entry("project_x.md", kept).lead)},
                      None, human(said, day=3))
        assert [d.action for d in again.decisions if d.action not in ("kept", "indexed")] == [
            "confirmed"]


@pytest.mark.parametrize(("said", "same"), [
    # the one event on its one day, said in other words: each was a second memory
    ("Beta release is on 2026-08-01.", True),
    ("The beta goes live on 2026-08-01.", True),
    ("The beta launch is on 2026-08-01.", True),
    # near misses: another event, one more thing named, a plan turned round, another day
    ("The GA ships on 2026-08-01.", False),
    ("The beta demo is on 2026-08-01.", False),
    ("The beta is not shipping on 2026-08-01.", False),
    ("Beta release is on 2026-08-02.", False),
])
def test_a_plan_said_again_in_other_words_confirms_the_remembered_one(
        said: str, same: bool) -> None:
    first = "The beta ships on 2026-08-01."
    later = _plan({"project_beta.md": topic("Beta", first)}, None, human(said, day=2))
    assert [d.file for d in later.decisions if d.action == "confirmed"] == (
        ["project_beta.md"] if same else [])
    assert not same or [f for f in later.writes if f not in ("MEMORY.md", "project_beta.md")
                        ] == []
    # ... and in the dream that planned it, where it was not remembered before: the decision
    # that made it says it was said again
    both = _plan({}, None, human(first, session="a", day=0), human(said, session="b", day=2))
    assert not any(d.action == "confirmed" for d in both.decisions)
    assert any(d.action == "created" and "said 2 times in this dream" in d.reason
               for d in both.decisions) == same
    if same:
        (made,) = [f for f in both.writes if f != "MEMORY.md"]
        assert parse_entry(made, both.writes[made]).lead == first


@pytest.mark.parametrize(("first", "said"), [
    # another event's date
    ("The beta ships on 2026-08-01.", "The GA slips to 2026-09-15."),
    # two dates in the plan: which moved is not known
    ("The beta ships between 2026-08-01 and 2026-08-05.", "The beta slips to 2026-08-15."),
])
def test_a_date_that_slips_leaves_a_plan_it_does_not_move(first: str, said: str) -> None:
    plan = _plan({}, None, human(first, session="a", day=0), human(said, session="b", day=3))
    texts = [parse_entry(f, t).text for f, t in plan.writes.items() if f != "MEMORY.md"]
    assert any(first in t for t in texts)
    assert not any("Changed from" in t for t in texts)


@pytest.mark.parametrize("said", ["The beta slipped to 2026-08-15.",
                                  "The beta moved to 2026-08-15."])
def test_a_remembered_plan_of_two_dates_moved_to_one_is_said_anew(said: str) -> None:
    # the new day was put in place of the first: "The beta ships between 2026-08-15 and
    # 2026-08-05", a span that ends before it starts
    first = "The beta ships between 2026-08-01 and 2026-08-05."
    plan = _plan({"project_beta.md": topic("Beta", first)}, None, human(said, day=3))
    entry = parse_entry("project_beta.md", plan.writes["project_beta.md"])
    assert entry.statements == [said]
    assert entry.history == [f"Updated on 2026-07-09; previously: {first}"]


@pytest.mark.parametrize(("lead", "said"), [
    # another thing moved
    ("The release is planned for 2027-03-03.", "We moved the demo to March 10."),
    ("We moved to Postgres 16 on 2026-05-01.", "We moved the release to March 10."),
])
def test_a_date_moved_for_something_else_leaves_the_entry(lead: str, said: str) -> None:
    plan = _plan({"project_x.md": topic("X", lead)}, None, human(said, day=7))
    assert "project_x.md" not in plan.writes
    (new,) = [f for f in plan.writes if f != "MEMORY.md"]
    assert parse_topic(plan.writes[new]).body.startswith(said.split(" to ")[0])


_NO_REVIEW = "Never schedule the design review on 2026-07-24."


@pytest.mark.parametrize(("files", "said"), [
    ({"feedback_review.md": ("feedback", _NO_REVIEW)}, "The review moved to 2026-07-28."),
    ({"feedback_review.md": ("feedback", _NO_REVIEW)},
     "The review moved to after the launch on 2026-07-28."),
    ({"user_away.md": ("user", "I can't make the design review on 2026-07-24.")},
     "The review moved to 2026-07-28."),
    # beside the plan, the plan is what moved
    ({"feedback_review.md": ("feedback", _NO_REVIEW),
      "project_plan.md": ("project", "The design review is on 2026-07-24.")},
     "The review moved to 2026-07-28."),
])
def test_a_date_moved_leaves_a_day_forbidden_as_it_was(
        files: dict[str, tuple[str, str]], said: str) -> None:
    # it was rewritten to forbid the new day: "Never schedule the design review on 2026-07-28"
    plan = _plan({name: topic(name, lead, type_=type_) for name, (type_, lead) in files.items()},
                 None, human(said, day=10))
    forbidding = [name for name, (type_, _) in files.items() if type_ != "project"]
    assert not any(name in plan.writes for name in forbidding) and not plan.deletes
    moved = [f for f in plan.writes if f != "MEMORY.md"]
    assert len(moved) == 1 and "2026-07-28" in parse_topic(plan.writes[moved[0]]).body
    if "project_plan.md" in files:
        assert moved == ["project_plan.md"]


_LAUNCH_PLANNED = "The v2 launch is next Friday."  # said on Monday 2026-07-06: 2026-07-10
_LAUNCH_MOVED = "We pushed the v2 launch to next Wednesday."  # said 2026-07-08: 2026-07-15
_MOVE_LINE = "Changed from 2026-07-10 to 2026-07-15 on 2026-07-08; previously 2026-07-10."


@pytest.mark.parametrize(("done", "lead"), [
    ("V2 launched today.", "V2 launched on 2026-07-15."),
    ("We launched v2 today.", "We launched v2 on 2026-07-15."),
])
def test_a_plan_moved_then_done_in_one_dream_leads_with_what_happened(
        done: str, lead: str) -> None:
    plan = _plan({}, None, human(_LAUNCH_PLANNED, session="a", day=0),
                 human(_LAUNCH_MOVED, session="b", day=2), human(done, session="c", day=9))
    (file,) = [f for f in plan.writes if f != "MEMORY.md"]
    entry = parse_entry(file, plan.writes[file])
    # not three launches side by side: "V2 launched on ...", "We pushed the v2 launch to ...",
    # "The v2 launch was on 2026-07-10."
    assert entry.statements == [lead]
    assert entry.history == [_MOVE_LINE, "Updated on 2026-07-15; previously: We pushed the v2 "
                             "launch to 2026-07-15."]


def test_a_plan_then_done_in_one_dream_keeps_the_plan_as_history() -> None:
    plan = _plan({}, None, human(_LAUNCH_PLANNED, session="a", day=0),
                 human("V2 launched today.", session="c", day=9))
    (file,) = [f for f in plan.writes if f != "MEMORY.md"]
    entry = parse_entry(file, plan.writes[file])
    assert entry.statements == ["V2 launched on 2026-07-15."]
    assert entry.history == ["Updated on 2026-07-15; previously: The v2 launch is on 2026-07-10."]


@pytest.mark.parametrize(("lead", "said", "history"), [
    # planned for the 17th, done early
    ("The v2 launch is on Friday 2026-07-17.", [(9, "V2 launched today.")],
     ["Updated on 2026-07-15; previously: The v2 launch is on Friday 2026-07-17."]),
    # moved and done, both since the last dream
    ("The v2 launch is on 2026-07-10.", [(2, _LAUNCH_MOVED), (9, "V2 launched today.")],
     [_MOVE_LINE, "Updated on 2026-07-15; previously: We pushed the v2 launch to 2026-07-15."]),
])
def test_a_remembered_plan_done_since_gives_way_to_what_happened(
        lead: str, said: list[tuple[int, str]], history: list[str]) -> None:
    plan = _plan({"project_launch.md": topic("V2 launch", lead)}, None,
                 *(human(text, session=f"s{day}", day=day) for day, text in said))
    assert [f for f in plan.writes if f != "MEMORY.md"] == ["project_launch.md"]
    entry = parse_entry("project_launch.md", plan.writes["project_launch.md"])
    # it was "V2 launched on 2026-07-15." above "The v2 launch was on Friday 2026-07-17."
    assert entry.statements == ["V2 launched on 2026-07-15."]
    assert entry.history == history


@pytest.mark.parametrize(("lead", "said", "now"), [
    ("The 1.4 release is on 2026-07-10.", "We shipped 1.4 today!", "We shipped 1.4 on 2026-07-15!"),
    ("The deadline for the SOC2 evidence package is 2026-07-17.",
     "SOC2 evidence got submitted this morning.", "SOC2 evidence got submitted on 2026-07-15."),
    ("The quarterly report is due on 2026-07-17.", "I handed in the quarterly report today.",
     "The user handed in the quarterly report on 2026-07-15."),
])
@pytest.mark.parametrize("remembered", [True, False])
def test_a_plan_told_done_in_words_of_no_plan_gives_way_to_what_happened(
        lead: str, said: str, now: str, remembered: bool) -> None:
    # each was no memory at all: the plan stayed, later "Was planned: ...; check how it turned
    # out", though the person said it happened
    if remembered:
        plan = _plan({"project_x.md": topic("X", lead)}, None, human(said, session="b", day=9))
        file = "project_x.md"
    else:
        plan = _plan({}, None, human(lead, session="a", day=0), human(said, session="b", day=9))
        (file,) = [f for f in plan.writes if f != "MEMORY.md"]
    entry = parse_entry(file, plan.writes[file])
    assert entry.statements == [now]
    assert entry.history == [f"Updated on 2026-07-15; previously: {lead}"]
    assert "check how it turned out" not in plan.writes[file]


@pytest.mark.parametrize("remembered", [True, False])
@pytest.mark.parametrize(("said", "closes"), [
    ("Prod is on 1.30 as of this morning, it went smoothly.", True),
    ("Prod is now on EKS 1.30.", True),
    # another cluster, or another version, is on it: the prod upgrade stays ahead
    ("Staging is on EKS 1.30 as of this morning.", False),
    ("Prod is on 1.29 as of this morning.", False),
])
def test_a_version_told_reached_closes_the_planned_upgrade_to_it(
        said: str, closes: bool, remembered: bool) -> None:
    # "The prod EKS upgrade to 1.30 was scheduled for ...; check how it turned out" stayed,
    # though the person said prod was on 1.30
    lead = "The prod EKS upgrade to 1.30 is scheduled for 2026-07-15, 07:00 UTC."
    if remembered:
        plan = _plan({"project_x.md": topic("X", lead)}, None, human(said, session="b", day=9))
        file = "project_x.md"
    else:
        plan = _plan({}, None, human(lead, session="a", day=0), human(said, session="b", day=9))
        (file,) = [f for f in plan.writes if f != "MEMORY.md" and "upgrade" in f]
    entry = parse_entry(file, plan.writes[file])
    if closes:
        assert entry.statements[0].startswith("Prod is ")
        assert entry.history == [f"Updated on 2026-07-15; previously: {lead}"]
        assert "check how it turned out" not in plan.writes[file]
    else:
        assert "upgrade to 1.30" in entry.statements[0] and entry.history == []


def test_a_thing_told_done_closes_its_plans_and_the_deadline_said_with_them() -> None:
    # "The ESO migration is DONE" was kept with "Plan work around 2026-07-24" beside its pause,
    # its resumption and two deadlines of nothing named, each still "Plan work around ..."
    plan = _plan({}, None,
                 human("Helen and I agreed to pause the ESO migration until next week. The new "
                       "deadline Helen gave is July 24.", session="a", day=2),
                 human("We're resuming the ESO migration today. Deadline is still July 24.",
                       session="b", day=7),
                 human("The search rollout is on July 30.", session="b", day=7),
                 human("That's the last namespace: the ESO migration is DONE, nine days ahead "
                       "of the July 24 deadline.", session="c", day=10))
    files = [f for f in plan.writes if f != "MEMORY.md"]
    assert len(files) == 2  # the migration, and the search rollout (not the ESO migration)
    (done,) = [f for f in files if "DONE" in plan.writes[f]]
    entry = parse_entry(done, plan.writes[done])
    assert entry.name.startswith("The ESO migration is DONE")
    assert entry.statements == [
        "The ESO migration is DONE, nine days ahead of 2026-07-24 deadline."]
    assert sorted(entry.history) == sorted([
        "Updated on 2026-07-16; previously: Helen and the user agreed to pause the ESO migration "
        "until the week of 2026-07-13.",
        "Updated on 2026-07-16; previously: The new deadline Helen gave for the ESO migration is "
        "2026-07-24.",
        "Updated on 2026-07-16; previously: We're resuming the ESO migration on 2026-07-13.",
        "Updated on 2026-07-16; previously: Deadline for the ESO migration is still on "
        "2026-07-24."])
    assert "Plan work around" not in plan.writes[done]
    assert "check how it turned out" not in plan.writes[done]


@pytest.mark.parametrize(
    ("said", "closed"),
    [
        # (from a review: the cutover plan was closed as come to pass) done only in part
        ("The Postgres migration is done on staging; prod cutover still on Saturday.", False),
        ("The Postgres migration is done for the backend.", False),
        ("The Postgres migration is done, but prod is on Saturday.", False),
        ("The Postgres migration is DONE, two days ahead of the July 25 cutover.", True),
    ],
)
def test_a_thing_done_only_in_part_leaves_its_plan_open(said: str, closed: bool) -> None:
    plan = _plan({"project_pg.md": topic(
        "Postgres", "The Postgres migration cutover is planned for 2026-07-25.")},
        "- [Postgres](project_pg.md) — p\n", human(said, day=17))
    assert ("the plan came to pass" in " ".join(d.reason for d in plan.decisions)) == closed
    if not closed and "project_pg.md" in plan.writes:
        assert "was planned" not in plan.writes["project_pg.md"].lower()


def test_a_fact_is_not_matched_to_an_entry_by_the_day_its_description_names() -> None:
    # "Freeze started on 2026-07-13" was put in place of "The new deadline Helen gave is
    # 2026-07-31", whose description "plan stated on 2026-07-08" it was most like
    deadline = topic("The new deadline Helen gave is 2026-07-31",
                     "The new deadline Helen gave is 2026-07-31.",
                     description="plan stated on 2026-07-08")
    plan = _plan({"project_deadline.md": deadline}, None,
                 human("Freeze started today. Heads up that the runbooks have moved.", day=7))
    if "project_deadline.md" in plan.writes:  # (told as past: its day is gone)
        kept = parse_entry("project_deadline.md", plan.writes["project_deadline.md"])
        assert "Freeze" not in " ".join(kept.statements)
    (new,) = [f for f in plan.writes if f not in ("MEMORY.md", "project_deadline.md")]
    assert parse_entry(new, plan.writes[new]).statements == ["Freeze started on 2026-07-13."]


@pytest.mark.parametrize("said", [
    "If the ESO migration is done by Friday, delete the SOPS files.",
    "The ESO migration is not done yet.",
    "The search migration is done.",
])
def test_a_thing_not_told_done_leaves_its_plan(said: str) -> None:
    lead = "We're resuming the ESO migration on 2026-07-13."
    plan = _plan({"project_x.md": topic("X", lead)}, None, human(said, session="b", day=9))
    if "project_x.md" in plan.writes:
        assert parse_entry("project_x.md", plan.writes["project_x.md"]).history == []


@pytest.mark.parametrize(("files", "said"), [
    ({}, "I submitted the PR this morning."),  # of no plan: nothing to remember
    ({}, "We shipped a hotfix today."),
    # of another version, or a plan not yet due
    ({"project_x.md": topic("X", "The 1.4 release is on 2026-07-10.")}, "We shipped 1.5 today!"),
    ({"project_x.md": topic("X", "The 1.4 release is on 2026-08-20.")}, "We shipped 1.4 today!"),
    # of "it", whatever it was
    ({"project_x.md": topic("X", "We ship on 2026-07-16.")}, "We shipped it today."),
    # of two plans alike: which one is not told
    ({"project_x.md": topic("X", "The 1.4 release is on 2026-07-10."),
      "project_y.md": topic("Y", "The 1.4 release of the mobile app is on 2026-07-09.")},
     "We shipped 1.4 today!"),
])
def test_a_thing_told_done_in_words_of_no_plan_and_of_no_plan_remembered_is_no_memory(
        files: dict[str, str], said: str) -> None:
    plan = _plan(files, None, human(said, day=9))
    assert [f for f in plan.writes if f != "MEMORY.md" and f not in files] == []
    for file in files:
        if file in plan.writes:
            assert parse_entry(file, plan.writes[file]).history == []


def test_a_plan_moved_in_one_dream_and_done_in_the_next_is_one_history() -> None:
    first = _plan({}, None, human(_LAUNCH_PLANNED, session="a", day=0),
                  human(_LAUNCH_MOVED, session="b", day=2), now=T0 + timedelta(days=3))
    files = {f: t for f, t in first.writes.items() if f != "MEMORY.md"}
    later = _plan(files, first.index, human("V2 launched today.", session="c", day=9))
    (file,) = files
    entry = parse_entry(file, later.writes[file])
    # the move kept its line; it was "confirmed": the push told in the past read as the launch
    assert entry.statements == ["V2 launched on 2026-07-15."]
    assert entry.history == [_MOVE_LINE, "Updated on 2026-07-15; previously: We pushed the v2 "
                             "launch to 2026-07-15."]
    assert "check how it turned out" not in later.writes[file]


@pytest.mark.parametrize(("lead", "said"), [
    # due well after it: another launch, still ahead
    ("The v2 launch is on 2026-08-20.", "V2 launched today."),
    # another event on the same day
    ("The code freeze is on 2026-07-10.", "The release was on 2026-07-10."),
    # told in the past, but of the plan
    ("The migration is scheduled for 2026-07-10.", "The migration was scheduled for 2026-07-10."),
])
def test_a_thing_done_leaves_a_plan_of_something_else(lead: str, said: str) -> None:
    plan = _plan({"project_x.md": topic("X", lead)}, None, human(said, day=9))
    entry = parse_entry("project_x.md", plan.writes.get("project_x.md", topic("X", lead)))
    assert not any(lead in line for line in entry.history)


def test_a_plan_told_as_past_and_moved_ahead_is_upcoming_again() -> None:
    files = {"project_x.md": topic(
        "Freeze", "Was planned for 2026-07-15: the freeze starts on 2026-07-15.\n\n"
        "**Why:** Plan stated on 2026-07-01.\n**How to apply:** 2026-07-15 has passed; check "
        "how it turned out before relying on it.")}
    plan = _plan(files, None, human("The freeze got pushed to the 24th.", day=7))
    body = parse_topic(plan.writes["project_x.md"]).body
    assert body.startswith("The freeze got pushed to 2026-07-24.")
    assert "Plan work around 2026-07-24." in body and "has passed" not in body


def test_a_wording_left_out_of_a_full_entry_is_said_in_the_run_record() -> None:
    said = ["Always use pnpm for installs in this repo.",
            "Always use pnpm for installs, never npm or yarn.",
            "Always use pnpm for installs in CI.",
            "Always use pnpm for installs and for scripts."]
    plan = _plan({}, None, *(human(t, session=f"s{i}", day=i) for i, t in enumerate(said)))
    (text,) = plan.writes.values()
    assert len(parse_entry("x.md", text).statements) == 3
    (cut,) = [d for d in plan.decisions if d.action == "pruned"]
    assert cut.subject == said[0] and "keeps its 3 newest" in cut.reason


@pytest.mark.parametrize(("old", "new", "replaced"), [
    ("We deploy the API to AWS Lambda.", "Remember that we now deploy the API to Google Cloud Run.",
     True),
    ("The API runs on port 8080.", "Remember that the API server now listens on port 9090.", True),
    # added to, not replaced
    ("We deploy the API to AWS Lambda.", "Remember that we now also deploy the API to Fly.io.",
     False),
])
def test_a_statement_of_what_holds_now_puts_the_earlier_one_in_history(
    old: str, new: str, replaced: bool
) -> None:
    files = {"project_x.md": topic("X", old)}
    plan = _plan(files, None, human(new, session="a", day=7))
    entry = parse_entry("project_x.md", plan.writes["project_x.md"])
    assert (old in entry.statements) is not replaced
    assert (f"Updated on 2026-07-13; previously: {old}" in entry.history) is replaced


@pytest.mark.parametrize(("old", "new", "replaced"), [
    # one name of up to three words put in place of another, at one spot
    ("We deploy the API to AWS Lambda.", "We deploy the API to Google Cloud Run.", True),
    ("We deploy the API with Terraform.", "We deploy the API with AWS CDK.", True),
    # what and where changed apart in the text: another fact beside it
    ("We deploy the API to AWS Lambda.", "We deploy the API docs to GitHub Pages.", False),
    ("Always use pytest for unit tests.", "Always use hypothesis for property tests.", False),
    # the name that changed is what the statement is about, not where it goes
    ("We deploy the Customer Billing API to AWS Lambda.",
     "We deploy the Search Indexer to AWS Lambda.", False),
])
def test_one_name_put_in_place_of_another_supersedes(old: str, new: str, replaced: bool) -> None:
    files = {"project_x.md": topic("X", old)}
    later = _plan(files, None, human(new, session="a", day=7))
    if replaced:
        entry = parse_entry("project_x.md", later.writes["project_x.md"])
        assert entry.statements == [new]
        assert f"Updated on 2026-07-13; previously: {old}" in entry.history
    else:  # the earlier fact stands, as current as the new one
        kept = later.writes.get("project_x.md")
        assert kept is None or old in parse_entry("project_x.md", kept).statements
        assert not any(old in line for f, t in later.writes.items()
                       for line in parse_entry(f, t).history)
    # said in one dream, the later one leads and the earlier one is history, or both stand
    same = _plan({}, None, human(old, session="a", day=0), human(new, session="b", day=7))
    entries = [parse_entry(f, t) for f, t in same.writes.items()]
    current = {s for e in entries for s in e.statements}
    assert current == ({new} if replaced else {old, new})
    assert any(old in line for e in entries for line in e.history) is replaced


def test_what_holds_now_brings_guidance_for_the_new_statement() -> None:
    files = {"project_api.md": topic(
        "API port", "The API runs on port 8080.\n\n**Why:** Stated by the user on 2026-07-01.\n\n"
        "**How to apply:** Point the load balancer at 8080.",
        extra="sources:\n- 2026-07-01 s0\n")}
    plan = _plan(files, None, human("Remember that the API server now listens on port 9090.",
                                    session="a", day=7))
    entry = parse_entry("project_api.md", plan.writes["project_api.md"])
    assert entry.statements == ["The API server now listens on port 9090."]
    assert "8080" not in entry.how  # written for the statement replaced
    assert "2026-07-13" in entry.why


def test_two_events_in_one_week_stay_two_plans() -> None:
    plan = _plan({}, None, human("The retro is next week.", session="a", day=0),
                 human("Onboarding Priya next week.", session="b", day=1))
    entries = [parse_entry(f, t) for f, t in plan.writes.items()]
    assert len(entries) == 2
    assert not any(e.history for e in entries)  # neither replaced the other
    said = " ".join(s for e in entries for s in e.statements)
    assert "retro" in said and "Priya" in said


def _current(plan) -> list[str]:  # type: ignore[no-untyped-def]
    return sorted(s for f, t in plan.writes.items() if f != "MEMORY.md"
                  for s in parse_entry(f, t).statements)


@pytest.mark.parametrize(("first", "second"), [
    ("The review is on 2026-07-10.", "The release was on 2026-07-10."),
    ("The design review is next Friday.", "We release on Friday."),
    ("The code freeze is on 2026-07-10.", "The demo is on Friday."),
    ("The v2 launch is on 2026-07-10.", "The public beta launches on 2026-07-10."),
    ("The launch is in April 2027.", "The conference is in April 2027."),
    ("The review is on 2026-07-10.", "We ship on 2026-07-10."),
    ("The v2 launch is on 2026-07-10.", "We ship v1 on 2026-07-10."),
])
def test_two_events_on_one_date_stay_two_memories(first: str, second: str) -> None:
    # said in one dream: two memories, neither a wording of the other
    plan = _plan({}, None, human(first, session="a", day=0), human(second, session="b", day=1))
    entries = [parse_entry(f, t) for f, t in plan.writes.items() if f != "MEMORY.md"]
    assert len(entries) == 2 and all(len(e.statements) == 1 for e in entries)
    assert not any(e.history for e in entries)
    # the first remembered, the second said later: the memory of the first is left as it was
    written = {"project_first.md": topic("First", first)}
    later = _plan(written, None, human(second, session="b", day=1))
    kept = later.writes.get("project_first.md", written["project_first.md"])
    entry = parse_entry("project_first.md", kept)
    assert len(entry.statements) == 1 and not entry.history and not later.deletes
    assert any(f != "project_first.md" for f in later.writes if f != "MEMORY.md")
    # two memories written apart are not merged as near-duplicates either
    both = {"project_a.md": topic("A", first), "project_b.md": topic("B", second)}
    assert not _plan(both, None).deletes


@pytest.mark.parametrize(("first", "second"), [
    ("The design review is on 2026-07-10.", "The design review is on 2026-07-10."),
    ("The design review is next Friday.", "The design review is on Friday."),
    # said more fully, or with more after it
    ("The review is on 2026-07-10.", "The design review is on 2026-07-10."),
    ("The SOC2 audit is on 2026-01-15, keep that in mind.",
     "The SOC2 audit is on 2026-01-15, so freeze the infra changes."),
])
def test_one_event_said_twice_is_one_memory(first: str, second: str) -> None:
    plan = _plan({}, None, human(first, session="a", day=0), human(second, session="b", day=2))
    assert len([f for f in plan.writes if f != "MEMORY.md"]) == 1


@pytest.mark.parametrize(("first", "second"), [
    ("The release is on 2026-07-24.", "We ship on 2026-07-24."),
    ("The release is on 2026-07-10.", "We ship on 2026-07-10."),
    ("The launch is in August.", "We ship it in August."),
    ("We launch on 2026-07-24.", "The release is on 2026-07-24."),
])
def test_one_event_called_a_release_a_launch_or_shipping_is_one_memory(
    first: str, second: str
) -> None:
    # said in one dream: one memory, one statement, no change from "launch" to "ship"
    plan = _plan({}, None, human(first, session="a", day=0), human(second, session="b", day=2))
    entries = [parse_entry(f, t) for f, t in plan.writes.items() if f != "MEMORY.md"]
    assert len(entries) == 1 and len(entries[0].statements) == 1
    assert not entries[0].history
    # the first remembered: the second says it again
    written = {"project_first.md": topic("First", first)}
    later = _plan(written, None, human(second, session="b", day=2))
    assert not [f for f in later.writes if f not in ("MEMORY.md", "project_first.md")]
    kept = parse_entry("project_first.md",
                       later.writes.get("project_first.md", written["project_first.md"]))
    assert not kept.history and not later.deletes


@pytest.mark.parametrize(
    "said",
    [
        ["Always use uv, never pip.", "Always use ruff, never flake8."],
        ["Always use pnpm, never npm.", "Always use uv, never pip.",
         "Always use ruff, never flake8."],
        ["Use pytest, not unittest.", "Use httpx, not requests."],
    ],
)
def test_rules_of_the_same_shape_about_different_tools_stay_apart(said: list[str]) -> None:
    plan = plan_dream({}, None, gather(*[human(s) for s in said]).candidates, now=NOW)
    topics = [parse_topic(t) for f, t in plan.writes.items() if f != "MEMORY.md"]
    assert sorted(t.body.split("\n\n")[0] for t in topics) == sorted(said)
    assert not any("Changed from" in t.body for t in topics)


def test_a_rule_turned_round_is_still_one_rule_changed() -> None:
    said = ["Always use pnpm, never npm.", "Always use npm, never pnpm."]
    plan = plan_dream({}, None, gather(*[human(s) for s in said]).candidates, now=NOW)
    (body,) = [parse_topic(t).body for f, t in plan.writes.items() if f != "MEMORY.md"]
    assert body.startswith("Always use npm, never pnpm.") and "Changed from pnpm to npm" in body


def test_a_new_rule_beside_a_remembered_one_of_the_same_shape_is_its_own() -> None:
    files = {"feedback_uv.md": topic("Always use uv, never pip", "Always use uv, never pip.",
                                     type_="feedback")}
    index = "- [Always use uv, never pip](feedback_uv.md) — uv\n"
    cands = gather(human("Always use ruff, never flake8.")).candidates
    plan = plan_dream(files, index, cands, now=NOW)
    assert "feedback_uv.md" not in plan.writes and not plan.deletes
    assert any("ruff" in t for f, t in plan.writes.items() if f != "MEMORY.md")


@pytest.mark.parametrize(
    ("remembered", "said"),
    [
        # a linter and a type checker, a JS and a Python package manager: both in use
        ("Always run ruff before committing.", "Always run mypy before committing."),
        ("Always run eslint before committing.", "Always run ruff before committing."),
        ("Always use pnpm.", "Always use uv."),
        ("Always use ruff, never flake8.", "Always use uv."),
    ],
)
def test_a_rule_naming_a_tool_of_another_kind_is_a_rule_beside_the_remembered_one(
    remembered: str, said: str
) -> None:
    files = {"feedback_tool.md": topic("Tool", remembered, type_="feedback")}
    plan = _plan(files, "- [Tool](feedback_tool.md) — tool\n", human(said, day=3))
    assert "feedback_tool.md" not in plan.writes and not plan.deletes
    (new,) = [parse_topic(t).body for f, t in plan.writes.items() if f != "MEMORY.md"]
    assert new.startswith(said) and "Changed from" not in new


def test_two_rules_naming_tools_of_other_kinds_in_one_dream_are_both_kept() -> None:
    plan = _plan({}, None, human("Always run ruff before committing.", session="a", day=1),
                 human("Always run mypy before committing.", session="b", day=3))
    leads = sorted(parse_topic(t).body.split("\n\n")[0]
                   for f, t in plan.writes.items() if f != "MEMORY.md")
    assert leads == ["Always run mypy before committing.", "Always run ruff before committing."]


@pytest.mark.parametrize(
    ("remembered", "said", "was", "now"),
    [
        ("Use pnpm for installing packages.", "Use yarn for installing packages.",
         "pnpm", "yarn"),
        ("Always run flake8 before committing.", "Always run ruff before committing.",
         "flake8", "ruff"),
    ],
)
def test_a_rule_naming_another_tool_of_the_same_kind_still_replaces_it(
    remembered: str, said: str, was: str, now: str
) -> None:
    files = {"feedback_tool.md": topic("Tool", remembered, type_="feedback")}
    plan = _plan(files, "- [Tool](feedback_tool.md) — tool\n", human(said, day=3))
    body = parse_topic(plan.writes["feedback_tool.md"]).body
    assert body.startswith(said) and f"Changed from {was} to {now}" in body


def test_a_rule_whose_reason_tells_a_past_event_is_written_as_a_rule_not_a_past_plan() -> None:
    plan = _plan({}, None, human(
        "Don't mock the database in these tests — we got burned last quarter when mocked tests "
        "passed but the prod migration failed."))
    (path,) = plan.writes
    body = parse_topic(plan.writes[path]).body
    assert path.startswith("feedback_")
    assert body.startswith("Don't mock the database in these tests.\n")
    assert ("**Why:** We got burned in Q2 2026 when mocked tests passed but the prod migration "
            "failed.") in body
    assert "has passed" not in body and "Plan stated" not in body


@pytest.mark.parametrize(
    ("said", "how"),
    [
        # a "never" gives no "unless the user explicitly asks for it" the user did not give (a
        # review read it as weakening "Never run migrations against prod"); a "don't" does
        ("Never force-push to main; open a PR instead.",
         "Do not force-push to main (the user said never); open a PR instead."),
        ("We never deploy on Fridays.", "Do not deploy on Fridays (the user said never)."),
        ("Don't add docstrings to private helpers.",
         "Do not add docstrings to private helpers unless the user explicitly asks for it."),
        ("Never use print for logging, use structlog.",
         "Do not use print for logging (the user said never); use structlog."),
        ("Please avoid using lodash in the frontend code.",
         "Avoid using lodash in the frontend code unless the user explicitly asks for it."),
        ("You should never log full request bodies.",
         "Do not log full request bodies (the user said never)."),
        ("Never, ever delete the audit tables.",
         "Do not delete the audit tables (the user said never)."),
        # a "never" asked to be remembered, or said as a correction
        ("Remember to never commit the .env file.",
         "Do not commit the .env file (the user said never)."),
        ("Actually, never run the migrations against prod from a laptop.",
         "Do not run the migrations against prod from a laptop (the user said never)."),
        # rules to follow, though they say "never": not something to avoid
        ("Always run the linter, never skip it.",
         "Apply this by default in this project without being reminded."),
        ("Always use pnpm for installs, never npm.",
         "Apply this by default in this project without being reminded."),
        # no action to repeat as "Do not ...", or one with its own exception
        ("I don't like emojis in commit messages.",
         "Keep to this unless the user explicitly asks otherwise."),
        ("I never use tabs for indentation.",
         "Keep to this unless the user explicitly asks otherwise."),
        ("Don't ever commit generated files unless the release script asks for them.",
         "Keep to this unless the user explicitly asks otherwise."),
        ("Avoid adding new dependencies without asking first.",
         "Keep to this unless the user explicitly asks otherwise."),
        ("We never moved to Python 3.12.",  # told of the past: no action to forbid
         "Keep to this unless the user explicitly asks otherwise."),
        ("Don't add pandas to the core dependencies, ever.",
         "Do not add pandas to the core dependencies unless the user explicitly asks for it."),
    ],
)
def test_a_rules_how_says_what_to_do_without_a_double_negative(said: str, how: str) -> None:
    plan = _plan({}, None, human(said))
    (text,) = plan.writes.values()
    entry = parse_entry("feedback_x.md", text)
    assert entry.how == how  # was "Do not do this unless ..." of "Never ..." and "Always ..."
    assert entry.generated_how  # the engine's own words: a later dream may rewrite them


@pytest.mark.parametrize(
    ("said", "title"),
    [
        # cut before the phrase that does not fit, not after its first word
        ("The user prefers pure functions over classes with mutable state in the domain layer.",
         "The user prefers pure functions over classes"),
        ("Don't ever commit generated files to the repository unless the release script asks.",
         "Don't ever commit generated files to the repository"),
        ("Only use the public API of the payments SDK, never its private modules.",
         "Only use the public API of the payments SDK"),
        ("Never rename the public API endpoints without a deprecation notice to the partners.",
         "Never rename the public API endpoints"),
        # a name is not cut in half ("at the PyData")
        ("I'm giving a talk about csvstat at the PyData Berlin meetup on 2026-07-30, so the 0.3 "
         "release has to be on PyPI before then.",
         "The user is giving a talk about csvstat"),
        # nor on a verb or a word that leads into the phrase cut off
        ("The quarterly planning offsite for the platform team is in the week after next.",
         "The quarterly planning offsite for the platform team"),
        ("The v3 API launch is planned for the end of next month together with the docs portal.",
         "The v3 API launch is planned for 2026-08-31"),
        # a whole clause before a phrase cut off ("... and our runbooks live")
        ("Our design docs live in Confluence and our runbooks live in the ops wiki space.",
         "Our design docs live in Confluence"),
        # "to" a verb goes on with, "of" inside a time: no place to cut
        ("We planned to deploy the billing service in the week of 2026-08-03.",
         "We planned to deploy the billing service"),
        # the clause with the rule, not the conjunction before it
        ("We got burned last quarter by flaky integration tests, so always rerun them once.",
         "Always rerun them once"),
        # a time is no clause break ("... at 10")
        ("From now on the team standup is every Tuesday at 10:00.",
         "The team standup is every Tuesday at 10:00"),
        # ... an aside is one: was "The retro is in the week of 2026-07-20 (the week"
        ("The retro is the week after the launch on 2026-07-15.",
         "The retro is in the week of 2026-07-20"),
        ("The retro is the week of 2026-07-27.", "The retro is the week of 2026-07-27"),
        # a colon in inline code, in a parenthesis or in an address is no clause's end (the
        # index read "[Stop adding `# type](...) — ignore` comments.")
        ("Stop adding `# type: ignore` comments.", "Stop adding `# type: ignore` comments"),
        ("Commit messages should follow Conventional Commits (feat:, fix:, chore: ...).",
         "Commit messages should follow Conventional Commits"),
        ("The Grafana dashboard moved to https://grafana.acme.internal/d/recon-v2 , the old "
         "one is gone.", "The Grafana dashboard moved to grafana.acme.internal"),
        # the subject whole, not cut after its verb: was "[The Grafana alert for p99 above 500ms
        # on /v1/charges goes] — to #payments-oncall on Slack."
        ("The Grafana alert for p99 above 500ms on /v1/charges goes to #payments-oncall on "
         "Slack.", "The Grafana alert for p99 above 500ms on /v1/charges"),
    ],
)
def test_a_long_statements_title_ends_on_a_whole_phrase(said: str, title: str) -> None:
    plan = _plan({}, None, human(said))
    (text,) = plan.writes.values()
    assert parse_topic(text).name.startswith(title)
    assert f"[{title}]" in plan.index


@pytest.mark.parametrize(
    ("statement", "title"),
    [
        ("Use pnpm for the installs of every package in each of the workspaces in this repo.",
         "Use pnpm for the installs of every package"),
        ("Use pnpm for installing every single dependency, dev tool and plugin anywhere.",
         "Use pnpm for installing every single dependency, dev tool"),
        ("Don't add pandas to the list of the runtime dependencies of the package, ever.",
         "Don't add pandas to the list of the runtime dependencies"),
        ("We need to fix the flaky checkout tests in the payments service before the audit.",
         "We need to fix the flaky checkout tests"),
        ("Supercalifragilisticexpialidocious-supercalifragilisticexpialidocious-word",
         "Supercalifragilisticexpialidocious-supercalifragilisticexpia"),
        # a wish is no clause ending at "rather" (both of a freelancer's were titled "The user")
        ("The user would rather you didn't touch the auth code in packages/auth.",
         "The user would rather you didn't touch the auth code"),
        ("The user would rather you didn't run pnpm install with --force, it wrecked the "
         "lockfile.", "The user would rather you didn't run pnpm install"),
        ("We deploy on Fridays rather than Mondays because the team is smaller then and quieter.",
         "We deploy on Fridays rather than Mondays"),
        ("Deploy logs for the payments service go to the Loki instance or Grafana Cloud.",
         "Deploy logs for the payments service"),
        # the last of a list is no clause: a note in MEMORY.md was indexed "[Staging needs the
        # WireGuard VPN up before any deploy] — or DB check."
        ("Staging needs the WireGuard VPN up before any deploy or DB check.",
         "Staging needs the WireGuard VPN up"),
    ],
)
def test_title_for_never_ends_on_a_dangling_word(statement: str, title: str) -> None:
    from autodream.engine.entries import NAME_CHARS, title_for

    assert title_for(statement) == title
    assert len(title) <= NAME_CHARS


@pytest.mark.parametrize(
    ("said", "title"),
    [
        # the date once, and a name keeps its capital ("priya joins the team")
        ("Priya joins the team on Monday.", "Was planned: Priya joins the team on 2026-07-13"),
        # within the limit (it was 87 characters)
        ("The code freeze starts next Thursday for the mobile release.",
         "Was planned: the code freeze starts on 2026-07-09"),
        # a plan whose title says it in the future is retold as before
        ("The release is next Friday.", "The release was on 2026-07-10"),
        # cut before its verb, not inside its subject (was "Was planned: The deadline"), and
        # lower case after the colon, as the body says it (was "Was planned: The deadline ...")
        ("The deadline for the SOC2 evidence package is 2026-07-10.",
         "Was planned: the deadline for the SOC2 evidence package"),
    ],
)
def test_a_passed_plans_title_names_its_date_once_within_the_limit(said: str, title: str) -> None:
    from autodream.engine.entries import NAME_CHARS

    plan = _plan({}, None, human(said))
    (text,) = plan.writes.values()
    assert parse_topic(text).name == title and len(title) <= NAME_CHARS
    assert f"[{title}]" in plan.index


@pytest.mark.parametrize(
    ("lead", "how"),
    [
        ("Never force-push to main; open a PR instead.",
         "Do not force-push to main (the user said never); open a PR instead."),
        ("Always use pnpm for installs, never npm.",
         "Apply this by default in this project without being reminded."),
    ],
)
def test_the_old_do_not_do_this_how_of_an_earlier_version_is_reworded(lead: str,
                                                                      how: str) -> None:
    files = {"feedback_x.md": topic(
        "X", f"{lead}\n\n**Why:** The user asked for this on 2026-07-01.\n"
        "**How to apply:** Do not do this unless the user explicitly asks for it.",
        type_="feedback")}
    plan = _plan(files, "- [X](feedback_x.md) — x\n")
    assert f"**How to apply:** {how}" in plan.writes["feedback_x.md"]
    assert [d.action for d in plan.decisions if d.file == "feedback_x.md"] == ["updated"]
    again = plan_dream(plan.writes, plan.index, [], now=NOW)
    assert "feedback_x.md" not in again.writes  # once


def test_a_persons_own_how_is_never_reworded() -> None:
    files = {"feedback_x.md": topic(
        "X", "Never force-push to main.\n\n**Why:** CI deploys from it.\n"
        "**How to apply:** Do not do this unless the user explicitly asks for it, ever.",
        type_="feedback")}
    assert "feedback_x.md" not in _plan(files, "- [X](feedback_x.md) — x\n").writes


def test_a_switch_named_in_one_line_of_a_hand_written_list_rewrites_that_line_only() -> None:
    files = {"tooling.md": "---\nname: Tooling\ndescription: build and lint tools\n"
             "type: project\n---\n\n- We lint with flake8 and format with black.\n"
             "- CI runs on GitHub Actions.\n- Docker images are built with kaniko.\n"}
    cands = gather(human("CI moved from GitHub Actions to Buildkite last month.")).candidates
    plan = plan_dream(files, "- [Tooling](tooling.md) — build and lint tools\n", cands,
                      now=NOW)
    topic_ = parse_topic(plan.writes["tooling.md"])
    assert topic_.body.startswith("- We lint with flake8 and format with black.\n"
                                  "- CI runs on Buildkite.\n"
                                  "- Docker images are built with kaniko.\n")
    assert topic_.description == "build and lint tools"  # the person's own, kept


def test_a_passed_plan_moved_ahead_is_upcoming_again_title_and_how_included() -> None:
    files = {"project_code-freeze.md": (
        "---\nname: 'Was planned: The code freeze starts on 2026-07-09'\n"
        "description: the code freeze\ntype: project\n---\n\n"
        "The code freeze starts on 2026-07-09, so anything for 3.2 had to land before then.\n\n"
        "**Why:** Plan stated on 2026-07-06.\n"
        "**How to apply:** 2026-07-09 has passed; check how it turned out before relying on it.\n")}
    said = human("The code freeze got pushed to August 3, so 3.2 work can still land until then.",
                 day=14)
    plan = plan_dream(files, "- [Code freeze](project_code-freeze.md) — the code freeze\n",
                      gather(said).candidates, now=NOW + timedelta(days=14))
    topic_ = parse_topic(plan.writes["project_code-freeze.md"])
    assert not topic_.name.startswith("Was planned") and "2026-08-03" in topic_.name
    assert topic_.body.startswith("The code freeze got pushed to 2026-08-03")
    assert "**How to apply:** Plan work around 2026-08-03." in topic_.body


def test_a_launch_named_by_its_version_that_slipped_moves_the_entry() -> None:
    files = {"project_launch.md": topic("4.0 launch", "The 4.0 launch is on 2026-07-30.")}
    plan = plan_dream(files, "- [4.0 launch](project_launch.md) — launch\n",
                      gather(human("The 4.0 launch slipped to August 12.")).candidates, now=NOW)
    assert list(plan.writes) in (["project_launch.md"], ["project_launch.md", "MEMORY.md"],
                                 ["MEMORY.md", "project_launch.md"])
    body = parse_topic(plan.writes["project_launch.md"]).body
    assert body.startswith("The 4.0 launch is on 2026-08-12.")
    assert "Changed from 2026-07-30 to 2026-08-12" in body


def test_two_tools_replaced_by_one_are_both_switched() -> None:
    files = {"tooling.md": "---\nname: Tooling\ndescription: build and lint tools\n"
             "type: project\n---\n\n- We lint with flake8 and format with black.\n"
             "- CI runs on GitHub Actions.\n"}
    said = human("We replaced flake8 and black with ruff for both linting and formatting.")
    plan = plan_dream(files, "- [Tooling](tooling.md) — build and lint tools\n",
                      gather(said).candidates, now=NOW)
    body = parse_topic(plan.writes["tooling.md"]).body
    assert body.startswith("- We lint with ruff and format with ruff.\n- CI runs on GitHub")
    assert "from flake8 to ruff" in body and "from black to ruff" in body


def test_a_title_does_not_stop_at_what_is_preferred() -> None:
    from autodream.engine.entries import title_for

    title = title_for("The user prefers that you ask before running any database migration.")
    assert title.startswith("The user prefers that you ask")


def test_a_rule_of_several_sentences_gets_a_how_for_its_first() -> None:
    from autodream.engine.guidance import _prohibition_how

    how = _prohibition_how("Don't add pandas. csvstat must stay dependency-free, standard "
                           "library only; statistics.quantiles is fine for this.")
    assert how == "Do not add pandas unless the user explicitly asks for it."


@pytest.mark.parametrize("existing", [False, True])
def test_a_reason_said_once_holds_when_the_rule_is_said_again_without_it(existing: bool) -> None:
    files = {"feedback_reformat.md": topic(
        "No reformatting", "Don't reformat files you didn't change.", type_="feedback")
    } if existing else {}
    index = "- [No reformatting](feedback_reformat.md) — no reformatting\n" if existing else None
    plan = _plan(files, index,
                 human("Please don't reformat files you didn't change, it makes reviews "
                       "painful.", session="s1", day=0),
                 human("Again: don't reformat files you didn't change!", session="s2", day=3))
    (text,) = plan.writes.values()
    # the later saying had no reason: the Why was a made-up "The user asked for this on ..."
    assert "**Why:** It makes reviews painful." in text


_BURNED = ("We got burned last quarter when mocked tests passed but the prod migration failed, "
           "so don't mock the database in integration tests.")


@pytest.mark.parametrize(("files", "first"), [
    # said before in the dream, or kept: the reason-first saying was a second, project memory
    ({}, "Don't mock the database in integration tests."),
    ({"feedback_mocks.md": topic("No mocked database",
                                 "Don't mock the database in integration tests.",
                                 type_="feedback")}, None),
])
def test_a_rule_said_again_with_its_reason_first_is_confirmed_with_that_reason(
        files: dict[str, str], first: str | None) -> None:
    said = ([human(first, session="s0", day=0)] if first else []) + [
        human(_BURNED, session="s5", day=5)]
    plan = _plan(files, "- [No mocked database](feedback_mocks.md) — mocks\n" if files else None,
                 *said)
    (name,) = [f for f in plan.writes if f != "MEMORY.md"]
    entry = parse_entry(name, plan.writes[name])
    assert (entry.type, entry.lead) == ("feedback", "Don't mock the database in integration tests.")
    assert entry.why == ("We got burned in Q2 2026 when mocked tests passed but the prod "
                         "migration failed.")


def test_a_rule_said_again_with_its_reason_first_keeps_the_reason_it_had() -> None:
    files = {"feedback_mocks.md": topic(
        "No mocked database", "Don't mock the database in integration tests.\n\n"
        "**Why:** Mocks hid a broken migration.", type_="feedback")}
    plan = _plan(files, "- [No mocked database](feedback_mocks.md) — mocks\n",
                 human(_BURNED, session="s5", day=5))
    assert [f for f in plan.writes if f != "MEMORY.md"] == []


@pytest.mark.parametrize(("lead", "said", "now", "history"), [
    ("Prod is prd-us-1.", "Prod is now prd-eu-2, we migrated last weekend.",
     "Prod is now prd-eu-2, we migrated on the weekend of 2026-07-04.",
     "Changed from prd-us-1 to prd-eu-2 on the weekend of 2026-07-04; previously prd-us-1."),
    ("The main branch is master.", "Our main branch is now trunk, renamed it yesterday.",
     "Our main branch is now trunk, renamed it on 2026-07-08.",
     "Changed from master to trunk on 2026-07-08; previously master."),
    ("The staging DB is db-stg-1.", "The staging DB is now db-stg-3, we moved it yesterday.",
     "The staging DB is now db-stg-3, we moved it on 2026-07-08.",
     "Changed from db-stg-1 to db-stg-3 on 2026-07-08; previously db-stg-1."),
    ("The staging DB is db-stg-1.", "The staging DB is now db-stg-3, we moved it on Monday.",
     "The staging DB is now db-stg-3, we moved it on 2026-07-06.",
     "Changed from db-stg-1 to db-stg-3 on 2026-07-06; previously db-stg-1."),
    # the date in what holds now is the new value, not when it changed
    ("The release is on 2026-07-24.", "The release is now on 2026-07-31, we moved it yesterday.",
     "The release is now on 2026-07-31, we moved it on 2026-07-08.",
     "Changed from 2026-07-24 to 2026-07-31 on 2026-07-08; previously 2026-07-24."),
])
def test_a_new_value_told_with_when_it_was_changed_supersedes_the_entry(
    lead: str, said: str, now: str, history: str
) -> None:
    # "..., we migrated last weekend" is said of the change, not of what holds: it neither
    # hides the entry the value belongs to nor dates anything but the change
    files = {"project_x.md": topic("X", lead)}
    plan = _plan(files, "- [X](project_x.md) — x\n", human(said, day=3))
    assert [f for f in plan.writes if f != "MEMORY.md"] == ["project_x.md"]
    entry = parse_entry("project_x.md", plan.writes["project_x.md"])
    assert entry.statements == [now]
    assert entry.history == [history]


def test_a_value_remembered_already_told_with_when_it_changed_stays_one_entry() -> None:
    files = {"project_x.md": topic("X", "Prod is now prd-eu-2.")}
    plan = _plan(files, "- [X](project_x.md) — x\n",
                 human("Prod is now prd-eu-2, we migrated last weekend.", day=3))
    assert [f for f in plan.writes if f != "MEMORY.md"] == ["project_x.md"]
    entry = parse_entry("project_x.md", plan.writes["project_x.md"])
    assert entry.statements == ["Prod is now prd-eu-2, we migrated on the weekend of 2026-07-04."]
    assert entry.history == []  # nothing it said has ended


def _said_of_rule(rule: str, said: str):  # type: ignore[no-untyped-def]
    """A dream over one dated feedback rule, told ``said`` three days into the week."""
    files = {"feedback_rule.md": topic("Rule", rule, type_="feedback",
                                       extra="sources:\n- 2026-06-01 s0\n")}
    return _plan(files, "- [Rule](feedback_rule.md) — rule\n", human(said, session="s3", day=3))


@pytest.mark.parametrize(("rule", "said"), [
    ("We always squash-merge pull requests.", "Our convention is to squash-merge."),
    ("We rebase onto main before every merge.", "Always rebase before merging."),
    ("Don't push directly to main.", "Never push straight to main."),
    # one clause of a rule said again
    ("Always use pnpm for installs, never npm.", "Always use pnpm for installs in this repo."),
    # a word said another way: was "Changed from change to touch"
    ("Don't reformat files you didn't change.", "Don't reformat files you didn't touch."),
    ("Never modify the generated code.", "Never edit the generated code."),
    # a preference said as wanted ("The user prefers ...") is the rule said as an imperative
    ("Keep explanations short.", "I prefer short explanations."),
    ("Keep answers short.", "I like short answers."),
    ("Use tabs for indentation.", "I prefer tabs for indentation."),
    # a tracker's tickets are its issues: was "Changed from issues to tickets"
    ("Always file bugs as GitHub issues.", "Always file bugs as GitHub tickets."),
    # a limit kept is a limit stayed under: was "Updated on ...; previously: Keep PRs ..."
    ("Keep PRs under 400 lines.", "PRs should stay under 400 lines."),
    # weight put on it is no new rule: was a second memory "..., seriously."
    ("Keep PRs under 400 lines.", "Keep PRs under 400 lines, seriously."),
    ("Keep PRs small.", "PRs should stay small."),
    ("Keep the repo private.", "The repo should stay private."),
])
def test_a_rule_said_again_in_other_words_is_confirmed_not_added(rule: str, said: str) -> None:
    plan = _said_of_rule(rule, said)
    assert [f for f in plan.writes if f != "MEMORY.md"] == ["feedback_rule.md"]
    written = parse_topic(plan.writes["feedback_rule.md"])
    assert written.body == f"{rule}\n"  # in its own words
    assert written.extra["sources"] == ["2026-06-01 s0", "2026-07-09 s3"]
    assert [d.action for d in plan.decisions if d.file == "feedback_rule.md"] == ["confirmed"]


@pytest.mark.parametrize(("rule", "said"), [
    ("Always squash-merge pull requests.", "Never squash-merge pull requests."),
    ("Always squash-merge pull requests.", "Never squash-merge."),
    ("Always run ruff before committing.", "Always run mypy before committing."),
    ("Always use pnpm, never npm.", "Never use pnpm."),
    ("We switched to pnpm but went back to npm.", "Our convention is pnpm."),
    ("Until we switch to pnpm, keep using npm.", "Our convention is pnpm."),
])
def test_a_rule_turned_round_or_about_something_else_is_no_restatement(
    rule: str, said: str
) -> None:
    plan = _said_of_rule(rule, said)
    assert "confirmed" not in [d.action for d in plan.decisions]
    assert any(said.rstrip(".") in parse_topic(t).body
               for f, t in plan.writes.items() if f != "MEMORY.md")


@pytest.mark.parametrize(("rule", "said"), [
    # wanted alike, but for something the rule is not about: a memory of its own
    ("Keep the changelog updated for every release.", "I like the changelog."),
    ("Write docstrings for every public function in the api package.", "I like docstrings."),
])
def test_a_preference_about_part_of_a_rule_is_no_restatement_of_it(rule: str, said: str) -> None:
    plan = _said_of_rule(rule, said)
    assert "confirmed" not in [d.action for d in plan.decisions]
    assert "feedback_rule.md" not in plan.writes


def test_a_fact_said_again_with_tickets_for_issues_is_confirmed_not_rewritten() -> None:
    files = {"project_bugs.md": topic("Bugs", "We use GitHub issues for bugs.",
                                      extra="sources:\n- 2026-06-01 s0\n")}
    plan = _plan(files, "- [Bugs](project_bugs.md) — bugs\n",
                 human("We use GitHub tickets for bugs.", session="s3", day=3))
    entry = parse_entry("project_bugs.md", plan.writes["project_bugs.md"])
    assert entry.statements == ["We use GitHub issues for bugs."]
    assert entry.history == []  # was "Updated on ...; previously: We use GitHub issues ..."
    assert [d.action for d in plan.decisions if d.file == "project_bugs.md"] == ["confirmed"]


@pytest.mark.parametrize("said", [
    ("We use GitHub issues for bugs.", "We use GitHub tickets for bugs."),
    ("Always file bugs as GitHub issues.", "Always file bugs as GitHub tickets."),
])
def test_issues_then_tickets_in_one_dream_is_one_statement_with_no_history(
    said: tuple[str, str]
) -> None:
    plan = _plan({}, None, human(said[0], session="s1", day=0),
                 human(said[1], session="s2", day=3))
    (name,) = [f for f in plan.writes if f != "MEMORY.md"]
    entry = parse_entry(name, plan.writes[name])
    assert entry.statements == [said[1]]  # was both, or the first as history
    assert entry.history == []


def test_a_change_dated_by_its_weekend_reads_back_as_history() -> None:
    files = {"project_x.md": topic("X", "Prod is prd-us-1.")}
    first = _plan(files, "- [X](project_x.md) — x\n",
                  human("Prod is now prd-eu-2, we migrated last weekend.", day=3))
    again = plan_dream(dict(first.writes), first.index, [], now=NOW)
    assert again.writes == {}
    entry = parse_entry("project_x.md", first.writes["project_x.md"])
    assert entry.statements == ["Prod is now prd-eu-2, we migrated on the weekend of 2026-07-04."]
    assert entry.history == [
        "Changed from prd-us-1 to prd-eu-2 on the weekend of 2026-07-04; previously prd-us-1."]


def test_a_rule_said_twice_in_other_words_in_one_dream_has_no_history() -> None:
    plan = _plan({}, None,
                 human("Please don't reformat files you didn't change.", session="s1", day=0),
                 human("Again: don't reformat files you didn't touch.", session="s2", day=3))
    (name,) = [f for f in plan.writes if f != "MEMORY.md"]
    entry = parse_entry(name, plan.writes[name])
    assert entry.history == []  # was "Changed from change to touch on ..."


@pytest.mark.parametrize(("rule", "said"), [
    ("Always squash-merge pull requests.", "Never squash-merge."),
    ("We always squash-merge pull requests.", "On second thought, never squash-merge."),
    ("We always deploy the api on Fridays after review.", "Never deploy on Fridays."),
    # what is used instead is what the rule forbade; with its verb said once for both clauses
    ("Don't use spaces.", "Use spaces instead."),
    ("Always use tabs and never spaces.", "Use spaces instead."),
    ("Always use tabs, never spaces.", "Let's use spaces instead."),
])
def test_a_rule_turned_round_replaces_the_rule_it_turns(rule: str, said: str) -> None:
    # it was a second feedback file beside the first: memory said both "always" and "never"
    plan = _said_of_rule(rule, said)
    assert [f for f in plan.writes if f != "MEMORY.md"] == ["feedback_rule.md"]
    entry = parse_entry("feedback_rule.md", plan.writes["feedback_rule.md"])
    assert rule not in entry.statements
    assert entry.history == [f"Updated on 2026-07-09; previously: {rule}"]
    (decision,) = [d for d in plan.decisions if d.file == "feedback_rule.md"]
    assert decision.action == "superseded" and "turned round" in decision.reason


@pytest.mark.parametrize(("rule", "said"), [
    # "instead" is said against something else: file names are not what spaces indent
    ("Don't use spaces in file names.", "Use spaces instead."),
    ("Write tests first, no mocks.", "Use mocks."),
])
def test_a_rule_used_instead_of_another_leaves_a_rule_about_more(rule: str, said: str) -> None:
    plan = _said_of_rule(rule, said)
    assert "feedback_rule.md" not in plan.writes
    (made,) = [f for f in plan.writes if f != "MEMORY.md"]
    assert parse_entry(made, plan.writes[made]).statements == [said]


# A rule said as added to another, as its memory of its own says it: alone, without the word
# that said it adds ("either", "too", "as well", "also")
_ALONE = {
    "Never push to the release branch either.": "Never push to the release branch.",
    "Never push to the release branch too.": "Never push to the release branch.",
    "Never push to the release branch as well.": "Never push to the release branch.",
    "Also never push to the release branch.": "Never push to the release branch.",
    "Don't use yarn either.": "Don't use yarn.",
    "Always run the unit tests before committing too.":
        "Always run the unit tests before committing.",
}


@pytest.mark.parametrize(("rule", "said"), [
    # said as added to the rule
    ("Never push to main branch.", "Never push to the release branch either."),
    ("Never push to main branch.", "Never push to the release branch too."),
    ("Never push to main branch.", "Never push to the release branch as well."),
    ("Never push to main branch.", "Also never push to the release branch."),
    ("Don't use npm.", "Don't use yarn either."),
    ("Always run ruff before committing.", "Always run the unit tests before committing too."),
    # a prohibition of something else: what is forbidden grows
    ("Never push to main.", "Never push to release."),
    ("Never merge without review.", "Never merge without CI passing."),
    # a thing of its own to do: what is done grows
    ("Always run the unit tests before committing.", "Always run the linter before committing."),
    ("We always run the unit tests before committing.",
     "We always run the linter before committing."),
    ("Always update the changelog in the same PR.", "Always update the docs in the same PR."),
    ("Always add a test for every bug fix.", "Always add a changelog entry for every bug fix."),
    ("Always write docstrings for public functions.",
     "Always write type hints for public functions."),
    ("Always check the logs before deploying.", "Always check the dashboards before deploying."),
    ("Always run pytest before pushing.", "Always run the linter before pushing."),
    # a thing of its own to use, not another way of one choice: both are used
    ("Always use type hints.", "Always use f-strings."),
    ("Always use docstrings.", "Always use f-strings."),
    ("Use conventional commits for commit messages.", "Use present tense for commit messages."),
    ("Always prefer dataclasses.", "Always prefer f-strings."),
    ("Always use tabs.", "Always use pnpm."),
    ("Always use ruff.", "Always use isort."),
    ("Always prefer type hints over comments.", "Always prefer docstrings over comments."),
    # a change of another rule
    ("Never push to main.", "Always use f-strings instead."),
])
def test_a_rule_about_another_thing_is_remembered_beside_the_rule(rule: str, said: str) -> None:
    # it was the rule's entry rewritten to the new one, "previously: Never push to main branch."
    plan = _said_of_rule(rule, said)
    entries = {f: parse_entry(f, t) for f, t in plan.writes.items() if f != "MEMORY.md"}
    kept = entries.get("feedback_rule.md")
    assert kept is None or (kept.statements == [rule] and not kept.history)
    assert not plan.deletes
    (added,) = [e for f, e in entries.items() if f != "feedback_rule.md"]
    alone = _ALONE.get(said, said)
    assert added.statements == [alone] and not added.history
    assert not {"either", "too", "well", "also"} & set(
        re.findall(r"\w+", f"{added.name} {added.how}".lower()))
    # said in one dream: two memories, neither history of the other
    both = _plan({}, None, human(rule, session="s0", day=0), human(said, session="s3", day=3))
    current = [parse_entry(f, t) for f, t in both.writes.items() if f != "MEMORY.md"]
    assert sorted(s for e in current for s in e.statements) == sorted([rule, alone])
    assert not any(e.history for e in current)


@pytest.mark.parametrize(("rule", "said", "alone"), [
    # a correction that forbids another thing, or says it adds, still adds to the rule
    ("Never push to release.", "No, never push to main.", "Never push to main."),
    ("Never push to main branch.", "Actually, never push to the release branch either.",
     "Never push to the release branch."),
    ("Always run the unit tests before committing.",
     "Actually, always run the linter before committing too.",
     "Always run the linter before committing."),
])
def test_a_correction_adding_a_rule_is_remembered_beside_it(
        rule: str, said: str, alone: str) -> None:
    plan = _said_of_rule(rule, said)
    entries = {f: parse_entry(f, t) for f, t in plan.writes.items() if f != "MEMORY.md"}
    assert "feedback_rule.md" not in entries and not plan.deletes
    (added,) = entries.values()
    assert added.statements == [alone] and not added.history


@pytest.mark.parametrize(("rule", "said"), [
    # forbids another thing and says what to do instead, of neither what the rule forbids
    ("Never push to release.", "No, never push to main; push to develop."),
    ("Never push to release.", "Never push to main; push to develop."),
    ("Never push to main.", "Actually, never push to release; push to develop."),
    ("Never force-push to main.", "No, never push to release; push to main."),
])
def test_a_rule_forbidding_another_thing_with_what_to_do_instead_is_remembered_beside_it(
        rule: str, said: str) -> None:
    # the rule was rewritten to the new one, "Changed from release to main ...; previously
    # release.", and "Never push to release" was lost
    alone = re.sub(r"^(?:No|Actually), (\w)", lambda m: m[1].upper(), said)
    plan = _said_of_rule(rule, said)
    entries = {f: parse_entry(f, t) for f, t in plan.writes.items() if f != "MEMORY.md"}
    assert "feedback_rule.md" not in entries and not plan.deletes
    (added,) = entries.values()
    assert added.statements == [alone] and not added.history
    both = _plan({}, None, human(rule, session="s0", day=0), human(said, session="s3", day=3))
    current = [parse_entry(f, t) for f, t in both.writes.items() if f != "MEMORY.md"]
    assert sorted(s for e in current for s in e.statements) == sorted([rule, alone])
    assert not any(e.history for e in current)


@pytest.mark.parametrize(("rule", "said", "now"), [
    # of what the rule forbids, or asks for: the rule changed
    ("Never push to main.", "No, never push to main; push to develop.",
     "Never push to main; push to develop."),
    ("Push to main.", "No, never push to main; push to develop.",
     "Never push to main; push to develop."),
    ("Never push to develop.", "No, never push to main; push to develop.",
     "Never push to main; push to develop."),
    ("Never push to release.", "No, never push to main; push to release.",
     "Never push to main; push to release."),
])
def test_a_rule_told_what_to_do_instead_of_what_it_names_is_one_memory(
        rule: str, said: str, now: str) -> None:
    plan = _said_of_rule(rule, said)
    assert [f for f in plan.writes if f != "MEMORY.md"] == ["feedback_rule.md"]
    assert parse_entry("feedback_rule.md", plan.writes["feedback_rule.md"]).statements == [now]


@pytest.mark.parametrize(("rule", "said"), [
    ("Never push to develop.", "No, never push to main; push to develop."),
    ("Never push to release.", "No, never push to main; push to release."),
    ("Don't use tabs.", "No, don't use spaces; use tabs."),
])
def test_a_rule_told_to_do_what_it_forbade_names_the_rule_it_replaced(
        rule: str, said: str) -> None:
    # it was "Changed from develop to main ...; previously develop.", read as pushing to
    # develop before, when it was forbidden
    now = said.removeprefix("No, ")
    now = now[0].upper() + now[1:]
    remembered = parse_entry("feedback_rule.md",
                             _said_of_rule(rule, said).writes["feedback_rule.md"])
    plan = _plan({}, None, human(rule, session="s0", day=0), human(said, session="s3", day=3))
    (in_one_dream,) = [parse_entry(f, t) for f, t in plan.writes.items() if f != "MEMORY.md"]
    for entry in (remembered, in_one_dream):
        assert entry.statements == [now]
        assert entry.history == [f"Updated on 2026-07-09; previously: {rule}"]


@pytest.mark.parametrize(("rule", "said", "alone", "how"), [
    ("Never push to main branch.", "Never push to the release branch either.",
     "Never push to the release branch.",
     "Do not push to the release branch (the user said never)."),
    ("Never commit secrets.", "We also never commit build artifacts.",
     "We never commit build artifacts.",
     "Do not commit build artifacts (the user said never)."),
    ("Always run the unit tests before committing.",
     "Always run the linter before committing as well.",
     "Always run the linter before committing.",
     "Apply this by default in this project without being reminded."),
])
def test_a_rule_added_to_another_is_remembered_as_a_whole_rule(
        rule: str, said: str, alone: str, how: str) -> None:
    # it kept "either" in its statement and name, and its How read "Do not push to the
    # release branch either unless ..."
    remembered = _said_of_rule(rule, said)
    both = _plan({}, None, human(rule, session="s0", day=0), human(said, session="s3", day=3))
    for plan in (remembered, both):
        (added,) = [parse_entry(f, t) for f, t in plan.writes.items()
                    if f != "MEMORY.md" and rule not in t]
        assert added.statements == [alone]
        assert added.how == how
        assert not {"either", "too", "well", "also"} & set(re.findall(r"\w+", added.name.lower()))


@pytest.mark.parametrize(("said", "kept"), [
    # not a rule: what the user knows keeps its word
    ("I'm also comfortable with TypeScript.", "also"),
    # "either" of a choice, not of another rule
    ("Don't use either npm or yarn.", "either"),
])
def test_a_statement_keeps_an_additive_word_that_is_no_rule_added(said: str, kept: str) -> None:
    plan = _plan({}, None, human(said, day=3))
    texts = [t for f, t in plan.writes.items() if f != "MEMORY.md"]
    assert texts and all(kept in t for t in texts)


_INSTEAD = [
    ("Always use type hints.", "Always use f-strings instead."),
    ("Always run the unit tests before committing.",
     "Always run the linter before committing instead."),
    ("Always write docstrings for public functions.",
     "Always write type hints for public functions instead."),
]


@pytest.mark.parametrize(("rule", "said", "now"), [
    ("Never push to main.", "Actually, do push to main directly now.",
     "Do push to main directly now."),
    ("Never push to develop.", "No, never push to main; push to develop.",
     "Never push to main; push to develop."),
    ("Always use pnpm for installs.", "Always use yarn for installs.",
     "Always use yarn for installs."),
    ("Never run more than 4 workers.", "Never run more than 8 workers.",
     "Never run more than 8 workers."),
    # told as a change, a thing chosen takes the place of another
    ("Always use type hints.", "Actually, always use f-strings.", "Always use f-strings."),
    # ... and so does a thing done: a correction says the other was wrong
    ("Always run the unit tests before committing.",
     "Actually, always run the linter before committing.",
     "Always run the linter before committing."),
    ("Always run the unit tests before committing.",
     "No, always run the linter before committing.", "Always run the linter before committing."),
    ("Always update the changelog in the same PR.",
     "Actually, always update the docs in the same PR.", "Always update the docs in the same PR."),
    ("Always check the logs before deploying.",
     "No, always check the dashboards before deploying.",
     "Always check the dashboards before deploying."),
    # "instead" at its end tells the change too, and is no thing of its own
    *((rule, said, said) for rule, said in _INSTEAD),
    ("Use conventional commits for commit messages.",
     "Actually, use present tense for commit messages.",
     "Use present tense for commit messages."),
    ("Always use single quotes.", "Always use double quotes instead.",
     "Always use double quotes instead."),
    *((rule, said, said) for rule, said in [
        # one thing chosen in place of another of its kind
        ("Always use tabs.", "Always use spaces."),
        ("Always use pnpm.", "Always use yarn."),
        ("Always indent with tabs.", "Always indent with spaces."),
        ("Always run pytest before pushing.", "Always run unittest before pushing."),
        ("Always run the tests with pytest.", "Always run the tests with unittest."),
        ("Always write services in Go.", "Always write services in Rust."),
        # ways of one choice: one head word, one kind of tool, names for one purpose
        ("Always use single quotes.", "Always use double quotes."),
        ("Use snake_case for function names.", "Use camelCase for function names."),
        ("Use kebab-case for file names.", "Use PascalCase for file names."),
        ("Use squash merges.", "Use rebase merges."),
        ("Use tabs for indentation.", "Use spaces for indentation."),
        ("Use pytest for new tests.", "Use unittest for new tests."),
        ("Use Jira for tickets.", "Use Linear for tickets."),
        ("Use structlog for logging.", "Use loguru for logging."),
        ("Prefer httpx over requests.", "Prefer aiohttp over requests."),
        # against the other side of a choice of two: both cannot hold
        ("Don't use tabs.", "Don't use spaces."),
        ("Never indent with tabs.", "Never indent with spaces."),
    ]),
])
def test_a_rule_changed_still_replaces_the_rule(rule: str, said: str, now: str) -> None:
    plan = _said_of_rule(rule, said)
    assert [f for f in plan.writes if f != "MEMORY.md"] == ["feedback_rule.md"]
    entry = parse_entry("feedback_rule.md", plan.writes["feedback_rule.md"])
    assert entry.statements == [now]
    assert entry.history and any(d.action == "superseded" for d in plan.decisions)


@pytest.mark.parametrize(("rule", "said"), [
    ("Always use tabs.", "Always use spaces."),
    ("Always use pnpm.", "Always use yarn."),
    ("Always run pytest before pushing.", "Always run unittest before pushing."),
    ("Don't use tabs.", "Don't use spaces."),
    ("Never indent with tabs.", "Never indent with spaces."),
    ("Always use single quotes.", "Always use double quotes."),
    ("Use snake_case for function names.", "Use camelCase for function names."),
    ("Use Jira for tickets.", "Use Linear for tickets."),
    *_INSTEAD,
])
def test_a_rule_changed_in_one_dream_leaves_one_memory(rule: str, said: str) -> None:
    # "Don't use tabs" then "Don't use spaces" were two memories, each forbidding what the
    # other left as the only way to indent
    plan = _plan({}, None, human(rule, session="s0", day=0), human(said, session="s3", day=3))
    (entry,) = [parse_entry(f, t) for f, t in plan.writes.items() if f != "MEMORY.md"]
    assert entry.statements == [said] and entry.history


@pytest.mark.parametrize(("rule", "said", "was"), [
    ("Always write short explanations.", "Always write detailed explanations.", "short"),
    ("Always write detailed explanations.", "Always write short explanations.", "detailed"),
    ("Always write small PRs.", "Always write large PRs.", "small"),
    ("Always write verbose logs.", "Always write terse logs.", "verbose"),
    ("Always write short commit messages.", "Always write long commit messages.", "short"),
    ("Always log quiet output.", "Always log verbose output.", "quiet"),
])
def test_a_rule_changed_in_how_the_thing_is_done_replaces_it(
        rule: str, said: str, was: str) -> None:
    # both were kept, two memories that contradict each other: "short" read as the thing
    # written, and things written add up
    remembered = parse_entry("feedback_rule.md",
                             _said_of_rule(rule, said).writes["feedback_rule.md"])
    plan = _plan({}, None, human(rule, session="s0", day=0), human(said, session="s3", day=3))
    (in_one_dream,) = [parse_entry(f, t) for f, t in plan.writes.items() if f != "MEMORY.md"]
    for entry in (remembered, in_one_dream):
        assert entry.statements == [said]
        (history,) = entry.history
        assert "2026-07-09" in history and was in history


@pytest.mark.parametrize(("rule", "said"), [
    # another thing done, though named by a word before the same noun
    ("Always run the unit tests before committing.",
     "Always run the integration tests before committing."),
    # the same quality of another thing
    ("Always write detailed docstrings.", "Always write short commit messages."),
])
def test_another_thing_done_is_still_remembered_beside_the_rule(rule: str, said: str) -> None:
    plan = _said_of_rule(rule, said)
    entries = {f: parse_entry(f, t) for f, t in plan.writes.items() if f != "MEMORY.md"}
    assert "feedback_rule.md" not in entries and not plan.deletes
    (added,) = entries.values()
    assert added.statements == [said] and not added.history
    both = _plan({}, None, human(rule, session="s0", day=0), human(said, session="s3", day=3))
    current = [parse_entry(f, t) for f, t in both.writes.items() if f != "MEMORY.md"]
    assert sorted(s for e in current for s in e.statements) == sorted([rule, said])


@pytest.mark.parametrize(("rule", "said", "now"), [
    # a rule against the other side of a choice: it was "Changed from tabs to spaces", read as
    # indenting with spaces, now forbidden
    ("Don't use tabs.", "Don't use spaces.", "Don't use spaces."),
    ("Never indent with tabs.", "Never indent with spaces.", "Never indent with spaces."),
    ("Don't use spaces.", "Always use spaces.", "Always use spaces."),
    ("Always use tabs.", "Don't use tabs.", "Don't use tabs."),
    ("Always squash-merge pull requests.", "Never squash-merge pull requests.",
     "Never squash-merge pull requests."),
    ("Never force-push to main.", "Always force-push to main.", "Always force-push to main."),
    ("Always use tabs.", "Never use tabs.", "Never use tabs."),
    # a choice turned round trades the two things it named
    ("Use tabs rather than spaces.", "Use spaces instead.", "Use spaces rather than tabs."),
    ("Use tabs instead of spaces.", "Use spaces instead.", "Use spaces instead of tabs."),
    ("Use tabs, not spaces.", "Use spaces instead.", "Use spaces, not tabs."),
    ("Use tabs rather than spaces.", "Always use spaces.", "Use spaces rather than tabs."),
    ("Use single quotes rather than double quotes.", "Use double quotes instead.",
     "Use double quotes rather than single quotes."),
])
def test_a_rule_or_choice_turned_round_names_the_rule_it_replaced(
        rule: str, said: str, now: str) -> None:
    # it was "Changed from Don to Always; previously Don." ("... from Always to Never;
    # previously Always."): the word that turned names no rule; and "Use spaces instead" names
    # nothing the rule does not: it read as said again (the rule kept, or both kept, one after
    # the other, memory contradicting itself)
    remembered = parse_entry("feedback_rule.md",
                             _said_of_rule(rule, said).writes["feedback_rule.md"])
    plan = _plan({}, None, human(rule, session="s0", day=0), human(said, session="s3", day=3))
    (in_one_dream,) = [parse_entry(f, t) for f, t in plan.writes.items() if f != "MEMORY.md"]
    for entry in (remembered, in_one_dream):
        assert entry.statements == [now]
        assert entry.history == [f"Updated on 2026-07-09; previously: {rule}"]


@pytest.mark.parametrize(("rule", "said", "file"), [
    ("Don't use spaces.", "Use spaces instead.", "feedback_use-spaces-instead.md"),
    ("Use tabs rather than spaces.", "Use spaces instead.", "feedback_spaces-instead-tabs.md"),
    ("Use tabs, not spaces.", "Use spaces instead.", "feedback_spaces-instead-tabs.md"),
])
def test_a_rule_turned_round_in_one_dream_is_filed_for_the_rule_that_holds(
        rule: str, said: str, file: str) -> None:
    # it was filed for the rule it turned round ("feedback_dont-use-spaces.md" holding "Use
    # spaces instead")
    plan = _plan({}, None, human(rule, session="s0", day=0), human(said, session="s3", day=3))
    assert [f for f in plan.writes if f != "MEMORY.md"] == [file]
    assert f"]({file})" in plan.index
    assert {d.file for d in plan.decisions if d.file} == {file}
    # a file kept from before keeps its name
    old = file.replace("use-spaces-instead", "dont-use-spaces").replace(
        "spaces-instead-tabs", "tabs-instead-spaces")
    kept = _plan({old: topic("Rule", rule, type_="feedback", extra="sources:\n- 2026-06-01 s0\n")},
                 f"- [Rule]({old}) — rule\n", human(said, session="s3", day=3))
    assert [f for f in kept.writes if f != "MEMORY.md"] == [old] and not kept.deletes


@pytest.mark.parametrize(("rule", "said"), [
    # another thing: a rule of its own
    ("Use tabs rather than spaces.", "Use spaces in file names."),
    ("Use tabs rather than spaces.", "Never use spaces in file names."),
])
def test_a_rule_of_something_else_is_kept_beside_a_choice_set_against_it(
        rule: str, said: str) -> None:
    plan = _said_of_rule(rule, said)
    assert "feedback_rule.md" not in plan.writes and not plan.deletes


@pytest.mark.parametrize(("rule", "said"), [
    ("Push to main.", "No, never push to main; push to develop."),
    ("Use tabs for indentation.", "No, never use tabs for indentation; use spaces."),
    ("Squash-merge pull requests.", "Actually, never squash-merge pull requests; rebase them."),
])
def test_a_rule_turned_round_by_one_clause_of_a_correction_names_the_rule_it_replaced(
        rule: str, said: str) -> None:
    now = said.split(", ", 1)[1]
    # the old rule's words are all in the correction, so it read as said again: the entry
    # took the new wording and the rule it replaced was gone without a trace
    plan = _said_of_rule(rule, said)
    assert [f for f in plan.writes if f != "MEMORY.md"] == ["feedback_rule.md"]
    entry = parse_entry("feedback_rule.md", plan.writes["feedback_rule.md"])
    assert entry.statements == [now[:1].upper() + now[1:]]
    assert entry.history == [f"Updated on 2026-07-09; previously: {rule}"]
    assert any(d.action == "superseded" for d in plan.decisions)


def test_a_correction_about_one_branch_is_kept_beside_a_rule_about_every_branch() -> None:
    # "Never push directly" may still hold for every branch but develop: neither is dropped
    rule = "Never push directly."
    plan = _said_of_rule(rule, "No, never push to main; push to develop.")
    assert "feedback_rule.md" not in plan.writes and not plan.deletes
    (added,) = [parse_entry(f, t) for f, t in plan.writes.items() if f != "MEMORY.md"]
    assert added.statements == ["Never push to main; push to develop."] and not added.history


def test_a_rule_turned_round_in_one_clause_names_the_whole_rule() -> None:
    # it was "Changed from Always to Never; previously Always."
    rule, said = "Always use pnpm, never npm.", "Never use pnpm."
    entry = parse_entry("feedback_rule.md", _said_of_rule(rule, said).writes["feedback_rule.md"])
    assert entry.statements == [said]
    assert entry.history == [f"Updated on 2026-07-09; previously: {rule}"]


@pytest.mark.parametrize(("rule", "said"), [
    ("Always use pnpm, never npm.", "Never use pnpm."),
    ("Always use tabs, never spaces.", "Never use tabs."),
    ("Never use spaces, always tabs.", "Always use spaces."),
])
def test_a_rule_turned_round_in_one_clause_in_one_dream_leaves_only_the_new_rule(
        rule: str, said: str) -> None:
    # the old rule stayed in the body above the line naming it, as it says the word ("never")
    # that the new one turned round with
    plan = _plan({}, None, human(rule, session="s0", day=0), human(said, session="s1", day=1))
    (entry,) = [parse_entry(f, t) for f, t in plan.writes.items() if f != "MEMORY.md"]
    assert entry.statements == [said]
    assert entry.history == [f"Updated on 2026-07-07; previously: {rule}"]


@pytest.mark.parametrize(("rule", "said"), [
    ("Don't use npm.", "Never use npm."),
    ("We no longer use yarn.", "Never use yarn."),
])
def test_a_remembered_rule_against_a_thing_said_anew_tells_no_word_changed(
        rule: str, said: str) -> None:
    # it was "Changed from Don to Never on 2026-07-09; previously Don."
    body = parse_topic(_said_of_rule(rule, said).writes["feedback_rule.md"]).body
    assert "Changed from" not in body and rule in body


@pytest.mark.parametrize(("rule", "said"), [
    ("Don't use npm.", "Never use npm."),
    ("Never use npm.", "Don't use npm."),
    ("Never force-push to main.", "Don't force-push to main."),
    ("Don't mock the database.", "Never mock the database."),
])
def test_a_rule_forbidding_said_with_another_word_of_forbidding_is_the_same_rule(
        rule: str, said: str) -> None:
    # it was the rule replaced by itself: "Updated on 2026-07-09; previously: Don't use npm."
    plan = _said_of_rule(rule, said)
    entry = parse_entry("feedback_rule.md", plan.writes["feedback_rule.md"])
    assert entry.statements == [rule] and not entry.history
    assert not any(d.action == "superseded" for d in plan.decisions)
    both = _plan({}, None, human(rule, session="s0", day=0), human(said, session="s3", day=3))
    (in_one_dream,) = [parse_entry(f, t) for f, t in both.writes.items() if f != "MEMORY.md"]
    assert not in_one_dream.history


def test_a_rule_about_another_tool_turns_nothing_round() -> None:
    files = {"feedback_rule.md": topic("Rule", "Always run ruff before committing.",
                                       type_="feedback", extra="sources:\n- 2026-06-01 s0\n")}
    plan = _plan(files, "- [Rule](feedback_rule.md) — rule\n",
                 human("Never run mypy.", session="s3", day=3))
    assert "feedback_rule.md" not in plan.writes


def test_the_other_facts_of_a_hand_written_list_survive_a_superseded_lead() -> None:
    facts = ["- CI tests Python 3.8, 3.9, 3.10, 3.11 and 3.12.",
             "- The wheel is pure Python, tagged py3-none-any.",
             "- Releases go to PyPI from the release workflow.",
             "- The docs are built with mkdocs."]
    files = {"project_python.md": topic(
        "Python", "csvstat supports Python 3.8 and newer.\n\n" + "\n".join(facts))}
    plan = _plan(files, None, human(
        "We dropped Python 3.8 and 3.9 support: csvstat now requires Python 3.10 or newer.",
        day=3))
    entry = parse_entry("project_python.md", plan.writes["project_python.md"])
    assert entry.lead.startswith("We dropped Python 3.8 and 3.9 support")
    # the last two were cut as "an older wording of the same memory": gone from memory
    assert all(f in entry.statements for f in facts)
    assert not [d for d in plan.decisions if d.action == "pruned"]


def test_a_standing_preference_leads_without_the_task_it_was_applied_to() -> None:
    # the sample project's preference, said twice: the rule led with "... — don't introduce a
    # Formatter class for this", and "put type hints on everything" was buried in a second line
    plan = _plan({}, None,
                 human("Sounds good. One thing for everything you write here: I prefer small "
                       "pure functions over classes, so keep the stats code functional, and put "
                       "type hints on everything.", session="a", day=-7),
                 human("Please tidy up format_table so column widths come from the data. And "
                       "again: I prefer pure functions over classes — don't introduce a "
                       "Formatter class for this.", session="b", day=7))
    entries = {f: parse_entry(f, t) for f, t in plan.writes.items()}
    pure = entries["feedback_user-prefers-pure-functions-classes.md"]
    # ... and said once: the shorter wording says nothing the fuller one does not
    assert pure.statements == [
        "The user prefers small pure functions over classes, so keep the stats code functional."]
    # the title says the rule; its index hook, the rest of it
    assert pure.description == "keep the stats code functional"
    assert pure.how == ("Apply this by default in this project without being reminded. "
                        "Example (2026-07-13): don't introduce a Formatter class.")
    assert pure.generated_how  # a later dream may still replace it
    hints = entries["feedback_put-type-hints-everything.md"]
    assert (hints.statements, hints.type) == (["Put type hints on everything."], "feedback")


def test_a_rule_for_replies_does_not_replace_one_for_what_is_written_into_the_code() -> None:
    # "I prefer detailed explanations" (answers) rewrote "Write detailed explanations in
    # docstrings" with it as history: the docstring rule was lost
    files = {"feedback_docstrings.md": topic("Docstrings",
                                             "Write detailed explanations in docstrings.",
                                             type_="feedback")}
    plan = _plan(files, "- [Docstrings](feedback_docstrings.md) — detailed docstrings\n",
                 human("I prefer detailed explanations.", day=3))
    assert "feedback_docstrings.md" not in plan.writes and not plan.deletes
    (new,) = [f for f in plan.writes if f != "MEMORY.md"]
    assert parse_entry(new, plan.writes[new]).statements == [
        "The user prefers detailed explanations."]


def test_both_rules_said_in_one_dream_are_two_memories() -> None:
    plan = _plan({}, None, human("Write detailed explanations in docstrings.", session="a"),
                 human("I prefer detailed explanations.", session="b", day=2))
    assert sorted(parse_topic(t).body.split("\n")[0] for f, t in plan.writes.items()
                  if f != "MEMORY.md") == [
        "The user prefers detailed explanations.", "Write detailed explanations in docstrings."]


def test_a_changed_rule_for_docstrings_still_replaces_the_old_one() -> None:
    files = {"feedback_docstrings.md": topic("Docstrings",
                                             "Write detailed explanations in docstrings.",
                                             type_="feedback")}
    plan = _plan(files, "- [Docstrings](feedback_docstrings.md) — detailed docstrings\n",
                 human("Actually, write short explanations in docstrings.", day=3))
    entry = parse_entry("feedback_docstrings.md", plan.writes["feedback_docstrings.md"])
    assert entry.statements == ["Write short explanations in docstrings."]


def test_a_decision_told_days_later_says_when_it_was_decided() -> None:
    plan = _plan({}, None, human("We had the retro on Monday and decided to stop deploying on "
                                 "Fridays.", day=3))
    (path,) = [f for f in plan.writes if f != "MEMORY.md"]
    entry = parse_entry(path, plan.writes[path])
    assert (entry.type, entry.statements, entry.why) == (
        "project", ["We decided on 2026-07-06 to stop deploying on Fridays."],
        "Decided on 2026-07-06.")
    assert entry.generated_why


@pytest.mark.parametrize(("lead", "said"), [
    ("The default branch is trunk.", "Our main branch is now trunk."),
    ("The default branch is trunk.", "The main branch is now called trunk."),
    ("Our primary branch is develop.", "The default branch is develop now."),
])
def test_the_main_branch_said_by_another_name_is_a_restatement(lead: str, said: str) -> None:
    files = {"project_branch.md": topic("Branch", lead)}
    plan = _plan(files, "- [Branch](project_branch.md) — branch\n", human(said, day=3))
    # it wrote "Changed from default to main on ...; previously default."
    assert "project_branch.md" not in plan.writes
    assert [d.action for d in plan.decisions if d.file == "project_branch.md"] == ["confirmed"]


def test_the_main_branch_said_by_another_name_in_one_dream_is_one_wording() -> None:
    plan = _plan({}, None, human("Remember: the default branch is trunk.", day=0),
                 human("Our main branch is now trunk.", session="b", day=3))
    (file,) = [f for f in plan.writes if f != "MEMORY.md"]
    entry = parse_entry(file, plan.writes[file])
    assert entry.statements == ["Our main branch is now trunk."]
    assert entry.history == []


@pytest.mark.parametrize(("lead", "said", "history"), [
    ("The default branch is master.", "Our main branch is now trunk.",
     "Changed from master to trunk on 2026-07-09; previously master."),
    ("The default branch is master.", "The default branch is now main.",
     "Changed from master to main on 2026-07-09; previously master."),
    # its old name is "main", which names the branch too: it was a second memory beside it
    ("The default branch is main.", "The main branch is now trunk.",
     "Changed from main to trunk on 2026-07-09; previously main."),
    ("The default branch is main.", "Our main branch is now trunk.",
     "Changed from main to trunk on 2026-07-09; previously main."),
    # the branch as said, not "Changed from default to develop"
    ("PRs target the main branch.", "PRs target the develop branch now.",
     "Changed from main to develop on 2026-07-09; previously main."),
])
def test_the_main_branch_said_by_another_name_changes_its_value(
        lead: str, said: str, history: str) -> None:
    files = {"project_branch.md": topic("Branch", lead)}
    plan = _plan(files, "- [Branch](project_branch.md) — branch\n", human(said, day=3))
    # not a second memory beside "The default branch is master."
    assert [f for f in plan.writes if f != "MEMORY.md"] == ["project_branch.md"]
    entry = parse_entry("project_branch.md", plan.writes["project_branch.md"])
    assert entry.statements == [said] and entry.history == [history]


@pytest.mark.parametrize("said", [
    "Our main branch is called trunk.",
    "Our default branch is trunk.",
    "The main branch is named develop.",
    "Our primary branch is master.",
])
def test_the_main_branch_said_by_its_name_is_a_project_fact(said: str) -> None:
    # each made nothing, while "Our main branch is now trunk" was a memory
    plan = _plan({}, None, human(said))
    (file,) = [f for f in plan.writes if f != "MEMORY.md"]
    entry = parse_entry(file, plan.writes[file])
    assert (entry.type, entry.statements) == ("project", [said])


@pytest.mark.parametrize("said", [
    "Our main branch is protected.",
    "The main branch is red again.",
    "The default branch is called from the deploy script.",
])
def test_what_the_main_branch_is_like_is_no_name_for_it(said: str) -> None:
    assert [f for f in _plan({}, None, human(said)).writes if f != "MEMORY.md"] == []


@pytest.mark.parametrize(("lead", "said"), [
    ("The default branch is master.", "Our main branch is called trunk."),
    ("The main branch is called master.", "The default branch is trunk."),
    # it read "Updated on ...; previously: The default branch is master."
    ("The default branch is master.", "The main branch is now called trunk."),
])
def test_the_main_branch_called_by_another_name_changes_its_value(lead: str, said: str) -> None:
    files = {"project_branch.md": topic("Branch", lead)}
    plan = _plan(files, "- [Branch](project_branch.md) — branch\n", human(said, day=3))
    entry = parse_entry("project_branch.md", plan.writes["project_branch.md"])
    # not both as current, "trunk" beside "master"
    assert entry.statements == [said]
    assert entry.history == ["Changed from master to trunk on 2026-07-09; previously master."]


def test_a_branch_called_by_its_name_and_renamed_names_the_new_one() -> None:
    files = {"project_branch.md": topic("Branch", "Our main branch is called develop.")}
    plan = _plan(files, "- [Branch](project_branch.md) — branch\n",
                 human("The default branch was renamed to trunk.", day=3))
    entry = parse_entry("project_branch.md", plan.writes["project_branch.md"])
    # it read "Our main branch is trunk develop." and "Switched from called to trunk ..."
    assert entry.statements == ["Our main branch is called trunk."]
    assert entry.history == ["Switched from develop to trunk on 2026-07-09; previously develop."]


@pytest.mark.parametrize(("lead", "said", "now", "was"), [
    ("The default branch is main.", "We renamed the main branch to trunk.", "trunk", "main"),
    ("The default branch is master.", "We renamed master to main.", "main", "master"),
    ("The default branch is main.", "The default branch was renamed to trunk.", "trunk", "main"),
])
def test_a_branch_renamed_updates_the_entry_naming_it(
        lead: str, said: str, now: str, was: str) -> None:
    files = {"project_branch.md": topic("Branch", lead)}
    plan = _plan(files, "- [Branch](project_branch.md) — branch\n", human(said, day=3))
    # nothing was made of the rename: the entry kept the old name
    assert [f for f in plan.writes if f != "MEMORY.md"] == ["project_branch.md"]
    entry = parse_entry("project_branch.md", plan.writes["project_branch.md"])
    assert entry.statements == [f"The default branch is {now}."]
    assert entry.history == [f"Switched from {was} to {now} on 2026-07-09; previously {was}."]


@pytest.mark.parametrize(("lead", "said", "now", "was"), [
    ("We use Postgres for the main database.", "Postgres was replaced by MySQL.",
     "We use MySQL for the main database.", "Postgres"),
    ("Our CI is Jenkins.", "Our CI is GitHub Actions rather than Jenkins.",
     "Our CI is GitHub Actions.", "Jenkins"),
    ("Our CI runs on Jenkins.", "We moved our CI off Jenkins and onto GitHub Actions.",
     "Our CI runs on GitHub Actions.", "Jenkins"),
])
def test_a_switch_said_passively_or_by_contrast_updates_the_entry(
        lead: str, said: str, now: str, was: str) -> None:
    files = {"project_tool.md": topic("Tool", lead)}
    plan = _plan(files, "- [Tool](project_tool.md) — tool\n", human(said, day=3))
    # the sentence made nothing: the entry kept the old tool
    entry = parse_entry("project_tool.md", plan.writes["project_tool.md"])
    assert entry.statements == [now]
    assert entry.history[0].startswith(f"Switched from {was} to ")


@pytest.mark.parametrize("said", [
    "Once we switched to pnpm, installs got faster.",
    "When we switched to pnpm, installs got faster.",
    "After we moved to pnpm, installs got faster.",
    "Since we switched to pnpm, installs got faster.",
    # "back" of a time is no move back (the last-hour review: pnpm was made current)
    "Since we switched to pnpm back in March, installs were fast.",
])
@pytest.mark.parametrize("remembered", [True, False])
def test_a_past_switch_told_as_background_does_not_switch_the_entry_back(
        said: str, remembered: bool) -> None:
    # the entry was rewritten to "Once we switched to pnpm, ...", "Use pnpm; yarn is no longer
    # current": the story is from before the switch to yarn the entry tells
    lead = "We switched from pnpm to yarn."
    if remembered:
        plan = _plan({"project_pkg.md": topic("Pkg", lead)}, None, human(said, day=3))
        assert plan.writes == {} and plan.deletes == []
        return
    plan = _plan({}, None, human(lead, session="a", day=0), human(said, session="b", day=3))
    (file,) = [f for f in plan.writes if f != "MEMORY.md"]
    entry = parse_entry(file, plan.writes[file])
    assert entry.statements == [lead] and "Use yarn" in entry.how


@pytest.mark.parametrize("said", [
    # the switch told in the main clause, or said as a move back, is one
    "We switched to pnpm, installs got faster.",
    "Once yarn broke our lockfile, we went back to pnpm.",
    # "again" in the setting is a move back all the same: it was dropped, yarn left current
    "Since we moved to pnpm again last week, installs are fast.",
    "When we switched to pnpm again, installs got faster.",
])
def test_a_switch_back_told_in_the_main_clause_still_switches(said: str) -> None:
    plan = _plan({"project_pkg.md": topic("Pkg", "We switched from pnpm to yarn.")}, None,
                 human(said, day=3))
    assert "Use pnpm" in parse_entry("project_pkg.md", plan.writes["project_pkg.md"]).how


@pytest.mark.parametrize(("lead", "said", "now", "was"), [
    # each clause of the old tool's set-up stayed beside the new one, as if it were its own
    # ("We use Datadog for error tracking; the project is acme-web", "Datadog DSN is in .env")
    ("We use Sentry for error tracking; the project is acme-web.",
     "We dropped Sentry, errors go to Datadog now.", "We use Datadog for error tracking.",
     "Sentry (the project is acme-web)"),
    ("We use Sentry for error tracking; the Sentry DSN is in .env.",
     "We moved from Sentry to Datadog.", "We use Datadog for error tracking.",
     "Sentry (the Sentry DSN is in .env)"),
    ("We use Sentry for error tracking; Sentry's org is acme-io.",
     "We moved from Sentry to Datadog.", "We use Datadog for error tracking.",
     "Sentry (Sentry's org is acme-io)"),
    ("We lint with flake8; the config is in setup.cfg.", "We switched from flake8 to ruff.",
     "We lint with ruff.", "flake8 (the config is in setup.cfg)"),
    # near misses: what is said of the work itself, and a clause beside a version upgraded
    ("We use Sentry for error tracking; the app is deployed on Fly.",
     "We dropped Sentry, errors go to Datadog now.",
     "We use Datadog for error tracking; the app is deployed on Fly.", "Sentry"),
    ("We use GitHub Actions for CI; the project is a monorepo.",
     "We moved from GitHub Actions to CircleCI.",
     "We use CircleCI for CI; the project is a monorepo.", "GitHub Actions"),
    ("We use Postgres 14; the instance is db-prod-1.", "We upgraded to Postgres 16.",
     "We use Postgres 16; the instance is db-prod-1.", "Postgres 14"),
])
def test_a_switch_leaves_the_old_tools_set_up_in_the_history(
        lead: str, said: str, now: str, was: str) -> None:
    plan = _plan({"project_tool.md": topic("Tool", lead)}, None, human(said, day=3))
    entry = parse_entry("project_tool.md", plan.writes["project_tool.md"])
    assert entry.statements == [now]
    assert entry.history[-1].endswith(f"; previously {was}.")


@pytest.mark.parametrize(("lead", "said"), [
    # each made a second memory beside the first: the words more outweighed the ones shared
    ("We use pytest.", "We use pytest with the xdist plugin for parallel test runs."),
    ("We deploy with Helm.", "We deploy with Helm and the helm-diff plugin for every review."),
    ("Our CI runs on GitHub Actions.",
     "Our CI runs on GitHub Actions with self-hosted runners for the GPU jobs."),
])
@pytest.mark.parametrize("remembered", [True, False])
def test_a_fact_said_again_with_more_is_one_memory_of_it(
        lead: str, said: str, remembered: bool) -> None:
    if remembered:
        plan = _plan({"project_tool.md": topic("Tool", lead)}, None, human(said, day=3))
    else:
        plan = _plan({}, None, human(lead, session="a", day=0), human(said, session="b", day=3))
    (file,) = [f for f in plan.writes if f != "MEMORY.md"]
    assert parse_entry(file, plan.writes[file]).statements == [said]
    assert plan.deletes == [] and (file == "project_tool.md" or not remembered)


def test_another_tool_whose_name_starts_alike_is_another_memory() -> None:
    plan = _plan({}, None, human("We use pytest.", session="a", day=0),
                 human("We use pytest-benchmark for the perf suite.", session="b", day=3))
    assert len([f for f in plan.writes if f != "MEMORY.md"]) == 2


@pytest.mark.parametrize(("said", "file"), [
    # the name is cut after "to take", before what is taken over: the file was
    # "project_user-agreed-take.md", which says nothing of the billing service
    ("I agreed on 2026-07-07 to take over the billing service.",
     "project_user-agreed-take-billing-service.md"),
    ("I had a 1:1 with Sam on Tuesday and agreed to take over the billing service.",
     "project_user-agreed-take-billing-service.md"),
    # a name that says it whole keeps its file name
    ("Once we switched to pnpm, installs got faster.", "project_switched-pnpm.md"),
])
def test_a_new_file_is_named_for_what_the_memory_is_about(said: str, file: str) -> None:
    plan = _plan({}, None, human(said, day=3))
    assert [f for f in plan.writes if f != "MEMORY.md"] == [file]


# Two things, each with its own value, in statements sharing one word or none: beside an entry
# for one, the other was taken as its new wording and led it, so MEMORY.md showed one thing
# (and the cap on statements could later push the first out).
_TWO_THINGS = [
    ("The beta ships on 2026-08-01.", "The GA ships on 2026-09-15.", "project"),
    ("The beta release is on 2026-08-01.", "The GA release is on 2026-09-15.", "project"),
    ("Our beta ships on 2026-08-01.", "Our GA ships on 2026-09-15.", "project"),
    ("The kickoff is on 2026-08-03.", "The retro is on 2026-08-28.", "project"),
    ("Latency dashboard is at grafana.acme.io/d/latency.",
     "Error dashboard is at grafana.acme.io/d/errors.", "reference"),
    ("The metrics dashboard is at grafana.acme.io/d/metrics.",
     "The logs dashboard is at grafana.acme.io/d/logs.", "reference"),
    ("Staging API is at api.staging.acme.io/v1.", "Prod API is at api.acme.io/v2.", "reference"),
    ("The alpha is due on 2026-07-30.", "The beta is due on 2026-08-20.", "project"),
    ("The hackathon is on 2026-08-14.", "The offsite is on 2026-09-02.", "project"),
    # a word in -ed is no deed where it names the thing ("speed"), or after "the"
    ("The latency dashboard is at grafana.acme.io/d/latency.",
     "The speed dashboard is at grafana.acme.io/d/speed.", "reference"),
    ("Latency dashboard is at grafana.acme.io/d/latency.",
     "Speed dashboard is at grafana.acme.io/d/speed.", "reference"),
    ("The error dashboard is at grafana.acme.io/d/errors.",
     "The shared dashboard is at grafana.acme.io/d/shared.", "reference"),
]


def _leads(plan) -> list[str]:  # type: ignore[no-untyped-def]
    return sorted(parse_topic(text).body.split("\n")[0] for text in plan.writes.values())


@pytest.mark.parametrize(("first", "second", "type_"), _TWO_THINGS)
def test_another_thing_with_its_own_value_is_no_update_of_a_remembered_one(
        first: str, second: str, type_: str) -> None:
    files = {f"{type_}_first.md": topic("First", first, type_=type_)}
    plan = _plan(files, f"- [First]({type_}_first.md) — {first}\n",
                 human(second, session="b", day=3))
    assert f"{type_}_first.md" not in plan.writes  # the remembered one is untouched
    (path,) = plan.writes
    assert parse_topic(plan.writes[path]).body.split("\n")[0] == second
    assert first not in plan.writes[path]
    assert [e.file for e in parse_index(plan.index, frozenset()).entries] == [
        f"{type_}_first.md", path]
    assert not any(d.action in ("updated", "superseded") for d in plan.decisions)


@pytest.mark.parametrize(("first", "second", "type_"), _TWO_THINGS)
def test_another_thing_with_its_own_value_said_in_one_dream_is_a_memory_of_its_own(
        first: str, second: str, type_: str) -> None:
    plan = _plan({}, None, human(first, session="a", day=0), human(second, session="b", day=3))
    assert _leads(plan) == sorted([first, second])
    for text in plan.writes.values():  # neither hides the other in a second line
        assert (first in text) != (second in text)


@pytest.mark.parametrize(("first", "second", "type_"), _TWO_THINGS)
def test_two_remembered_things_with_their_own_values_are_not_merged(
        first: str, second: str, type_: str) -> None:
    files = {f"{type_}_a.md": topic("A", first, type_=type_),
             f"{type_}_b.md": topic("B", second, type_=type_)}
    plan = _plan(files, f"- [A]({type_}_a.md) — a\n- [B]({type_}_b.md) — b\n")
    assert plan.deletes == []
    assert not any(d.action == "merged" for d in plan.decisions)


@pytest.mark.parametrize("remembered", [True, False])
def test_a_moved_date_of_the_same_thing_still_replaces_it(remembered: bool) -> None:
    said = [human("The beta now ships on 2026-08-15.", session="b", day=3)]
    files = {"project_beta.md": topic("Beta", "The beta ships on 2026-08-01.")} if remembered \
        else {}
    if not remembered:
        said.insert(0, human("The beta ships on 2026-08-01.", session="a", day=0))
    plan = _plan(files, "- [Beta](project_beta.md) — beta\n" if remembered else None, *said)
    (text,) = plan.writes.values()
    body = parse_topic(text).body
    assert body.startswith("The beta now ships on 2026-08-15.")
    assert "previously 2026-08-01" in body


@pytest.mark.parametrize(("first", "second"), [
    # one event, said by another name or more fully, on its one day
    ("The release is on 2026-07-24.", "We ship on 2026-07-24."),
    ("The design review is on 2026-07-24.", "The review is on 2026-07-24."),
    ("The beta ships on 2026-08-01.", "The beta ships on 2026-08-01."),
])
def test_one_thing_said_again_stays_one_memory(first: str, second: str) -> None:
    files = {"project_event.md": topic("Event", first)}
    plan = _plan(files, "- [Event](project_event.md) — event\n",
                 human(second, session="b", day=3))
    assert set(plan.writes) <= {"project_event.md"}
    assert any(d.action == "confirmed" for d in plan.decisions)
    together = _plan({}, None, human(first, session="a", day=0),
                     human(second, session="b", day=3))
    assert len(together.writes) == 1


@pytest.mark.parametrize(("rule", "said"), [
    ("Use spaces for indentation.", "Use spaces instead."),
    ("Run the linter before committing.", "Run the linter instead."),
    ("Prefer small pull requests for reviews.", "Prefer small pull requests too."),
])
def test_a_word_of_how_a_rule_is_told_is_no_value_it_changed_to(rule: str, said: str) -> None:
    # it wrote "Changed from indentation to instead on 2026-07-09; previously indentation."
    plan = _said_of_rule(rule, said)
    written = "\n".join(plan.writes.values())
    for word in ("instead", "too"):
        assert f"to {word} on" not in written and f"previously {word}" not in written
    assert not any(d.action == "superseded" for d in plan.decisions)


@pytest.mark.parametrize(("said", "title", "hook", "description"), [
    # nothing more is known than the rule: the description is the rule itself and its day, not
    # only the kind of memory (a description no one could tell the memory by); the index line,
    # after the title, says what the title does not: the kind and day, not the rule again
    ("Put type hints on everything.", "Put type hints on everything",
     "the user's stated preference (2026-07-06)", "Put type hints on everything (2026-07-06)"),
    ("The release is on 2026-07-31.", "The release is on 2026-07-31",
     "plan stated on 2026-07-06", "The release is on 2026-07-31 (said 2026-07-06)"),
    # someone else's preference, passed on, is not called the user's (nor a tool's way)
    ("Jonas prefers reviewing PRs on Tuesdays and Thursdays.",
     "Jonas prefers reviewing PRs on Tuesdays and Thursdays", "Jonas's preference (2026-07-06)",
     "Jonas prefers reviewing PRs on Tuesdays and Thursdays (2026-07-06)"),
    ("Postgres prefers explicit casts in migrations.",
     "Postgres prefers explicit casts in migrations", "the user's stated preference (2026-07-06)",
     "Postgres prefers explicit casts in migrations (2026-07-06)"),
    ("Everybody prefers small pull requests.", "Everybody prefers small pull requests",
     "the user's stated preference (2026-07-06)",
     "Everybody prefers small pull requests (2026-07-06)"),
    # the person's reason says more than the title
    ("Always run ruff before committing, because it breaks CI otherwise.",
     "Always run ruff before committing", None, None),
])
def test_a_new_memory_s_index_line_does_not_say_its_title_twice(
        said: str, title: str, hook: str | None, description: str | None) -> None:
    plan = _plan({}, None, human(said))
    (line,) = parse_index(plan.index, frozenset()).entries
    assert line.title == title
    assert line.hook.rstrip(".…").lower() != title.lower()
    assert not line.hook.lower().startswith(title.lower())
    assert len(line.render()) <= 150
    if hook is not None:
        assert line.hook == hook
    (text,) = [t for f, t in plan.writes.items() if f != "MEMORY.md"]
    assert parse_topic(text).description == (description or line.hook)


def test_a_memory_said_again_in_two_sessions_says_so_in_its_hook() -> None:
    plan = _plan({}, None, human("Put type hints on everything.", session="a"),
                 human("Put type hints on everything.", session="b", day=2))
    (line,) = parse_index(plan.index, frozenset()).entries
    assert line.hook == "the user's stated preference (2026-07-08, in 2 sessions)"
    (text,) = [t for f, t in plan.writes.items() if f != "MEMORY.md"]
    assert parse_topic(text).description == (
        "Put type hints on everything (2026-07-08, in 2 sessions)")


def test_a_description_the_person_wrote_stays_even_when_it_is_the_title() -> None:
    files = {"feedback_hints.md": topic("Type hints", "Put type hints on everything.",
                                        type_="feedback", description="Type hints")}
    plan = _plan(files, "- [Type hints](feedback_hints.md) — Type hints\n",
                 human("Put type hints on everything.", session="a"),
                 human("Put type hints on everything, even in tests.", session="b", day=2))
    written = plan.writes.get("feedback_hints.md", files["feedback_hints.md"])
    assert parse_topic(written).description == "Type hints"


_KIND_AND_DAY = [
    # (what earlier versions wrote, the memory's kind and day alone; what it says now)
    ("Put type hints on everything.", "The user's stated preference (2026-06-29).",
     "the user's stated preference (2026-06-29)", "Put type hints on everything (2026-06-29)"),
    ("The release is on 2026-07-31.", "Plan stated on 2026-07-06.", "plan stated on 2026-07-06",
     "The release is on 2026-07-31 (said 2026-07-06)"),
    ("We use Postgres 16 on port 5433.", "Changed on 2026-07-09.", "changed on 2026-07-09",
     "We use Postgres 16 on port 5433 (changed 2026-07-09)"),
]


@pytest.mark.parametrize(("lead", "why", "old", "new"), _KIND_AND_DAY)
def test_a_description_of_its_kind_and_day_alone_is_made_anew_by_the_next_dream(
        lead: str, why: str, old: str, new: str) -> None:
    # it stayed until the memory changed: an index line no one could tell the memory by
    title = lead.rstrip(".")
    files = {"x_memory.md": topic(title, f"{lead}\n\n**Why:** {why}\n**How to apply:** Take "
                                         "this into account when planning or suggesting changes.",
                                  description=old, extra="sources:\n- 2026-06-29 s0\n"),
             "x_own.md": topic("Deploys", "Deploy from the release branch only.",
                               description="how deploys go", extra="sources:\n- 2026-06-29 s0\n")}
    index = f"- [{title}](x_memory.md) — {old}\n- [Deploys](x_own.md) — how deploys go\n"
    plan = _plan(files, index)
    assert parse_topic(plan.writes["x_memory.md"]).description == new
    # its index line, the kind and day after the title, stays as it was
    assert f"](x_memory.md) — {old}\n" in plan.index + "\n"
    # the person's own description stays, and its file is not touched
    assert "x_own.md" not in plan.writes and "— how deploys go" in plan.index
    # ... and the next dream has nothing more to say of it
    again = _plan({**files, **{p: t for p, t in plan.writes.items() if p != "MEMORY.md"}},
                  plan.index)
    assert "x_memory.md" not in again.writes


def test_a_hook_made_by_a_dream_follows_the_memory_when_it_changes() -> None:
    first = _plan({}, None, human("The release is on 2026-07-31."), now=T0 + timedelta(hours=5))
    (file,) = [f for f in first.writes if f != "MEMORY.md"]
    assert parse_topic(first.writes[file]).description == (
        "The release is on 2026-07-31 (said 2026-07-06)")
    again = plan_dream(dict(first.writes), first.index,
                       gather(human("Our release got moved: the release is on 2026-08-07.",
                                    session="b", day=3)).candidates,
                       now=T0 + timedelta(days=3, hours=5))
    t = parse_topic(again.writes[file])
    assert "2026-08-07" in t.name + t.description
    assert t.description.rstrip(".").lower() != t.name.lower()


@pytest.mark.parametrize(("said", "times"), [
    # the sample project's switch, said twice in one session
    (["We're switching the formatter from black to ruff format, starting today.",
      "Run ruff format instead of black from now on."], "said 2 times in this dream"),
    (["We use pnpm, not npm.", "We use pnpm, not npm."], "said 2 times in this dream"),
    (["We use pnpm, not npm.", "We use pnpm, not npm.", "We use pnpm, not npm."],
     "said 3 times in this dream"),
])
def test_a_memory_made_in_this_dream_and_said_again_is_not_already_remembered(
        said: list[str], times: str) -> None:
    plan = _plan({}, None, *[human(s, session=f"s{i}", day=i) for i, s in enumerate(said)])
    told = [d for d in plan.decisions if d.action in ("created", "confirmed")]
    assert [d.action for d in told] == ["created"]
    assert times in told[0].reason


def test_a_memory_kept_from_before_and_said_again_is_still_confirmed() -> None:
    files = {"project_pnpm.md": topic("pnpm", "We use pnpm, not npm.")}
    plan = _plan(files, "- [pnpm](project_pnpm.md) — We use pnpm, not npm.\n",
                 human("We use pnpm, not npm.", session="a"))
    (told,) = [d for d in plan.decisions if d.action in ("created", "confirmed")]
    assert told.action == "confirmed" and told.reason.startswith("already remembered")


@pytest.mark.parametrize(("said", "title", "hook"), [
    ("Don't add pandas. csvstat must stay dependency-free, standard library only.",
     "Don't add pandas", "csvstat must stay dependency-free, standard library only."),
    ("The user is giving a talk about csvstat at the PyData Berlin meetup on 2026-07-30, so the "
     "0.3 release has to be on PyPI before then.", "The user is giving a talk about csvstat",
     "at the PyData Berlin meetup on 2026-07-30, so…"),
])
def test_an_index_line_gives_its_title_once_and_then_what_follows_it(
        said: str, title: str, hook: str) -> None:
    plan = _plan({}, None, human(said))
    (line,) = parse_index(plan.index, frozenset()).entries
    assert (line.title, line.hook) == (title, hook)
    # the topic file's own description still says it whole
    (text,) = [t for f, t in plan.writes.items() if f != "MEMORY.md"]
    assert parse_topic(text).description.startswith(title)


def test_an_index_line_a_person_wrote_stays_as_written() -> None:
    files = {"project_runbook.md": topic("Deploy runbook", "The deploy runbook is in the wiki.",
                                         description="Deploy runbook in the wiki")}
    index = "- [Deploy runbook](project_runbook.md) — Deploy runbook in the wiki\n"
    plan = _plan(files, index, human("Use pnpm, not npm.", session="a"))
    assert "- [Deploy runbook](project_runbook.md) — Deploy runbook in the wiki" in plan.index


@pytest.mark.parametrize("remembered", [True, False])
@pytest.mark.parametrize(
    ("rule", "said"),
    [
        # the same choice made anew: it read "Changed from unittest to everywhere", and "use
        # pytest, not everywhere"
        ("Use pytest, not unittest.", "We use pytest everywhere, never unittest."),
        # told as said before: the rule was rewritten to lead with "Again,", and its old words
        # went into an "Updated ...; previously" line
        ("Don't generate unittest.TestCase classes.",
         "Again, pytest style please, we don't write unittest.TestCase classes"),
        ("Don't generate unittest.TestCase classes.",
         "As I said, we don't write unittest.TestCase classes."),
        # fewer of its words, one misspelt: it lost the reason and kept the typo
        ("Dont use semicolons i hate them", "dont use semicolns"),
    ],
)
def test_a_rule_said_again_keeps_its_words(remembered: bool, rule: str, said: str) -> None:
    if remembered:
        files = {"feedback_rule.md": topic("Rule", rule, type_="feedback")}
        plan = plan_dream(files, "- [Rule](feedback_rule.md) — rule\n",
                          gather(human(said, day=3)).candidates, now=NOW)
        assert [d.action for d in plan.decisions if d.file == "feedback_rule.md"] == [
            "confirmed"]
        assert "feedback_rule.md" not in plan.writes
        return
    plan = plan_dream({}, None, gather(human(rule, session="s0"),
                                       human(said, day=3, session="s3")).candidates, now=NOW)
    (name,) = [f for f in plan.writes if f != "MEMORY.md"]
    body = parse_topic(plan.writes[name]).body
    # typed fast, the rule is written as meant ("Don't", "the user hates")
    lead = rule.replace("Dont", "Don't").replace("i hate", "the user hates")
    assert body.startswith(lead.rstrip(".") + ".\n")
    assert "previously" not in body
    assert "everywhere" not in body and "semicolns" not in body


@pytest.mark.parametrize(
    ("rule", "said", "now"),
    [
        # another thing said again, or another choice: still a change
        ("Never deploy on Fridays.", "Again, never deploy on Mondays.", "Mondays"),
        ("Use pytest, not unittest.", "Use nose, not unittest.", "nose"),
        ("Dont use semicolons i hate them", "Dont use commas.", "commas"),
    ],
)
def test_a_rule_told_as_said_before_still_changes_when_it_says_another_thing(
    rule: str, said: str, now: str
) -> None:
    files = {"feedback_rule.md": topic("Rule", rule, type_="feedback")}
    plan = plan_dream(files, "- [Rule](feedback_rule.md) — rule\n",
                      gather(human(said, day=3)).candidates, now=NOW)
    assert "confirmed" not in [d.action for d in plan.decisions]
    assert any(now in t for t in plan.writes.values())


_RELEASE = "We release invoices v2 on 13 Jul, Joana (tech lead) wants all the migrations done."


@pytest.mark.parametrize("first_move", [
    "Bad news, release moved. Joana said invoices v2 goes out on 15 Jul now, not 13 Jul.",
    "The release moved, invoices v2 goes out on 15 Jul now, not 13 Jul.",
    "Invoices v2 goes out on 15 Jul now, not 13 Jul.",
])
@pytest.mark.parametrize("second_move", [
    "Release moved AGAIN, new date is 17 Jul. Joana confirmed in slack.",
    # the move told alone, its day in a sentence after it
    "Release moved AGAIN. Finance want the tax change included, new date is 17 Jul.",
])
@pytest.mark.parametrize("dreams", ["one", "each"])
def test_a_release_moved_twice_in_a_fast_typists_words_is_one_plan_at_its_last_day(
        first_move: str, second_move: str, dreams: str) -> None:
    # each move was a memory of its own ("The release moved", "Was planned: Release moved
    # AGAIN, new date is 2026-07-17") beside the first plan, still of 2026-07-13
    said = [human(_RELEASE, session="a", day=0), human(first_move, session="b", day=2),
            human(second_move, session="c", day=6)]
    files: dict[str, str] = {}
    index: str | None = None
    for day, told in ([(7, said)] if dreams == "one" else [(1, said[:1]), (3, said[1:2]),
                                                          (7, said[2:])]):
        plan = _plan(files, index, *told, now=T0 + timedelta(days=day))
        files.update({f: t for f, t in plan.writes.items() if f != "MEMORY.md"})
        index = plan.index
        for gone in plan.deletes:
            files.pop(gone)
    ((written, text),) = files.items()
    entry = parse_entry(written, text)
    assert entry.statements == [
        "We release invoices v2 on 2026-07-17, Joana (tech lead) wants all the migrations done."]
    assert entry.history == [
        "Changed from 2026-07-13 to 2026-07-15 on 2026-07-08; previously 2026-07-13.",
        "Changed from 2026-07-15 to 2026-07-17 on 2026-07-12; previously 2026-07-15."]
    assert "Plan work around 2026-07-17." in entry.how


def _in_dreams(said: list[Message], dreams: str) -> DreamPlan:
    """Two messages dreamed in one dream, or each in its own (the first the day after it)."""
    if dreams == "one":
        return _plan({}, None, *said)
    first = _plan({}, None, said[0], now=T0 + timedelta(days=1))
    return _plan({f: t for f, t in first.writes.items() if f != "MEMORY.md"}, first.index,
                 said[1])


@pytest.mark.parametrize("dreams", ["one", "each"])
def test_the_release_moved_again_moves_a_plan_told_as_going_out(dreams: str) -> None:
    # the plan first told in words the engine does not read ("em duas semanas"), then as going
    # out on a day set against another: "the release" moved was a plan of its own, beside the
    # one it moved (the plan's own "not on 2026-07-13" read as a day forbidden, "goes out" as
    # no release)
    said = [human("Joana said invoices v2 goes out on 15 Jul now, not 13 Jul.", session="a",
                  day=0),
            human("Release moved AGAIN, new date is 17 Jul.", session="b", day=4)]
    plan = _in_dreams(said, dreams)
    (written,) = [f for f in plan.writes if f != "MEMORY.md"]
    entry = parse_entry(written, plan.writes[written])
    # (passed on the dream's day, told as past, without the "now" it was news with)
    assert entry.statements == [
        "Joana said invoices v2 was to go out on 2026-07-17, not on 2026-07-13."]
    assert entry.history == [
        "Changed from 2026-07-15 to 2026-07-17 on 2026-07-10; previously 2026-07-15."]


@pytest.mark.parametrize("dreams", ["one", "each"])
def test_a_freeze_said_again_on_its_day_in_fewer_words_is_the_one_plan(dreams: str) -> None:
    # was two memories: "Was planned: On 2026-07-10 is code freeze for invoices v2" and "Was
    # planned: Code freeze on 2026-07-10, only bugfixes now"
    said = [human("Next friday is code freeze for invoices v2, all PRs must be merged until there.",
                  session="a", day=0),
            human("Code freeze today, only bugfixes now.", session="b", day=4)]
    plan = _in_dreams(said, dreams)
    (written,) = [f for f in plan.writes if f != "MEMORY.md"]
    entry = parse_entry(written, plan.writes[written])
    assert entry.name == "Code freeze for invoices v2 was on 2026-07-10"
    assert entry.statements[0] == (
        "Code freeze for invoices v2 was on 2026-07-10, all PRs must be merged until there.")


@pytest.mark.parametrize(
    ("said", "now"),
    [
        # (from a review: only a decision entry, pnpm left current) a switch decided and told done
        ("We decided to switch to bun last month and it's been great.", "We use bun for installs."),
        ("We decided yesterday to switch to bun and it's already merged.",
         "We use bun for installs."),
        # decided only: the tool in use stays
        ("At the infra sync we decided to replace pnpm with bun, starting next sprint.",
         "We use pnpm for installs."),
    ],
)
def test_a_switch_decided_is_made_only_when_told_done(said: str, now: str) -> None:
    plan = _plan({"project_stack.md": topic("Stack", "We use pnpm for installs.")},
                 "- [Stack](project_stack.md) — s\n", human(said, day=3))
    written = plan.writes.get("project_stack.md")
    body = parse_topic(written).body if written else "We use pnpm for installs."
    assert body.split("\n")[0] == now


_KARPENTER = "We decided to replace cluster-autoscaler with Karpenter, starting in staging."


@pytest.mark.parametrize(
    "said",
    [
        # (from a month-of-use review: a second entry beside the decision, left as current)
        "Reversal from yesterday's infra sync: we are NOT doing Karpenter this quarter after all. "
        "We're staying on cluster-autoscaler, and Karpenter is pushed to Q1.",
        "We are not doing Karpenter after all.",
    ],
)
def test_a_decision_taken_back_after_all_rewrites_it(said: str) -> None:
    plan = _plan({"project_karpenter.md": topic("Karpenter", _KARPENTER)},
                 "- [Karpenter](project_karpenter.md) — k\n", human(said, day=3))
    assert [f for f in plan.writes if f != "MEMORY.md"] == ["project_karpenter.md"]
    body = parse_topic(plan.writes["project_karpenter.md"]).body
    assert not body.startswith(_KARPENTER)
    assert f"Updated on 2026-07-09; previously: {_KARPENTER}" in body


@pytest.mark.parametrize(
    "said",
    [
        # another thing not done after all, or the decision said again
        "We are not doing the Terraform refactor after all.",
        "We're replacing cluster-autoscaler with Karpenter in staging, as decided.",
    ],
)
def test_what_takes_back_no_decision_of_the_entry_leaves_it(said: str) -> None:
    plan = _plan({"project_karpenter.md": topic("Karpenter", _KARPENTER)},
                 "- [Karpenter](project_karpenter.md) — k\n", human(said, day=3))
    if "project_karpenter.md" in plan.writes:
        assert "previously: " + _KARPENTER not in plan.writes["project_karpenter.md"]


_PURE = "The user prefers small pure functions over classes, so keep the stats code functional."


@pytest.mark.parametrize(("first", "later", "kept"), [
    # the sample project's preference, said again shorter with an example: written twice, it
    # read as the duplicate drift a dream is meant to remove
    ("I prefer small pure functions over classes, so keep the stats code functional.",
     "And again: I prefer pure functions over classes — don't introduce a Formatter class for "
     "this.", _PURE),
])
def test_a_statement_saying_nothing_the_other_does_not_is_written_once(
        first: str, later: str, kept: str) -> None:
    plan = _plan({}, None, human(first, session="a", day=0), human(later, session="b", day=7))
    (file,) = [f for f in plan.writes if f != "MEMORY.md"]
    entry = parse_entry(file, plan.writes[file])
    assert entry.statements == [kept]
    # what the shorter one brought stays: its session, the repetition, its example
    assert entry.extra["sources"] == ["2026-07-06 a", "2026-07-13 b"]
    assert "repeated across 2 sessions" in entry.why
    assert ("Formatter" in entry.how) == ("Formatter" in later)


@pytest.mark.parametrize(("first", "later", "kept"), [
    ("Use 4 spaces for indentation.", "Use 2 spaces for indentation.",
     ["Use 2 spaces for indentation."]),
    # what a line adds is kept: an example of its own, a place
    ("The user prefers small pure functions over classes.",
     "I prefer pure functions over classes, don't introduce a Formatter class for this.",
     ["The user prefers pure functions over classes, don't introduce a Formatter class for "
      "this.", "The user prefers small pure functions over classes."]),
    # a scope narrows a rule: folded into it, the wider rule was lost ('Never push to main'
    # kept only as '... on Fridays')
    ("Never push to main on Fridays.", "Never push to main.",
     ["Never push to main.", "Never push to main on Fridays."]),
])
def test_a_statement_that_adds_something_is_kept_beside_the_other(
        first: str, later: str, kept: list[str]) -> None:
    plan = _plan({}, None, human(first, session="a", day=0), human(later, session="b", day=7))
    (file,) = [f for f in plan.writes if f != "MEMORY.md"]
    assert parse_entry(file, plan.writes[file]).statements == kept


def test_merged_duplicates_keep_the_fuller_line_once() -> None:
    files = {"feedback_pure.md": topic("Pure functions",
                                       "The user prefers pure functions over classes.",
                                       type_="feedback"),
             "feedback_pure_2.md": topic("Small pure functions", _PURE, type_="feedback")}
    plan = _plan(files, None)
    assert plan.deletes == ["feedback_pure_2.md"]
    assert parse_entry("feedback_pure.md", plan.writes["feedback_pure.md"]).statements == [_PURE]


_SOURCES = "sources:\n- 2026-06-29 a\n- 2026-07-13 b\n"


@pytest.mark.parametrize(("body", "kept"), [
    # as an earlier dream wrote the sample project's preference
    (f"The user prefers pure functions over classes.\n{_PURE}", [_PURE]),
    (f"{_PURE}\nThe user prefers pure functions over classes.", [_PURE]),
    ("Never push to main.\nNever push to main on Fridays.", None),
    ("The demo is on 2026-07-24.\nThe demo is on 2026-07-24 at 15:00.",
     ["The demo is on 2026-07-24 at 15:00."]),
    # each line says something the other does not: left as they are
    ("Use 4 spaces for Python.\nUse 2 spaces for YAML.", None),
    ("Use 2 spaces.\nUse 4 spaces.", None),
    ("Use tabs.\nDon't use tabs in YAML.", None),
    ("Never push to main on Fridays.\nPush to main on Fridays after review.", None),
    ("The design review is on 2026-07-24.\n"
     "The user will attend the design review on 2026-07-24.", None),
    ("The demo is on 2026-07-24.\nThe demo moved to 2026-07-31.", None),
])
def test_a_file_written_with_a_line_said_twice_is_tidied_by_the_next_dream(
        body: str, kept: list[str] | None) -> None:
    files = {"feedback_pure.md": topic("The user prefers pure functions over classes", body,
                                       type_="feedback", extra=_SOURCES)}
    plan = _plan(files, "- [Pure](feedback_pure.md) — pure\n")
    if kept is None:
        assert "feedback_pure.md" not in plan.writes
        assert not [d for d in plan.decisions if d.action == "pruned"]
        return
    entry = parse_entry("feedback_pure.md", plan.writes["feedback_pure.md"])
    assert entry.statements == kept
    assert entry.extra["sources"] == ["2026-06-29 a", "2026-07-13 b"]
    (pruned,) = [d for d in plan.decisions if d.action == "pruned"]
    assert pruned.file == "feedback_pure.md" and "says nothing" in pruned.reason
    # tidied once: the dream after leaves it as it is
    again = plan_dream({"feedback_pure.md": plan.writes["feedback_pure.md"]}, plan.index, [],
                       now=NOW)
    assert again.writes == {}


def test_a_hand_written_file_with_a_line_said_twice_is_left_as_the_person_wrote_it() -> None:
    files = {"feedback_pure.md": topic("Pure functions",
                                       f"The user prefers pure functions over classes.\n{_PURE}",
                                       type_="feedback")}
    assert "feedback_pure.md" not in _plan(files, "- [Pure](feedback_pure.md) — pure\n").writes


@pytest.mark.parametrize(("said", "title"), [
    # a plan said for something: titled with who plans what, in the third person, not the
    # phrase saying what it is for alone ("For the checkout flow", "For the launch")
    ("For the checkout flow, I plan to ship the redesign next Friday.",
     "For the checkout flow, the user planned to ship the redesign"),
    ("For the launch, I planned to send the announcement on Friday.",
     "For the launch, the user planned to send the announcement"),
    ("For payments, I'll schedule the review with Priya for next Tuesday after the infra sync.",
     "For payments, the user planned to schedule the review with Priya"),
    ("For search, I'll migrate the index to OpenSearch next week.",
     "For search, the user planned to migrate the index to OpenSearch"),
    # a clause with its subject before the comma is whole: cut there as before
    ("Before we upgrade Django to 5.0, we need to fix the deprecations.",
     "Before we upgrade Django to 5.0"),
])
def test_a_plan_said_for_something_is_titled_with_what_is_planned(said: str, title: str) -> None:
    plan = _plan({}, None, human(said, day=1))
    (file,) = [f for f in plan.writes if f != "MEMORY.md"]
    name = parse_topic(plan.writes[file]).name
    assert name == title
    assert not re.search(r"\b(?:I|I'll|I'm|my|me)\b", name)  # never in the first person


_BRAMBLE = {
    "reference_bramble-staging-url.md": topic(
        "Bramble staging URL", "The Bramble staging URL is https://bramble-git-staging-olly."
        "vercel.app and the basic-auth password is in 1Password under 'Bramble staging'.",
        type_="reference"),
    "project_priya.md": topic("Priya", "Priya reviews Bramble PRs on Mondays and Thursdays."),
    "user_about.md": topic("About the user", "A freelance front-end developer in Bristol.\n"
                           "Works with Sofia, Bramble's designer, on every colour change.",
                           type_="user"),
    "project_bramble-sale.md": topic("Bramble Christmas sale",
                                     "The Bramble Christmas sale goes live on 2026-11-23."),
    "feedback_pnpm.md": topic("Use pnpm", "Always use pnpm for installs.", type_="feedback"),
}
_BRAMBLE_INDEX = "".join(f"- [{parse_topic(t).name}]({f}) — {parse_topic(t).name}\n"
                         for f, t in _BRAMBLE.items())


def _forgetting(*said: str) -> DreamPlan:
    g = gather(*[human(s, day=3) for s in said])
    return plan_dream(dict(_BRAMBLE), _BRAMBLE_INDEX, g.candidates, now=NOW, forgets=g.forgets)


@pytest.mark.parametrize(
    ("said", "gone"),
    [
        ("Oh, and forget what I said about the staging URL, Bramble are moving staging to "
         "their own domain and I don't want the old one lying around.",
         "reference_bramble-staging-url.md"),
        ("Forget the thing about Priya reviewing Bramble PRs, that fell through.",
         "project_priya.md"),
        ("Please forget the Bramble staging URL.", "reference_bramble-staging-url.md"),
        ("You can forget about Priya, that fell through.", "project_priya.md"),
        ("Scratch the note about the staging URL.", "reference_bramble-staging-url.md"),
        ("The staging URL is no longer relevant, drop it from memory.",
         "reference_bramble-staging-url.md"),
        ("forget the thing about Priya", "project_priya.md"),
    ],
)
def test_a_request_to_forget_removes_the_entry_of_what_it_names_and_says_why(
    said: str, gone: str,
) -> None:
    plan = _forgetting(said)
    assert plan.deletes == [gone]
    assert plan.writes == {}  # the request is no memory of its own
    assert f"({gone})" not in plan.index
    assert all(f"({f})" in plan.index for f in _BRAMBLE if f != gone)
    (why,) = [d for d in plan.decisions if d.action == "forgotten"]
    assert why.file == gone
    assert why.reason.startswith("the user asked to forget it on 2026-07-09 ('")
    assert said[:40] in why.reason


def test_forgetting_a_line_of_a_larger_entry_removes_that_line_only() -> None:
    plan = _forgetting("Forget what I said about Sofia.")
    assert plan.deletes == []
    body = parse_topic(plan.writes["user_about.md"]).body
    assert "A freelance front-end developer in Bristol." in body and "Sofia" not in body
    (why,) = [d for d in plan.decisions if d.action == "updated"]
    assert why.file == "user_about.md" and "the user asked to forget it on 2026-07-09" in (
        why.reason) and "'Works with Sofia, Bramble's designer" in why.reason


@pytest.mark.parametrize(
    ("said", "why"),
    [
        # several entries name Bramble, and which one is not said
        ("Forget what I said about Bramble.", "it names several memories"),
        ("Please forget the Corvid demo.", "no memory is clearly of it"),
        # a word of a larger subject: "Use pnpm" is more than a rule on installs
        ("Please forget installs.", "no memory is clearly of it"),
    ],
)
def test_a_request_to_forget_what_names_no_one_entry_clearly_removes_nothing(
    said: str, why: str,
) -> None:
    plan = _forgetting(said)
    assert plan.deletes == [] and plan.writes == {}
    (skipped,) = [d for d in plan.decisions if d.action == "declined"]
    assert why in skipped.reason and skipped.subject == said


@pytest.mark.parametrize(
    ("said", "removed"),
    [
        ("Please forget the Bramble staging URL.", True),
        ("forget the Bramble staging URL", True),
        # (a bare request names the thing as a whole: part of it is no memory's subject)
        ("Please forget the staging URL.", False),
    ],
)
def test_a_bare_forget_of_a_thing_removes_the_memory_titled_with_its_value(
        said: str, removed: bool) -> None:
    # as the engine titles what "The Bramble staging URL is https://staging.bramble.dev." said:
    # the README's "please forget the Bramble staging URL" was declined ("no memory is clearly
    # of it"), its title being more than the thing it names
    name = "reference_bramble-staging-url-staging-bramble-dev.md"
    files = {name: topic("The Bramble staging URL is staging.bramble.dev",
                         "The Bramble staging URL is https://staging.bramble.dev.",
                         type_="reference"),
             "project_priya.md": _BRAMBLE["project_priya.md"]}
    index = "".join(f"- [{parse_topic(t).name}]({f}) — x\n" for f, t in files.items())
    g = gather(human(said, day=3))
    plan = plan_dream(files, index, g.candidates, now=NOW, forgets=g.forgets)
    assert plan.deletes == ([name] if removed else [])
    assert [d.action for d in plan.decisions if d.action in ("forgotten", "declined")] == [
        "forgotten" if removed else "declined"]


_STANDING = {
    "feedback_always-use-pnpm-never-npm.md": topic(
        "Always use pnpm, never npm", "Always use pnpm, never npm.", type_="feedback"),
    "feedback_never-push-main.md": topic(
        "Never push to main on Fridays", "Never push to main on Fridays.", type_="feedback"),
    "project_deploy-argocd-prod-cluster.md": topic(
        "We deploy with ArgoCD to the prod cluster", "We deploy with ArgoCD to the prod cluster."),
    "reference_staging-url.md": topic(
        "The staging URL is staging.bramble.dev",
        "The staging URL is https://staging.bramble.dev, we use it for client demos.",
        type_="reference"),
}


@pytest.mark.parametrize(
    ("said", "why"),
    [
        # (from a review) each word is in one entry only, which went whole
        ("forget what I said about always", "names no subject a memory could be of"),
        ("forget what I said about https", "names no subject a memory could be of"),
        ("forget what I said about main", "only a word of what feedback_never-push-main.md"),
        ("forget everything I said about main", "only a word of what feedback_never-push-main"),
        ("forget what I said about prod", "only a word of what project_deploy-argocd-prod"),
        ("forget what I said about deploys", "only a word of what project_deploy-argocd-prod"),
        ("forget what I said about Fridays", "only a word of what feedback_never-push-main.md"),
        # the pnpm rule is of the tool it says to use, not of the one it says not to, nor of
        # its verb
        ("forget what I said about npm", "only a word of what feedback_always-use-pnpm-never"),
        ("forget what I said about use", "only a word of what feedback_always-use-pnpm-never"),
    ],
)
def test_a_forget_of_a_word_no_entry_is_about_keeps_the_standing_rules(said: str,
                                                                      why: str) -> None:
    g = gather(human(said, day=3))
    index = "".join(f"- [{parse_topic(t).name}]({f}) — x\n" for f, t in _STANDING.items())
    plan = plan_dream(dict(_STANDING), index, g.candidates, now=NOW, forgets=g.forgets)
    assert plan.deletes == [] and plan.writes == {}
    (skipped,) = [d for d in plan.decisions if d.action == "declined"]
    assert why in skipped.reason and "nothing is removed" in skipped.reason


@pytest.mark.parametrize(
    ("said", "gone"),
    [
        # what the entry is about still goes
        ("forget what I said about the staging URL", "reference_staging-url.md"),
        ("forget everything I told you about the staging URL", "reference_staging-url.md"),
        ("forget what I said about ArgoCD", "project_deploy-argocd-prod-cluster.md"),
        # was declined as "only a word" of the rule: the tool a rule says to use is what it
        # is about
        ("forget what I said about pnpm", "feedback_always-use-pnpm-never-npm.md"),
        ("forget everything I said about pnpm", "feedback_always-use-pnpm-never-npm.md"),
    ],
)
def test_a_forget_of_what_an_entry_is_about_still_removes_it(said: str, gone: str) -> None:
    g = gather(human(said, day=3))
    index = "".join(f"- [{parse_topic(t).name}]({f}) — x\n" for f, t in _STANDING.items())
    plan = plan_dream(dict(_STANDING), index, g.candidates, now=NOW, forgets=g.forgets)
    assert plan.deletes == [gone]


@pytest.mark.parametrize(
    ("title", "body", "said"),
    [
        # (a title of two words named one common word "and little more": the rule went whole)
        ("Never push to main", "Never push to main, use feature branches.",
         "forget what I said about main"),
        # what is used is the staging cluster, not "staging"
        ("Use the staging cluster", "Use the staging cluster for demos.",
         "forget what I said about staging"),
        ("Use feature branches", "Use feature branches and open a PR.",
         "forget what I said about feature"),
        ("Always run the tests before pushing", "Always run the tests before pushing.",
         "forget what I said about tests"),
        ("Always use pnpm for installs", "Always use pnpm for installs.",
         "forget what I said about installs"),
        # (from the twenty-fifth review) the rule alone, with nothing after it, went whole
        ("Never push to main", "Never push to main.", "forget what I said about main"),
        ("Never push to main", "Never push to main.", "forget everything I said about main"),
    ],
)
def test_a_forget_of_one_word_a_rule_merely_says_keeps_it(title: str, body: str,
                                                          said: str) -> None:
    files = {"feedback_rule.md": topic(title, body, type_="feedback")}
    g = gather(human(said, day=3))
    plan = plan_dream(files, f"- [{title}](feedback_rule.md) — x\n", g.candidates, now=NOW,
                      forgets=g.forgets)
    assert plan.deletes == [] and plan.writes == {}
    (declined,) = [d for d in plan.decisions if d.action == "declined"]
    assert "nothing is removed" in declined.reason


@pytest.mark.parametrize(
    ("title", "body"),
    [
        ("Always use pnpm for installs", "Always use pnpm for installs."),
        ("Switched to pnpm", "We switched to pnpm in July."),
        ("Prefer pnpm over npm", "Prefer pnpm over npm, it keeps the lockfile honest."),
        # the title says which; the body need not name it
        ("Always use pnpm, never npm", "Installs go through it; npm breaks the lockfile."),
    ],
)
def test_a_forget_of_the_tool_a_rule_says_to_use_removes_the_rule(title: str,
                                                                   body: str) -> None:
    files = {"feedback_rule.md": topic(title, body, type_="feedback"),
             "project_ci.md": topic("CI", "CI runs pnpm install in the Docker image.")}
    index = f"- [{title}](feedback_rule.md) — x\n- [CI](project_ci.md) — x\n"
    g = gather(human("Forget what I said about pnpm.", day=3))
    plan = plan_dream(files, index, g.candidates, now=NOW, forgets=g.forgets)
    # (CI merely runs pnpm: that entry stays as it was)
    assert plan.deletes == ["feedback_rule.md"] and plan.writes == {}


def test_a_forget_of_a_tool_removes_only_the_sentence_that_says_to_use_it() -> None:
    files = {"user_about.md": topic("About the user", "A freelance front-end developer in "
                                    "Bristol.\nWe use pnpm in every repo.\nWorks with Sofia.",
                                    type_="user")}
    g = gather(human("forget what I said about pnpm", day=3))
    plan = plan_dream(files, "- [About the user](user_about.md) — x\n", g.candidates,
                      now=NOW, forgets=g.forgets)
    body = parse_topic(plan.writes["user_about.md"]).body
    assert "pnpm" not in body and "Bristol" in body and "Works with Sofia." in body


def _standing(*said: str) -> DreamPlan:
    g = gather(*[human(s, day=3) for s in said])
    index = "".join(f"- [{parse_topic(t).name}]({f}) — x\n" for f, t in _STANDING.items())
    return plan_dream(dict(_STANDING), index, g.candidates, now=NOW, forgets=g.forgets)


@pytest.mark.parametrize(
    ("said", "gone", "new"),
    [
        # (from a review) was no change: the new URL "taken back in the same message", the
        # old entry kept
        ("The staging URL is now https://stage.bramble.io. forget what I said about the "
         "staging URL before.", ["reference_staging-url.md"], "https://stage.bramble.io"),
        # one word of the Friday rule only: the rule stays, what is said now is kept
        ("I'm off on Fridays now. forget what I said about Fridays", [], "off on Fridays"),
        # (from a review) the new URL after the request, in its sentence, was lost
        ("forget what I said about the staging URL, the new URL is https://staging2.example.com",
         ["reference_staging-url.md"], "The new staging URL is https://staging2.example.com"),
        ("Forget what I said about the staging URL, the new one is https://staging2.example.com",
         ["reference_staging-url.md"], "The new staging URL is https://staging2.example.com"),
    ],
)
def test_a_forget_beside_what_is_so_now_forgets_the_old_and_keeps_the_new(
        said: str, gone: list[str], new: str) -> None:
    plan = _standing(said)
    assert plan.deletes == gone
    assert any(new in t for f, t in plan.writes.items() if f not in _STANDING)
    assert "Never push to main on Fridays." in (
        plan.writes.get("feedback_never-push-main.md") or _STANDING["feedback_never-push-main.md"])
    assert not [d for d in plan.decisions if "taken back" in d.reason]


def test_a_forget_with_nothing_said_instead_still_forgets_what_the_message_said() -> None:
    plan = _standing("The staging URL is https://stage.bramble.io. Actually, forget what I said "
                     "about the staging URL.")
    assert plan.deletes == ["reference_staging-url.md"]
    assert not [f for f in plan.writes if f not in _STANDING]


@pytest.mark.parametrize("said", [
    # (from a review) was a new memory "What the user said about the staging URL."
    "Don't forget what I said about the staging URL.",
    "Please don't forget what I told you about the staging URL.",
    "Never forget everything I said about the staging URL.",
])
def test_a_reminder_not_to_forget_adds_and_removes_nothing(said: str) -> None:
    plan = _standing(said)
    assert plan.deletes == [] and plan.writes == {}
    g = gather(human(said, day=3))
    assert g.candidates == [] and g.forgets == []
    (why,) = [d for d in g.decisions if d.action == "dropped"]
    assert "a reminder to keep what memory holds of 'the staging URL'" in why.reason


@pytest.mark.parametrize("said", [
    # (from the twenty-fourth review) each removed Priya's entry
    ["Hmm. forget what I said about Priya?"],
    ["The PR is up. forget what I said about Priya? no, keep it."],
    ["The PR is up. forget what I said about Priya. actually no, keep it."],
    ["Great work today. please forget what I said about Priya? Just kidding."],
    ["please forget what I said about Priya? Just kidding."],
    ["Forget what I said about Priya? No, keep it."],
    ["Forget what I said about Priya. Scratch that, she's staying."],
    # (from the twenty-seventh review) each removed the entry: a take-back with more said
    # of keeping it, or a doubt of the request after it
    ["Forget what I said about Priya.", "Never mind, leave it."],
    ["Forget what I said about Priya.", "No, don't."],
    ["Forget what I said about Priya. On second thought, don't."],
    ["Forget what I said about Priya.", "Nah, leave it."],
    ["Forget what I said about Priya.", "Never mind, I still need it."],
    ["Forget what I said about Priya.", "Never mind, Priya's still on the team."],
    ["Forget what I said about Priya.", "Hmm, never mind, that's still true."],
    ["Forget what I said about Priya.", "Never mind, she's not leaving after all."],
    ["Forget what I said about Priya.", "Changed my mind, leave it as is."],
    ["Forget what I said about Priya.", "No wait, don't delete it."],
    ["Forget what I said about Priya, never mind, I still need it."],
    ["Forget what I said about Priya, is that still relevant?"],
    ["Forget what I said about Priya, or do we still need that?"],
    ["Forget what I said about Priya, unless it's still useful?"],
    # a doubt after it, or a polite ask taken back
    ["Forget what I said about Priya, or should we keep it?"],
    ["Can you forget what I said about Priya, or is that risky?"],
    ["Can you forget what I said about Priya? No, keep it."],
    ["Please forget what I said about Priya. Just kidding, keep it."],
    # ... and the next message's take-back was saved as the rule "Keep it, she's staying."
    ["Forget what I said about Priya.", "Never mind, keep it, she's staying."],
    # (from the twenty-eighth review) each removed the entry and saved the take-back's words as
    # a rule ("Don't remove it yet.", "It's still useful.")
    ["Forget what I said about Priya.", "Actually no, don't remove it yet."],
    ["Forget what I said about Priya.", "Oh wait, no, it's still useful."],
    ["Forget what I said about Priya.", "No wait, she's still needed."],
    ["Forget what I said about Priya.", "Never mind, leave her on it."],
])
def test_a_request_to_forget_asked_as_a_question_or_taken_back_removes_nothing(
        said: list[str]) -> None:
    plan = _forgetting(*said)
    assert plan.deletes == [] and plan.writes == {}
    # (the Gatherer's decisions join the plan's in the run record, where `show` lists it)
    (declined,) = [d for d in gather(*[human(s, day=3) for s in said]).decisions
                   if d.action == "declined"]
    assert declined.reason.startswith("asked to forget 'Priya' on 2026-07-09, but ")
    assert declined.reason.endswith(": nothing is removed")
    assert any(why in declined.reason for why in ("as a question", "taken back"))


def test_what_a_take_back_of_a_request_to_forget_left_out_is_saved_again() -> None:
    g = gather(human("The Corvid demo is on 2026-07-24.", day=2),
               human("The staging URL is https://stage.bramble.io. Forget what I said about "
                     "the Corvid demo.", day=3),
               human("No wait, keep it.", day=3))
    assert g.forgets == []
    assert sorted(c.text for c in g.candidates) == [
        "The Corvid demo is on 2026-07-24.", "The staging URL is https://stage.bramble.io."]
    assert not [d for d in g.decisions if "later in these sessions" in d.reason]


@pytest.mark.parametrize("said", [
    ["Forget what I said about Priya."],
    ["Forget what I said about Priya, she left."],
    ["The PR is up. forget what I said about Priya."],
    # no take-back: "No more ..." is news, the next message's "Keep the ..." a rule
    ["Forget what I said about Priya. No more reviews from her."],
    ["Forget what I said about Priya.", "Keep the PR descriptions short."],
    ["Forget what I said about Priya. I know, it's a shame."],
    ["Forget what I said about Priya. No, she left."],
    # a question only in its tag
    ["Please forget what I said about Priya, ok?"],
    ["Forget what I said about Priya, would you?"],
    # a question of its own after it, and news after a take-back's words
    ["Forget what I said about Priya, and can you keep the rest?"],
    ["Forget what I said about Priya.", "Never mind, don't use tabs in the Makefile."],
    # asked politely (it was no request at all: nothing removed, nothing said of it)
    ["Can you forget what I said about Priya?"],
    ["Could you please forget what I said about Priya?"],
    ["Can you forget what I said about Priya? She left."],
])
def test_a_request_to_forget_said_plainly_still_removes_what_it_names(said: list[str]) -> None:
    plan = _forgetting(*said)
    assert plan.deletes == ["project_priya.md"]
    assert not [d for d in plan.decisions if d.action == "declined"]


def _quotes(*said: str, day: int = 3) -> DreamPlan:
    files = {"feedback_style.md": topic("Quotes", "Use single quotes in JS.", type_="feedback"),
             "project_freeze.md": topic("Deploy freeze", "The deploy freeze starts on 2026-07-24.")}
    index = "".join(f"- [{parse_topic(t).name}]({f}) — x\n" for f, t in files.items())
    g = gather(*[human(s, day=day) for s in said])
    return plan_dream(files, index, g.candidates, now=NOW, forgets=g.forgets)


@pytest.mark.parametrize("said", [
    # (from the twenty-fourth review) the new statement was taken back: "earlier" points past
    # this message, to the rule it changes
    "Use double quotes in JS. Forget what I said earlier.",
    "Use double quotes in JS. forget what I said earlier.",
    "Use double quotes in JS. Forget what I said before.",
    "Use double quotes in JS, forget what I said before.",
])
def test_what_is_said_before_forget_what_i_said_earlier_is_what_holds_now(said: str) -> None:
    plan = _quotes(said)
    body = parse_topic(plan.writes["feedback_style.md"]).body
    assert body.startswith("Use double quotes in JS.") and "previously: Use single" in body
    assert plan.deletes == []


@pytest.mark.parametrize("said", [
    # only "just said" and "scratch that" take back the sentence before them
    "Use double quotes in JS. Forget what I just said.",
    "Use double quotes in JS. Scratch that.",
])
def test_forget_what_i_just_said_still_takes_back_the_sentence_before(said: str) -> None:
    assert _quotes(said).writes == {}


@pytest.mark.parametrize("said", [
    # (from the twenty-fifth review) double quotes superseded single quotes: "Just kidding"
    # takes back the change of mind
    "Use double quotes in JS, forget what I said before. Just kidding.",
    "Use double quotes in JS. Forget what I said earlier. Just kidding.",
])
def test_a_change_of_mind_then_just_kidding_leaves_the_rule_as_it_was(said: str) -> None:
    plan = _quotes(said)
    assert plan.writes == {} and plan.deletes == []


def test_forget_what_i_said_before_keeps_the_other_news_of_its_message() -> None:
    plan = _quotes("We deploy with ArgoCD. The staging URL is https://stage.bramble.io. Forget "
                   "what I said before, use tabs.")
    written = " ".join(plan.writes.values())
    assert "https://stage.bramble.io" in written and "ArgoCD" in written
    assert any(parse_topic(t).body.startswith("Use tabs.") for t in plan.writes.values()
               if not t.startswith("- ["))


def test_what_is_so_now_beside_forget_what_i_said_before_replaces_the_earlier_one() -> None:
    g = gather(human("Deploys go out on Tuesdays.", day=1),
               human("Deploys go out on Thursdays now, forget what I said before.", day=3))
    plan = plan_dream({}, None, g.candidates, now=NOW, forgets=g.forgets)
    (body,) = [parse_topic(t).body for f, t in plan.writes.items() if f != "MEMORY.md"]
    assert body.startswith("Deploys go out on Thursdays now.")


def test_a_new_date_before_a_request_to_forget_the_old_one_is_saved() -> None:
    # (from the twenty-fourth review) the entry went and the new date with it
    plan = _quotes("The deploy freeze starts on 2026-07-27 now, forget what I said about the "
                   "deploy freeze before.")
    assert plan.deletes == ["project_freeze.md"]
    assert any("The deploy freeze starts on 2026-07-27" in t for t in plan.writes.values())


@pytest.mark.parametrize(("said", "saved"), [
    # (from the twenty-fifth review) each was read as taking the request back, and Priya's
    # entry stayed; what follows is of something else, and a rule it tells is saved
    (["Forget what I said about Priya.", "Never mind the flaky test, I fixed it."], None),
    (["Forget what I said about Priya.", "Keep the notes about the Christmas sale."], None),
    (["Forget what I said about Priya. Keep the notes about the Christmas sale."], None),
    (["Forget what I said about Priya.", "Actually, I changed my mind about the linter: use "
      "flake8."], "Use flake8."),
    (["Forget what I said about Priya.", "On second thought, use tabs in the Makefile."],
     "Use tabs in the Makefile."),
    # the request's own clause is no question; one after it is
    (["Forget what I said about Priya, and can you rerun the tests?"], None),
    (["Please forget what I said about Priya, she left the company - can you also drop her "
      "from CODEOWNERS?"], None),
    (["Forget what I said about Priya, why did you even save that?"], None),
    # what follows a comma is the reason, or news of its own
    (["Forget what I said about Priya, I changed my mind."], None),
    (["Forget what I said about Priya, never mind the tests."], None),
    # (from the twenty-eighth review) a question of its own, whatever it opens with: each
    # removed nothing, as if the request itself were asked
    *[([f"Forget what I said about Priya{asked}"], None) for asked in (
        ", what's the new one?", ", did you update the reviewers list?",
        ", are the tests passing now?", ", where does it live now?",
        ", who should review payment PRs instead?", ", and what's the status of the migration?",
        ", also is the build green yet?", "; do we have a new reviewer yet?",
        ", which one are you using now?", ", what do you think?",
        ", do you need anything else from me?", ", should I tell the team too?",
        ", does that make sense?", ", is that clear?", ", did you get that?",
        ", is that okay with you?", ", why would we need it?")],
    (["Please forget what I said about Priya, which one are you using now?"], None),
])
def test_a_request_to_forget_before_other_words_or_a_question_of_its_own_still_removes(
        said: list[str], saved: str | None) -> None:
    plan = _forgetting(*said)
    assert plan.deletes == ["project_priya.md"]
    assert not [d for d in plan.decisions if d.action == "declined"]
    new = [parse_topic(t).body.split("\n")[0] for f, t in plan.writes.items()
           if f not in _BRAMBLE and f != "MEMORY.md"]
    assert new == ([saved] if saved else [])


@pytest.mark.parametrize(("said", "saved"), [
    # (from the twenty-eighth review) news after "never mind" of another thing than the one
    # asked to forget, or of no thing kept: each took the request back and dropped the news
    ("Never mind, the demo is on Friday after all.", "demo"),
    ("Never mind, we're shipping on Friday after all.", "shipping"),
    ("Never mind, we still need to finish the migration before the audit on 2026-08-14.",
     "audit"),
    ("Never mind, CI is still red.", None),
    ("Ugh, never mind, prod's still down, focus on that.", None),
    ("Never mind, the tests passed after all.", None),
    ("Never mind, leave it to me, I'll update the doc myself.", None),
])
def test_news_after_never_mind_of_another_thing_leaves_the_request_to_forget_standing(
        said: str, saved: str | None) -> None:
    plan = _forgetting("Forget what I said about Priya.", said)
    assert plan.deletes == ["project_priya.md"]
    assert not [d for d in plan.decisions if d.action == "declined"]
    new = " ".join(t for f, t in plan.writes.items() if f not in _BRAMBLE and f != "MEMORY.md")
    assert (saved in new) if saved else not new


@pytest.mark.parametrize("said", [
    ["Forget what I said about Priya.", "Never mind."],
    ["Forget what I said about Priya.", "On second thought, keep it."],
    ["Forget what I said about Priya.", "Actually, I changed my mind."],
    ["Forget what I said about Priya.", "Scratch that, she's staying."],
    ["Forget what I said about Priya.", "Never mind, Priya is staying."],
    ["Forget what I said about Priya.", "Just kidding, she's back on Monday."],
    # a question in the request's own clause
    ["Forget what I said about Priya, the reviewer?"],
    # taken back after a comma in its sentence: Priya's entry went
    ["Forget what I said about Priya, actually no, keep it."],
    ["Forget what I said about Priya, just kidding."],
    ["Forget what I said about Priya - never mind, keep it."],
])
def test_a_take_back_standing_alone_or_about_the_request_still_removes_nothing(
        said: list[str]) -> None:
    plan = _forgetting(*said)
    assert plan.deletes == []
    assert not [f for f in plan.writes if f == "project_priya.md"]


def test_a_new_value_after_taking_a_request_to_forget_back_replaces_the_old_one() -> None:
    # (from the twenty-fifth review) the request was taken back, the old URL kept and the
    # new one saved beside it, both current
    plan = _forgetting("Forget what I said about the Bramble staging URL.",
                       "Never mind, the new URL is https://stage2.bramble.io.")
    assert plan.deletes == ["reference_bramble-staging-url.md"]
    written = " ".join(t for f, t in plan.writes.items() if f != "MEMORY.md")
    assert "https://stage2.bramble.io" in written


def test_a_forget_beside_nowhere_still_forgets_what_the_message_said() -> None:
    # "nowhere" is no "now": what the message said of the staging URL goes with the entry
    plan = _standing("The staging URL is nowhere near ready, it's https://new.bramble.io. "
                     "Actually, forget what I said about the staging URL.")
    assert plan.deletes == ["reference_staging-url.md"]
    assert not [f for f in plan.writes if f not in _STANDING]


@pytest.mark.parametrize(("said", "kept"), [
    # (from the twenty-fourth review) the whole sentence was dropped as a reminder
    ("Don't forget what I said about the staging URL: never share it with clients.",
     "Never share the staging URL with clients."),
    ("Never forget what I told you about secrets: keep them in .env.local only.",
     "Keep secrets in .env.local only."),
    ("Don't forget what I said about the staging URL: it's https://stage.bramble.io now.",
     "The staging URL is https://stage.bramble.io now."),
])
def test_what_a_reminder_not_to_forget_goes_on_to_say_is_kept(said: str, kept: str) -> None:
    plan = _standing(said)
    assert plan.deletes == []
    assert any(parse_topic(t).body.startswith(kept) for f, t in plan.writes.items()
               if f != "MEMORY.md")


def test_news_after_a_reminder_not_to_forget_updates_the_entry() -> None:
    plan = _quotes("Don't forget what I said about the deploy freeze: it now starts on Monday "
                   "instead.")
    assert plan.deletes == []
    assert "2026-07-13" in parse_topic(plan.writes["project_freeze.md"]).body


def test_a_request_to_forget_after_a_reminder_not_to_forget_is_carried_out() -> None:
    plan = _forgetting("Don't forget what I said about the staging URL, but forget what I said "
                       "about Priya.")
    assert plan.deletes == ["project_priya.md"]
    assert not [f for f in plan.writes if f not in _BRAMBLE and f != "MEMORY.md"]


def test_what_only_says_forget_removes_nothing() -> None:
    plan = _forgetting("Don't forget to use pnpm for installs.", "I forgot the staging URL.",
                       "Forget it, I'll do it myself.", "Never forget the Christmas sale.")
    assert plan.deletes == []
    assert not any("forget" in d.reason for d in plan.decisions)


@pytest.mark.parametrize(
    ("title", "body", "said"),
    [
        # (from a review) a bare "forget X" (no word of memory) that only meant "never mind X"
        # removed the entry X is named in
        ("Old branch", "The old branch legacy-v1 must be kept for the hotfixes of customer Acme.",
         "just forget the old branch"),
        ("Old branch legacy-v1 kept for Acme hotfixes",
         "The old branch legacy-v1 must be kept for the hotfixes of customer Acme.",
         "forget the old branch"),
        ("Flaky login test quarantined",
         "The flaky login test is quarantined; do not delete it.",
         "forget about the flaky test, it's fixed now"),
        # a sentence of a larger entry that merely names it
        ("Acme", "Acme is our biggest client.\nThe old branch legacy-v1 must be kept for Acme.",
         "please forget the old branch legacy-v1"),
    ],
)
def test_a_bare_forget_removes_no_entry_it_only_names(title: str, body: str, said: str) -> None:
    files = {"project_x.md": topic(title, body)}
    g = gather(human(said, day=3))
    plan = plan_dream(files, f"- [{title}](project_x.md) — x\n", g.candidates, now=NOW,
                      forgets=g.forgets)
    assert plan.deletes == [] and plan.writes == {}


@pytest.mark.parametrize(
    ("title", "said"),
    [
        # with a word of memory, or naming the entry's subject exactly, it still goes
        ("Old branch legacy-v1 kept for Acme hotfixes", "forget what I said about the old branch"),
        ("Old branch legacy-v1 kept for Acme hotfixes", "Forget the note about the old branch."),
        ("Flaky test", "forget about the flaky test, it's fixed now"),
        ("Old branch", "You can just forget about the old branch, it's gone."),
    ],
)
def test_a_forget_of_memory_or_of_an_entry_s_subject_still_removes_it(title: str,
                                                                       said: str) -> None:
    files = {"project_x.md": topic(title, "The old branch legacy-v1 must be kept for Acme; "
                                   "the flaky test is quarantined.")}
    g = gather(human(said, day=3))
    plan = plan_dream(files, f"- [{title}](project_x.md) — x\n", g.candidates, now=NOW,
                      forgets=g.forgets)
    assert plan.deletes == ["project_x.md"]


def test_a_standing_deadline_said_the_british_way_updates_the_rule_it_changes() -> None:
    # (from a review) was a plan "Always reply to review comments by 2026-07-09." beside the
    # rule, which was never changed
    files = {"feedback_reviews.md": topic("Review replies",
                                          "Always reply to review comments within a day.",
                                          type_="feedback")}
    plan = plan_dream(files, "- [Review replies](feedback_reviews.md) — reviews\n", gather(
        human("Always reply to review comments by end of day", day=3)).candidates, now=NOW)
    assert [f for f in plan.writes if f != "MEMORY.md"] == ["feedback_reviews.md"]
    assert parse_topic(plan.writes["feedback_reviews.md"]).body.startswith(
        "Always reply to review comments by end of day.")


def test_forgetting_everything_said_about_a_subject_removes_each_entry_of_it() -> None:
    files = {**_BRAMBLE, "project_priya-hours.md": topic(
        "Priya's hours", "Priya works on Tuesdays and Wednesdays.")}
    index = _BRAMBLE_INDEX + "- [Priya's hours](project_priya-hours.md) — hours\n"
    for said, gone in [("Forget everything I said about Priya.",
                        ["project_priya-hours.md", "project_priya.md"]),
                       ("Forget what I said about Priya.", [])]:
        g = gather(human(said, day=3))
        plan = plan_dream(files, index, g.candidates, now=NOW, forgets=g.forgets,
                          options=EngineOptions(max_loss=None))
        assert sorted(plan.deletes) == gone, said


def test_what_the_user_asked_to_forget_goes_even_past_the_share_a_dream_may_lose() -> None:
    # the only entry: a dream may lose none of it, but this one was asked for, not lost
    files = {"reference_staging.md": topic("Bramble staging URL",
                                           "The Bramble staging URL is https://staging.b.app.",
                                           type_="reference")}
    g = gather(human("Forget what I said about the staging URL.", day=3))
    plan = plan_dream(files, "- [Bramble staging URL](reference_staging.md) — staging\n",
                      g.candidates, now=NOW, forgets=g.forgets)
    assert plan.deletes == ["reference_staging.md"]
    assert not any(d.action == "kept" for d in plan.decisions)


@pytest.mark.parametrize(
    ("first", "again"),
    [
        # (from a user test) the rule said again, with a reason of its own appended, or with an
        # aside left out: one entry, not three with the same title
        ("Please always seed everything (torch, numpy, random and cuda) at the start of "
         "train.py, I need every run to be reproducible.",
         "Remember, always seed everything, the reviewers will ask for reproducibility."),
        ("Please always seed everything (torch, numpy, random and cuda) at the start of "
         "train.py, I need every run to be reproducible.",
         "And always seed everything, I told claude the same thing."),
        ("Prefer einops for reshapes, rearrange instead of view/permute chains.",
         "I said it before, prefer einops, no .view().permute() chains please. you just wrote "
         "one in the decoder"),
    ],
)
def test_a_rule_said_again_in_other_words_is_one_entry(first: str, again: str) -> None:
    said = gather(human(first, session="s0"), human(again, day=3, session="s3")).candidates
    plan = plan_dream({}, None, said, now=NOW)
    assert len([f for f in plan.writes if f != "MEMORY.md"]) == 1
    # ... and so it is in a later dream, of the entry written in the first
    first_plan = plan_dream({}, None, gather(human(first, session="s0")).candidates, now=NOW)
    files = {f: t for f, t in first_plan.writes.items() if f != "MEMORY.md"}
    later = plan_dream(files, first_plan.index,
                       gather(human(again, day=3, session="s3")).candidates, now=NOW)
    assert [f for f in later.writes if f not in files and f != "MEMORY.md"] == []
    assert "the same thing" not in "".join(later.writes.values())


@pytest.mark.parametrize(
    ("first", "other"),
    [
        # another rule, with a reason of its own: not the same entry
        ("Always seed everything (torch, numpy) at the start of train.py.",
         "Always log everything, the reviewers will ask for the numbers."),
        ("Prefer einops for reshapes, rearrange instead of view/permute chains.",
         "I said it before, use bf16, not fp16."),
    ],
)
def test_another_rule_with_a_reason_appended_stays_apart(first: str, other: str) -> None:
    said = gather(human(first, session="s0"), human(other, day=3, session="s3")).candidates
    plan = plan_dream({}, None, said, now=NOW)
    assert len([f for f in plan.writes if f != "MEMORY.md"]) == 2


# (from a month-of-use tester, an ML researcher) a newer best result replaces the older one,
# kept as history, however differently each is told; a best of another measure is its own
@pytest.mark.parametrize(("older", "newer", "entries"), [
    (["best val loss is 0.412 (run cseg-lr3e-4)",
      "yes, best val loss is 0.398 now with the cosine schedule, that's our new baseline"],
     "final run done, best val loss is 0.352. that's the number for the paper", 1),
    (["best val loss is 0.412"], "best val accuracy is 0.871", 2),
])
def test_a_newer_best_result_replaces_the_older(
        older: list[str], newer: str, entries: int) -> None:
    files: dict[str, str] = {}
    for day, said in enumerate(older):
        plan = plan_dream(files, None, gather(human(said, day=day, session=f"s{day}")).candidates,
                          now=NOW)
        files = {**{f: t for f, t in files.items() if f not in plan.deletes}, **plan.writes}
    plan = plan_dream(files, None, gather(human(newer, day=5, session="s5")).candidates, now=NOW)
    files = {**{f: t for f, t in files.items() if f not in plan.deletes}, **plan.writes}
    assert len(files) == entries
    if entries == 1:
        [text] = files.values()
        topic_ = parse_topic(text)
        assert topic_.name == "Final run done, best val loss is 0.352"
        assert topic_.body.startswith("Final run done, best val loss is 0.352.")
        assert "previously: Best val loss is 0.412 (run cseg-lr3e-4)" in topic_.body
        assert "previously: Best val loss is 0.398 now with the cosine schedule" in topic_.body


# (from a review of the last round: the whole sentence was the entry) a best result put right
# as it is said ("no wait", "wait no") is the number said last
@pytest.mark.parametrize("newer", ["best val loss is 0.352, no wait, 0.362",
                                   "best val loss is 0.352, wait no, 0.362"])
def test_a_best_result_put_right_as_said_replaces_with_the_right_number(newer: str) -> None:
    plan = plan_dream({}, None, gather(human(
        "Best val loss is 0.398 now with the cosine schedule.", day=1, session="s1")).candidates,
        now=NOW)
    files = dict(plan.writes)
    plan = plan_dream(files, None, gather(human(newer, day=5, session="s5")).candidates, now=NOW)
    [text] = [t for f, t in plan.writes.items() if f != "MEMORY.md"]
    body = parse_topic(text).body
    assert body.startswith("Best val loss is 0.362.\n") and "0.352" not in body
    assert "previously: Best val loss is 0.398 now" in body


# (from a review of 19fe740: the paper's number went to history) a best result said in doubt
# or of a debug run is not the project's: the entry stays as it is
@pytest.mark.parametrize("newer", [
    "best val loss is 0.41 on the debug run",
    "best val loss is 0.35 now? that seems too good",
    "best val loss is 0.33 now, not sure it's real though",
    "the best val loss so far is 0.29 but that run diverged after",
    # (from a review of the last round: it replaced the paper's number) one the person discounts
    "Best val loss is 0.31 on the broken split, ignore it.",
    "Best val loss is 0.42, but that run was buggy.",
    # ... a bug of the run told as such, not put right
    "Best val loss is 0.31 on the broken split, the fix comes later.",
    "Best val loss is 0.3 with the leaky features, they are not gone yet.",
])
def test_a_doubted_or_debug_best_result_replaces_nothing(newer: str) -> None:
    plan = plan_dream({}, None, gather(human(
        "final run done, best val loss is 0.352. that's the number for the paper", day=1,
        session="s1")).candidates, now=NOW)
    files = dict(plan.writes)
    plan = plan_dream(files, None, gather(human(newer, day=5, session="s5")).candidates, now=NOW)
    assert not [f for f in plan.writes if f != "MEMORY.md"] and not plan.deletes


# (from a review of ba7bc09: it replaced nothing) a result obtained after a bug was put right is
# the new best; the discount words are of the run it came from, not of a bug told fixed
@pytest.mark.parametrize("newer", [
    "Best val loss is 0.29 after fixing the broken split.",
    "Best val loss is 0.29 now that the leaky features are gone.",
    "Best val loss is 0.28, the buggy dataloader is fixed.",
])
def test_a_best_result_after_a_fix_replaces_the_old_one(newer: str) -> None:
    plan = plan_dream({}, None, gather(human(
        "Final run done, best val loss is 0.352. that's the number for the paper.", day=1,
        session="s1")).candidates, now=NOW)
    files = dict(plan.writes)
    plan = plan_dream(files, None, gather(human(newer, day=5, session="s5")).candidates, now=NOW)
    files = {**{f: t for f, t in files.items() if f not in plan.deletes}, **plan.writes}
    [text] = [t for f, t in files.items() if f != "MEMORY.md"]
    body = parse_topic(text).body
    assert body.startswith(newer)
    assert "previously: Final run done, best val loss is 0.352" in body


# (from a month-of-use tester, an ML researcher) a title before a name cuts no entry's title
# short, and a passed maintenance day is told as past
@pytest.mark.parametrize(("said", "now", "title"), [
    ("next: Prof. Okafor wants a journal version by end of January", NOW,
     "Prof. Okafor wants a journal version by 2027-01-31"),
    ("Prof. Okafor wants ablations on the temperature parameter before the submission", NOW,
     "Prof. Okafor wants ablations on the temperature parameter"),
    ("kepler has maintenance next Tuesday, no jobs that day", NOW,
     "Was planned: Kepler has maintenance on 2026-07-07"),
])
def test_a_colleagues_and_the_clusters_plans_read_whole(said: str, now: datetime,
                                                        title: str) -> None:
    plan = plan_dream({}, None, gather(human(said)).candidates, now=now)
    [text] = plan.writes.values()
    assert parse_topic(text).name.startswith(title)


def test_a_launch_pushed_back_in_day_first_figures_moves_the_one_launch_plan() -> None:
    # "they've pushed the launch back a week, it's now 11/12" made a second launch plan beside
    # the first, both current, and a third when it moved again
    lead = "The Acme launch is 2026-12-04, so that's the date everything hangs off."
    plan = _plan({"project_acme-launch.md": topic("Acme launch", lead)}, None,
                 human("I need to invoice Bramble by 30/11.", session="a", day=1),
                 human("News from Acme: they've pushed the launch back a week, it's now 11/12. "
                       "Legal haven't finished the T&Cs.", session="b", day=2))
    assert [f for f, text in plan.writes.items() if "launch" in text and f != "MEMORY.md"] == [
        "project_acme-launch.md"]
    entry = parse_entry("project_acme-launch.md", plan.writes["project_acme-launch.md"])
    assert entry.statements == [lead.replace("2026-12-04", "2026-12-11")]
    assert entry.history == [
        "Changed from 2026-12-04 to 2026-12-11 on 2026-07-08; previously 2026-12-04."]


_INVOICE = "The user needs to invoice Bramble by 2026-11-30 for the October and November work."


@pytest.mark.parametrize("said", [
    "Change of plan on the Bramble invoice, they're closing their books early, so I need to "
    "invoice them by 2026-11-27 instead.",
    "I need to invoice Bramble by 2026-11-27 instead.",
])
def test_a_plan_told_changed_moves_the_one_plan_of_it(said: str) -> None:
    # it was a second plan beside the first, both current: two days to invoice by
    plan = _plan({"project_invoice.md": topic("Invoice Bramble", _INVOICE)}, None,
                 human(said, day=3))
    assert [f for f in plan.writes if f != "MEMORY.md"] == ["project_invoice.md"]
    entry = parse_entry("project_invoice.md", plan.writes["project_invoice.md"])
    assert entry.statements == [_INVOICE.replace("2026-11-30", "2026-11-27")]
    assert entry.history == [
        "Changed from 2026-11-30 to 2026-11-27 on 2026-07-09; previously 2026-11-30."]


def test_a_plan_told_changed_in_the_dream_that_planned_it_is_one_plan() -> None:
    plan = _plan({}, None,
                 human("I need to invoice Bramble by 2026-11-30 for the October and November "
                       "work.", session="a", day=0),
                 human("Change of plan on the Bramble invoice, so I need to invoice them by "
                       "2026-11-27 instead.", session="b", day=3))
    (file,) = [f for f in plan.writes if f != "MEMORY.md"]
    entry = parse_entry(file, plan.writes[file])
    assert entry.statements == [_INVOICE.replace("2026-11-30", "2026-11-27")]


@pytest.mark.parametrize("said", [
    "We'll demo the Corvid dashboard on 2026-11-27 instead.",  # another plan
    "I need to invoice Corvid by 2026-11-27 instead.",  # another client's invoice
])
def test_another_plan_told_instead_leaves_the_plan_as_it_was(said: str) -> None:
    plan = _plan({"project_invoice.md": topic("Invoice Bramble", _INVOICE)}, None,
                 human(said, day=3))
    assert "project_invoice.md" not in plan.writes


@pytest.mark.parametrize(("lead", "said"), [
    # each moved the plan named by the first words of another event's name
    ("The Acme launch is 2026-12-04.",
     "Change of plan, we'll do the Acme launch retro on 2026-12-14."),
    ("The Acme launch is 2026-12-04.",
     "The Acme launch party is on 2026-12-10 instead, at the office."),
    (_INVOICE, "I need to send the Bramble invoice reminder by 2026-11-20 instead."),
])
def test_another_event_of_the_same_name_told_instead_leaves_the_plan_its_day(
        lead: str, said: str) -> None:
    plan = _plan({"project_plan.md": topic("Plan", lead)}, None, human(said, day=3))
    written = plan.writes.get("project_plan.md")
    if written is not None:
        entry = parse_entry("project_plan.md", written)
        assert lead in entry.statements and not entry.history


@pytest.mark.parametrize("said", [
    # near misses: the same event, more said of when
    "Change of plan, the Acme launch happens on 2026-12-10 instead.",
    "The Acme launch date is 2026-12-10 instead.",
    "We'll do the Acme launch on 2026-12-10 instead.",
])
def test_the_same_event_told_instead_moves_its_plan(said: str) -> None:
    plan = _plan({"project_plan.md": topic("Plan", "The Acme launch is 2026-12-04.")}, None,
                 human(said, day=3))
    entry = parse_entry("project_plan.md", plan.writes["project_plan.md"])
    assert entry.statements == ["The Acme launch is 2026-12-10."]


_US_COPY = ("Acme want all copy in US English, so 'color', 'optimize', 'center' and so on in "
            "anything user-facing in apps/acme.")


@pytest.mark.parametrize("said", [
    # each made a project entry beside the feedback rule it says again
    "Remember Acme's copy is US English, I spotted 'colour' in the pricing FAQ.",
    "Remember that Acme's copy is in US English.",
])
def test_a_rule_said_again_as_a_fact_of_the_project_confirms_the_rule(said: str) -> None:
    plan = _plan({"feedback_us-copy.md": topic("US copy", _US_COPY, type_="feedback")}, None,
                 human(said, day=3))
    assert [f for f in plan.writes if f != "MEMORY.md"] in ([], ["feedback_us-copy.md"])
    assert [d.action for d in plan.decisions if d.action not in ("kept", "indexed")] == [
        "confirmed"]


def test_a_rule_said_again_as_another_type_in_the_dream_that_made_it_is_one_entry() -> None:
    plan = _plan({}, None, human(f"Acme bits today. {_US_COPY}", session="a", day=0),
                 human("Remember Acme's copy is US English, I spotted 'colour' in the pricing "
                       "FAQ.", session="b", day=3))
    (file,) = [f for f in plan.writes if f != "MEMORY.md"]
    assert parse_entry(file, plan.writes[file]).statements == [_US_COPY]


def test_a_fact_of_the_project_said_more_fully_as_a_rule_is_one_entry() -> None:
    plan = _plan({"project_us-copy.md": topic("US copy", "Acme's copy is US English.")}, None,
                 human(_US_COPY, day=3))
    assert [f for f in plan.writes if f != "MEMORY.md"] == ["project_us-copy.md"]
    entry = parse_entry("project_us-copy.md", plan.writes["project_us-copy.md"])
    assert entry.statements[0] == _US_COPY
    assert entry.history == []


def test_a_rule_said_again_with_news_of_a_day_stays_the_rule() -> None:
    rule = "Acme want all copy in US English."
    plan = _plan({"feedback_us-copy.md": topic("US copy", rule, type_="feedback")}, None,
                 human("Remember Acme's copy is US English, I spotted 'colour' in the pricing "
                       "FAQ.", day=3))
    assert [d.action for d in plan.decisions if d.action not in ("kept", "indexed")] == [
        "confirmed"]


@pytest.mark.parametrize("said", [
    "Bramble's copy is UK English.",  # another client's rule
    "Acme's copy is not US English any more.",
    "Acme's copy is US English and Spanish.",
])
def test_another_rule_beside_a_rule_of_another_type_is_not_a_restatement(said: str) -> None:
    plan = _plan({"feedback_us-copy.md": topic("US copy", _US_COPY, type_="feedback")}, None,
                 human(said, day=3))
    assert not any(d.action == "confirmed" for d in plan.decisions)


_PANDAS = ("Never use pandas in the training loop, it's way too slow, the user saw someone "
           "building a DataFrame per step in the old code.")


@pytest.mark.parametrize("said", [
    "I don't want pandas anywhere in src/, not just the training loop. notebooks only",
    "No pandas anywhere in src/, not only in the training loop.",
])
def test_a_rule_widened_past_the_scope_of_an_older_one_replaces_it_with_history(
        said: str) -> None:
    files = {"feedback_no-pandas.md": topic("Never use pandas in the training loop", _PANDAS,
                                            type_="feedback")}
    plan = _plan(files, None, human(said, session="b", day=3))
    # one rule, the wider one, not the narrower one beside it as if both held apart
    assert list(plan.writes) == ["feedback_no-pandas.md"]
    body = parse_topic(plan.writes["feedback_no-pandas.md"]).body
    lead = body.splitlines()[0]
    assert "pandas anywhere in src/" in lead and not lead.startswith("Never use pandas")
    assert f"Updated on 2026-07-09; previously: {_PANDAS}" in body.splitlines()


@pytest.mark.parametrize(("old", "said"), [
    # near misses: the scope named is not what the rule was kept to, or the rule is of
    # another thing
    (_PANDAS, "Always write tests for src/, not just the training loop."),
    ("Never use pandas in the notebooks.",
     "I don't want pandas anywhere in src/, not just the training loop."),
])
def test_a_rule_said_not_just_of_another_scope_or_thing_leaves_the_older_one(
        old: str, said: str) -> None:
    files = {"feedback_rule.md": topic("A rule", old, type_="feedback")}
    plan = _plan(files, None, human(said, session="b", day=3))
    assert "feedback_rule.md" not in plan.writes


_PARTITIONS = ("The partitions on kepler: gpu-a100 for real runs, gpu-debug for quick tests "
               "(max 1 hour).")


@pytest.mark.parametrize("said", [
    "the gpu-debug partition was renamed to debug-a100 this week, update the sbatch templates",
    "The gpu-debug partition has been renamed to debug-a100.",
    "Remember: the gpu-debug partition was renamed to debug-a100.",
])
def test_a_rename_puts_the_new_name_in_the_entry_naming_the_old_one(said: str) -> None:
    files = {"reference_partitions.md": topic("Partitions", _PARTITIONS, type_="reference")}
    plan = _plan(files, None, human(said, session="b", day=3))
    # a memory of the rename alone told the new name while this one went on naming the old
    assert list(plan.writes) == ["reference_partitions.md"]
    body = parse_topic(plan.writes["reference_partitions.md"]).body
    assert body.splitlines()[0] == ("The partitions on kepler: gpu-a100 for real runs, "
                                    "debug-a100 for quick tests (max 1 hour).")
    assert f"Updated on 2026-07-09; previously: {_PARTITIONS}" in body.splitlines()


@pytest.mark.parametrize("said", [
    # near misses: another name renamed, or no old name said
    "The gpu-large partition was renamed to large-a100.",
    "The partition was renamed to debug-a100.",
])
def test_a_rename_of_a_name_no_entry_uses_leaves_the_entries(said: str) -> None:
    files = {"reference_partitions.md": topic("Partitions", _PARTITIONS, type_="reference")}
    plan = _plan(files, None, human(said, session="b", day=3))
    assert "reference_partitions.md" not in plan.writes


@pytest.mark.parametrize("past", [
    # each was rewritten to "... from debug-a100 ...", a name the partition did not have then
    "In June we moved the notebooks from gpu-debug to the cpu queue.",
    "gpu-debug was down on 2026-06-03.",
])
def test_a_rename_leaves_a_past_event_under_the_name_it_had(past: str) -> None:
    files = {"reference_partitions.md": topic("Partitions", _PARTITIONS, type_="reference"),
             "project_history.md": topic("History", past)}
    plan = _plan(files, None, human("The gpu-debug partition was renamed to debug-a100.",
                                    session="b", day=3))
    # near miss: the entry telling what is now names the new one
    assert list(plan.writes) == ["reference_partitions.md"]


def test_a_rename_puts_the_new_name_in_a_clause_of_what_is_now() -> None:
    files = {"project_quick.md": topic("Quick", "Quick tests run on gpu-debug, which was added "
                                       "in May.")}
    plan = _plan(files, None, human("The gpu-debug partition was renamed to debug-a100.",
                                    session="b", day=3))
    assert parse_topic(plan.writes["project_quick.md"]).body.splitlines()[0] == (
        "Quick tests run on debug-a100, which was added in May.")


def test_a_rename_said_again_leaves_the_memory_of_the_rename_as_it_was() -> None:
    said = "The gpu-debug partition was renamed to debug-a100."
    files = {"project_rename.md": topic("Rename", said)}
    plan = _plan(files, None, human(said, session="b", day=3))
    assert all("The debug-a100 partition" not in t for t in plan.writes.values())


# (from a month as an SRE) what happened to a system in an incident is no switch of the
# person's: an RDS failover made "Use eu-west-1b; ... do not suggest the previous choice"
@pytest.mark.parametrize("said", [
    "It's recovered; the writer moved to eu-west-1b.",
    "Paged again. INC-4471: RDS checkout-prod failed over at 02:40 UTC, checkout had 4 minutes "
    "of errors. It's recovered; the writer moved to eu-west-1b.",
    "The primary crashed and moved to eu-west-1c.",
])
def test_a_system_moving_in_an_incident_is_no_switch(said: str) -> None:
    plan = _plan({}, None, human(said, day=4))
    for text in plan.writes.values():
        assert "do not suggest" not in text
        assert "Switched" not in text
    assert not [d for d in plan.decisions if "switch" in d.reason]


@pytest.mark.parametrize("said", [
    "After the outage we moved to Datadog.",
    "We moved the staging database to db2.",
])
def test_a_move_someone_made_is_still_a_switch(said: str) -> None:
    plan = _plan({}, None, human(said, day=4))
    assert any("(switch;" in d.reason for d in plan.decisions)


# (from a month as an SRE) the one way work of a kind goes, and the new way replacing it
def test_applies_moving_to_another_tool_replace_the_old_way() -> None:
    first = _plan({}, None, human(
        "Important rule for this repo: never run terraform apply from a laptop. Applies only go "
        "through Terraform Cloud, in the infra-live-prod and infra-live-staging workspaces.",
        day=0))
    saved = [parse_topic(t) for f, t in first.writes.items() if f.startswith("project_")]
    assert [t.body.split("\n")[0] for t in saved] == [
        "Applies only go through Terraform Cloud, in the infra-live-prod and "
        "infra-live-staging workspaces."]
    files = {f: t for f, t in first.writes.items() if f != "MEMORY.md"}
    plan = _plan(files, first.index, human(
        "Big change: we've moved off Terraform Cloud. All applies now go through Atlantis: open "
        "the PR, Atlantis posts the plan, and you comment `atlantis apply` after approval.",
        day=3))
    [moved] = [parse_topic(t) for f, t in plan.writes.items() if f.startswith("project_")]
    assert moved.body.startswith("All applies now go through Atlantis: open the PR")
    assert "`atlantis apply` after approval" in moved.body
    assert "previously: Applies only go through Terraform Cloud" in moved.body
    assert "Terraform Cloud" not in moved.name
    assert "Terraform Cloud" not in plan.index.split("previously")[0]
    assert not plan.deletes


@pytest.mark.parametrize("said", [
    "All deploys go through ArgoCD.",
    "Applies only go through Terraform Cloud.",
])
def test_the_one_way_work_goes_is_kept(said: str) -> None:
    plan = _plan({}, None, human(said))
    assert [f for f in plan.writes if f.startswith("project_")]


def test_requests_through_the_gateway_are_no_way_of_working() -> None:
    plan = _plan({}, None, human("Requests go through the gateway."))
    assert not [f for f in plan.writes if f != "MEMORY.md"]


# (from a month as an SRE) a moved address replaces the old one where it stands, beside what
# else the entry gives
def test_a_retired_host_is_replaced_in_the_entry_that_holds_it() -> None:
    old = ("The main Grafana dashboard for the platform is https://grafana.acme-platform.io/d/"
           "k8s-overview/kubernetes-overview and PagerDuty service for platform is "
           "https://acme-platform.pagerduty.com/service-directory/P7X2K9Q.")
    files = {"reference_grafana.md": topic("Grafana", old, type_="reference")}
    plan = _plan(files, "- [Grafana](reference_grafana.md) — dashboards\n", human(
        "Grafana moved: the platform dashboards are now at https://grafana.platform.acme.io/d/"
        "k8s-overview, the old grafana.acme-platform.io instance was retired on Friday.", day=4))
    assert list(plan.writes) == ["reference_grafana.md"] or set(plan.writes) == {
        "reference_grafana.md", "MEMORY.md"}
    body = parse_topic(plan.writes["reference_grafana.md"]).body
    lead = body.split("\n")[0]
    assert lead == ("The main Grafana dashboard for the platform is https://grafana.platform."
                    "acme.io/d/k8s-overview and PagerDuty service for platform is "
                    "https://acme-platform.pagerduty.com/service-directory/P7X2K9Q.")
    assert "previously: The main Grafana dashboard for the platform is https://grafana." \
           "acme-platform.io" in body


# (from a month as an SRE) a correction of a standing value replaces it
@pytest.mark.parametrize("said", [
    "Correction on the maintenance window: it's Saturday 22:00 to Sunday 02:00 UTC now, not "
    "Sunday 02:00-04:00. The DB team asked for it to move because of their backups.",
    "Correction: the maintenance window is Saturday 22:00 to Sunday 02:00 UTC now, not Sunday "
    "02:00-04:00.",
])
def test_a_corrected_maintenance_window_replaces_the_old_one(said: str) -> None:
    files = {"project_weekly-maintenance-window.md": topic(
        "The weekly maintenance window",
        "The weekly maintenance window is every Sunday 02:00-04:00 UTC.")}
    plan = _plan(files, "- [Window](project_weekly-maintenance-window.md) — Sunday\n",
                 human(said, day=4))
    topics = [f for f in plan.writes if f != "MEMORY.md"]
    assert topics == ["project_weekly-maintenance-window.md"]
    body = parse_topic(plan.writes[topics[0]]).body
    assert body.startswith("The maintenance window is Saturday 22:00 to Sunday 02:00 UTC now")
    assert "previously: The weekly maintenance window is every Sunday 02:00-04:00 UTC." in body
    assert "2026-07-11" not in body


# (from a review of the SRE month) a correction of the person's own words updates the project
# entry it corrects or is left alone; it is never the assistant corrected
def test_a_corrected_hyphenated_subject_replaces_its_entry() -> None:
    files = {"project_oncall.md": topic("On-call rotation", "The on-call rotation is biweekly.")}
    plan = _plan(files, "- [On-call](project_oncall.md) — biweekly\n", human(
        "Correction on the on-call rotation: it's weekly now, not biweekly.", day=1))
    topics = [f for f in plan.writes if f != "MEMORY.md"]
    assert topics == ["project_oncall.md"]
    body = parse_topic(plan.writes["project_oncall.md"]).body
    assert body.startswith("The on-call rotation is weekly now, not biweekly.")


@pytest.mark.parametrize(("existing", "said"), [
    ("The nightly build is broken on main.", "Correction on that: it's actually fine."),
    ("The dev DB port is 5432.", "Correction to my last message: the port is 5433."),
    ("The dev server port is 5432.", "Correction on the port: 5433, not 5432."),
    ("The release is on Thursday 2026-07-23.",
     "Correction about the release: it's been pushed to Friday."),
    ("The dev DB port is 5432.", "Correction: I meant staging, not prod."),
    ("The dev DB port is 5432.", "Correction for the record: it's the EU region now."),
])
def test_a_self_correction_is_no_feedback_to_the_assistant(existing: str, said: str) -> None:
    files = {"project_old.md": topic("Old", existing)}
    plan = _plan(files, "- [Old](project_old.md) — old\n", human(said, day=1))
    for f, text in plan.writes.items():
        if f == "MEMORY.md":
            continue
        assert not f.startswith("feedback_"), f
        body = parse_topic(text).body
        assert "corrected the assistant" not in body
        assert " is been " not in body and "The record is" not in body


@pytest.mark.parametrize(("said", "lead"), [
    ("Correction: always use pnpm.", "Always use pnpm."),
    ("Correction - always run the linter before pushing.",
     "Always run the linter before pushing."),
])
def test_a_corrected_rule_is_still_a_preference(said: str, lead: str) -> None:
    plan = _plan({}, None, human(said, day=1))
    [text] = [t for f, t in plan.writes.items() if f != "MEMORY.md"]
    body = parse_topic(text).body
    assert body.startswith(lead)
    assert "corrected the assistant" not in body


# (from a month as an SRE) the person's on-call weeks are dated plans
@pytest.mark.parametrize(("said", "day", "lead"), [
    ("I'm on call from 16/11 to 23/11.", 4, "The user is on call from 2026-11-16 to 2026-11-23."),
    ("I'm on call again the week of 16/11, Monday to Monday.", 4,
     "The user is on call again the week of 2026-11-16, Monday to Monday."),
    ("FYI I'm on call this week until Monday 09:00 UTC, then Marco takes over.", 1,
     "The user was on call in the week of 2026-07-06 until 2026-07-13 09:00 UTC, then Marco"),
])
def test_an_on_call_week_is_kept_as_a_dated_plan(said: str, day: int, lead: str) -> None:
    plan = _plan({}, None, human(said, day=day))
    [text] = [t for f, t in plan.writes.items() if f != "MEMORY.md"]
    assert parse_topic(text).body.startswith(lead)


@pytest.mark.parametrize("said", [
    "The on-call runbook is at https://wiki.acme.io/oncall.",
    # (a week with a weekly handoff in it would never be told as past)
    "Also, FYI I'm primary on-call this week (PagerDuty schedule platform-primary, handoff is "
    "Mondays at 10:00), so I may drop out of this session if I get paged.",
    "On-call: I hand off to Jamal Reed this morning, he's my senior SRE.",
])
def test_on_call_said_otherwise_is_no_plan(said: str) -> None:
    plan = _plan({}, None, human(said))
    assert not [f for f in plan.writes if f.startswith("project_")]


# (from a review of the SRE month) only the person's on-call span still ahead is a plan
@pytest.mark.parametrize("said", [
    "I was on call last week and it was brutal.",
    "I'm on call tonight, so keep it short.",
    "Whoever was on call yesterday missed the page.",
    "Ping whoever is on call tomorrow.",
    "Whoever is on call this week owns the pager.",
])
def test_on_call_that_is_no_span_ahead_is_not_saved(said: str) -> None:
    plan = _plan({}, None, human(said, day=1))
    assert not [f for f in plan.writes if f.startswith("project_")]


# (from a review of the SRE month) a one-off slot put right is dated as before; only a
# recurring one skips the dating
def test_a_one_off_slot_put_right_is_a_dated_plan() -> None:
    plan = _plan({}, None, human("The release is Friday 14:00, not Thursday 09:00.", day=3))
    [text] = [t for f, t in plan.writes.items() if f != "MEMORY.md"]
    assert "2026-07-10 14:00" in parse_topic(text).body


# (from a review of the SRE month) a move told after an outage is a switch where someone made it
@pytest.mark.parametrize(("said", "new"), [
    ("Heroku went down twice last month so the team moved to Fly.io.", "Fly.io"),
    ("After the outage, the platform team switched to Grafana Cloud.", "Grafana Cloud"),
    ("Kept crashing on Heroku, moved to Fly.io.", "Fly.io"),
])
def test_a_move_after_an_outage_by_the_team_is_a_switch(said: str, new: str) -> None:
    plan = _plan({}, None, human(said, day=3))
    [text] = [t for f, t in plan.writes.items() if f != "MEMORY.md"]
    assert f"Use {new}" in parse_topic(text).body


def test_a_system_moving_in_an_incident_is_still_no_switch() -> None:
    plan = _plan({}, None, human("It's recovered; the writer moved to eu-west-1b.", day=3))
    assert not [f for f in plan.writes if f != "MEMORY.md"]


# (from a review of the SRE month) an approver and a tool are two routes for the same work
def test_a_tool_route_does_not_replace_an_approver() -> None:
    files = {"project_prs.md": topic("PRs", "PRs go through Sarah before merging.")}
    plan = _plan(files, "- [PRs](project_prs.md) — Sarah\n",
                 human("All PRs now go through Graphite.", day=3))
    assert "project_prs.md" not in plan.writes
    assert any("Graphite" in t for f, t in plan.writes.items() if f != "MEMORY.md")


@pytest.mark.parametrize("said", [
    "These calls go through React Query.",
    "Sometimes requests go through Cloudflare and sometimes not.",
    "My messages go through Slack anyway.",
    "If requests go through Cloudflare, the client IP is masked.",
])
def test_a_route_said_in_passing_is_not_saved(said: str) -> None:
    plan = _plan({}, None, human(said, day=3))
    assert not [f for f in plan.writes if f != "MEMORY.md"]


# (from a month as an SRE) a plan on "the 29/11" window is a plan; an incident is dated and
# told as past
def test_a_plan_for_the_day_in_figures_is_kept() -> None:
    plan = _plan({}, None, human(
        "Next big item is the Istio 1.24 upgrade, planned for the 29/11 maintenance window.",
        day=4))
    [text] = [t for f, t in plan.writes.items() if f != "MEMORY.md"]
    assert "planned for the 2026-11-29 maintenance window" in parse_topic(text).body


def test_an_incident_is_dated_and_told_as_past() -> None:
    plan = _plan({}, None, human(
        "INC-4412: the checkout pods OOMKilled at 03:10 UTC, checkout is down in prod.", day=1))
    [text] = [t for f, t in plan.writes.items() if f != "MEMORY.md"]
    assert parse_topic(text).body.startswith(
        "INC-4412: the checkout pods OOMKilled at 03:10 UTC on 2026-07-07, checkout was down in "
        "prod.")


def test_an_incident_told_with_no_time_is_dated_by_its_day() -> None:
    plan = _plan({}, None, human("INC-4413: checkout is down in prod, the pods are OOMKilled.",
                                 day=1))
    [text] = [t for f, t in plan.writes.items() if f != "MEMORY.md"]
    assert parse_topic(text).body.startswith(
        "INC-4413 (2026-07-07): checkout was down in prod")


# (from the eighteenth session's list of sentences still wrong) a correction said of a named
# thing replaces what the memory says of it; a plain statement beside "Correction" is a fact
@pytest.mark.parametrize(("existing", "said", "lead", "gone"), [
    ("The main database is in the US region.",
     "Correction about the region: the main database is in the EU region.",
     "The main database is in the EU region.", "The main database is in the US region."),
    ("The dev DB port is 5432.", "Correction on the port: 5433, not 5432.",
     "The dev DB port is 5433.", "The dev DB port is 5432."),
])
def test_a_correction_of_a_named_thing_replaces_its_entry(
        existing: str, said: str, lead: str, gone: str) -> None:
    files = {"project_old.md": topic("Old", existing)}
    plan = _plan(files, "- [Old](project_old.md) — old\n", human(said, day=3))
    topics = [f for f in plan.writes if f != "MEMORY.md"]
    assert topics == ["project_old.md"]
    body = parse_topic(plan.writes["project_old.md"]).body
    assert body.startswith(lead)
    assert gone not in body.split("\n\n")[0]


@pytest.mark.parametrize("said", [
    "Correction about the region: the main database is fine.",
    "Correction on that: the main database is not the problem.",
    "Correction: I meant the staging database.",
])
def test_a_correction_that_states_nothing_new_leaves_the_entry(said: str) -> None:
    files = {"project_old.md": topic("Old", "The main database is in the US region.")}
    plan = _plan(files, "- [Old](project_old.md) — old\n", human(said, day=3))
    if "project_old.md" in plan.writes:
        body = parse_topic(plan.writes["project_old.md"]).body
        assert "US region" in body.split("\n\n")[0]


# a move back to a thing for the very part a rule kept it from ends that rule
@pytest.mark.parametrize("said", [
    "We're going back to main for experiments.",
    "Let's move back to main for experiments, the scratch branch is gone.",
])
def test_a_move_back_for_a_part_ends_the_rule_against_it_there(said: str) -> None:
    files = {"feedback_branch.md": topic(
        "Branch", "Don't use the main branch for experiments; use the scratch branch.",
        type_="feedback")}
    plan = _plan(files, "- [Branch](feedback_branch.md) — scratch\n", human(said, day=3))
    assert "feedback_branch.md" in plan.deletes
    [moved] = [t for f, t in plan.writes.items() if f.startswith("project_")]
    assert "previously: Don't use the main branch for experiments" in parse_topic(moved).body


@pytest.mark.parametrize(("rule", "said"), [
    ("Don't use the main branch for experiments; use the scratch branch.",
     "We're going back to main for the docs deploys."),
    ("Never use npm for the release builds.", "We're back on npm for the docs site."),
])
def test_a_move_back_for_another_part_keeps_the_rule(rule: str, said: str) -> None:
    files = {"feedback_rule.md": topic("Rule", rule, type_="feedback")}
    plan = _plan(files, "- [Rule](feedback_rule.md) — rule\n", human(said, day=3))
    assert "feedback_rule.md" not in plan.deletes
    assert "feedback_rule.md" not in plan.writes


# a switch for today "and from now on" is a standing one, kept without the day it starts on
@pytest.mark.parametrize(("said", "lead"), [
    ("Switch to yarn for today's deploy and from now on.", "Switch to yarn from now on."),
    ("Use pnpm for this PR and going forward.", None),
])
def test_a_switch_from_today_on_is_standing(said: str, lead: str | None) -> None:
    plan = _plan({}, None, human(said, day=3))
    [text] = [t for f, t in plan.writes.items() if f != "MEMORY.md"]
    body = parse_topic(text).body
    if lead is not None:
        assert body.startswith(lead)
    assert "Was planned" not in body and "2026-07-09" not in body.split("\n")[0]


@pytest.mark.parametrize("said", [
    "Switch to yarn for today's deploy.",
    "Use pnpm for this PR only.",
])
def test_a_switch_for_today_alone_is_not_kept(said: str) -> None:
    plan = _plan({}, None, human(said, day=3))
    assert not [f for f in plan.writes if f != "MEMORY.md"]


# "No ORMs." alone is a rule; a reply is not
@pytest.mark.parametrize(("said", "kept"), [
    ("No ORMs.", True), ("No mocks.", True), ("No emojis.", True),
    ("No luck.", False), ("No idea.", False), ("No worries.", False), ("No problem.", False),
    ("No commits.", False), ("No mocks?", False), ("No mocks found.", False),
])
def test_a_bare_kind_of_code_refused_is_a_rule(said: str, kept: bool) -> None:
    plan = _plan({}, None, human(said, day=3))
    written = [t for f, t in plan.writes.items() if f != "MEMORY.md"]
    assert bool(written) == kept
    if kept:
        assert parse_topic(written[0]).body.startswith(said)


# (from a month as a Go developer) a rule told as said before is written as the rule alone
@pytest.mark.parametrize(("said", "lead"), [
    ("Again, require not assert in the tests please, you used assert.Equal in the new refunds "
     "test.", "Require not assert in the tests."),
    ("As I said, always run gofmt before committing.", "Always run gofmt before committing."),
    ("Once again, always run gofmt before committing.", "Always run gofmt before committing."),
])
def test_a_rule_said_again_is_written_without_again(said: str, lead: str) -> None:
    plan = _plan({}, None, human(said, day=3))
    [text] = [t for f, t in plan.writes.items() if f != "MEMORY.md"]
    body = parse_topic(text).body
    assert body.startswith(lead)


def test_a_rule_said_again_still_confirms_its_entry() -> None:
    files = {"feedback_require.md": topic(
        "Require", "In tests use testify's require, not assert.", type_="feedback")}
    plan = _plan(files, "- [Require](feedback_require.md) — require\n", human(
        "Again, require not assert in the tests please.", day=3))
    assert [f for f in plan.writes if f != "MEMORY.md"] in ([], ["feedback_require.md"])


# (from a month as a Go developer) a colleague's rule for every one of a kind of work is kept,
# whatever file it names, and told as theirs
@pytest.mark.parametrize(("said", "whose"), [
    ("Jonas wants every new API error code documented in docs/errors.md in the same PR that "
     "adds it.", "Jonas"),
    ("Priya wants every handler change covered by a table-driven test in internal/http.",
     "Priya"),
])
def test_a_colleagues_rule_for_every_piece_of_work_is_kept(said: str, whose: str) -> None:
    plan = _plan({}, None, human(said, day=3))
    [text] = [t for f, t in plan.writes.items() if f != "MEMORY.md"]
    body = parse_topic(text).body
    assert body.startswith(said.split(",")[0].rstrip("."))
    assert f"{whose}'s preference" in body


@pytest.mark.parametrize("said", [
    "Jonas wants the new error code documented in docs/errors.md.",
    "Marta asked that the PR gets her review before merge.",
    "Priya wants every test in the PR fixed by tonight.",
    "The handlers live in internal/http/handlers.go.",
])
def test_one_ask_or_a_path_is_not_kept(said: str) -> None:
    plan = _plan({}, None, human(said, day=3))
    assert not [f for f in plan.writes if f != "MEMORY.md"]


# a thing's new address replaces the one its entry gives, after a request to forget another
# thing or not ("Never mind, the new URL is ..." made a second entry beside the old URL)
@pytest.mark.parametrize("said", [
    "Never mind, the new URL is https://staging2.acme.io.",
    "The new staging URL is https://staging2.acme.io.",
])
def test_a_new_address_replaces_the_old_one(said: str) -> None:
    files = {"reference_staging.md": topic(
        "Staging", "The staging URL is https://staging.acme.io.", type_="reference")}
    said_first = human("Forget what I said about the VPN.", day=3)
    found = gather(said_first, human(said, day=3))
    plan = plan_dream(files, "- [Staging](reference_staging.md) — staging\n", found.candidates,
                      now=NOW, forgets=found.forgets)
    assert [f for f in plan.writes if f != "MEMORY.md"] == ["reference_staging.md"]
    body = parse_topic(plan.writes["reference_staging.md"]).body
    assert body.startswith("The staging URL is https://staging2.acme.io.")
    assert "previously: The staging URL is https://staging.acme.io." in body


@pytest.mark.parametrize(("said", "other"), [
    # two addresses the new one could be of: which one moved is not said
    ("The new URL is https://staging2.acme.io.", "The prod URL is https://acme.io/app."),
    ("The new docs URL is https://docs.acme.io.", None),
])
def test_a_new_address_of_another_thing_is_its_own_entry(said: str, other: str | None) -> None:
    files = {"reference_staging.md": topic(
        "Staging", "The staging URL is https://staging.acme.io.", type_="reference")}
    if other is not None:
        files["reference_prod.md"] = topic("Prod", other, type_="reference")
    plan = _plan(files, "- [Staging](reference_staging.md) — staging\n", human(said, day=3))
    assert not [d for d in plan.decisions if d.action == "superseded"]
    if "reference_staging.md" in plan.writes:
        assert "https://staging.acme.io." in plan.writes["reference_staging.md"]


_PNPM_RULE = "Use pnpm not npm please for the admin UI in web/."


@pytest.mark.parametrize("said", [
    "I said pnpm not npm. Please remember that, pnpm only in web/",
    "Please remember that, pnpm only in web/",
])
def test_a_rule_said_again_in_two_words_confirms_it(said: str) -> None:
    """"pnpm only in web/", said after the agent ran npm, is the pnpm rule again: it was kept
    as a second, weaker entry ("Pnpm only in web/.", a project fact)."""
    files = {"feedback_pnpm.md": topic("Pnpm", _PNPM_RULE, type_="feedback")}
    plan = plan_dream(files, None, gather(human(said, day=7)).candidates, now=NOW)
    assert set(plan.writes) <= {"feedback_pnpm.md"}
    assert [d.action for d in plan.decisions if d.action not in ("kept", "indexed")] == [
        "confirmed"]


@pytest.mark.parametrize("said", [
    "Please remember that, pnpm only in docs/",
    "Please remember that, yarn only in web/",
    "Please remember that, npm only in web/",
    # (from the twenty-ninth review: it confirmed the rule, and docs/ was lost)
    "Please remember that, pnpm only in web/ and docs/",
])
def test_a_short_rule_of_another_tool_or_place_is_not_the_rule_again(said: str) -> None:
    files = {"feedback_pnpm.md": topic("Pnpm", _PNPM_RULE, type_="feedback")}
    plan = plan_dream(files, None, gather(human(said, day=7)).candidates, now=NOW)
    assert "confirmed" not in [d.action for d in plan.decisions]
    place = said.rsplit(" ", 1)[-1]
    assert any(place in text for text in plan.writes.values()), plan.writes


def _long_memory() -> tuple[dict[str, str], str, list[str]]:
    """A memory grown long by hand: a topic file per service (its port and team, so two read
    alike but give other values), a rule per tool, step and module with no value in it, and
    eight rules written a second time further down (one of them also as a project note, a
    type of its own). Returns the files, their index and the merges expected, in order."""
    tools, steps = ["ruff", "mypy", "pytest", "black"], ["merging", "releasing"]
    areas = ["billing", "search", "auth", "export", "ledger", "queue"]
    files: dict[str, str] = {}
    for i in range(90):
        files[f"project_service_{i:02d}.md"] = topic(
            f"Service {i}", f"The service number {i} runs on port {8000 + i} and is owned by "
            f"team {['alpha', 'beta', 'gamma'][i % 3]}.")
    rules = [f"Always run {tool} before {step} in the {area} module."
             for tool in tools for step in steps for area in areas]
    for k, rule in enumerate(rules):
        files[f"feedback_rule_{k:02d}.md"] = topic(f"Rule {k}", rule, type_="feedback")
    expected = []
    for k in range(0, len(rules), 6):
        files[f"feedback_rule_{k:02d}_again.md"] = topic(f"Rule {k} again", rules[k],
                                                         type_="feedback")
        expected.append(f"feedback_rule_{k:02d}_again.md -> feedback_rule_{k:02d}.md")
    files["project_rule_00.md"] = topic("Rule 0 for the project", rules[0])
    index = "".join(f"- [{name}]({name}) — x\n" for name in files)
    return files, index, expected


def test_a_long_memory_merges_only_the_rules_written_twice() -> None:
    # Each entry meets every later one of its type: the services (another port each) and the
    # rules (another tool, step or module) all stay, each rule written twice becomes one, in
    # the order the index lists them, and the rule filed as a project note stays apart.
    files, index, expected = _long_memory()
    plan = _plan(files, index, options=EngineOptions(max_loss=None))
    merged = [d.subject for d in plan.decisions if d.action == "merged"]
    assert merged == expected
    assert sorted(plan.deletes) == sorted(m.split(" -> ")[0] for m in expected)
    assert "project_rule_00.md" not in plan.deletes
    assert len(parse_index(plan.index, frozenset()).entries) == len(files) - len(expected)


@pytest.mark.parametrize(("lead", "said", "now", "closes"), [
    # a past event alike but for the tense: was a second entry beside "Was planned: ...; check
    # how it turned out"
    ("Release 2.3 goes out on 2026-07-17, please bump the version in pyproject.",
     "release 2.3 went out fri, all good", "Release 2.3 went out on 2026-07-17, all good.", True),
    ("Release 2.3 goes out on 2026-07-17.", "Release 2.3 went out on Friday.",
     "Release 2.3 went out on 2026-07-17.", True),
    # another release, or one told done long before its day, is not this plan's outcome
    ("Release 2.4 goes out on 2026-07-17.", "Release 2.3 went out on Friday.",
     "Release 2.3 went out on 2026-07-17.", False),
    ("Release 2.3 goes out on 2026-08-28.", "Release 2.3 went out on Friday.",
     "Release 2.3 went out on 2026-07-17.", False),
])
def test_a_plan_told_done_in_its_own_words_takes_the_outcome(
        lead: str, said: str, now: str, closes: bool) -> None:
    plan = _plan({"project_release.md": topic("Release", lead)}, None,
                 human(said, session="b", day=14))
    files = sorted(f for f in plan.writes if f != "MEMORY.md")
    if closes:
        assert files == ["project_release.md"]
        entry = parse_entry("project_release.md", plan.writes["project_release.md"])
        assert entry.statements == [now]
        assert entry.history == [f"Updated on 2026-07-20; previously: {lead}"]
        assert "check how it turned out" not in plan.writes["project_release.md"]
    else:
        assert any(now in plan.writes[f] for f in files if f != "project_release.md")


# (from the Go developer's month) a colleague's ask for every one of a kind of work is her
# rule; when she lifts it, the rule says what holds now and the ask is its history
_MARTA = ("Marta asked that every PR touching db/migrations gets her review before merge, so "
          "please flag any migration you write.")


@pytest.mark.parametrize("lifted", [
    "Update from Marta: migration PRs no longer need her specifically, any one of the other two "
    "of us can review them now.",
    "Migration PRs no longer need Marta specifically, any one of us can review them now.",
])
def test_a_colleagues_ask_she_lifts_is_replaced_not_kept_beside(lifted: str) -> None:
    plan = _plan({}, None, human(_MARTA, session="a", day=0), human(lifted, session="b", day=4))
    [text] = [t for f, t in plan.writes.items() if f != "MEMORY.md"]
    body = parse_topic(text).body
    now, _, rest = body.partition("\n\n")
    assert now.startswith("Migration PRs no longer need Marta specifically")
    assert "gets her review" not in now  # the ask is no rule any more ...
    assert f"Updated on {(T0 + timedelta(days=4)).date()}; previously: Marta asked" in rest


def test_a_colleagues_ask_alone_is_her_rule() -> None:
    plan = _plan({}, None, human(_MARTA, day=0))
    [text] = [t for f, t in plan.writes.items() if f != "MEMORY.md"]
    topic_ = parse_topic(text)
    assert topic_.type == "feedback"
    assert topic_.body.startswith("Marta asked that every PR touching db/migrations")
    assert "Marta's preference" in topic_.body


@pytest.mark.parametrize("other", [
    # another person's ask lifted, or Marta's for other work: her rule stands
    "Update from Jonas: migration PRs no longer need him specifically, any one of us can "
    "review them now.",
    "Update from Marta: frontend PRs no longer need her specifically, any one of us can review "
    "them now.",
])
def test_another_ask_lifted_leaves_the_colleagues_rule(other: str) -> None:
    files = {"feedback_migrations.md": topic(
        "Migrations", "Marta asked that every PR touching db/migrations gets her review before "
        "merge.", type_="feedback")}
    plan = _plan(files, "- [Migrations](feedback_migrations.md) — Marta reviews\n",
                 human(other, day=3))
    if "feedback_migrations.md" in plan.writes:
        assert parse_topic(plan.writes["feedback_migrations.md"]).body.startswith(
            "Marta asked that every PR")


@pytest.mark.parametrize("said", [
    "As I said, use table-driven tests for the handlers.",
    "Like I said, use table-driven tests for the handlers.",
    "As mentioned, use table-driven tests for the handlers.",
    "As I mentioned before, use table-driven tests for the handlers.",
])
def test_a_rule_said_as_said_before_is_kept_without_those_words(said: str) -> None:
    plan = _plan({}, None, human(said, day=3))
    [(file, text)] = [(f, t) for f, t in plan.writes.items() if f != "MEMORY.md"]
    assert file == "feedback_use-table-driven-tests-handlers.md"
    assert parse_topic(text).body.startswith("Use table-driven tests for the handlers.\n")


def test_a_rule_said_as_said_before_confirms_the_one_kept() -> None:
    files = {"feedback_table.md": topic("Table", "Use table-driven tests for the handlers.",
                                        type_="feedback")}
    plan = _plan(files, "- [Table](feedback_table.md) — table tests\n",
                 human("As I said, use table-driven tests for the handlers.", day=3))
    assert [f for f in plan.writes if f != "MEMORY.md"] in ([], ["feedback_table.md"])
    assert any(d.action == "confirmed" and d.file == "feedback_table.md"
               for d in plan.decisions)


def test_a_port_put_right_is_changed_in_the_history_not_switched_from_is() -> None:
    files = {"project_port.md": topic("Port", "The dev DB port is 5432.")}
    plan = _plan(files, "- [Port](project_port.md) — port\n",
                 human("Correction on the port: 5433, not 5432.", day=3))
    body = parse_topic(plan.writes["project_port.md"]).body
    assert body.startswith("The dev DB port is 5433.")
    assert "Changed from 5432 to 5433 on 2026-07-09; previously 5432." in body
    assert "is 5432" not in body.split("\n\n", 1)[1]


# "The new port is 8080" gives the one port memory holds of that thing a new number
@pytest.mark.parametrize(("files", "said", "file", "lead"), [
    # (bare, the rest of the message names the entry's thing or its old port)
    ({"project_port.md": "The dev DB port is 5432."},
     "We moved the dev DB off 5432. The new port is 8080.",
     "project_port.md", "The dev DB port is 8080."),
    ({"project_db.md": "Postgres runs on port 5432 locally."},
     "Postgres had to move because of a clash. The new port is 5433.",
     "project_db.md", "Postgres runs on port 5433 locally."),
    ({"project_db.md": "Postgres runs on port 5432 locally."},
     "Something else grabbed 5432. The new port is 5433.",
     "project_db.md", "Postgres runs on port 5433 locally."),
    # (what moved worded otherwise than the entry, but off its old port)
    ({"project_db.md": "Postgres runs on port 5432 locally."},
     "We moved the dev DB off 5432. The new port is 8080.",
     "project_db.md", "Postgres runs on port 8080 locally."),
    ({"project_db.md": "Postgres runs on port 5432 locally."},
     "It's no longer 5432. The new port is 5433.",
     "project_db.md", "Postgres runs on port 5433 locally."),
    ({"project_redis.md": "Redis runs on port 6379."},
     "We moved the cache off 6379. The new port is 6380.",
     "project_redis.md", "Redis runs on port 6380."),
    ({"project_api.md": "The API server listens on port 3000 in dev.",
      "project_db.md": "Postgres runs on port 5432 locally."},
     "The new Postgres port is 5433.", "project_db.md", "Postgres runs on port 5433 locally."),
])
def test_a_new_port_replaces_the_old_one_where_it_is_given(
        files: dict[str, str], said: str, file: str, lead: str) -> None:
    plan = _plan({f: topic(f[8:-3], b) for f, b in files.items()},
                 "".join(f"- [{f}]({f}) — x\n" for f in files), human(said, day=3))
    assert [f for f in plan.writes if f != "MEMORY.md"] == [file]
    body = parse_topic(plan.writes[file]).body
    assert body.startswith(lead + "\n")
    old = re.search(r"\d{4}", files[file])
    assert old is not None
    new = re.findall(r"\d{4}", lead)[-1]
    assert f"Changed from {old[0]} to {new} on 2026-07-09; previously {old[0]}." in body


@pytest.mark.parametrize(("files", "said", "expect"), [
    # which of two ports moved is not said: kept as said, the two entries as they were
    ({"project_api.md": "The API server listens on port 3000 in dev.",
      "project_db.md": "Postgres runs on port 5432 locally."}, "The new port is 8080.",
     "created"),
    # no port in memory: nothing says what it is the port of
    ({"project_x.md": "We deploy on Thursdays."}, "The new port is 8080.", "dropped"),
    # the port it has already
    ({"project_port.md": "The dev DB port is 8080."}, "The new port is 8080.", "confirmed"),
    # not a port given: left to what reads it now
    ({"project_port.md": "The dev DB port is 5432."}, "The new port scanner is great.", None),
])
def test_a_new_port_that_says_no_one_port_leaves_the_entries(
        files: dict[str, str], said: str, expect: str | None) -> None:
    plan = _plan({f: topic(f[8:-3], b) for f, b in files.items()},
                 "".join(f"- [{f}]({f}) — x\n" for f in files), human(said, day=3))
    for f, b in files.items():
        if f in plan.writes:
            assert parse_topic(plan.writes[f]).body.startswith(b)
    actions = {d.action for d in plan.decisions if d.subject.startswith(("The new", "The dev"))}
    assert expect is None or expect in actions


_PG16_PLAN = "On 2026-07-25 we migrate the db to postgres 16, the user will do it."


@pytest.mark.parametrize("said", [
    "pg16 migration still on for sat the 25th",
    "pg16 migration still on for the 25th",
])
def test_a_plan_said_still_on_for_its_day_confirms_it(said: str) -> None:
    """(from the twenty-ninth review) it was a second plan, "Pg16 migration still on for
    Saturday 2026-07-25", beside the migration planned for that day."""
    files = {"project_pg16.md": topic("Pg16 migration", _PG16_PLAN)}
    plan = _plan(files, None, human(said, day=10))
    assert set(plan.writes) <= {"project_pg16.md"}, plan.writes
    assert "confirmed" in [d.action for d in plan.decisions]


@pytest.mark.parametrize("said", [
    # another day, another thing: no restatement of the plan
    "pg16 migration still on for the 28th",
    "the demo is still on for the 25th",
])
def test_another_plan_still_on_is_not_the_plan_again(said: str) -> None:
    files = {"project_pg16.md": topic("Pg16 migration", _PG16_PLAN)}
    plan = _plan(files, None, human(said, day=10))
    assert "confirmed" not in [d.action for d in plan.decisions]


# (from the terse typist's month) "Ana says every ..." is Ana's rule: named by the rule, not by
# "Ana says", and its Why says whose it is, not "the user's stated preference"
@pytest.mark.parametrize(("said", "lead", "whose"), [
    ("ana says every alembic migration needs a working downgrade() too, no pass",
     "Every alembic migration needs a working downgrade() too, no pass (Ana's rule).", "Ana's"),
    ("Raj says every migration needs a downgrade() test.",
     "Every migration needs a downgrade() test (Raj's rule).", "Raj's"),
])
def test_a_colleagues_say_so_rule_is_titled_by_the_rule(said: str, lead: str, whose: str) -> None:
    plan = _plan({}, None, human(said, day=0))
    [text] = [t for f, t in plan.writes.items() if f != "MEMORY.md"]
    topic_ = parse_topic(text)
    assert topic_.type == "feedback"
    assert not topic_.name.lower().startswith(("ana says", "raj says"))
    assert topic_.body.startswith(lead)
    assert f"**Why:** {whose} preference, told by the user" in topic_.body


@pytest.mark.parametrize("said", [
    # near misses: no colleague's word, or a pronoun's or a document's: the user's rule as said
    "Every alembic migration needs a working downgrade(), no pass.",
    "He says every alembic migration needs a working downgrade(), no pass.",
    "docs says every alembic migration needs a working downgrade(), no pass.",
])
def test_a_rule_not_told_as_a_colleagues_word_is_the_users(said: str) -> None:
    plan = _plan({}, None, human(said, day=0))
    [text] = [t for f, t in plan.writes.items() if f != "MEMORY.md"]
    topic_ = parse_topic(text)
    assert "'s rule)" not in topic_.body
    assert "**Why:** The user's stated preference" in topic_.body


# (from the terse typist's month) a colleague away and who to ask meanwhile is a dated fact that
# ends: on its day it is told as past, and her return ends it early; her standing rule stays
_BILLING_RULE = "Don't touch the billing stuff without asking Ana. She owns app/billing."


@pytest.mark.parametrize(("said", "day", "lead"), [
    ("ana is out till the 20th, ask raj about billing stuff instead", 7,
     "Until 2026-07-20, ask Raj about billing (Ana is out)."),
    ("ana is on leave till the 20th - ask raj for billing reviews", 7,
     "Until 2026-07-20, ask Raj about billing reviews (Ana is on leave)."),
    # its day gone by: who stood in, not who to ask
    ("Ana's away until Friday, so ask Raj about billing.", 7,
     "Until 2026-07-17, Raj covered billing (Ana was away)."),
])
def test_who_stands_in_while_a_colleague_is_away_is_kept_to_its_day(
        said: str, day: int, lead: str) -> None:
    rule = topic("Don't touch the billing stuff without asking Ana", _BILLING_RULE,
                 type_="feedback")
    plan = _plan({"feedback_billing.md": rule}, None, human(said, day=day))
    assert "feedback_billing.md" not in plan.writes  # the standing rule is untouched
    [text] = [t for f, t in plan.writes.items() if f != "MEMORY.md"]
    written = parse_topic(text)
    assert written.body.startswith(lead)
    # (the title as the body: not "ask Raj" over a stand-in gone by)
    assert written.name.startswith(lead.split(" (")[0])


_AWAY = "Until 2026-07-24, ask Raj about billing (Ana is out)."


@pytest.mark.parametrize("said", [
    "ana's back early, billing questions go to her again",
    # back from any absence, whatever else is said of her (not the stand-in still on)
    "Ana is back from maternity leave",
    "Ana is back from the conference, billing questions go to her again",
    "ana is back, still catching up on email",
    "Ana is back home now, billing goes to her again",
    "Ana's back from Berlin, raj still covers payroll",
    "Ana's back from vacation, she still has jet lag",
    "Ana is back from a break, billing questions go to her again",
])
def test_a_colleague_back_early_ends_the_stand_in(said: str) -> None:
    files = {"project_raj-billing.md": topic("Until 2026-07-24, ask Raj about billing", _AWAY)}
    plan = _plan(files, None, human(said, day=10))
    body = parse_topic(plan.writes["project_raj-billing.md"]).body
    now, _, rest = body.partition("\n\n")
    assert now.startswith("Ana is back") and "ask Raj" not in now
    assert "previously: Until 2026-07-24, ask Raj about billing (Ana is out)." in rest
    assert "Plan work around" not in body


@pytest.mark.parametrize("said", [
    # near misses: someone else back, or Ana back on a team, not from being away
    "raj's back early",
    "Ana is back on the payments team.",
    # back from a moment away, or the stand-in told as still on
    "Ana's back from lunch",
    "Ana is back from her lunch break",
    "ana's back from the standup, she says the deploy is fine",
    "ana is back home sick, raj still has billing",
])
def test_another_return_leaves_the_stand_in(said: str) -> None:
    files = {"project_raj-billing.md": topic("Until 2026-07-24, ask Raj about billing", _AWAY)}
    plan = _plan(files, None, human(said, day=10))
    assert "project_raj-billing.md" not in plan.writes


# a bare "The new port is N" is of the one port memory holds only where its message says so:
# another thing moved, or nothing said of what, and the entry keeps its port
@pytest.mark.parametrize(("lead", "said"), [
    ("Postgres runs on port 5432 locally.",
     "I moved the dev server off 3000 since something else grabbed it. The new port is 8080."),
    ("Grafana is at http://localhost:3000 on port 3000.",
     "We had to move the metrics exporter. The new port is 9101."),
    ("The dev DB port is 5432.", "I moved the dev server off 3000. The new port is 8080."),
    ("The dev DB port is 5432.", "The new port is 8080."),
    # the old port named, but of another thing moved, or as no port at all
    ("Grafana runs on port 3000.", "I moved the dev server off 3000. The new port is 8080."),
    ("Postgres runs on port 5432 locally.", "The build takes 5432 ms. The new port is 8080."),
    ("Postgres runs on port 5432 locally.", "The build took 5432 ms. The new port is 8080."),
    ("Postgres runs on port 5432 locally.",
     "We moved Redis off 6379; the timeout is 5432 now. The new port is 6380."),
    ("Postgres runs on port 5432 locally.",
     "Port 5432 is fine. I relocated the cache. The new port is 6380."),
])
def test_a_bare_new_port_of_another_thing_leaves_the_entry(lead: str, said: str) -> None:
    plan = _plan({"project_x.md": topic("X", lead)}, "- [X](project_x.md) — x\n",
                 human(said, day=3))
    if "project_x.md" in plan.writes:
        assert parse_topic(plan.writes["project_x.md"]).body.startswith(lead + "\n")
        assert "Changed from" not in plan.writes["project_x.md"]
    assert any(d.action == "dropped" and d.subject.startswith("The new port")
               and "ties it to" in d.reason for d in plan.decisions)


@pytest.mark.parametrize(("said", "unwanted"), [
    # said on Thursday 2026-07-16: each was dated 2026-07-10, the Friday gone by, and saved as
    # a plan that "has passed" or a rule "Why: We're blocked on 2026-07-10"
    ("The billing release gets deployed Friday, please bump the version before.", "Was planned"),
    ("We're blocked Friday, so no releases that day.", "2026-07-10"),
    ("I have a 1:1 with Ahmed Friday about the billing migration.", "2026-07-10"),
])
def test_a_weekday_after_a_word_in_ed_that_is_no_deed_is_not_remembered_as_gone_by(
        said: str, unwanted: str) -> None:
    plan = _plan({}, None, human(said, day=10))
    assert not any(unwanted in t for t in plan.writes.values())


@pytest.mark.parametrize("said", [
    "release 2.3 went out fri, all good",
    "Release 2.3 went out Friday, all good.",
])
def test_a_deed_told_on_the_day_its_plan_was_for_is_that_day(said: str) -> None:
    # said on Friday 2026-07-17, the plan's own day: it went out as planned, today (was "went
    # out on 2026-07-10", "Changed from 2026-07-17 to 2026-07-10")
    lead = "Release 2.3 goes out on 2026-07-17, please bump the version in pyproject first."
    plan = _plan({"project_release.md": topic("Release", lead)}, None,
                 human(said, session="b", day=11))
    assert sorted(f for f in plan.writes if f != "MEMORY.md") == ["project_release.md"]
    entry = parse_entry("project_release.md", plan.writes["project_release.md"])
    assert entry.statements == ["Release 2.3 went out on 2026-07-17, all good."]
    assert "2026-07-10" not in plan.writes["project_release.md"]
