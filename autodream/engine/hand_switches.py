"""A topic file the person wrote by hand that says a switch away from what an older rule of the
engine's still says ("We use yarn now, not npm." beside "Always use npm."): both are told to the
person as contradicting each other, and neither is changed.

Why only told: a file written by hand has no day the engine can read (no sources, and the engine
sees no mtime), and the switch it says was never said in a session the engine read, so which of
the two is current is the person's word against their own. Rewriting the older rule would leave
two files saying the new one, which the next dream's merge could fold the person's into; and a
switch read wrong would lose a rule that still holds. So the dream that first finds the file
(not in MEMORY.md as read: the last dream listed every file, so it was written after the rule)
says so in the run record and ``show`` and leaves both as they are; a session saying the switch
updates the older rule as it always did, its old wording kept in its history."""

from __future__ import annotations

from datetime import datetime
from typing import Final

from autodream.engine.candidates import Gatherer
from autodream.engine.entries import NOT_INDEXED, Entry
from autodream.engine.model import Candidate, Decision
from autodream.engine.switch_targets import moved_from, switch_target, tool_replaced, upgraded_from
from autodream.engine.text import shorten
from autodream.memory.model import unlisted_count
from autodream.transcripts.model import Message

FLAGGED: Final = "flagged"
# a hand-written file's rule longer than this is not read as one switch said
_LEAD_CHARS = 400


def _switch_said(entry: Entry, now: datetime) -> Candidate | None:
    """The switch ``entry``'s rule says, read as the person saying it in a session would be
    (redacted as a session is: a secret in it yields none)."""
    lead = entry.lead.strip()
    if not lead or len(lead) > _LEAD_CHARS or "\n" in lead:
        return None
    gatherer = Gatherer()
    gatherer.add(Message("hand-written", "user", "prompt", lead, now))
    switches = [c for c in gatherer.candidates if c.kind == "switch" and c.new and not c.back]
    return switches[0] if len(switches) == 1 else None


def _replaced_in(live: list[Entry], cand: Candidate) -> tuple[Entry, str] | None:
    """The entry of ``live`` the switch ``cand`` would update if a session said it, and the
    value it replaces there."""
    if cand.old:
        target = switch_target(live, cand)
        return None if target is None else (target, cand.old)
    return moved_from(live, cand) or upgraded_from(live, cand) or tool_replaced(live, cand)


def _full(index: str | None) -> bool:
    """Whether ``index`` ends with the line saying it does not list every topic file."""
    return index is not None and any(
        unlisted_count(line) is not None for line in index.splitlines())


def flag_hand_switches(entries: list[Entry], dreamed: frozenset[str], now: datetime,
                       index_read: str | None, index_written: str) -> list[Decision]:
    """For each topic file written by hand since the last dream (no sources of the engine's,
    and no line in MEMORY.md as read, ``index_read``: the last dream, which listed every file,
    did not see it) whose rule says a switch the engine would make on a rule of its own an
    earlier dream left (among ``dreamed``, with its sources), a ``flagged`` decision for each
    of the two; nothing is changed. ``entries`` as the dream leaves them, pruned, moved and
    retitled. Told once, by the dream whose index, ``index_written``, lists the file: the next
    finds it listed."""
    if not dreamed or _full(index_read):
        # (no earlier dream: nothing tells which came first; an index as read that does not
        # list every file: an unlisted file may be one the last dream saw, told every dream)
        return []
    left = {name.lower() for name in dreamed}
    live = [e for e in entries if not e.deleted and not e.sealed]
    engines = [e for e in live if e.file.lower() in left and e.sources()]
    decisions: list[Decision] = []
    for hand in live:
        if (hand.original is None or hand.index_pos != NOT_INDEXED or hand.sources()
                or f"]({hand.file})" not in index_written
                or (cand := _switch_said(hand, now)) is None):
            continue
        found = _replaced_in(engines, cand)
        if found is None:
            continue
        older, old = found
        change = f"{cand.new} in place of {old}"
        decisions.append(Decision(
            FLAGGED, older.file,
            f"contradicted by {hand.file}, written by hand since the last dream: "
            f"'{shorten(cand.text, 120)}' ({change}); both kept as they are and still listed "
            f"as current: edit or delete the one no longer true (said in a session, the change "
            f"updates this file and keeps its old rule in its history)",
            file=older.file, title=older.name))
        decisions.append(Decision(
            FLAGGED, hand.file,
            f"contradicts {older.file}, an older rule of an earlier dream's ({change}); "
            "both kept as they are: neither is changed or deleted",
            file=hand.file, title=hand.name))
    return decisions
