from __future__ import annotations

import dataclasses
import os
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from autodream import config
from autodream.cli import cli
from autodream.errors import ConfigError
from autodream.settings import (
    LOCK_FILENAME,
    STATE_DIRNAME,
    FixedClock,
    Settings,
    SystemClock,
    backend_choice,
)
from tests.claude_layout import Layout, make_layout


@pytest.fixture
def layout(tmp_path: Path) -> Layout:
    return make_layout(tmp_path)


def resolve(layout: Layout, project: Path | None = None, **env: str) -> Settings:
    return Settings.resolve(project or layout.project, env=layout.env(**env))


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        ("/home/user/proj", "-home-user-proj"),
        ("/home/user/my_project.v2", "-home-user-my-project-v2"),
        ("C:\\Users\\alice\\some project", "C--Users-alice-some-project"),
        ("/home/user/文档/x", "-home-user----x"),
        ("/tmp/caf\u00e9", "-tmp-caf-"),
        ("/tmp/\U0001f600", "-tmp---"),  # outside the BMP: two UTF-16 units, two dashes
    ],
)
def test_sanitize_follows_claude_code(path: str, expected: str) -> None:
    assert config.sanitize(path) == expected


def test_long_names_are_cut_with_a_hash_suffix() -> None:
    long_a = "/x" * 150
    long_b = "/y" + "/x" * 149
    name_a, name_b = config.sanitize(long_a), config.sanitize(long_b)
    prefix, _, suffix = name_a.rpartition("-")
    assert prefix == "-x" * 100
    assert name_a != name_b, "long paths sharing a sanitized prefix must not collide"
    # The suffix is base 36 of |Java-style 32-bit string hash|; "hello".hashCode() == 99162322.
    assert int(config.sanitize("/" * 200 + "hello").rpartition("-")[2], 36) == abs(
        _java_hash("/" * 200 + "hello")
    )
    assert int(suffix, 36) == abs(_java_hash(long_a))
    assert _java_hash("hello") == 99162322


def _java_hash(text: str) -> int:
    h = 0
    for ch in text:
        h = (31 * h + ord(ch)) % 2**32
    return h - 2**32 if h >= 2**31 else h


def test_default_discovery_follows_claude_code(layout: Layout) -> None:
    settings = resolve(layout)
    assert settings.project_root == layout.project
    assert settings.memory_dir == layout.memory_dir
    assert settings.sessions_dir == layout.sessions_dir
    assert settings.state_dir == layout.memory_dir / STATE_DIRNAME
    assert settings.lock_path == layout.memory_dir / LOCK_FILENAME
    assert isinstance(settings.clock, SystemClock)
    assert (settings.min_hours, settings.min_sessions) == (24.0, 5)
    assert (settings.scan_interval_minutes, settings.lock_ttl_minutes) == (10.0, 60.0)


def test_claude_config_dir_moves_claude_home(layout: Layout, tmp_path: Path) -> None:
    env = layout.env()
    env.pop("CLAUDE_CONFIG_DIR")
    env["HOME"] = str(tmp_path / "home")
    default = Settings.resolve(layout.project, env=env)
    assert str(default.memory_dir).startswith(str(Path.home() / ".claude" / "projects"))
    moved = resolve(layout)
    assert moved.memory_dir.is_relative_to(layout.claude_home / "projects")


def git(*args: str, cwd: Path) -> None:
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True)


def test_memory_dir_comes_from_the_git_root_and_sessions_from_the_cwd(layout: Layout) -> None:
    git("init", "-q", cwd=layout.project)
    sub = layout.project / "src" / "pkg"
    sub.mkdir(parents=True)
    settings = resolve(layout, project=sub)
    assert settings.memory_dir == layout.memory_dir
    assert settings.project_root == layout.project
    assert settings.sessions_dir == layout.claude_home / "projects" / config.sanitize(str(sub))


