"""A team lead's walk of the CLI: a project-scope install shared with teammates, a hook that
would spawn a dream that cannot run, flags before ``watch``, JSON for scripts, the slash
commands finding autodream, ``status --memory-dir``, and wording."""

from __future__ import annotations

import ast
import json
import logging
import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import cast

import pytest
from click.testing import CliRunner, Result

from autodream import claude_settings, watch
from autodream.cli import cli
from autodream.settings import Settings
from tests.claude_layout import T0, Layout, make_layout
from tests.factories import sanitize
from tests.test_plugin_files import validate_hooks_table
from tests.test_watch import Timeline


def _git_project(tmp_path: Path) -> Path:
    project = tmp_path / "projA"
    (project / ".git").mkdir(parents=True)
    (project / "src").mkdir()
    return project


def _install_project(project: Path, *args: str, command: str = "install") -> Result:
    """``install`` (or ``uninstall``) into ``project``'s shared settings."""
    return CliRunner().invoke(cli, [command, "--project", str(project), *args])


def _stop_command(settings: Path) -> str:
    data = json.loads(settings.read_text(encoding="utf-8"))
    validate_hooks_table(data["hooks"])
    command = data["hooks"]["Stop"][0]["hooks"][0]["command"]
    assert isinstance(command, str)
    return command


def test_install_project_writes_a_command_teammates_without_autodream_can_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    project = _git_project(tmp_path)
    venv_bin = tmp_path / "venv" / "bin"
    venv_bin.mkdir(parents=True)
    marker = tmp_path / "ran"
    hook = venv_bin / "autodream-hook"
    hook.write_text(f"#!/bin/sh\ncat > {marker}\nexit 0\n")
    hook.chmod(0o755)
    # the venv is not on PATH: the old install wrote this machine's path into a shared file
    monkeypatch.setattr("sys.executable", str(venv_bin / "python"))
    monkeypatch.setenv("PATH", "/usr/bin:/bin")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.chdir(project / "src")
    result = CliRunner().invoke(cli, ["install", "--project"])
    assert result.exit_code == 0, result.output
    # the project's root, as status resolves it, not the directory install was run in
    settings = project / ".claude" / "settings.json"
    assert settings.is_file() and not (project / "src" / ".claude").exists()
    command = _stop_command(settings)
    assert str(tmp_path) not in command
    assert "shared with the team" in result.stdout
    assert f"AUTODREAM_HOOK_BIN={hook}" in result.stderr

    # a teammate without autodream: nothing said, the turn goes on
    bare_env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path / "home")}
    done = subprocess.run(["sh", "-c", command], env=bare_env, input="{}",
                          capture_output=True, text=True, check=False)
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")
    assert not marker.exists()
    # one who has it (here by AUTODREAM_HOOK_BIN; PATH and ~/.local/bin alike): it runs
    done = subprocess.run(["sh", "-c", command], env={**bare_env, "AUTODREAM_HOOK_BIN": str(hook)},
                          input='{"session_id": "x"}', capture_output=True, text=True,
                          check=False)
    assert done.returncode == 0 and marker.read_text() == '{"session_id": "x"}'
    local_bin = tmp_path / "home" / ".local" / "bin"
    local_bin.mkdir(parents=True)
    (local_bin / "autodream-hook").symlink_to(hook)
    marker.unlink()
    subprocess.run(["sh", "-c", command], env=bare_env, input="{}", text=True, check=True)
    assert marker.exists()

    # uninstall knows it as ours
    result = CliRunner().invoke(cli, ["uninstall", "--project"])
    assert result.exit_code == 0 and "removed" in result.stdout
    assert not settings.exists()


def test_install_project_with_the_hook_on_path_does_not_write_the_bare_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    project = _git_project(tmp_path)
    on_path = tmp_path / "bin"
    on_path.mkdir()
    (on_path / "autodream-hook").write_text("#!/bin/sh\nexit 0\n")
    (on_path / "autodream-hook").chmod(0o755)
    monkeypatch.setenv("PATH", f"{on_path}:/usr/bin:/bin")
    result = CliRunner().invoke(cli, ["install", "--project", "--project-dir", str(project)])
    assert result.exit_code == 0
    assert _stop_command(project / ".claude" / "settings.json") == claude_settings.SHARED_COMMAND
    assert "warning" not in result.stderr


