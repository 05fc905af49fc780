"""Plain standing facts of the project (where a service listens, what was decided in a daily
log's note) and rules told as one more ("Also test ..."): each is remembered as said, the
services it names written as the docs write them."""

from __future__ import annotations

import io

import pytest

from autodream.engine import plan_dream
from autodream.memory.model import parse_topic
from autodream.transcripts.markdown import iter_markdown
from autodream.transcripts.model import ReadStats
from tests.engine_helpers import NOW, candidates, gather, human, topic


@pytest.mark.parametrize(("said", "kept"), [
    ("Our API server listens on port 8080.", "Our API server listens on port 8080."),
    ("The API gateway listens on port 8443.", "The API gateway listens on port 8443."),
    ("postgres runs on port 5432 locally", "Postgres runs on port 5432 locally."),
    ("Redis runs on port 6379 in dev.", "Redis runs on port 6379 in dev."),
    # (the known service in lower case is written as the docs write it)
    ("We cache sessions in redis on 6380", "We cache sessions in Redis on 6380."),
])
def test_where_a_service_listens_is_a_project_fact(said: str, kept: str) -> None:
    # each was dropped with no trace ('show --all-decisions' listed nothing), or kept as
    # 'We cache sessions in redis on 6380'
    found = candidates(said)
    assert [(c.kind, c.type, c.text) for c in found] == [("fact", "project", kept)]


@pytest.mark.parametrize(("said", "kept"), [
    # a tool's name in prose opens no command: the service is named as in a sentence without
    # it (each stayed 'redis', 'postgres' while 'We cache sessions in Redis on 6380.' did not)
    ("We run redis in docker locally.", "We run Redis in docker locally."),
    ("We decided to run redis in docker and test with pytest.",
     "We decided to run Redis in docker and test with pytest."),
    ("We run postgres in docker compose, and redis natively.",
     "We run Postgres in docker compose, and Redis natively."),
    # in a command's clause the name stays as the shell needs it; outside it, by its name
    ("We decided to start redis with docker run -d redis, then point the app at postgres.",
     "We decided to start Redis with docker run -d redis, then point the app at Postgres."),
    # the program before its flag, and a tool's other subcommands, are commands too (each
    # was 'MySQL -u root -p', 'brew services start Redis', 'npm uninstall Redis')
    ("We run mysql in docker, and mysql -u root -p opens a shell.",
     "We run MySQL in docker, and mysql -u root -p opens a shell."),
    ("We run redis locally, started with brew services start redis.",
     "We run Redis locally, started with brew services start redis."),
    ("We run redis in docker, and npm uninstall redis removed the client.",
     "We run Redis in docker, and npm uninstall redis removed the client."),
    ("We run postgres in docker, and docker inspect postgres shows its settings.",
     "We run Postgres in docker, and docker inspect postgres shows its settings."),
])
def test_a_service_is_named_alike_in_prose_whatever_tools_the_sentence_names(
        said: str, kept: str) -> None:
    assert [c.text for c in candidates(said)] == [kept]


def test_a_service_in_an_address_keeps_its_spelling() -> None:
    found = candidates("We cache sessions in redis on 6380, see redis://cache.internal:6380")
    assert all("redis://cache.internal:6380" in c.text for c in found)


@pytest.mark.parametrize("note", [
    "- Decided: the staging cluster moves to eu-west-2.",
    "- Decision: the staging cluster moves to eu-west-2.",
])
def test_a_decision_noted_in_a_daily_log_is_remembered(note: str) -> None:
    # it was read and dropped with no trace
    stats = ReadStats()
    messages = list(iter_markdown(io.BytesIO(f"# Notes\n\n{note}\n".encode()), stats,
                                  name="logs/2026/07/2026-07-06.md"))
    g = gather(*messages)
    assert [(c.kind, c.type, c.text) for c in g.candidates] == [
        ("decision", "project", note[2:])]


@pytest.mark.parametrize("said", ["The staging cluster moves to eu-west-2.",
                                  "Our billing service is behind the VPN."])
