from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable
from pathlib import Path

import pytest

from autodream import gates
from autodream.lock import ConsolidationLock
from autodream.settings import FixedClock
from autodream.transcripts.model import SessionInfo
from tests.claude_layout import T0, Layout, make_layout, run_cli
from tests.factories import TranscriptBuilder

HOUR = 3600.0
LAST = T0 - 30 * HOUR  # the last dream


@pytest.fixture
def layout(tmp_path: Path) -> Layout:
    return make_layout(tmp_path)


@pytest.mark.parametrize(("hours_since", "is_open"), [(23.99, False), (24.0, True), (100, True)])
def test_time_gate_opens_at_min_hours(layout: Layout, hours_since: float, is_open: bool) -> None:
    layout.set_lock(T0 - hours_since * HOUR)
    report = gates.evaluate(layout.settings(min_sessions=0))
    time_result = report.results[0]
    assert (time_result.name, time_result.open) == ("time", is_open)
    assert f"{hours_since:.1f} h" in time_result.figure
    assert report.closed_by == (None if is_open else "time")
    if not is_open:
        assert len(report.results) == 1, "the first closed gate ends the chain"


def test_time_gate_is_open_when_never_consolidated(layout: Layout) -> None:
    report = gates.evaluate(layout.settings(min_sessions=0))
    assert report.open
    assert report.results[0].figure == "never consolidated"


@pytest.mark.parametrize(("sessions", "is_open"), [(4, False), (5, True)])
def test_scan_gate_opens_at_min_sessions(layout: Layout, sessions: int, is_open: bool) -> None:
    layout.set_lock(LAST)
    touched = [layout.add_session(LAST + 60 * (i + 1)) for i in range(sessions)]
    layout.add_session(LAST - 60)  # before the last dream: not counted
    report = gates.evaluate(layout.settings())
    scan = report.result("scan")
    assert scan is not None and scan.open is is_open
    assert f"{sessions} sessions touched" in scan.figure
    assert [s.id for s in report.sessions] == touched
    assert all(s.path.is_file() for s in report.sessions)
    assert report.closed_by == (None if is_open else "scan")


def test_current_and_subagent_sessions_are_not_counted(layout: Layout) -> None:
    layout.set_lock(LAST)
    counted = [layout.add_session(LAST + 60 * i) for i in range(1, 3)]
    current = layout.add_session(LAST + 600)
    parent = counted[0]
    subagents = layout.sessions_dir / parent / "subagents"
    subagents.mkdir(parents=True)
    (subagents / "agent-a1b2c3d4.jsonl").write_text("{}\n")
    (layout.sessions_dir / "agent-a1b2c3d4.jsonl").write_text("{}\n")  # older layout
    (layout.sessions_dir / "notes.jsonl").write_text("{}\n")
    (layout.sessions_dir / f"{parent}.jsonl.bak").write_text("{}\n")
    TranscriptBuilder(session_id="11111111-2222-4333-8444-555555555555").user("hi").write(
        layout.sessions_dir, set_mtime=False
    )
    sessions = gates.sessions_since(layout.settings(), LAST, exclude_id=current)
    assert [s.id for s in sessions] == [*counted, "11111111-2222-4333-8444-555555555555"]


def test_scan_is_throttled_within_the_interval(layout: Layout) -> None:
    layout.set_lock(LAST)
    first = gates.evaluate(layout.settings())
    assert first.closed_by == "scan"
    for i in range(5):
        layout.add_session(T0 + i)
    throttled = gates.evaluate(layout.settings(now=T0 + 9.9 * 60))
    scan = throttled.result("scan")
    assert scan is not None and not scan.open
    assert "last scan 9.9 min ago" in scan.figure
    assert throttled.sessions == [], "a throttled gate does not scan"
    reopened = gates.evaluate(layout.settings(now=T0 + 10 * 60))
    assert reopened.open
    assert len(reopened.sessions) == 5


def test_throttle_holds_across_processes(layout: Layout) -> None:
    layout.set_lock(LAST)
    first = run_cli(layout, env=layout.env(AUTODREAM_NOW=str(T0)))
    assert first.returncode == 4, first.stderr
    assert "scan gate closed: 0 sessions" in first.stderr
    for i in range(5):
        layout.add_session(T0 + i)
    second = run_cli(layout, env=layout.env(AUTODREAM_NOW=str(T0 + 5 * 60)))
    assert second.returncode == 4
    assert "last scan 5.0 min ago" in second.stderr
    third = run_cli(layout, env=layout.env(AUTODREAM_NOW=str(T0 + 11 * 60)))
    # Every gate is open now: the dream runs (local engine, no key) and the lock keeps its start.
    assert "gate closed" not in third.stderr
    assert third.returncode == 0, third.stderr
    assert "no API key: using the local engine" in third.stderr
    assert layout.lock_path.stat().st_mtime == pytest.approx(T0 + 11 * 60, abs=1)


