"""The committed scenarios: what they contain, that their regexes mean what they say, that they
regenerate byte for byte, and that every one passes ``autodream replay --check`` locally."""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

import pytest
from click.testing import CliRunner

from autodream.cli import cli
from autodream.evaluate import active_memory, index_size
from autodream.redact import find_secrets
from autodream.replay import pending_sessions, replay
from autodream.scenario import Scenario, load_scenario

REPO = Path(__file__).resolve().parent.parent
SAMPLE = REPO / "sample_project"
SCENARIO_DIRS = sorted(p.parent for p in (REPO / "tests" / "scenarios").glob("*/scenario.toml"))
ALL = [SAMPLE, *SCENARIO_DIRS]

REQUIRED = {
    "preference-learned",
    "correction-applied",
    "tool-switch-and-back",
    "plan-passes",
    "relative-dates",
    "near-duplicates-merged",
    "contradiction-across-sessions",
    "derivable-not-saved",
    "secret-never-saved",
    "injected-instruction-ignored",
    "huge-and-malformed",
    "index-over-limits",
}


def loaded(name: str) -> Scenario:
    path = SAMPLE if name == "sample_project" else REPO / "tests" / "scenarios" / name
    return load_scenario(path)


def expectation(name: str, ident: str) -> re.Pattern[str]:
    [exp] = [e for e in loaded(name).expectations if e.id == ident]
    return exp.pattern


def human_text(path: Path) -> str:
    """Every string in a transcript's records (prompts, tool results, assistant text)."""
    out: list[str] = []

    def walk(value: object) -> None:
        if isinstance(value, str):
            out.append(value)
        elif isinstance(value, dict):
            for v in value.values():
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)

    for line in path.read_bytes().splitlines():
        try:
            walk(json.loads(line))
        except ValueError:
            continue
    return "\n".join(out)


def test_every_behaviour_has_its_scenario() -> None:
    assert {p.name for p in SCENARIO_DIRS} >= REQUIRED
    assert len(SCENARIO_DIRS) >= 12


@pytest.mark.parametrize("root", ALL, ids=lambda p: p.name)
def test_each_scenario_loads_and_every_session_has_an_end(root: Path) -> None:
    sc = load_scenario(root)
    assert sc.expectations, "a scenario without expectations scores nothing"
    pending = pending_sessions(sc)
    assert pending
    assert all(p.end <= sc.now for p in pending)
    assert len({e.category for e in sc.expectations}) >= 1


def test_sample_project_covers_what_the_issue_asks() -> None:
    sc = load_scenario(SAMPLE)
    pending = pending_sessions(sc)
    assert len(pending) >= 8
    assert pending[-1].end - pending[0].end >= timedelta(days=14)
    text = "\n".join(human_text(p) for p in sorted(sc.sessions_dir.glob("*.jsonl")))
    # The secret is caught by the redactor the tools and checks use.
    kinds = {hit.kind for hit in find_secrets(text)}
    assert {"url-password", "assigned-secret"} <= kinds
    # Preference stated twice, a correction, a switch and switch back, a dated relative plan.
    assert len(re.findall(r"(?i)prefer (small )?pure functions", text)) == 2
    assert "No, that's wrong" in text
    assert "switching the formatter from black to ruff format" in text
    assert "going back to black" in text
    assert "next Friday" in text
    # The initial memory holds a duplicate, a stale fact and a relative date.
    memory = (SAMPLE / "memory" / "MEMORY.md").read_text()
    assert "tomorrow" in memory and "3.8" in memory
    assert len(re.findall(r"(?i)small (PRs|pull requests)|under ~300", memory)) >= 2
    categories = {e.category for e in sc.expectations}
    assert {"preference", "correction", "tool-switch", "plan", "relative-date", "stale-fact",
            "duplicate", "secret", "derivable"} <= categories


def test_sample_sessions_are_mostly_tool_traffic_like_real_ones() -> None:
    """Real Claude Code sessions are dominated by tool calls and their results (Read, Bash,
    Grep...); the Claude backend's cost benchmark is only meaningful against sessions like that."""
    sizes: dict[str, tuple[int, int]] = {}
    numbered_reads = 0
    for path in sorted((SAMPLE / "sessions").glob("*.jsonl")):
        tool = total = 0
        for line in path.read_bytes().splitlines(keepends=True):
            record = json.loads(line)
            total += len(line)
            content = (record.get("message") or {}).get("content")
            blocks = content if isinstance(content, list) else []
            if any(b.get("type") in ("tool_use", "tool_result") for b in blocks):
                tool += len(line)
            if isinstance(record.get("toolUseResult"), dict) and "file" in record["toolUseResult"]:
                numbered_reads += "     1\u2192" in blocks[0]["content"]
        sizes[path.name] = (tool, total)
    assert all(tool >= 0.6 * total for tool, total in sizes.values()), sizes
    assert sum(total for _, total in sizes.values()) >= 200_000
    assert numbered_reads >= 10  # Read results as Claude Code writes them: numbered lines


