"""A dream killed mid-commit whose PID another user's process then took, where that process's
start cannot be read (``/proc`` mounted ``hidepid``): its record stayed 'running' and its
commit unrolled for as long as that process ran. The record and the intent keep the dream's
uid with its start: a process of our own user we could always read (and signal), so a PID of
unreadable start while the recorded uid is ours is another process; but only where ``/proc``
is mounted ``hidepid``: without it, what refuses the signal and hides ``/proc`` (an LSM's or a
seccomp filter's rules) may do so to a live dream of our own user."""

from __future__ import annotations

import builtins
import errno
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from autodream import journal, procs
from autodream.memory import commit as commit_mod
from tests.memdirs import NOW, sample_memory, tree
from tests.test_killed_pid_taken import (
    _kill_dream,
    sleeper,  # noqa: F401  (fixture)
)

linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                reason="/proc and hidepid are Linux's")


# this process's /proc/self/mountinfo, but for its /proc mount's super options
_MOUNTS = ("21 26 0:20 / /sys rw,nosuid,nodev,noexec,relatime shared:7 - sysfs sysfs rw\n"
           "22 26 0:21 / /proc rw,nosuid,nodev,noexec,relatime shared:12 - proc proc {}\n"
           "26 1 8:1 / / rw,relatime shared:1 - ext4 /dev/sda1 rw,errors=remount-ro\n")


def _mounted(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, options: str) -> None:
    """``/proc`` seen mounted with super options ``options`` (``rw,hidepid=2``)."""
    mountinfo = tmp_path / "mountinfo"
    mountinfo.write_text(_MOUNTS.format(options), encoding="utf-8")
    monkeypatch.setattr(procs, "_MOUNTINFO", str(mountinfo))
    monkeypatch.setattr(procs, "_hidepid", None)  # (read once a process: read again)


def _another_users(monkeypatch: pytest.MonkeyPatch, pid: int) -> None:
    """``pid`` seen as another user's process under hidepid (``_mounted`` says whether it is
    mounted so): its ``/proc/<pid>/stat`` cannot be read, and signalling it is refused."""
    hidden = f"/proc/{pid}/stat"
    real_open, real_kill = builtins.open, os.kill

    def hiding_open(file: Any, *args: Any, **kwargs: Any) -> Any:
        if file == hidden:
            raise PermissionError(errno.EACCES, "Permission denied", file)
        return real_open(file, *args, **kwargs)

    def refusing_kill(target: int, sig: int) -> None:
        if target == pid and sig == 0:  # (the fixture still ends it)
            raise PermissionError(errno.EPERM, "Operation not permitted")
        real_kill(target, sig)

    monkeypatch.setattr(procs, "open", hiding_open, raising=False)
    monkeypatch.setattr(os, "kill", refusing_kill)
    assert procs.process_start(pid) == (None, None) and procs.pid_running(pid)


def _hand_to(run_dir: Path, pid: int, uid: int | None) -> None:
    """The run's record and intent as the killed dream wrote them (its start, and ``uid``, or
    no uid: an older record), its PID now ``pid``."""
    for name in ("record.json", commit_mod.INTENT_FILENAME):
        path = run_dir / name
        data = json.loads(path.read_text("utf-8"))
        data["pid"] = pid
        data.pop("pid_uid", None)
        if uid is not None:
            data["pid_uid"] = uid
        path.write_text(json.dumps(data), encoding="utf-8")


@linux_only
def test_a_killed_dream_whose_pid_another_user_took_under_hidepid_is_rolled_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    sleeper: subprocess.Popen[bytes],  # noqa: F811
) -> None:
    memory = sample_memory(tmp_path / "memory")
    state = memory / ".autodream"
    old = tree(memory)
    record = _kill_dream(memory, "replace extra.md")
    data = json.loads((journal.run_dir(state, record.id) / "record.json").read_text("utf-8"))
    assert data["pid_uid"] == os.geteuid()  # (written down with its start)
    assert journal.load_run(state, record.id).pid_uid == os.geteuid()
    _hand_to(journal.run_dir(state, record.id), sleeper.pid, os.geteuid())
    _mounted(monkeypatch, tmp_path, "rw,hidepid=invisible")
    _another_users(monkeypatch, sleeper.pid)

    assert journal.as_shown(journal.load_run(state, record.id), state).outcome == "interrupted"
    journal.recover(memory, state, NOW)
    assert tree(memory) == old  # extra.md, which no run committed, gone
    closed = journal.load_run(state, record.id)
    assert closed.outcome == "failed" and "rolled back" in closed.reason, closed.reason


