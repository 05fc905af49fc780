"""Rewriting an entry in place after a change: a new value, setting, tool or place put where the
old one was, and the clauses of the old one's set-up taken out."""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache
from typing import TYPE_CHECKING

from autodream import rx
from autodream.engine.dates import (
    WEEKDAYS,
    last_mention,
    weekday_beside,
)
from autodream.engine.entries import (
    Entry,
    title_for,
)
from autodream.engine.model import Candidate
from autodream.engine.places import kind_of, places_in
from autodream.engine.plans import (
    _VERSION_END,
    _moved_words,
    mentions_thing,
    only_where,
)
from autodream.engine.replacement import (
    _ALSO,
    _CLAUSE_EDGE,
    _FORBIDS,
    _HOLDS_NOW,
    _NOW_CHANGED,
    _RELATION_WORDS,
    _RULE_PARTS,
    _not_named,
    _words,
)
from autodream.engine.setting_changes import (
    is_about,
    stated,
    written_as,
)
from autodream.engine.text import (
    CALENDAR_WORDS,
    MARKDOWN_LINK,
    TELLS_SWITCH,
    WEEKDAY_NAME,
    address_spans,
    has_name,
    has_word,
    said_as_name,
    sentence_case,
    sentences,
    spelled_in,
    sub_names,
    swap_words,
    tokens,
    word_set,
)
from autodream.engine.tool_kinds import (
    tools_in,
    use_instead,
    use_tool,
)
from autodream.engine.versions import (
    LABELLED_VERSION,
    VERSION,
    spelled_as_in,
    split_version,
)

if TYPE_CHECKING:
    from autodream.engine.rare import Revision, SettingChange, Stated

_PREFERRING = frozenset({"user", "feedback"})


def _choice_put(text: str, rev: Revision) -> str:
    """``text`` with the choice taken back put to the new one ("Use spaces for indentation" ->
    "Use tabs for indentation")."""
    return sentence_case(rev.taken_back.sub(rev.now.lower(), text)) if text[:1].isupper() else (
        rev.taken_back.sub(rev.now.lower(), text))


# "Tuesdays", and "Thursday": a weekday recurring, and one named once
_PLURAL_WEEKDAY = rx.compile(rf"{WEEKDAY_NAME}s", re.I)
_ONE_WEEKDAY = rx.compile(WEEKDAY_NAME, re.I)


