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
    returns the run's ``DreamOutcome``. The caller's cycle collector is left alone: on or off,
    nothing frozen (only a process autodream owns tunes its own: ``load_dream_path``).
    """
    from autodream.rx import methods_kept

    with methods_kept():  # (the methods of the classes it imports: compiled once per user)
        from autodream.run import dream_project

        return dream_project(project, **options)


_owned = False
_loaded = False
# (what the rest imports; the local engine too: a Claude dream loads all of it but the backend)
_DREAM_PATH = ("autodream.run", "autodream.journal", "autodream.pipeline",
               "autodream.backends.select", "autodream.backends.local")


def own_process() -> None:
    """Say this process is autodream's own (``autodream.cli.main``: a dream, the hook's child,
    ``watch``), so that ``load_dream_path`` may tune its cycle collector for good."""
    global _owned
    _owned = True


def load_dream_path() -> None:
    """In a process autodream owns (``own_process``), before its first dream: import the modules
    a dream runs on at once with the cycle collector paused, then move what is alive out of its
    reach (``gc.freeze``). Anywhere else, nothing: the dream imports them as it goes.

    A second dream in a fresh process is mostly imports (issue #4), and the collector's passes
    over what they make (classes, functions, patterns: alive until exit, never garbage), during
    the imports, the dream and the interpreter's exit, were ~45 ms of its ~0.33 s of CPU. Frozen
    objects are still freed by reference counting; only a cycle among them is never looked for
    (the ~450 small objects the imports let go in cycles stay, of the ~19,000 they make), which
    is why a library caller's process is never frozen: its own objects alive then would be
    too. Nor paused alone: the first passes after it walk all the imports made at once and cost
    more (~25 ms) than the ~50 small ones it spared (~13 ms). Objects made later, the dream's
    own included, are collected as ever. A module that fails to import fails where the dream
    imports it, as before, and the collector is left as it was.
    """
    global _loaded
    if _loaded or not _owned:
        return
    _loaded = True
    import gc

    from autodream.rx import methods_kept

    enabled = gc.isenabled()
    gc.disable()
    try:
        from importlib import import_module

        with methods_kept():
            for name in _DREAM_PATH:
                import_module(name)
    except ImportError:
        return
    finally:
        if enabled:
            gc.enable()
    gc.freeze()
