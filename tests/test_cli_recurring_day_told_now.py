"""The day a recurring thing is done on, told as it is now ("we deploy on Thursdays now")
beside the one entry saying the same who and what on another day ("We deploy every Tuesday."):
the entry is switched to the new day, its history dated (both days stood in memory, or the
entry was replaced whole: the audit's contradiction). Any other entry is read as before: the
review of an earlier, wider attempt (rev133) found a dated plan, a deploy freeze, a retro,
another team's or part's day, a quote, a link and a code block rewritten."""

from __future__ import annotations

import re
import shutil
import time
from datetime import UTC, datetime
from pathlib import Path

import pytest
from click.testing import CliRunner

from autodream.cli import cli
from autodream.engine.recurring_days import day_said
from tests.factories import REPO_ROOT, TranscriptBuilder
from tests.test_cli_dream import clean_env, dream

AUDIT = "We deploy every Tuesday."


def _sample_with(tmp_path: Path, said: str, entries: dict[str, tuple[str, str]]) -> Path:
    """A copy of sample_project whose memory also holds ``entries`` (file: (type, body)) and
    whose newest session says ``said``."""
    project = tmp_path / "sample_project"
    shutil.copytree(REPO_ROOT / "sample_project", project)
    memory = project / "memory"
    for file, (type_, body) in entries.items():
        with (memory / "MEMORY.md").open("a", encoding="utf-8") as index:
            index.write(f"- [{file[:-3]}]({file}) — {file[:-3]}\n")
        (memory / file).write_text(
            f"---\nname: {file[:-3]}\ndescription: {file[:-3]}\ntype: {type_}\n---\n\n{body}\n",
            encoding="utf-8")
    TranscriptBuilder(session_id="aaaaaaaa-0000-4000-8000-0000000000e1",
                      start=datetime(2026, 7, 19, 9, 0, tzinfo=UTC)).user(
        said).assistant("OK.").write(project / "sessions")
    return project


def _decisions(project: Path) -> str:
    result = CliRunner().invoke(cli, ["show", "--all-decisions", "--project", str(project)],
                                env=clean_env())
    assert result.exit_code == 0, result.output
    return " ".join(result.output.split())


def _memory_text(project: Path) -> str:
    return "\n".join(p.read_text(encoding="utf-8")
                     for p in sorted((project / "memory").glob("*.md")))


@pytest.mark.parametrize("type_", ["feedback", "project"])
@pytest.mark.parametrize("said", [
    "we deploy on Thursdays now",
    "From now on we deploy on Thursdays.",
    "We deploy on Thursdays now, not Tuesdays.",
    "We now deploy every Thursday.",
])
def test_the_deploy_day_told_now_switches_the_one_entry_and_dates_it(
        tmp_path: Path, said: str, type_: str) -> None:
    # (before: a memory of its own said Thursday beside deploy.md's Tuesday, the preference
    # joined the entry beside it, or the entry was replaced whole, 'Updated on ...')
    project = _sample_with(tmp_path, said, {"deploy.md": (type_, AUDIT)})
    code, out, err = dream(project, "--backend", "local")
    assert code == 0, out + err
    body = (project / "memory" / "deploy.md").read_text(encoding="utf-8")
    assert "\nWe deploy every Thursday.\n" in body, body
    assert "Switched from Tuesday to Thursday on 2026-07-19; previously Tuesday." in body, body
    assert "Tuesday." not in body.replace("previously Tuesday.", "") and "Updated on" not in body
    assert f"type: {type_}" in body
    index = (project / "memory" / "MEMORY.md").read_text(encoding="utf-8")
    assert "Tuesday" not in index, index
    others = [p.name for p in (project / "memory").glob("*.md") if "deploy" in p.name]
    assert others == ["deploy.md"], others  # (no second memory telling another day)
    assert "switched from Tuesday to Thursday on 2026-07-19; entry rewritten" in _decisions(
        project)


def _say_later(project: Path, said: str) -> None:
    """A second session, two days after the first, saying ``said``."""
    TranscriptBuilder(session_id="aaaaaaaa-0000-4000-8000-0000000000e2",
                      start=datetime(2026, 7, 21, 9, 0, tzinfo=UTC)).user(
        said).assistant("OK.").write(project / "sessions")


