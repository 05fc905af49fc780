"""One-off plans long gone by leave MEMORY.md: after a month of daily dreams, a dream months
later listed July's demo, release and client meeting one index line each, stale to an agent
reading memory then and crowding out the rules in force. A dream now moves each plan whose day
is more than 30 days before its clock into one file of past events (a dated line each, its
words and Why kept), listed once; a recurring rule, a deadline still ahead and a plan only
lately passed stay where they are, and undo brings the moved files back."""

from __future__ import annotations

import shutil
from datetime import UTC, datetime
from pathlib import Path

import pytest

from autodream.engine import plan_dream
from autodream.engine.entries import Entry
from autodream.engine.model import Decision, EngineOptions
from autodream.engine.past_events import event_stand_ins, forget_events
from tests.factories import LEAST_GATES, TranscriptBuilder, project_dirs, run_cli, say_on_day

PAST = "project_past-events.md"


def _month(root: Path) -> Path:
    """A project told plans and rules on July days, a dream each evening."""
    project_dirs(root, LEAST_GATES)
    said = {
        3: "We will ship version 2.0 on 2026-07-10.",
        14: "The demo for the client is on 2026-07-15.",
        15: "Remember: deploys happen only on Tuesdays.",
        18: "The 2.1 release is on 2026-08-01.",
        19: "The contract deadline is 2026-12-01.",
        20: "The offsite is on 2026-08-20 because the team wants to plan Q4.",
    }
    for day, text in said.items():
        say_on_day(root, day, text)
        run_cli(root, "--force", now=f"2026-07-{day:02d}T20:00:00+00:00")
    return root


def _dated(line: str) -> bool:
    """A line of the file of past events (not of its frontmatter's sources)."""
    return line.startswith("- 2026-") and line[12:14] == ": "


def _files(memory: Path) -> dict[str, str]:
    return {p.name: p.read_text(encoding="utf-8") for p in sorted(memory.iterdir())
            if p.is_file() and not p.name.startswith(".")}


def test_plans_more_than_30_days_past_move_to_one_file_listed_once(tmp_path: Path) -> None:
    root = _month(tmp_path / "proj")
    memory = root / "memory"
    before = _files(memory)
    moved = sorted(f for f, text in before.items() if f != "MEMORY.md" and (
                   "version 2.0" in text or "demo for the client" in text
                   or "2.1 release" in text))
    assert len(moved) == 3, sorted(before)
    run_cli(root, "--force", now="2026-09-05T20:00:00+00:00")
    after = _files(memory)
    index = after["MEMORY.md"]
    # (one line for the three, what they were gone from the index and the memory dir)
    assert index.count(f"]({PAST})") == 1, index
    assert "[Past events](" in index and "3 one-off events, 2026-07-10 to 2026-08-01" in index
    for gone in moved:
        assert gone not in after and f"({gone})" not in index
    for said in ("2.0", "demo", "2.1 release"):
        assert said not in index, index
    # (oldest first, each dated, in the past words the engine told them in, with its Why)
    lines = [line for line in after[PAST].splitlines() if _dated(line)]
    assert lines == [
        "- 2026-07-10: We planned to ship version 2.0 on 2026-07-10. "
        "Why: Plan stated on 2026-07-03.",
        "- 2026-07-15: The demo for the client was on 2026-07-15. "
        "Why: Plan stated on 2026-07-14.",
        "- 2026-08-01: The 2.1 release was on 2026-08-01. Why: Plan stated on 2026-07-18.",
    ], after[PAST]
    assert "type: project" in after[PAST] and "name: Past events" in after[PAST]
    # (the sessions they were said in, and the files they came from)
    for name in moved:
        for source in [line[2:] for line in before[name].splitlines()
                       if line.startswith("- 2026-07-")]:
            assert f"- {source}\n" in after[PAST], (source, after[PAST])
        assert f"- {name}\n" in after[PAST]
    # a rule, a deadline ahead and a plan 16 days past keep their own file and line
    for kept in ("Tuesdays", "contract deadline", "offsite"):
        assert kept in index, (kept, index)
    offsite = next(text for text in after.values() if "offsite" in text and "Past" not in text)
    assert "The team wants to plan Q4" in offsite
    # DREAMS.md tells which moved and why
    diary = (memory / ".autodream" / "DREAMS.md").read_text(encoding="utf-8")
    for name in moved:
        assert f"{name} -> {PAST}" in diary
    assert "a one-off event of 2026-07-15, before 2026-08-06 (30 days before 2026-09-05)" \
        in diary
    # (the release, told as past and moved in this dream: the file of past events was not the
    # one told as past, review rev196)
    told = [line for line in diary.splitlines() if line.startswith("- Told as past")]
    assert any("2.1 release" in line for line in told), diary
    assert not any(PAST in line for line in told), told


def test_a_later_dream_adds_what_passed_since_once_and_an_idle_one_changes_nothing(
        tmp_path: Path) -> None:
    root = _month(tmp_path / "proj")
    memory = root / "memory"
    run_cli(root, "--force", now="2026-09-05T20:00:00+00:00")
    run_cli(root, "--force", now="2026-10-01T20:00:00+00:00")
    text = (memory / PAST).read_text(encoding="utf-8")
    assert "- 2026-08-20: The offsite was on 2026-08-20. Why: The team wants to plan Q4." \
        in text, text
    dated = [line for line in text.splitlines() if _dated(line)]
    assert len(dated) == 4 and dated == sorted(dated) and len(set(dated)) == 4, text
    index = (memory / "MEMORY.md").read_text(encoding="utf-8")
    assert "offsite" not in index and "4 one-off events, 2026-07-10 to 2026-08-20" in index
    assert "Tuesdays" in index and "contract deadline" in index
    before = _files(memory)
    run_cli(root, "--force", now="2026-10-02T20:00:00+00:00")
    run_cli(root, "--force", now="2026-10-30T20:00:00+00:00")  # (the deadline still ahead)
    assert _files(memory) == before


def test_undo_brings_the_moved_plans_back(tmp_path: Path) -> None:
    root = _month(tmp_path / "proj")
    memory = root / "memory"
    before = _files(memory)
    run_cli(root, "--force", now="2026-09-05T20:00:00+00:00")
    assert PAST in _files(memory)
    run_cli(root, "undo", now="2026-09-05T21:00:00+00:00")
    assert _files(memory) == before


def test_a_plan_told_since_to_have_happened_moves_with_what_it_was(tmp_path: Path) -> None:
    root = project_dirs(tmp_path / "proj", LEAST_GATES)
    say_on_day(root, 6, "The payments review with Priya is on 2026-07-08.")
    run_cli(root, "--force", now="2026-07-06T20:00:00+00:00")
    say_on_day(root, 9, "The payments review with Priya happened on 2026-07-08.")
    run_cli(root, "--force", now="2026-07-09T20:00:00+00:00")
    run_cli(root, "--force", now="2026-08-20T20:00:00+00:00")
    files = _files(root / "memory")
    assert sorted(files) == ["MEMORY.md", PAST], sorted(files)
    assert ("- 2026-07-08: The payments review with Priya happened on 2026-07-08. (Updated on "
            "2026-07-09; previously: The payments review with Priya is on 2026-07-08.) Why: "
            "Stated by the user on 2026-07-09.\n") in files[PAST], files[PAST]


