"""What the project's own files already say, and whether a memory only restates it.

The backend reads a handful of files (package.json, pyproject.toml, requirements.txt, Makefile,
README, CLAUDE.md, the top-level listing) and hands their text here; nothing here touches the
filesystem. A memory that restates these is noise: the agent can read the files itself.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from autodream import rx
from autodream.engine.model import ProjectFacts
from autodream.engine.replacement import coverage, replaces, same_values
from autodream.engine.text import similar

# Files worth reading for facts, relative to the project root.
FACT_FILES: tuple[str, ...] = (
    "package.json", "pyproject.toml", "requirements.txt", "Makefile", "justfile",
    "README.md", "README.rst", "README", "CLAUDE.md", "Cargo.toml", "go.mod",
)
_REQ_NAME = rx.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)")
_MAKE_TARGET = rx.compile(r"^([A-Za-z0-9][\w.-]*)\s*:(?!=)", re.M)
_USES = rx.compile(
    r"\b(?:uses?|using|built (?:with|on)|depends on|written in|runs on|based on|framework is|"
    r"library is)\s+`?([A-Za-z0-9][\w.+-]*)`?", re.I,
)
_RUN = rx.compile(r"`?\b(?:make|npm run|pnpm|yarn|just|poetry run|uv run|tox -e)\s+([\w:.-]+)`?",
                  re.I)
_OPINION = rx.compile(
    r"\b(?:always|never|prefer|don't|do not|not|instead|switch|moved|migrat|deprecated|avoid|"
    r"must|should|because|why|why:)\b", re.I,
)


# Words that turn a statement around: "Do not use the legacy client" says the opposite of the
# README's "Use the legacy client", though every content word matches.
_NEGATION = rx.compile(
    r"\b(?:not|no|never|no longer|cannot|avoid|stop|instead)\b|n't\b", re.I,
)


def _dep_name(spec: str) -> str | None:
    m = _REQ_NAME.match(spec)
    return m.group(1).lower().replace("_", "-") if m else None


def _pyproject(text: str, facts: ProjectFacts) -> None:
    # Imported here: tomllib costs ~3 ms at start-up and only a pyproject.toml needs it.
    import tomllib
    try:
        data: dict[str, Any] = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        return
    project = data.get("project") if isinstance(data.get("project"), dict) else {}
    assert isinstance(project, dict)
    specs: list[Any] = list(project.get("dependencies") or [])
    for extra in (project.get("optional-dependencies") or {}).values():
        specs.extend(extra if isinstance(extra, list) else [])
    poetry = ((data.get("tool") or {}).get("poetry") or {})
    if isinstance(poetry, dict):
        specs.extend((poetry.get("dependencies") or {}).keys())
    for spec in specs:
        if isinstance(spec, str) and (name := _dep_name(spec)):
            facts.dependencies.add(name)
    for script in (project.get("scripts") or {}):
        facts.commands.add(str(script).lower())


def _package_json(text: str, facts: ProjectFacts) -> None:
    try:
        data = json.loads(text)
    except ValueError:
        return
    if not isinstance(data, dict):
        return
    for key in ("dependencies", "devDependencies", "peerDependencies"):
        deps = data.get(key)
        if isinstance(deps, dict):
            facts.dependencies.update(str(k).lower() for k in deps)
    scripts = data.get("scripts")
    if isinstance(scripts, dict):
        facts.commands.update(str(k).lower() for k in scripts)
    manager = data.get("packageManager")
    if isinstance(manager, str) and (name := _dep_name(manager.split("@")[0])):
        facts.dependencies.add(name)


def build_facts(files: Mapping[str, str], listing: list[str] | None = None) -> ProjectFacts:
    """Facts from ``files`` (project-relative name -> text) and a top-level listing."""
    facts = ProjectFacts()
    for name in sorted(files):
        text = files[name]
        base = name.rsplit("/", 1)[-1]
        if base == "pyproject.toml":
            _pyproject(text, facts)
        elif base == "package.json":
            _package_json(text, facts)
        elif base.startswith("requirements") and base.endswith(".txt"):
            for line in text.splitlines():
                if line.strip() and not line.lstrip().startswith(("#", "-")):
                    dep = _dep_name(line)
                    if dep:
                        facts.dependencies.add(dep)
        elif base in ("Makefile", "justfile"):
            facts.commands.update(t.lower() for t in _MAKE_TARGET.findall(text)
                                  if t != ".PHONY")
        elif base.lower().startswith(("readme", "claude")):
            for line in text.splitlines():
                line = line.strip().lstrip("#-*> ").strip()
                if len(line.split()) >= 3:
                    facts.doc_lines.append(line)
        facts.files.add(name)
    for entry in listing or []:
        facts.files.add(entry.rstrip("/"))
    return facts


# A relative path with at least one slash, not inside a URL ("tests/unit", "./src/app").
_PATH = rx.compile(r"(?<![\w/.:@-])(?:\./)?([A-Za-z0-9_][\w.-]*(?:/[\w.-]*[\w-])+)/?")


def shown_path(text: str, facts: ProjectFacts) -> str | None:
    """A path in ``text`` under a top-level file or folder the project has ("tests/unit" when
    there is a ``tests/``): where things are, which the agent can list for itself."""
    for m in _PATH.finditer(text):
        if m[1].split("/", 1)[0] in facts.files:
            return m[1]
    return None


# A name said of where the code lives ("Next.js", "Rails", "iOS", "next.js"): a word that
# begins with a capital, or has a capital or a dot past its start; a word all in lower case
# ("monolithic", "big") is no name
_LAYOUT_NAME = rx.compile(r"^(?:[A-Z][\w+#-]*|[\w+#-]*[A-Z.][\w.+#-]*)$")
# A file or folder's name as the top-level listing shows a plain one ("README.md", "src"), fit
# to name in a reason: not a symlink's, marked '@' ("next.config.js@"), one shown escaped or
# redacted ("[REDACTED:github-token].txt"), nor the listing's own note ("[output truncated at
# 4096 bytes; narrow the request]")
_PLAIN_NAME = rx.compile(r"^[\w.+-]+$")
# "next.js" / "nextjs" is the "next" package, "vue.js" "vue"
_JS_SUFFIX = rx.compile(r"\.?js$")


def layout_shown(named: str, facts: ProjectFacts) -> str | None:
    """What in the project's files shows where its code lives as a person said it ("Everything
    runs inside one Next.js codebase": ``named`` is "Next.js"), to name in the reason it is not
    saved; None when nothing can be named (the files show it still).

    A name said is shown by a declared dependency ('next' in package.json) or its config file
    at the top ("next.config.js"); with no name, by the project's first files."""
    names = [w.strip(".") for w in named.split() if _LAYOUT_NAME.match(w.strip("."))]
    plain = sorted(f for f in facts.files if _PLAIN_NAME.match(f))
    if not names:
        return f"its files: {', '.join(plain[:3])}" if plain else None
    for name in names:
        lower = name.lower()
        for form in dict.fromkeys((lower, _JS_SUFFIX.sub("", lower))):
            if not form:
                continue
            if form in facts.dependencies:
                return f"'{form}' is a declared dependency"
            config = next((f for f in plain if f.lower().startswith(f"{form}.config.")), None)
            if config is not None:
                return f"{config} is in the project"
    return None


def _says_the_same(text: str, line: str) -> bool:
    """True when ``text`` says what the project's ``line`` says, not a correction of it: alike
    in wording, and with no content word, value or name the line lacks ("The default branch is
    trunk" against "The default branch is main", "port 9090" against "port 8080") and no
    negation the line lacks. A corrected README is exactly what the agent needs remembered."""
    return (
        similar(text, line, 0.8)
        and coverage(text, line) >= 0.85
        and same_values(text, line)
        and not replaces(line, text)
        and bool(_NEGATION.search(text)) == bool(_NEGATION.search(line))
    )


def restated_by(text: str, facts: ProjectFacts) -> str | None:
    """Where the project already says ``text``, or None when the memory adds something."""
    if facts.is_empty():
        return None
    for line in facts.doc_lines:
        if _says_the_same(text, line):
            return f"documented: {line[:60]}"
    if _OPINION.search(text):
        return None  # a preference or a change is not derivable from the files
    for m in _USES.finditer(text):
        name = m.group(1).lower().rstrip(".")
        if name in facts.dependencies:
            return f"'{name}' is a declared dependency"
    for m in _RUN.finditer(text):
        target = m.group(1).lower()
        if target in facts.commands:
            return f"'{target}' is a declared command"
    return None
