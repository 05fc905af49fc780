"""The dream itself, once the gates are open and the lock is ours.

staging copy -> sandboxed toolbox -> backend driven phase by phase -> invariant checks ->
atomic commit -> run record, diary, transcript offsets. Any failure discards the staging copy
and leaves the memory dir as it was; the caller (``run.dream``) rolls the lock back.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path, PurePosixPath
from typing import Any

from autodream import errors, journal
from autodream.agent import AgentRun, Backend, Budgets, DreamBrief, drive
from autodream.gates import (
    CODEX_ROOT,
    MEMORY_ROOT,
    OTHER_SESSIONS_FOLDERS_SHOWN,
    PROJECT_ROOT,
    SESSIONS_ROOT,
    sessions_in_codex_dir,
    unread_elsewhere,
)
from autodream.memory import checks
from autodream.memory.model import decode_text
from autodream.memory.staging import Staging, link_target, special_files, symlinks
from autodream.run import DreamContext, DreamStep, StepResult, index_blocker
from autodream.sandbox import Sandbox
from autodream.settings import Settings, backend_choice
from autodream.tools import ToolBox, ToolLimits, by_cause, refusal_cause, refusal_fix
from autodream.transcripts.model import SessionInfo
from autodream.transcripts.offsets import OFFSETS_FILENAME, OffsetStore
from autodream.transcripts.reader import read_session_info

# A seam for tests and library callers: build the backend for this run from the toolbox.
BackendFactory = Callable[[Settings, ToolBox], Backend]


@dataclass(eq=False, repr=False)
class DreamResult:
    """A finished dream: its run record, backend, notices and diff."""

    record: journal.RunRecord
    backend: str
    model: str | None
    notices: list[str] = field(default_factory=list)
    diff: str = ""  # unified diff of what was (or, on a dry run, would be) changed


def backend_name(settings: Settings) -> tuple[str, str | None]:
    """Which backend runs (``local`` or ``anthropic``) and, when ``auto`` fell back, why."""
    choice = backend_choice(settings)
    fell_back = settings.backend == "auto" and choice.name == "local"
    return choice.name, choice.reason if fell_back else None


def unused_base_url(settings: Settings, backend: str) -> str | None:
    """A notice when a base URL was given but the local engine runs: the person asked for an
    endpoint and would otherwise not learn that no request went to it. An explicit
    ``backend = "local"`` still wins (a URL says where Claude is, not that Claude is wanted);
    ``auto`` without a key already says it fell back."""
    if backend != "local" or not settings.base_url or settings.backend != "local":
        return None
    where = settings.sources.get("base_url", "given")
    given = settings.sources.get("backend", "configured")
    return (f"base_url ({where}) is not used: backend = local ({given}); "
            "add --backend anthropic to dream with Claude at that URL")


def default_backend(settings: Settings, toolbox: ToolBox) -> Backend:
    from autodream.backends.select import make_backend

    backend: Backend = make_backend(settings, toolbox).backend
    return backend


def virtual_session_path(settings: Settings, path: Path) -> str | None:
    """``<root>/<path inside it>``, the only name the subagent sees for a transcript: ``sessions/``
    for the sessions dir, ``codex/`` for ``codex_sessions_dir``, ``memory/`` for daily logs in
    the memory dir (read from the staging copy), ``project/`` for the project's. The innermost
    root that holds ``path`` wins (the memory dir often lives inside the sessions dir). The
    path is taken as written, its own name kept: a symlink is named as itself, never as its
    target. None when no root holds it.
    """
    roots: tuple[tuple[str, Path], ...] = (
        (MEMORY_ROOT, settings.memory_dir),
        (SESSIONS_ROOT, settings.sessions_dir),
        (PROJECT_ROOT, settings.project_root),
    )
    if settings.codex_sessions_dir is not None:
        roots += ((CODEX_ROOT, settings.codex_sessions_dir),)
    found = _innermost(path, roots)
    if found is None:  # e.g. /tmp/x given for a root set as /private/tmp/x
        real_roots = tuple((name, Path(os.path.realpath(base))) for name, base in roots)
        found = _innermost(Path(os.path.realpath(path.parent)) / path.name, real_roots)
    return found


def _codex_root(settings: Settings) -> Path | None:
    """``codex_sessions_dir`` as the sandbox's ``codex/`` root: None when unset, gone, or the
    sessions dir itself (its rollouts are under ``sessions/`` then, as the scan names them)."""
    codex = settings.codex_sessions_dir
    if codex is None or not codex.is_dir():
        return None
    try:
        if os.path.samefile(codex, settings.sessions_dir):
            return None
    except OSError:
        pass
    return codex


def _innermost(path: Path, roots: Sequence[tuple[str, Path]]) -> str | None:
    best: tuple[int, str] | None = None
    for name, base in roots:
        try:
            rel = path.relative_to(base)
        except ValueError:
            continue
        if rel.parts and (best is None or len(base.parts) > best[0]):
            best = (len(base.parts), str(PurePosixPath(name, *rel.parts)))
    return None if best is None else best[1]


@dataclass(eq=False, repr=False)
class _Reviewed:
    """The transcripts a dream reads, and those it was given but will not read."""

    brief: DreamBrief
    read: list[tuple[SessionInfo, str]]  # (session with its real path, virtual path)
    skipped: list[dict[str, str]]  # {"path", "reason"}


def _tool_limits(settings: Settings, backend_name: str, staged_files: int) -> ToolLimits:
    limits = ToolLimits.from_settings(settings)
    if backend_name == "local":
        # The per-call caps protect a model's context; the local engine streams whole
        # transcripts through open_stream and has no context to protect. It may rewrite every
        # existing file once (dating, merging, pruning a large memory) on top of the usual budget.
        limits = replace(
            limits,
            max_read_bytes=None,
            max_files_touched=settings.max_files_touched + staged_files,
        )
    return limits


def _brief(
    settings: Settings,
    run_id: str,
    sessions: Sequence[SessionInfo],
    offsets: OffsetStore,
    sandbox: Sandbox,
    skipped: Sequence[tuple[str, str]] = (),
) -> _Reviewed:
    """The sessions under review as the subagent will see them. Each must pass the sandbox's
    own path policy (a symlink leaving its root is refused there too) and is read once: a
    second name for the same file is left out. What is left out is said, with why."""
    left_out = [{"path": virtual_session_path(settings, Path(p)) or p, "reason": why}
                for p, why in skipped]
    shown: list[SessionInfo] = []
    read: list[tuple[SessionInfo, str]] = []
    starts: dict[str, int] = {}
    first_name: dict[str, str] = {}  # the file's canonical virtual path -> the name read
    for info in sessions:
        vpath = virtual_session_path(settings, info.path)
        if vpath is None:
            left_out.append({"path": str(info.path),
                             "reason": "not in the sessions, memory or project dir"})
            continue
        try:
            resolved = sandbox.resolve(vpath)
        except (errors.SandboxError, errors.NotFound) as exc:
            left_out.append({"path": vpath, "reason": str(exc).removeprefix(f"{vpath}: ")})
            continue
        if not resolved.exists or resolved.is_dir:
            left_out.append({"path": vpath, "reason": "no longer a file"})
            continue
        first = first_name.setdefault(resolved.vpath, vpath)
        if first != vpath:
            left_out.append({"path": vpath, "reason": f"the same file as {first}, which is read"})
            continue
        shown.append(replace(info, path=Path(vpath)))
        read.append((info, vpath))
        start = offsets.start_for(info.path)
        if start:
            starts[vpath] = start
    brief = DreamBrief(run_id=run_id, now=settings.now_dt(), sessions=shown,
                       start_offsets=starts)
    return _Reviewed(brief, read, left_out)


def _pending_sessions(offsets: OffsetStore, given: Sequence[SessionInfo]) -> list[SessionInfo]:
    """Transcripts a dream before this one read but could not keep all of (the file budget, a
    refused write), read again whether touched since or not, so nothing they said is lost."""
    given_paths = {os.fspath(info.path) for info in given}
    return [read_session_info(path) for path in offsets.pending()
            if path not in given_paths and os.path.isfile(path)]


def _staging_said(why: str) -> bool:
    """Whether staging wrote this reason itself ('it is a named pipe', ...) rather than passing
    on an OS error, which a change of permissions can fix."""
    return why.startswith("it ")


def _unread_why(why: str) -> str:
    """Why a memory file was not staged, and what the person can do about it."""
    return why if _staging_said(why) else f"{why}; fix its permissions"


def _linked_files(staged: Path, memory_dir: Path) -> frozenset[str]:
    """The memory symlinks (as staged, relative to the memory root) and the memory files they
    point at, however the link is written (relative, or absolute into the memory dir)."""
    kept: set[str] = set()
    for rel, link in symlinks(staged).items():
        kept.add(rel)
        if (target := link_target(rel, link, memory_dir)) is not None:
            kept.add(target)
    return frozenset(kept)


def _digest(toolbox: ToolBox, brief: DreamBrief, date_order: str = "auto"
            ) -> tuple[str, dict[str, int], dict[str, int]]:
    """What is new since the last dream, gathered by the local engine, for a model to start
    from; where each transcript's new part ended (to remember after a successful dream); and
    the person's days in figures read each way, with earlier dreams' (``DATE_ORDERS``)."""
    from autodream.engine import Gatherer, build_digest
    from autodream.transcripts import iter_stream_messages
    from autodream.transcripts.model import ReadStats

    gatherer = Gatherer(date_order="dmy" if date_order == "dmy" else "mdy" if date_order == "mdy"
                        else None)
    gatherer.remember_orders(brief.date_orders)
    ends: dict[str, int] = {}
    for info in brief.sessions:
        vpath = str(info.path)
        stats = ReadStats()
        try:
            with toolbox.open_stream(vpath, charge=False) as stream:
                stream.seek(brief.start_offsets.get(vpath, 0))
                for message in iter_stream_messages(stream, name=vpath, stats=stats):
                    gatherer.add(message)
        except (errors.SandboxError, errors.NotFound, OSError):
            continue  # changed since the brief was made; the model's own reads will say so
        ends[vpath] = stats.end_offset
    return build_digest(gatherer.candidates, now=brief.now), ends, gatherer.orders_seen


# How many of the person's days in figures the dreams so far read day first and month first,
# in the state dir: a dream saves it only once its changes are committed, as it does the
# offsets. ``autodream undo`` leaves it: the counts only grow with what the person wrote, and
# an undone dream's dates were still the person's own.
DATE_ORDERS = "date_orders.json"


def _load_date_orders(state: Path) -> dict[str, int]:
    """The counts earlier dreams saved; none where the file is missing or unreadable."""
    try:
        data = json.loads((state / DATE_ORDERS).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {k: v for k, v in data.items() if k in ("dmy", "mdy") and isinstance(v, int)
            and not isinstance(v, bool) and v > 0}


def _save_date_orders(state: Path, seen: dict[str, int], before: dict[str, int]) -> None:
    """Write ``seen`` atomically where it counts more than ``before`` did."""
    if not seen or all(seen.get(k, 0) <= before.get(k, 0) for k in ("dmy", "mdy")):
        return
    from autodream.memory.commit import state_root, write_atomic

    body = json.dumps({k: seen.get(k, 0) for k in ("dmy", "mdy")}, sort_keys=True)
    # no directory fsync: a lost rename only means the next dream reads fewer dates
    write_atomic(state / DATE_ORDERS, body.encode("utf-8"), tag="dateorders", sync_dir=False,
                 root=state_root(state), make=False)


def _read_ends(backend: Backend, fallback: dict[str, int]) -> dict[str, int]:
    """Where the backend stopped reading each transcript (the local engine reports it)."""
    report = getattr(backend, "report", None)
    ends = getattr(report, "end_offsets", None)
    return dict(ends) if isinstance(ends, dict) else fallback


def _record_offsets(
    offsets: OffsetStore, read: Sequence[tuple[SessionInfo, str]], ends: dict[str, int],
    held_back: frozenset[str] = frozenset(), notes_waiting: tuple[Path, int] | None = None,
    refused: Mapping[str, str] | None = None, limit: int | None = None,
) -> dict[str, dict[str, Any]]:
    """Advance (in memory; the caller saves once the commit is done) how far this dream read each
    transcript, so the next one reads only what is new, or mark it pending where the backend
    held some of it back (the file budget) or could not write it (``refused``: vpath -> why,
    under max_write_bytes ``limit``), and how many
    notes written in MEMORY.md wait (``notes_waiting``: its path and the count); returns each
    position before and after, for undo to put back."""
    moved: dict[str, dict[str, Any]] = {}
    if notes_waiting is not None:
        index, count = notes_waiting
        before = offsets.entry(index)
        offsets.mark_notes_waiting(index, count)
        if offsets.entry(index) != before:
            moved[str(index)] = {"before": before, "after": offsets.entry(index)}
    for info, vpath in read:
        end = ends.get(vpath)
        before = offsets.entry(info.path)
        if vpath in held_back:
            offsets.mark_pending(info.path)
        elif refused is not None and vpath in refused:
            offsets.mark_pending(info.path, refused=refused[vpath] or "the write was refused",
                                 limit=limit)
        elif end:
            offsets.record(info.path, end)
        else:
            continue
        moved[str(info.path)] = {"before": before, "after": offsets.entry(info.path)}
    return moved


def consolidate(
    settings: Settings,
    *,
    trigger: str,
    sessions: Sequence[SessionInfo],
    dry_run: bool = False,
    run_id: str | None = None,
    backend_factory: BackendFactory = default_backend,
    skipped_sessions: Sequence[tuple[str, str]] = (),
    foreign_summary: Sequence[tuple[str, str]] = (),
) -> DreamResult:
    """Run one dream over ``sessions`` into ``settings.memory_dir``; the caller holds the lock.

    ``skipped_sessions`` are ``(path, reason)`` for transcripts the scan found and left out
    (``SessionScan.skipped``); they are recorded with any the dream leaves out itself."""
    state = settings.state_dir
    settings.memory_dir.mkdir(parents=True, exist_ok=True)
    if (blocker := index_blocker(settings)) is not None:
        raise blocker  # (``run.dream`` refuses it before the lock; the index changed since)
    journal.recover(settings.memory_dir, state, settings.now_dt(), reads=settings.read_dirs)
    offsets = OffsetStore(state / OFFSETS_FILENAME, reads=settings.read_dirs)
    sessions = [*sessions, *_pending_sessions(offsets, sessions)]
    record = journal.begin_run(state, trigger=trigger, now=settings.now_dt(), run_id=run_id)
    placed = journal.state_dir_identity(state)  # (to tell a folder put in its place)
    staging: Staging | None = None
    notices: list[str] = []
    starts_memory = ""  # the note that the memory dir was empty, when it was
    endpoint: str | None = None  # Claude's base URL, whose secrets no failure may quote
    codex_error = settings.codex_dir_error()
    if (codex_problem := settings.codex_dir_problem()) is not None and codex_error is None:
        notices.append(codex_problem)
    if not sessions and not any(settings.sessions_dir.glob("*.jsonl")):
        notices.append(f"no transcripts in {settings.sessions_dir} (is this the directory Claude "
                       "Code ran in? `autodream status` shows the paths)")
    try:
        # (``parents=False``: the state dir moved away since begin_run is not made again)
        staging = Staging.create(settings.memory_dir, journal.staging_dir(state, record.id),
                                 parents=False)
        if settings.index_path.name in staging.unreadable:
            # (``run.dream`` refuses this before the lock; the index changed since)
            raise errors.AutodreamError(
                f"cannot read {settings.index_path}: "
                f"{_unread_why(staging.unreadable[settings.index_path.name])}")
        kept_as_is = _linked_files(staging.path, settings.memory_dir)
        if not staging.baseline and not kept_as_is and not staging.unreadable:
            # First use, or a typo in memory_dir or the project dir: the user should know.
            # (a dry run starts nothing: it tells what a dream would do)
            starts_memory = (f"{settings.memory_dir} holds no memory yet; "
                             f"{'a dream would start' if dry_run else 'this dream starts'} one "
                             "(if you expected memory there, check memory_dir or the project "
                             "dir)")
            notices.insert(0, starts_memory)
        # the index as the dream found it (the staging copy, before the subagent touches it)
        staged_index = staging.path / settings.index_path.name
        prior_index = decode_text(staged_index.read_bytes()) if staged_index.is_file() else None
        sandbox = Sandbox(
            memory=staging.path,
            sessions=settings.sessions_dir if settings.sessions_dir.is_dir() else None,
            project=settings.project_root if settings.project_root.is_dir() else None,
            excluded=[settings.memory_dir],
            rollouts_of=settings.project_root,
            codex=_codex_root(settings),
            strict_sessions=sessions_in_codex_dir(settings),
        )
        name, notice = backend_name(settings)
        for said in (notice, unused_base_url(settings, name)):
            if said:
                notices.append(said)
        toolbox = ToolBox(sandbox, trash_dir=journal.run_dir(state, record.id) / "trash",
                          limits=_tool_limits(settings, name, len(staging.baseline)))
        backend = backend_factory(replace(settings, backend=name), toolbox)
        if isinstance(base_url := getattr(backend, "base_url", None), str):
            endpoint = base_url
        reviewed = _brief(settings, record.id, sessions, offsets, sandbox, skipped_sessions)
        brief = replace(reviewed.brief, kept_as_is=kept_as_is, dry_run=dry_run,
                        not_regular=frozenset([*special_files(settings.memory_dir),
                                               *staging.unreadable]),
                        unreadable=frozenset(staging.unreadable))
        if sandbox.has_root(CODEX_ROOT):
            brief = replace(brief, roots={
                **brief.roots,
                CODEX_ROOT: "Codex CLI rollouts (read-only; only this project's are listed)"})
        # other projects' rollouts as one count per root, never their paths or cwds: this
        # record lives in this project's memory dir, which people share
        record.skipped_sessions = reviewed.skipped + [
            {"path": root, "reason": why} for root, why in foreign_summary]
        if codex_error is not None:
            # in the record, not only the dream's output: a dream the hook starts writes its
            # output to a log no one reads, and `show` lists what the record holds
            record.skipped_sessions.append({"path": f"{CODEX_ROOT}/", "reason": codex_error})
        from autodream.gates import unreadable_log_dirs

        # (likewise: the scan passes an unreadable dir by in silence)
        record.skipped_sessions.extend(
            {"path": place + os.sep, "reason": why} for place, why in unreadable_log_dirs(settings))
        orders_before = _load_date_orders(state)
        written, dreamed = journal.dreamed_memory(state, settings.index_path.name)
        brief = replace(brief, date_orders=orders_before,
                        forgets_undone=journal.forgets_undone(state), dreamed_names=written,
                        dreamed_files=dreamed, project_name=settings.project_root.name)
        digest_ends: dict[str, int] = {}
        orders_seen: dict[str, int] = {}
        if backend.name != "local" and brief.sessions:
            digest, digest_ends, orders_seen = _digest(toolbox, brief, settings.date_order)
            brief = replace(brief, digest=digest)
        record.backend, record.model = backend.name, backend.model
        record.sessions = [str(s.path) for s in brief.sessions]
        # Lost to a crash, this save leaves begin_run's record (also "running", also whole), so
        # recovery closes the run as failed all the same; the next save syncs the run dir.
        journal.save_run(state, record, sync_dir=False)
        run = AgentRun()
        try:
            drive(backend, toolbox, brief, _budgets(settings, backend.name), run)
        finally:
            record.tool_calls = [c.as_dict() for c in toolbox.log]
            record.usage = run.usage.as_dict()
            record.decisions = _decisions(backend)
            notices.extend(str(n) for n in getattr(backend, "notes", []) or [])
        record.summary = toolbox.summary or run.final_text
        changed = {change.path for change in staging.changes()}
        report = checks.check_staged(
            staging.path, prior_index, allow_loss=settings.allow_loss,
            existed=frozenset(staging.baseline),
            unchanged=frozenset(staging.baseline) - changed, found_in=settings.memory_dir,
            not_regular=brief.not_regular,
            forgotten=frozenset(getattr(getattr(backend, "report", None), "forgotten", None)
                                or ()),
            forgotten_notes=frozenset(getattr(getattr(backend, "report", None),
                                              "forgotten_notes", None) or ()),
            project=settings.project_root.name)
        report.as_found.extend(
            checks.CheckFailure("unreadable", rel, f"not read: {why}" if _staging_said(why)
                                else f"cannot be read ({why}); fix its permissions")
            for rel, why in staging.unreadable.items())
        record.checks = report.as_dict()
        if not report.ok:
            raise errors.CheckFailed(_failure(report, toolbox))
        if report.as_found:
            # imported here: scrub is a large module a dream needs only for this hint
            from autodream.scrub import scrub_hint

            notices.extend(f"left as found (fix it by hand): {failure}"
                           + scrub_hint(failure.check, failure.message)
                           for failure in report.as_found)
        held = getattr(getattr(backend, "report", None), "held_back", None) or ()
        if held:
            # else the person learns only from `status` that memories were left out
            notices.append(
                f"max_files_touched held back the new memories of {len(held)} session(s); "
                + ("a real dream would leave them for the next one to read again and save"
                   if dry_run else "the next dream reads them again to save them")
                + " (`autodream show --all-decisions` names each)")
        unsaved = _unsaved(backend)
        if backend.name != "local" and (lost := _unmade_writes(toolbox)):
            # which session said what the model was writing is not known: each is read again
            why, names = next(iter(lost.values())), list(lost)
            unsaved = {vpath: why for _, vpath in reviewed.read}
            notices.append(
                f"{len(lost)} memory write(s) were refused and not made again ("
                f"{', '.join(names[:3])}{', ...' if len(names) > 3 else ''}): "
                + (f"a real dream would leave this dream's {len(unsaved)} session(s) for the "
                   "next one to read again" if dry_run else
                   f"the next dream reads this dream's {len(unsaved)} session(s) again")
                + " so that what they said is not lost (`autodream show` says why)")
        again = {vpath: unsaved[vpath] for info, vpath in reviewed.read
                 if vpath in unsaved and offsets.refusals(info.path)}
        if again:
            # read again only to meet the same refusal: left to dream alone, they would start
            # a dream after every min_hours for nothing
            for why, paths in by_cause(again):
                notices.append(
                    f"the new memories of {len(paths)} session(s) were refused again ({why}): "
                    + ("a real dream would keep them" if dry_run else "they stay")
                    + " pending, read again by the next dream other sessions start, but no "
                    f"longer start one alone; {refusal_fix(why, many=True)}")
        if not dry_run:
            # saved with the record (one write of it): what undo rewinds, so the dream's
            # reading is undone with its changes
            waiting = getattr(getattr(backend, "report", None), "notes_waiting", 0)
            record.offsets = _record_offsets(
                offsets, reviewed.read, _read_ends(backend, digest_ends), frozenset(held),
                (settings.index_path, waiting if isinstance(waiting, int) else 0),
                unsaved, settings.max_write_bytes)
        journal.conclude(settings.memory_dir, state, record, staging,
                         now=settings.now_dt(), dry_run=dry_run)
        if starts_memory and not record.changes:
            # "this dream starts one" beside "no-change: ... 0 topic files written": the dir
            # is as empty as it was, and the note said otherwise
            notices[notices.index(starts_memory)] = (
                f"{settings.memory_dir} holds no memory yet, and this dream found nothing to "
                "start it with (if you expected memory there, check memory_dir or the project "
                "dir)")
        if not dry_run:
            # (``make=False``, as below: the state dir moved away since the commit, a fresh
            # one made here stood where the person was told to put the folder back)
            offsets.save(make=False)
            seen = getattr(getattr(backend, "report", None), "date_orders", None)
            _save_date_orders(state, seen if isinstance(seen, dict) else orders_seen,
                              orders_before)
            journal.prune_runs(state, settings.keep_runs, current=record.id)
    except BaseException as exc:
        if record.outcome == "committed":
            # stopped after the commit (saving the read positions, pruning old runs): memory
            # holds this dream, and the record says so
            errors.mark_committed(exc, record.id)
        elif (isinstance(exc, Exception) and not isinstance(exc, errors.LinkedState)
              and (record.outcome != "failed" or dry_run)):
            # the state dir moved away before the commit (during the model's call): its
            # staging copy gone with it, the checks failed on a memory read as empty, and the
            # record's close on a bare 'cannot use .autodream: No such file or directory'
            moved = journal.moved_before_commit(settings.memory_dir, state, record,
                                                placed)
            if moved is not None:
                raise moved from exc
        full = errors.no_space(exc) if record.outcome != "committed" else None
        if full is None and record.outcome == "running":
            reason = errors.interruption(exc) or (
                str(exc).splitlines()[0] if str(exc) else type(exc).__name__)
            try:
                journal.finish_run(state, record, outcome="failed",
                                   reason=_without_endpoint_secrets(reason, endpoint),
                                   now=settings.now_dt())
            except OSError as closing:
                # (what stopped the dream said the disk is full its own way, 'MEMORY.md could
                # not be written (error: No space left on device)', and the record cannot be
                # saved either)
                if (full := errors.no_space(closing)) is None:
                    raise
                record.outcome = "running"
        if full is not None:
            # one line saying what to do, the run closed as failed (not left 'running', read
            # as a process that died), no images or staging copy left taking the room
            # (a commit stopped part-way whose roll-back found no room either: 'nothing was
            # committed' read as memory left as it was, while some files were rewritten)
            cut_short = journal.commit_left_begun(state, record.id)
            failed = errors.disk_full(full, settings.memory_dir,
                                      cut_short=record.id if cut_short else None)
            if staging is not None:
                staging.discard()
                staging = None
            journal.close_for_full_disk(state, record, now=settings.now_dt(),
                                        reason=str(failed))
            raise failed from exc
        if isinstance(exc, errors.AutodreamError) or not isinstance(exc, Exception):
            raise
        if record.outcome != "committed":
            raise errors.DreamFailed(_without_endpoint_secrets(
                f"dream failed: {type(exc).__name__}: {exc}", endpoint)) from exc
        raise _failed_after_commit(settings, placed, record, exc) from exc
    finally:
        if staging is not None:
            staging.discard()
    try:
        diff = journal.run_diff(state, record.id) if record.changes else ""
    except (errors.AutodreamError, OSError) as exc:
        # the state dir moved away once the dream was pruned: "no run '<id>'" (exit 9) said
        # nothing of the dream memory holds, nor of where its record went
        if record.outcome != "committed":
            raise
        raise _failed_after_commit(settings, placed, record, exc) from exc
    return DreamResult(record, backend.name, backend.model, notices, diff)


def _without_endpoint_secrets(text: str, endpoint: str | None) -> str:
    """``text`` with no password or query value of Claude's base URL: the backend's own errors
    hide them (``backends/urls.py``), and this holds for what the SDK or its HTTP stack raised
    past it (an error quoting the request's URL)."""
    if not endpoint:
        return text
    from autodream.backends.urls import without_url_secrets

    return without_url_secrets(text, endpoint)


def _failed_after_commit(settings: Settings, placed: tuple[int, int] | None,
                         record: journal.RunRecord, exc: Exception) -> errors.AutodreamError:
    """The error of dream ``record``, committed, that ``exc`` stopped after (saving the read
    positions, pruning, reading its diff), marked committed: memory holds the dream, so the
    lock keeps its time."""
    # the state dir swapped for a link after the record was saved: a bare 'Not a
    # directory' said nothing of where the dream's record went or what to do
    failed: errors.AutodreamError | None = journal.moved_after_commit(
        settings.memory_dir, settings.state_dir, record, placed)
    there = journal.run_folder_there(settings.state_dir, record.id) if failed is None else True
    if there is False:
        # its own folder removed since (by hand, a sync tool): 'take it back: autodream undo
        # <id>' offered an undo that could only say it has nothing to undo with
        also = ("" if isinstance(exc, errors.NotFound)  # (reading its diff: that, said again)
                else f"; what follows its commit failed as well: {type(exc).__name__}: {exc}")
        failed = errors.DreamFailed(
            f"dream {record.id} is in memory, but its folder (runs/{record.id}) was removed "
            "after its commit, and not by keep_runs (which keeps the dream pruning), so "
            "autodream cannot show or undo it (DREAMS.md says what it changed); to take it "
            f"back, restore its files by hand (from git or a backup){also}")
    if isinstance(there, OSError):
        # (the runs folder unsearchable: looking raised again while this was handled, and the
        # person read 'cannot use .../runs/<id>: Permission denied', not that memory holds it)
        failed = errors.DreamFailed(
            f"dream {record.id} is in memory (DREAMS.md says what it changed), but what follows "
            f"its commit failed: {type(exc).__name__}: {exc}; its folder (runs/{record.id}) "
            f"cannot be looked at ({there.strerror or type(there).__name__}), so autodream "
            f"cannot tell whether it can show or undo it: once it can, `autodream show "
            f"{record.id}` says")
    if failed is None:
        # (a full disk when the read positions are saved): "dream failed" with the dream in
        # memory, the mark lost with the wrapped error, had the lock rolled back under it
        failed = errors.DreamFailed(
            f"dream {record.id} is in memory (see it: autodream show {record.id}; take it "
            f"back: autodream undo {record.id}), but what follows its commit failed: "
            f"{type(exc).__name__}: {exc}")
    errors.mark_committed(failed, record.id)
    return failed


_WRITES = frozenset({"write_file", "edit_file", "delete_file"})


def _failure(report: checks.CheckReport, toolbox: ToolBox) -> str:
    """Why a dream failed its checks, its refused writes first: a write refused (over
    max_write_bytes, holding a secret) is the cause, and the dangling link or lost entry the
    checks then find is only what it left behind."""
    refused = [c for c in toolbox.log if c.verdict == "refused" and c.name in _WRITES]
    if not refused:
        return report.summary()
    more = f" (and {len(refused) - 1} more)" if len(refused) > 1 else ""
    # what follows the cause ("; split it or say less") is advice to the model
    cause = refused[0].reason.split("; ")[0]
    return (f"{len(refused)} write(s) refused: {cause}{more}; then "
            f"{report.summary()}")


def _unsaved(backend: Backend) -> dict[str, str]:
    """The transcripts (vpaths) whose memories the local engine could not write, and why."""
    report = getattr(backend, "report", None)
    refused = getattr(report, "refused", None) or ()
    why = getattr(report, "refused_why", None) or {}
    return {vpath: str(why.get(vpath, "")) for vpath in refused}


def _unmade_writes(toolbox: ToolBox) -> dict[str, str]:
    """The paths a model's writes were refused at and never written after (it did not retry
    shorter, or gave up), and why the last refusal at each was: what it was writing there is
    in no file."""
    lost: dict[str, str] = {}
    for call in toolbox.log:
        if call.name not in ("write_file", "edit_file"):
            continue
        try:
            path = str(json.loads(call.input_summary).get("path", "?"))
        except (ValueError, AttributeError):
            path = "?"  # not to be told apart: taken as not made good
        if call.verdict == "refused":
            lost[path] = refusal_cause(call.reason)
        elif call.verdict == "ok":
            lost.pop(path, None)
    return lost


# The local engine's turns: max_turns budgets a model's turns (each one paid for, and a model
# may wander); the engine runs a fixed script of a handful of steps (one more per 2,000 lines
# of a long memory file), so the budget does not apply and only this backstop bounds it.
LOCAL_MAX_TURNS = 10_000


def _budgets(settings: Settings, backend: str) -> Budgets:
    return Budgets(
        max_turns=LOCAL_MAX_TURNS if backend == "local" else settings.max_turns,
        max_input_tokens=settings.max_input_tokens,
        max_output_tokens=settings.max_output_tokens,
        max_cost_usd=settings.max_cost_usd,
    )


def _decisions(backend: Backend) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for decision in getattr(backend, "decisions", []) or []:
        as_dict = getattr(decision, "as_dict", None)
        out.append(as_dict() if callable(as_dict) else dict(vars(decision)))
    return out


def _unread_elsewhere(settings: Settings, since: float | None, *, dry_run: bool) -> list[str]:
    """What the dream says of the sessions in the memory dir's other sessions folders touched
    since the last dream (``since``; None: never), which it does not read: one short line a
    folder, the most sessions first, the folders past the first few summed. Run from a
    subfolder, the root's sessions were read by no dream at all, and the dream said nothing
    of them: older than this dream once it is done, no later one counts them as new."""
    found = sorted(unread_elsewhere(settings, since), key=lambda unread: (-unread.sessions,
                                                                          unread.folder))
    since_last = "" if since is None else " since the last dream"
    notes = []
    for unread in found[:OTHER_SESSIONS_FOLDERS_SHOWN]:
        one = unread.sessions == 1
        them, changes = ("it", "it changes") if one else ("them", "they change")
        later = "none after it would read" if dry_run else "none after this one reads"
        folder, started_in = map(errors.printable, (unread.folder, unread.started_in))
        notes.append(f"not read: {_sessions(unread.sessions)}{since_last} in {folder} (started in "
                     f"{started_in}): a dream reads one sessions folder, and {later} {them} "
                     f"unless {changes}")
    if rest := found[OTHER_SESSIONS_FOLDERS_SHOWN:]:
        folders = f"{len(rest):,} more folder{'' if len(rest) == 1 else 's'}"
        # (no pointer to `status --json`: it names a folder by its newest transcript alone,
        # and leaves out one whose newest session is a sibling project's named alike)
        notes.append(f"not read: and {folders} with "
                     f"{_sessions(sum(unread.sessions for unread in rest))}")
    return notes


def _sessions(count: int) -> str:
    return f"{count:,} session{'' if count == 1 else 's'}"


def make_step(backend_factory: BackendFactory = default_backend) -> DreamStep:
    """A ``run.dream`` step that runs the whole dream with backends from ``backend_factory``."""

    def step(settings: Settings, context: DreamContext) -> StepResult:
        # (a dream reads one sessions folder; run from a subfolder, the root's, and from the
        # root, its subfolders', go unread, and once it is done no dream counts them as new.
        # The note is advice: whatever fails working it out (a transcript's cwd is anything:
        # a link chain deeper than realpath recurses) drops the note, never the dream)
        try:
            unread = _unread_elsewhere(settings, context.report.last_consolidated,
                                       dry_run=context.dry_run)
        except Exception:  # (advice only: the dream goes on without it)
            unread = ["could not count the sessions in other sessions folders of this memory dir"]
        result = consolidate(
            settings,
            trigger=context.trigger,
            sessions=context.sessions,
            dry_run=context.dry_run,
            run_id=context.run_id,
            backend_factory=backend_factory,
            skipped_sessions=context.report.scan.skipped,
            foreign_summary=context.report.scan.foreign_summary(),
        )
        record = result.record
        return StepResult(
            summary=record.summary or record.reason or record.outcome,
            details={
                "outcome": record.outcome,
                "reason": record.reason,
                "backend": result.backend,
                "backend_notice": backend_name(settings)[1],
                "model": result.model,
                "notices": [*result.notices, *unread],
                "sessions": record.sessions,
                "skipped_sessions": record.skipped_sessions,
                "changes": [c.as_dict() for c in record.changes],
                "usage": record.usage,
                "checks": record.checks,
                "diff": result.diff,
            },
        )

    return step


dream_step = make_step()
