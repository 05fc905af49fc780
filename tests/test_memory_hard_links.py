"""A memory file with a second name (``ln outside/secret.md memory/notes.md``): the staging copy
has one link per file, so only the real memory dir can tell; such a file is neither shown to the
model nor changed by a dream, and the dream says so once."""

from __future__ import annotations

import os
from pathlib import Path

from click.testing import CliRunner

from autodream.agent import ToolCall
from autodream.cli import cli
from autodream.memory.staging import Staging
from autodream.sandbox import Sandbox
from autodream.tools import ToolBox
from tests.test_cli_dream import clean_env, dream

SECRET = "OUTSIDE-ONLY: the vault unseal phrase is violet-harbour-engine\n"


def _link_in(project: Path, tmp_path: Path) -> tuple[Path, Path]:
    outside = tmp_path / "outside" / "secret.md"
    outside.parent.mkdir()
    outside.write_text(SECRET, encoding="utf-8")
    notes = project / "memory" / "notes.md"
    os.link(outside, notes)
    return outside, notes


def test_the_model_cannot_read_a_hard_linked_memory_file(
        sample: Path, tmp_path: Path) -> None:
    _link_in(sample, tmp_path)
    staging = Staging.create(sample / "memory", tmp_path / "staging")
    box = ToolBox(Sandbox(memory=staging.path), trash_dir=tmp_path / "trash")
    read = box.call(ToolCall("c1", "read_file", {"path": "memory/notes.md"}))
    assert read.is_error
    assert "violet-harbour" not in read.content
    grep = box.call(ToolCall("c2", "grep", {"pattern": "unseal", "path": "memory/"}))
    assert "violet-harbour" not in grep.content
    assert staging.unreadable["notes.md"].startswith("it has 2 hard links")


def test_a_dream_leaves_a_hard_linked_file_as_it_is_and_says_so_once(
        sample: Path, tmp_path: Path) -> None:
    outside, notes = _link_in(sample, tmp_path)
    inode = notes.stat().st_ino
    code, out, err = dream(sample)
    assert code == 0, out + err
    said = "notes.md: not read: it has 2 hard links, so its other name may be a file outside"
    assert err.count(said) == 1, err
    assert "violet-harbour" not in out + err
    # the person's file and its other name are as they were: same inode, same bytes
    assert notes.stat().st_ino == inode and notes.stat().st_nlink == 2
    assert outside.read_text(encoding="utf-8") == SECRET
    shown = CliRunner().invoke(cli, ["show", "--project", str(sample)], env=clean_env())
    assert "found    notes.md: not read: it has 2 hard links" in shown.stdout
    assert "violet-harbour" not in shown.stdout
    for path in (sample / "memory").rglob("*"):
        if path.is_file() and path != notes:
            assert b"violet-harbour" not in path.read_bytes(), path
