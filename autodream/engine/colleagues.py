"""Colleagues: the stand-in kept while a named person is away, ended when they are told back;
and what a named person asked of some work, lifted when that work no longer needs them."""

from __future__ import annotations

import re
from datetime import date

from autodream import rx
from autodream.engine.dates import date_mentions, last_mention, latest_date
from autodream.engine.entries import Entry
from autodream.engine.model import Candidate
from autodream.engine.plans import LIST_MARK
from autodream.engine.sentence_kinds import AWAY_WORDS, BACK_FROM_AWAY
from autodream.engine.text import tokens

# "... no longer need Marta": what a named person asked of that work is lifted
_NO_LONGER_NEEDS = rx.compile(
    r"\bno\s+longer\s+(?:needs?|requires?)\s+(?P<who>(?-i:[A-Z][a-z]+))\b", re.I)
# ... the ask as told: "Marta asked that every ...", "Marta wants every ..."
_ASKED_BY = rx.compile(r"\b(?P<who>(?-i:[A-Z][a-z]+))\s+(?:asked\s+that|asks\s+that|wants?)\s+"
                      r"(?:every|each|all|any)\b", re.I)
_ASK_FRAME = tokens("the our all every any")
# who stands in, in a stand-in entry: "Until 2026-07-24, ask Raj about billing (Ana is out)."
_ASK_WHO = rx.compile(r"\bask\s+([A-Z][a-z]+)\b(?:\s+about\s+(\w+))?")


def stand_ins_ended(cand: Candidate, live: list[Entry]) -> list[Entry]:
    """The stand-ins (project entries "Until <day>, ask Raj about billing (Ana is out).") that
    ``cand``, telling the one away back ("Ana is back early, ..."), ends: those still running
    on the day it is said. Empty when ``cand`` tells no one back."""
    if (back := BACK_FROM_AWAY.match(cand.text)) is None:
        return []
    away = re.compile(rf"^Until .+ \({back['who']} is (?:{AWAY_WORDS})\)\.$")
    # (one with no day runs until she is told back: "Until Ana is back, ask Raj ...")
    covers = [e for e in live if e.type == "project" and away.match(
        LIST_MARK.sub("", e.lead)) and (latest_date(e.lead) or date.max) >= (
            cand.source.day)]
    # ... and one said for a span that starts later ("Ana is out in the week of 2026-07-13,
    # ask Raj about billing."), once it has begun: it stayed current, Ana back
    later = re.compile(rf"^{back['who']} is (?:{AWAY_WORDS}) .+, ask [A-Z][a-z]+ about .+\.$")
    # (from its first day: "Ana is out from 2026-07-13 until 2026-07-20, ...")
    covers += [e for e in live if e.type == "project" and later.match(
        LIST_MARK.sub("", e.lead)) and (when := last_mention(e.lead)) is not None
        and (first := last_mention(date_mentions(e.lead)[0])) is not None
        and first.start <= cand.source.day <= when.last]
    # (unless the one standing in is told to still do it: "..., raj still has billing")
    return [e for e in covers if not ((who := _ASK_WHO.search(e.lead)) and re.search(
        rf"\b{who[1]}\s+still\b[^.]*\b{who[2] or ''}", cand.text, re.I))]


# a stand-in entry or candidate as a whole: who is away, whom to ask, about what; told with a
# last day ("Until 2026-07-17, ask Raj about billing (Ana is out).") or a span that starts later
# ("Ana is out in the week of 2026-07-13, ask Raj about billing.")
_STAND_IN_UNTIL = rx.compile(
    rf"^Until (?!\S+ is back\b).+?, ask (?P<other>[A-Z][a-z]+) about (?P<what>.+?) "
    rf"\((?P<who>[A-Z][a-z]+) is (?:{AWAY_WORDS})\)\.$")
_STAND_IN_LATER = rx.compile(
    rf"^(?P<who>[A-Z][a-z]+) is (?:{AWAY_WORDS}) .+, ask (?P<other>[A-Z][a-z]+) about "
    r"(?P<what>.+?)\.$")


