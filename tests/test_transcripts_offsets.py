"""Incremental reads: only what is new; a rewritten or truncated file again from the start."""

from __future__ import annotations

import json
import shutil
import time
from pathlib import Path

import pytest

from autodream.transcripts import OffsetStore, Position, ReadStats, iter_messages
from autodream.transcripts.model import Message
from tests.factories import TranscriptBuilder


def _read_from(store: OffsetStore, path: Path) -> list[Message]:
    """One incremental read the way a dream does it: resume, read, record."""
    position = store.position_for(path)
    stats = ReadStats()
    messages = list(
        iter_messages(path, start_offset=position.offset, start_line=position.line + 1, stats=stats)
    )
    store.record(path, stats.end_offset, stats.last_line)
    store.save()
    return messages


def _append(path: Path, builder: TranscriptBuilder, first: int) -> None:
    with path.open("a", encoding="utf-8") as fh:
        for rec in builder.records[first:]:
            fh.write(json.dumps(rec) + "\n")


def test_append_reads_only_the_new_messages(tmp_path: Path) -> None:
    b = TranscriptBuilder().user("first prompt").assistant("ok")
    path = b.write(tmp_path / "sessions")
    store_path = tmp_path / "state" / "offsets.json"
    assert [m.text for m in _read_from(OffsetStore(store_path), path)] == ["first prompt", "ok"]

    before = len(b.records)
    b.user("second prompt").assistant("done")
    _append(path, b, before)
    store = OffsetStore(store_path)  # a later dream, a fresh process
    assert store.start_for(path) > 0
    new = _read_from(store, path)
    assert [m.text for m in new] == ["second prompt", "done"]
    assert [m.line_no for m in new] == [3, 4]  # line numbers carry on across reads
    assert _read_from(OffsetStore(store_path), path) == []


def test_rewritten_file_is_read_from_the_start(tmp_path: Path) -> None:
    b = TranscriptBuilder().user("original prompt")
    path = b.write(tmp_path)
    store = OffsetStore(tmp_path / "offsets.json")
    _read_from(store, path)
    rewritten = TranscriptBuilder(session_id=b.session_id).user("different prompt, longer")
    rewritten.user("and more")
    rewritten.write(tmp_path)
    assert store.start_for(path) == 0
    assert [m.text for m in _read_from(store, path)] == ["different prompt, longer", "and more"]


def test_truncated_file_is_read_from_the_start(tmp_path: Path) -> None:
    b = TranscriptBuilder().user("one").user("two")
    path = b.write(tmp_path)
    store = OffsetStore(tmp_path / "offsets.json")
    _read_from(store, path)
    first_line = path.read_bytes().split(b"\n", 1)[0] + b"\n"
    path.write_bytes(first_line)
    assert store.start_for(path) == 0
    assert [m.text for m in _read_from(store, path)] == ["one"]


def test_half_written_last_line_is_left_for_the_next_read(tmp_path: Path) -> None:
    b = TranscriptBuilder().user("complete")
    path = b.write(tmp_path)
    size = path.stat().st_size
    b.user("being written")
    line = json.dumps(b.records[-1]) + "\n"
    with path.open("a", encoding="utf-8") as fh:
        fh.write(line[:30])
    store = OffsetStore(tmp_path / "offsets.json")
    stats = ReadStats()
    assert [m.text for m in iter_messages(path, stats=stats)] == ["complete"]
    assert stats.end_offset == size and stats.pending_bytes == 30
    assert stats.skipped_total == 0
    store.record(path, stats.end_offset, stats.last_line)
    with path.open("a", encoding="utf-8") as fh:
        fh.write(line[30:])
    assert [m.text for m in _read_from(store, path)] == ["being written"]


def test_a_whole_last_record_without_its_newline_is_read_once(tmp_path: Path) -> None:
    b = TranscriptBuilder().user("first")
    path = tmp_path / f"{b.session_id}.jsonl"
    path.write_text(json.dumps(b.records[0]))  # the writer has not added the newline yet
    store = OffsetStore(tmp_path / "offsets.json")
    assert [m.text for m in _read_from(store, path)] == ["first"]
    b.user("second")
    with path.open("a", encoding="utf-8") as fh:
        fh.write("\n" + json.dumps(b.records[1]) + "\n")
    stats = ReadStats()
    position = store.position_for(path)
    again = list(iter_messages(path, start_offset=position.offset, stats=stats))
    assert [m.text for m in again] == ["second"]
    assert stats.skipped_total == 0


def test_missing_or_corrupt_store_starts_over(tmp_path: Path) -> None:
    path = TranscriptBuilder().user("hi").write(tmp_path)
    assert OffsetStore(tmp_path / "none" / "offsets.json").start_for(path) == 0
    corrupt = tmp_path / "offsets.json"
    corrupt.write_text("{not json", encoding="utf-8")
    store = OffsetStore(corrupt)
    assert store.start_for(path) == 0
    corrupt.write_text(json.dumps({"version": 1, "files": {str(path): "nonsense"}}))
    assert OffsetStore(corrupt).start_for(path) == 0
    store.record(path, path.stat().st_size, 1)
    store.save()  # replaces the corrupt file
    assert OffsetStore(corrupt).start_for(path) == path.stat().st_size


