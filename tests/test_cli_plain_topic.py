"""A topic file a person wrote as plain markdown (no frontmatter), through the CLI."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from autodream.cli import cli
from autodream.memory.model import parse_topic
from tests.factories import LEAST_GATES, dream_on_day, project_dirs, say_on_day
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
    # (rev183: described '# TODO', its index line '— # TODO'; a description is never a heading)
    ("# TODO\n- fix the flaky test\n", "TODO", "- fix the flaky test"),
    ("# TODO\n\n- fix the flaky test\n- rename the CLI flag\n", "TODO", "- fix the flaky test"),
    # an empty heading titles nothing, and describes nothing either (it was '##')
    ("##\n- fix the flaky test\n", "scratch", "- fix the flaky test"),
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


@pytest.mark.parametrize("text", [
    # (rev194: after the first dream it read 'description: We deploy on Tuesdays.', and a
    # later dream told 'We deploy on Thursdays now.' kept that line: the index told the old day)
    "---\nname: Deploy\ntype: project\n---\n# Deploy\nWe deploy on Tuesdays.\n",
    "# Deploy\nWe deploy on Tuesdays.\n",
])
def test_a_heading_topped_files_description_follows_what_it_is_told_next(
    tmp_path: Path, text: str,
) -> None:
    project = project_dirs(tmp_path / "proj", LEAST_GATES)
    write_tree(project, {"project/README.md": "# demo\n", "memory/deploy.md": text})
    dream_on_day(project, 2)
    memory = project / "memory"
    assert parse_topic((memory / "deploy.md").read_text()).description == (
        "We deploy on Tuesdays.")
    say_on_day(project, 3, "We deploy on Thursdays now.")
    dream_on_day(project, 3)
    written = parse_topic((memory / "deploy.md").read_text())
    assert written.description == "We deploy on Thursdays now.", written
    assert "- [Deploy](deploy.md) — We deploy on Thursdays now." in (
        memory / "MEMORY.md").read_text()


@pytest.mark.parametrize(("text", "first"), [
    # (rev206: each went on '— We deploy on Thursdays now.', the person's first line lost from
    # the index, because a description equal to the first line was taken for the engine's)
    ("---\nname: Deploy\ndescription: Ask Dana before any deploy.\ntype: project\n---\n"
     "# Deploy\nAsk Dana before any deploy.\nWe deploy on Tuesdays.\n",
     "Ask Dana before any deploy."),
    ("# Deploy\nAsk Dana before any deploy.\nWe deploy on Tuesdays.\n",
     "Ask Dana before any deploy."),
    ("# Deploy\nNever deploy on Fridays.\nWe deploy on Tuesdays.\n", "Never deploy on Fridays."),
    ("# Deploy\n> Ask Dana first.\nWe deploy on Tuesdays.\n", "> Ask Dana first."),
    ("# Deploy\n- Ask Dana first.\n- We deploy on Tuesdays.\n", "- Ask Dana first."),
])
def test_a_first_line_under_a_heading_stays_the_description_when_another_rule_changes(
    tmp_path: Path, text: str, first: str,
) -> None:
    project = project_dirs(tmp_path / "proj", LEAST_GATES)
    write_tree(project, {"project/README.md": "# demo\n", "memory/deploy.md": text})
    dream_on_day(project, 2)
    memory = project / "memory"
    assert parse_topic((memory / "deploy.md").read_text()).description == first
    say_on_day(project, 3, "We deploy on Thursdays now.")
    dream_on_day(project, 3)
    written = parse_topic((memory / "deploy.md").read_text())
    assert written.description == first, written
    assert f"- [Deploy](deploy.md) — {first}" in (memory / "MEMORY.md").read_text()
    assert "We deploy on Thursdays now." in written.body


def test_a_hash_then_a_figure_is_a_sentence_not_a_heading(tmp_path: Path) -> None:
    # '# 123' is an issue's number: the file is described by it, as on main (rev194: it was
    # taken for a heading, and the file described by its name alone, 'Issue tracker')
    project = project_dirs(tmp_path / "proj", 'backend = "local"\n')
    write_tree(project, {"project/README.md": "# demo\n", "memory/issues.md": (
        "---\nname: Issue tracker\ndescription: ''\ntype: reference\n---\n\n"
        "# 123 is the tracking issue for the flaky test.\n")})
    assert _dream(project, "2026-07-02T10:00:00Z").startswith("committed:")
    written = parse_topic((project / "memory" / "issues.md").read_text())
    assert written.description == "# 123 is the tracking issue for the flaky test."


def test_a_heading_is_never_told_as_what_a_memory_said_before(tmp_path: Path) -> None:
    # (rev194: an empty heading over the rule it replaced was kept as 'previously: ##')
    project = project_dirs(tmp_path / "proj", LEAST_GATES)
    write_tree(project, {"project/README.md": "# demo\n",
                         "memory/deploy.md": "## \nWe deploy on Tuesdays.\n"})
    dream_on_day(project, 2)
    say_on_day(project, 3, "We deploy on Thursdays now.")
    dream_on_day(project, 3)
    written = (project / "memory" / "deploy.md").read_text()
    assert "Updated on 2026-07-03; previously: We deploy on Tuesdays." in written, written
    assert "previously: ##" not in written and "\n##" not in written, written
