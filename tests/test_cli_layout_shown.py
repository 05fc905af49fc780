"""Where the code lives, said by the person ("Everything runs inside one Next.js codebase."),
is left out as what the project's files show only when they do show it: the named tool's
package or config file is there (user audit ux_audit4 finding 11: it was dropped so in a
project whose folder was empty)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.factories import LEAST_GATES, dream_on_day, project_dirs, run_cli, say_on_day

_NEXT_JS = "Everything runs inside one Next.js codebase."


def _told(root: Path, said: str, files: dict[str, str]) -> Path:
    project_dirs(root, LEAST_GATES)
    for name, text in files.items():
        (root / "project" / name).write_text(text, encoding="utf-8")
    say_on_day(root, 1, said)
    dream_on_day(root, 1)
    return root


def _topics(root: Path) -> list[str]:
    return [p.read_text(encoding="utf-8") for p in sorted((root / "memory").glob("*.md"))
            if p.name != "MEMORY.md"]


def _decisions(root: Path) -> str:
    return run_cli(root, "show", "--all-decisions", now="2026-07-01T21:00:00Z").output


@pytest.mark.parametrize(("said", "files"), [
    (_NEXT_JS, {}),
    # (a package.json that names no next shows no Next.js codebase)
    (_NEXT_JS, {"package.json": '{"dependencies": {"react": "18.3.1"}}'}),
    ("All code lives in one repo.", {}),
    ("All of our code lives in a single monorepo.", {}),
    ("Everything runs in one Django project.", {"README.md": "# shop\n"}),
], ids=["empty", "no-next-in-package-json", "one-repo-empty", "monorepo-empty", "django-readme"])
def test_where_the_code_lives_is_kept_when_the_project_does_not_show_it(
        tmp_path: Path, said: str, files: dict[str, str]) -> None:
    root = _told(tmp_path / "p", said, files)
    (topic,) = _topics(root)
    assert "\ntype: project\n" in topic, topic
    assert f"\n{said}\n" in topic, topic
    assert said.rstrip(".") in (root / "memory" / "MEMORY.md").read_text(encoding="utf-8")
    assert "the project's files show it" not in _decisions(root)


@pytest.mark.parametrize(("said", "files", "shown"), [
    (_NEXT_JS, {"package.json": '{"dependencies": {"next": "14.2.3", "react": "18.3.1"}}'},
     "'next' is a declared dependency"),
    (_NEXT_JS, {"next.config.js": "module.exports = {};\n"}, "next.config.js is in the project"),
    ("Everything runs in one Django project.",
     {"pyproject.toml": '[project]\nname = "shop"\ndependencies = ["django>=5"]\n'},
     "'django' is a declared dependency"),
    ("All code lives in one repo.", {"README.md": "# shop\n"}, "its files: README.md"),
], ids=["next-in-package-json", "next-config", "django-in-pyproject", "one-repo-readme"])
def test_where_the_code_lives_is_left_out_saying_what_shows_it(
        tmp_path: Path, said: str, files: dict[str, str], shown: str) -> None:
    root = _told(tmp_path / "p", said, files)
    assert _topics(root) == []
    told = " ".join(_decisions(root).split())
    assert f"dropped {said}" in told, told
    assert f"the project's files show it ({shown}); not saved" in told, told
