"""A rule typed with typographic quotes (macOS and phone smart quotes, pasted docs) makes the
memory the same words typed with ASCII ones make, written with the person's own characters:
"Don’t push to main." made no memory at all."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

import pytest

from autodream.engine import Gatherer, build_digest
from autodream.memory.model import parse_topic
from tests.engine_helpers import human
from tests.factories import TranscriptBuilder, project_dirs
from tests.test_cli_dream import dream

_AS_ASCII = str.maketrans({"’": "'", "‘": "'", "“": '"', "”": '"'})


def _memory_after(tmp_path: Path, said: str) -> dict[str, str]:
    """The memory dir's files after a local dream over one session saying ``said``."""
    root = project_dirs(tmp_path / "proj")
    TranscriptBuilder(session_id="aaaaaaaa-0000-4000-8000-0000000000f1",
                      start=datetime(2026, 7, 6, 9, 0, tzinfo=timezone.utc)).user(
        said).assistant("OK.").write(root / "sessions")
    code, out, err = dream(root, "--backend", "local")
    assert code == 0, out + err
    memory = root / "memory"
    files: dict[str, str] = {}
    for path in sorted(memory.glob("*.md")):
        text = path.read_text(encoding="utf-8")
        if path.name != "MEMORY.md":
            # (its fields as read: YAML quotes a name that opens with an ASCII quote)
            topic = parse_topic(text)
            text = f"{topic.name}\n{topic.description}\n{topic.type}\n{topic.body}"
        files[path.name] = text
    return files


@pytest.mark.parametrize(("said", "kept"), [
    ("Don’t push to main.", "Don’t push to main."),
    ("We don’t use tabs, use spaces.", "We don’t use tabs, use spaces."),
    ("It’s always pnpm here.", "It’s always pnpm here."),
    ("“Always run the linter”", "“Always run the linter”."),
    ("Don’t add pandas to the dependencies, ever.", "Don’t add pandas"),
])
def test_a_rule_in_typographic_quotes_is_remembered_as_typed(tmp_path: Path, said: str,
                                                             kept: str) -> None:
    typed = _memory_after(tmp_path / "typed", said)
    ascii_ = _memory_after(tmp_path / "ascii", said.translate(_AS_ASCII))
    # the memory the ASCII words make (name, description, body, why, how to apply) ...
    assert [f for f in ascii_ if f != "MEMORY.md"], ascii_
    assert {name: text.translate(_AS_ASCII) for name, text in typed.items()} == ascii_
    # ... in the person's own characters
    assert kept in "".join(typed.values()), typed


@pytest.mark.parametrize("said", [
    "O’Brien owns billing.",
    "Always ask O’Brien before touching billing.",
    "Always run `git log --format=‘%h’` before tagging.",
    "Don’t push to main, and don't force-push either.",
    "The “fast” path is in cache.py.",
])
def test_near_misses_read_as_their_ascii_form(tmp_path: Path, said: str) -> None:
    # a name, a code span, both kinds in one message, quotes around a word: the memory (or
    # none) the ASCII words make, with the person's characters
    typed = _memory_after(tmp_path / "typed", said)
    ascii_ = _memory_after(tmp_path / "ascii", said.translate(_AS_ASCII))
    assert {name: text.translate(_AS_ASCII) for name, text in typed.items()} == ascii_


def test_the_models_digest_shows_the_rule_as_typed() -> None:
    gatherer = Gatherer()
    gatherer.add(human("Don’t push to main."))
    digest = build_digest(gatherer.candidates,
                          now=datetime(2026, 7, 10, 10, 0, tzinfo=timezone.utc))
    assert "Don’t push to main." in digest
