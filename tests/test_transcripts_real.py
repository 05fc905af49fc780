"""The readers on every real Claude Code transcript in ../shared/data/real-transcripts/.

Each expectation is checked two ways: against a figure read off the files by hand, and against
an independent count made here with plain ``json`` (so a wrong figure and a wrong reader cannot
agree by accident).
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from autodream.transcripts import (
    ReadStats,
    discover_sessions,
    iter_messages,
    read_session_info,
)
from tests.factories import SHARED_TRANSCRIPTS as _DEFAULT_SHARED
from tests.factories import needs_real_transcripts


def _shared_transcripts() -> Path:
    """factories.SHARED_TRANSCRIPTS assumes the repo sits beside ``shared/`` (true for
    /work/main); a worktree one level deeper finds it further up."""
    if _DEFAULT_SHARED.is_dir():
        return _DEFAULT_SHARED
    for parent in Path(__file__).resolve().parents:
        candidate = parent / "shared" / "data" / "real-transcripts"
        if candidate.is_dir():
            return candidate
    return _DEFAULT_SHARED


pytestmark = needs_real_transcripts
SHARED_TRANSCRIPTS = _shared_transcripts()
REAL_FILES = sorted(SHARED_TRANSCRIPTS.glob("*/*.jsonl"))
SESSION_20 = SHARED_TRANSCRIPTS / "claude-code-2.0" / "ab51623b-c26d-45f5-b98e-f9d0cfa17018.jsonl"

# Read off the files: (human prompts, start of the first one). Subagent files have none: their
# one prompt string was written by the parent agent (Task tool), not by a person.
EXPECTED: dict[str, tuple[int, str | None]] = {
    "ab51623b-c26d-45f5-b98e-f9d0cfa17018.jsonl": (
        3,
        "You are tasked with fully migrating the CommuGraph project into a unified",
    ),
    "agent-6f2b8f7b.jsonl": (0, None),
    "agent-773d7508.jsonl": (0, None),
    "agent-80f146b4.jsonl": (0, None),
    "agent-9507cef4.jsonl": (0, None),
    "coverage-test-fix.jsonl": (1, "Add a function called multiply_numbers(a: int, b: int)"),
    "python-to-rust-port.jsonl": (1, "Port this Python project to Rust."),
    "stop-hook-uncommitted-changes.jsonl": (
        1,
        "Read src/main.py and add a docstring to the top. Then stop.",
    ),
}

# What a person never types at the start of a prompt (an independent, cruder rule than the
# reader's: any tag-like or Claude Code notice opening).
_NOT_TYPED = ("<", "Caveat:", "Stop hook feedback:", "[Request interrupted")


def _records(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_bytes().splitlines() if line.strip()]


def _independent_human_texts(path: Path) -> list[str]:
    texts = []
    for rec in _records(path):
        if rec.get("type") != "user" or rec.get("isSidechain") or rec.get("isMeta"):
            continue
        if rec.get("isCompactSummary"):
            continue
        content = rec["message"]["content"]
        if isinstance(content, str) and not content.startswith(_NOT_TYPED):
            texts.append(content)
    return texts


def _block_counts(path: Path) -> Counter[str]:
    counts: Counter[str] = Counter()
    for rec in _records(path):
        message = rec.get("message")
        if isinstance(message, dict) and isinstance(message.get("content"), list):
            for block in message["content"]:
                counts[block["type"]] += 1
    return counts


def test_every_real_file_is_covered() -> None:
    assert sorted(p.name for p in REAL_FILES) == sorted(EXPECTED)


@pytest.mark.parametrize("path", REAL_FILES, ids=lambda p: p.name)
def test_person_messages_recovered(path: Path) -> None:
    count, first = EXPECTED[path.name]
    human = [m for m in iter_messages(path) if m.is_human]
    independent = _independent_human_texts(path)
    assert len(human) == count == len(independent)
    assert [m.text for m in human] == independent
    if first is not None:
        assert human[0].text.startswith(first)
        assert human[0].timestamp is not None and human[0].timestamp.tzinfo is not None


@pytest.mark.parametrize("path", REAL_FILES, ids=lambda p: p.name)
def test_only_human_fast_path_agrees_with_the_full_read(path: Path) -> None:
    full, fast = ReadStats(), ReadStats()
    everything = [m for m in iter_messages(path, stats=full) if m.is_human]
    only = list(iter_messages(path, stats=fast, only_human=True))
    assert only == everything
    assert fast.end_offset == full.end_offset and fast.last_line == full.last_line
    assert fast.records <= full.records


@pytest.mark.parametrize("path", REAL_FILES, ids=lambda p: p.name)
def test_record_types_counted_and_nothing_skipped(path: Path) -> None:
    stats = ReadStats()
    messages = list(iter_messages(path, stats=stats))
    raw = _records(path)
    assert stats.types == Counter(rec["type"] for rec in raw)
    assert stats.skipped_total == 0
    assert stats.records == len(raw)
    assert stats.messages == len(messages)
    assert stats.end_offset == path.stat().st_size == stats.bytes_read


@pytest.mark.parametrize("path", REAL_FILES, ids=lambda p: p.name)
def test_tool_traffic_is_kept_apart_from_the_person(path: Path) -> None:
    messages = list(iter_messages(path))
    blocks = _block_counts(path)
    kinds = Counter(m.kind for m in messages)
    assert kinds["tool_use"] == blocks["tool_use"]
    assert kinds["tool_result"] == blocks["tool_result"]
    assert kinds["thinking"] == blocks["thinking"]
    for m in messages:
        if m.is_human:
            assert "<system-reminder>" not in m.text
            assert not m.text.startswith(("<command-", "<local-command", "Caveat:"))
    # every tool result was matched to the call that asked for it
    results = [m for m in messages if m.kind == "tool_result"]
    assert results and all(m.tool_name for m in results)


def test_injected_user_records_of_the_long_session_are_meta() -> None:
    messages = list(iter_messages(SESSION_20))
    meta = [m.text for m in messages if m.role == "user" and m.kind == "meta"]
    # two /command invocations, each: caveat (isMeta), command wrapper, local stdout; and a
    # background-shell notice queued mid-turn (queue-operation enqueue, then remove)
    assert len(meta) == 7
    assert meta[-1].startswith("<bash-notification>")
    assert sum(t.startswith("Caveat:") for t in meta) == 2
    assert sum(t.startswith("<command-name>") for t in meta) == 2
    assert sum(t.startswith("<local-command-stdout>") for t in meta) == 2
    summaries = [m for m in messages if m.kind == "summary"]
    assert len(summaries) == 1
    assert summaries[0].text.startswith("This session is being continued")
    # the rate-limit notice Claude Code wrote itself is not assistant prose
    assert any(m.role == "assistant" and m.kind == "meta" for m in messages)


def test_split_assistant_responses_share_message_id() -> None:
    messages = [m for m in iter_messages(SESSION_20) if m.role == "assistant"]
    by_id = Counter(m.message_id for m in messages if m.message_id)
    raw_ids = Counter(
        rec["message"]["id"] for rec in _records(SESSION_20) if rec["type"] == "assistant"
    )
    assert by_id == raw_ids
    assert max(by_id.values()) > 1  # at least one response spans several records


@pytest.mark.parametrize(
    "path", [p for p in REAL_FILES if p.name.startswith("agent-")], ids=lambda p: p.name
)
def test_subagent_messages_are_sidechain(path: Path) -> None:
    messages = list(iter_messages(path))
    assert messages and all(m.is_sidechain for m in messages)
    prompts = [m for m in messages if m.kind == "prompt"]
    assert len(prompts) == 1 and not prompts[0].is_human
    # attributed to the session that spawned it
    assert {m.session_id for m in messages} == {"ab51623b-c26d-45f5-b98e-f9d0cfa17018"}


def test_discovery_finds_the_old_layout_subagents() -> None:
    found = discover_sessions(SHARED_TRANSCRIPTS / "claude-code-2.0")
    assert [s.id for s in found] == ["ab51623b-c26d-45f5-b98e-f9d0cfa17018"]
    assert [p.name for p in found[0].subagents] == sorted(
        p.name for p in (SHARED_TRANSCRIPTS / "claude-code-2.0").glob("agent-*.jsonl")
    )


def test_renamed_sessions_are_not_sessions_for_discovery() -> None:
    # the 2.1 fixtures were renamed (no <uuid>.jsonl): they do not count as sessions
    assert discover_sessions(SHARED_TRANSCRIPTS / "claude-code-2.1") == []


@pytest.mark.parametrize("path", REAL_FILES, ids=lambda p: p.name)
def test_session_info_from_first_and_last_records(path: Path) -> None:
    raw = _records(path)
    stamps = [r["timestamp"] for r in raw if "timestamp" in r]
    info = read_session_info(path)
    assert info.source == "claude-code"
    assert info.size == path.stat().st_size
    assert info.cwd == next(r["cwd"] for r in raw if "cwd" in r)
    assert info.started is not None and info.ended is not None
    assert info.started.isoformat().startswith(stamps[0][:19])
    assert info.ended.isoformat().startswith(stamps[-1][:19])
    session_ids = {r["sessionId"] for r in raw if "sessionId" in r}
    if path.name.startswith("agent-"):
        assert info.parent_id in session_ids
    else:
        assert info.id in session_ids
