"""One consolidation as a pure function: what memory holds and what was said in, a plan out.

``plan_dream`` takes the memory dir's text (as orient read it), the gathered candidates, the
project's facts and the dream's clock, and returns the files to write and delete, the new
``MEMORY.md`` and every decision with its reason. Same inputs, same bytes.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date, datetime

from autodream.engine.candidates import not_worth_saving
from autodream.engine.consolidate import Consolidator
from autodream.engine.entries import Entry, FrontmatterError, parse_entry, repair_topic
from autodream.engine.index import build_index, prune_restated
from autodream.engine.model import Candidate, Decision, EngineOptions, ProjectFacts
from autodream.engine.scoring import cluster_candidates, select
from autodream.memory.model import INDEX_MAX_BYTES, MEMORY_TYPES, MemoryType, parse_index

INDEX_NAME = "MEMORY.md"
_DAILY_LOG = re.compile(r"^\d{4}-\d{2}-\d{2}\.md$")
_INDEX_FILE = re.compile(r"^- \[[^\]\n]+\]\(([^)\s]+)\)")


@dataclass
class DreamPlan:
    writes: dict[str, str] = field(default_factory=dict)  # memory-relative path -> new text
    deletes: list[str] = field(default_factory=list)
    index: str = ""
    index_changed: bool = False
    decisions: list[Decision] = field(default_factory=list)
    entries: list[Entry] = field(default_factory=list)
    kept_files: list[str] = field(default_factory=list)  # unparsable files left as they are

    def reindex(
        self,
        options: EngineOptions,
        *,
        failed_writes: frozenset[str] = frozenset(),
        failed_deletes: frozenset[str] = frozenset(),
    ) -> str:
        """``MEMORY.md`` again after some tool calls were refused: a new file that was not
        written leaves the index, a file that could not be deleted stays in it."""
        for entry in self.entries:
            if entry.file in failed_deletes:
                entry.deleted = False
        exclude = frozenset(e.file for e in self.entries
                            if e.file in failed_writes and e.original is None)
        self.index, decisions = build_index(self.entries, options, exclude=exclude)
        self.decisions.extend(decisions)
        return self.index

    def summary(self) -> str:
        counts: dict[str, int] = {}
        for d in self.decisions:
            counts[d.action] = counts.get(d.action, 0) + 1
        parts = [f"{n} {action}" for action, n in sorted(counts.items())]
        files = f"{len(self.writes)} file(s) written, {len(self.deletes)} deleted"
        index = "MEMORY.md rebuilt" if self.index_changed else "MEMORY.md unchanged"
        return f"local dream: {files}; {index}; decisions: {', '.join(parts) or 'none'}"


def load_entries(
    files: Mapping[str, str], index_text: str | None
) -> tuple[list[Entry], list[str], list[Decision]]:
    """Entries from the memory dir's markdown files; unparsable ones are left alone."""
    decisions: list[Decision] = []
    entries: list[Entry] = []
    unparsable: list[str] = []
    hooks: dict[str, tuple[int, str]] = {}
    titles: dict[str, str] = {}
    sections: dict[str, str] = {}
    if index_text:
        section = ""
        for line in index_text.splitlines():
            if line.startswith("## "):
                section = line[3:].strip().lower()
            elif (m := _INDEX_FILE.match(line)) is not None:
                sections.setdefault(m[1], section)
        for pos, item in enumerate(parse_index(index_text).entries):
            hooks.setdefault(item.file, (pos, item.hook))
            titles.setdefault(item.file, item.title)
    for path in sorted(files):
        if path == INDEX_NAME or not path.endswith(".md") or _DAILY_LOG.match(
            path.rsplit("/", 1)[-1]
        ):
            continue  # the index, and daily logs, are not topic files
        try:
            entry = parse_entry(path, files[path])
        except FrontmatterError as exc:
            known = hooks.get(path)
            topic = repair_topic(
                path, files[path], name=titles.get(path, ""), hook=known[1] if known else "",
                section=sections.get(path, ""))
            if topic is None:
                unparsable.append(path)
                decisions.append(Decision("skipped", path, f"not a topic file, left as is: {exc}",
                                          file=path))
                if known is not None:
                    entries.append(_opaque(path, files[path], index_text or "", known[0]))
                continue
            entry = parse_entry(path, files[path], repaired=topic)
            decisions.append(Decision("updated", path, f"frontmatter repaired ({exc})",
                                      file=path))
        entry.score = _existing_rank(entry)
        if path in hooks:
            entry.index_pos, entry.hook = hooks[path][0], hooks[path][1]
        else:
            decisions.append(Decision("indexed", path, "topic file missing from MEMORY.md",
                                      file=path))
        entries.append(entry)
    for target in sorted(set(hooks) - set(files)):
        decisions.append(Decision("pruned", target,
                                  "MEMORY.md linked a file that does not exist", file=target))
    return entries, unparsable, decisions


def _opaque(path: str, text: str, index_text: str, pos: int) -> Entry:
    """An unparsable file that MEMORY.md links: keep its line, never edit it."""
    item = parse_index(index_text).entries[pos]
    prefix = path.rsplit("/", 1)[-1].split("_", 1)[0]
    mtype: MemoryType = prefix if prefix in MEMORY_TYPES else "project"  # type: ignore[assignment]
    return Entry(file=path, name=item.title, description=item.hook or item.title, type=mtype,
                 statements=[], original=text, hook=item.hook, index_pos=pos, opaque=True)


