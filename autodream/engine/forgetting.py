"""Requests to forget: "forget what I said about the staging URL", "scratch the note about
Priya", "please forget the Bramble staging URL". The request is no memory of its own: the entry
(or the sentence of one) that memory holds of what it names is removed, and what the same
sessions said of it before the request is not saved."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from autodream import rx
from autodream.engine.colleagues import told_as_one
from autodream.engine.entries import Entry, description_for
from autodream.engine.model import Decision, EngineOptions
from autodream.engine.text import (
    CALENDAR_WORDS,
    STOPWORDS,
    sentences,
    shorten,
    similarity,
    tokens,
)
from autodream.engine.wording import _FILLER, _I

if TYPE_CHECKING:
    from autodream.engine.rare import ForgetRequest

# What may come before the request in its sentence: the opening interjections (``_FILLER``
# strips them), "please", "you can (just)"; or, mid-sentence, a clause break ("Bramble moved
# staging, so forget what I said about the staging URL"). Never "don't" / "never": "Don't
# forget to run the tests", "Never forget the changelog" are rules.
_LEAD = (r"(?:^|[,;:—–]\s*(?:(?:and|so|but|oh)\s+)*|\b(?:and|so)\s+)"
         r"(?P<lead>(?:please\s+)?(?:(?:you\s+)?(?:can|could|may)\s+(?:just\s+|now\s+|safely\s+)?"
         # (asked politely: "Can you forget what I said about Priya?")
         r"|(?:can|could|would|will)\s+you\s+(?:please\s+)?(?:just\s+|now\s+)?"
         r"|just\s+|now\s+)?(?:please\s+)?)")
# "what I said about", "everything I told you about"
_SAID = (r"(?P<said>what|everything|anything|all|the\s+stuff|the\s+things?)\s+(?:that\s+)?"
         r"(?:i|we)(?:['’]ve|\s+have)?\s+(?:just\s+|already\s+)?(?:said|told\s+you|mentioned|"
         r"wrote|noted|shared|gave\s+you)(?:\s+(?:earlier|before|previously|last\s+time|"
         r"the\s+other\s+day))?\s+(?:about|on|regarding|re|concerning)\s+")
# "the thing about", "the note about", "all the notes on"
_NOTE = (r"(?P<note>the|that|my|your|any|all\s+the|every)\s+(?P<what>notes?|entr(?:y|ies)|"
         r"memor(?:y|ies)|things?|bits?|stuff|parts?|lines?|info(?:rmation)?|details?)\s+"
         r"(?:about|on|regarding|re|concerning|for)\s+")
# ... "delete the note about" names memory only with a word of it ("delete the line about X"
# may be an edit to a file)
_MEMORY_NOTE = (r"(?:the|that|my|your|any|all\s+the|every)\s+(?P<mem>notes?|memor(?:y|ies))\s+"
                r"(?:about|on|regarding|re|concerning|for)\s+")
_FROM_MEMORY = r"\s+(?:out\s+)?(?:from|of)\s+(?:your\s+|the\s+)?(?:memory|memories|notes)"
# what is forgotten: up to the clause's end (a full stop inside "vercel.app" is no end). It ends
# on a word, or is one blank: what follows it reads its trailing blanks as its own, so a shorter
# one found it first. (Where it might end on each blank of a run, what follows read the rest of
# the run from each: 'Please forget the staging' + 1,000 blanks + 'URL.' took 0.8 s, by the
# cube.)
_X = r"(?P<x>\s|[^,;:!?()—–\"]*?[^\s,;:!?()—–\"])"
_END = r"(?=\s*(?:$|[,;:!?()—–]|\.(?:\s|$)|\s-\s))"
_FORGET = rx.compile(
    _LEAD + r"(?:(?:(?:forget|scratch|disregard)\s+(?:about\s+)?(?:" + _SAID + "|" + _NOTE
    + r")|(?:drop|remove|delete|erase|bin|ditch)\s+" + _MEMORY_NOTE + ")" + _X + _END
    + r"|(?:drop|remove|delete|erase|forget)\s+" + _X.replace("?P<x>", "?P<y>") + _FROM_MEMORY
    + r"\b"
    # a bare "forget X": at the sentence's end, or before a reason only ("Please forget the
    # Bramble staging URL.", "You can forget about Priya, that fell through")
    + r"|(?P<bare>forget)\s+(?:about\s+)?" + _X.replace("?P<x>", "?P<z>")
    + r"(?=\s*+(?:[.!]*\s*$|,\s*(?:since|because|as|it|it['’]s|that|that['’]s|they|they['’]re|"
    r"he|she|we['’]ve|we\s+have)\b)))", _I)
# "The staging URL is no longer relevant, drop it from memory" (what it says of ends on a word,
# or is one blank at the start, as _X; read to each blank of a run, '\s+' read the rest of the
# run from each: 'a' + 20,000 blanks + 's' took 3 s, by the square)
_NO_LONGER = rx.compile(
    r"^(?P<w>[^,;:!?()—–]+?)(?:(?<!\s)|(?<=\A\s))\s+(?:is|are)\s+(?:no\s+longer\s+(?:relevant|"
    r"needed|true|current|used|valid)|not\s+relevant\s+any\s?more|obsolete|out\s+of\s+date|outdated)"
    r"[\s,;—–-]+(?:so\s+)?(?:please\s+|you\s+can\s+)?(?:(?:drop|remove|delete|erase|forget)\s+"
    r"(?:it|them)" + _FROM_MEMORY + r"|forget\s+(?:it|them|about\s+(?:it|them)))\b", _I)
# not what is forgotten: a pronoun ("forget it, I'll do it myself"), a task ("forget to ...")
_NOT_A_THING = rx.compile(
    r"^(?:it|that|this|them|those|these|everything|anything|all|about\s+it|to\s|the\s+whole\s+"
    r"thing$|him|her|me|you|us|what|whatever|how|why|when|where|who)\b", _I)
# ... nor one let off for now ("Please forget the tests for now"): a task, not memory
_FOR_NOW = rx.compile(r"\b(?:for\s+(?:now|this|today|the\s+moment)|this\s+time|today|"
                      r"right\s+now)\b", _I)
# where what is forgotten ends: "the staging URL because Bramble moved it", "Priya too"
# (its blanks read from the first of their run alone: an end found from a later blank could
# only be a later start of one found from the first, and it reads to the text's end)
_X_ENDS = rx.compile(r"(?<!\s)\s+(?:because|since|as|but|so|though|and\s+(?:i|we|they)|now|"
                     r"before|"
                     r"earlier|previously|last\s+time|"
                     r"any\s?more|too|please|entirely|altogether|completely|for\s+good|"
                     r"from\s+(?:your\s+)?memory)\b.*$", _I)
# words of what is forgotten that name no more of it: "the old staging URL"
# (nor the "s" of "Priya's")
# how ``Entry.deleted_by`` tells an entry removed on the person's request (the loss budgets
# count it as no loss: asked for, not lost)
FORGOTTEN = "forgotten"
_NOT_NAMING = frozenset({"old", "previous", "earlier", "former", "whole", "stuff", "thing", "s"})
# ... nor a word no entry is about: how often ("forget what I said about always" is not the
# pnpm rule), a modal, a URL's scheme ("about https" is not the staging URL)
_NO_SUBJECT = frozenset({
    "always", "never", "usually", "often", "sometimes", "ever", "rarely", "generally",
    "normally", "must", "should", "shall", "will", "would", "might", "may", "can", "could",
    "need", "https", "http", "www", "com", "yes", "no", "not", "don't", "do"})
_NO_SUBJECT_STEMS = frozenset(stem for word in _NO_SUBJECT for stem in tokens(word))
# ... and what may open a statement before its subject ("The staging URL is ...")
_DETERMINERS = frozenset({"the", "a", "an", "our", "my", "your", "their", "his", "her"})


def forget_request(sentence: str) -> tuple[str, bool, bool, str] | None:
    """(what is to be forgotten, said of memory explicitly, all of it, what is said of it
    instead) when ``sentence`` asks that something be forgotten; None when it does not.
    "Forget what I said about the staging URL" and "scratch the note about Priya" name what
    memory says (explicitly: a sentence of an entry may go); "please forget the Bramble
    staging URL" names the subject of an entry (only an entry of that subject goes).
    "Everything I said about Priya" may be several."""
    said = _FILLER.sub("", sentence.strip())
    m = _NO_LONGER.match(said)
    if m is not None:
        return _thing(m["w"], True, False, said[m.end():])
    m = _FORGET.search(said)
    if m is None:
        return None
    if m["bare"] and not (m["lead"] or m.start("bare") == 0):
        return None
    if m["bare"] and (m["lead"] or "").lower().removeprefix("please").lstrip().startswith("just"):
        return None  # "just forget the old branch": never mind it for the task, not memory
    x = m["x"] or m["y"] or m["z"] or ""
    every = bool(m["said"] and m["said"].lower() in ("everything", "all", "anything")) or bool(
        m["note"] and m["note"].lower().startswith(("all", "every"))) or bool(
        (m["what"] or m["mem"] or "").lower().endswith(("s", "ies")))
    return _thing(x, not m["bare"], every, said[m.end():])


# what the rest of the request's sentence may say of it instead: its new value ("forget what
# I said about the port, it's 8080 now", "..., the new one is ...", "..., the new URL is ...",
# "..., we use spaces"); not why it goes ("..., Bramble are moving staging to their own
# domain", "..., that fell through")
_INSTEAD = rx.compile(r"^[\s,;:—–-]*(?:(?:and|so|but)\s+)?(?:(?P<it>it['’]s|it\s+is|its)\s+"
                      r"|(?P<one>the\s+new\s+one)\b|the\s+new\s+(?P<new>[\w-]+(?:\s+[\w-]+)?)"
                      r"(?=\s+(?:is|are)\s)|(?=(?:now|we|use|instead)\b))", _I)


def _thing(x: str, explicit: bool, every: bool, rest: str
           ) -> tuple[str, bool, bool, str] | None:
    if _FOR_NOW.search(x):
        return None
    x = _X_ENDS.sub("", x.strip()).strip(" .")
    if not x or _NOT_A_THING.match(x) or not tokens(x) - _NOT_NAMING:
        return None
    return x, explicit, every, _instead(x, rest)


def _instead(subject: str, rest: str) -> str:
    """What ``rest`` says ``subject`` is now, whole ("The port is 8080 now."), or ""."""
    m = _INSTEAD.match(rest)
    if m is None or not rest[m.end():].strip(" .!"):
        return ""
    told = rest[m.end():].strip()
    thing = re.sub(r"^(?:the|my|our)\s+", "", subject, flags=re.I)
    if m["it"]:
        told = f"the {thing} is {told}"
    elif m["one"] or (m["new"] and _named(m["new"]) <= _named(thing)):
        # ("the new URL is ..." of the staging URL: the new staging URL)
        told = f"the new {thing} {told}"
    elif m["new"]:  # ("the new password is ...": not the thing itself, said as it was)
        told = f"the new {m['new']} {told}"
    return told[:1].upper() + told[1:]


def _named(subject: str) -> frozenset[str]:
    return tokens(subject) - _NOT_NAMING - _NO_SUBJECT_STEMS


def _one_common_word(subject: str) -> bool:
    """``subject`` is one word and no name: "main", "prod", "deploys", "Fridays" (a day is
    no name), not "Sofia" or "ArgoCD"."""
    words = [w for w in re.findall(r"[\w'’-]+", subject) if (low := w.lower()) not in STOPWORDS
             and low not in _NOT_NAMING and low not in _NO_SUBJECT]
    if len(words) != 1:
        return False
    word = words[0]
    return not word[:1].isupper() or word.lower().removesuffix("s") in CALENDAR_WORDS


def _leads_with(word: frozenset[str], text: str) -> bool:
    """``text`` opens with ``word``, its subject ("Prod is prd-us-1"), not "We deploy ..."."""
    for w in text.split()[:4]:
        if w.lower() not in _DETERMINERS and w.lower() not in _NOT_NAMING:
            return tokens(w) == word
    return False


# a statement of which tool or thing to use: its object is what it is about ("Always use pnpm,
# never npm" is the pnpm rule), unlike the object of any other verb ("Never push to main" is
# not a rule about main) or a word further on ("never npm", "for installs")
_CHOICE = rx.compile(
    r"^[\s*>•-]*(?:(?:we|i|you|they)\s+)?(?:(?:always|only|just|still|now|should|must|"
    r"please|do|don['’]t|do\s+not|never|(?:we|i)['’]re|(?:we|i)\s+(?:are|have))\s+)*"
    r"(?:use[sd]?|using|prefer(?:s|red)?|switch(?:ed)?\s+to|stick\s+(?:with|to)|go\s+with|"
    r"standardi[sz]ed\s+on|settled\s+on)\s+(?:the\s+)?(?P<w>[\w.@/+-]+)", _I)


# ... the whole of its object: "Use the staging cluster" is not of "staging"
_OBJECT_ENDS = STOPWORDS | _NO_SUBJECT | {"instead", "everywhere"}


def _chosen(word: frozenset[str], text: str) -> bool:
    """``text`` says to use (or prefer, or switch to) ``word``, all of what it names: "Always
    use pnpm", "We switched to pnpm in July", "Prefer tabs over spaces"."""
    m = _CHOICE.match(text)
    if m is None or tokens(m["w"]) != word:
        return False
    after = text[m.end():].split(maxsplit=1)
    return not after or not after[0][:1].isalnum() or (
        after[0].lower().rstrip(",;:.!?") in _OBJECT_ENDS)


