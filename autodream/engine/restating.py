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
# the words a choice turned round may say beside it ("Actually I prefer ... going forward", "From
# now on we prefer ..."): every other word is one more thing said, and the turn is left as main
# reads it. Words, not content words: the stopwords "here", "there", "too", "she", "not", "only"
# say where, whose or whether ("I prefer spaces over tabs here", "... too" agreeing with another)
_TURN_WORDS = frozenset({
    "i", "the", "user", "a", "an", "prefer", "prefers", "preferring", "use", "using",
    "over", "to", "rather", "than", "instead", "of", "actually", "really", "strongly",
    "honestly", "now", "going", "forward", "from", "on", "so", "ok", "okay", "well", "anymore",
    "these", "days", "just", "again"})
# where the thing set against ends: "spaces for indentation", "tabs now"
_OTHER_ENDS = frozenset({"for", "in", "on", "now", "when", "where", "whenever", "if", "unless",
                         "and", "or", "but", "everywhere", "always", "from", "as", "at", "by",
                         "with", "across", "throughout", "please", "anymore", "again", "too",
                         "instead", "going", "these", "this", "since"})

# Whose choice it is: the user's only, a preference said "I prefer", "The user prefers" or with
# the bare "Prefer ...", with asides before it ("From now on I prefer"); "She prefers", "Most
# users prefer" are another's, and a turned choice of theirs changes none of the user's. "We
# prefer" is a team's convention, not the user's own (review rev192): neither side of a turn.
_USERS = frozenset({(), ("i",), ("the", "user")})
_BEFORE_THE_USER = frozenset({"actually", "really", "honestly", "now", "going", "forward",
                              "from", "on", "so", "ok", "okay", "well"})
# a choice wondered about, supposed or asked, not made: "If it were up to me I would prefer
# ...", "Why would I prefer ...", "Should I prefer ...?"
_NOT_MADE = rx.compile(r"\b(?:if|would|why|should|could)\b|\?", re.I)


# a word standing for a noun said on the other side ("Prefer short answers to long ones"): the
# two terms do not name the same things ("short answers", "long ones"), and a turn read from
# them switched "short ones" to "long answers" under the old title (review rev192)
_STANDS_FOR_A_NOUN = frozenset({"one", "ones"})


def _chosen_over(text: str) -> tuple[frozenset[str], frozenset[str]] | None:
    """The words of the thing ``text`` chooses and of the thing it sets against it, the words
    the two share left out ("Vim keybindings over Emacs keybindings": vim, emacs)."""
    m = _CHOSEN_OVER.search(text)
    if m is None or (m["to"] and not m["prefer"]):
        return None
    other: list[str] = []
    for word in m["other"].lower().split():
        if word.rstrip(".") in _OTHER_ENDS:
            break
        other.append(word.rstrip("."))
    one = frozenset(m["one"].lower().split())
    if not other or _STANDS_FOR_A_NOUN & (one | frozenset(other)):
        return None
    return one - frozenset(other), frozenset(other) - one


# a word as written, a stopword too ("here", "too", "she")
_PLAIN_WORD = rx.compile(r"[a-z0-9]+(?:['\u2019][a-z]+)?")
# A sentence that may choose one thing over another: the gatherer notes when it was the whole
# of its message
MAY_CHOOSE_OVER = rx.compile(r"\b(?:prefer\w*|over|rather\s+than|instead\s+of)\b", re.I)
# A message of plain words only: ASCII words ("Node.js", "C++", "don't" joined inside), single
# commas and spaces between them, one "." or "!" at its end. No quote, colon, question mark
# (full-width or not), bracket, dash, emoji or word of another script: each may be a speaker,
# a place, a doubt or someone else's words, and none is read ("I prefer spaces over tabs now
# 🙄", "... now？", "... now для документации.")
_PLAIN_MESSAGE = rx.compile(
    r"[A-Za-z0-9+#]+(?:[.'-][A-Za-z0-9+#]+)*(?:,? +[A-Za-z0-9+#]+(?:[.'-][A-Za-z0-9+#]+)*)*[.!]?")


def _the_turn(old: str, new: str) -> tuple[str, str] | None:
    """The thing ``old`` chose and the one ``new`` chooses in its place, as ``new`` words them,
    when ``new`` chooses what ``old`` set against its choice over that choice, and says no
    more than that; else None."""
    was, now = _chosen_over(old), _chosen_over(new)
    if was is None or now is None or not (now[0] & was[1]) or not (now[1] & was[0]):
        return None
    # ... and says no more than that: not "I don't prefer spaces over tabs", "My colleague
    # prefers spaces over tabs", nor "... over composition for the plugin system", a rule of
    # one place beside the other
    if _FORBIDS.search(new) or _NOT_MADE.search(new) or not users_preference(new) or (
            _said_besides(new, old)):
        return None
    return _in_order(now[1], new), _in_order(now[0], new)


def _said_besides(new: str, old: str) -> frozenset[str]:
    """The words ``new`` says that neither ``old`` nor a turned choice says."""
    return frozenset(_PLAIN_WORD.findall(new.lower())) - frozenset(
        _PLAIN_WORD.findall(old.lower())) - _TURN_WORDS


def _said_plainly(old: str, said_alone: str | None) -> bool:
    """The person's message was the turned choice and nothing else (``said_alone``: the
    gatherer sets it only then), in plain words, as the user's own: no sentence before or after
    it that may be a limit, a doubt, a speaker, a list or a pasted document ("... Only for
    Python.", "... Hmm, maybe.", "The README says this. ...", "... -- Dana"), no quote, colon
    or question mark in it, and no word but the old choice's and _TURN_WORDS. Where the
    message is not known ("Remember that." reading the last one again), it is not plain."""
    if said_alone is None or _PLAIN_MESSAGE.fullmatch(said_alone) is None:
        return False
    return users_preference(said_alone) and not _said_besides(said_alone, old) and not (
        _NOT_MADE.search(said_alone))


def choice_turned_round(old: str, new: str,
                        said_alone: str | None) -> tuple[str, str] | None:
    """``new`` chooses what ``old`` chose another thing over, over the thing ``old`` chose: "I
    prefer spaces over tabs now" of "I prefer tabs over spaces for indentation", the same words
    in the other order, a change of mind however alike the two read as words. The thing
    ``old`` chose and the one ``new`` chooses, as ``new`` words them (tabs, spaces); None when
    ``new`` turns no choice of ``old`` round, when ``old`` is another's choice ("The style
    guide prefers tabs over spaces": the user's own is no change of theirs), and unless the
    person's message was ``new`` alone, said plainly (``said_alone``, the message; None when
    it said more or is not known)."""
    turn = _the_turn(old, new)
    if turn is None or not users_preference(old) or not _said_plainly(old, said_alone):
        return None
    return turn


def _in_order(words: frozenset[str], text: str) -> str:
    """``words`` as ``text`` says them, in its order and case ("Vim", "composition")."""
    said = [w.rstrip(".") for w in text.split()]
    return " ".join(w for w in said if w.lower() in words) or " ".join(
        sorted(words))


def users_preference(text: str) -> bool:
    """``text`` makes its choice as the user's preference: nothing but asides before "I prefer",
    "The user prefers" or the bare "Prefer" ("Prefer composition over inheritance")."""
    m = _CHOSEN_OVER.search(text)
    if m is None or not m["prefer"]:
        return False
    before = [w for w in re.findall(r"[a-z']+", text[:m.start()].lower())
              if w not in _BEFORE_THE_USER]
    return tuple(before) in _USERS
