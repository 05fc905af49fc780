"""Fixtures more than one test module uses."""

from __future__ import annotations

import functools
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

# The compiled-pattern cache (autodream/rx.py) of a test run stays out of the user's own
# ~/.cache (`make test` puts it in the run's temp dir); set before any autodream import.
os.environ.setdefault(
    "AUTODREAM_CACHE_DIR",
    os.path.join(tempfile.gettempdir(), f"autodream-test-patterns-{os.getuid()}"),
)

import pytest

from tests.factories import REPO_ROOT
from tests.scripted_api import ScriptedAPI


@pytest.fixture(autouse=True, scope="session")
def _one_ca_bundle() -> Iterator[None]:
    """Each Claude backend a test makes builds the SDK's HTTP client, which loads the system's
    CA bundle into a fresh TLS context (~25 ms quiet, ~70 ms on a busy machine: 78 clients in
    the suite, 59 of them in test_anthropic_backend.py, ~4 s there). The tests talk plain HTTP
    to a ScriptedAPI on 127.0.0.1, where no TLS context is ever used, so the run makes the
    default one once and every client shares it (an SDK on another HTTP stack: as it is)."""
    try:
        import httpcore2
    except ImportError:
        yield
        return
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(httpcore2, "default_ssl_context",
                      functools.cache(httpcore2.default_ssl_context))
        yield


@pytest.fixture
def api() -> Iterator[list[ScriptedAPI]]:
    """The scripted Messages-API servers a test started (``ScriptedAPI(...).__enter__()``),
    each stopped when the test ends."""
    servers: list[ScriptedAPI] = []
    yield servers
    for server in servers:
        server.__exit__(None, None, None)


@pytest.fixture
def sample(tmp_path: Path) -> Path:
    """A copy of sample_project in the test's own folder, to dream on."""
    copy = tmp_path / "sample_project"
    shutil.copytree(REPO_ROOT / "sample_project", copy)
    return copy
