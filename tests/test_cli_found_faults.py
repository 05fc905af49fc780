"""A memory dir with a file the dream did not write and cannot mend: the dream goes on, leaves
that file byte for byte, keeps its index line, and says so; it never fails every run after."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from autodream import errors
from autodream.cli import cli
from autodream.memory.checks import check_staged
from tests.test_cli_dream import clean_env, dream

UNCLOSED = b"---\nname: Deploy\ndescription: deploys\ntype: project\n\nWe deploy on Fridays.\n"
BINARY = b"abc\x00\x01\x02def\n"
FAULTS = {
    "unclosed frontmatter": (UNCLOSED, "frontmatter has no closing '---'"),
    "binary": (BINARY, "deploy.md"),
    "not UTF-8 without frontmatter": ("Déploiement le vendredi.\n".encode("cp1252"),
                                      "deploy.md"),
}


@pytest.mark.parametrize("fault", sorted(FAULTS))
def test_a_broken_topic_file_found_in_memory_is_left_as_it_is_and_dreams_go_on(
        sample: Path, fault: str) -> None:
    data, said = FAULTS[fault]
    memory = sample / "memory"
    (memory / "deploy.md").write_bytes(data)
    with (memory / "MEMORY.md").open("a", encoding="utf-8") as fh:
        fh.write("- [Deploy](deploy.md) — how we deploy\n")
    for _ in range(2):  # and the dream after it
        code, out, err = dream(sample)
        assert code == 0, out + err
    index = (memory / "MEMORY.md").read_text(encoding="utf-8")
    assert "](deploy.md)" in index
    if fault == "not UTF-8 without frontmatter":  # that one the engine can mend, in UTF-8
        assert "Déploiement le vendredi." in (memory / "deploy.md").read_text(encoding="utf-8")
    else:
        assert (memory / "deploy.md").read_bytes() == data
        assert "left as found" in err and said in err


def test_a_binary_file_never_gets_rewritten_or_unlinked(sample: Path) -> None:
    memory = sample / "memory"
    (memory / "deploy.md").write_bytes(BINARY)
    with (memory / "MEMORY.md").open("a", encoding="utf-8") as fh:
        fh.write("- [Deploy](deploy.md) — how we deploy\n")
    code, out, err = dream(sample)
    assert code == 0, out + err
    decisions = _decisions(sample)
    assert not any(d.get("file") == "deploy.md" and d["action"] in ("updated", "pruned")
                   for d in decisions)


def test_an_index_not_in_utf8_is_read_as_written_and_rewritten_in_utf8(
        sample: Path) -> None:
    memory = sample / "memory"
    with (memory / "MEMORY.md").open("ab") as fh:
        fh.write("Réunion d'équipe le lundi à 10h\n".encode("cp1252"))
    code, out, err = dream(sample)
    assert code == 0, out + err
    texts = "".join(p.read_text(encoding="utf-8") for p in memory.glob("*.md"))
    assert "Réunion d'équipe le lundi à 10h" in texts
    assert "\ufffd" not in texts


def test_a_byte_order_mark_does_not_turn_the_first_entry_into_a_note(
        sample: Path) -> None:
    memory = sample / "memory"
    index = memory / "MEMORY.md"
    first = index.read_text(encoding="utf-8").splitlines()[0]
    index.write_bytes(b"\xef\xbb\xbf" + index.read_bytes())
    code, out, err = dream(sample)
    assert code == 0, out + err
    created = [d for d in _decisions(sample) if d["action"] == "created"]
    assert not any("moved from MEMORY.md" in d["reason"] for d in created)
    assert first.split("](", 1)[0] in index.read_text(encoding="utf-8")
    assert not index.read_bytes().startswith(b"\xef\xbb\xbf")


def _decisions(project: Path) -> list[dict[str, str]]:
    shown = CliRunner().invoke(cli, ["show", "--json", "--project", str(project)],
                               env=clean_env())
    decisions: list[dict[str, str]] = json.loads(shown.stdout)["run"]["decisions"]
    return decisions


@pytest.mark.parametrize(
    ("unchanged", "prior_links", "failed"),
    [
        (True, False, []),  # found broken and unlinked, left so: reported only
        (False, False, ["frontmatter", "orphan"]),  # written broken by the dream
        (True, True, ["orphan"]),  # the dream took away its index line
    ],
)
def test_only_what_the_dream_did_fails_the_checks(
        tmp_path: Path, unchanged: bool, prior_links: bool, failed: list[str]) -> None:
    (tmp_path / "deploy.md").write_bytes(UNCLOSED)
    (tmp_path / "MEMORY.md").write_text("# Memory\n", encoding="utf-8")
    prior = "# Memory\n" + ("- [Deploy](deploy.md) — how we deploy\n" if prior_links else "")
    report = check_staged(
        tmp_path, prior, allow_loss=True, existed=frozenset({"deploy.md", "MEMORY.md"}),
        unchanged=frozenset({"deploy.md", "MEMORY.md"} if unchanged else {"MEMORY.md"}))
    assert sorted(f.check for f in report.failures) == failed
    found = {f.check for f in report.as_found}
    assert found == ({"frontmatter", "orphan"} - set(failed) if unchanged else set())


def test_a_symlinked_topic_file_keeps_its_index_line_and_is_never_written_through(
        sample: Path, tmp_path: Path) -> None:
    memory = sample / "memory"
    shared = tmp_path / "dotfiles" / "small_prs.md"
    shared.parent.mkdir()
    (memory / "small_prs.md").replace(shared)
    (memory / "small_prs.md").symlink_to(shared)
    before = shared.read_bytes()
    for _ in range(2):
        code, out, err = dream(sample)
        assert code == 0, out + err
    assert "](small_prs.md)" in (memory / "MEMORY.md").read_text(encoding="utf-8")
    assert (memory / "small_prs.md").is_symlink() and shared.read_bytes() == before
    assert any(d["file"] == "small_prs.md" and "symlink" in d["reason"]
               for d in _decisions(sample))


@pytest.mark.parametrize("linked", [True, False])
def test_a_named_pipe_in_memory_is_never_opened_and_keeps_its_index_line(
        sample: Path, linked: bool) -> None:
    memory = sample / "memory"
    os.mkfifo(memory / "pipe.md")  # opening it to read would block the dream for ever
    if linked:
        with (memory / "MEMORY.md").open("a", encoding="utf-8") as fh:
            fh.write("- [Pipe](pipe.md) — fed by a script\n")
    for _ in range(2):
        code, out, err = dream(sample)
        assert code == 0, out + err
    index = (memory / "MEMORY.md").read_text(encoding="utf-8")
    assert ("- [Pipe](pipe.md) — fed by a script" in index) is linked
    assert stat.S_ISFIFO(os.lstat(memory / "pipe.md").st_mode)
    reasons = [d["reason"] for d in _decisions(sample) if d["file"] == "pipe.md"]
    assert reasons and all("not a regular file" in r for r in reasons)
    assert not any("does not exist" in r for r in reasons)


def test_a_symlinked_index_is_a_one_line_error_and_nothing_changes(
        sample: Path, tmp_path: Path) -> None:
    memory = sample / "memory"
    shared = tmp_path / "MEMORY.md"
    (memory / "MEMORY.md").replace(shared)
    (memory / "MEMORY.md").symlink_to(shared)
    before = {p.name: p.read_bytes() for p in memory.glob("*.md")}
    code, _out, err = dream(sample)
    assert code == errors.BadInput.exit_code
    (line,) = err.strip().splitlines()
    assert "MEMORY.md is a symlink" in line and "memory_dir" in line
    assert {p.name: p.read_bytes() for p in memory.glob("*.md")} == before


@pytest.mark.parametrize(
    "line",
    ["* [Deploy](deploy.md): we deploy on Fridays only",
     "- [Deploy](deploy.md) we deploy on Fridays only",
     "+ [Deploy](deploy.md)—we deploy on Fridays only"],
)
def test_a_loosely_written_index_line_is_read_as_its_entry_hook_and_all(
        sample: Path, line: str) -> None:
    memory = sample / "memory"
    (memory / "deploy.md").write_text(
        "---\nname: Deploy\ndescription: deploys\ntype: project\n---\n\nWe deploy with make.\n",
        encoding="utf-8")
    with (memory / "MEMORY.md").open("a", encoding="utf-8") as fh:
        fh.write(line + "\n")
    code, out, err = dream(sample)
    assert code == 0, out + err
    index = (memory / "MEMORY.md").read_text(encoding="utf-8")
    (entry,) = [x for x in index.splitlines() if "](deploy.md)" in x]
    assert entry == "- [Deploy](deploy.md) — we deploy on Fridays only"


def test_a_symlinked_topic_file_in_a_subdirectory_keeps_its_index_line(
        sample: Path, tmp_path: Path) -> None:
    memory = sample / "memory"
    shared = tmp_path / "shared.md"
    shared.write_text("---\nname: Shared\ndescription: d\ntype: user\n---\nShared.\n")
    (memory / "team").mkdir()
    (memory / "team" / "shared.md").symlink_to(shared)
    with (memory / "MEMORY.md").open("a", encoding="utf-8") as fh:
        fh.write("- [Shared](team/shared.md) — shared team note\n")
    code, out, err = dream(sample)
    assert code == 0, out + err
    assert "](team/shared.md)" in (memory / "MEMORY.md").read_text(encoding="utf-8")


def test_a_file_a_memory_symlink_points_at_is_never_merged_away(
        sample: Path) -> None:
    # pr_review.md is a near-duplicate of small_prs.md that a dream merges into it and deletes
    memory = sample / "memory"
    (memory / "review_alias.md").symlink_to("pr_review.md")
    with (memory / "MEMORY.md").open("a", encoding="utf-8") as fh:
        fh.write("- [Review alias](review_alias.md) — the PR review note\n")
    before = (memory / "pr_review.md").read_bytes()
    code, out, err = dream(sample)
    assert code == 0, out + err
    assert (memory / "review_alias.md").exists()  # the link still leads somewhere
    assert (memory / "pr_review.md").read_bytes() == before
    index = (memory / "MEMORY.md").read_text(encoding="utf-8")
    assert "](review_alias.md)" in index and "](pr_review.md)" in index


def _autodream_a_file(project: Path) -> str:
    (project / "memory" / ".autodream").write_text("x\n")
    return ".autodream"


def _lock_a_directory(project: Path) -> str:
    (project / "memory" / ".consolidate-lock").mkdir()
    return ".consolidate-lock"


@pytest.mark.parametrize("command", [[], ["status"], ["status", "--json"]])
@pytest.mark.parametrize("break_it", [_autodream_a_file, _lock_a_directory])
def test_a_path_autodream_uses_that_is_the_wrong_kind_is_one_line_not_a_traceback(
        sample: Path, command: list[str], break_it: Any) -> None:
    # each was a Python traceback (NotADirectoryError, FileExistsError, IsADirectoryError)
    name = break_it(sample)
    args = [*command, "--project", str(sample)] if command else ["--force", "--project",
                                                                 str(sample)]
    result = CliRunner().invoke(cli, args, env=clean_env())
    assert result.exit_code == errors.EXIT_CODES["other error"] == 1
    assert isinstance(result.exception, SystemExit)  # a clean exit, not an escaped error
    assert "Traceback" not in result.output
    (line,) = result.stderr.splitlines()
    assert line.startswith("Error: cannot use ") and name in line
    if "--json" in command:
        assert json.loads(result.stdout)["exit_code"] == 1


def test_a_claude_config_dir_that_is_a_file_is_one_line(tmp_path: Path) -> None:
    config = tmp_path / "claude"
    config.write_text("not a dir\n")
    result = CliRunner().invoke(cli, ["status"], env=clean_env(CLAUDE_CONFIG_DIR=str(config)))
    assert result.exit_code == 1
    (line,) = result.stderr.splitlines()
    assert line.startswith("Error: cannot use ") and str(config) in line


def test_a_topic_file_in_latin_1_is_said_to_be_read_as_written_not_broken(
        sample: Path) -> None:
    # the notice said only 'is not valid UTF-8' and 'fix it by hand', where the README says
    # such a file is read as written and rewritten in UTF-8 when a dream changes it
    memory = sample / "memory"
    text = "---\nname: Déploiement\ndescription: quand on déploie\ntype: project\n---\n\n" \
           "On déploie le vendredi.\n"
    (memory / "deploy.md").write_bytes(text.encode("latin-1"))
    with (memory / "MEMORY.md").open("a", encoding="utf-8") as fh:
        fh.write("- [Deploy](deploy.md) — deploys\n")
    code, out, err = dream(sample)
    assert code == 0, out + err
    assert ("deploy.md: is not valid UTF-8 (read as Windows-1252; save it as UTF-8, or the next "
            "dream that changes it will)") in err


def test_a_topic_file_holding_nul_bytes_is_said_to_be_no_text_one_way(
        sample: Path) -> None:
    # the notice said 'user_dana.md: is not valid UTF-8 (read as Windows-1252; ...)' and the
    # run's why 'not a text file (it holds NUL bytes)', of the same file (ux_audit)
    memory = sample / "memory"
    (memory / "user_dana.md").write_bytes(b"---\nname: Dana\x00\xff\x00\n---\n\nbinary\x00\n")
    code, out, err = dream(sample)
    assert code == 0, out + err
    assert ("note: left as found (fix it by hand): user_dana.md: is not a text file (it holds "
            "NUL bytes)\n") in err, err
    assert "not valid UTF-8" not in out + err, out + err


def test_output_cut_short_by_its_reader_ends_quietly(tmp_path: Path) -> None:
    # "autodream show --all-decisions | head": the reader closing the pipe printed "Error:
    # Broken pipe", as if a path autodream uses were wrong
    env = clean_env(HOME=str(tmp_path), PYTHONPATH=str(Path(__file__).resolve().parents[1]))
    proc = subprocess.Popen([sys.executable, "-m", "autodream.cli", "status", "--project",
                             str(tmp_path)], env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # before the first line is written
    err = proc.stderr.read()
    # (exit 1, as click ends on it, read as a failure in `set -o pipefail` scripts)
    assert proc.wait(timeout=60) == 0
    assert err == b""
