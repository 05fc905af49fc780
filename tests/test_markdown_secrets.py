"""A secret a markdown daily log gives over two notes or lines (its name in one, its value in the
next, or the value first and its name after it), through every path a note's text takes: a
local dream's memory and run record."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from autodream.cli import cli
from autodream.redact import redact, secrets_before
from tests.engine_helpers import gather, human
from tests.factories import TranscriptBuilder, what_a_dream_kept
from tests.test_secret_sweep import SAID_AT

# (a daily log's notes, the secret in them)
NOTES: list[tuple[str, str]] = [
    # the name ends a note, the value opens the next: paragraphs, bullets, with a clock, a
    # checkbox, numbered, quoted
    ("the staging db password, it's\n\nPg-Secret-2291 and we always use it for staging deploys\n",
     "Pg-Secret-2291"),
    ("- the staging db password, it's\n- Pg-Secret-2291 and we always use it for deploys\n",
     "Pg-Secret-2291"),
    ("- 14:30 the staging db password, it's\n- 14:31 Pg-Secret-2291 and always use it\n",
     "Pg-Secret-2291"),
    ("- [ ] the staging db password is\n- [x] Pg-Secret-2291\n", "Pg-Secret-2291"),
    ("1. the staging db password, it's\n2. Pg-Secret-2291 and we always use it\n",
     "Pg-Secret-2291"),
    ("> We always deploy staging with the db password, it's\n> Qz-Secret-4471 and use it\n",
     "Qz-Secret-4471"),
    # ... with a heading, a code block or a comment between them
    ("the staging db password, it's\n\n## Deploys\n\nPg-Secret-2291 and we always use it\n",
     "Pg-Secret-2291"),
    ("the staging db password is\n\n```\nmake deploy\n```\n\nPg-Secret-2291 and always use it\n",
     "Pg-Secret-2291"),
    ("the staging db password, it's\n<!-- x -->\nPg-Secret-2291 and we always use it\n",
     "Pg-Secret-2291"),
    # the value on the line after "password:", in bold, in backticks
    ("db password:\nPg-Secret-2291\n", "Pg-Secret-2291"),
    ("- prod api token:\n  Xk9mQ2vL8pR4tW7z\n", "Xk9mQ2vL8pR4tW7z"),
    ("**staging db password:**\n\nBq-Secret-8812 and we always use it for staging deploys\n",
     "Bq-Secret-8812"),
    ("the staging db password, it's\n\n`Cv-Secret-6613` and we always use it for deploys\n",
     "Cv-Secret-6613"),
    # the value first, its name after it
    ("- Xk9mQ7vL8pR4tW2z is what the deploy script should always use for staging deploys\n"
     "- that was the prod token\n", "Xk9mQ7vL8pR4tW2z"),
    ("Xk9mQ2vL8pR4tW7z\n\nthat was the prod token\n", "Xk9mQ2vL8pR4tW7z"),
    ("Mm-Secret-5514\nis the staging db password we always use for deploys\n", "Mm-Secret-5514"),
]


def _project_with_note(root: Path, note: str) -> None:
    """A project for the local backend whose memory dir holds a daily log of ``note`` and
    whose one session says something else."""
    for d in ("project", "sessions", "memory"):
        (root / d).mkdir(parents=True)
    (root / "project" / "README.md").write_text("# demo\n")
    (root / "autodream.toml").write_text(
        'project_root = "project"\nsessions_dir = "sessions"\nmemory_dir = "memory"\n'
        'backend = "local"\nmin_hours = 1\nmin_sessions = 1\nscan_interval_minutes = 1\n')
    (root / "memory" / "2026-07-01.md").write_text("# 2026-07-01\n\n" + note)
    b = TranscriptBuilder(cwd=str(root / "project"), start=SAID_AT)
    b.user("We always use uv for the Python tooling in this repo.")
    path = b.write(root / "sessions")
    os.utime(path, (SAID_AT.timestamp() + 3600,) * 2)


def _run(root: Path, *args: str, **env: str) -> Result:
    environ = {k: v for k, v in os.environ.items()
               if not k.startswith(("AUTODREAM_", "ANTHROPIC_"))}
    environ.update(AUTODREAM_NOW="2026-07-02T09:00:00Z", **env)
    result = CliRunner().invoke(cli, [*args, "--project", str(root)], env=environ,
                                catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result


def _kept(root: Path) -> str:
    """What a dream left, the daily log the person wrote left out."""
    return what_a_dream_kept(root).replace((root / "memory" / "2026-07-01.md").read_text(), "")


# (each kept a statement holding its secret in memory, in MEMORY.md and in the run record)
@pytest.mark.parametrize(("note", "secret"), [NOTES[5], *NOTES[11:14]])
def test_a_local_dream_of_a_daily_log_keeps_no_secret_it_gives_over_two_notes(
    tmp_path: Path, note: str, secret: str
) -> None:
    root = tmp_path / "work"
    _project_with_note(root, note)

    result = _run(root, "--force")

    kept = _kept(root)
    assert "2 session(s) reviewed" in result.output  # the daily log was read
    assert secret not in kept
    assert secret not in result.output


@pytest.mark.parametrize(
    ("text", "after", "secret"),
    [
        ("Xk9mQ2vL8pR4tW7z", "that was the prod token", "Xk9mQ2vL8pR4tW7z"),
        ("use Hq-Pass-7781 there", "That's my GitHub password, btw", "Hq-Pass-7781"),
        ("Pg-Secret-2291", "is the staging db password", "Pg-Secret-2291"),
        ("ship it with a8f3k2m9x7q1b4c6d2e9f0a1", "this is the API key",
         "a8f3k2m9x7q1b4c6d2e9f0a1"),
    ],
)
def test_a_value_named_a_secret_in_the_line_after_it_is_one(
    text: str, after: str, secret: str
) -> None:
    assert secret in [value for _, value in secrets_before(text, after)]


@pytest.mark.parametrize(
    ("text", "after"),
    [
        ("we moved to Python3.12 last week", "that was the token flow we use"),
        ("OAuth2 for the login", "that was quick"),
        ("Release-2024 notes are out", "the token format is v2"),
    ],
)
def test_a_line_after_that_names_no_secret_leaves_the_line_before_alone(
    text: str, after: str
) -> None:
    assert secrets_before(text, after) == []


@pytest.mark.parametrize(
    "text",
    ["OAuth2 is the token flow we use", "Python3.12 is the version", "the password is `required`",
     "**password:** see the vault"],
)
def test_an_ordinary_sentence_about_a_secret_is_left_alone(text: str) -> None:
    assert redact(text) == text


def test_a_statement_kept_before_the_message_naming_its_value_a_secret_keeps_no_secret() -> None:
    g = gather(human("Xk9mQ7vL8pR4tW2z is what the deploy script should always use"),
               human("that was the prod token"))

    assert g.candidates  # the first was kept
    assert [c.text for c in g.candidates if "Xk9mQ7vL8pR4tW2z" in c.text] == []

