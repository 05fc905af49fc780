"""One-off plans and events long gone by, moved out of MEMORY.md into one file of past events.

A plan the engine told as past ("The demo for the client was on 2026-07-15", its How "2026-07-15
has passed; ...") is stale to an agent reading memory months later, and its index line crowds
out the rules still in force. Once its day is more than ``PAST_AFTER_DAYS`` before the dream's
clock, its words (past tense as ``tell_past_plans`` wrote them) and its Why become one dated
line of ``PAST_EVENTS_FILE``, which MEMORY.md lists once; its own file goes (undo brings it
back). A later dream adds the events passed since, each line once.
"""

from __future__ import annotations

from collections.abc import Sequence
from copy import copy
from dataclasses import replace
from datetime import date, timedelta
from typing import TYPE_CHECKING

from autodream import rx
from autodream.engine.dates import When, every_mention, last_mention
from autodream.engine.entries import (
    DATE_KEYS,
    DAY_ASIDE,
    UPDATE_LINE,
    Entry,
    FrontmatterError,
    description_for,
    hook_after_title,
    hook_for,
    is_generated_why,
    kind_and_day_hook,
    parse_entry,
    title_for,
)
from autodream.engine.forgetting import FORGOTTEN, forget
from autodream.engine.history import declare
from autodream.engine.index import cut_from
from autodream.engine.model import Decision, EngineOptions
from autodream.engine.plans import told_happened
from autodream.engine.text import STOPWORDS, free_file_name, shorten, word_set
from autodream.memory.model import REPLACEMENT_KEYS, split_frontmatter

if TYPE_CHECKING:
    from autodream.engine.rare import ForgetRequest

PAST_EVENTS_FILE = "project_past-events.md"
# the frontmatter key that marks the file of past events as the engine's: a file of that name
# without it is the person's own ("Past events: incidents we learned from"), never added to
ARCHIVE_KEY = "autodream"
ARCHIVE_MARK = "past events"
PAST_EVENTS_NAME = "Past events"
# its title when a memory of the person's is titled "Past events" already ("incidents we
# learned from"): two lines of one title in MEMORY.md would read as one thing to an agent
PAST_EVENTS_OTHER_NAME = "Past one-off plans and events"
PAST_AFTER_DAYS = 30
_WHY = (f"One-off plans and events whose day was more than {PAST_AFTER_DAYS} days gone, moved "
        "here by a dream so that MEMORY.md lists what is still current.")
_HOW = "These are over: do not plan around them; read them for what happened and when."
# the How ``passed_how`` gives a plan whose day has gone by: only such an entry is moved
_PASSED = "has passed; check how it turned out before relying on it."
# a line of the file: "- 2026-07-15: The demo for the client was on 2026-07-15. Why: ..."
_DATED_LINE = rx.compile(r"^- (?P<day>\d{4}-\d{2}-\d{2}): ")
# A line of a list, the engine's or the person's, at any depth: what a file of events holds
_LISTED_LINE = rx.compile(r"^[ \t]*+(?:[-*+]|\d{1,9}[.)])[ \t]")
_WHY_LINE = rx.compile(r"^\*\*Why:\*\*")
# what an event's line goes on with after the words said (``_event_line``), in this order:
# its history, then each label's part
_LABELS = ("Why", "How to apply", "Titled", "Described", "Listed as")
_AFTER_SAID = rx.compile(r" \(Updated on |" + "|".join(f" {label}: " for label in _LABELS))
# where the words said start: after "- 2026-07-15: "
_SAID_AT = len("- YYYY-MM-DD: ")
# what tells an event's time, not the event: "The demo for the client was on ...", "is now on
# ...", "We planned to ship ...", "Was planned: ..."
_TENSE_WORDS = word_set("was were is are will be now planned plan plans")
# how forgetting tells the last event of the file of past events removed, and the file with it
_EMPTIED = ", its last event, removed; the file and its MEMORY.md line go"
_REFILLED = " removed; the events moved in by the same dream take its place"
_LINE_OF = " (line of "  # a stand-in's file name: "<file> (line of <day>)"
_WHY_PART = rx.compile(r" Why: (?P<why>.*?)(?="
                       + "".join(f" {label}: |" for label in _LABELS[1:]) + "$)")
