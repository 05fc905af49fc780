"""A topic file merged into another by a dream: every line of it stays in the file it was merged
into (its statements, its Why and How, a line a person added, frontmatter keys a person added),
unless it says the same as a line there, and then ``show`` names which line it was folded into.
Run through the CLI on the stock sample and on memory dirs of each kind."""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from autodream.cli import cli
from tests.factories import REPO_ROOT

NOW = "2026-07-10T10:00:00+00:00"
_LABEL = re.compile(r"^\*\*(?:Why|How to apply):\*\*\s*")


def _project(tmp_path: Path, memory: dict[str, str] | None = None) -> Path:
    """A copy of the sample project; with ``memory``, its memory dir holds just those files and
    no session is there to read."""
    project = tmp_path / "sample_project"
    shutil.copytree(REPO_ROOT / "sample_project", project)
    if memory is not None:
        for folder in ("memory", "sessions"):
            for old in (project / folder).iterdir():
                if old.is_file():
                    old.unlink()
        for name, text in memory.items():
            (project / "memory" / name).write_text(text)
    return project


def _cli(project: Path, *args: str) -> str:
    env = {k: v for k, v in os.environ.items() if not k.startswith("AUTODREAM_")}
    result = CliRunner().invoke(cli, [*args, "--project", str(project)],
                                env={**env, "AUTODREAM_NOW": NOW, "AUTODREAM_NO_CACHE": "1"})
    assert result.exit_code == 0, result.output
    return result.output


def _body_lines(text: str) -> list[str]:
    """A topic file's body lines, their Why/How label taken off."""
    body = text.split("\n---\n", 1)[1]
    return [_LABEL.sub("", line).strip() for line in body.splitlines() if line.strip()]


def _holds(text: str, line: str) -> bool:
    """``line`` is in ``text``, but for the case of its first letter (a reason appended to
    another as a further sentence starts with a capital)."""
    return line[1:] in text and line[:1].casefold() in {
        c.casefold() for c in re.findall(rf"(.){re.escape(line[1:])}", text)}


def _topic(name: str, kind: str, body: str, extra: str = "") -> str:
    return f"---\nname: {name}\ndescription: {name}\ntype: {kind}\n{extra}---\n\n{body}"


def test_the_samples_merged_file_keeps_every_line_and_the_line_a_person_added(
        tmp_path: Path) -> None:
    # the repro: pr_review.md merged into small_prs.md kept only its first sentence; its Why,
    # its How and the line a person wrote under them were in no memory file after the dream
    project = _project(tmp_path)
    merged = project / "memory" / "pr_review.md"
    merged.write_text(merged.read_text() + "Hand: reviews happen on Thursdays.\n")
    said = _body_lines(merged.read_text())
    _cli(project, "--force")
    assert not merged.exists()
    survivor = (project / "memory" / "small_prs.md").read_text()
    assert "merged_from:\n- pr_review.md" in survivor
    assert [line for line in said if not _holds(survivor, line)] == []
    assert "**Why:** Dana reviews in the evenings; big PRs wait until the weekend. Long PRs sit " \
           "until the weekend." in survivor
    assert "Thursdays" in survivor


def test_a_line_the_same_in_both_files_is_kept_once_and_show_names_it(tmp_path: Path) -> None:
    rule = "The staging database runs Postgres 15."
    project = _project(tmp_path, {
        "MEMORY.md": "- [Staging database](staging_db.md) — staging uses Postgres 15\n"
                     "- [Staging DB](staging_db2.md) — the staging database is Postgres 15\n",
        "staging_db.md": _topic("Staging database", "project", f"{rule}\n\n**Why:** it matches "
                                "production.\n\n**How to apply:** test migrations on it.\n"),
        "staging_db2.md": _topic("Staging DB", "project", f"{rule}\nHand: it is reset on Mondays."
                                 "\n\n**Why:** it matches production.\n"),
    })
    _cli(project, "--force")
    survivor = (project / "memory" / "staging_db.md").read_text()
    assert not (project / "memory" / "staging_db2.md").exists()
    assert survivor.count(rule) == 1 and survivor.count("it matches production") == 1
    assert "Hand: it is reset on Mondays." in survivor
    shown = " ".join(_cli(project, "show").split())
    assert (f"folded {rule} (staging_db.md) of staging_db2.md, merged into staging_db.md: "
            f"folded into its '{rule}' (says the same)") in shown
    assert ("folded **Why:** it matches production. (staging_db.md) of staging_db2.md, merged "
            "into staging_db.md: folded into its 'it matches production.' (says the "
            "same)") in shown
    # a line said once is no memory removed: the diary and the summary do not say so
    diary = (project / "memory" / ".autodream" / "DREAMS.md").read_text()
    assert "- Removed “" not in diary and "pruned" not in diary
    assert "2 folded" in diary


