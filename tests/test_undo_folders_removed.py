"""Undos whose run folders were removed by hand (rev109): DREAMS.md still tells of each undo,
and ``undo``, ``log`` and ``show`` read it where the undo's record is gone, so they say which
dreams memory holds as it really does."""

from __future__ import annotations

import json
import shutil
import time
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from autodream import journal
from autodream.cli import cli
from tests.memdirs import NOW, dream, sample_memory, topic, tree


def _cli(memory: Path, *args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args), env={"AUTODREAM_MEMORY_DIR": str(memory)})
    return result.exit_code, result.output


def _undo_id(said: str) -> str:
    return said.split("(recorded as run ", 1)[1].split(")", 1)[0]


def _two_dreams(memory: Path) -> tuple[str, str, dict[str, bytes]]:
    """Dreams D3 and D4, D4 changing the file D3 wrote; and memory as D3 left it."""
    d3 = dream(memory, {"role.md": topic("Role", "user", "Staff engineer.")})
    after_d3 = tree(memory)
    d4 = dream(memory, {"role.md": topic("Role", "user", "Staff engineer, payments.")},
               now=NOW + timedelta(days=1))
    return d3.id, d4.id, after_d3


@pytest.fixture
def memory(tmp_path: Path) -> Path:
    return sample_memory(tmp_path / "memory")


def test_undo_after_the_undo_of_an_undo_lost_its_folder_undoes_the_dream_back_in_place(
    memory: Path,
) -> None:
    """D3, D4, `undo` (U1 takes D4 back), `undo U1` (U2 puts D4 back), then runs/U2 removed
    by hand: `autodream undo` read the records alone, took D4 for still undone, aimed at D3
    and refused with 'you edited role.md by hand since it ... use --force' (exit 7), of an edit
    that was D4's. DREAMS.md tells of U2: D4 is the newest dream in place, and is undone."""
    state = memory / ".autodream"
    d3, d4, after_d3 = _two_dreams(memory)
    code, said = _cli(memory, "undo")
    assert code == 0 and said.startswith(f"undid run {d4}: "), said
    u1 = _undo_id(said)
    code, said = _cli(memory, "undo", u1)
    assert code == 0 and said.startswith(f"undid run {u1}: "), said
    u2 = _undo_id(said)
    shutil.rmtree(journal.run_dir(state, u2))

    code, said = _cli(memory, "undo", u1)  # (not 'undo U2 puts it back': U2 has no folder)
    assert (code, said.strip().splitlines()) == (9, [
        f"Error: run {u1} was already undone by run {u2}, whose folder (runs/{u2}) was removed "
        f"since (DREAMS.md tells of it); `autodream undo {d4}` takes run {d4} back again"])
    code, said = _cli(memory, "undo")
    assert code == 0 and said.startswith(f"undid run {d4}: "), said
    assert said.splitlines()[1] == (f"note: DREAMS.md says run {u1} was undone by run {u2}, "
                                    "whose folder was removed; taken as said"), said
    assert tree(memory) == after_d3
    # and the next `undo` takes D3 back, D4 now undone by a record kept
    code, said = _cli(memory, "undo")
    assert code == 0 and said.startswith(f"undid run {d3}: "), said


def test_undo_after_an_undo_lost_its_folder_does_not_aim_at_the_dream_it_took_back(
    memory: Path,
) -> None:
    """D3, D4, `undo` (U1 takes D4 back), then runs/U1 removed by hand: `autodream undo`
    aimed at D4 again and refused with 'you edited role.md by hand since it' (exit 7): memory
    held D3's result, not D4's. DREAMS.md tells of U1: D3 is the newest dream in place and is
    undone, as when both D4's and U1's folders are gone; `undo D4` says who took it back."""
    state = memory / ".autodream"
    start = tree(memory)
    d3, d4, after_d3 = _two_dreams(memory)
    code, said = _cli(memory, "undo")
    assert code == 0, said
    u1 = _undo_id(said)
    shutil.rmtree(journal.run_dir(state, u1))
    assert tree(memory) == after_d3

    code, said = _cli(memory, "undo", d4)
    assert (code, said.strip().splitlines()) == (9, [
        f"Error: run {d4} was already undone by run {u1}, whose folder (runs/{u1}) was removed "
        f"since (DREAMS.md tells of it), so autodream cannot put it back; `autodream show {d4}` "
        "shows what it changed"])
    assert tree(memory) == after_d3
    code, said = _cli(memory, "undo", "--json")
    assert code == 0 and json.loads(said)["undoes"] == d3, said
    assert json.loads(said)["taken_from_diary"] == [{"run": d4, "undone_by": u1}], said
    assert tree(memory) == start


