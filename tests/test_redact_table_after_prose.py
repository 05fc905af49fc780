"""A markdown table said in a message after a few words on its header's line ("Remember this
for the project: | user | password |" / "|---|---|" / "| admin | Hunter2xyz! |"): the words
before the first pipe are no column of the rows under it, and the value under "password" is
hidden in the message, in read_file (from an offset far below too), in grep, in what Claude is
sent and in what a dream keeps; a line of prose with pipes that heads no credential's column,
or no table, reads as written."""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path

import pytest

from autodream.redact import redact
from tests.factories import project_with_one_session, what_a_dream_kept
from tests.redacted import MARK, hides_only
from tests.sandbox_tree import build_tree
from tests.scripted_api import ScriptedAPI, tool_use
from tests.story import DAY0, Story, live
from tests.test_secret_sweep import SAID_AT, _claude_dream
from tests.test_tools import ok

PASSWORD = "Hunter2xyz!"

# (what was said, the secrets in it)
SAID: list[tuple[str, tuple[str, ...]]] = [
    (f"Remember this for the project: | user | password |\n|---|---|\n| admin | {PASSWORD} |",
     (PASSWORD,)),
    # (rows with no pipe first, a separator spaced, a line's end "\r\n", indented)
    (f"Remember this for the project: | user | password |\n|---|---|\nadmin | {PASSWORD}",
     (PASSWORD,)),
    (f"The staging logins: | user | password |\n| --- | --- |\n| admin | {PASSWORD} |\n"
     "| ro | Tr0ub4dor3 |", (PASSWORD, "Tr0ub4dor3")),
    (f"Logins: | user | password |\r\n|---|---|\r\n| admin | {PASSWORD} |", (PASSWORD,)),
    (f"  Note: | user | password |\n  |---|---|\n  | admin | {PASSWORD} |", (PASSWORD,)),
    # (three columns, the credential's in the middle; a token's)
    (f"Keep these: | host | password | notes |\n|---|---|---|\n| db1 | {PASSWORD} | main |",
     (PASSWORD,)),
    ("Grafana: | service | token |\n|---|---|\n| grafana | Qx-Token-99812 |",
     ("Qx-Token-99812",)),
]

KEPT = [
    # (the credential's column holds no value; the value is in a column no name heads)
    "Remember this for the project: | user | password |\n|---|---|\n| admin | in the vault |",
    f"Remember this: | user | notes |\n|---|---|\n| admin | {PASSWORD} |",
    # (prose with pipes, no separator under it: no table)
    f"Run ps aux | grep password | wc -l\nadmin | {PASSWORD}",
    "Pipe it: cat users.csv | cut -d, -f2 | sort\nthen read the password column",
    # (prose naming a password before the first pipe heads no column of the rows)
    "Rotate the password | user | role |\n|---|---|\n| admin | Owner-2024x |",
]


@pytest.mark.parametrize(("said", "secrets"), SAID)
def test_a_value_under_a_table_header_begun_by_prose_is_hidden(
        said: str, secrets: tuple[str, ...]) -> None:
    # (the words, the header and every other cell as written)
    assert MARK in hides_only(said, secrets)


@pytest.mark.parametrize("said", KEPT)
def test_prose_with_pipes_heading_no_credentials_column_reads_as_written(said: str) -> None:
    assert redact(said) == said


def test_an_ordinary_table_after_prose_reads_the_same_in_its_json_line() -> None:
    line = json.dumps({"message": {"content": KEPT[0]}})
    assert redact(line) == line
    line = json.dumps({"message": {"content": SAID[0][0]}})
    assert PASSWORD not in redact(line)
    assert json.loads(redact(line))["message"]["content"] == redact(SAID[0][0])


def test_read_file_and_grep_hide_a_value_under_a_header_begun_by_prose(tmp_path: Path) -> None:
    tree = build_tree(tmp_path)
    rows = [f"| user{n:04d} | pw{n:04d}xyz |\n" for n in range(2_000)]
    (tree.project / "access.md").write_text(
        "# Access\n\nThe logins: | user | password |\n|---|---|\n" + "".join(rows) + "\nend\n")
    box = tree.toolbox()
    whole = ok(box, "read_file", path="project/access.md", limit=30)
    assert "| user0000 | " + MARK + " |" in whole and "xyz" not in whole
    # (from an offset, the header 8 KB and more above the window)
    for offset in (6, 400, 1_990):
        shown = ok(box, "read_file", path="project/access.md", offset=offset, limit=20)
        assert f"| user{offset - 5:04d} | {MARK} |" in shown
        assert "xyz" not in shown
    found = ok(box, "grep", pattern="user000[12]", path="project/access.md").splitlines()
    assert found == [f"project/access.md:6: | user0001 | {MARK} |",
                     f"project/access.md:7: | user0002 | {MARK} |"]


def test_claude_is_sent_no_value_under_a_header_begun_by_prose(
        tmp_path: Path, api: list[ScriptedAPI]) -> None:
    root = tmp_path / "work"
    session = project_with_one_session(root, [said for said, _ in SAID], SAID_AT)
    _, sent = _claude_dream(
        root, api,
        tool_use("read_file", {"path": f"sessions/{session.name}"}),
        tool_use("grep", {"pattern": "admin|grafana|ro ", "path": "sessions/"}))
    assert "Remember this for the project" in sent  # the transcript was read
    for _, secrets in SAID:
        for secret in secrets:
            assert secret not in sent and json.dumps(secret)[1:-1] not in sent
            assert secret not in what_a_dream_kept(root)


def test_a_local_dream_keeps_no_value_under_a_header_begun_by_prose(tmp_path: Path) -> None:
    said = [text for text, _ in SAID] + KEPT
    story = Story(steps=[("say", DAY0 + timedelta(minutes=n), text)
                         for n, text in enumerate(said)])
    story.steps.append(("dream", DAY0 + timedelta(hours=2), ""))

    memory = live(story, tmp_path / "story")

    assert "for the project" in memory  # what was said was read
    for _, secrets in SAID:
        assert not any(secret in memory for secret in secrets)
