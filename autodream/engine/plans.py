"""Plans over time: whether a statement plans another thing, puts a plan off, or tells it done."""

from __future__ import annotations

import re
from datetime import date, timedelta
from itertools import pairwise
from typing import NamedTuple

from autodream import rx
from autodream.engine.dates import (
    WEEKDAY_NAME,
    When,
    date_mentions,
    is_standing,
    last_mention,
    latest_date,
    plan_cancelled,
    retell,
    says_past,
    tell_as_past,
    was_planned,
    weekday_beside,
)
from autodream.engine.entries import (
    Entry,
    change_line,
    title_for,
    update_line,
)
from autodream.engine.model import Candidate, Cluster, Source
from autodream.engine.replacement import (
    _EVENT_FRAME,
    _FORBIDS,
    _ISO_DAY,
    _MOVE_WORDS,
    _MOVED_WHAT,
    _NOT_A_THING,
    _SAID_ALIKE,
    _changed_value,
    _event_words,
    _not_named,
    _tells_a_change,
    _value_change,
    _words,
    choice_difference,
    same_values,
)
from autodream.engine.sentence_kinds import OUTCOME_TOLD, state_told
from autodream.engine.text import (
    CALENDAR_WORDS,
    STOPWORDS,
    first_token,
    slug,
    tokens,
    word_set,
)
from autodream.engine.tool_kinds import (
    tools_in,
)
from autodream.engine.versions import (
    split_version,
    tool_pattern,
    version_switch,
)


def _past_title(name: str, today: date, *, as_planned: bool = False) -> str:
    """A plan's title once its date has passed. The date it names is said once and a name keeps
    its capital ("Was planned: Priya joins the team on 2026-07-13", not "Was planned for
    2026-07-13: priya joins the team on 2026-07-13"; "Was planned: the code freeze starts on
    ..."), within the length of any title.
    ``as_planned``: the statement is told "Was planned: ..." in its own words, and so is the
    title ("The SOC2 audit is on 2026-01-15" of "..., so freeze the infra changes" is not "The
    SOC2 audit was on 2026-01-15" over it)."""
    told = tell_as_past(name, today)
    if told is None:
        told = retell(name)
        if as_planned and told != name and not told.startswith("Was planned"):
            told = was_planned(name)
        # ("Was planned: The user is giving a talk about csvstat" may be over the length)
        return title_for(told, whole=True) if told.startswith("Was planned") else told
    when = last_mention(name)
    if (told.startswith("Was planned") and when is not None and when.phrase in name) or (
            as_planned and not told.startswith("Was planned")):
        # ("Was planned: the release freeze starts on ...", as the body says it: a capital
        # after the colon is kept only by a name, "Was planned: Priya joins the team ...")
        told = was_planned(name)
    return title_for(told, whole=True)


# A number right after a name is its version when the phrase ends there or goes on with a
# small word ("MySQL 8 for the main database") or says where or when it is used ("Postgres 15
# locally", "Node 20 everywhere"), not a count ("Heroku 2 times a day").
_SMALL_WORD = "|".join(sorted(STOPWORDS, key=lambda word: (-len(word), word)))
_WHERE_USED = (r"[a-z]+ly|everywhere|anywhere|today|anymore|already|still|yet|"
               r"in-house|on-prem(?:ises)?")
_VERSION_END = rf"(?=\s*(?:[.,;:!?)]|$)|\s+(?:{_SMALL_WORD}|{_WHERE_USED})\b)"


# The words of a plan that are no part of what it is about: its date, and how it is told
_PLAN_TELLING = frozenset({"plann", "plan", "schedul", "due", "week", "month"})


def _what_is_planned(text: str) -> frozenset[str]:
    return frozenset(t for t in tokens(text) if t not in _PLAN_TELLING
                     and t not in CALENDAR_WORDS and not any(c.isdigit() for c in t))


# whom to ask, for what, in a colleague's stand-in ("Until 2026-07-17, ask Raj about billing
# (Ana is out).", "Ana is out in the week of 2026-07-13, ask Mei about payroll.")
_STANDS_IN = rx.compile(r"\bask\s+(?P<other>[A-Z][a-z]+)\s+(?:about|for|re)\s+"
                        r"(?P<what>[^.(]+?)\s*(?:\(|\.?$)")


def stand_ins_apart(one: str, other: str) -> bool:
    """Two stand-ins of others, or for other work ("ask Raj about billing", "ask Mei about
    payroll"): told in the same words but the names, they were one memory, Mei's lost."""
    if "ask " not in one or "ask " not in other:
        return False
    a, b = _STANDS_IN.search(one), _STANDS_IN.search(other)
    return a is not None and b is not None and (
        a["other"] != b["other"] or a["what"].lower() != b["what"].lower())


def another_plan(cand: Candidate, entry: Entry) -> bool:
    """``cand`` plans another event than ``entry`` does, on another day: "The release is on
    2026-07-24" is not the "code freeze starts on 2026-07-13", however alike two short dated
    sentences read; a plan moved keeps a word of what moved ("The release moved to ..."). On the
    same day, one names another event before it: "The release party is on 2026-07-24"."""
    if entry.type == "project" and stand_ins_apart(cand.text, entry.lead):
        return True
    if cand.kind != "plan" or entry.type != "project":
        return False
    said, planned = last_mention(cand.text), last_mention(entry.lead)
    if other_events_that_day(cand.text, entry.lead):
        # ("The release party is on 2026-07-24" of "The release is on 2026-07-24")
        return True
    if said is not None and planned is not None and said.last != planned.last and (
            names_another_event(LIST_MARK.sub("", entry.lead), cand.text)):
        # ("The release is now on 2026-07-16" of "The release party is on 2026-07-17")
        return True
    return (said is not None and planned is not None and said.last != planned.last
            and (not _what_is_planned(cand.text) & _what_is_planned(entry.lead)
                 or _named_apart(entry.lead, cand.text) or _once_more(cand.text)
                 or named_with_more(entry.lead, cand.text)))


# "slipped again", "pushed back again": the same event moved once more
_MOVED_AGAIN = rx.compile(
    r"\b(?:slip|push|mov|delay|postpon|reschedul|bump|shift)\w*(?:\s+\w+)?\s+again\b", re.I)


def _once_more(text: str) -> bool:
    """``text`` plans the event once more, on its own day ("I'm on call again the week of
    2026-11-16"): a new period of what recurs, not the past one moved, which stays told as
    past."""
    return "again" in text.lower() and re.search(r"\bagain\b", text, re.I) is not None and (
        _MOVED_AGAIN.search(text) is None)


def _slugs_whole(name: str) -> bool:
    """Every word of ``name`` is in its slug, and none is a lone letter ("C++" slugs to "c")."""
    words = re.findall(r"[a-z0-9]+", name.lower())
    return bool(words) and slug(name).split("-") == words and all(len(w) > 1 for w in words)


def _slug_has(slugged: str, part: str) -> bool:
    """``part``'s words stand together, whole, in ``slugged`` ("ci-runs-jenkins" has "jenkins",
    not "jen")."""
    return re.search(rf"(?:^|-){re.escape(part)}(?:-|$)", slugged) is not None


