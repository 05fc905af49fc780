"""ISO 8601 timestamps as transcripts write them, to timezone-aware UTC datetimes."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any


def parse_timestamp(value: Any) -> datetime | None:
    """``2025-12-10T22:19:50.291Z`` (or any ISO 8601 form, or epoch seconds) to UTC; else None."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        try:
            return datetime.fromtimestamp(value, tz=UTC)
        except (OverflowError, OSError, ValueError):
            return None
    if not isinstance(value, str) or not value:
        return None
    text = value[:-1] + "+00:00" if value.endswith(("Z", "z")) else value
    try:
        parsed = datetime.fromisoformat(text)
    except ValueError:
        # Python 3.10's fromisoformat accepts only 0, 3 or 6 fractional digits.
        parsed_or_none = _parse_odd_fraction(text)
        if parsed_or_none is None:
            return None
        parsed = parsed_or_none
    if parsed.tzinfo is None:
        return parsed.replace(tzinfo=UTC)
    return parsed.astimezone(UTC)


def _parse_odd_fraction(text: str) -> datetime | None:
    head, dot, rest = text.partition(".")
    if not dot:
        return None
    digits = ""
    for ch in rest:
        if not ch.isdigit():
            break
        digits += ch
    tail = rest[len(digits) :]
    try:
        return datetime.fromisoformat(f"{head}.{(digits + '000000')[:6]}{tail}")
    except ValueError:
        return None
