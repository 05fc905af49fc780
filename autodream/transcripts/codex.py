"""Codex CLI rollouts (``~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl``).

Each line is ``{"timestamp", "type", "payload"}``: ``session_meta`` (id, cwd, git),
``response_item`` (messages, function calls and their output, reasoning), ``event_msg`` (UI
events, among them a second copy of each user message) and ``turn_context``. Codex sends its
instructions as user messages (``# AGENTS.md instructions``, ``<environment_context>``,
``<user_instructions>``): those are ``meta``. Older rollouts put the items on the line itself,
without a ``payload`` wrapper.
"""

from __future__ import annotations

import json
import os
from collections import deque
from collections.abc import Callable, Iterator
from datetime import datetime
from typing import Any, BinaryIO

from autodream import rx
from autodream.errors import printable
from autodream.transcripts.lines import MAX_LINE_BYTES, is_json_object, iter_lines, parse_object
from autodream.transcripts.model import Message, MessageKind, ReadStats, Role
from autodream.transcripts.timestamps import parse_timestamp

ROLLOUT_TYPES = frozenset(
    {"session_meta", "response_item", "event_msg", "turn_context", "compacted"}
)
# Item types an older, unwrapped rollout writes directly on the line.
_ITEM_TYPES = frozenset(
    {
        "message",
        "function_call",
        "function_call_output",
        "reasoning",
        "local_shell_call",
        "custom_tool_call",
        "custom_tool_call_output",
        "web_search_call",
    }
)
INJECTED_PREFIXES: tuple[str, ...] = (
    "# AGENTS.md instructions",
    "<environment_context>",
    "<user_instructions>",
    "<user_shell_command>",
    "<turn_aborted>",
)


# Codex keeps every project's rollouts in one dir; the cwd in a rollout's head says whose it is.
# session_meta comes first and names its cwd within its first few hundred bytes, even when it
# carries long instructions, so a head this size always holds it.
CWD_HEAD_BYTES = 256 * 1024
_CWD_HEAD_RECORDS = 3  # an older rollout's head: meta without a cwd, a state line, a message
# A "cwd" key as JSON writes it (inside a string value its quotes would be escaped).
_CWD_FIELD = rx.compile(rb'"cwd"\s*:\s*("(?:[^"\\]|\\.)*")')
_SHOWN_CWD_CHARS = 300


def is_rollout_name(name: str) -> bool:
    return name.startswith("rollout-") and name.endswith(".jsonl")


def head_cwd(stream: BinaryIO) -> tuple[str | None, bool]:
    """``(cwd, cut)``: the ``cwd`` a rollout recorded in its first records (``session_meta``,
    in the wrapped or the older bare form), or None when it recorded none; ``cut`` when none
    was found but the head ended inside a record, so one may lie past it (the rollout's owner
    is unknown, not "none recorded"). Reads from the stream's position."""
    if stream.seekable():
        # Codex writes session_meta's cwd before its instructions (often tens of KB): a few KB
        # tell whose a rollout is, without parsing the whole line (the hook's first scan of a
        # real Codex dir read and parsed 236 MB for 6,000 rollouts)
        head = stream.read(_FAST_HEAD_BYTES)
        cwd = _leading_cwd(head)
        if cwd is not None:
            return cwd, False
        stream.seek(-len(head), os.SEEK_CUR)
    for _ in range(_CWD_HEAD_RECORDS):
        line = stream.readline(CWD_HEAD_BYTES)
        if not line:
            return None, False
        cwd = _cwd_of(line)
        if cwd is not None:
            return cwd, False
        if not line.endswith(b"\n"):
            # cut at the head's end (a next read would start inside this record), or the
            # file's last line with no newline yet (still being written)
            return None, len(line) >= CWD_HEAD_BYTES
    return None, False


_FAST_HEAD_BYTES = 4096
# The first record as Codex writes it (compact JSON): session_meta, its payload just opened
_META_OPENING = rx.compile(rb'\{"timestamp":"[^"\\]*","type":"session_meta","payload":\{')


def _leading_cwd(head: bytes) -> str | None:
    """The cwd key of session_meta's payload when it comes before anything nested (so it is
    the payload's own, not a nested object's; inside a string a key's quotes are escaped, so
    no text there can pass for one), else None: then the whole record is read."""
    opening = _META_OPENING.match(head)
    if opening is None:
        return None
    found = _CWD_FIELD.search(head, opening.end())
    if found is None:
        return None
    before = head[opening.end() : found.start()]
    if b"{" in before or b"[" in before or b"\n" in before:
        return None
    try:
        value = json.loads(found.group(1))
    except ValueError:
        return None
    return value if isinstance(value, str) and value else None


