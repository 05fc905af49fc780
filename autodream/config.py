"""Resolve autodream's settings to plain values: Claude Code's layout, config files, env.

This module sits on the hook's hot path, before the time gate, so it imports only ``os``
and ``sys`` at module level (``tomllib`` only when a config file exists, ``datetime`` only
when ``AUTODREAM_NOW`` is an ISO date). ``autodream.settings`` turns its result into the
``Settings`` value everything else uses.

Precedence, highest first: CLI flags (``overrides``), ``AUTODREAM_*`` environment variables,
``autodream.toml`` in the project (or ``[tool.autodream]`` in its ``pyproject.toml``), defaults.
"""

from __future__ import annotations

import errno
import os
import stat  # (os imports it: no cost to the hook)

from autodream.errors import AutodreamError, ConfigError, printable

TYPE_CHECKING = False
if TYPE_CHECKING:  # typing costs ~7 ms to import; annotations are strings anyway
    from collections.abc import Mapping

CONFIG_FILENAME = "autodream.toml"
PYPROJECT_FILENAME = "pyproject.toml"
ENV_PREFIX = "AUTODREAM_"
MAX_SANITIZED_LENGTH = 200  # Claude Code's limit for a project directory name

# Every configurable key and its kind. ``autodream.settings.Settings`` has one field per key
# (a test keeps the two in step): a new setting needs a line here and a field there.
FIELDS: dict[str, str] = {
    "project_root": "path",
    "memory_dir": "path",
    "sessions_dir": "path",
    "codex_sessions_dir": "path",
    "min_hours": "float",
    "min_sessions": "int",
    "scan_interval_minutes": "float",
    "lock_ttl_minutes": "float",
    "backend": "backend",
    "model": "str",
    "base_url": "optional_str",
    "api_key": "optional_str",
    "max_turns": "int",
    "max_tool_output_bytes": "int",
    "max_read_bytes": "int",
    "max_write_bytes": "int",
    "max_files_touched": "int",
    "max_input_tokens": "int",
    "max_output_tokens": "int",
    "max_cost_usd": "float",
    "api_timeout_seconds": "float",
    "api_max_retries": "int",
    "keep_runs": "int",
    "allow_loss": "bool",
    "date_order": "date_order",
}
BACKENDS = ("auto", "local", "anthropic")
# How a day in figures that reads either way round ("04/12") is read when the person's own
# dates in the sessions read do not tell: "auto" leaves it as written
DATE_ORDERS = ("auto", "dmy", "mdy")
# Defaults the hook needs before ``Settings`` is imported; ``Settings`` uses the same values.
DEFAULT_MIN_HOURS = 24.0
DEFAULT_LOCK_TTL_MINUTES = 60.0
PATH_KEYS = ("project_root", "memory_dir", "sessions_dir")
# Paths with no default: unset unless configured. Whether the directory exists is checked by
# ``Settings.resolve``, not here, so the hook's time gate pays nothing for them.
OPTIONAL_PATH_KEYS = ("codex_sessions_dir",)
_ALL_PATH_KEYS = PATH_KEYS + OPTIONAL_PATH_KEYS

_KIND_NAMES = {
    "path": "a path",
    "float": "a number",
    "int": "an integer",
    "str": "a string",
    "optional_str": "a string",
    "bool": "true or false",
    "backend": "one of " + ", ".join(BACKENDS),
    "date_order": "one of " + ", ".join(DATE_ORDERS),
}
# Settings where 0 is no limit a person could mean: a lock TTL of 0 makes every lock stale the
# moment it is taken (a second dream would take it over mid-run), and a budget of 0 fails every
# dream with a refusal far from its cause (max_files_touched = 0: the local engine took it for
# no cap at all, the model's tools for a budget that refuses every write).
_POSITIVE_KEYS = frozenset({
    "lock_ttl_minutes", "max_turns", "max_tool_output_bytes", "max_read_bytes",
    "max_write_bytes", "max_input_tokens", "max_output_tokens", "api_timeout_seconds",
    "max_files_touched",
})
# The user-only settings the command line takes as a flag (a key never goes on a command line,
# where other users of the machine can read it in the process list).
_FLAG_KEYS = frozenset({"base_url"})
_TRUE = ("1", "true", "yes", "on")
_FALSE = ("0", "false", "no", "off")


# ---- Claude Code's layout ---------------------------------------------------------------------


