"""Every kind of transcript a dream reads, through the CLI as a person runs it: Codex CLI
rollouts and Markdown daily logs beside Claude Code sessions, incremental re-reads, and
symlinks in the places transcripts are found."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from autodream import gates, pipeline
from autodream.agent import ToolCall
from autodream.cli import cli
from autodream.sandbox import Sandbox
from autodream.settings import FixedClock, Settings
from autodream.tools import ToolBox
from autodream.transcripts.model import SessionInfo
from tests.factories import TranscriptBuilder
from tests.scripted_api import ScriptedAPI, Step, call, reply, tool_use

FIRST = "2026-07-02T09:00:00Z"  # the first dream
SECOND = "2026-07-04T09:00:00Z"  # the second
SAID_AT = datetime(2026, 7, 1, 10, 0, tzinfo=UTC).timestamp()  # before the first
APPENDED_AT = datetime(2026, 7, 3, 10, 0, tzinfo=UTC).timestamp()  # between them
CODEX_ID = "0199aaaa-0000-7000-8000-000000000001"
ROLLOUT = f"rollout-2026-07-01T10-00-00-{CODEX_ID}.jsonl"
WILDCARDS = "Never use wildcard imports in this codebase."
SQUASH = "We always squash-merge feature branches."
PINNING = "Always pin dependency versions in requirements files."
OUTSIDE = "Always indent with tabs in every file."


@dataclass
class Project:
    """``autodream.toml`` naming ``project/``, ``sessions/`` and ``memory/`` beside it."""

    root: Path

    @property
    def project(self) -> Path:
        return self.root / "project"

    @property
    def sessions(self) -> Path:
        return self.root / "sessions"

    @property
    def memory(self) -> Path:
        return self.root / "memory"

    def run(self, *args: str, now: str = FIRST, **env: str) -> Result:
        environ = {k: v for k, v in os.environ.items()
                   if not k.startswith(("AUTODREAM_", "ANTHROPIC_"))}
        environ.update(AUTODREAM_NOW=now, **env)
        return CliRunner().invoke(cli, [*args, "--project", str(self.root)], env=environ,
                                  catch_exceptions=False)

    def dream(self, now: str = FIRST) -> Result:
        result = self.run("--force", now=now)
        assert result.exit_code == 0, result.output
        return result

    def last_run(self) -> dict[str, Any]:
        shown = self.run("show", "--json")
        assert shown.exit_code == 0, shown.output
        run: dict[str, Any] = json.loads(shown.stdout)["run"]
        return run

    def topic_text(self) -> str:
        """Every topic file in memory (daily logs and hidden state left out), joined."""
        return "\n".join(
            p.read_text() for p in sorted(self.memory.glob("*.md"))
            if p.name != "MEMORY.md" and not p.name[:4].isdigit()
        )


@pytest.fixture
def proj(tmp_path: Path) -> Project:
    p = Project(tmp_path / "work")
    for d in (p.project, p.sessions, p.memory):
        d.mkdir(parents=True)
    (p.project / "README.md").write_text("# demo\nA tiny tool.\n")
    (p.root / "autodream.toml").write_text(
        'project_root = "project"\nsessions_dir = "sessions"\nmemory_dir = "memory"\n'
        'backend = "local"\nmin_hours = 1\nmin_sessions = 1\nscan_interval_minutes = 1\n'
    )
    return p


def rollout_lines(*texts: str, at: str = "2026-07-01T10:00:0{}.000Z",
                  cwd: str = "/home/me/proj") -> str:
    """A Codex rollout: session_meta (run in ``cwd``), Codex's injected context, then each of
    the person's turns twice, as Codex writes them (response_item and event_msg)."""
    records: list[dict[str, Any]] = []
    if "{}" in at:
        records.append({"timestamp": at.format(0), "type": "session_meta",
                        "payload": {"id": CODEX_ID, "timestamp": at.format(0),
                                    "cwd": cwd, "cli_version": "0.40.0"}})
        records.append({"timestamp": at.format(1), "type": "response_item", "payload": {
            "type": "message", "role": "user", "content": [
                {"type": "input_text", "text": "<environment_context>\n  <cwd>/home/me/proj"}]}})
    for i, said in enumerate(texts, start=2):
        when = at.format(i) if "{}" in at else at
        records.append({"timestamp": when, "type": "response_item", "payload": {
            "type": "message", "role": "user",
            "content": [{"type": "input_text", "text": said}]}})
        records.append({"timestamp": when, "type": "event_msg",
                        "payload": {"type": "user_message", "message": said, "images": []}})
    return "".join(json.dumps(r) + "\n" for r in records)


