"""``autodream-hook``: the agent's hot path, run by Claude Code after every turn.

Reads the hook JSON on stdin, finds the project from its ``cwd``, and runs the gate chain;
when every gate is open it starts the dream as a detached process and returns at once.
It always exits 0 and prints nothing (``AUTODREAM_DEBUG=1``: one line on stderr).

Most calls end at the time gate, so everything up to it is kept cheap: no click, anthropic,
watchdog, yaml, psutil, json (it imports ``re``), typing, pathlib or dataclasses. Only once
the time gate is open does it import the full settings and gate chain.
"""

from __future__ import annotations

import os
import sys
import time

from autodream import config, lock
from autodream.errors import AutodreamError

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import BinaryIO

STDIN_TIMEOUT_SECONDS = 0.5  # Claude Code writes the JSON at once and closes stdin
STDIN_MAX_BYTES = 1 << 20
DREAM_LOG_FILENAME = "dream.log"

# What ``install`` writes and recognises (autodream/claude_settings.py). Here, not there: the CLI
# names both in install's and uninstall's options, and importing the settings editor for them
# cost each dream the CLI runs (the hook's child) ~3 ms of CPU for code it never uses.
HOOK_COMMAND = "autodream-hook"

# Install adds both by default: Stop fires after every turn, so long sessions that never end
# cleanly still get consolidated; SessionEnd covers the last turn. The hook's time gate makes
# the extra Stop calls cost one stat().
EVENTS: tuple[str, ...] = ("Stop", "SessionEnd")


USAGE = """\
usage: autodream-hook < HOOK_JSON

Claude Code runs this after every turn (Stop) and at a session's end (SessionEnd), with the
hook JSON on stdin; `autodream install` adds it to Claude Code's settings. It checks the gates
for the project in the JSON's "cwd" and, when all are open, starts `autodream --trigger hook`
in the background (its output in <memory>/.autodream/logs/dream.log). It always exits 0 and
prints nothing, so it never fails the agent's turn; AUTODREAM_DEBUG=1 prints one line on
stderr saying what it decided. `autodream status` shows the same gates in full."""


def main() -> int:
    """Entry point; the return value is the exit status, always 0."""
    if sys.argv[1:] and sys.argv[1] in ("-h", "--help"):
        # (a person trying it by hand; Claude Code passes no arguments)
        try:
            print(USAGE, flush=True)
        except BrokenPipeError:
            # "autodream-hook -h | head -1": the reader stopped, which is no error (as the CLI
            # says it): what is left unwritten goes nowhere, so the flush at exit cannot fail
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            os.close(devnull)
        return 0
    try:
        _debug(_run(os.environ))
    except Exception as exc:  # never fail the agent
        _debug(_error_line(exc))
    return 0


def _error_line(exc: Exception) -> str:
    """What stopped the hook, for its debug line: autodream's own errors in the words the CLI
    gives them ('error: project: directory does not exist: /x', where the line said
    'error: ConfigError: project: ...', a class name a person has no use for); anything else
    (a fault of autodream's) with its class, which is what there is to go on."""
    if isinstance(exc, AutodreamError):
        return f"error: {exc}"
    return f"error: {type(exc).__name__}: {exc}"


