"""The command line: parse, call the library, print (text or ``--json``); nothing else."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, TypeVar

import click

from autodream.rx import methods_kept

# (the hook's child is this module: the methods of the classes these import come from the
# per-user cache too, as load_dream_path's do)
with methods_kept():
    from autodream import errors, journal
    from autodream.settings import Settings

if TYPE_CHECKING:  # (imported where used: scrub is not loaded by every command)
    from autodream.gates import GateReport
    from autodream.scrub import RecordedUrls
    from autodream.watch import StoppedPass

CONTEXT_SETTINGS = {"help_option_names": ["-h", "--help"], "max_content_width": 100}

EXIT_CODES_HELP = "Exit codes: " + ", ".join(
    f"{code} {name}" for name, code in sorted(errors.EXIT_CODES.items(), key=lambda kv: kv[1])
) + "."


class CliError(click.ClickException):
    """A library error shown as one line; each subclass has its fixed exit code.

    Under ``--json`` the error is also one JSON document on stdout (``document``, the command's
    own output so far, with ``error`` and ``exit_code`` added), so a script reading stdout never
    gets nothing, or two documents.
    """

    exit_code = errors.AutodreamError.exit_code

    def __init__(self, message: str, document: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.document = document or {}
        self.as_json = _json_requested()

    def show(self, file: Any = None) -> None:
        if self.as_json:
            echo_error_json(self, self.document)
        super().show(file)


def echo_error_json(exc: click.ClickException, document: dict[str, Any] | None = None) -> None:
    """A failure as the one JSON document a ``--json`` caller reads on stdout."""
    echo_json({"status": "error", **(document or {}), "error": exc.format_message(),
               "exit_code": exc.exit_code})


def _json_requested() -> bool:
    ctx = click.get_current_context(silent=True)
    if ctx is not None and ctx.meta.get("autodream.json"):
        # a setting's AUTODREAM_* variable is checked while the group parses, before the
        # command's own --json is: the command line says whether JSON was asked for
        return True
    while ctx is not None:
        if ctx.params.get("as_json"):
            return True
        ctx = ctx.parent
    return False


class DreamFailedError(CliError):
    exit_code = errors.DreamFailed.exit_code


class BadConfigError(CliError):
    exit_code = errors.ConfigError.exit_code


class GateClosedError(CliError):
    exit_code = errors.GateClosed.exit_code

    def show(self, file: Any = None) -> None:
        # a closed gate is the usual answer between dreams, not a fault: said as what happened
        # (the exit code still tells scripts)
        if self.as_json:
            echo_error_json(self, self.document)
        click.echo(f"no dream now: {self.format_message()}", err=True)


class LockHeldError(CliError):
    exit_code = errors.LockHeld.exit_code


class DreamRunningError(LockHeldError):
    """Another dream holds the lock: for a dream, an outcome said as a closed gate is."""

    show = GateClosedError.show


class UndoConflictError(CliError):
    exit_code = errors.UndoConflict.exit_code


class BackendUnavailableError(CliError):
    exit_code = errors.BackendUnavailable.exit_code


class NotFoundError(CliError):
    exit_code = errors.NotFound.exit_code


class BadInputError(CliError):
    exit_code = errors.BadInput.exit_code


class ReplayCheckFailedError(CliError):
    exit_code = errors.ReplayCheckFailed.exit_code


_CLI_ERRORS: list[tuple[type[errors.AutodreamError], type[CliError]]] = [
    (errors.ConfigError, BadConfigError),
    (errors.GateClosed, GateClosedError),
    (errors.LockHeld, LockHeldError),
    (errors.DreamFailed, DreamFailedError),
    (errors.UndoConflict, UndoConflictError),
    (errors.BackendUnavailable, BackendUnavailableError),
    (errors.NotFound, NotFoundError),
    (errors.BadInput, BadInputError),
    (errors.ReplayCheckFailed, ReplayCheckFailedError),
]


def fail(exc: errors.AutodreamError, document: dict[str, Any] | None = None) -> CliError:
    """The click exception for a library error: its first line, its exit code."""
    message = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    for lib_cls, cli_cls in _CLI_ERRORS:
        if isinstance(exc, lib_cls):
            return cli_cls(message, document)
    return CliError(message, document)


def echo_json(data: Any) -> None:
    click.echo(json.dumps(data, indent=2, sort_keys=True, default=str))


# ---- main group and the dream command: gate-chain issue --------------------------------------

THRESHOLD_OPTIONS = ("min_hours", "min_sessions", "scan_interval_minutes", "lock_ttl_minutes")


class SettingValue(click.ParamType):  # type: ignore[type-arg]
    """A setting given as a flag or its ``AUTODREAM_*`` variable, checked by the same rules as
    the config file: a bad value is a configuration error (exit 3) naming its source."""

    def __init__(self, key: str) -> None:
        from autodream.config import FIELDS

        self.key = key
        self.name = FIELDS[key]

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        from autodream.config import coerce

        source = f"option --{self.key.replace('_', '-')}"
        if param and _from_env(ctx, param.name):
            # The settings read AUTODREAM_<KEY> themselves, by the same rules, where the
            # command uses the setting: checked here, a bad AUTODREAM_MIN_HOURS would stop
            # `log`, `undo` and `install`, which have no use for it
            return value
        try:
            return coerce(self.key, value, source, from_text=True)
        except errors.ConfigError as exc:
            raise fail(exc) from exc


def _from_env(ctx: click.Context | None, name: str | None) -> bool:
    """Whether the parameter ``name`` took its value from its environment variable."""
    return ctx is not None and bool(name) and (
        ctx.get_parameter_source(name or "") == click.core.ParameterSource.ENVIRONMENT)


class EnvOption(click.Option):
    """An option that shows its ``AUTODREAM_*`` variable in -h, and names it in an error only
    when the value came from it: click's ``show_envvar`` added "(env var: 'AUTODREAM_LOG_N')"
    to the error about a typed ``-n 0`` too, with no variable set."""

    def get_error_hint(self, ctx: click.Context | None) -> str:
        if _from_env(ctx, self.name):
            return super().get_error_hint(ctx)
        return click.Parameter.get_error_hint(self, ctx)


FC = TypeVar("FC", bound=Callable[..., Any])


_METAVARS = {"base_url": "URL", "model": "NAME"}


def setting_option(key: str, help: str) -> Callable[[FC], FC]:
    """``--<key>`` with ``envvar=AUTODREAM_<KEY>``, typed and checked like the config file."""
    return click.option(
        f"--{key.replace('_', '-')}",
        key,
        type=SettingValue(key),
        metavar=_METAVARS.get(key),
        envvar=f"AUTODREAM_{key.upper()}",
        show_envvar=True, cls=EnvOption,
        help=help,
    )


def _param_type(ctx: click.Context, name: str) -> Any:
    return next((p.type for p in ctx.command.params if p.name == name), None)


def resolve_settings(
    project: str | None,
    overrides: dict[str, Any] | None = None,
    unused: frozenset[str] = frozenset(),
    problems: list[Any] | None = None,
) -> Any:
    """``Settings.resolve`` with library errors turned into CLI errors; a bad value of an
    ``unused`` setting is a warning on stderr, not an error; ``problems``: see
    ``Settings.resolve``."""
    from autodream.settings import Settings

    warnings: list[str] = []
    try:
        settings = Settings.resolve(project, overrides=overrides or {}, unused=unused,
                                    warnings=warnings, problems=problems)
    except errors.AutodreamError as exc:
        raise fail(exc) from exc
    if (unreadable := settings.memory_dir_error()) is not None:
        raise fail(unreadable)  # (every command that resolves settings reads the memory dir)
    ctx = click.get_current_context(silent=True)
    name = ctx.info_name if ctx is not None else None
    for warning in warnings:
        click.echo(f"warning: {warning} (not used by `{name}`; a dream refuses it)", err=True)
    return settings


def _print_version(ctx: click.Context, value: bool) -> None:
    """``--version``, as JSON too when ``--json`` is given (every other output honours it)."""
    if not value or ctx.resilient_parsing:
        return
    from importlib.metadata import version

    number = version("autodream")
    if ctx.meta.get("autodream.json"):
        echo_json({"status": "ok", "version": number})
    else:
        click.echo(f"autodream, version {number}")
    ctx.exit()


class AutodreamGroup(click.Group):
    """The main group; a mistyped option is never answered with a hidden one, and under
    ``--json`` a usage error is a JSON document on stdout too, like every other failure."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        ctx.meta["autodream.json"] = "--json" in args
        try:
            return super().parse_args(ctx, args)
        except click.NoSuchOption as exc:
            hidden = {o for p in self.params if getattr(p, "hidden", False) for o in p.opts}
            shown = [p for p in exc.possibilities or () if p not in hidden]
            error = click.NoSuchOption(exc.option_name, possibilities=shown, ctx=exc.ctx)
            _usage_as_json(ctx, error)
            raise error from None
        except click.UsageError as exc:
            _raise_usage_error(ctx, exc)
        except BrokenPipeError:
            # "autodream -h | head -1" (-h and --version print here, before invoke)
            _quiet_stdout()
            ctx.exit(0)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except click.UsageError as exc:
            _raise_usage_error(ctx, exc)
        except errors.AutodreamError as exc:
            raise fail(exc) from exc
        except BrokenPipeError:
            # "autodream show ... | head": the reader stopped, which is no error (click would
            # exit 1): end quietly, with what is left unwritten sent nowhere
            _quiet_stdout()
            ctx.exit(0)
        except OSError as exc:
            # a path autodream must use is not what it should be (".autodream" a file, the
            # lock a directory, a config dir that is a file): one line naming it, no traceback
            raise CliError(os_error_line(exc)) from exc


def _raise_usage_error(ctx: click.Context, exc: click.UsageError) -> NoReturn:
    """``exc`` as the person sees it: bad configuration naming the variable when the value came
    from an option's variable, else click's usage error (a JSON document too under --json)."""
    if (from_env := _bad_env_value(exc)) is not None:
        raise from_env from None
    _usage_as_json(ctx, exc)
    raise exc


def _bad_env_value(exc: click.UsageError) -> BadConfigError | None:
    """A value click refused that came from an option's ``AUTODREAM_*`` variable, as bad
    configuration (exit 3) naming the variable, as the settings' own variables are said: click
    said "Invalid value for '-n': 0 is not in the range x>=1" (exit 2, a usage error) of
    ``AUTODREAM_LOG_N=0 autodream log``, where no -n was typed. None for anything else."""
    param, ctx = getattr(exc, "param", None), exc.ctx
    if not isinstance(exc, click.BadParameter) or not isinstance(param, click.Option):
        return None
    if not _from_env(ctx, param.name):
        return None
    names = param.envvar if isinstance(param.envvar, (list, tuple)) else [param.envvar]
    variable = next((n for n in names if n and n in os.environ), names[0])
    # (exc.message alone: click's own line adds "Invalid value for '-n' (env var: ...)")
    return BadConfigError(f"{max(param.opts, key=len)} (env {variable}): {exc.message}")


def _quiet_stdout() -> None:
    """Point stdout at /dev/null, so the flush at exit does not raise BrokenPipeError again."""
    try:
        fd = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):  # not a real file (a test's runner)
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, fd)
    os.close(devnull)


def os_error_line(exc: OSError) -> str:
    """``exc`` as one line naming the path, as a user can act on it."""
    where = " -> ".join(str(f) for f in (exc.filename, exc.filename2) if f is not None)
    why = exc.strerror or str(exc) or type(exc).__name__
    return f"cannot use {where}: {why}" if where else why


