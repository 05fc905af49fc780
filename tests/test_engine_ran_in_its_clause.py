"""'ran' or 'lasted' with its day right after tells that clause as past, not the whole sentence:
said on 2026-07-06, "The release freeze runs from 10 July to 20 July, it ran 1-5 June last
time." put the freeze ahead a year early ("runs from 2025-07-10 to 2025-07-20") and the memory
made of it was titled "Was planned: ..." the day it was said."""

from __future__ import annotations

from datetime import date

import pytest

from autodream.engine.dates import absolutize
from autodream.memory.model import parse_topic
from tests.engine_helpers import dreams_over_days

_JULY_6 = date(2026, 7, 6)


@pytest.mark.parametrize(("said", "read"), [
    ("The release freeze runs from 10 July to 20 July, it ran 1-5 June last time.",
     "The release freeze runs from 2026-07-10 to 2026-07-20, it ran 2026-06-01 to 2026-06-05 "
     "last time."),
    ("Last time it ran 1-5 June; this time the freeze runs 10-20 July.",
     "Last time it ran 2026-06-01 to 2026-06-05; this time the freeze runs 2026-07-10 to "
     "2026-07-20."),
    ("The first migration ran 1-3 July; the second migration runs 20-22 July.",
     "The first migration ran 2026-07-01 to 2026-07-03; the second migration runs 2026-07-20 "
     "to 2026-07-22."),
    ("The release freeze runs from 10 July to 20 July, it ran 3 June last time.",
     "The release freeze runs from 2026-07-10 to 2026-07-20, it ran on 2026-06-03 last time."),
    ("The release freeze runs from 10 July to 20 July, it lasted 1-5 June last time.",
     "The release freeze runs from 2026-07-10 to 2026-07-20, it lasted 2026-06-01 to "
     "2026-06-05 last time."),
    # the clause that ran is still past, as alone
    ("The audit ran 1-5 June; the next one is in August.",
     "The audit ran 2026-06-01 to 2026-06-05; the next one is in August 2026."),
])
def test_ran_dates_its_own_clause_not_the_plan_beside_it(said: str, read: str) -> None:
    assert absolutize(said, _JULY_6)[0] == read


def test_a_plan_beside_what_ran_last_time_is_a_plan_the_day_it_is_said() -> None:
    (_, files), = dreams_over_days(
        [(0, "The release freeze runs from 10 July to 20 July, it ran 1-5 June last time.")], [0])
    (text,) = files.values()
    topic = parse_topic(text)
    assert "Was planned" not in text and "2025" not in text
    assert "runs from 2026-07-10 to 2026-07-20" in topic.body
    assert "Plan stated on 2026-07-06" in topic.body
