"""Is a process alive, and when did it start: what the lock, crash recovery and the journal ask.

On Linux both answers come from ``/proc`` directly: importing psutil costs about 15 ms, a fifth
of an incremental dream. Elsewhere psutil answers.
"""

from __future__ import annotations

import math
import os
import sys

# A start time in epoch seconds read twice can differ by rounding (on Linux it is the boot
# time, itself derived from the wall clock, plus the start tick); a PID reused within a second
# of the holder's start is not a concern. The seconds after boot need none of it: see
# ``_same_tick``.
START_TIME_TOLERANCE = 1.0
# What became of the process that wrote a PID (and its start time) down: the lock's holder,
# a run record's process, a commit's.
LIVE = "live"  # a running process on this host
DEAD = "dead"  # the PID is not running on this host (or only as a zombie)
REUSED = "reused"  # the PID runs, but started at another time (or boot) than the holder did

_BOOT_ID = "/proc/sys/kernel/random/boot_id"


def pid_running(pid: int) -> bool:
    """True when a process with this PID runs on this host (it may belong to another user).
    On Linux a zombie (killed, never reaped: PID 1 of a container that reaps no child) is not
    running, and never will be again; elsewhere ``holder_state`` asks psutil, whose import the
    hook's early look at the lock (``check_start_time=False``) is spared."""
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
        pass
    if sys.platform.startswith("linux"):
        stat = _linux_stat(pid)  # (its state, field 3: Z zombie, X dead)
        return stat is None or stat[0] not in (b"Z", b"X")
    return True


def _zombie(pid: int) -> bool:
    """Whether psutil calls ``pid`` a zombie (systems other than Linux); False when it
    cannot tell."""
    import psutil

    try:
        return bool(psutil.Process(pid).status() == psutil.STATUS_ZOMBIE)
    except psutil.ZombieProcess:
        return True
    except (psutil.Error, OSError):
        return False


def _linux_stat(pid: int) -> tuple[bytes, int] | None:
    """``pid``'s state letter and start tick (clock ticks after boot) from ``/proc/<pid>/stat``,
    or None when it cannot be read."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as fh:
            stat = fh.read()
        # The command name (field 2) may hold spaces and parentheses: count after the last ")".
        fields = stat[stat.rindex(b")") + 2 :].split()
        return fields[0], int(fields[19])  # fields 3 (state) and 22 (starttime)
    except (OSError, ValueError, IndexError):
        return None


def _clock_tick() -> float:
    """How long one clock tick is (``SC_CLK_TCK``), in seconds: what a start tick counts."""
    return 1.0 / os.sysconf("SC_CLK_TCK")


def _linux_start(pid: int) -> tuple[float, float] | None:
    """The boot time and the seconds after it ``pid`` started (its start tick in
    ``/proc/<pid>/stat``): their sum is what psutil computes as its start time."""
    stat = _linux_stat(pid)
    if stat is None:
        return None
    try:
        with open("/proc/stat", "rb") as fh:
            boot = next(
                (line for line in fh if line.startswith(b"btime ")), b""
            ).split()
        return float(int(boot[1])), stat[1] * _clock_tick()
    except (OSError, ValueError, IndexError):
        return None


def boot_id() -> str | None:
    """This boot's id (Linux: ``/proc/sys/kernel/random/boot_id``, new at every boot), or None
    where there is none: a process of the same PID that started as many seconds after a later
    boot is not the one that wrote a start time down before it."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        with open(_BOOT_ID, "rb") as fh:
            found = fh.read().decode("ascii").strip()
    except (OSError, ValueError):
        return None
    return found or None


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

    # psutil's start time is what each system gives: on FreeBSD, as on Linux, the boot time
    # plus the seconds after it, so a clock step moves it there too (and no seconds after boot
    # are kept to compare instead); macOS and Windows give the time the process was created
    try:
        return float(psutil.Process(pid).create_time()), None
    except (psutil.Error, OSError):
        return None, None


