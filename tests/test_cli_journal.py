from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest
from click.testing import CliRunner

from autodream import journal
from autodream.cli import cli
from tests.factories import REPO_ROOT
from tests.memdirs import dream, sample_memory, topic, tree
from tests.test_journal import DECISIONS, EDITS
from tests.test_lock import dead_pid


@pytest.fixture
def memory(tmp_path: Path) -> Path:
    return sample_memory(tmp_path / "memory")


def _run(*args: str, memory: Path) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args), env={"AUTODREAM_MEMORY_DIR": str(memory)})
    return result.exit_code, result.output


def test_log_lists_runs_newest_first_in_text_and_json(memory: Path) -> None:
    first = dream(memory, EDITS, decisions=DECISIONS, summary="merged")
    second = dream(memory, {"role.md": topic("Role", "user", "again")})
    code, out = _run("log", memory=memory)
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith(f"{second.id}  committed  force   +0 ~1 -0")
    assert lines[1].startswith(f"{first.id}  committed  force   +1 ~3 -2")
    code, out = _run("log", "--json", "-n", "1", memory=memory)
    assert code == 0
    [record] = json.loads(out)
    assert record["id"] == second.id and record["changes"][0]["path"] == "role.md"


def test_log_of_an_empty_journal(memory: Path) -> None:
    said = (f"no dreams yet in {memory}: `autodream --force` dreams now, `autodream status` says "
            "when one will run\n")
    assert _run("log", memory=memory) == (0, said)
    assert _run("log", "--json", memory=memory) == (0, "[]\n")


@pytest.mark.parametrize("command", ["log", "show", "undo"])
def test_no_dreams_yet_never_promises_a_dream_that_would_fail(
        memory: Path, tmp_path: Path, command: str) -> None:
    # MEMORY.md a symlink fails every dream (exit 10): `autodream --force` does not dream now
    elsewhere = tmp_path / "M.md"
    (memory / "MEMORY.md").rename(elsewhere)
    (memory / "MEMORY.md").symlink_to(elsewhere)
    result = CliRunner().invoke(cli, [command], env={"AUTODREAM_MEMORY_DIR": str(memory)})
    assert result.exit_code == (0 if command == "log" else 9), result.output
    (line,) = (result.stdout if command == "log" else result.stderr).splitlines()
    # was: "no dreams yet in <memory>: `autodream --force` dreams now, ..."
    assert line.removeprefix("Error: ") == (
        f"no dreams yet in {memory}; a dream would fail now: {memory}/MEMORY.md is a symlink (to "
        f"{elsewhere}); autodream never writes through one: keep MEMORY.md itself in the memory "
        "dir, or set memory_dir to the directory that holds it")
    assert "--force" not in result.output


NO_KEY = ("backend anthropic needs an API key: set ANTHROPIC_API_KEY or AUTODREAM_API_KEY "
          "(a dream fails, exit 8)")


@pytest.mark.parametrize("command", ["log", "show", "undo"])
@pytest.mark.parametrize("where", ["autodream.toml", "AUTODREAM_BACKEND"])
def test_no_dreams_yet_never_promises_a_dream_without_its_key(
        memory: Path, tmp_path: Path, command: str, where: str) -> None:
    project = tmp_path / "project"
    project.mkdir()
    env: dict[str, str | None] = {"AUTODREAM_MEMORY_DIR": str(memory), "ANTHROPIC_API_KEY": None,
                                  "AUTODREAM_API_KEY": None, "AUTODREAM_BACKEND": None}
    if where == "autodream.toml":
        (project / "autodream.toml").write_text('backend = "anthropic"\n')
    else:
        env["AUTODREAM_BACKEND"] = "anthropic"
    result = CliRunner().invoke(cli, [command, "--project", str(project)], env=env)
    assert result.exit_code == (0 if command == "log" else 9), result.output
    (line,) = (result.stdout if command == "log" else result.stderr).splitlines()
    # was: "no dreams yet in <memory>: `autodream --force` dreams now, ...", which exits 8
    assert line.removeprefix("Error: ").startswith(
        f"no dreams yet in {memory}; a dream would fail now: backend anthropic needs an API key")
    assert "--force" not in result.output
    # the problem status lists, word for word
    status = CliRunner().invoke(cli, ["status", "--project", str(project)], env=env)
    assert f"problem:      {NO_KEY}" in status.stdout.splitlines()


