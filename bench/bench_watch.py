"""CPU cost of ``autodream watch`` against polling, side by side, over the same idle period.

Builds a Claude Code projects root with N projects (default 200), each with a few session
transcripts and a fresh consolidation lock (so no gate opens and nothing dreams: this
measures the idle cost). Then runs, concurrently, as two subprocesses:

- ``autodream watch --root R`` (event-driven), and
- a poller that re-scans every project every 5 s the way a loop without events must (stat the
  lock, scandir the sessions dir, stat every transcript),

and reads each one's CPU time (user + system, with psutil) after a warm-up and again at the
end. Prints both and the ratio; the target is watch <= 10 % of the poller.

    python bench/bench_watch.py               # 60 s, 200 projects
    python bench/bench_watch.py --seconds 10  # quick run
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

import psutil

REPO_ROOT = Path(__file__).resolve().parent.parent


def build_root(root: Path, projects: int, sessions: int) -> None:
    now = time.time()
    for i in range(projects):
        cwd = f"/nonexistent/bench/project-{i:03d}"
        project = root / "".join(c if c.isalnum() else "-" for c in cwd)
        (project / "memory").mkdir(parents=True)
        for _ in range(sessions):
            session = str(uuid.uuid4())
            record = {"type": "user", "sessionId": session, "cwd": cwd,
                      "message": {"role": "user", "content": "hello"}}
            (project / f"{session}.jsonl").write_text(json.dumps(record) + "\n")
        lock = project / "memory" / ".consolidate-lock"
        lock.write_text("")
        os.utime(lock, (now, now))  # consolidated just now: the time gate stays closed


def poll_forever(root: str, interval: float) -> None:
    """The baseline: what a watcher without filesystem events has to do every interval."""
    while True:
        started = time.monotonic()
        due = 0
        for project in os.scandir(root):
            if not project.is_dir():
                continue
            try:
                last = os.stat(os.path.join(project.path, "memory", ".consolidate-lock")).st_mtime
            except FileNotFoundError:
                last = 0.0
            with os.scandir(project.path) as entries:
                touched = sum(
                    1 for e in entries
                    if e.name.endswith(".jsonl") and e.stat().st_mtime > last
                )
            due += touched >= 5
        time.sleep(max(0.0, interval - (time.monotonic() - started)))


def cpu_seconds(proc: psutil.Process) -> float:
    times = proc.cpu_times()
    return float(times.user + times.system)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=60.0, help="measured idle period")
    parser.add_argument("--projects", type=int, default=200)
    parser.add_argument("--sessions", type=int, default=20, help="transcripts per project")
    parser.add_argument("--interval", type=float, default=5.0, help="the poller's period")
    parser.add_argument("--warmup", type=float, default=3.0, help="start-up, not measured")
    parser.add_argument("--poll", metavar="ROOT", help=argparse.SUPPRESS)  # the baseline child
    args = parser.parse_args()
    if args.poll:
        poll_forever(args.poll, args.interval)
        return

    with tempfile.TemporaryDirectory(prefix="bench-watch-") as tmp:
        root = Path(tmp) / "projects"
        root.mkdir()
        build_root(root, args.projects, args.sessions)
        env = {**os.environ, "PYTHONPATH": str(REPO_ROOT), "HOME": tmp,
               "CLAUDE_CONFIG_DIR": tmp}
        watch = subprocess.Popen(
            # A short quiet period so the liveness check below gets its decision quickly; it
            # costs nothing while idle.
            [sys.executable, "-m", "autodream.cli", "watch", "--root", str(root),
             "--idle-minutes", "0.02"],
            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
        )
        poller = subprocess.Popen(
            [sys.executable, __file__, "--poll", str(root), "--interval", str(args.interval)],
            env=env,
        )
        try:
            time.sleep(args.warmup)
            procs = {"watch": psutil.Process(watch.pid), "rescan": psutil.Process(poller.pid)}
            start = {name: cpu_seconds(p) for name, p in procs.items()}
            time.sleep(args.seconds)
            used = {name: cpu_seconds(p) - start[name] for name, p in procs.items()}
            total = {name: cpu_seconds(p) for name, p in procs.items()}
            # Liveness: the idle watcher still answers a transcript write with a decision.
            touched = next(next(root.iterdir()).glob("*.jsonl"))
            with touched.open("a") as fh:
                fh.write("{}\n")
            time.sleep(3)
        finally:
            watch.terminate()
            poller.terminate()
            _, watch_log = watch.communicate(timeout=10)
            poller.wait(timeout=10)

    decisions = sum(1 for line in watch_log.splitlines() if ": wait: " in line)
    alive = decisions > args.projects
    ratio = used["watch"] / used["rescan"] if used["rescan"] else float("inf")
    print(f"{args.projects} projects x {args.sessions} sessions, {args.seconds:g} s idle after"
          f" {args.warmup:g} s warm-up (poller every {args.interval:g} s)")
    print(f"  autodream watch : {used['watch']:.3f} CPU s  (incl. start-up {total['watch']:.3f};"
          f" {args.projects} initial gate decisions;"
          f" answered a write after the idle period: {'yes' if alive else 'NO'})")
    print(f"  rescan loop     : {used['rescan']:.3f} CPU s  (incl. start-up {total['rescan']:.3f})")
    print(f"  ratio watch/rescan: {ratio:.1%} (target <= 10%)")


if __name__ == "__main__":
    main()
