"""Switch targets: the entry a move, upgrade, rename or new setting replaces the choice of ("We
moved to pnpm" of "We use npm for installs"), and what it held before."""

from __future__ import annotations

import re
from datetime import date
from typing import TYPE_CHECKING

from autodream import rx
from autodream.engine.bans import AGAINST
from autodream.engine.dates import WEEKDAYS, is_past, last_mention, says_past
from autodream.engine.entries import HISTORY_LINE, Entry
from autodream.engine.matching import one_other
from autodream.engine.model import Candidate
from autodream.engine.places import kind_of, places_in, slot_values
from autodream.engine.plans import mentions_thing, only_where
from autodream.engine.replacement import (
    _BRANCH_IS,
    _CLAUSE_EDGE,
    _SAID_OF_ONE,
    _meant_from,
    _not_named,
    _switched_from,
    choice_difference,
)
from autodream.engine.rewrites import (
    _NOT_PLAINLY,
    _NOUN_AFTER,
    _ONE_TIME,
    _PLACE_SUBJECTS,
    _RECORDS_PLACE,
    _SAYS_PLACED,
    _SAYS_USED,
    _as_written,
    _chosen_over,
    _claims_more,
    _only_forbids,
    _other_holders,
    _over_left,
    _owned_by,
    _place_subject,
    _put_in_place,
    _says_day,
    _says_of,
    _set_against,
    _stated_in,
    _stays_beside,
    moved_thing,
    says_day_once_as_recurring,
)
from autodream.engine.setting_changes import same_value
from autodream.engine.text import has_name, has_word, similarity, tokens
from autodream.engine.tool_kinds import kinds_used_as, same_tool, tool_kinds, tools_in
from autodream.engine.versions import (
    names_version,
    spelled_as_in,
    split_version,
    versions_of,
    without_version_contrast,
)

if TYPE_CHECKING:
    from autodream.engine.rare import SettingChange

# The person's own move ("The user moved to Brighton ...", "The user is not in Bristol any
# more, they moved to Brighton"), and where a user entry says they are ("... developer in
# Bristol (UK time)", "I live in Leeds")
_USER_MOVED = rx.compile(r"The user (?:has |have )?(?:moved|relocated)\b|The user is not in "
                         r"(?-i:[A-Z])\w+ any ?more, they (?:have |'ve )?(?:moved|relocated)\b",
                         re.I)
_NOT_IN_ANY_MORE = rx.compile(r"\bnot in ((?-i:[A-Z])\w+) any ?more\b", re.I)
_LIVES_IN = rx.compile(r"\b(?:in|based in|living in|lives in)\s+((?-i:[A-Z])[a-z]+)\b"
                       r"(?!\s+(?-i:[A-Z]))(?!'s)")


# ... not what the person works in ("a developer in Python")
_NOT_A_PLACE = frozenset({"python", "go", "rust", "java", "kotlin", "swift", "ruby", "php",
                          "typescript", "javascript", "scala", "elixir", "haskell", "english",
                          "react", "django", "rails", "node", "vue", "angular", "svelte"})


def told_past_of(said: str, name: str, day: date) -> bool:
    """The clause of ``said`` naming ``name`` tells a past event ("In June we moved the
    notebooks from gpu-debug to the cpu queue", "gpu-debug was down on 2026-06-03"): a rename
    since does not change what was done then, under the name it had."""
    return any(has_word(clause, name) and (says_past(clause) or is_past(clause, day))
               for clause in re.split(r"[,;:]\s", said))


# What a thing is made of, said as what it has or is built on: "CommuGraph has a Python
# FastAPI backend", "The app is built with Flask", "a Django-based API". (Not a name merely
# mentioned: "We compared FastAPI and Flask" says nothing of what is used.)
_PART_NOUN = (r"(?:back[- ]?end|front[- ]?end|server|api|app|application|service|stack|site|"
              r"website|codebase|web\s+app|dashboard|cli)s?\b")