def test_a_fact_with_a_past_date_and_a_file_with_a_person_s_own_key_stay(
        tmp_path: Path) -> None:
    root = project_dirs(tmp_path / "proj", LEAST_GATES)
    (root / "memory" / "project_demo.md").write_text(
        "---\nname: The demo\ndescription: the client demo\ntype: project\nowner: dana\n---\n\n"
        "The demo was on 2026-07-08.\n\n**How to apply:** 2026-07-08 has passed; check how it "
        "turned out before relying on it.\n", encoding="utf-8")
    # (a title and description of the person's own go with it word for word)
    (root / "memory" / "project_kickoff.md").write_text(
        "---\nname: Kickoff\ndescription: 'Kickoff with Acme: bring the signed NDA'\n"
        "type: project\n---\n\nThe Acme kickoff was on 2026-07-02.\n\n**How to apply:** 2026-07-02 "
        "has passed; check how it turned out before relying on it.\n", encoding="utf-8")
    say_on_day(root, 6, "Remember: the v1 API was deprecated on 2026-06-01.")
    say_on_day(root, 7, "We moved CI from Jenkins to GitHub Actions on 2026-07-07.")
    say_on_day(root, 8, "The team offsite is on 2026-07-09.")
    run_cli(root, "--force", now="2026-07-08T20:00:00+00:00")
    before = _files(root / "memory")
    run_cli(root, "--force", now="2026-10-01T20:00:00+00:00")
    after = _files(root / "memory")
    # (only the offsite, a plan, moves: the facts and the file the person gave a key of their
    # own, which the file of past events would not keep, stay word for word)
    assert [line for line in after[PAST].splitlines() if _dated(line)] == [
        "- 2026-07-02: The Acme kickoff was on 2026-07-02. Titled: Kickoff Described: Kickoff "
        "with Acme: bring the signed NDA",
        "- 2026-07-09: The team offsite was on 2026-07-09. Why: Plan stated on 2026-07-08."]
    moved = {"project_team-offsite.md", "project_kickoff.md"}
    assert sorted(after) == sorted({*before, PAST} - moved), sorted(after)
    for name in sorted(before):
        if name != "MEMORY.md" and name not in moved:
            assert after[name] == before[name], name



def _passed_plan(name: str, said: str, day: str) -> tuple[str, str]:
    return f"project_{name}.md", (
        f"---\nname: {said}\ndescription: {said}\ntype: project\n---\n\n{said}.\n\n"
        f"**How to apply:** {day} has passed; check how it turned out before relying on it.\n")


def test_past_the_file_budget_the_events_wait_for_the_next_dream() -> None:
    # (the local backend's budget is max_files_touched and every file in memory once, which
    # moving them never passes: the engine's own cap is held all the same)
    files = dict([_passed_plan("demo", "The demo was on 2026-07-02", "2026-07-02"),
                  _passed_plan("offsite", "The offsite was on 2026-07-03", "2026-07-03"),
                  _passed_plan("kickoff", "The kickoff was on 2026-07-01", "2026-07-01"),
                  _passed_plan("review", "The review was on 2026-07-04", "2026-07-04")])
    told = []
    index = None
    for day in (1, 2):
        plan = plan_dream(files, index, [], now=datetime(2026, 9, day, 20, tzinfo=UTC),
                          options=EngineOptions(max_files_touched=4))
        assert len(plan.writes) + len(plan.deletes) + 1 <= 4
        files = {**{f: t for f, t in files.items() if f not in plan.deletes}, **plan.writes}
        index = plan.index
        told.append([line[2:12] for line in files[PAST].splitlines() if _dated(line)])
    # (MEMORY.md and the file of past events leave room for two moves a dream, oldest first)
    assert told == [["2026-07-01", "2026-07-02"],
                    ["2026-07-01", "2026-07-02", "2026-07-03", "2026-07-04"]]


def test_a_file_of_past_events_the_person_wrote_is_never_taken_over(tmp_path: Path) -> None:
    # (review rev196, own.py: their lessons were rewritten as the engine's list of events)
    root = project_dirs(tmp_path / "proj", LEAST_GATES)
    memory = root / "memory"
    mine = ("---\nname: Past events\ndescription: incidents we learned from, read before "
            "touching billing\ntype: project\n---\n\nIn 2025-03 the billing job double-charged "
            "users after a retry storm.\n\nLesson: always make payment calls idempotent.\n")
    (memory / PAST).write_text(mine, encoding="utf-8")
    (memory / "MEMORY.md").write_text(
        f"## Project\n- [Past events]({PAST}) — incidents we learned from, read before touching "
        "billing\n", encoding="utf-8")
    name, text = _passed_plan("offsite", "The offsite was on 2026-08-20", "2026-08-20")
    (memory / name).write_text(text, encoding="utf-8")
    run_cli(root, "--force", now="2026-10-06T18:00:00+00:00")
    after = _files(memory)
    assert after[PAST] == mine
    assert "incidents we learned from, read before touching billing" in after["MEMORY.md"]
    # (the engine's file of past events goes by another name)
    ours = "project_past-events-2.md"
    assert name not in after and "- 2026-08-20: The offsite was on 2026-08-20." in after[ours]
    assert f"]({ours})" in after["MEMORY.md"]


def test_events_are_added_below_what_is_there_and_a_line_written_by_hand_stays(
        tmp_path: Path) -> None:
    root = _month(tmp_path / "proj")
    memory = root / "memory"
    run_cli(root, "--force", now="2026-09-05T20:00:00+00:00")
    demo = ("- 2026-07-15: The demo for the client was on 2026-07-15. "
            "Why: Plan stated on 2026-07-14.\n")
    text = (memory / PAST).read_text(encoding="utf-8")
    # (the person adds a sub-bullet and a note, and words the MEMORY.md line their way)
    edited = text.replace(demo, demo + "  - follow-up: send Acme the invoice\n\nNote from me: "
                          "the 2.0 ship slipped to 2026-07-12.\n")
    assert edited != text
    (memory / PAST).write_text(edited, encoding="utf-8")
    index = (memory / "MEMORY.md").read_text(encoding="utf-8")
    line = next(line for line in index.splitlines() if f"]({PAST})" in line)
    (memory / "MEMORY.md").write_text(index.replace(
        line, f"- [Old July stuff]({PAST}) — ask Dana before citing any of it"),
        encoding="utf-8")
    run_cli(root, "--force", now="2026-10-01T20:00:00+00:00")
    after = (memory / PAST).read_text(encoding="utf-8")
    offsite = "- 2026-08-20: The offsite was on 2026-08-20. Why: The team wants to plan Q4.\n"
    body = edited.split("\n---\n", 1)[1]
    release = next(line for line in body.splitlines() if line.startswith("- 2026-08-01: "))
    # (the one new line under the last one dated, every other line where it was)
    assert after.split("\n---\n", 1)[1] == body.replace(release + "\n",
                                                         release + "\n" + offsite), after
    assert f"- [Old July stuff]({PAST}) — ask Dana before citing any of it\n" in (
        memory / "MEMORY.md").read_text(encoding="utf-8")


