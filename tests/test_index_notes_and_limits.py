"""MEMORY.md as people write it and as it outgrows its limits: a note written straight into the
index becomes an entry of its own, entries that do not fit are left out of the index (never
deleted), a second dream changes nothing, and the harness's checks count both."""

from __future__ import annotations

import os
import random
import re
from datetime import UTC, datetime
from pathlib import Path

import pytest
from click.testing import CliRunner

from autodream.cli import cli
from autodream.engine import EngineOptions, plan_dream
from autodream.engine.dream import DreamPlan
from autodream.memory.checks import check_staged
from autodream.memory.model import index_notes, parse_index, parse_topic, unlisted_count
from tests.engine_helpers import NOW, gather, human, topic
from tests.factories import TranscriptBuilder
from tests.memdirs import sample_memory, write_tree
from tests.memdirs import topic as memdir_topic

TESTING = topic("Testing", "Run tests with pytest -n auto.", type_="feedback",
                description="pytest with xdist")
TESTING_LINE = "- [Testing](testing.md) — pytest with xdist\n"


def _after(files: dict[str, str], plan: DreamPlan) -> dict[str, str]:
    """The memory dir's files once the plan is applied."""
    out = {**files, **plan.writes}
    for path in plan.deletes:
        out.pop(path)
    return out


def _moved(plan: DreamPlan) -> dict[str, str]:
    """file -> decision reason, for every note moved out of MEMORY.md."""
    return {d.file or "": d.reason for d in plan.decisions
            if d.action == "created" and "moved from MEMORY.md" in d.reason}


