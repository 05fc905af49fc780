"""The gate chain: decide cheaply whether a dream should run now.

Cheapest first, and the first closed gate ends the chain:

1. time  - one ``stat()`` of the lock: has ``min_hours`` passed since the last consolidation?
2. scan  - one ``stat()`` of the throttle stamp, then (at most every ``scan_interval_minutes``,
           across processes) one ``scandir`` of the sessions dir: have ``min_sessions`` sessions
           been touched since? (``scan_sessions`` says what counts as a session.)
3. lock  - is another live process consolidating this memory dir?

Between the scan and the lock, while the last dreams failed the same way again and again, the
back-off (``autodream.backoff``) closes the chain until the next automatic attempt is due.

``evaluate`` runs the chain for a dream (it stamps the throttle and repairs a crashed holder's
lock); ``inspect`` evaluates every gate and changes nothing, for ``autodream status``.
"""

from __future__ import annotations

import contextlib
import os
import stat
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import NamedTuple

from autodream import rx
from autodream.errors import printable
from autodream.lock import ConsolidationLock, LockStatus, in_the_future, span
from autodream.settings import Settings
from autodream.transcripts import codex
from autodream.transcripts.model import (
    SESSION_FILE_NAME,
    SessionInfo,
    SessionSource,
    is_daily_log_name,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from autodream.backoff import Backoff

SCAN_STAMP_FILENAME = "scan-stamp"
TIME, SCAN, LOCK = "time", "scan", "lock"
GATE_NAMES = (TIME, SCAN, LOCK)
# not a gate of its own in the usual report: a result of that name is there, closed, only while
# dreams that failed alike again and again wait (``backoff``)
BACKOFF = "backoff"
# The scan checks a name's length first (every ``<uuid>.jsonl`` is 42 characters) and runs
# SESSION_FILE_NAME only on entries touched since the last dream: of the exact checks tried
# (slices, str.strip, set, bytes.fromhex), one compiled fullmatch was the cheapest.
_SUFFIX = ".jsonl"
_ID_LENGTH = 36  # a uuid with its dashes
_SESSION_NAME_LENGTH = _ID_LENGTH + len(_SUFFIX)
_S_IFMT, _S_IFREG, _S_IFDIR = 0o170000, 0o100000, 0o040000  # stat.S_IS* without a call
SessionRow = tuple[float, str, int]  # (mtime, file name, size): one scanned transcript
# A transcript found beside the Claude Code sessions: (mtime, path, size, source, id)
OtherRow = tuple[float, str, int, SessionSource, str]
SkippedFile = tuple[str, str]  # (path, why it is not read)
# a Codex rollout not known to be this project's: (path, why, the root it lies in)
ForeignFile = tuple[str, str, str]

# The dirs a transcript is found in, by the names the dream's sandbox gives them
SESSIONS_ROOT, MEMORY_ROOT, PROJECT_ROOT = "sessions", "memory", "project"
CODEX_ROOT = "codex"  # codex_sessions_dir, when set: Codex CLI's rollouts of every project
_ROLLOUT_PREFIX = "rollout-"
_UUID_IN_NAME = rx.compile(
    r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}(?=\.jsonl$)"
)


_FOREIGN_KINDS = {codex.NO_CWD: "no cwd", codex.CWD_NOT_IN_HEAD: "cwd not in head"}
_FOREIGN_PHRASES = {
    "other project": ("of another project", "of other projects"),
    "no cwd": ("that recorded no cwd", "that recorded no cwd"),
    "cwd not in head": (f"whose cwd could not be read in its first "
                        f"{codex.CWD_HEAD_BYTES // 1024} KB",
                        f"whose cwd could not be read in their first "
                        f"{codex.CWD_HEAD_BYTES // 1024} KB"),
}


def foreign_phrase(counts: dict[str, int], *, after_not_read: bool = False) -> str:
    """``{"other project": 5999, "no cwd": 1}`` as "6,000 Codex rollouts not read: 5,999 of
    other projects, 1 that recorded no cwd (`autodream status --verbose` lists them)";
    ``after_not_read`` (a line that already begins "not read: codex/:") as "6,000 Codex
    rollouts (5,999 of other projects, 1 that recorded no cwd; `autodream status --verbose`
    lists them)"."""
    total = sum(counts.values())
    parts = ", ".join(f"{n:,} {_FOREIGN_PHRASES[kind][n != 1]}" for kind, n in counts.items())
    rollouts = f"{total:,} Codex rollout{'' if total == 1 else 's'}"
    if after_not_read:
        return f"{rollouts} ({parts}; `autodream status --verbose` lists them)"
    return f"{rollouts} not read: {parts} (`autodream status --verbose` lists them)"


