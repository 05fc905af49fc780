"""Remembered plans: which plan in memory a candidate speaks of (the one moved, put off,
still on, called off, done) and plans whose day has passed, told as past."""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import date, timedelta

from autodream import rx
from autodream.engine.dates import (
    WEEKDAY_NAME,
    WEEKDAYS,
    date_mentions,
    is_past,
    last_mention,
    latest_date,
    passed_how,
    says_past,
    tell_as_past,
)
from autodream.engine.entries import Entry, description_for, hook_after_title, title_for
from autodream.engine.history import changed_between
from autodream.engine.index import cut_from
from autodream.engine.matching import one_other
from autodream.engine.model import Candidate, Decision
from autodream.engine.plans import (
    _BY_ANOTHER_EVENT,
    _TOLD_PAST,
    LIST_MARK,
    _about_event,
    _done_on,
    _due_by,
    _one_event,
    _past_title,
    _same_event,
    _what_is_planned,
    another_event,
    counted_alike,
    counted_otherwise,
    mentions_thing,
    moved_to_day,
    named_within,
    names_a_part,
    names_another_event,
    names_it_first,
    plan_of_day,
    stand_ins_apart,
    told_happened,
)
from autodream.engine.replacement import _CLAUSE_EDGE, _FORBIDS, _ISO_DAY
from autodream.engine.sentence_kinds import key_clause, weekday_moved
from autodream.engine.text import (
    CALENDAR_WORDS,
    STOPWORDS,
    has_word,
    sentence_case,
    shorten,
    tokens,
)

# A plan told as changed, with no word of a move ("Change of plan on the invoice, ..., so I need
# to invoice them by 2026-11-27 instead")
PLAN_CHANGED = rx.compile(r"\binstead\b|\bchange\s+of\s+plans?\b", re.I)
# Who owes a task, no part of what it is ("the user needs to ..." of both plans)
_WHO_OWES = frozenset({"user", "need", "have", "must"})
# "..., not on 2026-11-02": the day a plan is not on, set against its own
_NOT_THE_DAY = rx.compile(r",?\s+(?:and\s+)?not\s+(?:on\s+|for\s+)?\d{4}-\d{2}-\d{2}\b"
                          # ... nor the day it was on before ("(moved from 2026-11-06, ...)")
                          r"|\b(?:moved|changed|pushed|postponed)\s+from\s+\d{4}-\d{2}-\d{2}\b")


def _tells_plan(entry: Entry) -> bool:
    """True when a statement of ``entry`` names a day: only a dated statement can be a plan."""
    return any(last_mention(s) is not None for s in entry.statements)


# A plan told as still on ("Pg16 migration still on for Saturday 2026-11-21"): what is planned
_STILL_ON = rx.compile(
    r"^(?P<what>(?:the\s+|our\s+)?[\w.-]+(?:\s+[\w.-]+){0,3}?)\s+(?:is\s+|are\s+)?still\s+"
    r"(?:on|happening|planned|scheduled|set|going\s+ahead)\b", re.I)


def same_plan(live: list[Entry], cand: Candidate) -> Entry | None:
    """The live plan of the event ``cand`` plans, on the one day it says: what is planned
    named alike but for how it comes out ("ships", "release", "launch", "goes live")."""
    days = {d.lower() for d in date_mentions(cand.text)}
    if len(days) != 1:
        return None
    (day,) = days
    for entry in live:
        lead = LIST_MARK.sub("", entry.lead)
        # ``in`` first: most entries name no such day, and dating every lead costs
        if entry.type != "project" or day not in lead.lower() or _TOLD_PAST.search(lead) or {
                d.lower() for d in date_mentions(lead)} != days:
            continue
        if stand_ins_apart(lead, cand.text):
            continue  # (Mei asked about payroll is not Raj about billing said again)
        if _one_event(lead, cand.text) or named_within(cand.text, lead):
            return entry
    return None


# "The launch is on Thursday, 2026-08-06": the comma ends no clause; split there, the day
# was of no clause about the launch, and "The launch moved to August 11th" was kept beside it
_WEEKDAY_COMMA = rx.compile(rf"\b({WEEKDAY_NAME}),(?=\s+\d)", re.I)


