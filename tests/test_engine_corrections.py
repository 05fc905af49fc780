"""A correction, a rollback or a version change told in a less common way rewrites the entry it
concerns, with the earlier state kept as history, instead of leaving it current."""

from __future__ import annotations

from pathlib import Path

import pytest

from autodream.engine import plan_dream
from autodream.engine.dream import DreamPlan
from autodream.engine.versions import upgrade_clauses, version_switch
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
    ("lead", "said", "now"),
    [
        ("We run Python 3.11.", "No, we're on Python 3.12.", "We run Python 3.12."),
        ("We run Python 3.11.", "Actually, production runs Python 3.12.", "We run Python 3.12."),
        ("We use Node 18 for the API.", "That's wrong, we use Node 20 for the API.",
         "We use Node 20 for the API."),
    ],
)
def test_a_correction_naming_the_version_alone_rewrites_the_entry(
        lead: str, said: str, now: str) -> None:
    # a correction says what holds now, "now" or not
    first, lines = _rewritten(lead, said)
    assert first == now
    assert len(lines) == 1


@pytest.mark.parametrize(
    "said",
    ["No, I'm on Node 20 locally.", "No, they're on Node 20.", "No, for now we're on Node 16."],
)
def test_a_correction_about_one_machine_or_another_team_leaves_the_version(said: str) -> None:
    plan = _dream("We use Node 18 for the API.", said)
    assert "project_stack.md" not in plan.writes


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


@pytest.mark.parametrize(
    ("lead", "said", "now", "history"),
    [
        ("We use Redis 7 for caching.", "We moved from Redis 7 to Valkey 8.",
         "We use Valkey 8 for caching.", "Switched from Redis 7 to Valkey 8"),
        ("We use MySQL 8 for the main database.", "We migrated from MySQL 8 to Postgres 16.",
         "We use Postgres 16 for the main database.", "Switched from MySQL 8 to Postgres 16"),
        ("We run Postgres 14 in production.", "We've moved Postgres from 14 to 16.",
         "We run Postgres 16 in production.", "Switched from Postgres 14 to Postgres 16"),
        ("We use Django 4.2.", "He upgraded Django to 5.0.", "We use Django 5.0.",
         "Switched from Django 4.2 to Django 5.0"),
        ("We use Django 4.2.", "She bumped Django to 5.0.", "We use Django 5.0.",
         "Switched from Django 4.2 to Django 5.0"),
        # a part left on the old version is an exception the person's words keep
        ("We use Python 3.11 everywhere.",
         "We upgraded to Python 3.12, but the lambdas are still on 3.11.",
         "We upgraded to Python 3.12, but the lambdas are still on 3.11.",
         "Switched from Python 3.11 to Python 3.12"),
        ("We use Node 18 for the API.",
         "We upgraded to Node 20, but some services are still on 18.",
         "We upgraded to Node 20, but some services are still on 18.",
         "Switched from Node 18 to Node 20"),
    ],
)
def test_a_version_change_told_another_way_rewrites_the_entry(
        lead: str, said: str, now: str, history: str) -> None:
    first, lines = _rewritten(lead, said)
    assert first == now
    assert len(lines) == 1 and lines[0].startswith(history)


def test_each_arrowed_upgrade_of_a_sentence_rewrites_its_entry() -> None:
    first, lines = _rewritten("We run Node 18 and Postgres 14.",
                              "Upgraded Node 18 -> 20 and Postgres 14 -> 16.")
    assert first == "We run Node 20 and Postgres 16."
    assert [line.split(" on ")[0] for line in lines] == [
        "Switched from Node 18 to Node 20", "Switched from Postgres 14 to Postgres 16"]


@pytest.mark.parametrize(
    ("said", "clauses"),
    [
        ("Upgraded Node 18 -> 20 and Postgres 14 -> 16.",
         ["Upgraded Node 18 -> 20.", "Upgraded Postgres 14 -> 16."]),
        ("Upgraded Node to 20 and Postgres to 16, but the workers are still on 18.",
         ["Upgraded Node to 20, but the workers are still on 18.",
          "Upgraded Postgres to 16, but the workers are still on 18."]),
    ],
)
def test_upgrade_clauses_share_the_verb_and_the_tail(said: str, clauses: list[str]) -> None:
    assert upgrade_clauses(said) == clauses


