"""Run records, the ``DREAMS.md`` diary, diffs and undo: every change a dream makes, explained.

A run lives in ``<state>/runs/<run_id>/``: ``record.json`` (a ``RunRecord``), ``before/<path>``
and ``after/<path>`` (byte images of every file the run touched, kept so ``show`` and ``undo``
work after any number of later runs), ``removed/<path>`` and ``commit.json`` (see
``memory/commit.py``). Run ids sort by time: ``20260720T090000Z-1a2b``.

The diary ``<state>/DREAMS.md`` gets a short entry per run. It sits in autodream's hidden state
dir, never among the memory files the agent loads, so a removed fact cannot return through it.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import stat
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from autodream import rx
from autodream.errors import (
    BadInput,
    DreamFailed,
    LinkedState,
    NotFound,
    UndoConflict,
    UnsafeRecord,
    interruption,
    printable,
    stopped_run,
)
from autodream.memory import commit as commit_mod
from autodream.memory.model import decode_text, is_file_link, parse_index, parse_topic
from autodream.memory.staging import (
    ChangeKind,
    FileChange,
    Staging,
    active_files,
    check_rel_path,
    read_regular_below,
    rel_below,
    remove_tree,
    sha256_of,
    symlinks,
)
from autodream.procs import (
    LIVE,
    REUSED,
    holder_state,
    own_start,
    own_uid,
    recorded_holder,
    start_fields,
)
from autodream.settings import INDEX_FILENAME, Settings

RECORD_FILENAME = "record.json"
DIARY_FILENAME = "DREAMS.md"
STAGING_DIRNAME = "staging"
# "scrub": a run `autodream scrub` records, changing no file undo could restore
TRIGGERS = ("manual", "hook", "force", "watch", "replay", "undo", "library", "scrub")
OUTCOMES = ("running", "committed", "failed", "dry-run", "no-change")

# decision actions (the engine's past-tense verbs, or a backend's imperative ones) -> the diary's
# verb; other actions (kept, dropped candidates, skipped, ...) are only counted, to stay short
_VERBS: dict[str, str] = {
    **dict.fromkeys(("add", "added", "create", "created"), "Added"),
    **dict.fromkeys(("merge", "merged"), "Merged"),
    # (each its own: 'Corrected' said of a date written out, of a plan told as past and of a
    # newer statement alike read as the dream mending a mistake it had not made: ux_audit)
    **dict.fromkeys(("correct", "corrected"), "Corrected"),
    **dict.fromkeys(("update", "updated", "superseded", "rewrite", "rewrote"), "Updated"),
    **dict.fromkeys(("date", "dated"), "Dated"),
    "past": "Told as past",
    **dict.fromkeys(("remove", "removed", "delete", "deleted", "prune", "pruned"), "Removed"),
    "forgotten": "Forgotten",
}
_REMOVING = ("Removed", "Forgotten")  # verbs whose file is meant to be gone after the dream
DIARY_MAX_LINES = 20
DIARY_MAX_LINE_CHARS = 240


@dataclass
class RunRecord:
    """One run, as stored in ``record.json``."""

    id: str
    started_at: str  # ISO 8601, UTC
    trigger: str  # one of TRIGGERS (run.py names the dream triggers; "undo" is ours)
    outcome: str = "running"  # running | committed | failed | dry-run | no-change
    reason: str = ""
    ended_at: str | None = None
    backend: str | None = None
    model: str | None = None
    sessions: list[str] = field(default_factory=list)  # virtual paths of sessions reviewed
    # transcripts found but not read ({"path", "reason"}): a symlink leaving its root, ...
    skipped_sessions: list[dict[str, str]] = field(default_factory=list)
    tool_calls: list[dict[str, Any]] = field(default_factory=list)  # the ToolBox log, verdicts
    changes: list[FileChange] = field(default_factory=list)
    usage: dict[str, Any] | None = None  # agent.Usage.as_dict() where known
    decisions: list[dict[str, Any]] = field(default_factory=list)  # the engine's, where present
    checks: dict[str, Any] | None = None  # CheckReport.as_dict()
    summary: str = ""  # the subagent's ``finish`` summary
    undoes: str | None = None  # for trigger "undo": the run it reverted
    pid: int = field(default_factory=os.getpid)
    # when that process started (None: unknowable, or a record from before 2026-11-27), and
    # how long after boot (procs.process_start): a process of the same PID that started at
    # another time is not the one that ran
    pid_started: float | None = field(default_factory=lambda: own_start()[0])
    pid_since_boot: float | None = field(default_factory=lambda: own_start()[1])
    # which boot that was (procs.boot_id): after a reboot a process may start as many seconds
    # after boot, under the same PID
    pid_boot_id: str | None = field(default_factory=lambda: own_start()[2])
    # the user it ran as (None: a record from before 2026-11-27): a PID whose start cannot be
    # read now (hidepid) runs as another user than the dream's, when that is this process's
    pid_uid: int | None = field(default_factory=own_uid)
    # transcript path -> {"before", "after"}: its read position before and after the run
    offsets: dict[str, dict[str, Any]] = field(default_factory=dict)
    # for a forced undo: the files it restored over edits made since the run it undid (undoing
    # this undo brings those edits back)
    overwrote: list[str] = field(default_factory=list)
    # for an undo that had to take back later dreams first (they changed the same files after
    # the run it undid): the undo runs it made for them, in the order made (newest dream first)
    together: list[str] = field(default_factory=list)
    # topic files still on disk that the index it restored no longer links (linked by hand
    # since the run): they are not lost, but the agent no longer finds them
    unlinked: list[str] = field(default_factory=list)
    # a dream recorded before run records kept read positions (autodream before 2026-11-24):
    # an undo of it cannot have its sessions read again
    offsets_unknown: bool = False
    # for an undo of such a dream: the sessions it read, which the next dream does not read
    # again (what the dream learned there stays taken back)
    not_read_again: list[str] = field(default_factory=list)
    # not saved: for an undo just made, the undos it took DREAMS.md's word for, each as (the run
    # it undid, the undo), whose folders are gone: they decided what it undid, and the person
    # is told so (a diary entry can be typed by hand)
    diary_told: list[tuple[str, str]] = field(default_factory=list, compare=False)

    def paths(self, kind: str) -> list[str]:
        return [c.path for c in self.changes if c.kind == kind]

    def paths_touched(self) -> set[str]:
        return {c.path for c in self.changes}

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "started_at": self.started_at,
            "ended_at": self.ended_at,
            "trigger": self.trigger,
            "outcome": self.outcome,
            "reason": self.reason,
            "backend": self.backend,
            "model": self.model,
            "sessions": list(self.sessions),
            "skipped_sessions": list(self.skipped_sessions),
            "tool_calls": list(self.tool_calls),
            "changes": [c.as_dict() for c in self.changes],
            "usage": self.usage,
            "decisions": list(self.decisions),
            "checks": self.checks,
            "summary": self.summary,
            "undoes": self.undoes,
            "pid": self.pid,
            **start_fields(self.pid_started, self.pid_since_boot, self.pid_boot_id,
                           self.pid_uid),
            "offsets": dict(self.offsets),
            "overwrote": list(self.overwrote),
            "together": list(self.together),
            "unlinked": list(self.unlinked),
            # written only when set: a record of today reads back the same without them
            **({"offsets_unknown": True} if self.offsets_unknown else {}),
            **({"not_read_again": list(self.not_read_again)} if self.not_read_again else {}),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RunRecord:
        """A record read back from disk; ``UnsafeRecord`` when its id or a change's path could
        lead outside the journal or the memory dir (a forged or corrupt ``record.json``)."""
        pid_started, pid_since_boot, pid_boot_id, pid_uid = recorded_holder(data)
        return cls(
            id=_check_run_id(data["id"]),
            started_at=str(data["started_at"]),
            ended_at=data.get("ended_at"),
            trigger=str(data.get("trigger", "")),
            outcome=str(data.get("outcome", "running")),
            reason=str(data.get("reason", "")),
            backend=data.get("backend"),
            model=data.get("model"),
            sessions=list(data.get("sessions") or []),
            skipped_sessions=[
                {"path": str(item.get("path", "")), "reason": str(item.get("reason", ""))}
                for item in data.get("skipped_sessions") or []
                if isinstance(item, dict)
            ],
            tool_calls=list(data.get("tool_calls") or []),
            changes=[FileChange.from_dict(c) for c in data.get("changes") or []],
            usage=data.get("usage"),
            decisions=list(data.get("decisions") or []),
            checks=data.get("checks"),
            summary=str(data.get("summary", "")),
            undoes=None if data.get("undoes") is None else _check_run_id(data["undoes"]),
            pid=int(data.get("pid", 0)),
            pid_started=pid_started,
            pid_since_boot=pid_since_boot,
            pid_boot_id=pid_boot_id,
            pid_uid=pid_uid,
            offsets={str(k): v for k, v in (data.get("offsets") or {}).items()
                     if isinstance(v, dict)},
            overwrote=[str(p) for p in data.get("overwrote") or []],
            together=[_check_run_id(i) for i in data.get("together") or []],
            unlinked=[str(p) for p in data.get("unlinked") or []],
            # a dream's record without the "offsets" key was written by a version that kept none
            offsets_unknown=bool(data.get("offsets_unknown")) or (
                "offsets" not in data and str(data.get("trigger", "")) != "undo"),
            not_read_again=[str(p) for p in data.get("not_read_again") or []],
        )

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=2, sort_keys=True, ensure_ascii=False) + "\n"

    @classmethod
    def from_json(cls, text: str) -> RunRecord:
        data = json.loads(text)
        if not isinstance(data, dict):
            raise ValueError("a run record is a JSON object")
        return cls.from_dict(data)


def _check_run_id(value: object) -> str:
    """A recorded run id: one plain path component (it names a dir under ``runs/``)."""
    run_id = check_rel_path(value)
    if "/" in run_id:
        raise UnsafeRecord(f"recorded run id {run_id!r} is not a single name")
    return run_id


def iso_utc(now: datetime) -> str:
    return now.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def new_run_id(now: datetime, taken: Iterable[str] = ()) -> str:
    """A sortable id: the UTC start time to the second, then 4 hex digits.

    The digits are random but above those of any ``taken`` id of the same second, so ids sort in
    the order the runs began even when several start within one second (a fixed clock).
    """
    stamp = now.astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")
    floor = -1
    for name in taken:
        if name.startswith(stamp + "-"):
            with contextlib.suppress(ValueError):
                floor = max(floor, int(name[len(stamp) + 1 :], 16))
    if floor >= 0xFFFF:
        floor = -1  # 65,536 runs in one second: give up on order, keep ids unique
    low = floor + 1
    return f"{stamp}-{low + int.from_bytes(os.urandom(2), 'big') % min(0x10000 - low, 0x100):04x}"


def runs_dir(state_dir: Path) -> Path:
    return state_dir / commit_mod.RUNS_DIRNAME


def run_dir(state_dir: Path, run_id: str) -> Path:
    return runs_dir(state_dir) / run_id


def stopped_run_named(state_dir: Path, exc: BaseException) -> dict[str, Any]:
    """The run a failed dream left in the journal, as a ``--json`` document names it: its id
    (``id`` and ``run_id``, as a dream that succeeded names it), its ``outcome`` as its record
    says it and the record's path, so a script can ``autodream show RUN_ID``; nothing when
    ``exc`` stopped no run or its record was not written (refused before it began) or cannot
    be read: a run ``show`` cannot find is named to nobody."""
    run_id = stopped_run(exc)
    if run_id is None:
        return {}
    record = run_dir(state_dir, run_id) / RECORD_FILENAME
    try:
        outcome = json.loads(record.read_text(encoding="utf-8")).get("outcome")
    except (OSError, ValueError, AttributeError):
        return {}
    return {"id": run_id, "run_id": run_id, "outcome": outcome, "record": str(record)}


def run_folder_there(state_dir: Path, run_id: str) -> bool | OSError:
    """Whether run ``run_id``'s folder is still there (False: gone), or, where looking fails
    otherwise (an unsearchable runs folder: ``Path.is_dir`` lets EACCES through on Python
    3.11, while an error is already being handled), the error: whether the run can be shown
    or undone cannot be told then, and must not be promised."""
    try:
        return stat.S_ISDIR(os.stat(run_dir(state_dir, run_id)).st_mode)
    except (FileNotFoundError, NotADirectoryError):
        return False
    except OSError as exc:
        return exc


def _real_dir(path: Path) -> bool:
    """Whether ``path`` is a folder itself (not a link to one), as far as can be told."""
    try:
        return stat.S_ISDIR(os.lstat(path).st_mode)
    except FileNotFoundError:
        return False
    except OSError:
        return True  # (cannot tell: not said to have moved)


def after_commit_ways(state_dir: Path, run_id: str, *, memory_dir: Path | None = None) -> str:
    """What a person can do with dream ``run_id``, in memory, that something stopped after its
    commit (an interrupt), as it follows 'run <id> is in memory': show and undo it only where
    its folder is there to do it with. ``memory_dir``: named in the commands, for a dream of a
    project other than the one the person is in (a ``watch --once`` pass)."""
    import shlex

    which = ("" if memory_dir is None
             else f" --memory-dir {shlex.quote(printable(str(memory_dir)))}")
    there = run_folder_there(state_dir, run_id)
    if there is True:
        return (f" (see it: autodream show {run_id}{which}; take it back: autodream undo "
                f"{run_id}{which})")
    if there is False and not _real_dir(state_dir):
        # (the whole state dir moved away: put back, the run can be shown and undone)
        return (f", but {printable(str(state_dir))} is not the folder it was committed in "
                "(moved, removed or swapped for a link since), so autodream cannot show or undo "
                "it there; put that folder back to show or undo it (DREAMS.md in it says what "
                "the dream changed)")
    if there is False:
        return (f", but its folder (runs/{run_id}) was removed after its commit, so autodream "
                "cannot show or undo it (DREAMS.md says what it changed); to take it back, "
                "restore its files by hand (from git or a backup)")
    return (f" (DREAMS.md says what it changed), but its folder (runs/{run_id}) cannot be "
            f"looked at ({there.strerror or type(there).__name__}), so autodream cannot tell "
            f"whether it can show or undo it: once it can, `autodream show {run_id}{which}` says")


def staging_dir(state_dir: Path, run_id: str) -> Path:
    """Where a run's staging copy lives (same filesystem as the memory dir)."""
    return state_dir / STAGING_DIRNAME / run_id