def test_save_is_atomic_and_leaves_no_temp_files(tmp_path: Path) -> None:
    path = TranscriptBuilder().user("hi").write(tmp_path / "s")
    state = tmp_path / "state"
    store = OffsetStore(state / "offsets.json")
    store.record(path, path.stat().st_size, 1)
    store.save()
    assert sorted(p.name for p in state.iterdir()) == ["offsets.json"]
    data = json.loads((state / "offsets.json").read_text())
    assert data["files"][str(path)]["offset"] == path.stat().st_size


def test_deleted_transcript_starts_over(tmp_path: Path) -> None:
    path = TranscriptBuilder().user("hi").write(tmp_path)
    store = OffsetStore(tmp_path / "offsets.json")
    store.record(path, path.stat().st_size, 1)
    path.unlink()
    assert store.start_for(path) == 0



def test_a_store_of_a_run_records_positions_answers_but_never_saves(tmp_path: Path) -> None:
    # `show` asks a past dream's positions what the gates ask the live store; built on the live
    # file's path, a save would have put that past dream's positions over the live ones.
    past = OffsetStore.of({"s.jsonl": {"offset": 5, "pending": "refused", "refusals": 2,
                                       "why": "too big"},
                           "t.jsonl": {"offset": 3, "pending": True},
                           "MEMORY.md": {"notes_waiting": 4}})
    assert (past.refused(), past.stuck(), past.pending(), past.notes_waiting("MEMORY.md")) == (
        ["s.jsonl"], {"s.jsonl": "too big"}, ["s.jsonl", "t.jsonl"], 4)
    with pytest.raises(ValueError, match="no file to save to"):
        past.save()
    assert list(tmp_path.iterdir()) == []


def test_a_memory_dir_moved_alone_keeps_the_positions_of_the_sessions_left_in_place(
    tmp_path: Path,
) -> None:
    """A guard, not a fix (it passes on main, which never re-keys): re-keying entries of a
    moved store must not take those of sessions that did not move with it."""
    # only the memory dir moves (memory_dir set elsewhere): /x/t/memory -> /x/u/memory, the
    # sessions stay in /x/t/sessions; their positions stay theirs, not put under /x/u/sessions
    session = tmp_path / "t" / "sessions" / "a.jsonl"
    session.parent.mkdir(parents=True)
    session.write_bytes(b'{"type": "user"}\n' * 3)
    state = tmp_path / "t" / "memory" / ".autodream"
    state.mkdir(parents=True)
    store = OffsetStore(state / "offsets.json")
    store.record(session, session.stat().st_size, 3)
    store.save()
    (tmp_path / "u").mkdir()
    (tmp_path / "t" / "memory").rename(tmp_path / "u" / "memory")
    moved = OffsetStore(tmp_path / "u" / "memory" / ".autodream" / "offsets.json")
    assert moved.position_for(session) == Position(session.stat().st_size, 3)
    assert moved.located(session) == str(session)


@pytest.mark.parametrize("new_name", ["t2", "s"])  # sorting after the old name, and before
def test_an_older_store_kept_under_both_places_reads_on_from_the_newer_position(
    tmp_path: Path, new_name: str
) -> None:
    # an older autodream (no ``places``) dreamed in t, then, after ``mv t <new_name>``, again:
    # its store keeps the session under both paths, the newer position under the new one (saved
    # in sorted order: the old path comes first when the new name sorts after it)
    old = tmp_path / "t" / "sessions" / "a.jsonl"
    old.parent.mkdir(parents=True)
    old.write_bytes(b'{"type": "user"}\n' * 3)
    scratch = OffsetStore(tmp_path / "scratch.json")
    scratch.record(old, old.stat().st_size, 3)
    stale = scratch.entry(old)
    (tmp_path / "t" / "memory" / ".autodream").mkdir(parents=True)
    (tmp_path / "t").rename(tmp_path / new_name)
    session = tmp_path / new_name / "sessions" / "a.jsonl"
    with session.open("ab") as fh:
        fh.write(b'{"type": "user"}\n' * 2)
    scratch.record(session, session.stat().st_size, 5)
    store_path = tmp_path / new_name / "memory" / ".autodream" / "offsets.json"
    store_path.write_text(json.dumps({"version": 1, "files": {
        str(old): stale, str(session): scratch.entry(session)}}, sort_keys=True), encoding="utf-8")
    # the stale one would have the next dream read again lines 4-5, read and maybe deleted since
    assert OffsetStore(store_path).position_for(session) == Position(session.stat().st_size, 5)


