"""Rules that took time by the square of their text: 'pass Ab1x!' and 20,000 dots (7 s: the
value after "pass" or "pw" a lazy group asking at each character whether only signs followed,
to their end), 'creds:A1!' 13,334 times, 120 KB in one word (5.6 s: a user and password pair
read the rest of the word to its end from each "creds:" to ask what it held), and 'password'
and 20,000 blanks (15 s: a value said after a secret's name read each blank after the name
again as the blanks before "it's", "the secret, it's x"). Each is redacted in well under a
second now, and each rule finds what it found before, match for match, group for group."""

from __future__ import annotations

import random
import re
import time

import pytest

from autodream import redact as redact_module
from autodream.redact import redact
from tests.redact_sameness import sameness_views

# (the real sessions the project keeps beside it, where present)
_WORD = r"[^\s\"'`,;]*"


def _pass_rule() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """The rule of a value after "pass" or "pw", and the rule as it was: its lazy value."""
    new_value = r"(?=[^\s\"'`,;$<{-])" + redact_module._value_read_once(8, ".!?)")
    for _, pattern, _, _ in redact_module._PATTERNS:
        if new_value in pattern.pattern:
            old = pattern.pattern.replace(new_value, r"([^\s\"'`,;$<{-][^\s\"'`,;]{7,}?)")
            return pattern, re.compile(old, pattern.flags)
    raise AssertionError("no rule reads the value after 'pass' once")


def _pair_rule() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """The rule of a user and password as a pair, and the rule as it was: its look-aheads
    reading the rest of the word to its end (greedy) before looking back for what they ask."""
    pattern = redact_module._BARE_PAIR
    # (the look-ahead after the user's own name was lazy already)
    old = (pattern.pattern.replace(_WORD + "?", _WORD)
           .replace("(?i:(?P=user))" + _WORD, "(?i:(?P=user))" + _WORD + "?"))
    assert old.count(_WORD + "?") == 1 < pattern.pattern.count(_WORD + "?")
    return pattern, re.compile(old, pattern.flags)


# The blanks after a secret's name, read once, and as they were: each also tried as the blanks
# before "it's" ("password, it's Hunter2xyz")
_BLANKS_ONCE = r"\s*+(?:[:=]|\bis\b"


def _blanks_rule() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """The rule of a value said after a secret's name ("password: x", "secret is x", "api key,
    it's x"), and the rule as it was: the blanks after the name read again before "it's"."""
    for _, pattern, _, _ in redact_module._PATTERNS:
        if _BLANKS_ONCE in pattern.pattern:
            old = pattern.pattern.replace(_BLANKS_ONCE, _BLANKS_ONCE.replace("*+", "*", 1))
            return pattern, re.compile(old, pattern.flags)
    raise AssertionError("no rule reads the blanks after a secret's name once")


def _head_rule() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """The rule of a table's header over its separator row, and the rule as it was: the blanks
    before the header given back one by one, each reading the line again."""
    pattern = redact_module._TABLE_HEAD
    assert pattern.pattern.startswith("^[ \\t]*+(?=")
    return pattern, re.compile("^[ \\t]*(?=" + pattern.pattern[len("^[ \\t]*+(?="):], pattern.flags)


def _rules() -> dict[str, tuple[re.Pattern[str], re.Pattern[str]]]:
    return {"pass": _pass_rule(), "pair": _pair_rule(), "blanks": _blanks_rule(),
            "head": _head_rule()}


def _pieces(pattern: re.Pattern[str], text: str) -> list[tuple[tuple[int, int], ...]]:
    return [tuple(m.span(g) for g in range(pattern.groups + 1)) for m in pattern.finditer(text)]


