"""Is a process alive, and when did it start: what the lock, crash recovery and the journal ask.

On Linux both answers come from ``/proc`` directly: importing psutil costs about 15 ms, a fifth
of an incremental dream. Elsewhere psutil answers.
"""

from __future__ import annotations

import math
import os
import sys

# A process start time read twice can differ by rounding (it is derived from clock ticks and
# the boot time); a PID reused within a second of the holder's start is not a concern.
START_TIME_TOLERANCE = 1.0
# What became of the process that wrote a PID (and its start time) down: the lock's holder,
# a run record's process, a commit's.
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


def _linux_start(pid: int) -> tuple[float, float] | None:
    """The boot time and the seconds after it ``pid`` started (its start tick in
    ``/proc/<pid>/stat``): their sum is what psutil computes as its start time."""
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
        return float(int(boot[1])), ticks / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


def process_start_time(pid: int) -> float | None:
    """When ``pid`` started (epoch seconds), or None if it is not running or unknowable."""
    return process_start(pid)[0]


def process_start(pid: int) -> tuple[float | None, float | None]:
    """When ``pid`` started: epoch seconds, and on Linux the seconds after boot (else None);
    (None, None) if it is not running or unknowable.

    Linux derives the boot time from the wall clock, so a clock step (NTP, a hand-set date)
    moves every process's epoch start time with it; the seconds after boot stay as they were,
    and tell one process from another across such a step."""
    if pid <= 0:
        return None, None
    if sys.platform.startswith("linux"):
        start = _linux_start(pid)
        return (None, None) if start is None else (start[0] + start[1], start[1])
    import psutil

    try:  # (a start time read here is kept by the kernel, not derived from the boot time)
        return float(psutil.Process(pid).create_time()), None
    except (psutil.Error, OSError):
        return None, None


def recorded_start(value: object) -> float | None:
    """A start time (or seconds after boot) as a record or intent wrote it down: anything but
    a finite number (forged or damaged) is unknown, so the record is judged as one written
    before start times were kept."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        return None
    return float(value)


def holder_state(
    pid: int,
    started: float | None,
    since_boot: float | None = None,
    *,
    check_start_time: bool = True,
) -> str:
    """``LIVE``, ``DEAD`` or ``REUSED``: is the process that wrote down ``pid`` (and, when
    known, ``started`` and ``since_boot``, as ``process_start`` gave them) still running?

    Without a start time (written by an older version) a running PID is taken for it. With the
    seconds after boot, those are compared, so a wall-clock step since does not make the
    holder look like another process; without them, the epoch start. A running PID whose start
    cannot be read is taken for dead."""
    if not pid_running(pid):
        return DEAD
    if not check_start_time or started is None:
        return LIVE
    now_started, now_since_boot = process_start(pid)
    if since_boot is not None and now_since_boot is not None:
        return LIVE if abs(now_since_boot - since_boot) <= START_TIME_TOLERANCE else REUSED
    if now_started is None:
        return DEAD
    return LIVE if abs(now_started - started) <= START_TIME_TOLERANCE else REUSED
