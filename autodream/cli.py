"""The command line: parse, call the library, print (text or ``--json``); nothing else."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import click

from autodream import errors

CONTEXT_SETTINGS = {"help_option_names": ["-h", "--help"], "max_content_width": 100}

EXIT_CODES_HELP = "Exit codes: " + ", ".join(
    f"{code} {name}" for name, code in sorted(errors.EXIT_CODES.items(), key=lambda kv: kv[1])
) + "."


class CliError(click.ClickException):
    """A library error shown as one line; each subclass has its fixed exit code."""

    exit_code = errors.AutodreamError.exit_code


class DreamFailedError(CliError):
    exit_code = errors.DreamFailed.exit_code


class BadConfigError(CliError):
    exit_code = errors.ConfigError.exit_code


class GateClosedError(CliError):
    exit_code = errors.GateClosed.exit_code


class LockHeldError(CliError):
    exit_code = errors.LockHeld.exit_code


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


def fail(exc: errors.AutodreamError) -> CliError:
    """The click exception for a library error: its first line, its exit code."""
    message = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    for lib_cls, cli_cls in _CLI_ERRORS:
        if isinstance(exc, lib_cls):
            return cli_cls(message)
    return CliError(message)


def echo_json(data: Any) -> None:
    click.echo(json.dumps(data, indent=2, sort_keys=True, default=str))


# ---- main group and the dream command: gate-chain issue --------------------------------------


@click.group(
    context_settings=CONTEXT_SETTINGS,
    invoke_without_command=True,
    epilog=EXIT_CODES_HELP,
)
@click.pass_context
def cli(ctx: click.Context) -> None:
    """autodream: consolidate a coding agent's memory while the user is away."""
    if ctx.invoked_subcommand is None:
        click.echo(ctx.get_help())


# ---- journal commands: sandbox issue ---------------------------------------------------------

# ---- replay: replay issue --------------------------------------------------------------------

# ---- install / uninstall / watch: plugin issue -----------------------------------------------


def _settings_file(scope: str, project_dir: Path) -> Path:
    from autodream import claude_settings

    if scope == "project":
        return claude_settings.project_settings_path(project_dir)
    return claude_settings.user_settings_path()


def _hook_options(func: Any) -> Any:
    """The options install and uninstall share."""
    from autodream.claude_settings import EVENTS, HOOK_COMMAND

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
            "scope",
            flag_value="project",
            help="The project's shared settings: <project-dir>/.claude/settings.json.",
        ),
        click.option(
            "--project-dir",
            type=click.Path(file_okay=False, path_type=Path),
            default=".",
            show_default=True,
            envvar="AUTODREAM_PROJECT_DIR",
            help="The project whose .claude/settings.json --project edits.",
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
            show_default=True,
            envvar="AUTODREAM_HOOK_COMMAND",
            help="The command Claude Code runs; our entries are recognised by this exact string.",
        ),
        click.option("--dry-run", is_flag=True, help="Print the diff; write nothing."),
        click.option("--json", "as_json", is_flag=True, help="Print the result as JSON."),
    ]
    for option in reversed(options):
        func = option(func)
    return func


def _report_settings_change(change: Any, as_json: bool) -> None:
    if as_json:
        echo_json(change.to_dict())
        return
    if change.diff:
        click.echo(change.diff, nl=False)
    verb = "installed" if change.action == "install" else "removed"
    if not change.changed:
        state = "already installed" if change.action == "install" else "not installed"
        click.echo(f"autodream hook {state} in {change.path}; nothing changed")
    elif change.dry_run:
        would = "install" if change.action == "install" else "remove"
        click.echo(
            f"dry run: would {would} the autodream hook for {', '.join(change.events)}"
            f" in {change.path}; nothing written"
        )
    else:
        backup = f" (previous file saved as {change.backup})" if change.backup else ""
        click.echo(
            f"{verb} the autodream hook for {', '.join(change.events)} in {change.path}{backup}"
        )


@cli.command(context_settings=CONTEXT_SETTINGS)
@_hook_options
def install(
    scope: str,
    project_dir: Path,
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

    path = _settings_file(scope, project_dir)
    try:
        change = claude_settings.install_hook(
            path, events, command=hook_command, dry_run=dry_run
        )
    except errors.AutodreamError as exc:
        raise fail(exc) from exc
    _report_settings_change(change, as_json)
    if hook_command == claude_settings.HOOK_COMMAND and shutil.which(hook_command) is None:
        click.echo(
            f"warning: {hook_command!r} is not on PATH; Claude Code will not find it until the "
            "package is installed (pipx install autodream) or --command gives its full path",
            err=True,
        )


@cli.command(context_settings=CONTEXT_SETTINGS)
@_hook_options
def uninstall(
    scope: str,
    project_dir: Path,
    events: tuple[str, ...],
    hook_command: str,
    dry_run: bool,
    as_json: bool,
) -> None:
    """Remove exactly the hook entries install added (matched by their command string)."""
    from autodream import claude_settings

    path = _settings_file(scope, project_dir)
    try:
        change = claude_settings.uninstall_hook(
            path, events, command=hook_command, dry_run=dry_run
        )
    except errors.AutodreamError as exc:
        raise fail(exc) from exc
    _report_settings_change(change, as_json)



def main() -> None:
    cli(prog_name="autodream")


if __name__ == "__main__":
    main()
