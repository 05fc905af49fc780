"""A local dream over a long-lived memory: many notes in MEMORY.md, side by side with few.

    python bench/bench_big_memory.py [--small 100] [--large 400] [--rounds 3]

Generates two memory dirs that differ only in how many hand-written one-line notes MEMORY.md
holds (``--small`` and ``--large``: a note per service with its port and team, and rules
without a value, "Always run ruff before merging in the billing module", which read alike
in shape and are about other things), each with the same few topic files and the same nine
sessions of a person's messages, then dreams each (``autodream.dream(force=True,
backend="local")``, a subprocess each, so its peak RSS is measured alone), taking turns
``--rounds`` times and keeping the fastest of each, so a busy machine skews no ratio.

Prints both dreams' times, their ratio and the large dream's peak RSS. Every entry is
compared with every other one of its type for near-duplicates, but what each says is read
once, and a pair whose values differ is settled without reading it again; each thing said in
the sessions meets every entry, but difflib measures only the pairs a closer ceiling (the
longest common subsequence) lets by. So the time grows about as the notes do. Targets: the
large dream in a few seconds, and a ratio <= 5x for 4x the notes (linear would be 4x; it was
~30x when each pair re-read both texts, and 400 notes took ~85 s of CPU).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
START = datetime(2026, 7, 6, 9, 0, tzinfo=UTC)
NOW = START + timedelta(days=14)

TOOLS = ["ruff", "mypy", "pytest", "black", "isort", "bandit", "eslint", "prettier"]
ACTIONS = ["merging", "committing", "pushing", "releasing", "tagging", "deploying"]
AREAS = ["billing", "search", "auth", "export", "import", "report", "cache", "queue",
         "parser", "scheduler", "gateway", "ledger"]
TEAMS = ["alpha", "beta", "gamma", "delta"]

PROMPTS = [
    "I prefer small pure functions over classes.",
    "Always use pnpm for installs, never npm.",
    "We switched from Jenkins to GitHub Actions for CI last week.",
    "The release is on 2026-07-24, so only bug fixes on main until then.",
    "Dashboards are at https://grafana.example.com/d/payments for latency.",
    "Please refactor the parser to stream its input.",
    "No, that's wrong: the API returns amounts in cents, not dollars.",
    "Can you add a --json flag to the report command?",
    "Looks good, thanks!",
]


def note(i: int) -> str:
    """The ``i``-th note: two in three give a service its port and team (values that differ
    from note to note), the rest are rules with no value at all."""
    if i % 3 != 2:
        return (f"The service number {i} runs on port {8000 + i} and is owned by team "
                f"{TEAMS[i % len(TEAMS)]}")
    k = i // 3
    return (f"Always run {TOOLS[k % len(TOOLS)]} before {ACTIONS[k // len(TOOLS) % len(ACTIONS)]}"
            f" in the {AREAS[k % len(AREAS)]} module")


def make_memory(root: Path, notes: int) -> Path:
    """A project dir with its sessions and a memory dir of a few topic files and ``notes``
    one-line notes written in MEMORY.md."""
    project, sessions, memory = root / "project", root / "sessions", root / "memory"
    for d in (project, sessions, memory):
        d.mkdir(parents=True)
    (project / "README.md").write_text("# payments\n\nA payments service.\n", encoding="utf-8")
    topics = {
        "user_role.md": ("Role", "backend engineer on payments", "user",
                         "The user is a backend engineer on the payments team."),
        "small_prs.md": ("Small pull requests", "keep PRs under ~300 lines", "feedback",
                         "Keep pull requests under about 300 lines."),
        "ci.md": ("CI", "CI runs on Jenkins", "project", "CI runs on Jenkins."),
    }
    lines = []
    for name, (title, description, kind, body) in topics.items():
        (memory / name).write_text(f"---\nname: {title}\ndescription: {description}\n"
                                   f"type: {kind}\n---\n\n{body}\n", encoding="utf-8")
        lines.append(f"- [{title}]({name}) — {description}")
    lines += [f"- Note {i}: {note(i)}" for i in range(notes)]
    (memory / "MEMORY.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (root / "autodream.toml").write_text(
        'project_root = "project"\nsessions_dir = "sessions"\nmemory_dir = "memory"\n'
        'backend = "local"\n', encoding="utf-8")
    for s, prompt in enumerate(PROMPTS):
        session = f"{s:08d}-0000-4000-8000-{s:012d}"
        when = START + timedelta(days=s)
        records = [{"type": "user", "sessionId": session, "uuid": f"{session}-0",
                    "parentUuid": None, "cwd": str(project), "version": "2.1.14",
                    "timestamp": when.strftime("%Y-%m-%dT%H:%M:%S.000Z"),
                    "message": {"role": "user", "content": prompt}},
                   {"type": "assistant", "sessionId": session, "uuid": f"{session}-1",
                    "parentUuid": f"{session}-0", "cwd": str(project), "version": "2.1.14",
                    "timestamp": (when + timedelta(minutes=1)).strftime(
                        "%Y-%m-%dT%H:%M:%S.000Z"),
                    "message": {"role": "assistant", "content": [
                        {"type": "text", "text": "Done."}]}}]
        path = sessions / f"{session}.jsonl"
        path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
        os.utime(path, (when.timestamp(), when.timestamp()))
    return root


DREAM = """
import sys, time, resource
import autodream
t0, c0 = time.perf_counter(), time.process_time()
outcome = autodream.dream(sys.argv[1], force=True, backend="local", trigger="manual")
print(f"{time.perf_counter() - t0:.4f} {time.process_time() - c0:.4f} {outcome.status}")
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