def _put_value(entry: Entry, was: str, now: str) -> str:
    """``was`` put to ``now`` in the entry's lead, guidance, description, title and hook; the
    lead so changed."""
    pattern = rf"(?<![\w.-]){re.escape(was)}(?![\w-]|\.\d)"
    if _PLURAL_WEEKDAY.fullmatch(was) and _ONE_WEEKDAY.fullmatch(now):
        # ("Deploys happen only on Tuesdays" told "every other Thursday, not Tuesdays"): the
        # weekday put for a recurring one stays recurring; "on Thursday" is one Thursday, which
        # the dream after it, with no new session, dated ("only on 2026-07-09")
        now = f"{now}s"

    def put(text: str) -> str:
        # (a plan's day moved: "on Friday 2026-07-16" would tell a day that is not)
        return weekday_beside(re.sub(pattern, now, text), now) if re.search(
            pattern, text) else text

    entry.how = put(entry.how)
    entry.description = put(entry.description)
    entry.name = put(entry.name)
    if entry.hook:
        entry.hook = put(entry.hook)
    return put(entry.lead)


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
_NOT_PLAINLY = rx.compile(r"\b(?:not|no|never|no\s+longer|avoid|stop|instead|when|if|once|"
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
_TEAM_SAID = rx.compile(r"\b(?:we|we're|we've|our|us|team)\b", re.I)
_SELF_SAID = rx.compile(r"\b(?:i|i'm|i've|my|me|the\s+user)\b", re.I)
# A rule's reason told in its own clause: "Always build the release with npm, npm has the
# lockfile", "... because npm has the lockfile"
_GIVES_REASON = rx.compile(r"(?:[,;]|\s[—–-])\s|\s(?:because|since|so\s+that)\s", re.I)


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
_OF_IT = rx.compile(r"(?:it|it's|its|they|they're)\b", re.I)
_STANDARD = rx.compile(r"\b(?:standard\w*|convention\w*|default|agreed|policy)\b", re.I)


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


_BY_PRONOUN = rx.compile(r"(?:it|that|this|they|these|those)\b", re.I)


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
def moved_thing(said: str) -> frozenset[str]:
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
    chosen = [i for i in naming if mentions_thing(thing, parts[i])]
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


# A web address ("https://wiki.acme.io/x", "notion.so/acme/runbook"), not code or a file
_WEB_ADDRESS = rx.compile(r"(?:https?://|www\.)\S|[\w-]+(?:\.[\w-]+)+/", re.I)


def _web_addresses(text: str) -> list[tuple[int, int]]:
    return [(s, e) for s, e in address_spans(text) if _WEB_ADDRESS.match(text[s:e])]


def _to_new_address(put: str, said: str, new: str) -> tuple[str, str] | None:
    """``put`` (a statement switched to ``new``) with its one web address, the one the clause
    naming ``new`` gives ("on the Notion wiki: https://wiki.acme.io/..."), put to the one address
    the person gave with the switch ("Runbooks moved to Notion: https://notion.so/..."), and the
    address that went, for the history. Kept, the old place's address would be given as the new
    place's, and the new one lost. When the person gave none, the old one goes ("on the Notion
    wiki" rather than a dead link told as Notion's). None when there is nothing to change."""
    given = {said[s:e] for s, e in _web_addresses(said)}
    if len(given) > 1:
        return None
    spans = _web_addresses(put)
    if len(spans) != 1 or put[spans[0][0]:spans[0][1]] in given:
        return None
    start, end = spans[0]
    parts, at = _clause_parts(put), 0
    for i, part in enumerate(parts):
        at += len(part)
        if i % 2 == 0 and at >= end:
            # its clause names the new place, or it follows one that does after a colon
            if not (_names(part, new) or (i >= 2 and parts[i - 1].strip() == ":"
                                           and _names(parts[i - 2], new))):
                return None
            break
    if given:
        return f"{put[:start]}{given.pop()}{put[end:]}", put[start:end]
    # "...: https://..." or "... at https://..." goes whole; an address told otherwise stays
    lead_in = re.search(r"(?::|\s+at)\s+$", put[:start])
    if lead_in is None or put[end:].strip(" .!?"):
        return None
    return put[:lead_in.start()] + put[end:].strip(" "), put[start:end]


# What a tool is set up with: its project, its keys, its account ("the project is acme-web",
# "the DSN is in .env", "the Sentry DSN is in .env", "Sentry's org is acme-io"). What names the
# work itself ("the project is a monorepo", "the app is deployed on Fly") is not.
_SETUP_NOUN = (r"(?:project|entity|org|organi[sz]ation|workspace|account|tenant|instance|"
               r"dashboard|dsn|"
               r"api\s+key|key|token|secret|config(?:uration)?(?:\s+file)?|license)"
               r"(?:\s+(?:name|id|key|slug|url))?s?")
_SETUP_NAME = r"[`'\"]?[\w.-]*[-_.\d][\w.-]*[`'\"]?"
_SETUP_OF_IT = rx.compile(
    r"^(?:(?:the|its|our|my)\s+)?(?:(?:dsn|api\s+key|key|token|secret|config(?:uration)?"
    r"(?:\s+file)?|license)s?\s+(?:is|are|lives?)\s+(?:in|at|on|under)\b|"
    rf"{_SETUP_NOUN}\s+(?:(?:is|are)\s+(?:(?:called|named)\s+)?)?{_SETUP_NAME}"
    # "..., project mei-cseg under entity okafor-lab": the project is within another of the tool's
    rf"(?:\s+(?:under|in|within|of)\s+(?:(?:the|our)\s+)?(?:{_SETUP_NOUN}\s+)?{_SETUP_NAME})?"
    r"\s*$)", re.I)


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
    ("Tuesday instead of Monday" alone would be filed as project_instead.md), in the plural too
    ("Thursdays instead of Tuesdays")."""
    if not cand.new or all(w.lower().removesuffix("s") in CALENDAR_WORDS
                           for w in (cand.new, cand.old or "") if w):
        return title_for(cand.match_text)
    new, old = split_version(cand.new), split_version(cand.old or "")
    # "we upgraded Django to 5.0" moved no thing but the tool itself
    moved = _moved_words(cand.text)
    # "..., but only for the hyperparameter sweeps": where alone, told first, too
    moved += [w for w in only_where(cand.text).removeprefix("the ").split() if w not in moved]
    what = " ".join(w for w in moved if new is None or w.lower() != new[0].lower())
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
    if colon and thing and mentions_thing(thing, head):
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
    return any(mentions_thing(thing, part) and has_word(part, name)
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
        return over if mentions_thing(thing, lead) else None
    kind = kind_of(over)
    return over if kind is not None and kind == kind_of(new) else None


_RECENT_SWITCH_DAYS = 31


def _swapped(text: str, old: str, new: str) -> str:
    """``text`` with ``old`` and ``new`` each put in the other's place."""
    return re.sub(rf"(?<![\w-])(?:{re.escape(old)}|{re.escape(new)})(?![\w-])",
                  lambda m: new if m[0].lower() == old.lower() else old, text, flags=re.I)


# What a rule against a thing allows after all: "It's fine to add pandas as an optional extra",
# "We now use pandas for the Excel export"
_EXCEPTED = rx.compile(
    r"^(?:(?:it's|it\s+is)\s+(?:fine|ok|okay|allowed)\s+to\s+(?:add|use)\s+(?P<allowed>[\w.+#-]+)|"
    r"we\s+now\s+use\s+(?P<used>[\w.+#-]+))(?P<rest>\s+(?:as|for|in)\s+.+)$", re.I)


# An event that changes what holds: "We dropped Python 3.8 support", "We added a Windows build"
_EVENT_HEAD = rx.compile(r"\b(?:dropped|added|removed|deprecated|stopped|started)\b", re.I)


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
               and (not thing or mentions_thing(thing, part))
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


_ONE_TIME = rx.compile(r"\b(?:only|this time|just this|once|for now)\b", re.I)


def _names(text: str, name: str) -> bool:
    """``text`` names ``name`` (not in an address or code: ``said_as_name``); a weekday also in
    the plural ("on Thursdays")."""
    if name.lower() in WEEKDAYS:
        return re.search(rf"\b{re.escape(name)}s?\b", text, re.I) is not None
    return has_name(text, name)


def _says_day(text: str, day: str) -> bool:
    return re.search(rf"\b(?:on|every)\s+{re.escape(day)}s?\b", text, re.I) is not None


_RECURS_ON = rx.compile(r"\b(?:on|every)\s+$", re.I)


def says_day_once_as_recurring(text: str, day: str) -> bool:
    """``text`` names ``day`` once, as the day something recurs on ("We deploy every Tuesday",
    "... on Tuesdays"): a switch of that day may rewrite it. Named again it is not told which
    is meant ("Staging deploys every Tuesday, prod deploys every Tuesday too", "every Tuesday
    after the Tuesday standup"); named otherwise it is a day that stays ("Incident on Tuesday
    2026-06-30", "docs/tuesday-deploy.md", a crontab's "# Tuesday")."""
    mentions = list(re.finditer(rf"\b{re.escape(day)}s?\b", text, re.I))
    return len(mentions) == 1 and _RECURS_ON.search(
        text[max(0, mentions[0].start() - 12):mentions[0].start()]) is not None


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
