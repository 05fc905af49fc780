"""One sentence into the statements it makes: each rule, each thing replaced, each dated plan."""

from __future__ import annotations

import re
from bisect import bisect_left
from datetime import date

from autodream import rx
from autodream.engine.dates import DateOrder, may_hold_date
from autodream.engine.not_to_save import (
    _AWAY_FROM_IT,
)
from autodream.engine.sentence_kinds import (
    _RULE_KINDS,
    _T,
    _detect,
    _detect_core,
)
from autodream.engine.text import (
    ReadingBudget,
    ensure_period,
    sentence_case,
    tokens,
    word_set,
)
from autodream.engine.wording import (
    _FILLER,
    _HABIT_VERBS,
    _I,
    _POINTS_AT_HAND,
    _absolutize,
    _has_date,
    _told_whole,
)

# ... and what it goes on to tell of the event ("...; it moved to 2026-07-28", "..., so Nina runs
# the retro then"): the event away from, its day, and the clause after it
_AWAY_AND_THEN = rx.compile(
    r"^(?P<event>(?!(?:on|next|this|in|tomorrow|today|tonight)\b).+?)(?P<when>\s+(?:on|next|this|in|tomorrow|today|tonight)\b[^;,—–]*?)?"
    r"\s*(?:;|,?\s+(?:so|but)|\s[—–-])\s+(?P<rest>.+)$", _I)
_IT_THEN = rx.compile(r"^(?:it|that|this)\b(?!')|\bthen(?=[.!]*$)", _I)


# "Push neither to the main branch nor to the release branch": two prohibitions in one
# imperative, said as the rule would keep them ("Never push to the main branch or the release
# branch."). Only after a verb of a rule: "Neither npm nor yarn works here" tells what is.
_PREPOSITIONS = r"to|on|in|into|from|with|at|for"
_NEITHER_NOR = rx.compile(
    rf"^(?:please\s+)?(?P<verb>[a-z][\w-]*)(?:\s+(?P<prep>{_PREPOSITIONS}))?\s+"
    r"neither\s+(?P<one>[^,;:]+?)\s*,?\s+nor\s+(?P<other>[^,;:]+?)"
    r"(?P<why>,\s+\S.*?|\s+because\s+\S.*?)?\s*[.!]?$", _I)
_RULE_VERBS = _HABIT_VERBS | word_set("""merge force-push touch edit modify change delete remove
    install import upgrade downgrade depend rely mention expose hardcode hard-code""")
_PREPOSITION = rx.compile(rf"^(?P<prep>{_PREPOSITIONS})\s+", _I)
# ... but two things at hand, or a time of the task, are not forbidden for good: "Merge neither
# this PR nor that one", "Touch neither it nor them", "Run neither the linter nor the tests for
# now", "Deploy neither today nor tomorrow" (a plan, as on two dates), "Install neither of them
# nor ..."
_NEITHER_AT_HAND = rx.compile(rf"{_POINTS_AT_HAND.pattern}|\bones?\b|^of\b", _I)
# ... a time said after a comma is the task's too ("..., for now"), not a reason
_FOR_THE_TASK = rx.compile(r"^\s*,\s*(?:for\s+(?:now|the\s+moment|this|that)\b|this\s+time\b|"
                           r"right\s+now\b|today\b|tonight\b|tomorrow\b|yet\b|again\b|"
                           r"here\b|until\b)", _I)