# ... told anew with its last day alone: "Until 2026-07-20, ask Raj about billing (Ana is out)."
_UNTIL_DAY = rx.compile(
    rf"^Until (?P<end>\d{{4}}-\d{{2}}-\d{{2}}), ask (?P<ask>[A-Z][a-z]+ about .+?) "
    rf"\((?P<who>[A-Z][a-z]+) is (?P<away>{AWAY_WORDS})\)\.$")


def stand_in_from(was: str, now: str, said: date) -> str:
    """``now``, a stand-in told anew with its last day alone, said on ``said`` over ``was``, one
    for a span that starts later: with the day ``was`` starts on kept while it is still ahead
    and no later than the last day. "Until 2026-07-20, ask Raj about billing (Ana is out)." said
    on 2026-07-08 over "Ana is out in the week of 2026-07-13, ask Raj about billing." is "Ana is
    out from 2026-07-13 until 2026-07-20, ask Raj about billing." (it sent the questions to Raj
    from the 8th, Ana still in, and lost the day she goes)."""
    m = _UNTIL_DAY.match(now)
    if m is None or _STAND_IN_LATER.match(was) is None or (
            _stand_in_of(was) != _stand_in_of(now)):
        return now
    starts = date_mentions(was)
    begins = last_mention(starts[0]) if starts else None
    if begins is None or not said < begins.start <= date.fromisoformat(m["end"]):
        return now
    return (f"{m['who']} is {m['away']} from {begins.start.isoformat()} until {m['end']}, "
            f"ask {m['ask']}.")


def _stand_in_of(text: str) -> tuple[str, str, str] | None:
    m = _STAND_IN_UNTIL.match(text) or _STAND_IN_LATER.match(text)
    return None if m is None else (m["who"], m["other"], m["what"].lower())


def told_as_one(entries: list[Entry]) -> bool:
    """``entries``, two or more, are stand-ins told in one sentence ("Ana is out next week; ask
    Raj about billing and Mei about payroll."): the same words but whom to ask and about what,
    from the same sessions on the same days. One thing said, though two memories hold it."""
    if len(entries) < 2:
        return False
    told: set[tuple[str, tuple[object, ...]]] = set()
    for entry in entries:
        lead = LIST_MARK.sub("", entry.lead).strip()
        m = _STAND_IN_UNTIL.match(lead) or _STAND_IN_LATER.match(lead)
        if m is None or entry.type != "project" or not entry.sources():
            return False
        told.add((lead[:m.start("other")] + lead[m.end("what"):],
                  tuple(sorted((s.day, s.session_id) for s in entry.sources()))))
    return len(told) == 1


def stand_in_said_again(cand: Candidate, live: list[Entry]) -> Entry | None:
    """The live stand-in ``cand`` tells anew with another span ("Until 2026-07-17, ask Raj
    about billing (Ana is out)." said in the week "Ana is out in the week of 2026-07-13, ask
    Raj about billing." planned): the same one away, the same colleague for the same work,
    the stand-in still running or still ahead when said. It was a second memory beside it."""
    said = _stand_in_of(cand.text) if cand.kind in ("plan", "fact") else None
    if said is None:
        return None
    found = [e for e in live if e.type == "project" and e.lead != cand.text
             and _stand_in_of(LIST_MARK.sub("", e.lead).strip()) == said
             and (latest_date(e.lead) or date.max) >= cand.source.day]
    return found[0] if len(found) == 1 else None


def ask_lifted(cand: Candidate, live: list[Entry]) -> Entry | None:
    """For "Migration PRs no longer need Marta specifically, ...": the one live entry
    telling of what Marta asked for that work ("Marta asked that every PR touching
    db/migrations gets her review"), which she lifts."""
    if "no longer" not in cand.text:
        return None
    m = _NO_LONGER_NEEDS.search(cand.text)
    if m is None:
        return None
    who = m["who"]
    about = tokens(cand.text[:m.start()]) - _ASK_FRAME
    found = [e for e in live if e.type in ("feedback", "project")
             and (asked := _ASKED_BY.search(e.lead)) is not None and asked["who"] == who
             and about & tokens(e.lead)]
    return found[0] if len(found) == 1 else None


def no_longer_needed(text: str) -> str | None:
    """The person ``text`` says some work no longer needs ("... no longer need Marta"), or
    None."""
    m = _NO_LONGER_NEEDS.search(text)
    return None if m is None else m["who"]
