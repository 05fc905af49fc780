from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

import pytest
from click.testing import CliRunner

from autodream import journal
from autodream.cli import cli
from autodream.errors import BadInput, MemoryChanged, NotFound, UndoConflict
from autodream.memory.staging import Staging
from tests.factories import REPO_ROOT
from tests.memdirs import NOW, dream, sample_memory, topic, tree

EDITS: dict[str, str | bytes | None] = {
    "MEMORY.md": "## User\n- [Role](role.md) — staff data engineer\n\n"
    "## Project\n- [Deploys](deploy.md) — friday freeze, merged CI\n\n"
    "## Reference\n- [Blob](blob.bin.md) — binary\n",
    "role.md": topic("Role", "user", "Staff data engineer since 2026-07-01."),
    "deploy.md": topic("Deploys", "project", "Friday freeze. CI on GitHub."),
    "blob.bin.md": b"\x00\xff\xfe binary\r\n",
    "pnpm.md": None,
    "sub/ci.md": None,
}
DECISIONS = [  # the local engine's shape: past-tense action, subject, reason, file
    {"action": "merged", "subject": "CI runs on GitHub", "file": "deploy.md",
     "reason": "same project as the deploy notes", "session_id": "abc"},
    {"action": "updated", "subject": "Role", "file": "role.md",
     "reason": "promoted on 2026-07-01 (session abc)"},
    {"action": "pruned", "subject": "Use pnpm", "file": "pnpm.md",
     "reason": "the repo's package.json already says so"},
    {"action": "removed", "files": ["memory/sub/ci.md"], "reason": "merged into deploy.md"},
    {"action": "dated", "subject": "role.md", "file": "role.md", "reason": "'today' -> 2026-07-01"},
    {"action": "dated", "subject": "role.md", "file": "role.md", "reason": "'today' -> 2026-07-01"},
    {"action": "dropped", "subject": "ok thanks", "reason": "chit-chat"},
    {"action": "dropped", "subject": "lol", "reason": "chit-chat"},
    {"action": "kept", "subject": "Role", "reason": "seen twice"},
]


def test_record_round_trips_through_json(tmp_path: Path) -> None:
    memory = sample_memory(tmp_path / "memory")
    record = dream(memory, EDITS, decisions=DECISIONS, summary="merged CI into deploy")
    again = journal.RunRecord.from_json(record.to_json())
    assert again == record
    assert again.outcome == "committed" and again.trigger == "force"
    assert re.fullmatch(r"20260720T090000Z-[0-9a-f]{4}", again.id)
    assert again.started_at == "2026-07-20T09:00:00Z" and again.ended_at
    assert sorted(again.paths("deleted")) == ["pnpm.md", "sub/ci.md"]


def test_list_runs_newest_first_and_load_by_prefix(tmp_path: Path) -> None:
    memory = sample_memory(tmp_path / "memory")
    state = memory / ".autodream"
    first = dream(memory, {"role.md": topic("Role", "user", "one")})
    second = dream(memory, {"role.md": topic("Role", "user", "two")}, now=NOW + timedelta(days=1))
    assert [r.id for r in journal.list_runs(state)] == [second.id, first.id]
    assert [r.id for r in journal.list_runs(state, 1)] == [second.id]
    assert journal.load_run(state, second.id[:10]).id == second.id
    with pytest.raises(NotFound, match="no run"):
        journal.load_run(state, "1999")
    third = dream(memory, {"role.md": topic("Role", "user", "three")})
    with pytest.raises(BadInput, match="ambiguous, it matches 2 runs"):
        journal.load_run(state, third.id[:16])


def test_run_diff_shows_every_change_even_after_later_runs(tmp_path: Path) -> None:
    memory = sample_memory(tmp_path / "memory")
    record = dream(memory, EDITS)
    dream(memory, {"role.md": topic("Role", "user", "later run")}, now=NOW + timedelta(days=1))
    diff = journal.run_diff(memory / ".autodream", record.id)
    assert "--- a/role.md\n+++ b/role.md\n" in diff
    assert "+Staff data engineer since 2026-07-01.\n" in diff
    assert "--- a/sub/ci.md\n+++ /dev/null\n" in diff
    assert "Binary files /dev/null and b/blob.bin.md differ" in diff
    assert "later run" not in diff


