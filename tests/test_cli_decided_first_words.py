"""A sentence the dream keeps in no memory file is quoted by its first words in every decision
(review rev189): 'We have it delivered on Friday, the vault code is 88-alpha-31.' was dated,
then dropped (told done on a day still to come), and its 'dated', 'kept' and 'dropped'
decisions quoted it whole in the run record, a value no redaction rule knows with it. A
sentence memory keeps is quoted whole, as before."""

from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path

from tests.factories import project_with_one_session, run_cli

SAID_AT = datetime(2026, 7, 1, 9, 0, tzinfo=timezone.utc)


def _decisions(root: Path) -> list[tuple[str, str]]:
    shown = json.loads(run_cli(root, "show", "--all-decisions", "--json").output)
    return [(d["action"], d["subject"]) for d in shown["run"]["decisions"]]


def test_a_sentence_dated_then_dropped_is_quoted_by_its_first_words(tmp_path: Path) -> None:
    project_with_one_session(tmp_path, [
        "We have it delivered on Friday, the vault code is 88-alpha-31.",
        "The release is pushed back to Friday, the door code is 66-gamma-53.",
    ], SAID_AT)

    run_cli(tmp_path, "--force")

    decisions = _decisions(tmp_path)
    assert ("dated", "We have it …") in decisions, decisions
    assert ("dropped", "We have it …") in decisions, decisions
    assert ("dropped", "The release is …") in decisions, decisions
    told = run_cli(tmp_path, "show", "--all-decisions", "--json").output + "".join(
        run_cli(tmp_path, *command).output for command in (["show"], ["log"]))
    record = [path for path in sorted((tmp_path / "memory").rglob("*")) if path.is_file()]
    assert any(path.name == "record.json" for path in record)
    for tail in ("vault code", "88-alpha-31", "door code", "66-gamma-53"):
        assert tail not in told, tail
        assert not [path for path in record if tail in path.read_text(errors="replace")], tail


def test_a_dated_sentence_memory_keeps_is_quoted_whole(tmp_path: Path) -> None:
    project_with_one_session(tmp_path, ["The deploy is on Friday, the vault is in Frankfurt."],
                             SAID_AT)

    run_cli(tmp_path, "--force")

    said = "The deploy is on 2026-07-03, the vault is in Frankfurt."
    decisions = _decisions(tmp_path)
    assert ("dated", said) in decisions, decisions
    assert ("created", said) in decisions, decisions
    assert said in run_cli(tmp_path, "show").output
