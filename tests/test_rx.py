"""The compiled-pattern cache (autodream/rx.py): a second process compiles nothing, every cached
pattern is the one ``re`` would build, patterns built from data are never written, and a bad cache
file is never trusted."""

from __future__ import annotations

import ast
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from autodream import rx

REPO = Path(__file__).resolve().parent.parent
PACKAGE = REPO / "autodream"

# Imports what a dream, the CLI and the hook load (not the anthropic SDK: slow, no patterns of
# ours), then prints what the cache did for each module.
PROBE = """
import json
import autodream.cli, autodream.hook, autodream.run, autodream.scrub, autodream.replay
import autodream.backends.local
from autodream import rx
print(json.dumps({name: [len(c.kept), len(c.used), c.dirty]
                  for name, c in rx._modules.items()}))
"""


def _run(code: str, cache: Path | None, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    environ = {k: v for k, v in os.environ.items() if not k.startswith("AUTODREAM_")}
    environ["PYTHONPATH"] = str(REPO)
    if cache is not None:
        environ["AUTODREAM_CACHE_DIR"] = str(cache)
    environ.update(env)
    return subprocess.run([sys.executable, "-c", code, *args], env=environ, capture_output=True,
                          text=True, check=True)


def _files(cache: Path) -> list[Path]:
    """The pattern files (not the dataclass methods kept beside them: test_rx_methods.py)."""
    return sorted(p for p in (cache / "patterns").rglob("*") if p.is_file())


@pytest.fixture(scope="module")
def warm(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, list[int]]]:
    """A cache written by one process, and what a second process made of it."""
    cache = tmp_path_factory.mktemp("rx") / "cache"
    cold = json.loads(_run(PROBE, cache).stdout)
    assert cold and all(kept == 0 and used > 0 for kept, used, _ in cold.values())
    return cache, json.loads(_run(PROBE, cache).stdout)


