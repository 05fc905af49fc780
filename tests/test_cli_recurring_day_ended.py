"""A day something is no longer done on that its memory never gave ("We no longer deploy on
Fridays." beside "We deploy on Tuesdays.") ends nothing that memory says: it replaced the
Tuesday rule whole ('Updated on ...; previously: We deploy on Tuesdays.'), the one deploy day
lost. Now the rule stays and the Friday sentence is a memory of its own, which the next dream
leaves as it is; the day the memory gives, told ended, still ends it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.factories import dream_on_day, told_day_by_day, topic_texts
from tests.test_cli_tool_ended_then_used import _dreamt


def _leads(root: Path) -> list[str]:
    """Each memory's first line of body, what it says now."""
    return [body.split("---\n", 2)[2].strip().splitlines()[0]
            for body in topic_texts(root).values()]


@pytest.mark.parametrize(("rule", "ended"), [
    ("We deploy on Tuesdays.", "We no longer deploy on Fridays."),
    ("We release on Tuesdays.", "We no longer release on Fridays."),
    ("We meet on Mondays.", "We no longer meet on Fridays."),
    ("Deploys happen on Tuesdays.", "Deploys no longer happen on Fridays."),
    ("Standups are on Mondays.", "Standups are no longer on Fridays."),
    ("The team deploys on Tuesdays.", "The team no longer deploys on Fridays."),
])
def test_a_day_the_rule_never_gave_ended_keeps_the_rule(
        tmp_path: Path, rule: str, ended: str) -> None:
    # (said again the next day: confirmed, no second memory)
    root = told_day_by_day(tmp_path / "p", rule, ended, ended)
    assert sorted(_leads(root)) == sorted([rule, ended]), topic_texts(root)
    assert not any("previously" in body for body in topic_texts(root).values())
    # (the dream after it, with no new session, changes nothing)
    before = topic_texts(root)
    dream_on_day(root, 4)
    assert topic_texts(root) == before


@pytest.mark.parametrize(("rule", "other", "ended"), [
    ("We deploy on Tuesdays.", "We no longer deploy on Fridays.",
     "We no longer deploy on Tuesdays."),
    ("We release on Tuesdays.", "We no longer release on Fridays.",
     "We no longer release on Tuesdays."),
    ("The team deploys on Tuesdays.", "The team no longer deploys on Fridays.",
     "The team no longer deploys on Tuesdays."),
    ("We deploy on Tuesdays.", "We no longer deploy on Fridays.",
     "We no longer deploy on Fridays or Tuesdays."),
    ("We deploy on Tuesdays.", "Deploys no longer happen on Fridays.",
     "Deploys no longer happen on Tuesdays."),
    # (who said otherwise: the dream with no new session merged the two endings, one file
    # 'We no longer deploy on Tuesdays.' 'The team no longer deploys on Fridays.')
    ("We deploy on Tuesdays.", "The team no longer deploys on Fridays.",
     "We no longer deploy on Tuesdays."),
    ("The team deploys on Tuesdays.", "We no longer deploy on Fridays.",
     "The team no longer deploys on Tuesdays."),
])
def test_the_day_the_rule_gives_ended_after_another_ends_the_rule(
        tmp_path: Path, rule: str, other: str, ended: str) -> None:
    """Day 3 ends the day the rule gives: the rule is what ends, not the memory of day 2 (the
    nearest in wording was rewritten, 'previously: We no longer deploy on Fridays', and the
    Tuesday rule left current, which the next dream merged with it); the rule ended is its
    history, as any rule replaced (it was put in its place with no 'previously')."""
    root = told_day_by_day(tmp_path / "p", rule, other, ended)
    assert sorted(_leads(root)) == sorted([other, ended]), topic_texts(root)
    bodies = topic_texts(root).values()
    assert not any(f"previously: {other}" in body for body in bodies), topic_texts(root)
    assert [body.count(f"; previously: {rule}") for body in bodies if f"\n{ended}\n" in body] == [
        1], topic_texts(root)
    # (each titled by what it says now: the index tells no Tuesday rule as current)
    index = (root / "memory" / "MEMORY.md").read_text(encoding="utf-8")
    assert f"[{ended.rstrip('.')}]" in index and f"[{rule.rstrip('.')}]" not in index, index
    before = topic_texts(root)
    dream_on_day(root, 4)
    assert topic_texts(root) == before


def test_the_day_the_rule_gives_told_ended_still_ends_it(tmp_path: Path) -> None:
    root = told_day_by_day(tmp_path / "p", "We deploy on Tuesdays.",
                           "We no longer deploy on Tuesdays.", "We no longer deploy on Tuesdays.")
    assert _leads(root) == ["We no longer deploy on Tuesdays."], topic_texts(root)
    ((_, body),) = topic_texts(root).items()
    assert "Updated on 2026-07-02; previously: We deploy on Tuesdays." in body, body
    before = topic_texts(root)
    dream_on_day(root, 4)
    assert topic_texts(root) == before


