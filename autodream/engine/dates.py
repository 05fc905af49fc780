"""Relative dates made absolute, and past plans told as past.

"Tomorrow" in a memory is wrong the day after it was written, so every relative expression is
resolved against the timestamp of the message that said it. Conventions (documented, because
people disagree): "next Friday" and a bare "on Friday" mean the first Friday strictly after the
message's day, but a bare "on Friday" in a clause telling what was done ("we moved it on
Friday") is the latest one strictly before it, as "last Friday" is; "this Friday" may be that
very day; "next week"/"last week" name the Monday of that ISO week ("the week of ..."), "the
week after next" the one after, and "next weekend"/"last weekend" its Saturday and Sunday
("the weekend of <Saturday>"); "next month" names the month ("January 2026"), "next quarter"
the calendar quarter ("Q1 2026"), "next year" the year ("2026"); "end of the week" is its
Friday, "end of Q2" the quarter's last day. A day of a month with no year ("on January 15th",
"by the 3rd") or a quarter with none ("in Q3") is the first such one that has not ended on the
message's day, or the latest begun by then when the sentence is told as past ("the outage was
on March 3rd"). A day in figures is read by the part that cannot be a month ("30/11" and
"11/30" are both 30 November; "04.12." is day first, as dots are written); one that reads
either way round ("04/12") in the order the person's own dates show, else the configured
``date_order``, and with neither is left as written; with no year it is dated as "4 December"
is. British: "Tuesday week" and "a week on Tuesday" are a week after the coming Tuesday, "next
Monday but one" the Monday after next Monday, "within a fortnight" by the day two weeks on,
"by EOD" and "end of play Friday" by that day.

A date is as precise as it was said: a month is past once the month has ended, a quarter once
its last month has, a year once the year has (``latest_date``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, timedelta
from functools import lru_cache
from typing import Literal

from autodream import rx
from autodream.engine.informal import MONTH_WORDS

# (WEEKDAY_NAME re-exported: its users read it here)
from autodream.engine.text import WEEKDAY_NAME as WEEKDAY_NAME
from autodream.engine.text import word_set

WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August",
          "September", "October", "November", "December")
_MONTH_NAMES = "|".join(MONTHS)  # capitalised: "may" and "march" alone are mostly verbs
_NUMBERS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
    "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
    "a couple of": 2, "couple of": 2, "a couple": 2,
}
_NUM = (
    r"(?P<n>\d{1,3}|a couple of|a couple|couple of|an|a|one|two|three|four|five|six|seven|"
    r"eight|nine|ten|eleven|twelve)"
)
_WD = r"(?P<wd>monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
# "at the end of next week" is "on" its Friday; "towards the end of ..." is "around" it.
_PREP_WORDS = (
    r"by|on|at|until|till|before|after|from|since|due|for|starting|through|to|around|towards?|"
    r"near"
)
_PREP = rf"(?:(?P<prep>{_PREP_WORDS})\s+)?"
# A quarter is said "in Q3" or "during Q3", as a month is "in March".
_PREP_OR_IN = rf"(?:(?P<prep>in|during|{_PREP_WORDS})\s+)?"
_PREP_AS: dict[str, str | None] = {"at": None, "towards": "around", "toward": "around",
                                   "near": "around", "within": "by"}
# "in two weeks' time", "in a month's time": the apostrophe and "time" belong to the date.
_TIME = r"(?:['’]s?\s+time)?"
# ("no go on Friday" is one day called off, no rule)
_STANDING = rx.compile(r"(?i)\b(always|never|every|don't|do not|no(?![\s-]go\b))\b")
# How a doer's past deed is said after who did it ("we just rolled ...", "they ran ..."): an
# adverb perhaps, then the verb (past forms that do not end in -ed listed)
_BEFORE_DEED = r"(?:just\s+|already\s+|finally\s+|all\s+|\w+ly\s+)?"
# (forms that are no present, nor a participle a plan is told with: "we met", not "we got a
# slot on 3 June", "the slot is held")
_PAST_ONLY_DEEDS = r"ran|built|broke|wrote|began|sent|chose|paid|lost|met|froze|gave"
_IRREGULAR_DEEDS = rf"{_PAST_ONLY_DEEDS}|got|held|made|kept|left|took|found"
# (more of them, for a deed's own day only: ``_DEED_FORMS``)
_MORE_PAST_ONLY_DEEDS = (r"came|went|saw|bought|sold|spent|fell|drove|flew|caught|taught|spoke|"
                         r"forgot|stood")
# A past denied, the day's own verb: "The next demo wasn't on 3 June" (said in December it was
# a plan for 2027-06-03); not a "wasn't" of another clause or of no day ("It wasn't easy, but we
# ship on 3 August", "The launch wasn't set for 3 August", "Weren't we meeting on 3 August?")
_DENIED_ON = r"(?:was|were)n['’]t(?=\s+(?:on|in|during|at)\s+(?:the\s+)?\d)"
_DENIED_BEFORE_DAY = rx.compile(r"(?i)\b(?:was|were)n['’]t\s+$")
_PAST_MARKERS = rx.compile(
    r"(?i)\b(was|were|planned|happened|took place|passed|had been|did|went|shipped|launched|"
    # ("wasn't" only as a day's own verb: "The demo wasn't on 2026-06-03", not "It wasn't easy,
    # but we ship on 2026-08-03")
    rf"finished|{_DENIED_ON})\b|"
    # something done, told by who did it: "yesterday we rolled back the deploy", "we rotated
    # the keys on 2026-02-20", "they ran the migration"; "we need" is no past ("The deadline is
    # on 2026-11-02, so we need the ablations before that" is a plan, to be told as past)
    rf"\b(?:we|they|i|he|she)\s+{_BEFORE_DEED}(?:\w+[^e\W]ed|agreed|{_IRREGULAR_DEEDS})\b"
)


def _month_token(group: str | None, *, dot: bool = True) -> str:
    """A month's name or abbreviation as a named group (with no name, a group unnamed). An
    abbreviation and "May" only capitalised: "may" is mostly the verb, "dec 10" and "oct"
    mostly number bases (and "May" the verb after figures that number things:
    ``_verb_may``). ``dot``: an abbreviation's dot may follow ("Jan. 15"), where it cannot be
    the sentence's own."""
    return (
        ("(?:" if group is None else f"(?P<{group}>")
        + r"january|february|march|april|june|july|august|september|october|"
        r"november|december|(?-i:May|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec))\b"
        + (r"\.?" if dot else "")
    )


# What follows "may" the verb ("... May be skipped", "May not apply", "May also have
# changed"); not what may follow a day ("1-5 May, do not merge", "5 May only", "the 5 May
# change freeze", "after the 5 May break" are the month), nor "not" before the day it is set
# against ("The launch is 5 May not 6 May"); "break" and the rest only after a thing's figures
# (``_verb_may``), where no day is said ("PR 12 May break CI", not "after the 5 May break")
_AFTER_MAY = rx.compile(r"\s+(?:(?:also|still|only|well|even|never|already|just)\s+)?"
                        r"(?:be|have|not(?!,?\s+(?:(?:on|in|by|the|until|till)\s+)?(?:\d|[A-Z]))|"
                        r"no\s+longer|need|want|fail|apply|affect|differ|vary|require|cause|"
                        r"include|contain|seem|lead|result|happen|break|block|conflict|overlap|"
                        r"depend|duplicate)\b")
# ... after figures that number the things it is said of, with nothing between ("Sections 1-5
# May be skipped.", "Step 3 May have changed."); after a preposition or a verb the figures are
# days of the month ("Until 5 May be careful", "Orders placed 1-5 May have shipped", "Ship
# 5 May not later than noon" were left undated, and saved nothing, when any "5 May be" was)
# (and what a tracker or a fleet numbers, or a "#": "Ticket 5 May be a duplicate" was "Ticket on
# 2027-05-05 be a duplicate"; none of them is a verb a day could follow, as "Ship 5 May not later
# than noon" is. A figure with no word before it, "5 May be there", stays the month: the
# person's capital says so, and read as the verb it would be left as said, a plan that then
# reads "May be" as a maybe and saves nothing, where the month's reading keeps every word)
_NUMBERED_THINGS = rx.compile(
    r"(?:\b(?:bugs?|cards?|chapters?|clauses?|columns?|epics?|exercises?|figures?|hosts?|"
    r"incidents?|issues?|items?|lessons?|lines?|milestones?|modules?|nodes?|options?|pages?|"
    r"paragraphs?|parts?|phases?|PRs?|questions?|requirements?|rooms?|rows?|rules?|scenarios?|"
    r"sections?|shards?|slides?|sprints?|stages?|steps?|stories|story|tables?|tasks?|tests?|"
    r"tickets?)\s+#?|#)"
    r"(?:\d{1,3}\s*(?:[-–,&]|\b(?:to|through|thru|and|or)\b)\s*#?)*$", re.I)


def _verb_may(m: re.Match[str], month: str, figure: str) -> bool:
    """The month ``m`` found in its group ``month`` is "May" the verb, the figure before it (in
    ``figure``, the span's first) numbering things, not days."""
    return m[month] == "May" and _AFTER_MAY.match(m.string, m.end(month)) is not None and (
        _NUMBERED_THINGS.search(m.string, 0, m.start(figure)) is not None)


def _month_number(token: str) -> int:
    return [m[:3].lower() for m in MONTHS].index(token[:3].lower()) + 1


Precision = Literal["day", "weekend", "week", "month", "quarter", "year"]


@dataclass(frozen=True)
class When:
    """A date as precisely as it was said: a day, a weekend (its Saturday), a week (its Monday),
    a month, a quarter or a year (its first day)."""

    precision: Precision
    start: date
    bare: bool = False  # said as a noun ("January 15th"): written back with no preposition

    @property
    def last(self) -> date:
        """The last day it covers: a plan for "January 2026" is past only from February."""
        if self.precision in ("weekend", "week"):
            # the calendar's last week ends with it ("the week of 9999-12-27" is no error)
            days = 1 if self.precision == "weekend" else 6
            return self.start + timedelta(days=min(days, (date.max - self.start).days))
        if self.precision == "month":
            return _month_end(self.start)
        if self.precision == "quarter":
            return _month_end(_add_months(self.start, 2))
        if self.precision == "year":
            return date(self.start.year, 12, 31)
        return self.start

    @property
    def phrase(self) -> str:
        if self.precision == "weekend":
            return f"the weekend of {self.start.isoformat()}"
        if self.precision == "week":
            return f"the week of {self.start.isoformat()}"
        if self.precision == "month":
            return f"{MONTHS[self.start.month - 1]} {self.start.year:04d}"
        if self.precision == "quarter":
            return f"Q{(self.start.month + 2) // 3} {self.start.year:04d}"
        if self.precision == "year":
            return f"{self.start.year:04d}"
        return self.start.isoformat()

    @property
    def prepositional(self) -> str:
        """The phrase after the preposition it takes: "on 2026-07-04", "on the weekend of
        2026-07-04", "in the week of 2026-06-29", "in July 2026"."""
        return f"{_DEFAULT_PREP[self.precision]} {self.phrase}"


_DEFAULT_PREP: dict[Precision, str] = {
    "day": "on", "weekend": "on", "week": "in", "month": "in", "quarter": "in", "year": "in"}


@dataclass(frozen=True)
class DateRewrite:
    """One relative date rewritten: the words, what replaced them, the day meant."""

    original: str
    replacement: str
    resolved: date


def _days_in_month(year: int, month: int) -> int:
    # Imported here: calendar (and the locale module it loads) costs ~1.5 ms at start-up, and
    # only a month expression ("next month", "end of the month") needs it.
    import calendar

    return calendar.monthrange(year, month)[1]


def _add_months(d: date, months: int) -> date:
    month0 = d.month - 1 + months
    year = d.year + month0 // 12
    month = month0 % 12 + 1
    day = min(d.day, _days_in_month(year, month))
    return date(year, month, day)


def _month_end(d: date) -> date:
    return date(d.year, d.month, _days_in_month(d.year, d.month))


def _monday(d: date) -> date:
    return d - timedelta(days=d.weekday())


def _num(text: str) -> int:
    text = text.lower()
    return int(text) if text.isdigit() else _NUMBERS[text]


def _day(d: date) -> When:
    return When("day", d)


def _week(monday: date) -> When:
    return When("week", monday)


def _month(d: date) -> When:
    return When("month", date(d.year, d.month, 1))


def _quarter(d: date) -> When:
    return When("quarter", date(d.year, d.month - (d.month - 1) % 3, 1))


def _year(year: int) -> When:
    return When("year", date(year, 1, 1))


def _weekday_ahead(ref: date, name: str, *, allow_today: bool) -> date:
    delta = (WEEKDAYS.index(name.lower()) - ref.weekday()) % 7
    if delta == 0 and not allow_today:
        delta = 7
    return ref + timedelta(days=delta)


def _weekday_before(ref: date, name: str) -> date:
    delta = (ref.weekday() - WEEKDAYS.index(name.lower())) % 7
    return ref - timedelta(days=delta or 7)


def _end_of_week(ref: date) -> date:
    friday = _monday(ref) + timedelta(days=4)
    return friday if friday >= ref else ref


# Which year "March 3rd" is in depends on the tense: "the outage was on March 3rd" is behind the
# message, "the audit is on March 3rd" ahead of it. Past wording wins only with no future word.
_PAST_WORDING = rx.compile(
    r"(?i)\b(?:was|were|did|had|happened|took place|went|ago|\w+[^e\W]ed"
    # "ran"/"began" only told of the day itself: "I ran the tests; the demo starts on 3 August"
    # is about August ahead
    r"|ran(?=\s+(?:on|from|in|until|till)\b|\s+(?:the\s+)?\d{1,2}(?:st|nd|rd|th)?(?:\s*"
    r"(?:-|–|to|through|thru|till|until)\s*(?:the\s+)?\d{1,2}(?:st|nd|rd|th)?)?(?:\s+of)?\s+"
    rf"(?-i:{_MONTH_NAMES}|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)\b|"
    rf"\s+(?-i:{_MONTH_NAMES}|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)\.?\s+\d)"
    r"|began(?=\s+(?:on|from|in)\b))\b")
_FUTURE_WORDING = rx.compile(
    r"(?i)\b(?:will|shall|going to|is|are|am|upcoming|next|due|plans? to|decided to|agreed to|"
    r"wants? to|needs? to|ha(?:ve|s) to|should|must|let's)\b|'ll\b"
)
# a day told in a contraction of the present, in the day's own clause: "The 1.4 release
# slipped, it's now August 6", "we're now aiming for ..." (not "it's fixed now", a past
# event's state; nor "We switched on May 4; it's now the default", another clause's)
_PRESENT_CONTRACTION = rx.compile(
    r"(?i)\b(?:it|that|this|which)['’]s (?:now|due|set|scheduled|planned)\b"
    r"|['’]re (?:now|due|set|scheduled|planned|aiming|targeting)\b")
_NOW_BEFORE = rx.compile(
    r"(?i)\bnow\s+(?:it['’]s\s+|it\s+is\s+)?(?:(?:set|planned|scheduled|moved|pushed)\s+)?$")
# ... or "now" said right after the day, or a day put against the one it replaces ("goes out
# on 13 Nov now, not 2 Nov"): where a moved plan stands, however the move was told
_NOW_AFTER = rx.compile(r"(?i)\s+now\b")
_NOW_NOT = rx.compile(r"(?i)\bnow\s*[,;]?\s+(?:and\s+)?not\b")
_CLAUSE_END = rx.compile(r"[,;:—–]\s|\s-\s")


@lru_cache(maxsize=64)
def _told_as_past(text: str) -> bool:
    # (once a sentence: a line of many days whose "wasn't" no longer stops the search at its
    # start, "wasn't on 3 June, " x 1,000, was searched whole once a day)
    return _PAST_WORDING.search(text) is not None and _FUTURE_WORDING.search(text) is None


_COPULA = rx.compile(r"(?i)\b(?:is|are|was|were|be|been)$")
# "Her birthday is on March 3rd" is every March 3rd, not one of them.
_RECURRING = rx.compile(r"(?i)\b(?:every|each|annual(?:ly)?|yearly|birthdays?|anniversary)\b")


def _said_as_noun(m: re.Match[str]) -> bool:
    """With no preposition, a date is a noun where a clause starts or after a copula
    ("January 15th is the deadline", "the audit is January 15th")."""
    said_before = m.string[:m.start()].rstrip()
    return (not said_before or said_before[-1] in ":(,;—–-"
            or _COPULA.search(said_before) is not None)


# A day of a month opening a clause after its conjunction, its verb after it: the clause's
# subject ("The deadline moved to 10 August, and 30 June was missed" was "and on 2026-06-30 was
# missed"); only a day with its month ("and April is on leave" may be a name)
_CONJUNCTION_BEFORE = rx.compile(r"(?i)\b(?:and|but|or|then|so)\s*$")


def _day_as_subject(m: re.Match[str]) -> bool:
    return _VERB_AFTER_DAY.match(m.string, m.end()) is not None and (
        _CONJUNCTION_BEFORE.search(m.string, max(0, m.start() - 10), m.start()) is not None)


# What a date was moved to lies ahead, however the move is told: "the launch moved to March 3"
# said in July is next March's.
_RESCHEDULED = rx.compile(
    r"(?i)\b(?:mov|push|postpon|delay|slipp?|reschedul|shift|bump|brought|pull)\w*\b")


_JUST_GONE = 60  # days: a day moved to this recently before the telling is that one


# A stand-in for someone away on days said with no year ("Ana is out 1-3 July, ask Raj about
# invoices", "... until 3 July, ..."), said just after them, is told of the days just gone: a
# stand-in a year ahead was saved ("Ana is out 2027-07-01 to 2027-07-03, ask Raj about
# invoices", said on 2026-07-06), sending questions to Raj for a year. A month back at most: an
# absence is booked a year ahead more often than it is told in the present a season after it.
# (With no one asked instead, "Ana is out June 1-5 July" is read as any span is.)
_AWAY_JUST_GONE = 31
_AWAY_ON = rx.compile(r"(?i)\b(?!(?:it|this|that|what|there)\b)[a-z]+(?:\s+is|['’]s)\s+(?:out|away|"
                      r"off|on\s+leave|on\s+vacation|on\s+holiday|ooo)\s+$")
_ASK_AFTER = rx.compile(r"(?i)[^.;!?]*?(?:(?:[,;.!—–]|\s-)\s*(?:so\s+)?|\s+so\s+)"
                        r"(?:please\s+|pls\s+)?ask\s+\w")
# ... as a stand-in is written ("Until 3 July, ask Raj about invoices (Ana is out).")
_AWAY_TOLD_AFTER = rx.compile(r"(?i)\((?!(?:it|this|that)\b)[a-z]+ is (?:out|away|off|on\s+leave|"
                              r"on\s+vacation|on\s+holiday|ooo)\)\.?\s*$")


def _away_just_gone(m: re.Match[str], end: date, ref: date) -> bool:
    """The days ``m`` found, ending on ``end`` before ``ref``, are those just gone of someone
    away that another stands in for."""
    return ref - timedelta(days=_AWAY_JUST_GONE) <= end < ref and (
        (_AWAY_ON.search(m.string, 0, m.start()) is not None
         and _ASK_AFTER.match(m.string, m.end()) is not None)
        or _AWAY_TOLD_AFTER.search(m.string, m.end()) is not None)


def _moved_to(m: re.Match[str]) -> bool:
    """A day something was moved to with a verb that says no direction ("moved", "shifted"):
    "pushed back", "postponed" and "delayed" move it later, which is ahead."""
    prep = _move_prep(m)
    return prep in ("to", "until", "till") and bool(
        _MOVED_NEUTRAL.search(m.string, 0, m.start())) and not _RESCHEDULED_LATER.search(
        m.string, 0, m.start())


# A day moved by an amount, not to a day, said alone: "The launch got pushed back two weeks",
# "Launch moved up by a week", "We pushed the beta out by 3 days".
_SHIFT_VERB = (r"(?P<verb>mov(?:e|es|ed)|push(?:es|ed)?|postpon(?:e|es|ed)|delay(?:s|ed)?|"
               r"shift(?:s|ed)?|slip(?:s|ped)?|brought|bring(?:s)?|pull(?:s|ed)?)")
# ... "a week and a half", "two and a half weeks", "1.5 weeks": half a unit more
_SHIFT_BY = (rf"(?:(?P<dir>back|out|forward|up|in|earlier|later)\s+)?(?:by\s+)?{_NUM}"
             r"(?P<half>\.5|\s+and\s+a\s+half)?\s+(?P<unit>days?|weeks?)"
             r"(?P<half_after>\s+and\s+a\s+half)?"
             r"(?:\s+(?P<after>earlier|later|back|out))?\s*[.!]?$")
_THING = r"[\w.-]+(?:\s+[\w.-]+){0,3}?"
_SHIFTED = rx.compile(
    rf"(?i)^(?:(?:the|our)\s+)?(?P<what>(?!(?:we|they|i|it)\b){_THING})\s+(?:(?:was|were|got|is|"
    rf"are|has\s+been|have\s+been)\s+)?{_SHIFT_VERB}\s+{_SHIFT_BY}")
_SHIFTED_BY_US = rx.compile(
    rf"(?i)^(?:we|they)\s+(?:have\s+|'ve\s+)?{_SHIFT_VERB}\s+(?:the|our)\s+(?P<what>{_THING})\s+"
    rf"{_SHIFT_BY}")
_EARLIER = frozenset({"forward", "up", "in", "earlier"})
_LATER = frozenset({"back", "out", "later"})
# ... told with no direction, these move it later ("The launch slipped a week"); "moved a week"
# says not which way
_LATER_VERBS = ("push", "postpon", "delay", "slip")


