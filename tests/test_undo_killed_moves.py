"""An undo stopped (SIGKILL, a full disk) once it had saved its read-position moves on its
record and before it saved the positions themselves: recovery makes those moves, so the
sessions the undone run read are read again by the next dream, and making them twice changes
nothing."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from autodream import journal
from autodream.transcripts.offsets import OFFSETS_FILENAME, OffsetStore
from tests.factories import REPO_ROOT, run_cli
from tests.memdirs import NOW, dream, sample_memory, topic
from tests.test_undo_later_dreams import _read, _two_runs_reading_one_session

_UNDO_STOPPED_AT_THE_POSITIONS = """
import errno, os, signal, sys
from datetime import datetime, timedelta
from pathlib import Path
from autodream import journal
from autodream.memory import commit as commit_mod
from autodream.transcripts.offsets import OffsetStore

memory, target, which, how = Path(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
now, fail_at = datetime.fromisoformat(sys.argv[5]), int(sys.argv[6])
full = OSError(errno.ENOSPC, "No space left on device")

def save(self, **kwargs):
    if how == "killed":
        os.kill(os.getpid(), signal.SIGKILL)
    raise full
OffsetStore.save = save
step = None
if which == "staying":  # (A's undo fails, the later's cannot be taken back: they stay)
    intents = []
    def step(name):
        if name == "intent":
            intents.append(name)
            if len(intents) == fail_at:
                raise full
    def unmarkable(*args, **kwargs):
        raise full
    commit_mod.roll_back = unmarkable
try:
    journal.undo(memory, memory / ".autodream", target, force=which == "staying", now=now,
                 on_step=step)
except Exception as exc:
    print(exc)
    sys.exit(3)
"""


@pytest.mark.parametrize("how", ["killed", "full"])
@pytest.mark.parametrize("which", ["undo B", "staying"])
def test_an_undo_stopped_before_saving_its_rewound_reads_has_them_read_again(
    tmp_path: Path, which: str, how: str
) -> None:
    """A read a session's first saying (a ruff rule), B read on to its second (staging on db1);
    B undone ('autodream undo B', or as the undo of a forced 'undo A' that failed and could not
    take it back), stopped as it saved the rewound read positions. With the moves saved on its
    record first, recovery closed it 'committed' with moves never made: the next dream read
    nothing ('0 sessions read') and the db1 memory B made was gone for good (review rev77)."""
    root = tmp_path / "work"
    session, (a, b), at = _two_runs_reading_one_session(root)
    memory = root / "memory"
    state = memory / ".autodream"
    env = {**os.environ, "PYTHONPATH": str(REPO_ROOT)}
    target = b if which == "undo B" else a
    proc = subprocess.run(
        [sys.executable, "-c", _UNDO_STOPPED_AT_THE_POSITIONS, str(memory), target, which, how,
         at(5), "2"], env=env, capture_output=True, text=True, timeout=60)
    assert proc.returncode == (-signal.SIGKILL if how == "killed" else 3), proc.stderr
    # B undone: no word of its memory left ("db1" alone also matched a session's random id,
    # "...-4db1-...", in its sources about once in a few hundred runs)
    assert "on db1" not in "".join(p.read_text("utf-8") for p in memory.glob("*.md"))

    journal.recover(memory, state, datetime.fromisoformat(at(5)))
    [undo_b] = [r for r in journal.list_runs(state) if r.undoes == b]
    assert undo_b.outcome == "committed" and str(session) in undo_b.offsets
    settled = (state / OFFSETS_FILENAME).read_bytes(), tree_of(state / "runs")
    journal.recover(memory, state, datetime.fromisoformat(at(5)))  # (a second: nothing to do)
    assert ((state / OFFSETS_FILENAME).read_bytes(), tree_of(state / "runs")) == settled

    out = run_cli(root, "--force", now=at(6)).output
    assert "0 sessions read" not in out, out
    kept = {p.name: p.read_text(encoding="utf-8") for p in memory.glob("*.md")}
    assert any("The staging database is on db1." in text for text in kept.values()), kept
    assert any("Always run ruff before committing." in text for text in kept.values()), kept


def test_two_undos_of_a_failed_chain_stopped_at_the_positions_rewind_a_shared_session_whole(
    tmp_path: Path,
) -> None:
    """A, B and C read one session on (10, 20, 30); 'undo A --force' fails at A's own undo and
    cannot take back C's nor B's, the disk full as they save the rewound positions. B's rewind
    ran from positions C's had not saved, took the session for one a later dream moved on and
    was closed with no moves: the session was left where B's read ended (20), what B read
    never read again. Both are left to recovery, which rewinds it to where A's read ended."""
    memory = sample_memory(tmp_path / "memory")
    state = memory / ".autodream"
    runs = []
    for day, version in enumerate(("16", "17", "18")):
        run = dream(memory, {"deploy.md": topic("Deploy", "project", f"Postgres {version}.")},
                    now=NOW + timedelta(days=day))
        _read(state, run, "/s/a.jsonl", 10 * (day + 1))
        runs.append(run)
    a, b, c = runs
    env = {**os.environ, "PYTHONPATH": str(REPO_ROOT)}
    proc = subprocess.run(
        [sys.executable, "-c", _UNDO_STOPPED_AT_THE_POSITIONS, str(memory), a.id, "staying",
         "full", NOW.isoformat(), "3"], env=env, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 3, proc.stderr
    assert "stay in memory" in proc.stdout, proc.stdout
    assert b"Postgres 16." in (memory / "deploy.md").read_bytes()  # (C and B undone)

    journal.recover(memory, state, NOW)
    undos = {r.undoes: r for r in journal.list_runs(state) if r.trigger == "undo"}
    assert {undos[x.id].outcome for x in (b, c)} == {"committed"}
    store = OffsetStore(state / OFFSETS_FILENAME)
    assert store.entry("/s/a.jsonl") == {**a.offsets["/s/a.jsonl"]["after"], "pending": "undone"}
    settled = (state / OFFSETS_FILENAME).read_bytes()
    journal.recover(memory, state, NOW)
    assert (state / OFFSETS_FILENAME).read_bytes() == settled


def tree_of(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file()}
