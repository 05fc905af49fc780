"""Install and remove autodream's hook in Claude Code's ``settings.json``.

Claude Code reads hooks from ``{"hooks": {<event>: [<group>, ...]}}`` where a group is
``{"matcher": ..., "hooks": [{"type": "command", "command": ..., "timeout": ...}]}``.
We add one group per event holding one command handler, and recognise our handlers later
by their ``command``: ``autodream-hook`` itself or a full path to a file of that name (what
``install`` writes when the hook is not on PATH), or the exact string given as ``--command``.
So ``uninstall`` removes what ``install`` added and no other hook a person wrote.

Every other key, event and hook is kept as it was (JSON objects keep their order); the
file is rewritten with the indentation it already used. A file that is not valid JSON, or
whose ``hooks`` is not the documented shape, is never touched: ``BadInput`` says why.
Writes are atomic (temp file in the same dir, fsync, ``os.replace``; through a symlinked
settings.json, to the file it points at) and the previous file is copied to
``settings.json.autodream-backup-<UTC timestamp>`` first.
"""

from __future__ import annotations

import dataclasses
import difflib
import json
import os
import shlex
import shutil
import tempfile
import time
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from autodream.errors import BadInput, ConfigError
from autodream.hook import EVENTS as EVENTS
from autodream.hook import HOOK_COMMAND as HOOK_COMMAND

# What ``install --project`` writes. The project's .claude/settings.json is shared with the
# team, so it must not name this machine's path to the hook, and a teammate without autodream
# must not see "command not found" after every turn: like the plugin's wrapper, it looks in
# $AUTODREAM_HOOK_BIN, PATH and pipx's ~/.local/bin, and exits 0 in silence when none has it.
SHARED_COMMAND = (
    'for h in "$AUTODREAM_HOOK_BIN" "$(command -v autodream-hook)" '
    '"$HOME/.local/bin/autodream-hook"; do [ -f "$h" ] && [ -x "$h" ] && exec "$h"; done; '
    "exit 0"
)

# Seconds. The hook returns in tens of milliseconds (the dream itself runs detached).
# SessionEnd hooks share a 1.5 s exit budget by default, and a longer per-hook timeout in
# settings would stretch Claude Code's exit, so we stay inside it.
TIMEOUTS: dict[str, int] = {"Stop": 10, "SessionEnd": 1}

BACKUP_INFIX = ".autodream-backup-"


@dataclasses.dataclass(frozen=True)
class SettingsChange:
    """What ``install``/``uninstall`` did (or, with ``dry_run``, would do) to one file."""

    path: Path
    action: str  # "install" | "uninstall"
    events: tuple[str, ...]  # the events whose entries were added or removed
    diff: str  # unified diff, empty when nothing changes
    backup: Path | None  # copy of the previous file, when one was written
    dry_run: bool
    # autodream hooks left in place because they run another command than the one asked for
    others: tuple[str, ...] = ()
    # uninstall deleted the file: install had made it, and nothing but the hook was in it
    deleted: bool = False
    # install took out these other installs of the hook (gone, or not the shared command)
    replaced: tuple[str, ...] = ()
    # uninstall deleted the file's folder too (a project's .claude/ left empty)
    deleted_folder: bool = False

    @property
    def changed(self) -> bool:
        return bool(self.diff)

    def to_dict(self) -> dict[str, Any]:
        return {
            "path": str(self.path),
            "action": self.action,
            "events": list(self.events),
            "changed": self.changed,
            "diff": self.diff,
            "backup": str(self.backup) if self.backup else None,
            "dry_run": self.dry_run,
            "others": list(self.others),
            "deleted": self.deleted,
            "deleted_folder": self.deleted_folder,
            "replaced": list(self.replaced),
        }


def claude_config_dir(env: Mapping[str, str] | None = None) -> Path:
    """``$CLAUDE_CONFIG_DIR`` when set, else ``~/.claude`` (Claude Code's own rule)."""
    environ = os.environ if env is None else env
    configured = environ.get("CLAUDE_CONFIG_DIR")
    if configured:
        return Path(configured).expanduser()
    home = environ.get("HOME")
    return (Path(home) if home else Path.home()) / ".claude"


