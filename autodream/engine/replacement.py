"""Whether a newer statement replaces an older one, says it again, or is about another thing:
the comparisons consolidation decides by."""

from __future__ import annotations

import difflib
import re
from functools import lru_cache

from autodream import rx
from autodream.engine.dates import (
    WEEKDAYS,
    date_mentions,
    is_standing,
)
from autodream.engine.entries import (
    HISTORY_LINE,
    Entry,
)
from autodream.engine.model import Candidate
from autodream.engine.places import PLACE_PATTERN
from autodream.engine.revisions import revision
from autodream.engine.text import (
    ADDRESS_AT,
    CALENDAR_WORDS,
    MOVED_TO_ADDRESS,
    STOPWORDS,
    TELLS_SWITCH,
    THING_NAMED,
    first_token,
    has_word,
    replies_and_written,
    tokens,
    word_set,
)
from autodream.engine.tool_kinds import (
    TOOL_PATTERN,
    either_or,
    other_kinds,
    tool_kinds,
)

_ISO_DAY = rx.compile(r"\b\d{4}-\d{2}-\d{2}\b")
_SLUG = rx.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
# (not the colon of "https://": "Runbooks live at https" is no clause of an address)
# (blanks before a mark are taken from the first of a run only: each blank of a long run read
# again to its end was by the square, 20,000 blanks took seconds)
_CLAUSES = rx.compile(r"(?:(?<!\s)\s+)?(?:;|:(?!//)|\s[—–]\s|,\s)\s*")
# Where one clause of a statement ends, kept (split with a group) so the text can be rejoined.
_CLAUSE_EDGE = rx.compile(
    r"(\s*(?:[;:]|\s[—–]\s|,\s(?!(?:and\s+|but\s+)?(?:not|never)\b))\s*"
    r"|\s+(?:and|but|while|whereas)\s+(?!not\b))")
_CHOICE_WORD = rx.compile(r"[A-Za-z0-9][\w.+#/-]*[\w+#]|[A-Za-z0-9]")
# A span of days ("between 2026-08-01 and 2026-08-05", "from ... to ..."): one day moved alone
# in it would leave a span that may end before it starts
_DATE_SPAN = rx.compile(r"\b(?:between\s+\S+\s+and|from\s+\S+\s+(?:to|until|till|through))"
                        r"\s+\S+", re.I)


# What moved, after the verb ("we moved the design docs to ...") or before it ("the design
# docs moved to ...").
_MOVE_VERB = (r"(?:switch(?:ed|ing)?|migrat(?:e|ed|ing)|mov(?:e|ed|ing)|chang(?:e|ed|ing)|"
              r"upgrad(?:e|ed|ing)|bump(?:ed|ing)?)")
_MOVED_WHAT = rx.compile(
    rf"\b{_MOVE_VERB}\s+(?:(?:the|our|my|its|all)\s+)?(?P<what>(?!(?:from|to|back|"
    r"over)\b)[\w-]+(?:\s+(?!(?:from|to|back|over)\b)[\w-]+){0,2}?)\s+(?:back\s+)?(?:over\s+)?"
    r"(?:from\s+\S.*?\s+)?to\s+|^(?:(?:the|our|my|its)\s+)?(?P<subject>(?!(?:we|i|they|you|he|"
    r"she|it|user|team|the\s+user)\b)[\w-]+(?:\s+[\w-]+)"
    r"{0,2}?)\s+(?:(?:has|have)\s+(?:been\s+)?|(?:was|were)\s+)?(?:switched|migrated|moved)"
    r"\s+(?:back\s+)?(?:over\s+)?(?:from\s+\S.*?\s+)?to\s+", re.I)
# (a known name of more words, however written: "from github actions to buildkite")
_TOLD_NAME = (rf"(?:(?:{TOOL_PATTERN}|{PLACE_PATTERN})(?![\w-])|"
              r"[\w+#-]+(?:\.[\w+#-]+)*(?:\s+(?-i:[A-Z])[\w+#-]*){0,3})")
# A switch told in an entry's own words: "We switched from Poetry to uv", "CI moved from
# Jenkins to GitHub Actions"
_SWITCH_TOLD = rx.compile(
    rf"\b(?:{_MOVE_VERB}|went|replaced)\s+(?:(?:the|our|my|its|all)\s+)?(?:[\w-]+\s+){{0,2}}?"
    rf"from\s+(?P<old>{_TOLD_NAME})\s+to\s+(?P<new>{_TOLD_NAME})", re.I)
# ... or with where it went first: "Switched to ruff from flake8", "We moved CI to Buildkite from
# Jenkins" (read the other way round only by its words in common, a move back to flake8 would
# find it naming flake8 and confirm it)
_SWITCH_TOLD_TO_FROM = rx.compile(
    rf"\b(?:{_MOVE_VERB}|went)\s+(?:(?:the|our|my|its|all)\s+)?(?:[\w-]+\s+){{0,2}}?"
    rf"to\s+(?P<new>{_TOLD_NAME})\s+from\s+(?P<old>{_TOLD_NAME})", re.I)
_REPLACED_WITH = rx.compile(rf"\breplaced\s+(?P<old>{_TOLD_NAME})\s+with\s+(?P<new>{_TOLD_NAME})",
                            re.I)


# ... and not said undone, or to come: "We haven't moved from MySQL to Postgres yet", "We
# plan to switch from npm to pnpm"
_SWITCH_UNDONE = rx.compile(r"n't\b|\b(?:not|never|no\s+longer|would|could|might|can|will|"
                            r"plan|plans|planning|going|want|wants|should|must|need|needs|if|"
                            r"whether|tr(?:y|ies|ied|ying))\b", re.I)


# A move told as under way ("We are moving CI from GitHub Actions to Buildkite"): what it
# moves to is what the entry holds, and a move back is from it
UNDER_WAY = rx.compile(r"\b(?:we|i)(?:'re|'m|\s+are|\s+am)\s+(?:now\s+)?(?:switching|moving|"
                       r"migrating)\b", re.I)


def _switch_told(lead: str) -> re.Match[str] | None:
    told = (_SWITCH_TOLD.search(lead) or _SWITCH_TOLD_TO_FROM.search(lead)
            or _REPLACED_WITH.search(lead)) if (
        TELLS_SWITCH.search(lead) or ("ing " in lead and UNDER_WAY.search(lead))) else None
    if told is None or _SWITCH_UNDONE.search(lead, 0, told.start() + len(told[0].split()[0])) or (
            re.search(r"\byet\b", lead, re.I)):
        return None
    return told


# A past switch opening the sentence as a subordinate clause, up to where the main clause starts:
# "Once we switched to pnpm, installs got faster"
_SWITCH_AS_BACKGROUND = rx.compile(
    rf"(?:ever\s+)?(?:once|when|after|since)\s+(?:we|i|they|the\s+team)\s+(?:had\s+)?"
    rf"(?:{_MOVE_VERB}|went)\b[^,;]*[,;]", re.I)


# The words a setting clause opens with (a cheap test before the pattern)
_SETTING_OPENS = ("once ", "when ", "after ", "since ", "ever ")
# (not "back in March", "back then": a time)
_BACK_AGAIN = rx.compile(r"\bagain\b|\bback\b(?!\s+(?:in|then|when|at|on|during|before)\b)", re.I)


def _left_since(entry: Entry, cand: Candidate) -> bool:
    """"Once we switched to pnpm, installs got faster" beside "We switched from pnpm to yarn":
    the switch to pnpm is the setting of a story from before the entry's own switch away from
    it; read as a switch, it moved the entry back to pnpm. A move back said as one ("We went
    back to pnpm") or told in the main clause ("We switched to pnpm, installs got faster") is
    still a switch."""
    new = cand.new or ""
    if cand.back or cand.old is not None or not new or not cand.text[:6].lower().startswith(
            _SETTING_OPENS):
        return False
    clause = _SWITCH_AS_BACKGROUND.match(cand.text)
    if clause is None or not has_word(clause[0], new) or _BACK_AGAIN.search(clause[0]):
        return False  # "Since we moved to pnpm again last week, ...": a move back all the same
    return any((m := HISTORY_LINE.match(h)) and m["old"].lower() == new.lower()
               for h in entry.history) or _switched_from(entry.lead, new)


def _switched_from(lead: str, name: str) -> bool:
    told = _switch_told(lead)
    return told is not None and told["old"].lower() == name.lower()


