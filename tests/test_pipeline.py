"""The dream pipeline end to end with a scripted backend: commit, failure at each step, dry run."""

from __future__ import annotations

import hashlib
import os
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from autodream import errors, gates, journal, run
from autodream.agent import BackendReply, DreamBrief, ToolCall, ToolResult, ToolSpec, Usage
from autodream.pipeline import make_step
from autodream.settings import Settings
from autodream.tools import ToolBox
from tests.claude_layout import T0, Layout, make_layout
from tests.factories import REPO_ROOT

PRIOR = T0 - 48 * 3600.0
INDEX = "# Memory\n\n## Feedback\n- [Tabs](tabs.md) — indent with tabs\n"
TABS = "---\nname: Tabs\ndescription: indent with tabs\ntype: feedback\n---\n\nUse tabs.\n"
NEW_TOPIC = (
    "---\nname: Package manager\ndescription: use pnpm, not npm\ntype: feedback\n---\n\n"
    "Use pnpm.\n\n**Why:** the lockfile is pnpm's.\n\n**How to apply:** every install.\n"
)
NEW_INDEX = INDEX + "- [Package manager](pnpm.md) — use pnpm, not npm\n"

Turn = list[tuple[str, dict[str, Any]]]


class ScriptedBackend:
    """Plays fixed turns of tool calls; records what the harness answered."""

    name = "scripted"
    model: str | None = "script-1"

    def __init__(self, turns: list[Turn], *, fail_on_turn: int | None = None) -> None:
        self.turns = turns
        self.fail_on_turn = fail_on_turn
        self.results: list[ToolResult] = []
        self.turn = 0

    def start(self, brief: DreamBrief, tools: list[ToolSpec]) -> None:
        self.brief = brief

    def next(self, results: list[ToolResult], note: str | None = None) -> BackendReply:
        self.results.extend(results)
        self.turn += 1
        if self.fail_on_turn == self.turn:
            raise RuntimeError("the model service fell over")
        calls = self.turns[self.turn - 1] if self.turn <= len(self.turns) else []
        return BackendReply(
            [ToolCall(f"c{self.turn}-{i}", name, args) for i, (name, args) in enumerate(calls)],
            usage=Usage(input_tokens=100, output_tokens=10, requests=1),
        )


GOOD: list[Turn] = [
    [("read_file", {"path": "memory/MEMORY.md"})],
    [("begin_phase", {"phase": "gather"})],
    [("begin_phase", {"phase": "consolidate"})],
    [("write_file", {"path": "memory/pnpm.md", "content": NEW_TOPIC})],
    [("begin_phase", {"phase": "prune"})],
    [("write_file", {"path": "memory/MEMORY.md", "content": NEW_INDEX})],
    [("finish", {"summary": "added the pnpm preference"})],
]


def tree_hash(root: Path) -> dict[str, str]:
    """Every regular file under ``root`` except autodream's own state and the lock."""
    out: dict[str, str] = {}
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root).as_posix()
        if path.is_file() and not rel.startswith(".autodream") and rel != ".consolidate-lock":
            out[rel] = hashlib.sha256(path.read_bytes()).hexdigest()
    return out


@pytest.fixture
def layout(tmp_path: Path) -> Layout:
    lay = make_layout(tmp_path)
    lay.memory_dir.mkdir(parents=True)
    (lay.memory_dir / "MEMORY.md").write_text(INDEX)
    (lay.memory_dir / "tabs.md").write_text(TABS)
    lay.set_lock(PRIOR, body="")
    lay.add_session(PRIOR + 60)
    return lay


def factory(backend: ScriptedBackend) -> Callable[[Settings, ToolBox], ScriptedBackend]:
    return lambda settings, toolbox: backend


def dream(layout: Layout, backend: ScriptedBackend, **kw: Any) -> run.DreamOutcome:
    settings = layout.settings(**kw.pop("overrides", {}))
    return run.dream(settings, trigger="force", force=True, step=make_step(factory(backend)), **kw)