def test_a_worktree_shares_the_main_repository_memory(layout: Layout, tmp_path: Path) -> None:
    git("init", "-q", cwd=layout.project)
    env = {"GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t", "GIT_COMMITTER_NAME": "t"}
    subprocess.run(
        ["git", "-c", "user.email=t@t", "commit", "-q", "--allow-empty", "-m", "x"],
        cwd=layout.project,
        check=True,
        env={**os.environ, **env},
    )
    worktree = tmp_path / "wt"
    git("worktree", "add", "-q", str(worktree), cwd=layout.project)
    settings = resolve(layout, project=worktree)
    assert settings.memory_dir == layout.memory_dir, "memory follows the canonical (main) root"
    assert settings.project_root == worktree.resolve()
    assert settings.sessions_dir.name == config.sanitize(str(worktree.resolve()))


@pytest.mark.parametrize(
    ("toml", "env", "flag", "expected"),
    [
        (None, None, None, 24.0),
        ("min_hours = 12", None, None, 12.0),
        ("min_hours = 12", "6", None, 6.0),
        ("min_hours = 12", "6", 3.0, 3.0),
        (None, None, 0.5, 0.5),
    ],
)
def test_precedence_flags_env_file_defaults(
    layout: Layout, toml: str | None, env: str | None, flag: float | None, expected: float
) -> None:
    if toml:
        (layout.project / "autodream.toml").write_text(toml + "\n")
    extra = {"AUTODREAM_MIN_HOURS": env} if env else {}
    settings = Settings.resolve(
        layout.project, overrides={"min_hours": flag}, env=layout.env(**extra)
    )
    assert settings.min_hours == expected


def test_pyproject_tool_table_is_read_and_other_pyprojects_ignored(layout: Layout) -> None:
    pyproject = layout.project / "pyproject.toml"
    pyproject.write_text('[project]\nname = "autodream-user"\n')
    assert resolve(layout).config_path is None
    pyproject.write_text('[project]\nname = "x"\n[tool]\nautodream = { min_sessions = 3 }\n')
    assert resolve(layout).min_sessions == 3
    pyproject.write_text('[project]\nname = "x"\n\n[tool.autodream]\nmin_sessions = 2\n')
    settings = resolve(layout)
    assert settings.min_sessions == 2
    assert settings.config_path == pyproject


def test_config_paths_are_relative_to_the_config_file(layout: Layout, tmp_path: Path) -> None:
    (layout.project / "mem").mkdir()
    (layout.project / "logs").mkdir()
    (layout.project / "autodream.toml").write_text(
        'memory_dir = "mem"\nsessions_dir = "logs"\nproject_root = "."\n'
    )
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    cwd = os.getcwd()
    os.chdir(elsewhere)
    try:
        settings = resolve(layout)
    finally:
        os.chdir(cwd)
    assert settings.memory_dir == layout.project / "mem"
    assert settings.sessions_dir == layout.project / "logs"
    assert settings.project_root == layout.project


@pytest.mark.parametrize(
    ("toml", "env", "key"),
    [
        ("min_hour = 3", {}, "'min_hour'"),
        ('min_hours = "soon"', {}, "min_hours"),
        ("min_sessions = 2.5", {}, "min_sessions"),
        ("allow_loss = 1", {}, "allow_loss"),
        ('backend = "gpt"', {}, "backend"),
        ('sessions_dir = "no/such/dir"', {}, "sessions_dir"),
        ('project_root = "missing"', {}, "project_root"),
        ("", {"AUTODREAM_MIN_SESSIONS": "many"}, "AUTODREAM_MIN_SESSIONS"),
        ("", {"AUTODREAM_SESSIONS_DIR": "/no/such/dir"}, "sessions_dir"),
        ("", {"AUTODREAM_NOW": "yesterday"}, "AUTODREAM_NOW"),
        ("min_hours = [", {}, "autodream.toml"),
        # a cloned repository's config must not redirect the user's API key
        ('base_url = "http://127.0.0.1:9"', {}, "base_url"),
        ('api_key = "sk-committed"', {}, "api_key"),
    ],
)
def test_bad_configuration_is_one_line_naming_the_key(
    layout: Layout, toml: str, env: dict[str, str], key: str
) -> None:
    (layout.project / "autodream.toml").write_text(toml + "\n")
    with pytest.raises(ConfigError) as excinfo:
        resolve(layout, **env)
    message = str(excinfo.value)
    assert key in message
    assert "\n" not in message

    result = CliRunner().invoke(
        cli, ["status", "--project", str(layout.project)], env={**layout.env(), **env}
    )
    assert result.exit_code == ConfigError.exit_code
    assert key in result.output
    assert len(result.output.strip().splitlines()) == 1


