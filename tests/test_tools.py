"""The toolbox as a model sees it: outputs, paging, redaction, phases, budgets, the journal."""

from __future__ import annotations

import itertools
import json
import random
import re
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from autodream import redact
from autodream.agent import (
    PHASES,
    BackendReply,
    Budgets,
    DreamBrief,
    ToolCall,
    ToolResult,
    ToolSpec,
    drive,
)
from autodream.errors import BudgetExceeded, NotFound, SandboxError
from autodream.settings import Settings
from autodream.tools import (
    PHASE_INSTRUCTIONS,
    TOOL_NAMES,
    ToolBox,
    ToolLimits,
    _Glob,
    glob_match,
    tool_specs,
)
from tests.factories import TranscriptBuilder
from tests.sandbox_tree import ANTHROPIC_KEY, AWS_KEY, SESSION_ID, Tree, build_tree

SESSION = f"sessions/{SESSION_ID}.jsonl"


@pytest.fixture
def tree(tmp_path: Path) -> Tree:
    return build_tree(tmp_path)


def run(box: ToolBox, name: str, **inp: Any) -> ToolResult:
    return box.call(ToolCall(f"id-{len(box.log)}", name, inp))


def ok(box: ToolBox, name: str, **inp: Any) -> str:
    result = run(box, name, **inp)
    assert not result.is_error, result.content
    return result.content


# --- specs -------------------------------------------------------------------------------------


def test_specs_match_the_contract_table() -> None:
    specs = tool_specs()
    assert [s.name for s in specs] == [
        "list_dir", "read_file", "grep", "glob", "write_file", "edit_file", "delete_file",
        "begin_phase", "finish",
    ]
    inputs = {s.name: set(s.input_schema["properties"]) for s in specs}
    assert inputs["read_file"] == {"path", "offset", "limit"}
    assert inputs["grep"] == {"pattern", "path", "glob", "max_hits"}
    assert inputs["edit_file"] == {"path", "old_string", "new_string"}
    for spec in specs:
        schema = spec.input_schema
        assert schema["type"] == "object" and schema["additionalProperties"] is False
        assert set(schema["required"]) <= set(schema["properties"])
        assert len(spec.description) > 30
        json.dumps(schema)  # serialisable for any backend


def test_specs_follow_the_limits(tree: Tree) -> None:
    box = tree.toolbox(ToolLimits(max_read_lines=50, max_grep_hits=7))
    by_name = {s.name: s for s in box.specs()}
    assert by_name["read_file"].input_schema["properties"]["limit"]["maximum"] == 50
    assert by_name["grep"].input_schema["properties"]["max_hits"]["maximum"] == 7
    assert tool_specs()[1].input_schema["properties"]["limit"]["maximum"] == 2000


# --- reading -----------------------------------------------------------------------------------


def test_list_dir_roots_and_memory(tree: Tree) -> None:
    box = tree.toolbox()
    assert ok(box, "list_dir", path="") == "memory/\nsessions/\nproject/"
    assert ok(box, "list_dir", path="/") == "memory/\nsessions/\nproject/"
    listing = ok(box, "list_dir", path="memory/").splitlines()
    assert "sub/" in listing
    assert f"build.md  {(tree.memory / 'build.md').stat().st_size}" in listing
    assert "outlink@" in listing
    assert not any(line.startswith(".") for line in listing)


def test_read_file_pages_with_a_continue_note(tree: Tree) -> None:
    (tree.memory / "long.md").write_text("".join(f"line {n}\n" for n in range(1, 1001)))
    box = tree.toolbox()
    first = ok(box, "read_file", path="memory/long.md", limit=3)
    assert first == "line 1\nline 2\nline 3\n[truncated: lines 1-3 of 1000; continue with offset=4]"
    page = ok(box, "read_file", path="memory/long.md", offset=600, limit=2)
    assert page.startswith("line 600\nline 601\n[truncated: lines 600-601 of 1000")
    last = ok(box, "read_file", path="memory/long.md", offset=999)
    assert last == "line 999\nline 1000\n"
    past = run(box, "read_file", path="memory/long.md", offset=1001)
    assert past.is_error and "past the end" in past.content


def test_read_file_is_cut_at_the_output_cap(tree: Tree) -> None:
    (tree.memory / "wide.md").write_text("".join(f"{n:04d} " + "x" * 95 + "\n" for n in range(100)))
    box = tree.toolbox(ToolLimits(max_output_bytes=1000))
    text = ok(box, "read_file", path="memory/wide.md")
    assert len(text.encode()) <= 1000
    assert text.splitlines()[-1].startswith("[truncated: lines 1-")
    nxt = int(text.rsplit("offset=", 1)[1].rstrip("]"))
    assert ok(box, "read_file", path="memory/wide.md", offset=nxt).startswith(f"{nxt - 1:04d} ")


def test_read_file_shows_the_head_of_one_huge_line(tree: Tree) -> None:
    (tree.sessions / "huge.jsonl").write_text('{"a":"' + "y" * 50_000 + '"}\n{"b":1}\n')
    box = tree.toolbox(ToolLimits(max_output_bytes=2000))
    text = ok(box, "read_file", path="sessions/huge.jsonl")
    assert text.startswith('{"a":"yyy')
    assert "line 1 of 2 is longer than the output cap" in text
    assert ok(box, "read_file", path="sessions/huge.jsonl", offset=2) == '{"b":1}\n'


def test_a_look_at_a_bundle_on_one_line_costs_what_is_shown(tree: Tree) -> None:
    # A 9.6 MB minified bundle is one line: read_file showed its first 16 KB but charged the
    # whole line, so one look ended the Claude dream ('read budget exhausted: more than
    # 8000000 bytes read') and rolled it back
    (tree.project / "app.min.js").write_text("var a=1;" * 1_200_000 + "\nvar b=2;\n")
    box = tree.toolbox()
    text = ok(box, "read_file", path="project/app.min.js")
    assert text.startswith("var a=1;var a=1;")
    # (bigger than the read budget: its lines are not counted to the end for a first look)
    assert text.endswith("[truncated: line 1 of a 9600010-byte file (its lines not counted) "
                         "is longer than the output cap and was cut; continue with offset=2 "
                         "if it has more lines]")
    assert box.bytes_read < 30_000
    roomy = tree.toolbox(ToolLimits(max_read_bytes=20_000_000))
    assert ok(roomy, "read_file", path="project/app.min.js", offset=2) == "var b=2;\n"


