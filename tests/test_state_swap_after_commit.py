"""``memory/.autodream`` swapped for a link after the dream's commit is marked done but before its
record is saved (a sync tool, a teammate's checkout): the memory change stands, the record is
saved in the run dir the commit opened, nothing is written where the link points, and the dream
fails with one line that names the swapped folder and what to do (exit 10)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from autodream import journal
from autodream.cli import cli
from autodream.transcripts.offsets import OFFSETS_FILENAME, OffsetStore
from tests.factories import REPO_ROOT
from tests.memdirs import NOW, needs_dir_fd, sample_memory, tree
from tests.test_state_dir_links import _env, _memory_files, _swap_state, _tree
from tests.test_undo_later_dreams import _two_runs


@needs_dir_fd
@pytest.mark.parametrize("at", ["before the record", "before DREAMS.md"])
def test_a_state_dir_swapped_after_the_commit_keeps_the_dream_and_its_record(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, at: str
) -> None:
    """Swapped there, the dream said 'NotADirectoryError: [Errno 20] Not a directory:
    '.autodream'' (exit 6), its record left 'running' in the moved folder."""
    from autodream import journal
    from autodream.memory import commit as commit_mod

    sample = tmp_path / "sample_project"
    shutil.copytree(REPO_ROOT / "sample_project", sample)
    memory = sample / "memory"
    elsewhere, moved = tmp_path / "elsewhere", tmp_path / "state-moved"
    real_commit, real_diary = commit_mod.commit, journal.append_diary
    seen: dict[str, Any] = {}

    def committing(*args: Any, **kwargs: Any) -> None:
        real_commit(*args, **kwargs)
        if at == "before the record":
            seen["copy"] = _swap_state(memory, elsewhere, moved)

    def diary(*args: Any, **kwargs: Any) -> None:
        if at == "before DREAMS.md":
            seen["copy"] = _swap_state(memory, elsewhere, moved)
        real_diary(*args, **kwargs)

    monkeypatch.setattr(commit_mod, "commit", committing)
    monkeypatch.setattr(journal, "append_diary", diary)
    before = _memory_files(memory)
    result = CliRunner().invoke(cli, ["--force", "--project", str(sample)], env=_env())
    assert result.exit_code == 10, result.output
    [line] = result.stderr.strip().splitlines()  # not 'Not a directory'
    assert line.startswith(f"Error: {memory / '.autodream'} was swapped for a link after dream ")
    assert "memory holds the dream" in line and "put the folder back in place of the link" in line
    dreamt = _memory_files(memory)
    assert dreamt != before  # the dream stands: it was done
    assert _tree(elsewhere) == seen["copy"]  # nothing written where the link points
    [run_id] = [p.name for p in (moved / "runs").iterdir()]
    record = json.loads((moved / "runs" / run_id / "record.json").read_text())
    assert record["outcome"] == "committed" and record["changes"]
    status = CliRunner().invoke(cli, ["status", "--project", str(sample)], env=_env())
    assert f"{memory / '.autodream'} is a symlink" in status.stdout

    # the folder put back as the line says: the dream is in the log, and undo takes it back
    monkeypatch.undo()
    os.unlink(memory / ".autodream")
    os.rename(moved, memory / ".autodream")
    log = CliRunner().invoke(cli, ["log", "--project", str(sample)], env=_env())
    assert log.exit_code == 0 and run_id in log.stdout and "committed" in log.stdout
    undo = CliRunner().invoke(cli, ["undo", run_id, "--project", str(sample)], env=_env())
    assert undo.exit_code == 0, undo.output
    assert _memory_files(memory) == before


@needs_dir_fd
@pytest.mark.parametrize("at", ["before the record", "before DREAMS.md"])
def test_a_state_dir_moved_away_after_the_commit_is_not_made_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, at: str
) -> None:
    """Moved away with nothing in its place (`mv memory/.autodream /tmp/x`) once the commit was
    done, the record's save made a fresh state dir holding it, DREAMS.md, the read positions
    and the lock's guard, the images left in the moved folder: the dream failed with 'cannot
    use .../before/MEMORY.md: No such file or directory' (exit 1), its undo with 'has lost its
    before-image', and the folder could not be put back (`mv` put it inside the fresh one)."""
    from autodream import journal as journal_mod
    from autodream.memory import commit as commit_mod

    sample = tmp_path / "sample_project"
    shutil.copytree(REPO_ROOT / "sample_project", sample)
    memory = sample / "memory"
    moved = tmp_path / "state-moved"
    real_commit, real_diary = commit_mod.commit, journal_mod.append_diary

    def committing(*args: Any, **kwargs: Any) -> None:
        real_commit(*args, **kwargs)
        if at == "before the record":
            os.rename(memory / ".autodream", moved)

    def diary(*args: Any, **kwargs: Any) -> None:
        if at == "before DREAMS.md":
            os.rename(memory / ".autodream", moved)
        real_diary(*args, **kwargs)

    monkeypatch.setattr(commit_mod, "commit", committing)
    monkeypatch.setattr(journal_mod, "append_diary", diary)
    before = _memory_files(memory)
    result = CliRunner().invoke(cli, ["--force", "--project", str(sample)], env=_env())
    assert result.exit_code == 10, result.output
    [line] = result.stderr.strip().splitlines()
    assert line.startswith(f"Error: {memory / '.autodream'} was moved away after dream ")
    assert _memory_files(memory) != before  # the dream stands
    assert not os.path.lexists(memory / ".autodream")  # no fresh state dir made there
    [run_id] = [p.name for p in (moved / "runs").iterdir()]
    record = json.loads((moved / "runs" / run_id / "record.json").read_text())
    assert record["outcome"] == "committed" and record["changes"]

    monkeypatch.undo()
    os.rename(moved, memory / ".autodream")  # put back as the line says
    undo = CliRunner().invoke(cli, ["undo", run_id, "--project", str(sample)], env=_env())
    assert undo.exit_code == 0, undo.output
    assert _memory_files(memory) == before