# frontmatter keys an event's file may have and lose nothing by going (its sources are kept
# in the file of past events, the names of files it took in are declared there)
_MOVABLE_KEYS = frozenset({"sources", *REPLACEMENT_KEYS, *DATE_KEYS})
# the frontmatter keys the engine writes in the file of past events: any other is the person's
_ARCHIVE_KEYS = frozenset({ARCHIVE_KEY, "sources", *REPLACEMENT_KEYS})
_LIST_MARK = rx.compile(r"^(?:[-*+]|\d+[.)])\s+")


def read_as_archive(entry: Entry, text: str) -> None:
    """Mark ``entry``, read from ``text``, as the file of past events when the engine made it
    (its frontmatter's mark). Its body is then one block, as written: a line the person added
    or edited (a sub-bullet, a note, a blank line) stays where it is when events are added."""
    if entry.extra.get(ARCHIVE_KEY) != ARCHIVE_MARK:
        return
    entry.archive = True
    entry.statements = [split_frontmatter(text)[1].strip("\n")]
    entry.heading, entry.history, entry.why, entry.how = [], [], "", ""


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]


def _as_read(entry: Entry) -> Entry | None:
    """``entry`` as its file was read, when the engine can read it so."""
    if entry.original is None:
        return None
    try:
        return parse_entry(entry.file, entry.original)
    except FrontmatterError:
        return None


def _engine_made(told: str, entry: Entry) -> bool:
    """``told``, a title, description or MEMORY.md hook of ``entry``, is one the engine makes
    of it: a line of it, whole, cut to fit or with the day it was said ("The 2.1 release was
    on 2026-08-01 (said 2026-07-18)"), its kind and day ("plan stated on 2026-07-18"), the
    description it gives from the Why, or the engine's description less the title. Any other
    is the person's, kept word for word ("No demo after all")."""
    told = " ".join(told.split())
    if not told:
        return True
    made = {kind_and_day_hook(entry), hook_for(entry)}
    if entry.generated_why:
        # (the kind and day its Why gives, "plan stated on 2026-09-09", also once its day
        # was changed, when kind_and_day_hook gives "changed on ...")
        made.add(_lower_first(entry.why.strip().removesuffix(".")))
    # (and its lines as the file was read, before this dream told it past: the MEMORY.md
    # line the engine wrote then, "The demo for the client is on 2026-10-20.")
    as_read = _as_read(entry)
    for statement in [*entry.statements, *(as_read.statements if as_read else [])]:
        said = " ".join(_LIST_MARK.sub("", statement.strip()).split())
        made |= {said, said.rstrip("."), description_for(said), title_for(said),
                 title_for(said, whole=True)}
    made.discard("")
    # (as told, less a day said aside, and less the engine's 'Was planned: ' put before a
    # line when it told it past: "Was planned: Plan stated on 2026-09-09")
    forms = {told, DAY_ASIDE.sub("", told)}
    forms |= {_lower_first(_ENGINE_PLANNED.sub("", form, count=1)) for form in forms}
    if any(form in made or any(cut_from(form, m) for m in made) for form in forms):
        return True
    # (the hook the index gives from the description, whole, cut or less the title: the line
    # has the description, or it is the engine's)
    return told == entry.hook and (told == entry.description or cut_from(
        told, entry.description) or hook_after_title(told, entry.description, entry.name))


# What a one-off event is named by: a thing that happens on its day and is then over
_EVENT_WORDS = word_set("""demo demos release releases released ship ships shipped shipping
    launch launches launched launching offsite off-site onsite on-site meeting meetings meet
    meets met review reviews kickoff kick-off call calls workshop retro retrospective
    presentation talk interview audit conference summit party dinner lunch visit trip hackathon
    webinar training sync check-in signoff sign-off walkthrough rehearsal celebration ceremony
    all-hands""")
