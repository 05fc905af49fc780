"""Who holds a dream's lock, record and commit intent at the edges ``procs.holder_state`` met
(review rev90): a live dream whose start time cannot be read, a reboot, a start a fraction of
a second off, and a killed dream never reaped (a zombie)."""

from __future__ import annotations

import builtins
import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from autodream import journal, procs
from autodream.lock import LIVE, REUSED, ConsolidationLock
from autodream.memory import commit as commit_mod
from tests.factories import REPO_ROOT
from tests.memdirs import NOW, sample_memory, tree
from tests.test_killed_pid_taken import (
    _DREAM_STOPPED,
    _kill_dream,
    _recovery_leaves_it_running,
    sleeper,  # noqa: F401  (fixture)
)

linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                reason="/proc, its start ticks and boot id are Linux's")


def _start_of(pid: int) -> tuple[float, float]:
    for _ in range(100):
        started, since_boot = procs.process_start(pid)
        if started is not None and since_boot is not None:
            return started, since_boot
        time.sleep(0.05)
    raise AssertionError(f"no start time for {pid}")


def _stopped_dream(memory: Path, stop_at: str) -> subprocess.Popen[str]:
    """A dream that holds the lock and stops, alive, at ``stop_at`` of its commit."""
    env = {**os.environ, "PYTHONPATH": str(REPO_ROOT)}
    child = subprocess.Popen([sys.executable, "-c", _DREAM_STOPPED, str(memory), stop_at],
                             env=env, stdout=subprocess.PIPE, text=True)
    assert child.stdout is not None
    assert child.stdout.readline().strip() == "stopped"
    return child


def _hand_to(run_dir: Path, pid: int, **fields: object) -> None:
    """The run's record and commit intent written down by ``pid`` with ``fields`` (its start
    times, its boot): the killed dream's PID now taken by that process."""
    for name in ("record.json", commit_mod.INTENT_FILENAME):
        path = run_dir / name
        data = json.loads(path.read_text("utf-8"))
        data.update(pid=pid, **fields)
        path.write_text(json.dumps(data), encoding="utf-8")


def _lock_of(memory: Path, pid: int, **fields: object) -> ConsolidationLock:
    body = [str(pid), *(f"{key}={value!r}" if isinstance(value, float) else f"{key}={value}"
                        for key, value in fields.items()),
            f"host={socket.gethostname()}", "prior_mtime_ns=absent"]
    lock_path = memory / ".consolidate-lock"
    lock_path.write_text("\n".join(body) + "\n", encoding="utf-8")
    os.utime(lock_path, (time.time() - 60, time.time() - 60))
    return ConsolidationLock(memory)