@pytest.mark.parametrize(("ended", "fewer"), [
    ("We no longer deploy on Fridays or Mondays.", "We no longer deploy on Mondays."),
    ("We no longer deploy on Fridays or Tuesdays.", "We no longer deploy on Fridays."),
])
def test_a_day_ended_said_again_of_fewer_days_is_confirmed(
        tmp_path: Path, ended: str, fewer: str) -> None:
    """'We no longer deploy on Mondays.' after '... on Fridays or Mondays.' says again what
    memory holds, of fewer days: confirmed (it was a second file beside it)."""
    root = told_day_by_day(tmp_path / "p", "We deploy on Tuesdays.", ended, fewer)
    assert fewer not in _leads(root), topic_texts(root)
    assert len(topic_texts(root)) == (1 if "Tuesdays." in ended else 2), topic_texts(root)
    before = topic_texts(root)
    dream_on_day(root, 4)
    assert topic_texts(root) == before


@pytest.mark.parametrize("why", ["\n\n**Why:** QA signs off on Mondays.", ""])
def test_a_day_ended_of_a_hand_written_rule_of_another_type_is_kept_beside_it(
        tmp_path: Path, why: str) -> None:
    """A deploy-day rule a person wrote as feedback, told ended: a memory of its own, as on
    main (it was rewritten with no 'previously', the person's reason for deploying on Tuesdays
    left as the reason for not deploying on them); the rule they wrote is as they wrote it."""
    hand = f"---\nname: Deploy day\ndescription: when we deploy\ntype: feedback\n---\n\n" \
           f"We deploy on Tuesdays.{why}\n"
    index = "- [Deploy day](a.md) — when we deploy\n"
    memory, _ = _dreamt(tmp_path, "We no longer deploy on Tuesdays.",
                        files={"a.md": hand, "MEMORY.md": index})
    bodies = topic_texts(memory.parent)
    assert bodies.pop("a.md") == hand
    ((_, ended),) = bodies.items()
    assert "\nWe no longer deploy on Tuesdays.\n" in ended and "QA" not in ended, ended
    dream_on_day(memory.parent, 2)
    assert topic_texts(memory.parent) == {"a.md": hand, **bodies}


@pytest.mark.parametrize("why", [
    "\n\n**Why:** QA signs off on Mondays.",
    "\n\n**Why:** QA signs off on Mondays.\n\n**How to apply:** Never deploy without QA sign-off;"
    " ask Ana first.",
    ""])
def test_a_hand_written_project_rule_told_its_day_ended_keeps_it_as_history(
        tmp_path: Path, why: str) -> None:
    """A deploy-day rule a person wrote as a project memory, told 'We no longer deploy on
    Tuesdays.': the rule ended is the file's history, as any rule replaced ('Updated on ...;
    previously: We deploy on Tuesdays.'); it was rewritten in place with no history. A Why and
    How the person wrote stay in the file, as a day switch keeps them (put in the engine's
    words, 'ask Ana first' was only in the undo copy, where the agent does not read)."""
    hand = f"---\nname: Deploy day\ndescription: when we deploy\ntype: project\n---\n\n" \
           f"We deploy on Tuesdays.{why}\n"
    index = "- [Deploy day](a.md) — when we deploy\n"
    memory, _ = _dreamt(tmp_path, "We no longer deploy on Tuesdays.",
                        files={"a.md": hand, "MEMORY.md": index})
    bodies = topic_texts(memory.parent)
    assert list(bodies) == ["a.md"], bodies
    body = bodies["a.md"]
    assert "\nWe no longer deploy on Tuesdays.\n" in body, body
    assert "Updated on 2026-07-01; previously: We deploy on Tuesdays." in body, body
    for own in ("**Why:** QA signs off on Mondays.",
                "**How to apply:** Never deploy without QA sign-off; ask Ana first."):
        assert (own in body) == (own in why), body
    dream_on_day(memory.parent, 2)
    assert topic_texts(memory.parent) == bodies


@pytest.mark.parametrize("said", [
    ("We no longer deploy on Fridays.", "The team no longer deploys on Mondays."),
    ("The team no longer deploys on Fridays.", "We no longer deploy on Mondays."),
    ("We deploy on Tuesdays.", "We no longer deploy on Fridays.",
     "The team no longer deploys on Mondays."),
    ("We deploy on Tuesdays.", "The team no longer deploys on Fridays.",
     "We no longer deploy on Mondays."),
])
def test_two_days_ended_by_we_and_the_team_both_stay_current(
        tmp_path: Path, said: tuple[str, ...]) -> None:
    """A deploy day ended by 'we', another by 'the team' (rev222): the second was put in the
    first one's place ('Updated on ...; previously: We no longer deploy on Fridays.'), the
    Friday ban no longer current. Both hold, as when one person says both."""
    root = told_day_by_day(tmp_path / "p", *said)
    assert sorted(_leads(root)) == sorted(said), topic_texts(root)
    assert not any("previously" in body for body in topic_texts(root).values())
    before = topic_texts(root)
    dream_on_day(root, len(said) + 2)
    assert topic_texts(root) == before
