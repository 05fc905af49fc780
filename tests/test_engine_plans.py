"""Plans as they pass, move and close over several dreams: what the person reads in the memory
after each."""

from __future__ import annotations

import pytest

from autodream.engine import plan_dream
from autodream.engine.dream import DreamPlan
from autodream.memory.model import parse_topic
from tests.engine_helpers import NOW, dreams_over_days, gather, human, topic


def _dreams(said: list[tuple[int, str]], days: list[int]) -> list[DreamPlan]:
    return [plan for plan, _ in dreams_over_days(said, days)]


@pytest.mark.parametrize(
    ("said", "past"),
    [
        # "we need" is no deed done: the plan was never told as past, its title alone was
        ("The workshop deadline is on 2026-07-10, so we need the ablations before that.",
         "The workshop deadline was on 2026-07-10, so we need the ablations before that."),
        ("The NeurIPS workshop deadline is in two weeks, so we need the ablations before that.",
         "The NeurIPS workshop deadline was on 2026-07-20, so we need the ablations before "
         "that."),
        # neighbours, told as past as before
        ("The release is on 2026-07-10.", "The release was on 2026-07-10."),
        ("The workshop deadline is on 2026-07-10, so we ship the ablations before that.",
         "The workshop deadline was on 2026-07-10, so we planned to ship the ablations before "
         "that."),
    ],
)
def test_a_passed_plan_is_told_as_past_in_title_description_and_body_once(
        said: str, past: str) -> None:
    first, second, third = _dreams([(0, said)], [0, 15, 18])
    (path,) = [p for p in first.writes if p != "MEMORY.md"]
    entry = parse_topic(second.writes[path])
    assert entry.body.startswith(past)
    # the description tells it as the body does (or, the title saying it all, when it was said)
    assert entry.description in (past, f"{past.rstrip('.')} (said 2026-07-06)")
    assert " was " in entry.name and " is " not in entry.name
    assert [d.action for d in second.decisions if d.file == path] == ["past"]
    # the next dream has nothing more to tell, and says nothing about it
    assert path not in third.writes
    assert not [d for d in third.decisions if d.file == path]


@pytest.mark.parametrize(
    "said",
    [
        # a deed told by who did it stays as it was said
        "We shipped the beta on 2026-07-08.",
        "We agreed on 2026-07-08 that the beta is feature-complete.",
    ],
)
def test_a_dated_deed_is_not_retold_as_a_plan(said: str) -> None:
    first, second = _dreams([(0, said)], [3, 15])
    (path,) = [p for p in first.writes if p != "MEMORY.md"]
    assert path not in second.writes
    assert not [d for d in second.decisions if d.action == "past"]


@pytest.mark.parametrize(
    ("description", "written"),
    [
        # the description is not retold (a deed in it); its index hook, cut from it, was, and
        # the dream recorded "told as past" for a change no file showed
        ("The offsite is on 2026-07-10 in Lisbon with the whole platform team, as we decided "
         "in the retro.", False),
        # retold for real: the file changes, and the decision says so
        ("The workshop deadline is on 2026-07-10 for the paper with the whole group, so we "
         "need the ablations before that.", True),
    ],
)
def test_a_past_decision_is_recorded_only_for_a_change_written(description: str,
                                                               written: bool) -> None:
    path = "project_offsite.md"
    files = {path: topic("The offsite was on 2026-07-10", description, description=description)}
    index = f"## Project\n- [The offsite was on 2026-07-10]({path}) — {description[:50]}…\n"
    plan = plan_dream(files, index, [], now=NOW)
    assert (path in plan.writes) is written
    assert [d.action for d in plan.decisions if d.file == path] == (["past"] if written else [])
    if written:
        assert " was on 2026-07-10" in parse_topic(plan.writes[path]).description


_DEADLINE = "The workshop deadline is on 2026-07-20, so we need the ablations before that."


