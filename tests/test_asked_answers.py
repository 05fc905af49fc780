"""The person's answer to the agent's AskUserQuestion dialog asking for a credential never shows
through grep or read_file: in the result's text ('"<question>"="<answer>"'), in its structured
copy (toolUseResult's "answers" and "annotations"), compact or pretty-printed; a JSON pair that
is no answer (a translation file's) shows as written."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from autodream import redact
from autodream.agent import ToolCall
from autodream.tools import ToolBox
from tests.factories import TranscriptBuilder
from tests.sandbox_tree import Tree, build_tree


@pytest.fixture
def tree(tmp_path: Path) -> Tree:
    return build_tree(tmp_path)


def ok(box: ToolBox, name: str, **inp: Any) -> str:
    result = box.call(ToolCall(f"id-{len(box.log)}", name, inp))
    assert not result.is_error, result.content
    return result.content


def _dialog(builder: TranscriptBuilder, question: str, answer: str,
            labels: tuple[str, ...] = ()) -> TranscriptBuilder:
    """An AskUserQuestion call and its result as Claude Code writes them: the pairs in the
    result's text, and its structured copy (toolUseResult) with the options and the answers."""
    asked = {"question": question, "header": "Ask", "multiSelect": False,
             "options": [{"label": label, "description": "as said"} for label in labels]}
    builder.tool_roundtrip(
        "AskUserQuestion", {"questions": [asked]},
        f'User has answered your questions: "{question}"="{answer}". You can now continue '
        "with the user's answers in mind.",
    )
    builder.records[-1]["toolUseResult"] = {"questions": [asked], "answers": {question: answer}}
    return builder


def _session(tree: Tree, question: str, answer: str) -> str:
    builder = TranscriptBuilder().user("Set up staging.")
    return "sessions/" + _dialog(builder, question, answer).assistant(
        "Noted, staging is set up.").write(tree.sessions).name


# (a question of 1,000 characters naming what it asks for at its start)
_LONG_QUESTION = "Which password should the seed use? " + "It fills the staging db. " * 38 + "Ok?"


@pytest.mark.parametrize(("question", "answer"), [
    # (no "?" ending the question: its copy in toolUseResult's answers showed the value)
    ("Please paste the staging API token.", "Xk9m-Q7vL-8pR4"),
    ("What should DB_PASS be? It goes in the staging .env", "quokka lantern"),
    (_LONG_QUESTION, "quokka lantern"),
])
def test_grep_and_read_file_never_show_an_answer_to_a_question_asking_for_a_secret(
    tree: Tree, question: str, answer: str
) -> None:
    path = _session(tree, question, answer)
    out = ok(tree.toolbox(), "grep", pattern="can now continue", path=path)
    assert answer not in out and '"="[REDACTED:asked-secret]"' in out
    for offset in (1, 3):  # the window with the call that asked, and without it
        shown = ok(tree.toolbox(), "read_file", path=path, offset=offset)
        assert answer not in shown and shown.count("[REDACTED:asked-secret]") == 2
        assert "staging is set up" in shown


def test_an_answer_over_two_lines_is_hidden_whole(tree: Tree) -> None:
    path = _session(tree, "What is the staging database password?", "quokka\nlantern-2291")
    out = ok(tree.toolbox(), "grep", pattern="answered", path=path)
    shown = ok(tree.toolbox(), "read_file", path=path)
    for text in (out, shown):
        assert "quokka" not in text and "lantern" not in text and "[REDACTED:asked-secret]" in text


def test_read_file_never_shows_the_persons_notes_on_a_question_asking_for_a_secret(
    tree: Tree
) -> None:
    # (the notes after the option's preview in the structured copy)
    question = "Which staging password should the seed script use?"
    builder = _dialog(TranscriptBuilder(), question, "Use vault", ("Use vault", "Skip"))
    builder.records[-1]["toolUseResult"]["annotations"] = {
        question: {"preview": "seed:\n  password: {vault}", "notes": "it is Pg-Secret-2291"}}
    path = "sessions/" + builder.write(tree.sessions).name
    shown = ok(tree.toolbox(), "read_file", path=path)
    assert "Pg-Secret-2291" not in shown and '"notes": "[REDACTED:asked-secret]"' in shown
    assert shown.count("Use vault") == 4  # the option picked stays


_PRETTY = json.dumps({"questions": [{"question": "Which region?"}], "answers": {
    "Which region?": "eu-west-1",
    "What is the staging database password?": "quokka lantern",
    "Please paste the deploy token.": "velvet harbour",
}}, indent=2)


def test_grep_and_read_file_never_show_pretty_printed_answers(tree: Tree) -> None:
    # (as `jq .toolUseResult` prints them into a project file, or a Bash result shows them)
    (tree.project / "answers.json").write_text(_PRETTY + "\n")
    builder = TranscriptBuilder().user("Show me the answers.")
    builder.tool_roundtrip("Bash", {"command": "jq .toolUseResult s.jsonl"}, _PRETTY)
    path = "sessions/" + builder.write(tree.sessions).name
    for shown in (ok(tree.toolbox(), "read_file", path="project/answers.json"),
                  ok(tree.toolbox(), "read_file", path=path),
                  ok(tree.toolbox(), "grep", pattern='": "',
                     path="project/answers.json")):
        assert "quokka" not in shown and "velvet" not in shown and "eu-west-1" in shown
        assert shown.count("[REDACTED:asked-secret]") == 2


def test_grep_and_read_file_show_a_translation_files_answers_to_questions(tree: Tree) -> None:
    # (a JSON key asking of a password is no question the person answered: Laravel's
    # lang/fr.json read "Forgot your password?": "[REDACTED:asked-secret]")
    (tree.project / "fr.json").write_text(
        '{\n  "Forgot your password?": "Mot de passe oublié ?",\n'
        '  "Don\'t have an API key?": "Créez-en une dans le tableau de bord",\n'
        '  "Log in": "Connexion"\n}\n')
    out = ok(tree.toolbox(), "grep", pattern="oublié", path="project/")
    assert out == 'project/fr.json:2:   "Forgot your password?": "Mot de passe oublié ?",'
    shown = ok(tree.toolbox(), "read_file", path="project/fr.json")
    assert "REDACTED" not in shown and "Créez-en une dans le tableau de bord" in shown
    compact = '{"Forgot your password?":"Mot de passe oublié ?"}'
    assert redact.redact(compact) == compact


def _cpu(text: str) -> float:
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        redact.redact(text)
        best = min(best, time.process_time() - start)
    return best


def test_many_pairs_after_answers_cost_as_their_length() -> None:
    # (a look back from each pair to where "answers" opened cost 60x on such text)
    line = '"answers":{"What is the port?":"5432","Which region?":"eu-west-1"},\n'
    small, large = line * 2_000, line * 8_000
    assert _cpu(large) < 8 * _cpu(small)