class SessionScan:
    """The sessions one scan found: counted at once, ``SessionInfo`` values built on demand.

    The gate only needs the count, so the scan keeps one plain tuple per transcript; the
    ``Path`` and ``SessionInfo`` per entry (3x the cost of the ``scandir`` + ``stat`` the scan
    must pay) are built, once, only when a dream or ``status`` asks for them.
    """

    __slots__ = ("_infos", "_others", "_rows", "_sorted", "base", "foreign", "skipped")

    def __init__(
        self,
        base: Path,
        rows: list[SessionRow],
        others: list[OtherRow] | None = None,
        skipped: list[SkippedFile] | None = None,
        foreign: list[ForeignFile] | None = None,
    ) -> None:
        self.base = base
        self._rows = rows
        # Codex rollouts and Markdown daily logs: few, so kept with their paths and ids
        self._others = others or []
        # transcripts found but not to be read (a symlink leaving its root, a second name for
        # a file already counted, another project's Codex rollout), with the reason: a dream
        # records them
        self.skipped: list[SkippedFile] = skipped or []
        # Codex rollouts not known to be this project's (thousands, on a busy machine): shown
        # as counts (``foreign_counts``), listed only on request
        self.foreign: list[ForeignFile] = foreign or []
        self._sorted = False
        self._infos: list[SessionInfo] | None = None

    @classmethod
    def of(cls, infos: Iterable[SessionInfo]) -> SessionScan:
        """A scan holding given ``SessionInfo`` values as they are (their order kept)."""
        scan = cls(Path(), [])
        scan._infos = list(infos)
        return scan

    def __len__(self) -> int:
        if self._infos is not None:
            return len(self._infos)
        return len(self._rows) + len(self._others)

    def _ordered(self) -> list[SessionRow]:
        # Names are unique and share the suffix, so (mtime, name) orders as (mtime, id).
        if not self._sorted:
            self._rows.sort()
            self._sorted = True
        return self._rows

    @property
    def ids(self) -> list[str]:
        """Session ids, oldest first (ties by id); ``SessionInfo`` values are built only when
        the scan found Codex rollouts or daily logs (a few files, off the hot loop)."""
        if self._infos is not None or self._others:
            return [s.id for s in self.infos()]
        return [name[:_ID_LENGTH] for _, name, _ in self._ordered()]

    def infos(self) -> list[SessionInfo]:
        """The sessions as ``SessionInfo``, oldest first (ties by id); built on the first call,
        then the same list every time."""
        if self._infos is None:
            base = self.base
            infos = [
                SessionInfo(
                    id=name[:_ID_LENGTH],
                    path=base / name,
                    source="claude-code",
                    size=size,
                    mtime=mtime,
                )
                for mtime, name, size in self._ordered()
            ]
            if self._others:
                infos += [
                    SessionInfo(id=sid, path=Path(path), source=source, size=size, mtime=mtime)
                    for mtime, path, size, source, sid in self._others
                ]
                # the Claude Code rows share one dir, so this is the order they already had
                infos.sort(key=lambda s: (s.mtime, str(s.path)))
            self._infos = infos
        return self._infos

    def foreign_counts(self, root: str | None = None) -> dict[str, int]:
        """How many rollouts (in ``root``, or all) were not read for each reason: ``other
        project``, ``no cwd``, ``cwd not in head``; reasons with none are left out."""
        counts: dict[str, int] = {}
        for _path, why, where in self.foreign:
            if root is None or where == root:
                kind = _FOREIGN_KINDS.get(why, "other project")
                counts[kind] = counts.get(kind, 0) + 1
        return counts

    def foreign_summary(self) -> list[SkippedFile]:
        """One ``(root/, why)`` per root holding rollouts not known to be this project's: what a
        dream records and shows instead of each one's path and cwd."""
        roots = sorted({where for _p, _w, where in self.foreign})
        return [(f"{root}/", foreign_phrase(self.foreign_counts(root), after_not_read=True))
                for root in roots]

    def dated_after(self, when: float) -> list[str]:
        """The paths of the counted transcripts whose mtime is past ``when``."""
        if self._infos is not None:
            return [os.fspath(s.path) for s in self._infos if s.mtime > when]
        base = os.fspath(self.base)
        return [os.path.join(base, name) for mtime, name, _ in self._rows if mtime > when] + [
            path for mtime, path, _, _, _ in self._others if mtime > when
        ]

    def set_aside(self, paths: Iterable[str], why: str) -> None:
        """Stop counting the transcripts at ``paths``; ``skipped`` lists them with ``why``."""
        gone = set(paths)
        if not gone:
            return
        if self._infos is not None:
            self._infos = [s for s in self._infos if os.fspath(s.path) not in gone]
        base = os.fspath(self.base)
        self._rows = [row for row in self._rows if os.path.join(base, row[1]) not in gone]
        self._others = [row for row in self._others if row[1] not in gone]
        self.skipped.extend((path, why) for path in sorted(gone))


@dataclass(frozen=True, eq=False)
class GateResult:
    """One gate's verdict, with the figure it measured and why."""

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


@dataclass(eq=False, repr=False)
class GateReport:
    """The chain's verdict, each evaluated gate's result, and what it learnt on the way."""

    results: list[GateResult] = field(default_factory=list)
    # Sessions touched since the last consolidation (empty when the chain stopped before a
    # scan); read them through ``sessions``.
    scan: SessionScan = field(default_factory=lambda: SessionScan(Path(), []))
    last_consolidated: float | None = None  # epoch seconds; None: never (or not believed)
    # the lock's time when it is dated in the future (clock skew): taken as unknown, so the
    # time gate opens and every session counts, instead of waiting for the clock to catch up
    future_last: float | None = None
    now: float = 0.0
    lock: LockStatus | None = None
    throttle_age: float | None = None  # seconds since the last scan; None: never scanned
    # this evaluation stamped the throttle; the stamp's mtime before it (None: there was none),
    # so a dream that fails can give the scan back (``restore_stamp``)
    stamped: bool = False
    prior_stamp: float | None = None
    forced: bool = False
    # transcripts the last dream read but could not keep all of (its file budget), not touched
    # since: the next dream reads them again, so they open the scan gate by themselves
    held_back: list[str] = field(default_factory=list)
    # those of them left because the sandbox refused the write that was to save their memories
    refused: list[str] = field(default_factory=list)
    # those of them an undo rewound: what a dream learned there was taken back
    undone: list[str] = field(default_factory=list)
    # transcripts whose memories were refused again when read again (path -> why): they stay
    # pending, read by any dream, but no longer open the scan gate alone (not in held_back),
    # or autodream would dream after every min_hours to meet the same refusal
    stuck: dict[str, str] = field(default_factory=dict)
    # notes written in MEMORY.md the last dream left there (or in notes_waiting.md) for the
    # next one to move: they open the scan gate too
    notes_waiting: int = 0
    # what the person can do about the closed gate: when it opens, or what to do about the
    # lock's holder ("" when all are open); and for the time gate, the hours until it opens
    advice: str = ""
    next_dream_in_hours: float | None = None
    # the last dreams failed alike (None: they did not, or no scan opened the chain)
    backoff: Backoff | None = None

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

    def explained(self) -> str:
        """``summary()`` and what to do about it."""
        return self.summary() + (f"; {self.advice}" if self.advice else "")

    def as_dict(self) -> dict[str, object]:
        return {
            "open": self.open,
            "closed_by": self.closed_by,
            "forced": self.forced,
            "now": self.now,
            "last_consolidated": self.last_consolidated,
            "last_consolidated_in_future": self.future_last,
            "hours_since_last": _hours(self.now, self.last_consolidated),
            "gates": [r.as_dict() for r in self.results],
            "sessions": [
                {"id": s.id, "path": str(s.path), "source": s.source, "mtime": s.mtime,
                 "size": s.size}
                for s in self.sessions
            ],
            "skipped_sessions": [
                {"path": path, "reason": why} for path, why in self.scan.skipped
            ],
            # counts only ("other project", "no cwd", "cwd not in head"): status --verbose
            # lists them
            "codex_rollouts_not_read": self.scan.foreign_counts(),
            "held_back_sessions": list(self.held_back),
            "refused_sessions": list(self.refused),
            "undone_sessions": list(self.undone),
            "refused_again_sessions": [{"path": path, "reason": why}
                                       for path, why in self.stuck.items()],
            "notes_waiting": self.notes_waiting,
            "scan_throttle_age_seconds": self.throttle_age,
            "lock": self.lock.as_dict() if self.lock else None,
            "advice": self.advice,
            "next_dream_in_hours": self.next_dream_in_hours,
            "backoff": self.backoff.as_dict() if self.backoff is not None else None,
        }


