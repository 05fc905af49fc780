"""Claude Code's memory formats as values: ``MEMORY.md`` index lines and topic files.

CONTRACT (shared): ``parse_topic``/``render_topic`` and ``parse_index``/``render_index`` round-trip;
rendering is deterministic (same value, same bytes).
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Container, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Literal, cast
from urllib.parse import quote, unquote

from autodream import rx
from autodream.errors import REDACTED_MARK, REDACTED_PATTERN

if TYPE_CHECKING:
    import yaml

MemoryType = Literal["user", "feedback", "project", "reference"]
MEMORY_TYPES: tuple[MemoryType, ...] = ("user", "feedback", "project", "reference")
INDEX_MAX_LINES = 200
INDEX_MAX_BYTES = 25_000
INDEX_LINE_TARGET_CHARS = 150
# Frontmatter keys of a topic file that name the files it absorbed (a merge, a supersession, a
# rename): the loss check counts those files as accounted for.
REPLACEMENT_KEYS = ("merged_from", "supersedes")
SECTION_TITLES: dict[MemoryType, str] = {
    "user": "User",
    "feedback": "Feedback",
    "project": "Project",
    "reference": "Reference",
}

# A markdown link's destination as an index line may write a file name: bare (``notes.md``, a
# space written ``%20``) or in angle brackets (``<meeting notes.md>``), the two ways markdown
# lets a link name a file with a space in it; ``link_file`` reads either as the file's name.
LINK_DESTINATION = r"(?:<[^<>\n]+>|[^)\s<][^)\s]*)"
# What the reader takes besides: a name with a blank in it written as it is, as a person may
# type it ("(meeting notes.md)", no markdown link): read as the entry it means, its hook kept
# when the index is rebuilt, though a dream never writes it so. (Tried first: a bare link
# would stop at the blank; one in angle brackets never starts so.)
READ_DESTINATION = r"(?:[^)\s<:#][^)\n:]*?\.md(?=\))|" + LINK_DESTINATION + ")"
_PERCENT_ESCAPE = rx.compile(r"%[0-9A-Fa-f]{2}")
# What a file name cannot be written bare in a link for: a blank ends the link, a parenthesis
# may end it, an angle bracket open another, and a ``%XX`` would be read as an escape. (A square
# bracket may stand bare: a name holding a token is read redacted, "tok-[REDACTED:...].md", and
# its line is put back as the person wrote it only when the dream writes it as it was read.)
_NOT_BARE = rx.compile(r"[\s()<>]|%[0-9A-Fa-f]{2}")

# Claude Code writes "- [Title](file.md) — hook"; a hand-edited index may say "* [Title](file.md):
# hook" or leave the dash out. Read all of them as the entry they are: a line read as neither
# entry nor note would be dropped, hook words and all, by the next rebuilt index.
# (a title holding a secret is read redacted, the mark's brackets inside the link's:
# "- [The token is [REDACTED:assigned-secret]](x.md)" is the entry for x.md, not a note that
# leaves x.md unlinked and fails the dream)
INDEX_TITLE = r"(?:" + REDACTED_PATTERN + r"|[^\]\n])+"
_INDEX_LINE = rx.compile(
    r"^[-*+] \[(?P<title>" + INDEX_TITLE + r")\]\((?P<file>" + READ_DESTINATION + r")\)"
    r"(?:(?:\s*[—–]+\s*|\s+-+\s+|\s*:\s+|\s+(?![—–-]))(?P<hook>.*?))?\s*$"
)
# What a dream writes, and the checks hold it to.
CANONICAL_INDEX_LINE = rx.compile(
    r"^- \[" + INDEX_TITLE + r"\]\(" + LINK_DESTINATION + r"\)(?:\s+[—–-]+\s+.*?)?\s*$"
)
# The index's last line when it could not list every topic file: the agent that loads it learns
# that more exist and where. Only the count changes, so a dream that keeps the same files out
# writes the same line.
_UNLISTED_LINE = rx.compile(  # also when a backend dresses it up as a quote, bullet or emphasis
    r"^[\s>*_-]*(?P<count>\d+) more topic files? in this folder (?:is|are) not listed here\b"
)
# A scheme (``https:``, ``mailto:``) or an anchor: a link that names no memory file, so its line
# is a note the person keeps in the index, not an entry.
_NOT_A_FILE_LINK = rx.compile(r"^(?:[a-zA-Z][a-zA-Z0-9+.-]*:|#)")
_HEADING_LINE = rx.compile(r"^#{1,6}(?:\s|$)")
# Only ``===`` makes the line above a heading: under ``---`` it may as well be a note followed by
# a rule, and reading a note as a heading would drop it.
# A level-1 heading on the first line of MEMORY.md (under a frontmatter block, if any) is the
# title the person gave the whole index ("# Project memory — read Feedback first"): it stays on
# top as written. Any later heading is a section, as the dream writes its own.
_TITLE = rx.compile(r"^#[ \t]+\S")
_SETEXT_UNDERLINE = rx.compile(r"^\s{0,3}=+\s*$")
_FENCE = rx.compile(r"^\s*(?P<fence>`{3,}|~{3,})")
# a blockquote's marker: '>' and a blank ('>80% coverage' says more than 80%)
_QUOTED = rx.compile(r"^ {0,3}>(?: |$)")
_BULLET = rx.compile(r"^\s*(?:[-*+]|\d{1,9}[.)])\s+")
# Any list item that opens with a link, however loosely written ("* [T](f.md)", a title with a
# bracket in it, a file name with a space): when the link names a file, the line points at a
# topic file (read on its own), it is no note.
_LINK_ITEM = rx.compile(r"^\s*(?:[-*+]|\d{1,9}[.)])\s+\[[^\n]*?\]\((?P<file>[^)\n]*)\)")
_WORD = rx.compile(r"[^\W_]")  # a letter or digit: "___" is a rule, not a note
_CORE_KEYS = ("name", "description", "type")

# Frontmatter as Claude Code and the local engine write it is a few ``key: plain text`` lines
# and ``key:`` followed by ``- plain text`` items (``sources:``). Those are read and written here
# without PyYAML (importing it and compiling its reader costs ~10 ms, a good share of an
# incremental dream); anything else (quotes, nesting, colons, numbers, booleans, dates, comments)
# goes through YAML as before. A scalar qualifies only when YAML reads it back as exactly that
# string and writes it plainly: no ``#`` (comments), no ``:`` before a blank or at the end
# (mapping values; ``https://`` is fine), no surrounding blanks, only characters YAML prints
# plainly (no controls, tabs, BOM or Unicode line breaks), and either it starts with an ASCII
# letter and is no YAML 1.1 boolean or null word, or it starts with a digit, has a space and no
# ``:`` at all (YAML's number and date forms have no space; its timestamps with one need a ``:``).
_SIMPLE_KEY = rx.compile(r"[A-Za-z_][A-Za-z0-9_-]*")
# What YAML does not print as it is (a control, a Unicode line break, a surrogate, the BOM...):
# the printable set, written as its complement: the same characters (checked over every code
# point in the tests), but the positive form's ranges cost 3 ms to compile. PyYAML's emitter
# stops short of U+10FFFF (its reader does not), so that one is quoted too.
_UNPRINTED = "\\x00-\\x1f\\x7f-\\x9f\\u2028\\u2029\\ud800-\\udfff\\ufeff\\ufffe\\uffff\\U0010ffff"
_SIMPLE_VALUE = rx.compile(
    f"(?:[A-Za-z]|[0-9](?=[^ ]* )(?!.*:))(?!.*: )(?!.*:$)[^#{_UNPRINTED}]*"
)
# The longest key or value written or read plainly: YAML folds long lines when it writes them
_SIMPLE_MAX = 2000
_YAML_WORDS = frozenset({"yes", "no", "true", "false", "on", "off", "null", "y", "n"})
# A value with ": " in it (a name the engine words "Formatter: black instead of ruff format") is
# never plain to YAML, which writes it in single quotes, any ``'`` doubled, when every character
# is one it prints (as above, ``#`` and ``'`` included) and it fits a line: such a line is read
# and written here too, so a memory holding one does not load PyYAML in every later dream.
_QUOTED_CHARS = f"[^'{_UNPRINTED}]"
# ... and its line is that with its two quotes (one whose doubled ' make it longer goes through
# YAML)
_QUOTED_MAX = _SIMPLE_MAX + len("''")
_SINGLE_QUOTED = rx.compile(f"'((?:{_QUOTED_CHARS}|'')*)'")
_QUOTABLE = rx.compile(f"(?:{_QUOTED_CHARS}|')*")


def _is_simple_scalar(text: str, pattern: re.Pattern[str]) -> bool:
    return (
        len(text) <= _SIMPLE_MAX
        and pattern.fullmatch(text) is not None
        and text == text.rstrip()
        and text.lower() not in _YAML_WORDS
    )


def _simple_form(value: str) -> str | None:
    """How YAML writes the string ``value`` in a mapping or a list when it is one of the forms
    read and written here: as it is, or single-quoted; None for any other."""
    if _is_simple_scalar(value, _SIMPLE_VALUE):
        return value
    if len(value) <= _SIMPLE_MAX and ": " in value and _QUOTABLE.fullmatch(value):
        return "'" + value.replace("'", "''") + "'"
    return None


def _simple_read(text: str) -> str | None:
    """The string a value or list item written in one of ``_simple_form``'s forms stands for;
    None when it may need the YAML parser."""
    if _is_simple_scalar(text, _SIMPLE_VALUE):
        return text
    if len(text) <= _QUOTED_MAX and (quoted := _SINGLE_QUOTED.fullmatch(text)) is not None:
        value = quoted[1].replace("''", "'")
        if _simple_form(value) == text:  # (only what YAML itself would write so)
            return value
    return None


def _simple_frontmatter(raw: str) -> dict[str, Any] | None:
    """The mapping of ``raw`` when every line is ``key: simple value``, ``key:`` or ``- simple
    item`` under such a key (what YAML would read); None when any line needs the YAML parser."""
    data: dict[str, Any] = {}
    items: list[str] | None = None  # the list being filled, after a bare ``key:``
    for line in raw.split("\n"):
        line = line.removesuffix("\r")
        if not line:
            continue
        if line.startswith("- "):
            if items is None or (item := _simple_read(line[2:])) is None:
                return None
            items.append(item)
            continue
        if items == []:
            return None  # ``key:`` with no items is null to YAML
        key, sep, value = line.partition(":")
        if not sep or not _is_simple_scalar(key, _SIMPLE_KEY):
            return None
        if value == "":
            items = data[key] = []
            continue
        items = None
        if not value.startswith(" ") or (read := _simple_read(value[1:])) is None:
            return None
        data[key] = read
    return None if items == [] else data


def _safe_loader() -> type[yaml.SafeLoader]:
    import yaml

    # libyaml's safe loader when PyYAML was built with it
    loader: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    return loader


# What a memory file holding NUL bytes is said to be (the read refuses it, the check names it:
# one wording for both, as a person sees both of one file)
NOT_TEXT = "is not a text file (it holds NUL bytes)"


def decode_text(data: bytes) -> str:
    """A memory or project file's bytes as text, whatever editor wrote them.

    UTF-8 as it is; a byte-order mark dropped (it would glue itself to the first line: a title
    line read as a note); a line that is not UTF-8 read as Windows-1252, or Latin-1 where that
    has no character, so "été" saved by an old editor stays "été" and is never turned into
    replacement marks when the file is rewritten (as UTF-8).
    """
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        text = "".join(_decode_line(line) for line in data.splitlines(keepends=True))
    return text.removeprefix("\ufeff")


def _decode_line(line: bytes) -> str:
    try:
        return line.decode("utf-8")
    except UnicodeDecodeError as exc:
        if exc.reason == "unexpected end of data":
            # UTF-8 up to a character cut in two (a read cut at a byte count): not Latin-1
            return line[: exc.start].decode("utf-8") + "\ufffd"
        try:
            return line.decode("cp1252")
        except UnicodeDecodeError:
            return line.decode("latin-1")


class FrontmatterError(ValueError):
    """A topic file's frontmatter is missing, unparsable, or lacks a required key."""


