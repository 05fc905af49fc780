"""One entry point for every transcript format: detect it, then stream its messages.

The format comes from the name (``.md`` daily logs, ``rollout-*.jsonl``) and otherwise from the
first record (a Codex rollout's ``payload`` wrapper); everything else is read as Claude Code.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, BinaryIO

from autodream import rx
from autodream.errors import NotFound
from autodream.transcripts import claude_code, codex
from autodream.transcripts.lines import MAX_LINE_BYTES
from autodream.transcripts.model import Message, ReadStats, SessionInfo, SessionSource
from autodream.transcripts.timestamps import parse_timestamp

_UUID = rx.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")
_HEAD_LINE_BYTES = 256 * 1024  # how much of a first line detection and info will look at
_HEAD_RECORDS = 25  # records read from the top for cwd/branch/start
_TAIL_BYTES = 16 * 1024 * 1024  # how far back from the end read_session_info looks
_TAIL_BLOCK = 64 * 1024


def _base(name: str) -> str:
    return name.replace("\\", "/").rsplit("/", 1)[-1]


def fallback_session_id(name: str) -> str:
    """The id a file's name gives its session: ``<uuid>.jsonl`` → uuid, ``rollout-…-<uuid>``."""
    stem = _base(name)
    for suffix in (".jsonl", ".md", ".json"):
        stem = stem.removesuffix(suffix)
    found = _UUID.findall(stem)
    return found[-1] if found else stem


def detect_source(name: str, head: bytes = b"") -> SessionSource:
    """``markdown``, ``codex`` or ``claude-code`` from a file's name and its first line."""
    base = _base(name)
    if base.endswith(".md"):
        return "markdown"
    if base.startswith("rollout-"):
        return "codex"
    first = head.split(b"\n", 1)[0].strip()
    if first:
        with contextlib.suppress(ValueError, RecursionError):
            record = json.loads(first)
            if isinstance(record, dict) and codex.looks_like_rollout(record):
                return "codex"
    return "claude-code"


def _first_line(stream: BinaryIO) -> bytes:
    """The first line (at most ``_HEAD_LINE_BYTES``), leaving ``stream`` where it was."""
    pos = stream.tell()
    try:
        stream.seek(0)
        return stream.readline(_HEAD_LINE_BYTES)
    finally:
        stream.seek(pos)


def iter_stream_messages(
    stream: BinaryIO,
    *,
    name: str,
    start_offset: int | None = None,
    start_line: int = 1,
    stats: ReadStats | None = None,
    session_id: str | None = None,
    source: SessionSource | None = None,
    sidechain: bool | None = None,
    max_line_bytes: int = MAX_LINE_BYTES,
    only_human: bool = False,
) -> Iterator[Message]:
    """Stream messages from an open binary ``stream``; ``name`` (a real or virtual path) names it.

    Reading starts at ``start_offset`` when given (the stream is seeked there), else where the
    stream stands; offsets in ``stats`` are positions in the stream. A seekable stream's first
    line is peeked to detect the format; a pipe's format comes from ``name``/``source``.
    Messages from a subagent transcript (``agent-*.jsonl``) are marked ``is_sidechain`` unless
    ``sidechain`` says otherwise. ``only_human=True`` yields only messages with ``is_human`` and
    skips parsing lines that cannot hold them (the fast path for mining a person's words).
    """
    stats = stats if stats is not None else ReadStats()
    seekable = stream.seekable()
    kind = source or detect_source(name, _first_line(stream) if seekable else b"")
    if start_offset is None:
        start_offset = stream.tell() if seekable else 0
    elif seekable:
        stream.seek(start_offset)
    fallback = fallback_session_id(name)
    common: dict[str, Any] = {
        "start_offset": start_offset,
        "start_line": start_line,
        "max_line_bytes": max_line_bytes,
        "session_id": session_id,
    }
    if kind == "markdown":
        # (a daily log's reader loads with the first one: sessions dirs hold JSONL, and a second
        # dream in a fresh process is mostly imports, issue #4)
        from autodream.transcripts import markdown

        return markdown.iter_markdown(stream, stats, name=name, **common)
    if kind == "codex":
        return codex.iter_codex(
            stream, stats, fallback_id=fallback, only_human=only_human, **common
        )
    forced = claude_code.is_subagent_path(name) if sidechain is None else sidechain
    return claude_code.iter_claude_code(
        stream, stats, fallback_id=fallback, sidechain=forced, only_human=only_human, **common
    )


