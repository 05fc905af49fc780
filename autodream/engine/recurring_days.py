"""The day a recurring thing is done on, told as it is from now on ("We deploy on Thursdays
now" beside deploy.md's "We deploy every Tuesday."), read narrowly: only a plain sentence of
who does what on which day, the entry's and the statement's who and what the same words. Any
other shape is read as before: two memories are better than one rewritten on a guess (an
earlier attempt rewrote a dated plan, a deploy freeze, a quote, a code block)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, NamedTuple

from autodream import rx
from autodream.engine.text import WEEKDAY_NAME, word_set

if TYPE_CHECKING:
    from autodream.engine.entries import Entry

# Longer than this, a statement or an entry's one sentence is no plain "who does what on which
# day" (and nothing longer is read: the patterns below stay cheap on any memory)
MAX_SENTENCE = 200

# "From now on, ...", "Going forward ...": the day told as it holds from now on
_FROM_NOW = r"(?P<from>(?:from\s+now\s+on|going\s+forward)\s*,?\s+)?"
# "on Thursdays", "every Thursday" (a bare "on Thursday" may be one week's: not read)
_DAY = rf"(?P<on>on|every)\s+(?P<day>{WEEKDAY_NAME})(?P<plural>s?)"
# Who does it: we or the team (a person, "Dana", or "hotfixes" is another doing)
_WHO = r"we|the\s+team|our\s+team"
# What is done: plain lower-case words only (no code, link, quote, date, time or second clause)
_DOES = r"[a-z]+(?:\s+[a-z]+){0,3}?"
# "no longer", as in "We no longer deploy on Fridays"
_NO_LONGER = r"no\s+longer"
# "We deploy", "The team deploys the docs site": who and what is done
_WHO_DOES = rf"(?P<who>{_WHO})\s+(?P<now1>now\s+)?(?P<do>{_DOES})"
# "Deploys are on Thursdays": the thing done, named as a plural noun ("we deploy")
_THING_IS = r"(?P<noun>[a-z]+s)\s+(?P<now2>now\s+)?(?:are|happen)"
# "..., not Tuesdays", "... instead of Tuesdays": the day left, when said
_LEFT = (rf"(?:\s*,\s*not\s+|\s+instead\s+of\s+)(?:on\s+|every\s+)?"
         rf"(?P<old>{WEEKDAY_NAME})s?")
# "... on Thursdays now", "... on Tuesdays again" (back on the day it was on: told as it is now)
_NOW_AFTER = r"(?P<now3>\s+now|\s+again(?:\s+now)?)?"
_SAID = rx.compile(
    rf"{_FROM_NOW}(?:{_WHO_DOES}|{_THING_IS})\s+{_DAY}{_NOW_AFTER}(?:{_LEFT})?\s*[.!]?", re.I)
# A memory's "Deploys happen only on Tuesdays.", "We deploy only on Tuesdays.": the one day it is
# done on, which a day told changed replaces whole. Read so only in what memory holds: a
# statement told with "only" ("We deploy only on Fridays now") is read as before (a reviewer
# found one so read leave the Tuesday rule current beside it)
_ONLY_DAY = rx.compile(
    rf"(?:{_WHO_DOES}|{_THING_IS})\s+only\s+{_DAY}\s*[.!]?", re.I)
# "We no longer deploy on Tuesdays; we deploy on Thursdays": the day left, then the day it is done
# on now, the same who and what each side (``day_said`` holds them to it)
_ENDED_THEN = rx.compile(
    rf"(?P<who2>{_WHO})\s+{_NO_LONGER}\s+(?P<ended>{_DOES})"
    rf"\s+on\s+(?P<old>{WEEKDAY_NAME})s\s*[;,]\s*{_WHO_DOES}\s+{_DAY}{_NOW_AFTER}\s*[.!]?", re.I)
# Words that make the sentence no plain habit of today: a negation, a block, pause, ban or
# delay (what is not done on the day: "We ban deploys on Fridays" moved to Mondays left one ban),
# a hedge, a past or planned one, a second or partial day ("also", "only", "other"), a weekday
_NOT_PLAIN = word_set("""
    not no never don't dont do does did didn't doesn't won't can't cannot can could would should
    might may must will shall used to also only still just usually sometimes often always rarely
    block blocks blocked blocking freeze freezes frozen pause pauses paused stop stops stopped
    halt halts halted skip skips skipped skipping avoid avoids avoided avoiding
    ban bans banned banning hold holds held holding cancel cancels cancelled canceled
    cancelling canceling quit quits quitting forbid forbids forbade forbidden forbidding
    lock locks locked locking postpone postpones postponed postponing delay delays delayed
    delaying except plan plans planned want wanted try tried hope need needs had have has were
    are was is be been every on other too again either neither now free
    monday tuesday wednesday thursday friday saturday sunday
    """)


class DaySaid(NamedTuple):
    """One plain sentence of who does what on which day: ``doing`` is who and what, as words
    ("we deploy"; "Deploys are ..." reads "we deploy"), ``day`` the weekday ("Thursday"),
    ``left`` the day said left ("..., not Tuesdays", else None) and ``now`` whether the
    sentence says it holds from now on."""

    doing: tuple[str, ...]
    verb: str  # ("deploy"): what is done, to find another memory of it
    day: str
    left: str | None
    now: bool


def _stem(word: str) -> str:
    """``word`` without its plural or third-person "s" ("deploys": "deploy", "lunches":
    "lunch", "releases": "release"), to find it in any of its forms."""
    word = word.lower()
    if word.endswith(("ches", "shes", "sses", "xes", "zes")):
        return word[:-2]
    return word.removesuffix("s")


def _doing_of(said: Mapping[str, str | None]) -> tuple[str, ...]:
    """Who does what, as a match of ``_WHO_DOES``/``_THING_IS`` (or ``_ENDED``) names it: a
    plural noun is what we do ("Deploys are ..." is ("we", "Deploy")), else who and the words of
    the doing, in lower case."""
    noun = said.get("noun")
    if noun is not None:
        return ("we", _stem(noun))
    return (*(said["who"] or "").lower().split(), *(said["do"] or "").lower().split())


def day_said(text: str, *, only: bool = False) -> DaySaid | None:
    """``text`` as one plain, recurring "who does what on which day" ("We deploy every
    Tuesday.", "we deploy on Thursdays now", "Deploys are on Thursdays now.", "We no longer
    deploy on Tuesdays; we deploy on Thursdays."), or None. ``only``: a memory's statement,
    which may give the day as the only one ("Deploys happen only on Tuesdays.": ``_ONLY_DAY``)."""
    said = text.strip()
    if len(said) > MAX_SENTENCE:
        return None
    m = (_ONLY_DAY.fullmatch(said) if only else None) or _SAID.fullmatch(said) or (
        _ENDED_THEN.fullmatch(said) if "longer" in said else None)
    if m is None or not (m["plural"] or m["on"].lower() == "every"):
        return None  # ("We deploy on Thursday": that one Thursday, maybe)
    g = m.groupdict()
    doing = _doing_of(g)
    if g.get("noun") is not None:
        verb = doing[1]
        # (the word as said too: "Freezes" is "freez" as a stem, a freeze all the same)
        if g["noun"].lower() in _NOT_PLAIN:
            return None
    else:
        verb = _stem(g["do"].split()[0])
    if any(word in _NOT_PLAIN for word in doing[1:]):
        return None
    if g.get("ended") is not None and tuple(f"{g['who2']} {g['ended']}".lower().split()) != (
            doing):
        return None  # ("We no longer deploy on Tuesdays; we release on Thursdays": two doings)
    left = g["old"].capitalize() if g.get("old") else None
    day = g["day"].capitalize()
    if left == day:
        return None
    now = bool(g.get("from") or g.get("now1") or g.get("now2") or g.get("now3") or left)
    return DaySaid(doing, verb, day, left, now)


def _day_entries(live: list[Entry], told: DaySaid, *, only: bool) -> list[tuple[Entry, str]]:
    """Each project or feedback entry whose one statement is ``told``'s who and what on a day
    (read with ``only`` as ``day_said`` reads it), with that day."""
    found: list[tuple[Entry, str]] = []
    for entry in live:
        if entry.type not in ("project", "feedback") or len(entry.statements) != 1:
            continue
        if len(entry.statements[0]) > MAX_SENTENCE:
            continue
        said = day_said(entry.statements[0], only=only)
        if said is not None and said.doing == told.doing:
            found.append((entry, said.day))
    return found


def day_entry(live: list[Entry], told: DaySaid) -> tuple[Entry, str] | None:
    """The one project or feedback entry whose whole rule is the same who and what on a day
    ("We deploy every Tuesday." for "we deploy on Thursdays now"), and that day (the day told,
    when the entry gives it already); None when there is none or more than one, when it gives
    another day than the one the statement says was left, or when another memory names the
    day told of the same doing (a freeze, a block: moved onto it, the two would contradict)."""
    # (one that gives its day as the only one, "We deploy only on Tuesdays.", is looked for
    # where none gives it plainly: beside "We deploy every Tuesday." it made two, and neither
    # was switched)
    found = _day_entries(live, told, only=False) or _day_entries(live, told, only=True)
    if len(found) != 1:
        return None
    entry, day = found[0]
    if day != told.day and told.left is not None and told.left != day:
        return None
    new_day = re.compile(rf"\b{told.day}s?\b", re.I)
    doing = re.compile(rf"\b{re.escape(told.verb)}", re.I)
    if any(other is not entry and new_day.search(other.text) is not None
           and doing.search(other.text) is not None for other in live):
        return None
    return entry, day


# "We no longer deploy on Fridays", "Deploys no longer happen on Fridays", "Deploys are no
# longer on Fridays", "We no longer deploy on Fridays or Tuesdays": a day (or two) something is
# no longer done on, the sentence ending on it
_ENDED = rx.compile(
    rf"(?:(?P<who>{_WHO})\s+{_NO_LONGER}\s+(?P<do>{_DOES})|"
    rf"(?P<noun>[a-z]+s)\s+(?:{_NO_LONGER}\s+(?:are|happen)|are\s+{_NO_LONGER}))\s+"
    rf"on\s+(?P<day>{WEEKDAY_NAME})s(?:\s*,?\s+(?:or|and)\s+(?P<day2>{WEEKDAY_NAME})s)?\s*[.!]?",
    re.I)


class DaysEnded(NamedTuple):
    """One plain "who no longer does what on which day(s)": ``doing`` as ``DaySaid`` has it,
    ``days`` the weekdays ended ("Friday", "Tuesday")."""

    doing: tuple[str, ...]
    days: frozenset[str]


def days_ended(said: str) -> DaysEnded | None:
    """``said`` as one plain "We no longer deploy on Fridays" (``_ENDED``), or None."""
    said = said.strip()
    if len(said) > MAX_SENTENCE or "longer" not in said:
        return None
    m = _ENDED.fullmatch(said)
    if m is None:
        return None
    return DaysEnded(_doing_of(m.groupdict()),
                     frozenset(d.capitalize() for d in (m["day"], m["day2"]) if d))


def ends_another_day(lead: str, said: str) -> bool:
    """``said`` ends a day ``lead``, a plain recurring day of the same who and what, was never
    on ("We no longer deploy on Fridays" of "We deploy on Tuesdays."): the Tuesday rule still
    holds, and ``said`` is no newer wording of it (it replaced the rule whole, 'Updated on ...;
    previously: We deploy on Tuesdays.', the one deploy day lost)."""
    ended = days_ended(said)
    if ended is None:
        return False
    held = day_said(lead, only=True)
    return held is not None and ended.doing == held.doing and held.day not in ended.days


def ends_other_days(lead: str, said: str) -> bool:
    """``lead`` and ``said`` each end a day of the same thing done, neither every day the
    other ends ("We no longer deploy on Tuesdays" of "We no longer deploy on Fridays"): both
    hold, and ``said`` is no newer wording of ``lead`` (it was put in its place, 'previously: We
    no longer deploy on Fridays', and the Tuesday rule it ends left current). Where one ends
    every day the other does ("... on Mondays" of "... on Fridays or Mondays") they are the one
    memory, said of fewer days or more (kept apart, the same sentence made a second file)."""
    both = _both_end_days(lead, said)
    return both is not None and not (both[0] <= both[1] or both[1] <= both[0])


def end_days_otherwise(lead: str, other: str) -> bool:
    """``lead`` and ``other`` each end a day of the same thing done, not the same days ("We
    no longer deploy on Fridays" / "... on Fridays or Tuesdays"; "The team no longer deploys on
    Fridays" / "We no longer deploy on Tuesdays", who said otherwise): two memories the dreams
    wrote on two days (the Tuesday rule ended by the second), which ``merge_near_duplicates``
    keeps apart: merged, the dream after them with no new session changed memory."""
    held, ended = days_ended(lead), days_ended(other)
    return (held is not None and ended is not None and held.days != ended.days
            and _verb_of(held.doing) == _verb_of(ended.doing))


def _verb_of(doing: tuple[str, ...]) -> str:
    """What is done in a doing ``_doing_of`` read, without who does it: ("we", "deploy") and
    ("the", "team", "deploys") are both "deploy"."""
    words = list(doing)
    if words[:2] in (["the", "team"], ["our", "team"]):
        words = words[2:]
    elif words[:1] == ["we"]:
        words = words[1:]
    return _stem(words[0]) if words else ""


def _both_end_days(lead: str, other: str) -> tuple[frozenset[str], frozenset[str]] | None:
    """The days ``lead`` ends and the days ``other`` ends, when each is a plain "who no longer
    does what on which day(s)" (``days_ended``) of the same thing done, whoever said does it
    ("We no longer deploy on Fridays" / "The team no longer deploys on Mondays": held to the same
    who, the Monday one was put in the Friday one's place, 'previously: We no longer deploy on
    Fridays', a ban still current lost); else None."""
    held, ended = days_ended(lead), days_ended(other)
    if held is None or ended is None or _verb_of(held.doing) != _verb_of(ended.doing):
        return None
    return held.days, ended.days


def days_of_other_doings(lead: str, other: str) -> bool:
    """``lead`` and ``other`` each a plain recurring day (or "We no longer deploy on Tuesdays; we
    deploy on Thursdays") of another thing done ("deploy" / "release"): two habits, however
    alike in wording, neither the newer of the other (the next dream with no new session pruned
    'We no longer deploy on Tuesdays; ...' as superseded by the release one)."""
    if len(lead) > MAX_SENTENCE or len(other) > MAX_SENTENCE:
        return False
    held, said = day_said(lead, only=True), day_said(other, only=True)
    return held is not None and said is not None and held.verb != said.verb


# a weekday named, to read no further a sentence that names none
_ANY_WEEKDAY = rx.compile(rf"\b{WEEKDAY_NAME}", re.I)


def switched_off_the_day_of(lead: str, other: str) -> bool:
    """``other`` is one plain day switch of a thing done ("We deploy on Thursdays now, not
    Tuesdays.") and ``lead`` a sentence of that thing done that names the day left and not the
    day taken ("We deploy only on Tuesdays.", "Deploys happen only on Tuesdays and Thursdays."):
    the rule the switch was not written into (two rules of that doing, or one of two days), which
    ``merge_near_duplicates`` keeps apart: merged, the dream after them with no new session put
    the Tuesday rule and its switch away from Tuesdays in one file, neither told older."""
    if len(lead) > MAX_SENTENCE or not _ANY_WEEKDAY.search(lead):
        return False
    told = day_said(other)
    if told is None or told.left is None:
        return False
    return (re.search(rf"\b{told.left}s?\b", lead, re.I) is not None
            and re.search(rf"\b{told.day}s?\b", lead, re.I) is None
            and re.search(rf"\b{re.escape(told.verb)}", lead, re.I) is not None)


def ends_the_day_of(held: str, said: str) -> bool:
    """``said`` ends the day ``held``, a plain recurring day, gives, of the same who and what
    ("We no longer deploy on Fridays or Tuesdays" of "We deploy on Tuesdays")."""
    ended = days_ended(said)
    if ended is None or len(held) > MAX_SENTENCE:
        return False
    gives = day_said(held, only=True)
    return gives is not None and gives.doing == ended.doing and gives.day in ended.days


def gives_a_day_ended(live: list[Entry], said: str) -> Entry | None:
    """The one project or feedback entry whose whole rule is the same who and what on a day
    ``said`` ends ("We deploy on Tuesdays." for "We no longer deploy on Tuesdays"): the memory
    it ends, however alike another is in wording (the nearest was "We no longer deploy on
    Fridays", rewritten, and the Tuesday rule left current). None when there is none or more
    than one."""
    if days_ended(said) is None:
        return None
    found = [entry for entry in live if entry.type in ("project", "feedback")
             and len(entry.statements) == 1 and ends_the_day_of(entry.statements[0], said)]
    return found[0] if len(found) == 1 else None


def ends_then_says(lead: str, said: str) -> bool:
    """``said`` is one plain "We no longer deploy on Tuesdays; we deploy on Thursdays", the day
    left and the new day of the same who and what, and ``lead`` no older sentence of that kind
    of the same who and what. Where no memory of that doing was switched by it (``day_entry``
    found none), the memory it is nearest to is no older wording of it: "Hotfixes deploy on
    Thursdays" beside it was put in history, a current fact lost. The memory that is the
    sentence, said again, is confirmed; one that told the days otherwise is its older wording
    (kept beside it, the next dream with no new session pruned it)."""
    if "longer" not in said:
        return False
    told = day_said(said)
    if told is None or told.left is None:
        return False
    held = day_said(lead) if "longer" in lead else None
    return held is None or held.left is None or held.doing != told.doing
