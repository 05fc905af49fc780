"""``autodream show`` says why a dream's memory write was refused: the run's note sends the
person there for the why ("`autodream show` says why")."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from tests.factories import project_with_one_session, run_cli
from tests.scripted_api import ScriptedAPI, call

SAID_AT = datetime(2026, 7, 1, 9, 0, tzinfo=UTC)
# an Anthropic key's shape, made up
KEY = "sk-ant-api03-" + "abcdefghijklmnopqrstuvwxyzABCDEFGH0123456789" * 2 + "-AA"
KEYS = f"---\nname: Keys\ndescription: keys\ntype: reference\n---\nThe key is {KEY}\n"


def test_show_says_a_refused_write_held_a_secret(tmp_path: Path, api: list[ScriptedAPI]) -> None:
    session = project_with_one_session(tmp_path, ["We meet on Mondays at ten."], SAID_AT)
    server = ScriptedAPI([
        call("begin_phase", phase="gather"),
        call("begin_phase", phase="consolidate"),
        call("write_file", path="memory/keys.md", content=KEYS),
        call("finish", summary="filed the keys"),
    ]).__enter__()
    api.append(server)
    dreamt = run_cli(tmp_path, "--force", "--backend", "anthropic", ANTHROPIC_API_KEY="sk-test",
                     ANTHROPIC_BASE_URL=server.url).output
    assert "`autodream show` says why" in dreamt

    shown = run_cli(tmp_path, "show").output

    assert ("refused  the new memories of 1 session(s) could not be written (memory/keys.md: "
            "the content contains a secret (anthropic-key)): the next dream reads them again "
            f"({session})") in shown
    assert KEY not in shown
