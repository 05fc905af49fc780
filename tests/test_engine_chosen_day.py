"""A day a verb of choosing takes as its object gets no "on": said on 2026-07-06, "We chose 3
August for the launch." was saved as "We chose on 2026-08-03 for the launch." (the choice told
as made on that day); "locked in" was "locked in on", and "settled on" keeps its one "on"."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from autodream.engine.dates import absolutize
from tests.engine_helpers import candidates
from tests.story import live, parse_story

_JULY_6 = date(2026, 7, 6)


@pytest.mark.parametrize(("said", "read"), [
    ("We chose 3 August for the launch.", "We chose 2026-08-03 for the launch."),
    ("We pick 3 August for the launch.", "We pick 2026-08-03 for the launch."),
    ("We're locking in 3 August for the launch.",
     "We're locking in 2026-08-03 for the launch."),
    ("We're targeting 3 August for the launch.", "We're targeting 2026-08-03 for the launch."),
    ("We picked next Friday for the launch.", "We picked 2026-07-10 for the launch."),
    ("We picked next month for the launch.", "We picked August 2026 for the launch."),
    ("They're booking 3 August for the offsite.",
     "They're booking 2026-08-03 for the offsite."),
    ("Let's book 3 August for the offsite.", "Let's book 2026-08-03 for the offsite."),
    # the "on" said is the only one
    ("We will settle on 3 August for the launch.",
     "We will settle on 2026-08-03 for the launch."),
])
def test_a_chosen_day_takes_no_on(said: str, read: str) -> None:
    assert absolutize(said, _JULY_6)[0] == read


@pytest.mark.parametrize(("said", "read"), [
    # the day a thing is or happens on, as before
    ("We ship 3 August.", "We ship on 2026-08-03."),
    ("The demo happens 3 August.", "The demo happens on 2026-08-03."),
    ("The launch is 3 August.", "The launch is 2026-08-03."),
    # the day the choice was made, what was chosen after it
    ("We chose today to ship the beta.", "We chose on 2026-07-06 to ship the beta."),
    ("The pickup 3 August is at noon.", "The pickup on 2026-08-03 is at noon."),
    # a choosing verb as a noun, or a participle after "be": when it is, or was done
    ("Our target 3 August is tight.", "Our target on 2026-08-03 is tight."),
    ("The room is booked 3 August.", "The room is booked on 2026-08-03."),
    ("The vendor was chosen yesterday.", "The vendor was chosen on 2026-07-05."),
])
def test_a_day_a_thing_is_on_keeps_its_on(said: str, read: str) -> None:
    assert absolutize(said, _JULY_6)[0] == read


def test_the_plan_is_saved_as_said() -> None:
    assert [c.text for c in candidates("We chose 3 August for the launch.")] == [
        "We chose 2026-08-03 for the launch."]


def test_a_dream_saves_the_chosen_day_without_an_on(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    monkeypatch.setenv("AUTODREAM_NOW", "2026-07-06T00:00:00+00:00")  # (restored after)
    printed = live(parse_story("say 0: We chose 3 August for the launch.\n"), tmp_path / "p")
    assert "We chose 2026-08-03 for the launch." in printed
    assert "chose on" not in printed
