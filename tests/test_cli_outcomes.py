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
from autodream.lock import LockBody, this_host
from autodream.procs import process_start_time
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
    body = LockBody(os.getpid(), started=process_start_time(os.getpid()), host=this_host(),
                    run_id=run)
    layout.set_lock(T0 - 360, body.render())


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
    assert (f"verdict:      closed by time; wait for pid {os.getpid()} (run "
            "20261126T000000Z-abcd) to finish; the lock is taken as stale 30 min after it was "
            "taken (lock_ttl_minutes), in 24 min") in out

