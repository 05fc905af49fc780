"""A deed told in an irregular past form is dated on the day gone by: said on 2026-12-20, "We met
the vendor on 3 June." was saved as "We met the vendor on 2027-06-03." ("met", "hit", "left",
"got", ... are no words ``_PAST_WORDING`` knows, only "-ed" was), a meeting a year ahead that
had happened in June. A plan said in December still means next June, as does a day that names
what a deed was for ("We got the go-ahead for a launch on 3 January")."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from autodream.engine.dates import absolutize
from tests.story import live, parse_story

_DEC_20 = date(2026, 12, 20)


@pytest.mark.parametrize(("said", "read"), [
    ("Remember: we met the vendor on 3 June.", "Remember: we met the vendor on 2026-06-03."),
    ("The outage hit on 2 July.", "The outage hit on 2026-07-02."),
    ("A storm hit on 3 June.", "A storm hit on 2026-06-03."),
    ("Alice left on 3 January.", "Alice left on 2026-01-03."),
    ("Emily left the team on 3 January.", "Emily left the team on 2026-01-03."),
    ("We got the tickets on 3 January.", "We got the tickets on 2026-01-03."),
    ("We paid the invoice on 3 January.", "We paid the invoice on 2026-01-03."),
    ("We made the call on 3 January.", "We made the call on 2026-01-03."),
    ("We sent the contract on 3 January.", "We sent the contract on 2026-01-03."),
    ("We found the bug on 3 January.", "We found the bug on 2026-01-03."),
    ("We held the retro on 3 January.", "We held the retro on 2026-01-03."),
    ("Bob took over on 3 January.", "Bob took over on 2026-01-03."),
    # the deed after a day that opens the sentence, its day whatever it got
    ("On 3 January we got the go-ahead for a launch.",
     "On 2026-01-03 we got the go-ahead for a launch."),
    # a month, a day of this month, the days of a list told after the deed
    ("We met the vendor in April.", "We met the vendor in April 2026."),
    ("The team met on 3 June, 10 June and on 17 June.",
     "The team met on 2026-06-03, 2026-06-10 and on 2026-06-17."),
])
def test_an_irregular_past_deed_is_on_the_day_gone_by(said: str, read: str) -> None:
    assert absolutize(said, _DEC_20)[0] == read


@pytest.mark.parametrize(("said", "read"), [
    # plans
    ("The release is on 3 June.", "The release is on 2027-06-03."),
    ("We will meet on 3 June.", "We will meet on 2027-06-03."),
    ("The demo is set for 3 June.", "The demo is set for 2027-06-03."),
    # a later plan in the sentence
    ("Remember that we had tickets for the show on 3 June and will go together.",
     "Remember that we had tickets for the show on 2027-06-03 and will go together."),
    ("We met the vendor; the demo starts on 3 August.",
     "We met the vendor; the demo starts on 2027-08-03."),
    ("Alice left and Bob joins on 3 January.", "Alice left and Bob joins on 2027-01-03."),
    # the day of what the deed was for, or of what it got
    ("We got the go-ahead for a launch on 3 January.",
     "We got the go-ahead for a launch on 2027-01-03."),
    ("We got tickets to the show on 3 June.", "We got tickets to the show on 2027-06-03."),
    ("We made plans to meet on 3 June.", "We made plans to meet on 2027-06-03."),
    ("We got a licence expiring on 30 June.", "We got a licence expiring on 2027-06-30."),
    ("We sent the invite for the retro on 3 June.",
     "We sent the invite for the retro on 2027-06-03."),
    ("We got the keys by 3 June.", "We got the keys by 2027-06-03."),
    # a participle, or a form that may be the present
    ("The demo is held on 3 June.", "The demo is held on 2027-06-03."),
    ("We've got a demo on 3 June.", "We've got a demo on 2027-06-03."),
    ("We hit code freeze on 3 June.", "We hit code freeze on 2027-06-03."),
])
def test_a_plan_or_what_a_deed_was_for_stays_ahead(said: str, read: str) -> None:
    assert absolutize(said, _DEC_20)[0] == read


def test_a_meeting_remembered_in_december_is_last_junes_and_a_plan_stays_a_plan(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    printed = live(parse_story(
        "say 167: Remember: we met the vendor on 3 June.\n"
        "say 167: Remember that we had tickets for the show on 3 June and will go together.\n"
        "dream 168\n"), tmp_path / "p")
    assert "We met the vendor on 2026-06-03." in printed
    assert "We had tickets for the show on 2027-06-03 and will go together." in printed
    assert "planned to" not in printed