def date_shift(text: str) -> tuple[str, int] | None:
    """What a move by an amount says moved and by how many days, later or (less than 0)
    earlier: ("launch", 14) for "The launch got pushed back two weeks", ("Launch", -7) for
    "Launch moved up by a week"; None for any other sentence, or one that says not which way.
    Half a unit more ("a week and a half", 10.5 days) is whole days to the earlier side: 10
    days later, 11 earlier (``shift_rounded``)."""
    m = _shift_said(text)
    if m is None:
        return None
    told = {(m["dir"] or "").lower(), (m["after"] or "").lower()} - {""}
    if told & _EARLIER and told & _LATER:
        return None
    sign = -1 if told & _EARLIER else 1 if told & _LATER or m["verb"].lower().startswith(
        _LATER_VERBS) else 0
    if not sign:
        return None
    unit = 7 if m["unit"].lower().startswith("w") else 1
    days = _num(m["n"].lower()) * unit
    if m["half"] or m["half_after"]:
        # (what half a week is, to a day, is not said: the day a plan is ready for is the
        # earlier one, which a later one does not find unready)
        days += unit // 2 if sign > 0 else unit - unit // 2
    return m["what"], sign * days


def _shift_said(text: str) -> re.Match[str] | None:
    low = text.lower()
    if "day" not in low and "week" not in low:
        return None  # most sentences: no amount to move by
    said = text.strip()
    return _SHIFTED.match(said) or _SHIFTED_BY_US.match(said)


def shift_rounded(text: str) -> str | None:
    """The amount a move by an amount with half a unit more says ("a week and a half"),
    which ``date_shift`` reads to a whole day; None for any other sentence."""
    m = _shift_said(text)
    if m is None or not (m["half"] or m["half_after"]):
        return None
    return m.string[m.start("n"):m.end("half_after") if m["half_after"] else m.end("unit")]


# A plan called off, said alone: "The release is cancelled", "The offsite was called off", "We
# cancelled the design review". Only what the team calls off: "I cancelled the failing CI job"
# is the work at hand, and "The release isn't cancelled" says it still stands.
_CALLED_OFF = r"(?:cancell?ed|called\s+off|scrapped)"
_CANCELLED = rx.compile(
    rf"(?i)^(?:the|our)\s+(?P<what>{_THING})\s+(?:is|are|was|were|got|"
    rf"has\s+been|have\s+been)\s+{_CALLED_OFF}\s*[.!]?$")
_CANCELLED_BY_US = rx.compile(
    rf"(?i)^we(?:\s+have|'ve)?\s+(?:just\s+)?{_CALLED_OFF}\s+(?:the|our)\s+"
    rf"(?P<what>{_THING})\s*[.!]?$")


def plan_cancelled(text: str) -> str | None:
    """What a sentence says was called off ("release" of "The release is cancelled", "design
    review" of "We cancelled the design review"), or None."""
    if not tells_call_off(text):
        return None  # most sentences
    said = text.strip()
    m = _CANCELLED.match(said) or _CANCELLED_BY_US.match(said)
    return None if m is None else m["what"].rstrip(".")


def tells_call_off(text: str) -> bool:
    """``text`` has a word that may call a plan off: a cheap check before ``plan_cancelled``."""
    low = text.lower()
    return "cancel" in low or "called off" in low or "scrapped" in low


_MOVED_NEUTRAL = rx.compile(r"(?i)\b(?:mov|shift|reschedul|chang)\w*\b")
_RESCHEDULED_LATER = rx.compile(r"(?i)\b(?:push\w*|postpon\w*|delay\w*|slipp?\w*|\w+ed back)\b")


_WEEK_OF_BEFORE = rx.compile(r"(?i)\b(?P<prep>to|until|till|from)\s+(?:the\s+)?week\s+of\s+$")
# "slipped to Monday 20 July", "moved to Monday, July 20": the day's weekday between the move's
# word and the day
_WEEKDAY_OF_BEFORE = rx.compile(rf"(?i)\b(?P<prep>to|until|till|from)\s+{WEEKDAY_NAME},?\s+$")


# Where a clause ends and the next, with a tense of its own, begins: "The release freeze runs
# from 10 July to 20 July, it ran 1-5 June last time", "The demo ran on 3 June and runs again
# on 10 July"
_TENSE_BREAK = rx.compile(r"[,;:—–]\s|\s-\s|\s(?:and|but|while|whereas)\s", re.I)
# A verb in the present that tells of days still ahead ("The freeze runs from 10 July"); with
# it a clause is not past for a deed told in another ("it ran 1-5 June last time", which put
# the freeze in 2025)
_AHEAD_VERB = rx.compile(
    r"(?i)\b(?:runs|starts|begins|ends|lasts|opens|closes|goes|ships|lands|launches|happens|"
    r"continues|resumes|takes\s+place|kicks\s+off|falls|moves)\b")
# What tells a clause past by itself, in a sentence with a plan in another ("The demo is on
# 10 July, it was on 3 June last time" put the 3 June ahead, in 2027): the day's own verb gone
# by, a deed told by who did it or by what it befell ("we had the retro on 2 June", "the
# license expired on 1 June"), or "last time"; not "was going to", "was due" (a plan told
# then), nor a participle alone ("planned for 3 August")
_PAST_DEED = rf"{_BEFORE_DEED}(?:\w+[^e\W]ed|had|did|came|went|{_IRREGULAR_DEEDS})\b"
_OWN_PAST = rx.compile(
    r"(?i)\b(?:was|were)\b(?!\s+(?:set|due|going|supposed|meant|about|to|expected)\b)"
    r"|\b(?:ran|lasted|happened|took\s+place|started|began|ended|went|kicked\s+off|finished)\b"
    rf"|\blast\s+time\b|\b(?:we|they|i|he|she)\s+{_PAST_DEED}"
    rf"|^\s*(?:(?:and|but|so|while)\s+)?(?:the|our|my|their|his|her|your)\s+(?:[\w'-]+\s+)"
    rf"{{1,3}}?{_PAST_DEED}")

# ... of the day a thing fell on, not one it was due "by" or arranged "for" ("It was booked
# for 3 August, now it is 10 August": the 3 August still ahead)
_OWN_PAST_PREPS = frozenset({"", "on", "in", "during", "from", "between", "at"})
# ... nor told as someone said it, put in the past with the telling: "Ana said the demo was
# on 3 August, so we should prepare", "Remember the deadline was 3 August, we need to hurry"
_REPORTED = rx.compile(
    r"(?i)\b(?:said|says|say|told|tells|mentioned|confirmed|thought|think|heard|announced|"
    r"wrote|reminded|remember|recall|noted|believed?|knew|know|guess|assumed?)\b")


# A day (or span) that is all of what follows a break, one more of a list told in the clause
# before: "the last ones were on 1 June and 8 June" (the 8 June, read alone as ahead, went to
# 2027 and the 1 June to 2026)
_MONTH_WORD = (r"(?:january|february|march|april|june|july|august|september|october|november|"
               r"december|(?-i:May|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)\b\.?)")
_FIGURES = r"\d{1,2}(?:st|nd|rd|th)?(?:\s*[-–]\s*\d{1,2}(?:st|nd|rd|th)?)?"
_DAY_WORD = (rf"(?:\d{{4}}-\d{{2}}-\d{{2}}|{_FIGURES}(?:\s+of)?\s+{_MONTH_WORD}"
             rf"|{_MONTH_WORD}\s+{_FIGURES})")
# (one day or range of a list, perhaps with its preposition: "and on 17 June", "10 to 12 June")
_LISTED_DAY = (
    r"\s*(?:(?:and|or)\s+)?(?:then\s+)?(?:(?:on|in|from|between)\s+)?(?:the\s+)?"
    rf"(?:{WEEKDAY_NAME},?\s+)?"
    rf"{_DAY_WORD}(?:\s+(?:to|until|till|through|and)\s+(?:the\s+)?{_DAY_WORD})?")
_LIST_ITEM = rx.compile(rf"(?i){_LISTED_DAY}[\s.!?]*")


# A later day a move went on to, said after the first with no word of its own ("The launch
# moved to 3 June, then 10 June"): moved to as well; read alone, as told of the move's past, it
# was 2026-06-10 beside 2027-06-03, said in December. Not a day told after it another way ("The
# deadline moved to 10 August, and 30 June was missed")
_MOVE_THEN = r"(?:\s*,)?\s+(?:and\s+)?(?:then|later|again|finally)(?:\s*,)?\s+"
_MOVE_GOES_ON = rx.compile(
    rf"(?i)\b(?:to|until|till)\s+(?:the\s+)?(?:{WEEKDAY_NAME},?\s+)?{_DAY_WORD}"
    rf"(?:{_MOVE_THEN}(?:the\s+)?{_DAY_WORD})*{_MOVE_THEN}$")
_MOVE_REACH = 200  # characters before the day the first and its move's word are looked for in


def _move_prep(m: re.Match[str]) -> str:
    """The preposition of the day ``m`` found, lower case, or "to" where it is a later day a
    move went on to (``_MOVE_GOES_ON``)."""
    prep = (m["prep"] or "").lower()
    if prep or not m.string[max(0, m.start() - 10):m.start()].rstrip(" ,").lower().endswith(
            ("then", "later", "again", "finally")):
        return prep  # (most days: a cheap look first)
    near = max(0, m.start() - _MOVE_REACH)
    # (a day that is its clause's subject is no day moved to: "..., then 30 June was missed")
    return "to" if _MOVE_GOES_ON.search(m.string, near, m.start()) and _RESCHEDULED.search(
        m.string, 0, m.start()) and not _VERB_AFTER_DAY.match(m.string, m.end()) else prep


# days: how near the telling day a clause's own tense may put a day (``_near_side``)
_CLAUSE_REACH = timedelta(days=92)


# "next" said of what is told in the past, the one that came next then ("The next demo was on
# 3 June", said on 6 July, was read as ahead by its "next" and saved as a plan for 2027-06-03):
# no word of a day to come where the day gone is the nearer (``_near_side``), nor where both
# are far, the past verb telling; a day soon to come keeps it a plan told as it was set ("The
# next demo was set for 3 August")
_NEXT_TOLD_PAST = rx.compile(
    rf"(?i)\bnext\s+(?!(?:week|weekend|month|quarter|year|time|day|{WEEKDAY_NAME})\b)"
    r"(?:[\w'’-]+\s+){1,3}?(?:was|were)\b")


def _next_then(text: str) -> str:
    """``text`` without the "next" of what it tells in the past (``_NEXT_TOLD_PAST``)."""
    return _NEXT_TOLD_PAST.sub(lambda told: told[0][4:], text) if "ext" in text else text


def _near_side(m: re.Match[str], ref: date, back: timedelta, ahead: timedelta) -> bool | None:
    """The side of the telling day ``ref`` a clause's own tense may put the day ``m`` found on,
    ``back`` days after the latest such day gone by and ``ahead`` days before the next to come
    (less than none: the next is under way): back (True) or ahead (False) where it is the
    nearer and within a quarter, ahead only beside a day gone by (the last time of a plan);
    neither (None) where both are far. Said in January, "The target was 3 August, but we will
    ship on 10 August" is this August's target, though last August is nearer; said in March,
    "The PR lands on 2 June and we reverted it on 3 June" a story of last June, both days."""
    ahead = max(ahead, timedelta(0))
    if back < ahead and back <= _CLAUSE_REACH:
        return True
    return False if ahead <= back and ahead <= _CLAUSE_REACH and (
        _gone_beside(m, ref) or _NEXT_TOLD_PAST.search(m.string) is not None) else None


# A day told beside the one read: a date written whole, or a day of a month, as gone by when
# said with "last year"
_DAY_TOLD = rx.compile(
    r"(?i)\b(?:(?P<iso>\d{4}-\d{2}-\d{2})|(?P<d1>\d{1,2})(?:st|nd|rd|th)?(?:\s+of)?\s+"
    rf"{_month_token('m1', dot=False)}|{_month_token('m2')}\s+(?:the\s+)?(?P<d2>\d{{1,2}})"
    r"(?:st|nd|rd|th)?\b)(?P<last>\s+last\s+year\b)?"
    # ... or the last time, a year gone ("The offsite starts 10 August; last year it started
    # 12 August", its "last year" read before as "in 2025")
    r"|\blast\s+(?:year|time)\b|\bin\s+(?P<year>(?:19|20)\d\d)\b(?!-)")


def _gone_beside(m: re.Match[str], ref: date) -> bool:
    """The sentence of the date ``m`` found tells another day, one gone by on ``ref`` (this
    year's, where its year is not said)."""
    start = m.string.rfind(". ", 0, m.start()) + 1
    end = m.string.find(". ", m.end())
    for told in _DAY_TOLD.finditer(m.string, start, len(m.string) if end < 0 else end):
        if told.start() < m.end() and told.end() > m.start():
            continue  # (the day read itself)
        if told["year"]:
            if int(told["year"]) < ref.year:
                return True
            continue
        if told["last"] or not (told["iso"] or told["m1"] or told["m2"]):
            return True
        try:
            day = date.fromisoformat(told["iso"]) if told["iso"] else date(
                ref.year, _month_number(told["m1"] or told["m2"]), int(told["d1"] or told["d2"]))
        except ValueError:
            continue
        if day <= ref:
            return True
    return False


# A deed told in an irregular past form, the day's own ("We met the vendor on 3 June", "The
# outage hit on 2 July", "Alice left on 3 January"), said in December, was dated next year
# (2027-06-03), as a plan is: "-ed" alone told a deed gone by. Only forms that are no present
# and no plan's ("got", "made", "found", "held", "took", "kept": "I got a dentist appointment on
# 12 August" is ahead), in lower case (a name or a noun is no deed: "Meet Rose on 3 August",
# "Release Sat 8 August", "Email Won about it on 3 June"); "left" only told of a person ("Only
# two seats left on 3 June"), "hit" only of a thing ("The storm hit", not "we hit code freeze")
_DEED_FORMS = rx.compile(rf"\b(?P<verb>{_PAST_ONLY_DEEDS}|{_MORE_PAST_ONLY_DEEDS}|left|hit)\b")
# ... told by who or what did it, right before it: a pronoun, a name, or "the/a/our X"
_DOER_SAID = (r"(?:(?i:\b(?P<who>we|they|i|he|she|you))|\b(?P<name>[A-Z][a-z]+)"
              r"|(?i:\b(?:the|a|an|our|my|their|his|her|your|its))\s+"
              r"(?P<what>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}))")
# ("hit" is told only of what strikes: "a traffic hit on 3 August" is ahead)
_WHAT_HITS = frozenset({
    "outage", "outages", "storm", "storms", "incident", "bug", "regression", "quake",
    "earthquake", "flood", "floods", "heatwave", "hurricane", "typhoon", "blizzard", "snow",
    "attack", "ddos", "breach", "crash", "fire", "strike", "virus", "wave", "recession"})
_DOER_BEFORE = rx.compile(rf"{_DOER_SAID}\s+{_BEFORE_DEED}$")
_DOER_AFTER_DAY = rx.compile(rf"\s*,?\s+{_DOER_SAID}\s+{_BEFORE_DEED}")  # ("On 3 June we met")
_DOER_REACH = 60  # characters before the deed its doer is looked for in
# (words that make a doer no doer: "The invite will be sent on", "Remember met", "the outage is")
_NO_DOER = frozenset({
    "is", "are", "am", "was", "were", "be", "been", "being", "get", "gets", "got", "getting",
    "has", "have", "had", "having", "will", "to", "should", "must", "can", "could", "would",
    "may", "might", "shall", "going", "not", "never", "and", "or", "but", "so", "then", "if",
    "that", "which", "who", "remember", "please", "let", "also", "just", "yesterday", "today",
    # (a capital that is no name: "The left panel breaks on 3 June")
    "the", "a", "an", "our", "my", "their", "his", "her", "your", "its", "this", "these",
    "those", "some", "any", "no", "only", "on", "in", "at", "for", "by", "with", "from", "of",
    "once", "when", "as", "after", "before", "since", "until", "while", "because"})
# ... the day right after it, or after "on" and what was done ("met the vendor on"), perhaps
# after days listed before it ("The team met on 3 June, 10 June and 17 June"); no quotes,
# brackets or other marks between ('Bob wrote "ship on 3 June"', "Bob met the vendor (signing
# on 3 June)", "Team met -> ship on 3 June")
_DEED_TO_DAY = rx.compile(
    r"(?P<what>(?:\s+\w[\w'’-]*){0,4}?)\s+"
    rf"(?P<listed>(?:(?:on\s+)?(?:the\s+)?{_DAY_WORD}(?:\s*,\s*(?:and\s+)?|\s+and\s+)"
    r"(?:then\s+)?)*)", re.I)
# ... what was done no event, whose day it would be ("I made an appointment on 3 June", "Bob got
# a meeting with the CEO on", "We held a slot on 3 June for the demo"), nor a word of what the
# deed was for or of another clause ("We got the go-ahead for a launch on", "Bob sent word we
# launch on", "Bob wrote the offsite is on", "Alice left and Bob joins on")
_NOT_DONE_ON_THE_DAY = rx.compile(
    r"(?i)\b(?:for|to|until|till|by|before|after|that|which|who|whose|where|when|due|next|ahead|"
    r"upcoming|set|\w+ing|and|or|but|then|so|we|they|he|she|it|i|you|is|are|am|be|will|go|goes|"
    r"appointments?|slots?|meetings?|demos?|calls?|off|pto|tickets?|reservations?|bookings?|"
    r"invites?|invitations?|tables?|seats?|spots?|dates?|interviews?|sessions?|shows?|"
    r"flights?|leave|holidays?|vacations?|trips?|visits?|parties|party|events?)\b")
# ... with no preposition, the day right after a verb that takes no object ("The team met 3
# June"; "We chose 3 June as the deadline" is what was done)
_NO_OBJECT = frozenset({"met", "left", "hit", "came", "went", "fell", "ran", "began", "spoke",
                        "stood", "flew"})
# ... days listed after it, each perhaps with its preposition ("10 June and on 17 June")
_DAYS_LISTED = rx.compile(rf"(?i)(?:{_LISTED_DAY})+[\s.!?]*")
_A_DAY = rx.compile(rf"(?i)\b{_DAY_WORD}")
_LISTED_AFTER = rx.compile(
    rf"(?i)(?:\s*(?:,\s*)?(?:(?:and|or)\s+)?(?:then\s+)?(?:on\s+)?(?:the\s+)?{_DAY_WORD})*")
_DEED_PREPS = frozenset({"", "on", "in"})
_DEED_WINDOW = 400  # characters either side of the day its clause is looked for in
# ... in a sentence with no word of a day to come, nor one denied ahead ("Bob won't be in on 3
# August", "we can't"), nor a question ("Weren't we meeting on 3 August?")
# ..., a to-do or a request (an imperative is no deed: "TODO: email the first paid customers
# on", "- [ ] email ...", "please email ..."), nor a plan told in the plain present after a
# doer ("once we met the target on 3 June we ship"), ...
_NO_DEED_TOLD = rx.compile(
    r"(?i)\b(?:wo|ca)n['’]t\b|\bcannot\b|[?？]|\bplease\b|\btodo\b|\baction\s+items?\b|"
    r"-\s*\[\s\]|\b(?:we|they|i|you)\s+(?:ship|launch|release|deploy|roll\s+back|close|open|"
    r"start|begin|resume|meet|freeze|go\s+live)\b"
    # ..., nor a past form of a wish or a plan ("It's time we met the vendor on", "I'd rather we
    # met on", "I wish we met on", "Ideally we paid the invoice on", "We met on 3 August (TBC)")
    r"|\btime\s+(?:we|they|i|you)\b|\brather\b|\bwish(?:es|ed)?\b|\bideally\b|\btb[cd]\b|"
    r"\btentative(?:ly)?\b|\b(?:would|should|could)\b|\blet['’]?s\b|\bneeds?\s+to\b|"
    r"\bplan(?:s|ned|ning)?\s+to\b|\bsuppos(?:e|ed|ing)\b")
# ... nor a deed told as a condition or a cause of what follows ("If the outage hit on 3 June,
# we roll back", "When we met the target on 3 June we ship", "Since Bob left on 3 June, ...")
_CONDITION_BEFORE = rx.compile(
    r"(?i)\b(?:once|when|whenever|if|unless|in\s+case|since|as\s+soon\s+as|until|till)\b")


@lru_cache(maxsize=64)
def _tells_ahead(sentence: str) -> bool:
    """``sentence`` has a word of a day to come, a denied one ahead or a question: no day of it
    is a deed's (once a sentence: one of many days is read once a day)."""
    return (_FUTURE_WORDING.search(_next_then(sentence)) is not None
            or _no_deed_told(sentence)
            or _AHEAD_VERB.search(sentence) is not None)  # ("Alice left on 3 June, Bob starts")


@lru_cache(maxsize=64)
def _no_deed_told(sentence: str) -> bool:
    """``sentence`` tells no deed (``_NO_DEED_TOLD``), searched once a sentence: a line of many
    days denied ("wasn't on 3 June, " x 1,000) was searched whole once a day."""
    return _NO_DEED_TOLD.search(sentence) is not None


@lru_cache(maxsize=64)
def _last_ahead_word(sentence: str) -> int:
    """Where in ``sentence`` the last word of a day to come (``_FUTURE_WORDING``) or present verb
    of days ahead (``_AHEAD_VERB``) starts, -1 for none: a day has one after it where this is
    after the day's end, found once a sentence, not searched to its end once a day."""
    last = -1
    for pattern in (_FUTURE_WORDING, _AHEAD_VERB):
        # (each match's start, overlapping ones too: the last start a search from any point finds)
        found = pattern.search(sentence)
        while found is not None:
            last = max(last, found.start())
            found = pattern.search(sentence, found.start() + 1)
    return last