def left_in(lead: str, name: str) -> bool:
    """``lead`` names ``name`` as what a switch left ("Lint with ruff (switched from flake8)",
    "We replaced flake8 with ruff"): a move back to it is news for that entry, never the entry
    said again."""
    if not TELLS_SWITCH.search(lead):
        return False
    return _switched_from(lead, name) or re.search(
        rf"\b(?:from|replaced)\s+{re.escape(name)}(?![\w-])", lead, re.I) is not None


# A switch meant, not said done: "The user wants to switch our task queue from Celery to
# Dramatiq". A move back to Celery after it tells it was made, and undone.
_MEANT_TO = rx.compile(r"\b(?:wants?|want(?:ed|ing)|plans?|plann(?:ed|ing)|intends?|going|"
                       r"(?:would|'d)\s+like)\s+to\s+$", re.I)


_MEANT_WHAT = rx.compile(rf"\b{_MOVE_VERB}\s+(?P<what>(?:the|our|my|its)\s+[\w-]+(?:\s+[\w-]+)"
                         r"{0,2}?)\s+from\s", re.I)


def _meant_from(lead: str, name: str) -> str | None:
    """What ``lead`` means to switch to from ``name``, told as an intention, or None."""
    told = _SWITCH_TOLD.search(lead) if "from" in lead else None
    if told is None or told["old"].lower() != name.lower() or not _MEANT_TO.search(
            lead, 0, told.start()) or re.search(r"n't\b|\b(?:not|never|no\s+longer)\b",
                                                lead[:told.start()], re.I):
        return None
    return told["new"]


_NOT_A_THING = word_set("we i they you he she it us them on in at by since until after before then "
                        "user")


# Names of one thing: "the main branch" is the default branch, not a value that changed
_SAID_OF_ONE = rx.compile(r"\b(?:main|primary|default)(?=\s+branch\b)", re.I)
# ... and what it is called is what it is: "Our main branch is called trunk" puts another name
# in "The default branch is master", as "... is trunk" does
_BRANCH_CALLED = rx.compile(r"(?<=\bbranch is )(?:now )?(?:called|named) ", re.I)
_BRANCH_IS = rx.compile(r"\b(?:main|primary|default)\s+branch\s+is\s+(?:(?:now\s+)?(?:called|"
                        r"named)\s+)?`?([\w.-]+[\w])", re.I)


def _one_name(text: str) -> str:
    """``text`` with a thing said by one of its names ("the main branch") said by one of them
    ("the default branch"), to compare what two statements say of it. Not for every reading:
    "main" alone is a branch's own name ("Never push to main")."""
    text = _SAID_OF_ONE.sub("default", text)
    return _BRANCH_CALLED.sub("", text) if "branch is" in text else text


def _words(text: str) -> dict[str, str]:
    """lower -> as written, content words only."""
    return dict(_word_pairs(text))


# Every pair of alike entries asks this of both texts: read once per text (a copy is handed
# out, so no caller can change what the next one is given)
@lru_cache(maxsize=16_384)
def _word_pairs(text: str) -> tuple[tuple[str, str], ...]:
    out: dict[str, str] = {}
    for w in _CHOICE_WORD.findall(text):
        low = w.lower()
        if low not in STOPWORDS and low not in out:
            out[low] = w
    return tuple(out.items())


# Words that say a value moved rather than what it is about ("the release moved to ...").
_MOVE_WORDS = frozenset({
    "moved", "move", "moves", "postponed", "postpone", "pushed", "push", "rescheduled",
    "delayed", "brought", "forward", "now", "back", "changed", "instead", "new", "date",
})


def _value_change(old: str, new: str) -> tuple[str, str] | None:
    """(was, now) when the two say the same thing but for one value (a date, a number, a
    version) and perhaps a word saying it moved: "The release is on 2026-07-10" -> "The release
    moved to 2026-07-17", too short for ``choice_difference`` (two words in common). Anything
    else that differs ("the release *notes* are due on ...") makes them different statements."""
    a, b = _words(old), _words(new)
    values_a, values_b = specific_values(old), specific_values(new)
    plain_a, plain_b = a.keys() - values_a, b.keys() - values_b
    if not plain_a or (plain_a ^ plain_b) - _MOVE_WORDS:
        return None
    was, now = list(values_a - values_b), list(values_b - values_a)
    if len(was) == 1 and len(now) == 1 and bool(_ISO_DAY.fullmatch(was[0])) == bool(
        _ISO_DAY.fullmatch(now[0])
    ):
        return a[was[0]], b[now[0]]
    return None


# "..., not 4" at a statement's end: the value said to be wrong
_NOT_VALUE = rx.compile(r",?\s+not\s+([\w.+-]*\d[\w.+-]*?)\s*[.!]?\s*$", re.I)


def _value_put_right(old: str, new: str, corrects: bool) -> tuple[str, str] | None:
    """(was, now) when ``new`` gives the one value of ``old`` anew in fewer words, told as a
    correction ("No, use 2 spaces for YAML") or against that value ("YAML should use 2 spaces,
    not 4"), of "Use 4 spaces for YAML indentation": too loose for ``choice_difference`` (a
    word left out, the order changed), but everything else ``new`` names ``old`` names, so it
    is about nothing else."""
    refused = _NOT_VALUE.search(new) if " not " in new else None
    told = new[:refused.start()] if refused is not None else new
    values_old, values_new = specific_values(old), specific_values(told)
    if len(values_old) != 1 or len(values_new) != 1 or _plain_values(old) == _plain_values(told):
        return None
    (was,), (now,) = values_old, values_new
    if bool(_ISO_DAY.fullmatch(was)) != bool(_ISO_DAY.fullmatch(now)):
        return None
    if not corrects and (refused is None or _plain_value(refused[1]) != _plain_value(was)):
        return None
    words_old = {w for w in _rule_words(old) if not _is_value(w)}
    words_new = {w for w in _rule_words(told) if not _is_value(w)}
    if len(words_new) < 2 or not words_new <= words_old:
        return None
    # ... and names what the rule is for, beyond the words the value is said with: "Use 2
    # spaces, not 4" is of no one of "Use 4 spaces for Python indentation" and "... for YAML
    # indentation", and rewrote the first as a rule for all, "Python" lost
    said = _CHOICE_WORD.findall(old)
    at = next(i for i, w in enumerate(said) if w.lower() == was)
    scope = words_old - _rule_words(" ".join(said[max(at - 1, 0): at + 2]))
    if scope and not words_new & scope:
        return None
    return _words(old)[was], _words(told)[now]


_DAY_NAMES = frozenset(WEEKDAYS) | {f"{day}s" for day in WEEKDAYS}  # "every Monday(s)"


def same_values(part: str, whole: str) -> bool:
    """Every value ``part`` names is one ``whole`` names, written loosely ("v0.3" is "0.3",
    "3.10+" is "3.10", "3.12.0" is "3.12"), and so is every weekday: a restatement brings no
    new value ("the standup is every Tuesday" does not restate "... every Monday")."""
    def values(text: str) -> set[str]:
        days = {w for w in _words(text) if w in _DAY_NAMES}
        return _plain_values(text) | days

    return values(part) <= values(whole)


# Said of a date that moved; two plans with two dates and no such word may be two events (a
# release every two weeks), so only these make the later one replace the earlier.
_MOVED = frozenset({"moved", "move", "moves", "postponed", "pushed", "rescheduled", "delayed",
                    "brought"})


# Said of a thing moved to another address ("The runbooks moved to docs.acme.io/...")
_MOVED_THERE = frozenset({"moved", "migrated", "relocated"})


def _says_moved(text: str) -> bool:
    return not _MOVED.isdisjoint(_words(text))


def _changed_value(old: str, new: str) -> tuple[str, str] | None:
    """(was, now) when ``new`` says ``old`` with one value changed (``choice_difference``), or,
    told as moved, with its one value moved (``_value_change``)."""
    return choice_difference(old, new) or (_value_change(old, new) if _says_moved(new) else None)


# A switch told as one ("we switched", "moved to", "X was replaced by Y", "now", "back to"), not
# a choice said against another ("Our database is Postgres, not MySQL", "Prefer composition
# instead of inheritance"): only the first has a change to date in a history line.
_TELLS_A_CHANGE = rx.compile(
    r"\b(?:switch\w*|mov(?:e|ed|es|ing)|migrat\w*|replac\w*|chang\w*|went|go(?:ne|ing)\s+back|"
    r"ditch\w*|dropp?\w*|adopt\w*|upgrad\w*|downgrad\w*|renam\w*|transition\w*|"
    r"port(?:ed|ing)|now|no\s+longer|any\s?more|these\s+days|nowadays|back\s+to|"
    r"from\s+\S.*?\s+to)\b", re.I)


