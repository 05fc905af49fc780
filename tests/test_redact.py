from __future__ import annotations

import ast
import re
import re._constants as C
import re._parser as P
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from autodream import redact as redact_module
from autodream.redact import contains_secret, find_secrets, redact

# Built from parts so the repository itself carries no live-looking credential in one piece.
AWS_ID = "AKIA" + "IOSFODNN7EXAMPLE"
AWS_SECRET = "wJalrXUtnFEMI/K7MDENG/bPxRfiCY" + "EXAMPLEKEY"
NL = ord("\n")
PEM = "-----BEGIN RSA " + "PRIVATE KEY-----\nMIIEowIBAAKCAQEA7\nabc\n-----END RSA PRIVATE KEY-----"


@pytest.mark.parametrize(
    ("text", "kind", "secret"),
    [
        ("key sk-ant-" + "api03-AbCdEfGhIjKlMnOpQrStUv please", "anthropic-key", "sk-ant-"),
        ("export OPENAI_API_KEY=sk-proj-" + "A" * 30, "openai-key", "sk-proj-"),
        ("token ghp_" + "a1B2" * 9, "github-token", "ghp_"),
        (f"id {AWS_ID} ok", "aws-access-key", AWS_ID),
        (f"aws_secret_access_key = {AWS_SECRET}", "aws-secret-key", AWS_SECRET),
        (f"AWS secret {AWS_SECRET} for the deploy user", "aws-secret-key", AWS_SECRET),
        (f"the Secret Access Key, {AWS_SECRET}.", "aws-secret-key", AWS_SECRET),
        (f"aws creds: {AWS_ID} / {AWS_SECRET}", "aws-secret-key", AWS_SECRET),
        ("slack xoxb-" + "1234567890-abcdefghij", "slack-token", "xoxb-"),
        (PEM, "private-key", "MIIEowIBAAKCAQEA7"),
        ("curl -H 'Authorization: Bearer abcdef123456789XYZ'", "authorization-header", "abcdef123"),
        ("postgres://admin:hunter2secret@db.internal:5432/app", "url-password", "hunter2secret"),
        ("the password is Tr0ub4dor&3", "assigned-secret", "Tr0ub4dor&3"),
        ("DB_PASSWORD: 'correct-horse-battery'", "assigned-secret", "correct-horse-battery"),
        ("jwt eyJhbGciOiJIUzI1.eyJzdWIiOiIxMjM0.SflKxwRJSMeKKF2QT4", "jwt", "eyJhbGci"),
        ("stripe sk_live_" + "4eC39HqLyjWDarjtT1zdp7dc", "stripe-key", "sk_live_"),
        ("redis://:" + "mypassword123@redis.local:6379", "url-password", "mypassword123"),
        ("SENDGRID_KEY is SG." + "a1B2c3D4" * 2 + "e5F6g7" + "." + "Z" * 43, "service-token",
         "SG.a1B2"),
        ("twilio key SK" + "0123456789abcdef" * 2 + " for SMS", "service-token", "SK0123"),
        ("upload with pypi-AgE" + "IcHlwaS5vcmc" * 5, "service-token", "pypi-AgE"),
        ("shpat_" + "0123456789abcdef" * 2, "service-token", "shpat_"),
        ("doctl auth init -t dop_v1_" + "0a1b2c3d" * 8, "service-token", "dop_v1_"),
        ("databricks token dapi" + "0123456789abcdef" * 2, "service-token", "dapi0"),
        ("bot token 123456789:AA" + "Eh0av28xhrdBP-abcdefghijklmnopqrs", "service-token",
         "123456789:AA"),
    ],
)
def test_each_kind_is_found_and_redacted(text: str, kind: str, secret: str) -> None:
    assert kind in {h.kind for h in find_secrets(text)}
    _assert_redacted(text, secret)


def _assert_redacted(text: str, secret: str) -> None:
    cleaned = redact(text)
    assert secret not in cleaned
    assert "[REDACTED:" in cleaned
    assert not contains_secret(cleaned), "redacted text must not trip the detector again"


@pytest.mark.parametrize(
    "text",
    [
        "We use pnpm, not npm.",
        "The password field must be at least 12 characters",
        "Deploy to https://example.com/docs when ready",
        "Run git log --oneline and check AKIA prefixes in the docs",
        "sk-short",
        "The AWS deploy fixed in commit 3f2a9c1e0b7d4a6f8e2c1b0a9d8e7f6a5b4c3d2e",
        "Keep the secret santa list in SecretSantaAssignmentsForTheWholeTeam2026.md",
        # 40 characters near "secret" or "AWS" that are words, not random
        "The secret lives at /Users/Priya/Code/Api2/ConfigStore/Local",
        "AWS account alias: ProdBillingAccount2026CoreServicesLedger",
        # shapes near the service prefixes that are no credential
        "The SKU SK12 is out of stock",
        "ssh://git@github.com:22/org/repo and git@github.com:org/repo.git",
        "see https://example.com:8443/path@v2",
        "skip the dapi docs; the port is 127.0.0.1:8080",
        # a key prefix inside a word is no key: "sk-" in "desk-", "hf_" in "pdf_"
        "Run the desk-reservation-service-for-mondays script",
        "the pdf_render_pipeline_output_cache_directory_name is long",
    ],
)
def test_ordinary_prose_is_left_alone(text: str) -> None:
    assert not contains_secret(text)
    assert redact(text) == text


SLACK_HOOK = "https://hooks.slack.com/services/T0123ABCD/B0456EFGH/" + "a1b2c3d4e5f6g7h8i9j0k1l2"
DISCORD_HOOK = "https://discord.com/api/webhooks/" + "123456789012345678/" + "AbC-dEf_" * 8