def plan_rescheduled(
    live: list[Entry], cand: Candidate, thing: frozenset[str], new: str
) -> tuple[Entry, str, str] | None:
    """For "we moved the release to 2027-03-10" or "the launch slipped to March 2027" (what
    moved and the new date, from ``moved_to_day``): the entry whose clause about what moved
    gives it one other date ("The release is planned for 2027-03-03"), that date and the
    new one."""
    # ("after the launch on 2026-07-22" is of a plan already on 2026-07-22)
    day = (date_mentions(new) or [new])[-1]
    # a day forbidden ("Never schedule the design review on 2026-07-24") is no plan: the
    # move does not make the new day the one forbidden
    # (a day set against the plan's is neither its day nor a rule: "... on 2026-11-13 now,
    # not on 2026-11-02")
    def named_in(lead: str) -> list[str]:
        lead = _WEEKDAY_COMMA.sub(r"\1", lead)  # (one clause, for _CLAUSE_EDGE)
        # (a clause naming another event after a word of what moved is that event's: "The
        # release is now on 2026-07-16" moved "The release party is on 2026-07-17", its only plan)
        return [d for part in _CLAUSE_EDGE.split(_NOT_THE_DAY.sub("", lead))[::2]
                if _about_event(thing, part) and not _FORBIDS.search(part)
                and not names_another_event(part, cand.text)
                for d in date_mentions(part)]

    if cand.moved_from is not None:
        # "The deadline was Friday, but now it is Monday" beside the grant report's deadline
        # on Friday and the audit's on Thursday: the Friday one moved (the most like it, or
        # the first, was the audit's); when no plan is on that day, as before
        on_it = [e for e in live if any(_on_day(d, cand.moved_from) for d in named_in(e.lead))]
        live = on_it or live
    found = one_other(live, cand, thing, day, named_in, about=_about_event)
    return None if found is None else (found[0], found[1], new)


def _on_day(day: str, was: str) -> bool:
    """``day`` (an ISO day as memory writes it) is ``was``: the same ISO day, or one on the
    weekday ``was`` names ("friday")."""
    if _ISO_DAY.fullmatch(day) is None:
        return False
    if _ISO_DAY.fullmatch(was) is not None:
        return day == was
    return date.fromisoformat(day).strftime("%A").lower() == was


def plan_still_on(live: list[Entry], cand: Candidate) -> Entry | None:
    """For a plan told as still on for a day ("Pg16 migration still on for Saturday
    2026-11-21"): the one live plan of that thing on that day, and no other."""
    m = _STILL_ON.match(cand.text)
    days = set(_ISO_DAY.findall(cand.text))
    if m is None or len(days) != 1:
        return None
    thing = tokens(m["what"]) - STOPWORDS
    found = [entry for entry in live if entry.type == "project" and thing and (
        lead := LIST_MARK.sub("", entry.lead)) and not _FORBIDS.search(lead)
        and set(_ISO_DAY.findall(lead)) == days and _about_event(thing, lead)]
    return found[0] if len(found) == 1 else None


def plan_on_day(live: list[Entry], cand: Candidate, was: str) -> Entry | None:
    """The one live plan whose lead gives ``was`` as its only day and shares a word of
    what is planned with ``cand`` ("invoices", "v2"); None when none does or more than one."""
    said = tokens(cand.text) - STOPWORDS - CALENDAR_WORDS
    found: list[Entry] = []
    for entry in live:
        lead = LIST_MARK.sub("", entry.lead)
        if (entry.type == "project" and not _FORBIDS.search(lead)
                and {d.lower() for d in date_mentions(lead)} == {was.lower()}
                and said & (tokens(lead) - STOPWORDS - CALENDAR_WORDS)):
            found.append(entry)
    return found[0] if len(found) == 1 else None


