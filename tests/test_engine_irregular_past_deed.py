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
    ("Yesterday Alice left on 3 January.", "On 2026-12-19 Alice left on 2026-01-03."),
    ("Then Alice left the team on 3 January.", "Then Alice left the team on 2026-01-03."),
    ("We paid the invoice on 3 January.", "We paid the invoice on 2026-01-03."),
    ("We sent the contract on 3 January.", "We sent the contract on 2026-01-03."),
    ("We bought the domain on 3 January.", "We bought the domain on 2026-01-03."),
    # the deed after a day that opens the sentence
    ("On 3 January we met the vendor.", "On 2026-01-03 we met the vendor."),
    # a month, a day of this month, the days of a list told after the deed
    ("We met the vendor in April.", "We met the vendor in April 2026."),
    ("We met on 3 June, 10 June and on 17 June.",
     "We met on 2026-06-03, 2026-06-10 and on 2026-06-17."),
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


_JULY_6 = date(2026, 7, 6)


@pytest.mark.parametrize(("said", "read"), [
    # "won't" is no deed "won" (said on 2026-07-06 it was 2025-08-03)
    ("Bob won't be in on 3 August.", "Bob won't be in on 2026-08-03."),
    ("Bob won’t be in on 3 August.", "Bob won’t be in on 2026-08-03."),
    ("We won't deploy on 10 August.", "We won't deploy on 2026-08-10."),
    # a plan someone got or made: what was got is itself an event, on its own day
    ("I got a dentist appointment on 12 August.", "I got a dentist appointment on 2026-08-12."),
    ("I made an appointment on 12 August.", "I made an appointment on 2026-08-12."),
    ("We got a demo slot on 12 August.", "We got a demo slot on 2026-08-12."),
    ("Bob got a meeting with the CEO on 12 August.",
     "Bob got a meeting with the CEO on 2026-08-12."),
    ("Bob found a slot on 12 August.", "Bob found a slot on 2026-08-12."),
    ("We held a slot on 12 August for the demo.", "We held a slot on 2026-08-12 for the demo."),
    ("Alice took a day off on 12 August.", "Alice took a day off on 2026-08-12."),
    ("Alice took PTO on 12 August.", "Alice took PTO on 2026-08-12."),
    # a name or an abbreviation is no verb: "Sat" (a Saturday, 2026-08-08), "Rose"
    ("Release Sat 8 August.", "Release Sat on 2026-08-08."),
    ("Team lunch Sat 8 August at noon.", "Team lunch Sat on 2026-08-08 at noon."),
    ("Meet Rose on 3 August.", "Meet Rose on 2026-08-03."),
    ("Ping Rose on 3 August about the contract.", "Ping Rose on 2026-08-03 about the contract."),
    # a question
    ("We met the vendor on 3 August?", "We met the vendor on 2026-08-03?"),
])
def test_a_plan_told_with_a_form_that_may_be_no_deed_stays_ahead(said: str, read: str) -> None:
    assert absolutize(said, _JULY_6)[0] == read


@pytest.mark.parametrize(("said", "read"), [
    ("Call Rose on 3 June.", "Call Rose on 2027-06-03."),
    ("Remind Rose on 3 June.", "Remind Rose on 2027-06-03."),
    ("Email Won about the contract on 3 June.", "Email Won about the contract on 2027-06-03."),
    # a present form, a plan told after the deed, a compound, a thing left
    ("I quit on 3 June.", "I quit on 2027-06-03."),
    ("Bob sent word we launch on 3 June.", "Bob sent word we launch on 2027-06-03."),
    ('Bob wrote "ship on 3 June".', 'Bob wrote "ship on 2027-06-03".'),
    ("Bob met the vendor (signing on 3 June).", "Bob met the vendor (signing on 2027-06-03)."),
    ("Team met -> ship on 3 June.", "Team met -> ship on 2027-06-03."),
    ("Hand-made kits arrive on 3 June.", "Hand-made kits arrive on 2027-06-03."),
    ("Only two seats left on 3 June.", "Only two seats left on 2027-06-03."),
    # another day after the deed's, not of its list: both as before, not a year apart
    ("We paid 300 on 3 June and 300 on 10 June.",
     "We paid 300 on 2027-06-03 and 300 on 2027-06-10."),
    ("Alice left on 3 June, Bob starts on 10 June.",
     "Alice left on 2027-06-03, Bob starts on 2027-06-10."),
])
def test_a_day_said_in_december_that_no_deed_names_stays_ahead(said: str, read: str) -> None:
    assert absolutize(said, _DEC_20)[0] == read