def _slug_switched(slugged: str, was: str, now: str) -> str:
    """``slugged`` with the words of ``was`` put in place of ``now``'s, or the two swapped where
    it names both ("ruff-format-instead-black" -> "black-instead-ruff-format")."""
    words, a, b = slugged.split("-"), was.split("-"), now.split("-")
    both = _slug_has(slugged, now)
    out: list[str] = []
    i = 0
    while i < len(words):
        if words[i:i + len(a)] == a:
            out += b
            i += len(a)
        elif both and words[i:i + len(b)] == b:
            out += a
            i += len(b)
        else:
            out.append(words[i])
            i += 1
    return "-".join(out)


def _changed_when(cand: Candidate) -> str:
    """When a value changed: the date a clause telling that the change was made gives ("...,
    we moved it on 2026-07-06"), else the day it was said. A date in what holds now ("the
    release is now on 2026-07-31") is the value, not when it changed."""
    told = state_told(cand.text)
    return _done_by(last_mention(told[1]) if told is not None else None, cand)


def _when_done(cand: Candidate) -> str:
    """When a switch happened: the date it was said to be done ("last week we moved CI ..."
    is dated "in the week of" that Monday), else the day it was said."""
    return _done_by(last_mention(cand.text), cand)


def _done_by(when: When | None, cand: Candidate) -> str:
    """``when``, if it is no later than the day ``cand`` was said, else that day."""
    if when is not None and when.last <= cand.source.day:
        return when.prepositional
    return f"on {cand.source.day.isoformat()}"


# What holds the new version ("the staging servers are on Node 20 now"), and where alone an
# upgrade was made ("... on staging only", "... in the Lambda functions only", "... on
# staging"). Production is where an unqualified fact holds, so it narrows nothing, and "all
# services" is everything.
_HELD_BY = rx.compile(
    r"^(?:(?:fyi|btw|note|heads[- ]up|also|and|so)[,:]?\s+)?(?:(?:the|our)\s+"
    r"(?P<held>[\w-]+(?:\s+[\w-]+){0,2}?)|(?P<env_held>staging|dev|qa|preview|canary|sandbox))"
    r"(?:'re|'s|\s+(?:are|is))\s+(?:now\s+)?"
    r"(?:on|using|running|use|run)\s", re.I)
_ONLY_WHERE = rx.compile(
    r"\b(?:on|in|for)\s+(?:the\s+|our\s+)?(?P<only>[\w-]+(?:\s+[\w-]+){0,2}?)\s+only\b"
    # "..., but only for the hyperparameter sweeps", "just for the nightly jobs": the words
    # up to where the clause ends
    r"|\b(?:only|just)\s+(?:on|in|for)\s+(?:the\s+|our\s+)?"
    r"(?P<first>[\w-]+(?:\s+[\w-]+){0,2})(?=\s*(?:[.,;:!?)]|$))"
    r"|\b(?:on|in)\s+(?P<env>staging|dev|development|test|testing|qa|preview|canary|sandbox|"
    # ... unless production is named with it: "in staging and prod" is everywhere, no limit
    r"beta)\b(?!(?:\s*,\s*[\w-]+)*\s*,?\s*(?:and|&)\s+(?:in\s+|on\s+)?(?:prod|production)\b)",
    re.I)


def _moved_words(said: str) -> list[str]:
    """The words of what a move says moved ("design docs"), with where alone it was made
    ("staging"), or none ("On 2026-07-12 we switched ..." names no thing)."""
    m = _MOVED_WHAT.search(said) or _HELD_BY.search(said)
    words = m[next(k for k, v in m.groupdict().items() if v)].split() if m else []
    if any(w.lower() in _NOT_A_THING or re.fullmatch(r"[\d-]+", w) for w in words):
        words = []
    up = version_switch(said)
    tool = split_version(up[0]) if up else None
    if tool is not None:
        # "Upgraded PG to 16" moved no thing but the tool, under any of its names
        words = [w for w in words if not re.fullmatch(tool_pattern(tool[0]), w, re.I)]
    # (not "only for the sweeps" told first: "We go back to wandb, but only for the sweeps" is
    # of the entry on wandb and mlflow, which need not name the sweeps)
    return words + only_where(said, told_first=False).removeprefix("the ").split()


def only_where(said: str, *, told_first: bool = True) -> str:
    """Where alone a switch was made ("the Lambda functions" of "... in the Lambda functions
    only", "the sweeps" of "..., but only for the sweeps"), or ""; ``told_first``: with "only"
    before where, too."""
    m = _ONLY_WHERE.search(said)
    if m is None or (m["first"] and not told_first):
        return ""
    words = (m["only"] or m["first"] or m["env"]).split()
    if any(w.lower() in _NOT_A_THING or re.fullmatch(r"[\d-]+", w) for w in words):
        return ""
    return ("the " if "the" in m[0].lower().split()[1:3] else "") + " ".join(words)


# "we moved the release to 2027-03-10", "the launch slipped to March 2027": a date put off or
# brought forward, what moved said after the verb or before it
# ("slips", "delays", "pushes": told in the present too)
_RESCHEDULING = (r"(?:mov(?:e|es|ed|ing)|push(?:es|ed|ing)?|postpon(?:e|es|ed|ing)|"
                 r"delay(?:s|ed|ing)?|reschedul(?:e|es|ed|ing)|shift(?:s|ed|ing)?|"
                 r"bump(?:s|ed|ing)?|slip(?:s|ped|ping)?|slid(?:e|es|ing)?|brought|"
                 r"pull(?:s|ed|ing)?|extend(?:s|ed|ing)?)")
_RESCHEDULED_TO = rx.compile(
    rf"\b{_RESCHEDULING}\s+(?:(?:back|out|forward|up|in)\s+)?(?P<what>(?:(?:the|our)\s+)?"
    rf"[\w.-]+(?:\s+[\w.-]+){{0,3}}?)\s+(?:(?:back|out|forward|up)\s+)?to\s+|"
    # "The 4.0 launch slipped to ...": a version names which launch
    rf"^(?P<subject>(?:(?:the|our)\s+)?[\w.-]+(?:\s+[\w.-]+){{0,3}}?)\s+(?:(?:was|were|got|is|"
    rf"are|has\s+been|have\s+been|'s)\s+)?{_RESCHEDULING}\s+(?:(?:back|out|forward|up)\s+)?"
    rf"to\s+|"
    # "The 1.4 release slipped, it's now 2026-07-17": the day it moved to said after a pause
    rf"^(?P<slipped>(?:(?:the|our)\s+)?[\w.-]+(?:\s+[\w.-]+){{0,3}}?)\s+(?:(?:was|were|got|is|"
    rf"are|has\s+been|have\s+been|'s)\s+)?{_RESCHEDULING}(?:\s+(?:again|back|out))?\s*[,;:]\s*"
    rf"(?:(?:and\s+)?(?:it|that)(?:'s|\s+is)\s+|so\s+)?now\s+(?:(?:on|for|set\s+for)\s+)?|"
    # "They've pushed the launch back a week, it's now 2026-12-11", "Acme have moved the
    # launch again, it's now ...": what moved after the verb, the day it is on now after a pause
    rf"\b{_RESCHEDULING}\s+(?:(?:back|out|forward|up)\s+)?(?P<moved>(?:the|our)\s+[\w.-]+"
    rf"(?:\s+[\w.-]+){{0,2}}?)(?:\s+(?:back|out|forward|up))?(?:\s+(?:by\s+)?(?:a|an|one|two|"
    rf"three|a\s+couple\s+of)\s+(?:days?|weeks?|fortnight|months?))?(?:\s+again)?\s*[,;:]\s*"
    rf"(?:(?:and\s+)?(?:it|that)(?:'s|\s+is)\s+|so\s+)now\s+(?:(?:on|for|set\s+for)\s+)?",
    re.I)