def _built_on(lead: str, old: str) -> bool:
    """``lead`` says its subject has a part made with ``old`` ("has a Python FastAPI
    backend") or is built on it: the state a switch away from ``old`` ends, though no "use"
    says so."""
    name = re.escape(old)
    return not _NOT_PLAINLY.search(lead) and re.search(
        rf"\b(?:has|have)\s+(?:an?|its|their|our)\s+(?:[\w.+#-]+\s+)?{name}(?:\s+|-based\s+)"
        rf"{_PART_NOUN}|\b(?:built|written)\s+(?:on|with|in)\s+{name}(?![\w-])"
        rf"|(?<![\w-]){name}-based\s+{_PART_NOUN}", lead, re.I) is not None


def qualified_name(lead: str, old: str) -> bool:
    """``lead`` writes a name right before ``old`` that says what kind of ``old`` it is ("a
    Python FastAPI backend"): with ``old`` alone put to the new choice it would still say
    that ("a Python Next.js backend"), which nothing said holds of the new one."""
    return re.search(rf"(?<=[\w,;:)]\s)(?-i:[A-Z])[\w.+#-]*\s+{re.escape(old)}(?![\w-])",
                     lead, re.I) is not None


# A clause that rules a day out ("Do not deploy on Tuesdays", "Never deploy on Fridays", "no
# deploys on Fridays", "every day except Friday"): a switch of that day would make the rule
# its opposite ("Do not deploy on Thursdays")
_RULED_OUT = rx.compile(r"\b(?:not|never|no|don't|don’t|avoid\w*|except)\b", re.I)


def _day_ruled_out(text: str, day: str) -> bool:
    """A clause of ``text`` naming ``day`` (or its plural) rules it out."""
    return any(_RULED_OUT.search(clause) is not None
               and re.search(rf"\b{re.escape(day)}s?\b", clause, re.I) is not None
               for clause in re.split(r"[,;:.!?](?:\s|$)|\n", text))


def _day_said_of(text: str, day: str, thing: frozenset[str]) -> bool:
    """A clause of ``text`` names ``day`` of ``thing``: the thing is said before the day ("The
    standup is every Tuesday"), or the clause begins with the day ("Every Tuesday we hold the
    standup"). "The retro is every Tuesday after the standup" is the retro's day."""
    for clause in re.split(r"[,;:.!?](?:\s|$)|\n", text):
        for said in re.finditer(rf"\b{re.escape(day)}s?\b", clause, re.I):
            before = clause[:said.start()]
            if mentions_thing(thing, before) or (
                    re.fullmatch(r"\s*(?:on|every)\s+", before, re.I) is not None
                    and mentions_thing(thing, clause)):
                return True
    return False