@pytest.mark.parametrize(
    "said",
    [
        "She's upgrading Django to 5.0.",  # under way
        "They upgraded Django to 5.0.",  # another team
        "He upgraded his laptop to macOS 14.",  # one person's machine
        "Sam bumped Node to 20 on her branch.",
        "We upgraded to Django 5.0, but the admin is still on Django 4.2.",  # the whole of it
        "We upgraded Django to 5.0 but the project is still on 4.2.",
    ],
)
def test_an_upgrade_not_ours_or_not_made_is_still_none(said: str) -> None:
    assert version_switch(said) is None


@pytest.mark.parametrize(
    "said",
    [
        "Bumped Sidekiq from 10 to 25 concurrency.",
        "Bumped Puma from 5 to 16 threads.",
        "We bumped the JVM from 2 to 4 heap.",
        "We upgraded Celery to 8 concurrency.",
    ],
)
def test_a_count_with_what_it_counts_after_it_is_a_setting_not_a_version(said: str) -> None:
    assert version_switch(said) is None


def test_a_setting_changed_leaves_the_tools_version_as_it_was() -> None:
    plan = _dream("We run Sidekiq 7 with 10 concurrency.",
                  "Bumped Sidekiq from 10 to 25 concurrency.")
    for text in plan.writes.values():
        assert "Sidekiq 25" not in text and "Sidekiq version" not in text


def _said_to(file: str, lead: str, said: str) -> DreamPlan:
    """A dream over one feedback entry, told ``said`` three days after the week began."""
    files = {file: topic("Preference", lead, type_="feedback")}
    return plan_dream(files, f"- [Preference]({file}) — preference\n",
                      gather(human(said, day=3)).candidates, now=NOW)


@pytest.mark.parametrize(
    ("lead", "said", "now", "history"),
    [
        ("Keep explanations short; the user prefers terse answers.",
         "Actually I changed my mind about that: I prefer detailed explanations.",
         "The user prefers detailed explanations.",
         "Updated on 2026-07-09; previously: Keep explanations short; the user prefers terse "
         "answers."),
        ("Keep commit messages to one line.",
         "I've changed my mind, I want long commit messages.",
         "The user wants long commit messages.",
         "Updated on 2026-07-09; previously: Keep commit messages to one line."),
        # the new choice names no subject: the old statement says which, with the choice put in
        ("Use spaces for indentation.", "Scratch that — use tabs.", "Use tabs for indentation.",
         "Changed from spaces to tabs on 2026-07-09; previously spaces."),
        ("Keep logs quiet.", "On second thought, I prefer verbose logs.",
         "The user prefers verbose logs.", "Updated on 2026-07-09; previously: Keep logs quiet."),
        ("Use double quotes for strings.", "I changed my mind, I prefer single quotes.",
         "The user prefers single quotes.",
         "Updated on 2026-07-09; previously: Use double quotes for strings."),
        # the new preference in the next sentence
        ("Keep explanations short.", "I changed my mind. I prefer detailed explanations.",
         "The user prefers detailed explanations.",
         "Updated on 2026-07-09; previously: Keep explanations short."),
    ],
)
def test_a_change_of_mind_rewrites_the_entry_on_its_subject(
        lead: str, said: str, now: str, history: str) -> None:
    plan = _said_to("feedback_pref.md", lead, said)
    assert [f for f in plan.writes if f != "MEMORY.md"] == ["feedback_pref.md"]
    text = plan.writes["feedback_pref.md"]
    body = parse_topic(text).body
    assert body.splitlines()[0] == now
    assert history in body.splitlines()
    assert "changed their mind" not in body.split("\n\n")[0] and "Second thought" not in text
    (done,) = [d for d in plan.decisions if d.file == "feedback_pref.md"]
    assert done.action == "superseded"
    assert "changed their mind on 2026-07-09" in done.reason and lead[:20] in done.reason


