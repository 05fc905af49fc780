"""Where the code lives, said by the person ("Everything runs inside one Next.js codebase."),
is left out as what the project's files show in a project with any file, and the reason names
what shows it when it can (the named tool's package or config file); in one with no file it is
kept (user audit ux_audit4 finding 11: it was dropped so in a project whose folder was
empty)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.factories import LEAST_GATES, dream_on_day, project_dirs, run_cli, say_on_day

_NEXT_JS = "Everything runs inside one Next.js codebase."


def _told(root: Path, said: str, files: dict[str, str | None],
          links: dict[str, str] | None = None, settings: str = "") -> Path:
    """``said`` on day 1 in a project of ``files`` (a name to its text, None for a folder) and
    ``links`` (a symlink's name to where it points)."""
    project_dirs(root, LEAST_GATES + settings)
    for name, text in files.items():
        path = root / "project" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if text is None:
            path.mkdir()
        else:
            path.write_text(text, encoding="utf-8")
    for name, target in (links or {}).items():
        (root / "project" / name).symlink_to(target)
    say_on_day(root, 1, said)
    dream_on_day(root, 1)
    return root


def _topics(root: Path) -> list[str]:
    return [p.read_text(encoding="utf-8") for p in sorted((root / "memory").glob("*.md"))
            if p.name != "MEMORY.md"]


def _decisions(root: Path) -> str:
    return run_cli(root, "show", "--all-decisions", now="2026-07-01T21:00:00Z").output


@pytest.mark.parametrize("said", [_NEXT_JS, "All code lives in one repo.",
                                  "All of our code lives in a single monorepo."],
                         ids=["next-js", "one-repo", "monorepo"])
def test_where_the_code_lives_is_kept_when_the_project_has_no_file(
        tmp_path: Path, said: str) -> None:
    root = _told(tmp_path / "p", said, {})
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
        tmp_path: Path, said: str, files: dict[str, str | None], shown: str) -> None:
    root = _told(tmp_path / "p", said, files)
    assert _topics(root) == []
    told = " ".join(_decisions(root).split())
    assert f"dropped {said}" in told, told
    assert f"the project's files show it ({shown}); not saved" in told, told


_SHOWN = ("where the code lives (one repo, one codebase): the project's files show it; not "
          "saved")


@pytest.mark.parametrize(("said", "files", "why"), [
    # (rev197: kept as project memories, the files showing no named tool's package or config)
    ("Everything runs in one Node.js app.",
     {"package.json": '{"dependencies": {"express": "4"}}', "src": None, "node_modules": None},
     _SHOWN),
    ("Everything is in one Angular app.",
     {"package.json": '{"dependencies": {"@angular/core": "17"}}', "angular.json": "{}"},
     _SHOWN),
    ("Everything lives in one SvelteKit app.",
     {"package.json": '{"devDependencies": {"@sveltejs/kit": "2"}}',
      "svelte.config.js": "export default {};\n"}, _SHOWN),
    ("Everything runs in one NestJS app.",
     {"package.json": '{"dependencies": {"@nestjs/core": "10"}}', "nest-cli.json": "{}"},
     _SHOWN),
    ("Everything is in one Rust project.", {"Cargo.toml": '[package]\nname = "shop"\n'},
     _SHOWN),
    ("Everything is in one Go repo.", {"go.mod": "module shop\n"}, _SHOWN),
    ("Everything is in one Python project.",
     {"pyproject.toml": '[project]\nname = "shop"\ndependencies = ["fastapi"]\n'}, _SHOWN),
    ("Everything runs inside one Rails app.", {"Gemfile": "gem 'rails'\n", "app": None},
     _SHOWN),
    (_NEXT_JS, {"package.json": '{"devDependencies": {"turbo": "2"}}', "turbo.json": "{}",
                "apps/web/package.json": '{"dependencies": {"next": "14"}}'}, _SHOWN),
    (_NEXT_JS, {"package.json": '{"dependencies": {"react": "18.3.1"}}'}, _SHOWN),
    # (read as no statement the local engine knows, as it always was)
    ("The whole project lives in one Git repo.", {"README.md": "# shop\n", "src": None},
     "a statement of the project the local engine reads as no rule"),
], ids=["node", "angular", "sveltekit", "nestjs", "rust", "go", "python", "rails",
        "turborepo-next-in-apps-web", "react", "git-repo"])
def test_where_the_code_lives_is_left_out_in_a_project_with_files(
        tmp_path: Path, said: str, files: dict[str, str | None], why: str) -> None:
    root = _told(tmp_path / "p", said, files)
    assert _topics(root) == []
    told = " ".join(_decisions(root).split())
    assert f"dropped {said} {why}" in told, told


def test_what_shows_where_the_code_lives_is_named_by_plain_file_names(tmp_path: Path) -> None:
    # (rev197: the reason named the listing's entries as listed, "(next.config.js@ is in the
    # project)", "(its files: [REDACTED:github-token].txt)", "(its files: [output truncated at
    # 1000 bytes; narrow the request], ...)")
    linked = _told(tmp_path / "linked", _NEXT_JS,
                   {"README.md": "# shop\n", "config/next.js": "module.exports = {};\n"},
                   links={"next.config.js": "config/next.js"})
    secret = _told(tmp_path / "secret", "All code lives in one repo.", {
        "ghp_aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3xY5.txt": "x\n", "notes.md": "# notes\n"})
    # (more names than one listing shows: it ends with its note)
    cut = _told(tmp_path / "cut", "All code lives in one repo.",
                {f"file-{i:03d}-with-a-long-name.txt": "x\n" for i in range(80)},
                settings="max_tool_output_bytes = 1000\n")
    for root, said, why in [
            (linked, _NEXT_JS, _SHOWN),
            (secret, "All code lives in one repo.", _SHOWN.replace(
                "show it;", "show it (its files: notes.md);")),
            (cut, "All code lives in one repo.", _SHOWN.replace("show it;", (
                "show it (its files: file-000-with-a-long-name.txt, "
                "file-001-with-a-long-name.txt, file-002-with-a-long-name.txt);")))]:
        assert _topics(root) == []
        told = " ".join(_decisions(root).split())
        assert f"dropped {said} {why}" in told, told