def _tells_a_change(text: str) -> bool:
    return _TELLS_A_CHANGE.search(text) is not None


# A statement that says it replaced what held before ("we now deploy to ..."), unless it adds
# to it ("we now also deploy the docs").
_NOW_CHANGED = rx.compile(r"\b(?:now|no longer|from now on|these days|nowadays)\b", re.I)
_ADDING = r"also|additionally|in addition|neither|nor"
_AT_CLAUSE_END = r"(?=\s*(?:[.,;:!?)]|$))"
_ALSO = rx.compile(rf"\b(?:{_ADDING}|too|as well)\b|\beither{_AT_CLAUSE_END}", re.I)
# ... read strictly, where it may set two rules apart: "too" and "either" end a clause ("Never
# push to the release branch either"), not "too long" or "either npm or yarn".
_ADDS = rx.compile(rf"\b(?:{_ADDING})\b|\b(?:too|either|as well){_AT_CLAUSE_END}", re.I)
# A rule said as a change of the one before ("Actually, ...", "... instead", "... from now
# on"): another object named in it takes the old one's place.
_RULE_CHANGED = rx.compile(r"\b(?:now|no longer|anymore|any more|from now on|instead|rather|"
                           r"actually|changed|switch(?:ed)?)\b", re.I)


def _word_replaced(old: str, new: str) -> bool:
    """One word of ``old`` put in place by another in ``new`` (a value only written another
    way, "v0.3" for "0.3", is the same word)."""
    changed = choice_difference(old, new)
    return changed is not None and _plain_value(changed[0]) != _plain_value(changed[1])


def _plain_value(value: str) -> str:
    value = value.lower().lstrip("v-").rstrip("+")
    while value.endswith(".0") and value.count(".") > 1:
        value = value[:-2]
    return value


def _is_value(word: str) -> bool:
    """A number, date, version or identifier with digits."""
    return any(ch.isdigit() for ch in word)


def _value_like(word: str) -> bool:
    return _is_value(word) or word[:1].isupper()


# Words that tie a value to its subject rather than name the subject: a changed one of these
# beside a changed value ("supports 3.8" -> "requires 3.10") is still one subject changing.
_RELATION_WORDS = word_set(
    """use uses used using require requires required requiring support supports supported
    supporting need needs needed needing target targets targeted targeting run runs ran running
    depend depends depended pin pins pinned pinning allow allows allowed forbid forbids forbade
    forbidden want wants wanted expect expects expected accept accepts accepted drop drops
    dropped add adds added recommend recommends recommended prefer prefers preferred mandate
    mandates mandated ban bans banned build builds built always never usually sometimes often
    rarely must cannot can't don't doesn't won't least minimum maximum newer older later
    earlier"""
) | _MOVE_WORDS


def names_another_subject(old: str, new: str) -> bool:
    """True when ``new`` reads as ``old`` with a word or two changed, but gives a value for
    something else: a value changed, and apart from it so did a word naming what the value
    belongs to ("We run the frontend on port 3000" -> "We run the backend on port 8000"). Both
    can be true at once, so neither replaces the other. A changed verb ("supports 3.8" ->
    "requires 3.10") or a name changing with its value ("Postgres 14" -> "MySQL 8") is still
    the same subject. Clauses are compared as ``replaces`` compares them."""
    if _one_change(old, new) and _apart_at_two_places(old, new):
        return True
    if _another_with_its_value(old, new):
        return True  # the same, said in too few words for _one_change ("The GA ships on ...")
    pairs = [(a, b) for a in _clauses(old) for b in _clauses(new) if _one_change(a, b)]
    return bool(pairs) and all(_another_subject(a, b) for a, b in pairs)


Opcode = tuple[str, int, int, int, int]


def _word_ops(old: str, new: str) -> tuple[list[str], list[str], tuple[Opcode, ...]]:
    """The content words of each (lower case) and the edits that turn one into the other."""
    a, b = list(_words(old)), list(_words(new))
    return a, b, _edits(tuple(a), tuple(b))


@lru_cache(maxsize=4096)
def _edits(a: tuple[str, ...], b: tuple[str, ...]) -> tuple[Opcode, ...]:
    # asked for the same pair by _apart_at_two_places and _another_subject: difflib is the cost
    return tuple(difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes())


def _apart_at_two_places(old: str, new: str) -> bool:
    """Each clause of a rule changed, none to what another said: "Always use uv, never pip" /
    "Always use ruff, never flake8" are two rules (clause by clause each would read as a change
    of mind, and one rule would be lost), where "Always use pnpm, never npm" / "Always use npm,
    never pnpm" is one rule turned round."""
    a, b, ops = _word_ops(old, new)
    swaps = [op for op in ops if op[0] != "equal" and not (
        op[0] == "replace" and _spelled_out(a[op[1]:op[2]], b[op[3]:op[4]]))]  # prod/production
    if len(swaps) < 2 or any(op[0] != "replace" for op in swaps):
        return False
    was = {w.lower() for op in swaps for w in a[op[1]:op[2]]}
    now = {w.lower() for op in swaps for w in b[op[3]:op[4]]}
    return not was & now and not any(w in _RELATION_WORDS for w in was | now)


# A host or path has no digit to say it is a value, but is one: where the thing is
_ADDRESS = rx.compile(r"\w[./]\w")
# ... and the scheme before its host ("https://")
_ADDRESS_SCHEME = rx.compile(r"^[a-z][a-z+.-]*://", re.I)
# What may stand before a statement's subject: "The beta ships ...", not "We reverted ...".
_BEFORE_SUBJECT = rx.compile(r"^\W*(?:(?:the|our|a|an|this|that|my|your|their|its)\s+)?", re.I)
# A word told as done is no thing: "Bumped Node to 20" / "Reverted Node to 18" (but "speed",
# "need" are no deeds, and after "the" a word in -ed is said of a thing: "The shared drive")
_DONE = rx.compile(r"\w{2,}[^e\W]ed$")
# What follows a subject said without a determiner: a verb ("Latency dashboard is at",
# "GA ships on"), where an imperative goes on to what it acts on ("Bump Node to 20")
_SAID_OF = r"(?:is|are|was|were|will|has|have|had|\w+s)"


def _value_or_address(word: str) -> bool:
    """A value, or where something is ("grafana.acme.io/d/errors", "notion.so/x"): what a
    statement gives for its subject, though it may have no digit."""
    return _is_value(word) or _ADDRESS.search(word) is not None


def _leads(words: list[str], text: str, then: str, *, always: bool = False) -> bool:
    """``words`` name things and open ``text``: after a determiner ("The beta ships ..."), or
    with ``then`` (a pattern) right after them ("Latency dashboard is ..."), as a subject is
    said, not a verb ("Set the timeout to 60s", "Bump Node to 20", "Merge it by ...");
    ``always`` asks for ``then`` even after a determiner."""
    before = _BEFORE_SUBJECT.match(text)
    assert before is not None  # it matches an empty opening too
    determined = bool(before[0].strip(" \t\"'(*_`"))
    follows = "" if determined and not always else r"\s+" + then
    return _things(words) == len(words) and (determined or not any(
        _DONE.match(w) for w in words)) and re.match(
        r"\s+".join(re.escape(w) for w in words) + rf"{follows}(?![\w-])",
        text[before.end():], re.I) is not None


def _trailing_values(words: list[str]) -> int:
    """Where the values (or addresses) that end ``words`` start."""
    at = len(words)
    while at > 0 and _value_or_address(words[at - 1]):
        at -= 1
    return at


# The verb that ties a subject to its value when no content word does ("The kickoff is on")
_COPULA = r"(?:is|are|was|were|will\s+be)"


