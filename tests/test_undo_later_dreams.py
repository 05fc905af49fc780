"""Undoing a dream that later dreams built on: they are named, and a forced undo takes them
back too (newest first, all or nothing, each marked in ``log``, their sessions read again),
rather than passing their memories off as the person's edits and losing them."""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Callable
from datetime import UTC, timedelta
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from autodream import journal
from autodream.cli import cli
from autodream.errors import DreamFailed, LinkedState, UndoConflict
from autodream.memory import commit as commit_mod
from autodream.transcripts.offsets import OFFSETS_FILENAME, OffsetStore
from tests.memdirs import NOW, dream, index, needs_dir_fd, sample_memory, topic, tree

INDEX_B = index(("User", [("Role", "role.md", "data engineer")]),
                ("Project", [("Deploy", "deploy.md", "friday freeze"),
                             ("Freeze API", "freeze.md", "no deploys")]))


def _run(*args: str, memory: Path) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args), env={"AUTODREAM_MEMORY_DIR": str(memory)})
    return result.exit_code, result.output


def _read(state: Path, record: journal.RunRecord, session: str, offset: int) -> None:
    """Say the run read ``session`` up to ``offset`` (from where the store had it)."""
    store = OffsetStore(state / OFFSETS_FILENAME)
    after = {"offset": offset, "line": 1, "size": offset, "fingerprint": None}
    record.offsets = {session: {"before": store.entry(session), "after": after}}
    record.sessions = [session]
    store.put(session, after)
    store.save()
    journal.save_run(state, record)


def _two_runs(
    memory: Path, second: str = "/s/b.jsonl"
) -> tuple[journal.RunRecord, journal.RunRecord]:
    """Run A (a role, Postgres 16) that read /s/a.jsonl to offset 10, then run B a day later
    (Postgres 17) that read ``second`` to 20: the chain the undo and state-dir tests take back."""
    state = memory / ".autodream"
    a = dream(memory, {"role.md": topic("Role", "user", "Staff engineer."),
                       "deploy.md": topic("Deploy", "project", "Postgres 16.")})
    _read(state, a, "/s/a.jsonl", 10)
    b = dream(memory, {"deploy.md": topic("Deploy", "project", "Postgres 17.")},
              now=NOW + timedelta(days=1))
    _read(state, b, second, 20)
    return a, b


@pytest.fixture
def memory(tmp_path: Path) -> Path:
    return sample_memory(tmp_path / "memory")


def _two_dreams(memory: Path) -> tuple[journal.RunRecord, journal.RunRecord]:
    """A changes role.md and deploy.md; B, a day later, deploy.md again (Postgres 16 -> 17),
    adds freeze.md and links it from MEMORY.md."""
    state = memory / ".autodream"
    a = dream(memory, {"role.md": topic("Role", "user", "Staff engineer."),
                       "deploy.md": topic("Deploy", "project", "Postgres 16.")})
    _read(state, a, "/s/a.jsonl", 10)
    b = dream(memory, {"deploy.md": topic("Deploy", "project", "Postgres 17."),
                       "freeze.md": topic("Freeze API", "project", "No deploys."),
                       "MEMORY.md": INDEX_B}, now=NOW + timedelta(days=1))
    _read(state, b, "/s/b.jsonl", 20)
    return a, b


def test_the_refusal_names_the_later_dream_not_edits(memory: Path) -> None:
    a, b = _two_dreams(memory)
    after_b = tree(memory)
    code, out = _run("undo", a.id, memory=memory)
    assert code == 7, out
    assert f"run {b.id} (2026-07-21 09:00 UTC) changed deploy.md after it" in out
    assert f"undo {b.id} first, or use --force to undo {b.id} and {a.id} together" in out
    assert "by hand" not in out
    assert tree(memory) == after_b
    # undoing B first, as it says, lets A be undone without --force
    assert _run("undo", b.id, memory=memory)[0] == 0
    assert _run("undo", a.id, memory=memory)[0] == 0