def test_a_dream_commits_checked_changes_and_records_them(layout: Layout) -> None:
    outcome = dream(layout, ScriptedBackend(GOOD))
    assert (layout.memory_dir / "pnpm.md").read_text() == NEW_TOPIC
    assert (layout.memory_dir / "MEMORY.md").read_text() == NEW_INDEX
    assert outcome.details["outcome"] == "committed"
    assert "+- [Package manager](pnpm.md)" in outcome.details["diff"]
    record = journal.load_run(layout.settings().state_dir, outcome.run_id)
    assert record.trigger == "force" and record.backend == "scripted"
    assert record.sessions and record.sessions[0].startswith("sessions/")
    assert {c.path: c.kind for c in record.changes} == {"pnpm.md": "added", "MEMORY.md": "changed"}
    assert [c["name"] for c in record.tool_calls][:2] == ["read_file", "begin_phase"]
    assert record.usage is not None and record.usage["input_tokens"] == 700
    diary = (layout.settings().state_dir / "DREAMS.md").read_text()
    assert outcome.run_id in diary
    # success: the lock's mtime stays at the run's start
    assert layout.lock_path.stat().st_mtime == pytest.approx(T0, abs=1)


def test_a_refused_call_is_recorded_and_the_run_goes_on(layout: Layout) -> None:
    turns = [[("write_file", {"path": "memory/early.md", "content": NEW_TOPIC})], *GOOD]
    backend = ScriptedBackend(turns)
    outcome = dream(layout, backend)
    assert backend.results[0].is_error and "phase" in backend.results[0].content
    assert outcome.details["outcome"] == "committed"
    assert not (layout.memory_dir / "early.md").exists()
    record = journal.load_run(layout.settings().state_dir, outcome.run_id)
    assert record.tool_calls[0]["verdict"] == "refused"


ORPHAN: list[Turn] = [
    [("begin_phase", {"phase": "gather"})],
    [("begin_phase", {"phase": "consolidate"})],
    [("write_file", {"path": "memory/orphan.md", "content": NEW_TOPIC})],
    [("finish", {"summary": "left an orphan"})],
]
LOSSY: list[Turn] = [
    [("begin_phase", {"phase": "gather"})],
    [("begin_phase", {"phase": "consolidate"})],
    [("delete_file", {"path": "memory/tabs.md"})],
    [("write_file", {"path": "memory/MEMORY.md", "content": "# Memory\n"})],
    [("finish", {"summary": "dropped everything"})],
]


@pytest.mark.parametrize(
    ("backend", "overrides", "error", "message"),
    [
        (ScriptedBackend(GOOD[:3]), {"max_turns": 5}, errors.BudgetExceeded, "turn budget"),
        (ScriptedBackend(GOOD, fail_on_turn=4), {}, errors.DreamFailed, "fell over"),
        (ScriptedBackend(ORPHAN), {}, errors.CheckFailed, "orphan"),
        (ScriptedBackend(LOSSY), {}, errors.CheckFailed, "lost"),
        (ScriptedBackend(GOOD), {"max_input_tokens": 250}, errors.BudgetExceeded, "input token"),
    ],
    ids=["turn-budget", "backend-exception", "orphan-check", "loss-check", "token-budget"],
)
def test_a_failed_dream_leaves_memory_identical_and_rolls_the_lock_back(
    layout: Layout,
    backend: ScriptedBackend,
    overrides: dict[str, Any],
    error: type[Exception],
    message: str,
) -> None:
    before = tree_hash(layout.memory_dir)
    with pytest.raises(error, match=message):
        dream(layout, backend, overrides=overrides)
    assert tree_hash(layout.memory_dir) == before
    assert layout.lock_path.stat().st_mtime == pytest.approx(PRIOR, abs=0.01)
    records = journal.list_runs(layout.settings().state_dir)
    assert [r.outcome for r in records] == ["failed"]
    assert not any((layout.settings().state_dir / "staging").glob("*/*"))


def test_loss_is_allowed_when_asked(layout: Layout) -> None:
    outcome = dream(layout, ScriptedBackend(LOSSY), overrides={"allow_loss": True})
    assert outcome.details["outcome"] == "committed"
    assert not (layout.memory_dir / "tabs.md").exists()