def test_install_project_dry_run_json_path_is_absolute(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    project = _git_project(tmp_path)
    monkeypatch.chdir(project / "src")
    result = CliRunner().invoke(cli, ["install", "--project", "--dry-run", "--json"])
    doc = json.loads(result.stdout)
    assert doc["path"] == str(project.resolve() / ".claude" / "settings.json")
    assert os.path.isabs(doc["path"])
    assert "shared with the team" in doc["note"]


def test_the_hook_refuses_a_dream_that_cannot_run_and_says_why(tmp_path: Path) -> None:
    # backend = "anthropic" with no key: the old hook said "all gates open: dream started"
    # and the failure landed only in dream.log
    layout = make_layout(tmp_path)
    (layout.project / "autodream.toml").write_text('backend = "anthropic"\n')
    layout.set_lock(T0 - 48 * 3600)
    for i in range(5):
        layout.add_session(T0 - 3600 + i)
    env = layout.env(AUTODREAM_NOW=str(T0), AUTODREAM_DEBUG="1")
    env.pop("ANTHROPIC_API_KEY", None)
    payload = json.dumps({"session_id": "x", "cwd": str(layout.project),
                          "hook_event_name": "Stop"})
    result = subprocess.run([sys.executable, "-m", "autodream.hook"], input=payload,
                            capture_output=True, text=True, env=env, cwd=layout.project,
                            timeout=30, check=False)
    assert (result.returncode, result.stdout) == (0, "")
    (line,) = result.stderr.splitlines()
    assert line.startswith("autodream-hook: all gates open, but no dream started: ")
    assert "API key" in line and "dream started (pid" not in line
    # without AUTODREAM_DEBUG the reason is still recorded where a failed start left its error
    # (the scan throttle would let one call in ten minutes through: off here)
    del env["AUTODREAM_DEBUG"]
    env["AUTODREAM_SCAN_INTERVAL_MINUTES"] = "0"
    result = subprocess.run([sys.executable, "-m", "autodream.hook"], input=payload,
                            capture_output=True, text=True, env=env, cwd=layout.project,
                            timeout=30, check=False)
    assert (result.returncode, result.stdout, result.stderr) == (0, "", "")
    log = (layout.memory_dir / ".autodream" / "logs" / "dream.log").read_text()
    stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(T0))
    assert log.splitlines() == [f"{stamp} {line}"] * 2  # one a call, with or without debug


def _a_dream_that_cannot_start(tmp_path: Path) -> tuple[Layout, Callable[..., str]]:
    """A project whose gates all open on a dream that cannot start (backend anthropic, no key),
    and the hook as Claude Code runs on it, at a time and with more of the environment: exit
    0, nothing on stdout, its one debug line (all it wrote on stderr, ``whole=True``)."""
    layout = make_layout(tmp_path)
    (layout.project / "autodream.toml").write_text('backend = "anthropic"\n')
    layout.set_lock(T0 - 48 * 3600)
    for i in range(5):
        layout.add_session(T0 - 3600 + i)
    payload = json.dumps({"session_id": "77", "cwd": str(layout.project)})

    def hook(at: float, *, whole: bool = False, **extra: str) -> str:
        env = layout.env(AUTODREAM_NOW=str(at), AUTODREAM_DEBUG="1", **extra)
        result = subprocess.run([sys.executable, "-m", "autodream.hook"], input=payload,
                                capture_output=True, text=True, env=env, cwd=layout.project,
                                timeout=30, check=False)
        assert (result.returncode, result.stdout) == (0, ""), result.stderr
        if whole:
            return result.stderr
        (line,) = result.stderr.splitlines()
        return line

    return layout, hook


