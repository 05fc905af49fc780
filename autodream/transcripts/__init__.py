"""Readers that turn agent transcripts into one ``Session``/``Message`` model, streaming.

``iter_messages(path)`` reads Claude Code JSONL, Codex CLI rollouts and Markdown daily logs;
``read_session_info(path)`` looks only at a file's first records and last line;
``discover_sessions(dir)`` lists sessions with their subagent transcripts; ``OffsetStore``
remembers how far each transcript was read.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from autodream.transcripts.model import Message, ReadStats, SessionInfo, is_session_name
from autodream.transcripts.offsets import OffsetStore, Position
from autodream.transcripts.reader import (
    detect_source,
    iter_messages,
    iter_stream_messages,
    read_session_info,
)

if TYPE_CHECKING:
    from autodream.transcripts.discovery import (
        SessionFiles,
        discover_codex_rollouts,
        discover_daily_logs,
        discover_sessions,
    )

__all__ = [
    "Message",
    "OffsetStore",
    "Position",
    "ReadStats",
    "SessionFiles",
    "SessionInfo",
    "detect_source",
    "discover_codex_rollouts",
    "discover_daily_logs",
    "discover_sessions",
    "is_session_name",
    "iter_messages",
    "iter_stream_messages",
    "read_session_info",
]

_DISCOVERY = frozenset(
    {"SessionFiles", "discover_codex_rollouts", "discover_daily_logs", "discover_sessions"})


def __getattr__(name: str) -> object:
    # Listing a sessions dir is the CLI's and the tests': a dream finds its sessions through the
    # gates and the offsets, and a second dream in a fresh process is mostly imports (issue #4),
    # so the module loads when one of its names is first asked for.
    if name in _DISCOVERY:
        from autodream.transcripts import discovery

        return getattr(discovery, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    # (the names loaded when first asked for are listed as every other: completion, help())
    return sorted({*globals(), *__all__})
