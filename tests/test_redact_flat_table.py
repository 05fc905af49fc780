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
from typing import SupportsIndex

import pytest

from autodream.redact import redact
from tests.redacted import MARK, hides_only
from tests.story import DAY0, Story, live

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
    # (the last row leaving its last cells out, as a table on several lines may)
    (f"| user | password | notes | |---|---|---| | admin | {PASSWORD} |", (PASSWORD,)),
    (f"| user | password | notes | |---|---|---| | ro | Tr0ub4dor3 | read only | "
     f"| admin | {PASSWORD} |", ("Tr0ub4dor3", PASSWORD)),
    # (a second separator after a row naming no credential: the columns stay, as on several
    # lines; a header with no opening pipe; rows joined by "||")
    ("| user | password | |---|---| | admin | admin123 | |---|---| | root | Hunter2xyz |",
     ("admin123", "Hunter2xyz")),
    (f"user | password | |---|---| | admin | {PASSWORD} |", (PASSWORD,)),
    (f"Logins for staging: user | password | |---|---| | admin | {PASSWORD} |", (PASSWORD,)),
    (f"| user | password | |---|---| | admin | {PASSWORD} || ro | Tr0ub4dor3 |",
     (PASSWORD, "Tr0ub4dor3")),
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
    # (no opening pipe, no credential's column; the columns staying over cells giving none)
    "user | role | |---|---| | admin | Owner-2024x |",
    "| user | password | |---|---| | admin | in the vault | |---|---| | root | see 1Password |",
]


@pytest.mark.parametrize(("said", "secrets"), SAID)
def test_a_value_under_a_credentials_column_of_a_flattened_table_is_hidden(
        said: str, secrets: tuple[str, ...]) -> None:
    # (the words, the header and every other cell as written)
    assert MARK in hides_only(said, secrets)
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


class _CountedReads(str):
    """A text that counts the characters its ``find`` and ``rfind`` pass over, to where they
    stop (what looking for a line's ends and a row's pipes reads)."""

    read = 0

    def find(self, sub: str, start: SupportsIndex | None = None,  # type: ignore[override]
             end: SupportsIndex | None = None) -> int:
        lo, hi, _ = slice(start, end).indices(len(self))
        at = super().find(sub, lo, hi)
        _CountedReads.read += (hi if at < 0 else at) - lo
        return at

    def rfind(self, sub: str, start: SupportsIndex | None = None,  # type: ignore[override]
              end: SupportsIndex | None = None) -> int:
        lo, hi, _ = slice(start, end).indices(len(self))
        at = super().rfind(sub, lo, hi)
        _CountedReads.read += hi - (lo if at < 0 else at)
        return at


# (the line a separator is on, looked for from each separator back to the text's start and on
# to its end: '"key " + "| |-| " * N' of 2.56 MB took 6.9 s, 1.1 s before flattened tables were
# read; 20,000 separators read 2.4e9 characters here)
@pytest.mark.parametrize("said", [
    "key " + "| |-| " * 20_000,
    "| password | |-| " * 10_000,
    "the token: " + "a" * 100_000 + " | |-| " * 10_000,
])
def test_a_line_of_many_separators_is_read_once(said: str) -> None:
    text = _CountedReads(said)
    _CountedReads.read = 0
    redact(text)
    assert _CountedReads.read < 10 * len(said)
