"""Dreams that fail the same way again and again back off: the Stop hook no longer starts a
failing (with Claude: paid) dream each scan throttle, ``status`` says so and until when, and
``--force``, a success or a change the person makes lets the next one run."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from autodream import gates, journal
from autodream.settings import Settings
from autodream.watch import retry_at
from tests.claude_layout import T0, Layout, make_layout
from tests.scripted_api import ScriptedAPI
from tests.test_hook import SESSION, hook_json

MINUTE = 60.0


@pytest.fixture
def layout(tmp_path: Path) -> Layout:
    layout = make_layout(tmp_path)
    layout.set_lock(T0 - 48 * 3600)
    for i in range(5):
        layout.add_session(T0 - 3600 + i)
    layout.add_session(T0, SESSION)
    return layout


@pytest.fixture
def server(api: list[ScriptedAPI]) -> ScriptedAPI:
    # every request answered with the same non-retryable error: an endpoint that is down
    started = ScriptedAPI([]).__enter__()
    api.append(started)
    return started


def _env(layout: Layout, server: ScriptedAPI, at: float, **extra: str) -> dict[str, str]:
    return layout.env(**{"AUTODREAM_NOW": str(at), "AUTODREAM_DEBUG": "1",
                         "AUTODREAM_BACKEND": "anthropic", "ANTHROPIC_API_KEY": "sk-test",
                         "ANTHROPIC_BASE_URL": server.url, "AUTODREAM_API_MAX_RETRIES": "0",
                         **extra})


def _outcomes(layout: Layout) -> list[str]:
    """The runs' outcomes, oldest first."""
    return [r.outcome for r in reversed(journal.list_runs(layout.memory_dir / ".autodream"))]


def _turn(layout: Layout, server: ScriptedAPI, at: float, **extra: str) -> str:
    """One Stop-hook turn at ``at``; its debug line, after the dream it started (if any) ended."""
    runs = len(_outcomes(layout))
    result = subprocess.run([sys.executable, "-m", "autodream.hook"], input=hook_json(layout),
                            capture_output=True, env=_env(layout, server, at, **extra),
                            cwd=layout.project, timeout=60)
    said = result.stderr.decode()
    if "dream started" in said:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and (
                len(_outcomes(layout)) == runs or _outcomes(layout)[-1] == "running"
                or layout.lock_path.read_text()):
            time.sleep(0.05)
    return said


def _cli(layout: Layout, server: ScriptedAPI, at: float, *args: str, **extra: str
         ) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "autodream.cli", *args, "--project",
                           str(layout.project)], capture_output=True, text=True,
                          env=_env(layout, server, at, **extra), timeout=60)


def _status(layout: Layout, server: ScriptedAPI, at: float) -> tuple[str, dict[str, Any]]:
    text = _cli(layout, server, at, "status").stdout
    return text, json.loads(_cli(layout, server, at, "status", "--json").stdout)


def test_three_failures_back_the_hook_off_until_the_wait_is_over(
        layout: Layout, server: ScriptedAPI, monkeypatch: pytest.MonkeyPatch) -> None:
    # three turns, each past the 10 min scan throttle: three dreams, each failing alike
    for turn in range(3):
        assert "dream started" in _turn(layout, server, T0 + turn * 11 * MINUTE)
    assert _outcomes(layout) == ["failed"] * 3
    third = T0 + 22 * MINUTE  # the wait is twice the throttle from there: until T0 + 42 min

    said = _turn(layout, server, T0 + 33 * MINUTE)

    assert "dream started" not in said
    assert "backoff gate closed: the last 3 dreams failed the same way: " in said, said
    assert "next automatic attempt in 9 min" in said, said
    assert _outcomes(layout) == ["failed"] * 3
    text, doc = _status(layout, server, T0 + 33 * MINUTE)
    assert ("backoff closed the last 3 dreams failed the same way (the problem below); no "
            "automatic dream before ") in text, text
    assert "(in 9 min)" in text, text
    assert doc["backoff"]["backed_off"] is True, doc["backoff"]
    assert doc["backoff"]["failures"] == 3
    assert doc["backoff"]["wait_seconds"] == 20 * MINUTE
    assert doc["backoff"]["next_attempt_in_seconds"] == pytest.approx(third + 20 * MINUTE
                                                                      - (T0 + 33 * MINUTE))
    # clock seconds, as the report's other times
    assert doc["backoff"]["next_attempt_at"] == pytest.approx(third + 20 * MINUTE)
    assert doc["now"] + doc["backoff"]["next_attempt_in_seconds"] == pytest.approx(
        doc["backoff"]["next_attempt_at"])
    assert "sk-test" not in text + json.dumps(doc)
    assert text.endswith("verdict:      backed off: no automatic dream for 9 min, or --force "
                         "to dream now\n"), text
    assert doc["verdict"] == "backed off: no automatic dream for 9 min, or --force to dream now"
    # `autodream watch` looks at the project again when the wait is over, not before
    # (the key and the endpoint it reads are the process's)
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-test")
    monkeypatch.setenv("ANTHROPIC_BASE_URL", server.url)
    settings = Settings.resolve(layout.project, env=_env(layout, server, T0 + 40 * MINUTE))
    gates.scan_stamp_path(settings).unlink()  # (as if its throttle were over)
    report = gates.evaluate(settings, current_session=SESSION, stamp=False)
    assert report.closed_by == "backoff"
    assert retry_at(settings, report, 0.0) == third + 20 * MINUTE

    # the wait over (and the scan throttle too), the hook tries again; it fails a 4th time, and
    # the next wait is twice as long (40 min from T0 + 44 min)
    assert "dream started" in _turn(layout, server, T0 + 44 * MINUTE)
    assert _outcomes(layout) == ["failed"] * 4
    said = _turn(layout, server, T0 + 80 * MINUTE)
    assert "backoff gate closed: the last 4 dreams failed" in said, said
    assert "dream started" in _turn(layout, server, T0 + 91 * MINUTE)


