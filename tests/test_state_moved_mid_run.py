"""``memory/.autodream`` moved away (``mv memory/.autodream /tmp/x``: a sync tool, a teammate's
checkout) part way through a dream or an undo, at the steps the commit's own checks do not
cover: nothing is made where the folder was, memory is as the run left it, and the run fails
with one line that names the folder and what to do."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from autodream import journal
from autodream.cli import cli
from tests.factories import REPO_ROOT
from tests.memdirs import NOW, needs_dir_fd, sample_memory, tree
from tests.test_lock import dead_pid
from tests.test_state_dir_links import _env, _memory_files, _swap_state, _tree
from tests.test_state_swap_after_commit import _put_back, _undo_then_swap
from tests.test_undo_later_dreams import _two_runs

# what a state dir made again lacks, as the way out says
FRESH = ("without the records of the runs so far (`autodream log` no longer lists them and undo "
         "cannot take them back) or the read positions (a session that goes on is read again "
         "from its start)")


def _sample(tmp_path: Path) -> Path:
    sample = tmp_path / "sample_project"
    shutil.copytree(REPO_ROOT / "sample_project", sample)
    return sample


def _dream(sample: Path) -> Any:
    return CliRunner().invoke(cli, ["--force", "--project", str(sample)], env=_env())


@needs_dir_fd
@pytest.mark.parametrize("after", ["conclude", "prune_runs"])
def test_a_state_dir_moved_after_the_dream_is_concluded_is_not_made_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, after: str
) -> None:
    """Moved once 'conclude' had saved the dream's record, before its read positions were: the
    positions' save made a fresh '.autodream' holding them (and the lock's guard), and the dream
    said "no run '<id>' in .../runs" (exit 9), the folder no longer to be put back; moved once
    old runs were pruned, the same "no run" (nothing made there)."""
    sample = _sample(tmp_path)
    memory, moved = sample / "memory", tmp_path / "state-moved"
    real = getattr(journal, after)

    def moving(*args: Any, **kwargs: Any) -> Any:
        done = real(*args, **kwargs)
        os.rename(memory / ".autodream", moved)
        return done

    monkeypatch.setattr(journal, after, moving)
    result = _dream(sample)
    assert result.exit_code == 10, result.output
    [line] = result.stderr.strip().splitlines()
    assert line.startswith(f"Error: {memory / '.autodream'} was moved away after dream ")
    assert line.endswith("put the folder back to keep the dream in `autodream log` and undo, or "
                         f"start fresh (autodream makes the directory again, {FRESH})")
    assert not os.path.lexists(memory / ".autodream")  # nothing made where it was
    dreamt = _memory_files(memory)

    monkeypatch.undo()
    os.rename(moved, memory / ".autodream")  # put back as the line says
    again = _dream(sample)
    assert again.exit_code == 0, again.output
    assert _memory_files(memory) == dreamt
    assert "no-change" in CliRunner().invoke(
        cli, ["log", "--project", str(sample)], env=_env()).stdout.splitlines()[0]


@needs_dir_fd
# (a link before the model's call is left out: the model's writes to its staging copy go by
# path, through the link)
@pytest.mark.parametrize(("how", "when"), [("move", "before"), ("move", "after"),
                                           ("link", "after"), ("move", "before the copy")])
def test_a_state_dir_moved_during_the_model_call_says_so_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, how: str, when: str
) -> None:
    """Moved while the model read and wrote (its staging copy went with the folder): the checks
    failed on a memory read as empty, and closing the record failed with a bare 'Error: cannot
    use .autodream: No such file or directory' (exit 1), which named neither the folder nor
    what to do; swapped for a link, 'Not a directory'."""
    from autodream import pipeline

    sample = _sample(tmp_path)
    memory, moved, elsewhere = sample / "memory", tmp_path / "state-moved", tmp_path / "elsewhere"
    real = pipeline.drive
    seen: dict[str, Any] = {}

    def away() -> None:
        if how == "link":
            seen["copy"] = _swap_state(memory, elsewhere, moved)
        else:
            os.rename(memory / ".autodream", moved)

    def driving(*args: Any, **kwargs: Any) -> Any:
        if when == "before":
            away()
        done = real(*args, **kwargs)
        if when == "after":
            away()
        return done

    def beginning(*args: Any, **kwargs: Any) -> journal.RunRecord:
        record = real_begin(*args, **kwargs)
        away()
        return record

    if when == "before the copy":  # (the staging copy's folder made a fresh state dir)
        real_begin = journal.begin_run
        monkeypatch.setattr(journal, "begin_run", beginning)
    else:
        monkeypatch.setattr(pipeline, "drive", driving)
    before = _memory_files(memory)
    result = _dream(sample)
    assert result.exit_code == 10, result.output
    [line] = result.stderr.strip().splitlines()
    gone = "was swapped for a link" if how == "link" else "was moved away"
    assert line.startswith(f"Error: {memory / '.autodream'} {gone} during dream "), line
    assert "before its commit: memory is as it was" in line
    assert _memory_files(memory) == before
    if how == "link":
        assert line.endswith(
            "put the folder back in place of the link (the next dream closes that record as "
            f"failed), or remove the link (autodream makes the directory again, {FRESH}), then "
            "dream again")
        assert _tree(elsewhere) == seen["copy"]  # nothing written where the link points
        os.unlink(memory / ".autodream")
    else:
        # was: 'put the folder back in place of the link ..., or remove the link', no link there
        assert line.endswith(
            "put the folder back (the next dream closes that record as failed), or start fresh "
            f"(autodream makes the directory again, {FRESH}), then dream again")
        assert not os.path.lexists(memory / ".autodream")  # nothing made where it was

    monkeypatch.undo()
    [run] = (moved / "runs").iterdir()
    record = json.loads((run / "record.json").read_text())
    assert record["outcome"] == "running"
    # its process gone (this test's lives on), put back as the line says: the next dream
    # closes that record as failed, and dreams
    (run / "record.json").write_text(json.dumps({**record, "pid": dead_pid()}))
    os.rename(moved, memory / ".autodream")
    again = _dream(sample)
    assert again.exit_code == 0, again.output
    assert _memory_files(memory) != before
    log = CliRunner().invoke(cli, ["log", "--project", str(sample)], env=_env()).stdout
    assert [x.split()[1] for x in log.splitlines()[:2]] == ["committed", "failed"], log


@needs_dir_fd
@pytest.mark.parametrize("at", ["commit", "open_run_dir"])
def test_a_state_dir_moved_during_an_undo_before_its_commit_says_so_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, at: str
) -> None:
    """Moved once `autodream undo` had planned, before its commit stored the images: a raw
    'ValueError: pr_review.md: the source is not the change's after-image' (exit 1), the
    before-images it read by name gone with the folder; moved before it opened the runs
    folder, the same, from a fresh '.autodream' it made there."""
    from autodream.memory import commit as commit_mod

    sample = _sample(tmp_path)
    memory, moved = sample / "memory", tmp_path / "state-moved"
    before = _memory_files(memory)
    assert _dream(sample).exit_code == 0
    dreamt = _memory_files(memory)
    real = getattr(commit_mod, at)

    def moving(*args: Any, **kwargs: Any) -> Any:
        os.rename(memory / ".autodream", moved)
        return real(*args, **kwargs)

    monkeypatch.setattr(commit_mod, at, moving)
    result = CliRunner().invoke(cli, ["undo", "--project", str(sample)], env=_env())
    assert result.exit_code == 10, result.output
    [line] = result.stderr.strip().splitlines()
    assert line.startswith(f"Error: {memory / '.autodream'} was moved away during the undo of "
                           "run "), line
    assert line.endswith(
        "before its commit: memory is as it was; put the folder back and undo again, or start "
        f"fresh (autodream makes the directory again, {FRESH})")
    assert _memory_files(memory) == dreamt
    assert not os.path.lexists(memory / ".autodream")  # nothing made where it was

    monkeypatch.undo()
    os.rename(moved, memory / ".autodream")  # put back as the line says, and undo again
    again = CliRunner().invoke(cli, ["undo", "--project", str(sample)], env=_env())
    assert again.exit_code == 0, again.output
    assert _memory_files(memory) == before


@needs_dir_fd
def test_a_state_dir_moved_between_two_undos_of_a_forced_chain_is_not_made_again(
    tmp_path: Path
) -> None:
    """A forced undo of A and the later B, the state dir moved once the undo of B was committed:
    the undo of A's run dir was made in a fresh '.autodream' where the folder was, which held
    its record without its images."""
    memory = sample_memory(tmp_path / "memory")
    state = memory / ".autodream"
    original = tree(memory)
    a, _ = _two_runs(memory)
    dreamt = tree(memory)
    proc = _undo_then_swap(memory, "move", 1, tmp_path, "api", a.id)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith(f"LinkedState {state} was moved away during the undo of run "
                                  f"{a.id}, before its commit: memory is as it was"), proc.stdout
    assert len(proc.stdout.strip().splitlines()) == 1
    assert tree(memory) == dreamt  # the undo of B taken back
    assert not os.path.lexists(state)  # nothing made where it was

    _put_back(memory, tmp_path / "state-moved")
    journal.undo(memory, state, a.id, force=True, now=NOW)
    assert tree(memory) == original


@needs_dir_fd
def test_a_state_dir_moved_before_an_undo_that_finds_the_files_as_they_were_is_not_made_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The dream's files put back by hand as they were before it, then `autodream undo --force`
    (nothing to restore) with the state dir moved once it had planned: the undo's 'no-change'
    record was written in a fresh '.autodream' made where the folder was (exit 0), the runs so
    far and the read positions left in the moved folder."""
    sample = _sample(tmp_path)
    memory, moved = sample / "memory", tmp_path / "state-moved"
    before = {p: (memory / p).read_bytes() for p in _memory_files(memory)}
    assert _dream(sample).exit_code == 0
    for path in _memory_files(memory):
        if path not in before:
            (memory / path).unlink()
    for path, data in before.items():
        (memory / path).write_bytes(data)
    real = journal._unlinked

    def moving(*args: Any, **kwargs: Any) -> Any:
        done = real(*args, **kwargs)
        os.rename(memory / ".autodream", moved)
        return done

    monkeypatch.setattr(journal, "_unlinked", moving)
    result = CliRunner().invoke(cli, ["undo", "--force", "--project", str(sample)], env=_env())
    assert result.exit_code == 10, result.output
    [line] = result.stderr.strip().splitlines()
    assert line.startswith(f"Error: {memory / '.autodream'} was moved away during the undo of "
                           "run "), line
    assert line.endswith("put the folder back and undo again, or start fresh (autodream makes "
                         f"the directory again, {FRESH})")
    assert not os.path.lexists(memory / ".autodream")  # nothing made where it was

    monkeypatch.undo()
    os.rename(moved, memory / ".autodream")  # put back as the line says, and undo again
    again = CliRunner().invoke(cli, ["undo", "--force", "--project", str(sample)], env=_env())
    assert again.exit_code == 0, again.output
    log = CliRunner().invoke(cli, ["log", "--project", str(sample)], env=_env()).stdout
    assert [x.split()[1] for x in log.splitlines()[:2]] == ["no-change", "committed"], log


