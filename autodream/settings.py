"""One ``Settings`` value: where memory, sessions and the project live, thresholds, backend, clock.

CONTRACT (shared by every room; fields may be added, not renamed):
``Settings.resolve(project, overrides=..., env=...)`` applies, in order of precedence,
CLI flags (``overrides``), ``AUTODREAM_*`` environment variables, ``autodream.toml`` in the
project (or ``[tool.autodream]`` in its ``pyproject.toml``), then defaults; discovery follows
Claude Code's layout (see ``autodream.config``, which does the resolving with plain values so
the hook can use it before the time gate). A new field needs its kind in ``config.FIELDS``.
"""

from __future__ import annotations

import contextlib
import os
import stat
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Protocol

from autodream import config
from autodream.errors import AutodreamError, ConfigError, LinkedState, printable

STATE_DIRNAME = ".autodream"
LOCK_FILENAME = ".consolidate-lock"
INDEX_FILENAME = "MEMORY.md"


class Clock(Protocol):
    """Seconds since the epoch; replay and tests move it without sleeping."""

    def now(self) -> float: ...


class SystemClock:
    def now(self) -> float:
        return time.time()

    def __repr__(self) -> str:
        return "SystemClock()"


class FixedClock:
    """A clock that stands still until moved."""

    def __init__(self, t: float) -> None:
        self.t = float(t)

    def now(self) -> float:
        return self.t

    def advance(self, seconds: float) -> None:
        self.t += seconds

    def set(self, t: float) -> None:
        self.t = float(t)

    def __repr__(self) -> str:
        return f"FixedClock({self.t!r})"


# (what ``state_dir_write_error`` says a dream or an undo keeps in the state dir)
_KEPT_IN_STATE = "a dream or an undo keeps its run record, the read positions and DREAMS.md"