# A name is a doer's only after a word of its clause, right before it ("Then Alice left",
# "Yesterday Bob met"): a capital after any mark or at a clause's start may be an imperative's
# verb ("• Migrate paid users on", "1) Email ...", "| Launch ...", "Step 2, Email ...",
# "Plan：Email ...", "✅ Email ...", "Week 32 Email ..."), so it is read as on main
# (or a day already written whole: "Yesterday Bob met" is read as "On 2026-12-19 Bob met")
_WORD_BEFORE_NAME = rx.compile(r"(?<![\w'’`-])(?:[^\W\d_]+|\d{4}-\d\d-\d\d)[ \t]+$")
# ... and never one of the verbs a to-do opens with ("Then Email paid customers on", "Aug
# Email ...", "Q3 goals Launch paid tier on")
_TODO_VERBS = frozenset({
    "email", "mail", "migrate", "launch", "release", "restore", "archive", "ship", "review",
    "send", "pay", "call", "meet", "book", "deploy", "move", "check", "ask", "tell", "invite",
    "notify", "contact", "update", "fix", "run", "test", "merge", "publish", "announce",
    "schedule", "plan", "prepare", "finish", "start", "refund", "bill", "charge", "message",
    "ping", "remind", "close", "open", "cancel", "renew", "submit", "file", "order", "buy",
    "sell", "post", "upload", "onboard", "offboard", "audit", "backup", "clean", "delete",
    "remove", "add", "write", "draft", "sign", "approve", "confirm", "follow", "tag", "cut"})


def _told_as_condition(m: re.Match[str], start: int) -> bool:
    """The day ``m`` found is told, in the sentence from ``start``, after a word of a condition
    or a cause (``_CONDITION_BEFORE``): its deed is no deed gone by."""
    return _CONDITION_BEFORE.search(m.string, max(start, m.start() - _DEED_WINDOW),
                                    m.start()) is not None


def _done_by(deed: re.Match[str], doer: re.Match[str] | None) -> bool:
    """The deed found was done by ``doer``, the words said right before it (``_DOER_SAID``):
    a subject pronoun, a name right after a word of its clause (``_WORD_BEFORE_NAME``: a capital
    first word may be an imperative's verb or a noun: "Launch paid tier on", "Payroll paid on",
    "Invites sent on", "• Migrate paid users on"),
    or, for "hit", what strikes ("The outage hit on"); not "the/a X", mostly words of a thing
    ("the first paid customers", "the remaining paid accounts", "the old sent mail")."""
    if doer is None:
        return False
    verb = deed["verb"]
    if doer["who"] is not None:
        return verb != "hit"
    if doer["name"] is not None:
        return (verb != "hit" and doer["name"].lower() not in _NO_DOER
                and doer["name"].lower() not in _TODO_VERBS
                and _WORD_BEFORE_NAME.search(doer.string, max(0, doer.start("name") - 20),
                                             doer.start("name")) is not None)
    return verb == "hit" and doer["what"].split()[-1] in _WHAT_HITS


def _deed_on_the_day(m: re.Match[str], start: int, end: int) -> bool:
    """The date ``m`` found, in the sentence ``m.string[start:end]``, is the day of a deed told
    in an irregular past form in its clause (``_DEED_FORMS``), right before the day or after a
    day that opens the clause, in a sentence with no word of a day to come."""
    text = m.string
    prep = (m["prep"] or "").lower()
    if prep not in _DEED_PREPS:
        return False
    # (its clause read near the day: a sentence of many days is read once a day)
    near, far = max(start, m.start() - _DEED_WINDOW), min(end, m.end() + _DEED_WINDOW)
    # (a day of a list told after the deed's is its: "The team met on 3 June, 10 June and 17
    # June")
    breaks = [b for b in _CLAUSE_END.finditer(text, near, far)
              if b.end() <= m.start() or b.start() >= m.end()]
    opens = max((b.end() for i, b in enumerate(breaks) if b.end() <= m.start() and (
        _DAYS_LISTED.fullmatch(text, b.end(), breaks[i + 1].start() if i + 1 < len(breaks)
                               else far) is None)), default=near)
    clause_end = next((b.start() for b in breaks if b.start() >= m.end()), far)
    if (_AHEAD_VERB.search(text, opens, clause_end) or _RESCHEDULED.search(text, opens, clause_end)
            or _ARRANGED.search(text, opens, clause_end)):
        return False
    deeds = list(_DEED_FORMS.finditer(text, opens, m.start()))
    if deeds:
        deed = deeds[-1]  # (the last one before the day)
        to_day = _DEED_TO_DAY.fullmatch(text, deed.end(), m.start())
        if to_day is None or _NOT_DONE_ON_THE_DAY.search(to_day["what"]) or (
                not prep and not to_day["listed"]
                and (to_day["what"] or deed["verb"] not in _NO_OBJECT)):
            return False
    elif prep == "on" and not text[opens:m.start()].strip():  # "On 3 June we met the vendor"
        after = _DOER_AFTER_DAY.match(text, m.end(), clause_end)
        found = None if after is None else _DEED_FORMS.match(text, after.end(), clause_end)
        if found is None or not _done_by(found, after):
            return False
        return not _tells_ahead(text[start:end]) and not _told_as_condition(m, start)
    else:
        return False
    if not _done_by(deed, _DOER_BEFORE.search(
            text, max(opens, deed.start() - _DOER_REACH), deed.start())):
        return False
    # (a day told after it, but in its list, is another's: "We paid 300 on 3 June and 300 on
    # 10 June", "Bob sent the report on 3 June and we review it on 10 June" put the two a year
    # apart; both are read as before)
    listed = _LISTED_AFTER.match(text, m.end(), far)
    listed_end = m.end() if listed is None else listed.end()
    # (nor a day told with what it is, after a colon: "We met on 3 June: ship date")
    if _A_DAY.search(text, listed_end, far) or text[listed_end:listed_end + 3].lstrip(
            ).startswith(":"):
        return False
    # (last: a word of a day to come anywhere in the sentence makes it no deed's)
    return not _tells_ahead(text[start:end]) and not _told_as_condition(m, start)


def _clause_told_as_past(m: re.Match[str], start: int, end: int, near_back: bool | None) -> bool:
    """The date ``m`` found, in the sentence ``m.string[start:end]``, is told as past: as the
    sentence is (``_told_as_past``), unless the date's own clause tells its own tense, the one
    way only (a sentence of a plan and of the last time it ran, each date in its own year), and
    that tense puts the day on the side of the telling day ``near_back`` (``_near_side``: True
    back, False ahead, None neither)."""
    whole = _told_as_past(m.string[start:end])
    if not whole and near_back is not False and _NEXT_TOLD_PAST.search(m.string, start, end):
        whole = _told_as_past(_next_then(m.string[start:end]))
    if not whole and (_deed_on_the_day(m, start, end) or (
            (m["prep"] or "").lower() in ("on", "in", "during", "at")
            and _DENIED_BEFORE_DAY.search(m.string, max(start, m.start() - 12), m.start())
            and not _no_deed_told(m.string[start:end])
            # (nor one corrected by a day ahead after it: "The meeting wasn't on 3 June; it is on
            # 10 June", "..., it will be on 10 June")
            and _last_ahead_word(m.string[start:end]) < m.end() - start
            and not _told_as_condition(m, start))):
        # ("We met the vendor on 3 June.", "The demo wasn't on 3 June.": no word of
        # ``_PAST_WORDING`` tells it)
        whole = True
    if near_back is None or near_back == whole:
        # a clause told as past moves only a day just gone by, one told ahead only a day soon
        # to come: "The target was 3 August, but we will ship on 10 August" (said in July) is
        # this August's target, not last year's; "The lease ends on 30 June; we moved out on
        # 28 June" this June's lease, not next year's
        return whole
    breaks = [b for b in _TENSE_BREAK.finditer(m.string, start, end)
              if b.end() <= m.start() or b.start() >= m.end()]
    breaks = [b for i, b in enumerate(breaks) if _LIST_ITEM.fullmatch(
        m.string, b.end(), breaks[i + 1].start() if i + 1 < len(breaks) else end) is None]
    # (one clause, most sentences: judged by its own words as below, where the sentence is not
    # told as past by a word of ``_PAST_WORDING``: "The team met on 3 June, 10 June and 17 June",
    # said in July, was a meeting in June 2027, each day of it)
    before = [b.end() for b in breaks if b.end() <= m.start()]
    after = [b.start() for b in breaks if b.start() >= m.end()]
    clause = m.string[before[-1] if before else start:after[0] if after else end]
    ahead = _FUTURE_WORDING.search(_next_then(clause)) is not None or (
        _AHEAD_VERB.search(clause) is not None)
    if whole:
        return not ahead or _PAST_WORDING.search(clause) is not None
    # (the clause but the date: "from 1 June to 5 June" is no plan "to" do a thing, as "we
    # wanted to ship on 3 August" is)
    own = m.string[before[-1] if before else start:m.start()] + " " + m.string[
        m.end():after[0] if after else end]
    return (not ahead and (m["prep"] or "").lower() in _OWN_PAST_PREPS
            and _OWN_PAST.search(own) is not None and _ARRANGED.search(own) is None
            and _RESCHEDULED.search(own) is None and _REPORTED.search(own) is None)


def _looks_back(m: re.Match[str], near_back: bool | None = None) -> bool:
    """The date ``m`` found is one gone by: told as past, and not what something was moved
    to or from (``near_back``: as for ``_clause_told_as_past``)."""
    prep = _move_prep(m)
    if not prep and (week := _WEEK_OF_BEFORE.search(m.string, 0, m.start())) is not None:
        prep = week["prep"].lower()  # "moved to the week of November 16": moved to, too
    elif not prep and (named := _WEEKDAY_OF_BEFORE.search(m.string, 0, m.start())) is not None:
        # (told with its weekday it was read as past: "The demo slipped to Monday 20 July",
        # said in early July 2026, was put on 2025-07-20 and the plan told as gone)
        prep = named["prep"].lower()
    if prep in ("to", "until", "till", "from") and _RESCHEDULED.search(m.string, 0, m.start()):
        return False
    # (the sentence of the day alone: "Change freeze from 18/12 to 4/1. No prod changes in that
    # window except fixes with an approved exception." is a freeze ahead)
    start = m.string.rfind(". ", 0, m.start()) + 1
    end = m.string.find(". ", m.end())
    if not _clause_told_as_past(m, start, len(m.string) if end < 0 else end, near_back) or (
            _NOW_BEFORE.search(m.string, 0, m.start())):
        return False  # ("The beta got pushed again, now August 7": where it stands now)
    if "now" in m.string.lower() and (_NOW_AFTER.match(m.string, m.end())
                                      or _NOW_NOT.search(m.string)):
        return False
    starts = [c.end() for c in _CLAUSE_END.finditer(m.string, 0, m.start())]
    ends = _CLAUSE_END.search(m.string, m.end())
    clause = m.string[starts[-1] if starts else 0:ends.start() if ends else len(m.string)]
    return _PRESENT_CONTRACTION.search(clause) is None


# "from 1 June to 5 June": a day a span or a move is told from, before the day it runs to
_SPAN_GOES_ON = rx.compile(r"\s+(?=(?:to|until|till|through|thru)\s)|\s*[-–]\s*(?=\d)", re.I)
_SPAN_WORD = rx.compile(r"(?:to|until|till|through|thru)\s+", re.I)


# The first day of a span the month is said once for, just before a day of the month: a span
# not dated whole (``_day_span``: "5-1 June", a move of "1-5 June") is left as said, not cut
# ("Sprint 12 - 5 June" is the sprint's day: a dash with spaces only after a month, below)
_DAY_BEFORE_SPAN = rx.compile(r"(?<![\w./:-])\d{1,2}(?:st|nd|rd|th)?(?P<sep>[-–]|\s+(?:to|through|"
                              r"thru|till|until)\s+(?:the\s+)?)?\s*$", re.I)
_MONTH_BEFORE = rx.compile(rf"\b{_month_token('mon')}\s+(?:the\s+)?$", re.I)


def _month_day(m: re.Match[str], ref: date) -> When | None:
    if _verb_may(m, "mon", "day"):
        return None  # "Section 5 May be skipped."
    if _YEAR_AFTER.match(m.string, m.end()) or (
            (year := _IN_A_YEAR.match(m.string, m.end())) is not None
            and int(m["day"]) > _days_in_month(int(year["year"]), _month_number(m["mon"]))):
        # a day its year was said for and not read in it (``_in_year_told``: "29 February next
        # year", a day 2027 lacks) is left as said, not dated in another year: it was "on
        # 2028-02-29 in 2027"
        return None
    if (before := _DAY_BEFORE_SPAN.search(m.string, 0, m.start())) is not None and (
            (m["prep"] or "").lower() in _SPAN_TO if m["prep"] else before["sep"]) and (
            _MONTH_BEFORE.search(m.string, 0, before.start()) is None):
        return None
    when = _month_day_of(m, ref, _month_number(m["mon"]), int(m["day"]))
    if when is not None and (start := _ends_after(m)) is not None and when.start < start:
        # the day something ends, told after the day it starts dated with its year, is the
        # first such day from then: "The freeze starts 28 December next year and ends 3
        # January." ended on 2027-01-03, a year before it started
        month, day = _month_number(m["mon"]), int(m["day"])
        for later in (start.year, start.year + 1):
            if day <= _days_in_month(later, month) and date(later, month, day) >= start:
                return When("day", date(later, month, day), bare=when.bare)
    if when is None or (m["prep"] or "").lower() not in ("from", "on", "") or (
            gap := _SPAN_GOES_ON.match(m.string, m.end())) is None:
        return when
    # ... is in the year of the day it runs to, the nearer one: "The offsite moved from 1 June
    # to 5 June", said in July, was moved from 2027-06-01 to 2026-06-05 (the day moved to read
    # as the one just gone, the day moved from as one ahead), a move back by a year no one said;
    # the day it runs to told with its year ("to 5 June 2026") gives it
    # (the end with its month said first or second: "moved from July 1 to 5 August" was
    # from 2027-07-01 to 2026-08-05; said with no "from", or with a dash, alike: "The window is
    # July 1 to 5 August 2026." was "2027-07-01 to 5 August 2026")
    end = _MONTH_FIRST_DAY.match(m.string, gap.end()) or _DAY_FIRST_MONTH.match(
        m.string, gap.end())
    if end is not None:
        to = _month_day_of(end, ref, _month_number(end["mon"]), int(end["day"]))
    else:
        word = _SPAN_WORD.match(m.string, gap.end())
        told = _MENTION.match(m.string, gap.end() if word is None else word.end())
        to = _mention(told) if told is not None else None
    if to is None or to.precision != "day":
        return when
    return When("day", _start_near(when.start, to.start, m), bare=when.bare)


# The day a thing starts, dated after a word saying it starts, then the words telling the day
# ``_month_day`` reads is its end: "starts 2027-12-28 and ends (on) 3 January", "runs from
# 2027-12-28 until 3 January" (not after a comma: "The audit is 2027-08-05, until 3 January we
# test" is another clause's day). Only after a start's word: "from 2027-03-01 to 5 February"
# alone, or after a change's ("Change the launch from 1 March next year to 5 February", "Submit
# by 1 September next year until 5 May"), may be a move to a day before, and was dated a year
# after the one meant (2028-02-05)
_STARTS_THEN_ENDS = rx.compile(
    r"(?i)\b(?:start(?:s|ed|ing)?|begin(?:s|ning)?|began|begun|open(?:s|ed|ing)?|"
    r"run(?:s|ning)?|ran|kick(?:s|ed|ing)?\s+off)\s+(?:(?:on|from)\s+)?"
    r"(?P<start>\d{4}-\d{2}-\d{2})(?:,?\s+(?P<ends>(?:and\s+)?(?:then\s+)?(?:it\s+)?"
    r"(?:ends?|ending|finish(?:es)?|finishing|closes|runs\s+(?:to|until|till|through)|lasts\s+"
    r"(?:to|until|till|through))\s+)|\s+)$")
# A change told before, whose new day may be before the one it was on ("Update the launch that
# starts 1 March next year to 5 February")
_CHANGED = rx.compile(
    r"(?i)\b(?:chang\w*|updat\w*|swap\w*|switch\w*|bring\w*|brought|edit\w*|amend\w*|"
    r"replac\w*|correct\w*|adjust\w*|modif\w*|sets?|forward)\b")


def _ends_after(m: re.Match[str]) -> date | None:
    """The day a thing starts, told just before ``m``, the day it ends, or None."""
    said = _STARTS_THEN_ENDS.search(m.string, 0, m.start())
    if said is None or not (said["ends"] or (m["prep"] or "").lower() in _SPAN_TO) or (
            _RESCHEDULED.search(m.string, 0, m.start())) or (
            _CHANGED.search(m.string, 0, m.start())):
        return None  # (a move "from 2027-03-01 to 5 February" may be one to a day before)
    return date.fromisoformat(said["start"])


def _start_near(start: date, to: date, m: re.Match[str]) -> date:
    """``start`` (a day read with no year) moved to the year of ``to``, the day the span or the
    move ``m`` found runs to, or the one either side: a span's start the nearest not after its
    end ("from 1 March to 30 November", said in July, was from 2027-03-01 to 2026-11-30), a
    move's the nearest either way ("moved from 5 June to 1 June")."""
    near = []
    for year in (to.year - 1, to.year, to.year + 1):
        try:
            near.append(start.replace(year=year))
        except ValueError:  # (29 February)
            continue
    if _RESCHEDULED.search(m.string, 0, m.start()) is None:
        return min(near, key=lambda d: (d > to, abs((d - to).days)))
    # (as near on either side, a move's start is before its end)
    return min(near, key=lambda d: (abs((d - to).days), d > to))


# A verb of choosing right before the day it chose, with no preposition ("We picked 3 August
# for the launch"): the day is what was chosen, not when the choosing was done. Only a verb, not
# a noun spelled alike: a past form after who chose, not after "be" ("The room is booked 3
# August": when it was done to) nor an article, a plain one after who chooses or a word that asks
# for a verb ("Let's book", "we'll pick"), an -ing one after "be" ("We're locking in"); no -s
# forms, mostly plural nouns ("Return the library books tomorrow", "Sales targets next year")
_CHOOSE_PAST = (r"picked|chose|chosen|selected|booked|reserved|targeted|preferred|proposed|"
                r"suggested|(?:locked|pencill?ed)\s+in")
_CHOSEN_BY = rx.compile(
    r"(?i)(?<![\w'’])(?!(?:is|are|was|were|be|been|being|get|gets|got|gotten|the|a|an|our|my|"
    r"your|their|his|her|its|this|that|these|those|just|already|finally|now|also|\w+ly)\b)\w+"
    rf"(?:['’](?:ve|d))?\s+(?:(?:just|already|finally|now|also|\w+ly)\s+)?(?P<past>{_CHOOSE_PAST})"
    r"\s+$"
    r"|(?:\b(?:we|i|you|they|let['’]s|to|will|shall|should|could|would|might|must|can|please)"
    r"|['’]ll)\s+(?:(?:just|also|\w+ly)\s+)?(?:pick|choose|select|book|reserve|target|prefer|"
    r"propose|suggest|(?:lock|pencil)\s+in)\s+$"
    r"|(?:\b(?:am|are|is|was|were)|['’](?:re|m))\s+(?:picking|choosing|selecting|booking|"
    r"reserving|targeting|proposing|suggesting|(?:locking|pencill?ing)\s+in)\s+$")
# ... with no preposition said, as one of the match's own words ("We'll choose in two weeks")
_SAID_WITH_PREP = rx.compile(r"(?i)(?:in|on|at|by|for|from|within|after|before|until|till|to|"
                             r"during|since|around|over|through)\s")
# ... or before a list of days it took, this day its last ("We picked 3 August and 10 August"):
# one day of the list and what joins it to the next, read back from where the next starts
_LISTED_DAY_BEFORE = rx.compile(rf"(?i)(?<![\w-]){_DAY_WORD}(?:,\s*(?:and\s+)?|\s+and\s+)\Z")
# How many runs of non-blank characters before where it ends a match may reach into: a day of
# a list and its joining word are at most 6 ("3 - 5 of August, and"), _CHOSEN_BY's at most 4
# ("we've already locked in")
_LISTED_DAY_RUNS = 6
_CHOSEN_BY_RUNS = 4


# ... and the day a past one took, right after it, or after what it was for ("We scheduled the
# demo for 3 August"): the past tense tells when the choosing was done, not that the day is gone
_CHOSEN_FOR = rx.compile(rf"(?i)\b(?:{_CHOOSE_PAST}|scheduled|planned|arranged|slotted)\s+"
                         r"(?:(?!(?:on|in|at|by|to)\b)[\w'’-]+\s+){1,4}$")
_CHOOSE_PAST_WORD = rx.compile(rf"(?i)\b(?:{_CHOOSE_PAST}|scheduled|planned|arranged|slotted)\b")


def _chosen_by(m: re.Match[str]) -> re.Match[str] | None:
    """The verb of choosing right before the date ``m`` found, or before the list of days it
    ends ("We picked 3 August and 10 August")."""
    # (both read from a few words back, not from the text's start for each day in it: a line
    # of 'tomorrow and ' x 770 before two dated plans took 2.9 s, 3.7x for twice the line)
    before = _list_start(m.string, m.start())
    end = m.start() if before is None else before
    return _CHOSEN_BY.search(m.string, _runs_back(m.string, end, _CHOSEN_BY_RUNS), end)


