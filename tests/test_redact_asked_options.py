"""The AskUserQuestion rule's check that an answer was an option offered (``_Options``) reads the
text once, where each answer was looked for in the whole text: a line of many answers took the
square of its length. Its verdicts are the old check's, answer for answer."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from unittest.mock import patch

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from autodream import redact as redact_module
from autodream.redact import redact
from tests.factories import SHARED_TRANSCRIPTS

ROOT = Path(__file__).resolve().parent.parent
# (the real sessions the project keeps beside it, where present: read as the tests' corpora are)
REAL = SHARED_TRANSCRIPTS


def _old_offered(text: str, answer: str) -> bool:
    """The check as it was (before the per-text index), kept to hold the new one to it."""
    return all(f'"label":"{label}"' in text or f'"label": "{label}"' in text
               for label in answer.split(", "))


class _OldOptions:
    """``_Options``'s interface over ``_old_offered``: the redaction as it was."""

    def __init__(self, text: str) -> None:
        self._text = text

    def offered(self, answer: str) -> bool:
        return _old_offered(self._text, answer)


def _redact_as_before(text: str) -> str:
    redact_module._scan_kept.cache_clear()
    with patch.object(redact_module, "_Options", _OldOptions):
        return redact(text)


def _redact_now(text: str) -> str:
    redact_module._scan_kept.cache_clear()
    return redact(text)


def test_a_line_of_many_answers_reads_the_text_in_proportion_to_its_length() -> None:
    # '"password?"="a", ' 30k times on one 500k line: each answer was looked for in the whole
    # text (~30 s of CPU). The characters the redaction's own searches read (the text's
    # find/startswith/in) at 8x the line: 8x, where they were ~60x
    class Counted(str):
        read = 0

        def __contains__(self, part: object) -> bool:
            at = str.find(self, str(part))
            Counted.read += len(self) if at < 0 else at + len(str(part))
            return at >= 0

        def find(self, part: str, start: int | None = None, end: int | None = None) -> int:
            begin = start or 0
            at = str.find(self, part, begin, len(self) if end is None else end)
            Counted.read += (len(self) if at < 0 else at + len(part)) - begin
            return at

        def startswith(self, prefix: str | tuple[str, ...], start: int | None = None,
                       end: int | None = None) -> bool:
            Counted.read += len(prefix) if isinstance(prefix, str) else sum(map(len, prefix))
            return str.startswith(self, prefix, start, end)

    def read(size: int) -> int:
        redact_module._scan_kept.cache_clear()
        Counted.read = 0
        line = '"password?"="a", ' * (300 * size)
        assert redact(Counted(line)) == '"password?"="[REDACTED:asked-secret]", ' * (300 * size)
        return Counted.read

    small, big = read(1), read(8)
    assert big < 12 * small, (small, big)


def _corpus() -> Iterator[Path]:
    yield from sorted((ROOT / "tests").rglob("*.jsonl"))
    yield from sorted((ROOT / "tests").glob("test_*.py"))  # (the dialogs the tests write)
    yield from sorted((ROOT / "tests" / "fixtures").rglob("*.md"))
    if REAL.is_dir():
        yield from sorted(REAL.rglob("*.jsonl"))


def _views(text: str) -> Iterator[str]:
    """``text`` as the rule reads it: whole (read_file's window), each line (grep's hit), each
    JSON string in a line (a message), unescaped as ``_scan_text`` unescapes."""
    for piece in (text, *text.splitlines()):
        if "\\" in piece and redact_module._JSON_ESCAPE.search(piece):
            yield redact_module._unescape(piece)[0]
        else:
            yield piece


def test_every_answer_in_the_corpora_is_offered_or_not_as_before() -> None:
    compared = 0
    for path in _corpus():
        for view in _views(path.read_text(errors="replace")):
            options = redact_module._Options(view)
            for m in redact_module._ASKED_ANSWER.finditer(view):
                answer = m[1]
                assert options.offered(answer) == _old_offered(view, answer), (path, answer)
                compared += 1
    assert compared >= 10  # (the tests' dialogs alone hold more)


# Texts of the pieces that meet in an answer and an option: quotes, the ", " that joins two
# picked options, both ways of writing an option's label, words an answer and a label share
_PIECE = st.sampled_from(['"label":"', '"label": "', '"label":', '"', ", ", ",", " ", "a", "b",
                          "a b", "\n", ":", "{", "}", '"="', '?"', "label", "(Recommended)"])
