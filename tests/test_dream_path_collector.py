"""What the cycle collector costs a dream in a fresh process (issue #4), and whose collector it is.

A library caller's collector is left as it had it: on or off, nothing frozen, whatever an import
raises. Only a process autodream owns (the CLI's entry point: a dream, the hook's child,
``watch``) imports the dream path's modules at once with the collector paused and then freezes
what is alive (``autodream.load_dream_path``), so the collector never walks the modules'
classes, functions and patterns again; what a dream makes is collected as ever."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest

from tests.factories import REPO_ROOT, project_with_one_session

# what the collector still walks: in an owned process no class of the dream path's modules
# should be among it; then a cycle made after the dream must still be found
REPORT = """
def report(statuses):
    import gc, json
    walked = sorted({o.__module__ for o in gc.get_objects()
                     if isinstance(o, type) and o.__module__.startswith("autodream")})
    frozen, enabled = gc.get_freeze_count(), gc.isenabled()
    gc.enable()
    cycle = []
    cycle.append(cycle)
    del cycle
    print(json.dumps({"status": statuses, "frozen": frozen, "walked": walked,
                      "enabled": enabled, "collected": gc.collect()}))
"""

LIBRARY = REPORT + """
import gc, sys
if sys.argv[2] == "off":
    gc.disable()
import autodream
first = autodream.dream(sys.argv[1], force=True, backend="local", trigger="manual").status
again = autodream.dream(sys.argv[1], force=True, backend="local", trigger="manual").status
report([first, again])
"""

# an import on the dream's path that raises: ImportError (a module missing), or anything else
BROKEN = """
import gc, json, sys
if sys.argv[2] == "off":
    gc.disable()

class Broken:
    def find_spec(self, name, path=None, target=None):
        if name == "autodream.journal":
            raise RuntimeError("broken install")
        return None

if sys.argv[3] == "missing":
    sys.modules["autodream.journal"] = None
else:
    sys.meta_path.insert(0, Broken())
import autodream
try:
    autodream.dream(sys.argv[1], force=True, backend="local", trigger="manual")
    raised = None
except Exception as exc:
    raised = type(exc).__name__
print(json.dumps({"raised": raised, "enabled": gc.isenabled(),
                  "frozen": gc.get_freeze_count()}))
"""

# exactly what the hook's child runs: `python -m autodream.cli ...`, then a look at the collector
CLI = REPORT + """
import runpy, sys
project = sys.argv[1]
sys.argv = ["autodream", "--force", "--backend", "local", "--project", project]
try:
    runpy.run_module("autodream.cli", run_name="__main__", alter_sys=True)
except SystemExit as exc:
    code = exc.code
report([code])
"""


def _run(tmp_path: Path, code: str, *args: str) -> dict[str, object]:
    project_with_one_session(tmp_path, ["Always use pnpm for installs, never npm."],
                             datetime(2026, 7, 1, 9, tzinfo=UTC))
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("AUTODREAM_", "ANTHROPIC_"))}
    env.update(PYTHONPATH=str(REPO_ROOT), AUTODREAM_NOW="2026-07-02T09:00:00Z",
               AUTODREAM_NO_CACHE="1")
    proc = subprocess.run([sys.executable, "-c", code, str(tmp_path), *args], env=env,
                          cwd=tmp_path, capture_output=True, text=True, timeout=120, check=False)
    assert proc.returncode == 0, proc.stderr
    report: dict[str, object] = json.loads(proc.stdout.strip().splitlines()[-1])
    return report


@pytest.mark.parametrize("collector", ["on", "off"])
def test_a_library_dream_leaves_the_callers_collector_as_it_was(
    tmp_path: Path, collector: str
) -> None:
    report = _run(tmp_path, LIBRARY, collector)
    assert report["status"] == ["ok", "ok"]
    # nothing frozen: the caller's objects, cycles among them included, stay collectable
    assert report["frozen"] == 0
    assert report["enabled"] is (collector == "on")
    assert isinstance(report["collected"], int) and report["collected"] >= 1


@pytest.mark.parametrize(("failure", "collector"), [("missing", "on"), ("raises", "off")])
def test_an_import_that_fails_leaves_the_callers_collector_as_it_was(
    tmp_path: Path, collector: str, failure: str
) -> None:
    report = _run(tmp_path, BROKEN, collector, failure)
    # the dream fails as it did before the imports were gathered, and says why
    assert report["raised"] == ("ModuleNotFoundError" if failure == "missing" else "RuntimeError")
    assert report["enabled"] is (collector == "on")
    assert report["frozen"] == 0


def test_the_clis_dream_leaves_its_modules_out_of_the_collectors_walks(tmp_path: Path) -> None:
    report = _run(tmp_path, CLI)
    assert report["status"] == [0]
    assert (tmp_path / "memory" / "MEMORY.md").is_file()
    assert report["walked"] == []
    assert isinstance(report["frozen"], int) and report["frozen"] > 10_000
    assert report["enabled"] is True
    # a cycle made after the freeze is still found
    assert isinstance(report["collected"], int) and report["collected"] >= 1
