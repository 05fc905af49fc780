"""Markdown daily logs: ``logs/YYYY/MM/YYYY-MM-DD.md`` and ``memory/YYYY-MM-DD.md``.

A person's notes, one file a day. Each bullet (with its indented continuation lines) and each
paragraph becomes one ``Message`` (role ``user``, kind ``prompt``) dated that day; an ``HH:MM``
at the start of the entry (``- 14:30 …``, ``- **14:30** …``, ``[14:30] …``) gives the time, read
as UTC. Headings, code fences and HTML comments are structure, not notes, and are left out; a
quoted note (``> …``) is read without its marks.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, date, datetime, time
from typing import BinaryIO

from autodream import rx
from autodream.transcripts.lines import MAX_LINE_BYTES, accept_any, iter_lines
from autodream.transcripts.model import Message, ReadStats

_DAY = rx.compile(r"(\d{4})-(\d{2})-(\d{2})")
_BULLET = rx.compile(r"^(?:[-*+]|\d{1,3}[.)])\s+(?:\[[ xX]\]\s+)?")
# A quoted line's marks ("> ", "> > "), after the indent that says whose entry the line is
_QUOTE = rx.compile(r"^([ \t]{0,3})(?:>[ \t]?)+")
_CLOCK = rx.compile(
    r"^(?:\*\*|\[|\()?([01]?\d|2[0-3]):([0-5]\d)(?:\*\*|\]|\))?(?:\s*[-–—:]\s*|\s+)"
)


def day_of(name: str) -> date | None:
    """The date a daily log is for, from its name (``…/2026-07-01.md``); None if it has none."""
    base = name.replace("\\", "/").rsplit("/", 1)[-1]
    match = _DAY.fullmatch(base.removesuffix(".md"))
    if match is None:
        return None
    try:
        return date(int(match[1]), int(match[2]), int(match[3]))
    except ValueError:
        return None


def is_daily_log(name: str) -> bool:
    """``logs/YYYY/MM/YYYY-MM-DD.md`` or ``memory/YYYY-MM-DD.md`` (or any dated ``.md``)."""
    return name.endswith(".md") and day_of(name) is not None


class _Entry:
    def __init__(self, line_no: int, text: str, bullet: bool) -> None:
        self.line_no = line_no
        self.lines = [text]
        self.bullet = bullet


def iter_markdown(
    stream: BinaryIO,
    stats: ReadStats,
    *,
    name: str,
    session_id: str | None = None,
    start_offset: int = 0,
    start_line: int = 1,
    max_line_bytes: int = MAX_LINE_BYTES,
) -> Iterator[Message]:
    """Stream one daily log's entries as messages (a final line without a newline included)."""
    day = day_of(name) or date(1970, 1, 1)
    sid = session_id or name.replace("\\", "/").rsplit("/", 1)[-1].removesuffix(".md")
    entry: _Entry | None = None
    in_fence = False
    in_comment = False

    def emit(done: _Entry) -> Message | None:
        text = "\n".join(done.lines).strip()
        if not text:
            return None
        when = datetime.combine(day, time(0, 0), tzinfo=UTC)
        clock = _CLOCK.match(text)
        if clock is not None:
            when = datetime.combine(day, time(int(clock[1]), int(clock[2])), tzinfo=UTC)
            text = text[clock.end() :].strip() or text
        stats.messages += 1
        return Message(
            session_id=sid,
            role="user",
            kind="prompt",
            text=text,
            timestamp=when,
            line_no=done.line_no,
        )

    for line in iter_lines(
        stream,
        stats,
        start_offset=start_offset,
        start_line=start_line,
        max_line_bytes=max_line_bytes,
        final_partial=accept_any,
    ):
        try:
            raw = line.data.decode("utf-8")
        except UnicodeDecodeError:
            stats.skipped["binary" if b"\x00" in line.data else "non_utf8"] += 1
            continue
        stats.records += 1
        # (its marks kept, a quoted note gave a value on its second line as "> Qz-Secret-4471",
        # where no rule took it for what "> ... the db password, it's" named)
        quoted = _QUOTE.match(raw)
        if quoted is not None:
            raw = quoted[1] + raw[quoted.end() :]
        stripped = raw.strip()
        if in_comment:
            in_comment = "-->" not in stripped
            continue
        if stripped.startswith(("```", "~~~")):
            in_fence = not in_fence
            continue
        if in_fence:
            continue
        if stripped.startswith("<!--"):
            in_comment = "-->" not in stripped
            continue
        bullet = _BULLET.match(stripped)
        starts_new = (
            not stripped
            or stripped.startswith("#")
            or (bullet is not None and not raw.startswith(("  ", "\t")))
            or entry is None
            or (entry.bullet and not raw.startswith((" ", "\t")))
        )
        if starts_new and entry is not None:
            message = emit(entry)
            if message is not None:
                yield message
            entry = None
        if not stripped or stripped.startswith("#") or set(stripped) <= set("-*_= "):
            continue
        if entry is None:
            text = stripped[bullet.end() :] if bullet is not None else stripped
            entry = _Entry(line.no, text, bullet is not None)
        else:
            entry.lines.append(stripped)
    if entry is not None:
        message = emit(entry)
        if message is not None:
            yield message
