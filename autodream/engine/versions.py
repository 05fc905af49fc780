"""Versions of a named tool: "Postgres 14", "Node 18", "Python 3.11".

An upgrade ("we upgraded from Postgres 14 to Postgres 16", "bumped Node from 18 to 20",
"upgraded production to Python 3.12") replaces the version an entry names for the same tool.
Without this, "We run Postgres 14 in production" stayed current beside the upgrade: the names
are the same, so no switch between two names could be seen.
"""

from __future__ import annotations

import re

from autodream.engine.text import CALENDAR_WORDS, word_set

VERSION = r"v?\d+(?:\.\d+)*"
# A version ends where no further digit part follows: "14" is not the start of "14.2".
_VERSION_ENDS = r"(?!\.?\d|[\w-])"
_NAME = r"[A-Za-z][\w.+#-]*[\w+#]"
# Verbs that change a version and nothing else; a move ("moved the standup to 10") needs a
# capitalised name ("moved to Python 3.12") to be read as one.
_UPGRADE = r"(?:upgrad|updat|downgrad|bump)(?:e|es|ed|ing|s)?|rolled\s+back|pinned"
_MOVE = r"(?:switch(?:ed|ing)?|mov(?:e|ed|ing)|migrat(?:e|ed|ing)|went|go(?:ne|ing)?)"
_LABEL = r"(?:v(?:ersion)?\s*)?"
_BETWEEN = r"(?:(?!from\b)[\w-]+\s+){0,3}?"
_FROM_TO = re.compile(
    rf"\b(?:{_UPGRADE}|{_MOVE})\s+{_BETWEEN}from\s+(?P<name>{_NAME})\s+(?P<was>{VERSION})\s+to\s+"
    rf"(?:(?P=name)\s+)?{_LABEL}(?P<now>{VERSION}){_VERSION_ENDS}", re.I)
_NAME_FIRST = re.compile(
    rf"\b(?:{_UPGRADE})\s+(?P<name>{_NAME})\s+(?:from\s+{_LABEL}"
    rf"(?P<was>{VERSION})\s+)?to\s+{_LABEL}(?P<now>{VERSION}){_VERSION_ENDS}", re.I)
_TO_NAME = re.compile(
    rf"\b(?P<verb>{_UPGRADE}|{_MOVE})\s+{_BETWEEN}to\s+(?P<name>{_NAME})\s+"
    rf"(?P<now>{VERSION}){_VERSION_ENDS}", re.I)
# "We're on Python 3.12 now", "we now use Node 20": a version said to hold now, unlike one
# held "for now" or "right now" (for the time being)
_NOW_ON = re.compile(
    rf"^(?=.*(?<!for )(?<!right )\bnow\b)(?:(?:fyi|btw|note|heads[- ]up|also|and|so)[,:]?\s+)?"
    rf"(?:we|i|it|they|the(?:\s+[\w-]+){{1,3}})(?:'re|'m|'s|\s+(?:are|am|is))?"
    rf"\s+(?:now\s+)?(?:on|use|uses|using|run|runs|running|target|targets)\s+(?P<name>(?-i:[A-Z])"
    rf"[\w.+#-]*[\w+#])\s+(?P<now>{VERSION}){_VERSION_ENDS}", re.I)
# Words a number may follow without being a tool's version ("moved it to page 2", "to Q3 2026").
_NOT_A_TOOL = CALENDAR_WORDS | word_set(
    """v version release the a an our my its it this that page step phase stage level week day
    month year sprint quarter q1 q2 q3 q4 port line item number no chapter section part minute
    minutes hour hours times top bottom""")


def version_switch(text: str) -> tuple[str, str | None] | None:
    """(new, old) for an upgrade ``text`` tells of: ("Postgres 16", "Postgres 14"), or
    ("Python 3.12", None) when it does not say from which version."""
    for pattern in (_FROM_TO, _NAME_FIRST, _TO_NAME, _NOW_ON):
        m = pattern.search(text)
        if m is None:
            continue
        name = m["name"]
        if name.lower() in _NOT_A_TOOL:
            continue
        if pattern is _TO_NAME and not name[0].isupper() and not re.fullmatch(
                _UPGRADE, m["verb"], re.I):
            continue
        was = m.groupdict().get("was")
        if was is not None and was.lower() == m["now"].lower():
            continue
        return f"{name} {m['now']}", (f"{name} {was}" if was else None)
    return None


def split_version(named: str) -> tuple[str, str] | None:
    """("Postgres", "16") for "Postgres 16"; None for a name without a version."""
    m = re.fullmatch(rf"(?P<name>{_NAME})\s+(?P<version>{VERSION})", named)
    return (m["name"], m["version"]) if m else None


def versions_of(text: str, name: str) -> list[str]:
    """The versions ``text`` gives ``name``, in order ("We run Postgres 14 in production" ->
    ["14"])."""
    return re.findall(rf"(?<![\w-]){re.escape(name)}\s+({VERSION}){_VERSION_ENDS}", text, re.I)


def names_version(text: str, named: str) -> bool:
    """``text`` names this very version ("Postgres 14" is not named by "Postgres 14.2")."""
    parts = split_version(named)
    if parts is None:
        return False
    return any(v.lower() == parts[1].lower() for v in versions_of(text, parts[0]))