@pytest.mark.parametrize("kind", ["folder", "dangling symlink", "symlink loop",
                                  "two-link loop"])
def test_an_autodream_toml_that_is_no_file_is_an_error_not_passed_over(
        layout: Layout, tmp_path: Path, kind: str) -> None:
    # passed over, the dream ran on the defaults: the memory_dir and backend it set were
    # dropped in silence, and a dream started another memory under ~/.claude/projects. A loop
    # was said to be 'a symlink to a file that does not exist', sending the person after a
    # file that never was
    place = layout.project / "autodream.toml"
    if kind == "folder":
        place.mkdir()
        what = "not a file"
    elif kind == "dangling symlink":
        place.symlink_to(tmp_path / "dotfiles" / "autodream.toml")
        what = "a symlink to a file that does not exist"
    else:
        place.symlink_to(place.name if kind == "symlink loop" else "other.toml")
        if kind == "two-link loop":
            (layout.project / "other.toml").symlink_to(place.name)
        what = "a symlink loop"
    for command in (["status"], ["--force"], ["log"]):
        result = CliRunner().invoke(cli, ["--project", str(layout.project), *command],
                                    env=layout.env())
        assert result.exit_code == ConfigError.exit_code, (command, result.output)
        assert result.output == (f"Error: cannot read {place}: {what}; autodream reads its "
                                 "settings from there (make it the settings file, or move it "
                                 "away)\n"), command
    assert not layout.memory_dir.exists() or not any(layout.memory_dir.iterdir())


def test_an_autodream_toml_that_is_no_file_at_the_git_top_is_said_from_a_subfolder(
        layout: Layout, monkeypatch: pytest.MonkeyPatch) -> None:
    # the settings of a repository are looked for up to its top level, which is where a
    # folder or a dangling link of that name is found from src/pkg too
    git("init", "-q", cwd=layout.project)
    sub = layout.project / "src" / "pkg"
    sub.mkdir(parents=True)
    place = layout.project / "autodream.toml"
    place.mkdir()
    said = (f"Error: cannot read {place}: not a file; autodream reads its settings from there "
            "(make it the settings file, or move it away)\n")
    by_option = CliRunner().invoke(cli, ["--project", str(sub), "status"], env=layout.env())
    assert (by_option.exit_code, by_option.output) == (ConfigError.exit_code, said)
    monkeypatch.chdir(sub)  # as a person in the subfolder runs it
    in_sub = CliRunner().invoke(cli, ["--force"], env=layout.env())
    assert (in_sub.exit_code, in_sub.output) == (ConfigError.exit_code, said)
    assert not layout.memory_dir.exists()


@pytest.mark.parametrize(
    ("toml", "env", "said", "least"),
    [
        # was "must be 0 or more, got -1": 0 is refused too
        ("max_files_touched = -1", {}, "max_files_touched (in ", "more than 0"),
        ("", {"AUTODREAM_MAX_TURNS": "-3"}, "max_turns (env AUTODREAM_MAX_TURNS)",
         "more than 0"),
        ("min_hours = -2.5", {}, "min_hours (in ", "0 or more"),
        ("", {"AUTODREAM_MIN_HOURS": "-5"}, "min_hours (env AUTODREAM_MIN_HOURS)", "0 or more"),
    ],
)
def test_a_negative_number_is_said_to_be_negative_not_of_the_wrong_kind(
    layout: Layout, toml: str, env: dict[str, str], said: str, least: str
) -> None:
    (layout.project / "autodream.toml").write_text(toml + "\n")
    with pytest.raises(ConfigError) as excinfo:
        resolve(layout, **env)
    message = str(excinfo.value)
    assert message.startswith(said) and f": must be {least}, got -" in message


