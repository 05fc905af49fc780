"""A person edits MEMORY.md while a dream runs: the dream commits nothing and says what to do."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from autodream import errors
from autodream.cli import cli
from autodream.memory import commit as commit_mod

NOW = "2026-07-10T10:00:00+00:00"
HAND_EDIT = "- a line the person added by hand while the dream ran\n"


def _edit_memory_before_commit(monkeypatch: pytest.MonkeyPatch, memory: Path) -> None:
    real_commit = commit_mod.commit

    def person_edits_then_commit(*args: Any, **kwargs: Any) -> Any:
        with open(memory / "MEMORY.md", "a", encoding="utf-8") as fh:
            fh.write(HAND_EDIT)
        return real_commit(*args, **kwargs)

    monkeypatch.setattr(commit_mod, "commit", person_edits_then_commit)


@pytest.mark.parametrize("as_json", [False, True])
def test_memory_edited_mid_dream_tells_the_person_to_run_it_again(
        sample: Path, monkeypatch: pytest.MonkeyPatch, as_json: bool) -> None:
    memory = sample / "memory"
    _edit_memory_before_commit(monkeypatch, memory)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("AUTODREAM_", "ANTHROPIC_"))}
    env.update(AUTODREAM_NOW=NOW, AUTODREAM_NO_CACHE="1")
    args = ["--force", "--backend", "local", "--project", str(sample)]
    result = CliRunner().invoke(cli, [*args, "--json"] if as_json else args, env=env)
    assert result.exit_code == errors.DreamFailed.exit_code, result.output
    said = str(json.loads(result.stdout)["error"]) if as_json else result.stderr.strip()
    # was: 'MEMORY.md changed in the memory dir during the run; nothing was committed' (and
    # then what? the person's edit is kept, the lock rolled back: a new dream reads it all)
    assert "MEMORY.md changed" in said and "nothing was committed" in said, said
    assert said.endswith("run it again"), said
    assert (memory / "MEMORY.md").read_text(encoding="utf-8").endswith(HAND_EDIT)
    # what makes 'run it again' true: the time gate was not closed by the failed dream
    assert not (memory / ".consolidate-lock").exists()
