"""A local dream, first and incremental, in a real process: it must not pull in the model SDK,
the CLI toolkit, the file watcher or the scrub command (each would add start-up cost to every
background dream)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

import pytest

from tests.factories import REPO_ROOT, TranscriptBuilder, iso

NEVER_ON_LOCAL_PATH = ("anthropic", "httpx", "click", "watchdog", "secrets") + (
    # On Linux the lock reads a holder's start time from /proc (psutil costs ~15 ms to import).
    ("psutil",) if sys.platform.startswith("linux") else ()
) + (
    # `autodream scrub`'s module (~5 ms): a dream needs it only to word the hint of a secret found
    "autodream.scrub",
    # (~2 ms) a dream asks signal.signal, not threading, whether it runs on the main thread
    "threading",
    # (~7 ms of dataclass methods) the values only rare sentences make (a setting changed, a
    # request to forget, ...): neither session here says one
    "autodream.engine.rare",
    # (~2 ms, issue #4) a model backend's digest; listing a sessions dir (the CLI's); the reader
    # of Markdown daily logs: the sessions here are JSONL
    "autodream.engine.digest",
    "autodream.transcripts.discovery",
    "autodream.transcripts.markdown",
    # (~2 ms, issue #4) strptime's first call: the second dream dates its run after the newest
    "_strptime",
)

PROBE = """
import json, os, sys
import autodream
root, later = sys.argv[1], sys.argv[2]
first = autodream.dream(root, force=True, backend="local", trigger="manual")
sessions = os.path.join(root, "sessions")
with open(os.path.join(sessions, sys.argv[5] + ".jsonl"), "w", encoding="utf-8") as fh:
    fh.write(sys.argv[3])
os.utime(fh.name, (float(sys.argv[4]), float(sys.argv[4])))
os.environ["AUTODREAM_NOW"] = later
second = autodream.dream(root, force=True, backend="local", trigger="manual")
print(json.dumps({
    "statuses": [first.status, second.status],
    "loaded": sorted(m for m in json.loads(sys.argv[6]) if m in sys.modules),
}))
"""


def _layout(tmp_path: Path) -> Path:
    root = tmp_path / "home"
    for sub in ("project", "sessions", "memory"):
        (root / sub).mkdir(parents=True)
    (root / "autodream.toml").write_text(
        'project_root = "project"\nsessions_dir = "sessions"\nmemory_dir = "memory"\n'
        'backend = "local"\n', encoding="utf-8")
    (root / "memory" / "MEMORY.md").write_text(
        "- [Role](user_role.md) — backend engineer\n", encoding="utf-8")
    (root / "memory" / "user_role.md").write_text(
        "---\nname: Role\ndescription: backend engineer\ntype: user\n---\n\n"
        "The user is a backend engineer.\n", encoding="utf-8")
    return root


def test_local_dreams_never_import_the_sdk_or_the_cli(tmp_path: Path) -> None:
    root = _layout(tmp_path)
    first = TranscriptBuilder().user("Always use pnpm for installs, never npm.").assistant("OK.")
    first.write(root / "sessions")
    second = TranscriptBuilder(start=first.end + timedelta(hours=2)).user(
        "No, that's wrong: the API returns amounts in cents, not dollars.").assistant("Fixed.")
    new_lines = "".join(json.dumps(r) + "\n" for r in second.records)
    env = {k: v for k, v in os.environ.items() if k != "ANTHROPIC_API_KEY"}
    env.update(PYTHONPATH=str(REPO_ROOT), AUTODREAM_NOW=iso(first.end + timedelta(hours=1)))
    proc = subprocess.run(
        [sys.executable, "-c", PROBE, str(root), iso(second.end + timedelta(hours=1)), new_lines,
         str(second.end.timestamp()), second.session_id,
         json.dumps(NEVER_ON_LOCAL_PATH)],
        env=env, capture_output=True, text=True, timeout=120, check=False,
    )
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout.strip().splitlines()[-1])
    assert report["statuses"] == ["ok", "ok"]
    assert report["loaded"] == []
    # the second dream really ran and remembered the new session's offset
    offsets = json.loads((root / "memory" / ".autodream" / "offsets.json").read_text())
    assert any(key.endswith(second.session_id + ".jsonl") for key in offsets["files"]), offsets


# what the hook's child runs, `python -m autodream.cli --force --backend local`: the second dream
CLI_PROBE = """
import json, runpy, sys
never, project = sys.argv[1], sys.argv[2]
sys.argv = ["autodream", "--force", "--backend", "local", "--project", project]
try:
    runpy.run_module("autodream.cli", run_name="__main__", alter_sys=True)
except SystemExit as exc:
    code = exc.code
