"""A value put right with nothing else said ("Wait its 5433 not 5432") changes the one memory
that gives the old value; it is never a memory of its own titled by its fragment."""

from __future__ import annotations

import pytest

from autodream.engine import plan_dream
from autodream.memory.model import parse_topic
from tests.engine_helpers import NOW, gather, human, topic

_DB = "Postgres runs on port 5432 locally."


@pytest.mark.parametrize("said", [
    # each was kept as a feedback entry titled "It's 5433 not 5432" (or lost), the port
    # left at 5432
    "Wait its 5433 not 5432",
    "wait, it's 5433 not 5432",
    "sorry, its 5433, not 5432",
    "Actually it's 5433, not 5432.",
    "its 5433 not 5432",
])
def test_a_value_put_right_changes_the_memory_that_gives_it(said: str) -> None:
    plan = plan_dream({"project_db.md": topic("Postgres port", _DB)},
                      "- [Postgres port](project_db.md) — 5432\n",
                      gather(human(said, day=3)).candidates, now=NOW)
    assert [f for f in plan.writes if f != "MEMORY.md"] == ["project_db.md"]
    body = parse_topic(plan.writes["project_db.md"]).body
    assert body.startswith("Postgres runs on port 5433 locally.\n"), body
    assert "Changed from 5432 to 5433 on 2026-07-09" in body


def test_a_value_put_right_in_the_same_session_changes_what_was_just_said() -> None:
    plan = plan_dream({}, None, gather(human("we run postgres on 5432 for dev", day=3),
                                       human("Wait its 5433 not 5432", day=3)).candidates,
                      now=NOW)
    (file,) = [f for f in plan.writes if f != "MEMORY.md"]
    topic_file = parse_topic(plan.writes[file])
    assert topic_file.name == "We run Postgres on 5433 for dev"
    assert topic_file.body.startswith("We run Postgres on 5433 for dev.\n")


@pytest.mark.parametrize("files", [
    {},  # no memory gives 5432
    {"project_db.md": _DB, "project_r.md": "Redis runs on port 5432 too."},  # which is not said
])
def test_a_value_put_right_of_no_one_memory_is_dropped_not_kept_as_a_fragment(
        files: dict[str, str]) -> None:
    plan = plan_dream({f: topic(f[8:-3], b) for f, b in files.items()},
                      "".join(f"- [{f}]({f}) — x\n" for f in files) or None,
                      gather(human("Wait its 5433 not 5432", day=3)).candidates, now=NOW)
    assert [f for f in plan.writes if f != "MEMORY.md"] == []
    assert any(d.action == "dropped" and "5433" in d.subject for d in plan.decisions)


@pytest.mark.parametrize("said", ["wait until CI passes before merging", "sorry, use pnpm"])
def test_a_reply_word_before_other_words_is_no_value_put_right(said: str) -> None:
    assert all(c.kind != "correction" for c in gather(human(said, day=3)).candidates)
