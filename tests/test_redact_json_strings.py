"""A secret said in a JSON string, as a transcript stores it and the subagent may read it raw
(read_file of a .jsonl, grep of one that is no session): a value ending its string (a message, a
tool's output: '{"message":{"content":"Passwords: Hunter2xyz!"}}' showed 'Hunter2xyz!'), a line
break written as JSON's escape or as the two characters backslash-n, and a tool's output that is
JSON text, its strings escaped twice. Hidden as the readers that decode the JSON hide it (the
local engine's messages, grep of a session, what Claude is sent); the line still JSON, its keys
and every other value as written; near misses in the same strings read the same."""

from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from autodream.redact import redact
from tests.factories import (
    SHARED_TRANSCRIPTS,
    TranscriptBuilder,
    needs_real_transcripts,
    project_with_one_session,
    what_a_dream_kept,
)
from tests.sandbox_tree import build_tree
from tests.scripted_api import ScriptedAPI, tool_use
from tests.test_secret_sweep import SAID_AT, _claude_dream, _run
from tests.test_tools import ok

pytestmark = needs_real_transcripts

MARK = "[REDACTED:assigned-secret]"
PASSWORD = "Hunter2xyz!"
KEY = "Xk9mQ2vL8pR4tW7z"
TOKEN = "Qx-Token-99812"

# (what was said, the secret in it): the families that read a value at the end of its text or
# on the line after its name (headers, "is below", a list's first item, a table's row)
SAID: list[tuple[str, str]] = [
    (f"Passwords: {PASSWORD}", PASSWORD),
    (f"Credentials: {PASSWORD}", PASSWORD),
    (f"Tokens: {TOKEN}", TOKEN),
    (f"Password:\n{PASSWORD}", PASSWORD),
    (f"Credentials:\n{PASSWORD}", PASSWORD),
    (f"Passwords:\n- {PASSWORD}", PASSWORD),
    (f"Tokens:\n- {TOKEN}", TOKEN),
    (f"API keys:\n- prod: {KEY}", KEY),
    (f"Credentials:\n- admin / {PASSWORD}", PASSWORD),
    (f"Grafana token:\n{TOKEN}", TOKEN),
    (f"The password is below\n{KEY}", KEY),
    (f"The admin token for grafana is below:\n\n{KEY}", KEY),
    (f"**staging token**\n{KEY}", KEY),
    (f"staging password\n{PASSWORD}", PASSWORD),
    (f"| user | password |\n|---|---|\n| admin | {PASSWORD} |", PASSWORD),
    (f"user | password\n-----+---------\nadmin | {PASSWORD}", PASSWORD),
    (f"set the password to {PASSWORD}", PASSWORD),
    (f"The staging credential is {PASSWORD}.", PASSWORD),
    # (a backslash after it, as a line continued or an escape cut off ends it)
    (f"Passwords: {PASSWORD}\\", PASSWORD),
]

# ... and what no rule reads as a secret, in the same strings
KEPT = [
    "Passwords: rotated every 90 days",
    "Credentials:\nsee the vault",
    "Passwords:\n- must be 12 chars",
    "credentials: 1Password",
    "Credentials: Ed25519",
    "Tokens:\n- next_page_token",
    "API keys:\n- live in Vault",
    "Keys:\n- Ctrl+S saves",
    "The password is below\nsee the docs",
    "the token limit: 4096",
    "set the password to expire",
    "| user | password |\n|---|---|\n| admin | in the vault |",
    "GITHUB_TOKEN=\nDB_PASS=\nLOG_LEVEL_DEFAULT=info",
    'config: {"password": "${DB_PASSWORD}", "token": "<your token>"}',
]


def _written(text: str, how: str) -> str:
    """``text`` as a person may have written its line breaks: as they are (a JSON escape in the
    line), as the two characters backslash-n (a string pasted escaped), or as "\\r\\n"."""
    return {"as said": text, "backslash-n": text.replace("\n", "\\n"),
            "crlf": text.replace("\n", "\r\n")}[how]


def _carriers() -> list[str]:
    """Real lines of a Claude Code 2.1 session: the person's prompt, and a tool's result (its
    output twice: in the message and in toolUseResult)."""
    lines = (SHARED_TRANSCRIPTS / "claude-code-2.1" / "coverage-test-fix.jsonl").read_text(
        encoding="utf-8").splitlines()
    return [lines[1], lines[34]]


