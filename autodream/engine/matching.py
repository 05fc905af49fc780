"""Matching: which live entry a candidate speaks of (the one most like it, the rule it says
again or turns round, the preference it takes back, the plan of another type it restates),
where the words alone do not tell."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date
from typing import TYPE_CHECKING

from autodream import rx
from autodream.engine.bans import BAN_OPENER
from autodream.engine.entries import Entry
from autodream.engine.model import Candidate, Source
from autodream.engine.plans import LIST_MARK, another_plan, entry_said_on, mentions_thing
from autodream.engine.replacement import (
    _one_name,
    _rule_clauses,
    _value_put_right,
    left_in,
    same_values,
)
from autodream.engine.restating import is_rule, opposite_said
from autodream.engine.revisions import revision
from autodream.engine.rewrites import (
    _EXCEPTED,
    _PREFERRING,
    _only_forbids,
    _says_of,
    _set_against,
    _upshot,
    moved_thing,
)
from autodream.engine.sentence_kinds import (
    _RULE_KINDS,
    best_result,
    key_clause,
    route_by_person,
    route_of,
)
from autodream.engine.setting_changes import turned_back_over
from autodream.engine.text import (
    STOPWORDS,
    has_name,
    has_word,
    similarity,
    similarity_bound,
    similarity_ceiling,
    tokens,
    word_set,
)
from autodream.engine.tool_kinds import same_tool, tool_kinds, tools_in

if TYPE_CHECKING:
    from autodream.engine.rare import Revision

_RULE_OR_PROJECT = frozenset({"feedback", "project"})


def _owner_plain(words: frozenset[str]) -> frozenset[str]:
    """``words`` with whose said as the name ("acme'" of "Acme's" is "acme")."""
    return frozenset(w.rstrip("'’") for w in words)


# A decision taken back: "we are NOT doing Karpenter this quarter after all", "we won't move to
# Karpenter after all"; and what tells of a decision made
NOT_AFTER_ALL = rx.compile(
    r"(?:n't|\bnot)\s+(?:be\s+)?(?:doing|going\s+(?:ahead\s+)?with|moving\s+to|switching\s+to|"
    r"migrating\s+to|adopting|using|do|move\s+to|switch\s+to|adopt|use)\s+"
    r"(?P<what>(?-i:[A-Z])[\w.+#-]*)\b[^.;]*\bafter\s+all\b", re.I)
DECIDED = rx.compile(r"\b(?:decided|agreed)\s+(?:\w+\s+){0,2}?to\b", re.I)


# "I don't want pandas anywhere in src/, not just the training loop": the rule widened past
# the reach an earlier one had; the scope named is what that earlier rule was kept to
_NOT_JUST = rx.compile(
    r",?\s*\bnot\s+(?:just|only)\s+(?:in\s+|for\s+|on\s+)?(?:the\s+|our\s+)?"
    r"(?P<scope>[\w/-]+(?:\s+[\w/-]+){0,3}?)\s*(?=[,.;!]|$)", re.I)


# words of a rule's frame, no subject of it
_RULE_FRAME = word_set("""never always use want don doesn t do not anywhere everywhere only just
    prefer avoid stop keep user""")


# the words of a rule that say what it is about, less those of any rule ("always", "use")
_RULE_WORDS = frozenset({"always", "never", "use", "using", "don't", "dont", "please", "prefer",
                         "now", "from", "instead", "should", "must"})


def _about_words(text: str) -> frozenset[str]:
    return frozenset(w for w in re.findall(r"[a-z][a-z']+", text.lower())
                     if w not in STOPWORDS and w not in _RULE_WORDS)


# How long "Scratch that" opening a message reaches back: a rule said in the same session or a
# few days before (a weekend between), not one kept for months that shares a word with it
_TAKE_BACK_DAYS = 3


def _said_lately(entry: Entry, said: Source) -> bool:
    """``entry`` was said in the session of ``said`` or a few days before it; an entry with
    no day told (written by hand) is of no known age, so not."""
    return any(s.session_id == said.session_id or 0 <= (said.day - s.day).days <= _TAKE_BACK_DAYS
               for s in entry.sources())


# Where a rule holds: a language, file type, part or stage named after in / for / on ("in YAML
# files", "for Python", "in tests", "on prod")
_SCOPE = rx.compile(r"\b(?:in|for|on|inside|within)\s+(?:the\s+|all\s+|our\s+|any\s+)?"
                    r"(?P<w>[A-Za-z][\w.+#-]*)")
_SCOPE_WORDS = word_set("""tests test unit integration e2e prod production staging dev local ci
    frontend backend docs migrations scripts""")


def _scopes(text: str) -> frozenset[str]:
    if not any(f" {p} " in text for p in ("in", "for", "on", "inside", "within")):
        return frozenset()
    return frozenset(w.lower() for m in _SCOPE.finditer(text) if (w := m["w"])[0].isupper()
                     or w.lower() in _SCOPE_WORDS or tool_kinds(w))


# The description the engine gives an entry with nothing more to say than when it was said
_DAY_ONLY = rx.compile(r"(?:plan stated|stated by the user) on \d{4}-\d{2}-\d{2}\.?$", re.I)


def entry_still_current(live: list[Entry], cand: Candidate) -> Entry | None:
    """The live entry most like ``cand`` that names what ``cand`` moved back to as what is
    used (not as what is not), about what moved when that is said."""
    new, thing = cand.new or "", moved_thing(cand.text)
    found = [(similarity(cand.text, e.lead), -pos, e) for pos, e in enumerate(live)
             if _says_of(e.lead, thing, new) and not _set_against(e.lead, new)
             and not left_in(e.lead, new)
             # a rule against it ("Stop writing to S3") is not confirmed by the move
             and not (BAN_OPENER.match(e.lead) and has_word(e.lead, new))]
    return max(found, key=lambda f: (f[0], f[1]))[2] if found else None


def decision_taken_back(live: list[Entry], cand: Candidate) -> Entry | None:
    """For "We are NOT doing Karpenter this quarter after all": the one live entry telling of
    a decision about that thing ("We decided to replace cluster-autoscaler with Karpenter"),
    which the person takes back."""
    if "after all" not in cand.text.lower():
        return None
    m = NOT_AFTER_ALL.search(cand.text)
    if m is None:
        return None
    found = [e for e in live if DECIDED.search(e.lead) and has_name(e.lead, m["what"])]
    return found[0] if len(found) == 1 else None


def turned_back_in(live: list[Entry], cand: Candidate) -> Entry | None:
    """For "Helen and I agreed to turn ArgoCD auto-sync back ON for prod apps, ...": the one
    live entry whose lead gives that setting the other state ("We decided to turn ArgoCD
    auto-sync OFF for all prod applications"), too unlike it in words for ``best_match``."""
    if "back o" not in cand.text.lower():
        return None
    found = [e for e in live if turned_back_over(e.lead, cand.text)]
    return found[0] if len(found) == 1 else None


def best_match(live: list[Entry], cand: Candidate, match_similarity: float) -> Entry | None:
    """The live entry most similar to ``cand`` that is similar enough (``match_similarity``,
    0.85 for an entry of another type); the first one in
    order when several are equally similar."""
    # "Our main branch is now trunk" is about the default branch
    texts = {cand.match_text, cand.text, _one_name(cand.text)}
    # (a fact: a rule said on, "Never push to main on Fridays", is narrower, not more)
    said_on = entry_said_on(cand.text, [e for e in live if e.type == cand.type]) if (
        cand.kind == "fact") else None
    if said_on is not None:
        return said_on
    if cand.kind == "fact" and (route := route_entry(live, cand)) is not None:
        return route
    # difflib is the cost here, so each entry gets a cheap ceiling first: one below what it
    # needs, or below the best found so far, cannot be chosen. Trying high ceilings first
    # finds a restatement (similarity 1.0) before the rest, which it then rules out unseen.
    ranked: list[tuple[float, int, Entry, list[tuple[str, str]], float]] = []
    for pos, entry in enumerate(live):
        # (a description the engine made of the day alone names nothing: "plan stated on
        # 2026-10-15" was most like "Freeze started on 2026-10-19" of all)
        described = () if _DAY_ONLY.match(entry.description) else (entry.description,)
        # (the lead's own rule, as a candidate is keyed: "Always seed everything" said again
        # is the entry "Always seed everything (torch, ...), the user needs ...")
        pairs = [(text, s) for text in texts
                 for s in {entry.lead, *described, _one_name(entry.lead),
                           *_upshot(entry.lead), key_clause(entry.lead)}]
        needed = match_similarity if entry.type == cand.type else 0.85
        bounds = [(similarity_bound(text, s), text, s) for text, s in pairs]
        bound = max(b for b, _, _ in bounds)
        # (another plan on another day is asked only of the entries the ceiling lets by)
        if bound >= needed and not another_plan(cand, entry):
            # only a pair whose own ceiling reaches what is needed can make the entry
            # chosen, and then it is the most similar: difflib is spared the others
            ranked.append((bound, pos, entry,
                           [(text, s) for b, text, s in bounds if b >= needed], needed))
    ranked.sort(key=lambda r: (-r[0], r[1]))
    best: Entry | None = None
    best_sim, best_pos = 0.0, -1
    for bound, pos, entry, pairs, needed in ranked:
        if bound < best_sim or (bound == best_sim and pos > best_pos):
            continue  # at best a tie with an earlier entry, which wins ties
        # Each candidate meets every entry, so in a long memory difflib is most of the
        # cost: a pair is measured only if the closer ceiling lets it reach both what is
        # needed and the best so far (the pair that decides is never one left out)
        floor = max(needed, best_sim)
        reach = [(text, s) for text, s in pairs if similarity_ceiling(text, s) >= floor]
        if not reach:
            continue
        sim = max(similarity(text, s) for text, s in reach)
        if sim >= needed and (sim > best_sim or (
                sim == best_sim and best is not None and pos < best_pos)):
            best, best_sim, best_pos = entry, sim, pos
    return best


def route_entry(live: list[Entry], cand: Candidate) -> Entry | None:
    """For "All applies now go through Atlantis": the one entry of its type saying the same
    work goes through something else ("Applies only go through Terraform Cloud, in the
    infra-live-prod and infra-live-staging workspaces"), however unlike the two read; the
    way the work is done has changed, and the old way must not stay beside it."""
    told = route_of(cand.text)
    if told is None or not told[1]:
        return None
    # (an approver and a tool are two routes, both kept: "PRs go through Sarah before
    # merging" beside "All PRs now go through Graphite")
    person = route_by_person(cand.text)
    found = [e for e in live if e.type == cand.type
             and (was := route_of(e.lead)) is not None and was[0] == told[0]
             and route_by_person(e.lead) == person]
    return found[0] if len(found) == 1 else None


def best_result_entry(live: list[Entry], cand: Candidate) -> Entry | None:
    """The newest live entry giving the project's best of the measure ``cand`` gives a best
    of ("val loss"), or None."""
    measure = best_result(cand.text)
    if measure is None:
        return None
    found = [e for e in live if e.type == cand.type and best_result(e.lead) == measure]
    return max(found, key=lambda e: e.reference_day() or date.min, default=None)


def taken_back(live: list[Entry], cand: Candidate
               ) -> tuple[Entry, list[tuple[int, Revision]]] | None:
    """The entry whose statements ``cand``, said after a change of mind, takes back (each
    with how), of its type; the one most like ``cand`` wins, then the earliest."""
    found: list[tuple[float, int, Entry, list[tuple[int, Revision]]]] = []
    for pos, entry in enumerate(live):
        if entry.type != cand.type and {entry.type, cand.type} != _PREFERRING:
            continue  # a preference may be kept as what the user is like, or as feedback
        taken = [(i, r) for i, s in enumerate(entry.statements)
                 if (r := revision(LIST_MARK.sub("", s), cand.text)) is not None]
        if taken:
            found.append((similarity(cand.text, entry.lead), -pos, entry, taken))
    if not found:
        return None
    *_, entry, taken = max(found, key=lambda f: (f[0], f[1]))
    return entry, taken


def taken_back_by_word(live: list[Entry], cand: Candidate
                        ) -> tuple[Entry, list[tuple[int, Revision]]] | None:
    """The rule ``cand``, said after "Scratch that" / "I changed my mind", takes back when
    no scale of choices ties them: the only statement of its type naming another tool of
    the kind ``cand`` names ("Use pnpm from now on" over "Always use yarn for installs"),
    or sharing at least half of what ``cand`` is about ("Always rebase and merge" over
    "Always squash-merge pull requests", "Use 4 spaces" over "Use 2 spaces for
    indentation"); with two, which one was meant is not said."""
    if cand.kind not in ("preference", "correction") or cand.text[:5].lower() in (
            "stop ", "quit "):
        return None
    about = _about_words(cand.text)
    tools = tools_in(cand.text)
    kinds = tool_kinds(tools[0]) if len(tools) == 1 else frozenset()
    found: list[tuple[Entry, int, str]] = []
    where = _scopes(cand.text)
    for entry in live:
        if (entry.type != cand.type and {entry.type, cand.type} != _PREFERRING) or not (
                _said_lately(entry, cand.source)):
            continue
        for i, said in enumerate(entry.statements):
            said = LIST_MARK.sub("", said)
            if where and (other := _scopes(said)) and not where & other:
                continue  # ("Use 4 spaces in Python files" takes back no YAML rule)
            others = [t for t in tools_in(said) if tool_kinds(t) & kinds
                      and not same_tool(t, tools[0])] if kinds else []
            if others or (about and len(about & _about_words(said)) * 2 >= len(about)):
                found.append((entry, i, said))
                break
    if len(found) != 1:
        return None
    entry, at, said = found[0]
    gone = sorted(_about_words(said) - about)
    stale = re.compile("|".join(rf"(?<![\w-]){re.escape(w)}(?![\w-])" for w in gone)
                       if gone else r"(?!)", re.I)
    from autodream.engine.rare import Revision  # (made only when one is said)

    return entry, [(at, Revision(said.rstrip(".!"), cand.text.rstrip(".!"), False, stale))]


def one_put_right(live: list[Entry], target: Entry, cand: Candidate, corrects: bool) -> bool:
    """``cand`` gives ``target``'s one value anew (``_value_put_right``), and no other
    entry's: "Use 2 spaces for indentation, not 4" beside rules of Python and of YAML
    indentation is of neither of them."""
    if _value_put_right(target.lead, cand.text, corrects) is None:
        return False
    return not any(e is not target and _value_put_right(e.lead, cand.text, corrects)
                   for e in live)


def rule_entry(live: list[Entry], cand: Candidate, meets: Callable[[str, str], bool]
               ) -> Entry | None:
    """The feedback entry with a rule ``cand`` ``meets`` (says again in other words, or
    turns round), too unlike it for ``best_match`` ("Our convention is to squash-merge" /
    "We always squash-merge pull requests"); the most similar one, then the first."""
    if not is_rule(cand):
        return None
    found = [(similarity(cand.text, e.lead), -pos, e) for pos, e in enumerate(live)
             if e.type == "feedback" and any(meets(s, cand.text) for s in e.statements)]
    return max(found, key=lambda f: f[:2])[2] if found else None


def restated_as_other_type(live: list[Entry], cand: Candidate) -> tuple[Entry, bool] | None:
    """The one live entry of the other type (a rule, or a fact of the project) a clause of
    which ``cand``'s first clause says again in fewer or other words, and nothing more in
    it: "Acme's copy is US English, I spotted 'colour' in the pricing FAQ", read as of the
    project, says again the rule "Acme want all copy in US English, so 'color' ...", read
    as feedback; two entries of one rule, each guessed a type, would drift apart. With
    whether ``cand``, a rule, says it in more clauses than the entry does (then it says
    more)."""
    if cand.type not in _RULE_OR_PROJECT or cand.kind in ("plan", "switch", "correction"):
        return None
    clauses = _rule_clauses(cand.text)
    if not clauses:
        return None
    _, said, forbids, _ = clauses[0]
    said = _owner_plain(said)
    # ("pnpm only in web/" of "Use pnpm, not npm, for the admin UI in web/": the tool the
    # rule chooses and where, in two words; "pnpm only in web/ and docs/" adds a place)
    tool = [t for t in tools_in(cand.text) if t.lower() in said] if len(said) == 2 and (
        not forbids and len(clauses) == 1) else []
    if len(said) < 3 and len(tool) != 1:
        return None  # ("Use pytest": too few words to tell one rule from another)
    found: list[tuple[Entry, bool]] = []
    for entry in live:
        if entry.type not in _RULE_OR_PROJECT or entry.type == cand.type:
            continue
        lead = LIST_MARK.sub("", entry.lead)
        told = _rule_clauses(lead)
        if tool and (entry.type != "feedback" or _set_against(lead, tool[0]) or not any(
                said <= _owner_plain(part_core) for _, part_core, *_ in told)):
            continue
        if (bool(tool) or any(
                said <= (core := _owner_plain(part_core)) and 3 * len(said) >= 2 * len(core)
                and part_forbids == forbids for _, part_core, part_forbids, _ in told)) and (
                same_values(cand.text, lead) and not opposite_said(lead, cand.text)):
            # (a rule says more in more clauses; a fact's more is news of a day: "..., I
            # spotted 'colour' in the pricing FAQ")
            found.append((entry, len(clauses) > len(told) and cand.kind in _RULE_KINDS))
    return found[0] if len(found) == 1 else None


def rule_widened(live: list[Entry], cand: Candidate) -> Entry | None:
    """For "I don't want pandas anywhere in src/, not just the training loop": the one live
    rule kept to the scope named ("Never use pandas in the training loop") about the same
    thing; None when no rule, or more than one, is that narrower rule."""
    m = _NOT_JUST.search(cand.text)
    if m is None:
        return None
    scope = tokens(m["scope"])
    subject = tokens(cand.text[: m.start()]) - scope - _RULE_FRAME
    if not scope or not subject:
        return None
    found = [e for e in live if e.type == "feedback" and scope <= tokens(e.lead)
             and subject & (tokens(e.lead) - _RULE_FRAME)]
    return found[0] if len(found) == 1 else None


def rule_excepted(live: list[Entry], cand: Candidate) -> tuple[Entry, str] | None:
    """The one live rule against what ``cand`` says is used now or allowed ("Don't add
    pandas as a dependency; ..." for "We now use pandas for the Excel export", "It's fine
    to add pandas as an optional extra"), and the exception as the rule tells it; None
    when no such rule. Beside it the rule would stand as it was, as if never broken."""
    m = _EXCEPTED.match(cand.text)
    if m is None or cand.kind not in ("fact", "decision", "preference", "correction"):
        return None
    name = m["allowed"] or m["used"]
    found = [e for e in live if e.type == "feedback" and has_word(e.lead, name)
             and _only_forbids(e.lead, name)]
    if len(found) != 1:
        return None
    said = (f"{m['allowed']}{m['rest']}".rstrip(".!") + " is fine" if m["allowed"]
            else cand.text[:1].lower() + cand.text[1:].rstrip(".!"))
    return found[0], said


def one_other(
    live: list[Entry], cand: Candidate, thing: frozenset[str], new: str,
    named_in: Callable[[str], list[str]],
    open_to: Callable[[Entry], bool] | None = None,
    about: Callable[[frozenset[str], str], bool] | None = None,
) -> tuple[Entry, str] | None:
    """The live entry, ``about`` ``thing`` when a thing is named, in whose lead
    ``named_in`` finds exactly one value and not ``new``, with that value: what ``new``
    replaced. The entry most like ``cand`` wins, then the earliest; only one ``open_to``
    takes, if given. ``about`` is ``mentions_thing`` unless given."""
    about = about or mentions_thing
    found: list[tuple[float, int, Entry, str]] = []
    for pos, entry in enumerate(live):
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
