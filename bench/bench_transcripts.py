"""Transcript reader throughput and memory, side by side with a bare ``json.loads`` pass.

    python bench/bench_transcripts.py [--mb 200]

Writes a generated Claude Code transcript of about ``--mb`` MB (realistic record mix: prompts,
split assistant responses, tool calls with large results, progress and snapshot records), then
times in one run: (a) a bare pass that only ``json.loads`` every line, (b) ``iter_messages``
over the same file, (c) an incremental read after appending one session's worth of records.
Prints the ratios and the peak traced memory of (b).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from autodream.transcripts import OffsetStore, ReadStats, iter_messages
from tests.factories import TranscriptBuilder


def _session_block() -> bytes:
    b = TranscriptBuilder(session_id="bench")
    b.raw({"type": "file-history-snapshot", "messageId": "m", "snapshot": {"files": {}}})
    b.user("please keep the public API stable and use pnpm, not npm")
    for i in range(30):
        b.assistant("Let me look at the module first.")
        b.tool_roundtrip("Read", {"file_path": f"src/m{i}.py"}, "def f(x):\n    return x\n" * 200)
        b.raw({"type": "progress", "data": {"type": "hook_progress", "hookEvent": "PostToolUse"}})
    b.user("<command-name>/clear</command-name>")
    return "".join(json.dumps(r) + "\n" for r in b.records).encode()


def _bare(path: Path) -> int:
    n = 0
    with path.open("rb") as fh:
        for line in fh:
            json.loads(line)
            n += 1
    return n


def _timed(fn: object) -> float:
    start = time.perf_counter()
    fn()  # type: ignore[operator]
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--mb", type=int, default=200)
    args = parser.parse_args()
    block = _session_block()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "big.jsonl"
        with path.open("wb") as fh:
            for _ in range(args.mb * 1024 * 1024 // len(block) + 1):
                fh.write(block)
        size = path.stat().st_size
        _bare(path)  # warm the page cache for every pass
        passes = {
            "bare": lambda: _bare(path),
            "full": lambda: sum(1 for _ in iter_messages(path)),
            "human": lambda: sum(1 for _ in iter_messages(path, only_human=True)),
        }
        best = dict.fromkeys(passes, float("inf"))
        for _ in range(3):  # interleaved, so a busy machine slows every pass alike
            for name, run in passes.items():
                best[name] = min(best[name], _timed(run))
        bare, reader, human = best["bare"], best["full"], best["human"]
        stats = ReadStats()
        tracemalloc.start()
        for _ in iter_messages(path, stats=stats):
            pass
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        store = OffsetStore(Path(tmp) / "offsets.json")
        store.record(path, stats.end_offset, stats.last_line)
        with path.open("ab") as fh:
            fh.write(block)

        def incremental() -> None:
            pos = store.position_for(path)
            list(iter_messages(path, start_offset=pos.offset, start_line=pos.line + 1))

        inc = _timed(incremental)
    print(f"file: {size / 1e6:.0f} MB, {stats.lines} lines, {stats.messages} messages")
    print(f"bare json.loads pass: {bare:.2f} s ({size / 1e6 / bare:.0f} MB/s)")
    print(f"iter_messages:        {reader:.2f} s  ratio {reader / bare:.2f}x (target <= 2x)")
    print(f"iter_messages(only_human=True): {human:.2f} s  ratio {human / bare:.2f}x")
    print(f"peak traced memory while streaming: {peak / 1024:.0f} KiB")
    print(
        f"incremental read of one appended session: {inc * 1000:.1f} ms "
        f"({inc / reader * 100:.2f} % of the full read)"
    )


if __name__ == "__main__":
    main()