def _line(carrier: str, where: str, text: str) -> str:
    """A copy of ``carrier`` with ``text`` where ``where`` says: the prompt, the tool's output,
    or a tool's output that is JSON text holding it ('{"note": "<text>"}')."""
    record = json.loads(carrier)
    if where == "prompt":
        record["message"]["content"] = text
    else:
        output = json.dumps({"note": text}) if where == "json output" else text
        record["message"]["content"][0]["content"] = output
        record["toolUseResult"]["stdout"] = output
    return json.dumps(record, ensure_ascii=False, separators=(",", ":"))


def _said(record: dict[str, Any], where: str) -> str:
    if where == "prompt":
        return str(record["message"]["content"])
    output = str(record["message"]["content"][0]["content"])
    return str(json.loads(output)["note"]) if where == "json output" else output


def _shows(shown: str, secret: str) -> bool:
    """Whether ``secret`` is in ``shown``, as written or escaped once or twice."""
    once = json.dumps(secret)[1:-1]
    return any(form in shown for form in (secret, once, json.dumps(once)[1:-1]))


WHERE = ["prompt", "tool output", "json output"]
HOW = ["as said", "backslash-n", "crlf"]


@pytest.mark.parametrize("how", HOW)
@pytest.mark.parametrize("where", WHERE)
@pytest.mark.parametrize(("text", "secret"), SAID)
def test_a_secret_ending_a_json_string_is_hidden_in_the_line_read_raw(
        text: str, secret: str, where: str, how: str) -> None:
    said = _written(text, how)
    assert not _shows(redact(said), secret)  # (the reader decoding the JSON hides it)
    carrier = _carriers()[where != "prompt"]
    line = _line(carrier, where, said)

    shown = redact(line)

    assert not _shows(shown, secret)
    # the line is JSON still, every key and every other value as written (a tool's JSON output
    # too), and what was said reads as the reader decoding the JSON has it
    _alike(json.loads(line), json.loads(shown))
    if where != "json output":
        assert _said(json.loads(shown), where) == redact(said)


@pytest.mark.parametrize("how", HOW)
@pytest.mark.parametrize("where", WHERE)
@pytest.mark.parametrize("text", KEPT)
def test_what_is_no_secret_in_a_json_string_reads_the_same(
        text: str, where: str, how: str) -> None:
    said = _written(text, how)
    line = _line(_carriers()[where != "prompt"], where, said)
    assert redact(said) == said
    assert redact(line) == line


def test_every_line_of_a_real_session_reads_the_same() -> None:
    path = SHARED_TRANSCRIPTS / "claude-code-2.1" / "coverage-test-fix.jsonl"
    text = path.read_text(encoding="utf-8")
    assert redact(text) == text
    assert all(redact(line) == line for line in text.splitlines())


def _alike(original: Any, read: Any) -> None:
    """``read`` is ``original`` with secrets hidden and nothing else changed: the same keys in
    the same order, JSON text within a string parsing still, and each string as written but
    for the marks standing for a secret (none taking a quote or a backslash besides it)."""
    if isinstance(original, dict):
        assert isinstance(read, dict) and list(read) == list(original)
        for key, value in original.items():
            _alike(value, read[key])
    elif isinstance(original, list):
        assert isinstance(read, list) and len(read) == len(original)
        for value, inner in zip(original, read, strict=True):
            _alike(value, inner)
    elif isinstance(original, str) and original.startswith("{") and original != read:
        _alike(json.loads(original), json.loads(read))
    elif isinstance(original, str):
        parts = re.split(r"\[REDACTED:[a-z-]+\]", read)
        assert re.fullmatch("(?s:.+?)".join(map(re.escape, parts)), original), (original, read)
    else:
        assert read == original