# A move that can only put a day later ("got extended", "pushed back", "postponed", "slipped"),
# not one brought forward ("moved up", "pulled in")
_PUT_LATER = rx.compile(
    r"\b(?:extend(?:s|ed|ing)?|postpon(?:e|es|ed|ing)|delay(?:s|ed|ing)?|slip(?:s|ped|ping)?|"
    r"push(?:es|ed|ing)?(?:\s+(?:back|out))?)\b(?!\s+(?:forward|up|in)\b)", re.I)


def put_later_to_earlier(said: str, was: str, now: str) -> bool:
    """``said`` puts a plan later ("the workshop deadline got extended") to ``now``, a day
    before the one it was on, ``was``: the day is misread or misspoken, no move to make."""
    if _ISO_DAY.fullmatch(was) is None or _ISO_DAY.fullmatch(now) is None or now >= was:
        return False
    return _PUT_LATER.search(said) is not None


# A plan the entry already tells as past ("Was planned: ...", "Was planned for 2026-07-15: ...",
# "We planned to ...", "The audit was on ...")
_TOLD_PAST = rx.compile(r"^(?:Was planned for|We planned to)\b|\b(?:was|were)\b|"
                        r"\b(?:had|was|were) to\b", re.I)


def _put_off(plan: str, said: str) -> tuple[str, str, str] | None:
    """For a plan and a move of its date said after it in one dream ("The beta ships on
    2026-08-01", "The beta slipped to 2026-08-15"): the plan in its own words with the new
    date, the old date and the new one, as ``_reschedule`` puts a remembered plan. None when
    the move is of something else, the plan has more dates than one, or the dates are not
    written alike."""
    moved = moved_to_day(said)
    if moved is None or _TOLD_PAST.search(plan):
        return None
    thing, now = moved
    # one date in all the plan: in "ships between 2026-08-01 and 2026-08-05" which moved is
    # not told
    dates = {d.lower(): d for d in date_mentions(plan)}
    if len(dates) != 1 or now.lower() in dates or not _about_event(thing, plan) or (
            names_another_event(plan, said)):
        return None
    (was,) = dates.values()
    if (_ISO_DAY.fullmatch(was) is None) != (_ISO_DAY.fullmatch(now) is None) or any(
            d.lower().startswith("week") for d in (was, now)):
        return None
    put = re.sub(rf"(?<![\w.-]){re.escape(was)}(?![\w-]|\.\d)", now, plan)
    return weekday_beside(put, now), was, now


# "The release moved, it goes out on 2026-11-13 now", "Release moved AGAIN, new date is
# 2026-11-20": what moved said first, the day it moved to later in the sentence, told as where
# it stands now
_MOVED_THEN = rx.compile(
    rf"^(?P<moved>(?:(?:the|our)\s+)?[\w.-]+(?:\s+[\w.-]+){{0,3}}?)\s+(?:(?:was|were|got|has\s+"
    rf"been|have\s+been)\s+)?{_RESCHEDULING}(?:\s+(?:again|back|out))?\s*[,;:]\s+", re.I)
_NEW_DAY = rx.compile(r"\bnew\s+(?:date|day)\s+is\s+(?:now\s+)?(?:on\s+)?$|\bnow\s+(?:on\s+)?$",
                      re.I)
# "Invoices v2 goes out on 2026-11-13 now, not 2026-11-02": the day put against the one it
# replaces
_NOW_NOT_DAY = rx.compile(r"\s+now\s*[,;]?\s+(?:and\s+)?not\s+(?:on\s+)?", re.I)


def day_put_against(said: str) -> tuple[str, str] | None:
    """The day a plan was on and the one it is on now, for "... goes out on 2026-11-13 now, not
    2026-11-02": ("2026-11-02", "2026-11-13"); None for any other sentence."""
    if "not" not in said or "now" not in said:
        return None
    days = date_mentions(said)
    for now, was in pairwise(days):
        at = said.find(now) + len(now)
        m = _NOW_NOT_DAY.match(said, at)
        if m is not None and said.startswith(was, m.end()) and was != now:
            return was, now
    return None


# What a plan is of, as it is mostly said: its words before the verb ("The 2.1 release is ...")
_PLAN_SUBJECT = r"^(?P<what>[\w.-]+(?:\s+[\w.-]+){0,5}?)\s+(?:is|are)\s+"
# "The 2.1 release is actually on 2026-07-24, not on 2026-07-20.": a plan's day put right with
# no word of a move: the sentence is no more than what it is of, the new day and the old
# ("now" there is day_put_against's; a condition, hedge or second fact after the old day, "...,
# unless QA slips", is more than the day put right, and is read as before)
_DAY_PUT_RIGHT = rx.compile(
    rf"{_PLAN_SUBJECT}(?:actually\s+|really\s+|in\s+fact\s+)?(?:on\s+)?(?P<now>\d{{4}}-\d{{2}}-\d{{2}}),?"
    r"\s+not\s+(?:on\s+)?(?P<was>\d{4}-\d{2}-\d{2})(?:,?\s+since\s++[^\s,.;:!?][^,.;:!?]{0,59})?\s*+[.!]?$",
    re.I)
# (a "since" left after the old day tells from when the plan is on the new one, "..., since
# the week of 2026-06-22": a reason after "since" is split off the sentence before,
# wording._split_why, and is the plan's Why; its blanks are read once, by "\s++" and by
# "\s*+" at the end: a run of blanks both the aside and what follows could take was tried
# every way, minutes on 20,000 blanks)
# A plan's lead that is no more than what it is of and its day ("The 2.1 release is on
# 2026-07-20."): one that names another event ("..., and so is the retro", "..., the same day as
# the board meeting") would move that event with it
_PLAN_OF_DAY = rx.compile(
    rf"{_PLAN_SUBJECT}(?:on\s+)?(?P<day>\d{{4}}-\d{{2}}-\d{{2}})\s*[.!]?$", re.I)


class DayPutRight(NamedTuple):
    """A plan's day put right: what the plan is of (its words before the verb, lower case),
    the day it was on and the day it is on."""

    what: str
    was: str
    now: str


def _subject(m: re.Match[str]) -> str:
    return " ".join(m["what"].lower().split())


def day_put_right(said: str) -> DayPutRight | None:
    """("the 2.1 release", "2026-07-20", "2026-07-24") for "The 2.1 release is actually on
    2026-07-24, not on 2026-07-20."; None for any other sentence."""
    m = _DAY_PUT_RIGHT.match(said.strip())
    if m is None or m["now"] == m["was"]:
        return None
    return DayPutRight(_subject(m), m["was"], m["now"])


def plan_of_day(lead: str) -> tuple[str, str] | None:
    """What a plan's lead is of, as ``day_put_right`` gives it, and its day: ("the 2.1
    release", "2026-07-20") for "The 2.1 release is on 2026-07-20."; None when the lead says
    more or other than that."""
    m = _PLAN_OF_DAY.match(lead)
    return (_subject(m), m["day"]) if m is not None else None


