"""``autodream scrub``: a credential the redactor missed, taken out of memory and the journal."""

from __future__ import annotations

import contextlib
import errno
import json
import os
import re
import signal
import stat
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import click.testing
import pytest
from click.testing import CliRunner

from autodream import journal, scrub
from autodream.cli import cli
from tests.memdirs import commit_killed_midway, dream, needs_dir_fd, sample_memory, topic

# A password of no shape the redactor knows; the quote is written escaped in the run records
SECRET = 'Quokka"Lantern#2291'
PLACEHOLDER = "[REDACTED:scrubbed]"
SESSION = "0b9f3c2e-5d4a-4f6b-9c1d-2e3f4a5b6c7d"


def stop_at(step: int, stop: BaseException) -> tuple[list[str], Callable[[str], None]]:
    """A scrub's ``on_step`` that records each step and raises ``stop`` at step number
    ``step`` (1-based): a Ctrl-C or a kill part way. Returns the steps seen and the callback."""
    seen: list[str] = []

    def on_step(name: str) -> None:
        seen.append(name)
        if len(seen) == step:
            raise stop

    return seen, on_step


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A project whose memory holds SECRET in a topic file, put there by one dream and kept by
    the next, so two runs hold it in their undo copies, records and diary; a Claude Code
    session and a Codex rollout hold it too."""
    memory = sample_memory(tmp_path / "memory")
    (tmp_path / "autodream.toml").write_text(
        'memory_dir = "memory"\nsessions_dir = "sessions"\ncodex_sessions_dir = "codex"\n')
    sessions = tmp_path / "sessions"
    sessions.mkdir()
    said = {"type": "user", "message": {"content": f"the staging password is {SECRET}"}}
    (sessions / f"{SESSION}.jsonl").write_text(json.dumps(said) + "\n")
    (sessions / "1c2d3e4f-0000-4000-8000-000000000000.jsonl").write_text('{"type":"user"}\n')
    rollouts = tmp_path / "codex" / "2026" / "07" / "19"
    rollouts.mkdir(parents=True)
    (rollouts / "rollout-2026-07-19T10-00-00-abc.jsonl").write_text(
        json.dumps({"payload": {"text": SECRET}}) + "\n")
    dream(memory, {"deploy.md": topic("Deploy", "project", f"Staging password: {SECRET}.")},
          decisions=[{"action": "corrected", "file": "deploy.md", "subject": "Deploy",
                      "reason": f"said the password is {SECRET}"}])
    dream(memory, {"deploy.md": topic("Deploy", "project",
                                      f"Deploy on Fridays; staging password: {SECRET}."),
                   "role.md": topic("Role", "user", "A data engineer.")})
    return tmp_path


def _run(project: Path, *args: str, value: str | None = SECRET) -> click.testing.Result:
    return CliRunner().invoke(cli, [*args, "--project", str(project)], input=value,
                              env={"AUTODREAM_MEMORY_DIR": None})


def snapshot(root: Path) -> dict[str, bytes]:
    """Every file under ``root``, the state dir and hidden files included; the lock's own
    files left out (taking the lock rewrites them, as every command holding it does)."""
    out: dict[str, bytes] = {}
    for dirpath, _dirnames, filenames in os.walk(root):
        for name in filenames:
            if name not in (".consolidate-lock", "lock.guard"):
                path = Path(dirpath) / name
                out[path.relative_to(root).as_posix()] = path.read_bytes()
    return out


def holding(root: Path) -> list[str]:
    """The files under ``root`` that hold SECRET, as it is or escaped in JSON."""
    forms = (SECRET.encode(), json.dumps(SECRET)[1:-1].encode())
    return sorted(rel for rel, data in snapshot(root).items() if any(f in data for f in forms))


def test_scrub_replaces_every_copy_and_undo_still_restores_the_earlier_state(
    project: Path,
) -> None:
    memory = project / "memory"
    first, second = sorted(r.id for r in journal.list_runs(memory / ".autodream"))
    held = holding(memory)
    assert "deploy.md" in held and f".autodream/runs/{first}/after/deploy.md" in held
    assert f".autodream/runs/{second}/before/deploy.md" in held
    assert f".autodream/runs/{first}/record.json" in held  # the decision's reason
    result = _run(project, "scrub")
    assert result.exit_code == 0, result.output
    assert SECRET not in result.output and "Quokka" not in result.output
    assert holding(memory) == []
    lines = result.output.splitlines()
    assert lines[0].startswith("replaced ")
    assert lines[0].endswith(f"occurrence(s) in {len(held)} file(s) with {PLACEHOLDER}:")
    assert "  deploy.md (1)" in lines
    assert f"  .autodream/runs/{first}/record.json (1)" in lines
    assert "so undo still works" in result.output
    assert (f"edit the line(s) holding {PLACEHOLDER} in deploy.md: a dream leaves a file with "
            "that mark as it is") in lines
    assert (memory / "deploy.md").read_text().count(PLACEHOLDER) == 1
    # show's diff is of the scrubbed copies
    shown = _run(project, "show", first, value=None)
    assert shown.exit_code == 0 and PLACEHOLDER in shown.output and "Quokka" not in shown.output
    # undo: the second dream, then the first, each without a conflict
    undone = _run(project, "undo", value=None)
    assert undone.exit_code == 0, undone.output
    assert (memory / "deploy.md").read_text() == topic(
        "Deploy", "project", f"Staging password: {PLACEHOLDER}.")
    assert (memory / "role.md").read_text() == topic("Role", "user")
    undone = _run(project, "undo", first, value=None)
    assert undone.exit_code == 0, undone.output
    assert (memory / "deploy.md").read_text() == topic("Deploy", "project")
    assert holding(memory) == []


def test_the_transcripts_still_holding_it_are_listed_not_changed(project: Path) -> None:
    session = project / "sessions" / f"{SESSION}.jsonl"
    before = session.read_bytes()
    result = _run(project, "scrub")
    assert result.exit_code == 0, result.output
    assert "still in 2 transcript(s)" in result.output and "rotate the credential" in result.output
    rollout = project / "codex" / "2026" / "07" / "19" / "rollout-2026-07-19T10-00-00-abc.jsonl"
    assert f"  {session}" in result.output.splitlines()
    assert f"  {rollout}" in result.output.splitlines()
    assert "1c2d3e4f" not in result.output
    assert session.read_bytes() == before


def test_json_output(project: Path) -> None:
    result = _run(project, "scrub", "--json")
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    assert doc["status"] == "ok" and doc["dry_run"] is False
    assert doc["placeholder"] == PLACEHOLDER
    assert {"path": "deploy.md", "count": 1} in doc["files"]
    assert doc["occurrences"] == sum(f["count"] for f in doc["files"])
    assert len(doc["transcripts"]) == 2
    assert "Quokka" not in result.output


def test_a_dry_run_lists_what_would_change_and_changes_nothing(project: Path) -> None:
    before = snapshot(project)
    result = _run(project, "scrub", "--dry-run")
    assert result.exit_code == 0, result.output
    assert result.output.startswith("would replace ")
    assert "  deploy.md (1)" in result.output.splitlines()
    assert "Quokka" not in result.output
    assert snapshot(project) == before


def test_a_value_not_found_changes_nothing(project: Path) -> None:
    before = snapshot(project)
    result = _run(project, "scrub", value="NotThereAtAll-123")
    assert result.exit_code == 0, result.output
    assert "nothing to scrub" in result.output and "transcript" not in result.output
    assert snapshot(project) == before


@pytest.mark.parametrize(("value", "said"), [
    ("", "no value to scrub was given"),
    ("   \n", "no value to scrub was given"),
    ("abc123\n", "the value to scrub is 6 character(s); at least 8 are needed, since a shorter "
                 "one would match too much ordinary text"),
    ("REDACTED", "part of the placeholder"),
])
def test_an_empty_or_short_value_is_refused(project: Path, value: str, said: str) -> None:
    before = snapshot(project)
    result = _run(project, "scrub", value=value)
    assert result.exit_code == 10
    assert len(result.output.strip().splitlines()) == 1 and said in result.output
    assert snapshot(project) == before


def test_refused_while_a_dream_holds_the_lock(project: Path) -> None:
    memory = project / "memory"
    (memory / ".consolidate-lock").write_text(f"{os.getpid()}\n")  # a live holder, just now
    before = snapshot(project)
    result = _run(project, "scrub")
    assert result.exit_code == 5 and "held" in result.output
    assert snapshot(project) == before


def test_the_value_is_asked_for_without_echo_at_a_terminal(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(click.testing._NamedTextIOWrapper, "isatty", lambda self: True)
    result = _run(project, "scrub", value=SECRET + "\n")
    assert result.exit_code == 0, result.output
    assert "Value to scrub (not shown): " in result.output and "Quokka" not in result.output
    assert holding(project / "memory") == []


def test_a_failed_replace_part_way_leaves_every_byte_as_it_was(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = snapshot(project)
    real = os.replace
    calls = [0]

    def failing(src: Any, dst: Any, **at: Any) -> None:
        calls[0] += 1
        if calls[0] == 4:  # after the JSON and some images are in place
            raise OSError(28, "No space left on device", str(dst))
        real(src, dst, **at)

    monkeypatch.setattr(os, "replace", failing)
    result = _run(project, "scrub")
    assert result.exit_code == 1 and "No space left on device" in result.output
    assert "Quokka" not in result.output
    monkeypatch.setattr(os, "replace", real)
    assert snapshot(project) == before
    # and the scrub goes through once the disk has room
    assert _run(project, "scrub").exit_code == 0
    assert holding(project / "memory") == []


def test_an_interrupt_at_any_file_leaves_every_byte_as_it_was(project: Path) -> None:
    memory = project / "memory"
    before = snapshot(project)
    steps: list[str] = []
    scrub.scrub(memory, memory / ".autodream", SECRET, on_step=steps.append)
    assert len(steps) > 5
    for at in range(len(steps)):
        # the scrub above is undone by writing the project back as it was
        for rel, data in before.items():
            (project / rel).write_bytes(data)
        seen, interrupt = stop_at(at + 1, KeyboardInterrupt())
        with pytest.raises(KeyboardInterrupt):
            scrub.scrub(memory, memory / ".autodream", SECRET, on_step=interrupt)
        assert snapshot(project) == before, seen[-1]


def test_in_claude_codes_layout_the_memory_dir_is_not_taken_for_a_transcript(
    tmp_path: Path,
) -> None:
    # ~/.claude/projects/<project>/ holds the transcripts and, inside, memory/
    sessions = tmp_path / "sessions"
    memory = sample_memory(sessions / "memory")
    (tmp_path / "autodream.toml").write_text('memory_dir = "sessions/memory"\n'
                                             'sessions_dir = "sessions"\n')
    (sessions / f"{SESSION}.jsonl").write_text(json.dumps({"text": SECRET}) + "\n")
    results = sessions / SESSION / "tool-results"
    results.mkdir(parents=True)
    (results / "toolu_01.txt").write_text(f"PASSWORD={SECRET}\n")
    dream(memory, {"deploy.md": topic("Deploy", "project", f"Password: {SECRET}.")})
    result = _run(tmp_path, "scrub", "--dry-run")
    assert result.exit_code == 0, result.output
    assert "still in 2 transcript(s)" in result.output
    assert [line for line in result.output.splitlines() if str(sessions) in line] == [
        f"  {sessions / SESSION}.jsonl",
        f"  {sessions / SESSION / 'tool-results' / 'toolu_01.txt'}"]


def _no_write_back(patched: pytest.MonkeyPatch) -> None:
    """A kill runs no roll-back: no file is written back, only the new names a scrub chooses
    (written before anything moves) are kept."""
    write_atomic = scrub.commit_mod.write_atomic

    def names_only(path: Path, data: bytes, **kw: Any) -> None:
        if path.name == scrub.NAMES_FILENAME:
            write_atomic(path, data, **kw)

    patched.setattr(scrub.commit_mod, "write_atomic", names_only)


@pytest.mark.parametrize("killed_after", [1, 3, 5, 7])
def test_a_scrub_killed_part_way_is_finished_by_running_it_again(
    project: Path, monkeypatch: pytest.MonkeyPatch, killed_after: int
) -> None:
    # a kill leaves no chance to write back: what is in place stays, the staged rest is left
    memory = project / "memory"
    _, kill = stop_at(killed_after, SystemExit(137))

    with monkeypatch.context() as patched:
        _no_write_back(patched)
        patched.setattr(scrub, "_remove", lambda _root, _path: None)
        with pytest.raises(SystemExit):
            scrub.scrub(memory, memory / ".autodream", SECRET, on_step=kill)
    assert any(name.endswith(".scrub.tmp") for name in snapshot(memory))
    result = _run(project, "scrub")
    assert result.exit_code == 0, result.output
    assert holding(memory) == []
    assert not any(name.endswith(".scrub.tmp") for name in snapshot(memory))
    first = min(r.id for r in journal.list_runs(memory / ".autodream"))
    assert _run(project, "undo", value=None).exit_code == 0
    assert _run(project, "undo", first, value=None).exit_code == 0
    assert (memory / "deploy.md").read_text() == topic("Deploy", "project")


# A password in a file's name: a dream once built a topic's name from the line holding it
NAMED = "walrusbanjo77"
NAMED_FILE = f"reference_grafana-acme-io-login-admin-{NAMED}.md"


@pytest.fixture
def named(tmp_path: Path) -> Path:
    """A project whose first dream created NAMED_FILE (the password in its name and title)
    and linked it from MEMORY.md, and whose second dream edited it."""
    memory = sample_memory(tmp_path / "memory")
    (tmp_path / "autodream.toml").write_text('memory_dir = "memory"\nsessions_dir = "s"\n')
    (tmp_path / "s").mkdir()
    title = f"Grafana is at https://grafana.acme.io, login admin / {NAMED}"
    old_index = (memory / "MEMORY.md").read_text()
    dream(memory, {NAMED_FILE: topic(title, "reference"),
                   "MEMORY.md": old_index + f"- [{title}]({NAMED_FILE}) — dashboards\n"},
          decisions=[{"action": "created", "file": NAMED_FILE, "subject": title,
                      "reason": "new reference memory"}])
    dream(memory, {NAMED_FILE: topic(title, "reference", "Dashboards for payments.")})
    return tmp_path


def _names_and_bytes_holding(root: Path, value: str) -> list[str]:
    return sorted(rel for rel, data in snapshot(root).items()
                  if value.lower() in rel.lower() or value.encode() in data)


def test_a_file_whose_name_holds_the_value_is_renamed_and_undo_still_works(
    named: Path,
) -> None:
    memory = named / "memory"
    first, second = sorted(r.id for r in journal.list_runs(memory / ".autodream"))
    new_name = "reference_grafana-acme-io-login-admin-redacted.md"
    result = _run(named, "scrub", value=NAMED)
    assert result.exit_code == 0, result.output
    assert NAMED not in result.output
    assert _names_and_bytes_holding(memory, NAMED) == []
    assert (memory / new_name).is_file() and not (memory / NAMED_FILE).exists()
    assert f"]({new_name})" in (memory / "MEMORY.md").read_text()
    assert (memory / ".autodream" / "runs" / first / "after" / new_name).is_file()
    assert (memory / ".autodream" / "runs" / second / "before" / new_name).is_file()
    assert "renamed 4 file(s) whose name held it, to:" in result.output
    assert f"  -> {new_name}" in result.output.splitlines()
    # a dream after it finds the index and its files agreeing
    shown = _run(named, "show", first, value=None)
    assert shown.exit_code == 0 and new_name in shown.output and NAMED not in shown.output
    undone = _run(named, "undo", value=None)
    assert undone.exit_code == 0, undone.output
    assert "Dashboards" not in (memory / new_name).read_text()
    undone = _run(named, "undo", first, value=None)
    assert undone.exit_code == 0, undone.output
    assert not (memory / new_name).exists()
    assert new_name not in (memory / "MEMORY.md").read_text()
    # and undoing the undo brings the renamed file back, its link with it
    again = max(r.id for r in journal.list_runs(memory / ".autodream"))
    redone = _run(named, "undo", again, value=None)
    assert redone.exit_code == 0, redone.output
    assert (memory / new_name).is_file()
    assert f"]({new_name})" in (memory / "MEMORY.md").read_text()
    assert _names_and_bytes_holding(memory, NAMED) == []


def test_a_renamed_file_does_not_take_a_name_already_there(named: Path) -> None:
    memory = named / "memory"
    taken = "reference_grafana-acme-io-login-admin-redacted.md"
    (memory / taken).write_text(topic("Someone else's", "reference"))
    result = _run(named, "scrub", value=NAMED)
    assert result.exit_code == 0, result.output
    assert (memory / taken).read_text() == topic("Someone else's", "reference")
    renamed = "reference_grafana-acme-io-login-admin-redacted-2.md"
    assert (memory / renamed).is_file()
    assert f"]({renamed})" in (memory / "MEMORY.md").read_text()


# The password's last sign was dropped where memory kept it (in the title and its slug)
SIGNED = "Sup3r-S3cret-Pw!"


@pytest.mark.parametrize("name", [
    "reference_grafana-login-admin-sup3r-s3cret-pw.md",
    # the slug kept only the value's first word ("s3cret-pw" went as a value that changes)
    "reference_grafana-login-admin-sup3r.md",
])
def test_a_copy_that_lost_the_values_end_punctuation_is_scrubbed_too(
    tmp_path: Path, name: str
) -> None:
    memory = sample_memory(tmp_path / "memory")
    (tmp_path / "autodream.toml").write_text('memory_dir = "memory"\nsessions_dir = "s"\n')
    (tmp_path / "s").mkdir()
    title = "Grafana login admin / Sup3r-S3cret-Pw"
    # the run record keeps a long text cut short, the value with it
    dream(memory, {name: topic(title, "reference", f"login admin / {SIGNED}"),
                   "MEMORY.md": (memory / "MEMORY.md").read_text() + f"- [{title}]({name})\n"},
          decisions=[{"action": "created", "file": name, "subject": title,
                      "reason": "said: login admin / Sup3r…(+40 chars)"}])
    result = _run(tmp_path, "scrub", value=SIGNED)
    assert result.exit_code == 0, result.output
    for part in ("sup3r", "s3cret"):
        assert _names_and_bytes_holding(memory, part) == []
        assert _names_and_bytes_holding(memory, part.capitalize()) == []
    assert (memory / "reference_grafana-login-admin-redacted.md").is_file()
    assert "still hold" not in result.output
    first = min(r.id for r in journal.list_runs(memory / ".autodream"))
    assert _run(tmp_path, "undo", first, value=None).exit_code == 0


def test_a_copy_cut_short_is_named_in_a_warning(project: Path) -> None:
    memory = project / "memory"
    (memory / "notes.md").write_text(topic("Notes", "project", f"pw was {SECRET[:-3]}"))
    result = _run(project, "scrub")
    assert result.exit_code == 0, result.output
    # (the diary's own redaction takes the whole value, quote and all, so only the note is named)
    assert ("warning: a long part of the value is still in notes.md: a "
            "copy cut short or changed; edit it by hand") in result.output.splitlines()
    assert "Quokka" not in result.output
    assert "warning" not in _run(project, "scrub", value=SECRET[:-3]).output


def test_an_interrupt_while_renaming_leaves_every_byte_and_name_as_it_was(named: Path) -> None:
    memory = named / "memory"
    before = snapshot(named)
    steps: list[str] = []
    scrub.scrub(memory, memory / ".autodream", NAMED, on_step=steps.append)
    for at in range(len(steps)):
        for rel in set(snapshot(named)) - set(before):
            (named / rel).unlink()
        for rel, data in before.items():
            (named / rel).write_bytes(data)
        seen, interrupt = stop_at(at + 1, KeyboardInterrupt())
        with pytest.raises(KeyboardInterrupt):
            scrub.scrub(memory, memory / ".autodream", NAMED, on_step=interrupt)
        assert snapshot(named) == before, seen[-1]


@pytest.mark.parametrize("killed_after", [1, 3, 5, 7])
def test_a_renaming_scrub_killed_part_way_is_finished_by_running_it_again(
    named: Path, monkeypatch: pytest.MonkeyPatch, killed_after: int
) -> None:
    memory = named / "memory"
    seen, kill = stop_at(killed_after, SystemExit(137))

    with monkeypatch.context() as patched:
        _no_write_back(patched)
        real_remove = scrub._remove

        def remove_renamed_only(root: Path, path: Path) -> None:
            # the old name of a file put in place goes (a step done before the kill); what
            # the write-back would remove stays
            if NAMED in path.name and not path.name.endswith(".scrub.tmp"):
                real_remove(root, path)

        patched.setattr(scrub, "_remove", remove_renamed_only)
        with pytest.raises(SystemExit):
            scrub.scrub(memory, memory / ".autodream", NAMED, on_step=kill)
    result = _run(named, "scrub", value=NAMED)
    assert result.exit_code == 0, result.output
    assert _names_and_bytes_holding(memory, NAMED) == []
    assert not any(name.endswith(".scrub.tmp") for name in snapshot(memory))
    new_name = "reference_grafana-acme-io-login-admin-redacted.md"
    assert f"]({new_name})" in (memory / "MEMORY.md").read_text()
    first = min(r.id for r in journal.list_runs(memory / ".autodream"))
    undone = _run(named, "undo", value=None)
    assert undone.exit_code == 0, (seen, undone.output)
    assert _run(named, "undo", first, value=None).exit_code == 0
    assert not (memory / new_name).exists()


def _kill_at(n: int, patched: pytest.MonkeyPatch) -> list[str]:
    """Kill the scrub before its ``n``-th change of a name or a file in place (a replace, a
    rename, an unlink; 1-based): from there on nothing runs, as after a SIGKILL. Returns the
    changes seen (all of them when ``n`` is past the end)."""
    seen: list[str] = []
    real = {"replace": os.replace, "rename": os.rename, "unlink": scrub._remove}

    def op(kind: str) -> Callable[..., None]:
        def run(*args: Any, **kwargs: Any) -> None:
            seen.append(kind)
            if len(seen) == n:
                raise SystemExit(137)
            if len(seen) < n:
                real[kind](*args, **kwargs)
        return run

    patched.setattr(os, "replace", op("replace"))
    patched.setattr(os, "rename", op("rename"))
    patched.setattr(scrub, "_remove", op("unlink"))
    patched.setattr(scrub.commit_mod, "write_atomic",
                    lambda *a, **k: None if len(seen) >= n else real_write(*a, **k))
    return seen


real_write = scrub.commit_mod.write_atomic


def test_a_scrub_killed_at_any_rename_ends_with_one_file_under_the_right_name(
    named: Path, tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    import shutil

    tmp_path = tmp_path_factory.mktemp("kills")  # (not inside named: it is copied)
    new_name = "reference_grafana-acme-io-login-admin-redacted.md"
    counted = tmp_path / "counted"
    shutil.copytree(named, counted)
    with monkeypatch.context() as patched:
        ops = _kill_at(10_000, patched)
        scrub.scrub(counted / "memory", counted / "memory" / ".autodream", NAMED)
    assert "rename" in ops or "unlink" in ops
    for at in range(1, len(ops) + 1):
        project = tmp_path / f"killed-at-{at}"
        shutil.copytree(named, project)
        memory = project / "memory"
        with monkeypatch.context() as patched:
            _kill_at(at, patched)
            with pytest.raises(SystemExit):
                scrub.scrub(memory, memory / ".autodream", NAMED)
        result = _run(project, "scrub", value=NAMED)
        assert result.exit_code == 0, (at, result.output)
        assert _names_and_bytes_holding(memory, NAMED) == [], at
        topics = sorted(p.name for p in memory.glob("reference_*"))
        assert topics == [new_name], (at, ops[at - 1], topics)
        assert f"]({new_name})" in (memory / "MEMORY.md").read_text(), at
        first = min(r.id for r in journal.list_runs(memory / ".autodream"))
        undone = _run(project, "undo", value=None)
        assert undone.exit_code == 0, (at, undone.output)
        assert _run(project, "undo", first, value=None).exit_code == 0, at
        assert not (memory / new_name).exists(), at


@pytest.mark.parametrize(("folder", "said"), [
    (f"clients-{NAMED}", "in the memory dir"),
    (".autodream/runs/{first}/before/" + f"old-{NAMED}", "in run {first}'s copies"),
])
def test_a_folder_whose_name_holds_the_value_is_refused_naming_it(
    named: Path, folder: str, said: str
) -> None:
    memory = named / "memory"
    first = min(r.id for r in journal.list_runs(memory / ".autodream"))
    folder, said = folder.format(first=first), said.format(first=first)
    (memory / folder).mkdir()
    (memory / folder / "notes.md").write_text(topic("Notes", "project"))
    before = snapshot(named)
    result = _run(named, "scrub", value=NAMED)
    assert result.exit_code == 10, result.output
    assert len(result.output.strip().splitlines()) == 1 and NAMED not in result.output
    assert f"the name of the folder {folder.replace(NAMED, '<value>')}/ {said}" in result.output
    assert "scrub renames files, not folders" in result.output
    assert "nothing was changed" in result.output
    assert snapshot(named) == before


def _scrub_as_an_older_version(memory: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``NAMED`` scrubbed as a scrub of an earlier version did: in the links and records, not
    in the files' names, so MEMORY.md points at a name no file has."""
    with monkeypatch.context() as older:
        older.setattr(scrub, "_name_pattern", lambda forms: re.compile("(?!)"))
        scrub.scrub(memory, memory / ".autodream", NAMED)


