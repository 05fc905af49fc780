"""A plan of many is saved as a plan of one is: said on 2026-07-06, "The next demo is on 3
August." was saved and "The next demos are on 3 August." was not ('a statement ... the local
engine reads as no rule, preference, fact, plan or decision it knows'), nor the list of them
e85589c dated ("The next demos are on 3 August, 10 August and 17 August."). Only the ones named
("the", "our", "next"): a bare plural is said of any ("Meetings since 3 August have run
long")."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.engine_helpers import candidates
from tests.story import live, parse_story


@pytest.mark.parametrize(("said", "saved"), [
    ("The next demos are on 3 August.", "The next demos are on 2026-08-03."),
    ("The next demos are on 3 August, 10 August and 17 August.",
     "The next demos are on 2026-08-03, 2026-08-10 and on 2026-08-17."),
    ("Our two audits are on 3 August and 10 August.",
     "Our two audits are on 2026-08-03 and on 2026-08-10."),
    ("The next meetings are on Friday.", "The next meetings are on 2026-07-10."),
    # (as the one is)
    ("The next demo is on 3 August.", "The next demo is on 2026-08-03."),
])
def test_a_plan_of_many_is_saved(said: str, saved: str) -> None:
    assert [c.text for c in candidates(said)] == [saved]


@pytest.mark.parametrize("said", [
    "Meetings since 3 August have run long.",
    "Reviews before 3 August were lax.",
])
def test_a_bare_plural_is_no_plan(said: str) -> None:
    assert candidates(said) == []


def test_the_plan_of_many_is_kept_and_told_as_past_once_gone(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    monkeypatch.setenv("AUTODREAM_NOW", "2026-07-06T00:00:00+00:00")  # (restored after)
    printed = live(parse_story("say 0: The next demos are on 3 August.\ndream\n"
                               "say 30: ok\ndream 30\n"), tmp_path / "p", every=True)
    assert "[The next demos are on 2026-08-03](project_next-demos.md) — plan stated on " \
           "2026-07-06" in printed
    assert "[The next demos were on 2026-08-03]" in printed
