"""Redaction speed on large text, in MB/s, beside a bare ``re.search`` of one simple pattern.

    python bench/bench_redact.py [--runs 3]

A person may paste a multi-MB log into one message, and the Claude backend's read_file and grep
redact windows of transcripts: redaction must stay linear in the text's length. Inputs: the
2.3 MB malformed transcript of tests/scenarios/huge-and-malformed (it holds a 300k run of "x"
that once hung a dream), 1 MB of the shapes that were slow ("Aa1-" runs, long letter runs), and
1 MB of prose. The floor is ``re.search(r"sk-ant-[A-Za-z0-9_-]{16,}", text)`` over the same text,
which any scan pays. No target for the speed: figures for the report.

Then linearity: the shapes that once took time by the square of their length (a dream never
finished, or read_file took seconds on one line), each at one size and at eight times it, the
CPU-time ratio printed side by side: linear is about 8x, by the square 64x; target: under 24x.
"""

from __future__ import annotations

import argparse
import re
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from autodream import redact as redact_module
from autodream.redact import redact

ROOT = Path(__file__).resolve().parent.parent
_FLOOR = re.compile(r"sk-ant-[A-Za-z0-9_-]{16,}")


def _inputs() -> dict[str, str]:
    scenario = ROOT / "tests/scenarios/huge-and-malformed/sessions"
    return {
        "huge-and-malformed transcript": next(scenario.glob("9ccd8772-*.jsonl")).read_text(),
        "1 MB of slow shapes": ("x" * 250_000 + " " + "Aa1-" * 62_500 + "\n") * 2,
        "1 MB of prose": ("The deploy key lives in the vault; log in as admin with the SSO "
                          "button, then set the password to expire. ") * 9_000,
    }


def _slow_shapes(size: int) -> str:
    run, signs = "x" * 2_400 * size, "Aa1-" * 1_200 * size
    return (f"{run} the key is 7d1f0a9c4b2e8f6a1d3c5b7e9f0a2c4d\n{signs}:5432:db:user:Pw1xyz\n"
            f"{signs}x-https://admin:hunter2x@db.example.com {run}_key=a8Kj3mQ9xZp4RtY7vL2n")


def _command_words(size: int) -> str:
    # minified JSON full of URLs: each "http" was once read to the line's end for its -u
    words = '"http-x", ' * 400 * size
    return f"{words}curl -s https://api.example.com -u admin:Hunt3r-Zebra {words}"


# AskUserQuestion's answers (``_ASKED_ANSWER``): each answer to a question naming a secret was
# looked for among the options in the whole text, by the square of its length (a 500k line of
# '"password?"="a", ': ~30 s); as the result's text and its structured copy hold them, one
# object of many pairs, and a translation file's pairs keyed by a question
def _answers_line(size: int) -> str:
    return '"password?"="a", ' * 3_700 * size


_ANSWERS_LINE = ('{"answers":{"Which port?":"5432","What is the staging db password?":'
                 '"quokka lantern"},"content":"User has answered your questions: '
                 '\\"Which region?\\"=\\"eu-west-1\\", \\"What is the API token?\\"='
                 '\\"velvet harbour\\". You can now continue."}\n')


def _answers_lines(size: int) -> str:
    return _ANSWERS_LINE * (250 * size)


def _one_answers(size: int) -> str:
    pairs = '"Which port?":"5432","What is the staging db password?":"quokka lantern",'
    return '{"answers":{' + pairs * (850 * size) + '"Done?":"yes"}}\n'


def _translations(size: int) -> str:
    line = ('{"Forgot your password?": "Mot de passe oublie ?", "id": 42, "tags": ["a", "b"], '
            '"nested": {"Log in": "Connexion", "ok": true}}\n')
    return line * (480 * size)


def _signs_after_a_value(size: int) -> str:
    # a value followed by a long run of the signs that may end a sentence (".", "?", "!", ")"),
    # or of what else follows a comment's word (spaces, "#", "=", word characters), one line
    # each: a lazy value asked at each character whether only such signs followed, to their end
    n = 2_400 * size
    lines = [f"{start}{run * n}x" for start in ("PASSWORD=${PW} # Ab1", "api_key: <key> // Xy9",
                                                 "the password is Ab1", "admin:Ab1",
                                                 '"password": "Ab1')
             for run in (".", "?", "!", ")", " ", "#", "=", "w")]
    return "\n".join(lines)


def _signs_ending_a_clause(size: int) -> str:
    # a login's, a named password's or a set password's value before a run of signs, where the
    # rule then asks what follows the run (a word ending the clause, a next line): each
    # character the lazy value grew by read the run to its end ('login admin / Ab1' and 20,000
    # dots: 25 s)
    n = 2_400 * size
    lines = [f"{start}{run * n}x" for start in ("creds are admin and Ab1", "login admin / Ab1",
                                                 "login as admin with Ab1",
                                                 "the password for prod is Ab1",
                                                 "The admin token for grafana is below\nXk9mQ2",
                                                 "set the password to Ab1")
             for run in (".", "!", "?", ")", ":")]
    return "\n".join(lines)


