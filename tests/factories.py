"""Builders for realistic Claude Code transcripts and project layouts, shared by every test."""

from __future__ import annotations

import json
import os
import uuid as uuidlib
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from click.testing import Result

REPO_ROOT = Path(__file__).resolve().parent.parent


def _shared_transcripts() -> Path:
    """``../shared/data/real-transcripts`` beside the clone (CI), or beside an ancestor (a git
    worktree kept below the main checkout's parent)."""
    for parent in REPO_ROOT.parents:
        candidate = parent / "shared" / "data" / "real-transcripts"
        if candidate.is_dir():
            return candidate
    return REPO_ROOT.parent / "shared" / "data" / "real-transcripts"


SHARED_TRANSCRIPTS = _shared_transcripts()
# Tests on the real transcripts skip in a clone without ``../shared`` beside it, and fail there
# under AUTODREAM_REQUIRE_SHARED=1 (set by .ci/run), so CI can never pass by skipping them.
needs_real_transcripts = pytest.mark.skipif(
    not SHARED_TRANSCRIPTS.is_dir() and not os.environ.get("AUTODREAM_REQUIRE_SHARED"),
    reason=f"real transcripts not found at {SHARED_TRANSCRIPTS} (clone beside ../shared)",
)


def iso(dt: datetime) -> str:
    return dt.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.") + (
        f"{dt.microsecond // 1000:03d}Z"
    )


def parse_iso(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


@dataclass
class TranscriptBuilder:
    """Writes one Claude Code session the way Claude Code 2.1 does: one record per line."""

    session_id: str = field(default_factory=lambda: str(uuidlib.uuid4()))
    cwd: str = "/home/user/proj"
    start: datetime = field(default_factory=lambda: datetime(2026, 7, 1, 9, 0, tzinfo=UTC))
    git_branch: str = "main"
    records: list[dict[str, Any]] = field(default_factory=list)
    _t: datetime | None = None
    _parent: str | None = None

    def _now(self, advance_s: float) -> datetime:
        self._t = (self._t or self.start) + timedelta(seconds=advance_s)
        return self._t

    def _base(self, kind: str, advance_s: float) -> dict[str, Any]:
        uid = str(uuidlib.uuid4())
        rec = {
            "parentUuid": self._parent,
            "isSidechain": False,
            "userType": "external",
            "cwd": self.cwd,
            "sessionId": self.session_id,
            "version": "2.1.14",
            "gitBranch": self.git_branch,
            "type": kind,
            "uuid": uid,
            "timestamp": iso(self._now(advance_s)),
        }
        self._parent = uid
        return rec

    def user(self, text: str, advance_s: float = 60, **extra: Any) -> TranscriptBuilder:
        rec = self._base("user", advance_s)
        rec["message"] = {"role": "user", "content": text}
        rec.update(extra)
        self.records.append(rec)
        return self

    def assistant(self, text: str, advance_s: float = 5) -> TranscriptBuilder:
        rec = self._base("assistant", advance_s)
        rec["message"] = {
            "model": "claude-sonnet-4-5",
            "id": f"msg_{uuidlib.uuid4().hex[:20]}",
            "type": "message",
            "role": "assistant",
            "content": [{"type": "text", "text": text}],
            "stop_reason": None,
            "usage": {"input_tokens": 10, "output_tokens": 20},
        }
        self.records.append(rec)
        return self

    def tool_roundtrip(
        self, name: str, tool_input: dict[str, Any], result: str, advance_s: float = 3
    ) -> TranscriptBuilder:
        tool_id = f"toolu_{uuidlib.uuid4().hex[:20]}"
        rec = self._base("assistant", advance_s)
        rec["message"] = {
            "model": "claude-sonnet-4-5",
            "id": f"msg_{uuidlib.uuid4().hex[:20]}",
            "type": "message",
            "role": "assistant",
            "content": [{"type": "tool_use", "id": tool_id, "name": name, "input": tool_input}],
        }
        self.records.append(rec)
        res = self._base("user", 1)
        res["message"] = {
            "role": "user",
            "content": [{"tool_use_id": tool_id, "type": "tool_result", "content": result}],
        }
        self.records.append(res)
        return self

    def raw(self, record: dict[str, Any]) -> TranscriptBuilder:
        self.records.append(record)
        return self

    @property
    def end(self) -> datetime:
        return self._t or self.start

    def write(self, directory: Path, *, set_mtime: bool = True) -> Path:
        directory.mkdir(parents=True, exist_ok=True)
        path = directory / f"{self.session_id}.jsonl"
        with path.open("w", encoding="utf-8") as fh:
            for rec in self.records:
                fh.write(json.dumps(rec, ensure_ascii=False) + "\n")
        if set_mtime:
            ts = self.end.timestamp()
            os.utime(path, (ts, ts))
        return path


def sanitize(path: str) -> str:
    """Claude Code's project-dir naming, for fixtures (the real one is in the package)."""
    return "".join(c if c.isalnum() else "-" for c in path)


def project_dirs(root: Path, settings: str = "") -> Path:
    """``root`` laid out as sample_project is: project/, sessions/ and memory/, and an
    autodream.toml pointing at them, then ``settings`` (more TOML lines); returns ``root``."""
    for d in ("project", "sessions", "memory"):
        (root / d).mkdir(parents=True)
    (root / "autodream.toml").write_text(
        'project_root = "project"\nsessions_dir = "sessions"\nmemory_dir = "memory"\n'
        + settings, encoding="utf-8")
    return root


# the gates at their least, so a dream on each day's session runs
LEAST_GATES = 'backend = "local"\nmin_hours = 1\nmin_sessions = 1\nscan_interval_minutes = 1\n'


def project_with_one_session(root: Path, said: list[str] | tuple[str, ...], at: datetime) -> Path:
    """A project for the local backend (gates at their least) whose one session has the person
    say each of ``said``, the session dated an hour after ``at``; returns the session's path."""
    project_dirs(root, LEAST_GATES)
    (root / "project" / "README.md").write_text("# demo\n")
    b = TranscriptBuilder(cwd=str(root / "project"), start=at)
    for text in said:
        b.user(text)
    path = b.write(root / "sessions")
    os.utime(path, (at.timestamp() + 3600,) * 2)
    return path


def topic_texts(root: Path) -> dict[str, str]:
    """Each topic file of ``root``'s memory dir (MEMORY.md aside) by name, as its text."""
    return {p.name: p.read_text(encoding="utf-8") for p in sorted((root / "memory").glob("*.md"))
            if p.name != "MEMORY.md"}


def what_a_dream_kept(root: Path) -> str:
    """Every name and byte a dream left in the work dir, what the person wrote left out."""
    out = []
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root)
        if rel.parts[0] in ("sessions", "project"):
            continue
        out.append(str(rel))
        if path.is_file():
            out.append(path.read_bytes().decode("utf-8", "replace"))
    return "\n".join(out)