def sanitize(name: str) -> str:
    """Claude Code's project directory name for a path.

    Every UTF-16 code unit that is not an ASCII letter or digit becomes ``-`` (so a character
    outside the BMP gives two); names over 200 characters are cut and get a hash suffix.
    """
    out = []
    for char in name:
        if char.isascii() and char.isalnum():
            out.append(char)
        else:
            out.append("--" if ord(char) > 0xFFFF else "-")
    sanitized = "".join(out)
    if len(sanitized) <= MAX_SANITIZED_LENGTH:
        return sanitized
    return f"{sanitized[:MAX_SANITIZED_LENGTH]}-{_path_hash(name)}"


def _path_hash(name: str) -> str:
    """Claude Code's short hash of the unsanitized name: a signed 32-bit string hash over
    UTF-16 code units, its absolute value in base 36."""
    h = 0
    units = name.encode("utf-16-le")
    for i in range(0, len(units), 2):
        h = ((h << 5) - h + int.from_bytes(units[i : i + 2], "little")) & 0xFFFFFFFF
    if h >= 0x80000000:
        h -= 0x100000000
    return _base36(abs(h))


def _base36(n: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = ""
    while True:
        n, r = divmod(n, 36)
        out = digits[r] + out
        if n == 0:
            return out


def claude_home(env: Mapping[str, str]) -> str:
    """``~/.claude``, or where ``CLAUDE_CONFIG_DIR`` moves it."""
    configured = env.get("CLAUDE_CONFIG_DIR")
    if configured:
        return os.path.abspath(os.path.expanduser(configured))
    return os.path.join(os.path.expanduser("~"), ".claude")


def git_roots(path: str) -> tuple[str, str] | None:
    """``(worktree top level, canonical main repository root)`` for ``path``, or None.

    Walks up looking for ``.git`` without running git (the hook cannot afford a subprocess).
    A linked worktree's ``.git`` file points into ``<main>/.git/worktrees/<name>``, whose
    ``commondir`` leads back to the main repository: its root is the canonical one, so every
    worktree of a repository shares one memory directory, as in Claude Code.
    """
    current = path
    while True:
        dotgit = os.path.join(current, ".git")
        if os.path.isdir(dotgit):
            return current, current
        if os.path.isfile(dotgit):
            return current, _main_root_of_worktree(current, dotgit)
        parent = os.path.dirname(current)
        if parent == current:
            return None
        current = parent


def project_dir_of(project: str | os.PathLike[str] | None, *, setting: str = "project") -> str:
    """The project's directory (default: the current one), absolute and links resolved;
    ``ConfigError`` "project: directory does not exist: PATH" (or "is not a directory") when
    it is none, as every command says it (``setting``: where the path was given, when that is
    not the project option itself)."""
    cwd = os.getcwd()
    project_dir = os.path.realpath(os.path.join(cwd, os.path.expanduser(os.fspath(project or cwd))))
    if not os.path.isdir(project_dir):
        what = "is not a directory" if os.path.exists(project_dir) else "directory does not exist"
        raise ConfigError(f"{setting}: {what}: {printable(project_dir)}")
    return project_dir


def project_root_of(directory: str) -> str:
    """The project a directory belongs to, as the settings resolve it: the top level of its
    git worktree, else the directory itself (absolute, links resolved)."""
    real = os.path.realpath(os.path.expanduser(directory))
    roots = git_roots(real)
    return roots[0] if roots else real


def _main_root_of_worktree(toplevel: str, dotgit_file: str) -> str:
    try:
        with open(dotgit_file, encoding="utf-8") as fh:
            first = fh.readline().strip()
    except OSError:
        return toplevel
    if not first.startswith("gitdir:"):
        return toplevel
    gitdir = os.path.join(toplevel, first[len("gitdir:") :].strip())
    try:
        with open(os.path.join(gitdir, "commondir"), encoding="utf-8") as fh:
            common = os.path.join(gitdir, fh.readline().strip())
    except OSError:  # a submodule (no commondir): its own root is canonical
        return toplevel
    common = os.path.realpath(common)
    if os.path.basename(common) == ".git":
        return os.path.dirname(common)
    return toplevel


# ---- config files -------------------------------------------------------------------------


def find_config_file(directories: list[str]) -> tuple[str, dict[str, object]] | None:
    """The first ``autodream.toml`` (or ``pyproject.toml`` with ``[tool.autodream]``) found in
    ``directories``, as ``(path, table)``; None when there is none."""
    for directory in directories:
        candidate = os.path.join(directory, CONFIG_FILENAME)
        try:
            # one lstat where most folders have none (was a stat, then an lstat, every turn)
            found = os.lstat(candidate)
        except (OSError, ValueError):  # (as os.path.lexists: none there, or none to read)
            found = None
        if found is not None and (stat.S_ISREG(found.st_mode) or (
                stat.S_ISLNK(found.st_mode) and os.path.isfile(candidate))):
            return candidate, _load_toml(candidate)
        if found is not None:
            # a folder of that name, or a symlink whose file is gone (a dotfiles link) or that
            # loops: passed over, the dream ran on the defaults, its memory_dir and backend unset
            raise ConfigError(f"cannot read {candidate}: {_no_file(candidate)}; autodream "
                              "reads its settings from there (make it the settings file, or "
                              "move it away)")
        pyproject = os.path.join(directory, PYPROJECT_FILENAME)
        if os.path.isfile(pyproject):
            table = _tool_table(pyproject)
            if table is not None:
                return pyproject, table
    return None


def _no_file(place: str) -> str:
    """What ``place``, there but no file, is: a folder (or another kind of file), a symlink
    to a file that is gone, or a symlink loop ('autodream.toml -> autodream.toml'), which is
    no missing file to go and restore."""
    try:
        os.stat(place)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            return "a symlink loop"
        return "a symlink to a file that does not exist"
    return "not a file"


def _tool_table(pyproject: str) -> dict[str, object] | None:
    try:
        with open(pyproject, "rb") as fh:
            raw = fh.read()
    except OSError as exc:
        raise ConfigError(f"cannot read {pyproject}: {exc.strerror}") from exc
    # Most projects have a pyproject.toml without our table: a substring test spares the
    # hook the ~12 ms import of tomllib for them (``[tool.autodream]``, or ``autodream`` keys
    # under a ``[tool]`` table).
    if b"tool.autodream" not in raw and not (b"[tool]" in raw and b"autodream" in raw):
        return None
    tool = _parse_toml(raw, pyproject).get("tool")
    table = tool.get("autodream") if isinstance(tool, dict) else None
    if table is None:
        return None
    if not isinstance(table, dict):
        raise ConfigError(f"tool.autodream in {pyproject}: expected a table")
    return table


def _load_toml(path: str) -> dict[str, object]:
    try:
        with open(path, "rb") as fh:
            raw = fh.read()
    except OSError as exc:
        raise ConfigError(f"cannot read {path}: {exc.strerror}") from exc
    return _parse_toml(raw, path)


def _parse_toml(raw: bytes, path: str) -> dict[str, object]:
    import tomllib
    try:
        text = raw.decode("utf-8")
        return dict(tomllib.loads(text))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise ConfigError(f"{path} is not valid TOML: {reason}") from exc


# ---- values -------------------------------------------------------------------------------


def coerce(key: str, value: object, source: str, *, from_text: bool = False) -> object:
    """``value`` as the kind ``key`` needs; ConfigError naming the key and where it came from.

    With ``from_text`` (the environment, the command line) strings are parsed; otherwise
    (TOML) values must already have the right type: an integer is accepted where a number is
    expected, never a bool.
    """
    kind = FIELDS.get(key)
    if kind is None:
        raise ConfigError(f"unknown setting {key!r} ({source})")
    try:
        coerced = _coerce(kind, value, from_text and isinstance(value, str))
    except _Negative as exc:
        # (a key that refuses 0 too would send the person from -1 to 0, refused in turn)
        least = "more than 0" if key in _POSITIVE_KEYS else "0 or more"
        raise ConfigError(f"{key} ({source}): must be {least}, got {exc.args[0]:g}") from None
    except _NotFinite:
        # ("expected a number, got inf": inf is one, to a person; what the setting cannot
        # take is a number with no end)
        unit = _UNITS.get(key.rsplit("_", 1)[-1], "")
        shown = repr(value) if isinstance(value, str) else str(value)
        raise ConfigError(
            f"{key} ({source}): expected a finite number{unit}, got {shown}") from None
    except (TypeError, ValueError):
        if isinstance(value, str):
            shown = repr(value)
        elif isinstance(value, bool):
            shown = str(value).lower()  # as TOML spells it
        elif isinstance(value, (int, float)):
            shown = str(value)  # the value as written ("got 2.5"), as a flag's is
        else:
            shown = type(value).__name__
        raise ConfigError(f"{key} ({source}): expected {_KIND_NAMES[kind]}, got {shown}") from None
    if key in _POSITIVE_KEYS and coerced == 0:
        raise ConfigError(f"{key} ({source}): must be more than 0, got 0")
    return coerced


class _Negative(ValueError):
    """A number of the right kind below zero: said as such, not as the wrong kind."""


class _NotFinite(ValueError):
    """inf, -inf or nan (TOML's, or '1e400' read as a float): said as no finite number."""


# what a float setting counts, by the last word of its name
_UNITS = {"hours": " of hours", "minutes": " of minutes", "seconds": " of seconds",
          "usd": " of US dollars"}


def _coerce(kind: str, value: object, from_env: bool) -> object:
    if kind in ("float", "int"):
        if isinstance(value, bool):
            raise TypeError(kind)
        if from_env and isinstance(value, str):
            value = float(value) if kind == "float" else int(value)
        if kind == "float" and isinstance(value, int):
            value = float(value)
        if kind == "float" and isinstance(value, float):
            if value != value or abs(value) == float("inf"):  # NaN, or no number of hours
                raise _NotFinite(kind)
            if value < 0:
                raise _Negative(value)
            return value
        if kind == "int" and isinstance(value, int):
            if value < 0:
                raise _Negative(value)
            return value
        raise TypeError(kind)
    if kind == "bool":
        if isinstance(value, bool):
            return value
        if from_env and isinstance(value, str):
            lowered = value.strip().lower()
            if lowered in _TRUE:
                return True
            if lowered in _FALSE:
                return False
        raise ValueError(kind)
    if kind == "date_order" and isinstance(value, str):
        value = value.strip().lower()  # "DMY" says the same
    if kind in ("backend", "date_order"):
        if isinstance(value, str) and value in (BACKENDS if kind == "backend" else DATE_ORDERS):
            return value
        raise ValueError(kind)
    if kind == "optional_str":
        if value is None or isinstance(value, str):
            return value or None
        raise TypeError(kind)
    if isinstance(value, str) and (value or kind == "str"):  # "str" and "path"
        return value
    raise TypeError(kind)


def parse_now(text: str) -> float:
    """``AUTODREAM_NOW``: epoch seconds or an ISO 8601 date (UTC when no zone is given)."""
    stripped = text.strip()
    try:
        epoch = float(stripped)
    except ValueError:
        pass
    else:
        if epoch != epoch or abs(epoch) == float("inf"):
            # (nan was a traceback from the dream's first date: "Invalid value NaN")
            raise ConfigError(f"AUTODREAM_NOW: expected finite epoch seconds or an ISO 8601 "
                              f"date, got {text!r}")
        _check_a_date(epoch, text)
        return epoch
    from datetime import UTC, datetime

    try:
        parsed = datetime.fromisoformat(stripped.replace("Z", "+00:00"))
    except ValueError:
        raise ConfigError(
            f"AUTODREAM_NOW: expected epoch seconds or an ISO 8601 date, got {text!r}"
        ) from None
    if parsed.tzinfo is None:
        parsed = parsed.replace(tzinfo=UTC)
    return parsed.timestamp()


def _check_a_date(epoch: float, text: str) -> None:
    """``ConfigError`` when ``epoch`` seconds name no date Python can hold: 1e300 or
    253402300800 (the year 10000) were a traceback (OverflowError, "year is out of range")
    from the dream's first date."""
    from datetime import UTC, datetime

    try:
        datetime.fromtimestamp(epoch, tz=UTC)
    except (OverflowError, ValueError, OSError):
        raise ConfigError(f"AUTODREAM_NOW: expected epoch seconds of a date in the years 1 to "
                          f"9999 or an ISO 8601 date, got {text!r}") from None


# ---- resolution -------------------------------------------------------------------------


USER_ONLY_KEYS = frozenset({"api_key", "base_url"})


def _file_value(key: str, raw: object, source: str) -> object:
    """A project config file's ``key``, coerced; ConfigError as ``coerce`` raises it."""
    if key in USER_ONLY_KEYS:
        # A project file travels with a cloned repository: it must not be able to send the
        # user's API key to another endpoint, nor commit a key of its own.
        flag = f"--{key.replace('_', '-')} or " if key in _FLAG_KEYS else ""
        raise ConfigError(
            f"{key} {source}: not allowed in a project config file; "
            f"use {flag}AUTODREAM_{key.upper()}"
            + (" (or ANTHROPIC_API_KEY)" if key == "api_key" else "")
        )
    return coerce(key, raw, source)


def _check_unused(key: str, raw: object, source: str, warnings: list[str] | None, *,
                  in_file: bool) -> None:
    """Check a setting the caller does not use; its error, if any, is a warning."""
    if warnings is None:
        return
    try:
        if in_file:
            _file_value(key, raw, source)
        else:
            coerce(key, raw, source, from_text=True)
    except ConfigError as exc:
        warnings.append(str(exc))


def resolve_values(
    project: str | os.PathLike[str] | None,
    overrides: Mapping[str, object],
    env: Mapping[str, str],
    *,
    sessions_hint: str | None = None,
    unused: frozenset[str] = frozenset(),
    warnings: list[str] | None = None,
    problems: list[ConfigError] | None = None,
) -> dict[str, object]:
    """Every setting as a plain value (paths as absolute strings), plus ``config_path``,
    ``sources`` (where each setting not left at its default came from: "option --backend",
    "env AUTODREAM_BACKEND", "in /path/autodream.toml") and ``now`` (a float when
    ``AUTODREAM_NOW`` fixes the clock, else None).

    ``sessions_hint`` is a sessions dir known better than by discovery (the hook passes the
    directory of the transcript Claude Code named); config, env and flags still win over it.
    ``unused`` are settings the caller does not use: left at their defaults, so a bad value
    there does not lock a person out of, say, ``log`` or ``undo``; the error it would have been
    is added to ``warnings`` (when given) for the caller to mention.
    """
    cwd = os.getcwd()
    project_dir = project_dir_of(project)
    roots = git_roots(project_dir)
    toplevel, canonical = roots if roots else (project_dir, project_dir)

    values: dict[str, object] = {}
    sources: dict[str, str] = {}

    search = [project_dir] if toplevel == project_dir else [project_dir, toplevel]
    found = find_config_file(search)
    config_path = found[0] if found else None
    if found:
        path, table = found
        base = os.path.dirname(path)
        for key, raw in table.items():
            source = f"in {path}"
            if key in unused:
                _check_unused(key, raw, source, warnings, in_file=True)
                continue
            value = _file_value(key, raw, source)
            if key in _ALL_PATH_KEYS:
                value = os.path.join(base, os.path.expanduser(str(value)))
            values[key] = value
            sources[key] = source

    for key in FIELDS:
        env_name = ENV_PREFIX + key.upper()
        raw_env = env.get(env_name)
        if raw_env is None or raw_env == "":
            continue
        source = f"env {env_name}"
        if key in unused:
            _check_unused(key, raw_env, source, warnings, in_file=False)
            continue
        value = coerce(key, raw_env, source, from_text=True)
        if key in _ALL_PATH_KEYS:
            value = os.path.join(cwd, os.path.expanduser(str(value)))
        values[key] = value
        sources[key] = source

    for key, raw in overrides.items():
        if raw is None or key in unused:  # a flag not given
            continue
        source = f"option --{key.replace('_', '-')}"
        if key in _ALL_PATH_KEYS and isinstance(raw, os.PathLike):
            raw = os.fspath(raw)
        value = coerce(key, raw, source, from_text=True)
        if key in _ALL_PATH_KEYS:
            value = os.path.join(cwd, os.path.expanduser(str(value)))
        values[key] = value
        sources[key] = source

    for key in PATH_KEYS:
        if key in values:
            resolved = os.path.abspath(str(values[key]))
            if key != "memory_dir" and not os.path.isdir(resolved):
                what = ("is not a directory" if os.path.exists(resolved)
                        else "directory does not exist")
                raise ConfigError(f"{key} ({sources[key]}): {what}: {printable(resolved)}")
            if key == "memory_dir" and not os.path.lexists(resolved):
                # Claude Code's own memory dir may not exist yet (it makes it on the first
                # memory); one named outright that is not there is a typo or the wrong machine,
                # and would silently start a new, empty memory
                missing = ConfigError(
                    f"memory_dir ({sources[key]}): directory does not exist: "
                    f"{printable(resolved)} (create it to start a memory there)"
                )
                if problems is None:
                    raise missing
                problems.append(missing)  # (``status`` shows it with the rest of its report)
            values[key] = resolved

    for key in OPTIONAL_PATH_KEYS:
        if key in values:
            values[key] = os.path.abspath(str(values[key]))

    home = os.path.join(claude_home(env), "projects")
    values.setdefault("project_root", toplevel)
    values.setdefault("memory_dir", os.path.join(home, sanitize(canonical), "memory"))
    memory_dir = str(values["memory_dir"])
    if os.path.lexists(memory_dir) and not os.path.isdir(memory_dir):
        # created on first use when missing; a file (or a dangling link) in its place is not
        if "memory_dir" in sources:
            raise ConfigError(
                f"memory_dir ({sources['memory_dir']}): not a directory: {printable(memory_dir)}")
        # nothing configured wrong: Claude Code's own place is taken (exit 1, as for any path
        # autodream must use that is of the wrong kind), and the person is told what to do
        raise AutodreamError(
            f"cannot use {printable(memory_dir)}: Not a directory (Claude Code's memory dir "
            "for this project: move that file away, or set memory_dir)")
    if "memory_dir" not in sources and (in_the_way := _file_above(memory_dir)) is not None:
        # a file where one of its folders should be (~/.claude/projects/<project> a file):
        # every command would otherwise fail on a name inside it ("cannot read .../MEMORY.md:
        # Not a directory; fix its permissions") or find no runs ("no dreams yet")
        kind = "a file, not a folder" if os.path.isfile(in_the_way) else "not a folder"
        raise AutodreamError(
            f"cannot use {printable(memory_dir)}: {printable(in_the_way)} is {kind} "
            "(on the way to Claude Code's memory dir for this project: move that file "
            "away, or set memory_dir)")
    if "sessions_dir" not in values:
        values["sessions_dir"] = (
            os.path.abspath(sessions_hint)
            if sessions_hint
            else _sessions_dir_of(home, project_dir, toplevel)
        )
    values["config_path"] = config_path
    values["sources"] = sources
    raw_now = env.get("AUTODREAM_NOW")
    values["now"] = parse_now(raw_now) if raw_now else None
    return values


def _sessions_dir_of(home: str, project_dir: str, toplevel: str) -> str:
    """Claude Code's sessions folder for ``project_dir``: its own when there is one, else that of
    the nearest folder above it, up to the git worktree's top, whose sessions were started in
    this project (Claude Code files a session under the folder it was started in: run from
    ``src/deep``, the CLI looked in ``src/deep``'s, found none and read nothing, where the hook,
    told the transcript's path, reads the root's). Past the worktree's top it never looks
    (another project's sessions); with none, ``project_dir``'s own (what ``status`` names)."""
    own = os.path.join(home, sanitize(project_dir))
    if os.path.isdir(own):
        return own
    here = project_dir
    while here != toplevel:
        parent = os.path.dirname(here)
        if parent == here:  # (toplevel is above project_dir: not reached)
            break
        here = parent
        folder = os.path.join(home, sanitize(here))
        # the name alone is no proof: '/x/web/api' and the sibling project '/x/web-api' are
        # both '-x-web-api', and the other's sessions would be dreamt into this memory
        if os.path.isdir(folder) and started_in_project(folder, toplevel) is not None:
            return folder
    return own


# How much of a transcript's head is read to find the cwd it was recorded in.
CWD_PROBE_BYTES = 64 * 1024


def recorded_cwd(folder: str) -> str | None:
    """The ``cwd`` of the first record that has one, in the newest transcript of a Claude Code
    sessions folder (of its 3 newest, the first that records one); None when none does."""
    newest: list[tuple[float, str]] = []
    try:
        with os.scandir(folder) as entries:
            for entry in entries:
                if entry.name.endswith(".jsonl") and not entry.name.startswith("agent-"):
                    try:
                        newest.append((entry.stat().st_mtime, entry.path))
                    except OSError:  # vanished while we looked
                        continue
    except OSError:
        return None
    newest.sort(reverse=True)
    for _, path in newest[:3]:
        if (cwd := transcript_cwd(path)) is not None:
            return cwd
    return None


# How much of a transcript's head the note on other folders' unread sessions reads for its cwd:
# it may look in thousands of transcripts (a dotfiles repo at ~), and Claude Code records the
# cwd on the first or second line, ~60 bytes into it (a first record longer than this is read
# as cut, below)
CWD_COUNT_PROBE_BYTES = 8 * 1024
CWD_COUNT_PROBE_LINES = 32

# a cwd beyond the longest path Linux takes (PATH_MAX) is no folder anyone started a session in;
# realpath and the walk up for .git over 30,000 parts took ~4 s each
_LONGEST_PATH = 4096


def _cut_record_cwd(line: bytes) -> str | None:
    """The first ``"cwd": "..."`` string of a record cut at the probe's end (Claude Code writes
    the cwd before the message, so before whatever made the record long); None when the cut
    came first. One pass over the bytes, no pattern: a transcript's line may be anything."""
    import json  # (only here: not on the hook's path)

    at = line.find(b'"cwd"')
    if at < 0:
        return None
    at += len(b'"cwd"')
    at += len(line[at:at + 64]) - len(line[at:at + 64].lstrip(b" \t"))
    if line[at:at + 1] != b":":  # ('"cwd"' as a key, not a value or a word in one)
        return None
    at += 1
    at += len(line[at:at + 64]) - len(line[at:at + 64].lstrip(b" \t"))
    if line[at:at + 1] != b'"':
        return None
    end = at + 1
    while end < len(line) and line[end] != ord('"'):
        end += 2 if line[end] == ord("\\") else 1
    if end >= len(line):
        return None
    try:
        cwd = json.loads(line[at:end + 1])
    except ValueError:
        return None
    return cwd if isinstance(cwd, str) else None


def transcript_cwd(path: str, max_bytes: int = CWD_PROBE_BYTES,
                   max_lines: int | None = None) -> str | None:
    """The ``cwd`` of the first record that has one in the first ``max_bytes`` (and
    ``max_lines``) of the transcript at ``path``; None when none does or it cannot be read."""
    import json  # (only here: not on the hook's path)

    try:
        with open(path, "rb") as fh:
            # line by line: the cwd is most often on one of the first lines, and a dream may
            # look in thousands of transcripts (``gates.unread_elsewhere``)
            left, lines = max_bytes, 0
            while left > 0 and (max_lines is None or lines < max_lines) and (
                    line := fh.readline(left)):
                left, lines = left - len(line), lines + 1
                if b'"cwd"' not in line:  # (no record to parse: most lines hold no cwd)
                    continue
                try:
                    record = json.loads(line)
                except (ValueError, RecursionError):  # not JSON, or nested deeper than json reads
                    if left > 0 or (cut := _cut_record_cwd(line)) is None:
                        continue
                    record = {"cwd": cut}  # (a record cut at the probe's end)
                if isinstance(record, dict) and isinstance(record.get("cwd"), str):
                    return str(record["cwd"])
    except OSError:
        return None
    return None


def started_in_project(folder: str, root: str) -> str | None:
    """The folder the sessions in the Claude Code sessions folder ``folder`` were started in (as
    its newest transcript records it), when ``folder_of_project`` takes it as ``root``'s; None
    otherwise. Claude Code names a sessions folder by its path with every other character made
    '-', so a name cannot tell '/x/web/api' from '/x/web-api': what a transcript recorded does."""
    cwd = recorded_cwd(folder)
    return None if cwd is None else folder_of_project(cwd, root)


def folder_of_project(cwd: str, root: str) -> str | None:
    """``cwd`` with its links resolved when that is the project ``root`` or a folder inside it
    that is of no project nested in it (a git worktree of its own, with its own memory dir);
    None otherwise."""
    if len(cwd) > _LONGEST_PATH:
        return None
    try:
        started_in, top = os.path.realpath(cwd), os.path.realpath(root)
        inside = started_in == top or started_in.startswith(top.rstrip(os.sep) + os.sep)
        return started_in if inside and project_root_of(started_in) == top else None
    except (ValueError, UnicodeError, RecursionError):
        # a cwd no path can be (a NUL byte, a lone surrogate: whatever a transcript holds), or
        # the head of a link chain deeper than realpath recurses: no folder of this project,
        # where a traceback failed status and every dream
        return None


def _file_above(path: str) -> str | None:
    """The nearest existing parent of ``path``, when ``path`` is not there and that parent is
    no directory (a file in the way); None otherwise."""
    if os.path.lexists(path):
        return None
    parent = os.path.dirname(path)
    while parent and not os.path.lexists(parent):
        if os.path.dirname(parent) == parent:
            return None
        parent = os.path.dirname(parent)
    return parent if parent and not os.path.isdir(parent) else None