def write(path: Path, text: str, mtime: float = SAID_AT, *, append: bool = False) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a" if append else "w", encoding="utf-8") as fh:
        fh.write(text)
    os.utime(path, (mtime, mtime))
    return path


# Where each kind of transcript is found, relative to the work dir; as the work dir's
# memory/, sessions/ and project/ are the dream's roots, this is also the name a dream gives it.
PLACES = {
    "codex-in-sessions": (f"sessions/{ROLLOUT}", "codex"),
    "codex-by-day": (f"sessions/2026/07/01/{ROLLOUT}", "codex"),
    "log-in-memory": ("memory/2026-07-01.md", "markdown"),
    "log-tree-in-memory": ("memory/logs/2026/07/2026-07-01.md", "markdown"),
    "log-tree-in-project": ("project/logs/2026/07/2026-07-01.md", "markdown"),
    "log-in-project-memory": ("project/memory/2026-07-01.md", "markdown"),
}


def place(proj: Project, where: str, *said: str) -> Path:
    rel, kind = PLACES[where]
    text = rollout_lines(*said, cwd=str(proj.project)) if kind == "codex" else "".join(
        f"- 10:{i:02d} {s}\n" for i, s in enumerate(said))
    return write(proj.root / rel, ("# 2026-07-01\n\n" if kind == "markdown" else "") + text)


@pytest.mark.parametrize("where", list(PLACES))
def test_a_dream_reads_what_the_person_said_in_each_kind_of_transcript(
    proj: Project, where: str
) -> None:
    transcript = place(proj, where, WILDCARDS)
    before = transcript.read_bytes()
    rel, kind = PLACES[where]
    label = {"codex": "Codex rollout", "markdown": "daily log"}[kind]

    status = proj.run("status")
    assert status.exit_code == 0, status.output
    assert "1 session touched since the last dream" in status.stdout
    assert f"({label}: {transcript})" in status.stdout

    out = proj.dream().stdout
    assert "1 session(s) reviewed" in out and "not read" not in out
    assert "wildcard imports" in proj.topic_text()
    assert "wildcard imports" in (proj.memory / "MEMORY.md").read_text()
    run = proj.last_run()
    assert run["sessions"] == [rel]
    assert run["skipped_sessions"] == []
    assert transcript.read_bytes() == before, "a transcript is read, never written"
    shown = proj.run("show").stdout
    assert f"sessions 1 reviewed: {rel}" in shown
    # a daily log in the memory dir is the person's notes, not a topic file to index
    assert transcript.name not in (proj.memory / "MEMORY.md").read_text()


def test_every_kind_together_is_one_session_each(proj: Project) -> None:
    TranscriptBuilder(start=datetime(2026, 7, 1, 9, 0, tzinfo=UTC)).user(
        PINNING).assistant("OK.").write(proj.sessions)
    place(proj, "codex-by-day", WILDCARDS)
    place(proj, "log-in-memory", SQUASH)
    place(proj, "log-tree-in-project", "Remember: the staging cluster is named kestrel.")

    assert "4 sessions touched" in proj.run("status").stdout
    proj.dream()
    memory = proj.topic_text()
    for said in ("pin dependency versions", "wildcard imports", "squash-merge",
                 "kestrel"):
        assert said in memory, said
    assert len(proj.last_run()["sessions"]) == 4


@pytest.mark.parametrize("where", ["codex-by-day", "log-in-memory", "log-tree-in-project"])
def test_a_second_dream_reads_only_what_was_added_since_the_first(
    proj: Project, where: str
) -> None:
    transcript = place(proj, where, WILDCARDS)
    proj.dream(FIRST)
    rel, kind = PLACES[where]
    added = (rollout_lines(PINNING, at="2026-07-03T10:00:00.000Z") if kind == "codex"
             else f"- 10:30 {PINNING}\n")
    write(transcript, added, APPENDED_AT, append=True)

    assert "1 session touched" in proj.run("status", now=SECOND).stdout
    proj.dream(SECOND)
    run = proj.last_run()
    assert run["sessions"] == [rel]
    subjects = [d.get("subject", "") for d in run["decisions"]]
    assert any("pin dependency versions" in s for s in subjects)
    # the first dream's words were not read again: not even confirmed as a restatement
    assert not any("wildcard" in s for s in subjects), subjects
    assert "pin dependency versions" in proj.topic_text()
    assert "wildcard imports" in proj.topic_text()


