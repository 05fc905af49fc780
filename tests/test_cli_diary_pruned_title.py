"""DREAMS.md names a memory the dream removed by its title, as it names every memory it added or
changed by its words, its file beside it (user audit ux_audit4: 'Removed
“project_deploys-happen.md” — contradicted by ...', the file name in the quotes)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from click.testing import CliRunner

from autodream.cli import cli
from tests.factories import TranscriptBuilder, project_dirs
from tests.test_cli_dream import clean_env

_OLDER = """---
name: Deploys happen only on Tuesdays
description: Deploys happen only on Tuesdays (2026-07-15)
type: project
sources:
- 2026-07-15 305e67e8-e612-420a-b585-dd76024b8c4e
---

Deploys happen only on Tuesdays.
"""
_NEWER = """---
name: Deploys happen only on Thursdays
description: Deploys happen only on Thursdays (2026-07-20)
type: project
sources:
- 2026-07-20 8582ee28-c0eb-4f0d-9bca-532ebaa968fa
---

Deploys happen only on Thursdays.
"""


def test_a_memory_pruned_as_contradicted_is_named_by_its_title_in_the_diary(
        tmp_path: Path) -> None:
    project = project_dirs(tmp_path / "p", 'backend = "local"\n')
    memory = project / "memory"
    (memory / "project_deploys-happen.md").write_text(_OLDER, encoding="utf-8")
    (memory / "project_deploys-thursdays.md").write_text(_NEWER, encoding="utf-8")
    (memory / "MEMORY.md").write_text(
        "## Project\n"
        "- [Deploys happen only on Tuesdays](project_deploys-happen.md) — on 2026-07-15\n"
        "- [Deploys happen only on Thursdays](project_deploys-thursdays.md) — on 2026-07-20\n",
        encoding="utf-8")
    TranscriptBuilder(cwd=str(project / "project"),
                      start=datetime(2026, 7, 21, 9, 0, tzinfo=UTC)).user(
        "Refactor the config loader.").assistant("Done.").write(project / "sessions")
    result = CliRunner().invoke(cli, ["--force", "--project", str(project)],
                                env=clean_env(AUTODREAM_NOW="2026-07-21T20:00:00+00:00"))
    assert result.exit_code == 0, result.output
    assert not (memory / "project_deploys-happen.md").exists()
    diary = (memory / ".autodream" / "DREAMS.md").read_text(encoding="utf-8")
    removed = [line for line in diary.splitlines() if line.startswith("- Removed")]
    # (before: '- Removed “project_deploys-happen.md” — contradicted by ...')
    assert removed == [
        "- Removed “Deploys happen only on Tuesdays” `project_deploys-happen.md` — contradicted "
        "by the newer project_deploys-thursdays.md (2026-07-20)"], diary


def test_a_memory_the_user_asked_to_forget_is_named_by_its_file_alone_in_the_diary(
        tmp_path: Path) -> None:
    # its title is what the person asked to forget: written into DREAMS.md, 'Forgotten
    # “Staging DB login admin Xk9plq2291” `reference_staging-password.md`' kept the value
    project = project_dirs(tmp_path / "p", 'backend = "local"\n')
    memory = project / "memory"
    title = "Staging DB login admin Xk9plq2291"
    (memory / "reference_staging-password.md").write_text(
        f"---\nname: {title}\ndescription: {title}\ntype: reference\nsources:\n"
        f"- 2026-07-15 305e67e8-e612-420a-b585-dd76024b8c4e\n---\n\n{title}.\n",
        encoding="utf-8")
    (memory / "MEMORY.md").write_text(
        f"## Reference\n- [{title}](reference_staging-password.md) — on 2026-07-15\n",
        encoding="utf-8")
    TranscriptBuilder(cwd=str(project / "project"),
                      start=datetime(2026, 7, 21, 9, 0, tzinfo=UTC)).user(
        "Forget what I said about the staging DB login.").assistant("Done.").write(
        project / "sessions")
    result = CliRunner().invoke(cli, ["--force", "--project", str(project)],
                                env=clean_env(AUTODREAM_NOW="2026-07-21T20:00:00+00:00"))
    assert result.exit_code == 0, result.output
    assert not (memory / "reference_staging-password.md").exists()
    diary = (memory / ".autodream" / "DREAMS.md").read_text(encoding="utf-8")
    forgotten = [line for line in diary.splitlines() if line.startswith("- Forgotten")]
    assert forgotten == [
        "- Forgotten “reference_staging-password.md” — the user asked to forget it on "
        "2026-07-21 ('Forget what I said about the staging DB login.')"], diary
    assert "Xk9plq2291" not in diary