@linux_only
def test_a_live_dream_whose_start_time_cannot_be_read_is_left_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A dream mid-commit (extra.md added, role.md not yet) whose /proc/<pid>/stat another
    process cannot read (/proc mounted hidepid, a sandbox's): its record was closed 'failed',
    its commit rolled back under it and its staging removed, and a second dream let past the
    lock. It is taken for the live dream it is, as a record without a start time is."""
    memory = sample_memory(tmp_path / "memory")
    state = memory / ".autodream"
    child = _stopped_dream(memory, "replace extra.md")
    try:
        [record] = journal.list_runs(state)
        hidden = f"/proc/{child.pid}/stat"
        real_open = builtins.open

        def hiding_open(file: Any, *args: Any, **kwargs: Any) -> Any:
            if file == hidden:
                raise PermissionError(13, "Permission denied", file)
            return real_open(file, *args, **kwargs)

        monkeypatch.setattr(procs, "open", hiding_open, raising=False)
        assert procs.process_start(child.pid) == (None, None)

        _recovery_leaves_it_running(memory, state, record.id)
    finally:
        child.kill()
        child.wait()


@linux_only
def test_a_process_of_another_boot_is_not_the_one_that_wrote_the_pid_down(
    tmp_path: Path, sleeper: subprocess.Popen[bytes]  # noqa: F811
) -> None:
    """A dream killed mid-commit before a reboot; after it, its PID runs a process that
    started as many seconds after boot as the dream had: the record stayed 'running', extra.md
    stayed in memory, and the lock it held kept every dream out until its TTL. The boot id
    tells them apart: rolled back, and the lock reclaimed."""
    memory = sample_memory(tmp_path / "memory")
    state = memory / ".autodream"
    old = tree(memory)
    record = _kill_dream(memory, "replace extra.md")
    started, since_boot = _start_of(sleeper.pid)
    before_reboot = {"pid_started": started - 86400, "pid_since_boot": since_boot,
                     "pid_boot_id": "0b5e55ed-0000-4000-8000-000000000000"}
    _hand_to(journal.run_dir(state, record.id), sleeper.pid, **before_reboot)

    journal.recover(memory, state, NOW)
    assert tree(memory) == old
    closed = journal.load_run(state, record.id)
    assert closed.outcome == "failed" and "rolled back" in closed.reason, closed.reason

    lock = _lock_of(memory, sleeper.pid, started=started - 86400, since_boot=since_boot,
                    boot_id=before_reboot["pid_boot_id"])
    assert lock.status().state == REUSED
    lock.acquire().release()

    # (the same process, of this boot, holds it)
    lock = _lock_of(memory, sleeper.pid, started=started, since_boot=since_boot,
                    boot_id=procs.boot_id())
    assert lock.status().state == LIVE


@linux_only
def test_a_process_started_half_a_second_off_is_another(
    tmp_path: Path, sleeper: subprocess.Popen[bytes]  # noqa: F811
) -> None:
    """The seconds after boot are whole clock ticks, the same each time they are read: a
    process that started half a second after the killed dream, under its PID, was taken for
    it (a second's tolerance), so its record stayed 'running' with extra.md in memory."""
    memory = sample_memory(tmp_path / "memory")
    state = memory / ".autodream"
    old = tree(memory)
    record = _kill_dream(memory, "replace extra.md")
    started, since_boot = _start_of(sleeper.pid)
    _hand_to(journal.run_dir(state, record.id), sleeper.pid,
             pid_started=started - 0.5, pid_since_boot=since_boot - 0.5)

    journal.recover(memory, state, NOW)
    assert tree(memory) == old
    assert journal.load_run(state, record.id).outcome == "failed"

    lock = _lock_of(memory, sleeper.pid, started=started - 0.5, since_boot=since_boot - 0.5)
    assert lock.status().state == REUSED
    lock = _lock_of(memory, sleeper.pid, started=started, since_boot=since_boot)
    assert lock.status().state == LIVE


@linux_only
def test_a_killed_dream_never_reaped_is_dead(tmp_path: Path) -> None:
    """A dream killed as it replaced role.md, its parent never reaping it (PID 1 of a
    container that reaps no child): a zombie of its PID was taken for the live dream, so its
    record stayed 'running', extra.md stayed in memory and its lock kept every dream out."""
    memory = sample_memory(tmp_path / "memory")
    state = memory / ".autodream"
    old = tree(memory)
    child = _stopped_dream(memory, "replace role.md")
    try:
        os.kill(child.pid, signal.SIGKILL)
        for _ in range(200):
            with open(f"/proc/{child.pid}/stat", "rb") as fh:
                if fh.read().rsplit(b")", 1)[1].split()[0] == b"Z":
                    break
            time.sleep(0.02)
        else:
            raise AssertionError("the killed dream never became a zombie")
        [record] = journal.list_runs(state)
        assert (memory / "extra.md").exists()

        journal.recover(memory, state, NOW)
        assert tree(memory) == old
        closed = journal.load_run(state, record.id)
        assert closed.outcome == "failed" and "rolled back" in closed.reason, closed.reason
        assert not journal.staging_dir(state, record.id).exists()
        lock = ConsolidationLock(memory)
        assert lock.status().state != LIVE
        lock.acquire().release()
    finally:
        child.kill()
        child.wait()
