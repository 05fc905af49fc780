"""Secrets a developer pastes into a chat, through what a dream does with them: none reaches
memory, the journal, the diary, the run record, the CLI's output or any request the Claude
backend sends (the scripted Messages API records each one)."""

from __future__ import annotations

import json
import os
import re
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from click.testing import Result

from autodream import prompting
from autodream.agent import DreamBrief, ToolCall
from autodream.redact import redact, redact_after
from autodream.transcripts.model import SessionInfo
from tests.factories import TranscriptBuilder, project_with_one_session, run_cli, what_a_dream_kept
from tests.sandbox_tree import build_tree
from tests.scripted_api import ScriptedAPI, call, reply, tool_use

# Built from parts so the repository itself carries no live-looking credential in one piece.
GHP = "ghp_" + "16C7e42F292c6912E7710c838347Ae178B4a"
XOXP = "xoxp-" + "1234567890-abcdefghijABCDEF"
AKIA = "AKIA" + "Q3EGRKXMPLE7W2ZD"
AWS_SECRET = "wJalrXUtnFEMI/K7MDENG/bPxRfi" + "CYzEXAMPLEKEY"
RK_LIVE = "rk_" + "live_51H8xYzAbCdEfGhIjKlMnOpQr"
ANT = "sk-ant-" + "api03-AbCdEfGhIjKlMnOpQrStUvWxYz0123"
WHSEC = "whsec_" + "MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
SENTRY_KEY = "a1b2c3d4e5f6a7b8" + "c9d0e1f2a3b4c5d6"

# (what the person said, the secret in it)
SHAPES: list[tuple[str, str]] = [
    # a user and a password after a login word, however the pair is written
    ("username admin / walrusbanjo77", "walrusbanjo77"),
    ("login admin/walrusbanjo77", "walrusbanjo77"),
    ("login admin / Walrus!Banjo", "Walrus!Banjo"),
    ("login admin / walrusbanjo77 We use it for staging", "walrusbanjo77"),
    ("creds are admin and S3cr3tx!", "S3cr3tx"),
    ("the staging creds are admin / S3cr3t!x We always use them", "S3cr3t!x"),
    # a password on a command line
    ("curl -u admin:hunter2-Zebra https://api.acme.io/v1/x", "hunter2-Zebra"),
    ("curl -u 'deploy:S3cr3t!x' https://api.acme.io", "S3cr3t!x"),
    ("curl --user ci-bot:Tr0ub4dor-33 https://nexus", "Tr0ub4dor-33"),
    ("docker login -u acme -p Dock3r-Hub-Pw registry.acme.io", "Dock3r-Hub-Pw"),
    ("sshpass -p 'Winter2026!' ssh deploy@host", "Winter2026!"),
    ("mysql -u root -pMyR00tPw! mydb", "MyR00tPw!"),
    ("az login -u me@acme.io -p Azur3-Pass!", "Azur3-Pass!"),
    ("htpasswd -b .htpasswd admin Htp4ss-Word", "Htp4ss-Word"),
    ("openssl enc -aes256 -k S3cretK3y!x -in f", "S3cretK3y!x"),
    (".pgpass line: db:5432:app:app:Pg-Secret-2291", "Pg-Secret-2291"),
    # said in words
    ("pw is walrusbanjo77", "walrusbanjo77"),
    ("Remember the staging db password, it's Pg-Secret-2291 and use it", "Pg-Secret-2291"),
    ("the db password is: Pg-Secret-2291 and always", "Pg-Secret-2291"),
    ("the db password's Pg-Secret-2291", "Pg-Secret-2291"),
    ("passwd -> Pg-Secret-2291", "Pg-Secret-2291"),
    ("set the password to Zebra-Quartz-77", "Zebra-Quartz-77"),
    ("change the admin password to Tr0ub4dorXX", "Tr0ub4dorXX"),
    ("I set the root password to toor2026", "toor2026"),
    ("the passcode is 482913", "482913"),
    ("the door PIN: 4821", "4821"),
    ("the secret is in the vault; the token is 8sKj2LmQ9xZp4RtY", "8sKj2LmQ9xZp4RtY"),
    # a vendor's shape
    (f"{WHSEC} is the webhook signing secret", WHSEC),
    (f"export SENTRY_DSN=https://{SENTRY_KEY}@o12345.ingest.sentry.io/678", SENTRY_KEY),
]

