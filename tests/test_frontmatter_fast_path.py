"""Frontmatter read and written without PyYAML must mean exactly what PyYAML reads and writes."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from autodream.memory import model
from autodream.memory.model import parse_topic, render_topic, split_frontmatter
from tests.factories import REPO_ROOT

# Every kind of character YAML treats specially, plus ordinary text and non-ASCII.
TRICKY = st.text(
    alphabet=st.sampled_from(list("aZ _-.,:#'\"!&*|>%@`[]{}?~=<0159\t\r\x85\u2028\ufeff\x7fé—日"))
    | st.characters(codec="utf-8", exclude_categories=("Cs",)),
    max_size=24,
)
# ... and half of them starting with a letter, the only values the fast path may take
VALUES = TRICKY | st.builds(lambda head, tail: head + tail, st.sampled_from("aZy2"), TRICKY)


@settings(max_examples=400, deadline=None)
@given(key=st.from_regex(r"[A-Za-z_][A-Za-z0-9_-]{0,8}", fullmatch=True) | TRICKY, value=VALUES)
def test_fast_path_agrees_with_yaml(key: str, value: str) -> None:
    raw = f"{key}: {value}\n"
    fast = model._simple_frontmatter(raw)
    if fast is None:
        return  # read by YAML itself, as before
    assert yaml.safe_load(raw) == fast
    if fast != {key: value}:
        return  # e.g. a value ending in "\r": the line ending, to both readers
    expected = yaml.safe_dump({key: value}, default_flow_style=False, sort_keys=False,
                              allow_unicode=True, width=10_000).rstrip("\n")
    assert model._yaml_value(key, value) == expected


@settings(max_examples=300, deadline=None)
@given(items=st.lists(VALUES, max_size=4))
def test_fast_path_lists_agree_with_yaml(items: list[str]) -> None:
    raw = "name: x\nsources:\n" + "".join(f"- {item}\n" for item in items)
    fast = model._simple_frontmatter(raw)
    if fast is None:
        return
    assert yaml.safe_load(raw) == fast
    if fast != {"name": "x", "sources": items}:
        return  # e.g. an item ending in "\r": the line ending, to both readers
    expected = yaml.safe_dump({"sources": items}, default_flow_style=False, sort_keys=False,
                              allow_unicode=True, width=10_000).rstrip("\n")
    assert model._yaml_value("sources", items) == expected


@pytest.mark.parametrize(
    ("value", "parsed"),
    [
        ("yes", True),
        ("Off", False),
        ("null", None),
        ("2026-05-01", __import__("datetime").date(2026, 5, 1)),
        ("12", 12),
        ("~", None),
        ("'quoted'", "quoted"),
        ("a # comment", "a"),
        ("1.5", 1.5),
        ("2026-05-01 12:00:00", __import__("datetime").datetime(2026, 5, 1, 12)),
        ("", None),
        ("\n  - a", ["a"]),
        ("a\nplain\n- b", "__error__"),
    ],
)
def test_values_yaml_reads_differently_still_go_through_yaml(value: str, parsed: object) -> None:
    assert model._simple_frontmatter(f"x: {value}\n") is None
    if parsed == "__error__":
        with pytest.raises(model.FrontmatterError):
            split_frontmatter(f"---\nx: {value}\n---\n\nbody\n")
        return
    data, _ = split_frontmatter(f"---\nx: {value}\n---\n\nbody\n")
    assert data == {"x": parsed}


@pytest.mark.parametrize(
    "value", ["Dashboards at https://grafana.example.com/d/p", "2026-08-01 0000-4000", "a: b"]
)
def test_fast_path_decision_matches_yaml_for(value: str) -> None:
    fast = model._simple_frontmatter(f"k: {value}\n")
    assert fast is None or fast == yaml.safe_load(f"k: {value}\n") == {"k": value}
    assert (fast is None) == (value == "a: b")


def test_claude_code_topic_round_trips_without_importing_yaml() -> None:
    text = (
        "---\nname: Package manager\ndescription: use pnpm (https://pnpm.io), not npm\n"
        "type: feedback\nsources:\n- 2026-08-01 00000369-0000-4000-8000-000000000369\n"
        "- 2026-08-03 00000378-0000-4000-8000-000000000378\n---\n\nUse pnpm.\n"
    )
    probe = (
        "import sys; from autodream.memory.model import parse_topic, render_topic\n"
        f"t = parse_topic({text!r}); assert render_topic(t) == {text!r}, render_topic(t)\n"
        "print('yaml' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         check=True, env={"PYTHONPATH": str(REPO_ROOT)}).stdout
    assert out.strip() == "False"
    topic = parse_topic(text)
    assert (topic.name, topic.type) == ("Package manager", "feedback")
    assert render_topic(topic) == text


@pytest.mark.parametrize(
    ("extra_lines", "description", "extra"),
    [
        ("merged_from:\n  - a.md\n  - b.md\n", "staff engineer", {"merged_from": ["a.md", "b.md"]}),
        ("", "Sam: staff engineer", {}),
    ],
)
def test_lists_and_colons_still_parse(extra_lines: str, description: str, extra: object) -> None:
    text = f"---\nname: Role\ndescription: {description}\ntype: user\n{extra_lines}---\n\nb\n"
    topic = parse_topic(text)
    assert (topic.description, topic.extra) == (description, extra)
    assert parse_topic(render_topic(topic)) == topic


def test_plain_value_characters_are_exactly_the_ones_yaml_prints_plainly() -> None:
    # The fast path's character class is written as a complement; it must admit exactly the
    # printable set YAML writes unquoted, over every code point.
    printable = re.compile(
        "[\\x20-\\x22\\x24-\\x7e\\xa0-\\u2027\\u202a-\\ud7ff\\ue000-\\ufefe\\uff00-\\ufffd"
        "\\U00010000-\\U0010fffe]"
    )
    differ = [
        hex(c) for c in range(0x110000)
        if bool(printable.fullmatch(chr(c)))
        != bool(model._SIMPLE_VALUE.fullmatch(f"a{chr(c)}b"))
    ]
    assert differ == []


@pytest.mark.parametrize("value", ["A\U0010ffff", "note \U0010fffe end", "emoji \U0001f600 kept"])
def test_last_code_points_written_as_yaml_writes_them(value: str) -> None:
    # PyYAML quotes U+10FFFF (its emitter's printable range stops one short), not U+10FFFE
    expected = yaml.safe_dump({"description": value}, default_flow_style=False, sort_keys=False,
                              allow_unicode=True, width=10_000).rstrip("\n")
    assert model._yaml_value("description", value) == expected
    assert yaml.safe_load(expected) == {"description": value}


# Values YAML never writes plain (": " in them), with every tricky character about
COLONED = st.builds(lambda head, tail: head + ": " + tail, TRICKY, TRICKY)


@settings(max_examples=400, deadline=None)
@given(value=COLONED, as_list=st.booleans())
def test_values_with_a_colon_written_and_read_as_yaml_does(value: str, as_list: bool) -> None:
    data = {"name": [value, "plain item"] if as_list else value}
    expected = yaml.safe_dump(data, default_flow_style=False, sort_keys=False,
                              allow_unicode=True, width=10_000).rstrip("\n")
    assert model._yaml_value("name", data["name"]) == expected
    fast = model._simple_frontmatter(expected + "\n")
    assert fast is None or fast == yaml.safe_load(expected) == data
    if model._QUOTABLE.fullmatch(value):  # every character one YAML prints: no YAML needed
        assert fast == data


@settings(max_examples=400, deadline=None)
@given(body=st.text(alphabet=st.sampled_from(list("a :'#\"\\\t\x85é")), max_size=12)
       | st.builds(lambda body: body + ": x", TRICKY), item=st.booleans())
def test_quoted_lines_read_as_yaml_reads_them(body: str, item: bool) -> None:
    raw = f"name:\n- '{body}'\n" if item else f"name: '{body}'\n"
    fast = model._simple_frontmatter(raw)
    if fast is None:
        return  # read by YAML itself, as before
    assert yaml.safe_load(raw) == fast


@pytest.mark.parametrize("value", ["'quoted'", "'a: b' c", "'a: b", "'a: b' # note", "'a:  b'x'"])
def test_other_quoted_values_still_go_through_yaml(value: str) -> None:
    assert model._simple_frontmatter(f"x: {value}\n") is None


def test_quotable_characters_are_exactly_the_ones_yaml_prints_in_single_quotes() -> None:
    # (the printable set of the plain values' test, with "#"; a quote is doubled)
    printable = re.compile(
        "[\\x20-\\x7e\\xa0-\\u2027\\u202a-\\ud7ff\\ue000-\\ufefe\\uff00-\\ufffd"
        "\\U00010000-\\U0010fffe]"
    )
    differ = [
        hex(c) for c in range(0x110000)
        if bool(printable.fullmatch(chr(c))) != bool(model._QUOTABLE.fullmatch(f"a{chr(c)}b"))
    ]
    assert differ == []


def test_a_name_with_a_colon_round_trips_without_importing_yaml() -> None:
    # (the local engine names a switch so: every later dream read it back through PyYAML, ~10 ms)
    text = (
        "---\nname: 'Formatter: black instead of ruff format'\n"
        "description: 'Dana''s rule: keep PRs small #review'\ntype: feedback\nsources:\n"
        "- 2026-08-01 00000369-0000-4000-8000-000000000369\n- 'said: twice'\n---\n\nUse black.\n"
    )
    probe = (
        "import sys; from autodream.memory.model import parse_topic, render_topic\n"
        f"t = parse_topic({text!r}); assert render_topic(t) == {text!r}, render_topic(t)\n"
        "print(t.name, t.description, t.extra, 'yaml' in sys.modules, sep='|')"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         check=True, env={"PYTHONPATH": str(REPO_ROOT)}).stdout
    assert out.strip().split("|") == [
        "Formatter: black instead of ruff format", "Dana's rule: keep PRs small #review",
        str({"sources": ["2026-08-01 00000369-0000-4000-8000-000000000369", "said: twice"]}),
        "False"]
    topic = parse_topic(text)
    assert render_topic(topic) == text
    assert yaml.safe_load(text.split("---\n")[1]) == {
        "name": topic.name, "description": topic.description, "type": "feedback", **topic.extra}
