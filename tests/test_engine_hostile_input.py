"""A message a person pastes a log into (runs of spaces, a long line, a date said over and over)
is read in time linear in its length: each pattern is tried where what it reads can start, and
what every clause would read again is read once. (The times, n against 2n, side by side:
``bench/bench_hostile.py``.)"""

from __future__ import annotations

import difflib
import re
import time
from collections.abc import Callable
from datetime import date

import pytest

from autodream.engine import (
    bans,
    consolidate,
    dates,
    entries,
    forgetting,
    replacement,
    revisions,
    sentence_kinds,
    splitting,
    text,
    versions,
    wording,
)
from autodream.engine.candidates import _CORRECTION_IGNORE
from autodream.engine.entries import (
    _CLAUSE_BREAK,
    hook_for,
    parse_entry,
    repair_topic,
    title_for,
)
from autodream.engine.forgetting import _its_value, forget_request
from autodream.engine.replacement import (
    about_other_things,
    said_of_another_holder,
    said_of_other_things,
)
from autodream.engine.splitting import _each_dated
from autodream.engine.versions import upgrade_clauses
from tests.engine_helpers import candidates

SAID = date(2026, 7, 6)


def test_a_take_back_at_the_end_is_read_from_where_its_run_of_spaces_starts() -> None:
    # (tried from each of 20,000 spaces, it ran the rest of the run from each: a gather of that
    # message took 4.3 s, 4x the 10,000 spaces')
    said = "Actually no, keep them descriptive," + " " * 50 + "ignore that."
    start = said.index(",  ")
    found = _CORRECTION_IGNORE.search(said)
    assert found is not None and found.start() == start
    assert all(_CORRECTION_IGNORE.match(said, at) is None
               for at in range(start + 1, said.index("ignore")))
    assert [c.text for c in candidates(
        "Can you use shorter variable names? Actually no, keep them descriptive,  ignore that.")
            ] == ["Keep them descriptive."]


def _cpu_seconds(read: Callable[[str], object], text: str) -> float:
    start = time.process_time()
    read(text)
    return time.process_time() - start


def _read_in_linear_time(read: Callable[[str], object], unit: str) -> bool:
    """Whether ``read`` takes less than 24x the time on ``unit`` x 1,600 as on x 200 (linear is
    8x, by the square 64x), or under half a second (where noise is all there is to measure):
    for a pattern whose reading is inside ``re``, where no characters given can be counted."""
    return _cpu_seconds(read, unit * 1_600) < max(24 * _cpu_seconds(read, unit * 200), 0.5)


class _Counting:
    """A pattern whose searches are counted: how many characters each was given to read."""

    def __init__(self, pattern: re.Pattern[str]) -> None:
        self.pattern = pattern
        self.read = 0

    def search(self, text: str, pos: int = 0, endpos: int | None = None) -> re.Match[str] | None:
        end = len(text) if endpos is None else endpos
        self.read += end - pos
        return self.pattern.search(text, pos, end)


