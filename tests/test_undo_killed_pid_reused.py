"""A killed run's record names its PID and when that process started: a live process of the
same PID that started at another time (the PID reused, or this very command's, as PID 1 is in
each container) is not the run's, so recovery closes its record as the lock frees its holder."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from autodream import journal
from autodream.procs import process_start
from tests.factories import REPO_ROOT, TranscriptBuilder, run_cli
from tests.test_undo_killed_moves import _UNDO_STOPPED_AT_THE_POSITIONS
from tests.test_undo_later_dreams import _two_runs_reading_one_session


def _kill_undo_of_b(root: Path) -> tuple[Path, Path, str]:
    """A read a session's first saying (ruff), B its second (db1); 'undo B' killed as it
    saved the rewound read positions. The session, the undo's record file and B's id."""
    session, (_, b), at = _two_runs_reading_one_session(root)
    memory = root / "memory"
    env = {**os.environ, "PYTHONPATH": str(REPO_ROOT)}
    proc = subprocess.run(
        [sys.executable, "-c", _UNDO_STOPPED_AT_THE_POSITIONS, str(memory), b, "undo B",
         "killed", at(5), "0"], env=env, capture_output=True, text=True, timeout=60)
    assert proc.returncode == -signal.SIGKILL, proc.stderr
    [record] = [p for p in (memory / ".autodream" / "runs").glob("*/record.json")
                if '"running"' in p.read_text("utf-8")]
    return session, record, b


def _say(session: Path, root: Path, text: str, when: datetime) -> None:
    more = TranscriptBuilder(session_id=session.stem, cwd=str(root / "project"), start=when)
    more.user(text)
    with session.open("a", encoding="utf-8") as fh:
        fh.writelines(json.dumps(rec) + "\n" for rec in more.records)


@pytest.mark.parametrize("whose", ["this command's", "another live process's"])
def test_an_undo_killed_whose_pid_now_runs_another_process_is_recovered(
    tmp_path: Path, whose: str
) -> None:
    """'undo B' killed before it saved the rewound read positions, its PID then running
    another process (this command itself, or PID 1), the session grown ('deploys are frozen
    on Fridays'): recovery took the record for a run still going and never settled it, so
    the next 'autodream --force' read on from where B's read ended ('1 session read'), and the
    db1 memory B made was never made again: gone for good (review rev81)."""
    root = tmp_path / "work"
    session, record, b = _kill_undo_of_b(root)
    data = json.loads(record.read_text("utf-8"))
    data["pid"] = os.getpid() if whose == "this command's" else 1
    record.write_text(json.dumps(data), encoding="utf-8")
    _say(session, root, "Remember that deploys are frozen on Fridays.",
         datetime(2026, 7, 1, 15, 0, tzinfo=UTC))

    run_cli(root, "--force", now="2026-07-01T16:00:00+00:00")
    kept = "".join(p.read_text("utf-8") for p in (root / "memory").glob("*.md"))
    assert "The staging database is on db1." in kept, kept
    assert "Deploys are frozen on Fridays." in kept, kept
    [undo] = [r for r in journal.list_runs(root / "memory" / ".autodream") if r.undoes == b]
    assert undo.outcome == "committed" and str(session) in undo.offsets


def test_a_live_run_s_record_stays_open_and_one_without_a_start_time_too(
    tmp_path: Path,
) -> None:
    """A record of a process still running (its PID and start time) is not closed, nor is one
    written before records kept a start time while its PID runs: closing a run still going
    would roll its commit back under it."""
    root = tmp_path / "work"
    _, record, _ = _kill_undo_of_b(root)
    memory = root / "memory"
    state = memory / ".autodream"
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        started, since_boot = None, None
        for _ in range(100):
            started, since_boot = process_start(child.pid)
            if started is not None:
                break
            time.sleep(0.05)
        when = datetime(2026, 7, 1, 16, 0, tzinfo=UTC)
        data = json.loads(record.read_text("utf-8"))
        for fields in ({"pid": child.pid, "pid_started": started, "pid_since_boot": since_boot},
                       {"pid": child.pid}, {"pid": os.getpid()}):
            data.pop("pid_started", None)
            data.pop("pid_since_boot", None)
            data.update(fields)
            record.write_text(json.dumps(data), encoding="utf-8")
            journal.recover(memory, state, when + timedelta(hours=1))
            assert json.loads(record.read_text("utf-8"))["outcome"] == "running", fields
    finally:
        child.kill()
        child.wait()
    data["pid"] = child.pid  # (its process ended: the record is closed)
    record.write_text(json.dumps(data), encoding="utf-8")
    journal.recover(memory, state, datetime(2026, 7, 1, 18, 0, tzinfo=UTC))
    assert json.loads(record.read_text("utf-8"))["outcome"] == "committed"


def test_a_recovered_undo_lists_only_the_read_moves_made(tmp_path: Path) -> None:
    """'undo B' killed before it saved the rewound read positions, its record (from before
    records kept a start time) taken for a live run while its PID ran another process: a dream
    read the session on from where B's read ended. Recovery then left that position, rightly,
    but 'log --json' still showed the undo's move of it, which no one made (review rev81)."""
    root = tmp_path / "work"
    session, record, b = _kill_undo_of_b(root)
    data = json.loads(record.read_text("utf-8"))
    data.pop("pid_started", None)
    data.pop("pid_since_boot", None)
    data["pid"] = 1
    record.write_text(json.dumps(data), encoding="utf-8")
    _say(session, root, "Remember that deploys are frozen on Fridays.",
         datetime(2026, 7, 1, 15, 0, tzinfo=UTC))
    run_cli(root, "--force", now="2026-07-01T16:00:00+00:00")
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()
    data["pid"] = gone.pid
    record.write_text(json.dumps(data), encoding="utf-8")

    memory = root / "memory"
    journal.recover(memory, memory / ".autodream", datetime(2026, 7, 1, 17, tzinfo=UTC))
    log = json.loads(run_cli(root, "log", "--json", now="2026-07-01T17:00:00+00:00").stdout)
    [undo] = [r for r in log if r.get("undoes") == b]
    assert undo["outcome"] == "committed"
    assert str(session) not in undo["offsets"], undo["offsets"]
