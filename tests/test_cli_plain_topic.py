"""A topic file a person wrote as plain markdown (no frontmatter), through the CLI."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from autodream.cli import cli
from autodream.memory.model import parse_topic
from tests.factories import project_dirs
from tests.memdirs import write_tree


def _dream(project: Path, now: str) -> str:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("AUTODREAM_", "ANTHROPIC_"))}
    result = CliRunner().invoke(cli, ["--force", "--project", str(project)],
                                env={**env, "AUTODREAM_NOW": now})
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.mark.parametrize(("text", "name", "description"), [
    # its '# heading' was the description, and the index line read '— # Scratch'
    ("# Scratch\n\nThe CI runner has 8 GB of memory.\nBuilds time out after 20 minutes.\n",
     "Scratch", "The CI runner has 8 GB of memory."),
    ("## VPN notes ##\nThe VPN needs the corp profile.\n",
     "VPN notes", "The VPN needs the corp profile."),
    # a '#' that ends a word is no closing hash; a heading or a fence under it describes nothing
    ("# Learning C#\n## Steps\nRead the spec first.\n", "Learning C#", "Read the spec first."),
    ("# Deploy\n```bash\nfly deploy\n```\nRun it from the repo root.\n", "Deploy",
     "fly deploy"),
    # no heading: named by its file, described by its first line, as before
    ("The VPN needs the corp profile.\n", "scratch", "The VPN needs the corp profile."),
])
def test_a_plain_markdown_topic_file_is_titled_by_its_heading(
    tmp_path: Path, text: str, name: str, description: str,
) -> None:
    project = project_dirs(tmp_path / "proj", 'backend = "local"\n')
    write_tree(project, {"project/README.md": "# demo\n", "memory/scratch.md": text})
    assert _dream(project, "2026-07-02T10:00:00Z").startswith("committed:")
    written = parse_topic((project / "memory" / "scratch.md").read_text())
    assert (written.name, written.description) == (name, description)
    # every line the person wrote is still there
    assert all(line in written.body for line in text.splitlines() if line.strip())
    assert f"- [{name}](scratch.md) — {description}" in (
        project / "memory" / "MEMORY.md").read_text()
    assert _dream(project, "2026-07-03T10:00:00Z").startswith("no-change:")
