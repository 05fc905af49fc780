"""The path policy on its own: parsing, resolution, secrets, exclusions, atomic writes."""

from __future__ import annotations

import fnmatch
import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from autodream.errors import NotFound, SandboxError
from autodream.sandbox import (
    SECRET_DIR_NAMES,
    SECRET_NAME_PATTERNS,
    Sandbox,
    _star_match,
    parse_vpath,
    secret_reason,
)
from tests.sandbox_tree import OUTSIDE_SECRET, Tree, build_tree


@pytest.fixture
def tree(tmp_path: Path) -> Tree:
    return build_tree(tmp_path)


@pytest.mark.parametrize(
    ("vpath", "expected"),
    [
        ("memory/MEMORY.md", ("memory", ("MEMORY.md",))),
        ("memory/", ("memory", ())),
        ("./sessions//a.jsonl", ("sessions", ("a.jsonl",))),
        ("project/src/./app.py", ("project", ("src", "app.py"))),
    ],
)
def test_parse_accepts_virtual_paths(vpath: str, expected: tuple[str, tuple[str, ...]]) -> None:
    assert parse_vpath(vpath) == expected


@pytest.mark.parametrize(
    ("vpath", "fragment"),
    [
        ("memory/../x", "'..'"),
        ("/memory/x", "absolute"),
        ("~/x", "home-relative"),
        ("memory/a\x00b", "NUL"),
        ("memory/a\nb", "control characters"),
        # a line break to str.splitlines, or a mark that reverses what follows: the name
        # would list as two entries, or as another name
        ("memory/a\u2028b.md", "control characters"),
        ("memory/a\u2029b.md", "control characters"),
        ("memory/a\x85b.md", "control characters"),
        ("memory/a\x9bb.md", "control characters"),
        ("memory/a\u202egnp.md", "control characters"),
        ("memory/a\u2066b.md", "control characters"),
        ("memory\\x", "backslashes"),
        ("memory/%2E%2E/x", "percent-encoded"),
        ("memory/" + "x" * 256, "longer than 255 bytes"),
        ("memory/" + "x/" * 2100, "the limit is 4096"),
        ("elsewhere/x", "paths start with"),
        ("", "paths start with"),
        ("memory/\ud800", "not valid UTF-8"),
    ],
)
def test_parse_refuses_with_a_readable_reason(vpath: str, fragment: str) -> None:
    with pytest.raises(SandboxError, match=None) as info:
        parse_vpath(vpath)
    assert fragment in str(info.value)
    assert "\n" not in str(info.value)


def test_parse_refuses_non_strings() -> None:
    with pytest.raises(SandboxError, match="must be a string"):
        parse_vpath(["memory"])


def test_sandbox_error_is_a_permission_error() -> None:
    assert issubclass(SandboxError, PermissionError)


@pytest.mark.parametrize(
    "name",
    [".env", ".env.local", "prod.env", "ID_RSA", "id_ed25519.pub", "cert.PEM", "tls.key",
     "store.p12", ".netrc", ".npmrc", "credentials.json", ".git", ".ssh", ".aws", "x.tfstate"],
)
def test_secret_names(name: str) -> None:
    assert secret_reason(name) is not None


@pytest.mark.parametrize("name", ["README.md", "app.py", ".gitignore", "environment.md", "keys.md"])
def test_ordinary_names_are_not_secret(name: str) -> None:
    assert secret_reason(name) is None


def _fnmatch_reason(name: str) -> str | None:
    """secret_reason as it was written with fnmatch: the reference for the plain-string one."""
    lowered = name.lower()
    if lowered in SECRET_DIR_NAMES:
        return f"{name}/ holds credentials or repository internals"
    for pattern in SECRET_NAME_PATTERNS:
        if fnmatch.fnmatchcase(lowered, pattern):
            return f"{name} matches the secret-file pattern {pattern!r}"
    return None


# Pieces of the secret patterns, so random names often come close to matching one.
NAME_BITS = st.sampled_from(
    [".", "env", "rc", "id", "_", "-", "key", "pem", "tfstate", "credentials", "secrets",
     "service", "account", "json", "net", "a", "A", "ENV", "*", "?", "[", "\n"]
)


