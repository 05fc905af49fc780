"""Builders for memory dirs and dream runs, shared by the staging, checks, commit and journal
tests."""

from __future__ import annotations

import os
from collections.abc import Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from autodream import journal
from autodream.memory.model import IndexEntry, MemoryType, TopicFile, render_index, render_topic
from autodream.memory.staging import BY_DIR_FD, Staging

NOW = datetime(2026, 7, 20, 9, 0, tzinfo=UTC)

# The tests of a folder swapped for a link between a check and a write: where the system walks
# no folder by descriptor (not every call takes ``dir_fd``), the fallback by path keeps that
# race, as documented (staging.open_dir), so there is nothing they could show.
needs_dir_fd = pytest.mark.skipif(
    not BY_DIR_FD, reason="os.supports_dir_fd lacks what open_dir needs: the fallback by path "
    "keeps the race of a folder swapped for a link")


def topic(name: str, mtype: MemoryType = "project", body: str = "A fact.") -> str:
    return render_topic(TopicFile(name=name, description=f"about {name}", type=mtype, body=body))


def index(*sections: tuple[str | None, list[tuple[str, str, str]]]) -> str:
    return render_index([(title, [IndexEntry(*e) for e in entries]) for title, entries in sections])


def write_tree(root: Path, files: Mapping[str, str | bytes]) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    for rel, content in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(content.encode("utf-8") if isinstance(content, str) else content)
    return root


def tree(root: Path) -> dict[str, bytes]:
    """Every file under ``root`` outside hidden dirs, hidden files included (so stray temp
    files show up), as bytes."""
    out: dict[str, bytes] = {}
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if not d.startswith(".")]
        for name in filenames:
            path = Path(dirpath) / name
            rel = path.relative_to(root).as_posix()
            if rel != ".consolidate-lock":
                out[rel] = path.read_bytes()
    return out


def sample_memory(root: Path) -> Path:
    """A small valid memory dir: four typed topics, an index, a daily log, a lock file."""
    files: dict[str, str | bytes] = {
        "MEMORY.md": index(
            ("Feedback", [("Use pnpm", "pnpm.md", "never npm")]),
            ("User", [("Role", "role.md", "data engineer")]),
            ("Project", [("Deploy", "deploy.md", "friday freeze"), ("CI", "sub/ci.md", "gh")]),
        ),
        "pnpm.md": topic("Use pnpm", "feedback", "Use pnpm.\r\nWindows line end kept.\r\n"),
        "role.md": topic("Role", "user"),
        "deploy.md": topic("Deploy", "project"),
        "sub/ci.md": topic("CI", "project"),
        "2026-07-19.md": "# daily log\nno frontmatter needed\n",
        # a lock left by a dream long gone: no pid reaches 2**22 (Linux's highest pid_max), where
        # a small one (12345) was now and then a live process and the lock held
        ".consolidate-lock": "4194304\n",
    }
    return write_tree(root, files)


def dream(
    memory: Path,
    edits: Mapping[str, str | bytes | None],
    *,
    decisions: list[dict[str, Any]] | None = None,
    summary: str = "",
    now: datetime = NOW,
    dry_run: bool = False,
) -> journal.RunRecord:
    """One committed run, the way the pipeline does it: stage, edit, conclude."""
    state = memory / ".autodream"
    record = journal.begin_run(state, trigger="force", now=now, backend="local")
    staging = Staging.create(memory, journal.staging_dir(state, record.id))
    try:
        for rel, content in edits.items():
            if content is None:
                (staging.path / rel).unlink()
            else:
                write_tree(staging.path, {rel: content})
        record.decisions = decisions or []
        record.summary = summary
        return journal.conclude(memory, state, record, staging, now=now, dry_run=dry_run)
    finally:
        staging.discard()


DEAD_RUN = "20260101T000000Z-dead"


def commit_killed_midway(
    memory: Path, name: str, new_text: str, monkeypatch: pytest.MonkeyPatch
) -> Path:
    """A dream's commit killed while it puts ``new_text`` in place of ``memory/name``, as a
    SIGKILL kills it: its roll-back never runs, so memory is left part-way. The run's dir."""
    from autodream.memory import commit as commit_mod

    staging = Staging.create(memory, memory / ".autodream" / "staging" / "r")
    (staging.path / name).write_text(new_text)
    run_dir = memory / ".autodream" / "runs" / DEAD_RUN

    def killed(step: str) -> None:
        if step == f"replace {name}":
            raise KeyboardInterrupt

    with monkeypatch.context() as patch:
        patch.setattr(commit_mod, "_abort", lambda *_a: commit_mod.Recovery("x", "x"))
        with pytest.raises(KeyboardInterrupt):
            commit_mod.commit(memory, staging.path, staging.changes(), run_dir, on_step=killed)
    return run_dir
