"""autodream: background memory consolidation for coding agents.

Kept tiny on purpose: ``autodream-hook`` imports this package on the agent's hot
path, so nothing heavy may be imported here. ``dream`` loads the engine lazily.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:  # typing costs milliseconds the hook cannot spend
    from typing import Any

__version__ = "0.1.0"

__all__ = ["__version__", "dream"]


def dream(project: str | None = None, **options: Any) -> Any:
    """Run one consolidation for ``project`` (default: the current directory).

    Keyword options are the same as the CLI's (``force``, ``dry_run``, ``backend``, ...);
    returns the run's ``DreamOutcome``.
    """
    from autodream.run import dream_project

    return dream_project(project, **options)