def test_a_file_bigger_than_the_read_budget_is_counted_only_as_far_as_a_read_goes(
        tree: Tree) -> None:
    # read_file counted every line of a file to say 'of N' (20 s for a 20 GB file, uncharged),
    # and reached any offset in it uncharged: the read budget bounded none of that work
    line = b"a log line of forty bytes, more or less\n"
    (tree.project / "huge.log").write_bytes(line * 75_000)  # 3 MB, 75,000 lines
    box = tree.toolbox(ToolLimits(max_read_bytes=1_000_000))
    text = ok(box, "read_file", path="project/huge.log", limit=5)
    assert text.endswith("[truncated: lines 1-5 of a 3000000-byte file (its lines not "
                         "counted); continue with offset=6]")
    assert box.bytes_read < 1_000
    # a page 10,000 lines in is charged for the lines counted on the way
    text = ok(box, "read_file", path="project/huge.log", offset=10_001, limit=2)
    assert text.startswith(line.decode() * 2)
    assert 400_000 <= box.bytes_read < 500_000
    with pytest.raises(BudgetExceeded, match="read budget"):
        run(box, "read_file", path="project/huge.log", offset=70_000)


def test_a_cut_last_line_is_not_followed_by_an_offset_past_the_end(tree: Tree) -> None:
    # a one-line file longer than the output cap said 'continue with offset=2', and offset=2
    # then said 'offset 2 is past the end'
    (tree.project / "one.json").write_text("[" + "1," * 60_000 + "1]")
    box = tree.toolbox()
    text = ok(box, "read_file", path="project/one.json")
    assert "offset=2" not in text
    assert text.endswith("[truncated: line 1 of 1 is longer than the output cap and was cut; "
                         "it is the file's last line (grep finds words in the rest)]")


def test_read_file_empty(tree: Tree) -> None:
    (tree.memory / "empty.md").write_text("")
    assert ok(tree.toolbox(), "read_file", path="memory/empty.md") == "[empty file]"


@pytest.mark.parametrize(
    ("data", "text"),
    [
        ("Réunion à 10h\n".encode("cp1252"), "Réunion à 10h\n"),
        ("ok: été\n".encode() + "vieux: été\n".encode("latin-1"), "ok: été\nvieux: été\n"),
        (b"\xef\xbb\xbf- [A](a.md) \xe2\x80\x94 hook\n", "- [A](a.md) — hook\n"),
    ],
    ids=["windows-1252", "mixed lines", "byte-order mark"],
)
def test_read_file_gives_text_as_written_never_replacement_marks(
        tree: Tree, data: bytes, text: str) -> None:
    (tree.memory / "old.md").write_bytes(data)
    assert ok(tree.toolbox(), "read_file", path="memory/old.md") == text


@pytest.mark.parametrize("pad", range(4))
def test_a_line_cut_inside_a_character_is_not_read_as_latin_1(tree: Tree, pad: int) -> None:
    (tree.memory / "long.md").write_text("x" * pad + "Café déjà vu — naïve résumé " * 200)
    text = ok(tree.toolbox(ToolLimits(max_output_bytes=1000)), "read_file", path="memory/long.md")
    assert "Café déjà vu" in text and "Ã" not in text and "â€" not in text


def test_read_file_refuses_a_memory_file_with_nul_bytes(tree: Tree) -> None:
    (tree.memory / "blob.md").write_bytes(b"abc\x00def\n")
    result = run(tree.toolbox(), "read_file", path="memory/blob.md")
    assert result.is_error and "not a text file" in result.content


def test_read_file_of_a_directory_is_refused(tree: Tree) -> None:
    result = run(tree.toolbox(), "read_file", path="memory/sub")
    assert result.is_error and "list_dir" in result.content


def test_sessions_text_is_redacted_by_read_file(tree: Tree) -> None:
    text = ok(tree.toolbox(), "read_file", path=SESSION)
    assert ANTHROPIC_KEY not in text
    assert "[REDACTED:anthropic-key]" in text
    assert "the build uses make" in text


def test_a_secret_written_into_memory_by_hand_is_redacted_too(tree: Tree) -> None:
    # the model must not see it; a rewrite of the file leaves it out
    (tree.memory / "deploy.md").write_text(f"Deploy with the key {ANTHROPIC_KEY}.\n")
    text = ok(tree.toolbox(), "read_file", path="memory/deploy.md")
    assert ANTHROPIC_KEY not in text and "[REDACTED:anthropic-key]" in text


HAND_LINE = f"Deploy with the key {ANTHROPIC_KEY}."
READ_LINE = "Deploy with the key [REDACTED:anthropic-key]."


@pytest.mark.parametrize(
    ("tool", "path", "inp", "kept"),
    [
        # the line kept as it was read: the person's secret stays on it (it was dropped unseen)
        ("write_file", "memory/deploy.md", {"content": f"# Deploy\n{READ_LINE}\nmore\n"}, True),
        ("edit_file", "memory/deploy.md", {"old_string": "end", "new_string": "the end"},
         True),
        # nothing else holds a secret: a new one is refused, as ever; the line changed or
        # copied to another file is written as given, without it
        ("write_file", "memory/deploy.md",
         {"content": f"{READ_LINE}\nkey {'sk-ant-' + 'api03-' + 'Zz9' * 8}\n"}, False),
        ("write_file", "memory/deploy.md", {"content": f"{READ_LINE} Always.\n"}, False),
        ("write_file", "memory/other.md", {"content": f"{READ_LINE}\n"}, False),
    ],
)
def test_a_secret_written_into_memory_by_hand_stays_only_on_its_line_as_written(
    tree: Tree, tool: str, path: str, inp: dict[str, str], kept: bool,
) -> None:
    (tree.memory / "deploy.md").write_text(f"# Deploy\n{HAND_LINE}\nend\n")
    box = tree.toolbox(phase="consolidate")
    result = run(box, tool, path=path, **inp)
    written = (tree.memory / path.removeprefix("memory/"))
    text = written.read_text() if written.exists() else ""
    if kept:
        assert not result.is_error and HAND_LINE in text.splitlines()
    elif result.is_error:
        assert "secret" in result.content and ANTHROPIC_KEY not in result.content
        assert text in ("", f"# Deploy\n{HAND_LINE}\nend\n")
    else:  # written as it was given: no secret in it
        assert ANTHROPIC_KEY not in text and not redact.contains_secret(text)


def test_project_text_is_redacted_too(tree: Tree) -> None:
    text = ok(tree.toolbox(), "read_file", path="project/src/app.py")
    assert AWS_KEY not in text and "[REDACTED:aws-access-key]" in text


