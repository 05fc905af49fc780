"""``autodream watch``: one process, event-driven, for every project under Claude Code's root.

A watchdog observer reports transcript writes under the projects root
(``~/.claude/projects/<project>/<session>.jsonl``). Each write only updates that project's
state in memory: when it was last active and which sessions were touched since its last
dream. Nothing is rescanned. Once a project has been quiet for the idle period it is queued;
one worker thread takes the queue one project at a time and calls ``autodream.run.dream``,
which runs the gate chain (the same one the hook uses) and, when every gate is open, dreams
under the consolidation lock. So dreams never overlap, here or with a hook-started one.

A gate that closes for a reason that passes with time (the time gate, the scan throttle, a
held lock) schedules one re-check for when it should have passed; a gate that needs more
sessions waits for the next write. ``run_once`` is the same decision for every project, once,
for cron and systemd timers.

Mapping a project dir under the root to its ``Settings``: the sessions dir is that project
dir. The project is the ``cwd`` recorded in its newest transcript; when that directory still
exists, ``Settings.resolve`` places the memory dir as Claude Code does (under the root, by the
canonical git root). When it does not, the project dir stands in for the project and its
memory dir is ``<project dir>/memory``.

Logging: one line per decision on the ``autodream.watch`` logger; the CLI configures it.
"""

from __future__ import annotations

import contextlib
import dataclasses
import logging
import os
import queue
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from watchdog.events import (
    DirCreatedEvent,
    DirDeletedEvent,
    DirMovedEvent,
    FileCreatedEvent,
    FileModifiedEvent,
    FileMovedEvent,
    FileSystemEvent,
    FileSystemEventHandler,
)
from watchdog.observers import Observer

from autodream import config
from autodream.errors import (
    AutodreamError,
    ConfigError,
    DreamFailed,
    GateClosed,
    LockHeld,
    NotFound,
    printable,
)
from autodream.gates import MEMORY_ROOT, is_transcript_place
from autodream.lock import in_the_future, span
from autodream.settings import Clock, Settings, SystemClock

log = logging.getLogger("autodream.watch")

DEFAULT_IDLE_MINUTES = 10.0
TRANSCRIPT_SUFFIX = ".jsonl"


@dataclass(frozen=True)
class Decision:
    """One logged decision about one project."""

    project: str  # the project dir's name under the root (Claude Code's folder name)
    # "dreamed" | "wait" (a gate is closed) | "backed-off" (the last dreams failed alike, the
    # back-off holds) | "lock-held" | "failed" | "error"
    action: str
    detail: str
    at: float
    # "failed", "error" and "backed-off" (6, a failed dream's): the exit code the CLI gives that
    # error (``errors``), so a pass over many projects can exit with it
    exit_code: int | None = None
    # for scripts, which should not have to parse ``detail`` or undo Claude Code's folder name:
    # the folder's path, the project and memory dir it resolved to, and the dream's run id
    sessions_dir: str | None = None
    project_root: str | None = None
    memory_dir: str | None = None
    run_id: str | None = None
    # why ``memory_dir`` (and ``project_root``, when not even that is known) is missing: the
    # project's settings could not be resolved, or its dir is gone
    unresolved: str | None = None
    # what the lines a person reads name the project dir by (``folder_path``); not in --json,
    # whose project and project_root say it
    shown: str = ""

    def to_dict(self) -> dict[str, Any]:
        doc: dict[str, Any] = {"project": self.project, "action": self.action,
                               "detail": self.detail, "at": self.at,
                               "sessions_dir": self.sessions_dir,
                               "project_root": self.project_root,
                               "memory_dir": self.memory_dir, "run_id": self.run_id}
        if self.exit_code is not None:
            doc["exit_code"] = self.exit_code
        if self.unresolved is not None:
            doc["unresolved"] = self.unresolved
        return doc


@dataclass(frozen=True)
class Dreamt:
    """What a ``Dreamer`` may return instead of a bare summary: the summary and its run id."""

    summary: str
    run_id: str | None = None