def _another_with_its_value(old: str, new: str) -> bool:
    """The subject and the value at the end both changed, with the words between kept: "The
    beta ships on 2026-08-01" / "The GA ships on 2026-09-15", "Latency dashboard is at
    grafana.acme.io/d/latency" / "Error dashboard is at grafana.acme.io/d/errors", "The
    kickoff is on 2026-08-03" / "The retro is on 2026-08-28". Another thing with its own
    value, as ``_apart_at_two_places`` finds, but in statements too short for ``_one_change``
    (one word in common, or none). A verb changed ("We upgraded to Node 22" / "We reverted to
    Node 18"), a word spelled out ("prod" -> "production") or an event said by another name
    ("The launch ..." / "The release ...") is the same thing moving on."""
    a, b, ops = _word_ops(old, new)
    shape = [op[0] for op in ops]
    if shape == ["replace", "equal", "replace"]:
        (_, i1, i2, j1, j2), (_, e1, e2, _, _), (_, k1, k2, m1, m2) = ops
        was, now, frame = a[i1:i2], b[j1:j2], a[e1:e2]
        old_values, new_values = a[k1:k2], b[m1:m2]
        # "https" of two addresses is no word the two share
        if all(re.search(rf"(?<![\w-]){re.escape(w)}://", old, re.I) for w in frame):
            return False
        # "GA ships on ...": the word they share is the verb; "Latency dashboard is at ..."
        then = re.escape(frame[0]) + ("" if frame[0].endswith("s") else r"\s+" + _SAID_OF)
        always = False
    elif shape == ["replace"]:
        # nothing in common but the small words: the subject must be said as one, "X is ..."
        k, m = _trailing_values(a), _trailing_values(b)
        was, now, old_values, new_values = a[:k], b[:m], a[k:], b[m:]
        then, always = _COPULA, True
    else:
        return False
    if not (was and now and old_values and new_values) or not all(
            _value_or_address(w) for w in old_values + new_values) or {
            _plain_value(w) for w in old_values} & {_plain_value(w) for w in new_values}:
        return False
    return (_leads(was, old, then, always=always) and _leads(now, new, then, always=always)
            and not any(_spelled_out([x], [y]) for x in was for y in now)
            and {_said_alike(w) for w in was}.isdisjoint({_said_alike(w) for w in now}))


# The frame of a rule, shared by rules about different things ("Always use X for Y"): left
# out when asking whether two statements are about the same thing.
# (Words that say a date moved are left out: "pushing" is what a rule may be about.)
_FRAME_TOKENS = tokens(" ".join(
    (_RELATION_WORDS - _MOVE_WORDS) | {"keep", "make", "avoid", "stop", "start"}))


def different_subjects(a: str, b: str) -> bool:
    """True when two statements alike in shape are about different things: each names at
    least two things of its own beyond the frame and its values ("Always use pytest fixtures
    for database setup" / "Always use alembic for database migrations"), and at most half of
    them are shared. Character similarity alone reads such rules as one, and the earlier rule
    would be lost. With one thing each ("Always use pnpm" / "Always use yarn") nothing says
    what they are about, so they are left to the other rules. A word written short and long
    ("prod" / "production") is one thing."""
    things_a, things_b = _subject_things(a), _subject_things(b)
    if len(things_a) < 2 or len(things_b) < 2:
        return False
    # (the same word first: the set finds it without a pass over the other's things)
    shared = sum(x in things_b or any(_spelled_out([x], [y]) for y in things_b)
                 for x in things_a)
    return shared * 2 < min(len(things_a), len(things_b))


def about_other_things(a: str, b: str, told_as_change: bool = False) -> bool:
    """``a`` and ``b`` look alike but are about different things, by either test: then neither
    updates, merges with or supersedes the other (clustering, matching, duplicate merging).
    ``told_as_change``: ``b`` was said as a correction ("Actually, ...", "No, ..."), which its
    text no longer says."""
    return (different_subjects(a, b) or names_another_subject(a, b)
            or replies_and_written(a, b) or _events_on_one_day(a, b)
            or _another_rule(a, b, told_as_change) or _ports_of_other_things(a, b)
            or (not told_as_change and said_of_another_holder(a, b)))


# A fact's subject and what is said of it: "Staging runs ...", "Deploys happen ..."
_SUBJECT_THEN = r"\s*(?P<subject>{})\s+(?P<rest>.*)"
# Where a thing runs: a name of each of a project's places, never of a tool or a person
_ENVIRONMENT = word_set("""staging production prod dev development qa test testing preview
    sandbox local demo uat""")
# a plural noun ("deploys", "releases", "hotfixes"), not "-ss" ("access")
_PLURAL = rx.compile(r"[a-z]+[^s\W]s|[a-z]+(?:ch|sh|x|ss)es")
_PLURAL_VERB = word_set("are were have do")
_SINGULAR_VERB = word_set("is was has does")


def said_of_another_holder(old: str, new: str) -> bool:
    """``new`` says of another thing what ``old`` says of its own, only the subject changed,
    the rest word for word: "Staging runs Postgres 15" / "Production runs Postgres 15",
    "Deploys happen on Thursdays" / "Releases happen on Thursdays". Both hold, so neither
    replaces the other.

    Only a subject that is no tool, person or role: one place the project runs (staging,
    production), or one thing done, said in the plural with a plural verb ("Deploys happen",
    not "Jenkins builds"); the two not one word written two ways ("prod" / "production",
    "deploys" / "deployments", a typo). A tool, a person or a role put in another's place
    ("Redis is used for caching" / "Memcached ...", "the PM cuts the releases" / "the
    designer ...") is a change, as before."""
    if not _one_change(old, new):
        return False
    found = _aligned_replacement(old, new)
    if found is None or len(found[0]) != 1 or len(found[1]) != 1:
        return False
    was, now = found[0][0], found[1][0]
    one = re.fullmatch(_SUBJECT_THEN.format(re.escape(was)), old, re.I | re.S)
    other = re.fullmatch(_SUBJECT_THEN.format(re.escape(now)), new, re.I | re.S)
    if one is None or other is None:
        return False
    rest = one["rest"].rstrip(" \t\n.!")
    if not rest or rest.lower() != other["rest"].rstrip(" \t\n.!").lower():
        return False
    this, that = was.lower(), now.lower()
    if tool_kinds(this) or tool_kinds(that) or _one_word_two_ways(this, that):
        return False
    if this in _ENVIRONMENT and that in _ENVIRONMENT:
        return True
    said = rest.split(maxsplit=1)[0].lower()
    return bool(_PLURAL.fullmatch(this) and _PLURAL.fullmatch(that)) and (
        said in _PLURAL_VERB or not said.endswith("s")) and said not in _SINGULAR_VERB


def _one_word_two_ways(this: str, that: str) -> bool:
    """``this`` and ``that`` are one word written two ways: short and long ("prod" /
    "production", "deploys" / "deployments") or with a letter wrong ("biling" / "billing")."""
    a, b = this.rstrip("s"), that.rstrip("s")
    if a.startswith(b) or b.startswith(a):
        return True
    # (the ratio's bounds first, each read in one pass: its matching reads each letter of one
    # word against each place of that letter in the other, by the square on a long word of few
    # letters: 'a' x 20,000 + 's' against 'b' + the same took 6 s)
    # (an end in common, or a run of letters alike at the same places or a place or two apart,
    # 'x' + 'a' x n + 'y' / 'z' + 'a' x n + 'w', is no longer than the block the matching finds
    # first: the ratio is no less)
    alike = max(_letters_alike(a, b), _letters_alike(a[::-1], b[::-1]),
                *(_run_alike(a, b, shift) for shift in range(-2, 3)))
    if 2.0 * alike / (len(a) + len(b)) >= 0.8:
        return True
    matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
    return matcher.quick_ratio() >= 0.8 and matcher.ratio() >= 0.8


def _letters_alike(a: str, b: str) -> int:
    """How many of the first letters ``a`` and ``b`` have alike."""
    return next((at for at, (x, y) in enumerate(zip(a, b, strict=False)) if x != y),
                min(len(a), len(b)))


def _run_alike(a: str, b: str, shift: int) -> int:
    """The longest run of letters alike where ``b`` stands ``shift`` letters on from ``a``."""
    longest = run = 0
    for x, y in zip(a[max(0, -shift):], b[max(0, shift):], strict=False):
        run = run + 1 if x == y else 0
        longest = max(longest, run)
    return longest


# "Our API server listens on port 8080": what holds the port is the words before the verb
_PORT_HOLDER = rx.compile(
    r"^(?:(?:the|our|my|your)\s+)?(?P<what>[\w-]+(?:\s+[\w-]+){0,3}?)\s+"
    r"(?:listens|runs|is|serves|lives)\s+on\s+(?:port\s+|:)\d{2,5}\b", re.I)


def _ports_of_other_things(a: str, b: str) -> bool:
    """Both give the port of a thing, each of its own ("Our API server listens on port 8080" /
    "The dev server runs on port 3000"): two servers, not one whose port changed."""
    one, other = _PORT_HOLDER.match(a), _PORT_HOLDER.match(b)
    if one is None or other is None:
        return False
    # (what names no thing of its own: "The API runs on ..." / "the API server now listens ...")
    this, that = (set(m["what"].lower().split()) - _HOLDER_PLAIN for m in (one, other))
    return bool(this and that) and not (this <= that or that <= this)


_HOLDER_PLAIN = frozenset(
    ["now", "still", "currently", "also", "server", "servers", "service", "instance"])


