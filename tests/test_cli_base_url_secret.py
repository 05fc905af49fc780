"""A base URL's password and query values, through the CLI: never printed, never stored.

The audit's repro: ``--base-url "http://bob:hunter2pass@127.0.0.1:9/v1?token=abcdef123456"``
printed ``cannot reach http://bob:hunter2pass@...?token=abcdef123456``, the run's record kept it,
and ``log``, ``show`` and ``--json`` showed it again.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from autodream import errors
from autodream.cli import cli
from tests.scripted_api import ScriptedAPI, api_error, call, raw

PASSWORD = "hunter2pass"
TOKEN = "abcdef123456"
NOW = "2026-07-20T09:00:00Z"
# the user and URL as every message names them: redaction's marker for what was hidden
USER = "bob:[REDACTED:url-password]"
SHOWN = f"http://{USER}@127.0.0.1:9/v1?token=[REDACTED:url-query]"


def run(project: Path, *args: str, **env: str) -> tuple[int, str, str]:
    """``autodream ARGS --project PROJECT``: exit code, stdout, stderr."""
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("AUTODREAM_", "ANTHROPIC_"))}
    clean.update(AUTODREAM_NOW=NOW, ANTHROPIC_API_KEY="sk-test", AUTODREAM_API_MAX_RETRIES="0",
                 **env)
    result = CliRunner().invoke(cli, [*args, "--project", str(project)], env=clean)
    return result.exit_code, result.stdout, result.stderr


def assert_no_secret_under(project: Path) -> None:
    """No file under the project (memory, its journal, DREAMS.md, logs) holds either secret."""
    for path in project.rglob("*"):
        if path.is_file():
            data = path.read_bytes()
            assert PASSWORD.encode() not in data and TOKEN.encode() not in data, path


def assert_every_view_hides_it(project: Path, env: dict[str, str]) -> str:
    """log, show, show --json, status and status --json: none names a secret; ``show``'s text."""
    said = {}
    for command in (["log"], ["show"], ["show", "--json"], ["status"], ["status", "--json"]):
        _code, out, err = run(project, *command, **env)
        out += err
        assert PASSWORD not in out and TOKEN not in out, (command, out)
        said[" ".join(command)] = out
    return said["show"]


def test_an_unreachable_base_url_is_named_without_its_password_or_query(sample: Path) -> None:
    url = f"http://bob:{PASSWORD}@127.0.0.1:9/v1?token={TOKEN}"
    code, out, err = run(sample, "--force", "--backend", "anthropic", "--base-url", url)
    out += err
    assert code != 0
    # was: "Error: cannot reach http://bob:hunter2pass@127.0.0.1:9/v1?token=abcdef123456: ..."
    assert f"cannot reach {SHOWN}: " in out, out
    assert PASSWORD not in out and TOKEN not in out, out
    code, out, err = run(sample, "--force", "--json", "--backend", "anthropic", "--base-url",
                         url)
    said = json.loads(out)
    out += err
    assert said["error"].startswith(f"cannot reach {SHOWN}: "), said
    assert PASSWORD not in out and TOKEN not in out, out
    shown = assert_every_view_hides_it(sample, {})
    assert SHOWN in shown, shown
    assert_no_secret_under(sample)


def test_an_endpoint_quoting_the_url_in_its_error_has_it_hidden(
        sample: Path, api: list[ScriptedAPI]) -> None:
    # A gateway that says which upstream it could not reach: the password in the URL it
    # quotes, and the query's value again on its own (a proxy echoing the request's path).
    server = ScriptedAPI([]).__enter__()
    api.append(server)
    host = server.url.removeprefix("http://")
    url = f"http://bob:{PASSWORD}@{host}"
    server.script.append(api_error(
        400, "invalid_request_error",
        f"upstream {url}/v1/messages refused, password {PASSWORD} unknown"))
    code, out, err = run(sample, "--force", "--backend", "anthropic", "--base-url", url)
    out += err
    assert code != 0, out
    assert f"http://{USER}@{host} refused the request (400 invalid_request_error): upstream " \
        f"http://{USER}@{host}/v1/messages refused, password [REDACTED:url-password] " \
        "unknown" in out, out
    assert server.headers, "the scripted endpoint was never asked"
    assert PASSWORD not in out and TOKEN not in out, out
    assert_every_view_hides_it(sample, {})
    assert_no_secret_under(sample)