# ---- symlinks ---------------------------------------------------------------------------------

SESSION_ID = "aaaaaaaa-0000-4000-8000-000000000001"
LINK_ID = "bbbbbbbb-0000-4000-8000-000000000002"


def claude_session(proj: Project, said: str, session_id: str = SESSION_ID) -> Path:
    builder = TranscriptBuilder(session_id=session_id,
                                start=datetime(2026, 7, 1, 9, 0, tzinfo=UTC))
    return builder.user(said).assistant("OK.").write(proj.sessions)


@pytest.mark.parametrize(
    "link",
    [
        f"sessions/{LINK_ID}.jsonl",
        f"sessions/2026/07/01/{ROLLOUT}",
        "project/logs/2026/07/2026-07-01.md",
        "memory/2026-07-01.md",
    ],
)
def test_a_symlink_to_a_file_outside_is_skipped_and_said_and_the_dream_goes_on(
    proj: Project, tmp_path: Path, link: str
) -> None:
    claude_session(proj, WILDCARDS)
    secret = tmp_path / "elsewhere" / Path(link).name
    if link.endswith(".md"):
        write(secret, f"- 10:00 {OUTSIDE}\n")
    elif "rollout" in link:
        write(secret, rollout_lines(OUTSIDE))
    else:
        TranscriptBuilder(session_id=LINK_ID).user(OUTSIDE).write(secret.parent)
    linked = proj.root / link
    linked.parent.mkdir(parents=True, exist_ok=True)
    linked.symlink_to(secret)

    status = proj.run("status").stdout
    assert "1 session touched" in status
    assert f"not read: {linked}: a symlink" in status

    out = proj.dream().stdout
    assert f"not read: {link}: a symlink" in out
    run = proj.last_run()
    assert run["sessions"] == [f"sessions/{SESSION_ID}.jsonl"]
    [skipped] = run["skipped_sessions"]
    assert skipped["path"] == link
    assert "symlink" in skipped["reason"]
    assert f"not read {link}: a symlink" in proj.run("show").stdout
    assert "wildcard imports" in proj.topic_text()
    assert "tabs" not in proj.topic_text()


def test_the_etc_passwd_link_from_the_audit_no_longer_fails_the_dream(proj: Project) -> None:
    if not Path("/etc/passwd").is_file():
        pytest.skip("no /etc/passwd here")
    claude_session(proj, WILDCARDS)
    (proj.sessions / f"{LINK_ID}.jsonl").symlink_to("/etc/passwd")
    out = proj.dream().stdout
    assert f"not read: sessions/{LINK_ID}.jsonl: a symlink to /etc/passwd, outside sessions/" in out
    assert "wildcard imports" in proj.topic_text()


@pytest.mark.parametrize(
    ("target", "link"),
    [
        (f"sessions/{SESSION_ID}.jsonl", f"sessions/{LINK_ID}.jsonl"),
        (f"sessions/2026/07/01/{ROLLOUT}", f"sessions/{ROLLOUT}"),
        ("memory/logs/2026/07/2026-07-01.md", "memory/2026-07-01.md"),
        ("project/logs/2026/07/2026-07-01.md", "project/memory/2026-07-01.md"),
    ],
)
def test_a_symlink_to_another_transcript_is_read_once_as_that_one(
    proj: Project, target: str, link: str
) -> None:
    if target.startswith("sessions/" + SESSION_ID[:8]):
        claude_session(proj, WILDCARDS)
    else:
        place(proj, next(k for k, (r, _) in PLACES.items() if r == target), WILDCARDS)
    linked = proj.root / link
    linked.parent.mkdir(parents=True, exist_ok=True)
    linked.symlink_to(os.path.relpath(proj.root / target, linked.parent))

    assert "1 session touched" in proj.run("status").stdout
    proj.dream()
    run = proj.last_run()
    assert run["sessions"] == [target]
    assert [s["path"] for s in run["skipped_sessions"]] == [link]
    # said once, in one session: a second reading would count it as said in two
    created = [d for d in run["decisions"] if d["action"] == "created"]
    assert len(created) == 1 and "1 session" in created[0]["reason"]


