"""Facts a person tells in passing, as a local dream keeps them: a value told changed ("The
staging URL changed to ...") replaces the one memory gives that very thing, and nothing else."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from tests.factories import TranscriptBuilder, project_dirs
from tests.test_cli_dream import dream

_SETTINGS = ('backend = "local"\nmin_hours = 1\nmin_sessions = 1\n'
             'scan_interval_minutes = 1\n')


def _said_on(project: Path, day: int, text: str) -> None:
    """One session on 2026-07-0``day`` in which the person says ``text``."""
    builder = TranscriptBuilder(session_id=f"aaaaaaaa-0000-4000-8000-{day:04d}{len(text):08d}",
                                start=datetime(2026, 7, day, 9, 0, tzinfo=UTC))
    builder.user(text).assistant("OK.")
    builder.write(project / "sessions")


def _dream_on(project: Path, day: int) -> None:
    code, out, err = dream(project, AUTODREAM_NOW=f"2026-07-0{day}T20:00:00+00:00",
                           AUTODREAM_NO_CACHE="1")
    assert code == 0, out + err


def _told(tmp_path: Path, *days: str) -> list[str]:
    """Each of ``days`` said on its own day (1, 2, ...) and dreamt over that evening; the
    index's lines after the last dream."""
    project = project_dirs(tmp_path / "v", _SETTINGS)
    for day, text in enumerate(days, 1):
        _said_on(project, day, text)
        _dream_on(project, day)
    index = (project / "memory" / "MEMORY.md").read_text(encoding="utf-8")
    return [line for line in index.splitlines() if line.startswith("- ")]


@pytest.mark.parametrize("told", [
    "The staging URL changed to https://staging2.bramble.dev.",
    "The staging URL has changed to https://staging2.bramble.dev.",
    # (the path "changed to" now takes, as it was)
    "The staging URL is now https://staging2.bramble.dev.",
    "The staging URL moved to https://staging2.bramble.dev.",
])
def test_an_address_told_changed_replaces_the_old_one(tmp_path: Path, told: str) -> None:
    # (both were kept as current: "The staging URL is staging.bramble.dev" beside "The staging
    # URL changed to staging2.bramble.dev")
    lines = _told(tmp_path, "The staging URL is https://staging.bramble.dev.", told)
    assert len(lines) == 1, lines
    assert "staging2.bramble.dev" in lines[0] and "//staging.bramble" not in lines[0]


@pytest.mark.parametrize("told", [
    # another thing's address: both hold
    "The prod URL changed to https://prod2.bramble.dev.",
    # no value told changed, or not of a thing named
    "The test changed to pass after the fix.",
    "I changed to the dev branch.",
    # (a change not made, or one to come: the words before "changed" are no thing's name)
    "The staging URL has not changed to https://staging2.bramble.dev.",
    "The staging URL should be changed to https://staging2.bramble.dev.",
    "The staging URL will be changed to https://staging2.bramble.dev.",
    "The staging URL is not changed to https://staging2.bramble.dev.",
    "The staging URL could have changed to https://staging2.bramble.dev.",
    "The staging URL never changed to https://staging2.bramble.dev.",
])
def test_what_changed_of_another_thing_leaves_the_address(tmp_path: Path, told: str) -> None:
    lines = _told(tmp_path, "The staging URL is https://staging.bramble.dev.", told)
    assert any("The staging URL is staging.bramble.dev" in line for line in lines), lines



@pytest.mark.parametrize("first", [
    "The staging URL is https://staging.bramble.dev, and the prod URL is https://prod.bramble.dev.",
    "The staging URL is https://staging.bramble.dev; use the VPN.",
])
def test_an_address_told_changed_keeps_what_else_the_old_memory_says(
        tmp_path: Path, first: str) -> None:
    # (the update wrote "The staging URL changed to https://staging2..." over the whole old
    # sentence, and the prod URL was gone; as main: both memories kept)
    lines = _told(tmp_path, first, "The staging URL changed to https://staging2.bramble.dev.")
    bodies = " ".join(path.read_text(encoding="utf-8")
                      for path in (tmp_path / "v" / "memory").glob("*.md"))
    assert first in bodies, bodies
    assert any("staging2.bramble.dev" in line for line in lines), lines