def test_a_note_of_a_dream_that_went_on_names_the_url_without_its_password(
        sample: Path, api: list[ScriptedAPI]) -> None:
    # An endpoint with no token counting: the dream goes on and says so, naming the endpoint.
    # (no query here: the SDK puts its path after one, '/v1?token=.../v1/messages', and the
    # dream could not go on)
    server = ScriptedAPI([call("finish", summary="nothing new")], count_tokens=False
                         ).__enter__()
    api.append(server)
    host = server.url.removeprefix("http://")
    code, out, err = run(sample, "--force", "--backend", "anthropic", "--base-url",
                         f"http://bob:{PASSWORD}@{host}")
    assert code == 0, out + err
    assert ("token counting unavailable, pre-flight skipped: "
            f"http://{USER}@{host} refused the request (404 not_found_error)") in err, err
    assert PASSWORD not in out + err and TOKEN not in out + err, out + err
    assert_every_view_hides_it(sample, {})
    assert_no_secret_under(sample)


def test_an_error_raised_past_the_backend_has_the_url_hidden(
        sample: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # What the SDK or its HTTP stack raises that is no API error (httpx's InvalidURL, a bug)
    # passes the backend's own wording by: the pipeline's "dream failed: ..." quoted it as is.
    from autodream.backends.anthropic import AnthropicBackend

    def broken(self: AnthropicBackend) -> None:
        raise ValueError(f"cannot send to {self.base_url}/v1/messages")

    monkeypatch.setattr(AnthropicBackend, "_count_prefix", broken)
    url = f"http://bob:{PASSWORD}@127.0.0.1:9/v1?token={TOKEN}"
    code, out, err = run(sample, "--force", "--backend", "anthropic", "--base-url", url)
    assert code != 0, out + err
    assert (f"dream failed: ValueError: cannot send to {SHOWN}"
            in err), err
    shown = assert_every_view_hides_it(sample, {})
    assert f"cannot send to {SHOWN}" in shown, shown
    assert_no_secret_under(sample)


def test_an_answer_that_is_no_message_names_the_url_without_its_password(
        sample: Path, api: list[ScriptedAPI]) -> None:
    # A proxy's page where a message was expected: "<url> answered with something that is not
    # a Messages-API response", which named the URL with its password.
    server = ScriptedAPI([raw("<html>Gateway login required</html>")]).__enter__()
    api.append(server)
    host = server.url.removeprefix("http://")
    code, out, err = run(sample, "--force", "--backend", "anthropic", "--base-url",
                         f"http://bob:{PASSWORD}@{host}")
    assert code != 0, out + err
    assert (f"http://{USER}@{host} answered with something that is not a Messages-API response"
            in err), err
    assert_every_view_hides_it(sample, {})
    assert_no_secret_under(sample)


@pytest.mark.parametrize(("url", "named"), [
    # (the query's value is its host's name: '***' stood for both, 'http://***:9/v1?***')
    ("http://localhost:9/v1?upstream=localhost",
     "http://localhost:9/v1?upstream=[REDACTED:url-query]"),
    # (the user's name is the path's word: the path was '/***/v1')
    ("http://gateway@127.0.0.1:9/gateway/v1",
     "http://[REDACTED:url-password]@127.0.0.1:9/gateway/v1"),
    # (a fragment is no secret; it was '#***')
    ("http://127.0.0.1:9/v1#staging", "http://127.0.0.1:9/v1#staging"),
])
def test_an_unreachable_base_url_keeps_what_was_never_secret(
        sample: Path, url: str, named: str) -> None:
    code, out, err = run(sample, "--force", "--backend", "anthropic", "--base-url", url)
    assert code != 0, out + err
    assert f"Error: cannot reach {named}: " in err, err


def test_a_sentence_around_a_url_is_not_read_as_its_query() -> None:
    from autodream.backends.urls import without_url_secrets

    url = "http://bob:hunter2pass@127.0.0.1:9/v1"
    said = ("is it http://localhost:8080/v1? see https://docs.example.com/errors#http-errors "
            f"or http://127.0.0.1:9/v1?is up; {url}")
    # was: 'http://localhost:8080/v1?***', '...errors#***', '...v1?*** up'
    assert without_url_secrets(said, url) == (
        "is it http://localhost:8080/v1? see https://docs.example.com/errors#http-errors "
        "or http://127.0.0.1:9/v1?is up; http://bob:[REDACTED:url-password]@127.0.0.1:9/v1")


@pytest.mark.parametrize(("endpoint", "said", "shown"), [
    # (short: a word as often as a password; hidden inside the URL only)
    ("http://bob:pw1@localhost:9/v1", "pw1 of http://bob:pw1@localhost:9/v1",
     "pw1 of http://bob:[REDACTED:url-password]@localhost:9/v1"),
    # (the query's value names the host: the host is no secret; it was '***' here)
    ("http://localhost:9/v1?upstream=localhost", "upstream localhost refused",
     "upstream localhost refused"),
    # (a query value whose name says no secret is hidden inside URLs only: it was
    # '[REDACTED:url-query]-sonnet-4', a date, a marker rewritten inside)
    ("http://localhost:9/v1?upstream=claude", "bad model claude-sonnet-4 via "
     "http://localhost:9/v1?upstream=claude",
     "bad model claude-sonnet-4 via http://localhost:9/v1?upstream=[REDACTED:url-query]"),
    ("http://localhost:9/v1?api-version=2023-06-01", "version 2023-06-01 is retired",
     "version 2023-06-01 is retired"),
    ("http://bob:hunter2pass@localhost:9/v1?auth=password",
     "password hunter2pass for http://bob:hunter2pass@localhost:9/v1 refused",
     "[REDACTED:url-query] [REDACTED:url-password] for "
     "http://bob:[REDACTED:url-password]@localhost:9/v1 refused"),
    # (one whose name says secret, or that redaction hides, is hidden wherever it stands)
    ("http://localhost:9/v1?x-api-key=abcdef123456", "key abcdef123456 unknown",
     "key [REDACTED:url-query] unknown"),
    ("http://localhost:9/v1?upstream=sk-ant-api03-Xq7Lm2Pz9Rt4Vw8Yb3Nc6Hd1Jf5Kg0Ls",
     "key sk-ant-api03-Xq7Lm2Pz9Rt4Vw8Yb3Nc6Hd1Jf5Kg0Ls unknown",
     "key [REDACTED:url-query] unknown"),
])
def test_a_base_url_value_is_hidden_elsewhere_only_when_it_can_be_a_secret(
        endpoint: str, said: str, shown: str) -> None:
    from autodream.backends.urls import without_url_secrets

    assert without_url_secrets(said, endpoint) == shown


@pytest.mark.parametrize("given", ["--base-url", "ANTHROPIC_BASE_URL"])
def test_a_password_the_client_cannot_read_is_refused_without_it(sample: Path, given: str) -> None:
    # A '/' in the password: httpx read 'hunter2' as the port as the backend was made, and
    # "dream failed: InvalidURL: Invalid port: 'hunter2'" reached stderr, --json, the record
    # and DREAMS.md. Refused with the configuration now, before any run, without it.
    url = "http://bob:hunter2/pass@127.0.0.1:9/v1"
    args, env = (["--base-url", url], {}) if given == "--base-url" else ([], {given: url})
    said = ("'http://bob:[REDACTED:url-password]@127.0.0.1:9/v1' cannot be read as a URL: a "
            "password holding '/', '?' or '#' must be percent-encoded (%2F, %3F, %23)")
    code, out, err = run(sample, "--force", "--backend", "anthropic", *args, **env)
    assert code == errors.ConfigError.exit_code, out + err
    assert err.strip().splitlines()[-1].endswith(f": {said}"), err
    code, out, err = run(sample, "--force", "--json", "--backend", "anthropic", *args, **env)
    assert json.loads(out)["error"].endswith(f": {said}"), out
    assert "hunter2" not in out + err
    for command in (["log"], ["show"], ["show", "--json"], ["status"], ["status", "--json"]):
        _code, out, err = run(sample, "--backend", "anthropic", *args, *command, **env)
        assert "hunter2" not in out + err, (command, out + err)
    # (status says why a dream would fail, in the same words)
    assert said in out + err, out + err
    for path in sample.rglob("*"):
        assert not path.is_file() or b"hunter2" not in path.read_bytes(), path
    assert not (sample / "memory" / ".autodream" / "runs").exists()


@pytest.mark.parametrize("password", ["hunter[2]pass", "pa[ss", "pa]ss"])
def test_a_password_only_urllib_cannot_read_still_reaches_the_endpoint(
        sample: Path, api: list[ScriptedAPI], password: str) -> None:
    # urllib reads a '[' or ']' before the host as an IPv6 address's and refuses the URL;
    # httpx sends it: the branch refused this working setup as configuration (exit 3, "cannot
    # be read as a URL") before it was asked
    server = ScriptedAPI([api_error(400, "invalid_request_error", "no such model")]).__enter__()
    api.append(server)
    host = server.url.removeprefix("http://")
    url = f"http://bob:{password}@{host}"
    code, out, err = run(sample, "--force", "--backend", "anthropic", "--base-url", url)
    out += err
    assert code == errors.DreamFailed.exit_code, out
    assert server.headers, "the scripted endpoint was never asked"
    assert f"http://{USER}@{host} refused the request (400 invalid_request_error): no such " \
        "model" in out, out
    code, out, err = run(sample, "status", "--backend", "anthropic", "--base-url", url)
    assert "cannot be read" not in out + err, out + err
    assert password not in out + err


# (a project's autodream.toml may not name a base URL: refused before it is used)
@pytest.mark.parametrize(("given", "name"), [
    ("--base-url", "access_token"), ("AUTODREAM_BASE_URL", "access_token"),
    # (the first pair's name was read with its '#': '#password' was no secret's name)
    ("--base-url", "password"), ("--base-url", "api_key"), ("--base-url", "secret"),
])
def test_a_base_url_fragment_named_as_a_secret_is_hidden(
    sample: Path, given: str, name: str
) -> None:
    # An OAuth implicit grant's '#access_token=...' pasted with the endpoint: the fragment was
    # kept whole, in the error, --json, the record, log, show, status and DREAMS.md
    secret = "abc123secret"
    url = f"http://127.0.0.1:9/v1#{name}={secret}"
    args: list[str] = []
    env: dict[str, str] = {}
    if given == "--base-url":
        args = ["--base-url", url]
    else:
        env = {given: url}
    named = f"http://127.0.0.1:9/v1#{name}=[REDACTED:url-fragment]"
    code, out, err = run(sample, "--force", "--backend", "anthropic", *args, **env)
    assert code != 0, out + err
    assert f"Error: cannot reach {named}: " in err, err
    code, out, err = run(sample, "--force", "--json", "--backend", "anthropic", *args, **env)
    assert json.loads(out)["error"].startswith(f"cannot reach {named}: "), out
    assert secret not in out + err
    for command in (["log"], ["show"], ["show", "--json"], ["status"], ["status", "--json"]):
        _code, out, err = run(sample, "--backend", "anthropic", *args, *command, **env)
        assert secret not in out + err, (command, out + err)
    assert named in run(sample, "show")[1]
    for path in sample.rglob("*"):
        if path.is_file():
            assert secret.encode() not in path.read_bytes(), path


def test_a_fragment_naming_the_token_s_kind_is_kept(sample: Path) -> None:
    # 'token_type' says 'token': its value 'bearer' was hidden in the URL, and then in every
    # message that quoted the word ('bad auth scheme [REDACTED:url-fragment]')
    from autodream.backends.urls import without_url_secrets

    url = ("http://127.0.0.1:9/v1#access_token=abc123secret&token_type=bearer"
           "&token_expires=86400")
    code, out, err = run(sample, "--force", "--backend", "anthropic", "--base-url", url)
    assert code != 0, out + err
    assert ("Error: cannot reach http://127.0.0.1:9/v1#access_token=[REDACTED:url-fragment]"
            "&token_type=bearer&token_expires=86400: ") in err, err
    assert without_url_secrets("bad auth scheme bearer for abc123secret", url) == (
        "bad auth scheme bearer for [REDACTED:url-fragment]")


@pytest.mark.parametrize("fragment", ["#section-2", "#L10-L20", "#state=abc123", "#a=b&c=d"])
def test_an_ordinary_base_url_fragment_is_kept(sample: Path, fragment: str) -> None:
    code, out, err = run(sample, "--force", "--backend", "anthropic", "--base-url",
                         f"http://127.0.0.1:9/v1{fragment}")
    assert code != 0, out + err
    assert f"Error: cannot reach http://127.0.0.1:9/v1{fragment}: " in err, err


def test_scrub_urls_hides_what_records_of_an_older_autodream_kept(sample: Path) -> None:
    # Records and the diary written before the URL was masked kept it whole ('cannot reach
    # http://bob:hunter2pass@127.0.0.1:9/v1?token=...'), and log and show said it again
    url = f"http://bob:{PASSWORD}@127.0.0.1:9/v1?token={TOKEN}"
    assert run(sample, "--force", "--backend", "anthropic", "--base-url", url)[0] != 0
    state = sample / "memory" / ".autodream"
    old = [*state.glob("runs/*/record.json"), state / "DREAMS.md"]
    for path in old:  # (as an older autodream wrote them)
        text = path.read_text("utf-8").replace(SHOWN, url)
        path.write_text(text, encoding="utf-8")
        assert PASSWORD in text, path
    # (a URL holding no secret is left as the diary says it)
    plain = "see https://docs.example.com/search?q=python\n"
    with (state / "DREAMS.md").open("a", encoding="utf-8") as diary:
        diary.write(plain)
    code, out, _err = run(sample, "scrub", "--urls", "--dry-run")
    assert code == 0 and "would hide" in out and "in 2 journal file(s)" in out, out
    assert all(PASSWORD in path.read_text("utf-8") for path in old)
    code, out, err = run(sample, "scrub", "--urls")
    assert code == 0, out + err
    assert out.startswith("hid a URL's password, query or fragment token in 2 journal file(s)")
    assert_no_secret_under(sample)
    assert (state / "DREAMS.md").read_text("utf-8").endswith(plain)
    # (still readable: log and show name the URL as a dream names it now)
    assert SHOWN in assert_every_view_hides_it(sample, {})
    assert "nothing to hide" in run(sample, "scrub", "--urls")[1]


def test_a_scrub_of_a_value_leaves_the_journal_s_urls_as_written(sample: Path) -> None:
    # a scrub of a value rewrote every URL of a diary line holding one secret-looking URL
    # ('ssh://git@github.com/...' read 'ssh://[REDACTED:url-password]@github.com/...'), and
    # crashed on a run record it could not parse
    assert run(sample, "--force", "--backend", "local")[0] == 0
    state = sample / "memory" / ".autodream"
    with (state / "DREAMS.md").open("a", encoding="utf-8") as diary:
        diary.write("clone ssh://git@github.com/acme/api.git; search "
                    f"https://docs.example.com/search?q=deploy&session={TOKEN}\n")
    broken = state / "runs" / "20260101T000000Z-dead" / "record.json"
    broken.parent.mkdir()
    broken.write_text('{"summary": "http://x.com/?token=abc', encoding="utf-8")
    journal = {path: path.read_bytes() for path in state.rglob("*") if path.is_file()}
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("AUTODREAM_", "ANTHROPIC_"))}
    result = CliRunner().invoke(cli, ["scrub", "--project", str(sample)],
                                input="ghp_aB3dE6gH9jK2mN5pQ8sT1vW4yZ7bC0eF2hJ5",
                                env={**clean, "AUTODREAM_NOW": NOW})
    assert result.exit_code == 0 and "nothing to scrub" in result.output, result.output
    assert {path: path.read_bytes() for path in state.rglob("*") if path.is_file()} == journal


