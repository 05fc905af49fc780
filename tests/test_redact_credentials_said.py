"""Credentials given their value straight after the name ("Credentials: Hunter2xyz!", "The
credentials are Tr0ub4dor3"), as a password's is: hidden in a message, from memory, and where
the Claude backend reads or greps a file; what names a thing after the word is left as
written."""

from __future__ import annotations

from pathlib import Path

import pytest

from autodream.redact import redact
from tests.factories import project_with_one_session, run_cli, what_a_dream_kept
from tests.sandbox_tree import build_tree
from tests.test_secret_sweep import SAID_AT
from tests.test_tools import ok

MARK = "[REDACTED:assigned-secret]"

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
]


@pytest.mark.parametrize(("text", "secret"), SAID)
def test_credentials_value_after_their_name_is_redacted(text: str, secret: str) -> None:
    shown = redact(text)
    assert secret not in shown
    assert shown.replace(MARK, secret) == text


ORDINARY = [
    "credentials: see 1Password",
    "Credentials: AWS SSO profile prod2",
    "The credentials are Base64-encoded.",
    "The credential is X509-based",
    "credentials are OAuth2 tokens",
    "credentials: K8sSecret2 object",
    "the credentials are GitHub2 app ones",
    "Credentials: v2.3.1-Beta",
    "credentials: ~/.aws/credentials",
    "credentials: ${AWS_SECRET}",
    "credentials: hunter22",
    "the credentials are in Vault2 now",
]


@pytest.mark.parametrize("text", ORDINARY)
def test_what_names_a_thing_after_credentials_is_left_as_written(text: str) -> None:
    assert redact(text) == text


def test_a_login_pair_after_credentials_keeps_its_user() -> None:
    # (the pair's rule hides the password alone; this one leaves it to that rule)
    shown = redact("creds: admin@corp.io:Winter2026!")
    assert shown == "creds: admin@corp.io:[REDACTED:login-pair]"


def test_a_dream_keeps_credentials_said_after_their_name_out_of_memory(tmp_path: Path) -> None:
    root = tmp_path / "work"
    project_with_one_session(root, [
        "Remember: Credentials: Hunter2xyz! for the grafana admin.",
        "Remember: the staging credentials are Tr0ub4dor3 for the box.",
    ], SAID_AT)
    result = run_cli(root, "--force")
    kept = what_a_dream_kept(root)
    for secret in ("Hunter2xyz!", "Tr0ub4dor3"):
        assert secret not in kept
        assert secret not in result.output


def test_the_claude_backend_reads_and_greps_credentials_redacted(tmp_path: Path) -> None:
    tree = build_tree(tmp_path)
    (tree.memory / "grafana.md").write_text(
        "# Grafana\nCredentials: Hunter2xyz!\nThe credentials are Tr0ub4dor3\n"
        "credentials: see 1Password\n"
    )
    box = tree.toolbox()
    shown = ok(box, "read_file", path="memory/grafana.md")
    assert "Hunter2xyz!" not in shown and "Tr0ub4dor3" not in shown
    assert f"Credentials: {MARK}" in shown
    assert "credentials: see 1Password" in shown
    found = ok(box, "grep", pattern="(?i)credentials", path="memory/grafana.md")
    assert "Hunter2xyz!" not in found and "Tr0ub4dor3" not in found
    assert f"The credentials are {MARK}" in found