def test_three_files_of_each_kind_merge_with_their_lines_and_keys(tmp_path: Path) -> None:
    # a project memory written three times (two frontmatter keys a person added) and a reference
    # and a user memory written twice: each merged file's lines and keys are in the one kept
    memory = {
        "MEMORY.md": "- [Staging database](staging_db.md) — staging uses Postgres 15\n"
                     "- [Staging DB](staging_db2.md) — the staging database is Postgres 15\n"
                     "- [Staging Postgres](staging_db3.md) — Postgres 15 on staging\n"
                     "- [Docs site](ref_docs.md) — docs live at docs.example.org\n"
                     "- [Docs](ref_docs2.md) — the docs are at docs.example.org\n"
                     "- [Dana](user_dana.md) — Dana is a data engineer\n"
                     "- [Who Dana is](user_dana2.md) — Dana is a data engineer\n",
        "staging_db.md": _topic("Staging database", "project", "The staging database runs "
                                "Postgres 15.\n\n**Why:** it matches production.\n"),
        "staging_db2.md": _topic("Staging DB", "project", "The staging database runs Postgres "
                                 "15.\n\n**How to apply:** never use SQLite for integration "
                                 "tests.\n", "owner: dana\n"),
        "staging_db3.md": _topic("Staging Postgres", "project", "Staging runs Postgres 15, the "
                                 "same major version as production.\n\n**Why:** upgrades are "
                                 "tested there first.\n", "ticket: OPS-12\n"),
        "ref_docs.md": _topic("Docs site", "reference",
                              "The project docs live at https://docs.example.org.\n"),
        "ref_docs2.md": _topic("Docs", "reference", "The project docs live at "
                               "https://docs.example.org.\nHand: the API reference is under /api."
                               "\n"),
        "user_dana.md": _topic("Dana", "user", "Dana is a data engineer at a logistics company.\n"),
        "user_dana2.md": _topic("Who Dana is", "user", "Dana is a data engineer at a logistics "
                                "company.\nHand: she is in Berlin, UTC+1.\n"),
    }
    project = _project(tmp_path, memory)
    _cli(project, "--force")
    folder = project / "memory"
    assert sorted(p.name for p in folder.glob("*.md")) == [
        "MEMORY.md", "ref_docs.md", "staging_db.md", "user_dana.md"]
    for merged, survivor in [("staging_db2.md", "staging_db.md"), ("staging_db3.md",
                              "staging_db.md"), ("ref_docs2.md", "ref_docs.md"),
                             ("user_dana2.md", "user_dana.md")]:
        kept = (folder / survivor).read_text()
        assert f"- {merged}" in kept
        assert [line for line in _body_lines(memory[merged]) if not _holds(kept, line)] == []
    staging = (folder / "staging_db.md").read_text()
    assert "owner: dana\n" in staging and "ticket: OPS-12\n" in staging
    assert "**Why:** it matches production. Upgrades are tested there first." in staging


def test_a_rewritten_file_keeps_the_blank_line_between_its_why_and_its_how(
        tmp_path: Path) -> None:
    # Claude Code's layout (rule, blank line, **Why:**, blank line, **How to apply:**) was
    # written back with the two run together when a dream rewrote the file: on a merge
    # (small_prs.md), a supersession (python_support.md) and a passed date (release_0_2.md)
    project = _project(tmp_path)
    _cli(project, "--force")
    for name in ("small_prs.md", "python_support.md", "release_0_2.md"):
        text = (project / "memory" / name).read_text()
        assert re.search(r"^\*\*Why:\*\* [^\n]+\n\n\*\*How to apply:\*\* ", text, re.M), name
    # a file the engine writes anew keeps the engine's own layout
    made = (project / "memory" / "feedback_dont-add-pandas.md").read_text()
    assert "2026-07-01.\n**How to apply:**" in made


def _staging(a_body: str, b_body: str, a_keys: str = "", b_keys: str = "") -> dict[str, str]:
    """Two project memories of the staging database, near-duplicates a dream merges (b.md into
    a.md), each with ``*_body`` after the statement they share."""
    rule = "The staging database runs Postgres 15.\n"
    return {
        "MEMORY.md": "- [Staging database](a.md) — staging uses Postgres 15\n"
                     "- [Staging DB](b.md) — the staging database is Postgres 15\n",
        "a.md": _topic("Staging database", "project", rule + a_body, a_keys),
        "b.md": _topic("Staging DB", "project", rule + b_body, b_keys),
    }