SAID_AT = datetime(2026, 7, 1, 9, 0, tzinfo=UTC)

# A transcript line read as it is: each message a JSON string, its line breaks "\n"
ESCAPED: list[tuple[str, str]] = [
    (f"my .env:\nAWS_SECRET_ACCESS_KEY={AWS_SECRET}\nDEBUG=1", AWS_SECRET),
    (f"```\naws_secret_access_key = {AWS_SECRET}\n```", AWS_SECRET),
    (f"keys:\n{RK_LIVE}\n{GHP}", RK_LIVE),
    (f"keys:\n{RK_LIVE}\n{GHP}", GHP),
    (f"tokens:\n\t{XOXP}", XOXP),
    (f"keys:\n{AKIA}", AKIA),
    ('config:\n"password": "Js0n-Pass!"', "Js0n-Pass!"),
]

ORDINARY = [
    "the password policy needs 12 chars",
    "use the token bucket algorithm",
    "We rotate the API key every 90 days.",
    "docker run -u 1000:1000 app",
    "ssh -p 2222 deploy@host",
    "mkdir -p build/out",
    "git push -u origin main",
    "curl -u $USER:$PASS https://x",
    "login handler/auth2.py",
    "user admin / user roles",
    "creds are stored and rotated",
    "the pass is valid for 30 days",
    "the token is JwtAuthV2Handler",
    "set the password to expire in 90 days",
    "the password, it's in 1Password",
    "the password, it's required",
    "rotate the token to the new format",
    "login to the box with ssh -p 2222 deploy@host",
    "pin the version to 4.2.0",
    "the pin is 3.2.1",
    "openssl req -new -key server.key",
    "git@github.com:acme/repo.git",
    # shapes of a secret holding none: gh's -p is its git protocol, five colon fields of words
    # or an IPv6 prefix are no .pgpass line, a version pin, a version tag or the variable
    # holding a secret is no value, a port told of is no PIN
    "Always run `gh auth login -p ssh` before pushing from the build box.",
    "gh auth login -p https",
    "Always name cache keys like redis:6379:0:cache:sessions, never bare names.",
    "We use the ULA prefix fd00:1234:abcd:ef01:2345 for the lab network.",
    "jump to src/app.py:42:def:main:entrypoint",
    "web:8080:tcp:public:ingress",
    "the report runs at 09:30:00:UTC:daily",
    "Never change the token to v2-format tokens in the auth service.",
    "set the pin to 2.3.1-post1",
    "set the secret to GITHUB_TOKEN2",
    "update the secret to v2-rotated format",
    "the pin: 8080 is the port",
    "the password's 16-character minimum",
    "the password's Argon2id-hashed now",
    "Where's the password? It's somewhere in the vault",
    # a .env with its keys left empty (Claude Code's Read output of one)
    "OPENAI_API_KEY=\n    23\u2192ANTHROPIC_API_KEY=\n    24\u2192DEFAULT_LLM_MODEL=gpt-4",
    "GITHUB_TOKEN=\nDB_PASS=\nLOG_LEVEL_DEFAULT=info",
    "https://build_user_for_docs@host.example.io/x",
]


@pytest.mark.parametrize(("text", "secret"), ESCAPED)
def test_a_secret_after_an_escaped_line_break_is_redacted(text: str, secret: str) -> None:
    line = json.dumps({"message": {"role": "user", "content": text}})
    redacted = redact(line)
    assert secret not in redacted and json.dumps(secret)[1:-1] not in redacted
    json.loads(redacted)  # still one JSON line