_TOKEN = rx.compile(r"[a-z]+(?:-[a-z]+)*")
# a history line of a day moved and nothing else, whole, as ``entries.change_line`` writes it
# (and not ``HISTORY_LINE``, whose two lazy spans are slow on a long line): more after it
# ("...; previously 2026-07-15. After that the demo runs every Friday") is no day moved alone
_DAY_MOVED = rx.compile(r"(?:Changed|Moved)(?: back)? from \d{4}-\d{2}-\d{2} to "
                        r"\d{4}-\d{2}-\d{2} (?:on|in) [^;\n]*+; previously "
                        r"\d{4}-\d{2}-\d{2}\.")
# What tells a state that starts, changes or lasts from its day ("The code freeze starts on
# ...", "Dana joins the team on ... as tech lead", "The v1 API will be shut down on ..., so
# nothing may call it after that", "We are migrating the database to ..."), a day told against
# another thing's ("two weeks before the launch"), or a plan called off ("not on ... after
# all"): no finished one-off event; in doubt, a plan stays where it is
_NO_ONE_OFF = rx.compile(
    r"(?i)\b(?:start(?:s|ed|ing)?|begin(?:s|ning)?|began|from|as\s+of|onwards?|until|till|through|"
    r"after|before|prior\s+to|ahead|following|then\s+on|going\s+forward|join(?:s|ed|ing)?|"
    r"leav(?:e|es|ing)|left|hir(?:e|es|ed|ing)|promot\w*|tak(?:e|es|ing)\s+over|took\s+over|"
    r"shut(?:s|ting)?|shutdown|sunset\w*|deprecat\w*|retir\w*|decommission\w*|remov\w*|"
    r"read-only|migrat\w*|switch\w*|mov(?:e|es|ed|ing)|upgrad\w*|replac\w*|becom\w*|became|"
    r"longer|anymore|more|may|must|never|always|every|each|weekly|daily|monthly|freeze|frozen|"
    r"runs?|open(?:s|ed)?|clos(?:e|es|ed)|not|no|cancel\w*|off|postpon\w*|delay\w*|"
    r"days|weeks?|months?|quarters?|years?|tomorrow|next)\b|n['’]t\b")

# a second clause told with the event ("The 3.0 release is on 2026-07-15; it drops support for
# Python 3.9.", "... on 2026-07-15: the Pro plan costs 20 dollars."): most often what lasts
# after the day, which a file of things that are over would hide
_SECOND_CLAUSE = rx.compile(r"[;:]\s|\s[—–]\s")
# the engine's own way of telling a plan past, whose colon is no second clause: "Was planned: we
# ship ...", "Was planned for next Friday (as of 2026-07-06): ..." (``dates.was_planned``)
_ENGINE_PLANNED = rx.compile(r"^[\s*>•-]*Was planned\b[^:;\n]{0,160}: ")


def _one_off_event(entry: Entry) -> bool:
    """``entry`` tells a one-off event by a name for one ("the demo", "the 2.1 release", "we're
    meeting the client") in one clause, and nothing in what it says or is called tells a state
    begun or changed on the day, another day it hangs on, or a plan called off."""
    # (a day moved, "Changed from 2026-07-15 to 2026-07-22 on ...", says 'from' by its form)
    said = [*entry.statements, *(line for line in entry.history if not _rescheduled(line)),
            entry.name, entry.description, entry.hook or ""]
    if any(_NO_ONE_OFF.search(text) for text in said) or any(
            _SECOND_CLAUSE.search(_ENGINE_PLANNED.sub("", statement, count=1))
            for statement in entry.statements):
        return False
    return any(set(_TOKEN.findall(text.lower())) & _EVENT_WORDS for text in entry.statements)


def _every_day_gone(entry: Entry, cutoff: date) -> bool:
    """Every date in ``entry``'s file, as read and as it is now told (its lines, history,
    title, description, Why, How, sources) and in its MEMORY.md line, is before ``cutoff``."""
    texts = [entry.original or "", entry.render(), entry.hook or ""]
    return all(when.last < cutoff for text in texts for when in every_mention(text))


def _rescheduled(line: str) -> bool:
    """``line``, of an entry's history, tells its day moved and nothing else: "Changed from
    2026-07-15 to 2026-07-22 on 2026-07-09; previously 2026-07-15." (a plan put off or
    brought forward is still one event; a value switched is no event)."""
    return _DAY_MOVED.fullmatch(line.strip()) is not None


