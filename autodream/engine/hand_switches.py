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

import re
from datetime import datetime
from typing import Final

from autodream import rx
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
# One tool, or a name and its version ('Node 22'): no quote, no parenthesis, no second word
_TOOL = r"[\w.+/#-]++(?: \d[\w.]*+)?"
_NOW = r"(?: now| from now on)?"
_INSTEAD = r"(?:,? not|,? instead of| in place of| rather than| over)"
_HAVE = r"(?: have|'ve|’ve)?"
# The only rules read as a switch: one plain sentence, the person's choice and what it replaces,
# nothing before the verb and nothing after the old tool. What a session reads as a switch is
# wider ("Don't use yarn instead of npm.", "Use yarn instead of npm in the legacy/ app only.",
# "We tried switching from npm to yarn but reverted."): said there, the person is at hand to
# undo a wrong update, while a flag on their own file tells them to edit or delete a rule
_PLAIN_SWITCH = rx.compile(
    rf"(?:(?:we|i)(?: now)? (?:use|prefer|are using|am using)"
    rf"|(?:we|i){_HAVE} (?:switched|moved|changed) to|use|prefer|switch to|always use) "
    rf"{_TOOL}{_NOW}{_INSTEAD} {_TOOL}{_NOW}[.!]?"
    rf"|(?:we|i){_HAVE} (?:switched|moved|changed) from {_TOOL} to {_TOOL}{_NOW}[.!]?"
    rf"|(?:we|i){_HAVE} replaced {_TOOL} with {_TOOL}{_NOW}[.!]?",
    re.IGNORECASE)


def _switch_said(entry: Entry, now: datetime) -> Candidate | None:
    """The switch ``entry``'s rule says, read as the person saying it in a session would be
    (redacted as a session is: a secret in it yields none)."""
    # the file must say the switch and nothing more: a heading over it, a line under it or a Why
    # of the person's may narrow or take it back ('Use yarn instead of npm.' / 'Only in
    # legacy/.'), and a flag would then tell them to drop a rule that still holds
    if len(entry.statements) != 1 or entry.heading or entry.why or entry.how or entry.history:
        return None
    lead = entry.lead.strip()
    if len(lead) > _LEAD_CHARS or _PLAIN_SWITCH.fullmatch(lead) is None:
        return None
    gatherer = Gatherer()
    gatherer.add(Message("hand-written", "user", "prompt", lead, now))
    switches = [c for c in gatherer.candidates if c.kind == "switch" and c.new and not c.back]
    return switches[0] if len(switches) == 1 else None


def _replaced_in(live: list[Entry], cand: Candidate) -> tuple[Entry, str] | None:
    """The entry of ``live`` the switch ``cand`` would update if a session said it, and the
    value it replaces there."""
    # (not shared with ``Consolidator.apply``'s search: there these finders are
    # interleaved with moved_off, branch_renamed and user_moved, in that order, after the
    # cluster's way back and a moved day; one helper for the three here would either reorder
    # the session path's search or widen the flag to renames and moves it was never tested on)
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
