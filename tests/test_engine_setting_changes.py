"""A changed count, size, duration or time puts the value the entry gives that setting to the
new one, and leaves other settings, versions and dates alone."""

from __future__ import annotations

import pytest

from autodream.engine import plan_dream
from autodream.engine.dream import DreamPlan
from autodream.engine.setting_changes import setting_change
from autodream.memory.model import parse_topic
from tests.engine_helpers import NOW, candidates, gather, human, topic


def _dream(lead: str, *said: str) -> DreamPlan:
    files = {"project_stack.md": topic("Stack", lead)}
    return plan_dream(files, "- [Stack](project_stack.md) — stack\n",
                      gather(*(human(s) for s in said)).candidates, now=NOW)


def _others(plan: DreamPlan) -> list[str]:
    return [f for f in plan.writes if f not in ("project_stack.md", "MEMORY.md")]


@pytest.mark.parametrize(
    ("lead", "said", "now", "history"),
    [
        ("We run Sidekiq 7 with 10 concurrency.", "Bumped Sidekiq from 10 to 25 concurrency.",
         "We run Sidekiq 7 with 25 concurrency.", "Changed from 10 to 25"),
        ("The payment client retries 3 times.", "Bumped retries from 3 to 5.",
         "The payment client retries 5 times.", "Changed from 3 to 5"),
        ("We retry failed jobs 3 times.", "Bumped retries from 3 to 5.",
         "We retry failed jobs 5 times.", "Changed from 3 to 5"),
        ("Retries are capped at 3.", "Retries were bumped from 3 to 5.",
         "Retries are capped at 5.", "Changed from 3 to 5"),
        ("The API timeout is 30s.", "We raised the timeout from 30s to 60s.",
         "The API timeout is 60s.", "Changed from 30s to 60s"),
        ("The API timeout is 30s.", "We set the timeout to 60s.", "The API timeout is 60s.",
         "Changed from 30s to 60s"),
        # the entry's own way of writing the unit stays
        ("The API timeout is 30 seconds.", "We raised the timeout to 60s.",
         "The API timeout is 60 seconds.", "Changed from 30 seconds to 60 seconds"),
        ("We run Elasticsearch with 3 nodes.", "We bumped Elasticsearch to 5 nodes.",
         "We run Elasticsearch with 5 nodes.", "Changed from 3 to 5"),
        ("We run 4 workers.", "We scaled the workers from 4 to 8.", "We run 8 workers.",
         "Changed from 4 to 8"),
        ("Sidekiq runs with 10 concurrency.", "Sidekiq concurrency went from 10 to 25.",
         "Sidekiq runs with 25 concurrency.", "Changed from 10 to 25"),
        ("The price is $20 per seat.", "We raised the price to $25.",
         "The price is $25 per seat.", "Changed from $20 to $25"),
        # the setting's own number, not another setting's or a version
        ("We run Puma 6 with 2 workers.", "Bumped Puma workers to 4.",
         "We run Puma 6 with 4 workers.", "Changed from 2 to 4"),
        ("We run 4 workers with 2 threads each.", "We scaled the workers to 8.",
         "We run 8 workers with 2 threads each.", "Changed from 4 to 8"),
        ("We run 4 workers with 2 threads each.", "Bumped threads from 2 to 4.",
         "We run 4 workers with 4 threads each.", "Changed from 2 to 4"),
        ("We run 4 workers and keep logs for 4 days.", "We scaled the workers from 4 to 8.",
         "We run 8 workers and keep logs for 4 days.", "Changed from 4 to 8"),
        ("We run Elasticsearch with 3 nodes and Kafka with 3 brokers.",
         "We bumped Kafka to 5 brokers.",
         "We run Elasticsearch with 3 nodes and Kafka with 5 brokers.", "Changed from 3 to 5"),
        ("The API timeout is 30s and the DB timeout is 30s.",
         "We raised the API timeout from 30s to 60s.",
         "The API timeout is 60s and the DB timeout is 30s.", "Changed from 30s to 60s"),
        # a count or a size after a tool's name: the count changes, the version stays
        ("We run Kafka 3.6 with 3 brokers.", "We upgraded Kafka to 5 brokers.",
         "We run Kafka 3.6 with 5 brokers.", "Changed from 3 to 5"),
        ("We run Redis 7 with 8 GB of memory.", "We upgraded Redis to 16 GB.",
         "We run Redis 7 with 16 GB of memory.", "Changed from 8 GB to 16 GB"),
        ("We run Elasticsearch 8 with 3 nodes.", "We bumped Elasticsearch to 5 nodes.",
         "We run Elasticsearch 8 with 5 nodes.", "Changed from 3 to 5"),
        # a meeting's time
        ("The standup is at 9 every day.", "We moved the standup from 9 to 10.",
         "The standup is at 10 every day.", "Changed from 9 to 10"),
        ("The standup is at 9 every day.", "The standup moved to 10:30.",
         "The standup is at 10:30 every day.", "Changed from 9 to 10:30"),
        ("The standup is every Monday at 10:00.", "The standup moved to 10:30.",
         "The standup is every Monday at 10:30.", "Changed from 10:00 to 10:30"),
        ("The standup is at 9:30 every day.", "The standup moved from 9:30 to 10.",
         "The standup is at 10:00 every day.", "Changed from 9:30 to 10:00"),
        ("The retro is at 4pm on Fridays.", "We moved the retro to 5pm.",
         "The retro is at 5pm on Fridays.", "Changed from 4pm to 5pm"),
        # an hour said without am or pm is the entry's, in its half of the day
        ("The retro is at 4pm on Fridays.", "We moved the Retro from 4 to 5.",
         "The retro is at 5pm on Fridays.", "Changed from 4pm to 5pm"),
        ("The retro is at 16:00 on Fridays.", "We moved the retro from 4 to 5.",
         "The retro is at 17:00 on Fridays.", "Changed from 16:00 to 17:00"),
        ("The standup is at 9am.", "The standup moved to 9pm.", "The standup is at 9pm.",
         "Changed from 9am to 9pm"),
        ("The standup is at 9 every day and the retro is at 4 on Fridays.",
         "The retro moved to 5.",
         "The standup is at 9 every day and the retro is at 5 on Fridays.", "Changed from 4 to 5"),
        # told as remembered or as a correction
        ("The payment client retries 3 times.", "Remember that we bumped retries to 5.",
         "The payment client retries 5 times.", "Changed from 3 to 5"),
        ("The payment client retries 3 times.", "FYI: retries were bumped from 3 to 5.",
         "The payment client retries 5 times.", "Changed from 3 to 5"),
    ],
)
def test_a_changed_setting_puts_the_value_the_entry_gives_it(
    lead: str, said: str, now: str, history: str
) -> None:
    plan = _dream(lead, said)
    body = parse_topic(plan.writes["project_stack.md"]).body
    assert body.startswith(now + "\n")
    assert f"{history} on 2026-07-06; previously " in body
    assert [d.action for d in plan.decisions if d.file == "project_stack.md"] == ["superseded"]
    assert _others(plan) == []


