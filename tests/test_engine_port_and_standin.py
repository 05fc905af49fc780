"""A port said anew of a thing memory holds, a colleague's stand-in while away, and a rule
said as added to another: what the person said is what memory ends up saying, one memory of
each thing, no contradiction beside it."""

from __future__ import annotations

from datetime import timedelta

import pytest

from autodream.engine import plan_dream
from autodream.engine.dream import DreamPlan
from autodream.memory.model import parse_topic
from autodream.transcripts.model import Message
from tests.engine_helpers import NOW, T0, gather, human, topic

_DB = "We use Postgres 16 on port 5432."
_GRAFANA = "Grafana runs on port 3000."


def _plan(files: dict[str, str], *said: Message, now: object = NOW) -> DreamPlan:
    index = "".join(f"- [{f}]({f}) — x\n" for f in files)
    return plan_dream(files, index, gather(*said).candidates, now=now)


def _new_files(plan: DreamPlan, files: dict[str, str]) -> list[str]:
    return [f for f in plan.writes if f != "MEMORY.md" and f not in files]


@pytest.mark.parametrize("said", [
    # the port put right, the one it replaces named: the entry giving that port is the one
    "Correction on the port: 5433, not 5432.",
    "correction on the port - 5433 not 5432",
    "The port is 5433, not 5432.",
    "Actually the postgres port is 5433, not 5432.",
    "the db port is 5433 now, not 5432",
    # ... or the thing named by its kind, told as now
    "The database port is now 5433.",
    "the dev db port is 5433 now, not 5432",
    # ... or the thing told as moved to the port, or on it now (read as a switch, confirmed,
    # or as a new lead, 'Postgres now runs on port 5433.', the version 16 lost)
    "Postgres moved to port 5433.",
    "we moved the database to port 5433",
    "Postgres now runs on port 5433.",
    # ... or on a number no version is (it became 'We use Postgres 5433 on port 5432.')
    "pg is on 5433 now",
    "postgres is on 5433 now",
    # ... or a bare new port said in one sentence with what ties it (each was lost)
    "moved postgres off 5432, new port is 5433",
    "Something else grabbed 5432 so the new port is 5433.",
])
def test_a_port_put_right_changes_the_entry_giving_it(said: str) -> None:
    # it was a second memory, 'The port is 5433, not 5432', beside db.md still at 5432 (or
    # nothing at all, or a rule of feedback)
    files = {"project_db.md": topic("db", _DB), "project_grafana.md": topic("grafana", _GRAFANA)}
    plan = _plan(files, human(said, day=3))
    assert _new_files(plan, files) == []
    body = parse_topic(plan.writes["project_db.md"]).body
    assert body.startswith("We use Postgres 16 on port 5433.\n")
    assert "Changed from 5432 to 5433 on 2026-07-09; previously 5432." in body
    assert "project_grafana.md" not in plan.writes


@pytest.mark.parametrize("said", ["Correction on the port: 5433.",
                                  # (read as no statement at all: nothing was saved)
                                  "Correction: the port is 5433.",
                                  "Correction: the port is 5433, not 5432."])
def test_the_port_put_right_when_memory_gives_one_port_is_that_port(said: str) -> None:
    # 'The port is 5433.' was kept beside 'We use Postgres 16 on port 5432.', later dropped
    # ("nothing in its message ties it to the port 5432"): the person correcting "the port"
    # when memory gives one port means that one
    files = {"project_db.md": topic("db", _DB)}
    plan = _plan(files, human(said, day=3))
    assert _new_files(plan, files) == []
    body = parse_topic(plan.writes["project_db.md"]).body
    assert body.startswith("We use Postgres 16 on port 5433.\n")
    assert "Changed from 5432 to 5433 on 2026-07-09; previously 5432." in body


@pytest.mark.parametrize("said", ["We switched postgres to 5433.",
                                  "Correction: the port is 5433."])