def plan_named_on(live: list[Entry], what: str, was: str) -> Entry | None:
    """The one live plan of ``what`` (lower case, from ``day_put_right``) named in every word
    and no more ("the 2.1 release": not "The 2.1 release retro", "The 2.2 release" nor "Release
    2.1") whose lead gives ``was`` as its only day; None when none does or more than one. An
    entry with another line on that day ("- The release party is also on 2026-07-20") is none:
    moved, that line would be lost with the old day."""
    found = [entry for entry in live if _plan_of_on(entry, what) == was
             and not any(has_word(said, was) for said in entry.statements[1:])]
    return found[0] if len(found) == 1 else None


def _plan_of_on(entry: Entry, what: str) -> str | None:
    """The day ``entry`` is a plan of ``what`` on (its lead no more than that, as
    ``plan_named_on`` reads it, with no other day in it), or None."""
    lead = LIST_MARK.sub("", entry.lead).strip()
    of_day = plan_of_day(lead)
    if (entry.type != "project" or of_day is None or of_day[0] != what
            or _FORBIDS.search(lead) or _TOLD_PAST.search(lead)):
        return None
    days = {d.lower() for d in date_mentions(lead)}
    return of_day[1] if days == {of_day[1].lower()} else None


def plan_moved_on_since(live: list[Entry], what: str, was: str, now: str) -> Entry | None:
    """The one live plan of ``what`` (as ``plan_named_on`` reads it) whose history tells it put
    from ``was`` to ``now`` and that is on a third day since ("The 2.1 release is on
    2026-07-27" after 2026-07-20 -> 2026-07-24 -> 2026-07-27): "..., actually on 2026-07-24,
    not 2026-07-20" said again then is old news, not a plan beside it; None when none is or
    more than one."""
    found = [entry for entry in live if (day := _plan_of_on(entry, what)) is not None
             and day not in (was, now) and changed_between(entry, was, now)]
    return found[0] if len(found) == 1 else None


def plan_changed(live: list[Entry], cand: Candidate) -> tuple[Entry, str, str] | None:
    """For a plan told as changed with one day ("..., so I need to invoice them by
    2026-11-27 instead"): the one live plan on one other day that shares two words of what
    is planned with it ("invoice", "Bramble"), its day and the new one; None when none
    does, or more than one."""
    days = {d.lower(): d for d in date_mentions(cand.text)}
    if len(days) != 1:
        return None
    (now,) = days.values()
    said = _what_is_planned(cand.text) - STOPWORDS - _WHO_OWES
    found: list[tuple[Entry, str]] = []
    for entry in live:
        lead = LIST_MARK.sub("", entry.lead)
        if entry.type != "project" or _FORBIDS.search(lead) or _TOLD_PAST.search(lead):
            continue
        planned = {d.lower(): d for d in date_mentions(lead)}
        if len(planned) == 1 and now.lower() not in planned and len(
                said & _what_is_planned(lead)) >= 2 and not another_event(cand.text, lead):
            found.append((entry, next(iter(planned.values()))))
    return (found[0][0], found[0][1], now) if len(found) == 1 else None


def plan_shifted(live: list[Entry], thing: frozenset[str], days: int
                 ) -> tuple[Entry, str, str] | None:
    """For "The launch got pushed back two weeks" (what moved, by how many days): the one
    live plan whose clauses about what moved give it one day, that day and the day moved
    to. None when no plan of it has a day, or more than one does: which one moved is not
    told. A plan told as past, or a day forbidden, is no plan to move."""
    found: list[tuple[Entry, dict[str, str]]] = []
    for entry in live:
        lead = LIST_MARK.sub("", entry.lead)
        if not _ISO_DAY.search(lead) or _TOLD_PAST.search(lead) or _FORBIDS.search(lead):
            continue
        named = {d.lower(): d for part in _CLAUSE_EDGE.split(lead)[::2]
                 if _about_event(thing, part) for d in date_mentions(part)}
        if named:
            found.append((entry, named))
    if len(found) != 1 or len(found[0][1]) != 1:
        return None
    entry, named = found[0]
    (was,) = named.values()
    if _ISO_DAY.fullmatch(was) is None:
        return None
    return entry, was, (date.fromisoformat(was) + timedelta(days=days)).isoformat()


