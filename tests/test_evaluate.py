from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from autodream.evaluate import (
    active_memory,
    by_category,
    changed_paths,
    evaluate,
    index_size,
    tree_digest,
)
from autodream.scenario import Expectation


def exp(ident: str, kind: str, regex: str, category: str = "cat") -> Expectation:
    assert kind in ("present", "absent")
    return Expectation(ident, category, "present" if kind == "present" else "absent",
                       re.compile(regex))


@pytest.fixture
def memory(tmp_path: Path) -> Path:
    mem = tmp_path / "memory"
    (mem / "notes").mkdir(parents=True)
    (mem / ".autodream" / "trash").mkdir(parents=True)
    (mem / "MEMORY.md").write_text(
        "- [Tracker](tracker.md) — we track work in Jira\n"
        "- [Formatter](notes/formatter.md) — black\n",
        encoding="utf-8",
    )
    (mem / "tracker.md").write_text(
        "---\nname: Tracker\ndescription: issue tracker\ntype: project\n---\n\n"
        "We track work in Jira.\nWe currently use Linear for the roadmap.\n",
        encoding="utf-8",
    )
    (mem / "notes" / "formatter.md").write_text("Format with black.\n", encoding="utf-8")
    # Not active memory: hidden state, hidden files, non-markdown files.
    (mem / ".autodream" / "DREAMS.md").write_text("old diary: uses ruff format\n")
    (mem / ".autodream" / "trash" / "old.md").write_text("removed: uses ruff format\n")
    (mem / ".hidden.md").write_text("uses ruff format\n")
    (mem / "scratch.txt").write_text("uses ruff format\n")
    return mem


def test_active_memory_is_index_first_then_md_files_without_hidden(memory: Path) -> None:
    assert [f.path for f in active_memory(memory)] == [
        "MEMORY.md",
        "notes/formatter.md",
        "tracker.md",
    ]


def test_a_link_in_memory_is_not_read_as_memory(memory: Path, tmp_path: Path) -> None:
    """A link in memory (a file, a folder, the index: a teammate's, a sync tool's) had the
    file where it points read as memory's own: its text met 'present' expectations (and
    'absent' ones failed) on words no dream wrote, and the index's size was the other file's.
    They are read as a dream reads memory: no link followed, the index a link is none."""
    outside = tmp_path / "outside"
    (outside / "dir").mkdir(parents=True)
    (outside / "leak.md").write_text("We deploy with Argo.\n")
    (outside / "dir" / "deep.md").write_text("We deploy with Argo.\n")
    (outside / "index.md").write_text("- [Leak](leak.md) — Argo\n" * 50)
    os.symlink(outside / "leak.md", memory / "leak.md")
    os.symlink(outside / "dir", memory / "linked")
    assert [f.path for f in active_memory(memory)] == [
        "MEMORY.md", "notes/formatter.md", "tracker.md"]
    [result] = evaluate([exp("argo", "present", "Argo")], memory)
    assert not result.met
    (memory / "MEMORY.md").unlink()
    os.symlink(outside / "index.md", memory / "MEMORY.md")
    assert (index_size(memory).lines, index_size(memory).bytes) == (0, 0)
    assert [f.path for f in active_memory(memory)] == ["notes/formatter.md", "tracker.md"]


def test_hidden_and_non_markdown_text_never_counts(memory: Path) -> None:
    [result] = evaluate([exp("no-ruff", "absent", "ruff format")], memory)
    assert result.met and result.match is None


def test_present_met_and_failed(memory: Path) -> None:
    met, failed = evaluate(
        [exp("jira", "present", r"(?i)\bjira\b"), exp("gitlab", "present", r"(?i)gitlab")],
        memory,
    )
    assert met.met and met.match is not None and met.match.file == "MEMORY.md"
    assert not failed.met and failed.match is None
    assert failed.regex == "(?i)gitlab" and failed.kind == "present"


def test_absent_failure_reports_file_line_number_and_whole_line(memory: Path) -> None:
    [result] = evaluate([exp("linear", "absent", r"(?i)(currently|now) (uses?|on) linear")], memory)
    assert not result.met
    assert result.match is not None
    assert result.match.file == "tracker.md"
    assert result.match.line_no == 8
    assert result.match.line == "We currently use Linear for the roadmap."


def test_match_in_a_nested_file_is_located(memory: Path) -> None:
    [result] = evaluate([exp("black", "absent", r"Format with")], memory)
    assert result.match is not None
    assert (result.match.file, result.match.line_no) == ("notes/formatter.md", 1)


def test_regex_may_span_lines_within_memory(memory: Path) -> None:
    [result] = evaluate([exp("span", "present", r"(?s)Jira\.\nWe currently")], memory)
    assert result.met


def test_empty_or_missing_memory_dir(tmp_path: Path) -> None:
    results = evaluate(
        [exp("p", "present", "x"), exp("a", "absent", "x")], tmp_path / "missing"
    )
    assert [r.met for r in results] == [False, True]


def test_scores_grouped_by_category_in_first_seen_order(memory: Path) -> None:
    results = evaluate(
        [
            exp("a", "present", "Jira", category="knowledge"),
            exp("b", "present", "nothing-like-this", category="secrets"),
            exp("c", "absent", "currently use Linear", category="knowledge"),
            exp("d", "absent", "hunter2", category="secrets"),
        ],
        memory,
    )
    scores = [(c.category, c.met, c.failed, c.total) for c in by_category(results)]
    assert scores == [("knowledge", 1, 1, 2), ("secrets", 1, 1, 2)]


def test_undecodable_bytes_do_not_hide_text(tmp_path: Path) -> None:
    mem = tmp_path / "memory"
    mem.mkdir()
    (mem / "MEMORY.md").write_bytes(b"bad \xff byte; the password is hunter2-hunter2\n")
    [result] = evaluate([exp("secret", "absent", "hunter2")], mem)
    assert not result.met


def test_index_size_against_limits(tmp_path: Path) -> None:
    mem = tmp_path / "memory"
    mem.mkdir()
    assert index_size(mem).lines == 0 and index_size(mem).within_limits
    (mem / "MEMORY.md").write_text("".join(f"- [E{i}](e{i}.md) — x\n" for i in range(201)))
    size = index_size(mem)
    assert size.lines == 201 and not size.within_limits
    (mem / "MEMORY.md").write_text("- [Big](big.md) — " + "x" * 25_000 + "\n")
    assert index_size(mem).lines == 1 and not index_size(mem).within_limits


def test_tree_digest_sees_content_changes_additions_removals_not_mtimes(tmp_path: Path) -> None:
    root = tmp_path / "scenario"
    (root / "project").mkdir(parents=True)
    (root / "memory").mkdir()
    (root / "project" / "a.py").write_text("print(1)\n")
    (root / "project" / "b.py").write_text("print(2)\n")
    before = tree_digest(root, exclude=[root / "memory"])
    os.utime(root / "project" / "a.py", (1, 1))
    (root / "memory" / "MEMORY.md").write_text("changed inside memory: ignored\n")
    assert changed_paths(before, tree_digest(root, exclude=[root / "memory"])) == []
    (root / "project" / "a.py").write_text("print(3)\n")
    (root / "project" / "b.py").unlink()
    (root / "project" / "c.py").write_text("new\n")
    (root / "project" / "link").symlink_to(root / "memory")
    after = tree_digest(root, exclude=[root / "memory"])
    assert changed_paths(before, after) == [
        "project/a.py",
        "project/b.py",
        "project/c.py",
        "project/link",
    ]
