"""The tools a dreaming subagent may call, with the phases and budgets the harness enforces.

``ToolBox`` implements ``agent.ToolRunner``. Every call is validated (input shape, phase, path
policy, budgets), answered with a ``ToolResult`` and recorded in ``ToolBox.log``. A refused or
malformed call returns an error the model can read and the run goes on; a hard budget (total bytes
read, files touched) raises ``BudgetExceeded`` and the caller rolls the run back.

Text read from ``sessions/`` and ``project/`` passes through ``redact`` before it is returned
(grep matches against the redacted text, so a regex cannot probe a secret); a write whose result
still contains a secret is refused, but for a line with a secret the person wrote in that file
themselves, kept as it was read: it stays as they wrote it (see ``_as_found``). Memory files
are Markdown: only ``.md`` files are written.
"""

from __future__ import annotations

import io
import json
import os
import re
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO, Literal

from autodream import redact, rx
from autodream.agent import PHASES, WRITE_PHASES, ToolCall, ToolResult, ToolSpec
from autodream.errors import BudgetExceeded, NotFound, SandboxError, printable
from autodream.memory.model import NOT_TEXT, decode_text
from autodream.sandbox import ROOT_NAMES, WRITABLE_ROOT, Sandbox, parse_vpath
from autodream.settings import Settings
from autodream.transcripts.model import Message, ReadStats, is_daily_log_name
from autodream.transcripts.reader import detect_source, iter_stream_messages

if TYPE_CHECKING:
    import regex  # imported where grep runs: a local dream never greps

__all__ = [
    "PHASE_INSTRUCTIONS",
    "ToolBox",
    "ToolCallRecord",
    "ToolLimits",
    "Verdict",
    "glob_match",
]

Verdict = Literal["ok", "refused", "error"]
MAX_SUMMARY_CHARS = 10_000
MAX_WRITE_DEPTH = 6  # components below memory/, the file included

# What begin_phase returns: a one-line reminder; the system prompt holds the full instructions.
PHASE_INSTRUCTIONS: dict[str, str] = {
    "orient": "orient (read only): read memory/MEMORY.md and the topic files it links.",
    "gather": "gather (read only): grep the digest's items narrowly.",
    "consolidate": "consolidate (writes allowed): merge, correct, date.",
    "prune": "prune (writes allowed): delete what is stale, fit MEMORY.md to its limits, finish.",
}


@dataclass(frozen=True)
class ToolLimits:
    """Per-run budgets of the toolbox. ``max_read_bytes=None`` means unlimited."""

    max_output_bytes: int = 16_000  # per call; longer output is cut with a note
    max_read_bytes: int | None = 8_000_000  # total file bytes read; hard (BudgetExceeded)
    max_write_bytes: int = 100_000  # per written file; bigger writes are refused
    max_files_touched: int = 200  # distinct memory files written or deleted; hard
    max_read_lines: int = 2_000  # largest ``limit`` read_file accepts
    max_grep_hits: int = 200  # largest ``max_hits`` grep accepts
    max_glob_results: int = 500
    max_walk_files: int = 20_000  # files a grep or glob looks at before stopping
    max_line_chars: int = 100_000  # grep matches this much of each line or message
    max_pattern_chars: int = 1_000
    grep_seconds: float = 10.0  # wall-clock cap of one grep (stops with a note)

    @classmethod
    def from_settings(cls, settings: Settings) -> ToolLimits:
        return cls(
            max_output_bytes=settings.max_tool_output_bytes,
            max_read_bytes=settings.max_read_bytes,
            max_write_bytes=settings.max_write_bytes,
            max_files_touched=settings.max_files_touched,
        )


@dataclass(frozen=True, eq=False)
class ToolCallRecord:
    """One tool call as the journal keeps it."""

    seq: int
    phase: str
    name: str
    input_summary: str
    verdict: Verdict
    reason: str = ""
    bytes_returned: int = 0

    def as_dict(self) -> dict[str, Any]:
        return {
            "seq": self.seq,
            "phase": self.phase,
            "name": self.name,
            "input": self.input_summary,
            "verdict": self.verdict,
            "reason": self.reason,
            "bytes_returned": self.bytes_returned,
        }


def refusal_cause(text: str) -> str:
    """What a refused call's result (or its journal reason) says is wrong, without the advice
    to the model that follows it ("split it or say less"): for the person, who cannot."""
    return text.removeprefix("refused: ").split("; ")[0]


def refusal_fix(cause: str, *, many: bool = False) -> str:
    """What the person can do about a write refused for ``cause`` (``refusal_cause``), to save
    what one session (or ``many``) said."""
    if "max_write_bytes" in cause:
        return f"raise max_write_bytes to save {'them' if many else 'it'}"
    if "secret" in cause:
        return "say it again without the secret (autodream never writes one)"
    return "`autodream show` says which write was refused"


def by_cause(refused: Mapping[str, str]) -> list[tuple[str, list[str]]]:
    """The paths of ``refused`` (path -> cause) grouped by cause, causes in first-seen order:
    sessions refused for different causes each need their own fix said."""
    grouped: dict[str, list[str]] = {}
    for path, cause in refused.items():
        grouped.setdefault(cause, []).append(path)
    return list(grouped.items())


class _Refused(Exception):
    """A call the policy refuses (phase, extension, size, secret)."""


class _BadInput(Exception):
    """A call whose input is malformed, or that cannot be carried out as asked."""


# --- input validation ---------------------------------------------------------------------


def _refuse_daily_log(vpath: str, name: str) -> None:
    if is_daily_log_name(name):
        raise _Refused(
            f"{vpath}: a daily log (YYYY-MM-DD.md) is read like a transcript, never changed; "
            "put what it says in a topic file"
        )


def _string(inp: Mapping[str, Any], key: str, *, default: str | None = None) -> str:
    if key not in inp or inp[key] is None:
        if default is None:
            raise _BadInput(f"missing required field {key!r}")
        return default
    value = inp[key]
    if not isinstance(value, str):
        raise _BadInput(f"field {key!r} must be a string, not {type(value).__name__}")
    return value


def _int(inp: Mapping[str, Any], key: str, default: int, lo: int, hi: int) -> int:
    if key not in inp or inp[key] is None:
        return default
    value = inp[key]
    if isinstance(value, bool) or not isinstance(value, int):
        raise _BadInput(f"field {key!r} must be an integer, not {type(value).__name__}")
    if not lo <= value <= hi:
        raise _BadInput(f"field {key!r} must be between {lo} and {hi}, not {value}")
    return value


def _cut_short(value: str) -> str:
    """``value`` (redacted) cut to about 60 characters, as ``scrub`` reads it back
    ("...…(+N chars)"): at a space, where one is near, and never inside a redaction. (Cut
    inside a word, what was left could look like a secret: "api:Release-20…(+9 chars)" was
    journalled as "api:[REDACTED:login-pair]".)"""
    if len(value) <= 80:
        return value
    cut = value.rfind(" ", 0, 61) + 1
    if cut <= 30:
        cut = 60
        # (a redaction is kept whole: cut in it or before it, "PGPASSWORD=[RE…" and
        # "PGPASSWORD=…" were taken for a value)
        marker = value.rfind("[", 0, cut)
        if value.startswith(redact.REDACTED_MARK, marker) and "]" not in value[marker:cut]:
            cut = value.find("]", marker) + 1 or len(value)
    if cut >= len(value):
        return value
    return value[:cut] + f"…(+{len(value) - cut} chars)"