@needs_dir_fd
@pytest.mark.parametrize("moved", ["runs/<id>", "runs"])
def test_a_run_dir_moved_during_the_model_call_is_named_not_the_state_dir(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, moved: str
) -> None:
    """Was: 'mv memory/.autodream/runs/<id> /x' (or runs/) during the model's call said
    '.../.autodream was replaced by another folder during dream <id>', the same folder it was,
    and the way out put that folder back in place of itself."""
    from autodream import pipeline

    sample = _sample(tmp_path)
    memory, away = sample / "memory", tmp_path / "moved"
    state = memory / ".autodream"
    real = pipeline.drive
    seen: dict[str, Path] = {}

    def driving(*args: Any, **kwargs: Any) -> Any:
        done = real(*args, **kwargs)
        (seen["run"],) = (state / "runs").iterdir()
        seen["from"] = seen["run"] if moved == "runs/<id>" else state / "runs"
        os.rename(seen["from"], away)
        return done

    monkeypatch.setattr(pipeline, "drive", driving)
    before = _memory_files(memory)
    result = _dream(sample)
    assert result.exit_code == 10, result.output
    [line] = result.stderr.strip().splitlines()
    held = ("the dream's record went with that folder" if moved == "runs/<id>"
            else "the records of the runs so far went with that folder (runs/)")
    leave = ("(only this dream's record is lost)" if moved == "runs/<id>" else
             "(autodream makes the folder again, without the records of the runs so far: "
             "`autodream log` no longer lists them and undo cannot take them back)")
    assert line == (
        f"Error: {seen['from']} was moved away during dream {seen['run'].name}, "
        f"before its commit: memory is as it was, and {held}; put it back (the next dream "
        f"closes that record as failed), or leave it out {leave}, then dream again"), line
    assert _memory_files(memory) == before
    assert not (state / "runs" / seen["run"].name).exists()  # nothing made where it was
    monkeypatch.undo()
    # its process gone (this test's lives on), put back as the line says: the next dream
    # closes that record as failed, and dreams
    os.rename(away, seen["from"])
    record = json.loads((seen["run"] / "record.json").read_text())
    (seen["run"] / "record.json").write_text(json.dumps({**record, "pid": dead_pid()}))
    assert _dream(sample).exit_code == 0
    log = CliRunner().invoke(cli, ["log", "--project", str(sample)], env=_env()).stdout
    assert [x.split()[1] for x in log.splitlines()[:2]] == ["committed", "failed"], log