def user_settings_path(env: Mapping[str, str] | None = None) -> Path:
    return claude_config_dir(env) / "settings.json"


def project_settings_path(project_dir: Path) -> Path:
    return project_dir / ".claude" / "settings.json"


def is_autodream_hook(command: object) -> bool:
    """``autodream-hook``, a full path to it (no arguments, quoted for the shell or not), or
    the command ``install --project`` writes: the hook whatever its install."""
    if not isinstance(command, str):
        return False
    return command in (HOOK_COMMAND, SHARED_COMMAND) or _hook_path(command) is not None


def _hook_path(command: str) -> str | None:
    """The file a command of one full path to ``autodream-hook`` runs, else None."""
    if os.path.isabs(command) and os.path.basename(command) == HOOK_COMMAND:
        return command
    try:
        words = shlex.split(command)
    except ValueError:
        return None
    if len(words) == 1 and words[0] != command and _hook_path(words[0]) == words[0]:
        return words[0]
    return None


def for_the_shell(command: str) -> str:
    """``command`` as settings.json must hold it: Claude Code runs it with ``sh -c``, so a
    full path to the hook with a space in it ("/opt/my tools/autodream-hook") is quoted;
    anything else (a command with arguments) is taken as the shell command it already is."""
    if os.path.isabs(command) and os.path.basename(command) == HOOK_COMMAND:
        return shlex.quote(command)
    return command


def _gone(command: str) -> bool:
    """A hook named by a full path whose file is no longer there to run."""
    path = _hook_path(command)
    return path is not None and not os.access(path, os.X_OK)


def _executable_file(path: str | None) -> bool:
    return bool(path) and os.path.isfile(str(path)) and os.access(str(path), os.X_OK)


def shared_command_finds_hook(env: Mapping[str, str]) -> bool:
    """Whether ``SHARED_COMMAND`` (and the plugin's hooks/run-autodream-hook.sh, which looks
    alike) would find a hook to run with ``env``: the first executable file of
    $AUTODREAM_HOOK_BIN, PATH and ~/.local/bin."""
    home = env.get("HOME")
    places = [env.get("AUTODREAM_HOOK_BIN"), _on_path(env),
              os.path.join(home, ".local", "bin", HOOK_COMMAND) if home else None]
    return any(_executable_file(p) for p in places)


def _on_path(env: Mapping[str, str]) -> str | None:
    return shutil.which(HOOK_COMMAND, path=env.get("PATH", os.defpath))


def hook_beside(executable: str) -> Path | None:
    """The ``autodream-hook`` installed beside ``executable`` (this Python): a virtualenv's
    scripts are not on PATH until it is activated, and Claude Code runs hooks without it."""
    beside = Path(executable).parent / HOOK_COMMAND
    return beside if _executable_file(str(beside)) else None


@dataclasses.dataclass(frozen=True)
class InstallPlan:
    """What ``install`` writes, decided from the scope, ``--command`` and this machine."""

    command: str
    # the project's shared settings: SHARED_COMMAND, the one autodream hook there
    shared: bool
    # said before installing (how the command was chosen), and after (what will not work)
    note: str | None = None
    warning: str | None = None


# (the hook by its bare name, given or chosen, when PATH has no such command)
_NOT_ON_PATH = (f"{HOOK_COMMAND!r} is not on PATH; Claude Code will not find it until the "
                "package is installed (pipx install . in the autodream checkout) or --command "
                "gives its full path")


