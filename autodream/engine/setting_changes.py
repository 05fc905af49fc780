"""Settings that hold a number: a count, a size, a duration, a time of day.

"Bumped Sidekiq from 10 to 25 concurrency", "we raised the timeout from 30s to 60s", "the
standup moved to 10:30": the entry giving that setting its old value ("We run Sidekiq 7 with 10
concurrency", "The API timeout is 30s", "The standup is at 9 every day") is put to the new one.
Without this the entry kept the stale value: no name changed, so no switch was seen, and the
number after a tool's name is its version (versions.py), which a count must not be read as.
A number said with another setting's word ("2 workers" when Puma's threads changed) is not this
setting's.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from autodream import rx
from autodream.engine.dates import WEEKDAY_NAME
from autodream.engine.text import STOPWORDS, word_set
from autodream.engine.versions import SIZED

if TYPE_CHECKING:
    from autodream.engine.rare import SettingChange, Stated

# An amount as written: "25", "30s", "16GB", "10:30", "9am", "$20", "1.5x"
_AMOUNT = (r"[$€£]?\d+(?:\.\d+)?(?::[0-5]\d)?(?:\s?[ap]\.?m\b|(?:ms|s|m|h|k|[kmgt]i?b|%|x)"
           r"(?![\w%]))?")
# Told as done, in the past ("we scaled", "retries were bumped"): "bump retries to 5" and "we
# should raise the timeout" ask or intend, and leave the entry as it is.
_CHANGED = (r"(?:bumped|raised|increased|lowered|reduced|decreased|scaled|changed|moved|upped|"
            r"doubled|halved|tuned|adjusted|upgraded|pushed|shifted|went|dropped|set|cut)")
_CHANGE = rx.compile(
    rf"\b(?P<verb>{_CHANGED})\s+(?:(?:it\s+)?(?:up|down|back|out)\s+)?"
    r"(?P<what>(?:(?!(?:from|to|up|down|back|out)\b)[\w'-]+\s+){0,4}?)"
    r"(?:(?:up|down|back|out)\s+)?"
    rf"(?:from\s+(?P<was>{_AMOUNT})(?:\s+(?P<was_word>[a-z]+))?\s+)?"
    rf"to\s+(?P<now>{_AMOUNT})(?![\w:-]|\.\d)(?:\s+(?P<unit>[a-z][\w-]*))?", re.I)
# A number in an entry, with the word after it: "10 concurrency", "30s", "at 9 every day"
_STATED = rx.compile(
    rf"(?<![\w.:$€£-])(?P<amount>{_AMOUNT})(?![\w:-]|\.\d)(?:\s+(?P<after>[a-z%][\w-]*))?", re.I)
_TIME = rx.compile(r"(?P<h>\d+)(?::(?P<m>\d\d))?\s?(?:(?P<half>[ap])\.?m\.?)?", re.I)
_NUMBER = rx.compile(r"[$€£]?\d+(?:\.\d+)?")
_WORDS = rx.compile(r"[\w'-]+")
# "we haven't raised the timeout", "we never bumped retries"
_NOT_MADE = rx.compile(r"(?:n't|\bnot|\bnever)\s+(?:[\w-]+\s+){0,2}$", re.I)

# Units a number is measured in: part of the value ("30 seconds" is "30s"), not what it counts
_MEASURES = {
    "ms": "ms", "millisecond": "ms", "milliseconds": "ms", "s": "s", "sec": "s", "secs": "s",
    "second": "s", "seconds": "s", "m": "min", "min": "min", "mins": "min", "minute": "min",
    "minutes": "min", "h": "h", "hr": "h", "hrs": "h", "hour": "h", "hours": "h", "day": "d",
    "days": "d", "k": "k", "kb": "kb", "mb": "mb", "meg": "mb", "megs": "mb", "gb": "gb",
    "gig": "gb", "gigs": "gb", "tb": "tb", "kib": "kb", "mib": "mb", "gib": "gb", "tib": "tb",
    "%": "%", "percent": "%", "x": "x", "times": "",
}
# Meetings have a time of day: "the standup moved to 10:30"
_MEETINGS = word_set("standup stand-up meeting sync retro demo call review planning lunch "
                     "huddle check-in kickoff all-hands")
# Words that say who or when, not what changed: "we", "yesterday"
_NOT_WHAT = STOPWORDS | word_set(
    """we i they you he she someone everyone yesterday today finally also just already recently
    all every each it's fyi btw ops team""")
