"""The local backend end to end: real transcripts on disk, a real ToolBox, the real driver."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from autodream.agent import Budgets, DreamBrief, ToolCall, ToolResult, drive
from autodream.backends.local import LocalBackend
from autodream.engine import EngineOptions
from autodream.errors import DreamFailed
from autodream.memory.checks import check_staged
from autodream.memory.model import index_notes, parse_index, parse_topic
from autodream.settings import Settings
from autodream.tools import ToolBox, ToolLimits
from tests.factories import REPO_ROOT, TranscriptBuilder
from tests.local_dream import LocalDream, memory_text

NOW = datetime(2026, 7, 20, 9, 0, tzinfo=UTC)
DAY0 = datetime(2026, 7, 6, 9, 0, tzinfo=UTC)  # a Monday


def _write_topic(memory: Path, name: str, text: str) -> None:
    (memory / name).write_text(text, encoding="utf-8")


@pytest.fixture
def dream(tmp_path: Path) -> LocalDream:
    memory = tmp_path / "memory"
    sessions = tmp_path / "sessions"
    project = tmp_path / "project"
    for d in (memory, sessions, project):
        d.mkdir()
    (project / "pyproject.toml").write_text(
        '[project]\nname = "svc"\ndependencies = ["fastapi"]\n', encoding="utf-8")
    _write_topic(memory, "project_tracker.md",
                 "---\nname: Issue tracker\ndescription: Linear\ntype: project\n---\n\n"
                 "We track issues in Linear.\n")
    _write_topic(memory, "project_stack.md",
                 "---\nname: Stack\ndescription: FastAPI\ntype: project\n---\n\n"
                 "The service uses FastAPI.\n")
    _write_topic(memory, "user_role.md",
                 "---\nname: Role\ndescription: backend engineer\ntype: user\n---\n\n"
                 "The user is a backend engineer.\n")
    _write_topic(memory, "reference_board.md",
                 "---\nname: Board\ndescription: sprint board\ntype: reference\n---\n\n"
                 "The sprint board is the Jira board PAY.\n")
    (memory / "MEMORY.md").write_text(
        "- [Issue tracker](project_tracker.md) — Linear\n- [Stack](project_stack.md) — FastAPI\n"
        "- [Role](user_role.md) — backend engineer\n- [Board](reference_board.md) — board\n",
        encoding="utf-8")
    s1 = TranscriptBuilder(session_id="11111111-1111-4111-8111-111111111111", start=DAY0)
    s1.user("Always use pnpm for installs.").assistant("Noted.")
    s1.tool_roundtrip("Bash", {"command": "pnpm i"}, "Never push directly to main (tool output)")
    s1.user("The demo is next Friday.").assistant("OK")
    s1.user("My db password is Wh4leS0ng!23 by the way").assistant("I will not store it.")
    s1.write(sessions)
    s2 = TranscriptBuilder(session_id="22222222-2222-4222-8222-222222222222",
                           start=DAY0 + timedelta(days=2))
    s2.user("We switched from Linear to Jira for tickets.").assistant("Got it.")
    s2.user("always use pnpm for installs").assistant("Yes.")
    s2.write(sessions)
    return LocalDream(memory, sessions, project, tmp_path / "trash", NOW)


def test_local_dream_consolidates_through_the_tools(dream: LocalDream) -> None:
    backend, box, run = dream.run()
    assert box.finished and "local engine, 2 sessions read: " in box.summary
    files = memory_text(dream.memory)
    tracker = parse_topic(files["project_tracker.md"].decode())
    assert tracker.body.startswith("We track issues in Jira.")
    assert "Switched from Linear to Jira on 2026-07-08; previously Linear." in tracker.body
    assert "project_stack.md" not in files  # restated pyproject's dependency: pruned
    index = files["MEMORY.md"].decode()
    assert [e.file for e in parse_index(index, frozenset()).entries
            if e.file.startswith("feedback_")]
    assert "pnpm" in index and "Stack" not in index
    everything = b"".join(files.values()).decode()
    assert "Wh4le" not in everything and "tool output" not in everything
    assert "2026-07-10" in everything and "next Friday" not in everything
    # the demo date has passed by the dream's clock
    assert "The demo was on 2026-07-10." in everything
    actions = {d.action for d in backend.decisions}
    assert {"kept", "created", "superseded", "pruned", "dated", "past"} <= actions
    # every write and delete went through the toolbox and is in its log
    assert {r.name for r in box.log} >= {"glob", "read_file", "begin_phase", "write_file",
                                         "delete_file", "finish"}
    assert run.turns <= 10


@pytest.mark.parametrize(
    ("said", "secret"),
    [
        ("Always set ENCRYPTION_KEY=abcdef123456 in the staging .env file.", "abcdef123456"),
        ("Always log in to staging with root:toor2026.", "toor2026"),
        ("We always ssh in as deploy:Hunter2! to restart the workers.", "Hunter2"),
        ("Remember the admin password for grafana is BlueMonkey7 btw.", "BlueMonkey7"),
    ],
)
def test_a_secret_said_in_a_session_reaches_no_memory_file(
    dream: LocalDream, said: str, secret: str
) -> None:
    # each was written into a memory (in its body, and its file name from the words:
    # "feedback_always-set-encryption-key-abcdef123456.md"); the rest of the session still is
    s3 = TranscriptBuilder(session_id="33333333-3333-4333-8333-333333333333",
                           start=DAY0 + timedelta(days=3))
    s3.user(said).assistant("OK.")
    s3.user("Always run ruff before committing.").assistant("OK.")
    s3.write(dream.sessions)
    dream.run()
    files = memory_text(dream.memory)
    everything = "".join(files) + b"".join(files.values()).decode()
    assert secret.lower() not in everything.lower()
    assert "Always run ruff before committing." in everything


def test_same_inputs_and_clock_give_identical_bytes(dream: LocalDream, tmp_path: Path) -> None:
    import shutil
    original = tmp_path / "memory-original"
    shutil.copytree(dream.memory, original)
    dream.run()
    first = memory_text(dream.memory)
    shutil.rmtree(dream.memory)
    shutil.copytree(original, dream.memory)
    dream.trash = tmp_path / "trash2"
    dream.run()
    assert memory_text(dream.memory) == first


def test_second_dream_with_nothing_new_changes_nothing(dream: LocalDream) -> None:
    backend, _box, _ = dream.run()
    after_first = memory_text(dream.memory)
    offsets = backend.report.end_offsets
    dream.start_offsets = dict(offsets)
    dream.trash = dream.trash.with_name("trash-2")
    backend2, box2, _ = dream.run()
    assert memory_text(dream.memory) == after_first
    assert not [r for r in box2.log if r.name in ("write_file", "delete_file")]
    assert backend2.report.bytes_read == 0


def test_incremental_offsets_read_only_what_is_new(dream: LocalDream) -> None:
    backend, _, _ = dream.run()
    dream.start_offsets = dict(backend.report.end_offsets)
    s3 = TranscriptBuilder(session_id="33333333-3333-4333-8333-333333333333",
                           start=DAY0 + timedelta(days=9))
    s3.user("We moved back to Linear.").assistant("OK")
    s3.write(dream.sessions)
    dream.trash = dream.trash.with_name("trash-3")
    backend2, _, _ = dream.run()
    assert backend2.report.sessions == 3
    assert backend2.report.bytes_read == (dream.sessions / f"{s3.session_id}.jsonl").stat().st_size
    body = parse_topic(memory_text(dream.memory)["project_tracker.md"].decode()).body
    assert body.startswith("We track issues in Linear.")
    assert "Switched back from Jira to Linear on 2026-07-15; previously Jira." in body


def test_refused_write_is_recorded_and_left_out_of_the_index(
    dream: LocalDream, monkeypatch: pytest.MonkeyPatch
) -> None:
    from autodream.tools import ToolBox

    real_call = ToolBox.call

    def refusing(self: ToolBox, call: ToolCall) -> ToolResult:
        if call.name == "write_file" and "feedback_" in str(call.input.get("path")):
            return ToolResult(call.id, "refused: not today", is_error=True)
        return real_call(self, call)

    monkeypatch.setattr(ToolBox, "call", refusing)
    backend, box, _ = dream.run()
    assert box.finished
    refused = [d for d in backend.decisions if d.action == "refused"]
    assert refused and all(d.file and d.file.startswith("feedback_") for d in refused)
    files = memory_text(dream.memory)
    links = [e.file for e in parse_index(files["MEMORY.md"].decode(), frozenset()).entries]
    assert links and all(link in files for link in links)
    assert "project_tracker.md" in links


def _refuse_writes(monkeypatch: pytest.MonkeyPatch, refused: Callable[[str], bool]) -> None:
    """The toolbox refuses each write whose memory path ``refused`` picks, as it refuses one
    over max_write_bytes."""
    real_call = ToolBox.call

    def call(self: ToolBox, call: ToolCall) -> ToolResult:
        path = str(call.input.get("path", "")).removeprefix("memory/")
        if call.name == "write_file" and refused(path):
            return ToolResult(call.id, f"refused: memory/{path}: 900 bytes is over the 300-byte "
                              "limit for one memory file (max_write_bytes)", is_error=True)
        return real_call(self, call)

    monkeypatch.setattr(ToolBox, "call", call)


@pytest.fixture
def sample_memory(tmp_path: Path) -> LocalDream:
    """The sample project's memory (pr_review.md merges into small_prs.md) and a note written in
    its MEMORY.md that says what small_prs.md says, with no sessions."""
    memory, sessions = tmp_path / "memory", tmp_path / "sessions"
    shutil.copytree(REPO_ROOT / "sample_project" / "memory", memory)
    sessions.mkdir()
    with (memory / "MEMORY.md").open("a", encoding="utf-8") as index:
        index.write("- Keep pull requests under about 300 lines.\n"
                    "- Deploys need a green build and a second reviewer.\n")
    return LocalDream(memory, sessions, None, tmp_path / "trash", NOW)


def _links_resolve(memory: Path) -> list[str]:
    index = (memory / "MEMORY.md").read_text(encoding="utf-8")
    return [e.file for e in parse_index(index, frozenset()).entries
            if not (memory / e.file).is_file()]


@pytest.mark.parametrize(
    ("refused", "kept"),
    [("small_prs.md", {"small_prs.md", "pr_review.md"}), ("project_", set()),
     ("release_0_2.md", {"release_0_2.md"})],
    ids=["merged-into", "note-moved", "dated"],
)
def test_a_refused_write_leaves_an_index_of_files_that_are_there_and_loses_no_note(
    sample_memory: LocalDream, monkeypatch: pytest.MonkeyPatch, refused: str, kept: set[str]
) -> None:
    # small_prs.md refused: pr_review.md and the first note (merged into it) were deleted all
    # the same, and lost; a note whose own file was refused left MEMORY.md for nowhere. Now
    # each stays as it was, and the index links only what is there.
    before = memory_text(sample_memory.memory)
    prior = before["MEMORY.md"].decode()
    _refuse_writes(monkeypatch, lambda path: path.startswith(refused))
    backend, box, _ = sample_memory.run()
    assert box.finished
    after = memory_text(sample_memory.memory)
    assert {f for f in before if after.get(f) == before[f]} >= kept
    assert _links_resolve(sample_memory.memory) == []
    index = after["MEMORY.md"].decode()
    waiting = [n.text for n in index_notes(index)]
    everything = b"".join(after.values()).decode()
    for note in ("Keep pull requests under about 300 lines.",
                 "Deploys need a green build and a second reviewer."):
        assert note in everything  # in a topic file, or still in MEMORY.md as written
    for waits in waiting:
        assert any(d.action == "kept" and "could not be written" in d.reason
                   and d.subject == waits for d in backend.decisions)
    refusals = [d for d in backend.decisions if d.action == "refused"]
    assert refusals and all(d.file and d.file.startswith(refused) for d in refusals)
    assert not [d for d in backend.decisions if d.action in ("created", "merged", "dated")
                and d.file in {r.file for r in refusals}]  # never said as done
    report = check_staged(sample_memory.memory, prior, existed=frozenset(before))
    assert report.failures == [], report.failures


def test_a_refused_index_write_fails_the_dream_when_the_old_index_would_not_fit(
    sample_memory: LocalDream, monkeypatch: pytest.MonkeyPatch
) -> None:
    # pr_review.md is merged away: the index as it was would link it
    _refuse_writes(monkeypatch, lambda path: path == "MEMORY.md")
    with pytest.raises(DreamFailed, match=r"MEMORY.md could not be written \(refused: "):
        sample_memory.run()


@pytest.mark.parametrize("refused", ["notes_waiting.md", "project_"])
def test_notes_that_wait_in_their_file_are_never_lost_to_a_refused_write(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, refused: str
) -> None:
    # 230 notes, 5 files a dream: MEMORY.md holds 198 of those that wait, notes_waiting.md
    # the rest. That file refused, they would be nowhere: the dream fails and changes nothing.
    # A note's own file refused, it waits where it was.
    memory, sessions = tmp_path / "memory", tmp_path / "sessions"
    memory.mkdir()
    sessions.mkdir()
    notes = [f"The service number {i} runs on port {8000 + i}." for i in range(230)]
    (memory / "MEMORY.md").write_text("".join(f"- {n}\n" for n in notes), encoding="utf-8")
    dream = LocalDream(memory, sessions, None, tmp_path / "trash", NOW,
                       options=EngineOptions(max_files_touched=5))
    _refuse_writes(monkeypatch, lambda path: path.startswith(refused))
    if refused == "notes_waiting.md":
        with pytest.raises(DreamFailed, match=r"notes_waiting\.md could not be written .*would "
                                              r"be lost; the dream changed nothing"):
            dream.run()
        return
    prior = (memory / "MEMORY.md").read_text(encoding="utf-8")
    _, box, _ = dream.run()
    assert box.finished
    texts = "\n".join(p.read_text(encoding="utf-8") for p in memory.glob("*.md"))
    assert all(n in texts for n in notes)
    assert not [p for p in memory.glob("project_*.md")]
    assert len(index_notes((memory / "MEMORY.md").read_text(encoding="utf-8"))) == 198
    report = check_staged(memory, prior, existed=frozenset({"MEMORY.md"}))
    assert report.failures == [], report.failures


@pytest.mark.parametrize(("names", "cap"), [
    (["a.md", "ab.md", "abc.md", "abd.md", "a-b.md", "a b.md", "a!b.md", "a]b.md",
     "a[b].md", "a*b.md", "a^b.md", "a[!b.md", "zz.md", "sub/a.md", "sub/ab.md"], 2),
    # alike at the start, asked again by the characters at their end
    (["n.md", "n-.md", "n-a.md", "n-b.md", "n-ba.md", "n-*.md", "n-?.md", "n-!.md", "n--.md",
     "n-^.md", "n-xa.md", "n-a?.md", "n-*!.md", "n-a b.md", "x-.md", "xa.md", "sub/n-a.md",
     "sub/n-ba.md", "sub/n.md"], 4),
], ids=["by-start", "by-end"])
def test_every_memory_file_is_read_however_few_paths_one_glob_lists(
        tmp_path: Path, names: list[str], cap: int) -> None:
    # glob lists at most max_glob_results paths: the engine asks again by the next character
    # of the names, and misses none, whatever characters they hold
    memory, sessions = tmp_path / "memory", tmp_path / "sessions"
    sessions.mkdir()
    for i, name in enumerate(names):
        (memory / name).parent.mkdir(parents=True, exist_ok=True)
        _write_topic(memory, name, f"---\nname: Fact {i}\ndescription: fact {i}\n"
                                   f"type: project\n---\n\nThe build number is {i}.\n")
    (memory / "MEMORY.md").write_text("", encoding="utf-8")
    dream = LocalDream(memory, sessions, None, tmp_path / "trash", NOW)
    backend, box, _ = dream.run(limits=ToolLimits(max_read_bytes=None, max_glob_results=cap))
    assert box.finished and backend.plan is not None
    assert sorted(e.file for e in backend.plan.entries) == sorted(names)
    globs = [r for r in box.log if r.name == "glob"]
    assert len(globs) > 3  # it did have to ask again


def test_names_alike_at_the_start_are_listed_in_a_few_globs(tmp_path: Path) -> None:
    # 60 files 'feedback_use-the-rule-numbered-NN.md', ten listed by one glob: the engine
    # asked again one character of 'feedback_use-the-rule-numbered-' at a time (~100 globs,
    # each walking every file; a memory of 5,000 such files took minutes to list)
    memory, sessions = tmp_path / "memory", tmp_path / "sessions"
    sessions.mkdir()
    memory.mkdir()
    names = [f"feedback_use-the-rule-numbered-{i:02d}.md" for i in range(60)]
    for i, name in enumerate(names):
        _write_topic(memory, name, f"---\nname: Rule {i}\ndescription: rule {i}\n"
                                   f"type: feedback\n---\n\nUse the rule numbered {i}.\n")
    (memory / "MEMORY.md").write_text("", encoding="utf-8")
    dream = LocalDream(memory, sessions, None, tmp_path / "trash", NOW)
    backend, box, _ = dream.run(limits=ToolLimits(max_read_bytes=None, max_glob_results=10))
    assert box.finished and backend.plan is not None
    assert sorted(e.file for e in backend.plan.entries) == names
    assert len([r for r in box.log if r.name == "glob"]) <= 20


def test_unreadable_session_is_skipped_not_fatal(dream: LocalDream) -> None:
    gone = dream.sessions / "44444444-4444-4444-8444-444444444444.jsonl"
    gone.write_text("", encoding="utf-8")
    gone.unlink()
    backend, box, _ = dream.run(missing=[f"sessions/{gone.name}"])
    assert box.finished
    skipped = [d for d in backend.decisions if d.action == "skipped"]
    assert [d.subject for d in skipped] == [f"sessions/{gone.name}"]
    assert backend.report.sessions == 2 and backend.report.sessions_skipped == 1


def test_backend_over_a_scripted_toolrunner_records_refused_reads() -> None:
    class Runner:
        finished = False

        def specs(self) -> list:  # type: ignore[type-arg]
            return []

        def call(self, call):  # type: ignore[no-untyped-def]
            if call.name == "glob":
                return ToolResult(call.id, "memory/MEMORY.md\nmemory/user_x.md")
            if call.name == "read_file":
                return ToolResult(call.id, "refused: nope", is_error=True)
            if call.name == "finish":
                self.finished = True
            return ToolResult(call.id, "ok")

    backend = LocalBackend(None, None, open_stream=None)
    runner = Runner()
    drive(backend, runner, DreamBrief(run_id="x", now=NOW, sessions=[]), Budgets())
    assert runner.finished
    assert [d.subject for d in backend.decisions if d.action == "refused"] == [
        "memory/MEMORY.md", "memory/user_x.md"]


@pytest.mark.parametrize(("date_order", "lead"), [
    # the setting reads a day either way round that the person's own dates do not settle
    ("dmy", "The Acme launch is 2026-12-04."),
    ("mdy", "The Acme launch is 2027-04-12."),
    # with none, kept as written, not dropped (it was) nor guessed
    ("auto", "The Acme launch is 04/12."),
])
def test_the_date_order_setting_reads_a_day_either_way_round(
        tmp_path: Path, date_order: str, lead: str) -> None:
    memory, sessions = tmp_path / "memory", tmp_path / "sessions"
    for d in (memory, sessions):
        d.mkdir()
    (memory / "MEMORY.md").write_text("", encoding="utf-8")
    s1 = TranscriptBuilder(session_id="11111111-1111-4111-8111-111111111111", start=DAY0)
    s1.user("The Acme launch is 04/12.").assistant("Noted.")
    s1.write(sessions)
    settings = Settings(project_root=tmp_path, memory_dir=memory, sessions_dir=sessions,
                        date_order=date_order)
    LocalDream(memory, sessions, None, tmp_path / "trash", NOW, settings=settings).run()
    leads = [parse_topic(t.decode()).body.split("\n", 1)[0]
             for f, t in memory_text(memory).items() if f != "MEMORY.md"]
    assert leads == [lead]
