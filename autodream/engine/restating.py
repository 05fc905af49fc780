"""Whether one standing rule restates another, or turns it round."""

from __future__ import annotations

import difflib
import re
from functools import lru_cache

from autodream import rx
from autodream.engine.informal import plain_spelling
from autodream.engine.model import Candidate
from autodream.engine.replacement import (
    _ALIKE_WORD,
    _CHOOSE_VERBS,
    _CHOSEN_ENDS,
    _DETERMINERS,
    _FORBIDS,
    _INSTEAD_AT_END,
    _RULE_PARTS,
    _SAYS_RULE,
    _rule_clauses,
    _rule_words,
    _said_alike,
    _said_by_another_name,
    _word_replaced,
    coverage,
    same_values,
)
from autodream.engine.text import (
    _WORD,
    _stem,
    sentence_case,
    similar,
)

_OPPOSITES = frozenset((a, b) for x, y in (
    ("on", "off"), ("up", "down"), ("running", "down"), ("running", "stopped"),
    ("enabled", "disabled"), ("open", "closed"), ("public", "private"),
    ("allowed", "forbidden"), ("in", "out")) for a, b in ((x, y), (y, x)))
_LETTERS = rx.compile(r"[a-z]+")


def opposite_said(old: str, new: str) -> bool:
    """``new`` says a state the opposite of one ``old`` says, of the same thing ("Keep the
    staging DB running overnight" / "The staging DB should stay down overnight")."""
    was, now = set(_LETTERS.findall(old.lower())), set(_LETTERS.findall(new.lower()))
    return any((w, v) in _OPPOSITES for w in was - now for v in now - was)


def _says_again(new: str, old: str) -> bool:
    """``new`` says what ``old`` says: alike in wording, or with (almost) every content word of
    it in ``old``, a word said alike counted as the same ("GitHub tickets" / "GitHub issues"),
    or a thing named by another of its names ("Our main branch is now trunk" / "The default
    branch is trunk")."""
    return (similar(new, old, 0.9) or coverage(_as_said_alike(new), _as_said_alike(old)) >= 0.85
            or _said_by_another_name(old, new))


# A rule told as said before: "Again, pytest style please, ...", "As I said, ...", "I said it
# before, prefer einops"
_SAID_BEFORE = rx.compile(r"^(?:(?:once\s+)?again|as\s+(?:(?:i|we|the\s+user)\s+)?mentioned|"
                          r"as\s+(?:i|we|the\s+user)\s+said|"
                          r"like\s+(?:i|we|the\s+user)\s+said|(?:i|we|the\s+user)(?:'ve|\s+ha(?:ve|s))?"
                          r"\s+said\s+(?:it|this|that)\s+(?:before|already)|"
                          # ("I did say, always a story for new components please")
                          r"(?:i|we|the\s+user)\s+did\s+say)(?:\s+(?:before|earlier))?\b,?\s*",
                          re.I)


def without_said_before(text: str) -> str:
    """``text`` without the words telling it was said before ("Again, require not assert in
    the tests" is written "Require not assert in the tests"): a memory kept of it for the
    first time was never said before there, and "Again" would read as a second entry."""
    m = _SAID_BEFORE.match(text)
    if m is None or len(text[m.end():].split()) < 3:
        return text
    return sentence_case(text[m.end():])


_SET_AGAINST = rx.compile(r"\b(?:instead\s+of|rather\s+than|not)\b", re.I)
# One tool set against another, perhaps said of everywhere: "Use pytest, not unittest", "We use
# pytest everywhere, never unittest"
_ONE_OVER_OTHER = rx.compile(
    r"\b(?:use|uses|using|prefer|prefers)\s+(?P<one>[\w.+#-]*\w)(?:\s+(?:everywhere|always|"
    r"throughout|by\s+default|for\s+everything))?,?\s+(?:not|never|rather\s+than|instead\s+of|"
    r"over)\s+(?:using\s+)?(?P<other>[\w.+#-]*\w)\s*[.!]?$", re.I)


def _one_over_other(text: str) -> tuple[str, str] | None:
    m = _ONE_OVER_OTHER.search(text) if " " in text else None
    return (m["one"].lower(), m["other"].lower()) if m else None


