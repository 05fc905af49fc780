"""A plan's move as the person tells it: the reason they give for it is kept as its Why, a day
put right that the plan has moved on from since is old news, not a second plan, and a move told
as someone else's word or in doubt moves nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.factories import run_cli, say_on_day, told_day_by_day, topic_texts


@pytest.mark.parametrize(("first", "then", "why"), [
    ("The 2.1 release is on July 20.",
     "The 2.1 release moved to July 24 because QA needs another week.",
     "**Why:** QA needs another week.\n"),
    ("The 2.1 release is on July 20.",
     "The 2.1 release is on July 24 now, not July 20, because QA needs another week.",
     "**Why:** QA needs another week.\n"),
    # beside a reason the person gave for the first day, as a day put right keeps it
    ("The 2.1 release is on July 20 because marketing wants it before the conference.",
     "The 2.1 release moved to July 24 because QA needs another week.",
     "**Why:** Marketing wants it before the conference. Changed on 2026-07-02: QA needs "
     "another week.\n"),
])
def test_a_reason_given_for_a_move_is_the_plans_why(tmp_path: Path, first: str, then: str,
                                                    why: str) -> None:
    # main: '**Why:** Changed on 2026-07-02.' (or the marketing reason alone): the QA reason
    # was nowhere in memory
    root = told_day_by_day(tmp_path, first, then)
    ((_name, text),) = topic_texts(root).items()
    assert "The 2.1 release is on 2026-07-24.\n" in text
    assert why in text


@pytest.mark.parametrize("first_move", [
    "The 2.1 release is actually on July 24, not July 20.",
    "The 2.1 release moved to July 24.",
])
@pytest.mark.parametrize("stale", [
    "The 2.1 release is actually on July 24, not July 20.",
    "The 2.1 release is on July 24, not July 20.",
])
def test_a_day_put_right_after_the_plan_moved_on_is_old_news(tmp_path: Path, first_move: str,
                                                             stale: str) -> None:
    # rev199 (repeat_after_27): July 20 -> July 24 -> July 27, then the first correction said
    # again made a second current plan, 'The 2.1 release is actually on 2026-07-24, not on
    # 2026-07-20', beside the one on 2026-07-27
    root = told_day_by_day(tmp_path, "The 2.1 release is on July 20.", first_move,
                           "The 2.1 release moved to July 27.")
    before = topic_texts(root)
    assert "The 2.1 release is on 2026-07-27.\n" in before["project_release.md"]
    say_on_day(root, 4, stale)
    out = run_cli(root, "--force", now="2026-07-04T20:00:00+00:00").output
    assert out.startswith("no-change:") and "1 dropped" in out
    assert topic_texts(root) == before
    shown = json.loads(run_cli(root, "show", "--all-decisions", "--json").output)
    (old_news,) = [d["reason"] for d in shown["run"]["decisions"] if d["action"] == "dropped"]
    assert old_news.startswith("old news: 'The 2.1 release is on 2026-07-27.' was moved from "
                               "2026-07-20 to 2026-07-24 before")


@pytest.mark.parametrize("then", [
    # hearsay, or a guess, in a lead-in
    "Hypothetically: the 2.1 release moved to July 24.",
    "Rumour has it: the 2.1 release moved to July 24.",
    # (main replaced the plan's lead with it, the day it is on lost with no history line)
    "Rumour has it the 2.1 release is actually on July 24, not July 20.",
    # in doubt
    "If the 2.1 release is on July 24 instead, we need to tell QA.",
    "We might move the 2.1 release to July 24.",
])
def test_a_move_told_as_anothers_word_or_in_doubt_leaves_the_plan(tmp_path: Path,
                                                                   then: str) -> None:
    # main moved the plan to 2026-07-24 ('Changed from 2026-07-20 to 2026-07-24')
    root = told_day_by_day(tmp_path, "The 2.1 release is on July 20.")
    before = topic_texts(root)
    say_on_day(root, 2, then)
    out = run_cli(root, "--force", now="2026-07-02T20:00:00+00:00").output
    assert out.startswith("no-change:") and "1 dropped" in out
    assert topic_texts(root) == before
    shown = json.loads(run_cli(root, "show", "--all-decisions", "--json").output)
    (unsure,) = [d["reason"] for d in shown["run"]["decisions"] if d["action"] == "dropped"]
    assert unsure.startswith("unsure: tells 'The 2.1 release is on 2026-07-20.' ")
    assert unsure.endswith("not as the user's decision; the plan stays as it is")


@pytest.mark.parametrize("then", [
    "Update: the 2.1 release moved to July 24.",
    "Heads up: the 2.1 release moved to July 24.",
    "Team: the 2.1 release moved to July 24.",
    # a lead-in of one or two capitalised words is a label as often as a speaker (no list of
    # labels holds them all): the move is the person's, as main reads it
    "Decided: the 2.1 release moved to July 24.",
    "Agreed: the 2.1 release moved to July 24.",
    "Confirmed: the 2.1 release moved to July 24.",
    "Latest: the 2.1 release moved to July 24.",
    "Rescheduled: the 2.1 release moved to July 24.",
    "Anyway: the 2.1 release moved to July 24.",
    "Monday: the 2.1 release moved to July 24.",
    "Backend: the 2.1 release moved to July 24.",
    "Sprint Planning: the 2.1 release moved to July 24.",
    "Jira: the 2.1 release moved to July 24.",
    "Hinweis: the 2.1 release moved to July 24.",
    "Dana: the 2.1 release moved to July 24.",
    "Customer email says: the 2.1 release moved to July 24.",
    "Standup notes:\n- Backend: the 2.1 release moved to July 24.",
    # no word that doubts the move
    "Guess what, the 2.1 release moved to July 24.",
    "Per the proposal, the 2.1 release moved to July 24.",
    "After considering QA's load, we moved the 2.1 release to July 24.",
    "Per Dana's proposal we agreed to move the 2.1 release to July 24.",
    "We heard back from QA and moved the 2.1 release to July 24.",
    "As I said, the 2.1 release moved to July 24.",
    # a colleague's word relayed, as main read it
    "Dana says the 2.1 release is on July 24 now, not July 20.",
    "The 2.1 release moved to July 24 because QA asked if they could have a week.",
])
def test_a_move_the_person_tells_as_settled_still_moves_the_plan(tmp_path: Path,
                                                                  then: str) -> None:
    root = told_day_by_day(tmp_path, "The 2.1 release is on July 20.", then)
    ((_name, text),) = topic_texts(root).items()
    assert "\nname: The 2.1 release is on 2026-07-24\n" in text
    assert "Changed from 2026-07-20 to 2026-07-24 on 2026-07-02" in text


_SETTLED = "The 2.1 release moved to July 24."


@pytest.mark.parametrize("doubted", [
    "Hypothetically: the 2.1 release moved to July 24.",
    "Rumour has it the 2.1 release moved to July 24.",
])
@pytest.mark.parametrize("settled_first", [True, False])
def test_the_persons_move_wins_over_a_doubted_copy_beside_it(tmp_path: Path, doubted: str,
                                                             settled_first: bool) -> None:
    # the commit before left the plan on 2026-07-20 when the doubted copy came last (the
    # cluster's latest), and main did with the rumour said after the move
    said = [_SETTLED, doubted] if settled_first else [doubted, _SETTLED]
    root = told_day_by_day(tmp_path, "The 2.1 release is on July 20.", "\n\n".join(said))
    ((_name, text),) = topic_texts(root).items()
    assert "\nname: The 2.1 release is on 2026-07-24\n" in text
    assert "Changed from 2026-07-20 to 2026-07-24 on 2026-07-02" in text
    assert "umour" not in text and "ypothetically" not in text


@pytest.mark.parametrize("owned_up", [
    "Sorry, I was wrong before. The 2.1 release is on July 24, not July 20.",
    "I was wrong. The 2.1 release is on July 24, not July 20.",
    "Correction: the 2.1 release is on July 24, not July 20.",
])
def test_a_day_put_right_owning_up_to_a_mistake_moves_the_plan_back(tmp_path: Path,
                                                                     owned_up: str) -> None:
    # the commit before read it as old news (the plan stayed on 2026-07-27), as it does the
    # same words said without owning up
    root = told_day_by_day(tmp_path, "The 2.1 release is on July 20.",
                           "The 2.1 release moved to July 24.",
                           "The 2.1 release moved to July 27.", owned_up)
    ((_name, text),) = topic_texts(root).items()
    assert "\nname: The 2.1 release is on 2026-07-24\n" in text
    assert "Changed from 2026-07-27 to 2026-07-24 on 2026-07-04" in text
