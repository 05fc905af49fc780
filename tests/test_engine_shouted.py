"""A sentence said all in capitals is kept in the case memory is written in, the names and
acronyms in it as they are written elsewhere: 'NEVER MERGE A PR WITHOUT CI PASSING, ASK
MARIA.' was kept (and titled) in capitals, and a first fix lowered it all ('ask maria',
'open a pr')."""

from __future__ import annotations

import os
from datetime import datetime, timezone
from pathlib import Path

import pytest
from click.testing import CliRunner

from autodream.cli import cli
from autodream.engine import plan_dream
from autodream.engine.shouting import COMMON_WORDS
from autodream.engine.switch_targets import _NOT_A_PLACE
from autodream.engine.tool_kinds import _TOOL_OF
from autodream.memory.model import parse_topic
from tests.engine_helpers import NOW, candidates, gather, human, topic
from tests.factories import project_with_one_session

_SHOUTED = "NEVER MERGE A PR WITHOUT CI PASSING, ASK MARIA."
_KEPT = "Never merge a PR without CI passing, ask Maria."


@pytest.mark.parametrize(("said", "kept"), [
    ("ALWAYS RUN THE LINTER BEFORE PUSHING.", "Always run the linter before pushing."),
    # a known acronym, a day, an identifier and a host's name each as they are written
    ("ALWAYS OPEN A PR BEFORE MERGING TO MAIN.", "Always open a PR before merging to main."),
    ("WE DEPLOY TO S3 ON FRIDAYS.", "We deploy to S3 on Fridays."),
    ("ALWAYS SET NODE_ENV BEFORE THE BUILD.", "Always set NODE_ENV before the build."),
    ("NEVER DEPLOY TO STG3.EXAMPLE.COM ON FRIDAYS.",
     "Never deploy to stg3.example.com on Fridays."),
])
def test_a_sentence_said_in_capitals_is_kept_in_sentence_case(said: str, kept: str) -> None:
    # each was kept as shouted, and titled so ('ALWAYS RUN THE LINTER BEFORE PUSHING')
    assert [c.text for c in candidates(said)] == [kept]


@pytest.mark.parametrize("maria", ["Maria owns the release checklist.",
                                   "Please check the release notes with Maria."])
@pytest.mark.parametrize("before", [True, False])
def test_a_name_said_in_capitals_keeps_the_case_it_is_written_in_elsewhere(
        maria: str, before: bool) -> None:
    # ('ask maria' when lowered; the name said before or after the shouted sentence)
    said = [maria, _SHOUTED] if before else [_SHOUTED, maria]
    texts = [c.text for c in gather(*(human(s) for s in said)).candidates]
    assert _KEPT in texts


@pytest.mark.parametrize(("before", "said", "kept"), [
    # "Always ..." starts a sentence, and "always" is said too: a word, not a name
    ("Always rebase. We always squash.", "WE ALWAYS ASK BEFORE A FORCE PUSH.",
     "We always ask before a force push."),
    # ... "Use" starts one as its verb, no name of a subject
    ("Use tabs for indentation.", "NEVER USE FORCE PUSH ON MAIN.",
     "Never use force push on main."),
])
def test_a_word_that_starts_a_sentence_elsewhere_is_no_name(before: str, said: str,
                                                            kept: str) -> None:
    g = gather(human(before), human(said))
    assert kept in [c.text for c in g.candidates]


@pytest.mark.parametrize("held", [
    {}, {"project_db.md": topic("db", "We use Postgres 16 on port 5432.")}])
def test_a_port_put_right_in_capitals_is_kept_in_normal_case(held: dict[str, str]) -> None:
    # 'CORRECTION: THE PORT IS 5434.' with no port in memory was kept as 'THE PORT is now
    # 5434.', and titled so
    plan = plan_dream(dict(held), "".join(f"- [x]({f}) — x\n" for f in held),
                      candidates("CORRECTION: THE PORT IS 5434.", day=3), now=NOW)
    written = "".join(plan.writes.values())
    assert "THE PORT" not in written
    if held:
        assert parse_topic(plan.writes["project_db.md"]).body.startswith(
            "We use Postgres 16 on port 5434.\n")
    else:
        assert "The port is now 5434." in written