def test_a_password_given_as_the_answer_to_a_question_is_redacted() -> None:
    assert "hunter22" not in redact_after("what's the db password?", "it's hunter22")
    assert redact_after("where's the password?", "it's in the vault") == "it's in the vault"


@pytest.mark.parametrize(
    ("tool", "inp"),
    [
        ("glob", {"pattern": "project/*"}),
        ("list_dir", {"path": "project/"}),
        ("grep", {"pattern": "x", "path": "project/"}),
    ],
)
def test_a_file_named_for_a_secret_is_listed_redacted(
    tmp_path: Path, tool: str, inp: dict[str, str]
) -> None:
    tree = build_tree(tmp_path)
    (tree.project / f"{GHP}.txt").write_text("x\n")
    (tree.project / "password=hunter2-Zebra.md").write_text("x\n")

    result = tree.toolbox(phase="gather").call(ToolCall("c1", tool, inp))

    assert not result.is_error, result.content
    assert "[REDACTED:github-token].txt" in result.content
    assert GHP not in result.content and "hunter2-Zebra" not in result.content


def test_a_session_named_for_a_secret_is_listed_redacted_in_the_claude_brief() -> None:
    session = SessionInfo(id="s1", path=Path(f"sessions/{GHP}.jsonl"), source="claude-code",
                          size=10, mtime=0.0, git_branch=f"fix/{XOXP}",
                          started=SAID_AT)
    brief = DreamBrief(run_id="r1", now=SAID_AT, sessions=[session])

    first = prompting.render(brief, max_turns=10).first_message

    assert "[REDACTED:github-token].jsonl" in first
    assert GHP not in first and XOXP not in first


# ---- through real dreams ---------------------------------------------------------------------

EVERY_SECRET = [s for _, s in SHAPES] + [s for _, s in ESCAPED]


def _work(root: Path) -> Path:
    """A project whose one session says every shape, in a message, in a sentence asking to
    remember it, in a code block and in a tool's output the person shows; a project file is
    named for a secret too. The session's path."""
    for d in ("project", "sessions", "memory"):
        (root / d).mkdir(parents=True)
    (root / "project" / "README.md").write_text("# demo\n")
    (root / "project" / f"{GHP}.txt").write_text("x\n")
    (root / "project" / "password=hunter2-Zebra.md").write_text("x\n")
    (root / "autodream.toml").write_text(
        'project_root = "project"\nsessions_dir = "sessions"\nmemory_dir = "memory"\n'
        'backend = "local"\nmin_hours = 1\nmin_sessions = 1\nscan_interval_minutes = 1\n')
    b = TranscriptBuilder(cwd=str(root / "project"), start=SAID_AT)
    for text, _secret in SHAPES + ESCAPED:
        b.user(f"Remember this for the project: {text}")
        b.user(f"Please remember: {text} We always use it for staging.")
        b.user(f"Here's what I pasted:\n```\n{text}\n```\nAlways remember that.")
        b.tool_roundtrip("Bash", {"command": "cat notes"}, text)
    path = b.write(root / "sessions")
    os.utime(path, (SAID_AT.timestamp() + 3600,) * 2)
    return path


def _run(root: Path, *args: str, **env: str) -> Result:
    return run_cli(root, *args, **env)


def _leaks(text: str) -> list[str]:
    # (a PIN of digits counts where it stands alone: "4821" inside a random uuid or id of the
    # request is no leak, and one now and then made this test fail; nor is a uuid's group of
    # four hex digits between dashes, "...-4821-...", which failed a run of make test)
    return [s for s in [*EVERY_SECRET, "hunter2-Zebra"]
            if (re.search(rf"(?<![A-Za-z0-9-]){s}(?![A-Za-z0-9-])", text) if s.isdigit()
                else s in text or json.dumps(s)[1:-1] in text)]





def test_a_local_dream_keeps_no_secret_in_memory_journal_or_output(tmp_path: Path) -> None:
    root = tmp_path / "work"
    _work(root)
    result = _run(root, "--force")
    assert any((root / "memory").glob("*.md"))  # the dream did remember things
    assert _leaks(what_a_dream_kept(root)) == []
    assert _leaks(result.output) == []