def switch_target(live: list[Entry], cand: Candidate) -> Entry | None:
    new, old = cand.new or "", cand.old
    thing = moved_thing(cand.text)
    ranked: list[tuple[float, int, Entry]] = []
    days_moved = 0  # (entries whose day the thing's weekday switch would move)
    for pos, entry in enumerate(live):
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
                  and (not thing or mentions_thing(thing, entry.lead))) or (
                says_new and (bool(entry.history) or (
                    bool(thing) and mentions_thing(thing, entry.lead)
                    and ((_says_of(entry.lead, thing, new)
                          and not _set_against(entry.lead, new))
                         or _chosen_over(entry.lead, new) is not None))))
        elif thing and not mentions_thing(thing, entry.text):
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
        elif old and old.lower() in WEEKDAYS:
            # "the standup moved from Monday to Tuesday": "The standup is every Monday",
            # "... on Mondays"; not for a week's exception ("this week only", "on the 14th").
            # A day moved that names no thing ("We deploy on Thursdays now, not Tuesdays")
            # tells no entry: any saying "on Tuesday" was rewritten ("Incident on Tuesday
            # 2026-06-30: ..." pruned)
            stated = "\n".join(entry.statements or [entry.lead])
            # (only an entry whose day is the thing's: the retro "every Tuesday after the
            # standup" is no second standup)
            hit = bool(thing) and _says_day(entry.lead, old) and not _day_ruled_out(
                stated, old) and _day_said_of(stated, old, thing) and not _ONE_TIME.search(
                cand.text) and last_mention(cand.text) is None
            days_moved += hit
            # (the day once, as a recurring one: an incident on a Tuesday, a path, a crontab
            # or a second clause saying it moved with it, or were pruned)
            hit = hit and says_day_once_as_recurring(stated, old)
        else:
            # "in the GitHub Wiki": the article is the name's, not the sentence's; "on the
            # Confluence wiki" is on Confluence all the same
            the = (rf"(?:the\s+(?={re.escape(old)}\b(?!\s+{_NOUN_AFTER})|"
                   rf"{re.escape(old)}\s+(?:wiki|space|site|instance)\b))?")
            hit = (says_new and says_old) or (says_old and re.search(
                rf"\b(?:use|uses|using|run|runs|on|in|via|with|through|is|are|to|at)\s+"
                rf"{the}[\[`]?"
                rf"{re.escape(old)}\b", entry.text, re.I) is not None) or (
                bool(thing) and _owned_by(entry.lead, old or "")) or (
                bool(thing) and old is not None and _built_on(entry.lead, old))
        if hit:
            weight = (2.0 if says_new and says_old else 1.0) + similarity(cand.text, entry.lead)
            ranked.append((weight, -pos, entry))
    if not ranked or days_moved > 1:
        # ("The meeting is on Thursdays now": the standup meeting's or the planning meeting's,
        # each every Tuesday, is not told; the likeliest was rewritten, the other left)
        return None
    ranked.sort(key=lambda t: (t[0], t[1]), reverse=True)
    return ranked[0][2]


def moved_from(live: list[Entry], cand: Candidate) -> tuple[Entry, str] | None:
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
    thing = moved_thing(cand.text)
    if not thing:
        return place_replaced(live, new, "") if len(named) == 1 else None
    # "bug tracking" is what "Bugs are tracked in Linear" is about
    return one_other(live, cand, thing, new, lambda lead: [
        p for p in places_in(lead) if kind_of(p) == kind])


def user_moved(live: list[Entry], cand: Candidate) -> tuple[Entry, str] | None:
    """For "I moved to Brighton last month": the one user entry saying where the person is
    ("... a freelance front-end developer in Bristol"), and that place; the person's own
    move is of who they are, not a project's choice. The place left, when said ("I'm not
    in Bristol any more"), must be the entry's."""
    new = cand.new or ""
    if not cand.text.startswith("The user ") or not new[:1].isupper() or (
            _USER_MOVED.match(cand.text) is None):
        return None
    left = _NOT_IN_ANY_MORE.search(cand.text)
    found = [(entry, m[1]) for entry in live if entry.type == "user"
             for m in _LIVES_IN.finditer(entry.lead)
             if m[1].lower() != new.lower() and m[1].lower() not in _NOT_A_PLACE
             and not tool_kinds(m[1]) and kind_of(m[1]) is None
             and (left is None or left[1] == m[1])]
    return found[0] if len(found) == 1 else None


def kept_beside(live: list[Entry], cand: Candidate) -> bool:
    """An entry names another tool of ``cand``'s kind and stays as it is beside the switch
    (the user's habit, a rule with the old tool's reason): the switch is a memory of its
    own, not news of nothing in memory."""
    if tool_replaced(live, cand, guarded=False) is not None:
        return True
    # ... or one naming that tool again in the reason ("..., npm has the lockfile"), which
    # no switch takes as its target
    new = cand.new or ""
    kinds = tool_kinds(new)
    for entry in live:
        named = {t.lower(): t for t in tools_in(entry.lead) if tool_kinds(t) & kinds}
        if len(named) == 1 and new.lower() not in named:
            (old,) = named.values()
            if not _NOT_PLAINLY.search(entry.lead) and re.search(
                    rf"{_SAYS_USED}\s+{re.escape(old)}(?![\w-])", entry.lead, re.I) and (
                    _stays_beside(entry, cand.text, old)):
                return True
    return False


