"""Redaction's leftovers of the third sweep, both ways: secrets that reached Claude's tools or a
dream's memory, and ordinary engineering sentences dropped as 'contained a secret'."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from autodream.agent import ToolCall
from autodream.redact import redact, redact_after
from tests.factories import TranscriptBuilder, project_with_one_session, run_cli, what_a_dream_kept
from tests.sandbox_tree import Tree, build_tree
from tests.scripted_api import ScriptedAPI, call, reply, tool_use

SAID_AT = datetime(2026, 7, 1, 9, 0, tzinfo=UTC)


def _session(tree: Tree, build: TranscriptBuilder) -> str:
    """``build`` written to the sessions root; its virtual path."""
    return f"sessions/{build.write(tree.sessions).name}"


def _read(tree: Tree, tool: str, inp: dict[str, object]) -> str:
    result = tree.toolbox(phase="gather").call(ToolCall("c1", tool, inp))
    assert not result.is_error, result.content
    return result.content


# ---- 1. a long reply between a secret's name and its value ----------------------------------


@pytest.mark.parametrize("padding", [9_000, 40_000])
def test_claude_reads_no_secret_said_after_a_long_reply(tmp_path: Path, padding: int) -> None:
    tree = build_tree(tmp_path)
    b = TranscriptBuilder(cwd=str(tree.project), start=SAID_AT)
    b.user("Remember the staging db password, it's")
    b.assistant("Sure. " + "Here is a long explanation of the staging setup. " * (padding // 50))
    b.user("Pg-Secret-2291")
    b.user("and always use it for staging deploys")
    vpath = _session(tree, b)

    # the whole transcript, and windows starting at the value's message and just before it
    seen = [_read(tree, "read_file", {"path": vpath, "offset": offset}) for offset in (1, 2, 3)]
    seen.append(_read(tree, "grep", {"pattern": "Pg|staging", "path": "sessions/"}))

    assert "Remember the staging db password" in seen[0]  # the transcript was read
    assert [text for text in seen if "Pg-Secret-2291" in text] == []


def test_paging_through_a_transcript_still_redacts_each_window(tmp_path: Path) -> None:
    tree = build_tree(tmp_path)
    b = TranscriptBuilder(cwd=str(tree.project), start=SAID_AT)
    b.user("The admin token for grafana is below")
    for n in range(40):
        b.assistant(f"step {n}: " + "checking the dashboards one by one. " * 40)
    b.user("Xk9mQ2vL8pR4tW7z")
    vpath = _session(tree, b)

    pages = [_read(tree, "read_file", {"path": vpath, "offset": offset, "limit": 5})
             for offset in range(1, 44, 5)]

    assert any("admin token" in page for page in pages)
    assert [page for page in pages if "Xk9mQ2vL8pR4tW7z" in page] == []


# ---- 3. grep's hits name their files as list_dir does ----------------------------------------


# (a character a path may not hold, "\u202e", keeps the file out of every tool; these may be
# in one, and list_dir shows them escaped)
@pytest.mark.parametrize("odd", ["\u200b", "\u00a0", "\ufeff", "\u00ad"])
def test_a_grep_hit_in_a_file_named_with_an_unseen_character_is_named_escaped(
    tmp_path: Path, odd: str
) -> None:
    tree = build_tree(tmp_path)
    (tree.project / f"a{odd}gnp.md").write_text("the build uses make\n")
    b = TranscriptBuilder(cwd=str(tree.project), start=SAID_AT, session_id=f"s{odd}x")
    b.user("the build uses make")
    b.write(tree.sessions)

    found = _read(tree, "grep", {"pattern": "build uses"})

    assert odd not in found
    assert f"project/a{repr(odd)[1:-1]}gnp.md:1: the build uses make" in found
    assert f"sessions/s{repr(odd)[1:-1]}x.jsonl:1: [person" in found


# ---- 2 and 4: shapes let through ---------------------------------------------------------


@pytest.mark.parametrize(
    ("before", "said", "secret"),
    [
        ("The token is below", "Xk9mQ2vL8pR4tW7z thanks", "Xk9mQ2vL8pR4tW7z"),
        ("The staging password is below", "Pg-Secret-2291 for the db", "Pg-Secret-2291"),
        ("", "The token is below\nXk9mQ2vL8pR4tW7z thanks", "Xk9mQ2vL8pR4tW7z"),
    ],
)
def test_a_value_not_alone_on_the_line_after_one_saying_it_follows_is_redacted(
    before: str, said: str, secret: str
) -> None:
    assert secret not in redact_after(before, said)


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("set the pin to 4821", "4821"),
        ("the PIN is 4821 is what I use", "4821"),
        ("change the door pin to 482913 tonight", "482913"),
    ],
)
def test_a_pin_said_so_is_redacted(text: str, secret: str) -> None:
    assert secret not in redact(text)


# ---- ordinary sentences taken for secrets ----------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "password -> PasswordV2Field",
        "Rename password -> PasswordV2Field in the signup form.",
        "token => TokenStoreV3",
        "web:8080:tcp:public:ingress2",
        "Always expose web:8080:tcp:public:ingress2 on the edge nodes.",
        "api:443:udp:private:quic3",
        "gh auth login -p SSH",
        "Always run `gh auth login -p HTTPS` on the build box.",
    ],
)
def test_code_that_only_looks_like_a_secret_is_left_alone(text: str) -> None:
    assert redact(text) == text


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("passwd -> Hunter2Zebra", "Hunter2Zebra"),
        ("db:5432:app:app:ingress2", "ingress2"),
        ("docker login -u me -p Ssh-2291x registry.acme.io", "Ssh-2291x"),
    ],
)
def test_their_neighbours_that_are_secrets_stay_redacted(text: str, secret: str) -> None:
    assert secret not in redact(text)


# ---- the third sweep: what people paste, and what engineers say ------------------------------

# (built from parts, so no file here carries a live-looking credential whole)
_JWT = ("eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9" + ".eyJzdWIiOiIxMjM0NTY3ODkwIn0"
        ".SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c")
_SSH_BODY = "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW"
# (what a person pastes, the secret in it)
SHAPES_3: list[tuple[str, str]] = [
    ("postgres://app:Pg-Secret-2291@db.acme.io:5432/app", "Pg-Secret-2291"),
    ("mongodb+srv://admin:M0ngo-Pass!x@cluster0.abcd.mongodb.net/test", "M0ngo-Pass!x"),
    ("amqp://guest:Rabbit-77x@mq:5672/", "Rabbit-77x"),
    (
        "curl -H 'Authorization: Bearer 8f3kLm29XzQw7RtY1vBn' https://api.acme.io",
        "8f3kLm29XzQw7RtY1vBn",
    ),
    (
        "curl -H \"X-API-Key: 9f8e7d6c5b4a39281706f5e4d3c2b1a0\" https://api.acme.io",
        "9f8e7d6c5b4a39281706f5e4d3c2b1a0",
    ),
    (
        "curl -H 'PRIVATE-TOKEN: "
        + "glpat-" + "Ab12Cd34Ef56Gh78Ij90' https://gitlab.acme.io/api/v4/projects",
        "Ab12Cd34Ef56Gh78Ij90",
    ),
    ("docker login registry.acme.io -u ci --password 'Tr0ub4dor&3'", "Tr0ub4dor&3"),
    ("kubectl create secret generic db --from-literal=password=Kube-Secret-77", "Kube-Secret-77"),
    (
        "kubectl create secret docker-registry regcred --docker-username=ci "
        "--docker-password=Dkr-Pass-2291",
        "Dkr-Pass-2291",
    ),
    (
        "//npm.acme.io/:_authToken=3f9a8b7c-1d2e-4f5a-9b8c-7d6e5f4a3b2c",
        "3f9a8b7c-1d2e-4f5a-9b8c-7d6e5f4a3b2c",
    ),
    ("_auth=YWRtaW46UzNjcjN0IQ==", "YWRtaW46UzNjcjN0IQ=="),
    ("index-url = https://ci:Pip-Secret-77@pypi.acme.io/simple", "Pip-Secret-77"),
    ("jdbc:postgresql://db.acme.io:5432/app?user=app&password=Jdbc-Pass-2291", "Jdbc-Pass-2291"),
    (
        "jdbc:sqlserver://db.acme.io:1433;databaseName=app;user=sa;password=SqlS3rver!x;",
        "SqlS3rver!x",
    ),
    ("jdbc:mysql://app:MyJdbc-77x@db:3306/app", "MyJdbc-77x"),
    (
        "-----BEGIN OPENSSH PRIVATE KEY-----\n" + _SSH_BODY + "\n-----END OPENSSH PRIVATE KEY-----",
        _SSH_BODY,
    ),
    (_JWT, _JWT),
    ("xoxb-" + "1234567890-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx", "AbCdEfGhIjKlMnOpQrStUvWx"),
    (
        "https://hooks.slack.com/services/" + "T00000000/B00000000/Xk9mQ2vL8pR4tW7zAbCdEfGh",
        "Xk9mQ2vL8pR4tW7zAbCdEfGh",
    ),
    ("sk_" + "live_51H8xYzAbCdEfGhIjKlMnOpQr", "51H8xYzAbCdEfGhIjKlMnOpQr"),
    ("github_pat_" + "11ABCDEFG0aBcDeFgHiJkLmN_oPqRsTuVwXyZ0123456789", "11ABCDEFG0aBcDeFgHiJkLmN"),
    ("gho_" + "16C7e42F292c6912E7710c838347Ae178B4a", "16C7e42F292c6912E7710c838347Ae178B4a"),
    ("glrt-" + "Ab12Cd34Ef56Gh78Ij90Kl", "Ab12Cd34Ef56Gh78Ij90Kl"),
    ("gldt-" + "Zx98Yw76Vu54Ts32Rq10Po", "Zx98Yw76Vu54Ts32Rq10Po"),
    ("client_secret: GOCSPX-" + "Ab12Cd34Ef56Gh78Ij90KlMnOp", "Ab12Cd34Ef56Gh78Ij90KlMnOp"),
    (
        "GOCSPX-" + "Ab12Cd34Ef56Gh78Ij90KlMnOp is the oauth client secret",
        "Ab12Cd34Ef56Gh78Ij90KlMnOp",
    ),
    ("AIza" + "SyA1b2C3d4E5f6G7h8I9j0KlMnOpQrStUvW", "SyA1b2C3d4E5f6G7h8I9j0KlMnOpQrStUvW"),
    (
        "DefaultEndpointsProtocol=https;AccountName=acme;AccountKey="
        + "Zm9vYmFyYmF6cXV4" * 5 + "==;EndpointSuffix=core.windows.net",
        "Zm9vYmFyYmF6cXV4Zm9v",
    ),
    (
        "https://acme.blob.core.windows.net/c?sv=2021-06-08&sp=r&sig=abc%2Bdef8Ghij%3D",
        "abc%2Bdef8Ghij",
    ),
    ("AZURE_CLIENT_SECRET=abc8Q~" + "Xk9mQ2vL8pR4tW7zAbCdEfGh", "Xk9mQ2vL8pR4tW7zAbCdEfGh"),
    (
        "az login --service-principal -u http://app -p 'Azure-Sp-Pass1!' --tenant acme",
        "Azure-Sp-Pass1!",
    ),
    ("redis-cli -h cache.acme.io -a Redis-Pass-77 ping", "Redis-Pass-77"),
    ("echo 'Sud0-Pass-77!' | sudo -S apt-get update", "Sud0-Pass-77"),
    ('echo Sud0-Pass-77 | sudo -k -S systemctl restart app', "Sud0-Pass-77"),
    ("PGPASSWORD=pgpass2291 psql -h db -U app", "pgpass2291"),
    (
        "git clone https://oauth2:" + "glpat-" + "Ab12Cd34Ef56Gh78Ij90@gitlab.com/acme/x.git",
        "Ab12Cd34Ef56Gh78Ij90",
    ),
    ('{"auths": {"registry.acme.io": {"auth": "YWRtaW46UzNjcjN0IQ=="}}}', "YWRtaW46UzNjcjN0IQ=="),
    ("ldapsearch -x -D cn=admin,dc=acme -w 'Ldap-Pass-77' -b dc=acme", "Ldap-Pass-77"),
    ("wget --user=ci --password=Wget-Pass-77 https://nexus/x.tgz", "Wget-Pass-77"),
    ('psql "host=db user=app password=Pg-Secret-2291 dbname=app"', "Pg-Secret-2291"),
    ("Server=tcp:acme.database.windows.net;User ID=sa;Password=SqlS3rver!x;", "SqlS3rver!x"),
    (
        "npm config set //registry.npmjs.org/:_authToken npm_"
        + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8",
        "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8",
    ),
    (
        "heroku config:set SECRET_KEY_BASE=9f8e7d6c5b4a39281706f5e4d3c2b1a0",
        "9f8e7d6c5b4a39281706f5e4d3c2b1a0",
    ),
]
# engineering sentences that use the words and shapes of secrets about code
ORDINARY_3 = [
    "Rename token -> TokenV2 in the auth module.",
    "The password field is validated by PasswordStrengthValidator2.",
    "Use key: value pairs in the YAML config.",
    "Run pytest -k test_password_reset before merging.",
    "Always run `docker login -u ci --password-stdin` in CI.",
    "The API key header is X-API-Key: see docs/auth.md.",
    "Set the token TTL to 3600 seconds.",
    "The secret store moved to vault:8200/v1/kv.",
    "Use primary key: id and sort key: created_at in DynamoDB.",
    "The password reset flow lives in auth/reset_password.py:42.",
    "Map token_type -> TokenType2 in the serializer.",
    "Rotate keys with `kubectl create secret generic app --from-file=./secrets/` only.",
    "Never log the Authorization header; log its length instead.",
    "Bump the tokenizer to tiktoken-0.7.0.",
    "Use passwordless login: ssh-copy-id deploy@host.",
    "The key rotation job runs at 02:00:00 UTC.",
    "Name the Redis key session:{user_id}:v2.",
    "Docker image tag: api:Release-2026-07.",
    "Use git checkout -b fix/token-refresh-42.",
    "Set PASSWORD_MIN_LENGTH=12 in settings.",
    "The pin for pydantic: pydantic==2.7.1.",
    "Set the pin to 3.11 for Python.",
    "The Kafka topic is auth.token.refreshed-v2.",
    "Always run mysql -u root -p (it asks) on the staging box.",
    'Run echo "$SUDO_PW" | sudo -S make install on the runner.',
    "Never echo the build log | sudo tee /var/log/build.log",
    "Use `openssl rand -hex 32` to make a new SECRET_KEY.",
    "The secret name is db-credentials-v2 in the k8s namespace.",
    "password hashing: argon2id with m=65536,t=3,p=4",
    "The login page: /auth/login-v2.",
    "Keep API_KEY_HEADER=X-Api-Key in the gateway config.",
    "The password column is password_hash_v2.",
    "Always sign with the key ID kid-2026-07.",
    "Use token auth: Authorization: Bearer <token>.",
    "curl -H 'Authorization: Bearer $TOKEN' https://api.acme.io",
    "The pgpass file format is host:port:db:user:password.",
    "Rename api_key -> ApiKeyV2 in the client.",
    "Use key-value: redis for caching, postgres for the rest.",
    "The token endpoint is /oauth/token-v2: POST only.",
    "Store the token in the Keychain, never in UserDefaults2.",
    "Use --from-literal=username=admin only in dev.",
    "Set the key size to 4096 for RSA.",
    "The db password rotation: every 90 days via rotate-db-pw2.",
]


@pytest.mark.parametrize(("text", "secret"), SHAPES_3)
def test_a_pasted_secret_of_the_third_sweep_is_redacted(text: str, secret: str) -> None:
    assert secret not in redact(text)


@pytest.mark.parametrize("text", ORDINARY_3)
def test_an_engineering_sentence_of_the_third_sweep_is_left_alone(text: str) -> None:
    assert redact(text) == text


def _dream(root: Path, *args: str, **env: str) -> str:
    return run_cli(root, "--force", *args, **env).output


def _leaked(text: str) -> list[str]:
    return [secret for _, secret in SHAPES_3
            if secret in text or json.dumps(secret)[1:-1] in text]


def _dream_both_ways(tmp_path: Path, api: list[ScriptedAPI], said: list[str],
                     grep: str) -> tuple[Path, str, Path, str]:
    """The same session dreamt by the local engine and by Claude (reading it whole, then a
    grep): the local work dir and its output, Claude's work dir and every request sent."""
    local = tmp_path / "local"
    project_with_one_session(local, said, SAID_AT)
    shown = _dream(local)
    root = tmp_path / "claude"
    session = project_with_one_session(root, said, SAID_AT)
    server = ScriptedAPI([
        reply(tool_use("read_file", {"path": f"sessions/{session.name}"}),
              tool_use("grep", {"pattern": grep, "path": "sessions/"})),
        call("finish", summary="looked"),
    ]).__enter__()
    api.append(server)
    _dream(root, "--backend", "anthropic", ANTHROPIC_API_KEY="sk-test",
           ANTHROPIC_BASE_URL=server.url)
    return local, shown, root, json.dumps(server.requests)