def _runs_back(text: str, end: int, runs: int) -> int:
    """Where the ``runs``-th run of non-blank characters before ``end`` starts (0 when there
    are fewer): no match ending at ``end`` made of that many runs starts before it."""
    at = end
    for _ in range(runs):
        while at and text[at - 1].isspace():  # (what ``\s`` matches)
            at -= 1
        while at and not text[at - 1].isspace():
            at -= 1
    return at


# the list starts found in the text read last: its days ask in turn, each the list before it
_list_starts: tuple[str, dict[int, int | None]] = ("", {})


def _list_start(text: str, end: int) -> int | None:
    """Where the list of days that ends at ``end`` with its joining word starts ("3 August,
    4 August and "), the leftmost start any reading of it reaches (what a search for the whole
    list from the text's start finds); None when no day and joining word end there. Each end
    is read once a text: a list of 1,500 days read again for each of its days is quadratic."""
    global _list_starts
    if _list_starts[0] is not text:
        _list_starts = (text, {})
    known = _list_starts[1]
    # depth first, without recursion (a list may be thousands of days long)
    pending = [end]
    while pending:
        at = pending[-1]
        if at in known:
            pending.pop()
            continue
        starts = _days_ending_at(text, at)
        unread = [start for start in starts if start not in known]
        if unread:
            pending += unread
            continue
        pending.pop()
        leftmost: int | None = None
        for start in starts:
            reach = known[start]
            reach = start if reach is None else reach  # (a list of this day alone)
            leftmost = reach if leftmost is None else min(leftmost, reach)
        known[at] = leftmost
    return known[end]


def _days_ending_at(text: str, end: int) -> list[int]:
    """Where each day and joining word of a list that end at ``end`` start."""
    starts: list[int] = []
    at = _runs_back(text, end, _LISTED_DAY_RUNS)
    while (day := _LISTED_DAY_BEFORE.search(text, at, end)) is not None:
        starts.append(day.start())
        at = day.start() + 1
    return starts


def _chosen_ahead(m: re.Match[str], ref: date, gone: date | None, to_come: date | None) -> bool:
    """The day ``m`` found, ``gone`` or ``to_come`` on ``ref``, is the one to come, the nearer,
    that a past verb of choosing before it took, where no other word of its sentence tells it
    as past ("We picked 3 August for the launch, which went well" does)."""
    if to_come is None or (gone is not None and to_come - ref >= ref - gone):
        return False
    prep = (m["prep"] or "").lower()
    if prep == "for":
        chosen = _CHOSEN_FOR.search(m.string, 0, m.start()) is not None
    else:
        chosen = not prep and (said := _chosen_by(m)) is not None and said["past"] is not None
    if not chosen:
        return False
    start = m.string.rfind(". ", 0, m.start()) + 1
    end = m.string.find(". ", m.end())
    rest = _CHOOSE_PAST_WORD.sub(" ", m.string[start:len(m.string) if end < 0 else end])
    return _PAST_WORDING.search(rest) is None


# "since" before a day of a month, perhaps with its weekday between ("since Monday 13 July")
_SINCE_WEEKDAY = rx.compile(rf"(?i)\bsince\s+(?P<wd>{WEEKDAY_NAME}),?\s+(?:the\s+)?$")


# ... but a "since" in a sentence of a day to come is read as before: "The office will be closed
# since 13 July", "Since 13 July, deploys are paused until 20 July", "..., back on 20 July", "...;
# we resume on 20 July" (said in December, "Since 2026-07-13 ... until 2027-07-20", a year's
# pause no one said)
_SINCE_AHEAD = rx.compile(
    rf"(?i)\b(?:will|shall|going\s+to|won['’]t|back\s+on|resum(?:e|es|ing)|reopen(?:s|ing)?|"
    rf"(?:until|till)\s+(?:the\s+)?(?:{WEEKDAY_NAME},?\s+(?:the\s+)?)?{_DAY_WORD})\b|['’]ll\b")
_SINCE_REACH = 300  # characters either side of the day its sentence is read in
# ... nor is a day that is its clause's subject: "since" is a cause ("Since 3 June is a holiday,
# we ship on 4 June", "since 3 June falls on a Wednesday"), the day as read before
_DAY_AS_SUBJECT = rx.compile(
    r"(?i)\s+(?:is|are|was|were|falls|fell|lands|landed|has|had|will|would|marks|means|counts|"
    r"becomes|became|remains|stays)\b")


def _said_since(m: re.Match[str]) -> bool:
    """The day ``m`` found is said "since" (perhaps with its weekday between: "since Monday 13
    July"), a day since which a thing holds: not a cause, nor in a sentence of a day to come."""
    prep = (m["prep"] or "").lower()
    if prep != "since" and (prep or _SINCE_WEEKDAY.search(
            m.string, max(0, m.start() - 20), m.start()) is None):
        return False
    if _DAY_AS_SUBJECT.match(m.string, m.end()):
        return False
    stop = m.string.rfind(". ", max(0, m.start() - _SINCE_REACH), m.start())
    near = max(0, m.start() - _SINCE_REACH) if stop < 0 else stop + 1
    stop = m.string.find(". ", m.end(), m.end() + _SINCE_REACH)
    far = m.end() + _SINCE_REACH if stop < 0 else stop
    return _SINCE_AHEAD.search(m.string, near, far) is None


def _weekday_said_since(m: re.Match[str]) -> int | None:
    """The weekday said between "since" and the day ``m`` found (Monday 0), if any."""
    said = _SINCE_WEEKDAY.search(m.string, max(0, m.start() - 20), m.start())
    return None if said is None else WEEKDAYS.index(said["wd"].lower())


def _month_day_of(m: re.Match[str], ref: date, month: int, day: int) -> When | None:
    """The day ``day`` of ``month`` that ``m`` said with no year: the next such day, or the
    latest gone when the sentence is told as past."""
    if _RECURRING.search(m.string):
        return None
    found: list[date] = []
    for year in range(ref.year - 4, ref.year + 5):  # Feb 29 is in one year of four
        try:
            found.append(date(year, month, day))
        except ValueError:
            continue
    gone = max((d for d in found if d <= ref), default=None)
    to_come = min((d for d in found if d >= ref), default=None)
    near_back = None if gone is None or to_come is None else _near_side(
        m, ref, ref - gone, to_come - ref)
    since = gone is not None and _said_since(m)
    weekday = _weekday_said_since(m) if since else None
    chosen: date | None = None
    if weekday is not None:
        # the one of the two its weekday names ("since Monday 13 July" said on 2 July: 2026's, a
        # Monday; said in December, 2026's too); neither: as said without "since" ("Since
        # Tuesday 13 July" said on 2026-07-06 was 2025-07-13, a Sunday)
        chosen = next((d for d in (gone, to_come) if d is not None and d.weekday() == weekday),
                      None)
    elif since:
        # "since" tells a day gone by, however the sentence is told ("Deploys are paused since
        # 13 July", said in December, was 2027-07-13), but one soon to come, as read before
        # ("are paused since 13 July" said on 8 July, loosely for "from")
        soon = to_come is not None and to_come - ref <= _CLAUSE_REACH
        chosen = to_come if soon and not _looks_back(m, near_back) else gone
    if chosen is None and _looks_back(m, near_back) and not _chosen_ahead(m, ref, gone, to_come):
        chosen = gone
    elif chosen is None:
        chosen = to_come
        before = [d for d in found if ref - timedelta(days=_JUST_GONE) <= d < ref]
        if chosen is not None and before and (chosen - ref).days > 300 and (
                _moved_to(m) or _NOW_BEFORE.search(m.string, 0, m.start())):
            # "we moved the deadline to June 30", told on July 5: the move is news told after
            # it; a deadline put nearly a year ahead would be said with its year
            chosen = max(before)
        elif chosen is not None and before and (chosen - ref).days > 300 and (
                _away_just_gone(m, max(before), ref)):
            chosen = max(before)  # "Ana is out until 3 July", said on 6 July
    if chosen is None:
        return None  # no such day ("February 30th"): the words stay as they are
    # With no preposition the date is a noun or an adverb ("we ship Sept 3", written "we ship
    # on ...").
    return When("day", chosen, bare=not m["prep"] and (_said_as_noun(m) or _day_as_subject(m)))




# A span of days with one month said once ("1-5 June", "1 to 5 June", "June 1-5") or a month to
# each end ("28 Dec - 3 Jan"): both ends in one year (the later month's in the next where the
# span goes over the year's end). Read as one date its second figure was a day of June 2027 and
# the first left as said: "The audit ran 1-2027-06-05."
_SPAN_SEP = r"\s*(?P<sep>-|–|to|through|thru|till|until|and)\s*"
# The year said right after a date, a span or a month: "5 August next year", "1-5 June last
# year", "August 5 in 2027". Read apart, the day was dated in the year it falls next and the
# year put after it: "The audit is 5 August next year." was "The audit is 2026-08-05 in 2027".
# ("in 2025" only where the clause ends: "grew 5 May in 2025 numbers" says not that)
# (nor of "next year-end", "next year's", nor "in 2026.2", a version a year names)
_YEAR_TOLD = (r"\s+(?:(?:of\s+)?(?P<rel_year>next|this|last)\s+year\b(?![-'’])|in\s+(?P<told_year>"
              r"(?:19|20)\d\d)(?=\s*(?:[.,;:!?](?![\w-])|[)\]—–]|$)|\s+(?:and|but|so|when|if|"
              r"because|we|they|i|you|he|she|it)\b))")
_YEAR_AFTER = rx.compile(_YEAR_TOLD, re.I)
# ... and "in 2027" before a noun, where the year lacks the day ("29 February in 2027 the office
# closes"): 5 May in any year is the next one, 29 February only in the year said
_IN_A_YEAR = rx.compile(r"\s+in\s+(?P<year>(?:19|20)\d\d)\b")
_ORDINAL = r"(?:st|nd|rd|th)?"
# A figure after a day said first ("5 June 2027", "5 June, 10:00") is its year or its time: the
# day is left as said. Not the next day of a list after a comma ("on 3 August, 10 August and 17
# August", "1-5 June, 8-12 June"): its first day was left undated, "3 August, 1..." read as a
# day and its year, which is four figures ("3 August, 2027" stays); the next one may be dated
# already ("3 August, 10-14 August": a span is read first)
_NEXT_DAY_SAID = (rf"(?:\d{{1,2}}{_ORDINAL}(?:\s*[-–]\s*\d{{1,2}}{_ORDINAL})?\s+(?:of\s+)?"
                  rf"{_month_token(None, dot=False)}|\d{{4}}-\d\d-\d\d\b)")
_FIGURE_AFTER = rf"\.?(?:\s*|,\s*(?!{_NEXT_DAY_SAID}))\d"
_DAY_SPAN = rx.compile(
    r"(?:\b(?P<prep>on|in|during|from|for|between)\s+)?(?<![\w./:-])(?:the\s+)?(?:"
    # "1-5 June", "1st to the 5th of June", "28 Dec - 3 Jan"
    rf"(?P<d1>\d{{1,2}}){_ORDINAL}(?:(?:(?:\s+of)?\s+{_month_token('m1', dot=False)}{_SPAN_SEP})|"
    # (with the month said once, a dash between the figures: "Phase 2 - 5 June" is a day)
    r"(?P<dash>[-–])|\s+(?P<word>to|through|thru|till|until|and)\s+)"
    rf"(?:the\s+)?(?P<d2>\d{{1,2}}){_ORDINAL}(?:\s+of)?\s+{_month_token('m2', dot=False)}"
    rf"(?!{_FIGURE_AFTER})"
    # "June 1-5", "Dec 28 - Jan 3"; not "June 3 - 5 people came", a count
    rf"|{_month_token('mb1')}\s+(?:the\s+)?(?P<db1>\d{{1,2}}){_ORDINAL}"
    rf"{_SPAN_SEP.replace('sep', 'sepb')}(?:{_month_token('mb2')}\s+)?(?:the\s+)?"
    rf"(?P<db2>\d{{1,2}}){_ORDINAL}\b(?!,?\s*\d{{4}}\b|[-–:./]\d)"
    r"(?!\s+(?!(?:and|or|but|so|to|at|in|on|for|with|when|if|then|because|once|unless|we|they|"
    r"i|you|he|she|it|is|was|were|are|will|the|(?:of\s+)?(?:next|this|last)\s+year)\b)[a-z])"
    # a month said first at one end and second at the other ("July 1 to 5 August", "June 1-5
    # July", "1 July to August 5"): its ends were dated apart, "2027-07-01 to 2026-08-05"
    # ending before it started, and "June 1-5 July" was "June 1-2027-07-05"
    rf"|\b{_month_token('mc1')}\s+(?:the\s+)?(?P<dc1>\d{{1,2}}){_ORDINAL}"
    rf"{_SPAN_SEP.replace('sep', 'sepc')}(?:the\s+)?(?P<dc2>\d{{1,2}}){_ORDINAL}(?:\s+of)?\s+"
    rf"{_month_token('mc2', dot=False)}(?!{_FIGURE_AFTER})"
    rf"|(?P<dd1>\d{{1,2}}){_ORDINAL}(?:\s+of)?\s+{_month_token('md1', dot=False)}"
    rf"{_SPAN_SEP.replace('sep', 'sepd')}{_month_token('md2')}\s+(?:the\s+)?"
    rf"(?P<dd2>\d{{1,2}}){_ORDINAL}\b(?!,?\s*\d{{4}}\b|[-–:./]\d)"
    r"(?!\s+(?!(?:and|or|but|so|to|at|in|on|for|with|when|if|then|because|once|unless|we|they|"
    r"i|you|he|she|it|is|was|were|are|will|the|(?:of\s+)?(?:next|this|last)\s+year)\b)[a-z]))"
    rf"(?:{_YEAR_TOLD})?", re.I)
_ARTICLE = rx.compile(r"the\s+(?=\d{1,2}(?!\d|st|nd|rd|th))", re.I)
_SPAN_PREP = {"on": "from", "in": "from", "during": "from", "from": "from", "for": "for",
              "between": "between"}


def _day_span(m: re.Match[str], ref: date, rewrites: list[DateRewrite]) -> str:
    """The span ``m`` found written with both days dated ("2026-06-01 to 2026-06-05"): ahead
    the first that has not ended on the message's day, told as past the latest ended by then;
    as said where it is none (a day the month lacks, an end before its start), a span of every
    year ("every 1-5 June") or a move ("moved from 1 June to 5 June": ``_month_day``)."""
    if m["d1"] and not m["prep"] and _MONTH_BEFORE.search(m.string, 0, m.start()):
        # its first figure is the day of the month said before it, a span to another month:
        # "runs from June 1 to 5 July" was "from June 2027-07-01 to 2027-07-05" (``_month_day``)
        return m[0]
    if m["d1"] and _verb_may(m, "m2", "d1"):
        return m[0]  # "Sections 1-5 May be skipped."
    if m["d1"]:
        d1, d2, sep = int(m["d1"]), int(m["d2"]), m["sep"] or m["dash"] or m["word"]
        m2 = _month_number(m["m2"])
        m1 = _month_number(m["m1"]) if m["m1"] else m2
    elif m["db1"]:
        d1, d2, sep = int(m["db1"]), int(m["db2"]), m["sepb"]
        m1 = _month_number(m["mb1"])
        m2 = _month_number(m["mb2"]) if m["mb2"] else m1
    elif m["dc1"]:
        d1, d2, sep = int(m["dc1"]), int(m["dc2"]), m["sepc"]
        m1, m2 = _month_number(m["mc1"]), _month_number(m["mc2"])
    else:
        d1, d2, sep = int(m["dd1"]), int(m["dd2"]), m["sepd"]
        m1, m2 = _month_number(m["md1"]), _month_number(m["md2"])
    between = (m["prep"] or "").lower() == "between"
    if sep.lower() == "and" and not between:
        return m[0]  # "on 1 and 5 June" is two days; "between 1 and 5 June" the days between
    over_new_year = (m2, d2) < (m1, d1)
    told = _year_told(m, ref)
    # (a move to a span is left as said for want of its year: "moved to 1-5 June next year"
    # says it; one with a month at each end and a dash between is dated as its ends are)
    moved = told is None and _RESCHEDULED.search(m.string, 0, m.start()) is not None
    dashed = sep in ("-", "–") and bool(m["m1"] or m["mb2"] or m["mc1"] or m["md1"])
    if (over_new_year and m1 == m2) or (m1, d1) == (m2, d2) or _RECURRING.search(m.string) or (
            moved and not dashed):
        return m[0]
    chosen: tuple[date, date] | None
    if moved:
        chosen = _moved_span(m, ref, (m1, d1), (m2, d2))
    elif told is not None:
        # (over the year's end, which end the year is said of: ``_over_new_year_told``)
        try:
            chosen = _over_new_year_told(ref, told, (m1, d1), (m2, d2)) if over_new_year else (
                date(told, m1, d1), date(told, m2, d2))
        except ValueError:
            return m[0]
    else:
        chosen = _span_in_any_year(m, ref, (m1, d1), (m2, d2), over_new_year)
    if chosen is None:
        return m[0]
    word = "and" if between else "to" if sep in ("-", "–") else sep
    prep = m["prep"]
    lead = "" if prep is None else _SPAN_PREP[prep.lower()] + " "
    if prep and prep[:1].isupper():
        lead = lead[:1].upper() + lead[1:]
    elif prep is None and (article := _ARTICLE.match(m[0])) is not None:
        # "the" before figures is the article of what the span is of: "The 20-24 July freeze
        # is for the audit." was saved as "2026-07-20 to 2026-07-24 freeze is ..."; before an
        # ordinal it is the day's own ("ran the 1st to the 5th of June")
        lead = article[0]
    replacement = f"{lead}{chosen[0].isoformat()} {word} {chosen[1].isoformat()}"
    rewrites.append(DateRewrite(m[0], replacement, chosen[1]))
    return replacement


def _moved_span(m: re.Match[str], ref: date, start: tuple[int, int], end: tuple[int, int]
                ) -> tuple[date, date] | None:
    """A span a move tells with a month at each end and a dash between ("The offsite moved June
    1st-June 5th", "pushed to 10 Aug-14 Aug"): its first day dated as that day alone is, with
    the word before it ("to"), and its last the first such day from then; apart, the dash was
    left between them ("on 2026-06-01-2026-06-05") and the ends a year apart ("to
    2026-08-10-2025-08-14")."""
    at = m.start()
    if not m["prep"] and (word := _PREP_BEFORE_SPAN.search(m.string, 0, at)) is not None:
        at = word.start()
    first = _MONTH_FIRST_DAY.match(m.string, at) or _DAY_FIRST_MONTH.match(m.string, at)
    begin = None if first is None else _month_day_of(first, ref, *start)
    if begin is None:
        return None
    start_day = begin.start
    if (gap := _SPAN_TO_NEXT.match(m.string, m.end())) is not None and (
            later := _MONTH_FIRST_DAY.match(m.string, gap.start("to")) or _DAY_FIRST_MONTH.match(
                m.string, gap.start("to"))) is not None and (
            to := _month_day_of(later, ref, _month_number(later["mon"]), int(later["day"]))
    ) is not None:
        # moved from it to another day ("from Jun 1-Jun 5 to Jun 8-Jun 12"): near the day it
        # moved to, read with its "to", as a day moved from is (``_month_day``)
        start_day = _start_near(start_day, to.start, m)
    for year in (start_day.year, start_day.year + 1):
        try:
            last = date(year, *end)
        except ValueError:
            continue
        if last > start_day:
            return start_day, last
    return None


_SPAN_TO_NEXT = rx.compile(r"\s+(?P<to>to|until|till)\s+", re.I)
_PREP_BEFORE_SPAN = rx.compile(rf"\b(?:{_PREP_WORDS})\s+$", re.I)


def _year_told(m: re.Match[str], ref: date) -> int | None:
    """The year said right after the date ``m`` found (``_YEAR_TOLD``), or None."""
    if m["told_year"]:
        return int(m["told_year"])
    return ref.year + _STEP[m["rel_year"].lower()] if m["rel_year"] else None


# How near the telling day a span over the year's end said with its year may be for the year to
# be its end's ("closed Dec 24 - Jan 2 next year" said on 2026-12-20)
_NEW_YEAR_NEAR = timedelta(days=92)


def _over_new_year_told(ref: date, told: int, start: tuple[int, int], end: tuple[int, int]
                        ) -> tuple[date, date] | None:
    """A span from ``start`` to ``end`` (month, day) over the year's end said with the year
    ``told``, or None (left as said, its ends then dated apart: the year said is the end's).

    Which end the year is said of is not told. Where a span it may name is near the telling
    day, under way or just ended, that is the one meant: said on 2026-12-20, "closed Dec 24 -
    Jan 2 next year" closes in four days (not in 2027-12, the start's year, as "1-5 June next
    year" reads it); said on 2027-01-10, "was closed Dec 24 - Jan 2 this year" ended a week
    ago, said on 2026-02-10 "Oct 1 - Mar 31 this year" is under way; said on 2026-12-20 "Dec 24
    - Jan 2 this year" starts in four days. Farther off, "next" or "this year" names neither
    surely, and is left as said (a span a year off misleads where one as said does not); a
    year gone by or farther names the one that starts in it, as for any span ("Dec 28 - Jan 3
    last year" said in July, the freeze just gone, not the one before), unless that one is
    not over yet ("The winter schedule was Oct 1 - Mar 31 last year." said in February is last
    winter's, not the one under way)."""
    (m1, d1), (m2, d2) = start, end
    ends_in = (date(told - 1, m1, d1), date(told, m2, d2))
    starts_in = (date(told, m1, d1), date(told + 1, m2, d2))
    if told == ref.year + 1:
        # (the one that ends in it has not started, or is under way)
        return ends_in if ends_in[0] - ref <= _NEW_YEAR_NEAR else None
    if told == ref.year:
        if ref - ends_in[1] <= _NEW_YEAR_NEAR:  # (it started the year before: under way)
            return ends_in
        return starts_in if starts_in[0] - ref <= _NEW_YEAR_NEAR else None
    if told == ref.year - 1 and starts_in[1] >= ref:
        return None
    return starts_in