class UnclosedValueError(FrontmatterError):
    """A frontmatter value opens a quote or bracket it never closes (``name: [broken``,
    ``name: "Deploy runbook``): any reading of it would be a guess."""


@dataclass
class TopicFile:
    """A topic file: frontmatter fields and the body."""

    name: str
    description: str
    type: MemoryType
    body: str
    extra: dict[str, Any] = field(default_factory=dict)  # other frontmatter keys, kept as-is


@dataclass(frozen=True)
class IndexEntry:
    """One ``- [Title](file.md) — hook`` line of MEMORY.md."""

    title: str
    file: str
    hook: str
    line_no: int = 0  # 1-based line in MEMORY.md

    def render(self) -> str:
        link = link_destination(self.file)
        return f"- [{self.title}]({link}) — {self.hook}" if self.hook else (
            f"- [{self.title}]({link})"
        )


def link_file(destination: str, present: Container[str] = frozenset()) -> str:
    """The file an index link's ``destination`` names: ``<meeting notes.md>`` and
    ``meeting%20notes.md`` both name ``meeting notes.md`` (markdown reads a link so), unless
    ``present`` (the memory dir's files) holds one named ``meeting%20notes.md`` itself: the
    tools write such a name as given, and an index linked it so before such links were read."""
    if destination.startswith("<") and destination.endswith(">"):
        return destination[1:-1].strip()
    if _PERCENT_ESCAPE.search(destination) is None or (
            posixpath.normpath(destination) in present):
        return destination
    return unquote(destination)


