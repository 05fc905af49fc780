"""``codex_sessions_dir``: a person who uses Claude Code and the Codex CLI on one project keeps
reading Claude sessions from the sessions dir and reads this project's Codex rollouts from
Codex's own dir (``~/.codex/sessions``, every project's rollouts), through the CLI."""

from __future__ import annotations

import io
import json
import os
from datetime import UTC, datetime
from pathlib import Path

import pytest

from autodream.errors import NotFound, SandboxError
from autodream.sandbox import Sandbox
from autodream.settings import Settings
from tests.factories import TranscriptBuilder
from tests.scripted_api import ScriptedAPI, call, reply, tool_use
from tests.test_cli_transcript_sources import (
    APPENDED_AT,
    OUTSIDE,
    PINNING,
    SAID_AT,
    SECOND,
    SQUASH,
    WILDCARDS,
    Project,
    _claude_dream,
    rollout_lines,
    write,
)

LINT = "Always run the linter before pushing."
CLAUDE_ID = "aaaaaaaa-0000-4000-8000-00000000000c"
MINE = "rollout-2026-07-01T10-00-00-0199aaaa-0000-7000-8000-000000000001.jsonl"
THEIRS = "rollout-2026-07-01T11-00-00-0199aaaa-0000-7000-8000-000000000002.jsonl"
NO_CWD = "rollout-2026-07-01T12-00-00-0199aaaa-0000-7000-8000-000000000004.jsonl"
DAY = Path("2026/07/01")


@pytest.fixture
def both(tmp_path: Path) -> Project:
    """Claude Code sessions in ``sessions/``, Codex's rollouts dir in ``codex/`` beside it."""
    p = Project(tmp_path / "work")
    for d in (p.project, p.sessions, p.memory, p.root / "codex"):
        d.mkdir(parents=True)
    (p.project / "README.md").write_text("# demo\nA tiny tool.\n")
    (p.root / "autodream.toml").write_text(
        'project_root = "project"\nsessions_dir = "sessions"\nmemory_dir = "memory"\n'
        'codex_sessions_dir = "codex"\n'
        'backend = "local"\nmin_hours = 1\nmin_sessions = 1\nscan_interval_minutes = 1\n'
    )
    return p


def _codex(p: Project) -> Path:
    return p.root / "codex"


def _claude(p: Project, said: str) -> Path:
    path = TranscriptBuilder(session_id=CLAUDE_ID, start=datetime(
        2026, 7, 1, 9, 0, tzinfo=UTC)).user(said).assistant("OK.").write(p.sessions)
    os.utime(path, (SAID_AT, SAID_AT))
    return path


def _rollouts(p: Project, tmp_path: Path) -> tuple[Path, Path]:
    """This project's rollout and another project's, in Codex's YYYY/MM/DD layout."""
    mine = write(_codex(p) / DAY / MINE, rollout_lines(WILDCARDS, cwd=str(p.project)))
    theirs = write(_codex(p) / DAY / THEIRS,
                   rollout_lines(OUTSIDE, cwd=str(tmp_path / "other-repo")))
    return mine, theirs


def _no_cwd(p: Project) -> Path:
    """An older rollout whose head recorded no cwd: in Codex's dir, anyone's."""
    text = "".join(line + "\n" for line in rollout_lines(OUTSIDE).splitlines()[2:])
    return write(_codex(p) / DAY / NO_CWD, text)


# ---- settings -----------------------------------------------------------------------------


def test_codex_sessions_dir_is_unset_by_default(tmp_path: Path) -> None:
    settings = Settings.resolve(tmp_path, env={"HOME": str(tmp_path)})
    assert settings.codex_sessions_dir is None


def test_codex_sessions_dir_from_the_config_file_then_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "rollouts").mkdir()
    (tmp_path / "from-env").mkdir()
    (tmp_path / "autodream.toml").write_text('codex_sessions_dir = "rollouts"\n')
    monkeypatch.chdir(tmp_path / "from-env")
    env = {"HOME": str(tmp_path)}
    settings = Settings.resolve(tmp_path, env=env)
    # relative to the config file, as every path there is
    assert settings.codex_sessions_dir == tmp_path / "rollouts"
    assert settings.sources["codex_sessions_dir"] == f"in {tmp_path / 'autodream.toml'}"
    settings = Settings.resolve(tmp_path, env={**env, "AUTODREAM_CODEX_SESSIONS_DIR": "."})
    assert settings.codex_sessions_dir == tmp_path / "from-env"  # relative to where it runs
    assert settings.sources["codex_sessions_dir"] == "env AUTODREAM_CODEX_SESSIONS_DIR"