@needs_dir_fd
def test_a_state_dir_swapped_after_the_record_is_saved_says_so_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Swapped once the dream's record was saved, before its read positions were: 'dream <id>
    is in memory ..., but what follows its commit failed: NotADirectoryError: [Errno 20] Not a
    directory' (exit 6), nothing said of the folder or what to do. The one line of a swap
    before the record (exit 10); put back, the next dream reads on from where it stopped."""
    sample = tmp_path / "sample_project"
    shutil.copytree(REPO_ROOT / "sample_project", sample)
    memory = sample / "memory"
    elsewhere, moved = tmp_path / "elsewhere", tmp_path / "state-moved"
    real = journal.conclude
    seen: dict[str, Any] = {}

    def concluding(*args: Any, **kwargs: Any) -> journal.RunRecord:
        record = real(*args, **kwargs)
        seen["copy"] = _swap_state(memory, elsewhere, moved)
        return record

    monkeypatch.setattr(journal, "conclude", concluding)
    result = CliRunner().invoke(cli, ["--force", "--project", str(sample)], env=_env())
    assert result.exit_code == 10, result.output
    [line] = result.stderr.strip().splitlines()
    assert line.startswith(f"Error: {memory / '.autodream'} was swapped for a link after dream ")
    assert "put the folder back in place of the link" in line
    assert _tree(elsewhere) == seen["copy"]  # nothing written where the link points
    os.unlink(memory / ".autodream")
    monkeypatch.undo()
    dreamt = _memory_files(memory)
    os.rename(moved, memory / ".autodream")
    again = CliRunner().invoke(cli, ["--force", "--project", str(sample)], env=_env())
    assert again.exit_code == 0, again.output
    assert _memory_files(memory) == dreamt
    assert "no-change" in CliRunner().invoke(
        cli, ["log", "--project", str(sample)], env=_env()).stdout.splitlines()[0]


# An undo (through the CLI, or a forced chain through the API) whose state dir is swapped for a
# link, or moved away, once its commits are done: run in a process of its own, as a person's
# is, so that the records it leaves are found with their process gone.
_UNDO_THEN_SWAP = """
import os, sys
from pathlib import Path
from autodream import journal
from autodream.cli import cli
from autodream.memory import commit as commit_mod
from tests.memdirs import NOW
from tests.test_state_dir_links import _swap_state

memory, how, after, elsewhere, moved = (Path(sys.argv[1]), sys.argv[2], int(sys.argv[3]),
                                        Path(sys.argv[4]), Path(sys.argv[5]))
real, commits = commit_mod.commit, []
def committing(*args, **kwargs):
    real(*args, **kwargs)
    commits.append(1)
    if len(commits) == after:
        if how == "link":
            _swap_state(memory, elsewhere, moved)
        else:
            os.rename(memory / ".autodream", moved)
commit_mod.commit = committing
if sys.argv[6] == "cli":
    cli(sys.argv[7:])
try:
    journal.undo(memory, memory / ".autodream", sys.argv[7], force=True, now=NOW)
except Exception as exc:
    print(type(exc).__name__, exc)