def save_run(state_dir: Path, record: RunRecord, *, sync_dir: bool = True) -> None:
    """Write the record atomically. The file is always fsynced before it replaces the last one,
    so a crash leaves either record whole; ``sync_dir=False`` skips the fsync that makes the
    replacement itself durable, for a save that the next durable step syncs anyway."""
    # (``make=False``: begin_run made the run dir; missing, the state dir was moved away after
    # the run began, and a fresh one made here held a record without its images)
    commit_mod.write_atomic(
        run_dir(state_dir, record.id) / RECORD_FILENAME, record.to_json().encode("utf-8"),
        sync_dir=sync_dir, root=commit_mod.state_root(state_dir), make=False,
    )


def next_run_id(state_dir: Path, now: datetime) -> str:
    """A fresh id for a run starting ``now``, sorting after every run already in the journal
    that started in the same second (hand it to the lock, then to ``begin_run``)."""
    root = runs_dir(state_dir)
    return new_run_id(now, (p.name for p in root.iterdir()) if root.is_dir() else ())


# a run dir's name as ``new_run_id`` makes it: its start, to the second, leads
_RUN_ID_STAMP = rx.compile(r"\d{8}T\d{6}Z-")


def run_id_after_all(state_dir: Path, now: datetime) -> str:
    """A fresh id for a dream starting ``now`` that sorts after every run in the journal: of
    the second the newest began in where the clock says earlier (set back, or a machine behind
    the one that dreamt), as an undo's (``_id_after``); the record keeps the clock's time.
    Dated before them, the dream was listed under them and taken for older: 'undo' of the
    undo before it said its changes were edits made by hand."""
    root = runs_dir(state_dir)
    names = [p.name for p in root.iterdir() if p.is_dir()] if root.is_dir() else []
    newest = max((name for name in names if _RUN_ID_STAMP.match(name)), default=None)
    return next_run_id(state_dir, now) if newest is None else _id_after(state_dir, now, newest)


def _save_run_in(run: Path | int, record: RunRecord) -> None:
    """``save_run`` into the run dir ``run`` as it was opened (a descriptor held since), not by
    the state dir's name: a state dir moved since writes where the run's images went."""
    commit_mod.write_in(run, RECORD_FILENAME, record.to_json().encode("utf-8"))


def begin_run(
    state_dir: Path,
    *,
    trigger: str,
    now: datetime,
    backend: str | None = None,
    model: str | None = None,
    sessions: Sequence[str] = (),
    undoes: str | None = None,
    run_id: str | None = None,
    make: bool = True,
) -> RunRecord:
    """Create the run dir (with ``run_id``, or a fresh id) and save its record (``running``).

    ``run_id`` is e.g. the one the lock was taken with; when a run of that id exists already a
    fresh one is drawn with ``next_run_id`` (``record.id`` is the id used). ``make=False``: the
    runs folder is not made where missing (``FileNotFoundError``).
    """
    if run_id is not None and (not run_id or "/" in run_id or run_id.startswith(".")):
        raise ValueError(f"not a run id: {run_id!r}")
    root = runs_dir(state_dir)
    if make:
        root.mkdir(parents=True, exist_ok=True)
    while True:
        if run_id is None:
            run_id = next_run_id(state_dir, now)
        try:
            run_dir(state_dir, run_id).mkdir()
            break
        except FileExistsError:
            # taken (same second, same tail): draw again, of that second where it is later
            # than the clock (``run_id_after_all``)
            run_id = _id_after(state_dir, now, run_id)
    record = RunRecord(
        id=run_id,
        started_at=iso_utc(now),
        trigger=trigger,
        backend=backend,
        model=model,
        sessions=list(sessions),
        undoes=undoes,
    )
    try:
        save_run(state_dir, record)
    except BaseException:
        # (a full disk): an empty run dir was read by `log` as a record it could not read
        with contextlib.suppress(OSError):
            os.rmdir(run_dir(state_dir, record.id))
        raise
    return record


def finish_run(
    state_dir: Path, record: RunRecord, *, outcome: str, now: datetime, reason: str = ""
) -> RunRecord:
    """Close the run: outcome, reason and end time saved, one entry appended to ``DREAMS.md``."""
    if outcome not in OUTCOMES or outcome == "running":
        raise ValueError(f"not a final outcome: {outcome!r}")
    record.outcome = outcome
    record.reason = reason
    record.ended_at = iso_utc(now)
    save_run(state_dir, record)
    append_diary(state_dir, record)
    return record


def list_runs(
    state_dir: Path, n: int | None = None, *, unreadable: list[str] | None = None
) -> list[RunRecord]:
    """The ``n`` newest runs (all when None), newest first; unreadable records are skipped,
    and the ids of the run dirs skipped on the way are added to ``unreadable`` when given."""
    root = runs_dir(state_dir)
    if not root.is_dir():
        return []
    records: list[RunRecord] = []
    for path in sorted(root.iterdir(), key=lambda p: p.name, reverse=True):
        if n is not None and len(records) >= n:
            break
        try:
            records.append(RunRecord.from_json((path / RECORD_FILENAME).read_text("utf-8")))
        except (OSError, ValueError, KeyError, TypeError):
            if unreadable is not None and path.is_dir():
                unreadable.append(path.name)
    return records


# What a dream reads of the journal (the read positions recovery settles, then what the dreams
# left in memory) needs neither the decisions nor the tool calls, most of a record's bytes: a long
# history's first record is ~0.5 MB of JSON, ~10 ms to decode. Each record is decoded once a
# process: its outline is kept by run dir with the bytes it was read from (comparing them costs
# a fraction of hashing them), so a record written since (recovery closing it, a new save) is
# decoded again.
_OUTLINES: dict[Path, tuple[bytes, RunRecord]] = {}


def _outlines(state_dir: Path) -> Iterator[RunRecord]:
    """The runs newest first, unreadable records skipped, as ``list_runs`` gives them but each
    without its ``decisions`` and ``tool_calls`` and shared between calls: read only."""
    root = runs_dir(state_dir)
    if not root.is_dir():
        return
    paths = sorted(root.iterdir(), key=lambda p: p.name, reverse=True)
    listed = set(paths)
    for gone in [p for p in _OUTLINES if p.parent == root and p not in listed]:
        del _OUTLINES[gone]  # pruned: a watch would keep every run it ever read
    for path in paths:
        try:
            data = (path / RECORD_FILENAME).read_bytes()
            known = _OUTLINES.get(path)
            if known is not None and known[0] == data:
                yield known[1]
                continue
            record = RunRecord.from_json(data.decode("utf-8"))
        except (OSError, ValueError, KeyError, TypeError):
            continue
        record.decisions, record.tool_calls = [], []
        _OUTLINES[path] = (data, record)
        yield record


# How many dreams in a row failing with one error make it a problem ``status`` names: one failure
# may be a passing thing (a file mid-edit, a network error); the same error again and again is
# one every dream meets until someone fixes it, each dream the hook starts failing anew.
REPEATED_FAILURES = 3


def repeated_failure(
    state_dir: Path, runs: int = REPEATED_FAILURES
) -> tuple[str, list[str]] | None:
    """The error the last ``runs`` dreams (undos and scrubs aside, dry runs only when they
    failed) all failed with, and their ids, newest first; None when any of them did not fail,
    or failed another way."""
    streak = failure_streak(state_dir, runs)
    if streak is None or len(streak[1]) < runs:
        return None
    return streak[0], [record.id for record in streak[1]]


def failure_streak(state_dir: Path, most: int) -> tuple[str, list[RunRecord]] | None:
    """The error the newest dreams failed with one after another (undos and scrubs aside, dry
    runs only when they failed), and those runs, newest first, at most ``most`` of them; None
    when the newest dream did not fail. (The back-off reads how long the streak is.)"""
    failed: list[RunRecord] = []
    for record in _outlines(state_dir):
        if record.trigger in ("undo", "scrub") or record.outcome in ("dry-run", "running"):
            continue
        if record.outcome != "failed" or (failed and record.reason != failed[0].reason):
            break
        failed.append(record)
        if len(failed) == most:
            break
    return (failed[0].reason, failed) if failed else None


def newest_run_id(state_dir: Path) -> str | None:
    """The id of the newest run dir, whether or not its record can be read."""
    root = runs_dir(state_dir)
    names = [p.name for p in root.iterdir() if p.is_dir()] if root.is_dir() else []
    return max(names, default=None)


def prune_runs(state_dir: Path, keep: int, *, current: str | None = None) -> list[str]:
    """Delete all but the ``keep`` newest run dirs (record, before-images, trash), oldest first,
    so the journal does not grow for ever; returns the ids removed. A run still open or with a
    commit not finished is never touched (recovery needs it). ``keep`` 0 keeps every run.

    ``current`` (the run pruning, just committed) is kept, and so is every run that began after
    it (an id starts with the time its run began, as its record does): runs made by a clock
    ahead of this one (a synced memory dir) pushed the dream's own run out, its record and undo
    copies deleted under it.

    A scrub's run is not counted: it holds no undo copies, and counting it pushed one old
    dream's out with each scrub. It goes once it is older than every dream kept."""
    root = runs_dir(state_dir)
    if keep <= 0 or not root.is_dir():
        return []
    names = sorted((p.name for p in root.iterdir() if p.is_dir() and not p.is_symlink()),
                   reverse=True)
    counted = [name for name in names if not _is_scrub(root / name)]
    if len(counted) <= keep:
        return []
    oldest_kept = counted[keep - 1] if current is None else min(counted[keep - 1], current)
    removed: list[str] = []
    for name in reversed([n for n in names if n < oldest_kept]):
        path = root / name
        if not _prunable(path):
            continue
        remove_tree(path, commit_mod.state_root(state_dir))
        removed.append(name)
    return removed


def _prunable(run: Path) -> bool:
    """Whether ``prune_runs`` may remove the run dir ``run`` once it is past ``keep_runs``: not
    while its commit is unfinished or its record open (recovery needs them)."""
    if commit_mod.commit_state(run) == "applying":
        return False
    try:
        return not _OPEN_RECORD.search((run / RECORD_FILENAME).read_text("utf-8"))
    except OSError:
        return True  # no record at all: nothing to keep it for


def _pruned_by_keep_runs(root: Path, run_id: str) -> bool:
    """Whether run ``run_id``, which the diary tells of and whose dir is gone from ``root``,
    may have gone as ``prune_runs`` removes runs: that keeps the newest run (a later one is
    there), and with a run it removes every older one it may (none of those is left). Else
    its dir was removed some other way (by hand, a sync tool), whatever keep_runs says."""
    if not root.is_dir():
        return False  # (the runs folder itself removed)
    names = sorted(p.name for p in root.iterdir() if p.is_dir() and not p.is_symlink())
    if not any(name > run_id for name in names):
        return False
    return not any(_prunable(root / name) for name in names if name < run_id)


_DIARY_RUN = rx.compile(r"(?m)^## [^\n]* · run (\S+) · ")


def _pruned_run(state_dir: Path, run_id: str) -> str | None:
    """The id of a run the diary tells of whose dir is gone (``prune_runs``, past
    ``keep_runs``), named by ``run_id`` or a prefix of it; None when the diary names none."""
    if not run_id:
        return None
    try:
        diary = (state_dir / DIARY_FILENAME).read_text("utf-8", errors="replace")
    except OSError:
        return None
    told = {m[1] for m in _DIARY_RUN.finditer(diary) if m[1].startswith(run_id)}
    return next(iter(told)) if len(told) == 1 else None