def test_no_pasted_secret_reaches_memory_or_claude(tmp_path: Path, api: list[ScriptedAPI]) -> None:
    said = [f"Remember this for the project: {text}" for text, _ in SHAPES_3]
    said += [f"Here's what I pasted:\n```\n{text}\n```\nAlways remember that."
             for text, _ in SHAPES_3]
    local, shown, root, sent = _dream_both_ways(tmp_path, api, said, "pasted|project|:|=|-")

    assert "Here's what I pasted" in sent  # the session was read
    assert any((local / "memory").glob("*.md"))  # the dream did remember things
    assert {"memory": _leaked(what_a_dream_kept(local)), "output": _leaked(shown),
            "claude": _leaked(sent), "claude's run": _leaked(what_a_dream_kept(root))} == {
        "memory": [], "output": [], "claude": [], "claude's run": []}


# (said as rules a dream keeps: the sentences above, and those the brief named)
RULES_3 = [
    "Always rename password -> PasswordV2Field in the signup form.",
    "Always expose web:8080:tcp:public:ingress2 on the edge nodes.",
    "Always run `gh auth login -p SSH` before pushing from the build box.",
    *[f"Always remember: {text}" for text in ORDINARY_3],
]


def test_an_engineering_sentence_is_not_dropped_as_a_secret(
    tmp_path: Path, api: list[ScriptedAPI]
) -> None:
    local, shown, _, sent = _dream_both_ways(tmp_path, api, RULES_3, "Always")

    memory = "\n".join(p.read_text() for p in (local / "memory").glob("*.md"))
    assert "contained a secret" not in shown and "REDACTED" not in memory
    # (the tools' descriptions say how a secret shows: "[REDACTED:kind]")
    assert sent.count("[REDACTED:") == sent.count("[REDACTED:kind]")
