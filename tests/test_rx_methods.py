"""The methods ``@dataclass`` writes, kept between processes (autodream/rx.py, ``methods_kept``):
a second dream's process compiles none of them again, each kept method is the code ``exec``
makes of its text, other programs' classes are made as ever, and a bad file is never run."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from autodream import rx

REPO = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.skipif(not rx._USABLE, reason="no cache on this Python")

# What a dream's process does first (``load_dream_path``, as ``cli.main`` calls it), then what
# it did with each module's methods, and every generated method's code as ``dis`` would compare
# it: bytes, constants, names, flags, annotations.
PROBE = """
import json, dataclasses, autodream
autodream.own_process()
autodream.load_dream_path()
from autodream import rx
import autodream.engine.model as model
methods = {}
for name, module in sorted(__import__("sys").modules.items()):
    if not name.startswith("autodream"):
        continue
    for cls_name, cls in sorted(vars(module).items()):
        if not (isinstance(cls, type) and dataclasses.is_dataclass(cls)
                and cls.__module__ == name):
            continue
        for method in ("__init__", "__repr__", "__eq__", "__hash__", "__setattr__"):
            fn = cls.__dict__.get(method)
            code = getattr(fn, "__code__", None)
            if code is None or code.co_filename != "<string>":
                continue
            methods[f"{name}.{cls_name}.{method}"] = [
                code.co_code.hex(), repr(code.co_consts), list(code.co_names),
                list(code.co_varnames), code.co_flags, code.co_firstlineno,
                repr(fn.__annotations__), repr(fn.__defaults__), repr(fn.__kwdefaults__)]
print(json.dumps({
    "cache": {name: [len(c.kept), len(c.used), c.dirty] for name, c in rx._methods.items()},
    "methods": methods,
    "exec": hasattr(dataclasses, "exec"),
    "candidate": repr(model.Candidate.__init__.__annotations__),
}))
"""


def _run(code: str, cache: Path | None, **env: str) -> dict[str, object]:
    environ = {k: v for k, v in os.environ.items() if not k.startswith("AUTODREAM_")}
    environ["PYTHONPATH"] = str(REPO)
    if cache is None:
        environ["AUTODREAM_NO_CACHE"] = "1"
    else:
        environ["AUTODREAM_CACHE_DIR"] = str(cache)
    environ.update(env)
    result = subprocess.run([sys.executable, "-c", code], env=environ, capture_output=True,
                            text=True, check=True)
    found: dict[str, object] = json.loads(result.stdout)
    return found


def _methods_files(cache: Path) -> list[Path]:
    return sorted(p for p in (cache / "methods").rglob("*") if p.is_file())


@pytest.fixture(scope="module")
def probed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, object]]:
    """A cache one PROBE process wrote from cold (seconds on a loaded machine), and what that
    process showed: made once, read by the tests that take it as found, copied by the rest."""
    cache = tmp_path_factory.mktemp("rx-methods") / "cache"
    return cache, _run(PROBE, cache)


def _copy(made: Path, tmp_path: Path) -> Path:
    """A copy of ``made`` of the test's own to run on or damage (modes kept: 0600 files)."""
    cache = tmp_path / "cache"
    shutil.copytree(made, cache, symlinks=True)
    return cache


def test_a_second_dream_process_compiles_no_method_again(
    probed: tuple[Path, dict[str, object]], tmp_path: Path,
) -> None:
    cache = _copy(probed[0], tmp_path)
    first = probed[1]
    second = _run(PROBE, cache)
    cold, warm = first["cache"], second["cache"]
    assert isinstance(cold, dict) and isinstance(warm, dict)
    # the modules whose classes a dream imports: all compiled the first time, none the second
    assert len(cold) > 20 and "autodream.engine.model" in cold and "autodream.journal" in cold
    assert all(kept == 0 and used > 0 and dirty for kept, used, dirty in cold.values())
    assert warm == {name: [used, used, False] for name, (_, used, _) in cold.items()}
    assert len(_methods_files(cache)) == len(cold)
    # and the window is closed: dataclasses' exec is the builtin again
    assert first["exec"] is False and second["exec"] is False


def test_kept_methods_are_the_ones_exec_makes(
    probed: tuple[Path, dict[str, object]], tmp_path: Path,
) -> None:
    """Compiled with rx.py's ``from __future__ import annotations``, ``__init__``'s return
    annotation would be the text '_return_type', where ``dataclasses``' own exec gives None."""
    plain = _run(PROBE, None)
    kept = _run(PROBE, _copy(probed[0], tmp_path))
    assert kept["methods"] == plain["methods"] and len(plain["methods"]) > 100  # type: ignore[arg-type]
    assert kept["candidate"] == plain["candidate"]
    assert str(plain["candidate"]).endswith("'return': None}")


def test_other_classes_and_other_times_are_made_as_ever(tmp_path: Path) -> None:
    """A library caller's own classes, made while a dream has the window open (another thread),
    and an autodream class made after its module's import, never reach the cache."""
    code = """
import dataclasses, json, typing
from autodream import rx
with rx.methods_kept():
    @dataclasses.dataclass(frozen=True)
    class Theirs:
        name: str
        n: int = 1
    ns = {"__name__": "autodream.probe", "dataclasses": dataclasses}
    exec("@dataclasses.dataclass\\nclass Made:\\n    x: int\\n", ns)
    Made = ns["Made"]
t = Theirs("a")
print(json.dumps([repr(t), t == Theirs("a"), hash(t) == hash(Theirs("a")),
                  repr(typing.get_type_hints(Theirs.__init__)), repr(Made(3)),
                  sorted(rx._methods), hasattr(dataclasses, "exec")]))
"""
    shown = _run(code, tmp_path / "cache")
    assert shown == ["Theirs(name='a', n=1)", True, True,
                     "{'name': <class 'str'>, 'n': <class 'int'>, 'return': <class 'NoneType'>}",
                     "Made(x=3)", [], False]
    assert not (tmp_path / "cache" / "methods").exists()


