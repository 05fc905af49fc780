"""A symlink where autodream keeps its state (a teammate may commit one to a shared memory dir):
no dream writes through it, status names it, memory stays as it was."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from autodream.cli import cli
from tests.factories import REPO_ROOT
from tests.memdirs import needs_dir_fd

NOW = "2026-07-20T09:00:00Z"


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("AUTODREAM_", "ANTHROPIC_"))}
    env["AUTODREAM_NOW"] = NOW
    return env


def _hook(sample: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """``autodream-hook`` at the end of a turn in ``sample``, saying why on stderr."""
    return subprocess.run(
        [sys.executable, "-m", "autodream.hook"], input=json.dumps({"cwd": str(sample)}),
        capture_output=True, text=True, timeout=60, cwd=sample,
        env={**env, "AUTODREAM_DEBUG": "1"})


def _tree(root: Path) -> dict[str, bytes | str]:
    out: dict[str, bytes | str] = {}
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root).as_posix()
        out[rel] = (f"-> {os.readlink(path)}" if path.is_symlink()
                    else path.read_bytes() if path.is_file() else "dir")
    return out


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


# Every command that reads or writes the runs, and every place under the state dir a link can
# stand: a teammate's link to a copy of the real thing (so a command that follows it works on
# and changes that copy), refused before anything is read or written.
_PLACES = [".autodream", ".autodream/runs", ".autodream/runs/RUN", ".autodream/runs/RUN/before",
           ".autodream/runs/RUN/trash", ".autodream/runs/RUN/record.json",
           ".autodream/runs/RUN/before/small_prs.md", ".autodream/DREAMS.md",
           ".autodream/offsets.json"]
_COMMANDS = ["dream", "log", "show", "undo", "scrub", "hook"]
LATER = "2026-07-23T09:00:00Z"  # past min_hours, so the hook's time gate is open


@pytest.fixture(scope="module")
def dreamt(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sample project after one dream (runs, copies, DREAMS.md, offsets), made once."""
    copy = tmp_path_factory.mktemp("dreamt") / "sample_project"
    shutil.copytree(REPO_ROOT / "sample_project", copy)
    first = CliRunner().invoke(cli, ["--force", "--project", str(copy)], env=_env())
    assert first.exit_code == 0, first.output
    return copy


def _sessions_said_since(sample: Path) -> None:
    """Each session of ``sample`` written to after its dream (before ``LATER``): the copy's
    read positions are its own (its sessions, dated as checked out, read to their end), so
    without this a hook turn finds nothing new and no gate opens."""
    when = datetime.fromisoformat(LATER.replace("Z", "+00:00")).timestamp() - 3600
    for session in (sample / "sessions").glob("*.jsonl"):
        os.utime(session, (when, when))


def _link_to_a_copy(memory: Path, place: str, elsewhere: Path) -> Path:
    real = memory / place
    target = elsewhere / real.name
    if real.is_dir():
        shutil.copytree(real, target)
        shutil.rmtree(real)
    else:
        shutil.copy2(real, target)
        real.unlink()
    os.symlink(target, real)
    return real


@pytest.mark.parametrize("command", _COMMANDS)
@pytest.mark.parametrize("place", _PLACES)
def test_no_command_reads_or_writes_state_through_a_link_anywhere_under_it(
    dreamt: Path, tmp_path: Path, place: str, command: str
) -> None:
    sample = tmp_path / "sample_project"
    shutil.copytree(dreamt, sample, symlinks=True)
    _sessions_said_since(sample)
    memory = sample / "memory"
    (run_id,) = os.listdir(memory / ".autodream" / "runs")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    link = _link_to_a_copy(memory, place.replace("RUN", run_id), elsewhere)
    before, there = _tree(memory), _tree(elsewhere)
    env = {**_env(), "AUTODREAM_NOW": LATER}
    if command == "hook":
        hook = _hook(sample, env)
        assert hook.returncode == 0
        error = hook.stderr.strip()
        assert "no dream started" in error
    else:
        args = {"dream": ["--force"], "log": ["log"], "show": ["show", run_id],
                "undo": ["undo", run_id], "scrub": ["scrub", "--force"]}[command]
        result = CliRunner().invoke(cli, [*args, "--project", str(sample)], env=env,
                                    input="reviews in the evenings")
        assert result.exit_code == 10, result.output
        error = result.stderr.strip()
        assert result.stdout == ""  # nothing read through the link is shown
    assert len(error.splitlines()) == 1
    assert f"{link} is a symlink" in error and "remove the link" in error
    assert _tree(elsewhere) == there  # nothing written, restored or deleted there
    after = _tree(memory)
    if command == "hook" and ".autodream/scan-stamp" not in before:
        # a link deep under runs/ is found by the walk of a turn whose gates opened, after the
        # scan stamped the throttle (beside the link, never through it): the next turns in
        # scan_interval do not walk every run again to say it again
        assert after.pop(".autodream/scan-stamp", b"") == b""
    assert after == before


