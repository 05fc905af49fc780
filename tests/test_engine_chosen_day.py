"""A day a verb of choosing took is the day chosen: said on 2026-07-06, "We picked 3 August for
the launch." was saved as "We picked on 2025-08-03 for the launch." (the past verb read as a
past day, and an 'on' no one said, telling the picking as done that day), "We scheduled the demo
for 3 August." as "... for 2025-08-03", "We chose next Friday for the review." as "We chose on
2026-07-10 ...". The past tense tells when the choosing was done; a day to come said right after
the verb (or after what it was for) is the one chosen. A day gone, a day said with a
preposition, and a noun spelled like the verb are read as before (the revert 65bf2ca)."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from autodream.engine.dates import absolutize
from tests.story import live, parse_story

_JULY_6 = date(2026, 7, 6)


@pytest.mark.parametrize(("said", "read"), [
    ("We picked 3 August for the launch.", "We picked 2026-08-03 for the launch."),
    ("We booked 3 August for the offsite.", "We booked 2026-08-03 for the offsite."),
    ("The team picked August 3 for the launch.", "The team picked 2026-08-03 for the launch."),
    ("We scheduled the demo for 3 August.", "We scheduled the demo for 2026-08-03."),
    ("We booked the venue for 20 December.", "We booked the venue for 2026-12-20."),
    ("We chose next Friday for the review.", "We chose 2026-07-10 for the review."),
    ("We've booked 3 August.", "We've booked 2026-08-03."),
    ("Ana finally selected 12 September for the release.",
     "Ana finally selected 2026-09-12 for the release."),
    ("We picked 3 August and 10 August for the demos.",
     "We picked 2026-08-03 and 2026-08-10 for the demos."),
    ("We booked 3-5 August for the offsite.",
     "We booked 2026-08-03 to 2026-08-05 for the offsite."),
    ("Let's book 3 August.", "Let's book 2026-08-03."),
    ("We're locking in 14 August for the retro.", "We're locking in 2026-08-14 for the retro."),
])
def test_the_day_chosen_is_the_one_to_come_with_no_on(said: str, read: str) -> None:
    assert absolutize(said, _JULY_6)[0] == read


@pytest.mark.parametrize(("said", "read"), [
    # a day gone is when it was done (review rev89)
    ("I booked two weeks ago, the hotel for the Lisbon offsite is confirmed.",
     "I booked on 2026-06-22, the hotel for the Lisbon offsite is confirmed."),
    ("She proposed last Friday and he said yes.", "She proposed on 2026-07-03 and he said yes."),
    ("We booked 3 June.", "We booked on 2026-06-03."),
    ("We chose today to ship the beta.", "We chose on 2026-07-06 to ship the beta."),
    # the preposition said stays (it says when the choosing is done)
    ("We'll choose in two weeks which vendor to use.",
     "We'll choose on 2026-07-20 which vendor to use."),
    ("I'll book next week.", "I'll book in the week of 2026-07-13."),
    ("We booked in two weeks.", "We booked on 2026-07-20."),
    # nouns, and a participle after "be"
    ("Return the library books tomorrow.", "Return the library books on 2026-07-07."),
    ("Sales targets next year are higher.", "Sales targets in 2027 are higher."),
    ("Our target 3 August is tight.", "Our target on 2026-08-03 is tight."),
    ("The room is booked 3 August.", "The room is booked on 2026-08-03."),
])
def test_a_day_gone_said_with_a_preposition_or_after_a_noun_is_read_as_before(
        said: str, read: str) -> None:
    assert absolutize(said, _JULY_6)[0] == read


def test_a_dream_saves_the_day_chosen_as_a_plan(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    monkeypatch.setenv("AUTODREAM_NOW", "2026-07-06T00:00:00+00:00")  # (restored after)
    printed = live(parse_story("say 0: We picked 3 August for the launch.\n"
                               "say 0: We scheduled the demo for 3 August.\n"), tmp_path / "p")
    assert "[We picked 2026-08-03 for the launch]" in printed
    assert "[We scheduled the demo for 2026-08-03]" in printed
    assert "2025" not in printed and "picked on" not in printed
    assert printed.count(") — plan stated on 2026-07-06") == 2  # (both in the index as plans)