@pytest.mark.parametrize(
    ("text", "kind", "secret"),
    [
        # the keyword glued to a prefix, as environment variables spell it
        ("PGPASSWORD=hunter2secret psql -h db", "assigned-secret", "hunter2secret"),
        ("MYSQL_ROOT_PASSWORD: rootpw-2026", "assigned-secret", "rootpw-2026"),
        ("GITHUB_TOKEN=abcdefghij1234567", "assigned-secret", "abcdefghij1234567"),
        # short keywords as assignments
        ("staging pw: zebra-lasagna-77", "assigned-secret", "zebra-lasagna-77"),
        ("DB_PASS=abcdef12 ./migrate", "assigned-secret", "abcdef12"),
        ("pass: lemon-tarantula-5", "assigned-secret", "lemon-tarantula-5"),
        # prose: a few words between the keyword and "is", or the value straight after it
        ("wifi password for the office is correcthorsebattery", "assigned-secret",
         "correcthorsebattery"),
        ("The wifi password for the guest network is purplemonkeydishwasher.", "assigned-secret",
         "purplemonkeydishwasher"),
        ("the vpn passphrase for bob: tangerine-otter-armchair", "assigned-secret",
         "tangerine-otter-armchair"),
        ("mysql root password hunter2mysql", "assigned-secret", "hunter2mysql"),
        ("admin password 'Winter2026!' for the router", "assigned-secret", "Winter2026!"),
        # a login pair: the part after the address is the password
        ("login for the test account is qa@example.com / Tr0ub4dor&3", "login-pair",
         "Tr0ub4dor&3"),
        ("staging creds: admin@corp.example.io:Winter2026!", "login-pair", "Winter2026!"),
        # webhooks: the URL is the credential
        (f"alerts go to {SLACK_HOOK} now", "slack-webhook", "a1b2c3d4e5f6g7h8i9j0k1l2"),
        (f"post to {DISCORD_HOOK}", "discord-webhook", "AbC-dEf_AbC-dEf_"),
        # credentials in a query string
        ("https://api.example.com/v1/feed?token=abc123def456&page=2", "url-query-secret",
         "abc123def456"),
        ("https://maps.example.com/js?key=AIzaLikeKey12345678", "url-query-secret",
         "AIzaLikeKey12345678"),
        ("https://blob.example.net/c/x?sv=2021&sig=Zm9vYmFyYmF6cXV4MTIz%3D", "url-query-secret",
         "Zm9vYmFyYmF6cXV4MTIz"),
        ("https://example.com/cb?client_secret=s3cr3t-value-99", "url-query-secret",
         "s3cr3t-value-99"),
    ],
)
def test_more_secret_forms_are_found_and_redacted(text: str, kind: str, secret: str) -> None:
    assert kind in {h.kind for h in find_secrets(text)}
    cleaned = redact(text)
    assert secret not in cleaned
    assert not contains_secret(cleaned), "redacted text must not trip the detector again"


@pytest.mark.parametrize(
    "text",
    [
        "the password is required",
        "The password for staging is required.",
        "the password for the admin account is stored in vault",
        "the password for the admin account is automatically rotated",
        "the password policy is configurable.",
        "Reset your password here, then log in",
        "we hash the password argon2id style",
        "passwords are hashed with bcrypt",
        "Set password length to 16 characters",
        "the new password must differ from the last 5",
        "next_token = it.next_page()",
        "compass: northwest",
        "bypass: enabled-now",
        "api_key: required",
        "max_tokens=409600 and num_tokens: 1234567",
        "see https://example.com/docs?page=2&sort_key=created_at",
        "https://hooks.slack.com/ is where Slack webhooks live",
        "the login for support is help@example.com / the shared inbox",
        "account owner: dana@example.com, backup: omar@example.com",
        "account: dana@example.com / omar@example.com share it",
    ],
)
def test_more_ordinary_prose_is_left_alone(text: str) -> None:
    assert not contains_secret(text), find_secrets(text)
    assert redact(text) == text


# Built from parts, as above: a hex key and a base64 one.
HEX_KEY = "7d1f0a9c3b2e" + "8f6a5d4c1b0e9f8a7d6c"
B64_KEY = "Zm9vYmFyYmF6" + "cXV4MTIzNDU2Nzg5"


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # a user and a password as a pair after a login word, with no address
        ("We always log into grafana with admin:Tr0ub4dor&3 on the team account.",
         "Tr0ub4dor&3"),
        ("Sign in with azureuser:P@ssw0rd! on the VM", "P@ssw0rd!"),
        ("the staging credentials are deploy:hunter2x", "hunter2x"),
        # a long random value given to a name that says it is secret, with "to" too
        (f"We always set SECRET_KEY to {HEX_KEY} in the Django settings.", HEX_KEY),
        (f"The signing key is {HEX_KEY}.", HEX_KEY),
        (f"SIGNING_KEY: {HEX_KEY}", HEX_KEY),
        (f"KEY={HEX_KEY}", HEX_KEY),
        (f"set the API token to {B64_KEY} for CI", B64_KEY),
        (f"the api key is {B64_KEY}", B64_KEY),
        (f"GPG_PRIVATE_KEY={B64_KEY}", B64_KEY),
        # any key given a long random value (each went into memory when a bare "key" stopped
        # counting as a credential's name)
        (f"The HMAC key is {HEX_KEY}", HEX_KEY),
        (f"hmac_key: {HEX_KEY}", HEX_KEY),
        ("The Stripe key is a8Kj3mZq9xLp2wRt7vNb4cYh", "a8Kj3mZq9xLp2wRt7vNb4cYh"),
        ("stripe_key=a8Kj3mZq9xLp2wRt7vNb4cYh", "a8Kj3mZq9xLp2wRt7vNb4cYh"),
        # a password of capitals, small letters and a digit after a login word
        ("log in as admin:Passw0rd", "Passw0rd"),
        ("Login for the test box is testuser:Welcome1", "Welcome1"),
        ("log in to jenkins as deploy:Deploy2026", "Deploy2026"),
        # a password straight after "pw" or "pass"
        ("The team always uses pw Zebra-Quartz-77 for the VPN.", "Zebra-Quartz-77"),
        ("We always pass Kettle#Moon#2291 to the backup script.", "Kettle#Moon#2291"),
        # a quoted phrase after "password" or "passphrase"
        ("Our shared passphrase 'purple monkey dishwasher 42' unlocks the vault.",
         "purple monkey dishwasher 42"),
        ('the wifi password is "correct horse battery" for guests', "correct horse battery"),
    ],
)
def test_passwords_and_keys_said_in_prose_are_found(text: str, secret: str) -> None:
    _assert_redacted(text, secret)


