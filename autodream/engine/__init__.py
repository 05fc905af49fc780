"""The local consolidation engine: pure and deterministic, no filesystem, no network.

``Gatherer`` turns the person's messages into candidates; ``plan_dream`` folds them into the
memory dir's entries and returns what to write, delete and index, with every decision;
``build_digest`` summarises candidates for a model-driven backend.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from autodream.engine.candidates import Gatherer, GatherStats
from autodream.engine.dates import absolutize, tell_as_past
from autodream.engine.dream import WAITING_FILE, DreamPlan, plan_dream
from autodream.engine.facts import FACT_FILES, build_facts
from autodream.engine.model import Candidate, Decision, EngineOptions, ProjectFacts, Source

if TYPE_CHECKING:
    from autodream.engine.digest import build_digest

__all__ = [
    "FACT_FILES",
    "WAITING_FILE",
    "Candidate",
    "Decision",
    "DreamPlan",
    "EngineOptions",
    "GatherStats",
    "Gatherer",
    "ProjectFacts",
    "Source",
    "absolutize",
    "build_digest",
    "build_facts",
    "plan_dream",
    "tell_as_past",
]


def __getattr__(name: str) -> object:
    # The digest is a model backend's brief: a local dream never builds one, and a second dream
    # in a fresh process is mostly imports (issue #4), so its module loads when first asked for.
    if name == "build_digest":
        from autodream.engine.digest import build_digest

        return build_digest
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    # (the names loaded when first asked for are listed as every other: completion, help())
    return sorted({*globals(), *__all__})
