"""Fixtures more than one test module uses."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.scripted_api import ScriptedAPI


@pytest.fixture
def api() -> Iterator[list[ScriptedAPI]]:
    """The scripted Messages-API servers a test started (``ScriptedAPI(...).__enter__()``),
    each stopped when the test ends."""
    servers: list[ScriptedAPI] = []
    yield servers
    for server in servers:
        server.__exit__(None, None, None)
