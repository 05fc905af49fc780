from __future__ import annotations

import pytest

from autodream.memory.model import (
    FrontmatterError,
    IndexEntry,
    TopicFile,
    UnclosedValueError,
    index_notes,
    parse_index,
    parse_topic,
    render_index,
    render_topic,
)


def test_topic_round_trips_with_extra_keys_and_colons() -> None:
    topic = TopicFile(
        name="Package manager",
        description="User prefers pnpm: never npm",
        type="feedback",
        body="Use pnpm.\n\n**Why:** lockfile.\n**How to apply:** every install.",
        extra={"sources": [{"session": "abc", "date": "2026-07-01"}]},
    )
    text = render_topic(topic)
    again = parse_topic(text)
    assert again.description == topic.description
    assert again.extra == topic.extra
    assert render_topic(again) == text


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("no frontmatter here\n", "no frontmatter"),
        ("---\nname: a\ndescription: b\n", "no closing"),
        ("---\nname: a\ntype: user\n---\nbody\n", "'description'"),
        ("---\nname: a\ndescription: b\ntype: diary\n---\nbody\n", "not one of"),
        ("---\nname: a\n  nested: [unclosed\n---\nbody\n", "not valid YAML"),
        ("---\n- a\n- b\n---\nbody\n", "not a mapping"),
    ],
)
def test_bad_frontmatter_names_the_problem(text: str, message: str) -> None:
    with pytest.raises(FrontmatterError, match=message):
        parse_topic(text)


@pytest.mark.parametrize("value", ["[broken", '"Deploy runbook', "'Deploy runbook", "{x"])
def test_a_value_never_closed_is_no_guess(value: str) -> None:
    with pytest.raises(UnclosedValueError, match="never closes"):
        parse_topic(f"---\nname: {value}\ndescription: d\ntype: user\n---\nbody\n")


@pytest.mark.parametrize(("value", "name"), [("[WIP] Deploy runbook", "[WIP] Deploy runbook"),
                                             ("'Sam' is on call", "'Sam' is on call")])
def test_a_value_that_closes_what_it_opens_reads_as_written(value: str, name: str) -> None:
    assert parse_topic(f"---\nname: {value}\ndescription: d\ntype: user\n---\nbody\n"
                       ).name == name


def test_index_parses_entries_and_keeps_other_lines() -> None:
    idx = parse_index("# Memory\n\n- [Tabs](tabs.md) — use tabs\n- [Bare](bare.md)\nnot an entry\n",
                      frozenset())
    assert [e.file for e in idx.entries] == ["tabs.md", "bare.md"]
    assert idx.entries[0].hook == "use tabs"
    assert [line for _, line in idx.other_lines] == ["# Memory", "", "not an entry"]


def test_render_index_groups_and_skips_empty_sections() -> None:
    text = render_index(
        [("User", [IndexEntry("Role", "role.md", "data engineer")]), ("Feedback", [])]
    )
    assert text == "## User\n- [Role](role.md) — data engineer\n"


def test_unquoted_colons_in_values_are_read_as_claude_code_writes_them() -> None:
    topic = parse_topic(
        "---\nname: Role\ndescription: Sam: staff engineer on payments\ntype: user\n---\n\nSam.\n"
    )
    assert topic.description == "Sam: staff engineer on payments"
    # and rendering writes valid YAML, so the next read is strict
    assert "description: 'Sam: staff engineer on payments'" in render_topic(topic)


def test_a_short_label_line_is_one_note_with_the_line_it_introduces() -> None:
    (note,) = index_notes("Some notes:\nThe release checklist lives in docs/RELEASING.md.\n")
    assert note.text == "Some notes:\nThe release checklist lives in docs/RELEASING.md."
    # a sentence that happens to end with a colon is no label: the next line is its own note
    long_line = "We agreed on these points in the meeting with the platform team:\nShip it.\n"
    assert len(index_notes(long_line)) == 2