_TYPE_RANK = {"feedback": 0.6, "user": 0.6, "project": 0.5, "reference": 0.5}


def _existing_rank(entry: Entry) -> float:
    """How much an entry already in memory is worth keeping when the index must shrink."""
    if not_worth_saving(f"{entry.name}. {entry.lead}") is not None:
        return 0.2
    return _TYPE_RANK.get(entry.type, 0.5)


def _norm_title(title: str) -> str:
    return " ".join(title.lower().split())


def _lost(prior: list[tuple[str, str]], index: str, entries: list[Entry]) -> list[str]:
    """Prior entries neither linked nor titled in ``index``, nor declared merged into or
    superseded by a live entry (the harness's loss rule)."""
    now = parse_index(index).entries
    files = {e.file for e in now}
    titles = {_norm_title(e.title) for e in now}
    declared = {str(name) for e in entries if not e.deleted and e.file in files
                for key in ("merged_from", "supersedes") for name in e.extra.get(key) or []}
    return [f for f, t in prior
            if f not in files and _norm_title(t) not in titles and f not in declared]


def _removes(decision: Decision, file: str) -> bool:
    """True for the decision that deleted the entry ``file`` (a prune or a merge into another),
    not for one that pruned a statement inside it."""
    if decision.action == "pruned":
        return decision.subject == file and decision.file == file
    return decision.action == "merged" and decision.subject.startswith(f"{file} -> ")


def _within_loss_budget(
    entries: list[Entry], index: str, index_text: str | None, options: EngineOptions,
    decisions: list[Decision],
) -> str:
    """Undo merges and prunes, newest first, until at most ``max_loss`` of the prior index is
    lost; drops for the index limits stay (the harness allows those)."""
    if options.max_loss is None or not index_text:
        return index
    prior: dict[str, str] = {}
    for item in parse_index(index_text).entries:
        prior.setdefault(item.file, item.title)
    pairs = list(prior.items())
    budget = int(options.max_loss * len(pairs))
    by_file = {e.file: e for e in entries}
    lost = _lost(pairs, index, entries)
    undoable = [by_file[f] for f in reversed(lost)
                if f in by_file and by_file[f].deleted and by_file[f].deleted_by != "limits"]
    while len(lost) > budget and undoable:
        entry = undoable.pop(0)
        entry.deleted, why = False, entry.deleted_by
        entry.deleted_by = ""
        budget_note = (f"the dream may lose at most {options.max_loss:.0%} of the "
                       f"{len(pairs)} prior entries")
        # The decision that announced the removal would otherwise stay in the run record (and
        # its "N pruned" count) for a file that is still there: it becomes this "kept".
        announced = next((i for i, d in enumerate(decisions) if _removes(d, entry.file)), None)
        if announced is None:
            decisions.append(Decision("kept", entry.file, f"not {why} after all: {budget_note}",
                                      file=entry.file))
        else:
            decisions[announced] = Decision(
                "kept", entry.file,
                f"{decisions[announced].reason}; kept all the same: {budget_note}",
                file=entry.file)
        index, more = build_index(entries, options)
        decisions.extend(more)
        lost = _lost(pairs, index, entries)
    return index


def plan_dream(
    files: Mapping[str, str],
    index_text: str | None,
    candidates: list[Candidate],
    *,
    now: datetime,
    facts: ProjectFacts | None = None,
    options: EngineOptions | None = None,
    fallback_day: date | None = None,
) -> DreamPlan:
    """The whole consolidation; ``fallback_day`` dates relative words in undated entries."""
    options = options or EngineOptions()
    facts = facts or ProjectFacts()
    entries, unparsable, decisions = load_entries(files, index_text)
    work = Consolidator(entries, options)
    work.date_existing(fallback_day)
    work.merge_duplicates()
    clusters = cluster_candidates(candidates, options)
    kept, scored = select(clusters, now, options)
    decisions.extend(work.decisions)
    work.decisions = []
    decisions.extend(scored)
    for cluster in sorted(kept, key=lambda c: (c.latest.timestamp, c.latest.order)):
        work.apply(cluster)
    work.tell_past_plans(now.date())
    decisions.extend(work.decisions)
    decisions.extend(prune_restated(work.entries, facts))
    index, index_decisions = build_index(work.entries, options)
    decisions.extend(index_decisions)
    index = _within_loss_budget(work.entries, index, index_text, options, decisions)
    plan = DreamPlan(decisions=decisions, entries=work.entries, kept_files=unparsable)
    for entry in work.entries:
        if entry.deleted:
            if entry.original is not None:
                plan.deletes.append(entry.file)
            continue
        text = entry.render()
        if text != files.get(entry.file):
            plan.writes[entry.file] = text
    plan.index = index
    plan.index_changed = index != (index_text or "")
    if len(index.encode("utf-8")) > INDEX_MAX_BYTES:  # pragma: no cover - build_index bounds it
        raise AssertionError("index over the byte limit")
    return plan
