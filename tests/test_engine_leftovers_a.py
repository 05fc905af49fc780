"""What a few sayings of a coding session leave in memory, each once kept wrong: a package's
name written as the person typed it, a region's number kept in its file's name, ..."""

from __future__ import annotations

import pytest

from autodream.engine import plan_dream
from tests.engine_helpers import NOW, gather, human


@pytest.mark.parametrize(("said", "file"), [
    # (the file was project_deploy-eu-west.md: which of eu-west-1, -2, -3 it said was lost)
    ("We deploy to eu-west-2 only.", "project_deploy-eu-west-2.md"),
    ("Remember: the search cluster lives in ap-southeast-1.",
     "project_search-cluster-lives-ap-southeast-1.md"),
])
def test_a_region_keeps_its_number_in_the_file_name(said: str, file: str) -> None:
    plan = plan_dream({}, None, gather(human(said)).candidates, now=NOW)
    assert [f for f in plan.writes if f != "MEMORY.md"] == [file]
