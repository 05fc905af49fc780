"""A list under a header naming keys of a secret kind ("API keys:" / "- Xk9mQ7vL8pR4tW2z") showed
its first item's value where a list under "Passwords:" or "Tokens:" hid it, and an item giving a
label or a login before the value ("- prod: Xk9m...", "Credentials:" / "- admin / Hunter2xyz!")
showed it under any header: hidden now in a message, from memory, in read_file and in grep. What
names no value under such a header (where the keys live, a product's name, a public key, a
keyboard's chord) is left as written, and a bare "Keys:" list is no list of secrets."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pytest

from autodream.redact import REDACTED_MARK, redact
from tests.factories import project_with_one_session, run_cli, what_a_dream_kept
from tests.sandbox_tree import build_tree
from tests.scripted_api import ScriptedAPI, tool_use
from tests.test_secret_sweep import SAID_AT, _claude_dream
from tests.test_tools import ok

MARK = "[REDACTED:assigned-secret]"

# (what was said, the secret in it)
SAID: list[tuple[str, str]] = [
    ("API keys:\n- Xk9mQ7vL8pR4tW2z", "Xk9mQ7vL8pR4tW2z"),
    ("API keys:\n- prod: Xk9mQ7vL8pR4tW2z", "Xk9mQ7vL8pR4tW2z"),
    ("api keys:\n* Xk9mQ7vL8pR4tW2z", "Xk9mQ7vL8pR4tW2z"),
    ("API keys:\n- Hunter2xyz!", "Hunter2xyz!"),
    ("Access keys:\n- AKIAxyz Hunter2xyz!", "Hunter2xyz!"),
    ("Secret keys:\n- Tr0ub4dor3", "Tr0ub4dor3"),
    ("Private keys:\n- Hunter2xyz!", "Hunter2xyz!"),
    ("Signing keys:\n- Xk9mQ7vL8pR4tW2z", "Xk9mQ7vL8pR4tW2z"),
    ("SSH keys:\n- Xk9mQ7vL8pR4tW2z", "Xk9mQ7vL8pR4tW2z"),
    ("Stripe keys:\n- live: Xk9mQ7vL8pR4tW2z", "Xk9mQ7vL8pR4tW2z"),
    ("**API keys**\n- Xk9mQ7vL8pR4tW2z", "Xk9mQ7vL8pR4tW2z"),
    ("Our Stripe API keys:\n  - live: `Xk9mQ7vL8pR4tW2z` (rotated)", "Xk9mQ7vL8pR4tW2z"),
    ("API_KEYS:\n- Xk9mQ7vL8pR4tW2z", "Xk9mQ7vL8pR4tW2z"),
    # a login and its password, or a label, before the value under any credentials' header
    ("Credentials:\n- admin / Hunter2xyz!", "Hunter2xyz!"),
    ("Credentials:\n- admin - Hunter2xyz!", "Hunter2xyz!"),
    ("Credentials:\n- admin \u2013 Hunter2xyz!", "Hunter2xyz!"),
    ("Credentials:\n- admin@corp.io / Hunter2xyz!", "Hunter2xyz!"),
    ("Credentials:\n- Grafana: admin / Hunter2xyz!", "Hunter2xyz!"),
    ("Credentials:\r\n- admin / Hunter2xyz!", "Hunter2xyz!"),
    ("Passwords:\n- prod db: Hunter2xyz!", "Hunter2xyz!"),
    ("Tokens:\n- prod: Xk9mQ7vL8pR4tW2z", "Xk9mQ7vL8pR4tW2z"),
    # a note in parentheses after the value is no value of a label before it
    ("API keys:\n- Xk9mQ7vL8pR4tW2z (prod)", "Xk9mQ7vL8pR4tW2z"),
    ("Credentials:\n- Hunter2xyz! (billing)", "Hunter2xyz!"),
    # a password beginning with a modifier key's name and "+" is no keyboard's chord
    ("Wifi passwords:\n- Super+Secret99", "Super+Secret99"),
    ("Passwords:\n- Win+Summer2024!", "Win+Summer2024!"),
    ("Passwords:\n- Alt+Hunter2xyz", "Alt+Hunter2xyz"),
    ("Passwords:\n- Fn+Tr0ub4dor3", "Fn+Tr0ub4dor3"),
    ("Secret keys:\n- Shift+Xk9mQ7vL8", "Shift+Xk9mQ7vL8"),
    ("Admin keys:\n- cmd+Hunt3r2", "cmd+Hunt3r2"),
]


@pytest.mark.parametrize(("text", "secret"), SAID)
def test_the_value_of_a_list_of_keys_or_of_logins_is_hidden(text: str, secret: str) -> None:
    shown = redact(text)
    assert secret not in shown
    assert shown.replace(MARK, secret) == text  # (the label, the user, the header kept)


def test_a_user_and_password_joined_by_a_colon_under_credentials_keeps_the_user() -> None:
    shown = redact("Credentials:\n- admin:Hunter2xyz!")
    assert "Hunter2xyz" not in shown and shown.startswith("Credentials:\n- admin:[REDACTED:")


KEPT = [
    "API keys:\n- live in Vault",
    "API keys:\n- rotate every 90 days",
    "API keys:\n- Stripe (billing), OpenAI (summaries)",
    "API keys:\n- see 1Password",
    "Credentials:\n- ask Bob",
    "Credentials:\n- stored in op://Prod/db",
    # a bare "Keys:" heads a keyboard's keys or a dict's
    "Keys:\n- Hunter2xyz!",
    "Keys:\n- Ctrl+S saves",
    "Keys:\n- prod: Xk9mQ7vL8pR4tW2z",
    "Primary keys:\n- user_id2",
    # a label, and no value after it, or a thing's name
    "API keys:\n- prod: in Vault",
    "API keys:\n- OpenAI: see 1Password",
    "API keys:\n- prod: STRIPE_SECRET_KEY",
    "API keys:\n- prod: ${STRIPE_KEY}",
    "API keys:\n- Prod: Kerberos5",
    "API keys:\n- see ticket INC0042",
    "API keys:\n- use iPhone15 for TOTP",
    "Credentials:\n- user: admin",
    "Credentials:\n- username: jsmith42",
    "Credentials:\n- MFA: YubiKey5",
    "Credentials:\n- Okta: SSO2FA",
    "Credentials:\n- CI: GitHubActions2",
    "Credentials:\n- admin / see vault",
    "Credentials:\n- Python3 / Django4",
    "Passwords:\n- min: 12chars",
    "JWT keys:\n- alg: HS256",
    "Encryption keys:\n- at rest: AES256-GCM",
    "Signing keys:\n- Ed25519",
    # a public key, a key's id, a keyboard's chord
    "SSH keys:\n- ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl",
    "SSH keys:\n- id_ed25519 on the laptop",
    "GPG keys:\n- signing: 4AEE18F83AFDEB23",
    "GPG keys:\n- 0xDEADBEEF12345678",
    "Admin keys:\n- Ctrl+Shift+F12",
    "Admin keys:\n- Cmd+Shift+K",
    "API keys:\n- Alt+Tab",
    # a label saying what the value is, not whose (an algorithm, a header, a fingerprint, ...)
    "Encryption keys:\n- algo: ChaCha20-Poly1305",
    "Webhook keys:\n- GitHub: X-Hub-Signature-256",
    "SSH keys:\n- fingerprint: SHA256:nThbg6kXUpJWGl7E1IGOCspRomTxdCARLviKw6E5SY8",
    "API keys:\n- version: v2beta3",
    "```yaml\napi_keys:\n  header: X-Api-Key2\n```",
    "Client keys:\n- id: client42x",
    "Deploy keys:\n- title: deploy2prod",
    "OpenAI keys:\n- org: org-AbC123xYz",
    "Stripe keys:\n- account: acct_1Hxyz",
    "Credentials:\n- provider: Okta-SAML2",
    "Secrets:\n- backend: Vault-KV2",
    # a product's name and number, after a label or not: no made-up value
    "API keys:\n- maps: GoogleMapsV3",
    "API keys:\n- YouTubeV3",
    "API keys:\n- prod: GPT4Turbo",
    "API keys:\n- reCAPTCHA-v3",
    "API keys:\n- storage: Web3Storage",
    "API keys:\n- inference: Mistral7B",
    "API keys:\n- rotated Q3FY25",
    "API keys:\n- via Web3Storage",
    # code: a loop over tokens, a call after it
    "for arg in tokens:\n    if isinstance(arg, str): continue",
]


@pytest.mark.parametrize("text", KEPT)
def test_what_names_no_value_under_a_list_of_keys_is_left_as_written(text: str) -> None:
    assert redact(text) == text


def test_read_file_and_grep_hide_a_list_of_keys_value(tmp_path: Path) -> None:
    tree = build_tree(tmp_path)
    (tree.memory / "keys.md").write_text(
        "# Keys\nAPI keys:\n- prod: Xk9mQ7vL8pR4tW2z\n\nCredentials:\n- admin / Hunter2xyz!\n\n"
        "Access keys:\n- AKIAxyz Tr0ub4dor3\n\nKeys:\n- Ctrl+S saves\n"
    )
    box = tree.toolbox()
    shown = ok(box, "read_file", path="memory/keys.md")
    found = ok(box, "grep", pattern="- ", path="memory/keys.md")
    for secret in ("Xk9mQ7vL8pR4tW2z", "Hunter2xyz!", "Tr0ub4dor3"):
        assert secret not in shown
        assert secret not in found, found
    assert f"memory/keys.md:3: - prod: {MARK}" in found
    assert f"memory/keys.md:6: - admin / {MARK}" in found
    assert f"memory/keys.md:9: - AKIAxyz {MARK}" in found
    assert "memory/keys.md:12: - Ctrl+S saves" in found


def test_a_password_like_a_keyboard_chord_is_hidden_in_a_json_line_and_read_file(
        tmp_path: Path) -> None:
    line = '{"message": {"content": "Wifi passwords:\\n- Super+Secret99"}}'
    assert "Secret99" not in redact(line)
    tree = build_tree(tmp_path)
    (tree.memory / "wifi.md").write_text("# Wifi\nWifi passwords:\n- Super+Secret99\n")
    assert "Secret99" not in ok(tree.toolbox(), "read_file", path="memory/wifi.md")


def test_a_claude_dream_is_sent_no_list_of_keys_value(
        tmp_path: Path, api: list[ScriptedAPI]) -> None:
    root = tmp_path / "work"
    session = project_with_one_session(root, [
        "Remember this for the project:\nAPI keys:\n- prod: Xk9mQ7vL8pR4tW2z",
        "Remember this for the grafana box:\nCredentials:\n- admin / Hunter2xyz!",
    ], SAID_AT)
    result, sent = _claude_dream(
        root, api,
        tool_use("read_file", {"path": f"sessions/{session.name}"}),
        tool_use("grep", {"pattern": "- ", "path": "sessions/"}))
    assert "API keys:" in sent and "- admin / [REDACTED:" in sent  # (the session was read)
    for secret in ("Xk9mQ7vL8pR4tW2z", "Hunter2xyz!"):
        assert secret not in sent
        assert secret not in what_a_dream_kept(root)
        assert secret not in result.output


# A list's item whose value a sentence's end or a word follows: the value was read as a label
# (its "." a label's word's end) and what followed as the value, which reads as none, and the
# password was shown (main hid it). (what was said, the password, what else stays as written)
ITEM_AND_A_NOTE: list[tuple[str, str, str]] = [
    ("Passwords:\n- Summer2024. Rotated", "Summer2024", ". Rotated"),
    ("Tokens:\n- Xk9mQ7vL8pR4tW2z. Expired", "Xk9mQ7vL8pR4tW2z", ". Expired"),
    ("Credentials:\n- Tr0ub4dor3. Changed", "Tr0ub4dor3", ". Changed"),
    ("Passwords:\n- P@ssw0rd. Rotated", "P@ssw0rd", ". Rotated"),
    ("Passwords:\n- Hunter2xyz. Ask_Bob", "Hunter2xyz", ". Ask_Bob"),
    ("Passwords:\n- Summer2024. 2024-01-01", "Summer2024", ". 2024-01-01"),
    ("Passwords:\n- Summer2024... Rotated", "Summer2024", "... Rotated"),
    ("Passwords:\n- Summer2024.\tRotated", "Summer2024", ".\tRotated"),
    ("Passwords:\n* Summer2024. Rotated", "Summer2024", "* "),
    ("Passwords:\nSummer2024. Rotated", "Summer2024", ". Rotated"),
    ("Passwords:\n  - Summer2024. Rotated", "Summer2024", "  - "),
    ("**Passwords**\n- Summer2024. Rotated", "Summer2024", "**Passwords**"),
    ("Passwords:\n- Summer2024. Winter2025", "Summer2024", "Passwords:"),
    ("Credentials:\n- Summer2024. Rotated\n- Winter2025. Old", "Summer2024", "Credentials:"),
    # (a word joining the next clause, then a colon or a login's sign: a label's or a login's
    # reading, "Summer2024 for staging:" and "rotated", gave no secret, and the item was not
    # read again as the value alone)
    ("Passwords:\n- Summer2024 for staging: rotated", "Summer2024", " for staging: rotated"),
    ("Passwords:\n- Summer2024 on prod - rotated", "Summer2024", " on prod - rotated"),
    ("Passwords:\n- Summer2024 for prod / deprecated", "Summer2024", " for prod / deprecated"),
]


@pytest.mark.parametrize(("text", "secret", "kept"), ITEM_AND_A_NOTE)
def test_a_list_item_s_value_a_note_follows_is_hidden(text: str, secret: str, kept: str) -> None:
    shown = redact(text)
    assert secret not in shown
    assert MARK in shown and kept in shown


def test_a_label_ending_in_a_dot_or_a_number_still_gives_the_value() -> None:
    assert redact("API keys:\n- prod.eu: Xk9mQ7vL8pR4tW2z") == f"API keys:\n- prod.eu: {MARK}"
    assert redact("API keys:\n1. prod: Xk9mQ7vL8pR4tW2z") == f"API keys:\n1. prod: {MARK}"


def test_a_list_item_s_value_a_note_follows_is_hidden_in_a_json_line_and_read_file(
        tmp_path: Path) -> None:
    line = ('{"message": {"content": "Passwords:\\n- Summer2024. Rotated\\n\\nTokens:\\n'
            '- Xk9mQ7vL8pR4tW2z. Expired"}}')
    assert "Summer2024" not in redact(line) and "Xk9mQ7vL8pR4tW2z" not in redact(line)
    tree = build_tree(tmp_path)
    (tree.memory / "rotation.md").write_text(
        "# Rotation\nPasswords:\n- P@ssw0rd. Rotated\n\nCredentials:\n- Tr0ub4dor3. Changed\n")
    shown = ok(tree.toolbox(), "read_file", path="memory/rotation.md")
    assert "P@ssw0rd" not in shown and "Tr0ub4dor3" not in shown
    assert ". Rotated" in shown and ". Changed" in shown


# (each shape at ~20,000 characters, then at eight times that: linear is ~8x)
LONG_SHAPES: dict[str, Callable[[int], str]] = {
    "a header, then items": lambda n: "API keys:\n" + "- prod: Xk9mQ7vL8pR4tW2z\n" * n,
    "each item a header": lambda n: "API keys:\n" + "- api keys:\n" * (2 * n),
    "a label of words": lambda n: "API keys:\n- " + "a: " * (8 * n),
    "logins without end": lambda n: "Credentials:\n- admin / " + "a / " * (6 * n),
    "one long item": lambda n: "API keys:\n- " + "x" * (25 * n),
    "one long labelled item": lambda n: "API keys:\n- prod: " + "Aa1-" * (6 * n),
    "a label of dotted words": lambda n: "API keys:\n- " + "a." * (12 * n) + " Xk9mQ7vL8pR4",
    "items read again": lambda n: "Passwords:\n- Summer2024 for staging\n" * n,
}


@pytest.mark.parametrize("shape", LONG_SHAPES)
def test_a_list_of_keys_is_read_in_time(shape: str) -> None:
    small, big = LONG_SHAPES[shape](800), LONG_SHAPES[shape](6_400)
    assert len(small) >= 19_000
    start = time.process_time()
    redact(small)
    first = time.process_time() - start
    start = time.process_time()
    redact(big)
    assert time.process_time() - start < max(24 * first, 0.5)


def test_a_memory_file_listing_what_keys_are_is_read_as_a_memory(tmp_path: Path) -> None:
    """A person's file listing keys' algorithms, headers and products was skipped as holding a
    secret (the file left unread and a duplicate written beside it)."""
    root = tmp_path / "work"
    project_with_one_session(root, ["Remember: the deploy runs from CI."], SAID_AT)
    keys = ("---\nname: Keys we use\ndescription: what our keys are\ntype: reference\n---\n\n"
            "Encryption keys:\n- algo: ChaCha20-Poly1305\n\nWebhook keys:\n- GitHub: "
            "X-Hub-Signature-256\n\nAPI keys:\n- maps: GoogleMapsV3\n")
    (root / "memory" / "reference_keys.md").write_text(keys)
    result = run_cli(root, "--force")
    kept = what_a_dream_kept(root)
    assert "holds a secret" not in kept + result.output
    assert "GoogleMapsV3" in kept and REDACTED_MARK not in kept
