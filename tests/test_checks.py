from __future__ import annotations

import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from autodream.errors import CheckFailed
from autodream.memory.checks import CheckReport, check_staged, fix_overflow
from autodream.memory.model import INDEX_MAX_BYTES, INDEX_MAX_LINES, parse_index
from tests.memdirs import index, sample_memory, topic, write_tree

Edit = Callable[[Path], None]


def _append(rel: str, text: str) -> Edit:
    def edit(root: Path) -> None:
        with open(root / rel, "a", encoding="utf-8") as fh:
            fh.write(text)

    return edit


def _write(rel: str, text: str) -> Edit:
    return lambda root: write_tree(root, {rel: text}) and None


def _delete(rel: str) -> Edit:
    return lambda root: (root / rel).unlink()


def _run(tmp_path: Path, edit: Edit, allow_loss: bool = False) -> CheckReport:
    staged = sample_memory(tmp_path / "staged")
    prior = (staged / "MEMORY.md").read_text()
    edit(staged)
    return check_staged(staged, prior, allow_loss=allow_loss)


@pytest.mark.parametrize(
    ("edit", "check", "message"),
    [
        (_append("MEMORY.md", "just some prose\n"), "index-format", "not an entry"),
        (_append("MEMORY.md", "* [Star](role.md) — bullet\n"), "index-format", "not an entry"),
        (
            _append("MEMORY.md", "- [A](role.md) — x - [B](deploy.md) — y\n"),
            "index-format",
            "two entries",
        ),
        (_append("MEMORY.md", "- [Gone](missing.md) — nowhere\n"), "link", "missing.md"),
        (_append("MEMORY.md", "- [Out](../etc.md) — escape\n"), "link", "../etc.md"),
        (_append("MEMORY.md", "- [Web](https://x.io/a.md) — url\n"), "link", "https"),
        (_append("MEMORY.md", "- [Hidden](.autodream/DREAMS.md) — x\n"), "link", ".autodream"),
        (_write("stray.md", topic("Stray")), "orphan", "not linked"),
        (_write("sub/deep.md", topic("Deep")), "orphan", "not linked"),
        (_write("deploy.md", "no frontmatter\n"), "frontmatter", "no frontmatter"),
        (
            _write("deploy.md", "---\nname: D\ndescription: d\ntype: diary\n---\nx\n"),
            "frontmatter",
            "not one of",
        ),
        (_write("deploy.md", "---\nname: D\ntype: user\n---\nx\n"), "frontmatter", "description"),
        (
            _append("role.md", "token ghp_abcdefghijklmnopqrstuvwxyz0123456789\n"),
            "secret",
            "github-token",
        ),
        (_write("notes.txt", "password = hunter2hunter2\n"), "secret", "assigned-secret"),
        (_append("2026-07-19.md", "AKIAABCDEFGHIJKLMNOP\n"), "secret", "aws-access-key"),
    ],
)
def test_each_broken_invariant_fails_with_its_name(
    tmp_path: Path, edit: Edit, check: str, message: str
) -> None:
    report = _run(tmp_path, edit)
    assert [f.check for f in report.failures] == [check]
    assert message in report.failures[0].message or message in report.failures[0].path
    with pytest.raises(CheckFailed, match=f"^check failed: .*{message[:8]}"):
        report.raise_if_failed()


@pytest.mark.parametrize(
    "edit",
    [
        _append("MEMORY.md", "\n# Notes heading\n\n"),
        _write("2026-07-20.md", "today's log, unindexed and without frontmatter\n"),
        _write("notes.txt", "plain non-markdown file\n"),
        _write("MEMORY.md", index(("Feedback", [("Use pnpm", "./pnpm.md", "")]),
                                  ("User", [("Role", "role.md", "x")]),
                                  ("Project", [("Deploy", "deploy.md", "y"),
                                               ("CI", "sub/ci.md", "z")]))),
        _append("deploy.md", "password: [REDACTED:assigned-secret]\n"),
    ],
)
def test_valid_memory_passes(tmp_path: Path, edit: Edit) -> None:
    report = _run(tmp_path, edit)
    assert report.failures == []
    assert report.ok and report.summary() == "all checks passed"
    report.raise_if_failed()


def test_failures_are_all_kept_and_summarised_in_one_line(tmp_path: Path) -> None:
    def edit(root: Path) -> None:
        _append("MEMORY.md", "prose\n- [Gone](missing.md)\n")(root)
        _write("stray.md", "no frontmatter\n")(root)

    report = _run(tmp_path, edit)
    assert sorted(f.check for f in report.failures) == [
        "frontmatter", "index-format", "link", "orphan"
    ]
    summary = report.summary()
    assert "\n" not in summary and summary.endswith("(and 3 more)")
    assert report.as_dict()["ok"] is False


