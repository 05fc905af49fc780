"""Odd file names in a memory dir: a topic file whose name has a space is indexed in a form both
Claude Code's agent and the checks read, and links a person wrote by hand either way markdown
allows (``<meeting notes.md>``, ``meeting%20notes.md``) are read as the file they name."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from autodream.memory.model import IndexEntry, link_destination, link_file, parse_index
from tests.factories import project_with_one_session, run_cli
from tests.scripted_api import ScriptedAPI, call, reply, tool_use

SAID_AT = datetime(2026, 7, 1, 9, 0, tzinfo=UTC)
MEETING = ("---\nname: Meeting notes\ndescription: notes from the weekly meeting\n"
           "type: project\n---\nWe meet on Mondays at ten.\n")
CAFE = ("---\nname: Cafe\ndescription: the cafe downstairs opens at eight\n"
        "type: reference\n---\nThe cafe downstairs opens at eight.\n")


@pytest.mark.parametrize("name", [
    "notes.md", "meeting notes.md", "café notes.md", "notes (old).md", "a%20b.md", "x>y.md",
    "deep/dir name/notes.md", " padded.md", "notes [old].md",
])
def test_a_file_name_links_and_reads_back_as_itself(name: str) -> None:
    line = IndexEntry("T", name, "hook").render()
    assert [e.file for e in parse_index(line, frozenset()).entries] == [name]


def test_a_space_is_linked_in_angle_brackets_and_read_either_way() -> None:
    assert link_destination("meeting notes.md") == "<meeting notes.md>"
    assert link_destination("notes.md") == "notes.md"
    assert link_file("meeting%20notes.md") == link_file("<meeting notes.md>") == "meeting notes.md"


def _dream(root: Path, *args: str, **env: str) -> str:
    return run_cli(root, "--force", *args, **env).output


def test_a_topic_file_named_with_a_space_is_indexed_and_the_dream_commits(
        tmp_path: Path) -> None:
    project_with_one_session(tmp_path, ["We use postgres 16 for the main database."], SAID_AT)
    (tmp_path / "memory" / "meeting notes.md").write_text(MEETING)

    out = _dream(tmp_path)

    assert "committed" in out
    index = (tmp_path / "memory" / "MEMORY.md").read_text()
    assert "- [Meeting notes](<meeting notes.md>) — notes from the weekly meeting" in index
    assert (tmp_path / "memory" / "meeting notes.md").read_text() == MEETING
    # and the next dream, over that index, commits too
    assert _dream(tmp_path, now="2026-07-03T09:00:00Z").startswith("no-change")


@pytest.mark.parametrize("cafe_link", ["café%20notes.md", "<café notes.md>"])
def test_links_a_person_wrote_with_a_space_either_way_keep_their_entries(
        tmp_path: Path, cafe_link: str) -> None:
    project_with_one_session(tmp_path, ["We use postgres 16 for the main database."], SAID_AT)
    memory = tmp_path / "memory"
    (memory / "meeting notes.md").write_text(MEETING)
    (memory / "café notes.md").write_text(CAFE)
    (memory / "MEMORY.md").write_text(
        f"- [Meeting notes](meeting%20notes.md) — our weekly meeting\n"
        f"- [Cafe]({cafe_link}) — the cafe, mornings\n")

    assert "committed" in _dream(tmp_path)

    index = (memory / "MEMORY.md").read_text()
    assert "- [Meeting notes](<meeting notes.md>) — our weekly meeting" in index
    assert "- [Cafe](<café notes.md>) — the cafe, mornings" in index
    assert (memory / "café notes.md").read_text() == CAFE


def _claude_files_the_meeting_as(
        tmp_path: Path, api: list[ScriptedAPI], name: str) -> tuple[str, ScriptedAPI]:
    """A scripted Claude dream that writes the meeting to ``memory/<name>`` and links it
    ``(meeting%20notes.md)``: the dream's output and the server (its requests)."""
    session = project_with_one_session(tmp_path, ["We meet on Mondays at ten."], SAID_AT)
    server = ScriptedAPI([
        call("read_file", path=f"sessions/{session.name}"),
        call("begin_phase", phase="gather"),
        call("begin_phase", phase="consolidate"),
        reply(tool_use("write_file", {"path": f"memory/{name}", "content": MEETING}),
              tool_use("write_file", {"path": "memory/MEMORY.md", "content":
                       "- [Meeting notes](meeting%20notes.md) — notes from the weekly meeting\n"})),
        call("finish", summary="filed the meeting"),
    ]).__enter__()
    api.append(server)
    out = _dream(tmp_path, "--backend", "anthropic", ANTHROPIC_API_KEY="sk-test",
                 ANTHROPIC_BASE_URL=server.url)
    return out, server


def test_claude_writing_a_file_with_a_space_and_linking_it_escaped_commits(
        tmp_path: Path, api: list[ScriptedAPI]) -> None:
    out, server = _claude_files_the_meeting_as(tmp_path, api, "meeting notes.md")

    assert "committed" in out, out
    assert (tmp_path / "memory" / "meeting notes.md").read_text() == MEETING
    # and Claude is told the form the checks hold its links to
    assert "[Title](<meeting notes.md>)" in json.dumps(server.requests[0], ensure_ascii=False)


