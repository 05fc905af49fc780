"""Fixtures more than one test module uses."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator

# The compiled-pattern cache (autodream/rx.py) of a test run stays out of the user's own
# ~/.cache (`make test` puts it in the run's temp dir); set before any autodream import.
os.environ.setdefault(
    "AUTODREAM_CACHE_DIR",
    os.path.join(tempfile.gettempdir(), f"autodream-test-patterns-{os.getuid()}"),
)

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
