"""Forged journal files (``commit.json``, ``record.json``) never make recovery, undo or show touch
anything outside the memory dir: every recorded path is checked, every component below the memory
dir and the run dir is proven not to be a symlink, and a bad record is refused, not acted on."""

from __future__ import annotations

import hashlib
import json
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from autodream import journal
from autodream.cli import cli
from autodream.errors import BadInput, UnsafeRecord
from autodream.memory import commit as commit_mod
from autodream.memory.staging import FileChange, Staging, check_rel_path
from autodream.run import TerminatedBySignal
from tests.factories import REPO_ROOT
from tests.memdirs import NOW, dream, sample_memory, topic, tree, write_tree

VICTIM = b"outside file the user owns\n"
PAYLOAD = b"#!/bin/sh\necho pwned\n"


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _snapshot(root: Path) -> dict[str, str]:
    """Every entry under ``root`` (hidden ones and symlinks too) with the hash of its bytes."""
    out: dict[str, str] = {}
    for dirpath, dirnames, filenames in os.walk(root):
        for name in dirnames + filenames:
            path = Path(dirpath) / name
            rel = path.relative_to(root).as_posix()
            if path.is_symlink():
                out[rel] = "link:" + os.readlink(path)
            elif path.is_file():
                out[rel] = _sha(path.read_bytes())
            else:
                out[rel] = "dir"
    return out


def _world(tmp_path: Path) -> tuple[Path, Path]:
    """A memory dir with ``lnk -> ../outside``, and the sibling dir ``outside`` it points at."""
    memory = sample_memory(tmp_path / "memory")
    outside = write_tree(tmp_path / "outside", {"victim.txt": VICTIM, "payload.sh": PAYLOAD})
    (memory / "lnk").symlink_to(outside, target_is_directory=True)
    return memory, outside


def _path_for(form: str, outside: Path, name: str) -> str:
    return {
        "symlinked-parent": f"lnk/{name}",
        "dotdot": f"../outside/{name}",
        "absolute": str(outside / name),
    }[form]


FORMS = ["symlinked-parent", "dotdot", "absolute"]


@pytest.mark.parametrize("form", FORMS)
def test_recover_quarantines_a_forged_intent_and_touches_nothing_outside(
    tmp_path: Path, form: str
) -> None:
    memory, outside = _world(tmp_path)
    victim, payload = _path_for(form, outside, "victim.txt"), _path_for(form, outside, "payload.sh")
    run_dir = memory / ".autodream" / "runs" / "20260720T090000Z-0001"
    # rolling back "changed victim" would write the before-image over it; "added payload" would
    # delete it: both lie outside the memory dir
    write_tree(run_dir, {"before/lnk/victim.txt": b"forged before-image\n"})
    (run_dir / "commit.json").write_text(json.dumps({
        "version": 1, "run_id": run_dir.name, "pid": 999_999_999, "state": "applying",
        "memory_dir": str(memory),
        "changes": [
            {"path": victim, "kind": "changed", "before_sha256": _sha(b"forged before-image\n"),
             "after_sha256": _sha(VICTIM)},
            {"path": payload, "kind": "added", "after_sha256": _sha(PAYLOAD)},
        ],
    }))
    before_outside, before_memory = _snapshot(outside), tree(memory)

    [result] = commit_mod.recover(memory / ".autodream", memory)

    assert result.action == "quarantined" and result.restored == []
    assert "\n" not in result.reason and result.reason
    assert _snapshot(outside) == before_outside
    assert tree(memory) == before_memory
    assert commit_mod.commit_state(run_dir) == "quarantined"
    assert commit_mod.recover(memory / ".autodream", memory) == []  # never looked at again


def test_journal_recover_does_not_call_a_quarantined_commit_rolled_back(tmp_path: Path) -> None:
    memory, outside = _world(tmp_path)
    state = memory / ".autodream"
    record = journal.begin_run(state, trigger="force", now=NOW)
    record.pid = 999_999_999
    journal.save_run(state, record)
    (journal.run_dir(state, record.id) / "commit.json").write_text(json.dumps({
        "version": 1, "run_id": record.id, "pid": 999_999_999, "state": "applying",
        "memory_dir": str(memory),
        "changes": [{"path": "lnk/payload.sh", "kind": "added", "after_sha256": _sha(PAYLOAD)}],
    }))
    [closed] = journal.recover(memory, state, NOW)
    assert closed.outcome == "failed" and "rolled back" not in closed.reason
    assert (outside / "payload.sh").read_bytes() == PAYLOAD


