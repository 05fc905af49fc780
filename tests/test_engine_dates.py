"""Relative dates resolved against the message's day; past plans told as past."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from autodream.engine import Gatherer, dates, plan_dream
from autodream.engine.dates import absolutize, is_past, latest_date, tell_as_past
from autodream.engine.dream import DreamPlan
from autodream.engine.entries import is_generated_how, is_generated_why, parse_entry
from autodream.engine.guidance import _default_how, _default_why
from autodream.engine.model import Candidate, Cluster, Source
from autodream.memory.model import parse_index, parse_topic
from autodream.transcripts.model import Message
from tests.engine_helpers import NOW, candidates, gather, topic

MONDAY = date(2026, 7, 6)  # a Monday
FRIDAY = date(2026, 7, 10)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a day of a named week: was the nearest day of that name, or left half relative
        ("The demo is on Thursday next week.", "The demo is on 2026-07-16."),  # was 07-09
        ("The demo is Thursday next week.", "The demo is on 2026-07-16."),
        ("The demo is next week Thursday.", "The demo is on 2026-07-16."),
        ("The demo is Thursday of next week.", "The demo is on 2026-07-16."),
        ("Friday of last week was busy.", "2026-07-03 was busy."),
        ("Next week Thursday we demo.", "On 2026-07-16 we demo."),
        # counted from a day: was "a week from 2026-07-06", or left as said
        ("The demo is a week from today.", "The demo is on 2026-07-13."),
        ("The demo is a week from tomorrow.", "The demo is on 2026-07-14."),
        ("The demo is a week from Thursday.", "The demo is on 2026-07-16."),
        ("The demo is two weeks from now.", "The demo is on 2026-07-20."),
        ("The demo is Monday after next.", "The demo is on 2026-07-20."),
        # the part of the day goes with its date: was "on 2026-07-07 morning"
        ("The demo is tomorrow morning.", "The demo is on the morning of 2026-07-07."),
        ("The migration is scheduled for next Tuesday night.",
         "The migration is scheduled for the night of 2026-07-07."),
        # the middle of a month, week or year: was "mid in August 2026"
        ("The review is mid next month.", "The review is in mid-August 2026."),
        ("The review is mid next week.", "The review is in the middle of the week of 2026-07-13."),
        ("The review is mid next year.", "The review is in mid-2027."),
        # a bare weekday told as past is the one gone by: was the one to come
        ("We shipped it on Tuesday.", "We shipped it on 2026-06-30."),
        ("We ship on Tuesday.", "We ship on 2026-07-07."),
    ],
)
def test_more_ways_of_saying_a_day_are_dated(text: str, expected: str) -> None:
    assert absolutize(text, MONDAY)[0] == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a day told from another, dated one: was dated by the day it was told from
        ("The retro is the Monday after the launch on 2026-07-15.",
         "The retro is on 2026-07-20 (the Monday after the launch on 2026-07-15)."),
        ("The retro is on the day after the launch on 2026-07-15.",
         "The retro is on 2026-07-16 (the day after the launch on 2026-07-15)."),
        ("The freeze starts the week after the launch on 2026-07-15.",
         "The freeze starts in the week of 2026-07-20 (the week after the launch on "
         "2026-07-15)."),
        ("The demo is the Friday after 2026-07-15.",
         "The demo is on 2026-07-17 (the Friday after 2026-07-15)."),
        # ... a Friday after a Friday is the next one
        ("The demo is the Friday after the launch of 2026-07-17.",
         "The demo is on 2026-07-24 (the Friday after the launch of 2026-07-17)."),
        # ... or from a day dated first: was "the on 2026-07-20 Wednesday"
        ("The retro is the Monday after next Wednesday.",
         "The retro is on 2026-07-13 (the Monday after 2026-07-08)."),
        ("The party is the day after the release on Friday.",
         "The party is on 2026-07-11 (the day after the release on 2026-07-10)."),
        # its own preposition, or none: was "to on 2026-07-20", "On 2026-07-20 (The Monday ..."
        ("We moved the retro to the Monday after the launch on 2026-07-15.",
         "We moved the retro to 2026-07-20 (the Monday after the launch on 2026-07-15)."),
        ("The Monday after the launch on 2026-07-15 is the retro.",
         "2026-07-20 (the Monday after the launch on 2026-07-15) is the retro."),
        ("It slipped to the week before the launch on 2026-08-05.",
         "It slipped to the week of 2026-07-27 (the week before the launch on 2026-08-05)."),
        ("Hold the release until the day after the launch on 2026-07-15.",
         "Hold the release until 2026-07-16 (the day after the launch on 2026-07-15)."),
        ("Tests run since the day after the launch on 2026-07-15.",
         "Tests run since 2026-07-16 (the day after the launch on 2026-07-15)."),
        # "the" kept before a day "after next" read "the on 2026-07-20"
        ("We ship the Monday after next.", "We ship on 2026-07-20."),
        # resolved once: read again, left as it is
        ("The retro is on 2026-07-20 (the Monday after the launch on 2026-07-15).",
         "The retro is on 2026-07-20 (the Monday after the launch on 2026-07-15)."),
        # a standing rule, with no day to tell from: left as said
        ("We deploy the day after each release.", "We deploy the day after each release."),
    ],
)
def test_a_day_told_from_a_dated_day_is_its_own_date(text: str, expected: str) -> None:
    assert absolutize(text, MONDAY)[0] == expected


def _planned_alone(said: str) -> DreamPlan:
    """The dream of one message said on Monday morning, with nothing remembered."""
    found = gather(Message("s1", "user", "prompt", said,
                           datetime.combine(MONDAY, time(9), UTC))).candidates
    return plan_dream({}, None, found, now=NOW)


def _assert_planned_alone(said: str, lead: str, how: str) -> None:
    """``said`` alone makes one memory, led by ``lead`` and applied as ``how``."""
    (written,) = [t for f, t in _planned_alone(said).writes.items() if f != "MEMORY.md"]
    body = parse_topic(written).body
    assert body.startswith(f"{lead}\n") and f"**How to apply:** {how}" in body


@pytest.mark.parametrize(("said", "lead", "how"), [
    ("The retro is the Monday after the launch on 2026-07-15.",
     "The retro is on 2026-07-20 (the Monday after the launch on 2026-07-15).",
     "Plan work around 2026-07-20."),
    ("The freeze starts the week after the launch on 2026-07-15.",
     "The freeze starts in the week of 2026-07-20 (the week after the launch on 2026-07-15).",
     "Plan work around the week of 2026-07-20."),
    ("We moved the retro to the Monday after the launch on 2026-07-15.",
     "We moved the retro to 2026-07-20 (the Monday after the launch on 2026-07-15).",
     "Plan work around 2026-07-20."),
])
def test_a_plan_told_from_a_dated_day_is_not_passed_with_that_day(
        said: str, lead: str, how: str) -> None:
    # was "Was planned for 2026-07-15: ...", told as past on 2026-07-20, the retro's own day
    _assert_planned_alone(said, lead, how)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a day told before another, dated one: was dated by the day it was told from
        ("The review is the Tuesday before the launch on 2026-07-15.",
         "The review is on 2026-07-14 (the Tuesday before the launch on 2026-07-15)."),
        ("The dry run is the day before the launch on 2026-07-21.",
         "The dry run is on 2026-07-20 (the day before the launch on 2026-07-21)."),
        ("The freeze starts the week before the launch on 2026-08-05.",
         "The freeze starts in the week of 2026-07-27 (the week before the launch on "
         "2026-08-05)."),
        # ... a Friday before a Friday is the one a week earlier
        ("The demo is the Friday before the launch of 2026-07-17.",
         "The demo is on 2026-07-10 (the Friday before the launch of 2026-07-17)."),
        ("The party is the day before the release on Friday.",
         "The party is on 2026-07-09 (the day before the release on 2026-07-10)."),
        # resolved once: read again, left as it is
        ("The review is on 2026-07-14 (the Tuesday before the launch on 2026-07-15).",
         "The review is on 2026-07-14 (the Tuesday before the launch on 2026-07-15)."),
        # a standing rule, with no day to tell from, and a day told from today: as before
        ("We deploy the day before each release.", "We deploy the day before each release."),
        ("The demo was the day before yesterday.", "The demo was on 2026-07-04."),
        # a day gone already when said is no plan: "next Wednesday" is next week's (it was left
        # as "the Friday before 2026-07-08", the memory dated by that Wednesday)
        ("The code freeze is the Friday before next Wednesday.",
         "The code freeze is on 2026-07-10 (the Friday before 2026-07-15)."),
        ("The code freeze is the week before next Wednesday.",
         "The code freeze is in the week of 2026-07-06 (the week before 2026-07-15)."),
        # ... not when the day before it is still to come, nor a date said as one
        ("The code freeze is the day before next Wednesday.",
         "The code freeze is on 2026-07-07 (the day before 2026-07-08)."),
        ("The code freeze is the Friday before 2026-07-08.",
         "The code freeze is the Friday before 2026-07-08."),
    ],
)
def test_a_day_told_before_a_dated_day_is_its_own_date(text: str, expected: str) -> None:
    assert absolutize(text, MONDAY)[0] == expected


@pytest.mark.parametrize(("said", "lead", "how"), [
    # was "Was planned for 2026-07-15: the review is the Tuesday before ...": dated by the launch
    ("The review is the Tuesday before the launch on 2026-07-15.",
     "The review was on 2026-07-14 (the Tuesday before the launch on 2026-07-15).",
     "2026-07-14 has passed; check how it turned out before relying on it."),
    # ... still to come on the launch's day, though the review had passed
    ("The review is the Friday before the launch on 2026-07-21.",
     "The review was on 2026-07-17 (the Friday before the launch on 2026-07-21).",
     "2026-07-17 has passed; check how it turned out before relying on it."),
    ("The review is the Tuesday before the launch on 2026-07-24.",
     "The review is on 2026-07-21 (the Tuesday before the launch on 2026-07-24).",
     "Plan work around 2026-07-21."),
    ("The freeze starts the week before the launch on 2026-08-05.",
     "The freeze starts in the week of 2026-07-27 (the week before the launch on 2026-08-05).",
     "Plan work around the week of 2026-07-27."),
    # was dated by that Wednesday, read as this week's
    ("The code freeze is the Friday before next Wednesday.",
     "The code freeze was on 2026-07-10 (the Friday before 2026-07-15).",
     "2026-07-10 has passed; check how it turned out before relying on it."),
])
def test_a_plan_told_before_a_dated_day_is_dated_by_its_own_day(
        said: str, lead: str, how: str) -> None:
    _assert_planned_alone(said, lead, how)


@pytest.mark.parametrize(("said", "lead", "how"), [
    # was "Plan work around 2026-07-22", kept as upcoming: dated by the launch, not the review
    ("The review is on 2026-07-14, before the launch on 2026-07-22.",
     "The review was on 2026-07-14, before the launch on 2026-07-22.",
     "2026-07-14 has passed; check how it turned out before relying on it."),
    ("The review is on 2026-07-14 before the launch on 2026-07-22.",
     "The review was on 2026-07-14 before the launch on 2026-07-22.",
     "2026-07-14 has passed; check how it turned out before relying on it."),
    ("The review is on July 14, 2026, ahead of the launch on July 22, 2026.",
     "The review was on July 14, 2026, ahead of the launch on July 22, 2026.",
     "2026-07-14 has passed; check how it turned out before relying on it."),
    ("The review is on 2026-07-14, two days before the launch on 2026-07-22.",
     "The review was on 2026-07-14, two days before the launch on 2026-07-22.",
     "2026-07-14 has passed; check how it turned out before relying on it."),
    # near misses: the later date is the plan's own
    ("The review is on 2026-07-24, after the launch on 2026-07-14.",
     "The review is on 2026-07-24, after the launch on 2026-07-14.",
     "Plan work around 2026-07-24."),
    ("We ship the docs before the launch on 2026-07-22.",
     "We ship the docs before the launch on 2026-07-22.",
     "Plan work around 2026-07-22."),
    ("The review runs from 2026-07-14 until 2026-07-22.",
     "The review runs from 2026-07-14 until 2026-07-22.",
     "Plan work around 2026-07-22."),
])
def test_a_plan_is_dated_by_its_own_day_not_a_second_event_told_after_it(
        said: str, lead: str, how: str) -> None:
    _assert_planned_alone(said, lead, how)


_GONE = "has passed; check how it turned out before relying on it."


def _plans(*said: str) -> set[tuple[str, str]]:
    """(lead, How) of each memory the dream writes from ``said``, one message a day."""
    found = gather(*(Message(f"s{i}", "user", "prompt", s, datetime.combine(
        MONDAY + timedelta(days=i), time(9), UTC)) for i, s in enumerate(said)))
    bodies = [parse_topic(t).body for f, t in plan_dream({}, None, found.candidates,
                                                          now=NOW).writes.items()
              if f != "MEMORY.md"]
    return {(b.split("\n", 1)[0], b.split("**How to apply:** ", 1)[1].strip()) for b in bodies}


@pytest.mark.parametrize(("said", "plans"), [
    # was one memory, "Plan work around 2026-07-24", the freeze's passing untold
    ("The code freeze starts on 2026-07-13 and the release is on 2026-07-24.",
     {("Was planned: the code freeze starts on 2026-07-13.", f"2026-07-13 {_GONE}"),
      ("The release is on 2026-07-24.", "Plan work around 2026-07-24.")}),
    ("The code freeze starts on 2026-07-13, and the release is on 2026-07-24.",
     {("Was planned: the code freeze starts on 2026-07-13.", f"2026-07-13 {_GONE}"),
      ("The release is on 2026-07-24.", "Plan work around 2026-07-24.")}),
    ("The beta ships on 2026-07-14 and GA follows on 2026-07-28.",
     {("The beta was to ship on 2026-07-14.", f"2026-07-14 {_GONE}"),
      ("GA follows on 2026-07-28.", "Plan work around 2026-07-28.")}),
    ("The demo is on 2026-07-14 and we ship the release on 2026-07-24.",
     {("The demo was on 2026-07-14.", f"2026-07-14 {_GONE}"),
      ("We ship the release on 2026-07-24.", "Plan work around 2026-07-24.")}),
    ("The code freeze starts tomorrow and the release is on 2026-07-24.",
     {("Was planned: the code freeze starts on 2026-07-07.", f"2026-07-07 {_GONE}"),
      ("The release is on 2026-07-24.", "Plan work around 2026-07-24.")}),
    # ... the second's subject, or its subject and verb, left to the first (were one plan,
    # "Plan work around 2026-07-24", and no memory at all)
    ("We freeze on 2026-07-13 and ship on 2026-07-24.",
     {("We planned to freeze on 2026-07-13.", f"2026-07-13 {_GONE}"),
      ("We ship on 2026-07-24.", "Plan work around 2026-07-24.")}),
    ("We migrate the billing service on 2026-07-14 and the search service on 2026-07-24.",
     {("We planned to migrate the billing service on 2026-07-14.", f"2026-07-14 {_GONE}"),
      ("We migrate the search service on 2026-07-24.", "Plan work around 2026-07-24.")}),
    # near misses, one plan each: one span, a clause pointing back, an undated second clause,
    # a meeting held and what was decided at it, no thing named as the first names its own
    ("We had the planning meeting this morning and decided to ship on 2026-07-24.",
     {("We decided on 2026-07-06 to ship on 2026-07-24.", "Plan work around 2026-07-24.")}),
    ("We freeze on 2026-07-13 and the API on 2026-07-24.",
     {("We freeze on 2026-07-13 and the API on 2026-07-24.", "Plan work around 2026-07-24.")}),
    ("The review is between the launch on 2026-07-14 and the retro on 2026-07-24.",
     {("The review is between the launch on 2026-07-14 and the retro on 2026-07-24.",
       "Plan work around 2026-07-24.")}),
    ("The offsite is between 2026-07-14 and 2026-07-24.",
     {("The offsite is between 2026-07-14 and 2026-07-24.", "Plan work around 2026-07-24.")}),
    ("The release is on 2026-07-24 and it moves to 2026-07-31 if QA fails.",
     {("The release is on 2026-07-24 and it moves to 2026-07-31 if QA fails.",
       "Plan work around 2026-07-31.")}),
    ("The launch is on 2026-07-24 and marketing is ready.",
     {("The launch is on 2026-07-24 and marketing is ready.", "Plan work around 2026-07-24.")}),
])
def test_two_dated_plans_in_one_sentence_are_two_memories(
        said: str, plans: set[tuple[str, str]]) -> None:
    assert _plans(said) == plans


@pytest.mark.parametrize(("said", "plans"), [
    # a migration handed out as a task is task chatter, as it was before "migrate" was a plan
    # word (each was "Was planned for ...: migrate the fixtures ..." or "They planned to ...")
    ("Please migrate the fixtures tomorrow.", set()),
    ("Migrate the test database tomorrow.", set()),
    ("Migrate the users table to the new schema next week.", set()),
    ("I'll migrate the test helpers tomorrow.", set()),
    # ... the team's migration on a day is a plan
    ("We're migrating the billing service on 2026-07-24.",
     {("We're migrating the billing service on 2026-07-24.", "Plan work around 2026-07-24.")}),
    ("We will migrate the billing service on 2026-07-24.",
     {("We will migrate the billing service on 2026-07-24.", "Plan work around 2026-07-24.")}),
])
def test_a_migration_is_a_plan_only_as_the_teams(said: str, plans: set[tuple[str, str]]) -> None:
    assert _plans(said) == plans


@pytest.mark.parametrize(("said", "plans"), [
    # two events on two days, told apart: were one memory, the first led by the second
    (("The code freeze starts on 2026-07-13.", "The release is on 2026-07-24."),
     {("Was planned: the code freeze starts on 2026-07-13.", f"2026-07-13 {_GONE}"),
      ("The release is on 2026-07-24.", "Plan work around 2026-07-24.")}),
    (("The demo is on 2026-07-14.", "We ship the release on 2026-07-24."),
     {("The demo was on 2026-07-14.", f"2026-07-14 {_GONE}"),
      ("We ship the release on 2026-07-24.", "Plan work around 2026-07-24.")}),
    # two things done alike ("ship", "deploy"): were one memory, the first plan a line of the
    # second's and its day untold
    (("They ship the beta on 2026-07-24.", "They ship the GA on 2026-08-14."),
     {("They ship the beta on 2026-07-24.", "Plan work around 2026-07-24."),
      ("They ship the GA on 2026-08-14.", "Plan work around 2026-08-14.")}),
    (("We deploy the API on 2026-07-22.", "We deploy the frontend on 2026-07-29."),
     {("We deploy the API on 2026-07-22.", "Plan work around 2026-07-22."),
      ("We deploy the frontend on 2026-07-29.", "Plan work around 2026-07-29.")}),
    # near misses: the same event moved, or said again in other words, is one memory
    (("The release is on 2026-07-24.", "The release moved to 2026-07-31."),
     {("The release moved to 2026-07-31.", "Plan work around 2026-07-31.")}),
    (("We ship the beta on 2026-07-24.", "The beta slips to 2026-07-31."),
     {("We ship the beta on 2026-07-31.", "Plan work around 2026-07-31.")}),
    (("We ship the beta on 2026-07-24.", "The beta ships on 2026-07-24."),
     {("The beta ships on 2026-07-24.", "Plan work around 2026-07-24.")}),
])
def test_plans_of_two_events_on_two_days_stay_apart(
        said: tuple[str, ...], plans: set[tuple[str, str]]) -> None:
    assert _plans(*said) == plans


@pytest.mark.parametrize(("kept", "said"), [
    # was one memory led by the plan said, the plan kept a line of it
    ("They ship the beta on 2026-07-24.", "They ship the GA on 2026-08-14."),
    ("We deploy the API on 2026-07-22.", "We deploy the frontend on 2026-07-29."),
])
def test_a_plan_of_another_thing_done_alike_leaves_the_kept_plan_alone(
        kept: str, said: str) -> None:
    files = {"project_plan.md": topic("Plan", kept)}
    plan = plan_dream(files, "- [Plan](project_plan.md) — plan\n", candidates(said, day=2),
                      now=NOW)
    assert "project_plan.md" not in plan.writes
    leads = [parse_topic(t).body.split("\n", 1)[0] for f, t in plan.writes.items()
             if f != "MEMORY.md"]
    assert leads == [said]


_VERB_NOUN = [
    ("We're releasing the v1 API on 2026-07-25.", "The v1 API release moved to 2026-07-31.",
     "We're releasing the v1 API on 2026-07-31."),
    ("We deprecate the v1 API on 2026-07-25.", "The v1 API deprecation moved to 2026-07-31.",
     "We deprecate the v1 API on 2026-07-31."),
    ("We're deprecating the v1 API on 2026-07-25.", "The deprecation moved to 2026-07-31.",
     "We're deprecating the v1 API on 2026-07-31."),
    # an event said alike ("ships", "release", "launch")
    ("The launch is on 2026-07-25.", "The release moved to 2026-07-31.",
     "The launch is on 2026-07-31."),
]


@pytest.mark.parametrize(("kept", "said", "now"), _VERB_NOUN)
def test_a_plan_told_by_its_verb_is_moved_by_its_noun(kept: str, said: str, now: str) -> None:
    # the move, naming the event by its noun, was a second plan on another day beside the first
    files = {"project_plan.md": topic("Plan", kept)}
    plan = plan_dream(files, "- [Plan](project_plan.md) — plan\n", candidates(said, day=3),
                      now=NOW)
    assert [f for f in plan.writes if f != "MEMORY.md"] == ["project_plan.md"]
    body = parse_topic(plan.writes["project_plan.md"]).body
    assert body.startswith(now + "\n")
    assert ("Changed from 2026-07-25 to 2026-07-31 on 2026-07-09; previously 2026-07-25."
            in body.splitlines())


@pytest.mark.parametrize(("kept", "said", "now"), _VERB_NOUN)
def test_a_plan_told_by_its_verb_and_moved_by_its_noun_in_one_dream_is_one_plan(
        kept: str, said: str, now: str) -> None:
    assert _plans(kept, said) == {(now, "Plan work around 2026-07-31.")}


@pytest.mark.parametrize(("kept", "said"), [
    # another thing's event, or another event of the thing
    ("We're releasing the v1 API on 2026-07-25.", "The v2 API release moved to 2026-07-31."),
    ("We're releasing the v1 API on 2026-07-25.", "The v1 API deprecation moved to 2026-07-31."),
    ("They ship the beta on 2026-07-24.", "The GA release moved to 2026-08-20."),
])
def test_a_move_of_another_event_leaves_the_plan_told_by_its_verb(kept: str, said: str) -> None:
    files = {"project_plan.md": topic("Plan", kept)}
    plan = plan_dream(files, "- [Plan](project_plan.md) — plan\n", candidates(said, day=3),
                      now=NOW)
    assert "project_plan.md" not in plan.writes


@pytest.mark.parametrize(("kept", "said", "now"), [
    ("The launch is on 2026-07-31.", "The launch got pushed back two weeks.",
     "The launch is on 2026-08-14."),
    ("The launch is on 2026-07-31.", "Launch moved up by a week.", "The launch is on 2026-07-24."),
    ("The launch is on 2026-07-31.", "The launch slipped a week.", "The launch is on 2026-08-07."),
    ("The beta ships on 2026-07-25.", "We pushed the beta back by 3 days.",
     "The beta ships on 2026-07-28."),
    ("The demo is on 2026-07-30.", "The demo was brought forward by two days.",
     "The demo is on 2026-07-28."),
    ("We're releasing the v1 API on 2026-07-25.", "The release slipped a week.",
     "We're releasing the v1 API on 2026-08-01."),
])
def test_a_plan_moved_by_an_amount_moves_from_its_day(kept: str, said: str, now: str) -> None:
    # the move was no memory at all: the plan kept its old day
    files = {"project_plan.md": topic("Plan", kept)}
    plan = plan_dream(files, "- [Plan](project_plan.md) — plan\n", candidates(said, day=3),
                      now=NOW)
    assert [f for f in plan.writes if f != "MEMORY.md"] == ["project_plan.md"]
    body = parse_topic(plan.writes["project_plan.md"]).body
    was, day = kept[-11:-1], now[-11:-1]
    assert body.startswith(now + "\n")
    assert f"Changed from {was} to {day} on 2026-07-09; previously {was}." in body.splitlines()


def test_a_plan_said_in_the_dream_moved_by_an_amount_is_one_plan() -> None:
    assert _plans("The launch is on 2026-07-31.", "The launch got pushed back two weeks.") == {
        ("The launch is on 2026-08-14.", "Plan work around 2026-08-14.")}


@pytest.mark.parametrize(("kept", "said"), [
    # no plan of the thing: nothing to move, nor to remember
    ((), "The launch got pushed back two weeks."),
    (("The launch is on 2026-07-31.",), "The demo got pushed back two weeks."),
    # two plans of it with a day: which one moved is not told
    (("The launch is on 2026-07-31.", "The launch party is on 2026-08-02."),
     "The launch got pushed back two weeks."),
    # no way told ("moved by a week"), or no amount
    (("The launch is on 2026-07-31.",), "The launch moved by a week."),
])
def test_a_move_by_an_amount_of_no_one_plan_is_no_memory(
        kept: tuple[str, ...], said: str) -> None:
    files = {f"project_plan{i}.md": topic(f"Plan {i}", lead) for i, lead in enumerate(kept)}
    index = "".join(f"- [Plan {i}](project_plan{i}.md) — plan\n" for i in range(len(kept)))
    plan = plan_dream(files, index or None, candidates(said, day=3), now=NOW)
    assert [f for f in plan.writes if f != "MEMORY.md"] == []


@pytest.mark.parametrize(("kept", "said", "why"), [
    # each made nothing, and the plan stayed upcoming ("Plan work around 2026-07-24")
    ("The release is on 2026-07-24.", "The release is cancelled.",
     "Stated by the user on 2026-07-09."),
    ("The offsite is on 2026-07-28.", "The offsite was called off.",
     "Stated by the user on 2026-07-09."),
    ("The design review is on 2026-07-24.", "We cancelled the design review.",
     "Stated by the user on 2026-07-09."),
    ("We're releasing the v1 API on 2026-07-25.", "The release got scrapped.",
     "Stated by the user on 2026-07-09."),
    ("The demo is on 2026-07-30.", "We've called off the demo.",
     "Stated by the user on 2026-07-09."),
    ("The design review is on 2026-07-24.",
     "We cancelled the design review because the designer is out sick.",
     "The designer is out sick."),
])
def test_a_plan_called_off_is_told_off_with_the_plan_as_history(
        kept: str, said: str, why: str) -> None:
    files = {"project_plan.md": topic("Plan", kept)}
    plan = plan_dream(files, "- [Plan](project_plan.md) — plan\n", candidates(said, day=3),
                      now=NOW)
    assert [f for f in plan.writes if f != "MEMORY.md"] == ["project_plan.md"]
    entry = parse_entry("project_plan.md", plan.writes["project_plan.md"])
    assert entry.lead == said.split(" because ")[0].rstrip(".") + "."
    assert entry.history == [f"Updated on 2026-07-09; previously: {kept}"]
    assert entry.why == why
    assert "Plan work around" not in entry.how and "2026-07" not in entry.how
    assert [d.action for d in plan.decisions if d.file == "project_plan.md"] == ["superseded"]


def test_a_plan_said_in_the_dream_and_called_off_is_one_memory_telling_it_off() -> None:
    assert _plans("The release is on 2026-07-24.", "The release is cancelled.") == {
        ("The release is cancelled.", "Take this into account when planning or suggesting "
                                      "changes.")}


@pytest.mark.parametrize(("kept", "said"), [
    # no plan of it: a call-off of nothing known is no memory
    ((), "The release is cancelled."),
    (("The release is on 2026-07-24.",), "The offsite was called off."),
    # two plans of it with a day: which one is off is not told
    (("The release is on 2026-07-24.", "The mobile release is on 2026-07-30."),
     "The release is cancelled."),
    # a plan already told as past is no plan to call off
    (("Was planned: the release is on 2026-07-14.",), "The release is cancelled."),
    # the work at hand, an order, a plan said to stand
    (("The release is on 2026-07-24.",), "I cancelled the failing CI job."),
    (("The release is on 2026-07-24.",), "We cancelled the failing CI job."),
    (("The release is on 2026-07-24.",), "Cancel the build."),
    (("The release is on 2026-07-24.",), "The release isn't cancelled."),
    (("The release is on 2026-07-24.",), "The release is not cancelled."),
])
def test_a_call_off_of_no_one_plan_is_no_memory(kept: tuple[str, ...], said: str) -> None:
    files = {f"project_plan{i}.md": topic(f"Plan {i}", lead) for i, lead in enumerate(kept)}
    index = "".join(f"- [Plan {i}](project_plan{i}.md) — plan\n" for i in range(len(kept)))
    plan = plan_dream(files, index or None, candidates(said, day=3), now=NOW)
    assert [f for f in plan.writes if f != "MEMORY.md"] == []


def test_a_rule_against_calling_a_plan_off_leaves_the_plan() -> None:
    files = {"project_plan.md": topic("Plan", "The release is on 2026-07-24.")}
    plan = plan_dream(files, "- [Plan](project_plan.md) — plan\n",
                      candidates("Don't cancel the release.", day=3), now=NOW)
    assert "project_plan.md" not in plan.writes


@pytest.mark.parametrize(("kept", "said"), [
    # the plan kept, moved with other words after its day (was a second memory, the kept one
    # left at its old day)
    ("The SOC2 audit is on 2026-08-14, keep that in mind.",
     "The SOC2 audit is on 2026-08-21, so freeze the infra changes."),
    # near miss: moved in the same words
    ("The SOC2 audit is on 2026-08-14.", "The SOC2 audit is on 2026-08-21."),
])
def test_a_kept_plan_moved_with_other_words_after_its_day_is_moved(kept: str, said: str) -> None:
    files = {"project_plan.md": topic("Plan", kept)}
    plan = plan_dream(files, "- [Plan](project_plan.md) — plan\n", candidates(said, day=2),
                      now=NOW)
    assert [f for f in plan.writes if f != "MEMORY.md"] == ["project_plan.md"]
    body = parse_topic(plan.writes["project_plan.md"]).body
    assert body.startswith(said)
    assert "Changed from 2026-08-14 to 2026-08-21" in body


@pytest.mark.parametrize(("first", "then"), [
    # each was two memories, the plan at both days (from a review): nothing but how it comes
    # out before the day, or the move told with "now" in other words
    ("The launch is on 2026-07-24, keep that in mind.",
     "The launch is now 2026-07-31, the designs slipped."),
    ("We ship on 2026-07-24, so freeze main.", "We ship on 2026-07-31, QA found bugs."),
    ("The kickoff meeting is on 2026-07-24.", "The kickoff call is now on 2026-07-31."),
    ("Heads up, the release is on 2026-07-24.", "Just heard the release is now on 2026-07-31."),
    ("The security audit is on 2026-07-24.", "The SOC2 audit is now on 2026-07-31."),
])
@pytest.mark.parametrize("kept", [True, False], ids=["kept", "one-dream"])
def test_a_plan_moved_in_other_words_is_one_memory(first: str, then: str, kept: bool) -> None:
    if kept:
        plan = plan_dream({"project_plan.md": topic("Plan", first)},
                          "- [Plan](project_plan.md) — plan\n", candidates(then, day=2), now=NOW)
    else:
        plan = plan_dream({}, "", [*candidates(first, day=1), *candidates(then, day=2)], now=NOW)
    written = [t for f, t in plan.writes.items() if f != "MEMORY.md"]
    assert len(written) == 1 and not (kept and plan.deletes), list(plan.writes)
    assert "2026-07-31" in parse_topic(written[0]).body.split("\n", 1)[0]


def test_two_plans_with_their_day_said_first_stay_apart() -> None:
    plan = plan_dream({}, "", [*candidates("On 2026-07-24 we ship the beta.", day=1),
                               *candidates("On 2026-08-14 we ship the GA.", day=2)], now=NOW)
    assert len([f for f in plan.writes if f != "MEMORY.md"]) == 2


@pytest.mark.parametrize(("said", "file"), [
    # was "project_retro-week-week.md": "week" of the week resolved and of the words told from
    ("The retro is the week after the launch on 2026-07-15.", "project_retro-week.md"),
    ("The freeze starts the week before the launch on 2026-08-05.",
     "project_freeze-starts-week.md"),
    # near misses: no word doubled, the name as before (of the title, which ends before the
    # aside: "The retro is on 2026-07-20")
    ("The retro is the Monday after the launch on 2026-07-15.", "project_retro.md"),
    ("The audit is next week.", "project_audit-week.md"),
])
def test_a_plan_told_from_a_dated_week_names_its_file_without_a_doubled_word(
        said: str, file: str) -> None:
    assert [f for f in _planned_alone(said).writes if f != "MEMORY.md"] == [file]


def test_the_part_of_the_day_is_in_the_rewrite_the_run_record_names() -> None:
    _, (rw,) = absolutize("The demo is tomorrow morning.", MONDAY)
    assert (rw.original, rw.replacement, rw.resolved) == (
        "tomorrow morning", "on the morning of 2026-07-07", date(2026, 7, 7))


@pytest.mark.parametrize(
    ("text", "ref", "expected"),
    [
        ("The demo is today.", MONDAY, "The demo is on 2026-07-06."),
        ("We freeze merges tomorrow.", MONDAY, "We freeze merges on 2026-07-07."),
        ("The outage was yesterday.", MONDAY, "The outage was on 2026-07-05."),
        ("The release is next Friday.", MONDAY, "The release is on 2026-07-10."),
        ("The release is next Friday.", FRIDAY, "The release is on 2026-07-17."),
        ("The review is this Friday.", MONDAY, "The review is on 2026-07-10."),
        ("The review is this Friday.", FRIDAY, "The review is on 2026-07-10."),
        ("We migrated last Friday.", MONDAY, "We migrated on 2026-07-03."),
        ("We switched last week.", MONDAY, "We switched in the week of 2026-06-29."),
        ("The audit is next week.", date(2026, 7, 8), "The audit is in the week of 2026-07-13."),
        ("We ship in two weeks.", MONDAY, "We ship on 2026-07-20."),
        ("We ship in 3 days.", MONDAY, "We ship on 2026-07-09."),
        ("The launch is next month.", MONDAY, "The launch is in August 2026."),
        ("The launch is next month.", date(2026, 12, 15), "The launch is in January 2027."),
        ("We ship it in the next month.", MONDAY, "We ship it in August 2026."),
        ("The deadline is end of the month.", MONDAY, "The deadline is on 2026-07-31."),
        ("Merge it by end of the month.", date(2026, 2, 3), "Merge it by 2026-02-28."),
        ("The freeze starts on Thursday.", MONDAY, "The freeze starts on 2026-07-09."),
        ("Send the report by Monday.", MONDAY, "Send the report by 2026-07-13."),
        ("The offsite is in a couple of weeks.", MONDAY, "The offsite is on 2026-07-20."),
        ("The demo was 2 days ago.", MONDAY, "The demo was on 2026-07-04."),
    ],
)
def test_relative_dates_become_iso_dates(text: str, ref: date, expected: str) -> None:
    out, rewrites = absolutize(text, ref)
    assert out == expected
    assert rewrites, "a rewrite is recorded for the decision log"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # said on Monday 2026-10-12: each day once, and the end of the span in the same month
        # as its start although "announced" tells the sentence as past (was "on 2026-10-19 the
        # 19th through Friday 2026-09-23")
        ("Finance announced a change freeze next week, Monday the 19th through Friday the 23rd.",
         "Finance announced a change freeze on 2026-10-19 through Friday 2026-10-23."),
        ("The freeze is Monday the 19th through Friday the 23rd.",
         "The freeze is Monday 2026-10-19 through Friday 2026-10-23."),
        ("The freeze runs from the 19th to the 23rd.",
         "The freeze runs from 2026-10-19 to 2026-10-23."),
        ("Next week, Tuesday the 20th, we ship.", "On 2026-10-20, we ship."),
        # told as past, the span is the one gone by, its end read from its start
        ("The outage was from the 10th to the 12th.",
         "The outage was from 2026-10-10 to 2026-10-12."),
        ("We are off from the 28th until the 2nd.", "We are off from 2026-10-28 until 2026-11-02."),
        # a weekday with its day of the month: the one falling on it, the next unless one has
        # just gone by
        ("Finance announced the freeze ends Friday the 23rd.",
         "Finance announced the freeze ends Friday 2026-10-23."),
        ("We shipped it on Friday the 9th.", "We shipped it on Friday 2026-10-09."),
        ("The outage was on the 3rd.", "The outage was on 2026-10-03."),
    ],
)
def test_a_day_of_the_month_with_its_weekday_or_in_a_span_is_that_day_said_once(
        text: str, expected: str) -> None:
    assert absolutize(text, date(2026, 10, 12))[0] == expected


def test_standing_weekday_rule_is_not_dated() -> None:
    # "never deploy on Friday" is about every Friday, not one date
    out, rewrites = absolutize("Never deploy on Friday.", MONDAY)
    assert out == "Never deploy on Friday." and rewrites == []


def test_text_without_relative_dates_is_unchanged() -> None:
    out, rewrites = absolutize("Use pnpm, not npm, for installs.", MONDAY)
    assert out == "Use pnpm, not npm, for installs." and rewrites == []


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("The release is on 2026-07-10.", "The release was on 2026-07-10."),
        ("We will ship v2 on 2026-07-10.", "We planned to ship v2 on 2026-07-10."),
        ("The migration is scheduled for 2026-07-10.",
         "The migration was scheduled for 2026-07-10."),
        ("We freeze merges on 2026-07-10.", "We planned to freeze merges on 2026-07-10."),
        # the day said once (each read "Was planned for 2026-07-10: ... on 2026-07-10.")
        ("Merges freeze on 2026-07-10.",
         "Was planned: merges freeze on 2026-07-10."),
        ("We cut the 2.0 branch on 2026-07-13.",
         "Was planned: we cut the 2.0 branch on 2026-07-13."),
        ("As of 2026-07-01: merges freeze on 2026-07-10.",
         "Was planned (as of 2026-07-01): merges freeze on 2026-07-10."),
        # ... and named before it when the sentence writes it otherwise
        ("Merges freeze on Jul 10, 2026.",
         "Was planned for 2026-07-10: merges freeze on Jul 10, 2026."),
        ("The audit is in the week of 2026-07-06.", "The audit was in the week of 2026-07-06."),
    ],
)
def test_past_plans_are_told_as_past(sentence: str, expected: str) -> None:
    assert tell_as_past(sentence, date(2026, 7, 20)) == expected


def test_future_plan_and_already_past_wording_are_left_alone() -> None:
    assert tell_as_past("The release is on 2026-07-10.", date(2026, 7, 9)) is None
    assert tell_as_past("The release was on 2026-07-10.", date(2026, 7, 20)) is None
    # a week is past only once its Sunday has gone
    assert not is_past("the week of 2026-07-06", date(2026, 7, 12))
    assert is_past("the week of 2026-07-06", date(2026, 7, 13))


_DATE_WORDS = [
    "next", "last", "this", "coming", "in", "3", "two", "days", "week", "weeks", "month",
    "months", "year", "end", "of", "the", "tomorrow", "yesterday", "today", "tonight", "morning",
    "evening", "on", "by", "until", "Friday", "MONDAY", "ago", "from", "now", "day", "after",
    "before", "release", "deploy", "never", "always", "ship", "at", "towards", "fortnight",
    "weeks'", "time", "January", "Jan.", "May", "sept", "15th", "1st", "years", "Q3", "quarter",
    "3rd", "during", "is", "April", "December", "early", "moved", "since",
]


@settings(max_examples=300, deadline=None)
@given(words=st.lists(st.sampled_from(_DATE_WORDS), min_size=1, max_size=8))
def test_the_keyword_prefilter_never_hides_a_relative_date(words: list[str]) -> None:
    """Any text a rule would rewrite passes the cheap keyword check that gates the rules."""
    text = " ".join(words)
    patterns = [pattern for pattern, _ in dates._RULES] + [dates._BARE_WEEKDAY]
    if any(pattern.search(text) for pattern in patterns):
        assert dates.may_be_relative(text)


def test_text_without_date_words_is_returned_as_is() -> None:
    assert absolutize("Always use pnpm for installs.", date(2026, 5, 1)) == (
        "Always use pnpm for installs.", [])


def test_a_date_after_to_keeps_its_preposition() -> None:
    text, (rw,) = absolutize("The release moved to next Friday.", date(2026, 7, 14))
    assert text == "The release moved to 2026-07-17." and rw.resolved == date(2026, 7, 17)


# --- said on Monday 2025-12-29 (the audit's past.json and dates.json) -----------------------
SAID = date(2025, 12, 29)


@pytest.mark.parametrize(
    ("said", "absolute", "last_upcoming_day"),
    [
        # the end of a week is its Friday, whatever the preposition in front
        ("We ship v3 of the billing API at the end of next week.",
         "We ship v3 of the billing API on 2026-01-09.", date(2026, 1, 9)),
        ("Merge it by the end of next week.", "Merge it by 2026-01-09.", date(2026, 1, 9)),
        ("The deadline is end of next week.", "The deadline is on 2026-01-09.", date(2026, 1, 9)),
        ("Towards the end of next week we demo.", "Around 2026-01-09 we demo.",
         date(2026, 1, 9)),
        ("We demo early next week.", "We demo early in the week of 2026-01-05.",
         date(2026, 1, 11)),
        ("We ship in two weeks' time.", "We ship on 2026-01-12.", date(2026, 1, 12)),
        ("The cert expires in a month's time.", "The cert expires on 2026-01-29.",
         date(2026, 1, 29)),
        ("The offsite is in a fortnight.", "The offsite is on 2026-01-12.", date(2026, 1, 12)),
        # a month is past once it has ended; a year once it has
        ("FYI the team offsite in Lisbon is next month.",
         "FYI the team offsite in Lisbon is in January 2026.", date(2026, 1, 31)),
        ("Next month's release is big.", "January 2026's release is big.", date(2026, 1, 31)),
        ("We are upgrading to Django 5 next year, remember that.",
         "We are upgrading to Django 5 in 2026, remember that.", date(2026, 12, 31)),
        ("We upgrade by the end of next year.", "We upgrade by 2026-12-31.",
         date(2026, 12, 31)),
        # a day of a month with no year: the next one on or after the message's day...
        ("The SOC2 audit is on January 15th, keep that in mind.",
         "The SOC2 audit is on 2026-01-15, keep that in mind.", date(2026, 1, 15)),
        ("The audit is on the 15th of Jan.", "The audit is on 2026-01-15.", date(2026, 1, 15)),
        ("January 15th is the deadline.", "2026-01-15 is the deadline.", date(2026, 1, 15)),
        ("The review is Dec 29.", "The review is 2025-12-29.", date(2025, 12, 29)),
        ("We ship Sept 3.", "We ship on 2026-09-03.", date(2026, 9, 3)),
        # ... or the latest one before it when told as past
        ("The outage was on December 3rd.", "The outage was on 2025-12-03.", date(2025, 12, 3)),
        ("We released v2 on Jan 5.", "We released v2 on 2025-01-05.", date(2025, 1, 5)),
        ("We dropped 3.8 last year.", "We dropped 3.8 in 2024.", date(2024, 12, 31)),
        # a day a plan slipped to, told in a contraction of the present, lies ahead (it was
        # put a year back, and the plan told as passed a week before its day)
        ("The 1.4 release slipped, it's now January 6.",
         "The 1.4 release slipped, it's now on 2026-01-06.", date(2026, 1, 6)),
        ("The launch slipped; we're now aiming for January 20.",
         "The launch slipped; we're now aiming for 2026-01-20.", date(2026, 1, 20)),
        # ... but a past event's state is no plan, nor a place ("it's on PyPI")
        ("We shipped the beta on Dec 3 and it's on PyPI.",
         "We shipped the beta on 2025-12-03 and it's on PyPI.", date(2025, 12, 3)),
        ("The outage was on Dec 3rd, it's fixed now.",
         "The outage was on 2025-12-03, it's fixed now.", date(2025, 12, 3)),
        # ... nor a present told in another clause (from a review: put a year ahead)
        ("We switched to pnpm on Dec 4; it's now the default.",
         "We switched to pnpm on 2025-12-04; it's now the default.", date(2025, 12, 4)),
        ("We migrated to Postgres 16 on Dec 2, we're now fully on it.",
         "We migrated to Postgres 16 on 2025-12-02, we're now fully on it.", date(2025, 12, 2)),
        # where a plan stands now, after a move told in the past (was a year back)
        ("The beta got pushed again, now January 7.",
         "The beta got pushed again, now on 2026-01-07.", date(2026, 1, 7)),
    ],
)
def test_a_relative_date_reads_cleanly_and_passes_with_its_day(
        said: str, absolute: str, last_upcoming_day: date) -> None:
    out, rewrites = absolutize(said, SAID)
    assert out == absolute
    assert rewrites
    assert not is_past(out, last_upcoming_day)
    assert is_past(out, last_upcoming_day + timedelta(days=1))


@pytest.mark.parametrize(
    ("said", "absolute", "last_upcoming_day"),
    [
        # the week after next: the Monday two weeks on, as "next week" is one week on
        ("The retro is the week after next.", "The retro is in the week of 2026-01-12.",
         date(2026, 1, 18)),
        ("In the week after next, we demo.", "In the week of 2026-01-12, we demo.",
         date(2026, 1, 18)),
        ("Merge it by the week after next.", "Merge it by the week of 2026-01-12.",
         date(2026, 1, 18)),
        # a day of the month: the next one on or after the message's day ...
        ("The audit is on the 15th.", "The audit is on 2026-01-15.", date(2026, 1, 15)),
        ("Send the report by the 3rd.", "Send the report by 2026-01-03.", date(2026, 1, 3)),
        ("The deadline is the 29th.", "The deadline is 2025-12-29.", date(2025, 12, 29)),
        ("The review is on the 15th at 10am.", "The review is on 2026-01-15 at 10am.",
         date(2026, 1, 15)),
        ("Pay the invoice by the 30th of next month.", "Pay the invoice by 2026-01-30.",
         date(2026, 1, 30)),
        # ... or the latest one when told as past
        ("The outage was on the 3rd.", "The outage was on 2025-12-03.", date(2025, 12, 3)),
        # a quarter with its year, past once its last month has ended, as a month is
        ("We launch in Q3.", "We launch in Q3 2026.", date(2026, 9, 30)),
        ("The freeze is during Q4.", "The freeze is during Q4 2025.", date(2025, 12, 31)),
        ("The migration is next quarter.", "The migration is in Q1 2026.", date(2026, 3, 31)),
        ("Next quarter we hire.", "In Q1 2026 we hire.", date(2026, 3, 31)),
        ("Q2 is the target for v3.", "Q2 2026 is the target for v3.", date(2026, 6, 30)),
        ("We launch in early Q3.", "We launch in early Q3 2026.", date(2026, 9, 30)),
        ("This quarter's OKRs are set.", "Q4 2025's OKRs are set.", date(2025, 12, 31)),
        ("We shipped v2 in Q1.", "We shipped v2 in Q1 2025.", date(2025, 3, 31)),
        # the end of a quarter is its last day, as the end of a month is
        ("Ship it by end of Q1.", "Ship it by 2026-03-31.", date(2026, 3, 31)),
        ("We close the books by the end of the quarter.", "We close the books by 2025-12-31.",
         date(2025, 12, 31)),
        ("The deadline is the end of next quarter.", "The deadline is on 2026-03-31.",
         date(2026, 3, 31)),
        # a month alone: the next one not over, or the latest begun when told as past
        ("We launch in April.", "We launch in April 2026.", date(2026, 4, 30)),
        ("Migrate the billing jobs by March.", "Migrate the billing jobs by March 2026.",
         date(2026, 3, 31)),
        ("We ship in early March.", "We ship in early March 2026.", date(2026, 3, 31)),
        ("The freeze ends at the end of January.", "The freeze ends on 2026-01-31.",
         date(2026, 1, 31)),
        ("We shipped v2 in December.", "We shipped v2 in December 2025.", date(2025, 12, 31)),
    ],
)
def test_the_week_after_next_a_day_of_the_month_and_a_quarter_are_dated(
        said: str, absolute: str, last_upcoming_day: date) -> None:
    out, rewrites = absolutize(said, SAID)
    assert out == absolute
    assert rewrites
    assert not is_past(out, last_upcoming_day)
    assert is_past(out, last_upcoming_day + timedelta(days=1))


def test_a_day_of_the_month_skips_months_without_it() -> None:
    assert absolutize("The release is on the 31st.", date(2026, 4, 5))[0] == (
        "The release is on 2026-05-31.")


@pytest.mark.parametrize("text", [
    "Run it for the 3rd time.",  # an ordinal, not a day
    "Look at the 2nd and 3rd rows.",
    "Rent is due on the 1st of every month.",  # every month, not one of them
    "The Q3 roadmap is out.",  # may be the name of a plan
    "The launch is in Q3 2026.",  # already has its year
    "We launch in Q3'26.",
    "A quarter of the tests are slow.",
    "Quarterly planning happens in the first week.",
    # a quarter inside a name: 'Reports-2024-Q1.csv' became 'Reports-2024-Q1 2027.csv' in
    # memory and in the topic file's name
    "The S3 key is Reports-2024-Q1.csv for the quarterly report.",
    "The file is sales-Q1.csv.",
    "The FY2024-Q1 numbers are final.",
    "Q1_report.xlsx is ready.",
])
def test_ordinals_and_quarters_that_are_no_date_to_resolve_stay(text: str) -> None:
    assert absolutize(text, SAID) == (text, [])


@pytest.mark.parametrize("text", [
    "Her birthday is on March 3rd.",  # every year, not one of them
    "The deadline is Feb 30.",  # no such day
    "Lunch is at 12, may 3 of us join?",  # "may" the verb
    "Convert dec 10 to hex.",  # a number base, not December
    "The 2.0 release ships in builds of 2000.",
])
def test_words_that_are_no_single_date_stay(text: str) -> None:
    assert absolutize(text, SAID) == (text, [])


@pytest.mark.parametrize("text", [
    "Hand the release keys to April.",  # a person, not a month
    "Ask May about the rollout.",
    "Every April we renew the certificates.",
    "The conference is in April 2027.",  # already has its year
    "We may switch to Vite in the spring.",
])
def test_a_month_that_is_a_name_has_its_year_or_recurs_stays(text: str) -> None:
    assert absolutize(text, SAID) == (text, [])


@pytest.mark.parametrize(
    ("said", "absolute"),
    [
        # what a date was moved to, or from, lies ahead, however the move is told
        ("The launch moved to March 3.", "The launch moved to 2027-03-03."),
        ("The launch was pushed to March.", "The launch was pushed to March 2027."),
        ("We moved the demo from March to April.",
         "We moved the demo from March 2027 to April 2027."),
        ("The review slipped to the 3rd.", "The review slipped to 2026-08-03."),
        # ... told as a week too (from the eighteenth review: it was put in last year's)
        ("The upgrade moved to the week of August 17.",
         "The upgrade moved to the week of 2026-08-17."),
        ("The upgrade moved from next week to the week of August 17.",
         "The upgrade moved from the week of 2026-07-20 to the week of 2026-08-17."),
        # what was done in a month, or since, is behind
        ("We upgraded to Postgres 16 in March.", "We upgraded to Postgres 16 in March 2026."),
        ("We've been on Node 20 since April.", "We've been on Node 20 since April 2026."),
        ("The outage was in the week of July 6.", "The outage was in the week of 2026-07-06."),
    ],
)
def test_a_date_something_was_moved_to_is_ahead_and_a_done_one_behind(
        said: str, absolute: str) -> None:
    assert absolutize(said, date(2026, 7, 13))[0] == absolute


@pytest.mark.parametrize(("text", "last"), [
    ("The audit is on January 15, 2026.", date(2026, 1, 15)),
    ("The audit is on 15 January 2026.", date(2026, 1, 15)),
    ("The launch is in 2026-01.", date(2026, 1, 31)),  # as earlier versions wrote a month
    ("The launch is in March 2026.", date(2026, 3, 31)),
    ("We move to Django 5 in 2026, once 4.2 is out.", date(2026, 12, 31)),
    ("The build takes 2000 ms in 2000 runs.", None),
    ("Postgres 2019 images are gone.", None),
    ("The hackathon is in Q3 2026.", date(2026, 9, 30)),
    ("Q4 2026 is the target.", date(2026, 12, 31)),
])
def test_dates_people_write_with_a_year_count_for_the_past_check(
        text: str, last: date | None) -> None:
    assert latest_date(text) == last


@pytest.mark.parametrize(
    ("sentence", "last_upcoming_day", "expected"),
    [
        ("We deploy the new billing service on 2026-01-05.", date(2026, 1, 5),
         "We planned to deploy the new billing service on 2026-01-05."),
        ("We ship v3 of the billing API on 2026-01-09.", date(2026, 1, 9),
         "We planned to ship v3 of the billing API on 2026-01-09."),
        ("They migrate the orders table on 2026-01-05.", date(2026, 1, 5),
         "They planned to migrate the orders table on 2026-01-05."),
        ("We cut over to the new cluster on 2026-01-05.", date(2026, 1, 5),
         "We planned to cut over to the new cluster on 2026-01-05."),
        ("I present the roadmap on 2026-01-05.", date(2026, 1, 5),
         "I planned to present the roadmap on 2026-01-05."),
        ("The team offsite in Lisbon is in January 2026.", date(2026, 1, 31),
         "The team offsite in Lisbon was in January 2026."),
        ("The launch is in 2026-01.", date(2026, 1, 31), "The launch was in 2026-01."),
        # a plan said in the progressive: "We were upgrading" would read as going on then
        ("We are upgrading to Django 5 in 2026.", date(2026, 12, 31),
         "Was planned: we are upgrading to Django 5 in 2026."),
        ("We're migrating from MySQL to Postgres in May 2026, after the audit.",
         date(2026, 5, 31),
         "Was planned: we're migrating from MySQL to Postgres in May 2026, after the audit."),
        ("The SOC2 audit is on 2026-01-15, keep that in mind.", date(2026, 1, 15),
         "The SOC2 audit was on 2026-01-15, keep that in mind."),
        ("January 2026's release is big.", date(2026, 1, 31),
         "Was planned: January 2026's release is big."),
        ("The hackathon is in Q3 2026.", date(2026, 9, 30), "The hackathon was in Q3 2026."),
        ("Onboarding Priya in the week of 2026-01-05.", date(2026, 1, 11),
         "Was planned: onboarding Priya in the week of 2026-01-05."),
        ("Quarterly planning in Q1 2026.", date(2026, 3, 31),
         "Was planned: quarterly planning in Q1 2026."),
    ],
)
def test_a_plan_is_told_as_past_the_day_after_its_date(
        sentence: str, last_upcoming_day: date, expected: str) -> None:
    assert tell_as_past(sentence, last_upcoming_day) is None
    assert tell_as_past(sentence, last_upcoming_day + timedelta(days=1)) == expected


@pytest.mark.parametrize("fact", [
    "We deploy on Fridays.",
    "We deploy every Friday since 2026-01-05.",
    "We deploy on Fridays (agreed on 2026-01-05).",
    "We merge only after review (agreed on 2026-01-05).",
    "CI is running on Buildkite since 2026-01-05.",
    "We decided to ship the billing API on 2026-01-05.",
])
def test_a_standing_fact_with_a_date_is_not_told_as_a_past_plan(fact: str) -> None:
    assert tell_as_past(fact, date(2027, 1, 1)) is None


@pytest.mark.parametrize(
    ("said", "dreamed", "told", "how"),
    [
        ("The code freeze starts next Monday, so we always merge only fixes after that.",
         date(2026, 7, 20),
         "Was planned: the code freeze starts on 2026-07-13, so we always merge only fixes "
         "after that.", "2026-07-13 has passed"),
        ("The beta deadline is the end of the month; always prioritize beta bugs until then.",
         date(2026, 8, 3),
         "Was planned: the beta deadline is on 2026-07-31; always prioritize beta bugs until "
         "then.", "2026-07-31 has passed"),
        ("The release is next Friday; never merge big refactors before then.",
         date(2026, 7, 20),
         "Was planned: the release is on 2026-07-10; never merge big refactors before then.",
         "2026-07-10 has passed"),
        ("We never deploy on Fridays until the migration next week is done.",
         date(2026, 7, 20),
         "Was planned: we never deploy on Fridays until the migration in the week of "
         "2026-07-13 is done.", "The week of 2026-07-13 has passed"),
    ],
)
def test_a_rule_held_until_or_after_a_plans_day_passes_with_the_plan(
        said: str, dreamed: date, told: str, how: str) -> None:
    # the rule's "always" or "never" made it a standing fact, told as upcoming for good with
    # "Plan work around" a day gone by
    (cand,) = gather(Message("s1", "user", "prompt", said, _at(MONDAY))).candidates
    plan = plan_dream({}, None, [cand], now=_at(dreamed))
    (text,) = plan.writes.values()
    body = parse_topic(text).body
    assert body.startswith(told)
    assert f"**How to apply:** {how}; check how it turned out" in body
    assert "Plan work around" not in body


@pytest.mark.parametrize("rule", [
    "We deploy every Friday since 2026-01-05 until further notice.",
    "We always merge after review (agreed on 2026-07-01), after that we deploy.",
    # a practice held since its day up to an end with no day: the day is no plan's
    "Since 2026-06-15 we deploy every Friday until the freeze.",
    "We've only merged hotfixes every week since 2026-07-01 and will till the audit ends.",
    "Since 2026-06-01 we always run the full e2e suite before merging, until the flaky tests "
    "are fixed.",
])
def test_a_standing_rule_that_only_mentions_after_or_until_is_no_past_plan(rule: str) -> None:
    assert tell_as_past(rule, date(2027, 1, 1)) is None


@pytest.mark.parametrize("said", [
    "Since 2026-06-15 we deploy every Friday until the freeze.",
    "We've only merged hotfixes every week since 2026-07-01 and will till the audit ends.",
])
def test_a_practice_since_a_day_held_until_an_undated_end_stays_a_standing_fact(said: str) -> None:
    # it read "Was planned: since 2026-06-15 we deploy ..." with "2026-06-15 has passed"
    (cand,) = gather(Message("s1", "user", "prompt", said, _at(date(2026, 7, 9)))).candidates
    plan = plan_dream({}, None, [cand], now=_at(date(2026, 7, 20)))
    (text,) = plan.writes.values()
    body = parse_topic(text).body
    assert body.startswith(said)
    assert "has passed" not in body and "Was planned" not in body


# --- the engine: plans said on 2025-12-29, dreamed on before and after they pass -----------
def _said(text: str, session: str) -> Message:
    return Message(session, "user", "prompt", text,
                   datetime(2025, 12, 29, 10, tzinfo=UTC))


def _at(day: date) -> datetime:
    return datetime.combine(day, time(9), tzinfo=UTC)


@pytest.mark.parametrize(
    ("said", "upcoming", "passed", "how_passed"),
    [
        ("Heads up: we deploy the new billing service on Monday.",
         "We deploy the new billing service on 2026-01-05.",
         "We planned to deploy the new billing service on 2026-01-05.", "2026-01-05"),
        ("We ship v3 of the billing API at the end of next week.",
         "We ship v3 of the billing API on 2026-01-09.",
         "We planned to ship v3 of the billing API on 2026-01-09.", "2026-01-09"),
        ("FYI the team offsite in Lisbon is next month.",
         "The team offsite in Lisbon is in January 2026.",
         "The team offsite in Lisbon was in January 2026.", "January 2026"),
        ("The SOC2 audit is on January 15th, so freeze the infra changes.",
         "The SOC2 audit is on 2026-01-15, so freeze the infra changes.",
         # (its order for the time before it is not left beside a past event)
         "Was planned: the SOC2 audit is on 2026-01-15, so freeze the infra changes.",
         "2026-01-15"),
        ("We are upgrading to Django 5 next year.",
         "We are upgrading to Django 5 in 2026.",
         "Was planned: we are upgrading to Django 5 in 2026.", "2026"),
        ("Quarterly planning is next month.",
         "Quarterly planning is in January 2026.",
         "Quarterly planning was in January 2026.", "January 2026"),
        ("The hackathon is in Q1.",
         "The hackathon is in Q1 2026.",
         "The hackathon was in Q1 2026.", "Q1 2026"),
        ("The SOC2 audit is on the 15th.",
         "The SOC2 audit is on 2026-01-15.",
         "The SOC2 audit was on 2026-01-15.", "2026-01-15"),
        ("We're launching the mobile app in April.",
         "We're launching the mobile app in April 2026.",
         "Was planned: we're launching the mobile app in April 2026.", "April 2026"),
    ],
)
def test_a_dreamed_plan_is_retold_once_passed_whether_in_one_dream_or_two(
        said: str, upcoming: str, passed: str, how_passed: str) -> None:
    candidates = gather(_said(said, "s1")).candidates
    first = plan_dream({}, None, candidates, now=_at(date(2026, 1, 2)))
    ((path, text),) = first.writes.items()
    assert parse_topic(text).body.startswith(upcoming)
    # the next dream reads back what the first wrote, after the plan's last day (within 30
    # days of it: later, the plan moves to the file of past events, test_cli_past_events.py)
    ended = dates.last_mention(upcoming)
    assert ended is not None
    later = _at(ended.last + timedelta(days=20))
    again = plan_dream(dict(first.writes), first.index, [], now=later)
    body = parse_topic(again.writes[path]).body
    assert body.startswith(passed)
    assert (f"**How to apply:** {how_passed[:1].upper()}{how_passed[1:]} has passed; check how "
            "it turned out before relying on it.") in body
    assert "Was planned for" not in body and "Plan work around" not in body
    # the index line's title is told as past too (keeping its first word's capital: "Was
    # planned: We're launching ..."), and its hook goes on from it
    (line,) = parse_index(again.index, frozenset()).entries
    assert again.index != first.index and passed.lower().startswith(line.title.lower())
    # one dream after the plan gives the same memory as two
    once = plan_dream({}, None, candidates, now=later)
    assert once.writes == {**first.writes, **again.writes}


@pytest.mark.parametrize(
    ("how", "kept"),
    [
        # the engine's own wording, as this version writes it ...
        ("Plan work around 2026-01-05.", False),
        # ... and as an earlier version garbled it after the plan passed
        ("Was planned for 2026-01-05: plan work around 2026-01-05.", False),
        # a person's own How is theirs, never replaced
        ("Have the RFC draft ready by 2026-01-05.", True),
    ],
)
def test_the_how_of_a_read_back_plan_is_replaced_only_when_the_engine_wrote_it(
        how: str, kept: bool) -> None:
    files = {"project_review.md": topic(
        "The design review is on 2026-01-05",
        f"The design review is on 2026-01-05.\n\n**Why:** Plan stated on 2026-01-02.\n"
        f"**How to apply:** {how}",
        extra="sources:\n- 2026-01-02 s1\n")}
    plan = plan_dream(files, "- [Review](project_review.md) — review\n", [],
                      now=_at(date(2026, 1, 20)))
    body = parse_topic(plan.writes["project_review.md"]).body
    assert body.startswith("The design review was on 2026-01-05.")
    if kept:
        assert f"**How to apply:** {how}" in body
    else:
        assert ("**How to apply:** 2026-01-05 has passed; check how it turned out before "
                "relying on it.") in body


def test_a_plan_told_as_past_by_an_earlier_version_gets_its_how_repaired() -> None:
    # d1b: the statement was already retold, only the How stayed garbled
    files = {"project_review.md": topic(
        "The design review was on 2026-01-05",
        "The design review was on 2026-01-05.\n\n**Why:** Plan stated on 2026-01-02.\n"
        "**How to apply:** Was planned for 2026-01-05: plan work around 2026-01-05.",
        extra="sources:\n- 2026-01-02 s1\n")}
    plan = plan_dream(files, "- [Review](project_review.md) — review\n", [],
                      now=_at(date(2026, 1, 20)))
    assert ("**How to apply:** 2026-01-05 has passed; check how it turned out before relying "
            "on it.") in plan.writes["project_review.md"]


_KINDS = ["correction", "prohibition", "preference", "remember", "decision", "plan", "switch",
          "fact"]


@pytest.mark.parametrize("kind", _KINDS)
@pytest.mark.parametrize("sessions", [1, 3])
def test_the_engines_own_why_and_how_are_recognised_when_read_back(
        kind: str, sessions: int) -> None:
    members = [
        Candidate(kind=kind, type="project",  # type: ignore[arg-type]
                  text="We deploy the billing service in the week of 2026-01-05.",
                  source=Source(f"s{i}", date(2026, 1, 2)),
                  timestamp=_at(date(2026, 1, 2)), explicitness=0.8,
                  new="Postgres" if kind == "switch" else None,
                  old="MySQL" if kind == "switch" else None)
        for i in range(sessions)]
    why, how = _default_why(Cluster(members)), _default_how(members[0])
    assert is_generated_why(why) and is_generated_how(how)
    entry = parse_entry("project_x.md", topic(
        "X", f"Something.\n\n**Why:** {why}\n**How to apply:** {how}"))
    assert entry.generated_why and entry.generated_how


@pytest.mark.parametrize("how", [
    "Plan work around Q3 2026.",
    "Q3 2026 has passed; check how it turned out before relying on it.",
])
def test_the_engines_how_for_a_quarter_is_recognised_when_read_back(how: str) -> None:
    assert is_generated_how(how)


@pytest.mark.parametrize("text", [
    "Plan work around the holidays.",
    "Use the staging cluster for load tests.",
    "Decided on 2026-01-02 after the outage review.",
    "Do not run migrations on prod.",
    "Avoid mocks; use the test database unless the user asks otherwise.",
])
def test_a_persons_why_or_how_is_never_taken_for_the_engines(text: str) -> None:
    entry = parse_entry("project_x.md", topic(
        "X", f"Something.\n\n**Why:** {text}\n**How to apply:** {text}"))
    assert not entry.generated_why and not entry.generated_how


@pytest.mark.parametrize("done", [
    "On 2026-07-05 we rolled back the payments deploy.",
    "On 2026-02-20 we rotated all the API keys.",
    "They ran the database migration on 2026-07-01.",
])
def test_something_done_is_never_retold_as_a_passed_plan(done: str) -> None:
    assert tell_as_past(done, date(2026, 7, 20)) is None


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("We deploy on Mondays as of next week.",
         "We deploy on Mondays as of the week of 2026-07-13."),
        ("As of tomorrow we use pnpm.", "As of 2026-07-07 we use pnpm."),
        ("Effective next month, we freeze on Fridays.",
         "Effective August 2026, we freeze on Fridays."),
        ("Beginning next month we ship weekly.", "Beginning August 2026 we ship weekly."),
        ("The week of next Monday is busy.", "The week of 2026-07-13 is busy."),
    ],
)
def test_a_preposition_already_said_is_not_doubled(text: str, expected: str) -> None:
    assert absolutize(text, date(2026, 7, 6))[0] == expected


def test_a_thing_that_goes_out_on_a_passed_day_is_told_as_planned_then() -> None:
    told = tell_as_past("As of 2026-06-26: the 0.2 release goes out on 2026-06-27.",
                        date(2026, 7, 20))
    assert told == "As of 2026-06-26: the 0.2 release was to go out on 2026-06-27."


@pytest.mark.parametrize("done", [
    "On 2026-07-05 we rolled back the payments deploy.",
    "The release was last Friday.",
    # standing, with the day it began or was agreed: no plan to work around
    "We deploy every Friday since 2026-01-05.",
    "We deploy on Fridays (agreed on 2026-01-05).",
    "Decided on 2026-07-02 after the outage review.",
])
def test_something_told_as_done_after_its_date_is_saved_as_a_fact_not_a_plan(done: str) -> None:
    msg = Message("s1", "user", "prompt", done, _at(MONDAY))
    (cand,) = gather(msg).candidates
    assert (cand.kind, cand.type) == ("fact", "project")  # was a plan "to check on"
    plan = plan_dream({}, None, [cand], now=_at(date(2026, 7, 20)))
    (text,) = plan.writes.values()
    assert "has passed" not in text and "Plan stated" not in text
    assert "Plan work around" not in text


@pytest.mark.parametrize("said", [
    "We planned to cut over to the new cluster on 2026-07-01.",
    "We decided to ship the billing API on 2026-07-01.",
    "We were launching the mobile app on 2026-07-01.",
])
def test_a_past_plan_whose_outcome_is_not_told_stays_a_plan_to_check_on(said: str) -> None:
    msg = Message("s1", "user", "prompt", said, _at(MONDAY))
    (cand,) = gather(msg).candidates
    assert cand.kind == "plan"
    plan = plan_dream({}, None, [cand], now=_at(date(2026, 7, 20)))
    (text,) = plan.writes.values()
    assert "2026-07-01 has passed; check how it turned out" in text


@pytest.mark.parametrize(
    ("text", "said_on", "expected"),
    [
        # told a few days after the day it was moved to: that day, not one nearly a year on
        ("We moved the deadline to June 30.", date(2026, 7, 5),
         "We moved the deadline to 2026-06-30."),
        # a move months ahead is still read ahead
        ("The launch moved to March 3.", date(2026, 7, 5), "The launch moved to 2027-03-03."),
        ("We pushed the release to July 10.", date(2026, 7, 5),
         "We pushed the release to 2026-07-10."),
    ],
)
def test_a_day_something_was_moved_to_is_read_as_the_telling_means_it(
        text: str, said_on: date, expected: str) -> None:
    assert absolutize(text, said_on)[0] == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [("We migrated last weekend.", "We migrated on the weekend of 2026-07-04."),
     ("We migrate next weekend.", "We migrate on the weekend of 2026-07-18."),
     ("The cutover is this weekend.", "The cutover is on the weekend of 2026-07-11.")],
)
def test_a_weekend_said_relative_is_dated_as_that_weekend(text: str, expected: str) -> None:
    # which of its two days is not said, so it is named by its Saturday and no day is made up;
    # "the week of 2026-06-29" read as the working week before it
    assert absolutize(text, date(2026, 7, 8))[0] == expected


def test_a_weekend_lasts_to_its_sunday() -> None:
    assert latest_date("We migrated on the weekend of 2026-07-04.") == date(2026, 7, 5)
    assert tell_as_past("The cutover is on the weekend of 2026-07-11.", date(2026, 7, 12)) is None
    assert tell_as_past("The cutover is on the weekend of 2026-07-11.", date(2026, 7, 13)) == (
        "The cutover was on the weekend of 2026-07-11.")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # what was done on a weekday said bare lies behind the telling (a Thursday)
        ("The staging DB is now db-stg-3, we moved it on Monday.",
         "The staging DB is now db-stg-3, we moved it on 2026-07-06."),
        ("Our main branch is now trunk, renamed it on Tuesday.",
         "Our main branch is now trunk, renamed it on 2026-07-07."),
        ("The migration was on Tuesday.", "The migration was on 2026-07-07."),
        ("We had the retro on Monday.", "We had the retro on 2026-07-06."),
        # ... and when something was decided, the day said before who decided or right after
        # the verb (all were the next Monday)
        ("On Monday we decided to stop deploying on Fridays.",
         "On 2026-07-06 we decided to stop deploying on Fridays."),
        ("On Monday, we agreed that PRs need two approvals.",
         "On 2026-07-06, we agreed that PRs need two approvals."),
        ("At the retro on Monday we decided to stop deploying on Fridays.",
         "At the retro on 2026-07-06 we decided to stop deploying on Fridays."),
        ("We decided on Monday to stop deploying on Fridays.",
         "We decided on 2026-07-06 to stop deploying on Fridays."),
        ("On Friday we shipped the beta.", "On 2026-07-03 we shipped the beta."),
        ("I had a 1:1 with Sam on Tuesday and agreed to take over the billing service.",
         "I had a 1:1 with Sam on 2026-07-07 and agreed to take over the billing service."),
        # ... or by what it befell, with no one named (was the Tuesday to come)
        ("the demo went well on Tuesday", "the demo went well on 2026-07-07"),
        ("The demo went well on Tuesday, the client liked it.",
         "The demo went well on 2026-07-07, the client liked it."),
        ("The nightly deploy failed on Monday.", "The nightly deploy failed on 2026-07-06."),
        # ... and what is arranged, due or still to come lies ahead
        ("We ship on Friday.", "We ship on 2026-07-10."),
        ("We need the signed contract on Friday.", "We need the signed contract on 2026-07-10."),
        ("I asked Sam to deploy on Friday.", "I asked Sam to deploy on 2026-07-10."),
        ("We scheduled the demo on Friday.", "We scheduled the demo on 2026-07-10."),
        ("We froze merges until Monday.", "We froze merges until 2026-07-13."),
        ("We deployed the fix and will verify on Monday.",
         "We deployed the fix and will verify on 2026-07-13."),
        ("On Monday we deploy the new version.", "On 2026-07-13 we deploy the new version."),
        ("On Monday we'll decide whether to ship.", "On 2026-07-13 we'll decide whether to ship."),
        ("We decided to ship the beta on Monday.", "We decided to ship the beta on 2026-07-13."),
        ("On Monday we decided to ship on Friday.",
         "On 2026-07-06 we decided to ship on 2026-07-10."),
        ("We'll ship on Monday, we decided.", "We'll ship on 2026-07-13, we decided."),
        ("The updated docs go out on Monday.", "The updated docs go out on 2026-07-13."),
        # ... and a deed told of an earlier day is that day's, not the next one's (was
        # "goes out on 2026-07-06", a Monday gone by)
        ("The release tagged on Friday goes out on Monday.",
         "The release tagged on 2026-07-03 goes out on 2026-07-13."),
        ("The release we tagged on Friday ships on Thursday.",
         "The release we tagged on 2026-07-03 ships on 2026-07-16."),
        # (a deed told after it is still this one's)
        ("The release tagged on Friday went out on Monday.",
         "The release tagged on 2026-07-03 went out on 2026-07-06."),
        ("The demo is on Tuesday.", "The demo is on 2026-07-14."),
        ("At the standup on Monday we'll pick a date.",
         "At the standup on 2026-07-13 we'll pick a date."),
    ],
)
def test_a_bare_weekday_is_behind_when_its_clause_tells_what_was_done(
        text: str, expected: str) -> None:
    assert absolutize(text, date(2026, 7, 9))[0] == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # told on Friday 2026-07-17, a thing named with no article done on a weekday, or the
        # weekday straight after the deed with no "on", is the one gone by (were 2026-07-24, a
        # week ahead, and no date at all)
        ("Release 2.3 went out on Friday.", "Release 2.3 went out on 2026-07-10."),
        ("Release 2.3 went out Friday.", "Release 2.3 went out on 2026-07-10."),
        ("release 2.3 went out Friday, all good", "release 2.3 went out on 2026-07-10, all good"),
        ("Billing fix shipped on Tuesday.", "Billing fix shipped on 2026-07-14."),
        ("Deploy happened Tuesday.", "Deploy happened on 2026-07-14."),
        ("The outage was Wednesday.", "The outage was on 2026-07-15."),
        # ... near misses: still to come, arranged, moved, what the day is, or the deed not the
        # day's own ("Review merged PRs" is a task)
        ("Release 2.4 goes out on Friday.", "Release 2.4 goes out on 2026-07-24."),
        ("Review merged PRs on Friday.", "Review merged PRs on 2026-07-24."),
        ("Legal confirmed the launch on Friday.", "Legal confirmed the launch on 2026-07-24."),
        ("It will be shipped Friday.", "It will be shipped Friday."),
        ("We scheduled the demo Friday.", "We scheduled the demo Friday."),
        ("The demo got moved Friday.", "The demo got moved Friday."),
        ("It was Friday.", "It was Friday."),
        ("The release is Friday.", "The release is on 2026-07-24."),
    ],
)
def test_a_weekday_told_of_a_deed_done_is_the_one_gone_by(text: str, expected: str) -> None:
    assert absolutize(text, date(2026, 7, 17))[0] == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # "since" a weekday is the latest one before, in a rule too (a bare weekday is not read
        # in a rule: "never deploy on Friday" is every Friday)
        ("The build has been broken since Friday.", "The build has been broken since 2026-07-03."),
        ("The build has been broken since Friday, so don't merge anything.",
         "The build has been broken since 2026-07-03, so don't merge anything."),
        ("Staging is down since Thursday.", "Staging is down since 2026-07-02."),
    ],
)
def test_since_a_weekday_is_the_one_before(text: str, expected: str) -> None:
    assert absolutize(text, date(2026, 7, 9))[0] == expected


@pytest.mark.parametrize(("plan", "told"), [
    # a name keeps its capital after the colon: it read "priya joins the team"
    ("Priya joins the team on 2026-07-13.",
     "Was planned: Priya joins the team on 2026-07-13."),
    ("Merges freeze on 2026-07-13.", "Was planned: merges freeze on 2026-07-13."),
])
def test_a_passed_plan_keeps_a_names_capital(plan: str, told: str) -> None:
    assert tell_as_past(plan, date(2026, 7, 20)) == told


@pytest.mark.parametrize(("text", "expected"), [
    # a preposition already said is not doubled: was "over on the weekend of", "during in ..."
    ("We migrated over last weekend.", "We migrated over the weekend of 2026-07-04."),
    ("We migrated during last week.", "We migrated during the week of 2026-06-29."),
    ("Throughout next month we freeze merges.", "Throughout August 2026 we freeze merges."),
    # "the next week" is the coming days, no week to name: was "Over the in the week of ..."
    ("Over the next week we migrate.", "Over the next week we migrate."),
    ("During the next month we freeze merges.", "During the next month we freeze merges."),
])
def test_a_preposition_or_article_before_a_relative_week_reads_once(
    text: str, expected: str
) -> None:
    assert absolutize(text, date(2026, 7, 9))[0] == expected


@pytest.mark.parametrize(("said", "kind"), [
    ("v2 launched today!", "fact"),  # made no memory ("launched" was no plan word)
    ("We launched v2 today.", "fact"),
    ("The migration happened today.", "fact"),  # was a plan to check on later
    ("We are launching v2 today.", "plan"),
    ("We ship today.", "plan"),
])
def test_an_event_told_as_done_on_the_day_it_was_said_is_a_fact(said: str, kind: str) -> None:
    (cand,) = gather(Message("s", "user", "prompt", said, datetime(
        2026, 7, 15, 9, tzinfo=UTC))).candidates
    assert cand.kind == kind


def test_a_plan_that_happened_says_so_instead_of_asking_how_it_turned_out() -> None:
    files = {"project_launch.md": topic("Launch", "The v2 launch is on 2026-07-15.")}
    said = Message("s9", "user", "prompt", "We launched v2 today.",
                   datetime(2026, 7, 15, 9, tzinfo=UTC))
    plan = plan_dream(files, "- [Launch](project_launch.md) — launch\n",
                      gather(said).candidates, now=datetime(2026, 7, 20, 9, tzinfo=UTC))
    # it was "confirmed", then told as "The v2 launch was on ..." with "check how it turned out"
    body = parse_topic(plan.writes["project_launch.md"]).body
    assert body.startswith("We launched v2 on 2026-07-15.\n")
    assert "Updated on 2026-07-15; previously: The v2 launch is on 2026-07-15." in body
    assert "check how it turned out" not in body


@pytest.mark.parametrize(("text", "expected"), [
    # it was "on 2026-07-10 2026-07-17": the weekday read as the next Friday beside the date
    ("The v2 launch is on Friday 2026-07-17.", "The v2 launch is on Friday 2026-07-17."),
    ("We ship on Friday (2026-07-17).", "We ship on Friday (2026-07-17)."),
    # was "Friday on 2026-07-17", "on 2026-07-10 on 2026-07-17", "on 2026-07-10 the 17th"
    ("The demo is Friday July 17.", "The demo is Friday 2026-07-17."),
    ("The demo is on Friday 17 July.", "The demo is on Friday 2026-07-17."),
    ("The demo is on Friday the 17th.", "The demo is on Friday 2026-07-17."),
    ("The offsite is on Friday, July 17th.", "The offsite is on Friday, 2026-07-17."),
    # a weekday alone is still the next one
    ("The demo is on Friday.", "The demo is on 2026-07-10."),
])
def test_a_weekday_before_the_date_it_names_is_not_read_as_another_day(
    text: str, expected: str
) -> None:
    assert absolutize(text, date(2026, 7, 6))[0] == expected


@pytest.mark.parametrize(
    ("said", "day"),
    [
        ("The launch is next year.", date(9999, 12, 30)),
        ("The launch is in Q4.", date(1, 1, 2)),
        ("The launch is in 10 years.", date(9999, 1, 4)),
        ("The launch is the day after 9999-12-31.", date(2026, 7, 6)),
        ("We ship the week after 9999-12-28.", date(2026, 7, 6)),
        ("The review is the day before 0001-01-01.", date(2026, 7, 6)),
    ],
)
def test_a_date_past_the_calendars_ends_is_left_as_said(said: str, day: date) -> None:
    # Each raised (ValueError, OverflowError) out of the gatherer, which fails the whole dream
    # and every dream after it that reads the same transcript.
    assert absolutize(said, day) == (said, [])


@pytest.mark.parametrize("said", ["We ship in the week of 9999-12-27.",
                                  "The beta ships in the week of 9999-12-27, then the GA."])
def test_a_plan_in_the_calendars_last_week_is_remembered(said: str) -> None:
    plan = plan_dream({}, None, candidates(said), now=NOW)
    assert any("9999-12-27" in text for text in plan.writes.values())


@pytest.mark.parametrize(("sentence", "told"), [
    # a plan under way when said: "was giving" would read as going on then, "gave" as done
    ("The user is giving a talk about csvstat at the PyData Berlin meetup on 2026-07-10, so the "
     "0.3 release has to be on PyPI before then.",
     "Was planned: the user is giving a talk about csvstat at the PyData Berlin meetup on "
     "2026-07-10, so the 0.3 release has to be on PyPI before then."),
    ("We're migrating the CI to Buildkite on 2026-07-10.",
     "Was planned: we're migrating the CI to Buildkite on 2026-07-10."),
    ("The staging box is being shut down on 2026-07-10.",
     "Was planned: the staging box is being shut down on 2026-07-10."),
    # an order for the plan's time, not left beside a past event
    ("The demo is on 2026-07-03, so keep main green.",
     "Was planned: the demo is on 2026-07-03, so keep main green."),
    ("The freeze is on 2026-07-03; merge only fixes until then.",
     "Was planned: the freeze is on 2026-07-03; merge only fixes until then."),
    # no plan under way, no order: told in the past as before
    ("The freeze is during the week of 2026-07-06.",
     "The freeze was during the week of 2026-07-06."),
    ("The demo is on 2026-07-03, so main must stay green.",
     "The demo was on 2026-07-03, so main must stay green."),
    ("The release is going to ship on 2026-07-10.", "The release planned to ship on 2026-07-10."),
    # a standing fact is never a plan
    ("We're deploying every Friday since 2026-07-03.", None),
])
def test_a_plan_under_way_or_with_an_order_is_told_as_planned_in_its_own_words(
        sentence: str, told: str | None) -> None:
    assert tell_as_past(sentence, date(2026, 7, 20)) == told


def test_a_talk_the_user_was_giving_is_told_as_planned_in_its_title_and_body() -> None:
    said = ("I'm giving a talk about csvstat at the PyData Berlin meetup next Friday, so the 0.3 "
            "release has to be on PyPI before then.")
    plan = plan_dream({}, None, gather(_said(said, "s1")).candidates,
                      now=_at(date(2026, 7, 20)))
    (text,) = [t for f, t in plan.writes.items() if f != "MEMORY.md"]
    topic_ = parse_topic(text)
    assert topic_.name == "Was planned: the user is giving a talk about csvstat"
    assert topic_.body.startswith("Was planned: the user is giving a talk about csvstat at the "
                                  "PyData Berlin meetup on 2026-01-02, so the 0.3 release has "
                                  "to be on PyPI before then.")
    assert "was giving" not in text and "had to" not in text


@pytest.mark.parametrize(("said", "title", "lead"), [
    # (the title lower case after the colon, as the body: it was "Was planned: The demo ...")
    ("The demo is on 2026-07-03, so keep main green.", "Was planned: the demo is on 2026-07-03",
     "Was planned: the demo is on 2026-07-03, so keep main green."),
    ("The SOC2 audit is on 2026-07-15, so freeze the infra changes.",
     "Was planned: the SOC2 audit is on 2026-07-15",
     "Was planned: the SOC2 audit is on 2026-07-15, so freeze the infra changes."),
    # told in the past as before, in the title too
    ("The demo is on 2026-07-03, so main must stay green.", "The demo was on 2026-07-03",
     "The demo was on 2026-07-03, so main must stay green."),
])
def test_a_plan_told_as_planned_is_titled_so(said: str, title: str, lead: str) -> None:
    plan = plan_dream({}, None, gather(_said(said, "s1")).candidates,
                      now=_at(date(2026, 7, 20)))
    (text,) = [t for f, t in plan.writes.items() if f != "MEMORY.md"]
    assert parse_topic(text).name == title
    assert parse_topic(text).body.startswith(lead)


@pytest.mark.parametrize(
    ("said", "passed"),
    [
        # what will be done to a thing: "was migrated" would say it was done, which no one told
        ("The staging cluster will be migrated to k8s 1.30 on 2026-07-14.",
         "Was planned: the staging cluster will be migrated to k8s 1.30 on 2026-07-14."),
        ("The design review will be held on 2026-07-14.",
         "Was planned: the design review will be held on 2026-07-14."),
        ("The staging cluster is being migrated to k8s 1.30 next Tuesday.",
         "Was planned: the staging cluster is being migrated to k8s 1.30 on 2026-07-14."),
        # the other side: a day said of an event, or a plan told with its person, as before
        ("The demo will be on 2026-07-14.", "The demo was on 2026-07-14."),
        ("We will migrate the staging cluster to k8s 1.30 on 2026-07-14.",
         "We planned to migrate the staging cluster to k8s 1.30 on 2026-07-14."),
    ],
)
def test_a_passed_plan_for_what_will_be_done_is_told_as_planned_not_as_done(
        said: str, passed: str) -> None:
    plan = plan_dream({}, None, candidates(said, day=1), now=NOW)
    (path,) = [f for f in plan.writes if f != "MEMORY.md"]
    entry = parse_topic(plan.writes[path])
    assert entry.body.startswith(passed + "\n")
    assert f"2026-07-14 {_GONE}" in entry.body
    # nor is it told as done in its title or the index
    told = f"{entry.name}\n{entry.description}\n{plan.index or ''}".lower()
    assert "was migrated" not in told and "was held" not in told


@pytest.mark.parametrize(("text", "expected"), [
    # a relative day and its date side by side were both rewritten: "on 2026-07-07 on 2026-07-07"
    ("The release is tomorrow 7 Jul, don't merge anything to main.",
     "The release is on 2026-07-07, don't merge anything to main."),
    ("The release is tomorrow, Jul 7.", "The release is on 2026-07-07."),
    ("The release is tomorrow (7 Jul).", "The release is on 2026-07-07."),
    ("The release is tomorrow 2026-07-07.", "The release is on 2026-07-07."),
    # a weekday after "is" was never dated ("on Friday" was)
    ("Thiago from ops said the staging deploy is friday.",
     "Thiago from ops said the staging deploy is on 2026-07-10."),
    ("The code freeze is Friday.", "The code freeze is on 2026-07-10."),
    # ... but not the day itself
    ("It is Friday.", "It is Friday."),
    # a moved plan's new day "now", against the old one: read as last year's (2025-07-13)
    ("The release moved, invoices v2 goes out on 13 Jul now, not 8 Jul.",
     "The release moved, invoices v2 goes out on 2026-07-13 now, not on 2026-07-08."),
    ("The release moved, it goes out on 13 Jul now.",
     "The release moved, it goes out on 2026-07-13 now."),
    # a day opening the sentence, then what is on it: was "On 2026-07-10 is code freeze ..."
    ("Next friday is code freeze for invoices v2, all PRs must be merged until there.",
     "Code freeze for invoices v2 is on 2026-07-10, all PRs must be merged until there."),
    ("Tomorrow is the demo.", "The demo is on 2026-07-07."),
    # ... but not how the day is
    ("Tomorrow is fine.", "On 2026-07-07 is fine."),
    # a move told with no "now" stays as it was read
    ("We moved the office on 3 Jul.", "We moved the office on 2026-07-03."),
])
def test_days_as_a_fast_typist_says_them(text: str, expected: str) -> None:
    assert absolutize(text, MONDAY)[0] == expected


@pytest.mark.parametrize(("said", "lead"), [
    # was no memory: "goes out" was no word of a plan, and "is friday" no date
    ("Invoices v2 goes out on 13 Jul.", "Invoices v2 goes out on 2026-07-13."),
    ("Thiago from ops said staging deploy is friday.",
     "Thiago from ops said staging deploy is on 2026-07-10."),
    ("Dry run ok. Release is tomorrow 7 Jul.", "Release is on 2026-07-07."),
])
def test_a_plan_said_tersely_is_remembered_with_its_day(said: str, lead: str) -> None:
    found = gather(Message("s1", "user", "prompt", said,
                           datetime.combine(MONDAY, time(9), UTC))).candidates
    plan = plan_dream({}, None, found, now=datetime.combine(MONDAY, time(18), UTC))
    (written,) = [t for f, t in plan.writes.items() if f != "MEMORY.md"]
    body = parse_topic(written).body
    assert body.startswith(f"{lead}\n")
    assert "Plan work around" in body


@pytest.mark.parametrize(("text", "order", "expected"), [
    # a part over 12 says which is the day, whatever the person's order: these were left as said
    # and the sentence lost
    ("The Acme launch is 30/11.", None, "The Acme launch is 2026-11-30."),
    ("Invoice Bramble by 30/11 for the October work.", None,
     "Invoice Bramble by 2026-11-30 for the October work."),
    ("The deadline is 11/30.", None, "The deadline is 2026-11-30."),
    ("The deadline is 11/30.", "dmy", "The deadline is 2026-11-30."),
    ("The launch is on 30/11/2026.", "mdy", "The launch is on 2026-11-30."),
    # one that reads either way round, in the order the person's own dates show
    ("The Acme launch is 04/12.", "dmy", "The Acme launch is 2026-12-04."),
    ("The Acme launch is 04/12.", "mdy", "The Acme launch is 2027-04-12."),
    ("They pushed the launch back, it's now 11/12.", "dmy",
     "They pushed the launch back, it's now 2026-12-11."),
    ("Acme launch is still 08/12 and code freeze 01/12.", "dmy",
     "Acme launch is still 2026-12-08 and code freeze 2026-12-01."),
    ("The launch is on 04/12/2026.", "dmy", "The launch is on 2026-12-04."),
    ("The launch is on 4/12/26.", "dmy", "The launch is on 2026-12-04."),
    ("The launch is on 4/12.", "dmy", "The launch is on 2026-12-04."),
    # ... and with no order known, left as said rather than guessed
    ("The Acme launch is 04/12.", None, "The Acme launch is 04/12."),
    ("The launch is on 04/12/2026.", None, "The launch is on 04/12/2026."),
    # dots are written day first
    ("The launch is on 04.12.", None, "The launch is on 2026-12-04."),
    ("The launch is on 04.12.2026.", "mdy", "The launch is on 2026-12-04."),
    # told as past, the latest one gone; a day already dated stays
    ("The outage was on 03/02.", "dmy", "The outage was on 2026-02-03."),
    ("The launch is 2026-12-04.", "dmy", "The launch is 2026-12-04."),
])
def test_a_day_in_figures_is_dated_in_the_persons_order(
        text: str, order: dates.DateOrder | None, expected: str) -> None:
    assert absolutize(text, MONDAY, order)[0] == expected


@pytest.mark.parametrize("text", [
    "2/3 of the tests pass.",
    "The score is 3/4.",
    "Tests are 3/4 passing.",
    "The split is 50/50.",
    "Look in src/12/04 for it.",
    "Run chmod 04/12 on it.",
    "We are on Python 3.12.",
    "Upgrade to 3.12.1 on staging.",
    "We're on call 24/7.",
    "Version 1/2 of the doc is out.",
    "We cut the build time by 1/2.",
    "The ratio is 1/3.",
    "See ticket 12/04 for it.",
])
def test_figures_that_tell_no_day_stay_as_they_are(text: str) -> None:
    assert absolutize(text, MONDAY, "dmy") == (text, [])


@pytest.mark.parametrize(("text", "expected"), [
    # British: were "on 2026-07-07 week" and "on 2026-07-13 but one", or left as said
    ("Corvid's demo is Tuesday week.", "Corvid's demo is on 2026-07-14."),
    ("The demo is a week on Tuesday.", "The demo is on 2026-07-14."),
    ("The sale goes live next Monday but one.", "The sale goes live on 2026-07-20."),
    ("We ship next week but one.", "We ship in the week of 2026-07-20."),
    ("Corvid want the Netlify move finished within a fortnight.",
     "Corvid want the Netlify move finished by 2026-07-20."),
    ("It needs to be done by end of play Friday.", "It needs to be done by 2026-07-10."),
    ("Send the invoice by EOD.", "Send the invoice by 2026-07-06."),
    ("I need the copy EOD Thursday.", "I need the copy by 2026-07-09."),
    # neighbours that stay as they were
    ("The demo is on Tuesday.", "The demo is on 2026-07-07."),
    ("The demo is next week.", "The demo is in the week of 2026-07-13."),
    ("The demo is next Monday.", "The demo is on 2026-07-13."),
    ("The demo is in a fortnight.", "The demo is on 2026-07-20."),
    ("At the end of the day, it is your call.", "At the end of the day, it is your call."),
    ("The EOD report goes to Sam.", "The EOD report goes to Sam."),
    ("We always answer reviews within a fortnight.",
     "We always answer reviews within a fortnight."),
])
def test_british_days_are_dated(text: str, expected: str) -> None:
    assert absolutize(text, MONDAY)[0] == expected


@pytest.mark.parametrize(("text", "expected"), [
    # (from a review) a deadline of every time stays as said: these were one day's deadline
    # ("... by 2026-07-06"), and the rule a plan told as passed the day after
    ("Always reply to review comments by end of day.",
     "Always reply to review comments by end of day."),
    ("PRs must be reviewed by EOD.", "PRs must be reviewed by EOD."),
    ("Always push your branch by EOD.", "Always push your branch by EOD."),
    ("Always post a status update by end of play.", "Always post a status update by end of play."),
    ("Priya wants every incident acked by end of day.",
     "Priya wants every incident acked by end of day."),
    ("Sam wants every PR reviewed by end of day.", "Sam wants every PR reviewed by end of day."),
    ("Every deploy must be announced by COB the day before.",
     "Every deploy must be announced by COB the day before."),
    ("Invoices are due within a fortnight.", "Invoices are due within a fortnight."),
    ("All PRs must be reviewed by EOD.", "All PRs must be reviewed by EOD."),
    # a deadline of one time is dated as before
    ("I'll send it by EOD.", "I'll send it by 2026-07-06."),
    ("The report is due by end of play Friday.", "The report is due by 2026-07-10."),
    ("The fixes must land by EOD.", "The fixes must land by 2026-07-06."),
    ("Please get all the tests green by EOD.", "Please get all the tests green by 2026-07-06."),
    ("Sam needs the slides by COB.", "Sam needs the slides by 2026-07-06."),
])
def test_a_standing_deadline_said_the_british_way_stays_as_said(text: str,
                                                               expected: str) -> None:
    assert absolutize(text, MONDAY)[0] == expected


@pytest.mark.parametrize(("text", "expected"), [
    # (from a review) "24/7" is a day where it opens or ends a range of days: it was left
    # as written beside the other end dated ("The offsite is 24/7 to 2026-07-26.")
    ("The offsite is 24/7 to 26/7.", "The offsite is 2026-07-24 to 2026-07-26."),
    ("The offsite is from 20/7 to 24/7.", "The offsite is from 2026-07-20 to 2026-07-24."),
    ("The offsite is 23/7 to 26/7.", "The offsite is 2026-07-23 to 2026-07-26."),
    # (from a review of the last round: the far end was left as written) told with a dash
    ("The freeze is 24/7 - 26/7.", "The freeze is 2026-07-24 - 2026-07-26."),
    ("The freeze is 23/7 – 26/7.", "The freeze is 2026-07-23 – 2026-07-26."),
    ("Rota: 24/7 - 28/7 Sam", "Rota: 24/7 - 28/7 Sam"),
    # round the clock, as before
    ("We run the pager 24/7 - 365 days a year.", "We run the pager 24/7 - 365 days a year."),
    ("We run this 24/7.", "We run this 24/7."),
    ("We're on call 24/7.", "We're on call 24/7."),
    ("Support is 24/7 to our customers.", "Support is 24/7 to our customers."),
])
def test_a_range_of_days_in_figures_is_dated_at_both_ends(text: str, expected: str) -> None:
    assert absolutize(text, MONDAY, "dmy")[0] == expected


@pytest.mark.parametrize(("text", "expected"), [
    # (from a review of the last round) figures that are a score or a share of a day are no
    # day ("on 2026-10-10 ready", "on 2027-02-01 day"), and what ends on a day is dated as what
    # is due on one (only the report was)
    ("The demo is 10/10 ready.", "The demo is 10/10 ready."),
    ("The demo is on 1/2 day, mornings only.", "The demo is on 1/2 day, mornings only."),
    ("Grant ends 30/9, report due 15/10.", "Grant ends 2026-09-30, report due 2026-10-15."),
    ("The demo is on 10/10.", "The demo is on 2026-10-10."),
    ("The release is 3/8.", "The release is 2026-08-03."),
])
def test_figures_are_a_day_only_where_a_day_is_told(text: str, expected: str) -> None:
    assert absolutize(text, MONDAY, "dmy")[0] == expected


@pytest.mark.parametrize(("said", "lead"), [
    # said on Monday 2026-07-13: was "on 2026-07-14 week", told as passed on 2026-07-20
    ("Corvid's demo is Tuesday week.", "Corvid's demo is on 2026-07-21."),
    # said on Monday 2026-07-06: was "on 2026-07-13 but one", passed a week early
    ("Bramble's sale goes live next Monday but one.", "Bramble's sale goes live on 2026-07-20."),
])
def test_a_british_day_is_no_plan_passed_before_its_day(said: str, lead: str) -> None:
    day = 7 if "week." in said else 0
    found = gather(Message("s1", "user", "prompt", said,
                           datetime.combine(MONDAY + timedelta(days=day), time(9),
                                            UTC))).candidates
    (written,) = [t for f, t in plan_dream({}, None, found, now=NOW).writes.items()
                  if f != "MEMORY.md"]
    body = parse_topic(written).body
    assert body.startswith(f"{lead}\n") and "has passed" not in body


def _said_in_turn(*texts: str) -> list[Candidate]:
    return gather(*(Message(f"s{i}", "user", "prompt", t,
                            datetime.combine(MONDAY + timedelta(days=i), time(9), UTC))
                    for i, t in enumerate(texts))).candidates


_EITHER_WAY = "The Acme launch is 04/12."


@pytest.mark.parametrize(("said", "lead"), [
    # the person's own dates in the sessions read, before it or after, tell the order
    (["The invoice for Bramble is due 30/11.", _EITHER_WAY], "The Acme launch is 2026-12-04."),
    (["The invoice for Bramble is due 11/30.", _EITHER_WAY], "The Acme launch is 2027-04-12."),
    ([_EITHER_WAY, "Also I need to invoice Bramble by 30/11."], "The Acme launch is 2026-12-04."),
    ([_EITHER_WAY, "The report is due 11/30."], "The Acme launch is 2027-04-12."),
    # none, or as many each way: kept as said, not dropped (it was) nor guessed
    (["The invoice for Bramble is due 30 November.", _EITHER_WAY], _EITHER_WAY),
    (["The invoice is due 30/11.", "The report is due 11/30.", _EITHER_WAY], _EITHER_WAY),
])
def test_a_day_either_way_round_follows_the_persons_own_dates(said: list[str], lead: str) -> None:
    found = _said_in_turn(*said)
    assert [c.text for c in found if "Acme" in c.text] == [lead]
    assert [c.order for c in found] == list(range(len(found)))


@pytest.mark.parametrize(("said", "lead"), [
    ([_EITHER_WAY], "The Acme launch is 2026-12-04."),
    # the person's own dates tell before the setting does
    (["The report is due 11/30.", _EITHER_WAY], "The Acme launch is 2027-04-12."),
])
def test_the_configured_order_reads_what_the_persons_dates_do_not(
        said: list[str], lead: str) -> None:
    gatherer = Gatherer(date_order="dmy")
    for i, text in enumerate(said):
        gatherer.add(Message(f"s{i}", "user", "prompt", text,
                             datetime.combine(MONDAY + timedelta(days=i), time(9), UTC)))
    assert [c.text for c in gatherer.candidates if "Acme" in c.text] == [lead]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # said on a Monday, "next Thursday" is the coming one (most people's reading, British
        # or American) ...
        ("The demo is next Thursday.", "The demo is on 2026-07-09."),
        ("The release moved to next Thursday.", "The release moved to 2026-07-09."),
        # (a putting off told after the day is another thing's)
        ("The deadline is next Thursday, we pushed the other one back.",
         "The deadline is on 2026-07-09, we pushed the other one back."),
        # ... but a day put later to "next Thursday" is the week after's: put off to three days
        # on, it would have been "this Thursday"
        ("the deadline got extended, it's next Thursday now",
         "the deadline got extended, it's on 2026-07-16 now"),
        ("We pushed the launch to next Thursday.", "We pushed the launch to 2026-07-16."),
        ("The release was postponed to next Friday.", "The release was postponed to 2026-07-17."),
        ("The beta slipped to next Wednesday.", "The beta slipped to 2026-07-15."),
    ],
)
def test_next_weekday_later_in_the_week_is_the_coming_one_unless_put_later_then_the_week_after(
        text: str, expected: str) -> None:
    assert absolutize(text, MONDAY)[0] == expected


def test_next_weekday_put_later_said_after_that_weekday_is_still_the_coming_one() -> None:
    # said on a Friday, the coming Wednesday is already next week's: no week added
    assert absolutize("We pushed the launch to next Wednesday.", FRIDAY)[0] == (
        "We pushed the launch to 2026-07-15.")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a deadline with its weekday is that one day's, even of a kind of thing
        ("Timesheets are due by EOD Friday", "Timesheets are due by 2026-07-10"),
        ("Expense reports are due by COB Thursday.", "Expense reports are due by 2026-07-09."),
        # ... not when said of every one, nor with no weekday ("by EOD" is every day's)
        ("Timesheets are always due by EOD Friday.", "Timesheets are always due by EOD Friday."),
        ("Timesheets are due by EOD Friday every week.",
         "Timesheets are due by EOD Friday every week."),
        ("PRs must be reviewed by EOD.", "PRs must be reviewed by EOD."),
        ("Always reply to review comments by end of day",
         "Always reply to review comments by end of day"),
    ],
)
def test_a_deadline_at_the_end_of_a_named_weekday_is_that_one_day(text: str, expected: str
                                                                   ) -> None:
    assert absolutize(text, MONDAY)[0] == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a weekly window is every week's: no day to date
        ("the maintenance window is Sunday 02:00-04:00 UTC",
         "the maintenance window is Sunday 02:00-04:00 UTC"),
        ("Our deploy window is on Tuesday after 14:00.",
         "Our deploy window is on Tuesday after 14:00."),
        # ... but one named as this week's, or a window for one piece of work, is that day
        ("The maintenance window is this Sunday.", "The maintenance window is on 2026-07-12."),
        ("The cutover window is Sunday 02:00-04:00 UTC.",
         "The cutover window is on 2026-07-12 02:00-04:00 UTC."),
    ],
)
def test_a_weekly_window_is_not_dated(text: str, expected: str) -> None:
    assert absolutize(text, MONDAY)[0] == expected


# a day away gone by, and a stand-in for a colleague away, are told as past (they were kept as
# "Plan work around ..." for ever, or as who to ask still)
@pytest.mark.parametrize(("said", "past"), [
    ("The user is off on 2026-07-10.", "The user was off on 2026-07-10."),
    ("The user is out of office on 2026-07-10.", "The user was out of office on 2026-07-10."),
    ("Until 2026-07-10, ask Raj about billing (Ana is out).",
     "Until 2026-07-10, Raj covered billing (Ana was out)."),
    # ... and one for days that started later (each was 'Was planned: Ana is out in the week
    # of 2026-07-13, ask Raj about billing.', still telling to ask Raj, the title present)
    ("Ana is out in the week of 2026-07-13, ask Raj about billing.",
     "Ana was out in the week of 2026-07-13; Raj covered billing."),
    ("Ana is out in the week of 2026-07-13", "Ana was out in the week of 2026-07-13"),
    ("Ana is out on 2026-07-10, ask Raj about billing.",
     "Ana was out on 2026-07-10; Raj covered billing."),
    ("Ana is on leave in the week of 2026-07-13, ask Raj about billing.",
     "Ana was on leave in the week of 2026-07-13; Raj covered billing."),
])
def test_a_day_away_gone_by_is_told_as_past(said: str, past: str) -> None:
    assert tell_as_past(said, date(2026, 7, 20)) == past
    assert tell_as_past(said, date(2026, 7, 9)) is None  # (not before its day)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # told on Thursday 2026-07-16, a weekday after a word in -ed that is no deed of the
        # clause's subject is the Friday ahead, or left as said, as before (were all 2026-07-10,
        # the Friday gone by): passive or still to come ...
        ("The billing release gets deployed Friday, please bump the version before.",
         "The billing release gets deployed Friday, please bump the version before."),
        ("It gets shipped Friday.", "It gets shipped Friday."),
        ("It's being deployed Friday.", "It's being deployed Friday."),
        ("We're closed Friday.", "We're closed Friday."),
        ("I'm committed Friday.", "I'm committed Friday."),
        ("We're blocked Friday, so no releases that day.",
         "We're blocked Friday, so no releases that day."),
        # ... a participle naming which things, in a rule of every Friday ...
        ("PRs merged Friday go out Monday.", "PRs merged Friday go out Monday."),
        ("Bugs reported Friday are top priority.", "Bugs reported Friday are top priority."),
        ("Anything deployed Friday gets rolled back Monday.",
         "Anything deployed Friday gets rolled back Monday."),
        ("Alerts fired Friday were noise.", "Alerts fired Friday were noise."),
        # ... or a name
        ("I have a 1:1 with Ahmed Friday about the billing migration.",
         "I have a 1:1 with Ahmed Friday about the billing migration."),
        ("Sync with Ahmed Friday about the billing migration.",
         "Sync with Ahmed Friday about the billing migration."),
        ("Call Jared Friday about the contract.", "Call Jared Friday about the contract."),
        ("Ping Fred Friday.", "Ping Fred Friday."),
        # a day something was due is one gone by (was 2026-07-17, ahead)
        ("The report was due Friday but nobody sent it.",
         "The report was due on 2026-07-10 but nobody sent it."),
        # deeds done stay the day gone by
        ("Release 2.3 went out Friday.", "Release 2.3 went out on 2026-07-10."),
        ("It was released Friday.", "It was released on 2026-07-10."),
        ("We released Friday.", "We released on 2026-07-10."),
        ("The on-call handoff happened Friday.", "The on-call handoff happened on 2026-07-10."),
        ("The outage was Friday.", "The outage was on 2026-07-10."),
    ],
)
def test_a_weekday_after_a_word_in_ed_that_is_no_deed_done_is_not_gone_by(
        text: str, expected: str) -> None:
    assert absolutize(text, date(2026, 7, 16))[0] == expected


@pytest.mark.parametrize(("text", "dated"), [
    ("Planning for Q3-Q4.", "Planning for Q3 2026-Q4 2026."),
    ("Q3: ship the API.", "Q3 2026: ship the API."),
    ("We ship in Q3.", "We ship in Q3 2026."),
])
def test_a_quarter_said_beside_signs_is_still_dated(text: str, dated: str) -> None:
    assert absolutize(text, date(2026, 7, 2))[0] == dated
