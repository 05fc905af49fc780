"""Every sentence the local engine dates, or reads as a plan or a fact, ends in a decision a
person can read in `autodream show --all-decisions`: kept, or dropped with why. The user audit
(ux_audit4, finding 10) saw 'Dana is back the day after tomorrow.' listed only as dated, and
'The migration happens next sprint.' not at all; what is kept did not change."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from click.testing import CliRunner

from autodream.cli import cli
from tests.factories import TranscriptBuilder, project_dirs
from tests.test_cli_dream import clean_env

_SAID_ON = datetime(2026, 7, 1, 9, 0, tzinfo=UTC)  # a Wednesday
_DREAM_AT = "2026-07-01T20:00:00+00:00"


def _project_told(tmp_path: Path, sentences: list[str]) -> Path:
    """A project with no memory yet whose sessions (one a sentence) were on ``_SAID_ON``."""
    project = project_dirs(tmp_path / "p", 'backend = "local"\n')
    for hour, said in enumerate(sentences):
        TranscriptBuilder(cwd=str(project / "project"), start=_SAID_ON.replace(hour=9 + hour)).user(
            said).assistant("Done. Anything else?").write(project / "sessions")
    return project


def _decisions(project: Path) -> list[tuple[str, str, str]]:
    """(action, subject, reason) of each decision `show --all-decisions` lists."""
    shown = CliRunner().invoke(cli, ["show", "--all-decisions", "--project", str(project)],
                               env=clean_env(AUTODREAM_NOW=_DREAM_AT))
    assert shown.exit_code == 0, shown.output
    why = shown.output.split("\nwhy:\n", 1)[1].split("\n---", 1)[0].splitlines()
    rows: list[tuple[str, str, str]] = []
    for line in why:
        if line.startswith("  ") and not line.startswith("   "):
            action, _, subject = line.strip().partition(" ")
            rows.append((action, subject.strip(), ""))
        elif rows and line.strip():
            action, subject, reason = rows[-1]
            rows[-1] = (action, subject, f"{reason} {line.strip()}".strip())
    return rows


def test_a_dated_or_planned_sentence_is_kept_or_dropped_with_a_reason(tmp_path: Path) -> None:
    project = _project_told(tmp_path, [
        "The beta goes out at the end of the month.",
        "Dana is back the day after tomorrow.",
        "The migration happens next sprint.",
        "The launch is on the 15th.",
        "The review is mid next year.",
    ])
    result = CliRunner().invoke(cli, ["--force", "--project", str(project)],
                                env=clean_env(AUTODREAM_NOW=_DREAM_AT))
    assert result.exit_code == 0, result.output
    rows = _decisions(project)
    ends = {subject: (action, reason) for action, subject, reason in rows
            if action in ("kept", "dropped")}
    dated = [subject for action, subject, _ in rows if action == "dated"]
    assert dated == ["The beta goes out on 2026-07-31.", "Dana is back on 2026-07-03.",
                     "The launch is on 2026-07-15.", "The review is in mid-2027."], rows
    # each dated sentence ends kept, or dropped, shown by its first words (nothing of it is
    # kept, and a value said in it is not shown)
    for subject in ["The beta goes out on 2026-07-31.", "Dana is back …",
                    "The launch is on 2026-07-15.", "The review is …"]:
        assert subject in ends, (subject, rows)
    assert ends["Dana is back …"] == (
        "dropped", "a colleague's return on a day still to come: not a standing fact (it ends "
        "a stand-in when told on the day)"), rows
    undated = ("dropped", "a plan with no date the local engine can name; not saved (give it a "
               "day, or say it as 'Remember: ...' to keep it)")
    assert ends["The migration happens …"] == undated, rows  # (read as no kind)
    assert ends["The review is …"] == undated, rows  # (read as a plan, no day)
    # what is kept is as before: the two plans with a day, and nothing of Dana or the sprint
    assert ends["The beta goes out on 2026-07-31."][0] == "kept"
    assert ends["The launch is on 2026-07-15."][0] == "kept"
    names = sorted(p.name for p in (project / "memory").glob("*.md"))
    assert names == ["MEMORY.md", "project_beta-goes.md", "project_launch.md"], names


def test_a_secret_in_a_dropped_plan_is_never_shown(tmp_path: Path) -> None:
    # a plan with no day is dropped whole: listed by its first words, so a value said in it is
    # in no file the dream writes (shown whole, 'hunter2' was in show --all-decisions and the
    # run's record.json)
    project = _project_told(tmp_path, [
        "I'll deploy it next release with the password hunter2 soon.",
        "The migration happens next sprint with the token hunter2.",
    ])
    result = CliRunner().invoke(cli, ["--force", "--project", str(project)],
                                env=clean_env(AUTODREAM_NOW=_DREAM_AT))
    assert result.exit_code == 0, result.output
    rows = _decisions(project)
    dropped = [(subject, reason) for action, subject, reason in rows if action == "dropped"]
    undated = ("a plan with no date the local engine can name; not saved (give it a day, or "
               "say it as 'Remember: ...' to keep it)")
    # ("I'll" is not letters alone: '…' alone)
    assert dropped == [("…", undated), ("The migration happens …", undated)], rows
    shown = CliRunner().invoke(cli, ["show", "--all-decisions", "--json", "--project",
                                     str(project)], env=clean_env(AUTODREAM_NOW=_DREAM_AT))
    assert shown.exit_code == 0 and "hunter2" not in shown.output, shown.output
    holding = [str(path.relative_to(project)) for path in sorted(project.rglob("*"))
               if path.is_file()
               and "hunter2" in path.read_text(encoding="utf-8", errors="replace")]
    assert all(name.startswith("sessions/") for name in holding), holding
    assert holding, "the transcripts hold it, so the search reads the files"
