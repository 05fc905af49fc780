from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from autodream.cli import cli
from autodream.hook import STDIN_MAX_BYTES, parse_payload
from tests.claude_layout import T0, Layout, make_layout
from tests.factories import REPO_ROOT

SESSION = "6f1c2d3e-4a5b-4c6d-8e7f-0123456789ab"
FORBIDDEN = (
    "click",
    "anthropic",
    "watchdog",
    "yaml",
    "psutil",  # never before the time gate
    "json",
    "typing",
    "dataclasses",
    "pathlib",
    "tomllib",  # each costs a third of start-up
)
# Runs the hook, then reports which heavy modules it pulled in beyond a bare interpreter's.
PROBE = (
    "import sys; before = set(sys.modules); from autodream.hook import main; main(); "
    f"print(sorted(m for m in {FORBIDDEN!r} if m in sys.modules and m not in before))"
)


@pytest.fixture
def layout(tmp_path: Path) -> Layout:
    return make_layout(tmp_path)


def hook_json(layout: Layout, event: str = "Stop") -> bytes:
    """What Claude Code 2.1 sends a Stop hook on stdin."""
    return json.dumps(
        {
            "session_id": SESSION,
            "transcript_path": str(layout.sessions_dir / f"{SESSION}.jsonl"),
            "cwd": str(layout.project),
            "permission_mode": "default",
            "hook_event_name": event,
            "stop_hook_active": False,
        }
    ).encode()


def run_hook(
    layout: Layout, stdin: bytes | None, argv: list[str] | None = None, **env: str
) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        argv or [sys.executable, "-m", "autodream.hook"],
        input=stdin,
        stdin=subprocess.DEVNULL if stdin is None else None,
        capture_output=True,
        env=layout.env(**env),
        cwd=layout.project,
        timeout=30,
    )


@pytest.mark.parametrize(
    "stdin",
    [b"", b"\x00\xffnot json at all{{{", b'{"cwd": 42, "session_id": null}', b"[1, 2]", None],
    ids=["empty", "garbage", "wrong-types", "not-an-object", "devnull"],
)
def test_the_hook_exits_0_silently_on_any_stdin(layout: Layout, stdin: bytes | None) -> None:
    layout.set_lock(T0)
    result = run_hook(layout, stdin, AUTODREAM_NOW=str(T0 + 60))
    assert (result.returncode, result.stdout, result.stderr) == (0, b"", b"")


