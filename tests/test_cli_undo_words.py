"""What log and undo say about undone dreams and edits a forced undo overwrote."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

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
