"""A colleague's name typed in lower case ("ask ana before touching the billing migrations") is
written as the name is written elsewhere in memory or in the sessions ("Ana owns billing")."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace

from autodream import rx
from autodream.engine.model import Candidate
from autodream.engine.text import STOPWORDS, word_set

# A person's name, told as one by what is said around it: "ask Ana", "Ana's", "Ana owns ..."
_PERSON_AROUND = (
    r"(?:\b(?:ask|ping|tell|cc|check\s+with|talk\s+to|loop\s+in)\s+{name}\b"
    r"|\b{name}(?:['’]s\b|\s+(?:says|said|owns|wants|asked|leads|reviews|approves|covers|"
    r"handles|maintains|is\s+(?:out|back|away|off|on\s+leave|the)|was\s+out)\b))")
# (the name's group twice in the pattern: the first is named b)
_NAMED = rx.compile(_PERSON_AROUND.format(name=r"(?P<a>[A-Z][a-z]{1,14})").replace(
    "(?P<a>", "(?P<b>", 1))
# words that are names of no one however they are typed ("Ask Will ..." is a name, but "will"
# is far likelier the verb)
_NOT_NAMES = STOPWORDS | word_set("""may will mark bill rob pat sue jack art grant bob chase
    don dawn june april august rose summer frank hope joy faith max ray sky""")


def _names(texts: Iterable[str]) -> dict[str, str]:
    found: dict[str, str] = {}
    for text in texts:
        for m in _NAMED.finditer(text):
            name = m["a"] or m["b"]
            if name.lower() not in _NOT_NAMES:
                found.setdefault(name.lower(), name)
    return found


def named_as_written(candidates: list[Candidate], known: Iterable[str]) -> list[Candidate]:
    """``candidates`` with each person's name typed in lower case written as it is written in
    ``known`` (memory's text) or in another candidate, where what is said around it tells it
    is a person."""
    names = _names([*known, *(c.text for c in candidates)])
    if not names:
        return candidates
    lowered = re.compile(_PERSON_AROUND.format(
        name=f"(?P<n>{'|'.join(map(re.escape, sorted(names, key=len, reverse=True)))})"
    ).replace("(?P<n>", "(?P<m>", 1), re.I)

    def put(m: re.Match[str]) -> str:
        group = "m" if m["m"] is not None else "n"
        typed = m[group]
        if not typed.islower():
            return m[0]
        start, end = m.span(group)
        return m[0][:start - m.start()] + names[typed] + m[0][end - m.start():]

    out = []
    for cand in candidates:
        text = lowered.sub(put, cand.text)
        if text != cand.text:
            cand = replace(cand, text=text, key=lowered.sub(put, cand.key) if cand.key else "")
        out.append(cand)
    return out