def _dream(root: Path, said: list[str], held: dict[str, str] | None = None) -> dict[str, str]:
    """The memory a local dream leaves over one session saying ``said`` and memory ``held`` (its
    files by name, the session's id left out)."""
    at = datetime(2026, 7, 1, 9, 0, tzinfo=timezone.utc)
    session = project_with_one_session(root, said, at).stem
    for name, text in (held or {}).items():
        (root / "memory" / name).write_text(text)
    environ = {k: v for k, v in os.environ.items()
               if not k.startswith(("AUTODREAM_", "ANTHROPIC_"))}
    environ["AUTODREAM_NOW"] = "2026-07-02T09:00:00Z"
    result = CliRunner().invoke(cli, ["--force", "--project", str(root)], env=environ,
                                catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return {p.name: p.read_text().replace(session, "SESSION")
            for p in sorted((root / "memory").glob("*.md"))}


def test_a_name_memory_writes_is_kept_in_a_sentence_said_in_capitals(tmp_path: Path) -> None:
    # Maria named only in memory: a local dream over the shouted sentence alone
    written = "".join(_dream(tmp_path, [_SHOUTED], {
        "project_release.md": topic("release", "The release checklist is owned by Maria."),
        "MEMORY.md": "- [release](project_release.md) — who owns it\n"}).values())
    assert _KEPT in written
    assert "MARIA" not in written and "ask maria" not in written


@pytest.mark.parametrize(("said", "kept"), [
    # a name or a product seen nowhere else was lowered into a word ('ask john', 'use
    # terraform', 'on github actions'): a word not known as common English is Capitalised
    ("ALWAYS RUN RUFF BEFORE COMMITTING, ASK JOHN IF UNSURE.",
     "Always run Ruff before committing, ask John if unsure."),
    ("THE CI RUNS ON GITHUB ACTIONS NOW", "The CI runs on Github Actions now."),
    ("NEVER USE THE CONSOLE, USE TERRAFORM", "Never use the console, use Terraform."),
    ("DON'T FORCE-PUSH TO MAIN, WE'LL LOSE JOHN'S WORK.",
     "Don't force-push to main, we'll lose John's work."),
])
def test_a_name_seen_nowhere_else_is_kept_a_name(said: str, kept: str) -> None:
    assert [c.text for c in candidates(said)] == [kept]


def test_a_name_guessed_is_written_as_it_is_written_later() -> None:
    # ('Github' said in capitals, 'GitHub' typed after it)
    g = gather(human("USE GITHUB ACTIONS FOR CI."), human("We moved CI to GitHub Actions."))
    assert "Use GitHub Actions for CI." in [c.text for c in g.candidates]


@pytest.mark.parametrize(("shouted", "typed"), [
    ("USE PYTHON 3.12, NOT 3.11.", "Use Python 3.12, not 3.11."),
    ("WE SWITCHED FROM POSTGRES TO MYSQL.", "We switched from Postgres to Mysql."),
    ("UPGRADED NODE FROM 18 TO 20.", "Upgraded Node from 18 to 20."),
    ("USE GO 1.22, NOT 1.21.", "Use Go 1.22, not 1.21."),
])
def test_a_sentence_said_in_capitals_is_read_as_the_one_typed(shouted: str,
                                                              typed: str) -> None:
    # 'USE PYTHON 3.12, NOT 3.11.' was 'Use python 3.12, not 3.11': no version was read in it,
    # and it was kept as a rule named 'use python' with no Python version to apply
    assert candidates(shouted) == candidates(typed)


def test_a_version_rule_said_in_capitals_makes_the_memory_typed_makes(tmp_path: Path) -> None:
    shouted = _dream(tmp_path / "shouted", ["USE PYTHON 3.12, NOT 3.11."])
    typed = _dream(tmp_path / "typed", ["Use Python 3.12, not 3.11."])
    assert shouted == typed
    assert "Use Python 3.12 rather than Python 3.11" in "".join(shouted.values())


def test_the_common_words_hold_no_name_of_a_tool() -> None:
    # (one of them lowered would be lost to the readers of tools and versions: "use python";
    # "go" is a word, and a name only before a figure)
    assert COMMON_WORDS & (set(_TOOL_OF) | _NOT_A_PLACE) == {"go"}