_SCRUB_RECORD = rx.compile(r'"trigger"\s*:\s*"scrub"')


def _is_scrub(run: Path) -> bool:
    """Whether the run dir ``run`` is a scrub's record (see ``autodream.scrub``)."""
    try:
        return bool(_SCRUB_RECORD.search((run / RECORD_FILENAME).read_text("utf-8")))
    except OSError:
        return False


def load_run(state_dir: Path, run_id: str) -> RunRecord:
    """The run named ``run_id`` or by a unique prefix of it.

    ``NotFound`` when nothing matches; ``BadInput`` when the prefix names several runs, which
    exist: a script reading exit 9 as "no such run" would be misled."""
    root = runs_dir(state_dir)
    names = sorted(p.name for p in root.iterdir()) if root.is_dir() else []
    if run_id in names:
        match = run_id
    else:
        found = [name for name in names if run_id and name.startswith(run_id)]
        if not found and (pruned := _pruned_run(state_dir, run_id)) is not None:
            if not _pruned_by_keep_runs(root, pruned):
                raise NotFound(
                    f"run {pruned} is no longer kept: its folder (runs/{pruned}) was removed, "
                    "and not by keep_runs (which removes the oldest runs first, never the "
                    "newest), so autodream cannot undo or show it (DREAMS.md still says what it "
                    "changed); restore its files by hand (from git or a backup)")
            raise NotFound(
                f"run {pruned} is no longer kept: a dream keeps the records and undo copies of "
                "the newest keep_runs runs only and removes older ones (DREAMS.md still says "
                "what it changed), so autodream cannot undo or show it; restore its files by "
                "hand (from git or a backup), and raise keep_runs in autodream.toml to keep "
                "more runs")
        if not found:
            raise NotFound(f"no run '{run_id}' in {root} (`autodream log` lists the runs)")
        if len(found) > 1:
            more = f" and {len(found) - 5} more" if len(found) > 5 else ""
            raise BadInput(f"run id prefix '{run_id}' is ambiguous, it matches {len(found)} runs: "
                           f"{', '.join(found[:5])}{more}; give more of the id")
        match = found[0]
    if (root / match).is_symlink():
        raise UnsafeRecord(f"run '{match}' is a symlink; refused")
    try:
        record = RunRecord.from_json((root / match / RECORD_FILENAME).read_text("utf-8"))
    except UnsafeRecord as exc:
        raise UnsafeRecord(f"run '{match}' has an unsafe record: {exc}") from exc
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise NotFound(f"run '{match}' has no readable record: {exc}") from exc
    if record.id != match:
        raise UnsafeRecord(f"run '{match}' has a record naming another run ({record.id})")
    return record


def _image_path(state_dir: Path, run_id: str, image_dir: str, rel: str) -> Path:
    """A run's image of ``rel``, proven to lie inside the journal with no symlink on the way."""
    return commit_mod.safe_path(
        state_dir, f"{commit_mod.RUNS_DIRNAME}/{run_id}/{image_dir}/{rel}"
    )


def _image_text(path: Path) -> list[str] | None:
    """Lines of an image for a diff, or None when it is not text."""
    try:
        return commit_mod.read_image(path).decode("utf-8").splitlines(keepends=True)
    except UnicodeDecodeError:
        return None


