"""A memory dir named outright (autodream.toml, AUTODREAM_MEMORY_DIR, --memory-dir) that is not
there is a typo or the wrong machine: one line naming the setting (exit 3), never a new, empty
memory. Claude Code's own memory dir may not exist yet (it makes it on the first memory): a
dream starts it, and a dry run of it creates nothing anywhere."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from autodream import errors
from autodream.cli import cli
from autodream.config import sanitize
from tests.test_cli_dream import clean_env


def _toml(project: Path) -> dict[str, str]:
    toml = project / "autodream.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace(
        'memory_dir = "memory"', 'memory_dir = "memroy"'), encoding="utf-8")
    return clean_env()


def _env(project: Path) -> dict[str, str]:
    return clean_env(AUTODREAM_MEMORY_DIR=str(project / "memroy"))


HOW = {"autodream.toml": (_toml, "in "), "env": (_env, "env AUTODREAM_MEMORY_DIR")}
# (status shows it on a problem line with the rest of its report, then exits 3: below)
COMMANDS = {"dream": ["--force"], "dry run": ["--dry-run", "--force"],
            "log": ["log"], "show": ["show"], "undo": ["undo"]}


@pytest.mark.parametrize("command", sorted(COMMANDS))
@pytest.mark.parametrize("how", sorted(HOW))
def test_a_configured_memory_dir_that_is_not_there_is_a_one_line_error(
        sample: Path, how: str, command: str) -> None:
    configure, source = HOW[how]
    env = configure(sample)
    result = CliRunner().invoke(cli, [*COMMANDS[command], "--project", str(sample)], env=env)
    # was: "note: ... holds no memory yet; this dream starts one" and exit 0, the typo made
    # into a new memory dir (by a dry run too)
    assert result.exit_code == errors.ConfigError.exit_code, result.output
    (line,) = result.stderr.splitlines()
    assert line.startswith(f"Error: memory_dir ({source}") and "directory does not exist" in line
    assert str(sample / "memroy") in line
    assert not (sample / "memroy").exists()


@pytest.mark.parametrize("how", sorted(HOW))
def test_status_shows_a_configured_memory_dir_not_there_as_a_problem(
        sample: Path, how: str) -> None:
    configure, source = HOW[how]
    env = configure(sample)
    result = CliRunner().invoke(cli, ["status", "--project", str(sample)], env=env)
    # the full report, where the first fix had only the error line; and exit 3 as for any
    # named path that is missing, where the report said exit 0 and a script read "all well"
    assert result.exit_code == errors.ConfigError.exit_code, result.output
    (error,) = result.stderr.splitlines()
    assert error.startswith(f"Error: memory_dir ({source}") and "does not exist" in error
    [problem] = [line for line in result.stdout.splitlines() if line.startswith("problem:")]
    assert f"memory_dir ({source}" in problem and str(sample / "memroy") in problem
    assert problem.endswith("(a dream fails, exit 3)")
    assert f"memory_dir:   {sample / 'memroy'}" in result.stdout
    assert "verdict:      a dream would fail (the problem above)" in result.stdout
    as_json = CliRunner().invoke(cli, ["status", "--json", "--project", str(sample)], env=env)
    assert as_json.exit_code == errors.ConfigError.exit_code, as_json.output
    document = json.loads(as_json.stdout)
    assert (document["status"], document["exit_code"]) == ("error", 3)
    assert document["paths"]["memory_dir"] == str(sample / "memroy")
    [listed] = document["problems"]
    assert listed["exit_code"] == 3 and "directory does not exist" in listed["error"]
    assert not (sample / "memroy").exists()


def test_memory_dir_given_to_log_that_is_not_there_is_the_same_error(
        tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["log", "--memory-dir", str(tmp_path / "nope")],
                                env=clean_env())
    assert result.exit_code == errors.ConfigError.exit_code
    assert result.stderr.startswith("Error: memory_dir (option --memory-dir): directory does "
                                     f"not exist: {tmp_path / 'nope'}")


@pytest.mark.parametrize("dry_run", [True, False])
def test_claude_codes_memory_dir_not_made_yet_is_started_by_a_dream_not_by_a_dry_run(
        sample: Path, tmp_path: Path, dry_run: bool) -> None:
    project = tmp_path / "proj"
    project.mkdir()
    home = tmp_path / "claude"
    sessions = home / "projects" / sanitize(str(project.resolve()))
    shutil.copytree(sample / "sessions", sessions)
    before = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*"))
    result = CliRunner().invoke(
        cli, [*(["--dry-run"] if dry_run else []), "--force", "--backend", "local",
              "--project", str(project)], env=clean_env(CLAUDE_CONFIG_DIR=str(home)))
    assert result.exit_code == 0, result.output
    memory = sessions / "memory"
    # a dry run starts nothing (was: "this dream starts one" of a dry run too)
    started = "a dream would start one" if dry_run else "this dream starts one"
    assert result.stderr.splitlines()[0] == (
        f"note: {memory} holds no memory yet; {started} (if you expected memory there, check "
        "memory_dir or the project dir)")
    assert "+ MEMORY.md" in result.stdout
    if dry_run:
        # was: memory/.autodream/{runs/...,DREAMS.md,lock.guard,staging} left behind
        assert sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*")) == before
    else:
        assert (memory / "MEMORY.md").is_file()
