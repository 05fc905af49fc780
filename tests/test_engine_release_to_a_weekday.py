"""A one-day plan moved to a weekday by its name alone, told as moved ("The release moved to
Thursday.") or as where it stands now ("The release is now on Thursday."), is one move read
one way: the Thursday of the plan's week while the plan is ahead. A release is such a plan
(it was lost when told moved); another event named by its word ("the release party") is not
the release."""

from __future__ import annotations

import pytest

from autodream.memory.model import parse_topic
from tests.engine_helpers import dreams_over_days

_FRIDAY_17 = "Changed from 2026-07-17 to {} on {}; previously 2026-07-17."


def _bodies(said: list[tuple[int, str]], days: list[int]) -> list[str]:
    """The body of each note the dreams leave, in the order of their files."""
    files = dreams_over_days(said, days)[-1][1]
    return [parse_topic(files[f]).body for f in sorted(files)]


# said on day 1 (Tuesday 2026-07-07), 3 (Thursday 2026-07-09) or 10 (Thursday 2026-07-16)
_SAID_ON = {1: "2026-07-07", 3: "2026-07-09", 10: "2026-07-16"}


@pytest.mark.parametrize("thing", ["release", "demo"])
@pytest.mark.parametrize(("day", "moved_to"), [
    # the plan ahead: the Thursday of its week (a bare "is now on Thursday" said on the
    # Tuesday was the 9th, eight days early)
    (1, "2026-07-16"), (3, "2026-07-16"),
    # ... that Thursday is the day it was said: the next one (the release moved to Thursday
    # was not applied at all)
    (10, "2026-07-23")])
@pytest.mark.parametrize("told", ["The {} moved to Thursday.", "The {} is now on Thursday."])
@pytest.mark.parametrize("one_dream", [True, False])
def test_a_plan_moved_to_a_weekday_or_now_on_it_is_one_day(
        thing: str, day: int, moved_to: str, told: str, one_dream: bool) -> None:
    said = [(0, f"The {thing} is on Friday 2026-07-17."), (day, told.format(thing))]
    (body,) = _bodies(said, [day] if one_dream else [0, day])
    assert body.startswith(f"The {thing} is on Thursday {moved_to}.\n")
    assert _FRIDAY_17.format(moved_to, _SAID_ON[day]) in body


@pytest.mark.parametrize("thing", ["release", "demo"])
@pytest.mark.parametrize("told", ["The {} is pushed to Thursday.",
                                  "The {} got pushed to Thursday."])
def test_a_release_pushed_to_a_weekday_moves_after_its_day(thing: str, told: str) -> None:
    # the release stayed on Friday 2026-07-17, the move dropped; the demo moved
    (body,) = _bodies([(0, f"The {thing} is on Friday 2026-07-17."), (2, told.format(thing))],
                      [0, 2])
    assert body.startswith(f"The {thing} is on Thursday 2026-07-23.\n")
    assert _FRIDAY_17.format("2026-07-23", "2026-07-08") in body


_PARTY = "The release party is on Friday 2026-07-17."


@pytest.mark.parametrize("told", ["The release moved to Thursday.",
                                  "The release is now on Thursday.",
                                  "The release is now on 2026-07-16."])
@pytest.mark.parametrize("one_dream", [True, False])
def test_a_release_moved_leaves_the_release_party_alone(told: str, one_dream: bool) -> None:
    # the party, the only plan in memory, moved to the Thursday (or, in a later dream, was
    # replaced by 'The release is now on 2026-07-16', the party lost)
    bodies = _bodies([(0, _PARTY), (3, told)], [3] if one_dream else [0, 3])
    assert len(bodies) == 2
    (party,) = [b for b in bodies if "party" in b]
    assert party.startswith(f"{_PARTY}\n") and "Changed from" not in party
    (release,) = [b for b in bodies if "party" not in b]
    assert release.startswith("The release is now on 2026-07-16.\n")


@pytest.mark.parametrize("party", ["The release party moved to Thursday.",
                                   "The release party is now on 2026-07-16."])
def test_a_release_party_moved_leaves_the_release_alone(party: str) -> None:
    # in one dream the two were one note, titled by the party, the release plan a line of it
    bodies = _bodies([(0, "The release is on Friday 2026-07-17."), (3, party)], [3])
    assert len(bodies) == 2
    (release,) = [b for b in bodies if "party" not in b]
    assert release.startswith("The release is on Friday 2026-07-17.\n")
    (moved,) = [b for b in bodies if "party" in b]
    assert moved.startswith("The release party is now on 2026-07-16.\n")
    assert "The release is on" not in moved


@pytest.mark.parametrize("plan", ["The migration window is on 2026-07-18.",
                                  "The migration call is on 2026-07-18."])
def test_a_plan_named_with_when_it_is_held_is_the_one_moved(plan: str) -> None:
    # (a word after what moved that tells when or how it is held names no other event)
    (body,) = _bodies([(0, plan), (2, "The migration moved to 2026-07-25.")], [0, 2])
    assert body.startswith(plan.replace("07-18", "07-25") + "\n")