def about(subject: str, text: str, explicit: bool) -> bool:
    """``text`` (a statement) is of ``subject``: it names all of it, and, for a bare "forget
    X" (no word of memory said), X is at least half of what it says: "Please forget the tests"
    is not of "Always run the tests before pushing". One common word ("main", "prod") is of a
    statement only when it is its subject or most of what it says: "forget what I said about
    main" is not of "Never push to main on Fridays"."""
    named = _named(subject)
    said = _named(text)
    if not named or not named <= said:
        return False
    if 2 * len(named) >= len(said):
        return True
    if _one_common_word(subject):
        return explicit and (_leads_with(named, text) or _chosen(named, text))
    return explicit


def _subject_of(subject: str, entry: Entry, threshold: float) -> bool:
    """``entry`` is about ``subject`` as a whole: its title is like it (the similarity that
    matches candidates to entries), or names it and little more."""
    named = _named(subject)
    if not named:  # ("always" is like "Always use pnpm" but names none of it)
        return False
    title = _named(entry.name)
    if _one_common_word(subject):
        # one common word is the subject of a title that is it, opens with it, or chooses it
        # ("Always use pnpm, never npm"), not of one it is merely a word of: "Never push to
        # main" is no entry about main
        return named == title or _leads_with(named, entry.name) or _chosen(named, entry.name)
    return similarity(subject, entry.name) >= threshold or (
        named <= title and 2 * len(named) >= len(title))