def test_force_skips_time_and_scan_but_never_the_lock(layout: Layout) -> None:
    layout.set_lock(T0 - HOUR)  # time gate closed, no sessions
    forced = gates.evaluate(layout.settings(), force=True)
    assert forced.open
    assert [r.skipped for r in forced.results] == [True, True, False]

    layout.hold_lock(T0 - 60, prior_mtime=LAST)
    held = gates.evaluate(layout.settings(), force=True)
    assert held.closed_by == "lock"
    lock_result = held.result("lock")
    assert lock_result is not None and f"pid {os.getpid()}" in lock_result.figure


def test_a_running_dream_closes_the_time_gate(layout: Layout) -> None:
    layout.set_lock(LAST)
    lease = ConsolidationLock.for_settings(layout.settings(min_hours=0)).acquire()
    report = gates.evaluate(layout.settings(now=T0 + 60, min_hours=0, min_sessions=0))
    assert report.closed_by == "time"
    assert "a dream is running" in report.results[0].reason
    lease.rollback()


def test_inspect_reports_every_gate_and_touches_nothing(layout: Layout) -> None:
    layout.set_lock(T0 - HOUR)
    layout.add_session(T0 - 60)
    stamp = gates.scan_stamp_path(layout.settings())
    report = gates.inspect(layout.settings())
    assert [r.name for r in report.results] == ["time", "scan", "lock"]
    assert not stamp.exists()
    assert layout.lock_path.stat().st_mtime == T0 - HOUR
    assert len(report.sessions) == 1


def test_sessions_since_without_a_sessions_dir_is_empty(layout: Layout) -> None:
    settings = layout.settings()
    assert not settings.sessions_dir.exists()
    assert gates.sessions_since(settings, None) == []


def test_clock_is_the_only_source_of_now(layout: Layout) -> None:
    layout.set_lock(LAST)
    clock = FixedClock(LAST + HOUR)
    settings = dataclasses.replace(layout.settings(min_sessions=0), clock=clock)
    assert gates.evaluate(settings).closed_by == "time"
    clock.advance(23 * HOUR)
    assert gates.evaluate(settings).open


def test_scan_yields_the_sessions_a_full_listing_would_in_order(layout: Layout) -> None:
    """The lazy scan's ``SessionInfo`` values equal ones built by hand from ``os.stat``: the
    same ids, paths, sizes and mtimes, oldest first with ties broken by id."""
    layout.set_lock(LAST)
    tied = LAST + 120
    valid = [
        layout.add_session(LAST + 300),
        layout.add_session(tied, "bbbbbbbb-0000-4000-8000-000000000000"),
        layout.add_session(tied, "aaaaaaaa-0000-4000-8000-000000000000"),
        layout.add_session(LAST + 60, "ABCDEF01-2345-4678-9ABC-DEF012345678"),  # upper-case hex
    ]
    current = layout.add_session(LAST + 600)
    layout.add_session(LAST - 60)  # before the last dream
    base = layout.sessions_dir
    (base / "archive").mkdir()
    target = base / "archive" / "elsewhere.jsonl"
    target.write_text("{}\n{}\n")
    os.utime(target, (LAST + 30, LAST + 30))
    linked = "cccccccc-0000-4000-8000-000000000000"
    (base / f"{linked}.jsonl").symlink_to(target)  # inside the sessions dir: counted
    valid.append(linked)
    (base / "dddddddd-0000-4000-8000-000000000000.jsonl").symlink_to(base / "gone")  # dangling
    (base / "eeeeeeee-0000-4000-8000-000000000000.jsonl").mkdir()  # a dir, not a transcript
    (base / "zzzzzzzz-0000-4000-8000-000000000000.jsonl").write_text("{}\n")  # not hex
    (base / "ffffffff_0000-4000-8000-000000000000.jsonl").write_text("{}\n")  # not a uuid
    (base / "agent-a1b2c3d4.jsonl").write_text("{}\n")

    def info(session_id: str) -> SessionInfo:
        path = base / f"{session_id}.jsonl"
        st = path.stat()
        return SessionInfo(session_id, path, "claude-code", st.st_size, st.st_mtime)

    expected = sorted((info(i) for i in valid), key=lambda s: (s.mtime, s.id))
    assert [s.id[:4] for s in expected] == ["cccc", "ABCD", "aaaa", "bbbb", valid[0][:4]]
    scan = gates.scan_sessions(layout.settings(), LAST, exclude_id=current)
    assert len(scan) == len(expected)
    assert scan.ids == [s.id for s in expected]
    assert scan.infos() == expected
    assert gates.sessions_since(layout.settings(), LAST, exclude_id=current) == expected


