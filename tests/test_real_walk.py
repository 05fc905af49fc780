"""The local engine walked over the real Claude Code transcripts, as the person who had those
sessions would read the memory it leaves (../shared/data/real-transcripts)."""

from __future__ import annotations

import os
import shutil
from datetime import UTC, datetime
from pathlib import Path

from click.testing import CliRunner

from autodream.cli import cli
from tests.engine_helpers import candidates
from tests.factories import SHARED_TRANSCRIPTS, needs_real_transcripts
from tests.local_dream import LocalDream

COMMUGRAPH = "claude-code-2.0/ab51623b-c26d-45f5-b98e-f9d0cfa17018.jsonl"
# (a day after the session's last record, 2025-12-11T00:29Z)
AFTER = datetime(2025, 12, 12, 9, 0, tzinfo=UTC)


def _real(relative: str) -> Path:
    """A file of the shared transcripts, from /work/main or a worktree below it."""
    for base in (SHARED_TRANSCRIPTS, *(p / "shared" / "data" / "real-transcripts"
                                      for p in Path(__file__).resolve().parents)):
        if (base / relative).is_file():
            return base / relative
    raise FileNotFoundError(relative)


def _dream_over(tmp_path: Path, *relatives: str) -> dict[str, str]:
    sessions = tmp_path / "sessions"
    sessions.mkdir()
    for relative in relatives:
        shutil.copyfile(_real(relative), sessions / Path(relative).name)
    memory = tmp_path / "memory"
    memory.mkdir()
    LocalDream(memory, sessions, None, tmp_path / "trash", AFTER).run()
    return {p.name: p.read_text() for p in memory.glob("*.md")}


@needs_real_transcripts
def test_the_stack_the_person_ruled_on_is_remembered(tmp_path: Path) -> None:
    # The person opened the CommuGraph session with the stack the project is to have; its
    # rule ("There will be no Python, no FastAPI, and no external backend service.") was read
    # as nothing and the dream left the memory empty.
    memory = _dream_over(tmp_path, COMMUGRAPH)
    kept = [name for name, text in memory.items() if name != "MEMORY.md" and (
        "There will be no Python, no FastAPI, and no external backend service." in text)]
    assert kept, sorted(memory)


def test_things_ruled_out_are_a_rule_and_things_found_missing_are_not() -> None:
    assert [c.text for c in candidates(
        "There will be no Python, no FastAPI, and no external backend service.")] == [
        "There will be no Python, no FastAPI, and no external backend service."]
    # (what a run turned up, not a rule)
    assert candidates("There are no errors, no warnings.") == []
    assert candidates("There will be no standup tomorrow.") == []


@needs_real_transcripts
def test_a_first_dream_that_finds_nothing_does_not_say_it_starts_memory(tmp_path: Path) -> None:
    # "Read src/main.py and add a docstring to the top. Then stop." is all the person said;
    # the dream printed "no-change: ... 0 topic files written" and, beside it, "note: ...
    # holds no memory yet; this dream starts one", though the memory dir was left empty.
    sessions = tmp_path / "sessions"
    sessions.mkdir()
    # (named as Claude Code names it, by its sessionId)
    shutil.copyfile(_real("claude-code-2.1/stop-hook-uncommitted-changes.jsonl"),
                    sessions / "e4743781-d0f5-4f75-b17c-6d22d30c5885.jsonl")
    (tmp_path / "memory").mkdir()
    (tmp_path / "autodream.toml").write_text(
        'sessions_dir = "sessions"\nmemory_dir = "memory"\nbackend = "local"\n',
        encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("AUTODREAM_", "ANTHROPIC_"))}
    env["AUTODREAM_NOW"] = "2026-01-22T09:00:00Z"
    result = CliRunner().invoke(cli, ["--force", "--project", str(tmp_path)], env=env)
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("no-change:"), result.stdout
    assert not list((tmp_path / "memory").glob("*.md"))
    assert "this dream starts one" not in result.stderr
    assert (f"note: {tmp_path / 'memory'} holds no memory yet, and this dream found nothing "
            "to start it with") in result.stderr
