"""A plan's day moved by a weekday alone ("The demo moved to Monday."), once or again, within
one dream or across dreams: one note with the latest day, a line for each move with the day
it was said, told as changed then."""

from __future__ import annotations

import pytest

from autodream.engine.dream import DreamPlan
from autodream.memory.model import parse_topic
from tests.engine_helpers import dreams_over_days

_FRI_TO_MON = "Changed from 2026-07-10 to 2026-07-13 on 2026-07-07; previously 2026-07-10."
_MON_TO_WED = "Changed from 2026-07-13 to 2026-07-15 on 2026-07-08; previously 2026-07-13."


def _dreams(said: list[tuple[int, str]], days: list[int]) -> list[DreamPlan]:
    return [plan for plan, _ in dreams_over_days(said, days)]


def _demo(plans: list[DreamPlan]) -> tuple[str, str, str]:
    """(name, description, body) of the one demo note the dreams leave."""
    files: dict[str, str] = {}
    for plan in plans:
        files.update({p: t for p, t in plan.writes.items() if p != "MEMORY.md"})
    (text,) = [t for t in files.values() if "demo" in t.lower()]
    entry = parse_topic(text)
    return entry.name, entry.description, entry.body


@pytest.mark.parametrize("moved", ["The demo moved to Monday.",
                                   "The demo got pushed to Monday.",
                                   "The demo was moved to next Monday."])
def test_a_plan_moved_to_a_weekday_moves_the_plan(moved: str) -> None:
    # it was no memory at all: the demo stayed on the Friday
    (plan,) = _dreams([(0, "The demo is on Friday."), (1, moved)], [1])
    name, description, body = _demo([plan])
    assert name == "The demo is on 2026-07-13"
    assert _FRI_TO_MON in body
    # said and moved in sessions one dream reads: it read 'plan stated on 2026-07-07', as if
    # first said on the day it moved
    assert description == "The demo is on 2026-07-13 (changed 2026-07-07)"
    assert "**Why:** Changed on 2026-07-07." in body


def test_a_plan_moved_twice_in_one_dream_keeps_each_move() -> None:
    # the Monday in between was lost ('Changed from 2026-07-10 to 2026-07-15 on 2026-07-08')
    plans = _dreams([(0, "The demo is on Friday."), (1, "The demo moved to Monday."),
                     (2, "The demo got pushed to Wednesday.")], [2])
    name, description, body = _demo(plans)
    assert name == "The demo is on 2026-07-15"
    assert body.startswith("The demo is on 2026-07-15.\n")
    assert f"{_FRI_TO_MON}\n{_MON_TO_WED}" in body
    assert description == "The demo is on 2026-07-15 (changed 2026-07-08)"


def test_a_plan_moved_twice_across_dreams_keeps_each_move() -> None:
    plans = _dreams([(0, "The demo is on Friday."), (1, "The demo moved to Monday."),
                     (2, "The demo got pushed to Wednesday.")], [1, 2])
    name, description, body = _demo(plans)
    assert name == "The demo is on 2026-07-15"
    assert f"{_FRI_TO_MON}\n{_MON_TO_WED}" in body
    assert description == "The demo is on 2026-07-15 (changed 2026-07-08)"


# "The demo moved to Thursday." said on Friday 2026-07-10: the Thursday a person means is read
# from the plan's own day while the plan is still ahead (the Thursday of its week, or the first
# after it when told put later), else from the day it was said; it was always the next Thursday
# from the Friday (2026-07-16), before a Monday 20th demo it was said to move from
@pytest.mark.parametrize(("plan", "said", "moved_to"), [
    # the plan ahead: the Thursday of its week
    ("The demo is on 2026-07-20.", "The demo moved to Thursday.", "2026-07-23"),
    # ... told put later: the first Thursday after its day
    ("The demo is on 2026-07-17.", "The demo got pushed to Thursday.", "2026-07-23"),
    # ... a Friday demo moved to the Thursday of its week is the day before
    ("The demo is on 2026-07-17.", "The demo moved to Thursday.", "2026-07-16"),
    # the plan's day today or gone: the next Thursday from the day it was said
    ("The demo is on 2026-07-10.", "The demo moved to Thursday.", "2026-07-16"),
    ("The demo is on 2026-07-07.", "The demo moved to Thursday.", "2026-07-16"),
    # "next Thursday" is told from the day it was said, whatever the plan's day
    ("The demo is on 2026-07-20.", "The demo moved to next Thursday.", "2026-07-16"),
])
@pytest.mark.parametrize("one_dream", [True, False])
def test_a_weekday_moved_to_is_read_from_the_plans_day(plan: str, said: str, moved_to: str,
                                                       one_dream: bool) -> None:
    plans = _dreams([(0, plan), (4, said)], [4] if one_dream else [0, 4])
    name, _, body = _demo(plans)
    assert name == f"The demo is on {moved_to}"
    assert f" to {moved_to} on 2026-07-10;" in body


def _notes(plans: list[DreamPlan]) -> dict[str, str]:
    """The body of each note the dreams leave, by its file."""
    files: dict[str, str] = {}
    for plan in plans:
        files.update({p: t for p, t in plan.writes.items() if p != "MEMORY.md"})
        for gone in plan.deletes:
            files.pop(gone, None)
    return {p: parse_topic(t).body for p, t in files.items()}


