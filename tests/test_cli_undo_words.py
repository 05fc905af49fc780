"""What log and undo say about undone dreams and edits a forced undo overwrote."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from autodream import journal
from autodream.cli import cli
from tests.memdirs import dream, sample_memory, topic, tree
from tests.test_journal import EDITS


@pytest.fixture
def memory(tmp_path: Path) -> Path:
    return sample_memory(tmp_path / "memory")


def run(*args: str, memory: Path) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args), env={"AUTODREAM_MEMORY_DIR": str(memory)})
    return result.exit_code, result.output


def log_line(out: str, run_id: str) -> str:
    return next(line for line in out.splitlines() if line.startswith(run_id))


@pytest.mark.parametrize("count", [[], ["-n", "2"]])
def test_log_marks_the_dreams_an_undo_took_back(memory: Path, count: list[str]) -> None:
    first = dream(memory, EDITS)
    second = dream(memory, {"role.md": topic("Role", "user", "again")})
    code, out = run("undo", memory=memory)
    assert code == 0, out
    undo_id = out.split("recorded as run ", 1)[1].split(")", 1)[0]
    code, out = run("log", memory=memory)
    assert f"[undone by {undo_id}]" in log_line(out, second.id)
    assert "undone" not in log_line(out, first.id), "still in place"
    code, out = run("log", "--json", *count, memory=memory)
    by_id = {r["id"]: r["undone_by"] for r in json.loads(out)}
    assert by_id[second.id] == undo_id and by_id[undo_id] is None
    # undoing the undo puts the dream back: no longer marked
    assert run("undo", undo_id, memory=memory)[0] == 0
    code, out = run("log", memory=memory)
    assert "undone by" not in log_line(out, second.id)
    assert "[undone by " in log_line(out, undo_id)


@pytest.mark.parametrize("edited", [["deploy.md"], ["deploy.md", "role.md"]])
def test_a_forced_undo_says_which_edits_it_overwrote_and_how_to_get_them_back(
    memory: Path, edited: list[str]
) -> None:
    record = dream(memory, EDITS)
    for name in edited:
        (memory / name).write_text(f"hand edit of {name}\n")
    hand = tree(memory)
    code, out = run("undo", "--force", memory=memory)
    assert code == 0, out
    undo_id = out.split("recorded as run ", 1)[1].split(")", 1)[0]
    assert (f"overwrote your edits since run {record.id} to {', '.join(edited)}; "
            f"`autodream undo {undo_id}` brings them back") in out
    code, out = run("undo", undo_id, memory=memory)
    assert code == 0 and tree(memory) == hand, "what it said holds"
    assert "overwrote" not in out


def test_an_undo_over_no_edit_says_nothing_of_edits(memory: Path) -> None:
    dream(memory, EDITS)
    code, out = run("undo", "--force", memory=memory)
    assert code == 0 and "overwrote" not in out


@pytest.mark.parametrize(
    ("command", "code"), [(["log"], 0), (["show"], 9), (["undo"], 9)])
@pytest.mark.parametrize("memory_there", [True, False])
def test_nothing_yet_is_said_the_same_way_everywhere_with_what_to_do(
    tmp_path: Path, command: list[str], code: int, memory_there: bool
) -> None:
    from tests.claude_layout import make_layout

    layout = make_layout(tmp_path)
    if memory_there:
        layout.memory_dir.mkdir(parents=True)
    result = CliRunner().invoke(cli, [*command, "--project", str(layout.project)],
                                env=layout.env())
    assert result.exit_code == code, result.output
    said = (f"no dreams yet in {layout.memory_dir}: `autodream --force` dreams now, "
            "`autodream status` says when one will run")
    assert result.output.strip() == (said if code == 0 else f"Error: {said}")


def test_a_run_that_is_not_there_points_at_log(memory: Path) -> None:
    dream(memory, EDITS)
    code, out = run("show", "nope", memory=memory)
    assert code == 9
    assert out.strip().endswith("(`autodream log` lists the runs)")


def test_undo_of_a_run_keep_runs_removed_says_so_and_what_to_do(tmp_path: Path) -> None:
    """A dream past keep_runs removes the oldest run's record and copies; ``undo <its id>``,
    as DREAMS.md and the dream's own last line still offer it, said only "no run '...' in
    .../runs (`autodream log` lists the runs)", and log no longer lists it."""
    import os
    import shutil

    from tests.factories import REPO_ROOT

    sample = tmp_path / "sample_project"
    shutil.copytree(REPO_ROOT / "sample_project", sample)
    with (sample / "autodream.toml").open("a") as toml:
        toml.write("keep_runs = 1\n")
    env = {k: v for k, v in os.environ.items() if not k.startswith("AUTODREAM_")}

    def cli_run(*args: str, now: str) -> tuple[int, str]:
        result = CliRunner().invoke(cli, [*args, "--project", str(sample)],
                                    env={**env, "AUTODREAM_NOW": now})
        return result.exit_code, result.output

    code, out = cli_run("--force", now="2026-07-20T09:00:00Z")
    assert code == 0, out
    first = out.rsplit("autodream undo ", 1)[1].strip()
    memory = sample / "memory"
    (memory / "tea.md").write_text("---\nname: tea\ndescription: tea\ntype: user\n---\n"
                                   "The user likes tea.\n")
    with (memory / "MEMORY.md").open("a") as index:
        index.write("- [Tea](tea.md) — tea\n")
    code, out = cli_run("--force", now="2026-07-21T09:00:00Z")
    assert code == 0, out
    assert first not in os.listdir(memory / ".autodream" / "runs")  # (keep_runs = 1)

    before = tree(memory)
    for asked in (first, first[:16]):  # the whole id, or the prefix log and undo take
        code, out = cli_run("undo", asked, now="2026-07-21T10:00:00Z")
        assert code == 9
        (line,) = out.strip().splitlines()
        assert f"run {first} is no longer kept" in line
        assert "keep_runs" in line and "restore its files by hand" in line
    assert tree(memory) == before
    code, out = cli_run("undo", "20250101T000000Z", now="2026-07-21T10:00:00Z")
    assert code == 9 and "no run '20250101T000000Z'" in out  # (never dreamt: as before)


