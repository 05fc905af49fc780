"""Codex CLI rollouts and Markdown daily logs, through the same entry point."""

from __future__ import annotations

import json
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from autodream.transcripts import (
    ReadStats,
    detect_source,
    discover_codex_rollouts,
    discover_daily_logs,
    iter_messages,
    read_session_info,
)

CODEX_ID = "0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b"


def _line(ts: str, kind: str, payload: dict[str, Any]) -> dict[str, Any]:
    return {"timestamp": ts, "type": kind, "payload": payload}


def _user_item(text: str) -> dict[str, Any]:
    return {"type": "message", "role": "user", "content": [{"type": "input_text", "text": text}]}


def _rollout_records() -> list[dict[str, Any]]:
    t = "2026-07-02T10:00:{:02d}.000Z".format
    return [
        _line(
            t(0),
            "session_meta",
            {
                "id": CODEX_ID,
                "timestamp": t(0),
                "cwd": "/home/me/api",
                "cli_version": "0.46.0",
                "git": {"branch": "main", "commit_hash": "abc"},
            },
        ),
        _line(t(1), "response_item", _user_item("# AGENTS.md instructions for /home/me/api\n...")),
        _line(t(1), "response_item", _user_item("<environment_context>\n  <cwd>/home/me/api")),
        _line(t(1), "response_item", _user_item("<user_instructions>be brief</user_instructions>")),
        _line(t(2), "turn_context", {"cwd": "/home/me/api", "model": "gpt-5-codex"}),
        _line(t(3), "response_item", _user_item("we deploy with fly, not heroku")),
        _line(
            t(3), "event_msg", {"type": "user_message", "message": "we deploy with fly, not heroku"}
        ),
        _line(
            t(4),
            "response_item",
            {
                "type": "reasoning",
                "summary": [{"type": "summary_text", "text": "Checking the deploy config"}],
            },
        ),
        _line(
            t(5),
            "response_item",
            {
                "type": "function_call",
                "name": "shell",
                "arguments": '{"command":["ls"]}',
                "call_id": "c1",
            },
        ),
        _line(
            t(6),
            "response_item",
            {"type": "function_call_output", "call_id": "c1", "output": "fly.toml\n"},
        ),
        _line(
            t(7),
            "response_item",
            {
                "type": "message",
                "role": "assistant",
                "content": [{"type": "output_text", "text": "Noted."}],
            },
        ),
        _line(t(7), "event_msg", {"type": "agent_message", "message": "Noted."}),
        _line(t(8), "event_msg", {"type": "token_count", "info": None}),
        # the same words again in a later turn are a second statement, not a copy
        _line(t(9), "event_msg", {"type": "user_message", "message": "continue"}),
        _line(t(9), "response_item", _user_item("continue")),
        _line(t(10), "response_item", _user_item("continue")),
        _line(t(10), "event_msg", {"type": "user_message", "message": "continue"}),
    ]


def _write_rollout(root: Path) -> Path:
    path = root / "2026" / "07" / "02" / f"rollout-2026-07-02T10-00-00-{CODEX_ID}.jsonl"
    path.parent.mkdir(parents=True)
    path.write_text("".join(json.dumps(r) + "\n" for r in _rollout_records()))
    return path


def test_codex_rollout_person_and_meta(tmp_path: Path) -> None:
    path = _write_rollout(tmp_path)
    stats = ReadStats()
    messages = list(iter_messages(path, stats=stats))
    assert [m.text for m in messages if m.is_human] == [
        "we deploy with fly, not heroku",
        "continue",
        "continue",
    ]
    meta = [m.text for m in messages if m.kind == "meta"]
    assert len(meta) == 3 and all(m.startswith(("#", "<")) for m in meta)
    kinds = [(m.role, m.kind) for m in messages if m.kind not in ("meta", "prompt")]
    assert kinds == [
        ("assistant", "thinking"),
        ("assistant", "tool_use"),
        ("user", "tool_result"),
        ("assistant", "text"),
    ]
    tool_result = next(m for m in messages if m.kind == "tool_result")
    assert tool_result.tool_name == "shell" and tool_result.text == "fly.toml\n"
    assert {m.session_id for m in messages} == {CODEX_ID}
    assert messages[0].timestamp == datetime(2026, 7, 2, 10, 0, 1, tzinfo=UTC)
    assert stats.types == Counter(r["type"] for r in _rollout_records())
    assert stats.skipped_total == 0