@pytest.mark.parametrize(
    ("lead", "said"),
    [
        # another setting of the same tool
        ("We run Puma with 2 workers.", "Bumped Puma from 5 to 16 threads."),
        ("We run Puma with 5 workers.", "Bumped Puma from 5 to 16 threads."),
        # another thing, with the same number or not
        ("We keep 10 connections in the pool.", "Bumped Sidekiq from 10 to 25 concurrency."),
        ("Our CI has 4 runners.", "We scaled the workers from 4 to 8."),
        ("We run Elasticsearch with 3 nodes.", "We bumped Kafka to 5 brokers."),
        ("The API timeout is 30s.", "We raised the DB timeout to 60s."),
        ("The standup is at 9 every day.", "The demo moved to 10."),
        # the old value said is not the entry's
        ("The payment client retries 4 times.", "Bumped retries from 3 to 5."),
        # one place, or one week
        ("The payment client retries 3 times.", "We bumped retries to 5 on staging."),
        ("The standup is at 9 every day.", "The standup moved to 10 this week only."),
        ("The standup is at 9 every day.", "Next week the standup moved to 10."),
    ],
)
def test_another_setting_or_thing_leaves_the_entry_as_it_was(lead: str, said: str) -> None:
    plan = _dream(lead, said)
    assert "project_stack.md" not in plan.writes
    assert [d.action for d in plan.decisions if d.file == "project_stack.md"] == []


def test_a_setting_change_no_entry_states_is_a_memory_of_its_own() -> None:
    plan = _dream("We run Puma with 2 workers.", "Bumped Puma from 5 to 16 threads.")
    (new,) = _others(plan)
    assert parse_topic(plan.writes[new]).body.startswith("Bumped Puma from 5 to 16 threads.")