@dataclass(frozen=True)
class Settings:
    """Everything a command needs to know, resolved from options, env and autodream.toml."""

    project_root: Path
    memory_dir: Path
    sessions_dir: Path
    # Codex CLI's rollouts dir (``~/.codex/sessions``), read beside the sessions dir when set;
    # only this project's rollouts there are read
    codex_sessions_dir: Path | None = None
    min_hours: float = config.DEFAULT_MIN_HOURS
    min_sessions: int = 5
    scan_interval_minutes: float = 10.0
    lock_ttl_minutes: float = config.DEFAULT_LOCK_TTL_MINUTES
    # "auto": anthropic when an API key is present, else local (and say so)
    backend: str = "auto"
    model: str = "claude-haiku-4-5"
    base_url: str | None = None
    api_key: str | None = field(default=None, repr=False)
    max_turns: int = 30
    max_tool_output_bytes: int = 16_000
    max_read_bytes: int = 8_000_000
    max_write_bytes: int = 100_000
    max_files_touched: int = 200
    max_input_tokens: int = 400_000
    max_output_tokens: int = 40_000
    max_cost_usd: float = 0.50
    # each request to the Messages API: how long to wait for an answer, and how many times the
    # SDK tries again (with backoff) after a timeout, 429, 5xx or overload; a dream that hangs
    # waits at most about timeout x (retries + 1)
    api_timeout_seconds: float = 120.0
    api_max_retries: int = 6
    allow_loss: bool = False
    keep_runs: int = 200  # run records (with their before-images for undo) kept; 0: all
    # "04/12" read day first ("dmy") or month first ("mdy") where the person's own dates do not
    # tell; "auto": left as written
    date_order: str = "auto"
    clock: Clock = field(default_factory=SystemClock, compare=False)
    config_path: Path | None = None
    # where each setting not left at its default came from ("option --backend", "env
    # AUTODREAM_BACKEND", "in /path/autodream.toml"), for messages that name it
    sources: Mapping[str, str] = field(default_factory=dict, compare=False, repr=False)

    @property
    def state_dir(self) -> Path:
        """autodream's hidden state: journal, trash, stamps, logs. Never loaded by the agent."""
        return self.memory_dir / STATE_DIRNAME

    @property
    def read_dirs(self) -> tuple[Path, ...]:
        """The folders a dream reads transcripts in: where the read positions of a project moved
        or copied are looked for (``OffsetStore``'s ``reads``)."""
        dirs = (self.sessions_dir, self.memory_dir, self.project_root)
        return dirs if self.codex_sessions_dir is None else (*dirs, self.codex_sessions_dir)

    @property
    def lock_path(self) -> Path:
        return self.memory_dir / LOCK_FILENAME

    @property
    def index_path(self) -> Path:
        return self.memory_dir / INDEX_FILENAME

    def now(self) -> float:
        return self.clock.now()

    @classmethod
    def resolve(
        cls,
        project: str | os.PathLike[str] | None = None,
        overrides: Mapping[str, Any] | None = None,
        env: Mapping[str, str] | None = None,
        *,
        clock: Clock | None = None,
        sessions_hint: str | None = None,
        unused: frozenset[str] = frozenset(),
        warnings: list[str] | None = None,
        problems: list[ConfigError] | None = None,
    ) -> Settings:
        """The settings for ``project`` (default: the current directory).

        ``overrides`` are CLI flags (None values are flags not given); ``env`` defaults to
        ``os.environ``. ``clock`` wins over ``AUTODREAM_NOW``, which gives a ``FixedClock``.
        Raises ``ConfigError`` (one line, naming the key) for an unknown key, a value of the
        wrong type, or a configured directory that does not exist (``codex_sessions_dir``
        excepted: see ``codex_dir_problem``). ``unused`` settings are left at their defaults, a
        bad value there added to ``warnings`` (``config.resolve_values``). Given ``problems``,
        a memory_dir named outright that does not exist is added there instead of raised.
        """
        values = config.resolve_values(
            project,
            overrides or {},
            os.environ if env is None else env,
            sessions_hint=sessions_hint,
            unused=unused,
            warnings=warnings,
            problems=problems,
        )
        now = values.pop("now")
        config_path = values.pop("config_path")
        sources = values.pop("sources")
        kwargs: dict[str, Any] = dict(values)
        for key in config.PATH_KEYS:
            kwargs[key] = Path(str(kwargs[key]))
        for key in config.OPTIONAL_PATH_KEYS:
            if key in kwargs:
                kwargs[key] = _optional_dir(key, str(kwargs[key]), sources)
        if clock is None:
            clock = FixedClock(float(now)) if isinstance(now, float) else SystemClock()
        return cls(
            **kwargs,
            clock=clock,
            config_path=Path(str(config_path)) if config_path else None,
            sources=dict(sources) if isinstance(sources, dict) else {},
        )

    def now_dt(self) -> datetime:
        return datetime.fromtimestamp(self.clock.now(), tz=UTC)

    def memory_dir_error(self) -> AutodreamError | None:
        """The memory dir is there and cannot be listed or entered (mode 000, another owner):
        said of the dir itself, since every command then fails on the first file inside it
        ("cannot use .../.consolidate-lock", ".autodream/runs"), which the person never made.
        None when it can be read, or is not there yet."""
        path = self.memory_dir
        try:
            with os.scandir(path):  # listing it needs read permission,
                pass
            # a name inside it, search permission (ENOENT: the name could be looked up)
            with contextlib.suppress(FileNotFoundError):
                os.lstat(path / LOCK_FILENAME)
        except (FileNotFoundError, NotADirectoryError):
            return None  # (made on first use; a file in its place is config's to say)
        except OSError as exc:
            shown = printable(str(path))
            return AutodreamError(
                f"cannot read the memory dir {shown}: {exc.strerror or type(exc).__name__}; "
                f"autodream reads and writes it as you: fix its permissions (chmod u+rwx "
                f"{shown}) or run as its owner")
        return None

    def layout_error(self) -> ConfigError | None:
        """``sessions_dir`` is the memory dir or inside it: a dream would take Claude Code's
        transcripts for memory files (a transcript "a memory with a secret", none of them read
        as a session) and a scrub rewrite them. None for any other layout: Claude Code's own
        keeps the memory dir inside the sessions dir (``projects/<project>/memory``), whose
        transcripts are ``*.jsonl`` beside it, which the scan and the sandbox keep apart."""
        # (realpath: a link loop or a missing dir resolves as far as it goes, never raises)
        memory = Path(os.path.realpath(self.memory_dir))
        sessions = Path(os.path.realpath(self.sessions_dir))
        if memory != sessions and memory not in sessions.parents:
            return None
        memory_at = (f"{printable(str(self.memory_dir))} "
                     f"({self.sources.get('memory_dir', 'default')})")
        sessions_at = (f"{printable(str(self.sessions_dir))} "
                       f"({self.sources.get('sessions_dir', 'default')})")
        what = (f"memory_dir {memory_at} and sessions_dir {sessions_at} are the same directory"
                if memory == sessions else
                f"sessions_dir {sessions_at} is inside memory_dir {memory_at}")
        return ConfigError(
            f"{what}: autodream would take the transcripts for memory files (and a scrub "
            "would rewrite them); set sessions_dir to the folder Claude Code writes them in, "
            "outside the memory dir")

    def memory_dir_write_error(self) -> AutodreamError | None:
        """The memory dir can be read but no file made in it (chmod 555, a read-only mount):
        said of the dir, since a dream first fails making its lock's temp file
        (".consolidate-lock.4357.tmp"), a name the person never made. None when writable or
        not there yet. ``os.access`` asks as the real user: root may write a mode 555 dir."""
        path = self.memory_dir
        if (why := _write_denied(path)) is None:
            return None
        shown = printable(str(path))
        return AutodreamError(
            f"cannot write the memory dir {shown}: {why}; a dream writes its memories, lock "
            f"and run record there: make it writable (chmod u+w {shown}) or run as its owner; "
            "--dry-run previews a dream without writing")

    def state_dir_write_error(self, keeps: str = _KEPT_IN_STATE, *,
                              folder: str = "") -> AutodreamError | None:
        """The state dir (``.autodream``) is there but no file can be made in it (chmod 555):
        said before a dream or an undo commits, since what follows its commit (the read
        positions, DREAMS.md) is written there, and failing then left memory changed by a
        command that failed ('cannot use .offsets.json.offsets.tmp: Permission denied'). None
        when writable or not there (made by the run). ``keeps``: what the command keeps there,
        which the line says; ``folder``: one in the state dir instead ("runs")."""
        path = self.state_dir / folder if folder else self.state_dir
        if path.is_symlink() or (why := _write_denied(path)) is None:
            return None  # (a link is state_dir_error's)
        shown = printable(str(path))
        return AutodreamError(
            f"cannot write {'' if folder else 'the state dir '}{shown}: {why}; {keeps} there: "
            f"make it writable (chmod u+w {shown}) or run as its owner")

    def state_dir_error(self, *, deep: bool = True) -> LinkedState | None:
        """A symlink where autodream keeps its state (``.autodream/`` or any entry under it,
        ``.consolidate-lock``), as the error a command that reads or writes that state refuses
        with; None when there is none.

        A dream writes runs, staging copies, DREAMS.md, offsets and the lock's guard there, undo
        restores from a run's copies and scrub rewrites them; a link at any depth (one a
        teammate committed to a shared memory dir: ``runs/<id>/before -> /x``) would have a file
        written, deleted or restored wherever it points. Proven the way the memory files are:
        no link on the way, and the state dir resolves to the memory dir's own child.

        ``deep=False`` looks no further than the state dir's own entries: what the hook's gates
        write (the scan stamp, the lock's guard, the log's folder) is there, and the walk of
        every run's copies, which grows with every run kept, is left to the turn that would
        start a dream (``run.blockers``)."""
        memory = self.memory_dir
        shown = printable(str(self.state_dir))
        for path in (self.state_dir, self.lock_path):
            try:
                st = os.lstat(path)
            except (FileNotFoundError, NotADirectoryError):
                continue
            except OSError:
                return None  # (memory_dir_error says why the memory dir cannot be read)
            if stat.S_ISLNK(st.st_mode):
                return LinkedState(
                    f"{printable(str(path))} is a symlink (to {printable(os.readlink(path))}); "
                    "autodream keeps its state only in the memory dir itself: remove the link "
                    "(autodream makes the directory again)")
        if not os.path.isdir(self.state_dir):
            return None  # (not there yet; a file in its place is "cannot use ...", exit 1)
        if os.path.realpath(self.state_dir) != os.path.join(os.path.realpath(memory),
                                                            STATE_DIRNAME):
            return LinkedState(f"{shown} resolves outside the memory dir; move it away")
        stack = [str(self.state_dir)]
        while stack:
            folder = stack.pop()
            try:
                with os.scandir(folder) as it:
                    entries = list(it)
            except OSError:
                continue  # (what cannot be listed cannot redirect a write either)
            for entry in entries:
                if entry.is_symlink():
                    return LinkedState(
                        f"{printable(entry.path)} is a symlink (to "
                        f"{printable(os.readlink(entry.path))}); autodream keeps its state only "
                        f"in {shown} itself: remove the link")
                if deep and entry.is_dir(follow_symlinks=False):
                    stack.append(entry.path)
        return None

    def codex_dir_problem(self) -> str | None:
        """Why ``codex_sessions_dir`` gives no rollouts, for status and the dream; None when
        unset or a directory. One that does not exist is a notice (the documented
        ``~/.codex/sessions`` is missing until Codex first runs); one that is there and no
        directory is ``codex_dir_error``. Neither stops a dream: Claude Code's sessions must
        go on being dreamt."""
        path = self.codex_sessions_dir
        if path is None:
            return None
        error = self.codex_dir_error()
        if error is not None or path.is_dir():
            return error
        return (
            f"codex_sessions_dir {printable(str(path))} "
            f"({self.sources.get('codex_sessions_dir', 'default')}) does not exist: no rollouts "
            "read from it")

    def codex_dir_error(self) -> str | None:
        """``codex_sessions_dir`` names a file (or another thing that is no directory): a
        wrong setting, not a dir yet to come, said as an error wherever the setting is read
        (status, the dream and its run record, the hook's stderr), since it would otherwise
        go unseen for as long as Claude Code's sessions are dreamt without it."""
        path = self.codex_sessions_dir
        if path is None or not path.exists():
            return None
        source = self.sources.get("codex_sessions_dir", "default")
        if path.is_dir():
            try:
                with os.scandir(path):
                    return None
            except OSError as exc:  # the scan would pass it by in silence
                return (f"error: codex_sessions_dir {printable(str(path))} ({source}) cannot be "
                        f"read ({exc.strerror or type(exc).__name__}): no rollouts read from "
                        "it until you fix its permissions")
        what = "a file, not a directory" if path.is_file() else "not a directory"
        return (f"error: codex_sessions_dir {printable(str(path))} ({source}) is {what}: no "
                "rollouts read from it until it names the directory Codex writes them in")


