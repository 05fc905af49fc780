"""``undo`` reads the memory files it plans on as a dream reads them: no link followed, on the
way or at the name, and no wait on a named pipe, whatever was swapped in since its checks."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from autodream.cli import cli
from autodream.memory import commit as commit_mod
from tests.memdirs import dream, index, needs_dir_fd, sample_memory, topic, tree
from tests.test_cli_scrub import deadline, needs_fifo  # noqa: F401 (a fixture)


def _undo(memory: Path) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["undo"], env={"AUTODREAM_MEMORY_DIR": str(memory)})
    return result.exit_code, result.output


def _swap_after_check(
    monkeypatch: pytest.MonkeyPatch, rel: str, swap: Callable[[], None]
) -> None:
    """``swap`` run once, right after undo's check by name (``safe_path``) found ``rel`` no
    link: a sync tool or a checkout changing memory while the undo plans."""
    real = commit_mod.safe_path
    done: list[bool] = []

    def safe_path(root: Path, path: str) -> Path:
        checked = real(root, path)
        if path == rel and not done:
            done.append(True)
            swap()
        return checked

    monkeypatch.setattr(commit_mod, "safe_path", safe_path)


@needs_dir_fd
def test_a_folder_swapped_for_a_link_is_refused_not_hashed_where_it_points(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A folder above a file the run changed, swapped for a link after undo's check: the file
    where the link points was hashed as memory's own, and the undo said the person had edited
    sub/ci.md by hand (exit 7, 'use --force'). It is refused as a link there before the undo
    is (exit 10), and nothing on either side changes."""
    memory = sample_memory(tmp_path / "memory")
    dream(memory, {"sub/ci.md": topic("CI", "project", "GitHub Actions on every push.")})
    before = tree(memory)
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "ci.md").write_text("theirs\n")

    def swap() -> None:
        os.rename(memory / "sub", tmp_path / "sub-moved")
        os.symlink(outside, memory / "sub")

    _swap_after_check(monkeypatch, "sub/ci.md", swap)
    code, out = _undo(memory)
    assert code == 10, out
    assert "Error: sub/ci.md: sub is a symlink; refused" in out.splitlines()
    assert "by hand" not in out
    assert (outside / "ci.md").read_text() == "theirs\n"
    (memory / "sub").unlink()
    os.rename(tmp_path / "sub-moved", memory / "sub")
    assert tree(memory) == before


@needs_fifo
@pytest.mark.usefixtures("deadline")
@pytest.mark.parametrize("swap", ["a link to an index outside", "a named pipe"])
def test_an_index_swapped_after_the_check_is_not_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, swap: str
) -> None:
    """MEMORY.md swapped after undo's check: for a link, the index where it points was read
    and the undo said the index it restores 'would no longer link extra.md', a file that index
    links, never memory's; for a named pipe (a file when checked) the undo waited for a writer,
    for ever. Neither is read: no word of the outside index, no wait."""
    memory = sample_memory(tmp_path / "memory")
    old_index = (memory / "MEMORY.md").read_text()
    dream(memory, {"MEMORY.md": old_index + "- [Flaky](flaky.md) — retried tests\n",
                   "flaky.md": topic("Flaky", "project", "Retry flaky tests once.")})
    (memory / "extra.md").write_text(topic("Extra", "project"))
    outside = tmp_path / "MEMORY.md"
    outside.write_text(index(("Project", [("Extra", "extra.md", "theirs")])))
    index_path = memory / "MEMORY.md"

    def swapped() -> None:
        index_path.unlink()
        if swap == "a named pipe":
            os.mkfifo(index_path)
        else:
            index_path.symlink_to(outside)

    _swap_after_check(monkeypatch, "MEMORY.md", swapped)
    if swap == "a named pipe":
        real_is_file = Path.is_file
        # (it was a file when checked: swapped between the check and the read)
        monkeypatch.setattr(Path, "is_file",
                            lambda self: self == index_path or real_is_file(self))
    code, out = _undo(memory)
    assert code == 7, out  # (MEMORY.md is no file the run left: changed since)
    assert "extra.md" not in out
    assert outside.read_text() == index(("Project", [("Extra", "extra.md", "theirs")]))
