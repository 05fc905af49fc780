"""The package's regular expressions, compiled through one door and kept between processes.

A fresh process spent most of its start compiling: ~820 module-level patterns, many of them
alternations thousands of characters long, parsed and assembled by ``re``'s pure-Python compiler
(~0.6 s), against ~0.02 s for the C half that turns the assembled code into a pattern object. A
second dream after one new session is a fresh process that does little else, so that start was
most of its cost.

So ``compile`` keeps what the Python half produced (the pattern's code, flags and groups) in a
per-user cache, one file per module, and a later process hands it straight to the C half. Only
patterns compiled while their module is being imported are kept: those are constants of the
code. A pattern built at run time (from a memory's name, or a value ``scrub`` removes) is
compiled by ``re`` as always and never written anywhere. A cache file that is missing, damaged,
written by another Python, not the user's own or writable by others is ignored and rewritten;
anything unexpected falls back to ``re.compile``. ``AUTODREAM_NO_CACHE=1`` turns the cache off;
``AUTODREAM_CACHE_DIR`` moves it (default ``$XDG_CACHE_HOME/autodream``, else
``~/.cache/autodream``).
"""

from __future__ import annotations

import _thread
import atexit
import builtins
import marshal
import os
import re
import stat
import sys
import zlib
from array import array

try:  # the compiler's two halves are private to ``re``; any Python without them compiles plainly
    import _sre  # type: ignore[import-not-found]  # no stubs: private to re
    from re import _compiler, _parser  # type: ignore[attr-defined]  # private, no stubs
    _COMPILE_CODE = _compiler._code  # type: ignore[attr-defined]
    _PARSE = _parser.parse
    _BUILD = _sre.compile
    # a patch release may assemble patterns differently under the same magic: one dir for each
    _TAG = "cpython-{}.{}.{}-{}".format(*sys.version_info[:3], _sre.MAGIC)
    _USABLE = sys.implementation.name == "cpython" and array("I").itemsize == _sre.CODESIZE
except (ImportError, AttributeError):  # pragma: no cover - another implementation
    _USABLE = False

TYPE_CHECKING = False
if TYPE_CHECKING:  # the hook imports this module; typing costs it milliseconds
    from collections.abc import Mapping
    from types import CodeType, TracebackType
    from typing import Any, AnyStr

# What a module's file holds, per (pattern, flags): the flags the parser settled on, the code as
# 32-bit words, the number of groups, and the two group maps, exactly as ``re`` would pass them.
Entry = tuple[int, bytes, int, dict[str, int], tuple[str | None, ...]]

_HEADER = b"autodream-rx 1\n"
_MAX_FILE_BYTES = 64 << 20


class _ModuleCache:
    """One module's kept patterns: those read from its file, and those it compiled this run."""

    __slots__ = ("dirty", "kept", "used")

    def __init__(self, kept: dict[tuple[str, int], Entry]) -> None:
        self.kept = kept
        self.used: dict[tuple[str, int], Entry] = {}
        self.dirty = False


_modules: dict[str, _ModuleCache] = {}
_directory: str | None = None
_saver_registered = False
_window_lock = _thread.allocate_lock()


def compile(pattern: AnyStr, flags: int = 0) -> re.Pattern[AnyStr]:
    """``re.compile(pattern, flags)``, from the cache when the caller's module is importing."""
    if not (_USABLE and isinstance(pattern, str)):
        return re.compile(pattern, flags)
    module = _importing_module(sys._getframe(1).f_globals)
    if module is None:
        return re.compile(pattern, flags)
    cache = _modules.get(module)
    if cache is None:
        cache = _modules[module] = _ModuleCache(_read(module))
    key = (pattern, int(flags))
    entry = cache.kept.get(key)
    if entry is not None:
        try:
            built: re.Pattern[str] = _build(pattern, entry)
        except Exception:  # damaged or foreign: ``re`` compiles it below and the file is mended
            pass
        else:
            cache.used[key] = entry
            return built  # type: ignore[return-value]  # AnyStr is str on this path
    built, entry = _compile_fresh(pattern, int(flags))
    cache.used[key] = entry
    cache.dirty = True
    _register_saver()
    return built  # type: ignore[return-value]


def _importing_module(caller_globals: dict[str, object]) -> str | None:
    """The caller's module name when its body is running for its import, else None.

    Only such patterns are constants of the code; anything compiled later may hold data.
    """
    name = caller_globals.get("__name__")
    spec = caller_globals.get("__spec__")
    if not isinstance(name, str) or (name != "autodream" and not name.startswith("autodream.")):
        return None
    if not getattr(spec, "_initializing", False):
        return None
    return name


