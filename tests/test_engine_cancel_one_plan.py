"""A plan called off ("The release is cancelled.") takes the plan it names and nothing else:
another plan beside it, in its own file or in the file two plans were once merged into, stays
on with its day; what the file says of the cancelled plan (its sign-off deadline) is history
with it; "the release" is not "the second release", either way round."""

from __future__ import annotations

from datetime import timedelta

import pytest

from autodream.engine.dream import DreamPlan, plan_dream
from autodream.memory.model import parse_topic
from tests.engine_helpers import T0, candidates, dreams_over_days, topic

_RELEASE = "The release is on 2026-08-04."
_SECOND = "The second release is on 2026-09-20."
_DEADLINE = "The release sign-off deadline is 2026-08-01."
_MERGED = "project_second-release.md"


def _dream(files: dict[str, list[str]], said: str, day: int = 2) -> tuple[DreamPlan,
                                                                         dict[str, str]]:
    """One dream at 18:00 on ``day`` over ``said`` (that day), with each file's statements in
    memory; the plan and the topic files after it."""
    texts = {path: topic(lines[0].rstrip("."), "\n".join(lines)) for path, lines in files.items()}
    index = "".join(f"- [{lines[0].rstrip('.')}]({path}) — plan\n" for path, lines in files.items())
    plan = plan_dream(texts, index, candidates(said, day=day),
                      now=T0 + timedelta(days=day, hours=9))
    return plan, {**texts, **{p: t for p, t in plan.writes.items() if p != "MEMORY.md"}}


def _body(text: str) -> list[str]:
    """A topic file's statements and history lines, before its Why."""
    return [line for line in parse_topic(text).body.split("\n**Why:**")[0].splitlines()
            if line.strip()]


def test_the_second_release_called_off_leaves_the_release_merged_beside_it() -> None:
    # 'The release is on 2026-08-04.' was gone: the call-off took the whole file's statements
    _, files = _dream({_MERGED: [_SECOND, _RELEASE]}, "The second release is cancelled.")
    assert _body(files[_MERGED]) == [
        "The second release is cancelled.", _RELEASE,
        "Updated on 2026-07-08; previously: The second release is on 2026-09-20."]
    assert parse_topic(files[_MERGED]).name == "The second release is cancelled"


def test_the_release_called_off_is_the_merged_line_it_names_not_the_lead() -> None:
    # the lead, 'The second release is on 2026-09-20.', was called off in its place
    _, files = _dream({_MERGED: [_SECOND, _RELEASE]}, "The release is cancelled.")
    assert _body(files[_MERGED]) == [
        _SECOND, "The release is cancelled.",
        "Updated on 2026-07-08; previously: The release is on 2026-08-04."]
    assert parse_topic(files[_MERGED]).name == "The second release is on 2026-09-20"


def test_the_release_called_off_after_its_day_beside_the_second_release() -> None:
    # dropped: 'calls off release, and no single remembered plan of it is upcoming', the
    # second release read as one of it; the release stayed on
    files = {"project_release.md": [_RELEASE], "project_second-release.md": [_SECOND]}
    plan, after = _dream(files, "The release is cancelled.", day=40)
    assert _body(after["project_release.md"]) == [
        "The release is cancelled.",
        "Updated on 2026-08-15; previously: The release is on 2026-08-04."]
    assert "project_second-release.md" not in plan.writes


def test_the_release_sign_off_in_its_file_stays_an_event_of_its_own() -> None:
    # the lead, the sign-off deadline, was called off and 'The release is on 2026-08-04.' was
    # gone; an event of the release's own stays as it does in a file of its own
    path = "project_release-sign-deadline.md"
    _, files = _dream({path: [_DEADLINE, _RELEASE]}, "The release is cancelled.")
    assert _body(files[path]) == [
        _DEADLINE, "The release is cancelled.", f"Updated on 2026-07-08; previously: {_RELEASE}"]