# "The workshop deadline is now on 2026-11-30": a plan's day told as where it stands now, no
# word of the move ("deadline extended again!" said before it)
_NOW_ON_DAY = rx.compile(
    r"^(?P<moved>(?:(?:the|our)\s+)?[\w.-]+(?:\s+[\w.-]+){0,3}?)\s+(?:is|are)\s+now\s+"
    r"(?:on\s+|due\s+(?:on\s+)?|set\s+for\s+)?", re.I)


def _moved_then(said: str) -> tuple[frozenset[str], str] | None:
    """``moved_to_day`` for a move told first and its day after a pause (``_MOVED_THEN``), or a
    day told as the one it is on now (``_NOW_ON_DAY``)."""
    m = _MOVED_THEN.match(said)
    if m is None:
        now = _NOW_ON_DAY.match(said)
        days = date_mentions(said[now.end():]) if now is not None else []
        # (told with more after it, "..., we moved it yesterday", it is news of its own)
        if now is None or not days or not said.startswith(days[0], now.end()) or (
                said[now.end() + len(days[0]):].strip(" .!")):
            return None
        thing = tokens(now["moved"])
        return (thing, days[0]) if thing else None
    rest = said[m.end():]
    for day in date_mentions(rest):
        at = rest.find(day)
        if _NEW_DAY.search(rest, 0, at) or _NOW_AFTER_DAY.match(rest, at + len(day)):
            thing = tokens(m["moved"])
            return (thing, day) if thing else None
    return None


_NOW_AFTER_DAY = rx.compile(r"\s+now\b", re.I)


_BY_ANOTHER_EVENT = rx.compile(
    r"(?:after|before)\s+(?:the\s+|our\s+)?[\w.-]+(?:\s+[\w.-]+)?\s+(?:on|in)\s+", re.I)


_WEEKDAY_FIRST = rx.compile(rf"{WEEKDAY_NAME},?\s+", re.I)


def moved_to_day(said: str) -> tuple[frozenset[str], str] | None:
    """What a move of a date says moved, and the date it moved to: ({"release"}, "2027-03-10")
    for "We moved the release to 2027-03-10"."""
    m = _RESCHEDULED_TO.search(said)
    if m is None:
        return _moved_then(said) if "now" in said or "new" in said else None
    rest = said[m.end():]
    after = date_mentions(rest)
    thing = tokens(m["what"] or m["subject"] or m["slipped"] or m["moved"] or "")
    if after and (named := _WEEKDAY_FIRST.match(rest)) and rest.startswith(after[0], named.end()):
        # "The demo slipped to Monday 2026-07-20": the day with its weekday (it was no move,
        # the plan kept on its Friday beside the words of the move)
        rest = rest[named.end():]
    if not after or not thing:
        return None
    if not rest.startswith(after[0]):
        # "The review moved to after the launch on 2026-07-22": its day told by another event's
        rel = _BY_ANOTHER_EVENT.match(rest)
        if rel is None or not rest.startswith(after[0], rel.end()):
            return None
        return thing, rest[: rel.end()] + after[0]
    return thing, after[0]


# A plan may come to pass a little before its day ("launched on 2026-07-15", planned for the
# 17th); one due later than this after the day it was done is another event, still ahead.
_EARLY = timedelta(days=7)


# Told in the past, yet of a plan: "The migration was scheduled for ...", "We scheduled the
# demo on ...", "The release was supposed to ship on ..."
_STILL_PLANNED = rx.compile(r"\b(?:schedul|plann|due\b|expected|slated|supposed|meant|"
                            r"going\s+to|was\s+to|were\s+to)", re.I)


def _done_on(cand: Candidate) -> date | None:
    """The day ``cand`` tells something was done on ("V2 launched on 2026-07-15"): a fact told
    in the past with its date; None for anything else, a date put off included ("we pushed
    the launch to 2026-07-15")."""
    if cand.of_plan:
        # ("SOC2 evidence got submitted ...": past, not so worded; "PCI audit went fine": by
        # the day it is told)
        return latest_date(cand.text) or (
            cand.source.day if OUTCOME_TOLD.match(cand.text) else None)
    if (cand.kind != "fact" or not says_past(cand.text) or moved_to_day(cand.text) is not None
            or _STILL_PLANNED.search(cand.text)):
        return None
    return latest_date(cand.text)


# (and how it went, which names nothing either: "release 2.3 went out fri, all good")
_DONE_WORDS = word_set("""got shipped submitted delivered handed turned sent filed completed
    finished wrapped went live signed all good fine well smoothly smooth ok okay great""")


def _same_event(plan: str, done: str) -> bool:
    """``done`` tells of the thing ``plan`` plans, said perhaps with a word more on either
    side ("The release shipped on ..." of "The release is on ..."), a verb for a noun ("We
    launched v2" of "The v2 launch"); not another one on the same day ("The code freeze is on
    2026-07-10" / "The release was on 2026-07-10")."""
    planned, told = _event_words(plan), _event_words(done)
    # how it was done names nothing of what ("We shipped 1.4" of "The 1.4 release")
    told = [w for w in told if w not in _DONE_WORDS] or told
    if not planned or not told:
        return False
    return not _not_named(planned, told) or not _not_named(told, planned)


# How a planned thing comes out, which says nothing of which thing it is
_COMING_OUT = word_set("""ship ships shipping release releases releasing launch launches
    launching out live go goes going land lands landing""")


def _one_event(plan: str, said: str) -> bool:
    """``said`` plans what ``plan`` does, named alike but for how it comes out ("Beta release is
    on ..." of "The beta ships on ..."); not another thing ("The GA ships on ..."), nor one
    more ("The beta demo is on ...")."""
    if _FORBIDS.search(said) or _FORBIDS.search(plan):
        return False  # ("The beta is not shipping on ...": the words but one a stopword)
    planned, told = _named_to_come_out(plan), _named_to_come_out(said)
    return bool(planned and told) and not _not_named(planned, told) and not _not_named(
        told, planned)


def named_within(said: str, plan: str) -> bool:
    """What ``said`` names before its day is all named before ``plan``'s ("Code freeze on ..."
    of "Code freeze for invoices v2 is on ..."): the one event, said shorter."""
    if _FORBIDS.search(said) or _FORBIDS.search(plan):
        return False  # ("The beta is not shipping on ...")
    told = _what_comes_out(_before_the_day(said))
    return bool(told) and set(told) <= set(_what_comes_out(_before_the_day(plan)))


