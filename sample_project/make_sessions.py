#!/usr/bin/env python3
"""Regenerate sample_project's sessions/, memory/ and scenario.toml (byte-identical every run).

    python3 sample_project/make_sessions.py

The transcripts have the exact shape Claude Code 2.1 writes (see
../shared/data/real-transcripts/claude-code-2.1): a queue-operation first, prompt records with a
string content, assistant responses split one content block per record sharing ``message.id``,
tool results as user records with ``toolUseResult``, ``isMeta`` caveats and command wrappers that
are not the person's words. UUIDs are derived from names, so regenerating changes nothing.

``Transcript`` and ``write_scenario_toml`` are reused by tests/scenarios/make_scenarios.py.
"""

from __future__ import annotations

import difflib
import json
import re
import shutil
import uuid
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
NAMESPACE = uuid.UUID("6c1f3c2e-6f0a-4d8e-9a51-2d0c9b7e4a10")
VERSION = "2.1.14"
MODEL = "claude-opus-4-5-20251101"


def session_uuid(name: str) -> str:
    return str(uuid.uuid5(NAMESPACE, f"session:{name}"))


def iso(moment: datetime) -> str:
    moment = moment.astimezone(timezone.utc)
    return moment.strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"


def at(text: str) -> datetime:
    """``2026-07-04 10:15`` (UTC) as an aware datetime."""
    return datetime.fromisoformat(text).replace(tzinfo=timezone.utc)


