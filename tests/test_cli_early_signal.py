"""Ctrl-C or SIGTERM early in `autodream --force`, before the dream's step runs: while its
modules are imported, between the lock's temp file and its rename, or just after the lock is
taken. Each says the one line a later signal says, exits 130 / 143, and leaves the memory dir
as it was: no lock held by the dead process, no '.consolidate-lock.<pid>.tmp'.

The child pauses at the point named (reading a line from stdin), so the signal lands there
and nowhere else: no timing."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from tests.test_cli_dream import clean_env, dream

REPO = str(Path(__file__).resolve().parent.parent)

# `autodream` as the console script runs it, with one pause point put in
PAUSED_CLI = textwrap.dedent(
    """
    import os, sys
    import autodream, autodream.lock

    paused = []

    def pause():
        if not paused:
            paused.append(True)
            print("paused", flush=True)
            sys.stdin.readline()

    where = sys.argv.pop(1)
    if where == "imports":
        load = autodream.load_dream_path

        def paused_load():
            pause()
            load()

        autodream.load_dream_path = paused_load
    elif where == "lock temp file":
        replace = os.replace

        def paused_replace(src, dst, **options):
            if ".consolidate-lock." in os.fspath(src):
                pause()
            replace(src, dst, **options)

        os.replace = paused_replace
    else:
        acquire = autodream.lock.ConsolidationLock.acquire

        def paused_acquire(self, **options):
            lease = acquire(self, **options)
            pause()
            return lease

        autodream.lock.ConsolidationLock.acquire = paused_acquire
    from autodream.cli import main

    sys.argv[0] = "autodream"
    main()
    """
)


def _memory_dir_state(memory: Path) -> tuple[dict[str, bytes], list[str], tuple[str, int]]:
    """The memory's files (the state dir aside: a stopped dream may note its failure there),
    every temp file anywhere in the memory dir, and the lock's body and mtime."""
    files = {p.relative_to(memory).as_posix(): p.read_bytes() for p in sorted(memory.rglob("*"))
             if p.is_file() and ".autodream" not in p.relative_to(memory).parts
             and p.name != ".consolidate-lock"}
    temps = sorted(p.name for p in memory.rglob("*.tmp"))
    lock = memory / ".consolidate-lock"
    return files, temps, (lock.read_text(), lock.stat().st_mtime_ns)


def _signalled_at(project: Path, where: str, signum: int, *args: str) -> tuple[int, str, str]:
    proc = subprocess.Popen(
        [sys.executable, "-c", PAUSED_CLI, where, "--force", "--project", str(project), *args],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**clean_env(), "PYTHONPATH": REPO})
    assert proc.stdin is not None and proc.stdout is not None
    assert proc.stdout.readline() == "paused\n", proc.communicate(timeout=60)
    proc.send_signal(signum)
    try:  # on (a signal held back while the lock is taken comes once it is)
        proc.stdin.write("go\n")
        proc.stdin.flush()
    except BrokenPipeError:
        pass
    out, err = proc.communicate(timeout=60)
    return proc.returncode, out, err


@pytest.mark.parametrize("where", ["imports", "lock temp file", "lock taken"])
@pytest.mark.parametrize(("signum", "why"), [(signal.SIGTERM, "interrupted by SIGTERM"),
                                             (signal.SIGINT, "interrupted by Ctrl-C")])
def test_an_early_signal_says_so_and_leaves_the_memory_dir_as_it_was(
        sample: Path, where: str, signum: int, why: str) -> None:
    """Was: SIGTERM there killed the process (exit -15, no line; at the temp file
    '.consolidate-lock.<pid>.tmp' stayed in the memory dir, once the lock was taken a lock
    held by a dead process), Ctrl-C while the modules were imported said click's 'Aborted!'
    (exit 1), and Ctrl-C just after the lock was taken left it held."""
    assert dream(sample)[0] == 0
    memory = sample / "memory"
    before = _memory_dir_state(memory)
    assert before[1] == []
    code, out, err = _signalled_at(sample, where, signum)
    assert code == 128 + signum, (out, err)
    assert err.splitlines() == [f"interrupted: nothing was committed (memory unchanged); {why}"]
    assert out == ""
    assert _memory_dir_state(memory) == before
    # and the next dream is not held up
    assert dream(sample)[0] == 0


def test_an_early_sigterm_with_json_prints_the_document(sample: Path) -> None:
    code, out, err = _signalled_at(sample, "imports", signal.SIGTERM, "--json")
    assert code == 143, (out, err)
    document = json.loads(out)
    assert document["status"] == "interrupted" and document["exit_code"] == 143
    assert document["committed_run"] is None
    assert not os.path.lexists(sample / "memory" / ".consolidate-lock")


