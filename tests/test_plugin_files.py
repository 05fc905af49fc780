"""The Claude Code plugin in the repository, checked against the shapes Claude Code documents.

The validators below encode the documented rules (plugin manifest reference, hooks
reference, slash-command frontmatter); they are also used on what ``autodream install``
writes into settings.json.
"""

from __future__ import annotations

import json
import os
import re
import stat
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.factories import REPO_ROOT, SHARED_TRANSCRIPTS, needs_real_transcripts, sanitize

PLUGIN_ROOT = REPO_ROOT
WRAPPER = PLUGIN_ROOT / "hooks" / "run-autodream-hook.sh"

# ---- documented rules ---------------------------------------------------------------------

NAME_RE = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")  # kebab-case plugin names
SEMVER_RE = re.compile(r"^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$")
MANIFEST_METADATA = {
    "name", "version", "description", "author", "homepage", "repository", "license", "keywords",
}
MANIFEST_COMPONENTS = {
    "commands", "agents", "skills", "hooks", "mcpServers", "outputStyles", "lspServers",
}
HOOK_EVENTS = {
    "PreToolUse", "PostToolUse", "PostToolUseFailure", "PermissionRequest", "Notification",
    "UserPromptSubmit", "Stop", "SubagentStart", "SubagentStop", "PreCompact", "SessionStart",
    "SessionEnd",
}
HANDLER_TYPES = {"command", "prompt", "agent", "http"}
# SessionEnd hooks share a 1.5 s exit budget unless settings raise it.
SESSION_END_BUDGET_S = 1.5
COMMAND_FRONTMATTER = {
    "description", "allowed-tools", "argument-hint", "model", "disable-model-invocation",
}


def validate_manifest(data: Any) -> None:
    assert isinstance(data, dict), "plugin.json must be an object"
    unknown = set(data) - MANIFEST_METADATA - MANIFEST_COMPONENTS
    assert not unknown, f"unknown manifest keys {unknown}"
    assert isinstance(data.get("name"), str) and NAME_RE.match(data["name"]), "name: kebab-case"
    if "version" in data:
        assert SEMVER_RE.match(data["version"]), "version: semver"
    for key in ("description", "homepage", "repository", "license"):
        assert isinstance(data.get(key, ""), str), f"{key}: string"
    if "author" in data:
        author = data["author"]
        assert isinstance(author, dict) and isinstance(author.get("name"), str), "author.name"
        assert set(author) <= {"name", "email", "url"}
    assert all(isinstance(k, str) for k in data.get("keywords", [])), "keywords: strings"
    for key in MANIFEST_COMPONENTS & set(data):
        paths = data[key] if isinstance(data[key], list) else [data[key]]
        for p in paths:
            if isinstance(p, str):
                assert p.startswith("./"), f"{key}: paths are relative and start with ./"
    # The standard hooks/hooks.json is loaded automatically; naming it again is an error.
    assert data.get("hooks") not in ("./hooks/hooks.json", "hooks/hooks.json")


def validate_hooks_table(hooks: Any) -> None:
    """``{event: [{"matcher"?: str, "hooks": [handler, ...]}, ...]}`` as settings.json has it."""
    assert isinstance(hooks, dict), "hooks must be an object keyed by event"
    for event, groups in hooks.items():
        assert event in HOOK_EVENTS, f"unknown hook event {event!r}"
        assert isinstance(groups, list), f"{event}: a list of matcher groups"
        for group in groups:
            assert isinstance(group, dict) and set(group) <= {"matcher", "hooks"}, group
            assert isinstance(group.get("matcher", ""), str)
            handlers = group["hooks"]
            assert isinstance(handlers, list) and handlers, f"{event}: non-empty hooks list"
            for handler in handlers:
                assert handler.get("type") in HANDLER_TYPES, handler
                if handler["type"] == "command":
                    assert isinstance(handler.get("command"), str) and handler["command"].strip()
                if "timeout" in handler:
                    timeout = handler["timeout"]
                    assert isinstance(timeout, (int, float)) and not isinstance(timeout, bool)
                    assert timeout > 0, "timeout: positive seconds"
                    if event == "SessionEnd":
                        assert timeout <= SESSION_END_BUDGET_S, "SessionEnd budget is 1.5 s"