@pytest.mark.parametrize(
    "said",
    [
        "Can you bump retries to 5?",
        "Bump retries to 5.",
        "Set the timeout to 60s.",
        "We should bump the timeout to 60s.",
        "We're raising the timeout to 60s next week.",
        "We haven't raised the timeout to 60s yet.",
        "Did we raise the timeout to 60s?",
        "We should scale the workers to 8.",
    ],
)
def test_a_change_asked_for_or_not_made_leaves_the_entry_as_it_was(said: str) -> None:
    plan = _dream("The API timeout is 30s and we run 4 workers with 3 retries.", said)
    assert "project_stack.md" not in plan.writes
    assert [d.action for d in plan.decisions if d.action == "superseded"] == []


def test_the_new_value_already_remembered_is_a_restatement() -> None:
    plan = _dream("The API timeout is 60s.", "We raised the timeout from 30s to 60s.")
    assert _others(plan) == []
    assert [d.action for d in plan.decisions if d.file == "project_stack.md"] == ["confirmed"]


def test_a_setting_changed_earlier_is_dated_when_it_changed() -> None:
    plan = _dream("The payment client retries 3 times.", "No, we bumped retries to 5 last month.")
    body = parse_topic(plan.writes["project_stack.md"]).body
    assert body.startswith("The payment client retries 5 times.\n")
    assert "Changed from 3 to 5 in June 2026; previously 3." in body


def test_the_reason_for_a_changed_setting_is_kept() -> None:
    plan = _dream("The API timeout is 30s.",
                  "We raised the timeout from 30s to 60s because uploads were timing out.")
    body = parse_topic(plan.writes["project_stack.md"]).body
    assert body.startswith("The API timeout is 60s.\n")
    assert "**Why:** Uploads were timing out." in body


@pytest.mark.parametrize(
    "said",
    [
        "We upgraded Postgres to 16.",  # versions
        "Bumped Node from 18 to 20.",
        "My PR bumped Node to 20.",
        "We moved the release to 2027-03-10.",  # dates
        "We moved the launch to 2027.",
        "The standup moved from Monday to Tuesday.",  # a weekday: a switch
        "We moved it to 3.",  # nothing named
        "I pushed the fix to 3 repos.",  # a count of no setting
    ],
)
def test_a_version_a_date_or_no_setting_is_no_setting_change(said: str) -> None:
    assert setting_change(said) is None


def test_a_setting_change_is_a_fact() -> None:
    (cand,) = candidates("Retries were bumped from 3 to 5.")
    assert (cand.kind, cand.new, cand.old) == ("fact", None, None)


_AUTO_SYNC_OFF = "We decided to turn ArgoCD auto-sync OFF for all prod applications."


@pytest.mark.parametrize(
    "said",
    [
        # (from a month-of-use review: saved nothing, the entry still said OFF)
        "Another reversal: Helen and I agreed this morning to turn ArgoCD auto-sync back ON for "
        "prod apps, with self-heal, but prune stays OFF in prod.",
        "ArgoCD auto-sync is back on for prod apps.",
        "We turned ArgoCD auto-sync back on for prod apps.",
    ],
)
def test_a_setting_turned_back_rewrites_the_entry_that_set_it(said: str) -> None:
    plan = _dream(_AUTO_SYNC_OFF, said)
    assert _others(plan) == []
    body = parse_topic(plan.writes["project_stack.md"]).body
    assert "back ON" in body.split("\n")[0] or "back on" in body.split("\n")[0]
    assert f"previously: {_AUTO_SYNC_OFF}" in body


@pytest.mark.parametrize(
    "said",
    [
        # the same state said again, another setting turned back, no setting at all
        "ArgoCD auto-sync is back off for prod apps.",
        "We turned the feature flags back on.",
        "The migration is back on track.",
    ],
)
def test_what_turns_back_no_state_of_the_entry_leaves_it(said: str) -> None:
    plan = _dream(_AUTO_SYNC_OFF, said)
    if "project_stack.md" in plan.writes:
        body = parse_topic(plan.writes["project_stack.md"]).body
        assert _AUTO_SYNC_OFF in body
        assert "previously" not in body


@pytest.mark.parametrize(
    "said",
    [
        # (from a review: each replaced the entry) a condition, a prohibition, a wish, a
        # proposal: no setting changed
        "If we turn auto-sync back on for prod, the drift will come back.",
        "Don't turn auto-sync back on for prod until the drift is fixed.",
        "We should turn auto-sync back on for prod at some point.",
        "Helen wants to turn auto-sync back on for prod, I'm not convinced.",
    ],
)
def test_a_setting_only_spoken_of_turning_back_leaves_the_entry(said: str) -> None:
    lead = "ArgoCD auto-sync is off for prod apps."
    plan = _dream(lead, said)
    if "project_stack.md" in plan.writes:
        assert parse_topic(plan.writes["project_stack.md"]).body.startswith(lead)
    turned = _dream(lead, "ArgoCD auto-sync is back on for prod apps.")
    assert parse_topic(turned.writes["project_stack.md"]).body.startswith("ArgoCD auto-sync is")
    assert "back on" in parse_topic(turned.writes["project_stack.md"]).body.split("\n")[0]


