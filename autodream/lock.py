"""``.consolidate-lock``: one dream at a time per memory directory, shared with Claude Code.

The file's mtime is the start of the last successful consolidation (the time gate reads it);
its body names the holder while a dream runs. The body's first line is the holder's PID,
exactly as Claude Code writes it, so both tools can share a memory directory; autodream adds
``key=value`` lines: the holder's process start time (a reused PID is not the holder), its
host, and the prior mtime (so a crashed run can be rolled back by whoever comes next).

Claude Code's write-then-verify lets two racing processes both win. Here the
check-write-verify step runs under an ``fcntl.flock`` on a side file in the state dir, held
only for that step, so among autodream processes exactly one wins.

This module is imported by the hook before the time gate: plain classes, no dataclasses,
and no psutil on Linux (``procs`` reads ``/proc``).
"""

from __future__ import annotations

import errno  # (built in, and stat is imported by os: neither costs the hook its start-up)
import os
import stat
import sys
import time

from autodream.errors import LockHeld
from autodream.procs import (
    DEAD,
    LIVE,
    REUSED,
    holder_state,
    own_start,
    pid_running,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from types import TracebackType

    from autodream.settings import Clock, Settings

LOCK_FILENAME = ".consolidate-lock"
GUARD_FILENAME = "lock.guard"
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)  # (absent on Windows, where links need privilege)
STATE_DIRNAME = ".autodream"
# A last dream dated further ahead of the clock than this was stamped by a clock that ran
# fast (or this one was set back): believed, it would close the time gate until the clock
# caught up, so the machine would stop dreaming without a word. Within it, file systems that
# round or lag a little are not second-guessed.
FUTURE_TOLERANCE_SECONDS = 300.0

# Holder states. "live" and "foreign" hold the lock; the stale ones are reclaimed.
# LIVE (a running process on this host, within the TTL), DEAD and REUSED: procs.holder_state.
FREE = "free"  # no holder recorded (no file, empty body, or an unreadable PID)
FOREIGN = "foreign"  # another host's holder within the TTL: its PID cannot be checked
EXPIRED = "expired"  # held for longer than the TTL
HELD_STATES = frozenset({LIVE, FOREIGN})
STALE_STATES = frozenset({DEAD, REUSED, EXPIRED})


def this_host() -> str:
    if sys.platform == "win32":
        import socket

        return socket.gethostname()
    return os.uname().nodename


class LockBody:
    """The parsed body of ``.consolidate-lock``.

    ``prior_known`` is False for a body without a ``prior`` line (Claude Code's plain PID);
    when True, ``prior_mtime_ns`` is the mtime to restore, or None if there was no file.
    """

    __slots__ = ("boot_id", "host", "pid", "prior_known", "prior_mtime_ns", "run_id",
                 "since_boot", "started")

    def __init__(
        self,
        pid: int | None,
        *,
        started: float | None = None,
        since_boot: float | None = None,
        boot_id: str | None = None,
        host: str | None = None,
        prior_mtime_ns: int | None = None,
        prior_known: bool = False,
        run_id: str | None = None,
    ) -> None:
        self.pid = pid
        self.started = started
        # (procs.process_start: what tells the holder from another process across a clock step)
        self.since_boot = since_boot
        self.boot_id = boot_id  # (procs.boot_id: which boot ``since_boot`` counts from)
        self.host = host
        self.prior_mtime_ns = prior_mtime_ns
        self.prior_known = prior_known
        self.run_id = run_id

    @classmethod
    def parse(cls, text: str) -> LockBody:
        """Read any body: ours, Claude Code's bare PID, empty, or garbage (no holder)."""
        lines = text.splitlines()
        pid: int | None = None
        if lines:
            first = lines[0].strip()
            if first.isdigit() and int(first) > 0:
                pid = int(first)
        fields: dict[str, str] = {}
        for line in lines[1:]:
            key, sep, value = line.partition("=")
            if sep:
                fields[key.strip()] = value.strip()
        body = cls(pid, host=fields.get("host") or None, run_id=fields.get("run") or None)
        body.started = _seconds(fields.get("started"))
        body.since_boot = _seconds(fields.get("since_boot"))
        body.boot_id = fields.get("boot_id") or None
        prior = fields.get("prior_mtime_ns")
        if prior == "absent":
            body.prior_known = True
        elif prior and prior.lstrip("-").isdigit():
            body.prior_known = True
            body.prior_mtime_ns = int(prior)
        return body

    def render(self) -> str:
        lines = [str(self.pid) if self.pid else ""]
        if self.started is not None:
            lines.append(f"started={self.started!r}")
        if self.since_boot is not None:
            lines.append(f"since_boot={self.since_boot!r}")
        if self.boot_id:
            lines.append(f"boot_id={self.boot_id}")
        if self.host:
            lines.append(f"host={self.host}")
        if self.prior_known:
            prior = "absent" if self.prior_mtime_ns is None else str(self.prior_mtime_ns)
            lines.append(f"prior_mtime_ns={prior}")
        if self.run_id:
            lines.append(f"run={self.run_id}")
        return "\n".join(lines) + "\n"

    def __repr__(self) -> str:
        return (
            f"LockBody(pid={self.pid!r}, started={self.started!r}, "
            f"since_boot={self.since_boot!r}, boot_id={self.boot_id!r}, host={self.host!r}, "
            f"prior_mtime_ns={self.prior_mtime_ns!r}, prior_known={self.prior_known!r}, "
            f"run_id={self.run_id!r})"
        )