def validate_plugin_hooks_file(data: Any) -> None:
    assert isinstance(data, dict) and set(data) <= {"description", "hooks"}, "wrapper object"
    assert isinstance(data.get("description", ""), str)
    validate_hooks_table(data["hooks"])


def split_frontmatter(text: str) -> tuple[dict[str, Any], str]:
    match = re.match(r"^---\n(.*?)\n---\n(.*)$", text, re.S)
    assert match, "command files start with a --- frontmatter block ---"
    meta = yaml.safe_load(match.group(1))
    assert isinstance(meta, dict)
    return meta, match.group(2)


def validate_command_file(text: str) -> None:
    meta, body = split_frontmatter(text)
    unknown = set(meta) - COMMAND_FRONTMATTER
    assert not unknown, f"unknown frontmatter {unknown}"
    assert isinstance(meta.get("description"), str) and meta["description"].strip()
    assert body.strip(), "a command needs a prompt body"
    # `!`cmd`` runs before the prompt is sent and needs a Bash permission in allowed-tools.
    inline = re.findall(r"!`([^`]+)`", body)
    allowed = meta.get("allowed-tools", "")
    allowed_list = allowed if isinstance(allowed, list) else [a.strip() for a in allowed.split(",")]
    prefixes = [m.group(1) for a in allowed_list if (m := re.fullmatch(r"Bash\((.+):\*\)", a))]
    for command in inline:
        assert any(command.startswith(p) for p in prefixes), f"{command!r} is not allowed"


# ---- the files ----------------------------------------------------------------------------


def test_manifest_is_valid() -> None:
    data = json.loads((PLUGIN_ROOT / ".claude-plugin" / "plugin.json").read_text())
    validate_manifest(data)
    assert data["name"] == "autodream"


def test_marketplace_lists_this_plugin() -> None:
    data = json.loads((PLUGIN_ROOT / ".claude-plugin" / "marketplace.json").read_text())
    assert NAME_RE.match(data["name"]) and isinstance(data["owner"]["name"], str)
    (entry,) = data["plugins"]
    assert entry["name"] == "autodream" and entry["source"] == "./"


def test_hooks_file_runs_the_wrapper_on_stop_and_session_end() -> None:
    data = json.loads((PLUGIN_ROOT / "hooks" / "hooks.json").read_text())
    validate_plugin_hooks_file(data)
    assert set(data["hooks"]) == {"Stop", "SessionEnd"}
    for groups in data["hooks"].values():
        (group,) = groups
        (handler,) = group["hooks"]
        assert handler["type"] == "command"
        # Claude Code expands ${CLAUDE_PLUGIN_ROOT}; the script it names must ship, executable.
        script = handler["command"].strip('"').replace("${CLAUDE_PLUGIN_ROOT}", str(PLUGIN_ROOT))
        assert Path(script) == WRAPPER
        assert WRAPPER.stat().st_mode & stat.S_IXUSR


def inline_command(name: str) -> str:
    _, body = split_frontmatter((PLUGIN_ROOT / "commands" / name).read_text())
    (command,) = re.findall(r"!`([^`]+)`", body)
    return command


@pytest.mark.parametrize(
    ("name", "runs"), [("dream.md", "autodream --force"), ("dream-status.md", "autodream status")]
)
def test_slash_commands(name: str, runs: str) -> None:
    text = (PLUGIN_ROOT / "commands" / name).read_text()
    validate_command_file(text)
    assert inline_command(name) == runs


@pytest.mark.parametrize("name", ["dream.md", "dream-status.md"])
def test_slash_commands_allow_only_autodream_itself(name: str) -> None:
    # While the command's prompt runs, Claude may use what allowed-tools lists without asking,
    # and the dream's output (built from transcripts) is in its context: Bash(sh:*) let an
    # injected `sh -c '<anything>'` run unasked. Only `autodream ...` may.
    meta, _ = split_frontmatter((PLUGIN_ROOT / "commands" / name).read_text())
    assert meta["allowed-tools"] == "Bash(autodream:*)"
    assert not (PLUGIN_ROOT / "commands" / "run-autodream.sh").exists()


@pytest.mark.parametrize(
    "bad",
    [
        {"name": "Auto Dream"},
        {"name": "autodream", "hooks": "./hooks/hooks.json"},
        {"name": "autodream", "commands": "commands/"},
        {"name": "autodream", "author": "me"},
        {"name": "autodream", "colour": "blue"},
    ],
)
def test_manifest_validator_rejects_what_the_docs_forbid(bad: dict[str, Any]) -> None:
    with pytest.raises(AssertionError):
        validate_manifest(bad)


