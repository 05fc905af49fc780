"""What a memory's MEMORY.md line says after its title (its hook), and how it is cut to fit the
line's 150 characters: never the title again, never a stub, never half a code span."""

from __future__ import annotations

import pytest

from autodream.engine import EngineOptions
from autodream.engine.dream import plan_dream
from autodream.memory.model import parse_index, parse_topic
from tests.engine_helpers import NOW, topic

_SOURCES = "sources:\n- 2026-06-29 s0\n"


def _line(file: str, name: str, body: str, description: str, *, type_: str = "project") -> str:
    """The index line a dream gives one memory written by hand, its MEMORY.md line not yet
    written (the hook made from the description)."""
    files = {file: topic(name, body, type_=type_, description=description, extra=_SOURCES)}
    (line,) = parse_index(plan_dream(files, None, [], now=NOW).index, frozenset()).entries
    rendered = line.render()
    assert len(rendered) <= 150
    return rendered


def test_a_hook_cut_to_fit_keeps_no_aside_but_a_day_it_was_said() -> None:
    # a person's own aside at the end is part of what they wrote, cut like the rest: kept, it
    # left "Deploy only… (see ops/deploy.md)", the rule itself cut to two words
    line = _line("project_deploying-from-the-release-branch-only.md",
                 "Deploying from the release branch only, never from main",
                 "Deploy only from the release branch.",
                 "Deploy only from the release branch once the staging smoke tests and the "
                 "canary have passed (see ops/deploy.md)")
    assert line.endswith(" — Deploy only from the release…")


def test_a_rule_passed_on_from_someone_it_does_not_name_says_whose_it_is() -> None:
    # (the name read from the engine's Why, "Prof. Okafor's preference, told by the user ...")
    why = "Prof. Okafor's preference, told by the user (2026-07-06)."
    files = {"feedback_cite-in-apa-style.md": topic(
        "Cite in APA style", f"Cite in APA style.\n\n**Why:** {why}\n**How to apply:** Apply "
        "this by default in this project without being reminded.", type_="feedback",
        description="Prof. Okafor's preference (2026-07-06)", extra=_SOURCES)}
    plan = plan_dream(files, None, [], now=NOW)
    assert parse_topic(plan.writes["feedback_cite-in-apa-style.md"]).description == (
        "Cite in APA style (Prof. Okafor's preference, 2026-07-06)")


_TYPE_HINTS = ("Put type hints on everything.\n\n**Why:** The user's stated preference "
               "(2026-06-29).\n**How to apply:** Apply this by default in this project without "
               "being reminded.")


@pytest.mark.parametrize(("file", "hook"), [
    # a line a person wrote: their words stay
    ("feedback_types.md", "mypy --strict runs in CI, so annotate tests too"),
    # the kind and day as an earlier version cut it to fit a long line: the same cut
    ("feedback_put-type-hints-on-everything-in-the-whole-monorepo-including-tests.md",
     "the user's stated preference…"),
])
def test_an_old_kind_and_day_description_made_anew_leaves_its_index_line_as_it_was(
        file: str, hook: str) -> None:
    files = {file: topic("Put type hints on everything", _TYPE_HINTS, type_="feedback",
                         description="the user's stated preference (2026-06-29)",
                         extra=_SOURCES)}
    index = f"## Feedback\n- [Put type hints on everything]({file}) — {hook}\n"
    plan = plan_dream(files, index, [], now=NOW)
    assert parse_topic(plan.writes[file]).description == (
        "Put type hints on everything (2026-06-29)")
    assert plan.index == index
    # ... and the next dream changes nothing
    again = plan_dream({file: plan.writes[file]}, plan.index, [], now=NOW)
    assert not again.writes or again.writes == {"MEMORY.md": index}


def test_a_line_never_gives_the_title_again_before_the_day() -> None:
    # the sample project's rule: '— Put type hints on everything (2026-06-29)' after that title
    files = {"feedback_put-type-hints-everything.md": topic(
        "Put type hints on everything", _TYPE_HINTS, type_="feedback",
        description="Put type hints on everything (2026-06-29)", extra=_SOURCES)}
    (line,) = parse_index(plan_dream(files, None, [], now=NOW).index, frozenset()).entries
    assert line.hook == "the user's stated preference (2026-06-29)"


_FORMATTING = ("feedback_formatting-python-code-before-every-commit.md",
               "Formatting Python code before every single commit")
_WHY = ("\n\n**Why:** The user's stated preference (2026-06-29).\n**How to apply:** Apply this "
        "by default in this project without being reminded.")


@pytest.mark.parametrize(("description", "hook"), [
    # cut before the command, not inside it ("— Format all files with `black --line…")
    ("Format all files with `black --line-length 100 --skip-string-normalization` first",
     "Format all files with…"),
    # ... and a cut that would leave two words ("— Always use `black --line-length 100…", then
    # "— Always use…") gives the kind of memory and the day instead
    ("Always use `black --line-length 100 --skip-string-normalization` for formatting",
     "the user's stated preference…"),
])
def test_a_hook_is_never_cut_inside_a_code_span(description: str, hook: str) -> None:
    line = _line(*_FORMATTING, f"Format Python with black.{_WHY}", description,
                 type_="feedback")
    assert line.endswith(f" — {hook}")


