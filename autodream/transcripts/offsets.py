"""How far each transcript has been read, so the next dream reads only what is new.

For each transcript the store keeps the end offset of the last successful read and a
fingerprint of the prefix up to it (the first 4 KiB and the 4 KiB before the offset). If the
file no longer starts with those bytes, or is shorter than the offset, it was rewritten or
truncated and is read again from the start. The store is one JSON file in the state dir,
written atomically; a missing or corrupt store means "start over", never an error.

Under ``MEMORY.md``'s own path it also keeps how many notes written there the last dream left
for the next one to move (its file budget): like a transcript marked pending, they open the
scan gate, and undo puts the count back with the read positions.

Entries are keyed by the transcript's absolute path, and the store says where it was kept (its
memory dir, ``places``): moved or copied with its project (``mv t t2``, ``cp -a t t3``), it
finds that it now lives elsewhere, and each entry whose path lies under the old place is keyed
under the new one where that file is there (or the old folder is gone); given the folders the
project's dream reads (``reads``), where the new path lies in them, unless the old one does too
and its folder is still there (a copy set to read the original's sessions). Paths a run record
kept from before the move (the positions undo puts back) are taken to the new place the same
way, so an undo after a move still rewinds what the undone dream read.
"""

from __future__ import annotations

import itertools
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Iterable, Mapping

FINGERPRINT_BYTES = 4096
# a pending transcript's mark when a refused write, not the file budget, left it (True)
REFUSED = "refused"
# a pending transcript's mark when an undo took back what a dream learned there
UNDONE = "undone"
_VERSION = 1
# how many earlier places of the store are kept: a run record from before the latest moves
# still finds its transcripts, and the list stays short
_PLACES_KEPT = 8


@dataclass(frozen=True)
class Position:
    """Where to resume reading one transcript."""

    offset: int = 0
    line: int = 0  # lines before ``offset``; the next read starts at line ``line + 1``


def fingerprint(path: Path, offset: int) -> str | None:
    """sha256 over the first 4 KiB and the 4 KiB before ``offset``; None if unreadable/short."""
    # Imported here: hashlib loads OpenSSL (~3 ms), and the gate chain imports this module on
    # the agent's hook path without ever fingerprinting a transcript.
    import hashlib

    digest = hashlib.sha256()
    try:
        with path.open("rb") as fh:
            head = fh.read(min(FINGERPRINT_BYTES, offset))
            start = max(0, offset - FINGERPRINT_BYTES)
            fh.seek(start)
            before = fh.read(offset - start)
    except OSError:
        return None
    if len(before) != offset - start:
        return None
    digest.update(head)
    digest.update(b"\0")
    digest.update(before)
    return digest.hexdigest()


OFFSETS_FILENAME = "offsets.json"  # in the state dir