loaded = sorted(m for m in json.loads(never) if m in sys.modules)
print(json.dumps({"code": code, "loaded": loaded}))
"""

# (~3 ms, issue #4) install's settings editor, which the CLI imported for two names its install
# and uninstall options show; strptime, as above; (~1 ms) traceback and the textwrap it imports,
# which only `replay` prints a scenario's crash with; (~0.2 ms) the codec a refused recorded path
# is shown escaped with
NEVER_ON_CLI_DREAM = ("autodream.claude_settings", "tempfile", "_strptime", "traceback",
                      "encodings.unicode_escape")


def test_the_clis_second_dream_never_imports_the_settings_editor(tmp_path: Path) -> None:
    root = _layout(tmp_path)
    first = TranscriptBuilder().user("Always use pnpm for installs, never npm.").assistant("OK.")
    first.write(root / "sessions")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("AUTODREAM_", "ANTHROPIC_"))}
    env.update(PYTHONPATH=str(REPO_ROOT), AUTODREAM_NOW=iso(first.end + timedelta(hours=1)),
               AUTODREAM_NO_CACHE="1")
    reports = []
    for said in ("No, that's wrong: the API returns amounts in cents, not dollars.", None):
        proc = subprocess.run([sys.executable, "-c", CLI_PROBE, json.dumps(NEVER_ON_CLI_DREAM),
                               str(root)], env=env, capture_output=True, text=True, timeout=120,
                              check=False)
        assert proc.returncode == 0, proc.stderr
        reports.append(json.loads(proc.stdout.strip().splitlines()[-1]))
        if said is not None:  # one new session, an hour later: the second dream reads it
            second = TranscriptBuilder(start=first.end + timedelta(hours=2)).user(said)
            second.assistant("Fixed.").write(root / "sessions")
            env["AUTODREAM_NOW"] = iso(second.end + timedelta(hours=1))
    assert reports[0]["code"] == reports[1]["code"] == 0
    assert reports[1]["loaded"] == []
    assert "cents" in "".join(p.read_text("utf-8") for p in (root / "memory").glob("*.md"))


# what importing the CLI alone must not pull in, whichever command then runs: the model SDK and
# its HTTP client (a Claude dream imports them when it starts), the file watcher, the settings
# editor, traceback (`replay`'s crash report)
NEVER_ON_CLI_IMPORT = ("anthropic", "httpx", "watchdog", "autodream.claude_settings", "traceback",
                       "autodream.engine", "autodream.backends.anthropic")


def test_importing_the_cli_loads_no_module_only_some_commands_use() -> None:
    probe = ("import json, sys; import autodream.cli; "
             "print(json.dumps(sorted(m for m in json.loads(sys.argv[1]) if m in sys.modules)))")
    proc = subprocess.run([sys.executable, "-c", probe, json.dumps(NEVER_ON_CLI_IMPORT)],
                          capture_output=True, text=True, timeout=60, check=False,
                          env={**os.environ, "PYTHONPATH": str(REPO_ROOT)})
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == []


# what `status` and `log`, which hash, copy and diff nothing, must not import: (~2 ms) hashlib
# and the OpenSSL it loads, (~2 ms) shutil with bz2 and lzma, difflib; and nothing of a dream
NEVER_ON_STATUS = ("hashlib", "_hashlib", "shutil", "difflib", "autodream.engine",
                   "autodream.pipeline", "anthropic", "yaml", "encodings.unicode_escape",
                   # (~3 ms of patterns) the redactor: they write no diary, they redact nothing
                   "autodream.redact")

COMMAND_PROBE = """
import json, runpy, sys
never = sys.argv[1]
sys.argv = ["autodream", *sys.argv[2:]]
try:
    runpy.run_module("autodream.cli", run_name="__main__", alter_sys=True)
except SystemExit as exc:
    code = exc.code
loaded = sorted(m for m in json.loads(never) if m in sys.modules)
print(json.dumps({"code": code, "loaded": loaded}))
"""


def test_status_and_log_import_nothing_they_never_call(tmp_path: Path) -> None:
    root = _layout(tmp_path)
    first = TranscriptBuilder().user("Always use pnpm for installs, never npm.").assistant("OK.")
    first.write(root / "sessions")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("AUTODREAM_", "ANTHROPIC_"))}
    env.update(PYTHONPATH=str(REPO_ROOT), AUTODREAM_NOW=iso(first.end + timedelta(hours=1)))
    dreamed = subprocess.run([sys.executable, "-m", "autodream.cli", "--force", "--project",
                              str(root)], env=env, capture_output=True, text=True, timeout=120,
                             check=False)
    assert dreamed.returncode == 0, dreamed.stderr
    reports = {}
    for command in ("status", "log"):
        proc = subprocess.run([sys.executable, "-c", COMMAND_PROBE, json.dumps(NEVER_ON_STATUS),
                               command, "--project", str(root)], env=env, capture_output=True,
                              text=True, timeout=120, check=False)
        assert proc.returncode == 0, proc.stderr
        out = proc.stdout.strip().splitlines()
        reports[command] = json.loads(out[-1])
        # (each said what it says: the gates, the dream just made)
        assert ("gates (cheapest first):" if command == "status" else "committed") in (
            "\n".join(out[:-1])), proc.stdout
    assert reports == {"status": {"code": 0, "loaded": []}, "log": {"code": 0, "loaded": []}}


@pytest.mark.parametrize(("package", "names"), [
    ("autodream.transcripts", ["SessionFiles", "discover_codex_rollouts", "discover_daily_logs",
                               "discover_sessions"]),
    ("autodream.engine", ["build_digest"]),
])
def test_names_loaded_when_first_asked_for_are_listed_and_resolve(
        package: str, names: list[str]) -> None:
    # (a fresh process: listed before anything loads them, as completion and help() see them)
    probe = (f"import {package} as p, json; listed = set(dir(p)); "
             f"print(json.dumps([[n in listed, callable(getattr(p, n))] for n in {names!r}]))")
    proc = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(REPO_ROOT)}, timeout=60,
                          check=False)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == [[True, True]] * len(names)
