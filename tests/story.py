"""Live a short story through real local dreams and print the memory it leaves (a probe).

    python -m tests.story STORY [--keep DIR] [--all]

A story file, one line a step (``#`` starts a comment):

    file NAME TYPE: body            a topic file in memory before the first dream
    say DAY: text                   the person says ``text`` on day DAY (day 0 = Monday 2026-07-06,
                                    09:00 UTC); says on one day are one session
    say DAY HH:MM: text             the same at a time of that day
    dream                           a dream one hour after the last thing said
    dream DAY                       a dream on day DAY at 18:00

A story that ends with says not yet dreamed over gets a last dream. Prints the memory after the
last dream (after every dream with ``--all``) and each dream's summary line; ``--keep DIR`` keeps
the project (memory, sessions, journal) for ``autodream log/show --project DIR``. Nothing here
is a test: it is the quickest way to see what the engine makes of a few sentences.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import tempfile
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

from tests.factories import TranscriptBuilder

DAY0 = datetime(2026, 7, 6, 9, 0, tzinfo=UTC)  # a Monday
_FILE = re.compile(r"file\s+(\S+)\s+(\w+):\s*(.*)")
_SAY = re.compile(r"say\s+(-?\d+)(?:\s+(\d\d?):(\d\d))?:\s*(.*)")
_DREAM = re.compile(r"dream(?:\s+(-?\d+))?\s*")


@dataclass
class Story:
    files: list[tuple[str, str, str]] = field(default_factory=list)
    # ("say", when, text) or ("dream", when, "")
    steps: list[tuple[str, datetime, str]] = field(default_factory=list)


def parse_story(text: str) -> Story:
    story = Story()
    last = DAY0
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if m := _FILE.fullmatch(line):
            story.files.append((m[1], m[2], m[3].replace("\\n", "\n")))
        elif m := _SAY.fullmatch(line):
            day = DAY0 + timedelta(days=int(m[1]))
            last = day.replace(hour=int(m[2]), minute=int(m[3])) if m[2] else max(last, day)
            story.steps.append(("say", last, m[4]))
        elif m := _DREAM.fullmatch(line):
            when = (DAY0 + timedelta(days=int(m[1]))).replace(hour=18) if m[1] else (
                last + timedelta(hours=1))
            story.steps.append(("dream", when, ""))
        else:
            raise SystemExit(f"line {number}: not a story step: {raw!r}")
    if story.steps and story.steps[-1][0] == "say":
        story.steps.append(("dream", last + timedelta(hours=1), ""))
    return story


def _topic(name: str, type_: str, body: str) -> str:
    title = name.removesuffix(".md").replace("_", " ")
    return f"---\nname: {title}\ndescription: {title}\ntype: {type_}\n---\n\n{body}\n"


def _memory_listing(memory: Path) -> str:
    out = []
    index = memory / "MEMORY.md"
    if index.exists():
        out.append("== MEMORY.md\n" + index.read_text())
    for path in sorted(memory.glob("*.md")):
        if path.name != "MEMORY.md":
            out.append(f"== {path.name}\n{path.read_text()}")
    return "\n".join(out)


def live(story: Story, root: Path, *, every: bool = False) -> str:
    """Live ``story`` under ``root``; the process's clock (``AUTODREAM_NOW``) is put back as it
    was after, as a test run in the same worker leaves it: a test that lived a story left it set,
    and a later test's CLI undo in that worker ran on the story's clock (its undo records dated
    before the dreams they undid, a forced redo of the chain then missed one)."""
    saved = os.environ.get("AUTODREAM_NOW")
    try:
        return _live(story, root, every=every)
    finally:
        if saved is None:
            os.environ.pop("AUTODREAM_NOW", None)
        else:
            os.environ["AUTODREAM_NOW"] = saved


def _live(story: Story, root: Path, *, every: bool) -> str:
    import autodream

    (root / "project").mkdir(parents=True)
    (root / "memory").mkdir()
    (root / "autodream.toml").write_text(
        'project_root = "project"\nsessions_dir = "sessions"\nmemory_dir = "memory"\n'
        'backend = "local"\n')
    for name, type_, body in story.files:
        (root / "memory" / name).write_text(_topic(name, type_, body))
    if story.files:
        (root / "memory" / "MEMORY.md").write_text("".join(
            f"- [{n.removesuffix('.md').replace('_', ' ')}]({n}) — "
            f"{n.removesuffix('.md').replace('_', ' ')}\n" for n, _, _ in story.files))
    printed: list[str] = []
    session: TranscriptBuilder | None = None
    session_day = None
    dreams = [i for i, step in enumerate(story.steps) if step[0] == "dream"]
    for i, (kind, when, text) in enumerate(story.steps):
        if kind == "say":
            if session is None or session_day != when.date():
                session = TranscriptBuilder(start=when - timedelta(seconds=60))
                session_day = when.date()
            advance = (when - session.end).total_seconds() if session.records else 60
            session.user(text, advance_s=max(advance, 1)).assistant("OK.")
            session.write(root / "sessions")
            continue
        session = None
        os.environ["AUTODREAM_NOW"] = when.isoformat()
        outcome = autodream.dream(str(root), force=True, backend="local", trigger="manual")
        printed.append(f"## dream at {when:%a %Y-%m-%d %H:%M}: {outcome.status}: "
                       f"{outcome.summary}")
        if every or i == dreams[-1]:
            printed.append(_memory_listing(root / "memory"))
    return "\n".join(printed)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("story", type=Path)
    parser.add_argument("--keep", type=Path, help="keep the project in this (new) dir")
    parser.add_argument("--all", action="store_true", help="print the memory after every dream")
    args = parser.parse_args(argv)
    os.environ.pop("ANTHROPIC_API_KEY", None)
    story = parse_story(args.story.read_text())
    if args.keep:
        if args.keep.exists():
            raise SystemExit(f"{args.keep} exists; --keep makes a new dir")
        print(live(story, args.keep, every=args.all))
        return
    with tempfile.TemporaryDirectory() as tmp:
        print(live(story, Path(tmp) / "story", every=args.all))


if __name__ == "__main__":
    main(sys.argv[1:])