def test_the_release_beside_its_sign_off_and_the_second_release_is_called_off() -> None:
    # dropped: the deadline's file and the second release's each read as a plan of the release
    path = "project_release-sign-deadline.md"
    plan, files = _dream({path: [_DEADLINE, _RELEASE], "project_second-release.md": [_SECOND]},
                         "The release is cancelled.")
    assert _body(files[path]) == [
        _DEADLINE, "The release is cancelled.", f"Updated on 2026-07-08; previously: {_RELEASE}"]
    assert "project_second-release.md" not in plan.writes


def test_the_release_called_off_is_never_the_second_release() -> None:
    # the release told as past (no plan to call off), the second release was called off
    files = {"project_release.md": ["The release was on 2026-08-04."],
             "project_second-release.md": [_SECOND]}
    plan, after = _dream(files, "The release is cancelled.", day=40)
    assert "project_second-release.md" not in plan.writes
    assert _body(after["project_second-release.md"]) == [_SECOND]


def test_the_second_release_called_off_is_never_the_release() -> None:
    plan, after = _dream({"project_release.md": [_RELEASE]}, "The second release is cancelled.")
    assert "project_release.md" not in plan.writes
    files = {"project_release.md": [_RELEASE], "project_second-release.md": [_SECOND]}
    plan, after = _dream(files, "The second release is cancelled.")
    assert "project_release.md" not in plan.writes
    assert _body(after["project_second-release.md"])[0] == "The second release is cancelled."


def test_the_release_told_off_on_day_40_over_two_dreams() -> None:
    said = [(0, "Remember: the release is on 4 August."),
            (0, "Remember: the second release is on 20 September."),
            (40, "The release is cancelled.")]
    files = dreams_over_days(said, [1, 40])[-1][1]
    assert sorted(_body(text)[0] for text in files.values()) == [
        "The release is cancelled.", _SECOND]


def test_the_release_called_off_beside_its_freeze_in_a_file_of_its_own() -> None:
    # dropped: the freeze's file read as a second plan of the release, which stayed on
    files = {"project_release.md": [_RELEASE],
             "project_release-freeze.md": ["The release freeze starts on 2026-07-28."]}
    plan, after = _dream(files, "The release is cancelled.")
    assert _body(after["project_release.md"]) == [
        "The release is cancelled.",
        "Updated on 2026-07-08; previously: The release is on 2026-08-04."]
    # (the freeze is a plan of its own: left as it was, not lost)
    assert "project_release-freeze.md" not in plan.writes


def test_two_events_of_the_release_alone_are_no_plan_to_call_off() -> None:
    files = {"project_release-freeze.md": ["The release freeze starts on 2026-07-28."],
             "project_release-party.md": ["The release party is on 2026-08-05."]}
    plan, _ = _dream(files, "The release is cancelled.")
    assert [p for p in plan.writes if p != "MEMORY.md"] == []


_HOTFIX = "The hotfix release is on 2026-08-10."


@pytest.mark.parametrize("release", [
    "The release must ship by 2026-08-04.", "The release needs to ship by 2026-08-04.",
    "The release probably ships on 2026-08-04.", "The release definitely happens on 2026-08-04.",
    "The release must be done by 2026-08-04.", "The release Alice planned is on 2026-08-04.",
    "The release train leaves on 2026-08-04."])
def test_the_release_told_with_a_word_after_its_name_is_no_part_of_it(release: str) -> None:
    # the release read as an event of its own ('the release must'), and the hotfix release,
    # the one plan of the release left, was called off in its place
    files = {"project_release.md": [release], "project_hotfix-release.md": [_HOTFIX]}
    plan, _ = _dream(files, "The release is cancelled.")
    assert [p for p in plan.writes if p != "MEMORY.md"] == []
    assert [d.reason for d in plan.decisions if d.action == "dropped"] == [
        "calls off 'release', and no single remembered plan of it is upcoming"]


