"""The day a thing recurs on, told changed ("We deploy on Thursdays now, not Tuesdays") with no
thing named: no entry is rewritten on a guess of which clause or entry is meant (its other days,
paths and clauses moved with it); the switch is filed under what is done (deploy), never under
the words around the days ('instead', 'every')."""

from __future__ import annotations

import time
from datetime import UTC, datetime
from pathlib import Path

import pytest

from autodream.engine.sentence_kinds import _RECURRING_DAY_NOT, _switch
from tests.factories import TranscriptBuilder, project_dirs
from tests.test_cli_dream import dream

DEPLOY = "We deploy with `make ship` from main, every Tuesday."


def _project(tmp_path: Path, said: str, *, with_deploy: bool = True, entry: str = DEPLOY
             ) -> Path:
    """A project whose one session says ``said``; with deploy.md holding ``entry``."""
    root = project_dirs(tmp_path / "proj")
    if with_deploy:
        (root / "memory" / "MEMORY.md").write_text(
            "- [Deploy](deploy.md) — how we deploy\n", encoding="utf-8")
        (root / "memory" / "deploy.md").write_text(
            f"---\nname: Deploy\ndescription: how we deploy\ntype: project\n---\n\n{entry}\n",
            encoding="utf-8")
    TranscriptBuilder(session_id="aaaaaaaa-0000-4000-8000-0000000000d1",
                      start=datetime(2026, 7, 13, 9, 0, tzinfo=UTC)).user(
        said).assistant("OK.").write(root / "sessions")
    return root


# (each was rewritten in place by a switch that names no thing, from f3f8ef0 to 8009f32: the
# day that also tells something else, a path, another clause or another entry, moved with it;
# which clause or entry is meant is not told, so the switch is a memory of its own, as on main)
@pytest.mark.parametrize(("entry", "said"), [
    (DEPLOY, "Actually we deploy on Thursdays now, not Tuesdays."),
    (DEPLOY, "We deploy every Thursday now, not Tuesday."),
    (DEPLOY, "We deploy on Thursdays instead of Tuesdays."),
    ("Staging deploys every Tuesday, prod deploys every Tuesday too.",
     "Staging deploys on Thursdays now, not Tuesdays."),
    ("We deploy every Tuesday; the checklist is docs/tuesday-deploy.md.",
     "We deploy on Thursdays now, not Tuesdays."),
    ("We deploy every Tuesday and we never deploy hotfixes on Fridays.",
     "We deploy hotfixes on Thursdays now, not Tuesdays."),
    ("We deploy biweekly on Tuesdays.", "We deploy every Thursday now, not Tuesday."),
    # (main's own paths, reached by the new phrasings: the incident was pruned, the crontab's
    # line and the history's day rewritten)
    ("Deploy every Tuesday.\n\nIncident on Tuesday 2026-06-30: the deploy broke billing.",
     "We deploy every Thursday now, not Tuesday."),
    ("We deploy every Tuesday.\n\n```\n# crontab\n0 9 * * TUE make deploy  # Tuesday\n```",
     "We deploy on Thursdays now, not Tuesdays."),
    ("We deploy every Tuesday. Deploy history: 2026-06-30 (Tuesday) went fine.",
     "We deploy on Thursdays now, not Tuesdays."),
])
def test_a_recurring_day_changed_naming_no_thing_leaves_the_entry_word_for_word(
        tmp_path: Path, entry: str, said: str) -> None:
    project = _project(tmp_path, said, entry=entry)
    code, out, err = dream(project, "--backend", "local")
    assert code == 0, out + err
    assert "  + project_" in out, out  # (the switch, a memory of its own)
    _says_each_line(project, entry)


