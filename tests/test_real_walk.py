"""The local engine walked over the real Claude Code transcripts, as the person who had those
sessions would read the memory it leaves (../shared/data/real-transcripts)."""

from __future__ import annotations

import shutil
from datetime import datetime, timezone
from pathlib import Path

from tests.engine_helpers import candidates
from tests.factories import SHARED_TRANSCRIPTS, needs_real_transcripts
from tests.local_dream import LocalDream

COMMUGRAPH = "claude-code-2.0/ab51623b-c26d-45f5-b98e-f9d0cfa17018.jsonl"
# (a day after the session's last record, 2025-12-11T00:29Z)
AFTER = datetime(2025, 12, 12, 9, 0, tzinfo=timezone.utc)


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