def test_dry_run_changes_nothing_and_keeps_the_lock_mtime(layout: Layout) -> None:
    before = tree_hash(layout.memory_dir)
    outcome = dream(layout, ScriptedBackend(GOOD), dry_run=True)
    assert outcome.status == "dry-run" and outcome.details["outcome"] == "dry-run"
    assert "+Use pnpm." in outcome.details["diff"]
    assert tree_hash(layout.memory_dir) == before
    assert layout.lock_path.stat().st_mtime == pytest.approx(PRIOR, abs=0.01)


def test_undo_restores_the_memory_byte_for_byte(layout: Layout) -> None:
    before = {p.name: p.read_bytes() for p in layout.memory_dir.glob("*.md")}
    outcome = dream(layout, ScriptedBackend(GOOD))
    journal.undo(layout.memory_dir, layout.settings().state_dir, outcome.run_id)
    after = {p.name: p.read_bytes() for p in layout.memory_dir.glob("*.md")}
    assert after == before


KILLED_DREAM = textwrap.dedent(
    """
    import sys, time
    from pathlib import Path
    from autodream import run
    from autodream.agent import BackendReply, ToolCall
    from autodream.pipeline import make_step
    from autodream.settings import FixedClock, Settings

    class Hangs:
        name, model, turn = "scripted", None, 0
        def start(self, brief, tools): pass
        def next(self, results, note=None):
            self.turn += 1
            if self.turn == 1:
                return BackendReply([ToolCall("a", "begin_phase", {"phase": "gather"})])
            if self.turn == 2:
                return BackendReply([ToolCall("b", "begin_phase", {"phase": "consolidate"})])
            if self.turn == 3:
                return BackendReply([ToolCall("c", "write_file",
                    {"path": "memory/tabs.md", "content": "---\\nname: x\\n---\\n"})])
            Path(sys.argv[2]).write_text("ready")
            time.sleep(60)
            raise AssertionError("not killed")

    settings = Settings.resolve(sys.argv[1], clock=FixedClock(float(sys.argv[3])))
    run.dream(settings, trigger="force", force=True, step=make_step(lambda s, t: Hangs()))
    """
)


def test_sigkill_mid_dream_leaves_memory_identical_and_the_lock_recoverable(
    layout: Layout, tmp_path: Path
) -> None:
    before = tree_hash(layout.memory_dir)
    ready = tmp_path / "ready"
    proc = subprocess.Popen(
        [sys.executable, "-c", KILLED_DREAM, str(layout.project), str(ready), str(T0)],
        env=layout.env(PYTHONPATH=str(REPO_ROOT)),
    )
    deadline = time.monotonic() + 30
    while not ready.exists():
        assert proc.poll() is None, "the dream process died before it was killed"
        assert time.monotonic() < deadline
        time.sleep(0.05)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    assert tree_hash(layout.memory_dir) == before
    # The next process finds a dead holder and restores the prior mtime; the journal closes the run.
    report = gates.evaluate(layout.settings(), force=True)
    assert report.open
    assert layout.lock_path.stat().st_mtime == pytest.approx(PRIOR, abs=0.01)
    settings = layout.settings()
    journal.recover(settings.memory_dir, settings.state_dir, settings.now_dt())
    assert [r.outcome for r in journal.list_runs(settings.state_dir)] == ["failed"]


@pytest.mark.parametrize("rewrite", [False, True], ids=["appended", "rewritten"])
def test_the_next_dream_starts_each_transcript_where_the_last_one_stopped(
    layout: Layout, rewrite: bool
) -> None:
    session = next(layout.sessions_dir.glob("*.jsonl"))
    first_size = session.stat().st_size
    dream(layout, ScriptedBackend(GOOD))
    vpath = f"sessions/{session.name}"
    if rewrite:
        session.write_text('{"type":"user","message":{"role":"user","content":"new start"}}\n')
    else:
        with session.open("a") as fh:
            fh.write('{"type":"user","message":{"role":"user","content":"more"}}\n')
    os.utime(session, (T0 + 3600, T0 + 3600))
    second = ScriptedBackend([[("finish", {"summary": "nothing new"})]])
    settings = layout.settings(now=T0 + 7200)
    run.dream(settings, trigger="force", force=True, step=make_step(factory(second)))
    assert [str(s.path) for s in second.brief.sessions] == [vpath]
    assert second.brief.start_offsets.get(vpath, 0) == (0 if rewrite else first_size)
