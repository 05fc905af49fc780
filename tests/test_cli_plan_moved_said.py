"""A plan's move as the person tells it: the reason they give for it is kept as its Why, ..."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.factories import told_day_by_day, topic_texts


@pytest.mark.parametrize(("first", "then", "why"), [
    ("The 2.1 release is on July 20.",
     "The 2.1 release moved to July 24 because QA needs another week.",
     "**Why:** QA needs another week.\n"),
    ("The 2.1 release is on July 20.",
     "The 2.1 release is on July 24 now, not July 20, because QA needs another week.",
     "**Why:** QA needs another week.\n"),
    # beside a reason the person gave for the first day, as a day put right keeps it
    ("The 2.1 release is on July 20 because marketing wants it before the conference.",
     "The 2.1 release moved to July 24 because QA needs another week.",
     "**Why:** Marketing wants it before the conference. Changed on 2026-07-02: QA needs "
     "another week.\n"),
])
def test_a_reason_given_for_a_move_is_the_plans_why(tmp_path: Path, first: str, then: str,
                                                    why: str) -> None:
    # main: '**Why:** Changed on 2026-07-02.' (or the marketing reason alone): the QA reason
    # was nowhere in memory
    root = told_day_by_day(tmp_path, first, then)
    ((_name, text),) = topic_texts(root).items()
    assert "The 2.1 release is on 2026-07-24.\n" in text
    assert why in text
