"""A rule said as added to another: what the person said is what memory ends up saying, one
memory of each thing, no contradiction beside it."""

from __future__ import annotations

import pytest

from autodream.engine import plan_dream
from autodream.engine.dream import DreamPlan
from autodream.memory.model import parse_topic
from autodream.transcripts.model import Message
from tests.engine_helpers import NOW, gather, human, topic


def _plan(files: dict[str, str], *said: Message, now: object = NOW) -> DreamPlan:
    index = "".join(f"- [{f}]({f}) — x\n" for f in files)
    return plan_dream(files, index, gather(*said).candidates, now=now)


def _new_files(plan: DreamPlan, files: dict[str, str]) -> list[str]:
    return [f for f in plan.writes if f != "MEMORY.md" and f not in files]


_PG16 = "Always test migrations against Postgres 16."


@pytest.mark.parametrize("said", [
    "Always test migrations against pg15 too.",
    "always test migrations against postgres 15 too",
    "Always test migrations against pg15 as well.",
])
def test_a_version_said_as_added_to_a_rule_is_kept_beside_it_with_its_word(said: str) -> None:
    # the rule was rewritten to 15 ('Changed from 16 to 15'), or kept as its own memory
    # without 'too', which reads as the one version to test against
    added = said[0].upper() + said[1:].rstrip(".") + "."
    remembered = _plan({"feedback_pg.md": topic("pg", _PG16, type_="feedback")},
                       human(said, day=3))
    in_one_dream = _plan({}, human(_PG16, session="a", day=0), human(said, session="b", day=3))
    assert "feedback_pg.md" not in remembered.writes
    for plan, leads in ((remembered, [added]), (in_one_dream, sorted([_PG16, added]))):
        bodies = [parse_topic(t).body for f, t in plan.writes.items() if f != "MEMORY.md"]
        assert sorted(b.partition("\n\n")[0] for b in bodies) == leads
        assert not any("previously" in b for b in bodies)