@pytest.mark.parametrize("said", ["Let's use spaces instead.", "Ok, let's use spaces instead."])
def test_a_choice_proposed_instead_switches_the_entry_on_its_subject(said: str) -> None:
    # "Let's ..." read as a task proposed: nothing was kept, and tabs stayed the rule, while
    # "Use spaces instead." already switched it
    plan = _said_to("feedback_pref.md", "Indent with tabs.", said)
    assert [f for f in plan.writes if f != "MEMORY.md"] == ["feedback_pref.md"]
    lines = parse_topic(plan.writes["feedback_pref.md"]).body.splitlines()
    assert lines[0] == "Indent with spaces."
    assert "Changed from tabs to spaces on 2026-07-09; previously tabs." in lines


@pytest.mark.parametrize("said", ["Let's use a set instead.", "Let's use dataclasses instead.",
                                  "Let's use the other approach instead."])
def test_another_thing_proposed_instead_is_still_the_task_at_hand(said: str) -> None:
    assert gather(human(said)).candidates == []


@pytest.mark.parametrize(
    ("lead", "said", "now", "history"),
    [
        ("Keep explanations short; the user prefers terse answers.",
         "I prefer detailed explanations.", "The user prefers detailed explanations.",
         "Updated on 2026-07-09; previously: Keep explanations short; the user prefers terse "
         "answers."),
        ("Keep logs quiet.", "I like verbose logs.", "The user likes verbose logs.",
         "Updated on 2026-07-09; previously: Keep logs quiet."),
    ],
)
def test_a_newer_preference_said_plainly_replaces_the_other_end_of_its_choice(
        lead: str, said: str, now: str, history: str) -> None:
    # with no "I changed my mind" it was a second memory beside the first: both held
    plan = _said_to("feedback_pref.md", lead, said)
    assert [f for f in plan.writes if f != "MEMORY.md"] == ["feedback_pref.md"]
    body = parse_topic(plan.writes["feedback_pref.md"]).body
    assert body.splitlines()[0] == now
    assert history in body.splitlines()
    assert "The user's preference changed on 2026-07-09" in body
    (done,) = [d for d in plan.decisions if d.file == "feedback_pref.md"]
    assert done.action == "superseded" and "a newer preference on 2026-07-09" in done.reason


@pytest.mark.parametrize(
    ("lead", "said", "new"),
    [
        # about commit messages, but not their length
        ("Commit messages must follow Conventional Commits.",
         "I've changed my mind, I want long commit messages.",
         "The user wants long commit messages."),
        ("Keep explanations short.", "On second thought, I prefer verbose logs.",
         "The user prefers verbose logs."),
        # spaces, but not for indentation
        ("Don't use spaces in file names.", "Scratch that — use tabs.", "Use tabs."),
        # explanations, but in docstrings only
        ("Write detailed explanations in docstrings.",
         "On second thought, keep explanations short.", "Keep explanations short."),
    ],
)
def test_a_change_of_mind_on_another_subject_is_a_memory_of_its_own(
        lead: str, said: str, new: str) -> None:
    plan = _said_to("feedback_pref.md", lead, said)
    assert "feedback_pref.md" not in plan.writes
    (file,) = [f for f in plan.writes if f != "MEMORY.md"]
    assert parse_topic(plan.writes[file]).body.splitlines()[0] == new


@pytest.mark.parametrize(
    "said",
    [
        "Actually, pnpm has been a pain with our monorepo.",
        "No, Docker has been a nightmare on the M1 machines.",
        "Actually, I hate how slow the CI is.",
        "Actually, webpack was a headache to configure.",
    ],
)
def test_a_complaint_after_actually_is_no_feedback_memory(said: str) -> None:
    gathered = gather(human(said, day=3))
    plan = plan_dream({}, None, gathered.candidates, now=NOW)
    assert [f for f in plan.writes if f != "MEMORY.md"] == []
    (dropped,) = gathered.decisions
    assert dropped.action == "dropped" and "complaint" in dropped.reason


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("Actually, use pnpm here.", "Use pnpm here."),
        ("Actually, we use pnpm, not npm.", "We use pnpm, not npm."),
        ("Actually, that's wrong: the API is v2.", "The API is v2."),
        # a rule said with the complaint
        ("Actually, pnpm has been a pain with our monorepo, so use npm.",
         "Pnpm has been a pain with our monorepo, so use npm."),
        ("Actually, don't use pnpm, it has been a pain with our monorepo.",
         "Don't use pnpm, it has been a pain with our monorepo."),
        ("No, don't mess with the lockfile.", "Don't mess with the lockfile."),
    ],
)
def test_a_correction_after_actually_is_still_remembered(said: str, kept: str) -> None:
    plan = plan_dream({}, None, gather(human(said, day=3)).candidates, now=NOW)
    (file,) = [f for f in plan.writes if f != "MEMORY.md"]
    assert parse_topic(plan.writes[file]).body.splitlines()[0] == kept