def _seconds(value: str | None) -> float | None:
    """A body's ``started`` or ``since_boot``; unreadable (damaged) is unknown."""
    try:
        return float(value) if value else None
    except ValueError:
        return None


def in_the_future(epoch: float | None, now: float) -> bool:
    """Whether a recorded time is past ``now`` by more than clocks may disagree: not to be
    believed (see ``FUTURE_TOLERANCE_SECONDS``)."""
    return epoch is not None and epoch - now > FUTURE_TOLERANCE_SECONDS


class LockStatus:
    """What the lock file says right now, and what that means for its holder."""

    __slots__ = ("age", "body", "mtime_ns", "path", "state")

    def __init__(
        self,
        path: str,
        mtime_ns: int | None,
        body: LockBody | None,
        state: str,
        age: float | None,
    ) -> None:
        self.path = path
        self.mtime_ns = mtime_ns  # None: no lock file
        self.body = body
        self.state = state
        self.age = age  # seconds since the mtime, by the settings' clock

    @property
    def exists(self) -> bool:
        return self.mtime_ns is not None

    @property
    def mtime(self) -> float | None:
        return None if self.mtime_ns is None else self.mtime_ns / 1e9

    @property
    def held(self) -> bool:
        return self.state in HELD_STATES

    @property
    def stale(self) -> bool:
        return self.state in STALE_STATES

    @property
    def holder_pid(self) -> int | None:
        return self.body.pid if self.body else None

    def last_consolidated_ns(self) -> int | None:
        """The start of the last successful consolidation, or None for never.

        A stale holder's recorded prior mtime counts, not the crashed run's start: the time
        gate reopens at once after a crash instead of a whole ``min_hours`` later.
        """
        if self.stale and self.body is not None and self.body.prior_known:
            return self.body.prior_mtime_ns
        return self.mtime_ns

    def describe(self) -> str:
        if self.body is None or self.body.pid is None:
            return "free"
        where = f" on {self.body.host}" if self.body.host else ""
        age = f", {self.age / 60:.1f} min old" if self.age is not None else ""
        return f"{self.state} holder: pid {self.body.pid}{where}{age}"

    def advice(self, ttl_seconds: float) -> str:
        """What to do about a holder: wait, how long until the lock counts as stale, and the
        file to delete when the pid is something else (a pid reused by another program)."""
        body = self.body
        if body is None or body.pid is None or not self.held:
            return ""
        run = f" (run {body.run_id})" if body.run_id else ""
        left = max(0.0, ttl_seconds - (self.age or 0.0))
        return (f"wait for pid {body.pid}{run} to finish; the lock is taken as stale "
                f"{ttl_seconds / 60:g} min after it was taken (lock_ttl_minutes), in "
                f"{span(left)}; if pid {body.pid} is not a dream, delete {self.path}")

    def as_dict(self) -> dict[str, object]:
        body = self.body
        return {
            "path": self.path,
            "exists": self.exists,
            "mtime": self.mtime,
            "age_seconds": self.age,
            "state": self.state,
            "holder": None
            if body is None or body.pid is None
            else {
                "pid": body.pid,
                "host": body.host,
                "started": body.started,
                "run_id": body.run_id,
                "prior_mtime": None
                if not body.prior_known or body.prior_mtime_ns is None
                else body.prior_mtime_ns / 1e9,
            },
        }


