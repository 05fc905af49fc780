"""``autodream watch``: real filesystem events, the real gate chain and lock, a moved clock.

The dream step is the only stand-in: it records which project dreamed and when, so the tests
see exactly which dreams the gates let through. Event waits time out after 5 s; the
simulated timeline moves a ``FixedClock`` instead of sleeping.
"""

from __future__ import annotations

import json
import logging
import os
import re
import select
import shutil
import signal
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from autodream import errors, gates, run, watch
from autodream.cli import cli
from autodream.settings import FixedClock, Settings
from tests.factories import REPO_ROOT, TranscriptBuilder, needs_real_transcripts, sanitize
from tests.scripted_api import ScriptedAPI, api_error
from tests.test_plugin_files import REAL_SESSION, real_transcript

# watchdog's own warning when a new dir is watched twice (see cli.watch); not ours to test.
pytestmark = pytest.mark.filterwarnings("ignore:Callback with id:RuntimeWarning")

MINUTE = 60.0
HOUR = 3600.0
IDLE = 10 * MINUTE
WAIT = 5.0


def wait_until(predicate: Callable[[], bool], timeout: float = WAIT) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError("timed out waiting for a filesystem event")
        time.sleep(0.01)


class Timeline:
    """A Claude Code home with projects, sessions written at simulated times, one watcher."""

    def __init__(self, tmp: Path) -> None:
        self.home = tmp / "claude"
        self.root = self.home / "projects"
        self.root.mkdir(parents=True)
        self.code = tmp / "code"
        self.clock = FixedClock(time.time())
        self.env = {
            "HOME": str(tmp),
            "CLAUDE_CONFIG_DIR": str(self.home),
            "AUTODREAM_MIN_SESSIONS": "2",
            "AUTODREAM_MIN_HOURS": "24",
            "AUTODREAM_SCAN_INTERVAL_MINUTES": "10",
        }
        self.dreams: list[tuple[str, float]] = []
        self.watcher: watch.Watcher | None = None

    # -- the world --

    def project(self, name: str) -> Path:
        """A code checkout and its Claude Code project dir (named as Claude Code names it)."""
        cwd = self.code / name
        cwd.mkdir(parents=True, exist_ok=True)
        return self.root / sanitize(str(cwd))

    def write_session(self, name: str, session_id: str | None = None) -> Path:
        """Claude Code writing one session now (by the clock): file content, then its mtime."""
        cwd = self.code / name
        cwd.mkdir(parents=True, exist_ok=True)
        builder = TranscriptBuilder(cwd=str(cwd))
        if session_id:
            builder.session_id = session_id
        builder.user("remember: we deploy on Fridays").assistant("Noted.")
        path = builder.write(self.root / sanitize(str(cwd)), set_mtime=False)
        os.utime(path, (self.clock.now(), self.clock.now()))
        return path

    # -- the watcher --

    def dream(self, settings: Settings, shown: str) -> str:
        def step(settings: Settings, context: run.DreamContext) -> run.StepResult:
            self.dreams.append((settings.sessions_dir.name, self.clock.now()))
            return run.StepResult(f"{len(context.sessions)} sessions consolidated")

        outcome = run.dream(settings, trigger="watch", step=step)
        return outcome.summary

    def start(self, **options: Any) -> watch.Watcher:
        options.setdefault("initial_pass", False)
        options.setdefault("dream", self.dream)
        self.watcher = watch.Watcher(
            self.root, idle_seconds=IDLE, clock=self.clock, env=self.env, **options,
        )
        self.watcher.start()
        return self.watcher

    def seen(self, name: str, count: int) -> None:
        """Wait until the watcher has recorded ``count`` sessions written in ``name``."""
        assert self.watcher is not None
        key = sanitize(str(self.code / name))
        watcher = self.watcher
        wait_until(lambda: len(getattr(watcher.projects.get(key), "touched", ())) >= count)
        # One write is several inotify events (create, modify, attrib, close); on a loaded
        # machine the last may land after we move the clock, and restart the quiet period.
        # Wait until the stream has gone quiet before the test moves time on.
        settled = -1
        while settled != watcher.events_seen:
            settled = watcher.events_seen
            time.sleep(0.15)

    def advance(self, seconds: float) -> list[watch.Decision]:
        """Move the clock, let the watcher queue what is due, wait for its worker."""
        assert self.watcher is not None
        before = len(self.watcher.decisions)
        self.clock.advance(seconds)
        self.watcher.step()
        assert self.watcher.wait_idle(WAIT)
        return self.watcher.decisions[before:]


@pytest.fixture
def timeline(tmp_path: Path) -> Iterator[Timeline]:
    world = Timeline(tmp_path)
    yield world
    if world.watcher is not None:
        world.watcher.stop(timeout=WAIT)


def actions(decisions: list[watch.Decision]) -> list[tuple[str, str]]:
    return [(d.project.rsplit("-", 1)[-1], d.action) for d in decisions]


def test_writes_over_a_day_trigger_exactly_the_dreams_the_gates_allow(timeline: Timeline) -> None:
    t0 = timeline.clock.now()
    timeline.project("alpha")
    timeline.project("beta")
    timeline.start()

    # One alpha session: quiet for the idle period, but the scan gate wants two.
    timeline.write_session("alpha")
    timeline.seen("alpha", 1)
    assert timeline.advance(IDLE - 1) == []  # not quiet long enough yet
    assert actions(timeline.advance(1)) == [("alpha", "wait")]
    assert "waiting for more sessions" in timeline.watcher.decisions[-1].detail  # type: ignore[union-attr]
    assert timeline.dreams == []

    # A second alpha session 20 minutes later: every gate opens after the quiet period.
    timeline.advance(20 * MINUTE)
    timeline.write_session("alpha")
    timeline.seen("alpha", 2)
    assert actions(timeline.advance(IDLE)) == [("alpha", "dreamed")]
    first_dream = timeline.clock.now()

    # beta gets one session only: never dreams. alpha gets two more, within the day: the time
    # gate closes and asks for a re-check when 24 h have passed since the dream.
    timeline.advance(HOUR)
    timeline.write_session("beta")
    timeline.write_session("alpha")
    timeline.clock.advance(MINUTE)
    timeline.write_session("alpha")
    timeline.seen("alpha", 2)
    timeline.seen("beta", 1)
    decided = timeline.advance(IDLE)
    assert sorted(actions(decided)) == [("alpha", "wait"), ("beta", "wait")]
    alpha_wait = next(d for d in decided if d.project.endswith("alpha"))
    assert "time gate closed" in alpha_wait.detail
    # in hours, as a person reads a day's wait ("re-check in 86353s" was not)
    assert re.search(r"; re-check in 2\d\.\d h$", alpha_wait.detail), alpha_wait.detail

    # Nothing happens before the day is over, and no event is needed after it.
    assert timeline.advance(first_dream + 24 * HOUR - timeline.clock.now() - 1) == []
    assert actions(timeline.advance(1)) == [("alpha", "dreamed")]

    assert [(name.rsplit("-", 1)[-1], at - t0) for name, at in timeline.dreams] == [
        ("alpha", first_dream - t0),
        ("alpha", first_dream - t0 + 24 * HOUR),
    ]


