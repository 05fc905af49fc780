"""What ``show`` says of the sessions of a run that failed: they were to be read, not
reviewed, and the next dream reads them again."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from autodream import journal
from autodream.cli import cli
from tests.memdirs import NOW, sample_memory

SESSIONS = [f"/s/{i}.jsonl" for i in range(9)]


@pytest.mark.parametrize(("outcome", "said"), [
    ("failed", "sessions 9 to read; it failed before committing anything, so the next dream "
               "reads them again: "),
    ("no-change", "sessions 9 reviewed: "),
])
def test_show_says_a_failed_run_read_nothing_it_kept(
    tmp_path: Path, outcome: str, said: str
) -> None:
    memory = sample_memory(tmp_path / "memory")
    state = memory / ".autodream"
    record = journal.begin_run(state, trigger="force", now=NOW, backend="anthropic",
                               sessions=SESSIONS)
    journal.finish_run(state, record, outcome=outcome, now=NOW,
                       reason="backend error: HTTP 500" if outcome == "failed" else "")
    result = CliRunner().invoke(cli, ["show", record.id],
                                env={"AUTODREAM_MEMORY_DIR": str(memory)})
    assert result.exit_code == 0, result.output
    assert said in result.output
    assert ("reviewed" in result.output) == (outcome != "failed")
