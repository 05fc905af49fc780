"""Hostile tool calls: every one is refused, recorded, and nothing outside memory/ changes."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from autodream.agent import ToolCall
from autodream.errors import NotFound, SandboxError
from autodream.sandbox import Sandbox
from autodream.tools import ToolLimits
from tests.sandbox_tree import (
    ANTHROPIC_KEY,
    AWS_KEY,
    OUTSIDE_SECRET,
    SESSION_ID,
    Tree,
    build_tree,
    snapshot,
)

LONG = "a" * 4096
SESSION = f"sessions/{SESSION_ID}.jsonl"

# (case id, phase, tool, input)
CASES: list[tuple[str, str, str, Any]] = [
    # traversal
    ("dotdot-etc-passwd", "consolidate", "read_file", {"path": "memory/../../etc/passwd"}),
    ("leading-dotdot", "consolidate", "read_file", {"path": "../etc/passwd"}),
    ("pct-encoded-dotdot", "consolidate", "read_file", {"path": "memory/%2e%2e/%2e%2e/etc/passwd"}),
    ("pct-encoded-slash", "consolidate", "read_file", {"path": "memory/..%2f..%2fetc%2fpasswd"}),
    ("backslash-traversal", "consolidate", "read_file", {"path": "memory\\..\\..\\etc\\passwd"}),
    ("write-dotdot", "consolidate", "write_file", {"path": "memory/../escape.md", "content": "x"}),
    ("write-sub-dotdot", "consolidate", "write_file", {"path": "memory/sub/../../x.md",
                                                       "content": "x"}),
    ("list-dotdot", "consolidate", "list_dir", {"path": "memory/.."}),
    ("grep-dotdot", "consolidate", "grep", {"pattern": "secret", "path": "project/../.."}),
    ("glob-dotdot", "consolidate", "glob", {"pattern": "memory/../../**"}),
    ("delete-dotdot", "consolidate", "delete_file", {"path": "memory/../live.md"}),
    # absolute and home paths
    ("absolute-read", "consolidate", "read_file", {"path": "/etc/passwd"}),
    ("absolute-write", "consolidate", "write_file", {"path": "/tmp/x.md", "content": "x"}),
    ("absolute-glob", "consolidate", "glob", {"pattern": "/etc/*"}),
    ("tilde-ssh", "consolidate", "read_file", {"path": "~/.ssh/id_rsa"}),
    ("tilde-list", "consolidate", "list_dir", {"path": "~"}),
    ("no-root", "consolidate", "read_file", {"path": "etc/passwd"}),
    # symlinks
    ("symlinked-dir-read", "consolidate", "read_file", {"path": "memory/outlink/secret.txt"}),
    ("symlinked-dir-list", "consolidate", "list_dir", {"path": "memory/outlink"}),
    ("symlinked-dir-write", "consolidate", "write_file", {"path": "memory/outlink/new.md",
                                                          "content": "x"}),
    ("symlinked-file-read", "consolidate", "read_file", {"path": "memory/evil.md"}),
    ("symlinked-file-write", "consolidate", "write_file", {"path": "memory/evil.md",
                                                           "content": "x"}),
    ("symlinked-file-edit", "consolidate", "edit_file", {"path": "memory/evil.md",
                                                         "old_string": "outside",
                                                         "new_string": "inside"}),
    ("symlinked-file-delete", "consolidate", "delete_file", {"path": "memory/evil.md"}),
    ("symlink-chain", "consolidate", "read_file", {"path": "memory/chain1.md"}),
    ("symlink-to-ssh", "consolidate", "read_file", {"path": "project/keys/id_rsa"}),
    ("symlink-to-ssh-list", "consolidate", "list_dir", {"path": "project/keys"}),
    ("symlink-to-ssh-glob", "consolidate", "glob", {"pattern": "project/keys/*"}),
    ("sessions-symlink-out", "consolidate", "read_file", {"path": "sessions/leak/secret.txt"}),
    ("grep-through-symlink", "consolidate", "grep", {"pattern": "secret",
                                                     "path": "memory/outlink"}),
    ("dev-zero-symlink-memory", "consolidate", "read_file", {"path": "memory/zero.md"}),
    ("dev-zero-symlink-project", "consolidate", "read_file", {"path": "project/devzero"}),
    # hard links
    ("hardlink-read", "consolidate", "read_file", {"path": "memory/hard.md"}),
    ("hardlink-edit", "consolidate", "edit_file", {"path": "memory/hard.md",
                                                   "old_string": "outside", "new_string": "x"}),
    # NUL bytes and long names
    ("nul-read", "consolidate", "read_file", {"path": "memory/MEMORY.md\x00.txt"}),
    ("nul-write", "consolidate", "write_file", {"path": "memory/a\x00.md", "content": "x"}),
    ("path-4096", "consolidate", "read_file", {"path": "memory/" + LONG}),
    ("component-256", "consolidate", "write_file", {"path": "memory/" + "b" * 253 + ".md",
                                                    "content": "x"}),
    ("component-256-bytes-utf8", "consolidate", "read_file", {"path": "memory/" + "é" * 128}),
    ("deep-4096", "consolidate", "write_file", {"path": "memory/" + "d/" * 2048 + "x.md",
                                                "content": "x"}),
    # the lock file and autodream's own state
    ("write-lock", "consolidate", "write_file", {"path": "memory/.consolidate-lock",
                                                 "content": "1"}),
    ("read-lock", "consolidate", "read_file", {"path": "memory/.consolidate-lock"}),
    ("delete-lock", "consolidate", "delete_file", {"path": "memory/.consolidate-lock"}),
    ("write-journal", "consolidate", "write_file", {"path": "memory/.autodream/runs/x.md",
                                                    "content": "x"}),
    ("read-diary", "consolidate", "read_file", {"path": "memory/.autodream/DREAMS.md"}),
    ("edit-diary", "consolidate", "edit_file", {"path": "memory/.autodream/DREAMS.md",
                                                "old_string": "#", "new_string": "x"}),
    ("list-state", "consolidate", "list_dir", {"path": "memory/.autodream"}),
    ("write-hidden", "consolidate", "write_file", {"path": "memory/.hidden.md", "content": "x"}),
    ("write-hidden-dir", "consolidate", "write_file", {"path": "memory/sub/.x/y.md",
                                                       "content": "x"}),
    # names that are another file's on macOS and Windows (case-insensitive, one Unicode form):
    # a dream wrote memory/MEMORY.MD beside MEMORY.md, unchecked, and memory/Build.md beside
    # build.md; the commit there replaced the index or the topic file with it
    ("case-twin-index", "consolidate", "write_file", {"path": "memory/MEMORY.MD",
                                                      "content": "x"}),
    ("case-twin-topic", "consolidate", "write_file", {"path": "memory/Build.md", "content": "x"}),
    ("case-twin-dir", "consolidate", "write_file", {"path": "memory/SUB/new.md", "content": "x"}),
    ("width-twin-index", "consolidate", "write_file", {"path": "memory/\uff2dEMORY.md",
                                                       "content": "x"}),
    # names that print as another: a zero-width space, a no-break space, a soft hyphen
    ("zero-width-name", "consolidate", "write_file", {"path": "memory/\u200bbuild.md",
                                                      "content": "x"}),
    ("zero-width-joiner-name", "consolidate", "write_file", {"path": "memory/bu\u200dild2.md",
                                                             "content": "x"}),
    ("bom-name", "consolidate", "write_file", {"path": "memory/\ufeffnotes.md", "content": "x"}),
    ("nbsp-name", "consolidate", "write_file", {"path": "memory/my\u00a0notes.md",
                                                "content": "x"}),
    ("soft-hyphen-name", "consolidate", "write_file", {"path": "memory/bu\u00adild.md",
                                                       "content": "x"}),
    # a name in look-alike letters of another script: 'tаbs.md' (Cyrillic а) beside tabs.md
    ("mixed-script-name", "consolidate", "write_file", {"path": "memory/bu\u0456ld.md",
                                                        "content": "x"}),
    ("look-alike-name", "consolidate", "write_file", {"path": "memory/\u0455\u0442\u0443\u04cf"
                                                      "\u0435.md", "content": "x"}),
    # phases
    ("write-in-orient", "orient", "write_file", {"path": "memory/new.md", "content": "x"}),
    ("write-in-gather", "gather", "write_file", {"path": "memory/new.md", "content": "x"}),
    ("edit-in-gather", "gather", "edit_file", {"path": "memory/build.md",
                                               "old_string": "make test",
                                               "new_string": "make all"}),
    ("delete-in-orient", "orient", "delete_file", {"path": "memory/build.md"}),
    ("phase-back", "consolidate", "begin_phase", {"phase": "gather"}),
    ("phase-back-to-orient", "prune", "begin_phase", {"phase": "orient"}),
    ("phase-skip", "orient", "begin_phase", {"phase": "consolidate"}),
    ("phase-same", "gather", "begin_phase", {"phase": "gather"}),
    ("phase-unknown", "orient", "begin_phase", {"phase": "sleep"}),
    # the project's secrets
    ("project-env", "consolidate", "read_file", {"path": "project/.env"}),
    ("project-env-production", "consolidate", "read_file", {"path": "project/.env.production"}),
    ("project-git-config", "consolidate", "read_file", {"path": "project/.git/config"}),
    ("project-id-rsa", "consolidate", "read_file", {"path": "project/id_rsa"}),
    ("project-pem", "consolidate", "read_file", {"path": "project/prod.pem"}),
    ("project-key", "consolidate", "read_file", {"path": "project/server.key"}),
    ("project-npmrc", "consolidate", "read_file", {"path": "project/.npmrc"}),
    ("project-aws", "consolidate", "read_file", {"path": "project/.aws/credentials"}),
    ("project-env-grep", "consolidate", "grep", {"pattern": ".", "path": "project/.env"}),
    ("project-git-list", "consolidate", "list_dir", {"path": "project/.git"}),
    # FIFOs and devices
    ("fifo-read", "consolidate", "read_file", {"path": "memory/fifo.md"}),
    ("fifo-write", "consolidate", "write_file", {"path": "memory/fifo.md", "content": "x"}),
    ("chardev-read", "consolidate", "read_file", {"path": "project/chardev"}),
    # writes outside memory/
    ("write-sessions", "consolidate", "write_file", {"path": "sessions/x.md", "content": "x"}),
    ("write-project", "consolidate", "write_file", {"path": "project/README.md", "content": "x"}),
    ("edit-project", "consolidate", "edit_file", {"path": "project/README.md",
                                                  "old_string": "proj", "new_string": "x"}),
    ("delete-session", "consolidate", "delete_file", {"path": SESSION}),
    ("delete-project", "consolidate", "delete_file", {"path": "project/README.md"}),
    # content checks
    ("non-md-py", "consolidate", "write_file", {"path": "memory/script.py", "content": "x"}),
    ("non-md-txt", "consolidate", "write_file", {"path": "memory/notes.txt", "content": "x"}),
    # a new '.MD' file was written and committed unchecked: the checks read '.md' files as topic
    # files (linked from the index, with frontmatter), and passed this one by
    ("upper-md-new", "consolidate", "write_file", {"path": "memory/junk.MD", "content": "x"}),
    ("mixed-md-new", "consolidate", "write_file", {"path": "memory/sub/junk.Md", "content": "x"}),
    ("oversize", "consolidate", "write_file", {"path": "memory/big.md", "content": "x" * 1001}),
    ("secret-write", "consolidate", "write_file", {"path": "memory/keys.md",
                                                   "content": f"key: {ANTHROPIC_KEY}\n"}),
    ("secret-edit", "consolidate", "edit_file", {"path": "memory/build.md",
                                                 "old_string": "make lint",
                                                 "new_string": f"aws {AWS_KEY}"}),
    ("nul-content", "consolidate", "write_file", {"path": "memory/n.md", "content": "a\x00b"}),
    ("edit-no-match", "consolidate", "edit_file", {"path": "memory/build.md",
                                                   "old_string": "cargo", "new_string": "x"}),
    ("edit-two-matches", "consolidate", "edit_file", {"path": "memory/style.md",
                                                      "old_string": "Use ruff.",
                                                      "new_string": "Use black."}),
    ("edit-empty-old", "consolidate", "edit_file", {"path": "memory/build.md",
                                                    "old_string": "", "new_string": "x"}),
    ("delete-missing", "consolidate", "delete_file", {"path": "memory/missing.md"}),
    ("delete-dir", "consolidate", "delete_file", {"path": "memory/sub"}),
    # the live memory dir is excluded from sessions/
    ("excluded-read", "consolidate", "read_file", {"path": "sessions/memory/MEMORY.md"}),
    ("excluded-list", "consolidate", "list_dir", {"path": "sessions/memory"}),
    ("excluded-state", "consolidate", "read_file",
     {"path": "sessions/memory/.autodream/DREAMS.md"}),
    # malformed calls
    ("unknown-tool", "consolidate", "rm", {"path": "memory/build.md"}),
    ("input-list", "consolidate", "read_file", ["memory/build.md"]),
    ("input-string", "consolidate", "write_file", "memory/x.md"),
    ("input-none", "consolidate", "delete_file", None),
    ("missing-path", "consolidate", "read_file", {}),
    ("missing-content", "consolidate", "write_file", {"path": "memory/x.md"}),
    ("missing-summary", "consolidate", "finish", {}),
    ("offset-string", "consolidate", "read_file", {"path": "memory/build.md", "offset": "10"}),
    ("limit-bool", "consolidate", "read_file", {"path": "memory/build.md", "limit": True}),
    ("offset-zero", "consolidate", "read_file", {"path": "memory/build.md", "offset": 0}),
    ("path-int", "consolidate", "read_file", {"path": 7}),
    ("extra-field", "consolidate", "write_file", {"file_path": "memory/x.md", "path": "memory/x.md",
                                                  "content": "x"}),
    ("bad-regex", "consolidate", "grep", {"pattern": "(unclosed"}),
    ("catastrophic-regex", "consolidate", "grep", {"pattern": "(a+)+$"}),
]


@pytest.fixture
def tree(tmp_path: Path) -> Tree:
    return build_tree(tmp_path)


def test_case_ids_are_distinct_and_many() -> None:
    ids = [case[0] for case in CASES]
    assert len(ids) == len(set(ids))
    assert len(ids) >= 50


@pytest.mark.parametrize(
    ("phase", "tool", "inp"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_hostile_call_is_refused_and_changes_nothing(
    tree: Tree, phase: str, tool: str, inp: Any
) -> None:
    needs_device = isinstance(inp, dict) and inp.get("path") == "project/chardev"
    if needs_device and not (tree.project / "chardev").exists():
        pytest.skip("creating a device file needs root")
    before = snapshot(tree.base)
    box = tree.toolbox(ToolLimits(max_write_bytes=1000), phase=phase)

    result = box.call(ToolCall("c1", tool, inp))

    assert result.is_error, result.content
    assert result.content.startswith(("refused: ", "error: "))
    assert "\n" not in result.content  # one line a model can read
    assert OUTSIDE_SECRET.strip() not in result.content
    assert not box.finished
    assert box.phase == phase
    assert box.touched == {}
    [record] = box.log
    assert record.verdict in ("refused", "error")
    assert record.reason and record.name
    assert snapshot(tree.base) == before  # nothing changed anywhere, memory/ included


def test_run_goes_on_after_refusals(tree: Tree) -> None:
    box = tree.toolbox(ToolLimits(max_write_bytes=1000), phase="consolidate")
    for n, (_id, _phase, tool, inp) in enumerate(CASES[:20]):
        box.call(ToolCall(f"c{n}", tool, inp))
    ok = box.call(ToolCall("ok", "write_file", {"path": "memory/new.md", "content": "fine\n"}))
    assert not ok.is_error
    assert (tree.memory / "new.md").read_text() == "fine\n"
    assert [r.seq for r in box.log] == list(range(1, 22))


def test_a_normal_dream_changes_only_memory_and_its_trash(tree: Tree) -> None:
    outside_before = snapshot(tree.base, skip=tree.real_memory)
    live_before = snapshot(tree.real_memory, skip=tree.real_memory / ".autodream")
    box = tree.toolbox()
    calls: list[tuple[str, Any]] = [
        ("list_dir", {"path": ""}),
        ("read_file", {"path": "memory/MEMORY.md"}),
        ("begin_phase", {"phase": "gather"}),
        ("grep", {"pattern": "make", "path": "sessions/"}),
        ("glob", {"pattern": "**/*.md"}),
        ("begin_phase", {"phase": "consolidate"}),
        ("write_file", {"path": "memory/deploy.md", "content": "Deploy with make.\n"}),
        ("edit_file", {"path": "memory/build.md", "old_string": "make lint",
                       "new_string": "make check"}),
        ("begin_phase", {"phase": "prune"}),
        ("delete_file", {"path": "memory/style.md"}),
        ("finish", {"summary": "added deploy, fixed build, dropped style"}),
    ]
    for n, (tool, inp) in enumerate(calls):
        assert not box.call(ToolCall(f"c{n}", tool, inp)).is_error, tool
    assert snapshot(tree.base, skip=tree.real_memory) == outside_before
    assert snapshot(tree.real_memory, skip=tree.real_memory / ".autodream") == live_before
    assert box.touched == {"deploy.md": "written", "build.md": "written", "style.md": "deleted"}


# --- races: a symlink swapped in after the check ---------------------------------------------


def _swap_before_open(monkeypatch: pytest.MonkeyPatch, swap: Any) -> None:
    """Run ``swap`` once, after the path was resolved and checked but before it is opened."""
    original = Sandbox._open_dir
    done = {"swapped": False}

    def swap_then_open(self: Sandbox, *args: Any, **kwargs: Any) -> int:
        if not done["swapped"]:
            done["swapped"] = True
            swap()
        return original(self, *args, **kwargs)

    monkeypatch.setattr(Sandbox, "_open_dir", swap_then_open)


def _swap_sub_for_symlink_out(tree: Tree) -> None:
    """memory/sub becomes a symlink to an outside dir holding the same names."""
    decoy = tree.outside / "decoy"
    decoy.mkdir()
    (decoy / "deep.md").write_text(OUTSIDE_SECRET)
    (tree.memory / "sub").rename(tree.memory / "sub-old")
    os.symlink(decoy, tree.memory / "sub")


def test_file_swapped_for_symlink_after_check_is_not_followed(
    tree: Tree, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tree.memory / "build.md"

    def swap() -> None:
        target.unlink()
        os.symlink(tree.outside / "secret.txt", target)

    _swap_before_open(monkeypatch, swap)
    result = tree.toolbox().call(ToolCall("r", "read_file", {"path": "memory/build.md"}))
    assert result.is_error
    assert "symlink" in result.content
    assert OUTSIDE_SECRET.strip() not in result.content


def test_dir_swapped_for_symlink_after_check_is_not_followed(
    tree: Tree, monkeypatch: pytest.MonkeyPatch
) -> None:
    _swap_before_open(monkeypatch, lambda: _swap_sub_for_symlink_out(tree))
    result = tree.toolbox().call(ToolCall("r", "read_file", {"path": "memory/sub/deep.md"}))
    assert result.is_error
    assert "symlink" in result.content
    assert OUTSIDE_SECRET.strip() not in result.content


@pytest.mark.parametrize(
    ("tool", "inp"),
    [
        ("write_file", {"path": "memory/sub/deep.md", "content": "overwritten\n"}),
        ("delete_file", {"path": "memory/sub/deep.md"}),
    ],
)
def test_write_parent_swapped_for_symlink_after_check_lands_nowhere(
    tree: Tree, monkeypatch: pytest.MonkeyPatch, tool: str, inp: dict[str, str]
) -> None:
    _swap_before_open(monkeypatch, lambda: _swap_sub_for_symlink_out(tree))
    box = tree.toolbox(phase="consolidate")
    result = box.call(ToolCall("w", tool, inp))
    assert result.is_error
    assert "symlink" in result.content
    assert (tree.outside / "decoy" / "deep.md").read_text() == OUTSIDE_SECRET
    assert box.touched == {}
    assert not tree.trash.exists()


def test_symlink_flipping_in_a_thread_never_leaks(tree: Tree) -> None:
    """A thread flips memory/flip.md between a real file and a symlink out while we read it."""
    flip = tree.memory / "flip.md"
    flip.write_text("inside\n")
    stop = threading.Event()

    def flipper() -> None:
        tmp_link = tree.memory / "flip.tmp"
        tmp_file = tree.memory / "flip.tmp2"
        while not stop.is_set():
            os.symlink(tree.outside / "secret.txt", tmp_link)
            os.replace(tmp_link, flip)
            tmp_file.write_text("inside\n")
            os.replace(tmp_file, flip)

    thread = threading.Thread(target=flipper)
    thread.start()
    box = tree.toolbox()
    try:
        outcomes = set()
        n = 0
        # At least 300 reads, and on a loaded machine more, until the real file has been seen
        # (bounded); every read is checked for a leak.
        deadline = time.monotonic() + 20
        while n < 300 or (False not in outcomes and time.monotonic() < deadline):
            result = box.call(ToolCall(f"r{n}", "read_file", {"path": "memory/flip.md"}))
            assert OUTSIDE_SECRET.strip() not in result.content
            outcomes.add(result.is_error)
            n += 1
            if n % 50 == 0:
                time.sleep(0.001)  # let the flipper leave the symlink state now and then
    finally:
        stop.set()
        thread.join()
    assert False in outcomes  # the real file was read at least once


# --- hard links -------------------------------------------------------------------------------


def test_write_to_hardlinked_file_breaks_the_link(tree: Tree) -> None:
    box = tree.toolbox(phase="consolidate")
    result = box.call(ToolCall("w", "write_file", {"path": "memory/hard.md", "content": "new\n"}))
    assert not result.is_error, result.content
    assert (tree.outside / "hard.txt").read_text() == OUTSIDE_SECRET
    assert (tree.outside / "hard.txt").stat().st_nlink == 1
    assert (tree.memory / "hard.md").read_text() == "new\n"


# --- property: generated paths either resolve inside their root or are refused ---------------

HOSTILE = ["..", "", "~", "\x00", "a" * 300, "%2e%2e", "memory/..", "/", "\\..", ".env",
           ".autodream", ".consolidate-lock", ".git"]
NAMES = [".", "sub", "build.md", "outlink", "evil.md", "chain1.md", "chain2.md", "alias.md",
         "keys", "leak", "readme-link.md", "x.md", "deep.md", "devzero", "zero.md", "memory",
         "src", "app.py", "README.md", "hard.md", "fifo.md", "id_rsa"]
# hostile pieces are rarer than names, so most examples get deep enough to meet the symlinks
SEGMENTS = st.sampled_from(NAMES * 6 + HOSTILE)
FIRST = st.sampled_from(["memory", "sessions", "project"] * 8 + HOSTILE)


@pytest.fixture(scope="module")
def shared_tree(tmp_path_factory: pytest.TempPathFactory) -> Tree:
    return build_tree(tmp_path_factory.mktemp("prop"))


@settings(
    max_examples=400, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(FIRST, st.lists(SEGMENTS, max_size=6), st.booleans())
def test_generated_paths_never_escape(
    shared_tree: Tree, first: str, segments: list[str], write: bool
) -> None:
    vpath = "/".join([first, *segments])
    sandbox = shared_tree.sandbox()
    try:
        res = sandbox.resolve(vpath, write=write)
    except (SandboxError, NotFound):
        return
    root = os.path.realpath(sandbox.roots[res.root])
    real = os.path.realpath(res.real)
    assert real == root or real.startswith(root + os.sep)
    if write:
        assert res.root == "memory"
    if res.root != "memory":
        assert not real.startswith(os.path.realpath(shared_tree.real_memory))
    try:
        fd, _opened, _st = sandbox.open_fd(vpath)
    except (SandboxError, NotFound, IsADirectoryError):
        return
    try:  # the descriptor is the very file resolution proved inside the root
        opened, named = os.fstat(fd), os.stat(real)
        assert (opened.st_dev, opened.st_ino) == (named.st_dev, named.st_ino)
    finally:
        os.close(fd)
