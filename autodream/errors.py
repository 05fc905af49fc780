"""Typed errors of the library, each with the exit code the CLI gives it.

Modules below ``cli`` raise these; ``cli`` maps them to click exceptions with the same
exit code. Each subclasses the builtin it means, so callers can catch either.
"""

from __future__ import annotations


def printable(text: str) -> str:
    """``text`` on one printable line, as an error quotes a path or value read from a file or
    the environment: a NUL, a newline or an escape sequence is written escaped."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


class AutodreamError(Exception):
    """Base of every error autodream raises on purpose."""

    exit_code = 1


class ConfigError(AutodreamError, ValueError):
    """A setting is unknown, of the wrong type, or points at something missing."""

    exit_code = 3


class GateClosed(AutodreamError):
    """A gate of the chain is closed, so no dream runs now."""

    exit_code = 4


class LockHeld(AutodreamError, BlockingIOError):
    """Another live process holds the consolidation lock."""

    exit_code = 5


class DreamFailed(AutodreamError, RuntimeError):
    """A dream ran and failed (budget, checks, backend); nothing was committed."""

    exit_code = 6


class DiskFull(DreamFailed):
    """The disk of the memory dir (and of its state dir) ran out of room during a dream, which
    then committed nothing (``disk_full`` words it)."""


def no_space(exc: BaseException | None) -> OSError | None:
    """The "no space left" (or disk quota) error that ``exc`` is or was raised from, else
    None."""
    import errno

    seen: set[int] = set()
    while exc is not None and id(exc) not in seen:
        if isinstance(exc, OSError) and exc.errno in (errno.ENOSPC, errno.EDQUOT):
            return exc
        seen.add(id(exc))
        exc = exc.__cause__
    return None


def disk_full(full: OSError, folder: object, *, committed: str | None = None,
              ways: str = "", cut_short: str | None = None) -> DiskFull:
    """What a dream stopped by ``full`` says: the file it was writing (the folder it writes in
    when the error names none: a write to an open file does not), and what to do. A dream
    ``committed`` (its run id; ``ways`` how to see and undo it) is in memory: said so. One
    ``cut_short`` (its run id) while committing, its commit not rolled back (that too needs
    room), may have rewritten some memory files: the next dream's recovery puts them back."""
    where = printable(str(full.filename if full.filename is not None else folder))
    if cut_short is not None:
        return DiskFull(f"no space left on device writing {where}: dream {cut_short} was cut "
                        "short while committing, and memory may be part-way through it; free "
                        "space and run again (the next dream first puts memory back as it was; "
                        "`autodream status` names the commit)")
    if committed is not None:
        failed = DiskFull(f"dream {committed} is in memory{ways}, but no space was left on "
                          f"device writing {where} after its commit; free space before the "
                          "next dream")
        mark_committed(failed, committed)
        return failed
    return DiskFull(f"no space left on device writing {where}: nothing was committed; free "
                    "space and run again")


class BudgetExceeded(DreamFailed):
    """A turn, byte, file or token budget ran out during a dream."""


class CheckFailed(DreamFailed):
    """The staged memory failed an invariant check after ``finish``."""


class MemoryChanged(DreamFailed):
    """The real memory dir changed under a run (the user's agent wrote to it); nothing committed."""


class UndoConflict(AutodreamError, FileExistsError):
    """Files changed since the run that ``undo`` would restore."""

    exit_code = 7


class BackendUnavailable(AutodreamError, RuntimeError):
    """The requested backend cannot run (no API key, unknown name)."""

    exit_code = 8


class NotFound(AutodreamError, FileNotFoundError):
    """A named run, scenario or file does not exist."""

    exit_code = 9


class BadInput(AutodreamError, ValueError):
    """An input file (scenario, settings.json, transcript given directly) is malformed."""

    exit_code = 10


class UnsafeRecord(BadInput):
    """A run record or commit intent names a path autodream will not touch: absolute, with
    ``..``, hidden or empty components, or reached through a symlink, or outside the memory dir.

    Such a record was not written by autodream (it is forged or corrupt); it is never acted on.
    """


class LinkedState(BadInput):
    """A symlink where autodream keeps its state (``.autodream/``, an entry under it, the
    lock): nothing is read or written through it. Its own class so the hook can tell it from
    the other blockers: it is not written to dream.log, which is in that very state dir."""


class ScrubFailed(AutodreamError, OSError):
    """``autodream scrub`` failed while putting its files in place (a full disk, a folder
    swapped for a link); it wrote back every file it could. ``not_restored``: the files it could
    not write back, by the names they have now (relative to the memory dir, none holding the
    value), left as the scrub put them."""

    def __init__(self, message: str, not_restored: list[str]) -> None:
        super().__init__(message)
        self.not_restored = not_restored


class ScrubIncomplete(AutodreamError):
    """``autodream scrub`` skipped files it can neither read nor change (a link or named pipe
    whose name holds the value, a file swapped or moved while it ran): it scrubbed the rest,
    but the value may still be on disk there (``scrub.incomplete`` says where)."""


class ReplayCheckFailed(AutodreamError):
    """``replay --check`` found an expectation not met."""

    exit_code = 11


class SandboxError(AutodreamError, PermissionError):
    """A tool path or operation the sandbox refuses (outside a root, symlink, secret, phase).

    Its message is one line written for the model, which reads it and tries again.
    """


class TerminatedBySignal(SystemExit):
    """SIGTERM during a dream, raised where the dream was so the lock is rolled back (its code
    the shell's, 143)."""