def plan_of(live: list[Entry], thing: frozenset[str], counted: dict[str, str]
            ) -> tuple[Entry, str] | None:
    """The one live plan whose clauses about ``thing`` give it a day, with the statement that
    plans it; None when none does or more than one: which one is meant is not told. A plan
    told as past, or a day forbidden, is no plan. ``counted`` (``counted_names`` of what is
    said of it) tells "the release" from "the second release": a statement counting it
    otherwise plans another one, unless it is the one plan of that name there is ("the other
    demo" alone is what "The demo is cancelled" calls off). Of what plans it, an entry's lead
    is meant before a line below another's ("- The release is on ..." in a roadmap, beside
    the release's own file), and the thing itself before an event of its own ("The release
    freeze starts on ...", ``names_a_part``); below its lead, an entry plans it only in a line
    naming it first ("It must finish before the release on ..." plans the migration). Of an
    entry's statements, the one planning it in the fewest words more is meant ("The release
    is on ...", not "The release sign-off deadline is ..." beside it): a file two plans were
    once merged into holds more than its lead."""
    found: list[tuple[tuple[bool, bool], Entry, str]] = []
    counted_apart: list[tuple[Entry, str]] = []
    named = 0  # (statements planning it at all: told past or counted otherwise too)
    for entry in live:
        if entry.type != "project":
            continue
        lead_past = _TOLD_PAST.search(LIST_MARK.sub("", entry.lead))
        meant: list[tuple[tuple[bool, int], int, str]] = []
        for at, statement in enumerate(entry.statements or [entry.lead]):
            said = LIST_MARK.sub("", statement)
            if (at and not names_it_first(thing, said)) or not any(
                    _about_event(thing, part) and date_mentions(part)
                    for part in _CLAUSE_EDGE.split(said)[::2]):
                continue
            named += 1
            if lead_past or _TOLD_PAST.search(said) or _FORBIDS.search(said):
                continue
            if counted_otherwise(said, counted) or not counted_alike(said, counted):
                counted_apart.append((entry, statement))
                continue
            meant.append(((names_a_part(thing, said), len(_what_is_planned(said) - thing)),
                          at, statement))
        if meant:
            (part, _), at, statement = min(meant, key=lambda m: m[0])
            found.append(((part, at > 0), entry, statement))
    if not found:
        # ("the first release" / "the other demo" alone: the one there is, named bare)
        bare = not any(counted.values())
        return counted_apart[0] if bare and named == 1 and len(counted_apart) == 1 else None
    best = min(rank for rank, _, _ in found)
    meant_most = [(entry, statement) for rank, entry, statement in found if rank == best]
    if len(meant_most) != 1 or (best[0] and counted_apart):
        # (two as like, or an event of its own beside another one of the thing)
        return None
    return meant_most[0]


def plan_moved_there(live: list[Entry], thing: frozenset[str], new: str) -> Entry | None:
    """The live entry about ``thing`` that already says it is ``new``, a day told by
    another event's ("after the launch on 2026-07-22")."""
    if not _BY_ANOTHER_EVENT.match(new):
        # "The refunds v2 go-live moved to 2026-11-20" of "The v2 refunds API goes live on
        # 2026-11-20": the move, told again in other words, is already in the plan
        return next((e for e in live if e.type == "project" and [
            d.lower() for d in date_mentions(_NOT_THE_DAY.sub("", e.lead))] == [new.lower()]
            and _about_event(thing, e.lead)), None) if _ISO_DAY.fullmatch(new) else None
    return next((e for e in live if new.lower() in e.lead.lower()
                 and mentions_thing(thing, e.lead)), None)


def plan_told_done(live: list[Entry], cand: Candidate) -> Entry | None:
    """The one remembered plan due by the day ``cand`` tells something of it was done."""
    done = _done_on(cand)
    if done is None:
        return None
    found = [e for e in live if e.type == "project" and _due_by(
        lead := LIST_MARK.sub("", e.lead), done) and _same_event(lead, deed_of(cand.text))]
    return found[0] if len(found) == 1 else None