@dataclass(frozen=True)
class StoppedPass:
    """What a ``run_once`` pass stopped by Ctrl-C or SIGTERM had done (it dreams in the
    caller's thread, so the signal's exception ends it), carried on that exception
    (``stopped_pass``): the CLI says where a dream committed just before the signal is."""

    decisions: tuple[Decision, ...] = ()  # made before the signal
    # the project whose dream the signal stopped: its settings, and what the lines name it by
    settings: Settings | None = None
    shown: str = ""


def stopped_pass(exc: BaseException) -> StoppedPass | None:
    """What the ``run_once`` pass that ``exc`` stopped had done, else None."""
    done = getattr(exc, "autodream_pass", None)
    return done if isinstance(done, StoppedPass) else None


# Runs the gate chain and, if it is open, a dream, of the settings given and named in its lines
# by the second argument (what the watcher's lines name the project dir by); returns a
# one-line summary. Raises GateClosed (run.dream's carries the report), LockHeld or DreamFailed.
Dreamer = Callable[[Settings, str], "str | Dreamt"]
Resolver = Callable[[Path], Settings]


@dataclass
class ProjectState:
    """What the watcher knows about one project dir, updated by events only."""

    path: Path
    last_activity: float | None = None  # clock time of the last transcript write seen
    touched: set[str] = field(default_factory=set)  # session ids written since the last dream
    pending: bool = False  # activity not yet judged by the gate chain
    retry_at: float | None = None  # a re-check the gate chain asked for
    queued: bool = False  # a dream is queued or running
    # what the lines about the dir name it by (``folder_path``), as last read
    shown: str | None = None


# ---- the default seams: the real gate chain and dream -------------------------------------


def _recorded_run(settings: Settings, exc: BaseException) -> str | None:
    """The run ``exc`` stopped when its record was written, as the dream's ``--json`` names
    it: a decision naming a run ``show`` cannot find would send a script after nothing."""
    from autodream.journal import stopped_run_named

    run_id = stopped_run_named(settings.state_dir, exc).get("run_id")
    return run_id if isinstance(run_id, str) else None


def retry_at(settings: Settings, report: Any, fallback: float) -> float | None:
    """When a closed gate that passes with time will be open again (clock seconds).

    None when the chain needs more sessions: the next transcript write re-arms the project.
    ``report`` is the gate report a ``GateClosed`` carries, if any; without one, ``fallback``.
    """
    closed_by = getattr(report, "closed_by", None)
    if closed_by is None:
        return fallback
    now = float(getattr(report, "now", settings.now()))
    lock = getattr(report, "lock", None)
    if closed_by == "time":
        last = getattr(report, "last_consolidated", None)
        if (lock is not None and lock.held) or last is None:
            return fallback  # a dream is running elsewhere: look again later
        return max(now, float(last) + settings.min_hours * 3600)
    if closed_by == "scan":
        throttle_age = getattr(report, "throttle_age", None)
        interval = settings.scan_interval_minutes * 60
        if throttle_age is not None and throttle_age < interval:
            return now + (interval - float(throttle_age))  # throttled, not counted
        return None  # too few sessions: wait for more writes
    held = getattr(report, "backoff", None)
    if closed_by == "backoff" and held is not None:
        # the last dreams failed alike: not before the next automatic attempt is due
        return max(now, float(held.next_attempt))
    return fallback  # the lock gate: another dream holds it


def run_dream(settings: Settings, shown: str) -> Dreamt:
    """The real thing: ``run.dream`` with the watcher as its trigger; its "started" line names
    the project ``shown``, as the watcher's lines about the project dir do."""
    from autodream import load_dream_path

    load_dream_path()
    from autodream import run

    def started(context: run.DreamContext) -> None:
        # the watcher's name, not one read again from settings.sessions_dir: that may be set
        # to transcripts recorded elsewhere (copied from another machine), or be shared
        log.info("%s: dream %s started (%d session(s) to read)", printable(shown),
                 context.run_id, len(context.sessions))

    outcome = run.dream(settings, trigger="watch", on_start=started)
    notice = outcome.details.get("backend_notice")
    # (said once a dream, as the CLI says it: a person without a key learns why Claude did not)
    return Dreamt(f"run {outcome.run_id}: {outcome.summary}" + (f" ({notice})" if notice else ""),
                  outcome.run_id)


