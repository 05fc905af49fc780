"""Small builders for the engine tests: messages from a person, topic files, a fixed clock."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from autodream.engine import Candidate, Gatherer
from autodream.transcripts.model import Message

T0 = datetime(2026, 7, 6, 9, 0, tzinfo=timezone.utc)  # a Monday
NOW = datetime(2026, 7, 20, 9, 0, tzinfo=timezone.utc)


def human(text: str, *, session: str = "s1", day: int = 0) -> Message:
    return Message(session, "user", "prompt", text, T0 + timedelta(days=day))


def gather(*messages: Message) -> Gatherer:
    g = Gatherer()
    for m in messages:
        g.add(m)
    return g


def candidates(*texts: str, session: str = "s1", day: int = 0) -> list[Candidate]:
    return gather(*(human(t, session=session, day=day) for t in texts)).candidates


def topic(name: str, body: str, *, type_: str = "project", description: str = "",
          extra: str = "") -> str:
    return (
        f"---\nname: {name}\ndescription: {description or name}\ntype: {type_}\n{extra}---\n\n"
        f"{body}\n"
    )