def _build(pattern: str, entry: Entry) -> re.Pattern[str]:
    flags, code, groups, groupindex, indexgroup = entry
    words = array("I")
    words.frombytes(code)
    return _BUILD(pattern, flags, words.tolist(), groups, groupindex, indexgroup)  # type: ignore[no-any-return]


def _compile_fresh(pattern: str, flags: int) -> tuple[re.Pattern[str], Entry]:
    """What ``re``'s compiler does for a string pattern, keeping the pieces it hands to C."""
    parsed = _PARSE(pattern, flags)
    code = _COMPILE_CODE(parsed, flags)
    groupindex = dict(parsed.state.groupdict)
    indexgroup: list[str | None] = [None] * parsed.state.groups
    for group_name, index in groupindex.items():
        indexgroup[index] = group_name
    entry: Entry = (
        int(flags | parsed.state.flags),
        array("I", code).tobytes(),
        parsed.state.groups - 1,
        groupindex,
        tuple(indexgroup),
    )
    return _build(pattern, entry), entry


def cache_directory() -> str | None:
    """Where the module files live (one dir per Python), or None when the cache is off."""
    global _directory
    if _directory is None:
        if os.environ.get("AUTODREAM_NO_CACHE", "") not in ("", "0"):
            _directory = ""
        else:
            base = os.environ.get("AUTODREAM_CACHE_DIR") or os.path.join(
                os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"),
                "autodream",
            )
            # (a relative base, "~" with no HOME or a relative XDG_CACHE_HOME, would land in the
            # current directory: the project the hook runs in)
            usable = _USABLE and os.path.isabs(base)
            _directory = os.path.join(base, "patterns", _TAG) if usable else ""
    return _directory or None


def _read(module: str) -> dict[tuple[str, int], Entry]:
    directory = cache_directory()
    return {} if directory is None else _decode(_read_file(os.path.join(directory, module)))


def _read_file(path: str) -> bytes:
    """The bytes of one of this user's cache files, or none when it is not one to trust."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
    except OSError:
        return b""
    try:
        info = os.fstat(fd)
        # Another user's file (or one others may write) could hand us any compiled pattern.
        if (
            not stat.S_ISREG(info.st_mode)
            or info.st_uid != os.geteuid()
            or info.st_mode & 0o022
            or info.st_size > _MAX_FILE_BYTES
        ):
            return b""
        with os.fdopen(fd, "rb", closefd=False) as handle:
            return handle.read()
    except OSError:
        return b""
    finally:
        os.close(fd)


def _decode(data: bytes, header: bytes = _HEADER) -> dict[Any, Any]:
    """The entries of a module file, or nothing when it is not one this version wrote whole."""
    if not data.startswith(header) or len(data) < len(header) + 4:
        return {}
    checksum = int.from_bytes(data[len(header) : len(header) + 4], "big")
    body = data[len(header) + 4 :]
    if zlib.crc32(body) != checksum:
        return {}
    try:
        entries = marshal.loads(body)
    except Exception:  # a damaged code object raises SystemError, not only ValueError
        return {}
    return entries if isinstance(entries, dict) else {}


def _encode(entries: dict[Any, Any], header: bytes = _HEADER) -> bytes:
    body = marshal.dumps(entries)
    return header + zlib.crc32(body).to_bytes(4, "big") + body


def _register_saver() -> None:
    global _saver_registered
    if not _saver_registered:
        _saver_registered = True
        atexit.register(save)


def save() -> None:
    """Write each module whose patterns changed: exactly the patterns it compiled this run.

    A module's import compiles all of its module-level patterns, so what it used is the whole
    current set and nothing stale is carried over. Never raises: a cache that cannot be written
    only means the next process compiles again.
    """
    _save_into(cache_directory(), _modules, _HEADER)
    _save_into(_methods_directory(), _methods, _METHODS_HEADER)


def _save_into(directory: str | None, modules: Mapping[str, _ModuleCache | _MethodsCache],
               header: bytes) -> None:
    if directory is None or _foreign(directory) is not None:
        return
    for module, cache in list(modules.items()):
        if not cache.dirty:
            continue
        try:
            os.makedirs(directory, mode=0o700, exist_ok=True)
            _write(os.path.join(directory, module), _encode(cache.used, header))
        except (OSError, ValueError):
            continue
        cache.dirty = False


# ---- the methods ``dataclasses`` writes ------------------------------------------------------
#
# ``@dataclass`` writes the source of each method it adds (``__init__``, ``__repr__``, ``__eq__``,
# a frozen class's ``__setattr__`` ...) and compiles it with ``exec``: for the ~60 classes a dream
# imports, ~35 ms of a second dream's ~0.26 s of CPU (issue #4), every process, for text that is
# the same each time. So while a dream's modules import (``methods_kept``), the code compiled
# from that text is kept like the patterns above, one file per module, and handed back to
# ``exec`` by a later process. The text is the key, so a class that changes writes new text and
# is compiled anew; the code is what ``compile`` makes of it, so the methods are the same. These
# files are code Python runs, as its own ``__pycache__`` files are, and are trusted as those are:
# the user's own files in the user's own folder, nobody else may write them (``_read_file``).

_METHODS_HEADER = b"autodream-methods 1\n"


class _MethodsCache:
    """One module's kept methods: the code read from its file, and the code it ran this time."""

    __slots__ = ("dirty", "kept", "used")

    def __init__(self, kept: dict[tuple[str, int], CodeType]) -> None:
        self.kept = kept
        self.used: dict[tuple[str, int], CodeType] = {}
        self.dirty = False