def link_destination(file: str) -> str:
    """How an index line links ``file``: bare when markdown reads the name back as it is, else
    in angle brackets (Claude Code's agent reads the name there as written), percent-escaped
    only when the name holds an angle bracket or a line break itself."""
    if _NOT_BARE.search(file) is None:
        return file
    if "<" not in file and ">" not in file and "\n" not in file and file == file.strip():
        return f"<{file}>"
    return quote(file, safe="/")


@dataclass(eq=False, repr=False)
class MemoryIndex:
    """MEMORY.md read as entries and the other lines, each with its line number."""

    entries: list[IndexEntry]
    other_lines: list[tuple[int, str]]  # (line_no, text) of lines that are not entries

_FRONTMATTER_END = rx.compile(r"^---\s*$", re.M)


def split_frontmatter(text: str) -> tuple[dict[str, Any] | None, str]:
    """Return (frontmatter mapping or None when there is none, body)."""
    if not text.startswith("---\n") and not text.startswith("---\r\n"):
        return None, text
    rest = text.split("\n", 1)[1]
    end = _FRONTMATTER_END.search(rest)
    if end is None:
        raise FrontmatterError("frontmatter has no closing '---'")
    raw = rest[: end.start()]
    body = rest[end.end() :].lstrip("\r\n")
    data = _simple_frontmatter(raw)
    if data is not None:
        return data, body
    import yaml

    try:
        data = yaml.load(raw, Loader=_safe_loader()) if raw.strip() else {}
    except yaml.YAMLError as exc:
        unclosed = next((line.strip() for line in raw.splitlines()
                         if (m := _PLAIN_LINE.match(line)) and unclosed_value(m["value"])), None)
        if unclosed is not None:
            raise UnclosedValueError(
                f"frontmatter is not valid YAML: '{unclosed}' opens a quote or bracket it never "
                "closes") from exc
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


