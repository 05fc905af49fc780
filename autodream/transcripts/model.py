"""The one model every transcript reader produces.

CONTRACT (shared): readers yield ``Message`` values one at a time (streaming) and fill a
``ReadStats`` as they go; a bad line is counted in ``ReadStats.skipped`` and never raised.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Literal

from autodream import rx

Role = Literal["user", "assistant", "system"]
# prompt: words a person typed; text: assistant prose; tool_use / tool_result: tool traffic;
# thinking: assistant reasoning; summary: a compaction or summary record; meta: injected
# context that is not the person's words (system reminders, command wrappers, AGENTS.md).
MessageKind = Literal["prompt", "text", "tool_use", "tool_result", "thinking", "summary", "meta"]
SessionSource = Literal["claude-code", "codex", "markdown"]


# A main session transcript is ``<uuid>.jsonl``; ``agent-*.jsonl`` and anything else is not.
SESSION_FILE_NAME = rx.compile(
    r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\.jsonl"
)


# A Markdown daily log is ``YYYY-MM-DD.md`` (in the memory dir, ``logs/YYYY/MM/`` or a
# project's ``memory/``): the person's or their agent's notes, read like a transcript, never a
# topic file and never rewritten. One definition for the scan, the tools, the engine and the
# checks, so they agree on what a daily log is.
_DAILY_LOG_NAME = rx.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}\.md")


def is_daily_log_name(name: str) -> bool:
    """``YYYY-MM-DD.md``, the file name alone."""
    return len(name) == 13 and _DAILY_LOG_NAME.fullmatch(name) is not None


def is_session_name(name: str) -> bool:
    """``<uuid>.jsonl``: the only files that count as sessions."""
    return SESSION_FILE_NAME.fullmatch(name) is not None


@dataclass(frozen=True)
class Message:
    """One message of a transcript, as the readers give it."""

    session_id: str
    role: Role
    kind: MessageKind
    text: str
    timestamp: datetime | None  # timezone-aware UTC when the record has one
    uuid: str | None = None
    line_no: int = 0  # 1-based line in the source file
    is_sidechain: bool = False
    tool_name: str | None = None  # for tool_use (and tool_result when the call was seen)
    # the API message id (Claude Code splits one assistant response over several records that
    # share it; group by it to rebuild the response)
    message_id: str | None = None

    @property
    def is_human(self) -> bool:
        """True when a person wrote this: the only text the engine learns preferences from."""
        return self.role == "user" and self.kind == "prompt" and not self.is_sidechain


@dataclass(eq=False, repr=False)
class ReadStats:
    """What a read of a transcript went through: lines, records, bytes and what it skipped."""

    lines: int = 0
    records: int = 0
    bytes_read: int = 0
    skipped: Counter[str] = field(default_factory=Counter)  # reason -> count
    # byte offset just past the last complete line read: where an incremental read resumes
    end_offset: int = 0
    # 1-based number of the last complete line read (0 when none): resume with start_line + 1
    last_line: int = 0
    types: Counter[str] = field(default_factory=Counter)  # record type -> count (parsed records)
    messages: int = 0  # Message values yielded
    pending_bytes: int = 0  # bytes of a final line without its newline, left for the next read

    @property
    def skipped_total(self) -> int:
        return sum(self.skipped.values())


@dataclass
class SessionInfo:
    """What is known of a session file without reading it through."""

    id: str
    path: Path
    source: SessionSource
    size: int
    mtime: float
    cwd: str | None = None
    git_branch: str | None = None
    started: datetime | None = None
    ended: datetime | None = None
    # for a subagent transcript: the id of the session that spawned it
    parent_id: str | None = None