# "Always use f-strings instead": said last, the word tells a change, and names nothing
# (blanks from the first of a run only, and those after the word taken once: linear)
_INSTEAD_AT_END = rx.compile(r"(?:,|(?<!\s))\s+instead\s*+(?=[.!]?\s*$)", re.I)


def said_of_other_things(old: str, new: str, corrects: bool) -> bool:
    """``about_other_things`` for ``new`` said after ``old`` (``corrects``: said as a
    correction): a rule said with "instead" at its end is told as a change of the other, and
    without the word ("Always use f-strings instead" over "Always use type hints", where
    "instead" read as a thing of its own set the two apart)."""
    if " not " in new and _sets_aside(old, new):
        return False
    bare = _INSTEAD_AT_END.sub("", new)
    return about_other_things(old, bare, corrects or bare != new)


# "..., not Sunday 02:00-04:00" at the end: the time slot set aside, a day and its hours (a
# bare figure, "not 4", is as often another thing's value: "Use 2 spaces for JSON, not 4")
_NOT_THE_VALUE = rx.compile(
    r"(?:,|\bnow)\s+not\s+(?P<was>[a-z]+\s+\d{1,2}:\d\d(?:\s*[-–]\s*\d{1,2}:\d\d)?"
    r"(?:\s+[A-Z]{2,4})?)\s*[.!]?\s*$", re.I)


def _sets_aside(old: str, new: str) -> bool:
    """``new`` ends setting aside the very value ``old`` gives ("The maintenance window is
    Saturday 22:00 to Sunday 02:00 UTC now, not Sunday 02:00-04:00" of "The weekly maintenance
    window is every Sunday 02:00-04:00 UTC"): it is said of the same thing, to replace it,
    however many of its words changed."""
    m = _NOT_THE_VALUE.search(new)
    return m is not None and re.search(
        rf"(?<![\w:-]){re.escape(m['was'])}(?![\w:-])", old, re.I) is not None


def _another_rule(a: str, b: str, told_as_change: bool = False) -> bool:
    """``a`` and ``b`` are two rules to keep, though one reads as the other with a word
    changed: one says it adds to the other ("Never push to main" / "Never push to the release
    branch either"); both forbid, each something of its own ("Never push to main" / "Never
    push to release"): what is forbidden grows; or both ask for an action done to a thing of
    its own ("Always run the unit tests before committing" / "Always run the linter ..."):
    what is done grows; or both choose a thing, not two ways of one choice ("Always use type
    hints" / "Always use f-strings"). A rule replaced would be lost. A rule told as a change
    ("Actually, ...", "... instead"), a limit changed ("more than 4" -> "8"), another way of
    one choice ("Always use tabs" / "Always use spaces", "run pytest" / "run unittest", "single
    quotes" / "double quotes"), a thing done another way ("Always write short explanations" /
    "... detailed explanations") or a rule against the other side of a choice of two ("Don't
    use tabs" / "Don't use spaces") still replaces."""
    if not (_says_rule(a) or _chooses(a)) or not (_says_rule(b) or _chooses(b)):
        return False
    added = _ADDS.search(a) is not None or _ADDS.search(b) is not None
    if added:
        a, b = _ADDS.sub(" ", a), _ADDS.sub(" ", b)
    elif _RULE_CHANGED.search(a) or _RULE_CHANGED.search(b):
        return False
    forbids = [forbids for *_, forbids, _ in _rule_clauses(a) + _rule_clauses(b)]
    found = _aligned_replacement(a, b)
    if found is None or not (_one_change(a, b) or _name_changed(a, b)):
        return False
    was, now = ({_said_alike(w) for w in words} - _RULE_FRAME - _CONTRACTED for words in found)
    # another thing named, not the rule said again in other words ("didn't touch" for "didn't
    # change", "Never" for "Don't") or a value changed
    if was == now:
        return False
    if added:
        # ("Always test migrations against pg15 too" beside "... against Postgres 16": a
        # value said as added is one more to keep, not the old one changed)
        return True
    if any(_is_value(w) for w in was | now):
        return False
    if any(forbids) != all(forbids):
        # "Never push to main; push to develop" says what to do instead: of what the other
        # forbids or does ("Never push to develop", "Push to main"), which it changes; of
        # neither ("Never push to release"), and it is a rule of its own, told as a change or not
        return _forbids_apart(a, b) or _forbids_apart(b, a)
    one, other = (" ".join(words) for words in found)
    if all(forbids):
        return not either_or(one, other)
    # a thing done besides the other, unless another tool of one kind does it: "Always run
    # pytest" -> "Always run unittest" changes the test runner; or unless told as a change
    # ("Actually, always run the linter before committing"), which puts it in the other's place;
    # or unless what changed is how the one thing is done ("Always write short explanations"
    # -> "... detailed explanations": the word read as the thing written is its quality)
    # (a rule told only as a choice, "Use ...", is read as a choice below)
    if _says_rule(a) and _says_rule(b) and _done_to(a, one) and _done_to(b, other):
        return (not told_as_change and not tool_kinds(one) & tool_kinds(other)
                and revision(a, b) is None)
    # a thing chosen besides the other, unless the two are ways of one choice or the other is
    # chosen as a correction ("Actually, always use f-strings"), as it was before things chosen
    # were told apart. (A correction forbidding another thing, "No, never push to main", is no
    # change of "Never push to release": it stays a rule of its own.)
    chosen, chosen_other = _chosen(a, one), _chosen(b, other)
    return (not told_as_change and chosen is not None and chosen_other is not None
            and not _alternatives(chosen[0], chosen_other[0], chosen[1] and chosen_other[1]))


def _forbids_apart(only: str, mixed: str) -> bool:
    """Every clause of ``only`` forbids, ``mixed`` forbids one thing and asks for another, and
    no clause of ``mixed`` is about what a clause of ``only`` forbids, nor about less of it:
    "Never push to main; push to develop" beside "Never push to release"."""
    forbidding = _rule_clauses(only)
    said = _rule_clauses(mixed)
    if not all(f for *_, f, _ in forbidding) or all(f for *_, f, _ in said):
        return False
    return not any(words <= other or other <= words
                   for words, *_ in forbidding for other, *_ in said)


# Verbs whose things add up: the unit tests run, and the linter too; where "use", "prefer",
# "pick" choose one thing in place of another. ("Ask", "tag" and "assign" name a person, who
# may change.)
_DONE_VERBS = (r"(?:run|runs|running|update|updates|updating|add|adds|adding|write|writes|"
               r"writing|check|checks|checking|test|tests|testing|review|reviews|reviewing|"
               r"document|documents|documenting|include|includes|including|verify|verifies|"
               r"verifying|read|reads|reading|bump|bumps|bumping|lint|lints|linting|mention|"
               r"mentions|mentioning|link|links|linking|log|logs|logging|attach|attaches|"
               r"attaching|rebuild|rebuilds|rebuilding|regenerate|regenerates|regenerating)")
_DETERMINERS = r"(?:(?:the|a|an|our|your|their|its|my|this|these|those|all|any|every|each)\s+)*"


def _done_to(text: str, thing: str) -> bool:
    """``thing`` is what a verb of ``_DONE_VERBS`` is done to in ``text`` ("run the unit tests"),
    not where or with what ("run the tests with pytest", "write it in Go")."""
    return re.search(rf"\b{_DONE_VERBS}\s+{_DETERMINERS}{re.escape(thing)}(?![\w-])",
                     text, re.I) is not None


# Verbs that choose a thing: what is chosen in place of another replaces it ("Always use tabs"
# -> "Always use spaces"), but only a thing of the same choice.
_CHOOSE_VERBS = (r"(?:use|uses|using|prefer|prefers|preferring|pick|picks|choose|chooses|"
                 r"stick\s+(?:to|with)|go\s+with)")
# A rule told as a choice without "always" ("Use snake_case for function names", "Prefer
# f-strings"): a rule to the reader, as "Always ..." is.
_CHOOSES = rx.compile(rf"^(?:please\s+)?{_CHOOSE_VERBS}\b", re.I)
# Where the thing chosen ends: what it is for, where, when, or the clause's end.
_CHOSEN_ENDS = rx.compile(r"\s+(?:for|in|on|to|with|when|where|whenever|if|unless|over|instead|"
                          r"rather|than|and|or|but|everywhere|always|only|by|from|as|at|"
                          r"across|throughout|before|after)\b|\s*[^\w\s'-]|$", re.I)


def _chooses(text: str) -> bool:
    return _CHOOSES.match(text.strip()) is not None