def plan_install(
    project: bool, given: str | None, *, env: Mapping[str, str], executable: str
) -> InstallPlan:
    """The command ``install`` writes: ``given`` (``--command``) quoted for the shell; for a
    project, SHARED_COMMAND (its settings.json is the team's: no path of this machine, no
    "command not found" for a teammate without autodream); else ``autodream-hook``, or its
    full path beside this Python when PATH does not have it (a virtualenv not activated)."""
    if given is not None:
        command = for_the_shell(given)
        warning = None
        if given == HOOK_COMMAND and _on_path(env) is None:
            warning = _NOT_ON_PATH
        return InstallPlan(command, False, warning=warning)
    if project:
        warning = None
        if not shared_command_finds_hook(env):
            beside = hook_beside(executable)
            warning = (
                "on this machine autodream-hook is not on PATH nor in ~/.local/bin, so the hook "
                "will do nothing here; "
                + (f"set AUTODREAM_HOOK_BIN={beside} where Claude Code runs, " if beside else "")
                + "install the package with pipx (pipx install . in the autodream checkout), or "
                "use `autodream install` (your user settings) instead"
            )
        return InstallPlan(SHARED_COMMAND, True, warning=warning)
    if _on_path(env) is not None:
        return InstallPlan(HOOK_COMMAND, False)
    beside = hook_beside(executable)
    if beside is None:
        return InstallPlan(HOOK_COMMAND, False, warning=_NOT_ON_PATH)
    return InstallPlan(for_the_shell(str(beside)), False, note=(
        f"autodream-hook is not on PATH; installing it by its full path {beside}"))


def check_events(events: Iterable[str]) -> tuple[str, ...]:
    """The events in a stable order, refusing any we do not install for."""
    chosen = tuple(dict.fromkeys(events)) or EVENTS
    unknown = [e for e in chosen if e not in EVENTS]
    if unknown:
        raise ConfigError(
            f"unknown hook event {unknown[0]!r}; choose from {', '.join(EVENTS)}"
        )
    return chosen


def install_hook(
    path: Path,
    events: Iterable[str] = EVENTS,
    *,
    command: str = HOOK_COMMAND,
    only: bool = False,
    dry_run: bool = False,
    now: float | None = None,
) -> SettingsChange:
    """Add ``command`` as a hook for each event that does not already run it (or another
    install of the hook: two would both fire after every turn). With ``only``, ``command``
    replaces any other install of the hook there: in a project's shared settings, a bare
    ``autodream-hook`` or a full path (what older installs wrote) names one machine's hook."""
    chosen = check_events(events)
    old_text, data, indent = _load(path)
    hooks = _hooks_table(path, data)
    if hooks is None:
        hooks = data["hooks"] = {}
    added: list[str] = []
    replaced: list[str] = []
    for event in chosen:
        groups = _event_groups(path, hooks, event)
        handlers = [h for g in groups for h in _group_handlers(g)]
        has = any(_is_ours(h, command) for h in handlers)
        others = [h["command"] for h in handlers if _is_ours(h, None) and not _is_ours(h, command)]
        if only:
            if has and not others:
                continue
        elif has or any(not _gone(c) for c in others):
            # (a hook by a full path that is gone, a virtualenv moved or rebuilt, runs nothing:
            # installing again is how a person repairs it)
            continue
        emptied: list[int] = []
        for i, group in enumerate(groups):
            kept = [h for h in _group_handlers(group)
                    if not (_is_ours(h, None) and h["command"] in others)]
            if len(kept) != len(_group_handlers(group)):
                group["hooks"] = kept
                if not kept:
                    emptied.append(i)
        for i in reversed(emptied):
            del groups[i]
        if not has:
            groups.append(
                {"hooks": [{"type": "command", "command": command, "timeout": TIMEOUTS[event]}]}
            )
        added.append(event)
        replaced.extend(others)
    if not added:
        return SettingsChange(path, "install", (), "", None, dry_run)
    change = _write(path, "install", tuple(added), old_text, data, indent, dry_run, now)
    return dataclasses.replace(change, replaced=tuple(dict.fromkeys(replaced)))


