"""A dream run while an earlier, committed one's failure is being handled (a retry written in
an ``except``) is judged on its own: failing before its commit, it rolls its lock back."""

from __future__ import annotations

import errno
import os
from pathlib import Path
from typing import NoReturn

import pytest

import autodream
from autodream import errors, journal
from autodream.run import DreamContext, StepResult
from autodream.settings import Settings


def _disk_full(*args: object, **kwargs: object) -> NoReturn:
    raise OSError(errno.ENOSPC, "No space left on device")


def _backend_down(settings: Settings, context: DreamContext) -> StepResult:
    raise RuntimeError("backend down")


def test_a_dream_failing_while_a_committed_one_is_handled_is_not_told_committed(
        sample: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AUTODREAM_NO_CACHE", "1")
    monkeypatch.setenv("AUTODREAM_NOW", "2026-07-10T10:00:00+00:00")
    lock = sample / "memory" / ".consolidate-lock"
    # (the first dream commits, then its clean-up finds the disk full)
    monkeypatch.setattr(journal, "prune_runs", _disk_full)
    with pytest.raises(Exception) as first:
        autodream.dream(str(sample), backend="local", force=True)
    assert errors.committed_run(first.value) is not None
    monkeypatch.undo()
    committed_at = os.stat(lock).st_mtime
    monkeypatch.setenv("AUTODREAM_NO_CACHE", "1")
    monkeypatch.setenv("AUTODREAM_NOW", "2026-07-10T12:00:00+00:00")
    try:
        raise first.value
    except Exception:
        with pytest.raises(Exception) as second:
            autodream.dream(str(sample), backend="local", force=True, step=_backend_down)
    # was: the first run's id, the lock dated as if this dream had committed (the time gate
    # closed for min_hours) and no failed inputs kept for the back-off
    assert errors.committed_run(second.value) is None
    assert os.stat(lock).st_mtime == committed_at
    assert (sample / "memory" / ".autodream" / "failed-inputs").exists()