@pytest.mark.parametrize("removed", ["the only run", "the runs folder", "the newest of two",
                                     "between two kept"])
def test_a_run_whose_folder_was_removed_by_hand_is_not_said_pruned_by_keep_runs(
    tmp_path: Path, removed: str
) -> None:
    """A dream's folder removed (by hand, a sync tool) after its commit, keep_runs at its 200:
    ``undo <its id>``, as the dream's last line offers it, said 'run <id> is no longer kept: a
    dream keeps the records and undo copies of the newest keep_runs runs only ... raise keep_runs
    in autodream.toml to keep more runs', which would keep nothing here. (A run keep_runs
    removed is older than every run it keeps: still said so, see the test above.)"""
    import os
    import shutil

    from tests.factories import REPO_ROOT

    sample = tmp_path / "sample_project"
    shutil.copytree(REPO_ROOT / "sample_project", sample)
    env = {k: v for k, v in os.environ.items() if not k.startswith("AUTODREAM_")}

    def cli_run(*args: str, now: str) -> tuple[int, str]:
        result = CliRunner().invoke(cli, [*args, "--project", str(sample)],
                                    env={**env, "AUTODREAM_NOW": now})
        return result.exit_code, result.output

    if removed in ("the newest of two", "between two kept"):  # a dry run before it, kept
        code, out = cli_run("--force", "--dry-run", now="2026-07-19T09:00:00Z")
        assert code == 0, out
    code, out = cli_run("--force", now="2026-07-20T09:00:00Z")
    assert code == 0, out
    gone = out.rsplit("autodream undo ", 1)[1].strip()
    if removed == "between two kept":  # and one after it
        code, out = cli_run("--force", "--dry-run", now="2026-07-21T09:00:00Z")
        assert code == 0, out
    runs = sample / "memory" / ".autodream" / "runs"
    assert len(os.listdir(runs)) == {"the newest of two": 2, "between two kept": 3}.get(removed, 1)
    shutil.rmtree(runs if removed == "the runs folder" else runs / gone)
    before = tree(sample / "memory")
    for command in ("undo", "show"):
        code, out = cli_run(command, gone, now="2026-07-21T10:00:00Z")
        assert code == 9
        assert out.strip().splitlines() == [
            f"Error: run {gone} is no longer kept: its folder (runs/{gone}) was removed, and not "
            "by keep_runs (which removes the oldest runs first, never the newest), so autodream "
            "cannot undo or show it (DREAMS.md still says what it changed); restore its files "
            "by hand (from git or a backup)"]
    assert tree(sample / "memory") == before



@pytest.mark.parametrize("dreams", [1, 2])
@pytest.mark.parametrize("removed", ["every run folder", "the runs folder"])
def test_undo_show_and_log_after_every_run_folder_was_removed_say_so(
    memory: Path, dreams: int, removed: str
) -> None:
    """'rm -rf memory/.autodream/runs/*' after a dream: 'autodream undo' said 'no dreams yet in
    <memory>: `autodream --force` dreams now' (exit 9), with DREAMS.md telling of the dream
    memory holds; it says what is true: nothing is left to undo it with."""
    import shutil

    ids = [dream(memory, EDITS).id]
    if dreams == 2:
        ids.append(dream(memory, {"role.md": topic("Role", "user", "again")}).id)
    code, out = run("undo", memory=memory)  # an undo's entry: not a dream's
    assert code == 0, out
    # (and the undo undone: the dream back in memory, as the message says)
    [undo_id] = [r.id for r in journal.list_runs(memory / ".autodream") if r.trigger == "undo"]
    code, out = run("undo", undo_id, memory=memory)
    assert code == 0, out
    runs = memory / ".autodream" / "runs"
    if removed == "the runs folder":
        shutil.rmtree(runs)
    else:
        for run_dir in runs.iterdir():
            shutil.rmtree(run_dir)
    before = tree(memory)
    said = (f"no run records in {memory}: DREAMS.md names a dream that changed memory, run "
            f"{ids[0]}, but its folder (runs/{ids[0]}) was removed, and not by keep_runs (which "
            "never removes the newest run), so autodream has nothing to show or undo it with; "
            "restore its files by hand (from git or a backup)"
            if dreams == 1 else
            f"no run records in {memory}: DREAMS.md names 2 dreams that changed memory (the "
            f"newest run {ids[1]}), but their folders (runs/<id>) were removed, and not by "
            "keep_runs (which never removes the newest run), so autodream has nothing to show or "
            "undo them with; restore their files by hand (from git or a backup)")
    for command in ("undo", "show"):
        code, out = run(command, memory=memory)
        assert (code, out.strip().splitlines()) == (9, [f"Error: {said}"])
    code, out = run("log", memory=memory)
    assert (code, out.strip().splitlines()) == (0, [said])
    assert tree(memory) == before