def test_recover_ignores_an_intent_recorded_for_another_memory_dir(tmp_path: Path) -> None:
    memory = sample_memory(tmp_path / "memory")
    role = (memory / "role.md").read_bytes()
    run_dir = memory / ".autodream" / "runs" / "20260720T090000Z-0002"
    write_tree(run_dir, {"before/role.md": b"an older role\n"})
    (run_dir / "commit.json").write_text(json.dumps({
        "version": 1, "run_id": run_dir.name, "pid": 999_999_999, "state": "applying",
        "memory_dir": str(tmp_path / "some-other-memory"),
        "changes": [{"path": "role.md", "kind": "changed",
                     "before_sha256": _sha(b"an older role\n"), "after_sha256": _sha(role)}],
    }))
    assert commit_mod.recover(memory / ".autodream", memory) == []
    assert (memory / "role.md").read_bytes() == role
    assert commit_mod.commit_state(run_dir) == "applying"


def test_recover_refuses_a_before_image_that_is_a_symlink_out_of_the_run_dir(
    tmp_path: Path,
) -> None:
    memory, outside = _world(tmp_path)
    role = (memory / "role.md").read_bytes()
    run_dir = memory / ".autodream" / "runs" / "20260720T090000Z-0003"
    (run_dir / "before").mkdir(parents=True)
    # the "before-image" is the user's file outside: rolling back would copy it into memory
    (run_dir / "before" / "role.md").symlink_to(outside / "victim.txt")
    (run_dir / "commit.json").write_text(json.dumps({
        "version": 1, "run_id": run_dir.name, "pid": 999_999_999, "state": "applying",
        "memory_dir": str(memory),
        "changes": [{"path": "role.md", "kind": "changed",
                     "before_sha256": _sha(VICTIM), "after_sha256": _sha(role)}],
    }))
    [result] = commit_mod.recover(memory / ".autodream", memory)
    assert result.action == "quarantined" and "symlink" in result.reason
    assert (memory / "role.md").read_bytes() == role


def test_commit_refuses_a_symlink_planted_mid_commit_and_rolls_the_rest_back(
    tmp_path: Path,
) -> None:
    memory, outside = _world(tmp_path)
    staging = Staging.create(memory, memory / ".autodream" / "staging" / "r")
    write_tree(staging.path, {"role.md": "changed role\n", "new/topic.md": "brand new\n"})
    changes = staging.changes()
    old, before_outside = tree(memory), _snapshot(outside)

    def plant(name: str) -> None:
        if name == "intent":  # after the checks of store_images, before any file is applied
            (memory / "new").symlink_to(outside, target_is_directory=True)

    with pytest.raises(UnsafeRecord, match="new is a symlink"):
        commit_mod.commit(memory, staging.path, changes, memory / ".autodream" / "runs" / "r",
                          on_step=plant)
    (memory / "new").unlink()
    assert tree(memory) == old
    assert _snapshot(outside) == before_outside


@pytest.mark.parametrize(
    "path",
    ["../x.md", "a/../../x.md", "/etc/passwd", "", "a//b.md", ".hidden.md", "a/.git/config",
     "./x.md", "a/./b.md", "x\x00.md", 7, None],
)
def test_a_recorded_change_with_an_unsafe_path_is_refused(path: object) -> None:
    with pytest.raises(UnsafeRecord) as info:
        FileChange.from_dict({"path": path, "kind": "added", "after_sha256": _sha(b"x")})
    assert isinstance(info.value, BadInput) and "\n" not in str(info.value)


@pytest.mark.parametrize("path", ["MEMORY.md", "sub/ci.md", "a b/c-d_e.md", "x..y.md"])
def test_ordinary_memory_paths_pass(path: str) -> None:
    assert check_rel_path(path) == path