# Who is at one event, or away from it ("The user will attend the design review on ...", "We
# can't make the design review on ...", "Sam is joining the offsite", "We'll skip ..."): said of
# the event, it is no new plan of it (a deadline not met is: "We can't make the deadline on
# ..."). A contraction hangs on the subject ("We'll", "We’re"); "going to" before a verb is the
# future ("We're going to miss ..."), before an event a going there ("going to the offsite").
_WILL = r"(?:\s+will|['’]ll)"
_BE = r"(?:\s+(?:is|are|am)|['’](?:m|re|s))"
_AT_THE_EVENT = rx.compile(
    r"^(?P<who>the\s+user|we|i|they|(?-i:[A-Z])[a-z]+)(?:"
    rf"(?:{_WILL}|{_BE}(?:\s+going\s+to)?)\s+(?:(?:be\s+able\s+to|have\s+to)\s+)?"
    r"(?:attend(?:ing)?|join(?:ing)?|go(?:ing)?\s+to(?=\s+(?:the|our|my|a|an|this|next)\s|"
    r"\s+(?-i:[A-Z]))|be\s+at|present(?:ing)?\s+at)|"
    rf"(?:\s+(?:can['’]t|cannot|can\s+not|won['’]t|will\s+not)|['’]ll\s+not|"
    rf"{_BE}\s+not\s+(?:going|able)\s+to|\s+(?:isn['’]t|aren['’]t)\s+(?:going|able)\s+to)\s+"
    r"(?:be\s+able\s+to\s+)?"
    r"(?:make(?:\s+it)?(?:\s+to)?|attend|join|go\s+to|come\s+to|be\s+(?:at|there\s+for))|"
    rf"(?:{_WILL}|{_BE}\s+going\s+to)\s+(?:have\s+to\s+)?(?:miss|skip)|"
    rf"{_BE}\s+(?:missing|skipping))\s+"
    r"(?!(?:the\s+|a\s+|our\s+|my\s+)?(?:[\w-]+\s+){0,3}(?:deadline|cut-?off)s?\b)", re.I)
# A word opening a sentence capitalised that names a thing, not someone at an event ("Release
# will go to prod ...", "Main will join the release branch ...")
_NO_ONE = STOPWORDS | _COMING_OUT | _EVENT_FRAME | _DONE_WORDS | CALENDAR_WORDS | word_set(
    """main master trunk develop dev prod production staging branch build builds deploy
    deploys deployment code app api service team everything nothing beta alpha ga rc""")


def _at_the_event(text: str) -> bool:
    """``text`` tells who is at a planned event, or away from it: the user, we, they, or
    someone by name (not a thing named first: "Release will go to prod on ...")."""
    m = _AT_THE_EVENT.match(text)
    if m is None:
        return False
    who = m["who"]
    return " " in who or who.lower() in ("i", "we", "they") or (
        who.lower() not in _NO_ONE and not tools_in(who))


def entry_said_on(text: str, entries: list[Entry]) -> Entry | None:
    """The entry whose whole lead ``text`` opens with and goes on from ("We use pytest" in "We
    use pytest with the xdist plugin for parallel test runs"): it says all the entry says and
    more, however unlike the two read once the words more outweigh it (they made two memories
    of pytest). The longest such lead wins; one of a word or two says too little to go on."""
    said = text.lower()
    found: Entry | None = None
    for entry in entries:
        lead = LIST_MARK.sub("", entry.lead).rstrip(" .!").lower()
        if (len(lead) > len(said) or not said.startswith(lead) or len(lead.split()) < 3
                or not _GOES_ON.match(said, len(lead))):
            continue
        if found is None or len(lead) > len(found.lead):
            found = entry
    return found


# What goes on from a statement with more of the same: "... with the xdist plugin", "... for
# the API", "..., and ..."; not a turn against it ("..., but not ...", "... no longer")
_GOES_ON = rx.compile(r"(?:\s+|,\s+)(?!(?:but|not|no|never|except|until|unless|anymore|"
                      r"any\s+more|no\s+longer)\b)\w")


# What may follow the name of a planned event and tell no other one ("the Acme launch date",
# "the launch happens on ...", "the launch now"): unlike "the Acme launch retro"
_SAME_EVENT = tokens("""date day deadline time now instead itself again then still also
    happen happens moving moves moved go goes going slips slipped shift shifted land lands take
    takes start starts begin begins fall falls kick kicks got gets will ll re""")


def another_event(said: str, lead: str, same: frozenset[str] = _SAME_EVENT) -> bool:
    """``said`` names a thing right after a word of the plan in ``lead`` that ``lead`` does not
    name: "the Acme launch retro", "the Acme launch party", "the Bramble invoice reminder" are
    other events than "The Acme launch" or "... invoice Bramble by ...", however many words
    they share; a word of ``same`` after it names none."""
    planned = tokens(lead)
    for clause in re.split(r"[,.;:!?()]", said.lower()):
        words = [first_token(w) for w in clause.split()]
        if any(a in planned and b and b not in planned and b not in same
               and b.isalpha() for a, b in pairwise(words)):
            return True
    return False


def plans_other_things(old: Candidate, new: Candidate) -> bool:
    """``new`` plans another thing than ``old``, on another day, though the two read alike
    (``_named_apart``)."""
    if stand_ins_apart(old.text, new.text):
        return True
    if old.kind != "plan" or new.kind != "plan":
        return False
    if _at_the_event(old.text) != _at_the_event(new.text):
        # "I will attend the design review on ..." is who is there, not the review planned
        # again: one beside the other, each is kept
        return True
    if (plan_cancelled(old.text) is None) != (plan_cancelled(new.text) is None):
        # "The release is cancelled" is no plan said again: it calls one off, on its own
        return True
    was, now = last_mention(old.text), last_mention(new.text)
    if other_events_that_day(old.text, new.text):
        # "The release party is on 2026-07-24" said beside "The release is on 2026-07-24":
        # read as one plan said again, the party stood in for the release, which was lost
        return True
    return was is not None and now is not None and was.last != now.last and (_named_apart(
        old.text, new.text) or _once_more(new.text) or names_another_event(old.text, new.text)
        or names_another_event(new.text, old.text) or named_with_more(old.text, new.text))


# What may follow the name of a plan said again on its day and name no other thing: how it
# comes out, or a word of a move ("The release ships on ...", "The release moved to ...")
_SAME_THAT_DAY = _SAME_EVENT | tokens(" ".join(sorted(_COMING_OUT | _MOVE_WORDS)))


# ... or how a plan is told ("The release is planned for ...", "The launch is set for ..."),
# or when and how it is held ("the migration window", "the design review meeting")
_SAME_PLANNED = _SAME_THAT_DAY | tokens(" ".join(sorted(_EVENT_FRAME))) | tokens(
    "window slot meeting call session")
# ... of which how it comes out names a thing ("the release")
# ... nor a day's name ("on Friday 2026-07-17")
_TELLS_NO_THING = _SAME_EVENT | tokens(" ".join(sorted(_MOVE_WORDS | _EVENT_FRAME
                                                        | CALENDAR_WORDS)))


def names_another_event(lead: str, said: str) -> bool:
    """A plan's ``lead`` names another event before its day, by a word after what ``said``
    moves, the two named as a thing ("the release party"): "The release party is on
    2026-07-17" is not moved by "The release is now on 2026-07-16" (the party, the only plan
    in memory, was moved, or lost to the release). Not a verb's object ("We release invoices
    v2 on ..." is the release), nor where ``said`` names a word the lead does not: "The
    kickoff call is now on ..." may be "The kickoff meeting" moved."""
    lead, said = _before_the_day(lead), _before_the_day(said)
    named = tokens(said) - _TELLS_NO_THING
    if not named or not named <= tokens(lead):
        return False
    for clause in re.split(r"[,.;:!?()]", lead.lower()):
        words = clause.split()
        told = [first_token(w) for w in words]
        for at in range(1, len(words)):
            other = told[at]
            if told[at - 1] not in named or not other.isalpha() or other in named or (
                    other in _SAME_PLANNED):
                continue
            first = at - 1
            while first > 0 and told[first - 1] in named:
                first -= 1
            if first > 0 and words[first - 1] in _DETERMINERS:
                return True
    return False