@pytest.mark.parametrize("removed", ["the undo of the undo", "the undo"])
def test_log_and_show_say_which_runs_are_in_place_after_an_undo_folder_was_removed(
    memory: Path, removed: str
) -> None:
    """D3, D4, `undo` (U1), and either `undo U1` (U2) with runs/U2 removed, or runs/U1
    removed: `log` (and `log --json`'s undone_by) read the records alone and marked D4
    '[undone by U1]' while memory held it, or marked nothing while memory held D3's result;
    `show` said nothing of either. They read DREAMS.md for the undos whose folder is gone."""
    state = memory / ".autodream"
    d3, d4, _ = _two_dreams(memory)
    code, said = _cli(memory, "undo")
    assert code == 0, said
    u1 = _undo_id(said)
    if removed == "the undo of the undo":
        code, said = _cli(memory, "undo", u1)
        assert code == 0, said
        u2 = _undo_id(said)
        shutil.rmtree(journal.run_dir(state, u2))
        marked = {d3: None, d4: None, u1: u2}
    else:
        shutil.rmtree(journal.run_dir(state, u1))
        marked = {d3: None, d4: u1}

    code, out = _cli(memory, "log", "--json")
    assert code == 0, out
    assert {r["id"]: r["undone_by"] for r in json.loads(out)} == marked
    code, out = _cli(memory, "log")
    assert code == 0, out
    for run_id, undoer in marked.items():
        line = next(line for line in out.splitlines() if line.startswith(run_id))
        assert (f"[undone by {undoer}]" in line) == (undoer is not None), line
        assert ("undone by" in line) == (undoer is not None), line
    for run_id, undoer in marked.items():
        code, out = _cli(memory, "show", run_id)
        assert code == 0, out
        said_undone = [line for line in out.splitlines() if line.startswith("undone ")]
        assert said_undone == ([] if undoer is None else [
            f"undone   by run {undoer}: what it took back from run {d4} is in memory again"
            if run_id == u1 else
            f"undone   by run {undoer}: memory no longer holds what it changed"]), out
        code, out = _cli(memory, "show", "--json", run_id)
        assert code == 0 and json.loads(out)["undone_by"] == undoer, out