def iter_messages(
    path: str | os.PathLike[str],
    *,
    start_offset: int = 0,
    stats: ReadStats | None = None,
    session_id: str | None = None,
    start_line: int = 1,
    source: SessionSource | None = None,
    sidechain: bool | None = None,
    max_line_bytes: int = MAX_LINE_BYTES,
    only_human: bool = False,
) -> Iterator[Message]:
    """Stream the messages of the transcript at ``path``, from byte ``start_offset`` on.

    Bad lines are counted in ``stats.skipped`` and never raised. After the iterator is
    exhausted, ``stats.end_offset`` is where the next incremental read should start (a final
    line without its newline is left for then). A missing file raises ``NotFound``.
    """
    file_path = Path(path)
    try:
        stream = file_path.open("rb")
    except FileNotFoundError as exc:
        raise NotFound(f"no such transcript: {file_path}") from exc
    return _closing(
        stream,
        iter_stream_messages(
            stream,
            name=str(file_path),
            start_offset=start_offset,
            start_line=start_line,
            stats=stats,
            session_id=session_id,
            source=source,
            sidechain=sidechain,
            max_line_bytes=max_line_bytes,
            only_human=only_human,
        ),
    )


def _closing(stream: BinaryIO, messages: Iterator[Message]) -> Iterator[Message]:
    with stream:
        yield from messages


# -- session info: first and last records only ------------------------------------------------


def read_session_info(path: str | os.PathLike[str]) -> SessionInfo:
    """What a transcript's first records and last line say, without reading it through."""
    file_path = Path(path)
    try:
        st = file_path.stat()
        stream = file_path.open("rb")
    except FileNotFoundError as exc:
        raise NotFound(f"no such transcript: {file_path}") from exc
    name = str(file_path)
    with stream:
        head = stream.readline(_HEAD_LINE_BYTES)
        source = detect_source(name, head)
        info = SessionInfo(
            id=fallback_session_id(name),
            path=file_path,
            source=source,
            size=st.st_size,
            mtime=st.st_mtime,
        )
        if source == "markdown":
            from autodream.transcripts import markdown

            day = markdown.day_of(name)
            if day is not None:
                info.started = datetime(day.year, day.month, day.day, tzinfo=UTC)
                info.ended = info.started
            return info
        stream.seek(0)
        _fill_from_head(info, stream, name)
        ended = _last_timestamp(stream, st.st_size)
        if ended is not None:
            info.ended = ended
        elif info.started is not None:
            info.ended = info.started
    return info


def _records_from_head(stream: BinaryIO) -> Iterator[dict[str, Any]]:
    for _ in range(_HEAD_RECORDS):
        line = stream.readline(_HEAD_LINE_BYTES)
        if not line:
            return
        if not line.endswith(b"\n") and len(line) >= _HEAD_LINE_BYTES:
            return  # a huge first record: no more head to read cheaply
        try:
            record = json.loads(line)
        except (ValueError, RecursionError):
            continue
        if isinstance(record, dict):
            yield record


def _fill_from_head(info: SessionInfo, stream: BinaryIO, name: str) -> None:
    subagent = info.source == "claude-code" and claude_code.is_subagent_path(name)
    for record in _records_from_head(stream):
        fields = record.get("payload") if info.source == "codex" else record
        if not isinstance(fields, dict):
            continue
        if info.started is None:
            info.started = parse_timestamp(record.get("timestamp"))
        if info.source == "codex" and record.get("type") == "session_meta":
            if isinstance(fields.get("id"), str):
                info.id = fields["id"]
            git = fields.get("git")
            if isinstance(git, dict) and isinstance(git.get("branch"), str) and git["branch"]:
                info.git_branch = git["branch"]
            info.started = parse_timestamp(fields.get("timestamp")) or info.started
        if info.source == "claude-code" and isinstance(record.get("sessionId"), str):
            if subagent:
                info.parent_id = info.parent_id or record["sessionId"]
            elif not _UUID.fullmatch(info.id):
                info.id = record["sessionId"]  # a renamed file: the record knows its session
        if info.cwd is None and isinstance(fields.get("cwd"), str) and fields["cwd"]:
            info.cwd = fields["cwd"]
        if (
            info.git_branch is None
            and isinstance(fields.get("gitBranch"), str)
            and fields["gitBranch"]
        ):
            info.git_branch = fields["gitBranch"]
        if info.cwd and info.git_branch and info.started and (info.parent_id or not subagent):
            return
    if subagent and info.parent_id is None:
        parent = Path(name).parent
        if parent.name == "subagents":
            info.parent_id = parent.parent.name


def _last_timestamp(stream: BinaryIO, size: int) -> datetime | None:
    """The timestamp of the last record that has one, reading backwards from the end."""
    for line in _reverse_lines(stream, size):
        try:
            record = json.loads(line)
        except (ValueError, RecursionError):
            continue
        if isinstance(record, dict):
            when = parse_timestamp(record.get("timestamp"))
            if when is not None:
                return when
    return None


def _reverse_lines(stream: BinaryIO, size: int) -> Iterator[bytes]:
    """Lines from the end backwards, within ``_TAIL_BYTES``; a line longer than that is dropped."""
    end = size
    floor = max(0, size - _TAIL_BYTES)
    tail = b""
    while end > floor:
        start = max(floor, end - _TAIL_BLOCK)
        stream.seek(start)
        block = stream.read(end - start)
        end = start
        tail = block + tail
        parts = tail.split(b"\n")
        tail = parts[0]  # may continue in the block before
        for part in reversed(parts[1:]):
            if part.strip():
                yield part
    if floor == 0 and tail.strip():
        yield tail