def test_force_runs_and_a_success_ends_the_back_off(layout: Layout, server: ScriptedAPI) -> None:
    for turn in range(3):
        _turn(layout, server, T0 + turn * 11 * MINUTE)
    assert "backoff gate closed" in _turn(layout, server, T0 + 33 * MINUTE)

    # a person asking: it runs (and fails, the endpoint still down)
    forced = _cli(layout, server, T0 + 34 * MINUTE, "--force")
    assert forced.returncode != 0 and "backoff" not in forced.stderr
    assert _outcomes(layout) == ["failed"] * 4
    # the local engine succeeds: no back-off left
    assert _cli(layout, server, T0 + 35 * MINUTE, "--force", "--backend", "local"
                ).returncode == 0, _outcomes(layout)
    text, doc = _status(layout, server, T0 + 36 * MINUTE)
    assert doc["backoff"] is None and "backed off" not in text


def test_a_new_api_key_lets_the_next_attempt_through(layout: Layout, server: ScriptedAPI) -> None:
    for turn in range(3):
        _turn(layout, server, T0 + turn * 11 * MINUTE)
    # (without a change this turn is backed off: the test above)
    said = _turn(layout, server, T0 + 33 * MINUTE, ANTHROPIC_API_KEY="sk-new")
    assert "dream started" in said, said
    assert _outcomes(layout) == ["failed"] * 4
    # failed with the new key too: backed off again, now 40 min
    assert "backoff gate closed: the last 4 dreams failed" in _turn(
        layout, server, T0 + 44 * MINUTE, ANTHROPIC_API_KEY="sk-new")


def test_a_gate_that_stops_a_dream_is_no_failure(layout: Layout, server: ScriptedAPI) -> None:
    for turn in range(2):
        _turn(layout, server, T0 + turn * 11 * MINUTE)
    # another dream holds the lock: neither the hook's turns nor a forced dream run one
    layout.hold_lock(T0 + 21 * MINUTE, prior_mtime=T0 - 48 * 3600)
    for turn in range(3):
        assert "a dream is running" in _turn(layout, server, T0 + (22 + turn * 11) * MINUTE)
    assert _cli(layout, server, T0 + 60 * MINUTE, "--force").returncode != 0
    assert _outcomes(layout) == ["failed"] * 2
    text, doc = _status(layout, server, T0 + 61 * MINUTE)
    assert doc["backoff"] is None and "backed off" not in text


def test_failures_dated_in_the_future_do_not_hold_the_hook_back(
        layout: Layout, server: ScriptedAPI) -> None:
    # three dreams a person forced while the clock ran 30 days ahead, then the clock put right:
    # counted from them, the wait held for 30 days ('next automatic attempt in 719.4 h')
    for attempt in range(3):
        assert _cli(layout, server, T0 + 30 * 86400 + attempt * MINUTE, "--force"
                    ).returncode == 6
    assert _outcomes(layout) == ["failed"] * 3

    said = _turn(layout, server, T0 + 3600)

    assert "dream started" in said, said
    assert _outcomes(layout) == ["failed"] * 4
    # one failure dated now is no streak yet
    text, doc = _status(layout, server, T0 + 3600 + MINUTE)
    assert doc["backoff"] is None and "backed off" not in text


