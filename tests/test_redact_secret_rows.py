"""A table's row naming a secret, a token, an API key, a passphrase or credentials, the value's
cell opening with what it is or was ("| secret | is Hunter2xyz |", "| api secret | was
Hunter2xyz |", "| token | is abc123XYZ987 |"): the value was shown to the model and kept in
memory, the run record and DREAMS.md, where "| password | is Hunter2xyz |" was hidden. Each is
now read as the password's row is: only a value chosen as people choose one is hidden; a row
named for a thing ("| secret manager | is Vault |", a tool: no credential's name ends its cell)
and what a row says the secret is kept with or how ("| password | is bcrypt |", "| token | is
OAuth2 |") stay as said."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

import pytest

from autodream.redact import find_secrets, redact
from tests.factories import project_with_one_session, run_cli, what_a_dream_kept

SAID_AT = datetime(2026, 7, 1, 9, 0, tzinfo=timezone.utc)
HIDDEN = "[REDACTED:assigned-secret]"


@pytest.mark.parametrize(("before", "after"), [
    ("| secret | is ", " |"),
    ("| api secret | was ", " |"),
    ("| client secret | is now ", " |"),
    ("| token | is ", " |"),
    ("| refresh token | was changed to ", " |"),
    ("| api key | is ", " |"),
    ("| **API key** | is `", "` |"),
    ("| passphrase | is ", " |"),
    ("| credentials | is still ", " |"),
    ("| host | db1 |\n| deploy token | was ", " |\n"),
])
@pytest.mark.parametrize("value", ["Hunter2xyz", "abc123XYZ987", "Summer2024!", "Tr0ub4dor&3"])
def test_a_secret_named_row_hides_its_value_said_after_is(
        before: str, after: str, value: str) -> None:
    assert redact(f"{before}{value}{after}") == f"{before}{HIDDEN}{after}"


# As the password's row: what it is kept with, in or as, a word, a version, a name in code
@pytest.mark.parametrize("text", [
    "| password | is bcrypt |",
    "| secret manager | is Vault |",
    "| secret manager | is Vault2 |",
    "| secret store | is AWS-SM2 |",
    "| secret | is rotated daily |",
    "| secret | is stored in Vault |",
    "| secret | is Argon2id |",
    "| secret | is secret/prod/db |",
    "| secret | is SECRET_KEY2 |",
    "| secret | is $API_SECRET2 |",
    "| token | is expired |",
    "| token | is OAuth2 |",
    "| token | is JWT |",
    "| token | is v2.1.0 |",
    "| token | is CancelToken2 |",
    "| token | is oauth2Client |",
    "| token | is gpt4oMini |",
    "| sort key | is CreatedAt2 |",
    "| key | is UserId2 |",
    "| page token | is abc123XYZ987 |",
    "| passphrase | is 16 chars |",
    "| credentials | is INC0042 |",
])
def test_what_a_secret_named_row_says_is_no_secret_when_shaped_as_none(text: str) -> None:
    assert find_secrets(text) == []
    assert redact(text) == text


def test_a_dream_keeps_no_secret_said_in_a_secret_named_row(tmp_path: Path) -> None:
    root = tmp_path / "work"
    project_with_one_session(root, [
        "Remember this table: | secret | is Hunter2xyz |",
        "Remember this table: | api secret | was Kp4Willow-Rz |",
        "Remember this table: | token | is abc123XYZ987 |",
        "Remember this table: | secret manager | is Vault |",
    ], SAID_AT)

    run_cli(root, "--force")

    kept = what_a_dream_kept(root)
    shown = run_cli(root, "show", "--json").output + run_cli(root, "show").output
    for secret in ("hunter2xyz", "kp4willow", "abc123xyz987"):
        assert secret not in kept.lower()
        assert secret not in shown.lower()
    assert (root / "memory" / ".autodream" / "DREAMS.md").is_file()
    assert "| secret manager | is Vault |" in kept