def _drop_entries(count: int) -> Edit:
    """Remove the last ``count`` entries of the index and their files."""

    def edit(root: Path) -> None:
        text = (root / "MEMORY.md").read_text()
        entries = parse_index(text, frozenset()).entries
        lines = text.splitlines()
        for entry in entries[len(entries) - count :]:
            lines.remove(entry.render())
            (root / entry.file).unlink()
        (root / "MEMORY.md").write_text("\n".join(lines) + "\n")

    return edit


@pytest.mark.parametrize(
    ("dropped", "allow_loss", "fails"),
    [(1, False, False), (2, False, True), (2, True, False), (4, False, True), (4, True, False)],
)
def test_loss_threshold_is_a_quarter_of_prior_entries(
    tmp_path: Path, dropped: int, allow_loss: bool, fails: bool
) -> None:
    report = _run(tmp_path, _drop_entries(dropped), allow_loss=allow_loss)
    assert report.prior_entries == 4
    assert len(report.lost_entries) == dropped
    assert [f.check for f in report.failures] == (["loss"] if fails else [])
    if fails:
        assert "--allow-loss" in report.summary()


@pytest.mark.parametrize("key", ["merged_from", "supersedes"])
def test_a_declared_merge_is_not_loss_but_a_silent_drop_is(tmp_path: Path, key: str) -> None:
    def edit(root: Path) -> None:
        before = {e.file for e in parse_index((root / "MEMORY.md").read_text(),
                                              frozenset()).entries}
        _drop_entries(2)(root)
        after = [e.file for e in parse_index((root / "MEMORY.md").read_text(), frozenset()).entries]
        declared = sorted(before - set(after))[0]  # declare one of the two; the other is silent
        text = (root / after[0]).read_text()
        (root / after[0]).write_text(text.replace("---\n", f"---\n{key}: [{declared}]\n", 1))

    report = _run(tmp_path, edit)
    assert len(report.merged_entries) == 1 and len(report.lost_entries) == 1
    assert report.failures == []  # 1 lost of 4 is within 25 %; the declared one is not loss
    assert report.as_dict()["merged_entries"] == report.merged_entries


def test_an_entry_survives_a_rename_or_a_new_title_on_the_same_file(tmp_path: Path) -> None:
    def edit(root: Path) -> None:
        shutil.move(root / "deploy.md", root / "deploys.md")
        shutil.move(root / "role.md", root / "user-role.md")
        text = (root / "MEMORY.md").read_text()
        text = text.replace("(deploy.md)", "(deploys.md)")  # same title, new file
        text = text.replace("[Use pnpm]", "[Package manager]")  # same file, new title
        text = text.replace("[Role](role.md)", "[Job](user-role.md)")  # both changed: lost
        (root / "MEMORY.md").write_text(text)

    report = _run(tmp_path, edit)
    assert report.lost_entries == ["Role"]
    assert report.failures == []  # 1 of 4 is not more than 25 %


def _big_index(root: Path, per_section: int, hook: str = "hook") -> None:
    sections: list[tuple[str | None, list[tuple[str, str, str]]]] = []
    files: dict[str, str | bytes] = {}
    for title, mtype in (("Reference", "reference"), ("Feedback", "feedback"),
                         ("Project", "project"), ("User", "user")):
        entries = []
        for i in range(per_section):
            name = f"{mtype}-{i:03d}.md"
            files[name] = topic(f"{mtype} {i}", mtype)  # type: ignore[arg-type]
            entries.append((f"{title} {i}", name, hook))
        sections.append((title, entries))
    files["MEMORY.md"] = index(*sections)
    write_tree(root, files)


def test_overflow_is_fixed_by_dropping_the_lowest_ranked_lines(tmp_path: Path) -> None:
    staged = tmp_path / "staged"
    _big_index(staged, 60)  # 4 x 60 entries + headings and blanks = 247 lines
    report = check_staged(staged, None)
    text = (staged / "MEMORY.md").read_text()
    lines = text.splitlines()
    assert report.ok, report.failures
    assert len(lines) == INDEX_MAX_LINES
    # reference ranks lowest: its section goes first, from the end, then its heading
    assert report.dropped_entries[0] == "- [Reference 59](reference-059.md) — hook"
    assert len(report.dropped_entries) == 47
    assert "- [Reference 12](reference-012.md) — hook" in lines
    assert "- [Reference 13](reference-013.md) — hook" not in lines
    assert all(line.startswith("- [Reference") for line in report.dropped_entries)
    assert "- [Feedback 59](feedback-059.md) — hook" in lines
    assert report.fixed and "dropped" in report.fixed[0]
    # dropped entries' files stay on disk and are not reported as orphans
    assert (staged / "reference-059.md").exists()


