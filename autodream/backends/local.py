"""The local engine as a dream backend: the same tools and phases a model uses, no network.

``LocalBackend`` plays the subagent deterministically. It reads the memory dir and a few project
files through tool calls (orient), streams the brief's sessions through ``ToolBox.open_stream``
and the transcript readers from each one's start offset (gather), then writes, deletes and
re-indexes through ``write_file``/``delete_file`` calls (consolidate, prune) and calls
``finish``. A refused call is recorded as a decision and the run goes on.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass, field, replace
from datetime import UTC, date, datetime
from typing import Any, BinaryIO

from autodream import rx
from autodream.agent import BackendReply, DreamBrief, ToolCall, ToolResult, ToolSpec
from autodream.engine import (
    FACT_FILES,
    WAITING_FILE,
    Decision,
    DreamPlan,
    EngineOptions,
    Gatherer,
    ProjectFacts,
    build_facts,
    plan_dream,
)
from autodream.engine.dates import DateOrder
from autodream.engine.dream import quoted_as_kept
from autodream.engine.forgetting import FORGOTTEN
from autodream.engine.text import counted
from autodream.errors import DreamFailed, NotFound, SandboxError
from autodream.settings import INDEX_FILENAME
from autodream.tools import refusal_cause
from autodream.transcripts.model import ReadStats, SessionInfo
from autodream.transcripts.reader import iter_stream_messages

INDEX = "MEMORY.md"
READ_LIMIT = 2_000  # lines per read_file call (the toolbox's largest accepted limit)
_TRUNCATED = rx.compile(
    r"\n?\[truncated: (?:lines \d+-\d+ of \d+|line \d+ of \d+ is longer than the output cap "
    r"and was cut); continue with offset=(?P<next>\d+)\]\n?$"
    # a cut line that is the file's last: nothing follows to read
    r"|\n?\[truncated: line \d+ of \d+ is longer than the output cap and was cut; it is the "
    r"file's last line \(grep finds words in the rest\)\]\n?$"
)

Script = Generator[list[ToolCall], list[ToolResult], None]
OpenStream = Callable[[str], BinaryIO]


@dataclass(eq=False, repr=False)
class GatherReport:
    """What the local engine read this dream, for the run record."""

    sessions: int = 0
    sessions_skipped: int = 0
    bytes_read: int = 0
    lines: int = 0
    bad_lines: int = 0
    end_offsets: dict[str, int] = field(default_factory=dict)  # vpath -> where reading stopped
    # vpaths whose new memories the file budget left out: not to be marked as read
    held_back: list[str] = field(default_factory=list)
    # vpaths whose new memories the sandbox refused to write: not to be marked as read either
    refused: list[str] = field(default_factory=list)
    # for each of them, why (the first refusal of a file that was to hold what it said)
    refused_why: dict[str, str] = field(default_factory=dict)
    # notes written in MEMORY.md left for the next dream to move (in it, or notes_waiting.md)
    notes_waiting: int = 0
    # memory files removed because the person asked to forget them: gone on request, not lost
    forgotten: list[str] = field(default_factory=list)
    # ... and the notes written in MEMORY.md it removed so (their text)
    forgotten_notes: list[str] = field(default_factory=list)
    # the person's days in figures read each way so far, with earlier dreams' (for the next)
    date_orders: dict[str, int] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return {
            "sessions": self.sessions,
            "sessions_skipped": self.sessions_skipped,
            "bytes_read": self.bytes_read,
            "lines": self.lines,
            "bad_lines": self.bad_lines,
        }


class LocalBackend:
    """Deterministic consolidation behind the ``Backend`` protocol.

    ``LocalBackend(settings, toolbox)`` is how ``backends.select`` builds it; tests may pass
    ``open_stream`` directly. ``decisions`` holds every decision with its reason once the run
    is over (the run record stores ``[d.as_dict() for d in backend.decisions]``).
    """

    name = "local"
    model: str | None = None

    def __init__(
        self,
        settings: Any = None,
        toolbox: Any = None,
        *,
        open_stream: OpenStream | None = None,
        options: EngineOptions | None = None,
    ) -> None:
        if open_stream is None and toolbox is not None:
            open_stream = toolbox.open_stream
        self._open_stream = open_stream
        self.options = options or EngineOptions()
        limits = getattr(toolbox, "limits", None)
        if limits is not None and self.options.max_files_touched is None:
            self.options = replace(self.options, max_files_touched=limits.max_files_touched)
        # a MEMORY.md longer than one write may be is refused, and the index as it was would
        # still link the files this dream renamed or merged away
        self._max_write: int | None = getattr(limits, "max_write_bytes", None)
        order = getattr(settings, "date_order", "auto")
        self._date_order: DateOrder | None = (
            "dmy" if order == "dmy" else "mdy" if order == "mdy" else None)
        if getattr(settings, "allow_loss", False):
            # the person accepted a dream that loses entries (--allow-loss)
            self.options = replace(self.options, max_loss=None)
        self.decisions: list[Decision] = []
        # one-line remarks the dream ends with (the pipeline says them as notes)
        self.notes: list[str] = []
        self.plan: DreamPlan | None = None
        self.report = GatherReport()
        self._script: Script | None = None
        self._brief: DreamBrief | None = None
        self._seq = 0

    # -- the Backend protocol --------------------------------------------------------------
    def start(self, brief: DreamBrief, tools: list[ToolSpec]) -> None:
        self._brief = brief
        self.options = replace(self.options, index_max_lines=brief.index_max_lines,
                               index_max_bytes=min(brief.index_max_bytes,
                                                   self._max_write or brief.index_max_bytes))
        self.decisions = []
        self.notes = []
        self.plan = None
        self.report = GatherReport()
        self._seq = 0
        self._script = self._run(brief)

    def next(self, results: list[ToolResult], note: str | None = None) -> BackendReply:
        if self._script is None:
            raise RuntimeError("LocalBackend.next called before start")
        try:
            calls = next(self._script) if self._seq == 0 else self._script.send(results)
        except StopIteration:
            calls = [self._call("finish", summary="local dream: nothing left to do")]
        return BackendReply(tool_calls=calls)

    # -- the script, phase by phase ----------------------------------------------------------
    def _call(self, name: str, **inp: Any) -> ToolCall:
        self._seq += 1
        return ToolCall(id=f"local-{self._seq}", name=name, input=inp)

    def _run(self, brief: DreamBrief) -> Script:
        files, index_text, facts, unread = yield from self._orient(
            brief.kept_as_is, brief.not_regular, brief.unreadable)
        if INDEX in unread:
            # Without the index there is no telling what a rebuilt one would lose. What the
            # sessions say is saved by the dream that can read it: none counts as read now.
            self.decisions.append(Decision(
                "skipped", INDEX, "MEMORY.md could not be read (see the refusal above); the "
                "dream changes nothing until it can, and reads these sessions again then",
                file=INDEX))
            for info in brief.sessions:
                self.report.end_offsets.pop(str(info.path), None)
                self.report.held_back.append(str(info.path))
            yield [self._call("finish", summary="local dream: MEMORY.md could not be read; "
                                                "nothing changed")]
            return
        results = yield [self._call("begin_phase", phase="gather")]
        self._refusals(results, "begin_phase gather")
        gatherer = Gatherer(facts=facts, date_order=self._date_order,
                            forgets_undone=brief.forgets_undone)
        gatherer.remember_orders(brief.date_orders)
        fallback = self._gather(brief, gatherer)
        self.report.date_orders = gatherer.orders_seen
        self.decisions.extend(gatherer.decisions)
        plan = plan_dream(
            files, index_text, gatherer.candidates, now=brief.now, facts=facts,
            options=self.options, fallback_day=fallback, unreadable=unread,
            forgets=gatherer.forgets, names=brief.dreamed_names, dreamed=brief.dreamed_files,
            project=brief.project_name,
        )
        self.plan = plan
        self.report.forgotten = sorted(e.file for e in plan.entries if e.deleted
                                       and e.deleted_by == FORGOTTEN and e.original is not None)
        self.report.forgotten_notes = sorted(
            note.text for entry, note in plan.moved_notes
            if entry.deleted and entry.deleted_by == FORGOTTEN and note.origin == INDEX_FILENAME)
        self.decisions.extend(plan.decisions)
        plan.decisions = []
        # (a sentence quoted whole only where memory keeps it, before or after: a dropped one
        # is listed by its first words)
        self.decisions = quoted_as_kept(self.decisions, {
            name: f"{files.get(name, '')}\n{plan.writes.get(name, '')}"
            for name in {*files, *plan.writes}} | {INDEX: f"{index_text or ''}\n{plan.index}"})
        for info in brief.sessions:
            if info.id in plan.held_back:
                # where reading stopped is not remembered: the next dream reads it again
                self.report.end_offsets.pop(str(info.path), None)
                self.report.held_back.append(str(info.path))

        writes = sorted(plan.writes)
        calls = [self._call("begin_phase", phase="consolidate")]
        calls += [self._call("write_file", path=f"memory/{p}", content=plan.writes[p])
                  for p in writes]
        results = yield calls
        failed_writes = self._refusals(results[1:], "write_file", writes)
        self._refusals(results[:1], "begin_phase consolidate")
        self._keep_waiting(results[1:], writes)
        unsaved = plan.unsaved_sessions(frozenset(failed_writes))
        causes = {p: refusal_cause(r.content) for p, r in zip(writes, results[1:], strict=False)
                  if r.is_error}
        for info in brief.sessions:
            into = sorted(f for f, ids in unsaved.items() if info.id in ids)
            if into and str(info.path) not in self.report.held_back:
                # what it said is in no file: the next dream reads it again to save it
                self.report.end_offsets.pop(str(info.path), None)
                self.report.refused.append(str(info.path))
                self.report.refused_why[str(info.path)] = causes.get(into[0], "")

        deletes = sorted(plan.deletes_after(frozenset(failed_writes)))
        calls = [self._call("begin_phase", phase="prune")]
        calls += [self._call("delete_file", path=f"memory/{p}") for p in deletes]
        results = yield calls
        self._refusals(results[:1], "begin_phase prune")
        failed_deletes = self._refusals(results[1:], "delete_file", deletes)

        index = plan.index
        if failed_writes or failed_deletes:
            index = plan.reindex(self.options, failed_writes=frozenset(failed_writes),
                                 failed_deletes=frozenset(failed_deletes))
            present = (set(files) | set(writes)) - failed_writes
            existed = set(files) | set(plan.renames)
            self.decisions = [d for d in _unmade(self.decisions, failed_writes, present, existed,
                                                 unsaved, brief.dry_run)
                              if d.action not in _INDEXED]  # said again for this index
            self.decisions.extend(plan.decisions)
            plan.decisions = []
            if plan.rewait:
                text = plan.writes[WAITING_FILE]
                results = yield [self._call("write_file", path=f"memory/{WAITING_FILE}",
                                            content=text)]
                self._keep_waiting(results, [WAITING_FILE])
                writes.append(WAITING_FILE)
        made = set(writes) - failed_writes - set(files)
        removed = set(deletes) - failed_deletes
        rebuilt = index != (index_text or "")
        if rebuilt:
            results = yield [self._call("write_file", path=f"memory/{INDEX}", content=index)]
            rebuilt = not self._refusals(results, "write_file", [INDEX])
            if not rebuilt and (made or removed):
                # The index as it was would link files this dream deleted or renamed, or leave
                # out the ones it made; only the staging copy has changed, and is dropped.
                raise DreamFailed(
                    f"MEMORY.md could not be written ({results[0].content}); the dream changed "
                    "nothing")
            if not rebuilt:  # what they say of the index is not so: it is as it was
                self.decisions = [d for d in self.decisions if d.action not in _INDEXED]
                failed_writes.add(INDEX)
        # (with any note a refused write left where it was)
        held, waiting = len(plan.budget_held), len(plan.waiting_notes)
        self.report.notes_waiting = held + waiting
        if held and not waiting:
            # else a note left in MEMORY.md looks like one the dream could not read
            self.notes.append(
                f"max_files_touched left {held} note{'s' if held != 1 else ''} written in "
                f"MEMORY.md there as written; a later dream moves "
                f"{'them' if held != 1 else 'it'} to topic files (`autodream show "
                "--all-decisions` names each)")
        elif waiting:
            self.notes.append(
                f"max_files_touched left {held + waiting} notes written in MEMORY.md for later "
                f"dreams to move to topic files: {held} there as written, {waiting} in "
                f"{WAITING_FILE} word for word (MEMORY.md has no room for more) (`autodream "
                "show --all-decisions` names each)")
        refused = sorted(failed_writes | failed_deletes)
        if refused:
            self.notes.append(
                f"{len(refused)} memory file(s) could not be written or deleted "
                f"({', '.join(refused[:3])}{', ...' if len(refused) > 3 else ''}): each keeps "
                "what it held, and MEMORY.md links only files that are there (`autodream show` "
                "says why)" + (_read_again(
                    f"the {len(self.report.refused)} session(s) whose new memories they were "
                    "to save", brief.dry_run) if self.report.refused else ""))
        written = len(set(writes) - failed_writes)
        yield [self._call("finish", summary=self._summary(written, len(removed), rebuilt,
                                                          self.report.notes_waiting))]

    def _keep_waiting(self, results: list[ToolResult], paths: list[str]) -> None:
        """End the dream when ``WAITING_FILE`` was not written: the notes that wait there
        would be lost (only the staging copy has changed, and is dropped)."""
        for path, result in zip(paths, results, strict=False):
            if path == WAITING_FILE and result.is_error:
                raise DreamFailed(
                    f"{WAITING_FILE} could not be written ({result.content}): the notes "
                    "written in MEMORY.md that wait there would be lost; the dream changed "
                    "nothing")

    def _orient(self, kept_as_is: frozenset[str], not_regular: frozenset[str],
                unreadable: frozenset[str] = frozenset()) -> Generator[
            list[ToolCall], list[ToolResult],
            tuple[dict[str, str], str | None, ProjectFacts, frozenset[str]]]:
        results = yield [self._call("list_dir", path="project/")]
        listing = _listing(results[0]) if results else []
        memory_paths = yield from self._memory_files()
        # A symlink in memory is the user's arrangement (a note shared from elsewhere, a second
        # name for one): neither it nor the memory file it points at is rewritten, renamed or
        # deleted, and both keep their index lines.
        linked_away = {p for p in kept_as_is if p.endswith(".md") and p != INDEX}
        for name in sorted(linked_away):
            self.decisions.append(Decision(
                "skipped", name, "a symlink, or a file one points at; left as it is",
                file=name))
        not_regular = frozenset(p for p in not_regular if p.endswith(".md"))
        for name in sorted(not_regular):
            self.decisions.append(Decision(
                "skipped", name, "not read (its permissions, hard links, or made a pipe or "
                "device since the listing: the dream's notes say which); left as it is, with its "
                "index line" if name in unreadable else "not "
                "a regular file (a named pipe, socket or device): never opened; left as it is, "
                "with its index line", file=name))
        fact_paths = [f"project/{n}" for n in FACT_FILES if n in listing]
        texts = yield from self._read_all([f"memory/{p}" for p in memory_paths], page=True)
        project = yield from self._read_all(fact_paths, page=False)
        files = {p: texts[f"memory/{p}"] for p in memory_paths
                 if f"memory/{p}" in texts and p != INDEX and p not in linked_away}
        index_text = texts.get(f"memory/{INDEX}")
        facts = build_facts({k.removeprefix("project/"): v for k, v in project.items()},
                            listing)
        unread = (frozenset(p for p in memory_paths if f"memory/{p}" not in texts) | linked_away
                  | not_regular)
        return files, index_text, facts, unread

    def _memory_files(self) -> Generator[list[ToolCall], list[ToolResult], list[str]]:
        """Every markdown file in memory, hidden directories left out. One glob lists a few
        hundred (its output is capped): one cut short is asked again in narrower parts (by the
        next character of the names, from the start or the end), until every part is listed
        whole, or cannot be narrowed (more files of one name, in as many directories, than one
        glob lists; or names that differ only by '[' or ']', which a glob cannot set apart)."""
        found: set[str] = set()
        pending = [_NamePart()]
        while pending:
            results = yield [self._call("glob", pattern=part.glob) for part in pending]
            narrower: list[_NamePart] = []
            for part, result in zip(pending, results, strict=False):
                paths = _memory_paths(result)
                found.update(paths)
                if _cut_short(result):
                    narrower += part.split([_stem(p) for p in paths])
            pending = narrower
        return sorted(found)

    def _read_all(
        self, paths: list[str], *, page: bool
    ) -> Generator[list[ToolCall], list[ToolResult], dict[str, str]]:
        """Read whole files with read_file, paging on while the toolbox says it cut them."""
        texts: dict[str, list[str]] = {p: [] for p in paths}
        pending = [(p, 1) for p in paths]
        failed: set[str] = set()
        while pending:
            results = yield [self._call("read_file", path=p, offset=o, limit=READ_LIMIT)
                             for p, o in pending]
            more: list[tuple[str, int]] = []
            for (path, _offset), result in zip(pending, results, strict=False):
                if result.is_error:
                    failed.add(path)
                    self.decisions.append(Decision(
                        "refused", path, f"read_file: {result.content}", file=path))
                    continue
                content = result.content
                if content == "[empty file]":
                    continue
                m = _TRUNCATED.search(content)
                if m is None:
                    texts[path].append(content)
                    continue
                texts[path].append(content[: m.start()] + "\n")
                if "longer than the output cap" in m.group(0) and page:
                    failed.add(path)  # a cut line cannot be put back together: leave it be
                    self.decisions.append(Decision(
                        "skipped", path, "a line is longer than read_file returns; left as is",
                        file=path))
                elif page and m["next"] is not None:
                    more.append((path, int(m["next"])))
            pending = more
        return {p: "".join(parts) for p, parts in texts.items() if p not in failed}

    def _gather(self, brief: DreamBrief, gatherer: Gatherer) -> date | None:
        """Stream every session of the brief from its start offset into the gatherer."""
        first: date | None = None
        for info in sorted(brief.sessions, key=_session_order):
            vpath = str(info.path)
            start = brief.start_offsets.get(vpath, 0)
            if self._open_stream is None:
                self.decisions.append(Decision(
                    "skipped", vpath, "no stream access to transcripts was given"))
                self.report.sessions_skipped += 1
                continue
            stats = ReadStats()
            # A message without a timestamp took place no earlier than the one before it: date
            # it by that (or the session's start, or the file's time), never by 1970.
            last = info.started or datetime.fromtimestamp(info.mtime, UTC)
            try:
                with self._open_stream(vpath) as stream:
                    # only_human: lines that cannot hold the person's words are not even parsed
                    for message in iter_stream_messages(
                        stream, name=vpath, start_offset=start, stats=stats,
                        session_id=info.id or None, only_human=True,
                    ):
                        if message.timestamp is None:
                            message = replace(message, timestamp=last)
                        last = message.timestamp or last
                        gatherer.add(message, typed=info.source != "markdown")
                        if message.timestamp is not None and message.is_human:
                            day = message.timestamp.date()
                            first = day if first is None or day < first else first
            except (SandboxError, NotFound, OSError) as exc:
                self.report.sessions_skipped += 1
                self.decisions.append(Decision(
                    "skipped", vpath, f"could not read the transcript: {exc}".splitlines()[0]))
                continue
            self.report.sessions += 1
            if stats.skipped:
                self.decisions.append(Decision(
                    "skipped", vpath, f"{stats.skipped_total} bad line(s) skipped: "
                    + ", ".join(f"{n} {_BAD_LINE.get(why, why)}"
                                for why, n in sorted(stats.skipped.items()))))
            self.report.bytes_read += stats.bytes_read
            self.report.lines += stats.lines
            self.report.bad_lines += stats.skipped_total
            self.report.end_offsets[vpath] = stats.end_offset
        if first is None:
            starts = [s.started.date() for s in brief.sessions if s.started is not None]
            first = min(starts) if starts else None
        return first

    def _refusals(
        self, results: list[ToolResult], what: str, paths: list[str] | None = None
    ) -> set[str]:
        failed: set[str] = set()
        for i, result in enumerate(results):
            if not result.is_error:
                continue
            path = paths[i] if paths is not None and i < len(paths) else None
            if path is not None:
                failed.add(path)
            self.decisions.append(Decision(
                "refused", path or what, f"{what}: {result.content}", file=path))
        return failed

    def _summary(self, written: int, deleted: int, rebuilt: bool, waiting: int) -> str:
        counts: dict[str, int] = {}
        for d in self.decisions:
            counts[d.action] = counts.get(d.action, 0) + 1
        # what changed in the memory first: `autodream log` shows a summary's first 100 characters
        ranked = sorted(counts.items(), key=lambda item: (_SUMMARY_RANK.get(item[0], 99), item[0]))
        detail = ", ".join(f"{n} {a}" for a, n in ranked) or "no decisions"
        sessions = self.report.sessions
        return (
            f"local engine, {counted(sessions, 'session')} read: {detail}; "
            f"{counted(written, 'topic file')} written, {deleted} deleted"
            f"{', MEMORY.md rebuilt' if rebuilt else ''}"
            + (f"; {counted(waiting, 'note')} written in MEMORY.md wait for a later dream"
               if waiting else "")
            + (f"; {counted(self.report.bad_lines, 'bad transcript line')} skipped"
               if self.report.bad_lines else "")
        )


# The order a summary lists decisions in: changes to what the agent reads, then the rest.
_SUMMARY_RANK = {action: rank for rank, action in enumerate((
    "created", "updated", "superseded", "merged", "forgotten", "dated", "past", "redacted",
    "confirmed", "pruned", "folded", "refused", "declined", "flagged", "kept", "dropped",
))}


# What a decision says the dream did to a file: not so when the file's write was refused.
_CHANGES = frozenset({"created", "updated", "superseded", "dated", "past", "merged",
                      "redacted", "confirmed"})


_INDEXED = frozenset({"indexed", "unindexed"})


def _read_again(sessions: str, dry_run: bool) -> str:
    """That the next dream reads ``sessions`` again: what a dry run, which records nothing,
    says a real dream would leave."""
    if dry_run:
        return f"; a real dream would leave {sessions} for the next one to read again"
    return f"; the next dream reads again {sessions}"


def _unmade(decisions: list[Decision], failed: set[str], present: set[str],
            existed: set[str], unsaved: dict[str, set[str]],
            dry_run: bool = False) -> list[Decision]:
    """``decisions`` without the changes they say were made to a file that is not there after
    the dream or whose write was refused (it keeps what it held, under its old name for
    one to be renamed: ``existed``); each refusal names what the file was to say, and that
    the sessions that said it (``unsaved``) are read again."""
    said: dict[str, str] = {}
    for d in decisions:
        if d.file in failed and d.action in _CHANGES:
            said.setdefault(d.file, d.subject)
    out: list[Decision] = []
    for d in decisions:
        if d.action == "refused" and d.file in failed:
            kept = ("the file keeps what it held" if d.file in existed
                    else "not saved this dream")
            if n := len(unsaved.get(d.file, ())):
                kept += _read_again(f"the session{'s' if n != 1 else ''} that said it", dry_run)
            out.append(replace(d, subject=said.get(d.file, d.subject),
                               reason=f"{d.reason}; {kept}"))
        elif d.file is None or d.action not in _CHANGES or (
                d.file in present and d.file not in failed):
            out.append(d)
    return out


# Why a transcript line was skipped (the readers' ReadStats.skipped keys), as a person reads it.
_BAD_LINE = {
    "binary": "binary", "non_utf8": "not UTF-8", "invalid_json": "not valid JSON",
    "too_deep": "nested too deep", "not_object": "not a JSON object",
    "line_too_long": "too long", "unknown_type": "of an unknown record type",
    "malformed_record": "malformed",
}


def _session_order(info: SessionInfo) -> tuple[float, str]:
    started = info.started.timestamp() if info.started is not None else info.mtime
    return (started, str(info.path))


# a glob character class cannot leave these out ("]" ends it; "[" in it reads as a nested set)
_UNCLASSED = frozenset("[]")


@dataclass(frozen=True, eq=False)
class _NamePart:
    """The memory files whose name (before ".md") starts with ``atoms`` and ends with
    ``tail``, each a character or, as a set, any character but those; or, when ``whole``, is
    just ``atoms``."""

    atoms: tuple[str | frozenset[str], ...] = ()
    whole: bool = False
    tail: tuple[str | frozenset[str], ...] = ()  # (only when not whole)

    @property
    def glob(self) -> str:
        return "memory/**/" + "".join(map(_glob_atom, self.atoms)) + (
            "" if self.whole else "*") + "".join(map(_glob_atom, self.tail)) + ".md"

    def split(self, stems: list[str]) -> list[_NamePart]:
        """Parts that together hold the names this one does, given the ``stems`` it listed
        before it was cut short: the name that is just the atoms and tail, and one part per
        character seen next to the atoms, or before the tail when more differ there, and one
        for every other; for a whole name, its first set split so."""
        at = len(self.atoms)
        if not self.whole:
            longer = [stem for stem in stems if len(stem) > at + len(self.tail)]
            ahead = {stem[at] for stem in longer}
            # Names alike at the start ('feedback_use-the-rule-numbered-001') differ at the
            # end: narrowed from the start, one glob per character they share, each walking
            # every file; narrowed from the end, one per character they differ by there.
            behind = {stem[-len(self.tail) - 1] for stem in longer}
            rest = _NamePart((*self.atoms, *self.tail), whole=True)
            # (only over names a glob tells apart: none holds '[' or ']', which a class cannot
            # leave out, nor a character listed escaped, which no glob of it matches)
            if len(behind) > len(ahead) and not any(
                    c in stem for stem in stems for c in "[]\\"):
                return [rest,
                        *(_NamePart(self.atoms, tail=(c, *self.tail)) for c in sorted(behind)),
                        _NamePart(self.atoms, tail=(frozenset(behind), *self.tail))]
            return [rest, *(_NamePart((*self.atoms, c), tail=self.tail) for c in sorted(ahead)),
                    _NamePart((*self.atoms, frozenset(ahead)), tail=self.tail)]
        for i, atom in enumerate(self.atoms):
            if isinstance(atom, frozenset):
                seen = {stem[i] for stem in stems if len(stem) == at} - atom
                # nothing new (only a character the glob cannot leave out): the names it
                # matched are all in the parts for the characters seen, listed already
                if not seen:
                    return []
                head, tail = self.atoms[:i], self.atoms[i + 1:]
                return [*(_NamePart((*head, c, *tail), whole=True) for c in sorted(seen)),
                        _NamePart((*head, atom | seen, *tail), whole=True)]
        return []  # every character given: as narrow as a glob gets


def _glob_atom(atom: str | frozenset[str]) -> str:
    """One character of a name as a glob matches it: ``atom`` itself, or any but those."""
    if isinstance(atom, str):
        # "[[]" would read as a nested set: "[" stands for any one character, and the part
        # may list a few names another does too
        return "?" if atom == "[" else f"[{atom}]" if atom in "*?" else atom
    left_out = sorted(atom - _UNCLASSED - {"-"}) + (["-"] if "-" in atom else [])  # "-" last
    return f"[!{''.join(left_out)}]" if left_out else "?"


def _stem(path: str) -> str:
    return path.rsplit("/", 1)[-1].removesuffix(".md")


def _cut_short(result: ToolResult) -> bool:
    """True when a glob listed only some of what it matched: it stopped at max_glob_results,
    or its output was cut (the toolbox says so last). Not when it stopped walking (past
    max_walk_files every narrower glob stops too)."""
    last = result.content.rstrip().rsplit("\n", 1)[-1]
    return not result.is_error and last.startswith(("[stopped at ", "[output truncated at "))


def _memory_paths(result: ToolResult) -> list[str]:
    """Memory-relative markdown paths from a glob result, hidden directories left out."""
    if result.is_error:
        return []
    out: list[str] = []
    for line in result.content.splitlines():
        line = line.strip()
        if not line.startswith("memory/") or not line.endswith(".md"):
            continue
        rel = line.removeprefix("memory/")
        if any(part.startswith(".") for part in rel.split("/")):
            continue
        out.append(rel)
    return sorted(set(out))


def _listing(result: ToolResult) -> list[str]:
    if result.is_error:
        return []
    names: list[str] = []
    for line in result.content.splitlines():
        name = line.split("  ", 1)[0].strip()
        if name and not name.endswith(" is empty"):
            names.append(name)
    return names