@pytest.mark.parametrize(
    "said",
    [
        "Actually, the tests have been flaky all week.",
        "Actually, the build has been broken since Friday",
        "No, staging is down again.",
        "Actually, CI has been red since last Tuesday.",
        "Actually, the e2e suite has been timing out lately.",
        "Actually, the deploy was slow last week.",
    ],
)
def test_a_passing_state_after_actually_is_no_feedback_memory(said: str) -> None:
    gathered = gather(human(said, day=3))
    plan = plan_dream({}, None, gathered.candidates, now=NOW)
    assert [f for f in plan.writes if f != "MEMORY.md"] == []
    (dropped,) = [d for d in gathered.decisions if d.action == "dropped"]
    assert "passing state" in dropped.reason


@pytest.mark.parametrize("said", [
    "Actually, the build has been broken since Friday, so don't merge anything.",
    "The build has been broken since Friday, so don't merge anything.",
])
def test_a_rule_for_while_a_state_holds_keeps_the_rule_and_when_the_state_began(
    said: str
) -> None:
    # was "The build has been broken." with "Friday, so don't merge anything." as its Why, or
    # no memory at all without "Actually"
    plan = plan_dream({}, None, gather(human(said, day=10)).candidates, now=NOW)
    (file,) = [f for f in plan.writes if f != "MEMORY.md"]
    written = parse_topic(plan.writes[file])
    assert written.type == "feedback"
    assert written.body.splitlines()[0] == (
        "The build has been broken since 2026-07-10, so don't merge anything.")
    assert "**Why:** Friday" not in written.body


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        # a lasting fact, or a rule said with the state
        ("Actually, the v1 API is broken for dates before 1970.",
         "The v1 API is broken for dates before 1970."),
        ("Actually, the migrations are slow.", "The migrations are slow."),
        ("Actually, the build is broken, use the nightly image.",
         "The build is broken, use the nightly image."),
        ("Actually, the tests have been flaky all week, so rerun them before you give up.",
         "The tests have been flaky all week, so rerun them before you give up."),
    ],
)
def test_a_lasting_fact_or_rule_beside_a_state_after_actually_is_still_remembered(
    said: str, kept: str
) -> None:
    plan = plan_dream({}, None, gather(human(said, day=3)).candidates, now=NOW)
    (file,) = [f for f in plan.writes if f != "MEMORY.md"]
    assert parse_topic(plan.writes[file]).body.splitlines()[0] == kept


_YAML = "Use 4 spaces for YAML indentation."


@pytest.mark.parametrize(("said", "now"), [
    ("YAML should use 2 spaces, not 4.", "YAML should use 2 spaces, not 4."),
    ("No, use 2 spaces for YAML.", "Use 2 spaces for YAML."),
    ("Use 2 spaces for YAML, not 4.", "Use 2 spaces for YAML, not 4."),
])
def test_a_value_put_right_in_fewer_words_rewrites_the_rule(said: str, now: str) -> None:
    # told against the old value or as a correction, with a word of the rule left out, it made a
    # second memory beside the first: 4 spaces and 2 spaces, both current
    files = {"feedback_yaml.md": topic("YAML", _YAML, type_="feedback")}
    plan = plan_dream(files, "- [YAML](feedback_yaml.md) — yaml\n",
                      gather(human(said, day=3)).candidates, now=NOW)
    assert [f for f in plan.writes if f != "MEMORY.md"] == ["feedback_yaml.md"]
    body = parse_topic(plan.writes["feedback_yaml.md"]).body
    assert body.startswith(now + "\n")
    assert "Changed from 4 to 2 on 2026-07-09; previously 4." in body.splitlines()


