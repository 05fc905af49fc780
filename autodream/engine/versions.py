"""Versions of a named tool: "Postgres 14", "Node 18", "Python 3.11".

An upgrade ("we upgraded from Postgres 14 to Postgres 16", "bumped Node from 18 to 20",
"upgraded production to Python 3.12") replaces the version an entry names for the same tool.
Without this, "We run Postgres 14 in production" stayed current beside the upgrade: the names
are the same, so no switch between two names could be seen.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from autodream import rx
from autodream.engine.text import CALENDAR_WORDS, ReadingBudget, ensure_period, word_set

if TYPE_CHECKING:
    from autodream.engine.rare import Upgrade

VERSION = r"v?\d+(?:\.\d+)*"
# A version ends where no further digit part follows: "14" is not the start of "14.2".
_VERSION_ENDS = r"(?!\.?\d|[\w-])"
_NAME = r"\.?[A-Za-z][\w.+#-]*[\w+#]"
# A name of up to three words when the later ones are capitalised: "Spring Boot 3.2"
_NAMES = rf"{_NAME}(?:\s+(?-i:[A-Z])[\w.+#-]*[\w+#]){{0,2}}"
# One tool, several names: an entry saying "Postgres 14" is upgraded by "PostgreSQL 16"
_ALIASES = [
    frozenset(group.split()) for group in (
        "postgres postgresql pg psql", "node node.js nodejs", "go golang", "kubernetes k8s",
        "mongo mongodb", "react react.js reactjs", "vue vue.js vuejs", "java jdk openjdk",
        ".net dotnet",
    )
]
# Verbs that change a version and nothing else; a move ("moved the standup to 10") needs a
# capitalised name ("moved to Python 3.12") to be read as one.
# ... or puts it back: "we reverted to Node 18", "rolled Postgres back to 15"
_UPGRADE = (r"(?:upgrad|updat|downgrad|bump)(?:e|es|ed|ing|s)?|roll(?:ed|ing)?\s+back|"
            r"revert(?:ed|ing|s)?|pinned")
_MOVE = r"(?:switch(?:ed|ing)?|mov(?:e|ed|ing)|migrat(?:e|ed|ing)|went|go(?:ne|ing)?)"
_LABEL = r"(?:v(?:ersion)?\s*)?"
_BETWEEN = r"(?:(?!from\b)[\w-]+\s+){0,3}?"
_TO = r"(?:to|->|=>|→)"
# ... or to another tool that takes its place: "moved from Redis 7 to Valkey 8"
_FROM_TO = rx.compile(
    rf"\b(?:{_UPGRADE}|{_MOVE})\s+{_BETWEEN}from\s+(?P<name>{_NAMES})\s+(?P<was>{VERSION})\s+"
    rf"{_TO}\s+(?:(?P=name)\s+|(?!v(?:ersion)?\b)(?P<other>{_NAMES})\s+)?{_LABEL}"
    rf"(?P<now>{VERSION}){_VERSION_ENDS}", re.I)
# ("upgraded prod EKS to 1.31": where it runs, said before the tool, is not the tool)
_WHERE_RUN = r"(?:(?:prod|production|staging)\s+)?"
# "Upgraded PHP 8.1 to 8.3", "bumped Django from 4.2 to 5.0", "ruby 3.1 -> 3.3"
_NAME_FIRST = rx.compile(
    rf"\b(?:(?P<verb>{_UPGRADE}|{_MOVE}|rolled)\s+{_WHERE_RUN}(?P<name>{_NAMES})\s+(?:back\s+)?"
    rf"(?:(?:from\s+)?{_LABEL}(?P<was>{VERSION})\s+)?"
    rf"{_TO}|(?P<arrowed>{_NAMES})\s+(?P<before>{VERSION})\s*(?:->|=>|→))\s*{_LABEL}"
    rf"(?P<now>{VERSION}){_VERSION_ENDS}", re.I)
_TO_NAME = rx.compile(
    rf"\b(?P<verb>{_UPGRADE}|{_MOVE})\s+{_BETWEEN}to\s+(?P<name>{_NAMES})\s+"
    rf"(?P<now>{VERSION}){_VERSION_ENDS}", re.I)
# "We're back on Node 18": a version gone back to (the word "back" opens it, as a move back
# that a failure told beside it leads to: ``_FALLBACK_VERB``)
_BACK_ON = rx.compile(
    rf"(?:(?<=\bwe['’]re\s)|(?<=\bwe\sare\s)|(?<=\bwe['’]re\snow\s)|(?<=\bwe\sare\snow\s))"
    rf"back\s+(?:on|to)\s+(?:using\s+)?(?P<name>{_NAMES})\s+{_LABEL}(?P<now>{VERSION})"
    rf"{_VERSION_ENDS}", re.I)
_BACK_IF = rx.compile(r"\b(?:if|once|when|until|unless|before|after)\s+we(?:['’]re|\s+are)\s+"
                      r"(?:now\s+)?$", re.I)
# "Flutter was upgraded to 3.19", "Terraform got bumped to 1.7", "Postgres has been upgraded to 16"
_PASSIVE = rx.compile(
    rf"(?P<name>{_NAMES})\s+(?:was|were|got|has\s+been|have\s+been|'s\s+been)\s+"
    rf"(?:{_UPGRADE}|moved|migrated|switched)\s+(?:from\s+{_LABEL}(?P<was>{VERSION})\s+)?{_TO}\s+"
    rf"(?:(?P=name)\s+)?{_LABEL}(?P<now>{VERSION}){_VERSION_ENDS}", re.I)
# "Celery is on 5.3 now", "Python 3.12 is now the default in our images"
_TOOL_IS_ON = rx.compile(
    rf"^(?=.*(?<!for )(?<!right )\bnow\b)(?:(?:fyi|btw|note|heads[- ]up|also|and|so)[,:]?\s+)?"
    rf"(?:(?:the|our)\s+)?(?P<name>{_NAMES})\s+(?:(?:(?:is|'s|are)\s+(?:now\s+)?(?:on|at)\s+|"
    rf"version\s+(?:is|'s)\s+(?:now\s+)?){_LABEL}(?P<now>{VERSION})|"
    rf"(?P<current>{VERSION})\s+is\s+now\s+(?:the\s+|our\s+)?default)"
    rf"{_VERSION_ENDS}", re.I)
# "We're on Python 3.12 now", "we now use Node 20", "production is running Node 20 now": a
# version said to hold now, unlike one held "for now" or "right now" (for the time being). Not
# "I'm on ..." or "they're on ...": one person's machine or another team is not what we run.
_NOW_ON = rx.compile(
    rf"^(?=.*(?<!for )(?<!right )\bnow\b)(?:(?:fyi|btw|note|heads[- ]up|also|and|so)[,:]?\s+)?"
    rf"(?:we|it|(?:the|our|all(?:\s+(?:the|our))?)(?:\s+[\w-]+){{1,3}}|production|prod|staging)"
    rf"(?:'re|'s|\s+(?:are|is))?\s+(?:now\s+)?(?:on|use|uses|using|run|runs|running|target|"
    rf"targets)\s+(?P<name>[A-Za-z][\w.+#-]*[\w+#])\s+(?P<now>{VERSION}){_VERSION_ENDS}", re.I)
# "we're on Postgres 15, not 14", "it's Python 3.12, not 3.11": a correction names the version
# that holds and the one a memory has wrong. The word before the name keeps "on" out of it.
_RATHER_THAN = rx.compile(
    rf"(?:^|(?<=\s))(?:(?:on|use[sd]?|using|run(?:s|ning)?|is|'s)\s+)?(?P<name>{_NAMES})\s+"
    rf"{_LABEL}(?P<now>{VERSION}){_VERSION_ENDS},?\s+not\s+(?:(?P=name)\s+)?{_LABEL}"
    rf"(?P<was>{VERSION}){_VERSION_ENDS}", re.I)
# What is counted or sized, not versioned: "bumped retries from 3 to 5", "timeout to 60", and
# after the number, "bumped Sidekiq from 10 to 25 concurrency"
SIZED = word_set(
    """retries retry workers replicas instances nodes shards brokers threads processes
    connections pods tasks cores cpus vcpus gpus timeout timeouts limit limits size pool quota
    budget ttl threshold coverage memory ram disk storage capacity concurrency parallelism batch
    retention interval rate price cost seats users heap""")
# Words a number may follow without being a tool's version ("moved it to page 2", "to Q3 2026",
# "retries were bumped from 3 to 5").
_NOT_A_TOOL = CALENDAR_WORDS | word_set(
    """v version release the a an our my its it this that from page step phase stage level week day
    month year sprint quarter q1 q2 q3 q4 port line item number no chapter section part minute
    minutes hour hours times top bottom production prod staging dev development test qa ci cd
    everything everyone team we they it he she standup standups meeting meetings sync retro
    demo call review planning lunch office hours""") | SIZED


# What a number counts when it is no version: "upgraded Kafka to 5 brokers", "Redis to 16 GB",
# "moved to Heroku 2 years ago". A plural noun after the number counts too ("4 vCPUs").
_UNITS = r"%|x\b|[kmgt]i?b\b|percent\b"
_COUNTED = rx.compile(
    rf"\s*(?:{_UNITS}|(?:(?!is\b|was\b|has\b|does\b|this\b|plus\b|"
    r"across\b|unless\b|thus\b|always\b|as\b|its\b|yes\b|lts\b|less\b)[a-z][a-z-]*s\b)|"
    r"(?:core|node|worker|broker|shard|replica|instance|pod|task|thread|process|day|week|"
    r"month|year|hour|minute|second|time|gig|meg|cpu|vcpu|gpu|seat|user|person|people|"
    r"engineer|dev|server|machine|box|container|partition|connection|"
    rf"{'|'.join(sorted(SIZED))})\b)", re.I)
_UNIT = rx.compile(rf"\s*(?:{_UNITS}|gigs?\b|megs?\b)", re.I)
_ARTIFACT = rx.compile(r"\s*(?:images?|runners?|runtimes?|containers?|builds?|toolchains?|thanks|"
                       r"ages|lambdas?|functions?|clusters?|hooks)\b", re.I)
# The upgrade did not happen, or did not hold: "the upgrade to Node 20 failed", "rolled back",
# "broke the migrations, so we're staying on 14", "is blocked on the SDK".
_UNDONE = rx.compile(
    r"\b(?:fail(?:ed|s|ing)?|broke|breaks|blocked|roll(?:ed)?\s+(?:it\s+)?back|revert(?:ed)?|"
    r"(?:went|gone|go)\s+back|backed\s+out|undid|abandon(?:ed)?|"
    r"in\s+the\s+(?:middle|process)\s+of)\b", re.I)
# ... or the old version stays: "so we're staying on 14", "production is still on Postgres 14";
# not "Node stays on 18", which is another tool.
# "the lambdas are still on 3.11" is a part left behind, not the upgrade undone.
_STAYS_ON = rx.compile(
    rf"(?P<part>\b(?:the|our|some|its|their)\s+)?(?:\b(?P<who>[A-Za-z][\w.+#-]*)\s+)?"
    rf"(?:(?:is|are)\s+)?(?:stay(?:ing|ed|s)?|still|stuck|remain(?:s|ed|ing)?)\s+on\s+(?:(?P<tool>[A-Za-z][\w.+#-]*)\s+)?{VERSION}{_VERSION_ENDS}",
    re.I)
# One person's machine or branch is not what the project runs: "he upgraded his laptop to
# macOS 14" no more than "on my machine".
_PERSONAL = rx.compile(
    r"\b(?:locally|my\s+local|(?:on\s+)?(?:my|his|her)\s+(?:own\s+)?(?:machine|laptop|branch|"
    r"box|computer|mac|desktop|fork)|in\s+(?:my|his|her)\s+(?:fork|branch|env\w*))\b", re.I)
# The upgrade named as an act, not told as done: "Upgrading to Node 20 is blocked", "we're
# upgrading this week", "we tried upgrading", "they upgraded".
_ACT_BEFORE = rx.compile(
    r"(?:^(?:(?:fyi|btw|so|and|also|but)[,:]?\s+)?|(?:'re|'m|'s|\bare|\bam|\bis|\bbeen|\btried|"
    r"\btrying|\battempted|\btesting|\btested)\s+(?:[\w-]+\s+)?)$", re.I)
# Another team; "he" or "she" is someone here, like "Sam upgraded ..."
_SOMEONE_ELSE = rx.compile(r"^(?:(?:fyi|btw|so|and|also|but)[,:]?\s+)?they\b", re.I)
# The verb in the present tells what a change does once it lands, not an upgrade made: "This PR
# upgrades Django to 5.0", "my PR bumps Node to 20".
_DOES = rx.compile(r"(?:upgrad|updat|downgrad)es|bumps|reverts", re.I)
# The upgrade is what a pull request, branch or patch makes: "Renovate opened a PR bumping Node
# to 20", "a PR to bump Node to 20". It is made when the change lands, and only then.
_PROPOSED_BY = rx.compile(
    r"\b(?:prs?|pull\s+requests?|mrs?|merge\s+requests?|branch(?:es)?|patch(?:es)?|diffs?)\s+"
    r"(?:(?:for|that|which|to)\s+)?$", re.I)
_LANDED = rx.compile(r"\b(?:merged|landed|shipped|deployed|released)\b", re.I)


# the upgrade itself undone, told after it: "... but rolled back", "..., then reverted",
# "... but it failed"; not "... after fixing the tests that broke", "nothing broke"
_UNDONE_AFTER = rx.compile(
    r"(?:\bbut|\bthen|;|,)\s+(?:(?:we|it|that|this|the\s+upgrade)\s+)?(?:(?:had|have|has)\s+to\s+)?"
    r"(?:(?!fix\w*\b|nothing\b|no\b|stopped\b)[\w'-]+\s+){0,2}?"
    + _UNDONE.pattern.removeprefix(r"\b"), re.I)


# A move back is what a failure leads to: "downgraded ... after the extension broke"
_FALLBACK_VERB = rx.compile(r"downgrad|roll|pinn|revert|back")
_MIDWAY = rx.compile(r"\bin\s+the\s+(?:middle|process)\s+of\s*$", re.I)


def _first_upgrade(text: str, sure: bool = True) -> Upgrade | None:
    """The first upgrade ``text`` tells of, if it is told as done (None otherwise); with
    ``sure=False``, one whose name may be no tool's when no sure one is told."""
    unsure: Upgrade | None = None
    for pattern in (_FROM_TO, _NAME_FIRST, _PASSIVE, _TO_NAME, _NOW_ON, _TOOL_IS_ON,
                    _RATHER_THAN, _BACK_ON):
        if pattern is _BACK_ON and "back" not in text:
            continue
        m = pattern.search(text)
        if m is None:
            continue
        found = m.groupdict()
        name = found.get("name") or found["arrowed"]
        now = found.get("now") or found["current"]
        end = m.end("now") if found.get("now") else m.end("current")
        counted = _COUNTED.match(text, end)
        if counted and "." in now and not _UNIT.match(text, end):
            counted = None  # "Python 3.12 images", "Ubuntu 22.04 runners"
        if counted and _ARTIFACT.match(text, end):
            counted = None  # "Node 20 containers", "Go 1.22 thanks to ..."
        other = found.get("other")
        if any(w.lower() in _NOT_A_TOOL for w in f"{name} {other or ''}".split()) or counted or (
                "_" in name and "." not in now):
            continue  # "max_connections to 200" sets a setting
        capitalised = name.lstrip(".")[0].isupper()
        moved = bool(found.get("verb")) and bool(re.fullmatch(_MOVE, m["verb"], re.I))
        if pattern is _TO_NAME and not capitalised and moved:
            continue
        if pattern is _NAME_FIRST and moved and not (capitalised and found.get("was")):
            continue  # "moved Postgres from 14 to 16", not "moved standup to 10"
        # "everything was moved to 3": a name is capitalised or opens the sentence; "we're on
        # attempt 4 now" may name a tool, which a memory giving it a version would tell
        named = capitalised or (pattern in (_PASSIVE, _TOOL_IS_ON) and m.start("name") == 0)
        maybe = not named and pattern in (_NOW_ON, _TOOL_IS_ON, _RATHER_THAN, _BACK_ON)
        if pattern is _BACK_ON and _BACK_IF.search(text, 0, m.start()):
            continue  # "Once we're back on Node 18, rebuild the addons": not yet
        if pattern is _PASSIVE and not named:
            continue
        was = found.get("was") or found.get("before")
        if was is not None and was.lower() == now.lower() and not other:
            continue
        done = _upgrade_done(text, m, name, pattern in (_NOW_ON, _TOOL_IS_ON, _RATHER_THAN))
        if not done:
            if maybe:
                continue
            return None
        from autodream.engine.rare import Upgrade  # (made only when one is told)

        if maybe:
            if unsure is None:
                unsure = Upgrade(m, name, now, was, other, sure=False)
            continue
        return Upgrade(m, name, now, was, other)
    return None if sure else unsure