def _cwd_of(line: bytes) -> str | None:
    try:
        record = json.loads(line)
    except (ValueError, RecursionError):
        # Cut short (still being written, or longer than the head) or broken: its cwd field,
        # if written, still says whose it is, and reading it as None would mine the rollout.
        found = _CWD_FIELD.search(line)
        if found is None:
            return None
        try:
            value = json.loads(found.group(1))
        except ValueError:
            return None
    else:
        if not isinstance(record, dict):
            return None
        payload = record.get("payload")
        value = (payload if isinstance(payload, dict) else record).get("cwd")
    return value if isinstance(value, str) and value else None


def cwd_is_within(cwd: str, real_root: str) -> bool:
    """Whether a recorded ``cwd`` is ``real_root`` (a real path) or inside it.

    Symlinks are resolved as far as the path still exists, so a cwd deleted since is compared
    as an absolute normalized path. A relative cwd (or one with a NUL) places the rollout
    nowhere: resolving it against autodream's own working directory would make the answer
    depend on where autodream was started.
    """
    if not os.path.isabs(cwd) or "\x00" in cwd:
        return False
    real = os.path.realpath(cwd)
    return real == real_root or real.startswith(real_root.rstrip(os.sep) + os.sep)


# In codex_sessions_dir (Codex's own dir: every project's rollouts) a rollout is read only when
# it says it is this project's; in the sessions dir one that recorded no cwd is read.
NO_CWD = ("a Codex rollout that recorded no cwd, in codex_sessions_dir (every project's "
          "rollouts): not known to be this project's")


# A first record longer than the head whose cwd, if any, lies past it: never read, wherever
CWD_NOT_IN_HEAD = (f"a Codex rollout whose cwd could not be read in its first "
                   f"{CWD_HEAD_BYTES // 1024} KB: not known to be this project's")


def other_project_reason(
    stream: BinaryIO, real_root: str, *, need_cwd: bool = False
) -> str | None:
    """Why a rollout belongs to another project than the one at ``real_root`` (one line, naming
    the cwd it recorded), or None: recorded there or below, or no cwd recorded (unless
    ``need_cwd``: then ``NO_CWD``). One whose head was too long to tell is never read."""
    cwd, cut = head_cwd(stream)
    return foreign_reason(cwd, cut, lambda c: cwd_is_within(c, real_root), need_cwd=need_cwd)


def foreign_reason(cwd: str | None, cut: bool, within: Callable[[str], bool], *,
                   need_cwd: bool) -> str | None:
    """Why a rollout whose head gave ``(cwd, cut)`` (``head_cwd``) is not read, or None:
    ``within`` tells whether a recorded cwd is the project or below it."""
    if cwd is None:
        if cut:
            return CWD_NOT_IN_HEAD
        return NO_CWD if need_cwd else None
    return None if within(cwd) else other_project(cwd)


def other_project(cwd: str) -> str:
    """The reason a rollout recorded in ``cwd`` is not read, on one line."""
    return f"a Codex rollout of another project (cwd {_shown(cwd)})"


def _shown(text: str) -> str:
    """``text`` on one printable line: it comes from a file, and goes to a terminal."""
    if len(text) > _SHOWN_CWD_CHARS:
        text = text[:_SHOWN_CWD_CHARS] + "…"
    return printable(text)


def is_injected(text: str) -> bool:
    """True for the instructions and context Codex sends as if the user had said them."""
    return text.lstrip().startswith(INJECTED_PREFIXES)


def looks_like_rollout(record: dict[str, Any]) -> bool:
    """A first record that can only come from a Codex rollout."""
    rtype = record.get("type")
    if "payload" in record and rtype in ROLLOUT_TYPES:
        return True
    # The older shape opens with {"id", "timestamp", "instructions"}.
    return "instructions" in record and "id" in record and "type" not in record


