"""The gate chain: decide cheaply whether a dream should run now.

Cheapest first, and the first closed gate ends the chain:

1. time  - one ``stat()`` of the lock: has ``min_hours`` passed since the last consolidation?
2. scan  - one ``stat()`` of the throttle stamp, then (at most every ``scan_interval_minutes``,
           across processes) one ``scandir`` of the sessions dir: have ``min_sessions`` sessions
           been touched since?
3. lock  - is another live process consolidating this memory dir?

``evaluate`` runs the chain for a dream (it stamps the throttle and repairs a crashed holder's
lock); ``inspect`` evaluates every gate and changes nothing, for ``autodream status``.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from autodream.lock import ConsolidationLock, LockStatus
from autodream.settings import Settings
from autodream.transcripts.model import SESSION_FILE_NAME, SessionInfo

SCAN_STAMP_FILENAME = "scan-stamp"
TIME, SCAN, LOCK = "time", "scan", "lock"
GATE_NAMES = (TIME, SCAN, LOCK)
# The scan checks a name's length first (every ``<uuid>.jsonl`` is 42 characters) and runs
# SESSION_FILE_NAME only on entries touched since the last dream: of the exact checks tried
# (slices, str.strip, set, bytes.fromhex), one compiled fullmatch was the cheapest.
_SUFFIX = ".jsonl"
_ID_LENGTH = 36  # a uuid with its dashes
_SESSION_NAME_LENGTH = _ID_LENGTH + len(_SUFFIX)
_S_IFMT, _S_IFREG = 0o170000, 0o100000  # stat.S_ISREG without a call per entry
SessionRow = tuple[float, str, int]  # (mtime, file name, size): one scanned transcript


class SessionScan:
    """The sessions one scan found: counted at once, ``SessionInfo`` values built on demand.

    The gate only needs the count, so the scan keeps one plain tuple per transcript; the
    ``Path`` and ``SessionInfo`` per entry (3x the cost of the ``scandir`` + ``stat`` the scan
    must pay) are built, once, only when a dream or ``status`` asks for them.
    """

    __slots__ = ("_infos", "_rows", "_sorted", "base")

    def __init__(self, base: Path, rows: list[SessionRow]) -> None:
        self.base = base
        self._rows = rows
        self._sorted = False
        self._infos: list[SessionInfo] | None = None

    @classmethod
    def of(cls, infos: Iterable[SessionInfo]) -> SessionScan:
        """A scan holding given ``SessionInfo`` values as they are (their order kept)."""
        scan = cls(Path(), [])
        scan._infos = list(infos)
        return scan

    def __len__(self) -> int:
        return len(self._rows) if self._infos is None else len(self._infos)

    def _ordered(self) -> list[SessionRow]:
        # Names are unique and share the suffix, so (mtime, name) orders as (mtime, id).
        if not self._sorted:
            self._rows.sort()
            self._sorted = True
        return self._rows

    @property
    def ids(self) -> list[str]:
        """Session ids, oldest first (ties by id), without building ``SessionInfo`` values."""
        if self._infos is not None:
            return [s.id for s in self._infos]
        return [name[:_ID_LENGTH] for _, name, _ in self._ordered()]

    def infos(self) -> list[SessionInfo]:
        """The sessions as ``SessionInfo``, oldest first (ties by id); built on the first call,
        then the same list every time."""
        if self._infos is None:
            base = self.base
            self._infos = [
                SessionInfo(
                    id=name[:_ID_LENGTH],
                    path=base / name,
                    source="claude-code",
                    size=size,
                    mtime=mtime,
                )
                for mtime, name, size in self._ordered()
            ]
        return self._infos


@dataclass(frozen=True)
class GateResult:
    name: str  # "time", "scan" or "lock"
    open: bool
    figure: str  # the measured value, e.g. "26.3 h since the last dream"
    reason: str  # why the verdict, e.g. "min_hours is 24"
    skipped: bool = False  # not evaluated (--force skips time and scan)

    def as_dict(self) -> dict[str, object]:
        return {
            "name": self.name,
            "open": self.open,
            "figure": self.figure,
            "reason": self.reason,
            "skipped": self.skipped,
        }


@dataclass
class GateReport:
    """The chain's verdict, each evaluated gate's result, and what it learnt on the way."""

    results: list[GateResult] = field(default_factory=list)
    # Sessions touched since the last consolidation (empty when the chain stopped before a
    # scan); read them through ``sessions``.
    scan: SessionScan = field(default_factory=lambda: SessionScan(Path(), []))
    last_consolidated: float | None = None  # epoch seconds; None: never
    now: float = 0.0
    lock: LockStatus | None = None
    throttle_age: float | None = None  # seconds since the last scan; None: never scanned
    forced: bool = False

    @property
    def sessions(self) -> list[SessionInfo]:
        """Sessions touched since the last consolidation, oldest first; each
        ``SessionInfo.path`` is the real transcript. Built on first use (the gate itself only
        counts), then the same list every time."""
        return self.scan.infos()

    @sessions.setter
    def sessions(self, infos: list[SessionInfo]) -> None:
        self.scan = SessionScan.of(infos)

    @property
    def open(self) -> bool:
        return len(self.results) == len(GATE_NAMES) and all(r.open for r in self.results)

    @property
    def closed_by(self) -> str | None:
        for result in self.results:
            if not result.open:
                return result.name
        return None

    def result(self, name: str) -> GateResult | None:
        for result in self.results:
            if result.name == name:
                return result
        return None

    @property
    def reason(self) -> str:
        """The same as ``summary()``: why the chain stopped, or that all gates are open."""
        return self.summary()

    def summary(self) -> str:
        """One line: the closing gate and why, or that all are open."""
        closed = self.closed_by
        if closed is None:
            return "all gates open"
        result = self.result(closed)
        assert result is not None
        return f"{closed} gate closed: {result.figure} ({result.reason})"

    def as_dict(self) -> dict[str, object]:
        return {
            "open": self.open,
            "closed_by": self.closed_by,
            "forced": self.forced,
            "now": self.now,
            "last_consolidated": self.last_consolidated,
            "hours_since_last": _hours(self.now, self.last_consolidated),
            "gates": [r.as_dict() for r in self.results],
            "sessions": [
                {"id": s.id, "path": str(s.path), "mtime": s.mtime, "size": s.size}
                for s in self.sessions
            ],
            "scan_throttle_age_seconds": self.throttle_age,
            "lock": self.lock.as_dict() if self.lock else None,
        }


def _hours(now: float, since: float | None) -> float | None:
    return None if since is None else (now - since) / 3600


def sessions_since(
    settings: Settings, since_epoch: float | None, exclude_id: str | None = None
) -> list[SessionInfo]:
    """Sessions in the sessions dir modified after ``since_epoch`` (all when None), oldest
    first; never subagent transcripts, never ``exclude_id``. A plain scan, no throttle."""
    return scan_sessions(settings, since_epoch, exclude_id).infos()


def scan_sessions(
    settings: Settings, since_epoch: float | None, exclude_id: str | None = None
) -> SessionScan:
    """What ``sessions_since`` finds, as a ``SessionScan``: the scan pays one ``stat()`` per
    transcript and little else, and ``SessionInfo`` values wait until someone asks."""
    base = settings.sessions_dir
    rows: list[SessionRow] = []
    try:
        entries = os.scandir(base)
    except (FileNotFoundError, NotADirectoryError):
        return SessionScan(base, rows)
    since = float("-inf") if since_epoch is None else since_epoch
    # ``name == excluded`` is ``name[:36] == exclude_id`` for a session name, minus a slice.
    excluded = None if exclude_id is None else exclude_id + _SUFFIX
    is_session = SESSION_FILE_NAME.fullmatch
    append = rows.append
    with entries:
        for entry in entries:
            name = entry.name
            if len(name) != _SESSION_NAME_LENGTH:  # agent-*.jsonl, <uuid>/ dirs, other files
                continue
            try:
                # Follows symlinks, as is_file() does; a dangling one raises and is skipped.
                st = entry.stat()
            except OSError:  # vanished mid-scan
                continue
            mtime = st.st_mtime
            if (
                mtime <= since
                or is_session(name) is None
                or st.st_mode & _S_IFMT != _S_IFREG
                or name == excluded
            ):
                continue
            append((mtime, name, st.st_size))
    return SessionScan(base, rows)


def scan_stamp_path(settings: Settings) -> Path:
    return settings.state_dir / SCAN_STAMP_FILENAME


def _stamp_age(settings: Settings, now: float) -> float | None:
    try:
        return now - os.stat(scan_stamp_path(settings)).st_mtime
    except FileNotFoundError:
        return None


def _touch_stamp(settings: Settings, now: float) -> None:
    path = scan_stamp_path(settings)
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a", encoding="utf-8"):
        pass
    os.utime(path, (now, now))


def _time_result(settings: Settings, report: GateReport) -> GateResult:
    hours = _hours(report.now, report.last_consolidated)
    reason = f"min_hours is {settings.min_hours:g}"
    if hours is None:
        return GateResult(TIME, True, "never consolidated", reason)
    figure = f"{hours:.1f} h since the last dream"
    assert report.lock is not None
    if report.lock.held:
        return GateResult(TIME, False, figure, f"a dream is running ({report.lock.describe()})")
    return GateResult(TIME, hours >= settings.min_hours, figure, reason)


def _scan_figure(settings: Settings, scan: SessionScan) -> GateResult:
    count = len(scan)
    noun = "session" if count == 1 else "sessions"
    return GateResult(
        SCAN,
        count >= settings.min_sessions,
        f"{count} {noun} touched since the last dream",
        f"min_sessions is {settings.min_sessions}",
    )


def _throttled(settings: Settings, age: float | None) -> GateResult | None:
    interval = settings.scan_interval_minutes * 60
    if age is None or age >= interval:
        return None
    return GateResult(
        SCAN,
        False,
        f"last scan {age / 60:.1f} min ago",
        f"scans are throttled to one every {settings.scan_interval_minutes:g} min",
    )


def _lock_result(status: LockStatus) -> GateResult:
    if status.held:
        return GateResult(LOCK, False, status.describe(), "another dream holds the lock")
    if status.stale:
        return GateResult(LOCK, True, status.describe(), "stale holder: it will be reclaimed")
    return GateResult(LOCK, True, "free", "no holder")


def evaluate(
    settings: Settings, *, current_session: str | None = None, force: bool = False
) -> GateReport:
    """Run the chain for a dream; the first closed gate ends it.

    ``force`` skips the time and scan gates, never the lock. Side effects: a scan stamps the
    throttle, and a crashed holder's lock is rolled back to its prior mtime.
    """
    lock = ConsolidationLock.for_settings(settings)
    report = GateReport(now=settings.now(), forced=force)
    report.lock = lock.status()
    if report.lock.stale and lock.recover():
        report.lock = lock.status()
    last_ns = report.lock.last_consolidated_ns()
    report.last_consolidated = None if last_ns is None else last_ns / 1e9

    if force:
        report.results.append(GateResult(TIME, True, "skipped", "--force", skipped=True))
        report.results.append(GateResult(SCAN, True, "skipped", "--force", skipped=True))
        report.scan = scan_sessions(settings, report.last_consolidated, current_session)
    else:
        time_result = _time_result(settings, report)
        report.results.append(time_result)
        if not time_result.open:
            return report
        report.throttle_age = _stamp_age(settings, report.now)
        throttled = _throttled(settings, report.throttle_age)
        if throttled is not None:
            report.results.append(throttled)
            return report
        report.scan = scan_sessions(settings, report.last_consolidated, current_session)
        _touch_stamp(settings, report.now)
        scan_result = _scan_figure(settings, report.scan)
        report.results.append(scan_result)
        if not scan_result.open:
            return report

    report.results.append(_lock_result(report.lock))
    return report


def inspect(settings: Settings, *, current_session: str | None = None) -> GateReport:
    """Every gate's figure and verdict, as ``evaluate`` would see them; changes nothing.

    The scan gate is shown closed while throttled (as the hook would find it), but the
    sessions are counted anyway so the report can list them.
    """
    lock = ConsolidationLock.for_settings(settings)
    report = GateReport(now=settings.now())
    report.lock = lock.status()
    last_ns = report.lock.last_consolidated_ns()
    report.last_consolidated = None if last_ns is None else last_ns / 1e9
    report.results.append(_time_result(settings, report))
    report.throttle_age = _stamp_age(settings, report.now)
    report.scan = scan_sessions(settings, report.last_consolidated, current_session)
    throttled = _throttled(settings, report.throttle_age)
    report.results.append(throttled or _scan_figure(settings, report.scan))
    report.results.append(_lock_result(report.lock))
    return report