@pytest.mark.parametrize("how", ["cli", "api"])
def test_a_forced_undo_takes_the_later_dream_back_too_and_loses_nothing(
    memory: Path, how: str
) -> None:
    state = memory / ".autodream"
    original = tree(memory)
    a, b = _two_dreams(memory)
    after_b = tree(memory)
    if how == "cli":
        code, out = _run("undo", a.id, "--force", memory=memory)
        assert code == 0, out
        assert "overwrote your edits" not in out, "B is a dream, not the person's edits"
        assert f"undid the later run {b.id} first" in out
        first = out.split("recorded as run ", 1)[1].split(")", 1)[0]
        assert f"`autodream undo {first} --force` puts runs {b.id}, {a.id} back" in out
        assert "reads again what it read in 2 transcript(s)" in out
    else:
        record = journal.undo(memory, state, a.id, force=True, now=NOW + timedelta(days=2))
        assert record.undoes == a.id and len(record.together) == 1
        first = record.together[0]
        assert journal.load_run(state, first).undoes == b.id
    # the memory is as before A: index and topic files agree (no freeze.md left unlinked)
    assert tree(memory) == original
    # both marked undone in log
    code, out = _run("log", "--json", memory=memory)
    undone = {r["id"]: r["undone_by"] for r in json.loads(out)}
    assert undone[a.id] and undone[b.id] == first
    # both dreams' sessions are read again by the next dream
    store = OffsetStore(state / OFFSETS_FILENAME)
    assert store.undone() == ["/s/a.jsonl", "/s/b.jsonl"]
    assert store.start_for("/s/b.jsonl") == 0
    # and what it said brings B's memory (Postgres 17) back
    code, out = _run("undo", first, "--force", memory=memory)
    assert code == 0, out
    assert tree(memory) == after_b
    assert b"Postgres 17." in (memory / "deploy.md").read_bytes()


@pytest.mark.parametrize(("edited", "since"), [("freeze.md", "b"), ("deploy.md", "b"),
                                               ("role.md", "a")])
def test_hand_edits_are_told_apart_from_later_dreams(
    memory: Path, edited: str, since: str
) -> None:
    a, b = _two_dreams(memory)
    (memory / edited).write_text("my own words\n")
    hand = tree(memory)
    run_id = {"a": a.id, "b": b.id}[since]
    code, out = _run("undo", a.id, memory=memory)
    assert code == 7, out
    said = "it" if since == "a" else f"run {b.id}"
    assert f"you edited {edited} by hand since {said}" in out
    assert "changed deploy.md after it" in out
    code, out = _run("undo", a.id, "--force", memory=memory)
    assert code == 0, out
    first = out.split("recorded as run ", 1)[1].split(")", 1)[0]
    assert (f"overwrote your edits since run {run_id} to {edited}; "
            f"`autodream undo {first} --force` brings them back") in out
    assert _run("undo", first, "--force", memory=memory)[0] == 0
    assert tree(memory) == hand, "the hand edit and both dreams are back"


def test_a_chain_undo_that_fails_part_way_changes_nothing(memory: Path) -> None:
    state = memory / ".autodream"
    a, _b = _two_dreams(memory)
    after_b = tree(memory)
    offsets = (state / OFFSETS_FILENAME).read_bytes()
    commits = []

    def step(name: str) -> None:
        if name == "intent":
            commits.append(name)
            if len(commits) == 2:  # the undo of A, after B's was applied
                raise OSError("disk full")

    with pytest.raises(OSError, match="disk full"):
        journal.undo(memory, state, a.id, force=True, now=NOW, on_step=step)
    assert tree(memory) == after_b
    assert (state / OFFSETS_FILENAME).read_bytes() == offsets
    assert journal.undone_by(journal.list_runs(state)) == {}
    made = [r for r in journal.list_runs(state) if r.trigger == "undo"]
    assert [r.outcome for r in made] == ["failed", "failed"]
    assert "rolled back" in made[1].reason
    # and it can be tried again
    journal.undo(memory, state, a.id, force=True, now=NOW)
    assert b"Postgres" not in (memory / "deploy.md").read_bytes()