"""


def _undo_then_swap(memory: Path, how: str, after: int, tmp_path: Path,
                    *args: str) -> subprocess.CompletedProcess[str]:
    env = {**_env(), "PYTHONPATH": str(REPO_ROOT)}
    return subprocess.run(
        [sys.executable, "-c", _UNDO_THEN_SWAP, str(memory), how, str(after),
         str(tmp_path / "elsewhere"), str(tmp_path / "state-moved"), *args],
        env=env, capture_output=True, text=True, timeout=120)


def _put_back(memory: Path, moved: Path) -> None:
    if os.path.islink(memory / ".autodream"):
        os.unlink(memory / ".autodream")
    os.rename(moved, memory / ".autodream")


@needs_dir_fd
@pytest.mark.parametrize("how", ["link", "move"])
def test_an_undo_whose_state_dir_is_swapped_after_its_commit_keeps_the_undo_and_its_record(
    tmp_path: Path, how: str
) -> None:
    """Swapped for a link there, `autodream undo` said 'Error: cannot use .autodream: Not a
    directory' (exit 1); moved away with nothing in its place, it said it undid the dream and
    made a fresh state dir holding the undo's record and DREAMS.md without the images (no
    undo of the undo), the record in the moved folder left 'running'."""
    sample = tmp_path / "sample_project"
    shutil.copytree(REPO_ROOT / "sample_project", sample)
    memory = sample / "memory"
    elsewhere, moved = tmp_path / "elsewhere", tmp_path / "state-moved"
    before = _memory_files(memory)
    assert CliRunner().invoke(cli, ["--force", "--project", str(sample)],
                              env=_env()).exit_code == 0
    dreamt = _memory_files(memory)
    proc = _undo_then_swap(memory, how, 1, tmp_path, "cli", "undo", "--project", str(sample))
    assert proc.returncode == 10, proc.stderr
    [line] = proc.stderr.strip().splitlines()  # not 'Not a directory'
    # (was 'swapped for a link, or moved,' either way)
    gone = "was swapped for a link" if how == "link" else "was moved away"
    assert line.startswith(f"Error: {memory / '.autodream'} {gone} after undo "), line
    assert "memory holds the undo" in line
    if how == "link":
        assert "put the folder back in place of the link to keep the undo in `autodream log` (" \
            in line and ", or remove the link (autodream makes the directory again, without " \
            "the records of the runs so far" in line
    else:  # was: 'put the folder back in place of the link ..., or remove the link'
        assert "link to keep" not in line and "remove the link" not in line
        assert "put the folder back to keep the undo in `autodream log` (" in line
        assert ", or start fresh (autodream makes the directory again, without the " \
            "records of the runs so far (`autodream log` no longer lists them and undo cannot " \
            "take them back) or the read positions (a session that goes on is read again from " \
            "its start))" in line
    assert _memory_files(memory) == before  # the undo stands: it was done
    if how == "link":
        # nothing written where the link points (it was a copy of the folder as then)
        assert _tree(elsewhere) == _tree(moved)
    else:
        assert not os.path.lexists(memory / ".autodream")  # no fresh state dir made there

    # the folder put back as the line says: the undo is in the log, and can itself be undone
    _put_back(memory, moved)
    log = CliRunner().invoke(cli, ["log", "--project", str(sample)], env=_env())
    [undo_line] = [x for x in log.stdout.splitlines() if "  undo  " in x]
    assert "  committed  " in undo_line, log.stdout
    undo_id = undo_line.split()[0]
    again = CliRunner().invoke(cli, ["undo", undo_id, "--project", str(sample)], env=_env())
    assert again.exit_code == 0, again.output
    assert _memory_files(memory) == dreamt


@needs_dir_fd
@pytest.mark.parametrize("how", ["link", "move"])
def test_a_forced_chain_undo_whose_state_dir_is_swapped_after_its_commits_reads_again(
    tmp_path: Path, how: str
) -> None:
    """A forced undo of A and the later B, the state dir swapped once both commits were done:
    put back, the undos are closed as committed and what A and B read is read again, as the
    same undo left alone leaves it."""
    memory = sample_memory(tmp_path / "memory")
    state = memory / ".autodream"
    original = tree(memory)
    a, b = _two_runs(memory)
    uncut = tmp_path / "uncut"
    shutil.copytree(memory, uncut)
    journal.undo(uncut, uncut / ".autodream", a.id, force=True, now=NOW)
    proc = _undo_then_swap(memory, how, 2, tmp_path, "api", a.id)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("LinkedState "), proc.stdout
    assert "the records of its 2 undos are in the run dirs moved with that folder" in proc.stdout
    assert tree(memory) == original
    if how == "move":
        assert not os.path.lexists(state)  # no fresh state dir made there
    else:
        assert _tree(tmp_path / "elsewhere") == _tree(tmp_path / "state-moved")
    _put_back(memory, tmp_path / "state-moved")
    journal.recover(memory, state, NOW)
    undos = {r.undoes: r for r in journal.list_runs(state) if r.trigger == "undo"}
    assert {k: r.outcome for k, r in undos.items()} == {a.id: "committed", b.id: "committed"}
    store, whole = (OffsetStore(m / ".autodream" / OFFSETS_FILENAME) for m in (memory, uncut))
    for session in ("/s/a.jsonl", "/s/b.jsonl"):
        assert store.entry(session) == whole.entry(session) == {"pending": "undone"}
