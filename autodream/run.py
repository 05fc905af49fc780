"""One dream end to end: gates, lock, the dream step, then release or roll back.

The step (staging, subagent, checks, commit, journal) is one call behind ``DreamStep`` so the
pipeline can plug in and tests can drive it. Whatever the step does, the lock ends either
released (success: its mtime stays at the run's start) or rolled back (failure, exception,
Ctrl-C, SIGTERM, or a dry run: its mtime is what it was before).
"""

from __future__ import annotations

import json
import os
import signal
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Protocol

from autodream import gates
from autodream.errors import (
    AutodreamError,
    BackendUnavailable,
    BadInput,
    ConfigError,
    GateClosed,
    LockHeld,
    SigtermRaises,
    committed_run,
    mark_committed,
    mark_run,
    printable,
)
from autodream.errors import TerminatedBySignal as TerminatedBySignal  # (run's, as before)
from autodream.lock import ConsolidationLock, Lease
from autodream.settings import NO_KEY_ERROR, Settings, api_key_and_source, backend_choice

# Who started a dream (recorded in the journal): the CLI ("manual", or "force" with --force),
# the agent's hook, the watcher, a replay, or a program calling ``autodream.dream()``.
TRIGGERS = ("manual", "force", "hook", "watch", "replay", "library")


class GateClosedWithReport(GateClosed):
    """``GateClosed`` carrying the report that closed the chain."""

    def __init__(self, report: gates.GateReport) -> None:
        super().__init__(report.summary())
        self.report = report


@dataclass(eq=False, repr=False)
class StepResult:
    """What a dream step reports back; ``details`` is free-form and goes into ``--json``."""

    summary: str
    details: dict[str, Any] = field(default_factory=dict)


@dataclass(eq=False, repr=False)
class DreamContext:
    """What a dream step is given: the run, its trigger and the gates' report."""

    run_id: str
    trigger: str
    dry_run: bool
    report: gates.GateReport
    lease: Lease

    @property
    def sessions(self) -> list[Any]:
        """Sessions touched since the last consolidation (``SessionInfo`` values)."""
        return self.report.sessions


class DreamStep(Protocol):
    """The dream itself. Raise ``DreamFailed`` (or anything) to have everything rolled back;
    in a dry run, commit nothing."""

    def __call__(self, settings: Settings, context: DreamContext) -> StepResult: ...


def pipeline_step(settings: Settings, context: DreamContext) -> StepResult:
    """The real dream (``pipeline.dream_step``), imported only when a dream runs."""
    from autodream.pipeline import dream_step

    return dream_step(settings, context)


@dataclass
class DreamOutcome:
    """What ``dream`` returns to its caller: the run, its status and summary."""

    run_id: str
    status: str  # "ok" or "dry-run"
    trigger: str
    summary: str
    report: gates.GateReport
    started: float  # epoch seconds, by the settings' clock
    lock_released: bool
    details: dict[str, Any] = field(default_factory=dict)

    @property
    def sessions_reviewed(self) -> list[str]:
        """Ids of the sessions touched since the last dream, which this dream was given."""
        return [s.id for s in self.report.sessions]

    def as_dict(self) -> dict[str, Any]:
        from autodream.journal import iso_utc

        started_at = (iso_utc(datetime.fromtimestamp(self.started, tz=UTC))
                      if self.started else None)
        return {
            # "id" and "started_at" as ``log --json`` and ``show --json`` name them, so one
            # script reads every command; "run_id" and "started" (epoch) as they always were
            "id": self.run_id,
            "started_at": started_at,
            "run_id": self.run_id,
            "sessions_reviewed": self.sessions_reviewed,
            "status": self.status,
            "trigger": self.trigger,
            "summary": self.summary,
            "started": self.started,
            "lock_released": self.lock_released,
            "gates": self.report.as_dict(),
            # which backend ran, and why when ``auto`` fell back to the local engine ("no API
            # key: using the local engine"), as the text output says it
            "backend": self.details.get("backend"),
            "backend_notice": self.details.get("backend_notice"),
            "notices": list(self.details.get("notices", [])),
            "details": self.details,
        }