def test_a_private_key_cut_by_the_page_is_still_redacted(tree: Tree) -> None:
    body = "".join(f"{'QUJD' * 16}\n" for _ in range(10))
    (tree.sessions / "tool-output.txt").write_text(
        "before\n-----BEGIN RSA PRIVATE KEY-----\n" + body + "-----END RSA PRIVATE KEY-----\n"
    )
    box = tree.toolbox()
    second_page = ok(box, "read_file", path="sessions/tool-output.txt", offset=4, limit=3)
    assert "QUJD" not in second_page
    assert "[REDACTED:private-key]" in second_page


def test_a_secret_cut_by_the_output_cap_is_still_redacted(tree: Tree) -> None:
    secret = "QqWwEeRrTtYyUuIiOoPp" * 2
    line = "x " * 885 + f"aws_secret_access_key={secret} " + "y" * 3000 + "\n"
    (tree.sessions / "wide.jsonl").write_text(line)
    box = tree.toolbox(ToolLimits(max_output_bytes=2000))  # the cut falls inside the secret
    text = ok(box, "read_file", path="sessions/wide.jsonl")
    assert "QqWw" not in text
    assert "[REDACTED:aws-secret-key]" in text


def test_grep_finds_lines_across_roots(tree: Tree) -> None:
    box = tree.toolbox()
    out = ok(box, "grep", pattern=r"make (test|lint)")
    assert out.splitlines() == [
        "memory/build.md:6: Run make test.",
        "memory/build.md:7: Run make lint.",
    ]
    everywhere = ok(box, "grep", pattern="make")
    assert "project/README.md:2: build with make" in everywhere
    assert f"{SESSION}:2: " in everywhere
    assert "live memory" not in ok(box, "grep", pattern="live")  # the real memory dir


def test_grep_path_glob_and_hit_cap(tree: Tree) -> None:
    box = tree.toolbox()
    assert ok(box, "grep", pattern="ruff", path="memory/style.md") == (
        "memory/style.md:1: Use ruff.\nmemory/style.md:2: Use ruff."
    )
    capped = ok(box, "grep", pattern="ruff", path="memory/", max_hits=1).splitlines()
    assert capped == [
        "memory/style.md:1: Use ruff.",
        "[stopped at 1 hits; narrow the pattern or path]",
    ]
    only_md = ok(box, "grep", pattern="make", glob="*.md")
    assert "project/README.md:2" in only_md and ".jsonl" not in only_md
    assert ok(box, "grep", pattern="zzz-nothing") == "no matches"


def test_grep_redacts_and_cannot_probe_a_secret(tree: Tree) -> None:
    box = tree.toolbox()
    shown = ok(box, "grep", pattern="deploy with key", path="sessions/")
    assert ANTHROPIC_KEY not in shown and "[REDACTED:anthropic-key]" in shown
    # a pattern that only matches the raw secret finds nothing
    assert ok(box, "grep", pattern=r"sk-ant-api03-Zx9", path="sessions/") == "no matches"


def test_grep_shows_where_each_hit_is_when_a_hit_ends_in_a_secrets_name(tree: Tree) -> None:
    # (the output read whole took the next hit's place for the password the hit before names,
    # "[REDACTED:assigned-secret] - stored in Vault under secret/db")
    (tree.memory / "db.md").write_text(
        "The staging db password is\n- stored in Vault under secret/db\n"
    )
    (tree.memory / "ci.md").write_text("Password:\n- stored in Vault under secret/ci\n")
    box = tree.toolbox()
    assert ok(box, "grep", pattern="(?i)vault|password", path="memory/").splitlines() == [
        "memory/ci.md:1: Password:",
        "memory/ci.md:2: - stored in Vault under secret/ci",
        "memory/db.md:1: The staging db password is",
        "memory/db.md:2: - stored in Vault under secret/db",
    ]
    # (a secret a hit gives is still hidden)
    (tree.memory / "db.md").write_text("The staging db password is Pg-Secret-2291\n")
    shown = ok(box, "grep", pattern="staging", path="memory/db.md")
    assert shown == "memory/db.md:1: The staging db password is [REDACTED:assigned-secret]"


def test_grep_hides_a_value_given_on_the_line_after_its_name_as_read_file_does(
    tree: Tree
) -> None:
    (tree.project / "deploy.md").write_text(
        "# Staging\nstaging db password:\nBq-Secret-8812\nThe admin token for grafana is below\n"
        "\nXk9mQ2vL8pR4tW7z\nthe prod db password is\n\n\n\nZt8wQ4rL2mKp9vB3\n"
        "Restart the api after a deploy.\n"
    )
    box = tree.toolbox()
    shown = ok(box, "read_file", path="project/deploy.md")
    assert not any(v in shown for v in ("Bq-Secret-8812", "Xk9mQ2vL8pR4tW7z", "Zt8wQ4rL2mKp9vB3"))
    assert ok(box, "grep", pattern=r"^\S+$|after", path="project/deploy.md").splitlines() == [
        "project/deploy.md:3: [REDACTED:assigned-secret]",
        "project/deploy.md:6: [REDACTED:assigned-secret]",
        "project/deploy.md:11: [REDACTED:assigned-secret]",
        "project/deploy.md:12: Restart the api after a deploy.",
    ]
    # (a pattern that only matches the value finds nothing)
    assert ok(box, "grep", pattern="Bq-Secret|Xk9m|Zt8wQ", path="project/") == "no matches"


def test_grep_hides_a_random_value_alone_on_the_line_after_a_bare_name_as_read_file_does(
    tree: Tree
) -> None:
    # (with nothing after the name, no ':' or 'is', grep showed the value read_file hid)
    (tree.project / "deploy.md").write_text(
        "# Staging\nstaging token\nXk9mQ2vL8pR4tW7z\nthe API key\n\nZt8wQ4rL2mKp9vB3Xq7\n"
        "## Password\nReset-Flow-v2\nRestart the api after a deploy.\n"
    )
    box = tree.toolbox()
    shown = ok(box, "read_file", path="project/deploy.md")
    assert not any(v in shown for v in ("Xk9mQ2vL8pR4tW7z", "Zt8wQ4rL2mKp9vB3Xq7"))
    assert ok(box, "grep", pattern=r"^\S+$|after", path="project/deploy.md").splitlines() == [
        "project/deploy.md:3: [REDACTED:assigned-secret]",
        "project/deploy.md:6: [REDACTED:assigned-secret]",
        "project/deploy.md:8: Reset-Flow-v2",
        "project/deploy.md:9: Restart the api after a deploy.",
    ]
    assert ok(box, "grep", pattern="Xk9m|Zt8wQ", path="project/") == "no matches"


