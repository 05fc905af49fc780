"""A rule whose only object points at something said elsewhere: "Never mind, keep it." and
"Always do that." each became a feedback memory ('Keep it', 'Always do that', "the user's stated
preference") that told a later session nothing, what "it" is being in a reply of the
assistant's the local engine never reads. Such a saying is not saved, and the run record says
why and how to keep it; a rule with more said than the pointer ("Keep it short", "Never commit
it to main", "Never do that again: force-push to main") is kept as before."""

from __future__ import annotations

import pytest

from autodream.engine import plan_dream
from autodream.engine.candidates import NOT_SAID_HERE, POINTS_BACK
from tests.engine_helpers import NOW, gather, human


@pytest.mark.parametrize("said", [
    "Never mind, keep it.",
    "On second thought, keep them.",
    "Always do that.",
    "Yes, always do that.",
    "Yes, please always do that.",
    "Please always do it this way.",
    "Always do it like that.",
    "Going forward, do it like that.",
    "Always do that from now on.",
    "Always do the same.",
    "Always use those.",
    "Never do so.",
    "I prefer it that way.",
    "I like that.",
    "No, do it like this.",
    "Please keep doing this.",  # (an ask no rule was read in: said as 'Always ...', still none)
    # a prohibition of nothing said (dropped before, with no word of how to keep it)
    "Stop doing that.",
    "Don't do that.",
    "Don't do that again.",
    "Ok, never do that again.",
    # after thanks or assent alone, "that" still points at the assistant's reply
    "Thanks! Always do that.",
    "Perfect. Always do it that way.",
    # asked to be remembered, it is still of nothing said
    "Keep doing this. Remember that.",
])
def test_a_rule_of_only_it_or_that_is_not_saved_and_the_record_says_why(said: str) -> None:
    g = gather(human(said))
    assert [c.text for c in g.candidates] == []
    assert [d.reason for d in g.decisions if d.action == "dropped"] == [NOT_SAID_HERE]
    assert "say it in full, or as 'Remember: ...'" in NOT_SAID_HERE


def test_the_dream_writes_no_memory_of_them() -> None:
    said = gather(human("Never mind, keep it.", session="s1"),
                  human("Always do that.", session="s2", day=2))
    plan = plan_dream({}, "", said.candidates, now=NOW)
    assert [p for p in plan.writes if p != "MEMORY.md"] == []
    assert [d.subject for d in said.decisions] == ["Never mind, keep it.", "Always do that."]


def test_remember_that_sent_next_does_not_make_it_a_memory() -> None:
    g = gather(human("Always do that."), human("Remember that."))
    assert g.candidates == []
    assert [d.reason for d in g.decisions] == [NOT_SAID_HERE]


@pytest.mark.parametrize(("said", "kept"), [
    # what follows the pronoun is the rule
    ("Always run the tests before pushing it.", "Always run the tests before pushing it."),
    ("Never commit it to main.", "Never commit it to main."),
    ("Never do that again: force-push to main.", "Never do that again: force-push to main."),
    ("Always do the same for the API.", "Always do the same for the API."),
    ("Don't use tabs; use spaces.", "Don't use tabs; use spaces."),
    # the pronoun and an adjective: a style preference
    ("Never mind, keep it short.", "Keep it short."),
    ("Scratch that, keep them as they are.", "Keep them as they are."),
])
def test_a_rule_with_more_than_the_pointer_is_kept(said: str, kept: str) -> None:
    g = gather(human(said))
    assert [c.text for c in g.candidates] == [kept]
    assert NOT_SAID_HERE not in [d.reason for d in g.decisions]


def test_what_it_is_said_before_in_the_message_is_not_put_down_to_elsewhere() -> None:
    # "it" is the staging DB, said here: the record does not say it was said elsewhere
    g = gather(human("The staging DB is fragile. Never touch it."))
    assert g.candidates == []
    assert NOT_SAID_HERE not in [d.reason for d in g.decisions]
    assert any("points back at" in d.reason for d in g.decisions)


# (from a user audit) a rule about "it" with nothing more than when it holds became a memory
# titled 'Anyway, never run it on weekends': "it" was the import job, said a page before
_IMPORT_JOB = ("Remember: the import job must always run with --batch-size 500. "
               + "Context line about the import pipeline and its many stages. " * 400
               + "Anyway, never run it on weekends.")


@pytest.mark.parametrize(("said", "kept"), [
    (_IMPORT_JOB, ["The import job must always run with --batch-size 500."]),
    ("Anyhow, always restart them at night.", []),
    ("The worker is slow. Anyways, never restart it during business hours.", []),
])
def test_a_rule_about_it_back_from_an_aside_is_not_saved(said: str, kept: list[str]) -> None:
    g = gather(human(said))
    assert [c.text for c in g.candidates] == kept
    (dropped,) = [d for d in g.decisions if d.reason == POINTS_BACK]
    assert dropped.subject.endswith(said[-20:])


# (review) a rule about "it" right after its subject was named, in the sentence, the list head or
# the message before, is kept as it always was
@pytest.mark.parametrize(("said", "kept"), [
    ("The import job is slow. Never run it on weekends.", "Never run it on weekends."),
    ("Deploy the worker with helm. Don't run it on Fridays.", "Don't run it on Fridays."),
    ("Postgres runs on port 5433. Never restart it at night.", "Never restart it at night."),
    ("Kafka is flaky. Don't restart it on Fridays.", "Don't restart it on Fridays."),
    ("We have a staging server at 10.0.0.5. Never restart it during business hours.",
     "Never restart it during business hours."),
    ("Sentry alerts are noisy. Always ignore them on weekends.",
     "Always ignore them on weekends."),
    ("Rules for the importer:\n- Never run it on weekends.\n- Always restart it at night.",
     "Always restart it at night."),
    (["The deploy script lives in scripts/deploy.sh.", "Never run it on Fridays."],
     "Never run it on Fridays."),
    # more said than when: where, or what
    ("Never run it on the main branch.", "Never run it on the main branch."),
    ("Anyway, never run the import job on weekends.",
     "Anyway, never run the import job on weekends."),
    ("Anyway, never run it on the main branch.", "Anyway, never run it on the main branch."),
    ("Never push to main on Fridays.", "Never push to main on Fridays."),
])
def test_a_rule_about_it_with_its_subject_said_is_kept(said: str | list[str], kept: str) -> None:
    g = gather(*[human(one) for one in ([said] if isinstance(said, str) else said)])
    assert kept in [c.text for c in g.candidates]
    assert POINTS_BACK not in [d.reason for d in g.decisions]