def test_sessions_given_directly_pass_the_sandbox_and_are_read_once(
    proj: Project, tmp_path: Path
) -> None:
    """A library caller handing the pipeline its own list gets the same policy as the scan."""
    real = claude_session(proj, WILDCARDS)
    same = proj.sessions / f"{LINK_ID}.jsonl"
    same.symlink_to(real.name)
    outside = write(tmp_path / "elsewhere.jsonl", "{}\n")
    escaping = proj.sessions / "cccccccc-0000-4000-8000-000000000003.jsonl"
    escaping.symlink_to(outside)
    stray = tmp_path / "stray.jsonl"
    settings = Settings.resolve(proj.root, env={}, clock=FixedClock(
        datetime(2026, 7, 2, 9, 0, tzinfo=UTC).timestamp()))

    def info(path: Path) -> SessionInfo:
        return SessionInfo(path.name[:36], path, "claude-code", 0, SAID_AT)

    result = pipeline.consolidate(
        settings, trigger="library", sessions=[info(p) for p in (real, same, escaping, stray)])
    record = result.record
    assert record.outcome == "committed"
    assert record.sessions == [f"sessions/{real.name}"]
    reasons = {s["path"]: s["reason"] for s in record.skipped_sessions}
    assert reasons[f"sessions/{same.name}"] == (
        f"the same file as sessions/{real.name}, which is read")
    assert "leads outside sessions/" in reasons[f"sessions/{escaping.name}"]
    assert reasons[str(stray)] == "not in the sessions, memory or project dir"


# ---- the Claude backend's view ----------------------------------------------------------------


def _claude_dream(proj: Project, api: list[ScriptedAPI], script: list[Step]) -> ScriptedAPI:
    """One forced dream with the Claude backend, answered by ``script``; the server, to read
    the requests it got."""
    server = ScriptedAPI(script).__enter__()
    api.append(server)
    result = proj.run("--force", "--backend", "anthropic", ANTHROPIC_API_KEY="sk-test",
                      ANTHROPIC_BASE_URL=server.url)
    assert result.exit_code == 0, result.output
    return server


def test_claude_reads_rollouts_and_daily_logs_in_its_roots_and_nothing_outside(
    proj: Project, tmp_path: Path, api: list[ScriptedAPI]
) -> None:
    rollout = place(proj, "codex-by-day", WILDCARDS)
    place(proj, "log-in-memory", SQUASH)
    place(proj, "log-tree-in-project", PINNING)
    secret = write(tmp_path / "elsewhere" / "2026-07-01.md", f"- {OUTSIDE}\n")
    link = proj.memory / "logs" / "2026" / "07" / "2026-07-01.md"
    link.parent.mkdir(parents=True)
    link.symlink_to(secret)
    vrollout = f"sessions/{rollout.relative_to(proj.sessions).as_posix()}"
    server = _claude_dream(proj, api, [
        reply(tool_use("read_file", {"path": vrollout}),
              tool_use("read_file", {"path": "memory/2026-07-01.md"}),
              tool_use("read_file", {"path": "project/logs/2026/07/2026-07-01.md"}),
              tool_use("read_file", {"path": "memory/logs/2026/07/2026-07-01.md"}),
              tool_use("grep", {"pattern": "wildcard", "path": "sessions/"})),
        call("begin_phase", phase="gather"),
        call("begin_phase", phase="consolidate"),
        call("write_file", path="memory/2026-07-01.md", content="- rewritten\n"),
        call("finish", summary="looked around"),
    ])

    opening = server.requests[0]["messages"][0]["content"][0]["text"]
    for vpath in (vrollout, "memory/2026-07-01.md", "project/logs/2026/07/2026-07-01.md"):
        assert f"`{vpath}`" in opening, vpath
    assert "memory/logs/2026/07/2026-07-01.md" not in opening
    for said in ("wildcard imports", "squash-merge", "pin dependency versions"):
        assert said in opening, said  # the harness's digest of what the person said
    assert str(tmp_path) not in json.dumps(server.requests[0])

    results = [b for b in server.requests[1]["messages"][-1]["content"]
               if b["type"] == "tool_result"]
    assert WILDCARDS in results[0]["content"]
    assert SQUASH in results[1]["content"]
    assert PINNING in results[2]["content"]
    assert results[3].get("is_error") and OUTSIDE not in results[3]["content"]
    assert f"{vrollout}:" in results[4]["content"] and WILDCARDS in results[4]["content"]
    write_result = next(b for b in server.requests[4]["messages"][-1]["content"]
                        if b["type"] == "tool_result")
    assert write_result.get("is_error") and "daily log" in write_result["content"]
    assert (proj.memory / "2026-07-01.md").read_text().endswith(f"{SQUASH}\n")


