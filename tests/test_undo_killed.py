"""A forced undo of several runs killed hard (SIGKILL, power loss) part way: the undos it
committed before the kill stay in memory, and the log says so, with what each changed and what
it overwrote, so that memory matches the log and each can itself be undone."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

import pytest
from click.testing import CliRunner

from autodream import journal
from autodream.cli import cli
from autodream.transcripts.offsets import OFFSETS_FILENAME, OffsetStore
from tests.factories import REPO_ROOT
from tests.memdirs import NOW, dream, sample_memory, topic, tree
from tests.test_undo_later_dreams import _read, _two_runs

_UNDO_AND_DIE = """
import os, signal, sys
from pathlib import Path
from autodream import journal
from tests.memdirs import NOW

memory, target, die_at = Path(sys.argv[1]), sys.argv[2], sys.argv[3]
seen = []
def hook(name):
    seen.append(name)
    if f"{seen.count(name)} {name}" == die_at:
        os.kill(os.getpid(), signal.SIGKILL)
journal.undo(memory, memory / ".autodream", target, force=True, now=NOW, on_step=hook)
"""


def _run(*args: str, memory: Path) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args), env={"AUTODREAM_MEMORY_DIR": str(memory)})
    return result.exit_code, result.output


@pytest.mark.parametrize("die_at", ["2 images", "2 intent", "1 done"])
def test_a_forced_undo_killed_part_way_logs_the_undos_it_committed(
    tmp_path: Path, die_at: str
) -> None:
    memory = sample_memory(tmp_path / "memory")
    state = memory / ".autodream"
    a = dream(memory, {"role.md": topic("Role", "user", "Staff engineer."),
                       "deploy.md": topic("Deploy", "project", "Postgres 16.")})
    _read(state, a, "/s/a.jsonl", 10)
    after_a = tree(memory)
    b = dream(memory, {"deploy.md": topic("Deploy", "project", "Postgres 17.")},
              now=NOW + timedelta(days=1))
    _read(state, b, "/s/b.jsonl", 20)
    (memory / "deploy.md").write_text(topic("Deploy", "project", "Postgres 17, by hand."))
    env = {**os.environ, "PYTHONPATH": str(REPO_ROOT)}
    proc = subprocess.run([sys.executable, "-c", _UNDO_AND_DIE, str(memory), a.id, die_at],
                          env=env, capture_output=True, text=True, timeout=60)
    assert proc.returncode == -signal.SIGKILL, proc.stderr
    assert tree(memory) == after_a  # B's undo is in memory (A's, if begun, rolled back next)

    code, status = _run("status", memory=memory)
    assert code == 0, status
    undo_b_id = next(r.id for r in journal.list_runs(state) if r.undoes == b.id)
    if die_at == "2 intent":  # (A's undo begun to apply: the next dream rolls it back)
        assert "stopped mid-commit; the next dream rolls it back" in status
    code, log = _run("log", memory=memory)
    assert code == 0, log
    # B's undo is in memory, and the log says so (not 'interrupted ... rolls back', +0 ~0 -0)
    [line] = [x for x in log.splitlines() if x.startswith(undo_b_id)]
    assert "  committed  undo    +0 ~1 -0  " in line, log
    assert "died after its commit completed: memory holds it" in line

    # the next command that changes memory closes the records as the log said
    journal.recover(memory, state, NOW)
    records = journal.list_runs(state)
    [undo_b] = [r for r in records if r.undoes == b.id]
    assert undo_b.outcome == "committed"
    assert [c.path for c in undo_b.changes] == ["deploy.md"]
    assert undo_b.overwrote == ["deploy.md"]  # the hand edit it restored over, kept
    assert all(r.outcome == "failed" and not r.changes for r in records if r.undoes == a.id)
    assert tree(memory) == after_a  # memory matches the log: B undone, A in place
    # what B read is read again by the next dream (as after an undo that was not killed)
    store = OffsetStore(state / OFFSETS_FILENAME)
    assert store.entry("/s/b.jsonl") == {"pending": "undone"}
    assert (store.entry("/s/a.jsonl") or {}).get("offset") == 10
    assert "/s/b.jsonl" in undo_b.offsets
    # and the undo that stood can be undone itself, the hand edit back
    code, out = _run("undo", undo_b.id, memory=memory)
    assert code == 0, out
    assert (memory / "deploy.md").read_text() == topic("Deploy", "project",
                                                       "Postgres 17, by hand.")


def test_a_forced_undo_killed_after_its_last_commit_is_settled_as_the_whole_undo_is(
    tmp_path: Path,
) -> None:
    """Killed once every undo of the chain was committed, before their records were closed:
    both are closed as committed, and the read positions of the sessions the undone runs read
    (one read by both) are where the same undo, not killed, leaves them (they were left where
    B's read ended)."""
    memory = sample_memory(tmp_path / "memory")
    state = memory / ".autodream"
    before = tree(memory)
    a, b = _two_runs(memory, "/s/a.jsonl")  # (the same session, read further)
    first = b.offsets
    _read(state, b, "/s/b.jsonl", 30)
    b.offsets = {**first, **b.offsets}
    journal.save_run(state, b)
    uncut = tmp_path / "uncut"
    shutil.copytree(memory, uncut)
    journal.undo(uncut, uncut / ".autodream", a.id, force=True, now=NOW)
    env = {**os.environ, "PYTHONPATH": str(REPO_ROOT)}
    proc = subprocess.run([sys.executable, "-c", _UNDO_AND_DIE, str(memory), a.id, "2 done"],
                          env=env, capture_output=True, text=True, timeout=60)
    assert proc.returncode == -signal.SIGKILL, proc.stderr
    assert tree(memory) == before
    journal.recover(memory, state, NOW)
    undos = {r.undoes: r for r in journal.list_runs(state) if r.trigger == "undo"}
    assert {k: r.outcome for k, r in undos.items()} == {a.id: "committed", b.id: "committed"}
    assert [c.path for c in undos[a.id].changes] == ["deploy.md", "role.md"]
    store, whole = (OffsetStore(m / ".autodream" / OFFSETS_FILENAME) for m in (memory, uncut))
    for session in ("/s/a.jsonl", "/s/b.jsonl"):
        assert store.entry(session) == whole.entry(session)
    # read again from the start, what A read included (B's rewind ended where A's read did)
    assert store.entry("/s/a.jsonl") == {"pending": "undone"}


_UNDO_AND_DIE_BEFORE_ITS_RECORD = """
import os, signal, sys
from pathlib import Path
from autodream import journal
from tests.memdirs import NOW

def die(*args, **kwargs):
    os.kill(os.getpid(), signal.SIGKILL)
memory, how = Path(sys.argv[1]), sys.argv[3]
if how == "after its commit":  # (before it rewound anything)
    journal.undo(memory, memory / ".autodream", sys.argv[2], now=NOW,
                 on_step=lambda name: name == "done" and die())
journal.finish_run = die
if how == "recovery":
    journal.recover(memory, memory / ".autodream", NOW)
journal.undo(memory, memory / ".autodream", sys.argv[2], now=NOW)
"""


@pytest.mark.parametrize("who", ["undo", "recovery"])
def test_an_undo_killed_after_rewinding_its_reads_can_be_redone_to_read_on(
    tmp_path: Path, who: str
) -> None:
    """Killed once the undo of B (or the recovery settling it, the undo killed after its
    commit) had saved the rewound read positions, before its record was closed: recovery
    settled it as committed with no moves (the positions were already rewound), so undoing
    that undo could not move them on, and the next dream read again all B had read (the
    sample: all 9 sessions). The moves are on its record, as uncut."""
    memory = sample_memory(tmp_path / "memory")
    state = memory / ".autodream"
    _, b = _two_runs(memory)
    uncut = tmp_path / "uncut"
    shutil.copytree(memory, uncut)
    env = {**os.environ, "PYTHONPATH": str(REPO_ROOT)}
    for how in ["undo"] if who == "undo" else ["after its commit", "recovery"]:
        proc = subprocess.run(
            [sys.executable, "-c", _UNDO_AND_DIE_BEFORE_ITS_RECORD, str(memory), b.id, how],
            env=env, capture_output=True, text=True, timeout=60)
        assert proc.returncode == -signal.SIGKILL, proc.stderr
        rewound = OffsetStore(state / OFFSETS_FILENAME).entry("/s/b.jsonl") != b.offsets[
            "/s/b.jsonl"]["after"]
        assert rewound == (how != "after its commit")
    assert OffsetStore(state / OFFSETS_FILENAME).entry("/s/b.jsonl") == {"pending": "undone"}
    journal.recover(memory, state, NOW)
    journal.undo(uncut, uncut / ".autodream", b.id, now=NOW)
    for m in (memory, uncut):
        [undo_b] = [r for r in journal.list_runs(m / ".autodream") if r.undoes == b.id]
        assert undo_b.outcome == "committed"
        assert "/s/b.jsonl" in undo_b.offsets
        journal.undo(m, m / ".autodream", undo_b.id, now=NOW)  # B again
    store, whole = (OffsetStore(m / ".autodream" / OFFSETS_FILENAME) for m in (memory, uncut))
    assert (store.entry("/s/b.jsonl") or {}).get("offset") == 20
    assert store.entry("/s/b.jsonl") == whole.entry("/s/b.jsonl")
    assert tree(memory) == tree(uncut)