def _one_deadline(plans: list[DreamPlan]) -> tuple[str, str]:
    """The path and text of the one workshop entry the last dream left; fails if the memory
    holds more than one."""
    files: dict[str, str] = {}
    for plan in plans:
        files.update({p: t for p, t in plan.writes.items() if p != "MEMORY.md"})
    found = [(p, t) for p, t in files.items() if "workshop" in t.lower()]
    assert len(found) == 1, [parse_topic(t).name for _, t in found]
    return found[0]


@pytest.mark.parametrize(
    "moved",
    [
        "the workshop deadline got extended, it's 2026-07-24 now",
        "the workshop deadline got pushed, it's 2026-07-24 now",
        "the workshop deadline was extended to 2026-07-24",
        "the workshop deadline is now 2026-07-24",
        "the workshop deadline is now on 2026-07-24",
    ],
)
def test_a_deadline_extended_moves_the_one_plan_and_handing_in_closes_it(moved: str) -> None:
    plans = _dreams([
        (0, _DEADLINE),
        (3, moved),
        (8, "deadline extended again! the workshop deadline is now 2026-07-31"),
        (12, "we submitted the workshop paper today, a week early!"),
    ], [1, 4, 9, 13])
    _, text = _one_deadline(plans[:2])
    assert "2026-07-24" in parse_topic(text).name
    assert "Changed from 2026-07-20 to 2026-07-24 on 2026-07-09" in text
    _, text = _one_deadline(plans[:3])
    assert "2026-07-31" in parse_topic(text).name and "How to apply:** Plan work around" in text
    path, text = _one_deadline(plans)
    entry = parse_topic(text)
    assert entry.name.startswith("We submitted the workshop paper on 2026-07-18")
    assert "Plan work around" not in entry.body
    assert "Changed from 2026-07-20 to 2026-07-24 on 2026-07-09" in entry.body
    assert "Changed from 2026-07-24 to 2026-07-31 on 2026-07-14" in entry.body
    assert [d.action for d in plans[-1].decisions if d.file == path] == ["superseded"]


@pytest.mark.parametrize(
    ("said", "moved_to"),
    [
        # "extended" to a day before the plan's: misread or misspoken, no move
        ("the workshop deadline got extended, it's 2026-07-16 now", None),
        ("the workshop deadline got pushed back, it's 2026-07-16 now", None),
        ("the workshop deadline was postponed to 2026-07-16", None),
        # a move with no word of later may bring the day forward
        ("the workshop deadline got moved, it's 2026-07-16 now", "2026-07-16"),
        ("the workshop deadline was moved to 2026-07-16", "2026-07-16"),
    ],
)
def test_an_extension_to_an_earlier_day_is_doubtful_not_a_move(said: str,
                                                               moved_to: str | None) -> None:
    plans = _dreams([(0, _DEADLINE), (3, said)], [1, 4])
    path, _ = _one_deadline(plans[:1])
    doubtful = [d for d in plans[1].decisions if "doubtful" in d.reason]
    if moved_to is None:
        assert path not in plans[1].writes
        assert [d.file for d in doubtful] == [path] and "2026-07-16" in doubtful[0].reason
    else:
        assert not doubtful
        assert moved_to in parse_topic(plans[1].writes[path]).name


@pytest.mark.parametrize(
    "said",
    [
        # nothing of the workshop handed in
        "we submitted the expense report today",
        # the conference's day, not the workshop deadline's
        "the conference is now on 2026-07-24",
        # a deadline missed is no deadline met
        "we missed the workshop deadline",
    ],
)
def test_the_deadline_stays_for_what_is_not_of_it(said: str) -> None:
    plans = _dreams([(0, _DEADLINE), (3, said)], [1, 4])
    path, _ = _one_deadline(plans[:1])
    assert path not in plans[1].writes or "2026-07-20" in parse_topic(
        plans[1].writes[path]).name


