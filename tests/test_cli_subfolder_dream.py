"""A dream run from a subfolder of a project, and the sessions folders of its memory dir."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest
from click.testing import CliRunner

from autodream.cli import cli
from tests.claude_layout import Layout, make_layout
from tests.factories import TranscriptBuilder

DREAM_AT = "2026-07-03T20:00:00+00:00"


def test_a_dream_from_a_subfolder_reads_the_sessions_of_its_project(tmp_path: Path) -> None:
    layout = make_layout(tmp_path)
    (layout.project / ".git").mkdir()
    deep = layout.project / "src" / "deep"
    deep.mkdir(parents=True)
    said_at = datetime(2026, 7, 2, 9, 0, tzinfo=UTC)
    # Claude Code files a session under the folder it was started in: the project's root
    build = TranscriptBuilder(cwd=str(layout.project), start=said_at)
    build.user("We use postgres 16 for the main database.").assistant("Noted.")
    build.write(layout.sessions_dir)
    build = TranscriptBuilder(cwd=str(deep), start=said_at)
    build.user("Our CI runs on Buildkite.").assistant("Noted.")
    build.write(layout.sessions_dir)
    env = layout.env(AUTODREAM_NOW=DREAM_AT)

    status = CliRunner().invoke(cli, ["status", "--project", str(deep)], env=env)
    dreamt = CliRunner().invoke(cli, ["--force", "--project", str(deep)], env=env)
    # was: 'note: no transcripts in ...-src-deep', 'no-change: local engine, 0 sessions read'
    assert f"sessions_dir: {layout.sessions_dir}\n" in status.output, status.output
    assert dreamt.exit_code == 0 and "2 sessions read" in dreamt.output, dreamt.output
    index = (layout.memory_dir / "MEMORY.md").read_text(encoding="utf-8")
    assert "Postgres 16" in index and "Buildkite" in index, index


def test_a_subfolders_own_sessions_are_read_and_none_past_the_project(tmp_path: Path) -> None:
    home = make_layout(tmp_path).claude_home
    above = (tmp_path / "work").resolve()  # a folder above the project, with sessions of its own
    layout = Layout(above / "proj", home)
    deep = layout.project / "src"
    deep.mkdir(parents=True)
    (layout.project / ".git").mkdir()
    said_at = datetime(2026, 7, 2, 9, 0, tzinfo=UTC)
    TranscriptBuilder(cwd=str(above), start=said_at).user(
        "We deploy on Fridays.").assistant("Noted.").write(Layout(above, home).sessions_dir)
    TranscriptBuilder(cwd=str(deep), start=said_at).user(
        "Our CI runs on Buildkite.").assistant("Noted.").write(Layout(deep, home).sessions_dir)
    env = layout.env(AUTODREAM_NOW=DREAM_AT)

    plain = CliRunner().invoke(cli, ["status", "--project", str(layout.project)], env=env)
    # (its own, though there is none: not the folder above's)
    assert f"sessions_dir: {layout.sessions_dir}\n" in plain.output, plain.output
    dreamt = CliRunner().invoke(cli, ["--force", "--project", str(deep)], env=env)
    assert dreamt.exit_code == 0 and "1 session read" in dreamt.output, dreamt.output
    index = (layout.memory_dir / "MEMORY.md").read_text(encoding="utf-8")
    assert "Buildkite" in index and "Fridays" not in index, index



@pytest.mark.parametrize("root_has_sessions", [False, True])
def test_a_sibling_projects_sessions_named_as_a_subfolder_are_not_read(
        tmp_path: Path, root_has_sessions: bool) -> None:
    home = make_layout(tmp_path).claude_home
    web = Layout((tmp_path / "web").resolve(), home)
    (web.project / ".git").mkdir(parents=True)
    handlers = web.project / "api" / "handlers"
    handlers.mkdir(parents=True)
    sibling = web.project.parent / "web-api"  # another project, its folder named as web/api's
    sibling.mkdir()
    said_at = datetime(2026, 7, 2, 9, 0, tzinfo=UTC)
    TranscriptBuilder(cwd=str(sibling), start=said_at).user(
        "Remember: the web-api service deploys on Fridays, and its staging database is on orion."
    ).assistant("Noted.").write(Layout(sibling, home).sessions_dir)
    assert Layout(sibling, home).sessions_dir == Layout(web.project / "api", home).sessions_dir
    if root_has_sessions:
        TranscriptBuilder(cwd=str(web.project), start=said_at).user(
            "Our CI runs on Buildkite.").assistant("Noted.").write(web.sessions_dir)
    env = web.env(AUTODREAM_NOW=DREAM_AT)

    status = CliRunner().invoke(cli, ["status", "--project", str(handlers)], env=env)
    dreamt = CliRunner().invoke(cli, ["--force", "--project", str(handlers)], env=env)
    # was: sessions_dir the sibling's, '1 session read', Fridays and orion in web's memory
    reads = web.sessions_dir if root_has_sessions else Layout(handlers, home).sessions_dir
    assert f"sessions_dir: {reads}\n" in status.output, status.output
    assert dreamt.exit_code == 0, dreamt.output
    assert f"{int(root_has_sessions)} session" in dreamt.output, dreamt.output
    memory = "".join(p.read_text(encoding="utf-8") for p in web.memory_dir.glob("*.md"))
    # ('orion', no hex: the memory names its sources' session ids, fresh uuid4s, where
    # 'db7' was found 1 run in 200)
    assert "orion" not in memory and "Fridays" not in memory, memory
    assert ("Buildkite" in memory) is root_has_sessions, memory


@pytest.mark.parametrize("started_in", ["x", "../proj-x"])
def test_status_names_the_sessions_of_the_projects_other_folders(
        tmp_path: Path, started_in: str) -> None:
    layout = make_layout(tmp_path)
    (layout.project / ".git").mkdir()
    elsewhere = (layout.project / started_in).resolve()  # '../proj-x': named as 'proj/x' is
    elsewhere.mkdir()
    said_at = datetime(2026, 7, 2, 9, 0, tzinfo=UTC)
    for folder in (layout.project, elsewhere):
        TranscriptBuilder(cwd=str(folder), start=said_at).user("Our CI runs on Buildkite.").write(
            Layout(folder, layout.claude_home).sessions_dir)
    others = Layout(elsewhere, layout.claude_home).sessions_dir
    assert others == Layout(layout.project / "x", layout.claude_home).sessions_dir
    env = layout.env(AUTODREAM_NOW=DREAM_AT)

    status = CliRunner().invoke(cli, ["status", "--project", str(layout.project)], env=env)
    said = CliRunner().invoke(cli, ["status", "--json", "--project", str(layout.project)],
                              env=env)
    listed = json.loads(said.stdout)["other_sessions_dirs"]
    if started_in == "x":
        # was: only 'sessions_dir: <the root's>', the subfolder's sessions never named
        assert (f"\n{'':14}not read from here: {others} (sessions Claude Code started in "
                f"{elsewhere}, for this memory dir too; a dream from here does not read "
                "them)\n") in status.output, status.output
        assert listed == [{"path": str(others), "started_in": str(elsewhere)}], listed
    else:  # another project's, named alike
        assert "not read from here" not in status.output and listed == [], status.output


def test_status_shows_five_other_sessions_folders_and_counts_the_rest(tmp_path: Path) -> None:
    layout = make_layout(tmp_path)
    (layout.project / ".git").mkdir()  # (as a dotfiles repo at ~: every folder below is its)
    said_at = datetime(2026, 7, 2, 9, 0, tzinfo=UTC)
    subfolders = [layout.project / f"scratch{n}" for n in range(7)]
    for folder in subfolders:
        folder.mkdir()
        TranscriptBuilder(cwd=str(folder), start=said_at).user("Our CI runs on Buildkite.").write(
            Layout(folder, layout.claude_home).sessions_dir)
    env = layout.env(AUTODREAM_NOW=DREAM_AT)

    status = CliRunner().invoke(cli, ["status", "--project", str(layout.project)], env=env)
    said = CliRunner().invoke(cli, ["status", "--json", "--project", str(layout.project)],
                              env=env)

    named = [line for line in status.output.splitlines() if "not read from here" in line]
    # was: one line for each of the 7 (300 under a dotfiles repo at ~)
    assert len(named) == 6, status.output
    assert sum("(sessions Claude Code started in " in line for line in named) == 5, named
    assert named[-1] == (f"{'':14}not read from here: 2 more such folders (`autodream status "
                         "--json` lists them all)"), named
    listed = json.loads(said.stdout)["other_sessions_dirs"]
    assert sorted(entry["started_in"] for entry in listed) == sorted(map(str, subfolders))


def test_a_nested_projects_sessions_are_not_this_projects(tmp_path: Path) -> None:
    home = make_layout(tmp_path).claude_home
    outer = Layout((tmp_path / "outer").resolve(), home)
    inner = outer.project / "vendor" / "lib"  # a project of its own inside this one
    (inner / ".git").mkdir(parents=True)
    (outer.project / ".git").mkdir()
    named_alike = outer.project / "vendor-lib" / "src"  # its folder is named as the inner's
    named_alike.mkdir(parents=True)
    said_at = datetime(2026, 7, 2, 9, 0, tzinfo=UTC)
    TranscriptBuilder(cwd=str(inner), start=said_at).user("Our CI runs on Buildkite.").write(
        Layout(inner, home).sessions_dir)
    TranscriptBuilder(cwd=str(outer.project), start=said_at).user("We deploy on Fridays.").write(
        outer.sessions_dir)
    env = outer.env(AUTODREAM_NOW=DREAM_AT)

    status = CliRunner().invoke(cli, ["status", "--project", str(outer.project)], env=env)
    # was: 'not read from here: <...-outer-vendor-lib> (sessions Claude Code started in
    # <outer>/vendor/lib, for this memory dir too; ...)', though that project has its own
    assert "not read from here" not in status.output, status.output
    from_below = CliRunner().invoke(cli, ["status", "--project", str(named_alike)], env=env)
    # was: the inner project's folder, the nearest above named as 'vendor-lib'
    assert f"sessions_dir: {outer.sessions_dir}\n" in from_below.output, from_below.output


def test_a_dream_from_a_subfolder_says_the_roots_new_sessions_go_unread(tmp_path: Path) -> None:
    layout = make_layout(tmp_path)
    (layout.project / ".git").mkdir()
    src = layout.project / "src"
    src.mkdir()
    here = Layout(src, layout.claude_home).sessions_dir

    def said(folder: Path, day: int, text: str) -> None:
        TranscriptBuilder(cwd=str(folder), start=datetime(2026, 7, day, 9, tzinfo=UTC)
                          ).user(text).assistant("Got it, noted.").write(
            Layout(folder, layout.claude_home).sessions_dir)

    said(layout.project, 1, "We use postgres 16 for the main database.")
    first = CliRunner().invoke(cli, ["--force", "--project", str(layout.project)],
                               env=layout.env(AUTODREAM_NOW="2026-07-01T20:00:00+00:00"))
    assert first.exit_code == 0 and "1 session read" in first.output, first.output
    said(layout.project, 2, "Our CI runs on Buildkite.")  # (after that dream: not read yet)
    said(src, 2, "Never edit generated files in src/gen.")
    env = layout.env(AUTODREAM_NOW=DREAM_AT)

    looked = CliRunner().invoke(cli, ["--dry-run", "--force", "--project", str(src)], env=env)
    dreamt = CliRunner().invoke(cli, ["--force", "--project", str(src)], env=env)

    # was: 'committed: local engine, 1 session read', and not a word of the root's session,
    # which no later dream read either (older than this one: 'no-change, 0 sessions read')
    unread = (f"note: not read: 1 session since the last dream in {layout.sessions_dir} "
              f"(started in {layout.project}): a dream reads one sessions folder, and none ")
    assert (unread + "after it would read it unless it changes\n") in looked.output, looked.output
    assert dreamt.exit_code == 0 and "1 session read" in dreamt.output, dreamt.output
    assert (unread + "after this one reads it unless it changes\n") in dreamt.output, dreamt.output
    # was: '... from here <src's folder>; ...; a dream from <root> reads it' (it does, and then
    # src's sessions go unread)
    for output in (looked.output, dreamt.output):
        assert str(here) not in output and "a dream from" not in output, output
    index = (layout.memory_dir / "MEMORY.md").read_text(encoding="utf-8")
    assert "src/gen" in index and "Buildkite" not in index, index


@pytest.mark.parametrize("odd", ["\u0000", "\ud800"], ids=["nul", "lone-surrogate"])
def test_a_transcript_whose_cwd_is_no_path_fails_neither_status_nor_the_dream(
        tmp_path: Path, odd: str) -> None:
    layout = make_layout(tmp_path)
    (layout.project / ".git").mkdir()
    TranscriptBuilder(cwd=str(layout.project), start=datetime(2026, 7, 2, 9, tzinfo=UTC)
                      ).user("Our CI runs on Buildkite.").assistant("Got it, noted.").write(
        layout.sessions_dir)
    # a folder named as one of the project's, its transcript's cwd no path a file system has
    named_alike = Layout(layout.project / "foo", layout.claude_home).sessions_dir
    named_alike.mkdir(parents=True)
    (named_alike / "11111111-1111-4111-8111-111111111111.jsonl").write_text(json.dumps(
        {"type": "user", "cwd": f"{layout.project}/foo{odd}",
         "message": {"role": "user", "content": "hi"}}) + "\n", encoding="utf-8")
    env = layout.env(AUTODREAM_NOW=DREAM_AT)

    status = CliRunner().invoke(cli, ["status", "--project", str(layout.project)], env=env)
    dreamt = CliRunner().invoke(cli, ["--force", "--project", str(layout.project)], env=env)
    logged = CliRunner().invoke(cli, ["log", "--project", str(layout.project)], env=env)

    # was: 'ValueError: embedded null byte' (UnicodeEncodeError: 'surrogates not allowed'),
    # exit 1, from status and from every dream after it had committed ('log': committed)
    assert status.exit_code == 0 and "not read from here" not in status.output, status.output
    assert dreamt.exit_code == 0 and "1 session read" in dreamt.output, dreamt.output
    assert "not read" not in dreamt.output, dreamt.output
    assert "committed" in logged.output, logged.output
    assert "Buildkite" in (layout.memory_dir / "MEMORY.md").read_text(encoding="utf-8")


def test_a_note_that_cannot_be_worked_out_drops_the_note_and_keeps_the_dream(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import autodream.pipeline

    def fails(*_args: object) -> list[object]:
        raise RuntimeError("the note failed")

    layout = make_layout(tmp_path)
    (layout.project / ".git").mkdir()
    TranscriptBuilder(cwd=str(layout.project), start=datetime(2026, 7, 2, 9, tzinfo=UTC)
                      ).user("Our CI runs on Buildkite.").assistant("Got it, noted.").write(
        layout.sessions_dir)
    monkeypatch.setattr(autodream.pipeline, "unread_elsewhere", fails)
    env = layout.env(AUTODREAM_NOW=DREAM_AT)

    dreamt = CliRunner().invoke(cli, ["--force", "--project", str(layout.project)], env=env)
    logged = CliRunner().invoke(cli, ["log", "--project", str(layout.project)], env=env)

    # was: exit 1 and nothing dreamt (the note, advice only, failed the whole dream)
    assert dreamt.exit_code == 0 and "1 session read" in dreamt.output, dreamt.output
    assert "not read" not in dreamt.output and "Traceback" not in dreamt.output, dreamt.output
    assert "note: could not count the sessions in other sessions folders" in dreamt.output
    assert "committed" in logged.output, logged.output
    assert "Buildkite" in (layout.memory_dir / "MEMORY.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("newest", ["subfolder", "sibling"])
def test_the_unread_note_counts_no_sibling_projects_sessions_named_alike(
        tmp_path: Path, newest: str) -> None:
    home = make_layout(tmp_path).claude_home
    web = Layout((tmp_path / "web").resolve(), home)
    (web.project / ".git").mkdir(parents=True)
    api = web.project / "api"
    api.mkdir()
    sibling = web.project.parent / "web-api"  # another project, its folder named as web/api's
    (sibling / ".git").mkdir(parents=True)
    named_alike = Layout(api, home).sessions_dir
    assert named_alike == Layout(sibling, home).sessions_dir

    def said(folder: Path, hour: int, text: str) -> None:
        TranscriptBuilder(cwd=str(folder), start=datetime(2026, 7, 2, hour, tzinfo=UTC)
                          ).user(text).assistant("Got it, noted.").write(
            Layout(folder, home).sessions_dir)

    said(web.project, 8, "Our CI runs on Buildkite.")
    said(sibling, 9, "The web-api service deploys on Fridays.")
    said(sibling, 10, "The web-api service keeps its logs for a week.")
    said(api, 11 if newest == "subfolder" else 7, "Never edit generated files in api/gen.")
    env = web.env(AUTODREAM_NOW=DREAM_AT)

    dreamt = CliRunner().invoke(cli, ["--force", "--project", str(web.project)], env=env)

    # was: 'not read: 3 sessions ...' with web/api's the newest (the folder taken as web's by
    # it, the sibling's 2 counted too), and no note at all with the sibling's the newest
    noted = [line for line in dreamt.output.splitlines() if "not read" in line]
    assert dreamt.exit_code == 0 and len(noted) == 1, dreamt.output
    assert "not read: 1 session " in noted[0] and f" {named_alike} " in noted[0], noted
    assert f"(started in {api})" in noted[0], noted


def test_the_unread_note_names_the_most_sessions_first_and_sums_the_rest(tmp_path: Path) -> None:
    layout = make_layout(tmp_path)
    (layout.project / ".git").mkdir()
    TranscriptBuilder(cwd=str(layout.project), start=datetime(2026, 7, 2, 8, tzinfo=UTC)
                      ).user("Our CI runs on Buildkite.").assistant("Got it, noted.").write(
        layout.sessions_dir)
    subfolders = [layout.project / f"scratch{n}" for n in range(7)]
    for n, folder in enumerate(subfolders):  # scratch0 holds 1 session, scratch6 holds 7
        folder.mkdir()
        for minute in range(n + 1):
            TranscriptBuilder(cwd=str(folder),
                              start=datetime(2026, 7, 2, 9, minute, tzinfo=UTC)).user(
                f"Scratch note {n}-{minute}.").write(
                Layout(folder, layout.claude_home).sessions_dir)
    env = layout.env(AUTODREAM_NOW=DREAM_AT)

    dreamt = CliRunner().invoke(cli, ["--force", "--project", str(layout.project)], env=env)

    noted = [line for line in dreamt.output.splitlines() if "not read" in line]
    # was: the first 5 by name (scratch0..4, 1 to 5 sessions), each 'touched since the last
    # dream' though there was none, and 'not read: sessions in 2 more such folders'
    assert dreamt.exit_code == 0 and len(noted) == 6, dreamt.output
    for line, n in zip(noted[:5], (6, 5, 4, 3, 2), strict=True):
        sessions = Layout(subfolders[n], layout.claude_home).sessions_dir
        assert line.startswith(f"note: not read: {n + 1} sessions in {sessions} (started in "
                               f"{subfolders[n]}): "), noted
    # (and no '(`autodream status --json` lists the folders)': it may list none of them)
    assert noted[-1] == "note: not read: and 2 more folders with 3 sessions", noted


def test_the_unread_note_reads_a_few_kb_of_each_transcript_for_its_cwd(tmp_path: Path) -> None:
    layout = make_layout(tmp_path)
    (layout.project / ".git").mkdir()
    TranscriptBuilder(cwd=str(layout.project), start=datetime(2026, 7, 2, 8, tzinfo=UTC)
                      ).user("Our CI runs on Buildkite.").assistant("Got it, noted.").write(
        layout.sessions_dir)
    foo = layout.project / "foo"
    foo.mkdir()
    folder = Layout(foo, layout.claude_home).sessions_dir
    folder.mkdir(parents=True)

    def record(cwd: str, said: str = "hi") -> str:
        return json.dumps({"type": "user", "cwd": cwd,
                           "message": {"role": "user", "content": said}}) + "\n"

    pad = json.dumps({"type": "summary", "summary": "x" * 90}) + "\n"
    heads = {  # each a session started in foo, as its transcript may say it
        "1": record(str(foo), "a long first ask " * 8_000),  # 136 KB: its cwd is in the first KB
        "2": pad * 500 + record(str(foo)),  # 62 KB of lines without a cwd first
        "3": record(str(foo) + "/a" * 30_000),  # no path anyone starts a session in
    }
    for n, head in heads.items():
        (folder / f"{n * 8}-1111-4111-8111-111111111111.jsonl").write_text(head, encoding="utf-8")
    env = layout.env(AUTODREAM_NOW=DREAM_AT)

    dreamt = CliRunner().invoke(cli, ["--force", "--project", str(layout.project)], env=env)

    noted = [line for line in dreamt.output.splitlines() if "not read" in line]
    # was: 'not read: 2 sessions' (62 KB read of each transcript and parsed line by line, the
    # 60,000-char cwd taken as foo's after seconds of realpath; the long first record not read)
    assert dreamt.exit_code == 0 and len(noted) == 1, dreamt.output
    assert noted[0].startswith(f"note: not read: 1 session in {folder} (started in {foo}): ")


def test_a_cwd_at_the_head_of_a_deep_link_chain_fails_neither_status_nor_the_dream(
        tmp_path: Path) -> None:
    layout = make_layout(tmp_path)
    (layout.project / ".git").mkdir()
    (layout.project / "foo").mkdir()
    TranscriptBuilder(cwd=str(layout.project), start=datetime(2026, 7, 2, 9, tzinfo=UTC)
                      ).user("Our CI runs on Buildkite.").assistant("Got it, noted.").write(
        layout.sessions_dir)
    links = 1_200  # deeper than Python's recursion limit, which realpath recurses by
    for n in range(links):
        (layout.project / f"l{n}").symlink_to(f"l{n + 1}")
    (layout.project / f"l{links}").symlink_to("foo")
    named_alike = Layout(layout.project / "l0", layout.claude_home).sessions_dir
    named_alike.mkdir(parents=True)
    (named_alike / "11111111-1111-4111-8111-111111111111.jsonl").write_text(json.dumps(
        {"type": "user", "cwd": str(layout.project / "l0"),
         "message": {"role": "user", "content": "hi"}}) + "\n", encoding="utf-8")
    env = layout.env(AUTODREAM_NOW=DREAM_AT)

    status = CliRunner().invoke(cli, ["status", "--project", str(layout.project)], env=env)
    dreamt = CliRunner().invoke(cli, ["--force", "--project", str(layout.project)], env=env)

    # was: 'RecursionError: maximum recursion depth exceeded', exit 1, from status (on main
    # too); the dream committed, its note on other folders dropped ('could not count ...')
    assert status.exit_code == 0 and "not read from here" not in status.output, status.output
    assert dreamt.exit_code == 0 and "1 session read" in dreamt.output, dreamt.output
    assert "not read" not in dreamt.output and "could not count" not in dreamt.output


@pytest.mark.parametrize(("head", "cwd"), [
    ('{"type": "user", "cwd": "/x/web/foo", "message": {"content": "', "/x/web/foo"),
    ('{"cwd" :\t"/x/w\\"eb", "message": "', '/x/w"eb'),
    ('{"type": "user", "cwd": "/x/web/fo', None),  # cut inside the cwd
    ('{"type": "user", "cwd""/x/web/foo", "message": "', None),  # no key: no JSON at all
    ('{"type": "user", "name": "cwd", "x": "/x/web/foo", "message": "', None),
], ids=["cwd-first", "escaped-quote", "cut-in-the-cwd", "no-colon", "cwd-a-value"])
def test_a_first_record_cut_at_the_probes_end_gives_the_cwd_it_holds(
        tmp_path: Path, head: str, cwd: str | None) -> None:
    from autodream.config import CWD_COUNT_PROBE_BYTES, CWD_COUNT_PROBE_LINES, transcript_cwd

    transcript = tmp_path / "11111111-1111-4111-8111-111111111111.jsonl"
    transcript.write_text(head + "a long first ask " * 8_000 + '"}}\n', encoding="utf-8")

    # was: '/x/web/foo' from '"cwd""/x/web/foo"', which is no key and its value
    assert transcript_cwd(str(transcript), CWD_COUNT_PROBE_BYTES, CWD_COUNT_PROBE_LINES) == cwd
