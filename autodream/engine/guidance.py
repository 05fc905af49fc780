"""The Why and How an entry is given when the person said none."""

from __future__ import annotations

import re
from collections.abc import Iterable

from autodream import rx
from autodream.engine.dates import (
    last_mention,
)
from autodream.engine.entries import (
    Entry,
)
from autodream.engine.model import Candidate, Cluster
from autodream.engine.plans import (
    only_where,
)
from autodream.engine.replacement import (
    _says_rule,
    _tells_a_change,
)
from autodream.engine.text import (
    sentence_case,
)
from autodream.engine.tool_kinds import (
    names_a_choice,
    tools_in,
)
from autodream.engine.versions import (
    split_version,
    tool_pattern,
)
from autodream.engine.wording import intended


def guidance_for(entry: Entry, cand: Candidate, cluster: Cluster) -> None:
    """Why and How for the statement that replaced the entry's lead. The old ones were written
    for the statement replaced ("avoid syntax newer than 3.8" under "now requires 3.10"):
    keeping them would present stale guidance as current. The history line keeps the old
    statement; a reason the person gave now is set by the caller."""
    if entry.type in ("feedback", "project") and not cand.why:
        entry.why = _default_why(cluster)
        entry.generated_why = True
        entry.how = _default_how(cand)
        entry.generated_how = True


def guidance_kept_for(entry: Entry, cand: Candidate, cluster: Cluster) -> None:
    """Why and How for a statement that ended the day the entry's lead gave ("We no longer
    deploy on Tuesdays" of "We deploy on Tuesdays"): only the engine's own are replaced, as a
    day switch does. A Why and How a person wrote ("QA signs off on Mondays", "Never deploy
    without QA sign-off; ask Ana first") stay: replaced, they were only in the undo copy, where
    the agent does not read."""
    if entry.type not in ("feedback", "project") or cand.why:
        return
    if entry.generated_why or not entry.why:
        entry.why, entry.generated_why = _default_why(cluster), True
    if entry.generated_how or not entry.how:
        entry.how, entry.generated_how = _default_how(cand), True


# "Jonas prefers reviewing PRs on Tuesdays", "Priya (she leads Payments) wants every ...":
# someone else's preference the user passed on, a title kept with the name ("Prof. Okafor")
# (not a group, nor what a tool expects: "Everybody hates ...", "Kubernetes expects ...")
_OTHERS_PREFERENCE = rx.compile(
    r"^(?!(?:The|This|That|Our|My|We|I|It|They|Everyone|Everybody|Nobody|Someone|Somebody"
    r"|Users?|People|Customers|Reviewers|Clients|Devs|Developers|Engineers|Management|Legal"
    r"|Security|Ops|QA)\b)(?:(?:Prof|Dr|Mr|Mrs|Ms)\.\s+)?[A-Z][a-z]+(?=(?:\s+\([^)]{3,60}\))?\s+(?:now\s+)?(?:prefers|likes|wants?|asked\s+that|asks\s+that)\b)")


# "... (Ana's rule).": a colleague's rule, as sentence_kinds puts "Ana says every ..."
_NAMED_RULE = rx.compile(r"\((?P<who>[A-Z][a-z]+)'s rule\)\.$")


def _whose_preference(text: str) -> str | None:
    """The person a preference is of when it is someone else's ("Jonas"); None: the user's,
    or a tool's way ("Postgres prefers explicit casts")."""
    m = _OTHERS_PREFERENCE.match(text)
    if m is None and text.endswith("'s rule).") and (named := _NAMED_RULE.search(text)):
        return named["who"]
    return m[0] if m is not None and not tools_in(m[0]) else None