def test_an_address_told_changed_keeps_the_other_lines_of_its_memory(tmp_path: Path) -> None:
    # (the update dropped each line naming the old host as stale: the seed-script rule was gone)
    project = project_dirs(tmp_path / "v", _SETTINGS)
    lines = ["The staging URL is https://staging.bramble.dev.",
             "Never run the seed script against staging.bramble.dev, it wipes the shared data.",
             "Priya owns the staging box."]
    (project / "memory" / "reference_staging.md").write_text(
        "---\nname: Staging\ndescription: The staging URL\ntype: reference\n---\n\n"
        + "\n".join(lines) + "\n", encoding="utf-8")
    (project / "memory" / "MEMORY.md").write_text(
        "- [Staging](reference_staging.md) — The staging URL\n", encoding="utf-8")
    _said_on(project, 1, "The staging URL changed to https://staging2.bramble.dev.")
    _dream_on(project, 1)
    bodies = " ".join(path.read_text(encoding="utf-8")
                      for path in (project / "memory").glob("*.md"))
    assert all(line in bodies for line in lines), bodies
    assert "https://staging2.bramble.dev" in bodies


@pytest.mark.parametrize("told", [
    "The staging URL changed to https://staging2.bramble.dev.",
    "The staging URL is now https://staging2.bramble.dev.",
])
def test_an_address_told_for_now_then_changed_is_named_by_the_new_one(
        tmp_path: Path, told: str) -> None:
    # (the description kept "for now" beside the new address: "The staging URL is
    # https://staging2.bramble.dev for now.", which was never said)
    lines = _told(tmp_path, "The staging URL is https://staging.bramble.dev for now.", told)
    assert len(lines) == 1 and lines[0].startswith(
        "- [The staging URL is staging2.bramble.dev]("), lines
    assert "for now" not in lines[0] and "staging2.bramble.dev" in lines[0].split(" — ")[1]


def test_a_numbered_address_told_for_now_then_changed_is_not_told_for_now_again(
        tmp_path: Path) -> None:
    # (rev176: with '/d/inc-42' read as work at hand, a memory kept of it on an earlier day
    # was described after the change as "The incident dashboard is
    # https://grafana.acme.dev/d/inc-43 for now.", which was never said)
    project = project_dirs(tmp_path / "v", _SETTINGS)
    first = "The incident dashboard is https://grafana.acme.dev/d/inc-42 for now."
    (project / "memory" / "reference_incident-dashboard.md").write_text(
        f"---\nname: The incident dashboard is grafana.acme.dev\ndescription: {first}\n"
        f"type: reference\n---\n\n{first}\n", encoding="utf-8")
    (project / "memory" / "MEMORY.md").write_text(
        "- [The incident dashboard is grafana.acme.dev](reference_incident-dashboard.md)"
        f" — {first}\n", encoding="utf-8")
    _said_on(project, 1, "The incident dashboard changed to https://grafana.acme.dev/d/inc-43.")
    _dream_on(project, 1)
    kept = (project / "memory" / "reference_incident-dashboard.md").read_text(encoding="utf-8")
    description = next(line for line in kept.splitlines() if line.startswith("description:"))
    assert "for now" not in description and "inc-43" in kept, kept


def _kept_bodies(tmp_path: Path, said: str) -> list[str]:
    """``said`` on day 1, dreamt over: the first body line of each topic file kept."""
    project = project_dirs(tmp_path / "v", _SETTINGS)
    _said_on(project, 1, said)
    _dream_on(project, 1)
    return sorted(path.read_text(encoding="utf-8").split("\n---\n", 1)[1].strip().splitlines()[0]
                  for path in (project / "memory").glob("*.md") if path.name != "MEMORY.md")


