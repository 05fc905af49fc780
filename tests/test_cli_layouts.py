"""A memory dir and a sessions dir that overlap: the sessions dir inside the memory dir, or the
two the same. A dream took the transcripts for memory files (reading no session, calling each a
memory with a secret) and a scrub rewrote a Claude Code transcript, while ``status`` said all
gates open. Both now refuse with one line, and ``status`` names it."""

from __future__ import annotations

import os
from datetime import UTC, datetime
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from autodream.cli import cli
from tests.claude_layout import make_layout
from tests.factories import TranscriptBuilder

SAID_AT = datetime(2026, 7, 1, 9, 0, tzinfo=UTC)
PASSWORD = "Tr0ub4dor-and-3-horses-battery"


def _project(root: Path, sessions_dir: str) -> Path:
    """The audit's project with ``sessions_dir`` as given; the path of its one session, which
    says a password."""
    for folder in ("project", "memory", sessions_dir):
        (root / folder).mkdir(parents=True, exist_ok=True)
    (root / "autodream.toml").write_text(
        f'project_root = "project"\nsessions_dir = "{sessions_dir}"\nmemory_dir = "memory"\n'
        'backend = "local"\nmin_hours = 1\nmin_sessions = 1\nscan_interval_minutes = 1\n')
    build = TranscriptBuilder(cwd=str(root / "project"), start=SAID_AT)
    build.user(f"We use postgres 16; the staging password is {PASSWORD}.").assistant("Noted.")
    return build.write(root / sessions_dir)


def _run(root: Path, *args: str, stdin: str | None = None) -> Result:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("AUTODREAM_", "ANTHROPIC_"))}
    env.update(AUTODREAM_NOW="2026-07-01T20:00:00+00:00")
    return CliRunner().invoke(cli, [*args, "--project", str(root)], env=env, input=stdin,
                              catch_exceptions=False)


@pytest.mark.parametrize(("sessions_dir", "said"), [
    ("memory/sessions", "sessions_dir {root}/memory/sessions (in {root}/autodream.toml) is "
                        "inside memory_dir {root}/memory (in {root}/autodream.toml)"),
    ("memory", "memory_dir {root}/memory (in {root}/autodream.toml) and sessions_dir "
               "{root}/memory (in {root}/autodream.toml) are the same directory"),
])
def test_a_sessions_dir_in_the_memory_dir_is_refused_and_named(
        tmp_path: Path, sessions_dir: str, said: str) -> None:
    transcript = _project(tmp_path, sessions_dir)
    before = transcript.read_bytes()
    error = (said.format(root=tmp_path) + ": autodream would take the transcripts for memory "
             "files (and a scrub would rewrite them); set sessions_dir to the folder Claude "
             "Code writes them in, outside the memory dir")

    status = _run(tmp_path, "status")
    dreamt = _run(tmp_path, "--force")
    scrubbed = _run(tmp_path, "scrub", stdin=PASSWORD)

    assert f"problem:      {error} (a dream fails, exit 3)\n" in status.output
    assert "verdict:      a dream would fail (the problem above)" in status.output
    assert (dreamt.exit_code, dreamt.output) == (3, f"Error: {error}\n")
    assert (scrubbed.exit_code, scrubbed.output) == (3, f"Error: {error}\n")
    assert transcript.read_bytes() == before
    assert sorted(p.name for p in (tmp_path / "memory").iterdir()) == (
        ["sessions"] if sessions_dir == "memory/sessions" else [transcript.name])


def test_claude_codes_own_layout_the_memory_dir_inside_the_sessions_dir_is_no_problem(
        tmp_path: Path) -> None:
    layout = make_layout(tmp_path)
    assert layout.memory_dir.parent == layout.sessions_dir
    layout.memory_dir.mkdir(parents=True)
    build = TranscriptBuilder(cwd=str(layout.project), start=SAID_AT)
    build.user("We use postgres 16 for the main database.").assistant("Noted.")
    build.write(layout.sessions_dir)
    env = layout.env(AUTODREAM_NOW="2026-07-01T20:00:00+00:00")

    status = CliRunner().invoke(cli, ["status", "--project", str(layout.project)], env=env)
    dreamt = CliRunner().invoke(cli, ["--force", "--project", str(layout.project)], env=env)

    assert status.exit_code == 0 and "problem:" not in status.output, status.output
    assert "a dream would fail" not in status.output
    assert dreamt.exit_code == 0 and (
        "\ncommitted: local engine, 1 session read: 1 created") in dreamt.output, dreamt.output
    assert "Postgres 16" in (layout.memory_dir / "MEMORY.md").read_text()