def _optional_dir(key: str, path: str, sources: object) -> Path:
    """An optional dir setting, checked here rather than in ``config`` (the hook's time gate
    resolves its values before it, and must not pay for a dir only the scan reads). A missing
    dir is a notice where it is read (``Settings.codex_dir_problem``); a NUL names no path."""
    if "\x00" in path:
        source = sources.get(key, "default") if isinstance(sources, dict) else "default"
        raise ConfigError(f"{key} ({source}): a path cannot hold a NUL: {printable(path)}")
    return Path(path)


NO_KEY_ERROR = "backend anthropic needs an API key: set ANTHROPIC_API_KEY or AUTODREAM_API_KEY"


@dataclass(frozen=True)
class BackendChoice:
    """Which backend a dream would use, and why (shown by ``status`` and the dream log)."""

    name: str  # "local" or "anthropic"
    reason: str


def api_key_and_source(
    settings: Settings, env: Mapping[str, str] | None = None
) -> tuple[str | None, str | None]:
    """The API key (``settings.api_key``, else ``ANTHROPIC_API_KEY``; blank is none) and where it
    came from. The one place that decides whether Claude can run."""
    env = os.environ if env is None else env
    if settings.api_key and settings.api_key.strip():
        return settings.api_key.strip(), "api_key setting"
    key = (env.get("ANTHROPIC_API_KEY") or "").strip()
    return (key, "ANTHROPIC_API_KEY") if key else (None, None)


