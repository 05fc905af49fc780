"""A correction said with "To correct myself," or "I was wrong," puts right what was said before,
as "Correction:" does ("Staging runs Postgres 14." then "I was wrong, staging runs Postgres 15."
is one memory, Postgres 15, 14 its history). Each in a later session, a dream per session and an
idle dream after that changes nothing. Said of another place, it is a second memory, as
"Correction:" is. "Update: ..." stays unsaved: what follows it is as often a standup's news ("we
are at 80% coverage", "the demo went well") as what holds now."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.factories import dream_on_day, say_on_day, told_day_by_day


def _memory(root: Path) -> dict[str, str]:
    return {p.name: p.read_text(encoding="utf-8") for p in sorted((root / "memory").glob("*.md"))}


def _index(root: Path) -> str:
    return (root / "memory" / "MEMORY.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("lead", ["To correct myself, ", "I was wrong, "])
@pytest.mark.parametrize(("first", "then", "now", "was"), [
    ("Staging runs Postgres 14.", "staging runs Postgres 15.", "Staging runs Postgres 15",
     "previously Postgres 14"),
    ("I prefer tabs.", "I prefer spaces.", "The user prefers spaces", "previously tabs"),
    ("Alice owns billing.", "Marco owns billing.", "Marco owns billing", "previously Alice"),
    ("The demo is on Monday.", "the demo is on Tuesday.", "The demo is on 2026-07-07",
     "previously 2026-07-06"),
])
def test_a_correction_word_puts_right_what_was_said(tmp_path: Path, lead: str, first: str,
                                                    then: str, now: str, was: str) -> None:
    root = told_day_by_day(tmp_path / "p", first, lead + then)
    before = _memory(root)
    index = _index(root)
    assert f"[{now}]" in index, index
    assert index.count("](") == 1, index  # (what it puts right is no second memory)
    assert lead.strip(" ,:").lower() not in index.lower(), index
    assert was in "".join(before.values()), before
    dream_on_day(root, 4)  # an idle dream: nothing new, nothing changed
    assert _memory(root) == before


@pytest.mark.parametrize("lead", ["To correct myself, ", "I was wrong, "])
def test_a_tool_switch_after_a_correction_word_is_the_switch(tmp_path: Path, lead: str) -> None:
    root = told_day_by_day(tmp_path / "p", "We use npm.", f"{lead}we use yarn, not npm.")
    index = _index(root)
    assert "[We use yarn]" in index and "npm]" not in index, index


@pytest.mark.parametrize("lead", ["Correction: ", "To correct myself, ", "I was wrong, "])
def test_a_correction_word_of_another_place_keeps_both(tmp_path: Path, lead: str) -> None:
    root = told_day_by_day(tmp_path / "p", "Staging runs Postgres 15.",
                           f"{lead}production runs Postgres 15.")
    index = _index(root)
    assert "[Staging runs Postgres 15]" in index and "[Production runs Postgres 15]" in index, (
        index)
    assert "Changed from" not in "".join(_memory(root).values())


@pytest.mark.parametrize("said", [
    "I was wrong about nothing.",
    "Update: the build is green.",
    "Update the README: add a section on setup.",
    "Scratch that test, it is flaky.",
    "To correct myself, is staging on Postgres 15?",
])
def test_the_words_that_are_no_correction_change_nothing(tmp_path: Path, said: str) -> None:
    root = told_day_by_day(tmp_path / "p", "Staging runs Postgres 14.")
    before = _memory(root)
    say_on_day(root, 2, said)
    dream_on_day(root, 2)
    assert _memory(root) == before


@pytest.mark.parametrize("said", [
    "Update: we are at 80% coverage.",
    "Update: we are halfway through the migration to yarn.",
    "Update: we are migrating staging to Postgres 15.",
    "Update: coverage is at 80% now.",
    "Update: the demo went well.",
    "Update: we are done with the refactor.",
    "Update: Marco owns the incident today.",
    "Update: we use a workaround until the fix lands.",
    "Update: we are in the middle of a release.",
])
def test_a_standup_update_saves_nothing(tmp_path: Path, said: str) -> None:
    # (review rev216: read as the words after it alone, each was a memory, a second Postgres
    # beside 14, or the demo's plan replaced by "the demo went well")
    root = told_day_by_day(tmp_path / "p", "Staging runs Postgres 14.", "The demo is on Monday.")
    before = _memory(root)
    say_on_day(root, 3, said)
    dream_on_day(root, 3)
    assert _memory(root) == before


@pytest.mark.parametrize(("first", "then", "now", "was"), [
    ("We use npm.", "I was wrong, my bad: we use yarn.", "We use yarn", "yarn"),
    ("We use npm.", "I was wrong, you were right: we use yarn.", "We use yarn", "yarn"),
    ("Staging runs Postgres 14.", "I was wrong, update: staging runs Postgres 15.",
     "Staging runs Postgres 15", "previously Postgres 14"),
    ("The demo is on Monday.", "I was wrong, sorry: the demo is on Tuesday.",
     "The demo is on 2026-07-07", "previously 2026-07-06"),
])
def test_a_second_lead_in_after_a_correction_word_keeps_the_correction(
        tmp_path: Path, first: str, then: str, now: str, was: str) -> None:
    # (review rev216: read with "my bad:" or "you were right:" the correction was lost, with
    # "sorry:" described "Sorry: ...")
    root = told_day_by_day(tmp_path / "p", first, then)
    index = _index(root)
    assert now in index, index  # ("We use npm" then "we use yarn": "[We use npm] — We use yarn")
    assert index.count("](") == 1, index
    assert "sorry" not in index.lower() and "bad" not in index.lower(), index
    assert was in "".join(_memory(root).values())


@pytest.mark.parametrize("said", ["I was wrong, sorry, let's keep going.",
                                  "I was wrong, my bad.", "I was wrong, you were right."])
def test_an_apology_after_a_correction_word_changes_nothing(tmp_path: Path, said: str) -> None:
    root = told_day_by_day(tmp_path / "p", "Staging runs Postgres 14.")
    before = _memory(root)
    say_on_day(root, 2, said)
    dream_on_day(root, 2)
    assert _memory(root) == before


@pytest.mark.parametrize("lead", [
    "I was wrong earlier: ", "I was wrong, ", "To correct myself, ", "Correction: "])
def test_a_preference_turned_round_after_a_correction_word_is_switched(
        tmp_path: Path, lead: str) -> None:
    """'I prefer tabs over spaces.' then 'I was wrong earlier: I prefer spaces over tabs.': read
    with its lead-in it was no bare preference, so the same words said again ('confirmed'), the
    tabs preference current. Now switched, as 'Actually, I prefer spaces over tabs.' is."""
    root = told_day_by_day(tmp_path / "p", "I prefer tabs over spaces.",
                           f"{lead}I prefer spaces over tabs.")
    index = _index(root)
    assert "[The user prefers spaces over tabs]" in index, index
    assert index.count("](") == 1, index
    (body,) = (text for name, text in _memory(root).items() if name != "MEMORY.md")
    assert "\nThe user prefers spaces over tabs.\n" in body, body
    assert "Switched from tabs to spaces on 2026-07-02; previously tabs." in body, body
    before = _memory(root)
    dream_on_day(root, 4)
    assert _memory(root) == before