def test_codex_sessions_dir_takes_a_home_relative_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    (tmp_path / ".codex" / "sessions").mkdir(parents=True)
    (tmp_path / "project").mkdir()
    (tmp_path / "project" / "autodream.toml").write_text(
        'codex_sessions_dir = "~/.codex/sessions"\n')
    settings = Settings.resolve(tmp_path / "project", env={"HOME": str(tmp_path)})
    assert settings.codex_sessions_dir == tmp_path / ".codex" / "sessions"


@pytest.mark.parametrize("how", ["toml", "env"])
@pytest.mark.parametrize("kind", ["missing", "file"])
def test_a_codex_sessions_dir_that_is_no_dir_stops_no_dream_of_claude_sessions(
    both: Project, how: str, kind: str
) -> None:
    """The documented ~/.codex/sessions does not exist until Codex first runs: that must not
    stop the hook's dreams of Claude Code sessions (it hides errors), nor log or undo. A file
    there is a wrong setting: it stops nothing either, but status, the dream and its run record
    (which `show` reads) say it as an error."""
    missing = both.root / "no-such-dir"
    if kind == "file":
        missing.write_text("not a dir\n")
    env: dict[str, str] = {}
    if how == "toml":
        toml = both.root / "autodream.toml"
        toml.write_text(toml.read_text().replace('"codex"', '"no-such-dir"'))
        source = f"in {toml}"
    else:
        env["AUTODREAM_CODEX_SESSIONS_DIR"] = str(missing)
        source = "env AUTODREAM_CODEX_SESSIONS_DIR"
    notice = (f"codex_sessions_dir {missing} ({source}) does not exist: no rollouts read from it"
              if kind == "missing" else
              # (was the same notice as a dir yet to come, "is not a directory", and not in the
              # run record: a dream the hook starts said it only in a log no one reads)
              f"error: codex_sessions_dir {missing} ({source}) is a file, not a directory: no "
              "rollouts read from it until it names the directory Codex writes them in")
    _claude(both, SQUASH)
    status = both.run("status", **env)
    assert status.exit_code == 0, status.output
    (line,) = [s for s in status.stdout.splitlines() if s.startswith("codex_sessions_dir:")]
    assert line == f"codex_sessions_dir: {notice}"
    data = json.loads(both.run("status", "--json", **env).stdout)
    codex = data["transcript_sources"]["codex_sessions_dir"]
    assert codex["problem"] == notice
    assert codex["error"] == (notice if kind == "file" else None)
    result = both.run("--force", **env)
    assert result.exit_code == 0, result.output
    assert notice in result.output and "1 session(s) reviewed" in result.stdout
    assert "squash-merge" in both.topic_text()
    recorded = [s["reason"] for s in both.last_run()["skipped_sessions"]]
    assert recorded == ([notice] if kind == "file" else [])
    shown = both.run("show", **env)
    assert (f"not read codex/: {notice}" in shown.stdout) == (kind == "file")
    for command in ("log", "show", "undo"):
        assert both.run(command, **env).exit_code == 0, command


@pytest.mark.parametrize("setting", [
    {"AUTODREAM_DATE_ORDER": "ymd"}, {"AUTODREAM_CODEX_SESSIONS_DIR": "\x01"}])
def test_log_show_and_undo_need_no_transcript_setting_a_dream_would_refuse(
    both: Project, setting: dict[str, str]
) -> None:
    _claude(both, SQUASH)
    assert both.dream().exit_code == 0
    for command in ("log", "show", "undo"):
        result = both.run(command, **setting)
        assert result.exit_code == 0, (command, result.output)
    if "AUTODREAM_DATE_ORDER" in setting:  # still an error where it is used
        result = both.run("status", **setting)
        assert result.exit_code == 3 and "date_order" in result.stderr


def test_a_path_in_a_config_error_is_printed_escaped(both: Project) -> None:
    toml = both.root / "autodream.toml"
    toml.write_text(toml.read_text().replace('"codex"', '"\\u0000x"'))
    result = both.run("status")
    assert result.exit_code == 3
    assert "\x00" not in result.stderr and "\\x00x" in result.stderr
    toml.write_text(toml.read_text().replace('sessions_dir = "sessions"\n',
                                             'sessions_dir = "new\\nline\\u001b[2J"\n', 1))
    result = both.run("status")
    assert result.exit_code == 3 and "\x1b" not in result.stderr
    assert result.stderr.count("\n") == 1 and "new\\nline\\x1b[2J" in result.stderr


