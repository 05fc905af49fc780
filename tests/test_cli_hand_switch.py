"""A rule the person wrote by hand that says a switch away from an older rule of the engine's
('We use yarn now, not npm.' beside 'Always use npm.') left both listed as current, and the
dream said nothing of it: an agent reading memory was told both. The dream that lists the new
file now tells the person, in the run record and ``show``, that the two contradict each other,
and changes neither (which is current is theirs to say; a session saying the switch updates the
older rule as it always did)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.factories import LEAST_GATES, project_dirs, run_cli, say_on_day


def _files(memory: Path) -> dict[str, str]:
    return {p.name: p.read_text(encoding="utf-8") for p in sorted(memory.iterdir())
            if p.is_file() and not p.name.startswith(".")}


def _hand_written(body: str) -> str:
    return f"---\nname: Package manager\ndescription: {body}\ntype: feedback\n---\n\n{body}\n"


def _rule_then_hand_file(root: Path, rule: str, body: str) -> tuple[Path, str]:
    """The engine's file of ``rule`` (said on 2026-07-06), then a file the person wrote by hand
    saying ``body``, and a dream on 2026-07-09: the engine's file's name."""
    project_dirs(root, LEAST_GATES)
    memory = root / "memory"
    say_on_day(root, 6, rule)
    run_cli(root, "--force", now="2026-07-06T20:00:00+00:00")
    (engines,) = [name for name in _files(memory) if name != "MEMORY.md"]
    (memory / "feedback_yarn.md").write_text(_hand_written(body), encoding="utf-8")
    return memory, engines


def test_a_hand_written_switch_against_an_older_rule_is_flagged_and_both_kept(
        tmp_path: Path) -> None:
    root = tmp_path / "proj"
    memory, engines = _rule_then_hand_file(root, "Always use npm.", "We use yarn now, not npm.")
    before = _files(memory)
    run_cli(root, "--force", now="2026-07-09T20:00:00+00:00")
    after = _files(memory)
    # (neither file is changed; both are listed)
    assert {k: v for k, v in after.items() if k != "MEMORY.md"} == {
        k: v for k, v in before.items() if k != "MEMORY.md"}
    assert f"]({engines})" in after["MEMORY.md"] and "](feedback_yarn.md)" in after["MEMORY.md"]
    shown = " ".join(run_cli(root, "show", now="2026-07-09T21:00:00+00:00").output.split())
    assert (f"flagged {engines} contradicted by feedback_yarn.md, written by hand since the "
            "last dream: 'We use yarn now, not npm.' (yarn in place of npm)") in shown, shown
    assert (f"flagged feedback_yarn.md contradicts {engines}, an older rule of an earlier "
            "dream's (yarn in place of npm)") in shown, shown
    record = json.loads(run_cli(root, "show", "--json", now="2026-07-09T21:00:00+00:00").output)
    decisions = record["run"]["decisions"]
    assert sorted(d["file"] for d in decisions if d["action"] == "flagged") == sorted(
        [engines, "feedback_yarn.md"]), decisions
    # (an idle dream changes nothing and tells it no more: the file is listed now)
    idle = run_cli(root, "--force", now="2026-07-10T20:00:00+00:00").output
    assert _files(memory) == after
    assert "flagged" not in idle, idle
    assert "flagged" not in run_cli(root, "show", now="2026-07-10T21:00:00+00:00").output


@pytest.mark.parametrize(("rule", "body"), [
    # the same choice said again (merged into the rule, as before), or of another thing
    ("Always use npm.", "Always use npm for installs."),
    ("Always use npm.", "I use yarn for my side projects."),
    # a ban the switch agrees with
    ("Never use npm.", "We use yarn now, not npm."),
    # another kind of tool
    ("Always use npm.", "We use ruff now, not flake8."),
])
def test_a_hand_written_rule_that_switches_nothing_of_the_engine_s_is_not_flagged(
        tmp_path: Path, rule: str, body: str) -> None:
    root = tmp_path / "proj"
    _rule_then_hand_file(root, rule, body)
    out = run_cli(root, "--force", now="2026-07-09T20:00:00+00:00").output
    assert "flagged" not in out, out
    assert "flagged" not in run_cli(root, "show", now="2026-07-09T21:00:00+00:00").output


def test_a_hand_written_switch_left_out_of_a_full_index_is_not_flagged_every_dream(
        tmp_path: Path) -> None:
    # (with MEMORY.md full the file stays unlisted, and each dream flagged it again as 'written
    # by hand since the last dream', false by the second: review rev227's hs3.py)
    root = project_dirs(tmp_path / "proj", LEAST_GATES)
    memory = root / "memory"
    for i in range(205):  # (rules ranked above a project file: it is the one left out)
        (memory / f"feedback_note-{i:03d}.md").write_text(
            f"---\nname: Note {i}\ndescription: The module m{i} owns the x{i} table\n"
            f"type: feedback\n---\n\nThe module m{i} owns the x{i} table.\n", encoding="utf-8")
    say_on_day(root, 6, "Always use npm.")
    run_cli(root, "--force", now="2026-07-06T20:00:00+00:00")
    (memory / "project_yarn.md").write_text(
        _hand_written("We use yarn now, not npm.").replace("type: feedback", "type: project"),
        encoding="utf-8")
    outs = [run_cli(root, "--force", now=f"2026-07-{day}T20:00:00+00:00").output
            for day in (10, 11)]
    index = (memory / "MEMORY.md").read_text(encoding="utf-8")
    assert "not listed here (the index is full)" in index and "project_yarn.md" not in index
    assert "flagged" not in outs[1], outs[1]
    assert "flagged" not in run_cli(root, "show", now="2026-07-11T21:00:00+00:00").output


def test_a_hand_written_switch_pruned_in_the_same_dream_is_not_flagged(tmp_path: Path) -> None:
    # (the README says it: the file is pruned as restated, and show said 'flagged
    # feedback_yarn.md ... neither is changed or deleted' above 'pruned feedback_yarn.md':
    # review rev227's pr.py)
    root = tmp_path / "proj"
    memory, _ = _rule_then_hand_file(root, "Always use npm.", "We use yarn now, not npm.")
    (root / "project" / "README.md").write_text("# demo\n\nWe use yarn now, not npm.\n",
                                                encoding="utf-8")
    run_cli(root, "--force", now="2026-07-09T20:00:00+00:00")
    shown = run_cli(root, "show", now="2026-07-09T21:00:00+00:00").output
    assert "pruned feedback_yarn.md" in " ".join(shown.split()), shown
    assert not (memory / "feedback_yarn.md").exists()
    assert "flagged" not in shown, shown


@pytest.mark.parametrize("body", [
    "Don't use yarn instead of npm.",
    '"We use yarn now, not npm" is what the frontend team says; not us.',
    "We use yarn now, not npm. (no longer applies)",
    "Switched from npm to yarn in 2019, then back to npm in 2021.",
    "We tried switching from npm to yarn but reverted.",
    "Renovate replaced npm with yarn in the lockfile PR; revert such PRs.",
    "Ask before switching from npm to yarn.",
    "Use yarn instead of npm in the legacy/ app only.",
    "The docs site uses yarn instead of npm.",
    # (the first line is a plain switch, but what is around it narrows or takes it back:
    # review rev233 F1)
    "Use yarn instead of npm.\nOnly in legacy/.",
    "Use yarn instead of npm.\n- only for legacy/",
    "Use yarn instead of npm.\n\n**Why:** only the legacy/ app is on yarn; everything else"
    " stays on npm.",
    "## legacy/ app\n\nUse yarn instead of npm.",
    "Use yarn instead of npm.\n\nWrong: this was reverted, we are back on npm.",
])
def test_a_hand_written_rule_that_only_mentions_a_switch_is_not_flagged(
        tmp_path: Path, body: str) -> None:
    # (each was flagged, telling the person to edit or delete 'Always use npm.', which still
    # holds: a negation, a quote, a switch undone, another app; review rev227 F4)
    root = tmp_path / "proj"
    memory, engines = _rule_then_hand_file(root, "Always use npm.", body)
    before = _files(memory)
    out = run_cli(root, "--force", now="2026-07-09T20:00:00+00:00").output
    assert "flagged" not in out, out
    assert "flagged" not in run_cli(root, "show", now="2026-07-09T21:00:00+00:00").output
    assert (memory / engines).read_text(encoding="utf-8") == before[engines]