def _usage_as_json(ctx: click.Context, exc: click.UsageError) -> None:
    if ctx.meta.get("autodream.json") and not getattr(exc, "autodream_shown", False):
        echo_error_json(exc)
        exc.autodream_shown = True  # type: ignore[attr-defined]


@click.group(
    cls=AutodreamGroup,
    context_settings=CONTEXT_SETTINGS,
    invoke_without_command=True,
    epilog=EXIT_CODES_HELP,
)
@click.option("--force", is_flag=True, help="Skip the time and session gates (never the lock).")
@click.option("--dry-run", is_flag=True,
              help="Run the whole dream on a staging copy and print its diff; commit nothing.")
@click.option(
    "--project",
    type=click.Path(),
    envvar="AUTODREAM_PROJECT", show_envvar=True, cls=EnvOption,
    help="The project directory (default: the current directory).",
)
@setting_option("backend", "auto|local|anthropic; auto: anthropic when an API key is present.")
@setting_option("min_hours", "Hours between dreams. Default 24.")
@setting_option("min_sessions", "Sessions touched since the last dream. Default 5.")
@setting_option("scan_interval_minutes", "Throttle of the session scan. Default 10.")
@setting_option("lock_ttl_minutes", "A lock older than this is stale. Default 60.")
@setting_option("model", "Claude model for the anthropic backend.")
@setting_option("base_url", "Anthropic-compatible endpoint (default: ANTHROPIC_BASE_URL).")
@click.option(
    "--allow-loss",
    is_flag=True,
    default=None,
    envvar="AUTODREAM_ALLOW_LOSS", show_envvar=True, cls=EnvOption,
    # (what memory/checks.py counts: entries and the notes written straight into MEMORY.md,
    # as the README says; a declared merge and a request to forget are not loss)
    help="Commit even when more than 25 % of MEMORY.md's prior entries and hand-written notes "
    "would be lost (merges declared in merged_from/supersedes and what you asked to forget "
    "do not count).",
)
@click.option("--json", "as_json", is_flag=True, help="Print the outcome as JSON.")
@click.option("--trigger", type=click.Choice(["manual", "hook", "watch"]), hidden=True)
@click.option("--session", "current_session", hidden=True)
@click.option("--version", is_flag=True, expose_value=False, is_eager=True,
              callback=lambda ctx, param, value: _print_version(ctx, value),
              help="Show the version and exit.")
@click.pass_context
def cli(
    ctx: click.Context,
    force: bool,
    dry_run: bool,
    project: str | None,
    backend: str | None,
    as_json: bool,
    trigger: str | None,
    current_session: str | None,
    min_hours: float | None,
    min_sessions: int | None,
    scan_interval_minutes: float | None,
    lock_ttl_minutes: float | None,
    model: str | None,
    base_url: str | None,
    allow_loss: bool | None,
) -> None:
    """autodream: consolidate a coding agent's memory while the user is away.

    Without a command: evaluate the gates (time, session scan, lock) and, if all are open,
    run one dream.

    \b
    Transcripts read (`autodream status` shows the paths and what it found):
      sessions_dir        Claude Code sessions (default ~/.claude/projects/<project dir>)
      codex_sessions_dir  Codex CLI rollouts, only this project's (unset by default; set it
                          to ~/.codex/sessions)
      daily logs          YYYY-MM-DD.md in the memory dir, logs/YYYY/MM/ and memory/ in the
                          project
    Set them in autodream.toml in the project, or AUTODREAM_SESSIONS_DIR,
    AUTODREAM_CODEX_SESSIONS_DIR.

    \b
    Examples:
      autodream status             whether a dream would run now, and why
      autodream --dry-run --force  a dream now, shown as a diff; nothing committed
      autodream --force            a dream now, whatever the time and session gates say
      autodream log                the dreams so far (`autodream show` shows the newest)
    """
    overrides = {
        "backend": backend,
        "min_hours": min_hours,
        "min_sessions": min_sessions,
        "scan_interval_minutes": scan_interval_minutes,
        "lock_ttl_minutes": lock_ttl_minutes,
        "model": model,
        "base_url": base_url,
        "allow_loss": allow_loss,
    }
    for key in overrides:
        if isinstance(_param_type(ctx, key), SettingValue) and _from_env(ctx, key):
            # The settings read AUTODREAM_<KEY> themselves, checked by the same rules; passed
            # on as a flag it would be said to come from the flag (`status`: "backend = local
            # (option --backend)" when the environment set it).
            overrides[key] = None
    ctx.ensure_object(dict)
    ctx.obj.update(project=project, overrides=overrides)  # for subcommands: status, ...
    if ctx.invoked_subcommand is not None:
        typed = click.core.ParameterSource.COMMANDLINE
        settings_given = {k: v for k, v in overrides.items()
                          if v is not None and ctx.get_parameter_source(k) == typed}
        _forward_group_flags(
            ctx, {"as_json": as_json, "dry_run": dry_run, "force": force,
                  "trigger": trigger, "current_session": current_session}, settings_given)
        return
    # SIGTERM raises from here on, as Ctrl-C does: one that came while the dream's modules were
    # imported or the lock was taken (before run.dream's own handler) killed the process:
    # exit -15, no line, and a '.consolidate-lock.<pid>.tmp' could stay in the memory dir
    with errors.SigtermRaises():
        _dream_command(project, overrides, as_json=as_json, force=force, dry_run=dry_run,
                       trigger=trigger, current_session=current_session)


def _dream_command(project: str | None, overrides: dict[str, Any], *, as_json: bool,
                   force: bool, dry_run: bool, trigger: str | None,
                   current_session: str | None) -> None:
    """``autodream`` without a command: one dream of the project, its outcome said."""
    from autodream import load_dream_path

    try:
        load_dream_path()
        settings = resolve_settings(project, overrides)
    except (KeyboardInterrupt, SystemExit) as exc:
        # (Ctrl-C there said click's "Aborted!", exit 1)
        _interrupted(exc, as_json)
    from autodream import run

    try:
        # The hook already passed the time and scan gates; its child only takes the lock.
        outcome = run.dream(
            settings,
            trigger=trigger or ("force" if force else "manual"),
            force=force or trigger in ("hook", "watch"),
            dry_run=dry_run,
            current_session=current_session,
        )
    except (KeyboardInterrupt, SystemExit) as exc:
        _interrupted(exc, as_json, state_dir=settings.state_dir)
    except errors.AutodreamError as exc:
        if isinstance(exc, run.GateClosedWithReport):
            raise GateClosedError(exc.report.explained(),
                                  {"status": "gate closed", "gates": exc.report.as_dict()}) from exc
        if isinstance(exc, errors.LockHeld):
            # another dream running is an outcome of this call too, with the same wording
            raise DreamRunningError(str(exc).splitlines()[0]) from exc
        raise fail(exc, journal.stopped_run_named(settings.state_dir, exc)) from exc
    except OSError as exc:  # (after AutodreamError: LockHeld is a BlockingIOError)
        # a full disk before the dream's own step could say so (the lock, the scan stamp, the
        # run's record): 'Error: No space left on device', exit 1, named no file
        if (full := errors.no_space(exc)) is None:
            raise
        # (the lock released after the commit: the dream is in memory, and the lock was
        # released again as the failure went by)
        committed = errors.committed_run(exc)
        ways = journal.after_commit_ways(settings.state_dir, committed) if committed else ""
        raise fail(errors.disk_full(full, settings.memory_dir, committed=committed, ways=ways),
                   journal.stopped_run_named(settings.state_dir, exc)) from exc
    details = outcome.details
    for notice in details.get("notices", []):
        click.echo(f"note: {notice}", err=True)
    if as_json:
        # "outcome" at the top, where log --json and undo --json have it
        echo_json({**outcome.as_dict(), "outcome": outcome.details.get("outcome", "ok")})
        return
    echo_dream_outcome(outcome.run_id, outcome.summary, details)


# Group flags a subcommand may take as its own: `autodream --json log` is `autodream log --json`.
_FORWARDED = ("as_json", "dry_run")


# Commands that resolve the project's settings, so a setting flag before them is used
# (watch: every project's it dreams in).
_TAKE_SETTINGS = frozenset({"status", "log", "show", "undo", "watch"})


def _forward_group_flags(
    ctx: click.Context, given: dict[str, Any], settings_given: dict[str, Any]
) -> None:
    """Give the subcommand the group flags it has too; refuse the ones it would ignore.

    A flag before the command name must never be dropped in silence: `autodream --dry-run undo`
    that really undid, `--force` read as undo's own (which overrides a conflict), or
    `--backend anthropic replay` that replayed on the local engine, would do what the user did
    not ask for. A setting (``--backend``, ``--min-hours``, ...) is the project's, and used by
    the commands that resolve it (status, log, show, undo).
    """
    assert isinstance(ctx.command, click.Group) and ctx.invoked_subcommand
    name = ctx.invoked_subcommand
    command = ctx.command.get_command(ctx, name)
    own = {param.name for param in command.params} if command else set()
    defaults: dict[str, Any] = {}
    for key, value in settings_given.items():
        # (what a dream may lose is only a dream's, and what status reports: log, show and
        # undo took --allow-loss and did nothing with it)
        if name in _TAKE_SETTINGS and (key != "allow_loss" or name in ("status", "watch")):
            continue
        if key in own:
            defaults[key] = value  # replay's own --backend
            continue
        flag = next(p.opts[0] for p in ctx.command.params if p.name == key)
        raise click.UsageError(f"{flag} is a setting of the dream and does not apply to "
                               f"'{name}'", ctx=ctx)
    for key, value in given.items():
        if not value:
            continue
        flag = next(p.opts[0] for p in ctx.command.params if p.name == key)
        if key in _FORWARDED and key in own:
            defaults[key] = value
        elif key in own:
            raise click.UsageError(
                f"{flag} before '{name}' is the dream's option, not {name}'s; "
                f"to use {name}'s own, put it after: autodream {name} {flag}", ctx=ctx)
        else:
            raise click.UsageError(
                f"{flag} is an option of the dream itself and does not apply to '{name}'", ctx=ctx)
    if defaults:
        ctx.default_map = {**(ctx.default_map or {}), name: defaults}


_CHANGE_MARKS = {"added": "+", "changed": "~", "deleted": "-"}


def echo_dream_outcome(run_id: str, summary: str, details: dict[str, Any]) -> None:
    """What a person reads after a dream: outcome, files touched, and the diff of a dry run."""
    result = details.get("outcome", "ok")
    backend = details.get("backend")
    model = details.get("model")
    via = f"{backend}, {model}" if backend == "anthropic" and model else backend
    click.echo(f"{result}: {summary}")
    click.echo(f"run {run_id} ({via}); {len(details.get('sessions', []))} session(s) reviewed")
    for skipped in details.get("skipped_sessions", []):
        click.echo(f"  not read: {skipped['path']}: {skipped['reason']}")
    # (loaded already: the dream redacted what it read)
    from autodream.redact import shown_name

    for change in details.get("changes", []):
        click.echo(f"  {_CHANGE_MARKS.get(change['kind'], '?')} {shown_name(change['path'])}")
    if result == "dry-run" and details.get("diff"):
        click.echo(details["diff"].rstrip("\n"))
    elif result == "committed":
        click.echo(f"see the diff: autodream show {run_id}; take it back: autodream undo {run_id}")


