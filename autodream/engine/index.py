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
            entry.deleted_by = "restated"
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


MIN_LINE_CHARS = 72  # hooks are shortened down to this before any entry is dropped


def build_index(
    entries: list[Entry], options: EngineOptions, *, exclude: frozenset[str] = frozenset()
) -> tuple[str, list[Decision]]:
    """``MEMORY.md`` grouped by type (user, feedback, project, reference), within the limits.

    Over the byte limit, hooks are shortened first; still over (or over the line limit), the
    lowest-ranked entries are dropped and marked deleted: a topic file the index does not link
    would be an orphan nobody loads.
    """
    decisions: list[Decision] = []
    live = [e for e in entries if not e.deleted and e.file not in exclude]
    # Lowest rank first: score, then staleness of its newest source, then name.
    ranked = sorted(live, key=lambda e: (e.score, e.reference_day() or _EPOCH, e.file))
    kept = list(live)
    chars = options.index_line_chars - 1
    text = _render(kept, chars)

    def over(text: str) -> bool:
        return (text.count("\n") > options.index_max_lines
                or len(text.encode("utf-8")) > options.index_max_bytes)

    # Shorter hooks before fewer entries: a shorter line loses less than a lost entry.
    while over(text) and chars > MIN_LINE_CHARS:
        chars = max(MIN_LINE_CHARS, chars - 8)
        text = _render(kept, chars)
    headers = 2 * len({e.type for e in kept})
    excess = len(kept) + headers - 1 - options.index_max_lines
    drops = ranked[: max(0, excess)]
    ranked = ranked[len(drops):]
    text = _render([e for e in kept if e not in drops], chars)
    while over(text) and ranked:
        drops.append(ranked.pop(0))
        text = _render([e for e in kept if e not in drops], chars)
    for drop in drops:
        drop.deleted = True
        drop.deleted_by = "limits"
        decisions.append(Decision(
            "pruned", drop.file,
            f"MEMORY.md over {options.index_max_lines} lines or {options.index_max_bytes} bytes; "
            f"lowest-ranked entry (score {drop.score:.2f}) dropped",
            file=drop.file))
    if chars < options.index_line_chars - 1:
        decisions.append(Decision(
            "indexed", "MEMORY.md",
            f"index lines shortened to {chars} characters to stay within "
            f"{options.index_max_bytes} bytes"))
    return text, decisions


def _render(entries: list[Entry], chars: int) -> str:
    groups: list[tuple[str | None, list[IndexEntry]]] = []
    for mtype in MEMORY_TYPES:
        members = sorted(
            (e for e in entries if e.type == mtype), key=lambda e: (e.index_pos, e.file)
        )
        groups.append(
            (SECTION_TITLES[mtype], [index_entry(e, chars) for e in members])
        )
    return render_index(groups)


_EPOCH = date(1970, 1, 1)
