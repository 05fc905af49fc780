"""A symlink where autodream keeps its state (a teammate may commit one to a shared memory dir):
no dream writes through it, status names it, memory stays as it was."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from autodream.cli import cli
from tests.factories import REPO_ROOT

NOW = "2026-07-20T09:00:00Z"


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("AUTODREAM_", "ANTHROPIC_"))}
    env["AUTODREAM_NOW"] = NOW
    return env


def _tree(root: Path) -> dict[str, bytes | str]:
    out: dict[str, bytes | str] = {}
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root).as_posix()
        out[rel] = (f"-> {os.readlink(path)}" if path.is_symlink()
                    else path.read_bytes() if path.is_file() else "dir")
    return out


@pytest.fixture
def sample(tmp_path: Path) -> Path:
    copy = tmp_path / "sample_project"
    shutil.copytree(REPO_ROOT / "sample_project", copy)
    return copy


@pytest.mark.parametrize("link", [".autodream", ".autodream/runs", ".consolidate-lock"])
def test_a_dream_refuses_a_linked_state_path_and_writes_nothing_anywhere(
    sample: Path, tmp_path: Path, link: str
) -> None:
    memory = sample / "memory"
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    if link == ".autodream/runs":
        (memory / ".autodream").mkdir(exist_ok=True)
    if link == ".consolidate-lock":
        os.symlink(elsewhere / "lock", memory / link)
    else:
        os.symlink(elsewhere, memory / link)
    before = _tree(memory)
    result = CliRunner().invoke(cli, ["--force", "--project", str(sample)], env=_env())
    assert result.exit_code == 10, result.output
    error = result.stderr.strip()
    assert len(error.splitlines()) == 1
    assert f"{link} is a symlink" in error and "remove the link" in error
    assert list(elsewhere.iterdir()) == []  # no run, staging, DREAMS.md, guard written there
    assert _tree(memory) == before

    status = CliRunner().invoke(cli, ["status", "--project", str(sample)], env=_env())
    assert f"problem:      {memory / link} is a symlink" in status.stdout
    assert "a dream fails, exit 10" in status.stdout
    assert list(elsewhere.iterdir()) == []