def test_daily_logs_in_the_memory_dir_are_sessions_to_the_watcher(timeline: Timeline) -> None:
    """Assistant mode appends to daily logs in the memory dir: those writes wake the watcher
    and the scan gate counts them, so a project can dream on them alone."""
    timeline.write_session("delta")
    project = timeline.project("delta")
    timeline.start()
    logs = project / "memory" / "logs" / "2026" / "07"
    logs.mkdir(parents=True)
    for day in ("2026-07-01", "2026-07-02"):
        (logs / f"{day}.md").write_text("- 10:00 we deploy on Fridays\n", encoding="utf-8")
        os.utime(logs / f"{day}.md", (timeline.clock.now(), timeline.clock.now()))
    timeline.seen("delta", 2)
    assert timeline.watcher is not None
    assert timeline.watcher.projects[project.name].touched == {"2026-07-01", "2026-07-02"}
    assert actions(timeline.advance(IDLE)) == [("delta", "dreamed")]


def test_new_project_dir_is_picked_up(timeline: Timeline) -> None:
    timeline.start()
    assert timeline.watcher is not None and timeline.watcher.projects == {}

    timeline.write_session("gamma")  # creates the project dir, then the transcript
    timeline.write_session("gamma")
    timeline.seen("gamma", 2)

    assert actions(timeline.advance(IDLE)) == [("gamma", "dreamed")]


def test_deleted_project_dir_does_not_stop_the_watcher(timeline: Timeline) -> None:
    timeline.start()
    timeline.write_session("doomed")
    timeline.write_session("doomed")
    timeline.write_session("alpha")
    timeline.write_session("alpha")
    timeline.seen("doomed", 2)
    timeline.seen("alpha", 2)
    assert timeline.watcher is not None
    doomed = timeline.root / sanitize(str(timeline.code / "doomed"))

    shutil.rmtree(doomed)
    watcher = timeline.watcher
    wait_until(lambda: doomed.name not in watcher.projects)

    assert actions(timeline.advance(IDLE)) == [("alpha", "dreamed")]
    assert len(timeline.dreams) == 1


def test_a_project_gone_between_queue_and_dream_is_one_error_line(timeline: Timeline) -> None:
    # No observer here: the deletion must not reach the watcher before it attempts.
    watcher = watch.Watcher(timeline.root, clock=timeline.clock, dream=timeline.dream,
                            env=timeline.env)
    watcher.record_write(str(timeline.write_session("brief")))
    (name,) = watcher.projects
    shutil.rmtree(timeline.root / name)

    decision = watcher.attempt(name)

    assert decision is not None and decision.action == "error"
    assert "gone" in decision.detail


def test_dreams_own_writes_and_reads_are_not_activity(timeline: Timeline) -> None:
    watcher = timeline.start()
    project = timeline.project("alpha")
    project.mkdir(parents=True)
    for relative in ("memory/MEMORY.md", "memory/.autodream/scan-stamp", "memory/notes.jsonl",
                     "memory/.consolidate-lock"):
        path = project / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("x")
    sub = project / "0b4c3f1e-9a53-4cf2-9a8e-5e0c2d1b7a10" / "subagents" / "agent-a1.jsonl"
    sub.parent.mkdir(parents=True)
    sub.write_text("{}\n")
    wait_until(lambda: project.name in watcher.projects and watcher.events_seen >= 1)

    # Only the subagent transcript counted: activity, but not a session.
    state = watcher.projects[project.name]
    assert state.touched == set() and state.pending
    assert watcher.events_seen >= 1


SESSION = "0b4c3f1e-9a53-4cf2-9a8e-5e0c2d1b7a10"


@pytest.mark.parametrize(
    ("relative", "expected"),
    [
        ("p/0b4c3f1e-9a53-4cf2-9a8e-5e0c2d1b7a10.jsonl", ("p", SESSION)),
        ("p/agent-a1b2.jsonl", ("p", None)),
        ("p/0b4c3f1e-9a53-4cf2-9a8e-5e0c2d1b7a10/subagents/agent-x.jsonl", ("p", None)),
        ("p/memory/notes.jsonl", None),
        ("p/memory/MEMORY.md", None),
        ("p/memory/project_ci.md", None),  # a dream's own write is no activity
        # daily logs in the memory dir, as assistant mode keeps them, are sessions
        ("p/memory/2026-07-01.md", ("p", "2026-07-01")),
        ("p/memory/logs/2026/07/2026-07-01.md", ("p", "2026-07-01")),
        # filed under another month: the scan reads it, so it wakes the watcher too
        ("p/memory/logs/2026/08/2026-07-01.md", ("p", "2026-07-01")),
        ("p/memory/logs/2026/7/2026-07-01.md", None),
        ("p/memory/.autodream/2026-07-01.md", None),
        ("p/2026-07-01.md", None),
        ("p/0b4c.json", None),
        ("loose.jsonl", None),
    ],
)
def test_which_writes_count(relative: str, expected: tuple[str, str | None] | None) -> None:
    assert watch.classify("/r", "/r/" + relative) == expected


@pytest.mark.parametrize(
    "below_memory",
    ["2026-07-01.md", "logs/2026/07/2026-07-01.md", "logs/2026/08/2026-07-01.md",
     "logs/2026/7/2026-07-01.md", "logs/2026-07-01.md", "notes/2026-07-01.md", "2026-7-1.md",
     "project_ci.md", "logs/2026/07/08/2026-07-01.md"],
)
def test_the_watcher_wakes_on_exactly_the_daily_logs_the_scan_reads(below_memory: str) -> None:
    counted = gates.is_transcript_place(gates.MEMORY_ROOT, tuple(below_memory.split("/")))
    woken = watch.classify("/r", f"/r/p/memory/{below_memory}") is not None
    assert woken == counted


def test_hook_and_watcher_racing_on_one_project_dream_once(timeline: Timeline) -> None:
    """A dream started by the hook's process holds the lock; the watcher never dreams too."""
    timeline.write_session("alpha")
    timeline.write_session("alpha")
    cwd = timeline.code / "alpha"
    record = timeline.root.parent / "dreams.txt"
    release = timeline.root.parent / "release"
    # The hook side: another process, the same run.dream and lock, a step that holds the lock
    # until the test lets it go.
    script = textwrap.dedent(
        f"""
        import pathlib, time
        from autodream import run
        from autodream.settings import Settings

        def step(settings, context):
            with open({str(record)!r}, "a") as fh:
                fh.write("hook\\n")
            deadline = time.monotonic() + 10
            while not pathlib.Path({str(release)!r}).exists() and time.monotonic() < deadline:
                time.sleep(0.01)
            return run.StepResult("hook dream")

        settings = Settings.resolve({str(cwd)!r})
        run.dream(settings, trigger="hook", step=step)
        """
    )
    env = {**os.environ, **timeline.env, "AUTODREAM_NOW": repr(timeline.clock.now()),
           "PYTHONPATH": str(REPO_ROOT)}
    hook = subprocess.Popen([sys.executable, "-c", script], env=env, stderr=subprocess.PIPE,
                            text=True)
    try:
        wait_until(lambda: record.exists() and record.read_text() == "hook\n")
        timeline.start()
        timeline.write_session("alpha")
        timeline.seen("alpha", 1)

        # While the hook's dream runs: the watcher finds the lock held and waits.
        (decision,) = timeline.advance(IDLE)
        assert decision.action in ("wait", "lock-held")
        assert "running" in decision.detail or "held" in decision.detail
    finally:
        release.touch()
        _, err = hook.communicate(timeout=WAIT)
    assert hook.returncode == 0, err

    # After it: the hook's dream is the last consolidation, so the time gate stays closed.
    (decision,) = timeline.advance(IDLE)
    assert decision.action == "wait" and "time gate closed" in decision.detail
    assert timeline.dreams == []
    assert record.read_text() == "hook\n"