@pytest.mark.parametrize(("text", "pattern"), [
    # a name with nothing after it, and a line that is no lone random value: a title's words,
    # a name in code
    ("## Token\nRefreshTokenHandler2", "Refresh"),
    ("the api key\nuser_id_2026_07_tenant", "user_id"),
    # a name with nothing saying its value comes next: code, a title
    ("class Auth:\n    # password\n    pw_hash = Argon2Hasher()", "Argon2Hasher"),
    ("## Password\nReset-Flow-v2 is described below.", "Reset-Flow"),
    # a name that says so, and a next line that gives no value (as before)
    ("Password:\n  - stored in Vault under secret/db", "Vault"),
])
def test_grep_shows_a_line_after_a_secrets_name_that_gives_none(
    tree: Tree, text: str, pattern: str
) -> None:
    (tree.project / "notes.md").write_text(text + "\n")
    last = text.split("\n")[-1]
    assert ok(tree.toolbox(), "grep", pattern=pattern, path="project/notes.md") == (
        f"project/notes.md:{text.count(chr(10)) + 1}: {last}")


def test_grep_skips_binary_files_and_shows_snippets_of_long_lines(tree: Tree) -> None:
    (tree.project / "blob.bin").write_bytes(b"\x00\x01needle\x00")
    (tree.project / "long.txt").write_text("x" * 5000 + " needle " + "y" * 5000 + "\n")
    out = ok(tree.toolbox(), "grep", pattern="needle", path="project/")
    [line] = out.splitlines()
    assert line.startswith("project/long.txt:1: …") and line.endswith("…")
    assert len(line) < 400


def test_glob(tree: Tree) -> None:
    box = tree.toolbox()
    assert ok(box, "glob", pattern="sessions/*.jsonl") == SESSION
    md = ok(box, "glob", pattern="memory/**/*.md").splitlines()
    assert {"memory/build.md", "memory/sub/deep.md", "memory/MEMORY.md"} <= set(md)
    assert not any("evil" in p or "fifo" in p for p in md)
    assert ok(box, "glob", pattern="**/app.py") == "project/src/app.py"
    assert ok(box, "glob", pattern="project/*.nothing") == "no matches"
    assert ".env" not in ok(box, "glob", pattern="project/*")


def test_a_glob_with_many_stars_answers_at_once(tree: Tree) -> None:
    # 'project/*a*a*a*a*b' over one file named with 200 a's took 18 s (a star more: ten
    # minutes), and 'project/**/**/.../nomatch' three times longer for each '**/' over a deep
    # tree: the glob was a backtracking regex no cap could stop, and the dream hung on it
    (tree.project / ("a" * 200)).write_text("x\n")
    deep = tree.project.joinpath(*"abcdefghijklmnop")
    deep.mkdir(parents=True)
    (deep / "file.txt").write_text("x\n")
    box = tree.toolbox()
    started = time.monotonic()
    assert ok(box, "glob", pattern="project/" + "*a" * 12 + "*b") == "no matches"
    assert ok(box, "glob", pattern="project/" + "**/" * 20 + "nomatch") == "no matches"
    assert ok(box, "grep", pattern="x", path="project/", glob="*a" * 12 + "*b") == "no matches"
    assert time.monotonic() - started < 5
    assert ok(box, "glob", pattern="project/" + "**/" * 20 + "file.txt") == (
        "project/" + "/".join("abcdefghijklmnop") + "/file.txt")
    assert ok(box, "glob", pattern="project/" + "*a" * 12 + "*") == "project/" + "a" * 200


def test_a_glob_with_a_bad_class_is_an_error_the_model_reads(tree: Tree) -> None:
    # 'project/[z-a]' raised re.error out of the toolbox, and the dream failed on it
    box = tree.toolbox()
    for result in (run(box, "glob", pattern="project/[z-a]"),
                   run(box, "grep", pattern="x", path="project/", glob="[z-a]")):
        assert result.is_error
        assert result.content.startswith("error: bad character class '[z-a]' in the glob: ")
    assert ok(box, "glob", pattern="project/src/[a-z]pp.py") == "project/src/app.py"


def _regex_of_glob(pattern: str) -> re.Pattern[str]:
    """The glob as a regex, as tools translated it before (the reference the matcher keeps)."""
    out: list[str] = []
    i = 0
    while i < len(pattern):
        ch = pattern[i]
        if pattern.startswith("**/", i):
            out.append("(?:[^/]*/)*")
            i += 3
        elif pattern.startswith("**", i):
            out.append(".*")
            i += 2
        elif ch == "*":
            out.append("[^/]*")
            i += 1
        elif ch == "?":
            out.append("[^/]")
            i += 1
        elif ch == "[":
            end = pattern.find("]", i + 1)
            if end == -1:
                out.append(re.escape(ch))
                i += 1
            else:
                body = pattern[i + 1 : end].replace("\\", "\\\\").replace("[", "\\[")
                if body.startswith("!"):
                    body = "^" + body[1:]
                out.append(f"[{body}]")
                i = end + 1
        else:
            out.append(re.escape(ch))
            i += 1
    return re.compile("".join(out) + r"\Z")


@settings(max_examples=1500, deadline=None)
@given(st.text(alphabet="*?/ab.[]!", max_size=10), st.text(alphabet="/ab.", max_size=10))
def test_the_glob_matcher_matches_what_the_regex_did(pattern: str, path: str) -> None:
    if "[]" in pattern or "[!]" in pattern:
        return  # an empty class: the regex read it with what follows ('[]?' as '[][^/]')
    try:
        reference = _regex_of_glob(pattern)
    except re.error:
        return  # ('[b-a]' and the like: the regex did not compile, the call was an error)
    assert glob_match(pattern, path) == bool(reference.match(path))


