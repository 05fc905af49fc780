"""Plans as they pass, move and close over several dreams: what the person reads in the memory
after each."""

from __future__ import annotations

from datetime import timedelta

import pytest

from autodream.engine import plan_dream
from autodream.engine.dream import DreamPlan
from autodream.memory.model import parse_topic
from tests.engine_helpers import NOW, T0, gather, human, topic


def _dreams(said: list[tuple[int, str]], days: list[int]) -> list[DreamPlan]:
    """One dream at T0 + each of ``days``, each given what was said since the one before and
    the memory the one before wrote."""
    files: dict[str, str] = {}
    index: str | None = None
    plans = []
    last = -1
    for day in days:
        msgs = [human(text, day=d, session=f"s{d}") for d, text in said if last < d <= day]
        plan = plan_dream(files, index, gather(*msgs).candidates,
                          now=T0 + timedelta(days=day, hours=10))
        files = {**files, **{p: t for p, t in plan.writes.items() if p != "MEMORY.md"}}
        index = plan.index
        plans.append(plan)
        last = day
    return plans


@pytest.mark.parametrize(
    ("said", "past"),
    [
        # "we need" is no deed done: the plan was never told as past, its title alone was
        ("The workshop deadline is on 2026-07-10, so we need the ablations before that.",
         "The workshop deadline was on 2026-07-10, so we need the ablations before that."),
        ("The NeurIPS workshop deadline is in two weeks, so we need the ablations before that.",
         "The NeurIPS workshop deadline was on 2026-07-20, so we need the ablations before "
         "that."),
        # neighbours, told as past as before
        ("The release is on 2026-07-10.", "The release was on 2026-07-10."),
        ("The workshop deadline is on 2026-07-10, so we ship the ablations before that.",
         "The workshop deadline was on 2026-07-10, so we planned to ship the ablations before "
         "that."),
    ],
)
def test_a_passed_plan_is_told_as_past_in_title_description_and_body_once(
        said: str, past: str) -> None:
    first, second, third = _dreams([(0, said)], [0, 15, 18])
    (path,) = [p for p in first.writes if p != "MEMORY.md"]
    entry = parse_topic(second.writes[path])
    assert entry.body.startswith(past)
    # the description tells it as the body does (or, the title saying it all, when it was said)
    assert entry.description in (past, "plan stated on 2026-07-06")
    assert " was " in entry.name and " is " not in entry.name
    assert [d.action for d in second.decisions if d.file == path] == ["past"]
    # the next dream has nothing more to tell, and says nothing about it
    assert path not in third.writes
    assert not [d for d in third.decisions if d.file == path]


@pytest.mark.parametrize(
    "said",
    [
        # a deed told by who did it stays as it was said
        "We shipped the beta on 2026-07-08.",
        "We agreed on 2026-07-08 that the beta is feature-complete.",
    ],
)
def test_a_dated_deed_is_not_retold_as_a_plan(said: str) -> None:
    first, second = _dreams([(0, said)], [3, 15])
    (path,) = [p for p in first.writes if p != "MEMORY.md"]
    assert path not in second.writes
    assert not [d for d in second.decisions if d.action == "past"]


@pytest.mark.parametrize(
    ("description", "written"),
    [
        # the description is not retold (a deed in it); its index hook, cut from it, was, and
        # the dream recorded "told as past" for a change no file showed
        ("The offsite is on 2026-07-10 in Lisbon with the whole platform team, as we decided "
         "in the retro.", False),
        # retold for real: the file changes, and the decision says so
        ("The workshop deadline is on 2026-07-10 for the paper with the whole group, so we "
         "need the ablations before that.", True),
    ],
)
def test_a_past_decision_is_recorded_only_for_a_change_written(description: str,
                                                               written: bool) -> None:
    path = "project_offsite.md"
    files = {path: topic("The offsite was on 2026-07-10", description, description=description)}
    index = f"## Project\n- [The offsite was on 2026-07-10]({path}) — {description[:50]}…\n"
    plan = plan_dream(files, index, [], now=NOW)
    assert (path in plan.writes) is written
    assert [d.action for d in plan.decisions if d.file == path] == (["past"] if written else [])
    if written:
        assert " was on 2026-07-10" in parse_topic(plan.writes[path]).description