@pytest.mark.parametrize("attempt", range(3))
def test_concurrent_dreams_of_one_memory_dir_never_overlap(
    timeline: Timeline, attempt: int
) -> None:
    """Two processes and the watcher all let loose at once: exactly one dream."""
    timeline.write_session("alpha")
    timeline.write_session("alpha")
    cwd = timeline.code / "alpha"
    record = timeline.root.parent / "dreams.txt"
    go = timeline.root.parent / "go"
    script = textwrap.dedent(
        f"""
        import pathlib, sys, time
        from autodream import run
        from autodream.errors import GateClosed, LockHeld
        from autodream.settings import Settings

        def step(settings, context):
            with open({str(record)!r}, "a") as fh:
                fh.write("hook\\n")
            time.sleep(0.2)
            return run.StepResult("hook dream")

        settings = Settings.resolve({str(cwd)!r})
        pathlib.Path({str(go)!r} + "." + sys.argv[1]).touch()
        while not pathlib.Path({str(go)!r}).exists():
            time.sleep(0.001)
        try:
            run.dream(settings, trigger="hook", step=step)
        except (GateClosed, LockHeld):
            pass
        """
    )
    # No scan throttle: the racers must get as far as the lock.
    timeline.env["AUTODREAM_SCAN_INTERVAL_MINUTES"] = "0"
    env = {**os.environ, **timeline.env, "AUTODREAM_NOW": repr(timeline.clock.now()),
           "PYTHONPATH": str(REPO_ROOT)}
    hooks = [
        subprocess.Popen([sys.executable, "-c", script, str(i)], env=env) for i in range(2)
    ]
    watcher = timeline.start()
    (name,) = watcher.projects
    wait_until(lambda: all(Path(f"{go}.{i}").exists() for i in range(2)))
    go.touch()
    watcher.attempt(name)
    for hook in hooks:
        assert hook.wait(timeout=WAIT) == 0
    dreams = (record.read_text().splitlines() if record.exists() else []) + [
        "watch" for _ in timeline.dreams
    ]
    assert len(dreams) == 1, dreams


