"""A plan's day put right by setting the new day against the old ("The 2.1 release is actually on
July 24, not July 20.") moves the plan of that very thing, as "The 2.1 release moved to July 24."
does: main kept two current plans of one release ('actually'), or the whole sentence as the lead
with the old day in it. Only the plan named in every word moves (not the release retro beside
it), and what else the sentence says (a condition, a second fact) stays in memory."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from tests.engine_helpers import topic
from tests.factories import (
    LEAST_GATES,
    TranscriptBuilder,
    dream_on_day,
    project_dirs,
    run_cli,
    say_on_day,
    told_day_by_day,
    topic_texts,
)


def _index_lines(root: Path) -> list[str]:
    index = (root / "memory" / "MEMORY.md").read_text(encoding="utf-8")
    return [line for line in index.splitlines() if line.startswith("- ")]


@pytest.mark.parametrize(("then", "why"), [
    ("The 2.1 release is actually on July 24, not July 20.", "Changed on 2026-07-02."),
    ("The 2.1 release is on July 24, not July 20.", "Changed on 2026-07-02."),
    ("The 2.1 release is actually on July 24, not July 20, because QA needs more time.",
     "QA needs more time."),
])
def test_a_day_set_against_the_plans_day_moves_the_plan(tmp_path: Path, then: str,
                                                         why: str) -> None:
    root = told_day_by_day(tmp_path, "The 2.1 release is on July 20.", then)
    ((name, text),) = topic_texts(root).items()
    assert name == "project_release.md"
    body = text.split("\n---\n", 1)[1]
    assert "The 2.1 release is on 2026-07-24.\n" in body
    assert "Changed from 2026-07-20 to 2026-07-24 on 2026-07-02" in body
    assert f"**Why:** {why}" in body
    assert _index_lines(root)[0].startswith(
        "- [The 2.1 release is on 2026-07-24](project_release.md)")


@pytest.mark.parametrize("then", [
    "The 2.1 release is actually on July 18, not July 20.",
    "The 2.1 release is on July 18, not July 20.",
    "The 2.1 release is on July 18 now, not July 20.",
])
def test_a_plan_put_earlier_is_planned_around_its_new_day(tmp_path: Path, then: str) -> None:
    # rev193: the old day, the later of the two said, was the day to plan around
    root = told_day_by_day(tmp_path, "The 2.1 release is on July 20.", then)
    ((_name, text),) = topic_texts(root).items()
    assert "The 2.1 release is on 2026-07-18.\n" in text
    assert "**How to apply:** Plan work around 2026-07-18." in text


def test_a_reason_given_before_stays_beside_the_new_one(tmp_path: Path) -> None:
    # rev193: the marketing reason was replaced by the QA one
    root = told_day_by_day(
        tmp_path, "The 2.1 release is on July 20 because marketing wants it before the conference.",
        "The 2.1 release is actually on July 24, not July 20, because QA needs more time.")
    ((_name, text),) = topic_texts(root).items()
    assert "The 2.1 release is on 2026-07-24.\n" in text
    why = next(line for line in text.splitlines() if line.startswith("**Why:**"))
    assert "Marketing wants it before the conference." in why
    assert "QA needs more time." in why


@pytest.mark.parametrize(("later", "now", "changed"), [
    ((), "2026-07-24", "2026-07-02"),
    # moved again, in words with no reason: the day it last changed
    (("The 2.1 release moved to July 27.",), "2026-07-27", "2026-07-03"),
])
def test_two_reasons_leave_the_index_telling_the_plan_as_it_stands(
        tmp_path: Path, later: tuple[str, ...], now: str, changed: str) -> None:
    # rev199: '— Marketing wants it before the conference and QA needs more time. Changed on
    # 2026-07-02…', the day the release is on now nowhere but the title
    root = told_day_by_day(
        tmp_path, "The 2.1 release is on July 20 because marketing wants it before the "
        "conference and QA needs more time.",
        "The 2.1 release is actually on July 24, not July 20, because the docs are late.", *later)
    ((_name, text),) = topic_texts(root).items()
    assert f"\ndescription: The 2.1 release is on {now} (changed {changed})\n" in text
    assert _index_lines(root) == [
        f"- [The 2.1 release is on {now}](project_release.md) — changed on {changed}"]


@pytest.mark.parametrize(("then", "told"), [
    # rev199: 'QA needs more time' is in the Why, but as the end of another sentence: the
    # marketing reason was lost
    ("because QA needs more time.", ["Marketing wants it before the conference and QA needs "
                                     "more time.", "Changed on 2026-07-02: QA needs more time."]),
    # the Why's own words again, whatever their case: said once
    ("because marketing wants it before the conference and QA needs more time.",
     ["**Why:** Marketing wants it before the conference and QA needs more time.\n"]),
])
def test_a_reason_said_within_the_why_keeps_the_rest(tmp_path: Path, then: str,
                                                      told: list[str]) -> None:
    root = told_day_by_day(
        tmp_path, "The 2.1 release is on July 20 because marketing wants it before the "
        "conference and QA needs more time.",
        f"The 2.1 release is actually on July 24, not July 20, {then}")
    ((_name, text),) = topic_texts(root).items()
    assert "The 2.1 release is on 2026-07-24.\n" in text
    for words in told:
        assert words in text


@pytest.mark.parametrize("then", [
    "The 2.1 release is actually on July 24, not July 20.",
    "The 2.1 release is on July 24, not July 20.",
])
def test_a_day_put_right_said_again_is_already_remembered(tmp_path: Path, then: str) -> None:
    # rev193: said again the next day, the plan was 'updated', its lead the whole sentence
    root = told_day_by_day(tmp_path, "The 2.1 release is on July 20.", then)
    before = topic_texts(root)
    say_on_day(root, 3, then)
    out = run_cli(root, "--force", now="2026-07-03T20:00:00+00:00").output
    assert out.startswith("no-change:") and "1 confirmed" in out
    assert topic_texts(root) == before


@pytest.mark.parametrize("moved", [
    "The 2.1 release is actually on July 24, not July 20.",
    "The 2.1 release moved to July 24.",
])
def test_a_day_put_right_said_again_with_a_reason_keeps_the_reason(tmp_path: Path,
                                                                   moved: str) -> None:
    # rev199: confirmed, and 'because QA needs more time' was nowhere in memory (main kept it)
    root = told_day_by_day(tmp_path, "The 2.1 release is on July 20.", moved)
    say_on_day(root, 3, "The 2.1 release is on July 24, not July 20, because QA needs more time.")
    out = run_cli(root, "--force", now="2026-07-03T20:00:00+00:00").output
    assert "1 updated" in out
    ((_name, text),) = topic_texts(root).items()
    assert "The 2.1 release is on 2026-07-24.\n" in text
    assert "**Why:** QA needs more time." in text


def test_a_why_written_without_its_stop_ends_before_the_new_reason(tmp_path: Path) -> None:
    # rev199: '**Why:** marketing wants it before the conference Changed on 2026-07-01: ...'
    project_dirs(tmp_path, LEAST_GATES)
    (tmp_path / "memory" / "project_release.md").write_text(topic(
        "2.1 release", "The 2.1 release is on 2026-07-20.\n\n**Why:** marketing wants it "
        "before the conference\n\n**How to apply:** tell QA.",
        description="The 2.1 release date"), encoding="utf-8")
    say_on_day(tmp_path, 1, "The 2.1 release is actually on July 24, not July 20, because QA "
               "needs more time.")
    dream_on_day(tmp_path, 1)
    ((_name, text),) = topic_texts(tmp_path).items()
    assert ("**Why:** marketing wants it before the conference. Changed on 2026-07-01: QA needs "
            "more time.\n") in text


def test_a_reason_given_over_a_hand_written_history_line_is_kept(tmp_path: Path) -> None:
    # rev199: the person's own history line of the move made the reason 'already remembered'
    project_dirs(tmp_path, LEAST_GATES)
    (tmp_path / "memory" / "project_release.md").write_text(topic(
        "2.1 release", "The 2.1 release is on 2026-07-24.\n\nChanged from 2026-07-20 to "
        "2026-07-24 on 2026-06-15; previously 2026-07-20.\n\n**Why:** Marketing.",
        description="The 2.1 release date"), encoding="utf-8")
    say_on_day(tmp_path, 1, "The 2.1 release is actually on July 24, not July 20, because QA "
               "needs more time.")
    dream_on_day(tmp_path, 1)
    ((_name, text),) = topic_texts(tmp_path).items()
    # the reason is told with the day of the move the history tells, not the day it was said
    # (main: 'Changed on 2026-07-01', a day nothing changed)
    assert "**Why:** Marketing. Changed on 2026-06-15: QA needs more time.\n" in text


def test_only_the_plan_named_in_every_word_moves(tmp_path: Path) -> None:
    # rev181: the release retro on the same day was the plan moved
    project_dirs(tmp_path, LEAST_GATES)
    TranscriptBuilder(cwd=str(tmp_path / "project"),
                      start=datetime(2026, 7, 1, 9, tzinfo=UTC)).user(
        "The 2.1 release is on July 20.").user("The 2.1 release retro is on July 20.").write(
        tmp_path / "sessions")
    dream_on_day(tmp_path, 1)
    say_on_day(tmp_path, 2, "The 2.1 release is on July 24, not July 20.")
    dream_on_day(tmp_path, 2)
    topics = topic_texts(tmp_path)
    assert "The 2.1 release retro is on 2026-07-20.\n" in topics["project_release-retro.md"]
    assert "Changed from" not in topics["project_release-retro.md"]
    assert "Changed from 2026-07-20 to 2026-07-24" in topics["project_release.md"]


@pytest.mark.parametrize(("first", "then"), [
    ("The 2.1 release retro is on July 20.", "The 2.1 release is on July 24, not July 20."),
    ("The 2.1 release retro is on July 20.",
     "The 2.1 release is actually on July 24, not July 20."),
    ("The 2.1 release party is on July 20.", "The release is on July 24, not July 20."),
    ("The code freeze before the release is on July 20.",
     "The release is actually on July 24, not July 20."),
    ("We present the 2.1 release to the board on July 20.",
     "The 2.1 release is on July 24, not July 20."),
    ("The 2.2 release is on July 20.", "The 2.1 release is actually on July 24, not July 20."),
])
def test_another_events_plan_keeps_its_day(tmp_path: Path, first: str, then: str) -> None:
    root = told_day_by_day(tmp_path, first, then)
    kept = first.replace("July 20", "2026-07-20")
    (planned,) = [text for text in topic_texts(root).values() if kept in text]
    assert "Changed from" not in planned


@pytest.mark.parametrize("first", [
    "The 2.1 release is on July 20, and so is the retro.",
    "The 2.1 release is on July 20, the same day as the board meeting.",
    "The 2.1 release is on July 20 together with the docs launch.",
])
def test_a_plan_naming_another_event_on_its_day_keeps_it(tmp_path: Path, first: str) -> None:
    # rev193: moved, the retro, the board meeting or the docs launch would move with it
    root = told_day_by_day(tmp_path, first,
                           "The 2.1 release is actually on July 24, not July 20.")
    kept = first.replace("July 20", "2026-07-20")
    (planned,) = [text for text in topic_texts(root).values() if kept in text]
    assert "Changed from" not in planned


@pytest.mark.parametrize(("then", "kept"), [
    ("The 2.1 release is on July 24, not July 20, unless QA slips.", "unless QA slips"),
    ("The 2.1 release is actually on July 24, not July 20, unless QA slips.", "unless QA slips"),
    ("The 2.1 release is on July 24, not July 20, if legal signs off.", "if legal signs off"),
    ("The 2.1 release is actually on July 24, not July 20, I think.", "I think"),
    ("The 2.1 release is actually on July 24, not July 20, and the demo is on July 28.",
     "The demo is on 2026-07-28."),
    ("The 2.1 release is on July 24, not July 20 (the 2.1 hotfix stays on July 20).",
     "the 2.1 hotfix stays on 2026-07-20"),
])
def test_the_rest_of_the_sentence_stays_in_memory(tmp_path: Path, then: str, kept: str) -> None:
    root = told_day_by_day(tmp_path, "The 2.1 release is on July 20.", then)
    assert any(kept in text for text in topic_texts(root).values())


def test_a_plan_with_another_line_on_its_day_keeps_that_line(tmp_path: Path) -> None:
    # moved, the line on the old day would go with it (a file two plans were merged into)
    project_dirs(tmp_path, LEAST_GATES)
    (tmp_path / "memory" / "project_release.md").write_text(topic(
        "The 2.1 release is on 2026-07-20", "The 2.1 release is on 2026-07-20.\n\n"
        "- The 2.1 release party is also on 2026-07-20."), encoding="utf-8")
    say_on_day(tmp_path, 1, "The 2.1 release is actually on July 24, not July 20.")
    dream_on_day(tmp_path, 1)
    assert any("- The 2.1 release party is also on 2026-07-20." in text
               for text in topic_texts(tmp_path).values())