def test_a_statement_of_the_project_not_saved_is_dropped_with_why(said: str) -> None:
    # read as nothing, it left no decision: 'show --all-decisions' had no trace of it
    g = gather(human(said))
    assert g.candidates == []
    (told,) = g.decisions
    assert (told.action, told.subject) == ("dropped", said)
    assert "not saved" in told.reason and "Remember: ..." in told.reason
    assert g.stats.dropped == 1


@pytest.mark.parametrize(("said", "why"), [
    ("We're moving staging to eu-west-2.", "Remember: ..."),
    ("Keep the PR small please: I review in the evenings, and anything over about 300 lines "
     "waits until the weekend.", "Always ..."),
])
def test_a_plan_of_the_team_or_an_ask_with_please_not_saved_is_dropped_with_why(
        said: str, why: str) -> None:
    # neither was saved, nor left a trace in 'show --all-decisions'
    g = gather(human(said))
    assert g.candidates == []
    (told,) = g.decisions
    assert (told.action, told.subject) == ("dropped", said)
    assert "not saved" in told.reason and why in told.reason


@pytest.mark.parametrize("said", ["Can you add a --json flag?", "Sounds good.",
                                  "The tests are failing again?", "Please tidy up the table."])
def test_a_question_or_an_ask_not_saved_leaves_no_decision(said: str) -> None:
    assert gather(human(said)).decisions == []


@pytest.mark.parametrize(("said", "kept"), [
    ("Also test migrations against Postgres 15.",
     "Always test migrations against Postgres 15 too."),
    ("We also test migrations against pg15.", "We also test migrations against pg15."),
    ("Ok also test migrations against MySQL 8", "Always test migrations against MySQL 8 too."),
])
def test_a_way_of_working_said_with_also_is_a_rule(said: str, kept: str) -> None:
    # nothing was saved: no "always", so no rule was read
    found = candidates(said)
    assert [(c.kind, c.type, c.text) for c in found] == [("preference", "feedback", kept)]


@pytest.mark.parametrize("said", [
    "Also test the migration against pg15.",  # the one at hand
    "Also run it on Python 3.12.",
    "Also test migrations.",  # no version or tool to use: the work at hand
])
def test_also_of_the_work_at_hand_is_no_rule(said: str) -> None:
    assert candidates(said) == []


@pytest.mark.parametrize(("said", "name"), [
    ("Always test migrations against pg15 as well.", "feedback_always-test-migrations-against.md"),
    ("Always test migrations against pg15 too.", "feedback_always-test-migrations-against.md"),
    # ("as well as" names both)
    ("Always lint with ruff as well as mypy.", "feedback_always-lint-ruff-mypy.md"),
])
def test_as_well_names_no_file(said: str, name: str) -> None:
    # it was filed as feedback_always-test-migrations-against-well.md
    plan = plan_dream({}, "", candidates(said), now=NOW)
    assert [f for f in plan.writes if f != "MEMORY.md"] == [name]


@pytest.mark.parametrize(("said", "kind", "kept"), [
    # told in two sentences as in one (the one-sentence form was read so already)
    (["Ana is out this week.", "Ask Raj about billing."], "plan",
     "Until 2026-07-10, ask Raj about billing (Ana is out)."),
    (["Ana is out till Friday. Please ask Raj about billing stuff."], "plan",
     "Until 2026-07-10, ask Raj about billing (Ana is out)."),
    # ... or with no day it ends: until she is told back
    (["While Ana is out, ask Raj about billing."], "fact",
     "Until Ana is back, ask Raj about billing (Ana is out)."),
    (["Ana is away. Ask Raj about billing."], "fact",
     "Until Ana is back, ask Raj about billing (Ana is away)."),
    # ... or from a day ahead, as said (two sentences saved nothing)
    (["Ana is out next week. Ask Raj about billing."], "plan",
     "Ana is out in the week of 2026-07-13, ask Raj about billing."),
])
def test_whom_to_ask_while_a_colleague_is_away_is_kept(said: list[str], kind: str,
                                                        kept: str) -> None:
    # nothing was saved
    found = candidates(" ".join(said))
    assert [(c.kind, c.type, c.text) for c in found] == [(kind, "project", kept)]