def test_an_older_store_guesses_no_move_from_a_deleted_log_named_as_another(
    tmp_path: Path,
) -> None:
    # daily logs kept both in memory/logs and in the project's logs, the same day's names; the
    # store (written before ``places``) is where it was, one memory/logs file deleted since: that
    # logs/ holds a file of that name says nothing of a move (memory/, its folder, is there)
    logs = {}
    for folder in ("memory/logs", "logs"):
        for day in ("01", "02"):
            logs[folder, day] = tmp_path / folder / f"2026-07-{day}.md"
            logs[folder, day].parent.mkdir(parents=True, exist_ok=True)
            logs[folder, day].write_text(f"# 2026-07-{day}\n\n- 10:00 {folder}\n", "utf-8")
    store_path = tmp_path / "memory" / ".autodream" / "offsets.json"
    store = OffsetStore(store_path)
    for path in logs.values():
        store.record(path, path.stat().st_size, 3)
    store.save()
    data = json.loads(store_path.read_text(encoding="utf-8"))
    del data["places"]
    store_path.write_text(json.dumps(data), encoding="utf-8")
    logs["memory/logs", "01"].unlink()
    kept = logs["memory/logs", "02"]
    # taken for /x/memory/memory moved to /x/memory, it looked for it at logs/2026-07-02.md
    assert OffsetStore(store_path).position_for(kept) == Position(kept.stat().st_size, 3)


def test_an_older_store_of_very_deep_paths_loads_at_once(tmp_path: Path) -> None:
    # a hostile (or broken) offsets.json: 20 keys of 1,000 path components each, none there;
    # looking for where each went took some 20 s a load (quadratic in the depth)
    store_path = tmp_path / "t" / "memory" / ".autodream" / "offsets.json"
    store_path.parent.mkdir(parents=True)
    deep = "/" + "/".join(["a"] * 1000)
    store_path.write_text(json.dumps({"version": 1, "files": {
        f"{deep}/x{n}.jsonl": {"offset": 1} for n in range(20)}}), encoding="utf-8")
    started = time.monotonic()
    store = OffsetStore(store_path)
    assert time.monotonic() - started < 5
    assert store.located(f"{deep}/x0.jsonl") == f"{deep}/x0.jsonl"


def _a_read_b_read_and_deleted(project: Path) -> Path:
    """``project``'s sessions a and b read to their end and saved in its store, then b deleted:
    the sessions dir."""
    sessions = project / "sessions"
    sessions.mkdir(parents=True)
    (project / "memory").mkdir()
    store = OffsetStore(project / "memory" / ".autodream" / "offsets.json")
    for name in ("a", "b"):
        (sessions / f"{name}.jsonl").write_bytes(b'{"type": "user"}\n' * 3)
        store.record(sessions / f"{name}.jsonl", 51, 3)
    store.save()
    (sessions / "b.jsonl").unlink()
    return sessions


def test_a_moved_store_keys_a_transcript_deleted_before_the_move_under_the_new_place(
    tmp_path: Path,
) -> None:
    # a and b read in t, b deleted, then ``mv t t2``: b's position, kept for undo, was left under
    # /x/t/ for good, and every load looked on disk for it again (two paths per entry)
    sessions = _a_read_b_read_and_deleted(tmp_path / "t")
    (tmp_path / "t").rename(tmp_path / "t2")
    moved = OffsetStore(tmp_path / "t2" / "memory" / ".autodream" / "offsets.json")
    moved.save()
    files = json.loads(moved.path.read_text(encoding="utf-8"))["files"]  # type: ignore[union-attr]
    assert sorted(files) == [str(tmp_path / "t2" / "sessions" / f"{n}.jsonl") for n in "ab"]
    # a run record's path of b (an undo of the dream that read it) still finds its position
    assert moved.entry(sessions / "b.jsonl") == files[str(tmp_path / "t2" / "sessions" / "b.jsonl")]


def test_a_copied_store_keys_a_transcript_deleted_before_the_copy_under_the_copy(
    tmp_path: Path,
) -> None:
    # a and b read in t, b deleted, then ``cp -a t t3``: b's position stayed under /x/t/ (its
    # file is in neither place) and every load of the copy's store looked for it on disk again
    sessions = _a_read_b_read_and_deleted(tmp_path / "t")
    copy = tmp_path / "t3"
    shutil.copytree(tmp_path / "t", copy, symlinks=True)
    reads = (copy / "sessions", copy / "memory", copy / "project")
    copied = OffsetStore(copy / "memory" / ".autodream" / "offsets.json", reads=reads)
    copied.save()
    files = json.loads(copied.path.read_text(encoding="utf-8"))["files"]  # type: ignore[union-attr]
    assert sorted(files) == [str(copy / "sessions" / f"{n}.jsonl") for n in "ab"]
    assert copied.entry(sessions / "b.jsonl") == files[str(copy / "sessions" / "b.jsonl")]
    # the original's store is where it was
    assert OffsetStore(tmp_path / "t" / "memory" / ".autodream" / "offsets.json").entry(
        sessions / "b.jsonl") is not None