def test_codex_detected_by_first_record_without_rollout_name(tmp_path: Path) -> None:
    path = tmp_path / "session.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in _rollout_records()))
    assert detect_source(str(path), path.read_bytes()[:4096]) == "codex"
    human = [m.text for m in iter_messages(path) if m.is_human]
    assert human[0] == "we deploy with fly, not heroku"


def test_codex_incremental_read_keeps_the_session_id(tmp_path: Path) -> None:
    path = _write_rollout(tmp_path)
    offset = sum(len(json.dumps(r)) + 1 for r in _rollout_records()[:5])
    messages = list(iter_messages(path, start_offset=offset))
    assert {m.session_id for m in messages} == {CODEX_ID}  # from the file name
    assert messages[0].text == "we deploy with fly, not heroku"


def test_codex_session_info_and_discovery(tmp_path: Path) -> None:
    path = _write_rollout(tmp_path)
    info = read_session_info(path)
    assert (info.id, info.source, info.cwd, info.git_branch) == (
        CODEX_ID,
        "codex",
        "/home/me/api",
        "main",
    )
    assert info.ended == datetime(2026, 7, 2, 10, 0, 10, tzinfo=UTC)
    assert discover_codex_rollouts(tmp_path) == [path]


DAILY_LOG = """# 2026-07-03

- 09:15 Standup: we agreed to freeze the API until the release
- **14:30** Decided to use uv instead of pip
  for every project from now on
- Remember: the staging DB is read-only

A plain paragraph about the
release plan for next Friday.

```
code that is not a note
```
<!-- a comment
over lines -->
## Later
[18:05] Deadline for the report is in two weeks"""


@pytest.mark.parametrize("layout", ["logs/2026/07/2026-07-03.md", "memory/2026-07-03.md"])
def test_markdown_daily_log_entries(tmp_path: Path, layout: str) -> None:
    path = tmp_path / layout
    path.parent.mkdir(parents=True)
    path.write_text(DAILY_LOG, encoding="utf-8")  # no final newline: the last entry still counts
    messages = list(iter_messages(path))
    assert [(m.text, m.timestamp) for m in messages] == [
        ("Standup: we agreed to freeze the API until the release", _at(9, 15)),
        ("Decided to use uv instead of pip\nfor every project from now on", _at(14, 30)),
        ("Remember: the staging DB is read-only", _at(0, 0)),
        ("A plain paragraph about the\nrelease plan for next Friday.", _at(0, 0)),
        ("Deadline for the report is in two weeks", _at(18, 5)),
    ]
    assert all(m.is_human and m.session_id == "2026-07-03" for m in messages)
    assert [m.line_no for m in messages] == [3, 4, 6, 8, 17]
    info = read_session_info(path)
    assert info.source == "markdown" and info.started == _at(0, 0)
    assert discover_daily_logs(tmp_path) == [path]


def _at(hour: int, minute: int) -> datetime:
    return datetime(2026, 7, 3, hour, minute, tzinfo=UTC)


def test_older_unwrapped_rollout(tmp_path: Path) -> None:
    lines = [
        {"id": CODEX_ID, "timestamp": "2025-05-01T08:00:00Z", "instructions": "be careful"},
        {"record_type": "state"},
        _user_item("<environment_context>cwd: /x</environment_context>"),
        _user_item("never push to main directly"),
        {
            "type": "message",
            "role": "assistant",
            "content": [{"type": "output_text", "text": "ok"}],
        },
        {"record_type": "state"},
    ]
    path = tmp_path / "old-session.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in lines))
    stats = ReadStats()
    messages = list(iter_messages(path, stats=stats))
    assert [(m.kind, m.text) for m in messages] == [
        ("meta", "<environment_context>cwd: /x</environment_context>"),
        ("prompt", "never push to main directly"),
        ("text", "ok"),
    ]
    assert {m.session_id for m in messages} == {CODEX_ID}
    assert stats.types == {"session_meta": 1, "state": 2, "response_item": 3}
    assert stats.skipped_total == 0
