"""Consolidate: fold kept candidates into the entries, merging instead of duplicating, and
rewriting an entry to its new state (with a dated history line) when a newer statement
replaces an older one."""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Iterable
from dataclasses import replace
from datetime import date, timedelta
from functools import lru_cache

from autodream.engine.dates import (
    WEEKDAYS,
    When,
    absolutize,
    date_mentions,
    date_shift,
    is_past,
    is_standing,
    last_mention,
    latest_date,
    passed_how,
    plan_cancelled,
    retell,
    says_past,
    tell_as_past,
)
from autodream.engine.entries import (
    HISTORY_LINE,
    Entry,
    description_for,
    hook_after_title,
    hook_for,
    says_only_name,
    title_for,
)
from autodream.engine.model import Action, Candidate, Cluster, Decision, EngineOptions, Source
from autodream.engine.places import kind_of, places_in, slot_values
from autodream.engine.revisions import Revision, revision
from autodream.engine.setting_changes import (
    SettingChange,
    Stated,
    is_about,
    same_value,
    setting_change,
    stated,
    written_as,
)
from autodream.engine.text import (
    ADDRESS_AT,
    CALENDAR_WORDS,
    MARKDOWN_LINK,
    MOVED_TO_ADDRESS,
    STATE_WORDS,
    STOPWORDS,
    TELLS_SWITCH,
    address_spans,
    dice,
    file_slug,
    free_file_name,
    has_name,
    has_word,
    replies_and_written,
    said_as_name,
    sentence_case,
    sentences,
    shorten,
    similar,
    similarity,
    similarity_bound,
    slug,
    spelled_in,
    sub_names,
    swap_words,
    tokens,
    unique,
    word_set,
)
from autodream.engine.tool_kinds import (
    either_or,
    it_is_not,
    kinds_used_as,
    other_kinds,
    same_tool,
    tool_kinds,
    tools_in,
    use_instead,
    use_tool,
)
from autodream.engine.versions import (
    LABELLED_VERSION,
    VERSION,
    left_behind,
    names_version,
    spelled_as_in,
    split_version,
    tool_pattern,
    version_switch,
    versions_of,
    with_version,
    with_versions_said,
    without_version_contrast,
)
from autodream.memory.model import MEMORY_TYPES

_ISO_DAY = re.compile(r"\b\d{4}-\d{2}-\d{2}\b")
_SLUG = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
# (not the colon of "https://": "Runbooks live at https" is no clause of an address)
_CLAUSES = re.compile(r"\s*(?:;|:(?!//)|\s[—–]\s|,\s)\s*")
# Where one clause of a statement ends, kept (split with a group) so the text can be rejoined.
_CLAUSE_EDGE = re.compile(
    r"(\s*(?:[;:]|\s[—–]\s|,\s(?!(?:and\s+|but\s+)?(?:not|never)\b))\s*"
    r"|\s+(?:and|but|while|whereas)\s+(?!not\b))")
_CHOICE_WORD = re.compile(r"[A-Za-z0-9][\w.+#/-]*[\w+#]|[A-Za-z0-9]")
# A span of days ("between 2026-08-01 and 2026-08-05", "from ... to ..."): one day moved alone
# in it would leave a span that may end before it starts
_DATE_SPAN = re.compile(r"\b(?:between\s+\S+\s+and|from\s+\S+\s+(?:to|until|till|through))"
                        r"\s+\S+", re.I)


# What moved, after the verb ("we moved the design docs to ...") or before it ("the design
# docs moved to ...").
_MOVE_VERB = (r"(?:switch(?:ed|ing)?|migrat(?:e|ed|ing)|mov(?:e|ed|ing)|chang(?:e|ed|ing)|"
              r"upgrad(?:e|ed|ing)|bump(?:ed|ing)?)")
_MOVED_WHAT = re.compile(
    rf"\b{_MOVE_VERB}\s+(?:(?:the|our|my|its|all)\s+)?(?P<what>(?!(?:from|to|back|"
    r"over)\b)[\w-]+(?:\s+(?!(?:from|to|back|over)\b)[\w-]+){0,2}?)\s+(?:back\s+)?(?:over\s+)?"
    r"(?:from\s+\S.*?\s+)?to\s+|^(?:(?:the|our|my|its)\s+)?(?P<subject>(?!(?:we|i|they|you|he|"
    r"she|it|user|team|the\s+user)\b)[\w-]+(?:\s+[\w-]+)"
    r"{0,2}?)\s+(?:(?:has|have)\s+(?:been\s+)?|(?:was|were)\s+)?(?:switched|migrated|moved)"
    r"\s+(?:back\s+)?(?:over\s+)?(?:from\s+\S.*?\s+)?to\s+", re.I)
_TOLD_NAME = r"[\w+#-]+(?:\.[\w+#-]+)*(?:\s+(?-i:[A-Z])[\w+#-]*){0,3}"
# A switch told in an entry's own words: "We switched from Poetry to uv", "CI moved from
# Jenkins to GitHub Actions"
_SWITCH_TOLD = re.compile(
    rf"\b(?:{_MOVE_VERB}|went|replaced)\s+(?:(?:the|our|my|its|all)\s+)?(?:[\w-]+\s+){{0,2}}?"
    rf"from\s+(?P<old>{_TOLD_NAME})\s+to\s+(?P<new>{_TOLD_NAME})", re.I)


# ... and not said undone, or to come: "We haven't moved from MySQL to Postgres yet", "We
# plan to switch from npm to pnpm"
_SWITCH_UNDONE = re.compile(r"n't\b|\b(?:not|never|no\s+longer|would|could|might|can|will|"
                            r"plan|plans|planning|going|want|wants|should|must|need|needs|if|"
                            r"whether|tr(?:y|ies|ied|ying))\b", re.I)


def _switch_told(lead: str) -> re.Match[str] | None:
    told = _SWITCH_TOLD.search(lead) if TELLS_SWITCH.search(lead) else None
    if told is None or _SWITCH_UNDONE.search(lead, 0, told.start() + len(told[0].split()[0])) or (
            re.search(r"\byet\b", lead, re.I)):
        return None
    return told


# A past switch opening the sentence as a subordinate clause, up to where the main clause starts:
# "Once we switched to pnpm, installs got faster"
_SWITCH_AS_BACKGROUND = re.compile(
    rf"(?:ever\s+)?(?:once|when|after|since)\s+(?:we|i|they|the\s+team)\s+(?:had\s+)?"
    rf"(?:{_MOVE_VERB}|went)\b[^,;]*[,;]", re.I)


# The words a setting clause opens with (a cheap test before the pattern)
_SETTING_OPENS = ("once ", "when ", "after ", "since ", "ever ")
# (not "back in March", "back then": a time)
_BACK_AGAIN = re.compile(r"\bagain\b|\bback\b(?!\s+(?:in|then|when|at|on|during|before)\b)", re.I)


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


# A switch meant, not said done: "The user wants to switch our task queue from Celery to
# Dramatiq". A move back to Celery after it tells it was made, and undone.
_MEANT_TO = re.compile(r"\b(?:wants?|want(?:ed|ing)|plans?|plann(?:ed|ing)|intends?|going|"
                       r"(?:would|'d)\s+like)\s+to\s+$", re.I)


