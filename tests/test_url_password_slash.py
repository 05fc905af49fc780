"""A URL's password holding a '/' after digits or a word ('postgres://bob:1234/abcdSECRET@db'):
the url-password rule stopped at the '/', and a client reads 'bob:1234' as a host and its port,
so the password was shown whole, in the person's words and in a base URL. A port and its path
('localhost:5432/db', 'host:8080/path', an '@' in a path after a host's name) are no password.
"""

from __future__ import annotations

import json
import os
import shutil
from datetime import UTC, datetime
from pathlib import Path

import pytest
from click.testing import CliRunner

from autodream.cli import cli
from autodream.redact import redact
from tests.factories import REPO_ROOT, project_with_one_session, run_cli, what_a_dream_kept

SAID_AT = datetime(2026, 7, 1, 9, 0, tzinfo=UTC)
HIDDEN = "[REDACTED:url-password]"
# An '@' in a path, a query or a fragment after a host's port, which the rule hid as a
# password: after '@' no host followed by its port (or, after a word, a path), or a '?' or
# '#' before the '/', or digits before the '/' (a port) and no port after the host
REVIEWED_PATHS = (
    "http://api:8000/alice@example.com",
    "http://localhost:3000?to=/u@example.com",
    "http://localhost:4200#/users@alice",
    "http://127.0.0.1:8000?redirect=/profile@me",
    "https://example.com:8443?return=/team@acme.io",
    "http://web:8080/user@example.com/profile",
    "http://grafana:3000/d@ops",
    "mongodb://mongo:27017/db@replica",
    "http://LOCALHOST:8080/x@y",
    "s3://bucket:1/key@v2",
    "http://verdaccio:4873/vue@next",
    "http://web:8080/x@y",
)
# A placeholder for the port (or a host's name before it) and an '@' in the path, which the
# rule hid as a password, the part before the '/' holding a sign or a letter
PLACEHOLDER_PORTS = (
    "http://localhost:${PORT}/alice@example.com/profile",
    "http://localhost:$PORT/vue@next/",
    "http://verdaccio:${PORT}/vue@next/-/vue.tgz",
    "http://api.local:$PORT/bob@example.com/x",
    "http://127.0.0.1:$PORT/u@example.com:8080",
    "http://api:{port}/users@example.com/x",
    "http://localhost:%d/user@example.com/",
)


@pytest.mark.parametrize(("text", "shown"), [
    ("postgres://bob:1234/abcdSECRET@db:5432/x", f"postgres://bob:{HIDDEN}@db:5432/x"),
    ("mysql://root:2024/x9@localhost:3306/db", f"mysql://root:{HIDDEN}@localhost:3306/db"),
    ("http://u:pass/word@host/v1", f"http://u:{HIDDEN}@host/v1"),
    ("http://u:pass/word@10.0.0.5:80/x", f"http://u:{HIDDEN}@10.0.0.5:80/x"),
    ("see postgres://bob:1234/abcdSECRET@db:5432/x.", f"see postgres://bob:{HIDDEN}@db:5432/x."),
    # (digits alone were hidden already: kept so)
    ("http://u:123456@host/", f"http://u:{HIDDEN}@host/"),
    # (a password starting as a placeholder would: the host's port after the '@')
    ("postgres://bob:$ecret/abc@db:5432/x", f"postgres://bob:{HIDDEN}@db:5432/x"),
])
def test_a_password_holding_a_slash_is_hidden(text: str, shown: str) -> None:
    assert redact(text) == shown


@pytest.mark.parametrize("text", [
    "localhost:5432/db",
    "host:8080/path",
    "http://host:8080/path",
    "connect to http://localhost:8080/v1 first",
    "http://host:8080/path/x@y",
    "http://localhost:3000/alice@example.com",
    "http://example.com:8080/bob@example.com",
    "http://127.0.0.1:8080/x@y",
    "https://unpkg.com:443/react@18.2.0/umd",
    "https://cdn.jsdelivr.net:443/npm/vue@3/dist",
    "http://[::1]:8080/x@y.com",
    "docker://registry:5000/img@sha256:abcd12",
    *REVIEWED_PATHS,
    *PLACEHOLDER_PORTS,
])
def test_a_port_and_its_path_are_no_password(text: str) -> None:
    assert redact(text) == text


