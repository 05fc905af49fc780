"""A memory file swapped for a named pipe (or another special file) after the dream listed
memory: staged by descriptor, it was copied as an EMPTY file (the pipe opened without waiting
and read nothing), so the model saw the memory empty and a commit could write that over it.
It is now left out with its reason, as a file that cannot be read is, and never waited on."""

from __future__ import annotations

import os
import signal
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from autodream.memory import commit as commit_mod
from autodream.memory import staging as staging_mod
from autodream.memory.staging import Staging
from tests.memdirs import sample_memory, write_tree
from tests.test_cli_dream import dream


class Blocked(BaseException):
    """Raised by the alarm: no ``except OSError`` on the way (``TimeoutError`` is one) hides it."""


@pytest.fixture(autouse=True)
def never_blocks() -> Iterator[None]:
    """A test that would wait on a pipe for ever fails instead."""
    def expire(_signum: int, _frame: object) -> None:
        raise Blocked("blocked on a named pipe")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.alarm(20)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, previous)


def _swap_after_listing(monkeypatch: pytest.MonkeyPatch, memory: Path, rel: str) -> bytes:
    """``rel`` made a named pipe once the memory files are listed; its bytes as they were."""
    real_active_files = staging_mod.active_files
    before = (memory / rel).read_bytes()

    def active_files(root: Path) -> dict[str, Path]:
        listed = real_active_files(root)
        if root == memory and (memory / rel).is_file():
            (memory / rel).unlink()
            os.mkfifo(memory / rel)
        return listed

    monkeypatch.setattr(staging_mod, "active_files", active_files)
    return before


@pytest.mark.parametrize("by_dir_fd", [True, False])
def test_a_file_swapped_for_a_pipe_after_the_listing_is_left_out_not_staged_empty(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, by_dir_fd: bool
) -> None:
    memory = sample_memory(tmp_path / "memory")
    _swap_after_listing(monkeypatch, memory, "role.md")
    monkeypatch.setattr(staging_mod, "BY_DIR_FD", by_dir_fd and staging_mod.BY_DIR_FD)
    staged = Staging.create(memory, memory / ".autodream" / "staging" / "r1")
    assert not (staged.path / "role.md").exists()  # (was an empty file of that name)
    assert "role.md" not in staged.baseline
    assert staged.unreadable["role.md"].startswith("it is a named pipe, not a regular file")
    assert stat.S_ISFIFO(os.lstat(memory / "role.md").st_mode)


def test_a_dream_leaves_a_file_swapped_for_a_pipe_as_it_is_and_says_why(
    sample: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    memory = sample / "memory"
    _swap_after_listing(monkeypatch, memory, "small_prs.md")
    index_line = next(line for line in (memory / "MEMORY.md").read_text().splitlines()
                      if "(small_prs.md)" in line)
    code, out, err = dream(sample)
    assert code == 0, out + err
    assert "small_prs.md: not read: it is a named pipe, not a regular file" in err
    assert stat.S_ISFIFO(os.lstat(memory / "small_prs.md").st_mode)
    assert index_line in (memory / "MEMORY.md").read_text()


def test_a_commit_never_writes_a_new_file_over_a_pipe_made_during_the_run(
    tmp_path: Path,
) -> None:
    """The change adds ``new.md``; a pipe put at that name while the dream ran was taken for
    no file there (``file_info`` says None for both) and replaced by the new file."""
    memory = sample_memory(tmp_path / "memory")
    staged = Staging.create(memory, memory / ".autodream" / "staging" / "r1")
    write_tree(staged.path, {"new.md": "a new memory\n"})
    changes = staged.changes()
    os.mkfifo(memory / "new.md")
    with pytest.raises(commit_mod.MemoryChanged):
        commit_mod.commit(memory, staged.path, changes, memory / ".autodream" / "runs" / "r1")
    assert stat.S_ISFIFO(os.lstat(memory / "new.md").st_mode)


def test_the_secret_check_never_waits_on_a_pipe_put_in_memory_during_the_run(
    tmp_path: Path,
) -> None:
    """A staged file holding a secret is compared with the memory file as found, to tell a
    line the person wrote from one the dream wrote; that file swapped for a pipe during the
    run was opened to read, and the dream waited for ever. It now counts as no such line."""
    from autodream.memory import checks

    memory = sample_memory(tmp_path / "memory")
    staged = Staging.create(memory, memory / ".autodream" / "staging" / "r1")
    with (staged.path / "role.md").open("a") as fh:
        fh.write("token ghp_abcdefghijklmnopqrstuvwxyz0123456789\n")
    (memory / "role.md").unlink()
    os.mkfifo(memory / "role.md")
    report = checks.check_staged(staged.path, (memory / "MEMORY.md").read_text(),
                                 existed=frozenset(staged.baseline), found_in=memory)
    assert [(f.check, f.path) for f in report.failures] == [("secret", "role.md")]


@pytest.mark.parametrize("swapped", [False, True])
def test_the_secret_check_never_reads_a_line_through_a_folder_swapped_for_a_link(
    tmp_path: Path, swapped: bool
) -> None:
    """A secret line in a staged file is left as found when the person's file held it. The
    memory folder ``sub/`` swapped for a link during the run (to ``/elsewhere``, whose ``x.md``
    holds that line) had the line read there and taken for the person's: the secret was filed
    'left as found' and committed. A folder the person keeps as it was is read as ever."""
    from autodream.memory import checks

    memory = sample_memory(tmp_path / "memory")
    line = "token ghp_abcdefghijklmnopqrstuvwxyz0123456789\n"
    write_tree(memory, {"sub/x.md": "---\nname: x\ndescription: x\ntype: project\n---\nX.\n"
                        + ("" if swapped else line)})
    with (memory / "MEMORY.md").open("a") as fh:
        fh.write("- [X](sub/x.md) — x\n")
    staged = Staging.create(memory, memory / ".autodream" / "staging" / "r1")
    if swapped:
        with (staged.path / "sub" / "x.md").open("a") as fh:
            fh.write(line)
        write_tree(tmp_path / "elsewhere", {"x.md": (staged.path / "sub" / "x.md").read_text()})
        os.rename(memory / "sub", tmp_path / "sub-moved")
        os.symlink(tmp_path / "elsewhere", memory / "sub")
    else:
        (staged.path / "role.md").write_text((staged.path / "role.md").read_text() + "More.\n")
    report = checks.check_staged(staged.path, (memory / "MEMORY.md").read_text(),
                                 existed=frozenset(staged.baseline), found_in=memory)
    failures = [(f.check, f.path) for f in report.failures]
    as_found = [(f.check, f.path) for f in report.as_found if f.check == "secret"]
    if swapped:
        assert (failures, as_found) == ([("secret", "sub/x.md")], [])
    else:
        assert (failures, as_found) == ([], [("secret", "sub/x.md")])