def test_undo_restores_before_images_byte_for_byte(tmp_path: Path) -> None:
    memory = sample_memory(tmp_path / "memory")
    old = tree(memory)
    record = dream(memory, EDITS)
    new = tree(memory)
    assert new != old
    undone = journal.undo(memory, memory / ".autodream", now=NOW)
    assert tree(memory) == old  # CRLF file back, added binary gone, deleted sub/ci.md back
    assert undone.trigger == "undo" and undone.undoes == record.id
    assert undone.outcome == "committed"
    assert sorted(undone.paths("added")) == ["pnpm.md", "sub/ci.md"]
    assert undone.paths("deleted") == ["blob.bin.md"]
    diary = (memory / ".autodream" / "DREAMS.md").read_text()
    assert f"Committed: 2 added, 3 changed, 1 deleted. Undo of run {record.id}." in diary
    assert "- Restored `pnpm.md`" in diary and "- Removed `blob.bin.md`" in diary
    # the undo is a run like any other: shown in the log, and undoable
    assert journal.list_runs(memory / ".autodream", 1)[0].id == undone.id
    journal.undo(memory, memory / ".autodream", undone.id, now=NOW)
    assert tree(memory) == new


def test_undo_refuses_when_files_changed_since_the_run(tmp_path: Path) -> None:
    memory = sample_memory(tmp_path / "memory")
    old = tree(memory)
    dream(memory, EDITS)
    (memory / "role.md").write_text("edited by hand after the dream\n")
    edited = tree(memory)
    with pytest.raises(UndoConflict, match=r"1 file\(s\) changed since run .*role.md.*--force"):
        journal.undo(memory, memory / ".autodream")
    assert tree(memory) == edited
    forced = journal.undo(memory, memory / ".autodream", force=True, now=NOW)
    assert tree(memory) == old
    assert "forced" in forced.reason


def test_undo_without_id_takes_the_newest_dream_still_in_place(tmp_path: Path) -> None:
    memory = sample_memory(tmp_path / "memory")
    state = memory / ".autodream"
    v0 = tree(memory)
    a = dream(memory, {"role.md": topic("Role", "user", "one")})
    v1 = tree(memory)
    b = dream(memory, {"deploy.md": topic("Deploy", "project", "two")}, now=NOW + timedelta(1))
    assert journal.undo(memory, state, now=NOW).undoes == b.id
    assert tree(memory) == v1
    assert journal.undo(memory, state, now=NOW).undoes == a.id
    assert tree(memory) == v0
    with pytest.raises(NotFound, match=f"run {b.id} was already undone by run "):
        journal.undo(memory, state, now=NOW)


def test_undo_of_a_run_that_committed_nothing_is_refused(tmp_path: Path) -> None:
    memory = sample_memory(tmp_path / "memory")
    record = dream(memory, {})
    assert record.outcome == "no-change"
    with pytest.raises(NotFound, match="committed nothing"):
        journal.undo(memory, memory / ".autodream", record.id)


def test_dry_run_stores_the_diff_and_changes_nothing(tmp_path: Path) -> None:
    memory = sample_memory(tmp_path / "memory")
    old = tree(memory)
    record = dream(memory, EDITS, dry_run=True)
    assert record.outcome == "dry-run"
    assert tree(memory) == old
    assert "+Friday freeze. CI on GitHub.\n" in journal.run_diff(memory / ".autodream", record.id)


def test_conclude_fails_the_run_when_memory_changed_under_it(tmp_path: Path) -> None:
    memory = sample_memory(tmp_path / "memory")
    state = memory / ".autodream"
    record = journal.begin_run(state, trigger="hook", now=NOW)
    staging = Staging.create(memory, journal.staging_dir(state, record.id))
    (staging.path / "role.md").write_text("dream's version\n")
    (memory / "role.md").write_text("user's version\n")
    with pytest.raises(MemoryChanged):
        journal.conclude(memory, state, record, staging, now=NOW)
    assert (memory / "role.md").read_text() == "user's version\n"
    saved = journal.load_run(state, record.id)
    assert saved.outcome == "failed" and "role.md" in saved.reason


