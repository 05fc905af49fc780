"""Well-known developer tools (test frameworks, package managers, formatters, linters, ...), by
kind.

A switch that names only the new tool ("we moved to pytest") replaces the one entry naming
another tool of the same kind ("Use unittest for new tests"). Tools of different kinds do not
fill the same slot: "Always run mypy before committing" beside "Always run ruff before
committing" is a second rule, not a change of mind. Kinds are per language, since a project
may use pnpm for its frontend and uv for its backend.

Kept apart from the places (``places``): those names also shape how a move is read
(``candidates``), and a tool name is no place a thing moves to.
"""

from __future__ import annotations

import re

from autodream import rx
from autodream.engine.text import names_pattern, outside_addresses

# Each entry is one tool under all its names; a tool may be of two kinds (ruff lints and
# formats).
_TOOLS: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = (
    (("pytest",), ("python-tests",)),
    (("unittest",), ("python-tests",)),
    (("nose", "nose2"), ("python-tests",)),
    (("jest",), ("js-tests",)),
    (("vitest",), ("js-tests",)),
    (("mocha",), ("js-tests",)),
    (("jasmine",), ("js-tests",)),
    (("rspec",), ("ruby-tests",)),
    (("minitest",), ("ruby-tests",)),
    (("junit",), ("java-tests",)),
    (("testng",), ("java-tests",)),
    (("npm",), ("js-packages",)),
    (("pnpm",), ("js-packages",)),
    (("yarn",), ("js-packages",)),
    (("bun",), ("js-packages", "js-runtime")),
    (("pip",), ("python-packages",)),
    (("pip-tools",), ("python-packages",)),
    (("poetry",), ("python-packages",)),
    (("uv",), ("python-packages",)),
    (("pipenv",), ("python-packages",)),
    (("conda",), ("python-packages",)),
    (("pdm",), ("python-packages",)),
    (("black",), ("python-format",)),
    (("ruff format",), ("python-format",)),
    (("yapf",), ("python-format",)),
    (("autopep8",), ("python-format",)),
    (("prettier",), ("js-format",)),
    (("ruff", "ruff check"), ("python-lint", "python-format")),
    (("flake8",), ("python-lint",)),
    (("pylint",), ("python-lint",)),
    (("eslint",), ("js-lint",)),
    (("mypy",), ("python-types",)),
    (("pyright",), ("python-types",)),
    (("webpack",), ("js-bundler",)),
    (("vite",), ("js-bundler",)),
    (("rollup",), ("js-bundler",)),
    (("esbuild",), ("js-bundler",)),
    (("parcel",), ("js-bundler",)),
    (("postgres", "postgresql", "pg"), ("database",)),
    (("mysql",), ("database",)),
    (("mariadb",), ("database",)),
    (("sqlite", "sqlite3"), ("database",)),
    (("mongodb", "mongo"), ("database",)),
    (("redis",), ("cache",)),
    (("memcached", "memcache"), ("cache",)),
    (("valkey",), ("cache",)),
)
# a name -> (the tool's first name, its kinds)
_TOOL_OF: dict[str, tuple[str, frozenset[str]]] = {
    name: (names[0], frozenset(kinds)) for names, kinds in _TOOLS for name in names}
# Names that are words too ("black text", "poetry readings", "a parcel of work"): the tool only
# where no word of the sentence's own follows, as in "Format code with black." or "use yarn for
# installs"
_ALSO_WORDS = frozenset({"black", "yarn", "bun", "parcel", "rollup", "nose", "poetry", "jest",
                         "mocha", "jasmine", "mongo", "pg", "uv"})
_FOLLOWS_A_TOOL = (r"(?=\s*(?:[^\w\s]|$)|\s+(?:for|to|on|in|with|and|or|as|at|by|from|instead|"
                   r"over|not|now|these\s+days|nowadays|only|is|was|are|were|run|runs|install|"
                   r"add|here|there|everywhere|too|"
                   r"again|anymore|already|across|before|after|when|if|but|so)\b)")


# "ruff" of "ruff-lsp", "pip" of "pip-tools", "vite" of "vite.config.ts" is not the tool
_TOOL = rx.compile(
    rf"(?<![\w.-])(?:(?:{names_pattern(n for n in _TOOL_OF if n not in _ALSO_WORDS)})"
    rf"|(?:{names_pattern(_ALSO_WORDS)}){_FOLLOWS_A_TOOL})(?![\w-]|\.\w)", re.I)


# Every known tool's name, for a pattern that needs the new tool named ("moved the frontend
# tests to vitest")
TOOL_PATTERN = names_pattern(_TOOL_OF)


def _key(name: str) -> str:
    return " ".join(name.lower().split())