def test_a_link_typed_with_a_bare_space_keeps_its_hook(tmp_path: Path) -> None:
    # "(meeting notes.md)" is no markdown link, but it is what the person meant: read as the
    # entry, its hook is theirs; read as nothing, the rebuilt index put the description there
    project_with_one_session(tmp_path, ["We use postgres 16 for the main database."], SAID_AT)
    memory = tmp_path / "memory"
    (memory / "meeting notes.md").write_text(MEETING)
    (memory / "MEMORY.md").write_text("- [Meeting notes](meeting notes.md) — our weekly meeting\n")

    assert "committed" in _dream(tmp_path)

    assert "- [Meeting notes](<meeting notes.md>) — our weekly meeting\n" in (
        memory / "MEMORY.md").read_text()


@pytest.mark.parametrize("line", [
    "- [Docs](https://example.com/user guide.md) — a web page, a note",
    "- [Top](#meeting notes.md) — an anchor, a note",
])
def test_a_web_link_with_a_space_stays_a_note(line: str) -> None:
    assert parse_index(line, frozenset()).entries == []


@pytest.mark.parametrize(("name", "link"), [
    ("meeting\u00a0notes.md", "meeting\u00a0notes.md"),  # macOS's Option-Space
    ("meeting\u00a0notes.md", "meeting%C2%A0notes.md"),
    ("meeting\tnotes.md", "<meeting\tnotes.md>"),
    ("meeting\tnotes.md", "meeting\tnotes.md"),
])
def test_a_link_to_a_name_the_tools_cannot_read_fails_no_dream(
        tmp_path: Path, name: str, link: str) -> None:
    # the tools list such a name escaped and refuse it so: the line is no entry (the dream
    # drops it, as it did before links with a space were read), the file is left as it is
    project_with_one_session(tmp_path, ["We use postgres 16 for the main database."], SAID_AT)
    memory = tmp_path / "memory"
    (memory / name).write_text(MEETING)
    (memory / "MEMORY.md").write_text(f"- [Meeting notes]({link}) — our weekly meeting\n")

    out = _dream(tmp_path)

    assert "committed" in out, out
    assert "left as found (fix it by hand)" in out and "is not linked from MEMORY.md" in out
    assert (memory / name).read_text() == MEETING
    assert "no-change" in _dream(tmp_path, now="2026-07-03T09:00:00Z")


SALE = ("---\nname: Sale off\ndescription: the spring sale takes 20% off\n"
        "type: project\n---\nThe spring sale takes 20% off.\n")


def test_a_file_named_with_a_percent_escape_keeps_its_hook(tmp_path: Path) -> None:
    # "sale%20off.md" is the file's own name, linked bare as an earlier dream wrote it: read as
    # "sale off.md", a file that is not there, the line went and the description took its place
    project_with_one_session(tmp_path, ["We use postgres 16 for the main database."], SAID_AT)
    memory = tmp_path / "memory"
    (memory / "sale%20off.md").write_text(SALE)
    (memory / "MEMORY.md").write_text("- [Sale off](sale%20off.md) — the spring sale, ask Ana\n")

    assert "committed" in _dream(tmp_path)

    assert "- [Sale off](<sale%20off.md>) — the spring sale, ask Ana\n" in (
        memory / "MEMORY.md").read_text()
    assert (memory / "sale%20off.md").read_text() == SALE


def test_claude_writing_a_file_named_with_a_percent_escape_and_linking_it_so_commits(
        tmp_path: Path, api: list[ScriptedAPI]) -> None:
    out, _ = _claude_files_the_meeting_as(tmp_path, api, "meeting%20notes.md")

    assert "committed" in out, out
    assert (tmp_path / "memory" / "meeting%20notes.md").read_text() == MEETING


TOKEN = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"
TOKEN_TOPIC = "---\nname: Tok\ndescription: token notes\ntype: reference\n---\nToken notes.\n"


def test_a_file_named_with_a_token_and_linked_bare_keeps_its_line(tmp_path: Path) -> None:
    # the dream reads the name redacted, "tok-[REDACTED:github-token].md": written back in
    # angle brackets, its line was no longer the one read, so it was not put back as the person
    # wrote it and every dream failed ("link 'tok-[REDACTED:github-token].md' does not resolve")
    project_with_one_session(tmp_path, ["We use postgres 16 for the main database."], SAID_AT)
    memory = tmp_path / "memory"
    (memory / f"tok-{TOKEN}.md").write_text(TOKEN_TOPIC)
    (memory / "MEMORY.md").write_text(f"- [Tok](tok-{TOKEN}.md) — token notes\n")

    out = _dream(tmp_path)

    assert "committed" in out, out
    assert f"- [Tok](tok-{TOKEN}.md) — token notes\n" in (memory / "MEMORY.md").read_text()
    assert (memory / f"tok-{TOKEN}.md").read_text() == TOKEN_TOPIC


