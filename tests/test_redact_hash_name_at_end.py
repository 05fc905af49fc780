"""A hash's name said as what a password's hashing is, at the end of a line: 'Remember: the
password hashing for users is argon2id. we dropped bcrypt last sprint.' was refused by every
dream, its title ('The password hashing for users is argon2id') ending a line and the name taken
for the password. Only a whole name is let through: a password that merely begins with one
('bcrypt4life', 'Md5Hunter22!') is hidden as before."""

from __future__ import annotations

from pathlib import Path

import pytest

from autodream.redact import redact
from tests.story import live, parse_story

MARK = "[REDACTED:assigned-secret]"


@pytest.mark.parametrize("name", ["argon2id", "argon2", "bcrypt", "scrypt", "pbkdf2",
                                  "sha-512", "sha256", "md5", "Argon2id"])
def test_a_hash_name_ending_the_line_is_kept(name: str) -> None:
    text = f"The password hashing for users is {name}"
    assert redact(text) == text


@pytest.mark.parametrize("value", ["bcrypt4life", "Md5Hunter22!", "Sha256Rocks!", "Scrypt-2024!",
                                   "Argon2Rules", "pbkdf2fun", "md5-Hunter22", "sha1sha1"])
def test_a_password_that_begins_with_a_hash_name_is_hidden(value: str) -> None:
    assert redact(f"the password for the db is {value}") == f"the password for the db is {MARK}"


def test_a_dream_saves_a_password_hashing_named_at_its_title_end_and_not_a_password(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    monkeypatch.setenv("AUTODREAM_NOW", "2026-07-06T00:00:00+00:00")
    printed = live(parse_story(
        "say 0: Remember: the password hashing for users is argon2id. we dropped bcrypt last "
        "sprint.\n"
        "say 0: Remember: the password for the staging db is bcrypt4life\n"), tmp_path / "p")
    assert "The password hashing for users is argon2id. we dropped bcrypt last sprint." in printed
    assert "bcrypt4life" not in printed