@pytest.mark.parametrize("said", ["YAML should use 2 spaces, not 4.", "No, use 2 spaces for YAML."])
def test_a_value_put_right_in_the_dream_that_gave_it_makes_one_memory(said: str) -> None:
    plan = plan_dream({}, None, gather(human(_YAML, session="a"),
                                       human(said, session="b", day=3)).candidates, now=NOW)
    written = [parse_topic(t).body for f, t in plan.writes.items() if f != "MEMORY.md"]
    assert len(written) == 1
    assert "Changed from 4 to 2 on 2026-07-09; previously 4." in written[0].splitlines()


@pytest.mark.parametrize("said", [
    "Use 2 spaces for JSON, not 4.",  # another thing's value
    "No, use 2 spaces for Markdown tables.",
    "Keep YAML lines under 80 characters, not 4.",  # another value of the rule, not its own
])
def test_a_value_of_another_thing_leaves_the_rule(said: str) -> None:
    files = {"feedback_yaml.md": topic("YAML", _YAML, type_="feedback")}
    plan = plan_dream(files, "- [YAML](feedback_yaml.md) — yaml\n",
                      gather(human(said, day=3)).candidates, now=NOW)
    assert "feedback_yaml.md" not in plan.writes


_PYTHON = "Use 4 spaces for Python indentation."


@pytest.mark.parametrize(("rules", "said"), [
    # naming none of what either rule is for: it rewrote the Python rule, "Python" lost
    ({"feedback_python.md": _PYTHON,
      "feedback_yaml.md": "Use 2 spaces for YAML indentation."}, "Use 2 spaces, not 4."),
    ({"feedback_python.md": _PYTHON}, "Use 2 spaces, not 4."),
    # of both rules alike: of neither one (it rewrote one of them)
    ({"feedback_python.md": _PYTHON, "feedback_yaml.md": _YAML},
     "Use 2 spaces for indentation, not 4."),
])
def test_a_value_said_of_no_one_rule_leaves_the_rules_alone(rules: dict[str, str],
                                                             said: str) -> None:
    files = {name: topic(name, lead, type_="feedback") for name, lead in rules.items()}
    plan = plan_dream(files, None, gather(human(said, day=3)).candidates, now=NOW)
    assert not set(rules) & set(plan.writes)
    (new,) = [f for f in plan.writes if f != "MEMORY.md"]
    assert parse_topic(plan.writes[new]).body.startswith(said)


_RULE = "Don't add pandas as a dependency; the package must stay light."


@pytest.mark.parametrize(
    ("said", "line"),
    [
        # the rule stood as it was and the news went beside it (or nowhere)
        ("We now use pandas for the Excel export.",
         "Except: we now use pandas for the Excel export (said 2026-07-06)."),
        ("It's fine to add pandas as an optional extra.",
         "Except: pandas as an optional extra is fine (said 2026-07-06)."),
        ("Actually, it's fine to use pandas in the Excel export.",
         "Except: pandas in the Excel export is fine (said 2026-07-06)."),
    ],
)
def test_an_exception_to_a_rule_is_a_dated_line_of_it(said: str, line: str) -> None:
    files = {"feedback_pandas.md": topic("Pandas", _RULE, type_="feedback")}
    plan = plan_dream(files, "- [Pandas](feedback_pandas.md) — pandas\n",
                      gather(human(said)).candidates, now=NOW)
    assert [f for f in plan.writes if f != "MEMORY.md"] == ["feedback_pandas.md"]
    body = parse_topic(plan.writes["feedback_pandas.md"]).body
    assert body.startswith(f"{_RULE}\n{line}\n")


@pytest.mark.parametrize("said", [
    # no rule against it: a memory of its own
    "We now use polars for the Excel export.",
    "It's fine to add polars as an optional extra.",
])
def test_what_no_rule_forbids_is_no_exception(said: str) -> None:
    files = {"feedback_pandas.md": topic("Pandas", _RULE, type_="feedback")}
    plan = plan_dream(files, "- [Pandas](feedback_pandas.md) — pandas\n",
                      gather(human(said)).candidates, now=NOW)
    assert "feedback_pandas.md" not in plan.writes
    assert [f for f in plan.writes if f != "MEMORY.md"]


