"""What a redaction rule rewritten for speed must read as it read before: the redaction tests'
own strings, the scenarios' sessions and the real transcripts beside the clone, each as written
and with JSON's escapes read (as a scan reads a transcript's line)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from autodream import redact as redact_module
from tests.factories import REPO_ROOT, SHARED_TRANSCRIPTS


def sameness_views() -> Iterator[str]:
    """Each text as written, then as read, in a fixed order."""
    paths: list[Path] = sorted([
        *REPO_ROOT.glob("tests/test_redact*.py"),
        *REPO_ROOT.glob("tests/scenarios/*/sessions/*.jsonl"),
        *(SHARED_TRANSCRIPTS.rglob("*.jsonl") if SHARED_TRANSCRIPTS.is_dir() else [])])
    for path in paths:
        text = path.read_text(errors="replace")
        yield text
        yield redact_module._unescape(text)[0]
