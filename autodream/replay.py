"""Replay a scenario's recorded sessions through autodream with a simulated clock, then score it.

The scenario dir is never touched: everything happens in a copy. Sessions are revealed one at a
time in the order they end (the timestamp of a session's last record), each file's mtime set to
that end, exactly as the agent would have left it. After each reveal the hook's gate chain runs
at that instant on the scenario's clock, with the revealed session as the current one, and a
dream runs when every gate is open. At the scenario's ``now`` a final forced dream runs. Then the
active memory is scored against the expectations, and every file outside the memory dir is
compared with the original: a dream must never change one.
"""

from __future__ import annotations

import dataclasses
import json
import os
import shutil
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from autodream import gates, run
from autodream.errors import BadInput, DreamFailed, GateClosed, LockHeld
from autodream.evaluate import (
    CategoryScore,
    ExpectationResult,
    IndexSize,
    by_category,
    changed_paths,
    evaluate,
    index_size,
    tree_digest,
)
from autodream.scenario import Scenario, load_scenario
from autodream.settings import FixedClock, Settings

DEFAULT_BACKEND = "local"
TRIGGER = "replay"
_TAIL_CHUNK = 1 << 16


@dataclass(frozen=True)
class GateVerdict:
    """What the gate chain said at one instant: open, or which gate closed and why."""

    open: bool
    reason: str


@dataclass(frozen=True)
class DreamReport:
    """What a dream step reports back; ``sessions_reviewed`` is None when it does not say."""

    run_id: str | None = None
    sessions_reviewed: tuple[str, ...] | None = None


# (settings with the scenario clock, id of the session that just ended) -> verdict
GateCheck = Callable[[Settings, str], GateVerdict]
# (settings with the scenario clock, the session whose end opened the gates, or None for the
# final forced dream at ``now``) -> report; raises DreamFailed when the run fails
DreamStep = Callable[[Settings, "str | None"], DreamReport]


@dataclass(frozen=True)
class PendingSession:
    name: str  # file name under sessions/
    id: str  # the session id: the file's stem, as Claude Code names it
    end: datetime  # timestamp of the last record (``now`` when no record has one)
    dated: bool  # False when no record carried a timestamp


@dataclass(frozen=True)
class ReplayStep:
    """One moment of the timeline: a session revealed (then gates), or the final forced dream."""

    at: datetime
    session: str | None  # None for the final forced dream
    gate: GateVerdict | None  # None for the final forced dream
    dreamed: bool
    forced: bool
    run_id: str | None = None
    error: str | None = None

    def to_dict(self) -> dict[str, object]:
        return {
            "at": _iso(self.at),
            "session": self.session,
            "gate_open": self.gate.open if self.gate else None,
            "gate_reason": self.gate.reason if self.gate else None,
            "dreamed": self.dreamed,
            "forced": self.forced,
            "run_id": self.run_id,
            "error": self.error,
        }


@dataclass
class ScenarioResult:
    name: str
    path: str
    description: str
    backend: str
    now: datetime
    steps: list[ReplayStep] = field(default_factory=list)
    sessions_reviewed: int = 0
    expectations: list[ExpectationResult] = field(default_factory=list)
    outside_changed: list[str] = field(default_factory=list)
    index: IndexSize = field(default_factory=lambda: IndexSize(0, 0))
    seconds: float = 0.0
    kept: str | None = None
    undated_sessions: list[str] = field(default_factory=list)

    @property
    def dreams_run(self) -> int:
        return sum(1 for s in self.steps if s.dreamed)

    @property
    def dream_errors(self) -> list[str]:
        return [s.error for s in self.steps if s.error]

    @property
    def categories(self) -> list[CategoryScore]:
        return by_category(self.expectations)

    @property
    def failed(self) -> list[ExpectationResult]:
        return [r for r in self.expectations if not r.met]

    @property
    def ok(self) -> bool:
        return (
            not self.failed
            and not self.outside_changed
            and not self.dream_errors
            and self.index.within_limits
        )

    def to_dict(self) -> dict[str, object]:
        return {
            "name": self.name,
            "path": self.path,
            "description": self.description,
            "backend": self.backend,
            "now": _iso(self.now),
            "ok": self.ok,
            "error": None,
            "dreams_run": self.dreams_run,
            "dream_errors": self.dream_errors,
            "sessions_revealed": sum(1 for s in self.steps if s.session is not None),
            "sessions_reviewed": self.sessions_reviewed,
            "undated_sessions": self.undated_sessions,
            "files_outside_memory_changed": len(self.outside_changed),
            "outside_changed": self.outside_changed,
            "index": self.index.to_dict(),
            "seconds": round(self.seconds, 3),
            "kept": self.kept,
            "met": len(self.expectations) - len(self.failed),
            "failed": len(self.failed),
            "categories": [c.to_dict() for c in self.categories],
            "expectations": [r.to_dict() for r in self.expectations],
            "steps": [s.to_dict() for s in self.steps],
        }