_PLAIN_LINE = rx.compile(r"^(?P<key>[A-Za-z_][\w-]*):[ \t]*(?P<value>.*?)\s*$")


_CLOSERS = {"[": "]", "{": "}", '"': '"', "'": "'"}


def unclosed_value(value: str) -> bool:
    """True when ``value`` opens a YAML quote or bracket and never closes it ("[broken",
    '"Deploy runbook'); "[WIP] Deploy runbook" or "'Sam' is on call" close theirs."""
    value = value.strip()
    closer = _CLOSERS.get(value[:1])
    return closer is not None and closer not in value[1:]


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
    if _is_simple_scalar(key, _SIMPLE_KEY):  # YAML's own forms (see _SIMPLE_VALUE, _QUOTABLE)
        if isinstance(value, str) and (form := _simple_form(value)) is not None:
            return f"{key}: {form}"
        if isinstance(value, list) and value and all(isinstance(v, str) for v in value):
            forms = [_simple_form(v) for v in value]
            if None not in forms:
                return "\n".join([f"{key}:", *(f"- {form}" for form in forms)])
    import yaml

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


# The longest file name a file system takes (ext4, APFS, NTFS: 255 bytes or units), and the
# longest path Linux takes (PATH_MAX): a link past either names no file.
MAX_NAME_BYTES = 255
MAX_PATH_BYTES = 4096


