"""A port said of a thing by its kind ("The db port changed.") is the port of the one entry
whose thing is of that kind."""

from __future__ import annotations

import pytest

from autodream.engine import plan_dream
from autodream.memory.model import parse_topic
from tests.engine_helpers import NOW, gather, human, topic


@pytest.mark.parametrize(("lead", "said", "now"), [
    # the port stayed 5432: "The db port changed." tied nothing, the sentence was dropped
    ("Postgres runs on port 5432 locally.", "The db port changed. The new port is 6543.",
     "Postgres runs on port 6543 locally."),
    ("Postgres runs on port 5432 locally.", "The database port changed. The new port is 6543.",
     "Postgres runs on port 6543 locally."),
    ("Redis runs on port 6379.", "The cache port changed. The new port is 6380.",
     "Redis runs on port 6380."),
])
def test_a_port_said_of_the_things_kind_changes_its_entry(lead: str, said: str, now: str) -> None:
    plan = plan_dream({"project_x.md": topic("X", lead)}, "- [X](project_x.md) — x\n",
                      gather(human(said, day=3)).candidates, now=NOW)
    body = parse_topic(plan.writes["project_x.md"]).body
    assert body.startswith(now + "\n"), body


@pytest.mark.parametrize("said", [
    # a kind the entry's thing is not
    "The cache port changed. The new port is 6543.",
    "The db port changed. I moved the dev server off 3000. The new port is 8080.",
])
def test_a_port_said_of_another_kind_leaves_the_entry(said: str) -> None:
    lead = "Postgres runs on port 5432 locally."
    plan = plan_dream({"project_x.md": topic("X", lead)}, "- [X](project_x.md) — x\n",
                      gather(human(said, day=3)).candidates, now=NOW)
    if "project_x.md" in plan.writes:
        assert parse_topic(plan.writes["project_x.md"]).body.startswith(lead + "\n")


@pytest.mark.parametrize(("first", "then", "now", "was"), [
    # it made a feedback memory 'The db runs on port 5433' and kept the stale 5432
    ("Postgres runs on port 5432.", "Actually the db runs on port 5433.",
     "Postgres runs on port 5433.", "5432"),
    # ... and 'We switched redis to 6380 on 2026-07-06' beside 'Redis runs on port 6379.'
    ("Redis runs on port 6379.", "Actually we switched redis to 6380 today.",
     "Redis runs on port 6380.", "6379"),
])
@pytest.mark.parametrize("same_session", [True, False])
def test_a_port_put_right_in_passing_changes_the_facts_port(
        first: str, then: str, now: str, was: str, same_session: bool) -> None:
    if same_session:
        plan = plan_dream({}, "", gather(human(first), human(then)).candidates, now=NOW)
    else:
        plan = plan_dream({"project_x.md": topic("X", first)}, "- [X](project_x.md) — x\n",
                          gather(human(then, day=1)).candidates, now=NOW)
    written = {f: parse_topic(t).body for f, t in plan.writes.items() if f != "MEMORY.md"}
    assert len(written) == 1, written
    (body,) = written.values()
    assert body.startswith(now + "\n"), body
    assert f"previously {was}." in body


@pytest.mark.parametrize("said", ["The admin dashboard is served on port 9000.",
                                  "The metrics exporter is exposed on port 9100."])
def test_a_part_served_on_a_port_is_remembered(said: str) -> None:
    # dropped: 'is served on port' was read as no fact
    plan = plan_dream({}, "", gather(human(said)).candidates, now=NOW)
    bodies = [parse_topic(t).body for f, t in plan.writes.items() if f != "MEMORY.md"]
    assert [b.splitlines()[0] for b in bodies] == [said]


def test_the_caches_port_is_redis_where_memory_says_redis_is_the_cache() -> None:
    # it was a second memory, 'The cache runs on port 6380', beside 'Redis runs on port 6379'
    files = {"project_redis.md": topic("redis", "Redis runs on port 6379."),
             "project_cache.md": topic("cache", "We use Redis as the cache for sessions.")}
    plan = plan_dream(files, "- [r](project_redis.md) — r\n- [c](project_cache.md) — c\n",
                      gather(human("The cache runs on port 6380.", day=1)).candidates, now=NOW)
    assert [f for f in plan.writes if f != "MEMORY.md"] == ["project_redis.md"]
    assert parse_topic(plan.writes["project_redis.md"]).body.startswith(
        "Redis runs on port 6380.\n")


def test_the_caches_port_with_no_memory_of_what_the_cache_is_stays_apart_and_says_why() -> None:
    files = {"project_redis.md": topic("redis", "Redis runs on port 6379.")}
    plan = plan_dream(files, "- [r](project_redis.md) — r\n",
                      gather(human("The cache runs on port 6380.", day=1)).candidates, now=NOW)
    assert "project_redis.md" not in plan.writes
    assert any(d.subject == "The cache runs on port 6380." and "no memory says Redis is the "
               "cache" in d.reason for d in plan.decisions)


def test_why_the_caches_port_stays_apart_is_told_of_the_memory_it_became() -> None:
    # the why was a 'kept' of its own naming project_redis.md, the file the sentence was not
    # put in, and the summary counted one memory kept twice ('2 created, 3 kept')
    files = {"project_redis.md": topic("redis", "Redis runs on port 6379.")}
    plan = plan_dream(files, "- [r](project_redis.md) — r\n",
                      gather(human("The cache runs on port 6380.", day=1)).candidates, now=NOW)
    told = [d for d in plan.decisions if d.subject == "The cache runs on port 6380."]
    assert [d.action for d in told].count("kept") == 1
    assert all(d.file != "project_redis.md" for d in told)
    (created,) = [d for d in told if d.action == "created"]
    assert created.file in plan.writes and "no memory says Redis is the cache" in created.reason
