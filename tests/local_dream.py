"""Drive the local backend over a real sandboxed ToolBox, the way the dream pipeline does."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from autodream.agent import AgentRun, Budgets, DreamBrief, drive
from autodream.backends.local import LocalBackend
from autodream.engine import EngineOptions
from autodream.sandbox import Sandbox
from autodream.tools import ToolBox, ToolLimits
from autodream.transcripts.model import SessionInfo
from autodream.transcripts.reader import read_session_info


@dataclass
class LocalDream:
    memory: Path
    sessions: Path
    project: Path | None
    trash: Path
    now: datetime
    options: EngineOptions = field(default_factory=EngineOptions)
    start_offsets: dict[str, int] = field(default_factory=dict)
    settings: object = None  # what LocalBackend reads of Settings (e.g. date_order)

    def run(self, session_files: list[Path] | None = None, limits: ToolLimits | None = None,
            missing: list[str] = ()) -> tuple[LocalBackend, ToolBox, AgentRun]:  # type: ignore[assignment]
        files = session_files if session_files is not None else sorted(
            self.sessions.glob("*.jsonl"))
        infos = []
        for path in files:
            info = read_session_info(path)
            info.path = Path(f"sessions/{os.path.relpath(path, self.sessions)}")
            infos.append(info)
        for vpath in missing:
            infos.append(SessionInfo(id=Path(vpath).stem, path=Path(vpath), source="claude-code",
                                     size=0, mtime=0.0))
        brief = DreamBrief(run_id="test", now=self.now, sessions=infos,
                           start_offsets=dict(self.start_offsets))
        box = ToolBox(Sandbox(self.memory, self.sessions, self.project), self.trash,
                      limits or ToolLimits(max_read_bytes=None))
        backend = LocalBackend(self.settings, box, options=self.options)
        run = drive(backend, box, brief, Budgets())
        return backend, box, run


def memory_text(memory: Path) -> dict[str, bytes]:
    return {str(p.relative_to(memory)): p.read_bytes() for p in sorted(memory.rglob("*"))
            if p.is_file() and not any(part.startswith(".") for part in
                                       p.relative_to(memory).parts)}