def _dream_reads(file: str, destination: str) -> bool:
    """Whether a dream reads and writes back the link ``destination`` to ``file`` as it is; a
    link it cannot is no entry (as none was before links with a blank were read): taken as one,
    its line went as a link to no file, and the file, linked before, failed every dream as
    linked from nowhere."""
    # no file name is longer than 255 bytes, nor a path than 4096: a longer link names no
    # file, and is not read on (redact, asked below, took 2.4 s on a 20,000-char name)
    if len(file) > MAX_PATH_BYTES or any(
            len(part.encode("utf-8", "surrogatepass")) > MAX_NAME_BYTES
            for part in file.split("/")):
        return False
    # a name with what prints unseen ("meeting\xa0notes.md", a tab) or a backslash is listed by
    # the tools escaped and refused so
    if not file.isprintable() or "\\" in file:
        return False
    # a name holding a token is read redacted ("tok [REDACTED:github-token].md"), and its line
    # is put back as the person wrote it only when the dream writes the link as it was read
    # (asked only of a link not written as a dream writes it: `status` and `log`, reading an
    # index a dream wrote, never load the redactor for it)
    return link_destination(file) == destination or not _read_redacted(file)


@lru_cache(maxsize=4096)
def _read_redacted(file: str) -> bool:
    """Whether the dream reads the name ``file`` redacted (or it is the redacted name itself);
    cached: every index is read several times a dream, and each name is looked at alike."""
    from autodream import redact  # (its patterns, loaded only when a name needs them)

    return REDACTED_MARK in file or redact.redact(file) != file


def parse_index(text: str, present: Container[str]) -> MemoryIndex:
    """``text`` read as entries and the other lines; ``present``: the files of the memory dir,
    whose names a ``%XX`` in a link is read as when one holds it (``link_file``). Required: a
    reader without them read a file named ``sale%20off.md`` as ``sale off.md``, not there."""
    entries: list[IndexEntry] = []
    other: list[tuple[int, str]] = []
    for no, line in enumerate(text.splitlines(), start=1):
        m = _INDEX_LINE.match(line)
        # (a title holding a mark, its only "]", is an entry's only when it links a file of
        # memory: a web link's, "- [Docs [REDACTED:x]](https://x.io/docs)", is the person's
        # note, kept word for word as when no title took a bracket, not one to make a topic of)
        if m and "]" in m["title"] and not is_file_link(m["file"].strip()):
            m = None
        if m and _dream_reads(file := link_file(m["file"].strip(), present), m["file"].strip()):
            entries.append(IndexEntry(m["title"].strip(), file, (m["hook"] or "").strip(), no))
        else:
            other.append((no, line))
    return MemoryIndex(entries, other)


def refused_links(text: str, present: Container[str]) -> list[tuple[str, bool]]:
    """The names linked by the lines of ``text`` that link a file but are no entry, outside a
    note (a fenced block): neither entry nor note, such a line leaves the index, and the dream
    says so. Each with whether its name is why: a link a dream cannot read (``_dream_reads``:
    a backslash, what does not print, a name read redacted, one longer than a file name can
    be); else the line is not of an entry's form (``1. [T](a.md)``)."""
    entries = {e.line_no for e in parse_index(text, present).entries}
    in_notes = {note.line_no + i for note in index_notes(text) for i in range(len(note.lines))}
    refused: list[tuple[str, bool]] = []
    for no, line in enumerate(text.splitlines(), start=1):
        item = _LINK_ITEM.match(line)
        if item is None or no in entries or no in in_notes:
            continue
        m = _INDEX_LINE.match(line)
        link = (m["file"] if m else item["file"]).strip()
        if not is_file_link(link):
            continue
        file = link_file(link, present)
        refused.append((file, m is not None or REDACTED_MARK in file
                        or not _dream_reads(file, link_destination(file))))
    return refused


def unlisted_line(count: int) -> str:
    """The index's last line when ``count`` topic files are left out of it."""
    if count == 1:
        return ("1 more topic file in this folder is not listed here (the index is full); "
                "list the folder to find it.")
    return (f"{count} more topic files in this folder are not listed here (the index is full); "
            "list the folder to find them.")


def unlisted_count(line: str) -> int | None:
    """The count an ``unlisted_line`` states, or None when ``line`` is not one."""
    m = _UNLISTED_LINE.match(line)
    return int(m["count"]) if m else None


def is_file_link(link: str) -> bool:
    """True when an index line's link can name a file in the memory dir (no URL, no anchor)."""
    return _NOT_A_FILE_LINK.match(link) is None


# "remember: ...", "Please remember that ...", "Remember -- ...": a note's lead-in asking to keep
# it, said before what is to be kept ("Remember to rebase" is the note itself, "Remember-me
# tokens ..." no ask; nor "Remember -v prints the SQL", the dash a flag's). One list for the
# engine, which moves the note without it, and the loss check, which reads the note with it or
# without: cut by the one, it was missing to the other
_ASKED_TO_REMEMBER = rx.compile(
    r"(?:please[\s,]+)?remember(?:\s*:|\s+(?:--?|[—–])(?=\s)|\s+that\b:?)\s*(?=\S)", re.I)