@pytest.mark.parametrize(("entry", "said"), [
    ("Deploy every Tuesday.\n\nIncident on Tuesday 2026-06-30: the deploy broke billing.",
     "We switched deploys from Tuesday to Thursday."),
    ("Staging deploys every Tuesday, prod deploys every Tuesday too.",
     "We switched staging deploys from Tuesday to Thursday."),
    ("We deploy every Tuesday; the checklist is docs/tuesday-deploy.md.",
     "We switched deploys from Tuesday to Thursday."),
    ("We deploy every Tuesday after the Tuesday standup.",
     "We switched deploys from Tuesday to Thursday."),
])
def test_a_day_switched_is_not_put_in_where_the_entry_says_it_otherwise(
        tmp_path: Path, entry: str, said: str) -> None:
    # the thing named, the entry's day said once, as a recurring one, is rewritten (the
    # standup's and backups' cases elsewhere); said again, in a path or a dated line, which
    # is meant is not told: both days were rewritten, or the incident pruned
    project = _project(tmp_path, said, entry=entry)
    code, out, err = dream(project, "--backend", "local")
    assert code == 0, out + err
    _says_each_line(project, entry)


@pytest.mark.parametrize("said", [
    "We moved deploys from Tuesdays to Thursdays.",
    "We moved deploys from Tuesday to Thursday.",
])
@pytest.mark.parametrize("rule", ["Do not deploy on Tuesdays.", "Never deploy on Tuesdays."])
def test_a_day_switched_leaves_a_rule_against_the_old_day(tmp_path: Path, said: str, rule: str
                                                          ) -> None:
    # (rewritten 'Do not deploy on Thursdays.': the rule turned into its opposite)
    project = _project(tmp_path, said, entry=rule)
    code, out, err = dream(project, "--backend", "local")
    assert code == 0, out + err
    assert "  ~ deploy.md" not in out and "  + project_" in out, out
    _says_each_line(project, rule)


def _says_each_line(project: Path, entry: str) -> None:
    # (a dated line is retold as past, "Was planned: incident on Tuesday ...", as on main)
    body = (project / "memory" / "deploy.md").read_text(encoding="utf-8").lower()
    for line in filter(None, entry.lower().splitlines()):
        assert line in body, body


def _file_projects(project: Path, memories: dict[str, str]) -> None:
    """The memory dir holds each of ``memories`` (file name -> its one line) as a project
    memory, indexed in that order."""
    (project / "memory" / "MEMORY.md").write_text(
        "".join(f"- [{n}]({n}) — {t}\n" for n, t in memories.items()), encoding="utf-8")
    for name, text in memories.items():
        (project / "memory" / name).write_text(
            f"---\nname: {name}\ndescription: {text}\ntype: project\n---\n\n{text}\n",
            encoding="utf-8")


def test_a_meeting_day_changed_leaves_two_meetings_alone(tmp_path: Path) -> None:
    # "The meeting" is the standup's or the planning's: the standup was rewritten silently
    project = _project(tmp_path, "The meeting is on Thursdays now, not Tuesdays.",
                       with_deploy=False)
    meetings = {"standup.md": "The standup meeting is every Tuesday at 10:00.",
                "planning.md": "The planning meeting is every Tuesday at 14:00."}
    _file_projects(project, meetings)
    code, out, err = dream(project, "--backend", "local")
    assert code == 0, out + err
    for name, text in meetings.items():
        assert f"\n{text}\n" in (project / "memory" / name).read_text(encoding="utf-8"), out


def test_a_meeting_day_changed_moves_it_beside_an_entry_that_mentions_it(tmp_path: Path
                                                                        ) -> None:
    # (the retro, every Tuesday after the standup, was counted a second standup: both left,
    # and project_standup-moved.md beside them, two live days)
    project = _project(tmp_path, "The standup moved from Tuesday to Wednesday.",
                       with_deploy=False)
    meetings = {"standup.md": "The standup is every Tuesday at 10:00.",
                "retro.md": "The retro is every Tuesday after the standup."}
    _file_projects(project, meetings)
    code, out, err = dream(project, "--backend", "local")
    assert code == 0, out + err
    assert "  ~ standup.md" in out and "  + project_" not in out, out
    assert "\nThe standup is every Wednesday at 10:00.\n" in (
        project / "memory" / "standup.md").read_text(encoding="utf-8"), out
    assert f"\n{meetings['retro.md']}\n" in (project / "memory" / "retro.md").read_text(
        encoding="utf-8"), out


