"""A hash's name said as what a password's hashing is, at the end of a line: 'Remember: the
password hashing for users is argon2id. we dropped bcrypt last sprint.' was refused by every
dream, its title ('The password hashing for users is argon2id') ending a line and the name taken
for the password. Only a whole name is let through: a password that merely begins with one
('bcrypt4life', 'Md5Hunter22!') is hidden as before. And every name a person gives a
password's hashing ('yescrypt', 'pbkdf2-sha256', 'sha512crypt', 'balloon', ...) is kept where a
hash's name goes ('hashing is X', 'hashing: X', 'hash algorithm is X'): 'Remember: the password
hashing for users is yescrypt' was refused as argon2id once was, and 'password hashing: Argon2id'
hid the name; a hash's name said with no hashing ('the wifi password is balloon') is hidden as
before."""

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


HASH_NAMES = ["pbkdf2", "pbkdf2-sha256", "pbkdf2_sha256", "sha512crypt", "sha256crypt", "md5crypt",
              "bcrypt", "scrypt", "argon2", "argon2i", "argon2d", "argon2id", "Argon2id",
              "yescrypt", "gost-yescrypt", "sha-512", "sha256", "SHA-512", "PBKDF2-SHA256",
              "bcrypt-sha256", "sha3-256", "balloon", "phpass", "ntlm", "NTLMv2", "lm"]
HASH_PLACES = ["Remember: the password hashing for users is {}", "password hashing: {}",
               "The password hashing is {}.", "the password is hashed with {}",
               "the password hash algorithm is {}", "password hashing for users: {}",
               "the password hashing we use is {}, since 2024"]


@pytest.mark.parametrize("place", HASH_PLACES)
@pytest.mark.parametrize("name", HASH_NAMES)
def test_every_hash_name_said_as_a_passwords_hashing_is_kept(name: str, place: str) -> None:
    text = place.format(name)
    assert redact(text) == text


@pytest.mark.parametrize(("text", "secret"), [
    # (a hash's name said with no hashing, or a password said after the hashing)
    ("the wifi password is balloon", "balloon"),
    ("the password for the party wifi is balloon", "balloon"),
    ("We hash sessions. The wifi password is balloon", "balloon"),
    ("we hash sessions; the wifi password is balloon", "balloon"),
    ("the password hashing is bcrypt, and the admin password is balloon", "balloon"),
    ("the db password is yescrypt", "yescrypt"),
    # (a password that only begins with a hash's name)
    ("password hashing: Argon2Rules", "Argon2Rules"),
    ("password hashing is yescrypt2024!", "yescrypt2024!"),
    # (a hashing word in the clause, but not right after the secret's name: a thing named so)
    ("the password for the hashing server is balloon", "balloon"),
    ("the password to the hash box is balloon", "balloon"),
    ("the password of the hashing cluster is yescrypt", "yescrypt"),
    ("the password on the hash box = balloon", "balloon"),
    ("passphrase for the kdf demo: balloon", "balloon"),
    ("we hash sessions, and the password for the hashing VM is balloon", "balloon"),
    ("the password is hashed and the password is balloon", "balloon"),
    # (a password named by a short name after the hashing: the last secret's name was taken to
    # be "password", before "hashing")
    ("password hashing uses argon2, root pass: balloon", "balloon"),
    ("password hashing: argon2, wifi pw: balloon", "balloon"),
    ("password hashing is argon2, db pwd: yescrypt", "yescrypt"),
    ("password hashing is argon2, DB_PASS=balloon", "balloon"),
])
def test_a_hash_name_said_as_no_hashing_is_hidden(text: str, secret: str) -> None:
    assert redact(text) == text.replace(secret, MARK)


def test_a_dream_saves_a_password_hashing_of_yescrypt(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    monkeypatch.setenv("AUTODREAM_NOW", "2026-07-06T00:00:00+00:00")
    printed = live(parse_story(
        "say 0: Remember: the password hashing for users is yescrypt\n"
        "say 0: Remember: the admin password hashing is bcrypt, and the wifi password is balloon\n"
        "say 0: Remember: the password for the hashing server is balloon\n"
    ), tmp_path / "p")
    assert "The password hashing for users is yescrypt" in printed
    assert "balloon" not in printed