def test_diary_says_what_was_added_merged_corrected_removed_and_why(tmp_path: Path) -> None:
    memory = sample_memory(tmp_path / "memory")
    record = dream(memory, EDITS, decisions=DECISIONS, summary="Merged CI into deploy notes.")
    diary = (memory / ".autodream" / "DREAMS.md").read_text()
    assert f"run {record.id} · force · local" in diary
    assert "Committed: 1 added, 3 changed, 2 deleted." in diary
    assert "> Merged CI into deploy notes." in diary
    assert "- Merged “CI runs on GitHub” into `deploy.md` — same project as the deploy" in diary
    assert "- Updated “Role” `role.md` — promoted on 2026-07-01 (session abc)" in diary
    assert "- Removed “Use pnpm” `pnpm.md` — the repo's package.json already says so" in diary
    assert "- Removed `sub/ci.md` — merged into deploy.md" in diary
    assert "- Also: 2 dropped, 1 kept" in diary
    # a subject that is just the file name is not repeated; a decision made twice shows once
    assert diary.count("- Dated “role.md” — 'today' -> 2026-07-01\n") == 1
    # (each change its own verb: 'Corrected' was said of a date written out, of an update and
    # of a plan told as past alike, as if the dream mended a mistake: ux_audit)
    assert "Corrected" not in diary
    assert "- Added `blob.bin.md`" in diary  # a change no decision explains is still listed
    assert "- Changed `MEMORY.md`" in diary
    assert not list(memory.glob("DREAMS.md"))  # never among the memory files


def test_diary_entries_for_failures_and_secrets_redacted(tmp_path: Path) -> None:
    memory = sample_memory(tmp_path / "memory")
    state = memory / ".autodream"
    record = journal.begin_run(state, trigger="hook", now=NOW)
    journal.finish_run(state, record, outcome="failed", now=NOW,
                       reason="check failed: key sk-ant-api03-abcdefghijklmnopqrstuv leaked")
    diary = (state / "DREAMS.md").read_text()
    assert "Failed, nothing changed: check failed: key [REDACTED:anthropic-key] leaked" in diary
    assert "sk-ant-api03" not in diary


def test_recover_closes_records_of_dead_runs(tmp_path: Path) -> None:
    memory = sample_memory(tmp_path / "memory")
    state = memory / ".autodream"
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)
    record = journal.begin_run(state, trigger="hook", now=NOW)
    record.pid = int(dead.stdout)
    journal.save_run(state, record)
    live = journal.begin_run(state, trigger="hook", now=NOW)  # ours: still running
    closed = journal.recover(memory, state, NOW)
    assert [r.id for r in closed] == [record.id]
    assert journal.load_run(state, record.id).outcome == "failed"
    assert "interrupted" in journal.load_run(state, record.id).reason
    assert journal.load_run(state, live.id).outcome == "running"


def test_recover_finds_open_records_among_finished_ones(tmp_path: Path) -> None:
    """Recovery skips finished records unparsed; an open one is found however it is spaced,
    and a finished one merely quoting the marker is left alone."""
    memory = sample_memory(tmp_path / "memory")
    state = memory / ".autodream"
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)
    quoting = journal.begin_run(state, trigger="hook", now=NOW)
    quoting.summary = 'the record said "outcome": "running"'
    journal.finish_run(state, quoting, outcome="no-change", now=NOW)
    compact = journal.begin_run(state, trigger="hook", now=NOW)
    compact.pid = int(dead.stdout)
    (journal.run_dir(state, compact.id) / "record.json").write_text(
        json.dumps(compact.to_dict(), separators=(",", ":")))
    garbage = journal.run_dir(state, "20000101T000000Z-ffffff")
    garbage.mkdir(parents=True)
    (garbage / "record.json").write_text('{"outcome": "running", ')
    closed = journal.recover(memory, state, NOW)
    assert [r.id for r in closed] == [compact.id]
    assert journal.load_run(state, compact.id).outcome == "failed"
    assert journal.load_run(state, quoting.id).outcome == "no-change"


def test_run_ids_started_in_one_second_sort_in_start_order(tmp_path: Path) -> None:
    state = tmp_path / ".autodream"
    ids = [journal.begin_run(state, trigger="replay", now=NOW).id for _ in range(40)]
    assert sorted(ids) == ids and len(set(ids)) == 40
    assert [r.id for r in journal.list_runs(state, 3)] == ids[::-1][:3]