def test_failures_whose_date_cannot_be_read_do_not_hold_the_hook_back_for_ever(
        layout: Layout, server: ScriptedAPI) -> None:
    for turn in range(3):
        _turn(layout, server, T0 + turn * 11 * MINUTE)
    for record in (layout.memory_dir / ".autodream" / "runs").glob("*/record.json"):
        doc = json.loads(record.read_text())
        doc["started_at"] = doc["ended_at"] = "not a date"
        record.write_text(json.dumps(doc))
    assert _outcomes(layout) == ["failed"] * 3  # (still read, dates aside)

    # counted from 'now' each time, the wait never ended: a day later it still held
    said = _turn(layout, server, T0 + 86400)

    assert "dream started" in said, said



def _watch_once(layout: Layout, server: ScriptedAPI, at: float
                ) -> subprocess.CompletedProcess[str]:
    """One `autodream watch --once --json` pass over the layout's projects at ``at`` (cron)."""
    return subprocess.run(
        [sys.executable, "-m", "autodream.cli", "watch", "--once", "--json", "--idle-minutes",
         "0", "--root", str(layout.claude_home / "projects")], capture_output=True, text=True,
        env=_env(layout, server, at), timeout=60)


def test_a_watch_pass_after_the_hooks_failures_is_backed_off_too(
        layout: Layout, server: ScriptedAPI) -> None:
    for turn in range(3):
        _turn(layout, server, T0 + turn * 11 * MINUTE)

    # the watch names the project by its sessions folder (its transcripts record no cwd), the
    # hook by Claude Code's cwd: read as a change a person made, that let a dream through
    result = _watch_once(layout, server, T0 + 33 * MINUTE)

    [decision] = json.loads(result.stdout)["decisions"]
    assert decision["detail"].startswith("backoff gate closed: the last 3 dreams failed"), decision
    assert _outcomes(layout) == ["failed"] * 3


def test_watch_once_exits_as_a_failed_dream_while_backed_off(
        layout: Layout, server: ScriptedAPI) -> None:
    for turn in range(3):
        _turn(layout, server, T0 + turn * 11 * MINUTE)

    # cron runs a pass: it exited 0 ('wait') while every dream failed
    result = _watch_once(layout, server, T0 + 33 * MINUTE)

    assert result.returncode == 6, (result.stdout, result.stderr)
    doc = json.loads(result.stdout)
    assert doc["status"] == "error"
    [decision] = doc["decisions"]
    assert decision["action"] == "backed-off", decision
    assert decision["exit_code"] == 6
    assert decision["detail"].startswith("backoff gate closed: the last 3 dreams failed"), decision
    # without --json: the error line a cron mail shows (a pass within the scan throttle of the
    # last waits for it first, as ever: the next hourly one)
    (layout.memory_dir / ".autodream" / gates.SCAN_STAMP_FILENAME).unlink()
    plain = subprocess.run(
        [sys.executable, "-m", "autodream.cli", "watch", "--once", "--idle-minutes", "0",
         "--root", str(layout.claude_home / "projects")], capture_output=True, text=True,
        env=_env(layout, server, T0 + 34 * MINUTE), timeout=60)
    assert plain.returncode == 6
    assert "Error: 1 project(s) failed: " in plain.stderr, plain.stderr
    assert "backoff gate closed" in plain.stderr
    assert _outcomes(layout) == ["failed"] * 3  # (no dream tried)


@pytest.mark.parametrize("variable", ["ANTHROPIC_BASE_URL", "HTTPS_PROXY"])
def test_an_endpoint_or_proxy_put_right_lets_the_next_attempt_through(
        layout: Layout, server: ScriptedAPI, variable: str) -> None:
    wrong = {"ANTHROPIC_BASE_URL": "http://127.0.0.1:9", "HTTPS_PROXY": "http://127.0.0.1:9"}
    for turn in range(3):
        _turn(layout, server, T0 + turn * 11 * MINUTE, **{variable: wrong[variable]})
    assert _outcomes(layout) == ["failed"] * 3
    unchanged = _cli(layout, server, T0 + 33 * MINUTE, "status", "--json",
                     **{variable: wrong[variable]})
    assert json.loads(unchanged.stdout)["backoff"]["backed_off"] is True

    # the endpoint fixed, the proxy given right (here: the scripted server again, no proxy)
    said = _turn(layout, server, T0 + 33 * MINUTE)

    assert "dream started" in said, said


