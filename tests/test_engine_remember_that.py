""""Remember that." after what is to be remembered: in the same message with how much it
matters, or as a message of its own right after: what was said before is what memory keeps,
as asked for, and the ask itself is no memory."""

from __future__ import annotations

from autodream.engine import plan_dream
from autodream.engine.dream import DreamPlan
from autodream.memory.model import parse_topic
from autodream.transcripts.model import Message
from tests.engine_helpers import NOW, gather, human


def _plan(*said: Message) -> DreamPlan:
    return plan_dream({}, "", gather(*said).candidates, now=NOW)


def _entries(plan: DreamPlan) -> list[tuple[str, str, str]]:
    """(type, name, body) of each topic file the dream writes."""
    out = []
    for path, text in plan.writes.items():
        if path != "MEMORY.md":
            entry = parse_topic(text)
            out.append((entry.type, entry.name, entry.body))
    return out


def test_remember_that_it_matters_keeps_the_rule_and_the_stress_as_its_why() -> None:
    # 'It matters' was saved as a project memory of its own, the rule beside it only stated
    ((type_, name, body),) = _entries(_plan(human("Always squash merge. Remember that, it "
                                                  "matters.")))
    assert (type_, name) == ("feedback", "Always squash merge")
    assert "**Why:** The user stressed that it matters." in body


def test_remember_that_alone_with_its_stress_is_still_nothing_to_remember() -> None:
    g = gather(human("Remember that, it's important."))
    assert g.candidates == []
    assert "nothing to remember" in g.decisions[0].reason


def test_remember_that_sent_next_keeps_what_the_message_before_said() -> None:
    # the statement was dropped ('say it as Remember: ... to keep it') and the ask after it
    # too ('nothing to remember'): the person had said both
    said = (human("The staging CI cluster moves to eu-west-2."), human("Remember that."))
    ((_, name, body),) = _entries(_plan(*said))
    assert name == "The staging CI cluster moves to eu-west-2"
    assert "asked to remember" in body
    assert not [d for d in gather(*said).decisions if d.action == "dropped"]


def test_remember_that_sent_next_makes_a_statement_asked_for() -> None:
    said = gather(human("We deploy only on Tuesdays."), human("Remember that."))
    alone = gather(human("We deploy only on Tuesdays. Remember that."))
    assert [(c.text, c.explicitness) for c in said.candidates] == [
        ("We deploy only on Tuesdays.", 1.0)]
    assert [(c.text, c.explicitness) for c in alone.candidates] == [
        ("We deploy only on Tuesdays.", 1.0)]
    assert not [d for d in said.decisions if d.action == "dropped"]


def test_remember_that_of_another_session_takes_nothing_from_this_one() -> None:
    g = gather(human("The staging CI cluster moves to eu-west-2."),
               human("Remember that.", session="s2"))
    assert g.candidates == []
