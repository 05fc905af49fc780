"""The staging, checks, commit and journal API driven through the real sandboxed ToolBox, the
way ``run.py`` wires a dream: what the subagent writes in staging is what lands, as one set."""

from __future__ import annotations

from pathlib import Path

import pytest

from autodream import journal
from autodream.agent import ToolCall
from autodream.errors import CheckFailed
from autodream.memory.checks import check_staged
from autodream.memory.staging import Staging
from autodream.sandbox import Sandbox
from autodream.tools import ToolBox
from tests.memdirs import NOW, sample_memory, topic, tree


def _toolbox(memory: Path, staging: Staging, record: journal.RunRecord, tmp: Path) -> ToolBox:
    sessions = tmp / "sessions"
    project = tmp / "project"
    sessions.mkdir(exist_ok=True)
    project.mkdir(exist_ok=True)
    sandbox = Sandbox(staging.path, sessions, project, excluded=[memory])
    return ToolBox(sandbox, trash_dir=memory / ".autodream" / "trash" / record.id)


def _call(box: ToolBox, name: str, **inp: str) -> str:
    result = box.call(ToolCall(f"c{len(box.log)}", name, inp))
    assert not result.is_error, result.content
    return result.content


def test_a_dream_through_the_toolbox_commits_checks_records_and_undoes(tmp_path: Path) -> None:
    memory = sample_memory(tmp_path / "memory")
    state = memory / ".autodream"
    old = tree(memory)
    prior_index = (memory / "MEMORY.md").read_text()
    record = journal.begin_run(state, trigger="force", now=NOW, backend="scripted")
    staging = Staging.create(memory, journal.staging_dir(state, record.id))
    box = _toolbox(memory, staging, record, tmp_path)
    try:
        _call(box, "begin_phase", phase="gather")
        _call(box, "begin_phase", phase="consolidate")
        _call(box, "write_file", path="memory/tabs.md",
              content=topic("Tabs", "feedback", "Use tabs.\n\n**Why:** team style."))
        _call(box, "edit_file", path="memory/MEMORY.md", old_string="## User\n",
              new_string="- [Tabs](tabs.md) — tabs, not spaces\n\n## User\n")
        _call(box, "begin_phase", phase="prune")
        _call(box, "delete_file", path="memory/sub/ci.md")
        _call(box, "edit_file", path="memory/MEMORY.md", old_string="- [CI](sub/ci.md) — gh\n",
              new_string="")
        _call(box, "finish", summary="added the tabs rule, dropped stale CI note")
        report = check_staged(staging.path, prior_index)
        record.checks = report.as_dict()
        report.raise_if_failed()
        record.tool_calls = [r.as_dict() for r in box.log]
        record.summary = box.summary
        journal.conclude(memory, state, record, staging, now=NOW)
    finally:
        staging.discard()

    saved = journal.load_run(state, record.id)
    assert saved.outcome == "committed"
    assert sorted((c.path, c.kind) for c in saved.changes) == [
        ("MEMORY.md", "changed"), ("sub/ci.md", "deleted"), ("tabs.md", "added")
    ]
    assert [c["name"] for c in saved.tool_calls][-1] == "finish"
    assert (memory / "tabs.md").exists() and not (memory / "sub" / "ci.md").exists()
    assert "- [Tabs](tabs.md) — tabs, not spaces" in (memory / "MEMORY.md").read_text()
    assert "+- [Tabs](tabs.md) — tabs, not spaces" in journal.run_diff(state, record.id)
    journal.undo(memory, state, now=NOW)
    assert tree(memory) == old


def test_a_dream_that_fails_its_checks_changes_nothing(tmp_path: Path) -> None:
    memory = sample_memory(tmp_path / "memory")
    state = memory / ".autodream"
    old = tree(memory)
    prior_index = (memory / "MEMORY.md").read_text()
    record = journal.begin_run(state, trigger="hook", now=NOW, backend="scripted")
    staging = Staging.create(memory, journal.staging_dir(state, record.id))
    box = _toolbox(memory, staging, record, tmp_path)
    try:
        _call(box, "begin_phase", phase="gather")
        _call(box, "begin_phase", phase="consolidate")
        _call(box, "write_file", path="memory/orphan.md", content=topic("Orphan", "project"))
        _call(box, "finish", summary="forgot the index")
        report = check_staged(staging.path, prior_index)
        with pytest.raises(CheckFailed, match=r"orphan\.md: is not linked") as exc:
            report.raise_if_failed()
        journal.finish_run(state, record, outcome="failed", now=NOW, reason=str(exc.value))
    finally:
        staging.discard()
    assert tree(memory) == old
    assert journal.load_run(state, record.id).outcome == "failed"
    assert "Failed, nothing changed: check failed: orphan.md" in (state / "DREAMS.md").read_text()