def named_with_more(one: str, other: str) -> bool:
    """``one`` and ``other`` count the event they both name as two of its kind, by a word before
    its name one has and the other has not, or another: "The second release is on 2026-09-20"
    plans another release than "The release is on 2026-08-04" (read as one plan said again,
    the two were one memory, and "The second release is cancelled" took the first one's line
    with it), or than "The first release is on ...". A word that names what kind of event it is
    ("the design review", "the beta release") may be left out when it is told again ("The
    review is on ..."), and a plan told as a change ("The release is now on ...") may be the
    second one moved."""
    if any(_RESCHEDULED_TO.search(said) or _tells_a_change(said) or _once_more(said)
           for said in (one, other)):
        return False
    return counted_otherwise(other, counted_names(one))


# Words before an event's name that count it as another of its kind ("the second release",
# "the other demo"); not "the last release", which may be the one there is
_ANOTHER_ONE = word_set("""second third fourth fifth sixth seventh eighth ninth tenth
    2nd 3rd 4th 5th 6th 7th 8th 9th 10th other another""")
# ... nor "the first release": with no second one it is the release, and where there is a
# second, the release named bare is the first ("Update: the demo will be on 14 July" moves
# "the first demo")
_THE_FIRST = word_set("first 1st")


def counted_names(text: str) -> dict[str, str]:
    """The events ``text`` names before its day after "the", "our", ... (each name's token),
    each with the word that counts it as another of its kind, or "" where it is named bare or
    first: {"releas": "second"} of "The second release is on ...", {"releas": ""} of "The
    release is cancelled" and of "Our first release is on ..."."""
    names: dict[str, str] = {}
    for clause in re.split(r"[,.;:!?()]", _before_the_day(text).lower()):
        words = clause.split()
        for at in range(1, len(words)):
            count = words[at] if words[at] in _ANOTHER_ONE else ""
            name_at = at + 1 if count or words[at] in _THE_FIRST else at
            if words[at - 1] not in _DETERMINERS or name_at >= len(words):
                continue
            name = first_token(words[name_at])
            if name and name not in _TELLS_NO_THING:
                names.setdefault(name, count)
    return names


def names_it_first(thing: frozenset[str], text: str) -> bool:
    """``text`` begins with ``thing``'s whole name, after "the", "our", a count at most: "The
    release is on ...", "The second release is on ..." plan a release; "It must finish before
    the release on ...", "Beta opens on ..." plan something else. The whole name, not a word
    of it: "The release is on ..." is no line of the release party (read as one, "The release
    party is cancelled" called the release off)."""
    named: set[str] = set()
    for word in text.lower().split():
        if (token := first_token(word)) in thing:
            named.add(token)  # ("the third release" of "The third release is cancelled")
        elif named or not (word in _DETERMINERS or word in _ANOTHER_ONE or word in _THE_FIRST):
            break
    return named == thing


def counted_otherwise(said: str, counted: dict[str, str]) -> bool:
    """``said`` names an event of ``counted`` as another of its kind than they do ("The second
    release is on ..." of "the release", or the other way round)."""
    named = counted_names(said)
    return any(word in named and named[word] != count for word, count in counted.items())


def states_its_day(thing: frozenset[str], text: str) -> bool:
    """``text`` gives ``thing`` itself a day: before the day, nothing but its name and how a
    plan is told ("The release moved to ...", "The release is now planned for ...", "The
    release must ship by ..."); not a fact of it with a day ("The release budget was approved
    on ...", "The release team meets on ...", "The release of v1 happened on ...")."""
    return not tokens(_before_the_day(text)) - thing - _TELLS_ITS_DAY


# (words that tell a plan's day, its count, or how sure it is, with no other thing named)
_TELLS_ITS_DAY = _SAME_PLANNED | _TELLS_NO_THING | tokens(" ".join(sorted(
    _ANOTHER_ONE | _THE_FIRST))) | tokens("must need needs should probably definitely likely")


def another_day_of(thing: frozenset[str], counted: dict[str, str], said: str) -> bool:
    """``said``, beside the plan of ``thing`` (named as ``counted``) called off, gives that very
    thing another day ("The release moved to ..."): it goes to history with the plan. A fact
    of it, an event of its own ("The release freeze starts on ...") and another one of its kind
    ("The second release is on ...") stay."""
    return (names_it_first(thing, said) and bool(date_mentions(said))
            and states_its_day(thing, said) and not names_a_part(thing, said)
            and not counted_otherwise(said, counted))


def counted_alike(said: str, counted: dict[str, str]) -> bool:
    """``said`` counts each event ``counted`` counts as another of its kind the same way: "The
    other release is on ..." of "the other release"; not "The hotfix release is on ...",
    which may be the other release or not (beside "the release", "The other release is
    cancelled" took it)."""
    named = counted_names(said)
    return all(named.get(word) == count for word, count in counted.items() if count)


def names_a_part(thing: frozenset[str], text: str) -> bool:
    """``text`` names an event of ``thing``'s own by a word after its name, before its day:
    "The release freeze starts on ...", "The release sign-off deadline is ..." are the
    release's freeze and sign-off, not the release. Only a word of ``_PARTS`` names one: any
    other word after the name may tell the release itself ("The release must ship by ...",
    "The release probably ships on ...", "The release Alice planned is on ..."), and the
    release read as a part of itself was passed over for the one other plan of a release
    there was ("the hotfix release"), which was called off in its place."""
    words = [first_token(w) for w in _before_the_day(text).lower().split()]
    return any(a in thing and b in _PARTS and b not in thing for a, b in pairwise(words))


# Nouns that, after an event's name, name an event of its own, a part of it or beside it
# ("the release freeze", "the launch party", "the demo rehearsal"); not "deadline" or "date"
# ("the release deadline" is when the release is due)
_PARTS = tokens("""freeze sign-off signoff party notes checklist retro retrospective review
    rehearsal cutoff cut-off candidate dinner celebration postmortem post-mortem kickoff
    announcement""")


_DETERMINERS = frozenset({"the", "our", "a", "an", "this", "that", "their", "your", "my", "its"})


def other_events_that_day(one: str, other: str) -> bool:
    """``one`` and ``other`` plan two events on the same day, one named before it as another
    thing after a word of the other ("The release party is on 2026-07-24" / "The release is on
    2026-07-24"): alike in words, neither is the other said again."""
    a, b = last_mention(one), last_mention(other)
    if a is None or b is None or a.last != b.last:
        return False
    one, other = _before_the_day(one), _before_the_day(other)
    return another_event(one, other, _SAME_THAT_DAY) or another_event(
        other, one, _SAME_THAT_DAY)