@pytest.mark.parametrize("said", [
    "The staging URL is https://staging.bramble.dev for now.",
    "The staging URL is https://staging.bramble.dev, for now.",
    "Our docs are at docs.internal.bramble.dev for now.",
    "The prod dashboard is at https://grafana.bramble.io/d/prod for now.",
    "The API is at https://bramble.dev/api for now.",
    # (a place's own numbered part: a region, a release, a page's own name; rev176 found the
    # last three dropped when a word-number part was read as one numbered item of the work)
    "The staging URL is https://staging.bramble.dev/eu-1 for now.",
    "The docs are at https://docs.bramble.dev/release-3 for now.",
    "The incident dashboard is https://grafana.bramble.dev/d/incidents for now.",
    "The status page is https://status.acme.dev/incidents-2024 for now.",
    "The prod dashboard is https://grafana.acme.dev/d/jobs-1 for now.",
    "The runbook is at https://wiki.acme.dev/runbooks/incident-1 for now.",
])
def test_an_address_told_for_now_is_kept_with_its_words(tmp_path: Path, said: str) -> None:
    # (dropped as 'ephemeral task state, not a standing fact')
    assert _kept_bodies(tmp_path, said) == [said]


def test_an_address_told_for_now_is_forgotten_when_asked(tmp_path: Path) -> None:
    # (its title is the address, "for now" left in the body: "forget the staging URL" names it)
    said = "The staging URL is https://staging.bramble.dev for now."
    assert _told(tmp_path, said)[0].startswith("- [The staging URL is staging.bramble.dev](")
    assert _told(tmp_path / "again", said, "Please forget the staging URL.") == []


def test_my_address_told_for_now_is_titled_without_it(tmp_path: Path) -> None:
    # (kept as "The user's staging URL ...", whose title was "... for now")
    said = "My staging URL is https://staging-priya.bramble.dev for now."
    lines = _told(tmp_path, said)
    assert len(lines) == 1 and lines[0].startswith(
        "- [The user's staging URL is staging-priya.bramble.dev]("), lines


@pytest.mark.parametrize("said", [
    "For now, comment out the test.",
    "The test is skipped for now.",
    # (a value that is not an address: the work at hand, as main drops it)
    "The blocker is JIRA-123 for now.",
    "The PR is #412 for now.",
    "The PR is https://github.com/acme/web/pull/412 for now.",
    "My branch is fix-123 for now.",
    "The failing test is TestCheckout for now.",
    "Our tests are 40% flaky for now.",
    "The plan is A for now.",
    "Our database is Postgres 15 for now.",
    # (an address of the work at hand, or of no place kept)
    "The PR URL is https://github.com/o/r/pull/4 for now.",
    "The PR link is https://github.com/acme/web/pull/412 for now.",
    "The CI run URL is https://github.com/acme/web/actions/runs/99 for now.",
    "The ticket link is https://acme.atlassian.net/browse/JIRA-123 for now.",
    "The build log is at https://ci/x/123 for now.",
    "The build log is at https://ci.acme.io/x/123 for now.",
    "the preview is https://pr-412.preview.app for now",
    "My branch URL is https://github.com/acme/web/tree/fix-123 for now.",
    "The screenshot is at https://imgur.com/a/xyz for now.",
    "The meeting link is https://meet.google.com/abc-defg-hij for now.",
    "The demo is at https://demo-42.vercel.app for now.",
    "The old staging URL is https://staging.bramble.dev for now.",
    "The broken staging URL is https://staging.bramble.dev for now.",
    "The temporary staging URL is https://tmp-staging.bramble.dev for now.",
    "The staging URL is https://staging/x for now.",
    "The docs are at https://docs.bramble.dev/v/2 for now.",
    # (from the real transcripts and the tests: task state, and said by the person of themself)
    "I maintain the list by hand for now.",
    "No, for now we're on Node 16.",
    "Run neither the linter nor the tests for now.",
])
def test_the_work_at_hand_told_for_now_stays_dropped(tmp_path: Path, said: str) -> None:
    assert _kept_bodies(tmp_path, said) == []