def test_a_port_changed_is_described_as_changed_that_day(said: str) -> None:
    # the engine's Why and the description drawn from it kept the day the old port was said,
    # 'stated by the user on 2026-07-06', as if nothing had changed since
    said_on = "Stated by the user on 2026-07-06."
    files = {"project_db.md": topic("We use Postgres 16 on port 5432", f"{_DB}\n\n**Why:** "
                                    f"{said_on}\n**How to apply:** Take this into account "
                                    "when planning or suggesting changes.",
                                    description="stated by the user on 2026-07-06")}
    plan = _plan(files, human(said, day=3))
    written = parse_topic(plan.writes["project_db.md"])
    assert written.description == "We use Postgres 16 on port 5433 (changed 2026-07-09)"
    assert "**Why:** Changed on 2026-07-09." in written.body


def test_a_port_changed_keeps_the_persons_own_why() -> None:
    files = {"project_db.md": topic("db", f"{_DB}\n\n**Why:** The 5432 clashed with brew's.",
                                    description="our database")}
    plan = _plan(files, human("We switched postgres to 5433.", day=3))
    written = parse_topic(plan.writes["project_db.md"])
    assert written.description == "our database"
    assert "**Why:** The 5432 clashed with brew's." in written.body


@pytest.mark.parametrize("said", [
    # two ports in memory: which one is not said
    "Correction on the port: 5433.",
    "Correction: the port is 5433.",
    # another thing named than the one port memory gives
    "Correction on the redis port: 5433.",
])
def test_a_port_put_right_of_no_one_port_memory_gives_changes_none(said: str) -> None:
    files = {"project_db.md": topic("db", _DB)}
    if "redis" not in said:
        files["project_grafana.md"] = topic("grafana", _GRAFANA)
    plan = _plan(files, human(said, day=3))
    assert "project_db.md" not in plan.writes
    assert "project_grafana.md" not in plan.writes
    if "redis" not in said:
        # (nor a memory of no thing's port: 'The port is now 5433.' was kept beside them)
        assert _new_files(plan, files) == []
        assert any(d.action == "dropped" and "without saying whose" in d.reason
                   for d in plan.decisions)


def _dreamed(*days: tuple[int, str]) -> DreamPlan:
    """Each (day, sentence) said and dreamed over in turn, each dream on what the last wrote."""
    files: dict[str, str] = {}
    index = ""
    plan = DreamPlan()
    for day, said in days:
        plan = plan_dream(files, index, gather(human(said, day=day)).candidates,
                          now=T0 + timedelta(days=day, hours=1))
        index = plan.index or index
        files = {f: t for f, t in {**files, **plan.writes}.items()
                 if f != "MEMORY.md" and f not in plan.deletes}
    return plan


@pytest.mark.parametrize("said", [
    "Postgres moved to port 5433.",
    "postgres is on 5433 now",
    "Correction on the port: 5433, not 5432.",
    "Correction on the port: 5433.",
])
def test_a_port_changed_leaves_no_old_port_in_the_title_or_the_index(said: str) -> None:
    # the title stayed 'We use Postgres 16 on port 5432' and the index line read "[We use
    # Postgres 16 on port 5432](...) — We use Postgres 16 on port 5433." (the description a
    # copy of the body), where an upgrade's title follows it ('We use Node 20 ...')
    plan = _dreamed((0, _DB), (1, said))
    (file,) = [f for f in plan.writes if f != "MEMORY.md"]
    written = parse_topic(plan.writes[file])
    assert written.name == "We use Postgres 16 on port 5433"
    assert written.body.startswith("We use Postgres 16 on port 5433.\n")
    assert "5432" not in written.description
    (line,) = [ln for ln in plan.index.splitlines() if file in ln]
    assert line.startswith(f"- [We use Postgres 16 on port 5433]({file}) — ")
    assert "5432" not in line and "We use Postgres 16 on port 5433." not in line