def asked_to_remember(text: str) -> re.Match[str] | None:
    """The lead-in of a note asking to keep it ("remember: "), or None."""
    return _ASKED_TO_REMEMBER.match(text)


def without_ask(text: str) -> str:
    """``text`` without a lead-in asking to keep it."""
    asked = _ASKED_TO_REMEMBER.match(text)
    return text if asked is None else text[asked.end():]


@dataclass(frozen=True)
class IndexNote:
    """Something a person wrote straight into ``MEMORY.md`` that is no entry: a prose line, a
    plain bullet, a bullet linking to a web page, with the lines that continue it."""

    line_no: int  # 1-based line of its first line
    lines: tuple[str, ...]  # as written
    section: str = ""  # the heading above it, "" when none
    origin: str = "MEMORY.md"  # the file it is written in (a note may wait in another)
    title: bool = False  # the ``# heading`` the person put on top of MEMORY.md (``_TITLE``)

    @property
    def text(self) -> str:
        """The note without its bullet marker, nor the ``>`` of a note quoted whole (markdown's
        way to set a line apart, no word of it); continuation lines keep their relative indent."""
        lines = self.lines
        if all(_QUOTED.match(line) for line in lines if line.strip()):
            lines = tuple(_QUOTED.sub("", line, count=1) for line in lines)
        first = _BULLET.sub("", lines[0], count=1).strip()
        rest = [line.rstrip() for line in lines[1:]]
        indent = min((len(r) - len(r.lstrip()) for r in rest if r.strip()), default=0)
        return "\n".join([first, *(r[indent:] for r in rest)]).strip("\n")

    @property
    def summary(self) -> str:
        """Its first line that says something (a code fence says nothing)."""
        for line in self.text.splitlines():
            if _WORD.search(line) and not _FENCE.match(line):
                return line.strip()
        return " ".join(self.text.split())


def index_notes(text: str, *, titled: bool = True, project: str = "") -> list[IndexNote]:
    """The notes in an index: every line that is not an entry, a heading, a blank line, a rule
    or the ``unlisted_line``. An indented line, or one that goes on with a lower-case word after
    a line with no closing punctuation, continues the note above it; a fenced code block is one
    note (or part of the note it follows). A first-line ``# heading`` is the index's title
    (``IndexNote.title``) when ``titled``: MEMORY.md has one, a file of waiting notes none.
    ``project``, the project's folder name, is a name a title may give the memory
    ('# acme-api memories')."""
    notes: list[IndexNote] = []
    current: list[str] | None = None
    start = 0
    section = ""
    fence: str | None = None
    lines = text.splitlines()

    def close() -> None:
        nonlocal current
        if current is not None:
            notes.append(IndexNote(start, tuple(current), section))
        current = None

    skip = False
    head = front_matter_lines(lines)
    if head:
        # a frontmatter block the person put on top ("---", "name: x", "---"): one note, which
        # the dream leaves where it is (no memory of "Name: x")
        notes.append(IndexNote(1, tuple(lines[:head])))
    first = next((no for no, line in enumerate(lines, start=1) if no > head and line.strip()), 0)
    for no, line in enumerate(lines, start=1):
        if no <= head:
            continue
        if titled and no == first and _heads_the_index(lines, no, project):
            notes.append(IndexNote(no, (line,), title=True))
            continue
        if skip:  # a setext heading's underline
            skip = False
            continue
        m = _FENCE.match(line)
        if fence is not None or m is not None:
            if current is None:
                current, start = [], no
            current.append(line)
            if fence is None:
                fence = m["fence"] if m is not None else None
            elif line.strip().startswith(fence):
                fence = None
            continue
        item = _LINK_ITEM.match(line)
        if not line.strip() or (item is not None and is_file_link(item["file"].strip())) or (
            _WORD.search(line) is None or unlisted_count(line) is not None
        ):
            close()
            continue
        if _HEADING_LINE.match(line):
            close()
            section = line.lstrip("#").strip()
            continue
        nxt = lines[no] if no < len(lines) else ""
        if _SETEXT_UNDERLINE.match(nxt) and _BULLET.match(line) is None and not line[0].isspace():
            close()
            section, skip = line.strip(), True
            continue
        if current is not None and _continues(current, line):
            current.append(line)
            continue
        close()
        current, start = [line], no
    close()
    return notes