def _age(now: float, since: float | None) -> float | None:
    return None if since is None else now - since


def _hours(now: float, since: float | None) -> float | None:
    age = _age(now, since)
    return None if age is None else age / 3600


def sessions_since(
    settings: Settings, since_epoch: float | None, exclude_id: str | None = None
) -> list[SessionInfo]:
    """Sessions modified after ``since_epoch`` (all when None), oldest first; never subagent
    transcripts, never ``exclude_id``. A plain scan, no throttle."""
    return scan_sessions(settings, since_epoch, exclude_id).infos()


def scan_sessions(
    settings: Settings, since_epoch: float | None, exclude_id: str | None = None
) -> SessionScan:
    """What ``sessions_since`` finds, as a ``SessionScan``: the scan pays one ``stat()`` per
    transcript and little else, and ``SessionInfo`` values wait until someone asks.

    A session is a transcript touched since ``since_epoch``:

    - Claude Code: ``<uuid>.jsonl`` directly in the sessions dir;
    - Codex CLI: ``rollout-*.jsonl`` in the sessions dir or its ``YYYY/MM/DD/`` dirs (the
      layout of ``~/.codex/sessions``);
    - Markdown daily logs: ``YYYY-MM-DD.md`` and ``logs/YYYY/MM/YYYY-MM-DD.md`` in the memory
      dir, ``logs/YYYY/MM/YYYY-MM-DD.md`` and ``memory/YYYY-MM-DD.md`` in the project.

    A symlink is counted only when its target stays inside its root and is not a transcript
    the scan finds under its own name (then it is that one, read once); other symlinks, and a
    second name for a file already counted, are listed in ``SessionScan.skipped``, as is a
    rollout whose recorded ``cwd`` is outside the project (another project's: Codex keeps them
    all in one dir). Symlinked directories are not entered.
    """
    base = settings.sessions_dir
    rows: list[SessionRow] = []
    since = float("-inf") if since_epoch is None else since_epoch
    linked: list[SessionRow] = []  # symlinked <uuid>.jsonl: checked after the loop
    others: list[os.DirEntry[str]] = []  # rollout-* files and YYYY/ dirs
    try:
        entries = os.scandir(base)
    except (FileNotFoundError, NotADirectoryError):
        entries = None
    if entries is not None:
        # ``name == excluded`` is ``name[:36] == exclude_id`` for a session name, minus a slice.
        excluded = None if exclude_id is None else exclude_id + _SUFFIX
        is_session = SESSION_FILE_NAME.fullmatch
        append = rows.append
        with entries:
            for entry in entries:
                name = entry.name
                if len(name) != _SESSION_NAME_LENGTH:  # agent-*.jsonl, <uuid>/ dirs, ...
                    if name.startswith(_ROLLOUT_PREFIX) or (len(name) == 4 and name.isdigit()):
                        others.append(entry)  # Codex: rollout-*.jsonl, YYYY/MM/DD/
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
                if entry.is_symlink():  # rare: where it leads is checked after the loop
                    linked.append((mtime, name, st.st_size))
                    continue
                append((mtime, name, st.st_size))
    finder = _OtherTranscripts(settings, since, exclude_id)
    for mtime, name, size in linked:
        if finder.link_is_readable(SESSIONS_ROOT, os.path.join(base, name)):
            rows.append((mtime, name, size))
    finder.sessions_dir(sorted(others, key=lambda e: e.name))
    finder.codex_dir()
    finder.daily_logs()
    return SessionScan(base, rows, finder.rows, finder.skipped, finder.foreign)


# the other sessions folders status and a dream name one by one, each on a line (a dotfiles
# repo at ~ makes every project's folder one of its own: 300 lines); the rest are summed
OTHER_SESSIONS_FOLDERS_SHOWN = 5


def _folders_named_like_project(settings: Settings) -> list[Path]:
    """Claude Code's sessions folders named as the project's root or a folder below it (the
    name alone: '/x/web/api' and the sibling project '/x/web-api' are both '-x-web-api'), but
    the one the dream reads; [] when sessions_dir is set (the hook's, watch's, autodream.toml's:
    no folder of Claude Code's own layout)."""
    from autodream.config import sanitize

    if "sessions_dir" in settings.sources:
        return []
    projects = settings.sessions_dir.parent
    named = sanitize(str(settings.project_root))
    try:
        names = sorted(n for n in os.listdir(projects)
                       if n == named or n.startswith(named + "-"))
    except OSError:
        return []
    return [projects / name for name in names if projects / name != settings.sessions_dir]


def other_sessions_dirs(settings: Settings) -> list[tuple[str, str]]:
    """Claude Code's other sessions folders for this project's memory dir: those of the
    project's subfolders (or of its root, seen from a subfolder), each with the folder its
    sessions were started in, which a transcript records; [] when sessions_dir is set. Claude
    Code files a session under the folder it was started in, and the memory dir is the git
    root's: a dream reads one of those folders, and the others' sessions go unread."""
    from autodream.config import started_in_project

    root = str(settings.project_root)
    found: list[tuple[str, str]] = []
    for folder in _folders_named_like_project(settings):
        started_in = started_in_project(str(folder), root)
        if started_in is not None:
            found.append((str(folder), started_in))
    return found


class UnreadFolder(NamedTuple):
    """A sessions folder of this memory dir the dream does not read, and its sessions touched
    since the last dream that were started in this project."""

    folder: str
    started_in: str  # the folder the newest of them was started in (its transcript's cwd)
    sessions: int  # how many (a tuple's ``count`` is its method)