def _words(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize(
    ("index_text", "note", "mtype"),
    [
        ("# Memory for acme-api\n\nImportant: the prod database is read-only from laptops.\n\n"
         + TESTING_LINE, "Important: the prod database is read-only from laptops.", "project"),
        (TESTING_LINE + "- We use Poetry for packaging.\n", "We use Poetry for packaging.",
         "project"),
        ("- The staging URL is https://staging.acme.dev\n" + TESTING_LINE,
         "The staging URL is https://staging.acme.dev", "reference"),
        (TESTING_LINE + "- [Runbook](https://wiki.example.com/runbook) — how to deploy\n",
         "[Runbook](https://wiki.example.com/runbook) — how to deploy", "reference"),
        ("## Feedback\n" + TESTING_LINE + "Never force-push to main.\n",
         "Never force-push to main.", "feedback"),
        (TESTING_LINE + "\nConventions:\n- use black\n- sort imports with isort\n",
         "Conventions:\n- use black\n- sort imports with isort", "project"),
        ("## Notes\nDeploys happen Tuesdays and Thursdays\n  after the standup.\n\n" + TESTING_LINE,
         "Deploys happen Tuesdays and Thursdays\nafter the standup.", "project"),
        # (its title was '> Ask Dana ...', its index line '[> Ask Dana ...]')
        (TESTING_LINE + "\n> Ask Dana before changing the deploy scripts.\n",
         "Ask Dana before changing the deploy scripts.", "feedback"),
        # a '>' with no blank after it is a word of the note: more than 80%, not 80%
        (TESTING_LINE + ">80% test coverage is required on every PR.\n",
         ">80% test coverage is required on every PR.", "project"),
    ],
    ids=["prose", "bullet", "url", "web-link", "under-type-heading", "label-and-list",
         "wrapped", "blockquote", "greater-than"],
)
def test_a_note_written_in_memory_md_becomes_an_entry_of_its_own(
    index_text: str, note: str, mtype: str
) -> None:
    files = {"testing.md": TESTING}
    plan = plan_dream(files, index_text, [], now=NOW)
    (moved, reason), = _moved(plan).items()
    assert "(word for word)" in reason
    written = parse_topic(plan.writes[moved])
    assert written.type == mtype and moved.startswith(f"{mtype}_")
    assert written.body.startswith(note)  # the person's words, as written
    assert written.name.startswith(">") == note.startswith(">")  # a quote's '>' is no word
    linked = [e.file for e in parse_index(plan.index, frozenset()).entries]
    assert sorted(linked) == sorted([moved, "testing.md"])  # one line per entry, nothing else
    assert all(len(line) < 150 for line in plan.index.splitlines())
    assert "testing.md" not in plan.writes and plan.deletes == []

    after = _after(files, plan)
    again = plan_dream(after, plan.index, [], now=NOW)
    assert (again.writes, again.deletes, again.index) == ({}, [], plan.index)
    assert again.decisions == []
    same = plan_dream(files, index_text, [], now=NOW)
    assert (same.writes, same.index) == (plan.writes, plan.index)


def test_headings_blank_lines_entries_and_the_unlisted_line_are_no_notes() -> None:
    index_text = (
        "# Memory\n\n## User\n- [Role](user_role.md) — staff engineer\n\n## Feedback\n"
        + TESTING_LINE + "* [Testing again](testing.md) — a star bullet\n---\n\n"
        "3 more topic files in this folder are not listed here (the index is full); "
        "list the folder to find them.\n"
    )
    # (the '# Memory' on top is the index's title: it stays there, no memory made of it)
    assert [(n.lines, n.title) for n in index_notes(index_text)] == [(("# Memory",), True)]
    plan = plan_dream({"testing.md": TESTING}, index_text, [], now=NOW)
    assert _moved(plan) == {}
    assert plan.index.startswith("# Memory\n\n## Feedback\n")


@pytest.mark.parametrize("token", [
    "ghp_abcdefghijklmnopqrstuvwxyz0123456789",
    "[REDACTED:github-token]",  # as the tools read MEMORY.md
])
def test_a_note_holding_a_secret_stays_as_written_and_is_no_memory(token: str) -> None:
    # it was moved to a topic file of its own, redacted, as if a memory, and said to be
    # moved 'word for word'; the person never learnt their secret was in memory
    line = f"- The staging token is {token}"
    plan = plan_dream({"testing.md": TESTING}, TESTING_LINE + line + "\n", [], now=NOW)
    assert _moved(plan) == {} and plan.writes == {}
    assert line in plan.index.splitlines()
    (kept,) = [d for d in plan.decisions if d.action == "kept"]
    assert "holds a secret" in kept.reason and "remove the secret" in kept.reason
    assert plan.budget_held == []  # no later dream is to move it


def _word(rng: random.Random) -> str:
    return "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(rng.randint(5, 9)))


def _distinct_rules(count: int) -> list[str]:
    """Rules that share no subject, so no two are near-duplicates."""
    rng = random.Random(7)
    return [f"Use {_word(rng)} with {_word(rng)} when touching the {_word(rng)} {_word(rng)} "
            f"subsystem; rule {i}." for i in range(count)]


def test_many_notes_all_become_files_and_the_index_stays_within_its_limits() -> None:
    rules = _distinct_rules(230)
    index_text = "".join(f"- {r}\n" for r in rules)
    plan = plan_dream({}, index_text, [], now=NOW)
    assert len(_moved(plan)) == 230 and plan.deletes == []
    bodies = "\n".join(plan.writes.values())
    assert all(r in bodies for r in rules)  # every word the person wrote is somewhere
    lines = plan.index.splitlines()
    assert len(lines) <= 200 and len(plan.index.encode()) <= 25_000
    assert all(len(line) < 150 for line in lines)
    listed = len(parse_index(plan.index, frozenset()).entries)
    assert unlisted_count(lines[-1]) == 230 - listed > 0
    again = plan_dream(_after({}, plan), plan.index, [], now=NOW)
    assert (again.writes, again.deletes, again.index) == ({}, [], plan.index)


def _big_memory(count: int) -> tuple[dict[str, str], str]:
    """``count`` feedback entries, all listed in MEMORY.md: over 200 lines and 25 KB."""
    files: dict[str, str] = {}
    lines: list[str] = []
    for i, rule in enumerate(_distinct_rules(count)):
        name = f"t{i:03d}.md"
        files[name] = topic(f"Rule {i}", rule, type_="feedback", description=rule)
        lines.append(f"- [Rule {i}]({name}) — {rule}")
    return files, "\n".join(lines) + "\n"


@pytest.mark.parametrize("count", [260, 300])
def test_over_the_limits_entries_are_left_out_never_deleted_and_stay_out(count: int) -> None:
    files, index_text = _big_memory(count)
    plan = plan_dream(files, index_text, [], now=NOW)
    assert plan.deletes == [] and plan.writes == {}
    lines = plan.index.splitlines()
    assert len(lines) <= 200 and len(plan.index.encode()) <= 25_000
    listed = {e.file for e in parse_index(plan.index, frozenset()).entries}
    out = [d for d in plan.decisions if d.action == "unindexed"]
    assert len(out) == count - len(listed) == unlisted_count(lines[-1])
    assert all(d.file not in listed and d.reason.startswith(
        "not indexed: MEMORY.md is over its 200-line limit") and "file kept" in d.reason
        for d in out)
    assert not any(d.action == "kept" for d in plan.decisions)  # no loss to hold back

    # The next dream reads the left-out files as entries: nothing moves, nothing is re-added.
    again = plan_dream(files, plan.index, [], now=NOW)
    assert (again.writes, again.deletes, again.index) == ({}, [], plan.index)
    assert [(d.action, d.file) for d in again.decisions] == [("unindexed", None)]
    assert again.decisions[0].reason.startswith(f"{len(out)} topic files left out")

    # A new memory takes a line; the lowest-ranked listed entry makes room and stays a file.
    later = plan_dream(files, plan.index,
                       gather(human("Never log personal data.", day=10)).candidates, now=NOW)
    (new,) = later.writes
    assert new in later.index and later.deletes == []
    assert unlisted_count(later.index.splitlines()[-1]) == len(out) + 1


def test_a_bracket_in_a_title_still_reads_back_as_an_entry() -> None:
    files = {"project_wip.md": topic("[WIP] the v2 importer", "The v2 importer is unfinished.")}
    plan = plan_dream(files, None, [], now=NOW)
    assert [e.file for e in parse_index(plan.index, frozenset()).entries] == ["project_wip.md"]
    again = plan_dream(files, plan.index, [], now=NOW)
    assert (again.writes, again.index, _moved(again)) == ({}, plan.index, {})


# -- the harness's checks ------------------------------------------------------------------

NOTES = ("Important: the prod database is read-only from laptops.\n"
         "- We use Poetry for packaging.\n- The staging URL is https://staging.acme.dev\n"
         "Deploys happen Tuesdays and Thursdays.\n")


def _staged_with_notes(tmp_path: Path, keep: str) -> tuple[Path, str]:
    """A staged memory whose prior index held four notes; ``keep`` says what the backend did
    with them: moved them into topic files, moved them reworded, or dropped them."""
    staged = sample_memory(tmp_path / "staged")
    index_text = (staged / "MEMORY.md").read_text()
    prior = index_text + "\n" + NOTES
    if keep == "moved":
        plan = plan_dream({}, prior, [], now=NOW)
        write_tree(staged, {p: t for p, t in plan.writes.items()})
        index_text += "".join(f"- [{parse_topic(t).name}]({p}) — x\n"
                              for p, t in sorted(plan.writes.items()))
    elif keep == "reworded":  # a lead-in dropped, a bullet made a sentence
        write_tree(staged, {"project_notes.md": memdir_topic(
            "Notes", "project", "The prod database is read-only from laptops. We use Poetry for "
            "packaging. Staging: https://staging.acme.dev. Deploys happen Tuesdays and "
            "Thursdays.")})
        index_text += "- [Notes](project_notes.md) — x\n"
    (staged / "MEMORY.md").write_text(index_text)
    return staged, prior


@pytest.mark.parametrize(
    ("keep", "allow_loss", "lost", "fails"),
    [("moved", False, 0, False), ("reworded", False, 0, False), ("dropped", False, 4, True),
     ("dropped", True, 4, False)],
)
def test_the_loss_check_counts_notes_written_in_memory_md(
    tmp_path: Path, keep: str, allow_loss: bool, lost: int, fails: bool
) -> None:
    staged, prior = _staged_with_notes(tmp_path, keep)
    report = check_staged(staged, prior, allow_loss=allow_loss)
    assert (report.prior_entries, report.prior_notes) == (4, 4)
    assert len(report.lost_notes) == lost and report.lost_entries == []
    assert [f.check for f in report.failures] == (["loss"] if fails else [])
    if fails:
        assert "4 of 8 prior entries and notes lost" in report.summary()
        assert "We use Poetry for packaging." in report.lost_notes
    assert report.as_dict()["lost_notes"] == report.lost_notes


@pytest.mark.parametrize("title", ["# Project memory", "# acme-api memories"])
def test_the_loss_check_reads_a_title_named_for_the_project_as_the_dream_does(
    tmp_path: Path, title: str,
) -> None:
    # a title the person gave MEMORY.md, dropped by the dream, is a note of theirs lost; one
    # naming the project's folder was not counted (the check read it without the project)
    staged = sample_memory(tmp_path / "staged")
    kept = "Ask Dana before touching billing.\n\n" + (staged / "MEMORY.md").read_text()
    (staged / "MEMORY.md").write_text(kept)
    report = check_staged(staged, f"{title}\n{kept}", allow_loss=True, project="acme-api")
    assert report.prior_notes == 2 and report.lost_notes == [title], report.as_dict()


def _full_index(tmp_path: Path, unlisted_line: str | None) -> tuple[Path, str]:
    """The sample memory plus two topic files the index leaves out."""
    staged = sample_memory(tmp_path / "staged")
    prior = (staged / "MEMORY.md").read_text()
    write_tree(staged, {"extra_1.md": memdir_topic("Extra 1"), "extra_2.md": memdir_topic("E2")})
    if unlisted_line is not None:
        (staged / "MEMORY.md").write_text(prior + "\n" + unlisted_line + "\n")
    return staged, prior


@pytest.mark.parametrize(
    ("line", "orphans", "fixed"),
    [
        (None, 2, False),
        ("2 more topic files in this folder are not listed here (the index is full); list the "
         "folder to find them.", 0, False),
        ("5 more topic files in this folder are not listed here", 0, True),
    ],
    ids=["no-line", "right-count", "wrong-count"],
)
def test_files_the_index_says_it_leaves_out_are_no_orphans(
    tmp_path: Path, line: str | None, orphans: int, fixed: bool
) -> None:
    staged, prior = _full_index(tmp_path, line)
    report = check_staged(staged, prior)
    assert [f.check for f in report.failures] == ["orphan"] * orphans
    assert bool(report.fixed) == fixed
    if line is not None:
        assert (staged / "MEMORY.md").read_text().splitlines()[-1].startswith(
            "2 more topic files in this folder are not listed here")


def test_a_stale_unlisted_line_is_taken_out_when_every_file_is_linked(tmp_path: Path) -> None:
    staged = sample_memory(tmp_path / "staged")
    index_text = (staged / "MEMORY.md").read_text()
    (staged / "MEMORY.md").write_text(
        index_text + "\n3 more topic files in this folder are not listed here\n")
    report = check_staged(staged, index_text)
    assert report.ok and report.fixed
    assert (staged / "MEMORY.md").read_text() == index_text


def test_a_left_out_file_is_no_loss_but_a_deleted_one_still_is(tmp_path: Path) -> None:
    staged = sample_memory(tmp_path / "staged")
    prior = (staged / "MEMORY.md").read_text()
    kept = [line for line in prior.splitlines() if "role.md" not in line and "pnpm.md" not in line]
    full = ("\n".join(kept) + "\n\n2 more topic files in this folder are not listed here (the "
            "index is full); list the folder to find them.\n")
    (staged / "MEMORY.md").write_text(full)
    report = check_staged(staged, prior)
    assert report.ok and report.lost_entries == []  # both files are still there, unlisted

    (staged / "role.md").unlink()
    (staged / "pnpm.md").unlink()
    report = check_staged(staged, prior)
    assert sorted(report.lost_entries) == ["Role", "Use pnpm"]
    assert [f.check for f in report.failures] == ["loss"]


# -- end to end through the CLI -------------------------------------------------------------


def _project_with_memory(tmp_path: Path, memory: dict[str, str], root: str = "project") -> Path:
    """A local-engine project with ``memory`` and one session saying one rule; ``root``, the
    project folder's name."""
    project = tmp_path / "proj"
    write_tree(project / "memory", memory)
    write_tree(project, {
        f"{root}/README.md": "# demo\nA tiny tool.\n",
        "autodream.toml": f'project_root = "{root}"\nsessions_dir = "sessions"\n'
                          'memory_dir = "memory"\nbackend = "local"\n',
    })
    TranscriptBuilder(start=datetime(2026, 4, 1, 10, tzinfo=UTC)).user(
        "Never log personal data.").assistant("OK.").write(project / "sessions")
    return project


def _dream(project: Path, now: str) -> tuple[str, str]:
    """``autodream --force`` on ``project`` at ``now``: (stdout, stderr); it must succeed."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("AUTODREAM_", "ANTHROPIC_"))}
    result = CliRunner().invoke(cli, ["--force", "--project", str(project)],
                                env={**env, "AUTODREAM_NOW": now})
    assert result.exit_code == 0, result.output
    return result.stdout, result.stderr


def test_a_memory_md_of_250_hand_written_notes_is_dreamed_within_the_file_budget(
    tmp_path: Path,
) -> None:
    rules = _distinct_rules(250)
    project = _project_with_memory(tmp_path, {"MEMORY.md": "".join(f"- {r}\n" for r in rules)})
    out, err = _dream(project, "2026-04-05T12:00:00Z")  # was: files-touched budget exhausted
    assert out.startswith("committed:")
    assert "max_files_touched left 5" in err and "notes written in MEMORY.md there" in err
    texts = [p.read_text() for p in (project / "memory").glob("*.md")]
    assert any("Never log personal data" in t for t in texts)  # said in the session: saved
    assert all(any(r in t for t in texts) for r in rules)
    _dream(project, "2026-04-06T12:00:00Z")
    index = (project / "memory" / "MEMORY.md").read_text()
    assert index_notes(index) == []
    topics = [p.read_text() for p in (project / "memory").glob("*_*.md")]
    assert all(any(r in t for t in topics) for r in rules)


@pytest.mark.parametrize(("count", "heading"), [(300, ""), (420, "## Feedback\n")])
def test_a_memory_md_of_hundreds_of_notes_loses_none_and_the_next_dream_files_the_rest(
    tmp_path: Path, count: int, heading: str,
) -> None:
    # 'files-touched budget exhausted': past some 300 notes they were all moved, as many as
    # MEMORY.md could not hold back; and 400 wait for 200 files and a 200-line MEMORY.md.
    rules = _distinct_rules(count)
    index_text = heading + "".join(f"- {r}\n" for r in rules)
    project = _project_with_memory(tmp_path, {"MEMORY.md": index_text})
    memory = project / "memory"
    out, err = _dream(project, "2026-04-05T12:00:00Z")
    assert out.startswith("committed:")
    texts = "\n".join(p.read_text() for p in memory.glob("*.md"))
    assert all(r in texts for r in rules)  # none lost: in a topic file, or waiting
    index = (memory / "MEMORY.md").read_text()
    waiting = index_notes(index)
    files = [p for p in memory.glob("*_*.md") if p.name != "notes_waiting.md"]
    assert len(files) + 1 + (count > 400) <= 201  # the file budget (MEMORY.md is one)
    if count > 400:  # no room for all in MEMORY.md: the rest wait in a file of their own
        waits = (memory / "notes_waiting.md").read_text()
        assert parse_topic(waits).type == "project"
        assert len(waiting) + len(index_notes(parse_topic(waits).body)) == count - len(files) + 1
        assert (f"{len(waiting)} there as written, {count + 1 - len(files) - len(waiting)} in "
                "notes_waiting.md word for word") in err
        assert unlisted_count(index.splitlines()[-1]) == len(files) + 1
    else:
        assert not (memory / "notes_waiting.md").exists()
    assert f"{count + 1 - len(files)} notes written in MEMORY.md wait for a later dream" in out
    diary = (memory / ".autodream" / "DREAMS.md").read_text()
    assert "notes written in MEMORY.md wait for a later dream" in diary
    headings = re.findall(r"^#+ .*$", index, re.M)
    assert len(headings) == len(set(headings))

    _dream(project, "2026-04-06T12:00:00Z")  # the next dream files the rest
    assert index_notes((memory / "MEMORY.md").read_text()) == []
    assert not (memory / "notes_waiting.md").exists()
    topics = {p.name: p.read_text() for p in memory.glob("*_*.md")}
    assert all(sum(r in t for t in topics.values()) == 1 for r in rules)  # each in one file
    if heading:
        assert all(name.startswith("feedback_") for name in topics)
    third, _ = _dream(project, "2026-04-07T12:00:00Z")
    assert third.startswith("no-change:")


@pytest.mark.parametrize("theirs", [None, "---\nname: [broken\ntype: project\n---\n\nMine.\n"])
def test_notes_wait_in_notes_waiting_md_only_when_that_file_is_the_engines(
    theirs: str | None,
) -> None:
    rules = _distinct_rules(40)
    files = {} if theirs is None else {"notes_waiting.md": theirs}
    options = EngineOptions(max_files_touched=5, index_max_lines=20, index_max_bytes=2_500)
    plan = plan_dream(files, "".join(f"- {r}\n" for r in rules), [], now=NOW, options=options)
    if theirs is None:
        waiting = index_notes(parse_topic(plan.writes["notes_waiting.md"]).body)
        moved = len(plan.writes) - 1
        assert [n.text for n in [*index_notes(plan.index), *waiting]] == rules[moved:]
        assert moved + 2 == 5 and len(waiting) > 10
    else:  # never written over (the notes wait only where MEMORY.md has room, as before)
        assert "notes_waiting.md" not in plan.writes and plan.deletes == []


def test_a_note_holding_a_secret_stays_as_written_when_the_file_budget_holds_notes_back(
    tmp_path: Path,
) -> None:
    # The tools redact MEMORY.md as they read it: the note was moved redacted, as a memory
    token = "ghp_" + "a1B2" * 9
    notes = ["Deploys need a green build and a second reviewer.",
             f"The CI deploy token is {token} for the release job.",
             "Releases are cut from the main branch on Thursdays."]
    project = _project_with_memory(tmp_path, {"MEMORY.md": "".join(f"- {n}\n" for n in notes)})
    with (project / "autodream.toml").open("a", encoding="utf-8") as config:
        config.write("max_files_touched = 2\n")
    out, err = _dream(project, "2026-04-05T12:00:00Z")
    assert out.startswith("committed:") and "max_files_touched left 1 note " in err
    memory = {p.name: p.read_text() for p in (project / "memory").glob("*.md")}
    index = memory.pop("MEMORY.md")
    assert [n.text for n in index_notes(index)] == notes[1:]
    at = index.splitlines().index(f"- {notes[1]}") + 1
    assert f"left as found (fix it by hand): MEMORY.md: line {at}: contains a secret" in err
    assert not any("token" in text.lower() for text in memory.values())


def test_a_dream_on_300_entries_leaves_100_out_of_the_index_and_deletes_none(
    tmp_path: Path,
) -> None:
    files, index_text = _big_memory(300)
    project = _project_with_memory(tmp_path, {**files, "MEMORY.md": index_text})
    first, _ = _dream(project, "2026-04-05T12:00:00Z")  # no --allow-loss needed
    assert first.startswith("committed:")
    memory = {p.name: p.read_text() for p in (project / "memory").glob("*.md")}
    assert set(files) < set(memory)  # every topic file is still there, plus the new one
    index = memory["MEMORY.md"]
    assert index.count("\n") <= 200 and len(index.encode()) <= 25_000
    listed = {e.file for e in parse_index(index, frozenset()).entries}
    assert unlisted_count(index.splitlines()[-1]) == len(memory) - 1 - len(listed) > 90

    second, _ = _dream(project, "2026-04-06T12:00:00Z")
    assert second.startswith("no-change:")
    assert (project / "memory" / "MEMORY.md").read_text() == index
    assert {p.name for p in (project / "memory").glob("*.md")} == set(memory)


@pytest.mark.parametrize("count, name", [(600, "t{i:03d}.md"),
                                          (450, "feedback_use-the-rule-numbered-{i:03d}.md")],
                         ids=["over-500-results", "over-the-output-cap"])
def test_a_memory_of_more_files_than_one_glob_lists_is_read_whole(
    tmp_path: Path, count: int, name: str,
) -> None:
    # One glob lists at most 500 paths and 16,000 bytes: the local engine took the files past
    # them for missing ('MEMORY.md linked a file that does not exist') and dropped their lines.
    files, index_text = _big_memory(count)
    renamed = {f"t{i:03d}.md": name.format(i=i) for i in range(count)}
    files = {renamed[f]: text for f, text in files.items()}
    for old, new in renamed.items():
        index_text = index_text.replace(f"]({old})", f"]({new})")
    project = _project_with_memory(tmp_path, {**files, "MEMORY.md": index_text})
    out, _ = _dream(project, "2026-04-05T12:00:00Z")
    assert out.startswith("committed:") and "pruned" not in out
    memory = project / "memory"
    assert set(files) < {p.name for p in memory.glob("*.md")}
    index = (memory / "MEMORY.md").read_text()
    listed = {e.file for e in parse_index(index, frozenset()).entries}
    assert unlisted_count(index.splitlines()[-1]) == count + 1 - len(listed)
    second, _ = _dream(project, "2026-04-06T12:00:00Z")
    assert second.startswith("no-change:")


def test_engine_options_limits_are_respected_for_notes_too() -> None:
    plan = plan_dream({}, "".join(f"- {r}\n" for r in _distinct_rules(40)), [], now=NOW,
                      options=EngineOptions(index_max_lines=20, index_max_bytes=2_000))
    assert plan.index.count("\n") <= 20 and len(plan.index.encode()) <= 2_000
    assert len(plan.writes) == 40 and plan.deletes == []


def test_a_memory_just_asked_for_is_listed_even_when_older_rules_fill_the_index() -> None:
    files, index_text = _big_memory(300)  # feedback rules: a type that ranks above a project's
    plan = plan_dream(files, index_text, gather(human(
        "Remember that the billing cron runs at 03:00 UTC.", day=10)).candidates, now=NOW)
    (new,) = plan.writes
    assert new.startswith("project_")
    assert new in {e.file for e in parse_index(plan.index, frozenset()).entries}
    assert "[The billing cron runs at 03:00 UTC]" in plan.index


_BUDGET_FILES = {"project_tool.md": topic("Tool", "Our CI runs on Jenkins.")}
_BUDGET_INDEX = ("- [Tool](project_tool.md) — tool\n"
                 "Deploys need a green build and a second reviewer.\n")  # a note written by hand
_BUDGET_SAID = ("Never push directly to the main branch.",
                "We moved CI from Jenkins to GitHub Actions.",
                "Remember that the staging database is on db1.")


def test_a_file_budget_leaves_a_note_in_memory_md_before_it_leaves_out_a_new_memory() -> None:
    # The note stays where the agent reads it, word for word, for a later dream to move; every
    # memory said in the sessions is saved. (It used to be moved and a new memory left out.)
    plan = plan_dream(_BUDGET_FILES, _BUDGET_INDEX, gather(*map(human, _BUDGET_SAID)).candidates,
                      now=NOW, options=EngineOptions(max_files_touched=4))
    assert len(plan.writes) + len(plan.deletes) + 1 <= 4
    assert "Deploys need a green build" not in "".join(plan.writes.values())
    assert "\nDeploys need a green build and a second reviewer.\n" in f"\n{plan.index}"
    assert any("GitHub Actions" in t for t in plan.writes.values())
    assert any("Never push directly" in t for t in plan.writes.values())
    assert [d.action for d in plan.decisions if d.action == "dropped"] == []
    (held,) = [d for d in plan.decisions if "left in MEMORY.md" in d.reason]
    assert held.action == "kept" and "max_files_touched" in held.reason
    assert held.subject == "Deploys need a green build and a second reviewer."


def test_a_file_budget_leaves_out_new_memories_never_an_existing_entry() -> None:
    plan = plan_dream(_BUDGET_FILES, _BUDGET_INDEX, gather(*map(human, _BUDGET_SAID)).candidates,
                      now=NOW, options=EngineOptions(max_files_touched=3))
    # MEMORY.md and the switched entry: one left for a new memory, the note waits
    assert len(plan.writes) + len(plan.deletes) + 1 <= 3
    assert any("GitHub Actions" in t for t in plan.writes.values())
    assert "Deploys need a green build and a second reviewer." in plan.index
    dropped = [d for d in plan.decisions if d.action == "dropped"]
    assert [d.subject for d in dropped] == ["Never push directly to the main branch."]
    assert "max_files_touched" in dropped[0].reason


@pytest.mark.parametrize("heading", ["", "# Notes\n\n", "## Feedback\n"])
def test_notes_past_the_file_budget_wait_in_memory_md_and_the_next_dream_moves_them(
    heading: str,
) -> None:
    rules = _distinct_rules(250)
    index_text = heading + "".join(f"- {r}\n" for r in rules)
    options = EngineOptions(max_files_touched=200)
    plan = plan_dream({}, index_text, [], now=NOW, options=options)
    assert len(plan.writes) + len(plan.deletes) + 1 <= 200
    moved = "\n".join(plan.writes.values())
    # every note is in a file of its own or, word for word, still in MEMORY.md; the last wait
    waiting = [r for r in rules if f"- {r}\n" in plan.index]
    assert waiting == rules[len(rules) - len(waiting):] and 50 <= len(waiting) < 60
    assert all(r in moved for r in rules if r not in waiting)
    assert all(r not in moved for r in waiting)
    assert len(plan.index.splitlines()) <= 200 and len(plan.index.encode()) <= 25_000
    # ... under the heading they were under: the next dream reads them as the same notes
    assert [n.section for n in index_notes(plan.index)] == [
        n.section for n in index_notes(index_text)][len(rules) - len(waiting):]
    # once: under '## Feedback' they went first, and the moved ones under a second one
    headings = re.findall(r"^#+ .*$", plan.index, re.M)
    assert len(headings) == len(set(headings))
    assert sum("left in MEMORY.md" in d.reason for d in plan.decisions) == len(waiting)
    files = _after({}, plan)
    again = plan_dream(files, plan.index, [], now=NOW, options=options)
    assert index_notes(again.index) == []
    assert all(r in "\n".join(_after(files, again).values()) for r in rules)
    if heading.startswith("## Feedback"):
        assert all(f.startswith("feedback_") for f in _after(files, again))


def test_the_checks_accept_a_note_kept_in_memory_md_word_for_word(tmp_path: Path) -> None:
    staged = sample_memory(tmp_path / "staged")
    prior = (staged / "MEMORY.md").read_text() + "- Deploys need a green build.\n"
    (staged / "MEMORY.md").write_text(
        "- Deploys need a green build.\n\n" + (staged / "MEMORY.md").read_text())
    assert check_staged(staged, prior).failures == []
    (staged / "MEMORY.md").write_text(
        "- Deploys need two green builds.\n\n" + (staged / "MEMORY.md").read_text())
    assert [f.check for f in check_staged(staged, prior).failures] == ["index-format"]


_LONG = "Ruff format keeps reflowing the aligned tables in our tests, so we went back to black"


@pytest.mark.parametrize(("hook", "listed"), [
    # the description cut to fit (a write limit since lifted): whole again
    ("Ruff format keeps reflowing the aligned…", _LONG),
    ("Ruff format keeps reflowing the   aligned tables…", _LONG),
    # words of the person's own, cut: only they had the rest, kept as they are
    ("Dana, data engineer; maintains csvstat in…", "Dana, data engineer; maintains csvstat in…"),
    ("Ruff format keeps reflowing things…", "Ruff format keeps reflowing things…"),
    # the person's own words, whole
    ("formatter history", "formatter history"),
])
def test_a_hook_cut_from_the_description_is_whole_again_when_the_index_has_room(
    hook: str, listed: str,
) -> None:
    files = {"formatter.md": topic("Formatter", "We use black.", description=_LONG)}
    plan = plan_dream(files, f"- [Formatter](formatter.md) — {hook}\n", [], now=NOW)
    assert f"- [Formatter](formatter.md) — {listed}\n" in plan.index


SK_ANT = "sk-ant-" + "api03-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789abcdefghij"
# a topic file the dream rewrites (it dates 'tomorrow'), with a line the person added by hand
RELEASE = topic("0.2 release", "As of 2026-04-01: the 0.2 release goes out tomorrow.",
                description="when 0.2 ships")
RELEASE_LINE = "- [0.2 release](release.md) — when 0.2 ships\n"


@pytest.mark.parametrize(
    ("memory", "where", "line"),
    [
        ({"MEMORY.md": f"{TESTING_LINE}- note: deploy key is {SK_ANT}, always use it\n",
          "testing.md": TESTING}, "MEMORY.md", f"- note: deploy key is {SK_ANT}, always use it"),
        ({"MEMORY.md": TESTING_LINE + RELEASE_LINE, "testing.md": TESTING,
          "release.md": f"{RELEASE}\nThe deploy key is {SK_ANT}.\n"}, "release.md",
         f"The deploy key is {SK_ANT}."),
    ],
)
def test_a_secret_written_in_memory_by_hand_stays_on_its_line_and_the_person_is_told(
    tmp_path: Path, memory: dict[str, str], where: str, line: str,
) -> None:
    # the note in MEMORY.md was made a memory of its own, 'Deploy key is
    # [REDACTED:anthropic-key], always use it', said to be moved 'word for word'; the topic
    # file was rewritten with the secret redacted; neither told the person
    project = _project_with_memory(tmp_path, memory)
    out, err = _dream(project, "2026-04-05T12:00:00Z")
    assert out.startswith("committed:")
    files = {p.name: p.read_text() for p in (project / "memory").glob("*.md")}
    assert [name for name, text in files.items() if SK_ANT in text] == [where]
    assert not any("REDACTED" in name + text or "deploy key" in text.lower()
                   for name, text in files.items() if name != where)
    at = files[where].splitlines().index(line) + 1
    notice = f"{where}: line {at}: contains a secret (anthropic-key)"
    # fixed by hand, the copies in the journal would stay: the person is told what removes both
    scrub = "; `autodream scrub` takes it out of memory and the journal's copies"
    assert f"left as found (fix it by hand): {notice}{scrub}" in err
    env = {k: v for k, v in os.environ.items() if not k.startswith(("AUTODREAM_", "ANTHROPIC_"))}
    shown = CliRunner().invoke(cli, ["show", "--project", str(project)], env=env)
    assert f"{notice} (left as found: fix it by hand){scrub}" in shown.stdout


def test_a_topic_file_holding_an_older_dreams_redaction_mark_is_left_and_the_person_is_told(
    tmp_path: Path,
) -> None:
    # an older dream made 'Deploy key is [REDACTED:anthropic-key], ...' a memory; it is read
    # as holding a secret and never updated again, which the person was not told
    marked = topic("Deploy key", "Deploy key is [REDACTED:anthropic-key], always use it.",
                   type_="feedback", description="deploy key")
    project = _project_with_memory(tmp_path, {
        "MEMORY.md": TESTING_LINE + "- [Deploy key](deploy.md) — deploy key\n",
        "testing.md": TESTING, "deploy.md": marked})
    out, err = _dream(project, "2026-04-05T12:00:00Z")
    assert out.startswith(("committed:", "no-change:"))
    assert (project / "memory" / "deploy.md").read_text() == marked
    at = marked.splitlines().index("Deploy key is [REDACTED:anthropic-key], always use it.") + 1
    assert (f"left as found (fix it by hand): deploy.md: line {at}: holds the mark of a secret "
            "redacted by an earlier dream") in err
    assert "autodream scrub" not in err  # a mark holds no value to scrub


def test_a_frontmatter_block_on_top_of_memory_md_stays_there_and_is_no_memory(
    tmp_path: Path,
) -> None:
    # 'name: x' became a memory of its own, 'feedback_name-x.md', titled 'Name: x'
    head = "---\nname: Project memory\ndescription: what the agent keeps\n---\n"
    project = _project_with_memory(tmp_path, {"MEMORY.md": head + TESTING_LINE,
                                              "testing.md": TESTING})
    out, _ = _dream(project, "2026-04-05T12:00:00Z")
    assert out.startswith("committed:")
    memory = project / "memory"
    index = (memory / "MEMORY.md").read_text()
    assert index.startswith(head) and "](testing.md)" in index
    assert [p.name for p in memory.glob("*.md")
            if "Project memory" in p.read_text() and p.name != "MEMORY.md"] == []
    again, _ = _dream(project, "2026-04-06T12:00:00Z")
    assert again.startswith("no-change:")
    assert (memory / "MEMORY.md").read_text() == index


@pytest.mark.parametrize("head", [
    "# Project memory — read the Feedback section first\n",
    "---\nname: Project memory\ndescription: what the agent keeps\n---\n# acme-api memory\n",
])
def test_the_title_a_person_put_on_top_of_memory_md_stays_there_and_is_no_memory(
    tmp_path: Path, head: str,
) -> None:
    # the next dream rebuilt MEMORY.md without it: in no file, and no decision said so
    project = _project_with_memory(tmp_path, {"MEMORY.md": head + "## Feedback\n" + TESTING_LINE,
                                              "testing.md": TESTING})
    out, _ = _dream(project, "2026-04-05T12:00:00Z")
    assert out.startswith("committed:") and "1 created" in out
    memory = project / "memory"
    index = (memory / "MEMORY.md").read_text()
    assert index.startswith(head + "\n## Feedback\n") and "](testing.md)" in index
    assert "Never log personal data" in index
    title = head.splitlines()[-1].lstrip("# ")
    assert [p.name for p in memory.glob("*.md")
            if title in p.read_text() and p.name != "MEMORY.md"] == []
    again, _ = _dream(project, "2026-04-06T12:00:00Z")
    assert again.startswith("no-change:")
    assert (memory / "MEMORY.md").read_text() == index


@pytest.mark.parametrize("index", [
    TESTING_LINE + "\n## Team rules (from the 2026 retro)\n",
    # on the first line, with notes right under it, a heading is theirs, not the index's title
    "# Team rules (from the 2026 retro)\n",
])
def test_a_note_moved_out_of_memory_md_keeps_the_heading_it_was_under(
    tmp_path: Path, index: str,
) -> None:
    # the bullets moved into files of their own, and 'Team rules (from the 2026 retro)' was lost
    index += ("- Ask Dana before changing the deploy scripts.\n"
              "- Friday afternoons: no merges.\n")
    project = _project_with_memory(tmp_path, {"MEMORY.md": index, "testing.md": TESTING})
    out, _ = _dream(project, "2026-04-05T12:00:00Z")
    assert out.startswith("committed:")
    memory = project / "memory"
    moved = {p.name: p.read_text() for p in memory.glob("*.md")
             if "Ask Dana" in p.read_text() or "Friday afternoons" in p.read_text()}
    moved.pop("MEMORY.md")
    assert len(moved) == 2
    for text in moved.values():
        assert "**Why:** Under 'Team rules (from the 2026 retro)', written by the user in " \
               "MEMORY.md." in text
    # and the index line says where it came from
    lines = [line for line in (memory / "MEMORY.md").read_text().splitlines() if "Ask Dana" in line]
    assert len(lines) == 1 and "— Under 'Team rules" in lines[0]


_DIRECTLY = "The user wrote this note directly in MEMORY.md."


@pytest.mark.parametrize(("head", "title", "why"), [
    # (rev191: 'Under 'Project memory', written by the user in MEMORY.md.', and the title gone)
    ("# Project memory\n", True, _DIRECTLY),
    ("# Memory for acme-api\n\n", True, _DIRECTLY),
    ("# MEMORY.md\n", True, _DIRECTLY),
    ("# Claude memory\n", True, _DIRECTLY),
    ("# acme-api memories\n", True, _DIRECTLY),  # the project folder's name
    # a second-level heading, or one naming a subject, is the note's section, as before
    ("## Project memory\n", False, "Under 'Project memory', written by the user in MEMORY.md."),
    ("# Memory leaks\n", False, "Under 'Memory leaks', written by the user in MEMORY.md."),
    # (rev194: each was read as the index's title, and the note lost what it was about)
    *[(f"# {subject}\n", False, f"Under '{subject}', written by the user in MEMORY.md.")
      for subject in ["GPU memory", "Redis memory", "Shared memory", "Out of memory",
                      "Notes on memory", "Memory-mapped files", "Memory (RAM) limits",
                      "Memory of the outage", "memory: keep under 2GB", "webapp memory"]],
    # (rev206: 'memory for' any one word was the title; only the project's folder is)
    *[(f"# {subject}\n", False, f"Under '{subject}', written by the user in MEMORY.md.")
      for subject in ["Memory for builds", "Memory for staging", "Memory for GPUs",
                      "Memory for Python", "Memories for later", "Memory for webapp"]],
])
def test_a_first_line_heading_naming_the_memory_is_its_title_not_the_notes_section(
    tmp_path: Path, head: str, title: bool, why: str,
) -> None:
    index = head + "Ask Dana before touching billing.\n\n## Feedback\n" + TESTING_LINE
    project = _project_with_memory(tmp_path, {"MEMORY.md": index, "testing.md": TESTING},
                                   root="acme-api")
    out, _ = _dream(project, "2026-04-05T12:00:00Z")
    assert out.startswith("committed:")
    memory = project / "memory"
    after = (memory / "MEMORY.md").read_text()
    assert after.startswith(head.rstrip("\n") + "\n") is title, after
    (moved,) = [p.read_text() for p in memory.glob("*.md")
                if p.name != "MEMORY.md" and "Ask Dana" in p.read_text()]
    assert "\nAsk Dana before touching billing.\n" in moved, moved
    assert f"\n**Why:** {why}\n" in moved, moved


def test_a_heading_holding_a_secret_is_no_reason_of_the_notes_under_it() -> None:
    # its words, redacted, were the moved note's Why: the mark froze the memory for good
    index = (TESTING_LINE + "\n## Keys ghp_abcdefghijklmnopqrstuvwxyz0123456789\n"
             "- Rotate keys monthly.\n")
    plan = plan_dream({"testing.md": TESTING}, index, [], now=NOW)
    (moved, _), = _moved(plan).items()
    written = plan.writes[moved]
    assert "Rotate keys monthly." in written and "ghp_" not in written
    assert "REDACTED" not in written and "REDACTED" not in plan.index


# ---- titles written by hand in MEMORY.md, files deleted by hand ----------------------------

PG = topic("We're on Postgres 16 (local compose and prod)",
           "We're on Postgres 16 (local compose and prod).")
PG_LINE = "## Project\n- [Postgres 16 everywhere](project_pg.md) — local and prod\n"


@pytest.mark.parametrize("said", [
    # the dream does not touch the entry (it went back to the file's name in two dreams)
    "Always run go vet before you commit.",
    # the dream rewrites the entry, its subject unchanged
    "Remember, we're on Postgres 16 everywhere, local and prod.",
])
def test_a_title_written_by_hand_in_memory_md_is_kept(said: str) -> None:
    plan = plan_dream({"project_pg.md": PG}, PG_LINE, gather(human(said, day=10)).candidates,
                      now=NOW)
    assert "- [Postgres 16 everywhere](project_pg.md)" in plan.index
    assert "[We're on Postgres 16" not in plan.index
    again = plan_dream({"project_pg.md": plan.writes.get("project_pg.md", PG)}, plan.index, [],
                       now=NOW)
    assert "- [Postgres 16 everywhere](project_pg.md)" in again.index


def test_a_title_written_by_hand_gives_way_only_when_the_dream_makes_it_wrong() -> None:
    old = topic("We're on Postgres 15", "We're on Postgres 15 in every environment.")
    line = "## Project\n- [Postgres 15 everywhere](project_pg.md) — local and prod\n"
    plan = plan_dream({"project_pg.md": old}, line, gather(human(
        "We upgraded to Postgres 16 last week, all environments.", day=10)).candidates, now=NOW)
    assert "Postgres 15 everywhere" not in plan.index
    assert "- [We're on Postgres 16](project_pg.md)" in plan.index
    said = [d.reason for d in plan.decisions if d.file == "project_pg.md"]
    assert ("index title written by hand ('Postgres 15 everywhere') retitled \"We're on "
            "Postgres 16\": the entry no longer says '15'") in said


def test_a_title_the_engine_made_of_a_name_the_person_changed_since_follows_the_name() -> None:
    # the journal says a dream wrote the file under the old name: its title on the line is
    # the engine's, and the person's new name is what the line says now
    plan = plan_dream({"project_pg.md": PG},
                      "## Project\n- [We're on Postgres 15](project_pg.md) — local and prod\n",
                      [], now=NOW, names={"project_pg.md": "We're on Postgres 15"})
    assert "- [We're on Postgres 16 (local compose and prod)](project_pg.md)" in plan.index


def test_a_new_entry_never_takes_the_name_of_a_file_the_person_deleted() -> None:
    said = gather(human("Always run go vet before you commit.", day=10)).candidates
    first = plan_dream({}, "", said, now=NOW)
    [made] = [f for f in first.writes if f.startswith("feedback_")]
    # a dream left it; the person deleted it and its line; it is said again
    again = plan_dream({}, "", said, now=NOW, dreamed=frozenset({made}))
    [remade] = [f for f in again.writes if f.startswith("feedback_")]
    assert remade != made and remade.removesuffix(".md").startswith(made.removesuffix(".md"))
    # a file still there is no deleted one: the same dream names it as before
    assert plan_dream({}, "", said, now=NOW, dreamed=frozenset({"other.md"})).writes == (
        first.writes)


def test_the_journal_tells_titles_names_and_deletions_made_by_hand_between_dreams(
    tmp_path: Path,
) -> None:
    project = _project_with_memory(tmp_path, {"MEMORY.md": TESTING_LINE, "testing.md": TESTING})
    TranscriptBuilder(start=datetime(2026, 4, 2, 10, tzinfo=UTC)).user(
        "Always run go vet before you commit.").assistant("OK.").write(project / "sessions")
    out, _ = _dream(project, "2026-04-05T12:00:00Z")
    assert out.startswith("committed:")
    memory = project / "memory"
    index = (memory / "MEMORY.md").read_text()
    made = {e.title: e.file for e in parse_index(index, frozenset()).entries
            if e.file != "testing.md"}
    vet = next(f for t, f in made.items() if "vet" in t)
    data = next(f for t, f in made.items() if "personal data" in t)
    # by hand: the go vet entry deleted; the personal data one renamed in its frontmatter
    # only; the testing line retitled in MEMORY.md only
    (memory / vet).unlink()
    index = "".join(line.replace("[Testing]", "[pytest, fail fast]") + "\n"
                    for line in index.splitlines() if vet not in line)
    (memory / "MEMORY.md").write_text(index)
    text = (memory / data).read_text()
    (memory / data).write_text(re.sub(r"(?m)^name: .*$", "name: No personal data in logs",
                                      text, count=1))
    TranscriptBuilder(start=datetime(2026, 4, 6, 10, tzinfo=UTC)).user(
        "Always run go vet before you commit, please.").assistant("OK.").write(
        project / "sessions")
    out, _ = _dream(project, "2026-04-07T12:00:00Z")
    assert out.startswith("committed:")
    index = (memory / "MEMORY.md").read_text()
    assert "- [pytest, fail fast](testing.md)" in index
    assert f"- [No personal data in logs]({data})" in index
    again = [e.file for e in parse_index(index, frozenset()).entries if "vet" in e.title]
    assert again and vet not in again and not (memory / vet).exists()


def _full_hand_index(tmp_path: Path, count: int = 250, listed: int = 199) -> Path:
    """A project of ``count`` project facts, the index listing the first ``listed`` of them by
    hand, last one first, each line saying more than its file ('worker pool N, more words
    here'): 199 lines, a line short of the index's limit; and a session telling two rules."""
    memory: dict[str, str] = {}
    lines: list[str] = []
    for i in range(count):
        name = f"note_{i:03d}.md"
        memory[name] = topic(f"Note {i}", f"Service fact {i}: port {8000 + i} is used by "
                             f"worker {i}.", description=f"fact number {i} about the service")
        if i < listed:
            lines.append(f"- [Note {i}]({name}) — fact number {i} about the service, port "
                         f"{8000 + i}, worker pool {i}, more words here")
    project = tmp_path / "proj"
    write_tree(project / "memory", {**memory, "MEMORY.md": "\n".join(lines[::-1]) + "\n"})
    write_tree(project, {
        "project/README.md": "# demo\nA tiny tool.\n",
        "autodream.toml": 'project_root = "project"\nsessions_dir = "sessions"\n'
                          'memory_dir = "memory"\nbackend = "local"\n',
    })
    TranscriptBuilder(start=datetime(2026, 7, 2, 9, tzinfo=UTC)).user(
        "Always run the migrations with --dry-run first.").assistant("OK.").user(
        "Never deploy the billing service on Fridays.").assistant("OK.").write(
        project / "sessions")
    return project


def test_a_full_index_written_by_hand_keeps_its_lines_and_order_when_new_memories_come(
    tmp_path: Path,
) -> None:
    # Every fact ranks alike: the dream listed the files the person had left out (note_199 on)
    # and left out note_000-106 of theirs instead (the file name broke the tie).
    project = _full_hand_index(tmp_path)
    out, _ = _dream(project, "2026-07-03T20:00:00Z")
    assert out.startswith("committed:")
    index = (project / "memory" / "MEMORY.md").read_text()
    assert index.count("\n") <= 200
    listed = [e.file for e in parse_index(index, frozenset()).entries]
    new = [f for f in listed if f.startswith("feedback_")]
    assert len(new) == 2  # the rules just told are listed
    kept = [f for f in listed if f.startswith("note_")]
    hand_order = [f"note_{i:03d}.md" for i in range(198, -1, -1)]
    # the person's lines, in their order, less the last few: none of the files they left out
    assert kept == hand_order[:len(kept)] and len(kept) >= 190
    left_out = sorted(hand_order[len(kept):])
    assert unlisted_count(index.splitlines()[-1]) == 250 - len(kept)
    record = CliRunner().invoke(cli, ["show", "--project", str(project)]).output
    named = re.findall(r"unindexed +(note_\d+\.md)\n +not indexed: MEMORY.md is over its "
                       r"200-line limit", record)
    assert set(left_out) <= set(named)
    # why these lines and not others: ranked alike, the last of the person's went first
    last = hand_order.index(left_out[-1]) + 1
    assert (f"unindexed  {left_out[-1]}\n             not indexed: MEMORY.md is over its "
            "200-line limit and this entry ranks among the lowest (rank 0.50; of those ranked "
            f"alike, MEMORY.md's last lines go first: this was line {last}); file kept") in record
    assert ("unindexed  note_249.md\n             not indexed: MEMORY.md is over its 200-line "
            "limit and this entry ranks among the lowest (rank 0.50; MEMORY.md did not list it)"
            ) in record
    second, _ = _dream(project, "2026-07-03T21:00:00Z")
    assert second.startswith("no-change:")