# Verbs that scale what they change: a plural after the number is what is counted
_SCALED = word_set("bumped raised increased lowered reduced decreased scaled upped doubled halved")
_SIZES = frozenset({"kb", "mb", "gb", "tb"})
_AUXILIARIES = word_set("was were got has have been is are")
_NO_THING = word_set("it them everything this that")
# Words ending in "s" that count nothing after a number: "3 across the fleet", "5 unless ..."
_NOT_COUNTED = word_set("always across unless plus thus less its this is was has does as yes")


def _one(word: str) -> str:
    """``word`` in the singular and lower case: "retries" and "retry" are one setting."""
    w = word.lower().removesuffix("'s")
    if w.endswith("ies") and len(w) > 4:
        return w[:-3] + "y"
    if w.endswith(("sses", "shes", "ches", "xes")):
        return w[:-2]
    if w.endswith("s") and not w.endswith("ss") and len(w) > 3:
        return w[:-1]
    return w


_SIZED = frozenset(_one(w) for w in SIZED)


# "The quota is back to 8 A100s", "quota: back to 8 A100s since Monday": a return told as what
# holds, read as "went back to" is
_IS_BACK_TO = rx.compile(r"(?:\s+(?:is|are)|'s|:)\s+back\s+to\b", re.I)
_BACK = rx.compile(r"\bback\s+to\b", re.I)


def setting_change(text: str) -> SettingChange | None:
    """The change of a numeric setting ``text`` tells as done ("Bumped retries from 3 to 5",
    "The standup moved to 10:30"), or None: a version ("bumped Node to 20"), a date, a question,
    a request, or one not made ("we haven't raised the timeout")."""
    if text.rstrip().endswith("?"):
        return None
    if "back to" in text:
        text = _IS_BACK_TO.sub(" went back to", text, count=1)
    m = _CHANGE.search(text)
    if m is None:
        return None
    before, verb = text[: m.start()], m["verb"].lower()
    if _NOT_MADE.search(before) or (verb in ("set", "cut") and not before.strip()):
        return None  # "we haven't raised ...", or asked: "Set the timeout to 60s"
    what = m["what"].split()
    if not what:
        # "Retries were bumped ...", "Heads up, the standup moved to 10:30"
        what = [w for w in re.split(r"[,;:]", before)[-1].split()[-4:]
                if w.lower() not in _AUXILIARIES]
    words = [w for w in what if w.lower() not in _NOT_WHAT]
    if any(c.isdigit() for w in words for c in w) or any(w.lower() in _NO_THING for w in what):
        return None  # "moved Postgres 14 to ...", "moved it to 3"
    # a plural after the number counts what it says ("to 5 brokers"), after a verb that scales;
    # "pushed the fix to 3 repos" counts no setting
    # ... and a return counts what it returns to ("back to 8 A100s"): the unit said before
    back = _BACK.search(m[0]) is not None
    unit = m["unit"] if m["unit"] and _counts(m["unit"], verb in _SCALED or back) else None
    was_word = m["was_word"] if m["was_word"] and _counts(m["was_word"], verb in _SCALED) else None
    measure = _measure(m["now"], m["unit"]) or (m["was"] and _measure(m["was"], m["was_word"]))
    # "retries", "the workers"; not "Node", a tool, where "nodes" are counted
    nouns = {_one(w) for w in words if w.lower() in SIZED or _one(w) in _MEETINGS}
    nouns |= {_one(w) for w in (unit, was_word) if w}
    time = not unit and not measure and any(_one(w) in _MEETINGS for w in words)
    if not nouns and measure not in _SIZES:
        return None  # "Bumped Node to 20": a version, or nothing said of what is counted
    if not time and not unit and len(m["now"]) == 4 and m["now"][:2] in ("19", "20"):
        return None  # a year: "moved the release to 2027"
    now = _value(m["now"], m["unit"], time)
    was = _value(m["was"], m["was_word"], time) if m["was"] else None
    if now is None or (m["was"] and was is None):
        return None  # "moved the standup to 30"
    about = frozenset(_one(w) for w in words) | nouns
    said = " ".join(words + ([unit] if unit and _one(unit) not in {_one(w) for w in words}
                             else []))
    from autodream.engine.rare import SettingChange  # (made only when one is said)

    return SettingChange(said, about, frozenset(nouns), measure or "", time, m["now"], now, was,
                         back)


def _measure(amount: str, after: str | None) -> str:
    """The unit ``amount`` is measured in, attached ("30s") or the word after it ("30
    seconds"), in one spelling; "" for none."""
    attached = _NUMBER.sub("", amount, count=1).strip().lower().replace(".", "")
    if attached in ("am", "pm"):
        return ""
    return _MEASURES.get(attached) or _MEASURES.get((after or "").lower(), "")


