"""A dream killed mid-commit whose PID another process then took, and a live dream across a
wall-clock step: the run's record, its commit intent and the lock are judged by one rule
(``procs.holder_state``: the PID and when its process started, counted from boot), so
recovery rolls back the one and leaves the other alone (review rev81, rev87)."""

from __future__ import annotations

import builtins
import io
import json
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from autodream import journal, procs
from autodream.errors import LockHeld
from autodream.lock import LIVE, ConsolidationLock
from autodream.memory import commit as commit_mod
from tests.factories import REPO_ROOT
from tests.memdirs import NOW, sample_memory, tree
from tests.test_journal import _DREAM_AND_DIE

# A dream that takes the lock and stops (alive) at one step of its commit until killed.
_DREAM_STOPPED = """
import sys, time
from pathlib import Path
from autodream import journal
from autodream.lock import ConsolidationLock
from autodream.memory.staging import Staging
from tests.memdirs import NOW, write_tree

memory, stop_at = Path(sys.argv[1]), sys.argv[2]
state = memory / ".autodream"
lease = ConsolidationLock(memory).acquire()
record = journal.begin_run(state, trigger="hook", now=NOW)
staging = Staging.create(memory, journal.staging_dir(state, record.id))
write_tree(staging.path, {"role.md": "changed\\n", "extra.md": "added\\n"})
(staging.path / "deploy.md").unlink()
def hook(name):
    if name == stop_at:
        print("stopped", flush=True)
        time.sleep(120)
journal.conclude(memory, state, record, staging, now=NOW, on_step=hook)
"""


def _everything(memory: Path) -> dict[str, bytes]:
    """Every file under the memory dir, its state dir and lock included."""
    return {p.relative_to(memory).as_posix(): p.read_bytes()
            for p in sorted(memory.rglob("*")) if p.is_file()}


def _recovery_leaves_it_running(memory: Path, state: Path, run_id: str) -> None:
    """Recovery beside a live dream stopped mid-commit changes nothing: its record 'running',
    its commit 'applying', its staging and memory as they were, its lock held."""
    during = _everything(memory)
    journal.recover(memory, state, NOW)
    assert journal.load_run(state, run_id).outcome == "running"
    assert commit_mod.commit_state(journal.run_dir(state, run_id)) == "applying"
    assert journal.staging_dir(state, run_id).exists()
    assert _everything(memory) == during
    lock = ConsolidationLock(memory)
    assert lock.status().state == LIVE
    with pytest.raises(LockHeld):
        lock.acquire()


@pytest.fixture
def sleeper() -> Iterator[subprocess.Popen[bytes]]:
    """Another live process: the one that took a killed run's PID."""
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])
    try:
        yield child
    finally:
        child.kill()
        child.wait()


def _give_pid(run_dir: Path, pid: int, *, intent_start: bool = True) -> None:
    """Write ``pid`` into the run's record and commit intent, their start times a minute
    before the killed process's (the two were started within a second of each other here):
    the PID now runs another process. Without ``intent_start`` the intent loses its start
    times (judged as one written before they were kept)."""
    for name in ("record.json", commit_mod.INTENT_FILENAME):
        path = run_dir / name
        if not path.exists():
            continue
        data = json.loads(path.read_text("utf-8"))
        data["pid"] = pid
        for key in ("pid_started", "pid_since_boot"):
            if key in data:
                data[key] -= 60
        if name != "record.json" and not intent_start:
            data.pop("pid_started", None)
            data.pop("pid_since_boot", None)
        path.write_text(json.dumps(data), encoding="utf-8")


def _kill_dream(memory: Path, die_at: str) -> journal.RunRecord:
    env = {**os.environ, "PYTHONPATH": str(REPO_ROOT)}
    proc = subprocess.run([sys.executable, "-c", _DREAM_AND_DIE, str(memory), die_at],
                          env=env, capture_output=True, text=True, timeout=60)
    assert proc.returncode == -signal.SIGKILL, proc.stderr
    [record] = journal.list_runs(memory / ".autodream")
    assert record.outcome == "running"
    return record


@pytest.mark.parametrize(("die_at", "committed"),
                         [("intent", False), ("replace extra.md", False), ("done", True)])
