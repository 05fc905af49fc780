"""A token, or a key named for what it opens, given a value in a sentence ("the token is
Qx-Token-99812", "api_token: ...", "the access token's ..."): the value is kept out of memory,
its index and its file's name, and the many keys and tokens that are no credential (a sort,
S3, i18n or idempotency key, a page token, a model's tokens, a key on the keyboard) are left
as written."""

from __future__ import annotations

from pathlib import Path

import pytest

from autodream.redact import contains_secret, redact
from tests.factories import project_with_one_session, run_cli, what_a_dream_kept
from tests.test_secret_sweep import SAID_AT

MARK = "[REDACTED:assigned-secret]"

# (what the person said, the secret in it)
NAMED: list[tuple[str, str]] = [
    ("the token is Qx-Token-99812", "Qx-Token-99812"),
    ("token=Qx-Token-99812", "Qx-Token-99812"),
    ("the token: Qx-Token-99812", "Qx-Token-99812"),
    ("api_token: Qx-Token-99812", "Qx-Token-99812"),
    ("Always deploy by hand; the deploy token is Pg-Secret-2291.", "Pg-Secret-2291"),
    ("The api key is Qx-Token-99812, use it for staging", "Qx-Token-99812"),
    ("the access token's Xk9mQ7vL8pR4tW2z", "Xk9mQ7vL8pR4tW2z"),
    ("Always use the deploy token Pg-Secret-2291", "Pg-Secret-2291"),
    # the same said otherwise: a vendor's or a place's name before it, in markdown, in JSON,
    # quoted, after "IS", a curly apostrophe, a name in one word
    ("The GitHub token is Qx-Token-99812", "Qx-Token-99812"),
    ("our staging token: Qx-Token-99812", "Qx-Token-99812"),
    ("**Token:** Qx-Token-99812", "Qx-Token-99812"),
    ('"token": "Qx-Token-99812"', "Qx-Token-99812"),
    ("the token is `Qx-Token-99812`", "Qx-Token-99812"),
    ("The token IS Qx-Token-99812: use it for the CI", "Qx-Token-99812"),
    ("the access token\u2019s Xk9mQ7vL8pR4tW2z", "Xk9mQ7vL8pR4tW2z"),
    ("apikey=Qx-Token-99812", "Qx-Token-99812"),
    ("the signing key is Xk9mQ7vL8pR4tW2z", "Xk9mQ7vL8pR4tW2z"),
    ("(session token: Qx-Token-99812)", "Qx-Token-99812"),
    # (a word that names no credential before another name on the line leaves it to be read)
    ("the monkey: api_key=Qx-Token-99812", "Qx-Token-99812"),
    # any word of its own before the name, the value after ":" or "=" ("Grafana", "staging db")
    ("Remember: Grafana token: Qx-Token-99812", "Qx-Token-99812"),
    ("the Grafana db token = Qx-Token-99812", "Qx-Token-99812"),
    ("Grafana key: Xk9mQ7vL8pR4tW2z", "Xk9mQ7vL8pR4tW2z"),
    ("**Sentry token:** Qx-Token-99812", "Qx-Token-99812"),
    # what the token was, is now, became
    ("Remember: the token was Qx-Token-99812", "Qx-Token-99812"),
    ("the token is now Qx-Token-99812", "Qx-Token-99812"),
    ("the deploy token became Pg-Secret-2291 after the rotation", "Pg-Secret-2291"),
    # a product's name before "key" or "token", the value random in both cases or naming itself
    ("the Stripe key is Xk9mQ7vL8pR4tW2z", "Xk9mQ7vL8pR4tW2z"),
    ("Our Datadog token is Qx-Token-99812.", "Qx-Token-99812"),
    ("the Stripe key was Xk9mQ7vL8pR4tW2z until Monday", "Xk9mQ7vL8pR4tW2z"),
    # a value naming itself after a word of its own, whatever its number says (a year, a round
    # one): the word says which secret
    ("the token is Winter-Secret-2025", "Winter-Secret-2025"),
    ("the token is Deploy-Key-2000", "Deploy-Key-2000"),
    ("Grafana token: Admin-Pass-1000", "Admin-Pass-1000"),
    ("the api key is Summer_Token_2024, use it for staging", "Summer_Token_2024"),
    # (a role or placeholder word first, but a number of its own: a secret still)
    ("the token is Test-Token-99812", "Test-Token-99812"),
    ("Grafana token: Sample-Token-77123", "Sample-Token-77123"),
    # (a word for the kind of credential, or whose it is, first: a secret with a year too)
    ("the deploy token is Session-Secret-2025", "Session-Secret-2025"),
    ("the api key is Client-Secret-1000", "Client-Secret-1000"),
    ("the token is My-Pass-2000", "My-Pass-2000"),
    ("the token is Access-Key-2024", "Access-Key-2024"),
    ("Grafana token: Auth-Token-2000", "Auth-Token-2000"),
    ("the token is Default-Pass-2024", "Default-Pass-2024"),
]


@pytest.mark.parametrize(("text", "secret"), NAMED)
def test_a_value_given_to_a_token_or_a_credentials_key_is_redacted(
    text: str, secret: str
) -> None:
    # (as after "password is": a plain "token" or an "api key" named no secret, and the value
    # went to the topic file, MEMORY.md and the file's name)
    shown = redact(text)
    assert secret not in shown
    assert shown.replace(MARK, secret) == text
    assert not contains_secret(shown)