_DREAM_AND_DIE = """
import os, signal, sys
from pathlib import Path
from autodream import journal
from autodream.cli import cli
from autodream.memory.staging import Staging
from tests.factories import REPO_ROOT
from tests.memdirs import NOW, write_tree

memory, die_at = Path(sys.argv[1]), sys.argv[2]
state = memory / ".autodream"
record = journal.begin_run(state, trigger="hook", now=NOW)
staging = Staging.create(memory, journal.staging_dir(state, record.id))
write_tree(staging.path, {"role.md": "changed\\n", "extra.md": "added\\n"})
(staging.path / "deploy.md").unlink()
hook = lambda name: os.kill(os.getpid(), signal.SIGKILL) if name == die_at else None
journal.conclude(memory, state, record, staging, now=NOW, on_step=hook)
"""


@pytest.mark.parametrize(("die_at", "committed"),
                         [("intent", False), ("replace extra.md", False), ("done", True)])
def test_a_dream_killed_mid_commit_is_closed_by_recover(
    tmp_path: Path, die_at: str, committed: bool
) -> None:
    memory = sample_memory(tmp_path / "memory")
    state = memory / ".autodream"
    old = tree(memory)
    env = {**os.environ, "PYTHONPATH": str(REPO_ROOT)}
    proc = subprocess.run([sys.executable, "-c", _DREAM_AND_DIE, str(memory), die_at],
                          env=env, capture_output=True, text=True, timeout=60)
    assert proc.returncode == -signal.SIGKILL, proc.stderr
    [record] = journal.list_runs(state)
    assert record.outcome == "running"
    journal.recover(memory, state, NOW)
    record = journal.load_run(state, record.id)
    assert not journal.staging_dir(state, record.id).exists()
    if committed:
        assert record.outcome == "committed"
        assert sorted(record.paths("added") + record.paths("changed")) == ["extra.md", "role.md"]
        journal.undo(memory, state, now=NOW)
        assert tree(memory) == old
    else:
        assert record.outcome == "failed" and "rolled back" in record.reason
        assert record.changes == []
        assert tree(memory) == old


def test_undo_refuses_when_the_journal_lost_a_before_image(tmp_path: Path) -> None:
    memory = sample_memory(tmp_path / "memory")
    state = memory / ".autodream"
    record = dream(memory, {"role.md": "new\n"})
    (journal.run_dir(state, record.id) / "before" / "role.md").unlink()
    current = tree(memory)
    with pytest.raises(NotFound, match=r"lost its before-image of role\.md"):
        journal.undo(memory, state, now=NOW)
    assert tree(memory) == current


def test_begin_run_takes_the_lock_s_run_id_or_draws_a_fresh_one(tmp_path: Path) -> None:
    state = tmp_path / ".autodream"
    run_id = journal.next_run_id(state, NOW)
    record = journal.begin_run(state, trigger="hook", now=NOW, run_id=run_id)
    assert record.id == run_id and journal.load_run(state, run_id).trigger == "hook"
    assert journal.next_run_id(state, NOW) > run_id
    again = journal.begin_run(state, trigger="hook", now=NOW, run_id=run_id)  # taken: fresh id
    assert again.id != run_id and again.id > run_id
    with pytest.raises(ValueError, match="not a run id"):
        journal.begin_run(state, trigger="hook", now=NOW, run_id="../escape")


def test_old_runs_are_pruned_to_the_newest_kept_but_never_an_open_one(tmp_path: Path) -> None:
    memory = sample_memory(tmp_path / "memory")
    state = memory / ".autodream"
    records = [dream(memory, {"role.md": topic("Role", "user", f"take {i}")}) for i in range(4)]
    still_open = journal.begin_run(state, trigger="force", now=NOW, backend="local",
                                   run_id="20260101T000000Z-0000")  # oldest, still running
    removed = journal.prune_runs(state, keep=2)
    assert removed == [records[0].id, records[1].id]
    assert {r.id for r in journal.list_runs(state)} == {
        records[2].id, records[3].id, still_open.id}
    assert journal.prune_runs(state, keep=0) == []  # 0 keeps them all