def tool_kinds(name: str) -> frozenset[str]:
    """The kinds of the known tool ``name`` names ("pytest" -> python-tests), or none."""
    found = _TOOL_OF.get(_key(name))
    return found[1] if found else frozenset()


# Commands a note or a reason may begin with, typed in lower case ("git pull --rebase ...",
# "docker compose up ..."), beside the known tools ("npm ci, not npm install"): given a capital
# they read as no command ("Npm ci", "Git rebase onto main")
COMMANDS = frozenset({"git", "make", "docker", "kubectl", "cargo", "go", "pip", "pipx", "npx",
                      "gh", "helm", "terraform", "ssh", "curl", "just", "brew", "apt", "sudo"})
# ... of them, the ones that are plain words as often ("make sure ...", "go through ...", "just
# ask ..."): at a sentence's start, a word
_COMMANDS_ALSO_WORDS = frozenset({"make", "go", "just"})


def typed_as_a_command(word: str) -> bool:
    """``word``, first of a sentence, is a known tool or a command the shell needs as typed
    ("git", "docker", "npm"), not a plain word ("make sure", "go through")."""
    return bool(tool_kinds(word)) or (word in COMMANDS and word not in _COMMANDS_ALSO_WORDS)


def same_tool(a: str, b: str) -> bool:
    """``a`` and ``b`` name the same known tool ("Postgres", "PostgreSQL")."""
    one, other = _TOOL_OF.get(_key(a)), _TOOL_OF.get(_key(b))
    return one is not None and other is not None and one[0] == other[0]


def tools_in(text: str) -> list[str]:
    """The known tools ``text`` names, as written there, in order; none inside an address."""
    return [m[0] for m in outside_addresses(text, _TOOL.finditer(text))]


# The names of known services people write with capitals, in the project's own docs and in
# memory alike ("We cache sessions in Redis"); the other tools are spelled in lower case
_PROPER: dict[str, str] = {
    "postgres": "Postgres", "postgresql": "PostgreSQL", "mysql": "MySQL", "mariadb": "MariaDB",
    "sqlite": "SQLite", "mongodb": "MongoDB", "redis": "Redis", "memcached": "Memcached",
    "valkey": "Valkey"}
_LOWER_PROPER = rx.compile(rf"(?<![\w.:/@-])(?-i:{names_pattern(_PROPER)})(?![\w-]|[.:/]\w)")


# A command in a sentence: there a lower-case name is an argument the shell needs as written
# ("sudo -u postgres psql", "pip install redis", "import redis"), to the end of its clause.
# A word that is also a tool's name in prose ("we run redis in docker locally") opens one
# only with a subcommand or a flag after it ("docker exec -it postgres psql", "npm i redis").
# A flag's command starts at the word before it, the program ("mysql -u root -p", "postgres
# --version": there 'MySQL -u root -p' was no command the shell runs)
_COMMAND_AT = rx.compile(
    r"(?:^|(?<=\s))(?:[a-z][\w.-]*\s+)?--?[A-Za-z]|\b(?:sudo|pip3?|pipx|import|install|psql|"
    r"exec|apt(?:-get)?|systemctl|createdb|dropdb|pg_dump|redis-cli|mysqldump)\b|\b(?:docker|"
    r"podman|compose|kubectl|helm|brew|npm|yarn|uv|poetry)\s+(?:--?[A-Za-z]|(?:run|exec|build|"
    r"compose|install|uninstall|reinstall|i|ci|add|remove|rm|rmi|up|down|pull|push|apply|get|"
    r"describe|logs|ps|start|stop|restart|kill|create|delete|init|update|upgrade|sync|tap|"
    r"volume|network|cp|rollout|port-forward|config|services|inspect|attach|image|images|"
    r"container|login|tag|info|link|unlink|scale|edit|patch|top|stats|prune|list|ls|show|"
    r"test|publish|audit|lock|export|cleanup|rollback|status|set|template|venv|tool)\b)", re.I)
# where a command's clause ends
_CLAUSE_END = rx.compile(r"[,;]\s|[.!?](?=\s|$)")
# A name given to a user, host, service, container or database is its own word, not the
# product's ("the host is postgres", "the postgres user", "container postgres", "the compose
# service redis"); what a database, a service or a cache is, or is moved to, is the product
# ("The main database is Postgres 16.", "moved the analytics database to Postgres", "the
# Postgres database"); a package's name is as the registry spells it ("the npm package redis")
_NAMED = r"(?:user|users|host|hostname|container|containers|role|owner|account|image|named|" \
    r"called|name|package|packages|gem|crate|library|dependency)"
_NAME_BEFORE = rx.compile(
    rf"\b(?:{_NAMED}(?:\s+(?:is|was|=|as|to|of))?|service|services|database|db)\s*[:=]?\s*$",
    re.I)