def _merged(tmp_path: Path, memory: dict[str, str]) -> str:
    project = _project(tmp_path, memory)
    _cli(project, "--force")
    assert not (project / "memory" / "b.md").exists()
    return (project / "memory" / "a.md").read_text()


@pytest.mark.parametrize(("a_line", "b_line"), [
    ("It is reset every 300 minutes.", "It is reset every 200 minutes."),
    ("**Why:** we never run migrations on production first.",
     "**Why:** we always run migrations on production first."),
    ("**How to apply:** do not reset it before a demo.",
     "**How to apply:** reset it before a demo."),
    ("**Why:** migrations take under 300 seconds there.",
     "**Why:** migrations take under 200 seconds there."),
    ("**How to apply:** ask Dana before resetting it.",
     "**How to apply:** ask Jonas before resetting it."),
])
def test_a_line_differing_in_a_number_a_negation_or_a_name_is_not_folded(
        tmp_path: Path, a_line: str, b_line: str) -> None:
    # each was folded into the other as 'says the same' (alike at 0.85, or the other holding
    # its words): 'every 200 minutes', 'always', 'reset it', 'ask Jonas' were in no file
    survivor = _merged(tmp_path, _staging(f"{a_line}\n", f"{b_line}\n"))
    said = [_LABEL.sub("", line) for line in (a_line, b_line)]
    for text in said:
        # ("reset it before a demo." is in "do not reset it before a demo." too: twice then)
        assert survivor.casefold().count(text.casefold()) >= sum(
            text.casefold() in other.casefold() for other in said), text


@pytest.mark.parametrize("engine_how", [
    "Apply this by default in this project without being reminded. Example (2026-07-01): don't "
    "introduce a Formatter class.",
    "Do not add a Formatter class unless the user explicitly asks for it.",
])
def test_the_engines_how_holding_the_persons_words_is_kept_beside_a_persons(
        tmp_path: Path, engine_how: str) -> None:
    # the engine's How gave way to b.md's whole: 'Formatter class' was in no memory file
    survivor = _merged(tmp_path, _staging(
        f"\n**How to apply:** {engine_how}\n",
        "\n**How to apply:** keep the stats code functional.\n"))
    assert "keep the stats code functional." in survivor
    assert engine_how in survivor


def test_the_engines_how_that_is_its_template_alone_gives_way_to_a_persons(
        tmp_path: Path) -> None:
    survivor = _merged(tmp_path, _staging(
        "\n**How to apply:** Apply this by default in this project without being reminded.\n",
        "\n**How to apply:** keep the stats code functional.\n"))
    assert "**How to apply:** keep the stats code functional.\n" in survivor
    assert "Apply this by default" not in survivor


@pytest.mark.parametrize(("a_why", "b_why", "joined"), [
    # the person's case kept; a stop after a code span or a bracket
    ("run `make db`", "npm ci is slow there", "run `make db`. npm ci is slow there"),
    ("it is like prod (see the wiki)", "iOS builds use it", "it is like prod (see the wiki). iOS "
     "builds use it"),
    ("Dana said so.", "pg_dump restores it nightly", "Dana said so. pg_dump restores it nightly"),
    # a plain word begins the sentence it is; a tool's name stays as written
    ("it matches production", "long PRs sit there", "it matches production. Long PRs sit there"),
    ("it matches production", "pnpm is faster there",
     "it matches production. pnpm is faster there"),
    ("it matches production", "http://wiki.example.org/staging says so",
     "it matches production. http://wiki.example.org/staging says so"),
    # a clause left open, a full-width or guillemet end: no stop put after it
    ("to reset it, run:", "use the bot", "to reset it, run: use the bot"),
    ("ask Dana;", "ask Jonas", "ask Dana; ask Jonas"),
    ("リセットは同じ。", "ask Dana", "リセットは同じ。 Ask Dana"),
    # one holding the other but turning or limiting it: both, never the one standing for the other
    ("never reset it.", "never reset it unless Dana agrees.",
     "never reset it. Never reset it unless Dana agrees."),
    ("never reset it unless Dana agrees.", "never reset it.",
     "never reset it unless Dana agrees. Never reset it."),
    ("ask Dana.", "ask Dana's manager.", "ask Dana. Ask Dana's manager."),
    ("it matches production.", "it matches production or the demo box.",
     "it matches production. It matches production or the demo box."),
    # one holding the other: the fuller alone
    ("it matches production", "it matches production, so tests there are real",
     "it matches production, so tests there are real\n"),
    ("it matches production, so tests there are real", "it matches production",
     "it matches production, so tests there are real\n"),
])
def test_a_why_appended_to_another_reads_as_the_person_wrote_it(
        tmp_path: Path, a_why: str, b_why: str, joined: str) -> None:
    survivor = _merged(tmp_path, _staging(f"\n**Why:** {a_why}\n", f"\n**Why:** {b_why}\n"))
    assert f"**Why:** {joined}" in survivor