def run_cli(root: Path, *args: str, now: str = "2026-07-02T09:00:00Z", **env: str) -> Result:
    """``autodream ARGS --project ROOT`` as a person runs it, no API key nor setting of the
    caller's environment, the clock at ``now``; it must succeed."""
    from click.testing import CliRunner

    from autodream.cli import cli

    environ = {k: v for k, v in os.environ.items()
               if not k.startswith(("AUTODREAM_", "ANTHROPIC_"))}
    environ.update(AUTODREAM_NOW=now, **env)
    result = CliRunner().invoke(cli, [*args, "--project", str(root)], env=environ,
                                catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result


def say_on_day(root: Path, day: int, text: str) -> None:
    """A session of July ``day``, 2026, 09:00 in which the person says ``text``."""
    b = TranscriptBuilder(cwd=str(root / "project"),
                          start=datetime(2026, 7, day, 9, tzinfo=UTC))
    b.user(text).assistant("Got it, noted.")
    b.write(root / "sessions")


def dream_on_day(root: Path, day: int) -> None:
    """``autodream --force`` on the evening of July ``day`` (1 to 9), 2026."""
    run_cli(root, "--force", now=f"2026-07-0{day}T20:00:00+00:00")


def told_day_by_day(root: Path, *said: str) -> Path:
    """``root`` (a project with the gates at their least) told ``said[0]`` on July 1,
    ``said[1]`` on July 2, ..., a dream each evening; returns ``root``."""
    project_dirs(root, LEAST_GATES)
    for day, text in enumerate(said, 1):
        say_on_day(root, day, text)
        dream_on_day(root, day)
    return root
