"""Relative dates resolved against the message's day; past plans told as past."""

from __future__ import annotations

from datetime import date

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from autodream.engine import dates
from autodream.engine.dates import absolutize, is_past, tell_as_past

MONDAY = date(2026, 7, 6)  # a Monday
FRIDAY = date(2026, 7, 10)


@pytest.mark.parametrize(
    ("text", "ref", "expected"),
    [
        ("The demo is today.", MONDAY, "The demo is on 2026-07-06."),
        ("We freeze merges tomorrow.", MONDAY, "We freeze merges on 2026-07-07."),
        ("The outage was yesterday.", MONDAY, "The outage was on 2026-07-05."),
        ("The release is next Friday.", MONDAY, "The release is on 2026-07-10."),
        ("The release is next Friday.", FRIDAY, "The release is on 2026-07-17."),
        ("The review is this Friday.", MONDAY, "The review is on 2026-07-10."),
        ("The review is this Friday.", FRIDAY, "The review is on 2026-07-10."),
        ("We migrated last Friday.", MONDAY, "We migrated on 2026-07-03."),
        ("We switched last week.", MONDAY, "We switched in the week of 2026-06-29."),
        ("The audit is next week.", date(2026, 7, 8), "The audit is in the week of 2026-07-13."),
        ("We ship in two weeks.", MONDAY, "We ship on 2026-07-20."),
        ("We ship in 3 days.", MONDAY, "We ship on 2026-07-09."),
        ("The launch is next month.", MONDAY, "The launch is in 2026-08."),
        ("The launch is next month.", date(2026, 12, 15), "The launch is in 2027-01."),
        ("The deadline is end of the month.", MONDAY, "The deadline is on 2026-07-31."),
        ("Merge it by end of the month.", date(2026, 2, 3), "Merge it by 2026-02-28."),
        ("The freeze starts on Thursday.", MONDAY, "The freeze starts on 2026-07-09."),
        ("Send the report by Monday.", MONDAY, "Send the report by 2026-07-13."),
        ("The offsite is in a couple of weeks.", MONDAY, "The offsite is on 2026-07-20."),
        ("The demo was 2 days ago.", MONDAY, "The demo was on 2026-07-04."),
    ],
)
def test_relative_dates_become_iso_dates(text: str, ref: date, expected: str) -> None:
    out, rewrites = absolutize(text, ref)
    assert out == expected
    assert rewrites, "a rewrite is recorded for the decision log"


def test_standing_weekday_rule_is_not_dated() -> None:
    # "never deploy on Friday" is about every Friday, not one date
    out, rewrites = absolutize("Never deploy on Friday.", MONDAY)
    assert out == "Never deploy on Friday." and rewrites == []


def test_text_without_relative_dates_is_unchanged() -> None:
    out, rewrites = absolutize("Use pnpm, not npm, for installs.", MONDAY)
    assert out == "Use pnpm, not npm, for installs." and rewrites == []


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("The release is on 2026-07-10.", "The release was on 2026-07-10."),
        ("We will ship v2 on 2026-07-10.", "We planned to ship v2 on 2026-07-10."),
        ("The migration is scheduled for 2026-07-10.",
         "The migration was scheduled for 2026-07-10."),
        ("We freeze merges on 2026-07-10.",
         "Was planned for 2026-07-10: we freeze merges on 2026-07-10."),
        ("The audit is in the week of 2026-07-06.", "The audit was in the week of 2026-07-06."),
    ],
)
def test_past_plans_are_told_as_past(sentence: str, expected: str) -> None:
    assert tell_as_past(sentence, date(2026, 7, 20)) == expected


def test_future_plan_and_already_past_wording_are_left_alone() -> None:
    assert tell_as_past("The release is on 2026-07-10.", date(2026, 7, 9)) is None
    assert tell_as_past("The release was on 2026-07-10.", date(2026, 7, 20)) is None
    # a week is past only once its Sunday has gone
    assert not is_past("the week of 2026-07-06", date(2026, 7, 12))
    assert is_past("the week of 2026-07-06", date(2026, 7, 13))


_DATE_WORDS = [
    "next", "last", "this", "coming", "in", "3", "two", "days", "week", "weeks", "month",
    "months", "year", "end", "of", "the", "tomorrow", "yesterday", "today", "tonight", "morning",
    "evening", "on", "by", "until", "Friday", "MONDAY", "ago", "from", "now", "day", "after",
    "before", "release", "deploy", "never", "always", "ship",
]


@settings(max_examples=300, deadline=None)
@given(words=st.lists(st.sampled_from(_DATE_WORDS), min_size=1, max_size=8))
def test_the_keyword_prefilter_never_hides_a_relative_date(words: list[str]) -> None:
    """Any text a rule would rewrite passes the cheap keyword check that gates the rules."""
    text = " ".join(words)
    patterns = [pattern for pattern, _ in dates._RULES] + [dates._BARE_WEEKDAY]
    if any(pattern.search(text) for pattern in patterns):
        assert dates._MAY_BE_RELATIVE.search(text) is not None


def test_text_without_date_words_is_returned_as_is() -> None:
    assert absolutize("Always use pnpm for installs.", date(2026, 5, 1)) == (
        "Always use pnpm for installs.", [])


def test_a_date_after_to_keeps_its_preposition() -> None:
    text, (rw,) = absolutize("The release moved to next Friday.", date(2026, 7, 14))
    assert text == "The release moved to 2026-07-17." and rw.resolved == date(2026, 7, 17)