def version_switch(text: str) -> tuple[str, str | None] | None:
    """(new, old) for an upgrade ``text`` tells of: ("Postgres 16", "Postgres 14"), or
    ("Python 3.12", None) when it does not say from which version. None when the upgrade did
    not happen or hold, is under way, is proposed in a pull request not yet merged, is one
    person's, or someone else's."""
    up = _first_upgrade(text)
    if up is None:
        return None
    return f"{up.to_name or up.name} {up.now}", (f"{up.name} {up.was}" if up.was else None)


NOW_WORD = rx.compile(r"\bnow\b", re.I)


def version_claim(text: str, corrected: bool = False) -> str | None:
    """The tool and version ("node 20") that ``text`` says, in lower case, we are on now
    ("we're on node 20 now", "our postgres version is 16 now"), when it tells of no sure
    upgrade: an upgrade only of a memory that names another version of the same name. With
    ``corrected``, ``text`` corrects what was assumed ("No, we're on Python 3.12"): it tells
    what holds now without saying "now", and a name in capitals is claimed too."""
    if corrected and not NOW_WORD.search(text):
        text = f"{text.rstrip(' .!')} now"
    up = _first_upgrade(text, sure=False)
    return None if up is None or (up.sure and not corrected) else f"{up.name} {up.now}"


