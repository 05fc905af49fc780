"""Paraphrase: a rule or fact said again in other words, too unlike the entry in wording for
``best_match`` ("I prefer tabs over spaces" / "Indent with tabs please, never spaces"; "Priya
owns the billing service" / "Billing is owned by Priya"). Read narrowly, as a key each side must
give alike: the preferred and rejected terms of a choice, or who owns what; anything else the
sentence says must be said by the entry too, so two memories are never made one."""

from __future__ import annotations

import re

from autodream import rx
from autodream.engine.bans import BAN_OPENER
from autodream.engine.entries import Entry
from autodream.engine.model import Candidate
from autodream.engine.plans import LIST_MARK
from autodream.engine.text import WEEKDAY_NAME, tokens
from autodream.engine.versions import NOW_WORD

# a term of a choice: a word, with a version after it ("pnpm 9", "Python 3.12")
_TERM = r"[A-Za-z][\w.+#-]*(?:\s+\d[\w.]*)?"
_TERMS = rf"{_TERM}(?:\s*(?:,|\bor\b|\bnor\b|\band\b)\s*{_TERM})*"
# "I prefer tabs over spaces", "The user prefers tabs to spaces"
_PREFER = rx.compile(
    # ("mid" is empty, there only so choice_of reads both patterns alike: _USE_NOT's holds the
    # words between the terms, "for indentation"; here none come between them)
    rf"^(?:(?:I|we|the\s+user)\s+(?:really\s+|strongly\s+)?prefers?)\s+(?P<yes>{_TERM})\s+"
    rf"(?P<mid>)(?:over|to|rather\s+than|instead\s+of)\s+(?P<no>{_TERMS})\s*[.!]?$", re.I)
# "Use tabs for indentation, not spaces", "Always use pnpm, never npm", "Indent with tabs
# please, never spaces"
_USE_NOT = rx.compile(
    rf"^(?:please\s+)?(?:always\s+)?(?:use|indent\s+with|stick\s+(?:with|to)|go\s+with)\s+"
    # (one run of spaces before the comma: "\s*,?\s*" split a long run between its two halves
    # every way, and took a minute on 20,000 spaces)
    rf"(?:the\s+)?(?P<yes>{_TERM})(?P<mid>(?:\s+[a-z]+){{0,3}}?)\s*(?:,\s*)?(?:but\s+|and\s+)?"
    rf"(?:not|never)\s+"
    rf"(?P<no>{_TERMS})\s*[.!]?$", re.I)
# words of the choice's frame, said of any choice
_FRAME = frozenset({"please", "for", "with", "the", "user", "prefers", "prefer", "always",
                    "again"})
# words a choice of these terms says already ("tabs for indentation")
_IMPLIED = {"tabs": frozenset({"indentation", "indenting", "indent"}),
            "spaces": frozenset({"indentation", "indenting", "indent"})}


def _term_words(terms: str) -> frozenset[str]:
    # (a term's word may take the full stop: "never npm.")
    return frozenset(w.rstrip(".") for w in re.findall(r"[\w.+#-]+", terms.lower())
                     if w not in ("or", "nor", "and"))


def choice_of(text: str) -> tuple[frozenset[str], frozenset[str], frozenset[str]] | None:
    """The preferred term's words, the rejected terms' words and any other words of a
    sentence that only chooses one term over others; None for any other sentence."""
    text = LIST_MARK.sub("", text.strip())
    m = _PREFER.match(text) or _USE_NOT.match(text)
    if m is None:
        return None
    yes, no = _term_words(m["yes"]), _term_words(m["no"])
    implied = frozenset().union(*(_IMPLIED.get(w, frozenset()) for w in yes | no))
    rest = frozenset(re.findall(r"[a-z][\w-]*", m["mid"].lower())) - _FRAME - implied
    if not yes or not no or yes & no:
        return None
    return yes, no, rest


# "Priya owns billing", "Priya is the owner of the billing service", "Billing is owned by Priya";
# a clause after it only asks to consult them ("; ask her before touching it", ", so loop her in")
# (a person or team named, not a pronoun: "It owns the connection pool" is code that holds a
# thing, and "It owns the socket" is not a second thing of one person's)
_OWNER = r"(?!(?:it|this|that|he|she|they|which|who)\b)(?-i:[A-Z][a-z]+)"
_THING = r"(?:the\s+|our\s+)?(?P<what>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2})"
_OWNS = rx.compile(rf"^(?P<who>{_OWNER})\s+(?:owns|is\s+the\s+owner\s+of)\s+{_THING}"
                   r"\s*(?P<rest>[;,.!].*)?$", re.I)
_OWNED = rx.compile(rf"^{_THING}\s+is\s+owned\s+by\s+(?P<who>{_OWNER})\s*(?P<rest>[;,.!].*)?$",
                    re.I)
