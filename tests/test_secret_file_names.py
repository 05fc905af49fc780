"""A memory file whose NAME holds a token ('ghp_<36 characters>.md'): the dream's 'left as
found' note, ``show``'s findings, ``show --json`` and the run's record printed it whole. Every
printer asks redact.shown_name, which hides the secret part; a plain name is printed as it is.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

from click.testing import CliRunner

from autodream.cli import cli
from tests.factories import REPO_ROOT

TOKEN = "ghp_aB3dE6gH9jK2mN5pQ8sT1vW4yZ7bC0eF2hJ5"
TOPIC = "---\nname: build cache\ndescription: the build cache\ntype: project\n---\nUse it.\n"


def _run(project: Path, *args: str) -> tuple[int, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("AUTODREAM_", "ANTHROPIC_"))}
    env.update(AUTODREAM_NOW="2026-07-10T10:00:00+00:00", AUTODREAM_NO_CACHE="1")
    result = CliRunner().invoke(cli, [*args, "--project", str(project)], env=env)
    return result.exit_code, result.stdout + result.stderr


def test_a_token_in_a_memory_file_name_is_never_printed(tmp_path: Path) -> None:
    project = tmp_path / "sample_project"
    shutil.copytree(REPO_ROOT / "sample_project", project)
    (project / "memory" / f"{TOKEN}.md").write_text(TOPIC, encoding="utf-8")
    (project / "memory" / "plain_notes.md").write_text(TOPIC, encoding="utf-8")
    code, said = _run(project, "--force", "--backend", "local")
    assert code == 0, said
    # was: 'note: left as found (fix it by hand): ghp_aB3...hJ5.md: is not linked from MEMORY.md'
    assert ("left as found (fix it by hand): [REDACTED:github-token].md: is not linked from "
            "MEMORY.md") in said, said
    shown = {" ".join(c): _run(project, *c)[1] for c in (["show"], ["show", "--json"], ["log"])}
    assert "found    [REDACTED:github-token].md: is not linked" in shown["show"]
    # (a plain name printed as it is)
    assert "plain_notes.md" in shown["show"]
    found = json.loads(shown["show --json"])["run"]["checks"]["as_found"]
    assert "[REDACTED:github-token].md" in {f["path"] for f in found}
    assert TOKEN not in said + "".join(shown.values())
    for path in (project / "memory" / ".autodream").rglob("*"):
        assert not path.is_file() or TOKEN.encode() not in path.read_bytes(), path


def test_a_hidden_name_keeps_its_suffix(tmp_path: Path) -> None:
    # the value was read to the name's end: 'user_password=[REDACTED:assigned-secret]', the
    # '.md' gone, so the note named no file the person could find
    project = tmp_path / "sample_project"
    shutil.copytree(REPO_ROOT / "sample_project", project)
    (project / "memory" / "user_password=hunter2.md").write_text(TOPIC, encoding="utf-8")
    code, said = _run(project, "--force", "--backend", "local")
    assert code == 0, said
    assert ("left as found (fix it by hand): user_password=[REDACTED:assigned-secret].md: is "
            "not linked from MEMORY.md") in said, said
    assert "hunter2" not in said + _run(project, "show")[1]


def test_a_name_s_suffix_is_kept_only_when_a_file_s_kind(tmp_path: Path) -> None:
    # a dot and up to 8 letters or digits were kept as the suffix: a link of MEMORY.md to
    # 'db_password=hunter2.s3cr3t99' was pruned as 'db_password=[REDACTED:...].s3cr3t99'
    project = tmp_path / "sample_project"
    shutil.copytree(REPO_ROOT / "sample_project", project)
    with (project / "memory" / "MEMORY.md").open("a", encoding="utf-8") as index:
        index.write("- [Creds](db_password%3Dhunter2.s3cr3t99) — the db\n")
    assert _run(project, "--force", "--backend", "local")[0] == 0
    pruned = [line for line in _run(project, "show", "--all-decisions")[1].splitlines()
              if line.lstrip().startswith("pruned") and "db_password=" in line]
    assert pruned == ["  pruned     db_password=[REDACTED:assigned-secret]"], pruned