@cli.command(epilog=EXIT_CODES_HELP)
@click.option(
    "--project",
    type=click.Path(),
    envvar="AUTODREAM_PROJECT", show_envvar=True, cls=EnvOption,
    help="The project directory (default: the current directory).",
)
@click.option(
    "--memory-dir",
    envvar="AUTODREAM_MEMORY_DIR", show_envvar=True, cls=EnvOption,
    type=click.Path(),
    help="The memory dir (default: the project's, Claude Code layout), as for log, show, undo.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@click.option("--verbose", "-v", is_flag=True,
              help="List each Codex rollout not read as another project's (by default counted).")
@click.pass_context
def status(ctx: click.Context, project: str | None, memory_dir: str | None, as_json: bool,
           verbose: bool) -> None:
    """Every gate with its figure and verdict, the resolved paths, the backend that would run.

    Changes nothing: neither the scan throttle nor the lock is touched.
    """
    from autodream import gates
    from autodream.settings import backend_choice

    # a memory_dir named outright and not there is a problem line of the full report (which
    # setting named it, where the rest would be read from), and then, as for any named path
    # that is missing, an error (exit 3): a script must not read exit 0 as "all is well"
    missing: list[errors.AutodreamError] = []
    # (AUTODREAM_MEMORY_DIR the settings read themselves, and name as the env's)
    from_env = ctx.get_parameter_source("memory_dir") == click.core.ParameterSource.ENVIRONMENT
    overrides = {**(ctx.obj.get("overrides") or {}),
                 "memory_dir": None if from_env else memory_dir}
    settings = resolve_settings(project or ctx.obj.get("project"), overrides, problems=missing)
    from autodream.run import blockers
    from autodream.transcripts.discovery import unrecognised_transcripts

    report = gates.inspect(settings)
    choice = backend_choice(settings)
    # what fails every dream whatever the gates say: "all gates open" would be a false promise
    problems = [{"kind": "blocker", "error": str(e), "exit_code": e.exit_code,
                 "dream_fails": True} for e in [*missing, *blockers(settings)]]
    # what a dream passes by in silence: it runs, but these transcripts are never read
    codex_error = settings.codex_dir_error()
    unread = [*([codex_error.removeprefix("error: ")] if codex_error else []),
              *(why for _place, why in gates.unreadable_log_dirs(settings))]
    problems += [{"kind": "unread", "error": why, "exit_code": None, "dream_fails": False}
                 for why in unread]
    pending = journal.interrupted_commits(settings.memory_dir, settings.state_dir)
    interrupted = [run_id for run_id, _stuck in pending]
    # a commit no roll-back can finish fails every dream, undo and scrub, each the same way
    problems += [{"kind": "stuck-commit",
                  "error": f"run {run_id} stopped mid-commit and cannot be rolled back: "
                           f"{journal.stuck_way_out(stuck)}",
                  "exit_code": errors.DreamFailed.exit_code, "dream_fails": True}
                 for run_id, stuck in pending if stuck]
    # the same error dream after dream: the gates open, the hook starts one each time, and
    # each fails anew (with Claude, at a cost) while "all gates open" says nothing of it
    repeated = journal.repeated_failure(settings.state_dir)
    if repeated is not None:
        reason, run_ids = repeated
        from autodream import redact

        # (a reason quotes file names: "a\nb.md" would end the line and begin one of its own,
        # and "tok ghp_....md" print the person's token)
        problems.append({
            "kind": "repeated-failure",
            "error": f"the last {len(run_ids)} dreams failed the same way: "
                     f"{errors.printable(redact.redact(reason))} "
                     f"(runs {', '.join(reversed(run_ids))}; `autodream show {run_ids[0]}` "
                     "says more)",
            # (the next dream runs all the same: whether it fails too is not known)
            "exit_code": None, "dream_fails": None, "runs": run_ids})
    ignored = unrecognised_transcripts(settings.sessions_dir)
    from autodream.scrub import broken_links, unfinished

    broken = broken_links(settings.memory_dir) if settings.memory_dir.is_dir() else []
    scrub_left = unfinished(settings.state_dir)
    from autodream.rx import cache_problem

    slow_start = cache_problem()
    from autodream.gates import OTHER_SESSIONS_FOLDERS_SHOWN, other_sessions_dirs

    other_sessions = other_sessions_dirs(settings)
    paths = {
        "project_root": str(settings.project_root),
        "memory_dir": str(settings.memory_dir),
        "sessions_dir": str(settings.sessions_dir),
        "codex_sessions_dir": (str(settings.codex_sessions_dir)
                               if settings.codex_sessions_dir is not None else None),
        "state_dir": str(settings.state_dir),
        "lock": str(settings.lock_path),
        "config": str(settings.config_path) if settings.config_path else None,
    }
    verdict = _status_verdict(report, problems, unread, repeated, as_json=as_json)
    if as_json:
        document: dict[str, Any] = {
            "status": "ok",
            # (the text's last line: what a script would otherwise derive from what follows)
            "verdict": verdict,
            "paths": paths,
            "backend": {"name": choice.name, "reason": choice.reason},
            "date_order": {"value": settings.date_order,
                           "source": settings.sources.get("date_order", "default")},
            "thresholds": {k: getattr(settings, k) for k in THRESHOLD_OPTIONS},
            "interrupted_commits": interrupted,
            "problems": problems,
            "broken_scrub_links": [b.as_dict() for b in broken],
            "unfinished_scrub": scrub_left,
            "pattern_cache_problem": slow_start,
            "ignored_transcripts": ignored,
            "transcript_sources": _source_counts(settings, report),
            "other_sessions_dirs": [{"path": path, "started_in": started_in}
                                    for path, started_in in other_sessions],
            **report.as_dict(),
            **({"codex_rollouts_not_read_list": [
                {"path": path, "reason": why} for path, why, _root in report.scan.foreign]}
               if verbose else {}),
        }
        if missing:
            del document["status"]  # the error's own "status": "error" stands
            raise fail(missing[0], document)
        echo_json(document)
        return
    for name, value in paths.items():
        if name == "codex_sessions_dir":
            click.echo(_codex_line(settings, report))
            continue
        click.echo(f"{name + ':':<14}{value or '(none)'}")
        if name == "sessions_dir":
            # (a dotfiles repo at ~ makes every project's folder one of its own: 300 lines)
            for path, started_in in other_sessions[:OTHER_SESSIONS_FOLDERS_SHOWN]:
                click.echo(f"{'':14}not read from here: {errors.printable(path)} (sessions "
                           f"Claude Code started in {errors.printable(started_in)}, for this "
                           "memory dir too; a dream from here does not read them)")
            if (unshown := len(other_sessions) - OTHER_SESSIONS_FOLDERS_SHOWN) > 0:
                click.echo(f"{'':14}not read from here: {unshown} more such folders "
                           "(`autodream status --json` lists them all)")
    click.echo(f"{'backend:':<14}{choice.name} ({choice.reason})")
    click.echo(f"{'date_order:':<14}{settings.date_order} "
               f"({settings.sources.get('date_order', 'default')}"
               + ("; a date like 04/12 is kept as written where your own dates do not tell)"
                  if settings.date_order == "auto" else ")"))
    click.echo("gates (cheapest first):")
    for result in report.results:
        gate_state = "open" if result.open else "closed"
        click.echo(f"  {result.name:<5} {gate_state:<7}{result.figure} ({result.reason})")
        if result.name == gates.SCAN:
            for session in report.sessions:
                where = "" if session.source == "claude-code" else (
                    f"  ({_SOURCE_NAMES[session.source]}: {session.path})")
                click.echo(f"{'':15}{session.id}{where}")
            for path, why in report.scan.skipped:
                click.echo(f"{'':15}not read: {path}: {why}")
            if verbose:
                for path, why, _root in report.scan.foreign:
                    click.echo(f"{'':15}not read: {path}: {why}")
            elif report.scan.foreign:
                click.echo(f"{'':15}{gates.foreign_phrase(report.scan.foreign_counts())}")
            for path in report.held_back:
                why = ("an undo took back what a dream learned there" if path in report.undone
                       else "memories the last dream could not write" if path in report.refused
                       else "memories the last dream held back")
                click.echo(f"{'':15}read again: {path} ({why})")
            for path, why in report.stuck.items():
                from autodream.tools import refusal_fix

                click.echo(f"{'':15}waiting: {path} (its memories keep being refused: {why}; "
                           f"read again by the next dream other sessions start; "
                           f"{refusal_fix(why)})")
            if report.notes_waiting:
                click.echo(f"{'':15}to move: {report.notes_waiting} note(s) written in "
                           "MEMORY.md the last dream left for the next (max_files_touched)")
            if ignored:
                click.echo(f"{'':15}ignored: {_listed(ignored, 4)} (not <session-uuid>.jsonl, "
                           "so not a Claude Code session)")
    throttle = (
        "never scanned"
        if report.throttle_age is None
        else f"last scan {report.throttle_age / 60:.1f} min ago"
    )
    click.echo(f"scan throttle: {throttle} (one scan every {settings.scan_interval_minutes:g} min)")
    if report.lock and report.lock.body and report.lock.body.pid:
        body = report.lock.body
        click.echo(
            f"lock holder:  pid {body.pid}, host {body.host or 'unknown'}, "
            + (f"run {body.run_id}, " if body.run_id else "")
            + f"{(report.lock.age or 0) / 60:.1f} min old, {report.lock.state}"
        )
    for run_id, stuck in pending:
        if not stuck:
            click.echo(f"interrupted:  run {run_id} stopped mid-commit; the next dream rolls it "
                       "back")
    for problem in problems:
        click.echo(f"problem:      {problem['error']}" + (
            "" if problem["kind"] == "repeated-failure"  # says itself what dreams met
            else f" (a dream fails, exit {problem['exit_code']})" if problem["dream_fails"]
            else " (a dream goes on without them)"))
    # (while it holds, the backoff gate's line says until when, the problem line what failed)
    held = report.backoff
    if held is not None and held.lifted:
        click.echo(f"back-off:     lifted ({held.lifted}): the next automatic dream may run")
    for link in broken:
        # a dream passes a link to no file by; the person would not know the scrub left it
        click.echo(f"problem:      {link.file} links to {link.link}, which is not there (an "
                   f"older scrub replaced the value in the link, not in the file's name): "
                   f"{link.fix}")
    if scrub_left:
        click.echo(f"problem:      {scrub_left}")
    if slow_start:
        click.echo(f"problem:      {slow_start}")
    click.echo(f"verdict:      {verdict}")
    if missing:
        raise fail(missing[0])


def _status_verdict(report: GateReport, problems: list[dict[str, Any]], unread: list[str],
                    repeated: tuple[str, list[str]] | None, *, as_json: bool) -> str:
    """Status's last line, its verdict: whether a dream would run now and, if not, why (the
    gates, a problem that fails every dream, a back-off); the same words in ``--json``, but
    for what the problems are: printed above the text's line, the document's 'problems'."""
    from autodream.lock import span

    failing = [p for p in problems if p["dream_fails"]]
    held = report.backoff
    verdict = "all gates open" if report.closed_by is None else f"closed by {report.closed_by}"
    if report.closed_by in ("time", "lock") and report.lock is not None and report.lock.held:
        # "closed by time" read as "too soon", while the reason is a dream under way
        verdict = "a dream is running"
    if failing:
        verdict = ("a dream would fail (see problems)" if as_json
                   else "a dream would fail (the problem above)" if len(failing) == 1
                   else f"a dream would fail ({len(failing)} problems above)")
    elif report.advice:
        verdict += f"; {report.advice}"
    if unread and not failing:
        places = (f"{len(unread)} place(s) of transcripts" if len(unread) > 1
                  else "the place of transcripts")
        verdict += (f"; {places} not read (see problems)" if as_json
                    else f"; {places} above not read")
    if held is not None and held.holds and not failing:
        # (a throttled scan closes the chain first, but its "next scan possible" is no dream)
        verdict = (f"backed off: no automatic dream for {span(held.left_seconds)}, or --force "
                   "to dream now")
    elif repeated is not None and not failing:
        verdict += (f"; but the last {len(repeated[1])} dreams failed "
                    + ("(see problems)" if as_json else "(the problem above)"))
    return verdict


