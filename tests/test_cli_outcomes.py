"""What the CLI says about an outcome that is not a fault: a closed gate, a held lock, an
interrupted dream, nothing recorded yet; each says what to do next."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from autodream import errors
from autodream.cli import cli
from autodream.lock import this_host
from tests.claude_layout import T0, Layout, make_layout

HOUR = 3600.0


@pytest.fixture
def layout(tmp_path: Path) -> Layout:
    return make_layout(tmp_path)


def invoke(layout: Layout, *args: str, **env: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(
        cli, ["--project", str(layout.project), *args],
        env=layout.env(**{"AUTODREAM_NOW": str(T0), **env}), catch_exceptions=False,
    )
    return result.exit_code, result.stdout, result.stderr


def hold_lock(layout: Layout, run: str | None = "20261126T000000Z-abcd") -> None:
    """A live holder (this test process) that took the lock 6 minutes ago."""
    layout.hold_lock(T0 - 360, run_id=run)


@pytest.mark.parametrize(
    ("last", "sessions", "args", "said"),
    [
        # a dream 0.1 h ago, min_hours 24: when the next one may run, in hours
        (T0 - 360, 6, [], "no dream now: time gate closed: 0.1 h since the last dream "
                         "(min_hours is 24); next dream possible in 23.9 h, or --force to "
                         "dream now"),
        (T0 - 23.5 * HOUR, 6, [], "next dream possible in 30 min, or --force to dream now"),
        # too few sessions: how many more
        (T0 - 30 * HOUR, 2, [], "no dream now: scan gate closed: 2 sessions touched since the "
                               "last dream (min_sessions is 5); a dream waits for 3 more "
                               "sessions (min_sessions), or --force to dream now"),
        (T0 - 30 * HOUR, 4, [], "a dream waits for 1 more session (min_sessions)"),
    ],
)
def test_a_closed_gate_is_an_outcome_that_says_when_the_next_dream_can_run(
    layout: Layout, last: float, sessions: int, args: list[str], said: str
) -> None:
    layout.set_lock(last)
    for i in range(sessions):
        layout.add_session(last + 60 * (i + 1))
    # status's verdict line carries the same advice (asked first: the dream's scan stamps the
    # throttle, and then status rightly says when the next scan may run)
    code, out, _ = invoke(layout, "status")
    verdict = next(line for line in out.splitlines() if line.startswith("verdict:"))
    assert said.split("; ")[-1] in verdict
    code, out, err = invoke(layout, *args)
    assert code == errors.GateClosed.exit_code, "the documented exit code stays"
    assert said in err
    assert "Error" not in err


def test_the_closed_gate_json_says_when(layout: Layout) -> None:
    layout.set_lock(T0 - 360)
    code, out, _ = invoke(layout, "--json")
    assert code == errors.GateClosed.exit_code
    gates = json.loads(out)["gates"]
    assert gates["next_dream_in_hours"] == pytest.approx(23.9)
    assert gates["advice"] == "next dream possible in 23.9 h, or --force to dream now"


@pytest.mark.parametrize(
    ("args", "code", "start"),
    [
        (["--force"], errors.LockHeld.exit_code, "no dream now: lock gate closed: live holder"),
        ([], errors.GateClosed.exit_code, "no dream now: time gate closed"),
        (["undo"], errors.LockHeld.exit_code, "Error: consolidation lock"),
    ],
)
@pytest.mark.parametrize("run", ["20261126T000000Z-abcd", None])
def test_a_held_lock_says_what_to_do(
    layout: Layout, args: list[str], code: int, start: str, run: str | None
) -> None:
    hold_lock(layout, run)
    got, _, err = invoke(layout, *args)
    assert got == code
    assert err.startswith(start)
    pid = os.getpid()
    named = f"pid {pid} (run {run})" if run else f"pid {pid}"
    assert (f"wait for {named} to finish; the lock is taken as stale 60 min after it was taken "
            f"(lock_ttl_minutes), in 54 min; if pid {pid} is not a dream, delete "
            f"{layout.lock_path}") in err
    assert (run is not None) == ("run " in err)


def test_status_names_the_holding_run_and_what_to_do(layout: Layout) -> None:
    hold_lock(layout)
    code, out, _ = invoke(layout, "status", AUTODREAM_LOCK_TTL_MINUTES="30")
    assert code == 0
    assert (f"lock holder:  pid {os.getpid()}, host {this_host()}, run 20261126T000000Z-abcd, "
            "6.0 min old, live") in out
    assert (f"verdict:      a dream is running; wait for pid {os.getpid()} (run "
            "20261126T000000Z-abcd) to finish; the lock is taken as stale 30 min after it was "
            "taken (lock_ttl_minutes), in 24 min") in out


@pytest.mark.parametrize(
    ("env", "backend", "notice"),
    [
        ({}, "local", "no API key: using the local engine"),  # auto, no key: fell back
        ({"AUTODREAM_BACKEND": "local"}, "local", None),  # asked for: nothing to explain
    ],
)
def test_the_dream_json_says_which_backend_ran_and_why(
    layout: Layout, env: dict[str, str], backend: str, notice: str | None
) -> None:
    code, out, err = invoke(layout, "--force", "--json", **env)
    assert code == 0, err
    document = json.loads(out)
    assert document["backend"] == backend
    assert document["backend_notice"] == notice
    assert any("API key" in n for n in document["notices"]) == (notice is not None)


def test_watch_says_it_dreamed_with_the_local_engine_for_want_of_a_key(
    layout: Layout, monkeypatch: pytest.MonkeyPatch
) -> None:
    from autodream import watch

    for key in ("ANTHROPIC_API_KEY", "AUTODREAM_API_KEY", "AUTODREAM_BACKEND"):
        monkeypatch.delenv(key, raising=False)
    layout.add_session(T0 - 600)
    settings = layout.settings(min_sessions=1, min_hours=0)
    said = watch.run_dream(settings, str(settings.project_root)).summary
    assert said.endswith("(no API key: using the local engine)"), said


MEMORY = {
    "MEMORY.md": "- [Deploys](project_deploys.md) — deploys happen on Tuesdays\n",
    "project_deploys.md": "---\nname: Deploys\ndescription: deploys happen on Tuesdays\n"
                          "type: project\n---\nDeploys happen on Tuesdays.\n",
}


def memory_files(layout: Layout) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in layout.memory_dir.iterdir() if p.is_file()
            and p.name != ".consolidate-lock"}


@pytest.mark.parametrize(
    ("make", "code", "why"),
    [
        (KeyboardInterrupt, 130, "interrupted by Ctrl-C"),
        (lambda: __import__("autodream.run").run.TerminatedBySignal(143), 143,
         "interrupted by SIGTERM"),
    ],
)
def test_an_interrupted_dream_says_so_and_leaves_memory_as_it_was(
    layout: Layout, monkeypatch: pytest.MonkeyPatch, make: object, code: int, why: str
) -> None:
    from autodream import pipeline

    layout.set_lock(T0 - 30 * HOUR)
    for name, text in MEMORY.items():
        (layout.memory_dir / name).write_text(text)
    for i in range(6):
        layout.add_session(T0 - HOUR + 60 * i)
    before = memory_files(layout)

    def stopped(*args: object, **kwargs: object) -> None:
        raise make()  # type: ignore[operator]

    monkeypatch.setattr(pipeline, "drive", stopped)
    got, out, err = invoke(layout, "--force")
    assert got == code
    assert err.strip() == f"interrupted: nothing was committed (memory unchanged); {why}"
    assert "Aborted" not in out + err
    assert memory_files(layout) == before
    assert layout.lock_path.stat().st_mtime == T0 - 30 * HOUR, "the lock rolled back"
    got, out, _ = invoke(layout, "log")
    assert "failed" in out and why in out
    assert "KeyboardInterrupt" not in out and " 143" not in out