def _a_pass_and_pairs_in_a_word(size: int) -> str:
    # a value after "pass" before a run of signs (the lazy value read the run to its end at each
    # character it grew by: 'pass Ab1x!' and 20,000 dots, 7 s), and pairs in one long word (each
    # "creds:" read the rest of the word to its end: 'creds:A1!' x 13,334, 5.6 s)
    n = 2_400 * size
    lines = [f"pass Ab1x!{run * n}x" for run in (".", "!", "?", ")")]
    return "\n".join([*lines, "creds:A1!" * (1_600 * size)])


def _key_lists(size: int) -> str:
    # lists under a header naming keys of a secret kind, each item's label read before its value
    # (a header then its items, each item a header, a label of words or of logins without end)
    n = 1_000 * size
    return "\n".join(["API keys:\n" + "- prod: Xk9mQ7vL8pR4tW2z\n" * n,
                      "API keys:\n" + "- api keys:\n" * n,
                      "API keys:\n- " + "a: " * (4 * n),
                      "Credentials:\n- admin / " + "a / " * (3 * n)])


def _json_strings(size: int) -> str:
    # a raw transcript's line read by read_file: each JSON string read alone, its escapes read,
    # strings within strings 3 deep, backslash runs read as the reader reads them, one long
    # string (every shape one line, as a .jsonl holds it)
    many = ",".join(f'"k{n}":"Passwords: Hunter2xyz! \\n \\\\\\"x\\\\\\""'
                    for n in range(600 * size))
    deep = '"' + '{\\"a\\":\\"' * 3 + "Token:\\\\nQx-Token-99812 " * (300 * size) + '"'
    slashes = '{"c":"' + "\\" * (12_000 * size) + 'n password: x"}'
    long_string = '{"c":"' + "Passwords: Ab1x! " * (6_000 * size) + '"}'
    return "\n".join(["{" + many + "}", "{\"d\":" + deep + "}", slashes, long_string])


def _long_names(size: int) -> str:
    # a constant's name of many words, "A_B_B_..._KEY" or "..._TOKEN", each word of which may
    # start one: read from each to the name's end ('the token is A' and 12,000 '_B': 6 s)
    n = 1_500 * size
    lines = [f"{lead}A{run * n}{tail}" for lead in ("the password for prod is ", "my_token ")
             for run in ("_B", "B_", "_B9", "__") for tail in ("", ". ok", "_KEY=Xk9mQ7vL8pR4tW2z")]
    return "\n".join(lines)


def _flat_tables(size: int) -> str:
    # tables flattened onto one line: separators, each header read back from it and its rows
    # read after it (rows of values, a separator among them, one header of many columns)
    n = 400 * size
    rows = "| user | password | |---|---| " + "| admin | Hunter2xyz! | " * n
    seps = "| password | |---|---| " * n
    wide = "| a " * (n // 2) + "| password | |" + "---|" * (n // 2 + 1) + " | x |"
    return "\n".join([rows, seps, wide])


def _flat_separators(size: int) -> str:
    # a line of flattened separators and nothing else (each looked for its line's ends from it:
    # 2.56 MB took 6.9 s); 300 KB, then 2.4 MB
    return "key " + "| |-| " * (50_000 * size)


def _cpu(text: str, runs: int) -> float:
    best = float("inf")
    for _ in range(runs):
        redact_module._scan_kept.cache_clear()  # (a short text's scan is kept: scan it anew)
        start = time.process_time()
        redact(text)
        best = min(best, time.process_time() - start)
    return best


def _best(run: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        redact_module._scan_kept.cache_clear()
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    print(f"{'input':32} {'MB':>6} {'redact MB/s':>12} {'re.search MB/s':>15}")
    for name, text in _inputs().items():
        mb = len(text.encode()) / 1e6
        full = _best(lambda text=text: redact(text), args.runs)
        floor = _best(lambda text=text: _FLOOR.search(text), args.runs)
        print(f"{name:32} {mb:6.2f} {mb / full:12.2f} {mb / floor:15.1f}")
    print(f"\n{'linearity':32} {'1x s':>8} {'8x s':>8} {'ratio':>7}  (target < 24x)")
    for name, paste in (("runs that once hung", _slow_shapes),
                        ("a line of command words", _command_words),
                        ("a line of answers", _answers_line),
                        ("answers lines", _answers_lines),
                        ("pairs in one answers", _one_answers),
                        ("translation pairs", _translations),
                        ("signs after a value", _signs_after_a_value),
                        ("signs ending a clause", _signs_ending_a_clause),
                        ("lists of keys, items' labels", _key_lists),
                        ("a pass, pairs in a word", _a_pass_and_pairs_in_a_word),
                        ("JSON strings of a raw .jsonl", _json_strings),
                        ("names of many words", _long_names),
                        ("tables flattened onto a line", _flat_tables),
                        ("a line of flattened separators", _flat_separators)):
        small, big = _cpu(paste(1), args.runs), _cpu(paste(8), args.runs)
        print(f"{name:32} {small:8.4f} {big:8.4f} {big / small:6.1f}x")


if __name__ == "__main__":
    main()