def _heads_the_index(lines: Sequence[str], no: int, project: str = "") -> bool:
    """Whether line ``no`` (1-based, the first that says anything) is the title a person gave
    the whole index: a level-1 heading naming no type, a line long at most, that names the
    memory file itself ('# Project memory', '# Memory for acme-api' of the project's folder,
    whatever follows it; ``_names_the_memory``) or heads a section or an entry ('# Acme', then
    '## Feedback'). One with notes right under it that names something else is their section
    ('# Team rules' or '# GPU memory', then its bullets), as any later heading is."""
    line = lines[no - 1]
    if (_TITLE.match(line) is None or _WORD.search(line) is None or len(line) > _TITLE_CHARS
            or section_type(line.lstrip("#")) is not None):
        return False
    if _names_the_memory(line, project):
        return True
    after = next((later for later in lines[no:] if later.strip()), None)
    return after is None or bool(_HEADING_LINE.match(after)) or bool(
        (item := _LINK_ITEM.match(after)) and is_file_link(item["file"].strip()))


_TITLE_CHARS = 200


def _names_the_memory(heading: str, project: str = "") -> bool:
    """Whether a ``# heading`` names the memory file itself, whole: '# Memory', '# MEMORY.md',
    '# Project memory', '# Memory index', '# Claude memory', or the project's folder name
    (``project``) with memory: '# acme-api memories', '# Memory for acme-api'. A heading with
    memory in it that names a subject is a section of the notes under it ('# GPU memory',
    '# Shared memory', '# Out of memory', '# Memory-mapped files', '# memory: keep under 2GB'),
    and so is 'memory for' anything but the project ('# Memory for builds', '# Memory for
    GPUs', '# Memories for later': what the notes under it are for)."""
    words = heading.lstrip("#").casefold().split()
    if words and not words[-1].strip("#"):
        words.pop()  # closing hashes ('# Memory #')
    said = " ".join(words)
    if _NAMES_THE_MEMORY.fullmatch(said) is not None:
        return True
    folder = " ".join(project.split()).casefold()
    return bool(folder) and said in {f"{folder} memory", f"{folder} memories",
                                     f"memory for {folder}", f"memories for {folder}"}


# (read by ``_names_the_memory`` on a heading's words, blanks made one, casefolded, at most
# ``_TITLE_CHARS`` long)
_NAMES_THE_MEMORY = rx.compile(
    r"(?:(?:project|claude|agent|team) )?memor(?:y|ies)(?: index)?|memory\.md")


def section_type(heading: str) -> MemoryType | None:
    """The memory type a heading of MEMORY.md names ("Feedback", "users", "**Feedback:**"), if
    it names one."""
    word = heading.strip().strip("*_:# \t").lower()
    return _SECTION_TYPES.get(word) or _SECTION_TYPES.get(word.removesuffix("s"))


_SECTION_TYPES: dict[str, MemoryType] = {t.lower(): k for k, t in SECTION_TITLES.items()}


def front_matter_lines(lines: Sequence[str]) -> int:
    """How many lines a frontmatter block at the top of ``lines`` takes ("---" to "---"), or 0."""
    if not lines or lines[0].strip() != "---":
        return 0
    end = next((i for i, line in enumerate(lines[1:40], start=1) if line.strip() == "---"), 0)
    return end + 1 if end else 0


def continues_note(note: Sequence[str], line: str) -> bool:
    """True when ``line``, written right after the lines of ``note``, would read as part of it."""
    return bool(line) and _continues(list(note), line)


def _continues(note: list[str], line: str) -> bool:
    """True when ``line`` goes on with ``note``: indented, a bullet of the list a label such as
    "Conventions:" opens, or a wrapped line (no closing punctuation, then a lower-case word)."""
    if line[0].isspace():
        return True
    if _BULLET.match(line) is not None:
        return _BULLET.match(note[0]) is None and note[0].rstrip().endswith(":")
    if len(note) == 1 and _LABEL.fullmatch(note[0].strip()):
        return True  # "Some notes:" then what they are: alone, a label is an empty memory
    return not note[-1].rstrip().endswith((".", "!", "?", ":", ";", ")")) and line[0].islower()


_LABEL = rx.compile(r"(?:[\w'-]+\s+){0,4}[\w'-]+:")


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
