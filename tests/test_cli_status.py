from __future__ import annotations

import json
import os
from datetime import UTC, datetime
from pathlib import Path

import pytest
from click.testing import CliRunner

from autodream import errors, journal
from autodream.cli import cli
from autodream.lock import this_host
from autodream.memory import commit as commit_mod
from tests.claude_layout import T0, Layout, make_layout
from tests.factories import REPO_ROOT
from tests.memdirs import commit_killed_midway, sample_memory

LAST = T0 - 30 * 3600


@pytest.fixture
def layout(tmp_path: Path) -> Layout:
    return make_layout(tmp_path)


def invoke(layout: Layout, *args: str, **env: str) -> tuple[int, str]:
    result = CliRunner().invoke(
        cli, list(args), env=layout.env(**{"AUTODREAM_NOW": str(T0), **env}),
        catch_exceptions=False,
    )
    return result.exit_code, result.output


def test_status_shows_every_gate_paths_holder_and_backend(layout: Layout) -> None:
    ids = [layout.add_session(LAST + 60 * i) for i in range(1, 4)]
    layout.hold_lock(T0 - 120, prior_mtime=LAST)
    code, out = invoke(layout, "status", "--project", str(layout.project))
    assert code == 0
    assert f"memory_dir:   {layout.memory_dir}" in out
    assert f"sessions_dir: {layout.sessions_dir}" in out
    assert "backend:      local (no API key: using the local engine)" in out
    assert "time  closed 0.0 h since the last dream (a dream is running" in out
    assert "scan  closed 0 sessions touched" in out  # counted from the running dream's start
    assert f"lock  closed live holder: pid {os.getpid()} on {this_host()}, 2.0 min old" in out
    assert f"lock holder:  pid {os.getpid()}, host {this_host()}, 2.0 min old, live" in out
    assert "verdict:      a dream is running; wait for pid" in out
    assert "scan throttle: never scanned (one scan every 10 min)" in out
    assert not any(i in out for i in ids)


def test_status_lists_sessions_and_a_dead_holder_as_stale(layout: Layout) -> None:
    ids = [layout.add_session(LAST + 60 * i) for i in range(1, 4)]
    body = f"999999999\nhost={this_host()}\nprior_mtime_ns={int(LAST * 1e9)}\n"
    layout.set_lock(T0 - 120, body)
    code, out = invoke(layout, "--min-sessions", "3", "status", "--project", str(layout.project))
    assert code == 0, out
    assert "time  open   30.0 h since the last dream" in out
    assert "scan  open   3 sessions touched since the last dream (min_sessions is 3)" in out
    for session_id in ids:
        assert session_id in out
    assert "lock holder:  pid 999999999" in out and out.rstrip().endswith("all gates open")
    assert "dead" in out


