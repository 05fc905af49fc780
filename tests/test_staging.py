from __future__ import annotations

import os
from pathlib import Path

import pytest

from autodream.memory.staging import FileChange, Staging, active_files
from tests.memdirs import needs_dir_fd, sample_memory, tree, write_tree


def test_create_copies_active_files_byte_for_byte_and_skips_hidden_state(tmp_path: Path) -> None:
    memory = sample_memory(tmp_path / "memory")
    extra: dict[str, str | bytes] = {
        ".autodream/runs/x/record.json": "{}", ".hidden.md": "x", "bin.dat": b"\0\xff"
    }
    write_tree(memory, extra)
    os.symlink(memory / "role.md", memory / "link.md")
    staging = Staging.create(memory, memory / ".autodream" / "staging" / "r1")

    copied = {k: v for k, v in tree(staging.path).items() if k != "link.md"}
    real = {k: v for k, v in tree(memory).items() if not k.startswith(".") and k != "link.md"}
    assert copied == real
    assert ".hidden.md" not in copied
    # a symlink is copied as the same link (the dream leaves it be), never as a second file
    assert os.readlink(staging.path / "link.md") == str(memory / "role.md")
    assert copied["pnpm.md"].count(b"\r\n") == 2  # bytes preserved, not re-encoded
    assert staging.changes() == []


def test_changes_report_added_changed_deleted_with_hashes_and_sizes(tmp_path: Path) -> None:
    memory = sample_memory(tmp_path / "memory")
    staging = Staging.create(memory, tmp_path / "staging")
    (staging.path / "role.md").write_text("new role\n")
    (staging.path / "sub" / "ci.md").unlink()
    write_tree(staging.path, {"new/topic.md": "hello\n"})

    changes = {c.path: c for c in staging.changes()}
    assert sorted(changes) == ["new/topic.md", "role.md", "sub/ci.md"]
    assert changes["new/topic.md"].kind == "added"
    assert changes["new/topic.md"].before_sha256 is None
    assert changes["new/topic.md"].after_size == 6
    assert changes["role.md"].kind == "changed"
    assert changes["role.md"].before_sha256 != changes["role.md"].after_sha256
    assert changes["sub/ci.md"].kind == "deleted"
    assert changes["sub/ci.md"].after_sha256 is None
    for change in changes.values():
        assert FileChange.from_dict(change.as_dict()) == change


def test_changes_ignore_writes_to_the_real_dir_during_the_run(tmp_path: Path) -> None:
    memory = sample_memory(tmp_path / "memory")
    staging = Staging.create(memory, tmp_path / "staging")
    (memory / "role.md").write_text("the user's agent wrote this meanwhile\n")
    assert staging.changes() == []


def test_create_refuses_an_existing_staging_dir_and_discard_removes_it(tmp_path: Path) -> None:
    memory = sample_memory(tmp_path / "memory")
    staging = Staging.create(memory, tmp_path / "staging")
    with pytest.raises(FileExistsError):
        Staging.create(memory, tmp_path / "staging")
    staging.discard()
    assert not staging.path.exists()
    assert (memory / "role.md").exists()


def test_a_missing_memory_dir_stages_empty(tmp_path: Path) -> None:
    staging = Staging.create(tmp_path / "nowhere", tmp_path / "staging")
    assert active_files(staging.path) == {}
    write_tree(staging.path, {"MEMORY.md": "# Memory\n"})
    assert [c.kind for c in staging.changes()] == ["added"]


@needs_dir_fd
def test_a_memory_folder_swapped_for_a_link_after_the_listing_shows_no_outside_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The staging copy listed the memory files, then copied each by path: a folder swapped
    for a link in between (a sync tool, a checkout) had an outside file copied in under a
    memory name, for the model to read. Folders are now walked by descriptor: the file is
    left out as one that cannot be read, and nothing of the outside file is staged."""
    from autodream.memory import staging as staging_mod

    memory = sample_memory(tmp_path / "memory")
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "ci.md").write_text("token=outside-secret\n")
    real_active_files = staging_mod.active_files

    def active_files(root: Path) -> dict[str, Path]:
        listed = real_active_files(root)
        if root == memory and (memory / "sub").is_dir() and not (memory / "sub").is_symlink():
            os.rename(memory / "sub", tmp_path / "sub-moved")
            os.symlink(outside, memory / "sub")
        return listed

    real_symlinks = staging_mod.symlinks

    def symlinks(root: Path) -> dict[str, Path]:
        if (memory / "sub").is_symlink():  # the files are copied: the folder is put back
            (memory / "sub").unlink()
            os.rename(tmp_path / "sub-moved", memory / "sub")
        return real_symlinks(root)

    monkeypatch.setattr(staging_mod, "active_files", active_files)
    monkeypatch.setattr(staging_mod, "symlinks", symlinks)
    staged = Staging.create(memory, memory / ".autodream" / "staging" / "run1")
    assert "sub/ci.md" in staged.unreadable
    assert not any(b"outside-secret" in p.read_bytes()
                   for p in staged.path.rglob("*") if p.is_file() and not p.is_symlink())