def _spelled_as(new: str, old: str) -> str:
    """``new`` with each long word misspelt from one of ``old``'s written as ``old`` has it
    ("dont use semicolns" of "Dont use semicolons i hate them")."""
    written = {w.lower() for w in re.findall(r"\b[A-Za-z]{6,}\b", old)}

    def put(m: re.Match[str]) -> str:
        word = m[0].lower()
        if word in written:
            return m[0]
        near = [w for w in written if w[0] == word[0] and abs(len(w) - len(word)) <= 2
                and difflib.SequenceMatcher(None, w, word).ratio() >= 0.9]
        return near[0] if len(near) == 1 else m[0]

    return re.sub(r"\b[A-Za-z]{6,}\b", put, new)


def said_once_more(old: str, new: str) -> bool:
    """``new`` gives the rule ``old`` again, and nothing of its own: told as said before
    ("Again, pytest style please, we don't write unittest.TestCase classes" of "Don't generate
    unittest.TestCase classes"), the one tool chosen over the same other ("We use pytest
    everywhere, never unittest" of "Use pytest, not unittest"), or in fewer of its words, one
    misspelt ("dont use semicolns" of "Dont use semicolons i hate them"). Read as a change, the
    rule was rewritten in the newer words, or said "Changed from unittest to everywhere"."""
    old = plain_spelling(old)  # a person's own file may be typed fast, as the gatherer reads
    told = _SAID_BEFORE.match(new)
    # (a rule that sets one thing against another forbids the other: "no .view() chains",
    # told as said before, is "rearrange instead of view chains" again)
    if (bool(_FORBIDS.search(old)) != bool(_FORBIDS.search(new)) and not (
            told is not None and _SET_AGAINST.search(old))) or opposite_said(old, new) or (
            not same_values(new, old)):
        return False
    if told is not None:
        # what the rule is about is (mostly) said again: not "Again, use tabs" of "Use spaces"
        was, now = _rule_words(old), _rule_words(new[told.end():])
        return bool(was & now) and 2 * len(was - now) <= len(was)
    chosen = _one_over_other(new)
    if chosen is not None and chosen == _one_over_other(old):
        return True
    spelled = _spelled_as(new, old)
    return spelled != new and coverage(spelled, old) >= 0.85 and not _word_replaced(old, spelled)


def _as_said_alike(text: str) -> str:
    return _ALIKE_WORD.sub(lambda m: _said_alike(m[0]), text)


def restates_rule(old: str, new: str) -> bool:
    """``new`` says again what a clause of the rule ``old`` says, in other words and perhaps
    less of it ("Our convention is to squash-merge" of "We always squash-merge pull requests",
    "Never push straight to main" of "Don't push directly to main"): everything it is about is
    in that clause, which it covers at least half of, and both forbid or neither does. A rule
    with another thing in it ("Always run mypy" / "Always run ruff") or turned round ("Never
    squash-merge") is no restatement."""
    return _meets_a_clause(old, new, turned=False)


def turns_rule_round(old: str, new: str) -> bool:
    """``new`` is a clause of the rule ``old`` turned round ("Never squash-merge" of "Always
    squash-merge pull requests"): the same things, one forbidding and the other not."""
    return _meets_a_clause(old, new, turned=True)


def _meets_a_clause(old: str, new: str, *, turned: bool) -> bool:
    said = _rule_clauses(new)
    if len(said) != 1 or not said[0][0]:
        return False
    words, core, forbids, _ = said[0]
    # "Use spaces instead" turns "Don't use spaces" round, and no more than that: not "Don't
    # use spaces in file names", which it is said against far less plainly than "Use spaces"
    instead = turned and "instead" in words
    if instead:
        words, core = words - _INSTEAD_WORD, core - _INSTEAD_WORD
    # "Use spaces" turns round the clause "never spaces" of "Always use tabs and never
    # spaces", which says its verb once for both
    bare = words - _USE_VERB if turned and not forbids else words

    def covers(part: frozenset[str], said: frozenset[str]) -> bool:
        return bool(said) and said <= part and (
            said == part if instead else 2 * len(said) >= len(part))

    # read without the words of wanting, it covers two thirds of the clause: "The user prefers
    # detailed explanations" is not "Write detailed explanations in docstrings"
    clauses = _rule_clauses(old)
    elided = any(part & _USE_VERB for part, *_ in clauses)
    return any((covers(part, words) or (elided and not part & _USE_VERB and covers(part, bare))
                or (core and core <= part_core and (core == part_core if instead else
                                                    3 * len(core) >= 2 * len(part_core))))
               and (forbids != part_forbids) == turned and standing
               for part, part_core, part_forbids, standing in clauses)