@pytest.mark.parametrize("writer", ["run image", "temp file of an atomic write", "hook log",
                                    "scan stamp"])
def test_no_write_under_the_state_dir_goes_through_a_link_put_there_after_the_check(
    sample: Path, tmp_path: Path, writer: str
) -> None:
    """The check runs once, before a command; a link that appears while it runs (a sync tool,
    a teammate's checkout) must still not receive autodream's bytes or dates."""
    from autodream import gates, hook
    from autodream.memory import commit
    from autodream.settings import Settings

    settings = Settings.resolve(str(sample), env=_env())
    state = settings.state_dir
    outside = tmp_path / "theirs.txt"
    outside.write_text("theirs\n")
    os.utime(outside, (1_000_000, 1_000_000))
    if writer == "run image":
        dest = state / "runs" / "R" / "before" / "small_prs.md"
        dest.parent.mkdir(parents=True)
        os.symlink(outside, dest)
        with pytest.raises(OSError):
            commit._write_image(state / "runs" / "R", "before/small_prs.md", b"ours\n", set())
        if commit.BY_DIR_FD:  # (as a commit writes it: from the run dir it opened)
            run = os.open(state / "runs" / "R", os.O_RDONLY | os.O_DIRECTORY)
            try:
                with pytest.raises(OSError):
                    commit._write_image(run, "before/small_prs.md", b"ours\n", set())
            finally:
                os.close(run)
    elif writer == "temp file of an atomic write":
        state.mkdir()
        dest = state / "offsets.json"
        os.symlink(outside, commit._temp_path(dest, "offsets"))
        with pytest.raises(OSError):
            commit.write_atomic(dest, b"ours\n", tag="offsets")
        assert not dest.exists()
    elif writer == "hook log":
        (state / "logs").mkdir(parents=True)
        os.symlink(outside, state / "logs" / hook.DREAM_LOG_FILENAME)
        hook.log_line(state, 2_000_000.0, "ours")  # (never fails the turn: says why with DEBUG)
    else:
        state.mkdir()
        os.symlink(outside, gates.scan_stamp_path(settings))
        with pytest.raises(OSError):
            gates._touch_stamp(settings, 2_000_000.0)
    assert outside.read_text() == "theirs\n"
    assert os.stat(outside).st_mtime == 1_000_000


def test_the_hook_neither_reads_nor_believes_a_lock_linked_to_a_file_outside(
    sample: Path, tmp_path: Path
) -> None:
    """The hook's time gate looked at the lock before any link check: a teammate's
    ``.consolidate-lock -> elsewhere`` had its target read (and a live PID found in it) and the
    turn said "time gate closed: a dream is running", never that the link is there."""
    memory = sample / "memory"
    theirs = tmp_path / "elsewhere" / "lock"
    theirs.parent.mkdir()
    theirs.write_text(f"{os.getpid()}\n")  # a live holder, a fresh date
    os.symlink(theirs, memory / ".consolidate-lock")
    before, body = _tree(memory), theirs.read_bytes()
    env = {k: v for k, v in _env().items() if k != "AUTODREAM_NOW"}  # the real clock
    hook = _hook(sample, env)
    assert hook.returncode == 0
    said = hook.stderr.strip()
    assert "a dream is running" not in said
    assert "no dream started" in said
    assert f"{memory / '.consolidate-lock'} is a symlink" in said and "remove the link" in said
    assert _tree(memory) == before and theirs.read_bytes() == body