# a number, then a joiner, then a number, on one line: "from 18 to 20 and npm from 9 to 10"
_DIGIT = rx.compile(r"\d")
_JOINER = rx.compile(r"[,;&]|\band\b")
_AND_THEN = rx.compile(r"\s*(?:,\s*and|,|;|\band|&)\s+(?=\S)", re.I)


def _two_numbers_joined(sentence: str) -> bool:
    """Whether a line of ``sentence`` has a digit, a joiner after it and a digit after that.
    Read once from each line's first digit and first joiner after it (any later ones leave
    fewer digits after them), not as one pattern tried from every digit: ``\\d.*?`` ran to
    the line's end from each of the 5,600 digits of "on 2026-07-01 " x 700, 4x the time for
    twice the text."""
    for line in sentence.split("\n"):
        first = _DIGIT.search(line)
        joiner = first and _JOINER.search(line, first.end())
        if joiner and _DIGIT.search(line, joiner.end()):
            return True
    return False


# How many characters upgrade_clauses reads, all its clauses together (a ReadingBudget): each
# clause is read for the upgrade it tells and whether that was undone, with all that follows
# it, so with no bound a pasted line of 'Bumped Node from 18 to 20 and ' x 660 took 1.05 s, 4x
# for twice the line. The bound is far past any sentence a person types (4,500 characters
# telling 170 upgrades, about 0.3 s, are read whole); past it, 8 characters for each of the
# sentence's, and what is left unread is one clause more, as it is
_CLAUSES_READ_FREE = 400_000
_CLAUSES_READ_PER_SENTENCE_CHAR = 8


