"""Plain standing facts of the project (where a service listens, what was decided in a daily
log's note) and rules told as one more ("Also test ..."): each is remembered as said, the
services it names written as the docs write them."""

from __future__ import annotations

import io

import pytest

from autodream.transcripts.markdown import iter_markdown
from autodream.transcripts.model import ReadStats
from tests.engine_helpers import candidates, gather


@pytest.mark.parametrize(("said", "kept"), [
    ("Our API server listens on port 8080.", "Our API server listens on port 8080."),
    ("The API gateway listens on port 8443.", "The API gateway listens on port 8443."),
    ("postgres runs on port 5432 locally", "Postgres runs on port 5432 locally."),
    ("Redis runs on port 6379 in dev.", "Redis runs on port 6379 in dev."),
    # (the known service in lower case is written as the docs write it)
    ("We cache sessions in redis on 6380", "We cache sessions in Redis on 6380."),
])
def test_where_a_service_listens_is_a_project_fact(said: str, kept: str) -> None:
    # each was dropped with no trace ('show --all-decisions' listed nothing), or kept as
    # 'We cache sessions in redis on 6380'
    found = candidates(said)
    assert [(c.kind, c.type, c.text) for c in found] == [("fact", "project", kept)]


def test_a_service_in_an_address_keeps_its_spelling() -> None:
    found = candidates("We cache sessions in redis on 6380, see redis://cache.internal:6380")
    assert all("redis://cache.internal:6380" in c.text for c in found)


@pytest.mark.parametrize("note", [
    "- Decided: the staging cluster moves to eu-west-2.",
    "- Decision: the staging cluster moves to eu-west-2.",
])
def test_a_decision_noted_in_a_daily_log_is_remembered(note: str) -> None:
    # it was read and dropped with no trace
    stats = ReadStats()
    messages = list(iter_markdown(io.BytesIO(f"# Notes\n\n{note}\n".encode()), stats,
                                  name="logs/2026/07/2026-07-06.md"))
    g = gather(*messages)
    assert [(c.kind, c.type, c.text) for c in g.candidates] == [
        ("decision", "project", note[2:])]
