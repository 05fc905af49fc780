"""Bad lines are skipped and counted, never fatal; big files and lines stream in bounded memory."""

from __future__ import annotations

import json
import tracemalloc
from pathlib import Path

import pytest

from autodream.transcripts import ReadStats, iter_messages, read_session_info
from autodream.transcripts.lines import MAX_LINE_BYTES
from tests.factories import TranscriptBuilder

GOOD_BEFORE = TranscriptBuilder(session_id="s").user("before").records[0]
GOOD_AFTER = TranscriptBuilder(session_id="s").user("after").records[0]


def _file_with(tmp_path: Path, bad: bytes) -> Path:
    path = tmp_path / "s.jsonl"
    path.write_bytes(
        json.dumps(GOOD_BEFORE).encode()
        + b"\n"
        + bad
        + b"\n"
        + json.dumps(GOOD_AFTER).encode()
        + b"\n"
    )
    return path


@pytest.mark.parametrize(
    ("bad", "reason"),
    [
        (b'{"type":"user","message":{"role":"user","content":"half a rec', "invalid_json"),
        (b"\x00\x01\x02\xff\xfe\x00binary\x00", "binary"),
        (b'{"type":"user","message":{"role":"user","content":"caf\xe9 au lait"}}', "non_utf8"),
        (b"[1, 2, 3]", "not_object"),
        (b'"just a string"', "not_object"),
        (b"42", "not_object"),
        (b'{"type":"brand-new-record","data":1}', "unknown_type"),
        (b'{"type":"user","message":"not an object"}', "malformed_record"),
        (b'{"type":"assistant","message":{"content":7}}', "malformed_record"),
        (b"[" * 200_000, "too_deep"),
    ],
    ids=lambda v: v if isinstance(v, str) else None,
)
def test_bad_line_is_skipped_and_counted(tmp_path: Path, bad: bytes, reason: str) -> None:
    stats = ReadStats()
    messages = list(iter_messages(_file_with(tmp_path, bad), stats=stats))
    assert [m.text for m in messages] == ["before", "after"]
    assert stats.skipped == {reason: 1}
    assert [m.line_no for m in messages] == [1, 3]
    assert stats.lines == 3


@pytest.mark.parametrize(
    ("bad", "reason"),
    [
        (b'{"type":"assistant","message":{"role":"assistant","content":"half', "invalid_json"),
        (b"\x00\x01\x02\xff\xfe\x00binary\x00", "binary"),
        (b"\xc3\x28 not utf-8", "non_utf8"),
        (b"not json at all", "invalid_json"),
        (b"[1, 2, 3]", "not_object"),
    ],
    ids=lambda v: v if isinstance(v, str) else None,
)
def test_the_fast_read_of_the_persons_words_counts_bad_lines_too(
        tmp_path: Path, bad: bytes, reason: str) -> None:
    # The dream reads only_human; a broken line it passes over unparsed is still reported.
    stats = ReadStats()
    messages = list(iter_messages(_file_with(tmp_path, bad), stats=stats, only_human=True))
    assert [m.text for m in messages] == ["before", "after"]
    assert stats.skipped == {reason: 1}


def test_a_lone_surrogate_becomes_a_replacement_character(tmp_path: Path) -> None:
    # a cut emoji: JSON-valid, but a str with a lone surrogate cannot be written as UTF-8
    bad = b'{"type":"user","message":{"role":"user","content":"ship it \\ud83d today"}}'
    messages = list(iter_messages(_file_with(tmp_path, bad)))
    assert messages[1].text == "ship it \ufffd today"
    messages[1].text.encode("utf-8")


def test_blank_lines_are_neither_records_nor_errors(tmp_path: Path) -> None:
    stats = ReadStats()
    messages = list(iter_messages(_file_with(tmp_path, b"   \r"), stats=stats))
    assert len(messages) == 2 and stats.skipped_total == 0


def test_a_50_mb_line_is_skipped_without_holding_it(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    with path.open("wb") as fh:
        fh.write(json.dumps(GOOD_BEFORE).encode() + b"\n")
        fh.write(b'{"type":"user","message":{"role":"user","content":"')
        chunk = b"a" * (1024 * 1024)
        for _ in range(50):
            fh.write(chunk)
        fh.write(b'"}}\n')
        fh.write(json.dumps(GOOD_AFTER).encode() + b"\n")
    stats = ReadStats()
    tracemalloc.start()
    try:
        messages = list(iter_messages(path, stats=stats))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert [m.text for m in messages] == ["before", "after"]
    assert stats.skipped == {"line_too_long": 1}
    assert stats.end_offset == path.stat().st_size
    assert [m.line_no for m in messages] == [1, 3]
    # at most one capped line buffer and its copy, never the 50 MB line
    assert peak < 2 * MAX_LINE_BYTES + 4 * 1024 * 1024
    path.unlink()


def test_an_unfinished_over_long_last_line_is_not_consumed(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    path.write_bytes(json.dumps(GOOD_BEFORE).encode() + b"\n" + b"x" * 5000)
    stats = ReadStats()
    messages = list(iter_messages(path, stats=stats, max_line_bytes=1000))
    assert [m.text for m in messages] == ["before"]
    assert stats.end_offset == len(json.dumps(GOOD_BEFORE)) + 1
    assert stats.pending_bytes == 5000


def _write_big_transcript(path: Path, target_bytes: int) -> tuple[int, int]:
    """About ``target_bytes`` of realistic records, written fast by repeating one block."""
    b = TranscriptBuilder(session_id="big")
    b.user("please keep the API stable")
    for i in range(40):
        b.tool_roundtrip("Read", {"file_path": f"src/m{i}.py"}, "def f():\n    pass\n" * 1500)
        b.assistant("Looked at the module; nothing to change." * 4)
    b.raw({"type": "progress", "data": {"type": "hook_progress", "blob": "p" * 3000}})
    block = "".join(json.dumps(r) + "\n" for r in b.records).encode()
    repeats = target_bytes // len(block) + 1
    with path.open("wb") as fh:
        for _ in range(repeats):
            fh.write(block)
    return repeats, len(b.records) * repeats


def test_a_48_mb_transcript_streams_in_bounded_memory(tmp_path: Path) -> None:
    # three times the bound below (100 MB took ~37 s traced on a loaded machine): a reader that
    # held the file, or every message, would pass it by far
    path = tmp_path / "big.jsonl"
    repeats, records = _write_big_transcript(path, 48 * 1024 * 1024)
    size = path.stat().st_size
    assert size >= 48 * 1024 * 1024
    stats = ReadStats()
    human = 0
    tracemalloc.start()
    try:
        for message in iter_messages(path, stats=stats):
            human += message.is_human
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert human == repeats
    assert stats.records == records and stats.skipped_total == 0
    assert stats.bytes_read == stats.end_offset == size
    assert peak < 16 * 1024 * 1024, f"peak traced memory {peak / 1e6:.1f} MB"
    path.unlink()  # pytest keeps recent tmp dirs: do not leave 48 MB behind


@pytest.mark.parametrize(
    "content",
    [b"", b"\x00\xff" * 100, b"[" * 200_000 + b"\n", b'{"type":"user"', b"\n\n\n"],
    ids=["empty", "binary", "too-deep", "truncated", "blank"],
)
def test_session_info_of_a_broken_file_does_not_raise(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "0b7c2c1e-1111-4222-8333-944455556666.jsonl"
    path.write_bytes(content)
    info = read_session_info(path)
    assert info.id == path.stem and info.size == len(content)
    assert info.started is None and info.ended is None
