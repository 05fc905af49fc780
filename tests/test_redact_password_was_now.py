"""A password said as what it is now or what it was ("The password for prod is now Hunter2xyz.",
"... was Hunter2xyz, use it"): shown to the model and written into memory, where "the password
for prod is Hunter2xyz." was hidden. After "was", "is now" or "is still" only a value chosen as
people choose passwords is hidden: a length, a version, a ticket or a product ending the clause
("was 16chars.", "is now 2FA-protected.") stays as said, and so does every sentence a person
says about where a password is or how it is made."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from autodream.redact import find_secrets, redact
from tests.factories import project_with_one_session, run_cli, what_a_dream_kept

SAID_AT = datetime(2026, 7, 1, 9, 0, tzinfo=UTC)
HIDDEN = "[REDACTED:assigned-secret]"


@pytest.mark.parametrize(("text", "shown"), [
    ("The password for prod is now Hunter2xyz.", f"The password for prod is now {HIDDEN}."),
    ("The password for prod was Hunter2xyz.", f"The password for prod was {HIDDEN}."),
    ("The password for prod is still Hunter2xyz.", f"The password for prod is still {HIDDEN}."),
    ("the password for prod is currently Hunter2xyz.",
     f"the password for prod is currently {HIDDEN}."),
    ("The password for prod is now Hunter2xyz, use it.",
     f"The password for prod is now {HIDDEN}, use it."),
    ("The password for prod was Hunter2xyz, use it.",
     f"The password for prod was {HIDDEN}, use it."),
    ("the password for prod was \u201cHunter2xyz\u201d, use it.",
     f"the password for prod was \u201c{HIDDEN}\u201d, use it."),
    ("The password is now Hunter2xyz.", f"The password is now {HIDDEN}."),
    ("the root password was Hunter2xyz, rotate it.", f"the root password was {HIDDEN}, rotate it."),
    ("the password was Tr0ub4dor&3 before the incident.",
     f"the password was {HIDDEN} before the incident."),
    ("the password they sent was Hunter2xyz!", f"the password they sent was {HIDDEN}"),
    ("the password I was given was Hunter2xyz!", f"the password I was given was {HIDDEN}"),
    # (the words between "password" and "is" may hold "was": hidden as before)
    ("the password I was given is Hunter2xyz!", f"the password I was given is {HIDDEN}"),
    ("the password I was given is Tr0ub4dor&3, use it.",
     f"the password I was given is {HIDDEN}, use it."),
    ("the password that was set is Hunter2xyz!", f"the password that was set is {HIDDEN}"),
    ("the password they sent was: Tr0ub4dor&3", f"the password they sent was: {HIDDEN}"),
    # (a word naming a thing after whose it is: whose it is, still)
    ("the password for tests was Tr0ub4dor&3, use it.",
     f"the password for tests was {HIDDEN}, use it."),
    ("the password for the jira bot is now Hunter2xyz, use it.",
     f"the password for the jira bot is now {HIDDEN}, use it."),
])
def test_a_password_said_as_what_it_is_now_or_was_is_hidden(text: str, shown: str) -> None:
    assert redact(text) == shown


# Memories, not secrets: a length, a version, a ticket, a product, a place, a variable, a path
# or a URL after "was", "is now" or "is still"
KEPT = [
    "the password for prod was 16chars.",
    "the password for prod is now 2FA-protected.",
    "the password for prod was v1.2.3.",
    "the password for prod was PR#4411.",
    "the password for prod is now 12 characters long.",
    "the password for the wifi is on the fridge",
    "the password policy is 12 chars",
    "the password for prod is in 1Password",
    "the password for prod is now in 1Password.",
    "the password for prod was in 1Password, ask Bob.",
    "the password for prod was NIST-800-63B compliant.",
    "the password for prod is now NIST-800-63B.",
    "the password for prod was OAuth2, now SAML.",
    "the password for prod is now OAuth2.",
    "the password for prod was $DB_PASSWORD.",
    "the password for prod is now $DB_PASSWORD, see env.",
    "the password for prod was in /etc/secrets/db2.",
    "the password for prod is now at /etc/secrets/db2, ask ops.",
    "the password for prod was at https://vault.example.com/v2/prod, see there.",
    "the password for prod is now stored in Vault2.",
    "the password for prod was rotated on 2024-05-01, ask Bob.",
    "the password for prod is still Python3-generated.",
    "the password for prod is now Argon2id.",
    "the password for prod was bcrypt, now argon2id.",
    "the password for prod was sha256, now Argon2id.",
    "the password for prod is still the old one.",
    "the password for prod was INC0042, a ticket.",
    "the password for prod was JIRA-123.",
    "the password for prod is now React18-based.",
    "the password for prod is now 90d.",
    "the password for prod was 2FA+TOTP.",
    "the password for prod is now K8sSecret-v2.",
    "the password for prod is now getUserPassword2.",
    "the password for prod was settings.DB_PASS2.",
    "the password for prod was db_pass2.",
    "the password for prod is now is_valid2(user).",
    "the password for prod was Argon2Hasher.",
    "the password for prod is now ~/.pgpass2.",
    "the password for prod was TLS1.3-only.",
    "the password for prod is now AES256-encrypted.",
    "the password for prod was 1Password8.",
    "the password for prod was Okta2FA.",
    "the password for prod was AWS4Auth.",
    "the password for prod was a-Z0-9.",
    "the password I was given is on the sticky note.",
    "the password they sent was in the email.",
    "the password was OAuth2.",
    "the password was 16chars.",
    "the password is now SOC2-compliant.",
    "the password was ISO27001.",
    "the password was given to Bob2 yesterday.",
    "the password for prod was Windows11.",
    "the password for prod was MySQL8.",
    "the password for prod is now NTLMv2.",
    # (a product's name in lower case and its number)
    "the password for prod was sqlite3.",
    "the password for prod was webpack5.",
    "the password for prod is now emacs29.",
    "the password for prod was python3.",
    "the password for prod is now ipv6, weird.",
    "the password for prod was utf8, weird.",
    "the password for prod was s3.",
    "the password for prod is now ec2.",
    "the password for prod was md5, weird.",
    "the password for prod is still sha256, weird.",
]


@pytest.mark.parametrize("text", KEPT)
def test_what_a_password_is_now_or_was_said_of_is_no_secret(text: str) -> None:
    assert find_secrets(text) == []
    assert redact(text) == text


# A thing named for passwords and what it was or is now: its name or its number, read as "is"
# alone reads it ("the password reset ticket is Jira-1234, closed." is a memory too)
KEPT_THING_NAMED_FOR_PASSWORDS = [
    "the password reset ticket was Jira-1234, closed.",
    "the password reset ticket is now Jira-1234, closed.",
    "the password reset ticket was Jira-1234.",
    "the password bug was Auth-512, fixed in v2.",
    "the password epic was Auth-7, done.",
    "the password commit was Fix-42",
    "the password PR was Fix-4411, merged.",
    "the password header was X-Auth2",
    "the password header was X-Auth-Token2, see it.",
    "the password migration was Mig-0042",
    "the password sync job is currently Sync-Job2",
    "the password secret name was Prod-Db2",
    "the password expiry job was CronJob2, see it.",
    "the password reset feature was Feature-12, shipped.",
    "the password story was Sec-42 last sprint.",
    "the password reset test was TestReset2, flaky.",
    "the password team was Team-Blue2, ask them.",
    "the password branch was Fix-Pw2, see it.",
    "the password issue is still Auth-99, open.",
    "the password ticket's id was Jira-12, see it.",
]


@pytest.mark.parametrize("text", KEPT_THING_NAMED_FOR_PASSWORDS)
def test_what_a_thing_named_for_passwords_was_or_is_now_is_no_secret(text: str) -> None:
    assert find_secrets(text) == []
    assert redact(text) == text


def test_a_dream_keeps_no_password_said_as_what_it_is_now_or_was(tmp_path: Path) -> None:
    root = tmp_path / "work"
    project_with_one_session(root, [
        "Remember: the password for prod is now Hunter2xyz, use it.",
        "Remember: the password for staging was Tr0ub4dor&3 until today.",
        "Remember: the password for the vault was 16chars, now 24chars.",
        "Remember: the password for prod is now 2FA-protected, ask Bob.",
    ], SAID_AT)

    run_cli(root, "--force")

    kept = what_a_dream_kept(root)
    # no secret in a file's name, a title, a body, MEMORY.md, the journal or the diary
    for secret in ("hunter2xyz", "tr0ub4dor"):
        assert secret not in kept.lower()
    for memory in ("16chars, now 24chars", "2FA-protected, ask Bob"):
        assert memory in kept
