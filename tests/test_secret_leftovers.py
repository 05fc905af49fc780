"""Redaction's leftovers of the third sweep, both ways: secrets that reached Claude's tools or a
dream's memory, and ordinary engineering sentences dropped as 'contained a secret'."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

import pytest

from autodream.agent import ToolCall
from autodream.redact import redact, redact_after
from tests.factories import TranscriptBuilder
from tests.sandbox_tree import Tree, build_tree

SAID_AT = datetime(2026, 7, 1, 9, 0, tzinfo=timezone.utc)


def _session(tree: Tree, build: TranscriptBuilder) -> str:
    """``build`` written to the sessions root; its virtual path."""
    return f"sessions/{build.write(tree.sessions).name}"


def _read(tree: Tree, tool: str, inp: dict[str, object]) -> str:
    result = tree.toolbox(phase="gather").call(ToolCall("c1", tool, inp))
    assert not result.is_error, result.content
    return result.content


# ---- 1. a long reply between a secret's name and its value ----------------------------------


@pytest.mark.parametrize("padding", [9_000, 40_000])
def test_claude_reads_no_secret_said_after_a_long_reply(tmp_path: Path, padding: int) -> None:
    tree = build_tree(tmp_path)
    b = TranscriptBuilder(cwd=str(tree.project), start=SAID_AT)
    b.user("Remember the staging db password, it's")
    b.assistant("Sure. " + "Here is a long explanation of the staging setup. " * (padding // 50))
    b.user("Pg-Secret-2291")
    b.user("and always use it for staging deploys")
    vpath = _session(tree, b)

    # the whole transcript, and windows starting at the value's message and just before it
    seen = [_read(tree, "read_file", {"path": vpath, "offset": offset}) for offset in (1, 2, 3)]
    seen.append(_read(tree, "grep", {"pattern": "Pg|staging", "path": "sessions/"}))

    assert "Remember the staging db password" in seen[0]  # the transcript was read
    assert [text for text in seen if "Pg-Secret-2291" in text] == []


def test_paging_through_a_transcript_still_redacts_each_window(tmp_path: Path) -> None:
    tree = build_tree(tmp_path)
    b = TranscriptBuilder(cwd=str(tree.project), start=SAID_AT)
    b.user("The admin token for grafana is below")
    for n in range(40):
        b.assistant(f"step {n}: " + "checking the dashboards one by one. " * 40)
    b.user("Xk9mQ2vL8pR4tW7z")
    vpath = _session(tree, b)

    pages = [_read(tree, "read_file", {"path": vpath, "offset": offset, "limit": 5})
             for offset in range(1, 44, 5)]

    assert any("admin token" in page for page in pages)
    assert [page for page in pages if "Xk9mQ2vL8pR4tW7z" in page] == []


# ---- 3. grep's hits name their files as list_dir does ----------------------------------------


# (a character a path may not hold, "\u202e", keeps the file out of every tool; these may be
# in one, and list_dir shows them escaped)
@pytest.mark.parametrize("odd", ["\u200b", "\u00a0", "\ufeff", "\u00ad"])
def test_a_grep_hit_in_a_file_named_with_an_unseen_character_is_named_escaped(
    tmp_path: Path, odd: str
) -> None:
    tree = build_tree(tmp_path)
    (tree.project / f"a{odd}gnp.md").write_text("the build uses make\n")
    b = TranscriptBuilder(cwd=str(tree.project), start=SAID_AT, session_id=f"s{odd}x")
    b.user("the build uses make")
    b.write(tree.sessions)

    found = _read(tree, "grep", {"pattern": "build uses"})

    assert odd not in found
    assert f"project/a{repr(odd)[1:-1]}gnp.md:1: the build uses make" in found
    assert f"sessions/s{repr(odd)[1:-1]}x.jsonl:1: [person" in found


# ---- 2 and 4: shapes let through ---------------------------------------------------------


@pytest.mark.parametrize(
    ("before", "said", "secret"),
    [
        ("The token is below", "Xk9mQ2vL8pR4tW7z thanks", "Xk9mQ2vL8pR4tW7z"),
        ("The staging password is below", "Pg-Secret-2291 for the db", "Pg-Secret-2291"),
        ("", "The token is below\nXk9mQ2vL8pR4tW7z thanks", "Xk9mQ2vL8pR4tW7z"),
    ],
)
def test_a_value_not_alone_on_the_line_after_one_saying_it_follows_is_redacted(
    before: str, said: str, secret: str
) -> None:
    assert secret not in redact_after(before, said)


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("set the pin to 4821", "4821"),
        ("the PIN is 4821 is what I use", "4821"),
        ("change the door pin to 482913 tonight", "482913"),
    ],
)
def test_a_pin_said_so_is_redacted(text: str, secret: str) -> None:
    assert secret not in redact(text)


# ---- ordinary sentences taken for secrets ----------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "password -> PasswordV2Field",
        "Rename password -> PasswordV2Field in the signup form.",
        "token => TokenStoreV3",
        "web:8080:tcp:public:ingress2",
        "Always expose web:8080:tcp:public:ingress2 on the edge nodes.",
        "api:443:udp:private:quic3",
        "gh auth login -p SSH",
        "Always run `gh auth login -p HTTPS` on the build box.",
    ],
)
def test_code_that_only_looks_like_a_secret_is_left_alone(text: str) -> None:
    assert redact(text) == text


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("passwd -> Hunter2Zebra", "Hunter2Zebra"),
        ("db:5432:app:app:ingress2", "ingress2"),
        ("docker login -u me -p Ssh-2291x registry.acme.io", "Ssh-2291x"),
    ],
)
def test_their_neighbours_that_are_secrets_stay_redacted(text: str, secret: str) -> None:
    assert secret not in redact(text)