@pytest.mark.parametrize(
    ("tool", "inp"),
    [
        ("write_file", {"content": "- rewritten\n"}),
        ("edit_file", {"old_string": "kestrel", "new_string": "osprey"}),
        ("delete_file", {}),
    ],
)
@pytest.mark.parametrize("log", ["2026-07-01.md", "logs/2026/07/2026-07-01.md"])
def test_no_tool_changes_a_daily_log_in_memory(
    tmp_path: Path, tool: str, inp: dict[str, str], log: str
) -> None:
    memory = tmp_path / "memory"
    path = write(memory / log, "- 10:00 Remember: the staging cluster is named kestrel.\n")
    before = path.read_bytes()
    box = ToolBox(Sandbox(memory), trash_dir=tmp_path / "trash")
    for phase in ("gather", "consolidate"):
        assert not box.call(ToolCall(phase, "begin_phase", {"phase": phase})).is_error
    result = box.call(ToolCall("x", tool, {"path": f"memory/{log}", **inp}))
    assert result.is_error and "daily log" in result.content
    assert path.read_bytes() == before
    written = box.call(ToolCall("y", "write_file", {"path": "memory/notes.md", "content": "x\n"}))
    assert not written.is_error, "other memory files are still written"


def test_only_the_documented_places_count(proj: Project, tmp_path: Path) -> None:
    counted = [
        place(proj, where, WILDCARDS)
        for where in ("codex-by-day", "log-in-memory", "log-tree-in-project")
    ]
    not_counted = [
        f"sessions/notes/{ROLLOUT}",  # not a YYYY/MM/DD dir
        f"sessions/2026/7/01/{ROLLOUT}",  # a month without its leading zero
        "sessions/2026/07/01/notes.jsonl",  # not a rollout
        "sessions/2026-07-01.md",  # daily logs live with the memory or the project
        "memory/logs/2026/07/notes.md",  # not a day's name
        "memory/notes/2026-07-01.md",
        "project/2026-07-01.md",
        "project/docs/logs/2026/07/2026-07-01.md",
    ]
    for rel in not_counted:
        write(proj.root / rel, "- 10:00 anything\n")
    elsewhere = tmp_path / "years"
    write(elsewhere / "07" / "01" / ROLLOUT, rollout_lines(OUTSIDE))
    (proj.sessions / "2025").symlink_to(elsewhere)  # a symlinked dir is not entered
    settings = Settings.resolve(proj.root, env={})
    found = gates.sessions_since(settings, None)
    assert sorted(str(s.path) for s in found) == sorted(str(p) for p in counted)
    assert {s.source for s in found} == {"codex", "markdown"}
    assert gates.scan_sessions(settings, SAID_AT).ids == [], "untouched since: not counted"


def test_a_message_without_a_timestamp_is_dated_by_the_one_before_it(proj: Project) -> None:
    first = {"type": "user", "sessionId": SESSION_ID, "uuid": "u1", "parentUuid": None,
             "timestamp": "2026-06-30T10:00:00.000Z", "isSidechain": False,
             "message": {"role": "user", "content": "Can you look at the parser?"}}
    undated = {**first, "uuid": "u2", "parentUuid": "u1",
               "message": {"role": "user", "content": WILDCARDS}}
    del undated["timestamp"]
    write(proj.sessions / f"{SESSION_ID}.jsonl",
          "".join(json.dumps(r) + "\n" for r in (first, undated)))
    proj.dream()
    text = proj.topic_text()
    assert WILDCARDS in text
    assert "2026-06-30" in text and "1970" not in text


# ---- Codex rollouts of other projects -------------------------------------------------------

def _rollout(proj: Project, day: str, said: str, cwd: str | None, *, number: str = "",
             mtime: float = SAID_AT) -> Path:
    text = rollout_lines(said, cwd=cwd or "")
    if cwd is None:  # no session_meta at all: an older or cut rollout
        text = "".join(line + "\n" for line in text.splitlines()[2:])
    name = (f"rollout-2026-07-{day}T10-00-00-0199aaaa-0000-7000-8000-0000000000"
            f"{number or day}.jsonl")
    return write(proj.sessions / "2026" / "07" / day / name, text, mtime)