def span(seconds: float) -> str:
    """A wait as a person reads it: minutes under an hour, else hours."""
    if seconds < 3600:
        return f"{max(seconds, 0.0) / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"


def read_status(
    path: str, now: float, ttl_seconds: float, *, check_start_time: bool = True,
    follow: bool = True,
) -> LockStatus:
    """Stat and (only when it is not empty) read the lock; classify its holder.

    With ``check_start_time=False`` (the hook before its time gate) a running PID is taken
    to be the holder without asking psutil when it started. With ``follow=False`` (the hook,
    which checks for links only past its time gate) a symlink in the lock's place raises
    ``OSError`` before anything it points to is read or its date believed.
    """
    try:
        st = os.stat(path) if follow else os.lstat(path)
    except FileNotFoundError:
        return LockStatus(path, None, None, FREE, None)
    if not follow and stat.S_ISLNK(st.st_mode):
        raise OSError(errno.ELOOP, "the lock is a symlink", path)
    age = now - st.st_mtime
    if st.st_size == 0:
        return LockStatus(path, st.st_mtime_ns, LockBody(None), FREE, age)
    body = LockBody.parse(_read_text(path, follow=follow) or "")
    return LockStatus(
        path, st.st_mtime_ns, body, _holder_state(body, age, ttl_seconds, check_start_time), age
    )


def _holder_state(body: LockBody, age: float, ttl_seconds: float, check_start_time: bool) -> str:
    if body.pid is None:
        return FREE
    if age >= ttl_seconds:
        return EXPIRED
    if body.host and body.host != this_host():
        return FOREIGN
    return holder_state(body.pid, body.started, body.since_boot, body.boot_id,
                        check_start_time=check_start_time)


def _open_nofollow(path: str, flags: int) -> int:
    return os.open(path, flags | _NOFOLLOW)


def _read_text(path: str, *, follow: bool = True) -> str | None:
    try:
        # (no follow: a link swapped in after the lstat is not read either; an opener keeps
        # the path, not a descriptor's number, in the error a directory there raises)
        with open(path, encoding="utf-8", errors="replace",
                  opener=None if follow else _open_nofollow) as fh:
            return fh.read(64 * 1024)
    except FileNotFoundError:
        return None


def _write_atomic(path: str, text: str, mtime_ns: int) -> None:
    """Replace ``path`` with ``text`` and the given mtime in one step (temp file, fsync, rename)."""
    tmp = f"{path}.{os.getpid()}.tmp"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | _NOFOLLOW, 0o644)
    try:
        try:
            os.write(fd, text.encode("utf-8"))
            if text:
                # so a crash cannot leave the holder's PID half written; an empty body (a
                # release) has no bytes to lose, and the mtime set below is not what this
                # fsync covers
                os.fsync(fd)
        finally:
            os.close(fd)
        os.utime(tmp, ns=(mtime_ns, mtime_ns))
        os.replace(tmp, path)
    except BaseException:
        _unlink(tmp)
        raise


