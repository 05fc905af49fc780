"""A rule typed with typographic quotes (macOS and phone smart quotes, pasted docs) makes the
memory the same words typed with ASCII quotes make, byte for byte: "Don’t push to main." made no
memory at all. The memory reads "Don't push to main.", as a shell or code wants it."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from autodream.engine import Gatherer, build_digest
from tests.engine_helpers import human
from tests.factories import TranscriptBuilder, project_dirs
from tests.test_cli_dream import dream

_AS_ASCII = str.maketrans({"’": "'", "‘": "'", "“": '"', "”": '"'})
_SESSION = "aaaaaaaa-0000-4000-8000-0000000000f1"
_START = datetime(2026, 7, 6, 9, 0, tzinfo=UTC)


def _files(root: Path) -> dict[str, str]:
    return {path.name: path.read_text(encoding="utf-8")
            for path in sorted((root / "memory").glob("*.md"))}


def _memory_after(tmp_path: Path, *said: str) -> dict[str, str]:
    """The memory dir's files after a local dream over one session saying ``said``."""
    root = project_dirs(tmp_path / "proj")
    session = TranscriptBuilder(session_id=_SESSION, start=_START)
    for text in said:
        session.user(text).assistant("OK.")
    session.write(root / "sessions")
    code, out, err = dream(root, "--backend", "local")
    assert code == 0, out + err
    return _files(root)


@pytest.mark.parametrize(("said", "remembered"), [
    ("Don’t push to main.", True),
    ("We don’t use tabs, use spaces.", True),
    ("It’s always pnpm here.", True),
    ("“Always run the linter”", True),
    ("Don’t add pandas to the dependencies, ever.", True),
    ("Don’t push to main, and don't force-push either.", True),
    # near misses: a name, a code span, quotes around a word
    ("O’Brien owns billing.", False),
    ("Always ask O’Brien before touching billing.", False),
    ("Always run `git log --format=‘%h’` before tagging.", False),
    ("The “fast” path is in cache.py.", False),
])
def test_typographic_quotes_make_the_ascii_forms_memory(tmp_path: Path, said: str,
                                                        remembered: bool) -> None:
    typed = _memory_after(tmp_path / "typed", said)
    ascii_ = _memory_after(tmp_path / "ascii", said.translate(_AS_ASCII))
    if remembered:
        assert [f for f in ascii_ if f != "MEMORY.md"], ascii_
    # byte for byte, MEMORY.md too: no typographic quote is written back
    assert typed == ascii_


def test_a_code_span_in_the_same_session_stays_as_typed(tmp_path: Path) -> None:
    # (review rev172: the command got a half-curly quote, `--env “$STAGE" --yes`)
    files = _memory_after(
        tmp_path, "Never use \"--force\" with git push.",
        "Always run “./scripts/check.sh” before pushing.",
        "Always deploy with `./deploy.sh --env \"$STAGE\" --yes` from the repo root.",
        "Don’t edit “/etc/hosts” on the build box.")
    written = "".join(files.values())
    assert '`./deploy.sh --env "$STAGE" --yes`' in written
    assert 'Never use "--force" with git push.' in written
    assert not re.search("[’‘“”]", written), written


def test_a_resumed_session_leaves_the_index_and_the_files_agreeing(tmp_path: Path) -> None:
    # (review rev172: the index read "Don’t use tabs" for a file named "Don't use tabs")
    root = project_dirs(tmp_path / "proj")
    session = TranscriptBuilder(session_id=_SESSION, start=_START)
    session.user("Don't use tabs, use spaces.").assistant("OK.").write(root / "sessions")
    assert dream(root, "--backend", "local", AUTODREAM_NOW="2026-07-06T10:00:00+00:00")[0] == 0
    session.user("Don’t push to main.", advance_s=3 * 3600).assistant("OK.")
    session.write(root / "sessions")
    assert dream(root, "--backend", "local", AUTODREAM_NOW="2026-07-06T14:00:00+00:00")[0] == 0
    files = _files(root)
    index = files.pop("MEMORY.md")
    assert not re.search("[’‘“”]", index + "".join(files.values())), files
    titles = dict((link, title) for title, link in re.findall(r"- \[([^\]]+)\]\(([^)]+)\)", index))
    assert set(titles) == set(files) and len(files) == 2, (index, files)
    for name, text in files.items():
        assert f"\nname: {titles[name]}\n" in text, (index, text)


def test_the_models_digest_reads_the_rule_in_ascii() -> None:
    gatherer = Gatherer()
    gatherer.add(human("Don’t push to main."))
    digest = build_digest(gatherer.candidates,
                          now=_START + timedelta(days=4))
    assert "Don't push to main." in digest