@needs_dir_fd
def test_a_chain_undo_whose_state_dir_is_swapped_for_a_link_part_way_changes_nothing(
    memory: Path, tmp_path: Path
) -> None:
    """``memory/.autodream`` swapped for a link (to a copy of it) while a forced undo of two
    runs commits its second undo: that commit rolls back, and the first undo, already
    committed, must go back with it, or memory is left with B undone and no record saying so."""
    state = memory / ".autodream"
    a, _b = _two_dreams(memory)
    after_b = tree(memory)
    commits = []

    def step(name: str) -> None:
        if name == "intent":
            commits.append(name)
            if len(commits) == 2:  # the undo of A, after B's was applied
                shutil.copytree(state, tmp_path / "elsewhere", symlinks=True)
                os.rename(state, tmp_path / "moved")
                os.symlink(tmp_path / "elsewhere", state)

    with pytest.raises(LinkedState, match="swapped for a link"):
        journal.undo(memory, state, a.id, force=True, now=NOW, on_step=step)
    assert tree(memory) == after_b


@needs_dir_fd
def test_a_chain_undo_whose_state_dir_is_swapped_for_a_link_to_an_older_copy_changes_nothing(
    memory: Path, tmp_path: Path
) -> None:
    """The link points to a copy of the state dir made BEFORE the undo (a sync tool's): B's
    undo, committed, was taken back by path through the link, where its run dir is missing,
    and memory was left with B undone and no record of it. It is taken back by the run dir
    its commit wrote, and nothing is written where the link points."""
    state = memory / ".autodream"
    a, _b = _two_dreams(memory)
    after_b = tree(memory)
    shutil.copytree(state, tmp_path / "stale", symlinks=True)
    copy = tree(tmp_path / "stale")
    commits = []

    def step(name: str) -> None:
        if name == "intent":
            commits.append(name)
            if len(commits) == 2:
                os.rename(state, tmp_path / "moved")
                os.symlink(tmp_path / "stale", state)

    with pytest.raises(LinkedState, match="swapped for a link"):
        journal.undo(memory, state, a.id, force=True, now=NOW, on_step=step)
    assert tree(memory) == after_b
    assert tree(tmp_path / "stale") == copy
    undos = [d for d in (tmp_path / "moved" / "runs").iterdir() if d.name not in (a.id, _b.id)]
    assert sorted(json.loads((d / "commit.json").read_text())["state"] for d in undos) == [
        "rolled-back", "rolled-back"]


@pytest.mark.parametrize("fills_at", ["intent", "replace"])
def test_a_chain_undo_whose_roll_back_cannot_write_says_so_and_is_tried_again(
    memory: Path, monkeypatch: pytest.MonkeyPatch, fills_at: str
) -> None:
    """The disk fills while the undo of A is applied (before its first file, or after it),
    once B's undo was committed: putting B's undo back fails too, and the undo said just 'No
    space left on device', B's intent 'done', so nothing ever tried again and memory stayed
    with B undone. The error names what it could not put back, and the next recovery puts
    back both undos, newest first (A's files are as A's undo left them until it is)."""
    state = memory / ".autodream"
    a, _b = _two_dreams(memory)
    after_b = tree(memory)
    seen = []
    real = commit_mod._write_atomic_at

    def full(root: Any, rel: str, *args: Any, **kwargs: Any) -> None:
        if isinstance(root, Path) and not rel.startswith(".autodream"):
            raise OSError(28, "No space left on device")
        real(root, rel, *args, **kwargs)

    def step(name: str) -> None:
        seen.append(name)
        if seen.count("done") == 1 and name.startswith(fills_at):  # (B's undo done)
            monkeypatch.setattr(commit_mod, "_write_atomic_at", full)

    with pytest.raises(DreamFailed, match=r"No space.*could not put back \(run .*MEMORY\.md"):
        journal.undo(memory, state, a.id, force=True, now=NOW, on_step=step)
    assert tree(memory) != after_b  # (B's undo is still in memory)
    monkeypatch.setattr(commit_mod, "_write_atomic_at", real)  # space again
    journal.recover(memory, state, NOW)
    assert tree(memory) == after_b
    assert [r.outcome for r in journal.list_runs(state)].count("committed") == 2
    assert commit_mod.pending_commits(state) == []


def test_the_api_refusal_is_an_undo_conflict_naming_the_run(memory: Path) -> None:
    a, b = _two_dreams(memory)
    with pytest.raises(UndoConflict, match=f"run {b.id} .* changed deploy.md after it"):
        journal.undo(memory, memory / ".autodream", a.id)


