"""The README and DEVELOPERS.md against the tree: what a user can type or set, and what a
developer can run, is named where they look for it (an option, variable or setting added
without a word in the README is one no user finds)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import click
import pytest

from autodream import config
from autodream.cli import cli
from autodream.settings import Settings
from tests.factories import REPO_ROOT

README = (REPO_ROOT / "README.md").read_text(encoding="utf-8")
DEVELOPERS = (REPO_ROOT / "DEVELOPERS.md").read_text(encoding="utf-8")


def _commands() -> Iterator[tuple[str, click.Command]]:
    yield "autodream", cli
    assert isinstance(cli, click.Group)
    for name, command in sorted(cli.commands.items()):
        yield f"autodream {name}", command


def _named(text: str, word: str) -> bool:
    return re.search(re.escape(word) + r"(?![\w-])", text) is not None


@pytest.mark.parametrize(("where", "command"), list(_commands()),
                         ids=[where for where, _ in _commands()])
def test_every_option_and_variable_of_a_command_is_in_the_readme(
        where: str, command: click.Command) -> None:
    if where != "autodream":
        assert f"`{where.split()[1]}`" in README or where in README, where
    missing: list[str] = []
    for param in command.params:
        if getattr(param, "hidden", False):
            continue  # (--trigger: the hook's own, no user's)
        missing += [f"{where} {o}" for o in param.opts + param.secondary_opts
                    if o.startswith("-") and not _named(README, o)]
        envvar = getattr(param, "envvar", None)
        # a setting's variable is AUTODREAM_<KEY>, said once for every key; others by name
        if not isinstance(envvar, str):
            continue
        setting = envvar.removeprefix("AUTODREAM_").lower() in config.FIELDS
        if not setting and not _named(README, envvar):
            missing.append(f"{where} {envvar}")
    assert not missing, missing


def test_every_setting_is_in_the_readme() -> None:
    assert [key for key in config.FIELDS if not _named(README, key)] == []


def test_the_readmes_configuration_example_is_an_autodream_toml_that_works(
        tmp_path: Path) -> None:
    section = README.split("## Configuration", 1)[1]
    block = section.split("```toml\n", 1)[1].split("```", 1)[0]
    (tmp_path / "autodream.toml").write_text(block, encoding="utf-8")
    settings = Settings.resolve(tmp_path, env={"HOME": str(tmp_path)})
    written = {line.split("=", 1)[0].strip() for line in block.splitlines()
               if re.match(r"\w+ *=", line)}
    assert written and written == set(settings.sources), settings.sources


def test_developers_names_every_bench_and_module() -> None:
    bench = sorted(p.name for p in (REPO_ROOT / "bench").glob("bench_*.py"))
    assert [name for name in bench if f"`{name}`" not in DEVELOPERS] == []
    modules = sorted(p.stem for p in (REPO_ROOT / "autodream").rglob("*.py")
                     if p.stem != "__init__" and p.stem not in ("cli", "hook"))
    assert [m for m in modules if not re.search(rf"`(\w+/)*{m}(\.py)?[`.(]", DEVELOPERS)] == []
