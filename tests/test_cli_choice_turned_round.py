"""A preference turned round ("I prefer spaces over tabs now" after "I prefer tabs over spaces for
indentation") is a change of mind: the entry switches to the new choice, with its history line,
as "Use spaces instead of tabs" switches it. Read by its words it was the preference said again
('confirmed ... already remembered'), the memory still said tabs and the new sentence was lost.
The same choice said again, and a turned choice said of another place or by another person,
stay what they were."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from autodream.memory.model import parse_topic
from tests.factories import TranscriptBuilder, project_dirs
from tests.test_cli_dream import dream
from tests.test_cli_tool_ended_then_used import SETTINGS, _dreamt, _topics


@pytest.mark.parametrize(("first", "then", "file", "title", "history"), [
    ("I prefer tabs over spaces.", "I prefer spaces over tabs now.",
     "feedback_user-prefers-spaces-tabs.md", "The user prefers spaces over tabs",
     "switched from tabs to spaces"),
    ("I prefer tabs over spaces.", "Actually, I prefer spaces over tabs!",
     "feedback_user-prefers-spaces-tabs.md", "The user prefers spaces over tabs",
     "switched from tabs to spaces"),
    ("Prefer tabs over spaces.", "From now on, prefer spaces over tabs.",
     "feedback_prefer-spaces-tabs.md", "Prefer spaces over tabs", "switched from tabs to spaces"),
    ("Prefer composition over inheritance.", "Prefer inheritance over composition.",
     "feedback_prefer-inheritance-composition.md", "Prefer inheritance over composition",
     "switched from composition to inheritance"),
    ("I prefer Vim keybindings over Emacs keybindings.",
     "I prefer Emacs keybindings over Vim keybindings.",
     "feedback_user-prefers-emacs-keybindings-vim-keybindings.md",
     "The user prefers Emacs keybindings over Vim keybindings", "switched from vim to emacs"),
])
def test_a_preference_turned_round_switches_the_entry(
        tmp_path: Path, first: str, then: str, file: str, title: str, history: str) -> None:
    memory, out = _dreamt(tmp_path, first, then)
    assert "already remembered" not in out and "1 superseded" in out
    ((name, text),) = _topics(memory).items()
    assert (name, parse_topic(text).name) == (file, title)
    assert f"{history} on 2026-07-02" in text.lower()
    index = (memory / "MEMORY.md").read_text(encoding="utf-8")
    assert f"- [{title}]({file})" in index


@pytest.mark.parametrize(("first", "then"), [
    ("I prefer tabs over spaces for indentation.", "I prefer tabs over spaces."),
    ("Prefer composition over inheritance.", "Prefer composition to inheritance."),
    ("I prefer Vim keybindings over Emacs keybindings.",
     "I prefer Vim keybindings to Emacs keybindings."),
])
def test_the_same_choice_said_again_is_confirmed(tmp_path: Path, first: str, then: str) -> None:
    memory, out = _dreamt(tmp_path, first, then)
    assert "1 confirmed" in out
    ((_, text),) = _topics(memory).items()
    assert "switched" not in text.lower()


@pytest.mark.parametrize(("first", "then", "file"), [
    ("Prefer short answers to long ones.", "Prefer long answers to short ones.",
     "feedback_prefer-short-answers-long-ones.md"),
    ("I prefer short answers over long ones.", "I prefer long answers over short ones now.",
     "feedback_user-prefers-short-answers-long-ones.md"),
])
def test_a_choice_against_ones_is_not_turned(
        tmp_path: Path, first: str, then: str, file: str) -> None:
    # ("ones" stands for a noun said on the other side: switched, the entry read "Prefer long
    # answers to short ones. Switched from short ones to long answers" under its old title)
    memory, _ = _dreamt(tmp_path, first, then)
    topics = _topics(memory)
    assert list(topics) == [file]
    assert not any("switched" in text.lower() for text in topics.values())


@pytest.mark.parametrize(("first", "then"), [
    # (a scope: the rule of one place beside the other)
    ("I prefer tabs over spaces for indentation.", "I prefer spaces over tabs in YAML files."),
    # (someone else's choice, not the user's changed)
    ("I prefer tabs over spaces.", "PEP 8 prefers spaces over tabs."),
])
def test_a_turned_choice_of_another_place_or_person_switches_nothing(
        tmp_path: Path, first: str, then: str) -> None:
    memory, _ = _dreamt(tmp_path, first, then)
    assert not any("switched" in text.lower() for text in _topics(memory).values())
    assert "prefers tabs over spaces" in (memory / "MEMORY.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("then", [
    # (another person's choice, or a choice supposed or asked about: the user's stays)
    "She prefers spaces over tabs.",
    "They all prefer spaces over tabs.",
    "Most users prefer spaces over tabs.",
    "If it were up to me I would prefer spaces over tabs.",
    "Why would I prefer spaces over tabs.",
])
def test_a_choice_not_the_users_own_leaves_the_users_confirmed(tmp_path: Path, then: str) -> None:
    memory, out = _dreamt(tmp_path, "I prefer tabs over spaces.", then)
    assert "1 confirmed" in out and "superseded" not in out
    ((name, text),) = _topics(memory).items()
    assert (name, parse_topic(text).name) == (
        "feedback_user-prefers-tabs-spaces.md", "The user prefers tabs over spaces")
    assert "switched" not in text.lower()



@pytest.mark.parametrize(("first", "then", "file"), [
    ("We prefer tabs over spaces.", "I prefer spaces over tabs.", "feedback_prefer-tabs-spaces.md"),
    ("I prefer tabs over spaces.", "We prefer spaces over tabs.",
     "feedback_user-prefers-tabs-spaces.md"),
    ("I prefer tabs over spaces.", "Actually, we prefer spaces over tabs now.",
     "feedback_user-prefers-tabs-spaces.md"),
])
def test_a_teams_choice_on_either_side_switches_nothing(
        tmp_path: Path, first: str, then: str, file: str) -> None:
    # ("We prefer" is the team's convention, not the user's own choice: review rev192)
    memory, out = _dreamt(tmp_path, first, then)
    assert "1 confirmed" in out and "superseded" not in out
    ((name, text),) = _topics(memory).items()
    assert name == file and "switched" not in text.lower()


@pytest.mark.parametrize("then", [
    # (a) the words of someone else: a speaker named before them, a quote
    "Dana: I prefer spaces over tabs.",
    'He replied: "We prefer spaces over tabs."',
    # (b) a place before a colon: the rule of that place, not the general one
    "In YAML: I prefer spaces over tabs.",
    # (a place, or agreeing with another, in a word the old choice does not say)
    "I prefer spaces over tabs here.",
    "I prefer spaces over tabs too.",
    # (c) taken back, or left in doubt, in the sentences after it in the same message
    "I prefer spaces over tabs now. Just kidding.",
    "I prefer spaces over tabs now. No, wait, tabs are fine.",
])
def test_a_turned_choice_the_message_does_not_leave_the_users_switches_nothing(
        tmp_path: Path, then: str) -> None:
    memory, out = _dreamt(tmp_path, "I prefer tabs over spaces.", then)
    assert "superseded" not in out
    topics = _topics(memory)
    assert "feedback_user-prefers-tabs-spaces.md" in topics
    assert parse_topic(topics["feedback_user-prefers-tabs-spaces.md"]).name == (
        "The user prefers tabs over spaces")
    assert not any("switched" in text.lower() for text in topics.values())


@pytest.mark.parametrize(("first", "file"), [
    ("The style guide prefers tabs over spaces.", "feedback_style-guide-prefers-tabs-spaces.md"),
    ("Dana prefers tabs over spaces.", "feedback_dana-prefers-tabs-spaces.md"),
])
def test_the_users_choice_turning_anothers_round_is_read_as_before(
        tmp_path: Path, first: str, file: str) -> None:
    # (a user's entry made beside the other's was folded back into it by the next idle dream,
    # review rev192: the other's entry is no user's, so nothing is switched and nothing added;
    # the style guide's is updated with the user's words, as main always did)
    memory, out = _dreamt(tmp_path, first, "I prefer spaces over tabs.")
    assert "created" not in out
    topics = _topics(memory)
    assert list(topics) == [file]
    assert "switched" not in topics[file].lower()


def test_the_users_words_in_anothers_entry_are_not_switched(tmp_path: Path) -> None:
    # (the style guide's entry holds the user's words since main's update; switched, it was
    # retitled "The style guide prefers spaces over tabs", a choice nobody made)
    memory, _ = _dreamt(tmp_path, "The style guide prefers tabs over spaces.",
                        "I prefer spaces over tabs.", "I prefer tabs over spaces now.")
    topics = _topics(memory)
    assert list(topics) == ["feedback_style-guide-prefers-tabs-spaces.md"]
    assert parse_topic(topics["feedback_style-guide-prefers-tabs-spaces.md"]).name == (
        "The style guide prefers tabs over spaces")
    assert "switched" not in topics["feedback_style-guide-prefers-tabs-spaces.md"].lower()


@pytest.mark.parametrize("then", [
    # (review rev192: the message says more than the turned choice; each is main's reading)
    "I prefer spaces over tabs now. Only for Python.",  # a limit after it
    "I prefer spaces over tabs now. Hmm, maybe.",  # a doubt after it
    "I prefer spaces over tabs now. Yeah, right.",  # sarcasm
    "The README says this. Prefer spaces over tabs.",  # someone else's words, no colon
    "Talked to the backend team today. Prefer spaces over tabs.",
    "Preferences for the frontend repo:\n- Prefer ruff over black.\n- Prefer spaces over tabs.",
    "# Style guide\n\nPrefer spaces over tabs.\n\nWrap lines at 100 columns.",  # a pasted doc
    "Pasting the team doc. Prefer spaces over tabs. Prefer pytest over unittest.",
    "I prefer spaces over tabs now.\n-- Dana",
    "I prefer spaces over tabs now\uff1f",  # a full-width question mark
    "I prefer spaces over tabs now \U0001f644",
    "I prefer spaces over tabs now для документации.",  # a Cyrillic tail
    "I prefer spaces over tabs now...",
])
def test_a_turned_choice_in_a_message_saying_more_switches_nothing(
        tmp_path: Path, then: str) -> None:
    memory, out = _dreamt(tmp_path, "I prefer tabs over spaces.", then)
    assert "superseded" not in out
    topics = _topics(memory)
    assert parse_topic(topics["feedback_user-prefers-tabs-spaces.md"]).name == (
        "The user prefers tabs over spaces")
    assert not any("switched" in text.lower() for text in topics.values())


@pytest.mark.parametrize("said", [
    "Dana: I prefer spaces over tabs.",
    "In YAML: I prefer spaces over tabs.",
])
def test_remember_that_after_a_turned_choice_switches_nothing(tmp_path: Path, said: str) -> None:
    # ("Remember that." reads the message before it again, and where a turned choice was said
    # is not known there: main's reading, review rev192)
    root = project_dirs(tmp_path / "v", SETTINGS)
    for day, texts in ((1, ["I prefer tabs over spaces."]), (2, [said, "Remember that."])):
        session = TranscriptBuilder(cwd=str(root / "project"),
                                    start=datetime(2026, 7, day, 9, 0, tzinfo=UTC))
        for text in texts:
            session = session.user(text).assistant("Got it, noted.")
        session.write(root / "sessions")
        code, out, err = dream(root, AUTODREAM_NOW=f"2026-07-0{day}T20:00:00+00:00",
                               AUTODREAM_NO_CACHE="1")
        assert code == 0, out + err
    assert "superseded" not in out
    topics = _topics(root / "memory")
    assert "feedback_user-prefers-tabs-spaces.md" in topics
    assert not any("switched" in text.lower() for text in topics.values())


@pytest.mark.parametrize(("first", "then"), [
    # (review rev201: the old statement or the message says a word more than the two choices,
    # a scope, a limit or another choice beside them; main's reading, no switch)
    ("I prefer tabs over spaces for indentation.", "I prefer spaces over tabs now."),
    ("I prefer tabs over spaces for indentation.",
     "I prefer spaces over tabs for indentation now."),
    ("I prefer tabs over spaces for indentation.",
     "From now on I prefer spaces to tabs for indentation."),
    ("I prefer tabs over spaces in Go files and spaces over tabs in YAML.",
     "I prefer spaces over tabs."),
    ("I prefer tabs over spaces for Python and Go.", "I prefer spaces over tabs for Python."),
    ("I prefer tabs over spaces, except in YAML.", "I prefer spaces over tabs."),
    ("I prefer tabs over spaces, but not in YAML.", "I prefer spaces over tabs in YAML."),
    ("I prefer tabs over spaces.", "I really prefer spaces over tabs, honestly."),
    ("I prefer tabs over spaces.", "I prefer spaces over tabs these days"),
    ("I prefer tabs over spaces.", "I prefer spaces over tabs, just now."),
    # (another entry names the old choice: switched, the memory said both)
    ("I prefer tabs over spaces.\nWhy: my screen reader handles tabs better.\nHow to apply: "
     "indent with tabs in every file.", "I prefer spaces over tabs now."),
])
def test_only_the_exact_mirror_of_the_old_choice_switches_it(
        tmp_path: Path, first: str, then: str) -> None:
    memory, out = _dreamt(tmp_path, first, then)
    assert "superseded" not in out
    assert not any("switched" in text.lower() for text in _topics(memory).values())


@pytest.mark.parametrize(("first", "then"), [
    # (review rev201: a gerund or "using" in a term, or a choice said both ways round; switched,
    # one read "The user prefers using spaces over spaces")
    ("I prefer tabs over spaces.", "I prefer using spaces over tabs."),
    ("I prefer tabs over spaces.", "I prefer using spaces over using tabs."),
    ("I prefer using tabs over spaces.", "I prefer using spaces over tabs."),
    ("I prefer tabs over spaces.", "I prefer writing with spaces over tabs."),
    ("I prefer tabs over spaces.", "I prefer spaces over tabs, tabs over spaces."),
])
def test_a_turned_choice_of_terms_not_plain_switches_nothing(
        tmp_path: Path, first: str, then: str) -> None:
    memory, out = _dreamt(tmp_path, first, then)
    assert "superseded" not in out
    for text in _topics(memory).values():
        assert "switched" not in text.lower()
        assert "spaces over spaces" not in text and "tabs over tabs" not in text


def _two_days(tmp_path: Path, day_two: list[tuple[str, str]]) -> tuple[Path, str]:
    """'I prefer tabs over spaces.' on July 1, then one session of ``day_two``'s turns (the
    person's words, the assistant's reply), each day dreamt that evening."""
    root = project_dirs(tmp_path / "v", SETTINGS)
    out = ""
    for day, turns in ((1, [("I prefer tabs over spaces.", "Noted.")]), (2, day_two)):
        session = TranscriptBuilder(cwd=str(root / "project"),
                                    start=datetime(2026, 7, day, 9, 0, tzinfo=UTC))
        for said, reply in turns:
            session = session.user(said).assistant(reply)
        session.write(root / "sessions")
        code, out, err = dream(root, AUTODREAM_NOW=f"2026-07-0{day}T20:00:00+00:00",
                               AUTODREAM_NO_CACHE="1")
        assert code == 0, out + err
    return root / "memory", out


@pytest.mark.parametrize("day_two", [
    # (review rev201: the person's message answers what was asked or scoped just before it)
    [("Set up yamllint for the config folder.",
      "Sure. For YAML files, which do you prefer, tabs or spaces?"),
     ("I prefer spaces over tabs.", "Done.")],
    [("What does Dana's team style guide say about indentation? Quote it line by line.",
      "Which line first?"), ("Prefer spaces over tabs.", "Got it.")],
    [("Only for this one Python script, which is better?", "Spaces or tabs?"),
     ("I prefer spaces over tabs now.", "OK.")],
])
def test_a_turned_choice_said_in_a_context_switches_nothing(
        tmp_path: Path, day_two: list[tuple[str, str]]) -> None:
    memory, out = _two_days(tmp_path, day_two)
    assert "superseded" not in out
    topics = _topics(memory)
    assert "feedback_user-prefers-tabs-spaces.md" in topics
    assert not any("switched" in text.lower() for text in topics.values())


def test_a_turned_choice_after_words_on_nothing_else_switches(tmp_path: Path) -> None:
    # (the session said something before it, neither choice, no scope, no question)
    memory, out = _two_days(tmp_path, [("Thanks, that works.", "Glad to hear it."),
                                       ("I prefer spaces over tabs now.", "Noted.")])
    assert "1 superseded" in out
    assert list(_topics(memory)) == ["feedback_user-prefers-spaces-tabs.md"]


@pytest.mark.parametrize(("first", "reason"), [
    ("I prefer tabs over spaces because tabs are accessible.", "because tabs are accessible"),
    ("I prefer tabs over spaces because my screen reader reads them better.",
     "because the user's screen reader reads them better"),
])
def test_the_old_reason_goes_into_the_history_on_a_switch(
        tmp_path: Path, first: str, reason: str) -> None:
    # (review rev201: the reason for tabs stood as the Why of spaces)
    memory, out = _dreamt(tmp_path, first, "I prefer spaces over tabs.")
    assert "1 superseded" in out
    ((name, text),) = _topics(memory).items()
    assert name == "feedback_user-prefers-spaces-tabs.md"
    assert f"Switched from tabs to spaces on 2026-07-02; previously tabs ({reason})." in text
    why = text.split("**Why:**", 1)[1].split("**How to apply:**", 1)[0].strip()
    assert why == "Switched to spaces on 2026-07-02 (see the history above)."