def _named_apart(old: str, new: str) -> bool:
    """Two plans that share a word plan two things: "They ship the GA on 2026-08-14" is not
    "They ship the beta on 2026-07-24" moved, for each names a thing the other does not once
    how it comes out is dropped. A plan moved ("The beta slips to 2026-07-31"), or said with
    words more ("Beta ships on Friday 2026-07-31 now"), is one."""
    if _other_names(_before_the_day(old), _before_the_day(new)):
        return True
    # told as a change ("The launch is now 2026-07-31", "The kickoff call is now on ..."): the
    # plan moved, whatever words it is said in
    if _RESCHEDULED_TO.search(new) or _tells_a_change(new):
        return False
    a, b = _what_comes_out(old), _what_comes_out(new)
    if not (_not_named(a, b) and _not_named(b, a)):
        return False
    # what is planned is named before its day; words after it say why or what to do ("The
    # SOC2 audit is on 2026-01-15, keep that in mind" / "..., so freeze the infra changes")
    a, b = _what_comes_out(_before_the_day(old)), _what_comes_out(_before_the_day(new))
    if not a and not b:
        # nothing but how it comes out before the day ("We ship on ..."), or the day said
        # first ("On 2026-07-24 we ship the beta"): what is planned is in the day's clause
        a, b = _what_comes_out(_the_days_clause(old)), _what_comes_out(_the_days_clause(new))
        if not a and not b:
            return False
    return not a or not b or bool(_not_named(a, b) and _not_named(b, a))


# A version ("1.4", "v2", "2.0.1") or a name written capitalised ("Acme", "SOC2"), of a word
# in a plan's words
_PLAN_NAME = rx.compile(r"(?<![\w.])(?:v?\d+(?:\.\d+)+|[vV]\d+|[A-Z][\w-]*)(?![\w.-]*\w)")


def _plan_names(words: str) -> frozenset[str]:
    """The versions and names in a plan's words but its first (capitalised as any sentence's
    start), "I" and a day's name ("Friday")."""
    return frozenset(low for m in _PLAN_NAME.finditer(words, 1)
                     if (low := m[0].lower()) != "i" and low not in CALENDAR_WORDS)


def _other_names(old: str, new: str) -> bool:
    """Each names what it plans by a version or a name, and none is the other's: "The 1.5
    release is now 2026-08-14" is not the 1.4 release moved, nor "The Globex demo is now ..."
    the Acme demo, however it is told as a change. One named and one not ("The launch is now
    ..." of "The V2 launch") may be one."""
    if not any(c.isdigit() or c.isupper() for c in old[1:]) or not any(
            c.isdigit() or c.isupper() for c in new[1:]):
        return False
    a, b = _plan_names(old), _plan_names(new)
    return bool(a and b) and a.isdisjoint(b)


def _before_the_day(text: str) -> str:
    days = date_mentions(text)
    return text[:text.find(days[0])] if days else text


def _the_days_clause(text: str) -> str:
    """The words after ``text``'s first day, to the end of its clause."""
    days = date_mentions(text)
    rest = text[text.find(days[0]) + len(days[0]):] if days else ""
    return _CLAUSE_BREAK.split(rest, maxsplit=1)[0]


_CLAUSE_BREAK = rx.compile(r"[,;:.]\s|\s[—–-]\s")


def _what_comes_out(text: str) -> list[str]:
    """What ``text`` plans, but for the words of a move, a plan or a day ("moved", "planned",
    "Friday")."""
    return [w for w in _named_to_come_out(text) if w not in _MOVE_WORDS
            and w not in CALENDAR_WORDS and not tokens(w) & _PLAN_TELLING]


def _named_to_come_out(text: str) -> list[str]:
    """What ``text`` says comes out: its words but its dates and how it comes out; each other
    word counts ("The demo is on the morning of ...", "We planned to ...")."""
    for said in date_mentions(text):
        text = text.replace(said, " ")
    return [w for w in _words(text) if w not in _COMING_OUT]


def _due_by(text: str, done: date) -> bool:
    """``text`` plans something for a day (or puts it off to one: "We pushed the v2 launch to
    2026-07-15") by which a thing done on ``done`` may have been it."""
    if (says_past(text) and moved_to_day(text) is None) or is_standing(text):
        return False
    due = latest_date(text)
    return due is not None and due <= done + _EARLY


def _plans_before(
    cluster: Cluster, cand: Candidate, done: date, taken: set[Source]
) -> list[tuple[str, date]]:
    """The plans of ``cluster`` said before ``cand`` told the event done (none already taken
    in), each with the day it was said, in the order said."""
    return [(m.text, m.source.day) for m in sorted(cluster.members, key=lambda c: (
        c.timestamp, c.order)) if m is not cand and m.kind == "plan" and m.source not in taken
        and (m.timestamp, m.order) < (cand.timestamp, cand.order) and _due_by(m.text, done)
        and _same_event(m.text, cand.text)]


def _plan_history(first: str, later: list[tuple[str, date]], done: Candidate) -> list[str]:
    """History lines for a plan (``first``, then each said ``later`` with the day it was said)
    that ``done`` tells came to pass: a move of the date as a change of it ("Changed from
    2026-07-10 to 2026-07-15 on 2026-07-08; ..."), the same plan said again as nothing, and the
    last plan as what the news that it was done replaced."""
    lines: list[str] = []
    last = first
    for text, day in later:
        moved = _changed_value(last, text)
        if moved is not None:
            was, now = moved
            lines.append(change_line(was, now, f"on {day.isoformat()}"))
        elif not (same_values(text, last) and same_values(last, text)):
            lines.append(update_line(day.isoformat(), last))
        last = text
    told = done.source.day.isoformat()
    moved = choice_difference(last, done.text) or _value_change(last, done.text)
    if moved is not None and all(date_mentions(v) for v in moved):
        # "The demo was on 2026-07-04" of "The demo is on 2026-07-07": it happened on another day
        lines.append(change_line(moved[0], moved[1], f"on {told}"))
    else:
        lines.append(update_line(told, last))
    return lines


def mentions_thing(thing: frozenset[str], text: str) -> bool:
    """Every word of ``thing`` is in ``text``; a plural is the same word. A word that only says
    what kind of thing it is ("the RDS database", "the billing service") may be left out of a
    text that names no kind: "We use Postgres 14 on RDS" is about the RDS database."""
    said = tokens(text)
    # ... unless the text names another kind: "the staging database" is not "the staging cluster"
    named = thing if said & _KIND_WORDS else (thing - _KIND_WORDS or thing)
    return all(t in said or t + "s" in said or t.removesuffix("s") in said for t in named)


def _about_event(thing: frozenset[str], text: str) -> bool:
    """``mentions_thing``, an event told by its verb or its noun, or by a word said alike, as one
    ("The v1 API release moved to ..." of "We're releasing the v1 API on ...", "The
    deprecation moved to ..." of "We deprecate the v1 API on ...")."""
    if mentions_thing(thing, text):
        return True
    if "go-live" in thing and _GOES_LIVE.search(text):
        # "The refunds v2 go-live moved ..." of "The v2 refunds API goes live on ...": the
        # go-live is the going live, whatever else names the thing
        return _about_event(thing - {"go-live"}, text) if len(thing) > 1 else True
    said = {_event_root(t) for t in tokens(text)}
    if all(_event_root(t) in said for t in thing):
        return True
    # "The release moved ..." of "Invoices v2 goes out on ...": going out is the release
    return {_event_root(t) for t in thing} == {"releas"} and bool(_GOES_OUT.search(text))