def _summarise(inp: Any) -> str:
    """A short, redacted account of a call's input for the journal."""
    if isinstance(inp, dict):
        shown: dict[str, Any] = {}
        for key, value in list(inp.items())[:8]:
            if isinstance(value, str) and len(value) > 80:
                value = _cut_short(redact.redact(value))
            shown[str(key)[:40]] = value
        try:
            text = json.dumps(shown, ensure_ascii=False, default=repr)
        except (TypeError, ValueError):
            text = repr(shown)
    else:
        text = repr(inp)
    text = redact.redact(text.replace("\x00", "\\x00"))
    return text if len(text) <= 240 else text[:240] + "…"


# --- text helpers ---------------------------------------------------------------------------


def _cut(text: str, max_bytes: int, note: str) -> str:
    """``text`` cut to at most ``max_bytes`` UTF-8 bytes (at a line end when one is near)."""
    data = text.encode("utf-8")
    if len(data) <= max_bytes:
        return text
    room = max(0, max_bytes - len(note.encode("utf-8")) - 1)
    head = data[:room].decode("utf-8", errors="ignore")
    newline = head.rfind("\n")
    if newline > room // 2:
        head = head[: newline + 1]
    elif not head.endswith("\n"):
        head += "\n"
    return head + note


def _redact_window(before: str, text: str, after: str = "") -> str:
    """Redact ``text`` as part of ``before + text + after``: a secret cut by the window's edge
    is still found, and its visible part replaced."""
    if not before and not after:
        return redact.redact(text)
    joined = before + text + after
    start, end = len(before), len(before) + len(text)
    out: list[str] = []
    pos = start
    for hit in redact.find_secrets(joined):
        if hit.end <= start or hit.start >= end:
            continue
        out.append(joined[pos : max(hit.start, start)])
        out.append(redact.REDACTED.format(kind=hit.kind))
        pos = min(hit.end, end)
    out.append(joined[pos:end])
    return "".join(out)


def _redact_said_after(name: str, said_before: str, raw: bytes, text: str) -> str:
    """``text``, a window of transcript records, with each secret given in a message whose name
    ended the person's message before it also redacted: each message is a record of its own
    ("Remember the staging db password, it's" / "Pg-Secret-2291"), so the window read as it
    is never has the two together. ``said_before``: the end of the person's last message before
    the window; ``raw``: the window's bytes."""
    found: dict[str, str] = {}
    last = said_before
    try:
        for message in iter_stream_messages(io.BytesIO(raw), name=name, start_offset=0,
                                            only_human=True):
            for kind, value in redact.secrets_after(last, message.text):
                found[value] = kind
            last = message.text[-redact.SAID_LAST_CHARS:]
    except (OSError, ValueError):  # not a transcript after all: the lines' redaction stands
        return text
    for value in sorted(found, key=len, reverse=True):
        mark = redact.REDACTED.format(kind=found[value])
        # (as the record stores it too: a value holding a quote or a backslash is escaped)
        text = text.replace(value, mark).replace(json.dumps(value)[1:-1], mark)
    return text


# A file as a tool read it: its device, inode, size and mtime
_FileKey = tuple[int, int, int, int]
# What a line of a transcript holds where it is a record of the person's words, by source: a
# Claude Code "user" record or the queued prompt an attachment gives; a Codex "user" message or
# its "user_message" event (a markdown note is the person's throughout: every line is read)
_PERSONS_RECORD: dict[str, tuple[bytes, ...]] = {
    "claude-code": (b'"user"', b'"queued_command"'),
    "codex": (b'"user"', b'"user_message"'),
}


def _lines_back(fh: BinaryIO, end: int) -> Iterator[tuple[int, bytes]]:
    """(offset, bytes) of each line before ``end`` (where a line starts), the last first."""
    pos = end
    rest = b""  # the start of the earliest line seen so far, its beginning not yet read
    while pos > 0:
        step = min(pos, 1 << 16)
        pos -= step
        fh.seek(pos)
        pieces = (fh.read(step) + rest).split(b"\n")
        rest = pieces[0]
        lines: list[tuple[int, bytes]] = []
        at = pos + len(rest) + 1
        for line in pieces[1:]:
            lines.append((at, line))
            at += len(line) + 1
        yield from reversed(lines)
    yield 0, rest



# How far back read_file looks for the header of a table whose rows it shows
_TABLE_LOOK_BACK = 1 << 16


_PEM_BEGIN = rx.compile(r"-----BEGIN [A-Z0-9 ]*PRIVATE KEY")
_PEM_END = rx.compile(r"-----END [A-Z0-9 ]*PRIVATE KEY")
# a quantified group that itself holds a quantifier: ``(a+)+``, ``(\w*)*``, ``(x{2,})+``
_NESTED_QUANTIFIER = rx.compile(r"\((?:[^()\\]|\\.)*[*+}](?:[^()\\]|\\.)*\)[*+{]")


class _Glob:
    """A path glob: ``**/`` spans whole directories, ``**`` anything, ``*`` and ``?`` stay
    within one name, ``[...]`` is a class of one character (``[!...]`` its complement).

    A pattern whose wildcards cannot backtrack into each other (one, or '**/' then '*') is
    matched by its regex, which re walks in C. Any other is walked as a set of states, one
    character at a time, each set met kept with where each character leads from it: the
    regex of 'project/*a*a*a*a*b' over a file named with 200 a's took 18 s (a star more, ten
    minutes) that no cap could stop, and stepping every state anew for every character took
    a dream over 450 memory files 100 s of globs. Either way a match takes at most the length
    of the path times the pattern's.
    """

    # how many states and steps one glob keeps before it forgets them: hostile paths may each
    # meet new sets of a hundred states or more (review rev110: 65,536 sets of a 215-character
    # pattern held 490 MB where the walk without them held 20 MB); 2**17 is ~15 MB
    _MAX_HELD = 1 << 17

    def __init__(self, pattern: str) -> None:
        tokens: list[tuple[str, str | re.Pattern[str]]] = []
        i = 0
        while i < len(pattern):
            ch = pattern[i]
            if pattern.startswith("**/", i):
                tokens.append(("dirs", ""))
                i += 3
            elif pattern.startswith("**", i):
                tokens.append(("any", ""))
                i += 2
            elif ch in "*?":
                tokens.append(("star" if ch == "*" else "one", ""))
                i += 1
            elif ch == "[" and (end := pattern.find("]", i + 1)) != -1:
                # (a "[" in a class is itself: "[[a]" is "[" or "a", which re warns of as a
                # nested set to come)
                body = pattern[i + 1 : end].replace("\\", "\\\\").replace("[", "\\[")
                if body.startswith("!"):
                    body = "^" + body[1:]
                try:
                    tokens.append(("class", re.compile(f"[{body}]")))
                except re.error as exc:
                    raise _BadInput(
                        f"bad character class {pattern[i : end + 1]!r} in the glob: {exc}"
                    ) from None
                i = end + 1
            else:
                tokens.append(("char", ch))
                i += 1
        self._tokens = tokens
        self._regex = _glob_regex(tokens)
        # the sets of states met, by number, and where each character leads from each
        start = frozenset(self._closure({(0, False)}))
        self._sets: list[frozenset[tuple[int, bool]]] = [start]
        self._numbers: dict[frozenset[tuple[int, bool]], int] = {start: 0}
        self._steps: list[dict[str, int]] = [{}]
        self._held = len(start)

    def _closure(self, states: set[tuple[int, bool]]) -> set[tuple[int, bool]]:
        """``states`` and those each reaches matching nothing (a star's zero characters)."""
        todo = list(states)
        while todo:
            at, inside = todo.pop()
            if not inside and at < len(self._tokens) and self._tokens[at][0] in (
                    "star", "any", "dirs"):
                nxt = (at + 1, False)
                if nxt not in states:
                    states.add(nxt)
                    todo.append(nxt)
        return states

    def _after(self, states: frozenset[tuple[int, bool]], ch: str) -> frozenset[
            tuple[int, bool]]:
        """The states ``ch`` leads to from ``states`` (none: the path cannot match)."""
        tokens = self._tokens
        after: set[tuple[int, bool]] = set()
        for at, inside in states:
            if inside:  # in a name '**/' spans: more of it, or its '/'
                after.add((at, ch != "/"))
                continue
            if at == len(tokens):
                continue
            kind, arg = tokens[at]
            if kind == "dirs":
                after.add((at, ch != "/"))
            elif kind == "star":
                if ch != "/":
                    after.add((at, False))
            elif kind == "any":
                if ch != "\n":  # (as the regex's '.' was)
                    after.add((at, False))
            elif (kind == "one" and ch != "/") or (kind == "char" and ch == arg) or (
                    kind == "class" and isinstance(arg, re.Pattern) and arg.fullmatch(ch)):
                after.add((at + 1, False))
        return frozenset(self._closure(after))

    def _step(self, number: int, ch: str) -> int:
        """The number of the set ``ch`` leads to from set ``number``, kept for the next time."""
        after = self._after(self._sets[number], ch)
        if self._held > self._MAX_HELD:
            # forget all but the start: a pattern met with ever new paths keeps little
            self._sets, self._numbers, self._steps = (
                self._sets[:1], {self._sets[0]: 0}, [{}])
            self._held = len(self._sets[0])
            number = -1
        found = self._numbers.get(after)
        if found is None:
            found = len(self._sets)
            self._sets.append(after)
            self._numbers[after] = found
            self._steps.append({})
            self._held += len(after)
        if number >= 0:
            self._steps[number][ch] = found
            self._held += 1
        return found

    def match(self, path: str) -> bool:
        """Whether the whole of ``path`` matches."""
        if self._regex is not None:
            return self._regex.fullmatch(path) is not None
        number = 0
        for ch in path:
            got = self._steps[number].get(ch)
            number = self._step(number, ch) if got is None else got
            if not self._sets[number]:
                return False
        return (len(self._tokens), False) in self._sets[number]