def test_the_glob_matcher_matches_what_the_regex_did_on_every_short_pattern_and_path() -> None:
    # Each glob is asked of many paths (a dream's globs each walk every memory file): its
    # regex, or its sets of states kept from path to path, say what the regex said, newlines,
    # classes that match '/' and '**' in a name included.
    rng = random.Random(7)
    pieces = ["a", "/", "*", "**", "**/", "?", "[ab]", "[!a]", "."]
    patterns = ["".join(p) for n in range(1, 4) for p in itertools.product(pieces, repeat=n)]
    patterns += ["".join(rng.choices(pieces, k=rng.randint(4, 7))) for _ in range(300)]
    paths = ["".join(p) for n in range(5) for p in itertools.product("a/.\n", repeat=n)]
    paths += ["".join(rng.choices("ab/.\n", k=rng.randint(5, 10))) for _ in range(100)]
    by_regex = 0
    for pattern in patterns:
        glob, reference = _Glob(pattern), _regex_of_glob(pattern)
        by_regex += glob._regex is not None
        for path in paths:
            assert glob.match(path) == bool(reference.match(path)), (pattern, path)
    assert 0 < by_regex < len(patterns)  # (both ways of matching were asked)


def test_a_glob_stays_fast_on_paths_made_to_make_it_backtrack() -> None:
    started = time.monotonic()
    for pattern, path in [("**/*b", "a/" * 3000 + "a" * 3000),
                          ("**/a*b", "a/" * 3000 + "a" * 3000),
                          ("**a", "a" * 6000 + "\n"),
                          ("*a" * 12 + "*b", "a" * 4000),
                          ("**/" * 20 + "b", "a/" * 3000),
                          ("**/?" * 10 + "*b", "a/" * 3000)]:
        glob = _Glob(pattern)
        assert not glob.match(path) and not glob.match(path + "a")
    assert time.monotonic() - started < 5


def test_glob_without_a_root_gets_a_hint(tree: Tree) -> None:
    result = run(tree.toolbox(), "glob", pattern="*.md")
    assert result.is_error and "memory/*.md" in result.content


def test_grep_stops_at_its_time_cap(tree: Tree) -> None:
    out = ok(tree.toolbox(ToolLimits(grep_seconds=0)), "grep", pattern="make")
    assert out.splitlines()[-1] == "[stopped after 0 s; narrow the pattern or path]"


@pytest.mark.parametrize("transcript", [False, True])
def test_grep_stops_at_its_time_cap_inside_one_long_file(
    tree: Tree, monkeypatch: pytest.MonkeyPatch, transcript: bool
) -> None:
    # A slow pattern over one big file must not run past the cap: the clock is read per line.
    if transcript:
        builder = TranscriptBuilder()
        for n in range(200):
            builder.user(f"needle number {n}")
        path = "sessions/" + builder.write(tree.sessions).name
    else:
        (tree.project / "big.txt").write_text("".join(f"needle {n}\n" for n in range(200)))
        path = "project/big.txt"
    ticks = iter(range(10_000))
    monkeypatch.setattr("autodream.tools.time.monotonic", lambda: float(next(ticks)))
    out = ok(tree.toolbox(ToolLimits(grep_seconds=20)), "grep", pattern="needle", path=path,
             max_hits=200).splitlines()
    assert out[-1] == "[stopped after 20 s; narrow the pattern or path]"
    assert 0 < len(out) - 1 < 200


def test_grep_finds_the_persons_answer_to_a_question(tree: Tree) -> None:
    builder = TranscriptBuilder(start=datetime(2026, 7, 8, 19, 40, tzinfo=UTC))
    builder.tool_roundtrip(
        "AskUserQuestion", {"questions": [{"question": "Replace the old code in place?"}]},
        'User has answered your questions: "Replace the old code in place?"="Replace in-place".',
    ).tool_roundtrip("Bash", {"command": "echo hi"}, "Replace in-place is what the script said")
    path = "sessions/" + builder.write(tree.sessions).name
    out = ok(tree.toolbox(), "grep", pattern="Replace in-place", path=path).splitlines()
    assert len(out) == 1 and out[0].startswith(f"{path}:2: [person's answer 2026-07-08 19:40]")


def _dialog(builder: TranscriptBuilder, question: str, answer: str,
            labels: tuple[str, ...] = ()) -> TranscriptBuilder:
    """An AskUserQuestion call and its result as Claude Code writes them: the pairs in the
    result's text, and its structured copy (toolUseResult) with the options and the answers."""
    asked = {"question": question, "header": "Ask", "multiSelect": False,
             "options": [{"label": label, "description": "as said"} for label in labels]}
    builder.tool_roundtrip(
        "AskUserQuestion", {"questions": [asked]},
        f'User has answered your questions: "{question}"="{answer}". You can now continue '
        "with the user's answers in mind.",
    )
    builder.records[-1]["toolUseResult"] = {"questions": [asked], "answers": {question: answer}}
    return builder


# The question names the secret; the answer is the value alone, which no pattern knows.
_ASKED_SECRETS = [
    ("What is the staging database password?", "Pg-Secret-2291"),
    ("What HMAC key should the webhook API verify signatures with?", "wh-shared-7781"),
    ("What should DB_PASS be in the staging .env?", "quokka lantern"),
    ("The deploy needs your npm token: which one should it use?", "Xk9mQ7vL8pR4tW2z"),
    ("with what pw?", "hunter22"),
]


@pytest.mark.parametrize(("question", "answer"), _ASKED_SECRETS)
def test_grep_and_read_file_never_show_an_answer_to_a_question_asking_for_a_secret(
    tree: Tree, question: str, answer: str
) -> None:
    builder = TranscriptBuilder().user("Set up staging.")
    path = "sessions/" + _dialog(builder, question, answer).assistant(
        "Noted, staging is set up.").write(tree.sessions).name
    out = ok(tree.toolbox(), "grep", pattern="answered", path=path)
    assert answer not in out and f'"{question}"="[REDACTED:asked-secret]"' in out
    for offset in (1, 3):  # the window with the call that asked, and without it
        shown = ok(tree.toolbox(), "read_file", path=path, offset=offset)
        assert answer not in shown and "[REDACTED:asked-secret]" in shown
        assert "staging is set up" in shown


@pytest.mark.parametrize(("question", "answer", "labels"), [
    # (a question naming no secret: the real session's dialog)
    ("Should the migrated project replace the current codebase?", "Replace in-place",
     ("Replace in-place", "New directory")),
    ("Which key should the orders table be sorted by?", "createdAt", ()),
    ("How many tokens should the context window hold?", "8192", ()),
    ("What token limit should the summariser use?", "4096", ()),
    ("Which password manager does the team use?", "Bitwarden", ()),
    # (an option picked, not a value typed: marked by the agent, or offered in the dialog)
    ("Where should the API key be stored?", "In .env (Recommended)", ()),
    ("Where should the API key be stored?", "AWS Secrets Manager",
     ("In .env (Recommended)", "AWS Secrets Manager")),
])
def test_read_file_shows_other_answers_as_given(
    tree: Tree, question: str, answer: str, labels: tuple[str, ...]
) -> None:
    path = "sessions/" + _dialog(TranscriptBuilder(), question, answer, labels).write(
        tree.sessions).name
    shown = ok(tree.toolbox(), "read_file", path=path)
    assert "REDACTED" not in shown and shown.count(answer) == 2 + 2 * (answer in labels)