def test_a_stand_in_with_no_day_ends_when_she_is_back() -> None:
    files = {"project_billing.md": topic(
        "billing", "Until Ana is back, ask Raj about billing (Ana is out).")}
    plan = plan_dream(files, "- [x](project_billing.md) — x\n", candidates(
        "Ana's back, billing questions go to her again.", day=3), now=NOW)
    body = parse_topic(plan.writes["project_billing.md"]).body
    assert body.startswith("Ana is back, billing questions go to her again.")


@pytest.mark.parametrize("said", [
    "Ana is out this week. Ask me about billing.",  # (no stand-in named)
    "Ana is out this week. Ask Raj whether the deploy went out.",
])
def test_away_then_another_ask_is_no_stand_in(said: str) -> None:
    assert all("Until" not in c.text for c in candidates(said))


@pytest.mark.parametrize("said", [
    "switched postgres to 5433",
    "We moved Postgres to 5433.",
    "the db switched to 5433",
])
def test_a_database_moved_to_a_number_moves_its_port(said: str) -> None:
    # the entry stayed at 5432 and nothing was saved
    files = {"project_db.md": topic("db", "Postgres runs on port 5432 locally.")}
    plan = plan_dream(files, "- [x](project_db.md) — x\n", candidates(said, day=2), now=NOW)
    assert [f for f in plan.writes if f != "MEMORY.md"] == ["project_db.md"]
    body = parse_topic(plan.writes["project_db.md"]).body
    assert body.startswith("Postgres runs on port 5433 locally.\n")
    assert "Changed from 5432 to 5433 on 2026-07-08" in body


def test_a_database_moved_to_a_number_no_port_is_given_for_is_left() -> None:
    # ("moved postgres to 2027": a year, maybe; no port of it is in memory)
    files = {"project_db.md": topic("db", "We use Postgres 16.")}
    plan = plan_dream(files, "- [x](project_db.md) — x\n",
                      candidates("switched postgres to 2027", day=2), now=NOW)
    assert [f for f in plan.writes if f != "MEMORY.md"] == []
    assert any(d.action == "dropped" and "a port only where memory gives" in d.reason
               for d in plan.decisions)


@pytest.mark.parametrize("said", ["The deadline was Friday.", "the deadline was friday"])
def test_a_deadline_told_in_the_past_tense_before_its_day_confirms_it(said: str) -> None:
    # said on the Thursday, it replaced the plan with 'The deadline was on 2026-07-03' (the
    # Friday gone), 'grant report' lost
    lead = "The deadline for the grant report is on 2026-07-10."
    files = {"project_deadline.md": topic("deadline", lead)}
    plan = plan_dream(files, "- [x](project_deadline.md) — x\n", candidates(said, day=3),
                      now=NOW.replace(day=9))
    body = parse_topic(plan.writes.get("project_deadline.md", files["project_deadline.md"])).body
    assert body.startswith(lead + "\n") and "previously" not in body
    assert "confirmed" in [d.action for d in plan.decisions]


@pytest.mark.parametrize("said", [
    "We decided to run the migrations as the postgres user via sudo -u postgres psql.",
    "We agreed to name the compose service redis.",
    "We decided to install the redis python client with pip install redis.",
    "Decided: we connect with psql -U postgres from now on.",
    "We decided to open the shell with docker exec -it postgres psql.",
    "We decided the worker should import redis lazily.",
    "We decided the host is postgres in compose.",
])
def test_a_name_in_a_command_or_given_to_a_user_or_host_stays_as_written(said: str) -> None:
    # 'sudo -u postgres psql' was kept as 'sudo -u Postgres psql' (a broken command), 'pip
    # install redis' as 'pip install Redis', 'the compose service redis' as '... Redis'
    found = candidates(said)
    assert found and all(c.text.rstrip(".") == said.rstrip(".") for c in found)


