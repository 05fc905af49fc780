"""Small builders for the engine tests: messages from a person, topic files, a fixed clock."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, timedelta

from autodream.engine import Candidate, Gatherer
from autodream.engine.dream import DreamPlan, plan_dream
from autodream.transcripts.model import Message

T0 = datetime(2026, 7, 6, 9, 0, tzinfo=UTC)  # a Monday
NOW = datetime(2026, 7, 20, 9, 0, tzinfo=UTC)


def human(text: str, *, session: str = "s1", day: int = 0) -> Message:
    return Message(session, "user", "prompt", text, T0 + timedelta(days=day))


def gather(*messages: Message) -> Gatherer:
    g = Gatherer()
    for m in messages:
        g.add(m)
    return g


def dreams_over_days(said: Sequence[tuple[int, str]], days: Sequence[int]
                     ) -> list[tuple[DreamPlan, dict[str, str]]]:
    """One dream at T0 + each of ``days`` (10:00) over what was said since the one before (one
    session a day, 09:00), each on the topic files the one before left: each dream's plan and
    the topic files after it (MEMORY.md is ``plan.index``)."""
    files: dict[str, str] = {}
    index: str | None = None
    dreams: list[tuple[DreamPlan, dict[str, str]]] = []
    last = -1
    for day in days:
        g = gather(*(human(text, day=d, session=f"s{d}") for d, text in said if last < d <= day))
        plan = plan_dream(files, index, g.candidates, now=T0 + timedelta(days=day, hours=10),
                          forgets=g.forgets)
        files = {**files, **{p: t for p, t in plan.writes.items() if p != "MEMORY.md"}}
        files = {p: t for p, t in files.items() if p not in plan.deletes}
        index = plan.index
        dreams.append((plan, files))
        last = day
    return dreams


def candidates(*texts: str, session: str = "s1", day: int = 0) -> list[Candidate]:
    return gather(*(human(t, session=session, day=day) for t in texts)).candidates


def topic(name: str, body: str, *, type_: str = "project", description: str = "",
          extra: str = "") -> str:
    return (
        f"---\nname: {name}\ndescription: {description or name}\ntype: {type_}\n{extra}---\n\n"
        f"{body}\n"
    )
