"""Finding transcripts on disk: sessions and the subagent transcripts that belong to them.

Only ``<uuid>.jsonl`` directly in the sessions dir counts as a session. Subagent transcripts
live in ``<uuid>/subagents/agent-*.jsonl`` (Claude Code 2.1) or, in older versions, as
``agent-*.jsonl`` beside the sessions; those name their parent only in their records'
``sessionId``, so the first line of each is read.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path

from autodream.transcripts.markdown import is_daily_log
from autodream.transcripts.model import is_session_name

_FIRST_LINE_BYTES = 256 * 1024


@dataclass(eq=False, repr=False)
class SessionFiles:
    """One session transcript and its subagents' transcripts (sorted by name)."""

    id: str
    path: Path
    subagents: list[Path] = field(default_factory=list)


def _parent_of(agent_file: Path) -> str | None:
    try:
        with agent_file.open("rb") as fh:
            line = fh.readline(_FIRST_LINE_BYTES)
        record = json.loads(line)
    except (OSError, ValueError, RecursionError):
        return None
    session = record.get("sessionId") if isinstance(record, dict) else None
    return session if isinstance(session, str) else None


def discover_sessions(sessions_dir: str | os.PathLike[str]) -> list[SessionFiles]:
    """Every session in ``sessions_dir`` with its subagent transcripts, sorted by session id.

    A missing directory has no sessions. Old-layout subagent files whose parent session is not
    in the directory are left out.
    """
    root = Path(sessions_dir)
    sessions: dict[str, SessionFiles] = {}
    loose_agents: list[Path] = []
    try:
        entries = sorted(os.scandir(root), key=lambda e: e.name)
    except (FileNotFoundError, NotADirectoryError):
        return []
    for entry in entries:
        if entry.is_file(follow_symlinks=False):
            if is_session_name(entry.name):
                sid = entry.name.removesuffix(".jsonl")
                sessions[sid] = SessionFiles(sid, Path(entry.path))
            elif entry.name.startswith("agent-") and entry.name.endswith(".jsonl"):
                loose_agents.append(Path(entry.path))
    for sid, files in sessions.items():
        sub = root / sid / "subagents"
        if sub.is_dir():
            files.subagents.extend(sorted(sub.glob("agent-*.jsonl")))
    for agent in loose_agents:
        parent = _parent_of(agent)
        if parent is not None and parent in sessions:
            sessions[parent].subagents.append(agent)
    for files in sessions.values():
        files.subagents.sort()
    return [sessions[sid] for sid in sorted(sessions)]


def unrecognised_transcripts(sessions_dir: str | os.PathLike[str]) -> list[str]:
    """``.jsonl`` files directly in ``sessions_dir`` that no reader takes as a session (not
    ``<uuid>.jsonl``, ``agent-*.jsonl`` or ``rollout-*.jsonl``): a renamed or copied transcript
    is not read, and ``status`` says so rather than leave the user guessing."""
    try:
        names = sorted(e.name for e in os.scandir(sessions_dir)
                       if e.name.endswith(".jsonl") and e.is_file())
    except OSError:  # missing, or unreadable: status says so on its scan line
        return []
    return [n for n in names if not is_session_name(n)
            and not n.startswith(("agent-", "rollout-"))]


def discover_codex_rollouts(codex_dir: str | os.PathLike[str]) -> list[Path]:
    """``rollout-*.jsonl`` under a Codex sessions dir (``YYYY/MM/DD/``), oldest name first."""
    root = Path(codex_dir)
    if not root.is_dir():
        return []
    return sorted(root.rglob("rollout-*.jsonl"))


def discover_daily_logs(root: str | os.PathLike[str]) -> list[Path]:
    """``logs/YYYY/MM/YYYY-MM-DD.md`` and ``memory/YYYY-MM-DD.md`` under ``root``, by date."""
    base = Path(root)
    found = [*base.glob("logs/[0-9]*/[0-9]*/*.md"), *base.glob("memory/*.md")]
    return sorted((p for p in found if is_daily_log(p.name)), key=lambda p: (p.name, str(p)))
