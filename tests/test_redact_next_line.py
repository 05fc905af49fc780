"""A secret's value alone on the line after its name: after a name in bold ("**staging token**"
/ value), as a list's item ("staging token" / "- value"), after "Grafana token:" (a value naming
itself, "Qx-Token-99812"), and a password's in grep ("staging password" / "Hunter2xyz!"):
hidden in a message, from memory, in read_file and in grep; a title's or code's next line, or a
name that is no credential's, left as written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from autodream.redact import redact
from tests.factories import project_with_one_session, what_a_dream_kept
from tests.sandbox_tree import build_tree
from tests.scripted_api import ScriptedAPI, tool_use
from tests.test_secret_sweep import SAID_AT, _claude_dream
from tests.test_tools import ok

MARK = "[REDACTED:assigned-secret]"

# (a name and its value on the next line, the secret)
NEXT_LINE: list[tuple[str, str]] = [
    ("**staging token**\nXk9mQ2vL8pR4tW7z", "Xk9mQ2vL8pR4tW7z"),
    ("**staging token**\nQx-Token-99812", "Qx-Token-99812"),
    ("staging token\n- Xk9mQ2vL8pR4tW7z", "Xk9mQ2vL8pR4tW7z"),
    ("the api key\n* Zt8wQ4rL2mKp9vB3Xq7", "Zt8wQ4rL2mKp9vB3Xq7"),
    ("Grafana token:\nQx-Token-99812", "Qx-Token-99812"),
    ("**Grafana token:**\nQx-Token-99812", "Qx-Token-99812"),
    ("Grafana token:\n- Qx-Token-99812", "Qx-Token-99812"),
]


@pytest.mark.parametrize(("text", "secret"), NEXT_LINE)
def test_a_value_on_the_line_after_its_name_is_redacted(text: str, secret: str) -> None:
    shown = redact(text)
    assert secret not in shown
    assert shown.replace(MARK, secret) == text


ORDINARY = [
    "next page token:\nQx-Token-99812",
    "sort key:\n- Xk9mQ2vL8pR4tW7z",
    "**Token**\nRefreshTokenHandler2",
    "## Token\nRefreshTokenHandler2",
    "the token:\nsee vault",
    "the token:\nTokenizerV2Config",
    "api key\n- rotate_it_every_90_days_please",
    "**Key**\n- user_id_2026_07_tenant",
    "Grafana token:\n- where it lives: vault",
]


@pytest.mark.parametrize("text", ORDINARY)
def test_what_no_credentials_name_gives_on_the_next_line_is_left_as_written(text: str) -> None:
    assert redact(text) == text


@pytest.mark.parametrize(("first", "second", "secret"), [
    ("the Grafana token:", "Qx-Token-99812", "Qx-Token-99812"),
    ("**staging token**", "Xk9mQ2vL8pR4tW7z", "Xk9mQ2vL8pR4tW7z"),
    ("the deploy token", "- Zt8wQ4rL2mKp9vB3Xq7", "Zt8wQ4rL2mKp9vB3Xq7"),
])
def test_claude_reads_no_value_said_in_the_message_after_its_name(
    tmp_path: Path, api: list[ScriptedAPI], first: str, second: str, secret: str
) -> None:
    root = tmp_path / "work"
    session = project_with_one_session(root, [first, second], SAID_AT)
    vpath = f"sessions/{session.name}"
    _, sent = _claude_dream(
        root, api,
        tool_use("read_file", {"path": vpath}),
        tool_use("grep", {"pattern": "Qx|Xk9m|Zt8w|token", "path": "sessions/"}))
    assert json.dumps(first)[1:-1] in sent  # the transcript was read
    assert secret not in sent
    assert secret not in what_a_dream_kept(root)


def test_read_file_and_grep_hide_a_value_on_the_line_after_its_name(tmp_path: Path) -> None:
    tree = build_tree(tmp_path)
    (tree.project / "deploy.md").write_text(
        "# Staging\n**staging token**\nXk9mQ2vL8pR4tW7z\nGrafana token:\nQx-Token-99812\n"
        "staging password\nHunter2xyz!\nthe api key\n- Zt8wQ4rL2mKp9vB3Xq7\n"
        "## Password\nReset-Flow-v2\nRestart the api after a deploy.\n"
    )
    box = tree.toolbox()
    secrets = ("Xk9mQ2vL8pR4tW7z", "Qx-Token-99812", "Hunter2xyz!", "Zt8wQ4rL2mKp9vB3Xq7")
    shown = ok(box, "read_file", path="project/deploy.md")
    assert not any(secret in shown for secret in secrets)
    assert ok(box, "grep", pattern=r"^\S+$|^- |after", path="project/deploy.md").splitlines() == [
        f"project/deploy.md:3: {MARK}",
        f"project/deploy.md:5: {MARK}",
        f"project/deploy.md:7: {MARK}",
        f"project/deploy.md:9: - {MARK}",
        "project/deploy.md:11: Reset-Flow-v2",
        "project/deploy.md:12: Restart the api after a deploy.",
    ]
    assert ok(box, "grep", pattern="Xk9m|Qx-Token|Hunter2|Zt8wQ", path="project/") == "no matches"


@pytest.mark.parametrize(("text", "pattern"), [
    # a password's name in a title or a comment, a word that is prose
    ("# password\nchangeme_later", "changeme"),
    ("the password\nis required", "required"),
])
def test_grep_shows_a_line_after_a_password_name_that_gives_no_value(
        tmp_path: Path, text: str, pattern: str) -> None:
    tree = build_tree(tmp_path)
    (tree.project / "notes.md").write_text(text + "\n")
    found = ok(tree.toolbox(), "grep", pattern=pattern, path="project/notes.md")
    assert found == f"project/notes.md:2: {text.splitlines()[1]}"