_READING = "feedback_reading-the-production-environment-first.md"
_READ_FIRST = (
    "Always read /home/alice/secrets/prod.env and /home/alice/secrets/prod-extra.env first")


def _reading(description: str) -> dict[str, str]:
    return {_READING: topic("Reading the production environment before a deploy",
                            f"Always read the prod env first.{_WHY}", type_="feedback",
                            description=description, extra=_SOURCES)}


def test_a_hook_cut_to_two_words_gives_the_kind_and_day_until_the_line_has_room() -> None:
    description = ("Always use `black --line-length 100 --skip-string-normalization` for "
                   "formatting")
    files = {_FORMATTING[0]: topic(_FORMATTING[1], f"Format Python with black.{_WHY}",
                                   type_="feedback", description=description, extra=_SOURCES)}
    (line,) = parse_index(plan_dream(files, None, [], now=NOW).index, frozenset()).entries
    assert line.hook == "the user's stated preference…"
    # a longer line allowed, the description is whole on it again
    roomy = plan_dream(files, f"## Feedback\n{line.render()}\n", [], now=NOW,
                       options=EngineOptions(index_line_chars=250))
    assert f" — {description}\n" in roomy.index


def test_the_kind_and_day_stands_in_for_a_stub_only_when_it_is_none() -> None:
    # a line with room for 11 characters of hook: "the user's…" would tell no more
    plan = plan_dream(_reading(_READ_FIRST), None, [], now=NOW,
                      options=EngineOptions(index_line_chars=127))
    (line,) = parse_index(plan.index, frozenset()).entries
    assert line.hook == "Always read…"


_REVIEWER = "\n\n**Why:** The reviewer asked for it."


@pytest.mark.parametrize(("file", "name", "description", "hook"), [
    # a person's description, a command first: cut before it, nothing was left after the title
    ("project_checks-before-pushing-to-the-shared-remote.md",
     "Checks that must pass before pushing to the shared remote",
     "`make check-all-the-things-including-docs-and-integration` must pass before every push",
     "`make…"),
    # a memory with a reason of its own has no kind and day to stand in: "— Always use…" told
    # nothing of the rule
    (*_FORMATTING, "Always use `black --line-length 100 --skip-string-normalization` for "
     "formatting", "Always use `black --line-length 100…"),
    # ... nor "— Run… (2026-06-29)"
    (*_FORMATTING, "Run `black --line-length 100 --skip-string-normalization` before committing "
     "(2026-06-29)", "Run `black --line-length 100…"),
])
def test_a_stub_with_no_kind_and_day_to_stand_in_is_cut_as_before(
        file: str, name: str, description: str, hook: str) -> None:
    line = _line(file, name, f"Run the checks first.{_REVIEWER}", description)
    assert line.endswith(f") — {hook}")


def test_a_stand_in_never_makes_the_index_longer_than_the_cut_it_replaces() -> None:
    # 168 memories whose lines fill MEMORY.md to within 46 bytes of its 25,000 and 6 whose hook
    # is cut to "Always read…": "the user's stated…" in their place took the index over the
    # limit, and every line was cut to 133 characters to fit
    reading = {f"feedback_reading-prod-env-file-{i:03d}-first-before-deploy.md": topic(
        f"Reading prod env file {i:03d} before deploys", f"Always read the prod env {i} first."
        f"{_WHY}", type_="feedback", description=f"Always read /home/alice/secrets/prod-{i:03d}"
        f".env and /home/alice/secrets/extra-{i:03d}.env first", extra=_SOURCES)
        for i in range(6)}
    facts = {f"project_orders-service-fact-{i:03d}.md": topic(
        f"Orders service fact {i:03d}", f"The orders service fact {i} holds.\n\n**Why:** It was "
        f"measured.", description=f"The orders service number {i:03d} runs on Postgres 16 with "
        f"a read replica in eu-west-1 and nightly backups kept", extra=_SOURCES)
        for i in range(168)}
    alone = plan_dream(facts, None, [], now=NOW)
    plan = plan_dream({**reading, **facts}, None, [], now=NOW)
    assert len(plan.index.encode()) <= 25_000
    lines = parse_index(plan.index, frozenset()).entries
    assert [line.render() for line in lines if line.file in facts] == [
        line.render() for line in parse_index(alone.index, frozenset()).entries]
    assert {line.hook for line in lines if line.file in reading} == {"Always read…"}


@pytest.mark.parametrize(("name", "description", "hook"), [
    # a description cut to the title ("Always use supercalifragilistic… everywhere.") and one a
    # person wrote as the title: the kind and day in their place made the line longer
    ("Always use", "Always use…", "Always use…"),
    ("Type hints", "Type hints", "Type hints"),
    # ... which they do not here
    ("Always run the full integration suite before pushing",
     "Always run the full integration suite before pushing…",
     "the user's stated preference (2026-06-29)"),
])
def test_a_description_that_is_the_title_gives_way_only_to_no_longer_a_line(
        name: str, description: str, hook: str) -> None:
    line = _line("feedback_x.md", name, f"{name} everywhere.{_WHY}", description,
                 type_="feedback")
    assert line == f"- [{name}](feedback_x.md) — {hook}"