def _neither_nor(sentence: str) -> str:
    """``sentence`` as a prohibition of both things when it is an imperative on "neither X nor
    Y" about kinds of thing, else as it is."""
    m = _NEITHER_NOR.match(_FILLER.sub("", sentence.strip()))
    if m is None or m["verb"].lower() not in _RULE_VERBS:
        return sentence
    one, other = m["one"], m["other"]
    if _NEITHER_AT_HAND.search(f"{one} {other}") or _has_date(f"{one} {other}") or (
            _FOR_THE_TASK.match(m["why"] or "")):
        return sentence
    said_once = _PREPOSITION.match(one)
    again = _PREPOSITION.match(other)
    if said_once is not None and again is not None and (
            said_once["prep"].lower() == again["prep"].lower()):
        other = other[again.end():]  # "to main or to release": the rule says "to" once
    prep = f" {m['prep'].lower()}" if m["prep"] else ""
    return f"Never {m['verb'].lower()}{prep} {one} or {other}{m['why'] or ''}."


# "Don't do that again.", "Revert that, the timeout was fine.", "Never do this.": what "that"
# is lives in the conversation, not in the memory that would keep the rule.
# "We replaced flake8 and black with ruff": two switches, one sentence each
_REPLACED_PAIR = rx.compile(
    rf"^(?P<head>.*?\breplac(?:e|ed|ing)\s+)(?P<a>{_T})\s+and\s+(?P<b>{_T})"
    rf"(?P<tail>\s+with\s+.+)$", _I)


def _each_replaced(sentence: str) -> list[str]:
    m = _REPLACED_PAIR.match(sentence)
    if m is None:
        return []
    return [f"{m['head']}{m['a']}{m['tail']}", f"{m['head']}{m['b']}{m['tail']}"]


# "..., and put type hints on everything": a rule joined to another with "and"; with no comma
# only between two rules each marked as one ("Always use tabs and never commit generated
# files"): "Use black and isort", "Squash commits and rebase before merging", "I prefer tabs
# and never use spaces" are one
_AND_RULE = rx.compile(r"[,;]\s+and\s+(?=\S)|"
                       r"^(?:always|never|don't)\s.*?(?P<bare>\s+and\s+)(?=(?:never|always|don't)\s)",
                       _I)
# a word in the second rule pointing back at the first: "Always run the linter and never
# ignore its warnings", "Always write tests, and never skip them", "..., and never do that" are
# one rule; a relative "that" is not one ("never commit files that are generated")
_BACK_AT_FIRST = rx.compile(
    r"\b(?P<pronoun>it|its|they|them|their)\b|\b(?:this|these|those)\b|"
    r"^(?:(?:never|always|don't|avoid)\s+)?[\w-]+\s+(?:(?:on|at|to|with|about|for)\s+)?"
    r"that\b(?!\s+(?:is|are|was|were|has|have)\b)", _I)
# ... unless something it could point at comes before it in the second rule: "never commit
# generated files or edit them" (words of the sentence's frame are not such things)
_NOT_POINTED_AT = word_set("""never always don't do not avoid and or but the a an our your my
    what whatever how when whenever before after without with on at to about for from in into
    of by any all every each""")


def _points_back(tail: str) -> bool:
    """The second rule ``tail`` points back at the first: a word pointing away from it, with
    nothing of its own before it that the word could name (one thing for "it", many for
    "them")."""
    m = _BACK_AT_FIRST.search(tail)
    if m is None:
        return False
    if m["pronoun"] is None:
        return True
    many = m["pronoun"].lower() in ("they", "them", "their")
    before = [w for w in re.findall(r"[\w'-]+", tail[: m.start()].lower())
              if w not in _NOT_POINTED_AT][1:]  # the first word left is the rule's verb
    return not any(w.endswith("s") == many for w in before)
# how far a rule reaches, or that it forbids, not what it is about ("don't" is "don", "t")
_HOW_MUCH = word_set("everything everywhere always never every each all any don t do not")