def _chosen(text: str, thing: str) -> tuple[str, bool] | None:
    """What a verb of ``_CHOOSE_VERBS`` chooses in ``text`` when ``thing`` is (in) it: "single
    quotes" of "Always use single quotes" for "single"; none when ``thing`` is not what is
    chosen ("Use pytest for unit tests" for "unit"). With it, whether the rule says what the
    thing is for ("Use Jira for tickets", "Use poetry to lock dependencies") or in place of
    what ("Prefer httpx over requests")."""
    for found in re.finditer(rf"\b{_CHOOSE_VERBS}\s+{_DETERMINERS}", text, re.I):
        rest = text[found.end():]
        end = _CHOSEN_ENDS.search(rest)
        phrase = rest[:end.start()] if end else rest
        if re.search(rf"(?<![\w-]){re.escape(thing)}(?![\w-])", phrase, re.I):
            return phrase, _FOR_A_PURPOSE.match(rest[len(phrase):]) is not None
    return None


# what the thing is chosen for, or in place of ("Prefer httpx over requests")
_FOR_A_PURPOSE = rx.compile(r"\s+(?:for|to|over)\s", re.I)


def _alternatives(one: str, other: str, for_one_purpose: bool) -> bool:
    """``one`` and ``other`` are two ways of one choice, so a rule choosing one in place of a
    rule choosing the other is a change of mind: tools of one kind ("pnpm", "yarn"), the two
    sides of a choice of two ("tabs", "spaces"), things of one head word ("single quotes",
    "double quotes"; "snake_case", "camelCase"), or two names chosen for one purpose ("Use Jira
    for tickets" / "Use Linear for tickets", "Prefer httpx over requests" / "Prefer aiohttp
    over requests"). Things of different heads ("type hints",
    "f-strings"; "conventional commits" / "present tense" for commit messages) are both used.
    Two names with no purpose ("Always use docstrings" / "Always use f-strings", "httpx" /
    "requests") tell nothing of one choice: both are kept, and nothing is lost."""
    if tool_kinds(one) & tool_kinds(other) or either_or(one, other):
        return True
    return _head(one) == _head(other) or (for_one_purpose and _a_name(one) and _a_name(other))


def _a_name(phrase: str) -> bool:
    """``phrase`` names one thing, as a tool is named: a known tool, one word, or words each
    written capitalised ("GitHub Actions"), not a description ("conventional commits")."""
    words = phrase.split()
    return bool(tool_kinds(phrase)) or len(words) == 1 or all(w[:1].isupper() for w in words)


def _head(phrase: str) -> str:
    """The last word of a phrase, of a compound the last part ("case" of "snake_case",
    "camelCase", "kebab-case"), lower case and singular."""
    last = re.split(r"[\s_-]+", phrase.strip())[-1]
    last = re.split(r"(?<=[a-z])(?=[A-Z])", last)[-1].lower()
    return last[:-1] if len(last) > 3 and last.endswith("s") and not last.endswith("ss") else last


def _forbids_another(old: str, new: str, was: str) -> bool:
    """``old`` and ``new`` forbid, every clause of each, and what is forbidden changed, no
    value ("Don't use tabs" -> "Don't use spaces"): "Changed from tabs to spaces" would read as
    indenting with spaces, which is now forbidden, so the old rule is named whole. So it is
    when ``new`` asks for what ``old`` forbade ("Never push to release" -> "Never push to main;
    push to release"), where "previously release" would read as pushing there before. A limit
    changed ("more than 4 workers" -> "8") reads right as a change."""
    if _is_value(was):
        return False
    forbidding, said = _rule_clauses(old), _rule_clauses(new)
    if not all(forbids for *_, forbids, _ in forbidding):
        return False
    return all(forbids for *_, forbids, _ in said) or any(
        not forbids and (words <= other or other <= words)
        for other, *_ in forbidding for words, _, forbids, _ in said)


# what is left of "don't", "won't" read as words
_CONTRACTED = frozenset({"don", "doesn", "won", "shouldn", "mustn", "t"})
# The words of a rule that forbid, each of them read as a word: one said for another forbids
# the same ("Don't use npm", "Never use npm")
_FORBIDDING = _CONTRACTED | {"never", "not", "dont"}
# ... and the words that turn a rule round, each way
_TURNING = _FORBIDDING | {"always", "do"}


def _says_rule(text: str) -> bool:
    return _SAYS_RULE.search(text) is not None or _FORBIDS.search(text) is not None


def _events_on_one_day(a: str, b: str) -> bool:
    """``a`` and ``b`` give one date to two events ("The review is on 2026-07-10" / "The
    release was on 2026-07-10"): the date is most of what the two have in common, so they read
    alike, yet each names what the other does not. One merged into the other would lose an
    event; the same event said twice, or more fully ("The design review is ..." / "The review
    is ..."), is still one. Only the clause that gives the date says what happens on it ("The
    SOC2 audit is on ..., so freeze the infra changes" plans the audit), and a standing fact
    with a date ("We deploy every Friday since ...") plans nothing."""
    days = _days_in(a) & _days_in(b)
    if not days or is_standing(a) or is_standing(b):
        return False

    def dated(text: str) -> str:
        return " ".join(part for part in _CLAUSE_EDGE.split(text)[::2]
                        if days & set(date_mentions(part)))

    # what one names anywhere is not news of another event ("The release is planned for
    # 2027-03-03 and the demo for 2027-03-10" of "The release is planned for 2027-03-10")
    # ("We ship on ..." is "The release is on ...")
    def events(text: str) -> list[str]:
        return [_said_alike(w) for w in _event_words(text)]

    events_a, events_b = events(dated(a)), events(dated(b))
    return bool(events_a and events_b and _not_named(events_a, events(b))
                and _not_named(events_b, events(a)))


@lru_cache(maxsize=16_384)  # of each text of every pair of alike entries
def _days_in(text: str) -> frozenset[str]:
    return frozenset(date_mentions(text))


@lru_cache(maxsize=16_384)  # of each text of every pair of alike entries
def _subject_things(text: str) -> frozenset[str]:
    # "the default branch" is "the main branch", which "main" alone may name
    text = _SAID_OF_ONE.sub("main", text)
    # an address is where the thing is, a value: its parts ("confluence", "acme", "io") name
    # nothing the statement is about
    text = ADDRESS_AT.sub(" ", text)
    return frozenset(t for t in tokens(text) - _FRAME_TOKENS if not _is_value(t))


def _another_subject(old: str, new: str) -> bool:
    if different_subjects(old, new):
        return True
    a, b, ops = _word_ops(old, new)
    # A tool put for one of another kind ("Always run ruff before committing" -> "... mypy
    # ..."): a linter and a type checker both run, so neither rule replaces the other
    changed = [(" ".join(a[i1:i2]), " ".join(b[j1:j2])) for tag, i1, i2, j1, j2 in ops
               if tag != "equal"]
    if any(other_kinds(was, now) for was, now in changed):
        return True
    if len(changed) == 1 and tool_kinds(changed[0][0]) & tool_kinds(changed[0][1]):
        return False  # "flake8" -> "ruff": the linter changed, though one name has a digit
    # Two words swapped at two places ("the staging cluster is named kestrel" -> "the prod
    # cluster is named osprey"): one names another thing, the other its own value.
    # (a verb put to "moved" tells the thing moved: "Runbooks live at wiki.acme.io/..." ->
    # "The runbooks moved to docs.acme.io/...")
    swaps = [op for op in ops if op[0] == "replace" and not all(
        w in _RELATION_WORDS for w in a[op[1]:op[2]] + b[op[3]:op[4]])
        and not _spelled_out(a[op[1]:op[2]], b[op[3]:op[4]])
        and not (_MOVED_THERE.issuperset(b[op[3]:op[4]]) and MOVED_TO_ADDRESS.search(new))]
    if len(swaps) >= 2:
        return True
    # Two words swapped together for two others ("Never commit secrets to the main repo" ->
    # "... binaries to the docs repo"): what and where both changed, so another rule.
    # A name of two words changing ("AWS Lambda" -> "Cloud Functions") is one thing: the words
    # stand together in the text, where "secrets to the main repo" has them apart.
    if any(min(_things(a[i1:i2]), _things(b[j1:j2])) >= 2
           and not (_together(a[i1:i2], old) and _together(b[j1:j2], new))
           for _, i1, i2, j1, j2 in swaps):
        return True
    # Two events on one day ("The retro is in the week of 2026-07-13" / "Onboarding Priya in
    # the week of 2026-07-13"): what is planned changed, not when. An event named once as a
    # verb and once as a noun is one ("We launched v2 on ..." / "The v2 launch is on ...").
    days = set(_ISO_DAY.findall(old))
    if days and days == set(_ISO_DAY.findall(new)) and any(
            _things(_not_named(a[i1:i2], b)) or _things(_not_named(b[j1:j2], a))
            for _, i1, i2, j1, j2 in swaps):
        return True
    if _plain_values(old) == _plain_values(new):
        return False
    return any(_names_a_subject(a[i1:i2], old) or _names_a_subject(b[j1:j2], new)
               for tag, i1, i2, j1, j2 in ops if tag != "equal")