@pytest.mark.parametrize("later_dream", [False, True])
def test_an_undo_says_when_the_index_it_restores_drops_a_file_linked_by_hand(
    memory: Path, later_dream: bool
) -> None:
    a = dream(memory, {"MEMORY.md": INDEX_B.replace("freeze.md", "deploy.md"),
                       "role.md": topic("Role", "user", "Staff engineer.")})
    if later_dream:
        dream(memory, {"role.md": topic("Role", "user", "Principal."), "MEMORY.md": INDEX_B,
                       "freeze.md": topic("Freeze API", "project", "No deploys.")},
              now=NOW + timedelta(days=1))
    (memory / "notes.md").write_text(topic("Notes", "reference", "My notes."))
    with (memory / "MEMORY.md").open("a") as f:
        f.write("- [Notes](notes.md) — mine\n")
    hand = tree(memory)
    code, out = _run("undo", a.id, memory=memory)
    assert code == 7, out
    assert "the MEMORY.md it restores would no longer link notes.md (on disk)" in out
    code, out = _run("undo", a.id, "--force", memory=memory)
    assert code == 0, out
    first = out.split("recorded as run ", 1)[1].split(")", 1)[0]
    back = f"`autodream undo {first} --force`" if later_dream else f"`autodream undo {first}`"
    assert (f"MEMORY.md as restored no longer links notes.md, still on disk; {back} brings "
            "the links back") in out
    assert (memory / "notes.md").is_file()
    assert _run("undo", *back.strip("`").split()[2:], memory=memory)[0] == 0
    assert tree(memory) == hand


def test_an_undo_names_a_file_linked_by_hand_whose_own_name_holds_a_percent_escape(
    memory: Path
) -> None:
    # "sale%20off.md" is the file's own name, linked bare: read as "sale off.md", a file that
    # is not there, the undo did not say the index it restores drops the link
    a = dream(memory, {"MEMORY.md": INDEX_B.replace("freeze.md", "deploy.md"),
                       "role.md": topic("Role", "user", "Staff engineer.")})
    (memory / "sale%20off.md").write_text(topic("Sale off", "project", "20% off in spring."))
    with (memory / "MEMORY.md").open("a") as f:
        f.write("- [Sale off](sale%20off.md) — the spring sale\n")
    code, out = _run("undo", a.id, memory=memory)
    assert code == 7, out
    assert "the MEMORY.md it restores would no longer link sale%20off.md (on disk)" in out


def test_later_dreams_that_put_a_file_back_as_it_was_are_still_named(memory: Path) -> None:
    deploy = topic("Deploy", "project", "Postgres 16.")
    a = dream(memory, {"deploy.md": deploy})
    b = dream(memory, {"deploy.md": topic("Deploy", "project", "Postgres 17.")},
              now=NOW + timedelta(days=1))
    c = dream(memory, {"deploy.md": deploy}, now=NOW + timedelta(days=2))
    before = tree(memory)
    code, out = _run("undo", a.id, memory=memory)
    assert code == 7, out
    assert f"undo {b.id}, {c.id} first" not in out  # newest first
    assert f"undo {c.id}, {b.id} first, or use --force to undo {c.id}, {b.id} and {a.id}" in out
    assert tree(memory) == before


def test_a_forced_undo_of_a_run_already_undone_changes_nothing(memory: Path) -> None:
    a, _b = _two_dreams(memory)
    assert _run("undo", a.id, "--force", memory=memory)[0] == 0
    undone = tree(memory)
    code, out = _run("undo", a.id, "--force", memory=memory)
    assert code == 0 and out.startswith("nothing to restore"), out
    assert tree(memory) == undone


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="counts open files in /proc")
def test_a_long_chain_undo_holds_no_more_open_files_than_a_short_one(memory: Path) -> None:
    """Each undo's run dir was kept open until the chain ended: a forced undo over ~250 later
    dreams ran out of open files (256 by default on macOS), failed and left memory part undone.
    The chain holds one folder open whatever its length."""
    state = memory / ".autodream"
    first = dream(memory, {"deploy.md": topic("Deploy", "project", "Postgres 0.")})
    for i in range(1, 25):
        dream(memory, {"deploy.md": topic("Deploy", "project", f"Postgres {i}.")},
              now=NOW + timedelta(hours=i))
    counts: list[int] = []

    def step(name: str) -> None:
        if name == "intent":
            counts.append(len(os.listdir("/proc/self/fd")))

    journal.undo(memory, state, first.id, force=True, now=NOW + timedelta(days=2), on_step=step)
    assert len(counts) == 25
    assert max(counts) - min(counts) <= 1
    assert b"Postgres" not in (memory / "deploy.md").read_bytes()


