"""A password said as what it is now, its value a word and its number in lower case ("The
password is now hunter2."): "The password is hunter2." was hidden by "is" alone, but after "is
now" or "was changed to" only a value with both cases or a sign was, so the correction showed
what the first telling hid: in memory (a dream saved "The password is now hunter2.") and in what
Claude reads. Hidden now as after "is"; a hash's or a format's name, a version, a length or a
word run on with a sign after those words stays as said (review rev216)."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from autodream.redact import find_secrets, redact
from tests.factories import project_with_one_session, run_cli, what_a_dream_kept
from tests.scripted_api import ScriptedAPI, call, reply, tool_use

SAID_AT = datetime(2026, 7, 1, 9, 0, tzinfo=UTC)
HIDDEN = "[REDACTED:assigned-secret]"


@pytest.mark.parametrize(("text", "shown"), [
    ("The password is now hunter2.", f"The password is now {HIDDEN}."),
    ("Update: the password is now hunter2.", f"Update: the password is now {HIDDEN}."),
    ("Update: the staging DB password is now hunter2.",
     f"Update: the staging DB password is now {HIDDEN}."),
    ("The password was changed to hunter2.", f"The password was changed to {HIDDEN}."),
    ("the password has been reset to hunter2, use it.",
     f"the password has been reset to {HIDDEN}, use it."),
    ("the password is now set to hunter2", f"the password is now set to {HIDDEN}"),
    ("The secret is now s3cret99.", f"The secret is now {HIDDEN}."),
    ("the password is still Hunter2.", f"the password is still {HIDDEN}."),
    # (as "is" alone hid it, and "is X now")
    ("The password is hunter2.", f"The password is {HIDDEN}"),
    ("The password is hunter2 now.", f"The password is {HIDDEN} now."),
])
def test_a_password_said_as_what_it_is_now_is_hidden_as_after_is(text: str, shown: str) -> None:
    assert redact(text) == shown


KEPT = [
    "the password is now argon2id.",
    "the password is now sha256.",
    "the password is now utf8.",
    "the password was changed to v1.2.3",
    "the password is now SOC2-compliant.",
    "the password was changed to 16chars.",
    "the password is now required.",
    "the password is now stored in vault2.",
    "the password reset ticket is now jira12.",
    "the password is now 12 characters long.",
]


@pytest.mark.parametrize("text", KEPT)
def test_what_a_password_is_now_said_of_is_no_secret(text: str) -> None:
    assert find_secrets(text) == []
    assert redact(text) == text


SAID = [
    "Staging runs Postgres 14.",
    "The password is now hunter2.",
    "Update: the staging DB password is now hunter2.",
    "Remember: the password was changed to hunter2.",
]


def test_neither_memory_nor_claude_holds_a_password_said_as_what_it_is_now(
    tmp_path: Path, api: list[ScriptedAPI]
) -> None:
    local = tmp_path / "local"
    project_with_one_session(local, SAID, SAID_AT)
    run_cli(local, "--force")
    kept = what_a_dream_kept(local)
    assert "Postgres 14" in kept  # the dream did remember
    assert "hunter2" not in kept

    root = tmp_path / "claude"
    session = project_with_one_session(root, SAID, SAID_AT)
    server = ScriptedAPI([
        reply(tool_use("read_file", {"path": f"sessions/{session.name}"}),
              tool_use("grep", {"pattern": "password", "path": "sessions/"})),
        call("finish", summary="looked")]).__enter__()
    api.append(server)
    run_cli(root, "--force", "--backend", "anthropic", ANTHROPIC_API_KEY="sk-test",
            ANTHROPIC_BASE_URL=server.url)
    sent = json.dumps(server.requests)
    assert "Staging runs Postgres 14" in sent  # the session was read
    assert "hunter2" not in sent