# (from the seventeenth review) what follows a bare "No, that's wrong." is the correction only
# when it says how things are or should be; the person's or the assistant's next step, a
# feeling, how the attempt went or a question is a reply, and remembering it as a correction
# made rules of chatter ("Let the user check the logs." even overwrote a real entry)
@pytest.mark.parametrize("reply", [
    "That's not what I asked.", "That's not it.",  # a second bare correction: no words left
    "Let me check the logs.", "Ugh.", "Thanks anyway.", "Sorry, my bad.",
    "Ok I'll fix it myself.", "Hold on, I'm checking.", "Hmm, that's weird.",
    "Hmm, it still fails.", "Wait, I'll check.", "Wait, let me rerun the tests.",
    "Look at line 42.", "Let me look at the PR first.", "Sure, whatever works.", "Not sure.",
    "Look again.", "Try harder.", "You broke the build.", "Revert that change.",
    "Can you try again?", "The build still fails.", "The tests pass now.",
])
def test_a_reply_after_a_bare_correction_is_no_correction(reply: str) -> None:
    g = gather(human(f"No, that's wrong. {reply}"))
    assert g.candidates == []
    assert [d.reason for d in g.decisions if d.action == "dropped"] == [
        "a correction that does not say what is right: nothing to remember"]


@pytest.mark.parametrize(("reply", "kept"), [
    ("Wait, the port is 8080.", "The port is 8080."),  # the reply's opener is no part of it
    ("Wait, it's tabs.", "It's tabs."),
    ("So tabs, not spaces.", "Tabs, not spaces."),
    # (a fix to make, but it says what is to be used)
    ("Fix it to use UTC.", "Fix it to use UTC."),
    ("It should be 30 seconds.", "It should be 30 seconds."),
    ("It's in the config, not the env.", "It's in the config, not the env."),
    ("The API returns amounts in cents.", "The API returns amounts in cents."),
    ("Hmm, we use tabs here.", "We use tabs here."),
    ("Sure, but the timeout is 30s.", "The timeout is 30s."),
    ("Hold on, the staging URL is https://staging.acme.dev.",
     "The staging URL is https://staging.acme.dev."),
])
def test_a_reply_that_says_how_things_are_is_the_correction_without_its_opener(
        reply: str, kept: str) -> None:
    assert [(c.kind, c.text) for c in gather(human(f"No, that's wrong. {reply}")).candidates
            ] == [("correction", kept)]


def test_a_reply_after_a_bare_correction_leaves_the_entry_it_resembles_alone() -> None:
    files = {"feedback_logs.md": topic("Logs", "Check the logs before asking the user.",
                                       type_="feedback")}
    plan = plan_dream(files, "- [Logs](feedback_logs.md) — logs\n",
                      gather(human("No, that's wrong. Let me check the logs.", day=3)).candidates,
                      now=NOW)
    assert "feedback_logs.md" not in plan.writes


def test_a_dream_over_a_reply_with_no_words_left_succeeds_and_writes_no_entry(
        tmp_path: Path) -> None:
    from tests.test_cli_dream import _project_with_ci_memory, dream

    project = _project_with_ci_memory(
        tmp_path, "No, that's wrong. That's not what I asked. Always rebase before merging.")
    code, out, err = dream(project, "--backend", "local")
    assert code == 0, out + err
    memory = project / "memory"
    assert not (memory / "feedback_memory.md").exists()
    assert [p.name for p in memory.glob("feedback_*.md")] == ["feedback_always-rebase-merging.md"]
    assert "name: ''" not in "".join(p.read_text(encoding="utf-8") for p in memory.glob("*.md"))


def _one_dream(files: dict[str, str], said: str) -> DreamPlan:
    index = "".join(f"- [{name}]({name}) — rule\n" for name in files)
    return plan_dream(files, index, gather(human(said, day=3)).candidates, now=NOW)


# (a rule said the day before the take-back, 2026-07-09)
_LATELY = "sources:\n- 2026-07-08 s0\n"