_USE_VERB = frozenset({"use", "using"})
_INSTEAD_WORD = frozenset({"instead"})
# What sets the thing a rule chooses against the one it does not ("Use tabs rather than
# spaces", "Prefer composition over inheritance", "Use tabs, not spaces")
_SET_OVER = rx.compile(r",?\s+(?:rather\s+than|instead\s+of)\s+(?:using\s+)?|\s+over\s+|"
                       r",\s+(?:but\s+)?(?:not|never)\s+(?:using\s+)?", re.I)
_CHOOSE_AT = rx.compile(rf"\b{_CHOOSE_VERBS}\s+{_DETERMINERS}", re.I)
_SET_OVER_WORDS = (" than ", " instead of ", " over ", ", not ", ", never ", ", but not ")


def _choice_turned(old: str, new: str) -> tuple[str, str] | None:
    """``new`` chooses what the rule ``old`` chose another thing over, and says nothing more
    ("Use spaces instead", "Always use spaces" of "Use tabs rather than spaces"): the thing
    ``old`` chose and the one it set against it, for the two to trade places. Not a rule of
    something else ("Use spaces in file names"), nor one forbidding it ("Never use spaces")."""
    if not any(w in old for w in _SET_OVER_WORDS):
        return None
    bare = _INSTEAD_AT_END.sub("", new).strip().rstrip(".!")
    said = _CHOOSE_AT.search(bare)
    if said is None or _FORBIDS.search(bare) or _RULE_PARTS.search(bare):
        return None
    rest = bare[said.end():]
    end = _CHOSEN_ENDS.search(rest)
    chosen = _rule_words(rest[:end.start()] if end else rest)
    if not chosen or not _rule_words(bare) <= _rule_words(old):
        return None
    for over in _SET_OVER.finditer(old):
        head = old[: over.start()]
        verb = next(iter(reversed(list(_CHOOSE_AT.finditer(head)))), None)
        after = old[over.end():]
        end = _CHOSEN_ENDS.search(after)
        other = after[: end.start()] if end else after
        if verb is None or not other or _rule_words(other) != chosen:
            continue
        one = head[verb.end():]
        end = _CHOSEN_ENDS.search(one)
        one = one[: end.start()] if end else one
        if one and _rule_words(one) - _rule_words(bare):
            return one, other
    return None


def _turns_choice_round(old: str, new: str) -> bool:
    return _choice_turned(old, new) is not None


def is_rule(cand: Candidate) -> bool:
    return cand.type == "feedback" and (cand.kind in ("preference", "prohibition") or bool(
        _SAYS_RULE.search(cand.text)))


# Words a line may leave out and still say all another says: articles, the verb "be", the
# subject of a person's rule as the gatherer words it ("The user prefers ...")
_EMPTY_WORDS = frozenset({"a", "an", "the", "is", "are", "be", "to", "of", "and", "that",
                          "this", "it", "its"})
# Words that, said in the fuller line only, turn or limit what the other says: "Don't use tabs
# in YAML" is no fuller "Use tabs", nor "Use spaces rather than tabs", "Use tabs unless ..."
_TURNS = frozenset({"not", "no", "never", "don", "doesn", "didn", "won", "nor", "without",
                    "except", "unless", "instead", "rather", "over", "than", "but", "avoid",
                    "stop", "stopped", "against", "anymore", "longer", "until", "off"})


@lru_cache(maxsize=8_192)
def _line_words(line: str) -> tuple[str, ...]:
    """A line's words in order as compared for ``adds_nothing``: every word but the empty
    ones, spelt plainly, lightly stemmed, a word said alike as its other ("tickets" as
    "issues")."""
    text = plain_spelling(_as_said_alike(line)).lower()
    return tuple(_stem(w) for w in _WORD.findall(text) if w not in _EMPTY_WORDS)


