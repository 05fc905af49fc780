"""Back-off: dreams that fail the same way again and again are not started again at once.

The hook and ``autodream watch`` start a dream each time the gates open; a dream that fails
(a bad API key, an endpoint down, a ``MEMORY.md`` it cannot read) moves no lock time, so the
gates open again after the scan throttle, and the next dream fails anew (with Claude, at a
cost). Once the last ``journal.REPEATED_FAILURES`` dreams failed alike (``status``'s
'repeated-failure' problem, read by ``journal.failure_streak``), the next automatic attempt
waits twice the scan throttle after the newest failure, each further failure doubles the wait,
up to ``CAP_SECONDS``. ``--force`` skips it (the gates are skipped), a success ends the streak,
and a change a person may have made to fix it lets the next attempt through: a failed dream
keeps a fingerprint of what it ran with (the settings, the API key, the settings file's, the
memory dir's and ``MEMORY.md``'s stat) in ``FAILED_INPUTS_FILENAME``, and the gate compares it
with its own. Only read once the scan gate opened (at most once a throttle period): the hook's
usual turn never reaches it.
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
import zlib
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime

from autodream.lock import in_the_future, span
from autodream.settings import Settings, api_key_and_source

FAILED_INPUTS_FILENAME = "failed-inputs"
CAP_SECONDS = 24 * 3600.0
# a scan throttle of 0 would make every wait 0: the back-off still waits this
MIN_BASE_SECONDS = 60.0
# the wait reaches CAP_SECONDS long before this many failures are counted (2**40 minutes)
_MOST_COUNTED = 40
# settings that say nothing about whether a dream can succeed, or change by themselves; and
# the project root, which the hook takes from Claude Code's cwd and ``watch`` from a transcript's
# (or the sessions folder when none names one): the same project, the memory dir the same, seen
# from both must not read as a fix and lift the wait on every watch pass
_NOT_INPUTS = frozenset({"clock", "sources", "api_key", "project_root"})
# read by the Anthropic SDK and its HTTP client from the environment, not settings: where the
# requests go (a fixed endpoint, a proxy put right) decides whether the next dream can reach it
_ENV_INPUTS = ("ANTHROPIC_BASE_URL", "HTTPS_PROXY", "https_proxy", "HTTP_PROXY",
               "http_proxy", "ALL_PROXY", "all_proxy", "NO_PROXY", "no_proxy")


@dataclass(frozen=True, eq=False)
class Backoff:
    """The streak of alike failures and when the next automatic attempt may run."""

    reason: str  # the failures' error, on one line, secrets redacted
    runs: list[str]  # the failed runs' ids, newest first
    wait_seconds: float  # after the newest failure
    next_attempt: float  # clock seconds
    now: float
    # why the wait is not kept ("" when it is): the person changed something since
    lifted: str = ""

    @property
    def holds(self) -> bool:
        """Whether an automatic dream must wait now."""
        return not self.lifted and self.now < self.next_attempt

    @property
    def left_seconds(self) -> float:
        return max(0.0, self.next_attempt - self.now) if self.holds else 0.0

    def figure(self) -> str:
        """For the hook's line, a dream's refusal and ``watch``: the error and the wait."""
        return (f"the last {len(self.runs)} dreams failed the same way: {self.reason}; next "
                f"automatic attempt in {span(self.left_seconds)}")

    def status_figure(self) -> str:
        """For ``status``, whose problem line says the error: the wait, and until when."""
        return (f"the last {len(self.runs)} dreams failed the same way (the problem below); no "
                f"automatic dream before {_iso(self.next_attempt)} (in {span(self.left_seconds)})")

    def as_dict(self) -> dict[str, object]:
        return {
            "backed_off": self.holds,
            "failures": len(self.runs),
            "reason": self.reason,
            "runs": list(self.runs),
            "wait_seconds": self.wait_seconds,
            # clock seconds, as the report's now and last_consolidated, watch's retry_at
            "next_attempt_at": self.next_attempt,
            "next_attempt_in_seconds": round(self.left_seconds, 1),
            "lifted_by": self.lifted or None,
        }


REASON = (f"after {{failures}} alike failures automatic dreams wait, the wait doubling per "
          f"failure up to {CAP_SECONDS / 3600:g} h; a change to the settings, the API key or "
          "the memory dir lets the next one through")


def current(settings: Settings, now: float, env: Mapping[str, str] | None = None
            ) -> Backoff | None:
    """The back-off for ``settings``' memory dir at ``now``, or None when the last
    ``REPEATED_FAILURES`` dreams did not all fail alike."""
    from autodream import journal

    streak = journal.failure_streak(settings.state_dir, journal.REPEATED_FAILURES + _MOST_COUNTED)
    if streak is None:
        return None
    reason, streaked = streak
    # A failure dated in the future (a clock ran ahead, then was put right) or not dated at all
    # is not counted, as the lock's time in the future is not believed: counted from it, the
    # wait would hold for as long as the clock was ahead (weeks), or slide with ``now`` forever.
    dated = [(record, ended) for record in streaked
             if (ended := _epoch(record.ended_at or record.started_at)) is not None
             and not in_the_future(ended, now)]
    if len(dated) < journal.REPEATED_FAILURES:
        return None
    records = [record for record, _ in dated]
    base = max(settings.scan_interval_minutes * 60, MIN_BASE_SECONDS)
    doublings = len(records) - journal.REPEATED_FAILURES + 1
    wait = min(CAP_SECONDS, base * 2.0 ** doublings)
    # (within the clocks' tolerance a newest failure may still be a little ahead: never wait
    # longer than ``wait`` from now)
    next_attempt = min(dated[0][1], now) + wait
    kept = _kept_inputs(settings)
    lifted = ""
    if kept and kept != inputs_fingerprint(settings, env):
        lifted = "the settings, the API key or the memory dir changed since the last failure"
    from autodream import redact
    from autodream.errors import printable

    return Backoff(printable(redact.redact(reason)), [r.id for r in records], wait,
                   next_attempt, now, lifted)


def inputs_fingerprint(settings: Settings, env: Mapping[str, str] | None = None) -> str:
    """A short digest of what a dream runs with that a person changes to fix a failure: every
    setting (the API key as resolved), the endpoint and proxies given in the environment, and
    the stat of the settings file, the memory dir and ``MEMORY.md`` (edited, chmod-ed, a file
    added). A digest: the key is never written."""
    parts = [f"{f.name}={getattr(settings, f.name)!r}" for f in dataclasses.fields(settings)
             if f.name not in _NOT_INPUTS]
    environ = os.environ if env is None else env
    parts.append(f"key={api_key_and_source(settings, environ)[0]}")
    parts.extend(f"{name}={environ.get(name)}" for name in _ENV_INPUTS)
    for path in (settings.config_path, settings.memory_dir, settings.index_path):
        try:
            found = os.stat(path) if path is not None else None
        except OSError:
            found = None
        parts.append("-" if found is None
                     else f"{found.st_mtime_ns}:{found.st_size}:{found.st_mode:o}")
    digest = zlib.crc32("\0".join(parts).encode("utf-8", "surrogateescape"))
    return f"{digest:08x}"


def keep_failed_inputs(settings: Settings) -> None:
    """After a dream failed (its lock rolled back): what it ran with, for ``current`` to tell
    a person's fix from the same conditions. Only in the state dir that is there: one moved
    away mid-run is not made afresh (the next dream says where it went), and none is written
    through a link; then none is kept (the back-off holds as it would without one)."""
    from autodream.memory.commit import open_below

    with contextlib.suppress(OSError), open_below(
            settings.memory_dir, f"{settings.state_dir.name}/{FAILED_INPUTS_FILENAME}",
            make=False) as kept:
        kept.write(inputs_fingerprint(settings).encode("ascii"))


def _kept_inputs(settings: Settings) -> str:
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(settings.state_dir / FAILED_INPUTS_FILENAME, flags)
    except OSError:
        return ""
    try:
        return os.read(fd, 64).decode("ascii", "replace").strip()
    except OSError:
        return ""
    finally:
        os.close(fd)


def _epoch(stamp: str | None) -> float | None:
    if not stamp:
        return None
    try:
        return datetime.fromisoformat(stamp.replace("Z", "+00:00")).timestamp()
    except ValueError:
        return None


def _iso(epoch: float) -> str:

    return datetime.fromtimestamp(epoch, tz=UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
