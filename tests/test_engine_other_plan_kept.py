"""Two plans of one kind of event, one named by a word more ("the release" on 4 August, "the
second release" on 20 September): each is a memory of its own, said together or apart, and a
plan said again, or moved, is still one memory."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from autodream.memory.model import parse_topic
from tests.engine_helpers import dreams_over_days
from tests.factories import REPO_ROOT

_RELEASE = "Remember: the release is on 4 August."
_SECOND = "Remember: the second release is on 20 September."


def _bodies(files: dict[str, str]) -> list[list[str]]:
    """Each topic file's statements (its body's lines before the Why), by file name."""
    return [[line for line in parse_topic(files[path]).body.split("\n**Why:**")[0].splitlines()
             if line.strip()] for path in sorted(files)]


def test_the_release_and_the_second_release_said_together_are_two_memories() -> None:
    # one file, 'project_second-release.md', held both lines, titled after the second
    [(_, files)] = dreams_over_days([(0, _RELEASE), (0, _SECOND)], [1])
    assert _bodies(files) == [["The release is on 2026-08-04."],
                              ["The second release is on 2026-09-20."]]


def test_the_second_release_said_a_day_later_is_no_update_of_the_release() -> None:
    # 'The second release is on 2026-09-20.' was put in the release's file as its newer line,
    # under the title 'The release is on 2026-08-04'
    dreams = dreams_over_days([(0, _RELEASE), (1, _SECOND)], [0, 1])
    plan, files = dreams[-1]
    assert _bodies(files) == [["The release is on 2026-08-04."],
                              ["The second release is on 2026-09-20."]]
    assert [d.action for d in plan.decisions if d.action in {"created", "updated"}] == [
        "created"]


def test_a_plan_told_moved_without_its_word_more_is_still_that_plan() -> None:
    # "The release is now on ..." of the one release remembered, "the beta release": a move,
    # not a plan beside it
    said = [(0, "Remember: the beta release is on 4 August."),
            (1, "The release is now on 11 August.")]
    files = dreams_over_days(said, [0, 1])[-1][1]
    assert len(files) == 1
    [body] = _bodies(files)
    assert "2026-08-11" in body[0]
    assert any("2026-08-04" in line for line in body[1:])


def test_the_second_release_said_again_stays_one_memory() -> None:
    files = dreams_over_days([(0, _RELEASE), (0, _SECOND), (2, _SECOND)], [1, 2])[-1][1]
    assert _bodies(files) == [["The release is on 2026-08-04."],
                              ["The second release is on 2026-09-20."]]


def test_a_plan_named_by_two_words_in_one_comes_out_the_same_in_every_run() -> None:
    # "the second release/deploy" was counted as the second release or the second deploy as
    # the hash seed went: the release's file was updated under one seed, a file of its own
    # made under another
    script = ("import json\nfrom tests.engine_helpers import dreams_over_days\n"
              "said = [(0, 'Remember: the release is on 4 August.'),"
              " (1, 'Remember: the second release/deploy is on 20 September.')]\n"
              "print(json.dumps(dreams_over_days(said, [0, 1])[-1][1], sort_keys=True))")
    seen = [subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                           check=True, cwd=REPO_ROOT,
                           env={**os.environ, "PYTHONPATH": str(REPO_ROOT),
                                "PYTHONHASHSEED": seed}).stdout
            for seed in ("1", "2", "3", "4")]
    assert seen[0] and seen.count(seen[0]) == len(seen)


@pytest.mark.parametrize(("first", "then", "lead"), [
    ("Remember: the first demo is on 10 July.", "Update: the demo will be on 14 July.",
     "The demo will be on 2026-07-14."),
    ("Remember: the 1st offsite is on 20 July.", "The offsite is on 22 July instead.",
     "The offsite is on 2026-07-22 instead."),
    ("Remember: our first release is on 4 August.", "Correction: the release is on 11 August.",
     "The release is on 2026-08-11."),
    ("Remember: the demo is on 10 July.", "Sorry, I meant the first demo is on 14 July.",
     "The user meant the first demo is on 2026-07-14.")])
def test_the_first_one_told_again_bare_is_the_same_plan(first: str, then: str,
                                                        lead: str) -> None:
    # two upcoming plans were left, 'the first demo' on 10 July and 'the demo' on 14 July
    files = dreams_over_days([(0, first), (1, then)], [0, 1])[-1][1]
    [body] = _bodies(files)
    assert body[0] == lead


@pytest.mark.parametrize("said", [
    "[(0, 'Remember: the release/deploy is on 4 August.'),"
    " (1, 'Remember: the deploy is on 4 August.')]",
    "[(0, 'The retro/demo is in the week of 13 July.'),"
    " (1, 'The demo is in the week of 13 July.')]"], ids=["deploy", "demo"])
def test_a_plan_beside_one_named_by_two_words_in_one_is_the_same_in_every_run(
        said: str) -> None:
    # 'The deploy is on 2026-08-04.' was a plan of its own under one hash seed and left out,
    # as said already, under another: replacement read 'release/deploy' as 'release' or
    # 'deploy' as the seed went
    script = ("import json\nfrom tests.engine_helpers import dreams_over_days\n"
              f"print(json.dumps(dreams_over_days({said}, [0, 1])[-1][1], sort_keys=True))")
    seen = [subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                           check=True, cwd=REPO_ROOT,
                           env={**os.environ, "PYTHONPATH": str(REPO_ROOT),
                                "PYTHONHASHSEED": seed}).stdout
            for seed in ("1", "2", "3", "4")]
    assert seen[0] and seen.count(seen[0]) == len(seen)