def _dream(root: Path) -> tuple[float, float, float, str]:
    """(seconds of the dream call, its CPU seconds, peak RSS in MB, status), in a child of its
    own."""
    env = {**os.environ, "PYTHONPATH": str(REPO), "AUTODREAM_NOW": NOW.isoformat()}
    env.pop("ANTHROPIC_API_KEY", None)
    proc = subprocess.run([sys.executable, "-c", DREAM, str(root)], env=env,
                          capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        raise SystemExit(f"dream failed ({proc.returncode}): {proc.stderr.strip()[-2000:]}")
    timing, rss = proc.stdout.strip().splitlines()[-2:]
    seconds, cpu, status = timing.split()
    return float(seconds), float(cpu), int(rss) / 1024, status


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--small", type=int, default=100)
    parser.add_argument("--large", type=int, default=400)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        best: dict[int, tuple[float, float, float, str]] = {}
        for r in range(args.rounds):
            for n in (args.small, args.large):
                # a fresh copy each time: a dream rewrites the memory it read
                root = make_memory(Path(tmp) / f"n{n}-{r}", n)
                t0 = time.perf_counter()
                seconds, cpu, rss, status = _dream(root)
                if n not in best or seconds < best[n][0]:
                    best[n] = (seconds, cpu, rss, status)
                print(f"  round {r + 1}: {n:4d} notes  {seconds:6.2f} s, CPU {cpu:6.2f} s "
                      f"(process {time.perf_counter() - t0:.2f} s, {status})")
        small, large = best[args.small], best[args.large]
        print(f"dream, {args.small:4d} notes:  {small[0]:7.2f} s (CPU {small[1]:.2f} s)  "
              f"peak RSS {small[2]:.1f} MB")
        print(f"dream, {args.large:4d} notes:  {large[0]:7.2f} s (CPU {large[1]:.2f} s)  "
              f"peak RSS {large[2]:.1f} MB (target: a few seconds)")
        print(f"ratio large / small:  {large[0] / small[0]:7.2f}x  (CPU {large[1] / small[1]:.2f}x)"
              f"  for {args.large / args.small:.1f}x the notes (target <= 5x; linear is "
              f"{args.large / args.small:.1f}x)")


if __name__ == "__main__":
    main()