@pytest.mark.parametrize(
    "text",
    [
        "Use admin:read scope",
        "log in with role:admin and the admin:read scope",
        "Set the timeout to 30s",
        "pass --force",
        "the pw field is empty",
        "We always pass Base64-encoded payloads to the API",
        "pass MyHandler2 to the router",
        "SECRET_KEY comes from the environment",
        "set SECRET_KEY to whatever Django generates",
        "the key is in 1Password",
        "the primary key is user_id_and_tenant_2",
        "the token is read from ~/.config/gh/hosts.yml",
        "the key is ProductionSecretKey2026",
        "fixed in 7d1f0a9c3b2e",
        "the key commit is 7d1f0a9c",
        "session 3f2a9c1e-0b7d-4a6f-8e2c-1b0a9d8e7f6a failed; the token is 3f2a9c1e-0b7d",
        "log in at 2026-07-01T10:30:00Z, meet at 10:30",
        "chown www-data:www-data /srv after you log in",
        "log in at http://localhost:8080/login",
        "log into grafana at https://grafana.example.com:3000/login",
        "docker login, then docker push myapp:v1.2.3 and node:lts-alpine3.18",
        "the password 'field' must be set",
        "the password is '${{ secrets.DB_PASSWORD }}' in CI",
        # a bare "key" names no credential (a sort, flag, cache or partition key; a GPG key's
        # id is public), and a camelCase name is no password even after "token"
        "The DynamoDB sort key is createdAt2026UtcMillisEpoch, always query by it.",
        "Always set the flag key to enableNewCheckoutFlowV2 in staging first.",
        "Always sign release tags; my GPG key is 4AEE18F83AFDEB23.",
        "The Redis cache key is 3f9a2c1d4e5b6a7f for the homepage, never flush it in prod.",
        "The partition key is tenantIdAndRegion2026Shard.",
        "The test key is testKeyForLocalDevOnly123.",
        "The token is Base64EncodedStringHere for tests.",
        # after signing in, a pair is a login only when its second half has a sign, or capitals
        # and small letters and a digit: an account or a scope in small letters is not
        "Always sign in to the AWS account acme:prod2026 through SSO.",
        # an image and its tag after "creds": a version, no password
        "We need creds to push image app:v2.1-alpine to the registry",
        "The CI creds let us push backend:v1.4.2 to GHCR",
        "Sign in to the account team:platform2.",
        # a bare key given an id, not a secret: a GPG key's, a cache entry's (16 hex digits)
        "Always sign release tags; my GPG key is 4AEE18F83AFDEB23.",
        "The Redis cache key is 3f9a2c1d4e5b6a7f for the homepage, never flush it in prod.",
        "The DynamoDB sort key is createdAt2026UtcMillisEpoch, always query by it.",
        # a setting passed to a script, and a quoted example of plain words
        "Always pass ENV=Prod-2 to the deploy script for the EU cluster.",
        'Password "correct horse" is the example in the docs.',
    ],
)
def test_prose_near_those_words_is_left_alone(text: str) -> None:
    assert not contains_secret(text), find_secrets(text)
    assert redact(text) == text


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # a short value given to an environment constant named for a secret (each was left
        # as written: only a long random one counted after a key's name)
        ("ENCRYPTION_KEY=abcdef123456", "abcdef123456"),
        ("export MASTER_KEY=\"deadbeef99\"", "deadbeef99"),
        ("AWS_SECRET_ACCESS_KEY=short1", "short1"),
        ("ADMIN_PWD: toor", "toor"),
        ("REDIS_PASSWD=r3d1s", "r3d1s"),
        ("DB_CREDENTIALS=abc123", "abc123"),
        ("GITHUB_TOKEN=ab12c", "ab12c"),
        ("PASSWORD=1234", "1234"),
        # and a short one written as a setting after password, passwd or secret
        ("mysql -u root --password=toor", "toor"),
        ("passwd=r00t", "r00t"),
        ("secret='ab12'", "ab12"),
    ],
)
def test_a_short_value_given_to_a_name_for_a_secret_is_found(text: str, secret: str) -> None:
    _assert_redacted(text, secret)


@pytest.mark.parametrize(
    "text",
    [
        # a key that is no credential's, and a name about a secret rather than one
        "SORT_KEY=name",
        "CACHE_KEY=v2",
        "PRIMARY_KEY=id",
        "FOREIGN_KEY=user_id",
        "KEY_FILE=~/.ssh/id_rsa",
        "TOKEN_LIMIT=4096",
        "MAX_TOKENS=1000",
        "TOKEN=4096",
        "PASSWORD_MIN_LENGTH=12",
        "SECRET_NAME=prod/db",
        "MASTER_KEY=./keys/master.key",
        # what stands in for a value
        "API_KEY=<your key>",
        "API_KEY=<your-api-key>",
        "API_KEY=...",
        "OPENAI_API_KEY=sk-...",
        "API_KEY=xxx",
        "API_KEY=your-api-key-here",
        "TOKEN=$GITHUB_TOKEN",
        "SECRET_KEY=${SECRET}",
        "GITHUB_TOKEN: ${{ secrets.GITHUB_TOKEN }}",
        "DB_PASSWORD=%DB_PASSWORD%",
        "API_KEY=TODO",
        "SECRET=none",
        "is_secret=true",
        "secret=True",
        # prose and code about one
        "API_KEY: from the vault",
        "set ENCRYPTION_KEY in .env, never commit it",
        "API_KEY: Optional[str] = None",
        "AUTH_TOKEN = token",
        "SECRET_KEY = env(\"SECRET_KEY\")",
        "client = Client(api_key=key)",
    ],
)
def test_a_name_about_a_secret_or_a_placeholder_is_left_alone(text: str) -> None:
    assert not contains_secret(text), find_secrets(text)


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # a pair that is who one logs in as or with: letters and a digit are enough
        ("log in with root:toor2026", "toor2026"),
        ("Always log in to staging with root:toor2026.", "toor2026"),
        ("log in as deploy:hunter2x and restart the workers", "hunter2x"),
        # ssh in as someone is logging in
        ("ssh in as deploy:Hunter2!", "Hunter2!"),
        ("ssh into the box as deploy:Hunter2! and restart nginx", "Hunter2!"),
    ],
)
def test_a_user_and_password_one_logs_in_with_is_found(text: str, secret: str) -> None:
    _assert_redacted(text, secret)


@pytest.mark.parametrize(
    "text",
    [
        "Always sign in to the AWS account acme:prod2026 through SSO.",
        "log in with the account acme:prod2026",
        "log in with image app:v2.1-alpine",
        "log in at localhost:8080",
        "log in with host:port",
        "log in with python:3.12-slim",
        "log in and chown user:group /srv",
        "log in as www-data:www-data",
        "log in at 10:30, the ratio is 16:9",
        "log in as admin and use role:admin2",
        "ssh in as deploy and run chown deploy:deploy /srv",
        "ssh as deploy to web2:22",
        "ssh into deploy@db.example.com:/srv/app",
        "ssh in as root:toor and fix it",
    ],
)
def test_a_pair_after_logging_in_that_is_no_login_is_left_alone(text: str) -> None:
    assert not contains_secret(text), find_secrets(text)


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # a password as people choose them, the sentence going on after it
        ("the admin password for grafana is BlueMonkey7 btw", "BlueMonkey7"),
        ("The root password is still CorrectHorse42, don't change it.", "CorrectHorse42"),
        ("the db password is CorrectHorse42", "CorrectHorse42"),
        ("admin password: BlueMonkey7", "BlueMonkey7"),
        ("the wifi password for guests is now Sunny#Day for the week", "Sunny#Day"),
    ],
)
def test_a_password_chosen_by_a_person_is_found(text: str, secret: str) -> None:
    _assert_redacted(text, secret)


