from __future__ import annotations

import signal
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import pytest

import autodream
from autodream import run
from autodream.errors import BackendUnavailable, DreamFailed, GateClosed, LockHeld
from autodream.lock import ConsolidationLock
from autodream.settings import Settings
from tests.claude_layout import T0, Layout, make_layout

LAST = T0 - 48 * 3600


@pytest.fixture
def layout(tmp_path: Path) -> Layout:
    layout = make_layout(tmp_path)
    layout.set_lock(LAST)
    return layout


def lock_mtime(layout: Layout) -> float:
    return layout.lock_path.stat().st_mtime


def test_a_successful_step_releases_the_lock_at_the_run_start(layout: Layout) -> None:
    seen: list[run.DreamContext] = []

    def step(settings: Settings, context: run.DreamContext) -> run.StepResult:
        seen.append(context)
        assert lock_mtime(layout) == T0, "the lock is held at the run's start"
        return run.StepResult("merged 2 memories", {"changed": 2})

    layout.add_session(LAST + 60)
    outcome = run.dream(layout.settings(min_sessions=1), trigger="manual", step=step)
    assert (outcome.status, outcome.summary) == ("ok", "merged 2 memories")
    assert outcome.details == {"changed": 2}
    assert outcome.lock_released
    assert seen[0].trigger == "manual" and not seen[0].dry_run
    assert len(seen[0].sessions) == 1
    assert outcome.run_id == seen[0].run_id and outcome.run_id.startswith("20260528T")
    assert lock_mtime(layout) == T0
    assert layout.lock_path.read_text() == ""


@pytest.mark.parametrize("error", [DreamFailed("checks failed"), KeyboardInterrupt(), OSError()])
def test_any_exception_rolls_the_lock_back(layout: Layout, error: BaseException) -> None:
    def step(settings: Settings, context: run.DreamContext) -> run.StepResult:
        raise error

    with pytest.raises(type(error)):
        run.dream(layout.settings(min_sessions=0), trigger="manual", step=step)
    assert lock_mtime(layout) == LAST
    assert layout.lock_path.read_text() == ""


def test_a_dry_run_leaves_the_lock_mtime_untouched(layout: Layout) -> None:
    def step(settings: Settings, context: run.DreamContext) -> run.StepResult:
        assert context.dry_run
        return run.StepResult("would merge 2 memories")

    before = layout.lock_path.stat().st_mtime_ns
    outcome = run.dream(layout.settings(min_sessions=0), trigger="manual", dry_run=True, step=step)
    assert outcome.status == "dry-run"
    assert layout.lock_path.stat().st_mtime_ns == before


def test_the_default_step_is_the_real_dream(layout: Layout) -> None:
    outcome = run.dream(layout.settings(min_sessions=0, backend="local"), trigger="manual")
    assert outcome.details["backend"] == "local"
    assert outcome.details["outcome"] in ("committed", "no-change")
    assert lock_mtime(layout) == pytest.approx(T0, abs=1)


def test_a_default_step_that_cannot_start_rolls_back(layout: Layout) -> None:
    with pytest.raises(BackendUnavailable, match="API key"):
        run.dream(layout.settings(min_sessions=0, backend="anthropic"), trigger="manual")
    assert lock_mtime(layout) == LAST


def test_a_closed_gate_raises_with_its_report(layout: Layout) -> None:
    with pytest.raises(GateClosed) as excinfo:
        run.dream(layout.settings(), trigger="manual")
    assert isinstance(excinfo.value, run.GateClosedWithReport)
    assert excinfo.value.report.closed_by == "scan"
    assert "scan gate closed" in str(excinfo.value)


def test_a_held_lock_raises_lock_held(layout: Layout) -> None:
    lease = ConsolidationLock.for_settings(layout.settings()).acquire()
    with pytest.raises(LockHeld):
        run.dream(layout.settings(), trigger="manual", force=True)
    lease.rollback()


def test_the_library_entry_point_resolves_and_dreams(layout: Layout) -> None:
    def step(settings: Settings, context: run.DreamContext) -> run.StepResult:
        return run.StepResult(f"min_sessions={settings.min_sessions}")

    outcome = autodream.dream(
        str(layout.project), force=True, step=step, min_sessions=0, env=layout.env()
    )
    assert outcome.summary == "min_sessions=0"
    assert outcome.trigger == "library"


SLEEPING_DREAM = textwrap.dedent(
    """
    import sys, time
    from autodream import run
    from autodream.settings import Settings

    def step(settings, context):
        print("dreaming", flush=True)
        time.sleep(60)

    run.dream(Settings.resolve(sys.argv[1]), trigger="manual", force=True, step=step)
    """
)


def test_sigterm_during_a_dream_rolls_the_lock_back(layout: Layout) -> None:
    child = subprocess.Popen(
        [sys.executable, "-c", SLEEPING_DREAM, str(layout.project)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=layout.env(),
    )
    assert child.stdout is not None
    assert child.stdout.readline().strip() == "dreaming"
    assert lock_mtime(layout) > LAST
    child.send_signal(signal.SIGTERM)
    child.wait(timeout=30)
    assert child.returncode == 128 + signal.SIGTERM
    assert lock_mtime(layout) == LAST
    assert layout.lock_path.read_text() == ""


def test_a_dream_on_another_thread_leaves_sigterm_to_the_main_thread(layout: Layout) -> None:
    # (a watcher dreams on its worker thread: no handler can be installed there)
    seen: list[object] = []

    def step(settings: Settings, context: run.DreamContext) -> run.StepResult:
        seen.append(signal.getsignal(signal.SIGTERM))
        return run.StepResult("merged 1 memory", {})

    layout.add_session(LAST + 60)
    outcomes: list[run.DreamOutcome] = []
    worker = threading.Thread(target=lambda: outcomes.append(
        run.dream(layout.settings(min_sessions=1), trigger="manual", step=step)))
    before = signal.getsignal(signal.SIGTERM)
    worker.start()
    worker.join(timeout=60)
    assert [o.status for o in outcomes] == ["ok"]
    assert seen == [before] and signal.getsignal(signal.SIGTERM) is before
    assert layout.lock_path.read_text() == ""


def test_on_the_main_thread_sigterm_raises_only_while_dreaming(layout: Layout) -> None:
    seen: list[object] = []

    def step(settings: Settings, context: run.DreamContext) -> run.StepResult:
        seen.append(signal.getsignal(signal.SIGTERM))
        return run.StepResult("merged 1 memory", {})

    layout.add_session(LAST + 60)
    before = signal.getsignal(signal.SIGTERM)
    run.dream(layout.settings(min_sessions=1), trigger="manual", step=step)
    assert seen and seen[0] is not before and callable(seen[0])
    assert signal.getsignal(signal.SIGTERM) is before
