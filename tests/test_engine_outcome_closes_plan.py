"""How a planned thing went, told with no day ("PCI audit went fine"), closes its plan gone by."""

from __future__ import annotations

import pytest

from autodream.engine import plan_dream
from autodream.engine.entries import parse_entry
from tests.engine_helpers import NOW, gather, human, topic


@pytest.mark.parametrize("said", [
    # the plan stayed, soon told as "Was planned: PCI audit on 2026-07-08", the outcome lost
    "PCI audit went fine",
    "the PCI audit went really well!",
    "PCI audit passed.",
])
def test_an_outcome_with_no_day_closes_the_plan_gone_by(said: str) -> None:
    plan = plan_dream({"project_pci.md": topic("PCI audit", "PCI audit on 2026-07-08.")}, None,
                      gather(human(said, day=3)).candidates, now=NOW)
    assert sorted(f for f in plan.writes if f != "MEMORY.md") == ["project_pci.md"]
    entry = parse_entry("project_pci.md", plan.writes["project_pci.md"])
    assert entry.statements[0].startswith(("PCI audit", "The PCI audit"))
    assert "on 2026-07-08" not in entry.statements[0]
    assert "previously: PCI audit on 2026-07-08." in plan.writes["project_pci.md"]


@pytest.mark.parametrize(("files", "said"), [
    # of no plan, nothing to keep
    ({}, "PCI audit went fine"),
    # a plan still ahead is not told done
    ({"project_pci.md": "PCI audit on 2026-07-20."}, "PCI audit went fine"),
    # what went fine is not named
    ({"project_pci.md": "PCI audit on 2026-07-08."}, "it went fine"),
])
def test_an_outcome_of_no_plan_gone_by_changes_nothing(files: dict[str, str], said: str) -> None:
    plan = plan_dream({f: topic(f[8:-3], b) for f, b in files.items()}, None,
                      gather(human(said, day=3)).candidates, now=NOW)
    assert [f for f in plan.writes if f != "MEMORY.md" and "went fine" in plan.writes[f]] == []