_CONSULT = rx.compile(
    r"^[;,.!]?\s*(?:so\s+|and\s+)?(?:please\s+)?(?:ask|check\s+with|loop|talk\s+to|ping|consult)"
    r"\s+(?:her|him|them)\b[^;.!]{0,60}[.!]?$", re.I)
# the ways to say "consult them", one meaning ("ask her", "check with her", "loop her in"), and the
# when that any consulting of an owner means ("first", "before touching it", "before changes"):
# what is left (the channel, another time) is what one clause says that another may not
_CONSULT_VERB = rx.compile(
    r"\b(?:ask|check\s+with|loop|talk\s+to|ping|consult)\s+(?:her|him|them)\b(?:\s+in\b)?", re.I)
_BEFORE_CHANGE = rx.compile(
    r"\b(?:first|before\s+(?:you\s+)?(?:touching|touch|changing|change|changes|making\s+changes)"
    r"(?:\s+(?:it|them))?)\b", re.I)
_CONSULT_NOT = rx.compile(r"\b(?:not|never)\b")
# the kind of thing owned, no part of which one ("billing service" is "billing")
_OWNED_HEAD = frozenset({"service"})
# words that only join the consult clause on ("so loop her in", "please ask her"): how it is
# asked, not who or how to ask
_CONSULT_FRAME = frozenset({"so", "and", "please"})
# words of when or how much, no part of the thing owned ("Priya owns billing now", "... too")
_OWNED_WHEN = frozenset({"now", "too", "also", "again", "still", "entirely", "anymore"})


def _owner_said(text: str) -> re.Match[str] | None:
    text = LIST_MARK.sub("", text.strip())
    return _OWNS.match(text) or _OWNED.match(text)


def _owned_words(owner: re.Match[str]) -> frozenset[str]:
    return frozenset(owner["what"].lower().split()) - _OWNED_WHEN


def owner_of(text: str) -> tuple[str, frozenset[str], frozenset[str]] | None:
    """Who owns what (the words of it) and the words of a clause asking to consult them
    (none when none follows); None when the sentence says anything else."""
    m = _owner_said(text)
    if m is None:
        return None
    rest = (m["rest"] or "").strip()
    if rest.strip(".! ") and not _CONSULT.match(rest):
        return None
    # (its words, not only that it is there: "ask her by email, not on Slack" is not "ping her
    # on Slack" said again but its newer word; "ask" stands for any way to consult, so a clause
    # said where none was is still said more; what follows "not" is marked "!", refused, so
    # "ask her on Slack, not by email" does not say "ask her by email, not on Slack" again)
    meant = _BEFORE_CHANGE.sub(" ", _CONSULT_VERB.sub(" ask ", rest)).lower()
    said, *refused = _CONSULT_NOT.split(meant, maxsplit=1)
    consult = (frozenset(re.findall(r"[a-z][\w'-]*", said)) - _CONSULT_FRAME) | frozenset(
        f"!{word}" for word in re.findall(r"[a-z][\w'-]*", " ".join(refused)))
    what = _owned_words(m) - _OWNED_HEAD
    return (m["who"].lower(), what, consult) if what else None


# "Keep PRs small, under 300 lines please", "Please keep pull requests under 300 lines": a limit
# on a size, its thing (at most three words), its figure and unit; "small" or "short" before
# the limit says no more than the limit does
_LIMIT = rx.compile(
    r"^(?:please\s+)?(?:always\s+)?keep\s+(?:the\s+|your\s+|all\s+|our\s+)?"
    r"(?P<what>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)"
    # (no "\s*,?\s+": a long run of spaces split between the two every way took seconds)
    r"(?:\s+(?:small|short))?(?:\s*,)?\s+(?:under|below|at\s+most|no\s+more\s+than|within)\s+"
    r"(?P<figure>\d[\d,]*)\s*(?P<unit>[a-z]+)(?:\s+please)?\s*[.!]?$", re.I)
# A few things people say short as often as in full, each as one word: "PRs" are "pull
# requests" (and "MRs" "merge requests", "repo" the "repository", "CI" "continuous
# integration"); a limit on one is the limit on the other
_SHORT_FOR = {"pull request": "pr", "pull requests": "pr", "merge request": "mr",
              "merge requests": "mr", "continuous integration": "ci",
              "repository": "repo", "repositories": "repo", "repos": "repo", "prs": "pr",
              "mrs": "mr"}
_SHORT_FOR_AT = rx.compile(r"\b(?:pull|merge)\s+requests?\b|\bcontinuous\s+integration\b|"
                           r"\b(?:repository|repositories|repos|prs|mrs)\b")