def test_two_numbers_joined_is_read_once_from_the_first_digit(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # (``\d.*?(?:[,;&]|\band\b).*?\d`` ran to the end from each of the 5,600 digits of
    # "on 2026-07-01 " x 700: 0.75 s of a gather, 4x for twice the text)
    assert _read_in_linear_time(upgrade_clauses, "on 2026-07-01 ")  # (3.4 s for x 1,600 before)
    digit, joiner = _Counting(versions._DIGIT), _Counting(versions._JOINER)
    monkeypatch.setattr(versions, "_DIGIT", digit)
    monkeypatch.setattr(versions, "_JOINER", joiner)
    hostile = "on 2026-07-01 " * 700
    assert upgrade_clauses(hostile) == []
    assert digit.read + joiner.read <= 2 * len(hostile)
    assert upgrade_clauses("Bumped Node from 18 to 20 and npm from 9 to 10") == [
        "Bumped Node from 18 to 20.", "Bumped npm from 9 to 10."]
    # (a joiner on the next line joins nothing: ``.`` never crossed a line)
    assert upgrade_clauses("Bumped Node from 18 to 20\nand npm from 9 to 10") == []


def test_a_long_line_of_upgrades_is_read_for_a_bounded_number_of_clauses(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # (each clause was read for its upgrade with all that follows it: 'Bumped Node from 18 to
    # 20 and ' x 660 took 1.05 s to gather, 4x for twice the line)
    read: list[int] = []
    first_upgrade = versions._first_upgrade

    def counted(told: str, sure: bool = True) -> object:
        read.append(len(told))
        return first_upgrade(told, sure)

    monkeypatch.setattr(versions, "_first_upgrade", counted)
    hostile = "Bumped Node from 18 to 20 and " * 2_000
    told = upgrade_clauses(hostile)
    assert sum(read) <= 20 * len(hostile)  # (about 2,000x before)
    monkeypatch.undo()
    # (past the bound, the clauses found are kept and the rest is one more, as it is)
    assert 2 < len(told) < 2_000
    assert set(told[:-1]) == {"Bumped Node from 18 to 20."}
    assert told[-1].startswith("Bumped Node from 18 to 20 and Bumped Node from 18 to 20 and ")
    # (a sentence a person types telling a dozen upgrades is still a dozen)
    tools = ["Node", "npm", "Python", "Django", "Postgres", "Redis", "Go", "Rust", "Java",
             "Kotlin", "Gradle", "Ruby"]
    told = " and ".join(f"{tool} from {n} to {n + 1}" for n, tool in enumerate(tools, 10))
    assert upgrade_clauses(f"Bumped {told}") == [
        f"Bumped {tool} from {n} to {n + 1}." for n, tool in enumerate(tools, 10)]


@pytest.mark.parametrize("upgrades", [72, 160])
def test_a_one_line_list_of_many_upgrades_is_each_upgrade(upgrades: int) -> None:
    # (a bound of 60,000 characters read, spent, dropped every clause: 72 upgrades on one line,
    # 1,819 characters, gave no memory)
    tools = ["Node", "npm", "React", "Django", "pytest", "ruff", "mypy", "Postgres", "Redis",
             "numpy", "pandas", "Flask", "Vite", "TypeScript", "webpack", "eslint"]
    each = [f"{tools[i % len(tools)]} from {i}.{i % 7} to {i + 1}.0" for i in range(upgrades)]
    assert [(c.kind, c.text) for c in candidates("Bumped " + ", ".join(each) + ".")] == [
        ("switch", f"Bumped {upgrade}.") for upgrade in each]


def test_a_switch_is_looked_for_in_time_linear_in_the_sentence() -> None:
    # ("Postgres was replaced by MySQL" asked at every word whether a known name came before
    # the next stop after "replaced by", reading to the stop each time: 1.2 s for x 740)
    assert _read_in_linear_time(sentence_kinds._switch, "we deploy on Thursdays now ")
    found = sentence_kinds._switch("Postgres was replaced by MySQL.")
    assert found is not None and (found.old, found.new) == ("Postgres", "MySQL")
    assert sentence_kinds._switch("The loop was replaced by a comprehension.") is None


def test_what_each_and_of_a_long_line_has_before_it_is_read_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # (each "and" searched all before it for "between"/"from": a line of 80,000 characters
    # with no stop took 0.95 s, 4x for twice the line)
    span = _Counting(splitting._SPAN)
    monkeypatch.setattr(splitting, "_SPAN", span)
    hostile = "we deploy the service with docker compose and then run " * 700
    assert _each_dated(hostile, SAID) == []
    assert span.read <= len(hostile)
    assert _each_dated("The code freeze starts on 2026-07-13 and the release from main is on "
                       "2026-07-24", SAID) == ["The code freeze starts on 2026-07-13.",
                                               "The release from main is on 2026-07-24."]
    # (a span's "and" joins its two ends, not two plans)
    assert _each_dated("The freeze runs from 2026-07-13 and the release is on 2026-07-24",
                       SAID) == []


def test_a_long_line_of_dated_ands_is_read_for_plans_a_bounded_number_of_times(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # (each "and" with a date on both sides read both sides for a plan, each the whole line
    # long: 'we looked at it on 2026-07-01 and ' x 300 took 5.8 s, 4x for twice the line)
    read: list[str] = []

    def detect(text: str) -> object:
        read.append(text)
        return None

    monkeypatch.setattr(splitting, "_detect", detect)
    # (51,000 characters: past the free bound, 8 characters read for each of the line's)
    assert _each_dated("we looked at it on 2026-07-01 and " * 1500, SAID) == []
    assert len(read) <= 18  # (both sides of about 8 "and"s at most; 3,000 unbounded)
    monkeypatch.undo()
    # (two plans after an "and" that joins none are still two)
    assert _each_dated("We looked at it on 2026-07-01 and the code freeze starts on 2026-07-13 "
                       "and the release is on 2026-07-24", SAID) == [
        "We looked at it on 2026-07-01 and the code freeze starts on 2026-07-13.",
        "The release is on 2026-07-24."]


def test_a_sentence_a_person_types_is_read_at_every_and_for_two_dated_plans() -> None:
    # (a bound of 8 "and"s counted the ones joining what no date is in: the release after a
    # list of what was done was dropped, and the list's plan went unsplit)
    done = ("I fixed the tests and we merged the PR and I updated the docs and we tagged v2 and "
            "I told Sam and we closed the issue and I wrote the notes and we cleaned up the "
            "branches and ")
    assert [(c.kind, c.text) for c in candidates(
        done + "the code freeze starts on 2026-07-13 and the release is on 2026-07-24.")] == [
        ("plan", "The release is on 2026-07-24.")]
    who = ("Sam owns the backend and Ana owns the frontend and Bob runs QA and Kim does releases "
           "and Lee writes docs and Max handles support and Joe is on call and Zoe runs the "
           "standups and ")
    assert [(c.kind, c.text) for c in candidates(
        who + "the code freeze starts on 2026-07-13 and the release is on 2026-07-24.")] == [
        ("plan", who + "the code freeze starts on 2026-07-13."),
        ("plan", "The release is on 2026-07-24.")]


@pytest.mark.parametrize(("opening", "things_done"), [
    ("", 52), ("", 160),
    # a word that may be a date before the list (review rev170): each "and" after it was charged
    # again, and the release was dropped where main kept it
    ("Yesterday ", 52), ("Yesterday ", 100), ("This morning ", 52),
    ("I fixed the holiday banner and ", 52), ("On 2026-07-01 ", 52)])
def test_a_plan_after_a_long_list_of_things_done_is_kept(opening: str, things_done: int) -> None:
    # (the bound was spent on every "and", dated or not: the release after 52 things done,
    # 1,250 characters, was dropped)
    done = ["I fixed the tests", "we merged the PR", "I updated the docs", "we tagged v2",
            "I told Sam", "we closed the issue", "I wrote the notes", "we cleaned up the branches",
            "I pinged the team", "we archived the old board"]
    listed = " and ".join(done[i % len(done)] for i in range(things_done))
    assert [(c.kind, c.text) for c in candidates(
        f"{opening}{listed} and the code freeze starts on 2026-07-13 and the release is on "
        "2026-07-24.")] == [("plan", "The release is on 2026-07-24.")]


def test_the_sides_of_an_and_with_no_date_on_one_side_are_not_read_for_one(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # (each "and" of a list of things done read all before it for a date: 'I fixed the tests
    # and ' x 900 took 0.9 s, 4x for twice the line)
    read: list[int] = []
    absolutize = splitting._absolutize

    def counted(told: str, day: date, order: object = None) -> tuple[str, object]:
        read.append(len(told))
        return absolutize(told, day)

    monkeypatch.setattr(splitting, "_absolutize", counted)
    hostile = "I fixed the tests and " * 900
    assert _each_dated(hostile + "the release is on 2026-07-24", SAID) == []
    assert sum(read) <= 2 * len(hostile)


def test_what_each_next_friday_of_a_long_line_has_before_it_is_read_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # (each "next Friday" read all before it for a preposition, a weekday and a day put off:
    # 'next Friday ' x 1,700 before two dated plans took 1.5 s to gather, 3.7x of x 850)
    watched = {name: _Counting(getattr(dates, name))
               for name in ("_PREP_BEFORE", "_WEEKDAY_BEFORE", "_RESCHEDULED_LATER")}
    for name, counting in watched.items():
        monkeypatch.setattr(dates, name, counting)
    hostile = "We said next Friday " + "and then next Friday " * 150
    said, rewrites = dates.absolutize(hostile, SAID)
    assert said.startswith("We said on 2026-07-10 and then on 2026-07-10 and")
    assert len(rewrites) == 151
    assert sum(counting.read for counting in watched.values()) <= 4 * len(hostile)
    monkeypatch.undo()
    # (a day put off before it is still the week after's; "as of" still takes no "on")
    assert dates.absolutize("The deadline got extended, it's next Thursday now", SAID)[0] == (
        "The deadline got extended, it's on 2026-07-16 now")
    assert dates.absolutize("It holds as of next Friday.", SAID)[0] == (
        "It holds as of 2026-07-10.")


@pytest.mark.parametrize("word", sorted({
    *re.findall(r"[a-z]{2,}", dates._PREP_BEFORE.pattern + dates._WEEKDAY_BEFORE.pattern),
    "wednesday,"}))
def test_a_word_before_a_day_is_read_whatever_its_length(word: str) -> None:
    # (read from a few characters before the day's spaces, not from the text's start: as far
    # back as the longest word there, or "throughout next Friday" became "throughout on ...")
    said, _ = dates.absolutize(f"It holds {word}   next Friday.", SAID)
    assert said.endswith("2026-07-10.") and " on " not in said


def test_a_line_of_sentences_joined_is_read_for_an_abbreviation_at_each_stop_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # (each stop before a word in lower case read all the line had joined so far for an
    # abbreviation: 'ignore that. ' x 1,500 took 0.27 s, 4x for twice the line)
    abbreviation = _Counting(text._ABBREVIATION)
    monkeypatch.setattr(text, "_ABBREVIATION", abbreviation)
    hostile = "ignore that. " * 1_500
    assert text.sentences(hostile) == [hostile.strip()]
    assert abbreviation.read <= len(hostile)
    # (the longest still ends no sentence: "approx." before a word in lower case)
    assert text.sentences("a build takes approx. ten minutes. we ship after") == [
        "a build takes approx. ten minutes.", "we ship after"]


@pytest.mark.parametrize("blanks", [" ", " " * 50, " \t" * 25])
def test_the_blanks_before_a_clause_mark_are_read_from_where_their_run_starts(
        blanks: str) -> None:
    # (each blank of a run was read again to the run's end before "Postgres": on two words with
    # 20,000 blanks between, about_other_things took 6 s, 25 s on 40,000)
    said = f"Use ruff{blanks}; never flake8, not pylint{blanks}— ever"
    assert replacement._CLAUSES.split(said) == ["Use ruff", "never flake8", "not pylint",
                                                "ever"]
    # (a dash is a mark with a blank either side: the last blank before it is the dash's own)
    for mark, own in ((";", 0), ("—", 1)):
        start = said.index(blanks + mark)
        assert all(replacement._CLAUSES.match(said, at) is None
                   for at in range(start + 1, said.index(mark, start) - own))
    staging, production = (f"{where} runs{blanks}Postgres 15."
                           for where in ("Staging", "Production"))
    assert about_other_things(staging, production)
    assert said_of_other_things(staging, production, False)


@pytest.mark.parametrize("blanks", [" ", " " * 50])
def test_instead_said_last_is_read_from_where_the_blanks_before_it_start(blanks: str) -> None:
    # "instead" said last tells a change of the rule, however many blanks are around it; with a
    # word after them it is no longer said last
    said = f"Always use f-strings{blanks}instead{blanks}."
    start = said.index(blanks + "instead")
    assert [m.start() for m in replacement._INSTEAD_AT_END.finditer(said)] == [start]
    assert all(replacement._INSTEAD_AT_END.match(said, at) is None
               for at in range(start + 1, said.index("instead")))
    assert not said_of_other_things("Always use type hints.", said, False)
    assert said_of_other_things("Always use type hints.", f"Always use f-strings instead{blanks}x",
                                False)



def test_one_word_written_two_ways_is_told_by_its_ends_before_its_letters(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # ('a' x 20,000 + 's' against 'b' + the same: the ratio's matching read each 'a' against
    # each 'a' of the other word, 6 s in said_of_another_holder, by the square)
    matched: list[tuple[str, str]] = []
    matcher = difflib.SequenceMatcher

    def counted(junk: None, a: str, b: str, autojunk: bool = True) -> difflib.SequenceMatcher[str]:
        matched.append((a, b))
        return matcher(junk, a, b, autojunk=autojunk)

    monkeypatch.setattr(replacement.difflib, "SequenceMatcher", counted)
    word = "a" * 50
    assert replacement._one_word_two_ways(f"{word}s", f"b{word}s")
    assert matched == []
    # (a letter wrong inside the word is still read by the ratio)
    assert replacement._one_word_two_ways("biling", "billing") and matched == [("biling",
                                                                                 "billing")]
    assert not replacement._one_word_two_ways("staging", "production")
    monkeypatch.undo()
    # (one doing written two ways is no other doing, however long; two doings are two)
    for letters in (3, 50, 20_000):
        word = "a" * letters + "s"
        assert not said_of_another_holder(f"{word} happen on Tuesdays.",
                                          f"b{word} happen on Tuesdays.")
    assert said_of_another_holder("Deploys happen on Tuesdays.", "Releases happen on Tuesdays.")


@pytest.mark.parametrize("letters", [1, 50])
def test_a_host_is_read_from_the_start_of_its_word(letters: int) -> None:
    # (a host was looked for from each letter of a word, each read again to the word's end: on
    # one word of 20,000 letters ending in 's', about_other_things took 5.6 s, by the square)
    word = "a" * letters + "s"
    said = f"{word}docs.acme.io/runbook moved, see https://{word}.io and {word}.acme.io"
    assert text.ADDRESS_AT.findall(said) == [f"{word}docs.acme.io/runbook",
                                             f"https://{word}.io", f"{word}.acme.io"]
    assert all(text.ADDRESS_AT.match(said, at) is None for at in range(1, len(word) + 4))
    # (a URL is one wherever it starts: "xhttps://..." holds one)
    assert text.ADDRESS_AT.findall(f"x{said[said.index('https'):]}")[0] == f"https://{word}.io"
    assert not about_other_things(f"{word} happen on Tuesdays.", f"b{word} happen on Tuesdays.")


@pytest.mark.parametrize("blanks", [" ", " " * 50])
def test_a_rules_clauses_are_read_from_where_the_blanks_before_a_break_start(
        blanks: str) -> None:
    # (each blank of a run was read again to its end for a break after it: a memory whose body
    # is '# ' + 20,000 blanks + '1' took 3.1 s to describe, in hook_for, by the square)
    said = f"Use the CLI{blanks}; run the smoke tests{blanks}— after each deploy"
    assert _CLAUSE_BREAK.split(said) == ["Use the CLI", "run the smoke tests", "after each deploy"]
    start = said.index(blanks + ";")
    assert all(_CLAUSE_BREAK.match(said, at) is None for at in range(start + 1, said.index(";")))
    # (a break's blanks after the last one's end are still its own: "a;  ; b" as before)
    assert _CLAUSE_BREAK.split("a;  ; b") == ["a", "", "b"]
    entry = parse_entry("n.md", "---\nname: Deploy\ndescription: Deploy\ntype: project\n---\n\n"
                        f"# {blanks}1\n")
    assert hook_for(entry) == "# 1"


@pytest.mark.parametrize("blanks", [" ", " " * 50])
def test_a_bans_first_clause_is_read_from_where_the_blanks_before_its_end_start(
        blanks: str) -> None:
    # (each blank of a run was read again to its end for a mark after it: 'Never use npm' +
    # 20,000 blanks + 's' took 4.4 s to split, by the square)
    said = f"Never use npm{blanks}, except in the docs site"
    assert bans._FIRST_CLAUSE.split(said, maxsplit=1) == ["Never use npm",
                                                          "except in the docs site"]
    start = said.index(blanks + ",")
    assert all(bans._FIRST_CLAUSE.match(said, at) is None
               for at in range(start + 1, said.index(",")))
    assert bans._bans(f"Don't run flake8{blanks}anymore", "flake8")


@pytest.mark.parametrize("pairs", [1, 50, 10_000])
def test_a_heading_of_blank_and_tab_pairs_is_described_as_with_one(pairs: int) -> None:
    # (a review's shape: '#', 10,000 ' \t' pairs and 'x' took 69 s to read, _CLAUSE_BREAK's
    # blanks tried from each of the run, by the square)
    run = " \t" * pairs
    entry = parse_entry("t.md", f"---\nname: t\ndescription: d\ntype: project\n---\n#{run}x\n")
    assert hook_for(entry) == "# x"
    assert _CLAUSE_BREAK.split(f"#{run}x") == [f"#{run}x"]
    said = f"Use the CLI{run}; run the smoke tests"
    assert _CLAUSE_BREAK.split(said) == ["Use the CLI", "run the smoke tests"]


@pytest.mark.parametrize("pairs", [1, 50, 10_000])
def test_a_renamed_things_name_of_dotted_parts_is_read_whole(pairs: int) -> None:
    # (each shorter name read the rest of the word again for a blank after it: 'a.' x 10,000
    # and '!' took 13.7 s to search, by the square)
    dotted = "a." * pairs
    assert consolidate._RENAMED.search(f"The {dotted}! was renamed to x-1") is None
    renamed = consolidate._RENAMED.search(f"The `{dotted}b` was renamed to `c.d.`.")
    assert renamed is not None
    assert (renamed["old"], renamed["new"]) == (f"{dotted}b", "c.d")
    assert consolidate._RENAMED.search(f"The {dotted}b- partition is renamed to x-1") is None


@pytest.mark.parametrize("pairs", [1, 50, 10_000])
def test_a_host_is_read_from_its_first_part_alone(pairs: int) -> None:
    # (from each part of a long host, each read again to its end: 'a ' + 'a.' x 10,000 + 's'
    # took 7 s at 10,000 characters, by the square)
    parts = "a." * pairs
    assert list(text.ADDRESS_AT.finditer(f"a {parts}s")) == []
    said = f"see {parts}b.io/x now"
    assert [m.span() for m in text.ADDRESS_AT.finditer(said)] == [(4, said.index(" now"))]
    assert all(text.ADDRESS_AT.match(said, at) is None
               for at in range(6, said.index("/"), 2))
    # (a part after a dot that follows no part is a host's first: "..docs.acme.io")
    assert text.ADDRESS_AT.search(f"..docs.acme.io {parts}").span() == (2, 14)


@pytest.mark.parametrize("blanks", [" ", " " * 50, " " * 20_000])
def test_now_told_with_a_plan_is_read_from_where_the_blanks_before_it_start(blanks: str) -> None:
    # (each blank of a run was read again to its end for a "now" after it: 'a' + 20,000 blanks
    # + 's' took 18.7 s in tell_as_past's _NOW_SAID.sub, by the square)
    said = f"It goes out on 2026-07-17{blanks}now."
    assert dates._NOW_SAID.sub("", said) == "It goes out on 2026-07-17."
    assert dates._NOW_SAID.sub("", f"Fine,{blanks}now.") == "Fine."
    start = said.index(blanks + "now")
    assert all(dates._NOW_SAID.match(said, at) is None
               for at in range(start + 1, said.index("now")))
    assert dates._NOW_SAID.sub("", f"a {blanks}s") == f"a {blanks}s"


@pytest.mark.parametrize("letters", [3, 50, 20_000])
def test_a_deed_before_a_day_is_read_from_its_words_start(letters: int) -> None:
    # (from each letter of a long word, each read again to its end: 'x ' + 20,000 letters took
    # 45 s in _after_deed's _A_DEED.search, by the square)
    word = "a" * letters
    assert dates._A_DEED.search(f"x {word}") is None
    assert dates._A_DEED.search(f"we {word}ed") is not None
    assert dates._A_DEED.search(f"we {word}ed out") is not None
    assert dates._A_DEED.search(f"we {word}eed") is None
    assert all(dates._A_DEED.match(f"we {word}ed", at) is None for at in range(4, 4 + letters))
    # (the deeds said as themselves are still found at a word's end: "x-had")
    assert dates._A_DEED.search(f"{word}had") is not None


@pytest.mark.parametrize("blanks", [1, 50, 20_000])
def test_where_a_rules_subject_is_said_is_read_from_the_first_blank_of_its_run(blanks: int) -> None:
    # (from each blank of the run, each read again to its end: a subject of 20,000 blanks took
    # 8.8 s in _rule_first's _WHERE_SAID.split, by the square)
    run = " " * blanks
    assert title_for(f"The provider{run}in Terraform does that, don't add tags") == (
        "Don't add tags (provider)")
    subject = f"provider{run}in Terraform"
    assert entries._WHERE_SAID.split(subject, maxsplit=1) == ["provider", "Terraform"]
    assert all(entries._WHERE_SAID.match(subject, at) is None
               for at in range(len("provider") + 1, len("provider") + blanks))
    assert entries._WHERE_SAID.split(f"a{run}s", maxsplit=1) == [f"a{run}s"]


@pytest.mark.parametrize("blanks", [1, 50, 20_000])
def test_where_a_title_breaks_is_read_from_the_first_blank_of_its_run(blanks: int) -> None:
    # (from each blank of the run, each read again to its end: 20,000 blanks took 3.3 s in
    # title_for's _TITLE_BREAK, by the square)
    run = " " * blanks
    said = f"Deploy the staging app{run}; use the CLI"
    assert title_for(said) == "Deploy the staging app"
    assert entries._TITLE_BREAK.split(said, maxsplit=1) == ["Deploy the staging app", "use the CLI"]
    assert all(entries._TITLE_BREAK.match(said, at) is None
               for at in range(len("Deploy the staging app") + 1, said.index(";")))
    assert entries._TITLE_BREAK.split(f"a{run}s") == [f"a{run}s"]


@pytest.mark.parametrize("blanks", [1, 50, 20_000])
def test_a_request_to_forget_reads_a_run_of_blanks_once(blanks: int) -> None:
    # (where what is forgotten might end on each blank of the run, what follows it read the
    # rest of the run from each: 'Please forget the staging' + 1,000 blanks + 'URL.' took 0.8 s,
    # by the cube; its end, and the thing said no longer relevant, by the square)
    run = " " * blanks
    assert forget_request(f"Please forget the staging{run}URL.") == (
        f"the staging{run}URL", False, False, "")
    assert forget_request(f"Please forget the staging URL{run}because Bramble moved it.") == (
        "the staging URL", False, False, "")
    assert forget_request(f"The staging URL{run}is no longer relevant, drop it from memory") == (
        "The staging URL", True, False, "")
    assert forget_request(f"Drop the staging URL{run}from memory") == (
        "the staging URL", True, False, "")
    assert forget_request(f"a{run}s") is None
    assert _its_value("staging URL", f"The staging URL{run}is staging.x.dev")
    said = f"the staging URL{run}because Bramble moved it"
    assert all(forgetting._X_ENDS.match(said, at) is None
               for at in range(len("the staging URL") + 1, said.index("because")))


@pytest.mark.parametrize("blanks", [1, 50, 20_000])
def test_a_statements_clauses_are_split_from_the_first_blank_of_a_run(blanks: int) -> None:
    # (from each blank of the run, each read again to its end: 'a' + 10,000 blanks + 's' took
    # 2.2 s to split in each of the three, by the square)
    run = " " * blanks
    for clauses in (wording._ANY_CLAUSE, revisions._CLAUSE, replacement._RULE_PARTS):
        said = f"Use pnpm{run}and skip npm"
        assert clauses.split(said) == ["Use pnpm", "skip npm"]
        # (none inside the run: the blank just before 'and' may still start ' and ' itself)
        assert all(clauses.match(said, at) is None
                   for at in range(len("Use pnpm") + 1, said.index("and") - 1))
        assert clauses.split(f"a{run}s") == [f"a{run}s"]
        assert clauses.split(f"Use pnpm{run}; skip npm") == ["Use pnpm", "skip npm"]
    assert not wording._passing_state(f"a{run}s")
    assert replacement._rule_clauses(f"Use pnpm{run}and skip npm") == (
        replacement._rule_clauses("Use pnpm and skip npm"))


@pytest.mark.parametrize("blanks", [1, 50, 20_000])
def test_a_headings_closing_hashes_are_read_from_the_first_blank_of_their_run(blanks: int) -> None:
    # (from each blank of the run, each read again to its end: a plain file's heading 'a' +
    # 20,000 blanks + 's' took 1.1 s to read for its title, by the square)
    run = " " * blanks
    topic = repair_topic("n.md", f"# Notes{run}##\n\nDeploy on Fridays.")
    assert topic is not None and topic.name == "Notes"
    topic = repair_topic("n.md", f"# a{run}s\n\nDeploy on Fridays.")
    assert topic is not None and topic.name == f"a{run}s"
    heading = f"Notes{run}##"
    assert all(entries._CLOSING_HASHES.match(heading, at) is None
               for at in range(len("Notes") + 1, heading.index("#")))


@pytest.mark.parametrize("letters", [50, 20_000])
def test_two_words_alike_but_at_both_ends_are_told_one_without_the_ratio(
        letters: int, monkeypatch: pytest.MonkeyPatch) -> None:
    # ('x' + 'a' x 5,000 + 'y' against 'z' + the same + 'w': the ratio's matching read each 'a'
    # against each 'a' of the other word, 1.7 s in said_of_another_holder, by the square)
    matched: list[tuple[str, str]] = []
    matcher = difflib.SequenceMatcher

    def counted(junk: None, a: str, b: str, autojunk: bool = True) -> difflib.SequenceMatcher[str]:
        matched.append((a, b))
        return matcher(junk, a, b, autojunk=autojunk)

    monkeypatch.setattr(replacement.difflib, "SequenceMatcher", counted)
    word = "a" * letters
    assert replacement._one_word_two_ways(f"x{word}y", f"z{word}w")
    assert replacement._one_word_two_ways(f"x{word}y", f"zz{word}")
    assert matched == []
    # (three letters alike of five are not one word: that is still the ratio's to say)
    assert not replacement._one_word_two_ways("xaaay", "zaaaw") and matched == [("xaaay",
                                                                                 "zaaaw")]
    monkeypatch.undo()
    assert not said_of_another_holder(f"x{word}y happen on Tuesdays.",
                                      f"z{word}w happen on Tuesdays.")


@pytest.mark.parametrize("blanks", [1, 50, 20_000])
def test_a_sentences_key_clause_is_split_from_the_first_blank_of_a_run(blanks: int) -> None:
    # (from each blank of the run, each read again to its end: 'a' + 10,000 blanks + 's' took
    # 2.2 s in key_clause's _CLAUSE, by the square; state_told's _TOLD_APART likewise)
    run = " " * blanks
    assert sentence_kinds.key_clause(f"We deploy the staging app{run}; use the CLI for it") == (
        "We deploy the staging app")
    assert sentence_kinds.key_clause(f"a{run}s") == f"a{run}s"
    for clauses in (sentence_kinds._CLAUSE, sentence_kinds._TOLD_APART):
        said = f"Use pnpm{run}; skip npm"
        assert clauses.split(said) == ["Use pnpm", "skip npm"]
        assert all(clauses.match(said, at) is None
                   for at in range(len("Use pnpm") + 1, said.index(";")))
        assert clauses.split(f"a{run}s") == [f"a{run}s"]