@pytest.mark.parametrize("type_", ["feedback", "project"])
@pytest.mark.parametrize("again", [
    "we deploy on Thursdays now", "We deploy on Thursdays.", "From now on we deploy on Thursdays.",
])
def test_the_new_day_told_again_after_the_switch_is_confirmed(
        tmp_path: Path, again: str, type_: str) -> None:
    # (before: the switched entry was replaced by a Thursday-to-Thursday 'Updated on ...' line,
    # took 'We deploy on Thursdays.' as a second line, or feedback_deploy.md told it again)
    project = _sample_with(tmp_path, "we deploy on Thursdays now", {"deploy.md": (type_, AUDIT)})
    code, out, err = dream(project, "--backend", "local")
    assert code == 0, out + err
    switched = {p.name: p.read_bytes() for p in (project / "memory").glob("*.md")}
    assert b"\nWe deploy every Thursday.\n" in switched["deploy.md"]
    _say_later(project, again)
    code, out, err = dream(project, "--backend", "local")
    assert code == 0, out + err
    assert {p.name: p.read_bytes() for p in (project / "memory").glob("*.md")} == switched
    assert "1 confirmed" in out and "0 topic files written" in out, out
    assert "confirmed We deploy every Thursday. (deploy.md)" in _decisions(project)


@pytest.mark.parametrize("type_", ["feedback", "project"])
@pytest.mark.parametrize(("said", "more"), [
    ("We deploy on Thursdays because Fridays are risky.", "Fridays are risky"),
    ("We deploy on Thursdays now because Fridays are risky.", "Fridays are risky"),
    ("We deploy on Thursdays now, since QA needs Friday.", "QA needs Friday"),
    ("We deploy on Thursdays now. The reason is that QA needs Friday.", "QA needs Friday"),
    ("From now on we deploy on Thursdays because QA needs Friday.", "QA needs Friday"),
    ("We deploy on Thursdays now, not Fridays.", "not Fridays"),
])
def test_the_day_told_again_with_more_than_the_day_keeps_the_more(
        tmp_path: Path, said: str, more: str, type_: str) -> None:
    # (before: 'confirmed We deploy every Thursday.', the reason or the day left nowhere in
    # memory; main keeps it, as a Why or a memory of its own)
    project = _sample_with(tmp_path, said, {"deploy.md": (type_, "We deploy every Thursday.")})
    code, out, err = dream(project, "--backend", "local")
    assert code == 0, out + err
    assert more in _memory_text(project), _memory_text(project)
    assert "We deploy every Thursday." in _memory_text(project)


@pytest.mark.parametrize("type_", ["feedback", "project"])
def test_a_reason_told_with_the_new_day_after_the_switch_is_kept(
        tmp_path: Path, type_: str) -> None:
    # (before: 'confirmed We deploy every Thursday. (deploy.md)', 'risky' nowhere)
    project = _sample_with(tmp_path, "we deploy on Thursdays now", {"deploy.md": (type_, AUDIT)})
    code, out, err = dream(project, "--backend", "local")
    assert code == 0, out + err
    _say_later(project, "We deploy on Thursdays because Fridays are risky.")
    code, out, err = dream(project, "--backend", "local")
    assert code == 0, out + err
    memory = _memory_text(project)
    assert "Fridays are risky" in memory and "We deploy every Thursday." in memory, memory
    assert "Switched from Tuesday to Thursday on 2026-07-19; previously Tuesday." in memory


