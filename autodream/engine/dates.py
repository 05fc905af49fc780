"""Relative dates made absolute, and past plans told as past.

"Tomorrow" in a memory is wrong the day after it was written, so every relative expression is
resolved against the timestamp of the message that said it. Conventions (documented, because
people disagree): "next Friday" and a bare "on Friday" mean the first Friday strictly after the
message's day; "this Friday" may be that very day; "last Friday" is the latest one strictly
before it; "next week"/"last week" name the Monday of that ISO week ("the week of ...");
"next month" names the month ("2026-08"); "end of the week" is its Friday.
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, timedelta

WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
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
_PREP = r"(?:(?P<prep>by|on|until|till|before|after|from|since|due|for|starting|through|to)\s+)?"
_STANDING = re.compile(r"(?i)\b(always|never|every|don't|do not|no)\b")
_PAST_MARKERS = re.compile(
    r"(?i)\b(was|were|planned|happened|took place|passed|had been|did|went|shipped|finished)\b"
)


@dataclass(frozen=True)
class DateRewrite:
    original: str
    replacement: str
    resolved: date


def _add_months(d: date, months: int) -> date:
    month0 = d.month - 1 + months
    year = d.year + month0 // 12
    month = month0 % 12 + 1
    day = min(d.day, calendar.monthrange(year, month)[1])
    return date(year, month, day)


def _month_end(d: date) -> date:
    return date(d.year, d.month, calendar.monthrange(d.year, d.month)[1])


def _monday(d: date) -> date:
    return d - timedelta(days=d.weekday())


def _num(text: str) -> int:
    text = text.lower()
    return int(text) if text.isdigit() else _NUMBERS[text]


def _point(m: re.Match[str], d: date) -> tuple[str, date]:
    prep = m.group("prep")
    return (f"{prep} {d.isoformat()}" if prep else f"on {d.isoformat()}"), d


def _week(m: re.Match[str], monday: date) -> tuple[str, date]:
    prep = m.group("prep")
    phrase = f"the week of {monday.isoformat()}"
    return (f"{prep} {phrase}" if prep else f"in {phrase}"), monday


def _month(m: re.Match[str], d: date) -> tuple[str, date]:
    prep = m.group("prep")
    phrase = f"{d.year:04d}-{d.month:02d}"
    return (f"{prep} {phrase}" if prep else f"in {phrase}"), date(d.year, d.month, 1)


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


Resolver = Callable[[re.Match[str], date], tuple[str, date]]

_RULES: list[tuple[re.Pattern[str], Resolver]] = [
    (re.compile(rf"\b{_PREP}the day after tomorrow\b", re.I),
     lambda m, r: _point(m, r + timedelta(days=2))),
    (re.compile(rf"\b{_PREP}the day before yesterday\b", re.I),
     lambda m, r: _point(m, r - timedelta(days=2))),
    (re.compile(rf"\b{_PREP}(?:the )?end of (?:the |this )?month\b", re.I),
     lambda m, r: _point(m, _month_end(r))),
    (re.compile(rf"\b{_PREP}(?:the )?end of next month\b", re.I),
     lambda m, r: _point(m, _month_end(_add_months(r, 1)))),
    (re.compile(rf"\b{_PREP}(?:the )?end of (?:the |this )?week\b", re.I),
     lambda m, r: _point(m, _end_of_week(r))),
    (re.compile(rf"\b{_PREP}(?:the )?end of next week\b", re.I),
     lambda m, r: _point(m, _monday(r) + timedelta(days=11))),
    (re.compile(rf"\b{_PREP}(?:the )?end of (?:the |this )?year\b", re.I),
     lambda m, r: _point(m, date(r.year, 12, 31))),
    (re.compile(rf"\b{_PREP}tomorrow\b", re.I), lambda m, r: _point(m, r + timedelta(days=1))),
    (re.compile(rf"\b{_PREP}yesterday\b", re.I), lambda m, r: _point(m, r - timedelta(days=1))),
    (re.compile(rf"\b{_PREP}(?:today|tonight|this (?:morning|afternoon|evening))\b", re.I),
     lambda m, r: _point(m, r)),
    (re.compile(rf"\b{_PREP}next {_WD}\b", re.I),
     lambda m, r: _point(m, _weekday_ahead(r, m["wd"], allow_today=False))),
    (re.compile(rf"\b{_PREP}(?:this|this coming|coming) {_WD}\b", re.I),
     lambda m, r: _point(m, _weekday_ahead(r, m["wd"], allow_today=True))),
    (re.compile(rf"\b{_PREP}last {_WD}\b", re.I),
     lambda m, r: _point(m, _weekday_before(r, m["wd"]))),
    (re.compile(rf"\b{_PREP}next week\b", re.I),
     lambda m, r: _week(m, _monday(r) + timedelta(days=7))),
    (re.compile(rf"\b{_PREP}last week\b", re.I),
     lambda m, r: _week(m, _monday(r) - timedelta(days=7))),
    (re.compile(rf"\b{_PREP}this week\b", re.I), lambda m, r: _week(m, _monday(r))),
    (re.compile(rf"\b{_PREP}next month\b", re.I), lambda m, r: _month(m, _add_months(r, 1))),
    (re.compile(rf"\b{_PREP}last month\b", re.I), lambda m, r: _month(m, _add_months(r, -1))),
    (re.compile(rf"\b{_PREP}this month\b", re.I), lambda m, r: _month(m, r)),
    (re.compile(rf"\b{_PREP}in {_NUM} days?\b", re.I),
     lambda m, r: _point(m, r + timedelta(days=_num(m["n"])))),
    (re.compile(rf"\b{_PREP}in {_NUM} weeks?\b", re.I),
     lambda m, r: _point(m, r + timedelta(days=7 * _num(m["n"])))),
    (re.compile(rf"\b{_PREP}in {_NUM} months?\b", re.I),
     lambda m, r: _point(m, _add_months(r, _num(m["n"])))),
    (re.compile(rf"\b{_PREP}{_NUM} (?P<unit>days?|weeks?) from (?:now|today)\b", re.I),
     lambda m, r: _point(
         m, r + timedelta(days=_num(m["n"]) * (7 if m["unit"].lower().startswith("w") else 1))
     )),
    (re.compile(rf"\b{_PREP}{_NUM} (?P<unit>days?|weeks?) ago\b", re.I),
     lambda m, r: _point(
         m, r - timedelta(days=_num(m["n"]) * (7 if m["unit"].lower().startswith("w") else 1))
     )),
]
# A bare weekday is only a date after a preposition, and not in a standing rule
# ("never deploy on Friday" is a rule about every Friday).
_BARE_WEEKDAY = re.compile(rf"\b(?P<prep>on|by|until|till|before|after) {_WD}\b(?!s)", re.I)


# Every rule above (and _BARE_WEEKDAY) needs one of these words, matched the same way (re.I);
# most texts have none, and then the ~20 rules need not run (they did ~15k substitutions a dream).
_MAY_BE_RELATIVE = re.compile(
    r"day|week|month|year|tomorrow|tonight|morning|afternoon|evening", re.I
)


def absolutize(text: str, ref: date) -> tuple[str, list[DateRewrite]]:
    """``text`` with every relative date resolved against ``ref`` (the message's day)."""
    rewrites: list[DateRewrite] = []
    if _MAY_BE_RELATIVE.search(text) is None:
        return text, rewrites

    def apply(pattern: re.Pattern[str], resolver: Resolver, source: str) -> str:
        def repl(m: re.Match[str]) -> str:
            replacement, resolved = resolver(m, ref)
            if m.group(0)[:1].isupper():
                replacement = replacement[:1].upper() + replacement[1:]
            rewrites.append(DateRewrite(m.group(0), replacement, resolved))
            return replacement

        return pattern.sub(repl, source)

    for pattern, resolver in _RULES:
        text = apply(pattern, resolver, text)
    if not _STANDING.search(text):
        text = apply(
            _BARE_WEEKDAY,
            lambda m, r: _point(m, _weekday_ahead(r, m["wd"], allow_today=False)),
            text,
        )
    return text, rewrites


_ISO = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")
_WEEK_OF = re.compile(r"\bweek of (\d{4}-\d{2}-\d{2})\b", re.I)

_FUTURE_REWRITES: list[tuple[re.Pattern[str], Callable[[re.Match[str]], str]]] = [
    (re.compile(r"\b(is|are) (scheduled|planned|due|set|expected|slated)\b", re.I),
     lambda m: ("was " if m[1].lower() == "is" else "were ") + m[2]),
    (re.compile(r"\bwill be\b", re.I), lambda m: "was"),
    (re.compile(
        r"\b(?:will|is going to|are going to|am going to|plans? to|intends? to|wants? to)"
        r"\s+(\w+)", re.I),
     lambda m: f"planned to {m[1]}"),
    (re.compile(r"(?<=\w)'ll\s+(\w+)", re.I), lambda m: f" planned to {m[1]}"),
    (re.compile(r"\bupcoming\b", re.I), lambda m: "planned"),
    (re.compile(r"\b(is|are|am) (\w+ing)\b", re.I),
     lambda m: ("were " if m[1].lower() == "are" else "was ") + m[2]),
    (re.compile(r"\b(?:has|have) to\b", re.I), lambda m: "had to"),
    (re.compile(r"\b(is|are) (on|by|due|happening|in)\b", re.I),
     lambda m: ("was " if m[1].lower() == "is" else "were ") + m[2]),
]


def latest_date(text: str) -> date | None:
    """The last day a text refers to (a "week of" counts to its Sunday)."""
    found: list[date] = []
    for m in _ISO.finditer(text):
        try:
            found.append(date(int(m[1]), int(m[2]), int(m[3])))
        except ValueError:
            continue
    for m in _WEEK_OF.finditer(text):
        try:
            found.append(date.fromisoformat(m[1]) + timedelta(days=6))
        except ValueError:
            continue
    return max(found) if found else None


def says_past(text: str) -> bool:
    """The wording is already past ("shipped", "was", "happened")."""
    return _PAST_MARKERS.search(text) is not None


def is_past(text: str, today: date) -> bool:
    last = latest_date(text)
    return last is not None and last < today


def retell(text: str) -> str:
    """Future and progressive wording put in the past, whatever the dates ("is giving" ->
    "was giving"); for the title of an entry whose plan has passed."""
    if _PAST_MARKERS.search(text):
        return text
    for pattern, repl in _FUTURE_REWRITES:
        text = pattern.sub(repl, text)
    return text


_PLAN_HINT = re.compile(
    r"(?i)\b(?:deadline|due|releases?|launch(?:es)?|ships?|freeze|demo|talk|meetup|conference|"
    r"offsite|goes out|go-?live|cut-?off|milestone|kick-?off|vacation|holiday|presentation|"
    r"meeting|review|sprint|planned|plans?|scheduled|expected|target(?:ed)?)\b"
)
_AS_OF_LEAD = re.compile(r"(?i)^as of (\d{4}-\d{2}-\d{2}):\s*")


def tell_as_past(sentence: str, today: date) -> str | None:
    """A plan retold in the past once every date in it has passed; None when it is not a plan,
    not yet past, or already told as past."""
    last = latest_date(sentence)
    if last is None or last >= today or _PAST_MARKERS.search(sentence):
        return None
    out = sentence
    for pattern, repl in _FUTURE_REWRITES:
        out = pattern.sub(repl, out)
    if out != sentence:
        return out
    if not _PLAN_HINT.search(sentence):
        return None  # a dated fact ("we dropped 3.8 on ..."), not a plan
    lead = _AS_OF_LEAD.match(sentence)
    when = f" (as of {lead[1]})" if lead else ""
    rest = sentence[lead.end():] if lead else sentence
    return f"Was planned for {last.isoformat()}{when}: {rest[:1].lower()}{rest[1:]}"