_GOES_OUT = rx.compile(r"\b(?:go(?:es|ing)?|went|gone)\s+(?:out|live)\b", re.I)
_GOES_LIVE = rx.compile(r"\b(?:go(?:es|ing)?|went|gone)\s+live\b", re.I)


def _event_root(token: str) -> str:
    """A token (``tokens``: "-ing", "-ed", "-s" gone) with the end of its noun or verb gone:
    "release", "releas" (of "releasing") and "launch" are "releas"; "deprecation" and
    "deprecate" are "deprecat"."""
    word = _SAID_ALIKE.get(token, token)
    for end in ("ion", "e"):
        if len(word) > len(end) + 3 and word.endswith(end):
            return word[: -len(end)]
    return word


_KIND_WORDS = frozenset({"database", "db", "server", "cluster", "instance", "service",
                         "machine", "box", "host", "app", "application"})


LIST_MARK = rx.compile(r"^\s*(?:[-*+]|\d{1,3}[.)])\s+")


# A version reached, told as how things stand: "Prod is on 1.30 as of this morning", "Staging
# is now on EKS 1.30" (what is on it, then the version)
_VERSION_REACHED = rx.compile(
    r"^(?P<what>(?:the\s+)?[\w-]+(?:\s+[\w-]+){0,2}?)\s+(?:is|are)\s+(?:now\s+)?(?:on|running)\s+"
    r"(?:[A-Za-z][\w-]*\s+)?v?(?P<version>\d+(?:\.\d+)+)\b", re.I)
# ... or told done by who did it: "We upgraded prod EKS to 1.31 this afternoon"
_UPGRADED_TO = rx.compile(
    r"^(?:we|i|they)\s+(?:just\s+)?(?:upgraded|migrated|moved|bumped|updated)\s+"
    r"(?P<what>(?:the\s+)?[\w-]+(?:\s+[\w-]+){0,2}?)\s+to\s+(?:[A-Za-z][\w-]*\s+)?"
    r"v?(?P<version>\d+(?:\.\d+)+)\b", re.I)
_NOT_REACHED = rx.compile(r"n't\b|\b(?:not|will|should|until|once|if|when|still|yet)\b", re.I)
_UPGRADE_WORD = rx.compile(r"\b(?:upgrad|migrat|mov|bump|updat|roll)\w*", re.I)


def version_plan(cand: Candidate, entries: list[Entry]) -> tuple[Entry, date] | None:
    """The one plan of an upgrade to the version ``cand`` tells something is on ("Prod is on
    1.30 as of 2026-10-29" of "The prod EKS upgrade to 1.30 is scheduled for 2026-10-29"), due
    by the day it is told reached, with that day: the upgrade was done. What is on it must be
    named in the plan ("Staging is on 1.30" closes no prod upgrade)."""
    if cand.kind not in ("fact", "switch") or (m := _VERSION_REACHED.match(cand.text) or (
            _UPGRADED_TO.match(cand.text))) is None:
        return None
    if _NOT_REACHED.search(cand.text):
        return None
    day = latest_date(cand.text) or cand.source.day
    if day > cand.source.day:
        return None
    what = tokens(m["what"])
    to_version = re.compile(
        rf"\bto\s+(?:[A-Za-z][\w-]*\s+)?v?{re.escape(m['version'])}(?![\d.]*\d)", re.I)
    found = []
    for entry in entries:
        lead = LIST_MARK.sub("", entry.lead)
        due = latest_date(lead)
        if (entry.type == "project" and what and due is not None and due <= day + _EARLY
                and _UPGRADE_WORD.search(lead) and to_version.search(lead)
                and not is_standing(lead) and what <= tokens(lead)):
            found.append(entry)
    return (found[0], day) if len(found) == 1 else None


# A deadline told with no word of what it is for: "The new deadline Helen gave is 2026-11-13",
# "Deadline is still on 2026-11-13"
_BARE_DEADLINE = rx.compile(r"^(?:(?:the|our)\s+)?(?:new\s+)?deadline\b", re.I)


def plans_told_done(cand: Candidate, what: str, entries: list[Entry]) -> list[Entry]:
    """The plans of ``what``, which ``cand`` tells done ("The ESO migration is DONE"): each
    dated entry naming it ("We're resuming the ESO migration on 2026-10-26"), first one first,
    then each deadline of nothing named said in the same session as one of them."""
    named = tokens(what)
    if not named:
        return []
    found = []
    for entry in entries:
        lead = LIST_MARK.sub("", entry.lead)
        said = entry.reference_day()  # (a plan said after it was told done is another's)
        if (entry.type == "project" and latest_date(lead) is not None and named <= tokens(lead)
                and (said is None or said <= cand.source.day)):
            found.append(entry)
    sessions = {s.session_id for e in found for s in e.sources()}
    deadlines = [e for e in entries if e.type == "project" and e not in found and (
        _BARE_DEADLINE.match(LIST_MARK.sub("", e.lead))) and any(
            s.session_id in sessions for s in e.sources())]
    return sorted(found, key=lambda e: (e.reference_day() or cand.source.day, e.index_pos)) + (
        deadlines)


# What is handed in by a deadline ("we submitted the workshop paper", "I turned in the report")
_HANDED_IN = rx.compile(
    r"\b(?:submitted|handed\s+in|turned\s+in|sent\s+in|filed|delivered)\b", re.I)
_DEADLINE_WORD = rx.compile(r"\bdeadline\b", re.I)


def deadline_met(cand: Candidate, entries: list[Entry]) -> tuple[Entry, date] | None:
    """The one remembered deadline that ``cand`` tells met by handing something in ("We
    submitted the workshop paper on 2026-11-19, a week early!" of "The workshop deadline is now
    on 2026-11-30"), with the day it was handed in: a deadline not yet gone by then, whose
    words before "deadline" name what was handed in. However early, work handed in before a
    deadline met it; none when more than one deadline could be the one."""
    if cand.kind != "fact" or "deadline" in cand.text.lower() or not says_past(cand.text) or (
            _HANDED_IN.search(cand.text) is None):
        return None
    done = latest_date(cand.text) or cand.source.day
    handed = tokens(cand.text)
    found = []
    for entry in entries:
        lead = LIST_MARK.sub("", entry.lead)
        m = _DEADLINE_WORD.search(lead)
        due = latest_date(lead)
        if (entry.type == "project" and m is not None and due is not None
                and done <= due + _EARLY and not is_standing(lead)
                and (entry.reference_day() or done) <= cand.source.day
                and tokens(lead[: m.start()]) & handed):
            found.append(entry)
    return (found[0], done) if len(found) == 1 else None


# A statement telling a planned thing came to pass ("Payments review with Priya happened on
# 2026-11-03, she approved"), with no word of anything still ahead
_TOLD_HAPPENED = rx.compile(
    r"(?i)\b(?:happened|took\s+place|went\s+ahead|(?:was|were)\s+held|shipped|launched|"
    r"submitted|completed|finished|wrapped\s+up)\b")
_STILL_AHEAD = rx.compile(r"(?i)\b(?:is|are|will|['’]ll|next|upcoming|planned|scheduled)\b")


def told_happened(text: str) -> bool:
    """``text`` tells a planned thing came to pass, and nothing still ahead."""
    return _TOLD_HAPPENED.search(text) is not None and _STILL_AHEAD.search(text) is None