def _together(words: list[str], text: str) -> bool:
    """``words`` stand next to each other in ``text``, as one name does."""
    phrase = r"\s+".join(re.escape(w) for w in words)
    return re.search(rf"(?<![\w-]){phrase}(?![\w-])", text, re.I) is not None


def _not_named(words: list[str], other: list[str]) -> list[str]:
    """``words`` but those ``other`` has in another form ("launched" for "launch",
    "released" for "release")."""
    def root(word: str) -> str:
        # (its first token as it reads: an element of tokens(word) followed the hash seed)
        return first_token(word) or word

    def alike(x: str, y: str) -> bool:
        short, long_ = sorted((root(x), root(y)), key=len)
        return short == long_ or (len(short) >= 4 and long_.startswith(short))

    return [w for w in words if not any(alike(w, o) for o in other)]


def _things(words: list[str]) -> int:
    """How many of ``words`` name things: no value (a value and its name change together, as in
    "Postgres 14" -> "MySQL 8"), no verb of relation."""
    if any(_is_value(w) for w in words):
        return 0
    return sum(w not in _RELATION_WORDS for w in words)


def _spelled_out(old: list[str], new: list[str]) -> bool:
    """One word written short and long ("prod" / "production", "db" / "database"-like
    prefixes of three letters or more): the same thing, not another one."""
    if len(old) != 1 or len(new) != 1:
        return False
    short, long_ = sorted((old[0], new[0]), key=len)
    return len(short) >= 3 and long_.startswith(short)


def _names_a_subject(changed: list[str], text: str) -> bool:
    """A changed word that is no value, no verb of relation, and not the name of the value
    right after it in ``text`` ("Postgres" in "Postgres 14", not "functions" in "functions
    under 50"): it says what the value is about."""
    return any(
        not _is_value(word) and word not in _RELATION_WORDS
        and not (k + 1 < len(changed) and _is_value(changed[k + 1])
                 and _together(changed[k:k + 2], text))
        for k, word in enumerate(changed)
    )


# Words that say a statement holds now, or what a thing is called, beside what it says:
# "Our main branch is now called trunk" says what "The default branch is trunk" says
_HOLDS_NOW = word_set("now called named currently still")


def _said_by_another_name(old: str, new: str) -> bool:
    """``new`` has ``old``'s words in their order, the names of one thing taken as one ("main
    branch", "default branch"), leaving out words that say it holds now or what it is called;
    and both forbid or neither does ("not", a stopword, is no word of either)."""
    said = [w for w in _words(_one_name(new)) if w not in _HOLDS_NOW]
    # in order: "GitHub Actions, not Jenkins" is not "Jenkins, not GitHub Actions"
    return (bool(said) and said == [w for w in _words(_one_name(old)) if w not in _HOLDS_NOW]
            and (_FORBIDS.search(old) is None) == (_FORBIDS.search(new) is None))


@lru_cache(maxsize=16_384)  # of each text of every pair of alike entries
def _clauses(text: str) -> tuple[str, ...]:
    """The text, then each of its clauses: a statement may restate one clause of another."""
    return (text, *(c for c in _CLAUSES.split(text) if c.strip() and c.strip() != text.strip()))


def _one_change(old: str, new: str) -> bool:
    """True when ``new`` has the same content words as ``old`` but for one or two."""
    a, b = _words(old), _words(new)
    only_a = [w for w in a if w not in b]
    only_b = [w for w in b if w not in a]
    common = [w for w in a if w in b]
    return len(common) >= 2 and 1 <= len(only_a) <= 2 and 1 <= len(only_b) <= 2


def _aligned_replacement(old: str, new: str) -> tuple[list[str], list[str]] | None:
    """The words ``new`` puts in place of ``old``'s, when the two differ at one spot only.

    Bags of words are not enough: "We write tests for all code" and "We never write tests"
    differ by "code" and "never", but "never" did not replace "code"."""
    a, b = list(_words(old).values()), list(_words(new).values())
    ops = difflib.SequenceMatcher(None, [w.lower() for w in a], [w.lower() for w in b],
                                  autojunk=False).get_opcodes()
    changes = [op for op in ops if op[0] != "equal"]
    if len(changes) != 1 or changes[0][0] != "replace":
        return None
    _, i1, i2, j1, j2 = changes[0]
    return a[i1:i2], b[j1:j2]


# Words that say how a choice is told, never what is chosen ("instead" is no indentation).
_HOW_TOLD = frozenset({"instead", "rather", "either", "too", "anymore", "also"})


def _difference(old: str, new: str) -> tuple[str, str] | None:
    if not _one_change(old, new):
        return None
    found = _aligned_replacement(old, new)
    if found is None:
        return None
    was, now = found
    if {w.lower() for w in was + now} <= _FORBIDDING:
        return None  # "Never use npm" is "Don't use npm" said again, not "Don" changed to "Never"
    if any(w.lower() in _HOW_TOLD for w in was + now):
        return None  # "Use spaces instead" says "Use spaces for indentation" again: no value
    if len(was) == 1 and len(now) == 1:
        if _said_alike(was[0]) == _said_alike(now[0]):
            return None  # "didn't change" said again as "didn't touch": no choice changed
        return was[0], now[0]
    # two words changed: the value that changed ("supports 3.8" -> "requires 3.10")
    was = [w for w in was if _value_like(w)]
    now = [w for w in now if _value_like(w)]
    if len(was) == 1 and len(now) == 1:
        return was[0], now[0]
    return None


def _name_changed(old: str, new: str) -> bool:
    """``new`` is ``old`` with one name put in place of another at one spot, each name up to
    three words standing together at the end of its text ("We deploy the API to AWS Lambda"
    -> "... to Google Cloud Run"): more words than ``_one_change`` allows, but one thing named
    anew. No value, and no verb of relation written as one, may be among the changed words."""
    a, b = _words(old), _words(new)
    if sum(w in b for w in a) < 2:
        return False
    found = _aligned_replacement(old, new)
    if found is None:
        return False
    was, now = found
    if len(was) > 3 or len(now) > 3:
        return False
    # the name where what the thing is on, in or with goes: last; one changed earlier is what
    # the statement is about ("We deploy the Billing API to ..." / "... the Search Indexer ...")
    if list(a.values())[-len(was):] != was or list(b.values())[-len(now):] != now:
        return False
    # a verb of relation says how, not what ("Run" in "Google Cloud Run" is a name)
    if any(_is_value(w) or w in _RELATION_WORDS for w in was + now):
        return False
    return _together(was, old) and _together(now, new)


def replaces(old: str, new: str) -> bool:
    """True when ``new`` restates ``old`` with a word or two changed, aligned or not, or with
    one name changed: a newer statement that supersedes it even when no single "X to Y" can be
    named."""
    return any((_one_change(a, b) or _name_changed(a, b)) and not _another_subject(a, b)
               for a in _clauses(old) for b in _clauses(new))


# "The staging URL changed to https://staging2...": a thing's address or value told changed,
# which "The staging URL is now https://staging2..." says in the words the entry is compared in.
# Only a thing named (not "I changed to the dev branch") and only an address or a value with a
# digit after "to" (not "the test changed to pass", a state, not a value replaced)
_CHANGED_TO_VALUE = rx.compile(
    rf"(?P<thing>{THING_NAMED})\s+"
    r"(?:has\s+|have\s+)?changed\s+to\s+(?P<value>[^\s,;]+?)[.!]?", re.I)


def _told_as_now(text: str) -> str | None:
    """``text`` ("The staging URL changed to https://...") said as what its thing is now
    ("The staging URL is now https://..."), or None when it tells no value changed."""
    if "changed to " not in text:
        return None
    told = _CHANGED_TO_VALUE.fullmatch(text.strip())
    if told is None:
        return None
    value = told["value"]
    if ADDRESS_AT.fullmatch(value) is None and not any(c.isdigit() for c in value):
        return None
    return f"{told['thing']} is now {value}"