def test_a_dream_that_starts_is_logged(timeline: Timeline, caplog: pytest.LogCaptureFixture,
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    # A Claude dream on a hung endpoint waited minutes with nothing logged since the last
    # decision: the watcher looked dead.
    timeline.write_session("alpha")
    timeline.write_session("alpha")
    settings = watch.resolve_project(timeline.project("alpha"), root=timeline.root,
                                     env=timeline.env, clock=timeline.clock)
    logged_first: list[bool] = []

    def step(settings: Settings, context: run.DreamContext) -> run.StepResult:
        logged_first.append(any("started" in r.getMessage() for r in caplog.records))
        return run.StepResult("done")

    monkeypatch.setattr(run, "pipeline_step", step)
    with caplog.at_level(logging.INFO, logger="autodream.watch"):
        dreamt = watch.run_dream(settings, str(settings.project_root))
    (line,) = [r.getMessage() for r in caplog.records if "started" in r.getMessage()]
    run_id = dreamt.run_id if isinstance(dreamt, watch.Dreamt) else None
    assert line == f"{settings.project_root}: dream {run_id} started (2 session(s) to read)"
    assert logged_first == [True]


def test_every_line_names_a_project_by_its_path(
        timeline: Timeline, caplog: pytest.LogCaptureFixture,
        monkeypatch: pytest.MonkeyPatch) -> None:
    # "/x/code/alpha: dream ... started" was followed by "-x-code-alpha: dreamed: ...": one
    # project, two names, the second Claude Code's folder name (which --json keeps)
    monkeypatch.setattr(run, "pipeline_step",
                        lambda settings, context: run.StepResult("consolidated"))
    timeline.write_session("alpha")
    watcher = timeline.start(dream=watch.run_dream)
    with caplog.at_level(logging.INFO, logger="autodream.watch"):
        timeline.write_session("alpha")
        timeline.seen("alpha", 1)
        (dreamed,) = timeline.advance(IDLE)
        # a project dir moved in with its transcripts, then one deleted
        moved = timeline.project("beta")
        staged = timeline.root.parent / "staged"
        TranscriptBuilder(cwd=str(timeline.code / "beta")).user("hi").write(staged)
        staged.rename(moved)
        wait_until(lambda: moved.name in watcher.projects)
        shutil.rmtree(timeline.project("alpha"))
        wait_until(lambda: timeline.project("alpha").name not in watcher.projects)
    named = [r.getMessage().split(": ", 1)[0] for r in caplog.records
             if not r.getMessage().startswith(("watching", "stopped"))]
    alpha, beta = str(timeline.code / "alpha"), str(timeline.code / "beta")
    assert named == [alpha, alpha, beta, alpha], [r.getMessage() for r in caplog.records]
    assert dreamed.shown == dreamed.project_root == alpha
    assert dreamed.to_dict()["project"] == timeline.project("alpha").name


def test_two_project_dirs_of_one_git_root_are_named_apart(
        timeline: Timeline, caplog: pytest.LogCaptureFixture,
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Sessions started in /repo and in /repo/sub are two Claude Code folders of one git root:
    # every line named both /repo ("project dir deleted" of the sub folder too), and --json
    # gave the two decisions one "project"
    monkeypatch.setattr(run, "pipeline_step",
                        lambda settings, context: run.StepResult("consolidated"))
    repo, sub = timeline.code / "repo", timeline.code / "repo" / "sub"
    sub.mkdir(parents=True)
    subprocess.run(["git", "init", "-q", str(repo)], check=True, capture_output=True)
    for _ in range(2):
        timeline.write_session("repo")
        timeline.write_session("repo/sub")
    with caplog.at_level(logging.INFO, logger="autodream.watch"):
        watcher = timeline.start(dream=watch.run_dream, initial_pass=True)
        assert len(timeline.advance(0)) == 2
        shutil.rmtree(timeline.project("repo/sub"))
        wait_until(lambda: timeline.project("repo/sub").name not in watcher.projects)
    named = [r.getMessage().split(": ", 2)[:2] for r in caplog.records
             if not r.getMessage().startswith(("watching", "stopped"))]
    assert [who for who, _ in named] == [str(repo), str(repo), str(sub), str(sub)], named
    assert named[-1][1] == "project dir deleted, forgetting it"
    # --json names each by its own folder; both resolve to the one root and its memory
    first, second = (d.to_dict() for d in watcher.decisions)
    assert [first["project"], second["project"]] == [timeline.project("repo").name,
                                                     timeline.project("repo/sub").name]
    assert first["project_root"] == second["project_root"] == str(repo)
    assert first["memory_dir"] == second["memory_dir"]


def test_the_started_line_names_the_project_as_the_watcher_does(
        timeline: Timeline, caplog: pytest.LogCaptureFixture,
        monkeypatch: pytest.MonkeyPatch) -> None:
    # A project whose autodream.toml points sessions_dir at transcripts recorded on another
    # machine: "/home/dana/src/csvstat: dream ... started", then "W/code/alpha: dreamed"
    monkeypatch.setattr(run, "pipeline_step",
                        lambda settings, context: run.StepResult("consolidated"))
    timeline.write_session("alpha")
    alpha = timeline.code / "alpha"
    (alpha / "autodream.toml").write_text('sessions_dir = "sess"\n')
    for _ in range(2):
        TranscriptBuilder(cwd="/home/dana/src/csvstat").user("hi").write(alpha / "sess")
    timeline.clock.advance(IDLE)

    with caplog.at_level(logging.INFO, logger="autodream.watch"):
        (decision,) = watch.run_once(timeline.root, clock=timeline.clock, env=timeline.env,
                                     idle_seconds=IDLE)

    lines = [r.getMessage() for r in caplog.records]
    assert decision.action == "dreamed", lines
    assert [line.split(": ", 2)[:2] for line in lines] == [
        [str(alpha), f"dream {decision.run_id} started (2 session(s) to read)"],
        [str(alpha), "dreamed"]], lines


def test_stop_lets_the_dream_in_flight_finish(timeline: Timeline,
                                              caplog: pytest.LogCaptureFixture) -> None:
    started, release = threading.Event(), threading.Event()
    finished: list[str] = []

    def slow_dream(settings: Settings, shown: str) -> str:
        started.set()
        assert release.wait(WAIT)
        finished.append(settings.sessions_dir.name)
        return "slow dream"

    timeline.write_session("alpha")
    timeline.write_session("alpha")
    timeline.write_session("beta")
    timeline.write_session("beta")
    watcher = watch.Watcher(
        timeline.root, idle_seconds=IDLE, clock=timeline.clock, dream=slow_dream,
        env=timeline.env, initial_pass=True,
    )
    stop = threading.Event()
    loop = threading.Thread(target=watcher.run, args=(stop,))
    loop.start()
    assert started.wait(WAIT)  # the initial pass queued both; the first is dreaming

    with caplog.at_level(logging.INFO, logger="autodream.watch"):
        stop.set()
        watcher.poke()
        loop.join(0.2)
        assert loop.is_alive()  # waiting for the dream in flight
        wait_until(lambda: any("in flight" in r.getMessage() for r in caplog.records))
    # the first Ctrl-C waits, maybe minutes on a slow endpoint: say how not to
    assert ("waiting for the dream in flight to finish (Ctrl-C again stops it now; the dream "
            "is rolled back)") in [r.getMessage() for r in caplog.records]
    release.set()
    loop.join(WAIT)

    assert not loop.is_alive()
    assert len(finished) == 1  # the second, queued one was dropped, not started
    assert [d.action for d in watcher.decisions] == ["dreamed"]


def test_run_loop_sleeps_until_the_quiet_period_ends(timeline: Timeline) -> None:
    timeline.write_session("alpha")
    dreamed = threading.Event()

    def dream(settings: Settings, shown: str) -> str:
        dreamed.set()
        return "ok"

    watcher = watch.Watcher(timeline.root, idle_seconds=IDLE, clock=timeline.clock,
                            dream=dream, env=timeline.env, initial_pass=False)
    stop = threading.Event()
    loop = threading.Thread(target=watcher.run, args=(stop,), kwargs={"max_wait": 0.05})
    loop.start()
    try:
        assert watcher.ready.wait(WAIT)
        timeline.write_session("alpha")
        wait_until(lambda: watcher.events_seen > 0)
        assert not dreamed.wait(0.2)  # the clock has not moved: still "active"
        timeline.clock.advance(IDLE)
        watcher.poke()
        assert dreamed.wait(WAIT)
    finally:
        stop.set()
        watcher.poke()
        loop.join(WAIT)


def test_run_once_decides_every_project_once(timeline: Timeline) -> None:
    timeline.write_session("alpha")
    timeline.write_session("alpha")
    timeline.write_session("beta")
    timeline.clock.advance(IDLE)

    decisions = watch.run_once(
        timeline.root, clock=timeline.clock, dream=timeline.dream, env=timeline.env,
        idle_seconds=IDLE,
    )

    assert actions(decisions) == [("alpha", "dreamed"), ("beta", "wait")]
    assert len(timeline.dreams) == 1


def test_run_once_leaves_a_project_written_within_the_idle_period(timeline: Timeline) -> None:
    timeline.write_session("alpha")
    timeline.write_session("alpha")
    timeline.clock.advance(IDLE - 5)  # a session may still be running there

    decisions = watch.run_once(
        timeline.root, clock=timeline.clock, dream=timeline.dream, env=timeline.env,
        idle_seconds=IDLE,
    )

    assert actions(decisions) == [("alpha", "wait")]
    assert f"written {IDLE - 5:.0f}s ago" in decisions[0].detail and not timeline.dreams


def test_every_decision_of_a_pass_names_its_project(
        timeline: Timeline, monkeypatch: pytest.MonkeyPatch) -> None:
    # `watch --once --json` right after a session (a fresh copy of sample_project too) said
    # "wait" with project_root and memory_dir null: a script could not tell which project
    timeline.write_session("alpha")  # within the idle period
    timeline.write_session("beta")
    (timeline.code / "beta" / "autodream.toml").write_text('min_hours = "x"\n')
    for key, value in timeline.env.items():
        monkeypatch.setenv(key, value)
    monkeypatch.setenv("AUTODREAM_NOW", repr(timeline.clock.now() + 60))

    result = CliRunner().invoke(cli, ["watch", "--once", "--json", "--idle-minutes", "10"])

    alpha, beta = json.loads(result.stdout)["decisions"]
    assert alpha["action"] == "wait" and "written 60s ago" in alpha["detail"], alpha
    assert alpha["project_root"] == str(timeline.code / "alpha")
    assert alpha["memory_dir"] == str(timeline.project("alpha") / "memory")
    assert "unresolved" not in alpha
    # settings that do not resolve: the project is still named, and why no memory dir is said
    assert beta["action"] == "wait" and beta["project_root"] == str(timeline.code / "beta")
    assert beta["memory_dir"] is None and "min_hours" in beta["unresolved"], beta


def test_a_decision_about_a_vanished_project_dir_says_why_it_names_no_project(
        timeline: Timeline, caplog: pytest.LogCaptureFixture) -> None:
    timeline.write_session("alpha")
    # not started: no observer to forget the dir before its turn comes
    watcher = watch.Watcher(timeline.root, clock=timeline.clock, env=timeline.env,
                            dream=timeline.dream)
    name = timeline.project("alpha").name
    watcher._state(name)
    assert watcher.attempt(name) is not None  # a turn before: one session, the scan gate waits
    shutil.rmtree(timeline.project("alpha"))

    caplog.clear()  # (the turn before is logged too when another test left the level at INFO)
    with caplog.at_level(logging.INFO, logger="autodream.watch"):
        decision = watcher.attempt(name)

    assert decision is not None and decision.to_dict()["project_root"] is None
    assert decision.to_dict()["unresolved"] == "project dir is gone"
    # what a person reads: the project named as the turn before named it
    alpha = timeline.code / "alpha"
    assert [r.getMessage() for r in caplog.records] == [
        f"{alpha}: project dir deleted, forgetting it", f"{alpha}: error: project dir is gone"]


def test_missing_root_is_a_one_line_error(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["watch", "--once", "--root", str(tmp_path / "nope")])
    # a directory named outright that is not there: exit 3 naming it, as for every setting
    # (it was 9 here alone)
    assert result.exit_code == 3
    assert result.output == (f"Error: root (option --root): directory does not exist: "
                             f"{tmp_path / 'nope'}\n")


def test_a_pass_over_plain_folders_leaves_nothing_behind(tmp_path: Path) -> None:
    # a mistaken --root (a home dir, a source tree) got memory/.autodream/scan-stamp made in
    # every folder under it
    root = tmp_path / "root"
    for folder in ("a", "b/sub"):
        (root / folder).mkdir(parents=True)
    before = sorted(p.relative_to(root) for p in root.rglob("*"))
    result = CliRunner().invoke(cli, ["watch", "--once", "--root", str(root)],
                                env={"HOME": str(tmp_path / "home")})
    assert result.exit_code == 0, result.output
    assert sorted(p.relative_to(root) for p in root.rglob("*")) == before


def test_watch_once_cli_json(timeline: Timeline, monkeypatch: pytest.MonkeyPatch) -> None:
    timeline.write_session("beta")  # one session: the scan gate stays closed, nothing runs
    for key, value in timeline.env.items():
        monkeypatch.setenv(key, value)
    monkeypatch.setenv("AUTODREAM_NOW", repr(timeline.clock.now() + 600))

    result = CliRunner().invoke(cli, ["watch", "--once", "--json", "--idle-minutes", "10"])

    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["root"] == str(timeline.root)
    (decision,) = report["decisions"]
    assert decision["action"] == "wait" and "scan gate closed" in decision["detail"]


@pytest.mark.parametrize(("make", "code", "why"),
                         [(KeyboardInterrupt, 130, "interrupted by Ctrl-C"),
                          (lambda: run.TerminatedBySignal(143), 143, "interrupted by SIGTERM")])
@pytest.mark.parametrize("as_json", [False, True])
def test_a_pass_stopped_mid_dream_says_so_and_leaves_memory_as_it_was(
        timeline: Timeline, monkeypatch: pytest.MonkeyPatch, make: Callable[[], BaseException],
        code: int, why: str, as_json: bool) -> None:
    # `watch --once` runs its dreams in the main thread: Ctrl-C in one was click's bare
    # "Aborted!" (exit 1), SIGTERM a silent exit 143, with nothing said of the dream
    from autodream import pipeline

    timeline.write_session("alpha")
    timeline.write_session("alpha")
    memory = timeline.project("alpha") / "memory"
    memory.mkdir()
    (memory / "MEMORY.md").write_text("- [Deploy](deploy.md) — Fridays\n")
    (memory / "deploy.md").write_text("We deploy on Fridays.\n")
    before = {p.name: p.read_bytes() for p in memory.iterdir() if p.is_file()}
    for key, value in timeline.env.items():
        monkeypatch.setenv(key, value)
    monkeypatch.setenv("AUTODREAM_NOW", repr(timeline.clock.now() + 600))

    def stopped(*args: object, **kwargs: object) -> None:
        raise make()  # what the signal raises in the dream (run.py)

    monkeypatch.setattr(pipeline, "drive", stopped)
    result = CliRunner().invoke(cli, ["watch", "--once", "--idle-minutes", "10",
                                      *(["--json"] if as_json else [])])

    assert result.exit_code == code, result.output
    said = f"interrupted: the pass stopped, a dream in flight committed nothing (its memory " \
           f"unchanged); {why}"
    assert result.stderr.splitlines()[-1] == said
    assert "Aborted" not in result.output
    if as_json:
        assert json.loads(result.stdout) == {"status": "interrupted", "error": said,
                                             "exit_code": code, "committed_run": None,
                                             "root": str(timeline.root), "decisions": []}
    # the dream rolled back: memory byte for byte, the lock as it was (none)
    assert {p.name: p.read_bytes() for p in memory.iterdir() if p.is_file()} == before
    logged = CliRunner().invoke(cli, ["log", "--memory-dir", str(memory)])
    assert "failed" in logged.stdout and why in logged.stdout, logged.output


def test_a_pass_stopped_says_in_json_which_projects_were_dreamt_before(
        timeline: Timeline, monkeypatch: pytest.MonkeyPatch) -> None:
    # README: "the projects dreamt before it keep their dreams"; --json said only
    # {status, error, exit_code, committed_run}, so a script could not tell which
    from autodream import pipeline

    for name in ("alpha", "beta"):  # dreamt in this order (by Claude Code's folder name)
        timeline.write_session(name)
        timeline.write_session(name)
    for key, value in timeline.env.items():
        monkeypatch.setenv(key, value)
    monkeypatch.setenv("AUTODREAM_NOW", repr(timeline.clock.now() + 600))
    real_drive = pipeline.drive
    drives: list[bool] = []

    def second_stopped(*args: Any, **kwargs: Any) -> Any:  # Ctrl-C in beta's dream
        drives.append(True)
        if len(drives) == 2:
            raise KeyboardInterrupt
        return real_drive(*args, **kwargs)

    monkeypatch.setattr(pipeline, "drive", second_stopped)
    result = CliRunner().invoke(cli, ["watch", "--once", "--idle-minutes", "10", "--json"])

    assert result.exit_code == 130, result.output
    report = json.loads(result.stdout)
    assert report["status"] == "interrupted" and report["committed_run"] is None
    assert report["root"] == str(timeline.root)
    (alpha,) = report["decisions"]
    alpha_memory = timeline.project("alpha") / "memory"
    (run_id,) = [p.name for p in (alpha_memory / ".autodream" / "runs").iterdir()]
    assert (alpha["action"], alpha["project_root"], alpha["memory_dir"], alpha["run_id"]) == (
        "dreamed", str(timeline.code / "alpha"), str(alpha_memory), run_id)
    logged = CliRunner().invoke(cli, ["log", "--memory-dir", str(alpha_memory)])
    assert logged.stdout.startswith(run_id) and "  committed  " in logged.stdout, logged.output


@pytest.mark.parametrize(("make", "code", "why"),
                         [(KeyboardInterrupt, 130, "interrupted by Ctrl-C"),
                          (lambda: run.TerminatedBySignal(143), 143, "interrupted by SIGTERM")])
def test_a_pass_stopped_after_a_commit_names_the_project_and_how_to_undo_it(
        timeline: Timeline, monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
        make: Callable[[], BaseException], code: int, why: str) -> None:
    # it said "interrupted after the commit: run <id> is in memory; ..." naming no project,
    # with no way to see or undo the run, where the dream command gives both: a pass dreams in
    # projects the person is not in
    from autodream import lock

    timeline.write_session("alpha")
    timeline.write_session("alpha")
    memory = timeline.project("alpha") / "memory"
    memory.mkdir()
    (memory / "MEMORY.md").write_text("- [Deploy](deploy.md) — Fridays\n")
    (memory / "deploy.md").write_text("We deploy on Fridays.\n")
    before = _notes(memory)
    for key, value in timeline.env.items():
        monkeypatch.setenv(key, value)
    monkeypatch.setenv("AUTODREAM_NOW", repr(timeline.clock.now() + 600))
    real_release = lock.Lease.release

    def stopped(lease: lock.Lease) -> Any:  # the signal lands after the commit, once
        monkeypatch.setattr(lock.Lease, "release", real_release)
        raise make()

    monkeypatch.setattr(lock.Lease, "release", stopped)
    elsewhere = tmp_path / "elsewhere"  # where the person runs the pass from
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    result = CliRunner().invoke(cli, ["watch", "--once", "--idle-minutes", "10"])

    assert result.exit_code == code, result.output
    assert _notes(memory) != before  # the dream is in memory
    (run_id,) = [p.name for p in (memory / ".autodream" / "runs").iterdir()]
    ways = f"autodream {{}} {run_id} --memory-dir {memory}"
    assert result.stderr.splitlines()[-1] == (
        f"interrupted after the commit: run {run_id} of {timeline.code / 'alpha'} is in memory "
        f"(see it: {ways.format('show')}; take it back: {ways.format('undo')}); {why}")
    # the commands said work from where the person is
    shown = CliRunner().invoke(cli, ["show", run_id, "--memory-dir", str(memory)])
    assert shown.exit_code == 0 and run_id in shown.stdout, shown.output
    undone = CliRunner().invoke(cli, ["undo", run_id, "--memory-dir", str(memory)])
    assert undone.exit_code == 0, undone.output
    assert _notes(memory) == before


def _notes(memory: Path) -> dict[str, bytes]:
    """The memory dir's notes (its .md files), by name."""
    return {p.name: p.read_bytes() for p in memory.glob("*.md")}


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_watch_process_stops_cleanly_on_signal(tmp_path: Path, signum: int) -> None:
    root = tmp_path / "projects"
    root.mkdir()
    env = {**os.environ, "PYTHONPATH": str(REPO_ROOT), "HOME": str(tmp_path)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "autodream.cli", "watch", "--root", str(root)],
        env=env, stderr=subprocess.PIPE, text=True,
    )
    assert proc.stderr is not None
    try:
        line = proc.stderr.readline()
        assert "watching" in line, line
        (root / "new-project").mkdir()
        proc.send_signal(signum)
        _, err = proc.communicate(timeout=WAIT)
    finally:
        if proc.poll() is None:  # a hang fails the test without leaving a process behind
            proc.kill()
            proc.wait()
    assert proc.returncode == 0, err
    assert "stopped" in err


# `watch` with one step held up: it says "held" and sleeps, so a test signals it there.
_HELD_WATCH = """
import sys, time
from autodream import run, watch

def held(original):
    def step(*args, **kwargs):
        sys.stderr.write("held\\n")
        sys.stderr.flush()
        time.sleep(30)
        return original(*args, **kwargs)
    return step

if sys.argv[1] == "start":
    watch.Watcher.start = held(watch.Watcher.start)
else:
    run.pipeline_step = held(run.pipeline_step)
sys.argv[1:2] = []
from autodream.cli import main
main()
"""


@pytest.mark.parametrize(("held", "rolled_back"), [("start", False), ("dream", True)])
def test_a_second_signal_says_a_dream_is_rolled_back_only_when_one_runs(
        tmp_path: Path, held: str, rolled_back: bool) -> None:
    # a second Ctrl-C while the observer started said "the lock's crash recovery rolls the
    # interrupted dream back", with no dream running
    home = tmp_path / "home"
    cwd = tmp_path / "code" / "alpha"
    cwd.mkdir(parents=True)
    TranscriptBuilder(cwd=str(cwd)).user("remember: we deploy on Fridays").write(
        home / "projects" / sanitize(str(cwd)))
    env = {**os.environ, "PYTHONPATH": str(REPO_ROOT), "HOME": str(home),
           "CLAUDE_CONFIG_DIR": str(home), "AUTODREAM_BACKEND": "local",
           "AUTODREAM_MIN_HOURS": "0", "AUTODREAM_MIN_SESSIONS": "1"}
    proc = subprocess.Popen(
        [sys.executable, "-c", _HELD_WATCH, held, "watch", "--idle-minutes", "0"],
        env=env, stderr=subprocess.PIPE, text=True)
    assert proc.stderr is not None
    try:
        for line in proc.stderr:
            if line == "held\n":
                break
        # (two of one signal may merge into one while pending: two kinds)
        proc.send_signal(signal.SIGINT)
        if held == "dream":
            # The first signal stops the observer and says it waits for the dream, in the loop's
            # thread: sent at once, the second's line could come before those (the watchdog's
            # emitter logged as it stopped, the "waiting" line was printed last: a fresh CI run
            # under load). The watch's own lines are done when it says it waits.
            for line in proc.stderr:
                if "waiting for the dream in flight to finish" in line:
                    break
        # (held in start, the loop's thread sleeps: nothing is said until the second signal)
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=WAIT)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode in (128 + signal.SIGINT, 128 + signal.SIGTERM), err
    said = "autodream watch: second signal, exiting now"
    if rolled_back:
        said += "; the lock's crash recovery rolls the interrupted dream back"
    assert err.splitlines()[-1] == said, err