def uninstall_hook(
    path: Path,
    events: Iterable[str] = EVENTS,
    *,
    command: str | None = None,
    dry_run: bool = False,
    now: float | None = None,
    tidy_folder: bool = False,
) -> SettingsChange:
    """Remove the handlers whose command is exactly ``command``, and only those; with no
    ``command``, every handler that runs the hook (``is_autodream_hook``).

    A group, event list or ``hooks`` table left empty by the removal goes too; one that
    was already empty stays. ``tidy_folder`` (a project's ``.claude/``): the folder of a
    file deleted as ``install`` made it goes too when nothing else is in it.
    """
    chosen = check_events(events)
    if not path.exists():
        return SettingsChange(path, "uninstall", (), "", None, dry_run)
    old_text, data, indent = _load(path)
    hooks = _hooks_table(path, data)
    removed: list[str] = []
    others: list[str] = []
    if hooks is not None:
        for event in chosen:
            if event not in hooks:
                continue
            groups = _event_groups(path, hooks, event)
            kept_groups: list[Any] = []
            for group in groups:
                handlers = _group_handlers(group)
                kept = [h for h in handlers if not _is_ours(h, command)]
                others.extend(h["command"] for h in kept if _is_ours(h, None))
                if len(kept) == len(handlers):
                    kept_groups.append(group)
                    continue
                if event not in removed:
                    removed.append(event)
                if kept:
                    group["hooks"] = kept
                    kept_groups.append(group)
            if event in removed:
                if kept_groups:
                    hooks[event] = kept_groups
                else:
                    del hooks[event]
        if removed and not hooks:
            del data["hooks"]
    if not removed:
        return SettingsChange(path, "uninstall", (), "", None, dry_run,
                              tuple(dict.fromkeys(others)))
    if not data and _made_by_install(path):
        # a "{}" left behind would be a file the person never had: give back the absence
        change = _delete(path, tuple(removed), old_text, dry_run)
        if tidy_folder and not dry_run and not path.parent.is_symlink():
            try:
                path.parent.rmdir()  # only when empty: anything of the person's keeps it
            except OSError:
                return change
            return dataclasses.replace(change, deleted_folder=True)
        return change
    return _write(path, "uninstall", tuple(removed), old_text, data, indent, dry_run, now,
                  text=_as_backed_up(path, data))


def _made_by_install(path: Path) -> bool:
    """Whether ``install`` created ``path``: it backs up every file it finds before writing,
    so a file with no backup beside it was not there before (a symlink is the person's)."""
    return not path.is_symlink() and not any(path.parent.glob(f"{path.name}{BACKUP_INFIX}*"))


def _delete(path: Path, events: tuple[str, ...], old_text: str, dry_run: bool) -> SettingsChange:
    """Remove a settings file that held only the hook; no backup, since nothing the person
    wrote is lost (``install`` writes the same file again)."""
    diff = "".join(difflib.unified_diff(old_text.splitlines(keepends=True), [],
                                        fromfile=f"{path} (before)", tofile="/dev/null"))
    if not dry_run:
        path.unlink()
    return SettingsChange(path, "uninstall", events, diff, None, dry_run, deleted=True)


def _canonical(data: Any) -> str:
    return json.dumps(data, sort_keys=True, ensure_ascii=False)


def _as_backed_up(path: Path, data: dict[str, Any]) -> str | None:
    """The text of the newest backup that holds exactly ``data``: uninstall then gives the
    user's file back as they wrote it, not as the JSON writer lays it out."""
    backups = sorted(path.parent.glob(f"{path.name}{BACKUP_INFIX}*"),
                     key=lambda p: p.stat().st_mtime_ns, reverse=True)
    for backup in backups[:20]:
        try:
            text = backup.read_text(encoding="utf-8")
            # as JSON, not as Python values: True == 1 there, and a changed value would be undone
            if _canonical(json.loads(text)) == _canonical(data):
                return text
        except (OSError, ValueError):
            continue
    return None


# ---- reading --------------------------------------------------------------------------------