def _run(env: Mapping[str, str]) -> str:
    payload = read_payload(read_stdin())
    if payload is None:
        if not env.get("CLAUDE_PROJECT_DIR"):
            # not the hook's caller (a pipe of something else): the gates of whatever directory
            # this runs in are not the project's
            return ("stdin is not hook JSON (one JSON object, as Claude Code sends): no gates "
                    "evaluated")
        payload = {}  # Claude Code always names the project here: dream it, as before
    cwd = _text(payload.get("cwd")) or env.get("CLAUDE_PROJECT_DIR") or os.getcwd()
    session_id = _text(payload.get("session_id"))
    sessions_hint = sessions_dir_hint(_text(payload.get("transcript_path")), env)

    values = config.resolve_values(cwd, {}, env, sessions_hint=sessions_hint)
    now = values["now"] if isinstance(values["now"], float) else time.time()
    try:
        closed = time_gate_closed(values, now)
    except OSError:
        # a memory dir that cannot be searched, a linked lock: the full chain says it in words
        closed = None
    if closed:
        return f"time gate closed: {closed}"

    # The time gate is open: now the full chain may cost what it costs.
    from autodream import gates
    from autodream.errors import LinkedState
    from autodream.settings import Settings

    settings = Settings.resolve(cwd, env=env, sessions_hint=sessions_hint)
    # a wrong codex_sessions_dir stops no dream (Claude Code's sessions are dreamt without
    # it), so it is said beside the decision, as an error of the settings is said instead of it
    error = settings.codex_dir_error()
    said = f"{error}; " if error else ""
    if (unreadable := settings.memory_dir_error()) is not None:
        # (not logged: the log is in the memory dir; was "error: PermissionError: [Errno 13]")
        return f"{said}no dream started: {unreadable}"
    if (linked := settings.state_dir_error(deep=False)) is not None:
        # before the gates, which write the scan stamp and offsets there; not logged either:
        # the log is in that very state dir. Only its own entries: the walk of every run kept
        # (once every turn past min_hours, ~90 ms at 500 runs) waits for a turn that would
        # start a dream, in blockers below
        return f"{said}no dream started: {linked}"
    report = gates.evaluate(settings, current_session=session_id)
    if not report.open:
        return said + report.summary()
    # a dream known to fail (no API key for backend = "anthropic", an unreadable memory dir)
    # is not started: its error would land only in dream.log, after the line said it started
    from autodream.run import blockers

    found = blockers(settings, env)
    if found:
        decision = f"{said}all gates open, but no dream started: {found[0]}"
        if isinstance(found[0], LinkedState):
            return decision  # (a link under the state dir, where the log is: not logged)
        # without AUTODREAM_DEBUG nothing else records why memory stops being consolidated;
        # a spawned dream that failed used to leave its error here
        log_line(settings.state_dir, now, decision)
        # the scan stamped the throttle: while it holds, the closed scan gate says this too
        gates.note_on_stamp(settings, report, str(found[0]))
        return decision
    pid = spawn_dream(cwd, settings.state_dir, session_id, settings.sessions_dir, env)
    return f"{said}all gates open: dream started (pid {pid})"


def sessions_dir_hint(transcript: str | None, env: Mapping[str, str]) -> str | None:
    """The transcript's directory, trusted only under Claude Code's projects root: the payload
    must not be able to point the dream's readable ``sessions/`` root at ``/etc``."""
    if not transcript or not os.path.isabs(transcript):
        return None
    projects = os.path.realpath(os.path.join(config.claude_home(env), "projects"))
    directory = os.path.realpath(os.path.dirname(transcript))
    if os.path.dirname(directory) != projects:
        return None  # Claude Code keeps a project's sessions exactly one level below projects/
    return directory


def time_gate_closed(values: Mapping[str, object], now: float) -> str | None:
    """Why the time gate is closed, or None when it is open: one ``stat()`` of the lock
    (the body is read only while a holder is recorded, i.e. a dream runs or crashed)."""
    lock_path = os.path.join(str(values["memory_dir"]), lock.LOCK_FILENAME)
    ttl = float(str(values.get("lock_ttl_minutes", config.DEFAULT_LOCK_TTL_MINUTES))) * 60
    min_hours = float(str(values.get("min_hours", config.DEFAULT_MIN_HOURS)))
    # not followed: a link in the lock's place (a teammate's, in a shared memory dir) raises
    # OSError here, before its target is read, and the full chain refuses it in words
    status = lock.read_status(lock_path, now, ttl, check_start_time=False, follow=False)
    if status.held:
        return f"a dream is running ({status.describe()})"
    last_ns = status.last_consolidated_ns()
    if last_ns is None or lock.in_the_future(last_ns / 1e9, now):
        return None  # a last dream dated in the future is not believed: the full chain says so
    hours = (now - last_ns / 1e9) / 3600
    if hours < min_hours:
        # when the next dream may run, as status and the dream say it (lock is imported anyway)
        return (f"{hours:.1f} h since the last dream, min_hours is {min_hours:g}; next dream "
                f"possible in {lock.span((min_hours - hours) * 3600)}, or `autodream --force` "
                "to dream now")
    return None