def upgrade_clauses(sentence: str) -> list[str]:
    """The upgrades of a sentence telling of more than one, each as a sentence of its own:
    "Bumped Node from 18 to 20 and npm from 9 to 10" -> ["Bumped Node from 18 to 20.",
    "Bumped npm from 9 to 10."] (the verb and what comes before the first name are shared).
    [] for a sentence telling of one upgrade or none."""
    if not _two_numbers_joined(sentence):
        return []
    clauses: list[str] = []
    rest, lead, tail = sentence, "", ""
    budget = ReadingBudget(sentence, _CLAUSES_READ_FREE, _CLAUSES_READ_PER_SENTENCE_CHAR)
    while (up := _first_upgrade(lead + rest)) is not None:
        told = lead + rest
        if not budget.spend(len(told)):
            # (the clauses found are kept, and the rest read as a sentence of its own, as a
            # person wrote it; what follows its last upgrade is not known, so none is said
            # of them all: dropping them all, a list of 72 upgrades gave no memory)
            clauses.append(told.strip())
            tail = ""
            break
        clauses.append(told[: up.found.end()].strip())
        tail = told[up.found.end():].strip().rstrip(".")
        lead = told[: up.found.start("name")] if up.found.groupdict().get("name") else ""
        joined = _AND_THEN.match(told, up.found.end())
        if joined is None:
            break
        rest = told[joined.end():]
        again = _first_upgrade(rest)
        if again is not None and not again.found.groupdict().get("arrowed"):
            # told with a verb of its own; "Upgraded Node 18 -> 20 and PG 14 -> 16" shares one
            lead = ""
    if len(clauses) < 2:
        return []
    # what follows the last ("... last week", "... on staging only") is said of them all
    joint = "" if tail[:1] in (",", ";", ":") else " "  # "20, but ...", not "20 , but ..."
    return [ensure_period(f"{c}{joint}{tail}" if tail else c) for c in clauses]


