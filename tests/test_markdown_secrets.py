"""A secret a markdown daily log gives over two notes (its name in one, its value in the next:
quoted, the name in bold, the value in backticks) kept out of a local dream's memory and run
record, and ordinary sentences about secrets left alone."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import Result

from autodream.redact import redact
from tests.factories import project_with_one_session, run_cli, what_a_dream_kept
from tests.test_secret_sweep import SAID_AT

# (a daily log's notes, the secret in them)
NOTES: list[tuple[str, str]] = [
    ("the staging db password, it's\n\nPg-Secret-2291 and we always use it for staging deploys\n",
     "Pg-Secret-2291"),
    ("- the staging db password, it's\n- Pg-Secret-2291 and we always use it for deploys\n",
     "Pg-Secret-2291"),
    # quoted, the name in bold, the value in backticks
    ("> We always deploy staging with the db password, it's\n> Qz-Secret-4471 and use it\n",
     "Qz-Secret-4471"),
    ("**staging db password:**\n\nBq-Secret-8812 and we always use it for staging deploys\n",
     "Bq-Secret-8812"),
    ("the staging db password, it's\n\n`Cv-Secret-6613` and we always use it for deploys\n",
     "Cv-Secret-6613"),
]


def _project_with_note(root: Path, note: str) -> None:
    """A project for the local backend whose memory dir holds a daily log of ``note`` and
    whose one session says something else."""
    project_with_one_session(
        root, ["We always use uv for the Python tooling in this repo."], SAID_AT)
    (root / "memory" / "2026-07-01.md").write_text("# 2026-07-01\n\n" + note)


def _dream(root: Path) -> Result:
    result = run_cli(root, "--force")
    assert "2 session(s) reviewed" in result.output  # the daily log was read
    return result


def _kept(root: Path) -> str:
    """What a dream left, the daily log the person wrote left out."""
    return what_a_dream_kept(root).replace((root / "memory" / "2026-07-01.md").read_text(), "")


# (the last three each kept a statement holding its secret in memory, in MEMORY.md and in the
# run record)
@pytest.mark.parametrize(("note", "secret"), NOTES)
def test_a_local_dream_of_a_daily_log_keeps_no_secret_it_gives_over_two_notes(
    tmp_path: Path, note: str, secret: str
) -> None:
    root = tmp_path / "work"
    _project_with_note(root, note)

    result = _dream(root)

    assert secret not in _kept(root)
    assert secret not in result.output


def test_a_quoted_note_is_kept_without_its_marks(tmp_path: Path) -> None:
    root = tmp_path / "work"
    _project_with_note(root, "> We always run make lint before pushing to main.\n")

    _dream(root)

    kept = _kept(root)
    assert "We always run make lint before pushing to main" in kept
    assert "> We always" not in kept


@pytest.mark.parametrize(
    "text",
    ["**password:** see the vault", "the password is `required`", "**Password:** must be 12+ "
     "characters", "Set **password:** to `$DB_PASSWORD`", "the api key is `{{ vault.key }}`",
     "Django4.2 is the version we pin.", "Python3.12 is the version"],
)
def test_an_ordinary_sentence_about_a_secret_is_left_alone(text: str) -> None:
    assert redact(text) == text
