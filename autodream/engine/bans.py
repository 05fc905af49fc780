"""Bans: a rule against a tool or a way of working ("Stop logging to wandb", "Never use npm"),
and which such rules a move back to what they forbid ends."""

from __future__ import annotations

import re

from autodream import rx
from autodream.engine.entries import Entry
from autodream.engine.model import Candidate
from autodream.engine.plans import only_where
from autodream.engine.text import has_word, tokens

# A rule against using a tool and nothing more: "Stop logging to wandb", "Never use wandb".
# "Don't push to main", "Stop writing to S3" say how not to touch a place, not to leave it
BAN_OPENER = rx.compile(r"(?:stop|don'?t|do\s+not|never|no\s+more|quit)\b", re.I)
_BAN_FRAME = tokens("stop don't do not never no more quit use using log logging anything")
# a move back said of one part ("back to npm for the docs site", "... everywhere else")
_BACK_FOR = rx.compile(r"\bback\s+(?:on|to)\s+\S+\s+(?:for|in|on)\s+(?!good\b|now\b)"
                       r"|\b(?:everywhere|anywhere)\s+else\b|\belsewhere\b|\bexcept\b", re.I)


def _bans(lead: str, name: str) -> bool:
    """``lead`` is a rule against ``name`` alone, no more said of it, or one made with a move
    away from it ("Don't run flake8 anymore, ruff check and ruff format")."""
    if BAN_OPENER.match(lead) is None or not has_word(lead, name):
        return False
    # (a first sentence that bans it and says no more is the rule, what follows its reason:
    # "Stop logging to wandb. We no longer pay for the team plan."; a clause after a comma may
    # scope it, "Never use npm, except in the docs site")
    sentence = _SENTENCE_END.split(lead.strip(), maxsplit=1)[0]
    first = _FIRST_CLAUSE.split(sentence, maxsplit=1)[0]
    return not (tokens(sentence) - tokens(name) - _BAN_FRAME) or (
        has_word(first, name) and _NO_LONGER.search(first) is not None)


_NO_LONGER = rx.compile(r"\b(?:any\s*more|any\s+longer|no\s+longer)\b", re.I)


def _bans_where(lead: str, name: str, back: str) -> bool:
    """``lead`` is a rule against ``name`` for the very part the move ``back`` to it names
    ("Don't use the main branch for experiments" and "We're going back to main for
    experiments"): the two cannot both hold."""
    first = _FIRST_CLAUSE.split(lead, maxsplit=1)[0]
    extra = tokens(first) - tokens(name) - _BAN_FRAME - _NAME_FRAME
    return bool(extra) and BAN_OPENER.match(lead) is not None and has_word(first, name) and (
        extra <= tokens(back))


# a rule's first clause ends at a comma, a colon, a dash or the end of its sentence: "Never
# log to wandb from the CI runners. The old dashboards are no longer maintained." bans wandb on
# the runners, as it does with a comma; the "no longer" of the next sentence is of the dashboards
# (blanks before a mark are taken from the first of a run only: each blank of a long run read
# again to its end was by the square, 20,000 blanks before an 's' took 4.4 s)
_FIRST_CLAUSE = rx.compile(r"(?:(?<!\s)\s+)?(?:[;:,]|\s[—–-]\s|[.!?](?=\s))\s*")
_SENTENCE_END = rx.compile(r"(?<=[.!?])\s+")
# what a name is said with, the thing it names ("the main branch")
_NAME_FRAME = tokens("the a branch for")


# A rule against something: "Don't request 8 GPUs", "Never ...", "Do not ..."
AGAINST = rx.compile(r"(?:don'?t|do\s+not|never|no)\b", re.I)


def bans_ended(cand: Candidate, new: str, by: Entry, live: list[Entry]) -> list[Entry]:
    """The feedback rules (but ``by``) against ``new``, which ``cand`` tells the person went
    back to, that the move back ends."""
    # A move back for one part ("for the docs site") ends only a stop told with the move
    # away ("Stop logging to wandb": logging to wandb again, it no longer holds as said);
    # a standing "Never use npm" still holds everywhere else
    scoped = bool(only_where(cand.text) or _BACK_FOR.search(cand.text))
    return [e for e in live if e is not by and e.type == "feedback" and ((
            _bans(e.lead, new) and not (
                scoped and not e.lead.lower().startswith(("stop", "quit"))))
            or (scoped and _bans_where(e.lead, new, cand.text)))]


# "Use mlflow for experiment tracking instead": what to use in a banned tool's place
_USE_INSTEAD = rx.compile(r"^(?:please\s+)?use\s+(?P<tool>[\w.+#-]+)\b[^.;!?]*\binstead\b"
                          r"\s*[.!]?$", re.I)


def alternatives_ended(cand: Candidate, new: str, bans: list[Entry], by: Entry,
                       live: list[Entry]) -> list[Entry]:
    """The feedback rules said with ``bans`` (in one of their sessions) of what to use instead
    ("Never use wandb. Use mlflow for experiment tracking instead."), which the move back to
    ``new`` everywhere ends with them; a move back for one part ("..., but only for the
    sweeps") leaves the other tool where it was."""
    if not bans or only_where(cand.text) or _BACK_FOR.search(cand.text):
        return []
    said_with = {s.session_id for b in bans for s in b.sources()} - {""}
    # (a session that banned another tool too leaves which "instead" is whose unknown:
    # "Never use pandas. Use polars for dataframes instead." said there ended with wandb's)
    others = {s.session_id for e in live if e is not by and e not in bans
              and e.type == "feedback" and BAN_OPENER.match(e.lead) is not None
              for s in e.sources()}
    return [e for e in live if e is not by and e not in bans and e.type == "feedback"
            and _USE_INSTEAD.match(e.lead) is not None and not has_word(e.text, new)
            and (sessions := {s.session_id for s in e.sources()}) & said_with
            and not sessions & others]
