"""Secrets a developer pastes into a chat, in the shapes a red-team sweep found leaking, and
ordinary sentences near them that must stay as they are; and the same shapes in a transcript's
JSON line as the Claude backend's read_file shows it."""

from __future__ import annotations

import json

import pytest

from autodream.redact import redact

# Built from parts so the repository itself carries no live-looking credential in one piece.
GHP = "ghp_" + "16C7e42F292c6912E7710c838347Ae178B4a"
XOXP = "xoxp-" + "1234567890-abcdefghijABCDEF"
AKIA = "AKIA" + "Q3EGRKXMPLE7W2ZD"
AWS_SECRET = "wJalrXUtnFEMI/K7MDENG/bPxRfi" + "CYzEXAMPLEKEY"
RK_LIVE = "rk_" + "live_51H8xYzAbCdEfGhIjKlMnOpQr"
ANT = "sk-ant-" + "api03-AbCdEfGhIjKlMnOpQrStUvWxYz0123"
WHSEC = "whsec_" + "MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
SENTRY_KEY = "a1b2c3d4e5f6a7b8" + "c9d0e1f2a3b4c5d6"

# (what the person said, the secret in it)
SHAPES: list[tuple[str, str]] = [
    # a user and a password after a login word, however the pair is written
    ("username admin / walrusbanjo77", "walrusbanjo77"),
    ("login admin/walrusbanjo77", "walrusbanjo77"),
    ("login admin / Walrus!Banjo", "Walrus!Banjo"),
    ("login admin / walrusbanjo77 We use it for staging", "walrusbanjo77"),
    ("creds are admin and S3cr3tx!", "S3cr3tx"),
    ("the staging creds are admin / S3cr3t!x We always use them", "S3cr3t!x"),
    # a password on a command line
    ("curl -u admin:hunter2-Zebra https://api.acme.io/v1/x", "hunter2-Zebra"),
    ("curl -u 'deploy:S3cr3t!x' https://api.acme.io", "S3cr3t!x"),
    ("curl --user ci-bot:Tr0ub4dor-33 https://nexus", "Tr0ub4dor-33"),
    ("docker login -u acme -p Dock3r-Hub-Pw registry.acme.io", "Dock3r-Hub-Pw"),
    ("sshpass -p 'Winter2026!' ssh deploy@host", "Winter2026!"),
    ("mysql -u root -pMyR00tPw! mydb", "MyR00tPw!"),
    # said in words
    ("pw is walrusbanjo77", "walrusbanjo77"),
    ("the secret is in the vault; the token is 8sKj2LmQ9xZp4RtY", "8sKj2LmQ9xZp4RtY"),
    # a vendor's shape
    (f"{WHSEC} is the webhook signing secret", WHSEC),
    (f"export SENTRY_DSN=https://{SENTRY_KEY}@o12345.ingest.sentry.io/678", SENTRY_KEY),
]

# A transcript line read as it is: each message a JSON string, its line breaks "\n"
ESCAPED: list[tuple[str, str]] = [
    (f"my .env:\nAWS_SECRET_ACCESS_KEY={AWS_SECRET}\nDEBUG=1", AWS_SECRET),
    (f"```\naws_secret_access_key = {AWS_SECRET}\n```", AWS_SECRET),
    (f"keys:\n{RK_LIVE}\n{GHP}", RK_LIVE),
    (f"keys:\n{RK_LIVE}\n{GHP}", GHP),
    (f"tokens:\n\t{XOXP}", XOXP),
    (f"keys:\n{AKIA}", AKIA),
    ('config:\n"password": "Js0n-Pass!"', "Js0n-Pass!"),
]

ORDINARY = [
    "the password policy needs 12 chars",
    "use the token bucket algorithm",
    "We rotate the API key every 90 days.",
    "docker run -u 1000:1000 app",
    "ssh -p 2222 deploy@host",
    "mkdir -p build/out",
    "git push -u origin main",
    "curl -u $USER:$PASS https://x",
    "login handler/auth2.py",
    "user admin / user roles",
    "creds are stored and rotated",
    "the pass is valid for 30 days",
    "the token is JwtAuthV2Handler",
    "git@github.com:acme/repo.git",
    "https://build_user_for_docs@host.example.io/x",
]


@pytest.mark.parametrize(("text", "secret"), SHAPES)
def test_a_secret_said_in_this_shape_is_redacted(text: str, secret: str) -> None:
    assert secret not in redact(text)


@pytest.mark.parametrize(("text", "secret"), ESCAPED)
def test_a_secret_after_an_escaped_line_break_is_redacted(text: str, secret: str) -> None:
    line = json.dumps({"message": {"role": "user", "content": text}})
    redacted = redact(line)
    assert secret not in redacted and json.dumps(secret)[1:-1] not in redacted
    json.loads(redacted)  # still one JSON line


@pytest.mark.parametrize("text", ORDINARY)
def test_an_ordinary_sentence_is_left_alone(text: str) -> None:
    assert redact(text) == text
