"""Recency weighs newer statements over older ones within what a dream reviews, never the clock."""

from __future__ import annotations

from datetime import timedelta

import pytest

from autodream.engine import EngineOptions
from autodream.engine.scoring import cluster_candidates, select
from tests.engine_helpers import T0, candidates

PREFERENCE = "I always want type hints on public functions."


@pytest.mark.parametrize("days_later", [1, 120, 400])
def test_a_dream_long_after_the_sessions_still_keeps_what_was_said(days_later: int) -> None:
    options = EngineOptions()
    clusters = cluster_candidates(candidates(PREFERENCE), options)
    kept, decisions = select(clusters, T0 + timedelta(days=days_later), options)
    assert kept == clusters
    assert [d.action for d in decisions] == ["kept"], decisions


def test_within_a_batch_the_older_statement_weighs_less() -> None:
    options = EngineOptions()
    old = candidates(PREFERENCE, session="a", day=0)
    new = candidates("Never commit directly to the release branch.", session="b", day=60)
    clusters = cluster_candidates(old + new, options)
    select(clusters, T0 + timedelta(days=61), options)
    scores = {c.latest.source.session_id: c.score for c in clusters}
    assert scores["a"] < scores["b"]