def test_the_scan_gate_counts_without_building_session_infos(
    layout: Layout, monkeypatch: pytest.MonkeyPatch
) -> None:
    layout.set_lock(LAST)
    touched = [layout.add_session(LAST + 60 * (i + 1)) for i in range(5)]

    def no_infos(*args: object, **kwargs: object) -> SessionInfo:
        raise AssertionError("the gate chain built a SessionInfo")

    monkeypatch.setattr(gates, "SessionInfo", no_infos)
    report = gates.evaluate(layout.settings())
    assert report.open and report.summary() == "all gates open"
    scan = report.result("scan")
    assert scan is not None and scan.figure == "5 sessions touched since the last dream"
    assert report.scan.ids == touched
    monkeypatch.undo()
    sessions = report.sessions
    assert [s.id for s in sessions] == touched
    assert report.sessions is sessions, "built once, then the same list"
    report.sessions = sessions[:2]  # assignable, as when it was a plain field
    assert report.scan.ids == touched[:2] and len(report.scan) == 2
    assert report.as_dict()["sessions"] == [
        {"id": s.id, "path": str(s.path), "source": "claude-code", "mtime": s.mtime,
         "size": s.size}
        for s in sessions[:2]
    ]


def _mark_pending(layout: Layout, *session_ids: str) -> None:
    from autodream.transcripts.offsets import OFFSETS_FILENAME, OffsetStore

    store = OffsetStore(layout.settings().state_dir / OFFSETS_FILENAME)
    for session_id in session_ids:
        store.mark_pending(layout.sessions_dir / f"{session_id}.jsonl")
    store.save()


@pytest.mark.parametrize("gate", [gates.evaluate, gates.inspect])
def test_memories_held_back_by_the_last_dream_open_the_scan_gate(
    layout: Layout, gate: Callable[..., gates.GateReport]
) -> None:
    layout.set_lock(LAST)
    held = layout.add_session(LAST - 600)  # read by the last dream, not touched since
    _mark_pending(layout, held)
    report = gate(layout.settings())
    scan = report.result("scan")
    assert scan is not None and scan.open
    assert scan.figure == "0 sessions touched since the last dream, 1 with memories the last " \
        "dream held back"
    assert "max_files_touched" in scan.reason
    assert report.held_back == [str(layout.sessions_dir / f"{held}.jsonl")]
    assert report.as_dict()["held_back_sessions"] == report.held_back


@pytest.mark.parametrize("index_there", [True, False])
@pytest.mark.parametrize("gate", [gates.evaluate, gates.inspect])
def test_notes_the_last_dream_left_in_memory_md_open_the_scan_gate(
    layout: Layout, gate: Callable[..., gates.GateReport], index_there: bool
) -> None:
    from autodream.transcripts.offsets import OFFSETS_FILENAME, OffsetStore

    layout.set_lock(LAST)
    settings = layout.settings()
    settings.memory_dir.mkdir(parents=True, exist_ok=True)
    if index_there:
        settings.index_path.write_text("- Deploys need a green build.\n", encoding="utf-8")
    store = OffsetStore(settings.state_dir / OFFSETS_FILENAME)
    store.mark_notes_waiting(settings.index_path, 3)
    store.save()
    report = gate(settings)
    scan = report.result("scan")
    assert scan is not None and scan.open == index_there
    assert report.notes_waiting == (3 if index_there else 0)
    assert report.as_dict()["notes_waiting"] == report.notes_waiting
    if index_there:
        assert scan.figure == ("0 sessions touched since the last dream, 3 notes written in "
                               "MEMORY.md waiting to be moved")
        assert "max_files_touched" in scan.reason


def test_held_back_sessions_count_once_and_only_while_their_transcript_exists(
    layout: Layout,
) -> None:
    layout.set_lock(LAST)
    touched = layout.add_session(LAST + 60)  # held back and touched since: counted by the scan
    gone = layout.add_session(LAST - 600)
    _mark_pending(layout, touched, gone)
    (layout.sessions_dir / f"{gone}.jsonl").unlink()
    report = gates.evaluate(layout.settings())
    scan = report.result("scan")
    assert scan is not None and not scan.open
    assert scan.figure == "1 session touched since the last dream"
    assert report.held_back == []