def _glob_regex(tokens: list[tuple[str, str | re.Pattern[str]]]) -> re.Pattern[str] | None:
    """The glob's tokens as a regex that matches the same paths; None when a backtracking
    regex over them could take more than the path's length times the pattern's: when it has
    more than one wildcard of any length, unless they are '**/' and then '*' ('**/*.md', whose
    '*' tries the one name each choice of directories leaves it)."""
    wild = tuple(kind for kind, _ in tokens if kind in ("dirs", "any", "star"))
    if wild not in ((), ("dirs",), ("any",), ("star",), ("dirs", "star")):
        return None
    out: list[str] = []
    for kind, arg in tokens:
        if isinstance(arg, re.Pattern):
            out.append(arg.pattern)
        elif kind == "char":
            out.append(re.escape(arg))
        else:
            out.append({"dirs": "(?:[^/]*/)*", "any": ".*", "star": "[^/]*",
                        "one": "[^/]"}[kind])
    return re.compile("".join(out))


def glob_match(pattern: str, path: str) -> bool:
    """Whether ``path`` matches the glob ``pattern`` whole (see ``_Glob``)."""
    return _Glob(pattern).match(path)


def _literal_prefix(pattern: str) -> str:
    """The directories of a glob before its first wildcard (where a walk can start)."""
    parts: list[str] = []
    for part in pattern.split("/")[:-1]:
        if any(ch in part for ch in "*?["):
            break
        parts.append(part)
    return "/".join(parts)


# --- line index (read_file pages through big transcripts without rescanning) ----------------


def _read_line_head(fh: BinaryIO, cap: int) -> tuple[bytes, int]:
    """The first ``cap`` bytes of the next line and the line's full length (the rest is skipped,
    so one enormous line never sits in memory)."""
    head = fh.readline(cap)
    total = len(head)
    if head and not head.endswith(b"\n") and len(head) == cap:
        while True:
            more = fh.readline(1 << 20)
            total += len(more)
            if not more or more.endswith(b"\n"):
                break
    return head, total

_CHECKPOINT_EVERY = 256
_CONTEXT_BYTES = 8192  # bytes either side of a read_file window that redaction looks at


@dataclass(eq=False, repr=False)
class _LineIndex:
    """Byte offsets of every 256th line of a file, so a line range is found without reading from
    the start; found as far as a read has needed them (``complete`` once scanned to the end)."""

    lines: int  # lines counted so far (the whole file's once complete)
    checkpoints: list[int]  # byte offset of line 1, 257, 513, … (1-based)
    scanned: int = 0  # bytes scanned so far
    complete: bool = False
    last_byte: bytes = b""


def _scan_index(fh: BinaryIO, index: _LineIndex, *, until_line: int | None = None,
                charge: Callable[[int], None] | None = None) -> None:
    """Count on from where ``index`` stopped until it has ``until_line`` lines ended (None: to
    the end of the file), telling ``charge`` each step read (it may stop the count)."""
    fh.seek(index.scanned)
    while not index.complete and (until_line is None or index.lines < until_line):
        # (charged, a step is small: the count stops where a read needed it, not a megabyte on)
        chunk = fh.read(1 << 20 if charge is None else 1 << 16)
        if charge is not None:
            charge(len(chunk))
        if not chunk:
            index.complete = True
            if index.scanned and index.last_byte != b"\n":
                index.lines += 1  # a last line with no newline
            break
        start = 0
        while until_line is None or index.lines < until_line:
            nl = chunk.find(b"\n", start)
            if nl == -1:
                break
            index.lines += 1
            if index.lines % _CHECKPOINT_EVERY == 0:
                index.checkpoints.append(index.scanned + nl + 1)
            start = nl + 1
        if until_line is not None and index.lines >= until_line:
            chunk = chunk[:start]  # (the rest is scanned again when a later read needs it)
        index.scanned += len(chunk)
        index.last_byte = chunk[-1:] or index.last_byte


# --- the toolbox ------------------------------------------------------------------------------


_STREAM_BUFFER = 1 << 20
_READV: Callable[[int, list[Any]], int] | None = getattr(os, "readv", None)


class _CountingReader(io.RawIOBase):
    """A raw, seekable reader over a descriptor that charges every byte to the read budget."""

    def __init__(self, fd: int, charge: Callable[[int], None]) -> None:
        self._fd = fd
        self._charge = charge

    def readable(self) -> bool:
        return True

    def seekable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        if _READV is not None:
            n: int = _READV(self._fd, [buffer])  # straight into the caller's buffer, no copy
        else:  # pragma: no cover - platforms without readv (Windows)
            view = memoryview(buffer).cast("B")
            data = os.read(self._fd, len(view))
            n = len(data)
            view[:n] = data
        self._charge(n)
        return n

    def seek(self, offset: int, whence: int = os.SEEK_SET) -> int:
        return os.lseek(self._fd, offset, whence)

    def tell(self) -> int:
        return os.lseek(self._fd, 0, os.SEEK_CUR)

    def fileno(self) -> int:
        return self._fd

    def close(self) -> None:
        if not self.closed:
            os.close(self._fd)
        super().close()


# separators in a path, read as spaces when it is checked for a secret
_PATH_SEPARATORS = rx.compile(r"[/._-]+")