# A package is named as its registry spells it: "the redis npm package" is the client library
# 'redis', which 'the Redis npm package' names no more than 'npm i Redis' installs it
_NAME_AFTER = rx.compile(
    r"^\s+(?:user|users|role|owner|account|host|hostname|(?:(?:npm|pip|pypi|python|node|"
    r"ruby|go|rust|cargo|composer)\s+)?(?:package|packages|gem|crate|library|module|"
    r"dependency))\b", re.I)


def proper_tool_names(text: str) -> str:
    """``text`` with the known services it writes in lower case given their proper names
    ("we cache sessions in redis on 6380" -> "... in Redis ..."), none inside an address or
    code ("redis://cache:6379", "`redis-cli`"), none in a command ("sudo -u postgres psql",
    "pip install redis"; "we run redis in docker locally" holds none) and none naming a user,
    host, service or container ("the host is postgres", "the postgres user")."""
    if not _LOWER_PROPER.search(text):
        return text
    commands = [(c.start(), end.start() if (end := _CLAUSE_END.search(text, c.end())) else (
        len(text))) for c in _COMMAND_AT.finditer(text)]
    out, at = [], 0
    for m in outside_addresses(text, _LOWER_PROPER.finditer(text)):
        if _NAME_BEFORE.search(text[:m.start()]) or _NAME_AFTER.match(text[m.end():]) or any(
                start <= m.start() < end for start, end in commands):
            continue
        out.append(text[at:m.start()] + _PROPER[m[0]])
        at = m.end()
    return "".join(out) + text[at:]


# "It's yarn, not npm": what "it" is, one known tool told in place of another
_IT_IS_NOT = rx.compile(
    rf"^it(?:'s|\s+is)\s+(?:all\s+)?(?P<new>{TOOL_PATTERN})(?![\w-])\s*,?\s+not\s+"
    rf"(?P<old>{TOOL_PATTERN})(?![\w-])\s*[.!]?$", re.I)


def it_is_not(text: str) -> tuple[str, str] | None:
    """The tool ``text`` says "it" is and the one it says "it" is not, when that is all it says
    and both are of one kind ("It's yarn, not npm"). The sentence names no subject of its own:
    only a memory saying the other tool is used gives it one."""
    m = _IT_IS_NOT.match(text)
    if m is None or not tool_kinds(m["new"]) & tool_kinds(m["old"]):
        return None
    return m["new"], m["old"]


# "Don't use pnpm anymore, use npm.", "Stop using pnpm, use npm from now on.", "We no longer use
# pnpm; use npm.": one known tool ended and another of its kind used, when that is all it says.
# Anything after the new tool ("... for the unit tests", "... until the bug is fixed") says where
# or how long, which is no whole switch, and is not read here.
_ENDED_THEN_USED = rx.compile(
    rf"^(?:(?:(?:we|you|i)\s+)?(?:don['’]t|do\s+not)\s+use\s+(?P<old>{TOOL_PATTERN})\s+any\s?more"
    rf"|stop\s+using\s+(?P<old2>{TOOL_PATTERN})"
    rf"|(?:we|i)\s+no\s+longer\s+use\s+(?P<old3>{TOOL_PATTERN})(?![\w-]))"
    rf"\s*[,;]\s*use\s+(?P<new>{TOOL_PATTERN})(?![\w-])"
    rf"(?:\s+(?:instead|from\s+now\s+on))?\s*[.!]?$", re.I)


def ended_then_used(text: str) -> tuple[str, str] | None:
    """The tool ``text`` says to use and the one it says is no longer used, as written there,
    when that is all it says and both are of one kind ("Don't use pnpm anymore, use npm"):
    the change of mind "Use npm, not pnpm" tells, said another way."""
    m = _ENDED_THEN_USED.match(text.strip())
    if m is None:
        return None
    old = m["old"] or m["old2"] or m["old3"]
    if not tool_kinds(m["new"]) & tool_kinds(old) or same_tool(m["new"], old):
        return None
    return m["new"], old


# "Use npm, not pnpm, for the legacy app", "Prefer sqlite over postgres in the unit tests": one
# known tool chosen over another, and words after the two that say where or when ("..., from
# now on", "..., going forward" alone say since when, of everything: the choice is made for all).
# A comma's blanks are "(?:\s*,)?\s+", not "\s*,?\s+", whose two runs split a long run of
# blanks every way before failing (24 s on 20,000 spaces)
_CHOICE_THEN_MORE = rx.compile(
    rf"^(?:always\s+)?(?:use|prefer)\s+(?:{TOOL_PATTERN})(?![\w-])(?:\s*,)?\s+(?:not|over|"
    rf"rather\s+than|instead\s+of)\s+(?:{TOOL_PATTERN})(?![\w-])(?:\s*,)?\s+(?!(?:from\s+now\s+on|going\s+forward|"
    rf"from\s+here\s+on(?:\s+out)?|from\s+today(?:\s+on)?|again|for\s+good|please)\s*(?:[.!]\s*)?$)\w",
    re.I)