# another process inside the lock's check-write-verify step: the guard's flock held
GUARD_HOLDER = textwrap.dedent(
    """
    import fcntl, os, sys

    os.makedirs(os.path.dirname(sys.argv[1]), exist_ok=True)
    fd = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT, 0o644)
    fcntl.flock(fd, fcntl.LOCK_EX)
    print("held", flush=True)
    sys.stdin.readline()
    """
)


def _waits_on_a_flock(pid: int) -> bool:
    """Whether process ``pid`` is blocked on a flock (/proc/locks lists a waiter with '->')."""
    with open("/proc/locks") as locks:
        return any("->" in line and line.split()[5:6] == [str(pid)] for line in locks)


@pytest.mark.skipif(not os.path.exists("/proc/locks"), reason="reads /proc/locks")
@pytest.mark.parametrize(("signum", "why"), [(signal.SIGTERM, "interrupted by SIGTERM"),
                                             (signal.SIGINT, "interrupted by Ctrl-C")])
def test_a_signal_while_another_process_holds_the_locks_guard_stops_the_wait(
        sample: Path, signum: int, why: str) -> None:
    """Was: signals were held back for the whole of taking the lock, the wait for another
    process's guard included, so Ctrl-C and SIGTERM did nothing until it let go."""
    assert dream(sample)[0] == 0
    memory = sample / "memory"
    before = _memory_dir_state(memory)
    holder = subprocess.Popen(
        [sys.executable, "-c", GUARD_HOLDER, str(memory / ".autodream" / "lock.guard")],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert holder.stdin is not None and holder.stdout is not None
    try:
        assert holder.stdout.readline() == "held\n"
        proc = subprocess.Popen(
            [sys.executable, "-m", "autodream.cli", "--force", "--project", str(sample)],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            env={**clean_env(), "PYTHONPATH": REPO})
        try:
            for _ in range(6000):  # (up to a minute on a busy machine)
                if proc.poll() is not None or _waits_on_a_flock(proc.pid):
                    break
                time.sleep(0.01)
            assert _waits_on_a_flock(proc.pid), proc.communicate(timeout=60)
            proc.send_signal(signum)
            out, err = proc.communicate(timeout=20)  # the guard still held
        finally:
            proc.kill()
            proc.wait()
    finally:
        holder.communicate("go\n", timeout=60)
    assert proc.returncode == 128 + signum, (out, err)
    assert err.splitlines() == [f"interrupted: nothing was committed (memory unchanged); {why}"]
    assert out == ""
    assert _memory_dir_state(memory) == before
    assert dream(sample)[0] == 0


# `autodream` with the signal sent again at each release of the lock: the first after the
# commit, the second in the clean-up the first set off (kill, then kill again)
SIGNALLED_AT_EACH_RELEASE = textwrap.dedent(
    """
    import os, sys
    import autodream.lock

    signum = int(sys.argv.pop(1))
    release = autodream.lock.Lease.release

    def signalled_release(self):
        os.kill(os.getpid(), signum)
        sum(range(1000))  # (the handler runs here, unless the signal is held back)
        return release(self)

    autodream.lock.Lease.release = signalled_release
    from autodream.cli import main

    sys.argv[0] = "autodream"
    main()
    """
)


@pytest.mark.parametrize(("signum", "why"), [(signal.SIGTERM, "interrupted by SIGTERM"),
                                             (signal.SIGINT, "interrupted by Ctrl-C")])
def test_a_second_signal_after_the_commit_still_says_the_dream_is_in_memory(
        sample: Path, signum: int, why: str) -> None:
    """Was: 'interrupted: nothing was committed (memory unchanged)', the dream in memory, and
    the lock left held by the dead process (the second signal stopped its release)."""
    memory = sample / "memory"
    before = {p.name: p.read_bytes() for p in memory.glob("*.md")}
    proc = subprocess.run(
        [sys.executable, "-c", SIGNALLED_AT_EACH_RELEASE, str(int(signum)), "--force",
         "--project", str(sample)],
        capture_output=True, text=True, timeout=120, env={**clean_env(), "PYTHONPATH": REPO})
    assert proc.returncode == 128 + signum, (proc.stdout, proc.stderr)
    [line] = proc.stderr.splitlines()
    assert line.startswith("interrupted after the commit: run ") and line.endswith(why), line
    run_id = line.split()[5]
    assert f"autodream undo {run_id}" in line
    assert {p.name: p.read_bytes() for p in memory.glob("*.md")} != before
    assert (memory / ".consolidate-lock").read_text() == ""  # released, held by no one