@dataclass(eq=False, repr=False)
class ToolBox:
    """The subagent's tools over a ``Sandbox``; one instance per run.

    ``trash_dir`` is a harness directory outside the memory root (e.g.
    ``.autodream/trash/<run_id>/``): ``delete_file`` moves files there, keeping their path
    relative to memory/, and ``restore`` moves them back.
    """

    sandbox: Sandbox
    trash_dir: Path
    limits: ToolLimits = field(default_factory=ToolLimits)
    phase_instructions: Mapping[str, str] = field(default_factory=lambda: PHASE_INSTRUCTIONS)

    phase: str = field(default=PHASES[0], init=False)
    finished: bool = field(default=False, init=False)
    summary: str = field(default="", init=False)
    log: list[ToolCallRecord] = field(default_factory=list, init=False)
    touched: dict[str, str] = field(default_factory=dict, init=False)  # rel -> written|deleted
    trashed: dict[str, Path] = field(default_factory=dict, init=False)  # rel -> trash path
    bytes_read: int = field(default=0, init=False)
    _indexes: dict[_FileKey, _LineIndex] = field(
        default_factory=dict, init=False, repr=False
    )
    # (file, a window's start) -> the end of the person's last message before it
    _said: dict[tuple[_FileKey, int], str] = field(
        default_factory=dict, init=False, repr=False
    )

    # --- the ToolRunner protocol ----------------------------------------------------------

    def specs(self) -> list[ToolSpec]:
        return tool_specs(self.limits)

    def call(self, call: ToolCall) -> ToolResult:
        """Run one call; refusals and errors come back as ``is_error`` results, recorded."""
        handler = self._handlers().get(call.name) if isinstance(call.name, str) else None
        seq = len(self.log) + 1
        phase = self.phase
        summary = _summarise(call.input)
        name = call.name if isinstance(call.name, str) else repr(call.name)
        verdict: Verdict = "ok"
        reason = ""
        try:
            if self.finished:
                raise _Refused("the run has finished; no more tool calls are accepted")
            if handler is None:
                raise _BadInput(
                    f"unknown tool {_short(name)!r}; the tools are: {', '.join(TOOL_NAMES)}"
                )
            if not isinstance(call.input, dict):
                raise _BadInput(
                    f"the input of {name} must be a JSON object, not {type(call.input).__name__}"
                )
            allowed = set(_SCHEMAS[name]["properties"])
            unknown = sorted(str(k) for k in call.input if k not in allowed)
            if unknown:
                raise _BadInput(
                    f"unknown field(s) {', '.join(map(repr, unknown))} for {name}; "
                    f"fields: {', '.join(sorted(allowed)) or 'none'}"
                )
            content = handler(call.input)
            if name == "grep":
                # (each hit on its own: read whole, a hit ending in a secret's name, "The
                # staging db password is", took the next hit's "memory/db.md:2:" for its value
                # and hid the place, not the text)
                content = "\n".join(map(redact.redact, content.split("\n")))
            elif name in _NAMING_TOOLS:
                # a file's name is text the person wrote too ("password=hunter2-Zebra.md",
                # "ghp_....txt"): the names a listing shows are redacted like its lines
                content = redact.redact(content)
            content = _cut(
                content,
                self.limits.max_output_bytes,
                f"[output truncated at {self.limits.max_output_bytes} bytes; narrow the request]",
            )
            result = ToolResult(call.id, content)
        except BudgetExceeded as exc:
            self._record(seq, phase, name, summary, "error", str(exc), 0)
            raise
        except (_Refused, SandboxError) as exc:
            verdict, reason = "refused", _one_line(str(exc))
            result = ToolResult(call.id, f"refused: {reason}", is_error=True)
        except (_BadInput, NotFound) as exc:
            verdict, reason = "error", _one_line(str(exc))
            result = ToolResult(call.id, f"error: {reason}", is_error=True)
        except OSError as exc:
            verdict, reason = "error", _one_line(f"{exc.strerror or exc}")
            result = ToolResult(call.id, f"error: {reason}", is_error=True)
        returned = 0 if result.is_error else len(result.content.encode("utf-8"))
        self._record(seq, phase, name, summary, verdict, reason, returned)
        return result

    def _record(
        self, seq: int, phase: str, name: str, summary: str, verdict: Verdict, reason: str,
        returned: int,
    ) -> None:
        self.log.append(
            ToolCallRecord(seq, phase, _short(name), summary, verdict, reason, returned)
        )

    def _handlers(self) -> dict[str, Callable[[dict[str, Any]], str]]:
        return {
            "list_dir": self._list_dir,
            "read_file": self._read_file,
            "grep": self._grep,
            "glob": self._glob,
            "write_file": self._write_file,
            "edit_file": self._edit_file,
            "delete_file": self._delete_file,
            "begin_phase": self._begin_phase,
            "finish": self._finish,
        }

    # --- budgets --------------------------------------------------------------------------

    def _charge(self, n: int) -> None:
        self.bytes_read += n
        limit = self.limits.max_read_bytes
        if limit is not None and self.bytes_read > limit:
            raise BudgetExceeded(f"read budget exhausted: more than {limit} bytes read")

    def _read_room(self) -> int | None:
        limit = self.limits.max_read_bytes
        return None if limit is None else max(0, limit - self.bytes_read)

    def _may_touch(self, rel: str) -> None:
        if rel not in self.touched and len(self.touched) >= self.limits.max_files_touched:
            raise BudgetExceeded(
                f"files-touched budget exhausted: more than {self.limits.max_files_touched} files"
                " (max_files_touched in autodream.toml raises it)"
            )

    def _require_write_phase(self, tool: str) -> None:
        if self.phase not in WRITE_PHASES:
            raise _Refused(
                f"{tool} is not allowed in the {self.phase} phase; writes happen in consolidate "
                "and prune (call begin_phase to move on)"
            )

    # --- reading --------------------------------------------------------------------------

    def _list_dir(self, inp: dict[str, Any]) -> str:
        path = _string(inp, "path", default="")
        if path.strip() in ("", "/"):
            lines = [f"{name}/" for name in ROOT_NAMES if self.sandbox.has_root(name)]
            return "\n".join(lines)
        res, entries = self.sandbox.list_dir(path)
        if not entries:
            return f"{res.vpath} is empty"
        lines = []
        for entry in entries:
            # (a name the person gave may hold what prints unseen: "a\u2028b.md" listed as two
            # entries, "a\u202egnp.md" as "adm.png"; such a character is shown escaped)
            name = printable(entry.name)
            if entry.kind == "dir":
                lines.append(f"{name}/")
            elif entry.kind == "symlink":
                lines.append(f"{name}@")
            else:
                lines.append(f"{name}  {entry.size}")
        return "\n".join(lines)

    def _line_index(
        self, fh: BinaryIO, key: _FileKey, size: int, offset: int
    ) -> _LineIndex:
        """The file's line index, far enough to find line ``offset``.

        A file no bigger than the whole read budget is counted to its end at once, uncharged (its
        line count says how far there is to read). A bigger one is counted only as far as a read
        asks, and what is counted is charged to the read budget (which stops it): counting a
        20 GB file's lines took 20 s for a look at its first page, and any offset was reached
        uncharged."""
        index = self._indexes.get(key)
        if index is None:
            index = self._indexes[key] = _LineIndex(0, [0])
        limit = self.limits.max_read_bytes
        if limit is None or size <= limit:
            _scan_index(fh, index)
            return index
        # the lines before ``offset`` (the skip from their checkpoint re-reads at most what is
        # counted and charged here)
        _scan_index(fh, index, until_line=offset - 1, charge=self._charge)
        return index

    def _said_before(self, fh: BinaryIO, key: _FileKey, name: str, start: int) -> str:
        """The end of the person's last message before byte ``start`` of transcript ``fh`` (""
        when none): looked for message by message, not in so many bytes before, so no reply
        however long between a secret's name and its value parts them (an 8 KB look-back let
        'Pg-Secret-2291' through after a 9 KB reply to "the staging db password, it's")."""
        if (key, start) in self._said:
            return self._said[key, start]
        fh.seek(0)
        source = detect_source(name, fh.readline(1 << 18))
        marks = _PERSONS_RECORD.get(source)
        said = ""
        for at, line in _lines_back(fh, start):
            # (a cheap test before parsing a line: b"user" held every Claude Code record, in
            # its "userType", and each was parsed on the way back)
            if marks is None or any(line.find(mark) >= 0 for mark in marks):
                try:
                    for message in iter_stream_messages(
                        io.BytesIO(line + b"\n"), name=name, start_offset=0, source=source,
                        only_human=True,
                    ):
                        said = message.text[-redact.SAID_LAST_CHARS:]
                except (OSError, ValueError):
                    pass
                if said:
                    break
            # (a window read before begins here: paging on reads each line back once)
            if (key, at) in self._said:
                said = self._said[key, at]
                break
        self._said[key, start] = said
        return said

    def _read_file(self, inp: dict[str, Any]) -> str:
        path = _string(inp, "path")
        offset = _int(inp, "offset", 1, 1, 1 << 40)
        limit = _int(inp, "limit", 400, 1, self.limits.max_read_lines)
        fd, res, st = self.sandbox.open_fd(path)
        key = (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)  # (changed, its caches are new)
        with os.fdopen(fd, "rb") as fh:
            index = self._line_index(fh, key, st.st_size, offset)
            if st.st_size == 0:
                return "[empty file]"
            if offset > index.lines and (index.complete or index.scanned >= st.st_size):
                raise _BadInput(
                    f"offset {offset} is past the end of {res.vpath} ({index.lines} lines)"
                )
            checkpoint = (offset - 1) // _CHECKPOINT_EVERY
            fh.seek(index.checkpoints[checkpoint])
            line_no = checkpoint * _CHECKPOINT_EVERY + 1
            while line_no < offset:
                _read_line_head(fh, 1 << 20)
                line_no += 1
            window_start = fh.tell()
            budget = max(64, self.limits.max_output_bytes - 200)
            chunks: list[bytes] = []
            after = b""  # the cut-off rest of a line shown only in part (redaction context)
            used = 0
            last = offset - 1
            cut_line = False
            while last < offset - 1 + limit:
                # (a line cut short is longer than the budget, so it is never one shown whole:
                # its rest is not read, nor charged; a 9.6 MB bundle on one line was, and one
                # look at it spent the dream's whole read budget)
                line = fh.readline(budget + _CONTEXT_BYTES)
                if not line:
                    break
                if used + len(line) > budget:
                    if not chunks:  # one line longer than the whole budget: show its head
                        self._charge(len(line))
                        chunks.append(line[:budget])
                        after = line[budget:]
                        last += 1
                        cut_line = True
                    break
                self._charge(len(line))
                chunks.append(line)
                used += len(line)
                last += 1
            end_at = fh.tell()
            before = b""
            if window_start > 0:
                back = min(window_start, _CONTEXT_BYTES)
                fh.seek(window_start - back)
                before = fh.read(back)
                # (a table's rows read far below its header: the header and separator row, out
                # of the context, go before it, so a credential's column is still known)
                if back < window_start and b"|" in b"".join(chunks[:1]):
                    far = min(window_start, _TABLE_LOOK_BACK)
                    fh.seek(window_start - far)
                    head = redact.table_head_before(
                        fh.read(far).decode("utf-8", errors="replace"),
                        cut=far < window_start).encode()
                    if head:
                        before = head + before[before.find(b"\n") + 1:]
            said_before = ""
            if (res.root != WRITABLE_ROOT and window_start > 0
                    and b"".join(chunks[:1]).lstrip()[:1] == b"{"):
                said_before = self._said_before(fh, key, res.vpath, window_start)
        raw = b"".join(chunks)
        if res.root == WRITABLE_ROOT and b"\x00" in raw:
            # Nothing a backend could write back would be this file: keep it out of the dream.
            raise _BadInput(f"{res.vpath} {NOT_TEXT}; it is left as it is")
        # Every root is redacted, memory too: a secret a person pasted into memory by hand
        # reaches neither the model nor, once the file is rewritten, the memory again.
        text = _redact_window(
            before.decode("utf-8", errors="replace"),
            decode_text(raw),
            after.decode("utf-8", errors="replace"),
        )
        if res.root != WRITABLE_ROOT and raw.lstrip()[:1] == b"{":
            text = _redact_said_after(res.vpath, said_before, raw, text)
        # (a file bigger than the read budget is not counted to its end: "of N" would cost it)
        of = (f"of {index.lines}" if index.complete
              else f"of a {st.st_size}-byte file (its lines not counted)")
        more = last < index.lines if index.complete else end_at < st.st_size
        if more or cut_line:
            if not text.endswith("\n"):
                text += "\n"
            if cut_line and (index.complete and last >= index.lines):
                # (offset=last+1 would be past the end: the cut rest is in no later line)
                text += (
                    f"[truncated: line {last} {of} is longer than the output cap and was cut; "
                    "it is the file's last line (grep finds words in the rest)]"
                )
            elif cut_line:
                text += (
                    f"[truncated: line {last} {of} is longer than the output cap and "
                    f"was cut; continue with offset={last + 1}"
                    + ("]" if index.complete else " if it has more lines]")
                )
            else:
                text += (
                    f"[truncated: lines {offset}-{last} {of}; "
                    f"continue with offset={last + 1}]"
                )
        return text

    def _grep(self, inp: dict[str, Any]) -> str:
        pattern = _string(inp, "pattern")
        path = _string(inp, "path", default="")
        name_glob = _string(inp, "glob", default="")
        max_hits = _int(inp, "max_hits", 50, 1, self.limits.max_grep_hits)
        if not pattern:
            raise _BadInput("pattern is empty")
        if len(pattern) > self.limits.max_pattern_chars:
            raise _BadInput(f"pattern is longer than {self.limits.max_pattern_chars} characters")
        if _NESTED_QUANTIFIER.search(pattern):
            raise _Refused(
                "nested quantifiers such as (a+)+ can take exponential time; simplify the pattern"
            )
        # The model's pattern runs under the ``regex`` module, whose searches take a timeout:
        # Python's re cannot be interrupted, and (a+)+b or (\w+\s?)+$ on one long line would
        # hold the dream for minutes, whatever the cap says.
        import regex

        try:
            compiled = regex.compile(pattern)
        except (regex.error, ValueError) as exc:
            raise _BadInput(f"bad regular expression: {exc}") from None
        targets = [path] if path.strip("/ ") else [
            f"{name}/" for name in ROOT_NAMES if self.sandbox.has_root(name)
        ]
        if len(name_glob) > self.limits.max_pattern_chars:
            raise _BadInput(f"glob is longer than {self.limits.max_pattern_chars} characters")
        glob_rx = _Glob(name_glob) if name_glob else None
        hits: list[str] = []
        notes: list[str] = []
        rx = _TimedPattern(compiled, time.monotonic() + self.limits.grep_seconds)
        seen = 0
        for target in targets:
            for vpath, size in self.sandbox.walk_files(target):
                if glob_rx is not None:
                    subject = vpath if "/" in name_glob else vpath.rsplit("/", 1)[-1]
                    if not glob_rx.match(subject):
                        continue
                seen += 1
                if seen > self.limits.max_walk_files:
                    notes.append(f"[stopped after {self.limits.max_walk_files} files; narrow path]")
                    break
                room = self._read_room()
                if room is not None and size > room:
                    notes.append(
                        f"[stopped before {printable(vpath)}: reading it would exceed the read "
                        f"budget ({room} bytes left)]"
                    )
                    break
                if rx.expired() or not self._grep_file(vpath, rx, hits, max_hits):
                    notes.append(f"[stopped after {self.limits.grep_seconds:g} s; narrow the "
                                 "pattern or path]")
                    break
                if len(hits) >= max_hits:
                    notes.append(f"[stopped at {max_hits} hits; narrow the pattern or path]")
                    break
            if notes:
                break
        if not hits:
            return "\n".join(["no matches", *notes])
        return "\n".join(hits + notes)

    def _grep_file(self, vpath: str, rx: _TimedPattern, hits: list[str], max_hits: int) -> bool:
        """Add ``vpath``'s hits; False when the time cap passed before the file was done."""
        try:
            return self._grep_file_or_time_out(vpath, rx, hits, max_hits)
        except _TimeCap:
            return False

    def _grep_file_or_time_out(
        self, vpath: str, rx: _TimedPattern, hits: list[str], max_hits: int
    ) -> bool:
        try:
            fd, res, _st = self.sandbox.open_fd(vpath)
        except (SandboxError, NotFound):
            return True  # refused or vanished: a walk skips it silently
        with os.fdopen(fd, "rb") as fh:
            head = fh.read(8192)
            if b"\x00" in head:
                self._charge(len(head))
                return True
            fh.seek(0)
            if res.root in ("sessions", "codex") and vpath.endswith(".jsonl"):
                done = self._grep_transcript(vpath, fh, rx, hits, max_hits)
                if done is not None:
                    return done
                fh.seek(0)  # JSON lines, but no transcript: grep them as text
            in_key = False
            line_no = 0
            # the last non-blank line and the blank lines since: a secret's name may end it and
            # its value be a hit ("staging db password:" / "Bq-Secret-8812"), as read_file sees
            last = ""
            blanks = 0
            # a table's header and separator row while its rows go on, and the line of the
            # separator: a row is redacted read under them, as read_file reads it
            table, table_at = "", 0
            while True:
                rx.check()
                raw, full = _read_line_head(fh, self.limits.max_line_chars * 4)
                if not raw:
                    break
                line_no += 1
                self._charge(full)
                decoded = raw.decode("utf-8", errors="replace").rstrip("\r\n")
                before, blanks_before = last, blanks
                if decoded and not decoded.isspace():
                    last, blanks = decoded, 0
                else:
                    blanks += 1
                rule = redact.rules_a_table(decoded)
                if table and "|" not in decoded and not rule:
                    table = ""
                # (a separator row among a table's rows goes on with it, under the header
                # before unless the row over it names a credential's column itself)
                if (rule and not blanks_before and "|" in before
                        and (not table or redact.heads_a_credentials_column(before))):
                    table, table_at = f"{before[-_CONTEXT_BYTES:]}\n{decoded}", line_no
                line = decoded[: self.limits.max_line_chars]
                begins = bool(_PEM_BEGIN.search(line))
                ends = bool(_PEM_END.search(line))
                if in_key:
                    in_key = not ends
                    continue
                if begins and not ends:
                    in_key = True
                if not rx.search(line):
                    continue
                # redact before cutting, so a secret cut in two still goes; a table's row read
                # under its header and separator
                if table and line_no > table_at:
                    line = redact.redact_after(table, decoded)[: self.limits.max_line_chars]
                # (or a name with nothing after it and a lone random value on this line:
                # "staging token" / "Xk9mQ2vL8pR4tW7z")
                elif before and (redact.ends_in_a_name(before)
                                 or redact.gives_a_named_value(before, decoded)):
                    said = before[-_CONTEXT_BYTES:] + "\n" * min(blanks_before, 8)
                    line = redact.redact_after(said, decoded)[: self.limits.max_line_chars]
                else:
                    line = redact.redact(decoded)[: self.limits.max_line_chars]
                match = rx.search(line)
                if match is None:
                    continue
                # (a name shown as list_dir shows it: "a\u200bgnp.md", not a lookalike)
                hits.append(f"{printable(vpath)}:{line_no}: {_snippet(line, match.span())}")
                if len(hits) >= max_hits:
                    return True
        return True

    def _grep_transcript(
        self, vpath: str, fh: BinaryIO, rx: _TimedPattern, hits: list[str], max_hits: int
    ) -> bool | None:
        """grep over what was said in a transcript: the person's prompts, their answers to the
        agent's questions and the assistant's text, each hit labelled with who and when. A raw
        JSONL line is mostly envelope and tool output (file contents, test logs); matching
        those buries the person's words and costs the model bytes for nothing.

        Returns None when the file holds no transcript record at all: the caller greps it as
        text, and only that pass is charged to the read budget."""
        stats = ReadStats()
        transcript = True
        said_last = ""  # the person's message before (a secret's name may end it)
        try:
            for message in iter_stream_messages(fh, name=vpath, stats=stats, start_offset=0):
                rx.check()
                who = _speaker(message)
                if who is None:
                    continue
                before = said_last if message.is_human else ""
                if message.is_human:
                    said_last = message.text[-redact.SAID_LAST_CHARS:]
                text = " ".join(redact.redact_after(before, message.text).split())[
                    : self.limits.max_line_chars]
                match = rx.search(text)
                if match is None:
                    continue
                when = (f" {message.timestamp:%Y-%m-%d %H:%M}"
                        if message.timestamp is not None else "")
                hits.append(
                    f"{printable(vpath)}:{message.line_no}: [{who}{when}] "
                    f"{_snippet(text, match.span())}"
                )
                if len(hits) >= max_hits:
                    return True
            transcript = bool(stats.types)
        finally:
            if transcript:
                self._charge(stats.bytes_read)
        return True if transcript else None

    def _glob(self, inp: dict[str, Any]) -> str:
        pattern = _string(inp, "pattern").strip()
        if not pattern:
            raise _BadInput("pattern is empty")
        first = pattern.split("/", 1)[0]
        if pattern.startswith("/") or (first not in ROOT_NAMES and "**" not in first):
            raise _BadInput(
                "glob patterns start with memory/, sessions/, project/, codex/ or **/ "
                "(e.g. memory/*.md, **/*.jsonl)"
            )
        if len(pattern) > self.limits.max_pattern_chars:
            raise _BadInput(f"pattern is longer than {self.limits.max_pattern_chars} characters")
        rx = _Glob(pattern)
        prefix = _literal_prefix(pattern)
        if prefix:
            starts = [prefix]
        else:
            starts = [f"{name}/" for name in ROOT_NAMES if self.sandbox.has_root(name)]
        out: list[str] = []
        seen = 0
        note = ""
        for start in starts:
            if prefix:
                parse_vpath(start)  # refuses traversal etc. before any walk
            try:
                walk = self.sandbox.walk_files(start)
                for vpath, _size in walk:
                    seen += 1
                    if seen > self.limits.max_walk_files:
                        note = f"[stopped after {self.limits.max_walk_files} files; narrow it]"
                        break
                    if rx.match(vpath):
                        out.append(printable(vpath))  # (unseen characters escaped, as list_dir)
                        if len(out) >= self.limits.max_glob_results:
                            note = f"[stopped at {self.limits.max_glob_results} results]"
                            break
            except NotFound:
                continue
            if note:
                break
        if not out:
            return "\n".join(["no matches", note]) if note else "no matches"
        return "\n".join(out + ([note] if note else []))

    # --- writing --------------------------------------------------------------------------

    def _check_new_content(self, vpath: str, content: str) -> bytes:
        hits = redact.find_secrets(content)
        if hits or redact.REDACTED_MARK in content:
            content, found = self._as_found(vpath, content)
            # a line kept as the person wrote it is theirs; any other secret is refused
            hits = redact.find_secrets("".join(
                "\n" if line.rstrip("\r\n") in found else line
                for line in content.splitlines(keepends=True))) if found else hits
        data = content.encode("utf-8", errors="strict")
        if len(data) > self.limits.max_write_bytes:
            raise _Refused(
                f"{vpath}: {len(data)} bytes is over the {self.limits.max_write_bytes}-byte limit "
                "for one memory file (max_write_bytes); split it or say less"
            )
        if hits:
            kinds = ", ".join(sorted({h.kind for h in hits}))
            raise _Refused(f"{vpath}: the content contains a secret ({kinds}); leave it out")
        return data

    def _as_found(self, vpath: str, content: str) -> tuple[str, frozenset[str]]:
        """``content`` with each line that reads as a line of the file now at ``vpath`` that
        holds a secret, as it was read (redacted), put back as the file has it; and those lines.

        The secret is the person's, written in memory by hand: the dream neither sees it nor
        moves it, and rewriting the file around it must not drop it unseen (the check tells
        the person where it is, to remove it). It stays in that file only."""
        try:
            current = decode_text(self.sandbox.read_bytes(vpath))
        except (NotFound, SandboxError, OSError):
            return content, frozenset()
        if not redact.find_secrets(current):
            return content, frozenset()
        found = {line for line in current.splitlines() if redact.find_secrets(line)}
        if not found:
            return content, frozenset()
        read = {redact.redact(line): line for line in found}
        lines = content.splitlines(keepends=True)
        for i, line in enumerate(lines):
            bare = line.rstrip("\r\n")
            if bare in read:
                lines[i] = read[bare] + line[len(bare):]
        return "".join(lines), frozenset(found)

    @staticmethod
    def _check_path_secret(vpath: str) -> None:
        """Refuse a target whose path carries a secret: a file name is memory content too (it
        is listed, indexed and loaded). The path is checked as written and with its separators
        (``/ . _ -``) read as spaces, so ``pgpassword-hunter2secret.md`` reads as
        ``pgpassword hunter2secret``. A token glued to a word by ``_`` (``notes_ghp_…``) escapes
        both: the token patterns need a word boundary before their prefix."""
        spaced = _PATH_SEPARATORS.sub(" ", vpath)
        hits = redact.find_secrets(vpath) or redact.find_secrets(spaced)
        if hits:
            kinds = ", ".join(sorted({h.kind for h in hits}))
            # the path is not echoed: the refusal goes into the run's log
            raise _Refused(f"the path contains a secret ({kinds}); name the file without it")

    def _writable(self, tool: str, inp: dict[str, Any]) -> tuple[str, str]:
        """The checked (virtual path, memory-relative path) a write tool may touch."""
        self._require_write_phase(tool)
        path = _string(inp, "path")
        self._check_path_secret(path)
        res = self.sandbox.resolve(path, write=True)
        if not res.parts:
            raise _Refused(f"{path}: is a directory")
        if len(res.parts) > MAX_WRITE_DEPTH:
            raise _Refused(
                f"{res.vpath}: memory/ is kept shallow; "
                f"at most {MAX_WRITE_DEPTH - 1} directories deep"
            )
        if not res.parts[-1].lower().endswith(".md"):
            raise _Refused(
                f"{res.vpath}: memory files are Markdown; only .md files can be written"
            )
        if not res.exists and not res.parts[-1].endswith(".md"):
            # (the checks hold '.md' files to a topic file's rules, a link and frontmatter;
            # 'junk.MD' was committed unchecked. A person's own 'Notes.MD' is still written)
            raise _Refused(
                f"{res.vpath}: a new memory file's name ends in '.md', in lower case"
            )
        _refuse_daily_log(res.vpath, res.parts[-1])
        return res.vpath, res.rel

    def _write_file(self, inp: dict[str, Any]) -> str:
        vpath, rel = self._writable("write_file", inp)
        content = _string(inp, "content")
        data = self._check_new_content(vpath, _checked_text(content))
        self._may_touch(rel)
        self.sandbox.write_bytes(vpath, data)
        self.touched[rel] = "written"
        return f"wrote {vpath} ({len(data)} bytes)"

    def _edit_file(self, inp: dict[str, Any]) -> str:
        vpath, rel = self._writable("edit_file", inp)
        old = _string(inp, "old_string")
        new = _string(inp, "new_string")
        if not old:
            raise _BadInput("old_string is empty; use write_file to create a file")
        if old == new:
            raise _BadInput("old_string and new_string are the same")
        try:
            current = self.sandbox.read_bytes(vpath).decode("utf-8")
        except UnicodeDecodeError:
            raise _BadInput(
                f"{vpath} is not valid UTF-8, so it cannot be edited in place; use write_file"
            ) from None
        count = current.count(old)
        if count == 0:
            raise _BadInput(
                f"old_string was not found in {vpath}; read the file and copy it exactly"
            )
        if count > 1:
            raise _BadInput(
                f"old_string occurs {count} times in {vpath}; "
                "include more context so it matches once"
            )
        updated = current.replace(old, _checked_text(new), 1)
        data = self._check_new_content(vpath, updated)
        self._may_touch(rel)
        self.sandbox.write_bytes(vpath, data)
        self.touched[rel] = "written"
        return f"edited {vpath} ({len(data)} bytes)"

    def _delete_file(self, inp: dict[str, Any]) -> str:
        self._require_write_phase("delete_file")
        path = _string(inp, "path")
        self._check_path_secret(path)
        res = self.sandbox.resolve(path, write=True)
        if not res.exists:
            raise NotFound(f"{res.vpath}: no such file")
        if res.parts:
            _refuse_daily_log(res.vpath, res.parts[-1])
        dest = self.trash_dir / res.rel
        n = 1
        while dest.exists():
            dest = self.trash_dir / f"{res.rel}.{n}"
            n += 1
        self._may_touch(res.rel)
        self.sandbox.move_out(res.vpath, dest)
        self.touched[res.rel] = "deleted"
        self.trashed[res.rel] = dest
        return f"deleted {res.vpath} (moved to the run's trash; restorable)"

    def restore(self, rel: str) -> None:
        """Move a file this run deleted back from the trash to memory/ (harness use)."""
        dest = self.trashed.get(rel)
        if dest is None:
            raise NotFound(f"memory/{rel} was not deleted in this run")
        data = dest.read_bytes()
        self.sandbox.write_bytes(f"memory/{rel}", data)
        dest.unlink()
        del self.trashed[rel]

    # --- phases ---------------------------------------------------------------------------

    def _begin_phase(self, inp: dict[str, Any]) -> str:
        wanted = _string(inp, "phase")
        if wanted not in PHASES:
            raise _BadInput(f"unknown phase {_short(wanted)!r}; phases: {', '.join(PHASES)}")
        here = PHASES.index(self.phase)
        there = PHASES.index(wanted)
        if there == here:
            raise _Refused(f"already in the {wanted} phase")
        if there < here:
            raise _Refused(f"phases never go back: {self.phase} is past {wanted}")
        if there > here + 1:
            raise _Refused(
                f"phases move one step at a time: the next phase is {PHASES[here + 1]}"
            )
        self.phase = wanted
        return self.phase_instructions.get(wanted, wanted)

    def _finish(self, inp: dict[str, Any]) -> str:
        summary = _string(inp, "summary")
        self.summary = redact.redact(summary[:MAX_SUMMARY_CHARS])
        self.finished = True
        return "finished; the harness now checks and commits the memory directory"

    # --- streaming (local engine) -----------------------------------------------------------

    def open_stream(self, vpath: str, *, charge: bool = True) -> BinaryIO:
        """A seekable binary stream of a file under the same path policy, without the per-call
        output cap; every byte read is charged to the total read budget (``BudgetExceeded``).
        ``charge=False`` is for the harness's own reads (e.g. building the brief's digest), which
        should not spend the subagent's budget.

        The bytes are raw: text from sessions/ or project/ must pass through ``redact.redact``
        before it reaches memory; ``iter_redacted_lines`` does that line by line.
        """
        fd, _res, _st = self.sandbox.open_fd(vpath)
        counter = self._charge if charge else _no_charge
        # A large buffer: a transcript line holding a tool result can be megabytes, and
        # readline fills it one buffer at a time.
        return io.BufferedReader(  # type: ignore[return-value]
            _CountingReader(fd, counter), buffer_size=_STREAM_BUFFER)

    def iter_redacted_lines(self, vpath: str, start: int = 0) -> Iterator[tuple[int, str]]:
        """(byte offset, line) pairs from ``start``; decoded and redacted."""
        with self.open_stream(vpath) as fh:
            fh.seek(start)
            pos = start
            for raw in fh:
                line = raw.decode("utf-8", errors="replace")
                yield pos, redact.redact(line)
                pos += len(raw)