def _default_why(cluster: Cluster) -> str:
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
_DECIDED_ON = rx.compile(r"\b(?:decided|agreed)\s+(?:with\s+\w+\s+)?"
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


# "Go back to npm for the docs site, but keep pnpm everywhere else": where the switch holds,
# the old choice kept everywhere else
_FOR_WHERE = rx.compile(r"\b(?:to|on)\s+[\w.+#-]+\s+(?:for|in|on)\s+(?P<where>(?:the\s+|our\s+)?"
                        r"[\w-]+(?:\s+[\w-]+){0,2}?)(?=\s*[,;.]|\s+but\b)", re.I)


def _switch_how(new: str, was: str, said: str) -> str:
    """How to apply a switch; one made in one place alone ("on staging only") says where, since
    elsewhere the old choice is still current."""
    where = only_where(said)
    if not where and " else" in said and (m := _FOR_WHERE.search(said)):
        where = m["where"]
    # "GitHub Actions and Jenkins": more than one
    verb, it = ("are", "them") if " and " in was and "," not in was else ("is", "it")
    if where:
        # the old choice holds everywhere else: nothing tells not to suggest it
        return (f"Use {new} for {where}; {was} {verb} no longer current there, but still "
                f"{verb} elsewhere.")
    return f"Use {new}; {was} {verb} no longer current, so do not suggest {it}."


# What says a rule adds to another: "... either", "... too", "... as well", "Also, ...",
# "We also never ..."
_ADDED_AT_END = rx.compile(r",?\s+(?:either|too|as\s+well)(?=\s*[.!]?\s*$)", re.I)
_CLAUSE_MARK = rx.compile(r"[;:—–]|\s-\s")  # a rule of more than one clause
_ADDED_AT_START = rx.compile(r"^(?:also\b,?\s+|(?P<who>(?:we|you)\s+)also\s+)", re.I)


def _alone(rule: str) -> str:
    """``rule`` without the word that says it adds to another ("Never push to the release
    branch either" -> "Never push to the release branch."), where what is left is still a
    rule; else as it is. Only a rule of one clause: in "Always use type hints; add them for
    this one too" the word is of the clause about the task at hand."""
    if _CLAUSE_MARK.search(rule):
        return rule
    alone = sentence_case(_ADDED_AT_START.sub(lambda m: m["who"] or "",
                                              _ADDED_AT_END.sub("", rule.strip())))
    if names_a_choice(alone):
        # "Always test migrations against pg15 too": a version or tool to use besides
        # another; alone, "... against pg15." reads as the one to use
        return rule
    return alone if alone != rule.strip() and len(alone.split()) >= 3 and _says_rule(
        alone) else rule


def plan_how(said: str) -> str:
    """The guidance for a plan said in ``said``: to plan around the latest day it names."""
    when = last_mention(said)
    return f"Plan work around {when.phrase}." if when else "Plan work around this date."


def _default_how(cand: Candidate) -> str:
    if cand.kind == "switch" and cand.new:
        if cand.old and not _tells_a_change(cand.text):
            return (f"Use {cand.new} rather than {cand.old} unless the user explicitly asks "
                    "otherwise.")
        return _switch_how(cand.new, cand.old or "the previous choice", cand.text)
    if cand.kind == "plan":
        return plan_how(cand.text)
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
_NEVER_LEAD = rx.compile(
    r"^(?:(?:we|you)\s+)?(?:(?:must\s+|should\s+)?never|don't|do\s+not|dont|must\s+not|mustn't|"
    r"should\s+not|shouldn't)(?:,?\s+ever)?\s+(?P<act>.+)$|^(?P<avoid>avoid\s+.+)$", re.I)
# Where the forbidden action ends and what to do instead begins ("Never force-push to main; open
# a PR instead", "Never use print for logging, use structlog").
_INSTEAD = rx.compile(
    r"\s*(?:;|\s[—–-]\s|,\s+(?=(?:use|open|go|ask|run|prefer|instead|but|rather)\b))\s*", re.I)


# An emphasis after the action: "Don't add pandas to the dependencies, ever"
_TAIL = rx.compile(r",?\s+(?:ever|please|again)$", re.I)
# A past form where the plain one would be: "We never moved to Python 3.12"
_TOLD_DONE = rx.compile(r"(?:\w+(?<!e)ed|had|was|were|did|went|got|ran)\b", re.I)


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


_SAID_NEVER = rx.compile(r"^(?:(?:we|you)\s+)?(?:must\s+|should\s+)?never\b", re.I)