def test_while_the_scan_is_throttled_the_hook_and_status_still_say_why_no_dream_started(
        tmp_path: Path) -> None:
    layout, hook = _a_dream_that_cannot_start(tmp_path)

    first = hook(T0)
    why = first.removeprefix("autodream-hook: all gates open, but no dream started: ")
    assert why.startswith("backend anthropic needs an API key"), first
    # was, for the next 10 minutes: 'scan gate closed: last scan 0.0 min ago (scans are
    # throttled to one every 10 min)', the error hidden
    throttled = f"last scan 1.0 min ago; the dream it opened could not start: {why}"
    assert hook(T0 + 60) == (f"autodream-hook: scan gate closed: {throttled} (scans are "
                             "throttled to one every 10 min)")
    status_env = {**layout.env(AUTODREAM_NOW=str(T0 + 60))}
    text = CliRunner().invoke(cli, ["status", "--project", str(layout.project)], env=status_env)
    assert f"  scan  closed {throttled} (scans are throttled" in text.stdout, text.stdout
    doc = CliRunner().invoke(cli, ["status", "--json", "--project", str(layout.project)],
                             env=status_env)
    scan = next(g for g in json.loads(doc.stdout)["gates"] if g["name"] == "scan")
    assert (scan["open"], scan["figure"]) == (False, throttled)
    # the next scan, 11 minutes on, makes a fresh stamp: what it finds is said, not the old try
    assert hook(T0 + 660, AUTODREAM_MIN_SESSIONS="50").startswith(
        "autodream-hook: scan gate closed: 5 sessions touched since the last dream")
    assert hook(T0 + 720) == ("autodream-hook: scan gate closed: last scan 1.0 min ago (scans "
                              "are throttled to one every 10 min)")


def test_once_the_key_is_set_the_throttled_scan_gate_no_longer_says_to_set_it(
        tmp_path: Path) -> None:
    layout = make_layout(tmp_path)
    (layout.project / "autodream.toml").write_text('backend = "anthropic"\n')
    layout.set_lock(T0 - 48 * 3600)
    for i in range(5):
        layout.add_session(T0 - 3600 + i)
    payload = json.dumps({"session_id": "77", "cwd": str(layout.project)})
    key = {"ANTHROPIC_API_KEY": "sk-ant-api03-" + "A" * 90}  # (no call is made: throttled)

    def hook(at: float, **extra: str) -> str:
        env = layout.env(AUTODREAM_NOW=str(at), AUTODREAM_DEBUG="1", **extra)
        result = subprocess.run([sys.executable, "-m", "autodream.hook"], input=payload,
                                capture_output=True, text=True, env=env, cwd=layout.project,
                                timeout=30, check=False)
        assert (result.returncode, result.stdout) == (0, ""), result.stderr
        (line,) = result.stderr.splitlines()
        return line

    assert "no dream started: backend anthropic needs an API key" in hook(T0)
    throttled = "last scan 1.0 min ago (scans are throttled to one every 10 min)"
    # was, for the rest of the throttle: '...; the dream it opened could not start: backend
    # anthropic needs an API key: set ANTHROPIC_API_KEY or AUTODREAM_API_KEY (...)'
    assert hook(T0 + 60, **key) == f"autodream-hook: scan gate closed: {throttled}"
    env = layout.env(AUTODREAM_NOW=str(T0 + 60), **key)
    text = CliRunner().invoke(cli, ["status", "--project", str(layout.project)], env=env)
    assert "key from ANTHROPIC_API_KEY" in text.stdout, text.stdout
    assert f"  scan  closed {throttled}" in text.stdout, text.stdout
    gated = CliRunner().invoke(cli, ["--project", str(layout.project)], env=env)
    assert gated.exit_code == 4, gated.output
    assert f"scan gate closed: {throttled}" in gated.output, gated.output
    for said in (text.output, gated.output):
        assert "needs an API key" not in said and "could not start" not in said, said
    # while the key is still missing, it is said as before
    assert "could not start: backend anthropic needs an API key" in hook(T0 + 120)