@pytest.mark.parametrize(
    "text",
    [
        "the function getUserName",
        "use the fooBar helper",
        "the password field uses getUserName for the label",
        "The password reset flow is OAuth2 based.",
        "the password UI is React18 based",
        "The password service is AuthV2, talk to Dana.",
        "the password rotation is Monday9am? no",
        "the password policy is NIST800-63 compliant",
        "The password manager is now 1Password, not LastPass.",
        "the password length is still 12 characters",
        # a thing named for passwords, or an identity provider signed in with (from a review)
        "The password service is now AuthServer2 in prod.",
        "The password reset page is LoginPage2.tsx now.",
        "The password reset endpoint is still ResetPasswordV2 behind a flag.",
        "log in with github:oauth2",
        "sign in with google:oauth2 first",
        "log in with keycloak:realm1",
        "log in with docker:dind24",
    ],
)
def test_a_name_or_a_version_near_password_is_left_alone(text: str) -> None:
    assert not contains_secret(text), find_secrets(text)


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # looks like a placeholder only without regard to case or length (from a review:
        # each went into memory as written)
        ("password=$ecretPass1", "$ecretPass1"),
        ("DB_PASSWORD=Your2024Pass!", "Your2024Pass!"),
        ("The password is hunter2Secret... I think", "hunter2Secret"),
        ("DB_PASSWORD=S3cr3tP4ss... and then it failed", "S3cr3tP4ss"),
        ("password={Tr0ub4dor&3}", "Tr0ub4dor&3"),
    ],
)
def test_a_password_that_merely_resembles_a_placeholder_is_found(text: str, secret: str) -> None:
    _assert_redacted(text, secret)


VAULT_TOKEN = "hvs." + "CAESIJ8kQ2mV7xR4pL9nT3wZ6yB1cF5hD0gS2aE8uK4jM7qN"
EKS_TOKEN = "k8s-aws-v1." + "aHR0cHM6Ly9zdHMuZXUtd2VzdC0xLmFtYXpvbmF3cy5jb20vP0FjdGlvbj1H"


@pytest.mark.parametrize(
    ("text", "kind", "secret"),
    [
        # an infrastructure engineer's day: Vault, a kubeconfig, a monitoring key, a login
        (f"here's a token for the read-only policy: {VAULT_TOKEN} , read secret/x please",
         "service-token", VAULT_TOKEN[4:20]),
        ("the batch token is hvb." + "AAAAAQJx7kQ2mV7xR4pL9nT3wZ6y", "service-token", "hvb.AAAA"),
        ("legacy root token s." + "Ab3dEfGh1jKlMn0pQrStUv9x" + " still works", "service-token",
         "Ab3dEfGh1jKl"),
        (f"users:\n- name: prod\n  user:\n    token: {EKS_TOKEN}", "service-token", EKS_TOKEN),
        ("    client-key-data: LS0tLS1CRUdJTiBSU0EgUFJJVkFURSBLRVktLS0tLQpNSUlF==", "private-key",
         "LS0tLS1CRUdJTiBSU0Eg"),
        # a key named and given with no colon or "is" between
        ("Our Datadog API key 9f8e7d6c5b4a39281706f5e4d3c2b1a0 is the one for the platform org.",
         "assigned-secret", "9f8e7d6c5b4a3928"),
        # the password one logs in with, after who
        ("For staging, always log in as checkout_app with hunter2-Blue-77.", "login-pair",
         "hunter2-Blue-77"),
        ("ssh in as deploy using Winter2026# and restart nginx", "login-pair", "Winter2026#"),
        ("log in as admin with the password Tr0ub4dorX9", "login-pair", "Tr0ub4dorX9"),
    ],
)
def test_infrastructure_credentials_are_found_and_redacted(
    text: str, kind: str, secret: str
) -> None:
    assert kind in {h.kind for h in find_secrets(text)}
    _assert_redacted(text, secret)


@pytest.mark.parametrize(
    "text",
    [
        # a CA certificate is public; a method after "s." is code
        "    certificate-authority-data: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSUMv",
        "call s.getElementsByTagNameX2 and s.toLocaleDateString",
        "use r.status_code and r.json() to check it",
        # how one logs in, not with what password
        "log in as admin with SSO",
        "ssh in as deploy with the ed25519 key",
        "log in as root with python3-venv installed",
        "connect as postgres with psql-16",
        "log in as admin with the v2.1 client",
        "sign in as alice with Okta2 profile",
        # a key's name, its rotation, an id, a variable: no value given
        "The GPG key 4AEE18F83AFDEB23 signs releases",
        "the API key rotation happens every 90 days",
        "Our API key env var is DATADOG_API_KEY_PROD_2026",
        "the signing key is rotated monthly by the platform team",
    ],
)
def test_infrastructure_prose_near_credentials_is_left_alone(text: str) -> None:
    assert not contains_secret(text), find_secrets(text)


@pytest.mark.parametrize(
    "text",
    [
        # a tool and its version, or an option, that one logs in with: no password
        "connect as postgres using Python3.11 venv",
        "connect as root with Terraform1.6 installed",
        "Log into staging as qa-bot with Chrome120 headless",
        "ssh as deploy with ProxyJump=bastion01",
        "Log in as admin with Okta2FA",
    ],
)
def test_what_one_logs_in_with_that_is_no_password_is_left_alone(text: str) -> None:
    assert not contains_secret(text), find_secrets(text)


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # a user and a password written "user / password" after a login word
        ("Remember: Grafana is at https://grafana.acme.io, login admin / walrusbanjo77",
         "walrusbanjo77"),
        ("Grafana is at https://grafana.acme.io, login admin / Sup3r-S3cret-Pw!",
         "Sup3r-S3cret-Pw"),
        ("Grafana: login admin / walrusbanjo77. Ask Jo for access.", "walrusbanjo77"),
        ('staging login "admin" / "walrusbanjo77" for now', "walrusbanjo77"),
        ("creds: deploy / Hunter-22x", "Hunter-22x"),
        ("sign in as qa / bluefrog2026, then open the billing page", "bluefrog2026"),
    ],
)
def test_a_login_written_user_slash_password_is_found(text: str, secret: str) -> None:
    _assert_redacted(text, secret)
    assert find_secrets(text)[0].kind == "login-pair"


@pytest.mark.parametrize(
    "text",
    [
        "the login / logout flow is broken",
        "admin / user roles are in RBAC",
        "login admin / user roles",
        "see login/admin/v2 for it",
        "login admin / src/app/v2",
        "login v1 / v2.3 migration",
        "sign in page / dashboard2 layout",
        "login page / dashboard2024 is new",
        "the login form / signup2 form",
        "log in with github / gitlab2fa",
        "log in as admin / operator2 depending on the task",
    ],
)
def test_a_slash_after_a_login_word_that_is_no_password_is_left_alone(text: str) -> None:
    assert not contains_secret(text), find_secrets(text)


@pytest.mark.parametrize(
    ("text", "secret", "kept"),
    [
        # half a password stayed after the quote in it (found by scrub's leftover warning)
        ('the staging password is Quokka"Lantern#2291', 'Quokka"Lantern#2291', ""),
        ("password: Quokka'Lantern#2291 ok", "Quokka'Lantern#2291", " ok"),
        # a closing quote or bracket is the value's end, not part of it
        ('{"password": "s3cr3t!!"}', "s3cr3t!!", '"}'),
        ('password="hunter22", user="x"', "hunter22", '", user="x"'),
        ("PASSWORD='abc12345' ./run", "abc12345", "' ./run"),
    ],
)
def test_a_quote_inside_a_password_is_part_of_it(text: str, secret: str, kept: str) -> None:
    redacted = redact(text)
    assert secret not in redacted
    assert not any(part and part in redacted for part in re.split(r"[\"']", secret)
                   if len(part) > 3)
    assert redacted.endswith(kept)


