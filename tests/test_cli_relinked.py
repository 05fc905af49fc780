"""A line a person deletes from MEMORY.md comes back: the dream says why, and how to drop it."""

from __future__ import annotations

import os
from pathlib import Path

from click.testing import CliRunner

from autodream.cli import cli
from tests.factories import project_dirs
from tests.memdirs import write_tree

RULE = ("---\nname: Alex owns the mobile app\ndescription: ask Alex first\ntype: project\n---\n\n"
        "Alex owns the mobile app.\n")


def _run(project: Path, *args: str) -> str:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("AUTODREAM_", "ANTHROPIC_"))}
    result = CliRunner().invoke(cli, [*args, "--project", str(project)],
                                env={**env, "AUTODREAM_NOW": "2026-07-02T10:00:00Z"})
    assert result.exit_code == 0, result.output
    return result.stdout


def test_a_line_deleted_from_memory_md_is_linked_again_and_the_person_told_how_to_drop_it(
    tmp_path: Path,
) -> None:
    # it said only 'topic file missing from MEMORY.md; linked now': the line came back with no
    # word of how to drop the memory for good (user audit ux_audit4, /tmp/ux4/c_hand.sh)
    project = project_dirs(tmp_path / "proj", 'backend = "local"\n')
    write_tree(project, {"project/README.md": "# demo\n", "memory/MEMORY.md": "",
                         "memory/project_alex.md": RULE})
    assert _run(project, "--force").startswith("committed:")
    assert "](project_alex.md)" in (project / "memory" / "MEMORY.md").read_text()
    shown = _run(project, "show", "--all-decisions")
    assert "topic file missing from MEMORY.md; linked now" in shown
    assert "to drop this memory, delete the file" in shown