def test_a_codex_rollout_of_another_project_is_never_read(proj: Project, tmp_path: Path) -> None:
    """Codex keeps every project's rollouts in one dir: only this project's are mined."""
    (proj.project / "src").mkdir()
    alias = tmp_path / "alias"
    alias.symlink_to(proj.project)  # the project opened through a symlink
    elsewhere = str(tmp_path / "other-repo")
    other = _rollout(proj, "01", OUTSIDE, elsewhere)
    read = [_rollout(proj, "02", WILDCARDS, str(proj.project)),
            _rollout(proj, "03", SQUASH, str(proj.project / "src")),
            _rollout(proj, "04", PINNING, str(alias)),
            _rollout(proj, "05", "Always keep the changelog up to date.", None)]

    status = proj.run("status").stdout
    assert "4 sessions touched" in status
    # counted, not named: other projects' paths and cwds stay out of this project's output
    assert f"1 Codex rollout not read: 1 of another project ({LISTS})" in status
    assert elsewhere not in status
    verbose = proj.run("status", "--verbose").stdout
    assert f"not read: {other}: a Codex rollout of another project (cwd {elsewhere})" in verbose

    out = proj.dream().stdout
    assert "4 session(s) reviewed" in out and elsewhere not in out
    run = proj.last_run()
    assert sorted(run["sessions"]) == sorted(
        str(p.relative_to(proj.root)) for p in read)
    [skipped] = run["skipped_sessions"]
    assert skipped == {"path": "sessions/",
                       "reason": f"1 Codex rollout (1 of another project; {LISTS})"}
    assert "other-repo" not in json.dumps(run)
    memory = proj.topic_text()
    for said in ("wildcard imports", "squash-merge", "pin dependency", "changelog"):
        assert said in memory
    assert "tabs" not in memory


def test_other_projects_rollouts_alone_do_not_open_the_scan_gate(proj: Project,
                                                                 tmp_path: Path) -> None:
    for day in ("01", "02", "03"):
        _rollout(proj, day, OUTSIDE, str(tmp_path / "other-repo"))
    result = proj.run()  # the gate chain, as the hook runs it
    assert result.exit_code == 4, result.output  # gate closed
    status = proj.run("status").stdout
    assert "closed by scan" in status and "3 Codex rollouts not read: 3 of other projects" in status
    assert not (proj.memory / "MEMORY.md").exists()


LISTS = "`autodream status --verbose` lists them"


def _not_read_lines(output: str) -> list[str]:
    return [line.strip() for line in output.splitlines() if "not read:" in line]


def test_a_session_meta_longer_than_the_head_still_names_its_project(
    proj: Project, tmp_path: Path
) -> None:
    """Codex writes the person's instructions (AGENTS.md) into session_meta: a first line past
    the head the scan reads must not pass for a rollout that recorded no cwd."""
    elsewhere = str(tmp_path / "other-repo")
    other = _rollout(proj, "01", OUTSIDE, elsewhere)
    meta, rest = other.read_text().split("\n", 1)
    record = json.loads(meta)
    record["payload"]["instructions"] = "Follow the house style. " * 12_000  # ~290 KB
    write(other, json.dumps(record) + "\n" + rest)
    _rollout(proj, "02", WILDCARDS, str(proj.project))

    assert _not_read_lines(proj.run("status", "--verbose").stdout) == [
        f"not read: {other}: a Codex rollout of another project (cwd {elsewhere})"]
    out = proj.dream().stdout
    assert "1 session(s) reviewed" in out
    assert _not_read_lines(out) == [
        # it said "not read: sessions/: 1 Codex rollout not read: ..."
        f"not read: sessions/: 1 Codex rollout (1 of another project; {LISTS})"]
    assert "wildcard imports" in proj.topic_text() and "tabs" not in proj.topic_text()


@pytest.mark.parametrize("cwd", ["/srv/other\x00repo", "/srv/other\n\x1b[2Jrepo"])
def test_a_cwd_with_control_characters_is_skipped_and_named_on_one_line(
    proj: Project, cwd: str
) -> None:
    """The cwd comes from a file any project's Codex wrote and goes to a terminal."""
    other = _rollout(proj, "01", OUTSIDE, cwd)
    _rollout(proj, "02", WILDCARDS, str(proj.project))
    shown = repr(cwd)[1:-1]

    status = proj.run("status", "--verbose")
    assert status.exit_code == 0, status.output
    assert _not_read_lines(status.stdout) == [
        f"not read: {other}: a Codex rollout of another project (cwd {shown})"]
    out = proj.dream().stdout
    assert "1 session(s) reviewed" in out and "\x1b" not in out
    assert "tabs" not in proj.topic_text()