def done_on_planned_day(live: list[Entry], cand: Candidate) -> Candidate:
    """``cand`` told done on a weekday that is the day it is said ("release 2.3 went out
    fri, all good", said on a Friday), read as the one gone by, while a plan of that very
    thing is for that very day: it was done on its planned day, today."""
    done = _done_on(cand) if cand.kind == "fact" else None
    said = cand.source.day
    if done is None or said - done != timedelta(days=7) or not any(
            e.type == "project" and latest_date(lead := LIST_MARK.sub("", e.lead)) == said
            and _due_by(lead, said) and _same_event(lead, deed_of(cand.text)) for e in live):
        return cand
    was, now = done.isoformat(), said.isoformat()
    return replace(cand, text=cand.text.replace(was, now), key=cand.key.replace(was, now))


# An answer's first word, which tells nothing of what: "Yes, the deadline was Friday."
_YES = rx.compile(r"^(?:yes|yeah|yep|right|ok|okay|sure|correct|indeed|reminder|note)\b[,:!]?\s*",
                  re.I)
# "was" / "were" before the day a plan is on, told again in the present
_WAS_ON = rx.compile(r"\b(was|were)(\s+(?:due\s+)?on\s+)(?=\d{4}-\d\d-\d\d\b)", re.I)


def weekday_from_plan(weekday: str, later: bool, planned: date, said: date) -> date | None:
    """The day "moved to Thursday" means of a plan on ``planned``, said on ``said``: with the
    plan still ahead, the Thursday of the plan's own week if that is still to come (a Monday
    20th demo "moved to Thursday" on Friday 10th is Thursday 23rd, not the 16th a bare Thursday
    read from the Friday is), or the first Thursday after the plan's day when the move was told
    as later ("pushed", "postponed": Friday 17th pushed to Thursday is the 23rd). None when the
    plan's day is today or gone: the next Thursday from when it was said, as the dates read it."""
    if planned <= said:
        return None
    target = WEEKDAYS.index(weekday)
    if later:
        return planned + timedelta(days=(target - planned.weekday()) % 7 or 7)
    in_its_week = planned + timedelta(days=target - planned.weekday())
    return in_its_week if in_its_week > said else None


def weekdays_read_from_plans(live: list[Entry], members: list[Candidate]) -> list[Candidate]:
    """``members`` with each move to a bare weekday (``Candidate.weekday_to``) dated against
    the day of the plan it moves: the member said before it in the same dream, else the plan in
    memory it moves; the rest as they are."""
    out: list[Candidate] = []
    planned: date | None = None
    for cand in sorted(members, key=lambda c: (c.timestamp, c.order)):
        said = latest_date(cand.text)
        if cand.weekday_to is not None and said is not None and len(
                {d.lower() for d in date_mentions(cand.text)}) == 1:
            if planned is None and (moved := moved_to_day(cand.text)) is not None and (
                    found := plan_rescheduled(live, cand, *moved)) is not None and (
                    _ISO_DAY.fullmatch(found[1])):
                planned = date.fromisoformat(found[1])
            day = weekday_from_plan(*cand.weekday_to, planned, cand.source.day) if (
                planned is not None) else None
            if day is not None and day != said:
                text = cand.text.replace(said.isoformat(), day.isoformat())
                cand = replace(cand, text=text, key=key_clause(text))
                said = day
        if said is not None:
            planned = said
        out.append(cand)
    return out


# "The release moved from Friday to Monday", "We moved the release from Friday to Monday": a
# day put in place of another, which may be one plan's day or the day of every week it is on
_WEEKDAY_MOVED = rx.compile(
    rf"^(?:(?P<subject>(?:the|our|my)\s+[\w' -]{{1,60}}?)\s+(?:(?:has|was|got|is)\s+"
    rf"(?:been\s+)?)?(?:moved|shifted|changed|pushed|slipped|bumped)|(?:we|i)(?:['’]ve|\s+have)?"
    rf"\s+(?:moved|shifted|changed|pushed|bumped)\s+(?P<object>(?:the|our|my)\s+[\w' -]{{1,60}}?))"
    rf"\s+from\s+(?:on\s+)?(?P<old>{WEEKDAY_NAME})\s+to\s+(?:on\s+)?(?P<new>{WEEKDAY_NAME})"
    rf"\s*[.!]?$", re.I)


