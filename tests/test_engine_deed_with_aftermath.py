"""A deed told on the day its plan was for, with what came after it ("release 2.3 went out fri
but we rolled it back an hour later"), is that day's deed and closes the plan."""

from __future__ import annotations

import pytest

from autodream.engine import plan_dream
from autodream.engine.entries import parse_entry
from tests.engine_helpers import NOW, gather, human, topic

_LEAD = "Release 2.3 goes out on 2026-07-17, please bump the version in pyproject first."


@pytest.mark.parametrize(("said", "now"), [
    # said on Friday 2026-07-17, the plan's own day: dated 2026-07-10, a week back, and kept as
    # a memory of its own beside the plan for today
    ("release 2.3 went out fri but we rolled it back an hour later",
     "Release 2.3 went out on 2026-07-17 but we rolled it back an hour later."),
    ("Release 2.3 went out Friday and then we rolled it back.",
     "Release 2.3 went out on 2026-07-17 and then we rolled it back."),
    ("release 2.3 went out fri; rolled back an hour later",
     "Release 2.3 went out on 2026-07-17; rolled back an hour later."),
])
def test_a_deed_told_with_its_aftermath_on_its_planned_day_is_that_day(
        said: str, now: str) -> None:
    plan = plan_dream({"project_release.md": topic("Release", _LEAD)}, None,
                      gather(human(said, session="b", day=11)).candidates, now=NOW)
    assert sorted(f for f in plan.writes if f != "MEMORY.md") == ["project_release.md"]
    entry = parse_entry("project_release.md", plan.writes["project_release.md"])
    assert entry.statements == [now]
    assert "2026-07-10" not in plan.writes["project_release.md"]