def spawn_dream(
    project: str,
    state_dir: object,
    session_id: str | None,
    sessions_dir: object,
    env: Mapping[str, str],
) -> int:
    """Start ``autodream --trigger hook`` detached (own session, no stdin, output to the
    state dir's log) and return its PID without waiting.

    The child resolves its settings from the same project dir and environment, so it finds
    the same memory dir; the sessions dir is handed over because the hook may have learnt it
    from the transcript path, which the child does not see.
    """
    import subprocess

    argv = [sys.executable, "-m", "autodream.cli", "--project", project, "--trigger", "hook"]
    if session_id:
        argv += ["--session", session_id]
    child_env = dict(env)
    if os.path.isdir(str(sessions_dir)):
        child_env["AUTODREAM_SESSIONS_DIR"] = str(sessions_dir)
    # The child must import this very package. An installed one (site-packages) or one on
    # PYTHONPATH it finds by itself; only one found through sys.path[0] (the directory the
    # hook was started from) must be pointed at, since the child starts elsewhere.
    package_parent = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    if package_parent not in (os.path.abspath(p) for p in sys.path[1:]):
        child_env["PYTHONPATH"] = os.pathsep.join(
            p for p in (package_parent, env.get("PYTHONPATH")) if p
        )
    with _open_log(state_dir) as log:
        child = subprocess.Popen(
            argv,
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
            cwd=project,
            env=child_env,
            start_new_session=True,
            close_fds=True,
        )
    return child.pid


def _open_log(state_dir: object) -> BinaryIO:
    """The dream log, to append to, never through a symlink: neither the log's own nor the
    state dir's or ``logs/`` swapped for one after the check that found none (a teammate's
    link in a shared memory dir would have the dream's output written wherever it points)."""
    # (imported here: only a hook past its time gate writes the log)
    from pathlib import Path

    from autodream.memory.commit import open_below

    state = os.path.abspath(str(state_dir))
    os.makedirs(os.path.dirname(state), exist_ok=True)  # (the memory dir, which may be a link)
    return open_below(Path(os.path.dirname(state)),
                      f"{os.path.basename(state)}/logs/{DREAM_LOG_FILENAME}", append=True)


def log_line(state_dir: object, now: float, message: str) -> None:
    """Append ``<UTC time> autodream-hook: <message>`` to the state dir's dream.log; a log
    that cannot be written is not the hook's failure (it never fails the turn)."""
    stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(now))
    log_dir = os.path.join(str(state_dir), "logs")
    try:
        with _open_log(state_dir) as log:
            log.write(f"{stamp} autodream-hook: {message}\n".encode())
    except OSError as exc:
        _debug(f"cannot write {log_dir}/{DREAM_LOG_FILENAME}: {exc}")


def read_stdin() -> bytes:
    """The hook JSON, or b"" for a terminal, a closed stdin, or one that stays silent.

    Bounded in time and size: a slow or endless stdin must not hang the agent.
    """
    stream = sys.stdin
    if stream is None:
        return b""
    try:
        fd = stream.fileno()
        if os.isatty(fd):
            return b""
    except (OSError, ValueError):
        return b""
    if sys.platform == "win32":  # select() does not take pipes there
        return _read_with_thread(fd)
    import select

    chunks: list[bytes] = []
    size = 0
    deadline = time.monotonic() + STDIN_TIMEOUT_SECONDS
    while size < STDIN_MAX_BYTES:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            break
        try:
            ready, _, _ = select.select([fd], [], [], remaining)
        except (OSError, ValueError):
            break
        if not ready:
            break
        try:
            chunk = os.read(fd, min(65536, STDIN_MAX_BYTES - size))
        except OSError:
            break
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
    return b"".join(chunks)