@pytest.mark.parametrize("said", ["The deadline was Friday, but now it is Monday.",
                                  "the deadline was friday but it's monday now",
                                  "The deadline is now Monday, not Friday.",
                                  "The deadline moved from Friday to Monday."])
def test_a_deadline_told_as_moved_moves_the_plan_to_the_day_said(said: str) -> None:
    # said on the Thursday it was counted as confirming the Friday (memory kept 2026-07-10,
    # the Monday lost), then became 'The deadline was on 2026-07-03, but now it is Monday.':
    # the Friday dated a week back, the Monday not at all, 'grant report' lost; 'is now
    # Monday, not Friday' and 'moved from Friday to Monday' were each a second memory
    lead = "The deadline for the grant report is on 2026-07-10."
    files = {"project_deadline.md": topic("deadline", lead)}
    plan = plan_dream(files, "- [x](project_deadline.md) — x\n", candidates(said, day=3),
                      now=NOW.replace(day=9))
    assert "confirmed" not in [d.action for d in plan.decisions]
    assert [f for f in plan.writes if f != "MEMORY.md"] == ["project_deadline.md"]
    body = parse_topic(plan.writes["project_deadline.md"]).body
    assert body.startswith("The deadline for the grant report is on 2026-07-13.\n")
    assert "Changed from 2026-07-10 to 2026-07-13 on 2026-07-09; previously 2026-07-10." in body


@pytest.mark.parametrize("first", ["The deadline is now Monday, not Friday.",
                                   "The deadline is now on Monday."])
def test_a_deadline_said_to_be_a_day_without_on_still_moves_the_plan(first: str) -> None:
    # 'The deadline is now Tuesday.' (no 'on') was read as no move: one dream over the three
    # sessions made one memory 'The deadline is now Tuesday' of the three sentences, described
    # 'The deadline for the grant report is on 2026-07-10', and the plan itself was lost
    said = gather(human("The deadline for the grant report is Friday.", session="s1"),
                  human(first, session="s2", day=3),
                  human("The deadline is now Tuesday.", session="s3", day=4)).candidates
    plan = plan_dream({}, "", said, now=NOW.replace(day=10))
    written = {f: parse_topic(t) for f, t in plan.writes.items() if f != "MEMORY.md"}
    assert len(written) == 1
    (memory,) = written.values()
    assert memory.name == "The deadline for the grant report is on 2026-07-14"
    assert memory.body.startswith("The deadline for the grant report is on 2026-07-14.\n")
    assert "is now Tuesday" not in memory.body


def test_a_deadline_said_alone_to_be_a_day_moves_the_plan() -> None:
    # it was a second memory, 'The deadline is now Tuesday', beside the Friday plan still current
    lead = "The deadline for the grant report is on 2026-07-10."
    files = {"project_deadline.md": topic("deadline", lead)}
    plan = plan_dream(files, "- [x](project_deadline.md) — x\n",
                      candidates("The deadline is now Tuesday.", day=4), now=NOW.replace(day=10))
    assert [f for f in plan.writes if f != "MEMORY.md"] == ["project_deadline.md"]
    body = parse_topic(plan.writes["project_deadline.md"]).body
    assert body.startswith("The deadline for the grant report is on 2026-07-14.\n")
    assert "Changed from 2026-07-10 to 2026-07-14 on 2026-07-10; previously 2026-07-10." in body