def test_the_throttled_hook_says_why_no_dream_started_loading_no_memory_model(
        tmp_path: Path) -> None:
    layout, hook = _a_dream_that_cannot_start(tmp_path)
    assert "no dream started: backend anthropic needs an API key" in hook(T0)
    # The next Stop, a minute on, reads the blocked dream's note back from the scan stamp and
    # redacts it (gates._as_said): with the redaction's wording in memory.model, the redactor
    # loaded autodream.memory and its model too (~1.5-2 ms of each such turn), which main
    # never did on it
    unneeded = ("autodream.memory", "autodream.memory.model", "yaml", "click", "anthropic",
                "hashlib")
    probe = ("import sys; before = set(sys.modules); from autodream.hook import main; main(); "
             "print(sorted(m for m in sys.modules if m not in before))")
    payload = json.dumps({"session_id": "77", "cwd": str(layout.project)})
    result = subprocess.run([sys.executable, "-c", probe], input=payload, capture_output=True,
                            text=True, env=layout.env(AUTODREAM_NOW=str(T0 + 60),
                                                      AUTODREAM_DEBUG="1"),
                            cwd=layout.project, timeout=30, check=False)
    assert result.returncode == 0, result.stderr
    assert "the dream it opened could not start: backend anthropic needs" in result.stderr
    loaded = set(ast.literal_eval(result.stdout))
    assert "autodream.redact" in loaded  # (the note was redacted: the turn this is about)
    assert sorted(loaded.intersection(unneeded)) == []


def test_what_the_throttled_scan_gate_reads_from_its_stamp_is_printed_escaped_and_redacted(
        tmp_path: Path) -> None:
    layout, hook = _a_dream_that_cannot_start(tmp_path)

    assert "no dream started" in hook(T0)
    # anyone who can write the state dir (a sync tool, a teammate's checkout) writes the stamp
    stamp = layout.memory_dir / ".autodream" / "scan-stamp"
    key = "sk-ant-api03-" + "C" * 90
    stamp.write_bytes(b"\x1b[31mRED\x1b]0;title\x07 " + key.encode() + b" " + b"x" * 9000)
    os.utime(stamp, (T0, T0))  # (its scan's date: the throttle still holds)
    line = hook(T0 + 60, whole=True)
    text = CliRunner().invoke(cli, ["status", "--project", str(layout.project)],
                              env=layout.env(AUTODREAM_NOW=str(T0 + 60)))
    for said in (line, text.stdout):
        assert "scan gate closed: last scan 1.0 min ago" in said or (
            "scan  closed last scan 1.0 min ago" in said), said
        # was: the escape sequences printed raw (the terminal's title set, its colour red)
        # and the key in full
        assert "\x1b" not in said and "\x07" not in said, repr(said)
        assert key not in said and "CCCCCCCCCC" not in said, said
    assert len(line) < 2500, len(line)  # (9 KB in the stamp: read 2 KB at most, as before)
    # (shown only while it is a blocker's own words, since ede1fcc; what is read is made safe
    # first all the same, so a blocker naming a path with escapes or a key prints neither)
    from autodream.gates import _as_said

    said = _as_said(b"\x1b[31mRED\x1b]0;title\x07 " + key.encode())
    assert "\x1b" not in said and "\x07" not in said and "CCCCCCCCCC" not in said, repr(said)
    assert said.startswith("\\x1b[31mRED"), repr(said)


