"""A replay scenario: ``scenario.toml`` parsed and validated, beside its sessions and memory.

The format is fixed by the replay issue so scenarios written anywhere run unchanged::

    description = "one line"
    now = "2026-07-20T09:00:00Z"     # the clock of the final dream, with its UTC offset
    backend = "local"                # optional
    [gates]                          # optional: min_hours, min_sessions, scan_interval_minutes
    min_sessions = 2
    [[expect]]
    id = "tracker-is-jira"
    category = "knowledge-update"
    present = '(?i)\\bjira\\b'        # or absent = '...'

Every problem is a ``BadInput`` whose message is one line naming the scenario, the key and
what is wrong, so a run over many scenarios can report it and carry on.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any, Literal

from autodream.config import BACKENDS
from autodream.errors import BadInput, NotFound

SCENARIO_FILENAME = "scenario.toml"
ExpectKind = Literal["present", "absent"]
# Builds the one-line error for (key, problem); carries the scenario name.
Complaint = Callable[[str, str], BadInput]

_TOP_KEYS = frozenset({"description", "now", "backend", "gates", "expect"})
_EXPECT_KEYS = frozenset({"id", "category", "present", "absent"})
# Gate overrides and whether each must be a whole number.
_GATE_KEYS: dict[str, bool] = {
    "min_hours": False,
    "min_sessions": True,
    "scan_interval_minutes": False,
}


@dataclass(frozen=True)
class Expectation:
    """One regex the active memory must match (``present``) or must not match (``absent``)."""

    id: str
    category: str
    kind: ExpectKind
    pattern: re.Pattern[str]

    @property
    def regex(self) -> str:
        return self.pattern.pattern


@dataclass(frozen=True)
class Scenario:
    name: str
    root: Path
    description: str
    now: datetime  # timezone-aware UTC
    backend: str | None
    gates: dict[str, float]  # only the overrides the scenario gives
    expectations: tuple[Expectation, ...]

    @property
    def sessions_dir(self) -> Path:
        return self.root / "sessions"

    @property
    def memory_dir(self) -> Path:
        return self.root / "memory"

    @property
    def project_dir(self) -> Path:
        return self.root / "project"


def load_scenario(directory: Path | str) -> Scenario:
    """Read and validate ``<directory>/scenario.toml``."""
    root = Path(directory)
    name = root.name or str(root)
    if not root.is_dir():
        raise NotFound(f"scenario {name}: no such directory: {root}")
    path = root / SCENARIO_FILENAME
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise BadInput(f"scenario {name}: {SCENARIO_FILENAME} is missing") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise BadInput(f"scenario {name}: {SCENARIO_FILENAME} cannot be read: {exc}") from None
    for part in ("sessions", "memory"):
        if (root / part).exists() and not (root / part).is_dir():
            raise BadInput(f"scenario {name}: {part} is not a directory: {root / part}")
    return parse_scenario(text, name=name, root=root)


def parse_scenario(text: str, *, name: str, root: Path) -> Scenario:
    """Validate the text of a ``scenario.toml``; ``name`` appears in every error."""

    def bad(key: str, problem: str) -> BadInput:
        return BadInput(f"scenario {name}: {key}: {problem}")

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise BadInput(
            f"scenario {name}: {SCENARIO_FILENAME} is not valid TOML: {exc}".splitlines()[0]
        ) from None

    unknown = sorted(set(data) - _TOP_KEYS)
    if unknown:
        raise bad(unknown[0], "unknown key")

    description = data.get("description", "")
    if not isinstance(description, str):
        raise bad("description", "must be a string")
    if "\n" in description.strip():
        raise bad("description", "must be one line")

    if "now" not in data:
        raise bad("now", "missing (the clock of the final dream, e.g. \"2026-07-20T09:00:00Z\")")
    now = _parse_now(data["now"], bad)

    backend = data.get("backend")
    if backend is not None and (not isinstance(backend, str) or backend not in BACKENDS):
        raise bad("backend", f"must be one of {', '.join(BACKENDS)}, not {backend!r}")

    gates = _parse_gates(data.get("gates", {}), bad)
    expectations = _parse_expectations(data.get("expect", []), bad)
    if not expectations:
        # A scenario that checks nothing passes "0/0 met" whatever the dreams wrote.
        raise bad("expect", "none given: a scenario checks at least one [[expect]]")
    return Scenario(
        name=name,
        root=root,
        description=description.strip(),
        now=now,
        backend=backend,
        gates=gates,
        expectations=expectations,
    )


def _parse_now(value: Any, bad: Complaint) -> datetime:
    if isinstance(value, datetime):
        moment = value
    elif isinstance(value, str):
        try:
            moment = datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
        except ValueError:
            raise bad("now", f"not an ISO 8601 date-time: {value!r}") from None
    elif isinstance(value, date):
        raise bad("now", "needs a time of day, not just a date")
    else:
        raise bad("now", "must be an ISO 8601 date-time string")
    # A time without an offset is refused, not guessed: read as UTC, "2026-07-14 09:00" written
    # in Berlin replays two hours off what its author meant, and nothing would say so.
    if moment.tzinfo is None:
        said = value if isinstance(value, str) else value.isoformat()  # a TOML local date-time
        raise bad("now", f"needs a timezone offset (e.g. \"2026-07-20T09:00:00Z\"), not {said!r}")
    return moment.astimezone(UTC)


def _parse_gates(value: Any, bad: Complaint) -> dict[str, float]:
    if not isinstance(value, dict):
        raise bad("gates", "must be a table")
    gates: dict[str, float] = {}
    for key, raw in value.items():
        if key not in _GATE_KEYS:
            raise bad(f"gates.{key}", "unknown key (known: " + ", ".join(_GATE_KEYS) + ")")
        whole = _GATE_KEYS[key]
        if isinstance(raw, bool) or not isinstance(raw, (int, float)):
            raise bad(f"gates.{key}", "must be a number")
        if whole and not isinstance(raw, int):
            raise bad(f"gates.{key}", "must be a whole number")
        if raw < 0:
            raise bad(f"gates.{key}", "must not be negative")
        gates[key] = raw
    return gates


def _parse_expectations(value: Any, bad: Complaint) -> tuple[Expectation, ...]:
    if not isinstance(value, list):
        raise bad("expect", "must be an array of tables ([[expect]])")
    seen: set[str] = set()
    out: list[Expectation] = []
    for index, item in enumerate(value, start=1):
        where = f"expect[{index}]"
        if not isinstance(item, dict):
            raise bad(where, "must be a table")
        ident = item.get("id")
        if not isinstance(ident, str) or not ident.strip():
            raise bad(f"{where}.id", "missing or not a non-empty string")
        ident = ident.strip()
        where = f"expect[{index}] ({ident})"
        unknown = sorted(set(item) - _EXPECT_KEYS)
        if unknown:
            raise bad(f"{where}.{unknown[0]}", "unknown key")
        if ident in seen:
            raise bad(f"{where}.id", "duplicate id")
        seen.add(ident)
        category = item.get("category")
        if not isinstance(category, str) or not category.strip():
            raise bad(f"{where}.category", "missing or not a non-empty string")
        kinds = [k for k in ("present", "absent") if k in item]
        if len(kinds) != 1:
            raise bad(where, "needs exactly one of 'present' or 'absent'")
        kind: ExpectKind = "present" if kinds[0] == "present" else "absent"
        regex = item[kind]
        if not isinstance(regex, str) or not regex:
            raise bad(f"{where}.{kind}", "must be a non-empty regex string")
        try:
            pattern = re.compile(regex)
        except re.error as exc:
            raise bad(f"{where}.{kind}", f"bad regex {regex!r}: {exc}") from None
        out.append(Expectation(ident, category.strip(), kind, pattern))
    return tuple(out)
