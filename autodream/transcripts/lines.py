"""Complete lines from a binary stream, in bounded memory, with exact byte offsets.

Every reader sits on this: it never holds more than one line (at most ``max_line_bytes``), skips
an over-long line by scanning to its newline in chunks, and leaves a final line without its
newline unconsumed, because a writer may still be appending to it.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any, BinaryIO, NamedTuple

from autodream import rx
from autodream.transcripts.model import ReadStats

# A Claude Code record holding a large tool result can reach a few MB; anything past this is
# not worth parsing and would only cost memory.
MAX_LINE_BYTES = 8 * 1024 * 1024
_SKIP_CHUNK = 1024 * 1024
_SURROGATE = rx.compile("[\ud800-\udfff]")


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
    final_partial: Callable[[bytes], bool] | None = None,
) -> Iterator[Line]:
    """Yield each complete line from ``stream`` (already positioned at ``start_offset``).

    Updates ``stats.lines``, ``stats.bytes_read``, ``stats.end_offset`` and ``stats.last_line``
    as it goes. Over-long lines are counted in ``stats.skipped["line_too_long"]``. A last line
    without a newline may still be being written: it is yielded (and consumed) only when
    ``final_partial`` accepts it (``is_json_object`` for JSONL: a writer that has written the
    whole record but not yet its newline; ``accept_any`` for Markdown, whose files need not end
    in one); otherwise its size goes to ``stats.pending_bytes`` and the next read starts there.
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
            if final_partial is None or not final_partial(data):
                stats.pending_bytes = len(data)
                return
        line_no += 1
        offset += len(data)
        stats.lines += 1
        stats.end_offset = offset
        stats.last_line = line_no
        yield Line(line_no, data.rstrip(b"\r\n"))


def accept_any(data: bytes) -> bool:
    """Final-line policy for text formats: a last line without a newline is still a line."""
    return True


def is_json_object(data: bytes) -> bool:
    """Final-line policy for JSONL: only a record that is already whole (a JSON object)."""
    try:
        return isinstance(json.loads(data), dict)
    except (ValueError, RecursionError):
        return False


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
    except RecursionError:
        stats.skipped["too_deep"] += 1
        return None
    if not isinstance(value, dict):
        stats.skipped["not_object"] += 1
        return None
    stats.records += 1
    if "\\ud" in text or "\\uD" in text:
        # An escaped lone surrogate (a cut emoji) decodes to a str no UTF-8 writer accepts.
        scrubbed: dict[str, Any] = _scrub(value)
        return scrubbed
    return value


def _scrub(value: Any) -> Any:
    """``value`` with lone surrogates in its strings replaced by U+FFFD."""
    if isinstance(value, str):
        return _SURROGATE.sub("\ufffd", value)
    if isinstance(value, dict):
        return {key: _scrub(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_scrub(item) for item in value]
    return value