@pytest.mark.parametrize(("said", "moved", "kept"), [
    ("The deadline was Friday, but now it is Monday.", "grant-report", "audit"),
    ("the deadline was friday but it's monday now", "grant-report", "audit"),
    ("The deadline is now Monday, not Friday.", "grant-report", "audit"),
    ("The deadline moved from Friday to Monday.", "grant-report", "audit"),
    ("The deadline was Thursday, but now it is Monday.", "audit", "grant-report"),
])
def test_the_deadline_moved_from_a_day_is_the_one_on_that_day(said: str, moved: str,
                                                              kept: str) -> None:
    # with the audit's deadline on Thursday and the grant report's on Friday, 'was Friday'
    # moved the audit's (the first), and the grant report's stayed on Friday
    days = {"grant-report": "2026-07-10", "audit": "2026-07-09"}
    files = {f"project_deadline-{k}.md": topic(
        f"deadline {k}", f"The deadline for the {k.replace('-', ' ')} is on {d}.")
        for k, d in days.items()}
    index = "".join(f"- [x]({f}) — x\n" for f in files)
    plan = plan_dream(files, index, candidates(said, day=1), now=NOW.replace(day=7))
    assert [f for f in plan.writes if f != "MEMORY.md"] == [f"project_deadline-{moved}.md"]
    body = parse_topic(plan.writes[f"project_deadline-{moved}.md"]).body
    assert body.startswith(f"The deadline for the {moved.replace('-', ' ')} is on 2026-07-13.\n")
    assert f"Changed from {days[moved]} to 2026-07-13 on 2026-07-07" in body
    assert f"project_deadline-{kept}.md" not in plan.writes


def test_a_release_moved_between_weekdays_rewrites_the_weekly_rule_memory_holds() -> None:
    # the day releases are done on, every week, is what moved: no plan of one day
    files = {"project_release.md": topic("We do the release on Thursdays",
                                         "We do the release on Thursdays.")}
    plan = plan_dream(files, "- [x](project_release.md) — x\n",
                      candidates("The release moved from Thursday to Friday.", day=1),
                      now=NOW.replace(day=7))
    assert [f for f in plan.writes if f != "MEMORY.md"] == ["project_release.md"]
    body = parse_topic(plan.writes["project_release.md"]).body
    assert body.startswith("We do the release on Fridays.\n")
    assert "2026-07-" not in body.split("\n")[0]
    # (the title kept 'Thursdays' while the rule said Fridays)
    assert parse_topic(plan.writes["project_release.md"]).name == "We do the release on Fridays"


def test_a_moved_plan_is_described_by_the_day_it_moved() -> None:
    # it kept 'plan stated on 2026-07-06' on its index line and as its Why, as if unmoved
    lead = "The deadline for the grant report is on 2026-07-10."
    body = (f"{lead}\n\n**Why:** Plan stated on 2026-07-06.\n"
            "**How to apply:** Plan work around 2026-07-10.")
    files = {"project_deadline.md": topic(
        lead.rstrip("."), body, description="plan stated on 2026-07-06",
        extra="sources:\n- 2026-07-06 s1\n")}
    plan = plan_dream(files, f"- [{lead.rstrip('.')}](project_deadline.md) — plan stated on "
                      "2026-07-06\n",
                      candidates("The deadline is now on Monday.", day=3),
                      now=NOW.replace(day=9))
    moved = parse_topic(plan.writes["project_deadline.md"])
    # (the old description, the kind and day alone, is the engine's: told anew, the plan and
    # the day it moved)
    told = "The deadline for the grant report is on 2026-07-13 (changed 2026-07-09)"
    assert moved.description == told
    assert "**Why:** Changed on 2026-07-09." in moved.body
    assert "— changed on 2026-07-09" in plan.index


@pytest.mark.parametrize("said", ["The grant report deadline was Friday.",
                                  "Yes, the deadline was Friday.",
                                  "Reminder: the deadline was Friday.",
                                  "Right, the deadline was Friday, as planned.",
                                  "The deadline was Friday, so we have one more day."])
def test_a_planned_weekday_said_with_was_before_it_comes_confirms_the_plan(said: str) -> None:
    # said on the Thursday before the planned Friday, each replaced the plan with 'The ...
    # deadline was on 2026-07-03' (last week's Friday), most losing 'grant report'
    lead = "The deadline for the grant report is on 2026-07-10."
    files = {"project_deadline.md": topic("deadline", lead)}
    plan = plan_dream(files, "- [x](project_deadline.md) — x\n", candidates(said, day=3),
                      now=NOW.replace(day=9))
    assert "confirmed" in [d.action for d in plan.decisions]
    assert "2026-07-03" not in "".join(plan.writes.values())
    assert [f for f in plan.writes if f != "MEMORY.md"] == []