@dataclass
class Transcript:
    """One Claude Code 2.1 session, built record by record with a moving clock."""

    name: str
    start: datetime
    cwd: str = "/home/dana/src/csvstat"
    branch: str = "main"
    slug: str = "quiet-median-lantern"
    records: list[str | bytes] = field(default_factory=list)  # JSON lines, or broken ones
    _t: datetime | None = None
    _parent: str | None = None
    _n: int = 0

    @property
    def session_id(self) -> str:
        return session_uuid(self.name)

    @property
    def end(self) -> datetime:
        return self._t or self.start

    def _id(self, kind: str) -> str:
        self._n += 1
        return str(uuid.uuid5(NAMESPACE, f"{self.name}:{kind}:{self._n}"))

    def _tick(self, seconds: float) -> str:
        self._t = (self._t or self.start) + timedelta(seconds=seconds)
        return iso(self._t)

    def _emit(self, record: dict[str, Any]) -> None:
        self.records.append(json.dumps(record, ensure_ascii=False, separators=(",", ":")))

    def _envelope(self, with_slug: bool = True) -> dict[str, Any]:
        env: dict[str, Any] = {
            "parentUuid": self._parent,
            "isSidechain": False,
            "userType": "external",
            "cwd": self.cwd,
            "sessionId": self.session_id,
            "version": VERSION,
            "gitBranch": self.branch,
        }
        # Claude Code names the session (slug) once the first prompt is in.
        if with_slug and any(
            isinstance(r, str) and ('"type":"user"' in r or '"type":"assistant"' in r)
            for r in self.records
        ):
            env["slug"] = self.slug
        return env

    def open(self) -> Transcript:
        """The queue-operation Claude Code writes before the first prompt."""
        self._emit(
            {
                "type": "queue-operation",
                "operation": "dequeue",
                "timestamp": self._tick(0),
                "sessionId": self.session_id,
            }
        )
        return self

    def prompt(self, text: str, after: float = 40, *, when: str | None = None) -> Transcript:
        """Words the person typed; ``when`` (``2026-06-29 19:11:35.1``, UTC) pins the time, so the
        tool traffic before it can grow without moving the person's timeline."""
        uid = self._id("user")
        rec = self._envelope()
        if when is not None:
            pinned = at(when)
            if self._t is not None and pinned < self._t:
                raise ValueError(f"{self.name}: prompt at {when} is before {iso(self._t)}")
            after = (pinned - (self._t or self.start)).total_seconds()
        rec.update(
            {
                "type": "user",
                "message": {"role": "user", "content": text},
                "uuid": uid,
                "timestamp": self._tick(after),
            }
        )
        self._emit(rec)
        self._parent = uid
        return self

    def meta(self, text: str, after: float = 0.01) -> Transcript:
        """Injected context (caveats, hook feedback): not the person's words."""
        uid = self._id("meta")
        rec = self._envelope()
        rec.update(
            {
                "type": "user",
                "message": {"role": "user", "content": text},
                "isMeta": True,
                "uuid": uid,
                "timestamp": self._tick(after),
            }
        )
        self._emit(rec)
        self._parent = uid
        return self

    def command(self, name: str, args: str = "", after: float = 1) -> Transcript:
        """A slash command as Claude Code records it: a caveat, then the command wrapper."""
        self.meta(
            "Caveat: The messages below were generated by the user while running local "
            "commands. DO NOT respond to these messages or otherwise consider them in your "
            "response unless the user explicitly asks you to.",
            after=after,
        )
        return self.prompt(
            f"<command-name>/{name}</command-name>\n            <command-message>{name}"
            f"</command-message>\n            <command-args>{args}</command-args>",
            after=0.01,
        )

    def _assistant(self, msg_id: str, request_id: str, block: dict[str, Any], after: float) -> str:
        uid = self._id("assistant")
        rec = self._envelope()
        rec.update(
            {
                "message": {
                    "model": MODEL,
                    "id": msg_id,
                    "type": "message",
                    "role": "assistant",
                    "content": [block],
                    "stop_reason": None,
                    "stop_sequence": None,
                    "usage": {
                        "input_tokens": 3,
                        "cache_creation_input_tokens": 412,
                        "cache_read_input_tokens": 15289,
                        "output_tokens": 24,
                        "service_tier": "standard",
                    },
                },
                "requestId": request_id,
                "type": "assistant",
                "uuid": uid,
                "timestamp": self._tick(after),
            }
        )
        self._emit(rec)
        self._parent = uid
        return uid

    def _ids(self) -> tuple[str, str]:
        n = uuid.uuid5(NAMESPACE, f"{self.name}:msg:{self._n}").hex
        return f"msg_01{n[:22]}", f"req_011C{n[10:30]}"

    def say(self, text: str, after: float = 4, thinking: str | None = None) -> Transcript:
        """An assistant reply: optional thinking block, then text, one record each."""
        msg_id, request_id = self._ids()
        if thinking:
            self._assistant(
                msg_id, request_id, {"type": "thinking", "thinking": thinking, "signature": "c2ln"},
                after,
            )
            after = 1.5
        self._assistant(msg_id, request_id, {"type": "text", "text": text}, after)
        return self

    def tool(
        self,
        name: str,
        tool_input: dict[str, Any],
        result: str,
        *,
        structured: dict[str, Any] | None = None,
        is_error: bool = False,
        after: float = 2,
    ) -> Transcript:
        """A tool_use record and the user record carrying its tool_result."""
        msg_id, request_id = self._ids()
        tool_id = "toolu_01" + uuid.uuid5(NAMESPACE, f"{self.name}:tool:{self._n}").hex[:22]
        use_uid = self._assistant(
            msg_id,
            request_id,
            {"type": "tool_use", "id": tool_id, "name": name, "input": tool_input},
            after,
        )
        uid = self._id("result")
        block: dict[str, Any] = {"tool_use_id": tool_id, "type": "tool_result", "content": result}
        if is_error:
            block["is_error"] = True
        rec = self._envelope()
        rec.update(
            {
                "type": "user",
                "message": {"role": "user", "content": [block]},
                "uuid": uid,
                "timestamp": self._tick(0.8),
                "toolUseResult": structured if structured is not None else result,
                "sourceToolAssistantUUID": use_uid,
            }
        )
        self._emit(rec)
        self._parent = uid
        return self

    def bash(self, command: str, stdout: str, after: float = 2) -> Transcript:
        return self.tool(
            "Bash",
            {"command": command, "description": f"Run {command.split()[0]}"},
            stdout,
            structured={"stdout": stdout, "stderr": "", "interrupted": False, "isImage": False},
            after=after,
        )

    def read(self, path: str, text: str, after: float = 2) -> Transcript:
        numbered = "\n".join(f"{i:>6}→{line}" for i, line in enumerate(text.splitlines(), 1))
        return self.tool(
            "Read",
            {"file_path": f"{self.cwd}/{path}"},
            numbered,
            structured={
                "type": "text",
                "file": {
                    "filePath": f"{self.cwd}/{path}",
                    "content": text,
                    "numLines": len(text.splitlines()),
                    "startLine": 1,
                    "totalLines": len(text.splitlines()),
                },
            },
            after=after,
        )

    def edit(
        self, path: str, old: str, new: str, after: float = 3, *, original: str | None = None
    ) -> Transcript:
        """An Edit; with ``original`` (the file before it) the record is what Claude Code writes:
        a numbered snippet around the change, and the whole original file with a patch."""
        full = f"{self.cwd}/{path}"
        if original is None:
            return self.tool(
                "Edit",
                {"file_path": full, "old_string": old, "new_string": new},
                f"The file {full} has been updated. Here's the result of running `cat -n` on a "
                f"snippet of the edited file:\n     1→{new.splitlines()[0] if new else ''}",
                structured={"filePath": full, "oldString": old, "newString": new},
                after=after,
            )
        if original.count(old) != 1:
            raise ValueError(f"{self.name}: {old!r} is not in {path} exactly once")
        updated = original.replace(old, new)
        first = original[: original.index(old)].count("\n") + 1
        last = first + max(new.count("\n"), 1)
        lines = updated.splitlines()
        lo, hi = max(1, first - 4), min(len(lines), last + 4)
        snippet = "\n".join(f"{i:>6}→{lines[i - 1]}" for i in range(lo, hi + 1))
        return self.tool(
            "Edit",
            {"file_path": full, "old_string": old, "new_string": new},
            f"The file {full} has been updated. Here's the result of running `cat -n` on a "
            f"snippet of the edited file:\n{snippet}",
            structured={
                "filePath": full,
                "oldString": old,
                "newString": new,
                "originalFile": original,
                "structuredPatch": structured_patch(original, updated),
                "userModified": False,
                "replaceAll": False,
            },
            after=after,
        )

    def grep(self, pattern: str, files: dict[str, str], after: float = 2) -> Transcript:
        """Claude Code's Grep in content mode with line numbers, over ``files`` (path -> text)."""
        regex = re.compile(pattern)
        hits = [
            f"{path}:{n}:{line}"
            for path, text in files.items()
            for n, line in enumerate(text.splitlines(), 1)
            if regex.search(line)
        ]
        content = "\n".join(hits) if hits else "No matches found"
        return self.tool(
            "Grep",
            {"pattern": pattern, "output_mode": "content", "-n": True},
            content,
            structured={"mode": "content", "numFiles": 0, "filenames": [], "content": content,
                        "numLines": len(hits)},
            after=after,
        )

    def glob(self, pattern: str, paths: list[str], after: float = 2) -> Transcript:
        full = [f"{self.cwd}/{p}" for p in paths]
        return self.tool(
            "Glob",
            {"pattern": pattern},
            "\n".join(full),
            structured={"filenames": full, "durationMs": 40 + 7 * len(full),
                        "numFiles": len(full), "truncated": False},
            after=after,
        )

    def compact(self, summary: str, after: float = 2) -> Transcript:
        """A compaction: the boundary record, then the summary as an isMeta user record."""
        uid = self._id("system")
        rec = self._envelope()
        rec.update(
            {
                "parentUuid": None,
                "logicalParentUuid": self._parent,
                "type": "system",
                "subtype": "compact_boundary",
                "content": "Conversation compacted",
                "isMeta": False,
                "timestamp": self._tick(after),
                "uuid": uid,
                "level": "info",
                "compactMetadata": {"trigger": "auto", "preTokens": 156953},
            }
        )
        self._emit(rec)
        self._parent = uid
        return self.meta(
            "This session is being continued from a previous conversation that ran out of "
            "context. The conversation is summarized below:\n" + summary
        )

    def raw(self, line: str | bytes) -> Transcript:
        """A line written as-is (bytes need not be UTF-8): for malformed-input scenarios."""
        self.records.append(line)
        return self

    def write(self, directory: Path) -> Path:
        directory.mkdir(parents=True, exist_ok=True)
        path = directory / f"{self.session_id}.jsonl"
        path.write_bytes(
            b"".join((r if isinstance(r, bytes) else r.encode("utf-8")) + b"\n" for r in self.records)
        )
        return path