_STARTS = (
    "pass ", "pw ", "pwd ", "PASS ", "uses pw ", "pass '", 'pw "', "pass  ", "password ",
    "admin:", "root:", "creds:", "x:", "note:", "feature:", "jenkins:", "app_user:", "db:",
    "grafana admin:", "(root:", "see:", "a-b:", "secret", "api key ", "password  ",
    "the token,", "| user | password |\n|---|---|\n", " \t | token | key |\n --- | --- \n",
)
_PIECES = (
    "Ab1x!", "Ab1", "A1!", "hunter2", "Hunter2xyz", "Summer2024", "Fix-42", "Zebra-Quartz-77",
    "Pipeline42", "x", "Z", "9", "$", "<", "{", "-", "-foo", "=", "/", ":", "@", "#", ".", "..",
    "!", "?", ")", "...", "!!!", "?)", " ", "\t", "\n", "'", '"', "`", ",", ";", " and x",
    " ok", "creds:", "admin:", "pass ", ".yml", "x.y", "| was ", " is ", "it's ", ", ", "  ",
)


def _lines(seed: int, count: int) -> list[str]:
    draw = random.Random(seed)
    return [draw.choice(_STARTS) + "".join(draw.choices(_PIECES, k=draw.randint(1, 12)))
            for _ in range(count)]


@pytest.mark.parametrize("seed", range(4))
def test_each_rule_finds_what_it_found_in_generated_lines(seed: int) -> None:
    lines = _lines(seed, 2_000)
    text = "\n".join(lines)
    found = 0
    for name, (new, old) in _rules().items():
        for line in lines:
            assert _pieces(new, line) == _pieces(old, line), (name, line)
            found += bool(_pieces(old, line))
        assert _pieces(new, text) == _pieces(old, text), name
    # (the lines hold what each rule hides, not only what it leaves)
    assert found > 200


def test_each_rule_finds_what_it_found_in_the_tests_and_sessions() -> None:
    rules = _rules()
    for view in sameness_views():
        for name, (new, old) in rules.items():
            assert _pieces(new, view) == _pieces(old, view), name


@pytest.mark.parametrize(
    ("text", "redacted"),
    [
        # (7 s each on 20,000 signs)
        ("pass Ab1x!" + "." * 20_000 + "x", "pass [REDACTED:assigned-secret]"),
        ("pass Ab1x!" + "!" * 20_000 + "x", "pass [REDACTED:assigned-secret]"),
        ("uses pw Zebra-Quartz-77" + "?" * 20_000 + " ok",
         "uses pw [REDACTED:assigned-secret]" + "?" * 20_000 + " ok"),
        # (5.6 s: 120 KB, one word; its last 200 characters a value said after "creds:", as
        # before)
        ("creds:A1!" * 13_334 + " root:Tr0ub4dor&3",
         "creds:A1!" * 13_311 + "creds:[REDACTED:assigned-secret] root:[REDACTED:login-pair]"),
        # (15 s: each blank after the name read again as the blanks before "it's")
        ("password" + " " * 20_000 + "| was", "password" + " " * 20_000 + "| was"),
        ("the secret" + "\t" * 20_000 + ", it's x", "the secret" + "\t" * 20_000 + ", it's x"),
        ("the password" + " " * 20_000 + "is Hunter2xyz",
         "the password" + " " * 20_000 + "is [REDACTED:assigned-secret]"),
        # (5 s: a table's header looked for at the line's start gave back each blank before
        # the row and read the rest of the line again)
        (" " * 60_000 + "| token | abc123XYZ987 |" + " " * 60_000,
         " " * 60_000 + "| token | [REDACTED:assigned-secret] |" + " " * 60_000),
    ],
)
def test_a_long_word_is_redacted_in_time(text: str, redacted: str) -> None:
    redact_module._scan_kept.cache_clear()
    began = time.process_time()
    assert redact(text) == redacted
    assert time.process_time() - began < 1.5


@pytest.mark.parametrize("blanks", [" ", " " * 20_000, " \t" * 10_000])
def test_a_table_row_after_a_long_run_of_blanks_is_read_as_with_one(blanks: str) -> None:
    # (each blank before the row read the line again for a header: by the square, 2.2 s at
    # 10,000 blanks each side of "| token | v |")
    redact_module._scan_kept.cache_clear()
    assert redact(f"{blanks}| token | v |{blanks}") == f"{blanks}| token | v |{blanks}"
    table = f"{blanks}| user | password |\n|---|---|\n| admin | Hunter2xyz! |\n"
    assert redact(table) == table.replace("Hunter2xyz!", "[REDACTED:assigned-secret]")
