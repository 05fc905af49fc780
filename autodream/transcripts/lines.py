"""Complete lines from a binary stream, in bounded memory, with exact byte offsets.

Every reader sits on this: it never holds more than one line (at most ``max_line_bytes``), skips
an over-long line by scanning to its newline in chunks, and leaves a final line without its
newline unconsumed, because a writer may still be appending to it.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any, BinaryIO, NamedTuple

from autodream.transcripts.model import ReadStats

# A Claude Code record holding a large tool result can reach a few MB; anything past this is
# not worth parsing and would only cost memory.
MAX_LINE_BYTES = 8 * 1024 * 1024
_SKIP_CHUNK = 1024 * 1024


class Line(NamedTuple):  # a tuple, not a frozen dataclass: built once per line, so cheap
    no: int  # 1-based line number in the file
    data: bytes  # without the trailing newline


def iter_lines(
    stream: BinaryIO,
    stats: ReadStats,
    *,
    start_offset: int = 0,
    start_line: int = 1,
    max_line_bytes: int = MAX_LINE_BYTES,
    final_partial: bool = False,
) -> Iterator[Line]:
    """Yield each complete line from ``stream`` (already positioned at ``start_offset``).

    Updates ``stats.lines``, ``stats.bytes_read``, ``stats.end_offset`` and ``stats.last_line``
    as it goes. Over-long lines are counted in ``stats.skipped["line_too_long"]``. A last line
    without a newline is not yielded (its size goes to ``stats.pending_bytes``) unless
    ``final_partial`` is set, for formats such as Markdown whose files need not end in one.
    """
    offset = start_offset
    line_no = start_line - 1
    stats.end_offset = offset
    stats.last_line = line_no
    while True:
        data = stream.readline(max_line_bytes + 1)
        if not data:
            return
        stats.bytes_read += len(data)
        if not data.endswith(b"\n"):
            if len(data) > max_line_bytes:
                # Too long: drop what we hold and scan on to the newline without keeping it.
                skipped, complete = _skip_to_newline(stream, stats)
                if not complete:
                    stats.pending_bytes = len(data) + skipped
                    stats.skipped["line_too_long"] += 1
                    return
                line_no += 1
                offset += len(data) + skipped
                stats.lines += 1
                stats.skipped["line_too_long"] += 1
                stats.end_offset = offset
                stats.last_line = line_no
                continue
            if not final_partial:
                stats.pending_bytes = len(data)
                return
        line_no += 1
        offset += len(data)
        stats.lines += 1
        stats.end_offset = offset
        stats.last_line = line_no
        yield Line(line_no, data.rstrip(b"\r\n"))


def _skip_to_newline(stream: BinaryIO, stats: ReadStats) -> tuple[int, bool]:
    """Consume up to and including the next newline; return (bytes consumed, newline found)."""
    consumed = 0
    while True:
        chunk = stream.readline(_SKIP_CHUNK)
        if not chunk:
            return consumed, False
        consumed += len(chunk)
        stats.bytes_read += len(chunk)
        if chunk.endswith(b"\n"):
            return consumed, True


def parse_object(line: Line, stats: ReadStats) -> dict[str, Any] | None:
    """Decode one JSONL line to a dict, or count why not (``stats.skipped``) and return None."""
    data = line.data
    if not data.strip():
        return None  # blank lines are not records and not errors
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        stats.skipped["binary" if b"\x00" in data else "non_utf8"] += 1
        return None
    try:
        value = json.loads(text)
    except ValueError:
        stats.skipped["binary" if "\x00" in text else "invalid_json"] += 1
        return None
    if not isinstance(value, dict):
        stats.skipped["not_object"] += 1
        return None
    stats.records += 1
    return value
