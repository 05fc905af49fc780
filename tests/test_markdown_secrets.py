"""A secret a markdown daily log gives over two notes (its name in one, its value in the next, or
the value first and its name after it), through the paths a note's text takes: a local dream's
memory and run record, and the tools' read_file and grep; and the look back of read_file for
the person's last message before a window of a transcript."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

import pytest

from autodream import tools
from autodream.agent import ToolCall
from tests.factories import TranscriptBuilder
from tests.sandbox_tree import SESSION_ID, build_tree
from tests.test_secret_sweep import SAID_AT

# ---- the look back for the person's last message before a window ---------------------------


def _session_with_work_between(
    tmp_path: Path, first: str, second: str
) -> tuple[tools.ToolBox, Path, str]:
    tree = build_tree(tmp_path)
    b = TranscriptBuilder(cwd=str(tree.project), start=SAID_AT, session_id=SESSION_ID)
    b.user(first)
    for n in range(30):  # 3 MB of the agent's work between the two messages
        b.assistant(f"step {n}: " + "checking the dashboards one by one. " * 2900)
    b.user(second)
    session = b.write(tree.sessions)
    return tree.toolbox(phase="gather"), session, f"sessions/{session.name}"


def test_the_look_back_before_a_window_is_bounded_and_still_redacts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    box, session, vpath = _session_with_work_between(
        tmp_path, "Remember the staging db password, it's",
        "Pg-Secret-2291 and always use it for staging deploys")
    walked: list[int] = []
    lines_back = tools._lines_back

    def counted(fh: BinaryIO, end: int, floor: int = 0) -> Iterator[tuple[int, bytes]]:
        for at, line in lines_back(fh, end, floor):
            walked.append(len(line) + 1)
            yield at, line

    monkeypatch.setattr(tools, "_lines_back", counted)
    lines = session.read_text().count("\n")

    shown = box.call(ToolCall("c", "read_file", {"path": vpath, "offset": lines})).content

    assert "always use it for staging deploys" in shown  # the message was read
    assert "Pg-Secret-2291" not in shown
    # looked back no further than the bound, 2 MB of the file left unread
    assert tools._SAID_BACK_BYTES <= sum(walked) <= tools._SAID_BACK_BYTES + (1 << 17)


def test_a_plain_first_word_past_the_look_back_is_shown(tmp_path: Path) -> None:
    box, session, vpath = _session_with_work_between(
        tmp_path, "Let's tidy the deploy scripts today.",
        "Remember to rotate the staging keys after the deploy on Friday")
    lines = session.read_text().count("\n")

    shown = box.call(ToolCall("c", "read_file", {"path": vpath, "offset": lines})).content

    assert "Remember to rotate the staging keys" in shown