def test_grep_labels_a_subagents_words(tree: Tree) -> None:
    builder = TranscriptBuilder().assistant("I searched the repo for the flag.")
    for record in builder.records:
        record["isSidechain"] = True
    path = "sessions/" + builder.write(tree.sessions).name
    assert "] I searched" in ok(tree.toolbox(), "grep", pattern="searched", path=path)
    assert "[subagent " in ok(tree.toolbox(), "grep", pattern="searched", path=path)


def test_grep_in_jsonl_that_is_no_transcript_matches_its_lines(tree: Tree) -> None:
    (tree.sessions / "notes.jsonl").write_text('{"note": "rotate the staging certs"}\n')
    assert ok(tree.toolbox(), "grep", pattern="staging certs", path="sessions/notes.jsonl") == (
        'sessions/notes.jsonl:1: {"note": "rotate the staging certs"}'
    )


def test_glob_result_cap(tree: Tree) -> None:
    for n in range(12):
        (tree.memory / f"t{n:02d}.md").write_text("x")
    out = ok(tree.toolbox(ToolLimits(max_glob_results=5)), "glob", pattern="memory/t*.md")
    assert out.splitlines()[-1] == "[stopped at 5 results]"
    assert len(out.splitlines()) == 6


# --- writing -----------------------------------------------------------------------------------


def test_write_edit_delete_restore(tree: Tree) -> None:
    box = tree.toolbox(phase="consolidate")
    assert ok(box, "write_file", path="memory/topics/new.md", content="hello\n") == (
        "wrote memory/topics/new.md (6 bytes)"
    )
    assert (tree.memory / "topics" / "new.md").read_text() == "hello\n"
    assert ok(box, "edit_file", path="memory/build.md", old_string="make lint",
              new_string="make check").startswith("edited memory/build.md")
    assert "make check" in (tree.memory / "build.md").read_text()
    before = (tree.memory / "sub" / "deep.md").read_bytes()
    ok(box, "delete_file", path="memory/sub/deep.md")
    assert not (tree.memory / "sub" / "deep.md").exists()
    assert (tree.trash / "sub" / "deep.md").read_bytes() == before
    assert box.touched == {
        "topics/new.md": "written", "build.md": "written", "sub/deep.md": "deleted",
    }
    box.restore("sub/deep.md")
    assert (tree.memory / "sub" / "deep.md").read_bytes() == before
    with pytest.raises(NotFound):
        box.restore("sub/deep.md")


@pytest.mark.parametrize(
    ("tool", "path"),
    [
        ("write_file", "memory/notes/sk-ant-api03-" + "AbCdEfGhIjKlMnOpQrSt.md"),
        ("write_file", "memory/ghp_" + "a1B2" * 9 + ".md"),
        ("write_file", "memory/feedback_pgpassword-hunter2secret.md"),
        ("edit_file", "memory/sk-ant-api03-" + "AbCdEfGhIjKlMnOpQrSt.md"),
        ("delete_file", "memory/ghp_" + "a1B2" * 9 + ".md"),
    ],
)
def test_a_write_edit_or_delete_target_whose_path_holds_a_secret_is_refused(
    tree: Tree, tool: str, path: str
) -> None:
    # the limit: a token glued to a word by "_" (memory/notes_ghp_...) has no word boundary
    # before its prefix and is not caught; separators / . - and spaces are
    rel = path.removeprefix("memory/")
    if tool != "write_file":  # the file exists, so only the path check can refuse
        (tree.memory / rel).parent.mkdir(parents=True, exist_ok=True)
        (tree.memory / rel).write_text("old text\n")
    box = tree.toolbox(phase="consolidate")
    inp: dict[str, Any] = {"path": path}
    if tool == "write_file":
        inp["content"] = "harmless\n"
    elif tool == "edit_file":
        inp.update(old_string="old", new_string="new")
    result = run(box, tool, **inp)
    assert result.is_error and "path contains a secret" in result.content
    assert "hunter2secret" not in result.content and "AbCdEfGh" not in result.content
    assert (tree.memory / rel).exists() == (tool != "write_file")
    if tool == "edit_file":
        assert (tree.memory / rel).read_text() == "old text\n"
    assert box.touched == {}
    assert not redact.contains_secret(json.dumps([r.__dict__ for r in box.log], default=str))


def test_a_persons_md_file_named_in_capitals_is_still_written(tree: Tree) -> None:
    box = tree.toolbox(phase="consolidate")
    (tree.memory / "Notes.MD").write_text("theirs\n")
    done = box.call(ToolCall("w", "write_file", {"path": "memory/Notes.MD", "content": "new\n"}))
    assert not done.is_error, done.content
    assert (tree.memory / "Notes.MD").read_text() == "new\n"
    made = box.call(ToolCall("n", "write_file", {"path": "memory/More.MD", "content": "x\n"}))
    assert made.content == ("refused: memory/More.MD: a new memory file's name ends in '.md', "
                            "in lower case")


def test_writes_stay_shallow(tree: Tree) -> None:
    box = tree.toolbox(phase="consolidate")
    ok(box, "write_file", path="memory/a/b/c/d/e/f.md", content="x")
    deep = run(box, "write_file", path="memory/a/b/c/d/e/f/g.md", content="x")
    assert deep.is_error and "shallow" in deep.content
    assert not (tree.memory / "a" / "b" / "c" / "d" / "e" / "f").exists()


def test_edit_refuses_a_file_that_is_not_utf8(tree: Tree) -> None:
    (tree.memory / "latin.md").write_bytes(b"caf\xe9 au lait\n")
    box = tree.toolbox(phase="consolidate")
    result = run(box, "edit_file", path="memory/latin.md", old_string="au", new_string="with")
    assert result.is_error and "not valid UTF-8" in result.content
    assert (tree.memory / "latin.md").read_bytes() == b"caf\xe9 au lait\n"


def test_deleting_the_same_path_twice_keeps_both_in_the_trash(tree: Tree) -> None:
    box = tree.toolbox(phase="prune")
    ok(box, "delete_file", path="memory/build.md")
    ok(box, "write_file", path="memory/build.md", content="second\n")
    ok(box, "delete_file", path="memory/build.md")
    assert (tree.trash / "build.md").read_text().startswith("---")
    assert (tree.trash / "build.md.1").read_text() == "second\n"
    assert box.touched == {"build.md": "deleted"}