def run_diff(state_dir: Path, run_id: str) -> str:
    """The unified diff of a run: its before-images against its after-images."""
    import difflib  # (not at import: `status` and `log` never diff)

    from autodream.redact import shown_name  # (its patterns: `status` and `log` need none)

    record = load_run(state_dir, run_id)
    changes = sorted(record.changes, key=lambda c: c.path)
    images = [
        (
            None if ch.kind == "added"
            else _image_path(state_dir, record.id, commit_mod.BEFORE_DIR, ch.path),
            None if ch.kind == "deleted"
            else _image_path(state_dir, record.id, commit_mod.AFTER_DIR, ch.path),
        )
        for ch in changes  # all checked before any is read: a forged record shows nothing
    ]
    out: list[str] = []
    for ch, (before_path, after_path) in zip(changes, images, strict=True):
        shown = shown_name(ch.path)
        before_name = "/dev/null" if ch.kind == "added" else f"a/{shown}"
        after_name = "/dev/null" if ch.kind == "deleted" else f"b/{shown}"
        before = [] if before_path is None else _image_text(before_path)
        after = [] if after_path is None else _image_text(after_path)
        if before is None or after is None:
            out.append(f"Binary files {before_name} and {after_name} differ\n")
            continue
        for line in difflib.unified_diff(before, after, before_name, after_name):
            out.append(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n")
    return "".join(out)


def conclude(
    memory_dir: Path,
    state_dir: Path,
    record: RunRecord,
    staging: Staging,
    *,
    now: datetime,
    dry_run: bool = False,
    on_step: commit_mod.StepHook | None = None,
) -> RunRecord:
    """End a checked run: commit the staged changes (or only store their images on a dry run)
    and close the record as ``committed``, ``dry-run`` (with changes or none) or ``no-change``.

    When the commit raises (``MemoryChanged``, an I/O error) nothing is left changed, the record
    is closed as ``failed`` and the error propagates.
    """
    changes = staging.changes()
    target = run_dir(state_dir, record.id)
    if not changes:
        # a dry run is logged as one whatever it found: "no-change" in `log` read as a real
        # dream that ran (and moved the time gate), which a dry run never does
        if dry_run:
            return finish_run(state_dir, record, outcome="dry-run", now=now,
                              reason="a real dream would leave the memory as it was")
        return finish_run(state_dir, record, outcome="no-change", now=now,
                          reason="the dream left the memory as it was")
    record.changes = changes
    # So a crash after the commit still knows what it changed. Both store_images and the commit
    # intent fsync the run dir before the memory dir is touched, which makes this save durable.
    save_run(state_dir, record, sync_dir=False)
    with contextlib.ExitStack() as held:
        run: Path | int | None = None
        try:
            if dry_run:
                commit_mod.store_images(memory_dir, staging.path, changes, target)
            else:
                # held past the commit: a state dir swapped for a link once it is done must
                # not lose the record of a dream memory now holds
                run = held.enter_context(commit_mod.open_run_dir(memory_dir, target))
                commit_mod.commit(memory_dir, staging.path, changes, target, on_step=on_step,
                                  opened=run)
        except BaseException as exc:
            # BaseException too: commit rolled a SIGTERM's SystemExit back, so say the run failed
            record.changes = []
            _close_failed(state_dir, record, now=now,
                          reason=interruption(exc) or str(exc) or type(exc).__name__, cause=exc)
            raise
        try:
            return finish_run(state_dir, record, outcome="dry-run" if dry_run else "committed",
                              now=now, reason=record.reason)
        except OSError:
            if run is None or not commit_mod.run_dir_moved(memory_dir, target, run):
                raise
            raise _saved_in_moved(state_dir, record, run) from None


def _saved_in_moved(state_dir: Path, record: RunRecord, run: Path | int) -> LinkedState:
    """Run ``record``'s dream committed, then its state dir was swapped for a link (or moved)
    before the record was saved: memory holds the dream, so the record (``committed``) is saved
    in the run dir the commit opened, wherever it went, nothing is written where the link
    points, and the dream fails (the ``LinkedState`` returned) saying so and what to do. Where
    the link was found by a save after the record's, it is saved again, as it was."""
    _save_run_in(run, record)
    return _committed_in_moved(state_dir, record)


def state_dir_identity(state_dir: Path) -> tuple[int, int] | None:
    """The state dir's device and inode (a link in its place not followed), for
    ``moved_after_commit`` to tell it from a folder put in its place; None when not there."""
    try:
        st = os.lstat(state_dir)
    except OSError:
        return None
    return (st.st_dev, st.st_ino)


def moved_after_commit(
    memory_dir: Path, state_dir: Path, record: RunRecord, placed: tuple[int, int] | None
) -> LinkedState | None:
    """Whether the state dir of run ``record``, committed and its record saved, was swapped for
    a link (or moved) since: the steps after it (the read positions, pruning) then failed with
    a bare 'Not a directory'. The ``LinkedState`` to raise, saying what to do, or None.

    A move only when the state dir itself is gone, no folder (a link), or another folder than
    ``placed`` (``state_dir_identity`` as the run began): a run dir missing from it, or any
    other error (permissions, a full disk), is no move, and its own message says what it is."""
    if rel_below(memory_dir, run_dir(state_dir, record.id)) is None:
        return None
    try:
        st = os.lstat(state_dir)
    except FileNotFoundError:
        return _committed_in_moved(state_dir, record)
    except OSError:
        return None
    if stat.S_ISDIR(st.st_mode) and placed in (None, (st.st_dev, st.st_ino)):
        return None
    return _committed_in_moved(state_dir, record)


def moved_before_commit(
    memory_dir: Path, state_dir: Path, record: RunRecord, placed: tuple[int, int] | None = None
) -> LinkedState | None:
    """Whether the state dir of run ``record``, not committed, was swapped for a link (or moved)
    since it began (a sync tool during the model's call): its staging copy went with it, so the
    checks failed on a memory read as empty and closing its record on a bare 'No such file or
    directory'. The ``LinkedState`` to raise, saying what to do, or None. ``placed``: the state
    dir's ``state_dir_identity`` as the run began; still it, what moved is below it."""
    target = run_dir(state_dir, record.id)
    if rel_below(memory_dir, target) is None:
        return None
    try:
        with commit_mod.open_run_dir(memory_dir, target, make=False):
            return None
    except (FileNotFoundError, LinkedState):
        if placed is not None and state_dir_identity(state_dir) == placed:
            return _run_dir_moved_before(state_dir, record)
        return LinkedState(
            f"{printable(str(state_dir))} {commit_mod.what_became(state_dir)} during dream "
            f"{record.id}, before its commit: memory is as it was, and the dream's record is "
            f"in the run dir moved with that folder (runs/{record.id}); "
            f"{commit_mod.way_back(state_dir, ' (the next dream closes that record as failed)')}"
            ", then dream again")


def _run_dir_moved_before(state_dir: Path, record: RunRecord) -> LinkedState:
    """``moved_before_commit`` for the state dir in place, the runs folder or the run's own
    moved (it said '.autodream was replaced by another folder', the same folder it was)."""
    runs = runs_dir(state_dir)
    try:
        whole = not stat.S_ISDIR(os.lstat(runs).st_mode)
    except OSError:
        whole = True
    moved = runs if whole else run_dir(state_dir, record.id)
    there = commit_mod.what_became(moved)
    instead = {"was swapped for a link": " in place of the link",
               "was replaced by a file": " in place of the file"}.get(there, "")
    held = ("the records of the runs so far went with that folder (runs/); put it back"
            if whole else "the dream's record went with that folder; put it back")
    cost = ("autodream makes the folder again, without the records of the runs so far: "
            "`autodream log` no longer lists them and undo cannot take them back" if whole
            else "only this dream's record is lost")
    leave = {"": f", or leave it out ({cost})", " in place of the link":
             f", or remove the link ({cost})"}.get(instead, "")
    return LinkedState(
        f"{printable(str(moved))} {there} during dream {record.id}, before its commit: memory "
        f"is as it was, and {held}{instead} (the next dream closes that record as failed)"
        f"{leave}, then dream again")


def _committed_in_moved(state_dir: Path, record: RunRecord) -> LinkedState:
    return _moved_after(state_dir, "dream", record.id, "its record is in the run dir",
                        f"runs/{record.id}", " and undo")


def _moved_after(state_dir: Path, what: str, run_id: str, held: str, where: str,
                 kept_for: str) -> LinkedState:
    """The error of a ``what`` ("dream", "undo") committed as run ``run_id`` whose state dir was
    then swapped for a link or moved: memory holds it, ``held`` (its records) went with the
    folder (``where``), and the ways out (``way_back``)."""
    return LinkedState(
        f"{printable(str(state_dir))} {commit_mod.what_became(state_dir)} after {what} "
        f"{run_id} was committed: memory holds the {what}, and {held} moved with that folder "
        f"({where}); "
        + commit_mod.way_back(state_dir, f" to keep the {what} in `autodream log`{kept_for}"))


def commit_left_begun(state_dir: Path, run_id: str) -> bool:
    """Whether run ``run_id`` began a commit that was not rolled back (a full disk stopped it,
    and the roll-back found no room either): memory may hold part of it until a recovery puts
    it back, which needs the run's intent and images."""
    return commit_mod.commit_state(run_dir(state_dir, run_id)) not in (None, "rolled-back")


def close_for_full_disk(state_dir: Path, record: RunRecord, *, now: datetime,
                        reason: str) -> None:
    """Close run ``record``, stopped by a full disk before anything was committed, as
    ``failed`` with ``reason``, unless its record says it was closed already or its commit
    was left begun (``commit_left_begun``: all is kept for the recovery). Its images
    (copies of memory and of the staging, no commit having begun or it rolled back) are removed
    first: their room is what the record may need; when it cannot be saved even then, the run
    dir goes too (its record left ``running`` read in `log` as a process that died, or none as
    a record that could not be read)."""
    target = run_dir(state_dir, record.id)
    if commit_left_begun(state_dir, record.id):
        return
    try:
        saved = RunRecord.from_json((target / RECORD_FILENAME).read_text("utf-8")).outcome
    except (OSError, ValueError, KeyError, TypeError):
        saved = "running"
    if saved != "running":
        return
    import shutil

    record.changes = []  # (none made: `show` offered the diff of images removed below)

    for images in (commit_mod.BEFORE_DIR, commit_mod.AFTER_DIR, commit_mod.TRASH_DIR, "trash"):
        shutil.rmtree(target / images, ignore_errors=True)
    try:
        finish_run(state_dir, record, outcome="failed", now=now, reason=reason)
    except OSError:
        shutil.rmtree(target, ignore_errors=True)


def _close_failed(
    state_dir: Path, record: RunRecord, *, now: datetime, reason: str, cause: BaseException
) -> None:
    """``finish_run`` as ``failed``, after ``cause`` stopped the run. With the state dir swapped
    for a link (``LinkedState``) the record is written there by no walk that follows one, and
    the person must read why the run failed, not "Not a directory": the record left 'running'
    in the run's own dir is closed as failed by the recovery that next finds it."""
    try:
        finish_run(state_dir, record, outcome="failed", now=now, reason=reason)
    except OSError:
        if not isinstance(cause, LinkedState):
            raise


# ---- undo ------------------------------------------------------------------------------------


def _undone_ids(records: Iterable[RunRecord],
                undoers: dict[str, list[str]] | None = None) -> set[str]:
    """Ids of runs whose effect is currently reverted (an undo counts unless itself undone),
    by ``undoers`` (``_undoers_known``) where given, else by the undos ``records`` hold."""
    by_id = {r.id: r for r in records}
    if undoers is None:
        undoers = _undoers_recorded(by_id.values())
    return _undone_in(undoers) & by_id.keys()


def _undoers_recorded(records: Iterable[RunRecord]) -> dict[str, list[str]]:
    """For each run a committed undo in ``records`` names, the ids of those undos."""
    undoers: dict[str, list[str]] = {}
    for r in records:
        if r.trigger == "undo" and r.outcome == "committed" and r.undoes:
            undoers.setdefault(r.undoes, []).append(r.id)
    return undoers


def _undoers_known(state_dir: Path, memory_dir: Path, records: list[RunRecord],
                   diary: str | None = None) -> dict[str, list[str]]:
    """``_undoers_recorded`` with the undos the diary tells of whose folder is gone (removed
    by hand, or by keep_runs): read from the records alone, an undo of an undo whose folder
    went left the dream it put back counted as undone, and an undo whose folder went left the
    dream it took back counted as in place; ``undo`` then aimed at the wrong dream and blamed
    the difference on a hand edit. (A record kept says it, as ``_undoers_recorded`` reads it.)
    ``diary`` is DREAMS.md's text where the caller has read it already (``_read_diary``); only
    the undos ``_diary_undos_gone`` finds plausible count."""
    return _undoers_with(records, _diary_undos_gone(state_dir, memory_dir, records, diary))


def _undoers_with(records: list[RunRecord], gone: list[tuple[str, str]]) -> dict[str, list[str]]:
    """``_undoers_recorded`` with the undos ``gone`` (``_diary_undos_gone``) names."""
    undoers = _undoers_recorded(records)
    for undid, undo_id in gone:
        undoers.setdefault(undid, []).append(undo_id)
    return undoers


def _diary_undos_gone(state_dir: Path, memory_dir: Path, records: list[RunRecord],
                      diary: str | None = None) -> list[tuple[str, str]]:
    """The undos DREAMS.md tells of whose record is gone (its folder removed, by hand or by
    keep_runs, or its record damaged), each as (the run it undid, the undo), where the entry
    is plausible: a line typed into the diary ('Committed: 1 changed. Undo of run D4.') sent
    `undo` to the dream before D4 and had `log` mark D4 undone by a run that never was
    (rev112). An entry counts only where
    - the undo's id sorts after the run's: an id starts with its run's start, and an undo's is
      made to sort after every run in the journal (``_id_after``);
    - no record of that id is kept (``records``: a record read says it; one damaged leaves the
      diary to say it, as memory is then checked, not the record);
    - memory does not hold, in every file the run changed, what the run left there (where its
      record is kept to tell): an undo in place put back what was there before. (Whether the
      folder went by keep_runs or by hand cannot be told from what is left, so that is no test.)
    """
    if diary is None:
        diary = _read_diary(state_dir)
    told = [(undid, undo_id) for undo_id, undid in _diary_undos(diary) if undo_id > undid]
    if not told:
        return []
    by_id = {r.id: r for r in records}
    return [(undid, undo_id) for undid, undo_id in told
            if undo_id not in by_id and not _left_as_run_left_it(memory_dir, by_id.get(undid))]


def _left_as_run_left_it(memory_dir: Path, run: RunRecord | None) -> bool:
    """Whether every file ``run`` changed holds what it left (a file it deleted is still gone);
    False where that cannot be told (no record, a path refused, a file that cannot be read)."""
    if run is None:
        return False
    try:
        found = _found(memory_dir, [run])
    except (OSError, ValueError):
        return False
    return all(found[ch.path][0] == ch.after_sha256 for ch in run.changes)


def _undoer(undoers: dict[str, list[str]], run_id: str,
            seen: frozenset[str] = frozenset()) -> str | None:
    """The newest undo ``undoers`` names for ``run_id`` that is still in place (not itself
    undone: an undo of an undo puts the run back), if any."""
    if run_id in seen:
        return None
    return next((u for u in sorted(undoers.get(run_id, []), reverse=True)
                 if _undoer(undoers, u, seen | {run_id}) is None), None)


def _undone_in(undoers: dict[str, list[str]]) -> set[str]:
    """Of the runs ``undoers`` names the undos of, those still reverted."""
    return {rid for rid in undoers if _undoer(undoers, rid) is not None}


def undone_by(records: list[RunRecord], state_dir: Path | None = None,
              memory_dir: Path | None = None) -> dict[str, str]:
    """For each run ``records`` hold that an undo still in place reverted, that undo's id:
    ``log`` and ``show`` mark them, so they say which dreams are in memory now. With
    ``state_dir`` and ``memory_dir``, the undos its diary tells of whose folder is gone count too
    (``_undoers_known``): read from the records alone, an undo of an undo removed by hand
    left the dream it put back marked undone, and an undo removed left its dream unmarked."""
    undoers = (_undoers_recorded(records) if state_dir is None or memory_dir is None
               else _undoers_known(state_dir, memory_dir, records))
    return {r.id: undoer for r in records if (undoer := _undoer(undoers, r.id)) is not None}


def undoer_in_place(state_dir: Path, memory_dir: Path, run: RunRecord) -> str | None:
    """The undo still in place that reverted ``run`` (``undone_by``), if any. Only the undos
    newer than it are read (``_undos_newer``): an undo's id sorts after the run it undid (the
    diary's undos count only where it does), so the undos of it, and theirs, are all newer."""
    records = [*_undos_newer(state_dir, run.id), run]
    return _undoer(_undoers_known(state_dir, memory_dir, records), run.id)


# a record as ``to_json`` writes it (keys sorted, indented by 2) names its run's trigger near its
# end, on a line of its own at the top level (a nested key is indented further, and a JSON
# string holds no newline)
_RECORD_TRIGGER = rx.compile(r'\n  "trigger": "([^"\\]*)"')
_RECORD_TAIL = 4096


def _undos_newer(state_dir: Path, run_id: str) -> list[RunRecord]:
    """The records of the undos whose id sorts after ``run_id``, newest first, unreadable
    ones skipped. Whether a run is an undo is read from its record's last 4 KB where they say
    it, else from the whole record: `show` decoded every record to tell which undo took a run
    back (300 runs of 108 KB records: 35-50 ms more, 130-156 ms on a busy machine)."""
    try:
        paths = sorted((path for path in runs_dir(state_dir).iterdir() if path.name > run_id),
                       key=lambda path: path.name, reverse=True)
    except OSError:
        return []
    undos: list[RunRecord] = []
    for path in paths:
        try:
            with open(path / RECORD_FILENAME, "rb") as record_file:
                size = os.fstat(record_file.fileno()).st_size
                if size > _RECORD_TAIL:
                    record_file.seek(size - _RECORD_TAIL)
                    tail = record_file.read().decode("utf-8", errors="replace")
                    if (said := _RECORD_TRIGGER.search(tail)) and said[1] != "undo":
                        continue
                    record_file.seek(0)
                record = RunRecord.from_json(record_file.read().decode("utf-8"))
        except (OSError, ValueError, KeyError, TypeError):
            continue
        if record.trigger == "undo":
            undos.append(record)
    return undos


def no_dreams_yet(memory_dir: Path, state_dir: Path | None = None, *,
                  blocked: str | None = None) -> str:
    """What log, show and undo all say of a memory dir no dream has run in yet, and what to do;
    or, where ``state_dir``'s diary tells of dreams whose run folders are all gone, that.
    ``blocked``: why every dream would fail now (``run.blockers``), said instead of the
    advice to dream now with --force, which would fail too."""
    dream_now = (f"a dream would fail now: {blocked}" if blocked
                 else "`autodream --force` dreams now")
    gone, undone = _gone_dreams(state_dir) if state_dir is not None else ([], {})
    if not gone and undone:
        # (not "a dream that changed memory ... restore its files by hand": undone, memory
        # holds nothing of it, and restoring would bring back what the person took back)
        newest = max(undone)
        which = (f"the dream DREAMS.md names, run {printable(newest)}, was undone by run "
                 f"{printable(undone[newest])}" if len(undone) == 1 else
                 f"the {len(undone)} dreams DREAMS.md names were all undone (the newest, run "
                 f"{printable(newest)}, by run {printable(undone[newest])})")
        return (f"no run records in {memory_dir}: {which}, and the run folders (runs/<id>) "
                f"were removed since, so memory holds no dream to show or undo; {dream_now}")
    if len(gone) == 1:
        # (not "no dreams yet": the diary says what it changed, and memory holds it)
        run_id = printable(gone[0])
        return (f"no run records in {memory_dir}: DREAMS.md names a dream that changed memory, "
                f"run {run_id}, but its folder (runs/{run_id}) was removed, and not by keep_runs "
                "(which never removes the newest run), so autodream has nothing to show or undo "
                "it with; restore its files by hand (from git or a backup)")
    if gone:
        return (f"no run records in {memory_dir}: DREAMS.md names {len(gone)} dreams that "
                f"changed memory (the newest run {printable(gone[-1])}), but their folders "
                "(runs/<id>) were removed, and not by keep_runs (which never removes the newest "
                "run), so autodream has nothing to show or undo them with; restore their files "
                "by hand (from git or a backup)")
    if blocked:
        return f"no dreams yet in {memory_dir}; {dream_now}"
    return (f"no dreams yet in {memory_dir}: {dream_now}, `autodream status` says when one "
            "will run")


# a diary entry's heading, '## <when> · run <id> · <trigger> ...', and the line after the blank
# one: 'Committed: ...' for a run that changed memory (an undo's or a scrub's told apart by
# trigger), for an undo 'Committed: <counts>. Undo of run <id>.' (or '... (to undo the earlier
# <id>).', a forced chain's). Each line is read once: one pattern that also looked for the
# heading's last ' · run <id> · ' tried every ' · run ' of a long heading line against the rest
# of both lines (a 20,000-character entry took 0.3 s, one twice as long 2.6 s).
_DIARY_HEADING = rx.compile(r"(?m)^## ([^\n]*)(?=\n\n([^\n]*))")
_HEADING_RUN = rx.compile(r" · run (\S+) · (\S+)")
_UNDO_OF = rx.compile(r"\bUndo of run ([^\s.(]+)")
_UNDO_TRIGGER = rx.compile(r"undo\b")


def _read_diary(state_dir: Path) -> str:
    """DREAMS.md's text, or "" where it cannot be read."""
    try:
        return (state_dir / DIARY_FILENAME).read_text("utf-8", errors="replace")
    except OSError:
        return ""


def _diary_committed(diary: str) -> Iterator[tuple[str, str, str]]:
    """The run id, the trigger and the 'Committed: ...' line of each entry in ``diary`` that
    says its run changed memory (the run is the last ' · run <id> · <trigger>' its heading
    names, as the entry's writer puts it last)."""
    for entry in _DIARY_HEADING.finditer(diary):
        if not entry[2].startswith("Committed: "):
            continue
        heading = entry[1]
        at = heading.rfind(" · run ")
        while at >= 0:
            if (run := _HEADING_RUN.match(heading, at)) is not None:
                yield run[1], run[2], entry[2]
                break
            at = heading.rfind(" · run ", 0, at)


def _diary_undos(diary: str) -> Iterator[tuple[str, str]]:
    """The id of each undo ``diary`` says committed, with the id of the run it undid."""
    for run_id, trigger, line in _diary_committed(diary):
        if _UNDO_TRIGGER.match(trigger) and (undid := _UNDO_OF.search(line)) is not None:
            yield run_id, undid[1]


def _gone_dreams(state_dir: Path) -> tuple[list[str], dict[str, str]]:
    """The ids, oldest first, of the dreams ``state_dir``'s diary says changed memory and no
    undo (by the diary) took back since, where no run dir is left at all: keep_runs cannot have
    removed them (it keeps the newest run), where with some left it may have removed these
    (see ``_pruned_by_keep_runs``); and the dreams it says were undone, each with its undo."""
    if newest_run_id(state_dir) is not None:
        return [], {}
    diary = _read_diary(state_dir)
    undoers: dict[str, list[str]] = {}
    for undo_id, undid in _diary_undos(diary):
        undoers.setdefault(undid, []).append(undo_id)
    dreams = sorted({run_id for run_id, trigger, _ in _diary_committed(diary)
                     if trigger not in ("undo", "scrub")})
    by = {run_id: undo for run_id in dreams if (undo := _undoer(undoers, run_id))}
    return [run_id for run_id in dreams if run_id not in by], by


def _newest_dream_gone(diary: str, records: list[RunRecord],
                       undoers: dict[str, list[str]]) -> str | None:
    """The id of the newest dream the diary says changed memory, where it is newer than every
    committed dream ``records`` hold that is still in place, has no record among them (its
    folder removed), and no undo still in place took it back, by ``undoers``
    (``_undoers_known``: an undo read from its record, or from its diary entry where its folder
    went too): a dream undone, then both folders removed, is not the newest dream in place
    (nor is one ``records`` say was undone); else None. ``diary`` is DREAMS.md's text."""
    kept = {r.id for r in records}
    undone = _undone_in(undoers)
    newest = max((r.id for r in records
                  if r.outcome == "committed" and r.trigger not in ("undo", "scrub")
                  and r.id not in undone), default="")
    return max((run_id for run_id, trigger, _ in _diary_committed(diary)
                if trigger not in ("undo", "scrub") and run_id > newest and run_id not in kept
                and run_id not in undone), default=None)


def _already_undone(run_id: str, records: list[RunRecord],
                    undoers: dict[str, list[str]]) -> NotFound:
    """Said for a run an undo still in place reverted: which undo, and how to take it back
    (rather than 'files changed since', which sends the person to --force); where the undo's
    folder is gone (the diary tells of it), that nothing autodream does puts it back."""
    undoer = _undoer(undoers, run_id)
    if undoer is None or any(r.id == undoer for r in records):
        return NotFound(f"run {run_id} was already undone by run {undoer} "
                        f"(`autodream undo {undoer}` puts it back)")
    undid = next((r.undoes for r in records if r.id == run_id and r.trigger == "undo"), None)
    # (an undo taken back is done again by undoing what it undid, which is in place again)
    what = (f"; `autodream undo {undid}` takes run {undid} back again" if undid else
            f", so autodream cannot put it back; `autodream show {run_id}` shows what it "
            "changed")
    return NotFound(f"run {run_id} was already undone by run {undoer}, whose folder "
                    f"(runs/{undoer}) was removed since (DREAMS.md tells of it){what}")


def default_undo_target(
    state_dir: Path, memory_dir: Path, records: list[RunRecord] | None = None,
    diary: str | None = None, undoers: dict[str, list[str]] | None = None,
) -> RunRecord:
    """The newest committed dream (not an undo) whose changes are still in place; ``records``
    is ``list_runs(state_dir)``, ``diary`` DREAMS.md's text and ``undoers``
    ``_undoers_known``'s answer where the caller has them already."""
    if records is None:
        records = list_runs(state_dir)
    if diary is None:
        diary = _read_diary(state_dir)
    if undoers is None:
        undoers = _undoers_known(state_dir, memory_dir, records, diary)
    undone = _undone_ids(records, undoers)
    dreams = [r for r in records
              if r.outcome == "committed" and r.trigger not in ("undo", "scrub")]
    if records and (gone := _newest_dream_gone(diary, records, undoers)) is not None:
        # its folder removed by hand: the next one down was undone in its place, silently,
        # taking what memory learned there and leaving the newest dream's work; said as
        # `undo <id>` says it (``no_dreams_yet`` says it where no record is left at all)
        load_run(state_dir, gone)
    for r in dreams:
        if r.id not in undone:
            return r
    if dreams:
        raise _already_undone(dreams[0].id, records, undoers)
    if not records:
        if (newest := newest_run_id(state_dir)) is not None:
            # run folders whose records cannot be read: the newest is named with why, as
            # `show` names it (not "no dreams yet ... --force dreams now" over a dream in memory)
            load_run(state_dir, newest)
        raise NotFound(no_dreams_yet(memory_dir, state_dir))
    raise NotFound("no dream committed anything to undo (`autodream log` lists the runs)")


def _when(record: RunRecord) -> str:
    """A run's start as a person reads it: ``2026-07-20 09:00 UTC``."""
    return record.started_at.replace("T", " ")[:16] + " UTC"


def _later_in_place(target: RunRecord, records: list[RunRecord],
                    undoers: dict[str, list[str]]) -> list[RunRecord]:
    """The runs after ``target`` still in place (by ``undoers``, ``_undoers_known``) that
    changed its files, or files such a run changed (undoing ``target`` alone would restore its
    before-images over their work), oldest first. A dream and the undo that took it back, both
    after ``target``, cancel out: neither is listed (nor an undo of ``target`` itself: undoing
    it again changes nothing)."""
    undone = _undone_ids(records, undoers)
    touched = {ch.path for ch in target.changes}
    later: list[RunRecord] = []
    for r in sorted(records, key=lambda r: r.id):
        if (r.id <= target.id or r.outcome != "committed" or not r.changes or r.id in undone
                or (r.trigger == "undo" and r.undoes is not None and r.undoes >= target.id)):
            continue
        paths = {ch.path for ch in r.changes}
        if paths & touched:
            later.append(r)
            touched |= paths
    return later


@dataclass(eq=False, repr=False)
class _Step:
    """One run of an undo's chain: the changes that restore its before-images, and the files on
    which they overwrite edits made by hand since it."""

    run: RunRecord
    changes: list[FileChange]
    overwrites: list[str]
    after: list[str] = field(default_factory=list)  # the files an earlier step changed before it


def _found(memory_dir: Path, chain: list[RunRecord]) -> dict[str, tuple[str | None, int | None]]:
    """The sha256 and size of each file ``chain`` changed as it is now (None, None: gone, or
    no regular file), read by ``_read_memory``."""
    found: dict[str, tuple[str | None, int | None]] = {}
    for run in chain:
        for ch in run.changes:
            if ch.path not in found:
                data = _read_memory(memory_dir, ch.path)
                found[ch.path] = ((sha256_of(data), len(data))
                                  if data is not None else (None, None))
    return found


def _read_memory(memory_dir: Path, rel: str) -> bytes | None:
    """The bytes of the memory file ``rel`` as a dream reads them (``read_regular_below``: no
    link followed on the way, no wait on a named pipe); None when it is gone or no regular
    file. A folder on the way swapped for a link since ``safe_path`` checked it is refused as
    that check refuses one (``UnsafeRecord``): by path, a file where the link points was hashed
    and the undo planned on it (its edits said to be the person's)."""
    try:
        return read_regular_below(memory_dir, rel)
    except OSError as exc:
        commit_mod.safe_path(memory_dir, rel)
        if isinstance(exc, NotADirectoryError):
            return None  # (a file where its folder was: gone, as a commit may put it back)
        # (not a link now: the error names the file by its path in memory, not its bare name)
        raise OSError(exc.errno, exc.strerror or type(exc).__name__,
                      str(memory_dir / rel)) from None


def _plan(chain: list[RunRecord], found: dict[str, tuple[str | None, int | None]]) -> list[_Step]:
    """The steps undoing ``chain`` (oldest first), newest first, each one planned against the
    memory the steps before it leave, from the files as ``found`` now: a file differs from what
    the run left only when someone changed it by hand after that run (every later run that
    touched it is in the chain)."""
    state = dict(found)
    seen: set[str] = set()
    before: dict[str, set[str]] = {}  # run id -> its files an older run of the chain changed
    for run in chain:
        paths = {ch.path for ch in run.changes}
        before[run.id] = paths & seen
        seen |= paths
    steps: list[_Step] = []
    for run in reversed(chain):
        changes: list[FileChange] = []
        overwrites: list[str] = []
        for ch in run.changes:
            cur_hash, cur_size = state[ch.path]
            if cur_hash != ch.after_sha256:
                overwrites.append(ch.path)
            if cur_hash == ch.before_sha256:
                continue
            kind: ChangeKind = ("deleted" if ch.before_sha256 is None
                                else "added" if cur_hash is None else "changed")
            changes.append(FileChange(ch.path, kind, cur_hash, ch.before_sha256, cur_size,
                                      ch.before_size))
            state[ch.path] = (ch.before_sha256, ch.before_size)
        steps.append(_Step(run, changes, sorted(overwrites), sorted(before[run.id])))
    return steps


def _links(data: bytes | None, present: frozenset[str]) -> set[str]:
    """The files the index ``data`` links; ``present``: the memory dir's files (one named
    ``sale%20off.md`` is the one ``(sale%20off.md)`` links)."""
    if data is None:
        return set()
    return {e.file.removeprefix("./") for e in parse_index(decode_text(data), present).entries
            if is_file_link(e.file)}


def _unlinked(memory_dir: Path, state_dir: Path, steps: list[_Step]) -> list[str]:
    """The topic files the index links now, still on disk after ``steps``, that the index they
    restore does not link: each step puts back an index that agreed with the files of its
    time, so these are files linked by hand since."""
    final: dict[str, tuple[str, FileChange]] = {}
    for step in steps:  # newest first: the oldest step's change says what is left
        for ch in step.changes:
            final[ch.path] = (step.run.id, ch)
    if INDEX_FILENAME not in final:
        return []
    holder, index = final[INDEX_FILENAME]
    restored = None if index.after_sha256 is None else commit_mod.read_image(
        _image_path(state_dir, holder, commit_mod.BEFORE_DIR, INDEX_FILENAME))
    # (a link put there since safe_path is no index of memory's, and a named pipe would
    # have the undo wait for a writer: neither is read)
    present = frozenset(active_files(memory_dir)) | frozenset(symlinks(memory_dir))
    linked = (_links(_read_memory(memory_dir, INDEX_FILENAME), present)
              - _links(restored, present))
    safe = {f for f in linked if ".." not in f.split("/") and not f.startswith("/")}
    return sorted(f for f in safe if (final[f][1].after_sha256 is not None if f in final
                                      else (memory_dir / f).is_file()))


def _first_five(paths: list[str]) -> str:
    """The first five of ``paths``, and " …" after them when there are more."""
    return ", ".join(paths[:5]) + (" …" if len(paths) > 5 else "")


def _conflict(
    target: RunRecord, steps: list[_Step], changed: list[str], unlinked: list[str]
) -> UndoConflict:
    """The refusal: which later dreams changed the run's files after it (undo them first, or
    all together), and which files were edited by hand since (``--force`` restores over them,
    and the undo keeps them)."""
    later = [s for s in steps if s.run.id != target.id]
    shown = _first_five(sorted(changed))
    parts: list[str] = []
    for step in later:
        parts.append(f"run {step.run.id} ({_when(step.run)}) changed "
                     f"{_first_five(step.after)} after it")
    for step in steps:
        if step.overwrites:
            since = "it" if step.run.id == target.id else f"run {step.run.id}"
            parts.append(f"you edited {_first_five(step.overwrites)} by hand since {since}")
    if unlinked:
        parts.append(f"the {INDEX_FILENAME} it restores would no longer link "
                     f"{_first_five(unlinked)} (on disk)")
    ids = [s.run.id for s in later]
    hand = any(s.overwrites for s in steps)
    kept = " (the undo keeps your edits: undoing it brings them back)" if hand else ""
    if ids:
        what = (f"undo {', '.join(ids)} first, or use --force to undo {', '.join(ids)} and "
                f"{target.id} together{' over your edits' if hand else ''}{kept}")
    else:
        what = f"use --force to restore anyway{kept}"
    return UndoConflict(f"{len(changed)} file(s) changed since run {target.id} ({shown}): "
                        f"{'; '.join(parts)}; {what}")


def undo(
    memory_dir: Path,
    state_dir: Path,
    run_id: str | None = None,
    *,
    force: bool = False,
    now: datetime | None = None,
    on_step: commit_mod.StepHook | None = None,
    reads: Sequence[Path] | None = None,
) -> RunRecord:
    """Restore a run's before-images byte for byte; the undo is itself a committed run.

    Files the run added are deleted, files it deleted come back. When later dreams still in
    place changed its files after it, or the person edited them by hand, refuses with
    ``UndoConflict`` naming which; with ``force`` the later dreams are undone first, newest
    first, each by an undo run of its own (``together`` on the returned record names them), all
    or nothing, and hand edits are restored over (each undo keeps what it overwrote). Without
    ``run_id`` the newest committed dream still in place is undone; to undo an undo, name it.
    ``reads``: the folders the project's dream reads transcripts in (``Settings.read_dirs``),
    where the read positions of a moved or copied project are found.
    """
    when = now or datetime.now(UTC)
    recover(memory_dir, state_dir, when, reads=reads)
    records = list_runs(state_dir)
    diary = _read_diary(state_dir)  # (once: it may be long)
    gone: list[tuple[str, str]] | None = None
    if run_id:
        target = load_run(state_dir, run_id)
    else:
        # (the diary's undos, each plausibility check hashing memory files: found once, for
        # the target and for what follows)
        gone = _diary_undos_gone(state_dir, memory_dir, records, diary)
        target = default_undo_target(state_dir, memory_dir, records, diary,
                                     _undoers_with(records, gone))
    if target.trigger == "scrub":
        raise NotFound(f"run {target.id} is a scrub, which cannot be undone: the bytes it "
                       "replaced held the leaked value")
    if target.outcome != "committed" or not target.changes:
        raise NotFound(f"run {target.id} committed nothing ({target.outcome}); nothing to undo")
    if gone is None:
        gone = _diary_undos_gone(state_dir, memory_dir, records, diary)
    undoers = _undoers_with(records, gone)
    if run_id and not force and target.id in _undone_ids(records, undoers):
        raise _already_undone(target.id, records, undoers)
    # what DREAMS.md alone said decided it: a later run taken for undone (not undone again, nor
    # in the way of this one), which the person is told, since a diary line can be typed
    diary_told = [(undid, undo_id) for undid, undo_id in gone
                  if undid > target.id and _undoer(undoers, undid) == undo_id]
    chain = [target, *_later_in_place(target, records, undoers)]
    for run in chain:  # a forged record is refused before anything is read or written
        for ch in run.changes:
            commit_mod.safe_path(memory_dir, ch.path)
            _image_path(state_dir, run.id, commit_mod.BEFORE_DIR, ch.path)
    found = _found(memory_dir, chain)  # (each file hashed once, for the plan and for `changed`)
    steps = _plan(chain, found)
    for step in steps:
        before_dir = run_dir(state_dir, step.run.id) / commit_mod.BEFORE_DIR
        missing = [c.path for c in step.changes
                   if c.after_sha256 and not (before_dir / c.path).is_file()]
        if missing:
            raise NotFound(f"run {step.run.id} has lost its before-image of {missing[0]}; "
                           "cannot undo")
    # (a later dream that put a file back as the run left it still changed it since)
    touched = target.paths_touched()
    changed = sorted({ch.path for ch in target.changes
                      if found[ch.path][0] != ch.after_sha256}
                     | {p for step in steps for p in step.after if p in touched})
    unlinked = _unlinked(memory_dir, state_dir, steps)
    if changed and not force:
        raise _conflict(target, steps, changed, unlinked)
    # the undos' ids sort after the runs they undo, whatever the clock says: dated before them
    # (a clock set back), the redo an undo offers ('undo <first> --force') took the undo of
    # the earlier run for one older than the one redone, and put back only the later run
    after = max(run.id for run in chain)
    if len(steps) == 1 and not steps[0].changes:
        try:
            # (``make=False``, as below: moved away since its record was read, a fresh state
            # dir made here held only this record, where the person was to put the folder back)
            return finish_run(
                state_dir,
                begin_run(state_dir, trigger="undo", now=when, undoes=target.id, make=False,
                          run_id=_id_after(state_dir, when, after)),
                outcome="no-change", now=when,
                reason=f"files already match the state before run {target.id}",
            )
        except FileNotFoundError:
            raise _undo_moved_before(state_dir, target) from None
    done: list[tuple[RunRecord, _Step]] = []
    record: RunRecord | None = None
    # the runs folder stays open until the chain ends: a later undo failing takes the earlier
    # ones back by what their commits wrote, not by what the state dir's name leads to then
    with contextlib.ExitStack() as stack:
        try:
            # (``make=False``: the target's record was read there; moved away since, a fresh
            # runs folder made here held the undo's record without its images)
            runs = stack.enter_context(
                commit_mod.open_run_dir(memory_dir, runs_dir(state_dir), make=False))
        except FileNotFoundError:
            raise _undo_moved_before(state_dir, target) from None
        try:
            for step in steps:
                # moved away since the chain began (an undo of it already made), the next
                # undo's run dir was made in a fresh state dir where the folder was
                if commit_mod.run_dir_moved(memory_dir, runs_dir(state_dir), runs):
                    raise _undo_moved_before(state_dir, target)
                record = begin_run(state_dir, trigger="undo", now=when, undoes=step.run.id,
                                   make=False, run_id=_id_after(state_dir, when, after))
                made_dir = run_dir(state_dir, record.id)
                with commit_mod.run_dir_in(runs, record.id) as held:
                    # what it changes and overwrites saved (still 'running') in its run dir
                    # before its commit, as a dream's record is: killed after the commit (a
                    # later undo of the chain, SIGKILL) it was logged as an 'interrupted' run of
                    # no change that the next dream rolls back, while memory held it; recovery
                    # closes it as committed with them (or, its commit not done, failed)
                    _note_undo(record, step)
                    _save_run_in(held, record)
                    commit_mod.commit(memory_dir,
                                      run_dir(state_dir, step.run.id) / commit_mod.BEFORE_DIR,
                                      step.changes, made_dir, on_step=on_step, opened=held)
                done.append((record, step))
                record = None
        except BaseException as exc:
            _take_back_undos(memory_dir, state_dir, runs, target, done, record, exc, when,
                             reads=reads)
            if (isinstance(exc, Exception) and not isinstance(exc, LinkedState)
                    and commit_mod.run_dir_moved(memory_dir, runs_dir(state_dir), runs)):
                # the before-images, read by name, went with the folder: a raw 'ValueError:
                # ... the source is not the change's after-image' said nothing of it
                raise _undo_moved_before(state_dir, target) from exc
            raise
        # held past the commits, as a dream's run dir is: the state dir swapped for a link or
        # moved once they are done, the rewinds and records below went by its name, a link
        # failing with a bare 'Not a directory', a move making a fresh state dir that held
        # the records without the images (no undo of the undo) and rewound nothing
        try:
            if commit_mod.run_dir_moved(memory_dir, runs_dir(state_dir), runs):
                raise _undone_in_moved(state_dir, [made for made, _ in done])
            made_ids: list[str] = []
            for made, step in done:
                # the forgets first and the moves on the record before the positions are saved:
                # killed after, recovery found the positions rewound and closed the undo with
                # no moves (a redo of it could not move them on); killed between, it makes them
                _withdraw_forgets(state_dir, step.run)
                made.offsets = _rewind_offsets(state_dir, step.run, runs=runs, made=made,
                                               reads=reads)
                if step.run.id == target.id:
                    made.together = made_ids
                    made.unlinked = unlinked
                    made.diary_told = diary_told
                    reason = f"Undo of run {target.id}"
                    if made_ids:
                        reason += f" (later {', '.join(s.run.id for s in steps[:-1])} undone first)"
                else:
                    made_ids.append(made.id)
                    reason = f"Undo of run {step.run.id} (to undo the earlier {target.id})"
                if step.overwrites:
                    reason += " (forced over local edits)"
                finish_run(state_dir, made, outcome="committed", now=when, reason=reason)
        except OSError:
            if not commit_mod.run_dir_moved(memory_dir, runs_dir(state_dir), runs):
                raise
            raise _undone_in_moved(state_dir, [made for made, _ in done]) from None
    return done[-1][0]


def _id_after(state_dir: Path, when: datetime, after: str) -> str:
    """A fresh id for a run starting ``when`` that sorts after run ``after``: of the second
    ``after`` began in where the clock says earlier (the record keeps the clock's time)."""
    try:
        began = _id_stamp(after[:16])
    except ValueError:
        began = when
    return next_run_id(state_dir, max(when, began))


def _id_stamp(stamp: str) -> datetime:
    """``datetime.strptime(stamp, "%Y%m%dT%H%M%SZ")`` in UTC, ValueError where it fails.

    A stamp as ``new_run_id`` writes it (ASCII digits, fixed widths) is read field by field:
    every field is then two digits (four for the year), and ``datetime`` refuses exactly what
    strptime's patterns or its own check would. strptime's first call in a process imports
    ``_strptime`` and ``calendar`` and builds the locale's patterns, ~2 ms of a dream the CLI
    runs (issue #4); any other stamp (lower case, other digits) still goes to it."""
    if (len(stamp) == 16 and stamp.isascii() and stamp[:8].isdigit() and stamp[8] == "T"
            and stamp[9:15].isdigit() and stamp[15] == "Z"):
        return datetime(int(stamp[:4]), int(stamp[4:6]), int(stamp[6:8]), int(stamp[9:11]),
                        int(stamp[11:13]), int(stamp[13:15]), tzinfo=UTC)
    return datetime.strptime(stamp, "%Y%m%dT%H%M%SZ").replace(tzinfo=UTC)


def _undo_moved_before(state_dir: Path, target: RunRecord) -> LinkedState:
    """The undo of ``target`` stopped, its state dir swapped for a link (or moved) before its
    commit (or, in a forced chain, before the last one): each undo already made was taken back,
    and the records left 'running' in the moved folder are closed by the next recovery."""
    return LinkedState(
        f"{printable(str(state_dir))} {commit_mod.what_became(state_dir)} during the undo of run "
        f"{target.id}, before its commit: memory is as it was; "
        + commit_mod.way_back(state_dir, " and undo again"))


def _undone_in_moved(state_dir: Path, made: list[RunRecord]) -> LinkedState:
    """The undos ``made`` committed, then the state dir was swapped for a link (or moved)
    before their read positions were rewound and their records closed: memory holds them, and
    each record, saved ('running', with what it changed) in its run dir before its commit, is
    left so: put back, the next command's recovery closes it as committed, rewinds what the
    undone run read and withdraws its forgets, as the undo would have (``_settle_undo``)."""
    ids = ", ".join(f"runs/{m.id}" for m in made)
    its = ("its record is in the run dir" if len(made) == 1
           else f"the records of its {len(made)} undos are in the run dirs")
    return _moved_after(state_dir, "undo", made[-1].id, its, ids,
                        " (the next command closes it, and the next dream reads again what the "
                        "undone runs read)")


def _note_undo(made: RunRecord, step: _Step) -> None:
    """On the record ``made`` of the undo ``step`` committed: what it changed and overwrote."""
    made.changes = sorted(step.changes, key=lambda c: c.path)
    made.overwrote = step.overwrites
    if step.run.offsets_unknown:
        made.not_read_again = list(step.run.sessions)


def _take_back_undos(
    memory_dir: Path,
    state_dir: Path,
    runs: Path | int,
    target: RunRecord,
    done: list[tuple[RunRecord, _Step]],
    record: RunRecord | None,
    exc: BaseException,
    when: datetime,
    *,
    reads: Sequence[Path] | None = None,
) -> None:
    """All or nothing: the undos of a forced chain already committed when ``exc`` stopped it
    are taken back, newest first, every one before any record is closed (a record that cannot
    be written is closed by the next recovery, and must not leave an undo in memory). Raises
    ``DreamFailed`` naming each file that could not be put back, as ``commit`` does: the memory
    is then half undone, the intents say ``applying`` and the next recovery tries again; an
    undo whose intent could not even be marked (a full disk) is said to stay in memory."""
    why = str(exc) or type(exc).__name__
    closing: list[tuple[RunRecord, str]] = []
    left: list[str] = []
    kept: list[str] = []
    staying: list[tuple[RunRecord, _Step, str]] = []
    for made, step in reversed(done):
        try:
            with commit_mod.run_dir_in(runs, made.id) as run:
                result = commit_mod.roll_back(memory_dir, run_dir(state_dir, made.id),
                                              step.changes, opened=run)
        except OSError as err:  # (its intent could not be marked: nothing was taken back)
            kept.append(f"run {made.id} ({err.strerror or err})")
            staying.insert(0, (made, step, str(err.strerror or err)))
            continue
        if result.left:
            left.append(f"run {made.id}: {'; '.join(result.left)}")
        made.changes, made.overwrote, made.not_read_again = [], [], []
        closing.append((made, f"{'not all ' if result.left else ''}rolled back: the undo of "
                              f"run {target.id} failed: {why}"))
    if record is not None:
        record.changes, record.overwrote, record.not_read_again = [], [], []
        closing.append((record, why))
    for made, reason in closing:
        with contextlib.suppress(OSError):  # (left 'running': the next recovery closes it)
            _close_failed(state_dir, made, now=when, reason=reason, cause=exc)
    # memory holds these: closed as committed with what they changed, the undone run's reads
    # rewound and its forgets withdrawn, as a finished undo is (closed 'failed' with nothing,
    # what the undone run read was never read again, and undoing it hit a 'hand edit')
    for made, step, failure in staying:  # (in the order made: a chain's rewinds run so)
        try:
            if commit_mod.run_dir_moved(memory_dir, runs_dir(state_dir), runs):
                break
            _withdraw_forgets(state_dir, step.run)  # (first: recovery does it again, not after)
            made.offsets = _rewind_offsets(state_dir, step.run, runs=runs, made=made,
                                           reads=reads)
            finish_run(state_dir, made, outcome="committed", now=when, reason=(
                f"Undo of run {step.run.id} (to undo the earlier {target.id}, which failed: "
                f"{why}; this undo could not be taken back: {failure})"))
        except OSError:
            # left 'running', it and the ones after: the next recovery makes the moves on its
            # record and rewinds the others' after them (a later one rewound here, from the
            # positions this one did not save, skipped a session both read)
            break
    if (left or kept) and isinstance(exc, Exception):
        said = [f"rolling back the undos already made could not put back "
                f"{'; '.join(f'({x})' for x in left)}: the next dream, undo or scrub tries "
                "again"] if left else []
        if kept:
            said.append(f"the undos of {', '.join(kept)} could not be taken back and stay in "
                        "memory (see `autodream log`)")
        raise DreamFailed(f"{exc}; {'; '.join(said)}") from exc


def dreamed_memory(state_dir: Path, index_name: str) -> tuple[dict[str, str], frozenset[str]]:
    """What the dreams in the journal left in memory: the ``name`` each topic file had when a
    dream in place last wrote it, and every file they left there (added or changed, and not
    deleted by a later run, an undo included). Against the memory as found, these tell what
    the person did by hand since: an index title that is not the one made of the name a dream
    wrote is theirs, a file gone is one they deleted."""
    records = [r for r in _outlines(state_dir) if r.outcome == "committed"]
    undone = _undone_ids(records)
    names: dict[str, str] = {}
    seen: set[str] = set()
    for record in records:  # newest first
        if record.trigger == "undo" or record.id in undone:
            continue
        for change in record.changes:
            if change.kind == "deleted" or change.path in seen or change.path == index_name:
                continue
            seen.add(change.path)
            try:
                topic = parse_topic(commit_mod.read_image(_image_path(
                    state_dir, record.id, commit_mod.AFTER_DIR, change.path)).decode("utf-8"))
            except (OSError, ValueError):  # pruned, unreadable, or no topic file
                continue
            names[change.path] = topic.name
    left: set[str] = set()
    for record in reversed(records):  # oldest first
        for change in record.changes:
            if change.kind == "deleted":
                left.discard(change.path)
            else:
                left.add(change.path)
    left.discard(index_name)
    return names, frozenset(left)


# The sessions whose requests to forget an undo took back: the undo rewinds their read position,
# and read again they would forget the same memories at the next dream.
FORGETS_UNDONE_FILENAME = "forgets-undone.json"


def forgets_undone(state_dir: Path) -> frozenset[str]:
    """The ids of the sessions whose requests to forget an undo took back."""
    try:
        ids = json.loads((state_dir / FORGETS_UNDONE_FILENAME).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return frozenset()
    return frozenset(i for i in ids if isinstance(i, str)) if isinstance(ids, list) else (
        frozenset())


def _withdraw_forgets(state_dir: Path, target: RunRecord) -> None:
    """Remember the sessions whose requests to forget ``target`` carried out (an undo of an undo
    leaves them remembered: the person took the forgetting back once, and says it again to
    have it again)."""
    ids = {str(d["session_id"]) for d in target.decisions if d.get("session_id") and (
        d.get("action") == "forgotten" or "asked to forget it" in str(d.get("reason", "")))}
    known = forgets_undone(state_dir)
    if not ids or ids <= known:
        return
    from autodream.memory.commit import write_atomic

    body = json.dumps(sorted(ids | known), indent=1) + "\n"
    # (``make=False``: the state dir moved away since the undo's commit is not made again)
    write_atomic(state_dir / FORGETS_UNDONE_FILENAME, body.encode("utf-8"),
                 root=commit_mod.state_root(state_dir), make=False)


def _unmarked(entry: dict[str, Any] | None) -> dict[str, Any] | None:
    """A read position without the mark an undo puts on it to have it read again: a later run
    of the same forced chain (or an undo before) rewound the session to where ``target`` left
    it and marked it so, and compared as stored, ``target``'s own rewind took it for a position
    a later dream moved on and skipped it (what ``target`` read was never read again)."""
    from autodream.transcripts.offsets import UNDONE

    if entry is None or entry.get("pending") != UNDONE:
        return entry
    rest = {k: v for k, v in entry.items() if k != "pending"}
    return rest or None


def _stands_at(entry: dict[str, Any] | None, position: dict[str, Any] | None) -> bool:
    """Whether the read position ``entry`` is ``position``, with or without the mark an undo
    puts on a rewound one (``_unmarked``)."""
    return entry == position or _unmarked(entry) == position


def _ends_at(path: str, position: dict[str, Any] | None) -> bool:
    """Whether the transcript at ``path`` ends where ``position`` was read to, with the prefix
    it had then: nothing past it is left to read."""
    from autodream.transcripts.offsets import fingerprint

    if position is None:
        return False
    offset = position.get("offset")
    if not isinstance(offset, int) or offset <= 0:
        return False
    try:
        if os.stat(path).st_size != offset:
            return False
    except OSError:
        return False
    return fingerprint(Path(path), offset) == position.get("fingerprint")


def _rewind_offsets(
    state_dir: Path, target: RunRecord, *, runs: Path | int | None = None,
    made: RunRecord | None = None, reads: Sequence[Path] | None = None,
) -> dict[str, dict[str, Any]]:
    """Put each transcript's read position back to where it was before ``target``, so the next
    dream reads again what the undone one read (else what it learned there would be lost). A
    position a later dream moved on is left where it is. Each rewound transcript is marked
    pending: it was not touched since, so the scan alone would never bring it back (not when
    ``target`` is an undo and the transcript ends at its dream's position: nothing is left to
    read there). Returns the
    moves, reversed, so that undoing this undo moves them forward again; with ``made`` (the
    undo's record, its run dir in ``runs`` or else by name) they are saved on it, still
    'running', before the positions are: stopped between, recovery makes them (``_make_moves``)."""
    from autodream.transcripts.offsets import OFFSETS_FILENAME, OffsetStore

    store = OffsetStore(state_dir / OFFSETS_FILENAME, reads=reads)
    rewound: dict[str, dict[str, Any]] = {}
    for path, moved in sorted(target.offsets.items()):
        # "after" None: the run left no position (an undo of a first read): absent is in place
        before, after = moved.get("before"), moved.get("after")
        if not _stands_at(store.entry(path), after):
            continue
        if before == after:  # the run read nothing there (older versions listed such too)
            continue
        store.put(path, before if isinstance(before, dict) else None)
        notes = any(isinstance(e, dict) and "notes_waiting" in e for e in (before, after))
        was_pending = isinstance(before, dict) and before.get("pending")
        # an undo of an undo puts the position back where the dream left it, what it learned
        # there back in memory: marked to be read again where the transcript ends there, it
        # opened a dream that read nothing; but lines written past it since (a later dream read
        # them, and was undone) are read by no scan: their mtime is older than the last dream
        again = target.trigger != "undo" or not _ends_at(store.located(path), before)
        if again and not notes and not was_pending:  # (one pending before keeps its reason)
            store.mark_pending(path, undone=True)
        rewound[path] = {"before": after, "after": store.entry(path)}
    if rewound and made is not None:
        made.offsets = rewound
        if runs is None:
            save_run(state_dir, made)
        else:
            with commit_mod.run_dir_in(runs, made.id) as held:
                _save_run_in(held, made)
    if rewound:
        store.save(make=False)  # (likewise)
    return rewound


def undo_project(
    settings: Settings, run_id: str | None = None, *, force: bool = False
) -> RunRecord:
    """``undo`` for a resolved project, holding the consolidation lock so no dream runs
    meanwhile (``LockHeld`` otherwise). The lock's mtime is rolled back afterwards: an undo is
    not a consolidation and leaves the time gate where it was."""
    from autodream.lock import ConsolidationLock

    if not settings.memory_dir.is_dir():
        raise NotFound(no_dreams_yet(settings.memory_dir))
    if (unwritable := settings.state_dir_write_error()) is not None:
        # what follows the commit is saved there: failing then left memory undone by an
        # undo that said only 'cannot use .offsets.json.offsets.tmp: Permission denied'
        raise unwritable
    lease = ConsolidationLock.for_settings(settings).acquire()
    try:
        return undo(
            settings.memory_dir, settings.state_dir, run_id, force=force, now=settings.now_dt(),
            reads=settings.read_dirs)
    finally:
        lease.rollback()


# ---- recovery --------------------------------------------------------------------------------


def as_shown(record: RunRecord, state_dir: Path | None = None) -> RunRecord:
    """``record`` as ``log`` and ``show`` tell it: one still ``running`` whose process is gone
    is ``interrupted`` (reading commands change nothing; the next dream or undo rolls back
    what it applied and closes the record as failed), or, its commit done (``state_dir``
    given), ``committed``, as that recovery closes it: memory holds it (an undo of a forced
    chain killed after it, which was said to be rolled back)."""
    if not _process_gone(record):
        return record
    if (state_dir is not None
            and commit_mod.commit_state(run_dir(state_dir, record.id)) == "done"):
        return replace(record, outcome="committed", reason=(
            f"process {record.pid} died after its commit completed: memory holds it"))
    return replace(record, outcome="interrupted", reason=(
        f"process {record.pid} died; the next dream rolls back anything it applied"))


# An open record says so in its JSON (``save_run`` writes ``"outcome": "running"``; ASCII is never
# escaped). Recovery runs at the start of every dream, so the finished records of a long history
# (a first dream's is ~170 KB) are skipped on sight rather than parsed each time.
_OPEN_RECORD = rx.compile(r'"outcome"\s*:\s*"running"')


def _process_gone(record: RunRecord) -> bool:
    """``record`` says ``running``, but the process that ran it is gone: its PID is not running,
    or runs a process that started at another time (the PID reused, even by this process: PID 1
    of each command in a container), as the lock tells its holder (``procs.holder_state``).

    A record without a start time (written before records kept it, or where it cannot be
    read) is taken to be its PID's while that PID runs, and this process's own: closing the
    record of a run still going would roll back its commit under it, while one left open only
    waits for its PID to end. The commit's recovery asks the same of its intent."""
    if record.outcome != "running":
        return False
    state = holder_state(record.pid, record.pid_started, record.pid_since_boot,
                         record.pid_boot_id, record.pid_uid)
    if record.pid == os.getpid():
        return state == REUSED
    return state != LIVE


def _open_runs(state_dir: Path) -> list[RunRecord]:
    """The runs whose record may still be ``running``, newest first; unreadable ones skipped."""
    root = runs_dir(state_dir)
    if not root.is_dir():
        return []
    records: list[RunRecord] = []
    for path in sorted(root.iterdir(), key=lambda p: p.name, reverse=True):
        try:
            text = (path / RECORD_FILENAME).read_text("utf-8")
            if _OPEN_RECORD.search(text) is not None:
                records.append(RunRecord.from_json(text))
        except (OSError, ValueError, KeyError, TypeError):
            continue
    return records


def stuck_way_out(stuck: Sequence[str]) -> str:
    """What the person can do about files an interrupted commit can never put back
    (``commit_mod.stuck_files``): trying again fails the same way each time."""
    one = len(stuck) == 1
    it, is_ = ("it", "is") if one else ("them", "are")
    return (f"{'; '.join(stuck)} {is_} as that commit left {it}, and every dream, undo and "
            f"scrub fails on {it} until you write {it} by hand (any edit, or the text from "
            f"before that run): the roll-back then leaves {it} as you made {it}")


def interrupted_commits(memory_dir: Path, state_dir: Path) -> list[tuple[str, list[str]]]:
    """Each commit an interrupted run left ``applying`` (its run id), with the files no
    roll-back of it can put back (``commit_mod.stuck_files``), for ``status``."""
    return [(path.name, commit_mod.stuck_files(path, memory_dir))
            for path in commit_mod.pending_commits(state_dir)]


def recover(memory_dir: Path, state_dir: Path, now: datetime, *,
            reads: Sequence[Path] | None = None) -> list[RunRecord]:
    """Roll back interrupted commits and close the records of runs whose process died.

    Run at the start of every dream and undo (while holding the lock) and by ``status``.
    Returns the records it closed as ``failed``.
    """
    recoveries = commit_mod.recover(state_dir, memory_dir)
    rolled_back = {r.run_id: r for r in recoveries if r.action == "rolled-back"}
    closed: list[RunRecord] = []
    unsettled: list[RunRecord] = []
    for record in _open_runs(state_dir):
        if not _process_gone(record):
            continue
        state = commit_mod.commit_state(run_dir(state_dir, record.id))
        if state == "applying":
            # its commit is not rolled back yet (its files could not all be put back, or its
            # intent names another memory dir): closed 'failed', the record would say memory
            # holds none of it while it does, and nothing would undo it
            continue
        remove_tree(staging_dir(state_dir, record.id), commit_mod.state_root(state_dir))
        if state == "done":
            record.changes = record.changes or commit_mod.intent_changes(
                run_dir(state_dir, record.id)
            )
            if record.trigger == "undo" and record.undoes:
                unsettled.append(record)
                continue
            finish_run(
                state_dir, record, outcome="committed", now=now,
                reason="the process died after its commit completed",
            )
            continue
        reason = f"interrupted: process {record.pid} died"
        if record.id in rolled_back or state == "rolled-back":
            reason += "; its partial commit was rolled back"
        record.changes = []
        closed.append(finish_run(state_dir, record, outcome="failed", now=now, reason=reason))
    # in the order they were made, as the undo rewinds them: the runs of a chain that read the
    # same session rewind it one after the other, newest first
    for record in sorted(unsettled, key=lambda r: r.id):
        _settle_undo(state_dir, record, reads=reads)
        finish_run(state_dir, record, outcome="committed", now=now,
                   reason="the process died after its commit completed")
    _settle_offsets(state_dir, reads=reads)
    incomplete = [r for r in recoveries if r.action == "incomplete"]
    if incomplete:
        # a dream, undo or scrub on a memory half rolled back would stage, commit or restore
        # over it, and the next try at the roll-back would then undo one file of it
        left = "; ".join(f"run {r.run_id}: {'; '.join(r.left)}" for r in incomplete)
        stuck = [path for r in incomplete
                 for path in commit_mod.stuck_files(run_dir(state_dir, r.run_id), memory_dir)]
        raise DreamFailed(
            f"an interrupted commit could not be rolled back ({left}); "
            + (stuck_way_out(stuck) if stuck else "the files named are as it left them: each "
               "command that changes memory tries again first (`autodream status` names the "
               "commit)"))
    return closed


def _settle_undo(state_dir: Path, record: RunRecord, *,
                 reads: Sequence[Path] | None = None) -> None:
    """An undo killed after its commit (a forced chain killed at a later undo) may not have
    rewound the read positions of the run it undid nor withdrawn its forgets: done here, as the
    undo would have, so the sessions that run read are read again by the next dream. Moves on
    its record (saved before the positions were) are made again where not made yet."""
    try:
        undone: RunRecord | None = load_run(state_dir, str(record.undoes))
    except (BadInput, NotFound, UnsafeRecord):
        undone = None  # (its record gone: only the undo's own moves tell which it made)
    if undone is not None:
        _withdraw_forgets(state_dir, undone)
    if record.offsets:
        # (a move whose position a dream moved on first was never made: not listed as made)
        record.offsets = _make_moves(state_dir, record.offsets, reads=reads)
    elif undone is not None:
        record.offsets = _rewind_offsets(state_dir, undone, made=record, reads=reads)


def _make_moves(state_dir: Path, moves: dict[str, dict[str, Any]], *,
                reads: Sequence[Path] | None = None) -> dict[str, dict[str, Any]]:
    """Each of an undo's recorded moves whose read position is still its ``before`` put on to
    its ``after``: the undo stopped (killed, the disk full) between saving them on its record
    and saving the positions. One already made is left; so doing it twice changes nothing.
    Returns the moves in place now, made here or before: one whose position was moved on
    since (a dream that read on from it, the undo's process taken for alive) is left and not
    returned, so the undo's record does not show a move no one made."""
    from autodream.transcripts.offsets import OFFSETS_FILENAME, OffsetStore

    store = OffsetStore(state_dir / OFFSETS_FILENAME, reads=reads)
    made: dict[str, dict[str, Any]] = {}
    moved = False
    for path, move in sorted(moves.items()):
        before, after = move.get("before"), move.get("after")
        found = store.entry(path)
        if _stands_at(found, after):
            made[path] = move
            continue
        if before == after or not _stands_at(found, before):
            continue
        store.put(path, after if isinstance(after, dict) else None)
        made[path] = move
        moved = True
    if moved:
        store.save()
    return made


def _settle_offsets(state_dir: Path, *, reads: Sequence[Path] | None = None) -> None:
    """Move the read positions on to where the newest dream left them when it was stopped
    (Ctrl-C, SIGTERM, a kill) after its commit and before it saved them: its record, written
    with the commit, holds them, so memory and what was read stay one step; else the next dream
    reads those sessions again. A position moved since (by an undo, a newer record) is left."""
    from autodream.transcripts.offsets import OFFSETS_FILENAME, OffsetStore

    newest = next((r for r in itertools.islice(_outlines(state_dir), 20)
                   if r.outcome in ("committed", "no-change") and r.trigger != "scrub"), None)
    if newest is None or newest.trigger == "undo" or not newest.offsets:
        return  # (an undo closes its record once its positions are saved; a dead one: above)
    store = OffsetStore(state_dir / OFFSETS_FILENAME, reads=reads)
    moved = False
    for path, move in newest.offsets.items():
        before, after = move.get("before"), move.get("after")
        if before != after and store.entry(path) == before:
            store.put(path, after if isinstance(after, dict) else None)
            moved = True
    if moved:
        store.save()


# ---- the diary -------------------------------------------------------------------------------


def _decision_files(decision: dict[str, Any]) -> list[str]:
    files: list[str] = []
    for key in ("files", "sources"):
        value = decision.get(key)
        if isinstance(value, list):
            files.extend(str(v) for v in value if isinstance(v, str))
    for key in ("file", "path", "into", "target"):
        value = decision.get(key)
        if isinstance(value, str) and value:
            files.append(value)
    return [f.removeprefix("memory/") for f in files]


def _decision_action(decision: dict[str, Any]) -> str:
    return str(decision.get("action") or decision.get("kind") or "").strip().lower()


def _decision_line(decision: dict[str, Any]) -> str:
    verb = _VERBS[_decision_action(decision)]
    into = decision.get("into") or decision.get("target")
    into = str(into).removeprefix("memory/") if into else None
    parts: list[str] = []
    subject = " ".join(str(decision.get("subject") or decision.get("title") or "").split())
    title = decision.get("title")
    if isinstance(title, str) and title.strip() and subject in _decision_files(decision):
        # (a whole memory pruned is decided by its file name: it is named by its title, as
        # every memory added or changed is named by its words, the file beside it)
        subject = " ".join(title.split())
    if subject:
        parts.append(f"“{subject}”")
    files = [f for f in _decision_files(decision) if f not in (into, subject)]
    if verb == "Merged" and not into and len(files) == 1:
        into, files = files[0], []  # the engine names the file merged into
    if files:
        parts.append(", ".join(f"`{f}`" for f in files))
    if into:
        parts.append(f"into `{into}`")
    why = " ".join(str(decision.get("reason") or decision.get("why") or "").split())
    line = f"- {verb} {' '.join(parts)}".rstrip() + (f" — {why}" if why else "")
    if len(line) > DIARY_MAX_LINE_CHARS:
        line = line[: DIARY_MAX_LINE_CHARS - 1] + "…"
    return line


def _as_left(
    decisions: list[dict[str, Any]], present: set[str], gone: set[str]
) -> list[dict[str, Any]]:
    """The decisions with the files they name as the dream left them.

    A decision names a file as it was at that step; a later step of the same dream may have
    renamed or merged it away (a memory created, then rewritten under a new name when a later
    session switched back). The diary lists what is there after the dream: such a file is
    named by the later decision that mentions it and names a file the dream wrote, or not
    named at all. Only a file known not to be there is followed: one this dream added it did
    not keep, or one it deleted."""
    made = {f for decision in decisions if _VERBS.get(_decision_action(decision)) == "Added"
            for f in _decision_files(decision)}
    out: list[dict[str, Any]] = []
    for i, decision in enumerate(decisions):
        verb = _VERBS.get(_decision_action(decision))
        stale = [f for f in _decision_files(decision)
                 if verb not in _REMOVING and f not in present and (f in made or f in gone)]
        if not stale:
            out.append(decision)
            continue
        now_at = {f: _successor(decisions[i + 1:], f, present) for f in stale}
        left = dict(decision)
        for key in ("files", "sources"):
            value = left.get(key)
            if isinstance(value, list):
                left[key] = [now_at.get(_bare(v), v) for v in value
                             if not isinstance(v, str) or now_at.get(_bare(v), v) is not None]
        for key in ("file", "path", "into", "target"):
            value = left.get(key)
            if isinstance(value, str) and _bare(value) in now_at:
                if now_at[_bare(value)] is None:
                    del left[key]
                else:
                    left[key] = now_at[_bare(value)]
        out.append(left)
    return out


def decisions_as_left(record: RunRecord) -> list[dict[str, Any]]:
    """The run's decisions, each naming its files as the dream left them (see ``_as_left``)."""
    present = {ch.path for ch in record.changes if ch.kind in ("added", "changed")}
    gone = {ch.path for ch in record.changes if ch.kind == "deleted"}
    return _as_left(record.decisions, present, gone)


def _bare(path: Any) -> Any:
    return path.removeprefix("memory/") if isinstance(path, str) else path


def _successor(later: list[dict[str, Any]], name: str, present: set[str]) -> str | None:
    """The file a later decision that mentions ``name`` names, when the dream wrote it."""
    for decision in later:
        said = f"{decision.get('subject') or ''} {decision.get('reason') or ''}"
        if name in said:
            for f in _decision_files(decision):
                if f in present and f != name:
                    return f
    return None


def diary_entry(record: RunRecord) -> str:
    """The run's diary entry: a heading, the outcome, then what changed and why.

    Decisions that changed memory (added, merged, corrected, removed) are listed with their
    reasons; a changed file no decision explains is listed by itself; other decisions are counted.
    Everything passes through secret redaction.
    """
    # (the redactor's ~3 ms of patterns: a dream loads it anyway; `status`, `log` and `show`,
    # which import this module, never write a diary entry)
    from autodream.redact import redact

    started = record.started_at.replace("T", " ").replace("Z", " UTC")
    who = " · ".join(x for x in (record.trigger, record.backend, record.model) if x)
    lines = [f"## {started} · run {record.id} · {who}", ""]
    counts = ", ".join(
        f"{len(record.paths(kind))} {kind}"
        for kind in ("added", "changed", "deleted")
        if record.paths(kind)
    )
    said = record.reason.rstrip(".") if record.reason else ""
    # a sentence of its own after "No change." / "Committed: ...": it opens with a capital
    reason = f" {said[:1].upper()}{said[1:]}." if said else ""
    if record.trigger == "scrub":
        lines.append(f"Scrub:{reason}")
    elif record.outcome == "committed":
        lines.append(f"Committed: {counts or 'no files'}.{reason}")
    elif record.outcome == "dry-run":
        lines.append(f"Dry run, nothing committed: would have {counts or 'changed nothing'}.")
    elif record.outcome == "no-change":
        lines.append(f"No change.{reason}")
    else:
        lines.append(f"Failed, nothing changed: {record.reason or 'no reason given'}.")
    if record.summary:
        lines.extend(["", f"> {' '.join(record.summary.split())}"])
    if record.outcome in ("committed", "dry-run"):
        body: list[str] = []
        covered: set[str] = set()
        others: dict[str, int] = {}
        for decision in decisions_as_left(record):
            action = _decision_action(decision)
            if action in _VERBS:
                line = _decision_line(decision)
                if line not in body:  # the engine may decide the same thing twice
                    body.append(line)
                covered.update(_decision_files(decision))
            elif action:
                others[action] = others.get(action, 0) + 1
        verbs = (
            {"added": "Restored", "changed": "Restored", "deleted": "Removed"}
            if record.trigger == "undo"
            else {"added": "Added", "changed": "Changed", "deleted": "Removed"}
        )
        body.extend(
            f"- {verbs[ch.kind]} `{ch.path}`" for ch in record.changes if ch.path not in covered
        )
        if len(body) > DIARY_MAX_LINES:
            body = [*body[: DIARY_MAX_LINES - 1], f"- … and {len(body) - DIARY_MAX_LINES + 1} more"]
        if others:
            body.append(
                "- Also: " + ", ".join(f"{n} {action}" for action, n in sorted(others.items()))
            )
        if body:
            lines.append("")
            lines.extend(body)
    return redact("\n".join(lines)) + "\n"


def append_diary(state_dir: Path, record: RunRecord) -> None:
    """Append the run's entry to ``DREAMS.md`` (rewritten atomically: never a torn entry)."""
    path = state_dir / DIARY_FILENAME
    try:
        old = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        old = "# Dreams\n\nWhat each autodream run changed in this memory dir, and why.\n"
    text = old.rstrip("\n") + "\n\n" + diary_entry(record)
    commit_mod.write_atomic(path, text.encode("utf-8"), root=commit_mod.state_root(state_dir),
                            make=False)  # (as save_run: it follows the run's record)
