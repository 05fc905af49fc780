"""autodream-hook with the time gate closed, against a bare interpreter start, side by side.

    python bench/bench_hook.py [--runs 30] [--state-runs 500]

Target: ``autodream-hook`` as installed (``scripts/autodream-hook``, shipped as a plain script so
no generated wrapper runs before our code) within 1.5x of ``python -c pass`` (same interpreter).
Also shown: the bare entry, ``python -m autodream.hook`` (runpy's imports) and what a pip
console-script wrapper would cost (it imports ``re``): the reason we ship our own script.

Then a turn past min_hours whose scan gate is throttled (the hook's every turn once a dream is
due and no new session came), with a state dir of ``--state-runs`` recorded runs: the hook must
not cost more as runs pile up (it once walked every run's copies for links, every turn).
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


def fill_state_dir(memory: Path, runs: int) -> None:
    """``runs`` recorded runs, each laid out as a dream leaves one (record, commit, copies)."""
    for n in range(runs):
        run = memory / ".autodream" / "runs" / f"20260101T{n // 60:02d}{n % 60:02d}00Z-{n:04x}"
        for sub in ("before", "after", "trash", "removed"):
            (run / sub).mkdir(parents=True)
            for i in range(3):
                (run / sub / f"note_{i}.md").write_text("---\nname: n\n---\nbody\n")
        (run / "record.json").write_text("{}")
        (run / "commit.json").write_text("{}")


def bench_many_runs(env: dict[str, str], payload_for: Path, runs: int, state_runs: int) -> None:
    """The hook past min_hours with the scan gate throttled, empty state dir against
    ``state_runs`` runs (taking turns, as ``medians_ms`` does)."""
    samples: dict[str, list[float]] = {}
    cases: dict[str, tuple[dict[str, str], bytes]] = {}
    for count in (0, state_runs):
        project = payload_for / f"project-{count}"
        project.mkdir()
        home = payload_for / f"claude-{count}"
        memory = home / "projects" / sanitize(str(project.resolve())) / "memory"
        memory.mkdir(parents=True)
        fill_state_dir(memory, count)
        (memory / ".autodream").mkdir(exist_ok=True)
        lock = memory / ".consolidate-lock"
        lock.touch()
        two_days_ago = time.time() - 2 * 86400
        os.utime(lock, (two_days_ago, two_days_ago))  # the time gate is open
        (memory / ".autodream" / "scan-stamp").touch()  # scanned just now: the scan gate is not
        payload = json.dumps({"cwd": str(project), "hook_event_name": "Stop"}).encode()
        cases[f"{count} runs"] = ({**env, "CLAUDE_CONFIG_DIR": str(home),
                                   "AUTODREAM_DEBUG": "1"}, payload)
        samples[f"{count} runs"] = []
    argv = [sys.executable, str(REPO_ROOT / "scripts" / "autodream-hook")]
    for name, (case_env, payload) in cases.items():  # warm up, and show what the hook decided
        said = subprocess.run(argv, input=payload, env=case_env, check=True,
                              capture_output=True).stderr.decode().strip()
        print(f"  ({name}: {said[:100]})")
    for _ in range(runs):
        for name, (case_env, payload) in cases.items():
            start = time.perf_counter()
            subprocess.run(argv, input=payload, env=case_env, check=True, capture_output=True)
            samples[name].append((time.perf_counter() - start) * 1000)
    print(f"median of {runs} runs, time gate open, scan gate throttled")
    for name, values in samples.items():
        print(f"  autodream-hook, {name:<10} {statistics.median(values):7.2f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--state-runs", type=int, default=500)
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
    with tempfile.TemporaryDirectory() as tmp:
        bench_many_runs(env, Path(tmp), args.runs, args.state_runs)


if __name__ == "__main__":
    main()
