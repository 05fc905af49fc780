"""A generated value said of a token or a key is hidden where a title shows it as where a
sentence does: "The token is abc123XYZ987." was hidden in a topic's body, but the index line
'- [The token is abc123XYZ987](feedback_x.md)' kept it (the value ended at the link's "]",
which no value's end allowed), and so did the value in bold ('- **The token is
abc123XYZ987**', its marks read as its characters), in italics, or before a CJK full stop."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from autodream.memory.model import parse_index
from autodream.redact import redact
from tests.factories import project_with_one_session, run_cli, topic_texts
from tests.scripted_api import ScriptedAPI, call

SAID_AT = datetime(2026, 7, 1, 9, 0, tzinfo=UTC)


@pytest.mark.parametrize(("said", "value"), [
    ("Remember: the token is abc123XYZ987.", "abc123XYZ987"),
    ("Remember: the API key is 9fK2mQ7xLp.", "9fK2mQ7xLp"),
])
def test_a_dream_keeps_no_generated_token_said_in_a_session(tmp_path: Path, said: str,
                                                            value: str) -> None:
    project_with_one_session(tmp_path, ["Always run the linter before committing.", said],
                             SAID_AT)

    run_cli(tmp_path, "--force")

    memory = tmp_path / "memory"
    index = (memory / "MEMORY.md").read_text(encoding="utf-8")
    topics = topic_texts(tmp_path)
    entries = parse_index(index, set(topics)).entries
    assert [entry.file for entry in entries] == list(topics), index
    for path in memory.rglob("*"):
        if path.is_file():
            assert value not in path.read_text(encoding="utf-8"), path


@pytest.mark.parametrize(("title", "value"), [
    ("The token is abc123XYZ987", "abc123XYZ987"),
    ("The API key was 9fK2mQ7xLp", "9fK2mQ7xLp"),
])
def test_a_token_in_a_hand_written_title_leaves_the_index(tmp_path: Path, title: str,
                                                          value: str) -> None:
    project_with_one_session(tmp_path, ["Always run the linter before committing."], SAID_AT)
    memory = tmp_path / "memory"
    memory.mkdir(exist_ok=True)
    (memory / "reference_token.md").write_text(
        f"---\nname: {title}\ndescription: {title} (2026-06-01)\ntype: reference\n---\n\n"
        f"{title}.\n", encoding="utf-8")
    (memory / "MEMORY.md").write_text(
        f"## Reference\n- [{title}](reference_token.md) — {title}\n", encoding="utf-8")

    run_cli(tmp_path, "--force")

    # (the topic file is the person's, left as found; the index the dream writes shows no value,
    # and its line for the file is a link to it)
    index = (memory / "MEMORY.md").read_text(encoding="utf-8")
    assert value not in index, index
    topics = topic_texts(tmp_path)
    entries = parse_index(index, set(topics)).entries
    assert sorted(entry.file for entry in entries) == sorted(topics), index
    assert any(entry.file == "reference_token.md" for entry in entries), index


@pytest.mark.parametrize("line", [
    "- [[REDACTED:api-key]](a.md)",
    "- [The token is [REDACTED:assigned-secret]](a.md) — a",
])
def test_an_index_title_already_holding_a_mark_is_the_files_entry(tmp_path: Path,
                                                                   line: str) -> None:
    # (review rev225: with the title read as the entry for a.md but the checks' canonical line
    # still refusing the mark's brackets, every dream failed: 'MEMORY.md: line 8: not an
    # entry'; main read the line as a note and dreamt) a title a person or a tool wrote
    # redacted is a.md's entry, and the dream succeeds
    project_with_one_session(tmp_path, ["Always run the linter before committing."], SAID_AT)
    memory = tmp_path / "memory"
    memory.mkdir(exist_ok=True)
    (memory / "a.md").write_text(
        "---\nname: Deploy\ndescription: deploy with fly (2026-06-01)\ntype: reference\n---\n\n"
        "Deploys go through fly.io from the main branch.\n", encoding="utf-8")
    (memory / "MEMORY.md").write_text(f"{line}\n", encoding="utf-8")

    result = run_cli(tmp_path, "--force")

    assert result.exit_code == 0, result.output
    index = (memory / "MEMORY.md").read_text(encoding="utf-8")
    topics = topic_texts(tmp_path)
    assert sorted(e.file for e in parse_index(index, set(topics)).entries) == sorted(topics)


DEPLOY = ("---\nname: Deploy\ndescription: deploy with fly (2026-06-01)\ntype: reference\n---\n\n"
          "Deploys go through fly.io from the main branch.\n")


@pytest.mark.parametrize(("line", "value"), [
    ("- [[REDACTED:api-key]](a.md)", "[REDACTED"),
    # (review rev226: a mark and a token, the token now read redacted too)
    ("- [[REDACTED:x] The token is abc123XYZ987](a.md) — a", "abc123XYZ987"),
    ("- [[REDACTED:x] password: hunter2hunter2](a.md)", "hunter2hunter2"),
    ("## Reference\n- [The password is Hunter2xyz](a.md) — the deploy password", "Hunter2xyz"),
])
def test_an_index_title_read_redacted_gives_way_to_the_files_name(tmp_path: Path, line: str,
                                                                  value: str) -> None:
    # a title kept as read was written back as the person wrote it, the secret with it (the
    # line put back as found: 'left as found (fix it by hand): MEMORY.md: line 5: contains a
    # secret'), or as the mark alone; main rebuilt the line from the file, the title its name
    project_with_one_session(tmp_path, ["Always run the linter before committing."], SAID_AT)
    memory = tmp_path / "memory"
    memory.mkdir(exist_ok=True)
    (memory / "a.md").write_text(DEPLOY, encoding="utf-8")
    (memory / "MEMORY.md").write_text(f"{line}\n", encoding="utf-8")

    result = run_cli(tmp_path, "--force")

    assert "left as found" not in result.output, result.output
    index = (memory / "MEMORY.md").read_text(encoding="utf-8")
    topics = topic_texts(tmp_path)
    entries = parse_index(index, set(topics)).entries
    assert sorted(e.file for e in entries) == sorted(topics), index
    assert [e.title for e in entries if e.file == "a.md"] == ["Deploy"], index
    # (no file of memory holds the value; the journal keeps the index as it was, to undo)
    for path in memory.rglob("*"):
        if path.is_file() and ".autodream" not in path.relative_to(memory).parts:
            assert value not in path.read_text(encoding="utf-8"), path


@pytest.mark.parametrize("line", [
    "- [[REDACTED:api-key]](a.md) — [REDACTED:api-key]",
    "- [Deploy](a.md) — [REDACTED:api-key], [REDACTED:x]",
    # (a real key, read redacted)
    "- [Deploy](a.md) — sk-ant-api03-" + "abcdefghijklmnopqrstuvwxyzABCDEFGH0123456789" * 2 + "-AA",
])
def test_an_index_hook_of_marks_alone_gives_way_to_the_description(tmp_path: Path,
                                                                   line: str) -> None:
    # (the line read redacted kept its hook, '— (REDACTED:api-key)', which tells nothing of
    # the memory; main rebuilt the first line, title and hook, from the file)
    project_with_one_session(tmp_path, ["Always run the linter before committing."], SAID_AT)
    memory = tmp_path / "memory"
    memory.mkdir(exist_ok=True)
    (memory / "a.md").write_text(DEPLOY, encoding="utf-8")
    (memory / "MEMORY.md").write_text(f"{line}\n", encoding="utf-8")

    result = run_cli(tmp_path, "--force")

    assert result.exit_code == 0, result.output
    index = (memory / "MEMORY.md").read_text(encoding="utf-8")
    assert "- [Deploy](a.md) — with fly (2026-06-01)\n" in index, index


def test_a_files_line_read_redacted_gives_way_to_its_other_line(tmp_path: Path) -> None:
    # (b.md linked twice, first by a line read redacted: its title gave way to the file's
    # name and the person's own line was dropped as the second, '- [Postgres](b.md) — db
    # port (2026-06-01)'; main read the first as no entry and kept the second)
    project_with_one_session(tmp_path, ["Always run the linter before committing."], SAID_AT)
    memory = tmp_path / "memory"
    memory.mkdir(exist_ok=True)
    (memory / "b.md").write_text(
        "---\nname: Postgres\ndescription: db port (2026-06-01)\ntype: project\n---\n\n"
        "The staging Postgres listens on port 6543.\n", encoding="utf-8")
    (memory / "MEMORY.md").write_text("- [[REDACTED:q]](b.md)\n- [B](b.md) — b dup\n",
                                      encoding="utf-8")

    result = run_cli(tmp_path, "--force")

    assert result.exit_code == 0, result.output
    index = (memory / "MEMORY.md").read_text(encoding="utf-8")
    assert "- [B](b.md) — b dup\n" in index, index


def test_a_title_with_no_whole_mark_stays_the_persons(tmp_path: Path) -> None:
    # (a mark never closed is no secret's: redaction writes every mark whole; main kept the
    # title, and so does the dream now)
    project_with_one_session(tmp_path, ["Always run the linter before committing."], SAID_AT)
    memory = tmp_path / "memory"
    memory.mkdir(exist_ok=True)
    (memory / "a.md").write_text(DEPLOY, encoding="utf-8")
    (memory / "MEMORY.md").write_text("- [A [REDACTED:x](a.md) — a\n", encoding="utf-8")

    run_cli(tmp_path, "--force")

    index = (memory / "MEMORY.md").read_text(encoding="utf-8")
    assert "- [A [REDACTED:x](a.md) — a\n" in index, index


@pytest.mark.parametrize(("index", "topic"), [
    # (the file holds the password too: left as found, its line made of the index's own)
    ("- [The password is Hunter2xyz](x.md)",
     "---\nname: The password is Hunter2xyz\ndescription: The password is Hunter2xyz "
     "(2026-06-01)\ntype: reference\n---\n\nThe password is Hunter2xyz.\n"),
    ("## Reference\n- [Staging](x.md) — the password is Hunter2xyz",
     "---\nname: Staging\ndescription: staging (2026-06-01)\ntype: reference\n---\n\n"
     "Log in to staging with the shared account.\n"),
])
def test_a_password_in_a_hand_written_index_line_leaves_it_and_the_dream_succeeds(
        tmp_path: Path, index: str, topic: str) -> None:
    # the index line shows the mark with round brackets ("The password is
    # (REDACTED:assigned-secret)"), which was read as a password's value: the dream refused
    # its own MEMORY.md, 'the content contains a secret (assigned-secret)', exit 6 (main:
    # 'x.md: is not linked from MEMORY.md', exit 6), every dream after alike
    project_with_one_session(tmp_path, ["Always run the linter before committing."], SAID_AT)
    memory = tmp_path / "memory"
    memory.mkdir(exist_ok=True)
    (memory / "x.md").write_text(topic, encoding="utf-8")
    (memory / "MEMORY.md").write_text(f"{index}\n", encoding="utf-8")

    run_cli(tmp_path, "--force")
    written = (memory / "MEMORY.md").read_text(encoding="utf-8")
    run_cli(tmp_path, "--force", now="2026-07-03T09:00:00Z")

    index_now = (memory / "MEMORY.md").read_text(encoding="utf-8")
    assert index_now == written  # (the next dream reads it back as it is)
    assert "Hunter2xyz" not in index_now, index_now
    topics = topic_texts(tmp_path)
    entries = parse_index(index_now, set(topics)).entries
    assert sorted(e.file for e in entries) == sorted(topics), index_now


@pytest.mark.parametrize("title", [
    'TOKEN = "Qx-Token-99812',
    "the deploy token is 'Qx-Token-99812",
])
def test_a_token_after_a_quote_never_closed_in_a_title_leaves_memory(tmp_path: Path,
                                                                     title: str) -> None:
    # (main kept it: the value read on through the link, '"Qx-Token-99812](x.md)', no token's;
    # it ends at the link's "]" since ef9779f, and the title read redacted gives way to the
    # file's name)
    project_with_one_session(tmp_path, ["Always run the linter before committing."], SAID_AT)
    memory = tmp_path / "memory"
    memory.mkdir(exist_ok=True)
    (memory / "a.md").write_text(DEPLOY, encoding="utf-8")
    (memory / "MEMORY.md").write_text(f"- [{title}](a.md)\n", encoding="utf-8")

    run_cli(tmp_path, "--force")

    index = (memory / "MEMORY.md").read_text(encoding="utf-8")
    topics = topic_texts(tmp_path)
    entries = parse_index(index, set(topics)).entries
    assert sorted(e.file for e in entries) == sorted(topics), index
    for path in memory.rglob("*"):
        if path.is_file() and ".autodream" not in path.relative_to(memory).parts:
            assert "Qx-Token-99812" not in path.read_text(encoding="utf-8"), path


@pytest.mark.parametrize("title", [
    "[REDACTED:api-key] The token is abc123XYZ987",
    "See [docs] — the token is abc123XYZ987",
    "[[wiki]] [x] token = abc123XYZ987",
])
def test_a_token_after_a_closed_bracket_in_a_title_is_never_shown_to_claude(
        tmp_path: Path, api: list[ScriptedAPI], title: str) -> None:
    # (review rev226: the title's last "[" was read alone, the mark's or "[docs]"'s, closed:
    # the link's "]" was then the value's own, "abc123XYZ987](a.md)", no token's, and Claude
    # read MEMORY.md with the token in it)
    project_with_one_session(tmp_path, ["We meet on Mondays at ten."], SAID_AT)
    memory = tmp_path / "memory"
    memory.mkdir(exist_ok=True)
    (memory / "a.md").write_text(DEPLOY, encoding="utf-8")
    (memory / "MEMORY.md").write_text(f"- [{title}](a.md) — a\n", encoding="utf-8")
    server = ScriptedAPI([
        call("read_file", path="memory/MEMORY.md"),
        call("finish", summary="read the index"),
    ]).__enter__()
    api.append(server)

    run_cli(tmp_path, "--force", "--backend", "anthropic", ANTHROPIC_API_KEY="sk-test",
            ANTHROPIC_BASE_URL=server.url)

    sent = json.dumps(server.requests, ensure_ascii=False)
    assert "(a.md)" in sent  # (MEMORY.md was read, its line with it)
    assert "abc123XYZ987" not in sent


@pytest.mark.parametrize(("text", "value"), [
    ("- [The token is abc123XYZ987](feedback_x.md)", "abc123XYZ987"),
    ("- [The token is abc123XYZ987](<a b.md>) — the token (2026-07-01)", "abc123XYZ987"),
    ("[The API key was 9fK2mQ7xLp](x.md)", "9fK2mQ7xLp"),
    ("- [token = abc123XYZ987](x.md)", "abc123XYZ987"),
    ("- [The deploy key: xK9mP2qL7v](x.md)", "xK9mP2qL7v"),
    ("- **The token is abc123XYZ987**", "abc123XYZ987"),
    ("- [**The token is abc123XYZ987**](x.md)", "abc123XYZ987"),
    ("The token is **abc123XYZ987**.", "abc123XYZ987"),
    ("The token is *abc123XYZ987*", "abc123XYZ987"),
    ("The token is abc123XYZ987\u3002", "abc123XYZ987"),
    ("(see [token = abc123XYZ987])", "abc123XYZ987"),
    # (brackets closed before the value, nested or not, leave the title's "[" open)
    ("- [[REDACTED:x] The token is abc123XYZ987](a.md) — a", "abc123XYZ987"),
    ("- [See [docs](http://d.io) — the token is abc123XYZ987](a.md)", "abc123XYZ987"),
    ("- [[[a]] token = abc123XYZ987](x.md)", "abc123XYZ987"),
    # (and a password's value ends at the link's "]", where it took the link with it)
    ("- [[REDACTED:x] password: hunter2hunter2](a.md)", "hunter2hunter2"),
    # (a quote opened before the value and never closed)
    ('- [TOKEN = "Qx-Token-99812](x.md)', "Qx-Token-99812"),
    ("- [The token is `abc123XYZ987](<a b.md>) — a", "abc123XYZ987"),
    # (a stray "]" after it, no "[" open before it on the line, ends it too: it was read as
    # the value's, "abc123XYZ987]", no token's, and shown)
    ("token = abc123XYZ987]", "abc123XYZ987"),
    ("- [x] token = abc123XYZ987]", "abc123XYZ987"),
    ("[a] [b] token = abc123XYZ987]", "abc123XYZ987"),
])
def test_a_generated_token_in_a_title_or_between_marks_is_hidden(text: str, value: str) -> None:
    shown = redact(text)

    assert value not in shown
    # (the marks, the link and the closing signs around it are kept)
    assert shown == text.replace(value, "[REDACTED:assigned-secret]")


@pytest.mark.parametrize("text", [
    # (no credential's key, or no token's value)
    "- [The cache key is abc123XYZ987](x.md)",
    "- [The token count is 12345678901](x.md)",
    "- **The sort key is abc123XYZ987**",
    "- [The token is *important*](x.md)",
    # (a word chosen with digits in it: a product, an encoding)
    "- [The token is gpt4oMini2024](x.md)",
    "- [The key is 3Blue1Brown](x.md)",
])
def test_a_title_that_says_no_token_is_left_as_written(text: str) -> None:
    assert redact(text) == text


@pytest.mark.parametrize(("index", "name"), [
    ("- the token is abc123XYZ987]", "Deploy"),
    ("* [ ] the deploy token is abc123XYZ987]", "Deploy"),
    ("1. token = abc123XYZ987]", "Deploy"),
    ("> [!NOTE] the token is abc123XYZ987]", "Deploy"),
    ("", "the token is abc123XYZ987]"),
    ("", "[x] the API key is abc123XYZ987]"),
    ("", "token = abc123XYZ987]"),
])
def test_a_token_before_a_stray_bracket_never_fails_the_dream(tmp_path: Path, index: str,
                                                              name: str) -> None:
    # (review rev228 F1: the value before a "]" with no "[" open was read as no token's, then
    # the dream made the line a title, its "]" a ")", and the value one: every dream failed,
    # exit 6, 'MEMORY.md could not be written (refused: ... contains a secret') the value is
    # hidden where it is read: the person's line or file is left as found, as one with no "]"
    project_with_one_session(tmp_path, ["Always run the linter before committing."], SAID_AT)
    memory = tmp_path / "memory"
    memory.mkdir(exist_ok=True)
    (memory / "a.md").write_text(DEPLOY.replace("name: Deploy", f"name: {name}"),
                                 encoding="utf-8")
    written = f"- [A](a.md) — a\n{index}\n" if index else "- [A](a.md) — a\n"
    (memory / "MEMORY.md").write_text(written, encoding="utf-8")
    persons = set(written.splitlines()) | set((memory / "a.md").read_text().splitlines())

    result = run_cli(tmp_path, "--force")

    assert result.exit_code == 0, result.output
    assert "contains a secret" in result.output
    # (no line the dream wrote holds the value: only the person's, as they wrote it)
    for path in memory.rglob("*.md"):
        for line in path.read_text(encoding="utf-8").splitlines():
            assert "abc123XYZ987" not in line or line in persons, (path, line)


@pytest.mark.parametrize(("name", "description"), [
    ("the token is [abc123XYZ987](https://x.io)", "the ci token (2026-06-01)"),
    ("CI token", "the token is [abc123XYZ987](https://x.io) (2026-06-01)"),
])
def test_a_token_a_link_hid_is_hidden_in_the_index_line_made_of_it(tmp_path: Path, name: str,
                                                                   description: str) -> None:
    # (main too: a link's brackets around the value kept it from reading as a token's, and the
    # index line, its link made flat, "the token is abc123XYZ987 (https://x.io)", showed one:
    # every dream failed, exit 6, 'MEMORY.md could not be written (refused: ... contains a
    # secret') the line made of it is read again and shows a mark
    project_with_one_session(tmp_path, ["Always run the linter before committing."], SAID_AT)
    memory = tmp_path / "memory"
    memory.mkdir(exist_ok=True)
    (memory / "a.md").write_text(DEPLOY, encoding="utf-8")
    (memory / "t.md").write_text(
        f"---\nname: {name}\ndescription: {description}\ntype: reference\n---\n\n"
        "Rotate it monthly.\n", encoding="utf-8")
    (memory / "MEMORY.md").write_text("- [A](a.md) — a\n", encoding="utf-8")

    result = run_cli(tmp_path, "--force")

    assert result.exit_code == 0, result.output
    index = (memory / "MEMORY.md").read_text(encoding="utf-8")
    assert "abc123XYZ987" not in index, index
    assert "(REDACTED:assigned-secret)" in index, index
    topics = topic_texts(tmp_path)
    assert sorted(e.file for e in parse_index(index, set(topics)).entries) == sorted(topics)


@pytest.mark.parametrize("line", [
    "- [Docs [REDACTED:x]](https://x.io/docs) — the API docs",
    "* [[REDACTED:api-key]](#top): the key's section",
])
def test_a_web_link_with_a_marked_title_stays_as_the_person_wrote_it(tmp_path: Path,
                                                                     line: str) -> None:
    # (review rev228 F2: the line, read as an entry since its title may hold a mark, was a web
    # link's, and the dream made a garbled topic file of it, '- [(Docs (REDACTED:x))(x.io —
    # the API docs](reference_docs-redacted-x-io-api-docs.md)', the heading lost) it is the
    # person's note, kept word for word under its heading, dream after dream
    project_with_one_session(tmp_path, ["Always run the linter before committing."], SAID_AT)
    memory = tmp_path / "memory"
    memory.mkdir(exist_ok=True)
    (memory / "a.md").write_text(DEPLOY, encoding="utf-8")
    (memory / "MEMORY.md").write_text(f"- [A](a.md) — a\n\n## Links\n{line}\n", encoding="utf-8")

    for now in ("2026-07-02T09:00:00+00:00", "2026-07-04T09:00:00+00:00"):
        result = run_cli(tmp_path, "--force", now=now)

        assert result.exit_code == 0, result.output
        index = (memory / "MEMORY.md").read_text(encoding="utf-8")
        assert f"## Links\n{line}\n" in index, index
        topics = topic_texts(tmp_path)
        assert sorted(topics) == ["a.md", "feedback_always-run-linter-committing.md"], topics


def test_a_hook_cut_right_after_a_mark_never_fails_the_dream(tmp_path: Path) -> None:
    # (main too: the person's hook, its password read redacted and cut by the index right
    # after the mark, '— the password is (REDACTED:assigned-secret)…', was read as a password
    # whose value is the mark and the "…": every dream failed, exit 6, 'MEMORY.md could not
    # be written (refused: ... contains a secret (assigned-secret)')
    url = ("https://wiki.internal.example.com/display/OPS/Staging+Environment+Credentials+and"
           "+Rotation+Policy+for+2026+and+beyond")
    project_with_one_session(tmp_path, ["Always run the linter before committing."], SAID_AT)
    memory = tmp_path / "memory"
    memory.mkdir(exist_ok=True)
    (memory / "a.md").write_text(DEPLOY, encoding="utf-8")
    (memory / "x.md").write_text(
        "---\nname: Staging\ndescription: the staging login (2026-06-01)\ntype: reference\n"
        "---\n\nUse the staging login.\n", encoding="utf-8")
    (memory / "MEMORY.md").write_text(
        f"- [Deploy](a.md) — a\n- [Staging](x.md) — the password is Hunter2xyz {url}\n",
        encoding="utf-8")

    for _ in range(2):
        result = run_cli(tmp_path, "--force")

        assert result.exit_code == 0, result.output
        index = (memory / "MEMORY.md").read_text(encoding="utf-8")
        assert "- [Staging](x.md) — the password is (REDACTED:assigned-secret)…\n" in index, index
        assert "Hunter2xyz" not in index, index


def _staging(name: str) -> str:
    return (f"---\nname: {name}\ndescription: the staging login (2026-06-01)\n"
            "type: reference\n---\n\nUse the staging login.\n")


def test_a_line_the_dream_wrote_redacted_follows_the_files_new_name(tmp_path: Path) -> None:
    # (x.md named with a password: the dream writes its line with the mark made round,
    # '- [The password is (REDACTED:assigned-secret)](x.md) — The password is (REDACTED:...)',
    # and, the round mark read as the person's words, kept that line for ever once the person
    # renamed the file 'Staging login'; main rebuilt it from the file)
    project_with_one_session(tmp_path, ["Always run the linter before committing."], SAID_AT)
    memory = tmp_path / "memory"
    memory.mkdir(exist_ok=True)
    (memory / "a.md").write_text(DEPLOY, encoding="utf-8")
    (memory / "x.md").write_text(_staging("The password is Hunter2xyz"), encoding="utf-8")
    (memory / "MEMORY.md").write_text(
        "- [Deploy](a.md) — a\n- [The password is Hunter2xyz](x.md)\n", encoding="utf-8")

    first = run_cli(tmp_path, "--force")
    assert first.exit_code == 0, first.output
    assert "(REDACTED:assigned-secret)](x.md)" in (memory / "MEMORY.md").read_text(
        encoding="utf-8")
    (memory / "x.md").write_text(_staging("Staging login"), encoding="utf-8")
    second = run_cli(tmp_path, "--force", now="2026-07-04T09:00:00Z")

    assert second.exit_code == 0, second.output
    index = (memory / "MEMORY.md").read_text(encoding="utf-8")
    assert "- [Staging login](x.md) — the staging login (2026-06-01)\n" in index, index


@pytest.mark.parametrize("line", [
    "- [The password is (REDACTED:assigned-secret)](x.md) — The password is "
    "(REDACTED:assigned-secret)",
    "- [The password is [REDACTED:assigned-secret]](x.md) — The password is "
    "[REDACTED:assigned-secret]",
])
def test_a_hook_repeating_a_redacted_title_gives_way_to_the_description(tmp_path: Path,
                                                                        line: str) -> None:
    project_with_one_session(tmp_path, ["Always run the linter before committing."], SAID_AT)
    memory = tmp_path / "memory"
    memory.mkdir(exist_ok=True)
    (memory / "a.md").write_text(DEPLOY, encoding="utf-8")
    (memory / "x.md").write_text(_staging("Staging login"), encoding="utf-8")
    (memory / "MEMORY.md").write_text(f"- [Deploy](a.md) — a\n{line}\n", encoding="utf-8")

    result = run_cli(tmp_path, "--force")

    assert result.exit_code == 0, result.output
    index = (memory / "MEMORY.md").read_text(encoding="utf-8")
    assert "- [Staging login](x.md) — the staging login (2026-06-01)\n" in index, index


def test_a_token_in_bold_in_a_title_keeps_its_bold_and_kind() -> None:
    # (read on to the link's "]", the bold went with the value: '- [the token is
    # [REDACTED:assigned-secret]](x.md)', where main showed what the value is)
    value = "ghp_abcdefghijklmnopqrstuvwxyz0123456789"
    assert redact(f"- [the token is **{value}**](x.md)") == (
        "- [the token is **[REDACTED:github-token]**](x.md)")