def unread_elsewhere(settings: Settings, since: float | None) -> list[UnreadFolder]:
    """The memory dir's other sessions folders holding sessions touched since ``since`` (the
    last dream; None: never) that were started in this project: what a dream over
    ``sessions_dir`` leaves unread. Once that dream is done they are older than it, and no
    later dream counts them unless they change. Each transcript counts by the cwd it records:
    a folder named as a subfolder's may hold a sibling project's sessions too ('/x/web/api'
    and '/x/web-api' are both '-x-web-api'), which are none of this memory dir's."""
    from autodream.config import (
        CWD_COUNT_PROBE_BYTES,
        CWD_COUNT_PROBE_LINES,
        folder_of_project,
        transcript_cwd,
    )

    after = float("-inf") if since is None else since
    root = str(settings.project_root)
    of_project: dict[str, str | None] = {}  # cwd -> folder_of_project (walks up for .git)
    found: list[UnreadFolder] = []
    for folder in _folders_named_like_project(settings):
        touched: list[tuple[float, str]] = []
        try:
            with os.scandir(folder) as entries:
                for entry in entries:
                    if SESSION_FILE_NAME.fullmatch(entry.name) is None:
                        continue
                    try:
                        st = entry.stat(follow_symlinks=False)
                    except OSError:  # vanished while we looked
                        continue
                    if st.st_mode & _S_IFMT == _S_IFREG and st.st_mtime > after:
                        touched.append((st.st_mtime, entry.path))
        except OSError:
            continue
        started_in, count = "", 0
        for _, path in sorted(touched, reverse=True):  # (newest first: its cwd is named)
            cwd = transcript_cwd(path, CWD_COUNT_PROBE_BYTES, CWD_COUNT_PROBE_LINES)
            if cwd is None:
                continue
            if cwd not in of_project:
                of_project[cwd] = folder_of_project(cwd, root)
            if (here := of_project[cwd]) is not None:
                started_in, count = started_in or here, count + 1
        if count:
            found.append(UnreadFolder(str(folder), started_in, count))
    return found


def _is_rollout(name: str) -> bool:
    return name.startswith(_ROLLOUT_PREFIX) and name.endswith(_SUFFIX)


def _is_dated_dir(name: str, width: int) -> bool:
    return len(name) == width and name.isascii() and name.isdigit()


def is_transcript_place(root: str, parts: tuple[str, ...]) -> bool:
    """Whether the scan counts a file at ``parts`` below ``root`` (``sessions``, ``memory`` or
    ``project``) under its own name."""
    if not parts:
        return False
    name, dirs = parts[-1], parts[:-1]
    if root == SESSIONS_ROOT:
        if not dirs:
            return SESSION_FILE_NAME.fullmatch(name) is not None or _is_rollout(name)
        return _is_rollout(name) and _dated(dirs, (4, 2, 2))
    if root == CODEX_ROOT:
        return _is_rollout(name) and (not dirs or _dated(dirs, (4, 2, 2)))
    if not is_daily_log_name(name):
        return False
    if dirs and dirs[0] == "logs":
        return _dated(dirs[1:], (4, 2))
    return not dirs if root == MEMORY_ROOT else dirs == ("memory",)


def _dated(dirs: tuple[str, ...], widths: tuple[int, ...]) -> bool:
    return len(dirs) == len(widths) and all(
        _is_dated_dir(d, w) for d, w in zip(dirs, widths, strict=True)
    )


def rollout_cwd(path: str) -> tuple[str | None, bool]:
    """The ``cwd`` a Codex rollout recorded in its first records (``session_meta``), or None;
    and whether its head was cut before one could be found (``codex.head_cwd``)."""
    try:
        with open(path, "rb") as fh:
            return codex.head_cwd(fh)
    except OSError:
        return None, False