def _read_with_thread(fd: int) -> bytes:
    import threading

    chunks: list[bytes] = []

    def read() -> None:
        size = 0
        while size < STDIN_MAX_BYTES:
            chunk = os.read(fd, 65536)
            if not chunk:
                return
            chunks.append(chunk)
            size += len(chunk)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(STDIN_TIMEOUT_SECONDS)
    return b"".join(chunks)


def parse_payload(raw: bytes) -> dict[str, object]:
    """The hook JSON as a dict; {} for anything else (empty, truncated, not an object)."""
    return read_payload(raw) or {}


def read_payload(raw: bytes) -> dict[str, object] | None:
    """The hook JSON as a dict; {} for no input at all (a terminal, /dev/null: run by hand),
    None for input that is clearly not hook JSON (garbage, a list).

    What Claude Code may send is read as leniently as it can be: a UTF-8 BOM, bytes that are
    not UTF-8 (kept as surrogates, so a path maps back to its bytes), data after the object
    (the first object is the payload), and an object cut off by ``read_stdin``'s size or
    time limit (a 1.5 MB prompt): the members before the cut (``cwd`` comes early).
    """
    text = raw.decode("utf-8", "surrogateescape")
    if text.startswith("\ufeff"):
        text = text[1:]
    start = len(text) - len(text.lstrip())
    if start == len(text):
        return {}
    scan = _json_scanner()
    try:
        value, _ = scan(text, start)
    except Exception:  # StopIteration or JSONDecodeError, whichever the parser raises
        return _members_before_the_cut(scan, text, start) if text[start] == "{" else None
    return value if isinstance(value, dict) else None


def _members_before_the_cut(scan: _Scanner, text: str, start: int) -> dict[str, object]:
    """The members of the object opened at ``start`` up to the first one that does not parse;
    a member counts only once the comma after it is read (a number cut off still parses)."""
    members: dict[str, object] = {}
    at = start + 1
    while True:
        at = _skip_space(text, at)
        try:
            key, at = scan(text, at)
            at = _skip_space(text, at)
            if not isinstance(key, str) or text[at:at + 1] != ":":
                return members
            value, at = scan(text, _skip_space(text, at + 1))
        except Exception:  # the cut, or what is no JSON
            return members
        at = _skip_space(text, at)
        if text[at:at + 1] != ",":
            return members
        members[key] = value
        at += 1


def _skip_space(text: str, at: int) -> int:
    while at < len(text) and text[at] in " \t\r\n":
        at += 1
    return at


def _json_scanner() -> _Scanner:
    """A JSON value parser without ``import json``.

    ``json`` imports ``re``, about a third of the interpreter's start-up time; its C
    accelerator ``_json`` does not, and parses exactly as ``json.loads`` does.
    """
    try:
        from _json import make_scanner
    except ImportError:  # an interpreter without the accelerator
        import json

        decoder = json.JSONDecoder()
        return decoder.raw_decode
    return make_scanner(_ScannerContext())  # type: ignore[arg-type,no-any-return]


class _ScannerContext:
    """The attributes ``_json.make_scanner`` reads: the same as ``json.JSONDecoder()``'s."""

    strict = True
    object_hook = None
    object_pairs_hook = None
    parse_float = float
    parse_int = int

    @staticmethod
    def parse_constant(name: str) -> float:
        return {"-Infinity": float("-inf"), "Infinity": float("inf"), "NaN": float("nan")}[name]


def _text(value: object) -> str | None:
    return value if isinstance(value, str) and value else None


def _debug(message: str) -> None:
    if os.environ.get("AUTODREAM_DEBUG"):
        print(f"autodream-hook: {message}", file=sys.stderr)


if TYPE_CHECKING:
    from collections.abc import Callable

    _Scanner = Callable[[str, int], tuple[object, int]]


if __name__ == "__main__":
    sys.exit(main())
