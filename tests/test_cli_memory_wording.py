"""What a person reads in MEMORY.md after a local dream: a passed plan's title says "Was
planned: " and the plan as its body says it, a capital after the colon kept only by a name."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

from tests.factories import TranscriptBuilder
from tests.test_cli_dream import dream


def _project(tmp_path: Path, *said: str, index: str = "") -> Path:
    root = tmp_path / "proj"
    for d in ("project", "sessions", "memory"):
        (root / d).mkdir(parents=True)
    (root / "autodream.toml").write_text(
        'project_root = "project"\nsessions_dir = "sessions"\nmemory_dir = "memory"\n',
        encoding="utf-8")
    if index:
        (root / "memory" / "MEMORY.md").write_text(index, encoding="utf-8")
    builder = TranscriptBuilder(session_id="aaaaaaaa-0000-4000-8000-0000000000e1",
                                start=datetime(2026, 7, 6, 9, 0, tzinfo=timezone.utc))
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