def test_scrub_urls_hides_only_the_secret_pieces_of_a_url(sample: Path) -> None:
    # once one URL of a line looked secret, every URL of it was rewritten as a base URL is
    # named: 'ssh://git@github.com/acme/api.git' read 'ssh://[REDACTED:url-password]@...' and
    # '?q=deploy' read '?q=[REDACTED:url-query]', for good
    assert run(sample, "--force", "--backend", "local")[0] == 0
    diary = sample / "memory" / ".autodream" / "DREAMS.md"
    said = ("clone ssh://git@github.com/acme/api.git; search "
            f"https://docs.example.com/search?q=deploy&session={TOKEN}#L10; reach "
            f"http://bob:{PASSWORD}@127.0.0.1:9/v1?api-version=2023-06-01.\n")
    with diary.open("a", encoding="utf-8") as written:
        written.write(said)
    code, out, err = run(sample, "scrub", "--urls")
    assert code == 0 and "in 1 journal file(s)" in out, out + err
    assert diary.read_text("utf-8").endswith(
        "clone ssh://git@github.com/acme/api.git; search "
        "https://docs.example.com/search?q=deploy&session=[REDACTED:url-query]#L10; reach "
        f"http://{USER}@127.0.0.1:9/v1?api-version=2023-06-01.\n")


