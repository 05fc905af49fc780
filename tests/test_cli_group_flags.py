"""Flags given before the command name: taken by the command that has them, refused otherwise,
never dropped; and ``--json`` errors that are one JSON document on stdout."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from autodream import errors
from autodream.cli import cli
from tests.factories import REPO_ROOT
from tests.memdirs import dream, sample_memory, tree
from tests.test_journal import EDITS


@pytest.fixture
def memory(tmp_path: Path) -> Path:
    return sample_memory(tmp_path / "memory")


def _invoke(memory: Path, *args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), env={"AUTODREAM_MEMORY_DIR": str(memory)})
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize("flag", ["--dry-run", "--force"])
def test_a_dream_flag_before_undo_is_refused_and_nothing_is_restored(
        memory: Path, flag: str) -> None:
    dream(memory, EDITS)
    after = tree(memory)
    code, _, err = _invoke(memory, flag, "undo")
    assert code == 2
    assert flag in err and "undo" in err
    assert tree(memory) == after


def test_force_before_undo_points_to_undos_own_force(memory: Path) -> None:
    dream(memory, EDITS)
    _, _, err = _invoke(memory, "--force", "undo")
    assert "autodream undo --force" in err


@pytest.mark.parametrize("command", [["log"], ["show"], ["undo"]])
def test_json_before_the_command_gives_json(memory: Path, command: list[str]) -> None:
    dream(memory, EDITS)
    code, out, _ = _invoke(memory, "--json", *command)
    assert code == 0, out
    json.loads(out)


def test_json_before_status_gives_json(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["--json", "--project", str(tmp_path), "status"],
                                env={"HOME": str(tmp_path)})
    assert result.exit_code == 0, result.output
    assert "gates" in json.loads(result.stdout)


def test_dry_run_before_install_writes_nothing(tmp_path: Path) -> None:
    settings = tmp_path / "proj" / ".claude" / "settings.json"
    (tmp_path / "proj").mkdir()
    result = CliRunner().invoke(
        cli, ["--dry-run", "install", "--project", "--project-dir", str(tmp_path / "proj")],
        env={"HOME": str(tmp_path)})
    assert result.exit_code == 0, result.output
    assert "dry run" in result.stdout
    assert not settings.exists()


@pytest.mark.parametrize(
    ("args", "code"),
    [
        (["show", "nope", "--json"], errors.NotFound.exit_code),
        (["--json", "show", "nope"], errors.NotFound.exit_code),
        (["undo", "nope", "--json"], errors.NotFound.exit_code),
    ],
)
def test_a_json_command_that_fails_prints_one_json_error(
        memory: Path, args: list[str], code: int) -> None:
    exit_code, out, err = _invoke(memory, *args)
    assert exit_code == code
    document = json.loads(out)
    assert document["exit_code"] == code and "nope" in document["error"]
    assert err.startswith("Error: ")


def test_a_dream_that_cannot_start_with_json_prints_one_json_error(tmp_path: Path) -> None:
    project = tmp_path / "p"
    (project / "sessions").mkdir(parents=True)
    (project / "memory").mkdir()  # (a memory_dir named that is not there is exit 3)
    (project / "autodream.toml").write_text(
        'memory_dir = "memory"\nsessions_dir = "sessions"\n', encoding="utf-8")
    result = CliRunner().invoke(
        cli, ["--project", str(project), "--force", "--backend", "anthropic", "--json"],
        env={"HOME": str(tmp_path), "ANTHROPIC_API_KEY": None, "AUTODREAM_API_KEY": None})
    assert result.exit_code == errors.BackendUnavailable.exit_code
    document = json.loads(result.stdout)
    assert document == {"status": "error", "exit_code": result.exit_code,
                        "error": document["error"]}
    assert "API key" in document["error"]


def test_version() -> None:
    result = CliRunner().invoke(cli, ["--version"])
    assert result.exit_code == 0
    assert result.stdout.startswith("autodream, version ")


def test_a_mistyped_option_never_suggests_a_hidden_one() -> None:
    result = CliRunner().invoke(cli, ["--sess"])
    assert result.exit_code == 2
    assert "--min-sessions" in result.stderr and "'--session'" not in result.stderr


def test_help_names_what_the_url_and_model_options_take() -> None:
    out = CliRunner().invoke(cli, ["--help"]).stdout
    assert "--base-url URL" in out and "--model NAME" in out
    assert "OPTIONAL_STR" not in out


@pytest.mark.parametrize(
    "args",
    [["install", "--project", "--project-dir", "{typo}"],
     ["--project", "{typo}", "install", "--project"],
     ["uninstall", "--project", "--project-dir", "{typo}"]],
)
def test_a_mistyped_project_dir_is_refused_and_nothing_is_created(
        tmp_path: Path, args: list[str]) -> None:
    typo = tmp_path / "no-such-project"
    result = CliRunner().invoke(cli, [a.format(typo=typo) for a in args],
                                env={"HOME": str(tmp_path)})
    assert result.exit_code == 3  # (as every command's missing project: was 2)
    where = "project_dir (option --project-dir)" if "--project-dir" in args else "project"
    assert result.stderr == f"Error: {where}: directory does not exist: {typo.resolve()}\n"
    assert not typo.exists()


@pytest.mark.parametrize("command", [[], ["status"], ["log"], ["show"]])
def test_a_project_that_is_a_file_is_one_line_as_a_missing_one_is(
        tmp_path: Path, command: list[str]) -> None:
    # it was click's three-line usage error (exit 2) where a missing dir got one line (exit 3)
    a_file = tmp_path / "notes.txt"
    a_file.write_text("x\n")
    result = CliRunner().invoke(cli, ["--project", str(a_file), *command],
                                env={"HOME": str(tmp_path)})
    assert result.exit_code == errors.EXIT_CODES["bad configuration"]
    assert result.stderr.splitlines() == [f"Error: project: is not a directory: {a_file}"]


@pytest.mark.parametrize(
    ("args", "refused"),
    [
        (["--min-hours", "3", "install", "--dry-run"], "--min-hours"),
        # a loss allowance is only a dream's: log, show and undo took it and did nothing
        (["--allow-loss", "log"], "--allow-loss"),
        (["--allow-loss", "show"], "--allow-loss"),
        (["--allow-loss", "undo"], "--allow-loss"),
    ],
)
def test_a_setting_before_a_command_that_ignores_it_is_refused(
        tmp_path: Path, args: list[str], refused: str) -> None:
    result = CliRunner().invoke(cli, args, env={"HOME": str(tmp_path)})
    assert result.exit_code == 2
    assert f"{refused} is a setting of the dream and does not apply to" in result.stderr


def test_a_backend_before_replay_is_replays_own(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        cli, ["--backend", "anthropic", "replay", str(REPO_ROOT / "sample_project"), "--json"],
        env={"HOME": str(tmp_path), "ANTHROPIC_API_KEY": None, "AUTODREAM_API_KEY": None})
    (scenario,) = json.loads(result.stdout)["scenarios"]
    assert "API key" in scenario["error"]  # it tried Claude, as asked, not the local engine
    # no key is the backend unavailable, as for a dream (it was exit 10, bad input)
    assert result.exit_code == errors.EXIT_CODES["backend unavailable"] == 8


@pytest.mark.parametrize(
    "args",
    [["--json", "--force", "log"], ["log", "--json", "-n", "0"], ["--json", "--bogus"]],
)
def test_a_usage_error_under_json_is_one_json_document(args: list[str]) -> None:
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2
    document = json.loads(result.stdout)
    assert document["status"] == "error" and document["exit_code"] == 2
    assert "Error:" in result.stderr


@pytest.mark.parametrize("command", [["status", "--json"], ["log", "--json"],
                                     ["show", "--json"], ["undo", "--json"]])
@pytest.mark.parametrize("variable", ["AUTODREAM_MIN_HOURS", "AUTODREAM_BACKEND"])
def test_a_bad_setting_in_the_environment_under_the_commands_json_is_one_json_document(
        memory: Path, command: list[str], variable: str) -> None:
    # The variable is read before the command's own --json: the error is JSON all the same.
    result = CliRunner().invoke(
        cli, command, env={"AUTODREAM_MEMORY_DIR": str(memory), variable: "nonsense"})
    document = json.loads(result.stdout)
    if command[0] != "status":
        # log, show and undo have no use for it: a warning, never an error that keeps a person
        # from a past dream (tests/test_cli_unused_settings.py); stdout stays one document
        assert result.stderr.startswith(f"warning: {variable.removeprefix('AUTODREAM_').lower()}")
        if command[0] == "log":
            assert document == []
            return
        # no dream to show or undo (exit 9, not the setting's 3), and no promise that
        # `autodream --force` dreams now: every dream refuses the setting, as status says
        assert document["exit_code"] == errors.NotFound.exit_code
        assert document["error"].startswith(
            f"no dreams yet in {memory}; a dream would fail now: ")
        assert variable in document["error"]
        return
    assert result.exit_code == errors.ConfigError.exit_code
    assert document["status"] == "error" and variable in document["error"]
    assert result.stderr.strip().splitlines() == [f"Error: {document['error']}"]