# The tools whose output names files
_NAMING_TOOLS = frozenset({"list_dir", "glob", "grep"})


def _no_charge(n: int) -> None:
    return None


def _checked_text(text: str) -> str:
    if "\x00" in text:
        raise _BadInput("content contains NUL bytes; memory files are text")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise _BadInput("content is not valid UTF-8 (lone surrogates)") from None
    return text


def _one_line(text: str) -> str:
    """An error reason as the model and the journal see it: one line, secrets redacted."""
    return redact.redact(" ".join(text.split()))[:1000]


def _short(text: str) -> str:
    return text if len(text) <= 60 else text[:57] + "..."


class _TimeCap(Exception):
    """The grep's time cap passed, between lines or in the middle of one search."""


class _TimedPattern:
    """The model's pattern, each search bounded by what is left of the grep's time cap."""

    def __init__(self, compiled: regex.Pattern[str], deadline: float) -> None:
        self.compiled = compiled
        self.deadline = deadline

    def expired(self) -> bool:
        return time.monotonic() > self.deadline

    def check(self) -> None:
        if self.expired():
            raise _TimeCap

    def search(self, text: str) -> regex.Match[str] | None:
        left = self.deadline - time.monotonic()
        if left <= 0:
            raise _TimeCap
        try:
            return self.compiled.search(text, timeout=left)
        except TimeoutError:
            raise _TimeCap from None


