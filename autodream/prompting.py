"""The dream prompt: loads the files in ``prompts/`` and renders them for one dream.

The module is not called ``prompts`` because the wheel ships the prompt files as the directory
``autodream/prompts/``; a module of the same name would shadow it.

The system prompt holds only what is stable for the whole dream (rules, phases, formats, limits,
today's date), so that it can be cached with the tool definitions; the first user message carries
what is specific to the dream: the sessions under review and the harness's digest of them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import lru_cache
from pathlib import Path
from string import Template

from autodream import rx
from autodream.agent import DreamBrief
from autodream.errors import ConfigError
from autodream.redact import redact
from autodream.transcripts.model import SessionInfo

PROMPT_FILES: tuple[str, ...] = (
    "system",
    "orient",
    "gather",
    "consolidate",
    "prune",
    "what_not_to_save",
    "memory_format",
    "brief",
)
# The digest is the model's main input; past this size it costs more than grepping would.
DEFAULT_MAX_DIGEST_BYTES = 24_000
MAX_SESSION_LINES = 40
NO_DIGEST = (
    "(no digest: the harness found nothing to summarise; grep the sessions listed above for "
    "what the person asked, corrected or decided)"
)


@dataclass(frozen=True)
class DreamPrompt:
    system: str
    first_message: str


def prompt_dirs() -> list[Path]:
    """Where prompt files may live: inside the installed package, then the source checkout."""
    package_dir = Path(__file__).resolve().parent
    return [package_dir / "prompts", package_dir.parent / "prompts"]


@lru_cache(maxsize=8)
def load_prompt(name: str) -> str:
    """The text of ``prompts/<name>.md`` from the first place that has it."""
    if name not in PROMPT_FILES:
        raise ConfigError(f"unknown prompt {name!r}")
    for directory in prompt_dirs():
        path = directory / f"{name}.md"
        if path.is_file():
            return path.read_text(encoding="utf-8").rstrip("\n")
    searched = ", ".join(str(d) for d in prompt_dirs())
    raise ConfigError(f"prompt file {name}.md not found (searched {searched})")


def render(
    brief: DreamBrief, *, max_turns: int, max_digest_bytes: int = DEFAULT_MAX_DIGEST_BYTES
) -> DreamPrompt:
    """The system prompt and the first user message for ``brief``."""
    today = _today(brief.now)
    limits = {
        "index_max_lines": str(brief.index_max_lines),
        "index_max_bytes": f"{brief.index_max_bytes:,}",
    }
    sections = {
        name: _fill(name, limits)
        for name in ("orient", "gather", "consolidate", "prune", "what_not_to_save",
                     "memory_format")
    }
    system = _fill(
        "system",
        {
            **sections,
            "roots": "\n".join(f"- `{root}/`: {what}" for root, what in brief.roots.items()),
            "today": today,
            "max_turns": str(max_turns),
        },
    )
    first = _fill(
        "brief",
        {
            "run_id": brief.run_id,
            "today": today,
            "session_count": str(len(brief.sessions)),
            "sessions": _session_lines(brief),
            "digest": _framed(cap_digest(brief.digest, max_digest_bytes)),
        },
    )
    return DreamPrompt(system=system, first_message=first)


def cap_digest(digest: str, max_bytes: int) -> str:
    """``digest`` cut at a line boundary to at most ``max_bytes`` UTF-8 bytes, saying so."""
    text = digest.strip()
    if not text:
        return NO_DIGEST
    if len(text.encode("utf-8")) <= max_bytes:
        return text
    kept: list[str] = []
    size = 0
    lines = text.splitlines()
    for line in lines:
        size += len(line.encode("utf-8")) + 1
        if size > max_bytes:
            break
        kept.append(line)
    dropped = len(lines) - len(kept)
    kept.append(f"[digest truncated: {dropped} more lines; grep the sessions for the rest]")
    return "\n".join(kept)


# the tags that frame the digest, as the person's words may hold them
_DIGEST_TAG = rx.compile(r"<(?=/?digest)", re.IGNORECASE)


def _framed(digest: str) -> str:
    """The digest with its own tags escaped: the person's words ("... with </digest> before the
    footer") must not end the frame that says they are data."""
    return _DIGEST_TAG.sub("&lt;", digest)


# What a git branch can be called: one line of printable characters, no space in it
_BRANCH = rx.compile(r"[^\s~^:?*\[\\]{1,120}")


def _branch(name: str) -> str | None:
    """``name`` when it can be a git branch's, else None. A transcript says which branch it was
    on, and it is shown beside the session, outside the digest: a "branch" of several lines
    would read as the harness's own words."""
    return name if _BRANCH.fullmatch(name) and name.isprintable() else None


def _fill(name: str, values: dict[str, str]) -> str:
    try:
        return Template(load_prompt(name)).substitute(values)
    except (KeyError, ValueError) as exc:
        raise ConfigError(f"prompt file {name}.md has a bad placeholder: {exc}") from exc


def _today(now: datetime) -> str:
    aware = now if now.tzinfo is not None else now.replace(tzinfo=UTC)
    return aware.astimezone(UTC).date().isoformat()


def _session_lines(brief: DreamBrief, limit: int = MAX_SESSION_LINES) -> str:
    if not brief.sessions:
        return "- (none)"
    ordered = sorted(brief.sessions, key=lambda s: (s.started or s.ended or _EPOCH, s.id))
    # After a long absence there can be hundreds; the newest matter most and glob finds the rest.
    hidden = max(0, len(ordered) - limit)
    shown = ordered[hidden:]
    # One branch for all is said once rather than on every line.
    branches = {_branch(s.git_branch) if s.git_branch else None for s in shown}
    common = branches.pop() if len(branches) == 1 and len(shown) > 1 else None
    lines = [_session_line(s, brief.start_offsets, show_branch=common is None) for s in shown]
    if hidden:
        lines.insert(0, f"- ({hidden} older sessions not listed; `glob` sessions/*.jsonl)")
    if common:
        lines.append(f"- (all of them on branch {common})")
    return "\n".join(lines)


_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


def _session_line(
    session: SessionInfo, start_offsets: dict[str, int], *, show_branch: bool = True
) -> str:
    vpath = str(session.path)
    parts = [f"`{vpath}`", _size(session.size)]
    # When it began dates what was said in it; a session spanning days still shows its last day.
    if session.started is not None:
        span = _stamp(session.started)
        if session.ended is not None and _stamp(session.ended)[:10] != span[:10]:
            span += f" to {_stamp(session.ended)[:10]}"
        parts.append(span)
    branch = _branch(session.git_branch) if session.git_branch else None
    if branch and show_branch:
        parts.append(f"branch {branch}")
    offset = start_offsets.get(vpath, 0)
    if offset:
        parts.append(f"new part starts at byte {offset:,} (reviewed before up to there)")
    # (a transcript's name and its branch are the person's words: redacted as they are)
    return "- " + redact(", ".join(parts))


def _stamp(moment: datetime) -> str:
    return moment.astimezone(UTC).strftime("%Y-%m-%d %H:%M")


def _size(n: int) -> str:
    if n < 10_000:
        return f"{n:,} bytes"
    return f"{n / 1000:,.0f} KB"