_ANSWER_PIECE = st.sampled_from(['"', ", ", ",", " ", "a", "b", "a b", "label", ":", "."])


@settings(max_examples=200, deadline=None)
@given(st.lists(_PIECE, max_size=30).map("".join),
       st.lists(st.lists(_ANSWER_PIECE, max_size=6).map("".join), min_size=1, max_size=6))
def test_an_answer_is_offered_exactly_when_the_old_check_said_so(
        text: str, answers: list[str]) -> None:
    options = redact_module._Options(text)
    for answer in answers + answers:  # (asked twice: a kept verdict is the verdict)
        assert options.offered(answer) == _old_offered(text, answer), (text, answer)


_QUESTION = st.sampled_from(["What is the staging db password?", "Which port?", "password?",
                             "What should DB_PASS be?", "Forgot your password?", "PIN?"])
_VALUE = st.sampled_from(["a", "quokka lantern", "In .env (Recommended)", "Pg-Secret-2291",
                          "a, b", 'say "hi" now', "x\"y", "5432", ""])


@st.composite
def _dialogs(draw: st.DrawFn) -> str:
    """An answers line as Claude Code writes one (the result's pairs, the structured copy), some
    values among the options offered, with a file's pairs around it."""
    pairs = draw(st.lists(st.tuples(_QUESTION, _VALUE), min_size=1, max_size=5))
    labels = draw(st.lists(_VALUE, max_size=4))
    sep = draw(st.sampled_from([":", ": "]))
    options = ", ".join(f'{{"label"{sep}"{label}"}}' for label in labels)
    said = ", ".join(f'"{q}"="{a}"' for q, a in pairs)
    copy = ",".join(f'"{q}"{sep}"{a}"' for q, a in pairs)
    shapes = [f'{{"options":[{options}]}}', f"User has answered your questions: {said}.",
              f'"answers":{{{copy}}}', json.dumps(f"User has answered your questions: {said}.")]
    return "\n".join(draw(st.permutations(shapes))[: draw(st.integers(1, 4))])


@settings(max_examples=150, deadline=None)
@given(_dialogs())
def test_a_dialog_is_redacted_as_before(text: str) -> None:
    assert _redact_now(text) == _redact_as_before(text)


# Questions and what stands before them: names of secrets, quotes before a pair's sign or not,
# line breaks, the words a name's lookbehind reads ("how many tokens")
_BEFORE = st.sampled_from(['"', '"=', '":', '" :', '",', '", ', "\n", " ", "\t", "password", "pw",
                           "DB_PASS", "many ", "tokens", "PIN", "?", "a", "x" * 120, "manager",
                           '"What is the staging db password?', "What"])


@settings(max_examples=400, deadline=None)
@given(st.lists(_BEFORE, max_size=25).map("".join), st.integers(0, 500),
       st.sampled_from(['"="a"', '": "a"', ""]))
def test_a_question_is_found_where_it_was_from_where_its_search_now_starts(
        before: str, reach: int, sign: str) -> None:
    # (the search starts after the last line break and the last quote before a pair's sign
    # before the answer, where it tried each of the 400 places before it)
    text, end, question = before + sign, len(before), redact_module._ASKED_QUESTION
    lo = max(0, end - reach)
    assert (question.search(text, redact_module._question_from(text, lo, end), end) is None) \
        == (question.search(text, lo, end) is None), text


@pytest.mark.parametrize("options", [3, redact_module._FEW_STARTS + 8])
def test_a_quoted_answer_among_many_options_of_one_head_is_judged_as_before(
        options: int) -> None:
    # (past _FEW_STARTS options under one head a quoted answer is looked for in the whole text,
    # where it was compared at each: K such options and M such answers were K x M Python calls,
    # 17 s for 8,000 of each, review rev82); each path gives the old check's verdict
    for sep in (":", ": "):
        text = "".join(f'{{"label"{sep}"p"y{i}"}}' for i in range(options))
        found = redact_module._Options(text)
        for answer in ('p"y2', 'p"y2, p"y1', 'p"x2', 'p"y', "p", f'p"y{options}', 'p"y2"}'):
            assert found.offered(answer) == _old_offered(text, answer), (options, sep, answer)
        line = text + '\n"password?"="p"y2", "PIN?"="p"x2"'
        assert _redact_now(line) == _redact_as_before(line)
        # (an option picked is no secret typed; the answer typed is hidden)
        assert _redact_now(line).endswith('"password?"="p"y2", "PIN?"="[REDACTED:asked-secret]"')
