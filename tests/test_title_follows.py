"""A memory's title and index line say what it says now: a title the dream made of a statement
that a change of mind replaced follows the new statement; one said again, or written by hand,
stays."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.factories import LEAST_GATES, dream_on_day, project_dirs, say_on_day, told_day_by_day


def _only_topic(root: Path) -> str:
    (body,) = [p.read_text(encoding="utf-8") for p in (root / "memory").glob("*.md")
               if p.name != "MEMORY.md"]
    return body


def _index_lines(root: Path) -> list[str]:
    index = (root / "memory" / "MEMORY.md").read_text(encoding="utf-8")
    return [line for line in index.splitlines() if line.startswith("- [")]


def _title(line: str) -> str:
    m = re.match(r"- \[(.*?)\]\(", line)
    assert m is not None, line
    return m[1]


def test_a_rule_turned_round_is_titled_for_the_rule_that_holds(tmp_path: Path) -> None:
    root = told_day_by_day(tmp_path / "p", "Always squash-merge pull requests.",
                           "Don't squash-merge pull requests anymore.")
    body = _only_topic(root)
    assert "\nname: Don't squash-merge pull requests anymore\n" in body, body
    (line,) = _index_lines(root)
    assert _title(line) == "Don't squash-merge pull requests anymore", line
    # the file keeps its name, and the old rule is history
    assert "(feedback_always-squash-merge-pull-requests.md)" in line, line
    assert "previously: Always squash-merge pull requests." in body, body


def test_a_rule_said_again_keeps_its_title(tmp_path: Path) -> None:
    root = told_day_by_day(tmp_path / "p", "Always squash-merge pull requests.",
                           "Squash-merge pull requests, always.")
    assert "\nname: Always squash-merge pull requests\n" in _only_topic(root)
    (line,) = _index_lines(root)
    assert _title(line) == "Always squash-merge pull requests", line


def test_a_title_written_by_hand_stays_when_the_rule_turns_round(tmp_path: Path) -> None:
    root = told_day_by_day(tmp_path / "p", "Always squash-merge pull requests.")
    (topic,) = [p for p in (root / "memory").glob("*.md") if p.name != "MEMORY.md"]
    topic.write_text(topic.read_text(encoding="utf-8").replace(
        "name: Always squash-merge pull requests\n", "name: Merging pull requests\n"),
        encoding="utf-8")
    index = root / "memory" / "MEMORY.md"
    index.write_text(index.read_text(encoding="utf-8").replace(
        "[Always squash-merge pull requests]", "[How we merge]"), encoding="utf-8")
    say_on_day(root, 2, "Don't squash-merge pull requests anymore.")
    dream_on_day(root, 2)
    body = topic.read_text(encoding="utf-8")
    assert "\nname: Merging pull requests\n" in body, body
    assert "\nDon't squash-merge pull requests anymore.\n" in body, body
    (line,) = _index_lines(root)
    assert _title(line) == "How we merge", line


def test_a_number_changed_is_the_title_changed(tmp_path: Path) -> None:
    root = told_day_by_day(tmp_path / "p", "Keep pull requests under 300 lines.",
                           "Keep PRs under 400 lines from now on.")
    body = _only_topic(root)
    assert "\nname: Keep PRs under 400 lines from now on\n" in body, body
    assert "previously: Keep pull requests under 300 lines." in body, body
    (line,) = _index_lines(root)
    assert "300" not in line and _title(line) == "Keep PRs under 400 lines from now on", line


def test_a_number_said_again_keeps_its_title(tmp_path: Path) -> None:
    root = told_day_by_day(tmp_path / "p", "Keep pull requests under 300 lines.",
                           "Keep pull requests under 300 lines from now on.")
    assert "\nname: Keep pull requests under 300 lines\n" in _only_topic(root)
    (line,) = _index_lines(root)
    assert _title(line) == "Keep pull requests under 300 lines", line


def test_a_fact_said_to_have_ended_is_not_titled_as_holding(tmp_path: Path) -> None:
    root = told_day_by_day(tmp_path / "p", "Remember: we deploy on Tuesdays.",
                           "We no longer deploy on Tuesdays.")
    body = _only_topic(root)
    assert "\nname: We no longer deploy on Tuesdays\n" in body, body
    (line,) = _index_lines(root)
    assert _title(line) == "We no longer deploy on Tuesdays", line


def test_a_fact_said_to_hold_still_keeps_its_title(tmp_path: Path) -> None:
    root = told_day_by_day(tmp_path / "p", "Remember: we deploy on Tuesdays.",
                           "We still deploy on Tuesdays.")
    assert "\nname: We deploy on Tuesdays\n" in _only_topic(root)
    (line,) = _index_lines(root)
    assert _title(line) == "We deploy on Tuesdays", line


def test_an_owner_changed_and_back_is_not_described_against_itself(tmp_path: Path) -> None:
    root = told_day_by_day(tmp_path / "p", "Priya owns the billing service.",
                           "Marco owns the billing service now, not Priya.",
                           "Priya owns the billing service again; Marco moved to the search team.")
    body = _only_topic(root)
    assert "not Priya" not in body.split("\n---\n", 1)[0], body
    assert ("\ndescription: Priya owns the billing service again; Marco moved to the search "
            "team.\n") in body, body
    assert "\nname: Priya owns the billing service\n" in body, body
    (line,) = _index_lines(root)
    assert "not Priya" not in line and _title(line) == "Priya owns the billing service", line
    assert "Changed from Marco to Priya on 2026-07-03" in body, body


def test_an_owner_changed_once_keeps_its_description(tmp_path: Path) -> None:
    root = told_day_by_day(tmp_path / "p", "Priya owns the billing service.",
                           "Marco owns the billing service now, not Priya.")
    body = _only_topic(root)
    assert "\nname: Marco owns the billing service\n" in body, body
    assert "\ndescription: Marco owns the billing service now, not Priya.\n" in body, body


def test_a_file_named_back_does_not_supersede_itself(tmp_path: Path) -> None:
    root = told_day_by_day(tmp_path / "p", "Use pnpm, not npm, in this repo.",
                           "Don't use pnpm anymore; use npm from now on.",
                           "Switch back to pnpm: use pnpm, not npm.")
    memory = root / "memory"
    assert sorted(p.name for p in memory.glob("*.md")) == [
        "MEMORY.md", "feedback_pnpm-instead-npm.md"]
    body = (memory / "feedback_pnpm-instead-npm.md").read_text(encoding="utf-8")
    frontmatter = body.split("\n---\n", 1)[0] + "\n"
    declared = frontmatter.split("\nsupersedes:\n", 1)[1]
    # the file it was renamed from on day 3 is declared; its own name, which it had on day 1,
    # is not a file it superseded
    assert declared == "- feedback_npm-instead-pnpm.md\n", body
    assert "\nUse pnpm, not npm, in this repo.\n" in body, body


def _told_with_index_title(tmp_path: Path, first: str, engine_title: str, hand: str,
                           then: str) -> Path:
    """``first`` on day 1, its title in MEMORY.md rewritten by hand, then ``then`` on day 2."""
    root = project_dirs(tmp_path / "p", LEAST_GATES)
    say_on_day(root, 1, first)
    dream_on_day(root, 1)
    index = root / "memory" / "MEMORY.md"
    told = index.read_text(encoding="utf-8")
    assert f"[{engine_title}]" in told, told
    index.write_text(told.replace(f"[{engine_title}]", f"[{hand}]"), encoding="utf-8")
    say_on_day(root, 2, then)
    dream_on_day(root, 2)
    return root


def test_a_title_written_in_the_index_keeps_its_line_telling_the_rule(tmp_path: Path) -> None:
    # (rev187: the line said "— the user asked for this on 2026-07-02", not the rule)
    root = _told_with_index_title(tmp_path, "Always squash-merge pull requests.",
                                  "Always squash-merge pull requests", "How we merge",
                                  "Don't squash-merge pull requests anymore.")
    (line,) = _index_lines(root)
    assert _title(line) == "How we merge", line
    assert line.endswith(" — Don't squash-merge pull requests anymore."), line


@pytest.mark.parametrize(("first", "engine_title", "then", "told"), [
    # (user audit ux_audit4 finding 10: '- [Preference](...) — the user's stated preference
    # (2026-07-01)': neither title nor hook said the rule)
    ("Always squash-merge pull requests.", "Always squash-merge pull requests",
     "Fix the flaky test in parser.py.", "Always squash-merge pull requests (2026-07-01)"),
    # (what followed the engine's title alone: "— we don't rebase anymore.")
    ("Always squash-merge pull requests.", "Always squash-merge pull requests",
     "Always squash-merge pull requests, we don't rebase anymore.",
     "Always squash-merge pull requests, we don't rebase anymore."),
    ("Remember: Alex owns the mobile app.", "Alex owns the mobile app",
     "Fix the flaky test in parser.py.", "Alex owns the mobile app (2026-07-01)"),
    ("Never push to main.", "Never push to main", "Fix the flaky test in parser.py.",
     "Never push to main (2026-07-01)"),
], ids=["preference", "said-again-with-more", "fact", "prohibition"])
def test_a_title_written_by_hand_that_tells_nothing_has_the_rule_on_its_line(
        tmp_path: Path, first: str, engine_title: str, then: str, told: str) -> None:
    root = _told_with_index_title(tmp_path, first, engine_title, "Preference", then)
    (line,) = _index_lines(root)
    assert _title(line) == "Preference", line
    assert line.endswith(f" — {told}"), line


_SQUASH = "Always squash-merge pull requests"
_UNRELATED = "Fix the flaky test in parser.py."
_PREFERENCE_DAY1 = "the user's stated preference (2026-07-01)"


@pytest.mark.parametrize(("first", "engine_title", "hand", "then", "told"), [
    # (rev197: under these the line said the rule twice, "— Always squash-merge pull requests
    # (2026-07-01)", or cut what the title does not say, "— Always squash-merge pull
    # requests, we don't…")
    (f"{_SQUASH}.", _SQUASH, f"{_SQUASH} (team rule)",
     f"{_SQUASH}, we don't rebase anymore.", "we don't rebase anymore."),
    (f"{_SQUASH}.", _SQUASH, f"⭐ {_SQUASH}", _UNRELATED, _PREFERENCE_DAY1),
    (f"{_SQUASH}.", _SQUASH, "**Always squash merge pull-requests**", _UNRELATED,
     _PREFERENCE_DAY1),
    ("Never push to main.", "Never push to main", "Never push directly to main", _UNRELATED,
     "the user asked for this on 2026-07-01"),
    ("Don't use pandas in csvstat; it must stay dependency-free.", "Don't use pandas in csvstat",
     "Don't use pandas in csvstat (!)", _UNRELATED, "it must stay dependency-free."),
    # (the title begins the name: the line did not go on "— requests (2026-07-01)")
    (f"{_SQUASH}.", _SQUASH, "Always squash-merge pull", _UNRELATED, _PREFERENCE_DAY1),
], ids=["team-rule", "star", "bold-hyphens-moved", "a-word-more", "aside", "begun"])
def test_a_title_written_by_hand_that_says_the_rule_is_not_said_twice(
        tmp_path: Path, first: str, engine_title: str, hand: str, then: str, told: str) -> None:
    root = _told_with_index_title(tmp_path, first, engine_title, hand, then)
    (line,) = _index_lines(root)
    assert _title(line) == hand, line
    assert line.endswith(f") — {told}"), line


@pytest.mark.parametrize(("first", "engine_title", "hand"), [
    # (rev197: "— Always run `black…", the rule cut inside its command)
    ("Always run `black --line-length 100 --skip-string-normalization --preview` before "
     "committing any Python file.", "Always run `black --line-length 100",
     "How we format Python code in this repo and why it matters for everyone"),
    # (a description cut inside the command when written: "— Always run `docker compose -f
    # docker-compose.dev.yml up --build --remove-orphans…")
    ("Always run `docker compose -f docker-compose.dev.yml up --build --remove-orphans "
     "--force-recreate api worker` to start the stack.",
     "Always run `docker compose -f docker-compose.dev.yml up", "Dev stack"),
], ids=["cut-in-the-command", "described-cut-in-the-command"])
def test_a_rule_under_a_title_written_by_hand_is_never_cut_inside_its_command(
        tmp_path: Path, first: str, engine_title: str, hand: str) -> None:
    root = _told_with_index_title(tmp_path, first, engine_title, hand, _UNRELATED)
    (line,) = _index_lines(root)
    hook = line.split(") — ", 1)[1]
    assert hook.count("`") % 2 == 0, line
    assert hook.startswith("the user's stated"), line


def test_a_number_changed_under_a_title_written_in_the_index_is_told(tmp_path: Path) -> None:
    root = _told_with_index_title(tmp_path, "Keep pull requests under 300 lines.",
                                  "Keep pull requests under 300 lines", "PR size limit",
                                  "Keep PRs under 400 lines from now on.")
    (line,) = _index_lines(root)
    assert _title(line) == "PR size limit", line
    assert line.endswith(" — Keep PRs under 400 lines from now on."), line


def test_no_longer_than_a_length_keeps_its_title(tmp_path: Path) -> None:
    # "no longer than 50 lines" tells a length, not that keeping functions short has ended
    root = told_day_by_day(tmp_path / "p", "Keep functions short.",
                           "Keep functions short, no longer than 50 lines.")
    (line,) = _index_lines(root)
    assert _title(line) == "Keep functions short", line
    assert "\nKeep functions short, no longer than 50 lines.\n" in _only_topic(root)


def test_an_owner_changed_keeps_what_else_its_description_told(tmp_path: Path) -> None:
    # the old description names both people, but not one set against the other: what it
    # told of the other ("ask Marco about refunds") stays in it
    root = told_day_by_day(tmp_path / "p",
                           "Priya owns the billing service; ask Marco about refunds.",
                           "Marco owns the billing service now.")
    body = _only_topic(root)
    assert "ask Marco about refunds" in body, body
    (line,) = _index_lines(root)
    assert "ask Marco about refunds" in line, line


def test_a_fact_said_to_have_ended_tells_the_day_it_ended(tmp_path: Path) -> None:
    # (rev187: "— stated by the user on 2026-07-01", the day the old fact was said)
    root = told_day_by_day(tmp_path / "p", "Remember: we deploy on Tuesdays.",
                           "We no longer deploy on Tuesdays.")
    (line,) = _index_lines(root)
    assert _title(line) == "We no longer deploy on Tuesdays", line
    assert "2026-07-02" in line and "2026-07-01" not in line, line
    body = _only_topic(root)
    assert "\ndescription: We no longer deploy on Tuesdays (changed 2026-07-02)\n" in body, body


def test_something_else_no_longer_so_keeps_the_title(tmp_path: Path) -> None:
    # "no longer on Fridays" ends another day, not deploying on Tuesdays: the title holds
    root = told_day_by_day(tmp_path / "p", "We deploy on Tuesdays.",
                           "We deploy on Tuesdays, no longer on Fridays.")
    (line,) = _index_lines(root)
    assert _title(line) == "We deploy on Tuesdays", line
    assert "\nWe deploy on Tuesdays, no longer on Fridays.\n" in _only_topic(root)


@pytest.mark.parametrize(("first", "then", "told"), [
    ("Always squash-merge pull requests.",
     "Always squash-merge pull requests, we don't rebase anymore.", "we don't rebase anymore."),
    ("Use Redis for caching.", "Use Redis for caching; we don't use Memcached anymore.",
     "we don't use Memcached anymore."),
    ("We deploy on Tuesdays.", "We deploy on Tuesdays; we no longer deploy on Fridays.",
     "we no longer deploy on Fridays."),
    ("We deploy on Tuesdays.", "We deploy on Tuesdays\u2014we no longer deploy on Fridays.",
     "we no longer deploy on Fridays."),
    ("Keep pull requests under 300 lines.",
     "Keep pull requests under 300 lines; we don't require 2 reviewers anymore.",
     "we don't require 2 reviewers anymore."),
    ("Never force-push to main.", "Never force-push to main, not anymore.",
     "Never force-push to main, not anymore."),
])
def test_a_rule_said_again_with_something_else_ended_keeps_its_title_and_day(
        tmp_path: Path, first: str, then: str, told: str) -> None:
    # the clause that ended names what the title does not (rebasing, Memcached, Fridays): the
    # title still holds, the line tells what else was said, the Why keeps the day it was said
    root = told_day_by_day(tmp_path / "p", first, then)
    (line,) = _index_lines(root)
    assert _title(line) == first.rstrip("."), line
    assert line.endswith(f" \u2014 {told}"), line
    (why,) = [text for text in _only_topic(root).splitlines() if text.startswith("**Why:**")]
    assert "2026-07-01" in why and "Changed on" not in why, why
