"""Prune and index: drop what the project already says, rebuild ``MEMORY.md`` within limits."""

from __future__ import annotations

from datetime import date

from autodream.engine.entries import Entry
from autodream.engine.facts import restated_by
from autodream.engine.model import Decision, EngineOptions, ProjectFacts
from autodream.engine.text import shorten
from autodream.memory.model import MEMORY_TYPES, SECTION_TITLES, IndexEntry, render_index


def prune_restated(entries: list[Entry], facts: ProjectFacts) -> list[Decision]:
    """Delete entries whose every statement the project's files already make."""
    decisions: list[Decision] = []
    if facts.is_empty():
        return decisions
    for entry in entries:
        if entry.deleted or entry.type == "user" or not entry.statements:
            continue
        reasons = [restated_by(s, facts) for s in entry.statements]
        if all(r is not None for r in reasons):
            entry.deleted = True
            decisions.append(Decision(
                "pruned", entry.file, f"restates the project's files ({reasons[0]})",
                file=entry.file))
    return decisions


def index_entry(entry: Entry, limit: int) -> IndexEntry:
    """The entry's ``- [name](file) — hook`` line, at most ``limit`` characters long."""
    title = shorten(entry.name, 60)
    hook = entry.description if (entry.changed or not entry.hook) else entry.hook
    room = limit - len(IndexEntry(title, entry.file, "").render()) - len(" — ")
    if room < 12:
        return IndexEntry(title, entry.file, "")
    return IndexEntry(title, entry.file, shorten(hook, room))


def build_index(
    entries: list[Entry], options: EngineOptions, *, exclude: frozenset[str] = frozenset()
) -> tuple[str, list[Decision]]:
    """``MEMORY.md`` grouped by type (user, feedback, project, reference), within the limits;
    when over, the lowest-ranked entries leave the index (their files stay)."""
    decisions: list[Decision] = []
    live = [e for e in entries if not e.deleted and e.file not in exclude]
    # Lowest rank first: score, then staleness of its newest source, then name.
    ranked = sorted(live, key=lambda e: (e.score, e.reference_day() or _EPOCH, e.file))
    kept = list(live)
    text = _render(kept, options)
    while kept and (
        text.count("\n") > options.index_max_lines
        or len(text.encode("utf-8")) > options.index_max_bytes
    ):
        drop = ranked.pop(0)
        kept.remove(drop)
        decisions.append(Decision(
            "unindexed", drop.file,
            f"MEMORY.md over {options.index_max_lines} lines or {options.index_max_bytes} bytes; "
            f"lowest-ranked (score {drop.score:.2f}) left the index, file kept",
            file=drop.file))
        text = _render(kept, options)
    return text, decisions


def _render(entries: list[Entry], options: EngineOptions) -> str:
    groups: list[tuple[str | None, list[IndexEntry]]] = []
    for mtype in MEMORY_TYPES:
        members = sorted(
            (e for e in entries if e.type == mtype), key=lambda e: (e.index_pos, e.file)
        )
        groups.append(
            (SECTION_TITLES[mtype], [index_entry(e, options.index_line_chars - 1) for e in members])
        )
    return render_index(groups)


_EPOCH = date(1970, 1, 1)