def backend_choice(settings: Settings, env: Mapping[str, str] | None = None) -> BackendChoice:
    """``auto`` picks anthropic when an API key is present, else the local engine."""
    # "configured" said nothing of where: a --backend flag read as a config file setting
    given = settings.sources.get("backend", "configured")
    if settings.backend == "local":
        return BackendChoice("local", f"backend = local ({given})")
    _, key_source = api_key_and_source(settings, env)
    if settings.backend == "anthropic":
        if key_source is None:
            return BackendChoice("anthropic", f"backend = anthropic ({given}; no API key found)")
        return BackendChoice(
            "anthropic", f"backend = anthropic ({given}; key from {key_source})"
        )
    if key_source is None:
        return BackendChoice("local", "no API key: using the local engine")
    return BackendChoice("anthropic", f"API key found ({key_source}): using Claude")


def _write_denied(path: Path) -> str | None:
    """Why no file can be made in the folder ``path`` ("read-only file system", "Permission
    denied"), or None when one can or it is no folder. ``os.access`` asks as the real user:
    root may write a mode 555 dir."""
    if not path.is_dir() or os.access(path, os.W_OK | os.X_OK):
        return None
    try:
        read_only = bool(os.statvfs(path).f_flag & os.ST_RDONLY)
    except (OSError, AttributeError):  # (no statvfs on Windows)
        read_only = False
    return "read-only file system" if read_only else "Permission denied"