def _value(amount: str, after: str | None, time: bool) -> str | None:
    """``amount`` as compared: "30 seconds" and "30s" are "30s"; a time of day in one
    spelling ("9", "9am", "9:00" are "9:00"; "9pm" is "21:00"), None when it is no time."""
    if not time:
        found = _NUMBER.match(amount)
        if found is None:
            return None
        number = found[0].lstrip("$€£")
        if "." in number:
            number = number.rstrip("0").rstrip(".")  # "2.50" is "2.5"
        return f"{number}{_measure(amount, after)}"
    m = _TIME.fullmatch(amount.strip())
    if m is None:
        return None
    hour, minute = int(m["h"]), int(m["m"] or 0)
    if m["half"]:
        if not 1 <= hour <= 12:
            return None
        hour = hour % 12 + (12 if m["half"].lower() == "p" else 0)
    elif 1 <= hour <= 12:
        return f"{hour}:{minute:02d}{_HALF_DAY}"
    return f"{hour}:{minute:02d}" if hour < 24 else None


# Marks a time said without am or pm ("moved to 5"): "5pm" may be the one meant
_HALF_DAY = "~"


def same_value(a: str, b: str) -> bool:
    """Two values as compared are one: a time said without am or pm is that hour in either
    half of the day ("4" is "4pm")."""
    if a == b:
        return True
    if not (a.endswith(_HALF_DAY) or b.endswith(_HALF_DAY)):
        return False
    (ha, ma), (hb, mb) = (v.rstrip(_HALF_DAY).split(":") for v in (a, b))
    return ma == mb and int(ha) % 12 == int(hb) % 12


def _counts(word: str, plural: bool = True) -> bool:
    """``word`` after a number says what it counts: a setting's word ("10 concurrency", "3
    nodes") or, with ``plural``, any plural ("4 vCPUs")."""
    w = word.lower()
    if w in _MEASURES or w in STOPWORDS or w in _NOT_COUNTED:
        return False
    return _one(w) in _SIZED or (plural and len(w) > 3 and w.endswith("s")
                                 and not w.endswith("ss"))


def is_about(change: SettingChange, text: str) -> bool:
    """``text`` has every word naming the setting (a plural is the same word)."""
    return change.about <= {_one(w) for w in _WORDS.findall(text)}


def stated(change: SettingChange, text: str) -> list[Stated]:
    """The values ``text`` gives the setting: a number said with its word ("10 concurrency",
    "3 nodes"), or after it ("retries 3 times", "the timeout is 30s", "retry failed jobs 3
    times"), or for a meeting its time ("at 9", "10:30"). A number said with another word
    ("2 workers" when threads changed), or right after a name ("Sidekiq 7"), is not the
    setting's."""
    found: list[Stated] = []
    previous = 0
    for m in _STATED.finditer(text):
        amount, after = m["amount"], m["after"]
        near = [w.lower() for w in _WORDS.findall(text, previous, m.start())[-4:]]
        previous = m.end("amount")
        measure = _measure(amount, after)
        if after and _counts(after):
            tied = _one(after) in change.nouns
        elif change.time:
            tied = _value(amount, None, True) is not None and (
                ":" in amount or amount[-1:].lower() in ("m", ".") or near[-1:] == ["at"])
        elif change.nouns:
            # after its word, in its unit: "the timeout is 30s", "retries 3 times"
            tied = any(_one(w) in change.nouns for w in near) and (
                not change.measure or not measure or measure == change.measure)
        else:
            tied = bool(measure) and measure == change.measure  # "Redis to 16 GB": "8 GB of RAM"
        value = _value(amount, after, change.time)
        if not tied or value is None:
            continue
        # "30 seconds": the word is the value's
        end = m.end() if after and measure and not _measure(amount, None) else m.end("amount")
        from autodream.engine.rare import Stated  # (made only when one is said)

        found.append(Stated(m.start("amount"), end, text[m.start("amount"):end], value))
    return found