@pytest.mark.parametrize(("release", "other"), [
    ("Remember: the release must ship by 4 August.",
     "Remember: the hotfix release is on 10 August."),
    ("Remember: the release probably ships on 4 August.",
     "Remember: the mobile release is on 10 August.")])
def test_the_release_called_off_beside_another_release_over_dreams(release: str,
                                                                  other: str) -> None:
    # the other release's file was called off ('The release is cancelled.' in its place)
    said = [(0, release), (0, other), (2, "The release is cancelled.")]
    (_, before), (plan, after) = dreams_over_days(said, [0, 2])
    assert [p for p in plan.writes if p != "MEMORY.md"] == []
    assert after == before and len(after) == 2


@pytest.mark.parametrize(("planned", "off", "path"), [
    ("Remember: our first release is on 4 August.", "The release is cancelled.",
     "project_first-release.md"),
    ("Remember: the first sprint review is on 4 August.", "The sprint review is cancelled.",
     "project_first-sprint-review.md"),
    ("Remember: the first release is on 4 August.", "We cancelled the release.",
     "project_first-release.md")])
def test_the_first_one_is_called_off_by_its_bare_name(planned: str, off: str,
                                                      path: str) -> None:
    # dropped: 'the first release' was read as another release than 'the release'
    (_, before), (_, after) = dreams_over_days([(0, planned), (2, off)], [0, 2])
    assert list(before) == [path]
    assert _body(after[path])[0] == off


_ROADMAP = ["Roadmap for the summer.", "- Beta opens on 2026-07-20.", f"- {_RELEASE}",
            "- Retro on 2026-08-10."]
_MIGRATION = ["The migration is on 2026-07-20.", "It must finish before the release on 2026-08-04."]


@pytest.mark.parametrize("other", [_ROADMAP, _MIGRATION])
def test_the_release_called_off_is_its_own_file_not_a_line_below_another(
        other: list[str]) -> None:
    # dropped: the roadmap's line, or the migration's, read as a second plan of the release
    files = {"project_release.md": [_RELEASE], "project_other.md": other}
    plan, after = _dream(files, "The release is cancelled.")
    assert _body(after["project_release.md"]) == [
        "The release is cancelled.", f"Updated on 2026-07-08; previously: {_RELEASE}"]
    assert "project_other.md" not in plan.writes


def test_a_line_naming_the_release_below_another_plan_alone_is_no_plan_of_it() -> None:
    # the migration's line went to history, 'The release is cancelled.' in its place
    plan, _ = _dream({"project_migration.md": _MIGRATION}, "The release is cancelled.")
    assert [p for p in plan.writes if p != "MEMORY.md"] == []


def test_the_other_demo_alone_is_called_off_by_its_bare_name() -> None:
    # dropped: 'the other demo' was read as another demo than the one called off
    said = [(0, "Remember: the other demo is on 10 July."), (2, "The demo is cancelled.")]
    files = dreams_over_days(said, [0, 2])[-1][1]
    assert [_body(text)[0] for text in files.values()] == ["The demo is cancelled."]


def test_the_other_demo_beside_a_demo_told_past_is_not_called_off() -> None:
    files = {"project_demo.md": ["The demo was on 2026-07-01."],
             "project_other-demo.md": ["The other demo is on 2026-07-10."]}
    plan, _ = _dream(files, "The demo is cancelled.")
    assert [p for p in plan.writes if p != "MEMORY.md"] == []


def test_the_release_freeze_beside_the_second_release_is_not_called_off() -> None:
    # the freeze was called off: the one plan of the release's own left when the second
    # release, counted apart, was passed over (which release is off is not told)
    files = {"project_release-freeze.md": ["The release freeze starts on 2026-07-28."],
             "project_second-release.md": [_SECOND]}
    plan, _ = _dream(files, "The release is cancelled.")
    assert [p for p in plan.writes if p != "MEMORY.md"] == []