class _OtherTranscripts:
    """The scan's slow part: Codex rollouts and Markdown daily logs (a few files each time),
    and the checks on symlinks. Directory listings are sorted so the result is the same on
    every file system."""

    def __init__(self, settings: Settings, since: float, exclude_id: str | None) -> None:
        self.since = since
        self.exclude_id = exclude_id
        self.roots = {
            SESSIONS_ROOT: settings.sessions_dir,
            MEMORY_ROOT: settings.memory_dir,
            PROJECT_ROOT: settings.project_root,
        }
        codex = settings.codex_sessions_dir
        # the sessions dir set to the same dir (as the README once advised) is walked already,
        # but by codex_sessions_dir's rule: a rollout there must say it is this project's
        self.strict = {CODEX_ROOT}
        if sessions_in_codex_dir(settings):
            self.strict.add(SESSIONS_ROOT)
        if codex is not None and not _same_dir(os.fspath(codex), os.fspath(settings.sessions_dir)):
            self.roots[CODEX_ROOT] = codex
        self.rows: list[OtherRow] = []
        self.skipped: list[SkippedFile] = []
        self.foreign: list[ForeignFile] = []
        self._seen: dict[tuple[int, int], str] = {}  # (device, inode) -> the path counted
        self._real: dict[str, str] = {}
        self._cwd_inside: dict[str, bool] = {}  # a recorded cwd -> inside the project?

    def _real_root(self, root: str) -> str:
        if root not in self._real:
            self._real[root] = os.path.realpath(self.roots[root])
        return self._real[root]

    def link_is_readable(self, root: str, path: str) -> bool:
        """Whether a symlink found at ``path`` in ``root`` is read as a transcript; when not,
        why is added to ``skipped``."""
        why = self._link_problem(root, path)
        if why is not None:
            self.skipped.append((path, why))
        return why is None

    def _link_problem(self, root: str, path: str) -> str | None:
        if root == MEMORY_ROOT:
            # a dream reads the memory dir through its staging copy, which holds no symlinks
            return "a symlink in the memory dir (only its regular files are read)"
        target = os.path.realpath(path)
        real_root = self._real_root(root)
        if not target.startswith(real_root.rstrip(os.sep) + os.sep):
            return f"a symlink to {target}, outside {root}/"
        real_memory = self._real_root(MEMORY_ROOT)
        if target == real_memory or target.startswith(real_memory.rstrip(os.sep) + os.sep):
            return f"a symlink into the memory dir ({target})"
        parts = tuple(target[len(real_root.rstrip(os.sep)) + 1 :].split(os.sep))
        if is_transcript_place(root, parts):
            return f"a symlink to {root}/{'/'.join(parts)}, which is read under its own name"
        return None

    def _other_project(self, path: str, root: str) -> str | None:
        """Codex keeps every project's rollouts in one dir: one whose recorded ``cwd`` is not
        the project or inside it is another project's, never read into this memory (one with
        no ``cwd`` is read, except from ``codex_sessions_dir``, where it could be anyone's)."""
        cwd, cut = rollout_cwd(path)
        return codex.foreign_reason(cwd, cut, self._within, need_cwd=root in self.strict)

    def _within(self, cwd: str) -> bool:
        """``codex.cwd_is_within`` the project, remembered: few distinct cwds, and realpath
        costs an lstat per component."""
        inside = self._cwd_inside.get(cwd)
        if inside is None:
            inside = codex.cwd_is_within(cwd, self._real_root(PROJECT_ROOT))
            self._cwd_inside[cwd] = inside
        return inside

    def _add(
        self, root: str, entry: os.DirEntry[str], source: SessionSource, session_id: str
    ) -> None:
        try:
            st = entry.stat()
        except OSError:  # dangling symlink, or gone
            return
        if st.st_mtime <= self.since or st.st_mode & _S_IFMT != _S_IFREG:
            return
        if session_id == self.exclude_id:
            return
        if entry.is_symlink() and not self.link_is_readable(root, entry.path):
            return
        if source == "codex" and (why := self._other_project(entry.path, root)) is not None:
            # counted, not listed: other projects' paths and cwds stay out of this one's output
            # and run records
            self.foreign.append((entry.path, why, root))
            return
        key = (st.st_dev, st.st_ino)
        first = self._seen.get(key)
        if first is not None:  # a hard link, or one file reached from two roots
            self.skipped.append((entry.path, f"the same file as {first}, which is read"))
            return
        self._seen[key] = entry.path
        self.rows.append((st.st_mtime, entry.path, st.st_size, source, session_id))

    def _walk(
        self,
        root: str,
        path: str,
        widths: tuple[int, ...],
        wanted: Callable[[str], bool],
        source: SessionSource,
    ) -> None:
        """Files named ``wanted`` in ``path`` after descending through dated dirs of
        ``widths`` (``(4, 2)``: ``YYYY/MM/``)."""
        try:
            with os.scandir(path) as it:
                entries = sorted(it, key=lambda e: e.name)
        except OSError:
            return
        for entry in entries:
            name = entry.name
            if widths:
                if _is_dated_dir(name, widths[0]) and entry.is_dir(follow_symlinks=False):
                    self._walk(root, entry.path, widths[1:], wanted, source)
            elif wanted(name):
                self._add(root, entry, source, _session_id(name, source))

    def sessions_dir(self, entries: list[os.DirEntry[str]], root: str = SESSIONS_ROOT) -> None:
        """Codex rollouts among a dir's entries (the sessions dir's, or ``codex_sessions_dir``'s)
        and in its ``YYYY/MM/DD/`` dirs."""
        for entry in entries:
            if _is_rollout(entry.name):
                self._add(root, entry, "codex", _session_id(entry.name, "codex"))
            elif _is_dated_dir(entry.name, 4) and entry.is_dir(follow_symlinks=False):
                self._walk(root, entry.path, (2, 2), _is_rollout, "codex")

    def codex_dir(self) -> None:
        """Codex rollouts in ``codex_sessions_dir`` and its ``YYYY/MM/DD/`` dirs (when set)."""
        root = self.roots.get(CODEX_ROOT)
        if root is None:
            return
        try:
            with os.scandir(root) as it:
                entries = sorted(it, key=lambda e: e.name)
        except OSError:  # gone since the settings were resolved
            return
        self.sessions_dir(entries, CODEX_ROOT)

    def daily_logs(self) -> None:
        """Markdown daily logs in the memory dir, then in the project."""
        memory = os.fspath(self.roots[MEMORY_ROOT])
        self._walk(MEMORY_ROOT, memory, (), is_daily_log_name, "markdown")
        self._logs_dir(MEMORY_ROOT, os.path.join(memory, "logs"))
        project = os.fspath(self.roots[PROJECT_ROOT])
        self._logs_dir(PROJECT_ROOT, os.path.join(project, "logs"))
        notes = os.path.join(project, "memory")
        if _plain_dir(notes) and not _same_dir(notes, memory):  # the memory dir is walked
            self._walk(PROJECT_ROOT, notes, (), is_daily_log_name, "markdown")

    def _logs_dir(self, root: str, path: str) -> None:
        if _plain_dir(path):
            self._walk(root, path, (4, 2), is_daily_log_name, "markdown")


def sessions_in_codex_dir(settings: Settings) -> bool:
    """Whether the sessions dir is ``codex_sessions_dir`` or inside it (itself, through a
    symlink, or one of its dated dirs): every project's rollouts lie there, so a rollout is read
    only when it says it is this project's, whichever name the dir is set under."""
    codex_dir = settings.codex_sessions_dir
    if codex_dir is None:
        return False
    real = os.path.realpath(codex_dir)
    sessions = os.path.realpath(settings.sessions_dir)
    return sessions == real or sessions.startswith(real.rstrip(os.sep) + os.sep)


def unreadable_log_dirs(settings: Settings) -> list[tuple[str, str]]:
    """Each daily-log dir that is there and cannot be listed (the memory dir's ``logs/``, the
    project's ``logs/`` and ``memory/``, and the ``YYYY/`` and ``YYYY/MM/`` dirs in a
    ``logs/``), said as a person can act on it: the scan passes such a dir by in silence, so
    the logs in it would never be dreamt and no one would know why."""
    memory = os.fspath(settings.memory_dir)
    project = os.fspath(settings.project_root)
    places: list[tuple[str, tuple[int, ...]]] = [
        (os.path.join(memory, "logs"), (4, 2)), (os.path.join(project, "logs"), (4, 2))]
    notes = os.path.join(project, "memory")
    if not _same_dir(notes, memory):
        places.append((notes, ()))
    found: list[tuple[str, str]] = []
    for place, widths in places:
        if _plain_dir(place):
            _unlistable(place, widths, found)
    return found


