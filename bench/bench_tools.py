"""What the sandbox costs: toolbox calls against plain Python doing the same reads, one run.

    python bench/bench_tools.py [--repeat N]

Uses the real Claude Code transcripts in ../shared/data/real-transcripts (copied to a temp
sessions dir). Prints seconds for each side and the ratio toolbox / plain.
"""

from __future__ import annotations

import argparse
import re
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from autodream import redact
from autodream.agent import ToolCall
from autodream.sandbox import Sandbox
from autodream.tools import ToolBox, ToolLimits


def real_transcripts() -> Path:
    """``shared/data/real-transcripts`` beside the repository (or a worktree's parents)."""
    for parent in Path(__file__).resolve().parents:
        candidate = parent / "shared" / "data" / "real-transcripts"
        if candidate.is_dir():
            return candidate
    raise SystemExit("real transcripts not found (looked for shared/data/real-transcripts)")


def best_of(repeat: int, fn: Callable[[], object]) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    base = Path(tempfile.mkdtemp(prefix="bench-tools-"))
    try:
        sessions = base / "sessions"
        shutil.copytree(real_transcripts(), sessions)
        memory = base / "memory"
        memory.mkdir()
        (memory / "MEMORY.md").write_text("- [A](a.md) — a\n")
        big = max(sessions.rglob("*.jsonl"), key=lambda p: p.stat().st_size)
        vbig = "sessions/" + str(big.relative_to(sessions))
        limits = ToolLimits(max_read_bytes=None, max_output_bytes=64_000)

        def box() -> ToolBox:
            return ToolBox(Sandbox(memory=memory, sessions=sessions), base / "trash", limits)

        def toolbox_pages() -> None:
            tb = box()
            offset = 1
            while True:
                out = tb.call(ToolCall("r", "read_file", {"path": vbig, "offset": offset,
                                                          "limit": 400})).content
                if "continue with offset=" not in out:
                    break
                offset = int(out.rsplit("offset=", 1)[1].rstrip("]"))

        def plain_pages() -> None:
            lines = big.read_text(errors="replace").splitlines(keepends=True)
            for start in range(0, len(lines), 400):
                redact.redact("".join(lines[start : start + 400]))

        pattern = r"(?i)\bpytest\b"

        def toolbox_grep() -> None:
            tb = box()
            tb.call(ToolCall("g", "grep", {"pattern": pattern, "path": "sessions/",
                                           "max_hits": 200}))

        def plain_grep() -> None:
            rx = re.compile(pattern)
            hits = 0
            for path in sorted(sessions.rglob("*")):
                if not path.is_file():
                    continue
                with open(path, "rb") as fh:
                    for raw in fh:
                        line = raw.decode("utf-8", errors="replace")
                        if rx.search(line) and rx.search(redact.redact(line)):
                            hits += 1
                            if hits >= 200:
                                return

        def toolbox_small_reads() -> None:
            tb = box()
            for _ in range(500):
                tb.call(ToolCall("r", "read_file", {"path": "memory/MEMORY.md"}))

        def plain_small_reads() -> None:
            for _ in range(500):
                (memory / "MEMORY.md").read_text()

        print(f"transcript: {big.name} ({big.stat().st_size / 1e6:.1f} MB); best of {args.repeat}")
        print(f"{'case':<36}{'toolbox s':>10}{'plain s':>10}{'ratio':>8}")
        for name, ours, theirs in [
            ("read_file paging, 400 lines/page", toolbox_pages, plain_pages),
            ("grep sessions/ (redacted hits)", toolbox_grep, plain_grep),
            ("500 small read_file calls", toolbox_small_reads, plain_small_reads),
        ]:
            a = best_of(args.repeat, ours)
            b = best_of(args.repeat, theirs)
            print(f"{name:<36}{a:>10.4f}{b:>10.4f}{a / b:>8.2f}")
    finally:
        shutil.rmtree(base)


if __name__ == "__main__":
    main()
