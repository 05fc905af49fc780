"""A change of mind said as one tool ended and another used ("Don't use pnpm anymore, use npm")
over the rule that chose the first: the whole memory says the new choice, as "Use npm, not pnpm"
makes it say (its body alone was the new sentence; its title, description, index line and How
to apply went on saying pnpm). Said with a scope, or of things that are no two tools of a kind,
it stays what it was."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

import pytest

from autodream.memory.model import parse_topic
from tests.factories import TranscriptBuilder, project_dirs
from tests.test_cli_dream import dream

SETTINGS = 'backend = "local"\nmin_hours = 1\nmin_sessions = 1\nscan_interval_minutes = 1\n'


def _dreamt(tmp_path: Path, *said: str, files: dict[str, str] | None = None
            ) -> tuple[Path, str]:
    """A project where day N's one session says ``said[N-1]``, dreamt at the end of each day;
    the memory dir and the last dream's output."""
    root = project_dirs(tmp_path / "v", SETTINGS)
    for name, text in (files or {}).items():
        (root / "memory" / name).write_text(text, encoding="utf-8")
    out = ""
    for day, text in enumerate(said, start=1):
        TranscriptBuilder(cwd=str(root / "project"),
                          start=datetime(2026, 7, day, 9, 0, tzinfo=timezone.utc)).user(
            text).assistant("Got it, noted.").write(root / "sessions")
        code, out, err = dream(root, AUTODREAM_NOW=f"2026-07-0{day}T20:00:00+00:00",
                               AUTODREAM_NO_CACHE="1")
        assert code == 0, out + err
    return root / "memory", out


def _topics(memory: Path) -> dict[str, str]:
    return {p.name: p.read_text(encoding="utf-8") for p in sorted(memory.glob("*.md"))
            if p.name != "MEMORY.md"}


@pytest.mark.parametrize("said", [
    "Don't use pnpm anymore, use npm.",
    "Stop using pnpm, use npm from now on.",
    "We no longer use pnpm; use npm.",
])
def test_a_tool_ended_for_another_rewrites_the_title_description_and_how_to_apply(
        tmp_path: Path, said: str) -> None:
    memory, _ = _dreamt(tmp_path, "Use pnpm, not npm.", said)
    ((name, text),) = _topics(memory).items()
    topic = parse_topic(text)
    assert (name, topic.name) == ("feedback_npm-instead-pnpm.md", "npm instead of Pnpm")
    assert topic.description == said
    assert "**How to apply:** Use npm; Pnpm is no longer current, so do not suggest it." in text
    assert "Switched from Pnpm to npm on 2026-07-02; previously Pnpm." in text
    index = (memory / "MEMORY.md").read_text(encoding="utf-8")
    assert f"- [npm instead of Pnpm](feedback_npm-instead-pnpm.md) — {said}" in index
    assert "Use pnpm" not in index + text  # (nothing left telling the agent to use pnpm)


def test_a_title_the_person_wrote_is_kept_through_the_switch(tmp_path: Path) -> None:
    files = {"feedback_package-manager.md": "---\nname: Package manager\ndescription: Avoid "
             "npm in the JS projects\ntype: feedback\n---\n\nUse pnpm, not npm.\n",
             "MEMORY.md": "- [Package manager](feedback_package-manager.md) — Avoid npm in the "
             "JS projects\n"}
    memory, _ = _dreamt(tmp_path, "Hi.", "Don't use pnpm anymore, use npm.", files=files)
    text = _topics(memory)["feedback_package-manager.md"]
    assert parse_topic(text).name == "Package manager"
    # (the description, "Avoid npm ...", went as a switch said "Use npm, not pnpm" takes it)
    assert "Avoid npm" not in text + (memory / "MEMORY.md").read_text(encoding="utf-8")
    assert "**How to apply:** Use npm; pnpm is no longer current, so do not suggest it." in text


def test_the_switch_back_never_swaps_a_word_inside_the_persons_sentence(
        tmp_path: Path) -> None:
    memory, _ = _dreamt(tmp_path, "Use pnpm, not npm.", "Don't use pnpm anymore, use npm.",
                        "Actually we switched back to pnpm.")
    ((name, text),) = _topics(memory).items()
    # ("Don't use pnpm anymore, use Pnpm." was the sentence with npm alone put back to pnpm)
    assert "anymore, use Pnpm" not in text and "anymore, use pnpm" not in text
    assert (name, parse_topic(text).name) == ("feedback_pnpm-instead-npm.md",
                                              "Pnpm instead of npm")
    assert "**How to apply:** Use Pnpm; npm is no longer current, so do not suggest it." in text
    assert "Switched back from npm to Pnpm on 2026-07-03; previously npm." in text


def test_the_choice_turned_round_in_the_same_words_is_a_switch_back(tmp_path: Path) -> None:
    said = "Don't use npm anymore, use pnpm."
    memory, _ = _dreamt(tmp_path, "Use pnpm, not npm.", "Don't use pnpm anymore, use npm.", said)
    ((name, text),) = _topics(memory).items()
    topic = parse_topic(text)
    # (it was "Changed from pnpm to npm", described "Don't use npm anymore, use npm.")
    assert (name, topic.name, topic.description) == (
        "feedback_pnpm-instead-npm.md", "Pnpm instead of npm", said)
    assert "**How to apply:** Use Pnpm; npm is no longer current, so do not suggest it." in text
    assert "Switched from npm to Pnpm on 2026-07-03; previously npm." in text


# (said with a scope, or of what is no pair of tools of a kind, the sentence is no whole switch:
# it is read as before, and nothing tells of a switch; "for the unit tests" had the main DB's
# rule rewritten to sqlite and deleted)
@pytest.mark.parametrize(("first", "then"), [
    ("Use postgres for the main DB.", "Stop using postgres, use sqlite for the unit tests."),
    ("Use pnpm for all JS projects.", "Don't use pnpm anymore, use npm for the docs site."),
    ("Use pnpm, not npm.", "Don't use pnpm anymore, use npm until the bug is fixed."),
    ("Use pnpm, not npm.", "Stop using pnpm, use npm for now."),
    ("Use pnpm, not npm.", "Stop using pnpm, use npm in CI."),
    ("Always use git push --force when rebasing.",
     "Don't use git push --force anymore, use --force-with-lease."),
    ("Indent with tabs.", "stop using tabs, use spaces."),
    ("Run the tests on Python 3.8.", "We no longer use Python 3.8; use 3.12."),
    ("Run the integration tests against the staging DB.",
     "We no longer use the staging DB; use the local one."),
    ("Use npm for scripts, pnpm for installs.", "Don't use pnpm anymore, use npm."),
])
def test_a_scoped_or_other_ending_is_no_switch(tmp_path: Path, first: str, then: str) -> None:
    memory, _ = _dreamt(tmp_path, first, then)
    assert not any("Switched from" in t for t in _topics(memory).values())
    assert "switched from" not in (memory / ".autodream" / "DREAMS.md").read_text(
        encoding="utf-8").lower()
