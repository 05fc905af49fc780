"""What a redaction test asks of a text: its secrets hidden, every other character as written."""

from __future__ import annotations

from autodream.redact import redact

MARK = "[REDACTED:assigned-secret]"


def hides_only(said: str, secrets: tuple[str, ...]) -> str:
    """``redact(said)``, asserted to hide each of ``secrets`` behind a mark of its own, in
    order, and to leave every other character as written; returns what redact gave."""
    shown = redact(said)
    assert not any(secret in shown for secret in secrets), shown
    told = shown
    for secret in secrets:
        told = told.replace(MARK, secret, 1)
    assert told == said, shown
    return shown