def _claude_dream(
    root: Path, api: list[ScriptedAPI], *looks: dict[str, Any]
) -> tuple[Result, str]:
    """A Claude dream of ``root`` that makes the tool calls ``looks`` in one reply, then
    finishes; its output, and every request it sent as one JSON text."""
    server = ScriptedAPI([reply(*looks), call("finish", summary="looked")]).__enter__()
    api.append(server)
    result = _run(root, "--force", "--backend", "anthropic", ANTHROPIC_API_KEY="sk-test",
                  ANTHROPIC_BASE_URL=server.url)
    return result, json.dumps(server.requests)


def test_no_request_to_claude_holds_a_secret(tmp_path: Path, api: list[ScriptedAPI]) -> None:
    root = tmp_path / "work"
    session = _work(root)
    result, sent = _claude_dream(
        root, api,
        tool_use("read_file", {"path": f"sessions/{session.name}"}),
        tool_use("grep", {"pattern": "pass|token|key|secret|login|creds|-u|-p",
                          "path": "sessions/"}),
        tool_use("grep", {"pattern": "x", "path": "project/"}),
        tool_use("glob", {"pattern": "**/*"}),
        tool_use("list_dir", {"path": "project/"}))

    assert "Here's what I pasted" in sent  # the session was read
    assert "README.md" in sent  # and the project listed
    assert _leaks(sent) == []
    assert _leaks(what_a_dream_kept(root)) == []
    assert _leaks(result.output) == []


def test_a_secret_said_in_the_message_after_its_name_is_not_remembered(tmp_path: Path) -> None:
    root = tmp_path / "work"
    for d in ("project", "sessions", "memory"):
        (root / d).mkdir(parents=True)
    (root / "autodream.toml").write_text(
        'project_root = "project"\nsessions_dir = "sessions"\nmemory_dir = "memory"\n'
        'backend = "local"\nmin_hours = 1\nmin_sessions = 1\nscan_interval_minutes = 1\n')
    b = TranscriptBuilder(cwd=str(root / "project"), start=SAID_AT)
    b.user("Remember the staging db password, it's")
    b.user("Pg-Secret-2291 and always use it for staging deploys")
    path = b.write(root / "sessions")
    os.utime(path, (SAID_AT.timestamp() + 3600,) * 2)

    _run(root, "--force")

    kept = what_a_dream_kept(root)
    assert "staging db password" in kept  # the session was read
    assert "Pg-Secret-2291" not in kept



# ---- second sweep ----------------------------------------------------------------------------

# (what the person said, the secret in it)
SHAPES_2: list[tuple[str, str]] = [
    # a user and a password with no login word before them
    ("grafana admin:admin123 works", "admin123"),
    ("root:Tr0ub4dor&3 on the box", "Tr0ub4dor&3"),
    # (a sign besides the '-', or more than one word and its number)
    ("deploy:Secret-2291! on the box", "Secret-2291"),
    ("deploy:Blue-Sky-77 on the box", "Blue-Sky-77"),
    ("deploy:Hunter-22x on the box", "Hunter-22x"),
    # (a branch's shape after an account's name is its password)
    ("ssh to the box as root:Winter-2025 please", "Winter-2025"),
    ("Use postgres:Welcome-1 to connect locally.", "Welcome-1"),
    ("grafana deploy:Spring-2026 works", "Spring-2026"),
    ("the replica takes app_user:Summer-2024", "Summer-2024"),
    ("Admin credentials -> admin : Adm1n-2026", "Adm1n-2026"),
    # a password after more words and a colon
    ("the staging password is the same as prod: Pr0d-Pass", "Pr0d-Pass"),
    # a value alone on the line after one saying it follows
    ("The admin token for grafana is below\nXk9mQ2vL8pR4tW7z", "Xk9mQ2vL8pR4tW7z"),
]