def resolve_project(
    project_dir: Path,
    *,
    root: Path,
    env: Mapping[str, str] | None = None,
    clock: Clock | None = None,
    overrides: Mapping[str, object] | None = None,
) -> Settings:
    """The settings of one Claude Code project dir under the root (see the module doc);
    ``overrides`` (``autodream --min-hours 0 watch``) apply to every project."""
    given = dict(overrides or {})
    environ = dict(os.environ if env is None else env)
    if root.name == "projects" and not environ.get("CLAUDE_CONFIG_DIR"):
        # Claude Code's layout relative to the watched root, also when --root moved it.
        environ["CLAUDE_CONFIG_DIR"] = str(root.parent)
    cwd = recorded_cwd(project_dir)
    if cwd is not None and cwd.is_dir():
        return Settings.resolve(cwd, overrides=given, env=environ, clock=clock,
                                sessions_hint=str(project_dir))
    settings = Settings.resolve(
        project_dir,
        overrides={**given, "project_root": str(project_dir), "sessions_dir": str(project_dir)},
        env=environ,
        clock=clock,
    )
    # Claude Code's own memory dir of the project, which it makes on the first memory: not a
    # setting named outright, which must exist
    return dataclasses.replace(settings, memory_dir=project_dir / "memory")


def recorded_cwd(project_dir: Path) -> Path | None:
    """The ``cwd`` of the first record that has one, in the newest transcript of the dir."""
    cwd = config.recorded_cwd(str(project_dir))
    return Path(cwd) if cwd is not None else None


def folder_path(project_dir: Path) -> str:
    """What the lines a person reads name a project dir under the root by: the dir its
    sessions were recorded in (the project's path in the common case, and one per project dir,
    where two dirs, /repo and /repo/sub, may share one git root), else, for a dir holding no
    transcript yet, the dir itself."""
    return str(recorded_cwd(project_dir) or project_dir)


def classify(root: str, path: str) -> tuple[str, str | None] | None:
    """``(project name, session id or None)`` for a transcript write under ``root``.

    Top-level ``<project>/<uuid>.jsonl`` files are sessions. Subagent transcripts
    (``<project>/<uuid>/subagents/agent-*.jsonl``, older ``<project>/agent-*.jsonl``) mean the
    project is active but are not sessions. A daily log in the memory dir
    (``<project>/memory/YYYY-MM-DD.md``, ``<project>/memory/logs/YYYY/MM/YYYY-MM-DD.md``, as
    Claude Code's assistant mode keeps them) is a session of its own, named by its day: a dream
    reads it and never writes it. Everything else (topic files, autodream's state, the lock) is
    not activity at all: a dream's own writes must not look like work.
    """
    rel = os.path.relpath(path, root)
    parts = rel.split(os.sep)
    if len(parts) < 2 or parts[0] in ("..", "."):
        return None
    if path.endswith(".md"):
        return _daily_log(parts)
    if not path.endswith(TRANSCRIPT_SUFFIX):
        return None
    name = parts[-1][: -len(TRANSCRIPT_SUFFIX)]
    if len(parts) == 2:
        return (parts[0], None if name.startswith("agent-") else name)
    if len(parts) == 4 and parts[2] == "subagents":
        return (parts[0], None)
    return None


def _daily_log(parts: list[str]) -> tuple[str, str | None] | None:
    # wherever the scan counts a daily log in the memory dir: a watcher that ignored one the
    # scan reads would leave it for the next unrelated write to bring in
    if len(parts) < 3 or parts[1] != "memory" or not is_transcript_place(
            MEMORY_ROOT, tuple(parts[2:])):
        return None
    return (parts[0], parts[-1][:-3])