def test_real_hook_json_with_the_time_gate_closed_imports_nothing_heavy(layout: Layout) -> None:
    layout.set_lock(T0)
    (layout.project / "pyproject.toml").write_text('[project]\nname = "autodream-user"\n')
    result = run_hook(
        layout, hook_json(layout), [sys.executable, "-c", PROBE], AUTODREAM_NOW=str(T0 + 60)
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.decode().strip() == "[]"
    assert result.stderr == b""


def test_debug_prints_one_line_on_stderr(layout: Layout) -> None:
    layout.set_lock(T0)
    result = run_hook(layout, hook_json(layout), AUTODREAM_NOW=str(T0 + 60), AUTODREAM_DEBUG="1")
    assert result.returncode == 0
    assert result.stdout == b""
    lines = result.stderr.decode().splitlines()
    # (was without the advice: when the next dream may run, which status and the dream say)
    assert lines == [
        "autodream-hook: time gate closed: 0.0 h since the last dream, min_hours is 24; next "
        "dream possible in 24.0 h, or `autodream --force` to dream now"
    ]


@pytest.mark.parametrize("stdin", [b"not json\n", b"[1, 2]"], ids=["garbage", "not-an-object"])
def test_debug_says_a_stdin_that_is_not_hook_json_and_evaluates_nothing(
        layout: Layout, stdin: bytes) -> None:
    layout.set_lock(T0)
    result = run_hook(layout, stdin, AUTODREAM_NOW=str(T0 + 60), AUTODREAM_DEBUG="1")
    assert (result.returncode, result.stdout) == (0, b"")
    # was: the gates of the directory it ran in, as if it were the project ("time gate
    # closed: ..."), with no word that the input was not what Claude Code sends
    assert result.stderr.decode().splitlines() == [
        "autodream-hook: stdin is not hook JSON (one JSON object, as Claude Code sends): no "
        "gates evaluated"]
    # Claude Code always names the project in CLAUDE_PROJECT_DIR: with it, its gates decide
    result = run_hook(layout, stdin, AUTODREAM_NOW=str(T0 + 60), AUTODREAM_DEBUG="1",
                      CLAUDE_PROJECT_DIR=str(layout.project))
    assert result.stderr.decode().startswith("autodream-hook: time gate closed: 0.0 h since")


def stop_payload(layout: Layout, **extra: str) -> bytes:
    payload = json.loads(hook_json(layout))
    payload.update(extra)
    return json.dumps(payload).encode()


@pytest.mark.parametrize("shape", [
    "cut off at the size limit (a 1.5 MB prompt)", "cut off at the time limit (a pause)",
    "a UTF-8 BOM", "bytes not UTF-8 in a string", "two objects in a row"])
def test_what_claude_code_may_send_reaches_the_projects_gates(
        layout: Layout, tmp_path: Path, shape: str) -> None:
    layout.set_lock(T0)
    payload = hook_json(layout)
    if shape.startswith("cut off at the size"):
        payload = stop_payload(layout, hook_event_name="UserPromptSubmit", prompt="x" * 1_500_000)
    elif shape == "a UTF-8 BOM":
        payload = b"\xef\xbb\xbf" + payload
    elif shape == "bytes not UTF-8 in a string":
        payload = payload.replace(b'"default"', b'"d\xe9fault"')
    elif shape == "two objects in a row":
        payload = payload + b"\n" + payload
    # run elsewhere: only the payload or CLAUDE_PROJECT_DIR can name the project
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    hook = subprocess.Popen(
        [sys.executable, "-m", "autodream.hook"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, cwd=elsewhere,
        env=layout.env(AUTODREAM_NOW=str(T0 + 60), AUTODREAM_DEBUG="1",
                       CLAUDE_PROJECT_DIR=str(layout.project)))
    assert hook.stdin is not None
    try:
        if shape.startswith("cut off at the time"):
            hook.stdin.write(payload[:20])  # then a pause longer than the hook waits
            hook.stdin.flush()
            time.sleep(0.8)
        hook.stdin.write(payload)
        hook.stdin.close()
    except BrokenPipeError:  # the hook stopped reading at its limit
        pass
    hook.stdin = None
    out, err = hook.communicate(timeout=30)
    # was: 'stdin is not hook JSON (...): no gates evaluated', and so never a dream
    assert (hook.returncode, out) == (0, b"")
    assert err.decode().startswith("autodream-hook: time gate closed: 0.0 h since"), err


@pytest.mark.parametrize("project_dir_set", [True, False], ids=["CLAUDE_PROJECT_DIR", "none"])
def test_a_stop_payload_over_the_read_limit_still_dreams(
        layout: Layout, tmp_path: Path, project_dir_set: bool) -> None:
    layout.set_lock(T0 - 48 * 3600)
    for i in range(5):
        layout.add_session(T0 - 3600 + i)
    layout.add_session(T0, SESSION)
    # a long last answer: the hook reads 1 MiB of it; cwd and session_id come before the cut
    payload = stop_payload(layout, last_assistant_message="y" * 1_100_000)
    assert len(payload) > STDIN_MAX_BYTES
    extra = {"CLAUDE_PROJECT_DIR": str(layout.project)} if project_dir_set else {}
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    result = subprocess.run(
        [sys.executable, "-m", "autodream.hook"], input=payload, capture_output=True,
        env=layout.env(AUTODREAM_NOW=str(T0), AUTODREAM_DEBUG="1", **extra), cwd=elsewhere,
        timeout=30)
    assert result.returncode == 0
    # was: 'stdin is not hook JSON (...): no gates evaluated': a long answer meant no dream
    assert "all gates open: dream started" in result.stderr.decode(), result.stderr
    log = layout.memory_dir / ".autodream" / "logs" / "dream.log"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and " session(s) reviewed" not in _read(log):
        time.sleep(0.05)
    assert "5 session(s) reviewed" in _read(log), "the current session is known, not reviewed"


@pytest.mark.parametrize("flag", ["-h", "--help"])
def test_the_hook_prints_its_usage_when_asked(layout: Layout, flag: str) -> None:
    result = run_hook(layout, None, [sys.executable, "-m", "autodream.hook", flag])
    # was: nothing at all, exit 0
    assert (result.returncode, result.stderr) == (0, b"")
    usage = result.stdout.decode()
    assert usage.splitlines()[0] == "usage: autodream-hook < HOOK_JSON"
    assert "always exits 0" in usage and "AUTODREAM_DEBUG=1" in usage


def test_the_usage_to_a_reader_that_stopped_is_no_error(layout: Layout) -> None:
    reader, writer = os.pipe()
    os.close(reader)  # `autodream-hook -h | true`: gone before the usage is written
    try:
        result = subprocess.run([sys.executable, "-m", "autodream.hook", "-h"],
                                stdin=subprocess.DEVNULL, stdout=writer, stderr=subprocess.PIPE,
                                env=layout.env(), timeout=30)
    finally:
        os.close(writer)
    # was: a BrokenPipeError traceback, exit 1
    assert (result.returncode, result.stderr) == (0, b"")


def test_a_stdin_that_never_closes_does_not_hang_the_hook(layout: Layout) -> None:
    layout.set_lock(T0)
    hook = subprocess.Popen(
        [sys.executable, "-m", "autodream.hook"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=layout.env(AUTODREAM_NOW=str(T0 + 60)),
    )
    assert hook.stdin is not None
    hook.stdin.write(b'{"session_id": "')  # and then nothing more
    hook.stdin.flush()
    hook.wait(timeout=30)  # returns while our end of its stdin is still open
    assert hook.stdout is not None and hook.stderr is not None
    assert (hook.returncode, hook.stdout.read(), hook.stderr.read()) == (0, b"", b"")
    hook.stdin.close()


def test_bad_configuration_does_not_fail_the_agent(layout: Layout) -> None:
    (layout.project / "autodream.toml").write_text("min_hour = 1\n")
    result = run_hook(layout, hook_json(layout), AUTODREAM_DEBUG="1")
    assert result.returncode == 0
    assert result.stdout == b""
    assert "min_hour" in result.stderr.decode()


@pytest.mark.parametrize("kind", ["folder", "dangling symlink"])
def test_an_autodream_toml_that_is_no_file_is_the_hook_s_debug_line_not_the_defaults(
        layout: Layout, tmp_path: Path, kind: str) -> None:
    # passed over, the hook ran the gates on the defaults (its memory_dir and gates dropped)
    place = layout.project / "autodream.toml"
    if kind == "folder":
        place.mkdir()
        what = "not a file"
    else:
        place.symlink_to(tmp_path / "dotfiles" / "autodream.toml")
        what = "a symlink to a file that does not exist"
    layout.set_lock(T0 - 48 * 3600)
    for i in range(5):  # every gate open on the defaults
        layout.add_session(T0 - 3600 + i)
    quiet = run_hook(layout, hook_json(layout), AUTODREAM_NOW=str(T0))
    assert (quiet.returncode, quiet.stdout, quiet.stderr) == (0, b"", b"")  # no turn failed
    result = run_hook(layout, hook_json(layout), AUTODREAM_NOW=str(T0), AUTODREAM_DEBUG="1")
    assert (result.returncode, result.stdout) == (0, b"")
    assert result.stderr.decode().splitlines() == [
        f"autodream-hook: error: cannot read {place}: {what}; autodream reads its "
        "settings from there (make it the settings file, or move it away)"]
    assert not (layout.memory_dir / ".autodream").exists()  # no dream started


@pytest.mark.parametrize(("value", "said"), [
    # a wrong type stops every dream, as any setting of the wrong type does
    ("5", "error: codex_sessions_dir (in {toml}): expected a path, got 5"),
    # a file stops none (Claude Code's sessions are dreamt without it) but is said all the same;
    # it was said nowhere the hook writes, as a dir that does not exist yet rightly is not
    ('"not-a-dir.txt"', "error: codex_sessions_dir {project}/not-a-dir.txt (in {toml}) is a "
     "file, not a directory: no rollouts read from it until it names the directory Codex "
     "writes them in; scan gate closed: 0 sessions touched"),
])
def test_a_wrong_codex_sessions_dir_is_said_by_the_hook_as_any_wrong_setting_is(
    layout: Layout, value: str, said: str
) -> None:
    toml = layout.project / "autodream.toml"
    toml.write_text(f"codex_sessions_dir = {value}\n")
    (layout.project / "not-a-dir.txt").write_text("a file\n")
    layout.set_lock(T0 - 48 * 3600)
    result = run_hook(layout, hook_json(layout), AUTODREAM_NOW=str(T0), AUTODREAM_DEBUG="1")
    assert (result.returncode, result.stdout) == (0, b"")
    (line,) = result.stderr.decode().splitlines()
    assert line.startswith("autodream-hook: " + said.format(toml=toml, project=layout.project))


@pytest.mark.parametrize("kind", ["missing", "a file"])
def test_a_project_that_is_no_directory_is_said_as_the_cli_says_it(
        layout: Layout, tmp_path: Path, kind: str) -> None:
    """Was: 'autodream-hook: error: ConfigError: project: directory does not exist: ...', a
    Python class's name where `autodream status` says 'Error: project: ...'."""
    project = tmp_path / "gone"
    if kind == "a file":
        project.write_text("x\n")
    stdin = json.dumps({**json.loads(hook_json(layout)), "cwd": str(project)}).encode()
    result = run_hook(layout, stdin, AUTODREAM_NOW=str(T0), AUTODREAM_DEBUG="1")
    assert (result.returncode, result.stdout) == (0, b"")
    what = "is not a directory" if kind == "a file" else "directory does not exist"
    assert result.stderr.decode().splitlines() == [
        f"autodream-hook: error: project: {what}: {project.resolve()}"]
    said = CliRunner().invoke(cli, ["status", "--project", str(project)], env=layout.env())
    assert said.stderr == f"Error: project: {what}: {project.resolve()}\n"


# the hook, then every stat and lstat it made of a settings file's path, one a line
NOTE_SETTINGS_LOOKUPS = """
import os, sys
looked = []

def noting(name, call):
    def noted(path, *args, **kwargs):
        if os.path.basename(os.fspath(path)) in ("autodream.toml", "pyproject.toml"):
            looked.append(f"{name} {os.fspath(path)}")
        return call(path, *args, **kwargs)
    return noted

os.stat, os.lstat = noting("stat", os.stat), noting("lstat", os.lstat)
from autodream.hook import main
main()
print("\\n".join(looked))
"""


@pytest.mark.parametrize("settings_file", ["none", "a link to one"])
def test_the_hook_looks_for_autodream_toml_once_a_folder(
        layout: Layout, tmp_path: Path, settings_file: str) -> None:
    """Was: a stat, then an lstat, of <folder>/autodream.toml for each folder the settings
    are looked for in (the project, its git top), on every turn of every session."""
    place = layout.project / "autodream.toml"
    if settings_file == "a link to one":  # (a dotfiles link: still read through)
        (tmp_path / "dotfiles").mkdir()
        (tmp_path / "dotfiles" / "autodream.toml").write_text("min_hours = 1000\n")
        place.symlink_to(tmp_path / "dotfiles" / "autodream.toml")
    layout.set_lock(T0 - 48 * 3600)
    result = run_hook(layout, hook_json(layout), [sys.executable, "-c", NOTE_SETTINGS_LOOKUPS],
                      AUTODREAM_NOW=str(T0), AUTODREAM_DEBUG="1")
    assert result.returncode == 0, result.stderr
    looked = result.stdout.decode().splitlines()
    if settings_file == "none":
        # the settings resolved twice (for the time gate, then for the rest of the chain):
        # one look each at the folder's autodream.toml (was two); which call is not the point
        assert len([line for line in looked if line.endswith(f" {place}")]) == 2, looked
        assert "scan gate closed" in result.stderr.decode()
    else:  # the linked file is still read: its min_hours closes the time gate
        assert "min_hours is 1000;" in result.stderr.decode()


def test_a_codex_sessions_dir_yet_to_come_is_no_error_to_the_hook(layout: Layout) -> None:
    (layout.project / "autodream.toml").write_text('codex_sessions_dir = "no-such-dir"\n')
    layout.set_lock(T0 - 48 * 3600)
    result = run_hook(layout, hook_json(layout), AUTODREAM_NOW=str(T0), AUTODREAM_DEBUG="1")
    assert result.returncode == 0
    assert result.stderr.decode().splitlines() == [
        "autodream-hook: scan gate closed: 0 sessions touched since the last dream "
        "(min_sessions is 5)"]


@pytest.mark.parametrize("found_by", ["PYTHONPATH", "started in the checkout"])
def test_open_gates_spawn_a_detached_dream_that_logs_to_the_state_dir(
    layout: Layout, found_by: str
) -> None:
    layout.set_lock(T0 - 48 * 3600)
    for i in range(5):
        layout.add_session(T0 - 3600 + i)
    layout.add_session(T0, SESSION)  # the current session: not counted, so 5 others are needed
    env = layout.env(AUTODREAM_NOW=str(T0), AUTODREAM_DEBUG="1")
    if found_by != "PYTHONPATH":  # python -m autodream.hook run from the repository root
        del env["PYTHONPATH"]
    result = subprocess.run(
        [sys.executable, "-m", "autodream.hook"],
        input=hook_json(layout),
        capture_output=True,
        env=env,
        cwd=REPO_ROOT if found_by != "PYTHONPATH" else layout.project,
        timeout=30,
    )
    assert result.returncode == 0
    assert "dream started" in result.stderr.decode()
    log = layout.memory_dir / ".autodream" / "logs" / "dream.log"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and " session(s) reviewed" not in _read(log):
        time.sleep(0.05)
    # The child ran past the gates it was spared (time, scan), took the lock, dreamed with the
    # local engine (no key in the environment) and released the lock at the run's start.
    assert "no API key: using the local engine" in _read(log)
    assert "5 session(s) reviewed" in _read(log), "the current session is not reviewed"
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and layout.lock_path.read_text():
        time.sleep(0.05)
    assert layout.lock_path.stat().st_mtime == pytest.approx(T0, abs=1)
    assert (layout.memory_dir / ".autodream" / "scan-stamp").exists()


def _read(path: Path) -> str:
    return path.read_text() if path.exists() else ""


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.text()
    | st.floats(allow_nan=False, allow_infinity=False),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=20,
)


@settings(max_examples=60, deadline=None)
@given(st.dictionaries(st.text(), json_values, max_size=6))
def test_payload_parsing_agrees_with_json_loads(payload: dict[str, object]) -> None:
    raw = json.dumps(payload).encode()
    assert parse_payload(raw) == json.loads(raw)
    assert parse_payload(b"  \n" + raw + b"\n") == payload


@pytest.mark.parametrize("raw", [b'{"a": 1', b"\xff\xfe", b"null", b"[1, 2]"])
def test_payload_parsing_rejects_what_is_not_one_object(raw: bytes) -> None:
    assert parse_payload(raw) == {}


@pytest.mark.parametrize(("raw", "payload"), [
    (b'{"a": 1} trailing', {"a": 1}),
    (b'{"a": 1}\n{"b": 2}', {"a": 1}),
    (b'{"cwd": "/p", "session_id": "s", "prompt": "xx', {"cwd": "/p", "session_id": "s"}),
    (b'{"cwd": "/p", "n": 12', {"cwd": "/p"}),  # (12 may be the start of 123)
    (b'\xef\xbb\xbf{"cwd": "/p"}', {"cwd": "/p"}),
    (b'{"cwd": "/p\xe9"}', {"cwd": "/p\udce9"}),  # the same bytes to os.fsencode
])
def test_payload_parsing_keeps_what_claude_code_sent(
        raw: bytes, payload: dict[str, object]) -> None:
    assert parse_payload(raw) == payload


def test_a_terminal_on_stdin_is_not_read(layout: Layout) -> None:
    import pty

    layout.set_lock(T0)
    leader, follower = pty.openpty()
    # Typed at the terminal: a hook that read it would look for a project that is not there.
    os.write(leader, b'{"cwd": "/no/such/project"}\n')
    try:
        result = subprocess.run(
            [sys.executable, "-m", "autodream.hook"],
            stdin=follower,
            capture_output=True,
            env=layout.env(AUTODREAM_NOW=str(T0 + 60), AUTODREAM_DEBUG="1"),
            cwd=layout.project,
            timeout=30,
        )
    finally:
        os.close(leader)
        os.close(follower)
    assert result.returncode == 0
    assert result.stdout == b""
    # Nothing was read, so the project came from the working directory.
    assert result.stderr.decode().startswith("autodream-hook: time gate closed: 0.0 h")


@pytest.mark.parametrize(
    ("where", "trusted"),
    [("session", True), ("etc", False), ("nested", False), ("relative", False), ("none", False)],
)
def test_the_transcript_path_hint_is_trusted_only_under_the_projects_root(
    layout: Layout, where: str, trusted: bool
) -> None:
    from autodream.hook import sessions_dir_hint

    paths = {
        "session": str(layout.sessions_dir / f"{SESSION}.jsonl"),
        "etc": "/etc/passwd",
        "nested": str(layout.sessions_dir / SESSION / "subagents" / "agent-x.jsonl"),
        "relative": "projects/x/s.jsonl",
        "none": None,
    }
    layout.sessions_dir.mkdir(parents=True, exist_ok=True)
    hint = sessions_dir_hint(paths[where], layout.env())
    assert hint == (str(layout.sessions_dir) if trusted else None)


def test_the_installed_hook_script_runs_the_hook_and_pip_can_install_it(layout: Layout) -> None:
    script = REPO_ROOT / "scripts" / "autodream-hook"
    assert script.read_text().startswith("#!python\n"), "pip rewrites exactly this shebang"
    assert os.access(script, os.X_OK)
    layout.set_lock(T0)  # a dream just ran: the time gate is closed
    result = run_hook(layout, hook_json(layout), argv=[sys.executable, str(script)],
                      AUTODREAM_NOW=str(T0), AUTODREAM_DEBUG="1")
    assert result.returncode == 0
    assert result.stdout == b""
    assert "time gate closed" in result.stderr.decode()


def test_a_last_dream_dated_in_the_future_does_not_close_the_hooks_time_gate(
        layout: Layout) -> None:
    # It did, with "-51.0 h since the last dream", until the clock caught up.
    layout.set_lock(T0 + 51 * 3600)
    layout.add_session(T0 - 3600)
    result = run_hook(layout, hook_json(layout), AUTODREAM_NOW=str(T0), AUTODREAM_DEBUG="1",
                      AUTODREAM_MIN_SESSIONS="5")
    assert result.returncode == 0
    said = result.stderr.decode()
    assert "time gate" not in said and "scan gate closed: 1 session touched" in said


# The hook with the memory dir as mode 000 is for its owner (root ignores modes): nothing in it
# can be listed or looked up.
DENY_MEMORY_DIR = """
import os, sys
memory, stat = sys.argv[1], os.stat
def denying(real):
    def call(target, *args, **kwargs):
        path = "" if isinstance(target, int) else os.path.abspath(os.fsdecode(target))
        if path.startswith(memory + os.sep) or (path == memory and real is not stat):
            raise PermissionError(13, "Permission denied", path)
        return real(target, *args, **kwargs)
    return call
for name in ("stat", "lstat", "scandir", "listdir", "open", "mkdir"):
    setattr(os, name, denying(getattr(os, name)))
from autodream.hook import main
sys.exit(main())
"""


def test_an_unreadable_memory_dir_is_said_in_words_by_the_debug_line(layout: Layout) -> None:
    layout.set_lock(T0 - 48 * 3600)
    for i in range(5):
        layout.add_session(T0 - 3600 + i)
    result = run_hook(layout, hook_json(layout),
                      [sys.executable, "-c", DENY_MEMORY_DIR, str(layout.memory_dir)],
                      AUTODREAM_NOW=str(T0), AUTODREAM_DEBUG="1")
    assert result.returncode == 0 and result.stdout == b""
    # was: "autodream-hook: error: PermissionError: [Errno 13] Permission denied:
    # '.../memory/.consolidate-lock'"
    assert result.stderr.decode().splitlines() == [
        f"autodream-hook: no dream started: cannot read the memory dir {layout.memory_dir}: "
        "Permission denied; autodream reads and writes it as you: fix its permissions (chmod "
        f"u+rwx {layout.memory_dir}) or run as its owner"]