def _unlistable(place: str, widths: tuple[int, ...], found: list[tuple[str, str]]) -> None:
    """Add ``place`` to ``found`` when it cannot be listed, else each dated dir of ``widths``
    below it that cannot (as ``_Finder._walk`` descends)."""
    try:
        with os.scandir(place) as it:
            dated = sorted(e.path for e in it if widths and _is_dated_dir(e.name, widths[0])
                           and e.is_dir(follow_symlinks=False))
    except OSError as exc:
        found.append((place, f"cannot read the daily-log dir {printable(place)}: "
                             f"{exc.strerror or type(exc).__name__}; the daily logs in it "
                             "are not read until you fix its permissions"))
        return
    for below in dated:
        _unlistable(below, widths[1:], found)


def _plain_dir(path: str) -> bool:
    """A directory, not a symlink to one (those are not entered)."""
    try:
        return os.lstat(path).st_mode & _S_IFMT == _S_IFDIR
    except OSError:
        return False


def _same_dir(a: str, b: str) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def _session_id(name: str, source: SessionSource) -> str:
    """A daily log's id is its day (as the Markdown reader names it); a rollout's, the uuid
    at the end of its name (Codex's session id)."""
    if source == "markdown":
        return name[: -len(".md")]
    found = _UUID_IN_NAME.search(name)
    return found.group(0) if found else name.removesuffix(_SUFFIX)


def scan_stamp_path(settings: Settings) -> Path:
    return settings.state_dir / SCAN_STAMP_FILENAME


def _stamp_mtime(settings: Settings) -> float | None:
    stamp = _stamp_stat(settings)
    return None if stamp is None else stamp.st_mtime


def _stamp_stat(settings: Settings) -> os.stat_result | None:
    try:
        return os.stat(scan_stamp_path(settings))
    except FileNotFoundError:
        return None


def restore_stamp(settings: Settings, report: GateReport) -> None:
    """Put the throttle stamp back as it was before ``evaluate`` stamped it.

    For a dream that failed or was refused after its gates opened: the throttle keeps the hot
    hook path from rescanning on every turn, not a person's retry from seeing the dream's own
    error again (the hook's detached dream skips the scan, so the hook's stamp stays)."""
    if not report.stamped:
        return
    from autodream.memory.staging import BY_DIR_FD, open_dir

    times = None if report.prior_stamp is None else (report.prior_stamp, report.prior_stamp)
    try:
        if not (BY_DIR_FD and os.utime in os.supports_dir_fd):
            path = scan_stamp_path(settings)
            if times is None:
                path.unlink(missing_ok=True)
            else:
                os.utime(path, times)
            return
        # in the state dir opened without following a link: one swapped in since the stamp
        # was made would have a file of that name deleted or dated wherever it points
        fd = open_dir(settings.memory_dir, settings.state_dir.name)
        try:
            if times is None:
                os.unlink(SCAN_STAMP_FILENAME, dir_fd=fd)
            else:
                os.utime(SCAN_STAMP_FILENAME, times, dir_fd=fd, follow_symlinks=False)
        finally:
            os.close(fd)
    except OSError:  # the state dir went away: there is no stamp left to hide the error
        pass


def _touch_stamp(settings: Settings, now: float) -> None:
    settings.memory_dir.mkdir(parents=True, exist_ok=True)
    # (only its mtime tells: truncated, the stamp is as empty as made, a note on it dropped)
    _write_stamp(settings, now, b"")


def _write_stamp(settings: Settings, now: float, body: bytes) -> None:
    """The scan stamp holding ``body`` alone, dated ``now``. Never through a link, the stamp's
    or the state dir's (one swapped in after the check that found none): utime would then
    date, and open make, a file wherever it points."""
    # (imported here, past the time gate and the throttle: the hook's path stays light)
    from autodream.memory.commit import open_below

    with open_below(settings.memory_dir,
                    f"{settings.state_dir.name}/{SCAN_STAMP_FILENAME}") as stamp:
        if body:
            stamp.write(body)
            stamp.flush()
        if os.utime in os.supports_fd:
            os.utime(stamp.fileno(), (now, now))
            return
    os.utime(scan_stamp_path(settings), (now, now), follow_symlinks=False)


# The hook scans, finds every gate open, then (blockers) a dream that cannot start: no backend,
# a bad setting. Its scan stamped the throttle all the same, so for scan_interval_minutes the
# hook said only 'scan gate closed: last scan 0.0 min ago' and hid the error; it writes the
# error into the stamp its scan made (the next scan truncates it), and a throttled scan gate
# says it. Bounded: the hook reads it on every turn while the throttle holds.
_STAMP_NOTE_MAX_BYTES = 2048


def note_on_stamp(settings: Settings, report: GateReport, why: str) -> None:
    """Keep ``why`` (no dream could start after this evaluation opened every gate) in the scan
    stamp it made, dated as before; no stamp made by ``report``, nothing written."""
    if not report.stamped:
        return
    # (an error here never fails the hook's turn; its debug line still says why)
    with contextlib.suppress(OSError):
        _write_stamp(settings, report.now,
                     why.encode("utf-8", "replace")[:_STAMP_NOTE_MAX_BYTES])


def _stamp_note(settings: Settings) -> str:
    """What ``note_on_stamp`` kept in the stamp, or "" (none, or not a plain file: a FIFO
    put there must not block the hook, a link is not followed). On one printable line, any
    secret redacted: anyone who can write the state dir (a sync tool, a teammate's checkout)
    writes what the hook's line and ``status`` would print to the terminal."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(scan_stamp_path(settings), flags)
    except OSError:
        return ""
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return ""
        body = os.read(fd, _STAMP_NOTE_MAX_BYTES)
    except OSError:
        return ""
    finally:
        os.close(fd)
    return _as_said(body)


def _as_said(body: bytes) -> str:
    """A stamp's note as the scan gate says it ("" for none)."""
    said = " ".join(body.decode("utf-8", "replace").split())
    if not said:
        return ""
    from autodream.errors import printable
    from autodream.redact import redact

    # (an escape sequence shown escaped is up to 4 characters a byte: cut as it was read)
    return redact(printable(said))[:_STAMP_NOTE_MAX_BYTES]


