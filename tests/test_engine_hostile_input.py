"""A message a person pastes a log into (runs of spaces, a long line, a date said over and over)
is read in time linear in its length: each pattern is tried where what it reads can start, and
what every clause would read again is read once. (The times, n against 2n, side by side:
``bench/bench_hostile.py``.)"""

from __future__ import annotations

from autodream.engine.candidates import _CORRECTION_IGNORE
from tests.engine_helpers import candidates


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