# review rev196's plans that start or change a lasting state, hang on another day or were
# called off: none is a finished one-off event, and each moved
_NO_ONE_OFF_EVENT = {  # (what it says, and words of it any retelling keeps)
    "Dana joins the team on 2026-07-13 as tech lead.": "Dana joins the team",
    "The v1 API will be shut down on 2026-07-20, so nothing may call it after that.":
        "v1 API will be shut down",
    "We are migrating the database to Postgres 16 on 2026-07-14.": "migrating the database",
    "The code freeze starts on 2026-07-13.": "code freeze starts",
    "The hiring freeze starts in the week of 2026-07-20.": "hiring freeze starts",
    "The security review is on 2026-07-14, before the launch on 2026-12-22.":
        "before the launch on 2026-12-22",
    "The design review is on 2026-07-16, two weeks before the launch.":
        "two weeks before the launch",
    "We will not ship on 2026-07-10; the release waits for the audit.": "waits for the audit",
    "The demo is not on 2026-07-15 anymore, it is cancelled.": "it is cancelled",
}


def test_a_plan_that_starts_a_lasting_state_or_hangs_on_another_day_stays(
        tmp_path: Path) -> None:
    root = project_dirs(tmp_path / "proj", LEAST_GATES)
    for day, said in enumerate(_NO_ONE_OFF_EVENT, 1):
        say_on_day(root, day, said)
    say_on_day(root, 5, "The offsite is on 2026-07-17.")  # (one that does move)
    # (a file whose description, the person's, names a day still ahead)
    (root / "memory" / "project_board-visit.md").write_text(
        "---\nname: The board visit was on 2026-07-14\ndescription: Board visit to prepare the "
        "launch on 2026-12-22\ntype: project\n---\n\nThe board visit was on 2026-07-14.\n\n"
        "**How to apply:** 2026-07-14 has passed; check how it turned out before relying on "
        "it.\n", encoding="utf-8")
    run_cli(root, "--force", now="2026-07-10T20:00:00+00:00")
    kept = _files(root / "memory")
    run_cli(root, "--force", now="2026-10-14T20:00:00+00:00")
    after = _files(root / "memory")
    moved = [line for line in after[PAST].splitlines() if _dated(line)]
    assert moved == ["- 2026-07-17: The offsite was on 2026-07-17. Why: Plan stated on "
                     "2026-07-05."], after[PAST]
    assert after["project_board-visit.md"] == kept["project_board-visit.md"]
    text = "\n".join(after.values())
    for named in _NO_ONE_OFF_EVENT.values():
        assert named.lower() in text.lower(), (named, sorted(after))
        assert named.lower() not in after[PAST].lower(), named


def test_a_description_and_hook_of_the_person_s_own_go_with_the_event_word_for_word(
        tmp_path: Path) -> None:
    # (review rev196, neg.py: words the line already had, or small ones, were read as saying
    # nothing more, and "No demo after all" was lost with the file)
    root = project_dirs(tmp_path / "proj", LEAST_GATES)
    memory = root / "memory"
    (memory / "project_demo.md").write_text(
        "---\nname: The demo was on 2026-07-08\ndescription: Only the client demo\ntype: "
        "project\n---\n\nThe demo was on 2026-07-08.\n\n**How to apply:** 2026-07-08 has "
        "passed; check how it turned out before relying on it.\n", encoding="utf-8")
    (memory / "MEMORY.md").write_text(
        "## Project\n- [The demo was on 2026-07-08](project_demo.md) — the demo we did for "
        "them\n", encoding="utf-8")
    run_cli(root, "--force", now="2026-10-01T20:00:00+00:00")
    after = _files(memory)
    assert "project_demo.md" not in after
    assert [line for line in after[PAST].splitlines() if _dated(line)] == [
        "- 2026-07-08: The demo was on 2026-07-08. Described: Only the client demo "
        "Listed as: the demo we did for them"], after[PAST]


def _say_at(root: Path, when: datetime, text: str) -> None:
    """A session at ``when`` in which the person says ``text``."""
    TranscriptBuilder(cwd=str(root / "project"), start=when).user(text).assistant(
        "Got it, noted.").write(root / "sessions")


def test_an_event_asked_to_be_forgotten_leaves_the_file_of_past_events(tmp_path: Path) -> None:
    root = _month(tmp_path / "proj")
    memory = root / "memory"
    run_cli(root, "--force", now="2026-09-05T20:00:00+00:00")
    before = _files(memory)
    _say_at(root, datetime(2026, 9, 7, 9, tzinfo=UTC),
            "Please forget what I said about the demo for the client.")
    run_cli(root, "--force", now="2026-09-07T20:00:00+00:00")
    after = _files(memory)
    lines = [line for line in after[PAST].splitlines() if _dated(line)]
    assert [line[:12] for line in lines] == ["- 2026-07-10", "- 2026-08-01"], after[PAST]
    assert "demo" not in after[PAST].split("\n---\n", 1)[1]
    assert "2 one-off events, 2026-07-10 to 2026-08-01" in after["MEMORY.md"]
    diary = (memory / ".autodream" / "DREAMS.md").read_text(encoding="utf-8")
    assert "the line of 2026-07-15 in Past events removed, the rest kept" in diary, diary
    run_cli(root, "undo", now="2026-09-07T21:00:00+00:00")
    assert _files(memory) == before


def test_a_plan_said_again_once_it_moved_is_not_written_twice(tmp_path: Path) -> None:
    # (review rev196, again2: the same demo, said again in October, moved in November as a
    # second line of 2026-07-15)
    root = _month(tmp_path / "proj")
    memory = root / "memory"
    run_cli(root, "--force", now="2026-09-05T20:00:00+00:00")
    _say_at(root, datetime(2026, 9, 7, 9, tzinfo=UTC),
            "The demo for the client is on 2026-07-15.")
    run_cli(root, "--force", now="2026-09-07T20:00:00+00:00")
    run_cli(root, "--force", now="2026-10-20T20:00:00+00:00")
    text = (memory / PAST).read_text(encoding="utf-8")
    assert [line for line in text.splitlines() if _dated(line) and "demo" in line] == [
        "- 2026-07-15: The demo for the client was on 2026-07-15. Why: Plan stated on "
        "2026-07-14."], text
    assert "- 2026-09-07 " in text  # (the session it was said again in)
    assert "demo" not in (memory / "MEMORY.md").read_text(encoding="utf-8")


def _two_demos_of_one_day_moved(root: Path) -> Path:
    """A project told two demos of 2026-07-15, both moved to the file of past events."""
    project_dirs(root, LEAST_GATES)
    say_on_day(root, 6, "The demo for the client is on 2026-07-15.")
    say_on_day(root, 6, "The demo for the board is on 2026-07-15.")
    run_cli(root, "--force", now="2026-07-06T20:00:00+00:00")
    run_cli(root, "--force", now="2026-10-14T20:00:00+00:00")
    text = (root / "memory" / PAST).read_text(encoding="utf-8")
    assert len([line for line in text.splitlines() if _dated(line)]) == 2, text
    return root