def test_runs_that_once_hung_redaction_are_redacted_as_they_were() -> None:
    # A person may paste a multi-MB log into one message: a run of 300k "x" (held by a real
    # transcript) was read to its end from each of its letters by the bare-key rule, and a
    # run of "Aa1-Aa1-..." from each "-" by the URL and .pgpass rules; a dream never finished
    # (that it stays linear is bench/bench_redact.py's: 8x the text, its time ratio printed)
    def paste(size: int) -> str:
        run, signs = "x" * 2_400 * size, "Aa1-" * 1_200 * size
        return (f"{run} the key is 7d1f0a9c4b2e8f6a1d3c5b7e9f0a2c4d\n{signs}:5432:db:user:Pw1xyz\n"
                f"{signs}x-https://admin:hunter2x@db.example.com {run}_key=a8Kj3mQ9xZp4RtY7vL2n")

    run, signs = "x" * 19_200, "Aa1-" * 9_600
    assert redact(paste(8)) == (
        f"{run} the key is [REDACTED:assigned-secret]\n{signs}:5432:db:user:"
        f"[REDACTED:assigned-secret]\n{signs}x-https://admin:[REDACTED:url-password]"
        f"@db.example.com {run}_key=[REDACTED:assigned-secret]"
    )


def test_a_long_line_of_command_words_is_redacted_as_it_was() -> None:
    # minified JSON full of URLs: each "http" was read to the line's end looking for its -u
    def paste(size: int) -> str:
        words = '"http-x", ' * 400 * size
        return f"{words}curl -s https://api.example.com -u admin:Hunt3r-Zebra {words}"

    words = '"http-x", ' * 3_200
    assert redact(paste(8)) == (
        f"{words}curl -s https://api.example.com -u admin:[REDACTED:command-password] {words}")


@pytest.mark.parametrize("before", [
    # a long JSON body, a long line of options, a long list of labels before the flag
    "curl -X POST https://api.example.com/v1/items -H 'Content-Type: application/json' -d '{"
    + ", ".join(f'"field{i}": "value number {i}"' for i in range(25)) + "}' -u admin:",
    "mysql --host=db.internal.example.com " + "--default-character-set=utf8mb4 " * 15 + "-p",
    "docker login registry.example.com " + "--label team=payments " * 20 + "-p ",
])
def test_a_password_far_along_its_command_line_is_redacted(before: str) -> None:
    assert len(before) > 400
    assert redact(f"{before}Xk9mQ2vL8pR4 and more") == (
        f"{before}[REDACTED:command-password] and more")


@pytest.mark.parametrize("text, secret", [
    ("the p\u0131n: 4821", "4821"),
    ("s\u0131gn in as deploy with Winter2026!", "Winter2026"),
    # (a dotted capital I, "\u0130", casefolds to "i" and a combining dot: no cue either)
    ("the p\u0130n: 4821", "4821"),
    ("the P\u0130N is 4821", "4821"),
    ("s\u0130gn in as deploy with Winter2026!", "Winter2026"),
])
def test_a_dotless_i_in_a_cue_word_does_not_hide_the_secret(text: str, secret: str) -> None:
    # under (?i) a pattern's "i" matches "\u0131", which casefold keeps: the cue was missed
    assert secret not in redact(text)
    assert "[REDACTED:" in redact(text)


def _strings_the_secret_tests_hold() -> list[str]:
    here = Path(__file__).parent
    found: set[str] = set()
    for name in ("test_redact.py", "test_redact_shapes.py", "test_secret_leftovers.py",
                 "test_secret_sweep.py"):
        tree = ast.parse((here / name).read_text(encoding="utf-8"))
        # (a secret's shape is written in two halves, "GOCSPX-" + "Ab12...", so that no scanner
        # takes the test file for a leak: the halves are joined back)
        found.update(text for node in ast.walk(tree)
                     if (text := _joined(node)) is not None and 4 <= len(text) <= 4000)
    return sorted(found)


def _joined(node: ast.AST) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _joined(node.left), _joined(node.right)
        return None if left is None or right is None else left + right
    return None


def test_every_match_of_a_cued_pattern_holds_one_of_its_cues() -> None:
    # a pattern runs only on a text holding one of its cue words: a new prefix added to a
    # pattern without its cue (as 'GOCSPX-' once was) would let that secret through unseen
    missed = []
    for text in _strings_the_secret_tests_hold():
        folded = text.casefold().replace("\u0131", "i").replace("i\u0307", "i")
        for kind, pattern, _, cues in redact_module._PATTERNS:
            if not cues or not pattern.search(text):
                continue
            if not any(c in (text if c.isupper() else folded) for c in cues):
                missed.append((kind, text[:80]))
    assert missed == []


# ---- lookalikes of a login pair, a rename and a command's password --------------------------


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # (exemptions tried for 'version:Minor+1' and 'The secret -> SecretRef2 migration' let
        # these through; a word, a colon and a capitalised word with a sign and a figure is a
        # login, and what a secret is renamed to is the secret)
        ("svc:Orange#7 is the login", "Orange#7"),
        ("The svc:Orange#7 creds work.", "Orange#7"),
        ("Use deploy:Blue-Sky-7 for the runner.", "Blue-Sky-7"),
        ("Use app:Primary#2 for writes.", "Primary#2"),
        ("Use etl:Maple+4 for the nightly job.", "Maple+4"),
        ("The password -> SecretRef2", "SecretRef2"),
        ("rotated the secret -> PassKey7 on prod", "PassKey7"),
        ("api_key -> SecretKey42", "SecretKey42"),
    ],
)
def test_a_credential_shaped_like_a_name_stays_redacted(text: str, secret: str) -> None:
    assert secret not in redact(text)


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("deploy:Blue-Sky-77 on the box", "Blue-Sky-77"),
        ("root:Primary#2 on the box", "Primary#2"),
        ("deploy:Summer-2 on the box", "Summer-2"),
        ("deploy:Tr0ub4dor&3 on the box", "Tr0ub4dor&3"),
    ],
)
def test_a_login_pair_beside_them_stays_redacted(text: str, secret: str) -> None:
    assert secret not in redact(text)


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("passwd -> Hunter2Zebra", "Hunter2Zebra"),
        ("passwd -> Summer2026", "Summer2026"),
        ("passwd -> SecretSauce2026", "SecretSauce2026"),
        ("the password is Summer2026", "Summer2026"),
    ],
)
def test_a_password_after_a_rename_arrow_stays_redacted(text: str, secret: str) -> None:
    assert secret not in redact(text)


def test_a_flag_left_without_its_value_in_prose_is_left_alone() -> None:
    text = "Always run redis-cli -n 2 -a before flushing"
    assert redact(text) == text


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("redis-cli -a then ping", "then"),
        ("sshpass -p then ssh host", "then"),
        ("redis-cli -a before", "before"),
    ],
)
def test_a_password_that_is_a_joining_word_stays_redacted(text: str, secret: str) -> None:
    assert secret not in redact(text)