def weekday_plan_moved(live: list[Entry], cand: Candidate
                       ) -> tuple[Entry, str, str, Candidate] | None:
    """For a switch of weekdays ("The release moved from Friday to Monday"): the one live plan
    of what moved, by that name and no longer one ("The release party is on ..." is another
    event), on a day that is the weekday it moved from ("The release is on 2026-07-24"); its
    day, the day moved to (read from the plan's day as ``weekday_from_plan`` reads it: the
    Monday after that Friday, 2026-07-27, not the one after the day it was said) and the move
    told as a plan ("The release is now on 2026-07-27."). None when memory gives the thing's
    weekday in words ("We do the release on Fridays", "We release every Friday"): that rule is
    what moved, every week;
    when the plan's day has gone by (which Friday moved is not told); and when no such plan,
    or more than one, is held (which one moved is not told)."""
    m = _WEEKDAY_MOVED.match(cand.text.strip())
    if m is None:
        return None
    subject = m["subject"] or m["object"]
    thing = tokens(subject) - STOPWORDS - CALENDAR_WORDS
    old = m["old"].lower()
    # (a weekday beside a plan's date, "on Friday 2026-07-24", is that plan's, no rule)
    weekly = re.compile(rf"\b(?:{old}s|every\s+{old})\b|\b{old}\b(?!.*\b\d{{4}}-\d\d-\d\d\b)",
                        re.I)
    if not thing or any(_about_event(thing, e.lead) and weekly.search(e.lead) for e in live):
        return None
    found = [(e, d) for e in live if e.type == "project" and not _TOLD_PAST.search(
        lead := LIST_MARK.sub("", e.lead)) and not another_event(lead, subject)
             for d in sorted({d for part in _CLAUSE_EDGE.split(lead)[::2]
                              if _about_event(thing, part) and not _FORBIDS.search(part)
                              for d in date_mentions(part)}) if _on_day(d, old)]
    moved = weekday_moved(old, m["new"], cand.text)
    said = cand.source.day
    if len(found) != 1 or moved is None or (planned := date.fromisoformat(found[0][1])) < said:
        return None
    # (None: the plan is today, or its week's day is gone by: the next one on from the day said,
    # as the dates read a weekday, which is the first after the plan's day)
    new = weekday_from_plan(*moved, planned, said) or planned + timedelta(
        days=(WEEKDAYS.index(moved[0]) - planned.weekday()) % 7 or 7)
    entry, was = found[0]
    told = replace(cand, kind="plan", text=f"{sentence_case(subject)} is now on {new}.",
                   key="", new=None, old=None)
    return entry, was, new.isoformat(), told


def still_planned_day(live: list[Entry], cand: Candidate) -> Candidate:
    """``cand`` told of a weekday after "was", read as the one gone by ("The deadline was
    Friday", said on Thursday 2026-07-09: 2026-07-03), while a plan of that very thing is for
    the same weekday still ahead (2026-07-10): the plan said again, not a day a week back."""
    gone = cand.weekday_gone
    if gone is None or (ahead := gone + timedelta(days=7)) <= cand.source.day:
        return cand
    if not any(e.type == "project" and latest_date(lead := LIST_MARK.sub("", e.lead)) == ahead
               and not says_past(lead) and _same_event(lead, deed_of(_YES.sub("", cand.text)))
               for e in live):
        return cand
    was, now = gone.isoformat(), ahead.isoformat()
    text = _WAS_ON.sub(lambda m: ("is" if m[1].lower() == "was" else "are") + m[2],
                       cand.text.replace(was, now))
    # (read as a day gone by, it was told as a fact; it is the plan's day, ahead)
    return replace(cand, text=text, key=key_clause(text), weekday_gone=None,
                   kind="plan" if cand.kind == "fact" else cand.kind)