def written_as(change: SettingChange, at: Stated) -> str:
    """The change's new value written as the entry writes the one at ``at``: "60 seconds" for
    "60s" where it says "30 seconds", "11:00" for "11" where it says "10:00"."""
    now = change.now
    if change.time:
        if not now.isdigit():
            return now  # "10:30", "5pm": as said
        # "at 10:00" -> "at 11:00", "at 4pm" -> "at 5pm", "at 16:00" -> "at 17:00"
        hour, half = int(now), re.search(r"\s?[ap]\.?m", at.written, re.I)
        if half and hour <= 12:
            return f"{hour}{':00' if ':' in at.written else ''}{half[0]}"
        if not at.value.endswith(_HALF_DAY) and int(at.value.split(":")[0]) > 12 and hour < 12:
            hour += 12
        return f"{hour}:00" if ":" in at.written else str(hour)
    if not _measure(now, None) or _measure(now, None) == _measure(at.written, None):
        number, unit = _NUMBER.match(now), _NUMBER.match(at.written)
        if number is not None and unit is not None:
            now = number[0] + at.written[unit.end():]  # the entry's own unit: "30s", "8 GB"
    return now


# A setting turned back on or off: "We turned auto-sync back on", "Auto-sync is back ON for
# prod"; not "back on track", "back on Poetry" (what follows is no more of the state)
_TURNED_BACK = rx.compile(
    r"(?P<before>(?:[\w.-]+\s+){0,3}?)(?P<verb>turn(?:ed|ing|s)?|switch(?:ed|ing|es)?|"
    r"flip(?:ped|ping|s)?|(?:is|are|was|were)(?:\s+now)?)\s+"
    r"(?P<what>(?:(?!(?:turn|switch|flip)\w*\s)[\w.-]+\s+){0,4}?)"
    r"back\s+(?P<state>on|off)\b"
    r"(?!\s+(?!(?:for|in|with|and|but|again|now|today|everywhere)\b)[a-z])", re.I)
_ARTICLE = rx.compile(r"^(?:the|our|my|its)\s+", re.I)
# Said before the turn, it is no setting changed: a condition ("If we turn auto-sync back on"),
# a prohibition ("Don't turn it back on until ..."), a wish or a proposal ("We should turn it
# back on", "Helen wants to turn it back on"); the entry giving the state still holds
_NOT_TURNED = rx.compile(
    r"\b(?:if|unless|until|once|when|whether|don't|do\s+not|never|should|shouldn't|could|would|"
    r"might|must|wants?|wanted|wanting|hope|hoping|let's|maybe|perhaps|propos(?:e|es|ed|ing)|"
    r"suggest(?:s|ed|ing)?|not|can|will|shall|going|gonna|plan|planning|tomorrow|tonight|soon|"
    r"eventually|some\s+point)\b|['’]ll\b", re.I)
# a decision made to turn the setting, said just before the turn ("Helen and I agreed this
# morning to turn ...")
_DECIDED_TO = rx.compile(r"\b(?:agreed|decided|chose|opted|voted)\s+(?:\S+\s+){0,3}?to\s*$",
                         re.I)
# what a project turns on or off, even when the person calls it theirs ("my new-checkout flag"),
# unlike their own things ("my slack notifications")
_PROJECT_SETTING = rx.compile(r"\b(?:flag|feature|toggle|setting|config|sync|mode|job|cron)\b",
                              re.I)
# A clause telling what follows ("I can confirm ...", "we know that ..."): its subject, a "can"
# of the telling, and its verb
_TOLD_BY = rx.compile(r"\b(?:i|we|you|they|he|she|user)\s+(?:can\s+|just\s+|also\s+)?"
                      r"(?P<verb>[a-z]+)\s+(?:that\s+)?", re.I)
_BELIEVED = frozenset({"think", "thinks", "guess", "believe", "believes", "suppose", "assume",
                       "doubt", "wonder", "feel", "reckon"})
_CLAUSE_CUT = rx.compile(r"[,;:—–]|\bbut\b", re.I)
_NOT_A_SETTING = rx.compile(
    r"(?:it|this|that|them|they|power|electricity|wi-?fi|internet|lights?|heating|ac|vpn|"
    r"laptop|computer|phone)", re.I)


# A turn to come, told with who makes it and when: "Next week we turn ArgoCD auto-sync back on",
# "After the freeze we turn ...", "We're turning it back on on Thursday" (a plan, not a request:
# "Please turn ...", "We need to turn ..."; nor "Later today we turn ...", the day's task)
_MAKES_THE_TURN = frozenset({"we", "they", "i", "we're", "they're", "i'm", "we’re", "they’re",
                             "i’m"})
_TURN_AHEAD = rx.compile(
    rf"\b(?:next\s+(?:week|month|sprint|quarter|{WEEKDAY_NAME})|"
    r"after\s+(?:the|our|this)\s+[\w-]+|later\s+this\s+(?:week|month)|"
    rf"on\s+{WEEKDAY_NAME}|in\s+(?:a|two|three|\d+)\s+(?:days|weeks?)|"
    r"(?:on|in\s+the\s+week\s+of)\s+\d{4}-\d\d-\d\d)\b", re.I)