@pytest.mark.parametrize("said", [
    "Actually we deploy on Thursdays now, not Tuesdays.",  # (was project_instead.md)
    "We deploy every Thursday now, not Tuesday.",  # (was project_deploy-every.md)
])
def test_a_recurring_day_changed_with_no_entry_is_filed_under_what_is_done(
        tmp_path: Path, said: str) -> None:
    project = _project(tmp_path, said, with_deploy=False)
    code, out, err = dream(project, "--backend", "local")
    assert code == 0, out + err
    assert "  + project_deploy.md" in out.splitlines(), out


def test_a_day_changed_for_another_thing_leaves_the_entry_alone(tmp_path: Path) -> None:
    # the releases moved to Thursdays are not the deploys on Tuesdays
    project = _project(tmp_path, "We release on Thursdays now, not Tuesdays.")
    code, out, err = dream(project, "--backend", "local")
    assert code == 0, out + err
    assert "  + project_release.md" in out.splitlines() and "deploy.md" not in out, out
    assert DEPLOY in (project / "memory" / "deploy.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("said", [
    "We could deploy on Thursdays instead of Tuesdays.",
    "Maybe we deploy on Thursdays now, not Tuesdays?",
])
def test_a_recurring_day_that_may_change_leaves_the_entry_alone(tmp_path: Path, said: str
                                                                ) -> None:
    project = _project(tmp_path, said)
    code, out, err = dream(project, "--backend", "local")
    assert code == 0, out + err
    assert "deploy.md" not in out, out
    assert DEPLOY in (project / "memory" / "deploy.md").read_text(encoding="utf-8")


def test_a_name_or_month_may_is_no_hedge(tmp_path: Path) -> None:
    # ("may" was read with any case: the standup's day, put right on main's path, was left
    # and the switch became a memory of its own, 'Switched from Tuesdays to Thursdays')
    project = _project(tmp_path, "The standup is on Thursdays now, not Tuesdays, as May asked.",
                       with_deploy=False)
    (project / "memory" / "MEMORY.md").write_text("- [Standup](standup.md) — the standup\n",
                                                  encoding="utf-8")
    (project / "memory" / "standup.md").write_text(
        "---\nname: Standup\ndescription: the standup\ntype: project\n---\n\n"
        "The standup is every Tuesday at 10:00.\n", encoding="utf-8")
    code, out, err = dream(project, "--backend", "local")
    assert code == 0, out + err
    assert "  ~ standup.md" in out.splitlines() and "  + " not in out, out
    assert "\nThe standup is every Thursday at 10:00.\n" in (
        project / "memory" / "standup.md").read_text(encoding="utf-8")


def test_a_switch_between_days_in_the_plural_is_titled_as_said(tmp_path: Path) -> None:
    # a hedged one is still a switch of its own (no entry's day is put right on a maybe): it
    # was titled 'Thursdays instead of Tuesdays', filed as project_instead.md
    project = _project(tmp_path, "Maybe we deploy on Thursdays now, not Tuesdays.",
                       with_deploy=False)
    code, out, err = dream(project, "--backend", "local")
    assert code == 0, out + err
    index = (project / "memory" / "MEMORY.md").read_text(encoding="utf-8").splitlines()
    assert [line.split("](")[0] for line in index if line.startswith("- ")] == [
        "- [Maybe we deploy on Thursdays now, not Tuesdays"]
    assert "instead" not in out, out


def test_a_day_changed_for_a_part_of_what_an_entry_does_leaves_it_alone(tmp_path: Path) -> None:
    # the API's deploys moved, not the docs site's (it was rewritten to 'every Thursday')
    project = _project(tmp_path, "We deploy the API on Thursdays now, not Tuesdays.",
                       with_deploy=False)
    docs = "We deploy the docs site every Tuesday."
    (project / "memory" / "MEMORY.md").write_text("- [Docs](docs.md) — the docs site\n",
                                                  encoding="utf-8")
    (project / "memory" / "docs.md").write_text(
        f"---\nname: Docs\ndescription: the docs site\ntype: project\n---\n\n{docs}\n",
        encoding="utf-8")
    code, out, err = dream(project, "--backend", "local")
    assert code == 0, out + err
    assert "  + project_deploy-api.md" in out.splitlines() and "docs.md" not in out, out
    assert docs in (project / "memory" / "docs.md").read_text(encoding="utf-8")