def test_a_run_whose_record_cannot_be_read_is_named_not_passed_over(memory: Path) -> None:
    first = dream(memory, EDITS)
    second = dream(memory, {"role.md": topic("Role", "user", "again")})
    record = memory / ".autodream" / "runs" / second.id / "record.json"
    record.write_text(record.read_text(encoding="utf-8")[:100], encoding="utf-8")
    result = CliRunner().invoke(cli, ["log"], env={"AUTODREAM_MEMORY_DIR": str(memory)})
    assert result.exit_code == 0
    assert result.stdout.startswith(f"{first.id}  committed")
    assert result.stderr == (f"note: 1 run record(s) could not be read: {second.id} "
                             f"(`autodream show {second.id}` says why)\n")
    as_json = CliRunner().invoke(cli, ["log", "--json"],
                                 env={"AUTODREAM_MEMORY_DIR": str(memory)})
    assert [r["id"] for r in json.loads(as_json.stdout)] == [first.id]
    assert second.id in as_json.stderr
    # the newest run is the unreadable one: show says so rather than showing an older run
    code, out = _run("show", memory=memory)
    assert code == 9 and f"run '{second.id}' has no readable record" in out
    # a journal of unreadable records only is not "no dreams yet"
    first_record = memory / ".autodream" / "runs" / first.id / "record.json"
    first_record.write_text("{", encoding="utf-8")
    result = CliRunner().invoke(cli, ["log"], env={"AUTODREAM_MEMORY_DIR": str(memory)})
    assert "no dreams yet" not in result.stdout
    assert "2 run record(s) could not be read" in result.stderr


def test_undo_of_a_journal_of_unreadable_records_names_the_newest_not_no_dreams(
        memory: Path) -> None:
    # the dream is in memory, only its record is damaged: undo said "no dreams yet in <memory>:
    # `autodream --force` dreams now", as if memory held no dream
    only = dream(memory, EDITS)
    record = memory / ".autodream" / "runs" / only.id / "record.json"
    record.write_text('{"broken', encoding="utf-8")
    before = tree(memory)
    result = CliRunner().invoke(cli, ["undo"], env={"AUTODREAM_MEMORY_DIR": str(memory)})
    assert result.exit_code == 9
    (line,) = result.stderr.splitlines()
    assert line.startswith(f"Error: run '{only.id}' has no readable record: ")
    assert tree(memory) == before


@pytest.mark.parametrize("damaged", ["older", "newest"])
def test_undo_with_one_of_two_records_damaged_takes_back_the_newest_dream_or_names_it(
        memory: Path, damaged: str) -> None:
    # the older record damaged: the newest dream is undone as ever; the newest damaged: it is
    # named with why, never the older dream undone beneath it (its work left in memory)
    first = dream(memory, EDITS)
    after_first = tree(memory)
    second = dream(memory, {"role.md": topic("Role", "user", "again")})
    broken = first if damaged == "older" else second
    (memory / ".autodream" / "runs" / broken.id / "record.json").write_text(
        '{"broken', encoding="utf-8")
    before = tree(memory)
    result = CliRunner().invoke(cli, ["undo"], env={"AUTODREAM_MEMORY_DIR": str(memory)})
    if damaged == "older":
        assert result.exit_code == 0, result.output
        assert result.stdout.startswith(f"undid run {second.id}: ")
        assert tree(memory) == after_first
    else:
        assert result.exit_code == 9, result.output
        (line,) = result.stderr.splitlines()
        assert line.startswith(f"Error: run '{second.id}' has no readable record: ")
        assert tree(memory) == before


def test_show_prints_the_diff_by_unique_prefix(memory: Path) -> None:
    record = dream(memory, EDITS, summary="merged CI")
    record.tool_calls = [{"seq": 1, "name": "read_file", "verdict": "ok"},
                         {"seq": 2, "name": "write_file", "verdict": "refused"},
                         {"seq": 3, "name": "finish", "verdict": "ok"}]
    record.usage = {"input_tokens": 1200, "output_tokens": 300, "cost_usd": 0.0123}
    journal.save_run(memory / ".autodream", record)
    code, out = _run("show", record.id[:-2], memory=memory)
    assert code == 0
    assert f"run      {record.id}" in out and "summary  merged CI" in out
    assert "tools    3 calls (2 ok, 1 refused)" in out
    assert "usage    1200 in / 300 out tokens, $0.0123" in out
    assert "+++ b/role.md" in out and "--- a/pnpm.md\n+++ /dev/null" in out
    code, out = _run("show", record.id, "--json", memory=memory)
    data = json.loads(out)
    assert data["run"]["id"] == record.id and "+++ b/role.md" in data["diff"]


def test_show_unknown_run_is_a_one_line_error_with_its_exit_code(memory: Path) -> None:
    code, out = _run("show", "nope", memory=memory)
    assert code == 9
    assert out.strip().startswith("Error: no run 'nope'") and len(out.strip().splitlines()) == 1


@pytest.mark.parametrize("command", ["show", "undo"])
def test_a_prefix_naming_several_runs_is_bad_input_not_a_missing_run(
    memory: Path, command: str
) -> None:
    runs = [dream(memory, {"role.md": topic("Role", "user", text)}) for text in "abcdefg"]
    before = tree(memory)
    common = runs[0].id.partition("-")[0]  # the time of day the test clock gives every run
    assert all(run.id.startswith(common) for run in runs)
    code, out = _run(command, common, memory=memory)
    assert code == 10, out
    assert out.startswith(f"Error: run id prefix '{common}' is ambiguous, it matches 7 runs: ")
    assert out.rstrip().endswith("and 2 more; give more of the id")
    assert len(out.strip().splitlines()) == 1
    assert tree(memory) == before  # undo undid nothing
    code, _ = _run(command, runs[-1].id, memory=memory)
    assert code == 0