# ---- the dream, the scan, status and show -------------------------------------------------


def test_a_dream_reads_claude_sessions_and_this_projects_rollouts_and_not_another_projects(
    both: Project, tmp_path: Path
) -> None:
    _claude(both, SQUASH)
    mine, theirs = _rollouts(both, tmp_path)
    unplaced = _no_cwd(both)
    before = theirs.read_bytes()

    status = both.run("status")
    assert status.exit_code == 0, status.output
    assert "2 sessions touched since the last dream" in status.stdout
    assert (f"codex_sessions_dir: {_codex(both)} (1 rollout of this project touched since the "
            "last dream, 1 of other projects not read, 1 not read (no cwd recorded))"
            ) in status.stdout
    assert f"(Codex rollout: {mine})" in status.stdout
    counted = ("2 Codex rollouts not read: 1 of another project, 1 that recorded no cwd "
               "(`autodream status --verbose` lists them)")
    assert counted in status.stdout and "other-repo" not in status.stdout
    verbose = both.run("status", "--verbose").stdout
    assert (f"not read: {theirs}: a Codex rollout of another project "
            f"(cwd {tmp_path / 'other-repo'})") in verbose
    assert f"not read: {unplaced}: a Codex rollout that recorded no cwd" in verbose

    out = both.dream().stdout
    assert "2 session(s) reviewed" in out
    # (it said "not read: codex/: 2 Codex rollouts not read: ...")
    recorded = ("2 Codex rollouts (1 of another project, 1 that recorded no cwd; "
                "`autodream status --verbose` lists them)")
    assert f"not read: codex/: {recorded}" in out and THEIRS not in out
    memory = both.topic_text()
    assert "squash-merge" in memory and "wildcard imports" in memory
    assert "tabs" not in memory
    run = both.last_run()
    assert sorted(run["sessions"]) == [f"codex/{DAY}/{MINE}", f"sessions/{CLAUDE_ID}.jsonl"]
    assert run["skipped_sessions"] == [{"path": "codex/", "reason": recorded}]
    assert "other-repo" not in json.dumps(run) and THEIRS not in json.dumps(run)
    shown = both.run("show").stdout
    assert f"codex/{DAY}/{MINE}" in shown
    assert f"not read codex/: {recorded}" in shown
    assert theirs.read_bytes() == before


def test_without_codex_sessions_dir_codex_rollouts_there_are_not_read(
    both: Project, tmp_path: Path
) -> None:
    """Opt-in: Codex's dir is another tool's, and scanning it costs the hook."""
    toml = both.root / "autodream.toml"
    toml.write_text(toml.read_text().replace('codex_sessions_dir = "codex"\n', ""))
    _claude(both, SQUASH)
    _rollouts(both, tmp_path)
    status = both.run("status").stdout
    assert "1 session touched" in status
    assert "codex_sessions_dir: (not set" in status
    both.dream()
    assert "wildcard imports" not in both.topic_text()


def test_a_second_dream_reads_only_what_is_new_in_both_dirs(
    both: Project, tmp_path: Path
) -> None:
    claude = _claude(both, SQUASH)
    mine, _theirs = _rollouts(both, tmp_path)
    both.dream()

    added = TranscriptBuilder(session_id=CLAUDE_ID, start=datetime(
        2026, 7, 3, 9, 0, tzinfo=UTC)).user(LINT)
    write(claude, "".join(json.dumps(r) + "\n" for r in added.records), APPENDED_AT,
          append=True)
    write(mine, rollout_lines(PINNING, at="2026-07-03T10:00:00.000Z"), APPENDED_AT, append=True)

    assert "2 sessions touched" in both.run("status", now=SECOND).stdout
    both.dream(SECOND)
    run = both.last_run()
    assert sorted(run["sessions"]) == [f"codex/{DAY}/{MINE}", f"sessions/{CLAUDE_ID}.jsonl"]
    subjects = [d.get("subject", "") for d in run["decisions"]]
    assert any("pin dependency versions" in s for s in subjects), subjects
    assert any("linter" in s for s in subjects), subjects
    # what the first dream read was not read again, from either dir
    assert not any("wildcard" in s or "squash" in s for s in subjects), subjects
    memory = both.topic_text()
    for said in ("squash-merge", "wildcard imports", "pin dependency versions", "linter"):
        assert said in memory, said


