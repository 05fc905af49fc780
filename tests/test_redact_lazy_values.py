"""The rules whose value was a lazy group before a tail reading on over a run of signs
(``_value_read_once``): 'login admin / Ab1' and 20,000 dots took 25 s to redact, the tail read
to the run's end at each character the value grew by. Each is redacted in well under a second,
and each rule finds what it found with the lazy group, match for match, group for group."""

from __future__ import annotations

import random
import re
import time

import pytest

from autodream import redact as redact_module
from autodream.redact import redact
from tests.redact_sameness import sameness_views


def _lazy(stops: str) -> str:
    """The value as a lazy group was: up to a space, a quote, a comma or one of ``stops``."""
    return rf"([^\s\"'`,;{stops}]{{6,}}?)"


def _rules() -> list[tuple[int, re.Pattern[str], re.Pattern[str]]]:
    """Each rule holding a value read once, with the rule as it was: the lazy group in its
    place (found by the value's text, so a rule that gains one is held to this too); a value
    ending at more characters (``stops``: a password said with whose it is) as the lazy group
    ending at them too."""
    values = {redact_module._value_read_once(6, signs, sentence_ends=ends, stops=stops):
              _lazy(stops)
              for signs in (".!?)", ".!", ".!:") for ends in ("", ".!?", ".!")
              for stops in ("", redact_module._WHOSE_STOPS)}
    rules = []
    for i, (_, pattern, _, _) in enumerate(redact_module._PATTERNS):
        old = pattern.pattern
        for value in sorted(values):
            old = old.replace(value, values[value])
        if old != pattern.pattern:
            rules.append((i, pattern, re.compile(old, pattern.flags)))
    return rules


_RULES = _rules()


def test_the_rules_read_their_value_once() -> None:
    # (a password named with words between (said with whose it is, or ending the clause),
    # set to, alone after "below" (two ways), a login as a pair, a login as a user with a
    # password)
    assert len(_RULES) == 5
    assert sum(pattern.pattern.count("]++)??)") for _, pattern, _ in _RULES) == 7


def _pieces(pattern: re.Pattern[str], text: str) -> list[tuple[tuple[int, int], ...]]:
    return [tuple(m.span(g) for g in range(pattern.groups + 1)) for m in pattern.finditer(text)]


_STARTS = (
    "login admin / ", "login admin/", "creds are admin and ", "credentials: deploy and ",
    "user: root / ", "log in as admin with ", "ssh in as deploy using ", "sign in as qa with ",
    "the password for prod is ", "The db password we use is ", "the root password for x: ",
    "set the password to ", "change the admin token to ", "reset the pin to ",
    "The admin token for grafana is below\n", "the key is here:\n  ", "password as follows\n",
)
_PIECES = (
    "Ab1", "Xk9mQ2", "hunter22", "Walrus!Banjo", "S3cr3t", "x", "7", "Zq", ".", "..", "!", "?",
    ")", ":", ";", ",", "'", '"', "`", " ", "  ", "\t", "\n", " and x", " then go", " We use",
    " now", " x", " btw", ". Next", "). Ok", ")!", "?)", "...", "!!!", "-", "#", "/", "@",
    "\uff0c", "\u3001", "\uff1a", "\uff1b", "\u2014", "\u2013", "\u2026", "(", "\u201c", "\u201d",
    "\u2018", "\u2019", "\u00ab", "\u00bb",
)


def _lines(seed: int, count: int) -> list[str]:
    draw = random.Random(seed)
    return [draw.choice(_STARTS) + "".join(draw.choices(_PIECES, k=draw.randint(1, 12)))
            for _ in range(count)]


@pytest.mark.parametrize("seed", range(4))
def test_each_rule_finds_what_its_lazy_value_found_in_generated_lines(seed: int) -> None:
    lines = _lines(seed, 2_000)
    text = "\n".join(lines)
    for i, new, old in _RULES:
        for line in lines:
            assert _pieces(new, line) == _pieces(old, line), (i, line)
        assert _pieces(new, text) == _pieces(old, text), i


def test_each_rule_finds_what_its_lazy_value_found_in_the_tests_and_sessions() -> None:
    for view in sameness_views():
        for i, new, old in _RULES:
            assert _pieces(new, view) == _pieces(old, view), i


@pytest.mark.parametrize(
    ("start", "sign", "tail", "redacted"),
    [
        # (each took 7-25 s to redact with 20,000 signs)
        ("creds are admin and Ab1", "!", "x", "creds are admin and [REDACTED:login-pair]"),
        ("creds are admin and Ab1", ".", "x then",
         "creds are admin and [REDACTED:login-pair] then"),
        ("login as admin with Ab1", ".", "x", "login as admin with [REDACTED:login-pair]"),
        ("login admin / Ab1", "!", "x", "login admin / [REDACTED:login-pair]"),
        ("login admin / Ab1", ".", "x We", "login admin / [REDACTED:login-pair] We"),
        ("the password for prod is Ab1", ".", "x",
         "the password for prod is [REDACTED:assigned-secret]"),
        ("The admin token for grafana is below\nXk9mQ2", ".", "x",
         "The admin token for grafana is below\n[REDACTED:assigned-secret]"),
        ("set the password to Ab1", ".", "x ok",
         "set the password to [REDACTED:assigned-secret] ok"),
    ],
)
def test_a_value_before_a_long_run_of_signs_is_redacted_in_time(
    start: str, sign: str, tail: str, redacted: str
) -> None:
    redact_module._scan_kept.cache_clear()
    began = time.process_time()
    assert redact(f"{start}{sign * 20_000}{tail}") == redacted
    assert time.process_time() - began < 1.0