def replay(
    scenario_dir: Path | str,
    *,
    backend: str | None = None,
    keep: Path | str | None = None,
    gate_check: GateCheck | None = None,
    dream_step: DreamStep | None = None,
) -> ScenarioResult:
    """Replay one scenario on a temporary copy and score the memory that comes out.

    ``backend`` overrides the scenario's (default ``local``). ``keep`` names a directory (new or
    empty) where the worked copy is left for inspection. ``gate_check`` and ``dream_step`` default
    to the real gate chain and dream pipeline; tests may pass their own.
    """
    started = time.perf_counter()
    scenario = load_scenario(scenario_dir)
    pending = pending_sessions(scenario)
    chosen = backend or scenario.backend or DEFAULT_BACKEND
    check = gate_check or real_gate_check
    step = dream_step or real_dream_step
    result = ScenarioResult(
        name=scenario.name,
        path=str(scenario.root),
        description=scenario.description,
        backend=chosen,
        now=scenario.now,
        undated_sessions=[p.name for p in pending if not p.dated],
    )
    before = tree_digest(scenario.root, exclude=[scenario.memory_dir])
    with _workspace(keep) as work:
        _copy_scenario(scenario, work)
        clock = FixedClock(_first_instant(pending, scenario))
        settings = scenario_settings(scenario, work, backend=chosen, clock=clock)
        reviewed: set[str] = set()
        revealed: list[str] = []
        for session in pending:
            clock.set(session.end.timestamp())
            _reveal(scenario, work, session)
            revealed.append(session.id)
            verdict = check(settings, session.id)
            if not verdict.open:
                result.steps.append(ReplayStep(session.end, session.id, verdict, False, False))
                continue
            result.steps.append(
                _dream(step, settings, session.end, session.id, verdict, revealed, reviewed)
            )
        clock.set(scenario.now.timestamp())
        result.steps.append(_dream(step, settings, scenario.now, None, None, revealed, reviewed))
        result.sessions_reviewed = len(reviewed)
        result.expectations = evaluate(scenario.expectations, settings.memory_dir)
        result.index = index_size(settings.memory_dir)
        after = tree_digest(work, exclude=[settings.memory_dir])
        result.outside_changed = changed_paths(before, after)
        if keep is not None:
            result.kept = str(work)
    result.seconds = time.perf_counter() - started
    return result


def _dream(
    step: DreamStep,
    settings: Settings,
    at: datetime,
    session: str | None,
    verdict: GateVerdict | None,
    revealed: list[str],
    reviewed: set[str],
) -> ReplayStep:
    forced = session is None
    try:
        report = step(settings, session)
    except (GateClosed, LockHeld) as exc:
        # The pipeline re-checked and found a gate closed (the lock, most likely): no dream.
        closed = GateVerdict(False, str(exc).splitlines()[0] if str(exc) else "gate closed")
        return ReplayStep(at, session, verdict or closed, False, forced, error=None)
    except DreamFailed as exc:
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        return ReplayStep(at, session, verdict, False, forced, error=reason)
    if report.sessions_reviewed is not None:
        reviewed.update(report.sessions_reviewed)
    else:
        # The pipeline did not say; a dream reviews every session revealed so far.
        reviewed.update(revealed)
    return ReplayStep(at, session, verdict, True, forced, run_id=report.run_id)


def scenario_settings(
    scenario: Scenario, work: Path, *, backend: str, clock: FixedClock
) -> Settings:
    """Settings for a replay: the copy's dirs, the scenario's gates, its clock, its backend.

    Built from the defaults, not ``Settings.resolve``: a replay must score the same on every
    machine, so neither ``AUTODREAM_*`` thresholds nor a config file may reach it. Only the
    credentials a non-local backend needs come from the environment.
    """
    overrides: dict[str, Any] = dict(scenario.gates)
    if "min_sessions" in overrides:
        overrides["min_sessions"] = int(overrides["min_sessions"])
    if backend != "local":
        overrides["api_key"] = os.environ.get("AUTODREAM_API_KEY") or os.environ.get(
            "ANTHROPIC_API_KEY"
        )
        overrides["base_url"] = os.environ.get("AUTODREAM_BASE_URL") or None
    return dataclasses.replace(
        Settings(
            project_root=work / "project",
            memory_dir=work / "memory",
            sessions_dir=work / "sessions",
            backend=backend,
            clock=clock,
        ),
        **overrides,
    )


def pending_sessions(scenario: Scenario) -> list[PendingSession]:
    """The scenario's sessions in the order they end (ties broken by file name)."""
    found: list[PendingSession] = []
    if scenario.sessions_dir.is_dir():
        for path in sorted(scenario.sessions_dir.glob("*.jsonl")):
            if not path.is_file():
                continue
            end = session_end(path)
            if end is not None and end > scenario.now:
                raise BadInput(
                    f"scenario {scenario.name}: sessions/{path.name}: ends at {_iso(end)}, "
                    f"after now ({_iso(scenario.now)})"
                )
            found.append(PendingSession(path.name, path.stem, end or scenario.now, end is not None))
    found.sort(key=lambda p: (p.end, p.name))
    return found