def _turn(text: str, to_come: bool = False) -> tuple[str, str, int] | None:
    """(the setting, "on" or "off", where the turn's own words start) of ``text``; with
    ``to_come``, of a turn told as a plan (``_TURN_AHEAD``) instead of one told done."""
    if "back o" not in text.lower():
        return None
    m = _TURNED_BACK.search(text)
    if m is None:
        return None
    # (said of the turn itself, just before it in its clause: not "When the incident was
    # resolved we turned ... back on", "If anyone asks, auto-sync is back on")
    clause = _CLAUSE_CUT.split(text[:m.start("verb")])[-1]
    is_form = m["verb"][:1].lower() in "iw"
    told = _TOLD_BY.search(clause) if is_form else None
    if told is not None and told["verb"].lower() in _BELIEVED:
        told = None  # "I think auto-sync is back on": only believed, it turns no entry back
    if told is not None:
        # "I can confirm ArgoCD auto-sync is back on": the setting is what follows the telling,
        # and it is the telling's verb that may leave the turn unsaid ("I hope it's back on")
        if _NOT_TURNED.search(told["verb"]):
            return None
        clause = clause[told.end():]
    if _NOT_TURNED.search(" ".join(clause.split()[-3:])):
        return None
    # Only a turn told as done changes the entry: "we turned", "it is back on", or a decision
    # made to turn it ("we agreed to turn ..."); told in the present it is a plan or a request
    # ("Later today we turn auto-sync back on", "Please turn ...", "We need to turn ...")
    done = m["verb"].lower().endswith(("ed", "is", "are", "was", "were", "now")) or (
        _DECIDED_TO.search(clause) is not None)
    if to_come and (done or not clause.split() or clause.split()[-1].lower() not in (
            _MAKES_THE_TURN) or _TURN_AHEAD.search(text) is None):
        return None
    if not done and not to_come:
        return None
    if told is not None:
        said, start = clause, m.start("verb") - len(clause)
    elif is_form:
        said, start = m["before"], m.start("before")
    else:
        said, start = m["what"], m.start("what")
    what = _ARTICLE.sub("", said.strip())
    # The person's own things and surroundings are no project's setting: "I turned my VPN back
    # on", "I turned it back on", "The power is back on in the office"
    if not what or _NOT_A_SETTING.fullmatch(what) or (
            said.lower().startswith("my ") and not _PROJECT_SETTING.search(what)):
        return None
    return what, m["state"].lower(), start


def turned_back(text: str) -> tuple[str, str] | None:
    """(the setting, "on" or "off") of "We turned ArgoCD auto-sync back on" or "ArgoCD auto-sync
    is back ON for prod apps"; None when ``text`` turns nothing back."""
    turn = _turn(text)
    return None if turn is None else turn[:2]


def turn_to_come(text: str) -> bool:
    """``text`` tells a setting turned back as a plan: "Next week we turn ArgoCD auto-sync back
    on for prod apps" (which leaves the entry that gives the other state as it is)."""
    return _turn(text, to_come=True) is not None


def turn_told(text: str) -> str:
    """The words of ``text`` that turn a setting back, from the setting on ("auto-sync back on in
    Argo" of "When the incident was resolved we turned auto-sync back on in Argo"): what it is
    about, without when or by whom; ``text`` when it turns nothing back."""
    turn = _turn(text)
    return text if turn is None else text[turn[2]:]


def turned_back_over(old: str, new: str) -> bool:
    """``new`` turns back the setting ``old`` gives the other state ("ArgoCD auto-sync is back on
    for prod apps" over "We decided to turn ArgoCD auto-sync OFF for all prod applications")."""
    return _gives_other_state(old, turned_back(new))


def turn_to_come_over(old: str, new: str) -> bool:
    """``new`` plans to turn back the setting ``old`` gives the other state ("Next week we turn
    ArgoCD auto-sync back on" of "ArgoCD auto-sync is off for prod apps during the freeze"):
    news of its own, while ``old`` still holds."""
    turn = _turn(new, to_come=True) if "back o" in new.lower() else None
    return _gives_other_state(old, None if turn is None else turn[:2])


def _gives_other_state(old: str, turned: tuple[str, str] | None) -> bool:
    if turned is None:
        return False
    what, state = turned
    other = "off" if state == "on" else "on"
    return re.search(rf"(?<![\w-]){re.escape(what)}(?![\w-])(?:\s+(?:is|are|was|were|stays?|"
                     rf"remains?|to\s+be|set\s+to|now))*\s+{other}\b", old, re.I) is not None
