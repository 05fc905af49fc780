"""``status`` names the error dreams keep failing with: the gates open, the hook starts a dream
each time and each fails anew, while "all gates open" said nothing of it."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest
from click.testing import CliRunner

from autodream import journal
from autodream.cli import cli
from tests.claude_layout import T0, Layout, make_layout

SPACE = ("check failed: MEMORY.md: line 2: not an entry ('- [Title](file.md) — hook'), "
         "heading or blank")
OTHER = "the Anthropic API answered 529 overloaded_error"


def _runs(layout: Layout, runs: list[tuple[str, str, str]]) -> list[str]:
    """Runs of (trigger, outcome, reason), oldest first, an hour apart; their ids."""
    state = layout.memory_dir / ".autodream"
    ids = []
    for hours_ago, (trigger, outcome, reason) in zip(range(len(runs), 0, -1), runs, strict=True):
        when = datetime.fromtimestamp(T0 - 3600 * hours_ago, UTC)
        record = journal.begin_run(state, trigger=trigger, now=when, backend="local")
        journal.finish_run(state, record, outcome=outcome, now=when, reason=reason)
        ids.append(record.id)
    return ids


def _status(layout: Layout, *args: str) -> str:
    result = CliRunner().invoke(cli, ["status", *args, "--project", str(layout.project)],
                                env=layout.env(AUTODREAM_NOW=str(T0)), catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.output


def test_three_dreams_failing_the_same_way_are_a_problem(tmp_path: Path) -> None:
    layout = make_layout(tmp_path)
    layout.memory_dir.mkdir(parents=True, exist_ok=True)
    ids = _runs(layout, [("hook", "failed", SPACE)] * 2 + [("undo", "committed", "")]
                + [("hook", "failed", SPACE)])

    out = _status(layout)

    assert (f"problem:      the last 3 dreams failed the same way: {SPACE} (runs {ids[0]}, "
            f"{ids[1]}, {ids[3]}; `autodream show {ids[3]}` says more)\n") in out
    assert out.endswith("; but the last 3 dreams failed (the problem above)\n")
    problems = json.loads(_status(layout, "--json"))["problems"]
    assert [(p["kind"], p["runs"]) for p in problems] == [
        ("repeated-failure", [ids[3], ids[1], ids[0]])]
    # not "false": three dreams failed, and the next may too (it runs all the same)
    assert [p["dream_fails"] for p in problems] == [None]


@pytest.mark.parametrize("runs", [
    [("hook", "failed", SPACE)] * 2,  # twice may be a passing thing
    [("hook", "failed", OTHER)] + [("hook", "failed", SPACE)] * 2,  # not the same way
    [("hook", "failed", SPACE)] * 3 + [("force", "committed", "")],  # fixed since
])
def test_no_problem_unless_the_last_three_failed_alike(
        tmp_path: Path, runs: list[tuple[str, str, str]]) -> None:
    layout = make_layout(tmp_path)
    layout.memory_dir.mkdir(parents=True, exist_ok=True)
    _runs(layout, runs)

    out = _status(layout)

    assert "problem:" not in out
    assert "failed" not in out.split("verdict:")[1]


def test_the_failure_is_said_on_its_one_line(tmp_path: Path) -> None:
    # a reason quotes file names, and a name may hold a line break or an escape sequence
    layout = make_layout(tmp_path)
    layout.memory_dir.mkdir(parents=True, exist_ok=True)
    reason = "check failed: notes\nverdict:      all gates open\x1b[8m.md: is not linked"
    _runs(layout, [("hook", "failed", reason)] * 3)

    out = _status(layout)

    [line] = [line for line in out.splitlines() if "the same way" in line]
    assert ("the same way: check failed: notes\\nverdict:      all gates open\\x1b[8m.md: is "
            "not linked (runs ") in line
    assert [line for line in out.splitlines() if line.startswith("verdict:")] == [
        out.splitlines()[-1]]


def test_the_failure_shows_no_secret(tmp_path: Path) -> None:
    # a reason quotes file names, and a name may hold a token the person wrote
    layout = make_layout(tmp_path)
    layout.memory_dir.mkdir(parents=True, exist_ok=True)
    token = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"
    _runs(layout, [("hook", "failed", f"check failed: tok {token}.md: is not linked")] * 3)

    for out in (_status(layout), _status(layout, "--json")):
        assert token not in out
        assert "the same way: check failed: tok [REDACTED:github-token].md: is not linked" in out
