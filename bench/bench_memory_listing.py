"""How a local dream lists a big memory dir: the globs it asks, and their time.

    python bench/bench_memory_listing.py [--files 5000] [--against OTHER_TREE]

Makes a memory dir of ``--files`` topic files whose names share a long start
('feedback_use-the-rule-numbered-0001.md', as a person with many numbered rules has them),
then runs the local engine's listing of memory (every glob it asks, through the toolbox, as a
dream's orient phase does) in a subprocess per source tree: this one and, with ``--against``,
another (a worktree at an older commit), one after the other over the same files.
Prints per tree the seconds, the number of globs and whether every file was listed; the
files listed must be the same. It asked about one glob per character the names share, each
walking every file (~100 globs; minutes over 5,000 files with the matcher that stepped every
state of the pattern anew for every character).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

LIST = """
import json, sys, time
from pathlib import Path
from autodream.backends.local import LocalBackend
from autodream.sandbox import Sandbox
from autodream.tools import ToolBox, ToolLimits
root = Path(sys.argv[1])
box = ToolBox(Sandbox(memory=root / "memory", sessions=root / "sessions",
                      project=root / "project"), root / "trash", ToolLimits())
box.phase = "orient"
backend = LocalBackend(None, box)
t0 = time.perf_counter()
script = backend._memory_files()
globs, results = 0, None
try:
    while True:
        calls = next(script) if results is None else script.send(results)
        globs += len(calls)
        results = [box.call(call) for call in calls]
except StopIteration as stop:
    listed = stop.value
print(json.dumps({"seconds": time.perf_counter() - t0, "globs": globs, "listed": listed}))
"""


def make_memory(root: Path, files: int) -> list[str]:
    """A memory dir of ``files`` topic files named alike but for their number."""
    memory = root / "memory"
    for d in (memory, root / "sessions", root / "project"):
        d.mkdir(parents=True)
    names = [f"feedback_use-the-rule-numbered-{i:04d}.md" for i in range(files)]
    for i, name in enumerate(names):
        (memory / name).write_text(f"---\nname: Rule {i}\ndescription: rule {i}\n"
                                   f"type: feedback\n---\n\nUse rule {i}.\n", encoding="utf-8")
    (memory / "MEMORY.md").write_text("", encoding="utf-8")
    return sorted([*names, "MEMORY.md"])


def list_with(tree: Path, root: Path) -> dict[str, object]:
    out = subprocess.run([sys.executable, "-c", LIST, str(root)], check=True, text=True,
                         capture_output=True, cwd=tree, env={**os.environ, "PYTHONPATH": str(tree)})
    result: dict[str, object] = json.loads(out.stdout)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--files", type=int, default=5000)
    parser.add_argument("--against", type=Path, help="another source tree to compare with")
    args = parser.parse_args()
    trees = [REPO] + ([args.against.resolve()] if args.against else [])
    with tempfile.TemporaryDirectory() as tmp:
        names = make_memory(Path(tmp), args.files)
        results = {tree: list_with(tree, Path(tmp)) for tree in reversed(trees)}
        for tree in trees:
            got = results[tree]
            whole = got["listed"] == names
            print(f"{tree}: {got['seconds']:.2f} s, {got['globs']} globs, "
                  f"{'every file listed' if whole else 'FILES MISSED'}")
        if len(trees) == 2:
            same = results[trees[0]]["listed"] == results[trees[1]]["listed"]
            print(f"the same files listed: {same}")


if __name__ == "__main__":
    main()
