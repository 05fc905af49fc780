"""Credentials given their value straight after the name ("Credentials: Hunter2xyz!", "The
credentials are Tr0ub4dor3"), passwords, secrets and tokens named in the plural or heading a
list ("Passwords:" / "- Hunter2xyz!"): hidden in a message, from memory, and where the Claude
backend reads or greps a file; a product's, a format's or a ticket's name after the word is
left as written, and what the person said of it is remembered."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from autodream.redact import redact
from tests.factories import project_with_one_session, run_cli, what_a_dream_kept
from tests.sandbox_tree import build_tree
from tests.test_secret_sweep import SAID_AT
from tests.test_tools import ok

MARK = "[REDACTED:assigned-secret]"
PAIR = "[REDACTED:login-pair]"

# (a sentence, the secret in it)
SAID: list[tuple[str, str]] = [
    ("Credentials: Hunter2xyz!", "Hunter2xyz!"),
    ("The credentials are Tr0ub4dor3", "Tr0ub4dor3"),
    ("**Credentials:** Hunter2xyz!", "Hunter2xyz!"),
    ("creds: Pr0d-Pass", "Pr0d-Pass"),
    ("The staging credential is Summer2024.", "Summer2024"),
    ("My credentials: MyPass123 for the box", "MyPass123"),
    ("the credentials are Tr0ub4dor3, use them", "Tr0ub4dor3"),
    ("Credentials: `Hunter2xyz!` (rotated monthly)", "Hunter2xyz!"),
    ("credentials: Admin123", "Admin123"),
    ("Credentials: Pa$s3word!", "Pa$s3word!"),
    ("credentials: hunter22x", "hunter22x"),
    ("Credentials: 'Hunter2xyz!'. Then log in.", "Hunter2xyz!"),
    ("credentials = Hunter2xyz!", "Hunter2xyz!"),
    ("creds - Hunter2xyz!", "Hunter2xyz!"),
    ("Passwords: Hunter2xyz!", "Hunter2xyz!"),
    ("The passwords are Tr0ub4dor3 and more.", "Tr0ub4dor3"),
    ("Tokens: Qx-Token-99812", "Qx-Token-99812"),
    # a list's header, the value on the next line or as its first item
    ("Passwords:\n- Hunter2xyz!", "Hunter2xyz!"),
    ("Credentials:\nHunter2xyz!", "Hunter2xyz!"),
    ("Tokens:\n- Qx-Token-99812", "Qx-Token-99812"),
    ("Secrets:\n* Tr0ub4dor3", "Tr0ub4dor3"),
    ("**Passwords**\n- Hunter2xyz!", "Hunter2xyz!"),
    ("Password:\n- Hunter2xyz!", "Hunter2xyz!"),
]


@pytest.mark.parametrize(("text", "secret"), SAID)
def test_credentials_value_after_their_name_is_redacted(text: str, secret: str) -> None:
    shown = redact(text)
    assert secret not in shown
    assert shown.replace(MARK, secret) == text


ORDINARY = [
    # a product, a protocol, a format, a standard, a ticket or a tier, and its number
    "Remember that for the staging DB the credentials: 1Password.",
    "We use Ed25519 for deploy keys; the credentials are Ed25519.",
    "Credentials: TLSv1.3",
    "Credentials: Kerberos5.",
    "Credentials: Python3.",
    "Credentials: PKCS#12.",
    "Credentials: Ticket#4521.",
    "Credentials: Tier2.",
    "Credentials: Auth0.",
    "The credentials are OAuth2.",
    "Credentials: MySQL8.",
    "credentials: see 1Password",
    "Credentials: AWS SSO profile prod2",
    "The credentials are Base64-encoded.",
    "The credential is X509-based",
    "credentials are OAuth2 tokens",
    # a word going on names a thing
    "credentials: K8sSecret2 object",
    "the credentials are GitHub2 app ones",
    "Credentials: v2.3.1-Beta",
    "credentials: ~/.aws/credentials",
    "credentials: ${AWS_SECRET}",
    "credentials: hunter22",
    "the credentials are in Vault2 now",
    "credentials = Credentials2()",
    "Credentials: AwsCredentialsProvider2",
    "def connect(credentials: OAuth2Credentials, scope):",
    "Credentials: macOS14.",
    # a hash's name, a numeronym or a service's name and a word
    "Passwords:\n- Argon2id",
    "credentials: Sha256Hex",
    "Credentials: K8sSecret",
    "Credentials: S3ReadOnly",
    "credentials: s3bucket",
    "credentials: oauth2client",
    # a list's header whose items are no values
    "next page tokens:\n- Qx-Token-99812",
    "Tokens:\n- input_tokens2",
    "Secrets:\n- AWS_SECRET_2",
    "Passwords:\n- must be 12+ characters",
    "Tokens: GPT4o.",
    "secrets = load_secrets2()",
]


@pytest.mark.parametrize("text", ORDINARY)
def test_what_names_a_thing_after_credentials_is_left_as_written(text: str) -> None:
    assert redact(text) == text


def test_a_login_pair_after_credentials_keeps_its_user() -> None:
    # (the pair's rule hides the password alone; this one leaves it to that rule)
    shown = redact("creds: admin@corp.io:Winter2026!")
    assert shown == f"creds: admin@corp.io:{PAIR}"


def test_reading_each_name_is_linear() -> None:
    # (the rule first done read each "creds:" to the end of the run: 120 KB took 9.9 s)
    for shape in ("creds:", "Passwords:\n- ", "credentials are ", "creds - "):
        small, big = shape * (15_000 // len(shape)), shape * (120_000 // len(shape))
        start = time.process_time()
        redact(small)
        first = time.process_time() - start
        start = time.process_time()
        redact(big)
        assert time.process_time() - start < max(24 * first, 0.5), shape


def test_a_dream_keeps_credentials_said_after_their_name_out_of_memory(tmp_path: Path) -> None:
    root = tmp_path / "work"
    project_with_one_session(root, [
        "Remember: Credentials: Hunter2xyz! for the grafana admin.",
        "Remember: the staging credentials are Tr0ub4dor3 for the box.",
        "Remember the vault passwords:\n- Qz7-Lantern!",
    ], SAID_AT)
    result = run_cli(root, "--force")
    kept = what_a_dream_kept(root)
    for secret in ("Hunter2xyz!", "Tr0ub4dor3", "Qz7-Lantern!"):
        assert secret not in kept
        assert secret not in result.output


@pytest.mark.parametrize("name", ["1Password", "Kerberos5", "Ticket#4521", "TLSv1.3", "Auth0"])
def test_a_dream_remembers_a_products_name_said_as_the_credentials(
        tmp_path: Path, name: str) -> None:
    # (the memory's index line says the title and the hook, "credentials" twice: the second was
    # read as a user and the name as its password, and the whole dream failed)
    root = tmp_path / "work"
    project_with_one_session(root, [
        f"Remember that for the staging DB the credentials: {name}.",
    ], SAID_AT)
    run_cli(root, "--force")
    topics = [p for p in (root / "memory").glob("*.md") if p.name != "MEMORY.md"]
    assert any(name in p.read_text() for p in topics)
    assert name in (root / "memory" / "MEMORY.md").read_text()


def test_a_login_after_credentials_said_twice_is_still_hidden() -> None:
    shown = redact("The staging credentials: credentials are deploy:hunter2x for the box")
    assert "hunter2x" not in shown
    shown = redact("- [Grafana credentials](g.md) - Grafana credentials: Hunter2xyz!")
    assert "Hunter2xyz!" not in shown and "Grafana credentials: [REDACTED" in shown


def test_the_claude_backend_reads_and_greps_credentials_redacted(tmp_path: Path) -> None:
    tree = build_tree(tmp_path)
    (tree.memory / "grafana.md").write_text(
        "# Grafana\nCredentials: Hunter2xyz!\nThe credentials are Tr0ub4dor3\n"
        "credentials: see 1Password\nPasswords:\n- Qz7-Lantern!\nTokens:\n- Qx-Token-99812\n"
    )
    box = tree.toolbox()
    secrets = ("Hunter2xyz!", "Tr0ub4dor3", "Qz7-Lantern!", "Qx-Token-99812")
    shown = ok(box, "read_file", path="memory/grafana.md")
    assert not any(secret in shown for secret in secrets)
    assert f"Credentials: {MARK}" in shown
    assert "credentials: see 1Password" in shown
    found = ok(box, "grep", pattern="(?i)credentials|^- ", path="memory/grafana.md")
    assert not any(secret in found for secret in secrets)
    assert f"The credentials are {MARK}" in found
    assert f"- {MARK}" in found
