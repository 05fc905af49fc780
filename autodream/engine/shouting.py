"""A sentence said all in capitals ("ALWAYS RUN THE LINTER BEFORE PUSHING."), read and kept in
the case memory is written in, with the words that are names or acronyms kept as they are
written elsewhere ("NEVER MERGE A PR WITHOUT CI PASSING, ASK MARIA." is kept as "Never merge a
PR without CI passing, ask Maria.", Maria spelt so in another message or in memory)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from autodream import rx
from autodream.engine.text import CALENDAR_WORDS, STOPWORDS

# Acronyms a person writes in capitals whatever else they write, kept without being seen
# elsewhere: the ones development talk is full of, each lowered into a word of another meaning
# or none ("pr", "ci", "api"); a list this short only errs where a word of it is meant as a
# word, and none of them is one
KNOWN_ACRONYMS = frozenset({
    "API", "AWS", "CI", "CLI", "CPU", "CSS", "CSV", "DNS", "GCP", "GPU", "HTML",
    "HTTP", "HTTPS", "JSON", "JWT", "MR", "PR", "QA", "SDK", "SQL", "SSH", "SSO",
    "TLS", "UI", "URL", "UX", "VPN", "YAML"})

# A word as memory or a message writes it, and where it stands: at the start of a sentence or
# line (where any word has a capital) or within one
_WORD = rx.compile(r"(?P<start>^[^A-Za-z]*|[.!?:][*_)\]\"'’]*\s+)?(?P<word>[A-Za-z][A-Za-z'’]*)"
                   r"(?![\w.-]*\d)")
# ... in a shouted sentence: a redaction mark, a token with a figure or an underscore (an
# identifier, "NODE_ENV", "S3"), a dotted name ("STG3.EXAMPLE.COM"), or a word of letters
_SHOUTED_TOKEN = rx.compile(
    r"(?P<mark>\[REDACTED:[\w-]+\])|(?P<dotted>[\w-]+(?:\.[\w-]+)+)|(?P<ident>[\w'’-]*[\d_][\w'’-]*)"
    r"|(?P<word>[A-Z][A-Z'’]*(?:-[A-Z][A-Z'’]*)*)\b")
_MARK = rx.compile(r"\[REDACTED:[\w-]+\]")
# ... a word that starts a sentence is a name where a verb follows it as its subject's
# ("Maria owns the checklist", "Maria asked for ..."): "Use tabs", "Deploy on Fridays" start
# with a verb, and any sentence's first word has a capital
_SUBJECT_VERB = rx.compile(
    r"(?:is|was|will|would|can|could|should|must|has|had|does|did|says|said|asked|asks|owns|"
    r"leads|runs|handles|reviews|approves|knows|wants|needs|maintains|manages|[a-z]+ed)")
_LETTER = rx.compile(r"[A-Za-z]")
_MIN_SHOUTED_WORDS = 3  # ("NEVER." or "LGTM": too little to tell shouting from names)


def shouted(sentence: str) -> bool:
    """``sentence`` is all in capitals, three words or more of letters ("ALWAYS RUN THE
    LINTER."); one with a word in lower case is as said (its capitals are names)."""
    bare = _MARK.sub("", sentence)
    if any(ch.islower() for ch in bare):
        return False
    return sum(1 for m in _SHOUTED_TOKEN.finditer(bare) if m["word"]) >= _MIN_SHOUTED_WORDS


@dataclass
class Names:
    """The words read written with capitals in what is not shouted, as written: a word within
    a sentence ("ask Maria", "open a PR"), or one at a sentence's start that a verb follows
    and is never written in lower case ("Maria owns the checklist"; "Use tabs" is not)."""

    within: dict[str, str] = field(default_factory=dict)
    first: dict[str, str] = field(default_factory=dict)
    lower: set[str] = field(default_factory=set)

    def learn(self, text: str, *, starts: bool = True) -> bool:
        """Take in ``text``'s words (its shouted sentences left out); ``starts``: a word at a
        sentence's start may be a name (a person's message; memory's lines start with any
        word). True when a word came to be known as a name."""
        before = len(self.within) + len(self.first)
        for line in text.splitlines():
            if shouted(line):
                continue
            said = list(_WORD.finditer(line))
            # (a line with three words in capitals or more holds some shouted: "name: ALWAYS
            # RUN THE LINTER" of a memory written before; none of them is told an acronym)
            capitals = sum(1 for m in said if m["word"].isupper() and len(m["word"]) > 1)
            for at, m in enumerate(said):
                word = m["word"]
                low = word.lower()
                if word == low:
                    self.lower.add(low)
                elif word.isupper() and len(word) > 1:
                    if capitals < _MIN_SHOUTED_WORDS:
                        self.within.setdefault(low, word)
                elif m["start"] is None:
                    self.within.setdefault(low, word)
                elif starts and low not in STOPWORDS and at + 1 < len(said) and (
                        line[m.end():said[at + 1].start()].isspace()) and (
                        _SUBJECT_VERB.fullmatch(said[at + 1]["word"])):
                    self.first.setdefault(low, word)
        return len(self.within) + len(self.first) > before

    def form(self, low: str) -> str | None:
        """How the word ``low`` is written as a name, or None: it is a word."""
        if low.upper() in KNOWN_ACRONYMS:
            return low.upper()
        if low[-1:] == "s" and low[:-1].upper() in KNOWN_ACRONYMS:
            return low[:-1].upper() + "s"  # ("PRs", "APIs")
        if low in self.within:
            return self.within[low]
        if low in self.first and low not in self.lower:
            return self.first[low]
        return None


def calmed(sentence: str, names: Names) -> tuple[str, frozenset[str]]:
    """``sentence``, shouted, in sentence case: a name or an acronym as ``names`` writes it, a
    day's or a month's name and "I" with their capital, an identifier as it is written; and
    the words lowered (one may be learnt as a name later: ``recased``)."""
    lowered: set[str] = set()

    def calm(m: re.Match[str]) -> str:
        if m["mark"] or m["ident"]:
            return m[0]
        if m["dotted"]:
            return m[0].lower()  # (a host's name has no case: "stg3.example.com")
        low = m[0].lower()
        if (named := names.form(low)) is not None:
            return named
        if low in CALENDAR_WORDS or low.removesuffix("s") in CALENDAR_WORDS or (
                low == "i" or low[:2] in ("i'", "i’")):
            return low.capitalize()
        lowered.add(low)
        return low

    calm_text = _SHOUTED_TOKEN.sub(calm, sentence)
    lead = _LETTER.search(calm_text)
    if lead is not None:
        calm_text = calm_text[:lead.start()] + calm_text[lead.start()].upper() + (
            calm_text[lead.start() + 1:])
    return calm_text, frozenset(lowered)


def recased(text: str, lowered: frozenset[str], names: Names) -> str:
    """``text``, made from a shouted sentence with ``lowered`` lowered, with those of them
    ``names`` has since learnt as names written as names ("ask maria" once "Maria" is read)."""
    for low in lowered:
        named = names.form(low)
        if named is None or low not in text.lower():
            continue
        # (built from the word: re's own, never kept in the cache of module-level patterns)
        text = re.compile(rf"(?<![\w'’-])(?:{re.escape(low)}|{re.escape(low.capitalize())})"
                          rf"(?![\w'’-])").sub(named, text)
    return text