def adds_nothing(line: str, other: str) -> bool:
    """``line`` says nothing ``other`` does not: ``other`` opens with the same word and says
    each of ``line``'s (but articles and the like) in the same order, spelt and inflected
    loosely, and what it says between and after them neither turns nor limits it ("The user
    prefers pure functions over classes" of "The user prefers small pure functions over
    classes, so keep the stats code functional"; "The demo is on 2026-07-24" of "... at
    15:00"). Not "Use 4 spaces" of "Use 2 spaces", "Use tabs" of "Don't use tabs in YAML",
    "Never push to main" of "Never push to main on Fridays" (a scope: another rule), nor the
    plan "The design review is on 2026-07-24" of "The user will attend the design review on
    2026-07-24", which says another thing of it."""
    said, fuller = _line_words(line), _line_words(other)
    if not said or not fuller or said[0] != fuller[0] or len(said) > len(fuller):
        return False
    rest = iter(fuller)
    if not all(w in rest for w in said):  # (``in`` on an iterator: in order)
        return False
    return (_TURNS.isdisjoint(set(fuller) - set(said)) and not _limits(line, other)
            and _same_turns(line, other))


# A phrase these open narrows what it follows ("Never push to main" / "... on Fridays"): the
# fuller line is then another rule, and the first one's wider reach would be lost with it.
_SCOPE_WORDS = frozenset({"on", "in", "for", "during", "at", "when", "while", "before", "after",
                          "within", "inside", "outside", "only", "if", "whenever", "between"})
# What follows one of these is a reason or a consequence, which limits nothing.
_REASON_OPENS = rx.compile(r",\s*(?:so|since|as|because)\b|\s(?:because|since|so that)\b|[:;(]"
                           r"|\s[-\u2013\u2014]\s")
# A scope word before a number gives a time or value ("at 15:00", "on 2026-07-24"): precision
_GIVES_VALUE = rx.compile(r"\d")


def _limits(line: str, other: str) -> bool:
    """``other`` says ``line`` with a scope of its own before any reason it gives."""
    head = _REASON_OPENS.split(other, maxsplit=1)[0]
    said = set(_WORD.findall(line.lower()))
    words = _WORD.findall(head.lower())
    for i, word in enumerate(words):
        if word in _SCOPE_WORDS and word not in said:
            after = words[i + 1] if i + 1 < len(words) else ""
            if not _GIVES_VALUE.match(after):
                return True
    return False


def _same_turns(line: str, other: str) -> bool:
    return bool(_FORBIDS.search(line)) == bool(_FORBIDS.search(other)) and not (
        opposite_said(line, other)) and same_values(line, other)


# One thing chosen over another, in that order: "I prefer tabs over spaces", "Prefer composition
# over inheritance", "I prefer Vim keybindings to Emacs keybindings", "Use tabs rather than
# spaces". ("to" only after "prefer": "Use make to build the docs" sets nothing against make.)
_TERM_WORD = r"[A-Za-z][\w.+#-]*"
_CHOSEN_OVER = rx.compile(
    rf"\b(?:(?P<prefer>prefer|prefers|preferring)|{_CHOOSE_VERBS})\s+{_DETERMINERS}"
    rf"(?P<one>{_TERM_WORD}(?:\s+{_TERM_WORD}){{0,2}}?)\s+"
    r"(?:over|rather\s+than|instead\s+of|(?P<to>to))\s+(?:using\s+)?"
    rf"{_DETERMINERS}(?P<other>{_TERM_WORD}(?:\s+{_TERM_WORD}){{0,2}})", re.I)

# Whose choice it is: the user's only, a preference said "I prefer", "The user prefers" or with
# the bare "Prefer ...", with asides before it ("From now on I prefer"); "She prefers", "Most
# users prefer" are another's, and a turned choice of theirs changes none of the user's. "We
# prefer" is a team's convention, not the user's own (review rev192): neither side of a turn.
_USERS = frozenset({(), ("i",), ("the", "user")})
_BEFORE_THE_USER = frozenset({"actually", "really", "honestly", "now", "going", "forward",
                              "from", "on", "so", "ok", "okay", "well"})

# A sentence that may choose one thing over another: the gatherer notes when it was the whole
# of its message
MAY_CHOOSE_OVER = rx.compile(r"\b(?:prefer\w*|over|rather\s+than|instead\s+of)\b", re.I)
# The one shape a turned choice is read in, old and new alike (review rev201): the bare
# preference, "I prefer X over Y", "The user prefers X over Y" (the entry's lead) or "Prefer X
# over Y", with asides only ("Actually, ...", "... now", "... again"); a word more is a scope, a
# reason or another thread ("... for Python and Go", "..., except in YAML", "... because ...").
_ASIDE_BEFORE = (
    r"(?:(?:actually|honestly|ok|okay|so|well|now|from\s+now\s+on|going\s+forward),?\s+)*")