@pytest.mark.parametrize(
    ("plan", "said", "title"),
    [
        ("For payments, I will schedule the review with Priya for 2026-07-10 after the infra "
         "sync.", "Payments review with Priya happened on 2026-07-10, she approved.",
         "Payments review with Priya happened on 2026-07-10"),
        ("The design review with Sam is on 2026-07-10.",
         "The design review with Sam took place on 2026-07-10, all approved.",
         "The design review with Sam took place on 2026-07-10"),
    ],
)
def test_a_plan_come_to_pass_is_titled_by_what_happened(plan: str, said: str,
                                                        title: str) -> None:
    plans = _dreams([(0, plan), (8, said)], [1, 9])
    (path,) = [p for p in plans[0].writes if p != "MEMORY.md"]
    entry = parse_topic(plans[1].writes[path])
    assert entry.body.startswith(said)
    assert entry.name == title
    assert f"[{title}]" in plans[1].index


@pytest.mark.parametrize(
    ("plan", "title"),
    [
        # a passed plan with nothing said since is told as past, as before
        ("For payments, I will schedule the review with Priya for 2026-07-10.",
         "For payments, the user planned to schedule the review with Priya"),
        ("The design review with Sam is on 2026-07-10.",
         "The design review with Sam was on 2026-07-10"),
    ],
)
def test_a_passed_plan_with_no_news_keeps_its_title_told_as_past(plan: str, title: str) -> None:
    plans = _dreams([(0, plan)], [1, 9])
    (path,) = [p for p in plans[0].writes if p != "MEMORY.md"]
    assert parse_topic(plans[1].writes[path]).name == title


def test_the_engines_description_of_a_plan_come_to_pass_follows_what_happened() -> None:
    plans = _dreams([
        (0, "For payments, I will schedule the review with Priya for 2026-07-10 after the "
            "infra sync."),
        (8, "Payments review with Priya happened on 2026-07-10, she approved."),
    ], [1, 9])
    (path,) = [p for p in plans[0].writes if p != "MEMORY.md"]
    entry = parse_topic(plans[1].writes[path])
    assert "planned to schedule" not in entry.description
    assert "planned to schedule" not in plans[1].index


@pytest.mark.parametrize("body", [
    # the person rewrote "We're moving CI from CircleCI to GitHub Actions this week" by hand
    "CI is GitHub Actions (.github/workflows/ci.yml). .circleci is dead, never edit it.",
    "CI is GitHub Actions (.github/workflows/ci.yml).\n\nSwitched from CircleCI to GitHub "
    "Actions in the week of 2026-07-06; previously CircleCI.",
])
def test_an_entry_rewritten_by_hand_as_a_present_fact_is_not_told_as_was_planned(
    body: str,
) -> None:
    # its description, the engine's of the plan the body said before, was told "Was planned:
    # we're moving CI ...", as if the move might not have happened
    described = "We're moving CI from CircleCI to GitHub Actions in the week of 2026-07-06."
    ci = topic("CI on GitHub Actions", body, description=described)
    line = f"## Project\n- [CI on GitHub Actions](project_ci.md) — {described}\n"
    plan = plan_dream({"project_ci.md": ci}, line, [], now=NOW)
    assert "Was planned" not in plan.index and "project_ci.md" not in plan.writes
    assert not [d for d in plan.decisions if d.action == "past"]


@pytest.mark.parametrize("opener", ["Bad news, ", "Sad news: ", ""])
def test_a_slip_told_as_bad_news_moves_the_plan_it_is_of(opener: str) -> None:
    # "Bad news, the EKS 1.31 upgrade slips to 16/07" made a second entry titled "Was planned:
    # Bad news", beside the plan still giving the old day
    first, second = _dreams([
        (0, "The EKS upgrade from 1.30 to 1.31 in prod is planned for 2026-07-09, in the "
            "afternoon."),
        (2, f"{opener}the EKS 1.31 upgrade slips to 2026-07-16 because the node pools aren't "
            "ready.")], [0, 3])
    (path,) = [p for p in first.writes if p != "MEMORY.md"]
    assert [p for p in second.writes if p != "MEMORY.md"] == [path]
    entry = parse_topic(second.writes[path])
    assert "2026-07-16" in entry.body and "news" not in entry.body.lower()