def _was_a_plan(entry: Entry) -> bool:
    """``entry`` is a plan the engine told as past (its How says the day has passed), or one
    told since to have come to pass ("The payments review happened on 2026-07-08", its history
    the plan it was); its history holds no switch (a standing fact changed is no event)."""
    if any(UPDATE_LINE.match(line) is None and not _rescheduled(line)
           for line in entry.history):
        return False
    if _PASSED in entry.how:
        return True
    return entry.generated_how and told_happened(entry.lead) and any(
        last_mention(line.split("; previously: ", 1)[-1]) is not None for line in entry.history)


def _event_line(entry: Entry, today: date) -> tuple[str, str] | None:
    """The dated line ``entry`` becomes and its day, when it is a one-off plan told as past
    whose last day is more than ``PAST_AFTER_DAYS`` before ``today`` and nothing of it would be
    lost by the move; None otherwise."""
    if (entry.type != "project" or entry.deleted or entry.opaque or entry.original is None
            or entry.sealed or entry.hand_title or not entry.statements
            # (a heading is an undated line of the person's: it would be lost by the move)
            or entry.heading
            or set(entry.extra) - _MOVABLE_KEYS or not _was_a_plan(entry)
            or not _one_off_event(entry)):
        return None
    cutoff = today - timedelta(days=PAST_AFTER_DAYS)
    if not _every_day_gone(entry, cutoff):
        return None
    said: list[str] = []
    for statement in entry.statements:
        when = last_mention(statement)
        # every line dated and gone by: a rule or a deadline still to come never moves
        if when is None or when.last >= cutoff or statement.lstrip().startswith(("```", "~~~")):
            return None
        said.append(_LIST_MARK.sub("", statement.strip()))
    lead = last_mention(entry.statements[0])
    assert lead is not None  # (every statement is dated, above)
    day = _day_of(entry.statements[0], lead).isoformat()
    line = f"- {day}: {' '.join(said)}"
    if entry.history:
        line += f" ({' '.join(entry.history)})"
    if entry.why:
        line += f" Why: {entry.why}"
    if entry.how and not entry.generated_how:
        # (the person's own How, with the engine's note that its day has passed)
        line += f" How to apply: {entry.how}"
    # a title, description or MEMORY.md hook of the person's own goes with it word for word
    # ("client demo: bring the laptop"); the engine's, made of the line, do not
    for label, told in (("Titled", entry.name), ("Described", entry.description),
                        ("Listed as", entry.hook or "")):
        if not _engine_made(told, entry):
            line += f" {label}: {told.strip()}"
    return line, day


def _day_of(statement: str, lead: When) -> date:
    """The day ``statement``, whose date ending last is ``lead``, tells its event on: the
    first day said within ``lead`` ("The retro for Q3 2026 is on 2026-08-14": 2026-08-14, not
    the quarter's first day; "The workshop for Q3 2026 is on 2026-08-17 and the dinner on
    2026-08-18": 2026-08-17, when it begins), else the first day of ``lead``."""
    days = [w.start for w in every_mention(statement)
            if w.precision == "day" and lead.start <= w.start <= lead.last]
    return min(days, default=lead.start)


def _described(lines: list[str]) -> str:
    """The description of a file of past events whose body has ``lines``."""
    days = sorted(m["day"] for line in lines if (m := _DATED_LINE.match(line)) is not None)
    if not days and any(_LISTED_LINE.match(line) for line in lines):
        # (no line of the engine's, but one of the person's: '- Shipped v1 to the beta group
        # in March', '- 2026-05-01 — Kickoff with Acme' are events too, theirs to count)
        return "One-off plans and events long gone by"
    if not days:
        # (a file kept with no event left, for what the person put in it, their title or a key
        # of theirs: listed as having none, not sending an agent to read events there are not)
        return (f"No one-off event left in it; plans more than {PAST_AFTER_DAYS} days gone "
                "are moved here")
    if len(days) == 1:
        return f"1 one-off event, on {days[0]}, more than {PAST_AFTER_DAYS} days gone"
    return (f"{len(days)} one-off events, {days[0]} to {days[-1]}, each more than "
            f"{PAST_AFTER_DAYS} days gone")


