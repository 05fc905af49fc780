"""What the local dream's dataclasses cost a fresh process: every method ``dataclass`` generates
(``__init__``, ``__repr__``, ``__eq__``, ``__hash__``, a frozen class's ``__setattr__`` and
``__delattr__``) is compiled from source at import, ~0.2 ms each, and a second dream in a fresh
process is mostly imports (issue #4). Classes the dream never compares or prints generate no
``__eq__``/``__repr__`` (``eq=False, repr=False``); frozen ones it never compares or hashes no
``__eq__``/``__hash__`` (``eq=False``: still frozen, still printable)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from tests.factories import REPO_ROOT

# Generated methods of autodream's dataclasses once the local dream's modules are imported (321
# before the unused ``__eq__``/``__hash__``/``__repr__`` went, 241 before the values only rare
# sentences make moved to ``engine.rare``, 205 before listing a sessions dir stopped loading with a
# dream). A new dataclass on this path adds its own: raise the
# budget by what it needs, and leave out what it never uses.
BUDGET = 204

PROBE = """
import json, sys
import autodream.run, autodream.pipeline, autodream.backends.local, autodream.backends.select
METHODS = ("__init__", "__repr__", "__eq__", "__hash__", "__setattr__", "__delattr__")
made = {}
for name, module in list(sys.modules.items()):
    if not name.startswith("autodream"):
        continue
    for value in list(vars(module).values()):
        if not (isinstance(value, type) and value.__module__ == name
                and "__dataclass_fields__" in vars(value)):
            continue
        # (a generated __repr__ is wrapped against recursion: its code is the wrapped one's)
        generated = [m for m in METHODS if getattr(getattr(
            getattr(vars(value).get(m), "__wrapped__", vars(value).get(m)), "__code__", None),
            "co_filename", "") == "<string>"]
        made[f"{name}.{value.__qualname__}"] = generated
print(json.dumps(made))
"""


@pytest.fixture(scope="module")
def made() -> dict[str, list[str]]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("AUTODREAM_")}
    env.update(PYTHONPATH=str(REPO_ROOT), AUTODREAM_NO_CACHE="1")
    proc = subprocess.run([sys.executable, "-c", PROBE], env=env, capture_output=True, text=True,
                          timeout=120, check=False)
    assert proc.returncode == 0, proc.stderr
    found: dict[str, list[str]] = json.loads(proc.stdout)
    return found


def test_the_dream_path_compiles_no_more_dataclass_methods_than_its_budget(
    made: dict[str, list[str]],
) -> None:
    total = sum(len(methods) for methods in made.values())
    biggest = sorted(made.items(), key=lambda item: -len(item[1]))[:10]
    assert total <= BUDGET, f"{total} generated methods (budget {BUDGET}); most: {biggest}"


def test_what_the_dream_never_compares_or_prints_has_no_eq_or_repr(
    made: dict[str, list[str]],
) -> None:
    for name in ("engine.candidates.Gatherer", "tools.ToolBox", "memory.staging.Staging",
                 "engine.dream.DreamPlan"):
        assert not {"__eq__", "__repr__"} & set(made["autodream." + name]), name
    for name in ("agent.ToolCall", "engine.sentence_kinds._Kind", "sandbox.Resolved"):
        # frozen still, compared by identity; a value's repr helps whoever debugs the engine
        generated = set(made["autodream." + name])
        assert "__setattr__" in generated and "__repr__" in generated, name
        assert not {"__eq__", "__hash__"} & generated, name
    # what the dream does compare or hash keeps its value semantics
    assert {"__eq__", "__hash__"} <= set(made["autodream.engine.model.Source"])
    assert {"__eq__", "__hash__"} <= set(made["autodream.memory.model.IndexNote"])
    assert "__eq__" in made["autodream.engine.entries.Entry"]


def test_values_only_rare_sentences_make_are_not_created_by_importing_the_engine(
    made: dict[str, list[str]],
) -> None:
    # a setting changed, a change of mind on a scale, a request to forget, a day either way
    # round, an upgrade: ~36 methods compiled at every fresh dream that says none of them
    assert not [name for name in made if name.startswith("autodream.engine.rare.")]
    for name in ("engine.setting_changes.SettingChange", "engine.setting_changes.Stated",
                 "engine.revisions.Revision", "engine.model.ForgetRequest",
                 "engine.versions._Upgrade", "engine.candidates._Undated",
                 "engine.candidates._Asked"):
        assert "autodream." + name not in made, name
