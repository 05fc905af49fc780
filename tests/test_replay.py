"""Replay mechanics: the copy, the reveal order and mtimes, the clock, gates, dreams, the report.

The gate chain and the dream are passed in as recorders here, so each test sees exactly what
replay hands them at each instant; tests/test_replay_scenarios.py runs the real pipeline.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from click.testing import CliRunner

from autodream import replay as replay_module
from autodream.cli import cli
from autodream.errors import BadInput, CheckFailed, DreamFailed, GateClosed
from autodream.replay import DreamReport, GateVerdict, pipeline_dream, replay, session_end
from autodream.run import DreamContext, StepResult
from autodream.settings import Settings
from tests.factories import TranscriptBuilder

T0 = datetime(2026, 7, 1, 9, 0, tzinfo=UTC)
NOW = "2026-07-20T09:00:00Z"
NOW_DT = datetime(2026, 7, 20, 9, 0, tzinfo=UTC)

SCENARIO_TOML = f"""\
description = "three sessions"
now = "{NOW}"
[gates]
min_sessions = 2

[[expect]]
id = "jira"
category = "knowledge"
present = '(?i)\\bjira\\b'

[[expect]]
id = "no-linear"
category = "knowledge"
absent = '(?i)uses linear'

[[expect]]
id = "no-secret"
category = "secrets"
absent = 'hunter2'
"""


def make_scenario(root: Path, starts: list[datetime], toml: str = SCENARIO_TOML) -> list[str]:
    """A scenario whose session i starts at ``starts[i]``; returns ids in file-name order."""
    (root / "memory").mkdir(parents=True)
    (root / "memory" / "MEMORY.md").write_text("- [Tracker](tracker.md) — uses Linear\n")
    (root / "memory" / "tracker.md").write_text(
        "---\nname: Tracker\ndescription: tracker\ntype: project\n---\n\nWhere work is tracked.\n"
    )
    (root / "project").mkdir()
    (root / "project" / "app.py").write_text("print('hi')\n")
    (root / "scenario.toml").write_text(toml)
    ids = []
    for i, start in enumerate(starts):
        b = TranscriptBuilder(session_id=f"{i:08d}-0000-4000-8000-000000000000", start=start)
        b.user(f"message {i}").assistant("ok").user("we moved to Jira", advance_s=600)
        # A committed file's mtime means nothing; replay must set it from the records.
        b.write(root / "sessions", set_mtime=False)
        ids.append(b.session_id)
    return ids


@dataclass
class Recorder:
    """Stands in for the gate chain and the dream; remembers what replay showed it."""

    open_when: int = 2  # gates open once this many unreviewed sessions (excluding current) exist
    memory_text: str = "- [Tracker](tracker.md) — we moved to Jira\n"
    touch_outside: bool = False
    fail_forced: bool = False
    gate_calls: list[dict[str, object]] = field(default_factory=list)
    dream_calls: list[dict[str, object]] = field(default_factory=list)
    _reviewed: set[str] = field(default_factory=set)

    def gate(self, settings: Settings, current: str) -> GateVerdict:
        files = {p.stem: p.stat().st_mtime for p in settings.sessions_dir.glob("*.jsonl")}
        self.gate_calls.append({"now": settings.now(), "current": current, "files": files})
        waiting = [s for s in files if s != current and s not in self._reviewed]
        if len(waiting) >= self.open_when:
            return GateVerdict(True, "all gates open")
        return GateVerdict(False, f"session gate: {len(waiting)} < {self.open_when}")

    def dream(self, settings: Settings, current: str | None) -> DreamReport:
        forced = current is None
        self.dream_calls.append(
            {
                "now": settings.now(),
                "forced": forced,
                "backend": settings.backend,
                "min_sessions": settings.min_sessions,
                "sessions": sorted(p.stem for p in settings.sessions_dir.glob("*.jsonl")),
            }
        )
        if forced and self.fail_forced:
            raise CheckFailed("MEMORY.md has 240 lines (max 200)")
        seen = {p.stem for p in settings.sessions_dir.glob("*.jsonl")}
        self._reviewed |= seen
        settings.index_path.write_text(self.memory_text)
        if self.touch_outside:
            (settings.project_root / "app.py").write_text("print('tampered')\n")
        return DreamReport(run_id=f"run-{len(self.dream_calls)}")


def run(root: Path, rec: Recorder, **kw: object) -> replay_module.ScenarioResult:
    return replay(root, gate_check=rec.gate, dream_step=rec.dream, **kw)  # type: ignore[arg-type]


def snapshot(root: Path) -> dict[str, tuple[bytes, float]]:
    return {
        str(p.relative_to(root)): (p.read_bytes(), p.stat().st_mtime)
        for p in sorted(root.rglob("*"))
        if p.is_file()
    }


def test_scenario_dir_is_never_modified(tmp_path: Path) -> None:
    root = tmp_path / "sc"
    make_scenario(root, [T0, T0 + timedelta(days=1), T0 + timedelta(days=2)])
    before = snapshot(root)
    result = run(root, Recorder())
    assert result.dreams_run >= 1
    assert snapshot(root) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["sc"]


def test_sessions_revealed_in_order_of_their_end_with_mtime_and_clock_at_the_end(
    tmp_path: Path,
) -> None:
    root = tmp_path / "sc"
    # File-name order is s0, s1, s2; end order is s2, s0, s1.
    ids = make_scenario(root, [T0 + timedelta(days=3), T0 + timedelta(days=5), T0])
    ends = {i: session_end(root / "sessions" / f"{i}.jsonl") for i in ids}
    rec = Recorder(open_when=99)
    run(root, rec)
    order = [call["current"] for call in rec.gate_calls]
    assert order == [ids[2], ids[0], ids[1]]
    for call in rec.gate_calls:
        end = ends[str(call["current"])]
        assert end is not None
        assert call["now"] == end.timestamp(), "gates run at the instant the session ended"
        files = call["files"]
        assert isinstance(files, dict)
        # Only sessions that have ended by now are visible, each with its end as mtime.
        assert set(files) == {i for i in ids if ends[i] is not None and ends[i] <= end}
        for sid, mtime in files.items():
            assert mtime == ends[sid].timestamp()  # type: ignore[union-attr]


def test_gates_open_at_the_right_reveals_and_a_final_forced_dream_at_now(tmp_path: Path) -> None:
    root = tmp_path / "sc"
    days = [0, 1, 2, 3, 4]
    ids = make_scenario(root, [T0 + timedelta(days=d) for d in days])
    rec = Recorder(open_when=2)
    result = run(root, rec)
    # s2 is the first reveal with two other unreviewed sessions; after that dream only s3 waits.
    dreamed_at = [s.session for s in result.steps if s.dreamed]
    assert dreamed_at == [ids[2], None]
    assert [c["forced"] for c in rec.dream_calls] == [False, True]
    assert rec.dream_calls[-1]["now"] == NOW_DT.timestamp()
    assert rec.dream_calls[0]["sessions"] == ids[:3]
    assert rec.dream_calls[-1]["sessions"] == ids
    assert rec.dream_calls[0]["backend"] == "local"
    assert rec.dream_calls[0]["min_sessions"] == 2, "the scenario's [gates] reach the settings"
    closed = [s for s in result.steps if s.gate is not None and not s.gate.open]
    assert [s.session for s in closed] == [ids[0], ids[1], ids[3], ids[4]]
    assert all(s.gate is not None and "session gate" in s.gate.reason for s in closed)


def test_report_fields(tmp_path: Path) -> None:
    root = tmp_path / "sc"
    make_scenario(root, [T0, T0 + timedelta(days=1), T0 + timedelta(days=2)])
    result = run(root, Recorder())
    assert result.ok
    assert result.dreams_run == 2
    assert result.sessions_reviewed == 3
    assert result.outside_changed == []
    assert [(c.category, c.met, c.failed) for c in result.categories] == [
        ("knowledge", 2, 0),
        ("secrets", 1, 0),
    ]
    doc = result.to_dict()
    assert doc["dreams_run"] == 2 and doc["files_outside_memory_changed"] == 0
    assert doc["sessions_revealed"] == 3 and doc["met"] == 3 and doc["failed"] == 0
    assert doc["now"] == NOW and doc["backend"] == "local"
    assert isinstance(doc["seconds"], float)
    json.dumps(doc)


def test_memory_left_as_it_was_fails_and_names_regex_and_line(tmp_path: Path) -> None:
    root = tmp_path / "sc"
    make_scenario(root, [T0])
    rec = Recorder(memory_text="- [Tracker](tracker.md) — uses Linear\n")
    result = run(root, rec)
    assert not result.ok
    failed = {r.id: r for r in result.failed}
    assert set(failed) == {"jira", "no-linear"}
    match = failed["no-linear"].match
    assert match is not None
    assert (match.file, match.line_no) == ("MEMORY.md", 1)
    assert match.line == "- [Tracker](tracker.md) — uses Linear"


def test_a_file_changed_outside_memory_fails_the_scenario(tmp_path: Path) -> None:
    root = tmp_path / "sc"
    make_scenario(root, [T0])
    result = run(root, Recorder(touch_outside=True))
    assert result.outside_changed == ["project/app.py"]
    assert not result.ok


def test_a_failed_dream_is_reported_and_fails_the_scenario(tmp_path: Path) -> None:
    root = tmp_path / "sc"
    make_scenario(root, [T0, T0 + timedelta(days=1), T0 + timedelta(days=2)])
    result = run(root, Recorder(fail_forced=True))
    assert result.dream_errors == ["MEMORY.md has 240 lines (max 200)"]
    assert result.dreams_run == 1
    assert not result.ok


def test_a_gate_closed_inside_the_dream_is_no_dream_and_no_error(tmp_path: Path) -> None:
    root = tmp_path / "sc"
    make_scenario(root, [T0])

    def locked(settings: Settings, current: str | None) -> DreamReport:
        raise GateClosed("lock held by pid 4242")

    result = replay(root, gate_check=Recorder().gate, dream_step=locked)
    assert result.dreams_run == 0 and result.dream_errors == []
    assert result.steps[-1].gate is not None and "lock held" in result.steps[-1].gate.reason


def test_backend_override_and_default(tmp_path: Path) -> None:
    root = tmp_path / "sc"
    make_scenario(root, [T0], toml=SCENARIO_TOML.replace("[gates]", 'backend = "auto"\n[gates]'))
    rec = Recorder()
    assert run(root, rec).backend == "auto"
    assert run(root, rec, backend="local").backend == "local"
    assert rec.dream_calls[-1]["backend"] == "local"


def test_session_end_skips_a_damaged_tail_and_undated_records(tmp_path: Path) -> None:
    b = TranscriptBuilder(start=T0).user("hello").assistant("hi")
    path = b.write(tmp_path)
    with path.open("ab") as fh:
        fh.write(b'{"type":"summary","summary":"no timestamp"}\n')
        fh.write(b'{"type":"user","timestamp":"2026-07-01T10:00')  # truncated
        fh.write(b"\n\xff\xfe binary\n\n")
    assert session_end(path) == b.end.replace(microsecond=b.end.microsecond // 1000 * 1000)


def test_session_end_across_chunk_boundaries(tmp_path: Path) -> None:
    b = TranscriptBuilder(start=T0)
    for i in range(50):
        b.user("x" * 5000 + str(i))
    path = b.write(tmp_path)
    with path.open("a") as fh:
        fh.write(json.dumps({"type": "progress", "data": "y" * 200_000}) + "\n")
    end = session_end(path)
    assert end is not None and abs((end - b.end).total_seconds()) < 0.001


def test_an_undated_session_is_revealed_at_now(tmp_path: Path) -> None:
    root = tmp_path / "sc"
    make_scenario(root, [T0])
    (root / "sessions" / "junk.jsonl").write_bytes(b"not json\n\x00\x01\n")
    rec = Recorder(open_when=99)
    result = run(root, rec)
    assert result.undated_sessions == ["junk.jsonl"]
    assert rec.gate_calls[-1]["current"] == "junk"
    assert rec.gate_calls[-1]["now"] == NOW_DT.timestamp()


def test_a_session_ending_after_now_is_bad_input(tmp_path: Path) -> None:
    root = tmp_path / "sc"
    make_scenario(root, [NOW_DT + timedelta(days=1)])
    with pytest.raises(BadInput, match=r"^scenario sc: sessions/0+-[-0-9]+\.jsonl: ends .* now"):
        run(root, Recorder())


def test_subagent_transcripts_arrive_with_their_session(tmp_path: Path) -> None:
    root = tmp_path / "sc"
    ids = make_scenario(root, [T0, T0 + timedelta(days=1)])
    sub = root / "sessions" / ids[1] / "subagents"
    sub.mkdir(parents=True)
    TranscriptBuilder(start=T0).user("sub").write(sub, set_mtime=False)
    seen: list[bool] = []

    def gate(settings: Settings, current: str) -> GateVerdict:
        seen.append((settings.sessions_dir / ids[1] / "subagents").is_dir())
        return GateVerdict(False, "closed")

    replay(root, gate_check=gate, dream_step=Recorder().dream)
    assert seen == [False, True]


def test_keep_leaves_the_worked_copy(tmp_path: Path) -> None:
    root = tmp_path / "sc"
    make_scenario(root, [T0])
    keep = tmp_path / "kept"
    result = run(root, Recorder(), keep=keep)
    assert result.kept == str(keep)
    assert "Jira" in (keep / "memory" / "MEMORY.md").read_text()
    assert len(list((keep / "sessions").glob("*.jsonl"))) == 1
    with pytest.raises(BadInput, match="not an empty directory"):
        run(root, Recorder(), keep=keep)


# ---- the real gate chain and run.dream (lock, throttle, clock), with a test dream step ---------


@dataclass
class WritingStep:
    """A ``run.DreamStep`` that writes MEMORY.md and remembers what each dream was given."""

    calls: list[tuple[float, str, list[str]]] = field(default_factory=list)
    fail_at: int | None = None

    def __call__(self, settings: Settings, context: DreamContext) -> StepResult:
        self.calls.append((settings.now(), context.trigger, [s.id for s in context.sessions]))
        if self.fail_at == len(self.calls):
            raise DreamFailed("check failed: MEMORY.md has a broken link")
        settings.index_path.write_text("- [Tracker](tracker.md) — we moved to Jira\n")
        return StepResult(summary="wrote MEMORY.md")


def test_real_gate_chain_opens_at_the_right_reveals_on_the_scenario_clock(tmp_path: Path) -> None:
    root = tmp_path / "sc"
    day, five_min = timedelta(days=1), timedelta(minutes=5)
    starts = [T0, T0 + day, T0 + 2 * day, T0 + 3 * day, T0 + 4 * day, T0 + 4 * day + five_min,
              T0 + 5 * day]
    toml = SCENARIO_TOML.replace("min_sessions = 2", "min_sessions = 2\nmin_hours = 36")
    ids = make_scenario(root, starts, toml=toml)
    step = WritingStep()
    result = replay(root, dream_step=pipeline_dream(step))
    by_session = {s.session: s for s in result.steps}
    reasons = {sid: (by_session[sid].gate.reason if by_session[sid].gate else "")
               for sid in ids}
    assert "scan gate closed: 0 sessions" in reasons[ids[0]]
    assert "scan gate closed: 1 session " in reasons[ids[1]]
    assert by_session[ids[2]].dreamed, "two earlier sessions waiting: the gates open"
    assert "time gate closed: 24.0 h" in reasons[ids[3]], "36 h have not passed since the dream"
    assert "scan gate closed: 1 session " in reasons[ids[4]], "the current session is not counted"
    assert "scan gate closed: last scan 5.0 min ago" in reasons[ids[5]], "throttled"
    assert by_session[ids[6]].dreamed
    assert [s.session for s in result.steps if s.dreamed] == [ids[2], ids[6], None]
    ends = [session_end(root / "sessions" / f"{i}.jsonl") for i in ids]
    assert [c[0] for c in step.calls] == [ends[2].timestamp(), ends[6].timestamp(),  # type: ignore[union-attr]
                                          NOW_DT.timestamp()]
    assert {c[1] for c in step.calls} == {"replay"}
    # Each dream reviews what was touched since the previous one, the ended session included.
    assert [c[2] for c in step.calls] == [ids[:3], ids[3:7], []]
    assert result.sessions_reviewed == 7
    assert result.ok


def test_real_lock_keeps_the_last_dream_start_and_rolls_back_a_failed_dream(
    tmp_path: Path,
) -> None:
    root = tmp_path / "sc"
    ids = make_scenario(root, [T0, T0 + timedelta(days=1), T0 + timedelta(days=2)])
    keep = tmp_path / "kept"
    step = WritingStep(fail_at=2)
    result = replay(root, dream_step=pipeline_dream(step), keep=keep)
    assert result.dream_errors == ["check failed: MEMORY.md has a broken link"]
    assert not result.ok
    # The failed final dream rolled the lock back to the first dream's start.
    first = session_end(root / "sessions" / f"{ids[2]}.jsonl")
    assert first is not None
    assert (keep / "memory" / ".consolidate-lock").stat().st_mtime == first.timestamp()


# ---- the CLI ------------------------------------------------------------------------------------


@pytest.fixture
def recorded(monkeypatch: pytest.MonkeyPatch) -> Recorder:
    rec = Recorder()
    monkeypatch.setattr(replay_module, "real_gate_check", rec.gate)
    monkeypatch.setattr(replay_module, "real_dream_step", rec.dream)
    return rec


def three_scenarios(tmp_path: Path) -> list[str]:
    good = tmp_path / "good"
    make_scenario(good, [T0, T0 + timedelta(days=1), T0 + timedelta(days=2)])
    stale = tmp_path / "stale"
    make_scenario(stale, [T0], toml=SCENARIO_TOML.replace("'hunter2'", "'Jira'"))
    broken = tmp_path / "broken"
    make_scenario(broken, [T0], toml=SCENARIO_TOML.replace(f'now = "{NOW}"\n', ""))
    return [str(good), str(broken), str(stale)]


def test_cli_reports_each_scenario_and_category(tmp_path: Path, recorded: Recorder) -> None:
    result = CliRunner().invoke(cli, ["replay", *three_scenarios(tmp_path)])
    out = result.output
    assert "good: PASS  3/3 met, 2 dream(s), 3 session(s) reviewed, 0 file(s) outside memory" in out
    assert "stale: FAIL  2/3 met" in out
    assert "  knowledge  2/2" in out and "  secrets    0/1" in out
    assert "FAIL no-secret [secrets]: absent 'Jira'" in out
    assert "matched MEMORY.md:1: - [Tracker](tracker.md) — we moved to Jira" in out
    assert "error: scenario broken: now: missing" in out
    assert "3 scenario(s): 1 passed, 1 failed, 1 error(s)" in out
    # Without --check, failing expectations are a report; a scenario that cannot run is bad input.
    assert result.exit_code == 10


def test_cli_check_fails_on_any_failure(tmp_path: Path, recorded: Recorder) -> None:
    good, broken, stale = three_scenarios(tmp_path)
    ok = CliRunner().invoke(cli, ["replay", good, "--check"])
    assert ok.exit_code == 0, ok.output
    assert CliRunner().invoke(cli, ["replay", good, stale, "--check"]).exit_code == 11
    assert CliRunner().invoke(cli, ["replay", good, broken, "--check"]).exit_code == 11
    plain = CliRunner().invoke(cli, ["replay", good, stale])
    assert plain.exit_code == 0, "without --check a failed expectation is reported, not fatal"


def test_cli_json_is_one_document(tmp_path: Path, recorded: Recorder) -> None:
    result = CliRunner().invoke(cli, ["replay", "--json", "--check", *three_scenarios(tmp_path)])
    assert result.exit_code == 11
    doc = json.loads(result.stdout)
    assert doc["ok"] is False
    assert doc["summary"] == {
        "scenarios": 3, "passed": 1, "failed": 1, "errors": 1, "met": 5, "expectations": 6,
        "ok": False,
    }
    by_name = {s["name"]: s for s in doc["scenarios"]}
    assert by_name["broken"]["error"].startswith("scenario broken: now: missing")
    stale = by_name["stale"]
    assert stale["categories"] == [
        {"category": "knowledge", "met": 2, "failed": 0},
        {"category": "secrets", "met": 0, "failed": 1},
    ]
    [failed] = [e for e in stale["expectations"] if not e["met"]]
    assert failed["match"] == {
        "file": "MEMORY.md", "line_no": 1, "line": "- [Tracker](tracker.md) — we moved to Jira"
    }
    assert by_name["good"]["steps"][-1]["forced"] is True


def test_cli_keep_and_backend(tmp_path: Path, recorded: Recorder) -> None:
    good = tmp_path / "good"
    make_scenario(good, [T0])
    keep = tmp_path / "keep"
    result = CliRunner().invoke(
        cli, ["replay", str(good), str(good), "--keep", str(keep), "--backend", "auto", "--json"]
    )
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in keep.iterdir()) == ["good", "good-2"]
    assert {s["backend"] for s in json.loads(result.stdout)["scenarios"]} == {"auto"}
    bad = CliRunner().invoke(cli, ["replay", str(good), "--backend", "gpt"])
    assert bad.exit_code == 2 and "'gpt' is not one of" in bad.output


def test_cli_a_crashing_scenario_does_not_stop_the_others(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    good, crash = tmp_path / "good", tmp_path / "crash"
    make_scenario(good, [T0])
    make_scenario(crash, [T0])
    rec = Recorder()

    def dream(settings: Settings, current: str | None) -> DreamReport:
        if settings.memory_dir.parent.name == "crash":
            raise KeyError("engine bug")
        return rec.dream(settings, current)

    monkeypatch.setattr(replay_module, "real_gate_check", rec.gate)
    monkeypatch.setattr(replay_module, "real_dream_step", dream)
    keep = tmp_path / "kept"
    result = CliRunner().invoke(
        cli, ["replay", "--json", "--keep", str(keep), str(crash), str(good)]
    )
    assert result.exit_code == 10
    doc = json.loads(result.stdout)
    assert [(s["name"], s["ok"]) for s in doc["scenarios"]] == [("crash", False), ("good", True)]
    assert doc["scenarios"][0]["error"] == "scenario crash: internal error: KeyError: 'engine bug'"
    assert "Traceback" in result.stderr


def test_cli_replay_runs_as_a_real_process_on_a_bad_scenario(tmp_path: Path) -> None:
    import subprocess
    import sys

    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "scenario.toml").write_text('now = "2026-07-20T09:00:00Z"\nbogus = 1\n')
    repo = Path(__file__).resolve().parent.parent
    proc = subprocess.run(
        [sys.executable, "-m", "autodream.cli", "replay", str(broken), "--check"],
        capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(repo)}, timeout=60,
    )
    assert proc.returncode == 11
    assert "error: scenario broken: bogus: unknown key" in proc.stderr


def test_cli_takes_a_shell_glob_and_a_dir_of_scenarios(tmp_path: Path, recorded: Recorder) -> None:
    suite = tmp_path / "suite"
    for name in ("a", "b"):
        make_scenario(suite / name, [T0])
    (suite / "make_scenarios.py").write_text("# generator\n")
    globbed = [str(p) for p in sorted(suite.iterdir())]
    result = CliRunner().invoke(cli, ["replay", "--check", *globbed])
    assert result.exit_code == 0, result.output
    assert "make_scenarios.py is a file, not a scenario dir; skipped" in result.output
    whole = CliRunner().invoke(cli, ["replay", "--check", "--json", str(suite)])
    assert [s["name"] for s in json.loads(whole.stdout)["scenarios"]] == ["a", "b"]


@pytest.mark.parametrize("check", [["--check"], []])
def test_cli_a_replay_of_files_only_runs_nothing_and_fails(tmp_path: Path,
                                                           check: list[str]) -> None:
    memory_file = tmp_path / "MEMORY.md"
    memory_file.write_text("# Memory\n")
    result = CliRunner().invoke(cli, ["replay", *check, str(memory_file)])
    # was: "note: ... is a file, not a scenario dir; skipped", "0 scenario(s): 0 passed, ...",
    # exit 0: a check that ran nothing passed
    assert result.exit_code == BadInput.exit_code, result.output
    assert result.stdout == ""
    assert result.stderr == (f"Error: nothing to replay: {memory_file} is a file, not a "
                             "scenario dir (one holding scenario.toml)\n")
    as_json = CliRunner().invoke(cli, ["replay", *check, "--json", str(memory_file)])
    assert as_json.exit_code == BadInput.exit_code
    assert json.loads(as_json.stdout)["status"] == "error"


def test_cli_json_a_scenario_that_cannot_run_is_named_in_the_one_error_line(
        tmp_path: Path) -> None:
    # Under --json nothing is printed above the error line, so it says which and why itself.
    missing = tmp_path / "missing"
    result = CliRunner().invoke(cli, ["replay", "--json", str(missing)])
    assert result.exit_code == 9  # not found, as the table says (was 10, bad input)
    doc = json.loads(result.stdout)
    assert doc["error"] == ("1 scenario(s) could not run: scenario missing: no such directory: "
                            f"{missing}")
    assert result.stderr.strip().splitlines() == [f"Error: {doc['error']}"]


def test_cli_absent_and_present_match_each_memory_file_on_its_own(
        tmp_path: Path, recorded: Recorder) -> None:
    """A regex was searched in all memory files joined: '(?s)pytest -x.*pytest -x.*pytest -x'
    matched once in MEMORY.md and twice in testing.md, and the report named 'MEMORY.md:2' as
    if that one line said it three times. Each file is searched on its own now, and a match
    names the file it is in."""
    recorded.memory_text = "- [Tracker](tracker.md) — we moved to Jira\n- Run pytest -x first\n"
    root = tmp_path / "thrice"
    make_scenario(root, [T0], toml=SCENARIO_TOML.split("[[expect]]")[0] + """\
