"""Is a process alive, and when did it start: the lock's test of a reused PID rests on these."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import psutil
import pytest

from autodream.procs import pid_running, process_start_time


def _gone_pid() -> int:
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid


def test_start_time_of_a_running_process_agrees_with_psutil() -> None:
    mine = process_start_time(os.getpid())
    assert mine is not None
    assert mine == pytest.approx(psutil.Process(os.getpid()).create_time(), abs=0.01)
    # a child started later has a later start time: a reused PID is told apart by this
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(5)"])
    try:
        theirs = process_start_time(child.pid)
        assert theirs is not None and theirs >= mine
    finally:
        child.kill()
        child.wait()


@pytest.mark.parametrize("pid", [0, -1])
def test_no_start_time_for_an_impossible_pid(pid: int) -> None:
    assert process_start_time(pid) is None
    assert not pid_running(pid)


def test_no_start_time_for_a_process_that_exited() -> None:
    pid = _gone_pid()
    assert not pid_running(pid)
    assert process_start_time(pid) is None


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="/proc parsing is Linux-only")
def test_a_command_name_with_spaces_and_parentheses_is_parsed(tmp_path: Path) -> None:
    # /proc/<pid>/stat puts the command name in parentheses; one that holds ") (" must not
    # shift the fields that follow it.
    odd = tmp_path / "a) (b c"
    odd.symlink_to(sys.executable)
    child = subprocess.Popen([str(odd), "-c", "import time; time.sleep(5)"])
    try:
        expected = psutil.Process(child.pid).create_time()
        assert process_start_time(child.pid) == pytest.approx(expected, abs=0.01)
        assert b") (" in Path(f"/proc/{child.pid}/stat").read_bytes()
    finally:
        child.kill()
        child.wait()
