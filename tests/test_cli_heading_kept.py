"""A topic file a person wrote with a '# Heading' above its rule keeps the heading when a session
updates the rule: every update path replaced the body's first line, and that was the heading
(rev208 w2: 'description: We deploy on Tuesdays and Fridays.' over '# Deploy' and that rule, told
'We no longer deploy on Fridays.', lost '# Deploy' and kept 'previously: # Deploy'). Now the
line replaced is the rule, the heading stays on top, and the file reads as the same file with no
heading does after the same dream, the heading on top."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.factories import (
    LEAST_GATES,
    dream_on_day,
    project_dirs,
    run_cli,
    say_on_day,
    topic_texts,
)
from tests.memdirs import write_tree


def _told(root: Path, body: str, said: str, *, described: str | None) -> str:
    """The text of ``topic.md`` (frontmatter describing it by ``described``, else none at all)
    after a dream on July 2 of a session saying ``said``."""
    project_dirs(root, LEAST_GATES)
    front = "" if described is None else (
        f"---\nname: Topic\ndescription: {described}\ntype: project\n---\n")
    write_tree(root, {"project/README.md": "# demo\n", "memory/topic.md": front + body})
    say_on_day(root, 2, said)
    dream_on_day(root, 2)
    assert sorted(p.name for p in (root / "memory").glob("*.md")) == ["MEMORY.md", "topic.md"]
    return (root / "memory" / "topic.md").read_text(encoding="utf-8")


def _body(text: str) -> str:
    """What ``text`` says under its frontmatter, the dream's sources aside."""
    return text.split("\n---\n", 1)[1].lstrip("\n")


# (kind, the rule as written, what the session says, the rule after, the line of what it said
# before; "" when an update keeps no history line of it, as a restatement in new words)
_KINDS = [
    ("ban", "We deploy on Tuesdays and Fridays.", "We no longer deploy on Fridays.",
     "We no longer deploy on Fridays.",
     "Updated on 2026-07-02; previously: We deploy on Tuesdays and Fridays."),
    ("switch", "We use Python 3.11.", "We upgraded to Python 3.12.", "We use Python 3.12.",
     "Switched from Python 3.11 to Python 3.12 on 2026-07-02; previously Python 3.11."),
    ("day put right", "The 2.1 release is on 2026-07-20.",
     "The 2.1 release is actually on July 24, not July 20.", "The 2.1 release is on 2026-07-24.",
     "Changed from 2026-07-20 to 2026-07-24 on 2026-07-02; previously 2026-07-20."),
    ("owner", "Priya owns the billing service.", "Marco owns the billing service now, not Priya.",
     "Marco owns the billing service now, not Priya.",
     "Changed from Priya to Marco on 2026-07-02; previously Priya."),
    ("recurring day", "We deploy every Tuesday.", "We deploy every Thursday now.",
     "We deploy every Thursday.",
     "Switched from Tuesday to Thursday on 2026-07-02; previously Tuesday."),
    ("preference turned round", "I prefer tabs over spaces.", "I prefer spaces over tabs now.",
     "The user prefers spaces over tabs now.",
     "Updated on 2026-07-02; previously: I prefer tabs over spaces."),
    ("restated in new words", "We deploy from the main branch.",
     "We always deploy from the main branch.", "We always deploy from the main branch.", ""),
]


@pytest.mark.parametrize(("rule", "said", "now", "before"), [k[1:] for k in _KINDS],
                         ids=[k[0] for k in _KINDS])
def test_an_update_keeps_the_heading_above_the_rule_it_replaces(
    tmp_path: Path, rule: str, said: str, now: str, before: str,
) -> None:
    headed = _body(_told(tmp_path / "headed", f"# Deploy notes\n{rule}\n", said,
                         described=rule))
    assert headed.startswith(f"# Deploy notes\n{now}\n"), headed
    assert rule not in headed.split("\n\n")[0], headed  # (the old rule is no longer current)
    if before:
        assert f"\n{before}\n" in headed, headed
    assert "previously: # Deploy" not in headed, headed
    # the same file with no heading reads the same after the same dream, the heading aside
    plain = _body(_told(tmp_path / "plain", f"{rule}\n", said, described=rule))
    assert headed == f"# Deploy notes\n{plain}"


@pytest.mark.parametrize(("body", "described", "top"), [
    # a plain markdown file: no frontmatter, described by its rule as it is read
    ("# Deploy\nWe deploy on Tuesdays and Fridays.\n", None, "# Deploy\n"),
    # a blank line under the heading and a second heading stay where the person put them
    ("# Deploy\n\n## Days\n\nWe deploy on Tuesdays and Fridays.\nAsk Dana first.\n",
     "We deploy on Tuesdays and Fridays.", "# Deploy\n\n## Days\n\n"),
])
def test_every_line_the_person_wrote_around_the_rule_stays(
    tmp_path: Path, body: str, described: str | None, top: str,
) -> None:
    text = _body(_told(tmp_path, body, "We no longer deploy on Fridays.", described=described))
    assert text.startswith(f"{top}We no longer deploy on Fridays.\n"), text
    assert "\nUpdated on 2026-07-02; previously: We deploy on Tuesdays and Fridays.\n" in text
    if "Ask Dana" in body:
        assert "\nAsk Dana first.\n" in text, text


