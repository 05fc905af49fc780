"""A table's row naming a secret, a token, an API key, a passphrase or credentials, the value's
cell opening with what it is or was ("| secret | is Hunter2xyz |", "| api secret | was
Hunter2xyz |", "| token | is abc123XYZ987 |"): the value was shown to the model and kept in
memory, the run record and DREAMS.md, where "| password | is Hunter2xyz |" was hidden. Each is
now read as the password's row is: only a value chosen as people choose one is hidden; a row
named for a thing ("| secret manager | is Vault |", a tool: no credential's name ends its cell)
and what a row says the secret is kept with or how ("| password | is bcrypt |", "| token | is
OAuth2 |") stay as said."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from autodream.redact import find_secrets, redact
from tests.factories import project_with_one_session, run_cli, what_a_dream_kept

SAID_AT = datetime(2026, 7, 1, 9, 0, tzinfo=UTC)
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
    # (a charset, a name in code, a hex literal, a size, a unit, an ordinal, a product, keys
    # pressed together, a header: words chosen with a digit in them, no generated value)
    "| key | is utf8MB4 |",
    "| secret | is utf8MB4 |",
    "| token | is k8sAPI |",
    "| token | is 2FAcode |",
    "| secret | is 3DSecure |",
    "| api key | is 4KVideo |",
    "| key | is 2xLarge |",
    "| secret | is 256bitAES |",
    "| encryption key | is AES256gcm |",
    "| token | is 0xDeadBeef |",
    "| key | is 0xFF00aa |",
    "| secret | is 100GiB |",
    "| token | is 10MBps |",
    "| api key | is 4oMini |",
    "| token | is 8kContext |",
    "| api key | is 3rdParty |",
    "| secret | is 1stGen |",
    "| key | is 3Blue1Brown |",
    "| key | is X-Api-Key2 |",
    "| hot key | is Ctrl2Shift |",
])
def test_what_a_secret_named_row_says_is_no_secret_when_shaped_as_none(text: str) -> None:
    assert find_secrets(text) == []
    assert redact(text) == text


# A password's row reads these as main did: a word in code or a charset shown, a word chosen
# with a digit hidden (where a key's row keeps it), a generated value hidden in either
@pytest.mark.parametrize(("value", "hidden"), [
    ("utf8MB4", False), ("k8sAPI", False), ("2FAcode", True), ("3DSecure", True),
    ("256bitAES", True), ("0xDeadBeef", True), ("Ctrl2Shift", True), ("9fK2mQ7xLp", True),
])
def test_a_password_row_reads_a_value_as_before(value: str, hidden: bool) -> None:
    for row in (f"| password | is {value} |", f"| db passphrase | was {value} |"):
        assert (redact(row) != row) is hidden, row


def test_a_memory_said_with_a_word_in_a_key_row_is_kept_whole(tmp_path: Path) -> None:
    root = tmp_path / "work"
    project_with_one_session(root, ["Remember this table: | key | is utf8MB4 |",
                                    "Remember this table: | token | is k8sAPI |"], SAID_AT)

    run_cli(root, "--force")

    kept = what_a_dream_kept(root)
    assert "| key | is utf8MB4 |" in kept
    assert "| token | is k8sAPI |" in kept
    assert "REDACTED" not in kept


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