def tell_past_plans(live: list[Entry], today: date) -> list[Decision]:
    """Plans whose dates have passed are told as past, not as upcoming; what was told so is
    said in the decisions returned."""
    decisions: list[Decision] = []
    for entry in live:
        changed = False
        described = entry.description  # (before it is told as past below)
        new_statements = []
        subject = entry.lead  # what the decision names: the first statement retold
        for s in entry.statements:
            told = tell_as_past(s, today)
            new_statements.append(told if told is not None else s)
            if told is not None and not changed:
                subject, changed = told, True
        # The engine's own How is rewritten below, not retold ("Was planned for 2026-01-05:
        # plan work around 2026-01-05."), and its own hook is made anew (``describe``): the
        # day it names is when the plan was said ("plan stated on 2026-07-06").
        # A hook that is the description, whole or cut to fit, is given anew from it by the
        # index: retold on its own it would count as a change no file shows.
        # A body that tells no plan (the person rewrote "we're moving CI to GitHub Actions
        # this week" as "CI is GitHub Actions") makes the description no plan either: it
        # is not told as planned because a sentence gone from the body was.
        no_plan = bool(entry.statements) and not changed and not _tells_plan(entry)
        told_attrs = [] if entry.generated_hook or no_plan else ["description"] + (
            [] if entry.hook and (
                hook_after_title(entry.hook, entry.description, entry.name)
                or entry.hook == entry.description or cut_from(entry.hook, entry.description))
            else ["hook"])
        for attr in told_attrs if entry.generated_how else [*told_attrs, "how"]:
            told = tell_as_past(getattr(entry, attr) or "", today)
            if told is not None:
                setattr(entry, attr, told)
                changed = True
        # The title follows the entry's current statement: it is retold when that plan is
        # told as past here, never otherwise. Not while the plan is upcoming (an older,
        # passed statement kept as history does not make it past), not for a fact that
        # merely carries a past date ("CI moved to Buildkite on 2026-07-01" under the title
        # "CI is running on Buildkite"), and not for a title whose own date is stale.
        lead = new_statements[0] if new_statements else ""
        lead_passed = bool(entry.statements) and (
            lead != entry.statements[0] or (is_past(lead, today) and says_past(lead)))
        name = _past_title(entry.name, today, as_planned=lead.startswith(
            "Was planned")) if lead_passed else None
        if name is not None and name != entry.name and (
                lead == entry.statements[0] and told_happened(lead)):
            # "Payments review with Priya happened on 2026-11-03" leads: the title says the
            # plan came to pass, not "For payments, the user planned to schedule ..."; so
            # does the engine's description of the plan
            name = title_for(lead) or name
            if described in {description_for(s) for s in entry.statements[1:]}:
                entry.description = description_for(lead)
        if name is not None and name != entry.name:
            entry.name = name
            changed = True
        # The engine's "Plan work around <day>" is stale once the plan has passed, even when
        # an earlier dream already told the statements as past.
        plans_ahead = entry.generated_how and entry.how.startswith(
            ("Plan work around", "Was planned for"))
        # ... but a lead that tells it happened ("We launched v2 on ...") needs no check on
        # how it turned out
        retold = bool(entry.statements) and lead != entry.statements[0]
        if entry.type in ("feedback", "project") and lead_passed and (
                plans_ahead or (changed and retold and (entry.generated_how or not entry.how))):
            how = passed_how(new_statements[0], today)
            if how is not None and how != entry.how:
                entry.how = how
                changed = True
        elif entry.type == "project" and lead_passed and changed and entry.how and (
                not entry.generated_how):
            # The person's own How ("only bug fixes on main until it is out") stays, word
            # for word; the reader learns it was for a date now gone by.
            how = passed_how(new_statements[0], today)
            if how is not None and how not in entry.how:
                entry.how = f"{entry.how.rstrip()} ({how})"
        if not changed:
            continue
        entry.statements = new_statements
        entry.changed = True
        decisions.append(Decision(
            "past", shorten(subject, 120),
            f"its date is before {today.isoformat()}; told as past, not as upcoming",
            file=entry.file))
    return decisions


# what follows the deed's own clause ("... went out fri but we rolled it back an hour later")
_DEED_CLAUSE = rx.compile(r"\s+but\s+|\s*[,;:]\s+|\s+and\s+(?:then\s+)?(?:we|it|they)\b", re.I)


def deed_of(said: str) -> str:
    """The clause of ``said`` that tells the deed: what it names is what was done, not what
    came after ("release 2.3 went out fri but we rolled it back an hour later")."""
    return _DEED_CLAUSE.split(said, maxsplit=1)[0]
