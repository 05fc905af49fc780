"""MEMORY.md past what the tools return in one line, or past its limits as the person left it."""

from __future__ import annotations

import os
from datetime import UTC, datetime
from pathlib import Path

import pytest
from click.testing import CliRunner

from autodream.cli import cli
from autodream.memory.checks import fix_overflow
from autodream.memory.model import index_notes
from tests.factories import TranscriptBuilder
from tests.memdirs import write_tree

TESTING = ("---\nname: Testing\ndescription: pytest with xdist\ntype: feedback\n---\n\n"
           "Run tests with pytest -n auto.\n")
TESTING_LINE = "- [Testing](testing.md) — pytest with xdist\n"
LONG_NOTE = "- " + "word " * 6000 + "\n"  # 30,000 bytes: past read_file's output cap


def _project(tmp_path: Path, index: str) -> Path:
    project = tmp_path / "proj"
    write_tree(project, {
        "project/README.md": "# demo\n",
        "memory/MEMORY.md": index,
        "memory/testing.md": TESTING,
        "autodream.toml": 'project_root = "project"\nsessions_dir = "sessions"\n'
                          'memory_dir = "memory"\nbackend = "local"\n',
    })
    TranscriptBuilder(start=datetime(2026, 4, 1, 10, tzinfo=UTC)).user(
        "Never push to main.").assistant("OK.").write(project / "sessions")
    return project


def _dream(project: Path) -> tuple[int, str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("AUTODREAM_", "ANTHROPIC_"))}
    result = CliRunner().invoke(cli, ["--force", "--project", str(project)],
                                env={**env, "AUTODREAM_NOW": "2026-04-02T10:00:00Z"})
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize("index", [
    # the cut line last: its '[truncated: ... it is the file's last line ...]' was read as a
    # note, a memory of its own, and the note itself kept cut at 16,000 bytes
    TESTING_LINE + LONG_NOTE,
    # ... and not last: the harness then cut the index, 30,000 bytes, to its first line
    LONG_NOTE + TESTING_LINE,
])
def test_a_memory_md_line_too_long_to_read_leaves_memory_as_it_was(
    tmp_path: Path, index: str,
) -> None:
    project = _project(tmp_path, index)
    code, out, err = _dream(project)
    assert code == 0, out + err
    assert out.startswith("no-change:"), out
    memory = project / "memory"
    assert (memory / "MEMORY.md").read_text() == index
    assert sorted(p.name for p in memory.glob("*.md")) == ["MEMORY.md", "testing.md"]
    assert "bytes, over its 25000-byte limit; left as it is" in err
    # what the session said is saved once MEMORY.md can be read: the person shortens the line
    (memory / "MEMORY.md").write_text(TESTING_LINE + "- " + "word " * 10 + "\n")
    code, out, err = _dream(project)
    assert code == 0 and out.startswith("committed:"), out + err
    assert "Never push to main" in (memory / "MEMORY.md").read_text()


def test_an_index_cut_to_its_limits_keeps_every_note() -> None:
    # a backend's index over the limits: its entries went first, lowest-ranked; once none was
    # left the rest was cut from the end, notes and all. Notes alone over the limits: no entry
    # is dropped either (it would list fewer memories and fit nothing)
    notes = [f"- Note {i}: keep module m{i} pure." for i in range(230)]
    index = TESTING_LINE + "\n".join(notes) + "\n"
    text, dropped = fix_overflow(index, Path("/nonexistent"), 200, 25_000,
                                 frozenset({"testing.md"}))
    assert (text, dropped) == (index, [])
    # ... and with room once entries go, the lowest-ranked go as before, every note kept
    entries = "".join(f"- [T{i}](t{i}.md) — topic {i}\n" for i in range(40))
    text, dropped = fix_overflow(entries + "\n".join(notes[:190]) + "\n", Path("/nonexistent"),
                                 200, 25_000, frozenset(f"t{i}.md" for i in range(40)))
    assert len(dropped) == 30 and len(text.splitlines()) == 200
    assert [n.text for n in index_notes(text)] == [n.removeprefix("- ") for n in notes[:190]]
