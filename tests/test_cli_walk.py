"""Leftovers a first-time user met walking the CLI: each test runs the command as they did and
asserts what they read (the wording that misled them is in a comment)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from autodream.cli import cli
from autodream.run import TerminatedBySignal
from tests.test_cli_dream import clean_env, dream


def _log(project: Path) -> str:
    result = CliRunner().invoke(cli, ["log", "--project", str(project)], env=clean_env())
    assert result.exit_code == 0, result.output
    return result.stdout


def test_a_dry_run_with_nothing_to_change_is_logged_as_a_dry_run(sample: Path) -> None:
    assert dream(sample)[0] == 0  # every session read: a second run has nothing to change
    code, out, err = dream(sample, "--dry-run")
    assert code == 0, out + err
    # was "no-change: ...", and `log` listed it as "no-change" beside the real dreams
    assert out.startswith("dry-run:"), out
    newest = _log(sample).splitlines()[0]
    assert "  dry-run  " in newest and "no-change" not in newest
    assert "a real dream would leave the memory as it was" in newest
    as_json = CliRunner().invoke(cli, ["log", "--json", "--project", str(sample)],
                                 env=clean_env())
    assert json.loads(as_json.stdout)[0]["outcome"] == "dry-run"
    diary = (sample / "memory" / ".autodream" / "DREAMS.md").read_text(encoding="utf-8")
    assert diary.rstrip().splitlines()[-3] == (
        "Dry run, nothing committed: would have changed nothing.")
    # a real dream with nothing to change is still one
    code, out, _ = dream(sample)
    assert code == 0 and out.startswith("no-change:")
    assert "  no-change  " in _log(sample).splitlines()[0]


def _hook_command(*args: str, home: Path) -> str:
    result = CliRunner().invoke(cli, [*args, "--command", "autodream-hook"],
                                env=clean_env(HOME=str(home), CLAUDE_CONFIG_DIR=""))
    assert result.exit_code == 0, result.output
    return result.stdout


def test_uninstall_deletes_the_settings_file_install_created(tmp_path: Path) -> None:
    settings = tmp_path / ".claude" / "settings.json"
    _hook_command("install", home=tmp_path)
    assert settings.is_file()
    said = _hook_command("uninstall", "--dry-run", home=tmp_path)
    assert f"and delete {settings}, which held nothing else; nothing written" in said
    assert settings.is_file()
    said = _hook_command("uninstall", home=tmp_path)
    # was: the file left holding "{}", and a backup of it beside
    assert not settings.exists()
    assert f"deleted {settings}, which install had created and which held nothing else" in said
    assert list(settings.parent.iterdir()) == []


def test_uninstall_gives_back_a_settings_file_the_person_had(tmp_path: Path) -> None:
    settings = tmp_path / ".claude" / "settings.json"
    settings.parent.mkdir()
    for text in ("{}\n", '{\n  "model": "opus"\n}\n'):
        settings.write_text(text, encoding="utf-8")
        _hook_command("install", home=tmp_path)
        _hook_command("uninstall", home=tmp_path)
        assert settings.read_text(encoding="utf-8") == text


def test_uninstall_of_a_project_settings_file_install_created(tmp_path: Path) -> None:
    project = tmp_path / "proj"
    project.mkdir()
    _hook_command("install", "--project", "--project-dir", str(project), home=tmp_path)
    assert (project / ".claude" / "settings.json").is_file()
    as_json = _hook_command("uninstall", "--project", "--project-dir", str(project), "--json",
                            home=tmp_path)
    assert json.loads(as_json)["deleted"] is True
    assert not (project / ".claude" / "settings.json").exists()


@pytest.mark.parametrize(("make", "code", "why"), [
    (KeyboardInterrupt, 130, "interrupted by Ctrl-C"),
    (lambda: TerminatedBySignal(143), 143, "interrupted by SIGTERM"),
])
@pytest.mark.parametrize("where", ["saving read positions", "releasing the lock"])
def test_a_dream_stopped_after_its_commit_says_it_was_committed(
        sample: Path, monkeypatch: pytest.MonkeyPatch, make: Any, code: int, why: str,
        where: str) -> None:
    from autodream import lock, pipeline

    method = ((pipeline.OffsetStore, "save") if where == "saving read positions"
              else (lock.Lease, "release"))
    real = getattr(*method)
    stopped: list[bool] = []

    def stop(*args: Any, **kwargs: Any) -> Any:
        if not stopped:  # the signal lands once; what the run does then is real
            stopped.append(True)
            raise make()
        return real(*args, **kwargs)

    monkeypatch.setattr(*method, stop)
    code_got, out, err = dream(sample, "--json")
    assert code_got == code, out + err
    (newest,) = _log(sample).splitlines()
    run_id = newest.split()[0]
    # was "interrupted: nothing was committed (memory unchanged)", with the dream in memory
    assert err.strip() == (f"interrupted after the commit: run {run_id} is in memory (see it: "
                           f"autodream show {run_id}; take it back: autodream undo {run_id}); "
                           f"{why}")
    assert json.loads(out)["committed_run"] == run_id
    assert "  committed  " in newest
    # the lock dates the dream (rolled back, no lock would be left: the time gate would open
    # again at once)
    assert (sample / "memory" / ".consolidate-lock").exists()
    assert "Dana" in (sample / "memory" / "MEMORY.md").read_text(encoding="utf-8")
    undo = CliRunner().invoke(cli, ["undo", "--project", str(sample)], env=clean_env())
    assert undo.exit_code == 0 and f"undid run {run_id}" in undo.stdout


def test_a_dream_whose_disk_fills_after_its_commit_says_it_is_in_memory(
        sample: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A full disk when the read positions were saved, after the commit: the dream said
    # "Error: dream failed: OSError: [Errno 28] No space left on device" (exit 6) with its
    # changes in memory, and rolled the lock back, so the time gate opened again at once and
    # the person was told nothing had changed
    from autodream import pipeline

    def full(*args: Any, **kwargs: Any) -> Any:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(pipeline.OffsetStore, "save", full)
    lock = sample / "memory" / ".consolidate-lock"
    code, out, err = dream(sample)
    (newest,) = _log(sample).splitlines()
    run_id = newest.split()[0]
    assert code == 6, out + err
    assert err.strip() == (
        f"Error: dream {run_id} is in memory (see it: autodream show {run_id}; take it back: "
        f"autodream undo {run_id}), but what follows its commit failed: OSError: [Errno 28] No "
        "space left on device")
    assert "  committed  " in newest
    assert "Dana" in (sample / "memory" / "MEMORY.md").read_text(encoding="utf-8")
    assert lock.exists()  # the lock dates the dream in memory


MEMORY_DIR_COMMANDS = [["--force"], ["--force", "--dry-run"], ["status"], ["status", "--json"],
                       ["log"], ["show"], ["undo"]]


def _say(project: Path, command: list[str]) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, [*command, "--project", str(project)], env=clean_env())
    return result.exit_code, result.stdout, result.stderr


# A command run as root without the capabilities that let it ignore file modes.
DROP_ROOT_POWERS = ["setpriv", "--bounding-set=-dac_override,-dac_read_search",
                    "--inh-caps=-dac_override,-dac_read_search"]


def _without_root_powers(project: Path, command: list[str]) -> tuple[int, str, str]:
    """The CLI run as root without the capabilities that let it ignore file modes, so a mode
    000 dir is what it is for its owner (the suite often runs as root in a container)."""
    result = subprocess.run(
        [*DROP_ROOT_POWERS, sys.executable, "-m", "autodream.cli", *command,
         "--project", str(project)],
        capture_output=True, text=True, check=False,
        env={**clean_env(), "PYTHONPATH": str(Path(__file__).resolve().parent.parent)})
    return result.returncode, result.stdout, result.stderr


def _can_drop_root_powers(tmp_path: Path) -> bool:
    if os.geteuid() != 0 or shutil.which("setpriv") is None:
        return False
    locked = tmp_path / "probe"
    locked.mkdir(mode=0)
    probe = subprocess.run([*DROP_ROOT_POWERS, "ls", str(locked)], capture_output=True,
                           check=False)
    return probe.returncode != 0 and b"ermission denied" in probe.stderr


def modes_bite(tmp_path: Path) -> bool:
    """Whether the CLI must run without root's powers (``_without_root_powers``) for a dir's
    mode to stop it; the test is skipped where it runs as root and setpriv cannot drop them."""
    as_root = _can_drop_root_powers(tmp_path)
    if os.geteuid() == 0 and not as_root:
        pytest.skip("root ignores a dir's mode, and setpriv cannot drop that here")
    return as_root


def _said_of_the_memory_dir(project: Path, command: list[str], *, as_root: bool = False) -> None:
    memory = project / "memory"
    code, out, err = (_without_root_powers if as_root else _say)(project, command)
    assert code == 1, out + err
    (line,) = err.splitlines()
    # was "Error: cannot use .../memory/.consolidate-lock: Permission denied" (status), ".../
    # .autodream/runs" (log, show), ".../.autodream" (undo), ".../MEMORY.md" (the dream)
    assert line == (f"Error: cannot read the memory dir {memory}: Permission denied; autodream "
                    f"reads and writes it as you: fix its permissions (chmod u+rwx {memory}) "
                    "or run as its owner")
    if "--json" in command:
        assert json.loads(out)["error"] == line[len("Error: "):]


@pytest.mark.parametrize("command", MEMORY_DIR_COMMANDS, ids=" ".join)
def test_an_unreadable_memory_dir_is_said_of_the_dir_itself(
        sample: Path, monkeypatch: pytest.MonkeyPatch, command: list[str]) -> None:
    memory = sample / "memory"
    real = os.scandir

    def scandir(path: Any = ".") -> Any:  # as for a mode 000 dir (root ignores modes)
        if not isinstance(path, int) and os.fspath(path) == str(memory):
            raise PermissionError(13, "Permission denied", str(path))
        return real(path)

    monkeypatch.setattr(os, "scandir", scandir)
    _said_of_the_memory_dir(sample, command)


@pytest.mark.parametrize("mode", [0o000, 0o400, 0o300])  # none, no search, no listing
def test_a_mode_000_memory_dir_is_said_of_the_dir_itself(
        sample: Path, tmp_path: Path, mode: int) -> None:
    as_root = modes_bite(tmp_path)
    memory = sample / "memory"
    memory.chmod(mode)
    try:
        for command in MEMORY_DIR_COMMANDS:
            _said_of_the_memory_dir(sample, command, as_root=as_root)
    finally:
        memory.chmod(0o755)


def _unread_places(project: Path) -> list[Path]:
    """A Codex sessions dir set in autodream.toml, and two daily-log dirs of the project."""
    places = [project / "codex", project / "project" / "logs", project / "project" / "memory"]
    for place in places:
        place.mkdir()
    with (project / "autodream.toml").open("a", encoding="utf-8") as fh:
        fh.write('codex_sessions_dir = "codex"\n')
    return places


def _deny_listing(monkeypatch: pytest.MonkeyPatch, places: list[Path]) -> None:
    real = os.scandir
    denied = {str(p) for p in places}

    def scandir(path: Any = ".") -> Any:  # as for a mode 000 dir (root ignores modes)
        if not isinstance(path, int) and os.fspath(path) in denied:
            raise PermissionError(13, "Permission denied", os.fspath(path))
        return real(path)

    monkeypatch.setattr(os, "scandir", scandir)


def test_status_names_transcript_dirs_it_cannot_read(
        sample: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    codex, logs, notes = _unread_places(sample)
    _deny_listing(monkeypatch, [codex, logs, notes])
    code, out, err = _say(sample, ["status"])
    assert code == 0, out + err
    # was: no problem line, "verdict: all gates open", and their transcripts never read
    toml = sample / "autodream.toml"
    assert [line for line in out.splitlines() if line.startswith("problem:")] == [
        f"problem:      codex_sessions_dir {codex} (in {toml}) cannot be read (Permission "
        "denied): no rollouts read from it until you fix its permissions (a dream goes on "
        "without them)",
        *(f"problem:      cannot read the daily-log dir {d}: Permission denied; the daily logs "
          "in it are not read until you fix its permissions (a dream goes on without them)"
          for d in (logs, notes))]
    assert out.splitlines()[-1] == (
        "verdict:      all gates open; 3 place(s) of transcripts above not read")
    code, out, _ = _say(sample, ["status", "--json"])
    problems = json.loads(out)["problems"]
    assert [(p["exit_code"], p["dream_fails"]) for p in problems] == [(None, False)] * 3
    assert str(codex) in problems[0]["error"] and str(logs) in problems[1]["error"]
    # the dream goes on, and says (and records) what it did not read
    code, out, err = dream(sample)
    assert code == 0, out + err
    assert f"  not read: {logs}{os.sep}: cannot read the daily-log dir {logs}" in out
    shown = CliRunner().invoke(cli, ["show", "--project", str(sample)], env=clean_env())
    assert f"not read {notes}{os.sep}: cannot read the daily-log dir {notes}" in shown.stdout


def test_status_names_dated_daily_log_dirs_it_cannot_read(
        sample: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    year = sample / "project" / "logs" / "2026"
    month = sample / "memory" / "logs" / "2026" / "07"
    for place in (year, month):
        place.mkdir(parents=True)
    (month.parent / "notes").mkdir()  # (not a dated dir: the scan never enters it)
    log = month / "2026-07-02.md"
    log.write_text("- Decided: the staging cluster moves to eu-west-2.\n", encoding="utf-8")
    _deny_listing(monkeypatch, [year, month, month.parent / "notes"])
    code, out, err = _say(sample, ["status"])
    assert code == 0, out + err
    # was: no problem line and "verdict: all gates open", the logs in them never read
    assert [line for line in out.splitlines() if line.startswith("problem:")] == [
        f"problem:      cannot read the daily-log dir {d}: Permission denied; the daily logs "
        "in it are not read until you fix its permissions (a dream goes on without them)"
        for d in (month, year)]
    code, out, err = dream(sample)
    assert code == 0, out + err
    assert f"  not read: {year}{os.sep}: cannot read the daily-log dir {year}" in out
    # was: "Error: dream failed: PermissionError: [Errno 13] ... memory/logs/2026/07" (exit 6)
    assert f"  not read: {month}{os.sep}: cannot read the daily-log dir {month}" in out
    monkeypatch.undo()
    assert log.read_text(encoding="utf-8").startswith("- Decided:")


def test_readable_transcript_dirs_are_no_problem(sample: Path) -> None:
    _unread_places(sample)
    code, out, _ = _say(sample, ["status", "--json"])
    assert code == 0 and json.loads(out)["problems"] == []