_FREEZE_OFF = "ArgoCD auto-sync is off for prod apps during the freeze."


@pytest.mark.parametrize(
    "said",
    [
        # (from a review: saved nothing, or a second entry beside the one saying it is off,
        # which kept saying so) the turn told with when it happened, or as confirmed
        "When the incident was resolved we turned auto-sync back on in Argo",
        "I can confirm ArgoCD auto-sync is back on",
        "We know that ArgoCD auto-sync is back on.",
        "ArgoCD auto-sync is back on for prod apps.",
    ],
)
def test_a_setting_turned_back_with_when_or_who_rewrites_the_entry(said: str) -> None:
    plan = _dream(_FREEZE_OFF, said)
    assert _others(plan) == []
    body = parse_topic(plan.writes["project_stack.md"]).body
    current, _, history = body.partition("\n\n")
    assert "back on" in current and "off" not in current
    assert f"previously: {_FREEZE_OFF}" in history


@pytest.mark.parametrize(
    ("lead", "said"),
    [
        # hoped, believed, or said of another setting: the entry still says what holds
        (_FREEZE_OFF, "I hope ArgoCD auto-sync is back on by Friday."),
        (_FREEZE_OFF, "I think ArgoCD auto-sync is back on."),
        (_FREEZE_OFF, "When the freeze ends we can turn auto-sync back on in Argo."),
        ("Auto-sync is off for staging during the freeze.",
         "When the incident was resolved we turned auto-sync back on for prod."),
    ],
)
def test_a_turn_back_not_told_done_or_of_another_setting_leaves_the_entry(lead: str,
                                                                          said: str) -> None:
    plan = _dream(lead, said)
    if "project_stack.md" in plan.writes:
        body = parse_topic(plan.writes["project_stack.md"]).body
        assert body.startswith(lead) and "previously" not in body


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("We turned the feature flag back off.", True),
        ("Dark mode is back on for everyone.", True),
        ("The project is back on track.", False),
        ("The deal is back on the table.", False),
    ],
)
def test_a_setting_turned_back_is_kept_as_what_holds(said: str, kept: bool) -> None:
    assert bool(candidates(said)) == kept


@pytest.mark.parametrize(
    ("lead", "said", "turned"),
    [
        # (from a review: each rewrote the entry, though the setting is still off) a turn told
        # in the present, with a time word or asked for, is a plan or a request, not done
        (_FREEZE_OFF, "Later today we turn auto-sync back on for prod apps.", False),
        (_FREEZE_OFF, "At a later point we turn ArgoCD auto-sync back on for prod apps.", False),
        (_FREEZE_OFF, "later on we turn auto-sync back on for prod apps", False),
        (_FREEZE_OFF, "A bit later we flip ArgoCD auto-sync back on for prod apps.", False),
        (_FREEZE_OFF, "At which point we turn ArgoCD auto-sync back on for prod apps.", False),
        (_FREEZE_OFF, "Later Sam turns ArgoCD auto-sync back on for prod apps.", False),
        (_FREEZE_OFF, "later we turn argocd auto-sync back on for prod apps", False),
        (_FREEZE_OFF, "Later on we'd turn ArgoCD auto-sync back on.", False),
        ("The new-checkout flag is off in prod.",
         "Later we turn the new-checkout flag back on in prod.", False),
        (_FREEZE_OFF, "We need to turn ArgoCD auto-sync back on for prod apps.", False),
        (_FREEZE_OFF, "Remind me to turn ArgoCD auto-sync back on for prod apps.", False),
        (_FREEZE_OFF, "Please turn ArgoCD auto-sync back on for prod apps.", False),
        # told as done, in the past, as a state or as a decision made, it rewrites the entry
        (_FREEZE_OFF, "Later we turned ArgoCD auto-sync back on for prod apps.", True),
        (_FREEZE_OFF, "Two days later we turned ArgoCD auto-sync back on for prod apps.", True),
        (_FREEZE_OFF, "At that point we turned ArgoCD auto-sync back on for prod apps.", True),
        (_FREEZE_OFF, "A bit later we flipped ArgoCD auto-sync back on for prod apps.", True),
        (_FREEZE_OFF, "ArgoCD auto-sync is back on for prod apps.", True),
        (_AUTO_SYNC_OFF, "Helen and I agreed this morning to turn ArgoCD auto-sync back ON for "
         "prod apps.", True),
    ],
)
def test_a_turn_back_rewrites_the_entry_only_when_told_done(lead: str, said: str,
                                                            turned: bool) -> None:
    plan = _dream(lead, said)
    body = parse_topic(plan.writes["project_stack.md"]).body if (
        "project_stack.md" in plan.writes) else lead
    current = body.partition("\n\n")[0]
    # (the entry says what holds now: the turn with the other state in its history, or the
    # state it gave, untouched)
    assert (current != lead and f"previously: {lead}" in body if turned else current == lead), body
    assert _others(plan) == []