# Claude Code records the person's choice in an AskUserQuestion dialog as that tool's result
# (bound to the agent's own call by its id, so no other tool's output can pose as one).
_ANSWER_TOOL = "AskUserQuestion"


def _speaker(message: Message) -> str | None:
    """Who said a transcript message, as grep labels it; None for tool traffic and metadata."""
    if message.is_human:
        return "person"
    if message.kind == "tool_result" and message.tool_name == _ANSWER_TOOL:
        return "person's answer"
    if message.role == "assistant" and message.kind == "text":
        return "subagent" if message.is_sidechain else "assistant"
    return None


def _snippet(line: str, span: tuple[int, int]) -> str:
    if len(line) <= 300:
        return line
    lo = max(0, span[0] - 120)
    hi = min(len(line), span[1] + 120)
    return ("…" if lo else "") + line[lo:hi] + ("…" if hi < len(line) else "")


# --- schemas --------------------------------------------------------------------------------
# Sent with every request (cached, but still paid for): rules the system prompt states (roots,
# phases, which phases write) are not repeated here; a description says only what the name and
# the input do not.


def _obj(required: list[str], **properties: dict[str, Any]) -> dict[str, Any]:
    return {"type": "object", "properties": properties, "required": required}


def _str_prop(description: str | None = None) -> dict[str, Any]:
    return {"type": "string", **({"description": description} if description else {})}


