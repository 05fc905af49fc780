"""What a person reads in memory after a local dream: a passed plan's title says "Was
planned: " and the plan as its body says it, a capital after the colon kept only by a name; a
note written in MEMORY.md as "remember: ..." is kept in its own file without the ask."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from tests.factories import TranscriptBuilder, project_dirs
from tests.test_cli_dream import dream


def _project(tmp_path: Path, *said: str, index: str = "") -> Path:
    root = project_dirs(tmp_path / "proj")
    if index:
        (root / "memory" / "MEMORY.md").write_text(index, encoding="utf-8")
    builder = TranscriptBuilder(session_id="aaaaaaaa-0000-4000-8000-0000000000e1",
                                start=datetime(2026, 7, 6, 9, 0, tzinfo=UTC))
    for text in said:
        builder.user(text).assistant("OK.")
    builder.write(root / "sessions")
    return root


def _index_lines(project: Path) -> list[str]:
    index = (project / "memory" / "MEMORY.md").read_text(encoding="utf-8")
    return [line for line in index.splitlines() if line.startswith("- ")]


def test_a_passed_plans_title_goes_on_in_lower_case_after_was_planned(tmp_path: Path) -> None:
    # (it was "Was planned: The release freeze starts on 2026-07-13", the body "Was planned:
    # the release freeze ...")
    project = _project(tmp_path, "The release freeze starts next Monday.",
                       "Priya joins the team next Monday.")
    code, out, err = dream(project, "--backend", "local")
    assert code == 0, out + err
    assert sorted(_index_lines(project)) == [
        "- [Was planned: Priya joins the team on 2026-07-13](project_priya-joins-team.md) — "
        "plan stated on 2026-07-06",
        "- [Was planned: the release freeze starts on 2026-07-13]"
        "(project_release-freeze-starts.md) — plan stated on 2026-07-06",
    ]


@pytest.mark.parametrize(("said", "kept"), [
    ("Kafka cluster migration starts next Monday.", "Kafka cluster migration"),
    ("Django upgrade starts next Monday, so freeze the models.", "Django upgrade"),
])
def test_a_passed_plan_keeps_a_names_capital_after_was_planned(tmp_path: Path, said: str,
                                                               kept: str) -> None:
    # (any first word but a month, an acronym or a one-word subject before its verb went
    # lower case: "Was planned: kafka cluster migration ...", "django upgrade ...")
    project = _project(tmp_path, said)
    code, out, err = dream(project, "--backend", "local")
    assert code == 0, out + err
    assert [line[:len(kept) + 16] for line in _index_lines(project)] == [
        f"- [Was planned: {kept}"], out


def _body(project: Path, name: str) -> list[str]:
    text = (project / "memory" / name).read_text(encoding="utf-8")
    return text.split("\n---\n", 1)[1].strip().splitlines()


def test_a_note_asked_to_be_remembered_is_kept_without_the_ask(tmp_path: Path) -> None:
    project = _project(tmp_path, "Thanks.", index=(
        "- remember: the staging DB is on port 5433\n"
        "- Remember that deploys need a green CI\n"
        # (no ask: the name of a token, and what to remember to do)
        "- Remember-me tokens expire after 30 days\n"
        "- Remember to rebase before merging\n"))
    code, out, err = dream(project, "--backend", "local")
    assert code == 0, out + err
    # (the body began "remember: the staging DB is on port 5433", under that title)
    assert _body(project, "project_staging-db-port.md")[0] == "The staging DB is on port 5433"
    assert "[The staging DB is on port 5433](project_staging-db-port.md)" in "".join(
        _index_lines(project))
    assert _body(project, "project_deploys-need-green-ci.md")[0] == "Deploys need a green CI"
    assert _body(project, "project_remember-tokens-expire-days.md")[0] == (
        "Remember-me tokens expire after 30 days")
    assert _body(project, "project_rebase-merging.md")[0] == "Remember to rebase before merging"


@pytest.mark.parametrize("note", [
    "remember: use pnpm",
    "Remember that deploys need a green CI",
    "Please remember: the CI cache is flaky",
    "remember: staging needs VPN",
    "Remember -- staging needs VPN",
])
def test_a_short_note_moved_without_its_ask_is_not_counted_lost(tmp_path: Path, note: str
                                                                 ) -> None:
    # (the loss check read the note with its 'remember' and found it gone: 'Error: check
    # failed: MEMORY.md: 1 of 2 prior entries and notes lost')
    project = _project(tmp_path, "Thanks.", index=f"- {note}\n- CI runs on GitHub Actions\n")
    code, out, err = dream(project, "--backend", "local")
    assert code == 0, out + err
    assert "committed" in out and len(_index_lines(project)) == 2, out


@pytest.mark.parametrize(("note", "kept"), [
    ("remember: https://example.com/runbook is the runbook",
     "https://example.com/runbook is the runbook"),  # (was 'Https://...')
    ("remember: iOS builds need Xcode 16", "iOS builds need Xcode 16"),  # (was 'IOS builds')
    # (a command keeps its case: was 'Npm ci, not npm install', 'Git pull --rebase ...')
    ("remember: npm ci, not npm install", "npm ci, not npm install"),
    ("remember: git pull --rebase before pushing", "git pull --rebase before pushing"),
    ("remember: the staging DB is on port 5433", "The staging DB is on port 5433"),
])
def test_a_note_without_its_ask_keeps_its_first_words_case(tmp_path: Path, note: str, kept: str
                                                           ) -> None:
    project = _project(tmp_path, "Thanks.", index=f"- {note}\n")
    code, out, err = dream(project, "--backend", "local")
    assert code == 0, out + err
    bodies = [_body(project, p.name)[0] for p in (project / "memory").glob("*_*.md")]
    assert bodies == [kept], out


@pytest.mark.parametrize(("note", "kept"), [
    # (the dash was read as the ask's: 'force-with-lease, ...', 'V prints the SQL')
    ("Remember --force-with-lease, never plain --force",
     "Remember --force-with-lease, never plain --force"),
    ("Remember -v prints the SQL", "Remember -v prints the SQL"),
    ("Remember - we deploy on Fridays", "We deploy on Fridays"),
])
def test_a_flag_after_remember_is_no_ask(tmp_path: Path, note: str, kept: str) -> None:
    project = _project(tmp_path, "Thanks.", index=f"- {note}\n")
    code, out, err = dream(project, "--backend", "local")
    assert code == 0, out + err
    bodies = [_body(project, p.name)[0] for p in (project / "memory").glob("*_*.md")]
    assert bodies == [kept], out


def test_a_name_that_begins_with_remember_is_no_ask(tmp_path: Path) -> None:
    # (titled 'Me tokens expire after 30 days': "Remember-" was read as the ask)
    project = _project(tmp_path, "Thanks.", index="- Remember-me tokens expire after 30 days\n")
    code, out, err = dream(project, "--backend", "local")
    assert code == 0, out + err
    assert _index_lines(project) == [
        "- [Remember-me tokens expire after 30 days](project_remember-tokens-expire-days.md)"
        " — The user wrote this note directly in MEMORY.md"]


_OLD_KIND_AND_DAY = [
    # (file, name, body, the kind-and-day description an earlier version wrote, title by hand,
    # the line's hook now: the rule, which the person's title does not say)
    ("feedback_put-type-hints-everything.md", "Put type hints on everything",
     "Put type hints on everything.\n\n**Why:** The user's stated preference (2026-06-29).\n"
     "**How to apply:** Apply this by default in this project without being reminded.",
     "the user's stated preference (2026-06-29)", "Typing preference",
     "Put type hints on everything (2026-06-29)"),
    ("project_release.md", "The release is on 2026-07-31",
     "The release is on 2026-07-31.\n\n**Why:** Plan stated on 2026-06-29.\n"
     "**How to apply:** Plan work around 2026-07-31.", "plan stated on 2026-06-29",
     "Release plan", "The release is on 2026-07-31 (said 2026-06-29)"),
    ("feedback_never-push-main.md", "Never push to main",
     "Never push to main.\n\n**Why:** The user asked for this on 2026-06-29.\n"
     "**How to apply:** Do not push to main (the user said never).",
     "the user asked for this on 2026-06-29", "Pushing: what the user asked",
     "Never push to main (2026-06-29)"),
]


def test_a_title_written_by_hand_stays_when_an_old_description_is_made_anew(
        tmp_path: Path) -> None:
    # an earlier version's description, the memory's kind and day alone, is made anew from what
    # the memory says; the words it had ("plan", "preference", "user", "asked") going are no
    # change to the memory: the titles a person wrote over them were replaced by the engine's
    # ('Release plan' became 'The release is on 2026-07-31')
    root = project_dirs(tmp_path / "proj")
    memory = root / "memory"
    index = ["## Feedback"]
    for file, name, body, description, title, _ in _OLD_KIND_AND_DAY:
        (memory / file).write_text(
            f"---\nname: {name}\ndescription: {description}\ntype: {file.split('_')[0]}\n"
            f"sources:\n- 2026-06-29 s0\n---\n\n{body}\n", encoding="utf-8")
        index.append(f"- [{title}]({file}) — {description}")
    (memory / "MEMORY.md").write_text("\n".join(index) + "\n", encoding="utf-8")
    code, out, err = dream(root, "--backend", "local")
    assert code == 0, out + err
    assert "described by what it says" in (
        memory / ".autodream" / "DREAMS.md").read_text(encoding="utf-8")
    # (the line tells the rule: under a title written by hand, the kind and day alone told
    # nothing of it)
    assert sorted(_index_lines(root)) == sorted(
        f"- [{title}]({file}) — {rule}" for file, _, _, _, title, rule in _OLD_KIND_AND_DAY)