def _said_short(words: str) -> frozenset[str]:
    """The words of ``words``, each thing said short as it is said in full ("pull requests"
    is "pr"), plural or not alike ("lines" is "line")."""
    short = _SHORT_FOR_AT.sub(lambda m: _SHORT_FOR[" ".join(m[0].split())], words.lower())
    return frozenset(w[:-1] if len(w) > 3 and w.endswith("s") else w for w in short.split())


def limit_of(text: str) -> tuple[frozenset[str], str, str] | None:
    """The thing a size limit is kept on (its words, said short), the figure and its unit, of
    a sentence that only keeps a thing under a size; None for any other sentence."""
    m = _LIMIT.match(LIST_MARK.sub("", text.strip()))
    if m is None:
        return None
    what = _said_short(m["what"])
    unit = next(iter(_said_short(m["unit"])), "")
    return (what, m["figure"].replace(",", ""), unit) if what else None


def says_no_more(entry_text: str, cand_text: str) -> bool:
    """``cand_text`` makes the same choice, names the same owner, or keeps the same thing
    under the same size, as ``entry_text`` and says nothing the entry does not."""
    said, held = choice_of(cand_text), choice_of(entry_text)
    if said is not None and held is not None:
        return said[0] <= held[0] and said[1] <= held[1] and said[2] == held[2]
    owned, owns = owner_of(cand_text), owner_of(entry_text)
    if owned is not None and owns is not None:
        return owned[:2] == owns[:2] and owned[2] <= owns[2]
    kept, keeps = limit_of(cand_text), limit_of(entry_text)
    return kept is not None and kept == keeps


def owns_another_thing(lead: str, said: str, put_right: bool) -> bool:
    """``lead`` and ``said`` each tell what one person owns, the same person, and two things:
    "Priya owns payments" is one more thing of hers beside "Priya owns billing", not its
    update (a handover, "Marta owns billing", names another person and is one). Not when
    ``said`` puts ``lead`` right (``put_right``: "Correction: Priya owns payments") or says
    what holds now ("Priya owns payments now"): that is the one memory's update."""
    if put_right or NOW_WORD.search(said):
        return False
    owns, owned = owner_of(lead), owner_of(said)
    was, told = _owner_said(lead), _owner_said(said)
    if owns is None or owned is None or owns[0] != owned[0] or was is None or told is None:
        return False
    # each names a word the other lacks, "service" kept (as _ports_of_two_things does): "the
    # billing service" and "the billing API" are two; "billing" and "billing code" one, the
    # newer said more fully; "billing" and "billing too" one
    one, other = _owned_words(was), _owned_words(told)
    return bool(one - other) and bool(other - one)


def owns_more_than_one(leads: list[str], said: str) -> bool:
    """Memory gives more than one thing owned by the person ``said`` tells of: "That was
    wrong. Priya owns search." beside "Priya owns billing" and "Priya owns payments" does not
    say which of them it puts right (the one matched first was rewritten, billing lost)."""
    owned = owner_of(said)
    if owned is None:
        return False
    return sum(1 for lead in leads
               if (owns := owner_of(lead)) is not None and owns[0] == owned[0]) > 1


# a rule kept to days that come round: "on Fridays", "on weekends"
_ON_DAYS = rx.compile(rf"\bon\s+(?:{WEEKDAY_NAME}s|weekends)\b", re.I)
# ... the ban's last words ("Never push to main on Fridays."): a clause after them
# ("...; manual deploys are fine now", "..., but hotfixes can go") says more than a ban
_ENDS_ON_DAYS = rx.compile(rf"\bon\s+(?:{WEEKDAY_NAME}s|weekends)\s*[.!]?$", re.I)


def ban_on_other_days(lead: str, said: str) -> bool:
    """``said`` forbids something on days that come round, ``lead`` forbids without them and
    something ``said`` does not name: "Never push to main on Fridays" is another rule than
    "Never force-push to main" (the one forbids all pushes on a Friday, the other force-pushes
    every day), not its newer wording. ("Never push to main" is kept beside the Friday rule
    in its file, as before: all its words are in it.) Only the bare ban on days: a sentence
    saying more after it ("...; manual deploys are fine now") goes the way it went before."""
    if not BAN_OPENER.match(said) or not BAN_OPENER.match(lead):
        return False
    if _ENDS_ON_DAYS.search(said) is None or _ON_DAYS.search(lead) is not None:
        return False
    return bool(tokens(lead) - tokens(said))


def said_in_other_words(live: list[Entry], cand: Candidate) -> Entry | None:
    """The one live entry of ``cand``'s type a statement of which ``cand`` says again in
    other words, and no more; None when none does, or more than one."""
    if choice_of(cand.text) is None and owner_of(cand.text) is None and (
            limit_of(cand.text) is None):
        return None
    found = [e for e in live if e.type == cand.type
             and any(says_no_more(s, cand.text) for s in e.statements)]
    return found[0] if len(found) == 1 else None