def _int_prop(description: str, maximum: int | None = None) -> dict[str, Any]:
    bounds = {"minimum": 1, **({"maximum": maximum} if maximum else {})}
    return {"type": "integer", **bounds, "description": description}


_SCHEMAS: dict[str, dict[str, Any]] = {
    "list_dir": _obj([], path=_str_prop("e.g. memory/; empty lists the roots")),
    "read_file": _obj(
        ["path"],
        path=_str_prop(),
        offset=_int_prop("first line, 1-based (default 1)"),
        limit=_int_prop("lines (default 400)", 2000),
    ),
    "grep": _obj(
        ["pattern"],
        pattern=_str_prop("Python regex"),
        path=_str_prop("file or dir (default: all roots)"),
        glob=_str_prop("file name filter, e.g. *.jsonl"),
        max_hits=_int_prop("default 50", 200),
    ),
    "glob": _obj(["pattern"], pattern=_str_prop("e.g. sessions/*.jsonl, memory/**/*.md")),
    "write_file": _obj(["path", "content"], path=_str_prop(), content=_str_prop()),
    "edit_file": _obj(["path", "old_string", "new_string"], path=_str_prop(),
                      old_string=_str_prop("must occur exactly once"), new_string=_str_prop()),
    "delete_file": _obj(["path"], path=_str_prop()),
    "begin_phase": _obj(["phase"], phase={"type": "string", "enum": list(PHASES[1:])}),
    "finish": _obj(["summary"], summary=_str_prop()),
}
for _schema in _SCHEMAS.values():
    _schema["additionalProperties"] = False