def _still_blocked(settings: Settings, note: str) -> bool:
    """Whether what ``note`` says stopped the dream still stops one (``run.blockers``): once the
    person set the key the note named, the hook, ``status`` and a gated dream went on telling
    them to set it for the rest of the throttle."""
    from autodream.run import blockers

    return any(_as_said(str(error).encode("utf-8", "replace")[:_STAMP_NOTE_MAX_BYTES]) == note
               for error in blockers(settings))


def _set_last_consolidated(report: GateReport) -> None:
    assert report.lock is not None
    last_ns = report.lock.last_consolidated_ns()
    last = None if last_ns is None else last_ns / 1e9
    if in_the_future(last, report.now):
        report.future_last, last = last, None
    report.last_consolidated = last


def _time_result(settings: Settings, report: GateReport) -> GateResult:
    hours = _hours(report.now, report.last_consolidated)
    reason = f"min_hours is {settings.min_hours:g}"
    if report.future_last is not None:
        ahead = (report.future_last - report.now) / 3600
        when = datetime.fromtimestamp(report.future_last, tz=UTC)
        return GateResult(
            TIME, True,
            f"the last dream is dated {when:%Y-%m-%d %H:%M} UTC, {ahead:.1f} h in the future",
            "a clock was wrong: taken as unknown, every session counts")
    if hours is None:
        return GateResult(TIME, True, "never consolidated", reason)
    figure = f"{hours:.1f} h since the last dream"
    assert report.lock is not None
    if report.lock.held:
        return GateResult(TIME, False, figure, f"a dream is running ({report.lock.describe()})")
    return GateResult(TIME, hours >= settings.min_hours, figure, reason)


def _set_aside_read_ahead(settings: Settings, scan: SessionScan, now: float) -> None:
    """Stop counting transcripts dated in the future (a writer's clock ran ahead) that the last
    dream read to their end: their mtime stays past every dream until the clock catches up, so
    each scan would count them as touched and open the gate for a dream with nothing to read."""
    ahead = scan.dated_after(now)
    if not ahead:  # the usual case: no store read, no file opened
        return
    from autodream.transcripts.offsets import OFFSETS_FILENAME, OffsetStore

    store = OffsetStore(settings.state_dir / OFFSETS_FILENAME, reads=settings.read_dirs)
    pending = set(store.pending())
    read = []
    for path in ahead:
        try:
            size = os.stat(path).st_size
        except OSError:
            continue
        if path not in pending and size and store.start_for(path) == size:
            read.append(path)
    scan.set_aside(read, "dated in the future and read already by the last dream, unchanged since")


def _held_back(settings: Settings, report: GateReport) -> None:
    """What the last dream left for the next one: the transcripts it marked pending (memories
    its file budget left out, or a refused write did not save: ``report.refused``) that the
    scan did not count already, and the notes written in
    MEMORY.md that wait to be moved (``report.held_back``, ``report.notes_waiting``). Those
    whose memories were refused again when read again wait apart (``report.stuck``)."""
    # Imported here: only a scan that would otherwise close the gate reads the store.
    from autodream.transcripts.offsets import OFFSETS_FILENAME, OffsetStore

    store = OffsetStore(settings.state_dir / OFFSETS_FILENAME, reads=settings.read_dirs)
    pending = store.pending()
    if pending:
        counted = {os.fspath(info.path) for info in report.scan.infos()}
        # (a changed max_write_bytes may let them through: then they open the gate again)
        stuck = store.stuck(settings.max_write_bytes)
        left = [path for path in pending if path not in counted and os.path.isfile(path)]
        report.stuck = {path: stuck[path] for path in left if path in stuck}
        report.held_back = [path for path in left if path not in stuck]
        refused, undone = set(store.refused()), set(store.undone())
        report.refused = [path for path in report.held_back if path in refused]
        report.undone = [path for path in report.held_back if path in undone]
    waiting = store.notes_waiting(settings.index_path)
    report.notes_waiting = waiting if waiting and settings.index_path.is_file() else 0


def _scan_figure(settings: Settings, report: GateReport) -> GateResult:
    count = len(report.scan)
    noun = "session" if count == 1 else "sessions"
    figure = f"{count} {noun} touched since the last dream"
    reason = f"min_sessions is {settings.min_sessions}"
    left = []
    budget = len(report.held_back) - len(report.refused) - len(report.undone)
    if budget:
        left.append(f"{budget} with memories the last dream held back")
    if report.refused:
        left.append(f"{len(report.refused)} with memories the last dream could not write")
    if report.undone:
        # (not '1 an undo left to read again': each item reads as '<count> <what they are>')
        left.append(f"{len(report.undone)} to read again after an undo")
    if report.notes_waiting:
        notes = report.notes_waiting
        left.append(f"{notes} note{'s' if notes != 1 else ''} written in MEMORY.md waiting to "
                    "be moved")
    if count < settings.min_sessions and left:
        figure += ", " + ", ".join(left)
        reason = ("the last dream's file budget (max_files_touched) left memories for the next "
                  "one" if budget or report.notes_waiting else
                  "the last dream could not write some memories (refused writes); the next one "
                  "reads their sessions again" if report.refused else
                  "an undo took back what a dream learned in them; the next dream reads them "
                  "again")
    if count < settings.min_sessions and report.stuck:
        # else a closed gate reads as if nothing waited
        figure += (f", {len(report.stuck)} waiting whose memories keep being refused (read "
                   "again by the next dream other sessions start)")
    return GateResult(SCAN, count >= settings.min_sessions or bool(left), figure, reason)


def _throttled(settings: Settings, age: float | None, noted: bool = True
               ) -> GateResult | None:
    """The scan gate closed while the last scan is younger than the interval; ``noted``: the
    stamp may hold a note (False when its stat said it is empty: the hook's usual turn opens
    no file for it)."""
    interval = settings.scan_interval_minutes * 60
    if age is None or age >= interval:
        return None
    note = _stamp_note(settings) if noted else ""
    if note and not _still_blocked(settings, note):
        note = ""  # (the next scan truncates it; until then it is not said)
    return GateResult(
        SCAN,
        False,
        f"last scan {age / 60:.1f} min ago"
        + (f"; the dream it opened could not start: {note}" if note else ""),
        f"scans are throttled to one every {settings.scan_interval_minutes:g} min",
    )


