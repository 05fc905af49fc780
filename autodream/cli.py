"""The command line: parse, call the library, print (text or ``--json``); nothing else."""

from __future__ import annotations

import json
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


def main() -> None:
    cli(prog_name="autodream")


if __name__ == "__main__":
    main()
