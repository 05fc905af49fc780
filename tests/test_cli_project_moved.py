"""A project moved (``mv``) or copied (``cp -a``) whole, memory, sessions and all: undo still
has the next dream read again what the undone dreams read, and a dream reads on from where the
last one stopped, not from the old place."""

from __future__ import annotations

import json
import os
import shutil
from datetime import UTC, datetime
from pathlib import Path

import pytest
from click.testing import CliRunner

from autodream import errors
from autodream.cli import cli
from tests.factories import TranscriptBuilder, project_dirs, run_cli

WEEK = ("We deploy with GitHub Actions on every merge.",
        "Tests run with pytest, never unittest.",
        "We use PostgreSQL 17 for the orders service.",
        "Always write changelog entries in the past tense.",
        "Keep pull requests small, under 200 lines.",
        "Use ruff for linting.",
        "The staging cluster is in eu-west-1.")
AFTER = "2026-07-07T21:00:00+00:00"


def memory_text(root: Path) -> str:
    return "\n".join(p.read_text(encoding="utf-8")
                     for p in sorted((root / "memory").glob("*.md")))


def a_week(root: Path) -> Path:
    """A week of sessions in ``root``, one a day, each dreamed over that evening."""
    project_dirs(root, 'backend = "local"\nmin_hours = 1\nmin_sessions = 1\n'
                 'scan_interval_minutes = 1\n')
    for day, said in enumerate(WEEK, start=1):
        b = TranscriptBuilder(cwd=str(root / "project"),
                              start=datetime(2026, 7, day, 9, tzinfo=UTC))
        b.user(said).assistant("Got it, noted.")
        b.write(root / "sessions")
        run_cli(root, "--force", now=f"2026-07-0{day}T20:00:00+00:00", AUTODREAM_NO_CACHE="1")
    text = memory_text(root)
    assert "PostgreSQL 17" in text and "under 200 lines" in text
    return root


def as_an_older_autodream_left_it(root: Path) -> None:
    """The read positions as autodream wrote them before they said where they were kept."""
    store = root / "memory" / ".autodream" / "offsets.json"
    data = json.loads(store.read_text(encoding="utf-8"))
    data.pop("places", None)
    store.write_text(json.dumps(data), encoding="utf-8")


def undo_until_gone(root: Path, words: str) -> list[str]:
    said = []
    for _ in WEEK:
        said.append(run_cli(root, "undo", now=AFTER).output)
        if words not in memory_text(root):
            return said
    raise AssertionError(f"undo never took back {words!r}")


def a_week_moved(tmp_path: Path, older_store: bool) -> Path:
    """A week dreamt in ``t`` (its store as an older autodream left it, when ``older_store``),
    then ``mv t t2``: the moved project."""
    week = a_week(tmp_path / "t")
    if older_store:
        as_an_older_autodream_left_it(week)
    moved = tmp_path / "t2"
    week.rename(moved)
    return moved


@pytest.mark.parametrize("older_store", [False, True])
def test_undo_after_the_project_moved_has_the_next_dream_read_it_again(
    tmp_path: Path, older_store: bool
) -> None:
    moved = a_week_moved(tmp_path, older_store)
    said = undo_until_gone(moved, "PostgreSQL 17")
    assert "under 200 lines" not in memory_text(moved)
    assert all("reads again what it read in 1 transcript(s)" in out for out in said)
    out = run_cli(moved, "--force", now=AFTER, AUTODREAM_NO_CACHE="1").output
    assert "not read" not in out, out
    text = memory_text(moved)
    assert "PostgreSQL 17" in text and "under 200 lines" in text, out
    # read again from the new place: kept there, nothing under the old one
    store = json.loads((moved / "memory" / ".autodream" / "offsets.json").read_text("utf-8"))
    assert store["files"] and all(k.startswith(str(moved) + "/") for k in store["files"])


def append_said(session: Path, said: str, at: datetime) -> None:
    """The person says ``said`` in ``session`` again, later (a resumed session)."""
    record = json.loads(session.read_text(encoding="utf-8").splitlines()[0])
    record.update(timestamp=at.isoformat().replace("+00:00", "Z"), parentUuid=None,
                  uuid="0a3c6a1e-7a52-4e8e-9b57-6c4be0b1e001",
                  message={"role": "user", "content": said})
    with session.open("a", encoding="utf-8") as fh:
        fh.write(json.dumps(record) + "\n")


