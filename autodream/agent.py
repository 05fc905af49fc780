"""Drives a backend through the sandboxed tools, phase by phase, within turn and token budgets.

CONTRACT (shared): a backend is anything with ``start(brief, tools)`` and
``next(results, note)``; it answers each turn with tool calls or a final message. The local
engine and the Claude backend plug in here unchanged; tests use a scripted backend.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol

from autodream.errors import BudgetExceeded, DreamFailed
from autodream.transcripts.model import SessionInfo

PHASES: tuple[str, ...] = ("orient", "gather", "consolidate", "prune")
WRITE_PHASES: frozenset[str] = frozenset({"consolidate", "prune"})


@dataclass(frozen=True, eq=False)
class ToolSpec:
    """A tool as a backend offers it to the model: name, description, JSON schema."""

    name: str
    description: str
    input_schema: dict[str, Any]


@dataclass(frozen=True, eq=False)
class ToolCall:
    """One tool call a backend asked for, not yet validated."""

    id: str
    name: str
    input: Any  # as the model sent it; the toolbox validates (it may not even be a dict)


@dataclass(frozen=True, eq=False)
class ToolResult:
    """What a tool call returned, as the backend sends it back."""

    call_id: str
    content: str
    is_error: bool = False


@dataclass
class Usage:
    """Tokens a backend spent, as the Messages API counts them."""

    input_tokens: int = 0
    output_tokens: int = 0
    cache_creation_input_tokens: int = 0
    cache_read_input_tokens: int = 0
    cost_usd: float = 0.0
    requests: int = 0

    def add(self, other: Usage) -> None:
        self.input_tokens += other.input_tokens
        self.output_tokens += other.output_tokens
        self.cache_creation_input_tokens += other.cache_creation_input_tokens
        self.cache_read_input_tokens += other.cache_read_input_tokens
        self.cost_usd += other.cost_usd
        self.requests += other.requests

    def as_dict(self) -> dict[str, Any]:
        return {
            "input_tokens": self.input_tokens,
            "output_tokens": self.output_tokens,
            "cache_creation_input_tokens": self.cache_creation_input_tokens,
            "cache_read_input_tokens": self.cache_read_input_tokens,
            "cost_usd": round(self.cost_usd, 6),
            "requests": self.requests,
        }


@dataclass(frozen=True, eq=False)
class BackendReply:
    """One turn of a backend: the tool calls it wants run, its text, what it cost."""

    tool_calls: list[ToolCall]
    text: str = ""
    usage: Usage = field(default_factory=Usage)


@dataclass(frozen=True, eq=False)
class DreamBrief:
    """What the harness tells the subagent before its first turn."""

    run_id: str
    now: datetime  # the dream's clock, timezone-aware UTC
    # sessions to review (touched since the last dream); ``path`` is the virtual tool path,
    # e.g. ``sessions/<uuid>.jsonl``, never a real filesystem path
    sessions: list[SessionInfo]
    digest: str = ""  # compact account of what is new since the last dream (may be empty)
    # virtual path -> byte offset where the new part of that transcript starts (incremental reads)
    start_offsets: dict[str, int] = field(default_factory=dict)
    index_max_lines: int = 200
    index_max_bytes: int = 25_000
    # memory files (relative to the memory root) to leave exactly as they are: each symlink in
    # memory, and a memory file one points at (deleting or renaming it would leave the link
    # dangling)
    kept_as_is: frozenset[str] = frozenset()
    # memory names that are no regular file (a named pipe, socket or device): not staged, never
    # opened; a dream keeps them and their index lines as they are
    not_regular: frozenset[str] = frozenset()
    # those of them that are files the dream could not read (no permission): said so, not as
    # a pipe or device
    unreadable: frozenset[str] = frozenset()
    # a dry run records nothing: what it says the next dream does is what a real one would leave
    dry_run: bool = False
    # how many of the person's days in figures earlier dreams read day first ("dmy", "30/11")
    # and month first ("mdy"): each dream reads only its own sessions, and "08/12" next week is
    # read in the order "30/11" showed
    date_orders: dict[str, int] = field(default_factory=dict)
    # sessions whose requests to forget `autodream undo` took back: read again, not carried out
    forgets_undone: frozenset[str] = frozenset()
    # from the journal: the name each topic file had when a dream last wrote it, and the
    # memory files the dreams left; what differs from them now is the person's doing
    dreamed_names: dict[str, str] = field(default_factory=dict)
    dreamed_files: frozenset[str] = frozenset()
    # the project's folder name ('acme-api'): a title on top of MEMORY.md may call the memory by
    # it ('# acme-api memories'), the index's title then, not the section of the note under it
    project_name: str = ""
    roots: dict[str, str] = field(
        default_factory=lambda: {
            "memory": "the memory directory (staging copy; the only writable root; its "
            "YYYY-MM-DD.md files are daily logs: read-only)",
            "sessions": "the session transcripts (read-only)",
            "project": "the project's files (read-only)",
        }
    )


class Backend(Protocol):
    name: str
    model: str | None

    def start(self, brief: DreamBrief, tools: list[ToolSpec]) -> None: ...

    def next(self, results: list[ToolResult], note: str | None = None) -> BackendReply:
        """One turn: ``results`` answer the previous reply's tool calls ([] on the first turn);
        ``note`` is a harness message to the model (e.g. a reminder to call ``finish``)."""
        ...


class ToolRunner(Protocol):
    """What the driver needs of ``tools.ToolBox``."""

    @property
    def finished(self) -> bool: ...

    def specs(self) -> list[ToolSpec]: ...

    def call(self, call: ToolCall) -> ToolResult: ...


@dataclass(frozen=True)
class Budgets:
    """Limits of one dream's agent loop; reaching one ends the dream as failed."""

    max_turns: int = 30
    max_input_tokens: int = 400_000
    max_output_tokens: int = 40_000
    max_cost_usd: float = 0.50