@pytest.mark.parametrize(("body", "described", "said", "now"), [
    ("# Tooling\nWe use pnpm, not npm.\n", "Which package manager the repo uses",
     "We switched from pnpm to yarn.", "# Tooling\nWe use yarn, not npm.\n"),
    ("# Conventions\n- We use pnpm, not npm.\n- Run the tests with pytest -x.\n",
     "Repo conventions", "We switched from pnpm to yarn.",
     "# Conventions\n- We use yarn, not npm.\n- Run the tests with pytest -x.\n"),
    ("# Deploy\nWe deploy every Tuesday.\n", "Deploy schedule for the API",
     "We deploy every Thursday now.", "# Deploy\nWe deploy every Thursday.\n"),
], ids=["switch", "switch in a list", "recurring day"])
def test_a_headed_files_own_description_stays_when_its_rule_switches(
    tmp_path: Path, body: str, described: str, said: str, now: str,
) -> None:
    # (rev213 F2) the person described the file, not its rule: the rule switches under its
    # heading, the description and its index line stay theirs, as a user entry's own does
    text = _told(tmp_path, body, said, described=described)
    assert f"\ndescription: {described}\n" in text, text
    assert _body(text).startswith(now), text
    assert f"— {described}" in (tmp_path / "memory" / "MEMORY.md").read_text(encoding="utf-8")


def _front(name: str, description: str) -> str:
    return f"---\nname: {name}\ndescription: {description}\ntype: project\n---\n"


@pytest.mark.parametrize("files", [
    # two people's notes (rev213 F1), each under its own heading, stating one rule
    {"a.md": _front("Backend notes", "Notes for the backend team") + (
        "# Backend notes\nWe deploy on Tuesdays and Fridays.\n\n## Testing\nRun pytest -x.\n"),
     "b.md": _front("Release notes", "How we cut releases") + (
        "# Release notes\nWe deploy on Tuesdays and Fridays.\n\n## Changelog\n"
        "Update CHANGELOG.md in every PR.\n")},
    {"alice.md": _front("Alice deploy", "Alice's deploy notes") + (
        "# Alice's notes\nWe deploy on Tuesdays.\n"),
     "bob.md": _front("Bob deploy", "Bob's deploy notes") + (
        "# Bob's notes\nWe deploy on Tuesdays and Fridays.\n")},
], ids=["sections", "people"])
def test_files_under_other_headings_are_never_merged(tmp_path: Path, files: dict[str, str]) -> None:
    # the heading is what kept a person's notes apart: now that each file is matched by the
    # rule under it, two files stating one rule under other headings still stay two files,
    # each as its person wrote it
    root = project_dirs(tmp_path, LEAST_GATES)
    write_tree(root, {"project/README.md": "# demo\n",
                      **{f"memory/{name}": text for name, text in files.items()}})
    say_on_day(root, 2, "Keep the README short.")
    dream_on_day(root, 2)
    assert topic_texts(root) == files


def test_a_persons_unheaded_file_repeating_a_headed_files_rule_is_not_merged_into_it(
        tmp_path: Path) -> None:
    # (post-merge sweep rev223 R1: a dream that merged a headed file with an unheaded one
    # stating its rule deleted quota.md, a person's file, into kepler.md's '## Access' section,
    # on a dream with no session) both are the person's, each as they wrote it
    root = project_dirs(tmp_path, LEAST_GATES)
    files = {
        "quota.md": _front("GPU quota", "How many GPUs we may use") + (
            "\nOur group quota is 8 A100s at a time.\nBook them in the cluster sheet.\n"),
        "kepler.md": _front("Kepler", "Notes on the kepler cluster") + (
            "\n# Kepler cluster\nOur group quota is 8 A100s at a time.\n\n## Access\n"
            "SSH through the bastion.\n")}
    write_tree(root, {"project/README.md": "# demo\n",
                      **{f"memory/{name}": text for name, text in files.items()}})
    say_on_day(root, 2, "Keep the README short.")
    dream_on_day(root, 2)
    assert topic_texts(root) == files


def test_a_headed_plan_long_gone_stays_in_its_file(tmp_path: Path) -> None:
    # a plan more than 30 days gone moves to the file of past events only when every line of
    # its file is dated: a heading above it would be lost by the move, so it stays where it is
    root = project_dirs(tmp_path, LEAST_GATES)
    say_on_day(root, 4, "The demo for the client is on 2026-07-15.")
    dream_on_day(root, 4)
    ((name, text),) = topic_texts(root).items()
    front, body = text.split("\n---\n", 1)
    (root / "memory" / name).write_text(f"{front}\n---\n# Client demo\n{body.lstrip()}")
    run_cli(root, "--force", now="2026-09-05T20:00:00+00:00")
    assert list(topic_texts(root)) == [name]
    assert _body(topic_texts(root)[name]).startswith(
        "# Client demo\nThe demo for the client was on 2026-07-15.\n")


