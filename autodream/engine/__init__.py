"""The local consolidation engine: pure and deterministic, no filesystem, no network.

``Gatherer`` turns the person's messages into candidates; ``plan_dream`` folds them into the
memory dir's entries and returns what to write, delete and index, with every decision;
``build_digest`` summarises candidates for a model-driven backend.
"""

from __future__ import annotations

from autodream.engine.candidates import Gatherer, GatherStats
from autodream.engine.dates import absolutize, tell_as_past
from autodream.engine.digest import build_digest
from autodream.engine.dream import WAITING_FILE, DreamPlan, plan_dream
from autodream.engine.facts import FACT_FILES, build_facts
from autodream.engine.model import Candidate, Decision, EngineOptions, ProjectFacts, Source

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