def _appended(body: str, new: list[str]) -> str:
    """``body`` with the lines ``new`` (oldest first) each put among its dated lines by its day:
    after the last one of that day or before (and the lines indented under it), before the
    first of a later day, so that an event moved late (the retro of 2026-08-14, told with its
    quarter, moves once the quarter is long gone) is not listed after later ones. Nothing there
    moves: a line the person wrote or put in another order stays where it was, as do their
    notes. With no dated line left, the lines go before the engine's Why (or at the end, that
    gone too)."""
    lines = body.split("\n") if body else []
    if not any(_DATED_LINE.match(line) for line in lines):
        why = next((i for i, line in enumerate(lines) if _WHY_LINE.match(line)), None)
        if why is None:
            return "\n".join([*lines, "", *new] if lines else new)
        return "\n".join([*lines[:why], *new, "", *lines[why:]])
    for line in new:
        lines.insert(_place_of(lines, line[2:12]), line)
    return "\n".join(lines)


def _place_of(lines: list[str], day: str) -> int:
    """Where a line of ``day`` goes among ``lines``, which have a dated line: after the block
    (a dated line and the lines indented under it) of the last dated line of ``day`` or before
    that comes before the first of a later day; with none, at the first of a later day."""
    at: int | None = None
    for i, line in enumerate(lines):
        if (m := _DATED_LINE.match(line)) is None:
            continue
        if m["day"] > day:
            if at is None:
                return i
            break
        at = i + 1
    assert at is not None  # (a dated line, and none of a later day before it)
    while at < len(lines) and lines[at][:1] in (" ", "\t") and lines[at].strip():
        at += 1
    return at


def move_past_events(entries: list[Entry], today: date, room: int | None,
                     present: frozenset[str]) -> list[Decision]:
    """Move the one-off events of ``entries`` gone by for more than ``PAST_AFTER_DAYS`` into
    ``PAST_EVENTS_FILE`` (made, or added to); at most ``room`` of them (the files a dream may
    still touch, that file's own write counted), oldest first: the rest wait for a later
    dream; ``present`` holds the memory dir's file names, lower-cased. Returns what was moved,
    each with its day, Why and sources."""
    found = [e for e in entries if e.archive and not e.deleted]
    if not found:
        # (one whose last event was forgotten earlier in this dream takes the events moved
        # now: under its own name, not a second one beside it)
        found = [e for e in entries if e.archive and e.deleted_by == FORGOTTEN]
    moving = sorted(((line, day, e) for e in entries if (told := _event_line(e, today))
                     for line, day in [told]), key=lambda t: (t[1], t[2].file))
    if room is not None:
        # (a file this dream already rewrites costs nothing more to delete; the file of past
        # events is written once)
        left = room - (0 if found and found[0].changed else 1)
        fits = []
        for event in moving:
            left -= 0 if event[2].changed else 1
            if left < 0:
                break
            fits.append(event)
        moving = fits
    if not moving:
        return []
    if found:
        archive = found[0]
        archive.deleted, archive.deleted_by = False, ""
    else:
        # (a file of that name the engine did not make, in any case, is the person's: the
        # events go to another name)
        taken = set(present) | {e.file.lower() for e in entries}
        archive = Entry(file=free_file_name(PAST_EVENTS_FILE.removesuffix(".md"), taken),
                        name=_free_title(entries), description="", type="project",
                        statements=[f"**Why:** {_WHY}\n**How to apply:** {_HOW}"],
                        extra={ARCHIVE_KEY: ARCHIVE_MARK}, archive=True)
        entries.append(archive)
    if _hook_of_person(archive):
        # (its MEMORY.md line is the person's, not the engine's count: it stays as written)
        archive.redescribed = True
    decisions: list[Decision] = []
    body = "\n".join(archive.statements)
    lines = [line for line in body.split("\n") if _DATED_LINE.match(line)]
    new: list[str] = []
    cutoff = (today - timedelta(days=PAST_AFTER_DAYS)).isoformat()
    for line, day, entry in moving:
        # (a plan said again once it had moved, the same words: its line is there, and the
        # engine's Why, the day it was said, adds nothing; nor does the day the line is filed
        # under, which an older version took from a quarter: "- 2026-07-01: The retro for Q3
        # 2026 was on 2026-08-14.")
        told_before = next((had for had in lines if _told_in(line, had)), None)
        if told_before is None:
            lines.append(line)
            new.append(line)
        # (every one: the sessions each event was said in, however many there are)
        archive.add_sources(entry.sources(), len(archive.sources()) + len(entry.sources()))
        declare(archive, "merged_from", entry)
        entry.deleted, entry.deleted_by, entry.merged_into = True, "merged", archive
        said = ", ".join(f"session {s.session_id} on {s.day.isoformat()}"
                         for s in entry.sources()) or "no session recorded"
        if told_before is not None:
            decisions.append(Decision(
                "merged", f"{entry.file} -> {archive.file}",
                f"a one-off event of {day}, said again ({said}) once it was in "
                f"{archive.name}: its line there ('{shorten(told_before[2:], 160)}') is "
                "not written twice, the sessions are added; its own file and MEMORY.md line "
                "go", file=archive.file))
            continue
        decisions.append(Decision(
            "merged", f"{entry.file} -> {archive.file}",
            f"a one-off event of {day}, before {cutoff} ({PAST_AFTER_DAYS} days before "
            f"{today.isoformat()}): moved to {archive.name} as one dated line with its Why "
            f"('{shorten(line[2:], 160)}', said in {said}); its own file and MEMORY.md line "
            "go", file=archive.file))
    archive.statements = [_appended(body, new)]
    archive.description = _described(lines)
    archive.changed = True
    return decisions


