"""A plan's day put right ("Sorry, the demo is on 2026-07-16.", "No wait, the demo is on
2026-07-16.", "Actually the demo is on 2026-07-16, not 2026-07-17.") is the plan moved: one
note on the new day, the old day in its history with the day it was put right, its title,
index line and guidance on the new day. Before, a plan told with its weekday ("on Friday
2026-07-17") kept both days in one note, titled by the old one, and a correction's refused day
("not 2026-07-17") was the day its guidance said to plan around. A correction of something
else that names a day, and a plan on the same day as the one named, stay as they were."""

from __future__ import annotations

import pytest

from autodream.engine.model import Decision
from autodream.memory.model import parse_topic
from tests.engine_helpers import dreams_over_days


def _dreams(said: list[tuple[int, str]], days: list[int]
            ) -> tuple[dict[str, str], str, list[Decision]]:
    """The topic files, MEMORY.md and the last dream's decisions."""
    plan, files = dreams_over_days(said, days)[-1]
    return files, plan.index or "", list(plan.decisions)


_FRIDAY_17 = "The demo is on Friday 2026-07-17."


@pytest.mark.parametrize(("said", "days", "title", "lead", "on"), [
    # put right in a later dream
    ([(0, _FRIDAY_17), (1, "Sorry, the demo is on 2026-07-16.")], [0, 1],
     "The demo is on Thursday 2026-07-16", "The demo is on 2026-07-16.", "2026-07-07"),
    ([(0, _FRIDAY_17), (1, "Actually the demo is on 2026-07-16, not 2026-07-17.")], [0, 1],
     "The demo is on Thursday 2026-07-16", "The demo is on Thursday 2026-07-16.", "2026-07-07"),
    ([(0, "The demo is on 2026-07-17 (Friday)."),
      (1, "Correction: the demo is on 2026-07-21, not 2026-07-17.")], [0, 1],
     "The demo is on 2026-07-21", "The demo is on 2026-07-21 (Tuesday).", "2026-07-07"),
    ([(0, "The v2 release is on 2026-07-10."), (1, "No, the v2 release is on 2026-07-17.")],
     [0, 1], "The v2 release is on 2026-07-17", "The v2 release is on 2026-07-17.",
     "2026-07-07"),
    # put right within the one dream that reads the plan
    ([(0, _FRIDAY_17), (0, "No wait, the demo is on 2026-07-16.")], [0],
     "The demo is on 2026-07-16", "The demo is on 2026-07-16.", "2026-07-06"),
    ([(0, _FRIDAY_17), (0, "Sorry, the demo is on 2026-07-16.")], [0],
     "The demo is on 2026-07-16", "The demo is on 2026-07-16.", "2026-07-06"),
    ([(0, _FRIDAY_17), (0, "Actually the demo is on 2026-07-16, not 2026-07-17.")], [0],
     "The demo is on Thursday 2026-07-16", "The demo is on Thursday 2026-07-16.",
     "2026-07-06"),
])
def test_a_plans_day_put_right_moves_the_plan(
        said: list[tuple[int, str]], days: list[int], title: str, lead: str, on: str) -> None:
    files, index, decisions = _dreams(said, days)
    # it was two notes, or one telling both days as current, titled by the old one
    (path,) = files
    entry = parse_topic(files[path])
    was = "2026-07-10" if "v2" in title else "2026-07-17"
    now = title.split()[-1]
    assert entry.name == title
    assert entry.body.split("\n\n")[0] == lead
    assert f"Changed from {was} to {now} on {on}; previously {was}." in entry.body
    assert "Friday" not in entry.body and "Friday" not in entry.name
    # its guidance and its index line are of the new day, told as changed
    assert f"**How to apply:** Plan work around {now}." in entry.body
    assert f"**Why:** Changed on {on}." in entry.body
    assert was not in index.split(f"Changed from {was}")[0]
    assert f"[{title}]({path}) — " in index
    assert any(d.file == path and (d.action == "superseded" or (
        d.action == "created" and f"put right from {was} to {now}" in d.reason))
        for d in decisions)


@pytest.mark.parametrize("days", [[0, 1], [1]])
def test_a_correction_of_something_else_leaves_the_plan_on_its_day(days: list[int]) -> None:
    files, _, _ = _dreams([(0, _FRIDAY_17), (1, "Actually the deploy was slow on 2026-07-16.")],
                          days)
    plan = parse_topic(files["project_demo.md"])
    assert plan.name == "The demo is on Friday 2026-07-17"
    assert "2026-07-16" not in plan.body and "Changed from" not in plan.body


@pytest.mark.parametrize("days", [[0, 1], [1]])
def test_of_two_plans_on_one_day_only_the_one_named_is_put_right(days: list[int]) -> None:
    files, _, _ = _dreams([(0, _FRIDAY_17), (0, "The design review is on Friday 2026-07-17."),
                           (1, "Sorry, the demo is on 2026-07-16.")], days)
    entries = [parse_topic(t) for t in files.values()]
    demo, review = sorted(entries, key=lambda e: e.name)
    # (the title of a plan put right in the dream that reads it is its words as put right)
    assert demo.name in ("The demo is on Thursday 2026-07-16", "The demo is on 2026-07-16")
    assert "Friday" not in demo.body and "Changed from 2026-07-17 to 2026-07-16" in demo.body
    assert review.name == "The design review is on Friday 2026-07-17"
    assert "2026-07-16" not in review.body and "Changed from" not in review.body