def _watch_world(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Timeline:
    world = Timeline(tmp_path)
    world.write_session("alpha")  # one session: min_sessions 2 keeps alpha's scan gate closed
    for key, value in world.env.items():
        monkeypatch.setenv(key, value)
    monkeypatch.setenv("AUTODREAM_SCAN_INTERVAL_MINUTES", "0")  # a pass after a pass
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    monkeypatch.setenv("AUTODREAM_NOW", repr(world.clock.now() + 3600))
    return world


def test_a_setting_before_watch_applies_to_the_projects_it_dreams_in(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _watch_world(tmp_path, monkeypatch)
    plain = CliRunner().invoke(cli, ["watch", "--once", "--json"])
    assert [d["action"] for d in json.loads(plain.stdout)["decisions"]] == ["wait"]
    # it was exit 2: "--min-sessions is a setting of the dream and does not apply to 'watch'"
    result = CliRunner().invoke(cli, ["--min-sessions", "1", "watch", "--once", "--json"])
    assert result.exit_code == 0, result.output
    assert [d["action"] for d in json.loads(result.stdout)["decisions"]] == ["dreamed"]


def test_a_backend_before_watch_is_the_one_its_dreams_use(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _watch_world(tmp_path, monkeypatch)
    result = CliRunner().invoke(
        cli, ["--backend", "anthropic", "--min-sessions", "1", "watch", "--once", "--json"])
    assert result.exit_code != 2, result.output
    (decision,) = json.loads(result.stdout)["decisions"]
    assert decision["action"] in ("failed", "error") and "API key" in decision["detail"]


def test_a_project_before_watch_is_refused_not_ignored(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    world = _watch_world(tmp_path, monkeypatch)
    world.write_session("beta")
    result = CliRunner().invoke(cli, ["--project", str(world.code / "alpha"), "watch", "--once"])
    # it exited 0 after deciding about both projects
    assert result.exit_code == 2
    assert "--project does not apply to 'watch'" in result.stderr


def test_watch_json_decisions_name_the_run_and_the_project_by_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    world = _watch_world(tmp_path, monkeypatch)
    world.write_session("alpha")
    result = CliRunner().invoke(cli, ["watch", "--once", "--json"])
    assert result.exit_code == 0, result.output
    (decision,) = json.loads(result.stdout)["decisions"]
    assert decision["action"] == "dreamed"
    # it was only in detail ("run 2026...: ..."), and the project only as Claude Code's folder
    assert decision["run_id"] and f"run {decision['run_id']}:" in decision["detail"]
    assert decision["project_root"] == str((world.code / "alpha").resolve())
    assert decision["memory_dir"].endswith("/memory")
    assert decision["project"] == sanitize(str(world.code / "alpha"))  # Claude Code's folder
    assert decision["sessions_dir"] == str(world.root / decision["project"])
    # the decisions are the document on stdout, not also a log line each on stderr
    assert "dreamed:" not in result.stderr
    shown = CliRunner().invoke(cli, ["show", decision["run_id"], "--json",
                                     "--memory-dir", decision["memory_dir"]])
    assert shown.exit_code == 0, shown.output


def test_run_documents_name_the_run_and_its_outcome_alike(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    world = _watch_world(tmp_path, monkeypatch)
    world.write_session("alpha")
    monkeypatch.chdir(world.code / "alpha")
    dreamt = json.loads(CliRunner().invoke(cli, ["--force", "--json"]).stdout)
    assert dreamt["outcome"] == dreamt["details"]["outcome"] == "committed"
    assert dreamt["id"] == dreamt["run_id"]
    (logged,) = json.loads(CliRunner().invoke(cli, ["log", "--json"]).stdout)
    assert logged["run_id"] == logged["id"] == dreamt["run_id"] and logged["outcome"] == "committed"
    undone = json.loads(CliRunner().invoke(cli, ["undo", "--json"]).stdout)
    assert undone["run_id"] == undone["id"] and undone["outcome"]
    assert undone["undoes"] == dreamt["run_id"]


def test_watch_wording_says_seconds_their_gates_and_one_session(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    root = tmp_path / "projects"
    for name in ("p", "q"):
        (root / name).mkdir(parents=True)
    fake = cast(Settings, SimpleNamespace(project_root=tmp_path, memory_dir=tmp_path / "m"))
    watcher = watch.Watcher(root, idle_seconds=6, resolve=lambda p: fake,
                            dream=lambda settings, shown: "done", initial_pass=False)
    with caplog.at_level(logging.INFO, logger="autodream.watch"):
        watcher.start()
    try:
        (line,) = [r.getMessage() for r in caplog.records if r.getMessage().startswith("watching")]
        # it said "(2 projects; its gates run after 0.1 min ...)"
        assert "(2 projects; their gates run after 6 s with no transcript written)" in line
        watcher.projects["p"].touched.add("s1")
        decision = watcher.attempt("p")
        assert decision is not None
        assert decision.detail == "done (1 session written while watched)"  # "1 sessions"
    finally:
        watcher.stop(timeout=5)


def test_watch_once_says_the_quiet_time_as_the_flag_gives_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _watch_world(tmp_path, monkeypatch)
    monkeypatch.setenv("AUTODREAM_NOW", repr(time.time()))
    result = CliRunner().invoke(cli, ["watch", "--once", "--json"])
    (decision,) = json.loads(result.stdout)["decisions"]
    # it said "quiet for 600s" of --idle-minutes 10
    assert decision["detail"].endswith("has been quiet for 10 min (--idle-minutes)")


def test_status_takes_memory_dir_as_log_show_and_undo_do(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    project = _git_project(tmp_path)
    elsewhere = tmp_path / "elsewhere-memory"
    elsewhere.mkdir()
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.delenv("AUTODREAM_MEMORY_DIR", raising=False)
    result = CliRunner().invoke(cli, ["status", "--project", str(project), "--memory-dir",
                                      str(elsewhere), "--json"])
    # it was exit 2: "No such option: --memory-dir"
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["paths"]["memory_dir"] == str(elsewhere)


def test_show_of_a_run_with_only_quiet_decisions_points_at_all_decisions(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    world = _watch_world(tmp_path, monkeypatch)
    monkeypatch.chdir(world.code / "alpha")
    dreamt = json.loads(CliRunner().invoke(cli, ["--force", "--json"]).stdout)
    memory_dir = Path(json.loads(CliRunner().invoke(cli, ["status", "--json"]).stdout)
                      ["paths"]["memory_dir"])
    record_path = memory_dir / ".autodream" / "runs" / dreamt["run_id"] / "record.json"
    record = json.loads(record_path.read_text())
    record["decisions"] = [
        {"action": "kept", "subject": "role.md", "reason": "unchanged"},
        {"action": "dropped", "subject": "chit-chat", "reason": "nothing to remember"},
        {"action": "dropped", "subject": "Keep the PR small please", "reason": "no rule"}]
    record_path.write_text(json.dumps(record))
    shown = CliRunner().invoke(cli, ["show", dreamt["run_id"]])
    assert shown.exit_code == 0, shown.output
    # it said nothing of the decisions at all; then, '(3 scoring decision(s) not shown:
    # --all-decisions)' where the summary said '2 dropped': which kinds, as the summary counts
    assert ("(3 decision(s) that change nothing not shown: 2 dropped, 1 kept; --all-decisions "
            "lists them)") in shown.stdout
    listed = CliRunner().invoke(cli, ["show", dreamt["run_id"], "--all-decisions"])
    assert "Keep the PR small please" in listed.stdout and "not shown" not in listed.stdout


def test_install_project_repairs_what_an_older_install_wrote(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a bare autodream-hook and one machine's venv path: "already installed ... nothing
    # changed", then a note (runs where installed, silent elsewhere) false for that file
    project = _git_project(tmp_path)
    settings = project / ".claude" / "settings.json"
    settings.parent.mkdir()
    older = {"hooks": {
        "Stop": [{"hooks": [{"type": "command", "command": "autodream-hook", "timeout": 10}]}],
        "SessionEnd": [{"hooks": [{"type": "command",
                                   "command": "/tmp/walk/venv/bin/autodream-hook",
                                   "timeout": 1}]}]}}
    settings.write_text(json.dumps(older, indent=2) + "\n")
    monkeypatch.setenv("PATH", "/usr/bin:/bin")
    result = _install_project(project)
    assert result.exit_code == 0, result.output
    hooks = json.loads(settings.read_text())["hooks"]
    assert [h["command"] for e in ("Stop", "SessionEnd") for g in hooks[e] for h in g["hooks"]] \
        == [claude_settings.SHARED_COMMAND] * 2
    assert "nothing changed" not in result.stdout
    assert ("in place of 'autodream-hook', '/tmp/walk/venv/bin/autodream-hook'"
            in result.stdout)
    assert "already installed" in _install_project(project).stdout


def test_install_command_with_a_space_is_quoted_for_the_shell(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # written unquoted, sh ran "/opt/my" with the argument "tools/autodream-hook"
    project = _git_project(tmp_path)
    hook = tmp_path / "my tools" / "autodream-hook"
    hook.parent.mkdir()
    hook.write_text("#!/bin/sh\necho ran\n")
    hook.chmod(0o755)
    result = _install_project(project, "--command", str(hook))
    assert result.exit_code == 0, result.output
    command = _stop_command(project / ".claude" / "settings.json")
    done = subprocess.run(["sh", "-c", command], capture_output=True, text=True, check=False)
    assert (done.returncode, done.stdout) == (0, "ran\n")
    # still known as the hook: a second install changes nothing, uninstall takes it out
    assert "already installed" in _install_project(project, "--command", str(hook)).stdout
    gone = _install_project(project, "--command", str(hook), command="uninstall")
    assert gone.exit_code == 0 and "removed" in gone.stdout