def test_two_events_of_one_day_are_forgotten_each_by_its_own_request(tmp_path: Path) -> None:
    # (review rev205: the two lines were one memory by their day; a request for the board's
    # said 'updated' and changed nothing, two requests failed every dream from then on)
    root = _two_demos_of_one_day_moved(tmp_path / "one")
    _say_at(root, datetime(2026, 10, 15, 9, tzinfo=UTC),
            "Please forget what I said about the demo for the board.")
    run_cli(root, "--force", now="2026-10-16T20:00:00+00:00")
    text = (root / "memory" / PAST).read_text(encoding="utf-8")
    assert [line for line in text.splitlines() if _dated(line)] == [
        "- 2026-07-15: The demo for the client was on 2026-07-15. Why: Plan stated on "
        "2026-07-06."], text
    root = _two_demos_of_one_day_moved(tmp_path / "both")
    for request in ("Please forget what I said about the demo for the board.",
                    "Please forget what I said about the demo for the client."):
        _say_at(root, datetime(2026, 10, 15, 9, tzinfo=UTC), request)
    run_cli(root, "--force", now="2026-10-16T20:00:00+00:00")
    # (both its events forgotten, the file of past events goes)
    assert not (root / "memory" / PAST).exists()
    _say_at(root, datetime(2026, 10, 17, 9, tzinfo=UTC), "We use pnpm, not npm.")
    run_cli(root, "--force", now="2026-10-18T20:00:00+00:00")
    assert "pnpm" in (root / "memory" / "MEMORY.md").read_text(encoding="utf-8")


def test_a_forget_of_an_event_said_again_for_a_new_day_takes_the_plan_in_force(
        tmp_path: Path) -> None:
    # (review rev205, livearch: the plan in force and the moved line of its older day both
    # matched, and the request was declined, where main, which retold the plan in place,
    # forgot it)
    root = tmp_path / "proj"
    project_dirs(root, LEAST_GATES)
    memory = root / "memory"
    say_on_day(root, 6, "The demo for the client is on 2026-07-15.")
    run_cli(root, "--force", now="2026-07-06T20:00:00+00:00")
    run_cli(root, "--force", now="2026-10-14T20:00:00+00:00")
    _say_at(root, datetime(2026, 10, 15, 9, tzinfo=UTC),
            "The demo for the client is on 2026-12-10.")
    run_cli(root, "--force", now="2026-10-16T20:00:00+00:00")
    assert "2026-12-10" in (memory / "MEMORY.md").read_text(encoding="utf-8")
    _say_at(root, datetime(2026, 10, 17, 9, tzinfo=UTC),
            "Please forget what I said about the demo for the client.")
    run_cli(root, "--force", now="2026-10-18T20:00:00+00:00")
    after = _files(memory)
    assert sorted(after) == ["MEMORY.md", PAST], sorted(after)
    assert "2026-12-10" not in after["MEMORY.md"] + after[PAST]
    assert "- 2026-07-15: The demo for the client was on 2026-07-15." in after[PAST]


def test_a_request_naming_two_past_events_is_declined_naming_their_lines(
        tmp_path: Path) -> None:
    root = tmp_path / "proj"
    project_dirs(root, LEAST_GATES)
    say_on_day(root, 6, "The demo for the client is on 2026-07-15.")
    say_on_day(root, 6, "The demo for the board is on 2026-07-16.")
    run_cli(root, "--force", now="2026-07-06T20:00:00+00:00")
    run_cli(root, "--force", now="2026-10-14T20:00:00+00:00")
    _say_at(root, datetime(2026, 10, 15, 9, tzinfo=UTC),
            "Please forget what I said about the demo.")
    run_cli(root, "--force", now="2026-10-16T20:00:00+00:00")
    shown = " ".join(run_cli(root, "show", now="2026-10-16T21:00:00+00:00").output.split())
    assert (f"(the line of 2026-07-15 in {PAST}, the line of 2026-07-16 in {PAST})"
            in shown), shown
    assert "(line of" not in shown
    assert "demo for the board" in (root / "memory" / PAST).read_text(encoding="utf-8")


def test_an_event_forgotten_as_another_moves_in_leaves_memory_md_counting_what_is_there(
        tmp_path: Path) -> None:
    # (review rev205, undo2: the demo's line forgotten and the release moved in by one dream;
    # MEMORY.md kept '1 one-off event, on 2026-07-15' for good, the count of before, read as
    # a line of the person's)
    root = tmp_path / "proj"
    project_dirs(root, LEAST_GATES)
    memory = root / "memory"
    say_on_day(root, 6, "The demo for the client is on 2026-07-15.")
    say_on_day(root, 6, "The 2.1 release is on 2026-08-20.")
    run_cli(root, "--force", now="2026-07-06T20:00:00+00:00")
    run_cli(root, "--force", now="2026-09-04T20:00:00+00:00")
    assert "1 one-off event, on 2026-07-15" in (memory / "MEMORY.md").read_text(encoding="utf-8")
    _say_at(root, datetime(2026, 9, 24, 9, tzinfo=UTC),
            "Please forget what I said about the demo for the client.")
    run_cli(root, "--force", now="2026-09-24T20:00:00+00:00")
    _say_at(root, datetime(2026, 9, 25, 9, tzinfo=UTC), "We use pnpm, not npm.")
    run_cli(root, "--force", now="2026-09-25T20:00:00+00:00")
    index = (memory / "MEMORY.md").read_text(encoding="utf-8")
    assert "— 1 one-off event, on 2026-08-20, more than 30 days gone" in index, index
    text = (memory / PAST).read_text(encoding="utf-8")
    assert [line[:12] for line in text.splitlines() if _dated(line)] == ["- 2026-08-20"], text


def test_a_line_of_memory_md_of_the_person_s_own_stays_when_an_event_is_forgotten(
        tmp_path: Path) -> None:
    root = _two_demos_of_one_day_moved(tmp_path / "proj")
    index = root / "memory" / "MEMORY.md"
    text = index.read_text(encoding="utf-8")
    engine_line = "— 2 one-off events, 2026-07-15 to 2026-07-15, each more than 30 days gone"
    assert engine_line in text, text
    index.write_text(text.replace(engine_line, "— ask Dana before citing any of it"),
                     encoding="utf-8")
    _say_at(root, datetime(2026, 10, 15, 9, tzinfo=UTC),
            "Please forget what I said about the demo for the board.")
    run_cli(root, "--force", now="2026-10-16T20:00:00+00:00")
    assert "— ask Dana before citing any of it" in index.read_text(encoding="utf-8")
    assert "demo for the board" not in (root / "memory" / PAST).read_text(encoding="utf-8")


# (review rev205, nm1-nm5: a second clause of what lasts after the day, moved with the event
# into the file of things that are over)
_TWO_CLAUSES = ["The 3.0 release is on 2026-07-15; it drops support for Python 3.9.",
                "We ship the new pricing on 2026-07-15: the Pro plan costs 20 dollars.",
                "We release v3 on 2026-07-15; the old endpoints are gone in v3.",
                "The security review is on 2026-07-15; all API keys get rotated that day."]


