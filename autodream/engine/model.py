"""Values the engine works on: candidates, decisions, options, project facts."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any, Literal

from autodream.memory.model import MemoryType

# What kind of statement a candidate came from; decides its explicitness and default type.
CandidateKind = Literal[
    "remember", "identity", "correction", "switch", "prohibition", "preference",
    "decision", "plan", "resource", "fact",
]
Action = Literal[
    "kept", "dropped", "merged", "created", "updated", "confirmed", "superseded", "dated",
    "past", "pruned", "forgotten", "declined", "indexed", "unindexed", "refused", "skipped",
    "redacted", "folded", "flagged",
]


@dataclass(frozen=True)
class Decision:
    """One thing the engine decided, and why: the run record stores the list."""

    action: Action
    subject: str
    reason: str
    file: str | None = None
    session_id: str | None = None
    # the memory's title, for a decision whose subject is its file name (a whole memory
    # pruned): the diary names it as the person wrote it, as it names every other memory
    title: str | None = None
    # what the decision is told as when a later step of the same dream undoes what it says
    # (a file of past events told gone with its last event, kept by the events moved in:
    # ``past_events.refilled``); never in the run record itself
    refilled_reason: str | None = None

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"action": self.action, "subject": self.subject,
                               "reason": self.reason}
        if self.file is not None:
            out["file"] = self.file
        if self.session_id is not None:
            out["session_id"] = self.session_id
        if self.title:
            out["title"] = self.title
        return out


@dataclass(frozen=True)
class Source:
    """Where a memory came from: the session and the day it was said."""

    session_id: str
    day: date

    def as_dict(self) -> dict[str, str]:
        return {"session": self.session_id, "date": self.day.isoformat()}


@dataclass(frozen=True)
class Candidate:
    """A statement of the person that may be worth remembering, already redacted and dated."""

    kind: CandidateKind
    type: MemoryType
    text: str  # the statement, relative dates resolved
    source: Source
    timestamp: datetime  # of the message, timezone-aware
    explicitness: float
    why: str = ""  # the reason the person gave ("because ..."), when they gave one
    # the rule applied to the work at hand, said beside it ("don't introduce a Formatter class")
    example: str = ""
    new: str | None = None  # for switches: what is used now
    old: str | None = None  # for switches: what it replaced (None for "moved back to X")
    back: bool = False  # "moved back to X", "switched back"
    # said after "I changed my mind": takes back the earlier statement on its subject
    revises: bool = False
    # "node 20" for "we're on node 20 now": an upgrade of a memory naming another version of
    # "node", else what the kind says
    maybe_new: str | None = None
    # told done with no word of a plan ("We shipped 1.4 today!", "SOC2 evidence got submitted
    # this morning"): news of a remembered plan, kept only where one is planned
    of_plan: bool = False
    order: int = 0  # position in the gather stream; the final tie-breaker
    key: str = ""  # the clause that carries the statement, for matching (default: text)
    # the rest of the message of a bare "The new port is 8080": only it tells whose port that is
    said_with: str = ""
    # told as a correction ("Correction on the port: 5434.", read "The port is now 5434."):
    # what it puts right is something memory holds, though the words name nothing of it
    put_right: bool = False
    # the day a bare weekday said after "was" was read as ("The deadline was Friday", said on a
    # Thursday: the Friday gone by); one a week on may be a plan it confirms
    weekday_gone: date | None = None
    # the day a plan was on, told with the day it moved to ("The deadline was Friday, but now
    # it is Monday"): a weekday's name ("friday") or an ISO day, which of the plans moved
    moved_from: str | None = None
    # the weekday alone a plan was told moved to ("The demo moved to Thursday": "thursday"),
    # and whether it was told put later ("pushed", "postponed"): read against the plan's own day
    # once the plan is found, not only the day it was said
    weekday_to: tuple[str, bool] | None = None
    # the person's whole message, when they typed this one sentence and nothing else (set for a
    # sentence that may choose one thing over another only): a choice turned round is a change
    # of mind only where the message says no more than that. The sentence itself, not the
    # message's rest: a copy of that in each candidate grew by the square of a long message
    said_alone: str | None = None

    @property
    def match_text(self) -> str:
        return self.key or self.text


@dataclass(eq=False, repr=False)
class Cluster:
    """Candidates that say the same thing, possibly in several sessions."""

    members: list[Candidate]
    score: float = 0.0

    @property
    def latest(self) -> Candidate:
        return max(self.members, key=lambda c: (c.timestamp, c.order))

    @property
    def first(self) -> Candidate:
        return min(self.members, key=lambda c: (c.timestamp, c.order))

    @property
    def sessions(self) -> list[str]:
        return sorted({c.source.session_id for c in self.members})

    @property
    def kind(self) -> CandidateKind:
        return self.latest.kind

    @property
    def type(self) -> MemoryType:
        return self.latest.type


@dataclass(frozen=True)
class EngineOptions:
    """The local engine's knobs; the defaults are what a dream uses."""

    half_life_days: float = 30.0  # a statement's weight halves every this many days
    threshold: float = 0.5  # clusters scoring below this are not remembered
    recurrence_bonus: float = 0.15  # per extra session that repeats a statement
    recurrence_cap: float = 0.3
    match_similarity: float = 0.6  # candidate <-> existing entry, and candidate <-> candidate
    duplicate_similarity: float = 0.72  # existing entry <-> existing entry
    max_statements: int = 3  # statements kept per entry (newest first)
    max_sources: int = 10  # provenance kept per entry
    # A bare restatement rewrites its file only when it moves the entry's newest source on by
    # more than this: the newest source is the entry's recency (index trimming, conflicts), and
    # a week is fine-grained against the 30-day half-life; a restatement within it is only a
    # "confirmed" decision in the run record, not a one-line diff.
    restatement_refresh_days: int = 7
    index_max_lines: int = 200
    index_max_bytes: int = 25_000
    index_line_chars: int = 150
    # Share of the prior index entries a dream may lose (merged, pruned); the harness's check
    # refuses a run that loses more, so the engine keeps entries back instead. None: no limit.
    max_loss: float | None = 0.25
    # Memory files one dream may write or delete (the tools' budget, max_files_touched): past
    # it the lowest-ranked new memories are left out, not the whole dream failed. None: no cap.
    max_files_touched: int | None = None


@dataclass(eq=False, repr=False)
class ProjectFacts:
    """What the project's own files already say; memories that only restate it are pruned."""

    dependencies: set[str] = field(default_factory=set)  # lower-cased package names
    commands: set[str] = field(default_factory=set)  # make targets, npm scripts, entry points
    doc_lines: list[str] = field(default_factory=list)  # README / CLAUDE.md lines
    files: set[str] = field(default_factory=set)  # project-relative paths seen

    def is_empty(self) -> bool:
        return not (self.dependencies or self.commands or self.doc_lines or self.files)