def test_write_over_a_hardlink_is_allowed_and_breaks_it(tree: Tree) -> None:
    box = tree.toolbox(phase="consolidate")
    ok(box, "write_file", path="memory/hard.md", content="mine\n")
    assert (tree.outside / "hard.txt").stat().st_nlink == 1


# --- phases and finish -------------------------------------------------------------------------


def test_phases_move_forward_one_step_with_instructions(tree: Tree) -> None:
    box = tree.toolbox()
    assert box.phase == "orient"
    for phase in PHASES[1:]:
        assert ok(box, "begin_phase", phase=phase) == PHASE_INSTRUCTIONS[phase]
        assert box.phase == phase
    assert run(box, "begin_phase", phase="prune").is_error


def test_finish_ends_the_run_in_any_phase(tree: Tree) -> None:
    box = tree.toolbox()
    ok(box, "finish", summary=f"nothing new; saw {ANTHROPIC_KEY}")
    assert box.finished
    assert ANTHROPIC_KEY not in box.summary and "nothing new" in box.summary
    late = run(box, "read_file", path="memory/build.md")
    assert late.is_error and "finished" in late.content


# --- the journal -------------------------------------------------------------------------------


def test_every_call_is_recorded_with_a_redacted_summary(tree: Tree) -> None:
    box = tree.toolbox(phase="consolidate")
    run(box, "read_file", path="memory/build.md")
    run(box, "write_file", path="memory/k.md", content=f"key {ANTHROPIC_KEY} " + "z" * 200)
    run(box, "nope")
    first, second, third = box.log
    assert (first.seq, first.phase, first.name) == (1, "consolidate", "read_file")
    assert first.verdict == "ok"
    assert first.bytes_returned > 0
    assert second.verdict == "refused" and "secret" in second.reason
    assert ANTHROPIC_KEY not in second.input_summary and len(second.input_summary) <= 241
    assert third.verdict == "error" and third.bytes_returned == 0
    assert json.loads(json.dumps([r.as_dict() for r in box.log]))[2]["name"] == "nope"


# --- budgets -----------------------------------------------------------------------------------


def test_read_budget_is_hard(tree: Tree) -> None:
    (tree.memory / "big.md").write_text("x" * 99 + "\n" + "y" * 99 + "\n")
    box = tree.toolbox(ToolLimits(max_read_bytes=150))
    ok(box, "read_file", path="memory/big.md", limit=1)
    with pytest.raises(BudgetExceeded, match="read budget"):
        run(box, "read_file", path="memory/big.md", offset=2)
    assert box.log[-1].verdict == "error" and "read budget" in box.log[-1].reason


def test_grep_stops_before_the_read_budget(tree: Tree) -> None:
    box = tree.toolbox(ToolLimits(max_read_bytes=100))
    out = ok(box, "grep", pattern="make", path="memory/")
    assert "read budget" in out
    assert box.bytes_read <= 100


def test_files_touched_budget_is_hard(tree: Tree) -> None:
    box = tree.toolbox(ToolLimits(max_files_touched=2), phase="consolidate")
    ok(box, "write_file", path="memory/a.md", content="a")
    ok(box, "write_file", path="memory/a.md", content="a again")  # same file: no new touch
    ok(box, "delete_file", path="memory/style.md")
    with pytest.raises(BudgetExceeded, match="files-touched"):
        run(box, "write_file", path="memory/c.md", content="c")
    assert not (tree.memory / "c.md").exists()


def test_limits_from_settings(tmp_path: Path) -> None:
    settings = Settings(project_root=tmp_path, memory_dir=tmp_path, sessions_dir=tmp_path,
                        max_tool_output_bytes=123, max_read_bytes=456, max_write_bytes=789,
                        max_files_touched=3)
    limits = ToolLimits.from_settings(settings)
    assert (limits.max_output_bytes, limits.max_read_bytes, limits.max_write_bytes,
            limits.max_files_touched) == (123, 456, 789, 3)


# --- streaming for the local engine -----------------------------------------------------------


def test_open_stream_counts_bytes_and_follows_the_policy(tree: Tree) -> None:
    box = tree.toolbox()
    size = (tree.sessions / f"{SESSION_ID}.jsonl").stat().st_size
    with box.open_stream(SESSION) as fh:
        fh.seek(10)
        assert len(fh.read()) == size - 10
    assert box.bytes_read == size - 10
    with pytest.raises(SandboxError):
        box.open_stream("memory/evil.md")
    with pytest.raises(SandboxError):
        box.open_stream("project/.env")


def test_open_stream_is_stopped_by_the_read_budget(tree: Tree) -> None:
    box = tree.toolbox(ToolLimits(max_read_bytes=50))
    with box.open_stream(SESSION) as fh, pytest.raises(BudgetExceeded):
        fh.read()
    unlimited = tree.toolbox(ToolLimits(max_read_bytes=None))
    with unlimited.open_stream(SESSION) as fh:
        assert fh.read()


def test_harness_reads_can_skip_the_budget(tree: Tree) -> None:
    box = tree.toolbox(ToolLimits(max_read_bytes=50))
    with box.open_stream(SESSION, charge=False) as fh:
        assert fh.read()
    assert box.bytes_read == 0


def test_iter_redacted_lines(tree: Tree) -> None:
    lines = list(tree.toolbox().iter_redacted_lines(SESSION))
    assert lines[0][0] == 0 and lines[1][0] == len(
        (tree.sessions / f"{SESSION_ID}.jsonl").read_bytes().split(b"\n")[0]
    ) + 1
    assert not any(redact.contains_secret(text) for _pos, text in lines)
    assert "[REDACTED:anthropic-key]" in lines[0][1]


# --- the driver with a scripted backend --------------------------------------------------------


class ScriptedBackend:
    name = "scripted"
    model: str | None = None

    def __init__(self, turns: list[list[tuple[str, Any]]]) -> None:
        self.turns = turns
        self.results: list[list[ToolResult]] = []

    def start(self, brief: DreamBrief, tools: list[ToolSpec]) -> None:
        self.tools = [t.name for t in tools]

    def next(self, results: list[ToolResult], note: str | None = None) -> BackendReply:
        self.results.append(results)
        calls = self.turns.pop(0)
        return BackendReply([ToolCall(f"t{n}", name, inp) for n, (name, inp) in enumerate(calls)])


