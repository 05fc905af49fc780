"""A clause after a stand-in's areas that tells more than why to ask that one is kept after
the stand-in as said: said on 2026-07-06, "Ana is out this week; ask Raj about billing, he
prefers Slack over email." was saved as "Until 2026-07-10, ask Raj about billing (Ana is
out)." alone, the preference lost, as "he has prod access", "she left the handover notes in
Drive" and more were (review rev70)."""

from __future__ import annotations

import pytest

from autodream.memory.model import parse_topic
from tests.engine_helpers import candidates, dreams_over_days

_AWAY = "Ana is out this week; ask Raj about billing, "
_STAND_IN = "Until 2026-07-10, ask Raj about billing (Ana is out)."


@pytest.mark.parametrize(("clause", "kept"), [
    ("he prefers Slack over email.", "He prefers Slack over email."),
    ("he's on #billing-help.", "He's on #billing-help."),
    ("it's in the payments repo now.", "It's in the payments repo now."),
    ("he has prod access.", "He has prod access."),
    ("he can also do refunds.", "He can also do refunds."),
    ("she left the handover notes in Drive.", "She left the handover notes in Drive."),
])
def test_a_clause_that_tells_more_is_kept_after_the_stand_in(clause: str, kept: str) -> None:
    assert [c.text for c in candidates(_AWAY + clause)] == [f"{_STAND_IN} {kept}"]


def test_the_note_keeps_the_clause_and_the_title_ends_before_it() -> None:
    ((_, files),) = dreams_over_days([(0, _AWAY + "he has prod access.")], [0])
    (text,) = files.values()
    topic = parse_topic(text)
    assert topic.name == "Until 2026-07-10, ask Raj about billing (Ana is out)"
    assert topic.body.startswith(f"{_STAND_IN} He has prod access.")


def test_the_stand_in_with_its_clause_still_ends_when_ana_is_back() -> None:
    said = [(0, _AWAY + "he has prod access."), (2, "Ana is back early.")]
    (_, (_, files)) = dreams_over_days(said, [0, 2])
    (text,) = files.values()
    topic = parse_topic(text)
    assert topic.body.startswith("Ana is back early.")
    # (what was said before kept in its history)
    assert f"previously: {_STAND_IN} He has prod access." in topic.body