# ---- the watcher --------------------------------------------------------------------------


class Watcher:
    """Event-driven per-project state, the due-check loop, and the one dream worker."""

    def __init__(
        self,
        root: Path,
        *,
        idle_seconds: float = DEFAULT_IDLE_MINUTES * 60,
        clock: Clock | None = None,
        resolve: Resolver | None = None,
        dream: Dreamer = run_dream,
        env: Mapping[str, str] | None = None,
        initial_pass: bool = True,
        on_decision: Callable[[Decision], None] | None = None,
        overrides: Mapping[str, object] | None = None,
        log_decisions: bool = True,
    ) -> None:
        self.root = Path(os.path.abspath(root))
        self.idle_seconds = idle_seconds
        self.clock: Clock = clock or SystemClock()
        self._resolve = resolve or (
            lambda p: resolve_project(p, root=self.root, env=env, clock=self.clock,
                                      overrides=overrides)
        )
        self._dream = dream
        self._on_decision = on_decision
        # off when the caller prints the decisions itself (--json): said twice otherwise
        self._log_decisions = log_decisions
        self.initial_pass = initial_pass
        self.projects: dict[str, ProjectState] = {}
        self.decisions: list[Decision] = []
        self.events_seen = 0
        # (an RLock underneath, so a caller holding it may still poke)
        self._cond = threading.Condition(threading.RLock())
        self._jobs: queue.Queue[str | None] = queue.Queue()
        self._running = 0  # jobs queued or in the worker
        self._attempting: str | None = None  # the project whose gate chain or dream runs now
        self._worker: threading.Thread | None = None
        self._observer: Any = None
        self._stopping = threading.Event()
        self.ready = threading.Event()  # set once observing

    # -- events (called from the observer thread) --

    def record_write(self, path: str) -> None:
        """A transcript was written: the project is active now. Nothing else is read."""
        found = classify(str(self.root), path)
        if found is None:
            return
        name, session = found
        with self._cond:
            state = self._state(name)
            state.last_activity = self.clock.now()
            state.pending = True
            if session is not None:
                state.touched.add(session)
            self.events_seen += 1
            self._cond.notify_all()

    def project_appeared(self, path: str) -> None:
        name = os.path.relpath(path, self.root)
        if os.sep in name or name.startswith("."):
            return
        with self._cond:
            new = name not in self.projects
            state = self._state(name)
        if new:
            # a dir moved in with its transcripts is named by where they were recorded; one
            # Claude Code has just made holds none yet
            try:
                shown = folder_path(state.path)
            except Exception:  # the observer's thread: a reader's bug must not end it
                shown = str(state.path)
            with self._cond:
                state.shown = shown
            log.info("%s: new project dir, watching it", printable(shown))

    def project_vanished(self, path: str) -> None:
        name = os.path.relpath(path, self.root)
        if os.sep in name:
            return
        with self._cond:
            state = self.projects.pop(name, None)
        if state is not None:
            log.info("%s: project dir deleted, forgetting it",
                     printable(state.shown or str(state.path)))

    def _state(self, name: str) -> ProjectState:
        state = self.projects.get(name)
        if state is None:
            state = self.projects[name] = ProjectState(self.root / name)
        return state

    # -- what is due --

    def due(self, now: float | None = None) -> list[str]:
        """Projects whose quiet period is over, or whose re-check time has come."""
        now = self.clock.now() if now is None else now
        with self._cond:
            return sorted(
                name for name, s in self.projects.items() if not s.queued and self._is_due(s, now)
            )

    def _is_due(self, state: ProjectState, now: float) -> bool:
        if state.pending and (
            state.last_activity is None or now - state.last_activity >= self.idle_seconds
        ):
            return True
        return state.retry_at is not None and now >= state.retry_at

    def next_wakeup(self) -> float | None:
        """Clock time at which the next project can become due; None: only an event can."""
        times: list[float] = []
        with self._cond:
            for s in self.projects.values():
                if s.queued:
                    continue
                if s.pending:
                    times.append((s.last_activity or 0.0) + self.idle_seconds)
                if s.retry_at is not None:
                    times.append(s.retry_at)
        return min(times) if times else None

    def step(self) -> list[str]:
        """Queue every due project for the worker; returns their names."""
        queued = self.due()
        with self._cond:
            for name in queued:
                state = self.projects[name]
                state.pending = False
                state.retry_at = None
                state.queued = True
                self._running += 1
        for name in queued:
            self._jobs.put(name)
        return queued

    # -- one project's gate chain and dream --

    def attempt(self, name: str) -> Decision | None:
        """Resolve the project, run the gate chain and, if open, the dream. One decision."""
        with self._cond:
            state = self.projects.get(name)
            touched = len(state.touched) if state else 0
        if state is None:
            return None
        if not state.path.is_dir():
            self.project_vanished(str(state.path))
            # named as the lines before named it; where its sessions were recorded cannot be
            # read now, nor its root checked
            return self._decide(name, "error", "project dir is gone",
                                exit_code=NotFound.exit_code,
                                where={"sessions_dir": str(state.path),
                                       "unresolved": "project dir is gone"},
                                shown=state.shown or str(state.path))
        shown = folder_path(state.path)
        with self._cond:
            state.shown = shown
        where, settings = self.locate(state.path)
        if isinstance(settings, Exception):  # bad config, the dir vanished half-way, ...
            self._settle(name)
            return self._decide(name, "error", _one_line(settings),
                                exit_code=_exit_code(settings), where=where)
        try:
            done = self._dream(settings, shown)
        except GateClosed as exc:
            report = getattr(exc, "report", None)
            retry = retry_at(settings, report, self.clock.now() + self.idle_seconds)
            self._settle(name, retry=retry)
            when = "" if retry is None else f"; re-check in {span(retry - self.clock.now())}"
            if retry is None:
                when = "; waiting for more sessions"
            if getattr(report, "closed_by", None) == "backoff":
                # the dreams keep failing: not a wait a pass may exit 0 on (cron would see
                # success while every dream fails), so it carries a failed dream's exit code
                return self._decide(name, "backed-off", f"{_one_line(exc)}{when}",
                                    exit_code=DreamFailed.exit_code, where=where)
            return self._decide(name, "wait", f"{_one_line(exc)}{when}", where=where)
        except LockHeld as exc:
            self._settle(name, retry=self.clock.now() + self.idle_seconds)
            return self._decide(name, "lock-held", _one_line(exc), where=where)
        except DreamFailed as exc:
            self._settle(name)
            # (the run it stopped, which ``show`` reads: it was null, review of the audit)
            return self._decide(name, "failed", _one_line(exc), exit_code=exc.exit_code,
                                where=where, run_id=_recorded_run(settings, exc))
        except (AutodreamError, OSError) as exc:  # bad config, the dir vanished half-way, ...
            self._settle(name)
            return self._decide(name, "error", _one_line(exc), exit_code=_exit_code(exc),
                                where=where, run_id=_recorded_run(settings, exc))
        except Exception as exc:  # one project's bug must not stop the watcher
            log.exception("%s: dream crashed", printable(shown))
            self._settle(name)
            return self._decide(name, "error", f"{type(exc).__name__}: {_one_line(exc)}",
                                exit_code=_exit_code(exc), where=where)
        except BaseException as exc:
            # Ctrl-C or SIGTERM in a dream ``run_once`` runs: which project it stopped, whose
            # dream may have committed just before
            exc.autodream_pass = StoppedPass(settings=settings,  # type: ignore[attr-defined]
                                             shown=shown)
            raise
        self._settle(name, dreamed=True)
        plural = "session" if touched == 1 else "sessions"
        seen = f" ({touched} {plural} written while watched)" if touched else ""
        summary, run_id = (done.summary, done.run_id) if isinstance(done, Dreamt) else (done, None)
        return self._decide(name, "dreamed", f"{summary}{seen}", run_id=run_id, where=where)

    def locate(self, path: Path) -> tuple[dict[str, str], Settings | Exception]:
        """What a decision about the project dir ``path`` names (its ``sessions_dir``,
        ``project_root``, ``memory_dir``), and its settings or why it has none.

        Settings that cannot be resolved (a bad autodream.toml, ...) still leave the project
        named: the directory its newest transcript was recorded in, as ``resolve_project``
        would have taken it, and ``unresolved`` says why there is no memory dir."""
        where = {"sessions_dir": str(path)}
        try:
            settings = self._resolve(path)
        except (AutodreamError, OSError) as exc:
            cwd = recorded_cwd(path)
            where.update(project_root=str(cwd if cwd is not None and cwd.is_dir() else path),
                         unresolved=_one_line(exc))
            return where, exc
        where.update(project_root=str(settings.project_root), memory_dir=str(settings.memory_dir))
        return where, settings

    def _settle(self, name: str, *, retry: float | None = None, dreamed: bool = False) -> None:
        with self._cond:
            state = self.projects.get(name)
            if state is None:
                return
            state.queued = False
            state.retry_at = retry
            if dreamed:
                state.touched.clear()
            self._cond.notify_all()

    def _decide(
        self, name: str, action: str, detail: str, *, exit_code: int | None = None,
        where: Mapping[str, str] | None = None, run_id: str | None = None,
        shown: str | None = None,
    ) -> Decision:
        """``where``: the ``sessions_dir``, ``project_root`` and ``memory_dir`` known so far
        (``locate``), and why the rest is not (``unresolved``); ``shown``: what its line names
        the project dir by, when not as last read (``folder_path``)."""
        known = where or {}
        sessions_dir = known.get("sessions_dir", str(self.root / name))
        with self._cond:
            state = self.projects.get(name)
            shown = shown or (state.shown if state is not None else None) or sessions_dir
        decision = Decision(name, action, detail, self.clock.now(), exit_code,
                            sessions_dir, known.get("project_root"), known.get("memory_dir"),
                            run_id, known.get("unresolved"), shown)
        with self._cond:
            self.decisions.append(decision)
        if self._log_decisions:
            log.info("%s: %s: %s", printable(shown), action, detail)
        if self._on_decision is not None:
            self._on_decision(decision)
        return decision

    # -- the worker --

    def _work(self) -> None:
        while True:
            name = self._jobs.get()
            if name is None:
                return
            try:
                if self._stopping.is_set():
                    self._settle(name)
                else:
                    with self._cond:
                        self._attempting = name
                    self.attempt(name)
            finally:
                with self._cond:
                    self._attempting = None
                    self._running -= 1
                    self._cond.notify_all()

    @property
    def dreaming(self) -> bool:
        """Whether a project's gate chain or dream is running now (what a second Ctrl-C would
        leave for the lock's crash recovery to roll back); a queued one is not."""
        with self._cond:
            return self._attempting is not None

    def wait_idle(self, timeout: float) -> bool:
        """Wait until no project is queued or dreaming (tests, shutdown). False on timeout."""
        with self._cond:
            return self._cond.wait_for(lambda: self._running == 0, timeout)

    # -- lifecycle --

    def start(self) -> None:
        """Observe the root and start the worker; existing projects get one initial check."""
        if not self.root.is_dir():
            raise missing_root(self.root)
        observer = Observer()
        observer.schedule(
            _Handler(self),
            str(self.root),
            recursive=True,
            # Only writes and dir changes: reads (IN_OPEN, IN_CLOSE_NOWRITE) by our own
            # dreams must neither wake us nor look like activity.
            event_filter=[
                FileCreatedEvent, FileModifiedEvent, FileMovedEvent,
                DirCreatedEvent, DirDeletedEvent, DirMovedEvent,
            ],
        )
        observer.daemon = True
        observer.start()
        self._observer = observer
        with self._cond:
            for entry in os.scandir(self.root):
                if entry.is_dir() and not entry.name.startswith("."):
                    state = self._state(entry.name)
                    state.pending = state.pending or self.initial_pass
        self._worker = threading.Thread(target=self._work, name="autodream-dreams", daemon=True)
        self._worker.start()
        self.ready.set()
        count = len(self.projects)
        log.info(
            "watching %s (%d project%s; %s gates run after %s with no transcript written)",
            self.root, count, "" if count == 1 else "s", "its" if count == 1 else "their",
            quiet_time(self.idle_seconds),
        )

    def poke(self) -> None:
        """Wake the loop: the clock moved, or a stop was requested."""
        with self._cond:
            self._cond.notify_all()

    def run(self, stop: threading.Event | None = None, *, max_wait: float = 300.0) -> None:
        """Queue what is due, sleep until something can be due or an event arrives, repeat.

        Returns when ``stop`` is set (and the watcher poked), after ``stop()``: the CLI runs it
        in a thread of its own and sets ``stop`` on SIGINT/SIGTERM, so no signal handler ever
        raises inside it (one that did could leave its lock un-acquired).
        """
        stop = stop or threading.Event()
        try:
            self.start()
            while not stop.is_set():
                self.step()
                with self._cond:
                    if stop.is_set():
                        break
                    wake = self.next_wakeup()
                    timeout = max_wait if wake is None else min(wake - self.clock.now(), max_wait)
                    if timeout > 0:
                        self._cond.wait(timeout)
        finally:
            self.stop()

    def stop(self, timeout: float | None = None) -> None:
        """Stop observing, drop what is queued, let the dream in flight finish.

        The dream in flight ends as every dream does: committed, or rolled back with the lock
        restored to its prior mtime.
        """
        self._stopping.set()
        # (a watcher that never started, its root missing, has nothing to say it stopped)
        started = self._observer is not None or self._worker is not None
        if self._observer is not None:
            self._observer.stop()
            self._observer.join(timeout=5)
            self._observer = None
        if self._worker is not None:
            with self._cond:
                busy = self._running > 0
            if busy:
                # a Claude dream may wait minutes on a slow endpoint: say how not to wait
                log.info("waiting for the dream in flight to finish (Ctrl-C again stops it "
                         "now; the dream is rolled back)")
            self._jobs.put(None)
            self._worker.join(timeout)
            self._worker = None
        if started:
            log.info("stopped")