@pytest.mark.parametrize(
    ("field", "value"),
    [("before_sha256", "../../x"), ("after_sha256", 12), ("before_size", -1),
     ("after_size", "big")],
)
def test_a_recorded_change_with_a_malformed_field_is_refused(field: str, value: object) -> None:
    data: dict[str, Any] = {"path": "x.md", "kind": "changed", "before_sha256": _sha(b"a"),
                            "after_sha256": _sha(b"b"), field: value}
    with pytest.raises(UnsafeRecord, match=field):
        FileChange.from_dict(data)


def _forge_record(memory: Path, changes: list[dict[str, Any]],
                  before: dict[str, bytes | Path]) -> str:
    """A committed run's ``record.json`` written by someone else, with its before-images."""
    state = memory / ".autodream"
    run_id = "20260720T100000Z-00ff"
    base = journal.run_dir(state, run_id)
    for rel, data in before.items():
        image = base / "before" / rel
        image.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(data, Path):
            image.symlink_to(data)
        else:
            image.write_bytes(data)
    base.mkdir(parents=True, exist_ok=True)
    (base / "record.json").write_text(json.dumps({
        "id": run_id, "started_at": "2026-07-20T10:00:00Z", "trigger": "force",
        "outcome": "committed", "changes": changes,
    }))
    return run_id


@pytest.mark.parametrize("form", ["symlinked-parent", "dotdot"])
def test_undo_refuses_a_forged_record_and_touches_nothing_outside(
    tmp_path: Path, form: str
) -> None:
    memory, outside = _world(tmp_path)
    victim = _path_for(form, outside, "victim.txt")
    run_id = _forge_record(
        memory,
        [{"path": victim, "kind": "changed", "before_sha256": _sha(b"overwritten\n"),
          "after_sha256": _sha(VICTIM)}],
        {"lnk/victim.txt": b"overwritten\n"},
    )
    before_outside, before_memory = _snapshot(outside), tree(memory)
    with pytest.raises(UnsafeRecord):
        journal.undo(memory, memory / ".autodream", run_id, now=NOW)
    assert _snapshot(outside) == before_outside
    assert tree(memory) == before_memory


def test_undo_refuses_a_record_whose_before_image_is_a_symlink(tmp_path: Path) -> None:
    memory, outside = _world(tmp_path)
    role = (memory / "role.md").read_bytes()
    run_id = _forge_record(
        memory,
        [{"path": "role.md", "kind": "changed", "before_sha256": _sha(VICTIM),
          "after_sha256": _sha(role)}],
        {"role.md": outside / "victim.txt"},
    )
    with pytest.raises(UnsafeRecord, match="symlink"):
        journal.undo(memory, memory / ".autodream", run_id, now=NOW)
    assert (memory / "role.md").read_bytes() == role


@pytest.mark.parametrize("form", ["symlinked-image", "dotdot", "absolute"])
def test_show_refuses_a_forged_record_and_prints_nothing_from_outside(
    tmp_path: Path, form: str
) -> None:
    memory, outside = _world(tmp_path)
    secret = b"SECRET OUTSIDE CONTENT\n"
    (outside / "secret.txt").write_bytes(secret)
    if form == "symlinked-image":
        path, before = "x.md", {"x.md": outside / "secret.txt"}
    elif form == "dotdot":
        path, before = "../../../../../outside/secret.txt", {}
    else:
        path, before = str(outside / "secret.txt"), {}
    run_id = _forge_record(
        memory,
        [{"path": path, "kind": "deleted", "before_sha256": _sha(secret)}],
        before,  # type: ignore[arg-type]
    )
    with pytest.raises(UnsafeRecord):
        journal.run_diff(memory / ".autodream", run_id)
    result = CliRunner().invoke(cli, ["show", run_id], env={"AUTODREAM_MEMORY_DIR": str(memory)})
    assert result.exit_code == BadInput.exit_code, result.output
    assert "SECRET OUTSIDE" not in result.output
    assert len(result.output.strip().splitlines()) == 1


def test_a_record_naming_another_run_dir_is_refused(tmp_path: Path) -> None:
    memory = sample_memory(tmp_path / "memory")
    run_id = _forge_record(memory, [], {})
    record_path = journal.run_dir(memory / ".autodream", run_id) / "record.json"
    data = json.loads(record_path.read_text())
    data["id"] = "../../../elsewhere"
    record_path.write_text(json.dumps(data))
    with pytest.raises(UnsafeRecord, match=r"not a single name|component"):
        journal.load_run(memory / ".autodream", run_id)