def test_status_and_a_dream_list_the_gates_in_one_order(
        layout: Layout, server: ScriptedAPI) -> None:
    for turn in range(3):
        _turn(layout, server, T0 + turn * 11 * MINUTE)

    dream = _cli(layout, server, T0 + 33 * MINUTE, "--json")
    status = _cli(layout, server, T0 + 33 * MINUTE, "status", "--json")

    dreamt = [gate["name"] for gate in json.loads(dream.stdout)["gates"]["gates"]]
    listed = [gate["name"] for gate in json.loads(status.stdout)["gates"]]
    assert dreamt == ["time", "scan", "backoff"], dreamt  # (the chain ends at the closed one)
    assert listed == ["time", "scan", "backoff", "lock"], listed


def test_a_refused_dream_and_status_say_each_thing_once(
        layout: Layout, server: ScriptedAPI) -> None:
    for turn in range(3):
        _turn(layout, server, T0 + turn * 11 * MINUTE)
    error = "script exhausted"  # (the scripted endpoint's 500)

    refused = _cli(layout, server, T0 + 33 * MINUTE)
    text = _cli(layout, server, T0 + 33 * MINUTE, "status").stdout

    assert refused.returncode == 4
    assert refused.stderr.count("next automatic attempt in 9 min") == 1, refused.stderr
    assert refused.stderr.count(error) == 1, refused.stderr
    # the problem line says what failed, the backoff gate line until when, each once
    assert text.count(error) == 1, text
    assert text.count("(in 9 min)") == 1, text
    assert text.count("failed the same way") == 2, text  # (the gate line and the problem line)


def test_the_failed_inputs_are_kept_only_in_a_state_dir_that_is_there(tmp_path: Path) -> None:
    from autodream.backoff import FAILED_INPUTS_FILENAME, keep_failed_inputs

    memory = tmp_path / "memory"
    memory.mkdir()
    settings = Settings(project_root=tmp_path, memory_dir=memory, sessions_dir=tmp_path)
    keep_failed_inputs(settings)  # the state dir moved away mid-run: not made afresh
    assert not settings.state_dir.exists()

    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    settings.state_dir.symlink_to(elsewhere)
    keep_failed_inputs(settings)  # nor written through a link
    assert list(elsewhere.iterdir()) == []

    settings.state_dir.unlink()
    settings.state_dir.mkdir()
    keep_failed_inputs(settings)
    kept = (settings.state_dir / FAILED_INPUTS_FILENAME).read_text()
    assert len(kept) == 8 and int(kept, 16) >= 0  # a crc32 digest, nothing in clear


@pytest.mark.parametrize("edit", ["autodream.toml", "MEMORY.md"])
def test_an_edited_settings_file_or_index_lets_the_next_attempt_through(
        layout: Layout, server: ScriptedAPI, edit: str) -> None:
    for turn in range(3):
        _turn(layout, server, T0 + turn * 11 * MINUTE)
    unchanged = _cli(layout, server, T0 + 33 * MINUTE, "status", "--json")
    assert json.loads(unchanged.stdout)["backoff"]["backed_off"] is True

    # the person fixes what they think is wrong: a setting, or the index the dreams choke on
    if edit == "autodream.toml":
        (layout.project / "autodream.toml").write_text("max_turns = 31\n")
    else:
        (layout.memory_dir / "MEMORY.md").write_text("- [Notes](notes.md) - the notes\n")
    said = _turn(layout, server, T0 + 33 * MINUTE)

    assert "dream started" in said, said
    assert _outcomes(layout) == ["failed"] * 4


def test_the_wait_is_capped_at_a_day(layout: Layout, server: ScriptedAPI) -> None:
    # scans throttled to one every 10 h: 3 failures wait 20 h, a 4th would wait 40 h
    slow = {"AUTODREAM_SCAN_INTERVAL_MINUTES": "600"}
    for attempt in range(4):
        assert _cli(layout, server, T0 + attempt * MINUTE, "--force", **slow).returncode == 6
    at = T0 + 4 * MINUTE

    doc = json.loads(_cli(layout, server, at, "status", "--json", **slow).stdout)["backoff"]

    assert doc["failures"] == 4 and doc["backed_off"] is True, doc
    assert doc["wait_seconds"] == 24 * 3600
    assert doc["next_attempt_in_seconds"] == pytest.approx(24 * 3600 - MINUTE)
