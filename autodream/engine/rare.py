"""Values the engine makes only for sentences few sessions hold: a setting put from one value
to another, a change of mind on a scale, a request to forget, a day that reads either way
round, an upgrade told as done.

They live here, imported where one is made, and not beside the code that looks for them: that
code runs on every sentence of every dream, and ``dataclass`` compiles ~6 methods from source
for each class it creates (~0.2 ms each). A second dream over one ordinary session, in a fresh
process (issue #4), finds none of these and never creates their classes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from autodream.engine.model import Candidate, Decision
    from autodream.engine.sentence_kinds import _Kind


@dataclass(frozen=True)
class SettingChange:
    """A setting put from one value to another."""

    what: str  # as said, for a decision: "Sidekiq concurrency", "the standup"
    about: frozenset[str]  # words (in the singular) a clause stating the setting has
    nouns: frozenset[str]  # words a value of it is said with: "concurrency", "node", "retry"
    measure: str  # the unit of its values ("s", "gb"), or ""
    time: bool  # a time of day
    now: str  # as said
    now_value: str  # as compared (``same_value``): "60s" for "60 seconds", "21:00" for "9pm"
    was_value: str | None  # None when not said
    back: bool = False  # a return to a value held before ("the quota is back to 8 A100s")


@dataclass(frozen=True)
class Stated:
    """A value a text gives a setting: where it is, as written, and as compared."""

    start: int
    end: int
    written: str
    value: str


@dataclass(frozen=True)
class Revision:
    """What the new statement puts in place of the old one's choice ("detailed" for
    "short"). ``subjectless``: the new statement names no subject of its own ("Use tabs"), so
    the old statement with its choice put in place says the new state."""

    was: str
    now: str
    subjectless: bool
    taken_back: re.Pattern[str]  # the end of the scale given up, to find it in a title


@dataclass(frozen=True)
class ForgetRequest:
    """The person asked that something be forgotten ("forget what I said about the staging
    URL"): what memory holds of ``subject`` is removed, and the request is no memory itself."""

    subject: str  # what is to be forgotten, as said: "the staging URL"
    words: str  # the sentence that asked, for the run record
    session_id: str
    day: date
    # said of what memory holds ("what I said about X", "the note about X"): a sentence of an
    # entry may go; a bare "forget X" names an entry's subject only
    explicit: bool = True
    every: bool = False  # "everything I said about X": several entries may go
    unsaved: bool = False  # what the same sessions said of it before was left out


@dataclass(frozen=True, eq=False)
class Undated:
    """A candidate kept with a day either way round: where it is, and what made it."""

    at: int
    found: _Kind
    statement: str
    why: str
    session_id: str
    when: datetime
    decision: Decision | None


@dataclass(frozen=True, eq=False)
class Asked:
    """A request to forget, as the next message of its session may take it back ("Never
    mind, keep it"): what it left out of these sessions, to be read again then."""

    request: ForgetRequest
    gone: list[Candidate]
    dropped: list[Decision]
    before: list[str]
    when: datetime


@dataclass(frozen=True, eq=False)
class Upgrade:
    """An upgrade told as done: the match, the tool, its new and old versions."""

    found: re.Match[str]
    name: str
    now: str
    was: str | None
    # the tool that took the old one's place ("moved from Redis 7 to Valkey 8"), or None
    to_name: str | None
    # False for a name in lower case that only "we're on ... now" puts in place of a tool's
    # ("we're on node 20 now", but also "we're on attempt 4 now"): an upgrade only where a
    # memory names another version of it
    sure: bool = True