def quiet_time(seconds: float) -> str:
    """The idle period as --idle-minutes gives it, in seconds when under a minute (``0.1 min``
    read as a typo)."""
    if seconds < 60:
        return f"{seconds:g} s"
    return f"{seconds / 60:g} min"


def missing_root(root: Path) -> NotFound:
    """The projects root is not there: on a fresh machine Claude Code has not made it yet."""
    return NotFound(f"projects root does not exist: {printable(str(root))} (Claude Code makes "
                    "it at its first session: run Claude Code once, or give the projects root "
                    "with --root)")


class _Handler(FileSystemEventHandler):
    """Forwards paths to the watcher; it reads nothing itself."""

    def __init__(self, watcher: Watcher) -> None:
        super().__init__()
        self.watcher = watcher

    def dispatch(self, event: FileSystemEvent) -> None:
        kind = event.event_type
        src = os.fsdecode(event.src_path)
        dest = os.fsdecode(event.dest_path) if kind == "moved" else src
        if event.is_directory:
            root = str(self.watcher.root)
            if kind in ("deleted", "moved") and os.path.dirname(src) == root:
                self.watcher.project_vanished(src)
            if kind in ("created", "moved") and os.path.dirname(dest) == root:
                self.watcher.project_appeared(dest)
            return
        if kind in ("created", "modified", "moved"):
            self.watcher.record_write(dest)


