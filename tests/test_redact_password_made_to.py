"""A password said with what it was made ("the password was changed to Hunter2xyz"), in
parentheses ("the password was (Hunter2xyz)"), in a table's row ("| prod password | was
Hunter2xyz |") or after a relative clause ("the password my team set was Hunter2xyz"): each was
shown to the model and written into memory, where "the password was Hunter2xyz" was hidden.
Only a value chosen as people choose passwords is hidden so: a length, a version, an id, a
ticket or a word saying when stays as said."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from autodream.redact import find_secrets, redact
from tests.factories import project_with_one_session, run_cli, what_a_dream_kept

SAID_AT = datetime(2026, 7, 1, 9, 0, tzinfo=UTC)
HIDDEN = "[REDACTED:assigned-secret]"


@pytest.mark.parametrize(("text", "shown"), [
    ("the password was changed to Hunter2xyz", f"the password was changed to {HIDDEN}"),
    ("The password was changed to Hunter2xyz.", f"The password was changed to {HIDDEN}."),
    ("the password was set to Hunter2xyz, use it.", f"the password was set to {HIDDEN}, use it."),
    ("the password was reset to Tr0ub4dor&3 today", f"the password was reset to {HIDDEN} today"),
    ("the password was updated to Hunter2xyz", f"the password was updated to {HIDDEN}"),
    ("the password has been changed to Hunter2xyz", f"the password has been changed to {HIDDEN}"),
    ("the password is now set to Hunter2xyz", f"the password is now set to {HIDDEN}"),
    ("the root password was rotated to Hunter2xyz",
     f"the root password was rotated to {HIDDEN}"),
    ("the password for prod was changed to Hunter2xyz, use it.",
     f"the password for prod was changed to {HIDDEN}, use it."),
])
def test_a_password_said_with_what_it_was_made_is_hidden(text: str, shown: str) -> None:
    assert redact(text) == shown


@pytest.mark.parametrize(("text", "shown"), [
    ("the password was (Hunter2xyz)", f"the password was ({HIDDEN})"),
    ("The password was (Hunter2xyz).", f"The password was ({HIDDEN})."),
    ("the password is now (Tr0ub4dor&3), use it", f"the password is now ({HIDDEN}), use it"),
    ("the password for prod is (Hunter2xyz), use it",
     f"the password for prod is ({HIDDEN}), use it"),
    ("the password they sent was (Hunter2xyz) today",
     f"the password they sent was ({HIDDEN}) today"),
])
def test_a_password_said_in_parentheses_is_hidden(text: str, shown: str) -> None:
    assert redact(text) == shown


# (a word naming a thing, "team", is in the relative clause, not the name of a thing named for
# passwords: "the password team was Team-Blue2" stays as said)
@pytest.mark.parametrize(("text", "shown"), [
    ("the password my team set was Hunter2xyz", f"the password my team set was {HIDDEN}"),
    ("The password my team set was Hunter2xyz.", f"The password my team set was {HIDDEN}."),
    ("the password the team uses was Hunter2xyz", f"the password the team uses was {HIDDEN}"),
    ("the password our team chose was Tr0ub4dor&3, use it",
     f"the password our team chose was {HIDDEN}, use it"),
    ("the password their team set is now Hunter2xyz",
     f"the password their team set is now {HIDDEN}"),
])
def test_a_password_said_after_a_relative_clause_is_hidden(text: str, shown: str) -> None:
    assert redact(text) == shown


@pytest.mark.parametrize(("text", "shown"), [
    ("| prod password | was Hunter2xyz |", f"| prod password | was {HIDDEN} |"),
    ("| password | was Hunter2xyz |", f"| password | was {HIDDEN} |"),
    ("| password | is now Tr0ub4dor&3 |", f"| password | is now {HIDDEN} |"),
    ("| prod password | is Hunter2xyz |", f"| prod password | is {HIDDEN} |"),
    ("| wiki password | was changed to Hunter2xyz |",
     f"| wiki password | was changed to {HIDDEN} |"),
    ("| host | db1 |\n| prod password | was Hunter2xyz |\n",
     f"| host | db1 |\n| prod password | was {HIDDEN} |\n"),
])
def test_a_password_said_in_a_table_row_after_its_name_is_hidden(text: str, shown: str) -> None:
    assert redact(text) == shown


# A table row's "is", read as its "was" (review rev179): only a value chosen as people choose
# passwords is hidden; a hash, a path, a type, a version or a setting's name is what the
# password is kept with or as, and was hidden as a password's value
@pytest.mark.parametrize("text", [
    "| db password | is vault:db/prod |",
    "| password | is bcrypt |",
    "| password | is Argon2id |",
    "| password | is SHA-256 |",
    "| password | is OAuth2 |",
    "| password | is 1Password |",
    "| password | is DB_PASSWORD |",
    "| password | is secret/prod/db |",
    "| password | is v1.2.3 |",
    "| password | is 2FA-only |",
    "| password | is CHAR(60) |",
    "| password reset ticket | is Jira-1234 |",
    "| the password for prod | is expire in 90 days |",
])
def test_what_a_table_row_says_a_password_is_is_no_secret_when_shaped_as_none(text: str) -> None:
    assert find_secrets(text) == []
    assert redact(text) == text


@pytest.mark.parametrize("value", ["Hunter2xyz", "Summer2024!", "P@ssw0rd!", "Kp4Willow-Rz"])
def test_a_password_chosen_as_one_in_a_table_row_after_is_is_hidden(value: str) -> None:
    assert redact(f"| password | is {value} |") == f"| password | is {HIDDEN} |"
    assert redact(f"| db password | is {value} |") == f"| db password | is {HIDDEN} |"


# Memories, not secrets: what a password was made or when, a length, a version, an id
KEPT = [
    "| password | was 16 chars |",
    "| password | was v1.2.3 |",
    "| password | was changed to 2FA |",
    "| password | was reset yesterday |",
    "| password reset ticket | was Jira-1234 |",
    "| password | was INC0042 |",
    "| password | was JIRA-123 |",
    "| password policy | was NIST-800-63B |",
    "| password | is required |",
    "| password | is managed by Vault |",
    "| password | is 12 chars |",
    "| secret | is rotated daily |",
    "password|was|Hunter2xyz",
    "the password my team set was 16 chars",
    "the password my team set was v1.2.3.",
    "the password my team uses is on the wiki",
    "the password my team ticket was INC0042",
    "the password our team chose was reset yesterday",
    "the password team was Team-Blue2, ask them.",
    "the password reset ticket was Jira-1234, closed.",
    "the password was (see PR-12)",
    "the password was (v1.2.3)",
    "the password was (16 chars)",
    "the password was (16chars).",
    "the password was (INC0042)",
    "the password was (OAuth2)",
    "the password was (2FA)",
    "the password was (JIRA-123)",
    "the password was (db_pass2)",
    "the password was (rotated)",
    "the password was (Okta2FA)",
    "the password was (getUserPassword2)",
    "the password for prod was (in Vault2)",
    "the password was changed to 2FA",
    "the password was changed to 2FA-protected.",
    "the password was changed yesterday",
    "the password was reset yesterday",
    "the password was reset on 2026-07-01.",
    "the password was changed to 16 chars",
    "the password was changed to 16chars.",
    "the password was set to expire in 90d.",
    "the password was changed to v1.2.3",
    "the password was set to v1.2.3 policy.",
    "the password was changed to OAuth2.",
    "the password was changed to JIRA-123.",
    "the password was reset to the default",
    "the password was reset to default, see INC0042.",
    "the password has been changed to 2FA",
    "the password has been reset",
    "the password had been changed twice",
    "the password is now set to expire",
    "the password is now set to 12 characters.",
    "the password was switched to SSO",
    "the password was changed to $DB_PASSWORD.",
    "the password was changed to a passphrase",
    "the password was updated to Argon2id.",
    "the password was updated to NIST-800-63B.",
    "the password was rotated to Vault2.",
    "the password was set to db_pass2.",
    "the password was changed to PR#4411.",
    "the password reset ticket was changed to INC0042.",
    "the password was 16 chars",
    "the password was v1.2.3",
    "the password was INC0042.",
    "the password was changed by Bob2 yesterday.",
    "the password was set to /etc/secrets/db2.",
    "the password hasher was changed to Argon2Hasher.",
]


@pytest.mark.parametrize("text", KEPT)
def test_what_a_password_was_made_is_no_secret_when_shaped_as_none(text: str) -> None:
    assert find_secrets(text) == []
    assert redact(text) == text


def test_a_dream_keeps_no_password_said_with_what_it_was_made(tmp_path: Path) -> None:
    root = tmp_path / "work"
    project_with_one_session(root, [
        "Remember: the password was changed to Hunter2xyz.",
        "Remember: the password for staging has been reset to Tr0ub4dor&3 today.",
        "Remember: the password was changed to 2FA, ask Bob.",
        "Remember: the password for the wiki was (Summer2024!) until today.",
        "Remember: the password my team set was Qz7Velvet-Hx, rotate it.",
        "Remember this table: | prod password | was Kp4Willow-Rz |",
    ], SAID_AT)

    run_cli(root, "--force")

    kept = what_a_dream_kept(root)
    for secret in ("hunter2xyz", "tr0ub4dor", "summer2024", "qz7velvet", "kp4willow"):
        assert secret not in kept.lower()
    assert "changed to 2FA, ask Bob" in kept


# A password said after a word naming where passwords' work runs or is kept (review rev179):
# "table", "runbook", "alert" after "password", or after a preposition, say where the password
# was read or written, and a password's value follows; all were shown while those words named
# a thing whose name or number follows (035ce34, reverted)
PLACES = ["the password rotation pipeline", "the password table"]
CHOSEN = ["Hunter2xyz", "Summer2024!", "Tr0ub4dor&3", "Kp4Willow-Rz"]
SAID_AFTER_A_PLACE = [f"{place} {verb} {value}" for place in PLACES for verb in ("was", "is now")
                      for value in CHOSEN] + [
    "the password from runbook was Hunter2xyz",
    "the password per runbook was Summer2024!",
    "the password from alert was Tr0ub4dor&3",
    "the password above table was P@ssw0rd!",
    "the password queue is now Hunter2xyz",
    "the password Slack channel was Hunter2xyz",
]


@pytest.mark.parametrize("text", SAID_AFTER_A_PLACE)
def test_a_password_said_after_a_place_word_is_hidden(text: str) -> None:
    said_before_the_value = text.rsplit(" ", 1)[0]
    assert redact(text) == f"{said_before_the_value} {HIDDEN}"
