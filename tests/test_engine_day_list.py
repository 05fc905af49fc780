"""Days in a comma list are each dated: said on 2026-07-06, "The next demos are on 3 August,
10 August and 17 August." left its first day as said ("on 3 August, 2026-08-10 and on
2026-08-17"): "3 August, 1..." was read as a day and its year, but a year is four figures, and
"10 August" after a comma is the list's next day."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from autodream.engine.dates import absolutize
from tests.engine_helpers import candidates
from tests.story import live, parse_story

_JULY_6 = date(2026, 7, 6)


@pytest.mark.parametrize(("said", "read"), [
    ("The next demos are on 3 August, 10 August and 17 August.",
     "The next demos are on 2026-08-03, 2026-08-10 and on 2026-08-17."),
    # told as past, each the latest gone
    ("The demos were on 3 June, 10 June and 17 June.",
     "The demos were on 2026-06-03, 2026-06-10 and on 2026-06-17."),
    ("We meet 3 Aug, 10 Aug and 17 Aug.", "We meet on 2026-08-03, 2026-08-10 and on 2026-08-17."),
    ("We meet 3rd August, 10th of August.", "We meet on 2026-08-03, 2026-08-10."),
    # a span in the list, after the day or before it
    ("The demos are on 3 August, 10-14 August and 17 August.",
     "The demos are on 2026-08-03, 2026-08-10 to 2026-08-14 and on 2026-08-17."),
    ("The sprints are 1-5 June, 8-12 June and 15-19 June.",
     "The sprints are 2027-06-01 to 2027-06-05, 2027-06-08 to 2027-06-12 and 2027-06-15 to "
     "2027-06-19."),
])
def test_each_day_of_a_list_is_dated(said: str, read: str) -> None:
    assert absolutize(said, _JULY_6)[0] == read


@pytest.mark.parametrize("said", [
    # a day with its year after a comma is dated already
    "The launch is on 3 August, 2027.",
    "The launch is on 3 August, 2027",
    "The launch is on 3 August, 2027, at noon.",
    # a figure after a comma that opens no day is left as before: a time, a count
    "The demo is 5 June, 10:00 UTC.",
    "On 3 August, 12 people joined the call.",
])
def test_a_figure_after_a_comma_that_is_no_day_leaves_it_as_said(said: str) -> None:
    assert absolutize(said, _JULY_6)[0] == said


def test_the_plan_is_saved_with_every_day_dated() -> None:
    assert [c.text for c in candidates("We ship on 3 August, 10 August and 17 August.")
            ] == ["We ship on 2026-08-03, 2026-08-10 and on 2026-08-17."]


def test_a_dream_keeps_every_day_of_the_list(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    monkeypatch.setenv("AUTODREAM_NOW", "2026-07-06T00:00:00+00:00")  # (restored after)
    printed = live(parse_story("say 0: We ship on 3 August, 10 August and 17 August.\n"),
                   tmp_path / "p")
    assert "We ship on 2026-08-03, 2026-08-10 and on 2026-08-17." in printed
    assert "3 August" not in printed