_SOURCE_NAMES = {"claude-code": "Claude Code", "codex": "Codex rollout",
                 "markdown": "daily log"}


def _source_counts(settings: Settings, report: Any) -> dict[str, Any]:
    """For each place transcripts are read from, how many the scan counted (touched since the
    last dream) and, for Codex's rollouts dir, how many it did not read (other projects', ...)."""
    from autodream.gates import CODEX_ROOT

    counts: dict[str, Any] = {"claude-code": 0, "codex": 0, "markdown": 0}
    for session in report.sessions:
        counts[session.source] = counts.get(session.source, 0) + 1
    codex_dir = settings.codex_sessions_dir
    if codex_dir is not None:
        from autodream.pipeline import virtual_session_path

        inside = [s for s in report.sessions if s.source == "codex" and str(
            virtual_session_path(settings, s.path)).startswith(CODEX_ROOT + "/")]
        others = [p for p, _why in report.scan.skipped
                  if str(virtual_session_path(settings, Path(p))).startswith(CODEX_ROOT + "/")]
        foreign = report.scan.foreign_counts(CODEX_ROOT)
        counts["codex_sessions_dir"] = {
            "path": str(codex_dir), "rollouts": len(inside),
            "problem": settings.codex_dir_problem(),
            # (a wrong setting, not a dir yet to come: scripts can tell the two apart)
            "error": settings.codex_dir_error(),
            "not_read": len(others) + sum(foreign.values()),
            # each reason apart: other projects' (counted by why), and this project's own left
            # out for another reason (a symlink leading out, ...)
            "not_read_by_reason": {**foreign, **({"other reason": len(others)} if others else {})}}
    return counts


def _codex_line(settings: Settings, report: Any) -> str:
    """``codex_sessions_dir``, and what the scan found there (status's text)."""
    label = "codex_sessions_dir: "
    if settings.codex_sessions_dir is None:
        return (f"{label}(not set: Codex CLI rollouts are read only from sessions_dir; set "
                "codex_sessions_dir = \"~/.codex/sessions\" to read this project's there too)")
    problem = settings.codex_dir_problem()
    if problem is not None:
        return f"{label}{problem}"
    found = _source_counts(settings, report)["codex_sessions_dir"]
    rollouts, by_reason = found["rollouts"], dict(found["not_read_by_reason"])
    others = by_reason.pop("other reason", 0)
    return (f"{label}{settings.codex_sessions_dir} ({rollouts} rollout"
            f"{'' if rollouts == 1 else 's'} of this project touched since the last dream"
            + "".join(f", {n:,} {_NOT_READ_LABELS[kind]}" for kind, n in by_reason.items())
            + (f", {others:,} not read for another reason (listed below)" if others else "")
            + ")")


_NOT_READ_LABELS = {"other project": "of other projects not read",
                    "no cwd": "not read (no cwd recorded)",
                    "cwd not in head": "not read (no cwd in their head)"}


# ---- journal commands: sandbox issue ---------------------------------------------------------


# What log, show and undo use of the settings: where the memory is, and (undo, which takes the
# consolidation lock) when a lock is stale. A bad value of any other setting must not keep a
# person from seeing or taking back a dream.
_JOURNAL_USED = frozenset({"project_root", "memory_dir"})


def _journal_unused() -> frozenset[str]:
    from autodream.config import FIELDS

    command = click.get_current_context().info_name
    used = _JOURNAL_USED | ({"lock_ttl_minutes"} if command in ("undo", "scrub") else set())
    if command == "scrub":  # it lists the transcripts that still hold the value
        used |= {"sessions_dir", "codex_sessions_dir"}
    return frozenset(FIELDS) - used


def _journal_settings(
    project: str | None, memory_dir: str | None, unused: frozenset[str] | None = None
) -> Settings:
    """The project's settings, ``--memory-dir`` winning over discovery."""
    ctx = click.get_current_context()
    parent = ctx.find_root().obj or {}
    from_env = ctx.get_parameter_source("memory_dir") == click.core.ParameterSource.ENVIRONMENT
    # (AUTODREAM_MEMORY_DIR the settings read themselves, and name as the env's in an error)
    overrides = {**(parent.get("overrides") or {}),
                 "memory_dir": None if from_env else memory_dir}
    settings: Settings = resolve_settings(project or parent.get("project"), overrides,
                                          unused=unused if unused is not None
                                          else _journal_unused())
    # (what a dream would use, for _no_dreams_yet: the unused settings are left at defaults)
    ctx.meta["autodream.journal_resolve"] = (project or parent.get("project"), overrides)
    # log, show, undo and scrub read or write the runs: none of them through a link
    if (linked := settings.state_dir_error()) is not None:
        raise fail(linked)
    return settings


def _with_sessions_dirs(settings: Settings) -> Settings:
    """``settings`` with the sessions dirs the project's dream reads, which an undo needs to
    find a moved or copied project's transcripts (``Settings.read_dirs``): a copy set to read
    the original's sessions keeps their read positions there. Left at their defaults where the
    configured ones fail (a folder gone): the undo itself does not read them."""
    from dataclasses import replace

    from autodream.settings import Settings

    project, overrides = click.get_current_context().meta["autodream.journal_resolve"]
    try:
        dream = Settings.resolve(project, overrides=overrides,
                                 unused=_journal_unused() - {"sessions_dir", "codex_sessions_dir"},
                                 warnings=[])
    except errors.AutodreamError:
        return settings
    return replace(settings, sessions_dir=dream.sessions_dir,
                   codex_sessions_dir=dream.codex_sessions_dir)


def _journal_options(func: Any) -> Any:
    func = click.option(
        "--memory-dir",
        envvar="AUTODREAM_MEMORY_DIR", show_envvar=True, cls=EnvOption,
        type=click.Path(),
        help="The memory dir (default: the project's, Claude Code layout).",
    )(func)
    func = click.option(
        "--project",
        envvar="AUTODREAM_PROJECT", show_envvar=True, cls=EnvOption,
        type=click.Path(),
        help="The project whose memory to use (default: the current directory).",
    )(func)
    return func


def _no_dreams_yet(settings: Settings) -> str:
    """``journal.no_dreams_yet``, promising "`autodream --force` dreams now" only when
    ``status`` would list no problem: else the first thing that fails every dream (a symlinked
    MEMORY.md, backend = "anthropic" with no API key, a bad setting) in its place. Checked on
    the settings a dream would use: the journal's own leave backend, base_url and the rest,
    which log, show and undo do not use, at their defaults."""
    from autodream.run import blockers
    from autodream.settings import Settings

    project, overrides = click.get_current_context().meta.get(
        "autodream.journal_resolve", (None, {}))
    try:
        dreaming = Settings.resolve(project, overrides=overrides)
        found: list[Exception] = list(blockers(dreaming))
    except errors.AutodreamError as exc:  # a setting every dream refuses
        found = [exc]
    blocked = str(found[0]).splitlines()[0] if found else None
    return journal.no_dreams_yet(settings.memory_dir, settings.state_dir, blocked=blocked)


def _spent(usage: dict[str, Any] | None) -> str:
    """What a run's billed requests cost, as ``log`` says it ("spent 3 requests, $0.0123")."""
    requests = (usage or {}).get("requests")
    if not isinstance(requests, int) or requests <= 0:
        return ""
    cost = (usage or {}).get("cost_usd")
    return (f"spent {requests} request{'s' if requests != 1 else ''}"
            + (f", ${cost:.4f}" if isinstance(cost, (int, float)) and cost else ""))


def _undo_chain(state_dir: Path, run_id: str) -> tuple[str, int]:
    """The dream at the bottom of ``run_id``'s chain of undos (an undo of an undo of ... a
    dream) and how many undos lie above it, ``run_id`` included; a record that cannot be
    read ends the walk there."""
    undos = 0
    while True:
        try:
            record = journal.load_run(state_dir, run_id)
        except (errors.BadInput, errors.NotFound, errors.UnsafeRecord):
            return run_id, undos
        if record.trigger != "undo" or not record.undoes:
            return record.id, undos
        run_id, undos = record.undoes, undos + 1


def _change_counts(record: journal.RunRecord, *, said_whole: bool = False) -> str:
    """'+added ~changed -deleted' as recorded for undo; a scrub rewrites files in place and
    records none (undo could only put the value back), where '+0 ~0 -0' beside '1
    occurrence(s) in 1 file(s)' read as a scrub that changed nothing."""
    if record.trigger == "scrub":
        return ("rewritten in place, not recorded for undo (the outcome says how many)"
                if said_whole else "in place")
    return " ".join(
        f"{sign}{len(record.paths(kind))}"
        for sign, kind in (("+", "added"), ("~", "changed"), ("-", "deleted"))
    )


@cli.command("log", epilog=EXIT_CODES_HELP)
@click.option("-n", "count", type=click.IntRange(min=1), default=20, show_default=True,
              envvar="AUTODREAM_LOG_N", show_envvar=True, cls=EnvOption,
              help="How many runs to show, newest first.")
@click.option("--json", "as_json", is_flag=True, help="Print the run records as JSON.")
@_journal_options
def log_command(count: int, as_json: bool, project: str | None, memory_dir: str | None) -> None:
    """List recent dreams: id, outcome, trigger, files added/changed/deleted, reason."""
    settings = _journal_settings(project, memory_dir)
    unreadable: list[str] = []
    records = [journal.as_shown(r, settings.state_dir) for r in
               journal.list_runs(settings.state_dir, count, unreadable=unreadable)]
    # (every record: the undo that took a listed dream back may be older than the newest n)
    undone = (journal.undone_by(journal.list_runs(settings.state_dir), settings.state_dir,
                                settings.memory_dir) if records else {})
    if unreadable:
        # else a damaged record reads as a dream that never happened ("no dreams yet")
        click.echo(f"note: {len(unreadable)} run record(s) could not be read: "
                   f"{', '.join(unreadable)} (`autodream show {unreadable[0]}` says why)",
                   err=True)
    if as_json:
        echo_json([{**r.to_dict(), "run_id": r.id, "undone_by": undone.get(r.id)}
                   for r in records])
        return
    if not records:
        if not unreadable:
            click.echo(_no_dreams_yet(settings))
        return
    for r in records:
        note = " ".join((r.reason or r.summary).split())
        note = note if len(note) <= 100 else note[:99] + "…"
        if r.id in undone:
            note = f"[undone by {undone[r.id]}] {note}".rstrip()
        if r.outcome == "failed" and (spent := _spent(r.usage)):
            # a failed dream commits nothing, but its billed replies were paid for all the same
            note = f"[{spent}] {note}".rstrip()
        click.echo(
            f"{r.id}  {r.outcome:<9}  {r.trigger:<6}  {_change_counts(r)}"
            + (f"  {note}" if note else "")
        )