def test_undo_restores_and_refuses_conflicts_through_the_cli(memory: Path) -> None:
    old = tree(memory)
    record = dream(memory, EDITS)
    (memory / "deploy.md").write_text("hand edit\n")
    code, out = _run("undo", memory=memory)
    assert code == 7 and "deploy.md" in out and "--force" in out
    code, out = _run("undo", "--force", "--json", memory=memory)
    assert code == 0, out
    undo_record = json.loads(out)
    assert undo_record["undoes"] == record.id and undo_record["trigger"] == "undo"
    assert tree(memory) == old
    code, out = _run("undo", memory=memory)
    assert code == 9 and f"run {record.id} was already undone by run {undo_record['id']}" in out
    code, out = _run("undo", undo_record["id"], memory=memory)  # undo the undo
    assert code == 0 and out.startswith(f"undid run {undo_record['id']}")
    # back to the state before the forced undo, hand edit included: --force lost nothing for good
    assert (memory / "deploy.md").read_text() == "hand edit\n"
    assert (memory / "role.md").read_bytes() == str(EDITS["role.md"]).encode()


def test_journal_commands_find_the_memory_dir_from_the_project_config(
    memory: Path, tmp_path: Path
) -> None:
    record = dream(memory, EDITS)
    project = tmp_path / "project"
    project.mkdir()
    (project / "autodream.toml").write_text(f'memory_dir = "{memory}"\n')
    result = CliRunner().invoke(cli, ["log", "--project", str(project)],
                                env={"AUTODREAM_MEMORY_DIR": None})
    assert result.exit_code == 0, result.output
    assert result.output.startswith(record.id)


def test_undo_refuses_while_a_dream_holds_the_lock(memory: Path) -> None:
    dream(memory, EDITS)
    after = tree(memory)
    (memory / ".consolidate-lock").write_text(f"{os.getpid()}\n")  # a live holder, just now
    code, out = _run("undo", memory=memory)
    assert code == 5 and "held" in out
    assert tree(memory) == after


def test_undo_leaves_the_lock_mtime_where_it_was(memory: Path) -> None:
    dream(memory, EDITS)
    lock = memory / ".consolidate-lock"
    os.utime(lock, ns=(1_700_000_000_000_000_000, 1_700_000_000_000_000_000))
    code, out = _run("undo", memory=memory)
    assert code == 0, out
    assert lock.stat().st_mtime_ns == 1_700_000_000_000_000_000  # the time gate is unmoved


def test_undo_as_a_real_process(memory: Path) -> None:
    old = tree(memory)
    dream(memory, EDITS)
    env = {**os.environ, "PYTHONPATH": str(REPO_ROOT), "AUTODREAM_MEMORY_DIR": str(memory)}
    proc = subprocess.run([sys.executable, "-m", "autodream.cli", "undo", "--json"],
                          env=env, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["outcome"] == "committed"
    assert tree(memory) == old


@pytest.mark.parametrize("command", ["log", "show", "undo"])
@pytest.mark.parametrize("given", ["--memory-dir", "AUTODREAM_MEMORY_DIR"])
def test_a_memory_dir_named_outright_that_is_missing_is_an_error_not_no_dreams(
        tmp_path: Path, command: str, given: str) -> None:
    # `log --memory-dir /missing` said "no dreams yet" and exited 0: a typo passed for an answer.
    missing = tmp_path / "nope"
    args, env = ([command, given, str(missing)], {}) if given.startswith("--") else (
        [command], {given: str(missing)})
    result = CliRunner().invoke(cli, args, env=env)
    # exit 3 and the setting's name, as for every configured directory that does not exist
    # (it was exit 9 here alone, "--memory-dir: no memory dir at ...")
    assert result.exit_code == 3, result.output
    source = "option --memory-dir" if given.startswith("--") else "env AUTODREAM_MEMORY_DIR"
    assert result.output.startswith(
        f"Error: memory_dir ({source}): directory does not exist: {missing} ")


@pytest.mark.parametrize("command", [["log"], ["log", "--json"], ["show"], ["show", "--json"]])
def test_a_run_whose_process_died_reads_as_interrupted_not_running(
    memory: Path, command: list[str]
) -> None:
    # 'log' showed a dream killed mid-commit as 'running' until the next dream closed it
    state = memory / ".autodream"
    record = journal.begin_run(state, trigger="manual",
                               now=datetime(2026, 4, 5, 12, tzinfo=UTC))
    record.pid = dead_pid()
    journal.save_run(state, record)
    code, out = _run(*command, memory=memory)
    assert code == 0, out
    if "--json" in command:
        data = json.loads(out)
        shown = data[0] if isinstance(data, list) else data["run"]
        assert shown["outcome"] == "interrupted" and "died" in shown["reason"]
    else:
        assert "interrupted" in out and "running" not in out
    assert journal.load_run(state, record.id).outcome == "running"  # reading changes nothing
