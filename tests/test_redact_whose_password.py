"""A password said with whose it is between the word and its value ("the password for prod is
Hunter2xyz, use it"): hidden whatever follows it in the sentence, as "the prod password is
Hunter2xyz, ok?" is. It was hidden only where the value ended the clause ("... is Hunter2xyz."),
and a dream wrote it into a topic file's name, title, body and MEMORY.md line. The sentences that
name a thing about passwords, not a password, stay as written (memories, not secrets)."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

import pytest

from autodream.redact import find_secrets, redact
from tests.factories import project_with_one_session, run_cli, what_a_dream_kept

SAID_AT = datetime(2026, 7, 1, 9, 0, tzinfo=timezone.utc)


@pytest.mark.parametrize(("text", "shown"), [
    ("The password for prod is Hunter2xyz, use it.",
     "The password for prod is [REDACTED:assigned-secret], use it."),
    ("the password for prod is Summer2024!, use it.",
     "the password for prod is [REDACTED:assigned-secret], use it."),
    ("The password for prod is $ecretPass1, use it.",
     "The password for prod is [REDACTED:assigned-secret], use it."),
    # (whose it is in more words, or on, of; quoted; no comma; a sign, a parenthesis after it)
    ("the password for the prod db is Hunter2xyz, ask Bob first.",
     "the password for the prod db is [REDACTED:assigned-secret], ask Bob first."),
    ("the password on staging is Hunter2xyz!! use it.",
     "the password on staging is [REDACTED:assigned-secret] use it."),
    ('the password of the admin account is "Tr0ub4dor&3", use it.',
     'the password of the admin account is "[REDACTED:assigned-secret]", use it.'),
    ("The password for prod is Hunter2xyz use it.",
     "The password for prod is [REDACTED:assigned-secret] use it."),
    ("the password for prod is hunter22 (rotated monthly).",
     "the password for prod is [REDACTED:assigned-secret] (rotated monthly)."),
])
def test_a_password_said_with_whose_it_is_is_hidden_as_the_sentence_goes_on(
        text: str, shown: str) -> None:
    assert redact(text) == shown


# Memories, not secrets: what a thing about passwords is named, where one lives, how it is made
KEPT = [
    "the password leak fix is PR4411, it merged today.",
    "the password reset ticket is INC0042, use it.",
    "the password rotation is due Q3-2026, plan it.",
    "the password owner is jsmith42, ask him.",
    "the password manager is Office365, use it.",
    "the password policy is WPA2-Enterprise, use it.",
    "the password for prod is in Vault, use it.",
    "the password for prod is rotated weekly, use it.",
    "the password hashing for users is argon2id, use it.",
    "the password for prod is stored in 1Password, use it.",
    "Remember: the password hashing for users is argon2id. we dropped bcrypt last sprint.",
    # (near misses of the value after whose it is: a hash, a format, a version, a length, a
    # variable or a template standing for it, a word with no digit)
    "the password for users is argon2id, use it.",
    "the password for users is Argon2id-hashed, use it.",
    "the password for prod is utf8-encoded, use it.",
    "the password for prod is base64, use it.",
    "the password for prod is v2.3.1-post1, use it.",
    "the password for prod is 16-characters, use it.",
    "the password for prod is GITHUB_TOKEN2, use it.",
    "the password for prod is $DB_PASSWORD2, use it.",
    "the password for prod is ${DB_PASSWORD2}, use it.",
    "the password for prod is <your password>, use it.",
    "the password for prod is xxxxxxxx, use it.",
]


@pytest.mark.parametrize("text", KEPT)
def test_a_thing_about_passwords_is_no_secret(text: str) -> None:
    assert find_secrets(text) == []
    assert redact(text) == text


def test_a_dream_keeps_no_password_said_with_whose_it_is_and_every_memory_about_them(
        tmp_path: Path) -> None:
    root = tmp_path / "work"
    project_with_one_session(root, [
        "Remember: the password for prod is Hunter2xyz, use it.",
        "Remember: the password for staging is Summer2024!, use it.",
        "Remember: the password for the db is $ecretPass1, use it.",
        "Remember: the password hashing for users is argon2id. we dropped bcrypt last sprint.",
        "Remember: the password reset ticket is INC0042, use it.",
    ], SAID_AT)
    # (the person's own topic file about passwords, restated in the session: written back with
    # the session as a source, each line as the person wrote it; not the first, whose "today"
    # a dream dates)
    lines = [text[0].upper() + text[1:] for text in KEPT[1:10]]
    (root / "memory" / "project_password-policy.md").write_text(
        "---\nname: Password policy\ndescription: who owns passwords and where they live\n"
        "type: project\nsources:\n- 2026-06-01 0000aaaa-0000-4000-8000-000000000001\n---\n\n"
        + "\n".join(lines) + "\n")
    (root / "memory" / "MEMORY.md").write_text(
        "- [Password policy](project_password-policy.md) — who owns passwords\n")

    run_cli(root, "--force")

    kept = what_a_dream_kept(root)
    # no secret in a file's name, a title, a body, MEMORY.md, the journal or the diary
    for secret in ("hunter2xyz", "summer2024", "$ecretpass1", "ecretpass1"):
        assert secret not in kept.lower()
    memory = root / "memory"
    index = (memory / "MEMORY.md").read_text()
    assert "argon2id" in index and "we dropped bcrypt last sprint" in index
    policy = (memory / "project_password-policy.md").read_text()
    assert policy.endswith("\n---\n\n" + "\n".join(lines) + "\n")
    assert "- 2026-07-01 " in policy  # (written back)