# ---- the patterns scanned across a line break ------------------------------------------------


def _inner(op: Any, av: Any) -> list[Any]:
    """The sub-trees a repeat, a branch, a conditional or an atomic group of a regex's parse
    tree holds: where both walks below go on alike."""
    if op in (C.MAX_REPEAT, C.MIN_REPEAT, C.POSSESSIVE_REPEAT):
        return [av[2]]
    if op is C.BRANCH:
        return list(av[1])
    if op is C.GROUPREF_EXISTS:
        return [p for p in av[1:] if p is not None]
    if op is C.ATOMIC_GROUP:
        return [av]
    return []


def _can_hold_a_line_break(items: Any, flags: int) -> bool:
    """Whether a regex's parse tree (``re._parser``) can consume a line break, or look back
    over one, or depends on where the text starts (``\\A``, ``^`` without MULTILINE)."""
    for op, av in items:
        if (op is C.LITERAL and av == NL) or (op is C.NOT_LITERAL and av != NL):
            return True
        if (op is C.ANY and flags & re.DOTALL) or (op is C.IN and _class_holds_a_line_break(av)):
            return True
        if op is C.AT and (av is C.AT_BEGINNING_STRING
                           or (av is C.AT_BEGINNING and not flags & re.MULTILINE)):
            return True
        if op is C.SUBPATTERN:
            if _can_hold_a_line_break(av[3], (flags | av[1]) & ~av[2]):
                return True
            continue
        if op in (C.ASSERT, C.ASSERT_NOT):
            # (a look ahead from a match on the text's lines stays in the text, unless it takes
            # the hit: _PLAIN_NAMED's value, read in a look ahead from its name's "k")
            parts = [av[1]] if av[0] < 0 or (op is C.ASSERT and _captures(av[1])) else []
        else:
            parts = _inner(op, av)
        if any(_can_hold_a_line_break(p, flags) for p in parts):
            return True
    return False


def _captures(items: Any) -> bool:
    """Whether a regex's parse tree holds a capturing group (the hit a rule reports)."""
    for op, av in items:
        if op is C.SUBPATTERN:
            if av[0] is not None:
                return True
            parts = [av[3]]
        elif op in (C.ASSERT, C.ASSERT_NOT):
            parts = [av[1]]
        else:
            parts = _inner(op, av)
        if any(_captures(p) for p in parts):
            return True
    return False


def _class_holds_a_line_break(items: Any) -> bool:
    negate, held = False, False
    for op, av in items:
        if op is C.NEGATE:
            negate = True
        elif op is C.LITERAL:
            held |= av == NL
        elif op is C.RANGE:
            held |= av[0] <= NL <= av[1]
        elif op is C.CATEGORY:
            held |= av in (C.CATEGORY_SPACE, C.CATEGORY_NOT_WORD, C.CATEGORY_NOT_DIGIT,
                           C.CATEGORY_LINEBREAK)
        else:
            raise AssertionError(f"a class item this test does not know: {op}")
    return held != negate


def test_the_patterns_scanned_across_a_line_break_are_those_that_can_match_one() -> None:
    # redact_after scans the join of a message and the end of the one before only with these:
    # a pattern left out would miss a secret named in one message and given in the next
    across = set()
    for i, (_, pattern, _, _) in enumerate(redact_module._PATTERNS):
        tree = P.parse(pattern.pattern, pattern.flags)
        if _can_hold_a_line_break(tree, tree.state.flags):
            across.add(i)
    assert sorted(redact_module._ACROSS_LINES) == sorted(across)


def test_a_message_after_another_is_redacted_as_in_their_join() -> None:
    # (every string of the secret tests, cut at each line break and after each sentence, and
    # each with the next: the hits in the second part are those of the whole join)
    texts = _strings_the_secret_tests_hold()
    pairs = list(pairwise(texts))
    for text in texts:
        for m in re.finditer(r"\n|[.:?] ", text):
            pairs.append((text[: m.start()], text[m.end():]))
    differ = []
    for before, text in pairs:
        start = len(before) + 1
        whole = [(h.kind, max(h.start, start) - start, h.end - start)
                 for h in find_secrets(f"{before}\n{text}") if h.end > start]
        if before and [(h.kind, h.start, h.end)
                       for h in redact_module._hits_after(before, text)] != whole:
            differ.append((before[-60:], text[:60]))
    assert len(pairs) > 1000 and differ == []


# ---- tokens in capitals -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        # a token upper-cased in a message (by an agent or a person) still leaks
        ("GHP_" + "A1B2C3D4E5F6G7H8I9J0K1L2M3N4O5P6Q7R8", "github-token"),
        ("token GHO_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8 here", "github-token"),
        ("GITHUB_PAT_" + "11ABCDEFG0123456789ABC_" + "A1" * 29 + "B", "github-token"),
        ("SK-ANT-" + "API03-ABCD1234EFGH5678IJKL", "anthropic-key"),
        ("SK-PROJ-" + "AB12CD34EF56GH78IJ90KL12MN34OP56", "openai-key"),
        ("GLPAT-" + "AB12CD34EF56GH78IJ90", "gitlab-token"),
        ("XOXB-" + "1234567890-1234567890-ABCDEFABCDEF", "slack-token"),
        ("AIZA" + "SYA1B2C3D4E5F6G7H8I9J0K1L2M3N4O5P6Q", "google-api-key"),
        ("SK_LIVE_" + "AB12CD34EF56GH78IJ90", "stripe-key"),
        ("NPM_" + "AB12CD34EF56GH78IJ90KL12MN34OP56QR78", "npm-token"),
        ("HF_" + "AB12CD34EF56GH78IJ90KL12MN34OP56", "huggingface-token"),
        ("LIN_API_" + "AB12" * 10, "service-token"),
        ("DOP_V1_" + "ABCDEF0123456789" * 4, "service-token"),
        ("WHSEC_" + "AB12CD34EF56GH78IJ90KL12", "service-token"),
        # ... or capitalised, where a sentence starts with it
        ("Gsk_" + "a1B2c3D4e5F6" * 4 + " is the Groq key", "service-token"),
        ("Whsec_" + "a1B2c3D4e5F6g7H8i9J0k1L2 signs the webhooks", "service-token"),
        ("Lin_api_" + "a1B2" * 10, "service-token"),
        ("Shpat_" + "0123456789abcdef" * 2, "service-token"),
        ("Dop_v1_" + "0123456789abcdef" * 4, "service-token"),
        ("Dapi" + "0123456789abcdef" * 2, "service-token"),
        ("Hvs." + "CAESIJ1aB2cD3eF4gH5iJ6kL7", "service-token"),
        ("Dp.pt." + "a1B2" * 10, "service-token"),
        ("Pypi-AgE" + "NcHlwaS5vcmcCJD" + "a1B2c3D4e5" * 4, "service-token"),
    ],
)
def test_a_token_in_capitals_is_redacted(text: str, kind: str) -> None:
    assert [hit.kind for hit in find_secrets(text)] == [kind]
    # (none of the token's body is left: its last twelve characters are gone)
    token = max(text.split(), key=len)
    assert token[-12:] not in redact(text)