@pytest.mark.parametrize(
    "bad",
    [
        {"Stop": {"hooks": []}},
        {"OnStop": [{"hooks": [{"type": "command", "command": "x"}]}]},
        {"Stop": [{"hooks": [{"type": "shell", "command": "x"}]}]},
        {"SessionEnd": [{"hooks": [{"type": "command", "command": "x", "timeout": 30}]}]},
        {"Stop": [{"hooks": [{"type": "command", "command": "x", "timeout": "5"}]}]},
    ],
)
def test_hooks_validator_rejects_what_the_docs_forbid(bad: Any) -> None:
    with pytest.raises(AssertionError):
        validate_hooks_table(bad)


def test_command_validator_needs_a_bash_permission_for_inline_commands() -> None:
    with pytest.raises(AssertionError):
        validate_command_file("---\ndescription: x\n---\n!`rm -rf /`\n")


# ---- the wrapper script -------------------------------------------------------------------

HOOK_INPUT = {
    "session_id": "0b4c3f1e-9a53-4cf2-9a8e-5e0c2d1b7a10",
    "transcript_path": "/home/user/.claude/projects/-home-user-proj/0b4c.jsonl",
    "cwd": "/home/user/proj",
    "permission_mode": "default",
    "hook_event_name": "Stop",
    "stop_hook_active": False,
}


def run_wrapper(env: dict[str, str], stdin: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["/bin/sh", str(WRAPPER)], input=stdin, env=env, capture_output=True, text=True,
        timeout=10,
    )


def test_wrapper_explains_a_missing_package_and_does_not_fail_the_turn(tmp_path: Path) -> None:
    env = {"PATH": str(tmp_path / "empty-bin"), "HOME": str(tmp_path)}
    done = run_wrapper(env, json.dumps(HOOK_INPUT))
    assert done.returncode == 0
    assert "autodream-hook' not found" in done.stderr
    assert f"pipx install {REPO_ROOT}'" in done.stderr
    # AUTODREAM_HOOK_BIN, which this message suggests, does nothing for the slash commands
    assert "/dream and /dream-status need 'autodream' on PATH" in done.stderr
    assert done.stdout == ""


@pytest.mark.parametrize("runner", ["plugin wrapper", "install --project"])
@pytest.mark.parametrize("hook_bin", ["/bad/autodream-hook", "good"])
def test_wrapper_and_shared_command_find_the_hook_alike(
    tmp_path: Path, runner: str, hook_bin: str
) -> None:
    # AUTODREAM_HOOK_BIN=/bad: the shared command fell through to PATH, the wrapper gave up
    from autodream.claude_settings import SHARED_COMMAND

    for name in ("good", "on-path"):
        fake = tmp_path / name / "autodream-hook"
        fake.parent.mkdir()
        fake.write_text(f"#!/bin/sh\necho {name}\n")
        fake.chmod(0o755)
    env = {"PATH": f"{tmp_path / 'on-path'}:/usr/bin:/bin", "HOME": str(tmp_path),
           "AUTODREAM_HOOK_BIN": str(tmp_path / "good" / "autodream-hook")
           if hook_bin == "good" else hook_bin}
    argv = ["/bin/sh", str(WRAPPER)] if runner == "plugin wrapper" else ["/bin/sh", "-c",
                                                                       SHARED_COMMAND]
    done = subprocess.run(argv, input="{}", env=env, capture_output=True, text=True, timeout=10)
    assert (done.returncode, done.stdout) == (0, "good\n" if hook_bin == "good" else "on-path\n")


def test_wrapper_names_a_bad_hook_bin(tmp_path: Path) -> None:
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "AUTODREAM_HOOK_BIN": "/bad/hook"}
    done = run_wrapper(env, "{}")
    assert done.returncode == 0
    assert "AUTODREAM_HOOK_BIN=/bad/hook is not an executable file" in done.stderr