# (from a month as a Go developer) a go-live moved, told in other words than the plan ("the
# refunds v2 go-live moved" of "The v2 refunds API goes live on ..."), moves that plan; it made
# a second entry beside the first, and the old day stayed in memory as if still planned
@pytest.mark.parametrize(("lead", "said"), [
    ("The v2 refunds API goes live on 2026-07-24, Jonas is wiring the checkout to it.",
     "The refunds v2 go-live moved to July 31st, the bank needs more time for the sandbox."),
    ("The v2 refunds API goes live on 2026-07-24 (moved from 2026-07-10, the bank needed more "
     "sandbox time). Jonas is wiring the checkout to it.",
     "Refunds v2 go-live moved again, it's now July 31st."),
])
def test_a_go_live_moved_in_other_words_moves_the_plan(lead: str, said: str) -> None:
    files = {"project_refunds.md": topic("Refunds", lead)}
    plan = plan_dream(files, "- [Refunds](project_refunds.md) — refunds\n",
                      gather(human(said, day=3)).candidates, now=NOW)
    assert [f for f in plan.writes if f != "MEMORY.md"] == ["project_refunds.md"]
    body = parse_topic(plan.writes["project_refunds.md"]).body
    assert body.startswith("The v2 refunds API goes live on 2026-07-31")
    assert "previously 2026-07-24" in body


def test_a_go_live_told_again_in_other_words_is_the_same_plan() -> None:
    files = {"project_refunds.md": topic(
        "Refunds", "The v2 refunds API goes live on 2026-07-24 (moved from 2026-07-10).")}
    plan = plan_dream(files, "- [Refunds](project_refunds.md) — refunds\n", gather(human(
        "The refunds v2 go-live moved to July 24th, the bank needs more time.", day=3)).candidates,
                      now=NOW)
    assert [f for f in plan.writes if f != "MEMORY.md"] in ([], ["project_refunds.md"])
    assert [d.action for d in plan.decisions if d.file == "project_refunds.md"] == ["confirmed"]


@pytest.mark.parametrize("said", [
    # another thing's go-live, or a thing that goes live with no move
    "The payouts v2 go-live moved to July 31st.",
    "The refunds v2 docs go live on July 31st.",
])
def test_another_go_live_leaves_the_plan(said: str) -> None:
    lead = "The v2 refunds API goes live on 2026-07-24, Jonas is wiring the checkout to it."
    files = {"project_refunds.md": topic("Refunds", lead)}
    plan = plan_dream(files, "- [Refunds](project_refunds.md) — refunds\n",
                      gather(human(said, day=3)).candidates, now=NOW)
    if "project_refunds.md" in plan.writes:
        assert parse_topic(plan.writes["project_refunds.md"]).body.startswith(lead)


@pytest.mark.parametrize(("lead", "said", "now"), [
    ("On 2026-07-24 we migrate the db to postgres 16.",
     "The pg16 migration moved to the 31st, ops can't do the 24th.",
     "On 2026-07-31 we migrate the db to postgres 16."),
    ("The Postgres16 upgrade is on 2026-07-24.", "The pg 16 upgrade moved to the 31st.",
     "The Postgres16 upgrade is on 2026-07-31."),
    ("The python 3.12 upgrade is on 2026-07-24.", "The py3.12 upgrade moved to the 31st.",
     "The python 3.12 upgrade is on 2026-07-31."),
])
def test_a_plan_moved_under_a_short_name_moves_its_entry(lead: str, said: str, now: str) -> None:
    """"pg16" is "postgres 16": told by its short name, the move made a second entry and left
    the old day to be told later as passed."""
    files = {"project_migration.md": topic("Migration", lead)}
    plan = plan_dream(files, None, gather(human(said, day=10)).candidates, now=NOW)
    assert list(plan.writes) == ["project_migration.md"]
    assert parse_topic(plan.writes["project_migration.md"]).body.startswith(now)