# The keys a run record and a commit intent write their process's start under (``own_start``),
# and its user (``own_uid``), each only when known.
_START_KEYS = ("pid_started", "pid_since_boot", "pid_boot_id", "pid_uid")
_own: tuple[int, tuple[float | None, float | None, str | None]] | None = None


def own_start() -> tuple[float | None, float | None, str | None]:
    """This process's start as the lock's body, a run record and a commit intent write it down
    for ``holder_state`` to judge: its epoch start, seconds after boot and the boot id. Read
    once (a process's start does not change; a forked child reads its own), where each writer
    read ``/proc`` again, a run record twice."""
    global _own
    pid = os.getpid()
    if _own is not None and _own[0] == pid:
        return _own[1]
    started, since_boot = process_start(pid)
    start = (started, since_boot, boot_id())
    if started is not None:  # (unreadable now: read again next time)
        _own = (pid, start)
    return start


def own_uid() -> int | None:
    """The user this process runs as (its effective uid), which a run record and a commit
    intent write down beside its start; None where there are no uids (Windows)."""
    geteuid = getattr(os, "geteuid", None)
    return None if geteuid is None else int(geteuid())


def start_fields(started: float | None, since_boot: float | None, boot: str | None,
                 uid: int | None = None) -> dict[str, float | str | int]:
    """A process's start and user as a run record or commit intent writes them
    (``recorded_holder`` reads them back): each only when known."""
    return {key: value for key, value in zip(_START_KEYS, (started, since_boot, boot, uid),
                                             strict=True)
            if value is not None}


def recorded_holder(
    data: dict[str, object]
) -> tuple[float | None, float | None, str | None, int | None]:
    """The start and user ``start_fields`` wrote into ``data``, each part unknown where it is
    missing (a record from before it was kept), forged or damaged."""
    return (recorded_start(data.get("pid_started")), recorded_start(data.get("pid_since_boot")),
            recorded_boot(data.get("pid_boot_id")), recorded_uid(data.get("pid_uid")))


def recorded_uid(value: object) -> int | None:
    """A uid as a record or intent wrote it down (``own_uid``); anything but a whole number a
    uid can be is unknown, and the record judged as one written before uids were kept."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 2**32:
        return None
    return value


def recorded_start(value: object) -> float | None:
    """A start time (or seconds after boot) as a record or intent wrote it down: anything but
    a finite number (forged or damaged) is unknown, so the record is judged as one written
    before start times were kept."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        return None
    return float(value)


def recorded_boot(value: object) -> str | None:
    """A boot id as a record or intent wrote it down (``boot_id``); anything but a short
    string of one line is unknown."""
    if not isinstance(value, str) or not value or len(value) > 64 or not value.isprintable():
        return None
    return value.strip() or None


def _same_tick(a: float, b: float) -> bool:
    """Whether two seconds-after-boot are one start tick: both are a whole number of ticks
    divided by ``SC_CLK_TCK``, so the same process reads the same each time (any
    difference is a tick or more; half of one absorbs the float division)."""
    return abs(a - b) < _clock_tick() / 2


def _signal_refused(pid: int) -> bool:
    """Whether this process may not signal ``pid`` (``kill(pid, 0)``: EPERM): a process it may
    not signal runs as another user than this process's real and effective ones."""
    try:
        os.kill(pid, 0)
    except PermissionError:
        return True
    except OSError:
        return False
    return False


# Where this process's mounts are listed (Linux), and the ``hidepid`` values under which
# ``/proc`` hides other users' processes from it (1, noaccess: not readable; 2, invisible: not
# listed); 0 (off) hides none, and 4 (ptraceable) may hide one of its own user's.
_MOUNTINFO = "/proc/self/mountinfo"
_HIDING = frozenset({"1", "2", "noaccess", "invisible"})
_hidepid: bool | None = None


def proc_hidepid() -> bool:
    """Whether ``/proc`` is mounted ``hidepid`` (``hidepid_in`` this process's mounts), read
    once a process; False where the mounts cannot be read."""
    global _hidepid
    if _hidepid is None:
        try:
            with open(_MOUNTINFO, "rb") as fh:
                _hidepid = hidepid_in(fh.read().decode("utf-8", errors="replace"))
        except OSError:
            _hidepid = False
    return _hidepid