_DESCRIPTIONS: dict[str, str] = {
    "list_dir": "List a directory: name/ per subdirectory, name  <bytes> per file.",
    "read_file": "Read lines of a text file, paged: a last line [truncated: ...] says how to "
    "continue. Secrets show as [REDACTED:kind].",
    "grep": "Search files for a regex; prints path:line: text per hit, capped. In sessions/"
    "*.jsonl: only what was said (no tool calls or output), as [who time] text.",
    "glob": "Find files by path pattern (** spans directories); one path a line, capped.",
    "write_file": "Create or replace a .md file under memory/. Content with secrets is refused.",
    "edit_file": "Replace old_string with new_string in a memory/ file.",
    "delete_file": "Delete a memory/ file (to the run's trash; restorable).",
    "begin_phase": "Move to the next phase; returns its instructions in one line.",
    "finish": "End the run; the harness then checks and commits memory/.",
}

TOOL_NAMES: tuple[str, ...] = tuple(_SCHEMAS)


def tool_specs(limits: ToolLimits | None = None) -> list[ToolSpec]:
    """The tool specs a backend hands to its model (schemas follow ``limits`` where they cap)."""
    limits = limits or ToolLimits()
    specs: list[ToolSpec] = []
    for name in TOOL_NAMES:
        schema = json.loads(json.dumps(_SCHEMAS[name]))
        if name == "read_file":
            schema["properties"]["limit"]["maximum"] = limits.max_read_lines
        if name == "grep":
            schema["properties"]["max_hits"]["maximum"] = limits.max_grep_hits
        specs.append(ToolSpec(name, _DESCRIPTIONS[name], schema))
    return specs