def _span_in_any_year(m: re.Match[str], ref: date, start: tuple[int, int], end: tuple[int, int],
                      over_new_year: bool) -> tuple[date, date] | None:
    """The span from ``start`` to ``end`` (month, day) said with no year: the first that has
    not ended on the message's day, told as past the latest ended by then."""
    (m1, d1), (m2, d2) = start, end
    spans: list[tuple[date, date]] = []
    for year in range(ref.year - 4, ref.year + 5):  # Feb 29 is in one year of four
        try:
            spans.append((date(year, m1, d1), date(year + over_new_year, m2, d2)))
        except ValueError:
            continue
    # (over by then, as "ran from 1 June to 5 June" read its end: said on 3 June, last year's)
    gone = max((s for s in spans if s[1] <= ref), default=None)
    to_come = min((s for s in spans if s[1] >= ref), default=None)
    if _looks_back(m, None if gone is None or to_come is None else _near_side(
            m, ref, ref - gone[1], to_come[0] - ref)) and not _chosen_ahead(
            m, ref, None if gone is None else gone[1], None if to_come is None else to_come[0]):
        return gone
    latest = max((s for s in spans if s[1] < ref), default=None)
    if to_come is not None and latest is not None and (to_come[0] - ref).days > 300 and (
            _away_just_gone(m, latest[1], ref)):
        return latest  # "Ana is out 1-3 July, ask Raj ...", said on 6 July
    return to_come


def _day_of_month(m: re.Match[str], ref: date) -> When | None:
    """A day of the month alone ("on the 15th", "by the 3rd"): in the message's month, or the
    next that has the day still to come ("the 31st" skips April); told as past, the latest one
    gone."""
    text, prep = m.string, (m["prep"] or "").lower()
    said_before = text[:m.start()].split()
    if (_RECURRING.search(text) or "monthly" in text.lower() or prep == "at"
            or (said_before and said_before[-1].rstrip(".").lower() in MONTH_WORDS)
            or not (prep or _said_as_noun(m) or _WEEKDAY_BEFORE.search(text, 0, m.start()))):
        return None  # "rent is due on the 1st monthly", "look at the 3rd", "January the 15th"
    day, this_month = int(m["dom"]), date(ref.year, ref.month, 1)
    if m["which"]:  # "the 1st of next month"
        first = _add_months(this_month, 1 if m["which"].lower() == "next" else 0)
        return When("day", first.replace(day=day), bare=not prep) if (
            day <= _days_in_month(first.year, first.month)) else None
    weekday = _WEEKDAY_BEFORE.search(text, 0, m.start())
    wanted = WEEKDAYS.index(weekday.group(0).strip(" ,").lower()) if weekday else None
    # The end of a span lies on or after its start ("2026-10-19 through Friday the 23rd", "the
    # 10th through the 12th"), however the sentence around it is told
    floor = _span_start(m, ref)
    gone = None if floor is not None else _day_of_month_near(day, None, ref, back=True)
    to_come = None if floor is not None else _day_of_month_near(day, None, ref, back=False)
    back = floor is None and _looks_back(m, None if gone is None or to_come is None else (
        _near_side(m, ref, ref - gone, to_come - ref)))
    floor = floor or ref
    # With its weekday ("Friday the 23rd"), the one that falls on it: the next, where the
    # sentence is told as past but no such day has just gone ("finance announced a freeze ...
    # Friday the 23rd"), this month's or the next's; with none so near, the two disagree and
    # the words stay as they are: "sat the 26th" said in mid-July (a Sunday this month, a
    # Wednesday the next) was read as September's, ten weeks off, which no one says without
    # its month; which of the two was a slip is not told, and a date would pass a guess off
    chosen = None if wanted is None else (
        (back and _day_of_month_near(day, wanted, floor, back=True))
        or _day_of_month_near(day, wanted, floor, back=False))
    if wanted is None:
        chosen = _day_of_month_near(day, None, floor, back=back)
    return When("day", chosen, bare=not prep) if chosen else None


def _span_start(m: re.Match[str], ref: date) -> date | None:
    """The day the span ``m`` ends is told from, dated before it or a day of the month
    read in the same pass ("the 10th through the 12th")."""
    span = _SPAN_START.search(m.string, 0, m.start())
    if span is None or (span["to"] is None and (m["prep"] or "").lower() not in _SPAN_TO):
        return None  # ("on 2026-10-19 the 12th": no span; "2026-10-10 through the 12th" is)
    if span["start"]:
        return date.fromisoformat(span["start"])
    start = next((found for found in m.re.finditer(m.string)
                  if found.start() < m.start() and found.start("dom") == span.start("dom")), None)
    when = _day_of_month(start, ref) if start is not None else None
    return when.start if when is not None else None


def _day_of_month_near(day: int, weekday: int | None, ref: date, *, back: bool) -> date | None:
    """The day ``day`` of the message's month or the next that has it ahead (the latest gone,
    ``back``); with a weekday said ("Friday the 23rd"), one that falls on it, this month's or
    the next's (further off, the weekday was not that day's)."""
    this_month = date(ref.year, ref.month, 1)
    for months in range(13 if weekday is None else 2):
        first = _add_months(this_month, -months if back else months)
        if day <= _days_in_month(first.year, first.month):
            chosen = first.replace(day=day)
            if ((chosen <= ref) if back else (chosen >= ref)) and (
                    weekday is None or chosen.weekday() == weekday):
                return chosen
    return None



def _quarter_said(m: re.Match[str], ref: date) -> When | None:
    """A quarter: "in Q3" is the first Q3 not yet over (the latest begun, told as past); "next
    quarter" a calendar quarter, as no fiscal year is known here; "end of Q2" its last day, as
    "end of the month" is."""
    rel = (m["rel"] or "").lower()
    if m["q"]:
        q, back = int(m["q"]), _told_as_past(m.string)
        starts = [date(year, 3 * q - 2, 1) for year in range(ref.year - 1, ref.year + 2)]
        quarter = _quarter(max(s for s in starts if s <= ref) if back else
                           min(s for s in starts if _quarter(s).last >= ref))
    elif rel in ("next", "last"):
        quarter = _quarter(_add_months(ref, 3 if rel == "next" else -3))
    elif rel == "this" or m["end"]:
        quarter = _quarter(ref)
    else:
        return None  # "a quarter of the tests"
    if m["end"]:
        return _day(quarter.last)
    if m["q"] and not m["prep"]:
        # "Q3 is the target", "in early Q3" keep their words around the year; "the Q3 roadmap"
        # may be a plan's name, left as said
        if not (_said_as_noun(m) or m.string[:m.start()].rstrip().lower().endswith(
                ("early", "mid", "mid-", "late"))):
            return None
        return When("quarter", quarter.start, bare=True)
    return quarter


def _month_said(m: re.Match[str], ref: date) -> When | None:
    """A month with no day or year: "in April" is the first April not yet over (told as past,
    or "since April", the latest begun); "the end of April" its last day. With no preposition
    only as a noun or after "early", "mid" or "late" ("in early April")."""
    prep = (m["prep"] or "").lower()
    if _RECURRING.search(m.string) or (prep == "to" and not (
            _RESCHEDULED.search(m.string, 0, m.start()) or " from " in m.string[:m.start()])):
        return None  # "every April", "give the keys to April"
    month = _month_number(m["mon"])
    starts = [date(year, month, 1) for year in range(ref.year - 1, ref.year + 2)]
    begun = max(s for s in starts if s <= ref)
    not_over = min(s for s in starts if _month_end(s) >= ref)
    if prep == "since" or _looks_back(m, _near_side(
            m, ref, ref - _month_end(begun), not_over - ref)):
        first = begun
    else:
        first = not_over
    if m["end"]:
        return _day(_month_end(first))
    if not prep:
        before = m.string[:m.start()].rstrip().lower()
        if before.endswith(("early", "mid", "mid-", "late")) or _said_as_noun(m):
            return When("month", first, bare=True)
        return None
    return _month(first)


_STEP = {"next": 1, "last": -1, "this": 0}


def _next_last_this(m: re.Match[str], ref: date) -> When:
    if m["after"]:
        return _week(_monday(ref) + timedelta(14))
    step, unit = _STEP[m["rel"].lower()], m["unit"].lower()
    if unit == "weekend":  # "last weekend": both its days, named by the first
        return When("weekend", _monday(ref) + timedelta(7 * step + 5))
    if unit == "week":
        return _week(_monday(ref) + timedelta(7 * step))
    if unit == "month":
        return _month(_add_months(ref, step))
    return _year(ref.year + step)


def _ago_or_ahead(m: re.Match[str], ref: date, sign: int) -> When:
    n, unit = _num(m["n"]) * sign, m["unit"].lower()
    if unit.startswith("month"):
        return _day(_add_months(ref, n))
    if unit.startswith("year"):
        return _year(ref.year + n)
    return _day(ref + timedelta(days=n * (7 if unit.startswith("w") else 1)))


Resolver = Callable[[re.Match[str], date], "When | None"]

_MONTH_DAY_END = r"(?:st|nd|rd|th)?\b(?!,?\s*\d{4}\b|[-–:./]\d)"
_WD2 = _WD.replace("?P<wd>", "?P<wd2>")
_WD3 = _WD.replace("?P<wd>", "?P<wd3>")
_WD4 = _WD.replace("?P<wd>", "?P<wd4>")
_ANY_WD = _WD.replace("?P<wd>", "?:")  # a weekday where none is read back
# A span's start, dated, before its end's day of the month: "2026-10-19 through Friday the"
_SPAN_TO = ("through", "thru", "to", "until", "till")
_SPAN_START = rx.compile(rf"(?:(?P<start>\d{{4}}-\d{{2}}-\d{{2}})|the (?P<dom>[1-9]|[12]\d|3[01])"
                         rf"(?:st|nd|rd|th))\s*(?P<to>(?:through|thru|to|until|till|-|–)\s*"
                         rf"(?:{_ANY_WD},?\s*)?)?$", re.I)
_WEEK_STEP = {"next": 7, "this": 0, "last": -7}


def _weekday_of_week(m: re.Match[str], ref: date) -> When:
    """"Thursday next week", "next week on Thursday", "Friday of last week": that day of that
    week, not the nearest one of its name."""
    name, rel = m["wd"] or m["wd2"], (m["rel"] or m["rel2"]).lower()
    day = _monday(ref) + timedelta(days=_WEEK_STEP[rel] + WEEKDAYS.index(name.lower()))
    # the subject of its clause ("Friday of last week was busy") is a noun: no "on"
    subject = _VERB_NEXT.match(m.string, m.end()) is not None
    return When("day", day, bare=not m["prep"] and subject)


_VERB_NEXT = rx.compile(r"\s+(?:was|is|were|will|would|has|had|looks|seems)\b", re.I)


def _from_day(m: re.Match[str], ref: date) -> When:
    """"a week from today", "two days from tomorrow", "a week from Thursday"."""
    base = (m["base"] or "").lower()
    start = (ref if base in ("today", "now") else ref + timedelta(days=1) if base == "tomorrow"
             else _weekday_ahead(ref, m["wd"], allow_today=True))
    return _ago_or_ahead(m, start, 1)


DateOrder = Literal["dmy", "mdy"]

# A day and a month in figures: "04/12", "30/11/2026", "4/12/26", and with dots "04.12." or
# "04.12.2026" (day first wherever dots are written). Not a part of a path, a version or a
# longer number ("src/12/04", "3.12.1", "1/2/3"), nor a share ("2/3 of the tests", "3/4 passing").
_NUMERIC_DATE = rx.compile(
    rf"(?:\b(?P<prep>{_PREP_WORDS})\s+)?(?<![\w/.:-])(?P<a>\d{{1,2}})(?:/(?P<b>\d{{1,2}})"
    # (with no year, the dot after the month is the sentence's own where it ends there)
    r"(?:/(?P<y>\d{4}|\d{2}))?|\.(?P<db>\d{2})(?:\.(?P<dy>\d{4}|\d{2})|\.(?=\s+[a-z])|(?=\.)))"
    r"(?![\w/%-]|[.,]\d)"
    r"(?!\s*(?:of|passing|passed|failing|failed|tests?|done|complete|votes?|points?|people|"
    # (nor a score, "10/10 ready", or a part of a time, "on 1/2 day")
    r"split|chance|odds|ratio|x|ready|perfect|score|rating|stars?|sure|confident|"
    r"(?:an?\s+)?(?:days?|hours?|hrs?|weeks?|shifts?))\b)", re.I)
_NUMERIC_HINT = rx.compile(r"\d/\d|\d\.\d\d\.")
# Figures are a day only where a day is told: after a preposition of time ("by 30/11", "on
# 04/12"), or after what is dated and its verb ("the launch is 04/12", "code freeze 01/12",
# "it's now 11/12"); "the score is 3/4" and "cut the build time by 1/2" tell none
_STRONG_PREPS = frozenset({"on", "by", "until", "till", "before", "after", "due", "since"})
_NUMERIC_LEAD = rx.compile(
    r"(?i)\b(?:(?P<dated>deadline|launch|freeze|release|demo|date|due|cut-?off|go-?live|live|"
    # (what ends or starts on a day: "Grant ends 30/9")
    r"ends|starts|begins|closes|expires)|"
    r"is|are|was|were|be|it['’]s|now|still|from|to|for|through|starting|"
    # ("the week of 16/11", "planned for the 29/11 maintenance window")
    r"week\s+of|(?:for|on|by|until|before|after)\s+the)\s+$")
_VERSIONED = rx.compile(r"(?i)\b(?:versions?|v\d|upgrad\w*|bump\w*|pinn?\w*|python|node|"
                        r"ubuntu|debian|postgres\w*|java|ruby|go|rust|php|kernel)\b")
_BY_AMOUNT = rx.compile(
    r"(?i)\b(?:reduc|cut|increas|grow|grew|drop|fell|rose|improv|slow|sped|speed|shrank|shrunk)"
    r"\w*(?:\s+[\w-]+){0,4}\s+$")


# The other end of a range of days in figures, after or before the one found
_RANGE_END = rx.compile(r"\s*(?:to|until|till|-|–)\s*\d{1,2}/\d{1,2}\b")
_RANGE_START = rx.compile(r"\b\d{1,2}/\d{1,2}\s*(?:to|until|till|-|–)\s*$")


# ... what follows a day in figures that another ends a span or a move from it: the dash, or
# the word the other's match opens with
_FIGURES_GO_ON = rx.compile(r"\s*(?:[-–]\s*|(?=(?:to|until|till|through|thru)\s+\d))", re.I)


def _numeric_context(m: re.Match[str]) -> bool:
    """The figures ``m`` found are told as a day (see ``_NUMERIC_LEAD``)."""
    if m["a"] == "24" and m["b"] == "7" and not m["y"] and _RANGE_END.match(
            m.string, m.end()) is None and _RANGE_START.search(m.string, 0, m.start("a")) is None:
        return False  # "on call 24/7"; "24/7 to 26/7" is a range of days
    prep = (m["prep"] or "").lower()
    before = m.string[:m.start("a")]
    if m["db"] and not m["dy"] and (_PLAN_HINT.search(m.string) is None or _VERSIONED.search(
            m.string) is not None):
        return False  # "the lambdas are still on 3.11.": a version, with no plan to date
    if prep in _STRONG_PREPS:
        return prep != "by" or _BY_AMOUNT.search(before[:m.start()]) is None
    lead = _NUMERIC_LEAD.search(before)
    if lead is None and (start := _RANGE_START.search(before)) is not None and (
            before.rstrip()[-1:] in "-–"):
        # the far end of a range told with a dash ("The freeze is 24/7 - 26/7") is a day
        # where its start is
        told = _NUMERIC_DATE.match(m.string, start.start())
        return told is not None and _numeric_context(told)
    return lead is not None and (lead["dated"] is not None or _PLAN_HINT.search(
        before, 0, lead.start()) is not None)


def _day_month(m: re.Match[str], order: DateOrder | None) -> tuple[int, int] | None:
    """The day and the month the figures ``m`` found say, read in the person's ``order`` where
    either could come first; None where they say no day, or the order is unknown."""
    a, b = int(m["a"]), int(m["b"] or m["db"])
    if m["db"]:
        return (a, b) if 1 <= a <= 31 and 1 <= b <= 12 else None
    day_first, month_first = 1 <= a <= 31 and 1 <= b <= 12, 1 <= a <= 12 and 1 <= b <= 31
    if day_first and month_first and a != b:
        return None if order is None else (a, b) if order == "dmy" else (b, a)
    return (a, b) if day_first else (b, a) if month_first else None


def _numeric_day(m: re.Match[str], ref: date, order: DateOrder | None) -> When | None:
    """A day in figures: with its year, that day; with none, the next such day (the latest
    gone, told as past), as "4 December" is."""
    said = _day_month(m, order) if _numeric_context(m) else None
    if said is None:
        return None
    day, month = said
    year = m["y"] or m["dy"]
    if year:
        return When("day", date(int(year) + (2000 if len(year) == 2 else 0), month, day),
                    bare=not m["prep"])
    when = _month_day_of(m, ref, month, day)
    if when is None:
        return None
    start = when.start
    if (gap := _FIGURES_GO_ON.match(m.string, m.end())) is not None and (
            end := _NUMERIC_DATE.match(m.string, gap.end())) is not None and (
            to := _numeric_day(end, ref, order)) is not None:
        # the day a span in figures runs from is in the year of the day it runs to ("from
        # 1/7 to 10/7", said on 6 July, was from 2027-07-01 to 2026-07-10)
        start = _start_near(start, to.start, m)
    return When("day", start, bare=not m["prep"])


def day_month_order(text: str) -> DateOrder | None:
    """The order the person's own figures show: "30/11" is day first, "11/30" month first;
    None when no day in ``text`` tells."""
    if "/" not in text:
        return None
    for m in _NUMERIC_DATE.finditer(text):
        if m["b"] is None or not _numeric_context(m):
            continue
        a, b = int(m["a"]), int(m["b"])
        if 12 < a <= 31 and 1 <= b <= 12:
            return "dmy"
        if 12 < b <= 31 and 1 <= a <= 12:
            return "mdy"
    return None


_EITHER_WAY = rx.compile(r"\b(0?[1-9]|1[0-2])/(0?[1-9]|1[0-2])\b")


def either_way_round(said: str) -> bool:
    """``said`` (a date's own words) has figures that read as a day either way round
    ("04/12", not "30/11" or "12/12")."""
    m = _EITHER_WAY.search(said) if "/" in said else None
    return m is not None and int(m[1]) != int(m[2])


def unresolved_day_month(text: str) -> str | None:
    """A day in figures in ``text`` that may be read day or month first ("04/12"), as
    written; None when there is none."""
    if "/" not in text:
        return None
    for m in _NUMERIC_DATE.finditer(text):
        if m["b"] is not None and _numeric_context(m) and _day_month(m, "dmy") != _day_month(
                m, "mdy"):
            return m[0][m.start("a") - m.start():]
    return None


def _british(m: re.Match[str], ref: date) -> When | None:
    """"Tuesday week" and "a week on Tuesday": a week after the coming Tuesday (said on a
    Monday, eight days on); "next Monday but one": the Monday after next Monday, "next week but
    one" the week after next; "within a fortnight": by the day two weeks on (not in a rule for
    every time: "reviews are answered within a fortnight"); "by EOD", "end of play Friday",
    "COB Thursday": a deadline that day, only where it is a time (after "by" or its kin, with
    its weekday, or ending the clause: "the EOD report" is none), and not in a rule for every
    time ("Always reply to review comments by end of day", "PRs must be reviewed by EOD")."""
    prep = (m["prep"] or "").lower()
    if m["fortnight"]:
        return None if prep != "within" or _STANDING.search(m.string) or _RECURRING.search(
            m.string) or _STANDING_DEADLINE.search(m.string) else _day(ref + timedelta(days=14))
    if prep == "within":
        return None
    if m["eod"]:
        # with its weekday ("Timesheets are due by EOD Friday") it is that one Friday's, unless
        # said of every one ("... by EOD every Friday")
        if not (prep in ("by", "before", "until", "till", "for") or m["wd4"]
                or _CLAUSE_ENDS.match(m.string, m.end())) or (
                    _STANDING.search(m.string) or _RECURRING.search(m.string) if m["wd4"]
                    else _STANDING_DEADLINE.search(m.string)):
            return None
        return _day(_weekday_ahead(ref, m["wd4"], allow_today=True) if m["wd4"] else ref)
    if m["but_one"]:
        return (_week(_monday(ref) + timedelta(days=14)) if m["wd3"] is None
                else _day(_weekday_ahead(ref, m["wd3"], allow_today=False) + timedelta(days=7)))
    return _day(_weekday_ahead(ref, m["wd"] or m["wd2"], allow_today=True) + timedelta(days=7))