def root_error(root: Path, *, given: str | None = None) -> AutodreamError | None:
    """Why ``root`` cannot be watched, as the error to raise; None when it is a directory.

    ``given`` is where a root named outright came from ("option --root"): one that is not
    there, or no directory, is a wrong setting (exit 3, naming it). Claude Code's own root not
    made yet is not found (exit 9); taken by a file, a path of the wrong kind (exit 1)."""
    if root.is_dir():
        return None
    shown = printable(str(root))
    if given is not None:
        what = "not a directory" if root.exists() else "directory does not exist"
        return ConfigError(f"root ({given}): {what}: {shown}")
    if root.exists():
        return AutodreamError(f"cannot use {shown}: Not a directory (Claude Code's projects "
                              "root: move that file away, or pass --root)")
    return missing_root(root)


def run_once(
    root: Path,
    *,
    clock: Clock | None = None,
    resolve: Resolver | None = None,
    dream: Dreamer = run_dream,
    env: Mapping[str, str] | None = None,
    idle_seconds: float = DEFAULT_IDLE_MINUTES * 60,
    overrides: Mapping[str, object] | None = None,
    log_decisions: bool = True,
) -> list[Decision]:
    """One pass over every project under ``root``, one at a time, in name order: the gate
    chain and, where it is open, a dream. A project with a transcript written in the last
    ``idle_seconds`` is left for a later pass (a session may still be running there), as the
    watcher leaves a project until it has gone quiet. Returns one decision per project."""
    watcher = Watcher(root, clock=clock, resolve=resolve, dream=dream, env=env,
                      idle_seconds=idle_seconds, overrides=overrides,
                      log_decisions=log_decisions)
    if not watcher.root.is_dir():
        raise missing_root(watcher.root)
    try:
        _pass(watcher, idle_seconds)
    except (KeyboardInterrupt, SystemExit) as exc:
        # (Ctrl-C, SIGTERM) the decisions made before it, beside the project it stopped: the
        # dreams of the pass so far stay committed, and a script is told which they are
        exc.autodream_pass = dataclasses.replace(  # type: ignore[union-attr]
            stopped_pass(exc) or StoppedPass(), decisions=tuple(watcher.decisions))
        raise
    return watcher.decisions