_methods: dict[str, _MethodsCache] = {}
_windows = 0


def _methods_directory() -> str | None:
    """Beside the patterns: code objects are Python's own, one folder for each build of it."""
    patterns = cache_directory()
    if patterns is None:
        return None
    tag = f"{sys.implementation.cache_tag}-{sys.hexversion:x}"
    return os.path.join(os.path.dirname(os.path.dirname(patterns)), "methods", tag)


def _exec_method(source: str | CodeType, globals_: dict[str, Any] | None = None,
                 locals_: dict[str, Any] | None = None) -> None:
    """``exec`` as ``dataclasses`` calls it, the code of an autodream module's methods kept.

    Anything else (another program's classes, in a library caller's process) is compiled and run
    as ``exec`` would in ``dataclasses``: with no ``__future__`` flags (not this module's)."""
    module = _importing_module(globals_) if globals_ is not None else None
    directory = _methods_directory() if module is not None else None
    if module is None or not isinstance(source, str) or directory is None:
        if isinstance(source, str):
            source = builtins.compile(source, "<string>", "exec", dont_inherit=True)
        builtins.exec(source, globals_, locals_)
        return
    cache = _methods.get(module)
    if cache is None:
        kept = _decode(_read_file(os.path.join(directory, module)), _METHODS_HEADER)
        cache = _methods[module] = _MethodsCache(kept)
    key = (source, sys.flags.optimize)
    code = cache.kept.get(key)
    if not isinstance(code, type(_exec_method.__code__)):
        code = builtins.compile(source, "<string>", "exec", dont_inherit=True)
        cache.dirty = True
        _register_saver()
    cache.used[key] = code
    builtins.exec(code, globals_, locals_)


class methods_kept:  # (lower case: read as a clause, ``with methods_kept():``)
    """While it is open, ``dataclasses`` compiles the methods of the autodream modules being
    imported through the kept code (``_exec_method``); after, as ever. Opened by the dream path
    (``autodream.dream``, ``load_dream_path``, ``cli``); nested or from two threads, the last to
    close puts ``exec`` back. An ``exec`` someone else put there is left to them, and used."""

    def __enter__(self) -> None:
        global _windows
        if not _USABLE:
            return
        import dataclasses

        with _window_lock:
            _windows += 1
            if _windows == 1 and "exec" not in vars(dataclasses):
                dataclasses.exec = _exec_method  # type: ignore[attr-defined]  # shadows the builtin

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        global _windows
        if not _USABLE:
            return
        import dataclasses

        with _window_lock:
            _windows -= 1
            if _windows == 0 and vars(dataclasses).get("exec") is _exec_method:
                del dataclasses.exec  # type: ignore[attr-defined]  # the builtin again