@pytest.mark.parametrize("url", [*REVIEWED_PATHS, *PLACEHOLDER_PORTS])
def test_a_memory_naming_a_path_with_an_at_sign_is_kept(tmp_path: Path, url: str) -> None:
    # the rule hid these and the dream dropped the memory as a secret
    said = f"Always open {url} when testing the login flow."
    project_with_one_session(tmp_path, [said], SAID_AT)
    shown = run_cli(tmp_path, "--force").output
    bodies = [path.read_text() for path in (tmp_path / "memory").glob("*.md")
              if path.name != "MEMORY.md"]
    # (up to its '@': the local engine reads '@me' as the person, '@the user')
    assert any(f"{url.partition('@')[0]}@" in body for body in bodies), shown
    assert "REDACTED" not in "".join(bodies)
    assert "secret" not in shown, shown


def test_a_slashed_password_said_by_the_person_never_reaches_memory(tmp_path: Path) -> None:
    project_with_one_session(tmp_path, [
        "Always connect to the warehouse as postgres://bob:1234/abcdSECRET@db:5432/x from CI.",
        "Always run the API on http://localhost:8080/v1 in development.",
    ], SAID_AT)
    shown = run_cli(tmp_path, "--force").output
    kept = what_a_dream_kept(tmp_path)
    assert "abcdSECRET" not in kept + shown
    assert "localhost:8080/v1" in kept  # a port and its path kept as said


def test_a_base_url_with_a_slashed_password_is_named_without_it(tmp_path: Path) -> None:
    # the client reads 'bob:1234' as the host and its port: 'cannot reach
    # http://bob:1234/abcdSECRET@127.0.0.1:9/v1', kept by the record, DREAMS.md, log, show
    sample = tmp_path / "sample_project"
    shutil.copytree(REPO_ROOT / "sample_project", sample)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("AUTODREAM_", "ANTHROPIC_"))}
    env.update(AUTODREAM_NOW="2026-07-20T09:00:00Z", ANTHROPIC_API_KEY="sk-test",
               AUTODREAM_API_MAX_RETRIES="0",
               AUTODREAM_BASE_URL="http://bob:1234/abcdSECRET@127.0.0.1:9/v1")
    runner = CliRunner()
    said = runner.invoke(cli, ["--force", "--backend", "anthropic", "--project", str(sample)],
                         env=env)
    assert said.exit_code != 0
    assert f"cannot reach http://bob:{HIDDEN}@127.0.0.1:9/v1: " in said.stderr, said.stderr
    as_json = runner.invoke(cli, ["--force", "--json", "--backend", "anthropic", "--project",
                                  str(sample)], env=env)
    assert json.loads(as_json.stdout)["error"].startswith(f"cannot reach http://bob:{HIDDEN}@")
    for command in (["log"], ["show"], ["show", "--json"], ["status"]):
        result = runner.invoke(cli, [*command, "--project", str(sample)], env=env)
        assert "abcdSECRET" not in result.stdout + result.stderr, command
    for path in sample.rglob("*"):
        assert not path.is_file() or b"abcdSECRET" not in path.read_bytes(), path


@pytest.mark.parametrize(("url", "shown"), [
    ("ws://chat:8080/room@server.io:9000", f"ws://chat:{HIDDEN}@server.io:9000"),
    ("http://service-a:8080/calls@service-b:8081", f"http://service-a:{HIDDEN}@service-b:8081"),
    ("postgres://bob:hunter2@db:5432/x", f"postgres://bob:{HIDDEN}@db:5432/x"),
])
def test_a_memory_dropped_for_a_url_password_says_which_secret(tmp_path: Path, url: str,
                                                                 shown: str) -> None:
    # a path after a port and a host with its port after the '@' reads as a password (the
    # shape of 'postgres://bob:1234/abcdSECRET@db:5432/x'): dropped, as a password is; the
    # reason said 'contained a secret (redacted)', not what was read as one
    said = f"Always open {url} when testing the login flow."
    assert redact(said) == f"Always open {shown} when testing the login flow."
    project_with_one_session(tmp_path, [said], SAID_AT)
    assert run_cli(tmp_path, "--force").exit_code == 0
    lines = run_cli(tmp_path, "show", "--all-decisions").output.splitlines()
    # (by its first words: what is next to the redaction, a host or a port, may be a value)
    dropped = lines.index("  dropped    Always open …")
    assert not any(shown in line for line in lines), lines
    assert lines[dropped + 1].strip() == ("contained a secret (url-password: redacted); a "
                                          "credential is never remembered"), lines