_ASIDE_AFTER = r"(?:,?\s+(?:now|again|from\s+now\s+on|going\s+forward))*"
# words no plain term holds: a function word, a scope, an aside, "one(s)" standing for the
# other side's noun, and "using"/a gerund ("I prefer using spaces over tabs" switched to
# "prefers using spaces over spaces", review rev201)
_NOT_IN_A_TERM = (
    r"(?!(?:over|to|than|rather|instead|of|using|the|a|an|and|or|but|not|no|for|in|on|at|with|"
    r"by|as|from|into|only|just|except|unless|when|where|if|because|so|since|this|that|these|"
    r"those|my|our|your|their|its|his|her|all|both|every|now|again|going|forward|one|ones|"
    r"i|we|me|it|too|here|there|also|really|even)\b)(?![a-z]*ing\b)")
# (a word's "." inside it only, "Node.js": the sentence's own ends it)
_PLAIN_TERM_WORD = rf"{_NOT_IN_A_TERM}[A-Za-z][\w+#-]*(?:\.[\w+#-]+)*"
_TERM = rf"{_PLAIN_TERM_WORD}(?:\s+{_PLAIN_TERM_WORD}){{0,2}}"
_BARE_PREFERENCE = rx.compile(
    rf"\s*{_ASIDE_BEFORE}(?P<who>i\s+prefer|the\s+user\s+prefers|prefer)\s+(?P<one>{_TERM})"
    rf"\s+over\s+(?P<other>{_TERM}){_ASIDE_AFTER}[.!]?\s*", re.I)
# (a message longer than this is no bare preference: nothing longer is read)
_BARE_LONGEST = 200


def bare_preference(text: str, *, lead: bool = False) -> tuple[str, str] | None:
    """The thing ``text`` chooses and the one it sets against it, when ``text`` is the bare
    preference and nothing else: "I prefer tabs over spaces." (tabs, spaces); "The user
    prefers ..." only of an entry's ``lead``, where the person's "I" was put in the third
    person. None for any word more ("... for Python", "I prefer using spaces over tabs")."""
    if len(text) > _BARE_LONGEST:
        return None
    m = _BARE_PREFERENCE.fullmatch(text)
    if m is None or (not lead and m["who"].lower().startswith("the")):
        return None
    one, other = (" ".join(m[side].split()) for side in ("one", "other"))
    return None if one.lower() == other.lower() else (one, other)


def choice_turned_round(old: str, said_alone: str | None) -> tuple[str, str] | None:
    """The thing the entry's statement ``old`` chose and the one the person now chooses in its
    place, when the person's whole message (``said_alone``, set by the gatherer only when the
    message was that one sentence, with nothing around it in the session that may scope it) is
    the exact mirror of ``old``: "I prefer spaces over tabs now." of "The user prefers tabs over
    spaces.", the same two terms in the other order, no word more on either side (review
    rev201). The words the two terms share are left out ("Vim keybindings" turned to "Emacs
    keybindings": Vim, Emacs), as the switch names them; else None."""
    was = bare_preference(old, lead=True)
    now = None if said_alone is None else bare_preference(said_alone)
    if was is None or now is None or (
            (now[0].lower(), now[1].lower()) != (was[1].lower(), was[0].lower())):
        return None
    chosen, left = now[0].split(), now[1].split()
    shared = {w.lower() for w in chosen} & {w.lower() for w in left}
    new = " ".join(w for w in chosen if w.lower() not in shared)
    old_choice = " ".join(w for w in left if w.lower() not in shared)
    return (old_choice, new) if new and old_choice else None


def users_preference(text: str) -> bool:
    """``text`` makes its choice as the user's preference: nothing but asides before "I prefer",
    "The user prefers" or the bare "Prefer" ("Prefer composition over inheritance")."""
    m = _CHOSEN_OVER.search(text)
    if m is None or not m["prefer"]:
        return False
    before = [w for w in re.findall(r"[a-z']+", text[:m.start()].lower())
              if w not in _BEFORE_THE_USER]
    return tuple(before) in _USERS