@pytest.mark.parametrize("type_", ["feedback", "project"])
@pytest.mark.parametrize("back", ["We deploy on Tuesdays again.", "We deploy on Tuesdays now."])
def test_the_old_day_told_again_switches_back_with_both_history_lines(
        tmp_path: Path, back: str, type_: str) -> None:
    # ('again' was not read as told now: 'We deploy every Thursday.' stayed current, 'How to
    # apply: Use Thursday; Tuesday is no longer current', the Tuesday line merged beside it)
    project = _sample_with(tmp_path, "we deploy on Thursdays now", {"deploy.md": (type_, AUDIT)})
    code, out, err = dream(project, "--backend", "local")
    assert code == 0, out + err
    _say_later(project, back)
    code, out, err = dream(project, "--backend", "local")
    assert code == 0, out + err
    body = (project / "memory" / "deploy.md").read_text(encoding="utf-8")
    assert "\nWe deploy every Tuesday.\n" in body, body
    assert "Switched from Tuesday to Thursday on 2026-07-19; previously Tuesday." in body, body
    assert "Switched from Thursday to Tuesday on 2026-07-21; previously Thursday." in body, body
    assert "Use Tuesday; Thursday is no longer current" in body and "Use Thursday" not in body
    assert [p.name for p in (project / "memory").glob("*.md") if "deploy" in p.name] == [
        "deploy.md"]


# rev133's repros of the wider attempt: each was rewritten (or the statement lost as
# 'confirmed'); each is read as main reads it, the entry's words kept and nothing switched
@pytest.mark.parametrize(("entries", "said"), [
    # F1: a dated plan, no recurring day
    ({"v2.md": ("project", "We deploy the v2 API on Tuesday 2026-07-21.")},
     "we deploy on Thursdays now"),
    # F2: another thing done on a day, or another team's, or another part's
    ({"freeze.md": ("project", "Deploy freeze every Friday.")}, "We deploy on Thursdays now."),
    ({"retro.md": ("project", "The deploy retro is every Friday.")},
     "We deploy on Thursdays now."),
    ({"mobile.md": ("project", "The mobile team deploys every Wednesday.")},
     "We deploy on Thursdays now."),
    ({"docs.md": ("project", "We deploy the docs site every Monday.")},
     "We deploy on Thursdays now."),
    # F2: a block on the day told (the statement was lost as 'confirmed')
    ({"deploy.md": ("feedback", "Deploys are blocked on Fridays.")},
     "We deploy on Fridays now."),
    ({"deploy.md": ("project", AUDIT),
      "friday.md": ("feedback", "Deploys are blocked on Fridays.")},
     "We deploy on Fridays now."),
    # F3: an entry saying two days at once
    ({"deploy.md": ("project", "We now deploy on Thursdays.\nWe deploy every Tuesday.")},
     "We deploy on Fridays now."),
    # F4: a code block beside the day
    ({"deploy.md": ("project", "We deploy every Tuesday.\n\n```\n0 10 * * 2 ./deploy.sh  "
                               "# Tuesday\n```")}, "We deploy on Thursdays now."),
    # F6: a quote, a link
    ({"deploy.md": ("project", 'Bob: "we deploy every Tuesday".')},
     "We deploy on Thursdays now."),
    ({"deploy.md": ("project", "[Deploy every Tuesday](https://wiki.example.com/d)")},
     "We deploy on Thursdays now."),
    # two entries of the same doing: which one is meant is not told
    ({"deploy.md": ("project", AUDIT), "deploy2.md": ("feedback", "We deploy on Mondays.")},
     "We deploy on Thursdays now."),
])
def test_an_entry_that_is_not_one_plain_day_of_the_same_doing_is_not_switched(
        tmp_path: Path, entries: dict[str, tuple[str, str]], said: str) -> None:
    project = _sample_with(tmp_path, said, entries)
    code, out, err = dream(project, "--backend", "local")
    assert code == 0, out + err
    memory = _memory_text(project)
    for _, body in entries.values():
        for line in body.splitlines():
            assert line in memory, (line, memory)  # (nothing lost, kept or as history)
    assert re.search(r"Switched from \w+day", memory) is None, memory
    decisions = _decisions(project)
    assert re.search(r"switched from \w+day", decisions) is None, decisions


@pytest.mark.parametrize("doing", [
    "ban deploys", "hold deploys", "cancel deploys", "quit work early", "forbid deploys",
    "lock the main branch", "postpone deploys", "delay deploys", "skip deploys", "avoid deploys",
    "ship no releases"])
