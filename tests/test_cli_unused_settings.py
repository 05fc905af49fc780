"""A bad value of a setting a command has no use for (the time gate's ``min_hours`` for
``undo``) is a warning naming it there, never an error that locks the person out of seeing or
taking back a dream; the dream and ``status``, which use it, still refuse it (exit 3)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from autodream import errors
from autodream.cli import cli
from tests.test_cli_dream import clean_env, dream

# each: how the bad value is given (env, or the project's autodream.toml), and what is said
BAD = {
    "env min_hours": ({"AUTODREAM_MIN_HOURS": "abc"}, None,
                      "min_hours (env AUTODREAM_MIN_HOURS): expected a number, got 'abc'"),
    "env min_sessions": ({"AUTODREAM_MIN_SESSIONS": "1.5"}, None,
                         "min_sessions (env AUTODREAM_MIN_SESSIONS): expected an integer"),
    "env max_turns 0": ({"AUTODREAM_MAX_TURNS": "0"}, None, "max_turns (env AUTODREAM_MAX_TURNS)"),
    "toml min_hours": ({}, ("min_hours = 1", 'min_hours = "1 day"'),
                       "min_hours (in "),
    "toml scan interval": ({}, ("scan_interval_minutes = 1", "scan_interval_minutes = -1"),
                           "scan_interval_minutes (in "),
}
COMMANDS = {"log": ["log"], "show": ["show"], "undo": ["undo"]}


def _break(project: Path, case: str) -> dict[str, str]:
    env, edit, _said = BAD[case]
    if edit is not None:
        toml = project / "autodream.toml"
        text = toml.read_text(encoding="utf-8")
        assert edit[0] in text
        toml.write_text(text.replace(edit[0], edit[1]), encoding="utf-8")
    return clean_env(**env)


@pytest.mark.parametrize("command", sorted(COMMANDS))
@pytest.mark.parametrize("case", sorted(BAD))
def test_a_bad_setting_the_command_does_not_use_is_a_warning(
        sample: Path, case: str, command: str) -> None:
    code, out, err = dream(sample)
    assert code == 0, out + err
    env = _break(sample, case)
    result = CliRunner().invoke(cli, [*COMMANDS[command], "--project", str(sample)], env=env)
    # was: exit 3 with "Error: min_hours (env AUTODREAM_MIN_HOURS): expected a number, ..."
    assert result.exit_code == 0, result.output
    (warning,) = result.stderr.splitlines()
    assert warning.startswith("warning: ") and BAD[case][2] in warning
    assert f"not used by `{command}`" in warning


@pytest.mark.parametrize("case", sorted(BAD))
def test_the_dream_and_status_still_refuse_it(sample: Path, case: str) -> None:
    env = _break(sample, case)
    for args in (["--force"], ["status"]):
        result = CliRunner().invoke(cli, [*args, "--project", str(sample)], env=env)
        assert result.exit_code == errors.ConfigError.exit_code, result.output
        assert BAD[case][2] in result.stderr


@pytest.mark.parametrize("case", ["env min_hours", "env min_sessions"])
def test_install_has_no_use_for_a_dream_setting(tmp_path: Path, case: str) -> None:
    env = clean_env(**BAD[case][0], HOME=str(tmp_path), CLAUDE_CONFIG_DIR=str(tmp_path / "c"))
    result = CliRunner().invoke(cli, ["install", "--dry-run"], env=env)
    # was: exit 3, the group's option checking the variable before any command ran
    assert result.exit_code == 0, result.output
    assert "would install the autodream hook" in result.stdout


def test_a_bad_setting_typed_on_the_command_line_is_still_an_error(
        sample: Path) -> None:
    result = CliRunner().invoke(cli, ["--min-hours", "abc", "log", "--project", str(sample)],
                                env=clean_env())
    assert result.exit_code == errors.ConfigError.exit_code
    assert "min_hours (option --min-hours): expected a number, got 'abc'" in result.stderr