@pytest.mark.parametrize("how", ["path", "pipx-bin", "explicit"])
def test_wrapper_hands_stdin_to_the_installed_hook(tmp_path: Path, how: str) -> None:
    record = tmp_path / "seen.json"
    fake = tmp_path / "bin" / "autodream-hook"
    if how == "pipx-bin":
        fake = tmp_path / ".local" / "bin" / "autodream-hook"
    fake.parent.mkdir(parents=True)
    fake.write_text(
        f"#!{sys.executable}\nimport sys\nopen({str(record)!r}, 'w').write(sys.stdin.read())\n"
    )
    fake.chmod(0o755)
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}
    if how == "path":
        env["PATH"] = f"{fake.parent}:{env['PATH']}"
    if how == "explicit":
        env["AUTODREAM_HOOK_BIN"] = str(fake)
    payload = json.dumps(HOOK_INPUT)
    done = run_wrapper(env, payload)
    assert done.returncode == 0, done.stderr
    assert record.read_text() == payload


def test_wrapper_passes_the_hooks_exit_status_through(tmp_path: Path) -> None:
    fake = tmp_path / "autodream-hook"
    fake.write_text("#!/bin/sh\ncat >/dev/null\necho boom >&2\nexit 3\n")
    fake.chmod(0o755)
    done = run_wrapper({"PATH": "/usr/bin:/bin", "AUTODREAM_HOOK_BIN": str(fake)}, "{}")
    assert done.returncode == 3 and "boom" in done.stderr


def test_wrapper_is_posix_sh() -> None:
    assert WRAPPER.read_text().startswith("#!/bin/sh\n")
    if os.path.exists("/bin/dash"):
        subprocess.run(["/bin/dash", "-n", str(WRAPPER)], check=True)


# ---- the real hook behind the wrapper, fed Claude Code's hook JSON -----------------------

def real_transcript(relative: str) -> Path:
    """A file of ../shared/data/real-transcripts, from /work/main or a worktree below it."""
    for base in (SHARED_TRANSCRIPTS, *(p / "shared" / "data" / "real-transcripts"
                                      for p in Path(__file__).resolve().parents)):
        if (base / relative).is_file():
            return base / relative
    raise FileNotFoundError(relative)


REAL_SESSION = "claude-code-2.1/coverage-test-fix.jsonl"


def hook_payload(event: str, session_id: str, transcript: Path, cwd: Path) -> dict[str, Any]:
    """The JSON Claude Code writes on a hook's stdin (common fields plus the event's own)."""
    payload: dict[str, Any] = {
        "session_id": session_id,
        "transcript_path": str(transcript),
        "cwd": str(cwd),
        "permission_mode": "default",
        "hook_event_name": event,
    }
    if event == "Stop":
        payload["stop_hook_active"] = False
    else:
        payload["reason"] = "prompt_input_exit"
    return payload


@needs_real_transcripts
@pytest.mark.parametrize("event", ["Stop", "SessionEnd"])
@pytest.mark.parametrize("closed", ["time", "scan"])
def test_installed_hook_answers_claude_codes_hook_json(
    tmp_path: Path, event: str, closed: str
) -> None:
    cwd = tmp_path / "work"
    cwd.mkdir()
    home = tmp_path / "claude"
    project = home / "projects" / sanitize(str(cwd))
    project.mkdir(parents=True)
    real = real_transcript(REAL_SESSION)
    session_id = json.loads(real.read_text().splitlines()[1])["sessionId"]
    transcript = project / f"{session_id}.jsonl"
    transcript.write_bytes(real.read_bytes())
    if closed == "time":  # consolidated a moment ago
        (project / "memory").mkdir()
        (project / "memory" / ".consolidate-lock").write_text("")
    # The console script as pip would install it, run through the plugin's wrapper.
    shim = tmp_path / "bin" / "autodream-hook"
    shim.parent.mkdir()
    shim.write_text(f"#!/bin/sh\nexec {sys.executable} -m autodream.hook\n")
    shim.chmod(0o755)
    env = {
        "PATH": f"{shim.parent}:/usr/bin:/bin",
        "HOME": str(tmp_path),
        "CLAUDE_CONFIG_DIR": str(home),
        "PYTHONPATH": str(REPO_ROOT),
        "AUTODREAM_DEBUG": "1",
    }

    done = run_wrapper(env, json.dumps(hook_payload(event, session_id, transcript, cwd)))

    assert done.returncode == 0, done.stderr
    assert done.stdout == ""
    assert f"{closed} gate closed" in done.stderr
    assert not (project / "memory" / ".autodream" / "logs").exists()  # no dream was started
