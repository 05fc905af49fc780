"""``memory/.autodream`` at mode 555 (a read-only copy, a teammate's checkout): an undo or a
dream refuses before its commit, memory as it was, instead of committing and then failing on
what it saves there afterwards."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from autodream.cli import cli
from tests.test_cli_dream import clean_env, dream
from tests.test_cli_scrub import SECRET, project, snapshot  # noqa: F401  (fixture)
from tests.test_cli_walk import DROP_ROOT_POWERS, _say, _without_root_powers, modes_bite
from tests.test_state_dir_links import _memory_files, _tree


@pytest.mark.parametrize("command", [["undo"], ["--force"]])
def test_a_read_only_state_dir_is_said_before_the_commit(
        sample: Path, tmp_path: Path, command: list[str]) -> None:
    """Was (undo): memory put back as before the dream, then 'Error: cannot use
    .offsets.json.offsets.tmp: Permission denied' (exit 1): a failed command had changed
    memory, the undo recorded nowhere. (A dream committed, then failed on DREAMS.md.)"""
    as_root = modes_bite(tmp_path)
    assert dream(sample)[0] == 0
    memory = sample / "memory"
    state = memory / ".autodream"
    if command == ["--force"]:  # a new session for the dream to read
        sessions = sorted((sample / "sessions").glob("*.jsonl"))
        os.utime(sessions[0])
        (sample / "sessions" / "extra.jsonl").write_bytes(sessions[0].read_bytes())
    before = _memory_files(memory)
    state.chmod(0o555)
    try:
        code, out, err = (_without_root_powers if as_root else _say)(sample, command)
    finally:
        state.chmod(0o755)
    assert code == 1, out + err
    assert err.splitlines() == [
        f"Error: cannot write the state dir {state}: Permission denied; a dream or an undo keeps "
        f"its run record, the read positions and DREAMS.md there: make it writable (chmod u+w "
        f"{state}) or run as its owner"]
    assert _memory_files(memory) == before
    # made writable, the same command goes through
    code, out, err = _say(sample, command)
    assert code == 0, out + err
    if command == ["undo"]:
        assert _memory_files(memory) != before


@pytest.mark.parametrize("locked", [".autodream", ".autodream/runs"])
def test_a_read_only_state_dir_is_said_before_a_scrub_changes_memory(
        project: Path, tmp_path: Path, locked: str) -> None:  # noqa: F811
    """Was: the value replaced with the placeholder in memory, then 'Error: cannot use
    .DREAMS.md.autodream.tmp: Permission denied' (exit 1): a failed scrub had changed memory
    and was recorded nowhere, the value still in the run records it had not reached. (The
    runs folder alone at mode 555: 'cannot use .../runs/<new id>: Permission denied', its
    record's folder, after memory was changed.)"""
    as_root = modes_bite(tmp_path)
    memory = project / "memory"
    state = memory / ".autodream"
    # (the lock's guard made, as any command taking the lock makes it: else the scrub failed
    # making it, before memory was touched)
    assert CliRunner().invoke(cli, ["scrub", "--dry-run", "--project", str(project)],
                              input=SECRET, env=clean_env()).exit_code == 0
    assert (state / "lock.guard").exists()
    before = snapshot(memory)
    folder = memory / locked
    folder.mkdir(exist_ok=True)
    folder.chmod(0o555)
    try:
        drop = DROP_ROOT_POWERS if as_root else []
        proc = subprocess.run(
            [*drop, sys.executable, "-m", "autodream.cli", "scrub", "--project", str(project)],
            input=SECRET, capture_output=True, text=True, check=False,
            env={**clean_env(), "PYTHONPATH": str(Path(__file__).resolve().parent.parent)})
    finally:
        folder.chmod(0o755)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert proc.stderr.splitlines() == ([
        f"Error: cannot write the state dir {state}: Permission denied; a scrub replaces the "
        "value in the run records there too, and keeps its own record and DREAMS.md there: "
        f"make it writable (chmod u+w {state}) or run as its owner"] if folder == state else [
        f"Error: cannot write {folder}: Permission denied; a scrub makes a folder for its own "
        f"record there: make it writable (chmod u+w {folder}) or run as its owner"])
    assert snapshot(memory) == before
    # made writable, the same scrub goes through
    result = CliRunner().invoke(cli, ["scrub", "--project", str(project)], input=SECRET,
                                env=clean_env())
    assert result.exit_code == 0, result.output
    assert SECRET.encode() not in b"".join(snapshot(memory).values())


@pytest.mark.parametrize("memory_mode", [0o555, 0o755], ids=["memory 555", "memory 755"])
def test_a_dry_run_with_a_read_only_state_dir_previews_in_a_copy(
        sample: Path, tmp_path: Path, memory_mode: int) -> None:
    """Was: 'Error: dream failed: PermissionError: [Errno 13] Permission denied:
    '.DREAMS.md.autodream.tmp'' (exit 6), the memory dir at mode 555 or not: the dry run wrote
    its record there (in the copy a read-only memory dir is previewed in, the state dir's mode
    555 copied too). A dry run writes nothing: it previews in a writable copy."""
    as_root = modes_bite(tmp_path)
    assert dream(sample)[0] == 0
    memory = sample / "memory"
    state = memory / ".autodream"
    before = _tree(memory)
    state.chmod(0o555)
    memory.chmod(memory_mode)
    try:
        code, out, err = (_without_root_powers if as_root else _say)(
            sample, ["--force", "--dry-run"])
    finally:
        memory.chmod(0o755)
        state.chmod(0o755)
    assert code == 0, out + err
    assert out.startswith("dry-run: local engine, "), out
    assert _tree(memory) == before  # not even a lock or a run record


def _without_run_ids(text: str) -> str:
    return re.sub(r"\b\d{8}T\d{6}Z-[0-9a-f]{4}\b", "<id>", text)


@pytest.mark.parametrize("left", ["a file mode 000", "a named pipe", "a folder mode 000"])
def test_a_dry_run_in_a_copy_says_what_a_dream_leaves_as_found(
        sample: Path, tmp_path: Path, left: str) -> None:
    """Was: 'Error: [('.../small_prs.md', '/tmp/autodream-dry-run-...', "[Errno 13]
    Permission denied: ...")]' (exit 1), or '... is a named pipe': the copy a read-only state
    dir is previewed in failed on what the dream itself leaves as found and notes. The preview
    in the copy now says what the one in place says, notes and all."""
    as_root = modes_bite(tmp_path)
    assert dream(sample)[0] == 0
    memory = sample / "memory"
    state = memory / ".autodream"
    sessions = sorted((sample / "sessions").glob("*.jsonl"))
    (sample / "sessions" / "extra.jsonl").write_bytes(sessions[0].read_bytes())
    if left == "a file mode 000":
        odd = memory / "small_prs.md"
        odd.chmod(0)
    elif left == "a named pipe":
        odd = memory / "pipe.md"
        os.mkfifo(odd)
    else:
        odd = memory / "notes"
        odd.mkdir()
        (odd / "kept.md").write_text("# Kept\n\nkept as found\n")
        odd.chmod(0)
    said = {}
    try:
        for mode in (0o755, 0o555):
            state.chmod(mode)
            before = _tree(memory)
            said[mode] = (_without_root_powers if as_root else _say)(
                sample, ["--force", "--dry-run"])
            state.chmod(0o755)
            assert said[mode][0] == 0, said[mode]
            if mode == 0o555:
                assert _tree(memory) == before  # not even a lock or a run record
    finally:
        state.chmod(0o755)
        odd.chmod(0o755)
    in_place, in_a_copy = (tuple(_without_run_ids(t) for t in said[m][1:]) for m in (0o755, 0o555))
    assert in_a_copy == in_place
    if left == "a file mode 000":
        assert ("note: left as found (fix it by hand): small_prs.md: cannot be read (Permission "
                "denied); fix its permissions") in in_a_copy[1]


def test_sigterm_during_the_copy_of_a_dry_run_removes_it(
        sample: Path, tmp_path: Path) -> None:
    """Was: the throwaway copy a read-only state dir is previewed in left in TMPDIR, whole or
    in part (38 MB of a real memory dir, undo copies and all), by a SIGTERM while it was made
    (or removed): now it is removed, as on Ctrl-C, and the dry run ends 143."""
    as_root = modes_bite(tmp_path)
    assert dream(sample)[0] == 0
    memory = sample / "memory"
    state = memory / ".autodream"
    bulk = memory / "archive"  # (a copy that takes a while)
    bulk.mkdir()
    for n in range(20000):
        (bulk / f"{n}.txt").write_bytes(b"x" * 64)
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    state.chmod(0o555)
    try:
        drop = DROP_ROOT_POWERS if as_root else []
        proc = subprocess.Popen(
            [*drop, sys.executable, "-m", "autodream.cli", "--force", "--dry-run",
             "--project", str(sample)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            env={**clean_env(), "TMPDIR": str(scratch),
                 "PYTHONPATH": str(Path(__file__).resolve().parent.parent)})
        deadline = time.monotonic() + 60
        while not any(scratch.glob("autodream-dry-run-*/*/archive/*")):
            assert proc.poll() is None and time.monotonic() < deadline, proc.communicate()
            time.sleep(0.002)
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=60)
    finally:
        state.chmod(0o755)
    assert proc.returncode == 143, (out, err)
    assert list(scratch.iterdir()) == []


def test_a_dry_run_in_a_copy_leaves_the_undo_copies_out(
        sample: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Was: the undo copies of every kept run (runs/<id>/before, after, removed, trash: most
    of a state dir) copied for a preview that never reads them (134 MB of memory: 4.4 s,
    against 1.9 s for the dry run in place). The records are copied (what the dreams wrote
    tells the person's own edits), the preview the same."""
    import shutil

    assert dream(sample)[0] == 0
    memory = sample / "memory"
    state = memory / ".autodream"
    (run,) = (state / "runs").iterdir()
    assert (run / "before").is_dir()
    # (a title the person changed since the dream wrote it: the index says theirs, which the
    # preview can tell only from the dream's 'after' copy, review rev100)
    (topic,) = memory.glob("feedback_dont-add-pandas.md")
    topic.write_text(topic.read_text().replace("name: Don't add pandas",
                                               "name: No pandas dependency"))
    in_place = dream(sample, "--dry-run")
    assert "[No pandas dependency]" in in_place[1]
    real_access = os.access
    copied: list[str] = []
    real_copy = shutil.copy2

    def access(path: Any, mode: int, **kw: Any) -> bool:  # a mode 555 state dir, not as root
        return False if Path(path) == state else real_access(path, mode, **kw)

    def copy2(src: Any, dst: Any, **kw: Any) -> Any:
        copied.append(Path(src).relative_to(memory).as_posix())
        return real_copy(src, dst, **kw)

    monkeypatch.setattr(os, "access", access)
    monkeypatch.setattr(shutil, "copy2", copy2)
    in_a_copy = dream(sample, "--dry-run")
    assert in_a_copy[0] == 0, in_a_copy
    assert _without_run_ids(in_a_copy[1]) == _without_run_ids(in_place[1])
    assert f".autodream/runs/{run.name}/record.json" in copied
    assert not [c for c in copied if c.startswith(f".autodream/runs/{run.name}/")
                and c.count("/") > 3 and f"/{run.name}/after/" not in c], copied


@pytest.mark.parametrize("error", ["an I/O error", "a full disk while copying",
                                   "a read error while copying"])
def test_a_dry_run_in_a_copy_says_the_real_error_of_a_file_it_could_not_copy(
        sample: Path, monkeypatch: pytest.MonkeyPatch, error: str) -> None:
    """Was: a memory file the dry run's copy could not read was left there as an empty file of
    mode 000, so the preview said 'small_prs.md: cannot be read (Permission denied); fix its
    permissions' whatever the error was (an I/O error), or, as root, read it as empty; and a
    full disk on the copy's side (sendfile names the source file in its error) was taken for
    the source's, every file after it 'Permission denied'. The preview says the error a dream
    in place meets, and a copy that fails says so."""
    import errno
    import shutil
    import tempfile

    assert dream(sample)[0] == 0
    memory = sample / "memory"
    state = memory / ".autodream"
    odd = memory / "small_prs.md"
    real_access, real_open, real_copy = os.access, os.open, shutil.copy2

    def access(path: Any, mode: int, **kw: Any) -> bool:  # a mode 555 state dir, not as root
        return False if Path(path) == state else real_access(path, mode, **kw)

    def broken_open(path: Any, flags: int, *args: Any, **kw: Any) -> int:
        if error == "an I/O error" and "dir_fd" not in kw and Path(path) == odd:
            raise OSError(errno.EIO, os.strerror(errno.EIO), str(path))
        return real_open(path, flags, *args, **kw)

    def failing_copy(src: Any, dst: Any, **kw: Any) -> Any:
        if Path(src) == odd:
            code = errno.ENOSPC if error == "a full disk while copying" else errno.EIO
            failure = OSError(code, os.strerror(code))
            # (as open names the file it could not open, and sendfile both of its files)
            failure.filename = str(src)
            failure.filename2 = None if error == "an I/O error" else str(dst)
            raise failure
        return real_copy(src, dst, **kw)

    monkeypatch.setattr(os, "access", access)
    monkeypatch.setattr(os, "open", broken_open)
    monkeypatch.setattr(shutil, "copy2", failing_copy)
    code, out, err = dream(sample, "--dry-run")
    if error == "an I/O error":
        assert code == 0, out + err
        assert ("note: left as found (fix it by hand): small_prs.md: cannot be read "
                "(Input/output error); fix its permissions") in out + err, out + err
        assert "Permission denied" not in out + err
    elif error == "a read error while copying":
        # (the original opened, then sendfile failed reading it: no advice to free TMPDIR)
        assert (code, out) == (1, ""), out + err
        [said] = err.splitlines()
        assert said.startswith("Error: cannot copy memory for the dry run (its scratch copy is "
                               f"in TMPDIR, {tempfile.gettempdir()}): {odd} -> "), said
        assert said.endswith("/small_prs.md: Input/output error"), said
    else:
        # (the copy's side named, and the disk it is on: 'Error: cannot use <memory>/
        # small_prs.md -> <copy>/small_prs.md: No space left on device' named the memory's)
        assert (code, out) == (1, ""), out + err
        [said] = err.splitlines()
        assert said.startswith("Error: cannot make the dry run's scratch copy of memory in "
                               f"TMPDIR ({tempfile.gettempdir()}): {odd} -> "), said
        assert said.endswith("/small_prs.md: No space left on device; free space there, or set "
                             "TMPDIR to a folder on another disk"), said


def test_a_read_only_state_dir_is_said_before_scrub_urls_rewrites_a_record(
        project: Path, tmp_path: Path) -> None:  # noqa: F811
    """Was: the run records rewritten (their folders writable), then 'Error: cannot rewrite a
    record: ... .DREAMS.md.scrub.tmp: Permission denied': half the journal masked, the diary
    still holding the password."""
    as_root = modes_bite(tmp_path)
    memory = project / "memory"
    state = memory / ".autodream"
    said = " cannot reach http://bob:hunter2pass@127.0.0.1:9/v1"
    record = sorted(state.glob("runs/*/record.json"))[0]
    kept = json.loads(record.read_text("utf-8"))
    kept["summary"] += said
    record.write_text(json.dumps(kept), encoding="utf-8")
    with (state / "DREAMS.md").open("a", encoding="utf-8") as diary:
        diary.write(said + "\n")
    assert CliRunner().invoke(cli, ["scrub", "--urls", "--dry-run", "--project", str(project)],
                              env=clean_env()).exit_code == 0
    before = snapshot(memory)
    state.chmod(0o555)
    try:
        drop = DROP_ROOT_POWERS if as_root else []
        proc = subprocess.run(
            [*drop, sys.executable, "-m", "autodream.cli", "scrub", "--urls", "--project",
             str(project)], capture_output=True, text=True, check=False,
            env={**clean_env(), "PYTHONPATH": str(Path(__file__).resolve().parent.parent)})
    finally:
        state.chmod(0o755)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert proc.stderr.splitlines() == [
        f"Error: cannot write the state dir {state}: Permission denied; a scrub of URLs "
        "rewrites the run records and DREAMS.md there: make it writable "
        f"(chmod u+w {state}) or run as its owner"]
    assert snapshot(memory) == before
