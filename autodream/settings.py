"""One ``Settings`` value: where memory, sessions and the project live, thresholds, backend, clock.

CONTRACT (shared by every room; fields may be added, not renamed):
``Settings.resolve(project, overrides=..., env=...)`` applies, in order of precedence,
CLI flags (``overrides``), ``AUTODREAM_*`` environment variables, ``autodream.toml`` in the
project (or ``[tool.autodream]`` in its ``pyproject.toml``), then defaults; discovery follows
Claude Code's layout. Implemented in the gate-chain issue.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Protocol

STATE_DIRNAME = ".autodream"
LOCK_FILENAME = ".consolidate-lock"
INDEX_FILENAME = "MEMORY.md"


class Clock(Protocol):
    """Seconds since the epoch; replay and tests move it without sleeping."""

    def now(self) -> float: ...


class SystemClock:
    def now(self) -> float:
        return time.time()

    def __repr__(self) -> str:
        return "SystemClock()"


class FixedClock:
    """A clock that stands still until moved."""

    def __init__(self, t: float) -> None:
        self.t = float(t)

    def now(self) -> float:
        return self.t

    def advance(self, seconds: float) -> None:
        self.t += seconds

    def set(self, t: float) -> None:
        self.t = float(t)

    def __repr__(self) -> str:
        return f"FixedClock({self.t!r})"


@dataclass(frozen=True)
class Settings:
    project_root: Path
    memory_dir: Path
    sessions_dir: Path
    min_hours: float = 24.0
    min_sessions: int = 5
    scan_interval_minutes: float = 10.0
    lock_ttl_minutes: float = 60.0
    # "auto": anthropic when an API key is present, else local (and say so)
    backend: str = "auto"
    model: str = "claude-haiku-4-5"
    base_url: str | None = None
    api_key: str | None = field(default=None, repr=False)
    max_turns: int = 30
    max_tool_output_bytes: int = 16_000
    max_read_bytes: int = 8_000_000
    max_write_bytes: int = 100_000
    max_files_touched: int = 200
    max_input_tokens: int = 400_000
    max_output_tokens: int = 40_000
    max_cost_usd: float = 0.50
    allow_loss: bool = False
    clock: Clock = field(default_factory=SystemClock, compare=False)
    config_path: Path | None = None

    @property
    def state_dir(self) -> Path:
        """autodream's hidden state: journal, trash, stamps, logs. Never loaded by the agent."""
        return self.memory_dir / STATE_DIRNAME

    @property
    def lock_path(self) -> Path:
        return self.memory_dir / LOCK_FILENAME

    @property
    def index_path(self) -> Path:
        return self.memory_dir / INDEX_FILENAME

    def now(self) -> float:
        return self.clock.now()

    def now_dt(self) -> datetime:
        return datetime.fromtimestamp(self.clock.now(), tz=timezone.utc)