@pytest.mark.parametrize(
    ("toml", "env", "said"),
    [
        # 0 minutes makes every lock stale at once: a second dream would take it mid-run
        ("lock_ttl_minutes = 0", {}, "lock_ttl_minutes (in "),
        # with 0 of these budgets every dream fails, each with a reason that hides the cause
        ("max_turns = 0", {}, "max_turns (in "),
        ("", {"AUTODREAM_MAX_WRITE_BYTES": "0"},
         "max_write_bytes (env AUTODREAM_MAX_WRITE_BYTES)"),
        ("max_tool_output_bytes = 0", {}, "max_tool_output_bytes (in "),
        ("max_read_bytes = 0", {}, "max_read_bytes (in "),
        ("max_input_tokens = 0", {}, "max_input_tokens (in "),
        ("max_output_tokens = 0", {}, "max_output_tokens (in "),
        # a dream that may touch no memory file: the local engine wrote as many as it liked
        ("max_files_touched = 0", {}, "max_files_touched (in "),
    ],
)
def test_a_zero_that_would_break_every_dream_is_refused(
    layout: Layout, toml: str, env: dict[str, str], said: str
) -> None:
    (layout.project / "autodream.toml").write_text(toml + "\n")
    with pytest.raises(ConfigError) as excinfo:
        resolve(layout, **env)
    assert str(excinfo.value).startswith(said)
    assert str(excinfo.value).endswith(": must be more than 0, got 0")


@pytest.mark.parametrize(("toml", "env", "said"), [
    ("min_hours = nan", {}, "a finite number of hours, got nan"),
    # infinitely many hours was taken as a setting; then said to be "expected a number, got
    # inf" (user audit: inf is a number)
    ("min_hours = inf", {}, "a finite number of hours, got inf"),
    ("min_hours = 1e400", {}, "a finite number of hours, got inf"),
    ("lock_ttl_minutes = inf", {}, "a finite number of minutes, got inf"),
    ("api_timeout_seconds = -inf", {}, "a finite number of seconds, got -inf"),
    ("max_cost_usd = nan", {}, "a finite number of US dollars, got nan"),
    ("", {"AUTODREAM_MIN_HOURS": "inf"}, "a finite number of hours, got 'inf'"),
    ("", {"AUTODREAM_SCAN_INTERVAL_MINUTES": "1e400"},
     "a finite number of minutes, got '1e400'"),
])
def test_nan_or_infinity_is_said_to_be_no_finite_number(
    layout: Layout, toml: str, env: dict[str, str], said: str
) -> None:
    (layout.project / "autodream.toml").write_text(toml + "\n")
    with pytest.raises(ConfigError) as excinfo:
        resolve(layout, **env)
    assert str(excinfo.value).endswith(f": expected {said}")


@pytest.mark.parametrize(
    ("toml", "advice"),
    [('api_key = "sk-committed"', "use AUTODREAM_API_KEY (or ANTHROPIC_API_KEY)"),
     ('base_url = "http://127.0.0.1:9"', "use --base-url or AUTODREAM_BASE_URL")],
)
def test_a_user_only_key_in_a_project_file_points_to_what_exists(
        layout: Layout, toml: str, advice: str) -> None:
    (layout.project / "autodream.toml").write_text(toml + "\n")
    with pytest.raises(ConfigError) as excinfo:
        resolve(layout)
    assert str(excinfo.value).endswith(advice)
    if "--" in advice:  # the flag it names is one the CLI takes
        assert advice.split()[1] in CliRunner().invoke(cli, ["--help"]).stdout


def test_missing_project_dir_is_a_config_error(layout: Layout) -> None:
    with pytest.raises(ConfigError, match="project"):
        resolve(layout, project=layout.project / "nope")


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("1780000000", 1_780_000_000.0),
        ("2026-05-28T20:26:40Z", 1_780_000_000.0),
        ("2026-05-28T22:26:40+02:00", 1_780_000_000.0),
        ("2026-05-28T20:26:40", 1_780_000_000.0),
    ],
)
def test_autodream_now_fixes_the_clock(layout: Layout, value: str, expected: float) -> None:
    settings = resolve(layout, AUTODREAM_NOW=value)
    assert isinstance(settings.clock, FixedClock)
    assert settings.now() == expected