class SigtermRaises:
    """``with SigtermRaises():`` SIGTERM raises ``TerminatedBySignal`` for the duration, as
    Ctrl-C raises KeyboardInterrupt, so what was under way is undone on the way out (main
    thread only: signal handlers cannot be installed elsewhere, and there the caller owns
    signals anyway). Here, not in ``run``: the CLI enters it before it imports the dream's
    modules."""

    def __init__(self) -> None:
        self.previous: object = None
        self.installed = False

    def __enter__(self) -> None:
        import signal  # (see interruption)

        try:
            self.previous = signal.signal(signal.SIGTERM, _raise_terminated)
        except ValueError:  # not the main thread (asking ``threading`` costs ~2 ms)
            return
        self.installed = True

    def __exit__(self, *exc: object) -> None:
        if self.installed:
            import signal

            self.installed = False
            signal.signal(signal.SIGTERM, self.previous)  # type: ignore[arg-type]


def _raise_terminated(signum: int, frame: object) -> None:
    raise TerminatedBySignal(128 + signum)


def interruption(exc: BaseException) -> str | None:
    """How a person stopped a run, in their words ("interrupted by Ctrl-C", "interrupted by
    SIGTERM"), or None when ``exc`` is no interruption: a log that says "KeyboardInterrupt" or
    "143" makes them read code."""
    if isinstance(exc, KeyboardInterrupt):
        return "interrupted by Ctrl-C"
    if isinstance(exc, SystemExit) and isinstance(exc.code, int) and exc.code > 128:
        import signal  # not at the top: the hook imports this module, and signal costs it ~6 ms

        try:
            return f"interrupted by {signal.Signals(exc.code - 128).name}"
        except ValueError:
            return None
    return None


def mark_committed(exc: BaseException, run_id: str) -> None:
    """Say on ``exc`` that it stopped the run after its commit: memory holds run ``run_id``,
    so what stops the run must not be told as "nothing was committed"."""
    exc.autodream_committed = run_id  # type: ignore[attr-defined]


def committed_run(exc: BaseException) -> str | None:
    """The run that ``exc`` stopped after its commit (``mark_committed``), else None. Also an
    exception raised while one that did was handled (its ``__context__``): a second Ctrl-C or
    SIGTERM in the clean-up after the commit was told 'nothing was committed (memory
    unchanged)', the dream in memory."""
    # The first run named on the way down is the one asked about: a dream that failed while an
    # earlier, committed one was being handled (a retry in an ``except``) has that one in its
    # context, and is not committed for it
    asked: str | None = None
    seen: set[int] = set()
    stopped: BaseException | None = exc
    while stopped is not None and id(stopped) not in seen:
        run_id = getattr(stopped, "autodream_committed", None)
        if isinstance(run_id, str):
            return run_id if asked in (None, run_id) else None
        named = getattr(stopped, "autodream_run", None)
        if asked is None and isinstance(named, str):
            asked = named
        seen.add(id(stopped))
        stopped = stopped.__context__
    return None


# What a secret's place says once it is redacted (``redact``) or scrubbed (``scrub``): one wording
# for both, kept in this leaf module that everything loads so that neither `status` (which looks
# for a scrub's links) nor the hook (which redacts a blocked dream's note) loads more for it
REDACTED = "[REDACTED:{kind}]"
# How every redaction begins: text holding it held a secret when it was read
REDACTED_MARK = REDACTED.partition("{")[0]
# A whole mark as a pattern, its kind lower-case words joined by "-" ("[REDACTED:api-key]"): the
# one grammar of the readers of a line read redacted (an index title holding one, a hook of
# marks alone, one an index line shows with round brackets, REDACTED_KIND between them)
REDACTED_KIND = r"[a-z-]+"
REDACTED_PATTERN = r"\[" + REDACTED_MARK[1:] + REDACTED_KIND + r"\]"
# The mark as an index line shows it, its brackets made round ("(REDACTED:assigned-secret)")
FLAT_REDACTED_PATTERN = r"\(" + REDACTED_MARK[1:] + REDACTED_KIND + r"\)"


def mark_run(exc: BaseException, run_id: str) -> None:
    """Say on ``exc`` which run it stopped: a failed dream's ``--json`` names the run, whose
    record ``show`` reads, as a committed one's does."""
    exc.autodream_run = run_id  # type: ignore[attr-defined]


def stopped_run(exc: BaseException) -> str | None:
    """The run that ``exc`` stopped (``mark_run``), else None."""
    run_id = getattr(exc, "autodream_run", None)
    return run_id if isinstance(run_id, str) else None


# the shell's convention for a run stopped by a signal: 128 + its number (SIGINT is 2
# everywhere Python runs)
INTERRUPTED_EXIT_CODE = 128 + 2


EXIT_CODES: dict[str, int] = {
    "ok": 0,
    # (a file or directory autodream must use cannot be: "cannot use PATH: Not a directory")
    "other error": AutodreamError.exit_code,
    "dream failed": DreamFailed.exit_code,
    "usage error": 2,
    "bad configuration": ConfigError.exit_code,
    "gate closed": GateClosed.exit_code,
    "lock held": LockHeld.exit_code,
    "undo conflict": UndoConflict.exit_code,
    "backend unavailable": BackendUnavailable.exit_code,
    "not found": NotFound.exit_code,
    "bad input": BadInput.exit_code,
    "replay check failed": ReplayCheckFailed.exit_code,
    "interrupted by Ctrl-C (SIGTERM: 143)": INTERRUPTED_EXIT_CODE,
}
