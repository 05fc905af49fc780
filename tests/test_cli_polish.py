"""Small things a first-time user meets: watch on a fresh machine, --json --version, every
command's -h, a pipe closed early, a TOML value of the wrong kind."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from importlib.metadata import version
from pathlib import Path
from typing import cast

import click
import pytest
from click.testing import CliRunner

from autodream import errors
from autodream.cli import cli
from tests.factories import REPO_ROOT
from tests.memdirs import dream, sample_memory, topic


@pytest.mark.parametrize("once", [[], ["--once"]])
def test_watch_without_a_projects_root_says_how_to_get_one(
    tmp_path: Path, once: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Claude Code's own root, not made yet on a fresh machine (one named with --root that is
    # not there is a wrong setting, exit 3)
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(tmp_path / "home" / ".claude"))
    root = tmp_path / "home" / ".claude" / "projects"
    result = CliRunner().invoke(cli, ["watch", *once])
    assert result.exit_code == errors.NotFound.exit_code
    assert (f"projects root does not exist: {root} (Claude Code makes it at its first session: "
            "run Claude Code once, or give the projects root with --root)") in result.stderr
    assert "stopped" not in result.stderr, "it never started"


@pytest.mark.parametrize("args", [["--json", "--version"], ["--version", "--json"]])
def test_version_as_json(args: list[str]) -> None:
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0
    assert json.loads(result.stdout) == {"status": "ok", "version": version("autodream")}
    plain = CliRunner().invoke(cli, ["--version"])
    assert plain.stdout == f"autodream, version {version('autodream')}\n"


@pytest.mark.parametrize("command", sorted(cli.commands))  # type: ignore[attr-defined]
def test_every_command_help_lists_the_exit_codes(command: str) -> None:
    result = CliRunner().invoke(cli, [command, "-h"])
    assert result.exit_code == 0
    assert "Exit codes: 0 ok" in " ".join(result.stdout.split())


@pytest.mark.parametrize("command", ["", *sorted(cli.commands)])  # type: ignore[attr-defined]
def test_every_help_page_names_the_variables_its_options_read(command: str) -> None:
    group = cast(click.Group, cli)
    shown = group.commands[command] if command else group
    variables = [p.envvar for p in shown.params
                 if isinstance(p, click.Option) and p.envvar and not p.hidden]
    result = CliRunner().invoke(cli, [*([command] if command else []), "-h"])
    assert result.exit_code == 0
    page = " ".join(result.stdout.split())
    # was: `log -h` said nothing of AUTODREAM_LOG_N, AUTODREAM_PROJECT, AUTODREAM_MEMORY_DIR
    assert [v for v in variables if f"env var: {v}" not in page] == []


@pytest.mark.parametrize("command", [["show"], ["show", "--json"]])
def test_a_reader_that_stops_early_is_no_error(tmp_path: Path, command: list[str]) -> None:
    memory = sample_memory(tmp_path / "memory")
    for i in range(3):  # more than a pipe's buffer: the writer meets the closed pipe
        dream(memory, {"big.md": topic("Big", "project", f"line {i}\n" * 40000)})
    env = {**os.environ, "PYTHONPATH": str(REPO_ROOT), "AUTODREAM_MEMORY_DIR": str(memory)}
    proc = subprocess.Popen([sys.executable, "-m", "autodream.cli", *command], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.readline()
    proc.stdout.close()  # as `| head -1` does
    err = proc.stderr.read()
    assert proc.wait(timeout=60) == 0
    assert err == b""


@pytest.mark.parametrize(
    ("line", "said"),
    [
        ("min_sessions = 2.5", "min_sessions (in {toml}): expected an integer, got 2.5"),
        ("min_hours = true", "min_hours (in {toml}): expected a number, got true"),
        ("min_hours = [1]", "min_hours (in {toml}): expected a number, got list"),
        # (was "expected a number, got inf": user audit)
        ("min_hours = 1e400", "min_hours (in {toml}): expected a finite number of hours, "
         "got inf"),
    ],
)
def test_a_toml_value_of_the_wrong_kind_is_shown_as_written(
    tmp_path: Path, line: str, said: str
) -> None:
    toml = tmp_path / "autodream.toml"
    toml.write_text(line + "\n")
    result = CliRunner().invoke(cli, ["--project", str(tmp_path), "status"],
                                env={"HOME": str(tmp_path)})
    assert result.exit_code == errors.ConfigError.exit_code
    assert result.stderr.strip() == "Error: " + said.format(toml=toml)


# each: the command line, the variable and its bad value, the one line said of it
BAD_ENV_VALUES = {
    "log -n": (["log"], "AUTODREAM_LOG_N", "0", "-n (env AUTODREAM_LOG_N): 0 is not in the "
               "range x>=1."),
    "watch --idle-minutes": (["watch", "--once"], "AUTODREAM_IDLE_MINUTES", "abc",
                             "--idle-minutes (env AUTODREAM_IDLE_MINUTES): 'abc' is not a "
                             "valid float range."),
    "replay --backend": (["replay", "x"], "AUTODREAM_REPLAY_BACKEND", "bogus",
                         "--backend (env AUTODREAM_REPLAY_BACKEND): 'bogus' is not one of "
                         "'auto', 'local', 'anthropic'."),
    "--allow-loss": (["status"], "AUTODREAM_ALLOW_LOSS", "maybe",
                     "--allow-loss (env AUTODREAM_ALLOW_LOSS): 'maybe' is not a valid boolean."),
}


@pytest.mark.parametrize("case", sorted(BAD_ENV_VALUES))
@pytest.mark.parametrize("as_json", [[], ["--json"]])
def test_a_bad_value_in_an_options_variable_is_bad_configuration_naming_it(
        tmp_path: Path, case: str, as_json: list[str]) -> None:
    args, variable, value, said = BAD_ENV_VALUES[case]
    env = {k: v for k, v in os.environ.items() if not k.startswith("AUTODREAM_")}
    result = CliRunner().invoke(cli, [*args, *as_json], env={
        **env, variable: value, "AUTODREAM_MEMORY_DIR": str(tmp_path),
        "CLAUDE_CONFIG_DIR": str(tmp_path / "claude")})
    # was: "Usage: ... Error: Invalid value for '-n': 0 is not in the range x>=1." (exit 2), of
    # an option no one typed
    assert result.exit_code == errors.ConfigError.exit_code, result.output
    (line,) = result.stderr.splitlines()
    assert line.startswith(f"Error: {said}")
    if as_json:
        assert json.loads(result.stdout)["exit_code"] == errors.ConfigError.exit_code


@pytest.mark.parametrize(("argv", "line"), [
    (["log", "-n", "0"], "Error: Invalid value for '-n': 0 is not in the range x>=1."),
    (["watch", "--idle-minutes", "abc", "--once"],
     "Error: Invalid value for '--idle-minutes': 'abc' is not a valid float range."),
])
def test_the_same_value_typed_is_still_a_usage_error(argv: list[str], line: str) -> None:
    unset: dict[str, str | None] = {"AUTODREAM_LOG_N": None, "AUTODREAM_IDLE_MINUTES": None}
    result = CliRunner().invoke(cli, argv, env=unset)
    assert result.exit_code == 2
    # was: "Invalid value for '-n' (env var: 'AUTODREAM_LOG_N'): ...", no variable set
    assert result.stderr.splitlines()[-1] == line
    # the -h page still names the variable
    page = CliRunner().invoke(cli, [argv[0], "-h"]).stdout
    assert "env var: AUTODREAM_" in page


def test_install_help_says_what_install_writes_not_a_bare_default() -> None:
    page = " ".join(CliRunner().invoke(cli, ["install", "-h"]).stdout.split())
    # was: "[env var: AUTODREAM_HOOK_COMMAND; default: autodream-hook]", while install wrote
    # /path/to/.venv/bin/autodream-hook (not on PATH) or the shared command (--project)
    assert "default: autodream-hook]" not in page
    assert ("Default: autodream-hook when it is on PATH, else its full path beside this Python "
            "(--dry-run shows which); with --project, a command that runs autodream-hook where "
            "it is installed and does nothing where it is not.") in page.replace("autodream- hook",
                                                                                "autodream-hook")


def test_allow_loss_help_counts_what_the_loss_check_counts() -> None:
    page = " ".join(CliRunner().invoke(cli, ["-h"]).stdout.split())
    # was: "more than 25 % of the index entries", while the check (and the README) count the
    # notes written straight into MEMORY.md too, and not a declared merge
    assert ("Commit even when more than 25 % of MEMORY.md's prior entries and hand-written "
            "notes would be lost (merges declared in merged_from/supersedes and what you asked "
            "to forget do not count).") in page


@pytest.mark.parametrize("command", [[], ["show"], ["undo"]])
def test_the_main_show_and_undo_pages_give_examples_that_parse(command: list[str]) -> None:
    page = CliRunner().invoke(cli, [*command, "-h"]).stdout
    # was: no example on any of these pages
    assert "\n  Examples:\n" in page
    # an example is "autodream ARGS" then, after two spaces or on the next line, what it does
    examples = [re.split(r"\s{2,}", line.strip())[0].split()[1:]
                for line in page.splitlines() if line.startswith("    autodream")]
    assert len(examples) >= 2
    for args in examples:
        assert args[: len(command)] == command
        # its options are the command's own: "-h" after them answers 0, not 2
        probe = CliRunner().invoke(cli, [*args, "-h"])
        assert probe.exit_code == 0, (args, probe.output)


@pytest.mark.parametrize("flag", ["-h", "--version"])
def test_the_main_page_to_a_reader_that_stopped_is_no_error(flag: str) -> None:
    reader, writer = os.pipe()
    os.close(reader)  # `autodream -h | true`: gone before the page is written
    try:
        result = subprocess.run(
            [sys.executable, "-m", "autodream.cli", flag], stdin=subprocess.DEVNULL,
            stdout=writer, stderr=subprocess.PIPE, timeout=60,
            env={**os.environ, "PYTHONPATH": str(REPO_ROOT)})
    finally:
        os.close(writer)
    # was: exit 1 (click's own broken-pipe exit), while `autodream log -h | true` exits 0
    assert (result.returncode, result.stderr) == (0, b"")


@pytest.mark.parametrize("now", ["nan", "inf", "-1e400"])
def test_a_fixed_clock_of_no_finite_time_is_bad_configuration(tmp_path: Path, now: str) -> None:
    # AUTODREAM_NOW=nan was a traceback ("ValueError: Invalid value NaN") from a dream's first
    # date; inf was taken as a time
    result = CliRunner().invoke(cli, ["--force", "--backend", "local", "--project",
                                      str(tmp_path)], env={"AUTODREAM_NOW": now})
    assert result.exit_code == errors.ConfigError.exit_code, result.output
    assert result.stderr.strip() == ("Error: AUTODREAM_NOW: expected finite epoch seconds or an "
                                     f"ISO 8601 date, got {now!r}")


@pytest.mark.parametrize("now", ["1e300", "99999999999999", "253402300800", "-1e20"])
def test_a_fixed_clock_past_any_date_is_bad_configuration(tmp_path: Path, now: str) -> None:
    # was a traceback: "OverflowError: timestamp out of range", "year 10000 is out of range"
    result = CliRunner().invoke(cli, ["--force", "--backend", "local", "--project",
                                      str(tmp_path)], env={"AUTODREAM_NOW": now})
    assert result.exit_code == errors.ConfigError.exit_code, result.output
    assert result.stderr.strip() == ("Error: AUTODREAM_NOW: expected epoch seconds of a date in "
                                     f"the years 1 to 9999 or an ISO 8601 date, got {now!r}")