_CLAUSE_ENDS = rx.compile(r"\s*(?:[.,;:!?)—–]|$)")
# A deadline of every time, not of one day: a rule for always or for each one ("Always reply to
# review comments by end of day", "PRs must be reviewed by EOD", "Priya wants every incident
# acked by end of day"), or what is so of all of a kind ("invoices are due within a fortnight")
_STANDING_DEADLINE = rx.compile(
    r"(?i)\b(?:always|never|every|each|whenever)\b|^\s*(?:all\s+(?:the\s+|our\s+)?)?"
    r"(?!(?:the|our|my|your|his|her|their|these|those|this|that)\b)(?:[a-z]+\s+)?[a-z]+s\s+"
    r"(?:are|must|should|need|have|get)\b")


def _next_weekday(m: re.Match[str], ref: date) -> When:
    """"next Thursday" is the coming Thursday, even said on a Monday of its week (the reading
    most people give it, in either British or American usage) -- except where the day was put
    later ("the deadline got extended, it's next Thursday now", "we pushed it to next
    Thursday"): a day put off to three days on would be "this Thursday", so "next" there says
    the week after's."""
    coming = _weekday_ahead(ref, m["wd"], allow_today=False)
    # the putting off is told before the day
    if _monday(coming) == _monday(ref) and _first_put_off(m.string) <= m.start():
        return _day(coming + timedelta(days=7))
    return _day(coming)


_EXTEND = rx.compile("extend", re.I)


@lru_cache(maxsize=8)
def _first_put_off(text: str) -> int:
    """Where the first word of a day put off ("extended", ``_RESCHEDULED_LATER``) in ``text``
    ends, or past the text's end when none is: read once for all the "next Friday"s of a text,
    not up to each again (with ``_said_just_before``, most of the 1.5 s a gather took on
    'next Friday ' x 1,700).
    No match runs past the "(on) next Friday" after it (a word ends before that), so one that
    ends before the day is one in the text up to it."""
    ends = [found.end() for found in (_EXTEND.search(text), _RESCHEDULED_LATER.search(text))
            if found is not None]
    return min(ends, default=len(text) + 1)


# A figure glued to a version before it is none of a day's: "1.5 June", "2.1-5 June"
_NOT_IN_A_VERSION = r"(?<!\d\.)(?<!\d\.\d[-–])(?<!\d\.\d\d[-–])"
# A day of a month with no year: "January 15th", "Jan 15", "the 15th of January".
_MONTH_FIRST_DAY_SAID = (rf"\b{_PREP}(?:the )?{_month_token('mon')} (?:the )?"
                         rf"(?P<day>\d{{1,2}}){_MONTH_DAY_END}")
_MONTH_FIRST_DAY = rx.compile(_MONTH_FIRST_DAY_SAID, re.I)
# (not a figure glued to a version before it: "Release 2.1-5 June." was "Release
# 2.1-2027-06-05", "The 1.5 June release." "The 1.on 2027-06-05 release.")
_DAY_FIRST_MONTH_SAID = (rf"\b{_PREP}(?:the )?{_NOT_IN_A_VERSION}(?P<day>\d{{1,2}})"
                         rf"(?:st|nd|rd|th)?(?: of)? "
                         rf"{_month_token('mon', dot=False)}(?!{_FIGURE_AFTER})")
_DAY_FIRST_MONTH = rx.compile(_DAY_FIRST_MONTH_SAID, re.I)
# (a relative year's possessive after a day said after a preposition: ``_RULES``)
_YEARS_POSSESSIVE = r"(?=,?\s+(?:next|this|last)\s+year['’]s\b)"
_DAY_BEFORE_A_YEARS = r"(?=\b(?:on|by|from|before|after|until|till)\s)"
# ... which is left as said ("Release 2.1-5 June is the big one.": release 2.1 on 5 June, or
# releases 2.1 to 2.5 in June?)
VERSION_AND_DAY = rx.compile(rf"\d\.(?:\d{{1,2}}[-–])?\d{{1,2}}(?:st|nd|rd|th)?(?: of)? "
                             rf"{_month_token('mon', dot=False)}(?!\.?,?\s*\d)", re.I)
# A month alone ("in August"), where it is not the start of a date
_FIGURE_BEFORE = rx.compile(r"\d(?:st|nd|rd|th)?\s+(?:of\s+)?(?:the\s+)?$", re.I)
_MONTH_ALONE = rf"\b{_PREP_OR_IN}(?-i:(?P<mon>{_MONTH_NAMES}))"


def _in_year_told(m: re.Match[str], ref: date) -> When | None:
    """A day of a month, or a month, with its year said after it ("5 August next year", "in
    August last year"): in that year, however the sentence is told."""
    year = _year_told(m, ref)
    said_before = m.string[:m.start()]
    if year is None or (_DAY_BEFORE_SPAN.search(said_before) is not None and (
            _MONTH_BEFORE.search(said_before) is None)):
        return None  # the end of a span not dated whole: left as said, as ``_month_day`` does
    if m.groupdict().get("day") is None:
        if _FIGURE_BEFORE.search(said_before) or not (
                m["prep"] or _said_as_noun(m) or said_before.rstrip().lower().endswith(
                    ("early", "mid", "mid-", "late", "of"))):
            # a month whose day was none ("29 February next year", "2.1-5 June"), or a name
            # as ``_month_said`` reads it ("ask June next year")
            return None
        when = _month(date(year, _month_number(m["mon"]), 1))
        return When("month", when.start, bare=not m["prep"] and _said_as_noun(m))
    return When("day", date(year, _month_number(m["mon"]), int(m["day"])),
                bare=not m["prep"] and _said_as_noun(m))


_RULES: list[tuple[re.Pattern[str], Resolver]] = [
    # British ways of saying a day (``_british``), in one pass
    (rx.compile(rf"\b(?:(?P<prep>{_PREP_WORDS}|within)\s+)?(?:{_WD} week\b(?!-)|"
                rf"(?:a|one) week on {_WD2}\b|(?P<but_one>next (?:{_WD3}|week) but one)\b|"
                r"(?P<fortnight>a fortnight)\b|(?P<eod>(?:the )?end of play|end of (?:business|"
                rf"day)|EOD|EOP|COB|close of (?:play|business))(?:,?\s+(?:on\s+)?{_WD4})?\b)",
                re.I), _british),
    # Before "today", "tomorrow" and a weekday are read alone: "a week from tomorrow" is one date
    (rx.compile(rf"\b{_PREP}{_NUM} (?P<unit>days?|weeks?|months?|years?) from "
                rf"(?:(?P<base>now|today|tomorrow)|{_WD})\b", re.I), _from_day),
    # Before "next week" is read alone: "Thursday next week", "next week on Thursday"
    (rx.compile(rf"\b{_PREP}(?:{_WD},? (?:of |in )?(?P<rel>next|this|last) week|"
                rf"(?P<rel2>next|this|last) week,? (?:on )?{_WD2}"
                # its day of the month with it is the same day, said once ("next week, Monday
                # the 19th" was "on 2026-10-19 the 19th")
                r"(?: the (?:[1-9]|[12]\d|3[01])(?:st|nd|rd|th))?)\b", re.I),
     _weekday_of_week),
    # "Monday after next": the one after the next Monday ("the Monday after next Wednesday" is
    # told from that Wednesday: _DAY_AFTER_DATE, once it is dated)
    (rx.compile(rf"\b{_PREP}(?:the )?{_WD} after next\b(?! (?:week|month|quarter|year|"
                rf"{_ANY_WD})\b)", re.I),
     lambda m, r: _day(_weekday_ahead(r, m["wd"], allow_today=False) + timedelta(days=7))),
    # A day of the month alone is a date only where the clause goes on without a noun ("on the
    # 15th at 10", not "for the 3rd time"). First, so "the 1st of next month" is read whole.
    (rx.compile(rf"\b{_PREP}the (?P<dom>[1-9]|[12]\d|3[01])(?:st|nd|rd|th)"
                r"(?: of (?P<which>next|this) month)?\b(?=\s*(?:[.,;:!?)\]—–]|$)|\s+(?:but|so|"
                r"when|at|if|then|because|once|unless|we|they|i|you|he|she|it)\b|"
                # the start of a span: "the 19th through Friday the 23rd", "the 19th to the 23rd"
                rf"\s*(?:through|thru|to|until|till|-|–)\s*(?:the \d|{_ANY_WD}))", re.I),
     _day_of_month),
    (rx.compile(rf"\b{_PREP}the day after tomorrow\b", re.I),
     lambda m, r: _day(r + timedelta(days=2))),
    (rx.compile(rf"\b{_PREP}the day before yesterday\b", re.I),
     lambda m, r: _day(r - timedelta(days=2))),
    (rx.compile(rf"\b{_PREP}(?:the )?end of (?:the |this )?month\b", re.I),
     lambda m, r: _day(_month_end(r))),
    (rx.compile(rf"\b{_PREP}(?:the )?end of next month\b", re.I),
     lambda m, r: _day(_month_end(_add_months(r, 1)))),
    (rx.compile(rf"\b{_PREP}(?:the )?end of (?:the |this )?week\b", re.I),
     lambda m, r: _day(_end_of_week(r))),
    (rx.compile(rf"\b{_PREP}(?:the )?end of next week\b", re.I),
     lambda m, r: _day(_monday(r) + timedelta(days=11))),
    (rx.compile(rf"\b{_PREP}(?:the )?end of (?:the |this )?year\b", re.I),
     lambda m, r: _day(date(r.year, 12, 31))),
    (rx.compile(rf"\b{_PREP}(?:the )?end of next year\b", re.I),
     lambda m, r: _day(date(r.year + 1, 12, 31))),
    (rx.compile(rf"\b{_PREP}tomorrow\b", re.I), lambda m, r: _day(r + timedelta(days=1))),
    (rx.compile(rf"\b{_PREP}yesterday\b", re.I), lambda m, r: _day(r - timedelta(days=1))),
    (rx.compile(rf"\b{_PREP}(?:today|tonight|this (?:morning|afternoon|evening))\b", re.I),
     lambda m, r: _day(r)),
    (rx.compile(rf"\b{_PREP}next {_WD}\b", re.I), _next_weekday),
    (rx.compile(rf"\b{_PREP}(?:this|this coming|coming) {_WD}\b", re.I),
     lambda m, r: _day(_weekday_ahead(r, m["wd"], allow_today=True))),
    (rx.compile(rf"\b{_PREP}last {_WD}\b", re.I),
     lambda m, r: _day(_weekday_before(r, m["wd"]))),
    # "broken since Friday": the latest Friday before, in a rule too ("..., so don't merge")
    # (not with its day of the month after it, the one day: "since Monday 13 July" was "since
    # 2026-12-14 on 2027-07-13", said in December)
    (rx.compile(rf"\b(?P<prep>since) {_WD}\b(?!s)(?!,?\s+(?:the\s+)?\d{{1,2}}(?:st|nd|rd|th)?"
                rf"(?:\s+of)?\s+{_month_token(None, dot=False)}|,?\s+{_month_token(None)}\s+"
                r"(?:the\s+)?\d)", re.I),
     lambda m, r: _day(_weekday_before(r, m["wd"]))),
    # A day or a month with its year said after it, before "next year" is read alone
    (rx.compile(_MONTH_FIRST_DAY_SAID + _YEAR_TOLD, re.I), _in_year_told),
    (rx.compile(_DAY_FIRST_MONTH_SAID + _YEAR_TOLD, re.I), _in_year_told),
    (rx.compile(_MONTH_ALONE + _YEAR_TOLD, re.I), _in_year_told),
    # ... and a day after a preposition, before a relative year's possessive, before that is
    # read as a year: "On 5 August next year's budget is due." was "On 5 August 2027's budget",
    # the day then read as of the year said and left unread. Only "next/this/last year's": a
    # year written with its possessive is the day's ("December 1, 2027's launch" is a day of
    # 2027); and only after a preposition, which makes the day the clause's time: with none it
    # may be the day of what the year's possessive names ("Remember Dec 1 next year's launch
    # is the big one.", "Mark Dec 1 next year's launch.": next year's 1 December, which was
    # read as this year's)
    (rx.compile(_DAY_BEFORE_A_YEARS + _MONTH_FIRST_DAY_SAID + _YEARS_POSSESSIVE, re.I),
     _month_day),
    (rx.compile(_DAY_BEFORE_A_YEARS + _DAY_FIRST_MONTH_SAID + _YEARS_POSSESSIVE, re.I),
     _month_day),
    # One rule, not nine: each rule is a scan of every dated text. "The week after next", but
    # not "the week after next month('s release)"; "in the next month" is "in May 2026".
    (rx.compile(rf"\b{_PREP}(?P<mid>mid-?\s?)?(?:(?P<after>(?:in )?(?:the )?week after )next"
                r"(?! (?:week|month|quarter|year|sprint|release|time)\b)|"
                # "over the next week" is the coming days, no week to name: left as said
                r"(?<!\bthe )(?:in the )?(?P<rel>next|last|this) "
                r"(?P<unit>week(?:end)?|month|year))\b", re.I),
     _next_last_this),
    # "Q3 2026", "Q3'26" and "Q3 FY26" already have their year; a name holding a quarter
    # ("Reports-2024-Q1.csv", "FY2024-Q1", "sales-Q1.csv") is not one said
    (rx.compile(rf"\b{_PREP_OR_IN}(?P<end>(?:the )?end of )?"
                r"(?:(?:(?:the )?(?P<rel>next|last|this|the) )?quarter"
                r"|(?<!\d{4}-)(?<![\w.])Q(?P<q>[1-4]))\b"
                r"(?![\s'’/-]*\d|\s*FY|[._][A-Za-z])", re.I), _quarter_said),
    (rx.compile(rf"\b{_PREP}in a fortnight{_TIME}\b", re.I),
     lambda m, r: _day(r + timedelta(days=14))),
    (rx.compile(rf"\b{_PREP}in {_NUM} days?{_TIME}\b", re.I),
     lambda m, r: _day(r + timedelta(days=_num(m["n"])))),
    (rx.compile(rf"\b{_PREP}in {_NUM} weeks?{_TIME}\b", re.I),
     lambda m, r: _day(r + timedelta(days=7 * _num(m["n"])))),
    (rx.compile(rf"\b{_PREP}in {_NUM} months?{_TIME}\b", re.I),
     lambda m, r: _day(_add_months(r, _num(m["n"])))),
    (rx.compile(rf"\b{_PREP}in {_NUM} years?{_TIME}\b", re.I),
     lambda m, r: _year(r.year + _num(m["n"]))),
    (rx.compile(rf"\b{_PREP}{_NUM} (?P<unit>days?|weeks?|months?|years?) ago\b", re.I),
     lambda m, r: _ago_or_ahead(m, r, -1)),
    (_MONTH_FIRST_DAY, _month_day),
    (_DAY_FIRST_MONTH, _month_day),
    # A month alone, once any day of it is read: "in April", "by the end of March"; not "April
    # 2027", "April '27" or "April 3".
    (rx.compile(rf"\b{_PREP_OR_IN}(?P<end>(?:the )?end of )?(?-i:(?P<mon>{_MONTH_NAMES}))\b"
                rf"(?![\s,.]*['’]?\d|-\d)", re.I), _month_said),
]
# A bare weekday is only a date after a preposition, and not in a standing rule
# ("never deploy on Friday" is a rule about every Friday).
# ... nor when the date it names follows ("on Friday 2026-07-17", "Friday (2026-07-17)")
# Said after "is" ("the staging deploy is Friday") it is the day of the thing named before.
# ... and after "due" ("The postmortem is due Friday") it is the day it is due
# Said straight after a deed ("release 2.3 went out Friday", "the outage was Friday") it is
# the day that deed was done on: one gone by.
_BARE_WEEKDAY = rx.compile(rf"(?:\b(?P<prep>on|by|until|till|before|after) |(?<=\bis )|(?<=\bare )"
                           r"|(?<=\bdue )"
                           r"|(?P<deed>(?<=ed )|(?<=\bwent out )|(?<=\bwent live )|(?<=\bwas )"
                           r"|(?<=\bwere )))"
                           rf"{_WD}\b(?!s)(?!,?\s+\(?\d{{4}}-\d{{2}}-\d{{2}}\b)"
                           # (nor with its day of the month, left as said: ``_day_of_month``)
                           r"(?!,?\s+the\s+\d{1,2}(?:st|nd|rd|th)\b)", re.I)
# ... but not of the day itself or of what is at hand ("Today is Friday", "It's Friday")
_DAY_IS = frozenset({"today", "tomorrow", "yesterday", "it", "this", "that", "which", "what"})
# (a colon between digits is no break: "I had a 1:1 with Sam on Tuesday")
_CLAUSE_BREAK = rx.compile(r"[,;()]|:(?!\d)|\s[—–-]\s|\b(?:and|but|so|because|while|whereas|"
                           r"then)\b", re.I)
# A verb of what was done: past in -ed (not "need", "feed"), or irregular
_REGULAR_DEED = r"\w+[^e\W]ed"
_DEED = rf"(?:{_REGULAR_DEED}|had|did|{_IRREGULAR_DEEDS}|went|came)"
_DEED_PARTICLE = r"(?:out|live|down|off|through|well|fine|badly|smoothly|ok|okay)"
# What was done, told by who did it ("we moved it", "they rolled it back", "it broke"), of a
# thing ("the outage was"), or with no one named ("renamed it"); "we need" is no past.
_DONE = rx.compile(
    rf"\b(?:we|they|i|he|she|it|someone)\s+{_BEFORE_DEED}{_DEED}\b"
    # ... or by what it befell, a noun opening the clause: "the demo went well on Tuesday",
    # "the deploy failed on Tuesday" (a word between, so "the updated docs" is no deed)
    rf"|^\s*(?:the|our|my|their|his|her|your)\s+(?:[\w'-]+\s+){{1,3}}?{_BEFORE_DEED}{_DEED}\b"
    r"|\b(?:was|were|happened|took place)\b|"
    r"^\s*\w+[^e\W]ed\s+(?:it|that|this|them)\b"
    # ... or by a thing named with no article, the deed right before the day ("Release 2.3
    # went out on Friday", "Billing fix shipped on Friday"; not "Review merged PRs on Friday")
    r"|^\s*(?!(?:a|an|the|our|my|their|his|her|your)\s)(?:[\w'.-]+\s+){1,3}?"
    rf"{_BEFORE_DEED}{_DEED}(?:\s+{_DEED_PARTICLE})?\s*$", re.I)
# Words that arrange a day rather than tell what was done on it: "we scheduled the demo on
# Friday", "I asked Sam to deploy on Friday", "we postponed it on Monday".
_ARRANGED = rx.compile(r"\bto\s+\w|\b(?:schedul|plann|book|arrang|reschedul|postpon|delay|agree|"
                       r"decid|promis|ask|told|expect|suppos|meant)\w*", re.I)


# The deed told right after a day that opens the sentence, perhaps after where it was done: "On
# Monday we decided to ...", "At the retro on Monday, we agreed that ..." ("agreed" is no -ed
# word to ``_DONE``)
_OPENS_WITH_DAY = rx.compile(r"^\s*(?:(?:at|during|in|after)\s+(?:the|our|a|an|my|their)\s+"
                             r"(?:[\w:-]+\s+){1,3}?)?$", re.I)
_DEED_AFTER_DAY = rx.compile(
    rf"\s*,?\s*(?:we|they|i|he|she|someone|everyone)\s+{_BEFORE_DEED}(?:agreed|{_DEED})\b",
    re.I)
# The day of a decision, said right after its verb: "we decided on Monday to ...", "I agreed on
# Tuesday that ..." ("we decided to ship on Friday" is the day decided on: ``_ARRANGED``)
_DECIDED_ON_DAY = rx.compile(r"\b(?:decided|agreed)(?:\s+with\s+\w+)?\s+$", re.I)
_WHAT_DECIDED = rx.compile(r"\s+(?:to|that)\b", re.I)


# A window kept for work of a kind comes round each week: "the maintenance window is Sunday
# 02:00-04:00 UTC" is every Sunday's, a standing fact (not "the cutover window is Sunday")
_RECURRING_WINDOW = rx.compile(
    r"(?i)\b(?:maintenance|change|deploy\w*|release|patch\w*|backup)\s+windows?\s+(?:is|are)\s+"
    rf"(?:on\s+)?{_ANY_WD}s?\b")


def recurring_window(text: str) -> bool:
    """Whether ``text`` tells the weekday of a window that comes round each week ("the
    maintenance window is Sunday 02:00-04:00 UTC", "... is on Sundays")."""
    return "window" in text.lower() and _RECURRING_WINDOW.search(text) is not None


# A weekday and its time set against another weekday's: "The maintenance window is Saturday
# 22:00 to Sunday 02:00 UTC now, not Sunday 02:00-04:00" puts right the slot it recurs in, not
# one day's; dated, the window read as 2026-10-31 only, and was then told as past
_AT_TIME = rx.compile(r"\s+\d{1,2}:\d\d\b")
_NOT_ANOTHER_SLOT = rx.compile(rf"\bnot\s+{_ANY_WD}\s+\d{{1,2}}:\d\d\b", re.I)


# ... of a thing that recurs: "The release is Friday 14:00, not Thursday 09:00" is one day's
_RECURS = ("window", "standup", "stand-up", "rotation", "every", "weekly", "daily", "handoff",
           "hand-off", "sync", "retro")


def _slot_put_right(m: re.Match[str]) -> bool:
    head = m.string[:m.start()].lower()
    return any(w in head for w in _RECURS) and _AT_TIME.match(
        m.string, m.end()) is not None and _NOT_ANOTHER_SLOT.search(m.string, m.end()) is not None


_A_WEEKDAY = rx.compile(rf"\b{_ANY_WD}\b", re.I)
_DEED_OPENS = rx.compile(rf"\s*{_BEFORE_DEED}{_DEED}\b", re.I)