@pytest.mark.parametrize(
    "text",
    [
        # a ticket's branch, prose shouted, a constant's name, a placeholder: no digit in
        # them after the prefix, or no run of a token's characters
        "Ticket SK-1234-FIX-LOGIN-PAGE-FOR-USERS is done",
        "GLRT-RUNNER-REGISTRATION-IS-DEPRECATED",
        "GHP_TOKEN_NAME_FOR_THE_CI_RUNNER",
        "XOXB-TOKEN-GOES-HERE",
        "GITHUB_PAT_SECRET_NAME_IN_VAULT=ci",
        # (a prefix capitalised before a name of letters, or talked about)
        "Gsk_ is the prefix Groq's keys start with",
        "Whsec_ prefixed secrets come from the Stripe CLI",
        "Whsec_signingSecretFromTheStripeDashboard goes in the env",
        "Gsk_" + "ProjectTemplateNameForTheDocumentationPagesOfTheApi",
        "Hvs.ServiceTokenExpiryConfigurationHandler",
        "Dapi" + "cafebabedeadbeefcafebabedeadbeef",
    ],
)
def test_a_capitalised_name_beside_a_token_prefix_is_left_alone(text: str) -> None:
    assert redact(text) == text


# ---- a numbered part of what a word names, a rename named as a change -------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Always bump version:Minor+1 when adding endpoints.",
        "use version:Major+1 for breaking changes",
        "Use the pool db:Primary#2 for writes.",
        "pool db:Replica#3 is read-only",
        "Our naming is service:Env-Region2 for clusters.",
        "cluster:Prod-Region3 runs the EU traffic",
        "The secret -> SecretRef2 migration is done.",
        "The secret -> SecretRef2 migration",
        "image: postgres:Alpine-16",
        "docker pull redis:Bookworm-7",
        "Use the grafana:Dashboard-3 view",
    ],
)
def test_a_numbered_part_of_what_a_word_names_is_left_alone(text: str) -> None:
    assert redact(text) == text


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # (the same shapes where the value's words are no part of what the word names, where
        # a sign is no tag's, or where the rename names no change)
        ("db:Maple#2 for writes", "Maple#2"),
        ("service:Orange-Region2", "Orange-Region2"),
        ("version:Minor+1Ab! please", "Minor+1Ab"),
        ("image: postgres:Alpine#16", "Alpine#16"),
        ("postgres:Alpine-16 on the box", "Alpine-16"),
        ("admin:Welcome-1 on the box", "Welcome-1"),
        ("root:Dashboard#2x", "Dashboard#2x"),
        ("The secret -> Xk9mQ2vL8 migration", "Xk9mQ2vL8"),
        ("the password -> Summer1 change", "Summer1"),
        ("The secret -> PassKey7 rotation is done", "PassKey7"),
        ("The secret -> SecretRef2", "SecretRef2"),
    ],
)
def test_a_password_shaped_like_a_named_part_stays_redacted(text: str, secret: str) -> None:
    assert secret not in redact(text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a variable standing for the token is no token
        ("NPM_TOKEN=${NPM_TOKEN}", "NPM_TOKEN=${NPM_TOKEN}"),
        ("NPM_TOKEN=$NPM_TOKEN", "NPM_TOKEN=$NPM_TOKEN"),
        ("export GITHUB_TOKEN=$GH_TOKEN", "export GITHUB_TOKEN=$GH_TOKEN"),
        # ... a password that begins with "$" is one
        ("NPM_TOKEN=$ecretPass1", "NPM_TOKEN=[REDACTED:assigned-secret]"),
        ("NPM_TOKEN=ab12cd34ef", "NPM_TOKEN=[REDACTED:assigned-secret]"),
    ],
)
def test_a_variable_given_to_a_token_constant_is_left_alone(text: str, expected: str) -> None:
    assert redact(text) == expected


# ---- a pair after an account's word or in a sentence about logging in, a variable with more ----


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # (an account's word before the colon: its value is its password, however it reads)
        ("postgres:Primary#2", "Primary#2"),
        ("admin:Dashboard-2 is the password", "Dashboard-2"),
        ("Use admin:Dashboard-2", "Dashboard-2"),
        ("Run jenkins:Pipeline-42", "Pipeline-42"),
        ("root:Primary#2", "Primary#2"),
        # (a sentence about logging in: a login, auth or password word, a command connecting)
        ("psql as postgres:Primary#1 on prod", "Primary#1"),
        ("redis:Primary#2 is the AUTH password", "Primary#2"),
        ("Use admin:Dashboard-2 to sign in", "Dashboard-2"),
        ("auth jenkins:Pipeline-42", "Pipeline-42"),
        ("log in as postgres:Primary#2", "Primary#2"),
        ("Grafana login is admin:Dashboard-1", "Dashboard-1"),
        ("the grafana:Dashboard#3 password", "Dashboard#3"),
        ("db:Primary#2 is the password", "Primary#2"),
        # (an image's tag only after an image's name: "admin" and "root" name none)
        ("image: admin:Dashboard-2", "Dashboard-2"),
        ("image: root:Alpine-16", "Alpine-16"),
        # (a variable and a literal after it, a default, a command writing a literal)
        ("NPM_TOKEN=${NPM_TOKEN}s3cretXyz9", "s3cretXyz9"),
        ("API_KEY=${API_KEY}s3cretXyz9", "s3cretXyz9"),
        ("SECRET_KEY=${X:-s3cretXyz9Q}", "s3cretXyz9Q"),
        ("API_KEY=$(echo s3cr3tValue9)", "s3cr3tValue9"),
        ("NPM_TOKEN=$(echo s3cr3tValue9)", "s3cr3tValue9"),
        ("export DB_PASSWORD=$(echo Hunter2xyz)", "Hunter2xyz"),
        ("API_KEY=$(echo hunter2xyz)", "hunter2xyz"),
        ("API_KEY=$(get-key Hunter2xyz)", "Hunter2xyz"),
        ("API_KEY=$(cat key.txt)s3cretXyz9", "s3cretXyz9"),
        ("MY_CREDENTIALS=$(echo Hunter2xyz)", "Hunter2xyz"),
        ("API_KEY=%API_KEY%s3cretXyz9", "s3cretXyz9"),
    ],
)
def test_a_password_after_an_account_or_beside_a_variable_is_redacted(
    text: str, secret: str
) -> None:
    assert secret not in redact(text)