_MEANT_WHAT = re.compile(rf"\b{_MOVE_VERB}\s+(?P<what>(?:the|our|my|its)\s+[\w-]+(?:\s+[\w-]+)"
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
_SAID_OF_ONE = re.compile(r"\b(?:main|primary|default)(?=\s+branch\b)", re.I)
# ... and what it is called is what it is: "Our main branch is called trunk" puts another name
# in "The default branch is master", as "... is trunk" does
_BRANCH_CALLED = re.compile(r"(?<=\bbranch is )(?:now )?(?:called|named) ", re.I)
_BRANCH_IS = re.compile(r"\b(?:main|primary|default)\s+branch\s+is\s+(?:(?:now\s+)?(?:called|"
                        r"named)\s+)?`?([\w.-]+[\w])", re.I)


def _one_name(text: str) -> str:
    """``text`` with a thing said by one of its names ("the main branch") said by one of them
    ("the default branch"), to compare what two statements say of it. Not for every reading:
    "main" alone is a branch's own name ("Never push to main")."""
    text = _SAID_OF_ONE.sub("default", text)
    return _BRANCH_CALLED.sub("", text) if "branch is" in text else text


def _words(text: str) -> dict[str, str]:
    """lower -> as written, content words only."""
    out: dict[str, str] = {}
    for w in _CHOICE_WORD.findall(text):
        low = w.lower()
        if low not in STOPWORDS and low not in out:
            out[low] = w
    return out


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
    values_a, values_b = _values(old), _values(new)
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
_NOT_VALUE = re.compile(r",?\s+not\s+([\w.+-]*\d[\w.+-]*?)\s*[.!]?\s*$", re.I)


def _value_put_right(old: str, new: str, corrects: bool) -> tuple[str, str] | None:
    """(was, now) when ``new`` gives the one value of ``old`` anew in fewer words, told as a
    correction ("No, use 2 spaces for YAML") or against that value ("YAML should use 2 spaces,
    not 4"), of "Use 4 spaces for YAML indentation": too loose for ``choice_difference`` (a
    word left out, the order changed), but everything else ``new`` names ``old`` names, so it
    is about nothing else."""
    refused = _NOT_VALUE.search(new) if " not " in new else None
    told = new[:refused.start()] if refused is not None else new
    values_old, values_new = _values(old), _values(told)
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
_TELLS_A_CHANGE = re.compile(
    r"\b(?:switch\w*|mov(?:e|ed|es|ing)|migrat\w*|replac\w*|chang\w*|went|go(?:ne|ing)\s+back|"
    r"ditch\w*|dropp?\w*|adopt\w*|upgrad\w*|downgrad\w*|renam\w*|transition\w*|"
    r"port(?:ed|ing)|now|no\s+longer|any\s?more|these\s+days|nowadays|back\s+to|"
    r"from\s+\S.*?\s+to)\b", re.I)


def _tells_a_change(text: str) -> bool:
    return _TELLS_A_CHANGE.search(text) is not None


# A statement that says it replaced what held before ("we now deploy to ..."), unless it adds
# to it ("we now also deploy the docs").
_NOW_CHANGED = re.compile(r"\b(?:now|no longer|from now on|these days|nowadays)\b", re.I)
_ADDING = r"also|additionally|in addition|neither|nor"
_AT_CLAUSE_END = r"(?=\s*(?:[.,;:!?)]|$))"
_ALSO = re.compile(rf"\b(?:{_ADDING}|too|as well)\b|\beither{_AT_CLAUSE_END}", re.I)
# ... read strictly, where it may set two rules apart: "too" and "either" end a clause ("Never
# push to the release branch either"), not "too long" or "either npm or yarn".
_ADDS = re.compile(rf"\b(?:{_ADDING})\b|\b(?:too|either|as well){_AT_CLAUSE_END}", re.I)
# A rule said as a change of the one before ("Actually, ...", "... instead", "... from now
# on"): another object named in it takes the old one's place.
_RULE_CHANGED = re.compile(r"\b(?:now|no longer|anymore|any more|from now on|instead|rather|"
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
_ADDRESS = re.compile(r"\w[./]\w")
# ... and the scheme before its host ("https://")
_ADDRESS_SCHEME = re.compile(r"^[a-z][a-z+.-]*://", re.I)
# What may stand before a statement's subject: "The beta ships ...", not "We reverted ...".
_BEFORE_SUBJECT = re.compile(r"^\W*(?:(?:the|our|a|an|this|that|my|your|their|its)\s+)?", re.I)
# A word told as done is no thing: "Bumped Node to 20" / "Reverted Node to 18" (but "speed",
# "need" are no deeds, and after "the" a word in -ed is said of a thing: "The shared drive")
_DONE = re.compile(r"\w{2,}[^e\W]ed$")
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
    shared = sum(any(_spelled_out([x], [y]) or x == y for y in things_b) for x in things_a)
    return shared * 2 < min(len(things_a), len(things_b))


def about_other_things(a: str, b: str, told_as_change: bool = False) -> bool:
    """``a`` and ``b`` look alike but are about different things, by either test: then neither
    updates, merges with or supersedes the other (clustering, matching, duplicate merging).
    ``told_as_change``: ``b`` was said as a correction ("Actually, ...", "No, ..."), which its
    text no longer says."""
    return (different_subjects(a, b) or names_another_subject(a, b)
            or replies_and_written(a, b) or _events_on_one_day(a, b)
            or _another_rule(a, b, told_as_change))


# "Always use f-strings instead": said last, the word tells a change, and names nothing
_INSTEAD_AT_END = re.compile(r",?\s+instead\s*(?=[.!]?\s*$)", re.I)


def said_of_other_things(old: str, new: str, corrects: bool) -> bool:
    """``about_other_things`` for ``new`` said after ``old`` (``corrects``: said as a
    correction): a rule said with "instead" at its end is told as a change of the other, and
    without the word ("Always use f-strings instead" over "Always use type hints", where
    "instead" read as a thing of its own set the two apart)."""
    bare = _INSTEAD_AT_END.sub("", new)
    return about_other_things(old, bare, corrects or bare != new)


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
    if was == now or any(_is_value(w) for w in was | now):
        return False
    if added:
        return True
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
_CHOOSES = re.compile(rf"^(?:please\s+)?{_CHOOSE_VERBS}\b", re.I)
# Where the thing chosen ends: what it is for, where, when, or the clause's end.
_CHOSEN_ENDS = re.compile(r"\s+(?:for|in|on|to|with|when|where|whenever|if|unless|over|instead|"
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
_FOR_A_PURPOSE = re.compile(r"\s+(?:for|to|over)\s", re.I)


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
    days = set(date_mentions(a)) & set(date_mentions(b))
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
        return next(iter(tokens(word)), word)

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


def _clauses(text: str) -> list[str]:
    """The text, then each of its clauses: a statement may restate one clause of another."""
    return [text] + [c for c in _CLAUSES.split(text) if c.strip() and c.strip() != text.strip()]


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


def choice_difference(old: str, new: str) -> tuple[str, str] | None:
    """(was, now) when ``new`` says what ``old`` says with one value changed; each clause of
    ``new`` is tried ("We dropped 3.8: csvstat now requires 3.10" -> ("3.8", "3.10")). A thing
    said by another of its names is no value changed ("the main branch", "default branch")."""
    olds = _clauses(_one_name(old))
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


def _values(text: str) -> frozenset[str]:
    """Numbers, dates, versions and identifiers with digits: what makes a fact specific."""
    return frozenset(w.lower() for w in _CHOICE_WORD.findall(text) if _is_value(w))


def _plain_values(text: str) -> set[str]:
    """``_values`` as written loosely: "v0.3" and "0.3", "3.12.0" and "3.12" are one."""
    return {_plain_value(v) for v in _values(text)}


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
_FORBIDS = re.compile(r"\b(?:never|not|no|avoid|stop)\b|n't\b", re.I)
# Said either way in a rule: "straight to main" is "directly to main", "PRs" "pull requests".
_SAID_ALIKE = {"straight": "direct", "directly": "direct", "prs": "pr",
               # "files you didn't change" are "files you didn't touch"
               "touch": "change", "touched": "changed", "modify": "change",
               "modified": "changed", "edit": "change", "edited": "changed",
               "remove": "delete", "removed": "deleted", "execute": "run", "executed": "ran",
               "utilize": "use", "utilise": "use",
               # "PRs should stay small" is "Keep PRs small" (and "stay down" is no "keep
               # running": ``_opposite_said``)
               "stay": "keep", "stays": "keeps",
               # a tracker's "tickets" are its "issues"
               "ticket": "issue", "tickets": "issues",
               # "We ship on 2026-07-10" is "The release is on 2026-07-10"
               "ship": "release", "ships": "releases", "shipped": "released",
               "shipping": "releasing", "launch": "release", "launches": "releases",
               "launched": "released", "launching": "releasing"}
_RULE_PARTS = re.compile(r"\s*(?:[,;:]\s|\s[—–-]\s|\s(?:and|but|while|whereas)\s)\s*", re.I)
# A part that tells of a change or sets a condition is no standing rule: "We switched to pnpm
# but went back to npm" and "Until we switch to pnpm, keep using npm" are not restated by "Our
# convention is pnpm".
_NO_STANDING_RULE = re.compile(
    # ("files you didn't change" tells of no change made)
    rf"(?<!n't )(?<!not )\b{_MOVE_VERB}\b|^(?:until|till|when|once|if|after|as soon as)\b",
    re.I)


def _said_alike(word: str) -> str:
    return _SAID_ALIKE.get(word.lower(), word.lower())


_ALIKE_WORD = re.compile(r"(?<![\w'-])(?:" + "|".join(_SAID_ALIKE) + r")(?![\w'-])", re.I)


_OPPOSITES = frozenset((a, b) for x, y in (
    ("on", "off"), ("up", "down"), ("running", "down"), ("running", "stopped"),
    ("enabled", "disabled"), ("open", "closed"), ("public", "private"),
    ("allowed", "forbidden"), ("in", "out")) for a, b in ((x, y), (y, x)))


def _opposite_said(old: str, new: str) -> bool:
    """``new`` says a state the opposite of one ``old`` says, of the same thing ("Keep the
    staging DB running overnight" / "The staging DB should stay down overnight")."""
    was, now = set(re.findall(r"[a-z]+", old.lower())), set(re.findall(r"[a-z]+", new.lower()))
    return any((w, v) in _OPPOSITES for w in was - now for v in now - was)


def _says_again(new: str, old: str) -> bool:
    """``new`` says what ``old`` says: alike in wording, or with (almost) every content word of
    it in ``old``, a word said alike counted as the same ("GitHub tickets" / "GitHub issues"),
    or a thing named by another of its names ("Our main branch is now trunk" / "The default
    branch is trunk")."""
    return (similar(new, old, 0.9) or coverage(_as_said_alike(new), _as_said_alike(old)) >= 0.85
            or _said_by_another_name(old, new))


# A rule told as said before: "Again, pytest style please, ...", "As I said, ..."
_SAID_BEFORE = re.compile(r"^(?:(?:once\s+)?again|as\s+(?:i|we|the\s+user)\s+(?:said|mentioned)|"
                          r"like\s+(?:i|we|the\s+user)\s+said)\b,?\s*", re.I)
# One tool set against another, perhaps said of everywhere: "Use pytest, not unittest", "We use
# pytest everywhere, never unittest"
_ONE_OVER_OTHER = re.compile(
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
    if bool(_FORBIDS.search(old)) != bool(_FORBIDS.search(new)) or _opposite_said(old, new) or (
            not same_values(new, old)):
        return False
    told = _SAID_BEFORE.match(new)
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


def _rule_words(text: str, frame: frozenset[str] = _RULE_FRAME) -> frozenset[str]:
    """What a rule is about: its words but the frame, each as it is said alike ("merging",
    "merge" and "merges" are one; "rebase", "rebasing")."""
    said = re.sub(r"\bpull\s+requests?\b", "pr", text.lower())
    out: set[str] = set()
    for word in re.findall(r"[a-z0-9][\w'+#.-]*[\w+#]|[a-z0-9]", said):
        if word in STOPWORDS or word in frame:
            continue
        word = _said_alike(word)
        if not _is_value(word):
            word = next((word[: -len(end)] for end in ("ing", "ed", "es", "s", "e")
                         if len(word) > len(end) + 3 and word.endswith(end)), word)
        out.add(word)
    return frozenset(out)


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
_SET_OVER = re.compile(r",?\s+(?:rather\s+than|instead\s+of)\s+(?:using\s+)?|\s+over\s+|"
                       r",\s+(?:but\s+)?(?:not|never)\s+(?:using\s+)?", re.I)
_CHOOSE_AT = re.compile(rf"\b{_CHOOSE_VERBS}\s+{_DETERMINERS}", re.I)
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
_SAYS_RULE = re.compile(r"\b(?:always|never|convention|rule|policy)\b|^(?:don't|do not)\b", re.I)


def _is_rule(cand: Candidate) -> bool:
    return cand.type == "feedback" and (cand.kind in ("preference", "prohibition") or bool(
        _SAYS_RULE.search(cand.text)))


class Consolidator:
    """Holds the entries of one dream and applies clusters to them in time order."""

    def __init__(self, entries: list[Entry], options: EngineOptions) -> None:
        self.entries = entries
        self.options = options
        self.decisions: list[Decision] = []
        # per entry, the switches this dream made to it: (new, was), so the why and how of an
        # entry with two tools upgraded speak of both
        self._switched: dict[int, list[tuple[str, str]]] = {}
        # per entry as the dream found it: the sources it had taken in, and its newest day
        self._found: dict[int, tuple[frozenset[Source], date]] = {
            id(e): (frozenset(e.sources()), day) for e in entries
            if e.original is not None and (day := e.reference_day()) is not None}
        # per entry made in this dream: where in ``decisions`` the one telling what it says now
        # (created, or superseded since) is, its reason as first given, and the days it was said
        # again since
        self._told_now: dict[int, tuple[int, str, list[str]]] = {}

    # -- entry bookkeeping ---------------------------------------------------------------
    def live(self) -> list[Entry]:
        """Entries the engine may read and edit (not deleted, not opaque)."""
        return [e for e in self.entries if not e.deleted and not e.opaque]

    def _new_file(self, kind: str, name: str, said: str = "") -> str:
        return free_file_name(f"{kind}_{file_slug(name, said) if said else slug(name)}",
                              {e.file.lower() for e in self.entries})

    def _capped(self, statements: list[str], file: str) -> list[str]:
        """At most ``max_statements`` wordings of the memory, newest first; each one left out
        is said. A statement that words none of those kept is a fact of its own (a line of a
        hand-written list: "- Releases go to PyPI from the release workflow"), never cut."""
        keep = max(self.options.max_statements, 1)
        kept = statements[:keep]
        wordings = kept[:]
        for s in statements[keep:]:
            if not any(similar(s, k, self.options.match_similarity)
                       or coverage(s, k) >= 0.6 for k in wordings):
                kept.append(s)
                continue
            self.decisions.append(Decision(
                "pruned", shorten(s, 120),
                f"an older wording of the same memory; the entry keeps its {keep} newest",
                file=file))
        return kept

    # -- merging existing near-duplicates ------------------------------------------------
    def merge_duplicates(self) -> None:
        live = sorted(self.live(), key=lambda e: (e.index_pos, e.file))
        # Computed once per entry: a large memory makes this loop quadratic.
        full = {e.file: f"{e.name}. {e.lead}" for e in live}
        full_tokens = {e.file: tokens(full[e.file]) for e in live}
        lead_tokens = {e.file: tokens(e.lead) for e in live}
        values = {e.file: _values(e.lead) for e in live}
        dated = {e.file: e.reference_day() is not None for e in live}
        threshold = self.options.duplicate_similarity
        for i, keep in enumerate(live):
            if keep.deleted:
                continue
            for other in live[i + 1 :]:
                if other.deleted or other.type != keep.type:
                    continue
                a, b = lead_tokens[keep.file], lead_tokens[other.file]
                shared = len(a & b)
                contained = shared >= 3 and shared / max(1, min(len(a), len(b))) >= 0.75
                rough = dice(full_tokens[keep.file], full_tokens[other.file])
                if not contained and rough < 0.45:
                    continue  # too little in common for difflib to find a duplicate
                if about_other_things(keep.lead, other.lead):
                    continue  # alike in shape, about different things: neither is stale
                if values[keep.file] != values[other.file]:
                    # same shape, different facts (another test, another date), unless one
                    # dated entry states a changed value of the other
                    if dated[keep.file] and dated[other.file]:
                        conflict = choice_difference(keep.lead, other.lead)
                        if conflict is not None:
                            self._resolve_conflict(keep, other, conflict)
                    continue
                sim = rough if rough >= threshold else similarity(full[keep.file],
                                                                  full[other.file])
                if sim < threshold and not contained:
                    continue
                sim = max(sim, 0.75 if contained else 0.0)
                conflict = choice_difference(keep.lead, other.lead)
                if conflict is not None:
                    self._resolve_conflict(keep, other, conflict)
                    continue
                self._absorb(keep, other, sim)

    def _absorb(self, keep: Entry, other: Entry, sim: float) -> None:
        for statement in other.statements:
            if not any(similar(statement, s, 0.85) for s in keep.statements):
                keep.statements.append(statement)
        keep.statements = self._capped(keep.statements, keep.file)
        for line in other.history:
            if line not in keep.history:
                keep.history.append(line)
        if not keep.why and other.why:
            keep.why = other.why
        if not keep.how and other.how:
            keep.how = other.how
        keep.add_sources(other.sources(), self.options.max_sources)
        keep.index_pos = min(keep.index_pos, other.index_pos)
        keep.changed = True
        other.deleted = True
        other.deleted_by = "merged"
        other.merged_into = keep
        _declare(keep, "merged_from", other)
        self.decisions.append(Decision(
            "merged", f"{other.file} -> {keep.file}",
            f"near-duplicate entries (similarity {sim:.2f}); kept one file", file=keep.file))

    def _resolve_conflict(self, a: Entry, b: Entry, conflict: tuple[str, str]) -> None:
        day_a, day_b = a.reference_day(), b.reference_day()
        if day_a is None or day_b is None or day_a == day_b:
            return  # without dates neither can be called stale: both stay
        newer, older = (a, b) if day_a > day_b else (b, a)
        older.deleted = True
        older.deleted_by = "contradicted"
        newer.changed = True
        _declare(newer, "supersedes", older)
        self.decisions.append(Decision(
            "pruned", older.file,
            f"contradicted by the newer {newer.file} ({day_b if newer is b else day_a})",
            file=older.file))

    # -- applying candidates -------------------------------------------------------------
    def apply(self, cluster: Cluster) -> None:
        cand = cluster.latest
        if not cand.of_plan and any(c.of_plan for c in cluster.members):
            # a thing told done in words of no plan, said before what it was said alike to, is
            # news of no plan here ("We shipped v2 in Q1", then "We will ship v2 on ...")
            cluster = Cluster([c for c in cluster.members if not c.of_plan], cluster.score)
        if not cand.why:
            # "Don't reformat files you didn't change, it makes reviews painful", then "again:
            # don't reformat ...": the reason said once holds for the statement said again
            said = [c for c in cluster.members if c.why]
            if said:
                cand = replace(cand, why=max(said, key=lambda c: (c.timestamp, c.order)).why)
        stale = self._overtaken(cand)
        if stale is not None:
            entry, day = stale
            self.decisions.append(Decision(
                "dropped", shorten(cand.text, 120),
                f"said on {cand.source.day} and already in memory ({entry.file}), which has "
                f"newer news from {day}; read again (its transcript was rewritten or read "
                "from the start)",
                file=entry.file, session_id=cand.source.session_id))
            return
        if cand.kind == "switch":
            target = self._switch_target(cand)
            if target is None and cand.old is None and not cand.back:
                found = (self._moved_from(cand) or self._upgraded_from(cand)
                         or self._moved_off(cand) or self._tool_replaced(cand)
                         or self._branch_renamed(cand))
                if found is not None:
                    target, old = found
                    cand = replace(cand, old=old)
            elif target is None and cand.old is None and cand.back:
                # ("We're back on pnpm" beside the one entry naming a package manager: as
                # "We moved to pnpm" would be)
                found = self._back_in_its_place(cand) or self._tool_replaced(cand)
                if found is not None:
                    target, old = found
                    cand = replace(cand, old=old)
            if target is None and cand.back:
                # "We switched to pnpm, then reverted to npm" beside "We use npm": the entry is
                # current again, or still, and says so already
                target = self._still_current(cand)
                if target is not None:
                    self._confirm(target, cand, cluster)
                    return
            if target is not None and _left_since(target, cand):
                self.decisions.append(Decision(
                    "dropped", shorten(cand.text, 120),
                    f"tells the move to {cand.new} as a past event behind what follows, and "
                    f"{target.file} says {cand.new} was left after it; not a move back",
                    file=target.file, session_id=cand.source.session_id))
                return
            if target is not None:
                self._switch(target, cand, cluster)
                return
            if it_is_not(cand.text) is not None:
                # "It's yarn, not npm" with no memory saying npm is used: what "it" is was said
                # in the conversation, not in the words a memory would keep
                self.decisions.append(Decision(
                    "dropped", shorten(cand.text, 120),
                    f"says only what 'it' is, and no memory says {cand.old} is used for it to "
                    "replace", session_id=cand.source.session_id))
                return
            if cand.old is None and (use_instead(cand.text) or use_tool(cand.text)) and not (
                    self._kept_beside(cand)):
                # "Use yarn instead" with no memory naming another tool of its kind: instead of
                # what was said in the conversation, not in the words a memory would keep
                self.decisions.append(Decision(
                    "dropped", shorten(cand.text, 120),
                    f"says only to use {cand.new} instead, and no memory names another tool "
                    "of its kind for it to replace", session_id=cand.source.session_id))
                return
            if {cand.new.lower() if cand.new else "", (cand.old or "").lower()} <= STATE_WORDS:
                self.decisions.append(Decision(
                    "dropped", shorten(cand.text, 120),
                    f"a change of state ({cand.old} to {cand.new}), not a choice; no memory says "
                    f"it was {cand.old}", session_id=cand.source.session_id))
                return
        elif cand.of_plan:
            self._plan_done(cand, cluster)
            return
        else:
            change = setting_change(cand.text) if cand.kind in _TELLS_STATE else None
            corrects = cand.kind == "correction"
            set_in = self._setting_target(cand, change) if change is not None else None
            if change is not None and set_in is not None:
                entry, was = set_in
                if was is None:
                    self._confirm(entry, cand, cluster)  # it gives the new value already
                else:
                    self._set_value(entry, change, was, cand, cluster)
                return
            shift = date_shift(cand.text) if cand.kind == "plan" else None
            if shift is not None:
                # "The launch got pushed back two weeks": the one plan of the launch with a day
                # moves by that much; of none, it tells nothing to remember
                shifted = self._shifted(tokens(shift[0]), shift[1])
                if shifted is None:
                    self.decisions.append(Decision(
                        "dropped", shorten(cand.text, 120),
                        f"moves the day of '{shift[0]}' by {abs(shift[1])} days, and no single "
                        "remembered plan of it has a day to move",
                        session_id=cand.source.session_id))
                    return
                entry, was, now = shifted
                # (told with the day it moved to, for the plan's guidance)
                told = replace(cand, text=f"{cand.text.rstrip('.!')} (to {now}).", key="")
                self._reschedule(entry, was, now, told, cluster)
                return
            off = plan_cancelled(cand.text) if cand.kind == "plan" else None
            if off is not None:
                # "The release is cancelled": the one plan of the release is off; of none, or
                # of more than one, it tells nothing to remember
                planned = self._planned(tokens(off))
                if planned is None:
                    self.decisions.append(Decision(
                        "dropped", shorten(cand.text, 120),
                        f"calls off '{off}', and no single remembered plan of it is upcoming",
                        session_id=cand.source.session_id))
                else:
                    self._cancel(planned, cand, cluster)
                return
            excepted = self._rule_excepted(cand)
            if excepted is not None:
                self._except(*excepted, cand, cluster)
                return
            date_moved = _date_moved(cand.text)
            moved = self._rescheduled(cand, *date_moved) if date_moved is not None else None
            if moved is not None:
                self._reschedule(*moved, cand, cluster)
                return
            there = self._moved_there(*date_moved) if date_moved is not None else None
            if there is not None:
                # "The review moved to after the launch on 2026-07-22" beside "The design
                # review is after the launch on 2026-07-22": the move is remembered
                self._confirm(there, cand, cluster)
                return
            upgraded = self._upgraded_from(replace(cand, new=cand.maybe_new)) if (
                cand.maybe_new) else None
            if upgraded is not None:
                # "we're on node 20 now" beside "We use Node 18 for the API"
                target, old = upgraded
                self._switch(target, replace(cand, kind="switch", new=cand.maybe_new, old=old),
                             cluster)
                return
            # "Our design docs are in Confluence now" is read as where to look, and is as much
            # a move away from the place an entry names; "Use pnpm" (with its reason: "it's
            # faster than npm") beside "Use npm for installs" is the newer choice of a tool of
            # that kind, not a rule beside it
            if cand.kind in _TELLS_STATE or cand.kind == "resource":
                claimed = _tool_claimed(cand.text)
            else:
                claimed = use_tool(cand.text) if cand.kind == "preference" else None
            if cand.kind == "resource" and claimed and kind_of(claimed) is None:
                claimed = None
            replaced = (self._tool_replaced(replace(cand, new=claimed))
                        or self._place_replaced(claimed, cand.text)) if claimed else None
            if replaced is not None and not _claims_more(cand.text, claimed or "",
                                                         replaced[0].text):
                # "We're on MySQL now" beside "We use Postgres 14": a tool of the same kind in
                # its place, as a switch to it would have put it
                target, old = replaced
                self._switch(target, replace(cand, kind="switch", new=claimed, old=old), cluster)
                return
            taken = self._taken_back(cand) if cand.revises else None
            if taken is not None:
                # "I changed my mind: I prefer detailed explanations" beside "Keep explanations
                # short": one preference replaces the other, or memory contradicts itself
                self._revise(*taken, cand, cluster)
                return
            # "The runbook moved to confluence.acme.io/oncall" shares too few words with "The
            # on-call runbook is in Notion at notion.so/...", the entry it makes stale
            same = self._same_plan(cand) if cand.kind == "plan" else None
            if same is not None:
                # "Beta release is on 2026-08-01" beside "The beta ships on 2026-08-01": the
                # one event on its one day, said in other words (read as about other things)
                self._restated(same, cand, cluster)
                return
            turned = self._rule_entry(cand, _turns_choice_round)
            if turned is not None:
                # "Use spaces instead" beside "Use tabs rather than spaces": read as said again
                # (it names nothing the rule does not), memory would contradict itself
                self._turn_round(turned, cand, cluster)
                return
            target = self._readdressed(cand) or self._best_match(cand)
            # said plainly ("I prefer detailed explanations"), a newer preference at the other
            # end of the same choice ("Keep explanations short") replaces the older one too
            taken = self._taken_back(cand) if target is None and cand.kind in (
                "preference", "correction") else None
            if taken is not None:
                self._revise(*taken, cand, cluster)
                return
            restated = self._rule_entry(cand, restates_rule) if target is None else None
            if restated is not None:
                self._restated(restated, cand, cluster)
                return
            turned = self._rule_entry(cand, turns_rule_round) if target is None else None
            if turned is not None:
                # "Never squash-merge" beside "Always squash-merge pull requests": kept apart,
                # memory would contradict itself
                self._turn_round(turned, cand, cluster)
                return
            # Alike in wording, but about something else: a memory of its own, not an update;
            # "we moved the release to ..." is not about "We moved to Postgres 16 on ...".
            # ... nor is "Bumped Puma from 5 to 16 threads" about "We run Puma with 2 workers"
            # ... read with the default branch said by one name: "The main branch is now trunk"
            # puts another value in "The default branch is main", not another branch
            # ... unless it gives the entry's one value anew in fewer of its words ("YAML should
            # use 2 spaces, not 4" of "Use 4 spaces for YAML indentation")
            if target is not None and (not (
                    said_of_other_things(target.lead, cand.text, corrects)
                    and said_of_other_things(_one_name(target.lead), _one_name(cand.text),
                                             corrects))
                    or self._one_put_right(target, cand, corrects)) and (
                    date_moved is None or _about(date_moved[0], target.lead)) and (
                    change is None or is_about(change, target.lead)):
                self._update(target, cand, cluster)
                return
            if claimed and _claimed_as_it(cand.text, claimed):
                # "It's yarn these days" with no entry naming a package manager: what "it" is
                # was said in the conversation, not in the words a memory would keep
                self.decisions.append(Decision(
                    "dropped", shorten(cand.text, 120),
                    "says only what 'it' is now, and no memory names another tool of its kind "
                    "for it to replace", session_id=cand.source.session_id))
                return
        self._create(cand, cluster)

    def _overtaken(self, cand: Candidate) -> tuple[Entry, date] | None:
        """The entry that already took ``cand`` in and has changed since, with the day of that
        change: a transcript rewritten (compacted, edited) is read again from its start, and
        its old news ("switching to ruff format") must not undo what came after ("back to
        black")."""
        said = cand.source
        for entry in self.live():
            taken, newer = self._found.get(id(entry), (frozenset(), said.day))
            if said not in taken or newer <= said.day:
                continue
            named = [n for n in (cand.new, cand.old) if n]
            if (named and any(has_word(entry.text, n) for n in named)) or similarity(
                    cand.text, entry.lead) >= self.options.match_similarity:
                return entry, newer
        return None

    def _still_current(self, cand: Candidate) -> Entry | None:
        """The live entry most like ``cand`` that names what ``cand`` moved back to as what is
        used (not as what is not), about what moved when that is said."""
        new, thing = cand.new or "", _moved_thing(cand.text)
        found = [(similarity(cand.text, e.lead), -pos, e) for pos, e in enumerate(self.live())
                 if _says_of(e.lead, thing, new) and not _set_against(e.lead, new)]
        return max(found, key=lambda f: (f[0], f[1]))[2] if found else None

    def _readdressed(self, cand: Candidate) -> Entry | None:
        """For "The runbook moved to confluence.acme.io/oncall": the live entry about the thing
        moved (``_about``) that gives another address for it ("The on-call runbook is at
        notion.so/..."); the one most like ``cand`` wins, then the earliest."""
        m = MOVED_TO_ADDRESS.search(cand.text)
        thing = _moved_thing(cand.text)
        if m is None or not thing:
            return None
        new = ADDRESS_AT.search(m[0], len(m[0].split()[0]))
        found = [(similarity(cand.text, e.lead), -pos, e) for pos, e in enumerate(self.live())
                 if _about(thing, e.lead) and ADDRESS_AT.search(e.lead) is not None
                 and new is not None and new[0].lower() not in e.lead.lower()]
        return max(found, key=lambda f: (f[0], f[1]))[2] if found else None

    def _same_plan(self, cand: Candidate) -> Entry | None:
        """The live plan of the event ``cand`` plans, on the one day it says: what is planned
        named alike but for how it comes out ("ships", "release", "launch", "goes live")."""
        days = {d.lower() for d in date_mentions(cand.text)}
        if len(days) != 1:
            return None
        (day,) = days
        for entry in self.live():
            lead = _LIST_MARK.sub("", entry.lead)
            # ``in`` first: most entries name no such day, and dating every lead costs
            if entry.type != "project" or day not in lead.lower() or _TOLD_PAST.search(lead) or {
                    d.lower() for d in date_mentions(lead)} != days:
                continue
            if _one_event(lead, cand.text):
                return entry
        return None

    def _best_match(self, cand: Candidate) -> Entry | None:
        """The live entry most similar to ``cand`` that is similar enough; the first one in
        order when several are equally similar."""
        # "Our main branch is now trunk" is about the default branch
        texts = {cand.match_text, cand.text, _one_name(cand.text)}
        # (a fact: a rule said on, "Never push to main on Fridays", is narrower, not more)
        said_on = _said_on(cand.text, [e for e in self.live() if e.type == cand.type]) if (
            cand.kind == "fact") else None
        if said_on is not None:
            return said_on
        # difflib is the cost here, so each entry gets a cheap ceiling first: one below what it
        # needs, or below the best found so far, cannot be chosen. Trying high ceilings first
        # finds a restatement (similarity 1.0) before the rest, which it then rules out unseen.
        ranked: list[tuple[float, int, Entry, list[tuple[str, str]], float]] = []
        for pos, entry in enumerate(self.live()):
            pairs = [(text, s) for text in texts
                     for s in {entry.lead, entry.description, _one_name(entry.lead),
                               *_upshot(entry.lead)}]
            needed = self.options.match_similarity if entry.type == cand.type else 0.85
            bound = max(similarity_bound(text, s) for text, s in pairs)
            # (another plan on another day is asked only of the entries the ceiling lets by)
            if bound >= needed and not _another_plan(cand, entry):
                ranked.append((bound, pos, entry, pairs, needed))
        ranked.sort(key=lambda r: (-r[0], r[1]))
        best: Entry | None = None
        best_sim, best_pos = 0.0, -1
        for bound, pos, entry, pairs, needed in ranked:
            if bound < best_sim or (bound == best_sim and pos > best_pos):
                continue  # at best a tie with an earlier entry, which wins ties
            sim = max(similarity(text, s) for text, s in pairs)
            if sim >= needed and (sim > best_sim or (
                    sim == best_sim and best is not None and pos < best_pos)):
                best, best_sim, best_pos = entry, sim, pos
        return best

    def _taken_back(self, cand: Candidate) -> tuple[Entry, list[tuple[int, Revision]]] | None:
        """The entry whose statements ``cand``, said after a change of mind, takes back (each
        with how), of its type; the one most like ``cand`` wins, then the earliest."""
        found: list[tuple[float, int, Entry, list[tuple[int, Revision]]]] = []
        for pos, entry in enumerate(self.live()):
            if entry.type != cand.type and {entry.type, cand.type} != _PREFERRING:
                continue  # a preference may be kept as what the user is like, or as feedback
            taken = [(i, r) for i, s in enumerate(entry.statements)
                     if (r := revision(_LIST_MARK.sub("", s), cand.text)) is not None]
            if taken:
                found.append((similarity(cand.text, entry.lead), -pos, entry, taken))
        if not found:
            return None
        *_, entry, taken = max(found, key=lambda f: (f[0], f[1]))
        return entry, taken

    def _revise(self, entry: Entry, taken: list[tuple[int, Revision]], cand: Candidate,
                cluster: Cluster) -> None:
        """The statements taken back give way to ``cand``: the first to the new statement (the
        old one with its choice put in place when the new names no subject: "Use tabs" over
        "Use spaces for indentation"), the rest go; each is a dated history line."""
        day = cand.source.day.isoformat()
        at, first = taken[0]
        said = {i: _LIST_MARK.sub("", entry.statements[i]) for i, _ in taken}
        bullet = _LIST_MARK.match(entry.statements[at])
        lead = _choice_put(said[at], first) if first.subjectless else cand.text
        for i, rev in taken:
            entry.history.append(
                f"Changed from {rev.was} to {rev.now} on {day}; previously {rev.was}."
                if rev.subjectless else f"Updated on {day}; previously: {said[i]}")
        entry.statements = self._capped(
            [(bullet[0] if bullet else "") + lead if i == at else s
             for i, s in enumerate(entry.statements) if i == at or i not in said], entry.file)
        named = entry.name
        stale = first.taken_back
        if stale.search(entry.name):
            entry.name = _choice_put(entry.name, first) if first.subjectless else (
                title_for(lead) or entry.name)
        if entry.original is None or stale.search(entry.description) or any(
                entry.description == description_for(s) for s in said.values()):
            entry.description = (_choice_put(entry.description, first) if first.subjectless
                                 else description_for(lead))
        if cand.why:
            entry.why, entry.generated_why = cand.why, False
        elif entry.type in ("feedback", "project"):
            entry.why = (f"The user changed their mind on {day} (see the history above)."
                         if cand.revises else
                         f"The user's preference changed on {day} (see the history above).")
            entry.generated_why = True
        if entry.type in ("feedback", "project"):
            # the old guidance was written for the preference given up ("Answer in two or
            # three sentences"): kept, it would still say the old one
            entry.how, entry.generated_how = _default_how(cand), True
        renamed = self._rename_for(entry, named, first.was, first.now)
        self._superseded(entry, cand, cluster,
                         ("the user changed their mind" if cand.revises else
                          "a newer preference") + f" on {day}: "
                         f"'{shorten(said[at], 80)}' replaced by what they prefer now; the "
                         "earlier statement kept as history"
                         + (f"; file renamed from {renamed}" if renamed else ""))

    def _one_put_right(self, target: Entry, cand: Candidate, corrects: bool) -> bool:
        """``cand`` gives ``target``'s one value anew (``_value_put_right``), and no other
        entry's: "Use 2 spaces for indentation, not 4" beside rules of Python and of YAML
        indentation is of neither of them."""
        if _value_put_right(target.lead, cand.text, corrects) is None:
            return False
        return not any(e is not target and _value_put_right(e.lead, cand.text, corrects)
                       for e in self.live())

    def _rule_entry(self, cand: Candidate, meets: Callable[[str, str], bool]) -> Entry | None:
        """The feedback entry with a rule ``cand`` ``meets`` (says again in other words, or
        turns round), too unlike it for ``_best_match`` ("Our convention is to squash-merge" /
        "We always squash-merge pull requests"); the most similar one, then the first."""
        if not _is_rule(cand):
            return None
        found = [(similarity(cand.text, e.lead), -pos, e) for pos, e in enumerate(self.live())
                 if e.type == "feedback" and any(meets(s, cand.text) for s in e.statements)]
        return max(found, key=lambda f: f[:2])[2] if found else None

    def _turn_round(self, entry: Entry, cand: Candidate, cluster: Cluster) -> None:
        """The statements of ``entry`` that ``cand`` turns round give way to it, each a dated
        history line; the rest stay. A statement may be turned round by one clause of ``cand``
        ("Push to main." by "Never push to main; push to develop.")."""
        day = cand.source.day.isoformat()
        traded = next(((s, pair) for s in entry.statements
                       if (pair := _choice_turned(s, cand.text)) is not None), None)
        turned = [traded[0]] if traded is not None else [
            s for s in entry.statements
            if turns_rule_round(s, cand.text) or turns_rule_round(cand.text, s)]
        entry.history.extend(f"Updated on {day}; previously: {s}" for s in turned)
        lead = cand.text
        if traded is not None:
            # the rule with its two things traded ("Use spaces rather than tabs"): "Use spaces
            # instead" alone would not say instead of what
            (one, other) = traded[1]
            lead = _swapped(traded[0], one, other)
            if has_word(entry.name, one) and has_word(entry.name, other):
                entry.name = _swapped(entry.name, one, other)
        entry.statements = self._capped(
            [lead] + [s for s in entry.statements if s not in turned], entry.file)
        if entry.original is None:
            self._named_for_now(entry, turned, lead)
        if entry.original is None or any(entry.description == description_for(s)
                                         for s in turned):
            entry.description = description_for(entry.lead)
        if cand.why:
            entry.why, entry.generated_why = cand.why, False
        _guidance_for(entry, cand, cluster)
        self._superseded(entry, cand, cluster,
                         f"the rule turned round on {day}: '{shorten(turned[0], 80)}' no "
                         "longer holds")

    def _named_for_now(self, entry: Entry, turned: list[str], lead: str) -> None:
        """``entry``, made in this dream, named and filed for the rule that holds now: "Use
        spaces instead" was filed as feedback_dont-use-spaces.md, the rule it turned round. A
        file kept from before keeps its name."""
        if entry.name in {title_for(s) for s in turned}:
            entry.name = title_for(lead) or entry.name
        self._filed_by_name(entry, lead)

    def _named_off_old_address(self, entry: Entry, previous: str, cand: Candidate) -> None:
        """``entry``, made in this dream under the address ``cand`` says it moved from, named
        and filed anew: neither may keep the old address or its host ("Runbooks live at
        wiki.acme.io", reference_runbooks-live-wiki-acme-io.md for "https://wiki.acme.io/...").
        A file kept from before keeps its name."""
        if entry.original is None and MOVED_TO_ADDRESS.search(cand.text) and any(
                _ADDRESS_SCHEME.sub("", a[0]).split("/")[0].rstrip(".,;:!?").lower()
                in entry.name.lower() for a in ADDRESS_AT.finditer(previous)):
            # (a key cut at the colon of "https://" would name it for "https")
            said = cand.text if "://" in cand.text else cand.match_text
            entry.name = title_for(said) or entry.name
            self._filed_by_name(entry, said)

    def _filed_by_name(self, entry: Entry, lead: str) -> None:
        """``entry`` filed under its name; what was decided of it names the new file."""
        taken = {e.file.lower() for e in self.entries if e is not entry}
        file = free_file_name(f"{entry.type}_{file_slug(entry.name, lead)}", taken)
        if file == entry.file:
            return
        before, entry.file = entry.file, file
        # what was decided of it before names the file written
        self.decisions[:] = [replace(d, file=file) if d.file == before else d
                             for d in self.decisions]

    def _switch_target(self, cand: Candidate) -> Entry | None:
        new, old = cand.new or "", cand.old
        thing = _moved_thing(cand.text)
        ranked: list[tuple[float, int, Entry]] = []
        for pos, entry in enumerate(self.live()):
            if old and _stays_beside(entry, cand.text, old):
                continue
            if old and _only_forbids(entry.lead, old) and not has_word(entry.lead, new):
                # "Never use npm": a switch from npm to yarn would make it "Never use yarn",
                # the rule turned into its opposite. ("Never use npm or yarn" the switch ends.)
                continue
            says_new = has_word(entry.text, new)
            says_old = bool(old) and has_word(entry.text, old or "")
            if old is None:
                # "moved back to X": an entry whose history says it moved away from X, or
                # whose lead does ("We switched from Poetry to uv.")
                hit = any(
                    (m := HISTORY_LINE.match(h)) and m["old"].lower() == new.lower()
                    for h in entry.history
                ) or (not entry.history and (_switched_from(entry.lead, new) or (
                    cand.back and _meant_from(entry.lead, new) is not None))
                      and (not thing or _about(thing, entry.lead))) or (
                    says_new and (bool(entry.history) or (
                        bool(thing) and _about(thing, entry.lead)
                        and ((_says_of(entry.lead, thing, new)
                              and not _set_against(entry.lead, new))
                             or _chosen_over(entry.lead, new) is not None))))
            elif thing and not _about(thing, entry.text):
                # "the metrics moved from Datadog": "Logs go to Datadog" is about something
                # else, and so is "Our design docs live in Notion" for the onboarding docs
                hit = False
            elif old and split_version(old) is None and _over_left(
                    entry.lead, entry, cand, old, thing) is not None:
                hit = True  # "CI runs on GitHub Actions, not Jenkins": about CI all the same
            elif thing and old and has_name(entry.lead, named := _as_written(entry, old)) and (
                    _put_in_place(entry.lead, named, new, cand.text, thing) is None):
                hit = False  # "Design docs and runbooks live in Notion": not for one of them
            elif old and split_version(old) is not None:
                # "upgraded from Postgres 14 to 16": a version is specific enough on its own
                hit = names_version(entry.text, old)
            elif old and old.lower() in WEEKDAYS and thing:
                # "the standup moved from Monday to Tuesday": "The standup is every Monday",
                # "... on Mondays"; not for a week's exception ("this week only", "on the 14th")
                hit = _says_day(entry.lead, old) and not _ONE_TIME.search(cand.text) and (
                    last_mention(cand.text) is None)
            else:
                # "in the GitHub Wiki": the article is the name's, not the sentence's
                the = rf"(?:the\s+(?={re.escape(old)}\b(?!\s+{_NOUN_AFTER})))?"
                hit = (says_new and says_old) or (says_old and re.search(
                    rf"\b(?:use|uses|using|run|runs|on|in|via|with|is|are|to|at)\s+{the}[\[`]?"
                    rf"{re.escape(old)}\b", entry.text, re.I) is not None) or (
                    bool(thing) and _owned_by(entry.lead, old or ""))
            if hit:
                weight = (2.0 if says_new and says_old else 1.0) + similarity(cand.text, entry.lead)
                ranked.append((weight, -pos, entry))
        if not ranked:
            return None
        ranked.sort(key=lambda t: (t[0], t[1]), reverse=True)
        return ranked[0][2]

    def _moved_from(self, cand: Candidate) -> tuple[Entry, str] | None:
        """For "we moved the design docs to Confluence", which says where to but not where
        from: the entry about that thing (every content word of what moved is in it; a plural
        is the same word) that names one known place of the same kind ("Our design docs live in
        Notion"), and that place. Nothing when the kind is unknown or the entry names the new
        place already: the move is a memory of its own then. A move naming no thing ("We moved
        to GitHub Actions") is of the only entry saying a place of that kind is used, as "We
        moved to yarn" is of the only one naming a package manager."""
        new = cand.new or ""
        named = {p.lower() for p in places_in(cand.text)}
        kind = kind_of(new) if new.lower() in named else None
        if kind is None:
            return None
        thing = _moved_thing(cand.text)
        if not thing:
            return self._place_replaced(new, "") if len(named) == 1 else None
        # "bug tracking" is what "Bugs are tracked in Linear" is about
        return self._one_other(cand, thing, new, lambda lead: [
            p for p in places_in(lead) if kind_of(p) == kind])

    def _kept_beside(self, cand: Candidate) -> bool:
        """An entry names another tool of ``cand``'s kind and stays as it is beside the switch
        (the user's habit, a rule with the old tool's reason): the switch is a memory of its
        own, not news of nothing in memory."""
        if self._tool_replaced(cand, guarded=False) is not None:
            return True
        # ... or one naming that tool again in the reason ("..., npm has the lockfile"), which
        # no switch takes as its target
        new = cand.new or ""
        kinds = tool_kinds(new)
        for entry in self.live():
            named = {t.lower(): t for t in tools_in(entry.lead) if tool_kinds(t) & kinds}
            if len(named) == 1 and new.lower() not in named:
                (old,) = named.values()
                if not _NOT_PLAINLY.search(entry.lead) and re.search(
                        rf"{_SAYS_USED}\s+{re.escape(old)}(?![\w-])", entry.lead, re.I) and (
                        _stays_beside(entry, cand.text, old)):
                    return True
        return False

    def _tool_replaced(self, cand: Candidate, *, guarded: bool = True) -> tuple[Entry, str] | None:
        """For "we moved to pytest", which says neither from what nor, often, for what: the
        entry naming one other known tool of the same kind ("Use unittest for new tests"), and
        that tool. When what moved is named ("we moved the frontend tests to vitest"), the entry
        about it; else the only entry naming a tool of that kind at all: with two ("jest for
        the frontend", "pytest for the backend") nothing says which one was replaced."""
        new = cand.new or ""
        kinds = tool_kinds(new)
        if not kinds:
            return None

        def named_in(text: str) -> list[str]:
            # "The API runs on Bun" names no package manager
            return [t for t in tools_in(text) if kinds_used_as(text, t) & kinds]

        def others_in(lead: str) -> list[str]:
            named = named_in(lead)
            if named and all(same_tool(t, named[0]) for t in named):
                # "We use Postgres 15, not Postgres 14" says one tool is used, whichever version
                lead = without_version_contrast(lead, named[0])
                named = named_in(lead)
            # another name of the new tool ("Postgres" for "PostgreSQL") is no other tool; an
            # entry that does not say the tool is used ("Never use pnpm", "When we switch to
            # pnpm, ...", "webpack was a headache") would be rewritten into nonsense. One that
            # gives its version ("We use Postgres 14") is rewritten without it, the version
            # kept in the history.
            if len(named) != 1 or same_tool(named[0], new) or _NOT_PLAINLY.search(lead) or (
                    not re.search(rf"{_SAYS_USED}\s+{re.escape(named[0])}(?![\w-])",
                                  lead, re.I)):
                return []
            # A tool said to be used now ("We're on pnpm now") is no switch said: it takes the
            # place only of a tool that did nothing more ("The API runs on Bun", a runtime
            # too, does not run on pnpm) and is not a part of it ("ruff format" of "ruff")
            if cand.kind != "switch" and (not tool_kinds(named[0]) <= kinds
                                          or has_word(named[0], new)):
                return []
            # A switch takes the place of the tool only where the entry uses it as one of the
            # new tool's kinds ("The API runs on Bun", the runtime, is not what "We moved to
            # yarn" replaced), and not of a tool it is a part of or has as a part ("Always run
            # ruff", the linter, beside "We switched to ruff format", the formatter)
            if not kinds_used_as(lead, named[0]) <= kinds or has_word(new, named[0]) or (
                    has_word(named[0], new)):
                return []
            return named

        if any(not same_tool(t, new) for t in named_in(cand.text)):
            return None  # "managed with poetry (switched to uv ..., back on ...)": not a guess

        def open_to(entry: Entry) -> bool:
            return not guarded or not any(_stays_beside(entry, cand.text, t)
                                          for t in named_in(entry.lead))

        thing = _moved_thing(cand.text)
        if not thing and sum(bool(named_in(e.text)) and open_to(e) for e in self.live()) != 1:
            return None
        return self._one_other(cand, thing, new, others_in, open_to)

    def _place_replaced(self, new: str, said: str) -> tuple[Entry, str] | None:
        """For "CI runs on GitHub Actions now", a move told as what holds: the only entry
        saying one other known place of the same kind is used ("CI runs on Jenkins", "We use
        Jenkins for CI") and naming all ``said`` names beside the place, and that place. With
        two ("CI runs on Jenkins", "Nightly builds run on CircleCI") nothing says which one was
        left."""
        kind = kind_of(new)
        if kind is None:
            return None

        def others_in(lead: str) -> list[str]:
            named = {p.lower(): p for p in places_in(lead) if kind_of(p) == kind}
            if len(named) != 1 or _NOT_PLAINLY.search(lead):
                return []
            (place,) = named.values()
            # "Jenkins is flaky" names the place but does not say it is used
            said = re.search(rf"{_SAYS_PLACED}\s+{re.escape(place)}(?![\w-])", lead, re.I)
            return [place] if said else []

        found = [(entry, named[0]) for entry in self.live() if (named := others_in(entry.lead))
                 and not _claims_more(said, new, entry.text)]
        if len(found) != 1 or found[0][1].lower() == new.lower():
            return None
        # Only a plain statement of which place serves what it is about, and about no more
        # than the sentence names ("Deploys run on Jenkins" is not what "We use GitHub Actions
        # now" tells of, CI is): a rule ("Always run the release job on Jenkins, ...") or who
        # the user is ("I keep my personal notes in Notion") is no record of the team's place
        entry = found[0][0]
        if entry.type not in _RECORDS_PLACE or _not_named(
                _place_subject(entry.lead), _place_subject(said) + _PLACE_SUBJECTS[kind]):
            return None
        return found[0]

    def _moved_off(self, cand: Candidate) -> tuple[Entry, str] | None:
        """For "I moved the staging database to db2": the entry whose clause about that thing
        names one other host of that shape ("The staging database is on db1"), and that host."""
        new = cand.new or ""
        thing = _moved_thing(cand.text)
        if not thing or slot_values(new) != [new]:
            return None
        return self._one_other(cand, thing, new, lambda lead: [
            v for part in _CLAUSE_EDGE.split(lead)[::2] if _about(thing, part)
            for v in slot_values(part)])

    def _branch_renamed(self, cand: Candidate) -> tuple[Entry, str] | None:
        """For "The default branch was renamed to trunk", which does not say from what: the
        entry giving the default branch one name ("The default branch is main"), and it."""
        if _SAID_OF_ONE.search(cand.text) is None or not re.search(r"\brenam", cand.text, re.I):
            return None
        return self._one_other(cand, frozenset(), cand.new or "", lambda lead: [
            m[1] for m in _BRANCH_IS.finditer(lead)])

    def _upgraded_from(self, cand: Candidate) -> tuple[Entry, str] | None:
        """For "we upgraded production to Postgres 16", which does not say from which version:
        the entry naming one other version of that tool ("We run Postgres 14 in production"),
        about what moved when the move names it, and that version. Nothing when no entry, or
        more than one version in the entry, says which is replaced."""
        parts = split_version(cand.new or "")
        if parts is None:
            return None
        name, version = parts
        found = self._one_other(cand, _moved_thing(cand.text), version, lambda lead: (
            [] if _other_holders(lead, cand.text) else versions_of(lead, name)))
        return None if found is None else (found[0], spelled_as_in(found[0].lead,
                                                                   f"{name} {found[1]}"))

    def _setting_target(
        self, cand: Candidate, change: SettingChange
    ) -> tuple[Entry, str | None] | None:
        """For "Bumped retries from 3 to 5" or "The standup moved to 10:30": the live entry
        whose clauses about that setting give it the old value (their one value, when the old
        one is not said), and that value as compared; else one that gives it the new value
        alone, already, and None. Not for one week's exception ("this week only", "next week
        the standup moved to 10"), nor for one place ("on staging") an entry does not name.
        The entry most like ``cand`` wins, then the earliest."""
        if _ONE_TIME.search(cand.text) or (change.time and last_mention(cand.text) is not None):
            return None
        where = tokens(_only_where(cand.text))
        found: list[tuple[bool, float, int, Entry, str | None]] = []
        for pos, entry in enumerate(self.live()):
            values = [v.value for v in _stated_in(change, entry.lead)]
            if not values or (where and not _about(where, entry.lead)):
                continue
            says_now = [same_value(v, change.now_value) for v in values]
            was: str | None = None
            if not all(says_now):
                if any(says_now):
                    continue  # the old value and the new: which holds where is not said
                said = change.was_value
                was = next((v for v in values if same_value(v, said)), None) if said else (
                    values[0] if len(set(values)) == 1 else None)
                if was is None:
                    continue
            found.append((was is not None, similarity(cand.text, entry.lead), -pos, entry, was))
        if not found:
            return None
        *_, entry, was = max(found, key=lambda f: f[:3])
        return entry, was

    def _set_value(
        self, entry: Entry, change: SettingChange, was: str, cand: Candidate, cluster: Cluster
    ) -> None:
        """The entry's value of a setting put from ``was`` to the change's new one, in its own
        words ("We run Sidekiq 7 with 25 concurrency"); the old value is history."""
        old = next(v.written for v in _stated_in(change, entry.lead) if v.value == was)
        lead, now = _put_setting(entry.lead, change, was)
        done = _when_done(cand)  # "we bumped retries to 5 last month": in June 2026
        entry.history.append(f"Changed from {old} to {now} {done}; previously {old}.")
        entry.name = _put_setting(entry.name, change, was)[0]
        entry.description = _put_setting(entry.description, change, was)[0]
        if entry.hook:
            entry.hook = _put_setting(entry.hook, change, was)[0]
        entry.statements = [lead] + [s for s in entry.statements[1:] if not any(
            v.value == was for v in _stated_in(change, s))]
        if cand.why:
            entry.why = cand.why
            entry.generated_why = False
        self._superseded(entry, cand, cluster, f"{change.what} changed from {old} to {now} "
                         f"{done}; entry rewritten to the new value")

    def _back_in_its_place(self, cand: Candidate) -> tuple[Entry, str] | None:
        """For "Let's go back to npm for the frontend" with no history of npm: the one entry that
        says the same but for one choice ("We use pnpm for the frontend"), and that choice."""
        new = cand.new or ""
        at = re.search(rf"\b{re.escape(new)}\b", cand.text)
        tail = cand.text[at.end():].strip().rstrip(".!") if at else ""
        if not new or len(tail.split()) < 2:
            return None  # nothing said beside the choice to find its place by
        said = f"We use {new} {tail}"
        found = [(e, d[0]) for e in self.live() if (d := choice_difference(e.lead, said))
                 and d[1].lower() == new.lower()]
        return found[0] if len(found) == 1 else None

    def _superseded(self, entry: Entry, cand: Candidate, cluster: Cluster, reason: str,
                    action: Action = "superseded") -> None:
        """``entry`` now says what ``cluster`` told: its sources and score, and the decision."""
        entry.add_sources([c.source for c in cluster.members], self.options.max_sources)
        entry.score = max(entry.score, cluster.score)
        entry.changed = True
        self.decisions.append(Decision(action, shorten(entry.lead, 120), reason,
                                       file=entry.file, session_id=cand.source.session_id))
        self._told(entry)

    def _rescheduled(
        self, cand: Candidate, thing: frozenset[str], new: str
    ) -> tuple[Entry, str, str] | None:
        """For "we moved the release to 2027-03-10" or "the launch slipped to March 2027" (what
        moved and the new date, from ``_date_moved``): the entry whose clause about what moved
        gives it one other date ("The release is planned for 2027-03-03"), that date and the
        new one."""
        # ("after the launch on 2026-07-22" is of a plan already on 2026-07-22)
        day = (date_mentions(new) or [new])[-1]
        # a day forbidden ("Never schedule the design review on 2026-07-24") is no plan: the
        # move does not make the new day the one forbidden
        found = self._one_other(cand, thing, day, lambda lead: [] if _FORBIDS.search(lead) else [
            d for part in _CLAUSE_EDGE.split(lead)[::2] if _about_event(thing, part)
            for d in date_mentions(part)], about=_about_event)
        return None if found is None else (found[0], found[1], new)

    def _shifted(self, thing: frozenset[str], days: int) -> tuple[Entry, str, str] | None:
        """For "The launch got pushed back two weeks" (what moved, by how many days): the one
        live plan whose clauses about what moved give it one day, that day and the day moved
        to. None when no plan of it has a day, or more than one does: which one moved is not
        told. A plan told as past, or a day forbidden, is no plan to move."""
        found: list[tuple[Entry, dict[str, str]]] = []
        for entry in self.live():
            lead = _LIST_MARK.sub("", entry.lead)
            if not _ISO_DAY.search(lead) or _TOLD_PAST.search(lead) or _FORBIDS.search(lead):
                continue
            named = {d.lower(): d for part in _CLAUSE_EDGE.split(lead)[::2]
                     if _about_event(thing, part) for d in date_mentions(part)}
            if named:
                found.append((entry, named))
        if len(found) != 1 or len(found[0][1]) != 1:
            return None
        entry, named = found[0]
        (was,) = named.values()
        if _ISO_DAY.fullmatch(was) is None:
            return None
        return entry, was, (date.fromisoformat(was) + timedelta(days=days)).isoformat()

    def _planned(self, thing: frozenset[str]) -> Entry | None:
        """The one live plan whose clauses about ``thing`` give it a day; None when none does or
        more than one: which one is meant is not told. A plan told as past, or a day
        forbidden, is no plan."""
        found = [entry for entry in self.live() if entry.type == "project" and not (
            _TOLD_PAST.search(lead := _LIST_MARK.sub("", entry.lead)) or _FORBIDS.search(lead))
                 and any(_about_event(thing, part) and date_mentions(part)
                         for part in _CLAUSE_EDGE.split(lead)[::2])]
        return found[0] if len(found) == 1 else None

    def _cancel(self, entry: Entry, cand: Candidate, cluster: Cluster) -> None:
        """The plan ``entry`` called off: the person's words lead, the plan is history, and
        its guidance, written for a day still ahead, goes."""
        day = cand.source.day.isoformat()
        was = _LIST_MARK.sub("", entry.lead).strip()
        entry.history.append(f"Updated on {day}; previously: {was}")
        entry.statements = [cand.text]
        entry.description = description_for(cand.text)
        if entry.hook:  # (its index line tells the plan as upcoming)
            entry.hook = entry.description
        if any(has_word(entry.name, d) for d in date_mentions(was)):
            entry.name = title_for(cand.text) or entry.name
        # ("Plan work around 2026-07-24" is for a day nothing is planned on now)
        told = Cluster([replace(c, kind="fact") for c in cluster.members], cluster.score)
        entry.why, entry.generated_why = cand.why or _default_why(told), not cand.why
        entry.how, entry.generated_how = _default_how(told.latest), True
        self._superseded(entry, cand, cluster,
                         f"called off on {day}; the plan '{shorten(was, 80)}' kept as history")

    def _moved_there(self, thing: frozenset[str], new: str) -> Entry | None:
        """The live entry about ``thing`` that already says it is ``new``, a day told by
        another event's ("after the launch on 2026-07-22")."""
        if not _BY_ANOTHER_EVENT.match(new):
            return None
        return next((e for e in self.live() if new.lower() in e.lead.lower()
                     and _about(thing, e.lead)), None)

    def _reschedule(
        self, entry: Entry, was: str, now: str, cand: Candidate, cluster: Cluster
    ) -> None:
        """The entry's date put from ``was`` to ``now``: in its own words where both are written
        alike (a day for a day, a month for a month) and the entry does not tell the plan as
        past; else the new statement leads, with new guidance. The earlier date is history."""
        day = cand.source.day.isoformat()
        by_event = _BY_ANOTHER_EVENT.match(now) is not None
        alike = (_ISO_DAY.fullmatch(was) is None) == (_ISO_DAY.fullmatch(now) is None) and not (
            was.lower().startswith("week") or now.lower().startswith("week")) and not by_event
        # "between 2026-08-01 and 2026-08-05" moved to one day: putting the day in place of
        # the first would make "between 2026-08-15 and 2026-08-05"; the new statement leads
        ranged = any(was in m[0] for m in _DATE_SPAN.finditer(entry.lead))
        entry.history.append(
            f"Updated on {day}; previously: {_LIST_MARK.sub('', entry.lead).strip()}" if ranged
            else f"Changed from {was} to {now} on {day}; previously {was}.")
        # "The design review is on 2026-07-14", moved to after the launch on 2026-07-22: "The
        # design review is after the launch on 2026-07-22"
        on_was = re.search(rf"\b(?:on|in)\s+{re.escape(was)}(?![\w-]|\.\d)", entry.lead) if (
            by_event) else None
        if alike and not ranged and not _TOLD_PAST.search(entry.lead):
            lead = _put_value(entry, was, now)
            if entry.generated_how:  # "2026-07-09 has passed; ..." is for the old date
                entry.how = _default_how(cand)
        else:
            lead = cand.text if on_was is None or ranged or _TOLD_PAST.search(entry.lead) else (
                entry.lead[: on_was.start()] + now + entry.lead[on_was.end():])
            _guidance_for(entry, cand, cluster)
            entry.description = description_for(lead)
            if entry.hook:  # (its index line, of the old date, would be told as past)
                entry.hook = entry.description
        if _TOLD_PAST.search(entry.name) or has_word(entry.name, was):
            # "Was planned: The code freeze starts on 2026-07-09" no longer is
            entry.name = title_for(lead) or entry.name
        entry.statements = [lead] + [s for s in entry.statements[1:] if not has_word(s, was)]
        self._superseded(entry, cand, cluster,
                         f"moved from {was} to {now} on {day}; entry rewritten to the new date")

    def _one_other(
        self, cand: Candidate, thing: frozenset[str], new: str,
        named_in: Callable[[str], list[str]],
        open_to: Callable[[Entry], bool] | None = None,
        about: Callable[[frozenset[str], str], bool] | None = None,
    ) -> tuple[Entry, str] | None:
        """The live entry, ``about`` ``thing`` when a thing is named, in whose lead
        ``named_in`` finds exactly one value and not ``new``, with that value: what ``new``
        replaced. The entry most like ``cand`` wins, then the earliest; only one ``open_to``
        takes, if given. ``about`` is ``_about`` unless given."""
        about = about or _about
        found: list[tuple[float, int, Entry, str]] = []
        for pos, entry in enumerate(self.live()):
            if (thing and not about(thing, entry.lead)) or (
                    open_to is not None and not open_to(entry)):
                continue
            named = {v.lower(): v for v in named_in(entry.lead)}
            if len(named) != 1 or new.lower() in named:
                continue
            (old,) = named.values()
            found.append((similarity(cand.text, entry.lead), -pos, entry, old))
        if not found:
            return None
        _, _, entry, old = max(found, key=lambda f: (f[0], f[1]))
        return entry, old

    def _rename_for(self, entry: Entry, named: str, old: str, new: str) -> str:
        """A file named for what was replaced ("project_ci-runs-jenkins.md" once CI runs on
        GitHub Actions) is named for what replaced it: for the entry's new name when the file
        was named for its old one, else with the one name put in place of the other. Only the
        engine's own names (``<type>_<slug>.md`` at the top) are changed; the new file declares
        that it supersedes the old one, so the loss check and a reader can follow it. The
        file's old name, or ""."""
        stem = entry.file.removesuffix(".md")
        kind, sep, rest = stem.partition("_")
        was, now = slug(old), slug(new)
        if (entry.opaque or not sep or kind != entry.type or "/" in stem
                or not _SLUG.fullmatch(rest) or not (_slugs_whole(old) and _slugs_whole(new))
                or was == now or not _slug_has(rest, was)):
            return ""
        rest = slug(entry.name) if rest == slug(named) else _slug_switched(rest, was, now)
        if not _slug_has(rest, now):
            return ""  # the new name would not say the new choice ("Just" is a stopword)
        if f"{kind}_{rest}.md" == entry.file:
            return ""
        before = entry.file
        taken = {e.file.lower() for e in self.entries} | {
            e.renamed_from.lower() for e in self.entries if e.renamed_from}
        entry.file = free_file_name(f"{kind}_{rest}", taken)
        if entry.original is not None:
            entry.renamed_from = entry.renamed_from or before
            _declare_file(entry, "supersedes", entry.renamed_from)
        return before

    def _current_of(self, entry: Entry) -> str | None:
        for line in reversed(entry.history):
            m = HISTORY_LINE.match(line)
            if m:
                return m["new"]
        # a hand-written "We switched from Poetry to uv." tells what is current in its lead
        told = _switch_told(entry.lead)
        return told["new"] if told is not None else None

    def _switch(self, entry: Entry, cand: Candidate, cluster: Cluster) -> None:
        if cand.new is not None:
            cand = replace(cand, new=_as_written(entry, cand.new),
                           old=cand.old and _as_written(entry, cand.old))
        new = cand.new or ""
        thing = _moved_thing(cand.text)
        current = self._current_of(entry)
        meant = current is None and cand.back and cand.old is None and not entry.history and (
            _meant_from(entry.lead, new) is not None)
        if meant:
            # "We're going back to Celery" over "The user wants to switch ... from Celery to
            # Dramatiq": Dramatiq was tried, and is what is left
            current = _meant_from(entry.lead, new)
        # "moved back to Notion" over "Design docs live in Confluence, not Notion"
        old = cand.old or current or _chosen_over(entry.lead, new)
        day = cand.source.day.isoformat()
        done = _when_done(cand)
        # ... the same switch told again; not another tool going the same way ("We replaced
        # flake8 and black with ruff": black still named once flake8 is ruff)
        last = HISTORY_LINE.match(entry.history[-1]) if entry.history else None
        still_named = (cand.old is not None and last is not None
                       and last["old"].lower() != cand.old.lower()
                       and any(_names(st, cand.old) for st in entry.statements))
        if (old is not None and old.lower() == new.lower()) or (
            current is not None and current.lower() == new.lower() and not still_named
        ) or (old is None and _says_of(entry.lead, thing, new)
              and not _set_against(entry.lead, new)):
            self._confirm(entry, cand, cluster)
            return
        if old is not None and cand.old is not None and _set_against(entry.lead, old) and (
                _says_of(entry.lead, thing, new) and not _set_against(entry.lead, new)
                and last_mention(entry.lead) is None):
            # "We moved CI from Jenkins to GitHub Actions last month" beside "We use GitHub
            # Actions for CI, not Jenkins": the entry says so already (a dated one, "From
            # 2026-07-06 we'll use ...", is a plan the switch tells of as done)
            self._switch_told(entry, cand, cluster, old)
            return
        # The statement that says what was: the lead, or the one line of a hand-written list
        # that names it ("- CI runs on GitHub Actions." under "- We lint with flake8 ..."); the
        # other lines are the person's and stay.
        at = 0
        if old is not None and entry.statements and not _names(entry.lead, old):
            at = next((i for i, st in enumerate(entry.statements) if i and _names(st, old)
                       and not has_word(st, new)), 0)
        lead = entry.statements[at] if at else entry.lead
        bullet = _LIST_MARK.match(lead)
        if bullet is not None:
            lead = lead[bullet.end():]
        if old is not None and split_version(old) is None and (
                tool_pattern(_tool_of(new)) != tool_pattern(old)):
            # "We run Postgres 15 for analytics, not 14" put to MySQL would set it against a
            # bare "14": what set one version against another goes with the tool
            lead = without_version_contrast(lead, old)
        fits = (old is not None and not meant and _names(lead, old) and not _ISO_DAY.search(lead)
                and not TELLS_SWITCH.search(lead) and last_mention(lead) is None)
        # "CI runs on GitHub Actions, not Jenkins" after "we moved CI from Jenkins to Buildkite":
        # the choice the entry names goes, and what it was set against with it ("CI runs on
        # Buildkite."); swapping the old name alone would say "..., not Buildkite"
        over = _over_left(lead, entry, cand, old, thing) if fits and old is not None else None
        put: str | None = None
        if over is not None and old is not None:
            put = _name_in_place(_without_contrast(lead, old), over, new, cand.text)
        elif fits and old is not None:
            put = _put_in_place(lead, old, new, cand.text, thing)
        if put is None and old is not None and not meant and not TELLS_SWITCH.search(lead):
            put = with_version(lead, old, new)  # "Postgres version is 14" -> "... is 16"
        if put is not None and left_behind(cand.text):
            put = None  # "..., but the lambdas are still on 3.11": the person's words say it
        # "Always use pnpm for installs, never npm or yarn" set both aside, and "We switched
        # from npm to yarn" ends it (swapped, it would read "never yarn or yarn"): the switch
        # says what holds now, and the statement, with what it chose, goes into the history
        rule_ended = old is not None and _set_against(lead, old) and _set_against(lead, new)
        ended = [t for t in tools_in(lead) if not _set_against(lead, t)] or [
            c for c in [_chosen_over(lead, old or "")] if c] if rule_ended else []
        if rule_ended:
            put = None
        elif put is not None and old is not None and _set_against(lead, new) and (
                len(said_as_name(put, re.escape(new))) > 1):
            # "We use pnpm, not npm or yarn", switched from pnpm to yarn: the two trade places
            # ("We use yarn, not npm or pnpm"), where the swap alone would set yarn against
            # itself
            put = _swapped(lead, old, new)
        if put is not None and re.search(
                rf"(?<![\w-]){re.escape(new)}(?:,\s+|\s+(?:or|and|nor)\s+){re.escape(new)}"
                rf"(?![\w-])", put, re.I):
            put, rule_ended = None, True  # "never yarn or yarn": nothing the person said
        if put is not None and not _contrasted(lead, new, new) and _contrasted(put, new, new):
            # "We run Postgres 15, not Postgres 14" set two versions against each other: put
            # to MySQL it would read "We run MySQL, not MySQL"
            put = None
        # "Ruff format keeps reflowing our tables, so we're going back to black" tells of the
        # new choice itself: with the names put in place it would give its reason against
        # ruff format as one against black. The switch leads; the statement goes, its reason
        # with it, into the history (as it does when it is not rewritten for another reason)
        told_new = meant or (old is not None and not rule_ended and _tells_of(
            lead, new, old, thing if put is not None else frozenset()))
        if told_new:
            put = None
        was = old or "the previous choice"
        said = was
        gone: list[str] = []
        if put is not None and old is not None:
            kept = _without_old_place(put, old, new)
            if kept is None:
                put = None
            else:
                put, said, gone = kept
                if over is not None:
                    said = f"{over}, not {said}"
        if put is not None and old is not None and _tool_of(new) != _tool_of(old):
            # "We use Sentry for error tracking; the project is acme-web": the project is
            # Sentry's, and beside Datadog it would read as Datadog's
            put, of_old = _without_old_tool_clauses(lead, put, old)
            gone += of_old
        if rule_ended and old is not None:
            said, gone = _and(ended) if ended else old, [lead.rstrip(".!?")]
        elif told_new:
            gone = [lead.rstrip(".!?")]
        elif put is None and old is not None:
            # the statement goes: what it said of the old place alone stays in the history
            gone = _old_place_clauses(lead, old, new)
        new_lead = cand.text if put is None else put
        what = _MEANT_WHAT.search(lead) if meant else None
        if what is not None:
            # what the intention named moves back, not the words of the request ("..., please
            # revert the settlement-import port")
            new_lead = f"{sentence_case(what['what'])} is {new}."
        if bullet is not None:
            new_lead = bullet[0] + new_lead
        stale = [s for i, s in enumerate(entry.statements) if i and i != at and old
                 and (_names(s, old) or _of_old_place(s, old, new)) and not has_word(s, new)]
        # a line pruned below for naming the old place keeps its address in the history
        gone += [_LIST_MARK.sub("", s).strip().rstrip(".!?") for s in stale
                 if old and _of_old_place(s, old, new)]
        verb = "Switched back" if cand.back else "Switched"
        # "in Notion (https://...)" takes what else went inside its own brackets
        prior = (said if not gone else f"{said[:-1]}; {'; '.join(gone)})" if said.endswith(")")
                 else f"{said} ({'; '.join(gone)})")
        # "We switched from Postgres to MySQL" over "We use Postgres 14": the history keeps the
        # version the entry gave, which the new statement no longer says (of a lead that tells
        # of a switch, "from Postgres 14 to Postgres 15", the one it ended on)
        versioned = (_and([v for v in with_versions_said(lead, old) if not _set_against(
            lead, v)][-1 if TELLS_SWITCH.search(lead) else 0:]) if prior == old
            and split_version(old) is None and not _same_tool_as(new, old) else "")
        entry.history.append(f"{verb} from {was} to {new} {done}; previously "
                             f"{versioned or prior}.")
        statements = list(entry.statements) or [new_lead]
        statements[at] = new_lead
        entry.statements = [s for s in statements if s not in stale]
        named = entry.name
        if over is not None and old is not None and put is not None and _contrasted(
                entry.name, over, old):
            # "Use GitHub Actions for CI, not Jenkins" goes as its lead went ("Use Buildkite
            # for CI"); a title that was that choice alone ("GitHub Actions instead of
            # Jenkins") says the switch made
            chosen = _without_contrast(entry.name, old)
            entry.name = (_name_in_place(chosen, over, new, cand.text)
                          if _words(chosen).keys() - _words(over).keys()
                          else _switch_title(cand))
        elif ended and any(has_word(entry.name, t) for t in ended):
            entry.name = _switch_title(cand)  # "Use pnpm for installs" is what ended
        elif old is not None and has_word(entry.name, old):
            # a title telling of the earlier switch would tell of one that never happened
            entry.name = (_switch_title(cand) if put is None and (
                TELLS_SWITCH.search(entry.name) or _ISO_DAY.search(entry.name))
                else _renamed_title(entry.name, old, new, cand.text, thing))
        # only an entry rewritten to name the new choice is renamed for it
        renamed = (self._rename_for(entry, named, ended[0] if len(ended) == 1 else old, new)
                   if old is not None and has_word(new_lead, new) else "")
        if at == 0 or (old is not None and has_word(entry.description, old)):
            entry.description = description_for(new_lead)
        switched = self._switched.setdefault(id(entry), [])
        # a later switch of the same tool, or on from what the last one chose, replaces it
        switched[:] = [(n, w) for n, w in switched if n.lower() != was.lower()
                       and _tool_of(n) != _tool_of(new)] + [(new, was)]
        if cand.why:
            entry.why = cand.why
            entry.generated_why = False
        elif (not entry.why or entry.generated_why) and entry.type in ("feedback", "project"):
            chosen = _and(n for n, _ in switched)
            entry.why = f"Switched to {chosen} {done} (see the history above)."
            entry.generated_why = True
        if entry.type in ("feedback", "project") and (not entry.how or entry.generated_how):
            ended_too = over if over is not None else _and(ended) if ended else None
            entry.how = (_switch_how(new, was if ended_too is None else f"{ended_too} and {was}",
                                     cand.text) if len(switched) == 1 else
                         f"Use {_and(n for n, _ in switched)}; {_and(w for _, w in switched)} "
                         "are no longer current, so do not suggest them.")
            entry.generated_how = True
        self._superseded(entry, cand, cluster,
                         f"{verb.lower()} from {was} to {new} {done}; entry rewritten to the new "
                         "state" + (f"; file renamed from {renamed}" if renamed else "")
                         + ("; what it said before is kept in the history"
                            if rule_ended or told_new
                            else "; what it said of the old place alone is kept in the history"
                            if prior != said or (over is None and prior != was) else "")
                         + (f"; it named {over} as chosen over {was}, now {new} for both"
                            if over is not None else ""))
        for s in stale:
            self.decisions.append(Decision(
                "pruned", shorten(s, 120), f"stated {was} as current; superseded on {day}",
                file=entry.file))

    def _switch_told(self, entry: Entry, cand: Candidate, cluster: Cluster, old: str) -> None:
        """``entry`` says ``cand``'s switch was made already (the new choice as used, ``old``
        set against it): confirmed, with the switch as a dated history line unless it has one
        of it."""
        new = cand.new or ""
        if not TELLS_SWITCH.search(cand.text) or any(
                (m := HISTORY_LINE.match(h)) and m["old"].lower() == old.lower()
                and m["new"].lower() == new.lower() for h in entry.history):
            # said again ("We use pnpm, not npm"), or a switch it has the history of
            self._confirm(entry, cand, cluster)
            return
        done = _when_done(cand)
        verb = "Switched back" if cand.back else "Switched"
        entry.history.append(f"{verb} from {old} to {new} {done}; previously {old}.")
        self._superseded(entry, cand, cluster, f"already says {new} over {old}; the switch, "
                         f"made {done}, kept as history", action="updated")

    def _rule_excepted(self, cand: Candidate) -> tuple[Entry, str] | None:
        """The one live rule against what ``cand`` says is used now or allowed ("Don't add
        pandas as a dependency; ..." for "We now use pandas for the Excel export", "It's fine
        to add pandas as an optional extra"), and the exception as the rule tells it; None
        when no such rule. Beside it the rule would stand as it was, as if never broken."""
        m = _EXCEPTED.match(cand.text)
        if m is None or cand.kind not in ("fact", "decision", "preference", "correction"):
            return None
        name = m["allowed"] or m["used"]
        found = [e for e in self.live() if e.type == "feedback" and has_word(e.lead, name)
                 and _only_forbids(e.lead, name)]
        if len(found) != 1:
            return None
        said = (f"{m['allowed']}{m['rest']}".rstrip(".!") + " is fine" if m["allowed"]
                else cand.text[:1].lower() + cand.text[1:].rstrip(".!"))
        return found[0], said

    def _except(self, entry: Entry, said: str, cand: Candidate, cluster: Cluster) -> None:
        day = cand.source.day.isoformat()
        entry.statements = [*entry.statements, f"Except: {said} (said {day})."]
        self._superseded(entry, cand, cluster, f"an exception to the rule, said on {day}: "
                         f"{shorten(said, 80)}", action="updated")

    def _told(self, entry: Entry) -> None:
        """The decision just made tells what ``entry``, made in this dream, says now."""
        if entry.original is None:
            self._told_now[id(entry)] = (len(self.decisions) - 1, self.decisions[-1].reason, [])

    def _confirm(self, entry: Entry, cand: Candidate, cluster: Cluster) -> None:
        told = self._told_now.get(id(entry))
        if told is not None:
            # made in this dream, it was never "already remembered": the decision that made it
            # says it was said again
            at, reason, again = told
            again.append(cand.source.day.isoformat())
            days = unique(again)
            self.decisions[at] = replace(
                self.decisions[at], reason=f"{reason}; said {len(again) + 1} times in this "
                f"dream (again on {_and(days)})")
            entry.add_sources([c.source for c in cluster.members], self.options.max_sources)
            entry.score = max(entry.score, cluster.score)
            return
        # A file with no date of its own (hand-written, or Claude Code's) is not rewritten for
        # a restatement: its source goes in with its next real change.
        newest = entry.reference_day()
        refresh = newest is not None and (
            cand.source.day - newest).days > self.options.restatement_refresh_days
        # Within the refresh window the sources still go in if the entry changes for another
        # reason in this dream; the run record keeps the restatement either way.
        entry.add_sources([c.source for c in cluster.members], self.options.max_sources,
                          touch=refresh)
        entry.score = max(entry.score, cluster.score)
        self.decisions.append(Decision(
            "confirmed", shorten(entry.lead, 120),
            f"already remembered; restated on {cand.source.day.isoformat()}",
            file=entry.file, session_id=cand.source.session_id))

    def _restated(self, entry: Entry, cand: Candidate, cluster: Cluster) -> None:
        """``cand`` says what ``entry`` says: confirmed, with the reason given now if it had
        none."""
        if cand.why and not entry.why:
            entry.why = cand.why
            entry.changed = True
        self._confirm(entry, cand, cluster)

    def _came_to_pass(self, entry: Entry, cand: Candidate, cluster: Cluster) -> bool:
        """``cand`` tells that the event ``entry`` plans happened ("V2 launched on 2026-07-15"
        beside "The v2 launch is on 2026-07-17"): it leads, and the plan, with each move of its
        date said in this dream since, is dated history. Kept beside it, the plan would read as
        a second launch, or one still to come."""
        done = _done_on(cand)
        lead = _LIST_MARK.sub("", entry.lead)
        if done is None or not _due_by(lead, done) or not _same_event(lead, cand.text):
            return False
        day = cand.source.day.isoformat()
        entry.history.extend(_plan_history(
            lead, _plans_before(cluster, cand, done, set(entry.sources())), cand))
        entry.statements = self._capped([cand.text] + [
            s for s in entry.statements[1:] if not (
                _due_by(s, done) and similarity(s, lead) >= self.options.match_similarity)],
            entry.file)
        if entry.original is None or entry.description == description_for(lead):
            entry.description = description_for(cand.text)
        if _TOLD_PAST.search(entry.name) or any(has_word(entry.name, d)
                                                for d in date_mentions(lead)):
            entry.name = title_for(cand.text) or entry.name
        if cand.why:
            entry.why, entry.generated_why = cand.why, False
        elif entry.generated_why or not entry.why:
            entry.why, entry.generated_why = _default_why(cluster), True
        if entry.type in ("feedback", "project") and (entry.generated_how or not entry.how):
            # "Plan work around 2026-07-17" was for the plan
            entry.how, entry.generated_how = _default_how(cand), True
        self._superseded(entry, cand, cluster,
                         f"the plan came to pass: told as done on {day}; "
                         f"'{shorten(lead, 80)}' kept as history")
        return True

    def _plan_done(self, cand: Candidate, cluster: Cluster) -> None:
        """``cand`` tells something done in words no plan is said in ("We shipped 1.4 today!",
        "SOC2 evidence got submitted this morning"): the one remembered plan of it due by then
        is told as done; said in this dream after its plan, the two are one memory. Of no plan,
        or of more than one, it tells nothing to remember ("I finished the refactor today")."""
        done = _done_on(cand)
        # what was done must be named: "We shipped it today" is of whatever "it" was
        if done is not None and any(w not in _DONE_WORDS for w in _event_words(cand.text)):
            found = [e for e in self.live() if e.type == "project" and _due_by(
                lead := _LIST_MARK.sub("", e.lead), done) and _same_event(lead, cand.text)]
            if len(found) == 1 and self._came_to_pass(found[0], cand, cluster):
                return
            if not found and _plans_before(cluster, cand, done, set()):
                self._create(cand, cluster)
                return
        self.decisions.append(Decision(
            "dropped", shorten(cand.text, 120),
            "tells something done, and no single remembered plan of it is due by then",
            session_id=cand.source.session_id))
        rest = [c for c in cluster.members if not c.of_plan]
        if rest:
            # what was said alike beside it is a memory as it would be alone
            self.apply(Cluster(rest, cluster.score))

    def _update(self, entry: Entry, cand: Candidate, cluster: Cluster) -> None:
        if self._came_to_pass(entry, cand, cluster):
            return
        if cand.kind == "plan" and _at_the_event(cand.text) and not _at_the_event(
                entry.lead) and same_values(cand.text, entry.lead):
            self._beside_the_plan(entry, cand, cluster)
            return
        # A restatement says nothing the entry does not: a new date or number ("the demo is on
        # 2026-07-31" against "... on 2026-07-24") is a change, however similar the words, and
        # so is one word put in place of another ("I prefer tabs" -> "I prefer spaces").
        rule = entry.type == "feedback" and _is_rule(cand)
        if any((_says_again(cand.text, s) or (rule and restates_rule(s, cand.text)))
               and same_values(cand.text, s) and not _word_replaced(s, cand.text)
               and not _opposite_said(s, cand.text)
               # "We launched v2 on 2026-07-15" of "The v2 launch is on 2026-07-15": news that
               # the plan happened, not the plan said again
               and not (cand.kind == "fact" and says_past(cand.text) and not says_past(s))
               for s in entry.statements) or (rule and any(
                   said_once_more(s, cand.text) for s in entry.statements)):
            self._restated(entry, cand, cluster)
            return
        # "Prod is now prd-eu-2, we migrated ...": the value is compared in what holds now
        conflict = choice_difference(entry.lead, cand.text) or _value_change(
            entry.lead, cand.text) or _value_change(entry.lead, cand.match_text) or (
            _value_put_right(entry.lead, cand.text, cand.kind == "correction"))
        if conflict is not None and (conflict[0].lower() in _TURNING or _forbids_another(
                entry.lead, cand.text, conflict[0])) and (
                replaces(entry.lead, cand.text) and not _ALSO.search(cand.text)):
            # the old rule is named whole below; a rule turned round too, which read "Changed
            # from Don to Always; previously Don"
            conflict = None
        day = cand.source.day.isoformat()
        action: Action
        if conflict is not None:
            was, now = conflict
            entry.history.append(f"Changed from {was} to {now} {_changed_when(cand)}; "
                                 f"previously {was}.")
            stale = [s for s in entry.statements[1:] if has_word(s, was)]
            entry.statements = [cand.text] + [s for s in entry.statements[1:] if s not in stale]
            _put_value(entry, was, now)
            if entry.original is None:
                entry.description = description_for(entry.lead)
            action = "superseded"
            reason = f"newer statement replaces '{was}' with '{now}' on {day}"
        elif replaces(entry.lead, _INSTEAD_AT_END.sub("", cand.text)) and not _ALSO.search(
                cand.text):
            # The newer statement says the same thing with a word changed ("We write tests for
            # all code" -> "We never write tests"), but no single "X to Y" lines up: name the
            # old statement instead of a wrong pair of words.
            previous = entry.lead
            entry.history.append(f"Updated on {day}; previously: {previous}")
            entry.statements = [cand.text] + [s for s in entry.statements[1:]
                                              if coverage(s, cand.text) < 0.85]
            entry.statements = self._capped(entry.statements, entry.file)
            if entry.original is None or entry.description == description_for(previous):
                entry.description = description_for(entry.lead)
            _guidance_for(entry, cand, cluster)
            self._named_off_old_address(entry, previous, cand)
            action = "superseded"
            reason = f"newer statement replaces '{shorten(previous, 80)}' on {day}"
        elif (_NOW_CHANGED.search(cand.text) or MOVED_TO_ADDRESS.search(cand.text)) and not (
                _ALSO.search(cand.text)) and not (
                # "Prod is now prd-eu-2, we migrated on ..." over "Prod is now prd-eu-2": it
                # says all the entry says, so nothing it said has ended
                coverage(entry.lead, cand.text) >= 0.85 and same_values(entry.lead, cand.text)):
            # "We now deploy the API to Cloud Run" against "... to AWS Lambda": the person says
            # the old state ended. Keeping both as current would contradict; history keeps it.
            replaced_lead = entry.lead
            earlier = [s for s in entry.statements if not different_subjects(s, cand.text)]
            entry.history.extend(f"Updated on {day}; previously: {s}" for s in earlier)
            entry.statements = [cand.text] + [s for s in entry.statements if s not in earlier]
            entry.statements = self._capped(entry.statements, entry.file)
            if entry.original is None or any(
                    entry.description == description_for(s) for s in earlier):
                entry.description = description_for(entry.lead)
            if replaced_lead in earlier:
                _guidance_for(entry, cand, cluster)
            self._named_off_old_address(entry, replaced_lead, cand)
            action = "superseded"
            reason = (f"newer statement says what holds now ('{shorten(cand.text, 80)}'); "
                      f"the earlier one kept as history, {day}")
        elif rule and any(turns_rule_round(cand.text, s) for s in entry.statements):
            # "Never push to main; push to develop" over "Push to main": the old rule is covered
            # by the new words, and was replaced with no history, as if said again
            self._turn_round(entry, cand, cluster)
            return
        else:
            replaced = [s for s in entry.statements if coverage(s, cand.text) >= 0.85]
            entry.statements = [cand.text] + [s for s in entry.statements if s not in replaced]
            entry.statements = self._capped(entry.statements, entry.file)
            action = "updated"
            reason = f"matches an existing entry; newest wording from {day} leads"
            if entry.original is None:
                entry.description = description_for(entry.lead)
        if cand.why:
            entry.why = cand.why
            entry.generated_why = False
        entry.add_sources([c.source for c in cluster.members], self.options.max_sources)
        entry.score = max(entry.score, cluster.score)
        entry.changed = True
        self.decisions.append(Decision(action, shorten(cand.text, 120), reason, file=entry.file,
                                       session_id=cand.source.session_id))

    def _beside_the_plan(self, entry: Entry, cand: Candidate, cluster: Cluster) -> None:
        """``cand`` tells who is at the event ``entry`` plans, or away from it ("I will attend
        the design review on 2026-07-24", "We can't make the design review ..."): the plan
        leads as it was (replaced, it read as the review's plan, or as if it were off), and
        the statement follows it."""
        if any(_says_again(cand.text, s) for s in entry.statements[1:]):
            self._confirm(entry, cand, cluster)
            return
        entry.statements = self._capped([*entry.statements, cand.text], entry.file)
        entry.add_sources([c.source for c in cluster.members], self.options.max_sources)
        entry.score = max(entry.score, cluster.score)
        entry.changed = True
        self.decisions.append(Decision(
            "updated", shorten(cand.text, 120),
            "says who is at the event the entry plans, or away from it; the plan leads as it "
            "was", file=entry.file, session_id=cand.source.session_id))

    def _create(self, cand: Candidate, cluster: Cluster) -> None:
        said_alone = _alone(cand.text) if _is_rule(cand) else cand.text
        if said_alone != cand.text:
            # "Never push to the release branch either" adds to a rule kept elsewhere; the
            # memory of its own says the rule alone
            cluster = Cluster([replace(c, text=said_alone, key=_alone(c.key) if c.key else "")
                               if c is cand else c for c in cluster.members], cluster.score)
            cand = replace(cand, text=said_alone, key=_alone(cand.key) if cand.key else "")
        first = cluster.first
        # "The beta ships on 2026-08-01", then "The beta slipped to 2026-08-15": the plan, in
        # its own words, with the new date; a move said in the plan's words but the date ("The
        # release is on ...", "The release moved to ...") is a value changed, below
        changed = _changed_value(first.text, cand.text) if first.text != cand.text else None
        put_off = _put_off(first.text, cand.text) if (
            first.text != cand.text and cand.kind != "switch" and not changed) else None
        lead = put_off[0] if put_off is not None else cand.match_text
        # "Use single quotes rather than double quotes", then "Use double quotes instead": the
        # rule with its two things traded ("Use double quotes rather than single quotes")
        traded = _choice_turned(first.text, cand.text) if (
            first.text != cand.text and put_off is None and cand.kind != "switch") else None
        if traded is not None:
            lead = _swapped(first.text, *traded)
        # "Dont use semicolons i hate them", then "dont use semicolns": the rule as first said,
        # the later words adding nothing (they led, and the reason went into the history)
        again = traded is None and put_off is None and first.text != cand.text and (
            _is_rule(cand) and said_once_more(first.text, cand.text))
        if again:
            lead = first.text
        # (an address ends the clause matched at its "https:"; the title gives its host)
        name = _switch_title(cand) if cand.kind == "switch" else title_for(
            cand.text if lead == cand.match_text and "://" in cand.text else lead)
        statements: list[str] = [lead] if traded is not None or again else []
        for member in sorted(cluster.members, key=lambda c: (c.timestamp, c.order), reverse=True):
            if traded is not None and member.text in (first.text, cand.text):
                continue
            if not any(_says_again(member.text, s) or (again and said_once_more(s, member.text))
                       for s in statements):
                statements.append(member.text)
        file = self._new_file(cand.type, name, lead)
        entry = Entry(
            file=file,
            name=name,
            description=description_for(
                lead if put_off is not None or traded is not None or again else cand.text),
            type=cand.type,
            statements=self._capped(statements, file),
            score=cluster.score,
            changed=True,
        )
        done = _done_on(cand)
        plans = _plans_before(cluster, cand, done, set()) if done is not None else []
        if traded is not None:
            entry.history.append(
                f"Updated on {cand.source.day.isoformat()}; previously: {first.text}")
        elif put_off is not None:
            put, was, now = put_off
            entry.statements = [put] + [s for s in entry.statements if not has_word(s, was)
                                        and s != cand.text]
            entry.history.append(
                f"Changed from {was} to {now} on {cand.source.day.isoformat()}; previously {was}.")
        elif plans:
            # "The v2 launch is next Friday", "we pushed it to ...", "V2 launched today": the
            # launch leads, the plans it came from are its history
            said = {p for p, _ in plans}
            entry.statements = [s for s in entry.statements if s not in said] or [cand.text]
            entry.history.extend(_plan_history(plans[0][0], plans[1:], cand))
        elif cand.kind == "switch" and cand.new and cand.old and _tells_a_change(cand.text):
            entry.history.append(
                f"Switched from {cand.old} to {cand.new} {_when_done(cand)}; "
                f"previously {cand.old}.")
        elif changed and not again and not _forbids_another(first.text, cand.text, changed[0]):
            was, now = changed
            entry.statements = [s for s in entry.statements
                                if not has_word(s, was) or has_word(s, now)] or [cand.text]
            day = cand.source.day.isoformat()
            if was.lower() in _TURNING:
                # "Always use spaces" after "Don't use spaces": the rule turned round is what
                # was. "Always use pnpm, never npm" says the "never" of "Never use pnpm" too,
                # and stayed in the body above the line naming it.
                entry.statements = [s for s in entry.statements if s != first.text and not (
                    turns_rule_round(s, cand.text))] or [cand.text]
                entry.history.append(f"Updated on {day}; previously: {first.text}")
            else:
                entry.history.append(f"Changed from {was} to {now} on {day}; previously {was}.")
        elif first.text != cand.text and not again and replaces(
                first.text, _INSTEAD_AT_END.sub("", cand.text)) and not (
                _is_rule(cand) and restates_rule(first.text, cand.text)) and not _says_again(
                    cand.text, first.text):
            entry.statements = [s for s in entry.statements if s != first.text] or [cand.text]
            entry.history.append(
                f"Updated on {cand.source.day.isoformat()}; previously: {first.text}")
        if entry.type in ("feedback", "project"):
            entry.why = cand.why or _default_why(cluster)
            entry.generated_why = not cand.why
            entry.how = _default_how(first if again else cand)
            entry.generated_how = True
        entry.add_sources([c.source for c in cluster.members], self.options.max_sources)
        self.entries.append(entry)
        n = len(cluster.sessions)
        self.decisions.append(Decision(
            "created", shorten(cand.text, 120),
            f"new {cand.type} memory ({cand.kind}; {n} session{'s' if n != 1 else ''})",
            file=entry.file, session_id=cand.source.session_id))
        self._told(entry)

    # -- dates ---------------------------------------------------------------------------
    def date_existing(self, fallback: date | None) -> None:
        """Resolve relative dates left in existing entries, against the day they were written."""
        for entry in self.live():
            if entry.original is None:
                continue
            ref = entry.reference_day()
            how_known = "its newest source"
            if ref is None:
                if fallback is None:
                    continue
                ref, how_known = fallback, "assumed: the first session of this dream"
            parts = [entry.name, entry.description, *entry.statements, entry.why, entry.how,
                     entry.hook or ""]
            fixed = [absolutize(p, ref) for p in parts]
            rewrites = [rw for _, found in fixed for rw in found]
            if not rewrites:
                continue
            texts = [t for t, _ in fixed]
            entry.name, entry.description = texts[0], texts[1]
            entry.statements = texts[2 : 2 + len(entry.statements)]
            entry.why, entry.how = texts[-3], texts[-2]
            entry.hook = texts[-1] or entry.hook
            entry.changed = True
            # The same words in the body and in the index line are one decision, not two.
            for rw in {(rw.original, rw.replacement): rw for rw in rewrites}.values():
                self.decisions.append(Decision(
                    "dated", entry.file,
                    f"'{rw.original}' -> {rw.replacement} (reference {ref.isoformat()}, "
                    f"{how_known})", file=entry.file))

    def reword_old_how(self) -> None:
        """The How earlier versions wrote for every prohibition, "Do not do this unless ...",
        read under "Never force-push to main" as its double negative: said again as the rule's
        action ("Do not force-push to main unless ...")."""
        for entry in self.live():
            if entry.original is None or entry.how != _OLD_PROHIBITION_HOW:
                continue
            how = _prohibition_how(entry.lead)
            if how == entry.how:
                continue
            entry.how = how
            entry.changed = True
            self.decisions.append(Decision(
                "updated", shorten(entry.lead, 120),
                f"its How was the engine's old 'Do not do this ...'; now: {how}",
                file=entry.file))

    def tell_past_plans(self, today: date) -> None:
        """Plans whose dates have passed are told as past, not as upcoming."""
        for entry in self.live():
            changed = False
            new_statements = []
            subject = entry.lead  # what the decision names: the first statement retold
            for s in entry.statements:
                told = tell_as_past(s, today)
                new_statements.append(told if told is not None else s)
                if told is not None and not changed:
                    subject, changed = told, True
            # The engine's own How is rewritten below, not retold ("Was planned for 2026-01-05:
            # plan work around 2026-01-05."), and its own hook is made anew (``describe``): the
            # day it names is when the plan was said ("plan stated on 2026-07-06").
            told_attrs = [] if entry.generated_hook else ["description"] + (
                [] if entry.hook and hook_after_title(entry.hook, entry.description, entry.name)
                else ["hook"])
            for attr in told_attrs if entry.generated_how else [*told_attrs, "how"]:
                told = tell_as_past(getattr(entry, attr) or "", today)
                if told is not None:
                    setattr(entry, attr, told)
                    changed = True
            # The title follows the entry's current statement: it is retold when that plan is
            # told as past here, never otherwise. Not while the plan is upcoming (an older,
            # passed statement kept as history does not make it past), not for a fact that
            # merely carries a past date ("CI moved to Buildkite on 2026-07-01" under the title
            # "CI is running on Buildkite"), and not for a title whose own date is stale.
            lead = new_statements[0] if new_statements else ""
            lead_passed = bool(entry.statements) and (
                lead != entry.statements[0] or (is_past(lead, today) and says_past(lead)))
            name = _past_title(entry.name, today, as_planned=lead.startswith(
                "Was planned")) if lead_passed else None
            if name is not None and name != entry.name:
                entry.name = name
                changed = True
            # The engine's "Plan work around <day>" is stale once the plan has passed, even when
            # an earlier dream already told the statements as past.
            plans_ahead = entry.generated_how and entry.how.startswith(
                ("Plan work around", "Was planned for"))
            # ... but a lead that tells it happened ("We launched v2 on ...") needs no check on
            # how it turned out
            retold = bool(entry.statements) and lead != entry.statements[0]
            if entry.type in ("feedback", "project") and lead_passed and (
                    plans_ahead or (changed and retold and (entry.generated_how or not entry.how))):
                how = passed_how(new_statements[0], today)
                if how is not None and how != entry.how:
                    entry.how = how
                    changed = True
            elif entry.type == "project" and lead_passed and changed and entry.how and (
                    not entry.generated_how):
                # The person's own How ("only bug fixes on main until it is out") stays, word
                # for word; the reader learns it was for a date now gone by.
                how = passed_how(new_statements[0], today)
                if how is not None and how not in entry.how:
                    entry.how = f"{entry.how.rstrip()} ({how})"
            if not changed:
                continue
            entry.statements = new_statements
            entry.changed = True
            self.decisions.append(Decision(
                "past", shorten(subject, 120),
                f"its date is before {today.isoformat()}; told as past, not as upcoming",
                file=entry.file))


    def describe(self) -> None:
        """Each entry this dream made whose description would only say its title again
        ("Put type hints on everything" — "Put type hints on everything.") describes what the
        title does not say (``hook_for``); one a dream described so before is described anew
        when it changes. A description the person wrote stays."""
        for entry in self.live():
            if entry.opaque or not entry.changed:
                continue
            if entry.generated_hook:
                entry.description = description_for(entry.lead)
            elif entry.original is not None:
                continue
            if says_only_name(entry.description, entry.name):
                entry.description = hook_for(entry) or entry.description


def _past_title(name: str, today: date, *, as_planned: bool = False) -> str:
    """A plan's title once its date has passed. The date it names is said once and the words
    keep their case ("Was planned: Priya joins the team on 2026-07-13", not "Was planned for
    2026-07-13: priya joins the team on 2026-07-13"), within the length of any title.
    ``as_planned``: the statement is told "Was planned: ..." in its own words, and so is the
    title ("The SOC2 audit is on 2026-01-15" of "..., so freeze the infra changes" is not "The
    SOC2 audit was on 2026-01-15" over it)."""
    told = tell_as_past(name, today)
    if told is None:
        told = retell(name)
        if as_planned and told != name and not told.startswith("Was planned"):
            told = f"Was planned: {name}"
        # ("Was planned: The user is giving a talk about csvstat" may be over the length)
        return title_for(told, whole=True) if told.startswith("Was planned") else told
    when = last_mention(name)
    if (told.startswith("Was planned") and when is not None and when.phrase in name) or (
            as_planned and not told.startswith("Was planned")):
        told = f"Was planned: {name}"
    return title_for(told, whole=True)


# A number right after a name is its version when the phrase ends there or goes on with a
# small word ("MySQL 8 for the main database") or says where or when it is used ("Postgres 15
# locally", "Node 20 everywhere"), not a count ("Heroku 2 times a day").
_SMALL_WORD = "|".join(sorted(STOPWORDS, key=len, reverse=True))
_WHERE_USED = (r"[a-z]+ly|everywhere|anywhere|today|anymore|already|still|yet|"
               r"in-house|on-prem(?:ises)?")
_VERSION_END = rf"(?=\s*(?:[.,;:!?)]|$)|\s+(?:{_SMALL_WORD}|{_WHERE_USED})\b)"


# The words of a plan that are no part of what it is about: its date, and how it is told
_PLAN_TELLING = frozenset({"plann", "plan", "schedul", "due", "week", "month"})


def _what_is_planned(text: str) -> frozenset[str]:
    return frozenset(t for t in tokens(text) if t not in _PLAN_TELLING
                     and t not in CALENDAR_WORDS and not any(c.isdigit() for c in t))


def _another_plan(cand: Candidate, entry: Entry) -> bool:
    """``cand`` plans another event than ``entry`` does, on another day: "The release is on
    2026-07-24" is not the "code freeze starts on 2026-07-13", however alike two short dated
    sentences read; a plan moved keeps a word of what moved ("The release moved to ...")."""
    if cand.kind != "plan" or entry.type != "project":
        return False
    said, planned = last_mention(cand.text), last_mention(entry.lead)
    return (said is not None and planned is not None and said.last != planned.last
            and (not _what_is_planned(cand.text) & _what_is_planned(entry.lead)
                 or _named_apart(entry.lead, cand.text)))


def _slugs_whole(name: str) -> bool:
    """Every word of ``name`` is in its slug, and none is a lone letter ("C++" slugs to "c")."""
    words = re.findall(r"[a-z0-9]+", name.lower())
    return bool(words) and slug(name).split("-") == words and all(len(w) > 1 for w in words)


def _slug_has(slugged: str, part: str) -> bool:
    """``part``'s words stand together, whole, in ``slugged`` ("ci-runs-jenkins" has "jenkins",
    not "jen")."""
    return re.search(rf"(?:^|-){re.escape(part)}(?:-|$)", slugged) is not None


def _slug_switched(slugged: str, was: str, now: str) -> str:
    """``slugged`` with the words of ``was`` put in place of ``now``'s, or the two swapped where
    it names both ("ruff-format-instead-black" -> "black-instead-ruff-format")."""
    words, a, b = slugged.split("-"), was.split("-"), now.split("-")
    both = _slug_has(slugged, now)
    out: list[str] = []
    i = 0
    while i < len(words):
        if words[i:i + len(a)] == a:
            out += b
            i += len(a)
        elif both and words[i:i + len(b)] == b:
            out += a
            i += len(b)
        else:
            out.append(words[i])
            i += 1
    return "-".join(out)


def _changed_when(cand: Candidate) -> str:
    """When a value changed: the date a clause telling that the change was made gives ("...,
    we moved it on 2026-07-06"), else the day it was said. A date in what holds now ("the
    release is now on 2026-07-31") is the value, not when it changed."""
    # candidates imports facts, which imports this module: import where it is used
    from autodream.engine.candidates import state_told

    told = state_told(cand.text)
    return _done_by(last_mention(told[1]) if told is not None else None, cand)


def _when_done(cand: Candidate) -> str:
    """When a switch happened: the date it was said to be done ("last week we moved CI ..."
    is dated "in the week of" that Monday), else the day it was said."""
    return _done_by(last_mention(cand.text), cand)


def _done_by(when: When | None, cand: Candidate) -> str:
    """``when``, if it is no later than the day ``cand`` was said, else that day."""
    if when is not None and when.last <= cand.source.day:
        return when.prepositional
    return f"on {cand.source.day.isoformat()}"


# What holds the new version ("the staging servers are on Node 20 now"), and where alone an
# upgrade was made ("... on staging only", "... in the Lambda functions only", "... on
# staging"). Production is where an unqualified fact holds, so it narrows nothing, and "all
# services" is everything.
_HELD_BY = re.compile(
    r"^(?:(?:fyi|btw|note|heads[- ]up|also|and|so)[,:]?\s+)?(?:(?:the|our)\s+"
    r"(?P<held>[\w-]+(?:\s+[\w-]+){0,2}?)|(?P<env_held>staging|dev|qa|preview|canary|sandbox))"
    r"(?:'re|'s|\s+(?:are|is))\s+(?:now\s+)?"
    r"(?:on|using|running|use|run)\s", re.I)
_ONLY_WHERE = re.compile(
    r"\b(?:on|in|for)\s+(?:the\s+|our\s+)?(?P<only>[\w-]+(?:\s+[\w-]+){0,2}?)\s+only\b"
    r"|\b(?:on|in)\s+(?P<env>staging|dev|development|test|testing|qa|preview|canary|sandbox|"
    r"beta)\b", re.I)


def _moved_words(said: str) -> list[str]:
    """The words of what a move says moved ("design docs"), with where alone it was made
    ("staging"), or none ("On 2026-07-12 we switched ..." names no thing)."""
    m = _MOVED_WHAT.search(said) or _HELD_BY.search(said)
    words = m[next(k for k, v in m.groupdict().items() if v)].split() if m else []
    if any(w.lower() in _NOT_A_THING or re.fullmatch(r"[\d-]+", w) for w in words):
        words = []
    up = version_switch(said)
    tool = split_version(up[0]) if up else None
    if tool is not None:
        # "Upgraded PG to 16" moved no thing but the tool, under any of its names
        words = [w for w in words if not re.fullmatch(tool_pattern(tool[0]), w, re.I)]
    return words + _only_where(said).removeprefix("the ").split()


def _only_where(said: str) -> str:
    """Where alone a switch was made ("the Lambda functions" of "... in the Lambda functions
    only"), or ""."""
    m = _ONLY_WHERE.search(said)
    if m is None:
        return ""
    words = (m["only"] or m["env"]).split()
    if any(w.lower() in _NOT_A_THING or re.fullmatch(r"[\d-]+", w) for w in words):
        return ""
    return ("the " if m[0].split()[1].lower() == "the" else "") + " ".join(words)


# "we moved the release to 2027-03-10", "the launch slipped to March 2027": a date put off or
# brought forward, what moved said after the verb or before it
# ("slips", "delays", "pushes": told in the present too)
_RESCHEDULING = (r"(?:mov(?:e|es|ed|ing)|push(?:es|ed|ing)?|postpon(?:e|es|ed|ing)|"
                 r"delay(?:s|ed|ing)?|reschedul(?:e|es|ed|ing)|shift(?:s|ed|ing)?|"
                 r"bump(?:s|ed|ing)?|slip(?:s|ped|ping)?|slid(?:e|es|ing)?|brought|"
                 r"pull(?:s|ed|ing)?)")
_RESCHEDULED_TO = re.compile(
    rf"\b{_RESCHEDULING}\s+(?:(?:back|out|forward|up|in)\s+)?(?P<what>(?:(?:the|our)\s+)?"
    rf"[\w.-]+(?:\s+[\w.-]+){{0,3}}?)\s+(?:(?:back|out|forward|up)\s+)?to\s+|"
    # "The 4.0 launch slipped to ...": a version names which launch
    rf"^(?P<subject>(?:(?:the|our)\s+)?[\w.-]+(?:\s+[\w.-]+){{0,3}}?)\s+(?:(?:was|were|got|is|"
    rf"are|has\s+been|have\s+been|'s)\s+)?{_RESCHEDULING}\s+(?:(?:back|out|forward|up)\s+)?"
    rf"to\s+|"
    # "The 1.4 release slipped, it's now 2026-07-17": the day it moved to said after a pause
    rf"^(?P<slipped>(?:(?:the|our)\s+)?[\w.-]+(?:\s+[\w.-]+){{0,3}}?)\s+(?:(?:was|were|got|is|"
    rf"are|has\s+been|have\s+been|'s)\s+)?{_RESCHEDULING}(?:\s+(?:again|back|out))?\s*[,;:]\s*"
    rf"(?:(?:and\s+)?(?:it|that)(?:'s|\s+is)\s+|so\s+)?now\s+(?:(?:on|for|set\s+for)\s+)?",
    re.I)
# A plan the entry already tells as past ("Was planned: ...", "Was planned for 2026-07-15: ...",
# "We planned to ...", "The audit was on ...")
_TOLD_PAST = re.compile(r"^(?:Was planned for|We planned to)\b|\b(?:was|were)\b|"
                        r"\b(?:had|was|were) to\b", re.I)


def _put_off(plan: str, said: str) -> tuple[str, str, str] | None:
    """For a plan and a move of its date said after it in one dream ("The beta ships on
    2026-08-01", "The beta slipped to 2026-08-15"): the plan in its own words with the new
    date, the old date and the new one, as ``_reschedule`` puts a remembered plan. None when
    the move is of something else, the plan has more dates than one, or the dates are not
    written alike."""
    moved = _date_moved(said)
    if moved is None or _TOLD_PAST.search(plan):
        return None
    thing, now = moved
    # one date in all the plan: in "ships between 2026-08-01 and 2026-08-05" which moved is
    # not told
    dates = {d.lower(): d for d in date_mentions(plan)}
    if len(dates) != 1 or now.lower() in dates or not _about_event(thing, plan):
        return None
    (was,) = dates.values()
    if (_ISO_DAY.fullmatch(was) is None) != (_ISO_DAY.fullmatch(now) is None) or any(
            d.lower().startswith("week") for d in (was, now)):
        return None
    return re.sub(rf"(?<![\w.-]){re.escape(was)}(?![\w-]|\.\d)", now, plan), was, now


_BY_ANOTHER_EVENT = re.compile(
    r"(?:after|before)\s+(?:the\s+|our\s+)?[\w.-]+(?:\s+[\w.-]+)?\s+(?:on|in)\s+", re.I)


def _date_moved(said: str) -> tuple[frozenset[str], str] | None:
    """What a move of a date says moved, and the date it moved to: ({"release"}, "2027-03-10")
    for "We moved the release to 2027-03-10"."""
    m = _RESCHEDULED_TO.search(said)
    if m is None:
        return None
    rest = said[m.end():]
    after = date_mentions(rest)
    thing = tokens(m["what"] or m["subject"] or m["slipped"] or "")
    if not after or not thing:
        return None
    if not rest.startswith(after[0]):
        # "The review moved to after the launch on 2026-07-22": its day told by another event's
        rel = _BY_ANOTHER_EVENT.match(rest)
        if rel is None or not rest.startswith(after[0], rel.end()):
            return None
        return thing, rest[: rel.end()] + after[0]
    return thing, after[0]


# A plan may come to pass a little before its day ("launched on 2026-07-15", planned for the
# 17th); one due later than this after the day it was done is another event, still ahead.
_EARLY = timedelta(days=7)


# Told in the past, yet of a plan: "The migration was scheduled for ...", "We scheduled the
# demo on ...", "The release was supposed to ship on ..."
_STILL_PLANNED = re.compile(r"\b(?:schedul|plann|due\b|expected|slated|supposed|meant|"
                            r"going\s+to|was\s+to|were\s+to)", re.I)


def _done_on(cand: Candidate) -> date | None:
    """The day ``cand`` tells something was done on ("V2 launched on 2026-07-15"): a fact told
    in the past with its date; None for anything else, a date put off included ("we pushed
    the launch to 2026-07-15")."""
    if cand.of_plan:
        return latest_date(cand.text)  # ("SOC2 evidence got submitted ...": past, not so worded)
    if (cand.kind != "fact" or not says_past(cand.text) or _date_moved(cand.text) is not None
            or _STILL_PLANNED.search(cand.text)):
        return None
    return latest_date(cand.text)


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


_DONE_WORDS = word_set("""got shipped submitted delivered handed turned sent filed completed
    finished wrapped went live signed""")


def _same_event(plan: str, done: str) -> bool:
    """``done`` tells of the thing ``plan`` plans, said perhaps with a word more on either
    side ("The release shipped on ..." of "The release is on ..."), a verb for a noun ("We
    launched v2" of "The v2 launch"); not another one on the same day ("The code freeze is on
    2026-07-10" / "The release was on 2026-07-10")."""
    planned, told = _event_words(plan), _event_words(done)
    # how it was done names nothing of what ("We shipped 1.4" of "The 1.4 release")
    told = [w for w in told if w not in _DONE_WORDS] or told
    if not planned or not told:
        return False
    return not _not_named(planned, told) or not _not_named(told, planned)


# How a planned thing comes out, which says nothing of which thing it is
_COMING_OUT = word_set("""ship ships shipping release releases releasing launch launches
    launching out live go goes going land lands landing""")


def _one_event(plan: str, said: str) -> bool:
    """``said`` plans what ``plan`` does, named alike but for how it comes out ("Beta release is
    on ..." of "The beta ships on ..."); not another thing ("The GA ships on ..."), nor one
    more ("The beta demo is on ...")."""
    if _FORBIDS.search(said) or _FORBIDS.search(plan):
        return False  # ("The beta is not shipping on ...": the words but one a stopword)
    planned, told = _named_to_come_out(plan), _named_to_come_out(said)
    return bool(planned and told) and not _not_named(planned, told) and not _not_named(
        told, planned)


# Who is at one event, or away from it ("The user will attend the design review on ...", "We
# can't make the design review on ...", "Sam is joining the offsite", "We'll skip ..."): said of
# the event, it is no new plan of it (a deadline not met is: "We can't make the deadline on
# ..."). A contraction hangs on the subject ("We'll", "We’re"); "going to" before a verb is the
# future ("We're going to miss ..."), before an event a going there ("going to the offsite").
_WILL = r"(?:\s+will|['’]ll)"
_BE = r"(?:\s+(?:is|are|am)|['’](?:m|re|s))"
_AT_THE_EVENT = re.compile(
    r"^(?P<who>the\s+user|we|i|they|(?-i:[A-Z])[a-z]+)(?:"
    rf"(?:{_WILL}|{_BE}(?:\s+going\s+to)?)\s+(?:(?:be\s+able\s+to|have\s+to)\s+)?"
    r"(?:attend(?:ing)?|join(?:ing)?|go(?:ing)?\s+to(?=\s+(?:the|our|my|a|an|this|next)\s|"
    r"\s+(?-i:[A-Z]))|be\s+at|present(?:ing)?\s+at)|"
    rf"(?:\s+(?:can['’]t|cannot|can\s+not|won['’]t|will\s+not)|['’]ll\s+not|"
    rf"{_BE}\s+not\s+(?:going|able)\s+to|\s+(?:isn['’]t|aren['’]t)\s+(?:going|able)\s+to)\s+"
    r"(?:be\s+able\s+to\s+)?"
    r"(?:make(?:\s+it)?(?:\s+to)?|attend|join|go\s+to|come\s+to|be\s+(?:at|there\s+for))|"
    rf"(?:{_WILL}|{_BE}\s+going\s+to)\s+(?:have\s+to\s+)?(?:miss|skip)|"
    rf"{_BE}\s+(?:missing|skipping))\s+"
    r"(?!(?:the\s+|a\s+|our\s+|my\s+)?(?:[\w-]+\s+){0,3}(?:deadline|cut-?off)s?\b)", re.I)
# A word opening a sentence capitalised that names a thing, not someone at an event ("Release
# will go to prod ...", "Main will join the release branch ...")
_NO_ONE = STOPWORDS | _COMING_OUT | _EVENT_FRAME | _DONE_WORDS | CALENDAR_WORDS | word_set(
    """main master trunk develop dev prod production staging branch build builds deploy
    deploys deployment code app api service team everything nothing beta alpha ga rc""")


def _at_the_event(text: str) -> bool:
    """``text`` tells who is at a planned event, or away from it: the user, we, they, or
    someone by name (not a thing named first: "Release will go to prod on ...")."""
    m = _AT_THE_EVENT.match(text)
    if m is None:
        return False
    who = m["who"]
    return " " in who or who.lower() in ("i", "we", "they") or (
        who.lower() not in _NO_ONE and not tools_in(who))


def _said_on(text: str, entries: list[Entry]) -> Entry | None:
    """The entry whose whole lead ``text`` opens with and goes on from ("We use pytest" in "We
    use pytest with the xdist plugin for parallel test runs"): it says all the entry says and
    more, however unlike the two read once the words more outweigh it (they made two memories
    of pytest). The longest such lead wins; one of a word or two says too little to go on."""
    said = text.lower()
    found: Entry | None = None
    for entry in entries:
        lead = _LIST_MARK.sub("", entry.lead).rstrip(" .!").lower()
        if (len(lead) > len(said) or not said.startswith(lead) or len(lead.split()) < 3
                or not _GOES_ON.match(said, len(lead))):
            continue
        if found is None or len(lead) > len(found.lead):
            found = entry
    return found


# What goes on from a statement with more of the same: "... with the xdist plugin", "... for
# the API", "..., and ..."; not a turn against it ("..., but not ...", "... no longer")
_GOES_ON = re.compile(r"(?:\s+|,\s+)(?!(?:but|not|no|never|except|until|unless|anymore|"
                      r"any\s+more|no\s+longer)\b)\w")


def plans_other_things(old: Candidate, new: Candidate) -> bool:
    """``new`` plans another thing than ``old``, on another day, though the two read alike
    (``_named_apart``)."""
    if old.kind != "plan" or new.kind != "plan":
        return False
    if _at_the_event(old.text) != _at_the_event(new.text):
        # "I will attend the design review on ..." is who is there, not the review planned
        # again: one beside the other, each is kept
        return True
    if (plan_cancelled(old.text) is None) != (plan_cancelled(new.text) is None):
        # "The release is cancelled" is no plan said again: it calls one off, on its own
        return True
    was, now = last_mention(old.text), last_mention(new.text)
    return was is not None and now is not None and was.last != now.last and _named_apart(
        old.text, new.text)


def _named_apart(old: str, new: str) -> bool:
    """Two plans that share a word plan two things: "They ship the GA on 2026-08-14" is not
    "They ship the beta on 2026-07-24" moved, for each names a thing the other does not once
    how it comes out is dropped. A plan moved ("The beta slips to 2026-07-31"), or said with
    words more ("Beta ships on Friday 2026-07-31 now"), is one."""
    if _other_names(_before_the_day(old), _before_the_day(new)):
        return True
    # told as a change ("The launch is now 2026-07-31", "The kickoff call is now on ..."): the
    # plan moved, whatever words it is said in
    if _RESCHEDULED_TO.search(new) or _tells_a_change(new):
        return False
    a, b = _what_comes_out(old), _what_comes_out(new)
    if not (_not_named(a, b) and _not_named(b, a)):
        return False
    # what is planned is named before its day; words after it say why or what to do ("The
    # SOC2 audit is on 2026-01-15, keep that in mind" / "..., so freeze the infra changes")
    a, b = _what_comes_out(_before_the_day(old)), _what_comes_out(_before_the_day(new))
    if not a and not b:
        # nothing but how it comes out before the day ("We ship on ..."), or the day said
        # first ("On 2026-07-24 we ship the beta"): what is planned is in the day's clause
        a, b = _what_comes_out(_the_days_clause(old)), _what_comes_out(_the_days_clause(new))
        if not a and not b:
            return False
    return not a or not b or bool(_not_named(a, b) and _not_named(b, a))


# A version ("1.4", "v2", "2.0.1") or a name written capitalised ("Acme", "SOC2"), of a word
# in a plan's words
_PLAN_NAME = re.compile(r"(?<![\w.])(?:v?\d+(?:\.\d+)+|[vV]\d+|[A-Z][\w-]*)(?![\w.-]*\w)")


def _plan_names(words: str) -> frozenset[str]:
    """The versions and names in a plan's words but its first (capitalised as any sentence's
    start), "I" and a day's name ("Friday")."""
    return frozenset(low for m in _PLAN_NAME.finditer(words, 1)
                     if (low := m[0].lower()) != "i" and low not in CALENDAR_WORDS)


def _other_names(old: str, new: str) -> bool:
    """Each names what it plans by a version or a name, and none is the other's: "The 1.5
    release is now 2026-08-14" is not the 1.4 release moved, nor "The Globex demo is now ..."
    the Acme demo, however it is told as a change. One named and one not ("The launch is now
    ..." of "The V2 launch") may be one."""
    if not any(c.isdigit() or c.isupper() for c in old[1:]) or not any(
            c.isdigit() or c.isupper() for c in new[1:]):
        return False
    a, b = _plan_names(old), _plan_names(new)
    return bool(a and b) and a.isdisjoint(b)


def _before_the_day(text: str) -> str:
    days = date_mentions(text)
    return text[:text.find(days[0])] if days else text


def _the_days_clause(text: str) -> str:
    """The words after ``text``'s first day, to the end of its clause."""
    days = date_mentions(text)
    rest = text[text.find(days[0]) + len(days[0]):] if days else ""
    return _CLAUSE_BREAK.split(rest, maxsplit=1)[0]


_CLAUSE_BREAK = re.compile(r"[,;:.]\s|\s[—–-]\s")


def _what_comes_out(text: str) -> list[str]:
    """What ``text`` plans, but for the words of a move, a plan or a day ("moved", "planned",
    "Friday")."""
    return [w for w in _named_to_come_out(text) if w not in _MOVE_WORDS
            and w not in CALENDAR_WORDS and not tokens(w) & _PLAN_TELLING]


def _named_to_come_out(text: str) -> list[str]:
    """What ``text`` says comes out: its words but its dates and how it comes out; each other
    word counts ("The demo is on the morning of ...", "We planned to ...")."""
    for said in date_mentions(text):
        text = text.replace(said, " ")
    return [w for w in _words(text) if w not in _COMING_OUT]


def _due_by(text: str, done: date) -> bool:
    """``text`` plans something for a day (or puts it off to one: "We pushed the v2 launch to
    2026-07-15") by which a thing done on ``done`` may have been it."""
    if (says_past(text) and _date_moved(text) is None) or is_standing(text):
        return False
    due = latest_date(text)
    return due is not None and due <= done + _EARLY


def _plans_before(
    cluster: Cluster, cand: Candidate, done: date, taken: set[Source]
) -> list[tuple[str, date]]:
    """The plans of ``cluster`` said before ``cand`` told the event done (none already taken
    in), each with the day it was said, in the order said."""
    return [(m.text, m.source.day) for m in sorted(cluster.members, key=lambda c: (
        c.timestamp, c.order)) if m is not cand and m.kind == "plan" and m.source not in taken
        and (m.timestamp, m.order) < (cand.timestamp, cand.order) and _due_by(m.text, done)
        and _same_event(m.text, cand.text)]


def _plan_history(first: str, later: list[tuple[str, date]], done: Candidate) -> list[str]:
    """History lines for a plan (``first``, then each said ``later`` with the day it was said)
    that ``done`` tells came to pass: a move of the date as a change of it ("Changed from
    2026-07-10 to 2026-07-15 on 2026-07-08; ..."), the same plan said again as nothing, and the
    last plan as what the news that it was done replaced."""
    lines: list[str] = []
    last = first
    for text, day in later:
        moved = _changed_value(last, text)
        if moved is not None:
            was, now = moved
            lines.append(f"Changed from {was} to {now} on {day.isoformat()}; previously {was}.")
        elif not (same_values(text, last) and same_values(last, text)):
            lines.append(f"Updated on {day.isoformat()}; previously: {last}")
        last = text
    told = done.source.day.isoformat()
    moved = choice_difference(last, done.text) or _value_change(last, done.text)
    if moved is not None and all(date_mentions(v) for v in moved):
        # "The demo was on 2026-07-04" of "The demo is on 2026-07-07": it happened on another day
        lines.append(f"Changed from {moved[0]} to {moved[1]} on {told}; previously {moved[0]}.")
    else:
        lines.append(f"Updated on {told}; previously: {last}")
    return lines


_PREFERRING = frozenset({"user", "feedback"})


def _choice_put(text: str, rev: Revision) -> str:
    """``text`` with the choice taken back put to the new one ("Use spaces for indentation" ->
    "Use tabs for indentation")."""
    return sentence_case(rev.taken_back.sub(rev.now.lower(), text)) if text[:1].isupper() else (
        rev.taken_back.sub(rev.now.lower(), text))


def _put_value(entry: Entry, was: str, now: str) -> str:
    """``was`` put to ``now`` in the entry's lead, guidance, description, title and hook; the
    lead so changed."""
    pattern = rf"(?<![\w.-]){re.escape(was)}(?![\w-]|\.\d)"
    entry.how = re.sub(pattern, now, entry.how)
    entry.description = re.sub(pattern, now, entry.description)
    entry.name = re.sub(pattern, now, entry.name)
    if entry.hook:
        entry.hook = re.sub(pattern, now, entry.hook)
    return re.sub(pattern, now, entry.lead)


# Kinds that tell what holds: "Bumped retries from 3 to 5" is a fact; a plan or a decision
# may not have been carried out
_TELLS_STATE = frozenset({"fact", "remember", "correction"})


def _stated_in(change: SettingChange, text: str) -> list[Stated]:
    """The values ``text`` gives the setting in its clauses about it, with their places in
    ``text``; a clause telling of a change ("we bumped retries from 3 to 5") states none."""
    found: list[Stated] = []
    start = 0
    # a time's colon ("at 10:00") ends no clause
    for i, part in enumerate(_CLAUSE_EDGE.split(re.sub(r"(?<=\d):(?=\d)", "\0", text))):
        clause = text[start:start + len(part)]
        if i % 2 == 0 and is_about(change, clause) and not TELLS_SWITCH.search(clause):
            found += [replace(v, start=v.start + start, end=v.end + start)
                      for v in stated(change, clause)]
        start += len(part)
    return found


def _put_setting(text: str, change: SettingChange, was: str) -> tuple[str, str]:
    """``text`` with each value it gives the setting that is ``was`` put to the new one, and
    the new one as written there ("" when none was)."""
    now = ""
    for v in reversed(_stated_in(change, text)):
        if v.value == was:
            now = written_as(change, v)
            text = text[: v.start] + now + text[v.end:]
    return text, now


# How an entry says a tool is in use: "Use unittest", "Always run ruff", "Format code with
# black", "We're on npm", "Our convention is pnpm"
_SAYS_USED = (r"\b(?:use|uses|using|run|runs|with|via|on|prefer|prefers|is|are)"
              r"(?:\s+(?:the|only|always))?")
# An entry that forbids or plans, rather than says what is used
_NOT_PLAINLY = re.compile(r"\b(?:not|no|never|no\s+longer|avoid|stop|instead|when|if|once|"
                          r"would|switch|move|migrate|revert)\b|n't\b|'d\b", re.I)


# How an entry says a place is used: as a tool is, or where things are ("Tickets are in Linear")
_SAYS_PLACED = rf"(?:{_SAYS_USED}|\bin)"

# The entries that say which place the team uses for something; a rule or the user's own
# habit names a place for its own ends
_RECORDS_PLACE = frozenset({"project", "reference"})
# What a place of each kind serves, so a statement naming no subject ("We use GitHub Actions
# now") is of an entry about that ("CI runs on Jenkins", "Builds run on Jenkins") only
_PLACE_SUBJECTS: dict[str, list[str]] = {
    "docs": ["docs", "documentation"], "tickets": ["tickets", "bugs", "issues", "tracked"],
    "ci": ["ci"], "chat": ["chat"], "hosting": ["hosted", "hosting"],
    "monitoring": ["monitoring", "monitored"], "design": ["designs", "mockups"],
    "repos": ["code", "repo", "repos"],
}
# how a place is said to hold something, beyond the words a tool's use is said with ("We keep
# docs in Notion": "keep" names no subject)
_PLACE_FRAME = word_set("live lives keep keeps kept stored happen happens")


def _place_subject(text: str) -> list[str]:
    """The words ``text`` says what a place is used for with, beside the place's own."""
    places = places_in(text)
    return [w for w in _words(text) if w not in _CLAIM_FRAME and w not in _PLACE_FRAME
            and not any(has_word(p, w) for p in places)]


# A sentence told of the team ("We use yarn now", "Our team switched to yarn") and not of the
# user ("The user switched to yarn", as "I switched to yarn" is read)
_TEAM_SAID = re.compile(r"\b(?:we|we're|we've|our|us|team)\b", re.I)
_SELF_SAID = re.compile(r"\b(?:i|i'm|i've|my|me|the\s+user)\b", re.I)
# A rule's reason told in its own clause: "Always build the release with npm, npm has the
# lockfile", "... because npm has the lockfile"
_GIVES_REASON = re.compile(r"(?:[,;]|\s[—–-])\s|\s(?:because|since|so\s+that)\s", re.I)


def _stays_beside(entry: Entry, said: str, old: str) -> bool:
    """``entry`` is kept as it is beside a switch away from ``old`` told in ``said``, which is
    a memory of its own: the user's own habit ("I use npm for my side projects") is not what
    the team switched ("We use yarn now"), and a rule giving a reason that names the old tool
    ("Always build the release with npm, npm has the lockfile") would be given a false one. A
    plain rule of which tool to use ("Always use npm for installs") is switched, and so is
    any rule by what the user says of it ("I want pnpm everywhere"). A tool asked for with no
    one named ("Actually, use yarn", "Use yarn instead") is the team's choice, as "We use yarn
    now" is: not the user's habit, nor a reason's tool."""
    team = _TEAM_SAID.search(said) is not None or (
        said[:4].lower() == "use " and (use_tool(said) or use_instead(said)) is not None)
    if entry.type == "user":
        # ("The user's team uses npm" is the team's tool, told of the user)
        return team and _SELF_SAID.search(said) is None and _TEAM_SAID.search(entry.lead) is None
    if entry.type != "feedback" or not team:
        return False
    # Only a reason naming the old tool is surely the old tool's: "it's our standard", "since
    # the team standardized on it" are what the switch replaces, and were kept as rival rules
    reason = _GIVES_REASON.search(entry.lead)
    clause = entry.lead[reason.end():] if reason else ""
    why = "" if entry.generated_why else entry.why
    # ("..., not Jenkins" sets the old tool aside: no reason)
    if _FORBIDS.search(clause) is None and (has_word(clause, old) or (
            # "Always build the release with npm, it has the lockfile": "it" is the tool named
            reason is not None and _OF_IT.match(clause) is not None
            and has_word(entry.lead[:reason.start()], old) and not _TEAM_SAID.search(clause)
            and not _STANDARD.search(clause))):
        return True
    return has_word(why, old)


# A reason told of the thing the rule names ("it has the lockfile", "it's faster"), and one that
# is only that it is the standard ("it's the default here"), which is what a switch replaces
_OF_IT = re.compile(r"(?:it|it's|its|they|they're)\b", re.I)
_STANDARD = re.compile(r"\b(?:standard\w*|convention\w*|default|agreed|policy)\b", re.I)


def _tool_claimed(text: str) -> str | None:
    """The one known tool ``text`` says is used now, as written ("MySQL" in "We're on MySQL
    now", "yarn" in "We use yarn these days"), or, naming no tool, the one known place ("GitHub
    Actions" in "CI runs on GitHub Actions now"): a switch told as what holds. None when it
    names none or two, says no "now", adds to what is used ("now also"), or forbids or plans."""
    if not _NOW_CHANGED.search(text) or _ALSO.search(text) or _NOT_PLAINLY.search(text):
        return None
    tools = tools_in(text)
    named = tools or places_in(text)
    # "It's in Linear now" may be one ticket: what "it" is, nothing said tells, and a place
    # holds many things ("It's yarn now", a tool, is of what the team uses)
    if len(named) != 1 or (not tools and _BY_PRONOUN.match(text)):
        return None
    tool = re.escape(named[0])
    if not (re.search(rf"{_SAYS_USED if tools else _SAYS_PLACED}\s+{tool}(?![\w-])", text, re.I)
            or re.search(_AS_COMMAND.format(tool=tool), text, re.I)
            or _claimed_as_it(text, named[0])):
        return None
    return named[0]


_BY_PRONOUN = re.compile(r"(?:it|that|this|they|these|those)\b", re.I)


# Two more ways to say a tool is the one used: as the command run ("We bun install everything
# now"), or as what "it" is with nothing else said ("It's yarn these days"), which only an entry
# naming another tool of its kind gives a subject (``_claimed_as_it``)
_AS_COMMAND = r"^(?:we|i)\s+(?:(?:now|just|all)\s+)?{tool}\s+(?:install|add|run)\b"
_AS_IT = r"^it(?:'s|\s+is)\s+(?:all\s+)?{tool}\s+(?:now|these\s+days|nowadays)\s*[.!]?$"


def _claimed_as_it(text: str, tool: str) -> bool:
    """``text`` says only that "it" is ``tool`` now."""
    return re.search(_AS_IT.format(tool=re.escape(tool)), text, re.I) is not None


# what a claim says beside the tool ("re" of "We're", "s" of "It's"; how much it is used for)
_CLAIM_FRAME = _RELATION_WORDS | _HOLDS_NOW | word_set("these days nowadays re ve s everything")


def _claims_more(said: str, tool: str, text: str) -> bool:
    """``said``, a claim that ``tool`` is used now, names something ``text`` does not ("The
    analytics team uses MySQL now" beside "We use Postgres 14"): it is about that, not what the
    entry tells of."""
    words = [w for w in _words(said) if w not in _CLAIM_FRAME and not has_word(tool, w)]
    return bool(_not_named(words, list(_words(text))))


# One switch said in many sessions is matched against every entry each time: read it once.
@lru_cache(maxsize=4096)
def _moved_thing(said: str) -> frozenset[str]:
    """The content words of what a move says moved, or none."""
    return tokens(" ".join(_moved_words(said)))


# What holds a version of its own: an environment, or a part of the system. Each is one kind
# of place a tool runs in, so two of them are two facts, not one version replacing another.
_HOLDERS = {word: group for group, words in (
    ("staging", "staging stage"), ("production", "production prod"),
    ("development", "development dev"), ("local", "local locally laptop laptops"),
    ("test", "test tests testing qa"), ("ci", "ci"), ("preview", "preview sandbox"),
    ("frontend", "frontend front-end ui"), ("backend", "backend back-end server servers"),
    ("api", "api apis"), ("worker", "worker workers"), ("cli", "cli"), ("web", "web website"),
    ("mobile", "mobile ios android"), ("client", "client clients"), ("docs", "docs"),
) for word in words.split()}


def _other_holders(lead: str, said: str) -> bool:
    """``lead`` and ``said`` give a version to different places ("Staging uses Postgres 16" /
    "Production uses Postgres 15", "The frontend runs on Node 20" / "The backend ..."): each
    names an environment or part of the system, and they share none, so neither version
    replaces the other. A statement naming none ("We upgraded to Node 20") is of whatever the
    entry names."""
    def holders(text: str) -> set[str]:
        return {_HOLDERS[w] for w in re.findall(r"[a-z][\w-]*", text.lower()) if w in _HOLDERS}

    a, b = holders(lead), holders(said)
    return bool(a and b) and not a & b


def _about(thing: frozenset[str], text: str) -> bool:
    """Every word of ``thing`` is in ``text``; a plural is the same word. A word that only says
    what kind of thing it is ("the RDS database", "the billing service") may be left out of a
    text that names no kind: "We use Postgres 14 on RDS" is about the RDS database."""
    said = tokens(text)
    # ... unless the text names another kind: "the staging database" is not "the staging cluster"
    named = thing if said & _KIND_WORDS else (thing - _KIND_WORDS or thing)
    return all(t in said or t + "s" in said or t.removesuffix("s") in said for t in named)


def _about_event(thing: frozenset[str], text: str) -> bool:
    """``_about``, an event told by its verb or its noun, or by a word said alike, as one
    ("The v1 API release moved to ..." of "We're releasing the v1 API on ...", "The
    deprecation moved to ..." of "We deprecate the v1 API on ...")."""
    if _about(thing, text):
        return True
    said = {_event_root(t) for t in tokens(text)}
    return all(_event_root(t) in said for t in thing)


def _event_root(token: str) -> str:
    """A token (``tokens``: "-ing", "-ed", "-s" gone) with the end of its noun or verb gone:
    "release", "releas" (of "releasing") and "launch" are "releas"; "deprecation" and
    "deprecate" are "deprecat"."""
    word = _SAID_ALIKE.get(token, token)
    for end in ("ion", "e"):
        if len(word) > len(end) + 3 and word.endswith(end):
            return word[: -len(end)]
    return word


_KIND_WORDS = frozenset({"database", "db", "server", "cluster", "instance", "service",
                         "machine", "box", "host", "app", "application"})


# What a choice is for, said between it and what it is set against: "GitHub Actions for CI,
# not Jenkins", "Jest for the unit tests over Vitest"
_FOR_WHAT = r"(?:\s+(?:for|in|on)\s+(?:the\s+|our\s+|all\s+)?[\w.+#/-]+(?:\s+[\w.+#/-]+)?)?"


def _contrasted(text: str, a: str, b: str) -> bool:
    """``text`` sets ``a`` and ``b`` against each other ("pip-tools, not poetry", "Jest over
    Vitest", "GitHub Actions for CI, not Jenkins"), so a switch between them swaps the two.
    "From X to Y" tells of an event: it is not rewritten (``TELLS_SWITCH``)."""
    x, y = re.escape(a), re.escape(b)
    for one, other in ((x, y), (y, x)):
        if re.search(rf"(?<![\w-]){one}(?:\s+{VERSION})?{_FOR_WHAT}(?:,?\s+(?:and\s+|but\s+)?"
                     rf"(?:not|never)|"
                     rf"\s+(?:instead\s+of|rather\s+than|over))\s+(?:using\s+)?{other}(?![\w-])",
                     text, re.I) or re.search(
                rf"\bprefer(?:s|red)?\s+{one}\s+to\s+{other}(?![\w-])", text, re.I):
            return True
    return False


_LIST_MARK = re.compile(r"^\s*(?:[-*+]|\d{1,3}[.)])\s+")


def _put_in_place(
    text: str, old: str, new: str, said: str, thing: frozenset[str]
) -> str | None:
    """``text`` after a switch from ``old`` to ``new``. Where it weighs the two against each
    other they swap; otherwise ``old`` becomes ``new``. When the switch names what moved, only
    the clauses about it change ("Our design docs live in Notion and the meeting notes in
    Notion" after the design docs moved; "..., not Jenkins; Jenkins only runs the load tests"
    after the load tests moved). None when no clause naming ``old`` is about what moved alone
    ("Design docs and runbooks live in Notion"): the entry cannot say the new state."""
    if not thing:
        return _in_place(text, old, new, said)
    parts = _clause_parts(text)
    naming = [i for i in range(0, len(parts), 2) if _names(parts[i], old)]
    chosen = [i for i in naming if _about(thing, parts[i])]
    if not chosen:
        return None
    if len(chosen) == len(naming) and len(naming) == len(parts[::2]):
        return _in_place(text, old, new, said)
    for i in chosen:
        parts[i] = _in_place(parts[i], old, new, said)
    return "".join(parts)


def _clause_parts(text: str) -> list[str]:
    """``_CLAUSE_EDGE.split(text)``, with no edge inside an address or code (the colon of
    "https://", the comma in "`f(a, b)`")."""
    masked = list(text)
    for start, end in address_spans(text):
        masked[start:end] = "x" * (end - start)
    parts: list[str] = []
    at = 0
    for m in _CLAUSE_EDGE.finditer("".join(masked)):
        parts += [text[at:m.start()], m[0]]
        at = m.end()
    return [*parts, text[at:]]


def _name_parts(text: str) -> set[str]:
    return set(re.findall(r"[a-z0-9]+", text.lower()))


def _belongs_to(address: str, old: str, new: str) -> bool:
    """``address`` (or code) is ``old``'s: each word of ``old`` is a part of it
    ("notion.so/acme/runbook", "app.circleci.com/...", "`jenkins-cli build`", ".travis.yml"),
    but not each of ``new`` (that one may be the new place's too)."""
    was, now, parts = _name_parts(old), _name_parts(new), _name_parts(address)
    return (bool(was) and was <= parts and not (now and now <= parts)
            and address.lower() != old.lower())


def _of_old_place(text: str, old: str, new: str) -> list[tuple[int, int]]:
    """Where ``text`` has addresses and code that belong to ``old`` (``_belongs_to``)."""
    return [(start, end) for start, end in address_spans(text)
            if _belongs_to(text[start:end], old, new)]


def _without_old_place(text: str, old: str, new: str) -> tuple[str, str, list[str]] | None:
    """``text``, a statement just switched from ``old`` to ``new``, without the addresses and
    code of ``old`` (``_of_old_place``): kept, they would point at the new place as if it were
    there ("in Confluence at notion.so/acme/runbook"). What follows the new name in its clause
    goes ("in Confluence"); a clause of its own goes whole, unless the statement still names
    ``old`` for something else. Returns the statement, what it said of ``old`` where it named
    it ("in Notion at notion.so/acme/runbook") and the clauses that went whole, for the history;
    None when no mention of ``new`` would be left."""
    # "[Confluence](https://notion.so/acme/runbook)": the link goes, its target with the rest
    text = MARKDOWN_LINK.sub(lambda m: f"{m['label']} ({m['url']})" if _belongs_to(
        m["url"], old, new) and _names(m["label"], new) else m[0], text)
    stale = _of_old_place(text, old, new)
    if not stale:
        return text, old, []
    body = text.rstrip()
    mark = re.search(r"[.!?]*$", body)
    end_mark = mark[0] if mark else ""
    core = body[: len(body) - len(end_mark)]
    still = _names(core, old)
    parts = _clause_parts(core)
    cut: list[tuple[int, int]] = []
    said: list[str] = []
    dropped: list[str] = []
    at = 0
    for i, part in enumerate(parts):
        start, at = at, at + len(part)
        first = min((s for s, _ in stale if start <= s < at), default=None)
        if i % 2 or first is None:
            continue
        named = [m for m in said_as_name(part, re.escape(new)) if start + m.end() <= first]
        if named:
            where = re.search(r"\b(?:in|on)\s+$", core[:start + named[-1].start()], re.I)
            said.append(f"{where[0].lower() if where else ''}{old}"
                        f"{core[start + named[-1].end():at]}")
            cut.append((start + named[-1].end(), at))
        elif not still:
            if said and cut[-1][1] == start - len(parts[i - 1]):
                # "via the slack_notify hook and slack.acme.io": one tail, told as one
                said[-1] += parts[i - 1] + part.strip()
            else:
                dropped.append(part.strip())
            # the edge before the clause goes with it; before the first, the edge after it
            cut.append((start - len(parts[i - 1]), at) if i else (
                start, at + (len(parts[1]) if len(parts) > 1 else 0)))
    if not cut:
        return text, old, []
    out, at = [], 0
    for start, end in sorted(cut):
        out.append(core[at:start])
        at = end
    left = ("".join(out) + core[at:]).strip()
    if not _names(left, new):
        return None
    if core[:1].isupper():
        left = sentence_case(left)
    return left + end_mark, "; ".join(said) or old, dropped


# What a tool is set up with: its project, its keys, its account ("the project is acme-web",
# "the DSN is in .env", "the Sentry DSN is in .env", "Sentry's org is acme-io"). What names the
# work itself ("the project is a monorepo", "the app is deployed on Fly") is not.
_SETUP_NOUN = (r"(?:project|org|organi[sz]ation|workspace|account|tenant|instance|dashboard|dsn|"
               r"api\s+key|key|token|secret|config(?:uration)?(?:\s+file)?|license)"
               r"(?:\s+(?:name|id|key|slug|url))?s?")
_SETUP_OF_IT = re.compile(
    r"^(?:(?:the|its|our|my)\s+)?(?:(?:dsn|api\s+key|key|token|secret|config(?:uration)?"
    r"(?:\s+file)?|license)s?\s+(?:is|are|lives?)\s+(?:in|at|on|under)\b|"
    rf"{_SETUP_NOUN}\s+(?:is|are)\s+(?:(?:called|named)\s+)?[`'\"]?[\w.-]*[-_.\d][\w.-]*"
    r"[`'\"]?\s*$)", re.I)


def _without_old_tool_clauses(lead: str, put: str, old: str) -> tuple[str, list[str]]:
    """``put`` (``lead`` switched from ``old`` to another tool) without the clauses after its
    first that tell how ``old`` is set up ("; the project is acme-web", "; the Sentry DSN is in
    .env"), and those clauses as ``lead`` said them, for the history."""
    was, now = _clause_parts(lead), _clause_parts(put)
    if len(was) < 3 or len(was) != len(now):
        return put, []
    setup = re.compile(rf"{re.escape(old)}(?:'s)?\s+{_SETUP_NOUN}\b", re.I)
    drop = [i for i in range(2, len(was), 2)
            if _SETUP_OF_IT.match(was[i].strip()) or setup.search(was[i])]
    if not drop:
        return put, []
    # each clause goes with the edge before it
    kept = "".join(part for i, part in enumerate(now) if i not in drop and i + 1 not in drop)
    end = re.search(r"[.!?]*$", put)
    mark = end[0] if end else ""
    kept = kept.rstrip().rstrip(".!?") + mark
    return kept, [was[i].strip().rstrip(".!?") for i in drop]


def _old_place_clauses(text: str, old: str, new: str) -> list[str]:
    """The clauses of ``text`` that hold addresses or code of ``old`` (``_of_old_place``)."""
    stale = _of_old_place(text, old, new)
    out: list[str] = []
    at = 0
    for i, part in enumerate(_clause_parts(text)):
        start, at = at, at + len(part)
        if i % 2 == 0 and any(start <= s < at for s, _ in stale):
            out.append(part.strip().rstrip(".!?"))
    return out


def _as_written(entry: Entry, name: str) -> str:
    """``name`` as the entry writes it: a tool's name before a version ("Postgres 16" for
    "postgresql 16"), a name with its capitals ("Notion" for "notion")."""
    if split_version(name) is not None:
        return spelled_as_in(entry.lead, name)
    return spelled_in(entry.text, name)


def _switch_title(cand: Candidate) -> str:
    """The title of a switch's own entry: what moved says what the choice is of ("Staging
    database: db2 instead of db1", not "db2 instead of db1", filed as project_instead.md); a
    move between days or months names no subject, so the statement's own title says what moved
    ("Tuesday instead of Monday" alone would be filed as project_instead.md)."""
    if not cand.new or all(w.lower() in CALENDAR_WORDS for w in (cand.new, cand.old or "") if w):
        return title_for(cand.match_text)
    new, old = split_version(cand.new), split_version(cand.old or "")
    # "we upgraded Django to 5.0" moved no thing but the tool itself
    what = " ".join(w for w in _moved_words(cand.text)
                    if new is None or w.lower() != new[0].lower())
    if new is not None and old is not None and new[0].lower() == old[0].lower():
        # "Django version: 5.1 instead of 4.2", not "django 5.1 instead of django 4.2" (filed
        # as project_django-instead-django.md)
        name = f"{new[0]} version: {new[1]} instead of {old[1]}"
        return sentence_case(f"{what} {name}" if what else name)
    name = (f"{cand.new} instead of {cand.old}" if cand.old
            else f"{'s' if what else 'S'}witched to {cand.new}")
    return sentence_case(f"{what}: {name}" if what else name)


def _renamed_title(name: str, old: str, new: str, said: str, thing: frozenset[str]) -> str:
    """An entry's title after a switch: a title the engine gave a switch ("CI: GitHub Actions
    instead of Jenkins") is about what moved as a whole; any other as its statement is."""
    head, colon, rest = name.partition(": ")
    if colon and thing and _about(thing, head):
        return f"{head}: {_in_place(rest, old, new, said)}"
    return _put_in_place(name, old, new, said, thing) or name


def _in_place(text: str, old: str, new: str, said: str) -> str:
    if has_word(text, new) and _contrasted(text, old, new):
        # "Postgres 14, not MySQL": the version is Postgres's, and does not go to MySQL
        text = sub_names(text, rf"{re.escape(old)}\s+{LABELLED_VERSION}", lambda m: old,
                         name=old)
        return swap_words(text, old, new)
    return _name_in_place(text, old, new, said)


def _chosen_over(text: str, name: str) -> str | None:
    """What ``text`` names as used instead of ``name`` ("Confluence" in "Design docs live in
    Confluence, not Notion"), or None."""
    m = re.search(rf"\b(?i:in|on|use|uses|using|with|via|to|through|is|are)\s+"
                  rf"(?P<cur>[A-Z][\w.+#-]*(?:\s+[A-Z][\w.+#-]*){{0,2}}){_FOR_WHAT},?\s+"
                  rf"(?:not|never|rather\s+than|instead\s+of)\s+(?:using\s+)?"
                  rf"{re.escape(name)}(?![\w-])", text)
    return m["cur"] if m else None


def _says_of(text: str, thing: frozenset[str], name: str) -> bool:
    """``text`` names ``name`` in a clause about ``thing`` (anywhere, when no thing is known):
    "Our design docs live in Notion and our runbooks in Confluence" says Confluence only of
    the runbooks."""
    if not thing:
        return has_word(text, name)
    return any(_about(thing, part) and has_word(part, name)
               for part in _CLAUSE_EDGE.split(text)[::2])


def _over_left(
    lead: str, entry: Entry, cand: Candidate, old: str, thing: frozenset[str]
) -> str | None:
    """What ``lead`` names as chosen over ``old`` ("GitHub Actions" in "CI runs on GitHub
    Actions, not Jenkins") when ``old`` is named there only as set against it, once, and the
    lead is about what moved (or, when the move names no thing, the chosen one is of the new
    one's kind): a move away from ``old`` is news for that lead, the choice it names included.
    Not for a move told as long past ("in 2024"): the lead may well be what came after it."""
    new, named = cand.new or "", _as_written(entry, old)
    over = _chosen_over(lead, named)
    if over is None or has_word(lead, new) or _names(_without_contrast(lead, named), named):
        return None
    if len(said_as_name(lead, re.escape(over))) != 1:
        return None  # "..., not Jenkins; GitHub Actions only runs the load tests"
    when = last_mention(cand.text)
    if when is not None and (cand.source.day - when.last).days > _RECENT_SWITCH_DAYS:
        return None
    if thing:
        return over if _about(thing, lead) else None
    kind = kind_of(over)
    return over if kind is not None and kind == kind_of(new) else None


_RECENT_SWITCH_DAYS = 31


def _swapped(text: str, old: str, new: str) -> str:
    """``text`` with ``old`` and ``new`` each put in the other's place."""
    return re.sub(rf"(?<![\w-])(?:{re.escape(old)}|{re.escape(new)})(?![\w-])",
                  lambda m: new if m[0].lower() == old.lower() else old, text, flags=re.I)


# What a rule against a thing allows after all: "It's fine to add pandas as an optional extra",
# "We now use pandas for the Excel export"
_EXCEPTED = re.compile(
    r"^(?:(?:it's|it\s+is)\s+(?:fine|ok|okay|allowed)\s+to\s+(?:add|use)\s+(?P<allowed>[\w.+#-]+)|"
    r"we\s+now\s+use\s+(?P<used>[\w.+#-]+))(?P<rest>\s+(?:as|for|in)\s+.+)$", re.I)


# An event that changes what holds: "We dropped Python 3.8 support", "We added a Windows build"
_EVENT_HEAD = re.compile(r"\b(?:dropped|added|removed|deprecated|stopped|started)\b", re.I)


@lru_cache(maxsize=4096)
def _upshot(lead: str) -> tuple[str, ...]:
    """What holds now, told after the event that brought it ("We dropped Python 3.8 and 3.9
    support in the week of 2026-07-13: csvstat now requires Python 3.10 or newer"): a
    correction of it ("csvstat now requires Python 3.11 or newer, not 3.10") is of that
    clause, which the event's words would hide."""
    if ": " not in lead:
        return ()
    head, _, tail = lead.partition(": ")
    return (tail,) if TELLS_SWITCH.search(head) or _EVENT_HEAD.search(head) else ()


def _tells_of(text: str, name: str, other: str, thing: frozenset[str]) -> bool:
    """``text`` tells something of ``name`` itself: a clause (about ``thing``, when the switch
    names one) that has it as its subject and does not name ``other``: "Ruff format keeps
    reflowing our tables", "uv was too immature". Not where it is used ("We lint with ruff",
    "... and GitHub Actions for linting"), set aside ("Use black, not ruff format") or switched
    to ("We're switching from black to ruff format")."""
    if not has_word(text, name):
        return False  # most leads a switch rewrites name only the old choice
    subject = re.compile(rf"(?:the\s+)?{re.escape(name)}(?![\w-])\s+(?P<next>[\w']+)", re.I)
    return any((m := subject.match(part.strip())) is not None
               and m["next"].lower() not in _USED_AS and not has_word(part, other)
               and (not thing or _about(thing, part))
               for said in sentences(text) for part in _clause_parts(said)[::2])


# What follows a name used for something ("GitHub Actions for linting"), not a verb telling of it
_USED_AS = word_set("for in on to with at via by from of and or as instead over than")


def _without_contrast(text: str, name: str) -> str:
    """``text`` without what sets ``name`` against its choice (", not Jenkins")."""
    return re.sub(rf",?\s+(?:not|never|rather\s+than|instead\s+of)\s+(?:using\s+)?{re.escape(name)}"
                  rf"(?![\w-])", "", text, count=1, flags=re.I)


def _only_forbids(text: str, name: str) -> bool:
    """``text`` names ``name`` only where it forbids ("Never use npm", "Don't use npm; it
    breaks the lockfile") and chooses nothing in its place: a rule against it, not a choice
    of it. "Always use pnpm, never npm" and "We use yarn, not npm" choose pnpm and yarn."""
    if _FORBIDS.search(text) is None:
        return False  # most entries forbid nothing: asked of each entry for every switch
    parts = _RULE_PARTS.split(text.strip().rstrip(".!"))
    naming = [part for part in parts if has_word(part, name)]
    return bool(naming) and all(_FORBIDS.search(part) for part in naming) and not any(
        tools_in(part) or places_in(part) for part in parts if not _FORBIDS.search(part))


def _set_against(text: str, name: str) -> bool:
    """``text`` names ``name`` only as what is not used ("GitHub Actions, not Jenkins"), perhaps
    in a list of them ("never npm or yarn")."""
    return re.search(rf"\b(?:not|never|instead\s+of|rather\s+than|over|no\s+longer)\s+"
                     rf"(?:using\s+)?(?:[\w.+#-]+(?:,\s+|\s+(?:or|nor)\s+)){{0,3}}"
                     rf"{re.escape(name)}(?![\w-])", text, re.I) is not None


_OWNS = (r"(?:owns|leads|maintains|manages|handles|runs|reviews|approves|is responsible for|"
         r"is in charge of|is on call for|looks after)")


def _owned_by(text: str, name: str) -> bool:
    """``text`` names ``name`` as who has the thing ("Alice owns the billing service", "...
    is owned by Alice"): a move of the thing "from Alice to Bob" hands it over."""
    who = re.escape(name)
    return re.search(rf"(?:^|[,;:]\s+|\band\s+){who}\s+{_OWNS}\b|\b(?:owned|led|maintained|"
                     rf"managed|handled|run|reviewed|approved|written)\s+by\s+{who}(?![\w-])",
                     text) is not None


_ONE_TIME = re.compile(r"\b(?:only|this time|just this|once|for now)\b", re.I)


def _names(text: str, name: str) -> bool:
    """``text`` names ``name`` (not in an address or code: ``said_as_name``); a weekday also in
    the plural ("on Thursdays")."""
    if name.lower() in WEEKDAYS:
        return re.search(rf"\b{re.escape(name)}s?\b", text, re.I) is not None
    return has_name(text, name)


def _says_day(text: str, day: str) -> bool:
    return re.search(rf"\b(?:on|every)\s+{re.escape(day)}s?\b", text, re.I) is not None


# A lower-case word after a name that is no preposition or conjunction: the name qualifies it
# ("the Jenkins server"), and an article before the name is that word's.
_NOUN_AFTER = (r"(?-i:(?!(?:at|in|on|for|and|or|with|since|now|but|until|under|from|to|is|are|"
               r"was|were|has|have|holds?|keeps?)\b)[a-z])")


def _name_in_place(text: str, old: str, new: str, said: str) -> str:
    """``text`` with ``old`` named ``new``. A version written after ``old`` ("MySQL 8") is
    ``old``'s and goes with it, unless the person gave ``new``'s own ("to Postgres 16"). A
    weekday keeps its plural ("on Mondays" -> "on Tuesdays")."""
    if old.lower() in WEEKDAYS and new.lower() in WEEKDAYS:
        return re.sub(rf"\b{re.escape(old)}(s?)\b", lambda m: new.capitalize() + m[1], text,
                      flags=re.I)
    article = False
    if kind_of(old) is not None and kind_of(new) is not None:
        # "in the GitHub Wiki" -> "in Notion", not "in the Notion": the article was the old
        # name's (before a word of the sentence's own, "the Jenkins server", it stays); the new
        # name takes one when the person gave it one ("to the GitHub Wiki")
        text = re.sub(rf"\bthe\s+(?={re.escape(old)}(?![\w-])(?!\s+{_NOUN_AFTER}))", "", text,
                      flags=re.I)
        article = not new.lower().startswith("the ") and re.search(
            rf"\bthe\s+{re.escape(new)}(?![\w-])", said, re.I) is not None
    given = re.search(rf"(?<![\w-]){re.escape(new)}\s+({VERSION}){_VERSION_END}", said, re.I)
    named = f"{new} {given[1]}" if given else new

    def put(m: re.Match[str]) -> str:
        if not article or re.search(r"\bthe\s+$", text[:m.start()], re.I):
            return named
        return ("The " if m.start() == 0 else "the ") + named

    # "Postgres version 14" as well as "Postgres 14"
    return sub_names(text, rf"{re.escape(old)}(?:\s+(?:version\s+)?{VERSION}{_VERSION_END})?",
                     put, name=old)


def _guidance_for(entry: Entry, cand: Candidate, cluster: Cluster) -> None:
    """Why and How for the statement that replaced the entry's lead. The old ones were written
    for the statement replaced ("avoid syntax newer than 3.8" under "now requires 3.10"):
    keeping them would present stale guidance as current. The history line keeps the old
    statement; a reason the person gave now is set by the caller."""
    if entry.type in ("feedback", "project") and not cand.why:
        entry.why = _default_why(cluster)
        entry.generated_why = True
        entry.how = _default_how(cand)
        entry.generated_how = True


# "Jonas prefers reviewing PRs on Tuesdays": someone else's preference the user passed on
# (not a group, nor what a tool expects: "Everybody hates ...", "Kubernetes expects ...")
_OTHERS_PREFERENCE = re.compile(
    r"^(?!(?:The|This|That|Our|My|We|I|It|They|Everyone|Everybody|Nobody|Someone|Somebody"
    r"|Users?|People|Customers|Reviewers|Clients|Devs|Developers|Engineers|Management|Legal"
    r"|Security|Ops|QA)\b)[A-Z][a-z]+(?=\s+(?:prefers|likes|wants)\b)")


def _whose_preference(text: str) -> str | None:
    """The person a preference is of when it is someone else's ("Jonas"); None: the user's,
    or a tool's way ("Postgres prefers explicit casts")."""
    m = _OTHERS_PREFERENCE.match(text)
    return m[0] if m is not None and not tools_in(m[0]) else None


def _default_why(cluster: Cluster) -> str:
    # candidates imports facts, which imports this module: import where it is used
    from autodream.engine.candidates import intended

    cand = cluster.latest
    day = cand.source.day.isoformat()
    n = len(cluster.sessions)
    repeated = f", and repeated across {n} sessions" if n > 1 else ""
    return {
        "correction": f"The user corrected the assistant on {day}{repeated}.",
        "prohibition": f"The user asked for this on {day}{repeated}.",
        "preference": (f"{whose}'s preference, told by the user ({day}{repeated})."
                       if (whose := _whose_preference(cand.text)) else
                       f"The user's stated preference ({day}{repeated})."),
        "remember": f"The user asked to remember this on {day}.",
        # "we want to upgrade ...", "ideally we'd switch ...": wanted, not decided or done
        "decision": (f"An intention stated on {day}, not carried out yet."
                     if intended(cand.text) else f"Decided {_decided_when(cand.text, day)}."),
        "plan": f"Plan stated on {day}.",
        "switch": (f"Changed on {day}." if _tells_a_change(cand.text)
                   else f"Stated by the user on {day}."),
        "fact": f"Stated by the user on {day}{repeated}.",
    }.get(cand.kind, f"Stated by the user on {day}.")


# "We decided on 2026-07-06 to ...", "I agreed with Sam on 2026-07-07 to ...": told later than
# it was decided
_DECIDED_ON = re.compile(r"\b(?:decided|agreed)\s+(?:with\s+\w+\s+)?"
                         r"(?P<when>on\s+\d{4}-\d{2}-\d{2}|"
                         r"in\s+the\s+week\s+of\s+\d{4}-\d{2}-\d{2})\b")


def _decided_when(text: str, told: str) -> str:
    m = _DECIDED_ON.search(text)
    return m["when"] if m is not None else f"on {told}"


def _same_tool_as(named: str, name: str) -> bool:
    """``named`` is a version of the tool ``name`` ("Postgres 16" of "Postgres")."""
    parts = split_version(named)
    return parts is not None and tool_pattern(parts[0]) == tool_pattern(name)


def _tool_of(named: str) -> str:
    """The tool a version belongs to ("postgres" for "Postgres 16"), or the name itself."""
    parts = split_version(named)
    return (parts[0] if parts else named).lower()


def _and(names: Iterable[str]) -> str:
    """"A", "A and B", "A, B and C"."""
    items = list(names)
    return ", ".join(items[:-1]) + " and " + items[-1] if len(items) > 1 else "".join(items)


def _switch_how(new: str, was: str, said: str) -> str:
    """How to apply a switch; one made in one place alone ("on staging only") says where, since
    elsewhere the old choice may still be current."""
    where = _only_where(said)
    # "GitHub Actions and Jenkins": more than one
    verb, it = ("are", "them") if " and " in was and "," not in was else ("is", "it")
    if where:
        return (f"Use {new} for {where}; {was} {verb} no longer current there, so do not "
                f"suggest {it}.")
    return f"Use {new}; {was} {verb} no longer current, so do not suggest {it}."


# What says a rule adds to another: "... either", "... too", "... as well", "Also, ...",
# "We also never ..."
_ADDED_AT_END = re.compile(r",?\s+(?:either|too|as\s+well)(?=\s*[.!]?\s*$)", re.I)
_ADDED_AT_START = re.compile(r"^(?:also\b,?\s+|(?P<who>(?:we|you)\s+)also\s+)", re.I)


def _alone(rule: str) -> str:
    """``rule`` without the word that says it adds to another ("Never push to the release
    branch either" -> "Never push to the release branch."), where what is left is still a
    rule; else as it is. Only a rule of one clause: in "Always use type hints; add them for
    this one too" the word is of the clause about the task at hand."""
    if re.search(r"[;:—–]|\s-\s", rule):
        return rule
    alone = sentence_case(_ADDED_AT_START.sub(lambda m: m["who"] or "",
                                              _ADDED_AT_END.sub("", rule.strip())))
    return alone if alone != rule.strip() and len(alone.split()) >= 3 and _says_rule(
        alone) else rule


def _default_how(cand: Candidate) -> str:
    if cand.kind == "switch" and cand.new:
        if cand.old and not _tells_a_change(cand.text):
            return (f"Use {cand.new} rather than {cand.old} unless the user explicitly asks "
                    "otherwise.")
        return _switch_how(cand.new, cand.old or "the previous choice", cand.text)
    if cand.kind == "plan":
        when = last_mention(cand.text)
        return f"Plan work around {when.phrase}." if when else "Plan work around this date."
    if cand.type == "feedback":
        # the rule as the user applied it to a task ("don't introduce a Formatter class")
        example = (f" Example ({cand.source.day.isoformat()}): {cand.example}"
                   if cand.example else "")
        # "Remember to never commit .env", "Actually, never run migrations from a laptop": a
        # "never" however it was said
        if cand.kind == "prohibition" or _NEVER_LEAD.match(cand.text):
            return _prohibition_how(cand.text) + example
        return _BY_DEFAULT + example
    return "Take this into account when planning or suggesting changes."


_BY_DEFAULT = "Apply this by default in this project without being reminded."
_OLD_PROHIBITION_HOW = "Do not do this unless the user explicitly asks for it."
_KEEP_TO_IT = "Keep to this unless the user explicitly asks otherwise."
# A rule's leading "never" or "don't", said to the assistant or of the team ("We never deploy on
# Fridays"): the action after it is in its plain form, so it can be said again as "Do not ...".
# Not after "the user" ("The user doesn't like emojis"): what follows is no action to forbid.
_NEVER_LEAD = re.compile(
    r"^(?:(?:we|you)\s+)?(?:(?:must\s+|should\s+)?never|don't|do\s+not|dont|must\s+not|mustn't|"
    r"should\s+not|shouldn't)(?:,?\s+ever)?\s+(?P<act>.+)$|^(?P<avoid>avoid\s+.+)$", re.I)
# Where the forbidden action ends and what to do instead begins ("Never force-push to main; open
# a PR instead", "Never use print for logging, use structlog").
_INSTEAD = re.compile(
    r"\s*(?:;|\s[—–-]\s|,\s+(?=(?:use|open|go|ask|run|prefer|instead|but|rather)\b))\s*", re.I)


# An emphasis after the action: "Don't add pandas to the dependencies, ever"
_TAIL = re.compile(r",?\s+(?:ever|please|again)$", re.I)
# A past form where the plain one would be: "We never moved to Python 3.12"
_TOLD_DONE = re.compile(r"(?:\w+(?<!e)ed|had|was|were|did|went|got|ran)\b", re.I)


def _prohibition_how(text: str) -> str:
    """What to do under a rule, said plainly. "Do not do this" of a rule that is itself a "never"
    read as its double negative; "Always use pnpm, never npm" is a rule to follow, not to avoid."""
    # the rule is its first sentence: "Don't add pandas. csvstat must stay ..." forbids pandas
    said = re.split(r"(?<=[.!?])\s+(?=[A-Za-z])", text.strip(), maxsplit=1)[0].rstrip(".!")
    rule, *rest = _INSTEAD.split(_TAIL.sub("", said), maxsplit=1)
    m = _NEVER_LEAD.match(rule)
    if m is None:
        first = rule.split(maxsplit=2)
        positive = first[:1] in (["Always"], ["Only"]) or first[:2] == ["We", "always"]
        return _BY_DEFAULT if positive else _KEEP_TO_IT
    if re.search(r"\b(?:unless|except|only if|without (?:asking|checking|approval|permission))\b",
                 said, re.I):
        return _KEEP_TO_IT  # the rule names its own exception
    if _TOLD_DONE.match(m["act"] or ""):
        return _KEEP_TO_IT  # "We never moved to Python 3.12": told of the past, no rule
    act = f"Avoid {m['avoid'][6:]}" if m["avoid"] else f"Do not {m['act']}"
    instead = f"; {rest[0]}" if rest and rest[0] else ""
    if _SAID_NEVER.match(rule):
        # "Never run migrations against prod": no "unless asked" the person did not give
        return f"{act} (the user said never){instead}."
    return f"{act} unless the user explicitly asks for it{instead}."


_SAID_NEVER = re.compile(r"^(?:(?:we|you)\s+)?(?:must\s+|should\s+)?never\b", re.I)


TYPE_ORDER = {t: i for i, t in enumerate(MEMORY_TYPES)}


def _declare(survivor: Entry, key: str, gone: Entry) -> None:
    """Name the file ``survivor`` absorbed in its frontmatter, so the harness's loss check (and a
    person reading the file) can tell a merge from a dropped memory."""
    if gone.original is None:
        return  # never on disk, nothing to account for
    for name in [gone.renamed_from or gone.file, *[str(n) for n in gone.extra.get(key, []) or []]]:
        _declare_file(survivor, key, name)


def _declare_file(survivor: Entry, key: str, name: str) -> None:
    names = [str(n) for n in survivor.extra.get(key, []) or []]
    if name not in names and name != survivor.file:
        survivor.extra[key] = sorted([*names, name])