def test_a_weekday_said_with_was_and_no_plan_for_it_is_the_one_gone_by() -> None:
    # (a plan of another thing, on that Friday, is none of it)
    lead = "The code freeze is on 2026-07-10."
    files = {"project_freeze.md": topic("freeze", lead)}
    plan = plan_dream(files, "- [x](project_freeze.md) — x\n",
                      candidates("The grant report deadline was Friday.", day=3),
                      now=NOW.replace(day=9))
    assert "The grant report deadline was on 2026-07-03." in "".join(plan.writes.values())


@pytest.mark.parametrize("first", [True, False])
def test_two_servers_ports_said_in_one_session_are_two_memories(first: bool) -> None:
    # kept as one file 'The dev server runs on port 3000' with the 8080 sentence in its body
    said = ["Our API server listens on port 8080.", "The dev server runs on port 3000."]
    plan = plan_dream({}, "", candidates(*(said if first else said[::-1])), now=NOW)
    bodies = [parse_topic(t).body for f, t in plan.writes.items() if f != "MEMORY.md"]
    assert sorted(b.splitlines()[0] for b in bodies) == sorted(said)


def test_one_servers_port_said_again_is_still_one_memory() -> None:
    plan = plan_dream({}, "", candidates("The dev server runs on port 3000.",
                                         "The dev server runs on port 3001."), now=NOW)
    assert len([f for f in plan.writes if f != "MEMORY.md"]) == 1


@pytest.mark.parametrize("day", [0, 2])
def test_a_port_and_its_move_in_one_dream_keep_the_fact_at_the_new_port(day: int) -> None:
    # both were one memory, 'Switched Postgres to 5433.', dropped as memory gave Postgres no
    # port: 'We use Postgres 16 on port 5432' was lost
    said = (candidates("We use Postgres 16 on port 5432.")
            + candidates("switched postgres to 5433", session="s2", day=day))
    plan = plan_dream({}, "", said, now=NOW.replace(day=8))
    bodies = [parse_topic(t).body for f, t in plan.writes.items() if f != "MEMORY.md"]
    assert len(bodies) == 1 and bodies[0].startswith("We use Postgres 16 on port 5433.\n")


def test_a_move_told_by_the_user_of_a_service_with_no_port_is_dropped() -> None:
    # 'I switched redis to 6380' was saved as 'The user switched Redis to 6380'
    plan = plan_dream({}, "", candidates("I switched redis to 6380"), now=NOW)
    assert [f for f in plan.writes if f != "MEMORY.md"] == []
    assert any(d.action == "dropped" and "a port only where memory gives" in d.reason
               for d in plan.decisions)


@pytest.mark.parametrize(("said", "kept"), [
    ("We decided to move the analytics database to postgres.",
     "We decided to move the analytics database to Postgres."),
    ("We decided the main database is postgres 16.",
     "We decided the main database is Postgres 16."),
    ("We run a postgres database for billing on port 5432.",
     "We run a Postgres database for billing on port 5432."),
    ("We use the redis service for sessions on port 6380.",
     "We use the Redis service for sessions on port 6380."),
])
def test_what_a_database_or_service_is_is_written_by_its_name(said: str, kept: str) -> None:
    # since 750fda0 each kept 'postgres' / 'redis' in lower case, read as a name given to the
    # database or the service ('the host is postgres')
    assert [c.text for c in candidates(said)] == [kept]


@pytest.mark.parametrize("said", ["We switched postgres to 16.", "we moved the db to 16"])
def test_a_version_said_as_a_move_leaves_the_port_as_it_was(said: str) -> None:
    # 'We use Postgres 15 on port 5432.' became '... on port 16.', 'Changed from 5432 to 16'
    files = {"project_pg.md": topic("pg", "We use Postgres 15 on port 5432.")}
    plan = plan_dream(files, "", candidates(said), now=NOW)
    body = parse_topic(plan.writes.get("project_pg.md", files["project_pg.md"])).body
    assert body.startswith("We use Postgres 15 on port 5432.\n") and "to 16" not in body
