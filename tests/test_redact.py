from __future__ import annotations

import pytest

from autodream.redact import contains_secret, find_secrets, redact

# Built from parts so the repository itself carries no live-looking credential in one piece.
AWS_ID = "AKIA" + "IOSFODNN7EXAMPLE"
AWS_SECRET = "wJalrXUtnFEMI/K7MDENG/bPxRfiCY" + "EXAMPLEKEY"
PEM = "-----BEGIN RSA " + "PRIVATE KEY-----\nMIIEowIBAAKCAQEA7\nabc\n-----END RSA PRIVATE KEY-----"


@pytest.mark.parametrize(
    ("text", "kind", "secret"),
    [
        ("key sk-ant-" + "api03-AbCdEfGhIjKlMnOpQrStUv please", "anthropic-key", "sk-ant-"),
        ("export OPENAI_API_KEY=sk-proj-" + "A" * 30, "openai-key", "sk-proj-"),
        ("token ghp_" + "a1B2" * 9, "github-token", "ghp_"),
        (f"id {AWS_ID} ok", "aws-access-key", AWS_ID),
        (f"aws_secret_access_key = {AWS_SECRET}", "aws-secret-key", AWS_SECRET),
        ("slack xoxb-" + "1234567890-abcdefghij", "slack-token", "xoxb-"),
        (PEM, "private-key", "MIIEowIBAAKCAQEA7"),
        ("curl -H 'Authorization: Bearer abcdef123456789XYZ'", "authorization-header", "abcdef123"),
        ("postgres://admin:hunter2secret@db.internal:5432/app", "url-password", "hunter2secret"),
        ("the password is Tr0ub4dor&3", "assigned-secret", "Tr0ub4dor&3"),
        ("DB_PASSWORD: 'correct-horse-battery'", "assigned-secret", "correct-horse-battery"),
        ("jwt eyJhbGciOiJIUzI1.eyJzdWIiOiIxMjM0.SflKxwRJSMeKKF2QT4", "jwt", "eyJhbGci"),
        ("stripe sk_live_" + "4eC39HqLyjWDarjtT1zdp7dc", "stripe-key", "sk_live_"),
    ],
)
def test_each_kind_is_found_and_redacted(text: str, kind: str, secret: str) -> None:
    assert kind in {h.kind for h in find_secrets(text)}
    cleaned = redact(text)
    assert secret not in cleaned
    assert "[REDACTED:" in cleaned
    assert not contains_secret(cleaned), "redacted text must not trip the detector again"


@pytest.mark.parametrize(
    "text",
    [
        "We use pnpm, not npm.",
        "The password field must be at least 12 characters",
        "Deploy to https://example.com/docs when ready",
        "Run git log --oneline and check AKIA prefixes in the docs",
        "sk-short",
    ],
)
def test_ordinary_prose_is_left_alone(text: str) -> None:
    assert not contains_secret(text)
    assert redact(text) == text