class RolloutReader:
    """Turns rollout lines into ``Message`` values.

    Every user turn arrives twice (``response_item`` message and ``event_msg`` user_message):
    the first copy is kept and the other dropped, matched by text against a short window so a
    person who really says the same thing twice is still heard twice.
    """

    def __init__(self, stats: ReadStats, *, session_id: str | None, fallback_id: str) -> None:
        self.stats = stats
        self.session_id = session_id
        self.current_id = fallback_id
        self._unmatched: deque[tuple[str, str]] = deque(maxlen=8)  # (copy kind, text)
        self._tool_names: dict[str, str] = {}

    def read(self, record: dict[str, Any], line_no: int) -> list[Message]:
        rtype = record.get("type")
        payload = record.get("payload")
        if "payload" not in record and isinstance(rtype, str) and rtype in _ITEM_TYPES:
            rtype, payload = "response_item", record
        elif "payload" not in record and "instructions" in record and "id" in record:
            rtype, payload = "session_meta", record
        if rtype is None and "record_type" in record:
            self.stats.types["state"] += 1  # older rollouts' resume-state lines
            return []
        if not isinstance(rtype, str) or rtype not in ROLLOUT_TYPES:
            self.stats.skipped["unknown_type"] += 1
            return []
        self.stats.types[rtype] += 1
        if not isinstance(payload, dict):
            self.stats.skipped["malformed_record"] += 1
            return []
        when = parse_timestamp(record.get("timestamp"))
        if rtype == "session_meta":
            if isinstance(payload.get("id"), str) and payload["id"]:
                self.current_id = payload["id"]
            return []
        if rtype == "response_item":
            return self._item(payload, when, line_no)
        if rtype == "event_msg":
            if payload.get("type") == "user_message" and isinstance(payload.get("message"), str):
                return self._user_text(payload["message"], "event", when, line_no)
            return []
        if rtype == "compacted" and isinstance(payload.get("message"), str):
            return [self._make("system", "summary", payload["message"], when, line_no)]
        return []

    def _item(self, item: dict[str, Any], when: datetime | None, line_no: int) -> list[Message]:
        itype = item.get("type")
        if itype == "message":
            role = item.get("role")
            text = _content_text(item.get("content"))
            if role == "user":
                return self._user_text(text, "item", when, line_no)
            if role == "assistant":
                return [self._make("assistant", "text", text, when, line_no)] if text else []
            return [self._make("system", "meta", text, when, line_no)] if text else []
        if itype in ("function_call", "custom_tool_call", "local_shell_call"):
            raw_name = item.get("name")
            name = raw_name if isinstance(raw_name, str) else str(itype)
            call_id = item.get("call_id")
            if isinstance(call_id, str):
                self._tool_names[call_id] = name
            args = item.get("arguments", item.get("input", item.get("action", "")))
            text = args if isinstance(args, str) else json.dumps(args, ensure_ascii=False)
            return [self._make("assistant", "tool_use", text, when, line_no, tool_name=name)]
        if itype in ("function_call_output", "custom_tool_call_output"):
            call_id = item.get("call_id")
            result_of = self._tool_names.pop(call_id, None) if isinstance(call_id, str) else None
            output = item.get("output")
            if isinstance(output, dict):
                output = output.get("content", json.dumps(output, ensure_ascii=False))
            text = output if isinstance(output, str) else _content_text(output)
            return [self._make("user", "tool_result", text, when, line_no, tool_name=result_of)]
        if itype == "reasoning":
            summary = item.get("summary")
            text = _content_text(summary) if isinstance(summary, list) else ""
            return [self._make("assistant", "thinking", text, when, line_no)] if text else []
        return []

    def _user_text(
        self, text: str, copy: str, when: datetime | None, line_no: int
    ) -> list[Message]:
        other = "event" if copy == "item" else "item"
        key = text.strip()
        if (other, key) in self._unmatched:
            self._unmatched.remove((other, key))
            return []
        self._unmatched.append((copy, key))
        if not key:
            return []
        kind: MessageKind = "meta" if is_injected(text) else "prompt"
        return [self._make("user", kind, text, when, line_no)]

    def _make(
        self,
        role: Role,
        kind: MessageKind,
        text: str,
        when: datetime | None,
        line_no: int,
        *,
        tool_name: str | None = None,
    ) -> Message:
        return Message(
            session_id=self.session_id or self.current_id,
            role=role,
            kind=kind,
            text=text,
            timestamp=when,
            line_no=line_no,
            tool_name=tool_name,
        )


def _content_text(content: Any) -> str:
    """Text of a content list (``input_text``, ``output_text``, ``summary_text``, ``text``)."""
    if isinstance(content, str):
        return content
    if not isinstance(content, list):
        return ""
    parts = [
        block["text"]
        for block in content
        if isinstance(block, dict) and isinstance(block.get("text"), str)
    ]
    return "\n".join(parts)


def iter_codex(
    stream: BinaryIO,
    stats: ReadStats,
    *,
    fallback_id: str,
    session_id: str | None = None,
    start_offset: int = 0,
    start_line: int = 1,
    max_line_bytes: int = MAX_LINE_BYTES,
    only_human: bool = False,
) -> Iterator[Message]:
    """Stream the messages of one Codex rollout from ``stream`` (at ``start_offset``)."""
    reader = RolloutReader(stats, session_id=session_id, fallback_id=fallback_id)
    for line in iter_lines(
        stream,
        stats,
        start_offset=start_offset,
        start_line=start_line,
        max_line_bytes=max_line_bytes,
        final_partial=is_json_object,
    ):
        record = parse_object(line, stats)
        if record is None:
            continue
        for message in reader.read(record, line.no):
            if only_human and not message.is_human:
                continue
            stats.messages += 1
            yield message