@cli.command("show", epilog=EXIT_CODES_HELP)
@click.argument("run_id", required=False)
@click.option("--json", "as_json", is_flag=True, help="Print the record and the diff as JSON.")
@click.option("--all-decisions", is_flag=True, help="List every decision, dropped ones included.")
@_journal_options
def show_command(
    run_id: str | None,
    as_json: bool,
    all_decisions: bool,
    project: str | None,
    memory_dir: str | None,
) -> None:
    """Show one run (RUN_ID, a unique prefix of it, or the newest run): what it changed, why,
    and the diff.

    \b
    Examples:
      autodream show                          the newest run
      autodream show 20260710T10 --all-decisions
                                              the run whose id starts so, every decision
    """
    from autodream.tools import by_cause, refusal_fix
    from autodream.transcripts.offsets import OffsetStore

    settings = _journal_settings(project, memory_dir)
    state = settings.state_dir
    try:
        if run_id is None:
            # the newest run even when its record is damaged: showing an older one instead
            # would pass for the newest
            run_id = journal.newest_run_id(state)
            if run_id is None:
                raise errors.NotFound(_no_dreams_yet(settings))
        record = journal.as_shown(journal.load_run(state, run_id), state)
        diff = journal.run_diff(state, record.id)
    except errors.AutodreamError as exc:
        raise fail(exc) from exc
    # (the record says what the run did, not whether memory still holds it)
    undone_by = journal.undoer_in_place(state, settings.memory_dir, record)
    if as_json:
        echo_json({"status": "ok", "run": record.to_dict(), "undone_by": undone_by,
                   "diff": diff})
        return
    click.echo(f"run      {record.id}")
    click.echo(f"outcome  {record.outcome}" + (f": {record.reason}" if record.reason else ""))
    click.echo(f"trigger  {record.trigger}" + (f" ({record.backend})" if record.backend else ""))
    click.echo(f"started  {record.started_at}  ended {record.ended_at or '-'}")
    click.echo(f"files    {_change_counts(record, said_whole=True)}")
    if record.sessions:
        # a run that failed read nothing it kept: its read positions were never saved
        done = {"failed": "to read; it failed before committing anything, so the next dream "
                          "reads them again",
                "interrupted": "to read; interrupted, so the next dream reads them again",
                "running": "being read"}.get(record.outcome, "reviewed")
        click.echo(f"sessions {len(record.sessions)} {done}: {_listed(record.sessions)}")
    for skipped in record.skipped_sessions:
        click.echo(f"not read {skipped.get('path', '?')}: {skipped.get('reason', '')}")
    if record.undoes:
        click.echo(f"undoes   {record.undoes}")
    if undone_by is not None:
        click.echo(f"undone   by run {undone_by}: " + (
            f"what it took back from run {record.undoes} is in memory again"
            if record.trigger == "undo" and record.undoes
            else "memory no longer holds what it changed"))
    # what the dream left in the offsets store, asked as the gates ask the live store (an
    # undo's record holds the positions it put back, not anything left)
    waiting = OffsetStore.of({
        path: moved["after"] for path, moved in record.offsets.items()
        if record.trigger != "undo" and isinstance(moved.get("after"), dict)})
    again, marked_refused = waiting.stuck(), waiting.refused()
    refused = {path: why for path, why in waiting.refused_why().items() if path not in again}
    held = [path for path in waiting.pending() if path not in marked_refused]
    # read again and refused again: a dream of their own would only meet the same refusal
    for why, paths in by_cause(again):
        click.echo(f"refused  the new memories of {len(paths)} session(s) were refused again "
                   f"({why}): they stay pending, read again by the next dream other sessions "
                   f"start, but no longer start one alone; "
                   f"{refusal_fix(why, many=True)} ({_listed(paths)})")
    for why, paths in by_cause(refused):
        # the refused decisions name the memories; this says why, that they are not lost, and
        # where they are kept until then (the run's note sends the person here for the why)
        click.echo(f"refused  the new memories of {len(paths)} session(s) could not be "
                   f"written ({why}): the next dream reads them again ({_listed(paths)})")
    if held:
        # the memories themselves are dropped decisions, listed only with --all-decisions
        click.echo(f"held     the new memories of {len(held)} session(s), past "
                   "max_files_touched: the next dream reads them again (--all-decisions "
                   "names each)")
    notes = max((waiting.notes_waiting(path) for path in record.offsets), default=0)
    if notes:
        # the notes are "kept" decisions, listed only with --all-decisions
        click.echo(f"held     {notes} note(s) written in MEMORY.md, past max_files_touched: "
                   "they wait for the next dream to move them (--all-decisions names each)")
    # what the dream found wrong and did not write (a secret the person put in memory): the
    # notice said it once, and it stays until they fix it
    from autodream.redact import shown_name
    from autodream.scrub import scrub_hint

    for found in (record.checks or {}).get("as_found", []):
        click.echo(f"found    {shown_name(str(found.get('path', '?')))}: "
                   f"{found.get('message', '')} "
                   "(left as found: fix it by hand)"
                   + scrub_hint(str(found.get("check")), str(found.get("message"))))
    if record.tool_calls:
        verdicts: dict[str, int] = {}
        for call in record.tool_calls:
            verdict = str(call.get("verdict", "?"))
            verdicts[verdict] = verdicts.get(verdict, 0) + 1
        shown = ", ".join(f"{n} {v}" for v, n in sorted(verdicts.items()))
        click.echo(f"tools    {len(record.tool_calls)} calls ({shown})")
    if record.usage and any(record.usage.get(k) for k in ("input_tokens", "output_tokens")):
        tokens = record.usage.get("input_tokens", 0), record.usage.get("output_tokens", 0)
        cost = record.usage.get("cost_usd")
        click.echo(f"usage    {tokens[0]} in / {tokens[1]} out tokens"
                   + (f", ${cost:.4f}" if isinstance(cost, (int, float)) and cost else "")
                   + (" (spent, though the dream failed)" if record.outcome == "failed" else ""))
    if record.summary:
        click.echo(f"summary  {record.summary}")
    reasons = [d for d in record.decisions if all_decisions or d.get("action") not in _QUIET]
    if reasons:
        click.echo("why:")
        left = {id(d): after for d, after in zip(record.decisions,
                                                  journal.decisions_as_left(record), strict=True)}
        for decision in reasons:
            where = decision.get("file") or ""
            now_at = left[id(decision)].get("file")
            said = where  # a later step of the dream may have renamed or merged the file
            if where and now_at != where:
                said += f", now {now_at}" if now_at else ", not kept"
            subject = str(decision.get("subject", ""))
            label = said if where and where == subject else subject + (
                f" ({said})" if where else "")
            click.echo(f"  {decision.get('action', '?'):<10} {label}")
            click.echo(f"  {'':<10} {decision.get('reason', '')}")
    hidden = [] if all_decisions else [d.get("action") for d in record.decisions
                                       if d.get("action") in _QUIET]
    if hidden:
        # also when every decision is a quiet one: the run's "why" is then only behind the flag;
        # by kind, as the summary counts them ('3 dropped' there named none here)
        if not reasons:
            click.echo("why:")
        kinds = ", ".join(f"{n} {kind}" for kind in _QUIET_ORDER if (n := hidden.count(kind)))
        click.echo(f"  ({len(hidden)} decision(s) that change nothing not shown: {kinds}; "
                   "--all-decisions lists them)")
    if diff:
        click.echo("")
        click.echo(diff, nl=False)


def _listed(paths: list[str], limit: int = 8) -> str:
    """The first ``limit`` paths, then how many more (all of them are in ``--json``)."""
    shown = ", ".join(paths[:limit])
    return shown + (f" (+{len(paths) - limit} more; --json lists all)" if len(paths) > limit
                    else "")


# decisions that change nothing in memory; listed with --all-decisions
_QUIET_ORDER = ("dropped", "skipped", "kept")
_QUIET = frozenset(_QUIET_ORDER)


@cli.command("undo", epilog=EXIT_CODES_HELP)
@click.argument("run_id", required=False)
@click.option("--force", is_flag=True, envvar="AUTODREAM_UNDO_FORCE", show_envvar=True,
              cls=EnvOption, help="Restore even over files changed since that run.")
@click.option("--json", "as_json", is_flag=True, help="Print the undo's own run record as JSON.")
@_journal_options
def undo_command(
    run_id: str | None, force: bool, as_json: bool, project: str | None, memory_dir: str | None
) -> None:
    """Restore the files a run changed (default: the newest dream still in place).

    \b
    Examples:
      autodream undo                          the newest dream still in place
      autodream undo 20260710T100000Z-ab12 --force
                                              that run, even over files edited since
    """
    settings = _with_sessions_dirs(_journal_settings(project, memory_dir))
    try:
        record = journal.undo_project(settings, run_id, force=force)
    except errors.NotFound as exc:
        if run_id is None and journal.newest_run_id(settings.state_dir) is None:
            # no run at all: said as log and show say it, with what keeps a dream from running
            raise fail(errors.NotFound(_no_dreams_yet(settings))) from exc
        raise fail(exc) from exc
    except errors.AutodreamError as exc:
        raise fail(exc) from exc
    if as_json:
        # "status" as in every other document a script may get from a command (a dream's, an
        # error's); what the undo did is its "outcome"
        # "run_id" as the dream's and watch's documents name it, beside the record's "id"
        echo_json({"status": "ok", **record.to_dict(), "run_id": record.id,
                   "taken_from_diary": [{"run": undid, "undone_by": undo_id}
                                        for undid, undo_id in record.diary_told]})
        return
    if record.outcome == "no-change":
        click.echo(f"nothing to restore: {record.reason}")
        return
    made = [journal.load_run(settings.state_dir, i) for i in record.together] + [record]
    for undo_run in made[:-1]:
        # a later dream changed the same files: undone first, said as a dream's, not as edits
        click.echo(f"undid the later run {undo_run.undoes} first: {_change_counts(undo_run)} "
                   f"(recorded as run {undo_run.id})")
    again = ""
    read = {path for r in made for path in r.offsets}
    if read:
        dreamt, undos = _undo_chain(settings.state_dir, record.undoes or "")
        # undoing an undo moves the read positions forward again, to where the dream stopped;
        # undoing that rewinds them again (was: 'reads on from where run <the first undo>
        # stopped', of a run that read nothing)
        again = ("; the next dream reads again what it read in " if not undos else
                 f"; the next dream reads on from where run {dreamt} stopped in " if undos % 2
                 else f"; the next dream reads again what run {dreamt} read in ")
        again += f"{len(read)} transcript(s)"
    click.echo(f"undid run {record.undoes}: {_change_counts(record)} (recorded as run "
               f"{record.id}){again}")
    if record.diary_told:
        # no record said it, and a diary line can be typed: the person can check what decided
        (undid, undo_id), *more = record.diary_told
        said = "".join([f"run {undid} was undone by run {undo_id}",
                        *(f", run {undid} by run {undo_id}" for undid, undo_id in more)])
        click.echo(f"note: DREAMS.md says {said}, whose "
                   + ("folders were" if more else "folder was") + " removed; taken as said")
    for undo_run in made:
        if undo_run.not_read_again:
            # a dream of an older autodream kept no read positions to rewind: without this
            # line the person would wait for the next dream to learn it all again
            click.echo(f"note: run {undo_run.undoes} was recorded by an older autodream, which "
                       f"kept no read positions: the next dream does not read its "
                       f"{len(undo_run.not_read_again)} session(s) again, so what it learned "
                       f"there stays undone; say what should be remembered again in a session")
    # every undo keeps what it restored over: undoing the first one made brings all back
    back = (f"`autodream undo {record.together[0]} --force`" if record.together
            else f"`autodream undo {record.id}`")
    for undo_run in made:
        if undo_run.overwrote:
            click.echo(f"overwrote your edits since run {undo_run.undoes} to "
                       f"{_listed(undo_run.overwrote, 5)}; {back} brings them back")
    if record.unlinked:
        click.echo(f"MEMORY.md as restored no longer links {_listed(record.unlinked, 5)}, still "
                   f"on disk; {back} brings the links back")
    if record.together:
        click.echo(f"{back} puts runs {', '.join(r.undoes or '' for r in made)} back")