@pytest.mark.parametrize(("raised", "code", "said"), [(SystemExit(5), 5, "stopped\n"),
                                                     (KeyboardInterrupt(), 1, "Aborted!\n")])
def test_an_exit_raised_inside_the_watch_loop_is_the_commands_exit(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, raised: BaseException, code: int,
        said: str) -> None:
    # the loop runs in a thread of its own, which ended silently on SystemExit(5) and
    # KeyboardInterrupt: `watch` said "stopped" and exited 0 (it exited 5 before the thread)
    def step(self: watch.Watcher) -> list[str]:
        raise raised

    monkeypatch.setattr(watch.Watcher, "step", step)
    root = tmp_path / "projects"
    root.mkdir()

    result = CliRunner().invoke(cli, ["watch", "--root", str(root)],
                                env={"HOME": str(tmp_path)})

    assert result.exit_code == code, result.output
    assert result.output.endswith(said), result.output


@needs_real_transcripts
def test_project_dir_maps_to_settings_by_its_recorded_cwd(tmp_path: Path) -> None:
    home = tmp_path / "claude"
    root = home / "projects"
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    (repo / "sub").mkdir()
    env = {"HOME": str(tmp_path)}  # no CLAUDE_CONFIG_DIR: the root's parent stands in

    # A session started in a subdirectory of a git checkout: memory goes with the git root.
    sub_dir = root / sanitize(str(repo / "sub"))
    TranscriptBuilder(cwd=str(repo / "sub")).user("hi").write(sub_dir)
    settings = watch.resolve_project(sub_dir, root=root, env=env)
    assert settings.sessions_dir == sub_dir
    assert settings.project_root == repo
    assert settings.memory_dir == root / sanitize(str(repo)) / "memory"

    # A real Claude Code transcript whose cwd is long gone: the project dir stands in.
    gone = root / "-tmp-tmpw6sk2trg"
    gone.mkdir()
    shutil.copy(real_transcript(REAL_SESSION), gone / "c64cc478-3430-40fe-8e9c-4ee9986e9754.jsonl")
    assert watch.recorded_cwd(gone) == Path("/tmp/tmpw6sk2trg")
    settings = watch.resolve_project(gone, root=root, env=env)
    assert (settings.project_root, settings.sessions_dir, settings.memory_dir) == (
        gone, gone, gone / "memory"
    )