def test_a_port_put_right_twice_follows_each_change() -> None:
    # after 'Postgres moved to port 5433.', 'Correction on the port: 5434.' was dropped
    plan = _dreamed((0, _DB), (1, "Postgres moved to port 5433."),
                    (2, "Correction on the port: 5434."))
    (file,) = [f for f in plan.writes if f != "MEMORY.md"]
    written = parse_topic(plan.writes[file])
    assert written.name == "We use Postgres 16 on port 5434"
    assert written.body.startswith("We use Postgres 16 on port 5434.\n")
    assert "Changed from 5433 to 5434 on 2026-07-08; previously 5433." in written.body


def test_a_version_said_now_is_still_the_version_not_the_port() -> None:
    plan = _plan({"project_db.md": topic("db", _DB)}, human("We're on Postgres 17 now.", day=3))
    assert parse_topic(plan.writes["project_db.md"]).body.startswith(
        "We use Postgres 17 on port 5432.\n")


@pytest.mark.parametrize("said", [
    "I moved the dev server off 3000. The new port is 8080.",
    "We moved the frontend off 3000 because of a clash. The new port is 8080.",
    "moved the dev server off 3000, new port is 8080",
])
def test_a_new_port_of_another_thing_moved_leaves_every_port_and_keeps_nothing(said: str) -> None:
    # beside two ports it was kept as said, a memory 'The new port is 8080.' of no thing
    files = {"project_db.md": topic("db", _DB), "project_grafana.md": topic("grafana", _GRAFANA)}
    plan = _plan(files, human(said, day=3))
    assert [f for f in plan.writes if f != "MEMORY.md"] == []
    assert any(d.action == "dropped" and d.subject == "The new port is 8080."
               for d in plan.decisions)


# said on Monday 2026-07-06: the stand-in holds to the end of the span said
@pytest.mark.parametrize(("said", "lead"), [
    ("Ana is out this week, ask Raj about billing.",
     "Until 2026-07-10, ask Raj about billing (Ana is out)."),
    ("Ana is off the rest of the week, ask Raj about billing.",
     "Until 2026-07-10, ask Raj about billing (Ana is off)."),
    ("ana is ooo for a week, pls ask raj re billing",
     "Until 2026-07-13, ask Raj about billing (Ana is ooo)."),
    ("ana's on vacation for two weeks, ask raj about billing",
     "Until 2026-07-20, ask Raj about billing (Ana is on vacation)."),
    ("Ana is on leave this month, ask Raj about billing.",
     "Until 2026-07-31, ask Raj about billing (Ana is on leave)."),
    # "the next two weeks" start now, as "two weeks" do (it was lost: nothing saved)
    ("Ana is out for the next two weeks, ask Raj about billing.",
     "Until 2026-07-20, ask Raj about billing (Ana is out)."),
    ("ana is off for the coming week, ask raj about billing",
     "Until 2026-07-13, ask Raj about billing (Ana is off)."),
])
def test_a_stand_in_for_a_span_away_is_kept_until_its_end(said: str, lead: str) -> None:
    # only "till"/"until" a day was read; for a span it was saved as nothing at all
    plan = _plan({}, human(said), now=T0 + timedelta(hours=2))
    (file,) = _new_files(plan, {})
    assert parse_topic(plan.writes[file]).body.startswith(lead + "\n")


# said on Monday 2026-07-06: a span that starts later is a plan on its own days
@pytest.mark.parametrize(("said", "lead"), [
    ("Ana is out next week, ask Raj about billing.",
     "Ana is out in the week of 2026-07-13, ask Raj about billing."),
    ("Ana is on leave next month, ask Raj about billing.",
     "Ana is on leave in August 2026, ask Raj about billing."),
    ("Ana is out tomorrow, ask Raj about billing.",
     "Ana is out on 2026-07-07, ask Raj about billing."),
])
def test_a_stand_in_for_a_span_that_starts_later_keeps_its_start(said: str, lead: str) -> None:
    # each was 'Until <its last day>, ask Raj about billing (Ana is out).', Raj asked from
    # the Monday it was said while Ana was still in
    plan = _plan({}, human(said), now=T0 + timedelta(hours=2))
    (file,) = _new_files(plan, {})
    assert parse_topic(plan.writes[file]).body.startswith(lead + "\n")