def test_what_else_the_release_file_says_stays_and_its_other_days_go() -> None:
    # every line naming the release went to history: its manager, its checklist, its party
    lines = [_RELEASE, "The release manager is Alice.",
             "Release checklist lives in docs/release.md.",
             "The release party is on 2026-08-05.", "The release moved to 2026-08-06."]
    _, files = _dream({"project_release.md": lines}, "The release is cancelled.")
    assert _body(files["project_release.md"]) == [
        "The release is cancelled.", *lines[1:4],
        f"Updated on 2026-07-08; previously: {_RELEASE}",
        "Updated on 2026-07-08; previously: The release moved to 2026-08-06."]


@pytest.mark.parametrize(("part", "off"), [
    ("The release freeze starts on 28 July.", "The release freeze is cancelled."),
    ("The release notes are due 1 August.", "The release notes are cancelled."),
    ("Remember: the release rehearsal is on 3 August.", "We cancelled the release rehearsal."),
    ("Remember: the release review is on 30 July.", "The release review is cancelled."),
    ("Remember: the release party is on 5 August.", "The release party is cancelled."),
    ("Remember: the mobile release is on 10 August.", "The mobile release is cancelled.")])
def test_a_part_of_the_release_called_off_in_its_file_leaves_the_release(part: str,
                                                                         off: str) -> None:
    # the release went to history with the part: 'The release is on ...' read as naming the
    # release freeze (its first word, 'release', is one of the freeze's)
    said = [(0, "Remember: the release is on 4 August."), (1, part), (2, off)]
    _, (_, before), (_, after) = dreams_over_days(said, [0, 1, 2])
    assert list(before) == list(after) == ["project_release.md"]
    body = _body(after["project_release.md"])
    assert _RELEASE in body and off in body
    assert [line for line in body if "previously" in line] == [
        f"Updated on 2026-07-08; previously: {_body(before['project_release.md'])[0]}"]
    assert parse_topic(after["project_release.md"]).name == "The release is on 2026-08-04"


@pytest.mark.parametrize("part", ["The release review is on 2026-07-30.",
                                  "The release candidate is on 2026-08-01.",
                                  "The release party is on 2026-08-05."])
def test_a_part_below_the_release_it_leads_is_what_its_call_off_takes(part: str) -> None:
    # the release, the file's lead, went to history with the part below it
    off = f"{part.split(' is on ')[0]} is cancelled."
    _, files = _dream({"project_release.md": [_RELEASE, part]}, off)
    body = _body(files["project_release.md"])
    assert body[:2] == [_RELEASE, off] and body[2:] == [
        f"Updated on 2026-07-08; previously: {part}"]


def test_the_third_release_called_off_in_a_merged_file_is_its_own_line() -> None:
    # (its count is part of its whole name: "third release" is named by its line alone)
    third = "The third release is on 2026-10-20."
    _, files = _dream({_MERGED: [_SECOND, _RELEASE, third]}, "The third release is cancelled.")
    assert _body(files[_MERGED]) == [
        _SECOND, _RELEASE, "The third release is cancelled.",
        f"Updated on 2026-07-08; previously: {third}"]


@pytest.mark.parametrize(("said", "part"), [
    ([(0, "Remember: the release is on 4 August."),
      (1, "The release freeze starts on 28 July.")], "The release freeze starts on 2026-07-28."),
    ([(0, "Remember: the release is on 4 August."),
      (0, "Remember: the release review is on 30 July.")], "The release review is on 2026-07-30."),
    ([(0, "Remember: the release is on 4 August."),
      (1, "Remember: the release candidate is on 3 August.")],
     "The release candidate is on 2026-08-03."),
    ([(0, "Remember: the release is on 4 August."),
      (1, "The other team's release is on 20 August.")],
     "The other team's release is on 2026-08-20.")])