def _sweep_dead_temps(path: str) -> None:
    """Remove the temp files of writers of ``path`` that died between write and rename (a
    kill while taking the lock); each is named for its writer's PID, and a live one's is its
    own to finish."""
    folder, name = os.path.split(path)
    prefix = name + "."
    try:
        names = os.listdir(folder or ".")
    except OSError:
        return
    for found in names:
        pid = found[len(prefix):-len(".tmp")] if (
            found.startswith(prefix) and found.endswith(".tmp")) else ""
        if pid.isdigit() and int(pid) != os.getpid() and not pid_running(int(pid)):
            _unlink(os.path.join(folder, found))


def _unlink(path: str) -> None:
    try:
        os.unlink(path)
    except FileNotFoundError:  # already gone: what we wanted (contextlib costs the hook)
        return


if sys.platform == "win32":
    import msvcrt

    def _lock_fd(fd: int) -> None:
        # Locks the first byte; LK_LOCK retries for about 10 s before raising OSError.
        msvcrt.locking(fd, msvcrt.LK_LOCK, 1)

    def _unlock_fd(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def _lock_fd(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_EX)

    def _unlock_fd(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)


class _Guard:
    """An exclusive ``flock`` on the side file, for one check-write-verify step."""

    def __init__(self, path: str, *, make: bool = True) -> None:
        self.path = path
        self.make = make
        self.fd = -1

    def __enter__(self) -> _Guard:
        if self.make:
            os.makedirs(os.path.dirname(self.path), exist_ok=True)
        try:
            # never through a link: it would create or lock a file wherever it points
            self.fd = os.open(self.path, os.O_RDWR | os.O_CREAT | _NOFOLLOW, 0o644)
        except FileNotFoundError:
            if self.make:
                raise
            return self  # (its folder gone: unguarded, see Lease._finish)
        _lock_fd(self.fd)
        return self

    def __exit__(self, *exc: object) -> None:
        if self.fd < 0:
            return
        _unlock_fd(self.fd)
        os.close(self.fd)
        self.fd = -1


class ConsolidationLock:
    """The lock of one memory directory."""

    def __init__(
        self,
        memory_dir: str | os.PathLike[str],
        *,
        state_dir: str | os.PathLike[str] | None = None,
        ttl_seconds: float = 3600.0,
        clock: Clock | None = None,
    ) -> None:
        self.memory_dir = os.fspath(memory_dir)
        self.state_dir = os.fspath(state_dir or os.path.join(self.memory_dir, STATE_DIRNAME))
        self.path = os.path.join(self.memory_dir, LOCK_FILENAME)
        self.guard_path = os.path.join(self.state_dir, GUARD_FILENAME)
        self.ttl_seconds = ttl_seconds
        self.clock = clock

    @classmethod
    def for_settings(cls, settings: Settings) -> ConsolidationLock:
        return cls(
            settings.memory_dir,
            state_dir=settings.state_dir,
            ttl_seconds=settings.lock_ttl_minutes * 60,
            clock=settings.clock,
        )

    def now(self) -> float:
        return self.clock.now() if self.clock is not None else time.time()

    def status(self, *, check_start_time: bool = True) -> LockStatus:
        """The lock as it is; reads only (safe for ``autodream status``)."""
        return read_status(
            self.path, self.now(), self.ttl_seconds, check_start_time=check_start_time
        )

    def acquire(self, *, run_id: str | None = None, seen: LockStatus | None = None,
                on_guarded: Callable[[], object] | None = None) -> Lease:
        """Take the lock for a run starting now, or raise ``LockHeld``.

        The mtime becomes the run's start (by the clock). The value to roll back to is the
        current mtime, or a stale holder's recorded prior mtime (crash recovery), or "no
        file" when there was none.

        ``seen`` is the status the caller's gate check read. If the lock file has changed
        since (another process dreamed, or started to, in between), the gates' verdict is out
        of date and this raises ``LockHeld`` rather than dream a second time.

        ``on_guarded`` is called once the guard is taken, before anything is written: run.dream
        holds signals back from there, not while this waits for another process's guard.
        """
        start_ns = int(self.now() * 1e9)
        os.makedirs(self.memory_dir, exist_ok=True)
        with _Guard(self.guard_path):
            if on_guarded is not None:
                on_guarded()
            status = self.status()
            if status.held:
                raise LockHeld(f"consolidation lock {self.path} is held: {status.describe()}; "
                               f"{status.advice(self.ttl_seconds)}")
            if seen is not None and status.mtime_ns != seen.mtime_ns:
                raise LockHeld(
                    f"consolidation lock {self.path} changed since the gates were checked:"
                    " another process has just dreamed"
                )
            if status.stale and status.body is not None and status.body.prior_known:
                prior_ns = status.body.prior_mtime_ns
            else:
                prior_ns = status.mtime_ns
            pid = os.getpid()
            started, since_boot, boot = own_start()
            body = LockBody(
                pid,
                started=started,
                since_boot=since_boot,
                boot_id=boot,
                host=this_host(),
                prior_mtime_ns=prior_ns,
                prior_known=True,
                run_id=run_id,
            )
            text = body.render()
            _sweep_dead_temps(self.path)
            _write_atomic(self.path, text, start_ns)
            # Verify: a writer that ignores our guard (Claude Code) may have raced us.
            if _read_text(self.path) != text:
                raise LockHeld(f"consolidation lock {self.path} was taken by another process")
        return Lease(self, text, start_ns, prior_ns)

    def recover(self) -> bool:
        """Roll a stale holder's run back to its recorded prior mtime; True if one was.

        Called by the gate chain when it finds a crashed holder, so the lock file tells the
        truth again (also to Claude Code sharing the directory).
        """
        if not os.path.isdir(self.memory_dir):
            return False
        with _Guard(self.guard_path):
            status = self.status()
            body = status.body
            if not status.stale or body is None or not body.prior_known:
                return False
            _restore(self.path, body.prior_mtime_ns)
            return True


def _restore(path: str, prior_ns: int | None) -> None:
    if prior_ns is None:
        _unlink(path)
    else:
        _write_atomic(path, "", prior_ns)


class Lease:
    """A held lock. ``release()`` after success, ``rollback()`` after anything else.

    As a context manager it releases on a clean exit and rolls back on any exception,
    ``KeyboardInterrupt`` and ``SystemExit`` included.
    """

    def __init__(
        self, lock: ConsolidationLock, body_text: str, start_ns: int, prior_mtime_ns: int | None
    ) -> None:
        self.lock = lock
        self.body_text = body_text
        self.start_ns = start_ns
        self.prior_mtime_ns = prior_mtime_ns
        self.outcome: str | None = None  # "released" or "rolled back" once done

    @property
    def start(self) -> float:
        return self.start_ns / 1e9

    @property
    def prior_mtime(self) -> float | None:
        return None if self.prior_mtime_ns is None else self.prior_mtime_ns / 1e9

    @property
    def active(self) -> bool:
        return self.outcome is None

    def release(self) -> bool:
        """Clear the holder; the mtime stays at the run's start. False if no longer ours."""
        return self._finish("released", self.start_ns, clear_only=True)

    def rollback(self) -> bool:
        """Restore the prior mtime (or delete the file if there was none). False if no
        longer ours (another process reclaimed it after the TTL)."""
        return self._finish("rolled back", self.prior_mtime_ns, clear_only=False)

    def _finish(self, outcome: str, mtime_ns: int | None, *, clear_only: bool) -> bool:
        if self.outcome is not None:
            return self.outcome == outcome
        self.outcome = outcome
        # the state dir moved away during the run (a sync tool): made again here to hold the
        # guard, it stood where the person was told to put the folder back, and the move put
        # it inside; the holder's body is still checked before the lock file is touched
        with _Guard(self.lock.guard_path, make=False):
            if _read_text(self.lock.path) != self.body_text:
                return False
            if clear_only:
                _write_atomic(self.lock.path, "", self.start_ns)
            else:
                _restore(self.lock.path, mtime_ns)
            return True

    def __enter__(self) -> Lease:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if exc_type is None:
            self.release()
        else:
            self.rollback()
