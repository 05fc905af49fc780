"""A weekday with a day of the month ("sat the 26th") is dated where the two agree this month or
the next; where they agree on no day so near, it is kept as said."""

from __future__ import annotations

import pytest

from autodream.engine import plan_dream
from tests.engine_helpers import NOW, gather, human


@pytest.mark.parametrize(("said", "kind", "text"), [
    # said on Wednesday 2026-07-15: the 26th is a Sunday, next month's a Wednesday; it was
    # dated 2026-09-26, September's Saturday the 26th, ten weeks off
    ("demo for acme on sat the 26th", "fact", "Demo for acme on Saturday the 26th."),
    ("The offsite is on Tuesday the 26th.", "fact", "The offsite is on Tuesday the 26th."),
    # where they agree, dated as before
    ("demo on sun the 26th", "plan", "Demo on Sunday 2026-07-26."),
    ("demo on wed the 26th", "plan", "Demo on Wednesday 2026-08-26."),
])
def test_a_weekday_and_a_day_of_the_month_are_dated_only_where_they_agree_near(
        said: str, kind: str, text: str) -> None:
    found = gather(human(said, day=9)).candidates
    assert [(c.kind, c.text) for c in found] == [(kind, text)]


def test_kept_as_said_it_is_remembered_and_never_dated_far_off() -> None:
    gathered = gather(human("demo for acme on sat the 26th", day=9))
    plan = plan_dream({}, None, gathered.candidates, now=NOW)
    written = "\n".join(t for f, t in plan.writes.items() if f != "MEMORY.md")
    assert "Demo for acme on Saturday the 26th." in written
    assert "2026-09-26" not in written
    assert any(d.action == "dated" and "kept as written" in d.reason
               for d in gathered.decisions)
