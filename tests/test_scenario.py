from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from autodream.errors import BadInput, NotFound
from autodream.scenario import load_scenario

GOOD = """\
description = "one line"
now = "2026-07-20T09:00:00Z"
backend = "local"
[gates]
min_sessions = 2
min_hours = 1.5
scan_interval_minutes = 0

[[expect]]
id = "tracker-is-jira"
category = "knowledge-update"
present = '(?i)\\bjira\\b'

[[expect]]
id = "linear-not-current"
category = "knowledge-update"
absent = '(?i)(currently|now) (uses?|on) linear'
"""


def write(tmp_path: Path, text: str, name: str = "demo") -> Path:
    root = tmp_path / name
    root.mkdir()
    (root / "scenario.toml").write_text(text, encoding="utf-8")
    return root


def test_the_issue_example_parses(tmp_path: Path) -> None:
    sc = load_scenario(write(tmp_path, GOOD))
    assert sc.name == "demo"
    assert sc.description == "one line"
    assert sc.now == datetime(2026, 7, 20, 9, 0, tzinfo=UTC)
    assert sc.backend == "local"
    assert sc.gates == {"min_sessions": 2, "min_hours": 1.5, "scan_interval_minutes": 0}
    assert [(e.id, e.category, e.kind) for e in sc.expectations] == [
        ("tracker-is-jira", "knowledge-update", "present"),
        ("linear-not-current", "knowledge-update", "absent"),
    ]
    assert sc.expectations[0].pattern.search("We track work in JIRA")
    assert sc.expectations[1].regex == "(?i)(currently|now) (uses?|on) linear"


ONE_EXPECT = "[[expect]]\nid = \"jira\"\ncategory = \"tracker\"\npresent = \"Jira\"\n"


def test_optional_parts_may_be_left_out(tmp_path: Path) -> None:
    sc = load_scenario(write(tmp_path, 'now = "2026-07-20T09:00:00+02:00"\n' + ONE_EXPECT))
    assert sc.backend is None and sc.gates == {} and len(sc.expectations) == 1
    assert sc.now == datetime(2026, 7, 20, 7, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    "now",
    ['"2026-07-20T09:00:00Z"', '"2026-07-20 11:00+02:00"', "2026-07-20T09:00:00Z"],
    ids=["string-z", "string-offset", "toml-datetime"],
)
def test_now_forms_are_read_as_utc(tmp_path: Path, now: str) -> None:
    sc = load_scenario(write(tmp_path, f"now = {now}\n" + ONE_EXPECT))
    assert sc.now == datetime(2026, 7, 20, 9, 0, tzinfo=UTC)


def replace(old: str, new: str) -> str:
    assert old in GOOD
    return GOOD.replace(old, new, 1)


@pytest.mark.parametrize(
    ("text", "key", "problem"),
    [
        (replace('now = "2026-07-20T09:00:00Z"\n', ""), "now", "missing"),
        (replace('"2026-07-20T09:00:00Z"', '"next tuesday"'), "now", "not an ISO 8601"),
        (replace('"2026-07-20T09:00:00Z"', "2026-07-20"), "now", "time of day"),
        (replace('"2026-07-20T09:00:00Z"', "42"), "now", "must be"),
        (replace('"2026-07-20T09:00:00Z"', '"2026-07-14 09:00"'), "now", "timezone offset"),
        (replace('"2026-07-20T09:00:00Z"', "2026-07-14T09:00:00"), "now", "timezone offset"),
        (replace("backend = ", "flavour = "), "flavour", "unknown key"),
        (replace('backend = "local"', "backend = 3"), "backend", "must be one of"),
        (replace('backend = "local"', 'backend = "gpt"'), "backend", "not 'gpt'"),
        (replace('description = "one line"', "description = 1"), "description", "string"),
        (replace('description = "one line"', 'description = "a\\nb"'), "description", "one line"),
        (replace("min_sessions = 2", "max_sessions = 2"), "gates.max_sessions", "unknown key"),
        (replace("min_sessions = 2", 'min_sessions = "2"'), "gates.min_sessions", "number"),
        (replace("min_sessions = 2", "min_sessions = 2.5"), "gates.min_sessions", "whole"),
        (replace("min_sessions = 2", "min_sessions = true"), "gates.min_sessions", "number"),
        (replace("min_hours = 1.5", "min_hours = -1"), "gates.min_hours", "negative"),
        (
            replace("[gates]\nmin_sessions = 2\nmin_hours = 1.5\nscan_interval_minutes = 0\n",
                    "gates = 3\n"),
            "gates",
            "table",
        ),
        (
            replace("category = \"knowledge-update\"\npresent", 'colour = "red"\npresent'),
            "expect[1] (tracker-is-jira).colour",
            "unknown key",
        ),
        (replace("present = '(?i)\\bjira\\b'", "present = '(?i)(jira'"), "present", "bad regex"),
        (replace("absent = '(?i)(currently", "absent = '[(currently"), "absent", "bad regex"),
        (
            replace("present = '(?i)\\bjira\\b'", "present = 'jira'\nabsent = 'linear'"),
            "expect[1] (tracker-is-jira)",
            "exactly one of",
        ),
        (replace("present = '(?i)\\bjira\\b'", ""), "expect[1] (tracker-is-jira)", "exactly one"),
        (replace('id = "tracker-is-jira"\n', ""), "expect[1].id", "missing"),
        (replace('id = "linear-not-current"', 'id = "tracker-is-jira"'), ".id", "duplicate"),
        (replace('category = "knowledge-update"\n', ""), ".category", "missing"),
        (replace("present = '(?i)\\bjira\\b'", "present = ''"), "present", "non-empty regex"),
        ("now = [", "scenario.toml", "not valid TOML"),
        (GOOD.split("[[expect]]")[0], "expect", "none given"),
        ("expect = []\n" + GOOD.split("[[expect]]")[0], "expect", "none given"),
    ],
    ids=lambda v: v if isinstance(v, str) and len(v) < 40 else None,
)
def test_bad_scenario_is_one_line_naming_scenario_key_and_problem(
    tmp_path: Path, text: str, key: str, problem: str
) -> None:
    root = write(tmp_path, text, name="broken-one")
    with pytest.raises(BadInput) as info:
        load_scenario(root)
    message = str(info.value)
    assert "\n" not in message
    assert message.startswith("scenario broken-one: ")
    assert key in message
    assert problem in message


def test_missing_scenario_toml_is_bad_input(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    with pytest.raises(BadInput, match=r"^scenario empty: scenario.toml is missing$"):
        load_scenario(tmp_path / "empty")


def test_missing_scenario_dir_is_not_found(tmp_path: Path) -> None:
    with pytest.raises(NotFound, match="scenario nowhere: no such directory"):
        load_scenario(tmp_path / "nowhere")


@pytest.mark.parametrize("part", ["sessions", "memory"])
def test_a_scenario_part_that_is_a_file_is_bad_input(tmp_path: Path, part: str) -> None:
    root = write(tmp_path, GOOD)
    (root / part).write_text("not a dir\n", encoding="utf-8")
    with pytest.raises(BadInput, match=rf"^scenario demo: {part} is not a directory: "):
        load_scenario(root)