@linux_only
@pytest.mark.parametrize("uid", [None, "another"], ids=["old record", "another user's dream"])
def test_without_our_uid_a_pid_of_unreadable_start_is_still_taken_for_the_dream(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    sleeper: subprocess.Popen[bytes], uid: str | None,  # noqa: F811
) -> None:
    """A record from before uids were kept, or a dream another user ran (whose process we may
    not read or signal however alive): judged as before, a live dream mid-commit must not
    have its commit rolled back under it."""
    memory = sample_memory(tmp_path / "memory")
    state = memory / ".autodream"
    record = _kill_dream(memory, "replace extra.md")
    during = tree(memory)
    _hand_to(journal.run_dir(state, record.id), sleeper.pid,
             None if uid is None else os.geteuid() + 1)
    _mounted(monkeypatch, tmp_path, "rw,hidepid=invisible")
    _another_users(monkeypatch, sleeper.pid)

    journal.recover(memory, state, NOW)
    assert journal.load_run(state, record.id).outcome == "running"
    assert commit_mod.commit_state(journal.run_dir(state, record.id)) == "applying"
    assert tree(memory) == during


@linux_only
@pytest.mark.parametrize("options", ["rw", "rw,hidepid=0", "rw,hidepid=off",
                                     "rw,hidepid=ptraceable"])
def test_a_live_dream_an_lsm_hides_is_not_rolled_back_where_proc_is_not_hidepid(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    sleeper: subprocess.Popen[bytes], options: str,  # noqa: F811
) -> None:
    """A live dream of our own user, mid-commit, which an LSM's signal rules (SELinux,
    AppArmor) or a seccomp filter keep us from signalling, its ``/proc`` hidden: taken for
    another user's process (EPERM, start unreadable, our uid recorded), its commit was rolled
    back under it and its record closed 'failed'. Without ``hidepid`` on ``/proc`` a process
    of another user is readable, so the unreadable one is judged as before: live."""
    memory = sample_memory(tmp_path / "memory")
    state = memory / ".autodream"
    record = _kill_dream(memory, "replace extra.md")
    during = tree(memory)
    _hand_to(journal.run_dir(state, record.id), sleeper.pid, os.geteuid())
    _mounted(monkeypatch, tmp_path, options)
    _another_users(monkeypatch, sleeper.pid)

    assert journal.as_shown(journal.load_run(state, record.id), state).outcome == "running"
    journal.recover(memory, state, NOW)
    assert journal.load_run(state, record.id).outcome == "running"
    assert commit_mod.commit_state(journal.run_dir(state, record.id)) == "applying"
    assert tree(memory) == during


@pytest.mark.parametrize(("proc", "hides"), [
    ("rw,hidepid=2", True), ("rw,hidepid=1", True), ("rw,nosuid,hidepid=invisible", True),
    ("rw,hidepid=noaccess,gid=4", True), ("rw,hidepid=invisible,subset=pid", True),
    ("rw", False), ("rw,hidepid=0", False), ("rw,hidepid=off", False),
    ("rw,hidepid=4", False), ("rw,hidepid=ptraceable", False), ("rw,xhidepid=2", False),
])
def test_hidepid_is_read_from_the_proc_mounts_super_options(proc: str, hides: bool) -> None:
    assert procs.hidepid_in(_MOUNTS.format(proc)) is hides


def test_hidepid_of_another_mount_than_proc_is_not_procs() -> None:
    """Only the mount at ``/proc`` counts, of type proc, the last one mounted over it."""
    other = ("30 26 0:40 / /run/container/proc rw,relatime - proc proc rw,hidepid=2\n"
             "31 26 0:41 / /mnt/hidepid=2 rw,relatime - tmpfs hidepid=2 rw,hidepid=2\n")
    assert not procs.hidepid_in(_MOUNTS.format("rw") + other)
    over = "40 22 0:50 / /proc rw,relatime - proc proc rw,hidepid=2\n"
    assert procs.hidepid_in(_MOUNTS.format("rw") + over)
    assert not procs.hidepid_in(over + _MOUNTS.format("rw"))
    assert not procs.hidepid_in("") and not procs.hidepid_in("garbage\n- proc\n")


@pytest.mark.parametrize("value", [True, -1, 2**32, 1.0, "0", None])
def test_a_forged_uid_is_unknown(value: object) -> None:
    assert procs.recorded_holder({"pid_uid": value})[3] is None
    assert procs.recorded_holder({"pid_uid": 1000})[3] == 1000