def _lock_result(status: LockStatus) -> GateResult:
    if status.held:
        return GateResult(LOCK, False, status.describe(), "another dream holds the lock")
    if status.stale:
        return GateResult(LOCK, True, status.describe(), "stale holder: it will be reclaimed")
    return GateResult(LOCK, True, "free", "no holder")


def evaluate(
    settings: Settings,
    *,
    current_session: str | None = None,
    force: bool = False,
    stamp: bool = True,
) -> GateReport:
    """Run the chain for a dream; the first closed gate ends it.

    ``force`` skips the time and scan gates, never the lock. Side effects: a scan stamps the
    throttle (unless ``stamp`` is false: a dry run must leave the dream it previews free to
    run), and a crashed holder's lock is rolled back to its prior mtime.
    """
    report = _evaluate(settings, current_session=current_session, force=force, stamp=stamp)
    _advise(settings, report)
    return report


def _advise(settings: Settings, report: GateReport) -> None:
    """Fill ``report.advice`` (and ``next_dream_in_hours``) for its closing gate."""
    closed = report.closed_by
    lock = report.lock
    if closed is None:
        return
    if lock is not None and lock.held and closed in (TIME, LOCK):
        report.advice = lock.advice(settings.lock_ttl_minutes * 60)
    elif closed == TIME and report.last_consolidated is not None:
        left = max(0.0, settings.min_hours * 3600 - (report.now - report.last_consolidated))
        report.next_dream_in_hours = round(left / 3600, 2)
        report.advice = f"next dream possible in {span(left)}, or --force to dream now"
    elif closed == SCAN and report.throttle_age is not None and (
            report.throttle_age < settings.scan_interval_minutes * 60):
        left = settings.scan_interval_minutes * 60 - report.throttle_age
        report.advice = f"next scan possible in {span(left)}, or --force to dream now"
    elif closed == BACKOFF and report.backoff is not None:
        report.next_dream_in_hours = round(report.backoff.left_seconds / 3600, 2)
        # (the closed gate's figure says when: not twice on the line a refused dream prints)
        report.advice = "--force dreams now"
    elif closed == SCAN:
        short = settings.min_sessions - len(report.scan)
        report.advice = (f"a dream waits for {short} more session{'s' if short != 1 else ''} "
                         "(min_sessions), or --force to dream now")


def _evaluate(
    settings: Settings,
    *,
    current_session: str | None,
    force: bool,
    stamp: bool,
) -> GateReport:
    lock = ConsolidationLock.for_settings(settings)
    report = GateReport(now=settings.now(), forced=force)
    report.lock = lock.status()
    if report.lock.stale and lock.recover():
        report.lock = lock.status()
    _set_last_consolidated(report)

    if force:
        report.results.append(GateResult(TIME, True, "skipped", "--force", skipped=True))
        report.results.append(GateResult(SCAN, True, "skipped", "--force", skipped=True))
        report.scan = scan_sessions(settings, report.last_consolidated, current_session)
        _set_aside_read_ahead(settings, report.scan, report.now)
    else:
        time_result = _time_result(settings, report)
        report.results.append(time_result)
        if not time_result.open:
            return report
        last_scan = _stamp_stat(settings)
        report.prior_stamp = None if last_scan is None else last_scan.st_mtime
        report.throttle_age = _age(report.now, report.prior_stamp)
        throttled = _throttled(settings, report.throttle_age,
                               noted=last_scan is not None and last_scan.st_size > 0)
        if throttled is not None:
            report.results.append(throttled)
            return report
        report.scan = scan_sessions(settings, report.last_consolidated, current_session)
        _set_aside_read_ahead(settings, report.scan, report.now)
        if stamp and (report.scan or settings.memory_dir.is_dir()):
            # (no memory dir and no session: nothing to throttle, and a stamp would make the
            # memory dir of every plain folder a watched root or a first run looks at)
            _touch_stamp(settings, report.now)
            report.stamped = True
        if len(report.scan) < settings.min_sessions:
            _held_back(settings, report)
        scan_result = _scan_figure(settings, report)
        report.results.append(scan_result)
        if not scan_result.open:
            return report
        held = _backoff_result(settings, report)
        if held is not None:
            report.results.append(held)
            return report

    report.results.append(_lock_result(report.lock))
    return report


def _backoff_result(settings: Settings, report: GateReport, *, for_status: bool = False
                    ) -> GateResult | None:
    """The back-off, closed, while the last dreams failed alike and the next automatic attempt
    is not due; None otherwise. Sets ``report.backoff`` whenever they failed alike."""
    from autodream import backoff

    report.backoff = held = backoff.current(settings, report.now)
    if held is None or not held.holds:
        return None
    return GateResult(BACKOFF, False, held.status_figure() if for_status else held.figure(),
                      backoff.REASON.format(failures=len(held.runs)))


def inspect(settings: Settings, *, current_session: str | None = None) -> GateReport:
    """Every gate's figure and verdict, as ``evaluate`` would see them; changes nothing.

    The scan gate is shown closed while throttled (as the hook would find it), but the
    sessions are counted anyway so the report can list them.
    """
    lock = ConsolidationLock.for_settings(settings)
    report = GateReport(now=settings.now())
    report.lock = lock.status()
    _set_last_consolidated(report)
    report.results.append(_time_result(settings, report))
    report.throttle_age = _age(report.now, _stamp_mtime(settings))
    try:
        report.scan = scan_sessions(settings, report.last_consolidated, current_session)
    except OSError as exc:
        # (status) the rest of the report is still worth reading; this gate says what is wrong
        why = exc.strerror or type(exc).__name__
        report.results.append(GateResult(
            SCAN, False, f"cannot read {exc.filename or settings.sessions_dir}", why))
        report.results.append(_lock_result(report.lock))
        return report
    _set_aside_read_ahead(settings, report.scan, report.now)
    throttled = _throttled(settings, report.throttle_age)
    _held_back(settings, report)
    report.results.append(throttled or _scan_figure(settings, report))
    # (between the scan and the lock, where ``evaluate`` puts it: one order in both reports)
    held = _backoff_result(settings, report, for_status=True)
    if held is not None:
        report.results.append(held)
    report.results.append(_lock_result(report.lock))
    _advise(settings, report)
    return report