@pytest.mark.parametrize(
    ("backend", "env", "api_key", "name", "reason"),
    [
        ("auto", {}, None, "local", "no API key: using the local engine"),
        ("auto", {"ANTHROPIC_API_KEY": "k"}, None, "anthropic", "ANTHROPIC_API_KEY"),
        ("auto", {}, "k", "anthropic", "api_key setting"),
        ("local", {"ANTHROPIC_API_KEY": "k"}, None, "local", "configured"),
        ("anthropic", {}, None, "anthropic", "no API key"),
    ],
)
def test_backend_choice_says_which_and_why(
    layout: Layout,
    backend: str,
    env: dict[str, str],
    api_key: str | None,
    name: str,
    reason: str,
) -> None:
    settings = dataclasses.replace(resolve(layout), backend=backend, api_key=api_key)
    choice = backend_choice(settings, env=env)
    assert choice.name == name
    assert reason in choice.reason


def test_every_setting_field_has_a_config_kind() -> None:
    fields = {f.name for f in dataclasses.fields(Settings)} - {"clock", "config_path", "sources"}
    assert fields == set(config.FIELDS)


def test_the_hooks_light_modules_agree_with_settings() -> None:
    from autodream import lock, settings

    assert (lock.LOCK_FILENAME, lock.STATE_DIRNAME) == (LOCK_FILENAME, STATE_DIRNAME)
    defaults = {f.name: f.default for f in dataclasses.fields(settings.Settings)}
    assert defaults["min_hours"] == config.DEFAULT_MIN_HOURS
    assert defaults["lock_ttl_minutes"] == config.DEFAULT_LOCK_TTL_MINUTES


def test_the_endpoint_and_key_come_from_flags_or_the_environment(layout: Layout) -> None:
    settings = resolve(
        layout, AUTODREAM_BASE_URL="http://127.0.0.1:9", AUTODREAM_API_KEY="k-from-env"
    )
    assert (settings.base_url, settings.api_key) == ("http://127.0.0.1:9", "k-from-env")


@pytest.mark.parametrize(("toml", "env", "expected"), [
    (None, None, "auto"),
    ('date_order = "dmy"', None, "dmy"),
    ('date_order = "dmy"', "mdy", "mdy"),
])
def test_date_order_comes_from_the_config_or_the_environment(
        layout: Layout, toml: str | None, env: str | None, expected: str) -> None:
    if toml:
        (layout.project / "autodream.toml").write_text(toml + "\n")
    extra = {"AUTODREAM_DATE_ORDER": env} if env else {}
    assert Settings.resolve(layout.project, env=layout.env(**extra)).date_order == expected


def test_an_unknown_date_order_is_an_error_naming_the_choices(layout: Layout) -> None:
    (layout.project / "autodream.toml").write_text('date_order = "ymd"\n')
    with pytest.raises(ConfigError, match=r"date_order .*expected one of auto, dmy, mdy"):
        Settings.resolve(layout.project, env=layout.env())


def test_a_dream_that_may_touch_no_file_is_refused_in_one_line_before_it_runs(
    tmp_path: Path,
) -> None:
    """``max_files_touched = 0`` was accepted: the local engine took it for no cap and wrote
    every memory it found, the model's tools refused each write, far from the setting."""
    import shutil

    from tests.factories import REPO_ROOT

    sample = tmp_path / "sample_project"
    shutil.copytree(REPO_ROOT / "sample_project", sample)
    with (sample / "autodream.toml").open("a") as toml:
        toml.write("max_files_touched = 0\n")
    before = {p: p.read_bytes() for p in (sample / "memory").rglob("*") if p.is_file()}
    env = {k: v for k, v in os.environ.items() if not k.startswith("AUTODREAM_")}
    result = CliRunner().invoke(cli, ["--force", "--project", str(sample)],
                                env={**env, "AUTODREAM_NOW": "2026-07-20T09:00:00Z"})
    assert result.exit_code == 3, result.output
    (line,) = result.stderr.strip().splitlines()
    assert "max_files_touched" in line and "must be more than 0, got 0" in line
    assert {p: p.read_bytes() for p in (sample / "memory").rglob("*") if p.is_file()} == before