# One dream: a memory created, confirmed, then renamed when a later session superseded it; another
# created and kept nowhere the record can say.
_RENAMED_IN_ONE_DREAM: list[dict[str, str]] = [
    {"action": "created", "subject": "We deploy on Fridays", "file": "deploy_fridays.md",
     "reason": "new project memory"},
    {"action": "confirmed", "subject": "We deploy on Fridays", "file": "deploy_fridays.md",
     "reason": "already remembered"},
    {"action": "created", "subject": "Lunch at noon", "file": "lunch.md",
     "reason": "new project memory"},
    {"action": "superseded", "subject": "We deploy on Mondays now", "file": "deploy_days.md",
     "reason": "entry rewritten; file renamed from deploy_fridays.md"},
]


def _dream_renaming(memory: Path) -> None:
    dream(memory, {"deploy_days.md": topic("Deploys", "project", "Mondays.")},
          decisions=[dict(d) for d in _RENAMED_IN_ONE_DREAM])


def test_diary_names_files_as_the_dream_left_them_not_as_a_step_made_them(
        tmp_path: Path) -> None:
    # A memory created and then renamed in the same dream was listed as "Added ... `old.md`",
    # a file that never reached memory.
    memory = sample_memory(tmp_path / "memory")
    _dream_renaming(memory)
    diary = (memory / ".autodream" / "DREAMS.md").read_text()
    assert "- Added “We deploy on Fridays” `deploy_days.md` — new project memory" in diary
    assert "- Added “Lunch at noon” — new project memory" in diary  # went nowhere it could say
    assert "`deploy_fridays.md`" not in diary and "`lunch.md`" not in diary
    assert "- Updated “We deploy on Mondays now” `deploy_days.md` — entry rewritten" in diary


def test_show_keeps_each_steps_file_and_says_where_it_is_after_the_dream(
        tmp_path: Path) -> None:
    memory = sample_memory(tmp_path / "memory")
    _dream_renaming(memory)
    shown = CliRunner().invoke(cli, ["show", "--memory-dir", str(memory)])
    assert shown.exit_code == 0, shown.output
    labels = [line.split(maxsplit=1)[1] for line in shown.stdout.split("why:\n")[1].splitlines()
              if line.startswith("  ") and not line.startswith("   ")]
    assert labels == [
        "We deploy on Fridays (deploy_fridays.md, now deploy_days.md)",
        "We deploy on Fridays (deploy_fridays.md, now deploy_days.md)",
        "Lunch at noon (lunch.md, not kept)",
        "We deploy on Mondays now (deploy_days.md)",
    ]


def test_a_dream_decodes_each_record_it_reads_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Recovery at a dream's start and the dream's look at what earlier dreams left in memory
    both read the journal; a long history's first record is ~0.5 MB of JSON, decoded once a
    process and not at each (issue #4), and decoded again once it is written anew."""
    memory = sample_memory(tmp_path / "memory")
    state = memory / ".autodream"
    record = dream(memory, EDITS, decisions=DECISIONS)
    decoded: list[str] = []
    real = journal.RunRecord.from_json.__func__  # type: ignore[attr-defined]

    def counting(cls: type[journal.RunRecord], text: str) -> journal.RunRecord:
        decoded.append(text)
        return real(cls, text)  # type: ignore[no-any-return]

    monkeypatch.setattr(journal.RunRecord, "from_json", classmethod(counting))
    assert journal.recover(memory, state, NOW) == []
    names, left = journal.dreamed_memory(state, "MEMORY.md")
    assert (names["role.md"], names["deploy.md"]) == ("Role", "Deploys")
    assert {"role.md", "deploy.md"} <= left and "pnpm.md" not in left
    assert len(decoded) == 1
    # the same bytes written again: nothing new to decode; a record saved with a change: read
    (state / "runs" / record.id / "record.json").write_text(record.to_json(), "utf-8")
    journal.dreamed_memory(state, "MEMORY.md")
    assert len(decoded) == 1
    record.changes = [c for c in record.changes if c.path != "role.md"]
    journal.save_run(state, record)
    names, left = journal.dreamed_memory(state, "MEMORY.md")
    assert len(decoded) == 2 and "role.md" not in names and "role.md" not in left