def tool_replaced(live: list[Entry], cand: Candidate, *, guarded: bool = True
                  ) -> tuple[Entry, str] | None:
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

    thing = moved_thing(cand.text)
    if not thing and sum(bool(named_in(e.text)) and open_to(e) for e in live) != 1:
        return None
    return one_other(live, cand, thing, new, others_in, open_to)


def place_replaced(live: list[Entry], new: str, said: str) -> tuple[Entry, str] | None:
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

    found = [(entry, named[0]) for entry in live if (named := others_in(entry.lead))
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


def moved_off(live: list[Entry], cand: Candidate) -> tuple[Entry, str] | None:
    """For "I moved the staging database to db2": the entry whose clause about that thing
    names one other host of that shape ("The staging database is on db1"), and that host."""
    new = cand.new or ""
    thing = moved_thing(cand.text)
    if not thing or slot_values(new) != [new]:
        return None
    return one_other(live, cand, thing, new, lambda lead: [
        v for part in _CLAUSE_EDGE.split(lead)[::2] if mentions_thing(thing, part)
        for v in slot_values(part)])


def branch_renamed(live: list[Entry], cand: Candidate) -> tuple[Entry, str] | None:
    """For "The default branch was renamed to trunk", which does not say from what: the
    entry giving the default branch one name ("The default branch is main"), and it."""
    if _SAID_OF_ONE.search(cand.text) is None or not re.search(r"\brenam", cand.text, re.I):
        return None
    return one_other(live, cand, frozenset(), cand.new or "", lambda lead: [
        m[1] for m in _BRANCH_IS.finditer(lead)])


def upgraded_from(live: list[Entry], cand: Candidate) -> tuple[Entry, str] | None:
    """For "we upgraded production to Postgres 16", which does not say from which version:
    the entry naming one other version of that tool ("We run Postgres 14 in production"),
    about what moved when the move names it, and that version. Nothing when no entry, or
    more than one version in the entry, says which is replaced."""
    parts = split_version(cand.new or "")
    if parts is None:
        return None
    name, version = parts
    found = one_other(live, cand, moved_thing(cand.text), version, lambda lead: (
        [] if _other_holders(lead, cand.text) else versions_of(lead, name)))
    return None if found is None else (found[0], spelled_as_in(found[0].lead,
                                                               f"{name} {found[1]}"))


def setting_target(
    live: list[Entry], cand: Candidate, change: SettingChange
) -> tuple[Entry, str | None] | None:
    """For "Bumped retries from 3 to 5" or "The standup moved to 10:30": the live entry
    whose clauses about that setting give it the old value (their one value, when the old
    one is not said), and that value as compared; else one that gives it the new value
    alone, already, and None. Not for one week's exception ("this week only", "next week
    the standup moved to 10"), nor for one place ("on staging") an entry does not name.
    The entry most like ``cand`` wins, then the earliest."""
    if _ONE_TIME.search(cand.text) or (change.time and last_mention(cand.text) is not None):
        return None
    where = tokens(only_where(cand.text))
    found: list[tuple[bool, float, int, Entry, str | None]] = []
    for pos, entry in enumerate(live):
        values = [v.value for v in _stated_in(change, entry.lead)]
        if not values or (where and not mentions_thing(where, entry.lead)):
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


def given_for_change(live: list[Entry], change: SettingChange, old: str) -> list[Entry]:
    """The rules against the value now returned to, given for the change that ended ("Don't
    request 8 GPUs", why: "since the quota cut I can only use 4 at a time"): each forbids
    that number and gives the old one beside the setting's word in its reason."""
    now = re.compile(rf"(?<![\w.]){re.escape(change.now)}(?![\w.])")
    was = re.compile(rf"(?<![\w.]){re.escape(old)}(?![\w.])")
    words = change.about - change.nouns or change.nouns
    return [e for e in live if e.type == "feedback" and AGAINST.match(e.lead)
            and now.search(e.lead) and was.search(e.why or "") and any(
                has_word(e.why, w) for w in words)]


def named_as(live: list[Entry], old: str, new: str, day: date) -> list[Entry]:
    """The live entries that use the name ``old`` and not ``new`` (one naming both knows of
    the rename already), as what is now, not in a past event; a few at most: a name in
    many is too common a word to be the one renamed."""
    found = [e for e in live if not e.sealed and has_word(e.lead, old)
             and not has_word(e.lead, new) and not told_past_of(e.lead, old, day)]
    return found if len(found) <= 3 else []


def back_in_its_place(live: list[Entry], cand: Candidate) -> tuple[Entry, str] | None:
    """For "Let's go back to npm for the frontend" with no history of npm: the one entry that
    says the same but for one choice ("We use pnpm for the frontend"), and that choice."""
    new = cand.new or ""
    at = re.search(rf"\b{re.escape(new)}\b", cand.text)
    tail = cand.text[at.end():].strip().rstrip(".!") if at else ""
    if not new or len(tail.split()) < 2:
        return None  # nothing said beside the choice to find its place by
    said = f"We use {new} {tail}"
    found = [(e, d[0]) for e in live if (d := choice_difference(e.lead, said))
             and d[1].lower() == new.lower()]
    return found[0] if len(found) == 1 else None


# "Use ruff instead of flake8", "Use pnpm rather than npm", "Use pnpm, not npm": a rule choosing
# one tool over another, both named
_USE_OVER = rx.compile(
    r"^(?:please\s+)?(?:always\s+)?use\s+(?P<cur>[\w.+#-]*\w),?\s+(?:instead\s+of|rather\s+than|"
    r"over|not)\s+(?P<old>[\w.+#-]*\w)", re.I)


# what a move back may say after the tool and still be said of everything ("Go back to npm
# again, please", "Use npm again from now on"), each in its words' order ("now for" is no
# "for now"; longer first, so "from now on" is read whole)
_BACK_FOR_ALL = (("from", "now", "on"), ("from", "now"), ("for", "now"), ("for", "good"),
                 ("going", "forward"), ("again",), ("please",), ("now",), ("then",),
                 ("instead",))


def said_for_all(after: str) -> bool:
    """``after``, the words a move back says after the tool, say it of everything: none, or
    only since when or how ("again, please", "for now", "from now on"), in their order."""
    words = tuple(re.findall(r"\w+", after.lower()))
    at = 0
    while at < len(words):
        said = next((phrase for phrase in _BACK_FOR_ALL
                     if words[at:at + len(phrase)] == phrase), None)
        if said is None:
            return False
        at += len(said)
    return True


def rule_over(live: list[Entry], cand: Candidate) -> tuple[Entry, str] | None:
    """For a move back to a tool ("You can use flake8 again") that names nothing it leaves:
    the one rule choosing another tool over it ("Use ruff instead of flake8"), and that tool.
    Beside other such rules ("Use pytest instead of nose") only the one of that tool ends;
    none had ended, and the rule against flake8 stayed beside the move back to it. Not a move
    said of one place or time ("Let's go back to npm for the unit tests", "We went back to npm
    last year, then moved to pnpm"): the rule for all is not the one it ends."""
    new = cand.new or ""
    at = re.search(rf"(?<![\w-]){re.escape(new)}(?![\w-])", cand.text, re.I) if new else None
    if at is None or not said_for_all(cand.text[at.end():]):
        return None
    found = [(e, m["cur"]) for e in live if (m := _USE_OVER.match(e.lead)) is not None
             and same_tool(m["old"], new) and not same_tool(m["cur"], new)]
    return found[0] if len(found) == 1 else None