def test_a_long_diary_heading_is_read_in_time_and_the_diary_once_per_undo(
    memory: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`log`, `show` and `undo` read DREAMS.md's undos: the pattern that found them tried every
    ' · run ' of a heading line against the rest of both lines, so a 120,000-character entry
    (a heading of 6,000 ' · run x · undo', a 'Committed:' line of 30,000 words) took seconds
    each time (20,000 characters 0.3 s, 41,000 2.6 s); and `undo` read the diary three times
    to decide what to undo. The undos a real entry tells of are still found."""
    state = memory / ".autodream"
    d3, d4, _ = _two_dreams(memory)
    code, said = _cli(memory, "undo")
    assert code == 0, said
    u1 = _undo_id(said)
    shutil.rmtree(journal.run_dir(state, u1))  # (DREAMS.md alone tells of U1 now)
    diary = state / journal.DIARY_FILENAME
    with diary.open("a", encoding="utf-8") as out:
        out.write("\n## " + " · run x · undo" * 6000 + "\n\nCommitted: " + "a " * 30000 + "\n")

    began = time.process_time()
    code, out = _cli(memory, "log", "--json")
    assert time.process_time() - began < 1.0
    assert code == 0 and {r["id"]: r["undone_by"] for r in json.loads(out)} == {
        d3: None, d4: u1}, out

    reads: list[Path] = []
    read_text = Path.read_text

    def counted(path: Path, *args: Any, **kwargs: Any) -> str:
        if path.name == journal.DIARY_FILENAME:
            reads.append(path)
        return read_text(path, *args, **kwargs)

    monkeypatch.setattr(Path, "read_text", counted)
    began = time.process_time()
    code, said = _cli(memory, "undo")
    assert time.process_time() - began < 1.0
    assert code == 0 and said.startswith(f"undid run {d3}: "), said
    assert len(reads) == 2, reads  # (once to decide, once to append the undo's own entry)


def _diary_undo(state: Path, undo_id: str, undid: str) -> None:
    """An undo's entry typed into DREAMS.md by hand, as an undo writes it."""
    stamp = f"{undo_id[:4]}-{undo_id[4:6]}-{undo_id[6:8]} {undo_id[9:11]}:{undo_id[11:13]}:00"
    with (state / journal.DIARY_FILENAME).open("a", encoding="utf-8") as out:
        out.write(f"\n## {stamp} UTC · run {undo_id} · undo\n\n"
                  f"Committed: 1 changed. Undo of run {undid}.\n")


def test_an_undo_typed_into_the_diary_is_not_taken_for_one_where_memory_says_otherwise(
    memory: Path,
) -> None:
    """D3 changes role.md, D4 deploy.md; a line typed into DREAMS.md says run U (no folder)
    undid D4 (rev112): `undo` undid D3 and said nothing of it (exit 0), D4's work left, and
    `log` marked D4 '[undone by U]', a run that never was. Memory holds what D4 left in
    deploy.md, so no undo of it is in place: `undo` undoes D4, as without the line."""
    state = memory / ".autodream"
    d3 = dream(memory, {"role.md": topic("Role", "user", "Staff engineer.")})
    after_d3 = tree(memory)
    d4 = dream(memory, {"deploy.md": topic("Deploy", "project", "Friday freeze.")},
               now=NOW + timedelta(days=1))
    forged = "20260722T090000Z-0001"
    assert forged > d4.id
    _diary_undo(state, forged, d4.id)

    code, out = _cli(memory, "log", "--json")
    assert code == 0 and {r["id"]: r["undone_by"] for r in json.loads(out)} == {
        d3.id: None, d4.id: None}, out
    code, out = _cli(memory, "show", "--json", d4.id)
    assert code == 0 and json.loads(out)["undone_by"] is None, out
    code, said = _cli(memory, "undo")
    assert code == 0 and said.startswith(f"undid run {d4.id}: "), said
    assert "DREAMS.md" not in said, said
    assert tree(memory) == after_d3


def test_an_undo_the_diary_dates_before_the_run_it_undid_is_not_taken_for_one(
    memory: Path,
) -> None:
    """D3, D4 (both changing role.md), and a DREAMS.md line saying U, dated before D3, undid
    D3: memory does not hold D3's role.md (D4 changed it since), but an undo's id sorts after
    every run the journal held when it ran, the run it undid among them; `log` marked D3
    '[undone by U]' and `undo D3` refused it as already undone. Neither now."""
    state = memory / ".autodream"
    d3, d4, _ = _two_dreams(memory)
    forged = "20260701T090000Z-0001"
    assert forged < d3
    _diary_undo(state, forged, d3)

    code, out = _cli(memory, "log", "--json")
    assert code == 0 and {r["id"]: r["undone_by"] for r in json.loads(out)} == {
        d3: None, d4: None}, out
    code, said = _cli(memory, "undo", d3)  # (D4 changed role.md since: refused as such)
    assert code == 7 and f"run {d4}" in said and "already undone" not in said, said


def test_show_reads_only_the_undos_newer_than_the_run_it_shows(
    memory: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`show` (since dd197ea) decoded every run record to say which undo took the run back:
    300 runs of 108 KB records took 130-156 ms more per `show` (rev112). An undo sorts after
    the run it undid, and a record names its trigger in its last lines: `show D1` decodes
    no dream after it, only the undo, and still says which runs that undo took back; a
    record not in the form autodream writes (compact JSON) is read whole."""
    state = memory / ".autodream"
    notes = [{"action": "note", "text": "x" * 500, "i": i} for i in range(20)]  # (> 4 KB)
    dreams = [dream(memory, {f"topic_{i}.md": topic(f"Topic {i}")}, decisions=notes,
                    now=NOW + timedelta(hours=i)) for i in range(6)]
    code, said = _cli(memory, "undo")
    assert code == 0 and said.startswith(f"undid run {dreams[-1].id}: "), said
    undo_id = _undo_id(said)

    decoded: list[str] = []
    from_json = journal.RunRecord.from_json.__func__  # type: ignore[attr-defined]

    def counted(cls: type[journal.RunRecord], text: str) -> journal.RunRecord:
        record: journal.RunRecord = from_json(cls, text)
        decoded.append(record.id)
        return record

    monkeypatch.setattr(journal.RunRecord, "from_json", classmethod(counted))
    for shown, undoer in ((dreams[0].id, None), (dreams[-1].id, undo_id)):
        decoded.clear()
        code, out = _cli(memory, "show", "--json", shown)
        assert code == 0 and json.loads(out)["undone_by"] == undoer, out
        assert set(decoded) == {shown, undo_id}, decoded
    # a dream's record written compact (by hand): its trigger is read from the whole of it
    compact = journal.run_dir(state, dreams[3].id) / journal.RECORD_FILENAME
    compact.write_text(json.dumps(json.loads(compact.read_text("utf-8"))), "utf-8")
    decoded.clear()
    code, out = _cli(memory, "show", "--json", dreams[0].id)
    assert code == 0 and json.loads(out)["undone_by"] is None, out
    assert set(decoded) == {dreams[0].id, dreams[3].id, undo_id}, decoded