def test_a_plan_told_with_a_second_clause_stays_where_it_is(tmp_path: Path) -> None:
    root = project_dirs(tmp_path / "proj", LEAST_GATES)
    for day, said in enumerate(_TWO_CLAUSES, 1):
        say_on_day(root, day, said)
    # (one that does move: the engine's 'Was planned: ' is no second clause)
    say_on_day(root, 5, "Die Demo für den Kunden ist am 2026-07-16.")
    run_cli(root, "--force", now="2026-07-10T20:00:00+00:00")
    run_cli(root, "--force", now="2026-10-14T20:00:00+00:00")
    after = _files(root / "memory")
    moved = [line for line in after[PAST].splitlines() if _dated(line)]
    assert moved == ["- 2026-07-16: Was planned: Die Demo für den Kunden ist am 2026-07-16. "
                     "Why: Plan stated on 2026-07-05."], after[PAST]
    index = after["MEMORY.md"]
    for told in ("Python 3.9", "20 dollars", "old endpoints", "API keys"):
        assert told in "".join(text for name, text in after.items() if name != PAST), told
    assert index.count("](project_") == 5, index


def test_a_file_of_past_events_whose_every_event_was_forgotten_goes(tmp_path: Path) -> None:
    # (its last line forgotten, it stayed as a file of no event, listed in MEMORY.md as 'One-off
    # plans and events long gone by')
    root = tmp_path / "proj"
    project_dirs(root, LEAST_GATES)
    memory = root / "memory"
    say_on_day(root, 6, "The demo for the client is on 2026-07-15.")
    say_on_day(root, 6, "Remember: deploys happen only on Tuesdays.")
    run_cli(root, "--force", now="2026-07-06T20:00:00+00:00")
    run_cli(root, "--force", now="2026-10-14T20:00:00+00:00")
    before = _files(memory)
    assert PAST in before
    _say_at(root, datetime(2026, 10, 15, 9, tzinfo=UTC),
            "Please forget what I said about the demo for the client.")
    run_cli(root, "--force", now="2026-10-15T20:00:00+00:00")
    after = _files(memory)
    assert PAST not in after, after.get(PAST)
    assert "Past events" not in after["MEMORY.md"] and "Tuesdays" in after["MEMORY.md"]
    shown = " ".join(run_cli(root, "show", now="2026-10-15T21:00:00+00:00").output.split())
    assert "its last event, removed; the file and its MEMORY.md line go" in shown, shown
    # (a later dream leaves it gone)
    run_cli(root, "--force", now="2026-10-16T20:00:00+00:00")
    assert _files(memory) == after
    # (that dream changed nothing: undo takes back the forgetting)
    run_cli(root, "undo", now="2026-10-16T21:00:00+00:00")
    assert _files(memory) == before


# (review rev210, F1: the file went though the person had retitled it, written their own MEMORY.md
# line for it or put a key of theirs in its frontmatter)
_PERSON_S_EDITS = {
    "its title": (PAST, "name: Past events\n", "name: Shipped milestones\n"),
    "its MEMORY.md line": (
        "MEMORY.md", "— 1 one-off event, on 2026-07-15, more than 30 days gone",
        "— read before the yearly report"),
    "a key of its frontmatter": (PAST, "type: project\n", "type: project\nowner: dana\n"),
}
_KEPT = {  # (what of the edit is in the file after: the engine writes its keys in its order)
    "its title": "name: Shipped milestones\n", "a key of its frontmatter": "owner: dana\n",
    "its MEMORY.md line": "— read before the yearly report",
}


@pytest.mark.parametrize("edited", sorted(_PERSON_S_EDITS))
def test_a_file_of_past_events_the_person_edited_stays_when_its_last_event_is_forgotten(
        tmp_path: Path, edited: str) -> None:
    root = project_dirs(tmp_path / "proj", LEAST_GATES)
    memory = root / "memory"
    say_on_day(root, 6, "The demo for the client is on 2026-07-15.")
    run_cli(root, "--force", now="2026-07-06T20:00:00+00:00")
    run_cli(root, "--force", now="2026-10-14T20:00:00+00:00")
    name, was, now = _PERSON_S_EDITS[edited]
    text = (memory / name).read_text(encoding="utf-8")
    assert was in text, text
    (memory / name).write_text(text.replace(was, now, 1), encoding="utf-8")
    _say_at(root, datetime(2026, 10, 15, 9, tzinfo=UTC),
            "Please forget what I said about the demo for the client.")
    run_cli(root, "--force", now="2026-10-15T20:00:00+00:00")
    after = _files(memory)
    # (the event goes, the file and its MEMORY.md line stay with what the person put there)
    assert PAST in after and "(project_past-events.md)" in after["MEMORY.md"], after
    assert not [line for line in after[PAST].splitlines() if _dated(line)], after[PAST]
    assert _KEPT[edited] in after[name], after[name]
    shown = " ".join(run_cli(root, "show", now="2026-10-15T21:00:00+00:00").output.split())
    assert "the line of 2026-07-15" in shown and "removed, the rest kept" in shown, shown


def test_a_file_of_past_events_emptied_as_an_event_moves_in_keeps_its_name(
        tmp_path: Path) -> None:
    root = tmp_path / "proj"
    project_dirs(root, LEAST_GATES)
    memory = root / "memory"
    say_on_day(root, 6, "The demo for the client is on 2026-07-15.")
    say_on_day(root, 6, "The 2.1 release is on 2026-08-20.")
    run_cli(root, "--force", now="2026-07-06T20:00:00+00:00")
    run_cli(root, "--force", now="2026-09-04T20:00:00+00:00")
    _say_at(root, datetime(2026, 9, 24, 9, tzinfo=UTC),
            "Please forget what I said about the demo for the client.")
    run_cli(root, "--force", now="2026-09-24T20:00:00+00:00")
    after = _files(memory)
    assert sorted(after) == ["MEMORY.md", PAST], sorted(after)
    assert [line[:12] for line in after[PAST].splitlines() if _dated(line)] == ["- 2026-08-20"]
    shown = " ".join(run_cli(root, "show", now="2026-09-24T21:00:00+00:00").output.split())
    assert "removed; the events moved in by the same dream take its place" in shown, shown
    assert "the file and its MEMORY.md line go" not in shown, shown


def test_the_engine_s_file_beside_a_person_s_past_events_has_a_title_of_its_own(
        tmp_path: Path) -> None:
    # (MEMORY.md listed '[Past events](project_past-events.md)', theirs, and '[Past
    # events](project_past-events-2.md)', the engine's: one title for two different things)
    root = project_dirs(tmp_path / "proj", LEAST_GATES)
    memory = root / "memory"
    mine = ("---\nname: Past events\ndescription: incidents we learned from\ntype: project\n"
            "---\n\nIn 2025-03 the billing job double-charged users after a retry storm.\n")
    (memory / PAST).write_text(mine, encoding="utf-8")
    say_on_day(root, 6, "The demo for the client is on 2026-07-15.")
    run_cli(root, "--force", now="2026-07-06T20:00:00+00:00")
    run_cli(root, "--force", now="2026-10-14T20:00:00+00:00")
    after = _files(memory)
    assert after[PAST] == mine
    ours = "project_past-events-2.md"
    index = after["MEMORY.md"]
    titles = [line.split("](", 1)[0] for line in index.splitlines() if line.startswith("- [")]
    assert len(titles) == len(set(titles)) == 2, index
    assert f"- [Past events]({PAST}) — incidents we learned from" in index, index
    assert f"- [Past one-off plans and events]({ours}) — 1 one-off event, on 2026-07-15" \
        in index, index
    assert "name: Past one-off plans and events\n" in after[ours]
    diary = (memory / ".autodream" / "DREAMS.md").read_text(encoding="utf-8")
    assert "moved to Past one-off plans and events as one dated line" in diary, diary
    # (a later dream keeps both titles as they are)
    run_cli(root, "--force", now="2026-10-15T20:00:00+00:00")
    assert _files(memory) == after