# what the second sweep's shapes must leave as it is
ORDINARY_2 = [
    "redis:7-alpine",
    "docker pull node:lts",
    "npm run build:prod2026",
    "uvicorn app.main:App2",
    "see file.py:123",
    "the password policy: min 12",
    "the token limit: 4096",
    "token usage: gpt-4o-mini",
    "the key is below:\nsee the docs",
    "the password format is below\nMyClass2 handles it",
    "Hi!! great",
    '"private_key_id": "3f2a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d4e4f3a",',
    # a branch, a tag, a ticket or a label after a colon: a capitalised word, "-" and digits
    "git checkout feature:Fix-42",
    "image: app:Release-2",
    "JIRA:Proj-123",
    "origin:Release-2024",
    "web:Build-7",
    "hotfix:Auth-9",
    "Name:Value-1",
    "Our cache key is user:Profile-42 in redis.",
    "Never commit deploy:Build-123 tags to main.",
]


# (one test a kind over both sweeps' lists: the second sweep's shapes and guards are more of each)
@pytest.mark.parametrize(("text", "secret"), SHAPES + SHAPES_2)
def test_a_secret_said_in_this_shape_is_redacted(text: str, secret: str) -> None:
    assert secret not in redact(text)


@pytest.mark.parametrize("text", ORDINARY + ORDINARY_2)
def test_an_ordinary_sentence_is_left_alone(text: str) -> None:
    assert redact(text) == text


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("creds are admin and S3cr3t!", "creds are admin and [REDACTED:login-pair]"),
        ("grafana admin:admin123! works", "grafana admin:[REDACTED:login-pair] works"),
    ],
)
def test_a_bang_ending_a_password_goes_with_it(text: str, shown: str) -> None:
    assert redact(text) == shown


def test_a_value_in_the_message_after_the_one_saying_it_follows_is_redacted() -> None:
    from autodream.redact import redact_after

    said = redact_after("The admin token for grafana is below", "Xk9mQ2vL8pR4tW7z")
    assert "Xk9mQ2vL8pR4tW7z" not in said


@pytest.mark.parametrize(
    ("first", "second", "secret"),
    [
        ("Remember the staging db password, it's", "Pg-Secret-2291", "Pg-Secret-2291"),
        ("Remember the staging db password, it's",
         "Pg-Secret-2291 and always use it for staging deploys", "Pg-Secret-2291"),
        ("The admin token for grafana is below", "Xk9mQ2vL8pR4tW7z", "Xk9mQ2vL8pR4tW7z"),
    ],
)
@pytest.mark.parametrize("offset", [1, 2])
def test_claude_reads_no_secret_said_in_the_message_after_its_name(
    tmp_path: Path, api: list[ScriptedAPI], first: str, second: str, secret: str, offset: int
) -> None:
    root = tmp_path / "work"
    session = project_with_one_session(root, [first, second], SAID_AT)
    vpath = f"sessions/{session.name}"
    lines = session.read_text().splitlines()
    start = next(i for i, line in enumerate(lines, 1) if json.dumps(second)[1:-1] in line)
    # the whole transcript, and a window starting at the message with the value
    _, sent = _claude_dream(
        root, api,
        tool_use("read_file", {"path": vpath}),
        tool_use("read_file", {"path": vpath, "offset": start if offset == 2 else 1}),
        tool_use("grep", {"pattern": "Pg|Xk|staging|admin", "path": "sessions/"}))

    assert json.dumps(first)[1:-1] in sent  # the transcript was read
    assert secret not in sent
    assert secret not in what_a_dream_kept(root)


