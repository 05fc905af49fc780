"""One dream end to end: gates, lock, staging, subagent, checks, commit, journal.

Filled in by the integration of the gate-chain and sandbox issues.
"""

from __future__ import annotations

from typing import Any


def dream_project(project: str | None = None, **options: Any) -> Any:
    raise NotImplementedError("the dream pipeline lands with the sandbox issue")