def _demo_moved_and_planned_again(root: Path) -> Path:
    """The demo for the client of 2026-07-15 in the file of past events, and planned again
    for 2026-12-10 (a file of its own)."""
    project_dirs(root, LEAST_GATES)
    say_on_day(root, 6, "The demo for the client is on 2026-07-15.")
    run_cli(root, "--force", now="2026-07-06T20:00:00+00:00")
    run_cli(root, "--force", now="2026-10-14T20:00:00+00:00")
    _say_at(root, datetime(2026, 10, 15, 9, tzinfo=UTC),
            "The demo for the client is on 2026-12-10.")
    run_cli(root, "--force", now="2026-10-16T20:00:00+00:00")
    return root


def test_a_forget_taking_the_plan_in_force_says_the_past_event_s_line_matched_and_stays(
        tmp_path: Path) -> None:
    # (the record said only that the plan of 2026-12-10 was forgotten: nothing told the person
    # that the line of the July demo matched too and is still in memory)
    root = _demo_moved_and_planned_again(tmp_path / "one")
    _say_at(root, datetime(2026, 10, 17, 9, tzinfo=UTC),
            "Please forget what I said about the demo for the client.")
    run_cli(root, "--force", now="2026-10-18T20:00:00+00:00")
    after = _files(root / "memory")
    assert sorted(after) == ["MEMORY.md", PAST], sorted(after)
    assert "- 2026-07-15: The demo for the client was on 2026-07-15." in after[PAST]
    shown = " ".join(run_cli(root, "show", now="2026-10-18T21:00:00+00:00").output.split())
    assert "forgotten project_demo-client.md" in shown, shown
    assert (f"; the line of 2026-07-15 in {PAST} matched too, the same event on an older day, "
            "and stays: 'forget everything I said about it' takes it too") in shown, shown
    # (asked for everything said of it, both go)
    root = _demo_moved_and_planned_again(tmp_path / "every")
    _say_at(root, datetime(2026, 10, 17, 9, tzinfo=UTC),
            "Please forget everything I said about the demo for the client.")
    run_cli(root, "--force", now="2026-10-18T20:00:00+00:00")
    assert sorted(_files(root / "memory")) == ["MEMORY.md"]


def test_an_event_told_with_its_quarter_is_dated_by_its_day(tmp_path: Path) -> None:
    # (a plan a week for three months: 'The retro for Q3 is on 2026-08-14.' became the line
    # '- 2026-07-01: The retro for Q3 2026 was on 2026-08-14.', dated by the quarter's first
    # day, listed after September's events and counted '2026-07-01 to ...' in MEMORY.md)
    root = project_dirs(tmp_path / "proj", LEAST_GATES)
    memory = root / "memory"
    say_on_day(root, 16, "The security review is on 2026-07-20.")
    run_cli(root, "--force", now="2026-07-16T20:00:00+00:00")
    _say_at(root, datetime(2026, 8, 10, 9, tzinfo=UTC),
            "The retro for Q3 is on 2026-08-14.")
    run_cli(root, "--force", now="2026-08-10T20:00:00+00:00")
    run_cli(root, "--force", now="2026-11-05T20:00:00+00:00")
    after = _files(memory)
    assert [line for line in after[PAST].splitlines() if _dated(line)] == [
        "- 2026-07-20: The security review was on 2026-07-20. Why: Plan stated on 2026-07-16.",
        "- 2026-08-14: The retro for Q3 2026 was on 2026-08-14. Why: Plan stated on "
        "2026-08-10."], after[PAST]
    assert "2 one-off events, 2026-07-20 to 2026-08-14" in after["MEMORY.md"], after["MEMORY.md"]


def test_an_event_told_with_its_quarter_and_two_days_is_dated_by_the_first(
        tmp_path: Path) -> None:
    # (review rev210: the line was dated by the last day said within the quarter, 2026-08-18)
    root = project_dirs(tmp_path / "proj", LEAST_GATES)
    memory = root / "memory"
    _say_at(root, datetime(2026, 8, 10, 9, tzinfo=UTC),
            "The workshop for Q3 is on 2026-08-17 and the dinner on 2026-08-18.")
    run_cli(root, "--force", now="2026-08-10T20:00:00+00:00")
    run_cli(root, "--force", now="2026-11-05T20:00:00+00:00")
    after = _files(memory)
    assert [line[:14] for line in after[PAST].splitlines() if _dated(line)] == [
        "- 2026-08-17: "], after[PAST]
    assert "1 one-off event, on 2026-08-17" in after["MEMORY.md"], after["MEMORY.md"]


def test_a_plan_put_off_to_another_day_moves_once_that_day_is_long_gone(
        tmp_path: Path) -> None:
    # (a long story: 'The demo for the client moved to 2026-07-22.' said of the demo of
    # 2026-07-15 left its file with the history 'Changed from 2026-07-15 to 2026-07-22 on ...',
    # read as a switch of a standing fact: the plan stayed in MEMORY.md for good)
    root = project_dirs(tmp_path / "proj", LEAST_GATES)
    memory = root / "memory"
    say_on_day(root, 6, "The demo for the client is on 2026-07-15.")
    run_cli(root, "--force", now="2026-07-06T20:00:00+00:00")
    say_on_day(root, 9, "The demo for the client moved to 2026-07-22.")
    run_cli(root, "--force", now="2026-07-09T20:00:00+00:00")
    # (and a value switched still stays: no event)
    say_on_day(root, 10, "We moved CI from Jenkins to GitHub Actions on 2026-07-07.")
    run_cli(root, "--force", now="2026-07-10T20:00:00+00:00")
    run_cli(root, "--force", now="2026-10-14T20:00:00+00:00")
    after = _files(memory)
    assert [line for line in after[PAST].splitlines() if _dated(line)] == [
        "- 2026-07-22: The demo for the client was on 2026-07-22. (Changed from 2026-07-15 "
        "to 2026-07-22 on 2026-07-09; previously 2026-07-15.) Why: Changed on 2026-07-09."], \
        after[PAST]
    index = after["MEMORY.md"]
    assert "demo" not in index and "1 one-off event, on 2026-07-22" in index, index
    assert "GitHub Actions" in index, index
    run_cli(root, "--force", now="2026-10-15T20:00:00+00:00")
    assert _files(memory) == after


# (review rev210, F2: a history line that moves the day and then tells what lasts after it was
# read as a day moved alone, and the plan moved into the file of things that are over)
_MORE_THAN_A_DAY_MOVED = [
    "previously 2026-07-15. After that the demo runs every Friday until the contract ends.",
    "previously 2026-07-15, and we switch the venue from Berlin to the Lisbon office from "
    "then on.",
]