def choice_said_of_more(text: str) -> bool:
    """``text`` chooses one known tool over another and goes on after them ("Use npm, not pnpm,
    for the legacy app"): the choice is made for what it goes on to name, not for all."""
    return _CHOICE_THEN_MORE.match(text.strip()) is not None


def use_tool(text: str) -> str | None:
    """The known tool ``text`` asks to use when that is all it says ("Use pnpm", "Please use
    pnpm."), as written there."""
    said = text.strip().rstrip(".!").rstrip()
    opens = said[:11].lower()
    start = 4 if opens.startswith("use ") else 11 if opens.startswith("please use ") else 0
    name = said[start:].strip() if start else ""
    return name if name and tools_in(name) == [name] else None


def kept_using(text: str) -> str | None:
    """The known tool in "Keep using npm." when that is all it says, as written there: the
    tool stays, which takes back a rule that set it aside ("Use pnpm, not npm")."""
    said = text.strip().rstrip(".!").rstrip()
    opens = said[:15].lower()
    start = next((len(w) for w in ("keep using ", "continue using ", "stick with ")
                  if opens.startswith(w)), 0)
    name = said[start:].strip() if start else ""
    return name if name and tools_in(name) == [name] else None


def use_instead(text: str) -> str | None:
    """The known tool in "Use yarn instead." when that is all it says: one put in place of
    another of its kind, which only a memory naming that one says."""
    said = text.strip().rstrip(".!").rstrip()
    return use_tool(said[:-8]) if said[-8:].lower() == " instead" else None


def other_kinds(a: str, b: str) -> bool:
    """``a`` and ``b`` are known tools with no kind in common (a linter and a type checker):
    both can be in use at once."""
    one, other = tool_kinds(a), tool_kinds(b)
    return bool(one) and bool(other) and not one & other


# A tool of two kinds does one of them where the sentence says so ("The API runs on Bun": the
# runtime; "Format code with ruff": the formatter), else what its name alone is most often for
# (Bun installs, ruff lints): (the kind its name alone is for, (a kind, what says it) ...)
_READ_AS: dict[str, tuple[str, tuple[tuple[str, re.Pattern[str]], ...]]] = {
    "bun": ("js-packages", (
        ("js-runtime", rx.compile(r"\b(?:(?:runs|running|ran)\s+(?:on\s+)?|run\s+on\s+)"
                                  r"(?:the\s+)?bun\b|\bruntimes?\b", re.I)),
        ("js-packages", rx.compile(r"\b(?:install|package|dependenc|lockfile)", re.I)))),
    "ruff": ("python-lint", (
        ("python-format", rx.compile(r"\bformat(?:s|ted|ting|ter|ters)?\b", re.I)),
        ("python-lint", rx.compile(r"\blint(?:s|ed|ing|er|ers)?\b", re.I)))),
}


def kinds_used_as(text: str, name: str) -> frozenset[str]:
    """The kinds of the known tool ``name`` that ``text`` uses it as: "Bun" in "The API runs on
    Bun" is the runtime, not the package manager; a tool of one kind is that kind."""
    found = _TOOL_OF.get(_key(name))
    if found is None:
        return frozenset()
    reading = _READ_AS.get(found[0])
    if reading is None:
        return found[1]
    primary, cues = reading
    said = frozenset(kind for kind, cue in cues if cue.search(text))
    return said or frozenset({primary})


# Choices of two with no third that a project makes once (indent with tabs or with spaces):
# a rule against one, then a rule against the other, cannot both hold, so the second is a change
# of mind. Tools are no such choice: "Never use npm" and "Never use yarn" both hold with pnpm.
_EITHER_OR: tuple[frozenset[str], ...] = (frozenset({"tabs", "spaces"}),)


def either_or(a: str, b: str) -> bool:
    """``a`` and ``b`` are the two sides of a choice with no third ("tabs", "spaces")."""
    return any({_key(a), _key(b)} == pair for pair in _EITHER_OR)


# A rule that forbids: what "either" or "too" adds to it goes without saying ("Don't use yarn
# either" is "Don't use yarn")
_DIGIT = rx.compile(r"\d")
_FORBIDDING = rx.compile(r"^(?:(?:we|you)\s+)?(?:never|don['’]t|do\s+not|no|avoid|stop)\b", re.I)


def names_a_choice(rule: str) -> bool:
    """``rule`` asks for a version or a tool ("Always test migrations against pg15"): said as
    added to another rule ("... too", "Also, ..."), it is one more to use, and without the word
    it reads as the one to use."""
    return not _FORBIDDING.match(rule) and bool(_DIGIT.search(rule) or tools_in(rule))