@pytest.mark.parametrize(
    "name",
    ["id_", "ID_RSA.PUB", ".env.", "x.tfstate.backup", ".tfstate.", "a.tfstate", "secrets.",
     "secrets", "service-account.json", "service-accountjson", "service-account-x.json",
     "service_account.JSON", ".envrc", ".envrcx", "credentials", "my.env.example", "env",
     "x.keystore", "keystore", ".git-credentials", "prod.env.local"],
)
def test_secret_reason_agrees_with_fnmatch_on_edge_names(name: str) -> None:
    assert secret_reason(name) == _fnmatch_reason(name)


@settings(max_examples=500, deadline=None)
@given(name=st.lists(NAME_BITS, max_size=6).map("".join))
def test_secret_reason_agrees_with_fnmatch(name: str) -> None:
    assert secret_reason(name) == _fnmatch_reason(name)


@settings(max_examples=500, deadline=None)
@given(
    pieces=st.lists(st.text(alphabet="ab.", max_size=3), min_size=1, max_size=4),
    name=st.text(alphabet="ab.", max_size=8),
)
def test_star_match_is_fnmatchcase_for_star_globs(pieces: list[str], name: str) -> None:
    assert _star_match(name, tuple(pieces)) == fnmatch.fnmatchcase(name, "*".join(pieces))


def test_inner_symlink_resolves_inside_its_root(tree: Tree) -> None:
    sandbox = tree.sandbox()
    res = sandbox.resolve("memory/alias.md")
    assert res.parts == ("build.md",)
    assert sandbox.read_bytes("memory/alias.md").startswith(b"---\nname: build")
    assert sandbox.resolve("project/readme-link.md").real == tree.project.resolve() / "README.md"


def test_secret_behind_an_inner_symlink_is_refused(tree: Tree) -> None:
    os.symlink(".env", tree.project / "innocent.txt")
    with pytest.raises(SandboxError, match="secret"):
        tree.sandbox().open_fd("project/innocent.txt")


def test_absolute_symlink_inside_the_root_is_followed(tree: Tree) -> None:
    os.symlink(tree.project.resolve() / "README.md", tree.project / "abs-link.md")
    assert tree.sandbox().read_bytes("project/abs-link.md") == b"# proj\nbuild with make\n"


def test_symlink_loop_is_refused(tree: Tree) -> None:
    os.symlink("loop-b", tree.project / "loop-a")
    os.symlink("loop-a", tree.project / "loop-b")
    with pytest.raises(SandboxError, match="too many levels"):
        tree.sandbox().resolve("project/loop-a")


def test_missing_file_is_not_found(tree: Tree) -> None:
    with pytest.raises(NotFound):
        tree.sandbox().open_fd("memory/nope.md")


def test_real_memory_dir_is_excluded_from_sessions(tree: Tree) -> None:
    sandbox = tree.sandbox()
    _res, entries = sandbox.list_dir("sessions/")
    names = {e.name for e in entries}
    assert "memory" not in names
    assert any(n.endswith(".jsonl") for n in names)
    walked = [v for v, _ in sandbox.walk_files("sessions/")]
    assert walked and not any("MEMORY.md" in v or "live.md" in v for v in walked)


def test_memory_root_is_excluded_even_without_an_excluded_list(tree: Tree) -> None:
    sandbox = Sandbox(memory=tree.memory, sessions=tree.sessions, project=tree.project)
    with pytest.raises(SandboxError, match="excluded"):
        sandbox.resolve("sessions/memory/.autodream/staging/run1/MEMORY.md")


def test_excluded_dir_reached_by_an_inner_symlink_is_refused(tree: Tree) -> None:
    os.symlink("memory", tree.sessions / "mem-alias")
    with pytest.raises(SandboxError, match="excluded"):
        tree.sandbox().open_fd("sessions/mem-alias/live.md")