_LATER = "Ana is out in the week of 2026-07-13, ask Raj about billing."


def test_a_colleague_back_ends_a_stand_in_said_for_a_span_that_started_later() -> None:
    # said in her week away it was dropped, the stand-in still current (as 'Until
    # 2026-07-17, ask Raj about billing (Ana is out).' it ended)
    plan = _plan({"project_raj.md": topic("raj", _LATER)}, human("Ana's back early.", day=8),
                 now=T0 + timedelta(days=8, hours=2))
    now, _, rest = parse_topic(plan.writes["project_raj.md"]).body.partition("\n\n")
    assert now.startswith("Ana is back") and f"previously: {_LATER}" in rest


def test_a_colleague_back_before_her_span_away_leaves_its_stand_in() -> None:
    plan = _plan({"project_raj.md": topic("raj", _LATER)}, human("Ana's back early.", day=3),
                 now=T0 + timedelta(days=3, hours=2))
    assert "project_raj.md" not in plan.writes


def test_a_colleague_back_ends_each_stand_in_she_had() -> None:
    # with two (Raj for billing, Chloe for payroll) neither ended: one was wanted
    files = {
        "project_raj.md": topic("raj", "Until 2026-07-24, ask Raj about billing (Ana is out)."),
        "project_chloe.md": topic("chloe",
                                  "Until 2026-07-24, ask Chloe about payroll (Ana is out)."),
        "project_ben.md": topic("ben", "Until 2026-07-24, ask Dev about deploys (Ben is out)."),
    }
    plan = _plan(files, human("Ana's back from vacation.", day=3))
    # ... and each ended, she was two memories alike, both 'Ana is back from vacation.': one
    # tells her back, with each stand-in its history
    (kept,) = [f for f in plan.writes if f != "MEMORY.md"]
    assert kept in ("project_raj.md", "project_chloe.md") and plan.deletes == [
        ({"project_raj.md", "project_chloe.md"} - {kept}).pop()]
    now, _, rest = parse_topic(plan.writes[kept]).body.partition("\n\n")
    assert now == "Ana is back from vacation."
    for was in ("ask Raj about billing", "ask Chloe about payroll"):
        assert f"previously: Until 2026-07-24, {was} (Ana is out)." in rest
    assert "project_ben.md" not in plan.writes


_PG16 = "Always test migrations against Postgres 16."


@pytest.mark.parametrize(("said", "added"), [
    ("Always test migrations against pg15 too.", "Always test migrations against pg15 too."),
    ("always test migrations against postgres 15 too",
     "Always test migrations against postgres 15 too."),
    ("Always test migrations against pg15 as well.",
     "Always test migrations against pg15 as well."),
    # the word said first, where it read as a reply's filler
    ("Also, always test migrations against pg15.", "Always test migrations against pg15 too."),
    ("also always test migrations against postgres 15",
     "Always test migrations against postgres 15 too."),
])
def test_a_version_said_as_added_to_a_rule_is_kept_beside_it_with_its_word(
        said: str, added: str) -> None:
    # the rule was rewritten to 15 ('Changed from 16 to 15'), or kept as its own memory
    # without 'too', which reads as the one version to test against
    remembered = _plan({"feedback_pg.md": topic("pg", _PG16, type_="feedback")},
                       human(said, day=3))
    in_one_dream = _plan({}, human(_PG16, session="a", day=0), human(said, session="b", day=3))
    assert "feedback_pg.md" not in remembered.writes
    for plan, leads in ((remembered, [added]), (in_one_dream, sorted([_PG16, added]))):
        bodies = [parse_topic(t).body for f, t in plan.writes.items() if f != "MEMORY.md"]
        assert sorted(b.partition("\n\n")[0] for b in bodies) == leads
        assert not any("previously" in b for b in bodies)