@pytest.mark.parametrize("said", ["The pg15 migration moved to the 31st.",
                                  "The redis migration moved to the 31st."])
def test_a_plan_of_another_version_or_thing_leaves_the_entry(said: str) -> None:
    files = {"project_migration.md": topic(
        "Migration", "On 2026-07-24 we migrate the db to postgres 16.")}
    plan = plan_dream(files, None, gather(human(said, day=10)).candidates, now=NOW)
    assert "project_migration.md" not in plan.writes


@pytest.mark.parametrize("days", [[2, 12], [12]])
def test_an_on_call_week_again_is_a_new_entry_beside_the_past_one(days: list[int]) -> None:
    # "I'm on call again the week of ..." was taken into the entry of the week before: its
    # title and how to apply still told the past week, as if the new one were not ahead
    plans = _dreams([
        (1, "FYI I'm on call this week until Monday 09:00 UTC, then Marco takes over."),
        (10, "I'm on call again the week of 2026-07-27, Monday to Monday.")], days)
    files: dict[str, str] = {}
    for plan in plans:
        files.update({p: t for p, t in plan.writes.items() if p != "MEMORY.md"})
    (ahead,) = [parse_topic(t) for t in files.values() if "2026-07-27" in t]
    assert "2026-07-06" not in ahead.name and "2026-07-06" not in ahead.body
    assert "2026-07-13" not in ahead.body
    (past,) = [parse_topic(t) for t in files.values() if "2026-07-27" not in t]
    assert past.body.startswith("The user was on call in the week of 2026-07-06")


@pytest.mark.parametrize("moved", [
    "The release slipped again, to 2026-07-24.",
    "The release got pushed again to 2026-07-24.",
])
def test_a_plan_moved_again_is_still_the_one_plan(moved: str) -> None:
    first, second = _dreams([(0, "The release is planned for 2026-07-10."), (8, moved)], [2, 9])
    (path,) = [p for p in first.writes if p != "MEMORY.md"]
    assert [p for p in second.writes if p != "MEMORY.md"] == [path]


@pytest.mark.parametrize("done", [
    "We upgraded prod EKS to 1.31 this afternoon, all green.",
    "We upgraded EKS to 1.31 this afternoon.",
])
def test_an_upgrade_told_done_by_who_did_it_closes_its_plan(done: str) -> None:
    # "We upgraded prod EKS to 1.31 this afternoon" was no memory at all (the "prod" before
    # the tool hid the upgrade), and the plan stayed "planned for 2026-07-16"
    first, second = _dreams([
        (0, "The EKS upgrade from 1.30 to 1.31 in prod is planned for 2026-07-16, in the "
            "afternoon."), (10, done)], [2, 11])
    (path,) = [p for p in first.writes if p != "MEMORY.md"]
    assert [p for p in second.writes if p != "MEMORY.md"] == [path]
    entry = parse_topic(second.writes[path])
    assert entry.body.startswith("We upgraded") and "Plan work around" not in entry.body
    assert "planned" not in entry.name


@pytest.mark.parametrize(("done", "closed"), [
    ("INC-4412 postmortem is done.", True),
    ("The INC-4412 postmortem is done.", True),
    # near miss: a ticket of another thing closes no postmortem
    ("INC-4460 is done.", False),
])
def test_a_postmortem_due_friday_is_dated_and_closed_when_done(done: str, closed: bool) -> None:
    # "is due Friday" was never dated, and kept beside "INC-4412 postmortem is done"
    first, second = _dreams([
        (2, "The INC-4412 postmortem is due Friday, I'm writing it."), (7, done)], [3, 8])
    (path,) = [p for p in first.writes if p != "MEMORY.md"]
    assert "due on 2026-07-10" in first.writes[path]
    files = {p: t for p, t in second.writes.items() if p != "MEMORY.md"}
    assert (done.rstrip(".") in files.get(path, "")) is closed