def test_a_headed_file_saying_what_the_project_says_is_kept(tmp_path: Path) -> None:
    # a rule the project's files already make is pruned, but a file the person wrote under a
    # heading of theirs is theirs to keep (it was, while the heading was read as its lead)
    root = project_dirs(tmp_path, LEAST_GATES)
    write_tree(root, {"project/README.md": "# demo\n",
                      "project/requirements.txt": "requests==2.31\n",
                      "memory/project_http.md": (
                          "---\nname: HTTP\ndescription: We use requests for HTTP calls.\n"
                          "type: project\n---\n# HTTP\nWe use requests for HTTP calls.\n")})
    say_on_day(root, 2, "Keep the README short.")
    dream_on_day(root, 2)
    assert _body(topic_texts(root)["project_http.md"]) == (
        "# HTTP\nWe use requests for HTTP calls.\n")


def test_a_headed_file_whose_change_ended_keeps_its_heading(tmp_path: Path) -> None:
    # "the quota is back to 8 A100s" over a cut a person wrote under a heading: the cut ends,
    # kept as history, in the headed file (rev221 b.py setback), not merged away with its
    # heading and description
    root = project_dirs(tmp_path, LEAST_GATES)
    cut = "Group quota cut to 4 A100s until 2026-07-30 (the other group's deadline)."
    write_tree(root, {"project/README.md": "# demo\n",
                      "memory/project_quota.md": _front(
                          "Group quota", "Our group quota is 8 A100s at a time.") + (
                          "Our group quota is 8 A100s at a time.\n"),
                      "memory/cut.md": _front("GPU quota cut", "The temporary GPU quota cut") + (
                          f"# GPU quota (kepler)\n{cut}\n")})
    say_on_day(root, 9, "the quota is back to 8 A100s")
    dream_on_day(root, 9)
    texts = topic_texts(root)
    assert "description: The temporary GPU quota cut\n" in texts["cut.md"]
    assert _body(texts["cut.md"]).startswith("# GPU quota (kepler)\n")
    assert f"previously: {cut}" in texts["cut.md"]


def test_a_headed_stand_in_ended_keeps_its_heading(tmp_path: Path) -> None:
    # "Ana's back early" ends both stand-ins (rev221 b.py standins): the one a person wrote under
    # a heading is told done in its own file, heading and description kept, not merged away
    root = project_dirs(tmp_path, LEAST_GATES)
    write_tree(root, {"project/README.md": "# demo\n",
                      "memory/raj.md": _front("Billing cover", "Who covers billing") + (
                          "# Billing while Ana is out\n"
                          "Until 2026-07-24, ask Raj about billing (Ana is out).\n"),
                      "memory/chloe.md": _front("Payroll cover", "Who covers payroll") + (
                          "# Payroll while Ana is out\n"
                          "Until 2026-07-24, ask Chloe about payroll (Ana is out).\n")})
    say_on_day(root, 9, "ana's back early, billing questions go to her again")
    dream_on_day(root, 9)
    texts = topic_texts(root)
    index = (root / "memory" / "MEMORY.md").read_text(encoding="utf-8")
    for name, heading, description in [("raj.md", "Billing", "billing"),
                                       ("chloe.md", "Payroll", "payroll")]:
        # (the name the person gave it stays too, and its index line: the first stand-in was
        # renamed "Ana is back early, billing questions go to her again")
        assert f"\nname: {heading} cover\n" in texts[name], texts[name]
        assert f"- [{heading} cover]({name}) — Who covers {description}\n" in index, index
        assert f"description: Who covers {description}\n" in texts[name]
        assert _body(texts[name]).startswith(f"# {heading} while Ana is out\n")
        assert "previously: Until 2026-07-24, ask" in texts[name]


def test_a_rule_long_only_for_its_blanks_does_not_fail_the_dream(tmp_path: Path) -> None:
    # review rev231: a plain topic line 'We' + 2,000 blanks + 'deploy on Tuesdays.' told 'We no
    # longer deploy on Fridays.' failed the dream (IndexError: its title was cut where every
    # word fit). The dream exits 0, the file is kept with what it said, and an idle dream after
    # it changes nothing
    text = _told(tmp_path, "We" + " " * 2000 + "deploy on Tuesdays.\n",
                 "We no longer deploy on Fridays.", described="Deploy notes")
    assert "deploy on Tuesdays." in text, text
    assert "description: Deploy notes\n" in text, text
    dream_on_day(tmp_path, 3)
    assert topic_texts(tmp_path)["topic.md"] == text
