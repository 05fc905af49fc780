"""Is a process alive, and when did it start: what the lock, crash recovery and the journal ask.

On Linux both answers come from ``/proc`` directly: importing psutil costs about 15 ms, a fifth
of an incremental dream. Elsewhere psutil answers.
"""

from __future__ import annotations

import os
import sys

# A process start time read twice can differ by rounding (it is derived from clock ticks and
# the boot time); a PID reused within a second of the holder's start is not a concern.
START_TIME_TOLERANCE = 1.0
# What became of the process that wrote a PID (and its start time) down: the lock's holder,
# a run record's process.
LIVE = "live"  # a running process on this host
DEAD = "dead"  # the PID is not running on this host
REUSED = "reused"  # the PID runs, but started at another time than the holder did


def pid_running(pid: int) -> bool:
    """True when a process with this PID exists on this host (it may belong to another user)."""
    if pid <= 0:
        return False
    if sys.platform == "win32":  # os.kill(pid, 0) would terminate the process there
        import psutil

        return bool(psutil.pid_exists(pid))
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _linux_start_time(pid: int) -> float | None:
    """Boot time plus the start tick in ``/proc/<pid>/stat``: the same sum psutil computes."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as fh:
            stat = fh.read()
        with open("/proc/stat", "rb") as fh:
            boot = next(
                (line for line in fh if line.startswith(b"btime ")), b""
            ).split()
        # The command name (field 2) may hold spaces and parentheses: count after the last ")".
        fields = stat[stat.rindex(b")") + 2 :].split()
        ticks = int(fields[19])  # field 22, starttime, in clock ticks since boot
        return int(boot[1]) + ticks / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


def process_start_time(pid: int) -> float | None:
    """When ``pid`` started (epoch seconds), or None if it is not running or unknowable."""
    if pid <= 0:
        return None
    if sys.platform.startswith("linux"):
        return _linux_start_time(pid)
    import psutil

    try:
        return float(psutil.Process(pid).create_time())
    except (psutil.Error, OSError):
        return None


def holder_state(pid: int, started: float | None, *, check_start_time: bool = True) -> str:
    """``LIVE``, ``DEAD`` or ``REUSED``: is the process that wrote down ``pid`` (and, when
    known, ``started``, its start time) still running? Without a start time a running PID is
    taken for it; with one, a running PID whose start time cannot be read is taken for dead."""
    if not pid_running(pid):
        return DEAD
    if check_start_time and started is not None:
        now = process_start_time(pid)
        if now is None:
            return DEAD
        if abs(now - started) > START_TIME_TOLERANCE:
            return REUSED
    return LIVE