def _free_title(entries: list[Entry]) -> str:
    """The title of a new file of past events: ``PAST_EVENTS_NAME``, else, when a memory in
    force is titled so (its name or its MEMORY.md title), one told apart from it."""
    titles = {" ".join(told.split()).casefold() for e in entries if not e.deleted
              for told in (e.name, e.hand_title) if told}
    for title in (PAST_EVENTS_NAME, PAST_EVENTS_OTHER_NAME):
        if title.casefold() not in titles:
            return title
    number = 2
    while f"{PAST_EVENTS_OTHER_NAME} {number}".casefold() in titles:
        number += 1
    return f"{PAST_EVENTS_OTHER_NAME} {number}"


def refilled(decisions: list[Decision], entries: list[Entry]) -> list[Decision]:
    """``decisions`` with a file of past events told gone by forgetting its last event told
    kept, when events moved in by the same dream keep it (``move_past_events``)."""
    kept = {e.file for e in entries if e.archive and not e.deleted}
    return [replace(d, action="updated", reason=d.refilled_reason, refilled_reason=None)
            if d.refilled_reason is not None and d.file in kept else d for d in decisions]


def _hook_of_person(archive: Entry) -> bool:
    """The MEMORY.md line of the file of past events is the person's, not the engine's count
    of its events (its description, whole or cut)."""
    return bool(archive.hook) and archive.hook != archive.description and not cut_from(
        archive.hook or "", archive.description)


def _but_engine_why(line: str) -> str:
    """``line`` less its Why when that is the engine's ("Why: Plan stated on 2026-07-06."):
    the event's words, history and what of the person's it has."""
    m = _WHY_PART.search(line)
    return line if m is None or not is_generated_why(m["why"]) else (
        line[:m.start()] + line[m.end():])


def _told_in(line: str, had: str) -> bool:
    """The event's line ``line`` adds nothing to the line ``had``: the same words, and each
    thing it goes on with (history, Why, Titled, ...) but the engine's Why in ``had`` too,
    whatever day each is filed under (the words tell the day)."""
    said, parts = _told_parts(line)
    said_had, parts_had = _told_parts(had)
    return said == said_had and parts <= parts_had


def _told_parts(line: str) -> tuple[str, frozenset[str]]:
    """The words of an event's line, less its day, and what it goes on with after them, less
    the engine's Why: " Why: the client asked", " Titled: Client demo"."""
    rest = _but_engine_why(line)[_SAID_AT:]
    starts = [m.start() for m in _AFTER_SAID.finditer(rest)]
    ends = [*starts[1:], len(rest)] if starts else []
    said = rest[:starts[0]] if starts else rest
    return said.strip(), frozenset(rest[start:end].strip() for start, end in zip(
        starts, ends, strict=True))