def test_missing_root_is_refused(tree: Tree) -> None:
    sandbox = Sandbox(memory=tree.memory)
    with pytest.raises(SandboxError, match="not available"):
        sandbox.resolve("project/README.md")


def test_memory_root_that_is_not_a_directory_is_not_found(tree: Tree) -> None:
    with pytest.raises(NotFound):
        Sandbox(memory=tree.memory / "build.md")


def test_missing_read_only_root_is_unavailable(tree: Tree) -> None:
    sandbox = Sandbox(memory=tree.memory, sessions=tree.base / "no-such-dir")
    assert sorted(sandbox.roots) == ["memory"]
    with pytest.raises(SandboxError, match="not available"):
        sandbox.resolve("sessions/x.jsonl")


def test_list_dir_hides_secrets_and_hidden_state(tree: Tree) -> None:
    sandbox = tree.sandbox()
    _res, memory_entries = sandbox.list_dir("memory/")
    assert not any(e.name.startswith(".") for e in memory_entries)
    _res, project_entries = sandbox.list_dir("project/")
    names = {e.name for e in project_entries}
    assert {".env", ".git", "id_rsa", "prod.pem", ".aws"}.isdisjoint(names)
    assert {"README.md", "src"} <= names


def test_walk_skips_symlinks_and_noise_dirs(tree: Tree) -> None:
    (tree.project / "node_modules" / "pkg").mkdir(parents=True)
    (tree.project / "node_modules" / "pkg" / "index.js").write_text("x")
    walked = [v for v, _ in tree.sandbox().walk_files("project/")]
    assert "project/src/app.py" in walked
    assert not any("node_modules" in v or "keys" in v or "devzero" in v for v in walked)
    inside = [v for v, _ in tree.sandbox().walk_files("project/node_modules")]
    assert inside == ["project/node_modules/pkg/index.js"]


def test_a_new_name_twin_of_another_but_for_case_or_form_is_refused(tree: Tree) -> None:
    # macOS keeps "café.md" (NFC) and "café.md" (NFD) as one file, and "Build.md" as "build.md":
    # a dream's second name was committed over the first there
    sandbox = tree.sandbox()
    (tree.memory / "caf\u00e9.md").write_text("nfc\n")
    with pytest.raises(SandboxError, match=r"memory/caf\u00e9\.md is there already, the same "
                       r"name but for case or Unicode form .*write memory/caf\u00e9\.md, or "
                       "delete it first"):
        sandbox.write_bytes("memory/cafe\u0301.md", b"nfd\n")
    with pytest.raises(SandboxError, match="memory/sub is there already"):
        sandbox.write_bytes("memory/Sub/deeper/new.md", b"x")
    assert not (tree.memory / "Sub").exists()
    assert (tree.memory / "caf\u00e9.md").read_text() == "nfc\n"
    # the name itself is written as ever, and a name renamed in case once the old one is gone
    assert sandbox.write_bytes("memory/caf\u00e9.md", b"again\n") is False
    sandbox.move_out("memory/build.md", tree.base / "trash-build.md")
    assert sandbox.write_bytes("memory/Build.md", b"renamed\n") is True
    assert sandbox.write_bytes("memory/new/deeper/x.md", b"x") is True


