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
from collections import deque
from collections.abc import Iterator
from datetime import datetime
from typing import Any, BinaryIO

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
