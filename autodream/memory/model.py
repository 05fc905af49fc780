"""Claude Code's memory formats as values: ``MEMORY.md`` index lines and topic files.

CONTRACT (shared): ``parse_topic``/``render_topic`` and ``parse_index``/``render_index`` round-trip;
rendering is deterministic (same value, same bytes).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Literal, cast

import yaml

MemoryType = Literal["user", "feedback", "project", "reference"]
MEMORY_TYPES: tuple[MemoryType, ...] = ("user", "feedback", "project", "reference")
INDEX_MAX_LINES = 200
INDEX_MAX_BYTES = 25_000
INDEX_LINE_TARGET_CHARS = 150
SECTION_TITLES: dict[MemoryType, str] = {
    "user": "User",
    "feedback": "Feedback",
    "project": "Project",
    "reference": "Reference",
}

_INDEX_LINE = re.compile(
    r"^- \[(?P<title>[^\]\n]+)\]\((?P<file>[^)\s]+)\)(?:\s+[—–-]+\s+(?P<hook>.*?))?\s*$"
)
_CORE_KEYS = ("name", "description", "type")
# libyaml's safe loader when PyYAML was built with it (every dream parses every topic file)
_SafeLoader: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class FrontmatterError(ValueError):
    """A topic file's frontmatter is missing, unparsable, or lacks a required key."""


@dataclass
class TopicFile:
    name: str
    description: str
    type: MemoryType
    body: str
    extra: dict[str, Any] = field(default_factory=dict)  # other frontmatter keys, kept as-is


@dataclass(frozen=True)
class IndexEntry:
    title: str
    file: str
    hook: str
    line_no: int = 0  # 1-based line in MEMORY.md

    def render(self) -> str:
        return f"- [{self.title}]({self.file}) — {self.hook}" if self.hook else (
            f"- [{self.title}]({self.file})"
        )


@dataclass
class MemoryIndex:
    entries: list[IndexEntry]
    other_lines: list[tuple[int, str]]  # (line_no, text) of lines that are not entries


def split_frontmatter(text: str) -> tuple[dict[str, Any] | None, str]:
    """Return (frontmatter mapping or None when there is none, body)."""
    if not text.startswith("---\n") and not text.startswith("---\r\n"):
        return None, text
    rest = text.split("\n", 1)[1]
    end = re.search(r"^---\s*$", rest, flags=re.M)
    if end is None:
        raise FrontmatterError("frontmatter has no closing '---'")
    raw = rest[: end.start()]
    body = rest[end.end() :].lstrip("\r\n")
    try:
        data = yaml.load(raw, Loader=_SafeLoader) if raw.strip() else {}
    except yaml.YAMLError as exc:
        # Claude Code writes ``description: Sam: staff engineer`` unquoted and reads it back
        # line by line; accept what it accepts rather than fail every dream on its own files.
        data = _plain_frontmatter(raw)
        if data is None:
            raise FrontmatterError(
                f"frontmatter is not valid YAML: {exc}".splitlines()[0]
            ) from exc
    if not isinstance(data, dict):
        raise FrontmatterError("frontmatter is not a mapping")
    return data, body


_PLAIN_LINE = re.compile(r"^(?P<key>[A-Za-z_][\w-]*):[ \t]*(?P<value>.*?)\s*$")


def _plain_frontmatter(raw: str) -> dict[str, Any] | None:
    """``key: value`` lines, split at the first colon (values are plain strings); None when a
    line has another shape."""
    data: dict[str, Any] = {}
    for line in raw.splitlines():
        if not line.strip():
            continue
        m = _PLAIN_LINE.match(line)
        if m is None:
            return None
        value = m["value"]
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        data[m["key"]] = value
    return data


def parse_topic(text: str) -> TopicFile:
    data, body = split_frontmatter(text)
    if data is None:
        raise FrontmatterError("topic file has no frontmatter")
    for key in _CORE_KEYS:
        value = data.get(key)
        if not isinstance(value, str) or not value.strip():
            raise FrontmatterError(f"frontmatter key '{key}' is missing or not a string")
    mtype = data["type"].strip()
    if mtype not in MEMORY_TYPES:
        raise FrontmatterError(
            f"frontmatter type '{mtype}' is not one of {', '.join(MEMORY_TYPES)}"
        )
    extra = {k: v for k, v in data.items() if k not in _CORE_KEYS}
    return TopicFile(
        name=data["name"].strip(),
        description=data["description"].strip(),
        type=cast(MemoryType, mtype),
        body=body,
        extra=extra,
    )


def _yaml_value(key: str, value: Any) -> str:
    dumped = yaml.safe_dump(
        {key: value}, default_flow_style=False, sort_keys=False, allow_unicode=True, width=10_000
    )
    return dumped.rstrip("\n")


def render_topic(topic: TopicFile) -> str:
    lines = ["---"]
    lines.append(_yaml_value("name", topic.name))
    lines.append(_yaml_value("description", topic.description))
    lines.append(_yaml_value("type", topic.type))
    for key in sorted(topic.extra):
        lines.append(_yaml_value(key, topic.extra[key]))
    lines.append("---")
    body = topic.body.strip("\n")
    return "\n".join(lines) + "\n\n" + body + "\n"


def parse_index(text: str) -> MemoryIndex:
    entries: list[IndexEntry] = []
    other: list[tuple[int, str]] = []
    for no, line in enumerate(text.splitlines(), start=1):
        m = _INDEX_LINE.match(line)
        if m:
            entries.append(
                IndexEntry(m["title"].strip(), m["file"].strip(), (m["hook"] or "").strip(), no)
            )
        else:
            other.append((no, line))
    return MemoryIndex(entries, other)


def render_index(groups: list[tuple[str | None, list[IndexEntry]]]) -> str:
    """Render ``(section title or None, entries)`` groups; empty groups are left out."""
    out: list[str] = []
    for title, entries in groups:
        if not entries:
            continue
        if out:
            out.append("")
        if title:
            out.append(f"## {title}")
        out.extend(e.render() for e in entries)
    return "\n".join(out) + "\n" if out else ""