def _say_recorded_urls(found: RecordedUrls, dry_run: bool) -> None:
    if found.masked:
        click.echo(f"{'would hide' if dry_run else 'hid'} a URL's password, query or fragment "
                   f"token in {len(found.masked)} journal file(s) an older autodream wrote: "
                   f"{', '.join(found.masked)}")
    else:
        click.echo("no run record or DREAMS.md keeps a URL's secret: nothing to hide")
    if found.unreadable:
        click.echo(f"warning: skipped {len(found.unreadable)} journal file(s) that cannot be "
                   f"read (not JSON or not UTF-8), left as they are: "
                   f"{', '.join(found.unreadable)}")


@cli.command("scrub", epilog=EXIT_CODES_HELP)
@click.option("--dry-run", is_flag=True, help="List what would change; change nothing.")
@click.option("--json", "as_json", is_flag=True, help="Print what was scrubbed as JSON.")
@click.option("--force", is_flag=True,
              help="Scrub a value made only of letters (refused as an ordinary word otherwise).")
@click.option("--urls", is_flag=True,
              help="Read no value: hide the password, query values and fragment tokens of "
                   "the URLs that run records and DREAMS.md written by an older autodream "
                   "kept.")
@_journal_options
def scrub_command(dry_run: bool, as_json: bool, force: bool, urls: bool, project: str | None,
                  memory_dir: str | None) -> None:
    """Replace a leaked credential everywhere autodream keeps it: memory files, undo copies,
    run records, diffs. The value is read from stdin (printf %s "$TOKEN" | autodream scrub),
    or asked for without echo at a terminal, so it stays out of shell history. Undo keeps
    working; transcripts that still hold it are listed, not changed."""
    from autodream import scrub

    settings = _journal_settings(project, memory_dir)
    if urls:
        try:
            found = scrub.scrub_recorded_urls(settings, dry_run=dry_run)
        except errors.AutodreamError as exc:
            raise fail(exc) from exc
        if as_json:
            echo_json({"status": "ok", "dry_run": dry_run, "urls_masked": found.masked,
                       "unreadable": found.unreadable})
            return
        _say_recorded_urls(found, dry_run)
        return
    if sys.stdin is None:  # started with stdin closed: no value (refused as empty)
        value = ""
    elif sys.stdin.isatty():
        value = click.prompt("Value to scrub (not shown)", hide_input=True, default="",
                             show_default=False, err=True)
    else:
        value = sys.stdin.read()
    try:
        report = scrub.scrub_project(settings, value, dry_run=dry_run, force=force)
    except errors.AutodreamError as exc:
        # (the files a failed scrub left scrubbed: a script must know which hold what)
        left = {"not_restored": exc.not_restored} if isinstance(exc, errors.ScrubFailed) else None
        raise fail(exc, left) from exc
    # (skipped files: the value may still be on disk, so the scrub fails once all is said)
    unfinished = scrub.incomplete(report)
    document = {"status": report.status, **report.as_dict()}
    if as_json:
        if unfinished is not None:
            raise fail(errors.ScrubIncomplete(unfinished), document)
        echo_json(document)
        return
    would = "would replace" if dry_run else "replaced"
    if report.files or report.renamed:
        if report.files:
            click.echo(f"{would} {report.occurrences} occurrence(s) in {len(report.files)} "
                       f"file(s) with {scrub.PLACEHOLDER}:")
        for item in report.files:
            click.echo(f"  {item.path} ({item.count})")
        if report.renamed:
            # only the new names: the old ones hold the value
            click.echo(f"{'would rename' if dry_run else 'renamed'} {len(report.renamed)} "
                       "file(s) whose name held it, to:")
            for path in report.renamed:
                click.echo(f"  -> {path}")
        if report.rehashed:
            click.echo(f"{'would update' if dry_run else 'updated'} the hashes undo checks in "
                       f"{len(report.rehashed)} more journal file(s), so undo still works")
        if report.memory_files:
            # a dream leaves a topic file holding a redaction mark as it is, and says so
            click.echo(f"edit the line(s) holding {scrub.PLACEHOLDER} in "
                       f"{', '.join(report.memory_files)}: a dream leaves a file with that mark "
                       "as it is")
    else:
        click.echo("not found in the memory dir or autodream's journal: nothing to scrub")
    if report.partial:
        # only whole copies are replaced: a copy cut short or changed is the person's to find
        click.echo(f"warning: a long part of the value is still in {', '.join(report.partial)}: "
                   "a copy cut short or changed; edit it by hand")
    for path in report.case_only:
        click.echo(f"warning: a copy differing only in case was found in {path}: scrub it with "
                   "that spelling")
    for skipped in report.skipped:
        click.echo(f"warning: skipped {errors.printable(skipped.path)}: {skipped.reason}")
    if report.transcripts:
        click.echo(f"still in {len(report.transcripts)} transcript(s), which autodream does not "
                   "change (they are Claude Code's or Codex's): rotate the credential")
        for path in report.transcripts:
            click.echo(f"  {path}")
    if unfinished is not None:
        raise fail(errors.ScrubIncomplete(unfinished))


# ---- replay: replay issue --------------------------------------------------------------------