def test_a_new_name_in_look_alike_letters_of_another_script_is_refused(tree: Tree) -> None:
    # 'tаbs.md' (a Cyrillic а) beside 'tabs.md' was written: two memories, listed and indexed
    # under one name as a person reads it
    sandbox = tree.sandbox()
    (tree.memory / "tabs.md").write_text("theirs\n")
    with pytest.raises(SandboxError, match=r"memory/t\u0430bs\.md: a new name may not mix "
                       r"letters of two scripts \('t' is LATIN SMALL LETTER T; '\u0430' is "
                       r"CYRILLIC SMALL LETTER A\): such a name reads as another"):
        sandbox.write_bytes("memory/t\u0430bs.md", b"x\n")
    # all in another script, yet drawn as a name already there: 'сос' is Cyrillic throughout
    (tree.memory / "coc.md").write_text("theirs\n")
    with pytest.raises(SandboxError, match=r"reads as memory/coc\.md, which is there already "
                       r"\(letters of another script drawn alike\); write memory/coc\.md"):
        sandbox.write_bytes("memory/\u0441\u043e\u0441.md", b"x\n")
    with pytest.raises(SandboxError, match="mix letters of two scripts"):
        sandbox.write_bytes("memory/p\u0430yments/new.md", b"x\n")
    assert not (tree.memory / "t\u0430bs.md").exists()
    assert not (tree.memory / "\u0441\u043e\u0441.md").exists()
    # a name in one script, a language's own, is written as any other
    assert sandbox.write_bytes("memory/\u0437\u0430\u043c\u0435\u0442\u043a\u0438.md", b"x\n")
    assert sandbox.write_bytes("memory/\u65e5\u672c\u8a9e\u306e\u30e1\u30e2.md", b"x\n")
    assert sandbox.write_bytes("memory/notes-v2_\u00e9t\u00e9.md", b"x\n")
    # and a name the person gave in mixed scripts is theirs, written as it is
    (tree.memory / "m\u0456x.md").write_text("theirs\n")
    assert sandbox.write_bytes("memory/m\u0456x.md", b"updated\n") is False


def test_a_name_the_person_gave_with_unseen_characters_is_still_written(tree: Tree) -> None:
    sandbox = tree.sandbox()
    (tree.memory / "my\u00a0notes.md").write_text("theirs\n")
    assert sandbox.write_bytes("memory/my\u00a0notes.md", b"updated\n") is False
    assert (tree.memory / "my\u00a0notes.md").read_text() == "updated\n"
    with pytest.raises(SandboxError, match=r"print as nothing or as a space \(U\+200B\)"):
        sandbox.write_bytes("memory/\u200bnotes.md", b"x")


def test_write_bytes_is_atomic_and_keeps_mode(tree: Tree) -> None:
    sandbox = tree.sandbox()
    os.chmod(tree.memory / "build.md", 0o600)
    assert sandbox.write_bytes("memory/build.md", b"new\n") is False
    assert (tree.memory / "build.md").read_bytes() == b"new\n"
    assert (tree.memory / "build.md").stat().st_mode & 0o777 == 0o600
    assert sandbox.write_bytes("memory/topics/new.md", b"x") is True
    assert not [p for p in tree.memory.rglob("*") if "autodream-tmp" in p.name]


@pytest.mark.parametrize("failing", ["write", "replace"])  # disk full mid-write; rename fails
def test_failed_write_leaves_old_content_and_no_temp(
    tree: Tree, monkeypatch: pytest.MonkeyPatch, failing: str
) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    sandbox = tree.sandbox()
    monkeypatch.setattr(os, failing, broken)
    with pytest.raises(OSError):
        sandbox.write_bytes("memory/build.md", b"half")
    monkeypatch.undo()
    assert (tree.memory / "build.md").read_text().startswith("---")
    assert not [p for p in tree.memory.rglob("*") if "autodream-tmp" in p.name]


def test_move_out_keeps_bytes(tree: Tree) -> None:
    before = (tree.memory / "build.md").read_bytes()
    dest = tree.trash / "build.md"
    tree.sandbox().move_out("memory/build.md", dest)
    assert dest.read_bytes() == before
    assert not (tree.memory / "build.md").exists()


def test_hardlinked_write_never_touches_the_shared_inode(tree: Tree) -> None:
    tree.sandbox().write_bytes("memory/hard.md", b"changed")
    assert (tree.outside / "hard.txt").read_text() == OUTSIDE_SECRET


def test_socket_is_refused(tree: Tree, monkeypatch: pytest.MonkeyPatch) -> None:
    import socket

    monkeypatch.chdir(tree.project)  # AF_UNIX paths are short: bind by a relative name
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        sock.bind("agent.sock")
        with pytest.raises(SandboxError, match="not a regular file"):
            tree.sandbox().open_fd("project/agent.sock")
    finally:
        sock.close()