# What an entry says when it says one value and nothing more: "The staging URL is https://...",
# "... for now" or not. ("The staging URL is https://..., and the prod URL is https://...",
# "...; use the VPN": a clause after the value, which the update would write over)
_ONE_VALUE_TOLD = rx.compile(
    rf"{THING_NAMED}\s+(?:is|are)\s+(?:now\s+)?(?:at\s+)?"
    r"[^\s,;]+?(?:,?\s+for\s+now)?[.!]?", re.I)


def value_told_changed(entry: Entry, text: str) -> tuple[str, str] | None:
    """(was, now) when ``text`` ("The staging URL changed to https://staging2...") puts another
    value in the one ``entry`` gives and nothing else ("The staging URL is https://staging...",
    its one statement line); None when it tells no value changed, or the entry says more than
    that value: a line beside it ("Never run the seed script against staging.bramble.dev") the
    update would drop as stale, which main keeps beside the new memory."""
    now = _told_as_now(text)
    if now is None or len(entry.statements) > 1 or _ONE_VALUE_TOLD.fullmatch(
            entry.lead.strip()) is None:
        return None
    return choice_difference(entry.lead, now)


def choice_difference(old: str, new: str) -> tuple[str, str] | None:
    """(was, now) when ``new`` says what ``old`` says with one value changed; each clause of
    ``new`` is tried ("We dropped 3.8: csvstat now requires 3.10" -> ("3.8", "3.10")). A thing
    said by another of its names is no value changed ("the main branch", "default branch")."""
    olds = list(_clauses(_one_name(old)))
    if "://" in old and ADDRESS_AT.search(new) is None:
        # "Design docs live in Notion (https://www.notion.so/...)" -> "... in Confluence": the
        # address said beside the old place is of it, and no word of the new
        olds.append(ADDRESS_AT.sub("", olds[0]))
    for a in olds:
        for b in _clauses(_one_name(new)):
            found = _difference(a, b)
            if found is not None:
                # the name as said: "Changed from main to release", not "from default to ..."
                return _as_said(found[0], old), _as_said(found[1], new)
    return None


def _as_said(word: str, text: str) -> str:
    """``word`` of ``_one_name(text)`` as ``text`` says it: the name "default" stands for."""
    if word.lower() != "default" or has_word(text, word):
        return word
    said = _SAID_OF_ONE.search(text)
    return said[0] if said else word


def specific_values(text: str) -> frozenset[str]:
    """Numbers, dates, versions and identifiers with digits: what makes a fact specific."""
    return frozenset(w.lower() for w in _CHOICE_WORD.findall(text) if _is_value(w))


def _plain_values(text: str) -> set[str]:
    """``specific_values`` as written loosely: "v0.3" and "0.3", "3.12.0" and "3.12" are one."""
    return {_plain_value(v) for v in specific_values(text)}


def coverage(part: str, whole: str) -> float:
    """How much of ``part``'s content words ``whole`` also has."""
    a, b = tokens(part), tokens(whole)
    return len(a & b) / len(a) if a else 0.0


# What makes a statement a standing rule rather than what it is about: "Our convention is to
# squash-merge" and "We always squash-merge pull requests" are one rule.
_RULE_FRAME = word_set("""always never don't dont do does not no must mustn't should shouldn't
    please convention conventions rule rules policy practice habit norm default team here repo
    project codebase every each whenever""")
# ... and, read a second way, the words saying that it is wanted: "I prefer short explanations"
# ("The user prefers ...") and "Keep explanations short" are one rule.
_WANTING = word_set("user user's prefer prefers like likes want wants keep keeps")
# Whether a rule forbids: "Never squash-merge" is no restatement of "Always squash-merge".
_FORBIDS = rx.compile(r"\b(?:never|not|no|avoid|stop)\b|n't\b", re.I)
# Said either way in a rule: "straight to main" is "directly to main", "PRs" "pull requests".
_SAID_ALIKE = {"straight": "direct", "directly": "direct", "prs": "pr",
               # "files you didn't change" are "files you didn't touch"
               "touch": "change", "touched": "changed", "modify": "change",
               "modified": "changed", "edit": "change", "edited": "changed",
               "remove": "delete", "removed": "deleted", "execute": "run", "executed": "ran",
               "utilize": "use", "utilise": "use",
               # "PRs should stay small" is "Keep PRs small" (and "stay down" is no "keep
               # running": ``opposite_said``)
               "stay": "keep", "stays": "keeps",
               # a tracker's "tickets" are its "issues"
               "ticket": "issue", "tickets": "issues",
               # "We ship on 2026-07-10" is "The release is on 2026-07-10"
               "ship": "release", "ships": "releases", "shipped": "released",
               "shipping": "releasing", "launch": "release", "launches": "releases",
               "launched": "released", "launching": "releasing"}
# (its blanks read from the first of their run alone, as wording._ANY_CLAUSE's)
_RULE_PARTS = rx.compile(r"(?:(?<!\s)\s+)?(?:[,;:]\s|\s[—–-]\s|\s(?:and|but|while|whereas)\s)"
                         r"\s*", re.I)
# A part that tells of a change or sets a condition is no standing rule: "We switched to pnpm
# but went back to npm" and "Until we switch to pnpm, keep using npm" are not restated by "Our
# convention is pnpm".
_NO_STANDING_RULE = rx.compile(
    # ("files you didn't change" tells of no change made)
    rf"(?<!n't )(?<!not )\b{_MOVE_VERB}\b|^(?:until|till|when|once|if|after|as soon as)\b",
    re.I)


def _said_alike(word: str) -> str:
    return _SAID_ALIKE.get(word.lower(), word.lower())


_ALIKE_WORD = rx.compile(r"(?<![\w'-])(?:" + "|".join(_SAID_ALIKE) + r")(?![\w'-])", re.I)
_PULL_REQUEST = rx.compile(r"\bpull\s+requests?\b")
_RULE_WORD = rx.compile(r"[a-z0-9][\w'+#.-]*[\w+#]|[a-z0-9]")


def _rule_words(text: str, frame: frozenset[str] = _RULE_FRAME) -> frozenset[str]:
    """What a rule is about: its words but the frame, each as it is said alike ("merging",
    "merge" and "merges" are one; "rebase", "rebasing")."""
    said = _PULL_REQUEST.sub("pr", text.lower())
    out: set[str] = set()
    for word in _RULE_WORD.findall(said):
        if word in STOPWORDS or word in frame:
            continue
        word = _said_alike(word)
        if not _is_value(word):
            word = next((word[: -len(end)] for end in ("ing", "ed", "es", "s", "e")
                         if len(word) > len(end) + 3 and word.endswith(end)), word)
        out.add(word)
    return frozenset(out)


@lru_cache(maxsize=16_384)
def _rule_clauses(text: str) -> tuple[tuple[frozenset[str], frozenset[str], bool, bool], ...]:
    """Each clause of a rule: what it is about (read with the words of wanting, and without),
    whether it forbids, and whether it is a standing rule at all. A statement meets every rule
    in memory: each is read once."""
    return tuple((_rule_words(part), _rule_words(part, _RULE_FRAME | _WANTING),
                  _FORBIDS.search(part) is not None,
                  not TELLS_SWITCH.search(part) and not _NO_STANDING_RULE.search(part))
                 for part in _RULE_PARTS.split(text.strip().rstrip(".!")))


# A correction or a request to remember may be a rule too ("Actually, never run the migrations
# from a laptop"), or a fact ("No, we're on Python 3.12"): only one that says it is a rule.
_SAYS_RULE = rx.compile(r"\b(?:always|never|convention|rule|policy)\b|^(?:don't|do not)\b", re.I)


# Words that say when or how a thing is planned or happened, not what it is
_EVENT_FRAME = _MOVE_WORDS | word_set(
    """planned plan plans scheduled schedule due expected slated set target targeted going
    happened took place today tonight tomorrow yesterday finally just week weekend morning
    night end start""")


def _event_words(text: str) -> list[str]:
    """What ``text`` says is planned or happened: its words but the dates and the frame
    ("v2", "launch" of "The v2 launch is planned for 2026-07-15")."""
    for said in date_mentions(text):
        text = text.replace(said, " ")
    return [w for w in _words(text) if w not in _EVENT_FRAME and w not in CALENDAR_WORDS
            and not _ISO_DAY.fullmatch(w) and not re.fullmatch(r"\d{4}(?:-\d\d)?", w)]


def value_at(value: str) -> re.Pattern[str]:
    """``value`` as a whole value of a text ("5432" in "port 5432", not in "15432" or "5432.1")."""
    return re.compile(rf"(?<![\w.:/-]){re.escape(value)}(?![\w:/-]|\.\d)")
