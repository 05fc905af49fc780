"""autodream-hook with the time gate closed, against a bare interpreter start, side by side.

    python bench/bench_hook.py [--runs 30]

Target: ``autodream-hook`` as installed (``scripts/autodream-hook``, shipped as a plain script so
no generated wrapper runs before our code) within 1.5x of ``python -c pass`` (same interpreter).
Also shown: the bare entry, ``python -m autodream.hook`` (runpy's imports) and what a pip
console-script wrapper would cost (it imports ``re``): the reason we ship our own script.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO_ROOT))

from autodream.config import sanitize  # noqa: E402

PIP_STYLE_WRAPPER = """import re
import sys
from autodream.hook import main
if __name__ == '__main__':
    sys.argv[0] = re.sub(r'(-script\\.pyw|\\.exe)?$', '', sys.argv[0])
    sys.exit(main())
"""


def medians_ms(
    commands: dict[str, list[str]], payload: bytes, env: dict[str, str], runs: int
) -> dict[str, float]:
    """Each command's median wall time; the commands take turns, run after run, so a busy
    machine slows them all alike and the ratios stay fair."""
    samples: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(runs):
        for name, argv in commands.items():
            start = time.perf_counter()
            subprocess.run(argv, input=payload, env=env, check=True, stdout=subprocess.DEVNULL)
            samples[name].append((time.perf_counter() - start) * 1000)
    return {name: statistics.median(values) for name, values in samples.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=30)
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        project = root / "project"
        project.mkdir()
        home = root / "claude"
        memory = home / "projects" / sanitize(str(project.resolve())) / "memory"
        memory.mkdir(parents=True)
        (memory / ".consolidate-lock").touch()  # a dream just ran: the time gate is closed
        wrapper = root / "autodream-hook"
        wrapper.write_text(PIP_STYLE_WRAPPER)

        env = {k: v for k, v in os.environ.items() if not k.startswith("AUTODREAM_")}
        env.pop("PYTHONDONTWRITEBYTECODE", None)  # measure with .pyc files, as installed
        env["CLAUDE_CONFIG_DIR"] = str(home)
        env["PYTHONPATH"] = str(REPO_ROOT)
        payload = json.dumps(
            {
                "session_id": "3f2c1b7e-1111-4222-8333-444455556666",
                "transcript_path": str(home / "projects" / "x" / "s.jsonl"),
                "cwd": str(project),
                "hook_event_name": "Stop",
            }
        ).encode()
        py = sys.executable
        commands = {
            "python -c pass": [py, "-c", "pass"],
            "hook entry": [py, "-c", "from autodream.hook import main; main()"],
            "python -m autodream.hook": [py, "-m", "autodream.hook"],
            "autodream-hook (shipped)": [py, str(REPO_ROOT / "scripts" / "autodream-hook")],
            "pip-style console script": [py, str(wrapper)],
        }
        for argv in commands.values():  # warm up: write .pyc files, fill the page cache
            subprocess.run(argv, input=payload, env=env, check=True)
        results = medians_ms(commands, payload, env, args.runs)

    base = results["python -c pass"]
    print(f"median of {args.runs} runs, time gate closed ({sys.executable})")
    for name, ms in results.items():
        print(f"  {name:<26} {ms:7.2f} ms  {ms / base:5.2f}x")
    shipped = results["autodream-hook (shipped)"] / base
    verdict = "meets" if shipped <= 1.5 else "misses"
    print(f"autodream-hook (the installed script) / python -c pass = {shipped:.2f}x "
          f"({verdict} 1.5x)")


if __name__ == "__main__":
    main()