@pytest.fixture(scope="module")
def dates_made(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A cache one process importing autodream.engine.dates wrote (a cold start, seconds on a
    loaded machine): made once, read by the tests that take it as found, copied by the rest."""
    cache = tmp_path_factory.mktemp("rx-dates") / "cache"
    _run("import autodream.engine.dates", cache)
    return cache


def _dates_cache(made: Path, tmp_path: Path) -> Path:
    """A copy of ``made`` of the test's own to damage (modes kept: 0600 files, 0700 folders)."""
    cache = tmp_path / "cache"
    shutil.copytree(made, cache, symlinks=True)
    return cache


def test_a_second_process_compiles_no_module_level_pattern(
    warm: tuple[Path, dict[str, list[int]]],
) -> None:
    cache, second = warm
    compiled_again = {name: used - kept for name, (kept, used, dirty) in second.items() if dirty}
    assert compiled_again == {}
    assert sum(used for _, used, _ in second.values()) > 500
    assert {p.name for p in _files(cache)} == set(second)


# Imports what PROBE does, recording each str pattern a module of ours hands to ``re`` itself.
COMPILED_BY_RE = """
import json, re, sys
seen = []
_compile = re._compile
def _recording(pattern, flags):
    frame = sys._getframe(1)
    while frame.f_globals.get("__name__") in ("re", "autodream.rx"):
        frame = frame.f_back
    name = frame.f_globals.get("__name__", "")
    if isinstance(pattern, str) and name.startswith("autodream"):
        seen.append(f"{name}:{frame.f_lineno}")
    return _compile(pattern, flags)
re._compile = _recording
import autodream.cli, autodream.hook, autodream.run, autodream.scrub, autodream.replay
import autodream.backends.local
print(json.dumps(seen))
"""


def test_no_pattern_of_ours_is_compiled_by_re_while_importing(
    warm: tuple[Path, dict[str, list[int]]],
) -> None:
    """revisions.py built its ten scale patterns in a helper with ``re.compile``, never kept:
    ~3 ms of every fresh process. A pattern compiled while its module imports is a constant
    and goes through ``rx.compile``, helper or not (bytes patterns are cheap and not kept)."""
    cache, _ = warm
    assert json.loads(_run(COMPILED_BY_RE, cache).stdout) == []


def test_every_cached_pattern_is_the_one_re_builds(warm: tuple[Path, dict[str, list[int]]]) -> None:
    cache, _ = warm
    checked = 0
    for path in _files(cache):
        entries = rx._decode(path.read_bytes())
        assert entries, path
        for (pattern, flags), entry in entries.items():
            fresh = re.compile(pattern, flags)
            built = rx._build(pattern, entry)
            assert (built.pattern, built.flags, built.groups, built.groupindex) == (
                fresh.pattern, fresh.flags, fresh.groups, fresh.groupindex)
            assert entry == rx._compile_fresh(pattern, flags)[1]
            checked += 1
    assert checked > 500


def test_patterns_compile_the_same_in_any_process() -> None:
    """An alternation built from a set once came out in a different order in each process; the
    cache would then miss every time (and the engine's patterns differ from run to run)."""
    seen = [
        _run("import autodream.engine.candidates as _, autodream.rx as rx, json;"
             "print(json.dumps(sorted(k[0] for c in rx._modules.values() for k in c.used)))",
             None, AUTODREAM_NO_CACHE="1", PYTHONHASHSEED=seed).stdout
        for seed in ("1", "2")
    ]
    assert seen[0] == seen[1]


def test_a_value_scrubbed_or_a_name_matched_at_run_time_is_never_written(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    secret = "Zq7-hunter2-Xyl"
    _run(
        "import sys\n"
        "from autodream.engine import matching, names\n"
        "from autodream import scrub\n"
        "print(scrub._value_re([sys.argv[1]]).pattern)\n",
        cache, secret,
    )
    written = b"".join(p.read_bytes() for p in cache.rglob("*") if p.is_file())
    assert written and secret.encode() not in written and b"hunter2" not in written


def test_the_cache_can_be_turned_off(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    _run("import autodream.engine.dates", cache, AUTODREAM_NO_CACHE="1")
    assert not cache.exists()


def _probe_dates(cache: Path) -> list[int]:
    code = ("import json, autodream.engine.dates\nfrom autodream import rx\n"
            "c = rx._modules['autodream.engine.dates']\nprint(json.dumps([len(c.kept), c.dirty]))")
    result: list[int] = json.loads(_run(code, cache).stdout)
    return result


@pytest.mark.parametrize(
    "damage",
    ["truncated", "bit flipped", "not ours", "empty", "another format"],
)
def test_a_damaged_file_is_compiled_again_and_mended(
    dates_made: Path, tmp_path: Path, damage: str,
) -> None:
    cache = _dates_cache(dates_made, tmp_path)
    (path,) = [p for p in _files(cache) if p.name == "autodream.engine.dates"]
    good = path.read_bytes()
    bad = {
        "truncated": good[: len(good) // 2],
        "bit flipped": good[:-10] + bytes([good[-10] ^ 1]) + good[-9:],
        "not ours": b"\x00" * 64,
        "empty": b"",
        "another format": good.replace(b"autodream-rx 1", b"autodream-rx 9", 1),
    }[damage]
    path.write_bytes(bad)
    assert rx._decode(bad) == {}
    assert _probe_dates(cache) == [0, True]  # compiled again, and written again
    assert rx._decode(path.read_bytes()) == rx._decode(good)


def test_a_file_others_may_write_is_not_trusted(dates_made: Path, tmp_path: Path) -> None:
    cache = _dates_cache(dates_made, tmp_path)
    (path,) = [p for p in _files(cache) if p.name == "autodream.engine.dates"]
    assert path.stat().st_mode & 0o777 == 0o600
    path.chmod(0o666)
    assert _probe_dates(cache) == [0, True]
    assert path.stat().st_mode & 0o777 == 0o600  # written again, the user's own


def test_a_symlinked_file_is_neither_read_nor_written_through(
    dates_made: Path, tmp_path: Path,
) -> None:
    cache = _dates_cache(dates_made, tmp_path)
    (path,) = [p for p in _files(cache) if p.name == "autodream.engine.dates"]
    elsewhere = tmp_path / "elsewhere"
    elsewhere.write_bytes(path.read_bytes())
    before = elsewhere.read_bytes()
    path.unlink()
    path.symlink_to(elsewhere)
    assert _probe_dates(cache) == [0, True]
    assert not path.is_symlink() and elsewhere.read_bytes() == before


def test_a_cache_that_cannot_be_written_changes_nothing_else(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("a file where the cache dir would go\n")
    result = _run("import autodream.engine.dates; print('ok')", blocker / "cache")
    assert result.stdout == "ok\n" and result.stderr == ""


def test_a_relative_cache_home_writes_nothing_into_the_project(tmp_path: Path) -> None:
    """A relative ``XDG_CACHE_HOME`` (or ``~`` left as it is: no HOME and no passwd entry, as in
    a container) was joined to the current directory, the project the hook runs in: the cache
    went to ``./cache/autodream/...`` or a folder named ``~`` beside the user's code, and with
    that directory gone every import failed in ``os.getcwd``. A relative base is no cache."""
    project = tmp_path / "project"
    project.mkdir()
    environ = {k: v for k, v in os.environ.items() if not k.startswith("AUTODREAM_")}
    environ.update(PYTHONPATH=str(REPO), XDG_CACHE_HOME="cache")
    result = subprocess.run([sys.executable, "-c", "import autodream.engine.dates; print('ok')"],
                            env=environ, cwd=project, capture_output=True, text=True, check=True)
    assert result.stdout == "ok\n" and list(project.iterdir()) == []


def _rx_compile_calls(tree: ast.AST) -> list[tuple[str, int, bool]]:
    """(module attribute, line, inside a function) of every ``rx.compile``/``re.compile``."""
    found: list[tuple[str, int, bool]] = []

    def walk(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            inner = in_function or isinstance(
                child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
            if (isinstance(child, ast.Call) and isinstance(child.func, ast.Attribute)
                    and child.func.attr == "compile" and isinstance(child.func.value, ast.Name)
                    and child.func.value.id in ("rx", "re")):
                found.append((child.func.value.id, child.lineno, inner))
            walk(child, inner)

    walk(tree, False)
    return found


def test_constants_go_through_the_cache_and_patterns_built_from_data_do_not() -> None:
    """A module-level ``re.compile`` would be compiled again in every process; an ``rx.compile``
    inside a function could be handed a value from a memory or a transcript."""
    wrong: list[str] = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.name == "rx.py":
            continue
        for module, line, in_function in _rx_compile_calls(ast.parse(path.read_text())):
            if (module == "rx") == in_function:
                wrong.append(f"{path.relative_to(REPO)}:{line} {module}.compile")
    assert wrong == []


def test_a_file_that_cannot_be_put_in_place_leaves_no_temporary_behind(tmp_path: Path) -> None:
    taken = tmp_path / "autodream.engine.dates"
    taken.mkdir()  # something else holds the file's name
    with pytest.raises(OSError):
        rx._write(str(taken), rx._encode({}))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["autodream.engine.dates"]


def test_each_python_release_has_its_own_files(dates_made: Path) -> None:
    (tag,) = [p.name for p in (dates_made / "patterns").iterdir()]
    assert tag.startswith("cpython-{}.{}.{}-".format(*sys.version_info[:3]))


def _pending(monkeypatch: pytest.MonkeyPatch, cache: Path) -> str:
    """This process's cache put at ``cache`` with one module's patterns waiting to be saved;
    the directory its files go to."""
    monkeypatch.setenv("AUTODREAM_CACHE_DIR", str(cache))
    monkeypatch.delenv("AUTODREAM_NO_CACHE", raising=False)
    monkeypatch.setattr(rx, "_directory", None)
    waiting = rx._ModuleCache({})
    waiting.used[("x+", 0)] = rx._compile_fresh("x+", 0)[1]
    waiting.dirty = True
    monkeypatch.setattr(rx, "_modules", {"autodream.probe": waiting})
    # (nor the methods this test process kept importing autodream.cli: not the test's to save)
    monkeypatch.setattr(rx, "_methods", {})
    directory = rx.cache_directory()
    assert directory is not None
    return directory


def _made(root: Path) -> dict[str, tuple[bytes, int]]:
    return {p.relative_to(root).as_posix(): (p.read_bytes() if p.is_file() else b"",
                                             p.stat().st_uid) for p in sorted(root.rglob("*"))}


@pytest.mark.skipif(not rx._USABLE, reason="no cache on this Python")
def test_a_cache_another_user_made_is_never_written_and_status_says_why(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``sudo autodream`` keeping HOME made ``~/.cache/autodream/patterns/...`` root's: the
    person's own runs could never write it again, and said nothing (every start compiled its
    patterns again, ~0.6 s). Nothing is written into it, and ``status`` says why and how to
    put it right."""
    from click.testing import CliRunner

    from autodream.cli import cli

    cache = tmp_path / "cache"
    _run("import autodream.engine.dates", cache)  # the other user's run (root's, after sudo)
    before = _made(cache)
    me = os.geteuid()
    monkeypatch.setattr(os, "geteuid", lambda: me + 1)  # now the person runs autodream
    directory = _pending(monkeypatch, cache)
    rx.save()
    assert _made(cache) == before
    problem = rx.cache_problem()
    assert problem is not None
    # (as root, the folders root made are named from the highest: patterns/ holds the rest)
    named = os.path.dirname(directory) if me == 0 else directory
    assert problem.startswith(f"the pattern cache is off: {named} belongs to ")
    assert "AUTODREAM_CACHE_DIR" in problem
    sample = tmp_path / "sample_project"
    shutil.copytree(REPO / "sample_project", sample)
    environ = {k: v for k, v in os.environ.items() if not k.startswith("AUTODREAM_")}
    shown = CliRunner().invoke(cli, ["status", "--project", str(sample)],
                               env={**environ, "AUTODREAM_CACHE_DIR": str(cache)})
    assert f"problem:      {problem}" in shown.output.splitlines()
    as_json = CliRunner().invoke(cli, ["status", "--json", "--project", str(sample)],
                                 env={**environ, "AUTODREAM_CACHE_DIR": str(cache)})
    assert json.loads(as_json.output)["pattern_cache_problem"] == problem


@pytest.mark.skipif(not rx._USABLE, reason="no cache on this Python")
def test_a_run_as_another_user_writes_no_cache_into_the_persons_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Root (``sudo`` keeping HOME) made ``~/.cache/autodream/`` and its files in the
    person's home, root's, for the person's runs to trip over. A run writes no cache into a
    folder of another user's (but root's that it may write, such as ``/tmp``)."""
    home = tmp_path / "home"
    home.mkdir()
    if os.geteuid() == 0:
        os.chown(home, 12345, 12345)  # the person's home; root runs autodream
    else:
        me = os.geteuid()
        monkeypatch.setattr(os, "geteuid", lambda: me + 1)  # another user runs it
    _pending(monkeypatch, home / ".cache" / "autodream")
    rx.save()
    assert list(home.iterdir()) == []
    assert rx.cache_problem() is not None
    # a folder of one's own (or root's /tmp) is written as ever
    monkeypatch.undo()
    _pending(monkeypatch, tmp_path / "own")
    rx.save()
    assert rx.cache_problem() is None
    assert [p.name for p in _files(tmp_path / "own")] == ["autodream.probe"]


def _as_another_user(monkeypatch: pytest.MonkeyPatch, *folders: str) -> None:
    """This process run by a user who is not root and owns none of the test's folders, nor
    may write ``folders`` (the test may run as root)."""
    me = os.geteuid()
    monkeypatch.setattr(os, "geteuid", lambda: me + 1 if me else 12345)
    access = os.access

    def denied(path: str, mode: int, **kwargs: Any) -> bool:
        return str(path) not in folders and access(path, mode, **kwargs)

    monkeypatch.setattr(os, "access", denied)


def _name(uid: int) -> str:
    import pwd

    try:
        return pwd.getpwuid(uid).pw_name
    except KeyError:
        return f"user {uid}"


def _default_cache(monkeypatch: pytest.MonkeyPatch, home: str, xdg: str | None = None) -> None:
    monkeypatch.delenv("AUTODREAM_CACHE_DIR", raising=False)
    monkeypatch.delenv("AUTODREAM_NO_CACHE", raising=False)
    monkeypatch.setenv("HOME", home)
    if xdg is None:
        monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    else:
        monkeypatch.setenv("XDG_CACHE_HOME", xdg)
    monkeypatch.setattr(rx, "_directory", None)


@pytest.mark.skipif(not rx._USABLE, reason="no cache on this Python")
@pytest.mark.parametrize("where", ["home is /", "cache home is a system folder",
                                   "~/.cache is another user's"])
def test_status_offers_to_remove_only_a_folder_of_the_caches_own(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, where: str
) -> None:
    """With HOME=/ (Docker's ``--user 1000`` with no passwd entry) ``status`` said 'remove it
    (sudo rm -r /)': the nearest folder there, root's, was offered for removal whatever it was
    (XDG_CACHE_HOME=/var/cache gave 'sudo rm -r /var/cache', a root-made ~/.cache 'sudo rm -r
    ~/.cache'). Only a folder autodream made is offered; for any other the fix is a cache
    folder of one's own."""
    if where == "home is /":
        if os.path.lexists("/.cache"):
            pytest.skip("this machine has a /.cache")
        _default_cache(monkeypatch, "/")
        nearest, base = "/", "/.cache/autodream"
    elif where == "cache home is a system folder":
        (tmp_path / "var" / "cache").mkdir(parents=True)
        _default_cache(monkeypatch, str(tmp_path / "home"), str(tmp_path / "var" / "cache"))
        nearest = str(tmp_path / "var" / "cache")
        base = f"{nearest}/autodream"
    else:
        (tmp_path / "home" / ".cache").mkdir(parents=True)
        _default_cache(monkeypatch, str(tmp_path / "home"))
        nearest = str(tmp_path / "home" / ".cache")
        base = f"{nearest}/autodream"
    _as_another_user(monkeypatch, nearest)
    problem = rx.cache_problem()
    assert problem is not None
    assert "rm " not in problem and "sudo" not in problem
    assert problem.startswith(f"the pattern cache is off: its folder {base} would be made in "
                              f"{nearest}, which belongs to ")
    assert problem.endswith("; set AUTODREAM_CACHE_DIR to a folder of your own")


@pytest.mark.skipif(not rx._USABLE or os.geteuid() != 0,
                    reason="no cache on this Python, or the folders cannot be root's")
def test_status_offers_to_remove_the_autodream_folder_root_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The case the removal is for: ``sudo autodream`` keeping HOME made ~/.cache/autodream
    root's (the person's ~/.cache already there)."""
    (tmp_path / "home" / ".cache" / "autodream").mkdir(parents=True)
    _default_cache(monkeypatch, str(tmp_path / "home"))
    folder = tmp_path / "home" / ".cache" / "autodream"
    _as_another_user(monkeypatch, str(folder))
    problem = rx.cache_problem()
    assert problem == (
        f"the pattern cache is off: {folder} belongs to root (a `sudo autodream` that kept HOME "
        "made it?), and autodream writes no cache into another user's folder, so each run "
        f"compiles its patterns again (~0.6 s); remove it (sudo rm -r {folder}) or set "
        "AUTODREAM_CACHE_DIR to a folder of your own")
    # AUTODREAM_CACHE_DIR names a folder the person chose, not one autodream made
    monkeypatch.setenv("AUTODREAM_CACHE_DIR", str(folder))
    monkeypatch.setattr(rx, "_directory", None)
    problem = rx.cache_problem()
    assert problem is not None and "rm " not in problem
    assert problem.startswith(f"the pattern cache is off: {folder} belongs to root, and ")
    # (it is set already: to another folder, not set again)
    assert problem.endswith("; point AUTODREAM_CACHE_DIR at a folder of your own")


@pytest.mark.skipif(not rx._USABLE or os.geteuid() != 0,
                    reason="no cache on this Python, or the folders cannot be root's")
def test_status_guesses_sudo_kept_home_only_for_a_cache_under_home(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A root-made autodream folder under XDG_CACHE_HOME was put down to 'a `sudo autodream`
    that kept HOME', which has nothing to do with it."""
    (tmp_path / "xdg" / "autodream").mkdir(parents=True)
    _default_cache(monkeypatch, str(tmp_path / "home"), str(tmp_path / "xdg"))
    folder = tmp_path / "xdg" / "autodream"
    _as_another_user(monkeypatch, str(folder))
    problem = rx.cache_problem()
    assert problem is not None
    assert problem.startswith(
        f"the pattern cache is off: {folder} belongs to root (a `sudo autodream` made it?), and ")


@pytest.mark.skipif(not rx._USABLE or os.geteuid() != 0,
                    reason="no cache on this Python, or the folders cannot be root's")
@pytest.mark.parametrize("made", ["~/.cache too", "patterns and the Python's folder too"])
def test_status_offers_no_removal_that_would_not_put_the_cache_right(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, made: str
) -> None:
    """A first ``sudo autodream`` keeping HOME, with no ~/.cache yet, made ~/.cache and
    ~/.cache/autodream root's: 'remove it (sudo rm -r ~/.cache/autodream)' left the cache off
    (the folder above it root's still), and nothing above autodream's own folder is for it to
    offer a command on. With patterns/<python>/ root's too, 'sudo rm -r' was offered for the
    lowest folder alone, and the next status offered the one above it."""
    cache = tmp_path / "home" / ".cache"
    folder = cache / "autodream"
    _default_cache(monkeypatch, str(tmp_path / "home"))
    directory = rx.cache_directory()
    assert directory is not None
    if made == "~/.cache too":
        folder.mkdir(parents=True)
        _as_another_user(monkeypatch, str(cache), str(folder))
    else:
        Path(directory).mkdir(parents=True)
        _as_another_user(monkeypatch, str(folder), str(folder / "patterns"), directory)
        os.chown(cache, os.geteuid(), -1)  # the person's own ~/.cache (the patched id)
    problem = rx.cache_problem()
    # (the guess at the cause said of the folder root made, not of the one above it)
    told = (f"the pattern cache is off: {folder} belongs to root (a `sudo autodream` that kept "
            f"HOME made it?), as does {cache}, where it would be made again, and autodream "
            "writes no cache into another user's folder, so each run compiles its patterns "
            "again (~0.6 s); set AUTODREAM_CACHE_DIR to a folder of your own")
    if made != "~/.cache too":
        told = told.replace(f", as does {cache}, where it would be made again", "").replace(
            "; set", f"; remove it (sudo rm -r {folder}) or set")
    assert problem == told


@pytest.mark.skipif(not rx._USABLE, reason="no cache on this Python")
def test_status_prints_the_cache_folder_on_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """AUTODREAM_CACHE_DIR=$'/tmp/d\\nproblem:      fake', another user's, printed two
    'problem:' lines, the second made up by whoever set the variable."""
    from click.testing import CliRunner

    from autodream.cli import cli

    cache = tmp_path / "d\nproblem:      fake"
    cache.mkdir()
    _pending(monkeypatch, cache)
    _as_another_user(monkeypatch, str(cache))
    sample = tmp_path / "sample_project"
    shutil.copytree(REPO / "sample_project", sample)
    environ = {k: v for k, v in os.environ.items() if not k.startswith("AUTODREAM_")}
    shown = CliRunner().invoke(cli, ["status", "--project", str(sample)],
                               env={**environ, "AUTODREAM_CACHE_DIR": str(cache)})
    problems = [line for line in shown.output.splitlines() if line.startswith("problem:")]
    owner = _name(os.stat(cache).st_uid)
    assert problems == [f"problem:      the pattern cache is off: {tmp_path}/d\\nproblem:      "
                        f"fake belongs to {owner}, and autodream writes no cache into another "
                        "user's folder, so each run compiles its patterns again (~0.6 s); point "
                        "AUTODREAM_CACHE_DIR at a folder of your own"]