def test_a_link_an_older_scrub_left_on_the_placeholder_follows_the_renamed_file(
    named: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    memory = named / "memory"
    _scrub_as_an_older_version(memory, monkeypatch)
    assert (memory / NAMED_FILE).is_file()
    broken = NAMED_FILE.replace(NAMED, PLACEHOLDER)
    assert f"]({broken})" in (memory / "MEMORY.md").read_text()
    result = _run(named, "scrub", value=NAMED)
    assert result.exit_code == 0, result.output
    new_name = "reference_grafana-acme-io-login-admin-redacted.md"
    assert (memory / new_name).is_file()
    index = (memory / "MEMORY.md").read_text()
    assert f"]({new_name})" in index and broken not in index
    assert _names_and_bytes_holding(memory, NAMED) == []
    first = min(r.id for r in journal.list_runs(memory / ".autodream"))
    assert _run(named, "undo", value=None).exit_code == 0
    assert _run(named, "undo", first, value=None).exit_code == 0
    assert not (memory / new_name).exists()


def test_log_says_a_scrub_ran_and_undo_still_takes_back_the_dreams(project: Path) -> None:
    memory = project / "memory"
    first, second = sorted(r.id for r in journal.list_runs(memory / ".autodream"))
    assert _run(project, "scrub").exit_code == 0
    shown = _run(project, "log", value=None)
    assert shown.exit_code == 0, shown.output
    top = shown.output.splitlines()[0]
    assert "committed  scrub" in top and "Quokka" not in shown.output
    # (was '+0 ~0 -0' beside '5 occurrence(s) in 5 file(s)': a scrub that changed nothing)
    assert "committed  scrub   in place  scrubbed a leaked value" in top, top
    scrub_id = top.split()[0]
    files_line = [ln for ln in _run(project, "show", scrub_id, value=None).output.splitlines()
                  if ln.startswith("files ")]
    assert files_line == ["files    rewritten in place, not recorded for undo (the outcome says "
                          "how many)"], files_line
    assert f"scrubbed a leaked value: 5 occurrence(s) in 5 file(s) replaced with {PLACEHOLDER}" \
        in top
    docs = json.loads(_run(project, "log", "--json", value=None).output)
    assert docs[0]["trigger"] == "scrub" and docs[0]["changes"] == []
    assert "Quokka" not in (memory / ".autodream" / "DREAMS.md").read_text()
    assert "Scrub: Scrubbed a leaked value" in (memory / ".autodream" / "DREAMS.md").read_text()
    # undo takes back the newest dream, as before the scrub, and a scrub is not undone
    undone = _run(project, "undo", value=None)
    assert undone.exit_code == 0 and f"undid run {second}" in undone.output, undone.output
    refused = _run(project, "undo", docs[0]["id"], value=None)
    assert refused.exit_code == 9 and "is a scrub, which cannot be undone" in refused.output
    assert _run(project, "undo", first, value=None).exit_code == 0
    assert (memory / "deploy.md").read_text() == topic("Deploy", "project")


def _plain(tmp_path: Path, files: dict[str, str], reason: str = "new memory") -> Path:
    """A project whose one dream wrote ``files`` into memory, ``reason`` in its record."""
    memory = sample_memory(tmp_path / "memory")
    (tmp_path / "autodream.toml").write_text('memory_dir = "memory"\nsessions_dir = "s"\n')
    (tmp_path / "s").mkdir()
    dream(memory, files, decisions=[{"action": "created", "file": next(iter(files)),
                                     "subject": "x", "reason": reason}])
    return memory


POLICY = "reference_passwords-policy.md"
POLICY_TEXT = topic("Password policy", "reference",
                    "Rotate each password yearly; passwordless login for CI.")


def test_an_ordinary_word_is_refused_unless_forced_and_then_only_whole_words_go(
    tmp_path: Path,
) -> None:
    memory = _plain(tmp_path, {POLICY: POLICY_TEXT})
    before = snapshot(tmp_path)
    refused = _run(tmp_path, "scrub", value="password")
    assert refused.exit_code == 10, refused.output
    assert "made only of letters, like an ordinary word" in refused.output
    assert "--force" in refused.output and "nothing was changed" in refused.output
    assert snapshot(tmp_path) == before
    # at any length, and with capitals
    assert _run(tmp_path, "scrub", value="Passwordlessness").exit_code == 10
    forced = _run(tmp_path, "scrub", "--force", value="password")
    assert forced.exit_code == 0, forced.output
    text = (memory / POLICY).read_text()
    assert f"Rotate each {PLACEHOLDER} yearly; passwordless login" in text
    assert "renamed" not in forced.output and (memory / POLICY).is_file()
    # the title's "Password" is another spelling: named, not changed
    assert f"warning: a copy differing only in case was found in {POLICY}: scrub it with " \
        "that spelling" in forced.output.splitlines()


def test_a_passphrase_of_words_is_taken_as_whole_words(tmp_path: Path) -> None:
    phrase = "correct horse battery staple"
    memory = _plain(tmp_path, {"vault.md": topic("Vault", "reference",
                                                 f"Unlock with {phrase}; {phrase}s is not it.")})
    result = _run(tmp_path, "scrub", value=phrase)
    assert result.exit_code == 0, result.output
    assert f"Unlock with {PLACEHOLDER}; {phrase}s is not it." in (memory / "vault.md").read_text()


def test_a_number_is_scrubbed_only_where_it_stands_whole(tmp_path: Path) -> None:
    pin = "4821993377"
    memory = _plain(tmp_path, {"bank.md": topic(
        "Bank", "reference", f"Card pin {pin}. Order 948219933771 and ticket {pin}0 shipped.")},
        reason=f"said: pin {pin}")
    result = _run(tmp_path, "scrub", value=pin)
    assert result.exit_code == 0, result.output
    # was: "Order 9[REDACTED:scrubbed]1 and ticket [REDACTED:scrubbed]0", two other numbers cut
    assert (f"Card pin {PLACEHOLDER}. Order 948219933771 and ticket {pin}0 shipped."
            in (memory / "bank.md").read_text())
    assert "warning" not in result.output
    alone = re.compile(rf"(?<!\d){pin}(?!\d)")
    assert [rel for rel, data in snapshot(memory).items() if alone.search(data.decode())] == []


def test_a_passphrase_in_another_case_is_scrubbed_as_the_same_words(tmp_path: Path) -> None:
    phrase = "correct horse battery staple"
    memory = _plain(tmp_path, {"vault.md": topic(
        "Correct horse battery staple", "reference", f"Unlock with {phrase.upper()}.")})
    result = _run(tmp_path, "scrub", value=phrase)
    assert result.exit_code == 0, result.output
    # was: both left, "warning: a copy differing only in case was found in vault.md", and the
    # journal's copies of it beyond the person's reach
    text = (memory / "vault.md").read_text()
    assert phrase not in text.lower() and f"Unlock with {PLACEHOLDER}." in text
    assert "differing only in case" not in result.output
    leftovers = [rel for rel, data in snapshot(memory).items() if phrase in data.decode().lower()]
    assert leftovers == []


UNICODE = "Päss-Üb3rGeh31m"


def test_a_decomposed_or_lower_case_copy_is_scrubbed_too(tmp_path: Path) -> None:
    import unicodedata

    nfd = unicodedata.normalize("NFD", UNICODE)
    assert nfd != UNICODE
    memory = _plain(tmp_path, {"vpn.md": topic("VPN", "reference",
                                               f"Pasted: {nfd}. Typed: {UNICODE.lower()}.")})
    result = _run(tmp_path, "scrub", value=UNICODE)
    assert result.exit_code == 0, result.output
    assert "nothing to scrub" not in result.output
    for rel, data in snapshot(memory).items():
        text = unicodedata.normalize("NFC", data.decode()).lower()
        assert UNICODE.lower() not in text and "üb3rgeh31m" not in text, rel
    assert f"Pasted: {PLACEHOLDER}. Typed: {PLACEHOLDER}." in (memory / "vpn.md").read_text()
    # and the value given decomposed finds the composed copies of another project
    other = _plain(tmp_path / "two", {"vpn.md": topic("VPN", "reference", f"pw {UNICODE}")})
    assert _run(tmp_path / "two", "scrub", value=nfd).exit_code == 0
    assert f"pw {PLACEHOLDER}" in (other / "vpn.md").read_text()


def test_a_values_start_cut_short_goes_only_from_autodreams_records(tmp_path: Path) -> None:
    value = "hunter2-hunter2"
    memory = _plain(tmp_path, {"notes.md": topic("Notes", "project",
                                                 f"The hunt… went on. Key {value}.")},
                    reason="said: key hunter2-h…(+20 chars); the hunt… went on")
    result = _run(tmp_path, "scrub", value=value)
    assert result.exit_code == 0, result.output
    assert "The hunt… went on." in (memory / "notes.md").read_text()
    records = [p.read_text() for p in (memory / ".autodream" / "runs").glob("*/record.json")]
    said = [r for r in records if "the hunt… went on" in r]
    assert said and f"key {PLACEHOLDER}…(+20 chars)" in said[0] and "hunter2" not in said[0]


def test_a_scrub_does_not_push_a_dreams_undo_copies_out_of_keep_runs(project: Path) -> None:
    memory = project / "memory"
    state = memory / ".autodream"
    first, _second = sorted(r.id for r in journal.list_runs(state))
    assert _run(project, "scrub").exit_code == 0
    assert _run(project, "scrub", value="Other-Leak-99").exit_code == 0  # (nothing found)
    # keep_runs = 2, as a dream prunes after it commits: both dreams keep their undo copies
    assert journal.prune_runs(state, keep=2) == []
    assert _run(project, "undo", value=None).exit_code == 0
    undone = _run(project, "undo", first, value=None)
    assert undone.exit_code == 0, undone.output
    assert (memory / "deploy.md").read_text() == topic("Deploy", "project")


def test_a_scrub_killed_after_renaming_to_a_numbered_name_is_finished_under_that_name(
    named: Path, monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory
) -> None:
    import shutil

    memory = named / "memory"
    taken = "reference_grafana-acme-io-login-admin-redacted.md"
    (memory / taken).write_text(topic("Someone else's", "reference"))
    renamed = "reference_grafana-acme-io-login-admin-redacted-2.md"
    steps: list[str] = []
    probe = tmp_path_factory.mktemp("probe") / "copy"
    shutil.copytree(named, probe)
    scrub.scrub(probe / "memory", probe / "memory" / ".autodream", NAMED, on_step=steps.append)
    # killed just after the memory file took its new name, its copies in the runs not yet
    at = steps.index(f"replace {renamed}") + 1
    seen, kill = stop_at(at + 1, SystemExit(137))
    with monkeypatch.context() as patched:
        _no_write_back(patched)
        patched.setattr(scrub, "_remove", lambda _root, _path: None)
        with pytest.raises(SystemExit):
            scrub.scrub(memory, memory / ".autodream", NAMED, on_step=kill)
    assert (memory / renamed).is_file() and not (memory / NAMED_FILE).exists(), seen
    result = _run(named, "scrub", value=NAMED)
    assert result.exit_code == 0, result.output
    assert _names_and_bytes_holding(memory, NAMED) == []
    runs = memory / ".autodream" / "runs"
    first, second = sorted(r.id for r in journal.list_runs(memory / ".autodream"))[:2]
    assert (runs / first / "after" / renamed).is_file()
    assert (runs / second / "before" / renamed).is_file()
    assert not list(runs.glob(f"*/*/{taken}"))
    assert (memory / taken).read_text() == topic("Someone else's", "reference")
    undone = _run(named, "undo", value=None)
    assert undone.exit_code == 0, undone.output
    assert _run(named, "undo", first, value=None).exit_code == 0
    assert not (memory / renamed).exists()
    assert not (memory / ".autodream" / scrub.NAMES_FILENAME).exists()


def test_status_names_a_scrub_stopped_part_way_until_it_is_run_again(
    named: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    memory = named / "memory"
    with monkeypatch.context() as patched:
        _kill_at(2, patched)  # (once its names are written)
        with pytest.raises(SystemExit):
            scrub.scrub(memory, memory / ".autodream", NAMED)
    names = memory / ".autodream" / scrub.NAMES_FILENAME
    assert names.is_file()
    shown = _run(named, "status", value=None)
    # was: nothing said, the file kept for ever and the value left in memory unknown
    assert (f"problem:      a scrub was stopped part way ({names} holds the new names it "
            "chose): the value may still be in memory or the journal; run `autodream scrub` "
            "again with the same value to finish it") in shown.output.splitlines()
    as_json = json.loads(_run(named, "status", "--json", value=None).stdout)
    assert as_json["unfinished_scrub"].startswith("a scrub was stopped part way")
    assert NAMED not in shown.output
    assert _run(named, "scrub", value=NAMED).exit_code == 0
    assert "stopped part way" not in _run(named, "status", value=None).output


def test_status_names_a_link_an_older_scrub_left_pointing_nowhere(
    named: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    memory = named / "memory"
    _scrub_as_an_older_version(memory, monkeypatch)
    broken = NAMED_FILE.replace(NAMED, PLACEHOLDER)
    shown = _run(named, "status", value=None)
    assert shown.exit_code == 0, shown.output
    assert (f"problem:      MEMORY.md links to {broken}, which is not there (an older scrub "
            "replaced the value in the link, not in the file's name): run `autodream scrub` "
            "again with the same value: it renames the file and points the link at it"
            ) in shown.output.splitlines()
    assert NAMED not in shown.output
    doc = json.loads(_run(named, "status", "--json", value=None).output)
    assert doc["broken_scrub_links"] == [{"file": "MEMORY.md", "link": broken, "fix": (
        "run `autodream scrub` again with the same value: it renames the file and points the "
        "link at it")}]
    assert _run(named, "scrub", value=NAMED).exit_code == 0
    assert "an older scrub" not in _run(named, "status", value=None).output
    # with no file left to fit it, the fix is an edit
    (memory / "MEMORY.md").write_text((memory / "MEMORY.md").read_text()
                                      + f"- [Gone](gone-{PLACEHOLDER}.md)\n")
    assert (f"problem:      MEMORY.md links to gone-{PLACEHOLDER}.md, which is not there (an "
            "older scrub replaced the value in the link, not in the file's name): no file's name "
            "fits it: edit the link by hand") in _run(named, "status", value=None).output


@needs_dir_fd
@pytest.mark.parametrize("held", ["in the bytes", "in the name"])
def test_a_folder_swapped_for_a_link_before_the_scrub_writes_takes_no_write_outside(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, held: str
) -> None:
    """The scrub read the memory files, then wrote each back (a temp file, a rename) by path:
    a memory folder swapped for a link in between (a sync tool, a checkout) had the scrubbed
    copy put over the file of the same name where the link points, or that file renamed. The
    writes are now made in folders opened by descriptor: the scrub fails, nothing outside is
    touched, and memory is as it was."""
    memory = sample_memory(tmp_path / "memory")
    name = "sub/ci.md" if held == "in the bytes" else f"sub/key-{NAMED}.md"
    (memory / name).write_text(f"the staging password is {NAMED}\n")
    before = snapshot(memory)
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / Path(name).name).write_text("theirs\n")
    theirs = snapshot(outside)
    real_write_all = scrub._write_all

    def write_all(*args: Any) -> None:
        os.rename(memory / "sub", tmp_path / "sub-moved")  # read: now the folder is swapped
        os.symlink(outside, memory / "sub")
        real_write_all(*args)

    monkeypatch.setattr(scrub, "_write_all", write_all)
    with pytest.raises(OSError):
        scrub.scrub(memory, memory / ".autodream", NAMED)
    assert snapshot(outside) == theirs
    (memory / "sub").unlink()
    os.rename(tmp_path / "sub-moved", memory / "sub")
    assert snapshot(memory) == before


@needs_dir_fd
def test_a_file_that_cannot_be_written_back_keeps_none_of_the_others_from_it(
    tmp_path: Path,
) -> None:
    """A scrub that fails part way writes back every file it replaced. One write-back failing
    (its folder swapped for a link mid-scrub) stopped the loop: the files replaced before it
    were left scrubbed and the rest of memory not as it was. Every other file is written back
    (the one that cannot be is left as the scrub put it), then the scrub fails."""
    memory = sample_memory(tmp_path / "memory")
    for name in ("a.md", "sub/ci.md", "z.md"):
        (memory / name).parent.mkdir(exist_ok=True)
        (memory / name).write_text(f"the staging password is {NAMED}\n")
    before = snapshot(memory)
    steps: list[str] = []

    def on_step(name: str) -> None:
        steps.append(name)
        if name == "replace sub/ci.md":  # the last file put in place: the first written back
            os.rename(memory / "sub", tmp_path / "sub-moved")
            os.symlink(tmp_path / "outside", memory / "sub", target_is_directory=True)
            raise OSError(28, "No space left on device")

    with pytest.raises(OSError, match="No space left on device"):
        scrub.scrub(memory, memory / ".autodream", NAMED, on_step=on_step)
    assert steps == ["replace a.md", "replace z.md", "replace sub/ci.md"]
    assert not (tmp_path / "outside").exists()
    (memory / "sub").unlink()
    os.rename(tmp_path / "sub-moved", memory / "sub")
    after = snapshot(memory)
    assert after.pop("sub/ci.md") == f"the staging password is {scrub.PLACEHOLDER}\n".encode()
    assert after == {rel: data for rel, data in before.items() if rel != "sub/ci.md"}


NO_SPACE = "No space left on device"


def _fail_putting_in_place(
    monkeypatch: pytest.MonkeyPatch, at: str, unwritable: str | None
) -> None:
    """The scrub fails (a full disk) once ``at`` is put in place, and the write-back of
    ``unwritable`` (a memory file, by its old name) fails too."""
    from autodream.memory import commit as commit_mod

    real_write_all, real_write_atomic = scrub._write_all, commit_mod.write_atomic

    def write_all(order: Any, new: Any, old: Any, moves: Any, root: Any, step: Any) -> None:
        def failing(name: str) -> None:
            if name == f"replace {at}":
                raise OSError(28, NO_SPACE)

        real_write_all(order, new, old, moves, root, failing)

    def write_atomic(dest: Path, data: bytes, **kwargs: Any) -> None:
        if unwritable is not None and dest.name == unwritable:
            raise OSError(28, NO_SPACE, str(dest))
        real_write_atomic(dest, data, **kwargs)

    monkeypatch.setattr(scrub, "_write_all", write_all)
    monkeypatch.setattr(commit_mod, "write_atomic", write_atomic)


@pytest.mark.parametrize("as_json", [False, True], ids=["text", "json"])
@pytest.mark.parametrize("case", ["a file kept its value", "a renamed file kept its new name"])
def test_a_scrub_that_cannot_write_a_file_back_names_it(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch, case: str, as_json: bool
) -> None:
    """A scrub failing part way (a full disk) writes back every file it replaced; one whose
    write-back failed too was left scrubbed and the error said only 'cannot use ...: No space
    left on device', so no one knew which file no longer matched its undo copies. The one line
    (and --json's "not_restored") names it, by its new name: the old one holds the value."""
    renamed = case == "a renamed file kept its new name"
    project = request.getfixturevalue("named" if renamed else "project")
    value = NAMED if renamed else SECRET
    memory = project / "memory"
    name = NAMED_FILE if renamed else "deploy.md"
    left = name.replace(NAMED, "redacted")
    before = snapshot(memory)
    _fail_putting_in_place(monkeypatch, left, name)
    result = _run(project, "scrub", *(["--json"] if as_json else []), value=value)
    monkeypatch.undo()
    assert result.exit_code == 1
    said = (f"the scrub failed ({NO_SPACE} at {left}) and wrote every file back as it was but "
            f"1 it could not: {left} ({NO_SPACE}), left scrubbed (the rest hold the value "
            "again); run the scrub again with the same value once they can be written, to "
            "finish it")
    assert result.stderr.splitlines() == [f"Error: {said}"]
    if as_json:
        document = json.loads(result.stdout)
        assert (document["error"], document["not_restored"]) == (said, [left])
    assert value not in result.output and "Quokka" not in result.output
    after = snapshot(memory)
    assert PLACEHOLDER.encode() in after.pop(left)  # scrubbed, under its new name
    names = after.pop(f".autodream/{scrub.NAMES_FILENAME}", None)
    assert (names is not None) == renamed
    assert after == {rel: data for rel, data in before.items() if rel != name}
    # status says the scrub is unfinished while a renamed file keeps its new name, and the
    # scrub run again finishes it
    assert ("stopped part way" in _run(project, "status", value=None).output) == renamed
    assert _run(project, "scrub", value=value).exit_code == 0
    assert _names_and_bytes_holding(memory, value) == []


def test_a_scrub_failing_with_every_file_written_back_says_so_without_the_value(
    named: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A rename the system refused (a read-only remount) failed the scrub with 'cannot use
    reference_grafana-acme-io-login-admin-walrusbanjo77.md: Read-only file system': the
    error named the file by the value the scrub is there to take away."""
    memory = named / "memory"
    before = snapshot(memory)
    real = os.rename

    def rename(src: Any, dst: Any, **at: Any) -> None:
        if NAMED in str(src):
            raise OSError(30, "Read-only file system", str(src))
        real(src, dst, **at)

    monkeypatch.setattr(os, "rename", rename)
    result = _run(named, "scrub", value=NAMED)
    monkeypatch.undo()
    left = NAMED_FILE.replace(NAMED, "redacted")
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        f"Error: the scrub failed (Read-only file system at {left}) and wrote every file back "
        "as it was: nothing was scrubbed"]
    assert NAMED not in result.output
    assert snapshot(memory) == before


needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo") or not hasattr(signal, "SIGALRM"),
                                reason="no named pipes (os.mkfifo) or no SIGALRM to bound a "
                                "read that would wait for ever")


class WaitedForever(BaseException):
    """Raised in a read that waits on a named pipe: no ``except OSError`` (a TimeoutError is
    one) or ``except Exception`` on the way takes it for the file's own error."""


@pytest.fixture
def deadline() -> Iterator[None]:
    """A read that waits on a named pipe ends the test (failed) after 20 s, not never."""

    def stop(signum: int, frame: object) -> None:
        raise WaitedForever("the scrub waited on a named pipe")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.alarm(20)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def _regular_holding(root: Path, value: str) -> list[str]:
    """The regular files (and names) under ``root`` that hold ``value``: a pipe is never
    opened, a link never followed."""
    found = []
    for dirpath, _dirnames, filenames in os.walk(root):
        for name in filenames:
            path = Path(dirpath) / name
            rel = path.relative_to(root).as_posix()
            if value.lower() in rel.lower() or (
                    stat.S_ISREG(os.lstat(path).st_mode) and value.encode() in path.read_bytes()):
                found.append(rel)
    return sorted(found)


@needs_fifo
@pytest.mark.usefixtures("deadline")
@pytest.mark.parametrize("swap", ["a named pipe", "a named pipe in the journal",
                                  "a link to a file outside", "gone", "a named pipe named by it"])
def test_a_file_swapped_after_the_scrub_listed_it_is_skipped_with_why(
    request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, swap: str
) -> None:
    """The scrub listed the memory files, then read each by path: a named pipe swapped in
    between (a sync tool, an editor) made it wait for ever, a link had a file outside memory
    read and the link replaced by a copy of it, and a file gone failed it with a path holding
    the value. Each is now read as a dream reads memory (no link followed, no wait, the kind
    checked on the open file): the scrub goes on and names the file it skipped, and why."""
    named = swap == "a named pipe named by it"
    project = request.getfixturevalue("named" if named else "project")
    value = NAMED if named else SECRET
    memory = project / "memory"
    (memory / "notes.md").write_text(f"the staging password is {value}\n")
    outside = tmp_path / "outside.md"
    outside.write_text(f"theirs: {value}\n")
    if swap == "a named pipe in the journal":
        rel = next(r for r in holding(memory) if r.startswith(".autodream/runs/")
                   and r.endswith(".md"))
    else:
        rel = NAMED_FILE if named else "notes.md"
    real_files = scrub._files

    def files(root: Path, *lists: list[Path]) -> Iterator[Path]:
        listed = list(real_files(root, *lists))
        (memory / rel).unlink()  # listed: now the file is swapped
        if swap == "a link to a file outside":
            (memory / rel).symlink_to(outside)
        elif swap != "gone":
            os.mkfifo(memory / rel)
        return iter(listed)

    monkeypatch.setattr(scrub, "_files", files)
    result = _run(project, "scrub", value=value)
    # (not searched: the scrub is incomplete, see test_a_scrub_that_skips_a_file_is_incomplete)
    assert result.exit_code == 1, result.output
    shown = rel.replace(NAMED, "<value>")
    why = {"gone": "it was moved or removed while the scrub ran: run the scrub again if it "
                   "may be elsewhere now",
           "a link to a file outside": "it is a symlink, not a regular file: the scrub neither "
                                       "read nor changed it"}.get(
        swap, "it is a named pipe, not a regular file: the scrub neither read nor changed it")
    if named:  # (the pipe swapped in keeps the value in its name)
        why += "; its name holds the value: rename or remove it by hand"
    assert f"warning: skipped {shown}: {why}" in result.output.splitlines()
    assert value not in result.output
    assert outside.read_text() == f"theirs: {value}\n"
    if swap == "a link to a file outside":
        assert os.readlink(memory / rel) == str(outside)
    assert _regular_holding(memory, value) == ([rel] if named else [])
    # and in --json, the same file swapped again
    with contextlib.suppress(FileNotFoundError):
        (memory / rel).unlink()
    (memory / rel).write_text(f"the staging password is {value}\n")
    document = json.loads(_run(project, "scrub", "--json", value=value).stdout)
    assert document["skipped"] == [{"path": shown, "reason": why}]


@needs_fifo
@pytest.mark.usefixtures("deadline")
@pytest.mark.parametrize("command", ["status", "scrub"])
def test_a_named_pipe_swapped_in_after_the_check_by_name_is_never_waited_on(
    project: Path, monkeypatch: pytest.MonkeyPatch, command: str
) -> None:
    """``status`` (the links an older scrub left) and ``scrub`` (the transcripts still holding
    the value) checked a name was a regular file, then opened it by path: a named pipe swapped
    in between made them wait for ever. The open itself no longer waits, and a pipe is
    passed by."""
    where = project / ("memory" if command == "status" else "sessions")
    os.mkfifo(where / ("pipe.md" if command == "status" else "pipe.jsonl"))
    monkeypatch.setattr(scrub, "_regular", lambda path: True)  # (it was a file when checked)
    before = {p.name for p in where.iterdir()}
    result = _run(project, command, value=None if command == "status" else SECRET)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    if command == "scrub":
        assert result.exit_code == 0
        assert "pipe.jsonl" not in result.output
        assert f"  {where / f'{SESSION}.jsonl'}" in result.output.splitlines()
    assert {p.name for p in where.iterdir()} == before


@pytest.mark.parametrize("entry", ["a link named by it", "a link pointing at a name holding it",
                                   "a link to a folder named by it", "a named pipe named by it"])
def test_a_link_or_pipe_holding_the_value_in_its_name_is_named_not_passed_over(
    project: Path, entry: str
) -> None:
    """The scrub reads and renames regular files only: a link or a named pipe in memory whose
    name (or a link's target) held the value was passed over in silence, and the scrub said
    the value was replaced while it was still on disk there. It is named (the value masked),
    with what to do; a link or pipe of an ordinary name is no one's concern."""
    memory = project / "memory"
    if entry == "a named pipe named by it" and not hasattr(os, "mkfifo"):
        pytest.skip("no named pipes (os.mkfifo) on this system")
    (memory / "alias.md").symlink_to("deploy.md")  # an ordinary link, as a person keeps
    secret = "Wombat-Kettle-8842"
    (memory / "notes.md").write_text(f"the key is {secret}\n")
    name, pointing = {"a link named by it": (f"key-{secret}.md", "deploy.md"),
                      "a link pointing at a name holding it": ("key.md", f"old-{secret}.md"),
                      "a link to a folder named by it": (f"dir-{secret}", "sub"),
                      "a named pipe named by it": (f"pipe-{secret}.md", None)}[entry]
    if pointing is None:
        os.mkfifo(memory / name)
    else:
        (memory / name).symlink_to(pointing)
    result = _run(project, "scrub", value=secret)
    assert result.exit_code == 1, result.output  # (the value is on disk still: incomplete)
    kind = "a named pipe" if pointing is None else "a symlink"
    held = ("where it points holds the value: point it elsewhere or remove it by hand"
            if entry == "a link pointing at a name holding it"
            else "its name holds the value: rename or remove it by hand")
    assert (f"warning: skipped {name.replace(secret, '<value>')}: it is {kind}, not a regular "
            f"file: the scrub neither read nor changed it; {held}") in result.output.splitlines()
    assert secret not in result.output
    assert [line for line in result.output.splitlines() if "alias" in line] == []
    assert (memory / "notes.md").read_text() == f"the key is {PLACEHOLDER}\n"


@pytest.mark.parametrize("entry", ["a link named by it", "a file swapped while it ran"])
def test_a_scrub_that_skips_a_file_is_incomplete(
    project: Path, monkeypatch: pytest.MonkeyPatch, entry: str
) -> None:
    """A scrub that left the value on disk in a link's name (or skipped a file it listed, so
    never searched it) said '"status": "ok"' and exited 0: a script took the value for gone.
    It scrubs the rest as before, then fails (exit 1) saying it is not complete, and --json
    says "status": "incomplete" with the report (its dry run says it would not be)."""
    memory = project / "memory"
    secret = "Wombat-Kettle-8842"
    (memory / "notes.md").write_text(f"the key is {secret}\n")
    if entry == "a link named by it":
        (memory / f"key-{secret}.md").symlink_to("deploy.md")
        shown = "key-<value>.md"
    else:
        (memory / "ci.md").write_text("the ci runs on push\n")
        shown = "ci.md"
        real_files = scrub._files

        def files(root: Path, *lists: list[Path]) -> Iterator[Path]:
            listed = list(real_files(root, *lists))
            (memory / "ci.md").unlink(missing_ok=True)  # listed: now the file is gone
            return iter(listed)

        monkeypatch.setattr(scrub, "_files", files)
    said = (f"Error: the scrub {{}}: it {{}} 1 file(s) without reading or changing them, where "
            f"the value may still be on disk: {shown}; do as each warning says, then run the "
            "scrub again with the same value")
    dry = _run(project, "scrub", "--dry-run", value=secret)
    assert dry.exit_code == 1, dry.output
    assert said.format("would not be complete", "would skip") in dry.stderr.splitlines()
    if entry == "a file swapped while it ran":
        (memory / "ci.md").write_text("the ci runs on push\n")
    document = json.loads(_run(project, "scrub", "--json", value=secret).stdout)
    assert document["status"] == "incomplete" and document["exit_code"] == 1
    assert document["files"] == [{"path": "notes.md", "count": 1}]
    assert [f["path"] for f in document["skipped"]] == [shown]
    assert (memory / "notes.md").read_text() == f"the key is {PLACEHOLDER}\n"
    if entry == "a file swapped while it ran":
        (memory / "ci.md").write_text("the ci runs on push\n")
    result = _run(project, "scrub", value=secret)
    assert result.exit_code == 1
    assert said.format("is not complete", "skipped") in result.stderr.splitlines()
    assert f"warning: skipped {shown}: " in result.stdout
    assert secret not in result.output
    if entry == "a file swapped while it ran":  # run again, nothing in the way: done
        monkeypatch.setattr(scrub, "_files", real_files)
        again = _run(project, "scrub", "--json", value=secret)
        assert again.exit_code == 0 and json.loads(again.stdout)["status"] == "ok"


@pytest.mark.parametrize("rel", [f"ref-{NAMED}.md", "sub/ci.md"])
def test_a_memory_file_that_cannot_be_read_is_named_by_its_path_without_the_value(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, rel: str
) -> None:
    """A memory file the scrub cannot read (root's, 0600, after a sudo agent run) stopped it
    with the file's bare name: 'cannot use ref-walrusbanjo77.md: Permission denied', the value
    printed, and 'cannot use ci.md' for sub/ci.md. It is named by its path in memory, the
    value masked as a skipped file's is; nothing is changed."""
    memory = sample_memory(tmp_path / "memory")
    (tmp_path / "autodream.toml").write_text('memory_dir = "memory"\nsessions_dir = "s"\n')
    (tmp_path / "s").mkdir()
    (memory / rel).write_text(f"login admin / {NAMED}\n")
    (memory / "notes.md").write_text(f"the password is {NAMED}\n")
    before = snapshot(memory)
    real_open = os.open

    def denied(path: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        # (as root a 0600 file of another user is read all the same: its refusal is faked)
        if os.fspath(path) == Path(rel).name and not flags & (os.O_WRONLY | os.O_RDWR):
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), path)
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", denied)
    shown = str(memory / rel.replace(NAMED, "<value>"))
    result = _run(tmp_path, "scrub", value=NAMED)
    assert result.exit_code == 1
    assert result.stderr == f"Error: cannot use {shown}: Permission denied\n"
    document = json.loads(_run(tmp_path, "scrub", "--json", value=NAMED).stdout)
    assert document["error"] == f"cannot use {shown}: Permission denied"
    assert NAMED not in result.output + json.dumps(document)
    assert snapshot(memory) == before


def test_a_folder_the_scrub_cannot_list_makes_it_incomplete(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A folder in memory the scrub could not list (another user's, mode 700) was passed over
    in silence (os.walk drops it) and the scrub said '"status": "ok"' while files in it may
    hold the value: it is named among the skipped, and the scrub is not complete."""
    memory = project / "memory"
    secret = "Wombat-Kettle-8842"
    (memory / "notes.md").write_text(f"the key is {secret}\n")
    (memory / "private").mkdir()
    (memory / "private" / "old.md").write_text(f"the key was {secret}\n")
    real_scandir = os.scandir

    def scandir(path: Any = ".") -> Any:
        if os.fspath(path).endswith(os.sep + "private"):
            raise PermissionError(13, "Permission denied", os.fspath(path))
        return real_scandir(path)

    monkeypatch.setattr(os, "scandir", scandir)
    document = json.loads(_run(project, "scrub", "--json", value=secret).stdout)
    assert document["status"] == "incomplete" and document["exit_code"] == 1
    assert document["files"] == [{"path": "notes.md", "count": 1}]
    assert [f["path"] for f in document["skipped"]] == ["private"]
    assert "could not list (Permission denied)" in document["skipped"][0]["reason"]


@pytest.mark.parametrize("how", ["text", "json"])
def test_the_recovery_a_scrub_runs_first_names_no_file_by_the_value(
    project: Path, monkeypatch: pytest.MonkeyPatch, how: str
) -> None:
    """A dream killed mid-commit over a file whose name holds the value, its before-image then
    lost: the scrub's recovery failed with 'an interrupted commit could not be rolled back
    (run ...: ref-wombat-kettle-8842.md (no such image ...)); ref-wombat-kettle-8842.md (its
    before-image is lost) is as that commit left it ...', the value printed (and in
    --json's "error") by the very command run to remove it. It is masked as a skipped file's
    is: 'ref-<value>.md'; memory is left as it was."""
    memory = project / "memory"
    secret = "Wombat-Kettle-8842"
    name = f"ref-{secret.lower()}.md"
    (memory / name).write_text("the old key\n")
    run_dir = commit_killed_midway(memory, name, "the new key\n", monkeypatch)
    (run_dir / "before" / name).unlink()
    before = snapshot(memory)
    result = _run(project, "scrub", *(["--json"] if how == "json" else []), value=secret)
    assert result.exit_code == 6, result.output
    assert secret.lower() not in result.output.lower()
    shown = (json.loads(result.stdout)["error"] if how == "json"
             else result.stderr.strip().removeprefix("Error: "))
    assert shown.startswith("an interrupted commit could not be rolled back (run "
                            "20260101T000000Z-dead: ref-<value>.md (no such image in the run "
                            "dir)); ref-<value>.md (its before-image is lost) is as that commit "
                            "left it")
    assert snapshot(memory) == before


def test_scrub_urls_skips_a_record_it_cannot_read_and_says_so(project: Path) -> None:
    """A run record cut short (not JSON) or not UTF-8 stopped 'scrub --urls' with a
    JSONDecodeError (or UnicodeDecodeError) traceback, the readable records left unmasked."""
    state = project / "memory" / ".autodream"
    record = sorted(state.glob("runs/*/record.json"))[0]
    kept = json.loads(record.read_text("utf-8"))
    kept["summary"] += " cannot reach http://bob:hunter2pass@127.0.0.1:9/v1"
    record.write_text(json.dumps(kept), encoding="utf-8")
    runs = state / "runs"
    (runs / "20260101T000000Z-dead").mkdir()
    (runs / "20260101T000000Z-dead" / "record.json").write_text(
        '{"summary": "http://x.com/?token=abc', encoding="utf-8")
    (runs / "20260101T000001Z-dead").mkdir()
    (runs / "20260101T000001Z-dead" / "record.json").write_bytes(
        b'{"summary": "http://bob:pw@x.com/ \xff"}')
    result = _run(project, "scrub", "--urls", value=None)
    assert result.exit_code == 0, result.output
    assert "hunter2pass" not in record.read_text("utf-8")
    assert result.output.splitlines()[-1] == (
        "warning: skipped 2 journal file(s) that cannot be read (not JSON or not UTF-8), left "
        "as they are: .autodream/runs/20260101T000000Z-dead/record.json, "
        ".autodream/runs/20260101T000001Z-dead/record.json")
    document = json.loads(_run(project, "scrub", "--urls", "--json", value=None).stdout)
    assert len(document["unreadable"]) == 2


def test_scrub_urls_first_rolls_back_a_commit_cut_short(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A dream killed mid-commit: a scrub of a value rolls it back before it rewrites the
    journal; 'scrub --urls' rewrote records under it and left memory half-committed."""
    memory = project / "memory"
    (memory / "ref.md").write_text("the old note\n")
    commit_killed_midway(memory, "ref.md", "the new note\n", monkeypatch)
    assert (memory / "ref.md").read_text() == "the new note\n"
    dry = _run(project, "scrub", "--urls", "--dry-run", value=None)
    assert dry.exit_code == 0, dry.output
    assert (memory / "ref.md").read_text() == "the new note\n"  # (a dry run changes nothing)
    result = _run(project, "scrub", "--urls", value=None)
    assert result.exit_code == 0, result.output
    assert (memory / "ref.md").read_text() == "the old note\n"