def test_reading_a_day_told_changed_is_linear() -> None:
    # ("\s*,?\s+" tried each split of a run of spaces: 20,000 after "on Mondays" took 15 s)
    for tail in ("x.", ", x", "nothing"):
        small, big = (f"We do not deploy on Mondays{' ' * n}{tail}" for n in (2_500, 20_000))
        start = time.process_time()
        _RECURRING_DAY_NOT.search(small)
        first = time.process_time() - start
        start = time.process_time()
        _RECURRING_DAY_NOT.search(big)
        assert time.process_time() - start < max(24 * first, 0.5), tail
    assert _RECURRING_DAY_NOT.search("We deploy on Thursdays now ,  not Tuesdays.") is not None


@pytest.mark.parametrize("said", ["We used to deploy on Thursdays, not Tuesdays.",
                                  "We used to deploy every Thursday, not Tuesday."])
def test_a_past_habit_against_a_day_is_no_switch_to_it(tmp_path: Path, said: str) -> None:
    # (read as a switch to Thursday: project_used-deploy.md, 'Use Thursday rather than Tuesday
    # unless the user explicitly asks otherwise', beside deploy.md's Tuesday)
    project = _project(tmp_path, said, entry="We deploy every Tuesday.")
    code, out, err = dream(project, "--backend", "local")
    assert code == 0, out + err
    _says_each_line(project, "We deploy every Tuesday.")
    memory = " ".join(p.read_text(encoding="utf-8") for p in (project / "memory").glob("*.md"))
    assert "Use Thursday" not in memory and "Switched" not in memory, memory



@pytest.mark.parametrize(("entry", "said", "moved"), [
    ("We deploy every Tuesday.",
     "We used to deploy on Tuesdays, but we moved deploys from Tuesdays to Thursdays.",
     "Tuesday to Thursday"),
    ("We deploy every Tuesday.",
     "We used to deploy on Tuesdays; we deploy on Thursdays now, not Tuesdays.",
     "Tuesday to Thursday"),
    ("We deploy every Tuesday.",
     "Jenkins is what we used to use; we deploy on Thursdays now, not Tuesdays.",
     "Tuesday to Thursday"),
    ("The standup is every Monday.",
     "As we used to, we moved the standup from Mondays to Wednesdays.", "Monday to Wednesday"),
    ("The cron job runs every Monday.",
     "The cron job used to run on Mondays; it moved from Mondays to Fridays.",
     "Monday to Friday"),
    ("We deploy every Tuesday.",
     "Deploys used to be on Tuesdays; we moved them from Tuesdays to Thursdays.",
     "Tuesday to Thursday"),
    ("We deploy every Tuesday.",
     "The script we used to deploy moved from Tuesdays to Thursdays.", "Tuesday to Thursday"),
])
def test_a_move_told_after_a_past_habit_is_still_a_switch(
        tmp_path: Path, entry: str, said: str, moved: str) -> None:
    # ("used to" anywhere before the day made it no switch: the move was lost, no memory of
    # it, no rewrite, no decision)
    project = _project(tmp_path, said, entry=entry)
    code, out, err = dream(project, "--backend", "local")
    assert code == 0, out + err
    memory = " ".join(p.read_text(encoding="utf-8") for p in (project / "memory").glob("*.md"))
    assert f"Switched from {moved} on 2026-07-13" in memory, memory


def test_reading_a_past_habit_against_a_day_is_linear() -> None:
    # (the other readings were tried on it: 0.9 s for 20,000 characters, 3.6 s for 40,000)
    for head, tail in (("on Thursdays", ", not Tuesdays"), ("every Thursday", ", not Tuesday")):
        for size in (5_000, 20_000):
            hostile = (f"We used to deploy {head}" + tail * 2_000)[:size]
            started = time.process_time()
            assert _switch(hostile) is None
            if size == 5_000:
                small = time.process_time() - started
            else:
                assert time.process_time() - started < max(8 * small, 0.1), head