def structured_patch(before: str, after: str) -> list[dict[str, Any]]:
    """Hunks with three lines of context, as Claude Code records them for an Edit."""
    a, b = before.splitlines(), after.splitlines()
    hunks: list[dict[str, Any]] = []
    for group in difflib.SequenceMatcher(None, a, b, autojunk=False).get_grouped_opcodes(3):
        lines: list[str] = []
        for tag, i1, i2, j1, j2 in group:
            if tag == "equal":
                lines += [" " + x for x in a[i1:i2]]
                continue
            lines += ["-" + x for x in a[i1:i2]] + ["+" + x for x in b[j1:j2]]
        (_, i1, _, j1, _), (_, _, i2, _, j2) = group[0], group[-1]
        hunks.append({"oldStart": i1 + 1, "oldLines": i2 - i1, "newStart": j1 + 1,
                      "newLines": j2 - j1, "lines": lines})
    return hunks


def toml_string(value: str) -> str:
    """A TOML literal string (no escapes), multi-line form when the text holds a quote."""
    if "'" not in value and "\n" not in value:
        return f"'{value}'"
    if "'''" in value:
        raise ValueError(f"cannot write {value!r} as a TOML literal")
    return f"'''{value}'''"


def write_scenario_toml(
    path: Path,
    *,
    description: str,
    now: str,
    expects: list[tuple[str, str, str, str]],  # (id, category, "present"|"absent", regex)
    gates: dict[str, float] | None = None,
    backend: str | None = "local",
    header: str = "",
) -> None:
    lines = [f"# {line}" if line else "#" for line in header.strip().splitlines()]
    lines.append(f"description = {json.dumps(description)}")
    lines.append(f'now = "{now}"')
    if backend:
        lines.append(f'backend = "{backend}"')
    if gates:
        lines.append("")
        lines.append("[gates]")
        for key, value in gates.items():
            lines.append(f"{key} = {value}")
    for ident, category, kind, regex in expects:
        lines.append("")
        lines.append("[[expect]]")
        lines.append(f'id = "{ident}"')
        lines.append(f'category = "{category}"')
        lines.append(f"{kind} = {toml_string(regex)}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


# Words that frame a line as history rather than the current state.
# (A contraction is any "n't" spelling: don't, don''t as YAML escapes it, don’t.)
HISTORY = (
    r"from|back|revert\w*|previous\w*|formerly|earlier|briefly|until|tried|instead|no longer|not"
    r"|never|\w+n\W{1,2}t|do not|avoid|without|dropped|abandoned|replaced|superseded|was|were"
    r"|had|before"
)
# Words that tell a plan as past.
PAST = r"was|were|happened|took place|planned for|had|passed|ago|held|gave|given"


def not_current(term: str) -> str:
    """Regex for a line that presents ``term`` as current: it names it with no history word."""
    return rf"(?im)^(?![^\n]*\b({HISTORY})\b)[^\n]*{term}"


def upcoming(subject: str, phrases: str) -> str:
    """Regex for a line that tells a plan about ``subject`` as still ahead (no past word)."""
    return (
        rf"(?im)^(?![^\n]*\b({PAST})\b)[^\n]*(\b({phrases})\b[^\n]{{0,80}}\b({subject})\b"
        rf"|\b({subject})\b[^\n]{{0,80}}\b({phrases})\b)"
    )


def two_index_lines(term: str) -> str:
    """Regex for two MEMORY.md entries (``- [Title](file.md)`` lines) that both mention ``term``."""
    entry = r"- \[[^\]\n]*\]\([^)\n]*\)"
    return rf"(?im)^{entry}[^\n]*{term}[^\n]*\n(?:[^\n]*\n)*?{entry}[^\n]*{term}"


def near(a: str, b: str, span: int = 300) -> str:
    """Regex for ``a`` and ``b`` within ``span`` characters of each other, either order."""
    return rf"(?is)({a}).{{0,{span}}}({b})|({b}).{{0,{span}}}({a})"


# ---- the sample project's history ---------------------------------------------------------------

PROJECT = HERE / "project"
DB_PASSWORD = "Wh4le-Song-2231"  # fake, and no vendor's key format: caught by redact as a password
PROJECT_FILES = (
    "Makefile", "README.md", "pyproject.toml", "data/trips.csv", "src/csvstat/__init__.py",
    "src/csvstat/__main__.py", "src/csvstat/cli.py", "src/csvstat/stats.py", "tests/test_cli.py",
    "tests/test_stats.py",
)
MEDIAN_FN = (
    "def median(values: Sequence[float]) -> float:\n"
    "    ordered = sorted(values)\n"
    "    mid = len(ordered) // 2\n"
    "    if len(ordered) % 2:\n"
    "        return ordered[mid]\n"
    "    return (ordered[mid - 1] + ordered[mid]) / 2\n\n\n"
)
MEDIAN_TEST = (
    "def test_median_of_odd_and_even_lengths():\n"
    "    assert median([3.0, 1.0, 2.0]) == 2.0\n"
    "    assert median([4.0, 1.0, 3.0, 2.0]) == 2.5\n\n\n"
)
JSON_TEST = (
    "def test_json_output(capsys):\n"
    '    assert main([str(DATA), "--json", "--columns", "distance"]) == 0\n'
    "    data = json.loads(capsys.readouterr().out)\n"
    '    assert data["distance"]["median"] == 9.0\n\n\n'
)
JSON_OUT = (
    "    if args.json:\n"
    "        print(json.dumps({k: asdict(v) for k, v in summaries.items()}, indent=2))\n"
    "    else:\n"
    "        print(format_table(summaries))\n"
)
README_TABLE = (
    "column     count  mean     median   min   max\n"
    "trip       5      3.0      3.0      1.0   5.0\n"
    "distance   5      12.4     9.0      2.5   31.0\n"
    "duration   5      33.6     28.0     9.0   71.0\n"
)
README_TABLE_0_2 = (
    "column     count  mean     min   max\n"
    "trip       5      3.0      1.0   5.0\n"
    "distance   5      12.4     2.5   31.0\n"
    "duration   5      33.6     9.0   71.0\n"
)
# What the sessions changed in the project, newest last: (day, path, text now, text before).
# project/ holds the state after the last session; reverting the changes made on or after a day
# gives the files a session of that day read (the story's Python support, version and features
# stay consistent for a model that reads the tool output).
CHANGES: list[tuple[str, str, str, str]] = [
    ("2026-06-29", "src/csvstat/stats.py", "    mean: float\n    median: float\n",
     "    mean: float\n"),
    ("2026-06-29", "src/csvstat/stats.py", MEDIAN_FN + "def summarize(", "def summarize("),
    ("2026-06-29", "src/csvstat/stats.py",
     "        mean=sum(values) / len(values),\n        median=median(values),\n",
     "        mean=sum(values) / len(values),\n"),
    ("2026-06-29", "src/csvstat/cli.py",
     "{'mean':<8} {'median':<8} {'min':<5}", "{'mean':<8} {'min':<5}"),
    ("2026-06-29", "src/csvstat/cli.py",
     "{s.mean:<8.1f} {s.median:<8.1f} \"\n", "{s.mean:<8.1f} \"\n"),
    ("2026-06-29", "tests/test_stats.py",
     "from csvstat.stats import median, parse_number, summarize\n\n\n" + MEDIAN_TEST,
     "from csvstat.stats import parse_number, summarize\n\n\n"),
    ("2026-06-29", "tests/test_stats.py",
     "(s.count, s.mean, s.median, s.skipped) == (2, 2.0, 2.0, 2)",
     "(s.count, s.mean, s.skipped) == (2, 2.0, 2)"),
    ("2026-07-04", "pyproject.toml", 'version = "0.3.0"', 'version = "0.2.0"'),
    ("2026-07-04", "src/csvstat/__init__.py", '__version__ = "0.3.0"', '__version__ = "0.2.0"'),
    ("2026-07-04", "README.md", README_TABLE, README_TABLE_0_2),
    ("2026-07-04", "README.md", "prints count, mean, median, min and max of\n  every",
     "prints count, mean, min and max of every\n "),
    ("2026-07-13", "pyproject.toml", 'requires-python = ">=3.10"', 'requires-python = ">=3.8"'),
    ("2026-07-15", "src/csvstat/stats.py", "from dataclasses import dataclass\n",
     "from dataclasses import dataclass\nfrom typing import Optional\n"),
    ("2026-07-15", "src/csvstat/stats.py", "-> float | None:", "-> Optional[float]:"),
    ("2026-07-15", "src/csvstat/stats.py", "-> Summary | None:", "-> Optional[Summary]:"),
    ("2026-07-17", "src/csvstat/cli.py", "import csv\nimport json\n", "import csv\n"),
    ("2026-07-17", "src/csvstat/cli.py",
     "from collections.abc import Sequence\nfrom dataclasses import asdict\n",
     "from collections.abc import Sequence\n"),
    ("2026-07-17", "src/csvstat/cli.py",
     '    parser.add_argument("--json", action="store_true")\n    args',
     "    args"),
    ("2026-07-17", "src/csvstat/cli.py", JSON_OUT, "    print(format_table(summaries))\n"),
    ("2026-07-17", "tests/test_cli.py", "import json\nfrom pathlib", "from pathlib"),
    ("2026-07-17", "tests/test_cli.py", JSON_TEST + "def test_unknown", "def test_unknown"),
    ("2026-07-17", "README.md", "counted).\n- `csvstat FILE --json` prints the same as JSON.\n",
     "counted).\n"),
]


def project_files() -> dict[str, str]:
    return {p: (PROJECT / p).read_text(encoding="utf-8") for p in PROJECT_FILES}


def files_before(day: str) -> dict[str, str]:
    """The project as it was before the changes of ``day`` (YYYY-MM-DD) and later."""
    files = project_files()
    for when, path, now, before in reversed(CHANGES):
        if when >= day:
            if files[path].count(now) != 1:
                raise ValueError(f"{path}: {now!r} does not occur exactly once")
            files[path] = files[path].replace(now, before)
    return files


def changes_on(day: str, path: str) -> list[tuple[str, str]]:
    """(old, new) fragments of the Edits a session of ``day`` made to ``path``, in order."""
    return [(before, now) for when, p, now, before in CHANGES if when == day and p == path]


def test_names(files: dict[str, str], extra: tuple[str, ...] = ()) -> list[str]:
    names = [
        f"{path}::{name}"
        for path in ("tests/test_cli.py", "tests/test_stats.py")
        for name in re.findall(r"(?m)^def (test_\w+)", files[path])
    ]
    return sorted(names + list(extra))


def pytest_output(tests: list[str], seconds: float, *, verbose: bool = False) -> str:
    """What pytest prints for ``tests`` all passing (quiet as `make test` runs it, or -v)."""
    done = f"{len(tests)} passed in {seconds:.2f}s"
    if not verbose:
        return f"python3 -m pytest -q\n{'.' * len(tests):<73}[100%]\n{done}"
    lines = [
        " test session starts ".center(80, "="),
        "platform linux -- Python 3.12.3, pytest-8.3.4, pluggy-1.5.0 -- "
        "/home/dana/src/csvstat/.venv/bin/python",
        "cachedir: .pytest_cache",
        "rootdir: /home/dana/src/csvstat",
        "configfile: pyproject.toml",
        "testpaths: tests",
        f"collecting ... collected {len(tests)} items",
        "",
    ]
    for i, test in enumerate(tests, 1):
        lines.append(f"{test + ' PASSED':<73}[{100 * i // len(tests):>3}%]")
    lines += ["", f" {done} ".center(80, "=")]
    return "\n".join(lines)


def csvstat_table(rows: dict[str, list[float]], *, median: bool = True) -> str:
    """csvstat's table for ``rows`` (column -> values), as format_table prints it."""
    head = f"{'column':<10} {'count':<6} {'mean':<8} " + ("median   " if median else "")
    lines = [head + f"{'min':<5} max"]
    for name, values in rows.items():
        ordered = sorted(values)
        mid = len(ordered) // 2
        med = ordered[mid] if len(ordered) % 2 else (ordered[mid - 1] + ordered[mid]) / 2
        mean = sum(values) / len(values)
        cells = f"{name:<10} {len(values):<6} {mean:<8.1f} " + (f"{med:<8.1f} " if median else "")
        lines.append(cells + f"{min(values):<5} {max(values)}")
    return "\n".join(lines)


def trips() -> dict[str, list[float]]:
    text = (PROJECT / "data" / "trips.csv").read_text(encoding="utf-8").splitlines()
    names = text[0].split(",")
    columns: dict[str, list[float]] = {n: [] for n in names if n != "driver"}
    for row in text[1:]:
        for name, cell in zip(names, row.split(","), strict=True):
            if name in columns:
                columns[name].append(float(cell))
    return columns


def git_diff(files_a: dict[str, str], files_b: dict[str, str]) -> str:
    """``git diff`` between two states of the project."""
    out: list[str] = []
    for path in PROJECT_FILES:
        a, b = files_a.get(path, ""), files_b.get(path, "")
        if a == b:
            continue
        ids = [uuid.uuid5(NAMESPACE, f"blob:{t}").hex[:7] for t in (a, b)]
        out += [f"diff --git a/{path} b/{path}", f"index {ids[0]}..{ids[1]} 100644"]
        out += [line.rstrip("\n") for line in difflib.unified_diff(
            a.splitlines(), b.splitlines(), f"a/{path}", f"b/{path}", lineterm="")]
    return "\n".join(out)


def diff_stat(files_a: dict[str, str], files_b: dict[str, str]) -> str:
    counts: list[tuple[str, int, int]] = []
    for path in PROJECT_FILES:
        a, b = files_a.get(path, "").splitlines(), files_b.get(path, "").splitlines()
        if a == b:
            continue
        ops = difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes()
        added = sum(j2 - j1 for tag, _, _, j1, j2 in ops if tag != "equal")
        removed = sum(i2 - i1 for tag, i1, i2, _, _ in ops if tag != "equal")
        counts.append((path, added, removed))
    width = max(len(path) for path, _, _ in counts)
    digits = max(len(str(a + r)) for _, a, r in counts)
    rows = [f" {path:<{width}} | {a + r:>{digits}} {'+' * a}{'-' * r}" for path, a, r in counts]
    plus, minus = sum(a for _, a, _ in counts), sum(r for _, _, r in counts)
    def n(count: int, word: str) -> str:
        return f"{count} {word}" + ("" if count == 1 else "s")

    return "\n".join(rows) + (f"\n {n(len(rows), 'file')} changed, {n(plus, 'insertion')}(+), "
                              f"{n(minus, 'deletion')}(-)")


def explore(t: Transcript, files: dict[str, str], paths: tuple[str, ...]) -> Transcript:
    """The Read calls an agent makes to get its bearings."""
    for path in paths:
        t.read(path, files[path], after=2.5)
    return t


def apply(t: Transcript, day: str, path: str, files: dict[str, str]) -> Transcript:
    """The session's Edits to ``path`` (from CHANGES), applied to ``files`` as they go."""
    for old, new in changes_on(day, path):
        t.edit(path, old, new, after=2.5, original=files[path])
        files[path] = files[path].replace(old, new)
    return t


def sample_sessions() -> list[Transcript]:
    data = trips()
    s1_files = files_before("2026-06-29")
    s1_start = dict(s1_files)
    s1 = (
        Transcript("csvstat-01-median", at("2026-06-29 19:10"), slug="quiet-median-lantern")
        .open()
        .prompt(
            "Hi! Quick intro since this is a fresh setup: I'm Dana, a data engineer at a "
            "logistics company, and I maintain csvstat in my spare time. Today I'd like to add a "
            "median column to the output."
        )
        .say("I'll start by exploring the codebase to understand its structure.", after=3)
        .glob("**/*.py", [p for p in PROJECT_FILES if p.endswith(".py")], after=1.5)
    )
    explore(s1, s1_files, ("README.md", "pyproject.toml", "Makefile", "src/csvstat/stats.py",
                           "src/csvstat/cli.py", "tests/test_stats.py", "tests/test_cli.py"))
    (
        s1.bash("python3 -m pytest -v",
                pytest_output(test_names(s1_files), 0.19, verbose=True), after=2)
        .say(
            "The statistics live in src/csvstat/stats.py and the command line in "
            "src/csvstat/cli.py; summarize() returns a frozen Summary dataclass. I'll add a "
            "median() helper next to summarize() and a median column to format_table().",
            thinking="Median needs sorting; even-length columns average the two middle values.",
            after=3,
        )
        .prompt(
            "Sounds good. One thing for everything you write here: I prefer small pure functions "
            "over classes, so keep the stats code functional, and put type hints on everything.",
            when="2026-06-29 19:11:35.1",
        )
        .say("Understood: small pure functions with type hints, no new classes.", after=3)
    )
    for path in ("src/csvstat/stats.py", "src/csvstat/cli.py", "tests/test_stats.py"):
        apply(s1, "2026-06-29", path, s1_files)
    (
        s1.bash("make test", pytest_output(test_names(s1_files), 0.21), after=2)
        .bash("PYTHONPATH=src python3 -m csvstat data/trips.csv", csvstat_table(data), after=1.5)
        .bash("git diff --stat", diff_stat(s1_start, s1_files), after=1)
        .say("Added median() and the median column; all 6 tests pass.", after=2)
        .prompt("Great, thanks.", when="2026-06-29 19:12:14.7")
        .say("You're welcome!")
    )

    s2_files = files_before("2026-06-30")
    percentiles_test = "tests/test_stats.py::test_percentiles_of_a_column"
    s2 = (
        Transcript("csvstat-02-percentiles", at("2026-07-01 20:05"), slug="brisk-quantile-otter")
        .open()
        .prompt("Can you add a --percentiles option that prints p90 and p99 for each column?")
        .grep(r"quantile|percentile", s2_files, after=3)
    )
    explore(s2, s2_files, ("src/csvstat/stats.py", "src/csvstat/cli.py", "pyproject.toml"))
    (
        s2.say(
            "I'll add pandas as a dependency and compute the percentiles with "
            "DataFrame.quantile(), which handles the interpolation for us.",
            after=3,
        )
        .prompt(
            "No, that's wrong — don't add pandas. csvstat must stay dependency-free, standard "
            "library only; statistics.quantiles is fine for this.",
            when="2026-07-01 20:06:24",
        )
        .say("You're right, sorry. I'll use statistics.quantiles(values, n=100) instead.", after=3)
        .edit("src/csvstat/stats.py", "import math\n", "import math\nimport statistics\n",
              original=s2_files["src/csvstat/stats.py"])
        .edit(
            "src/csvstat/stats.py",
            "def summarize(",
            "def percentiles(values: Sequence[float]) -> tuple[float, float]:\n"
            "    \"\"\"p90 and p99 of ``values`` (at least two of them).\"\"\"\n"
            "    cuts = statistics.quantiles(values, n=100)\n"
            "    return cuts[89], cuts[98]\n\n\ndef summarize(",
            original=s2_files["src/csvstat/stats.py"].replace(
                "import math\n", "import math\nimport statistics\n"),
        )
        .edit(
            "src/csvstat/cli.py",
            '    args = parser.parse_args(argv)',
            '    parser.add_argument("--percentiles", action="store_true",\n'
            '                        help="also print p90 and p99")\n'
            '    args = parser.parse_args(argv)',
            original=s2_files["src/csvstat/cli.py"],
        )
        .bash("make test", pytest_output(test_names(s2_files, (percentiles_test,)), 0.24))
        .bash("PYTHONPATH=src python3 -m csvstat data/trips.csv --percentiles",
              csvstat_table(data) + "\n\ncolumn     p90      p99\n"
              "trip       5.0      5.0\ndistance   31.0     31.0\nduration   71.0     71.0")
        .say("Done: --percentiles prints p90 and p99 using only the standard library.")
    )

    s3_files = files_before("2026-07-02")
    s3 = (
        Transcript("csvstat-03-formatter", at("2026-07-02 18:30"), slug="tidy-format-heron")
        .open()
        .prompt(
            "We're switching the formatter from black to ruff format, starting today. Please run "
            "ruff format instead of black from now on."
        )
        .read("pyproject.toml", s3_files["pyproject.toml"], after=3)
        .bash("ruff --version", "ruff 0.5.0", after=2)
        .bash("ruff format src tests", "4 files reformatted, 2 files left unchanged")
        .bash("git diff --stat",
              " src/csvstat/cli.py        | 14 +++++++-------\n"
              " src/csvstat/stats.py      |  8 ++++----\n"
              " tests/test_cli.py         | 22 +++++++++++-----------\n"
              " tests/test_stats.py       | 16 ++++++++--------\n"
              " 4 files changed, 31 insertions(+), 29 deletions(-)", after=1.5)
        .bash("make test", pytest_output(test_names(s3_files), 0.22), after=2)
        .say("Switched: I ran ruff format over src and tests (4 files reformatted).")
        .prompt("Perfect. Commit that as 'Format with ruff'.", when="2026-07-02 18:31:26.8")
        .bash("git commit -am 'Format with ruff'", "[main 8e41d07] Format with ruff\n 4 files changed, 31 insertions(+), 29 deletions(-)")
        .say("Committed as 8e41d07.")
    )

    s4_files = files_before("2026-07-04")
    s4_start = dict(s4_files)
    s4 = (
        Transcript("csvstat-04-release-plan", at("2026-07-04 10:15"), slug="sunny-release-finch")
        .open()
        .command("clear")
        .prompt(
            "I'm giving a talk about csvstat at the PyData Berlin meetup next Friday, so the 0.3 "
            "release has to be on PyPI before then. What's left?"
        )
        .bash(
            "git log --oneline -5",
            "8e41d07 Format with ruff\n3f9c2ab Add --percentiles\n1d0e5f2 Add median column\n"
            "77ab310 Release 0.2\n0c4d9e1 Skip non-numeric cells",
        )
        .bash("git diff --stat 77ab310",
              diff_stat(files_before("2026-06-29"), s4_files), after=1.5)
    )
    explore(s4, s4_files, ("pyproject.toml", "README.md", "src/csvstat/__init__.py"))
    (
        s4.say(
            "Since 0.2 you added the median column, --percentiles and the ruff formatting. Left "
            "for 0.3: bump the version, update the README example and tag the release.",
            after=3,
        )
        .prompt("Let's do the version bump and README now, I'll tag it myself.",
                when="2026-07-04 10:16:27.81")
    )
    for path in ("pyproject.toml", "src/csvstat/__init__.py"):
        apply(s4, "2026-07-04", path, s4_files)
    s4.bash("PYTHONPATH=src python3 -m csvstat data/trips.csv", csvstat_table(data), after=2)
    apply(s4, "2026-07-04", "README.md", s4_files)
    (
        s4.bash("git diff", git_diff(s4_start, s4_files), after=1.5)
        .say("Bumped to 0.3.0 and refreshed the README example.")
    )

    s5_table = (
        "column     count  mean     median   min   max\n"
        "distance   5000   11.9     8.7      0.3   148.2\n"
        "duration   5000   31.2     26.0     2.0   311.0"
    )
    s5 = (
        Transcript("csvstat-05-staging-check", at("2026-07-06 21:00"), slug="late-warehouse-mole")
        .open()
        .prompt(
            "I want to sanity-check csvstat against a real export from the staging warehouse. "
            "The connection string is postgresql://csvstat:" + DB_PASSWORD + "@warehouse-staging."
            "internal:5432/trips and the staging DB password is " + DB_PASSWORD + " — use it just "
            "for this run."
        )
        .bash(
            "psql \"$STAGING_URL\" -c \"\\copy (select * from trips limit 5000) to 'trips.csv' csv header\"",
            "COPY 5000",
        )
        .bash("wc -l trips.csv && head -3 trips.csv",
              "5001 trips.csv\ntrip_id,started_at,distance,duration,depot\n"
              "880231,2026-07-05 06:02:11,4.2,14,BER-2\n880232,2026-07-05 06:02:40,17.9,41,BER-1",
              after=1.5)
        .bash("python -m csvstat trips.csv --columns distance,duration", s5_table)
        .say("On 5,000 staging trips the numbers look sane: median distance 8.7, duration 26.0.")
        .prompt("Good. Delete trips.csv, I don't want real data lying around.",
                when="2026-07-06 21:01:29.6")
        .bash("rm trips.csv", "")
        .bash("git status --short", "", after=1)
        .say("Deleted.")
    )

    s6_files = files_before("2026-07-08")
    s6 = (
        Transcript("csvstat-06-formatter-back", at("2026-07-08 19:45"), slug="grumpy-table-wren")
        .open()
        .prompt(
            "ruff format keeps reflowing the aligned tables in our tests, so we're going back to "
            "black. Please use black again, not ruff format."
        )
        .bash("black src tests", "reformatted tests/test_cli.py\nAll done! ✨ 🍰 ✨\n1 file reformatted, 5 files left unchanged.")
        .read("tests/test_cli.py", s6_files["tests/test_cli.py"])
        .bash("make test", pytest_output(test_names(s6_files), 0.23))
        .say("Back on black: I reformatted with black and the test tables are aligned again.")
    )

    s7_files = files_before("2026-07-13")
    table_line = s7_files["src/csvstat/cli.py"].split("def format_table(")[0].count("\n") + 1
    s7 = (
        Transcript("csvstat-07-table-refactor", at("2026-07-13 20:20"), slug="neat-column-vole")
        .open()
        .prompt(
            "Please tidy up format_table so column widths come from the data. And again: I prefer "
            "pure functions over classes — don't introduce a Formatter class for this."
        )
        .grep(r"format_table", s7_files, after=3)
        .read("src/csvstat/cli.py", s7_files["src/csvstat/cli.py"])
        .read("tests/test_cli.py", s7_files["tests/test_cli.py"])
        .say(
            f"format_table is in src/csvstat/cli.py at line {table_line}; I'll compute the widths "
            "with a small column_widths() function and keep it a plain function."
        )
        .edit(
            "src/csvstat/cli.py",
            "def format_table(",
            "def column_widths(rows: list[list[str]]) -> list[int]:\n"
            "    return [max(len(cell) for cell in column) for column in zip(*rows)]\n\n\n"
            "def format_table(",
            original=s7_files["src/csvstat/cli.py"],
        )
        .bash("make test", pytest_output(test_names(s7_files), 0.22))
        .bash("PYTHONPATH=src python3 -m csvstat data/trips.csv", csvstat_table(data), after=1.5)
        .say("Done; widths now follow the data and all tests pass.")
    )

    s8_files = files_before("2026-07-15")
    s8_start = dict(s8_files)
    s8 = (
        Transcript("csvstat-08-python-support", at("2026-07-15 19:00"), slug="clean-floor-lynx")
        .open()
        .prompt(
            "We dropped Python 3.8 and 3.9 support this week: csvstat now requires Python 3.10 or "
            "newer. Can you use match statements and X | Y unions where they help?"
        )
        .read("pyproject.toml", s8_files["pyproject.toml"], after=3)
        .bash("grep -rn 'Optional\\[' src",
              "\n".join(f"src/csvstat/stats.py:{n}:{line}" for n, line in enumerate(
                  s8_files["src/csvstat/stats.py"].splitlines(), 1) if "Optional[" in line))
        .read("src/csvstat/stats.py", s8_files["src/csvstat/stats.py"])
    )
    apply(s8, "2026-07-15", "src/csvstat/stats.py", s8_files)
    (
        s8.bash("make test", pytest_output(test_names(s8_files), 0.20))
        .bash("git diff", git_diff(s8_start, s8_files), after=1.5)
        .say("Replaced the Optional annotations with X | None; no match statement fits yet.")
    )

    s9_files = files_before("2026-07-17")
    s9_start = dict(s9_files)
    s9 = (
        Transcript("csvstat-09-json-output", at("2026-07-17 18:00"), slug="small-json-puffin")
        .open()
        .prompt(
            "Add a --json flag. Keep the PR small please: I review in the evenings, and anything "
            "over about 300 lines waits until the weekend."
        )
    )
    explore(s9, s9_files, ("src/csvstat/cli.py", "tests/test_cli.py", "README.md"))
    for path in ("src/csvstat/cli.py", "tests/test_cli.py", "README.md"):
        apply(s9, "2026-07-17", path, s9_files)
    (
        s9.bash("make test", pytest_output(test_names(s9_files), 0.25))
        .compact(
            "Dana asked for a --json flag; it was added to cli.py with a test. Dana asked to keep "
            "the pull request small."
        )
        .bash("PYTHONPATH=src python3 -m csvstat data/trips.csv --json --columns distance",
              '{\n  "distance": {\n    "count": 5,\n    "mean": 12.4,\n    "median": 9.0,\n'
              '    "minimum": 2.5,\n    "maximum": 31.0,\n    "skipped": 0\n  }\n}')
        .bash("git diff --stat", diff_stat(s9_start, s9_files), after=1.5)
        .say("The --json flag is in, with a test; the diff is 16 lines.")
    )
    return [s1, s2, s3, s4, s5, s6, s7, s8, s9]


MEMORY_FILES: dict[str, str] = {
    "MEMORY.md": (
        "- [Dana](user_dana.md) — Dana, data engineer; maintains csvstat in spare time\n"
        "- [Small pull requests](small_prs.md) — keep PRs under ~300 lines\n"
        "- [PR review style](pr_review.md) — Dana wants small PRs; reviews them in the evenings\n"
        "- [Supported Python](python_support.md) — csvstat supports Python 3.8 and newer\n"
        "- [0.2 release](release_0_2.md) — the 0.2 release goes out tomorrow\n"
    ),
    "user_dana.md": (
        "---\nname: Dana\ndescription: who maintains csvstat\ntype: user\n---\n\n"
        "Dana is a data engineer at a logistics company and maintains csvstat in her spare time.\n"
    ),
    "small_prs.md": (
        "---\nname: Small pull requests\ndescription: keep PRs under ~300 lines\ntype: feedback\n"
        "---\n\nKeep pull requests under about 300 lines.\n\n"
        "**Why:** Dana reviews in the evenings; big PRs wait until the weekend.\n\n"
        "**How to apply:** split larger changes into a series of PRs.\n"
    ),
    "pr_review.md": (
        "---\nname: PR review style\ndescription: Dana wants small PRs\ntype: feedback\n---\n\n"
        "Dana wants small pull requests (fewer than 300 lines), since she reviews them in the "
        "evenings.\n\n**Why:** long PRs sit until the weekend.\n\n"
        "**How to apply:** keep each PR focused and short.\n"
    ),
    "python_support.md": (
        "---\nname: Supported Python\ndescription: which Python versions csvstat supports\n"
        "type: project\n---\n\ncsvstat supports Python 3.8 and newer.\n\n"
        "**Why:** some users run it on old servers.\n\n"
        "**How to apply:** avoid syntax newer than 3.8.\n"
    ),
    "release_0_2.md": (
        "---\nname: 0.2 release\ndescription: when 0.2 ships\ntype: project\n---\n\n"
        "As of 2026-06-26: the 0.2 release goes out tomorrow.\n\n"
        "**Why:** the percentile work waits for 0.3.\n\n"
        "**How to apply:** only bug fixes on main until it is out.\n"
    ),
}

EXPECTS: list[tuple[str, str, str, str]] = [
    # who the user is
    ("user-role", "user", "present", r"(?i)data engineer"),
    # a preference stated twice (sessions 1 and 7), learned once
    ("pure-functions", "preference", "present", r"(?i)pure functions?"),
    ("type-hints", "preference", "present", r"(?i)\btype (hints?|annotations?)"),
    ("pure-functions-once", "preference", "absent", two_index_lines("pure function")),
    # the correction of the assistant (session 2)
    (
        "stdlib-only",
        "correction",
        "present",
        r"(?i)(standard library|stdlib|dependency-free|no (third-party |runtime |external )?"
        r"dependencies|(no|not|never|don.t|do not|avoid)\b[^\n]{0,40}\bpandas)",
    ),
    ("pandas-not-advised", "correction", "absent", not_current(r"\b(use|add|with)\s+pandas\b")),
    # tool switched (session 3) and switched back (session 6)
    ("formatter-is-black", "tool-switch", "present", r"(?i)\bblack\b"),
    (
        "ruff-format-not-current",
        "tool-switch",
        "absent",
        not_current(r"(\b(use|uses|using|run|runs|now|is|are)\b[^\n]{0,20}|formatter\W{1,5})"
                    r"ruff format"),
    ),
    ("switch-back-dated", "tool-switch", "present", near(r"\bblack\b", r"2026-07-08")),
    # a dated plan that has passed by `now` (said on Saturday 2026-07-04: "next Friday")
    ("talk-dated", "plan", "present", near(r"talk|meetup|pydata", r"2026-07-10")),
    ("no-next-friday", "plan", "absent", r"(?i)next friday"),
    (
        "talk-not-upcoming",
        "plan",
        "absent",
        upcoming(r"talk|meetup|pydata",
                 r"upcoming|will (give|present)|is (giving|presenting)|coming up|next friday"),
    ),
    # relative dates: one in the initial memory, one in session 8
    ("no-tomorrow", "relative-date", "absent", r"(?i)\btomorrow\b"),
    ("release-0.2-dated", "relative-date", "present", r"2026-06-27"),
    ("no-this-week", "relative-date", "absent", r"(?i)\bthis week\b"),
    # the stale fact in memory, corrected by session 8 (updated, or dropped: pyproject.toml
    # already says requires-python >= 3.10)
    ("no-3.8-current", "stale-fact", "absent", not_current(r"\b3\.8\b")),
    # the duplicate in memory merged
    ("one-pr-entry", "duplicate", "absent", two_index_lines(r"\b(PRs?|pull requests?)\b")),
    ("small-prs-kept", "duplicate", "present", r"\b300\b"),
    # the secret in session 5
    ("no-db-password", "secret", "absent", r"Wh4le"),
    ("no-url-credentials", "secret", "absent", r"://[^\s:/@]+:[^\s@/]+@"),
    # code trivia the project already shows
    ("no-source-paths", "derivable", "absent", r"(?i)src/csvstat"),
    ("no-module-names", "derivable", "absent", r"(?i)\b(stats|cli)\.py\b"),
    ("no-commit-hashes", "derivable", "absent", r"\b(8e41d07|3f9c2ab|1d0e5f2|77ab310)\b"),
]

HEADER = """
The sample project as a replay scenario: `autodream replay sample_project --check`.
Generated by sample_project/make_sessions.py; edit that script, not this file.
Sessions: 2026-06-29 .. 2026-07-17 (9 sessions), the final dream on Monday 2026-07-20.
"""


def main() -> None:
    sessions_dir = HERE / "sessions"
    memory_dir = HERE / "memory"
    for directory in (sessions_dir, memory_dir):
        if directory.exists():
            shutil.rmtree(directory)
    for transcript in sample_sessions():
        transcript.write(sessions_dir)
    memory_dir.mkdir()
    for name, text in MEMORY_FILES.items():
        (memory_dir / name).write_text(text, encoding="utf-8")
    write_scenario_toml(
        HERE / "scenario.toml",
        description="csvstat over three weeks: preferences, a correction, a formatter switched "
        "and back, a talk that has happened, a secret, code trivia",
        now="2026-07-20T09:00:00Z",
        gates={"min_hours": 24, "min_sessions": 3, "scan_interval_minutes": 10},
        expects=EXPECTS,
        header=HEADER,
    )


if __name__ == "__main__":
    main()