@pytest.mark.parametrize("history", _MORE_THAN_A_DAY_MOVED)
def test_a_plan_whose_history_says_more_than_its_day_moved_stays(
        tmp_path: Path, history: str) -> None:
    root = project_dirs(tmp_path / "proj", LEAST_GATES)
    memory = root / "memory"
    say_on_day(root, 6, "The demo for the client is on 2026-07-15.")
    run_cli(root, "--force", now="2026-07-06T20:00:00+00:00")
    say_on_day(root, 9, "The demo for the client moved to 2026-07-22.")
    run_cli(root, "--force", now="2026-07-09T20:00:00+00:00")
    demo = memory / "project_demo-client.md"
    text = demo.read_text(encoding="utf-8")
    assert "on 2026-07-09; previously 2026-07-15." in text, text
    demo.write_text(text.replace("previously 2026-07-15.", history, 1), encoding="utf-8")
    run_cli(root, "--force", now="2026-10-14T20:00:00+00:00")
    after = _files(memory)
    assert PAST not in after, after.get(PAST)
    assert history in " ".join(after["project_demo-client.md"].split()), after
    assert "(project_demo-client.md)" in after["MEMORY.md"], after["MEMORY.md"]


# (review rev210, F3: a file of past events written before events told with their quarter were
# dated by their day; the retro said again and moved was written again under its day)
_RETRO_FILED_UNDER_ITS_QUARTER = """---
name: Past events
description: 1 one-off event, on 2026-07-01, more than 30 days gone
type: project
autodream: past events
---

- 2026-07-01: The retro for Q3 2026 was on 2026-08-14. Why: Plan stated on 2026-08-10.

**Why:** One-off plans and events whose day was more than 30 days gone, moved here by a \
dream so that MEMORY.md lists what is still current.
**How to apply:** These are over: do not plan around them; read them for what happened and \
when.
"""


def test_an_event_said_again_is_not_written_twice_under_another_day(tmp_path: Path) -> None:
    root = project_dirs(tmp_path / "proj", LEAST_GATES)
    memory = root / "memory"
    (memory / PAST).write_text(_RETRO_FILED_UNDER_ITS_QUARTER, encoding="utf-8")
    (memory / "MEMORY.md").write_text(
        "## Project\n- [Past events](project_past-events.md) — 1 one-off event, on 2026-07-01, "
        "more than 30 days gone\n", encoding="utf-8")
    _say_at(root, datetime(2026, 11, 6, 9, tzinfo=UTC),
            "The retro for Q3 2026 is on 2026-08-14.")
    run_cli(root, "--force", now="2026-11-06T20:00:00+00:00")
    run_cli(root, "--force", now="2026-12-20T20:00:00+00:00")
    after = _files(memory)
    assert sorted(after) == ["MEMORY.md", PAST], sorted(after)
    # (one line of the retro, as it was; the session it was said again in added)
    assert [line for line in after[PAST].splitlines() if _dated(line)] == [
        "- 2026-07-01: The retro for Q3 2026 was on 2026-08-14. Why: Plan stated on "
        "2026-08-10."], after[PAST]
    assert "- 2026-11-06 " in after[PAST] and "1 one-off event" in after["MEMORY.md"], after
    shown = " ".join(run_cli(root, "show", now="2026-12-20T21:00:00+00:00").output.split())
    assert "is not written twice" in shown, shown


def test_a_plan_said_again_then_put_off_moves_without_the_engine_s_index_line(
        tmp_path: Path) -> None:
    # (a long story: the demo moved, said again with its old day, then put off to 2026-10-20;
    # its move wrote the engine's MEMORY.md line as the person's: '... Listed as: Was planned:
    # Plan stated on 2026-09-09')
    root = project_dirs(tmp_path / "proj", LEAST_GATES)
    say_on_day(root, 6, "The demo for the client is on 2026-07-10.")
    run_cli(root, "--force", now="2026-07-06T20:00:00+00:00")
    run_cli(root, "--force", now="2026-09-08T20:00:00+00:00")
    _say_at(root, datetime(2026, 9, 9, 9, tzinfo=UTC),
            "The demo for the client is on 2026-07-10.")
    run_cli(root, "--force", now="2026-09-09T20:00:00+00:00")
    _say_at(root, datetime(2026, 9, 16, 9, tzinfo=UTC),
            "The demo for the client is on 2026-10-20.")
    run_cli(root, "--force", now="2026-09-16T20:00:00+00:00")
    # (moved by the dream that tells it past, or by a later one: its line is the same)
    told_past = tmp_path / "told-past"
    shutil.copytree(root, told_past)
    run_cli(root, "--force", now="2026-12-06T20:00:00+00:00")
    run_cli(told_past, "--force", now="2026-11-05T20:00:00+00:00")
    run_cli(told_past, "--force", now="2026-12-06T20:00:00+00:00")
    for moved in (root, told_past):
        after = _files(moved / "memory")
        assert sorted(after) == ["MEMORY.md", PAST], sorted(after)
        lines = [line for line in after[PAST].splitlines() if _dated(line)]
        assert lines[1:] == [
            "- 2026-10-20: The demo for the client was on 2026-10-20. (Changed from 2026-07-10 "
            "to 2026-10-20 on 2026-09-16; previously 2026-07-10.) Why: Plan stated on "
            "2026-09-09."], after[PAST]


def test_a_line_no_longer_there_is_declined_naming_the_file_by_its_own_title() -> None:
    # (review rev210: the declined request named the file 'Past events' whatever its title,
    # 'Past one-off plans and events' beside a person's own 'Past events')
    body = ("- 2026-07-15: The demo for the client was on 2026-07-15.\n\n"
            "**Why:** moved here by a dream.")
    archive = Entry(file="project_past-events-2.md", name="Past one-off plans and events",
                    description="", type="project", statements=[body], archive=True)
    [stand] = event_stand_ins([archive])
    archive.statements = ["**Why:** moved here by a dream."]  # (the line gone since)
    [decision] = forget_events([archive], [stand], [Decision(
        "forgotten", stand.file, "the user asked to forget it", file=stand.file)])
    assert decision.action == "declined", decision
    assert decision.reason.endswith(
        "its line of 2026-07-15 in Past one-off plans and events is not there as read: "
        "nothing is removed"), decision.reason


def _retro_and_demo_moved(root: Path) -> Path:
    """The demo for the client of 2026-09-04 moved on 2026-10-05; the retro for Q3 of
    2026-08-14, told with its quarter, still in memory (the quarter ends 2026-09-30)."""
    project_dirs(root, LEAST_GATES)
    _say_at(root, datetime(2026, 8, 10, 9, tzinfo=UTC), "The retro for Q3 is on 2026-08-14.")
    run_cli(root, "--force", now="2026-08-10T20:00:00+00:00")
    _say_at(root, datetime(2026, 8, 25, 9, tzinfo=UTC),
            "The demo for the client is on 2026-09-04.")
    run_cli(root, "--force", now="2026-08-25T20:00:00+00:00")
    run_cli(root, "--force", now="2026-10-05T20:00:00+00:00")
    return root


_RETRO = "- 2026-08-14: The retro for Q3 2026 was on 2026-08-14. Why: Plan stated on 2026-08-10."
_DEMO = "- 2026-09-04: The demo for the client was on 2026-09-04. Why: Plan stated on 2026-08-25."


