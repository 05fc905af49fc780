"""Secret detection and redaction: transcript text passes through here before a tool returns it,
and any write that still contains a secret is refused.

Patterns aim at credentials with a recognisable shape (vendor key prefixes, PEM blocks, auth
headers, passwords in URLs, ``password = ...`` assignments). A false positive costs one redacted
word; a false negative leaks a credential into memory that loads into every session: lean wide.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

REDACTED = "[REDACTED:{kind}]"

# (kind, pattern, group holding the secret; 0 = whole match)
_PATTERNS: list[tuple[str, re.Pattern[str], int]] = [
    (
        "private-key",
        re.compile(
            r"-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----"
            r"(?:.|\n)*?(?:-----END [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----|\Z)"
        ),
        0,
    ),
    ("anthropic-key", re.compile(r"\bsk-ant-[A-Za-z0-9_-]{16,}"), 0),
    ("openai-key", re.compile(r"\bsk-(?:proj-|svcacct-)?[A-Za-z0-9_-]{20,}"), 0),
    (
        "github-token",
        re.compile(r"\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{22,})"),
        0,
    ),
    ("gitlab-token", re.compile(r"\bglpat-[A-Za-z0-9_-]{20,}"), 0),
    ("aws-access-key", re.compile(r"\b(?:AKIA|ASIA|AGPA|AIDA|AROA)[0-9A-Z]{16}\b"), 0),
    (
        "aws-secret-key",
        re.compile(
            r"(?i)\baws_?secret_?access_?key\b[\"']?\s*[:=]\s*[\"']?([A-Za-z0-9/+=]{40})\b"
        ),
        1,
    ),
    ("slack-token", re.compile(r"\bxox[abposr]-[A-Za-z0-9-]{10,}"), 0),
    ("google-api-key", re.compile(r"\bAIza[0-9A-Za-z_-]{35}\b"), 0),
    ("stripe-key", re.compile(r"\b(?:sk|rk|pk)_(?:live|test)_[0-9A-Za-z]{16,}"), 0),
    ("npm-token", re.compile(r"\bnpm_[A-Za-z0-9]{36}\b"), 0),
    ("huggingface-token", re.compile(r"\bhf_[A-Za-z0-9]{30,}\b"), 0),
    (
        "jwt",
        re.compile(r"\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}"),
        0,
    ),
    (
        "authorization-header",
        re.compile(
            r"(?i)\b(?:proxy-)?authorization\b[\"']?\s*[:=]\s*[\"']?"
            r"(?:(?:bearer|basic|token|digest)\s+)?([A-Za-z0-9._~+/=:-]{8,})"
        ),
        1,
    ),
    ("bearer-token", re.compile(r"(?i)\bbearer\s+([A-Za-z0-9._~+/=-]{16,})"), 1),
    (
        "url-password",
        re.compile(r"\b[a-zA-Z][a-zA-Z0-9+.-]*://[^\s:/@\"'<>]+:([^\s@/\"'<>]+)@"),
        1,
    ),
    (
        "assigned-secret",
        re.compile(
            r"(?i)(?<![A-Za-z0-9])(?:password|passwd|pwd|passphrase|secret|secret_key|api[_-]?key|apikey|"
            r"access[_-]?token|auth[_-]?token|refresh[_-]?token|client[_-]?secret|private[_-]?key)"
            r"\b[\"']?\s*(?:[:=]|\bis\b)\s*[\"']?(?!\[REDACTED)([^\s\"'`,;]{6,})"
        ),
        1,
    ),
]


@dataclass(frozen=True)
class SecretHit:
    kind: str
    start: int
    end: int


def find_secrets(text: str) -> list[SecretHit]:
    """Every secret in ``text``, left to right, overlaps merged (first kind wins)."""
    hits: list[SecretHit] = []
    for kind, pattern, group in _PATTERNS:
        for m in pattern.finditer(text):
            start, end = m.span(group)
            if start < 0 or end <= start:
                continue
            if text.startswith("[REDACTED:", start):
                continue
            hits.append(SecretHit(kind, start, end))
    hits.sort(key=lambda h: (h.start, -h.end))
    merged: list[SecretHit] = []
    for hit in hits:
        if merged and hit.start < merged[-1].end:
            last = merged[-1]
            if hit.end > last.end:
                merged[-1] = SecretHit(last.kind, last.start, hit.end)
            continue
        merged.append(hit)
    return merged


def contains_secret(text: str) -> bool:
    return bool(find_secrets(text))


def redact(text: str) -> str:
    """``text`` with every secret replaced by ``[REDACTED:<kind>]``."""
    hits = find_secrets(text)
    if not hits:
        return text
    out: list[str] = []
    pos = 0
    for hit in hits:
        out.append(text[pos : hit.start])
        out.append(REDACTED.format(kind=hit.kind))
        pos = hit.end
    out.append(text[pos:])
    return "".join(out)
