"""A killed undo's record whose PID was taken by another process before recovery: a dream read
on meanwhile, and the recovered record lists only the read moves recovery made (review rev81)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from datetime import datetime, timezone
from pathlib import Path

from autodream import journal
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


def test_a_recovered_undo_lists_only_the_read_moves_made(tmp_path: Path) -> None:
    """'undo B' killed before it saved the rewound read positions, its record (from before
    records kept a start time) taken for a live run while its PID ran another process: a dream
    read the session on from where B's read ended. Recovery then left that position, rightly,
    but 'log --json' still showed the undo's move of it, which no one made (review rev81)."""
    root = tmp_path / "work"
    session, record, b = _kill_undo_of_b(root)
    data = json.loads(record.read_text("utf-8"))
    data.pop("pid_started", None)
    data["pid"] = 1
    record.write_text(json.dumps(data), encoding="utf-8")
    _say(session, root, "Remember that deploys are frozen on Fridays.",
         datetime(2026, 7, 1, 15, 0, tzinfo=timezone.utc))
    run_cli(root, "--force", now="2026-07-01T16:00:00+00:00")
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()
    data["pid"] = gone.pid
    record.write_text(json.dumps(data), encoding="utf-8")

    memory = root / "memory"
    journal.recover(memory, memory / ".autodream", datetime(2026, 7, 1, 17, tzinfo=timezone.utc))
    log = json.loads(run_cli(root, "log", "--json", now="2026-07-01T17:00:00+00:00").stdout)
    [undo] = [r for r in log if r.get("undoes") == b]
    assert undo["outcome"] == "committed"
    assert str(session) not in undo["offsets"], undo["offsets"]
