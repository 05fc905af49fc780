"""A span told in the past tense after it is over is what happened, not a plan: said in July,
"The freeze ran from 1 June to 5 June." was kept as a plan and written "Was planned: the freeze
ran from 2026-06-01 to 2026-06-05." ("ran" of a thing, not of "we", read as no past)."""

from __future__ import annotations

import pytest

from autodream.engine.dates import says_past
from autodream.memory.model import parse_topic
from tests.engine_helpers import dreams_over_days


@pytest.mark.parametrize("said", [
    "The freeze ran from 1 June to 5 June.",
    "The audit ran 1-5 June.",
    "The migration ran on 3 June.",
    "The freeze lasted from 1 June to 5 June.",
])
def test_a_span_told_as_past_is_remembered_as_done(said: str) -> None:
    for _, files in dreams_over_days([(0, said)], [0, 30]):
        (text,) = files.values()
        topic = parse_topic(text)
        assert "Was planned" not in text
        assert "plan stated" not in topic.description
        assert "2026-06-0" in topic.body and "2027" not in text


@pytest.mark.parametrize("said", [
    "The job ran in CI; the demo is on 3 August.",  # "ran" of something else
    "The job ran 3 times on 5 June.",
    "CI ran on Buildkite since 2026-07-01.",
    "The freeze runs from 1 June to 5 June.",  # ahead, not told as past
])
def test_ran_of_no_day_right_after_tells_no_past(said: str) -> None:
    assert not says_past(said)


def test_a_span_ahead_is_still_a_plan() -> None:
    (_, files), = dreams_over_days([(0, "The freeze runs from 1 to 5 August.")], [0])
    (text,) = files.values()
    assert "plan stated" in parse_topic(text).description
