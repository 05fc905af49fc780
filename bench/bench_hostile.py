"""The local engine on one hostile message of n and 2n characters, side by side.

    python bench/bench_hostile.py [--chars 10000] [--shape NAME ...]

A person pastes a log into a prompt, or a runaway tool loop writes one: every dream (and the
hook's child) reads that message again, so what the engine does with it must stay linear in its
length. For each shape, one message of ``--chars`` characters and one of twice that go through
the gather (``Gatherer.add``, then its candidates); its CPU time is printed for both sizes with
their ratio: linear is about 2x, by the square 4x; target: under 3x. The exit status is 1 when a
ratio passes the target where the larger message took a tenth of a second or more (less is
noise), so the bench is a check. (Consolidation is not timed: a hostile message leaves it no
candidate or one, and ``plan_dream`` over them took a millisecond at every size.)

Shapes: runs of spaces, tabs, newlines and other spaces; "." or "a " or a rule word or
"prefer over. " over and over; a long line with no stop; quotes and brackets; list marks;
weekdays and dates said over and over (alone, and as the head of two dated clauses); blanks
after a secret's name before a table's cell; a credential's row of two cells whose value or
blanks run on; pipes; and the real transcripts' largest messages (any role: a paste), cut to
the size. No target for the absolute times: figures.

Then shapes a dream reads elsewhere than in the gather, each timed in the one function that
reads it (``READ_BY``): the run of n or 2n characters in what two alike memories say
(``about_other_things``: blanks between two words, one word of letters, a host of many parts)
or in a memory file (``parse_entry``, and ``hook_for`` in it), or in a rule against a thing
(``bans._bans``), or in what is redacted (``redact``: blanks around a table's row), or in a
rename told (``consolidate._RENAMED``: a name of dotted parts), or in a plan told past
(``dates._NOW_SAID``: blanks before where "now" would be), or before a weekday
(``dates._A_DEED``: one long word), or in a title's subject (``title_for``: blanks before
where "in" would be), or in a request to forget (``forget_request``: blanks inside what is
to be forgotten), or in a rule's clauses (``replacement._rule_clauses``: blanks before where a
break would be), or in a plain file's heading (``repair_topic``: blanks before its end), or in two
subjects alike but at both ends (``said_of_another_holder``: one long word of one letter), or
in a sentence's key clause (``sentence_kinds.key_clause``: blanks before where a break would
be).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

from autodream.engine import Gatherer, bans, consolidate, dates, sentence_kinds
from autodream.engine.entries import parse_entry, repair_topic, title_for
from autodream.engine.forgetting import forget_request
from autodream.engine.replacement import (
    _rule_clauses,
    about_other_things,
    said_of_another_holder,
    said_of_other_things,
)
from autodream.redact import redact
from autodream.transcripts.claude_code import iter_claude_code
from autodream.transcripts.model import Message, ReadStats

ROOT = Path(__file__).resolve().parent.parent
REAL = ROOT.parent / "shared" / "data" / "real-transcripts"
SAID_AT = datetime(2026, 7, 6, 9, 0, tzinfo=UTC)
TARGET_RATIO = 3.0
# (below this many CPU seconds at 2n, a ratio is noise: it fails no check)
NOISE_SECONDS = 0.1
# each shape: what is said over and over, and what follows it (a dated clause makes the whole
# run the head of two dated plans, read for what kind of sentence it is)
SHAPES: dict[str, tuple[str, str]] = {
    "spaces": (" ", ""),
    "tabs": ("\t", ""),
    "newlines": ("\n", ""),
    "no-break spaces": ("\u00a0", ""),
    "ideographic spaces": ("\u3000", ""),
    "dots": (".", ""),
    "'a '": ("a ", ""),
    "'always '": ("always ", ""),
    "'never use X, '": ("never use X, ", ""),
    "'we use X not Y '": ("we use X not Y ", ""),
    "a line with no stop": ("we deploy the service with docker compose and then run ", ""),
    "'password '": ("password ", ""),
    "quotes and brackets": ("\"'([{", ""),
    "'- ' list marks": ("- ", ""),
    "'next Friday '": ("next Friday ", ""),
    "'on 2026-07-01 '": ("on 2026-07-01 ", ""),
    "'we deploy on Thursdays now '": ("we deploy on Thursdays now ", ""),
    "Thursdays then two plans": ("we deploy on Thursdays now ",
                                 "on 2026-07-01 and the release is on 2026-07-24."),
    "'next Friday ' then two plans": ("next Friday ",
                                      " on 2026-07-01 and the release is on 2026-07-24."),
    "dated 'and's, no plan": ("we looked at it on 2026-07-01 and ", ""),
    "undated 'and's then two plans": ("I fixed the tests and ",
                                      "the code freeze starts on 2026-07-13 and the release is "
                                      "on 2026-07-24."),
    "'Bumped Node from 18 to 20 and '": ("Bumped Node from 18 to 20 and ", ""),
    # (a sentence that may choose one thing over another, over and over: each once carried
    # the message's rest, by the square of its length)
    "'prefer over. '": ("prefer over. ", ""),
    # (each "tomorrow" asked for a verb of choosing before it, read from the text's start)
    "'tomorrow and ' then two plans": ("tomorrow and ",
                                       "the code freeze starts on 2026-07-13 and the release is "
                                       "on 2026-07-24."),
    # (each blank after a secret's name read again as the blanks before "it's": by the square)
    "'password', blanks, '| was'": (" ", "| was"),
    # (a credential's row of two cells, its value or its blanks run on: each read once)
    "'| token | ', a's, ' |'": ("a", " |"),
    "'| token |', blanks, '|'": (" ", "|"),
    "pipes": ("|", ""),
}
# ... and what a shape's run follows, where it has a head
HEADS: dict[str, str] = {"'password', blanks, '| was'": "password",
                         "'| token | ', a's, ' |'": "| token | ",
                         "'| token |', blanks, '|'": "| token |"}
REAL_SHAPE = "real transcripts' largest"


def _other_things(run: str) -> object:
    """Two statements alike but for their subject, ``run`` between two of their words."""
    staging, production = (f"{where} runs{run}Postgres 15." for where in ("Staging", "Production"))
    return about_other_things(staging, production), said_of_other_things(staging, production,
                                                                         False)


def _other_doers(run: str) -> object:
    """Two statements alike but for their one long word (``run`` and an "s"), read both ways."""
    return (about_other_things(f"{run}s happen on Tuesdays.", f"b{run}s happen on Tuesdays."),
            about_other_things(f"{run}s happen on Tuesdays.", f"b{run}s happen on Tuesdays.", True))


def _memory_described(run: str) -> object:
    """A memory whose body is '# ', ``run`` and '1', read and described (``hook_for``)."""
    return parse_entry("n.md", f"---\nname: Deploy\ndescription: Deploy\ntype: project\n---\n\n"
                               f"# {run}1\n")


def _heading_described(run: str) -> object:
    """A memory whose body is '#', ``run`` and 'x', read and described (``hook_for``)."""
    return parse_entry("n.md", f"---\nname: t\ndescription: d\ntype: project\n---\n#{run}x\n")


# what is said over and over, and the function that reads the run (each took seconds at 20,000
# characters, by the square)
READ_BY: dict[str, tuple[str, Callable[[str], object]]] = {
    "blanks between two words": (" ", _other_things),
    "one word of letters and 's'": ("a", _other_doers),
    "'# ', blanks, '1' in a memory": (" ", _memory_described),
    "blanks in a ban": (" ", lambda run: bans._bans(f"Never use npm{run}s", "npm")),
    "'#', ' \\t' pairs, 'x' in a memory": (" \t", _heading_described),
    "blanks around '| token | v |'": (" ", lambda run: redact(f"{run}| token | v |{run}")),
    "'a.' over and over, a host": ("a.", lambda run: about_other_things(
        f"We host {run}s on Tuesdays.", f"They host {run}s on Tuesdays.")),
    "blanks before 'now'": (" ", lambda run: dates._NOW_SAID.sub("", f"a {run}s")),
    "one word of letters before a day": ("a", lambda run: dates._A_DEED.search(f"x {run}")),
    "'a.' over and over, renamed": ("a.", lambda run: consolidate._RENAMED.search(
        f"The {run}! was renamed to x-1")),
    "blanks in a title's subject": (" ", lambda run: title_for(
        f"Terraform{run}x does that, don't add tags per resource")),
    "blanks in a request to forget": (" ", lambda run: forget_request(
        f"Please forget the staging{run}URL.")),
    "blanks in a rule's clauses": (" ", lambda run: _rule_clauses(f"a{run}s")),
    "blanks in a plain file's heading": (" ", lambda run: repair_topic(
        "n.md", f"# a{run}s\n\nDeploy on Fridays.")),
    "one word alike but at both ends": ("a", lambda run: said_of_another_holder(
        f"x{run}y happen on Tuesdays.", f"z{run}w happen on Tuesdays.")),
    "blanks in a sentence's key clause": (" ", lambda run: sentence_kinds.key_clause(
        f"a{run}s")),
}


def _largest_real(count: int = 40) -> str:
    """The ``count`` largest messages of the real transcripts, one after another."""
    texts: list[str] = []
    for path in sorted(REAL.rglob("*.jsonl")):
        with path.open("rb") as stream:
            texts += [m.text for m in iter_claude_code(stream, ReadStats(), fallback_id=path.stem)]
    return "\n".join(sorted(texts, key=len)[-count:])


def _message(shape: str, chars: int, real: str) -> str:
    if shape == REAL_SHAPE:
        return real[:chars]
    unit, tail = SHAPES[shape]
    return HEADS.get(shape, "") + (unit * (chars // len(unit) + 1))[:chars] + tail


def _read_seconds(shape: str, chars: int) -> float:
    """CPU seconds of the read of ``shape``'s run of ``chars`` characters by its function."""
    unit, read = READ_BY[shape]
    run = (unit * (chars // len(unit) + 1))[:chars]
    start = time.process_time()
    read(run)
    return time.process_time() - start


def _gather_seconds(text: str) -> float:
    """CPU seconds of the gather of one message ``text``."""
    gatherer = Gatherer()
    start = time.process_time()
    gatherer.add(Message("s1", "user", "prompt", text, SAID_AT))
    _ = gatherer.candidates
    return time.process_time() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chars", type=int, default=10_000, help="n: the smaller message's size")
    parser.add_argument("--shape", action="append", choices=[*SHAPES, REAL_SHAPE, *READ_BY],
                        help="only these shapes (default: all)")
    args = parser.parse_args()
    shapes = args.shape or [*SHAPES, *([REAL_SHAPE] if REAL.is_dir() else []), *READ_BY]
    real = _largest_real() if REAL_SHAPE in shapes else ""
    n = args.chars
    print(f"{'shape':32} {'cpu s, n':>9} {'2n':>8} {'ratio':>6}")
    worst = 0.0
    over: list[str] = []
    for shape in shapes:
        if shape in READ_BY:
            small, big = _read_seconds(shape, n), _read_seconds(shape, 2 * n)
        else:
            small = _gather_seconds(_message(shape, n, real))
            big = _gather_seconds(_message(shape, 2 * n, real))
        # (a millisecond is noise: no ratio of less)
        ratio = big / max(small, 1e-3)
        worst = max(worst, ratio)
        if ratio >= TARGET_RATIO and big >= NOISE_SECONDS:
            over.append(shape)
        print(f"{shape:32} {small:9.3f} {big:8.3f} {ratio:5.1f}x", flush=True)
    print(f"worst ratio {worst:.1f}x (linear ~2x, by the square ~4x; target < {TARGET_RATIO:g}x),"
          f" n = {n:,}")
    if over:
        print(f"past the target: {', '.join(over)}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
