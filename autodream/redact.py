"""Secret detection and redaction: transcript text passes through here before a tool returns it,
and any write that still contains a secret is refused.

Patterns aim at credentials with a recognisable shape (vendor key prefixes, PEM blocks, auth
headers, passwords in URLs, ``password = ...`` assignments). A false positive costs one redacted
word; a false negative leaks a credential into memory that loads into every session: lean wide.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass

REDACTED = "[REDACTED:{kind}]"

# Everyday words that may end a sentence about passwords ("the password is required"): a value of
# letters ending like these is prose, not a credential.
_PROSE_WORD = (
    r"(?:[a-z]+(?:able|ible|ed|ing|ly|tion|sion|ment|ive|ful|less|ness|ity|ous|al|ent|ant)"
    r"|required|optional|invalid|valid|wrong|correct|incorrect|missing|empty|secure|insecure"
    r"|weak|strong|unknown|unset|blank|hidden|masked|redacted|needed|set|none|null|changed)"
    r"(?![\w-])"
)

# An AWS secret key said in prose near "AWS" or "secret" ("AWS secret wJalr...", "the secret
# for the deploy user, wJalr..."): 40 characters, upper, lower and digits mixed (a git hash is
# hex in lower case), starting with one of them (a path starts with "/"), and random: a
# CamelCase name or a path of words has too little entropy (see ``_RANDOM_BITS``).
_AWS_SECRET_IN_PROSE = re.compile(
    r"(?i:\b(?:aws|secret)\b)[^\n]{0,60}?(?<![A-Za-z0-9/+=])"
    r"((?=[A-Za-z0-9/+]*[0-9])(?=[A-Za-z0-9/+]*[a-z])(?=[A-Za-z0-9/+]*[A-Z])"
    r"[A-Za-z0-9][A-Za-z0-9/+]{39})(?![A-Za-z0-9/+=])"
)
# Bits per character below which 40 characters read as words: random base64 has 4.35+ in
# 998.8 of 1,000 draws; "ProdBillingAccount2026CoreServicesLedger" has 4.23.
_RANDOM_BITS = 4.35

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
    ("aws-secret-key", _AWS_SECRET_IN_PROSE, 1),
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
    # Slack and Discord incoming webhooks: the URL itself is the credential
    (
        "slack-webhook",
        re.compile(
            r"https://hooks\.slack(?:-gov)?\.com/(?:services|workflows|triggers)/"
            r"[A-Za-z0-9_/-]{16,}"
        ),
        0,
    ),
    (
        "discord-webhook",
        re.compile(
            r"https://(?:(?:ptb|canary)\.)?discord(?:app)?\.com/api/webhooks/\d+/"
            r"[A-Za-z0-9_-]{16,}"
        ),
        0,
    ),
    # a credential in a URL's query string: ?token=..., &api_key=..., &sig=... (pre-signed URLs)
    (
        "url-query-secret",
        re.compile(
            r"(?i)[?&;][\w.-]*?(?:token|key|secret|sig|signature|password|passwd|pwd|auth)"
            # a digit, or 20+ characters: "?sort_key=name" is no credential
            r"=(?!\[REDACTED)((?=[^&\s#\"'<>`]*\d)[^&\s#\"'<>`]{8,}|[^&\s#\"'<>`]{20,})"
        ),
        1,
    ),
    (
        "assigned-secret",
        re.compile(
            # no left boundary: any word may lead up to the keyword (PGPASSWORD, DB_PASSWORD,
            # MYSQL_ROOT_PASSWORD), and only the value is redacted
            r"(?i)"
            r"(?:password|passwd|passphrase|secret|secret_key|api[_-]?key|apikey|"
            r"access[_-]?token|auth[_-]?token|refresh[_-]?token|client[_-]?secret|"
            r"private[_-]?key)"
            r"\b[\"']?\s*(?:[:=]|\bis\b)\s*[\"']?(?!\[REDACTED)(?!" + _PROSE_WORD + r")"
            r"([^\s\"'`,;]{6,})"
        ),
        1,
    ),
    (
        # environment-style tokens (GITHUB_TOKEN=..., NPM_TOKEN: ...): upper case only, so code
        # such as ``next_token = it.next()`` stays readable
        "assigned-secret",
        re.compile(
            r"(?<![A-Za-z0-9])[A-Z][A-Z0-9_]*_TOKEN\b[\"']?\s*[:=]\s*[\"']?(?!\[REDACTED)"
            r"([^\s\"'`,;]{6,})"
        ),
        1,
    ),
    (
        # short keywords, only as an assignment (``pw: x``, ``DB_PASS=x``): "pass" and "pw" are
        # too common in prose to take ``is`` or a bare value after them
        "assigned-secret",
        re.compile(
            r"(?i)(?:(?<=_)|(?<![A-Za-z0-9]))(?:pwd|pw|pass)"
            r"\b[\"']?\s*[:=]\s*[\"']?(?!\[REDACTED)(?!" + _PROSE_WORD + r")"
            r"([^\s\"'`,;]{6,})"
        ),
        1,
    ),
    (
        # prose: "wifi password for the office is correcthorsebattery", "root password: x"; the
        # value ends the clause and is not an everyday word ("... is required.", "is rotated")
        "assigned-secret",
        re.compile(
            r"(?i)(?:password|passwd|passphrase)"
            r"(?:\s+(?!is\b)[A-Za-z][\w'-]*){1,4}?\s*(?:\bis\b|[:=])\s*[\"'`]?"
            r"(?!\[REDACTED)(?!" + _PROSE_WORD + r")([^\s\"'`,;]{6,}?)[\"'`]?"
            r"(?=[.,;!?)]*(?:\s*$|\s+(?:and|but|so|or|for|on|at|in|if)\b|\s*\n))",
            re.MULTILINE,
        ),
        1,
    ),
    (
        # a login written as a pair after a login word: "the test account login is
        # qa@example.com / Tr0ub4dor&3", "creds: admin@corp.io:Winter2026!"; the part after
        # the address is the password
        "login-pair",
        re.compile(
            r"(?i)\b(?:log\s?in|sign[\s-]?in|credentials?|creds|account)\b[^\n]{0,60}?"
            r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+\s*[/:]\s*[\"'`]?(?!\[REDACTED)(?![^\s\"'`,;]*@)(?!"
            + _PROSE_WORD + r")([^\s\"'`,;]{6,})"
        ),
        1,
    ),
    (
        # a keyword followed straight by a value that looks like a credential: letters and
        # digits mixed, 8+ characters ("mysql root password hunter2mysql")
        "assigned-secret",
        re.compile(
            r"(?i)(?:password|passwd|passphrase)\s+[\"'`]?"
            r"(?!\[REDACTED)(?!(?:argon2|pbkdf2|sha\d|bcrypt|scrypt|md5|v\d))"
            r"(?=[^\s\"'`]*[A-Za-z])(?=[^\s\"'`]*\d)([^\s\"'`,;]{8,})"
        ),
        1,
    ),
]


@dataclass(frozen=True)
class SecretHit:
    """Where a secret of a kind was found in a text."""

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
            if pattern is _AWS_SECRET_IN_PROSE and _bits(text[start:end]) < _RANDOM_BITS:
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


def _bits(text: str) -> float:
    """Shannon entropy of ``text``, in bits per character."""
    counts = Counter(text)
    return -sum(n / len(text) * math.log2(n / len(text)) for n in counts.values())


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
