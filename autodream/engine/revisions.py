"""A change of mind: which earlier statement the person takes back when they say "I changed my
mind: I prefer detailed explanations", and what replaces it.

The new words name a subject ("explanations", "commit messages", "logs") and a place on a
scale for it ("detailed", "long", "verbose"); the statement taken back names the same subject
at another end of that scale ("short", "one line", "quiet"). Both must hold: "Commit messages
must follow Conventional Commits" says nothing of their length, so "I want long commit
messages" does not take it back, and "Keep logs quiet" is not about explanations. A choice
whose scale says its own subject ("use tabs": indentation) may be said without one; then the
statement taken back may be about nothing else ("Use spaces for indentation", not "Don't use
spaces in file names").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from autodream import rx
from autodream.engine.text import STOPWORDS, word_set

if TYPE_CHECKING:
    from autodream.engine.rare import Revision


@dataclass(frozen=True, eq=False)
class _Scale:
    """Choices of one kind, one pattern per end; ``implied`` are the subject words the choice
    itself says (tabs and spaces are about indentation)."""

    ends: tuple[re.Pattern[str], ...]
    implied: frozenset[str] = frozenset()


def _root(word: str) -> str:
    """One form for a word's singular and plural ("messages", "message" -> "messag")."""
    w = word.lower().removesuffix("'s")
    for suffix, put in (("ies", "y"), ("es", ""), ("s", "")):
        if w.endswith(suffix) and not w.endswith("ss") and len(w) - len(suffix) >= 3:
            w = w[: -len(suffix)] + put
            break
    return w[:-1] if w.endswith("e") and len(w) > 4 else w


def _roots(words: str) -> frozenset[str]:
    return frozenset(_root(w) for w in words.split())


# Each scale's ends, as words matched whole ("tabs?" is not in "tabstop"). Compiled here, at
# module level, so that rx keeps them between processes (~3 ms of every fresh dream's start).
_SCALES = tuple(
    _Scale(tuple(rx.compile(rf"(?<![\w-])(?:{words})(?![\w-])", re.I) for words in ends), implied)
    for ends, implied in (
        # how much is said: answers, explanations, logs, commit messages, comments, PRs
        ((r"short(?:er)?|brief(?:er)?|terse(?:r)?|concise|succinct|compact|minimal|"
          r"quiet(?:er)?|silent|small(?:er)?|one[- ]lin(?:e|ers?)|(?:a\s+)?single[- ]line|"
          r"to\s+the\s+point",
          r"long(?:er)?|lengthy|detailed|verbose|thorough|in-depth|extensive|elaborate|"
          r"comprehensive|noisy|chatty|large(?:r)?|big(?:ger)?|multi[- ]?line|"
          r"(?:in|more)\s+detail"),
         frozenset()),
        ((r"tabs?", r"(?:(?:\d+|two|four)[- ])?spaces?"),
         _roots("indent indentation indented indenting")),
        ((r"single(?![- ]line)", r"double"), _roots("quote quotes quoted string")),
        ((r"snake[_ ]?case", r"camel[_ ]?case", r"kebab[- ]?case", r"pascal[_ ]?case"),
         _roots("name names naming identifier variable function field key case")),
    )
)
# The words of a preference that say how it is held, not what it is about.
_FRAME = word_set(
    """user users they them their prefer prefers preferred want wants wanted like likes liked
    use uses used using keep keeps kept make makes write writes rather always never don't dont
    do avoid stop instead default everywhere going forward from again let's go stick get
    actually"""
)
_WORD = rx.compile(r"[a-z0-9][a-z0-9'_-]*")
# Where one clause ends ("Keep explanations short; the user prefers terse answers").
# (its blanks read from the first of their run alone, as wording._ANY_CLAUSE's)
_CLAUSE = rx.compile(r"(?:(?<!\s)\s+)?(?:[;:]|\s[—–-]\s|,\s)\s*|(?<!\s)\s+(?:and|but|while|"
                     r"whereas)\s+", re.I)


