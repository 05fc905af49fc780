"""Two colleagues standing in for one away, each for their own work ("Ana is out next week;
ask Raj about billing and Mei about payroll."): each stand-in is a memory naming who and for
what, said again it stays one each, and told anew for another span it replaces the one before;
told back, she is one memory, and a request to forget what was said of her takes them all."""

from __future__ import annotations

from autodream.engine.dream import DreamPlan
from autodream.memory.model import parse_topic
from tests.engine_helpers import dreams_over_days

_SAID = "Ana is out next week; ask Raj about billing and Mei about payroll."


def _dreams(said: list[tuple[int, str]], days: list[int]) -> tuple[list[DreamPlan],
                                                                   dict[str, str]]:
    """Each dream's plan and the memory the last one leaves."""
    dreams = dreams_over_days(said, days)
    return [plan for plan, _ in dreams], dreams[-1][1]


def _names(files: dict[str, str]) -> list[str]:
    return sorted(parse_topic(t).name for t in files.values())


def test_two_stand_ins_each_name_who_and_for_what() -> None:
    # one memory, 'Ana is out in the week of 2026-07-13, ask Raj about billing' (its title
    # naming Raj alone, Mei's payroll cut off to the description)
    _, files = _dreams([(0, _SAID)], [0])
    assert _names(files) == ["Ana is out in the week of 2026-07-13, ask Mei about payroll",
                             "Ana is out in the week of 2026-07-13, ask Raj about billing"]


def test_two_stand_ins_said_again_stay_one_each() -> None:
    plans, files = _dreams([(0, _SAID), (2, _SAID)], [0, 2])
    assert len(files) == 2
    assert [p for p in plans[1].writes if p != "MEMORY.md"] == []


def test_a_stand_in_told_anew_in_her_week_replaces_the_one_before() -> None:
    # 'Until 2026-07-17, ask Raj about billing (Ana is out).' was kept beside 'Ana is out in the
    # week of 2026-07-13, ask Raj about billing.': two memories of one stand-in
    _, files = _dreams(
        [(0, _SAID), (7, "Ana is out this week; ask Raj about billing and Mei about payroll.")],
        [0, 7])
    assert _names(files) == ["Until 2026-07-17, ask Mei about payroll (Ana is out)",
                             "Until 2026-07-17, ask Raj about billing (Ana is out)"]
    raj = next(parse_topic(t) for t in files.values() if "Raj" in t)
    assert ("Updated on 2026-07-13; previously: Ana is out in the week of 2026-07-13, ask Raj "
            "about billing.") in raj.body


def test_a_colleague_back_ends_both_stand_ins_said_in_one_sentence_as_one_memory() -> None:
    # each stand-in was rewritten to 'Ana is back early.': two index lines '[Ana is back
    # early]', one memory told twice
    plans, files = _dreams([(0, _SAID), (8, "Ana's back early.")], [0, 8])
    live = {f: t for f, t in files.items() if f not in plans[1].deletes}
    assert _names(live) == ["Ana is back early"]
    assert plans[1].index is not None and plans[1].index.count("[Ana is back") == 1
    (back,) = [parse_topic(t).body for t in live.values()]
    assert back.startswith("Ana is back early.")
    for was in ("ask Raj about billing.", "ask Mei about payroll."):
        assert f"previously: Ana is out in the week of 2026-07-13, {was}" in back
    (merged,) = [d for d in plans[1].decisions if d.action == "merged"]
    assert "a stand-in ended, Ana told back on 2026-07-14" in merged.reason


def test_three_stand_ins_in_one_sentence_are_three() -> None:
    # 'Dave about infra and Eve about security' stayed one memory, titled for Dave alone
    _, files = _dreams([(0, "Bob is on leave tomorrow; ask Carol about releases and Dave about "
                            "infra and Eve about security.")], [0])
    assert _names(files) == ["Bob is on leave on 2026-07-07, ask Carol about releases",
                             "Bob is on leave on 2026-07-07, ask Dave about infra",
                             "Bob is on leave on 2026-07-07, ask Eve about security"]


def test_forgetting_what_was_said_of_her_takes_both_stand_ins_said_in_one_sentence() -> None:
    # declined: 'it names several memories (...) and which one is not said', though one
    # sentence was said of her (as one memory, before, it went)
    plans, _ = _dreams([(0, _SAID), (1, "Forget what I said about Ana.")], [0, 1])
    assert sorted(plans[1].deletes) == ["project_ana-week-ask-mei-payroll.md",
                                        "project_ana-week-ask-raj-billing.md"]
    assert [d.action for d in plans[1].decisions if d.action in ("forgotten", "declined")] == [
        "forgotten", "forgotten"]
    assert plans[1].index is not None and "Ana" not in plans[1].index


def test_forgetting_her_stand_ins_told_apart_still_asks_which() -> None:
    plans, _ = _dreams([(0, "Ana is out next week; ask Raj about billing."),
                        (1, "Ana is out next week; ask Mei about payroll."),
                        (2, "Forget what I said about Ana.")], [0, 1, 2])
    assert plans[2].deletes == []
    (declined,) = [d for d in plans[2].decisions if d.action == "declined"]
    assert "it names several memories" in declined.reason


def test_one_colleague_for_two_things_stays_one_stand_in() -> None:
    _, files = _dreams([(0, "Ana is out next week; ask Raj about billing and invoices.")], [0])
    assert [parse_topic(t).body.partition("\n")[0] for t in files.values()] == [
        "Ana is out in the week of 2026-07-13, ask Raj about billing and invoices."]