class OffsetStore:
    """Per-transcript read positions, kept in one JSON file (``<state_dir>/offsets.json``)."""

    def __init__(self, path: str | os.PathLike[str], *,
                 reads: Iterable[str | os.PathLike[str]] | None = None) -> None:
        """``reads``: the folders this project's dream reads transcripts in (its sessions,
        memory and project dirs): after a move or copy an entry is keyed under the new place
        only where the new path lies in them, and one whose old path lies in them stays (a copy
        configured to read the original's sessions reads them there, not its own copies).
        None (a store opened outside a project's run): any path under the new place."""
        self.path: Path | None = Path(path)
        self._reads = None if reads is None else _folders(reads)
        data = self._load(self.path)
        self._entries: dict[str, dict[str, Any]] = self._files(data)
        # (the store lives in ``<memory_dir>/.autodream/``; by real path, as transcripts are kept)
        self._place = os.path.realpath(self.path.parent.parent)
        places = data.get("places")
        if isinstance(places, list):
            self._places = [p for p in places if isinstance(p, str)][-_PLACES_KEPT:]
        else:
            # written before stores said where they were: a move since shows as transcripts
            # gone from where they were read and there under the moved folder
            guessed = _guessed_place(self._entries, self._place)
            self._places = [guessed] if guessed is not None else []
        self._moves = _moves(self._places, self._place)
        # earlier places' folders no longer on disk (moved, not copied): what was read there is
        # here now, or was deleted before the move; either is keyed here without looking, so a
        # deleted one's position is saved here, not looked for on every load again
        self._gone = {old for old, _ in self._moves if not os.path.lexists(old)}
        olds = tuple(old for old, _ in self._moves)
        # (one look at each key, no calls: a store saved here after a move keys nothing under an
        # earlier place, unless this project reads there still -- a copy set to read the
        # original's sessions -- whose keys stay and are looked over on each load)
        if olds and any(key.startswith(olds) for key in self._entries):
            # an entry kept under the new place already is newer than the old place's (an older
            # autodream dreamed after the move, keying the session under both paths), and one
            # from a newer place newer than an older place's: whatever order the keys sort in
            moved: dict[str, tuple[int, dict[str, Any]]] = {}
            for key, entry in self._entries.items():
                found = self._moved_by(key)
                new_key, age = found if found is not None else (key, 0)
                if new_key not in moved or age < moved[new_key][0]:
                    moved[new_key] = (age, entry)
            self._entries = {key: entry for key, (_, entry) in moved.items()}

    @classmethod
    def of(cls, entries: Mapping[str, Mapping[str, Any]]) -> OffsetStore:
        """A store holding ``entries`` (what a run record keeps of the positions a dream left),
        to ask of a past dream what the live store is asked; it has no file and is never
        saved, so it cannot put a past dream's positions over the live ones."""
        store = cls.__new__(cls)
        store.path = None
        store._entries = {k: dict(v) for k, v in entries.items()}
        store._place, store._places, store._moves, store._gone = "", [], [], set()
        store._reads = None
        return store

    @staticmethod
    def _load(path: Path) -> dict[str, Any]:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError, RecursionError):
            return {}
        if not isinstance(data, dict) or data.get("version") != _VERSION:
            return {}
        return data

    @staticmethod
    def _files(data: dict[str, Any]) -> dict[str, dict[str, Any]]:
        files = data.get("files")
        if not isinstance(files, dict):
            return {}
        return {k: v for k, v in files.items() if isinstance(v, dict)}

    def _key(self, path: str | os.PathLike[str]) -> str:
        """The key ``path`` is kept under: itself, or, the store moved since ``path`` was
        written down, the same file under the store's new place when it is there."""
        key = os.fspath(path)
        if not self._moves or key in self._entries:
            return key
        found = self._moved_by(key)
        return found[0] if found is not None else key

    def _moved_by(self, key: str) -> tuple[str, int] | None:
        """``key`` under the store's new place, where that file is there (or kept already, or
        its old folder is gone), and by which move: 1 the newest, 2 the one before, ..."""
        for age, (old, new) in enumerate(self._moves, start=1):
            if not key.startswith(old):
                continue
            moved = new + key[len(old):]
            if self._reads is not None:
                # this project's dream reads there or not, whatever is on disk: a copy whose
                # config names the original's sessions dir reads the original's transcripts
                # (keyed under its own copies, a session said on in the original was never
                # read there again); one its dream does not read is keyed here, where it is
                # read, even gone since (deleted before the copy: no disk look on each load)
                if not _inside(moved, self._reads):
                    continue
                if old not in self._gone and _inside(key, self._reads):
                    return None
                return moved, age
            if old in self._gone or moved in self._entries or os.path.lexists(moved):
                return moved, age
        return None

    def located(self, path: str | os.PathLike[str]) -> str:
        """Where the transcript a record kept as ``path`` is now (moved with the store, or
        ``path`` itself)."""
        return self._key(path)

    def position_for(self, path: str | os.PathLike[str]) -> Position:
        """The recorded position if the file still has the prefix it had; else the start."""
        entry = self._entries.get(self._key(path))
        if entry is None:
            return Position()
        offset, line, size = entry.get("offset"), entry.get("line", 0), entry.get("size")
        if not isinstance(offset, int) or not isinstance(line, int) or offset <= 0:
            return Position()
        file_path = Path(path)
        try:
            current = file_path.stat().st_size
        except OSError:
            return Position()
        if current < offset or (isinstance(size, int) and current < size):
            return Position()  # truncated
        if fingerprint(file_path, offset) != entry.get("fingerprint"):
            return Position()  # rewritten
        return Position(offset, line)

    def start_for(self, path: str | os.PathLike[str]) -> int:
        """Byte offset to resume reading ``path`` from (0: read it all)."""
        return self.position_for(path).offset

    def record(self, path: str | os.PathLike[str], end_offset: int, line: int = 0) -> None:
        """Remember that ``path`` was read successfully up to ``end_offset`` (line ``line``)."""
        file_path = Path(path)
        key = self._key(path)
        if end_offset <= 0:
            self._entries.pop(key, None)
            return
        try:
            size = file_path.stat().st_size
        except OSError:
            self._entries.pop(key, None)
            return
        self._entries[key] = {
            "offset": end_offset,
            "line": line,
            "size": size,
            "fingerprint": fingerprint(file_path, end_offset),
        }

    def entry(self, path: str | os.PathLike[str]) -> dict[str, Any] | None:
        """What is recorded for ``path`` as stored (None: nothing), to put back with ``put``."""
        entry = self._entries.get(self._key(path))
        return dict(entry) if entry is not None else None

    def put(self, path: str | os.PathLike[str], entry: dict[str, Any] | None) -> None:
        """Set ``path``'s record to one ``entry`` gave (None: forget it), as undo does."""
        if entry is None:
            self._entries.pop(self._key(path), None)
        else:
            self._entries[self._key(path)] = dict(entry)

    def mark_pending(self, path: str | os.PathLike[str], *, refused: str | None = None,
                     limit: int | None = None, undone: bool = False) -> None:
        """``path`` holds something a dream read but could not keep (the file budget, or a
        refused write that was to save it: ``refused`` says why, under ``limit``, the
        max_write_bytes then; or an undo took back what it learned there: ``undone``): the next
        dream reads it again from where it was, touched since or not. Refusals in a row are
        counted: past the first retry the session only waits (``stuck``)."""
        key = self._key(path)
        entry = {k: v for k, v in self._entries.get(key, {}).items()
                 if k not in ("pending", "refusals", "why", "limit")}
        if undone:
            entry["pending"] = UNDONE
        elif refused is None:
            entry["pending"] = True
        else:
            entry.update(pending=REFUSED, refusals=self.refusals(path) + 1, why=refused)
            if limit is not None:
                entry["limit"] = limit
        self._entries[key] = entry

    def pending(self) -> list[str]:
        """The transcripts ``mark_pending`` left for the next dream."""
        return sorted(k for k, v in self._entries.items() if v.get("pending"))

    def refused(self) -> list[str]:
        """Those of ``pending`` left because a write that was to save what they said was
        refused."""
        return sorted(k for k, v in self._entries.items() if v.get("pending") == REFUSED)

    def undone(self) -> list[str]:
        """Those of ``pending`` an undo left to be read again."""
        return sorted(k for k, v in self._entries.items() if v.get("pending") == UNDONE)

    def refusals(self, path: str | os.PathLike[str]) -> int:
        """How many dreams in a row refused to write what ``path`` said (0: none)."""
        entry = self._entries.get(self._key(path)) or {}
        count = entry.get("refusals", 1)
        if entry.get("pending") != REFUSED:
            return 0
        return count if isinstance(count, int) and count > 0 else 1

    def stuck(self, limit: int | None = None) -> dict[str, str]:
        """Of ``refused``, those whose retry was refused again (under the same max_write_bytes
        ``limit``, when given): path -> why. Reading them again alone only meets the same
        refusal, so they wait for a dream other sessions start (or a changed limit)."""
        out: dict[str, str] = {}
        for key in self.refused():
            entry = self._entries[key]
            if self.refusals(key) >= 2 and (limit is None or entry.get("limit") in (None, limit)):
                out[key] = self._why(key)
        return out

    def refused_why(self) -> dict[str, str]:
        """``refused``, each with why its write was refused (what ``show`` says of it)."""
        return {key: self._why(key) for key in self.refused()}

    def _why(self, key: str) -> str:
        return str(self._entries[key].get("why") or "the write was refused")

    def mark_notes_waiting(self, index: str | os.PathLike[str], count: int) -> None:
        """``count`` notes written in ``index`` (MEMORY.md) wait for the next dream to move
        them; 0: none."""
        if count > 0:
            self._entries[self._key(index)] = {"notes_waiting": count}
        else:
            self._entries.pop(self._key(index), None)

    def notes_waiting(self, index: str | os.PathLike[str]) -> int:
        """How many notes ``mark_notes_waiting`` said wait in ``index``."""
        count = (self._entries.get(self._key(index)) or {}).get("notes_waiting")
        return count if isinstance(count, int) and count > 0 else 0

    def forget(self, path: str | os.PathLike[str]) -> None:
        self._entries.pop(self._key(path), None)

    def save(self, *, make: bool = True) -> None:
        """Write the store atomically (temp file in the same dir, fsync, ``os.replace``).
        ``make=False``: its folder is not made where missing (``FileNotFoundError``)."""
        if self.path is None:
            raise ValueError("a store of a run record's positions has no file to save to")
        # Imported here: the hook's gate chain reads the store but never saves it.
        from autodream.memory.commit import state_root, write_atomic

        # compact: one entry per transcript, rewritten by every dream; the C encoder only runs
        # without ``indent``, and an indented store costs several ms per dream at 400 sessions
        places = [p for p in self._places if p != self._place][1 - _PLACES_KEPT:]
        body = json.dumps(
            {"version": _VERSION, "files": self._entries, "places": [*places, self._place]},
            sort_keys=True, separators=(",", ":"))
        # No directory fsync: losing the rename to a crash only means the next dream reads
        # some transcripts again.
        write_atomic(self.path, body.encode("utf-8"), tag="offsets", sync_dir=False,
                     root=state_root(self.path.parent), make=make)