@pytest.mark.parametrize(("name", "link"), [
    (f"tok {TOKEN}.md", f"tok%20{TOKEN}.md"),
    (f"tok {TOKEN}.md", f"tok {TOKEN}.md"),
    ("a\\b c.md", "<a\\b c.md>"),  # the tools refuse a backslash
    ("a\\b c.md", "a\\b%20c.md"),
])
def test_a_link_the_dream_cannot_write_back_as_read_fails_no_dream(
        tmp_path: Path, name: str, link: str) -> None:
    # read redacted or refused, the link could not be written back as it was read, nor the line
    # put back as the person wrote it: every dream failed. It is no entry, as main read it
    project_with_one_session(tmp_path, ["We use postgres 16 for the main database."], SAID_AT)
    memory = tmp_path / "memory"
    (memory / name).write_text(TOKEN_TOPIC)
    (memory / "MEMORY.md").write_text(f"- [Tok]({link}) — token notes\n")

    out = _dream(tmp_path)

    assert "committed" in out, out
    assert (memory / name).read_text() == TOKEN_TOPIC
    # the person's line leaves the index, and the dream says which and why (the name redacted)
    assert "[Tok]" not in (memory / "MEMORY.md").read_text()
    assert "1 pruned" in out, out
    shown = run_cli(tmp_path, "show").output
    assert "MEMORY.md linked a name the tools cannot read" in shown, shown
    assert (name.replace(TOKEN, "[REDACTED:github-token]") if TOKEN in name else name) in shown
    why = shown.split("\nwhy:\n")[1].split("\n--- a/")[0]  # the diff shows the files as is
    assert TOKEN not in next(line for line in why.splitlines() if "pruned" in line)
    assert "no-change" in _dream(tmp_path, now="2026-07-03T09:00:00Z")


@pytest.mark.parametrize(("link", "shown_as"), [
    ("docs\\old.md", "docs\\old.md"),
    ("my\\_notes.md", "my\\_notes.md"),
    ("old%5Cnotes.md", "old\\notes.md"),
    (f"tok%20{TOKEN}.md", "tok [REDACTED:github-token].md"),
    ("a" * 300 + ".md", "a" * 100),
])
def test_a_hand_written_line_linking_a_name_the_tools_cannot_read_is_dropped_with_a_why(
        tmp_path: Path, link: str, shown_as: str) -> None:
    # 2b4cedd made such a line no entry, and it is no note either: the dream dropped it and
    # said nothing (main pruned it, 'MEMORY.md linked a file that does not exist')
    project_with_one_session(tmp_path, ["We use postgres 16 for the main database."], SAID_AT)
    memory = tmp_path / "memory"
    (memory / "MEMORY.md").write_text(f"- [Old notes]({link}) — the old runbook, ask Ana\n")

    out = _dream(tmp_path)

    assert "committed" in out and "1 pruned" in out, out
    assert "Old notes" not in (memory / "MEMORY.md").read_text()
    shown = run_cli(tmp_path, "show").output
    assert f"pruned     {shown_as}" in shown, shown
    assert "MEMORY.md linked a name the tools cannot read" in shown
    assert TOKEN not in shown.split("\n--- a/")[0]  # the why (the diff shows the files as is)


def test_a_link_longer_than_any_file_name_is_no_entry_and_is_not_redacted(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # no file system takes a name over 255 bytes: such a link names no file. The reader ran
    # redact on every link's name, and redact took 2.4 s on a 20,000-char one
    from autodream import redact

    def no_redact(text: str) -> str:
        raise AssertionError(f"redact called on a {len(text)}-char name")

    longest = "a" * 252 + ".md"
    assert [e.file for e in parse_index(f"- [T]({longest}) — h\n", frozenset()).entries] == [
        longest]
    assert [e.file for e in parse_index(f"- [T](dir/{longest}) — h\n", frozenset()).entries] == [
        f"dir/{longest}"]
    monkeypatch.setattr(redact, "redact", no_redact)
    for name in ("a" * 253 + ".md", "é" * 127 + ".md", "password=" * 2200 + ".md"):
        assert parse_index(f"- [T]({name}) — h\n", frozenset()).entries == []


def test_a_link_in_a_line_not_of_an_entrys_form_is_dropped_with_a_why(tmp_path: Path) -> None:
    # a numbered item is no entry and no note: dropped in silence, on main too
    project_with_one_session(tmp_path, ["We use postgres 16 for the main database."], SAID_AT)
    memory = tmp_path / "memory"
    (memory / "MEMORY.md").write_text("1. [Beta](beta.md) — the beta runbook\n")

    out = _dream(tmp_path)

    assert "committed" in out and "1 pruned" in out, out
    assert "Beta" not in (memory / "MEMORY.md").read_text()
    shown = run_cli(tmp_path, "show").output
    assert "pruned     beta.md" in shown, shown
    assert "MEMORY.md linked it in a line not of an index entry's form" in shown
