"""A change of mind said as one tool ended and another used ("Don't use pnpm anymore, use npm")
over the rule that chose the first: the whole memory says the new choice, as "Use npm, not pnpm"
makes it say (its body alone was the new sentence; its title, description, index line and How
to apply went on saying pnpm). Said with a scope, or of things that are no two tools of a kind,
it stays what it was."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from autodream.engine.switch_targets import said_for_all
from autodream.memory.model import parse_topic
from tests.factories import TranscriptBuilder, project_dirs
from tests.test_cli_dream import dream

SETTINGS = 'backend = "local"\nmin_hours = 1\nmin_sessions = 1\nscan_interval_minutes = 1\n'


def _dreamt(tmp_path: Path, *said: str | tuple[str, ...],
            files: dict[str, str] | None = None) -> tuple[Path, str]:
    """A project where day N's sessions say ``said[N-1]`` (one session a sentence, a tuple
    for several that day), dreamt at the end of each day; the memory dir and the last dream's
    output."""
    root = project_dirs(tmp_path / "v", SETTINGS)
    for name, text in (files or {}).items():
        (root / "memory" / name).write_text(text, encoding="utf-8")
    out = ""
    for day, texts in enumerate(said, start=1):
        for hour, text in enumerate((texts,) if isinstance(texts, str) else texts, start=9):
            TranscriptBuilder(cwd=str(root / "project"),
                              start=datetime(2026, 7, day, hour, 0, tzinfo=UTC)).user(
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
    assert (name, topic.name.lower()) == ("feedback_npm-instead-pnpm.md", "npm instead of pnpm")
    # (the rule the entry gave, its choice turned, as "Use npm, not pnpm" turns it)
    assert topic.description == "Use npm, not pnpm."
    assert ("**how to apply:** use npm; pnpm is no longer current, so do not suggest it."
            in text.lower())
    assert "switched from pnpm to npm on 2026-07-02; previously pnpm." in text.lower()
    index = (memory / "MEMORY.md").read_text(encoding="utf-8")
    assert "- [npm instead of pnpm](feedback_npm-instead-pnpm.md) — use npm, not pnpm." in (
        index.lower())
    assert "Use pnpm" not in index + text  # (nothing left telling the agent to use pnpm)


# (the rule went whole, the new sentence in its place: "never commit node_modules", "use vitest,
# not jest" were in no file; "Use npm, not pnpm" lost them too)
@pytest.mark.parametrize(("first", "then", "kept", "new", "old"), [
    ("Use pnpm, not npm; use vitest, not jest.", "Don't use pnpm anymore, use npm.",
     "use vitest, not jest", "npm", "pnpm"),
    ("Use pnpm, not npm; never commit node_modules.", "Stop using pnpm, use npm.",
     "never commit node_modules", "npm", "pnpm"),
    ("Never commit node_modules; use pnpm, not npm.", "Don't use pnpm anymore, use npm.",
     "Never commit node_modules", "npm", "pnpm"),
    ("Use pnpm, not npm, and keep the lockfile in git.", "Stop using pnpm, use npm.",
     "keep the lockfile in git", "npm", "pnpm"),
    ("Use pytest, not unittest; always run with -x.", "We no longer use pytest; use unittest.",
     "always run with -x", "unittest", "pytest"),
    ("Never use yarn; use pnpm, not npm.", "Stop using pnpm, use npm.", "Never use yarn", "npm",
     "pnpm"),
    ("Never use npm; use pnpm, not yarn.", "Stop using pnpm, use yarn.", "Never use npm", "yarn",
     "pnpm"),
    ("Use pnpm, not npm; never commit node_modules.", "Use npm, not pnpm.",
     "never commit node_modules", "npm", "pnpm"),
    ("Never commit node_modules; use pnpm, not npm.", "Use npm, not pnpm.",
     "Never commit node_modules", "npm", "pnpm"),
    ("Use pnpm, not npm, and keep the lockfile in git.", "Use npm, not pnpm.",
     "keep the lockfile in git", "npm", "pnpm"),
    ("Never use npm; use pnpm, not yarn.", "Use yarn, not pnpm.", "Never use npm", "yarn",
     "pnpm"),
    # ("from now on", "going forward" were read as a place the choice was said of, so the
    # person's sentence led and the rest of the rule was lost)
    ("Use pnpm, not npm; never commit node_modules.", "Use npm, not pnpm, from now on.",
     "never commit node_modules", "npm", "pnpm"),
    ("Use pytest, not unittest; always run with -x.", "Use unittest, not pytest, going forward.",
     "always run with -x", "unittest", "pytest"),
])
def test_the_rest_of_the_rule_stays_through_the_switch(
        tmp_path: Path, first: str, then: str, kept: str, new: str, old: str) -> None:
    memory, _ = _dreamt(tmp_path, first, then)
    ((text),) = _topics(memory).values()
    assert kept in text
    assert f"use {old}, not" not in text.lower()
    assert (f"**how to apply:** use {new}; {old} is no longer current, so do not suggest it."
            in text.lower())


# (put in place, "Use npm, not pnpm, in the mobile app" over "Use pnpm, not npm, in the web app"
# read "Use npm, not pnpm, in the web app", and "..., for the legacy app" "Use npm, not pnpm.":
# the choice made for what the person did not name, what they named lost)
@pytest.mark.parametrize(("first", "then", "wrong"), [
    ("Use pnpm, not npm, in the web app.", "Use npm, not pnpm, in the mobile app.",
     "Use npm, not pnpm, in the web app."),
    ("Use pnpm, not npm.", "Use npm, not pnpm, for the legacy app.", "Use npm, not pnpm.\n"),
    ("Use pnpm, not npm.", "Use npm, not pnpm, from now on, in CI.", "Use npm, not pnpm.\n"),
    ("Use postgres, not mysql, for the main DB.", "Use sqlite, not postgres, for the unit tests.",
     "Use sqlite, not mysql, for the main DB."),
])
def test_a_choice_said_of_one_place_is_not_made_for_all(
        tmp_path: Path, first: str, then: str, wrong: str) -> None:
    memory, _ = _dreamt(tmp_path, first, then)
    texts = "".join(_topics(memory).values())
    assert then in texts and wrong not in texts


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
    assert "anymore, use pnpm" not in text.lower()
    assert (name, parse_topic(text).name.lower()) == ("feedback_pnpm-instead-npm.md",
                                                      "pnpm instead of npm")
    assert ("**how to apply:** use pnpm; npm is no longer current, so do not suggest it."
            in text.lower())
    assert "switched back from npm to pnpm on 2026-07-03; previously npm." in text.lower()


def test_the_choice_turned_round_in_the_same_words_is_a_switch_back(tmp_path: Path) -> None:
    said = "Don't use npm anymore, use pnpm."
    memory, _ = _dreamt(tmp_path, "Use pnpm, not npm.", "Don't use pnpm anymore, use npm.", said)
    ((name, text),) = _topics(memory).items()
    topic = parse_topic(text)
    # (it was "Changed from pnpm to npm", described "Don't use npm anymore, use npm.")
    assert (name, topic.name.lower(), topic.description) == (
        "feedback_pnpm-instead-npm.md", "pnpm instead of npm", "Use pnpm, not npm.")
    assert ("**how to apply:** use pnpm; npm is no longer current, so do not suggest it."
            in text.lower())
    assert "switched from npm to pnpm on 2026-07-03; previously npm." in text.lower()


# (each way back was a second entry, "Stop using npm, use pnpm", beside the first saying "npm
# instead of pnpm ... do not suggest pnpm": the back sentence, unlike the entry's words, was
# matched to none)
@pytest.mark.parametrize("said", [
    ("Use pnpm, not npm.", ("Don't use pnpm anymore, use npm.", "Stop using npm, use pnpm.")),
    ("Use pnpm, not npm.", "Don't use pnpm anymore, use npm.", "Stop using npm, use pnpm."),
    ("Use pnpm, not npm.", ("Stop using pnpm, use npm.", "Don't use npm anymore, use pnpm.")),
    ("Use pnpm, not npm.", "Stop using pnpm, use npm.", "Don't use npm anymore, use pnpm."),
    ("Use pnpm, not npm.", "Stop using pnpm, use npm.", "We no longer use npm; use pnpm."),
    ("Use pnpm, not npm.", "Don't use pnpm anymore, use npm.", "We no longer use npm; use pnpm."),
])
def test_a_change_of_mind_and_back_is_one_entry_saying_the_last_word(
        tmp_path: Path, said: tuple[str | tuple[str, ...], ...]) -> None:
    memory, _ = _dreamt(tmp_path, *said)
    ((name, text),) = _topics(memory).items()
    topic = parse_topic(text)
    assert (topic.name.lower(), topic.description) == ("pnpm instead of npm",
                                                       "Use pnpm, not npm.")
    # (back in the dream that switched it, the file was renamed to "...-2.md" beside its own
    # name, and said it superseded that one)
    assert name == "feedback_pnpm-instead-npm.md"
    if not isinstance(said[-1], str):
        assert "supersedes" not in text
    assert ("**how to apply:** use pnpm; npm is no longer current, so do not suggest it."
            in text.lower())
    assert "pnpm is no longer current" not in text.lower()
    index = (memory / "MEMORY.md").read_text(encoding="utf-8")
    assert index.count("](") == 1 and f"]({name}) — Use pnpm, not npm." in index


def test_a_switch_and_back_in_one_dream_keeps_the_file_name(tmp_path: Path) -> None:
    memory, _ = _dreamt(tmp_path, "Use pnpm, not npm.", ("Use npm, not pnpm.",
                                                         "Use pnpm, not npm."))
    ((name, text),) = _topics(memory).items()
    # (it was feedback_pnpm-instead-npm-2.md, superseding feedback_pnpm-instead-npm.md)
    assert name == "feedback_pnpm-instead-npm.md" and "supersedes" not in text
    assert "](feedback_pnpm-instead-npm.md)" in (memory / "MEMORY.md").read_text(
        encoding="utf-8")


def test_a_third_tool_after_the_switch_switches_it_again(tmp_path: Path) -> None:
    said = "Stop using npm, use yarn."
    memory, _ = _dreamt(tmp_path, "Use pnpm, not npm.", "Stop using pnpm, use npm.", said)
    ((text),) = _topics(memory).values()
    topic = parse_topic(text)
    # (it was described "Use npm, not npm.", How to apply "Use npm rather than npm"; and the
    # person's "Stop using pnpm, use npm." with yarn put in for npm)
    assert topic.description == "Use yarn, not pnpm." and "\nUse yarn, not pnpm.\n" in text
    assert "Stop using pnpm" not in text and "use npm" not in text.lower()
    assert ("**how to apply:** use yarn; npm is no longer current, so do not suggest it."
            in text.lower())
    assert "switched from npm to yarn on 2026-07-03; previously npm." in text.lower()


# (the names were put in as the new sentence spells them: "postgresql instead of Postgres",
# "Use postgresql, not Postgres.", one database set against itself)
@pytest.mark.parametrize(("said", "title"), [
    (("Use Postgres, not MySQL.", "Don't use postgres anymore, use mysql.",
      "Don't use mysql anymore, use postgresql."), "postgres instead of mysql"),
    (("Use sqlite, not postgres.", "Stop using sqlite, use postgresql."),
     "postgres instead of sqlite"),
    (("Use redis, not memcached.", "Stop using redis, use memcache."),
     "memcached instead of redis"),
    (("Use sqlite, not postgres.", "Don't use sqlite anymore, use pg."),
     "postgres instead of sqlite"),
    (("Don't use postgresql anymore, use mysql.", "Don't use mysql anymore, use postgres."),
     "postgresql instead of mysql"),
    (("Stop using memcached, use redis.", "Don't use redis anymore, use memcache."),
     "memcached instead of redis"),
])
def test_a_tool_named_another_way_is_the_one_the_entry_names(
        tmp_path: Path, said: tuple[str, ...], title: str) -> None:
    memory, _ = _dreamt(tmp_path, *said)
    ((name, text),) = _topics(memory).items()
    assert parse_topic(text).name.lower() == title
    # (the file kept a name saying the old choice, "feedback_dont-use-postgresql-anymore-use-
    # mysql.md" for "Postgresql instead of mysql", when the sentence named the tool another way)
    assert name == f"feedback_{title.replace(' instead of ', '-instead-')}.md"


# (the names put in place set the new tool against another name of itself: "Use postgresql, not
# postgres.", "Use memcache, not memcached."); the person's sentence leads, as on main. The
# title did too: "postgresql instead of postgres" in feedback_postgresql-instead-postgres.md
@pytest.mark.parametrize(("first", "then", "wrong", "title"), [
    ("Use sqlite, not postgres.", "Use postgresql, not sqlite.", "Use postgresql, not postgres",
     "postgresql instead of sqlite"),
    ("Use redis, not memcached.", "Use memcache, not redis.", "Use memcache, not memcached",
     "memcache instead of redis"),
])
def test_a_switch_never_sets_a_tool_against_another_name_of_itself(
        tmp_path: Path, first: str, then: str, wrong: str, title: str) -> None:
    memory, _ = _dreamt(tmp_path, first, then)
    ((name, text),) = _topics(memory).items()
    topic = parse_topic(text)
    assert topic.description == then and wrong not in text
    assert (name, topic.name.lower()) == (f"feedback_{title.replace(' instead of ', '-instead-')}"
                                          ".md", title)
    index = (memory / "MEMORY.md").read_text(encoding="utf-8")
    assert f"[{topic.name}]({name})" in index


# (it was "Don't use pnpm anymore, use pnpm", "Stop using jest, use jest", the file renamed to
# say so)
@pytest.mark.parametrize(("first", "said", "file", "title"), [
    ("Don't use pnpm anymore, use npm.", "Don't use npm anymore, use pnpm.",
     "feedback_pnpm-instead-npm.md", "pnpm instead of npm"),
    ("Stop using jest, use vitest.", "Use jest, not vitest.", "feedback_jest-instead-vitest.md",
     "jest instead of vitest"),
])
def test_a_title_made_of_the_persons_sentence_gets_no_name_swapped_inside(
        tmp_path: Path, first: str, said: str, file: str, title: str) -> None:
    memory, _ = _dreamt(tmp_path, first, said)
    ((name, text),) = _topics(memory).items()
    topic = parse_topic(text)
    assert (name, topic.name.lower(), topic.description) == (file, title, said)


SCOPED = [
    ("Use postgres for the main DB.", "Stop using postgres, use sqlite for the unit tests."),
    ("Use pnpm for all JS projects.", "Don't use pnpm anymore, use npm for the docs site."),
    ("Use pnpm, not npm.", "Don't use pnpm anymore, use npm until the bug is fixed."),
    ("Use pnpm, not npm.", "Stop using pnpm, use npm for now."),
    ("Use pnpm, not npm.", "Stop using pnpm, use npm in CI."),
]


# (said with a scope, or of what is no pair of tools of a kind, the sentence is no whole switch:
# it is read as before, and nothing tells of a switch; "for the unit tests" had the main DB's
# rule rewritten to sqlite and deleted)
@pytest.mark.parametrize(("first", "then"), [
    *SCOPED,
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


@pytest.mark.parametrize(("first", "then"), SCOPED)
def test_the_rule_a_scoped_ending_leaves_stays(tmp_path: Path, first: str, then: str) -> None:
    memory, _ = _dreamt(tmp_path, first, then)
    # (the main DB's rule, rewritten to sqlite, was deleted)
    assert any(first in t for t in _topics(memory).values())


# (a second entry, "Switched to npm: Let's go back to npm.", beside "Use pnpm, not npm." and its
# "do not suggest npm": the way back was matched to "Use pnpm instead of npm" alone, not to the
# rule said with a comma)
@pytest.mark.parametrize("said", ["Actually, let's go back to npm.", "Go back to npm.",
                                  "You can use npm again.",
                                  # (read as a correction, "Keep using npm", an entry of its own)
                                  "Actually, keep using npm.", "Actually, stick with npm."])
def test_the_way_back_to_the_tool_a_rule_set_aside_turns_the_rule(
        tmp_path: Path, said: str) -> None:
    memory, _ = _dreamt(tmp_path, "Use pnpm, not npm.", said)
    ((name, text),) = _topics(memory).items()
    assert (name, parse_topic(text).name.lower()) == ("feedback_npm-instead-pnpm.md",
                                                      "npm instead of pnpm")
    assert "switched back from pnpm to npm on 2026-07-02; previously pnpm." in text.lower()
    assert ("**how to apply:** use npm; pnpm is no longer current, so do not suggest it."
            in text.lower())


# (a way back said of one place or time, or a past told, is not the rule for all turned)
@pytest.mark.parametrize("said", ["Let's go back to npm for the unit tests.",
                                  "You can use npm again for the docs site.",
                                  "We went back to npm last year, then moved to pnpm.",
                                  "Should we go back to npm?", "Don't go back to npm.",
                                  "Actually, keep using npm in CI.",
                                  "Should we keep using npm?",
                                  # (cut off before the place: the words after the tool were
                                  # read as a set, so "for" alone was "for now")
                                  "Let's go back to npm for",
                                  "Let's go back to npm, now for."])
def test_a_way_back_said_of_less_leaves_the_rule(tmp_path: Path, said: str) -> None:
    memory, _ = _dreamt(tmp_path, "Use pnpm, not npm.", said)
    assert "\nUse pnpm, not npm.\n" in _topics(memory)["feedback_pnpm-instead-npm.md"]


@pytest.mark.parametrize(("after", "for_all"), [
    ("", True), (" again, please.", True), (" for now.", True), (" from now on.", True),
    (" going forward", True), (" instead, for good!", True),
    (" now for.", False), (" for", False), (" forward going", False), (" good for", False),
    (" on.", False), (" now and then", False), (" for the unit tests", False)])
def test_the_words_after_a_way_back_are_read_in_their_order(after: str, for_all: bool) -> None:
    assert said_for_all(after) is for_all


# (after "We use npm." switched to pnpm, "Actually, keep using npm." was a correction entry of
# its own beside "We use pnpm ... do not suggest npm")
def test_keep_using_the_tool_a_switch_left_switches_back(tmp_path: Path) -> None:
    memory, _ = _dreamt(tmp_path, "We use npm.", "We switched to pnpm.",
                        "Actually, keep using npm.")
    ((_, text),) = _topics(memory).items()
    assert "\nWe use npm.\n" in text
    assert "switched back from pnpm to npm on 2026-07-03; previously pnpm." in text.lower()
    assert "use npm; pnpm is no longer current" in text.lower()