def test_a_day_something_is_not_done_on_is_not_switched(tmp_path: Path, doing: str) -> None:
    # (a ban, hold, cancel ... on Fridays was switched to the Monday told, 'Switched from
    # Friday to Monday': where both hold, one was lost; main's reading is kept)
    project = _sample_with(tmp_path, f"We {doing} on Mondays now.",
                           {"no.md": ("project", f"We {doing} on Fridays.")})
    code, out, err = dream(project, "--backend", "local")
    assert code == 0, out + err
    memory = _memory_text(project)
    assert re.search(r"Switched from \w+day", memory) is None, memory
    decisions = _decisions(project)
    assert re.search(r"switched from \w+day", decisions) is None, decisions


def test_another_memory_of_the_day_told_in_another_form_of_the_word_stops_the_switch(
        tmp_path: Path) -> None:
    # ("lunches" was looked for as "lunche": the canteen's Thursday was not seen, and the lunch
    # was switched onto it, 'Switched from Tuesday to Thursday'; main's reading is kept)
    project = _sample_with(tmp_path, "The team lunches on Thursdays now.", {
        "lunch.md": ("project", "The team lunches every Tuesday."),
        "canteen.md": ("project", "The canteen serves no lunch on Thursdays.")})
    code, out, err = dream(project, "--backend", "local")
    assert code == 0, out + err
    memory = _memory_text(project)
    assert "The canteen serves no lunch on Thursdays." in memory, memory
    assert re.search(r"Switched from \w+day", memory) is None, memory
    assert re.search(r"switched from \w+day", _decisions(project)) is None


@pytest.mark.parametrize("word", [
    "ban", "bans", "banned", "banning", "hold", "holds", "held", "holding", "cancel", "cancels",
    "cancelled", "canceled", "cancelling", "canceling", "quit", "quits", "quitting", "forbid",
    "forbids", "forbade", "forbidden", "forbidding", "lock", "locks", "locked", "locking",
    "postpone", "postpones", "postponed", "postponing", "delay", "delays", "delayed",
    "delaying", "skip", "skips", "skipped", "skipping", "avoid", "avoids", "avoided", "avoiding",
    "no"])
def test_a_day_something_is_not_done_on_is_no_plain_day(word: str) -> None:
    assert day_said(f"We {word} deploys on Mondays now.") is None
    assert day_said("We deploy on Mondays now.") is not None


@pytest.mark.parametrize("noun", ["Freezes", "Blocks", "Bans", "Holds", "Pauses", "Delays"])
def test_a_restriction_named_as_a_plural_noun_is_no_plain_day(noun: str) -> None:
    # ("Freezes" was read by its stem, "freez", no word of the list: 'Freezes are on Mondays
    # now.' was a plain day, and freeze.md's Friday was switched to Monday)
    assert day_said(f"{noun} are on Mondays now.") is None
    assert day_said(f"{noun} happen every Monday.") is None


@pytest.mark.parametrize("noun", ["Caches", "Deploys", "Lunches", "Releases", "Pushes"])
def test_a_plural_noun_of_a_plain_doing_still_reads_as_a_day(noun: str) -> None:
    said = day_said(f"{noun} are on Mondays now.")
    assert said is not None and said.day == "Monday" and said.now


@pytest.mark.parametrize("type_", ["feedback", "project"])
def test_freezes_told_on_another_day_are_not_switched(tmp_path: Path, type_: str) -> None:
    # (rev148: 'Freezes are on Mondays now.' beside freeze.md 'Freezes are on Fridays.' became
    # 'Switched from Friday to Monday'; where both freezes hold, one was lost)
    project = _sample_with(tmp_path, "Freezes are on Mondays now.",
                           {"freeze.md": (type_, "Freezes are on Fridays.")})
    code, out, err = dream(project, "--backend", "local")
    assert code == 0, out + err
    memory = _memory_text(project)
    assert re.search(r"Switched from \w+day", memory) is None, memory
    assert re.search(r"switched from \w+day", _decisions(project)) is None


def test_reading_a_day_said_is_linear() -> None:
    # (only up to 200 characters are read: a 15 KB memory costs nothing)
    for hostile in ("We deploy" + " x" * 10_000 + " on Thursdays now.",
                    "we " * 10_000 + "deploy on Thursdays now", "Deploys" + " " * 20_000,
                    "we deploy " + "on " * 7_000 + "Thursdays"):
        started = time.process_time()
        assert day_said(hostile) is None
        assert time.process_time() - started < 0.5