@dataclass(eq=False, repr=False)
class AgentRun:
    """What the agent loop did: turns taken, tokens spent, the backend's last words."""

    turns: int = 0
    usage: Usage = field(default_factory=Usage)
    final_text: str = ""


FINISH_REMINDER = (
    "You ended your turn without calling `finish`. Continue the current phase, or call "
    "`finish` with a summary when the memory directory is consolidated."
)


def drive(backend: Backend, tools: ToolRunner, brief: DreamBrief, budgets: Budgets,
          run: AgentRun | None = None) -> AgentRun:
    """Run the backend until it calls ``finish``; raise ``BudgetExceeded`` when a budget runs out.

    Tool errors never end the run (the model reads them and goes on); budgets and backend
    exceptions do, and the caller rolls everything back. ``run``, when given, is filled in as
    the turns go: after an exception it still holds what was spent (billed turns are paid for
    whether the dream succeeds or not, and the run record must say so).
    """
    run = AgentRun() if run is None else run
    backend.start(brief, tools.specs())
    results: list[ToolResult] = []
    note: str | None = None
    idle_turns = 0
    while True:
        if run.turns >= budgets.max_turns:
            raise BudgetExceeded(f"turn budget exhausted: {budgets.max_turns} turns without finish")
        reply = backend.next(results, note)
        run.turns += 1
        run.usage.add(reply.usage)
        if reply.text:
            run.final_text = reply.text
        _check_token_budgets(run.usage, budgets)
        if not reply.tool_calls:
            idle_turns += 1
            if idle_turns >= 3:
                raise DreamFailed("the subagent stopped three times without calling finish")
            results, note = [], FINISH_REMINDER
            continue
        idle_turns = 0
        note = None
        results = []
        for call in reply.tool_calls:
            results.append(tools.call(call))
            if tools.finished:
                return run


def _check_token_budgets(usage: Usage, budgets: Budgets) -> None:
    spent_in = (
        usage.input_tokens + usage.cache_creation_input_tokens + usage.cache_read_input_tokens
    )
    if spent_in > budgets.max_input_tokens:
        raise BudgetExceeded(
            f"input token budget exceeded: {spent_in} > {budgets.max_input_tokens}"
        )
    if usage.output_tokens > budgets.max_output_tokens:
        raise BudgetExceeded(
            f"output token budget exceeded: {usage.output_tokens} > {budgets.max_output_tokens}"
        )
    if usage.cost_usd > budgets.max_cost_usd:
        raise BudgetExceeded(
            f"cost budget exceeded: ${usage.cost_usd:.4f} > ${budgets.max_cost_usd:.2f}"
        )