def test_drive_runs_a_dream_through_the_toolbox(tree: Tree) -> None:
    backend = ScriptedBackend([
        [("read_file", {"path": "memory/MEMORY.md"}), ("begin_phase", {"phase": "gather"})],
        [("grep", {"pattern": "build", "path": "sessions/"}),
         ("write_file", {"path": "memory/x.md", "content": "too early"})],
        [("begin_phase", {"phase": "consolidate"}),
         ("edit_file", {"path": "memory/build.md", "old_string": "make lint",
                        "new_string": "make check"})],
        [("finish", {"summary": "corrected the lint command"}), ("read_file", {"path": "x"})],
    ])
    box = tree.toolbox()
    brief = DreamBrief(run_id="r1", now=datetime(2026, 7, 2, tzinfo=UTC), sessions=[])
    agent_run = drive(backend, box, brief, Budgets(max_turns=10))
    assert agent_run.turns == 4
    assert backend.tools == list(TOOL_NAMES)
    assert box.finished and box.summary == "corrected the lint command"
    assert [r.is_error for r in backend.results[2]] == [False, True]  # write in gather refused
    assert box.touched == {"build.md": "written"}
    assert [r.name for r in box.log][-1] == "finish"  # calls after finish never ran


def _transcript_box(tree: Tree) -> tuple[ToolBox, str]:
    session = (
        TranscriptBuilder(start=datetime(2026, 7, 8, 19, 40, tzinfo=UTC))
        .user("Ruff format keeps reflowing our tables, so we're going back to black.")
        .tool_roundtrip("Read", {"file_path": "pyproject.toml"},
                        '     1→[tool.black]\n     2→line-length = 100  # black settings')
        .assistant("Switched the formatter back to black in the Makefile.")
        .write(tree.sessions)
    )
    return tree.toolbox(), f"sessions/{session.name}"


def test_grep_in_a_transcript_shows_who_said_it_and_when(tree: Tree) -> None:
    box, vpath = _transcript_box(tree)
    out = ok(box, "grep", pattern="black", path=vpath).splitlines()
    assert out == [
        f"{vpath}:1: [person 2026-07-08 19:41] Ruff format keeps reflowing our tables, so "
        "we're going back to black.",
        f"{vpath}:4: [assistant 2026-07-08 19:41] Switched the formatter back to black in the "
        "Makefile.",
    ]
    # the line number is the raw record's: read_file there shows the person's message
    assert "going back to black" in ok(box, "read_file", path=vpath, offset=1, limit=1)


def test_grep_in_a_transcript_skips_tool_calls_and_their_output(tree: Tree) -> None:
    box, vpath = _transcript_box(tree)
    assert ok(box, "grep", pattern="line-length|pyproject", path=vpath) == "no matches"
    # JSON envelope is not text either
    assert ok(box, "grep", pattern="parentUuid|tool_result", path=vpath) == "no matches"


def test_grep_outside_transcripts_stays_line_based(tree: Tree) -> None:
    box = tree.toolbox()
    assert ok(box, "grep", pattern="plain", path="sessions/notes.txt") == (
        "sessions/notes.txt:1: plain line"
    )


@pytest.mark.parametrize("where", ["project/long.txt", "transcript"])
def test_grep_stops_inside_one_runaway_search(
    tree: Tree, monkeypatch: pytest.MonkeyPatch, where: str
) -> None:
    # Patterns that backtrack for minutes on one long line are refused when recognisable;
    # one that gets through is still stopped at the time cap, in the middle of its search.
    monkeypatch.setattr("autodream.tools._NESTED_QUANTIFIER", re.compile(r"(?!)"))
    text = "word " * 4000 + "!"
    if where == "transcript":
        path = "sessions/" + TranscriptBuilder().user(text).write(tree.sessions).name
    else:
        (tree.project / "long.txt").write_text(text + "\n")
        path = where
    out = ok(tree.toolbox(ToolLimits(grep_seconds=0.2)), "grep", pattern=r"(\w+\s?)+$",
             path=path)
    assert out == "no matches\n[stopped after 0.2 s; narrow the pattern or path]"


def test_grep_of_jsonl_that_is_no_transcript_is_charged_once(tree: Tree) -> None:
    line = '{"note": "rotate the staging certs"}\n'
    (tree.sessions / "notes.jsonl").write_text(line * 100)
    size = len(line) * 100
    box = tree.toolbox(ToolLimits(max_read_bytes=size + size // 2))
    out = ok(box, "grep", pattern="staging", path="sessions/notes.jsonl", max_hits=200)
    assert len(out.splitlines()) == 100


def test_a_long_value_cut_short_in_the_journal_is_no_secret_where_it_was_cut(tree: Tree) -> None:
    # (index 60 falls inside the tag: cut there, "api:Release-20…" looked like a login pair)
    box = tree.toolbox(phase="consolidate")
    lead = "Docker image tag: "
    content = lead + "x" * (50 - len(lead)) + " api:Release-2026-07 for the billing service builds."
    run(box, "write_file", path="memory/k.md", content=content)
    summary = box.log[0].input_summary
    assert "REDACTED" not in summary
    assert "…(+" in summary and "chars)" in summary


def test_a_secret_where_a_long_value_is_cut_is_redacted_whole(tree: Tree) -> None:
    # (no space to cut at: the cut fell in the password, and its redaction took the count)
    box = tree.toolbox(phase="consolidate")
    content = "x" * 40 + ",password=Sup3r-Secret-2291," + "y" * 30
    run(box, "write_file", path="memory/k.md", content=content)
    summary = box.log[0].input_summary
    assert "Sup" not in summary and "password=[REDACTED:" in summary
    assert re.search(r"…\(\+\d+ chars\)", summary)


def test_a_hostile_glob_walks_in_bounded_memory() -> None:
    # (each path met new sets of states, each kept with its steps: 65,536 sets of a
    # 215-character pattern held 490 MB, review rev110; the walk without them held 20 MB).
    # These 80 paths peak at 14 MB with the bound, 57 MB kept without it (120 paths: 85 MB)
    import tracemalloc

    rng = random.Random(1)
    glob = _Glob("project/*a" + "?" * 120 + "*b")
    paths = ["project/" + "".join(rng.choice("ab") for _ in range(160)) for _ in range(80)]
    tracemalloc.start()
    try:
        matched = sum(glob.match(path) for path in paths)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert matched == sum(re.fullmatch(r"project/[^/]*a[^/]{120}[^/]*b", p) is not None
                          for p in paths)
    assert peak < 30 * 2**20