def _said_of(line: str) -> str:
    """The words an event's line tells it in: after its day, before its history and Why."""
    return _AFTER_SAID.split(line[_SAID_AT:], maxsplit=1)[0]


def event_stand_ins(entries: list[Entry]) -> list[Entry]:
    """One entry for each dated line of the file of past events, which a request to forget
    can find as it finds any memory ("forget the demo for the client"): titled and saying the
    event's words, its file named "<file> (line of <day> #<n>)" (n: which dated line it is,
    so that two events of one day are two memories), the line as ``text_as_read``;
    ``forget_events`` writes back what forgetting did to them."""
    stand_ins: list[Entry] = []
    for archive in entries:
        if not archive.archive or archive.deleted:
            continue
        dated = 0
        for line in "\n".join(archive.statements).split("\n"):
            if (m := _DATED_LINE.match(line)) is None:
                continue
            dated += 1
            if not (said := _said_of(line)):
                continue
            stand_ins.append(Entry(
                file=f"{archive.file}{_LINE_OF}{m['day']} #{dated})",
                name=title_for(said) or said, description=description_for(said),
                type="project", statements=[said], text_as_read=line))
    return stand_ins


def _stand_in_of(stand: Entry) -> tuple[str, str]:
    """The file of past events and the day a stand-in's file name says."""
    file, rest = stand.file.removesuffix(")").split(_LINE_OF)
    return file, rest.split(" #", 1)[0]


def forget_events(entries: list[Entry], stand_ins: list[Entry],
                  decisions: list[Decision]) -> list[Decision]:
    """``decisions`` (of forgetting, over ``entries`` and ``stand_ins``) with what they did to
    a stand-in done to its line: a line forgotten whole leaves the file of past events, one
    with a sentence forgotten keeps the rest; each told as a change of that file, the line
    named by its day (not by the words asked to be forgotten). A line no longer there as read
    is a request declined, never an error; a stand-in's name in a reason is told as the line
    of its day."""
    by_file = {stand.file: stand for stand in stand_ins}
    out: list[Decision] = []
    for decision in decisions:
        stand = by_file.get(decision.file or "")
        if stand is None:
            out.append(decision if decision.file else replace(
                decision, reason=_lines_named(decision.reason, stand_ins)))
            continue
        file, day = _stand_in_of(stand)
        archive = next((e for e in entries if e.file == file and e.archive), None)
        line = stand.text_as_read
        body = "\n".join(archive.statements).split("\n") if archive is not None else []
        if archive is None or line not in body:
            # (the file named by its own title, "Past one-off plans and events" beside a
            # person's "Past events"; by its name when it is gone)
            out.append(replace(decision, action="declined", subject=file, file=None,
                               reason=f"{decision.reason}, but its line of {day} in "
                               f"{archive.name if archive is not None else file} is not "
                               "there as read: nothing is removed"))
            continue
        kept = "" if stand.deleted else " ".join(stand.statements).strip()
        at = body.index(line)
        if kept:
            body[at] = stand.text_as_read = line.replace(_said_of(line), kept, 1)
        else:
            del body[at]
        archive.statements = ["\n".join(body)]
        if _left_empty(archive, body):
            # (its last event gone and nothing of the person's in it: a file listed in
            # MEMORY.md with no event would tell an agent of events there are not; it goes as
            # any memory forgotten goes, and undo brings it back)
            archive.deleted, archive.deleted_by = True, FORGOTTEN
            told = f"{decision.reason}: the line of {day} in {archive.name}"
            out.append(replace(decision, action="forgotten", subject=file, file=file,
                               reason=f"{told}{_EMPTIED}", refilled_reason=f"{told}{_REFILLED}"))
            continue
        # (the MEMORY.md line follows the count when it was the engine's, and stays when it
        # is the person's: an event moved in later in the dream reads it so)
        persons = _hook_of_person(archive)
        archive.description = _described(body)
        if persons:
            archive.redescribed = True
        elif archive.hook:
            archive.hook = archive.description
        archive.changed = True
        done = "kept less what was asked" if kept else "removed, the rest kept"
        out.append(replace(decision, action="updated", subject=file, file=file,
                           reason=f"{decision.reason}: the line of {day} in {archive.name} "
                           f"{done}"))
    return out