_RELEASE = "The release is on 2026-07-24."  # a Friday
_PARTY = "The release party is on 2026-07-24."
_RELEASE_MOVED = "Changed from 2026-07-24 to 2026-07-27 on 2026-07-17; previously 2026-07-24."


# "The release moved from Friday to Monday." said on Friday 2026-07-17 of the plan of Friday
# 2026-07-24: it was a second memory, 'Switched from Friday to Monday', beside the Friday plan
# still current; the Monday is the one after the plan's Friday (2026-07-27), not the one after
# the day it was said (2026-07-20, before the plan's day)
@pytest.mark.parametrize("said", ["The release moved from Friday to Monday.",
                                  "We moved the release from Friday to Monday."])
@pytest.mark.parametrize("party", [False, True])
@pytest.mark.parametrize("one_dream", [True, False])
def test_a_release_moved_between_weekdays_moves_its_plan_to_the_monday_after_it(
        said: str, party: bool, one_dream: bool) -> None:
    held = [(0, _RELEASE), (0, _PARTY)] if party else [(0, _RELEASE)]
    notes = _notes(_dreams([*held, (11, said)], [11] if one_dream else [0, 11]))
    (release,) = [b for b in notes.values() if b.startswith("The release is")]
    assert release.startswith("The release is on 2026-07-27.\n")
    assert _RELEASE_MOVED in release
    # the release party, another event on that Friday, stays where it is, and no note of the
    # move stands beside the plan
    parties = [b for b in notes.values() if "party" in b]
    assert len(parties) == party and all(b.startswith(f"{_PARTY}\n") for b in parties)
    assert "Changed from" not in "".join(parties)
    assert len(notes) == 1 + party


@pytest.mark.parametrize(("held", "kept"), [
    # another event named by 'release': not moved (it went to 2026-07-13 in a reverted try)
    (_PARTY, _PARTY),
    # a plan whose Friday had gone by when the move was said: which Friday moved is not told
    ("The release is on 2026-07-10.", "The release was on 2026-07-10."),
])
def test_a_release_moved_between_weekdays_leaves_a_plan_not_its_own(held: str,
                                                                    kept: str) -> None:
    notes = _notes(_dreams([(0, held), (11, "The release moved from Friday to Monday.")],
                           [0, 11]))
    assert any(b.startswith(f"{kept}\n") for b in notes.values())
    every = "".join(notes.values())
    assert "Changed from" not in every
    assert "2026-07-20" not in every and "2026-07-27" not in every


@pytest.mark.parametrize(("rule", "moved"), [
    ("We do the release on Fridays.", "We do the release on Mondays."),
    ("We release every Friday.", "We release every Monday."),
])
def test_a_weekly_release_day_moved_between_weekdays_is_the_rule_moved(rule: str,
                                                                       moved: str) -> None:
    # memory gives the release's weekday in words: the rule moved, every week, as before
    notes = _notes(_dreams([(0, rule), (11, "The release moved from Friday to Monday.")],
                           [0, 11]))
    (body,) = notes.values()
    assert body.startswith(f"{moved}\n")
    assert "Switched from Friday to Monday on 2026-07-17" in body


# "The deadline was Friday, but now it is Monday." said on Friday 2026-07-17 of the deadline of
# Friday 2026-07-24 went to Monday 2026-07-20, before the day it was moved from; a weekday told
# with the one it moved from is read from the plan's day: over the weekend when the new one is
# at most three days on, else in the plan's week
@pytest.mark.parametrize(("plan", "said", "moved_to"), [
    ("The deadline is on 2026-07-24.", "The deadline was Friday, but now it is Monday.",
     "2026-07-27"),
    ("The deadline is on 2026-07-24.", "The deadline is now Monday, not Friday.", "2026-07-27"),
    ("The deadline is on 2026-07-24.", "The deadline moved from Friday to Monday.",
     "2026-07-27"),
    # the day before, in the plan's week (not the Thursday a week after it)
    ("The deadline is on 2026-07-24.", "The deadline moved from Friday to Thursday.",
     "2026-07-23"),
    # that week's Friday (not the one before the Monday)
    ("The deadline is on 2026-07-20.", "The deadline moved from Monday to Friday.",
     "2026-07-24"),
])
@pytest.mark.parametrize("one_dream", [True, False])
def test_a_deadline_moved_between_weekdays_is_read_from_the_plans_day(
        plan: str, said: str, moved_to: str, one_dream: bool) -> None:
    notes = _notes(_dreams([(0, plan), (11, said)], [11] if one_dream else [0, 11]))
    (body,) = notes.values()
    assert body.startswith(f"The deadline is on {moved_to}.\n")
    was = plan.split()[-1].rstrip(".")
    assert f"Changed from {was} to {moved_to} on 2026-07-17" in body


@pytest.mark.parametrize("said", [[_RELEASE, _PARTY], [_PARTY, _RELEASE]])
@pytest.mark.parametrize("one_dream", [True, False])
def test_two_events_on_one_day_named_alike_are_each_kept(said: list[str],
                                                        one_dream: bool) -> None:
    # in one session, the release plan was lost: the party, alike in words and on the same
    # day, was read as the release said again and stood in for it
    plans = _dreams([(0, said[0]), (0 if one_dream else 1, said[1])], [1] if one_dream else [0, 1])
    notes = _notes(plans)
    assert sorted(b.split("\n")[0] for b in notes.values()) == sorted(said)