_CUT = "Group quota cut to 4 A100s until 2026-07-30 (the other group's deadline)."
_NO_EIGHT = topic("Don't request 8 GPUs", "Don't request 8 GPUs.\n\n**Why:** Since the quota cut "
                  "I can only use 4 at a time.", type_="feedback")


def _quota_dream(files: dict[str, str], *said: str) -> DreamPlan:
    return plan_dream(files, None, gather(*(human(s, day=3) for s in said)).candidates, now=NOW)


@pytest.mark.parametrize("said", [
    "good news, the quota is back to 8 A100s",
    "quota: back to 8 A100s since Monday",
    "The quota went back to 8 A100s.",
])
def test_a_setting_back_to_its_value_ends_the_change_and_the_rule_given_for_it(said: str) -> None:
    # the cut stayed current (and the rule against 8 GPUs with it): the agent would refuse
    # the 8-GPU runs the person was back to
    plan = _quota_dream({"project_quota-cut.md": topic("Group quota cut", _CUT),
                         "feedback_dont-request-gpus.md": _NO_EIGHT}, said)
    body = parse_topic(plan.writes["project_quota-cut.md"]).body
    lead = body.splitlines()[0]
    assert "back to 8 A100s" in lead and "Good news" not in lead and "4" not in lead
    assert f"Updated on 2026-07-09; previously: {_CUT}" in body.splitlines()
    assert plan.deletes == ["feedback_dont-request-gpus.md"]


def test_a_setting_back_to_the_value_an_entry_gave_keeps_that_entry_with_the_change() -> None:
    plan = _quota_dream({"project_quota.md": topic("Group quota",
                                                   "Our group quota is 8 A100s at a time."),
                         "project_quota-cut.md": topic("Group quota cut", _CUT)},
                        "the quota is back to 8 A100s")
    body = parse_topic(plan.writes["project_quota.md"]).body
    assert body.splitlines()[0] == "Our group quota is 8 A100s at a time."
    assert f"Updated on 2026-07-09; previously: {_CUT}" in body.splitlines()
    assert plan.deletes == ["project_quota-cut.md"]


@pytest.mark.parametrize("rule", [
    # near misses: a rule not against the value returned to, or given for another reason
    "Don't request 16 GPUs.\n\n**Why:** Since the quota cut I can only use 4 at a time.",
    "Don't request 8 GPUs.\n\n**Why:** The scheduler starves jobs that ask for a full node.",
])
def test_a_rule_not_given_for_the_change_that_ended_stays(rule: str) -> None:
    plan = _quota_dream({"project_quota-cut.md": topic("Group quota cut", _CUT),
                         "feedback_gpus.md": topic("GPUs", rule, type_="feedback")},
                        "the quota is back to 8 A100s")
    assert "project_quota-cut.md" in plan.writes
    assert plan.deletes == []


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        # (from a review of 405965b: lost) a turn told as a plan, with who makes it and when,
        # is kept as the plan, dated, beside the entry giving the state until then
        ("Next week we turn ArgoCD auto-sync back on for prod apps.",
         "In the week of 2026-07-13 we turn ArgoCD auto-sync back on for prod apps."),
        ("After the freeze we turn ArgoCD auto-sync back on for prod apps.",
         "After the freeze we turn ArgoCD auto-sync back on for prod apps."),
        # (a day gone by the dream: told as past)
        ("We're turning ArgoCD auto-sync back on for prod apps later this week.",
         "Was planned: we're turning ArgoCD auto-sync back on for prod apps later in the week "
         "of 2026-07-06."),
    ],
)
def test_a_turn_back_told_as_a_plan_is_kept_beside_the_entry(said: str, kept: str) -> None:
    plan = _dream(_FREEZE_OFF, said)
    assert "project_stack.md" not in plan.writes
    (other,) = _others(plan)
    assert parse_topic(plan.writes[other]).body.startswith(kept)