# Names holding a word of a secret's name that say no secret: a scrub hid their values for good
NOT_SECRET_NAMES = ("author", "keyword", "keyboard", "zipcode", "country_code", "barcode",
                    "unicode", "sort_key", "check_keywords", "passage", "design", "passthrough",
                    "authuser", "status_code", "keyId")
SECRET_NAMES = ("access_token", "sig", "api-key", "X-Api-Key", "apiKey", "key", "code",
                "auth_code", "client_secret", "db_pass", "pwd", "X-Amz-Signature",
                "PHPSESSID", "session", "Ocp-Apim-Subscription-Key")


def test_scrub_urls_reads_a_query_name_by_its_parts(sample: Path) -> None:
    # a name holding 'auth', 'key', 'code', 'sig' or 'pass' anywhere was read as a secret's:
    # '?author=alice&keyword=deploy' read '?author=[REDACTED:url-query]&keyword=[REDACTED:...]'
    assert run(sample, "--force", "--backend", "local")[0] == 0
    diary = sample / "memory" / ".autodream" / "DREAMS.md"
    query = "&".join(f"{name}=v{at}x" for at, name in enumerate(NOT_SECRET_NAMES + SECRET_NAMES))
    with diary.open("a", encoding="utf-8") as written:
        written.write(f"search https://docs.example.com/find?{query} first.\n")
    code, out, err = run(sample, "scrub", "--urls")
    assert code == 0 and "in 1 journal file(s)" in out, out + err
    shown = "&".join(
        f"{name}=v{at}x" if at < len(NOT_SECRET_NAMES) else f"{name}=[REDACTED:url-query]"
        for at, name in enumerate(NOT_SECRET_NAMES + SECRET_NAMES))
    assert diary.read_text("utf-8").endswith(
        f"search https://docs.example.com/find?{shown} first.\n")