def test_a_dream_killed_mid_commit_whose_pid_another_process_took_is_recovered(
    tmp_path: Path, sleeper: subprocess.Popen[bytes], die_at: str, committed: bool
) -> None:
    """A dream killed as it applied its changes (extra.md added, role.md not yet changed),
    its PID then running another process: recovery took the commit for one still applying
    and the record for a run still going, so memory kept extra.md, which no run had
    committed, for as long as that process ran (and 'undo' said 'committed nothing')."""
    memory = sample_memory(tmp_path / "memory")
    state = memory / ".autodream"
    old = tree(memory)
    record = _kill_dream(memory, die_at)
    _give_pid(journal.run_dir(state, record.id), sleeper.pid)

    journal.recover(memory, state, NOW)
    closed = journal.load_run(state, record.id)
    if committed:
        assert closed.outcome == "committed"
        assert sorted(closed.paths("added") + closed.paths("changed")) == ["extra.md",
                                                                           "role.md"]
    else:
        assert tree(memory) == old
        assert closed.outcome == "failed" and "rolled back" in closed.reason, closed.reason
        assert commit_mod.commit_state(journal.run_dir(state, record.id)) in ("rolled-back",
                                                                               None)
    assert not journal.staging_dir(state, record.id).exists()
    settled = _everything(memory)
    journal.recover(memory, state, NOW)  # (a second recovery finds nothing to do)
    assert _everything(memory) == settled


def test_a_record_stays_open_while_its_commit_is_applying(
    tmp_path: Path, sleeper: subprocess.Popen[bytes]
) -> None:
    """A killed dream's record judged gone (its PID taken, its start time another) while its
    intent is taken for one still applying (written without start times): the record was
    closed 'failed +0 ~0 -0' with extra.md still in memory, and nothing rolled it back then
    (review rev87). It stays open until the commit is rolled back."""
    memory = sample_memory(tmp_path / "memory")
    state = memory / ".autodream"
    old = tree(memory)
    record = _kill_dream(memory, "replace extra.md")
    run_dir = journal.run_dir(state, record.id)
    _give_pid(run_dir, sleeper.pid, intent_start=False)

    journal.recover(memory, state, NOW)
    assert journal.load_run(state, record.id).outcome == "running"
    assert commit_mod.commit_state(run_dir) == "applying"
    assert (memory / "extra.md").exists()  # (the intent's process is taken for alive)
    assert journal.staging_dir(state, record.id).exists()

    sleeper.kill()
    sleeper.wait()
    journal.recover(memory, state, NOW)
    assert tree(memory) == old
    closed = journal.load_run(state, record.id)
    assert closed.outcome == "failed" and "rolled back" in closed.reason, closed.reason


def _clock_stepped(monkeypatch: pytest.MonkeyPatch, step: int) -> None:
    """The wall clock set ``step`` seconds on: Linux moves the boot time it reports with it
    (``btime`` in /proc/stat), so every process's start time moves too."""
    real_open = builtins.open

    def stepped_open(file: Any, *args: Any, **kwargs: Any) -> Any:
        if file != "/proc/stat":
            return real_open(file, *args, **kwargs)
        with real_open(file, "rb") as fh:
            lines = fh.read().splitlines(keepends=True)
        return io.BytesIO(b"".join(
            b"btime %d\n" % (int(line.split()[1]) + step) if line.startswith(b"btime ")
            else line for line in lines))

    before = procs.process_start_time(os.getpid())
    monkeypatch.setattr(procs, "open", stepped_open, raising=False)
    after = procs.process_start_time(os.getpid())
    assert before is not None and after is not None and abs(after - before - step) < 1


@pytest.mark.skipif(not sys.platform.startswith("linux"),
                    reason="only Linux derives start times from the boot time")
@pytest.mark.parametrize("step", [3600, -3600])
def test_a_live_dream_stays_live_across_a_clock_step(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, step: int
) -> None:
    """A dream mid-commit (extra.md added) while the clock was set an hour on (or back): its
    start time read again then was an hour off, so the lock took it for a reused PID and let a
    second dream in, whose recovery closed the live dream's record and removed its staging
    (review rev87). It holds the lock, and recovery leaves its record, intent and staging."""
    memory = sample_memory(tmp_path / "memory")
    state = memory / ".autodream"
    old = tree(memory)
    env = {**os.environ, "PYTHONPATH": str(REPO_ROOT)}
    child = subprocess.Popen(
        [sys.executable, "-c", _DREAM_STOPPED, str(memory), "replace extra.md"],
        env=env, stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "stopped"
        [record] = journal.list_runs(state)
        _clock_stepped(monkeypatch, step)

        _recovery_leaves_it_running(memory, state, record.id)
    finally:
        child.kill()
        child.wait()
    # (killed there: the next recovery rolls it back, the clock still stepped)
    journal.recover(memory, state, NOW)
    assert tree(memory) == old
    assert journal.load_run(state, record.id).outcome == "failed"
    assert ConsolidationLock(memory).status().state != LIVE
