"""Folding: the statements an entry keeps. One that says nothing another does not is folded into
the fuller one, and at most ``max_statements`` wordings of one memory are kept; what is left out of
a file as read is said in the run record."""

from __future__ import annotations

from autodream.engine.entries import Entry
from autodream.engine.model import Decision, EngineOptions
from autodream.engine.replacement import coverage
from autodream.engine.restating import adds_nothing
from autodream.engine.text import shorten, similar

# Lines of a body that are no statement to fold into another: a heading, code, a table, a quote
_NOT_A_STATEMENT = ("#", "`", "|", ">")


def capped(statements: list[str], file: str, entries: list[Entry], options: EngineOptions,
           decisions: list[Decision]) -> list[str]:
    """At most ``max_statements`` wordings of the memory, newest first; each one left out
    is said. A statement that words none of those kept is a fact of its own (a line of a
    hand-written list: "- Releases go to PyPI from the release workflow"), never cut. One
    that says nothing another does not is folded into it first (``folded``)."""
    statements = folded(statements, file, entries, decisions)
    keep = max(options.max_statements, 1)
    kept = statements[:keep]
    wordings = kept[:]
    for s in statements[keep:]:
        if not any(similar(s, k, options.match_similarity)
                   or coverage(s, k) >= 0.6 for k in wordings):
            kept.append(s)
            continue
        decisions.append(Decision(
            "pruned", shorten(s, 120),
            f"an older wording of the same memory; the entry keeps its {keep} newest",
            file=file))
    return kept


def folded(statements: list[str], file: str, entries: list[Entry],
           decisions: list[Decision]) -> list[str]:
    """``statements`` with each that says nothing another does not (``adds_nothing``) left
    out, the fuller one standing where the first of the two stood: "The user prefers pure
    functions over classes" above "The user prefers small pure functions over classes, so
    keep the stats code functional" read as the same preference written twice. Of two that
    say the same words, the first (the newest wording) stays. A line left out that was in
    the file as read is said in the run record."""
    lines = [s for s in statements if not s.lstrip().startswith(_NOT_A_STATEMENT)]
    if len(lines) < 2:
        return statements
    kept = list(statements)
    for line in lines:
        if line not in kept:
            continue
        at = kept.index(line)
        fuller = next((o for o in lines if o is not line and o in kept and adds_nothing(
            line, o) and not (kept.index(o) > at and adds_nothing(o, line))), None)
        if fuller is None:
            continue
        there = kept.index(fuller)
        if there > at:
            kept[at] = fuller
            del kept[there]
        else:
            del kept[at]
        entry = next((e for e in entries if e.file == file), None)
        if entry is not None and entry.original is not None and line in entry.original:
            decisions.append(Decision(
                "pruned", shorten(line, 120),
                f"says nothing '{shorten(fuller, 80)}' does not; one line kept, its "
                "sources and reasons stay", file=file))
    return kept