def test_a_relative_cwd_is_not_resolved_against_where_autodream_runs(
    proj: Project, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Codex records absolute cwds; a relative one places the rollout in no project, rather
    than in whichever directory autodream happens to be started from."""
    monkeypatch.chdir(proj.project)
    other = _rollout(proj, "01", OUTSIDE, ".")
    _rollout(proj, "02", WILDCARDS, str(proj.project))

    out = proj.run("status", "--verbose").stdout
    assert _not_read_lines(out) == [f"not read: {other}: "
                                    "a Codex rollout of another project (cwd .)"]
    assert "1 session(s) reviewed" in proj.dream().stdout
    assert "tabs" not in proj.topic_text()


def test_a_symlinked_project_root_and_a_cwd_deleted_since_still_match(
    proj: Project, tmp_path: Path
) -> None:
    real = tmp_path / "real-project"
    proj.project.rename(real)
    proj.project.symlink_to(real)  # project_root = "project" now leads through a symlink
    read = [_rollout(proj, "01", WILDCARDS, str(real)),  # Codex records the real path
            _rollout(proj, "02", SQUASH, str(proj.project / "gone" / "sub"))]  # deleted since
    sibling = _rollout(proj, "03", OUTSIDE, f"{real}-old")  # shares the prefix, not the dir
    bare = _rollout(proj, "04", OUTSIDE, None)  # the older, unwrapped session_meta
    write(bare, json.dumps({"id": CODEX_ID, "timestamp": "2026-07-01T10:00:00Z",
                            "instructions": None, "cwd": "/srv/elsewhere"}) + "\n"
          + bare.read_text())

    out = proj.run("status", "--verbose").stdout
    assert _not_read_lines(out) == [
        f"not read: {p}: a Codex rollout of another project (cwd {cwd})"
        for p, cwd in ((sibling, f"{real}-old"), (bare, "/srv/elsewhere"))]
    proj.dream()
    assert sorted(proj.last_run()["sessions"]) == [str(p.relative_to(proj.root)) for p in read]
    memory = proj.topic_text()
    assert "wildcard imports" in memory and "squash-merge" in memory and "tabs" not in memory


def test_claude_can_neither_grep_nor_list_nor_open_another_projects_rollout(
    proj: Project, tmp_path: Path, api: list[ScriptedAPI]
) -> None:
    """The Claude subagent's own tools reach the whole sessions dir (the system prompt tells it
    to grep sessions/); another project's rollout is not there for them, whatever its age."""
    elsewhere = tmp_path / "other-repo"
    other = _rollout(proj, "01", OUTSIDE, str(elsewhere))
    mine = _rollout(proj, "01", WILDCARDS, str(proj.project), number="02")
    old = _rollout(proj, "01", OUTSIDE, str(elsewhere), number="09",
                   mtime=SAID_AT - 86_400 * 30)  # long before any dream: the scan never looks
    vday = "sessions/2026/07/01"
    server = _claude_dream(proj, api, [
        reply(tool_use("grep", {"pattern": "tabs|wildcard", "path": "sessions/"}),
              tool_use("read_file", {"path": f"{vday}/{other.name}"}),
              tool_use("read_file", {"path": f"{vday}/{old.name}"}),
              tool_use("glob", {"pattern": "sessions/**/*.jsonl"}),
              tool_use("list_dir", {"path": vday})),
        call("finish", summary="looked around"),
    ])

    results = [b["content"] for b in server.requests[1]["messages"][-1]["content"]
               if b["type"] == "tool_result"]
    grep, read_other, read_old, globbed, listed = results
    assert WILDCARDS in grep
    for refused in (read_other, read_old):
        assert "a Codex rollout of another project" in refused
        assert str(elsewhere) not in refused  # its cwd could end up in memory
    assert globbed.splitlines() == [f"{vday}/{mine.name}"]
    assert [line.split()[0] for line in listed.splitlines()] == [mine.name]
    sent = json.dumps(server.requests)
    assert OUTSIDE not in sent and "other-repo" not in sent
