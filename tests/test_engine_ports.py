"""Whether the rest of a message ties a bare "The new port is 8080" to a remembered port."""

from __future__ import annotations

import pytest

from autodream.engine.ports import ties_port

POSTGRES = "Postgres runs on port 5432 locally."


@pytest.mark.parametrize("said", ["We moved the metrics exporter off it.",
                                  "WE MOVED THE METRICS EXPORTER OFF IT."])
def test_another_thing_moved_is_not_the_entrys_port_in_any_case(said: str) -> None:
    # in capitals a case-sensitive pre-check ("ov" in said) skipped the (case-blind) pattern,
    # and the new port was left free to be read as Postgres's
    assert ties_port(said, POSTGRES, "5432") is False


def test_the_entrys_thing_said_by_its_kind_is_the_entrys() -> None:
    assert ties_port("We moved the dev DB off 5432.", POSTGRES, "5432") is True