def index_blocker(settings: Settings) -> AutodreamError | None:
    """Why no dream can use ``MEMORY.md`` as it is (a symlink, a directory, a file that cannot
    be read), as the error a dream raises; None when it is a readable file or not there yet.

    Every dream reads and rewrites the index: without it there is no telling what a rebuilt one
    would lose, and writing through a link would write outside memory."""
    index = settings.index_path
    shown = printable(str(index))
    if index.is_symlink():
        return BadInput(
            f"{shown} is a symlink (to {printable(os.readlink(index))}); autodream never writes "
            "through one: keep MEMORY.md itself in the memory dir, or set memory_dir to the "
            "directory that holds it")
    if index.is_dir():
        return AutodreamError(f"cannot use {shown}: it is a directory, not the index file "
                              "(move it away; a dream writes MEMORY.md there)")
    try:
        fd = os.open(index, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        return None  # a memory not started yet: the dream writes its first index
    except OSError as exc:
        return AutodreamError(f"cannot read {shown}: {exc.strerror or type(exc).__name__}; "
                              "fix its permissions")
    os.close(fd)
    return None


def blockers(settings: Settings, env: Mapping[str, str] | None = None, *,
             writing: bool = True) -> list[AutodreamError]:
    """What makes every dream of ``settings`` fail whatever the gates say, each as the error
    the dream raises (its exit code too): ``status`` lists them, ``dream`` refuses the first
    before it takes the lock (so no failed run is recorded for what was known beforehand).
    ``writing=False`` (a dry run) leaves out a memory dir that can be read but not written."""
    found: list[AutodreamError] = []
    if (layout := settings.layout_error()) is not None:
        return [layout]  # (what the dream would read as memory is moot)
    if (memory := settings.memory_dir_error()) is not None:
        return [memory]  # (every file inside it would fail alike)
    if writing and (unwritable := settings.memory_dir_write_error()) is not None:
        return [unwritable]
    if writing and (unwritable := settings.state_dir_write_error()) is not None:
        return [unwritable]  # (likewise: its lock's guard is made there)
    if (state := settings.state_dir_error()) is not None:
        found.append(state)
    if (index := index_blocker(settings)) is not None:
        found.append(index)
    try:
        with os.scandir(settings.sessions_dir):
            pass
    except (FileNotFoundError, NotADirectoryError):
        pass  # no sessions yet (the scan counts none): the dream says so, and goes on
    except OSError as exc:
        found.append(AutodreamError(
            f"cannot use {printable(str(settings.sessions_dir))}: "
            f"{exc.strerror or type(exc).__name__}; fix its permissions"))
    if settings.backend == "anthropic" and api_key_and_source(settings, env)[0] is None:
        found.append(BackendUnavailable(NO_KEY_ERROR))
    elif backend_choice(settings, env).name == "anthropic":
        # a base URL that is no URL fails the dream once the backend is made, after the lock
        # was taken and the run recorded: said here with the rest of the configuration
        from autodream.backends.select import base_url

        try:
            base_url(settings, env)
        except ConfigError as exc:
            found.append(exc)
    return found


def new_run_id(settings: Settings) -> str:
    """The journal's id for a run starting now (by the settings' clock): sorts after every run
    already recorded, even one that started in the same second, or later by a clock set back."""
    from autodream.journal import run_id_after_all

    now = datetime.fromtimestamp(settings.now(), tz=UTC)
    return run_id_after_all(settings.state_dir, now)


def dream(
    settings: Settings,
    *,
    trigger: str,
    force: bool = False,
    dry_run: bool = False,
    current_session: str | None = None,
    step: DreamStep | None = None,
    on_start: Callable[[DreamContext], None] | None = None,
) -> DreamOutcome:
    """Evaluate the gates, take the lock, run ``step``, release (or roll back).

    ``on_start`` is told once the lock is taken and the dream itself begins (the watcher says
    so: a Claude dream may take minutes, and a silent one looks hung).

    Raises ``GateClosed`` (a ``GateClosedWithReport``) when the time or scan gate is closed,
    ``LockHeld`` when another process holds the lock, and whatever ``step`` raised (after
    rolling back the lock and the scan throttle's stamp, so a retry shows the same error).
    """
    if trigger not in TRIGGERS:
        raise ValueError(f"unknown trigger {trigger!r}")
    for blocker in blockers(settings, writing=not dry_run) if step is None else ():
        raise blocker
    # (with a step too: the gates write the scan stamp there first; without one, blockers
    # has just walked the state dir)
    if step is not None and (unsafe := settings.state_dir_error()) is not None:
        raise unsafe
    # (a state dir that cannot be written alike: the dry run's record and DREAMS.md entry
    # failed there, 'dream failed: ... .DREAMS.md.autodream.tmp', exit 6)
    if dry_run and (not os.path.lexists(settings.memory_dir)
                    or settings.memory_dir_write_error() is not None
                    or settings.state_dir_write_error() is not None):
        return _dry_run_elsewhere(settings, trigger=trigger, force=force,
                                  current_session=current_session, step=step)
    report = gates.evaluate(
        settings, current_session=current_session, force=force, stamp=not dry_run
    )
    if report.closed_by == gates.LOCK:
        raise LockHeld(report.explained())
    if not report.open:
        raise GateClosedWithReport(report)
    run_id = new_run_id(settings)
    lease: Lease | None = None
    result: StepResult | None = None
    try:
        with SigtermRaises():
            # A signal while the lock is taken waits until the lease is ours (then it rolls
            # the lock back below): a SIGTERM between the lock's temp file and its rename
            # left '.consolidate-lock.<pid>.tmp' in the memory dir, one after the rename a
            # lock held by a dead process. Held from the guard's flock only: one while
            # another process holds the guard stops the wait (held from the start, Ctrl-C
            # and SIGTERM did nothing until it let go). ``seen``: a dream that ran between
            # the gate check and here makes this one a duplicate.
            with _SignalsHeld() as held:
                lease = ConsolidationLock.for_settings(settings).acquire(
                    run_id=run_id, seen=report.lock, on_guarded=held.hold)
            context = DreamContext(run_id, trigger, dry_run, report, lease)
            if on_start is not None:
                on_start(context)
            result = (step or pipeline_step)(settings, context)
            # A dry run changes nothing, the lock's mtime included.
            released = lease.rollback() if dry_run else lease.release()
    except BaseException as exc:
        if lease is None:  # (not taken: LockHeld, or an interruption before it was)
            raise
        mark_run(exc, run_id)
        if result is not None and result.details.get("outcome") == "committed":
            mark_committed(exc, run_id)
        if committed_run(exc) is None:
            lease.rollback()
            gates.restore_stamp(settings, report)
            if not dry_run:
                # (after the roll-back, which dates the memory dir the fingerprint reads)
                from autodream.backoff import keep_failed_inputs

                keep_failed_inputs(settings)
        else:
            # the dream is in memory: its lock time is the last dream's, as after any commit.
            # The release may fail as the first did (a disk still full): the error raised is
            # still the committed one, which tells the person their dream is in memory. A
            # second signal waits for the release (it left the lock held by this process),
            # then comes as one that says the commit too (errors.committed_run).
            with suppress(OSError), _signals_held():
                lease.release()
        raise
    return DreamOutcome(
        run_id=run_id,
        status="dry-run" if dry_run else "ok",
        trigger=trigger,
        summary=result.summary,
        report=report,
        started=lease.start,
        lock_released=released,
        details=result.details,
    )


def _dry_run_elsewhere(settings: Settings, *, trigger: str, force: bool,
                       current_session: str | None, step: DreamStep | None) -> DreamOutcome:
    """A dry run for a memory dir not made yet (Claude Code makes it on the first memory), or
    one that cannot be written (not even its lock), or whose state dir cannot be (its run
    record): run in a throwaway one, empty or a copy, so that a run that commits nothing
    creates nothing either (no memory dir, lock or run record); what it says names the real
    dir."""
    import tempfile
    from dataclasses import replace

    from autodream.journal import runs_dir
    from autodream.memory.staging import UNOPENED

    real = str(settings.memory_dir)
    # SIGTERM as Ctrl-C: the copy removed (else it stayed in TMPDIR, undo copies and all)
    with SigtermRaises():
        scratch = tempfile.TemporaryDirectory(prefix="autodream-dry-run-")
        try:
            stand_in = Path(scratch.name) / settings.memory_dir.name
            unopened: dict[Path, str] = {}
            if os.path.lexists(settings.memory_dir):
                try:
                    unopened = _copy_as_found(settings.memory_dir, stand_in,
                                              Path(scratch.name) / "links",
                                              records_only=runs_dir(settings.state_dir))
                except OSError as exc:
                    # (each original was opened first: what failed is the copy, on the disk
                    # TMPDIR is on, not the memory's: 'cannot use <memory>/x.md -> <copy>/x.md:
                    # No space left on device' sent the person to the wrong disk)
                    raise _scratch_copy_failed(exc) from exc
            else:
                stand_in.mkdir()
            told = UNOPENED.set(unopened)
            try:
                outcome = dream(replace(settings, memory_dir=stand_in), trigger=trigger,
                                force=force, dry_run=True, current_session=current_session,
                                step=step)
            finally:
                UNOPENED.reset(told)
        finally:
            # (a second signal in the middle of the removal left the rest behind)
            with _signals_held():
                scratch.cleanup()
    outcome.details = json.loads(json.dumps(outcome.details, default=str).replace(
        json.dumps(str(stand_in))[1:-1], json.dumps(real)[1:-1]))
    return outcome


def _scratch_copy_failed(exc: OSError) -> AutodreamError:
    """What a dry run says when the throwaway copy of memory it previews in cannot be made."""
    import errno
    import tempfile

    where = " -> ".join(printable(str(f)) for f in (exc.filename, exc.filename2) if f is not None)
    why = exc.strerror or str(exc) or type(exc).__name__
    scratch = printable(tempfile.gettempdir())
    if exc.errno in (errno.ENOSPC, errno.EDQUOT):
        return AutodreamError(
            f"cannot make the dry run's scratch copy of memory in TMPDIR ({scratch}): "
            f"{where + ': ' if where else ''}{why}; free space there, or set TMPDIR to a folder "
            "on another disk")
    # (a copy fails after the original opened on a read error of the memory's own disk too:
    # EIO, ESTALE on a network mount, the memory dir read-only being why a copy is made; no
    # advice about TMPDIR's space, which would send the person to the wrong disk)
    return AutodreamError(
        f"cannot copy memory for the dry run (its scratch copy is in TMPDIR, {scratch}): "
        f"{where + ': ' if where else ''}{why}")


def _copy_as_found(
    source: Path, copy: Path, links: Path, *, records_only: Path
) -> dict[Path, str]:
    """``source`` copied to ``copy`` for a dry run to preview in, every folder and file made
    writable by its owner (copied, a mode 555 state dir failed the preview), and what a dream
    leaves as found left so in the copy, unread, for the preview to say the same note: a file
    that cannot be opened is an empty one of mode 000, returned by its path in the copy with
    the error opening it gave (``staging.UNOPENED`` says it for the stand-in), a
    folder that cannot be listed an empty one of its own mode, a pipe, socket or device a
    named pipe (never opened), a file of N hard links one of N (the others in ``links``),
    a link the same link. (copytree failed the whole dry run on the first of them: 'Error:
    [('.../small_prs.md', '/tmp/autodream-dry-run-...', "[Errno 13] ...")]'.) Of the run
    folders in ``records_only`` only their own files (the records) and what each dream wrote
    (``after``, the titles it gave) are copied: a dry run never reads the other undo copies,
    which are most of a state dir."""
    import itertools
    import shutil
    import stat

    named = itertools.count()
    unopened: dict[Path, str] = {}
    os.mkdir(copy, 0o700)
    folders = [(source, copy)]
    while folders:
        here, there = folders.pop()
        try:
            with os.scandir(here) as listing:
                entries = list(listing)
        except OSError:
            if here == source:
                raise  # (the memory dir itself: said before a dream, see blockers)
            os.chmod(there, stat.S_IMODE(os.lstat(here).st_mode))
            continue
        for entry in entries:
            into = there / entry.name
            try:
                mode = entry.stat(follow_symlinks=False).st_mode
            except OSError:
                mode = stat.S_IFREG  # (a folder without search: its files cannot be read)
            if stat.S_ISLNK(mode):
                os.symlink(os.readlink(entry.path), into)
            elif stat.S_ISDIR(mode):
                # (a run's 'after' copies say which titles a dream wrote: without them the
                # preview kept an index title the person had since changed, review rev100)
                if here.parent != records_only or entry.name == "after":
                    os.mkdir(into, 0o700)
                    folders.append((Path(entry.path), into))
            elif not stat.S_ISREG(mode):
                os.mkfifo(into, 0o600)
            else:
                # opened first, as a dream opens it to stage it: an error copying is the
                # copy's then (sendfile names the source in a full disk's error, which was
                # taken for the source's, and its stand-in said 'Permission denied')
                try:
                    os.close(os.open(entry.path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK
                                     | os.O_CLOEXEC))
                except OSError as exc:
                    os.close(os.open(into, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0))
                    unopened[into] = exc.strerror or type(exc).__name__
                    continue
                shutil.copy2(entry.path, into, follow_symlinks=False)
                copied = os.lstat(into)
                os.chmod(into, stat.S_IMODE(copied.st_mode) | stat.S_IRUSR | stat.S_IWUSR)
                for _ in range(entry.stat(follow_symlinks=False).st_nlink - 1):
                    links.mkdir(exist_ok=True)
                    os.link(into, links / str(next(named)))
    return unopened


class _SignalsHeld:
    """``with _SignalsHeld() as held:`` SIGTERM and SIGINT held back from ``held.hold()`` (what
    must not stop half way) to the block's end, then delivered."""

    def __init__(self) -> None:
        self.previous: set[int | signal.Signals] | None = None

    def __enter__(self) -> _SignalsHeld:
        return self

    def hold(self) -> None:
        if self.previous is None and hasattr(signal, "pthread_sigmask"):  # (not on Windows)
            self.previous = signal.pthread_sigmask(signal.SIG_BLOCK,
                                                   {signal.SIGTERM, signal.SIGINT})

    def __exit__(self, *exc: object) -> None:
        if self.previous is not None:
            previous, self.previous = self.previous, None
            signal.pthread_sigmask(signal.SIG_SETMASK, previous)


@contextmanager
def _signals_held() -> Iterator[None]:
    """SIGTERM and SIGINT held back for the duration (what must not stop half way), then
    delivered."""
    with _SignalsHeld() as held:
        held.hold()
        yield


_DREAM_OPTIONS = ("trigger", "force", "dry_run", "current_session", "step")


def dream_project(project: str | os.PathLike[str] | None = None, **options: Any) -> DreamOutcome:
    """``autodream.dream()``: resolve the project's settings and run one dream.

    Options are ``dream()``'s (``trigger`` defaults to "library") plus any setting as an override
    (``backend="local"``, ``min_hours=0``, ...); ``env`` replaces ``os.environ``.
    """
    env: Mapping[str, str] | None = options.pop("env", None)
    dream_options = {k: options.pop(k) for k in _DREAM_OPTIONS if k in options}
    settings = Settings.resolve(project, overrides=options, env=env)
    trigger = dream_options.pop("trigger", "library")
    return dream(settings, trigger=trigger, **dream_options)