# (from the seventeenth review) a take-back opening a later message replaces the rule it takes
# back, with the earlier one as dated history, instead of leaving both rules current
@pytest.mark.parametrize(("old", "said", "lead"), [
    ("Always use yarn for installs.", "Actually, scratch that, use pnpm from now on.",
     "Use pnpm from now on."),
    ("Always squash-merge pull requests.", "Scratch that, always rebase and merge.",
     "Always rebase and merge."),
    ("Use 2 spaces for indentation.", "Actually, scratch that, use 4 spaces.", "Use 4 spaces."),
    ("Always squash-merge pull requests.", "Oh wait, never mind, always rebase and merge.",
     "Always rebase and merge."),
])
def test_a_take_back_in_a_later_message_replaces_the_rule_it_takes_back(
        old: str, said: str, lead: str) -> None:
    plan = _one_dream({"feedback_rule.md": topic("Rule", old, type_="feedback", extra=_LATELY)},
                      said)
    assert [f for f in plan.writes if f != "MEMORY.md"] == ["feedback_rule.md"]
    body = parse_topic(plan.writes["feedback_rule.md"]).body
    assert body.splitlines()[0] == lead
    assert f"Updated on 2026-07-09; previously: {old}" in body


@pytest.mark.parametrize(("files", "said"), [
    # about something else: a word in common ("tests") is not what the rule is about
    ({"feedback_mock.md": "Never mock the database in tests."},
     "Actually, scratch that, always run the tests in parallel."),
    # two rules it could take back: which one is not said
    ({"feedback_yarn.md": "Always use yarn for installs.",
      "feedback_docs.md": "Use npm for the docs site."},
     "Scratch that, use pnpm from now on."),
    ({"feedback_explain.md": "Keep explanations short."},
     "I changed my mind: always rebase and merge."),
])
def test_a_take_back_leaves_the_rules_it_does_not_speak_to(
        files: dict[str, str], said: str) -> None:
    plan = _one_dream({n: topic("Rule", b, type_="feedback", extra=_LATELY)
                       for n, b in files.items()}, said)
    assert not set(files) & set(plan.writes)
    assert not plan.deletes


# (from the eighteenth review) a take-back opening a message replaced a rule of another
# language, file type or stage ("files" in common counted as half of what it is about), and one
# said months before; now it reaches only a rule of the same place, said lately
@pytest.mark.parametrize(("old", "said"), [
    ("Use 2 spaces for indentation in YAML files.",
     "Hmm, scratch that, use 4 spaces in Python files."),
    ("Use 2 spaces for indentation in YAML files.",
     "Ugh, never mind, use 4 spaces for indentation in Go files."),
    ("Use mocks for the database in tests.", "Scratch that, use the real database in prod."),
    ("Run the migrations by hand in staging.",
     "Oops, scratch that, run the migrations with the deploy script in prod."),
])
def test_a_take_back_leaves_a_rule_of_another_place_as_it_was(old: str, said: str) -> None:
    plan = _one_dream({"feedback_rule.md": topic("Rule", old, type_="feedback", extra=_LATELY)},
                      said)
    assert f"previously: {old}" not in "".join(plan.writes.values())
    assert not plan.deletes
    if "feedback_rule.md" in plan.writes:
        assert old in parse_topic(plan.writes["feedback_rule.md"]).body


@pytest.mark.parametrize("extra", [
    "sources:\n- 2026-05-02 s0\n",  # two months before
    "sources:\n- 2026-07-01 s0\n",  # a week before
    "",  # written by hand: of no known age
])
def test_a_take_back_leaves_a_rule_not_said_lately(extra: str) -> None:
    old = "Always squash-merge pull requests."
    plan = _one_dream({"feedback_rule.md": topic("Rule", old, type_="feedback", extra=extra)},
                      "Scratch that, always rebase and merge.")
    assert "feedback_rule.md" not in plan.writes
    assert not plan.deletes


@pytest.mark.parametrize("said", [
    "Actually, scratch that, use 4 spaces in YAML files.",
    "Ugh, scratch that, use 4 spaces for YAML indentation.",
])
def test_a_take_back_in_the_same_place_replaces_the_rule(said: str) -> None:
    old = "Use 2 spaces for indentation in YAML files."
    plan = _one_dream({"feedback_rule.md": topic("Rule", old, type_="feedback", extra=_LATELY)},
                      said)
    body = parse_topic(plan.writes["feedback_rule.md"]).body
    assert body.splitlines()[0] == said.split(", ")[-1][0].upper() + said.split(", ")[-1][1:]
    assert f"Updated on 2026-07-09; previously: {old}" in body