# ---- a SIGTERM (SystemExit) mid-commit is rolled back in-process ----------------------------


def test_sigterm_mid_commit_rolls_back_at_once(tmp_path: Path) -> None:
    memory = sample_memory(tmp_path / "memory")
    staging = Staging.create(memory, memory / ".autodream" / "staging" / "r")
    write_tree(staging.path, {"role.md": "changed role\n", "new/topic.md": "brand new\n"})
    (staging.path / "deploy.md").unlink()
    changes = staging.changes()
    old = tree(memory)
    run_dir = memory / ".autodream" / "runs" / "r"

    def sigterm(name: str) -> None:
        if name == "replace new/topic.md":  # one delete and one write already applied
            raise TerminatedBySignal(143)

    with pytest.raises(TerminatedBySignal):
        commit_mod.commit(memory, staging.path, changes, run_dir, on_step=sigterm)
    assert tree(memory) == old  # no half-applied set waits for the next run's recovery
    assert commit_mod.commit_state(run_dir) == "rolled-back"


def test_sigterm_mid_commit_closes_the_run_record_as_failed(tmp_path: Path) -> None:
    memory = sample_memory(tmp_path / "memory")
    state = memory / ".autodream"
    old = tree(memory)
    record = journal.begin_run(state, trigger="force", now=NOW)
    staging = Staging.create(memory, journal.staging_dir(state, record.id))
    write_tree(staging.path, {"role.md": topic("Role", "user", "changed")})

    def sigterm(name: str) -> None:
        if name.startswith("replace"):
            raise TerminatedBySignal(143)

    with pytest.raises(TerminatedBySignal):
        journal.conclude(memory, state, record, staging, now=NOW, on_step=sigterm)
    assert tree(memory) == old
    assert journal.load_run(state, record.id).outcome == "failed"


def test_a_real_dream_still_undoes_and_shows_after_the_checks(tmp_path: Path) -> None:
    memory = sample_memory(tmp_path / "memory")
    old = tree(memory)
    record = dream(memory, {"role.md": topic("Role", "user", "new"), "deploy.md": None})
    assert "--- a/deploy.md" in journal.run_diff(memory / ".autodream", record.id)
    journal.undo(memory, memory / ".autodream", record.id, now=NOW)
    assert tree(memory) == old


_SIGTERMED = """
import json, os, signal, sys
from pathlib import Path
from autodream.memory import commit
from autodream.memory.staging import FileChange
from autodream.errors import SigtermRaises

memory, source, run_dir, changes_file = sys.argv[1:5]
changes = [FileChange.from_dict(c) for c in json.loads(Path(changes_file).read_text())]

def hook(name):
    if name == "replace role.md":  # a delete and a write are applied by now
        os.kill(os.getpid(), signal.SIGTERM)

with SigtermRaises():
    commit.commit(Path(memory), Path(source), changes, Path(run_dir), on_step=hook)
"""


def test_a_real_sigterm_mid_commit_leaves_the_old_set_without_waiting_for_recovery(
    tmp_path: Path,
) -> None:
    memory = sample_memory(tmp_path / "memory")
    staging = Staging.create(memory, memory / ".autodream" / "staging" / "r")
    write_tree(staging.path, {"role.md": "changed role\n", "new/topic.md": "brand new\n"})
    (staging.path / "deploy.md").unlink()
    changes_file = tmp_path / "changes.json"
    changes_file.write_text(json.dumps([c.as_dict() for c in staging.changes()]))
    old = tree(memory)
    run_dir = memory / ".autodream" / "runs" / "r"
    proc = subprocess.run(
        [sys.executable, "-c", _SIGTERMED, str(memory), str(staging.path), str(run_dir),
         str(changes_file)],
        env={**os.environ, "PYTHONPATH": str(REPO_ROOT)}, capture_output=True, text=True,
        timeout=60,
    )
    assert proc.returncode == 128 + signal.SIGTERM, proc.stderr
    assert tree(memory) == old  # no recover() called: the process rolled itself back
    assert commit_mod.commit_state(run_dir) == "rolled-back"