def _last_weekday(said: str) -> int | None:
    """Where the last weekday told in ``said`` ends, if one is."""
    if "day" not in said.lower():
        return None
    return max((w.end() for w in _A_WEEKDAY.finditer(said)), default=None)


# A word before a day that arranges or moves it rather than tells what was done on it
# ("scheduled Friday", "moved Friday")
_NOT_A_DEED = rx.compile(r"(?:mov|push|shift|bump|chang|want|hop|aim|target|need)ed$", re.I)
# (asked only whether one ends the text: a regular deed is read from its word's start alone,
# where one found inside the word is found from its start too; from each letter of a long word,
# each read again to its end, 'x ' + 20,000 letters took 45 s, by the square)
_DEED_FROM_WORD_START = _DEED.replace(_REGULAR_DEED, r"(?<!\w)" + _REGULAR_DEED, 1)
_A_DEED = rx.compile(rf"(?:{_DEED_FROM_WORD_START}(?:\s+(?:out|live))?|was|were)$", re.I)
# ... nor is a participle after these one done by the clause's subject: passive or still to
# come ("It gets shipped Friday", "It's being deployed Friday", "We're closed Friday")
_NOT_DONE_BY = frozenset({"get", "gets", "got", "getting", "is", "are", "am", "be", "being",
                          "been", "will", "to", "should", "must", "can", "could", "would",
                          "may", "might", "shall", "going"})
# The clause's own verb after the day: the deed is a participle naming which things ("PRs
# merged Friday go out Monday", "Bugs reported Friday are top priority"), a rule of every one
_VERB_AFTER_DAY = rx.compile(
    r"\s+(?:is|are|was|were|go|goes|get|gets|got|need|needs|have|has|had|will|would|should|"
    r"must|can|could|may|might|stay|stays|remain|remains|do|does|did|count|counts|become|"
    r"becomes|land|lands)\b", re.I)


def _after_deed(m: re.Match[str], ref: date) -> When | None:
    """A weekday straight after a deed ("went out Friday", "shipped Friday", "was Friday"):
    the latest one gone by, unless the clause is still to come ("will be shipped Friday"), it
    tells what the day is ("it was Friday"), or the word before is no deed of that day; then
    left as said, as before."""
    text = m.string
    start = max((b.end() for b in _CLAUSE_BREAK.finditer(text, 0, m.start())), default=0)
    said = text[start:m.start()].rstrip()
    words = said.split()
    if (len(words) < 2 or words[-2].lower() in _DAY_IS or not _A_DEED.search(said)
            or _NOT_A_DEED.search(said) or _ARRANGED.search(said)
            or _FUTURE_WORDING.search(said)):
        return None
    # the deed's own word ("went" of "went out") and the word before it
    at = len(words) - (2 if words[-1].lower() in ("out", "live") and len(words) > 2 else 1)
    before = words[at - 1].lower().replace("\u2019", "'")
    # a name is no deed ("Sync with Ahmed Friday", "Ping Fred Friday")
    if (words[at][:1].isupper() or before in _NOT_DONE_BY
            or before.endswith(("'s", "'re", "'m")) or _VERB_AFTER_DAY.match(text, m.end())):
        return None
    return _day(_weekday_before(ref, m["wd"]))


def _bare_weekday(m: re.Match[str], ref: date) -> When | None:
    """"On Friday" is the first Friday after the message's day, unless its clause tells what
    was done on it ("we moved it on Monday", "the outage was on Tuesday", "on Monday we decided
    to ...", "we decided on Monday to ..."): then the latest one before. A day something is due
    "by", "until" or "before" lies ahead however it is told."""
    text = m.string
    if "window" in text[:m.start()].lower() and (
            w := _RECURRING_WINDOW.search(text)) is not None and w.end() == m.end():
        return None
    if m["prep"] is None and _slot_put_right(m):
        return None
    if m["deed"] is not None:
        return _after_deed(m, ref)
    if m["prep"] is None:
        before = text[:m.start()].split()
        if len(before) < 2 or before[-2].lower() in _DAY_IS or before[-2][:1].isdigit():
            return None
        if before[-1].lower() == "due" and before[-2].lower() in ("was", "were"):
            # "The report was due Friday but nobody sent it": a day gone by
            return _day(_weekday_before(ref, m["wd"]))
        return _day(_weekday_ahead(ref, m["wd"], allow_today=False))
    start = max((b.end() for b in _CLAUSE_BREAK.finditer(text, 0, m.start())), default=0)
    after = _CLAUSE_BREAK.search(text, m.end())
    said = text[start:m.start()]
    # "The release tagged on Friday goes out on Monday": a deed told of an earlier day in the
    # clause is that day's; this one's is told after it ("... went out on Monday")
    if (earlier := _last_weekday(said)) is not None:
        said = said[earlier:]
    if m["prep"].lower() == "on" and (
            ((_DONE.search(said) or (earlier is not None and _DEED_OPENS.match(said)))
             and not _ARRANGED.search(said) and not _FUTURE_WORDING.search(
                text, start, after.start() if after else len(text)))
            or (start == 0 and _OPENS_WITH_DAY.match(said)
                and _DEED_AFTER_DAY.match(text, m.end()))
            or (_DECIDED_ON_DAY.search(said) and not _FUTURE_WORDING.search(said)
                and _WHAT_DECIDED.match(text, m.end()))):
        return _day(_weekday_before(ref, m["wd"]))
    return _day(_weekday_ahead(ref, m["wd"], allow_today=False))


# Every rule above (and _BARE_WEEKDAY) needs one of these words ("q3" for a quarter, "15th"
# for a day of the month), or a month's name beside a number; most texts have neither, and then
# the rules need not run (they did ~15k substitutions a dream). Searched in the lower-cased
# text: much faster than re.I.
_RELATIVE_WORD = rx.compile(
    r"day|week|month|year|tomorrow|tonight|morning|afternoon|evening|fortnight|quarter|"
    r"\bq[1-4]\b|\d(?:st|nd|rd|th)\b|\d/\d|\d\.\d\d\.|\beo[dp]\b|\bcob\b|end of play|"
    r"close of")
_MONTH_ABBREVIATIONS = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)"
_MONTH_BEFORE_NUMBER = rx.compile(rf"{_MONTH_ABBREVIATIONS}[a-z]*\.? (?:the )?\d")
_NUMBER_BEFORE_MONTH = rx.compile(rf"\d(?:st|nd|rd|th)?(?: of)? {_MONTH_ABBREVIATIONS}")


_MONTH_NAME = rx.compile(rf"\b(?:{_MONTH_NAMES})\b")


def may_be_relative(text: str) -> bool:
    """False when no rule of ``absolutize`` can match ``text``."""
    low = text.lower()
    return (_RELATIVE_WORD.search(low) is not None
            or _MONTH_BEFORE_NUMBER.search(low) is not None
            or _NUMBER_BEFORE_MONTH.search(low) is not None
            or _MONTH_NAME.search(text) is not None)


# A preposition the date patterns do not take as theirs, just before the date: it already
# says how the date relates, so no other is put in.
_PREP_BEFORE = rx.compile(
    r"(?i)\b(?:of|since|from|through|effective|beginning|around|over|during|throughout|within)\s*$")
# A weekday just before the date names its day ("on Friday July 17", "Friday, the 17th"): the
# date follows it as written, with no preposition of its own
_WEEKDAY_BEFORE = rx.compile(rf"\b{_ANY_WD},?\s*$", re.I)


# how far before its spaces the word _PREP_BEFORE or _WEEKDAY_BEFORE ends with may start: the
# longest word either names ("throughout"), a comma after it ("wednesday,") and a character
# before it (its word boundary); read from the patterns, so a longer word added is reached
_WORD_BEFORE_REACH = max(map(len, rx.compile(r"[a-z]+").findall(
    _PREP_BEFORE.pattern + _WEEKDAY_BEFORE.pattern))) + 2


def _said_just_before(word_then_spaces: re.Pattern[str], m: re.Match[str]) -> bool:
    """Whether ``word_then_spaces`` (one of a few short words, then spaces to the end) ends
    right where ``m`` starts: read from the word before ``m``'s spaces, not from the text's
    start again for each day in it."""
    words_end = m.start()
    while words_end and m.string[words_end - 1].isspace():  # (what ``\s`` matches)
        words_end -= 1
    return word_then_spaces.search(
        m.string, max(0, words_end - _WORD_BEFORE_REACH), m.start()) is not None


def _chosen_day(m: re.Match[str], when: When, ref: date) -> bool:
    """The date ``m`` found, said with no preposition, is the one a verb of choosing before it
    took: a day to come (a day gone, or today, is when it was done: "She proposed last Friday",
    "We chose today to ship the beta"), told in figures unless the verb is past ("I'll book next
    week" is when the booking is done)."""
    if m["prep"] or when.start <= ref or _SAID_WITH_PREP.match(m[0]):
        return False
    chosen = _chosen_by(m)
    return chosen is not None and (chosen["past"] is not None or any(
        c.isdigit() for c in m[0]))


def _wording(m: re.Match[str], when: When, ref: date) -> str:
    """The words that replace the match: its preposition (or the precision's own) and the
    date; before a possessive ("next month's release") the date alone."""
    written = m.group("prep")
    if m.groupdict().get("mid"):  # "mid next month": "in mid-August 2026", not "mid in ..."
        middle = (f"the middle of {when.phrase}" if when.precision == "week"
                  else f"mid-{when.phrase}")
        return f"{written or 'in'} {middle}"
    if not written and m.groupdict().get("eod"):
        return f"by {when.phrase}"  # "EOD Thursday": a deadline
    if m.string[m.end():m.end() + 2] in ("'s", "’s"):
        return f"{written} {when.phrase}" if written else when.phrase
    prep = _PREP_AS.get(written.lower(), written) if written else None
    if prep and prep.lower() in ("in", "during") and when.precision == "day":
        prep = None  # "in the end of Q2" is on its last day
    if prep is None and not written and (_said_just_before(_PREP_BEFORE, m)
                                         or _said_just_before(_WEEKDAY_BEFORE, m)
                                         or _move_prep(m) == "to"):  # ("then 10 June")
        return when.phrase  # "as of next week": "as of the week of ...", not "as of in ..."
    if prep is None and when.bare and not written:
        return when.phrase
    if _chosen_day(m, when, ref):
        return when.phrase  # "We picked 3 August for the launch": not "picked on 2026-08-03"
    return f"{prep or _DEFAULT_PREP[when.precision]} {when.phrase}"


# A day told from another day given with its date: "the Monday after the launch on 2026-07-15"
# is 2026-07-20, "the Tuesday before" it 2026-07-14, not the launch's day the memory would
# otherwise be dated by. Only with the date said (or already rewritten) just after a short name
# of what it dates ("the launch on"), and not again once resolved (the words stay, in
# parentheses, after the day).
_DAY_AFTER_DATE = rx.compile(
    rf"\b(?:(?P<prep>{_PREP_WORDS})\s+)?(?<!\()the "
    rf"(?:{_WD}|(?P<unit>day|week)) (?P<side>after|before) "
    r"(?P<what>(?:the|our|a|an)\s+(?:[\w-]+\s+){0,2}?(?:on|of)\s+)?"
    r"(?P<iso>\d{4}-\d{2}-\d{2})\b(?!\s*\()", re.I)


def _day_after_date(m: re.Match[str], ref: date, rewrites: list[DateRewrite]) -> str:
    try:
        return _told_from_day(m, date.fromisoformat(m["iso"]), ref, rewrites)
    except (ValueError, OverflowError):
        return m[0]  # "2026-13-45" is no date, nor the day after 9999-12-31


# "next Wednesday", which said early in a week may be the next week's
_NEXT_WEEKDAY = rx.compile(rf"\bnext\s+{_ANY_WD}\b", re.I)


def _day_before(told: date, unit: str, weekday: str | None) -> When:
    """The day (or week) told before ``told``: "the day before", "the week before", "the
    Friday before" (a Friday before a Friday is the one a week earlier)."""
    return (_day(told - timedelta(days=1)) if unit == "day"
            else _week(_monday(told) - timedelta(days=7)) if unit == "week"
            else _day(_weekday_before(told, weekday or "")))


def _told_from_day(m: re.Match[str], told: date, ref: date, rewrites: list[DateRewrite]) -> str:
    unit = (m["unit"] or "").lower()
    said = m[0][len(m["prep"] or ""):].lstrip()  # its preposition goes before the date
    if m["side"].lower() == "before":
        when = _day_before(told, unit, m["wd"])
        if when.last < ref <= told:
            # "the Friday before next Wednesday" said on a Monday: a day already gone when
            # said is no plan, so the day it is told from was read wrong: "next Wednesday" is
            # next week's. A date said as such is left as said.
            at = next((i for i, r in enumerate(rewrites) if r.resolved == told
                       and _NEXT_WEEKDAY.search(r.original)), None)
            later = told + timedelta(days=7)
            if at is None or _day_before(later, unit, m["wd"]).last < ref:
                return m[0]
            was = rewrites[at]
            rewrites[at] = DateRewrite(was.original, was.replacement.replace(
                told.isoformat(), later.isoformat()), later)
            said = said.replace(told.isoformat(), later.isoformat())
            told, when = later, _day_before(later, unit, m["wd"])
    else:
        when = (_day(told + timedelta(days=1)) if unit == "day"
                else _week(_monday(told) + timedelta(days=7)) if unit == "week"
                else _day(_weekday_ahead(told, m["wd"], allow_today=False)))
    written = m["prep"]
    prep = _PREP_AS.get(written.lower(), written) if written else None
    before = m.string[:m.start()].rstrip()
    if not written and (not before or before[-1] in ".!?"):
        # "The Monday after the launch on ... is the retro": no "on" to open the sentence
        replacement = f"{when.phrase} ({said[:1].lower()}{said[1:]})"
    elif not written and _PREP_BEFORE.search(before + " "):
        replacement = f"{when.phrase} ({said})"  # "as of", "since": no second preposition
    else:
        replacement = f"{prep or _DEFAULT_PREP[when.precision]} {when.phrase} ({said})"
    rewrites.append(DateRewrite(m[0], replacement, when.start))
    return replacement


def absolutize(text: str, ref: date, order: DateOrder | None = None
               ) -> tuple[str, list[DateRewrite]]:
    """``text`` with every relative date resolved against ``ref`` (the message's day); a day
    in figures that may be read either way round ("04/12") in the person's ``order``, and left
    as written with none."""
    rewrites: list[DateRewrite] = []
    if not may_be_relative(text):
        return text, rewrites

    def apply(pattern: re.Pattern[str], resolver: Resolver, source: str) -> str:
        def repl(m: re.Match[str]) -> str:
            try:
                when = resolver(m, ref)
            except (ValueError, OverflowError):
                when = None  # past the calendar's ends ("next year" said in 9999): as said
            if when is None:
                return m.group(0)
            replacement = _wording(m, when, ref)
            said_before = source[:m.start()].rstrip()
            # "Next month we ..." -> "In ...", but "we ship Sept 3" -> "we ship on ..."
            if m.group(0)[:1].isupper() and (not said_before or said_before[-1] in ".!?"):
                replacement = replacement[:1].upper() + replacement[1:]
            rewrites.append(DateRewrite(m.group(0), replacement, when.start))
            return replacement

        return pattern.sub(repl, source)

    text = _DAY_SPAN.sub(lambda m: _day_span(m, ref, rewrites), text)
    if _NUMERIC_HINT.search(text):
        text = apply(_NUMERIC_DATE, lambda m, r: _numeric_day(m, r, order), text)
    for pattern, resolver in _RULES:
        text = apply(pattern, resolver, text)
    if not _STANDING.search(text):
        text = apply(_BARE_WEEKDAY, _bare_weekday, text)
    if rewrites and text[:3] in ("On ", "In ") and (told := _DAY_IS_WHAT.match(text)):
        # "Next Friday is code freeze for invoices v2": "Code freeze for invoices v2 is on
        # 2026-11-06", not "On 2026-11-06 is code freeze ..."
        what = told["what"]
        text = (f"{what[:1].upper()}{what[1:]} {told['verb']} {told['when'][:1].lower()}"
                f"{told['when'][1:]}{text[told.end():]}")
    if rewrites and _SAME_DAY_TWICE.search(text):
        # "tomorrow 20 Nov", "tomorrow (Nov 20)": one day, said once
        text = _SAME_DAY_TWICE.sub(r"\1", text)
    # after the rules, so a day they dated can be the one told from ("the day after next Friday")
    text = _DAY_AFTER_DATE.sub(lambda m: _day_after_date(m, ref, rewrites), text)
    if rewrites and _PART_OF_DAY.search(text):
        text = _PART_OF_DAY.sub(lambda m: _part_of_day(m, rewrites), text)
    return text, rewrites


# A day opening the sentence, then what is on it ("Next Friday is code freeze"); not how the day
# is ("Tomorrow is fine", "Friday is not good")
_DAY_IS_WHAT = rx.compile(
    r"(?P<when>(?:On|In) (?:the (?:week|weekend) of )?\d{4}-\d{2}-\d{2}) (?P<verb>is|are) "
    r"(?P<what>(?!(?:fine|ok|okay|good|bad|better|best|worse|great|perfect|busy|free|not|also|"
    r"too|when|what|the day|a day|my day off|off)\b)[\w-][^,;.!?()]*?)(?=[,;.!?]|$)")


# A relative day and the date it is, both rewritten to the one day ("tomorrow 20 Nov")
_SAME_DAY_TWICE = rx.compile(
    r"(\d{4}-\d{2}-\d{2})(?:\s*\((?:on\s+)?\1\)|,?\s+(?:on\s+)?\1\b)(?!-)")


# "tomorrow morning", "next Tuesday night": the part of the day goes with the date
_PART_OF_DAY = rx.compile(
    r"(?P<prep>\b(?:on|for|by|until|till|before|after|from|since|to)\s+)?"
    r"(?P<day>\d{4}-\d{2}-\d{2}) (?P<part>morning|afternoon|evening|night)\b", re.I)


def _part_of_day(m: re.Match[str], rewrites: list[DateRewrite]) -> str:
    written = f"{m['prep'] or 'on '}the {m['part'].lower()} of {m['day']}"
    for i, rw in enumerate(rewrites):
        if rw.replacement.endswith(m["day"]):
            rewrites[i] = DateRewrite(f"{rw.original} {m['part']}", written, rw.resolved)
            break
    return written


# Dates as this module writes them, and as people write them with a year. A month or a year
# alone counts only after a preposition ("in 2026", "by 2026-03"), so "Postgres 2019 images"
# or "2048 requests" are not dates; a year must also end the clause.
_MENTION = rx.compile(
    rf"(?P<dmy>\b(?P<dmy_d>\d{{1,2}})(?:st|nd|rd|th)?(?: of)? {_month_token('dmy_m')},? "
    rf"(?P<dmy_y>\d{{4}})\b)"
    rf"|(?P<mdy>\b{_month_token('mdy_m')} (?P<mdy_d>\d{{1,2}})(?:st|nd|rd|th)?,? "
    rf"(?P<mdy_y>\d{{4}})\b)"
    rf"|(?P<my>\b{_month_token('my_m')},? (?P<my_y>\d{{4}})\b(?![-/]\d))"
    r"|(?P<qy>\bQ(?P<qy_q>[1-4]) (?P<qy_y>\d{4})\b(?![-/]\d))"
    r"|(?P<weekend>\bweekend of (?P<weekend_d>\d{4}-\d{2}-\d{2})\b)"
    r"|(?P<week>\bweek of (?P<week_d>\d{4}-\d{2}-\d{2})\b)"
    r"|(?P<iso>\b(?P<iso_y>\d{4})-(?P<iso_m>\d{2})-(?P<iso_d>\d{2})\b)"
    r"|(?P<ym>\b(?:in|by|until|till|during|through|since|before|after|of|for) "
    r"(?P<ym_y>\d{4})-(?P<ym_m>\d{2})\b(?![-/]\d))"
    r"|(?P<y>\b(?:in|by|until|till|during|through|of|early|late|mid-?) "
    r"(?P<y_y>(?:19|20)\d{2})\b(?![-/.]\d)"
    r"(?=\s*(?:[.,;:!?)\]—–]|$)|\s+(?:and|or|but|so|when|after|before|to|for|with|at|on|in|"
    r"the|we|as|if|then|once|because)\b))",
    re.I,
)


def _mention(m: re.Match[str]) -> When | None:
    try:
        if m["dmy"]:
            return _day(date(int(m["dmy_y"]), _month_number(m["dmy_m"]), int(m["dmy_d"])))
        if m["mdy"]:
            return _day(date(int(m["mdy_y"]), _month_number(m["mdy_m"]), int(m["mdy_d"])))
        if m["my"]:
            return _month(date(int(m["my_y"]), _month_number(m["my_m"]), 1))
        if m["qy"]:
            return _quarter(date(int(m["qy_y"]), 3 * int(m["qy_q"]), 1))
        if m["weekend"]:
            return When("weekend", date.fromisoformat(m["weekend_d"]))
        if m["week"]:
            return _week(date.fromisoformat(m["week_d"]))
        if m["iso"]:
            return _day(date(int(m["iso_y"]), int(m["iso_m"]), int(m["iso_d"])))
        if m["ym"]:
            return _month(date(int(m["ym_y"]), int(m["ym_m"]), 1))
        return _year(int(m["y_y"]))
    except ValueError:
        return None  # "2026-13-45" is no date


_FOUR_DIGITS = rx.compile(r"\d{4}")


