"""A credential's value said in a sentence or a table's cell, shown where its like was hidden: in
lower case alone ("I was wrong, the API token is now xyz987abc654.", "| token | xyz987abc654
|"), where "xyz987ABC654" was hidden; between single emphasis marks ("| token | _ghp_..._ |",
"| api key | *sk-live-abcdef123456* |", "The token is _abc123XYZ987_."), where the bare value
was; said as what the token was made ("was rotated to ...") or after an arrow ("token -> ..."),
in quotes of another kind ("«...»", "「...」"), or as one's own key's ("my key is now ...").
A dream kept each in a memory file, MEMORY.md, the run's record and ``show``; each dream's test
has a session say it and reads all of what the dream left and told."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime
from pathlib import Path

import pytest

from autodream.redact import redact
from tests.factories import (
    LEAST_GATES,
    project_dirs,
    project_with_one_session,
    run_cli,
    say_on_day,
    what_a_dream_kept,
)
from tests.redacted import hides_only

SAID_AT = datetime(2026, 7, 1, 9, 0, tzinfo=UTC)


def _told(root: Path) -> str:
    """All a person reads of the dream: its memory dir (the run's record and DREAMS.md with it),
    ``show`` (text, every decision, --json) and ``log``."""
    return what_a_dream_kept(root) + "".join(run_cli(root, *command).output for command in (
        ["show"], ["show", "--all-decisions"], ["show", "--all-decisions", "--json"], ["log"]))


def _decisions(root: Path) -> list[tuple[str, str]]:
    shown = json.loads(run_cli(root, "show", "--all-decisions", "--json").output)
    return [(d["action"], d["subject"]) for d in shown["run"]["decisions"]]


def test_a_dream_keeps_no_token_in_lower_case_said_after_a_correction(tmp_path: Path) -> None:
    # (the commit before kept it: a topic file, its line in MEMORY.md, 'created' and 'kept' in
    # the run's record, show and log)
    project_with_one_session(tmp_path, ["I was wrong, the API token is now xyz987abc654."],
                             SAID_AT)

    run_cli(tmp_path, "--force")

    assert "xyz987abc654" not in _told(tmp_path)
    # (dropped as a secret's sentence, as "xyz987ABC654" is)
    assert _decisions(tmp_path) == [
        ("dropped", "I was wrong, the API token is now [REDACTED:assigned-secret].")]


@pytest.mark.parametrize(("said", "secret"), [
    ("I was wrong, the API token is now xyz987abc654.", "xyz987abc654"),
    ("The API token is xyz987abc654.", "xyz987abc654"),
    ("the deploy token was a8kj3mq9xz", "a8kj3mq9xz"),
    ("The access key = abc123def456", "abc123def456"),
])
def test_a_generated_value_in_lower_case_said_of_a_token_is_hidden(said: str,
                                                                    secret: str) -> None:
    hides_only(said, (secret,))


@pytest.mark.parametrize("said", [
    "The cache key is xyz987abc654.",  # (no credential's key)
    "The token is cl100kbase2.",  # (a word and its count: "kbase")
    "The token count is 123456789012.",  # (no letters between)
    "The token is abcdef1234.",  # (one digit run)
    "The API key is sha256hashed.",  # (one digit run)
])
def test_a_value_in_lower_case_not_generated_or_no_credentials_is_left(said: str) -> None:
    assert redact(said) == said


def test_a_dream_keeps_a_key_named_by_words_and_numbers_as_a_memory(tmp_path: Path) -> None:
    # (the commit before dropped it whole as a credential's sentence, where main kept it)
    project_with_one_session(tmp_path, ["Remember: our key is region1shard2, partition by it."],
                             SAID_AT)

    run_cli(tmp_path, "--force")

    assert "Our key is region1shard2, partition by it." in what_a_dream_kept(tmp_path)
    assert ("created", "Our key is region1shard2, partition by it.") in _decisions(tmp_path)


@pytest.mark.parametrize("said", [
    "My key is region1shard2",  # (words joined by numbers: "region", "shard")
    "Their key was c5n18xlarge",  # (an instance's type)
    "The token is cl100kbase2.",
    "The API token is base64url2enc.",
    "The token is 0xdeadbeef12.",  # (a hex literal)
    "The token is 0x1f2e3d4c5b.",
    "my key is 4aee18f83afdeb23",  # (a GPG key's id in hex)
    "| token | region1shard2 |",
])
def test_words_and_numbers_or_hex_in_lower_case_are_left(said: str) -> None:
    assert redact(said) == said


def test_a_dream_keeps_no_value_between_single_emphasis_marks(tmp_path: Path) -> None:
    # (the commit before kept each in a topic file, its name too:
    # "project_table-api-key-sk-live-abcdef123456.md")
    project_with_one_session(tmp_path, [
        "Remember this table: | token | _ghp_abcdefghijklmnopqrstuvwxyz0123456789_ |",
        "Remember this table: | api key | *sk-live-abcdef123456* |",
        "Remember: the token is _abc123XYZ987_.",
        "Remember this table: | token | _utf8MB4_ |",
    ], SAID_AT)

    run_cli(tmp_path, "--force")

    told = _told(tmp_path)
    for secret in ("ghp_abcdefghijklmnopqrstuvwxyz0123456789", "sk-live-abcdef123456",
                   "abc123XYZ987"):
        assert secret not in told, secret
    # (the marks kept around the marker; a charset between marks kept as a memory)
    assert ("dropped", "Remember this table: | api key | *[REDACTED:assigned-secret]* |"
            ) in _decisions(tmp_path)
    assert "| token | _utf8MB4_ |" in what_a_dream_kept(tmp_path)


@pytest.mark.parametrize(("said", "secret"), [
    ("| token | _ghp_abcdefghijklmnopqrstuvwxyz0123456789_ |",
     "ghp_abcdefghijklmnopqrstuvwxyz0123456789"),
    ("| token | is __xoxb-1234567890-abcdefghij__ |", "xoxb-1234567890-abcdefghij"),
    ("| api key | *sk-live-abcdef123456* |", "sk-live-abcdef123456"),
    ("| access key | _AKIAIOSFODNN7EXAMPLE_ |", "AKIAIOSFODNN7EXAMPLE"),
    ("| token | *abc123XYZ987* |", "abc123XYZ987"),
    ("| name | api key |\n|---|---|\n| ci | _AKIAIOSFODNN7EXAMPLE_ |",
     "AKIAIOSFODNN7EXAMPLE"),
    ("The token is _abc123XYZ987_.", "abc123XYZ987"),
    ("The token is **abc123XYZ987**.", "abc123XYZ987"),
    ("the api key: *xyz987abc654*", "xyz987abc654"),
    ("The token is _ghp_abcdefghijklmnopqrstuvwxyz0123456789_.",
     "ghp_abcdefghijklmnopqrstuvwxyz0123456789"),
])
def test_a_value_between_emphasis_marks_is_hidden_inside_them(said: str, secret: str) -> None:
    hides_only(said, (secret,))
    # (every mark kept around the marker)
    assert re.sub(r"\[REDACTED:[a-z-]+\]", secret, redact(said)) == said


@pytest.mark.parametrize("said", [
    "| token | _utf8MB4_ |",  # (one digit run)
    "| cache key | _abc123XYZ987_ |",  # (no credential's key)
    "The cache key is _abc123XYZ987_.",
    "The token is __init__.",
    "The token count is _1234567890_.",
    "The token is *3Blue1Brown*.",
])
def test_what_emphasis_marks_hold_otherwise_is_left(said: str) -> None:
    assert redact(said) == said


def test_a_dream_keeps_no_token_said_made_to_or_after_an_arrow(tmp_path: Path) -> None:
    # (the commit before kept each in a topic file: 'The API token was rotated to
    # abc123XYZ987.', 'Staging token -> abc123XYZ987.')
    project_with_one_session(tmp_path, [
        "Remember: the API token was rotated to abc123XYZ987.",
        "Remember: staging token -> xyz987abc654",
    ], SAID_AT)

    run_cli(tmp_path, "--force")

    told = _told(tmp_path)
    for secret in ("abc123XYZ987", "xyz987abc654"):
        assert secret not in told, secret
    assert ("dropped", "Remember: the API token was rotated to [REDACTED:assigned-secret]."
            ) in _decisions(tmp_path)


@pytest.mark.parametrize(("said", "secret"), [
    ("the token changed to abc123XYZ987", "abc123XYZ987"),
    ("The API token was rotated to abc123XYZ987.", "abc123XYZ987"),
    ("our deploy token is now set to abc123XYZ987", "abc123XYZ987"),
    ("The API token has been reset to xyz987abc654.", "xyz987abc654"),
    ("token -> abc123XYZ987", "abc123XYZ987"),
    ("API key => abc123XYZ987", "abc123XYZ987"),
    ("staging token \u2192 abc123XYZ987", "abc123XYZ987"),
])
def test_a_tokens_value_it_was_made_or_an_arrow_gives_is_hidden(said: str, secret: str
                                                                ) -> None:
    hides_only(said, (secret,))


@pytest.mark.parametrize("said", [
    "token -> id mapping",
    "token -> tokenizer2go",  # (one digit run)
    "The cache key changed to abc123XYZ987",  # (no credential's key)
    "The token changed to a new format in v2",
    "the token set to 3Blue1Brown",
    "sort key -> abc123XYZ987",
])
def test_what_a_token_was_made_or_an_arrow_gives_otherwise_is_left(said: str) -> None:
    assert redact(said) == said


def test_a_dream_keeps_no_token_said_in_quotes_of_another_kind(tmp_path: Path) -> None:
    # (the commit before kept each in a topic file: 'The API token is «abc123XYZ987».')
    project_with_one_session(tmp_path, [
        "Remember: the API token is \u00ababc123XYZ987\u00bb.",
        "Remember: the deploy token is \u300cxyz987abc654\u300d.",
        "Remember: the access key is \u201c9fK2mQ7xLp4z\u201d.",
    ], SAID_AT)

    run_cli(tmp_path, "--force")

    told = _told(tmp_path)
    for secret in ("abc123XYZ987", "xyz987abc654", "9fK2mQ7xLp4z"):
        assert secret not in told, secret
    assert ("dropped", "Remember: the API token is \u00ab[REDACTED:assigned-secret]\u00bb."
            ) in _decisions(tmp_path)


@pytest.mark.parametrize(("said", "secret"), [
    ("The token is \u00ababc123XYZ987\u00bb.", "abc123XYZ987"),
    ("The token is \u00ab abc123XYZ987 \u00bb.", "abc123XYZ987"),
    ("The token is \u00ab\u00a0abc123XYZ987\u00a0\u00bb.", "abc123XYZ987"),
    ("The token is \u300cabc123XYZ987\u300d\u3067\u3059\u3002", "abc123XYZ987"),
    ("the token is abc123XYZ987\u3002", "abc123XYZ987"),
    ("The API key is \u201cabc123XYZ987\u201d.", "abc123XYZ987"),
    ("The API key is \u2018abc123XYZ987\u2019.", "abc123XYZ987"),
])
def test_a_tokens_value_in_quotes_of_another_kind_is_hidden(said: str, secret: str) -> None:
    hides_only(said, (secret,))
    # (the quotes kept around the marker)
    assert re.sub(r"\[REDACTED:[a-z-]+\]", secret, redact(said)) == said


@pytest.mark.parametrize("said", [
    "The cache key is \u00ababc123XYZ987\u00bb.",  # (no credential's key)
    "The token is \u201cBearer\u201d.",
    "The token is \u00abtokenizer_v2\u00bb.",
    "The token is \u300c3Blue1Brown\u300d.",
])
def test_what_quotes_of_another_kind_hold_otherwise_is_left(said: str) -> None:
    assert redact(said) == said


def test_a_dream_keeps_no_value_of_ones_own_key(tmp_path: Path) -> None:
    # (the commit before kept it in a topic file; "my key: ..." was hidden)
    project_with_one_session(tmp_path, ["Remember: my key is now xyz987abc654."], SAID_AT)

    run_cli(tmp_path, "--force")

    assert "xyz987abc654" not in _told(tmp_path)
    assert _decisions(tmp_path) == [
        ("dropped", "Remember: my key is now [REDACTED:assigned-secret].")]


@pytest.mark.parametrize(("said", "secret"), [
    ("my key is abc123XYZ987", "abc123XYZ987"),
    ("My key is now xyz987abc654.", "xyz987abc654"),
    ("our key was abc123XYZ987", "abc123XYZ987"),
])
def test_a_generated_value_of_ones_own_key_is_hidden(said: str, secret: str) -> None:
    hides_only(said, (secret,))


@pytest.mark.parametrize("said", [
    "My key is 4AEE18F83AFDEB23",  # (a GPG key's id, in hex)
    "my key is 4aee18f83afdeb23",
    "our key is user_id_2",
    "my key is 3Blue1Brown",
    "My key is F5.",
    "the key is abc123XYZ987",  # (no one's: a sort key's as often)
    "my monkey is abc123XYZ987",
])
def test_what_ones_own_key_is_otherwise_is_left(said: str) -> None:
    assert redact(said) == said


def test_a_dream_keeps_no_generated_value_in_lower_case_in_a_credentials_row(tmp_path: Path
                                                                              ) -> None:
    # (the commit before kept each in a topic file, where '| password | a8kj3mq9xz |' and
    # '| token | xyz987ABC654 |' were hidden)
    project_with_one_session(tmp_path, [
        "Remember this table: | token | xyz987abc654 |",
        "Remember this table: | password | is a8kj3mq9xz |",
    ], SAID_AT)

    run_cli(tmp_path, "--force")

    told = _told(tmp_path)
    for secret in ("xyz987abc654", "a8kj3mq9xz"):
        assert secret not in told, secret


@pytest.mark.parametrize(("said", "secret"), [
    ("| token | xyz987abc654 |", "xyz987abc654"),
    ("| api key | a8kj3mq9xz |", "a8kj3mq9xz"),
    ("| token | is xyz987abc654 |", "xyz987abc654"),
    ("| password | is a8kj3mq9xz |", "a8kj3mq9xz"),
])
def test_a_generated_value_in_lower_case_in_a_credentials_row_is_hidden(said: str,
                                                                        secret: str) -> None:
    hides_only(said, (secret,))


@pytest.mark.parametrize("said", [
    "| prod | token | xyz987abc654 |",  # (a third cell: read as a sentence reads it)
    "| key | xyz987abc654 |",  # (a key-value table's key)
    "| cache key | xyz987abc654 |",
    "| token | abcdef1234 |",  # (one digit run)
    "| token | is v2beta3release |",  # (a version)
    "the token is v2beta3release",
])
def test_what_a_row_holds_in_lower_case_otherwise_is_left(said: str) -> None:
    assert redact(said) == said


def test_a_dream_keeps_no_generated_value_in_lower_case_listed_under_tokens(tmp_path: Path
                                                                             ) -> None:
    # (main kept each in a topic file; the name says credential as "the token is" does)
    project_with_one_session(tmp_path, [
        "Remember the deploy tokens: xyz987abc654",
        "Remember these credentials:\n- a8kj3mq9xz",
    ], SAID_AT)

    run_cli(tmp_path, "--force")

    told = _told(tmp_path)
    for secret in ("xyz987abc654", "a8kj3mq9xz"):
        assert secret not in told, secret


@pytest.mark.parametrize(("said", "secret"), [
    ("tokens: xyz987abc654", "xyz987abc654"),
    ("Tokens:\n- a8kj3mq9xz", "a8kj3mq9xz"),
    ("credentials: a8kj3mq9xz", "a8kj3mq9xz"),
    ("Credentials:\n- xyz987abc654", "xyz987abc654"),
])
def test_a_generated_value_in_lower_case_listed_under_tokens_is_hidden(said: str,
                                                                       secret: str) -> None:
    hides_only(said, (secret,))


@pytest.mark.parametrize("said", [
    "credentials: base64url2enc",  # (words and numbers: "base")
    "tokens: region1shard2",
    "next page tokens: xyz987abc654",  # (no credential's tokens)
])
def test_words_and_numbers_listed_under_tokens_are_left(said: str) -> None:
    assert redact(said) == said


def test_a_dream_names_an_issuers_token_in_bold_after_an_arrow_by_its_kind(tmp_path: Path
                                                                           ) -> None:
    # (the commit before gave '[REDACTED:assigned-secret]', the marks hidden with the value,
    # where main gave the issuer's kind inside them)
    project_with_one_session(tmp_path, [
        "Remember: the API token was rotated to **ghp_abcdefghijklmnopqrstuvwxyz0123456789**.",
    ], SAID_AT)

    run_cli(tmp_path, "--force")

    assert "ghp_abcdefghijklmnopqrstuvwxyz0123456789" not in _told(tmp_path)
    assert ("dropped", "Remember: the API token was rotated to **[REDACTED:github-token]**."
            ) in _decisions(tmp_path)


@pytest.mark.parametrize(("said", "shown"), [
    ("token -> **ghp_abcdefghijklmnopqrstuvwxyz0123456789**",
     "token -> **[REDACTED:github-token]**"),
    ("the token was rotated to **AKIAIOSFODNN7EXAMPLE**.",
     "the token was rotated to **[REDACTED:aws-access-key]**."),
    ("The API token is now *sk-proj-AbC123dEf456GhI789jKl012*",
     "The API token is now *[REDACTED:openai-key]*"),
    ("token -> _sk-proj-AbC123dEf456GhI789jKl012_",  # (its pattern reads no '_' before it)
     "token -> _[REDACTED:assigned-secret]_"),
])
def test_an_issuers_token_between_marks_keeps_its_kind_and_marks(said: str, shown: str) -> None:
    assert redact(said) == shown


@pytest.mark.parametrize("value", ["xyz987abc654", "_xyz987abc654_", "**abc123XYZ987**"])
def test_a_note_of_a_credentials_row_in_memory_md_never_fails_the_dream(
        tmp_path: Path, value: str) -> None:
    # (review rev241 R1: "- | token | xyz987abc654 |" in MEMORY.md read as a table's row alone
    # hides its value, and as the list line it is there does not: every dream failed, 'check
    # failed: MEMORY.md: 1 of 3 prior entries and notes lost', the note still there as written)
    root = tmp_path / "proj"
    project_dirs(root, LEAST_GATES)
    memory = root / "memory"
    (memory / "a.md").write_text("---\nname: Deploy\ndescription: deploy with fly\n"
                                 "type: reference\n---\n\nDeploys go through fly.io.\n",
                                 encoding="utf-8")
    (memory / "b.md").write_text("---\nname: Postgres\ndescription: db port\ntype: project\n"
                                 "---\n\nThe staging Postgres listens on port 6543.\n",
                                 encoding="utf-8")
    note = f"- | token | {value} |"
    (memory / "MEMORY.md").write_text(
        f"- [Deploy](a.md) — deploy with fly\n- [Postgres](b.md) — db port\n{note}\n",
        encoding="utf-8")
    say_on_day(root, 1, "Always run the linter before committing.")
    for day in ("2026-07-02T09:00:00Z", "2026-07-03T09:00:00Z"):
        run_cli(root, "--force", now=day)  # (exit 0, or run_cli fails the test)
        index = (memory / "MEMORY.md").read_text(encoding="utf-8")
        assert "](a.md)" in index and "](b.md)" in index and note in index, index
