"""A table's row of two cells, a credential's name and its value, no "is" or "was" between ("|
token | abc123XYZ987 |", "| api key | sk-live-abcdef123456 |"): the value was shown to the model
and kept in memory, where "| password | hunter2 |", "| secret | Hunter2xyz |" and "| token | is
abc123XYZ987 |" were hidden. A key's or a token's value there is now hidden when generated
(letters of both cases and digits in two runs or more) or prefixed by its issuer; what such a
row names otherwise (a charset, a hex literal, a cipher, a device, a model or a runtime and its
version, a stage, a plan, a shortcut, a number of tokens), a word chosen as a password is
("Hunter2xyz": a key or a token is generated, never chosen), a row of a third cell, a key not
named for a credential ("| hot key |", a key-value table's "| key |"), a column headed "token"
in a table of counts, stay as written."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path

import pytest

from autodream.redact import find_secrets, redact
from tests.factories import project_with_one_session, run_cli, what_a_dream_kept
from tests.redacted import MARK, hides_only
from tests.scripted_api import ScriptedAPI, tool_use
from tests.test_secret_sweep import _claude_dream

SAID_AT = datetime(2026, 7, 1, 9, 0, tzinfo=UTC)


@pytest.mark.parametrize("name", [
    "token", "api key", "access key", "private key", "deploy token", "**API key**",
    "Grafana admin token",
])
@pytest.mark.parametrize("value", [
    "abc123XYZ987", "9fK2mQ7xLp", "sk-live-abcdef123456", "pk_test_51Hq8Zd2x9",
])
def test_a_credentials_row_of_two_cells_hides_its_value(name: str, value: str) -> None:
    for row, shown in ((f"| {name} | {value} |", f"| {name} | {MARK} |"),
                       (f"| {name} | `{value}` |", f"| {name} | `{MARK}` |"),
                       (f"Remember this: | {name} | {value} |",
                        f"Remember this: | {name} | {MARK} |"),
                       (f"| host | db1 |\n| {name} | {value} |\n",
                        f"| host | db1 |\n| {name} | {MARK} |\n")):
        assert redact(row) == shown, row


@pytest.mark.parametrize("text", [
    # (what a key's or a token's row names: a charset, a name in code, a hex literal, a size,
    # a product, a model, a tokenizer, a variable, a stand-in)
    "| token | utf8MB4 |",
    "| api key | utf8MB4 |",
    "| token | k8sAPI |",
    "| token | 0xDeadBeef |",
    "| api key | 4oMini |",
    "| token | 2xLarge |",
    "| token | OAuth2 |",
    "| token | GPT4Turbo |",
    "| token | Llama3-8B |",
    "| token | Qwen2.5-7B |",
    "| token | Mixtral8x7B |",
    "| token | cl100k_base |",
    "| token | gpt-4o-mini |",
    "| api key | text-embedding-3-small |",
    "| api key | claude-3-5-sonnet-20241022 |",
    "| api key | OPENAI_API_KEY |",
    "| api key | ${OPENAI_API_KEY} |",
    "| token | Placeholder-Token-2024 |",
    "| token | Test-abc123XYZ987 |",
    "| token | 128000 |",
    # (what a credential's row names, a word and its version, size or stage, or keys joined by
    # "+": a cipher, a device, a model, a runtime, a region, a plan, a shortcut, a certificate's
    # version, a curve, a lifetime; each was hidden as a password chosen with a digit is)
    "| encryption key | XChaCha20-Poly1305 |",
    "| signing key | YubiKey-5C |",
    "| private key | Kyber-768 |",
    "| deploy token | Staging-2 |",
    "| api key | Tier-2 |",
    "| token | GPT-4o |",
    "| api key | Python-3.11 |",
    "| token | Node-18 |",
    "| access key | Ubuntu-22.04 |",
    "| api key | Claude-3.5-Sonnet |",
    "| token | Mistral-7B |",
    "| token | Llama-3-8B |",
    "| api key | DeepSeek-V3 |",
    "| secret key | Alt+F4 |",
    "| service key | Shift+F10 |",
    "| signing key | X509v3 |",
    "| private key | Secp256r1 |",
    "| access key | EU-West-1 |",
    "| session token | TTL-1h |",
    "| token | gh-actions2024 |",
    # (a word chosen as a password is, where a key or a token is generated)
    "| access key | Hunter2xyz |",
    "| token | Summer2024! |",
    # (a key named for no credential, a key-value table's "key", a page's token)
    "| hot key | Ctrl+Alt+Del2 |",
    "| key | Hunter2xyz |",
    "| page token | abc123XYZ987 |",
    "| sort key | abc123XYZ987 |",
    # (a row of three cells: a thing, a model, a count beside the name)
    "| api key | sk-live-abcdef123456 | rotated |",
    "| prod | token | abc123XYZ987 |",
    # (a column headed "token" in a table of token counts)
    "| token | count |\n|---|---|\n| the | 12345 |\n| gpt4o | 128000 |\n| Hunter2 | 7 |",
])
def test_what_a_two_cell_row_names_is_left_as_written(text: str) -> None:
    assert find_secrets(text) == []
    assert redact(text) == text


def test_a_dream_keeps_no_value_of_a_credentials_row_of_two_cells(tmp_path: Path) -> None:
    root = tmp_path / "work"
    project_with_one_session(root, [
        "Remember this table: | token | abc123XYZ987 |",
        "Remember this table: | api key | sk-live-abcdef123456 |",
        "Remember this table: | key | utf8MB4 |",
        "Remember this table: | token | k8sAPI |",
    ], SAID_AT)

    run_cli(root, "--force")

    kept = what_a_dream_kept(root)
    shown = run_cli(root, "show", "--json").output + run_cli(root, "show").output
    for secret in ("abc123XYZ987", "sk-live-abcdef123456"):
        assert secret not in kept
        assert secret not in shown
    assert "| key | utf8MB4 |" in kept
    assert "| token | k8sAPI |" in kept


def test_claude_reads_no_value_of_a_credentials_row_of_two_cells(
    tmp_path: Path, api: list[ScriptedAPI]
) -> None:
    root = tmp_path / "work"
    session = project_with_one_session(root, [
        "Remember these:\n| token | abc123XYZ987 |\n| api key | sk-live-abcdef123456 |",
    ], SAID_AT)
    _, sent = _claude_dream(
        root, api,
        tool_use("read_file", {"path": f"sessions/{session.name}"}),
        tool_use("grep", {"pattern": "token|key", "path": "sessions/"}))
    assert "Remember these" in sent  # the transcript was read
    for secret in ("abc123XYZ987", "sk-live-abcdef123456"):
        assert secret not in sent
        assert secret not in what_a_dream_kept(root)


@pytest.mark.parametrize(("row", "shown"), [
    ("| api key | **sk-live-abcdef123456** |", f"| api key | **{MARK}** |"),
    ("| token | **abc123XYZ987** |", f"| token | **{MARK}** |"),
    ("| password | **Hunter2xyz** |", f"| password | **{MARK}** |"),
    ("| secret | **Hunter2xyz** |", f"| secret | **{MARK}** |"),
    ("| token | is **abc123XYZ987** |", f"| token | is **{MARK}** |"),
    ("| password | **`Hunter2xyz`** |", f"| password | **`{MARK}`** |"),
    ("| user | password |\n|---|---|\n| admin | **Hunter2xyz** |",
     f"| user | password |\n|---|---|\n| admin | **{MARK}** |"),
    # (an issuer's value said after "is": hidden as "sk-live-abcdef123456**" only, as chosen)
    ("| token | is **sk-live-abcdef123456** |", f"| token | is **{MARK}** |"),
    ("| secret | is sk-live-abcdef123456 |", f"| secret | is {MARK} |"),
    ("| api key | was pk_test_51Hq8Zd2x9 |", f"| api key | was {MARK} |"),
    # (bold never closed: as before)
    ("| password | **Hunter2xyz |", f"| password | **{MARK} |"),
])
def test_a_value_in_bold_is_hidden_between_its_marks(row: str, shown: str) -> None:
    # (the closing "**" was read as the value's and hidden with it, the row's bold left open;
    # a key's value in bold, "sk-live-abcdef123456**", read as no issuer's and shown)
    assert redact(row) == shown


@pytest.mark.parametrize("wrapped", [
    "***{}***", "**{}***", "***{}**", "**_{}_**", "**_{}**", "**{}_**", "**{}****", "**{}**",
])
@pytest.mark.parametrize("value", [
    "sk-live-abcdef123456", "ghp_abcdefghijklmnopqrstuvwxyz0123456789",
    "xoxb-1234567890-abcdefghij", "AKIAIOSFODNN7EXAMPLE",
])
def test_a_value_in_bold_and_italics_is_hidden_between_its_marks(wrapped: str,
                                                                  value: str) -> None:
    # (an italic mark inside the bold, or a closing mark over, was read as the value's:
    # "sk-live-abcdef123456*", "sk-live-abcdef123456**" and
    # "_ghp_..._" have no issuer's shape, and the "_" before an access key's id hid it from
    # its own pattern, so a row main hid was shown)
    for name in ("token", "api key", "secret", "access key"):
        for verb in ("", "is "):
            row = f"| {name} | {verb}{wrapped.format(value)} |"
            shown = redact(row)
            assert value not in shown, row
            # (every mark kept around the value's)
            assert re.sub(r"\[REDACTED:[a-z-]+\]", value, shown) == row, shown


@pytest.mark.parametrize(("said", "secret"), [
    ("The token is abc123XYZ987.", "abc123XYZ987"),
    ("The API key was 9fK2mQ7xLp, rotate it.", "9fK2mQ7xLp"),
    ("The access key = abc123XYZ987", "abc123XYZ987"),
    ("my session token is Qm4xZ9kLp2Rt", "Qm4xZ9kLp2Rt"),
])
def test_a_generated_value_said_of_a_token_in_prose_is_hidden(said: str, secret: str) -> None:
    # (too short to read as random, it was shown, and a dream kept it in memory)
    hides_only(said, (secret,))


@pytest.mark.parametrize("said", [
    "The cache key is abc123XYZ987.",  # (no credential's key)
    "The token count is abc123XYZ987",  # (a count's name)
    "The tokenizer is abc123XYZ987.",
    "The token is 3Blue1Brown.",  # (a capitalised word in it)
    "The token is 0xDeadBeef00.",  # (a hex literal)
    "My token is utf8MB4.",  # (one digit run, too short)
])
def test_a_value_not_generated_or_no_tokens_is_left_as_written(said: str) -> None:
    assert redact(said) == said