# The words a day was told from, kept in parentheses after it (``_day_after_date``): in "on
# 2026-07-14 (the Tuesday before the launch on 2026-07-15)" the later date is the launch's, and
# the text is dated by the day told
_TOLD_FROM = rx.compile(
    rf"(?<=\d \()the (?:{_ANY_WD}|day|week) (?:after|before) [^()]*\)", re.I)


# A second event told right after a date, by its own date: in "The review is on 2026-07-14,
# before the launch on 2026-07-22" the sentence is about the review, and the launch's date is
# only where the review stands; the text is dated by the review's day
_RELATED_EVENT = rx.compile(
    r"(?:,\s*|\s+)(?:(?:just|right|well|shortly|(?:a|one|two|three|four|five|\d+)\s+"
    r"(?:days?|weeks?))\s+)?(?:before|after|ahead\s+of|following)\s+(?:the|our|a|an)\s+"
    r"(?:[\w-]+\s+){1,3}?(?:on|of)\s+", re.I)


def may_hold_date(text: str) -> bool:
    """False only when ``text`` resolved (``absolutize``) has no date ``last_mention`` reads:
    no rule of ``absolutize`` can match it and it has no four digits (every date read has a
    year). What it finds in a text cut before a space or comma it finds in more of the text, so
    where it starts holding in the heads of a sentence's clauses (or stops, in their tails) can
    be found by halving, not by reading every one."""
    return may_be_relative(text) or _FOUR_DIGITS.search(text) is not None


@lru_cache(maxsize=16_384)  # asked of one candidate's text by several checks in a row
def last_mention(text: str) -> When | None:
    """The date in a text that ends last, as precisely as it was said; not one a day was only
    told from, nor a second event's told after the date of what the text is about."""
    if _FOUR_DIGITS.search(text) is None:
        return None  # every date read here has a year
    told_from = [m.span() for m in _TOLD_FROM.finditer(text)] if "(" in text else []
    found: list[When] = []
    end = -1
    for m in _MENTION.finditer(text):
        w = _mention(m)
        related = bool(found) and _RELATED_EVENT.fullmatch(text, end, m.start()) is not None
        end = m.end()
        if w is None or related or any(start <= m.start() < stop for start, stop in told_from):
            continue
        found.append(w)
    return max(found, key=lambda w: w.last) if found else None


def every_mention(text: str) -> list[When]:
    """Every date ``text`` gives with its year, as precisely as it was said: a second event's
    told after the first's too ("The review is on 2026-07-14, before the launch on
    2026-12-22"), which ``last_mention`` leaves out."""
    if _FOUR_DIGITS.search(text) is None:
        return []
    return [w for m in _MENTION.finditer(text) if (w := _mention(m)) is not None]


def date_mentions(text: str) -> list[str]:
    """The dates ``text`` gives with their year, as written ("2027-03-03", "March 2027", "Q2
    2027", "week of 2027-03-01"), in order; a preposition before a bare year is left out."""
    if _FOUR_DIGITS.search(text) is None:
        return []
    found: list[str] = []
    for m in _MENTION.finditer(text):
        if _mention(m) is None:
            continue
        if m["ym"]:
            found.append(f"{m['ym_y']}-{m['ym_m']}")
        elif m["y"]:
            found.append(m["y_y"])
        else:
            found.append(m[0])
    return found


def latest_date(text: str) -> date | None:
    """The last day a text refers to: a "week of" counts to its Sunday, a month or a quarter to
    its last day, a year to December 31."""
    when = last_mention(text)
    return when.last if when else None


def says_past(text: str) -> bool:
    """The wording is already past ("shipped", "was", "happened")."""
    return _PAST_MARKERS.search(text) is not None


def is_past(text: str, today: date) -> bool:
    last = latest_date(text)
    return last is not None and last < today


_FUTURE_REWRITES: list[tuple[re.Pattern[str], Callable[[re.Match[str]], str]]] = [
    # who stood in while a colleague was away (as sentence_kinds puts it): "Until 2026-11-20,
    # Raj covered billing (Ana was out).", no longer who to ask
    # the person away on a day ("The user is off on 2026-10-30")
    (rx.compile(r"^The user is (off|out|away)\b"), lambda m: f"The user was {m[1]}"),
    # (its title too, cut before the parenthesis: "Until 2026-11-20, ask Raj about billing")
    (rx.compile(r"^Until (\S+), ask ([A-Z][a-z]+) about (.+?)(?: \(([A-Z][a-z]+) is "
                r"(out|away|off|on leave|on vacation|on holiday|ooo)\)|$)"),
     lambda m: f"Until {m[1]}, {m[2]} covered {m[3]}" + (
         f" ({m[4]} was {m[5]})" if m[4] else "")),
    # ... or away for days that started later ("Ana is out in the week of 2026-07-13, ask Raj
    # about billing."): "Ana was out in the week of 2026-07-13; Raj covered billing.", not a
    # plan still telling to ask Raj (and its title, cut before ", ask", alike); from a day
    # until another ("Ana is out from 2026-07-13 until 2026-07-20, ask Raj about billing.")
    (rx.compile(r"^([A-Z][a-z]+) is (out|away|off|on leave|on vacation|on holiday|ooo) "
                r"((?:in|on|from) [^,]*\d{4}(?:-\d\d-\d\d)?)(?:, ask ([A-Z][a-z]+) about "
                r"(.+?)\.?)?$"),
     lambda m: f"{m[1]} was {m[2]} {m[3]}" + (f"; {m[4]} covered {m[5]}." if m[4] else "")),
    (rx.compile(r"\b(is|are) (scheduled|planned|due|set|expected|slated)\b", re.I),
     lambda m: ("was " if m[1].lower() == "is" else "were ") + m[2]),
    (rx.compile(r"\bwill be\b", re.I), lambda m: "was"),
    (rx.compile(
        r"\b(?:will|is going to|are going to|am going to|plans? to|intends? to|wants? to)"
        r"\s+(\w+)", re.I),
     lambda m: f"planned to {m[1]}"),
    (rx.compile(r"(?<=\w)'ll\s+(\w+)", re.I), lambda m: f" planned to {m[1]}"),
    (rx.compile(r"\bupcoming\b", re.I), lambda m: "planned"),
    (rx.compile(r"\b(is|are|am) (\w+ing)\b", re.I),
     lambda m: ("were " if m[1].lower() == "are" else "was ") + m[2]),
    (rx.compile(r"\b(we|they|you)['’]re (\w+ing)\b", re.I), lambda m: f"{m[1]} were {m[2]}"),
    (rx.compile(r"\b(I)['’]m (\w+ing)\b"), lambda m: f"{m[1]} was {m[2]}"),
    (rx.compile(r"\b(?:has|have) to\b", re.I), lambda m: "had to"),
    (rx.compile(r"\b(is|are) (on|by|due|happening|in)\b", re.I),
     lambda m: ("was " if m[1].lower() == "is" else "were ") + m[2]),
    # A dated plan in the present tense: "we deploy the new billing service on 2026-01-05".
    # Only after a person (a noun before "releases" may be its object: "we track releases").
    (rx.compile(
        r"\b(we|they|I|you)\s+(deploy|ship|launch|release|migrate|cut over|demo|present|"
        r"upgrade|roll out|publish|announce|freeze|merge|switch|move|kick off|go live|start|"
        r"begin|hold|host|run|give|submit|deliver|sunset|deprecate|retire|decommission|"
        r"onboard|hand over|wrap up)\b", re.I),
     lambda m: f"{m[1]} planned to {m[2]}"),
    # ... or of a thing: "the 0.2 release goes out on 2026-06-27", "the beta ships on ..."
    (rx.compile(r"\b(?:release|version|build|beta|launch|feature|update|app|site|v[\d.]+)\s+"
                r"(goes out|goes live|ships|launches|lands|is released|is out)\b", re.I),
     lambda m: m[0][: m.start(1) - m.start(0)] + "was to " + {
         "goes out": "go out", "goes live": "go live", "ships": "ship", "launches": "launch",
         "lands": "land", "is released": "be released", "is out": "be out"}[m[1].lower()]),
]
# A standing fact carries a date without being a plan ("we deploy every Friday since
# 2026-01-05", "CI is running on Buildkite since 2026-07-01", "we merge after review (agreed on
# 2026-07-01)"): never retold as past.
_STANDING_FACT = rx.compile(
    r"(?i)\b(?:since|every|always|never|usually|whenever|from now on|each (?:day|week|month|"
    rf"time|sprint|release)|{WEEKDAY_NAME}s|agreed|decided|"
    r"confirmed|noted)\b"
)


# ... unless the rule holds up to the plan's day or from it ("The code freeze starts on
# 2026-07-13, so we always merge only fixes after that", "always prioritize beta bugs until
# 2026-07-31", "... until then"): it is part of the plan, and goes by with it.
_HELD_TILL_THEN = rx.compile(
    r"(?i)\b(?:until|till)\b(?! further notice)|"
    r"\b(?:before|after|from) (?:then|that(?=\s*(?:[.,;:!)]|$)|\s+(?:day|date|point)\b))"
)
# ... and the day is the plan's only when no practice starts on it: "Since 2026-06-15 we deploy
# every Friday until the freeze" is a practice held from its one day to an undated end, still a
# standing fact, as it was before "until" was read (it was told as past once 2026-06-15 went by);
# "from 2026-07-13 until 2026-07-24" tells the day it ends too
_PRACTICE_SINCE = rx.compile(
    r"(?i)\b(?:since|as of|starting|from) (?:(?:the )?week of )?\d{4}-\d{2}-\d{2}\b")
_ISO_DAY = rx.compile(r"\b\d{4}-\d{2}-\d{2}\b")


def is_standing(text: str) -> bool:
    """``text`` tells a standing fact that carries a date ("we deploy every Friday since
    2026-01-05"), not a plan for that date."""
    return _STANDING_FACT.search(text) is not None and (
        _HELD_TILL_THEN.search(text) is None or (
            _PRACTICE_SINCE.search(text) is not None and len(_ISO_DAY.findall(text)) == 1))


def _future_retold(text: str) -> str:
    if _STANDING_FACT.search(text):
        return text
    for pattern, repl in _FUTURE_REWRITES:
        text = pattern.sub(repl, text)
    return text


def retell(text: str) -> str:
    """Future and progressive wording put in the past, whatever the dates ("is giving" ->
    "was giving"); for the title of an entry whose plan has passed."""
    if _PAST_MARKERS.search(text):
        return text
    if _planned_as_said(text):
        return was_planned(text)
    return _future_retold(text)


def was_planned(text: str) -> str:
    """``text`` told as a plan whose day has gone, in its own words: "Was planned: the release
    freeze starts on ...", a capital after the colon kept only by a name ("Was planned: Priya
    joins ...")."""
    return f"Was planned: {decapitalised(text)}"


# Team events a date makes a plan of ("quarterly planning is next month", "onboarding Priya
# next week"); shared with the gathering's plan words. "Planning to ..." is an intention, not an
# event; "the onboarding docs" a part of the product; "training" alone as often a model's as a
# team's.
EVENT_WORDS = (
    r"planning(?! (?:to|on)\b)|(?:on|off)boarding(?! (?:docs?|flows?|pages?|screens?|guides?|"
    r"emails?|forms?|steps?|tour|wizard|ui|bugs?|code|tests?)\b)|interviews?|workshops?|retros?|"
    r"retrospectives?|hackathons?|(?:security|compliance) training|training (?:sessions?|days?|"
    r"course)|all-hands|town ?halls?|webinars?|maintenance window|downtime|cut-?over|"
    r"last day|joins|"
    # a thing the team takes away on a day ("We're deprecating the v1 API on 2026-09-01")
    # (not a warning seen today: "The deprecation warning fires since yesterday")
    r"deprecat(?:es?|ing|ion(?! warnings?))|sunset(?:s|ting)?|decommission(?:s|ing)?|"
    r"(?:will\s+be|gets?|is\s+being)\s+(?:removed|deprecated|retired|shut\s+down)|"
    # a release's branch cut ("We cut the 2.0 branch next Monday"), not a branch cut for a fix
    r"branch[ -]cut|cut(?:s|ting)? (?:the |a |our )?(?:v?\d[\w.]*|release) branch"
)
_PLAN_HINT = rx.compile(
    r"(?i)\b(?:deadline|due|releases?|launch(?:es)?|ships?|freeze|demo|talk|meetup|conference|"
    r"offsite|goes out|go-?live|cut-?off|milestone|kick-?off|vacation|holiday|presentation|"
    r"meeting|review|sprint|planned|plans?|scheduled|expected|target(?:ed)?|deploy(?:s|ment)?|"
    rf"migrat(?:e|es|ing|ion)|upgrades?|roll-?out|rolls out|audit|has maintenance|{EVENT_WORDS})\b"
    # a person's on-call week is dated as a leave is ("I'm on call from 16/11 to 23/11")
    r"|(?<![\w-])on[\s-]call(?![\w-])"
)
_AS_OF_LEAD = rx.compile(r"(?i)^as of (\d{4}-\d{2}-\d{2}):\s*")


# (the blanks before "now" from the first of their run, or from a comma: a "now" found from a
# later blank could only be a later start of one found from the first; each blank of a long run
# read the run again, by the square)
_NOW_SAID = rx.compile(r"(?:,|(?<!\s))\s+now\b(?=\s*(?:[,.;:!]|$))|"
                       r"(?<=\s)now\s+(?=(?:on|for|at|in)\b)|^now,?\s+", re.I)


# A start told done: "Freeze started on 2026-10-19" was "Was planned: freeze started on ..."
_BEGUN = rx.compile(r"(?i)\b(?:started|began|kicked off)\b")


def tell_as_past(sentence: str, today: date) -> str | None:
    """A plan retold in the past once every date in it has passed; None when it is not a plan,
    not yet past, or already told as past."""
    when = last_mention(sentence)
    if when is None or when.last >= today or _PAST_MARKERS.search(sentence) or (
            _BEGUN.search(sentence)):
        return None
    # told when it was news ("goes out on 2026-07-17 now", "is now on ..."), "now" is no longer
    said = _NOW_SAID.sub("", sentence)
    sentence = said[:1].upper() + said[1:]
    if not _planned_as_said(sentence):
        out = _future_retold(sentence)
        if out != sentence:
            return out
        if not _PLAN_HINT.search(sentence) or is_standing(sentence):
            return None  # a dated fact ("we dropped 3.8 on ..."), not a plan
    lead = _AS_OF_LEAD.match(sentence)
    as_of = f" (as of {lead[1]})" if lead else ""
    rest = sentence[lead.end():] if lead else sentence
    # the day said once: "Was planned: we cut the 2.0 branch on 2026-07-13", not "Was planned
    # for 2026-07-13: we cut the 2.0 branch on 2026-07-13"
    planned = "Was planned" if when.phrase in rest else f"Was planned for {when.phrase}"
    return f"{planned}{as_of}: {decapitalised(rest)}"


# A plan in the progressive ("I'm giving a talk ...", "We're migrating CI ..."): put in the past
# it would read as going on then ("The user was giving a talk"), or, in the simple past, as
# done ("gave"), which no one told
_UNDER_WAY = rx.compile(
    r"(?i)\b(?:is|are|am|['’]re|['’]m)\s+(?!going to\b|(?:during|pending|nothing|something|"
    r"anything|everything|morning|evening|spring|string|thing)\b)[a-z]+ing\b")
# A rule for the plan's time after it ("..., so keep main green"): an order beside a past event
# would read as still to follow. Not a clause with a subject ("so we ...", "so main must ...").
_RULE_AFTER = rx.compile(
    r"(?i)(?:,\s*so|;)\s+(?:please\s+)?(?:only\s+|just\s+)?(?:don['’]t|do not|keep|make|merge|"
    r"hold|avoid|use|run|ship|push|wait|skip|stop|focus|prioriti[sz]e|check|test|review|ping|"
    r"ask|get|finish|land|fix|freeze|book|block|prepare|leave|put|be|tag|cut|deploy|send|"
    r"update|write|add|remove|have)\b")


# A plan for what will be done to a thing ("The staging cluster will be migrated to k8s 1.30 on
# ..."): put in the past it reads as done ("was migrated"), which no one told
_TO_BE_DONE = rx.compile(
    r"(?i)\b(?:will|['’]ll)\s+be\s+(?:[a-z]+ly\s+)?(?:[a-z]+ed|done|cut|shut|set|run|built|"
    r"sent|shown|given|held|frozen|taken|torn|(?:re)?written|split|put|made|spun|rebuilt)\b")


def _planned_as_said(sentence: str) -> bool:
    """``sentence`` is a plan best told as past by "Was planned: " before its own words: a
    plan under way, one for what will be done, or one with a rule for its time after it. A
    standing fact is never one."""
    if is_standing(sentence):
        return False
    return bool("ing" in sentence and _UNDER_WAY.search(sentence)) or bool(
        " be " in sentence and _TO_BE_DONE.search(sentence)) or bool(
        (", so" in sentence or ";" in sentence) and _RULE_AFTER.search(sentence))



def decapitalised(text: str) -> str:
    """A sentence's first word lower-cased to follow a colon where it is a word known to be
    common ("The release ...", "Our demo ...", "Deploy ..."); any other keeps its capital, as a
    name may ("Kafka cluster migration ...", "Priya joins ...", "Django upgrade ..." were
    "kafka", "django"), and so does a month, "CI", "v3"."""
    first = text.split(" ", 1)[0].split("'", 1)[0]
    if first.capitalize() in MONTHS or not first[1:].islower() or (
            first.lower() not in _OPENERS):
        return text
    return text[:1].lower() + text[1:]


# the words a plan may begin with that are common, not a name: determiners, pronouns, and the
# events and work plans are made of, one or more ("Merges freeze on ...")
_EVENTS = word_set("""release launch deploy deployment migration freeze demo review audit sprint
    standup meeting planning onboarding offsite retro cutover rollout merge build test change
    code work feature branch ticket task deadline""")
_OPENERS = word_set("""the a an it this that these those there here he she we they i you one
    each every our my your their his her its some all any no both either neither another other
    next last first second final new quarterly weekly monthly daily nightly yearly annual
    incident outage""") | _EVENTS | {f"{word}s" for word in _EVENTS}


def passed_how(text: str, today: date) -> str | None:
    """The How for a plan whose last date (in ``text``) is before ``today``: not to plan
    around it any more."""
    when = last_mention(text)
    if when is None or when.last >= today:
        return None
    phrase = when.phrase
    return (f"{phrase[:1].upper()}{phrase[1:]} has passed; check how it turned out before "
            "relying on it.")


# A weekday's name as a date is told beside it: whole or short ("Friday 2026-07-17",
# "Fri 17 July", "2026-07-17 (Fri.)")
_DAY_WORD = rf"(?:{WEEKDAY_NAME}|mon|tues?|wed|thu(?:rs?)?|fri|sat|sun)"
_SHORT_DAYS = {"mon": 0, "tue": 1, "tues": 1, "wed": 2, "thu": 3, "thur": 3, "thurs": 3,
               "fri": 4, "sat": 5, "sun": 6}
# A day of a month without its year ("21 July", "July 21st", "the 20th"), whose weekday is not
# told by the words alone
_MONTH_DAY = rx.compile(rf"(?:the\s+)?\d{{1,2}}(?:st|nd|rd|th)(?:\s+of\s+(?:{_MONTH_NAMES}))?|"
                        rf"\d{{1,2}}(?:st|nd|rd|th)?\s+(?:{_MONTH_NAMES})|"
                        rf"(?:{_MONTH_NAMES})\s+\d{{1,2}}(?:st|nd|rd|th)?", re.I)


def _day_word_for(said: str, day: date) -> str:
    """``day``'s weekday in the form ``said`` is in: whole or short, and its case."""
    name = WEEKDAYS[day.weekday()]
    word = name if said.lower().endswith("day") else name[:3]
    return word.upper() if said.isupper() else word.capitalize() if said[:1].isupper() else word


def weekday_beside(text: str, now: str) -> str:
    """``text``, in which a plan's date was just put to ``now``, with a weekday named beside
    that date ("The demo is on Friday 2026-07-16", "on 2026-07-16 (Friday)", "Fri 16 July")
    made ``now``'s own: moved from Friday the 17th to Thursday the 16th the old weekday would
    tell a day that is not. A day without its year ("16 July") loses the weekday, which it
    does not tell; any other ``now`` (a week, a month) and a weekday elsewhere ("standup every
    Friday") are left as they are."""
    day: date | None
    try:
        day = date.fromisoformat(now) if _ISO_DAY.fullmatch(now) else None
    except ValueError:
        day = None
    if day is None and not _MONTH_DAY.fullmatch(now):
        return text
    at = re.escape(now)
    before = re.compile(rf"\b(?P<wd>{_DAY_WORD})\b(?P<sep>\.?,?\s+)(?={at}(?![\w-]))", re.I)
    after = re.compile(rf"(?<![\w-])(?P<day>{at})(?P<sep>\s*\(\s*|,\s+a\s+)(?P<wd>{_DAY_WORD})\b"
                       rf"(?P<end>\.?\s*\))?", re.I)

    def put(m: re.Match[str], *, lead: bool) -> str:
        if lead:
            return "" if day is None else _day_word_for(m["wd"], day) + m["sep"]
        if m["sep"].lstrip().startswith("(") and not m["end"]:
            return m[0]  # "2026-07-16 (Friday's demo ..." is no weekday in brackets
        return m["day"] + ("" if day is None else m["sep"] + _day_word_for(m["wd"], day) + (
            m["end"] or ""))

    text = before.sub(lambda m: put(m, lead=True), text)
    return after.sub(lambda m: put(m, lead=False), text)