def _upgrade_done(text: str, m: re.Match[str], name: str, holds_now: bool) -> bool:
    """The upgrade of ``name`` that ``m`` found is told as done, for us: not undone, one
    person's, under way, tried, proposed in a pull request, or someone else's."""
    outside = text[: m.start()] + " " + text[m.end():]
    verb0 = m.group(0).split()[0].lower()
    after = text[m.end():]
    undone = not _FALLBACK_VERB.match(verb0) and bool(
        _UNDONE_AFTER.search(after) or _MIDWAY.search(text, 0, m.start())
        or (verb0.endswith("ing") and _UNDONE.search(after)))
    if undone or _PERSONAL.search(text) or _SOMEONE_ELSE.match(text):
        return False
    if (_DOES.fullmatch(verb0) or _PROPOSED_BY.search(text, 0, m.start())) and not _LANDED.search(
            text):
        return False
    name = name.lower()
    for stay in _STAYS_ON.finditer(outside):
        tool, who = (stay["tool"] or "").lower(), stay["who"] or ""
        if _some_of_it(stay):
            continue  # "the lambdas", "our workers": some of it, told apart from the rest
        if tool == name or (not tool and (who.lower() == name or not who[:1].isupper())):
            return False
    verb = m.group(0).split()[0].lower()
    return holds_now or not (verb.endswith("ing") and _ACT_BEFORE.search(text[: m.start()]))


