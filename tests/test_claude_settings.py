"""``autodream install`` / ``uninstall`` on Claude Code settings.json fixtures, through the CLI."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from autodream import claude_settings
from autodream.cli import cli
from tests.test_plugin_files import validate_hooks_table

OTHER_HOOKS: dict[str, Any] = {
    "model": "opus",
    "permissions": {"allow": ["Bash(git status:*)"], "deny": []},
    "hooks": {
        "PreToolUse": [
            {
                "matcher": "Bash",
                "hooks": [{"type": "command", "command": "~/bin/guard.sh", "timeout": 5}],
            }
        ],
        "Stop": [{"hooks": [{"type": "command", "command": "notify-send done"}]}],
    },
    "env": {"FOO": "bar"},
}


@pytest.fixture
def config_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    directory = tmp_path / "claude-config"
    directory.mkdir()
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(directory))
    # as after `pipx install`: the hook is on PATH, so install writes its bare name
    on_path = tmp_path / "bin"
    on_path.mkdir()
    fake_executable(on_path / claude_settings.HOOK_COMMAND)
    monkeypatch.setenv("PATH", str(on_path))
    return directory


def fake_executable(path: Path) -> Path:
    path.write_text("#!/bin/sh\nexit 0\n")
    path.chmod(0o755)
    return path


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def backups(path: Path) -> list[Path]:
    return sorted(path.parent.glob(path.name + claude_settings.BACKUP_INFIX + "*"))


def our_handlers(data: dict[str, Any], event: str) -> list[dict[str, Any]]:
    return [
        h
        for g in data.get("hooks", {}).get(event, [])
        for h in g["hooks"]
        if claude_settings.is_autodream_hook(h.get("command"))
    ]


@pytest.mark.parametrize(
    "initial",
    [None, "", "{}\n", json.dumps(OTHER_HOOKS, indent=2) + "\n"],
    ids=["missing", "empty-file", "empty-object", "other-hooks"],
)
def test_install_adds_both_events_and_keeps_everything_else(
    config_dir: Path, initial: str | None
) -> None:
    path = config_dir / "settings.json"
    if initial is not None:
        path.write_text(initial)
    before = json.loads(initial) if initial and initial.strip() else {}

    result = run("install", "--user")

    assert result.exit_code == 0, result.output
    data = json.loads(path.read_text())
    validate_hooks_table(data["hooks"])
    for event in ("Stop", "SessionEnd"):
        (handler,) = our_handlers(data, event)
        assert handler == {
            "type": "command",
            "command": "autodream-hook",
            "timeout": claude_settings.TIMEOUTS[event],
        }
    # Everything that was there is still there, in the same place.
    for key, value in before.items():
        if key != "hooks":
            assert data[key] == value
    for event, groups in before.get("hooks", {}).items():
        assert data["hooks"][event][: len(groups)] == groups
    assert list(data)[: len(before)] == list(before)
    assert "+++ " in result.output and '"command": "autodream-hook"' in result.output
    # A backup exists exactly when there was a file to back up, holding its old bytes.
    made = backups(path)
    if initial is None:
        assert made == []
    else:
        assert [b.read_text() for b in made] == [initial]


def test_second_install_changes_nothing_and_makes_no_new_backup(config_dir: Path) -> None:
    path = config_dir / "settings.json"
    path.write_text(json.dumps(OTHER_HOOKS, indent=4) + "\n")
    assert run("install").exit_code == 0
    after_first = path.read_bytes()
    assert len(backups(path)) == 1

    result = run("install")

    assert result.exit_code == 0
    assert "already installed" in result.output
    assert "---" not in result.output
    assert path.read_bytes() == after_first
    assert len(backups(path)) == 1


def test_install_keeps_the_files_indentation(config_dir: Path) -> None:
    path = config_dir / "settings.json"
    path.write_text(json.dumps(OTHER_HOOKS, indent=4) + "\n")
    run("install", "--event", "Stop")
    assert path.read_text().startswith('{\n    "model"')
    # The next change only adds lines; a removed line only comes back with a comma added.
    change = claude_settings.install_hook(path, ["SessionEnd"], dry_run=True)
    lines = change.diff.splitlines()[2:]
    removed = [line[1:] for line in lines if line.startswith("-")]
    added = [line[1:] for line in lines if line.startswith("+")]
    assert len(added) > 5
    assert all(line + "," in added for line in removed)


def test_install_keeps_a_file_written_on_one_line_on_one_line(config_dir: Path) -> None:
    # it was spread over many lines with two-space indents, the user's other hooks with it
    path = config_dir / "settings.json"
    path.write_text(json.dumps(OTHER_HOOKS) + "\n")
    run("install", "--event", "Stop")
    text = path.read_text()
    assert text.count("\n") == 1 and text.startswith('{"model"')
    assert json.loads(text)["hooks"]["Stop"]
    run("uninstall")
    assert json.loads(path.read_text()) == OTHER_HOOKS


@pytest.mark.parametrize("initial", ["{}", '{"model": "opus"}'])
def test_install_into_a_file_with_no_layout_of_its_own_indents_it(
        config_dir: Path, initial: str) -> None:
    path = config_dir / "settings.json"
    path.write_text(initial + "\n")
    run("install", "--event", "Stop")
    assert path.read_text().startswith("{\n  ")


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ('{\n  "hooks": {\n    "Stop": [\n  }\n', "line 4 column 3"),
        ("{'model': 'opus'}", "line 1 column 2"),
        ('{"a": 1,}', "line 1 column 9"),
    ],
    ids=["truncated", "single-quotes", "trailing-comma"],
)
def test_invalid_json_is_left_untouched_with_a_one_line_error(
    config_dir: Path, text: str, where: str
) -> None:
    path = config_dir / "settings.json"
    path.write_text(text)

    result = CliRunner().invoke(cli, ["install"])

    assert result.exit_code == 10
    lines = result.output.strip().splitlines()
    assert len(lines) == 1
    assert "not valid JSON" in lines[0] and where in lines[0] and str(path) in lines[0]
    assert path.read_text() == text
    assert backups(path) == []


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([1, 2], "top level is a JSON array"),
        ({"hooks": ["Stop"]}, '"hooks" is a JSON array'),
        ({"hooks": {"Stop": {"type": "command"}}}, '"hooks.Stop" is a JSON object'),
        ({"hooks": {"Stop": ["autodream-hook"]}}, '"hooks.Stop[0]"'),
    ],
    ids=["array-top", "hooks-array", "event-object", "group-string"],
)
def test_unexpected_shapes_are_refused_not_rewritten(
    config_dir: Path, data: Any, message: str
) -> None:
    path = config_dir / "settings.json"
    path.write_text(json.dumps(data))
    result = CliRunner().invoke(cli, ["install"])
    assert result.exit_code == 10
    assert message in result.output
    assert json.loads(path.read_text()) == data


def test_dry_run_prints_the_diff_and_writes_nothing(config_dir: Path) -> None:
    path = config_dir / "settings.json"
    path.write_text(json.dumps(OTHER_HOOKS, indent=2) + "\n")
    before = path.read_bytes()

    result = run("install", "--dry-run")

    assert result.exit_code == 0
    assert '+            "command": "autodream-hook"' in result.output
    assert "dry run" in result.output
    assert path.read_bytes() == before
    assert backups(path) == []
    assert sorted(p.name for p in config_dir.iterdir()) == ["settings.json"]


def test_uninstall_removes_only_what_install_added(config_dir: Path) -> None:
    path = config_dir / "settings.json"
    original = json.dumps(OTHER_HOOKS, indent=2) + "\n"
    path.write_text(original)
    run("install")
    # The user adds their own hook after ours, in one of our groups and in a new group.
    data = json.loads(path.read_text())
    data["hooks"]["Stop"][-1]["hooks"].append({"type": "command", "command": "say hi"})
    data["hooks"]["SessionEnd"].append({"hooks": [{"type": "command", "command": "log-end"}]})
    path.write_text(json.dumps(data, indent=2) + "\n")

    result = run("uninstall")

    assert result.exit_code == 0, result.output
    after = json.loads(path.read_text())
    assert our_handlers(after, "Stop") == [] and our_handlers(after, "SessionEnd") == []
    assert after["hooks"]["PreToolUse"] == OTHER_HOOKS["hooks"]["PreToolUse"]
    assert after["hooks"]["Stop"] == [
        OTHER_HOOKS["hooks"]["Stop"][0],
        {"hooks": [{"type": "command", "command": "say hi"}]},
    ]
    assert after["hooks"]["SessionEnd"] == [
        {"hooks": [{"type": "command", "command": "log-end"}]}
    ]
    assert {k: v for k, v in after.items() if k != "hooks"} == {
        k: v for k, v in OTHER_HOOKS.items() if k != "hooks"
    }


@pytest.mark.parametrize("initial", [{}, OTHER_HOOKS], ids=["empty", "other-hooks"])
def test_install_then_uninstall_restores_the_file(config_dir: Path, initial: Any) -> None:
    path = config_dir / "settings.json"
    original = json.dumps(initial, indent=2) + "\n"
    path.write_text(original)
    run("install")
    assert run("uninstall").exit_code == 0
    assert path.read_text() == original


def test_install_then_uninstall_gives_back_the_users_own_layout(config_dir: Path) -> None:
    path = config_dir / "settings.json"
    original = ('{\n    "hooks": {"Stop": [{"hooks": [{"type": "command", "command": "mine"}]}]},'
                '\n    "permissions": {"allow": ["Bash(ls:*)"]}\n}\n')
    path.write_text(original)
    run("install")
    assert path.read_text() != original
    assert run("uninstall").exit_code == 0
    assert path.read_text() == original  # one-line entries not spread over many lines


def test_uninstall_never_undoes_a_value_changed_since_install(config_dir: Path) -> None:
    path = config_dir / "settings.json"
    path.write_text('{"model": "opus", "alwaysThinkingEnabled": 1}\n')
    run("install")
    data = json.loads(path.read_text())
    data["alwaysThinkingEnabled"] = True  # equal to 1 in Python, not in JSON
    path.write_text(json.dumps(data, indent=2) + "\n")
    assert run("uninstall").exit_code == 0
    assert json.loads(path.read_text())["alwaysThinkingEnabled"] is True


def test_uninstall_leaves_a_similar_but_different_command_alone(config_dir: Path) -> None:
    path = config_dir / "settings.json"
    mine = {"type": "command", "command": "autodream-hook --verbose"}
    path.write_text(json.dumps({"hooks": {"Stop": [{"hooks": [mine]}]}}))
    result = run("uninstall")
    assert "not installed" in result.output
    assert json.loads(path.read_text()) == {"hooks": {"Stop": [{"hooks": [mine]}]}}


def test_uninstall_without_a_file_is_a_no_op(config_dir: Path) -> None:
    result = run("uninstall", "--json")
    assert result.exit_code == 0
    assert json.loads(result.stdout)["changed"] is False
    assert not (config_dir / "settings.json").exists()


def test_single_event_and_project_scope(tmp_path: Path, config_dir: Path) -> None:
    project = tmp_path / "proj"
    project.mkdir()

    result = run("install", "--project", "--project-dir", str(project), "--event", "SessionEnd",
                 "--json")

    assert result.exit_code == 0
    report = json.loads(result.stdout)
    target = project / ".claude" / "settings.json"
    assert report["path"] == str(target) and report["events"] == ["SessionEnd"]
    data = json.loads(target.read_text())
    assert list(data["hooks"]) == ["SessionEnd"]
    assert not (config_dir / "settings.json").exists()
    assert target.stat().st_mode & 0o777 == 0o644


def stop_commands(path: Path) -> list[str]:
    data = json.loads(path.read_text()) if path.exists() else {}  # (uninstall deletes a file
    # install made that holds nothing else)
    return [h["command"] for g in data.get("hooks", {}).get("Stop", []) for h in g["hooks"]]


def test_the_hook_by_its_full_path_is_the_same_hook(config_dir: Path) -> None:
    path = config_dir / "settings.json"
    hook = str(fake_executable(config_dir / "autodream-hook"))
    run("install", "--command", hook)
    # a second install under the bare name would fire the hook twice after every turn
    assert "already installed" in run("install").stdout
    assert stop_commands(path) == [hook]
    result = run("uninstall")
    assert result.exit_code == 0 and "removed the autodream hook" in result.stdout
    assert not path.exists()  # install made it: nothing else was in it


def test_uninstall_with_another_command_says_how_the_hook_is_installed(
    config_dir: Path,
) -> None:
    path = config_dir / "settings.json"
    run("install", "--command", "/opt/autodream/bin/autodream-hook")
    result = CliRunner().invoke(cli, ["uninstall", "--command", "/usr/bin/autodream-hook"])
    assert result.exit_code == 0 and "not installed" in result.stdout
    assert "'/opt/autodream/bin/autodream-hook'" in result.stderr
    assert "without --command" in result.stderr
    assert stop_commands(path) == ["/opt/autodream/bin/autodream-hook"]


@pytest.mark.parametrize(
    "command",
    ["autodream-hook --verbose", "~/bin/autodream-hook", "/opt/bin/autodream-hook-old",
     "my-autodream-hook"],
)
def test_uninstall_keeps_a_hook_that_only_looks_like_ours(config_dir: Path, command: str) -> None:
    path = config_dir / "settings.json"
    mine = {"hooks": {"Stop": [{"hooks": [{"type": "command", "command": command}]}]}}
    path.write_text(json.dumps(mine, indent=2) + "\n")
    before = path.read_bytes()
    assert "not installed" in run("uninstall").stdout
    assert path.read_bytes() == before


def test_exactly_the_given_command_is_removed_with_command(config_dir: Path) -> None:
    path = config_dir / "settings.json"
    run("install", "--command", "/opt/autodream/bin/autodream-hook")
    run("uninstall", "--command", "/opt/autodream/bin/autodream-hook")
    assert stop_commands(path) == []


def test_install_names_the_hook_by_its_full_path_when_it_is_not_on_path(
    config_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a virtualenv's bin is not on PATH when Claude Code runs hooks: the bare name would fail
    venv_bin = tmp_path / "venv" / "bin"
    venv_bin.mkdir(parents=True)
    hook = fake_executable(venv_bin / claude_settings.HOOK_COMMAND)
    monkeypatch.setattr("sys.executable", str(venv_bin / "python"))
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    path = config_dir / "settings.json"
    result = CliRunner().invoke(cli, ["install"])
    assert result.exit_code == 0
    assert stop_commands(path) == [str(hook)]
    assert f"installing it by its full path {hook}" in result.stderr
    assert "warning" not in result.stderr
    assert "removed" in run("uninstall").stdout
    assert stop_commands(path) == []


def test_install_warns_when_the_hook_is_nowhere_to_be_found(
    config_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.executable", str(tmp_path / "nowhere" / "python"))
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    result = CliRunner().invoke(cli, ["install"])
    assert result.exit_code == 0
    assert stop_commands(config_dir / "settings.json") == ["autodream-hook"]
    assert "warning: 'autodream-hook' is not on PATH" in result.stderr


def test_unknown_event_is_a_usage_error(config_dir: Path) -> None:
    result = CliRunner().invoke(cli, ["install", "--event", "PreToolUse"])
    assert result.exit_code == 2
    assert not (config_dir / "settings.json").exists()


@pytest.mark.parametrize("command", ["install", "uninstall"])
@pytest.mark.parametrize("blank", ["", "   "])
def test_a_blank_command_is_a_usage_error(config_dir: Path, command: str, blank: str) -> None:
    # Claude Code would run an empty command after every turn
    result = CliRunner().invoke(cli, [command, "--command", blank])
    assert result.exit_code == 2
    assert "--command" in result.stderr and "empty" in result.stderr
    assert not (config_dir / "settings.json").exists()


def test_a_symlinked_settings_file_is_written_through_and_stays_a_link(
        tmp_path: Path, config_dir: Path) -> None:
    # settings.json kept in a dotfiles repo: the link must survive, the repo's file gets the hook
    dotfiles = tmp_path / "dotfiles"
    dotfiles.mkdir()
    target = dotfiles / "settings.json"
    target.write_text('{"model": "opus"}\n', encoding="utf-8")
    link = config_dir / "settings.json"
    link.symlink_to(target)
    assert run("install").exit_code == 0
    assert link.is_symlink() and link.resolve() == target.resolve()
    assert our_handlers(json.loads(target.read_text(encoding="utf-8")), "Stop")
    assert list(dotfiles.iterdir()) == [target]  # the backup goes beside the link, not there
    assert [b.read_text(encoding="utf-8") for b in backups(link)] == ['{"model": "opus"}\n']
    assert run("uninstall").exit_code == 0
    assert link.is_symlink() and target.read_text(encoding="utf-8") == '{"model": "opus"}\n'


def test_backup_names_do_not_collide(config_dir: Path) -> None:
    path = config_dir / "settings.json"
    path.write_text("{}")
    first = claude_settings.install_hook(path, ["Stop"], now=1_700_000_000)
    second = claude_settings.install_hook(path, ["SessionEnd"], now=1_700_000_000)
    assert first.backup and second.backup and first.backup != second.backup
    assert first.backup.read_text() == "{}"
    assert json.loads(second.backup.read_text())["hooks"].keys() == {"Stop"}


def test_project_scope_follows_the_groups_project_option(tmp_path: Path, config_dir: Path) -> None:
    project = tmp_path / "elsewhere"
    project.mkdir()
    result = run("--project", str(project), "install", "--project", "--event", "Stop")
    assert result.exit_code == 0, result.output
    assert our_handlers(json.loads((project / ".claude" / "settings.json").read_text()), "Stop")


def test_install_again_repairs_a_hook_whose_file_is_gone(
    config_dir: Path, tmp_path: Path
) -> None:
    # the virtualenv it was installed from was moved or rebuilt: the hook runs nothing now
    path = config_dir / "settings.json"
    mine = {"hooks": {"Stop": [
        {"hooks": [{"type": "command", "command": "notify-send done"},
                   {"type": "command", "command": str(tmp_path / "gone" / "autodream-hook")}]},
    ]}}
    path.write_text(json.dumps(mine, indent=2) + "\n")
    result = run("install", "--event", "Stop")
    assert "installed the autodream hook for Stop" in result.stdout
    assert stop_commands(path) == ["notify-send done", "autodream-hook"]


def test_install_keeps_a_hook_by_a_full_path_that_is_there(
    config_dir: Path, tmp_path: Path
) -> None:
    hook = fake_executable(tmp_path / "autodream-hook")
    run("install", "--command", str(hook))
    assert "already installed" in run("install").stdout
    assert stop_commands(config_dir / "settings.json") == [str(hook)]


def test_uninstall_project_takes_away_the_claude_folder_install_made(
        tmp_path: Path, config_dir: Path) -> None:
    project = tmp_path / "proj"
    project.mkdir()
    assert run("install", "--project", "--project-dir", str(project)).exit_code == 0
    result = run("uninstall", "--project", "--project-dir", str(project))
    assert result.exit_code == 0, result.output
    # was: an empty .claude/ left in the project, which it never had
    assert list(project.iterdir()) == []
    assert f"and {project / '.claude'}, left empty" in result.stdout
    # a .claude/ holding anything else of the person's stays
    (project / ".claude").mkdir()
    (project / ".claude" / "commands").mkdir()
    run("install", "--project", "--project-dir", str(project))
    assert run("uninstall", "--project", "--project-dir", str(project)).exit_code == 0
    assert [p.name for p in (project / ".claude").iterdir()] == ["commands"]


def test_install_project_takes_a_path_as_every_other_project_option_does(
        tmp_path: Path, config_dir: Path) -> None:
    project = tmp_path / "proj"
    project.mkdir()
    # was: "Error: Got unexpected extra argument (.../proj)" (exit 2)
    result = run("install", "--project", str(project), "--event", "Stop")
    assert result.exit_code == 0, result.output
    target = project / ".claude" / "settings.json"
    assert our_handlers(json.loads(target.read_text()), "Stop")
    assert not (config_dir / "settings.json").exists()
    assert run("uninstall", "--project", str(project)).exit_code == 0
    assert not target.exists()
    # (the flag alone keeps its meaning: test_single_event_and_project_scope); a missing PATH
    # grows no .claude/
    missing = run("install", "--project", str(tmp_path / "typo"))
    assert missing.exit_code == 3 and "does not exist" in missing.output
    assert not (tmp_path / "typo").exists()
    both = run("install", "--project", str(project), "--project-dir", str(project))
    assert both.exit_code == 2 and "give one" in both.output
