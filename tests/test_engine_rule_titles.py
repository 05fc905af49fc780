"""A rule told after what it is for, or after what makes it one, is titled by what it is about
and what to do, not by the sentence's opening words."""

from __future__ import annotations

import pytest

from autodream.engine import plan_dream
from autodream.memory.model import parse_topic
from tests.engine_helpers import NOW, gather, human


@pytest.mark.parametrize(("said", "title"), [
    # titled "If you write an alert rule"
    ("If you write an alert rule, make it a multi-window burn rate alert.",
     "Alert rule: make it a multi-window burn rate alert"),
    # titled "Terraform default_tags in the provider"
    ("Terraform default_tags in the provider does that, don't add tags per resource.",
     "Don't add tags per resource (Terraform default_tags)"),
    ("When you add a new migration, name it with the ticket id.",
     "Migration: name it with the ticket id"),
])
def test_a_rule_is_titled_by_what_it_is_about(said: str, title: str) -> None:
    plan = plan_dream({}, None, gather(human(said, day=3)).candidates, now=NOW)
    names = [parse_topic(t).name for f, t in plan.writes.items() if f != "MEMORY.md"]
    assert names == [title]


@pytest.mark.parametrize(("said", "title"), [
    # the clause before the comma says what the entry is of: titled by it as before
    ("If we ever move to MySQL, remember that the migrations need rewriting.",
     "If we ever move to MySQL"),
    ("Our design docs live in Confluence, and our runbooks live in Notion.",
     "Our design docs live in Confluence"),
])
def test_other_sentences_keep_their_titles(said: str, title: str) -> None:
    plan = plan_dream({}, None, gather(human(said, day=3)).candidates, now=NOW)
    names = [parse_topic(t).name for f, t in plan.writes.items() if f != "MEMORY.md"]
    assert all(n.startswith(title) for n in names) and names, names