def _away_and_more(sentence: str) -> list[str]:
    """The user away from one event and what goes on at it, each a sentence of its own: "I can't
    make the demo on 2026-07-24; it moved to 2026-07-28" is "The demo moved to 2026-07-28.", "I
    can't make the design review on 2026-07-24, so Leo presents the RFC then" is "Leo presents
    the RFC at the design review on 2026-07-24."; the absence alone is no plan (``_AWAY_FROM_IT``)
    and dropping the whole lost the plan it told. None when the rest is no plan of its own."""
    if not (";" in sentence or ", so " in sentence or ", but " in sentence or (
            " — " in sentence or " - " in sentence or " – " in sentence)):
        return []
    bare = _FILLER.sub("", sentence.strip())
    away = _AWAY_FROM_IT.match(bare)
    if away is None or (m := _AWAY_AND_THEN.match(bare[away.end():])) is None:
        return []
    event, when = m["event"], (m["when"] or "").strip()

    def put(it: re.Match[str]) -> str:
        return event if it[0].lower() != "then" else f"at {event} {when}".rstrip()

    rest = ensure_period(sentence_case(_IT_THEN.sub(put, m["rest"].strip(), count=2)))
    said, alone = _detect(bare), _detect(rest)
    if said is None or said.kind != "plan" or alone is None or alone.kind != "plan":
        return []
    return [ensure_period(bare[: away.end() + m.start("rest")].rstrip(" ,;—–-")), rest]


def _each_rule(sentence: str) -> list[str]:
    """Two rules said in one sentence, each a sentence of its own: "I prefer small pure functions
    over classes, so keep the stats code functional, and put type hints on everything" is a
    preference and a rule of its own, "Put type hints on everything." Only a rule said as an
    imperative, about none of what the first is about: "Always use uv, and never use pip" is
    one rule."""
    for m in _AND_RULE.finditer(sentence):
        head, tail = sentence[: m.start("bare") if m["bare"] else m.start()], sentence[m.end():]
        words = tail.lower().split()
        first = words[0] if words else ""
        if not (first in _HABIT_VERBS or first in ("never", "always", "don't", "avoid")) or (
                _points_back(tail)):
            continue
        if first in ("never", "always", "don't") and (len(words) < 2 or (
                words[1].strip(".,;!") not in _RULE_VERBS)):
            continue  # "Always use pnpm and never npm": the verb left out, the rule is one
        said, alone = _detect(head), _detect_core(tail)
        if said is None or alone is None or said.kind not in _RULE_KINDS or (
                alone.kind not in _RULE_KINDS) or (
                tokens(said.text) & tokens(tail)) - _HOW_MUCH:
            continue
        if said.kind == "prohibition" and alone.kind != "prohibition":
            continue  # "Never push to main, and always open a PR": what to do instead
        return [ensure_period(head.rstrip(" ,;")), ensure_period(sentence_case(tail))]
    return []


# "Diego is back, and he wants every data loader change as a PR to him": the return alone is
# nothing to keep, and "he wants ..." read alone names no one, so the requirement was lost
_BACK_AND_WANTS = rx.compile(
    r"^(?P<who>[A-Z][\w.'-]*(?:\s+[A-Z][\w.'-]*)?)\s+(?:is|'s)\s+back(?:\s+from\s+[\w\s]+?)?"
    r"\s*,?\s+and\s+(?:he|she)\s+(?P<rest>\w+s\b.+)$")


def _back_and_wants(sentence: str) -> list[str]:
    """"Diego is back, and he wants every data loader change as a PR to him" as what the
    colleague wants, named ("Diego wants every data loader change as a PR to him."): a standing
    requirement of his; none when what follows is no rule or preference of its own."""
    m = _BACK_AND_WANTS.match(sentence.strip()) if " back" in sentence else None
    if m is None:
        return []
    said = ensure_period(f"{m['who']} {m['rest'].strip()}")
    found = _detect(said)
    if found is None or found.kind not in _RULE_KINDS:
        return []
    return [said]