def _folders(paths: Iterable[str | os.PathLike[str]]) -> tuple[str, ...]:
    """Each folder as given and by real path (keys are kept by real path, a folder may be set
    through a symlink), ending in a separator."""
    found: list[str] = []
    for path in paths:
        for form in (os.path.abspath(path), os.path.realpath(path)):
            folder = os.path.join(form, "")
            if folder not in found:
                found.append(folder)
    return tuple(found)


def _inside(key: str, folders: tuple[str, ...]) -> bool:
    return key.startswith(folders)


def _moves(places: list[str], place: str) -> list[tuple[str, str]]:
    """For each earlier place of a store now at ``place`` (newest first), the folder that moved
    with it and where that folder is now, each ending in a separator: the parts after the two
    places' shared last components (``/a/t/memory`` now ``/b/t2/memory``: ``/a/t/`` is
    ``/b/t2/``), since a project moved whole takes its sessions and logs beside its memory."""
    moves: list[tuple[str, str]] = []
    new_parts = Path(place).parts
    for old in reversed(places):
        if old == place or not os.path.isabs(old):
            continue
        old_parts = Path(old).parts
        shared = 0
        while (shared < min(len(old_parts), len(new_parts)) - 1
               and old_parts[-1 - shared] == new_parts[-1 - shared]):
            shared += 1
        old_base = os.path.join(*old_parts[:len(old_parts) - shared], "")
        new_base = os.path.join(*new_parts[:len(new_parts) - shared], "")
        if old_base != new_base and (old_base, new_base) not in moves:
            moves.append((old_base, new_base))
    return moves


