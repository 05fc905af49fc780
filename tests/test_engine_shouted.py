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


def test_a_name_memory_writes_is_kept_in_a_sentence_said_in_capitals(tmp_path: Path) -> None:
    # Maria named only in memory: a local dream over the shouted sentence alone
    at = datetime(2026, 7, 1, 9, 0, tzinfo=timezone.utc)
    project_with_one_session(tmp_path, [_SHOUTED], at)
    memory = tmp_path / "memory"
    (memory / "project_release.md").write_text(
        topic("release", "The release checklist is owned by Maria."))
    (memory / "MEMORY.md").write_text("- [release](project_release.md) — who owns it\n")
    environ = {k: v for k, v in os.environ.items()
               if not k.startswith(("AUTODREAM_", "ANTHROPIC_"))}
    environ["AUTODREAM_NOW"] = "2026-07-02T09:00:00Z"
    result = CliRunner().invoke(cli, ["--force", "--project", str(tmp_path)], env=environ,
                                catch_exceptions=False)
    assert result.exit_code == 0, result.output
    written = "".join(p.read_text() for p in sorted(memory.glob("*.md")))
    assert _KEPT in written
    assert "MARIA" not in written and "ask maria" not in written