def _some_of_it(stay: re.Match[str]) -> bool:
    """The ``_STAYS_ON`` match is said of a part ("the lambdas are still on 3.11"), in the
    plural; "the database is still on 14" is the whole of it."""
    who = (stay["who"] or "").lower()
    return bool(stay["part"]) and who.endswith("s") and not who.endswith("ss")


def left_behind(text: str) -> bool:
    """``text`` tells of parts an upgrade left on the old version ("..., but the lambdas are
    still on 3.11"): the entry's own words, which would say the new one holds for all, do not
    stay."""
    return any(_some_of_it(stay) for stay in _STAYS_ON.finditer(text))


_NAME_AND_VERSION = rx.compile(rf"(?P<name>{_NAMES})\s+(?P<version>{VERSION})")


def split_version(named: str) -> tuple[str, str] | None:
    """("Postgres", "16") for "Postgres 16"; None for a name without a version."""
    m = _NAME_AND_VERSION.fullmatch(named)
    return (m["name"], m["version"]) if m else None


def tool_pattern(name: str) -> str:
    """A pattern for ``name`` and the other names of the same tool."""
    names = next((group for group in _ALIASES if name.lower() in group), {name.lower()})
    spelled = "|".join(re.escape(n).replace(r"\ ", r"\s+") for n in sorted(names))
    return rf"(?<![\w.-])(?:{spelled})"


