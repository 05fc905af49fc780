"""One rule for a path that is missing or of the wrong kind, whichever command meets it (the
table in ``autodream --help``): a path you named (an option, an ``AUTODREAM_*`` variable,
``autodream.toml``) that is not there or is no directory is bad configuration (3), naming the
setting; a run or scenario you named that is not there is not found (9); a path autodream found
itself that is of the wrong kind is "other error" (1), saying what to do."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from autodream import errors
from autodream.cli import cli
from autodream.config import sanitize
from tests.test_cli_dream import clean_env

CONFIG, NOT_FOUND, OTHER = (errors.ConfigError.exit_code, errors.NotFound.exit_code,
                            errors.EXIT_CODES["other error"])


def _paths(tmp_path: Path) -> dict[str, Path]:
    a_file = tmp_path / "afile"
    a_file.write_text("x\n")
    return {"missing": tmp_path / "nope", "file": a_file}


# each: the command line (PATH: the missing dir or the file), the exit code, what the line says
CASES = {
    "--project missing": (["status", "--project", "{missing}"], CONFIG, "project: "),
    "--project a file": (["status", "--project", "{file}"], CONFIG, "project: "),
    # (install and uninstall: click's usage error, exit 2, 'Invalid value for '--project':
    # directory ... does not exist', where every other command says this)
    "install --project missing": (["install", "--project", "{missing}"], CONFIG,
                                  "Error: project: directory does not exist: {missing}"),
    "install --project a file": (["install", "--project", "{file}"], CONFIG,
                                 "Error: project: is not a directory: {file}"),
    "install --project-dir missing": (["install", "--project", "--project-dir", "{missing}"],
                                      CONFIG, "Error: project_dir (option --project-dir): "
                                      "directory does not exist: {missing}"),
    "install, the group's --project missing": (["--project", "{missing}", "install",
                                                "--project"], CONFIG, "Error: project: "),
    "uninstall --project missing": (["uninstall", "--project", "{missing}"], CONFIG,
                                    "Error: project: directory does not exist: {missing}"),
    "status --project missing, said alike": (["status", "--project", "{missing}"], CONFIG,
                                             "Error: project: directory does not exist: "
                                             "{missing}"),
    "log --memory-dir missing": (["log", "--memory-dir", "{missing}"], CONFIG,
                                 "memory_dir (option --memory-dir): directory does not exist"),
    "log --memory-dir a file": (["log", "--memory-dir", "{file}"], CONFIG,
                                "memory_dir (option --memory-dir): not a directory"),
    "watch --root missing": (["watch", "--once", "--root", "{missing}"], CONFIG,
                             "root (option --root): directory does not exist"),
    "watch --root a file": (["watch", "--once", "--root", "{file}"], CONFIG,
                            "root (option --root): not a directory"),
    "replay a missing scenario": (["replay", "{missing}"], NOT_FOUND, "no such directory"),
    "show a missing run": (["show", "nope", "--memory-dir", "{tmp}"], NOT_FOUND, "no run 'nope'"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_path_that_is_missing_or_the_wrong_kind_has_one_exit_code_by_what_it_is(
        tmp_path: Path, case: str) -> None:
    args, code, said = CASES[case]
    paths = _paths(tmp_path)
    argv = [a.format(tmp=tmp_path, **paths) for a in args]
    result = CliRunner().invoke(cli, argv, env=clean_env(CLAUDE_CONFIG_DIR=str(tmp_path / "c")))
    # was: 3, 9, 2 or 10 by command for the same kind of mistake
    assert result.exit_code == code, result.output
    # (a path as the error names it: absolute, links resolved)
    said = said.format(**{k: p.resolve() for k, p in paths.items()})
    assert said in result.stderr and "Traceback" not in result.output
    assert not paths["missing"].exists()  # (install grew no .claude/ there)


@pytest.mark.parametrize("command", [["status"], ["--force"], ["log"]])
def test_claude_codes_memory_dir_taken_by_a_file_is_a_path_of_the_wrong_kind(
        tmp_path: Path, command: list[str]) -> None:
    project = tmp_path / "proj"
    project.mkdir()
    home = tmp_path / "claude"
    memory = home / "projects" / sanitize(str(project.resolve())) / "memory"
    memory.parent.mkdir(parents=True)
    memory.write_text("x\n")
    result = CliRunner().invoke(cli, [*command, "--project", str(project)],
                                env=clean_env(CLAUDE_CONFIG_DIR=str(home)))
    # was: exit 3, "memory_dir (default): not a directory", though nothing was configured
    assert result.exit_code == OTHER, result.output
    (line,) = result.stderr.splitlines()
    assert line.startswith(f"Error: cannot use {memory}: Not a directory")
    assert "set memory_dir" in line


@pytest.mark.parametrize("kind", ["missing", "file"])
def test_claude_codes_own_projects_root_not_there_or_a_file(tmp_path: Path, kind: str) -> None:
    home = tmp_path / "claude"
    home.mkdir()
    if kind == "file":
        (home / "projects").write_text("x\n")
    result = CliRunner().invoke(cli, ["watch", "--once"],
                                env=clean_env(CLAUDE_CONFIG_DIR=str(home)))
    assert result.exit_code == (NOT_FOUND if kind == "missing" else OTHER), result.output
    assert "--root" in result.stderr and "stopped" not in result.stderr


@pytest.mark.parametrize("command", [["status"], ["--force"], ["--dry-run", "--force"], ["log"],
                                     ["show"], ["undo"]])
def test_a_file_in_place_of_claude_codes_project_folder_is_named(
        tmp_path: Path, command: list[str]) -> None:
    project = tmp_path / "proj"
    project.mkdir()
    home = tmp_path / "claude"
    in_the_way = home / "projects" / sanitize(str(project.resolve()))
    in_the_way.parent.mkdir(parents=True)
    in_the_way.write_text("x\n")
    result = CliRunner().invoke(cli, [*command, "--project", str(project)],
                                env=clean_env(CLAUDE_CONFIG_DIR=str(home)))
    # was: "cannot read .../memory/MEMORY.md: Not a directory; fix its permissions" (--force),
    # "cannot use .../memory/.consolidate-lock" (status), "no dreams yet ...: `autodream
    # --force` dreams now" (log, exit 0)
    assert result.exit_code == OTHER, result.output
    (line,) = result.stderr.splitlines()
    assert line == (f"Error: cannot use {in_the_way / 'memory'}: {in_the_way} is a file, not a "
                    "folder (on the way to Claude Code's memory dir for this project: move that "
                    "file away, or set memory_dir)")


@pytest.mark.parametrize("command", ["install", "uninstall"])
@pytest.mark.parametrize(("args", "env", "said"), [
    ([], {"AUTODREAM_PROJECT_DIR": "{missing}"},
     "Error: project_dir (env AUTODREAM_PROJECT_DIR): directory does not exist: {missing}\n"),
    (["--project"], {"AUTODREAM_PROJECT_DIR": "{missing}"},
     "Error: project_dir (env AUTODREAM_PROJECT_DIR): directory does not exist: {missing}\n"),
    (["--project", "--project-dir", ""], {},
     "Error: project_dir (option --project-dir): is empty; give the project's directory\n"),
], ids=["env, --user", "env, --project", "--project-dir ''"])
def test_a_project_dir_that_is_none_names_where_it_was_given(
        tmp_path: Path, command: str, args: list[str], env: dict[str, str], said: str) -> None:
    """Was: 'Error: project: directory does not exist: PATH' for a path AUTODREAM_PROJECT_DIR
    gave, which the person never typed as a project; and --project-dir '' edited the current
    directory's .claude/settings.json (exit 0)."""
    missing = (tmp_path / "nope").resolve()
    cwd = tmp_path / "cwd"
    cwd.mkdir()
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(cwd)
        result = CliRunner().invoke(cli, [command, *args], env=clean_env(
            CLAUDE_CONFIG_DIR=str(tmp_path / "c"),
            **{k: v.format(missing=missing) for k, v in env.items()}))
    assert result.exit_code == CONFIG, result.output
    assert result.stderr == said.format(missing=missing)
    assert not missing.exists() and list(cwd.iterdir()) == []


def test_a_project_named_twice_is_said_before_a_missing_project_dir(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        cli, ["install", "--project-dir", str(tmp_path / "nope"), "--project", str(tmp_path)],
        env=clean_env(CLAUDE_CONFIG_DIR=str(tmp_path / "c")))
    assert result.exit_code == 2, result.output
    assert "--project PATH and --project-dir name the project twice" in result.stderr