[[expect]]
id = "not-thrice"
category = "testing"
absent = '(?s)pytest -x.*pytest -x.*pytest -x'

[[expect]]
id = "thrice-said"
category = "testing"
present = '(?s)pytest -x.*pytest -x.*pytest -x'

[[expect]]
id = "not-twice"
category = "testing"
absent = '(?s)pytest -x.*pytest -x'
""")
    (root / "memory" / "testing.md").write_text(
        "---\nname: Testing\ndescription: tests\ntype: feedback\n---\n\n"
        "Run pytest -x before a push.\nIn CI too: pytest -x.\n"
    )
    result = CliRunner().invoke(cli, ["replay", "--json", str(root)])
    assert result.exit_code == 0, result.output
    [scenario] = json.loads(result.stdout)["scenarios"]
    verdicts = {e["id"]: (e["met"], e["match"]) for e in scenario["expectations"]}
    assert verdicts["not-thrice"] == (True, None)
    assert verdicts["thrice-said"] == (False, None)
    assert verdicts["not-twice"] == (False, {
        "file": "testing.md", "line_no": 7, "line": "Run pytest -x before a push."})
    text = CliRunner().invoke(cli, ["replay", str(root)]).output
    assert "matched testing.md:7: Run pytest -x before a push." in text
    assert "MEMORY.md:2" not in text


@pytest.mark.parametrize("now", ['"2026-07-14 09:00"', "2026-07-14T09:00:00"],
                         ids=["string", "toml-local-datetime"])
def test_cli_a_now_without_a_timezone_is_refused(
        tmp_path: Path, recorded: Recorder, now: str) -> None:
    """now = "2026-07-14 09:00" was read as UTC without a word: written anywhere else, the
    replay ran hours off what its author meant. It is refused as a missing now is."""
    root = tmp_path / "naive"
    make_scenario(root, [T0], toml=SCENARIO_TOML.replace(f'"{NOW}"', now))
    result = CliRunner().invoke(cli, ["replay", str(root)])
    assert result.exit_code == BadInput.exit_code, result.output
    assert "error: scenario naive: now: needs a timezone offset" in result.output
    assert recorded.dream_calls == []


def test_cli_a_scenario_with_no_expectation_is_an_error(
        tmp_path: Path, recorded: Recorder) -> None:
    """A scenario with no [[expect]] passed '0/0 met' (and replay --check exited 0) whatever
    its dreams wrote. It is an error now: a scenario that checks nothing."""
    root = tmp_path / "unchecked"
    make_scenario(root, [T0], toml=SCENARIO_TOML.split("[[expect]]")[0])
    result = CliRunner().invoke(cli, ["replay", "--check", str(root)])
    assert result.exit_code == 11, result.output
    assert "error: scenario unchecked: expect: none given" in result.output
    assert "PASS" not in result.output
    plain = CliRunner().invoke(cli, ["replay", str(root)])
    assert plain.exit_code == BadInput.exit_code
