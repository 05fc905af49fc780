"""Ports: the number a port is given in a memory, and whether a bare "The new port is 8080" is
told of the thing a remembered port belongs to."""

from __future__ import annotations

import re

from autodream import rx
from autodream.engine.entries import Entry
from autodream.engine.text import tokens

# the number a port is given ("port is 5432", "port 5432", "on :5432"), no part of a date
PORT_GIVEN = rx.compile(r"\bport\s+(?:is\s+|of\s+|=\s*)?(?:now\s+)?(\d{2,5})\b|"
                        r"(?<![\w.:/-])(\d{2,5})\s+(?:as\s+(?:the|its)\s+)?port\b", re.I)


def ports_given(text: str) -> list[str]:
    """The distinct ports ``text`` gives a number for (``PORT_GIVEN``), in order."""
    return sorted({m[1] or m[2] for m in PORT_GIVEN.finditer(text)})


# what the rest of a message says was moved ("I moved the dev server off 3000", "We had to
# move the metrics exporter"): the thing a bare "The new port is 8080" is of
_MOVED_WHAT = rx.compile(
    r"\b(?:mov(?:e|ed|ing)|migrat(?:e|ed|ing)|shift(?:ed)?|relocat(?:e|ed))\s+"
    r"(?:the\s+|our\s+|my\s+)?(?P<what>(?:(?!(?:off|to|from|onto|over|away|because|since|and|"
    r"so|as|on|for|in|at|it|them|this|that)\b)[\w-]+\s*){1,3})", re.I)
# a kind of thing with a port ("db") -> the words an entry names such a thing by ("postgres")
NAMES_OF_KIND: dict[str, frozenset[str]] = {
    kind: tokens(names) for kind, names in (
        ("db", "postgres postgresql mysql mariadb mongo mongodb database sqlite"),
        ("database", "postgres postgresql mysql mariadb mongo mongodb db sqlite"),
        ("cache", "redis memcached valkey"))}
# words of an entry about a port that name no thing of its own ("The dev DB port is 5432")
PORT_PLAIN = tokens("port ports dev local locally prod production staging test server "
                    "service runs run listens listen new old default now localhost http https")


def ties_port(said: str, lead: str, old: str) -> bool | None:
    """Whether the rest of a bare "The new port is 8080"'s message (``said``) ties it to the
    entry ``lead`` giving port ``old``: False when it names another thing as moved, True when
    it names the entry's thing or its old port as a port, None when it says neither."""
    if not said:
        return None
    about = tokens(lead)
    for m in _MOVED_WHAT.finditer(said):
        said_what = tokens(m["what"])
        what = (said_what - PORT_PLAIN) or said_what  # ("the dev server": all plain)
        # (a thing said by its kind is the entry's: "the dev DB" of Postgres)
        if not all(w in about or NAMES_OF_KIND.get(w, frozenset()) & about for w in what):
            return False
    if re.search(rf"(?:\b(?:off|from|port|grabbed|took|taking|on|using|uses|used|longer)\s+:?"
                 rf"|(?<![\w/]):){old}\b(?!\s*(?:ms|s|secs?|seconds|minutes|mb|kb|gb|%|px|rows|"
                 rf"lines|bytes|records)\b)"
                 rf"|\b{old}\s+(?:is|was)\s+(?:taken|busy|in\s+use)\b", said, re.I):
        return True
    return bool(tokens(said) & {w for w in about - PORT_PLAIN if not w.isdigit()}) or None


# "The db port changed.": the port said of a thing by its kind
_PORT_OF_KIND = rx.compile(r"\b(?P<kind>db|database|cache)(?:['’]s)?\s+port\b", re.I)


def ties_port_or_kind(said: str, lead: str, old: str) -> bool | None:
    """``ties_port``, else True when ``said`` names the port of the entry's thing by its kind
    ("The db port changed." of "Postgres runs on port 5432 locally.")."""
    tie = ties_port(said, lead, old)
    if tie is None and (m := _PORT_OF_KIND.search(said)) is not None and (
            NAMES_OF_KIND[m["kind"].lower()] & tokens(lead)):
        return True
    return tie


# "The cache runs on port 6380": a port given to a thing named only by its kind
_KIND_ON_PORT = rx.compile(
    r"^(?:the|our)\s+(?:(?:local|dev|prod|production|staging)\s+)?(?P<kind>db|database|cache)\s+"
    r"(?:runs|listens|is|lives)\s+on\s+(?:port\s+|:)(?P<port>\d{2,5})\s*[.!]?$", re.I)


def kind_on_port(text: str) -> tuple[str, str] | None:
    """The kind and the port of "The cache runs on port 6380", else None."""
    m = _KIND_ON_PORT.match(text)
    return (m["kind"].lower(), m["port"]) if m is not None else None


_KIND_WORDS = {"db": r"db|databases?", "database": r"db|databases?",
               "cache": r"cach(?:e|es|ed|ing)"}


def said_to_be(kind: str, name: str, statement: str) -> bool:
    """Whether ``statement`` ties the thing ``name`` to its ``kind`` ("We use Redis as the
    cache", "We cache sessions in Redis" of the cache and Redis)."""
    return re.search(rf"\b{re.escape(name)}\b", statement, re.I) is not None and re.search(
        rf"\b(?:{_KIND_WORDS[kind]})\b", statement, re.I) is not None


# "The admin dashboard runs on port 9000", "... is exposed on port 9100": where a named thing
# listens, told in any of the words for it, and where (a scope that sets it apart: "locally")
_HELD_ON = rx.compile(
    r"^(?:(?:the|our)\s+)?(?P<thing>(?:[\w-]+\s+){0,3}?[\w-]+)\s+(?:now\s+)?(?:listens|runs|is|"
    r"serves|lives|(?:is\s+)?(?:served|exposed|reachable|available))\s+(?:now\s+)?on\s+"
    r"(?:port\s+|:)(?P<port>\d{2,5})(?:\s+now)?(?P<scope>(?:\s+[\w-]+){0,3}?)\s*[.!]?$", re.I)


def held_on_port(text: str) -> tuple[str, str, str] | None:
    """The thing, port and scope of "The admin dashboard is exposed on port 9100." (the thing
    and scope in lower case, spaces made single), else None."""
    m = _HELD_ON.match(text.strip())
    if m is None:
        return None
    return " ".join(m["thing"].lower().split()), m["port"], " ".join(m["scope"].lower().split())


def _said_as(text: str) -> str:
    return " ".join(text.lower().rstrip(".! ").split())


def port_holder(live: list[Entry], cand_text: str, type_: str) -> Entry | None:
    """The one live entry of type ``type_`` whose lead gives the thing ``cand_text`` gives a
    port another port, in the same scope ("The admin dashboard runs on port 9000." for "The
    admin dashboard is exposed on port 9100."): however unlike the verbs read, the port has
    changed, and the old one must not stay beside it as current. The same words with another
    port are left to the plain change of a value."""
    told = held_on_port(cand_text)
    if told is None:
        return None
    found = [e for e in live if e.type == type_ and (was := held_on_port(e.lead)) is not None
             and was[0] == told[0] and was[2] == told[2] and was[1] != told[1]
             # (in the same words, the port alone put in the other's place is no news here)
             and _said_as(e.lead.replace(was[1], told[1])) != _said_as(cand_text)]
    return found[0] if len(found) == 1 else None