def test_a_turn_whose_scan_is_throttled_lists_no_run_yet_a_turn_that_would_dream_finds_the_link(
    dreamt: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Past min_hours the hook listed every folder of every run kept, each turn, to look for
    links (~90 ms a turn at 500 runs, bench/bench_hook.py) even when its scan gate then closed:
    that walk is for a turn that would start a dream. A link deep in a run is still found
    there, and no dream is started."""
    from autodream import hook

    sample = tmp_path / "sample_project"
    shutil.copytree(dreamt, sample, symlinks=True)
    _sessions_said_since(sample)
    memory = sample / "memory"
    runs = memory / ".autodream" / "runs"
    (run_id,) = os.listdir(runs)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    link = _link_to_a_copy(memory, f".autodream/runs/{run_id}/before", elsewhere)
    later = datetime.fromisoformat(LATER.replace("Z", "+00:00")).timestamp()
    stamp = memory / ".autodream" / "scan-stamp"
    stamp.touch()
    os.utime(stamp, (later - 30, later - 30))  # scan_interval_minutes = 1: the gate is closed
    listed: list[str] = []
    real_scandir = os.scandir

    def scandir(path: str | os.PathLike[str] = ".") -> object:
        listed.append(os.fspath(path))
        return real_scandir(path)

    monkeypatch.setattr(os, "scandir", scandir)
    monkeypatch.setattr(hook, "read_stdin", lambda: json.dumps({"cwd": str(sample)}).encode())
    env = {**_env(), "AUTODREAM_NOW": LATER}

    said = hook._run(env)
    assert said.startswith("scan gate closed"), said
    assert not [path for path in listed if path.startswith(str(runs))]

    os.utime(stamp, (later - 3600, later - 3600))  # the throttle has passed: the gates open
    listed.clear()
    said = hook._run(env)
    assert "no dream started" in said and f"{link} is a symlink" in said, said
    assert [path for path in listed if path.startswith(str(runs))]


@needs_dir_fd
@pytest.mark.parametrize("writer", ["scan stamp", "scan stamp given back",
                                    "scan stamp taken back", "hook log"])
def test_no_hook_write_goes_through_a_state_dir_swapped_for_a_link_after_the_check(
    sample: Path, tmp_path: Path, writer: str
) -> None:
    """The hook checks the state dir once, then its gates stamp the throttle and it appends to
    its log there, by path: a state dir swapped for a link in between (a sync tool, a
    teammate's checkout) had the stamp made or dated, or taken back (a failed dream gives the
    scan back), and the log written, where the link points. They are now made in the state
    dir opened without following a link."""
    from autodream import gates, hook
    from autodream.settings import Settings

    settings = Settings.resolve(str(sample), env=_env())
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    theirs = elsewhere / gates.SCAN_STAMP_FILENAME
    theirs.write_text("theirs\n")
    os.utime(theirs, (1_000_000, 1_000_000))
    os.symlink(elsewhere, settings.state_dir)  # (as if swapped in after the check)
    before = _tree(elsewhere)
    if writer == "scan stamp":
        with pytest.raises(OSError):
            gates._touch_stamp(settings, 2_000_000.0)
    elif writer == "hook log":
        hook.log_line(settings.state_dir, 2_000_000.0, "ours")
    else:
        prior = 1_500_000.0 if writer.endswith("given back") else None
        gates.restore_stamp(settings, gates.GateReport(stamped=True, prior_stamp=prior))
    assert _tree(elsewhere) == before
    assert os.stat(theirs).st_mtime == 1_000_000


def _swap_state(memory: Path, elsewhere: Path, moved: Path) -> dict[str, bytes | str]:
    """``memory/.autodream`` swapped for a link to a copy of it in ``elsewhere``, the real one
    moved to ``moved`` (a sync tool, a teammate's checkout, mid-dream); the copy as made."""
    shutil.copytree(memory / ".autodream", elsewhere, symlinks=True)
    os.rename(memory / ".autodream", moved)
    os.symlink(elsewhere, memory / ".autodream")
    return _tree(elsewhere)


def _memory_files(memory: Path) -> dict[str, bytes | str]:
    return {rel: data for rel, data in _tree(memory).items() if not rel.startswith(".")}


def _intents(root: Path) -> dict[str, str]:
    return {path.parent.name: json.loads(path.read_text())["state"]
            for path in sorted(root.glob("runs/*/commit.json"))}


@needs_dir_fd
@pytest.mark.parametrize("at", ["before the commit", 1, 9, "after the last file"])
def test_a_state_dir_swapped_for_a_link_during_the_commit_leaves_memory_as_it_was(
    sample: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, at: int | str
) -> None:
    """The links are looked for once, as a dream starts. ``memory/.autodream`` swapped for a
    link to a copy of it before the commit had its images and commit.json written where the
    link points and each memory file the dream deletes MOVED there; swapped while the files
    were applied, a commit that read its images back by a walk from the memory dir failed at
    the first and left memory half changed, its intent 'applying'. The commit opens its run
    dir once and works from it: the dream fails, memory is as it was, the commit's own run dir
    (wherever it was moved) says it rolled back, and nothing is written (or removed) where the
    link points: neither the run's record nor its DREAMS.md entry, nor its staging copy."""
    from autodream.memory import commit as commit_mod

    memory = sample / "memory"
    elsewhere, moved = tmp_path / "elsewhere", tmp_path / "state-moved"
    real_commit, real_apply = commit_mod.commit, commit_mod._apply
    seen: dict[str, Any] = {"applied": 0}

    def swap() -> None:
        seen["copy"] = _swap_state(memory, elsewhere, moved)

    def committing(memory_dir: Path, source: Path, changes: Any, *args: Any,
                   **kwargs: Any) -> None:
        seen["total"] = len(changes)
        if at == "before the commit":
            swap()
        try:
            real_commit(memory_dir, source, changes, *args, **kwargs)
        finally:
            seen["after commit"] = _tree(elsewhere)

    def applying(*args: Any, **kwargs: Any) -> None:
        seen["applied"] += 1
        if seen["applied"] == at:
            swap()
        real_apply(*args, **kwargs)
        if at == "after the last file" and seen["applied"] == seen["total"]:
            swap()

    monkeypatch.setattr(commit_mod, "commit", committing)
    monkeypatch.setattr(commit_mod, "_apply", applying)
    before = _memory_files(memory)
    result = CliRunner().invoke(cli, ["--force", "--project", str(sample)], env=_env())
    assert seen["total"] >= 9  # (the sample dream changes enough files to swap at the 9th)
    assert result.exit_code == 10, result.output
    # (was 'swapped for a link, or moved,': what stands there is said)
    assert "was swapped for a link during the commit; nothing was committed" in result.stderr
    assert _memory_files(memory) == before
    assert seen["after commit"] == seen["copy"]  # no image, intent or trash written there
    # nor the failed run's record or its DREAMS.md entry, nor its staging copy removed there
    assert _tree(elsewhere) == seen["copy"]
    # the commit's own run dir, moved away with the state dir, says what happened to memory
    assert set(_intents(moved).values()) <= {"rolled-back"}
    assert not list(moved.glob("runs/*/removed/**/*.md"))

    status = CliRunner().invoke(cli, ["status", "--project", str(sample)], env=_env())
    assert "is a symlink" in status.stdout and "interrupted:" not in status.stdout
    os.unlink(memory / ".autodream")  # (as the dream asked)
    status = CliRunner().invoke(cli, ["status", "--project", str(sample)], env=_env())
    assert status.exit_code == 0 and "interrupted:" not in status.stdout
    assert _memory_files(memory) == before


@needs_dir_fd
def test_a_staging_copy_or_old_run_is_removed_by_no_walk_through_a_link(
    sample: Path, tmp_path: Path
) -> None:
    """A dream removes its staging copy (and old runs, and the staging copies of runs that
    died) by path: with ``memory/.autodream`` swapped for a link after the dream's check, the
    folders of the same names where it points were removed in their stead. Each is removed by a
    walk from the memory dir that follows no link: nothing there is touched, and a link inside
    a folder removed is removed itself, never what it points at."""
    from autodream import journal
    from autodream.memory.staging import Staging

    memory = sample / "memory"
    state = memory / ".autodream"
    theirs = tmp_path / "theirs"
    theirs.mkdir()
    (theirs / "keep.md").write_text("theirs\n")
    (state / "staging" / "R" / "sub").mkdir(parents=True)
    (state / "staging" / "R" / "sub" / "a.md").write_text("ours\n")
    os.symlink(theirs, state / "staging" / "R" / "sub" / "link")
    Staging(memory, state / "staging" / "R", {}).discard()
    assert not (state / "staging" / "R").exists()
    assert _tree(theirs) == {"keep.md": b"theirs\n"}

    elsewhere = tmp_path / "elsewhere"
    for rel in ("staging/S/a.md", "runs/20260101T000000Z-0001/record.json",
                "runs/20260102T000000Z-0001/record.json", "runs/20260103T000000Z-0001/x"):
        (elsewhere / rel).parent.mkdir(parents=True, exist_ok=True)
        (elsewhere / rel).write_text("{}\n")
    shutil.rmtree(state)
    os.symlink(elsewhere, state)
    before = _tree(elsewhere)
    Staging(memory, state / "staging" / "S", {}).discard()
    journal.prune_runs(state, 1)
    assert _tree(elsewhere) == before
