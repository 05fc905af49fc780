"""A markdown table flattened onto one line, as a message or a log may join its lines with spaces
("Remember the staging db: | user | password | |---|---| | admin | Hunter2xyz! |"): the value in
the column a credential's name heads is hidden, as in the table on several lines (the rules of
tests/test_redact_table_columns.py); the words, the header and every other cell stay as written,
in a message, in its JSON line and in what a dream keeps. A column no credential's name heads, a
cell that gives no value, or pipes with no separator between them read as written."""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path

import pytest

from autodream.redact import redact
from tests.story import DAY0, Story, live

MARK = "[REDACTED:assigned-secret]"
PASSWORD = "Hunter2xyz!"

# (what was said, the secrets in it)
SAID: list[tuple[str, tuple[str, ...]]] = [
    (f"Remember the staging db: | user | password | |---|---| | admin | {PASSWORD} |",
     (PASSWORD,)),
    # (more rows; the last one's closing pipe left out; a separator spaced and aligned)
    (f"Logins: | user | password | |---|---| | admin | {PASSWORD} | | ro | Tr0ub4dor3 |",
     (PASSWORD, "Tr0ub4dor3")),
    (f"Remember the staging db: | user | password | |---|---| | admin | {PASSWORD}",
     (PASSWORD,)),
    ("| user | password | notes | | :--- | :---: | --- | | admin | `admin123` | rotated | "
     "| ro | Tr0ub4dor3 | read only |", ("admin123", "Tr0ub4dor3")),
    # (a token's column; a second table after the first, on the same line)
    ("Grafana: | service | token | |---|---| | grafana | Qx-Token-99812 | | sentry | see vault |",
     ("Qx-Token-99812",)),
    (f"| user | role | |---|---| | admin | Owner2024 | | user | password | |---|---| "
     f"| admin | {PASSWORD} |", (PASSWORD,)),
]

KEPT = [
    # (the credential's column gives no value; the value is in a column no name heads)
    "Remember the staging db: | user | password | |---|---| | admin | in the vault |",
    f"Remember this: | user | notes | |---|---| | admin | {PASSWORD} |",
    # (prose naming a password before the first pipe heads no column of the rows)
    "Rotate the password | user | role | |---|---| | admin | Owner-2024x |",
    "| a | password | |---|---| | b | argon2id |",
    "| setting | password | |---|---| | DB_PASS | required | | x | $DB_PASSWORD | "
    "| y | GITHUB_TOKEN2 | | z | v2.3.1 |",
    # (pipes with no separator row between them: no table)
    f"Run ps aux | grep password | wc -l | admin | {PASSWORD}",
    "the password column | --- | is empty | Tr0ub4dor3",
]


@pytest.mark.parametrize(("said", "secrets"), SAID)
def test_a_value_under_a_credentials_column_of_a_flattened_table_is_hidden(
        said: str, secrets: tuple[str, ...]) -> None:
    shown = redact(said)
    assert not any(secret in shown for secret in secrets)
    assert MARK in shown
    # (the words, the header and every other cell as written)
    for secret in secrets:
        shown = shown.replace(MARK, secret, 1)
    assert shown == said
    # ... in the message's JSON line too, which stays JSON
    line = json.dumps({"message": {"content": said}})
    assert json.loads(redact(line))["message"]["content"] == redact(said)


@pytest.mark.parametrize("said", KEPT)
def test_a_flattened_table_heading_no_credentials_column_reads_as_written(said: str) -> None:
    assert redact(said) == said
    line = json.dumps({"message": {"content": said}})
    assert redact(line) == line


def test_a_local_dream_keeps_no_value_of_a_flattened_table(tmp_path: Path) -> None:
    said = [text for text, _ in SAID] + [
        "Remember: the password hashing for users is argon2id. we dropped bcrypt last sprint."]
    story = Story(steps=[("say", DAY0 + timedelta(minutes=n), text)
                         for n, text in enumerate(said)])
    story.steps.append(("dream", DAY0 + timedelta(hours=2), ""))

    memory = live(story, tmp_path / "story")

    assert "we dropped bcrypt last sprint" in memory  # what was said was read
    # (nor in a file's name, which the memory printed holds, in lower case)
    for _, secrets in SAID:
        assert not any(secret.lower() in memory.lower() for secret in secrets)