@pytest.mark.parametrize("older_store", [False, True])
def test_a_dream_after_the_move_reads_only_what_was_said_since(
    tmp_path: Path, older_store: bool
) -> None:
    moved = a_week_moved(tmp_path, older_store)
    last = max((moved / "sessions").glob("*.jsonl"), key=lambda p: p.stat().st_mtime)
    append_said(last, "Our on-call rotation changes on Mondays.",
                datetime(2026, 7, 8, 10, tzinfo=UTC))
    out = run_cli(moved, now="2026-07-08T20:00:00+00:00", AUTODREAM_NO_CACHE="1").output
    assert "1 session read" in out, out
    shown = json.loads(run_cli(moved, "show", "--json", now="2026-07-08T20:00:00+00:00").output)
    subjects = {d.get("subject") for d in shown["run"]["decisions"]}
    # the staging cluster, said in that session a day before and read then, is not read again
    assert subjects == {"Our on-call rotation changes on Mondays."}, subjects


def test_a_copy_used_beside_the_original_reads_its_own_sessions(tmp_path: Path) -> None:
    original = a_week(tmp_path / "t")
    copy = tmp_path / "t3"
    shutil.copytree(original, copy, symlinks=True)  # (cp -a: the times kept)
    before = memory_text(original)
    undo_until_gone(copy, "under 200 lines")
    out = run_cli(copy, "--force", now=AFTER, AUTODREAM_NO_CACHE="1").output
    assert "not read" not in out, out
    assert "under 200 lines" in memory_text(copy), out
    # the original, its sessions read to their end, has nothing new: its dream reads nothing
    out = run_cli(original, "--force", now=AFTER, AUTODREAM_NO_CACHE="1").output
    assert "0 sessions read" in out and memory_text(original) == before, out
    for root in (original, copy):
        store = json.loads((root / "memory" / ".autodream" / "offsets.json").read_text("utf-8"))
        assert all(k.startswith(str(root) + "/") for k in store["files"]), root


def test_undoing_an_undo_after_the_move_leaves_nothing_to_read_again(tmp_path: Path) -> None:
    week = a_week(tmp_path / "t")
    moved = tmp_path / "t2"
    week.rename(moved)
    out = run_cli(moved, "undo", now=AFTER).output
    undo_id = out.split("recorded as run ", 1)[1].split(")", 1)[0]
    run_cli(moved, "undo", undo_id, now=AFTER)
    # the dream's memories are back and its sessions read to their end where it left them:
    # no dream starts to read nothing
    environ = {k: v for k, v in os.environ.items()
               if not k.startswith(("AUTODREAM_", "ANTHROPIC_"))}
    result = CliRunner().invoke(cli, ["--project", str(moved)],
                                env={**environ, "AUTODREAM_NOW": AFTER})
    assert result.exit_code == errors.GateClosed.exit_code, result.output
    assert "0 sessions touched since the last dream" in result.output


@pytest.mark.parametrize("project_root", ["project", "."])
def test_a_copy_set_to_read_the_originals_sessions_reads_what_is_said_there(
    tmp_path: Path, project_root: str
) -> None:
    """A copy whose autodream.toml names the original's sessions dir by its absolute path (a
    second memory dreamed over the same sessions): what is said on in the original is read
    there, undone and read there again, never in the copy's own stale copies of them."""
    original = a_week(tmp_path / "t")
    toml = original / "autodream.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace(
        'sessions_dir = "sessions"', f'sessions_dir = "{original / "sessions"}"').replace(
        'project_root = "project"', f'project_root = "{project_root}"'), encoding="utf-8")
    copy = tmp_path / "t3"
    shutil.copytree(original, copy, symlinks=True)  # (cp -a: the times kept)
    last = max((original / "sessions").glob("*.jsonl"), key=lambda p: p.stat().st_mtime)
    append_said(last, "Our on-call rotation changes on Mondays.",
                datetime(2026, 7, 8, 10, tzinfo=UTC))
    os.utime(last, (datetime(2026, 7, 8, 10, 5, tzinfo=UTC).timestamp(),) * 2)
    out = run_cli(copy, now="2026-07-08T20:00:00+00:00", AUTODREAM_NO_CACHE="1").output
    assert "on-call" in memory_text(copy), out
    run_cli(copy, "undo", now="2026-07-08T21:00:00+00:00")
    assert "on-call" not in memory_text(copy)
    out = run_cli(copy, now="2026-07-08T22:00:00+00:00", AUTODREAM_NO_CACHE="1").output
    assert "1 session read" in out and "not read" not in out, out
    assert "on-call" in memory_text(copy), out
    store = json.loads((copy / "memory" / ".autodream" / "offsets.json").read_text("utf-8"))
    assert all(k.startswith(str(original / "sessions") + "/") for k in store["files"]), out
