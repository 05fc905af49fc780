"""A throwaway Claude Code layout (project, ~/.claude, memory and sessions dirs) for gate tests."""

from __future__ import annotations

import os
import subprocess
import sys
import uuid
from dataclasses import dataclass
from pathlib import Path

from autodream.config import sanitize
from autodream.settings import FixedClock, Settings
from tests.factories import REPO_ROOT

T0 = 1_780_000_000.0  # a fixed "now" for tests (2026-05-28)


@dataclass
class Layout:
    project: Path
    claude_home: Path

    @property
    def memory_dir(self) -> Path:
        return self.claude_home / "projects" / sanitize(str(self.project)) / "memory"

    @property
    def sessions_dir(self) -> Path:
        return self.claude_home / "projects" / sanitize(str(self.project))

    @property
    def lock_path(self) -> Path:
        return self.memory_dir / ".consolidate-lock"

    def env(self, **extra: str) -> dict[str, str]:
        """A clean environment: no AUTODREAM_* or API key from the caller, our ~/.claude."""
        env = {
            k: v
            for k, v in os.environ.items()
            if not k.startswith("AUTODREAM_") and k not in ("ANTHROPIC_API_KEY",)
        }
        env["CLAUDE_CONFIG_DIR"] = str(self.claude_home)
        env["PYTHONPATH"] = str(REPO_ROOT)
        env.update(extra)
        return env

    def settings(self, now: float = T0, **overrides: object) -> Settings:
        return Settings.resolve(
            self.project, overrides=overrides, env=self.env(), clock=FixedClock(now)
        )

    def set_lock(self, mtime: float, body: str = "") -> None:
        self.memory_dir.mkdir(parents=True, exist_ok=True)
        self.lock_path.write_text(body)
        os.utime(self.lock_path, (mtime, mtime))

    def hold_lock(
        self, mtime: float, *, prior_mtime: float | None = None, run_id: str | None = None
    ) -> None:
        """The lock taken at ``mtime`` by this test process (alive: its hold counts), with the
        mtime it found (``prior_mtime``) where given."""
        from autodream.lock import LockBody, this_host
        from autodream.procs import process_start_time

        body = LockBody(os.getpid(), started=process_start_time(os.getpid()), host=this_host(),
                        prior_mtime_ns=None if prior_mtime is None else int(prior_mtime * 1e9),
                        prior_known=prior_mtime is not None, run_id=run_id)
        self.set_lock(mtime, body.render())

    def add_session(self, mtime: float, session_id: str | None = None) -> str:
        session_id = session_id or str(uuid.uuid4())
        self.sessions_dir.mkdir(parents=True, exist_ok=True)
        path = self.sessions_dir / f"{session_id}.jsonl"
        path.write_text('{"type":"user","message":{"role":"user","content":"hi"}}\n')
        os.utime(path, (mtime, mtime))
        return session_id


def make_layout(tmp_path: Path) -> Layout:
    project = tmp_path / "proj"
    project.mkdir()
    home = tmp_path / "claude-home"
    home.mkdir()
    return Layout(project.resolve(), home.resolve())


def run_cli(
    layout: Layout, *args: str, env: dict[str, str] | None = None, timeout: float = 60
) -> subprocess.CompletedProcess[str]:
    """``python -m autodream.cli ...`` in a real process, as a user would run it."""
    return subprocess.run(
        [sys.executable, "-m", "autodream.cli", *args],
        cwd=layout.project,
        env=env or layout.env(),
        capture_output=True,
        text=True,
        timeout=timeout,
        stdin=subprocess.DEVNULL,
    )