# a title the engine writes for a value: "The Bramble staging URL is staging.bramble.dev",
# "The API port is 8443" (the thing, then what it is: an address, a number, a version)
_TITLED_VALUE = rx.compile(
    r"^(?P<thing>.+?)(?:(?<!\s)|(?<=\A\s))\s+(?:is|are)\s+(?:now\s+)?(?:at\s+|on\s+)?"
    r"(?P<value>[^\s]*[\d./:@][^\s]*?)[.!]?$", _I)


def _its_value(subject: str, title: str) -> bool:
    """``title`` says what ``subject`` is and nothing more: "The Bramble staging URL is
    staging.bramble.dev" is the memory of "the Bramble staging URL", as a title that is the
    thing alone would be ("please forget the Bramble staging URL" was declined: "no memory is
    clearly of it"). "The staging URL is important" says more than a value."""
    m = _TITLED_VALUE.match(title.strip())
    return m is not None and bool(_named(subject)) and _named(m["thing"]) == _named(subject)


def forget(entries: list[Entry], requests: Sequence[ForgetRequest],
           options: EngineOptions) -> list[Decision]:
    """Remove from ``entries`` what each request names: the entry whose subject it is (one, or
    all of several when the request says "everything"), else the sentences naming it, when
    one entry holds them (an entry left with nothing goes whole). Nothing when what it names
    is in no entry, or in several and which is not said: a decision tells why. A bare "forget
    X" (no word of memory) removes only an entry whose title names X and nothing more, never a
    sentence of one it is merely named in."""
    decisions: list[Decision] = []
    for req in requests:
        live = [e for e in entries if not e.deleted and not e.sealed]
        asked = (f"the user asked to forget it on {req.day.isoformat()} "
                 f"('{shorten(req.words, 100)}')")
        whole = {id(e) for e in live
                 if (_subject_of(req.subject, e, options.match_similarity)
                     and (req.explicit or _named(req.subject) == _named(e.name)))
                 or (not req.explicit and _its_value(req.subject, e.name))}
        # ("everything I said about Priya": her entries, and what the others say of her; a
        # bare "forget X" never a sentence of an entry X is merely named in)
        lines = {} if (whole and not req.every) or not req.explicit else {
            id(e): hits for e in live
            if id(e) not in whole and (hits := _lines_about(req.subject, e, req.explicit))}
        # (stand-ins told in one sentence are one thing said: a request naming what they
        # share takes them all, as it did the one memory that held them)
        one_saying = told_as_one([e for e in live if id(e) in whole or id(e) in lines])
        why = _why_nothing(req, live, whole, lines, one_saying)
        if why is not None:
            # "declined", not "skipped": `show` lists it, since the person asked for something
            decisions.append(Decision("declined", shorten(req.words, 120),
                                      f"asked to forget '{req.subject}' on "
                                      f"{req.day.isoformat()}{why}", session_id=req.session_id))
            continue
        for entry in live:
            hits = lines.get(id(entry), [])
            if id(entry) in whole or (hits and len(hits) == len(_said_in(entry))):
                entry.deleted, entry.deleted_by = True, FORGOTTEN
                # (no title: the diary names a memory the person asked to forget by its file
                # name alone, "Staging DB login admin Xk9plq2291" was written into DREAMS.md)
                decisions.append(Decision("forgotten", entry.file, asked, file=entry.file,
                                          session_id=req.session_id))
            elif hits:
                _drop_lines(entry, hits, req.subject)
                decisions.append(Decision(
                    "updated", entry.file,
                    f"{asked}: '{shorten(' '.join(hits), 100)}' removed, the rest kept",
                    file=entry.file, session_id=req.session_id))
    return decisions


