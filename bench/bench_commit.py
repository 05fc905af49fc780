"""The price of a crash-safe commit, side by side with a plain copy of the same files.

    python bench/bench_commit.py [--files 200] [--kb 2] [--rounds 5]

Builds a memory dir of ``--files`` topic files of ``--kb`` KB, stages a dream that changes half
of them, adds a tenth as many and deletes a tenth, then times in one run: (a) copying the changed
files over with ``shutil.copyfile`` (no fsync, no images: what a naive tool would do),
(b) ``Staging.create`` + ``changes()``, (c) ``commit`` (images, intent, temp + fsync +
``os.replace`` per file, trash renames), (d) ``undo`` of that run. Prints each time and its ratio
to (a); medians over ``--rounds``.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from autodream import journal
from autodream.memory.commit import commit
from autodream.memory.staging import Staging
from tests.memdirs import NOW, topic, write_tree


def _memory(root: Path, files: int, kb: int) -> None:
    body = ("A remembered fact about the project. " * 30 * kb)[: kb * 1024]
    write_tree(root, {f"t{i:04d}.md": topic(f"Topic {i}", "project", body) for i in range(files)})


def _edit(staging: Path, files: int) -> None:
    for i in range(0, files, 2):
        path = staging / f"t{i:04d}.md"
        path.write_text(path.read_text() + "Corrected on 2026-07-20.\n")
    for i in range(files // 10):
        (staging / f"new{i:04d}.md").write_text(topic(f"New {i}", "user"))
        (staging / f"t{i * 10 + 1:04d}.md").unlink()


def _time(fn: Callable[[], object]) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def _round(files: int, kb: int) -> tuple[dict[str, float], int]:
    """One side-by-side measurement; returns the times and the number of changes."""
    with tempfile.TemporaryDirectory(dir=Path.cwd()) as tmp:
        root = Path(tmp)
        memory, plain = root / "memory", root / "plain"
        _memory(memory, files, kb)
        shutil.copytree(memory, plain)
        state = memory / ".autodream"
        record = journal.begin_run(state, trigger="manual", now=NOW)
        start = time.perf_counter()
        staging = Staging.create(memory, journal.staging_dir(state, record.id))
        staged = time.perf_counter() - start
        _edit(staging.path, files)
        changes = staging.changes()

        def naive() -> None:
            for ch in changes:
                if ch.kind == "deleted":
                    (plain / ch.path).unlink()
                else:
                    shutil.copyfile(staging.path / ch.path, plain / ch.path)

        times = {"plain copy": _time(naive), "stage": staged}
        times["commit"] = _time(
            lambda: commit(memory, staging.path, changes, journal.run_dir(state, record.id))
        )
        record.changes = changes
        journal.finish_run(state, record, outcome="committed", now=NOW)
        times["undo"] = _time(lambda: journal.undo(memory, state, now=NOW))
        return times, len(changes)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--files", type=int, default=200)
    parser.add_argument("--kb", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    rounds = [_round(args.files, args.kb) for _ in range(args.rounds)]
    base = statistics.median(t["plain copy"] for t, _ in rounds)
    print(f"{args.files} files of {args.kb} KB, {rounds[0][1]} changes, median of {args.rounds}")
    for name in rounds[0][0]:
        median = statistics.median(t[name] for t, _ in rounds)
        print(f"  {name:<11} {median * 1000:8.1f} ms   {median / base:6.1f}x plain copy"
              f"   {median / rounds[0][1] * 1000:6.2f} ms/change")


if __name__ == "__main__":
    main()
