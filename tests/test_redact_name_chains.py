"""Two rules that took time by the square of a name's length: 'the token for prod is A' and
12,000 '_B' (6 s: the value after a constant's name ending in KEY, "A_B_..._KEY", read from
each word of the name to its end), and the same after '_TOKEN=' (2.5 s: "A_B_..._TOKEN" read
the same way). Each reads the name from its last words now: it starts later, and each value it
finds is the one it found before, hit for hit (what is hidden is the value; where a name starts
is no part of it)."""

from __future__ import annotations

import random
import re
import time

import pytest

from autodream import redact as redact_module
from autodream.redact import redact
from tests.redact_sameness import sameness_views

# (the real sessions the project keeps beside it, where present)
_KEY_NEW = r"|(?<![A-Za-z0-9])(?:[A-Z][A-Z0-9]*_)?KEY"
_TOKEN_NEW = r"(?<![A-Za-z0-9])[A-Z](?:[A-Z0-9]|_(?![A-Z]))*+_TOKEN\b"


def _rule(new: str, old: str) -> tuple[re.Pattern[str], re.Pattern[str]]:
    """The rule holding ``new``, and the rule as it was, ``old`` in its place."""
    for _, pattern, _, _ in redact_module._PATTERNS:
        if new in pattern.pattern:
            return pattern, re.compile(pattern.pattern.replace(new, old), pattern.flags)
    raise AssertionError(f"no rule holds {new!r}")


def _rules() -> dict[str, tuple[re.Pattern[str], re.Pattern[str]]]:
    return {"key": _rule(_KEY_NEW, r"|(?<![A-Za-z0-9])(?:[A-Z][A-Z0-9]*_)*KEY"),
            "token": _rule(_TOKEN_NEW, r"(?<![A-Za-z0-9])[A-Z][A-Z0-9_]*_TOKEN\b")}


def _found(pattern: re.Pattern[str], text: str) -> list[tuple[tuple[int, int], ...]]:
    """Each hit's end and every group's span but the whole match's start."""
    return [(m.span()[1:], *(m.span(g) for g in range(1, pattern.groups + 1)))
            for m in pattern.finditer(text)]


_STARTS = (
    "the token for prod is ", "the password for prod is ", "api_key: ", "API_KEY=", "x ", "",
    "my_", "x9_", "9_", "a", "_", "SECRET_KEY=", "NPM_TOKEN=", "key ", "token: ", "export ",
)
_PIECES = (
    "A", "B", "Z", "9", "_", "__", "KEY", "TOKEN", "_KEY", "_TOKEN", "SECRET", "API", "MASTER",
    "key", "token", "x", "Xk9mQ7vL8pR4tW2z", "a8Kj3mQ9xZp4RtY7vL2n", "=", ": ", " is ", " ",
    "-", ".", "'", '"', "\n", "\n- ", "s", "!", "$", "${NPM_TOKEN}", "<key>", "hunter2Secret9",
)


def _lines(seed: int, count: int) -> list[str]:
    draw = random.Random(seed)
    return [draw.choice(_STARTS) + "".join(draw.choices(_PIECES, k=draw.randint(1, 14)))
            for _ in range(count)]


@pytest.mark.parametrize("seed", range(4))
def test_each_rule_finds_what_it_found_in_generated_lines(seed: int) -> None:
    lines = _lines(seed, 3_000)
    text = "\n".join(lines)
    for name, (new, old) in _rules().items():
        found = 0
        for line in lines:
            assert _found(new, line) == _found(old, line), (name, line)
            found += bool(_found(old, line))
        assert _found(new, text) == _found(old, text), name
        # (the lines hold what each rule hides, not only what it leaves)
        assert found > 100, name


def test_each_rule_finds_what_it_found_in_the_tests_and_sessions() -> None:
    rules = _rules()
    for view in sameness_views():
        for name, (new, old) in rules.items():
            assert _found(new, view) == _found(old, view), name


@pytest.mark.parametrize(
    ("text", "redacted"),
    [
        # (6 s; 2.5 s with a "_token" in the text, which lets that rule run)
        # (a constant's name, no value: left as it was)
        ("the password for prod is A" + "_B" * 12_000 + ". ok",
         "the password for prod is A" + "_B" * 12_000 + ". ok"),
        ("the token for prod is A" + "_B" * 12_000, "the token for prod is A" + "_B" * 12_000),
        ("my_token " + "A_B9" * 6_000 + " ok", "my_token [REDACTED:assigned-secret] ok"),
        ("the secret is A" + "B_" * 12_000 + "KEY=Xk9mQ7vL8pR4tW2zHq",
         "the secret is [REDACTED:assigned-secret]"),
        ("NPM_TOKEN=a8Kj3mQ9x " + "A" + "_B" * 12_000 + "_TOKEN=a8Kj3mQ9xZ",
         "NPM_TOKEN=[REDACTED:assigned-secret] " + "A" + "_B" * 12_000
         + "_TOKEN=[REDACTED:assigned-secret]"),
    ],
)
def test_a_long_name_is_redacted_in_time(text: str, redacted: str) -> None:
    redact_module._scan_kept.cache_clear()
    began = time.process_time()
    assert redact(text) == redacted
    assert time.process_time() - began < 1.5