def test_the_release_called_off_below_a_newer_line_leaves_no_word_of_its_day(
        said: list[tuple[int, str]], part: str) -> None:
    # MEMORY.md said '[The release is on 2026-08-04](project_release.md)' and its How to
    # apply 'Plan work around 2026-08-04': the newer line led the file, so its title, made of
    # the release, and its guidance stayed
    dreams = dreams_over_days([*said, (2, "The release is cancelled.")], [0, 1, 2])
    plan, files = dreams[-1]
    assert list(files) == ["project_release.md"]
    topic_file = parse_topic(files["project_release.md"])
    assert "2026-08-04" not in plan.index and "2026-08-04" not in topic_file.name
    assert "2026-08-04" not in topic_file.body.split("Updated on")[0]
    assert "2026-08-04" not in topic_file.body.split("**Why:**")[1]
    assert topic_file.name == "The release is cancelled"
    assert part in _body(files["project_release.md"])


def test_the_guidance_of_a_release_called_off_below_another_lead_goes() -> None:
    # 'Plan work around 2026-08-04' stayed: the roadmap leads, so its guidance was kept whole
    body = ("Roadmap for the summer.\n- The release is on 2026-08-04.\n\n"
            "**Why:** Plan stated on 2026-07-06.\n**How to apply:** Plan work around 2026-08-04.")
    texts = {"project_roadmap.md": topic("Roadmap for the summer", body)}
    plan = plan_dream(texts, "- [Roadmap for the summer](project_roadmap.md) — plan\n",
                      candidates("The release is cancelled.", day=2),
                      now=T0 + timedelta(days=2, hours=9))
    after = parse_topic(plan.writes["project_roadmap.md"])
    assert after.name == "Roadmap for the summer"
    assert "2026-08-04" not in after.body.split("**Why:**")[1]
    assert _body(plan.writes["project_roadmap.md"])[:2] == [
        "Roadmap for the summer.", "The release is cancelled."]


@pytest.mark.parametrize("other", [_HOTFIX, "The mobile release is on 2026-08-10.",
                                   "The next release is on 2026-09-20."])
def test_the_other_release_called_off_beside_two_releases_is_dropped(other: str) -> None:
    # the hotfix (mobile, next) release was called off: the one release not named bare, though
    # 'the other release' may as well be a third, or the hotfix release the release's own
    files = {"project_release.md": [_RELEASE], "project_other.md": [other]}
    plan, _ = _dream(files, "The other release is cancelled.")
    assert [p for p in plan.writes if p != "MEMORY.md"] == []
    assert [d.reason for d in plan.decisions if d.action == "dropped"] == [
        "calls off 'other release', and no single remembered plan of it is upcoming"]


def test_the_other_release_called_off_is_the_one_told_so() -> None:
    files = {"project_release.md": [_RELEASE],
             "project_other-release.md": ["The other release is on 2026-08-10."]}
    plan, after = _dream(files, "The other release is cancelled.")
    assert [p for p in plan.writes if p != "MEMORY.md"] == ["project_other-release.md"]
    assert _body(after["project_other-release.md"])[0] == "The other release is cancelled."


def test_a_dated_fact_of_the_release_called_off_stays() -> None:
    # each went to history as another day of the release: naming it first, dated
    facts = ["The release of v1 happened on 2026-07-01.",
             "The release budget was approved on 2026-07-01.",
             "The release team meets on 2026-07-15."]
    moves = ["The release is now planned for 2026-08-06.", "The release must ship by 2026-08-07."]
    _, files = _dream({"project_release.md": [_RELEASE, *facts, *moves]},
                      "The release is cancelled.")
    assert _body(files["project_release.md"]) == [
        "The release is cancelled.", *facts, f"Updated on 2026-07-08; previously: {_RELEASE}",
        *(f"Updated on 2026-07-08; previously: {move}" for move in moves)]