def test_status_json_lists_both_dirs_and_what_each_holds(both: Project, tmp_path: Path) -> None:
    claude = _claude(both, SQUASH)
    mine, theirs = _rollouts(both, tmp_path)
    result = both.run("status", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["paths"]["sessions_dir"] == str(both.sessions)
    assert data["paths"]["codex_sessions_dir"] == str(_codex(both))
    assert {(s["source"], s["path"]) for s in data["sessions"]} == {
        ("claude-code", str(claude)), ("codex", str(mine))}
    assert data["skipped_sessions"] == [] and "other-repo" not in result.stdout
    assert data["codex_rollouts_not_read"] == {"other project": 1}
    assert data["transcript_sources"] == {
        "claude-code": 1, "codex": 1, "markdown": 0,
        "codex_sessions_dir": {"path": str(_codex(both)), "rollouts": 1, "not_read": 1,
                               "problem": None, "error": None,
                               "not_read_by_reason": {"other project": 1}}}
    listed = json.loads(both.run("status", "--json", "--verbose").stdout)
    assert [s["path"] for s in listed["codex_rollouts_not_read_list"]] == [str(theirs)]


def test_status_json_without_codex_sessions_dir_says_null(both: Project) -> None:
    toml = both.root / "autodream.toml"
    toml.write_text(toml.read_text().replace('codex_sessions_dir = "codex"\n', ""))
    data = json.loads(both.run("status", "--json").stdout)
    assert data["paths"]["codex_sessions_dir"] is None
    assert "codex_sessions_dir" not in data["transcript_sources"]


@pytest.mark.parametrize("where", ["sessions", "link"])
def test_the_same_dir_as_the_sessions_dir_reads_each_rollout_once(
    both: Project, tmp_path: Path, where: str
) -> None:
    """The README once advised sessions_dir = ~/.codex/sessions: setting both to it (or to a
    link to it) reads this project's rollouts once, and by codex_sessions_dir's rule: one that
    recorded no cwd there could be any project's, and is not read."""
    toml = both.root / "autodream.toml"
    (both.root / "link").symlink_to(both.sessions)
    toml.write_text(toml.read_text().replace('codex_sessions_dir = "codex"',
                                             f'codex_sessions_dir = "{where}"'))
    write(both.sessions / DAY / MINE, rollout_lines(WILDCARDS, cwd=str(both.project)))
    text = "".join(line + "\n" for line in rollout_lines(OUTSIDE).splitlines()[2:])
    write(both.sessions / DAY / NO_CWD, text)
    status = both.run("status").stdout
    assert "1 session touched" in status, status
    out = both.dream().stdout
    assert "1 session(s) reviewed" in out
    assert both.last_run()["sessions"] == [f"sessions/{DAY}/{MINE}"]
    assert "tabs" not in both.topic_text()
    sandbox = Sandbox(memory=both.memory, sessions=both.sessions, project=both.project,
                      rollouts_of=both.project, strict_sessions=True)
    with pytest.raises(SandboxError, match="another project"):
        sandbox.read_bytes(f"sessions/{DAY}/{NO_CWD}")


# ---- the sandbox --------------------------------------------------------------------------


def _sandbox(p: Project) -> Sandbox:
    settings = Settings.resolve(p.root, env={"HOME": str(p.root)})
    return Sandbox(memory=p.memory, sessions=p.sessions, project=p.project,
                   excluded=[p.memory], rollouts_of=settings.project_root,
                   codex=settings.codex_sessions_dir)


def test_the_codex_root_lists_and_opens_this_projects_rollouts_and_nothing_else(
    both: Project, tmp_path: Path
) -> None:
    mine, theirs = _rollouts(both, tmp_path)
    outside = write(tmp_path / "elsewhere" / THEIRS.replace("02.jsonl", "03.jsonl"),
                    rollout_lines(OUTSIDE, cwd=str(both.project)))
    link = _codex(both) / DAY / outside.name
    link.symlink_to(outside)
    write(_codex(both) / "history.jsonl", json.dumps({"text": OUTSIDE}) + "\n")
    _no_cwd(both)
    sandbox = _sandbox(both)

    assert WILDCARDS.encode() in sandbox.read_bytes(f"codex/{DAY}/{MINE}")
    _res, entries = sandbox.list_dir(f"codex/{DAY}")
    assert [e.name for e in entries if e.kind == "file"] == [MINE]
    assert [v for v, _ in sandbox.walk_files("codex/")] == [f"codex/{DAY}/{MINE}"]
    for foreign in (THEIRS, NO_CWD):
        with pytest.raises(SandboxError, match="a Codex rollout of another project"):
            sandbox.read_bytes(f"codex/{DAY}/{foreign}")
    with pytest.raises(SandboxError, match="leads outside codex/"):
        sandbox.read_bytes(f"codex/{DAY}/{outside.name}")
    with pytest.raises(SandboxError, match="only Codex rollouts"):
        sandbox.read_bytes("codex/history.jsonl")
    for target in (f"codex/{DAY}/{MINE}", f"codex/{DAY}/new.md", "codex/x.md"):
        with pytest.raises(SandboxError, match="codex/ is read-only"):
            sandbox.write_bytes(target, b"x")
    with pytest.raises(SandboxError, match="codex/ is read-only"):
        sandbox.move_out(f"codex/{DAY}/{MINE}", tmp_path / "trash")
    assert mine.exists() and theirs.exists()


def test_without_codex_sessions_dir_the_codex_root_is_not_there(both: Project) -> None:
    sandbox = Sandbox(memory=both.memory, sessions=both.sessions, project=both.project,
                      rollouts_of=both.project)
    with pytest.raises(SandboxError, match="codex/ is not available"):
        sandbox.read_bytes(f"codex/{DAY}/{MINE}")
    with pytest.raises((SandboxError, NotFound)):
        sandbox.list_dir("codex/")


# ---- the Claude backend's tools ------------------------------------------------------------


def test_claude_reads_this_projects_rollouts_in_codex_and_nothing_else_there(
    both: Project, tmp_path: Path, api: list[ScriptedAPI]
) -> None:
    _claude(both, SQUASH)
    mine, _theirs = _rollouts(both, tmp_path)
    outside = write(tmp_path / "elsewhere" / THEIRS.replace("02.jsonl", "03.jsonl"),
                    rollout_lines(OUTSIDE, cwd=str(both.project)))
    (_codex(both) / DAY / outside.name).symlink_to(outside)
    vday = f"codex/{DAY}"
    server = _claude_dream(both, api, [
        reply(tool_use("grep", {"pattern": "tabs|wildcard", "path": "codex/"}),
              tool_use("read_file", {"path": f"{vday}/{THEIRS}"}),
              tool_use("read_file", {"path": f"{vday}/{outside.name}"}),
              tool_use("glob", {"pattern": "codex/**/*.jsonl"}),
              tool_use("list_dir", {"path": vday})),
        call("begin_phase", phase="gather"),
        call("begin_phase", phase="consolidate"),
        call("write_file", path=f"{vday}/{MINE}", content="- rewritten\n"),
        call("finish", summary="looked around"),
    ])

    system = server.requests[0]["system"]
    assert "`codex/`" in json.dumps(system)
    opening = server.requests[0]["messages"][0]["content"][0]["text"]
    assert f"`{vday}/{MINE}`" in opening and f"`sessions/{CLAUDE_ID}.jsonl`" in opening
    assert "wildcard imports" in opening and "squash-merge" in opening  # the digest: both dirs
    results = [b["content"] for b in server.requests[1]["messages"][-1]["content"]
               if b["type"] == "tool_result"]
    grep, read_theirs, read_outside, globbed, listed = results
    assert WILDCARDS in grep and OUTSIDE not in grep
    assert "a Codex rollout of another project" in read_theirs
    assert "leads outside codex/" in read_outside
    assert globbed.splitlines() == [f"{vday}/{MINE}"]
    # the symlink is listed as one (as in every read-only root), and refused when opened
    assert [line.split()[0] for line in listed.splitlines()] == [MINE, f"{outside.name}@"]
    write_result = json.dumps(server.requests[-1]["messages"][-1]["content"])
    assert "codex/ is read-only" in write_result
    sent = json.dumps(server.requests)
    assert OUTSIDE not in sent and "other-repo" not in sent
    assert mine.read_text().count(WILDCARDS) == 2  # untouched


def test_thousands_of_other_projects_rollouts_are_one_line(both: Project, tmp_path: Path) -> None:
    """Codex's dir holds every project's rollouts: status, the dream, show and the run record
    (in this project's memory dir, which people share) count them, never name them."""
    _claude(both, SQUASH)
    for n in range(40):
        name = THEIRS.replace("000000000002", f"{n + 100:012d}")
        write(_codex(both) / DAY / name, rollout_lines(OUTSIDE, cwd=f"/home/u/other{n}"))
    status = both.run("status").stdout
    assert len(status.splitlines()) < 20 and "/home/u/other" not in status
    assert "40 Codex rollouts not read: 40 of other projects" in status
    assert len(both.run("status", "--json").stdout) < 5000
    out = both.dream().stdout
    assert "/home/u/other" not in out and len(out.splitlines()) < 10
    assert "/home/u/other" not in both.run("show").stdout
    assert "/home/u/other" not in json.dumps(both.last_run())


def test_a_rollout_whose_cwd_lies_past_the_head_is_said_so(both: Project) -> None:
    """Not 'recorded no cwd': its cwd may be there, only not in the part the scan reads."""
    meta = {"timestamp": "2026-07-01T10:00:00Z", "type": "session_meta",
            "payload": {"id": "x", "instructions": "Be terse. " * 30_000, "cwd": "/home/u/o"}}
    path = write(_codex(both) / DAY / THEIRS, json.dumps(meta) + "\n")
    status = both.run("status", "--verbose").stdout
    assert f"not read: {path}: a Codex rollout whose cwd could not be read in its first 256 KB" \
        in status
    assert "not read (no cwd in their head)" in both.run("status").stdout


@pytest.mark.parametrize(("given", "value"), [("DMY", "dmy"), (" Mdy", "mdy")])
def test_date_order_takes_any_case_and_status_shows_it_with_its_source(
    both: Project, given: str, value: str
) -> None:
    result = both.run("status", AUTODREAM_DATE_ORDER=given)
    assert result.exit_code == 0, result.output
    assert f"date_order:   {value} (env AUTODREAM_DATE_ORDER)" in result.stdout
    data = json.loads(both.run("status", "--json", AUTODREAM_DATE_ORDER=given).stdout)
    assert data["date_order"] == {"value": value, "source": "env AUTODREAM_DATE_ORDER"}
    plain = both.run("status").stdout
    assert "date_order:   auto (default; a date like 04/12 is kept as written" in plain


class _Counting(io.BytesIO):
    """A rollout's bytes that count how many were read (the hook pays for each)."""

    def __init__(self, data: bytes) -> None:
        super().__init__(data)
        self.read_bytes = 0

    def read(self, size: int | None = -1, /) -> bytes:
        out = super().read(size)
        self.read_bytes += len(out)
        return out

    def readline(self, size: int | None = -1, /) -> bytes:
        out = super().readline(size)
        self.read_bytes += len(out)
        return out


def _meta(payload: str) -> bytes:
    return (b'{"timestamp":"2026-07-01T10:00:00.000Z","type":"session_meta","payload":{'
            + payload.encode() + b'}}\n{"type":"response_item"}\n')


@pytest.mark.parametrize(("payload", "cwd", "whole"), [
    # Codex's order: the cwd before 40 KB of instructions is found in the first few KB
    ('"id":"x","cwd":"/home/u/p","instructions":"' + "Be terse. " * 4000 + '"', "/home/u/p",
     False),
    # a nested object's cwd first: the payload's own is taken, from the whole record
    ('"git":{"cwd":"/home/u/p"},"cwd":"/srv/other","i":"' + "x" * 5000 + '"', "/srv/other",
     True),
    # text that quotes a cwd key is a string, escaped: never taken for one
    ('"instructions":' + json.dumps('"cwd":"/home/u/p"') + ',"cwd":"/srv/other"', "/srv/other",
     False),
    ('"id":"x","instructions":"' + "y" * 300_000 + '","cwd":"/srv/other"', None, True),
])
def test_a_rollouts_cwd_is_read_from_a_bounded_head(payload: str, cwd: str | None,
                                                    whole: bool) -> None:
    from autodream.transcripts.codex import head_cwd

    stream = _Counting(_meta(payload))
    assert head_cwd(stream)[0] == cwd
    assert (stream.read_bytes > 4096) == whole


@pytest.mark.parametrize("value", ["5", "true", '["~/.codex/sessions"]'])
def test_a_codex_sessions_dir_that_is_no_path_is_one_line_in_status(both: Project,
                                                                    value: str) -> None:
    toml = both.root / "autodream.toml"
    toml.write_text(toml.read_text().replace('"codex"', value))
    result = both.run("status")
    assert result.exit_code == 3
    (line,) = result.stderr.splitlines()
    assert line.startswith(f"Error: codex_sessions_dir (in {toml}): expected a path, got ")
