"""A capital word before a deed is a doer's name only after a word of its clause: d0e258d read
any capital not after a few marks (``- * > : ;``, brackets, quotes) as a name, so a to-do after
another mark went back a year: said 2026-07-06, '• Migrate paid users on 3 August' was
2025-08-03 (a dream saved 'Was planned: • Migrate paid users on 2025-08-03'), '1) Email ...',
'a) ...', '+ ...', '| ...', '→ ...', '✅ ...', a backtick, 'Step 2, ...', '：', '，', 'Week 32
...' alike (review rev126, its h9 list). 'Then Alice left the team on 3 January.' stays the
day gone by."""

from __future__ import annotations

from datetime import date

import pytest

from autodream.engine.dates import absolutize

_TODOS = [
    "1) Email paid customers on 3 August.",
    "a) Migrate paid users on 3 August.",
    "## Launch paid tier on 3 August",
    "### Email paid customers on 3 August",
    "| Launch paid tier | on 3 August |",
    "| Email paid customers on 3 August |",
    "• Email paid customers on 3 August",
    "• Migrate paid users on 3 August",
    "→ Launch paid tier on 3 August",
    "✅ Email paid customers on 3 August",
    "Step 2, Email paid customers on 3 August.",
    "Next steps — Email paid customers on 3 August.",
    "Remember，Email paid customers on 3 August.",
    "TODO：Email paid customers on 3 August.",
    "Plan：Email paid customers on 3 August.",
    "Plan → Email paid customers on 3 August.",
    "Plan = Email paid customers on 3 August.",
    "Week 32 Email paid customers on 3 August.",
    "Aug Email paid customers on 3 August.",
    "Plan:Email paid customers on 3 August.",
    "`Email paid customers on 3 August`",
    "~ Email paid customers on 3 August",
    "+ Email paid customers on 3 August",
    "Then Email paid customers on 3 August.",
    "Q3 goals Launch paid tier on 3 August.",
]


@pytest.mark.parametrize("said", _TODOS)
@pytest.mark.parametrize(("day", "year"), [(date(2026, 7, 6), 2026), (date(2026, 12, 20), 2027)])
def test_a_todo_after_a_mark_is_the_day_to_come(said: str, day: date, year: int) -> None:
    assert f"{year}-08-03" in absolutize(said, day)[0]


@pytest.mark.parametrize(("said", "read"), [
    ("Then Alice left the team on 3 January.", "Then Alice left the team on 2026-01-03."),
    ("Yesterday Bob met the vendor on 3 June.", "On 2026-12-19 Bob met the vendor on 2026-06-03."),
    ("Later Alice paid the invoice on 3 June.", "Later Alice paid the invoice on 2026-06-03."),
])
def test_a_name_after_a_word_is_a_doer(said: str, read: str) -> None:
    assert absolutize(said, date(2026, 12, 20))[0] == read