def _full_at_the_second_commit(monkeypatch: pytest.MonkeyPatch) -> Callable[[str], None]:
    """An undo's step hook that fills the disk at the chain's second commit (B's undo), with
    every roll-back failing the same way (not even its intent can be marked)."""
    commits: list[str] = []

    def step(name: str) -> None:
        if name == "intent":
            commits.append(name)
            if len(commits) == 2:
                raise OSError(28, "No space left on device")

    def unmarkable(*args: Any, **kwargs: Any) -> Any:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(commit_mod, "roll_back", unmarkable)
    return step

def test_a_chain_undo_whose_roll_back_cannot_mark_its_intent_says_it_stays(
    memory: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The disk so full that B's undo cannot even be marked for a retry: the error said the
    next dream or `autodream status` would try again, which nothing would (status only reads);
    it says that undo stays in memory."""
    state = memory / ".autodream"
    a, _b = _two_dreams(memory)
    step = _full_at_the_second_commit(monkeypatch)
    with pytest.raises(DreamFailed) as failed:
        journal.undo(memory, state, a.id, force=True, now=NOW, on_step=step)
    message = str(failed.value)
    assert "could not be taken back and stay in memory" in message
    assert "tries again" not in message and "status" not in message


def test_a_chain_undo_that_stays_in_memory_is_logged_committed_and_rereads_what_it_undid(
    memory: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """B's undo could not be taken back (the disk full): memory held it while `log` said
    '<undo of B>  failed  undo  +0 ~0 -0  not rolled back: ...', B had no '[undone by]',
    /s/b.jsonl stayed read to 20 (what B learned gone, never read again) and `autodream undo
    B` said 'you edited deploy.md by hand since it'. Its record says what memory holds."""
    state = memory / ".autodream"
    a, b = _two_dreams(memory)
    real = commit_mod.roll_back
    step = _full_at_the_second_commit(monkeypatch)
    with pytest.raises(DreamFailed, match="stay in memory"):
        journal.undo(memory, state, a.id, force=True, now=NOW, on_step=step)
    monkeypatch.setattr(commit_mod, "roll_back", real)
    assert b"Postgres 16." in (memory / "deploy.md").read_bytes()  # (B undone)
    code, out = _run("log", memory=memory)
    assert code == 0, out
    b_line = next(line for line in out.splitlines() if line.startswith(b.id))
    assert "[undone by" in b_line, out
    undo_line = next(line for line in out.splitlines() if f"Undo of run {b.id}" in line)
    assert " committed " in undo_line and "+0 ~0 -0" not in undo_line, out
    assert OffsetStore(state / OFFSETS_FILENAME).entry("/s/b.jsonl") == {"pending": "undone"}
    code, out = _run("undo", b.id, memory=memory)
    assert "by hand" not in out and "already undone" in out, out
    code, out = _run("undo", a.id, "--force", memory=memory)
    assert code == 0, out
    assert b"Postgres" not in (memory / "deploy.md").read_bytes()


def test_a_chain_undo_taken_back_whole_is_not_said_to_stay_when_its_last_mark_fails(
    memory: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """B's undo is taken back file by file, then the disk fills as its intent is marked
    'rolled-back': the undo said B's undo 'could not be taken back and stays in memory' while
    memory was as after B. It says nothing of the kind, and the next recovery marks it."""
    state = memory / ".autodream"
    a, _b = _two_dreams(memory)
    after_b = tree(memory)
    real = commit_mod._write_in
    armed: list[int] = []

    def write_in(run: Any, name: str, data: bytes) -> None:
        if armed and b'"rolled-back"' in data:
            raise OSError(28, "No space left on device")
        real(run, name, data)

    commits = []

    def step(name: str) -> None:
        if name == "intent":
            commits.append(name)
            if len(commits) == 2:
                armed.append(1)
                raise OSError(28, "No space left on device")

    monkeypatch.setattr(commit_mod, "_write_in", write_in)
    with pytest.raises(OSError, match="No space left") as failed:
        journal.undo(memory, state, a.id, force=True, now=NOW, on_step=step)
    assert "stay in memory" not in str(failed.value)
    assert tree(memory) == after_b
    monkeypatch.setattr(commit_mod, "_write_in", real)
    journal.recover(memory, state, NOW)
    assert tree(memory) == after_b
    assert commit_mod.pending_commits(state) == []


def _two_runs_reading_one_session(root: Path) -> tuple[Path, list[str], Callable[[int], str]]:
    """A dream (A) over a session's first saying (a ruff rule), the session grown, then a
    second dream (B) reading on to its second (staging on db1): the session, [A, B] and the
    clock the CLI is run at."""
    from datetime import datetime

    from tests.factories import TranscriptBuilder, project_with_one_session, run_cli

    t0 = datetime(2026, 7, 1, 9, 0, tzinfo=UTC)
    session = project_with_one_session(root, ["Remember: always run ruff before committing."],
                                       t0)

    def at(hours: int) -> str:
        return (t0 + timedelta(hours=hours)).isoformat()

    run_cli(root, "--force", now=at(2))
    more = TranscriptBuilder(session_id=session.stem, cwd=str(root / "project"),
                             start=t0 + timedelta(hours=3))
    more.user("Remember that the staging database is on db1.")
    with session.open("a", encoding="utf-8") as fh:
        fh.writelines(json.dumps(rec) + "\n" for rec in more.records)
    run_cli(root, "--force", now=at(4))
    runs = [r["id"] for r in reversed(json.loads(run_cli(root, "log", "--json").stdout))]
    both = tree(root / "memory")
    assert len(runs) == 2 and "ruff" in str(both) and "db1" in str(both)
    return session, runs, at


def _both_read_again(root: Path, at: Callable[[int], str]) -> None:
    from tests.factories import run_cli

    memory = root / "memory"
    assert not list(memory.glob("*.md"))
    run_cli(root, "--force", now=at(6))
    kept = {p.name: p.read_text(encoding="utf-8") for p in memory.glob("*.md")}
    assert any("Always run ruff before committing." in text for text in kept.values()), kept
    assert any("The staging database is on db1." in text for text in kept.values()), kept


def test_a_forced_chain_that_read_one_session_has_all_it_read_read_again(
    tmp_path: Path,
) -> None:
    """A read the session's first saying, B, a dream later, read on to the second: `undo A
    --force` (B with it) left the session's position where A's read ended ({'offset': ..,
    'pending': 'undone'}), B's rewind having marked it, so A's own rewind took it for a read a
    later dream moved on and skipped it: the next dream read only B's part, and the ruff rule
    A had made a memory of was gone for good."""
    from tests.factories import run_cli

    root = tmp_path / "work"
    session, (a, _), at = _two_runs_reading_one_session(root)
    undone = run_cli(root, "undo", a, "--force", now=at(5))
    assert "undid the later run" in undone.stdout
    memory = root / "memory"
    assert OffsetStore(memory / ".autodream" / OFFSETS_FILENAME).start_for(session) == 0
    _both_read_again(root, at)


def test_undoing_the_later_run_then_the_earlier_has_all_they_read_read_again(
    tmp_path: Path,
) -> None:
    """The same two runs undone one at a time, B then A (no --force): A's undo said nothing of
    reading again and the next dream read only B's part; the ruff rule was lost the same way
    (review rev75)."""
    from tests.factories import run_cli

    root = tmp_path / "work"
    session, (a, b), at = _two_runs_reading_one_session(root)
    run_cli(root, "undo", b, now=at(5))
    undone = run_cli(root, "undo", a, now=at(5))
    assert "reads again" in undone.stdout, undone.stdout
    memory = root / "memory"
    assert OffsetStore(memory / ".autodream" / OFFSETS_FILENAME).start_for(session) == 0
    _both_read_again(root, at)


def test_a_forced_undo_on_a_clock_set_back_is_put_back_whole_by_its_redo(memory: Path) -> None:
    """`autodream undo A --force` on a clock earlier than A and B (set back, or a machine behind
    the one that dreamt): its undo records were dated, and ordered, before the dreams they undid,
    and the redo it offered ('undo <first> --force') put B's memory back but not A's (the undo
    of A taken for a run older than the one redone). The undos sort after the runs they undo."""
    a, b = _two_dreams(memory)
    after_b = tree(memory)

    def run(*args: str) -> tuple[int, str]:
        result = CliRunner().invoke(cli, list(args), env={
            "AUTODREAM_MEMORY_DIR": str(memory), "AUTODREAM_NOW": "2026-07-19T09:00:00Z"})
        return result.exit_code, result.output

    code, out = run("undo", a.id, "--force")
    assert code == 0, out
    first = out.split("recorded as run ", 1)[1].split(")", 1)[0]
    assert f"`autodream undo {first} --force` puts runs {b.id}, {a.id} back" in out
    code, out = run("log", "--json")
    listed = json.loads(out)
    assert [r["id"] for r in listed][2:] == [b.id, a.id]  # newest first: the undos, B, A
    assert {r["started_at"] for r in listed[:2]} == {"2026-07-19T09:00:00Z"}  # (the clock's)
    code, out = run("undo", first, "--force")
    assert code == 0, out
    assert tree(memory) == after_b


@pytest.mark.parametrize("keep_runs", [200, 2])
def test_a_dream_on_a_clock_set_back_sorts_after_the_runs_before_it(
    tmp_path: Path, keep_runs: int
) -> None:
    """Dream A at 2026-07-20, then on a clock set back to 2026-07-19 its undo U (sorting after
    A since 77fc298) and dream C, which reads the sessions again: C's id was dated 07-19, listed
    under A and U, and 'autodream undo U' (put A back) said C's changes were 'you edited ... by
    hand since it; use --force to restore anyway'. C now sorts after them (its record keeping
    the clock's time), so the undo names C, and keep_runs keeps the newest runs, C among them."""
    from tests.factories import REPO_ROOT

    sample = tmp_path / "sample_project"
    shutil.copytree(REPO_ROOT / "sample_project", sample)
    with (sample / "autodream.toml").open("a", encoding="utf-8") as fh:
        fh.write(f"keep_runs = {keep_runs}\n")
    env = {k: v for k, v in os.environ.items() if not k.startswith("AUTODREAM_")}

    def run(*args: str, now: str) -> tuple[int, str]:
        result = CliRunner().invoke(cli, [*args, "--project", str(sample)],
                                    env={**env, "AUTODREAM_NOW": now})
        return result.exit_code, result.output

    code, out = run("--force", now="2026-07-20T09:00:00Z")
    assert code == 0, out
    a = out.rsplit("autodream undo ", 1)[1].strip()
    code, out = run("undo", now="2026-07-19T09:00:00Z")
    assert code == 0, out
    u = out.split("recorded as run ", 1)[1].split(")", 1)[0]
    code, out = run("--force", now="2026-07-19T10:00:00Z")
    assert code == 0, out
    c = out.rsplit("autodream undo ", 1)[1].strip()
    code, out = run("log", "--json", now="2026-07-19T10:30:00Z")
    listed = json.loads(out)
    assert [r["id"] for r in listed] == [c, u, a][:keep_runs]  # newest first
    assert listed[0]["started_at"] == "2026-07-19T10:00:00Z"  # (the clock's)
    runs = sample / "memory" / ".autodream" / "runs"
    assert sorted(os.listdir(runs)) == sorted([c, u, a][:keep_runs])
    before = tree(sample / "memory")
    code, out = run("undo", u, now="2026-07-19T11:00:00Z")
    assert code == 7, out
    assert f"run {c} (2026-07-19 10:00 UTC) changed MEMORY.md" in out
    assert f"undo {c} first, or use --force to undo {c} and {u} together" in out
    assert "by hand" not in out
    assert tree(sample / "memory") == before
    # and 'autodream undo' takes back C, the newest dream
    code, out = run("undo", now="2026-07-19T11:00:00Z")
    assert code == 0 and out.startswith(f"undid run {c}: "), out