def test_a_plan_not_to_deploy_is_kept_as_a_plan(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    printed = live(parse_story("say 0: Remember: we won't deploy on 10 August.\ndream 1\n"),
                   tmp_path / "p")
    assert "2026-08-10" in printed
    assert "2025-08-10" not in printed and "Was planned" not in printed


@pytest.mark.parametrize(("said", "read"), [
    # a noun after a thing named, not its deed ("hit" only of what strikes)
    ("Brace for a traffic hit on 3 August.", "Brace for a traffic hit on 2026-08-03."),
    ("A heavy hit on 3 August, expect it.", "A heavy hit on 2026-08-03, expect it."),
    ("Our best spoke on 3 August.", "Our best spoke on 2026-08-03."),
    ("Mind the new saw on 3 August.", "Mind the new saw on 2026-08-03."),
])
def test_a_past_form_that_is_a_thing_s_noun_is_no_deed(said: str, read: str) -> None:
    assert absolutize(said, _JULY_6)[0] == read


@pytest.mark.parametrize(("said", "read"), [
    # a past participle that describes a noun, after "the/a X" or an imperative's verb: a plan
    # (said on 2026-07-06 each was 2025-08, "Was planned: ... has passed" in a dream)
    ("Remember: we audit the remaining paid accounts on 10 August.",
     "Remember: we audit the remaining paid accounts on 2026-08-10."),
    ("please email the first paid customers on 3 August.",
     "please email the first paid customers on 2026-08-03."),
    ("Launch paid tier on 10 August.", "Launch paid tier on 2026-08-10."),
    ("Migrate paid users on 3 August.", "Migrate paid users on 2026-08-03."),
    ("Email paid customers on 3 August.", "Email paid customers on 2026-08-03."),
    ("Release built image on 3 August.", "Release built image on 2026-08-03."),
    ("Restore lost data on 3 August.", "Restore lost data on 2026-08-03."),
    ("Archive the old sent mail on 3 August.", "Archive the old sent mail on 2026-08-03."),
    ("Ship sold orders on 3 August.", "Ship sold orders on 2026-08-03."),
    ("Review spent budget on 3 August.", "Review spent budget on 2026-08-03."),
    ("- [ ] email the first paid customers on 3 August",
     "- [ ] email the first paid customers on 2026-08-03"),
    ("TODO: email the first paid customers on 3 August.",
     "TODO: email the first paid customers on 2026-08-03."),
    ("Action item: email the first paid customers on 3 August.",
     "Action item: email the first paid customers on 2026-08-03."),
    ("We'd email the first paid customers on 3 August.",
     "We'd email the first paid customers on 2026-08-03."),
    # a question is no past denied
    ("The demo wasn't on 3 June?", "The demo wasn't on 2027-06-03?"),
    ("The demo wasn't on 3 June？", "The demo wasn't on 2027-06-03？"),
])
def test_a_participle_describing_a_noun_or_an_imperative_is_no_deed(said: str, read: str) -> None:
    assert absolutize(said, _JULY_6)[0] == read


@pytest.mark.parametrize(("said", "read"), [
    ("Launch paid tier on 10 June.", "Launch paid tier on 2027-06-10."),
    ("Migrate paid users on 3 June.", "Migrate paid users on 2027-06-03."),
    ("- [ ] email the first paid customers on 3 June",
     "- [ ] email the first paid customers on 2027-06-03"),
    # a deed told as a condition or a cause of a plan
    ("once we met the target on 3 June we ship.", "once we met the target on 2027-06-03 we ship."),
    ("When we met the target on 3 June we ship.", "When we met the target on 2027-06-03 we ship."),
    ("If the outage hit on 3 June, we roll back.",
     "If the outage hit on 2027-06-03, we roll back."),
    ("In case the storm hit on 3 June we close.", "In case the storm hit on 2027-06-03 we close."),
    ("Since Bob left on 3 June, Alice owns billing.",
     "Since Bob left on 2027-06-03, Alice owns billing."),
    ("If the demo wasn't on 3 June, we hold it on 10 June.",
     "If the demo wasn't on 2027-06-03, we hold it on 2027-06-10."),
    # a question, a day told what it is, a capital first word that is no name
    ("The demo wasn't on 3 June?", "The demo wasn't on 2027-06-03?"),
    ("The demo wasn't on 3 June？", "The demo wasn't on 2027-06-03？"),
    ("We met on 3 June: ship date.", "We met on 2027-06-03: ship date."),
    ("Payroll paid on 3 June.", "Payroll paid on 2027-06-03."),
    ("Invites sent on 3 June.", "Invites sent on 2027-06-03."),
    # "the/a X" is no doer but of "hit"
    ("The stock fell on 3 June.", "The stock fell on 2027-06-03."),
    ("Alice left on 3 January.", "Alice left on 2027-01-03."),
])
def test_a_day_said_in_december_that_a_doubtful_deed_names_is_read_as_before(
        said: str, read: str) -> None:
    assert absolutize(said, _DEC_20)[0] == read


def test_a_plan_for_paid_accounts_is_kept_as_a_plan(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    printed = live(parse_story(
        "say 0: Remember: we audit the remaining paid accounts on 10 August.\ndream 1\n"),
        tmp_path / "p")
    assert "2026-08-10" in printed
    assert "2025-08-10" not in printed and "Was planned" not in printed