# "The code freeze starts on 2026-07-13 and the release is on 2026-07-24": two plans, each
# a whole clause with its own subject and its own date, which pass on different days. The
# second starts with who or what does it ("the release is", "we ship", "GA follows"); "... and
# ship on 2026-07-24" goes on with the first one's subject, and "between ... and ..." is one
# span
_AND_CLAUSE = rx.compile(r",?\s+and\s+(?=\S)", _I)
_WHOLE_CLAUSE = rx.compile(
    r"^(?:(?:we|they|i|you|he|she)\s+\w+|(?:(?:the|our|their|its|my|his|her|a|an)\s+)?"
    r"(?:[\w.-]+\s+){0,3}?(?:is|are|will|has|have|goes|\w+[^s\W]s)|[A-Z][\w.-]*\s+\w+)\b")
# the second clause's subject pointing back at the first: one plan told on
_BACK_AT_START = rx.compile(r"^(?:it|its|this|that|these|those|then|there)\b", _I)
_SPAN = rx.compile(r"\b(?:between|both|from)\b", _I)
# How many characters of one sentence's sides are read for dates and plans, all its "and"s
# together (a ReadingBudget): each "and" costs the whole sentence, so with no bound a pasted
# line of 10,000 characters, "... on 2026-07-01 and " over and over, took 5.8 s, 4x for twice
# the line. The bound is far past any sentence a person types (a 2,000-character one with 100
# "and"s after "Yesterday" is read whole, as upgrade_clauses' bound); past it, 8 characters for
# each of the sentence's, about 8 "and"s
_SIDES_READ_FREE = 400_000
_SIDES_READ_PER_SENTENCE_CHAR = 8


def _each_dated(sentence: str, day: date, order: DateOrder | None = None) -> list[str]:
    """Two plans said in one sentence, each a sentence of its own, so each is told past or
    upcoming by its own day; none when the sentence is not two dated plans."""
    # (where the first "between" ends, read once: each head searched for it again took 0.95 s
    # over 80,000 characters of "... and then run ...", 4x for twice the text. A head cut
    # before its "and" ends at a space or comma, so a word of it ends there as in the sentence)
    span = _SPAN.search(sentence)
    ands = list(_AND_CLAUSE.finditer(sentence))
    # which "and"s have what may be a date before them (from the first that has) and after
    # them (up to the last): found by halving, so an "and" of a list of things done, with no
    # date on one side, costs no reading of its sides (read, a line of 'I fixed the tests and '
    # x 900 took 0.9 s, 4x for twice the line)
    dated_heads_from = bisect_left(
        range(len(ands)), True, key=lambda i: may_hold_date(sentence[: ands[i].start()]))
    dated_tails_to = bisect_left(
        range(len(ands)), True, key=lambda i: not may_hold_date(sentence[ands[i].end():]))
    budget = ReadingBudget(sentence, _SIDES_READ_FREE, _SIDES_READ_PER_SENTENCE_CHAR)
    for i, m in enumerate(ands):
        if i < dated_heads_from:
            continue
        head, tail = sentence[: m.start()], sentence[m.end():]
        if (span is not None and span.end() <= m.start()) or _BACK_AT_START.match(tail):
            continue
        if not _WHOLE_CLAUSE.match(tail):
            whole = _told_whole(head, tail)
            if whole is None:
                continue
            tail = whole
        elif i >= dated_tails_to:
            continue
        # (the bound is spent on the sides read for dates and plans, where the time goes;
        # spent on every "and", a plan after a list of 52 things done, 1,250 characters, was
        # dropped. A plan found is returned at once: what is spent never drops one)
        if not budget.spend(len(head) + len(tail)):
            return []
        # the dates first: reading each side for a plan costs far more, and most "and"s
        # join no two dated clauses
        if not (_has_date(_absolutize(head, day, order)[0])
                and _has_date(_absolutize(tail, day, order)[0])):
            continue
        said, alone = _detect(head), _detect(tail)
        if said is None or alone is None or said.kind != "plan" or alone.kind != "plan":
            continue
        return [ensure_period(head.rstrip(" ,;")), ensure_period(sentence_case(tail))]
    return []