def _foreign(directory: str) -> tuple[str, int] | None:
    """The folder (and its owner) that keeps this user from writing the cache at
    ``directory``: the nearest one there, when another user owns it. None when the cache may
    be written (or nothing can be told).

    ``sudo autodream`` keeping HOME made the cache's folders root's: the person's own runs
    then could never write them again, and a root run writing into the person's folders would
    leave them more of root's. So nothing is written into a folder of another user's, but for
    one of root's above the cache's own (``patterns/`` and the one for this Python) that this
    user may write (``/tmp``): there, writing is the system's to allow."""
    euid = getattr(os, "geteuid", None)
    if euid is None:
        return None
    own = (directory, os.path.dirname(directory))
    path = directory
    while True:
        try:
            owner = os.stat(path).st_uid
        except FileNotFoundError:
            parent = os.path.dirname(path)
            if parent == path:
                return None
            path = parent
            continue
        except OSError:
            return None
        break
    if owner == euid() or (owner == 0 and path not in own
                           and os.access(path, os.W_OK | os.X_OK)):
        return None
    return path, owner


def cache_problem() -> str | None:
    """Why the pattern cache is off for this user though it is on, for ``status``; None when
    it works (or is turned off on purpose)."""
    directory = cache_directory()
    found = _foreign(directory) if directory is not None else None
    if found is None or directory is None:
        return None
    path, owner = found
    try:
        import pwd

        name = pwd.getpwuid(owner).pw_name
    except (ImportError, KeyError):
        name = f"user {owner}"
    from autodream.errors import printable

    base = os.path.dirname(os.path.dirname(directory))
    # ``rm`` is offered only for what autodream made: a folder of the cache's own. The nearest
    # folder there may be anything above it (``/`` with HOME=/ in a container with no passwd
    # entry, ``/var/cache``, a ``~/.cache`` root made), and removing that loses other things.
    ours = (os.path.join(base, "patterns"),
            *((base,) if not os.environ.get("AUTODREAM_CACHE_DIR") else ()))

    def inside(folder: str) -> bool:
        return any(folder == top or folder.startswith(top + os.sep) for top in ours)

    sudo_made = owner == 0 and printable(path) == path and inside(path)
    # the highest of the folders root made there: removing a lower one, the person's next run
    # finds the one above it root's still
    top = path
    while sudo_made and inside(os.path.dirname(top)) and _owner(os.path.dirname(top)) == 0:
        top = os.path.dirname(top)
    above = os.path.dirname(top)
    # removed, it would be made again in the folder above: of no use when that one is another
    # user's too (a ``~/.cache`` root made), and what is above autodream's own folder is not
    # autodream's to offer commands for
    removable = sudo_made and _may_make_in(above)
    made = path == base or path.startswith(base + os.sep)
    where = (f"{printable(top)} belongs to {name}" if made
             else f"its folder {printable(base)} would be made in {printable(path)}, which "
                  f"belongs to {name}")
    chosen = os.environ.get("AUTODREAM_CACHE_DIR")
    if sudo_made:
        # (HOME is what sudo keeps; a folder named by a setting was made wherever that pointed)
        by_home = not chosen and not os.environ.get("XDG_CACHE_HOME")
        where += f" (a `sudo autodream`{' that kept HOME' if by_home else ''} made it?)"
    if sudo_made and not removable:
        where += f", as does {printable(above)}, where it would be made again"
    setting = ("point AUTODREAM_CACHE_DIR at a folder of your own" if chosen
               else "set AUTODREAM_CACHE_DIR to a folder of your own")
    if removable:
        import shlex

        fix = f"remove it (sudo rm -r {shlex.quote(top)}) or {setting}"
    else:
        fix = setting
    return (f"the pattern cache is off: {where}, and autodream writes no cache into another "
            f"user's folder, so each run compiles its patterns again (~0.6 s); {fix}")


def _owner(path: str) -> int | None:
    try:
        return os.stat(path).st_uid
    except OSError:
        return None


def _may_make_in(folder: str) -> bool:
    """Whether this user may make the cache's folder in ``folder``: theirs, or root's and
    open to them (``/tmp``), as ``_foreign`` allows."""
    owner = _owner(folder)
    return owner is not None and (owner == os.geteuid() or (
        owner == 0 and os.access(folder, os.W_OK | os.X_OK)))


def _write(path: str, data: bytes) -> None:
    temporary = f"{path}.{os.getpid()}.tmp"
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
    try:
        with os.fdopen(fd, "wb", closefd=False) as handle:
            handle.write(data)
    except BaseException:
        os.close(fd)
        os.unlink(temporary)
        raise
    os.close(fd)
    # No fsync: a torn file fails its checksum and is compiled again; this is only a cache.
    try:
        os.replace(temporary, path)
    except OSError:
        os.unlink(temporary)
        raise
