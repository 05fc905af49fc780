"""A failed dream's ``--json`` names its run, as ``log`` lists it, so a script can show it."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from autodream import errors
from autodream.cli import cli
from tests.scripted_api import ScriptedAPI, api_error

NOW = "2026-07-20T09:00:00Z"


def run_json(project: Path, *args: str, **env: str) -> tuple[int, Any]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("AUTODREAM_", "ANTHROPIC_"))}
    clean.update(AUTODREAM_NOW=NOW, AUTODREAM_API_MAX_RETRIES="0", **env)
    result = CliRunner().invoke(cli, [*args, "--json", "--project", str(project)], env=clean)
    return result.exit_code, json.loads(result.stdout)


def test_a_failed_dreams_json_names_its_run_and_record(
        sample: Path, api: list[ScriptedAPI]) -> None:
    server = ScriptedAPI([api_error(400, "invalid_request_error", "no such model")]
                         ).__enter__()
    api.append(server)
    code, said = run_json(sample, "--force", "--backend", "anthropic",
                          ANTHROPIC_API_KEY="sk-test", ANTHROPIC_BASE_URL=server.url)
    # was: {"error": ..., "exit_code": 6, "status": "error"}, the run only in `log`
    assert code == errors.DreamFailed.exit_code, said
    assert said["status"] == "error" and "no such model" in str(said["error"]), said
    run_id = said["run_id"]
    assert isinstance(run_id, str) and said["id"] == run_id, said
    # (the README: a document naming a run has its outcome at the top level)
    assert said["outcome"] == "failed", said
    record = json.loads(Path(str(said["record"])).read_text(encoding="utf-8"))
    assert record["id"] == run_id and record["outcome"] == "failed", record
    code, shown = run_json(sample, "show", run_id)
    assert code == 0, shown
    assert (shown["run"]["id"], shown["run"]["outcome"]) == (run_id, "failed"), shown
    _code, logged = run_json(sample, "log")
    assert [r["id"] for r in logged] == [run_id], logged


def test_a_dream_refused_before_it_began_names_no_run(sample: Path) -> None:
    # no key for the anthropic backend: refused before the lock, no record to point at
    code, said = run_json(sample, "--force", "--backend", "anthropic")
    assert code == errors.BackendUnavailable.exit_code, said
    assert "run_id" not in said and "record" not in said, said
    assert not (sample / "memory" / ".autodream" / "runs").exists() or not any(
        (sample / "memory" / ".autodream" / "runs").iterdir())