@pytest.mark.parametrize(("b_how", "joined"), [
    # a command typed as the shell needs it stays so ('Git rebase onto main first.' read as no
    # command)
    ("git rebase onto main first", "git rebase onto main first."),
    ("docker compose up before tests", "docker compose up before tests."),
    ("kubectl apply the manifests by hand", "kubectl apply the manifests by hand."),
    ("ssh into the bastion first", "ssh into the bastion first."),
    ("npm ci in CI", "npm ci in CI."),
    # a plain word, and a command that is a word too, begins the sentence it is
    ("check the replica lag first", "Check the replica lag first."),
    ("make sure the seed ran", "Make sure the seed ran."),
    ("go through the checklist", "Go through the checklist."),
    ("gitlab runs it nightly", "Gitlab runs it nightly."),
])
def test_a_how_appended_to_another_keeps_a_command_as_typed(
        tmp_path: Path, b_how: str, joined: str) -> None:
    survivor = _merged(tmp_path, _staging("\n**How to apply:** test migrations on it.\n",
                                          f"\n**How to apply:** {b_how}.\n"))
    assert f"**How to apply:** test migrations on it. {joined}\n" in survivor


def test_a_duplicate_added_again_and_merged_again_leaves_the_reasons_as_they_were(
        tmp_path: Path) -> None:
    # the repro: each time a person put the merged file back and a dream merged it again, its
    # Why and How were appended once more ('Dana said so. Dana said so. Dana said so.')
    memory = _staging("\n**Why:** it matches production.\n\n**How to apply:** test migrations "
                      "on it.\n", "\n**Why:** Dana said so.\n\n**How to apply:** git rebase onto "
                      "main first.\n")
    project = _project(tmp_path, memory)
    index, merged = project / "memory" / "MEMORY.md", project / "memory" / "b.md"
    kept: list[str] = []
    for _ in range(3):
        _cli(project, "--force")
        assert not merged.exists()
        kept.append((project / "memory" / "a.md").read_text())
        merged.write_text(memory["b.md"])
        index.write_text(index.read_text() + memory["MEMORY.md"].splitlines(keepends=True)[1])
    assert "**Why:** it matches production. Dana said so.\n" in kept[0]
    assert "**How to apply:** test migrations on it. git rebase onto main first.\n" in kept[0]
    assert kept[1:] == [kept[0], kept[0]]


def test_a_file_whose_reasons_the_other_holds_whole_is_folded_into_them(tmp_path: Path) -> None:
    # (the other way round: a.md, put back first in the index, is kept and b.md, which holds
    # its Why among others, merged into it: 'Dana said so. It matches production. Dana said so.')
    survivor = _merged(tmp_path, _staging(
        "\n**Why:** Dana said so.\n",
        "\n**Why:** it matches production. Dana said so.\n"))
    assert "**Why:** it matches production. Dana said so.\n" in survivor


def test_frontmatter_lists_combine_and_the_merged_files_dates_stay_behind(
        tmp_path: Path) -> None:
    survivor = _merged(tmp_path, _staging(
        "", "", "tags: [db, staging]\n",
        "tags:\n  - ops\n  - db\ncreated: 2025-01-03\nupdated: 2025-02-01\ndate: 2025-02-02\n"))
    assert "tags:\n- db\n- staging\n- ops\n" in survivor
    assert "2025-0" not in survivor


def test_a_key_with_another_value_in_the_merged_file_is_said_removed(tmp_path: Path) -> None:
    # one value is in no memory file after the merge: the diary says so, not 'folded'
    project = _project(tmp_path, _staging("", "", "owner: dana\n", "owner: jonas\n"))
    _cli(project, "--force")
    assert "owner: dana" in (project / "memory" / "a.md").read_text()
    diary = (project / "memory" / ".autodream" / "DREAMS.md").read_text()
    assert "Removed “owner: jonas”" in diary