def hidepid_in(mountinfo: str) -> bool:
    """Whether the ``/proc`` mount in ``mountinfo`` (as ``/proc/self/mountinfo`` lists mounts:
    '<id> <parent> <dev> <root> <mount point> <options> [<optional>...] - <type> <source>
    <super options>') hides other users' processes: ``hidepid`` among its super options, at a
    value in ``_HIDING``. The last such mount is the one seen (a later one mounted over it)."""
    hides = False
    for line in mountinfo.splitlines():
        fields = line.split(" ")
        if len(fields) < 10 or fields[4] != "/proc" or "-" not in fields[6:]:
            continue
        tail = fields[fields.index("-", 6) + 1:]
        if len(tail) < 3 or tail[0] != "proc":
            continue
        hides = any(option.startswith("hidepid=") and option[len("hidepid="):] in _HIDING
                    for option in tail[2].split(","))
    return hides


def _another_users(pid: int, uid: int | None) -> bool:
    """Whether running ``pid``, whose start cannot be read, is another user's process, not the
    one user ``uid`` wrote down (Linux): ``/proc`` is mounted ``hidepid`` (what hides another
    user's process, never one of this process's own user), this process reads its own start
    (so ``/proc`` is there for it), runs as ``uid`` (a process of its own user it could read
    and signal), and may not signal ``pid``. Without a uid written down (older records), as
    another user, or without ``hidepid``, it cannot tell: an LSM's or a seccomp filter's rules
    may refuse the signal to, and hide, a live dream of this user."""
    if uid is None or not sys.platform.startswith("linux"):
        return False
    if uid not in (os.getuid(), os.geteuid()) or not proc_hidepid():
        return False
    if own_start()[0] is None:
        return False
    return _signal_refused(pid)


def holder_state(
    pid: int,
    started: float | None,
    since_boot: float | None = None,
    boot: str | None = None,
    uid: int | None = None,
    *,
    check_start_time: bool = True,
) -> str:
    """``LIVE``, ``DEAD`` or ``REUSED``: is the process that wrote down ``pid`` (and, when
    known, ``started`` and ``since_boot``, as ``process_start`` gave them, and ``boot``, the
    ``boot_id`` then) still running?

    Without a start time (written by an older version) a running PID is taken for it. A boot
    id other than this boot's is another process. With the seconds after boot, those are
    compared (to the tick), so a wall-clock step since does not make the holder look like
    another process; without them, the epoch start.

    A running PID whose start cannot be read now (``/proc`` mounted ``hidepid``, a sandbox's,
    psutil refused) is taken for the holder, as one without a start time is: taken for dead,
    a dream still committing had its record closed and its commit rolled back under it (and a
    second dream let past its lock), while taken for live a record only waits for its PID to
    end, and the lock for its TTL. Unless ``uid``, the user that wrote it down, is this
    process's and the PID now runs as another (``_another_users``): a process of its own user
    it could read, so the PID was taken by another user's process after the holder died."""
    if not pid_running(pid):
        return DEAD
    if not check_start_time:
        return LIVE
    if not sys.platform.startswith("linux") and _zombie(pid):
        return DEAD
    if boot is not None:
        now_boot = boot_id()
        if now_boot is not None and now_boot != boot:
            return REUSED
    if started is None:
        return LIVE
    now_started, now_since_boot = process_start(pid)
    if since_boot is not None and now_since_boot is not None:
        return LIVE if _same_tick(now_since_boot, since_boot) else REUSED
    if now_started is None:
        # (or it ended between the two reads: then it is dead)
        if not pid_running(pid):
            return DEAD
        # (a killed dream's PID taken by another user's process under hidepid: its record
        # stayed 'running' and its commit unrolled until that process ended)
        return REUSED if _another_users(pid, uid) else LIVE
    return LIVE if abs(now_started - started) <= START_TIME_TOLERANCE else REUSED