def _pass(watcher: Watcher, idle_seconds: float) -> None:
    """``run_once``'s pass: one decision per project dir under the root, in name order."""
    for entry in sorted(os.scandir(watcher.root), key=lambda e: e.name):
        if entry.is_dir() and not entry.name.startswith("."):
            watcher._state(entry.name)
            now = watcher.clock.now()
            quiet = now - _last_write(Path(entry.path), now)
            if quiet < idle_seconds:
                # named as every other decision is: a script reads project_root, not detail
                where, _ = watcher.locate(Path(entry.path))
                watcher._decide(entry.name, "wait",
                                f"a transcript was written {quiet:.0f}s ago; waiting until it "
                                f"has been quiet for {quiet_time(idle_seconds)} "
                                "(--idle-minutes)", where=where,
                                shown=folder_path(Path(entry.path)))
                continue
            watcher.attempt(entry.name)


def _last_write(project: Path, now: float) -> float:
    """The newest mtime among a project dir's transcripts (0 when it has none). One dated in
    the future says nothing of when it was written (a clock was wrong): counted as recent
    activity, it would keep the project waiting until the clock caught up."""
    newest = 0.0
    with os.scandir(project) as it:
        for entry in it:
            if entry.name.endswith(".jsonl"):
                with contextlib.suppress(OSError):
                    mtime = entry.stat().st_mtime
                    if not in_the_future(mtime, now):
                        newest = max(newest, mtime)
    return newest


def _exit_code(exc: BaseException) -> int:
    return exc.exit_code if isinstance(exc, AutodreamError) else AutodreamError.exit_code


def _one_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__