@pytest.mark.parametrize(
    "text",
    [
        "version:Minor+1",
        "db:Primary#2",
        "service:Env-Region2",
        "Use the grafana:Dashboard-3 view",
        "image: postgres:Alpine-16",
        "FROM postgres:Alpine-16",
        "docker pull redis:Bookworm-7",
        # (a variable or a command standing for the value, whole)
        "NPM_TOKEN=${NPM_TOKEN}",
        "NPM_TOKEN=$NPM_TOKEN",
        "password=${DB_PASSWORD}",
        "SECRET_KEY=${SECRET_KEY:-}",
        "SECRET=${X:?must be set}",
        "API_KEY=$(cat key.txt)",
        "export DB_PASSWORD=$(cat /run/secrets/db)",
        "API_KEY=$(vault read -field=key secret/api)",
        "export GH_TOKEN=$(gh auth token)",
        "API_KEY=$(echo $API_KEY)",
        "API_KEY=%API_KEY%",
        "GITHUB_TOKEN=${{ secrets.GITHUB_TOKEN }}",
    ],
)
def test_a_named_part_or_a_whole_variable_is_left_alone(text: str) -> None:
    assert redact(text) == text


def test_a_text_scanned_again_reuses_the_first_scan(monkeypatch: pytest.MonkeyPatch) -> None:
    """A dream scans a memory file when it is read and again in its checks, a write when it is
    checked, summarised and checked again (issue #4): the same text is scanned once, and each
    caller gets the same hits, in a list of its own."""
    scanned: list[str] = []
    scan_view = redact_module._scan_view
    monkeypatch.setattr(redact_module, "_scan_view",
                        lambda text, only: scanned.append(text) or scan_view(text, only))
    text = f"---\nname: Deploy\n---\n\nthe password is Tr0ub4dor&3 ({id(scanned)})\n"
    first = find_secrets(text)
    assert [hit.kind for hit in first] == ["assigned-secret"]
    first.clear()  # (a caller's list is its own)
    assert find_secrets(text) == find_secrets(text) != []
    assert "Tr0ub4dor&3" not in redact(text) and contains_secret(text)
    assert scanned == [text]
    other = text.replace("Tr0ub4dor&3", "required")
    assert find_secrets(other) == [] and scanned == [text, other]


def test_a_long_text_is_scanned_each_time_and_not_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    """Only short texts are kept: a pasted multi-MB log held by a process that dreams for hours
    would be memory that is never given back."""
    scanned: list[int] = []
    scan_view = redact_module._scan_view
    monkeypatch.setattr(redact_module, "_scan_view",
                        lambda text, only: scanned.append(len(text)) or scan_view(text, only))
    text = "the password is Tr0ub4dor&3\n" + "x" * redact_module._KEPT_CHARS
    assert find_secrets(text) == find_secrets(text) != []
    assert len(scanned) == 2


# ---- a value in the comment after a secret's setting left as written ---------------------------


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("API_KEY=$(cat key.txt) # old one was Xk9mQ7vL8pR4tW2z", "Xk9mQ7vL8pR4tW2z"),
        ("export DB_PASSWORD=${DB_PASSWORD} # was Hunter2xyz", "Hunter2xyz"),
        ("password: ${DB_PASSWORD}  // was Tr0ub4dor&3.", "Tr0ub4dor&3"),
        ("SECRET_KEY=$(vault read -field=key secret/api)  # prev: aB3$dE5fG", "aB3$dE5fG"),
        ("DB_PASSWORD=%DB_PASSWORD% # was Summer2024!", "Summer2024!"),
        ("API_KEY: '{{ secret }}' # old Xk9mQ7vL8pR4tW2z", "Xk9mQ7vL8pR4tW2z"),
    ],
)
def test_a_value_in_the_comment_after_a_setting_left_as_written_is_redacted(
    text: str, secret: str
) -> None:
    shown = redact(text)
    assert secret not in shown and "[REDACTED:assigned-secret]" in shown
    assert shown.startswith(text.split("=")[0].split(":")[0])  # the setting stays as written


@pytest.mark.parametrize(
    "text",
    [
        "API_KEY=$(cat key.txt) # see docs/setup-v2.md",
        "API_KEY=$(cat key.txt) # rotated 2024-05-01",
        "API_KEY=$(cat key.txt) # since v2.3.1-Beta",
        "API_KEY=$(cat key.txt) # was GITHUB_TOKEN2",
        "API_KEY=$(cat key.txt) # since Release-2024",
        "API_KEY=$(cat key.txt) # needs python3.12",
        "API_KEY=$(cat key.txt) # https://example.com/Docs2",
        "token = ${NEXT}  # returns PageToken2 objects",
        "token = next_token()  # returns PageToken2 objects",
        "TOKEN_LIMIT=${LIMIT} # was Xk9mQ7vL8pR4tW2z",
        "SORT_KEY=$(cat key.txt) # Xk9mQ7vL8pR4tW2z",
        "# the password is rotated monthly, see #ops-2024",
    ],
)
def test_a_comment_after_a_setting_that_gives_no_value_is_left_alone(text: str) -> None:
    assert redact(text) == text


# ---- a secret's variable given a default -------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("echo ${DB_PASSWORD:-Hunter2xyz}", "echo ${DB_PASSWORD:-[REDACTED:assigned-secret]}"),
        ('echo "${DB_PASSWORD:=Hunter2xyz}" | psql',
         'echo "${DB_PASSWORD:=[REDACTED:assigned-secret]}" | psql'),
        ("echo ${API_TOKEN:-Xk9mQ7vL8pR4tW2z} done",
         "echo ${API_TOKEN:-[REDACTED:assigned-secret]} done"),
        ("echo ${API_TOKEN=Xk9mQ7vL8pR4tW2z}", "echo ${API_TOKEN=[REDACTED:assigned-secret]}"),
        # (without the colon, the default was shown whole)
        ("echo ${DB_PASSWORD-Hunter2xyz}", "echo ${DB_PASSWORD-[REDACTED:assigned-secret]}"),
        ("echo ${PGPASSWORD-Hunter2xyz}", "echo ${PGPASSWORD-[REDACTED:assigned-secret]}"),
        # (what follows the brace is the value's too)
        ("echo ${DB_PASSWORD:-abc}Hunter2xyz", "echo ${DB_PASSWORD:-[REDACTED:assigned-secret]"),
        # (nothing to cut: an error message, a variable, no default, a count)
        ("echo ${DB_PASSWORD:?Hunter2xyz}", "echo ${DB_PASSWORD:?Hunter2xyz}"),
        ("echo ${DB_PASSWORD:-$FALLBACK}", "echo ${DB_PASSWORD:-$FALLBACK}"),
        ("echo ${SECRET-$OTHER} ${DB_PASSWORD:-}", "echo ${SECRET-$OTHER} ${DB_PASSWORD:-}"),
        ("echo ${TOKEN_LIMIT-4096} ${PASSWORD_FILE-/run/secrets/db}",
         "echo ${TOKEN_LIMIT-4096} ${PASSWORD_FILE-/run/secrets/db}"),
    ],
)
def test_a_variables_default_is_redacted_and_the_text_round_it_kept(text: str, shown: str) -> None:
    assert redact(text) == shown