@cli.command("replay", epilog=EXIT_CODES_HELP)
@click.argument("scenarios", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--check", is_flag=True, help="Exit 11 if any scenario fails or could not run.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")
@click.option(
    "--backend",
    type=click.Choice(["auto", "local", "anthropic"]),
    envvar="AUTODREAM_REPLAY_BACKEND", show_envvar=True, cls=EnvOption,
    help="Backend for every scenario (overrides scenario.toml; default local).",
)
@click.option(
    "--keep",
    type=click.Path(path_type=Path, file_okay=False),
    envvar="AUTODREAM_REPLAY_KEEP", show_envvar=True, cls=EnvOption,
    help="Leave each worked copy in DIR/<scenario> for inspection.",
)
def replay_command(
    scenarios: tuple[Path, ...], check: bool, as_json: bool, backend: str | None, keep: Path | None
) -> None:
    """Replay recorded sessions of each SCENARIO dir with its clock and score the memory."""
    from autodream.replay import replay

    documents: list[dict[str, Any]] = []
    kept_names: set[str] = set()
    codes: set[int] = set()  # the exit codes of the scenarios that could not run
    found, files = _scenario_dirs(scenarios)
    if not found:
        # every argument a file: "0 scenario(s): 0 passed" and exit 0 passed a replay of
        # nothing for a green check
        raise BadInputError(f"nothing to replay: {', '.join(str(f) for f in files)} "
                            f"{'is a file' if len(files) == 1 else 'are files'}, "
                            "not a scenario dir (one holding scenario.toml)",
                            {"ok": False, "scenarios": []})
    for file in files if not as_json else ():
        click.echo(f"note: {file} is a file, not a scenario dir; skipped", err=True)
    for scenario in found:
        name = scenario.name or str(scenario)
        keep_dir = None
        if keep is not None:
            slot, n = name, 1
            while slot in kept_names:
                n += 1
                slot = f"{name}-{n}"
            kept_names.add(slot)
            keep_dir = keep / slot
        try:
            result = replay(scenario, backend=backend, keep=keep_dir)
        except Exception as exc:  # one scenario that cannot run must not stop the others
            message = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            # (a bug is the scenario's input the engine could not take, as it always said)
            codes.add(exc.exit_code if isinstance(exc, errors.AutodreamError)
                      else errors.BadInput.exit_code)
            if not isinstance(exc, errors.AutodreamError):
                # A bug, not bad input: keep the traceback for whoever reads the CI log.
                message = f"internal error: {type(exc).__name__}: {message}"
                import traceback  # (only here: ~1 ms of every command's start, textwrap's too)

                click.echo("".join(traceback.format_exception(exc)), err=True)
            if not message.startswith(f"scenario {name}"):
                message = f"scenario {name}: {message}"
            documents.append({"name": name, "path": str(scenario), "ok": False, "error": message})
            if not as_json:
                click.echo(f"error: {message}", err=True)
            continue
        document = result.to_dict()
        documents.append(document)
        if not as_json:
            _echo_replay_result(document)
    summary = _replay_summary(documents)
    document = {"ok": summary["ok"], "summary": summary, "scenarios": documents}
    failed = (check and not summary["ok"]) or summary["errors"]
    if as_json and not failed:
        # a failed expectation without --check is a report, not an error (exit 0)
        echo_json({"status": "ok" if summary["ok"] else "failed", **document})
    elif not as_json:
        click.echo(
            f"{summary['scenarios']} scenario(s): {summary['passed']} passed, "
            f"{summary['failed']} failed, {summary['errors']} error(s); "
            f"expectations {summary['met']}/{summary['expectations']} met"
        )
    if check and not summary["ok"]:
        raise ReplayCheckFailedError(
            f"replay check failed: {summary['failed']} scenario(s) failed, "
            f"{summary['errors']} could not run", document
        )
    if summary["errors"] and not check:
        errored = [d["error"] for d in documents if d.get("error")]
        # under --json nothing was printed above: the line names the first itself
        why = (f": {errored[0]}" + (f" (and {len(errored) - 1} more)" if len(errored) > 1 else "")
               if as_json else " (see above)")
        # one kind of failure keeps its own code, as a dream says it (8: no backend, 9: no such
        # scenario dir); more kinds, bad input
        code = codes.pop() if len(codes) == 1 else errors.BadInput.exit_code
        cls = next((c for _, c in _CLI_ERRORS if c.exit_code == code), CliError)
        raise cls(f"{summary['errors']} scenario(s) could not run{why}", document)


def _scenario_dirs(arguments: tuple[Path, ...]) -> tuple[list[Path], list[Path]]:
    """Scenario dirs named on the command line, as a shell glob gives them, and the plain
    files among them.

    A plain file (``tests/scenarios/*`` also matches the generator script) is passed over (the
    caller notes it); a dir without ``scenario.toml`` whose subdirs have one stands for those
    subdirs.
    """
    found: list[Path] = []
    files: list[Path] = []
    for arg in arguments:
        if arg.is_file():
            files.append(arg)
            continue
        if arg.is_dir() and not (arg / "scenario.toml").exists():
            children = sorted(p.parent for p in arg.glob("*/scenario.toml"))
            if children:
                found.extend(children)
                continue
        found.append(arg)
    return found, files


def _replay_summary(documents: list[dict[str, Any]]) -> dict[str, Any]:
    errored = sum(1 for d in documents if d.get("error"))
    passed = sum(1 for d in documents if d.get("ok"))
    return {
        "scenarios": len(documents),
        "passed": passed,
        "failed": len(documents) - passed - errored,
        "errors": errored,
        "met": sum(int(d.get("met", 0)) for d in documents),
        "expectations": sum(int(d.get("met", 0)) + int(d.get("failed", 0)) for d in documents),
        "ok": passed == len(documents),
    }


def _echo_replay_result(doc: dict[str, Any]) -> None:
    verdict = "PASS" if doc["ok"] else "FAIL"
    click.echo(
        f"{doc['name']}: {verdict}  {doc['met']}/{doc['met'] + doc['failed']} met, "
        f"{doc['dreams_run']} dream(s), {doc['sessions_reviewed']} session(s) reviewed, "
        f"{doc['files_outside_memory_changed']} file(s) outside memory changed, "
        f"{doc['seconds']:.2f}s  [{doc['backend']}]"
    )
    width = max((len(c["category"]) for c in doc["categories"]), default=0)
    for cat in doc["categories"]:
        total = cat["met"] + cat["failed"]
        click.echo(f"  {cat['category']:<{width}}  {cat['met']}/{total}")
    for exp in doc["expectations"]:
        if exp["met"]:
            continue
        click.echo(f"  FAIL {exp['id']} [{exp['category']}]: {exp['kind']} {exp['regex']!r}")
        match = exp["match"]
        if exp["kind"] == "absent" and match:
            click.echo(f"       matched {match['file']}:{match['line_no']}: {match['line']}")
        elif exp["kind"] == "present":
            click.echo("       no match in the active memory")
    for error in doc["dream_errors"]:
        click.echo(f"  dream failed: {error}")
    for path in doc["outside_changed"]:
        click.echo(f"  changed outside memory: {path}")
    index = doc["index"]
    if not index["within_limits"]:
        click.echo(
            f"  MEMORY.md over the limits: {index['lines']} lines, {index['bytes']} bytes "
            f"(max {index['max_lines']} lines, {index['max_bytes']} bytes)"
        )
    if doc["kept"]:
        click.echo(f"  kept: {doc['kept']}")


# ---- install / uninstall / watch: plugin issue -----------------------------------------------


def _settings_file(scope: str, project_dir: Path | None) -> Path:
    from autodream import claude_settings
    from autodream.config import project_root_of

    if scope == "project":
        if project_dir is None:  # `autodream --project DIR install --project` means DIR
            ctx = click.get_current_context(silent=True)
            shared = ctx.find_root().obj if ctx is not None else None
            group_project = shared.get("project") if isinstance(shared, dict) else None
            project_dir = _existing_project(group_project or ".")
        return claude_settings.project_settings_path(Path(project_root_of(str(project_dir))))
    return Path(os.path.abspath(claude_settings.user_settings_path()))


def _scope(scope: str, project_path: str | None,
           project_dir: str | None) -> tuple[str, Path | None]:
    """The scope and project dir of ``install``/``uninstall`` from ``--user``, ``--project
    [PATH]`` and ``--project-dir``."""
    if project_path and project_dir is not None:  # (said first, as click's check was)
        raise click.UsageError("--project PATH and --project-dir name the project twice: "
                               "give one")
    checked = None
    if project_dir is not None:  # (--project-dir, or AUTODREAM_PROJECT_DIR)
        from_env = _from_env(click.get_current_context(silent=True), "project_dir")
        setting = ("project_dir (env AUTODREAM_PROJECT_DIR)" if from_env
                   else "project_dir (option --project-dir)")
        if not project_dir:
            # (was the current directory, edited: an unset variable's '' is no project)
            raise fail(errors.ConfigError(f"{setting}: is empty; give the project's directory"))
        checked = _existing_project(project_dir, setting=setting)
    if project_path is None:
        return scope, checked
    if not project_path:
        return "project", checked
    return "project", _existing_project(project_path)


def _existing_project(path: str | Path, *, setting: str = "project") -> Path:
    """``path``, the project install or uninstall edits, if it is a directory; else the error
    every command gives a project that is none (exit 3), naming ``setting``: a typo must not
    grow a .claude/ tree in a directory that was never a project. (It was click's usage
    error, exit 2.)"""
    from autodream.config import project_dir_of

    try:
        return Path(project_dir_of(path, setting=setting))
    except errors.ConfigError as exc:
        raise fail(exc) from exc


def _given(ctx: click.Context, name: str) -> bool:
    """Whether the person set option ``name`` (flag or environment), not its default."""
    source = ctx.get_parameter_source(name)
    return source is not None and source is not click.core.ParameterSource.DEFAULT


def _not_blank(ctx: click.Context, param: click.Parameter, value: str) -> str:
    if not value.strip():
        # written as is, Claude Code would run an empty command after every turn
        raise click.BadParameter("must not be empty", ctx=ctx, param=param)
    return value


def _hook_options(func: Any) -> Any:
    """The options install and uninstall share."""
    from autodream.hook import EVENTS, HOOK_COMMAND

    options = [
        click.option(
            "--user",
            "scope",
            flag_value="user",
            default=True,
            help="Claude Code's user settings: $CLAUDE_CONFIG_DIR/settings.json or "
            "~/.claude/settings.json (default).",
        ),
        click.option(
            "--project",
            "project_path",
            # a value of its own, as every other command's --project takes; alone, as before,
            # a flag meaning --project-dir, the group's --project, else the current directory
            is_flag=False,
            flag_value="",
            default=None,
            metavar="[PATH]",
            help="The project's shared settings: .claude/settings.json at the root (git top "
            "level) of PATH, or of --project-dir, the group's --project, else the current "
            "directory. The hook is written as a command that does nothing where autodream is "
            "not installed, so teammates are not bothered.",
        ),
        click.option(
            "--project-dir",
            # (a typo must not grow a .claude/ tree: _scope checks it as every --project is)
            type=click.Path(),  # (a str: Path('') is '.', an empty one taken for the cwd)
            envvar="AUTODREAM_PROJECT_DIR", show_envvar=True, cls=EnvOption,
            help="The project whose .claude/settings.json --project edits (default: the "
            "group's --project, else the current directory).",
        ),
        click.option(
            "--event",
            "events",
            type=click.Choice(EVENTS),
            multiple=True,
            help="Hook event to (un)install for; repeatable. Default: both Stop (after every "
            "turn) and SessionEnd.",
        ),
        click.option(
            "--command",
            "hook_command",
            default=HOOK_COMMAND,
            # (no "[default: autodream-hook]": what install writes depends on PATH and scope)
            envvar="AUTODREAM_HOOK_COMMAND", show_envvar=True, cls=EnvOption,
            callback=_not_blank,
            help="The command Claude Code runs. Default: autodream-hook when it is on PATH, "
            "else its full path beside this Python (--dry-run shows which); with --project, "
            "a command that runs autodream-hook where it is installed and does nothing where it "
            "is not. Given to uninstall, only entries of exactly this command go.",
        ),
        click.option("--dry-run", is_flag=True, help="Print the diff; write nothing."),
        click.option("--json", "as_json", is_flag=True, help="Print the result as JSON."),
    ]
    for option in reversed(options):
        func = option(func)
    return func


# said of what `install --project` writes, in text and in --json
SHARED_NOTE = (
    "the project's settings are shared with the team: the hook runs autodream-hook where it "
    "is installed (PATH, ~/.local/bin or $AUTODREAM_HOOK_BIN) and exits 0 without a word "
    "where it is not, so teammates without autodream are not bothered"
)


def _report_settings_change(change: Any, as_json: bool, *, shared: bool = False) -> None:
    if as_json:
        doc = {"status": "dry-run" if change.dry_run else "ok", **change.to_dict()}
        if shared:
            doc["note"] = SHARED_NOTE
        echo_json(doc)
        return
    if change.diff:
        click.echo(change.diff, nl=False)
    verb = "installed" if change.action == "install" else "removed"
    instead = (" in place of " + ", ".join(repr(c) for c in change.replaced)
               if change.replaced else "")
    if not change.changed:
        state = "already installed" if change.action == "install" else "not installed"
        click.echo(f"autodream hook {state} in {change.path}; nothing changed")
    elif change.dry_run:
        would = "install" if change.action == "install" else "remove"
        click.echo(
            f"dry run: would {would} the autodream hook for {', '.join(change.events)}"
            + (f" and delete {change.path}, which held nothing else" if change.deleted
               else f" in {change.path}")
            + instead + "; nothing written"
        )
    elif change.deleted:
        click.echo(f"{verb} the autodream hook for {', '.join(change.events)}: deleted "
                   f"{change.path}, which install had created and which held nothing else"
                   + (f", and {change.path.parent}, left empty" if change.deleted_folder
                      else ""))
    else:
        backup = f" (previous file saved as {change.backup})" if change.backup else ""
        click.echo(f"{verb} the autodream hook for {', '.join(change.events)} in "
                   f"{change.path}{instead}{backup}")
    if shared and change.action == "install":
        click.echo(f"note: {SHARED_NOTE}")


@cli.command(context_settings=CONTEXT_SETTINGS, epilog=EXIT_CODES_HELP)
@_hook_options
def install(
    scope: str,
    project_path: str | None,
    project_dir: str | None,
    events: tuple[str, ...],
    hook_command: str,
    dry_run: bool,
    as_json: bool,
) -> None:
    """Add autodream's hook to Claude Code's settings.json (Stop and SessionEnd).

    Every other key and hook is kept; a second install changes nothing. The previous file is
    saved beside it as settings.json.autodream-backup-<timestamp>, and the diff is printed.
    A settings.json that is not valid JSON is left untouched (exit 10).
    """
    from autodream import claude_settings

    scope, project = _scope(scope, project_path, project_dir)
    path = _settings_file(scope, project)
    given = hook_command if _given(click.get_current_context(), "hook_command") else None
    plan = claude_settings.plan_install(scope == "project", given, env=os.environ,
                                        executable=sys.executable)
    if plan.note:
        click.echo(f"note: {plan.note}", err=True)
    try:
        change = claude_settings.install_hook(
            path, events, command=plan.command, only=plan.shared, dry_run=dry_run
        )
    except errors.AutodreamError as exc:
        raise fail(exc) from exc
    _report_settings_change(change, as_json, shared=plan.shared)
    if plan.warning:
        click.echo(f"warning: {plan.warning}", err=True)


@cli.command(context_settings=CONTEXT_SETTINGS, epilog=EXIT_CODES_HELP)
@_hook_options
def uninstall(
    scope: str,
    project_path: str | None,
    project_dir: str | None,
    events: tuple[str, ...],
    hook_command: str,
    dry_run: bool,
    as_json: bool,
) -> None:
    """Remove the autodream hook entries (`autodream-hook` or a full path to it; with
    --command, exactly that command)."""
    from autodream import claude_settings

    scope, project = _scope(scope, project_path, project_dir)
    path = _settings_file(scope, project)
    exact = (claude_settings.for_the_shell(hook_command)
             if _given(click.get_current_context(), "hook_command") else None)
    try:
        change = claude_settings.uninstall_hook(path, events, command=exact, dry_run=dry_run,
                                                tidy_folder=scope == "project")
    except errors.AutodreamError as exc:
        raise fail(exc) from exc
    _report_settings_change(change, as_json)
    if change.others and not as_json:
        click.echo(f"note: the hook is installed as {change.others[0]!r}, not {exact!r}; "
                   "`autodream uninstall` without --command removes it", err=True)



@cli.command(context_settings=CONTEXT_SETTINGS, epilog=EXIT_CODES_HELP)
@click.option(
    "--root",
    # (whether it is a directory is the library's to say, with the exit code of every path)
    type=click.Path(path_type=Path),
    envvar="AUTODREAM_WATCH_ROOT", show_envvar=True, cls=EnvOption,
    help="Claude Code's projects root. Default: $CLAUDE_CONFIG_DIR/projects or "
    "~/.claude/projects.",
)
@click.option(
    "--idle-minutes",
    type=click.FloatRange(min=0),
    default=10.0,
    show_default=True,
    envvar="AUTODREAM_IDLE_MINUTES", show_envvar=True, cls=EnvOption,
    help="How long a project must be quiet (no transcript writes) before its gates run.",
)
@click.option("--once", is_flag=True, help="One pass over every project, then exit (cron).")
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help="Decisions as JSON: one document with --once, else one object per line.",
)
def watch(root: Path | None, idle_minutes: float, once: bool, as_json: bool) -> None:
    """Watch every Claude Code project and dream in the ones that have gone quiet.

    Event-driven (watchdog): a transcript write only updates that project's state in memory;
    a project quiet for --idle-minutes gets its gate chain run, and dreams run one at a time
    under the same lock as the hook. SIGINT/SIGTERM stop it after the dream in flight.
    Logs one line per decision on stderr.
    """
    import logging
    import sys
    import warnings

    from autodream import claude_settings

    # watchdog warns when a directory gets a second watch (a new dir and its parent's rescan
    # racing); harmless, and it would interleave with our one-line-per-decision log.
    warnings.filterwarnings("ignore", message="Callback with id", category=RuntimeWarning)
    from autodream.watch import root_error

    ctx = click.get_current_context()
    group = ctx.find_root()
    shared = group.obj if isinstance(group.obj, dict) else {}
    if shared.get("project") and group.get_parameter_source("project") == (
            click.core.ParameterSource.COMMANDLINE):
        # watched, it would be dropped in silence: watch takes every project under the root
        raise click.UsageError(
            "--project does not apply to 'watch', which watches every project under --root; "
            "to dream in one project, run `autodream --project DIR` (the hook does it after "
            "each turn)", ctx=ctx)
    overrides = {k: v for k, v in (shared.get("overrides") or {}).items() if v is not None}
    given = None if root is None else (
        "env AUTODREAM_WATCH_ROOT" if ctx.get_parameter_source("root")
        == click.core.ParameterSource.ENVIRONMENT else "option --root")
    root = root or claude_settings.claude_config_dir() / "projects"
    if (problem := root_error(root, given=given)) is not None:
        raise fail(problem)
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(asctime)s autodream watch: %(message)s"))
    logger = logging.getLogger("autodream.watch")
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    try:
        _watch(logger, root, idle_minutes, once, as_json, overrides)
    finally:
        logger.removeHandler(handler)