def test_lock_refuses_a_dream_whose_gate_check_is_out_of_date(tmp_path: Path) -> None:
    """The window the race above found: gates checked, another dream ran, then acquire."""
    from autodream.errors import LockHeld
    from autodream.lock import ConsolidationLock

    lock = ConsolidationLock(tmp_path / "memory", clock=FixedClock(1_000_000.0))
    seen = lock.status()  # what the gate chain read: never consolidated
    lock.acquire(run_id="other").release()  # someone else dreams in between

    with pytest.raises(LockHeld, match="changed since the gates were checked"):
        lock.acquire(run_id="late", seen=seen)
    lock.acquire(run_id="fresh", seen=lock.status()).release()  # an up-to-date check is fine


def test_watch_json_prints_one_object_per_decision(timeline: Timeline) -> None:
    timeline.write_session("beta")  # one session: its gate closes at the initial pass
    env = {**os.environ, **timeline.env, "PYTHONPATH": str(REPO_ROOT),
           "AUTODREAM_NOW": repr(timeline.clock.now())}
    proc = subprocess.Popen(
        [sys.executable, "-m", "autodream.cli", "watch", "--json"],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    assert proc.stdout is not None
    try:
        ready, _, _ = select.select([proc.stdout], [], [], WAIT)
        assert ready, "no decision printed"
        decision = json.loads(proc.stdout.readline())
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            _, err = proc.communicate(timeout=WAIT)
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
    assert proc.returncode == 0, err
    assert decision["action"] == "wait" and decision["project"].endswith("beta")
    assert "scan gate closed" in decision["detail"]


def test_watch_json_ends_quietly_when_its_reader_goes(timeline: Timeline) -> None:
    # `watch --json | head -c 300`: the next decision's write raised BrokenPipeError in the
    # worker thread, which died with a traceback, and the watch went on for good
    timeline.write_session("beta")  # one session: its gate closes at the initial pass
    env = {**os.environ, **timeline.env, "PYTHONPATH": str(REPO_ROOT),
           "AUTODREAM_NOW": repr(timeline.clock.now())}
    proc = subprocess.Popen(
        [sys.executable, "-m", "autodream.cli", "watch", "--json", "--idle-minutes", "0"],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    assert proc.stdout is not None
    try:
        ready, _, _ = select.select([proc.stdout], [], [], WAIT)
        assert ready, "no decision printed"
        assert json.loads(proc.stdout.readline())["action"] == "wait"
        proc.stdout.close()  # the reader has what it wanted: the pipe has no reader now
        proc.stdout = None
        timeline.write_session("gamma")  # a project with a decision to write
        _, err = proc.communicate(timeout=2 * WAIT)
    finally:
        if proc.poll() is None:  # a watch that goes on fails the test, and is not left behind
            proc.kill()
            proc.wait()
    assert proc.returncode == 0, err
    assert "Traceback" not in err and "Error" not in err, err
    assert err.splitlines()[-1].endswith("autodream watch: stopped"), err


def test_watch_json_ends_with_an_error_when_a_decision_cannot_be_written(
        timeline: Timeline) -> None:
    # stdout on a full disk: the write raised OSError in the worker thread, which died with a
    # traceback while the command went on for good, watching and dreaming nothing
    timeline.write_session("beta")  # one session: its gate closes at the initial pass
    env = {**os.environ, **timeline.env, "PYTHONPATH": str(REPO_ROOT),
           "AUTODREAM_NOW": repr(timeline.clock.now())}
    with open("/dev/full", "w") as full:
        proc = subprocess.Popen(
            [sys.executable, "-m", "autodream.cli", "watch", "--json", "--idle-minutes", "0"],
            env=env, stdout=full, stderr=subprocess.PIPE, text=True,
        )
    try:
        _, err = proc.communicate(timeout=2 * WAIT)
    except subprocess.TimeoutExpired:
        proc.kill()
        _, err = proc.communicate()
    assert proc.returncode == 1, err
    assert "Traceback" not in err, err
    assert err.splitlines()[-1] == ("Error: cannot write a decision to stdout (OSError: [Errno 28] "
                                    "No space left on device); the watch stopped"), err


def test_run_once_does_not_wait_on_a_transcript_dated_in_the_future(timeline: Timeline) -> None:
    # "a transcript was written -11099998s ago": a clock set back kept it waiting for good.
    timeline.write_session("alpha")
    future = timeline.write_session("alpha")
    ahead = timeline.clock.now() + 128 * 24 * HOUR
    os.utime(future, (ahead, ahead))
    timeline.clock.advance(IDLE)

    decisions = watch.run_once(
        timeline.root, clock=timeline.clock, dream=timeline.dream, env=timeline.env,
        idle_seconds=IDLE,
    )

    assert actions(decisions) == [("alpha", "dreamed")], decisions


def test_run_once_goes_on_past_a_transcript_nested_too_deep_to_read(timeline: Timeline) -> None:
    # A transcript whose first line is '[' * 50000 + ']' * 50000 raised RecursionError out of
    # the pass (`watch --once` exit 1, with a traceback): the projects after it never dreamed.
    # Its dir is read before alpha's (names sort "-a-..." first), once quiet, once within the
    # quiet period, whose wait names the project too.
    timeline.write_session("alpha")
    timeline.write_session("alpha")
    timeline.clock.advance(IDLE)
    for name, age in (("-a-deep-fresh", 60.0), ("-a-deep-quiet", 2 * IDLE)):
        deep = timeline.root / name / "deep.jsonl"
        deep.parent.mkdir()
        deep.write_text("[" * 50_000 + "]" * 50_000 + "\n")
        os.utime(deep, (timeline.clock.now() - age, timeline.clock.now() - age))

    decisions = watch.run_once(
        timeline.root, clock=timeline.clock, dream=timeline.dream, env=timeline.env,
        idle_seconds=IDLE,
    )

    # where its sessions were recorded is unknown: named by the dir, as a dir with no transcript
    assert [(d.shown, d.action) for d in decisions[:2]] == [
        (str(timeline.root / "-a-deep-fresh"), "wait"),
        (str(timeline.root / "-a-deep-quiet"), "wait")], decisions
    assert actions(decisions[2:]) == [("alpha", "dreamed")], decisions


@pytest.mark.parametrize("as_json", [False, True])
def test_watch_once_exits_non_zero_when_a_project_errored(
        timeline: Timeline, monkeypatch: pytest.MonkeyPatch, as_json: bool) -> None:
    # It logged the error and exited 0: cron and systemd timers never saw a broken project.
    timeline.write_session("alpha")
    (timeline.code / "alpha" / "autodream.toml").write_text('min_hours = "x"\n')
    timeline.write_session("beta")  # waits for more sessions: not an error
    for key, value in timeline.env.items():
        monkeypatch.setenv(key, value)
    monkeypatch.setenv("AUTODREAM_NOW", repr(timeline.clock.now() + 600))

    result = CliRunner().invoke(
        cli, ["watch", "--once", "--idle-minutes", "10", *(["--json"] if as_json else [])])

    assert result.exit_code == 3, result.output  # bad configuration
    (line,) = [x for x in result.stderr.splitlines() if "autodream watch:" not in x]
    assert line.startswith("Error: 1 project(s) failed: ") and "min_hours" in line
    if as_json:
        doc = json.loads(result.stdout)
        assert doc["status"] == "error" and doc["exit_code"] == 3
        assert [d["action"] for d in doc["decisions"]] == ["error", "wait"]
        # the project that errored is still named, and why it has no memory dir is said
        assert doc["decisions"][0]["project_root"] == str(timeline.code / "alpha")
        assert "min_hours" in doc["decisions"][0]["unresolved"]


def test_the_failed_line_of_a_pass_writes_a_hostile_path_escaped(
        timeline: Timeline, monkeypatch: pytest.MonkeyPatch) -> None:
    # every other line wrote the project's path through printable(); "N project(s) failed"
    # wrote it raw: a newline split the line, an escape sequence reached the terminal
    name = "a\nb\x1b[31mRED"
    timeline.write_session(name)
    (timeline.code / name / "autodream.toml").write_text('min_hours = "x"\n')
    for key, value in timeline.env.items():
        monkeypatch.setenv(key, value)
    monkeypatch.setenv("AUTODREAM_NOW", repr(timeline.clock.now() + 600))

    result = CliRunner().invoke(cli, ["watch", "--once", "--idle-minutes", "10"], color=True)

    assert result.exit_code == 3, result.output
    assert "\x1b" not in result.stderr
    (line,) = [x for x in result.stderr.splitlines() if "autodream watch:" not in x]
    shown = str(timeline.code / "a\\nb\\x1b[31mRED")
    assert line.startswith(f"Error: 1 project(s) failed: {shown}: min_hours"), line


@pytest.mark.parametrize(("names", "counted"), [(["alpha"], "1 project; its"),
                                                (["alpha", "beta"], "2 projects; their")])
def test_the_start_line_counts_projects_and_says_the_quiet_time_in_minutes(
    timeline: Timeline, caplog: pytest.LogCaptureFixture, names: list[str], counted: str
) -> None:
    # it said "(1 projects, idle 3s)" for --idle-minutes 0.05
    for name in names:
        timeline.write_session(name)
    with caplog.at_level(logging.INFO, logger="autodream.watch"):
        timeline.start()
    (line,) = [r.getMessage() for r in caplog.records if r.getMessage().startswith("watching")]
    assert f"({counted} gates run after {IDLE / 60:g} min with no transcript written)" in line


def _catches_sigterm(pid: int) -> bool:
    """Whether the process has its own SIGTERM handler yet (``SigCgt`` in /proc)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    caught = re.search(r"^SigCgt:\s*([0-9a-f]+)$", status, re.M)
    return caught is not None and bool(int(caught.group(1), 16) >> (signal.SIGTERM - 1) & 1)


# When each watcher below is sent SIGTERM: (text, n, delay) is so long after the n-th line
# holding the text reached its stderr, or, for no text, after its handler was in place.
SIGTERM_MOMENTS = [
    ("", 0, 0.0),  # before the observer starts
    ("", 0, 0.005),  # while it starts (on the old code: exit 0, nothing said)
    ("", 0, 0.02),
    ("autodream watch: watching ", 1, 0.0),  # the first pass about to be queued
    (" started (", 1, 0.0),  # mid-dream: the first dream has just taken its lock
    (": dreamed: ", 1, 0.0),  # between the two dreams
    (" started (", 2, 0.0),  # mid-dream, the second
    ("-old-0: wait: ", 1, 0.1),  # the pass done, asleep until an event
]
# How long a watcher may take to reach its moment and then stop: as long as a loaded machine
# needs, and no more; past it, it hangs.
HANG = 30.0


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc")
def test_sigterm_at_any_moment_exits_zero_and_leaves_no_dream_half_done(tmp_path: Path) -> None:
    # A SIGTERM that landed while the main loop re-took its lock left it un-acquired: a
    # RuntimeError traceback and exit 1 (a CI flake of the --json test below); one that landed
    # while the observer started ended `watch` with nothing said. A watcher per moment, from
    # its handler being in place through the first pass's dreams (the local backend, for real)
    # to idle, each at its moment as its own stderr tells it, however slow the machine.
    template = tmp_path / "template"
    for name in ("alpha", "beta"):
        cwd = tmp_path / "code" / name
        cwd.mkdir(parents=True)
        for turn in range(2):
            TranscriptBuilder(cwd=str(cwd)).user(
                f"remember: {name} deploys on Fridays ({turn})").assistant("Noted.").write(
                    template / "projects" / sanitize(str(cwd)))
    for index in range(100):  # subagent dirs (one project, the last): the observer watches each
        (template / "projects" / "-old-0" / f"{index:08d}" / "subagents").mkdir(parents=True)
    env = {**os.environ, "PYTHONPATH": str(REPO_ROOT), "AUTODREAM_BACKEND": "local",
           "AUTODREAM_MIN_HOURS": "0", "AUTODREAM_MIN_SESSIONS": "1",
           "AUTODREAM_SCAN_INTERVAL_MINUTES": "0"}
    runs: list[dict[str, Any]] = []
    for index, moment in enumerate(SIGTERM_MOMENTS):
        home = tmp_path / f"home-{index}"
        shutil.copytree(template, home)
        proc = subprocess.Popen(
            [sys.executable, "-m", "autodream.cli", "watch", "--idle-minutes", "0",
             "--root", str(home / "projects")],
            env={**env, "HOME": str(home), "CLAUDE_CONFIG_DIR": str(home)},
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        assert proc.stderr is not None
        os.set_blocking(proc.stderr.fileno(), False)
        runs.append({"home": home, "moment": moment, "proc": proc, "err": b"",
                     "reached": None, "sent": False, "eof": False})
    deadline = time.monotonic() + HANG
    while time.monotonic() < deadline and not all(r["eof"] for r in runs):
        now = time.monotonic()
        for run_ in runs:
            text, count, delay = run_["moment"]
            if run_["reached"] is None and (
                    run_["err"].decode(errors="replace").count(text) >= count if text
                    else _catches_sigterm(run_["proc"].pid)):
                run_["reached"] = now
            if not run_["sent"] and run_["reached"] is not None and now >= run_["reached"] + delay:
                run_["proc"].send_signal(signal.SIGTERM)
                run_["sent"] = True
        pipes = {r["proc"].stderr.fileno(): r for r in runs if not r["eof"]}
        for fd in select.select(list(pipes), [], [], 0.002)[0]:
            chunk = os.read(fd, 65536)
            pipes[fd]["err"] += chunk
            pipes[fd]["eof"] = not chunk
    failures: list[str] = []
    for run_ in runs:
        proc = run_["proc"]
        try:
            proc.wait(timeout=max(0.0, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        proc.stderr.close()
        err = run_["err"].decode(errors="replace")
        lines = err.splitlines()
        text, count, delay = run_["moment"]
        said = f"SIGTERM {delay}s after " + (f"{text!r} (#{count})" if text else "its handler")
        said += "" if run_["sent"] else ": never reached"
        if not run_["eof"] or proc.returncode != 0 or "Traceback" in err or not lines[-1:] or (
                not lines[-1].endswith("autodream watch: stopped")) or not run_["sent"]:
            failures.append(f"{said}: exit {proc.returncode}\n{err}")
        for memory in (run_["home"] / "projects").glob("*/memory"):
            # each dream committed or rolled back: nothing staged is left
            left = sorted(p.name for p in (memory / ".autodream").glob("staging*/*"))
            if left:
                failures.append(f"{said}: {memory}: staged {left}")
    assert not failures, "\n\n".join(failures)


def test_watch_once_json_names_the_run_of_a_failed_dream(
        timeline: Timeline, monkeypatch: pytest.MonkeyPatch, api: list[ScriptedAPI]) -> None:
    # It said "run_id": null for a failed dream, whose run `log` lists and `show` shows.
    server = ScriptedAPI([api_error(400, "invalid_request_error", "no such model")]).__enter__()
    api.append(server)
    timeline.write_session("alpha")
    timeline.write_session("alpha")
    for key, value in {**timeline.env, "AUTODREAM_BACKEND": "anthropic",
                       "AUTODREAM_API_KEY": "sk-test", "AUTODREAM_BASE_URL": server.url,
                       "AUTODREAM_API_MAX_RETRIES": "0"}.items():
        monkeypatch.setenv(key, value)
    monkeypatch.setenv("AUTODREAM_NOW", repr(timeline.clock.now() + 600))

    result = CliRunner().invoke(cli, ["watch", "--once", "--json", "--idle-minutes", "10"])

    assert result.exit_code == errors.DreamFailed.exit_code, result.output
    (decision,) = json.loads(result.stdout)["decisions"]
    assert decision["action"] == "failed" and "no such model" in decision["detail"], decision
    assert isinstance(decision["run_id"], str), decision
    record = (Path(decision["memory_dir"]) / ".autodream" / "runs" / decision["run_id"]
              / "record.json")
    assert json.loads(record.read_text(encoding="utf-8"))["outcome"] == "failed"


def test_watch_names_no_run_a_failed_dream_left_no_record_of(timeline: Timeline) -> None:
    # A dream that failed once its lock was taken but before its run was recorded: the
    # decision named its run id all the same, a run `show` cannot find (the dream's --json
    # names none there).
    timeline.write_session("alpha")
    timeline.write_session("alpha")
    timeline.clock.advance(IDLE)

    def failing(settings: Settings, shown: str) -> str:
        def step(settings: Settings, context: run.DreamContext) -> run.StepResult:
            raise errors.DreamFailed("the backend could not be made")

        return run.dream(settings, trigger="watch", step=step).summary

    decisions = watch.run_once(timeline.root, clock=timeline.clock, dream=failing,
                               env=timeline.env, idle_seconds=IDLE)

    (decision,) = decisions
    assert (decision.action, decision.run_id) == ("failed", None), decision