def _load(path: Path) -> tuple[str, dict[str, Any], str | int | None]:
    """(original text, parsed object, indentation to write back with)."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return "", {}, 2
    except UnicodeDecodeError as exc:
        raise BadInput(f"{path}: not UTF-8 text ({exc.reason} at byte {exc.start})") from exc
    except OSError as exc:
        raise BadInput(f"{path}: cannot read: {exc.strerror or exc}") from exc
    if not text.strip():
        return text, {}, 2
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise BadInput(
            f"{path}: not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno};"
            " left untouched"
        ) from exc
    if not isinstance(data, dict):
        raise BadInput(
            f"{path}: top level is a JSON {_json_type(data)}, expected an object; left untouched"
        )
    return text, data, _detect_indent(text)


def _detect_indent(text: str) -> str | int | None:
    """The indentation of the first indented line, so a rewrite changes only what we touch;
    None for a file of nested settings written on one line, which stays on one line."""
    one_line = text.strip()
    if one_line and "\n" not in one_line and (one_line.count("{") > 1 or "[" in one_line):
        # (a bare "{}" or '{"model": "opus"}' has no layout of its own to keep)
        return None
    for line in text.splitlines()[1:]:
        stripped = line.lstrip(" \t")
        if stripped and stripped != line:
            lead = line[: len(line) - len(stripped)]
            return lead if "\t" in lead else len(lead)
    return 2


def _hooks_table(path: Path, data: dict[str, Any]) -> dict[str, Any] | None:
    hooks = data.get("hooks")
    if hooks is None:
        return None
    if not isinstance(hooks, dict):
        raise BadInput(
            f'{path}: "hooks" is a JSON {_json_type(hooks)}, expected an object; left untouched'
        )
    return hooks


def _event_groups(path: Path, hooks: dict[str, Any], event: str) -> list[Any]:
    groups = hooks.setdefault(event, [])
    if not isinstance(groups, list):
        raise BadInput(
            f'{path}: "hooks.{event}" is a JSON {_json_type(groups)}, expected a list;'
            " left untouched"
        )
    for i, group in enumerate(groups):
        if not isinstance(group, dict) or not isinstance(group.get("hooks", []), list):
            raise BadInput(
                f'{path}: "hooks.{event}[{i}]" is not a {{"matcher", "hooks": [...]}} object;'
                " left untouched"
            )
    return groups


def _group_handlers(group: dict[str, Any]) -> list[Any]:
    handlers = group.get("hooks", [])
    return handlers if isinstance(handlers, list) else []


def _is_ours(handler: Any, command: str | None) -> bool:
    """Whether ``handler`` runs ``command``; with None, whether it runs the hook at all."""
    if not isinstance(handler, dict) or handler.get("type") != "command":
        return False
    if command is None:
        return is_autodream_hook(handler.get("command"))
    return bool(handler.get("command") == command)


def _json_type(value: Any) -> str:
    if isinstance(value, list):
        return "array"
    if isinstance(value, str):
        return "string"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, (int, float)):
        return "number"
    return "null" if value is None else "object"


# ---- writing --------------------------------------------------------------------------------


def _write(
    path: Path,
    action: str,
    events: tuple[str, ...],
    old_text: str,
    data: dict[str, Any],
    indent: str | int | None,
    dry_run: bool,
    now: float | None,
    *,
    text: str | None = None,
) -> SettingsChange:
    new_text = text if text is not None else json.dumps(data, indent=indent,
                                                        ensure_ascii=False) + "\n"
    diff = "".join(
        difflib.unified_diff(
            old_text.splitlines(keepends=True),
            new_text.splitlines(keepends=True),
            fromfile=f"{path} (before)" if old_text else "/dev/null",
            tofile=f"{path} (after)",
        )
    )
    if dry_run:
        return SettingsChange(path, action, events, diff, None, True)
    backup = _backup(path, now) if path.exists() else None
    # A settings.json linked from a dotfiles repo is written through the link (replacing the
    # link would cut it off from the repo); its backup stays beside the link, out of the repo.
    _atomic_write(path.resolve() if path.is_symlink() else path, new_text)
    return SettingsChange(path, action, events, diff, backup, False)


def _backup(path: Path, now: float | None) -> Path:
    stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime(time.time() if now is None else now))
    candidate = path.with_name(f"{path.name}{BACKUP_INFIX}{stamp}")
    n = 1
    while candidate.exists():
        candidate = path.with_name(f"{path.name}{BACKUP_INFIX}{stamp}-{n}")
        n += 1
    shutil.copy2(path, candidate)
    return candidate


def _atomic_write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    # Keep the mode of the file we replace; a new one gets the usual 0644, not mkstemp's 0600.
    mode = path.stat().st_mode & 0o777 if path.exists() else 0o644
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp_name, mode)
        os.replace(tmp_name, path)
    except BaseException:
        Path(tmp_name).unlink(missing_ok=True)
        raise