def test_overflow_by_bytes_drops_project_before_user_and_feedback(tmp_path: Path) -> None:
    staged = tmp_path / "staged"
    _big_index(staged, 40, hook="x" * 200)  # 160 entries of ~230 bytes, under 200 lines
    text = (staged / "MEMORY.md").read_text()
    text = text.replace("## Reference", "## Pointers")  # untyped heading: rank by frontmatter
    (staged / "MEMORY.md").write_text(text)
    assert len(text.encode()) > INDEX_MAX_BYTES
    report = check_staged(staged, None)
    fixed = (staged / "MEMORY.md").read_text()
    assert len(fixed.encode()) <= INDEX_MAX_BYTES
    dropped_kinds = {line.split("[")[1].split()[0] for line in report.dropped_entries}
    assert dropped_kinds == {"Reference", "Project"}  # all reference entries, then some project
    assert "## Pointers" not in fixed  # emptied section lost its heading
    assert "- [Project 39](project-039.md)" not in fixed
    assert "- [Project 0](project-000.md)" in fixed  # from the end of the section
    assert "- [User 39](user-039.md)" in fixed and "- [Feedback 39](feedback-039.md)" in fixed


def test_overflow_fix_is_deterministic(tmp_path: Path) -> None:
    results = []
    for name in ("one", "two"):
        staged = tmp_path / name
        _big_index(staged, 70)
        check_staged(staged, None)
        results.append((staged / "MEMORY.md").read_bytes())
    assert results[0] == results[1]


def test_loss_is_measured_before_the_overflow_fix(tmp_path: Path) -> None:
    staged = tmp_path / "staged"
    _big_index(staged, 60)
    prior = (staged / "MEMORY.md").read_text()
    report = check_staged(staged, prior)
    assert report.dropped_entries and report.lost_entries == []
    assert report.ok


_LINE = st.one_of(
    st.just(""),
    st.sampled_from(["## User", "## Feedback", "## Project", "## Reference", "## X", "# Memory"]),
    st.builds(
        lambda t, f, h: f"- [{t}]({f}.md) — {h}",
        st.text("abcxyz ", min_size=1, max_size=8).filter(str.strip),
        st.sampled_from(["a", "b", "c", "d"]),
        st.text("hook wrds", max_size=60),
    ),
)


@settings(max_examples=80, deadline=None)
@given(lines=st.lists(_LINE, max_size=60), max_lines=st.integers(1, 30),
       max_bytes=st.integers(40, 1500))
def test_property_overflow_fix_fits_keeps_order_and_is_deterministic(
    lines: list[str], max_lines: int, max_bytes: int
) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        write_tree(root, {"a.md": topic("A", "user"), "b.md": topic("B", "reference")})
        text = "\n".join(lines) + "\n" if lines else ""
        fixed, dropped = fix_overflow(text, root, max_lines, max_bytes, frozenset())
        again, _ = fix_overflow(text, root, max_lines, max_bytes, frozenset())
    assert fixed == again
    kept = fixed.splitlines()
    assert len(kept) <= max_lines and len(fixed.encode()) <= max_bytes
    it = iter(lines)
    assert all(line in it for line in kept)  # a subsequence: nothing rewritten or reordered
    if len(lines) <= max_lines and len(text.encode()) <= max_bytes:
        assert fixed == text and dropped == []


def test_an_index_with_a_byte_order_mark_left_as_it_was_passes(tmp_path: Path) -> None:
    staged = tmp_path / "staged"
    staged.mkdir()
    (staged / "tabs.md").write_text(
        "---\nname: Tabs\ndescription: tabs\ntype: feedback\n---\n\nUse tabs.\n")
    index = "- [Tabs](tabs.md) — use tabs\n"
    (staged / "MEMORY.md").write_bytes(b"\xef\xbb\xbf" + index.encode())
    report = check_staged(staged, index, existed=frozenset({"MEMORY.md", "tabs.md"}),
                          unchanged=frozenset({"MEMORY.md", "tabs.md"}))
    assert report.ok, report.failures