# A Google Cloud service account's key file, pasted whole in one message: its "private_key" is
# a PEM block in a JSON string, its line breaks written "\n"
_PEM_BODY = "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7" + "Vb3kQ9xZ2mL8pR4tW7zXk9mQ2vL8"
SERVICE_ACCOUNT = json.dumps({
    "type": "service_account",
    "project_id": "acme-prod",
    "private_key_id": "3f2a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d4e4f3a",
    "private_key": f"-----BEGIN PRIVATE KEY-----\n{_PEM_BODY}\n{_PEM_BODY[::-1]}\n"
                   "-----END PRIVATE KEY-----\n",
    "client_email": "deployer@acme-prod.iam.gserviceaccount.com",
    "client_id": "104522937284619283746",
}, indent=2)


def test_a_pasted_service_account_key_reaches_neither_memory_nor_claude(
    tmp_path: Path, api: list[ScriptedAPI]
) -> None:
    root = tmp_path / "work"
    session = project_with_one_session(
        root, [f"Remember the deploy service account for the project:\n{SERVICE_ACCOUNT}"],
        SAID_AT)
    _, sent = _claude_dream(
        root, api,
        tool_use("read_file", {"path": f"sessions/{session.name}"}),
        tool_use("grep", {"pattern": "MII|private|BEGIN", "path": "sessions/"}))
    local = tmp_path / "local"
    project_with_one_session(
        local, [f"Remember the deploy service account for the project:\n{SERVICE_ACCOUNT}"],
        SAID_AT)
    _run(local, "--force")

    assert "acme-prod" in sent  # the message was read
    for where in (sent, what_a_dream_kept(root), what_a_dream_kept(local)):
        assert _PEM_BODY[:24] not in where and _PEM_BODY[::-1][:24] not in where


@pytest.mark.parametrize("odd", ["\u2028", "\u2029", "\u202e", "\x85", "\u200f"])
@pytest.mark.parametrize(("tool", "inp"), [("list_dir", {"path": "project/"}),
                                           ("glob", {"pattern": "project/*"})])
def test_a_name_with_an_unseen_character_is_listed_escaped(
    tmp_path: Path, odd: str, tool: str, inp: dict[str, str]
) -> None:
    tree = build_tree(tmp_path)
    (tree.project / f"a{odd}gnp.md").write_text("x\n")

    result = tree.toolbox(phase="gather").call(ToolCall("c1", tool, inp))

    assert not result.is_error, result.content
    assert odd not in result.content
    assert f"a{repr(odd)[1:-1]}gnp.md" in result.content



# Rules a person gives that only look like a secret's shape (sayings that were dropped whole as
# "contained a secret (redacted)")
LOOKALIKES = [
    "Always run `gh auth login -p ssh` before pushing from the build box.",
    "Always name cache keys like redis:6379:0:cache:sessions, never bare names.",
    "We use the ULA prefix fd00:1234:abcd:ef01:2345 for the lab network.",
    "Never change the token to v2-format tokens in the auth service.",
    "Always set the pin to 2.3.1-post1 for the grpc wheel in CI.",
    "Always set the secret to GITHUB_TOKEN2 in the release workflow.",
    "Never update the secret to v2-rotated format in the billing service.",
    "Remember the pin: 8080 is the port the dev proxy listens on.",
    "Always expose web:8080:tcp:public:ingress on the edge nodes.",
    # (a branch, an image's tag, a ticket, a label after a colon: a capitalised word, "-", digits)
    "Always run `git checkout feature:Fix-42` before the billing tests.",
    "Never push origin:Release-2024 without a signed tag.",
    "Always link JIRA:Proj-123 in the release notes.",
    "Never merge hotfix:Auth-9 into main before review.",
]


def test_a_rule_that_only_looks_like_a_secret_is_remembered_as_said(tmp_path: Path) -> None:
    root = tmp_path / "work"
    project_with_one_session(root, LOOKALIKES, SAID_AT)

    result = _run(root, "--force")

    # (a fact to remember is kept without its "Remember": "The pin: 8080 is the port ...")
    memory = "\n".join(p.read_text() for p in (root / "memory").glob("*.md")).casefold()
    assert [text for text in LOOKALIKES
            if text.removeprefix("Remember ").casefold() not in memory] == []
    assert "REDACTED" not in memory and "contained a secret" not in result.output