# "Postgres version is 14", "Node version: 18" ("v18" is a version of its own)
_VERSION_LABEL = r"version\s*(?:is\s+|:\s*|=\s*)?"
_VERSION_IS = rf"(?:{_VERSION_LABEL})?"


# A version as written after its tool's name: "14", "version 14", "v14"
LABELLED_VERSION = rf"{_VERSION_IS}{VERSION}{_VERSION_ENDS}"


def with_versions_said(text: str, name: str) -> list[str]:
    """``name`` with each version ``text`` gives it, as written there ("Postgres 14", "Postgres
    version 15"), once each."""
    found = [m[0] for m in re.finditer(rf"(?<![\w.-]){re.escape(name)}\s+{LABELLED_VERSION}",
                                        text, re.I)]
    return list(dict.fromkeys(found))


def versions_of(text: str, name: str) -> list[str]:
    """The versions ``text`` gives ``name`` (or another name of the tool), in order ("We run
    Postgres 14 in production" -> ["14"])."""
    return re.findall(rf"{tool_pattern(name)}\s+{_VERSION_IS}({VERSION}){_VERSION_ENDS}", text,
                      re.I)


def spelled_as_in(text: str, named: str) -> str:
    """``named`` ("typescript 5.3", "PostgreSQL 16") with the tool's name as ``text`` writes it
    ("TypeScript 5.3", "Postgres 16"): the entry's spelling stays."""
    parts = split_version(named)
    if parts is None:
        return named
    m = re.search(rf"{tool_pattern(parts[0])}(?=\s+{_VERSION_IS}{VERSION}{_VERSION_ENDS})", text,
                  re.I)
    return named if m is None else f"{m[0]} {parts[1]}"


def names_version(text: str, named: str) -> bool:
    """``text`` names this very version ("Postgres 14" is not named by "Postgres 14.2")."""
    parts = split_version(named)
    if parts is None:
        return False
    return any(v.lower() == parts[1].lower() for v in versions_of(text, parts[0]))


def with_version(text: str, was: str, now: str) -> str | None:
    """``text`` with the version it gives ``was``'s tool put from ``was``'s to ``now``'s where
    a label stands between them ("Postgres version is 14 in production" -> "... is 16 in
    production"); None when ``text`` gives it no such version."""
    old, new = split_version(was), split_version(now)
    if old is None or new is None or tool_pattern(old[0]) != tool_pattern(new[0]):
        return None
    pattern = (rf"({tool_pattern(old[0])}\s+{_VERSION_LABEL})"
               rf"{re.escape(old[1])}{_VERSION_ENDS}")
    put, n = re.subn(pattern, lambda m: m[1] + new[1], text, flags=re.I)
    return put if n else None


def without_version_contrast(text: str, name: str) -> str:
    """``text`` without what sets the version it gives ``name`` against another of that tool
    ("We use Postgres 15, not Postgres 14" -> "We use Postgres 15"; "We run Postgres 15 for
    analytics, not 14" -> "We run Postgres 15 for analytics"; "..., not 14 or MySQL" -> "...,
    not MySQL"): put to another tool, that would set it against a version of one no longer
    named."""
    tool = tool_pattern(name)
    one = rf"(?:{tool}\s+)?{LABELLED_VERSION}"
    against = r"(?:not|never|rather\s+than|instead\s+of)\s+"
    text = re.sub(rf"({tool}\s+{LABELLED_VERSION}[^,.;:!?]*?),?\s+(?:and\s+|but\s+)?{against}"
                  rf"{one}(?:(?:,\s+|\s+(?:or|nor)\s+){one})*(?!,?\s+(?:or|nor)\s|,\s+[\w.-]+(?:,|\s+(?:or|nor)\s))",
                  r"\1", text, flags=re.I)
    # the versions in a list that sets other tools aside too
    return re.sub(rf"({tool}\s+{LABELLED_VERSION}[^.;:!?]*?{against})"
                  rf"(?:{one}(?:,\s+|\s+(?:or|nor)\s+))+", r"\1", text, flags=re.I)