@pytest.mark.parametrize(("record", "secret"), [
    # a key is never hidden, a value after it is; the value leaves the quote closing it
    ({"password": PASSWORD, "note": "Passwords:"}, PASSWORD),
    # a value before a line break, and a backslash after it: each escape kept whole
    ({"content": f"Passwords: {PASSWORD}\n", "path": "C:\\tmp\\"}, PASSWORD),
    ({"content": f"password: {PASSWORD}\\"}, PASSWORD),
    # a tool's output of JSON text holding a header's value: '\\"X-API-Key: 9f8e...\\"' took
    # the backslash escaping the quote after it in the JSON within, which no longer parsed
    ({"content": json.dumps({"cmd": 'curl -H "X-API-Key: 9f8e7d6c5b4a39281706f5e4d3c2b1a0" '
                                    "https://api.acme.io"})},
     "9f8e7d6c5b4a39281706f5e4d3c2b1a0"),
    ({"content": json.dumps({"note": f"Credentials:\n- {PASSWORD}", "n": 1})}, PASSWORD),
    # (JSON text within JSON text within the line)
    ({"content": json.dumps({"body": json.dumps({"note": f"Passwords: {PASSWORD}"})})},
     PASSWORD),
])
def test_a_hidden_value_leaves_the_json_it_is_in_whole(
        record: dict[str, Any], secret: str) -> None:
    line = json.dumps(record)

    shown = redact(line)

    assert not _shows(shown, secret)
    assert "[REDACTED:" in shown
    _alike(record, json.loads(shown))


# ---- through the tools and the dreams ----------------------------------------------------------

def _session_lines() -> list[str]:
    """A real session whose every prompt and tool output says one of SAID, in each way it may be
    written, after the real lines; the lines as a file holds them."""
    path = SHARED_TRANSCRIPTS / "claude-code-2.1" / "coverage-test-fix.jsonl"
    lines = path.read_text(encoding="utf-8").splitlines()
    carriers = _carriers()
    said = [_line(carriers[where != "prompt"], where, _written(text, how))
            for text, _ in SAID for where in WHERE for how in HOW]
    return lines + said


def _secrets_shown(text: str) -> list[str]:
    return sorted({secret for _, secret in SAID if _shows(text, secret)})


def test_read_file_and_grep_hide_a_secret_ending_a_json_string(tmp_path: Path) -> None:
    tree = build_tree(tmp_path)
    lines = _session_lines()
    session = tree.sessions / "0b7a5a3e-2222-4222-8333-944455556666.jsonl"
    session.write_text("\n".join(lines) + "\n", encoding="utf-8")
    # (a .jsonl that is no session of this project: grep reads its lines as they are)
    shutil.copy(session, tree.project / "export.jsonl")
    box = tree.toolbox()
    first_said = len(lines) - len(SAID) * len(WHERE) * len(HOW) + 1

    whole = ok(box, "read_file", path=f"sessions/{session.name}", limit=2000)
    pages = [ok(box, "read_file", path=f"sessions/{session.name}", offset=at, limit=3)
             for at in range(first_said, len(lines) + 1, 3)]
    found = ok(box, "grep", pattern="Password|password|Credential|token|Token|\\| admin",
               path="sessions/", max_hits=200)
    raw = ok(box, "grep", pattern="Password|password|Credential|token|Token|\\| admin",
             path="project/export.jsonl", max_hits=200)
    project = ok(box, "read_file", path="project/export.jsonl", offset=first_said)

    for shown in (whole, *pages, found, raw, project):
        assert _secrets_shown(shown) == []
    assert "multiply_numbers" in whole  # the session was read
    assert "] Passwords: [REDACTED:" in found  # and the person's words grepped
    assert re.search(r"export\.jsonl:\d+: .*Passwords: \[REDACTED:", raw)


def test_the_local_engine_keeps_no_secret_said_in_any_of_these_ways(tmp_path: Path) -> None:
    root = tmp_path / "work"
    said = [_written(f"Remember this for the project:\n{text}", how)
            for text, _ in SAID for how in HOW]
    project_with_one_session(root, said, SAID_AT)

    _run(root, "--force")

    kept = what_a_dream_kept(root)
    assert "Remember this for the project" in kept  # what was said was read
    assert _secrets_shown(kept) == []


def test_claude_is_sent_no_secret_ending_a_json_string(
        tmp_path: Path, api: list[ScriptedAPI]) -> None:
    root = tmp_path / "work"
    session = project_with_one_session(root, [], SAID_AT)
    builder = TranscriptBuilder(session_id=session.stem, cwd=str(root / "project"), start=SAID_AT)
    builder.user("Add a test for multiply_numbers.")
    for text, _ in SAID:
        for how in HOW:
            builder.user(_written(text, how))
            builder.tool_roundtrip("Bash", {"command": "cat notes.json"},
                                   json.dumps({"note": _written(text, how)}))
            builder.tool_roundtrip("Bash", {"command": "cat notes.txt"}, _written(text, how))
    builder.write(root / "sessions", set_mtime=False)
    os.utime(session, (SAID_AT.timestamp() + 3600,) * 2)

    _, sent = _claude_dream(
        root, api,
        tool_use("read_file", {"path": f"sessions/{session.name}", "limit": 2000}),
        tool_use("read_file", {"path": f"sessions/{session.name}", "offset": 5, "limit": 7}),
        tool_use("grep", {"pattern": "assword|redential|oken|admin", "path": "sessions/"}))

    assert "multiply_numbers" in sent  # the session was read
    assert _secrets_shown(sent) == []
    assert _secrets_shown(what_a_dream_kept(root)) == []