def _subject(text: str) -> frozenset[str]:
    """What ``text`` is about: its words less the choices it names, the stopwords and the
    words of wanting or keeping."""
    for scale in _SCALES:
        for end in scale.ends:
            text = end.sub(" ", text)
    return frozenset(_root(w) for w in _WORD.findall(text.lower())
                     if w not in STOPWORDS and w not in _FRAME)


def _ends(scale: _Scale, text: str) -> dict[int, str]:
    """The ends of ``scale`` that ``text`` names, each with its first words as written."""
    found: dict[int, str] = {}
    for i, end in enumerate(scale.ends):
        m = end.search(text)
        if m is not None:
            found[i] = m[0]
    return found


def chooses_an_end(text: str) -> bool:
    """``text`` picks one end of a choice of one kind ("spaces", "verbose logs")."""
    return any(len(_ends(scale, text)) == 1 for scale in _SCALES)


# "Stop explaining Python idioms": what is no longer to be done, said after leave to stop
_STOP_DOING = rx.compile(r"^(?:stop|quit)\s+(?P<verb>[a-z]+?)(?P<double>[a-z])?ing\s+(?P<what>.+?)"
                         r"[.!]?$", re.I)
_DO = rx.compile(r"^(?:please\s+)?(?:always\s+)?(?P<verb>[a-z]+)\s+(?P<rest>.+)$", re.I)


def _stopped(old: str, new: str) -> Revision | None:
    """How "Stop explaining Python idioms" takes back "Explain Python idioms when they're
    non-obvious": the same verb on the same things, asked for before and stopped now."""
    stop, do = _STOP_DOING.match(new.strip()), _DO.match(old.strip())
    if stop is None or do is None:
        return None
    verb, said = stop["verb"].lower(), do["verb"].lower()
    double = (stop["double"] or "").lower()
    if said not in (verb + double, verb + "e", verb) or said in ("stop", "quit", "don't", "never"):
        return None
    what = {_root(w) for w in _WORD.findall(stop["what"].lower()) if w not in STOPWORDS}
    if not what or not what <= {_root(w) for w in _WORD.findall(do["rest"].lower())}:
        return None
    from autodream.engine.rare import Revision  # (made only when one is said)

    return Revision(f"{said} {stop['what']}", new.strip().rstrip(".!"), False,
                    re.compile(rf"(?<![\w-]){re.escape(said)}(?![\w-])", re.I))


def revision(old: str, new: str) -> Revision | None:
    """How ``new``, said after a change of mind, takes back ``old``: on the same subject, at
    another end of one scale, or asked for before and stopped now; None when it does not
    (another subject, no choice of the same kind in ``old``, or a part of ``old`` that ``new``
    does not speak to)."""
    if new[:5].lower() in ("stop ", "quit "):
        return _stopped(old, new)
    subject = _subject(new)
    for scale in _SCALES:
        said = _ends(scale, new)
        if len(said) != 1:
            continue  # none, or both ends at once: which one is chosen is not said
        [(at, now)] = said.items()
        stated = _ends(scale, old)
        if at in stated or not stated:
            continue
        if subject and not subject <= {_root(w) for w in _WORD.findall(old.lower())}:
            continue
        about = subject | scale.implied
        clauses = [c for c in _CLAUSE.split(old) if _subject(c) or _ends(scale, c)]
        core = [c for c in clauses if _subject(c) <= about]
        if any(_ends(scale, c) for c in core) and all(
                c in core or (subject and _said_with(c, about, scale, at)) for c in clauses):
            was = next(iter(stated.values()))
            from autodream.engine.rare import Revision  # (made only when one is said)

            return Revision(was, now, not subject, re.compile(
                "|".join(scale.ends[i].pattern for i in stated), re.I))
    return None


def _said_with(clause: str, about: frozenset[str], scale: _Scale, at: int) -> bool:
    """A clause beside the one about the subject that gives the choice given up of something
    else, as the same preference said more widely ("Keep explanations short; the user prefers
    terse answers"); not one that agrees with the new choice ("..., but detailed docstrings")."""
    ends = _ends(scale, clause)
    return bool(ends) and at not in ends and not _subject(clause) & about
