"""Matching: which live entry a candidate speaks of, where the words alone do not tell."""

from __future__ import annotations

from collections.abc import Callable

from autodream.engine.entries import (
    Entry,
)
from autodream.engine.model import Candidate
from autodream.engine.plans import (
    _about,
)
from autodream.engine.text import (
    similarity,
)

# A decision taken back: "we are NOT doing Karpenter this quarter after all", "we won't move to
# Karpenter after all"; and what tells of a decision made
_RULE_OR_PROJECT = frozenset({"feedback", "project"})


def one_other(
    live: list[Entry], cand: Candidate, thing: frozenset[str], new: str,
    named_in: Callable[[str], list[str]],
    open_to: Callable[[Entry], bool] | None = None,
    about: Callable[[frozenset[str], str], bool] | None = None,
) -> tuple[Entry, str] | None:
    """The live entry, ``about`` ``thing`` when a thing is named, in whose lead
    ``named_in`` finds exactly one value and not ``new``, with that value: what ``new``
    replaced. The entry most like ``cand`` wins, then the earliest; only one ``open_to``
    takes, if given. ``about`` is ``_about`` unless given."""
    about = about or _about
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