def session_end(path: Path) -> datetime | None:
    """The timestamp of the last record that has one, read from the end of the file.

    Malformed lines (truncated JSON, binary, non-UTF-8) are passed over, so a damaged tail
    does not hide the session's end; only the tail is read unless the file has no dated record.
    """
    with path.open("rb") as fh:
        fh.seek(0, os.SEEK_END)
        pos = fh.tell()
        carry = b""
        while pos > 0:
            size = min(_TAIL_CHUNK, pos)
            pos -= size
            fh.seek(pos)
            lines = (fh.read(size) + carry).split(b"\n")
            carry = lines[0] if pos > 0 else b""
            complete = lines[1:] if pos > 0 else lines
            for line in reversed(complete):
                stamp = _record_timestamp(line)
                if stamp is not None:
                    return stamp
    return None


def _record_timestamp(line: bytes) -> datetime | None:
    if not line.strip():
        return None
    try:
        record = json.loads(line)
    except (ValueError, UnicodeDecodeError):
        return None
    if not isinstance(record, dict):
        return None
    raw = record.get("timestamp")
    if not isinstance(raw, str):
        return None
    try:
        stamp = datetime.fromisoformat(raw.strip().replace("Z", "+00:00"))
    except ValueError:
        return None
    if stamp.tzinfo is None:
        stamp = stamp.replace(tzinfo=UTC)
    return stamp.astimezone(UTC)


def _first_instant(pending: list[PendingSession], scenario: Scenario) -> float:
    return (pending[0].end if pending else scenario.now).timestamp()


@contextmanager
def _workspace(keep: Path | str | None) -> Iterator[Path]:
    if keep is None:
        with tempfile.TemporaryDirectory(prefix="autodream-replay-") as tmp:
            yield Path(tmp) / "scenario"
        return
    target = Path(keep)
    if target.exists() and (not target.is_dir() or any(target.iterdir())):
        raise BadInput(f"--keep {target}: exists and is not an empty directory")
    yield target


def _copy_scenario(scenario: Scenario, work: Path) -> None:
    """Everything but the sessions, which arrive one by one; ``project/`` always exists."""
    work.mkdir(parents=True, exist_ok=True)
    for entry in sorted(scenario.root.iterdir()):
        dest = work / entry.name
        if entry.name == "sessions":
            continue
        if entry.is_dir() and not entry.is_symlink():
            shutil.copytree(entry, dest, symlinks=True)
        else:
            shutil.copy2(entry, dest, follow_symlinks=False)
    (work / "project").mkdir(exist_ok=True)
    (work / "memory").mkdir(exist_ok=True)
    sessions = work / "sessions"
    sessions.mkdir(exist_ok=True)
    # Files in sessions/ that are not transcripts (notes, a stray log) are there from the start.
    if scenario.sessions_dir.is_dir():
        stems = {p.stem for p in scenario.sessions_dir.glob("*.jsonl")}
        for entry in sorted(scenario.sessions_dir.iterdir()):
            if entry.suffix == ".jsonl" or entry.name in stems:
                continue
            if entry.is_dir():
                shutil.copytree(entry, sessions / entry.name, symlinks=True)
            else:
                shutil.copy2(entry, sessions / entry.name, follow_symlinks=False)


def _reveal(scenario: Scenario, work: Path, session: PendingSession) -> None:
    """Put one session (and its subagent transcripts, if any) in place, mtime at its end."""
    src = scenario.sessions_dir / session.name
    dest = work / "sessions" / session.name
    stamp = session.end.timestamp()
    companion = scenario.sessions_dir / session.id
    if companion.is_dir():
        shutil.copytree(companion, work / "sessions" / session.id, symlinks=True)
        for dirpath, _dirnames, filenames in os.walk(work / "sessions" / session.id):
            for filename in filenames:
                os.utime(Path(dirpath) / filename, (stamp, stamp), follow_symlinks=False)
    # Copy under a temporary name so a scan never sees a half-written transcript.
    partial = dest.with_name(f".{dest.name}.partial")
    shutil.copyfile(src, partial)
    os.utime(partial, (stamp, stamp))
    os.replace(partial, dest)


def real_gate_check(settings: Settings, current_session: str) -> GateVerdict:
    """The hook's gate chain (time, throttled scan, lock) with the session that just ended as
    the current one, exactly as ``autodream-hook`` runs it."""
    report = gates.evaluate(settings, current_session=current_session)
    return GateVerdict(report.open, report.summary())


def pipeline_dream(step: run.DreamStep | None = None) -> DreamStep:
    """A dream step through ``run.dream`` (lock, step, release or roll back), trigger "replay".

    Like the dream the hook spawns, it is forced: the gate chain has already said yes (or this
    is the final dream at ``now``). Unlike the hook's, it does not set the ended session aside:
    in a replay that session is complete, so the dream reviews it with the others. ``step``
    is ``run.dream``'s (None: the pipeline's own).
    """

    def dream_step(settings: Settings, current_session: str | None) -> DreamReport:
        outcome = run.dream(settings, trigger=TRIGGER, force=True, step=step)
        return DreamReport(
            run_id=outcome.run_id,
            sessions_reviewed=tuple(outcome.sessions_reviewed),
        )

    return dream_step


real_dream_step = pipeline_dream()


def _iso(moment: datetime) -> str:
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