@pytest.mark.parametrize("line", [
    '{"c":"' + '\\"' * 16_000,  # a string of escaped quotes that never closes
    '{"type":"user","message":{"content":"' + json.dumps(
        [{"id": i, "name": f"item{i}"} for i in range(2_000)]).replace('"', '\\"')[:30_000],
], ids=["escaped quotes", "a tool's JSON cut short"])
def test_a_json_string_that_never_closes_is_read_once(line: str) -> None:
    # (read_file cuts a long line at its window, a session being written ends mid-string: each
    # quote after it began the string again, 6.8 s for the first, review rev111)
    import time

    began = time.process_time()
    assert redact(line) == line
    assert time.process_time() - began < 1.0


def test_a_value_ending_a_string_cut_short_is_hidden() -> None:
    line = '{"type":"user","message":{"content":"Passwords: Hunter2xyz!'
    assert "Hunter2xyz" not in redact(line)


# (what was said, as redacted): a value before backslashes ending its line or the text, an escape
# cut off (a line cut inside a JSON string, a session still being written) or a line continued;
# the value read with them showed where the same without them was hidden. The backslashes stay
# as written.
@pytest.mark.parametrize(("said", "shown"), [
    ("Passwords: Hunter2xyz!\\", f"Passwords: {MARK}\\"),
    ("Passwords: Hunter2xyz!\\\\", f"Passwords: {MARK}\\\\"),
    ("Credentials: Hunter2xyz!\\", f"Credentials: {MARK}\\"),
    ("token: Qx-Token-99812\\", f"token: {MARK}\\"),
    ("| user | password |\n|---|---|\n| admin | admin123\\",
     f"| user | password |\n|---|---|\n| admin | {MARK}\\"),
    ("Passwords: Hunter2xyz!\\\nnext line", f"Passwords: {MARK}\\\nnext line"),
    ("Passwords: Hunter2xyz!\\\r\nnext line", f"Passwords: {MARK}\\\r\nnext line"),
    ('{"type":"user","message":{"content":"Passwords: Hunter2xyz!\\',
     '{"type":"user","message":{"content":"Passwords: ' + MARK + "\\"),
    # (no backslash cut off: an escaped one closing the string, the JSON whole)
    ('{"c": "Passwords: Hunter2xyz!\\\\"}', '{"c": "Passwords: ' + MARK + '\\\\"}'),
])
def test_a_value_before_backslashes_cut_off_is_hidden(said: str, shown: str) -> None:
    assert redact(said) == shown


@pytest.mark.parametrize("said", [
    "Passwords: rotated every 90 days\\", "C:\\Users\\me\\", "docker run \\\n  --rm app",
    '{"type":"user","message":{"content":"Passwords:\\',
])
def test_backslashes_cut_off_after_no_secret_read_as_written(said: str) -> None:
    assert redact(said) == said


def test_read_file_and_grep_hide_a_value_before_a_session_cut_after_a_backslash(
        tmp_path: Path) -> None:
    tree = build_tree(tmp_path)
    carrier = _carriers()[0]
    # (the person's prompt, the line cut inside its escaped line break)
    line = _line(carrier, "prompt", "Passwords: Hunter2xyz!\nthanks")
    cut = line[: line.index("Hunter2xyz!\\n") + len("Hunter2xyz!\\")]
    session = tree.sessions / "0b7a5a3e-3333-4333-8333-944455556666.jsonl"
    session.write_text(carrier + "\n" + cut, encoding="utf-8")  # (still being written)
    box = tree.toolbox()

    shown = ok(box, "read_file", path=f"sessions/{session.name}")
    found = ok(box, "grep", pattern="Passwords", path=f"sessions/{session.name}")

    assert "Hunter2xyz" not in shown and "Hunter2xyz" not in found
    assert "Passwords: [REDACTED:" in shown