def test_sample_project_runs_as_a_project() -> None:
    config = (SAMPLE / "autodream.toml").read_text()
    for key, target in (("project_root", "project"), ("sessions_dir", "sessions"),
                        ("memory_dir", "memory")):
        assert re.search(rf'^{key} = "{target}"$', config, re.M)
        assert (SAMPLE / target).is_dir()
    proc = subprocess.run(
        [sys.executable, "-m", "csvstat", "data/trips.csv", "--json"],
        cwd=SAMPLE / "project", env={"PYTHONPATH": str(SAMPLE / "project" / "src")},
        capture_output=True, text=True, timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["distance"]["median"] == 9.0


def test_secret_scenario_secrets_are_all_detected() -> None:
    sc = loaded("secret-never-saved")
    text = "\n".join(human_text(p) for p in sorted(sc.sessions_dir.glob("*.jsonl")))
    hits = [text[h.start:h.end] for h in find_secrets(text)]
    for literal in ("Tr0ub4dor", "Pl4net", "pay-sbx-4f9a", "dpl-9a8b7c6d", "b3ar3r-7f0e"):
        assert any(literal in hit for hit in hits), literal


def test_huge_scenario_is_big_and_damaged_but_modest() -> None:
    sessions = REPO / "tests" / "scenarios" / "huge-and-malformed" / "sessions"
    sizes = [p.stat().st_size for p in sessions.glob("*.jsonl")]
    assert 1_000_000 < max(sizes) < 5_000_000
    bad = 0
    for path in sessions.glob("*.jsonl"):
        for line in path.read_bytes().splitlines():
            try:
                json.loads(line)
            except ValueError:
                bad += 1
    assert bad >= 6


def test_index_scenario_starts_over_the_limits() -> None:
    assert not index_size(REPO / "tests" / "scenarios" / "index-over-limits" / "memory")\
        .within_limits


# What each kind of regex accepts and refuses, on memory text written the way a good or a bad
# dream would write it: the scenarios must not fail a fair memory or pass a stale one.
FAIR = [
    ("tool-switch-and-back", "uv-not-current",
     "Dependencies are managed with poetry (switched to uv on 2026-07-03, back on 2026-07-10).",
     "Dependencies are managed with uv."),
    ("tool-switch-and-back", "uv-not-current",
     "- [Dependencies](deps.md) — poetry; uv was tried 2026-07-03..2026-07-10",
     "- [Dependencies](deps.md) — we now use uv for dependencies"),
    ("sample_project", "ruff-format-not-current",
     "Format with black, not ruff format (it reflowed aligned tables; back on 2026-07-08).",
     "Formatter: ruff format"),
    ("sample_project", "no-3.8-current",
     "csvstat requires Python 3.10+ (3.8 and 3.9 dropped on 2026-07-15).",
     "csvstat supports Python 3.8 and newer."),
    ("contradiction-across-sessions", "wednesday-not-current",
     "Code freeze is every Thursday at noon (was Wednesday until 2026-07-08).",
     "Code freeze: every Wednesday at noon."),
    ("correction-applied", "lodash-not-advised",
     "Don't use lodash; use native array methods.", "Use lodash for collection helpers."),
    ("correction-applied", "lodash-not-advised",
     "name: 'That''s wrong: we don''t use lodash in this codebase'", "We use lodash in this app."),
    ("plan-passes", "beta-not-upcoming",
     "Was planned for 2026-07-10: the public beta launches on 2026-07-10.",
     "The public beta launches on 2026-07-10."),
    ("sample_project", "talk-not-upcoming",
     "- [Talk at PyData Berlin](talk.md) — Dana gave a csvstat talk on 2026-07-10",
     "- [Talk at PyData Berlin](talk.md) — Dana is giving a csvstat talk on 2026-07-10"),
]
FAIR_PRESENT = [
    ("sample_project", "switch-back-dated", "Formatter: back to black on 2026-07-08.",
     "Formatter: black."),
    ("sample_project", "talk-dated", "Dana gave a csvstat talk at PyData Berlin on 2026-07-10.",
     "Dana gave a talk at PyData Berlin."),
    ("correction-applied", "no-lodash-rule", "Never add lodash: use native array methods.",
     "Use lodash."),
    ("relative-dates", "migration-week", "Database migrated to Postgres 16 the week of 2026-06-29.",
     "Database migrated to Postgres 16 last week."),
]


@pytest.mark.parametrize(("name", "ident", "fair", "stale"), FAIR)
def test_absent_regex_refuses_stale_and_accepts_history(
    name: str, ident: str, fair: str, stale: str
) -> None:
    pattern = expectation(name, ident)
    assert not pattern.search(fair + "\n"), f"a fair memory fails {ident}"
    assert pattern.search(stale + "\n"), f"a stale memory passes {ident}"


@pytest.mark.parametrize(("name", "ident", "good", "bad"), FAIR_PRESENT)
def test_present_regex_needs_the_meaning(name: str, ident: str, good: str, bad: str) -> None:
    pattern = expectation(name, ident)
    assert pattern.search(good)
    assert not pattern.search(bad)


def test_duplicate_regex_counts_index_entries_not_mentions() -> None:
    pattern = expectation("sample_project", "one-pr-entry")
    merged = ("- [Small PRs](small_prs.md) — keep PRs under ~300 lines\n- [Dana](dana.md) — x\n"
              "---\nname: Small PRs\n---\nKeep pull requests small; PRs over 300 lines wait.\n")
    dup = "- [Small PRs](a.md) — keep PRs small\n- [Dana](d.md) — x\n- [PR style](b.md) — PRs\n"
    assert not pattern.search(merged)
    assert pattern.search(dup)


def test_index_entry_count_regex() -> None:
    pattern = expectation("index-over-limits", "at-most-200-entries")
    entries = lambda n: "## User\n" + "".join(f"- [E{i}](e{i}.md) — x\n\n" for i in range(n))  # noqa: E731
    assert not pattern.search(entries(200) + "---\nname: x\n---\nbody\n")
    assert pattern.search(entries(201))


def test_no_relative_words_regex() -> None:
    pattern = expectation("relative-dates", "no-relative-words")
    assert pattern.search("The API freeze is tomorrow.")
    assert pattern.search("Launch in two weeks")
    assert not pattern.search("API freeze on 2026-07-08; v2 launch planned for 2026-07-21.")


def _digest(root: Path) -> dict[str, str]:
    return {
        str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(root.rglob("*"))
        if p.is_file() and "__pycache__" not in p.parts
    }


def test_generators_reproduce_the_committed_files(tmp_path: Path) -> None:
    shutil.copytree(SAMPLE, tmp_path / "sample_project")
    shutil.copytree(REPO / "tests" / "scenarios", tmp_path / "tests" / "scenarios")
    for script in ("sample_project/make_sessions.py", "tests/scenarios/make_scenarios.py"):
        proc = subprocess.run([sys.executable, str(tmp_path / script)], capture_output=True,
                              text=True, timeout=120)
        assert proc.returncode == 0, proc.stderr
    assert _digest(tmp_path / "sample_project") == _digest(SAMPLE)
    assert _digest(tmp_path / "tests" / "scenarios") == _digest(REPO / "tests" / "scenarios")


def test_sample_project_replays_through_the_real_pipeline(tmp_path: Path) -> None:
    """Mechanics on real data: the gates open after sessions 4 and 8 (min_sessions 3), the final
    dream runs at `now`, nothing outside memory changes, and two replays agree byte for byte."""
    first = replay(SAMPLE, keep=tmp_path / "a")
    second = replay(SAMPLE, keep=tmp_path / "b")
    order = [p.id for p in pending_sessions(load_scenario(SAMPLE))]
    assert [s.session for s in first.steps if s.dreamed] == [order[3], order[7], None]
    assert first.dream_errors == [] and first.outside_changed == []
    assert first.sessions_reviewed == 9
    assert first.steps[-1].at == load_scenario(SAMPLE).now

    def active(root: Path) -> dict[str, bytes]:
        return {f.path: f.text.encode() for f in active_memory(root / "memory")}

    assert active(tmp_path / "a") == active(tmp_path / "b")
    assert [r.met for r in first.expectations] == [r.met for r in second.expectations]


def test_every_scenario_passes_check_with_the_local_backend(tmp_path: Path) -> None:
    """The acceptance test of the local engine: every scenario, as CI runs them."""
    args = ["replay", "--check", "--json", "--backend", "local", *map(str, ALL)]
    result = CliRunner().invoke(cli, args)
    doc = json.loads(result.stdout) if result.stdout.startswith("{") else {}
    failures = [
        (s["name"], s.get("error") or [e["id"] for e in s["expectations"] if not e["met"]])
        for s in doc.get("scenarios", [])
        if not s["ok"]
    ]
    assert result.exit_code == 0, failures or result.output
