"""What a memory's MEMORY.md line says after its title (its hook), and how it is cut to fit the
line's 150 characters: never the title again, never a stub, never half a code span."""

from __future__ import annotations

from autodream.engine.dream import plan_dream
from autodream.memory.model import parse_index, parse_topic
from tests.engine_helpers import NOW, topic

_SOURCES = "sources:\n- 2026-06-29 s0\n"


def _line(file: str, name: str, body: str, description: str, *, type_: str = "project") -> str:
    """The index line a dream gives one memory written by hand, its MEMORY.md line not yet
    written (the hook made from the description)."""
    files = {file: topic(name, body, type_=type_, description=description, extra=_SOURCES)}
    (line,) = parse_index(plan_dream(files, None, [], now=NOW).index).entries
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