def test_an_event_moved_late_is_put_among_the_lines_by_its_day(tmp_path: Path) -> None:
    # (the retro, moved a month after the demo, was appended after it: the file's lines read
    # 2026-09-04 then 2026-08-14)
    root = _retro_and_demo_moved(tmp_path / "proj")
    memory = root / "memory"
    assert [line for line in (memory / PAST).read_text(encoding="utf-8").splitlines()
            if _dated(line)] == [_DEMO]
    run_cli(root, "--force", now="2026-11-05T20:00:00+00:00")
    after = _files(memory)
    assert [line for line in after[PAST].splitlines() if _dated(line)] == [_RETRO, _DEMO], \
        after[PAST]
    assert "2 one-off events, 2026-08-14 to 2026-09-04" in after["MEMORY.md"]
    # (an idle dream changes nothing)
    run_cli(root, "--force", now="2026-11-06T20:00:00+00:00")
    assert _files(memory) == after


def test_an_event_moved_late_leaves_the_person_s_lines_in_their_order(tmp_path: Path) -> None:
    # (a dated line of theirs put above the demo's, out of order, and a note under the demo:
    # the retro goes before the first line of a later day, nothing there moves)
    root = _retro_and_demo_moved(tmp_path / "proj")
    memory = root / "memory"
    text = (memory / PAST).read_text(encoding="utf-8")
    mine = "- 2026-09-30: Board meeting, went well (my note)."
    note = "  - follow-up: send Acme the invoice"
    edited = text.replace(_DEMO + "\n", f"{mine}\n{_DEMO}\n{note}\n")
    assert edited != text
    (memory / PAST).write_text(edited, encoding="utf-8")
    run_cli(root, "--force", now="2026-11-05T20:00:00+00:00")
    after = (memory / PAST).read_text(encoding="utf-8")
    assert after.split("\n---\n", 1)[1] == edited.split("\n---\n", 1)[1].replace(
        mine, f"{_RETRO}\n{mine}"), after
    # (and one of a day after every line there goes after the demo's note)
    _say_at(root, datetime(2026, 11, 6, 9, tzinfo=UTC), "The launch party is on 2026-11-10.")
    run_cli(root, "--force", now="2026-11-06T20:00:00+00:00")
    run_cli(root, "--force", now="2026-12-20T20:00:00+00:00")
    last = (memory / PAST).read_text(encoding="utf-8")
    body = [line for line in last.split("\n---\n", 1)[1].splitlines() if line.strip()]
    assert body[:5] == [_RETRO, mine, _DEMO, note, body[4]], last
    assert body[4].startswith("- 2026-11-10: The launch party was on 2026-11-10."), last
    before = _files(memory)
    run_cli(root, "--force", now="2026-12-21T20:00:00+00:00")
    assert _files(memory) == before


_NO_EVENT_LEFT = "No one-off event left in it; plans more than 30 days gone are moved here"


@pytest.mark.parametrize("edited", ["its title", "a key of its frontmatter", "a note"])
def test_a_kept_file_of_past_events_with_no_event_left_is_listed_as_having_none(
        tmp_path: Path, edited: str) -> None:
    # (kept for the person's title, key or note, it was listed as '— One-off plans and events
    # long gone by', and its description said so: an agent reading the index was sent to read
    # events there are not)
    root = project_dirs(tmp_path / "proj", LEAST_GATES)
    memory = root / "memory"
    say_on_day(root, 6, "The demo for the client is on 2026-07-15.")
    run_cli(root, "--force", now="2026-07-06T20:00:00+00:00")
    run_cli(root, "--force", now="2026-10-14T20:00:00+00:00")
    text = (memory / PAST).read_text(encoding="utf-8")
    kept = _KEPT.get(edited, "Note from me: ask Dana about July.\n")
    if edited == "a note":
        was, now = "\n\n**Why:**", f"\n\n{kept}\n**Why:**"
    else:
        _, was, now = _PERSON_S_EDITS[edited]
    assert was in text, text
    (memory / PAST).write_text(text.replace(was, now, 1), encoding="utf-8")
    _say_at(root, datetime(2026, 10, 15, 9, tzinfo=UTC),
            "Please forget what I said about the demo for the client.")
    run_cli(root, "--force", now="2026-10-15T20:00:00+00:00")
    after = _files(memory)
    title = "Shipped milestones" if edited == "its title" else "Past events"
    # (the file stays with what the person put there, listed as what it is)
    assert kept in after[PAST] and not [
        line for line in after[PAST].splitlines() if _dated(line)], after[PAST]
    assert f"description: {_NO_EVENT_LEFT}\n" in after[PAST], after[PAST]
    assert f"- [{title}]({PAST}) — {_NO_EVENT_LEFT}\n" in after["MEMORY.md"], after["MEMORY.md"]
    assert "long gone by" not in after["MEMORY.md"] + after[PAST]
    # (an idle dream changes nothing; an event moved in later is counted under their title)
    run_cli(root, "--force", now="2026-10-16T20:00:00+00:00")
    assert _files(memory) == after
    _say_at(root, datetime(2026, 10, 20, 9, tzinfo=UTC), "The offsite is on 2026-10-22.")
    run_cli(root, "--force", now="2026-10-20T20:00:00+00:00")
    run_cli(root, "--force", now="2026-12-01T20:00:00+00:00")
    index = (memory / "MEMORY.md").read_text(encoding="utf-8")
    assert f"- [{title}]({PAST}) — 1 one-off event, on 2026-10-22" in index, index
    assert kept in (memory / PAST).read_text(encoding="utf-8")


@pytest.mark.parametrize("mine", ["- 2026-05-01 — Kickoff with Acme (mine)",
                                  "- Shipped v1 to the beta group in March"])
def test_a_kept_file_of_past_events_with_the_person_s_own_events_is_not_said_to_have_none(
        tmp_path: Path, mine: str) -> None:
    # (their own line is an event the engine does not date: 'No one-off event left in it' was
    # written over it, telling an agent not to read what is there; review rev227's d.py)
    root = project_dirs(tmp_path / "proj", LEAST_GATES)
    memory = root / "memory"
    say_on_day(root, 6, "The demo for the client is on 2026-07-15.")
    run_cli(root, "--force", now="2026-07-06T20:00:00+00:00")
    run_cli(root, "--force", now="2026-10-14T20:00:00+00:00")
    text = (memory / PAST).read_text(encoding="utf-8")
    assert "\n\n**Why:**" in text, text
    (memory / PAST).write_text(text.replace("\n\n**Why:**", f"\n{mine}\n\n**Why:**", 1),
                               encoding="utf-8")
    _say_at(root, datetime(2026, 10, 15, 9, tzinfo=UTC),
            "Please forget what I said about the demo for the client.")
    run_cli(root, "--force", now="2026-10-15T20:00:00+00:00")
    after = _files(memory)
    assert mine in after[PAST] and "demo for the client" not in after[PAST], after[PAST]
    assert "No one-off event left" not in after[PAST] + after["MEMORY.md"], after
    assert f"- [Past events]({PAST}) — One-off plans and events long gone by\n" in after[
        "MEMORY.md"], after["MEMORY.md"]
    run_cli(root, "--force", now="2026-10-16T20:00:00+00:00")
    assert _files(memory) == after
