"""A memory, sessions or index file autodream cannot read: one file the person locked away is
left as found and the dream goes on; what no dream can get past is one line before the lock,
and ``status`` names it instead of saying every gate is open."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from autodream.cli import cli
from tests.test_cli_dream import clean_env, dream

AS_ROOT = os.geteuid() == 0
needs_file_modes = pytest.mark.skipif(AS_ROOT, reason="root reads a file whatever its mode")


def _deny_copy(monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    """Reading ``name`` fails as a mode 000 file does for its owner (root ignores modes):
    opened to read by path or from its folder's descriptor, or copied by path."""
    real, real_open = shutil.copyfile, os.open

    def copyfile(src: Any, dst: Any, *args: Any, **kwargs: Any) -> Any:
        if Path(src).name == name:
            raise PermissionError(13, "Permission denied", str(src))
        return real(src, dst, *args, **kwargs)

    def open_(path: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        if Path(path).name == name and flags & os.O_ACCMODE == os.O_RDONLY:
            raise PermissionError(13, "Permission denied", os.fspath(path))
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(shutil, "copyfile", copyfile)
    monkeypatch.setattr(os, "open", open_)


DANA_LINE = "- [Dana](user_dana.md) — Dana, data engineer; maintains csvstat in spare time"


@pytest.mark.parametrize("dry_run", [False, True])
@pytest.mark.parametrize("name", ["user_dana.md", "quinn.md"])  # linked from MEMORY.md, or not
def test_an_unreadable_topic_file_is_left_as_found_and_the_dream_goes_on(
        sample: Path, monkeypatch: pytest.MonkeyPatch, name: str,
        dry_run: bool) -> None:
    memory = sample / "memory"
    if name == "quinn.md":
        (memory / name).write_text("---\nname: Quinn\ndescription: QA lead\ntype: user\n---\n"
                                   "\nQuinn leads QA.\n", encoding="utf-8")
    data = (memory / name).read_bytes()
    _deny_copy(monkeypatch, name)
    code, out, err = dream(sample, *(["--dry-run"] if dry_run else []))
    # was: "Error: dream failed: PermissionError: [Errno 13] ..." (exit 6)
    assert code == 0, out + err
    assert "PermissionError" not in out + err
    assert "left as found" in err and f"{name}: cannot be read (Permission denied)" in err
    assert (memory / name).read_bytes() == data
    assert DANA_LINE in (memory / "MEMORY.md").read_text(encoding="utf-8")
    assert f"  - {name}" not in out and f"  ~ {name}" not in out  # neither deleted nor changed
    if not dry_run:
        shown = CliRunner().invoke(cli, ["show", "--project", str(sample)], env=clean_env())
        assert f"found    {name}: cannot be read" in shown.stdout


@needs_file_modes
def test_a_mode_000_topic_file_is_left_as_found(sample: Path) -> None:
    memory = sample / "memory"
    data = (memory / "user_dana.md").read_bytes()
    (memory / "user_dana.md").chmod(0)
    try:
        code, out, err = dream(sample)
    finally:
        (memory / "user_dana.md").chmod(0o644)
    assert code == 0, out + err
    assert "user_dana.md: cannot be read (Permission denied)" in err
    assert (memory / "user_dana.md").read_bytes() == data


def _deny(monkeypatch: pytest.MonkeyPatch, function: str, path: Path) -> None:
    """``os.<function>`` on ``path`` fails as on a mode 000 file or dir (root ignores modes)."""
    real = getattr(os, function)

    def denied(target: Any, *args: Any, **kwargs: Any) -> Any:
        if os.fspath(target) == str(path):
            raise PermissionError(13, "Permission denied", str(path))
        return real(target, *args, **kwargs)

    monkeypatch.setattr(os, function, denied)


def _unreadable_index(project: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    _deny(monkeypatch, "open", project / "memory" / "MEMORY.md")
    return "cannot read " + str(project / "memory" / "MEMORY.md") + ": Permission denied"


def _index_a_directory(project: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    index = project / "memory" / "MEMORY.md"
    index.unlink()
    index.mkdir()
    return f"cannot use {index}: it is a directory"


def _symlinked_index(project: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    index = project / "memory" / "MEMORY.md"
    shared = project / "shared-MEMORY.md"
    index.replace(shared)
    index.symlink_to(shared)
    return "MEMORY.md is a symlink"


def _no_key(project: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    with (project / "autodream.toml").open("a", encoding="utf-8") as fh:
        fh.write('\nbackend = "anthropic"\n')
    toml = (project / "autodream.toml").read_text(encoding="utf-8")
    (project / "autodream.toml").write_text(toml.replace('backend = "local"\n', ""),
                                            encoding="utf-8")
    return "backend anthropic needs an API key"


def _unreadable_sessions(project: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    _deny(monkeypatch, "scandir", project / "sessions")
    return f"cannot use {project / 'sessions'}: Permission denied"


def _deny_new_entries(monkeypatch: pytest.MonkeyPatch, folder: Path) -> None:
    """``folder`` acts as a mode 555 dir does for its owner (root ignores modes): its files
    can be read and written, no name made, removed or renamed in it."""
    real_open, real_mkdir, real_access = os.open, os.mkdir, os.access

    def entry(target: Any) -> bool:
        return Path(os.path.abspath(os.fspath(target))).parent == folder

    def opened(target: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        if flags & os.O_CREAT and entry(target) and not os.path.lexists(target):
            raise PermissionError(13, "Permission denied", os.fspath(target))
        return real_open(target, flags, *args, **kwargs)

    def made(target: Any, *args: Any, **kwargs: Any) -> None:
        if entry(target):
            raise PermissionError(13, "Permission denied", os.fspath(target))
        real_mkdir(target, *args, **kwargs)

    def access(target: Any, mode: int, *args: Any, **kwargs: Any) -> bool:
        if Path(os.fspath(target)) == folder and mode & os.W_OK:
            return False
        return real_access(target, mode, *args, **kwargs)

    monkeypatch.setattr(os, "open", opened)
    monkeypatch.setattr(os, "mkdir", made)
    monkeypatch.setattr(os, "access", access)


def _read_only_memory_dir(project: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    _deny_new_entries(monkeypatch, project / "memory")
    return f"cannot write the memory dir {project / 'memory'}: Permission denied"


# each: what breaks every dream, and the exit code the dream gives it
BLOCKERS = {
    "unreadable MEMORY.md": (_unreadable_index, 1),
    "MEMORY.md a directory": (_index_a_directory, 1),
    "symlinked MEMORY.md": (_symlinked_index, 10),
    "anthropic without a key": (_no_key, 8),
    "unreadable sessions dir": (_unreadable_sessions, 1),
    "read-only memory dir": (_read_only_memory_dir, 1),
}


@pytest.mark.parametrize("case", sorted(BLOCKERS))
def test_status_names_what_fails_every_dream_and_the_dream_refuses_it_before_the_lock(
        sample: Path, monkeypatch: pytest.MonkeyPatch, case: str) -> None:
    break_it, code = BLOCKERS[case]
    said = break_it(sample, monkeypatch)
    before = {p.name: p.read_bytes() for p in (sample / "memory").glob("*.md") if p.is_file()}
    status = CliRunner().invoke(cli, ["status", "--project", str(sample)], env=clean_env())
    # was: "verdict: all gates open" (or, for the sessions dir, no report at all: exit 1)
    assert status.exit_code == 0, status.output
    assert "verdict:      a dream would fail (the problem above)" in status.stdout
    (problem,) = [line for line in status.stdout.splitlines() if line.startswith("problem:")]
    assert said in problem and f"(a dream fails, exit {code})" in problem
    assert "gates (cheapest first):" in status.stdout and "backend:" in status.stdout
    as_json = CliRunner().invoke(cli, ["status", "--json", "--project", str(sample)],
                                 env=clean_env())
    (listed,) = json.loads(as_json.stdout)["problems"]
    assert said in listed["error"] and listed["exit_code"] == code
    result = CliRunner().invoke(cli, ["--force", "--project", str(sample)], env=clean_env())
    assert result.exit_code == code
    (line,) = result.stderr.splitlines()
    assert said in line and "Error" not in line[len("Error: "):]
    assert {p.name: p.read_bytes() for p in (sample / "memory").glob("*.md")
            if p.is_file()} == before
    # refused before the lock was taken: no run recorded, no lock left behind
    assert not (sample / "memory" / ".autodream" / "runs").exists()
    assert not (sample / "memory" / ".consolidate-lock").exists()


def test_a_readable_memory_has_no_problem_line(sample: Path) -> None:
    status = CliRunner().invoke(cli, ["status", "--project", str(sample)], env=clean_env())
    assert "problem:" not in status.stdout and "all gates open" in status.stdout
    as_json = CliRunner().invoke(cli, ["status", "--json", "--project", str(sample)],
                                 env=clean_env())
    assert json.loads(as_json.stdout)["problems"] == []


@needs_file_modes
def test_a_mode_000_index_is_a_one_line_error(sample: Path) -> None:
    index = sample / "memory" / "MEMORY.md"
    index.chmod(0)
    try:
        code, _out, err = dream(sample)
    finally:
        index.chmod(0o644)
    assert code == 1 and err.startswith(f"Error: cannot read {index}: Permission denied")


@pytest.mark.parametrize("dreamt_before", [False, True])
def test_a_read_only_memory_dir_is_one_line_and_a_dry_run_still_previews(
        sample: Path, monkeypatch: pytest.MonkeyPatch, dreamt_before: bool) -> None:
    memory = sample / "memory"
    if dreamt_before:  # (its state dir is there: the dream got as far as the lock's temp file)
        assert dream(sample)[0] == 0
        for session in (sample / "sessions").glob("*.jsonl"):
            session.write_text(session.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    before = {p.relative_to(memory).as_posix(): p.read_bytes()
              for p in memory.rglob("*") if p.is_file()}
    _deny_new_entries(monkeypatch, memory)
    code, out, err = dream(sample)
    # was: "Error: cannot use .../memory/.consolidate-lock.4357.tmp: Permission denied" (or
    # ".../memory/.autodream"), names the person never made
    assert code == 1, out + err
    (line,) = err.splitlines()
    assert line.startswith(f"Error: cannot write the memory dir {memory}: Permission denied; ")
    assert "--dry-run previews" in line and ".tmp" not in line
    code, out, err = dream(sample, "--dry-run")
    # was: the same error as the dream's (exit 1), nothing previewed
    assert code == 0, out + err
    assert "dry-run: local engine" in out and "autodream-dry-run-" not in out + err
    assert {p.relative_to(memory).as_posix(): p.read_bytes()
            for p in memory.rglob("*") if p.is_file()} == before


@needs_file_modes
def test_a_mode_555_memory_dir_is_one_line(sample: Path) -> None:
    memory = sample / "memory"
    memory.chmod(0o555)
    try:
        code, _out, err = dream(sample)
        dry, _out, _err = dream(sample, "--dry-run")
    finally:
        memory.chmod(0o755)
    assert code == 1 and err.startswith(f"Error: cannot write the memory dir {memory}")
    assert dry == 0