def _left_empty(archive: Entry, body: list[str]) -> bool:
    """The file of past events ``archive``, its body now ``body``, has no event left and
    nothing of the person's: no line but the engine's Why and How, one of the engine's titles
    (in the file and in MEMORY.md), the engine's MEMORY.md line and no frontmatter key but the
    engine's. A file the person wrote in, retitled, listed in their own words ("read before
    the yearly report") or gave a key of theirs ("owner: dana") stays, as their memory."""
    ours = {"", f"**Why:** {_WHY}", f"**How to apply:** {_HOW}"}
    return (all(line.strip() in ours for line in body) and _engine_titled(archive)
            and not _hook_of_person(archive) and not set(archive.extra) - _ARCHIVE_KEYS)


def _engine_titled(archive: Entry) -> bool:
    """``archive`` has a title ``move_past_events`` gives (``_free_title``), in its file and
    in MEMORY.md."""
    title = " ".join(archive.name.split())
    number = title.removeprefix(f"{PAST_EVENTS_OTHER_NAME} ")
    return not archive.hand_title and (
        title in (PAST_EVENTS_NAME, PAST_EVENTS_OTHER_NAME)
        or (number != title and number.isascii() and number.isdigit()))


def _lines_named(reason: str, stand_ins: list[Entry]) -> str:
    """``reason`` with each stand-in's file name told as a person reads it: "its line of
    2026-07-15 in project_past-events.md" (the name inside is the engine's own)."""
    for stand in stand_ins:
        if stand.file in reason:
            file, day = _stand_in_of(stand)
            reason = reason.replace(stand.file, f"the line of {day} in {file}")
    return reason


def _event_named(text: str) -> frozenset[str]:
    """The words naming the event ``text`` tells, less its time and day."""
    return frozenset(word for word in _TOKEN.findall(text.lower())
                     if word not in STOPWORDS and word not in _TENSE_WORDS)


def _touched(before: Entry, after: Entry) -> bool:
    return after.deleted != before.deleted or after.statements is not before.statements


def forget_with_events(entries: list[Entry], requests: Sequence[ForgetRequest],
                       options: EngineOptions) -> list[Decision]:
    """``forget`` over ``entries`` and the lines of the file of past events
    (``event_stand_ins``), one request at a time. A request that finds a memory in force and
    lines of past events that are the same event on an older day ("The demo for the client is
    on 2026-12-10" and the line "The demo for the client was on 2026-07-15") takes the memory
    in force alone, as it did when the plan was retold in place: what is current is what the
    person asks about, and forgetting, in doubt, removes less; its decision names the lines
    that matched too and stay. A request for everything said of it takes both. Lines of other
    events with it: declined, which is named as the person reads it."""
    decisions: list[Decision] = []
    for req in requests:
        # (tried first on copies: forgetting changes what it finds)
        lines = event_stand_ins(entries)
        forget(lines, [req], options)
        of_lines = [line for line in lines if line.deleted or line.changed]
        of_live: list[Entry] = []
        if of_lines:
            copies = [copy(entry) for entry in entries]
            forget(copies, [req], options)
            of_live = [entry for entry, tried in zip(entries, copies, strict=True)
                       if _touched(entry, tried)]
        if of_live and not req.every and all(
                any(_event_named(_said_of(line.text_as_read)) in (
                    _event_named(entry.name), _event_named(entry.lead)) for entry in of_live)
                for line in of_lines):
            # (and the record says so: which memory went, and that the older day's line matched
            # too and stays; "everything I said about ..." takes both)
            also = ", ".join(_lines_named(line.file, lines) for line in of_lines)
            decisions.extend(
                replace(d, reason=f"{d.reason}; {also} matched too, the same event on an "
                        "older day, and stays: 'forget everything I said about it' takes "
                        "it too")
                if d.action in ("forgotten", "updated") else d
                for d in forget(entries, [req], options))
            continue
        stand_ins = event_stand_ins(entries)
        decisions.extend(forget_events(entries, stand_ins,
                                       forget([*entries, *stand_ins], [req], options)))
    return decisions