_AWAY = "Until 2026-07-24, ask Raj about billing (Ana is out)."


@pytest.mark.parametrize("said", [
    # (each was read as no return)
    "Ana returned from vacation.",
    "Ana's back in the office.",
    "ana came back early, billing goes to her again",
])
def test_a_colleague_back_from_being_away_ends_the_stand_in(said: str) -> None:
    plan = _plan({"project_raj.md": topic("raj", _AWAY)}, human(said, day=3))
    now, _, rest = parse_topic(plan.writes["project_raj.md"]).body.partition("\n\n")
    assert now.startswith("Ana is back") and f"previously: {_AWAY}" in rest


@pytest.mark.parametrize("said", [
    # back from a moment away, however told (each ended the stand-in)
    "Ana's back from a quick lunch.",
    "Ana's back from the dentist.",
    "ana's back from her 1:1",
    "Ana's back from a doctor's appointment.",
    # no return at all
    "Ana returned the laptop.",
])
def test_a_colleague_back_from_a_moment_away_leaves_the_stand_in(said: str) -> None:
    plan = _plan({"project_raj.md": topic("raj", _AWAY)}, human(said, day=3))
    assert "project_raj.md" not in plan.writes or parse_topic(
        plan.writes["project_raj.md"]).body.startswith(_AWAY + "\n")
    assert not any(parse_topic(t).body.startswith("Ana is back")
                   for f, t in plan.writes.items() if f != "MEMORY.md")


@pytest.mark.parametrize("said", ["Correction: the port is 5434.",
                                  "Correction on the port: 5434."])
def test_a_port_put_right_in_the_session_that_gave_the_port_changes_that_port(said: str) -> None:
    # it stood in for the port it puts right: 'The port is now 5434' was the memory, the
    # database's port 5432 beneath it as if a note of it
    plan = _plan({}, human("Remember: the database port is 5432."),
                 human("We use Postgres 16 for the orders service."), human(said))
    files = {f: parse_topic(text) for f, text in plan.writes.items() if f != "MEMORY.md"}
    (port_file,) = [f for f, t in files.items() if "port" in t.body]
    body = files[port_file].body
    assert body.startswith("The database port is 5434.\n")
    assert "Changed from 5432 to 5434 on 2026-07-06; previously 5432." in body
    assert files[port_file].name == "The database port is 5434"
    assert any(t.body.startswith("We use Postgres 16 for the orders service.\n")
               for t in files.values())
    assert "The port is now" not in "".join(plan.writes.values())


@pytest.mark.parametrize("redis_in_memory", [False, True])
def test_a_port_put_right_beside_two_ports_loses_neither(redis_in_memory: bool) -> None:
    # which port is 5434 is not said: it was the Redis port changed to 5434 and the database's
    # port 5432, said in the same session, lost with no word of it
    redis = "The Redis cache listens on port 6379."
    held = {"project_redis.md": topic("redis", redis)} if redis_in_memory else {}
    said = [] if redis_in_memory else [human(redis)]
    plan = _plan(dict(held), human("Remember: the database port is 5432."), *said,
                 human("Correction: the port is 5434."))
    memory = {f: parse_topic(t).body for f, t in {**held, **plan.writes}.items()
              if f != "MEMORY.md"}
    assert sorted(b.split("\n")[0] for b in memory.values()) == [
        "The Redis cache listens on port 6379.", "The database port is 5432."]
    assert "5434" not in "".join(plan.writes.values())
    (dropped,) = [d for d in plan.decisions if d.action == "dropped"]
    assert "without saying whose" in dropped.reason and "2 ports" in dropped.reason