def test_a_take_back_the_next_day_in_another_session_replaces_the_rule_said_then() -> None:
    messages = [human("Always squash-merge pull requests.", session="s1", day=2),
                human("Scratch that, always rebase and merge.", session="s2", day=3)]
    plan = plan_dream({}, "", gather(*messages).candidates, now=NOW)
    bodies = [parse_topic(t).body for f, t in plan.writes.items() if f != "MEMORY.md"]
    assert len(bodies) == 1
    assert bodies[0].startswith("Always rebase and merge.")
    assert "previously: Always squash-merge pull requests." in bodies[0]


@pytest.mark.parametrize(
    ("lead", "said"),
    [
        # a correction's opener is no part of what is said: what is used, said again, confirms
        # the entry that says so (was a new entry quoting "That's not quite right, ...")
        ("Always pnpm, with the filter flag, e.g. pnpm --filter acme dev.",
         "That's not quite right, we use pnpm, not npm."),
        ("Always use pnpm for installs.", "That isn't quite right, we use pnpm, not npm."),
        # a reminder of a rule confirms it (was put in as the rule's new lead, "Corrected")
        ("Always add a Storybook story for new components.",
         "I did say, always a story for new components please"),
        ("Always add a Storybook story for new components.",
         "Like I said, always add a story for new components."),
    ],
)
def test_a_rule_said_again_with_a_correction_or_reminder_opener_is_confirmed(
        lead: str, said: str) -> None:
    plan = _said_to("feedback_pref.md", lead, said)
    assert [f for f in plan.writes if f != "MEMORY.md"] == []
    assert [(d.action, d.file) for d in plan.decisions if d.action != "kept"] == [
        ("confirmed", "feedback_pref.md")]


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("That's not quite right, we use pnpm, not npm.", "We use pnpm, not npm."),
        # agreeing is no correction
        ("That's quite right, we use pnpm.", None),
    ],
)
def test_a_correction_opener_said_politely_is_not_kept(said: str, kept: str | None) -> None:
    assert [c.text for c in gather(human(said)).candidates] == ([kept] if kept else [])


def _about_me(said: str, *also: str) -> DreamPlan:
    files = {"user_about.md": topic(
        "About", "I'm Olly Bennett, a freelance front-end developer in Bristol (UK time).",
        type_="user", description="freelance front-end developer, three clients")}
    files.update({f"user_{i}.md": topic(f"More {i}", lead, type_="user")
                  for i, lead in enumerate(also)})
    return plan_dream(files, "- [About](user_about.md) — about\n",
                      gather(human(said, day=3)).candidates, now=NOW)


@pytest.mark.parametrize(
    "said",
    ["I moved to Brighton last month.",
     "I'm not in Bristol any more, I moved to Brighton last month."],
)
def test_the_person_moving_rewrites_the_user_entry_saying_where_they_are(said: str) -> None:
    # was a new project entry, "Switched to Brighton", beside "... in Bristol"
    plan = _about_me(said)
    assert [f for f in plan.writes if f != "MEMORY.md"] == ["user_about.md"]
    entry = parse_topic(plan.writes["user_about.md"])
    assert entry.type == "user"
    lines = entry.body.splitlines()
    assert lines[0] == "I'm Olly Bennett, a freelance front-end developer in Brighton (UK time)."
    assert "Switched from Bristol to Brighton in June 2026; previously Bristol." in lines
    assert entry.description == "freelance front-end developer, three clients"  # the person's


@pytest.mark.parametrize(
    ("said", "also"),
    [
        ("I'm not in Leeds any more, I moved to Brighton.", ()),  # not where the entry says
        ("We moved to Brighton.", ()),  # not the person's own move
        ("I moved to Brighton last month.", ("I work with Sam in London.",)),  # which one?
    ],
)
def test_a_move_the_user_entry_does_not_tell_of_leaves_it(said: str,
                                                          also: tuple[str, ...]) -> None:
    plan = _about_me(said, *also)
    assert "user_about.md" not in plan.writes
