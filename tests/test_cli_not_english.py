"""A message in a language the local engine cannot read is listed as dropped, saying so (it was
neither kept nor listed: lost without a word); an English sentence that holds a word or a name of
another language is read as before."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from tests.factories import project_with_one_session, run_cli

SAID_AT = datetime(2026, 7, 1, 9, 0, tzinfo=UTC)
NOT_ENGLISH = ("not English: the local engine reads English; the anthropic backend reads any "
               "language")


def _dream(root: Path, said: str) -> tuple[str, str]:
    """A local dream of one session where the person says ``said`` and, after it, an English
    rule: (every memory file's text, show --all-decisions)."""
    project_with_one_session(root, [said, "We always use uv for the Python tooling."], SAID_AT)
    run_cli(root, "--force")
    memory = "\n".join(path.read_text() for path in sorted((root / "memory").glob("*.md")))
    return memory, run_cli(root, "show", "--all-decisions").output


# (listed by its first words: no rule that finds a secret reads its language)
@pytest.mark.parametrize(("said", "listed"), [
    ("Utilise toujours pnpm dans ce dépôt, jamais npm.", "Utilise toujours pnpm …"),
    ("Bitte verwende immer Tabs statt Leerzeichen.", "Bitte verwende immer …"),
    ("コミットメッセージは必ず英語で書いてください。", "…"),
    ("Usa siempre pnpm en este repositorio.", "Usa siempre pnpm …"),
])
def test_a_message_the_local_engine_cannot_read_is_listed_as_dropped(
        tmp_path: Path, said: str, listed: str) -> None:
    memory, shown = _dream(tmp_path / "work", said)

    assert f"dropped    {listed}\n             {NOT_ENGLISH}" in shown
    assert "uv for the Python tooling" in memory  # the English rule beside it is kept


# (near misses: English with a word or a name of another language)
@pytest.mark.parametrize(("said", "kept"), [
    ("Keep 日本語 comments as they are, never translate them.", "Keep 日本語 comments"),
    ("Always name the café service café-api.", "name the café service café-api"),
    ("Use café as the cache dir name.", None),
    ("Müller owns billing.", None),
    ("Ask Müller before touching billing.", None),
])
def test_an_english_sentence_with_a_word_of_another_language_is_english(
        tmp_path: Path, said: str, kept: str | None) -> None:
    memory, shown = _dream(tmp_path / "work", said)

    assert "not English" not in shown
    if kept is not None:
        assert kept in memory


# (rev178: each was called not English, its capitalised name read as a French, Spanish or German
# word; a word of another language tells only in lower case, as it stands mid-sentence)
@pytest.mark.parametrize("said", [
    "Los Angeles office.",
    "Le Monde article.",
    "Et cetera.",
    "Das Boot.",
])
def test_a_capitalised_name_is_no_word_of_another_language(tmp_path: Path, said: str) -> None:
    _, shown = _dream(tmp_path / "work", said)

    assert "not English" not in shown


# (rev184: each was shown whole by show --all-decisions and kept whole in the run's record, the
# password with it; main listed none of them)
@pytest.mark.parametrize(("said", "listed"), [
    ("Das Passwort für staging ist Xk9plq2291.", "Das Passwort für …"),
    ("La contraseña de staging es Xk9plq2291 para siempre.", "La contraseña de …"),
    ("Mot de passe staging = Xk9plq2291 toujours.", "Mot de passe …"),
])
def test_a_secret_said_in_another_language_is_never_shown(
        tmp_path: Path, said: str, listed: str) -> None:
    root = tmp_path / "work"
    _, shown = _dream(root, said)

    assert f"dropped    {listed}\n             {NOT_ENGLISH}" in shown
    assert "Xk9plq2291" not in shown
    assert "Xk9plq2291" not in run_cli(root, "show", "--json").output
    held = [path for path in root.rglob("*") if path.is_file() and "sessions" not in
            path.relative_to(root).parts and "Xk9plq2291" in path.read_text(errors="replace")]
    assert held == []  # but the session the person said it in