def _interrupted(exc: KeyboardInterrupt | SystemExit, as_json: bool, *,
                 state_dir: Path | None = None, in_pass: StoppedPass | None = None,
                 document: dict[str, Any] | None = None) -> NoReturn:
    """A dream stopped by Ctrl-C or SIGTERM, said in one line (and a JSON document) with the
    shell's exit code for the signal, instead of click's bare "Aborted!" (exit 1); ``exc``
    raised again when it is no interruption. The dream rolled back before this (staging
    discarded, lock restored), unless the signal came after its commit: said which.
    ``state_dir``: the dream's, for the ways to take a committed run back; ``in_pass``: what
    the ``watch --once`` pass it stopped had done, whose earlier projects' dreams stay
    committed (and the project of the dream in flight); ``document``: more for ``--json``."""
    why = errors.interruption(exc)
    if why is None:
        raise exc
    code = exc.code if isinstance(exc, SystemExit) else errors.INTERRUPTED_EXIT_CODE
    committed = errors.committed_run(exc)
    project, memory_dir = "", None
    if in_pass is not None and in_pass.settings is not None:
        # a pass's dream is of a project the person may not be in: named as the pass's lines
        # name it, and its memory dir given to the commands that show or undo the run
        project = f" of {errors.printable(in_pass.shown)}"
        state_dir, memory_dir = in_pass.settings.state_dir, in_pass.settings.memory_dir
    ways = (journal.after_commit_ways(state_dir, committed, memory_dir=memory_dir)
            if committed and state_dir is not None else "")
    if committed:
        line = f"interrupted after the commit: run {committed}{project} is in memory{ways}; {why}"
    elif in_pass is not None:
        line = ("interrupted: the pass stopped, a dream in flight committed nothing (its "
                f"memory unchanged); {why}")
    else:
        line = f"interrupted: nothing was committed (memory unchanged); {why}"
    if as_json:
        echo_json({"status": "interrupted", "error": line, "exit_code": code,
                   "committed_run": committed, **(document or {})})
    click.echo(line, err=True)
    raise click.exceptions.Exit(int(code or 1)) from None


def _watch(logger: Any, root: Path, idle_minutes: float, once: bool, as_json: bool,
           overrides: dict[str, Any]) -> None:
    import contextlib
    import signal
    import socket
    import threading

    from autodream import watch as watching

    if once:
        try:
            decisions = watching.run_once(root, idle_seconds=idle_minutes * 60,
                                          clock=_fixed_clock(), overrides=overrides,
                                          log_decisions=not as_json)
        except errors.AutodreamError as exc:
            raise fail(exc) from exc
        except (KeyboardInterrupt, SystemExit) as exc:
            # the pass runs its dreams in this thread: Ctrl-C was click's bare "Aborted!"
            # (exit 1) and SIGTERM a silent exit 143, the dream in flight rolled back unsaid
            stopped = watching.stopped_pass(exc) or watching.StoppedPass()
            # the decisions made before it, as a pass's document has them: those dreamt keep
            # their dreams (a script finds their runs there)
            _interrupted(exc, as_json, in_pass=stopped, document={
                "root": str(root), "decisions": [d.to_dict() for d in stopped.decisions]})
        document = {"root": str(root), "decisions": [d.to_dict() for d in decisions]}
        # A project that could not even try (bad config, ...) fails the pass as a failed dream
        # does, and so does one backed off after dreams that failed alike: cron and timers see
        # only the exit status.
        failed = [d for d in decisions if d.action in ("failed", "error", "backed-off")]
        if failed:
            codes = {d.exit_code or errors.AutodreamError.exit_code for d in failed}
            first = failed[0]
            # one kind of failure keeps its own code (6: a dream failed, 3: bad config)
            code = codes.pop() if len(codes) == 1 else errors.AutodreamError.exit_code
            error_cls = next((c for _, c in _CLI_ERRORS if c.exit_code == code), CliError)
            named = errors.printable(first.shown or first.project)  # a path read from a file
            raise error_cls(f"{len(failed)} project(s) failed: {named}: {first.detail}", document)
        if as_json:
            echo_json({"status": "ok", **document})
        return

    def emit(decision: watching.Decision) -> None:
        """One decision on stdout, written in the watcher's worker thread."""
        try:
            click.echo(json.dumps(decision.to_dict(), sort_keys=True))
        except BrokenPipeError:
            # "watch --json | head": the reader stopped, which is no error, as for every
            # command (AutodreamGroup.invoke). Raised here, it ended the worker thread alone
            # (a traceback), and the watch went on for good with nothing left to dream. Nobody
            # reads the decisions now: the watch ends as after a Ctrl-C (this decision's dream
            # is done; none queued starts), exit 0, and later lines go to /dev/null.
            _quiet_stdout()
            stop.set()
            watcher.poke()
        except Exception as exc:
            # an OSError on stdout (a full disk, EIO), a line that cannot be encoded: raised
            # here, it too ended the worker thread alone and the watch went on doing nothing.
            # The watch ends as for a reader that stopped, then says why (exit 1).
            writer_errors.append(exc)
            _quiet_stdout()
            stop.set()
            watcher.poke()

    writer_errors: list[Exception] = []
    watcher = watching.Watcher(
        root, idle_seconds=idle_minutes * 60, on_decision=emit if as_json else None,
        overrides=overrides, log_decisions=not as_json,
    )
    stop = threading.Event()
    # what ended the loop in its thread, raised here: SystemExit and KeyboardInterrupt too,
    # which would end the thread alone and leave the command to exit 0
    loop_errors: list[BaseException] = []
    # A signal handler runs in the main thread between any two bytecodes, with any lock held:
    # one that raised there (KeyboardInterrupt) could leave the watcher's lock un-acquired
    # (a RuntimeError traceback, exit 1) or the observer half-started (no "stopped" line). So
    # the loop runs in a thread of its own, the handlers do nothing, and Python's C handler
    # writes each signal's number to a socket the main thread reads, in plain code.
    wake_reader, wake_writer = socket.socketpair()
    wake_writer.setblocking(False)
    loop_ended = b"\0"  # no signal has number 0
    stop_signals = (signal.SIGINT, signal.SIGTERM)

    def loop() -> None:
        try:
            watcher.run(stop)
        except BaseException as exc:  # the root vanished before the observer started, a bug
            loop_errors.append(exc)
        finally:
            with contextlib.suppress(OSError):
                wake_writer.send(loop_ended)

    def ignore(signum: int, frame: object) -> None:
        """The socket says it; a handler must exist for Python's C handler to write there."""

    previous_fd = signal.set_wakeup_fd(wake_writer.fileno())
    previous = {signum: signal.signal(signum, ignore) for signum in stop_signals}
    try:
        thread = threading.Thread(target=loop, name="autodream-watch")
        thread.start()
        while (byte := wake_reader.recv(1)) not in (b"", loop_ended):
            if byte[0] not in stop_signals:  # another handler's signal, not ours to act on
                continue
            if stop.is_set():
                said = b"autodream watch: second signal, exiting now"
                if watcher.dreaming:  # not while the observer starts, nor when idle
                    said += b"; the lock's crash recovery rolls the interrupted dream back"
                os.write(2, said + b"\n")
                os._exit(128 + byte[0])
            stop.set()
            watcher.poke()
        # run() has stopped the watcher: the dream in flight finished or rolled back
        thread.join()
    finally:
        signal.set_wakeup_fd(previous_fd)
        for signum, handler in previous.items():
            signal.signal(signum, handler)
        wake_reader.close()
        wake_writer.close()
    for ended_by in loop_errors:
        if isinstance(ended_by, errors.AutodreamError):
            raise fail(ended_by) from ended_by
        raise ended_by
    for unwritten in writer_errors[:1]:
        why = errors.printable(" ".join(str(unwritten).split())) or type(unwritten).__name__
        raise fail(errors.AutodreamError(
            f"cannot write a decision to stdout ({type(unwritten).__name__}: {why}); the watch "
            "stopped")) from unwritten


def _fixed_clock() -> Any:
    """The clock ``AUTODREAM_NOW`` fixes (as every dream's settings read it), else None."""
    from autodream.config import parse_now
    from autodream.settings import FixedClock

    raw = os.environ.get("AUTODREAM_NOW")
    if not raw:
        return None
    try:
        return FixedClock(parse_now(raw))
    except errors.ConfigError as exc:
        raise fail(exc) from exc


def main() -> None:
    from autodream import own_process

    # the console script and `python -m autodream.cli` (the hook's child): the process is ours,
    # so its first dream may freeze the collector's view of it; a caller of `cli` keeps its own
    own_process()
    cli(prog_name="autodream")


if __name__ == "__main__":
    main()