def test_status_json(layout: Layout) -> None:
    layout.set_lock(LAST)
    sid = layout.add_session(LAST + 60)
    code, out = invoke(layout, "--project", str(layout.project), "status", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["paths"]["memory_dir"] == str(layout.memory_dir)
    assert data["backend"] == {"name": "local", "reason": "no API key: using the local engine"}
    assert [g["name"] for g in data["gates"]] == ["time", "scan", "lock"]
    assert [g["open"] for g in data["gates"]] == [True, False, True]
    assert data["hours_since_last"] == pytest.approx(30.0)
    assert [s["id"] for s in data["sessions"]] == [sid]
    assert data["closed_by"] == "scan"
    assert data["lock"]["state"] == "free"


@pytest.mark.parametrize(("state", "begins"), [
    ("one session", "closed by scan; "),
    ("six sessions", "all gates open"),
    ("a dream running", "a dream is running; wait for pid "),
    ("anthropic without a key", "a dream would fail (the problem above)"),
])
def test_status_json_carries_the_texts_verdict(layout: Layout, state: str, begins: str) -> None:
    """Was: no 'verdict' in status --json, only what it is derived from (open, closed_by,
    advice, problems with dream_fails, backoff), for a script to put together again."""
    layout.set_lock(LAST)
    for i in range(6 if state == "six sessions" else 1):
        layout.add_session(LAST + 60 * (i + 1))
    if state == "a dream running":
        layout.hold_lock(T0 - 120, prior_mtime=LAST)
    group = ["--backend", "anthropic"] if state == "anthropic without a key" else []
    args = [*group, "--project", str(layout.project), "status"]
    code, text = invoke(layout, *args)
    (said,) = [line.removeprefix("verdict:").strip() for line in text.splitlines()
               if line.startswith("verdict:")]
    code_json, out = invoke(layout, *args, "--json")
    assert (code_json, code) == (0, 0)
    assert said.startswith(begins), said
    # the same words, but a document has nothing 'above': its problems are 'problems'
    verdict = json.loads(out)["verdict"]
    assert verdict == said.replace("(the problem above)", "(see problems)")
    assert "above" not in verdict


def test_status_names_transcripts_it_does_not_take_for_sessions(layout: Layout) -> None:
    sid = layout.add_session(LAST + 60)
    copy = layout.sessions_dir / "session copy.jsonl"
    copy.write_bytes((layout.sessions_dir / f"{sid}.jsonl").read_bytes())
    (layout.sessions_dir / f"agent-{sid[:8]}.jsonl").write_text("{}\n")  # a subagent: fine
    code, out = invoke(layout, "--project", str(layout.project), "status")
    assert code == 0, out
    (line,) = [x for x in out.splitlines() if "ignored:" in x]
    assert "session copy.jsonl (not <session-uuid>.jsonl" in line and "agent-" not in line
    code, out = invoke(layout, "--project", str(layout.project), "status", "--json")
    assert json.loads(out)["ignored_transcripts"] == ["session copy.jsonl"]


def test_status_changes_nothing(layout: Layout) -> None:
    layout.set_lock(LAST)
    for i in range(6):
        layout.add_session(LAST + i + 1)
    before = layout.lock_path.stat().st_mtime_ns
    code, _ = invoke(layout, "status", "--project", str(layout.project))
    assert code == 0
    assert layout.lock_path.stat().st_mtime_ns == before
    assert not (layout.memory_dir / ".autodream").exists(), "no throttle stamp, no guard file"


def test_status_reports_an_interrupted_commit_without_touching_it(layout: Layout) -> None:
    layout.set_lock(LAST)
    intent = layout.memory_dir / ".autodream" / "runs" / "20260101T000000Z-dead" / "commit.json"
    intent.parent.mkdir(parents=True)
    intent.write_text('{"state": "applying", "changes": []}')
    code, out = invoke(layout, "status", "--project", str(layout.project))
    assert code == 0
    assert "run 20260101T000000Z-dead stopped mid-commit" in out
    assert intent.read_text() == '{"state": "applying", "changes": []}'
    code, out = invoke(layout, "status", "--json", "--project", str(layout.project))
    assert json.loads(out)["interrupted_commits"] == ["20260101T000000Z-dead"]


def test_status_reports_the_anthropic_backend_when_a_key_is_present(layout: Layout) -> None:
    code, out = invoke(
        layout, "status", "--project", str(layout.project), ANTHROPIC_API_KEY="test-key"
    )
    assert code == 0
    assert "backend:      anthropic (API key found (ANTHROPIC_API_KEY)" in out


def test_help_lists_the_exit_codes() -> None:
    result = CliRunner().invoke(cli, ["--help"])
    assert result.exit_code == 0
    for name, code in errors.EXIT_CODES.items():
        assert f"{code} {name}" in " ".join(result.output.split())


@pytest.mark.parametrize(
    ("args", "env", "code", "message"),
    [
        ([], {}, errors.GateClosed.exit_code, "scan gate closed: 0 sessions"),
        (["--min-hours", "48"], {}, errors.GateClosed.exit_code, "time gate closed: 30.0 h"),
        # a dream that starts and cannot run: rolled back, one line, its own exit code
        (
            ["--force", "--backend", "anthropic"],
            {},
            errors.BackendUnavailable.exit_code,
            "needs an API key",
        ),
        # the hook's child: the hook passed time and scan already, the lock is still taken
        (
            ["--trigger", "hook", "--backend", "anthropic"],
            {},
            errors.BackendUnavailable.exit_code,
            "needs an API key",
        ),
        (["--min-sessions", "x"], {}, errors.ConfigError.exit_code, "--min-sessions"),
        ([], {"AUTODREAM_MIN_HOURS": "-1"}, errors.ConfigError.exit_code, "AUTODREAM_MIN_HOURS"),
        (["--backend", "gpt"], {}, errors.ConfigError.exit_code, "backend"),
    ],
)
def test_the_dream_command_exit_codes(
    layout: Layout, args: list[str], env: dict[str, str], code: int, message: str
) -> None:
    layout.set_lock(LAST)
    result = CliRunner().invoke(
        cli, ["--project", str(layout.project), *args], env=layout.env(AUTODREAM_NOW=str(T0), **env)
    )
    assert result.exit_code == code, result.output
    assert message in result.output
    assert len(result.output.strip().splitlines()) == 1
    assert layout.lock_path.stat().st_mtime == LAST, "nothing ran, or it rolled back"


def test_a_held_lock_exits_with_lock_held(layout: Layout) -> None:
    layout.hold_lock(T0 - 60)
    code, out = invoke(layout, "--project", str(layout.project), "--force")
    assert code == errors.LockHeld.exit_code
    assert "lock gate closed" in out


def test_a_closed_gate_with_json_prints_the_report_and_exits_4(layout: Layout) -> None:
    layout.set_lock(LAST)
    result = CliRunner().invoke(
        cli, ["--project", str(layout.project), "--json"], env=layout.env(AUTODREAM_NOW=str(T0))
    )
    assert result.exit_code == errors.GateClosed.exit_code
    data = json.loads(result.stdout)
    assert data["status"] == "gate closed"
    assert data["gates"]["closed_by"] == "scan"
    assert "scan gate closed" in result.stderr


def test_the_readme_lists_every_exit_code() -> None:
    readme = (REPO_ROOT / "README.md").read_text()
    table = readme.split("## Exit codes", 1)[1]
    for code in errors.EXIT_CODES.values():
        assert f"\n| {code} |" in table


@pytest.mark.parametrize("command", [[], ["--force"], ["status"], ["log"]])
def test_a_memory_dir_that_is_a_file_is_a_one_line_config_error(
        tmp_path: Path, command: list[str]) -> None:
    project = tmp_path / "p"
    project.mkdir()
    (project / "memory").write_text("not a dir\n", encoding="utf-8")
    (project / "autodream.toml").write_text('memory_dir = "memory"\n', encoding="utf-8")
    result = CliRunner().invoke(cli, ["--project", str(project), *command],
                                env={"AUTODREAM_NOW": str(T0), "HOME": str(tmp_path)})
    assert result.exit_code == errors.ConfigError.exit_code, result.output
    (line,) = result.output.strip().splitlines()
    assert line.startswith("Error: memory_dir (in ") and line.endswith(
        f"autodream.toml): not a directory: {project / 'memory'}")


def test_a_last_dream_dated_in_the_future_is_not_believed_and_status_says_so(
        layout: Layout) -> None:
    # A clock that ran fast stamped the lock two days ahead: the time gate read "-51.0 h since
    # the last dream" and stayed closed until the clock caught up, dreaming nothing meanwhile.
    ids = [layout.add_session(LAST + 60 * i) for i in range(1, 4)]
    layout.set_lock(T0 + 51 * 3600)
    code, out = invoke(layout, "status", "--project", str(layout.project))
    assert code == 0
    assert "time  open   the last dream is dated " in out
    assert "51.0 h in the future (a clock was wrong: taken as unknown" in out
    assert "-51.0 h" not in out
    assert "3 sessions touched since the last dream" in out and all(i in out for i in ids)
    code, out = invoke(layout, "status", "--json", "--project", str(layout.project))
    doc = json.loads(out)
    assert doc["last_consolidated_in_future"] == T0 + 51 * 3600
    assert doc["last_consolidated"] is None and doc["gates"][0]["open"]


def test_a_last_dream_a_minute_ahead_is_still_a_dream_just_now(layout: Layout) -> None:
    layout.set_lock(T0 + 60)  # clocks a little apart, or a file system that rounds up
    code, out = invoke(layout, "status", "--project", str(layout.project))
    assert code == 0
    assert "time  closed" in out


@pytest.mark.parametrize(
    ("args", "env", "toml", "said"),
    [(["--backend", "local"], {}, "", "backend = local (option --backend)"),
     ([], {"AUTODREAM_BACKEND": "local"}, "", "backend = local (env AUTODREAM_BACKEND)"),
     ([], {}, 'backend = "local"\n', "backend = local (in {toml})"),
     (["--backend", "local"], {"AUTODREAM_BACKEND": "anthropic"}, 'backend = "auto"\n',
      "backend = local (option --backend)")],
    ids=["flag", "env", "config-file", "flag-wins"],
)
def test_status_says_where_the_backend_setting_came_from(
        layout: Layout, args: list[str], env: dict[str, str], toml: str, said: str) -> None:
    # It said "backend = local (configured)" for a --backend flag too: no telling which of
    # flag, environment and config file to change.
    path = layout.project / "autodream.toml"
    if toml:
        path.write_text(toml)
    code, out = invoke(layout, *args, "status", "--project", str(layout.project), **env)
    assert code == 0, out
    assert f"backend:      local ({said.format(toml=path)})\n" in out


def test_a_transcript_dated_in_the_future_counts_again_only_once_it_changes(
        layout: Layout) -> None:
    # Written on a machine whose clock ran months ahead: after a dream had read every line,
    # each scan still counted it as touched (its mtime stayed past the last dream), so the
    # scan gate kept opening for dreams with nothing new to read.
    ahead = T0 + 90 * 24 * 3600
    ids = [layout.add_session(ahead + 60 * i) for i in range(5)]
    code, out = invoke(layout, "--force", "--project", str(layout.project))
    assert code == 0, out
    later = str(T0 + 30 * 3600)

    code, out = invoke(layout, "status", "--json", "--project", str(layout.project),
                       AUTODREAM_NOW=later)
    doc = json.loads(out)
    scan = doc["gates"][1]
    assert (scan["name"], scan["open"]) == ("scan", False), scan
    assert scan["figure"].startswith("0 sessions touched since the last dream")
    skipped = {Path(s["path"]).stem: s["reason"] for s in doc["skipped_sessions"]}
    assert sorted(skipped) == sorted(ids)
    assert all("dated in the future" in why and "read already" in why
               for why in skipped.values()), skipped
    code, out = invoke(layout, "status", "--project", str(layout.project), AUTODREAM_NOW=later)
    assert "scan  closed 0 sessions touched" in out and "read already" in out
    result = CliRunner().invoke(cli, ["--force", "--json", "--project", str(layout.project)],
                                env=layout.env(AUTODREAM_NOW=later))
    details = json.loads(result.stdout)["details"]  # a forced dream has nothing to read either
    assert details["sessions"] == [] and len(details["skipped_sessions"]) == 5

    with (layout.sessions_dir / f"{ids[0]}.jsonl").open("a") as fh:  # the machine wrote more
        fh.write('{"type":"user","message":{"role":"user","content":"more"}}\n')
    os.utime(layout.sessions_dir / f"{ids[0]}.jsonl", (ahead + 600, ahead + 600))
    code, out = invoke(layout, "status", "--json", "--project", str(layout.project),
                       AUTODREAM_NOW=later)
    doc = json.loads(out)
    assert doc["gates"][1]["figure"].startswith("1 session touched"), doc["gates"][1]
    assert [s["id"] for s in doc["sessions"]] == [ids[0]]


def test_status_names_a_commit_that_cannot_be_rolled_back_and_the_way_out(
    layout: Layout, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A dream killed mid-commit whose before-image of role.md is then lost: every dream,
    undo and scrub fails (exit 6), while status said 'the next dream rolls it back' and 'all
    gates open'. It says the commit cannot be rolled back, names the file and the way out;
    taken, status is clear and the roll-back leaves the file as the person wrote it."""
    memory = sample_memory(layout.memory_dir)
    layout.set_lock(LAST)
    run_dir = commit_killed_midway(memory, "role.md", "changed role\n", monkeypatch)
    (run_dir / "before" / "role.md").unlink()
    code, out = invoke(layout, "status", "--project", str(layout.project))
    assert code == 0
    assert "the next dream rolls it back" not in out and "all gates open" not in out
    (problem,) = [x for x in out.splitlines() if x.startswith("problem:")]
    assert ("run 20260101T000000Z-dead stopped mid-commit and cannot be rolled back: role.md "
            "(its before-image is lost)") in problem
    assert "write it by hand" in problem and problem.endswith("(a dream fails, exit 6)")
    assert "verdict:      a dream would fail" in out
    (memory / "role.md").write_text("my own role\n")  # the way out
    code, out = invoke(layout, "status", "--project", str(layout.project))
    assert "problem:" not in out and "the next dream rolls it back" in out
    journal.recover(memory, memory / ".autodream", datetime.now(UTC))
    assert (memory / "role.md").read_text() == "my own role\n"
    assert commit_mod.pending_commits(memory / ".autodream") == []