def _why_nothing(req: ForgetRequest, live: list[Entry], whole: set[int],
                 lines: dict[int, list[str]], one_saying: bool = False) -> str | None:
    """Why ``req`` removes nothing (said after "asked to forget X on DATE"), or None."""
    if not req.every and not one_saying and (len(whole) > 1 or len(lines) > 1):
        named = sorted(e.file for e in live if id(e) in whole or id(e) in lines)
        return (f", but it names several memories ({', '.join(named)}) and which one is not "
                "said: none is removed")
    if whole or lines:
        return None
    if not _named(req.subject):
        return ", but that names no subject a memory could be of: nothing is removed"
    if req.explicit and _one_common_word(req.subject):
        only_a_word = sorted(e.file for e in live if any(
            _named(req.subject) <= _named(said) for said in _said_in(e)))
        if only_a_word:
            return (f", but it is only a word of what {', '.join(only_a_word)} says, not what "
                    "it is about: nothing is removed")
    if req.unsaved:
        return ": no memory held it before these sessions, and what they said of it is not saved"
    return ", but no memory is clearly of it: nothing is removed"


def _said_in(entry: Entry) -> list[str]:
    return [said for statement in entry.statements for said in sentences(statement)]


def _lines_about(subject: str, entry: Entry, explicit: bool) -> list[str]:
    # one common word is of a sentence of memory as of a title: when it is all of it, its
    # subject or what it says to use; "Never push to main." alone is no more about main than
    # "Never push to main, always open a PR."
    named = _named(subject)
    common = _one_common_word(subject)
    return [said for said in _said_in(entry) if about(subject, said, explicit) and (
        not common or _named(said) == named or _leads_with(named, said)
        or _chosen(named, said))]


def _drop_lines(entry: Entry, hits: list[str], subject: str) -> None:
    """``entry`` less the sentences ``hits`` (and any line of its history naming
    ``subject``); its description made anew when it named it."""
    gone = set(hits)
    kept: list[str] = []
    for statement in entry.statements:
        lines: list[str] = []
        for line in statement.splitlines():
            said = sentences(line)
            left = [s for s in said if s not in gone]
            if len(left) == len(said):
                lines.append(line)
            elif left:  # (a list item keeps its mark)
                mark = line[: len(line) - len(line.lstrip(" -*>•"))]
                lines.append(mark + " ".join(left))
        if lines:
            kept.append("\n".join(lines))
    entry.statements = kept
    entry.history = [line for line in entry.history if not about(subject, line, True)]
    if _named(subject) <= tokens(entry.description):
        entry.description = description_for(entry.lead)
    entry.changed = True