@pytest.mark.parametrize("damage", ["truncated", "bit flipped", "another format", "not ours"])
def test_a_damaged_or_untrusted_file_is_compiled_again_and_mended(
    probed: tuple[Path, dict[str, object]], tmp_path: Path, damage: str
) -> None:
    cache = _copy(probed[0], tmp_path)
    (path,) = [p for p in _methods_files(cache) if p.name == "autodream.engine.model"]
    good = path.read_bytes()
    if damage == "not ours":
        path.chmod(0o666)  # others may write it: it could hold any code
    else:
        path.write_bytes({
            "truncated": good[: len(good) // 2],
            "bit flipped": good[:-10] + bytes([good[-10] ^ 1]) + good[-9:],
            "another format": good.replace(b"autodream-methods 1", b"autodream-methods 9", 1),
        }[damage])
    shown = _run(PROBE, cache)["cache"]
    assert isinstance(shown, dict)
    kept, used, dirty = shown["autodream.engine.model"]
    assert kept == 0 and used > 0 and dirty  # compiled again, and written again
    assert path.read_bytes() == good and path.stat().st_mode & 0o777 == 0o600


def test_the_methods_cache_is_off_with_the_pattern_cache(tmp_path: Path) -> None:
    shown = _run(PROBE, None, AUTODREAM_CACHE_DIR=str(tmp_path / "cache"))
    assert shown["cache"] == {} and not (tmp_path / "cache").exists()


def test_each_python_build_has_its_own_methods(probed: tuple[Path, dict[str, object]]) -> None:
    (tag,) = [p.name for p in (probed[0] / "methods").iterdir()]
    assert tag == f"{sys.implementation.cache_tag}-{sys.hexversion:x}"


def test_the_cli_module_imports_its_own_classes_through_the_cache(tmp_path: Path) -> None:
    """``python -m autodream.cli`` (the hook's child) imports the journal and the settings before
    ``main`` opens the dream path: their classes' methods were compiled in every process."""
    code = ("import json, autodream.cli\nfrom autodream import rx\n"
            "print(json.dumps({n: [len(c.kept), c.dirty] for n, c in rx._methods.items()}))")
    cache = tmp_path / "cache"
    cold = _run(code, cache)
    warm = _run(code, cache)
    assert {"autodream.journal", "autodream.settings", "autodream.memory.model"} <= set(cold)
    assert all(kept == 0 and dirty for kept, dirty in cold.values())  # type: ignore[misc]
    assert all(kept > 0 and not dirty for kept, dirty in warm.values())  # type: ignore[misc]
    assert set(warm) == set(cold)


def test_an_exec_someone_else_put_in_dataclasses_is_left_to_them(tmp_path: Path) -> None:
    code = """
import builtins, dataclasses, json
from autodream import rx
seen = []
def theirs(source, globals_=None, locals_=None):
    seen.append(1)
    builtins.exec(source, globals_, locals_)
dataclasses.exec = theirs
with rx.methods_kept():
    import autodream.engine.model
print(json.dumps([dataclasses.exec is theirs, len(seen) > 0, sorted(rx._methods)]))
"""
    assert _run(code, tmp_path / "cache") == [True, True, []]


def _code_marshal_refuses(body: bytes) -> bytes:
    """``body`` with one byte changed so that ``marshal.loads`` raises SystemError (a code
    object damaged past what its reader checks), found by a seeded search."""
    import marshal
    import random
    draw = random.Random(2)
    for _ in range(100_000):
        changed = bytearray(body)
        changed[draw.randrange(len(changed))] = draw.randrange(256)
        try:
            marshal.loads(bytes(changed))
        except SystemError:
            return bytes(changed)
        except Exception:
            continue
    pytest.skip("no damaged code object found that this Python refuses with SystemError")


def test_a_file_whose_code_cannot_be_loaded_does_not_stop_the_cli(
    probed: tuple[Path, dict[str, object]], tmp_path: Path,
) -> None:
    # (a checksum that holds over a damaged code object: every command failed with
    # 'SystemError: ... bad argument to internal function' for good, review rev97)
    import zlib
    cache = _copy(probed[0], tmp_path)
    (path,) = [p for p in _methods_files(cache) if p.name == "autodream.journal"]
    good = path.read_bytes()
    head = len(rx._METHODS_HEADER)
    damaged = _code_marshal_refuses(good[head + 4:])
    path.write_bytes(rx._METHODS_HEADER + zlib.crc32(damaged).to_bytes(4, "big") + damaged)
    environ = {k: v for k, v in os.environ.items() if not k.startswith("AUTODREAM_")}
    environ.update(PYTHONPATH=str(REPO), AUTODREAM_CACHE_DIR=str(cache))
    shown = subprocess.run([sys.executable, "-m", "autodream.cli", "--help"], env=environ,
                           capture_output=True, text=True)
    assert shown.returncode == 0, shown.stderr
    assert "Usage" in shown.stdout
    _run(PROBE, cache)
    assert path.read_bytes() == good  # compiled again, and written again