# how many transcripts gone from where they were read ``_guessed_place`` looks for elsewhere
_GUESSES = 20
# how many path components below the folder that moved it looks for one at (sessions/x.jsonl
# is 2, a Codex rollout's sessions/2026/07/01/x.jsonl 5): each try builds a path, and trying all
# of a hostile store's keys of thousands of components took seconds a load (quadratic)
_DEPTH_BELOW = 16


def _guessed_place(entries: Mapping[str, Any], place: str) -> str | None:
    """Where a store written before stores kept their place (``places``) was when it was
    written, for one now at ``place``: a transcript gone from the path it was read under, found
    at the same path below the folder that moved (``/a/t/sessions/x.jsonl`` gone and
    ``/b/t2/sessions/x.jsonl`` there, the store now in ``/b/t2/memory``: it was in
    ``/a/t/memory``), the old folder (``/a/t``) gone. None when every transcript is where it was
    read (or none is found so)."""
    new_parts = Path(place).parts
    missing = (key for key in sorted(entries)
               if os.path.isabs(key) and not os.path.lexists(key))
    for key in itertools.islice(missing, _GUESSES):
        key_parts = Path(key).parts
        # the folder that moved holds the store: its new name is one of the store's folders,
        # the nearest first; the transcript's path below it, the shortest first
        for kept in range(len(new_parts) - 1, 0, -1):
            for below in range(len(key_parts) - 1, max(0, len(key_parts) - 1 - _DEPTH_BELOW), -1):
                # moved, the folder is gone from where it was (and the store with it); still
                # there, the transcript was deleted, and a file of the same path below another
                # folder (memory/logs/x.md deleted, logs/x.md kept) says nothing of a move
                if (os.path.lexists(os.path.join(*new_parts[:kept], *key_parts[below:]))
                        and not os.path.lexists(os.path.join(*key_parts[:below]))):
                    return os.path.join(*key_parts[:below], *new_parts[kept:])
    return None