# Keys and tokens that are no credential, or no credential's value (35 of 268 sentences of API
# docs, database schemas, i18n, LLM tokens and keyboards, none changed)
ORDINARY = [
    "Remember: the DynamoDB partition key is tenantId#2024 and the sort key is createdAt-desc2"
    " for the orders table.",
    "The S3 key is Reports-2024-Q1.csv",
    "the idempotency key is Order-2024-11-27",
    "i18n key: menu.File-Open2",
    "the model key is Llama-3.1-8B",
    "key=Value2&foo=Bar3",
    "next_token: Page-0002-Of10",
    "the token is valid",
    "the token is expired",
    "the token is Bearer",
    "token: ${{ secrets.GH_TOKEN }}",
    "the key is Ctrl-C or F12",
    "The token is GITHUB_TOKEN2",
    "the token limit is 8192",
    "the key is utf8-encoded",
    "the key is Python3.12",
    "the token is JwtAuthV2Handler",
    "the Kafka key is OrderId-2024 for partitioning",
    "the continuation token is Cursor-2024-05-01",
    "the sync token is Sync-Token-42 from the Google Calendar API",
    "the api key is X-API-Key2 in the OpenAPI spec",
    "the access token is RS256-signed by the identity provider",
    "The prod token is rotated by Terraform-Cloud-2.",
    "the token is 2024-01-15T10:00:00Z",
    "the signing key is Key-2024-01",
    "the token is Refresh-Token-V2",
    "the token is Token-2025",
    # (a value naming itself a key, but with a year, a key's size, a round count, a file's
    # name, or the name's own word: a label)
    "The api key is Key-Vault-2024 in Azure.",
    "the private key is RSA-Key-2048",
    "the bot token is Token-Bucket-1000 limited",
    "the signing key is Signing-Key-2291.pem",
    "the deploy key is Deploy-Key-2291",
    "The token is Token-Format-V2 in the RFC.",
    "The session key is Session-Id-v2 in the cookie.",
    "the EOS token is </s> and the pad token is <|endoftext|>",
    "token: Token2 = Depends(get_token)",
    # (any word before "key" or "token" but one naming no credential, and the value must read
    # as one: a product's name and "is" only with a value in both cases)
    "the partition key is customer_id",
    "the sort key is created_at",
    "the token is valid for 24 hours",
    "the token was rotated last week",
    "the token is now valid for 24 hours",
    "the key is in 1Password",
    "the primary key is id",
    "Grafana token: see Vault at secret/grafana",
    "the idempotency key: Xk9mQ7vL8pR4tW2z",
    "next page token: Qx-Token-99812",
    "the partition key: Xk9mQ7vL8pR4tW2z",
    "the GPG key is 4aee18f83afdeb23",
    "The key is Xk9mQ7vL8pR4tW2z in the fixture",
    "the Kafka key is OrderId-2024 for partitioning",
    "the Redis key: session-2291-user",
    "the Stripe key is rotated by Terraform-Cloud-2.",
    "Grafana key: Grafana-Key-2291",
    # (a value naming itself with a year whose first word says what kind of key or token it
    # is, or that it stands in for one: a label, a fixture's or the docs' placeholder)
    "Remember: Signing key: Release-Key-2024 is the label of the GPG subkey we use for releases.",
    "the token is Test-Token-2024 in the fixture",
    "the token is Dummy-Token-2024 for tests",
    "the api key is Example-Token-2024 in the docs",
    "the api key is Sample-Key-2024",
    "Grafana token: Sample-Token-2024",
    "the token is Fake-Token-2000 in the mock server",
    "| token | Placeholder-Token-2024 |",
    "token:\n  name: Deploy-Token-2024\n  scopes: [read_repository]",
]


@pytest.mark.parametrize("text", ORDINARY)
def test_a_key_or_token_that_is_no_credential_is_left_as_written(text: str) -> None:
    assert redact(text) == text
    assert not contains_secret(text)


def test_a_dream_keeps_a_tokens_value_out_of_memory_and_other_keys_in_it(tmp_path: Path) -> None:
    root = tmp_path / "work"
    project_with_one_session(root, [
        "Remember: the token is Qx-Token-99812 for the staging deploys.",
        "Always use the deploy token Pg-Secret-2291 when deploying staging.",
        "Remember: Grafana token: Gf-Token-77123",
        "Remember: the token is Winter-Secret-2025 for the nightly job.",
        "Remember: Signing key: Release-Key-2024 is the label of the GPG subkey we use for"
        " releases.",
        "Remember: the Stripe key is Xk9mQ7vL8pR4tW2z for billing.",
        "Remember: the DynamoDB partition key is tenantId#2024 and the sort key is "
        "createdAt-desc2 for the orders table.",
    ], SAID_AT)
    result = run_cli(root, "--force")

    kept = what_a_dream_kept(root)  # every file's name and bytes: memory, MEMORY.md, journal
    assert "Qx-Token-99812" not in kept
    assert "Pg-Secret-2291" not in kept
    assert "Gf-Token-77123" not in kept
    assert "Winter-Secret-2025" not in kept
    assert "Xk9mQ7vL8pR4tW2z" not in kept
    assert "Qx-Token-99812" not in result.output
    memory = (root / "memory" / "MEMORY.md").read_text()
    assert "tenantId#2024" in memory
    assert "the sort key is createdAt-desc2 for the orders table" in kept
    # (a key's label with a year is a memory, not a secret)
    assert "Release-Key-2024 is the label of the GPG subkey" in kept
