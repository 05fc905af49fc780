"""``autodream scrub``: take a credential the redactor missed out of memory and the journal.

A secret of a shape ``redact`` does not know can reach a memory file; a dream then keeps copies
of it in its before- and after-images, its run record (decisions, tool calls) and the diary.
``scrub`` replaces every literal occurrence, in the memory dir and everything under the state
dir, by the redactor's placeholder, and brings the hashes and sizes the journal keeps for undo
and recovery in line with the scrubbed bytes, so ``undo`` still restores the (scrubbed) state a
run found.

The files are staged first (a temp file beside each, fsynced), then put in place one by one;
an error or Ctrl-C while they are put in place writes back the ones already replaced, so a scrub
that fails leaves every byte as it was. autodream's own JSON goes in first: after a hard crash
part way a second ``scrub`` of the same value finishes the job, since the hashes of what is not
scrubbed yet are still found by reading it.

Nothing of the value is kept: not in output, not in the journal, not as a hash (a short value's
hash is cheap to reverse); only counts and file names. Transcripts are never changed (they are
Claude Code's and Codex's); the ones that hold the value are listed, so the person knows to
rotate the credential.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import re
import stat
import string
import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from autodream import rx
from autodream.errors import (
    REDACTED,
    AutodreamError,
    BadInput,
    NotFound,
    ScrubFailed,
    printable,
)
from autodream.memory import commit as commit_mod
from autodream.memory import staging
from autodream.settings import LOCK_FILENAME, Settings

PLACEHOLDER = REDACTED.format(kind="scrubbed")
# Said after a secret a dream found in memory and left there: fixing the file by hand leaves
# the journal's copies behind
SCRUB_HINT = "; `autodream scrub` takes it out of memory and the journal's copies"

# Shorter than this, a literal match would hit ordinary words and numbers in memory and rewrite
# them: a credential is longer than any word it could be mistaken for.
MIN_LENGTH = 8
# A value of only letters is a word ("password") unless it is a passphrase of this many words:
# one or two words are found in ordinary notes, three in that order hardly ever
PASSPHRASE_WORDS = 3
# A start of the value cut short by a record ("Sup3r…") is replaced only this long or longer,
# and only with a digit or a sign in it (or two thirds of the value): "hunt…" is a word's start
MIN_CUT = 5
# The chosen new names of the files a scrub renames (never the old ones: they hold the value),
# written before anything moves, so a scrub killed part way is finished under the same names
NAMES_FILENAME = "scrub-names.json"
_TEMP_TAG = "scrub"  # (commit.write_atomic's temp files are ".<name>.<tag>.tmp")
_TEMP_SUFFIX = f".{_TEMP_TAG}.tmp"
# Read in blocks so a transcript of hundreds of MB is searched in constant memory.
_BLOCK = 1 << 20
# what a scrub keeps in the state dir, as its refusal of a read-only one says
_KEPT = ("a scrub replaces the value in the run records there too, and keeps its own record and "
         "DREAMS.md")
_KEPT_IN_RUNS = "a scrub makes a folder for its own record"
_KEPT_URLS = "a scrub of URLs rewrites the run records and DREAMS.md"

# What a file name holding the value gets in its place (in slug form, so a topic file's name
# stays one: "reference_grafana-login-admin-redacted.md")
NAME_PLACEHOLDER = "redacted"

# Called after each file is put in place with "replace <path>"; tests fail the scrub there.
StepHook = Callable[[str], None]


def scrub_hint(check: str, message: str) -> str:
    """``SCRUB_HINT`` for a check that found a secret in memory ('' for anything else, a mark
    an older dream left included: it holds no value to scrub)."""
    return SCRUB_HINT if check == "secret" and "contains a secret" in message else ""


@dataclass
class ScrubbedFile:
    """One file the scrub changed (or would): where, and how many occurrences it held."""

    path: str  # relative to the memory dir, POSIX (".autodream/runs/<id>/before/x.md")
    count: int

    def as_dict(self) -> dict[str, Any]:
        return {"path": self.path, "count": self.count}


@dataclass
class SkippedFile:
    """A file the scrub listed but did not read: it became something else (a named pipe, a
    link) or went while the scrub ran."""

    path: str  # relative to the memory dir, the value in its name shown as "<value>"
    reason: str

    def as_dict(self) -> dict[str, Any]:
        return {"path": self.path, "reason": self.reason}


@dataclass
class ScrubReport:
    """What a scrub did: the files that held the value, the journal files whose integrity data
    was brought in line, and the transcripts still holding it."""

    dry_run: bool
    files: list[ScrubbedFile] = field(default_factory=list)
    # autodream's JSON whose recorded hashes and sizes changed with the scrubbed files
    rehashed: list[str] = field(default_factory=list)
    transcripts: list[str] = field(default_factory=list)
    # files whose name held the value, by their new names (the old ones hold the value)
    renamed: list[str] = field(default_factory=list)
    # files that, scrubbed, still hold a long part of the value (a copy cut short or changed)
    partial: list[str] = field(default_factory=list)
    # files still holding a word-like value in another case (it is matched as given)
    case_only: list[str] = field(default_factory=list)
    # files listed but not read, each with why
    skipped: list[SkippedFile] = field(default_factory=list)

    @property
    def occurrences(self) -> int:
        return sum(f.count for f in self.files)

    @property
    def memory_files(self) -> list[str]:
        """The files of memory itself that held the value (not the journal's copies)."""
        return [f.path for f in self.files if not f.path.startswith(".")]

    @property
    def status(self) -> str:
        """What a script reads first (``--json``'s ``"status"``): ``"incomplete"`` when files
        were skipped, which the scrub neither read nor changed (the value stays on disk in a
        link's or pipe's name; a file swapped or moved while it ran was not searched), else
        ``"ok"``."""
        return "incomplete" if self.skipped else "ok"

    def as_dict(self) -> dict[str, Any]:
        return {
            "dry_run": self.dry_run,
            "placeholder": PLACEHOLDER,
            "occurrences": self.occurrences,
            "files": [f.as_dict() for f in self.files],
            "rehashed": list(self.rehashed),
            "renamed": list(self.renamed),
            "partial": list(self.partial),
            "case_only": list(self.case_only),
            "skipped": [f.as_dict() for f in self.skipped],
            "transcripts": list(self.transcripts),
        }


def word_like(secret: str) -> bool:
    """Whether ``secret`` is made only of letters (words, with spaces, hyphens or apostrophes
    between them): then only whole words are replaced, case kept, as in a passphrase."""
    return all(ch.isalpha() or ch in " -'" for ch in secret)


def check_value(value: str, *, force: bool = False) -> str:
    """The value to scrub, its surrounding whitespace dropped (``echo`` adds a newline) and in
    NFC form; ``BadInput`` when it is empty, too short to match only itself, or an ordinary
    word (letters only, under ``PASSPHRASE_WORDS`` words) the person did not insist on."""
    secret = unicodedata.normalize("NFC", value.strip())
    if not secret:
        raise BadInput("no value to scrub was given (pipe it in: "
                       "printf %s \"$TOKEN\" | autodream scrub)")
    if len(secret) < MIN_LENGTH:
        raise BadInput(f"the value to scrub is {len(secret)} character(s); at least "
                       f"{MIN_LENGTH} are needed, since a shorter one would match too much "
                       "ordinary text")
    if secret.lower() in PLACEHOLDER.lower():
        raise BadInput("the value to scrub is part of the placeholder that replaces it")
    if _case_kept(secret) and not force:
        raise BadInput("refused: the value to scrub is made only of letters, like an ordinary "
                       "word, and would be replaced wherever that word is written in your notes "
                       "and file names; a real credential rarely is. If it is the leaked value, "
                       "run again with --force (then only whole words with the same case are "
                       "replaced); nothing was changed")
    return secret


def scrub_project(
    settings: Settings, value: str, *, dry_run: bool = False, on_step: StepHook | None = None,
    force: bool = False,
) -> ScrubReport:
    """Scrub ``value`` from the project's memory dir and state dir, holding the consolidation
    lock (``LockHeld`` when a dream runs); its mtime is rolled back after, as an undo's is."""
    from autodream.journal import recover
    from autodream.lock import ConsolidationLock

    secret = check_value(value, force=force)
    if not settings.memory_dir.is_dir():
        raise NotFound(f"no memory dir at {settings.memory_dir}")
    if (layout := settings.layout_error()) is not None:
        raise layout  # (it would rewrite the transcripts it takes for memory files)
    if not dry_run and (unwritable := settings.state_dir_write_error(_KEPT) or (
            settings.state_dir_write_error(_KEPT_IN_RUNS,
                                           folder=commit_mod.RUNS_DIRNAME))) is not None:
        # its record is saved there after the value is replaced in memory: failing then left
        # memory changed by a scrub that said only 'cannot use .DREAMS.md.autodream.tmp' (or,
        # the runs folder alone read-only, 'cannot use .../runs/<new id>')
        raise unwritable
    lease = ConsolidationLock.for_settings(settings).acquire()
    try:
        if not dry_run:
            # an interrupted commit is rolled back first, by the hashes it recorded
            try:
                recover(settings.memory_dir, settings.state_dir, settings.now_dt(),
                        reads=settings.read_dirs)
            except (AutodreamError, OSError) as exc:
                raise _masked(exc, _name_pattern(value_forms(secret))) from None
        report = scrub(settings.memory_dir, settings.state_dir, secret, dry_run=dry_run,
                       on_step=on_step)
        if not dry_run and (report.files or report.renamed):
            _record(settings, report)
    finally:
        lease.rollback()
    report.transcripts = transcripts_holding(settings, secret)
    return report


@dataclass
class RecordedUrls:
    """What ``autodream scrub --urls`` did: the journal files (relative to the project) whose
    URLs it rewrote, and those it could not read (not JSON, not UTF-8), left as they are."""

    masked: list[str] = field(default_factory=list)
    unreadable: list[str] = field(default_factory=list)


def scrub_recorded_urls(settings: Settings, *, dry_run: bool = False) -> RecordedUrls:
    """``autodream scrub --urls``: ``mask_recorded_urls`` under the consolidation lock
    (``LockHeld`` when a dream runs), which needs no value: the person may not know which
    token an older record kept. As a scrub of a value, it refuses a read-only state dir before
    anything changes and first rolls back a commit cut short (by the hashes it recorded: a
    record rewritten under it would be one the roll-back no longer matches). Its mtime is
    rolled back after, as a scrub's is."""
    from autodream.journal import recover
    from autodream.lock import ConsolidationLock

    if not settings.state_dir.is_dir():
        return RecordedUrls()
    if (layout := settings.layout_error()) is not None:
        raise layout
    if not dry_run and (unwritable := settings.state_dir_write_error(_KEPT_URLS)) is not None:
        raise unwritable
    lease = ConsolidationLock.for_settings(settings).acquire()
    try:
        if not dry_run:
            recover(settings.memory_dir, settings.state_dir, settings.now_dt(),
                    reads=settings.read_dirs)
        return mask_recorded_urls(settings.state_dir, dry_run=dry_run)
    except OSError as exc:
        raise ScrubFailed(f"cannot rewrite a record: {printable(str(exc))}", []) from None
    finally:
        lease.rollback()


def mask_recorded_urls(state_dir: Path, *, dry_run: bool = False) -> RecordedUrls:
    """The run records and ``DREAMS.md`` (relative to ``state_dir``) that named a URL with its
    secret, each rewritten (atomically, unless ``dry_run``) with only those secrets hidden
    (backends/urls.url_secrets_hidden): an older autodream kept 'cannot reach
    http://bob:hunter2pass@host/v1' in the record, the diary, and so in log and show. A
    record's ``changes`` keep their paths and hashes as written: undo reads them. A file that
    is not JSON (a record cut short) or not UTF-8 is counted as unreadable and left."""
    from autodream.backends.urls import url_secrets_hidden
    from autodream.journal import DIARY_FILENAME, RECORD_FILENAME

    def masked(value: Any, key: str = "") -> Any:
        if key == "changes":
            return value
        if isinstance(value, str):
            # (only a URL's secret pieces: 'ssh://git@github.com/...' or '?q=python' in a
            # decision are left as the record says them)
            return url_secrets_hidden(value)
        if isinstance(value, list):
            return [masked(item) for item in value]
        if isinstance(value, dict):
            return {k: masked(item, k) for k, item in value.items()}
        return value

    runs = state_dir / commit_mod.RUNS_DIRNAME
    records = sorted(runs.glob(f"*/{RECORD_FILENAME}")) if runs.is_dir() else []
    found = RecordedUrls()
    for path in [*records, state_dir / DIARY_FILENAME]:
        if path.is_symlink() or not path.is_file():
            continue
        try:
            text = path.read_text("utf-8")
            record = json.loads(text) if path.name == RECORD_FILENAME else None
        except ValueError:  # (UnicodeDecodeError and JSONDecodeError both are)
            found.unreadable.append(_rel(path, state_dir.parent))
            continue
        if "://" not in text:
            continue
        if record is not None:
            shown = json.dumps(masked(record), indent=2, sort_keys=True,
                               ensure_ascii=False) + "\n"
            changed = json.loads(shown) != record
        else:
            shown = url_secrets_hidden(text)
            changed = shown != text
        if not changed:
            continue
        found.masked.append(_rel(path, state_dir.parent))
        if not dry_run:
            commit_mod.write_atomic(path, shown.encode("utf-8"), tag="scrub")
    return found


def _masked(exc: AutodreamError | OSError, pattern: re.Pattern[str]) -> BaseException:
    """``exc`` (the recovery a scrub runs first failed) with the value masked in the names of
    the files it gives (a roll-back that could not put back 'ref-<value>.md'), as a skipped
    file's is: the line is printed by the command run to remove the value. Masked in place:
    its class, exit code and what else it carries stay."""
    if isinstance(exc, OSError):
        for attr in ("filename", "filename2", "strerror"):
            if isinstance(said := getattr(exc, attr), (str, bytes)):
                setattr(exc, attr, pattern.sub(_MASK, os.fsdecode(said)))
        return exc
    exc.args = tuple(pattern.sub(_MASK, a) if isinstance(a, str) else a for a in exc.args)
    return exc


def _record(settings: Settings, report: ScrubReport) -> None:
    """A run of its own in the journal, so ``log`` (and the diary) say a scrub ran and what it
    changed: counts and the new names only, never the value. It changes no file undo could
    restore (the bytes it replaced held the value), so it records no changes."""
    from autodream import journal

    now = settings.now_dt()
    record = journal.begin_run(settings.state_dir, trigger="scrub", now=now)
    renamed = f", renamed {len(report.renamed)} file(s)" if report.renamed else ""
    journal.finish_run(
        settings.state_dir, record, outcome="committed", now=now,
        reason=(f"scrubbed a leaked value: {report.occurrences} occurrence(s) in "
                f"{len(report.files)} file(s) replaced with {PLACEHOLDER}{renamed}"))


def value_forms(secret: str) -> list[str]:
    """The forms of ``secret`` to scrub, longest first: as given, and with the punctuation at
    its ends dropped when that is still ``MIN_LENGTH`` long, as a copy in memory may have lost
    it ("login admin / Sup3r-S3cret-Pw!" is kept as "... Sup3r-S3cret-Pw")."""
    forms = [secret]
    stripped = secret.strip(string.punctuation)
    if stripped != secret and len(stripped) >= MIN_LENGTH and stripped not in PLACEHOLDER:
        forms.append(stripped)
    # a copy in decomposed form (macOS file names, text pasted from some editors) is the same
    # value to the eye and to whoever reads it
    forms += [nf for f in list(forms) for nf in (unicodedata.normalize("NFC", f),
                                                  unicodedata.normalize("NFD", f))
              if nf not in forms]
    return sorted(dict.fromkeys(forms), key=lambda f: (-len(f), f != secret, f))


def _whole(body: str, word: bool, edge: str = r"\w") -> str:
    """``body`` as whole words only when the value is ``word``-like: "password" must not take
    "passwordless" or "passwords" with it."""
    return rf"(?<!{edge})(?:{body})(?!{edge})" if word else f"(?:{body})"


def _value_re(forms: list[str]) -> re.Pattern[str]:
    """The value's forms in a text. A value with a digit or a sign in it is no ordinary text,
    so a copy differing only in case (a slug or a title lower- or capital-cased it) is a copy
    of it and goes too, as does a passphrase's (``PASSPHRASE_WORDS`` words in that order are
    no one's prose); a word or two forced through keep their case, whole words only (a copy in
    another case is warned about, see ``ScrubReport.case_only``). A value of digits only is a
    whole number: "4821993377" is no part of an id "948219933771"."""
    word = word_like(forms[0])
    body = "|".join(re.escape(f) for f in forms)
    if forms[0].isdigit():
        return re.compile(_whole(body, True, r"\d"))
    return re.compile(_whole(body, word), 0 if _case_kept(forms[0]) else re.IGNORECASE)


def _case_kept(secret: str) -> bool:
    """Whether only copies in the case given are the value: a word or two of letters, which
    start a sentence capitalised as anyone's would."""
    return word_like(secret) and len(secret.split()) < PASSPHRASE_WORDS


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def _name_pattern(forms: list[str]) -> re.Pattern[str]:
    """A value's forms as they would stand in a file name: as written, or in slug form (a
    topic file's name is the slug of its title), case ignored."""
    word = word_like(forms[0])
    variants = {f for f in forms} | {_slug(f) for f in forms if len(_slug(f)) >= MIN_LENGTH}
    ordered = sorted(variants, key=lambda v: (-len(v), v))
    # a word of the value with letters and a digit, which a slug keeps as a name
    # ("Sup3r-S3cret-Pw!" titled a file "...-login-admin-sup3r.md"): no word of a name
    # chosen for its meaning, so it goes too, as a whole word of the name
    words = sorted({w for w in re.findall(r"[a-z0-9]+", forms[0].lower())
                    if len(w) >= 5 and re.search(r"[a-z]", w) and re.search(r"\d", w)},
                   key=lambda w: (-len(w), w))
    digits = forms[0].isdigit()  # (a whole number there too: see _value_re)
    alternatives = [_whole(re.escape(v), word or digits, r"\d" if digits else r"[^\W_]")
                    for v in ordered] + [
        rf"(?<![a-z0-9]){re.escape(w)}(?![a-z0-9])" for w in words]
    return re.compile("|".join(alternatives), re.IGNORECASE)


def _renamed(name: str, pattern: re.Pattern[str]) -> str:
    """``name`` with the value (``pattern``) replaced by ``NAME_PLACEHOLDER``."""
    stem, dot, ext = name.rpartition(".") if "." in name.lstrip(".") else (name, "", "")
    # a dash either side of the placeholder, never two: "x--redacted" reads as a slip
    stem = re.sub(r"-{2,}", "-", pattern.sub(NAME_PLACEHOLDER, stem))
    return f"{stem}{dot}{ext}"


def _as_named(name: str) -> str:
    """A file name an older scrub wrote with ``PLACEHOLDER`` in it, as a scrub names it now."""
    return re.sub(r"-{2,}", "-", name.replace(PLACEHOLDER, NAME_PLACEHOLDER))


def _new_names(
    paths: list[Path], pattern: re.Pattern[str], forms: list[str],
    chosen: dict[str, str] | None = None,
) -> dict[str, str]:
    """Every file name among ``paths`` that holds the value, and the name it gets: the value
    replaced by ``NAME_PLACEHOLDER``, numbered when that name is taken in a directory the old
    name is in. One name maps to one new name in every directory, so a memory file and its
    copies in the runs stay alike; and a scrub killed part way, run again, picks the names the
    journal already holds (where a file was renamed, its old name is gone). A file already
    under the new name whose bytes are the old one's scrubbed does not take the name: it is
    the old one's copy, placed by a scrub killed before it removed the old name. ``chosen``:
    the names a scrub killed part way wrote down (``NAMES_FILENAME``), by the name before
    numbering; they are kept, as the files it renamed already have them."""
    in_dir: dict[Path, set[str]] = {}
    for path in paths:
        in_dir.setdefault(path.parent, set()).add(path.name)
    held = sorted({p.name for p in paths if pattern.search(p.name)})
    plain = _Replacer(forms, {name: _renamed(name, pattern) for name in held}, pattern)
    out: dict[str, str] = {}
    for name in held:
        dirs = {d: names for d, names in in_dir.items() if name in names}
        candidate, n = _renamed(name, pattern), 1
        stem, dot, ext = candidate.rpartition(".") if "." in candidate else (candidate, "", "")
        if chosen and candidate in chosen:
            # the memory file may be under it already, its copies in the runs not: numbered
            # afresh, they would take the name free in the runs and part from the journal
            candidate = chosen[candidate]
        while any(candidate in names and not _copy_of(d / name, d / candidate, plain)
                  for d, names in dirs.items()):
            n += 1
            candidate = f"{stem}-{n}{dot}{ext}"
        for names in dirs.values():
            names.add(candidate)
        out[name] = candidate
    return out


def _copy_of(old: Path, new: Path, replacer: _Replacer) -> bool:
    """Whether ``new`` holds ``old``'s bytes as a scrub leaves them."""
    try:
        # (never waiting on a named pipe, nor reading through a link)
        old_bytes, new_bytes = staging.read_regular(old), staging.read_regular(new)
    except OSError:
        return False
    return (old_bytes is not None and new_bytes is not None
            and replacer.data(old_bytes)[0] == new_bytes)


def _refuse_folders(memory_dir: Path, state_dir: Path, pattern: re.Pattern[str]) -> None:
    """``BadInput`` naming (the value masked) the first folder under ``memory_dir`` whose name
    holds the value: a scrub renames files, not folders, and a folder left holding it would
    keep the value on disk while the scrub said it was gone."""
    found: list[str] = []
    for dirpath, dirnames, _filenames in os.walk(memory_dir):
        base = Path(dirpath)
        dirnames[:] = sorted(d for d in dirnames if not (base / d).is_symlink())
        found.extend(_rel(base / d, memory_dir) for d in dirnames if pattern.search(d))
    if not found:
        return
    rel = sorted(found, key=lambda r: (r.startswith("."), r))[0]
    shown = pattern.sub(_MASK, rel)
    runs = f"{_rel(state_dir, memory_dir)}/{commit_mod.RUNS_DIRNAME}/"
    if rel.startswith(runs):
        run_id = rel[len(runs):].split("/")[0]
        fix = (f"delete that run's dir ({runs}{run_id}; its undo goes with it) and run the "
               "scrub again")
        where = f"in run {run_id}'s copies"
    else:
        fix = "rename it by hand and run the scrub again"
        where = "in the memory dir"
    raise BadInput(f"refused: the name of the folder {shown}/ {where} holds the value (shown "
                   f"as {_MASK}), and scrub renames files, not folders: {fix}; nothing was "
                   "changed")


# What stands for the value in a folder's name the scrub refuses (the name is printed)
_MASK = "<value>"


class _Replacer:
    """The value's forms and the names holding it, replaced in a text: the names first (a
    link or a journal path follows its file), then each form by ``PLACEHOLDER``."""

    def __init__(
        self, forms: list[str], names: dict[str, str], pattern: re.Pattern[str],
        present: set[str] | None = None,
    ) -> None:
        self.names = names
        self.pattern = pattern
        # a link an older scrub (one that renamed no file) left as "x-[REDACTED:scrubbed].md":
        # pointed at "x-redacted.md" when a file has that name once this scrub is done
        self.present = present or set()
        self.placeholder_name_re = re.compile(
            r"(?<![\w.-])[\w.-]*" + re.escape(PLACEHOLDER) + r"[\w.-]*\.md(?![\w.-])")
        # a topic file's name holding the value where no file has that name any more (a scrub
        # killed part way renamed them all): it gets the name they got, bar a number
        self.other_name_re = re.compile(
            r"(?<![\w.-])[\w.-]*?(?:" + pattern.pattern + r")[\w.-]*\.md(?![\w.-])",
            re.IGNORECASE)
        ordered = sorted(names, key=lambda n: (-len(n), n))
        self.name_re = re.compile(
            r"(?<![\w.-])(?:" + "|".join(re.escape(n) for n in ordered) + r")(?![\w.-])"
        ) if names else None
        self.value_re = _value_re(forms)
        # the start of the value where a record cut a long text short ("login admin /
        # Sup3r…(+244 chars)", as a tool call's input is kept), from where a word starts:
        # MIN_CUT characters or more with a digit or a sign in it, or two thirds of the value
        # ("hunt…" of "hunter2-hunter2" is the start of a word anyone writes)
        secret = forms[0]
        whole = max(MIN_LENGTH, math.ceil(len(secret) * 2 / 3))
        starts = [re.escape(secret[:n]) for n in range(len(secret) - 1, MIN_CUT - 1, -1)
                  if n >= whole or not secret[:n].replace(" ", "").isalpha()]
        self.cut_re = re.compile(r"(?<!\w)(?:" + "|".join(starts) + r")(?=…)",
                                 self.value_re.flags) if starts else None

    def text(self, value: str, *, cut: bool = True) -> tuple[str, int]:
        """``value`` scrubbed and the count of what was replaced; ``cut``: whether the value's
        start cut short goes too, as in autodream's own records, diffs and diary, which shorten
        long texts (in the person's memory files a word's start is theirs)."""
        count = 0
        if self.name_re is not None and self.name_re.search(value):
            value, n = self.name_re.subn(lambda m: self.names[m[0]], value)
            count += n
        if ".md" in value:
            value, n = self.other_name_re.subn(lambda m: _renamed(m[0], self.pattern), value)
            count += n
        if PLACEHOLDER in value and self.present:
            value, n = self._placeholder_links(value)
            count += n
        value, n = self.value_re.subn(PLACEHOLDER, value)
        count += n
        if cut and self.cut_re is not None and "…" in value:
            value, n = self.cut_re.subn(PLACEHOLDER, value)
            count += n
        return value, count

    def _placeholder_links(self, value: str) -> tuple[str, int]:
        count = [0]

        def repair(match: re.Match[str]) -> str:
            name = _as_named(match[0])
            if name not in self.present:
                return match[0]
            count[0] += 1
            return name

        return self.placeholder_name_re.sub(repair, value), count[0]

    def data(self, data: bytes, *, cut: bool = True) -> tuple[bytes, int]:
        text, count = self.text(data.decode("utf-8", "surrogateescape"), cut=cut)
        return text.encode("utf-8", "surrogateescape"), count


def _parts(secret: str) -> list[str]:
    """The long parts of ``secret`` whose copy in a file after the scrub means the value was
    there cut short or changed: its start and its end, two thirds of it and at least
    ``MIN_LENGTH`` long (none when the value is that short: it is all scrubbed)."""
    size = max(MIN_LENGTH, math.ceil(len(secret) * 2 / 3))
    if size >= len(secret):
        return []
    return sorted({secret[:size], secret[-size:]})


def scrub(
    memory_dir: Path,
    state_dir: Path,
    secret: str,
    *,
    dry_run: bool = False,
    on_step: StepHook | None = None,
) -> ScrubReport:
    """Replace ``secret`` by ``PLACEHOLDER`` in every file of ``memory_dir`` (its state dir
    included), rename the files whose name holds it, and update the journal's hashes and
    paths to match; all files or none. The caller holds the lock and has checked ``secret``
    (``check_value``)."""
    report = ScrubReport(dry_run=dry_run)
    forms = value_forms(secret)
    journal_json: list[Path] = []
    new_data: dict[Path, bytes] = {}
    old_data: dict[Path, bytes] = {}
    moves: dict[Path, Path] = {}
    # sha256 of a content that held the secret -> (sha256, size) of it scrubbed
    rehash: dict[str, tuple[str, int]] = {}
    leftovers: list[Path] = []
    others: list[Path] = []
    unlisted: list[OSError] = []
    paths = list(_files(memory_dir, leftovers, others, unlisted))
    pattern = _name_pattern(forms)
    _refuse_folders(memory_dir, state_dir, pattern)
    names_file = state_dir / NAMES_FILENAME
    names = _new_names(paths, pattern, forms, _chosen_names(names_file))
    # every file name there once the scrub is done: a link an older scrub left pointing at
    # the value's placeholder is pointed at the file renamed since (see _Replacer)
    present = {names.get(p.name, p.name) for p in paths}
    replacer = _Replacer(forms, names, pattern, present)

    def _read_to_move(path: Path) -> bytes | None:
        """The file as found (None: skipped, the report says why), its new name noted when its
        name holds the value."""
        data = _read(memory_dir, path, report, pattern)
        if data is not None and path.name in names:
            moves[path] = path.with_name(names[path.name])
            report.renamed.append(_rel(moves[path], memory_dir))
        return data

    report.skipped += _held_by_others(others, pattern, replacer.value_re, memory_dir)
    report.skipped += [
        SkippedFile(pattern.sub(_MASK, _rel(Path(os.fsdecode(err.filename)), memory_dir)),
                    f"it is a folder the scrub could not list ({err.strerror or err}): files "
                    "in it may hold the value; fix its permissions")
        for err in unlisted if err.filename is not None]
    for path in paths:
        if _is_journal_json(path, state_dir):
            journal_json.append(path)
            continue
        if (data := _read_to_move(path)) is None:
            continue
        scrubbed, count = replacer.data(data, cut=path.is_relative_to(state_dir))
        if not count and path not in moves:
            continue
        old_data[path], new_data[path] = data, scrubbed
        if count:
            rehash[staging.sha256_of(data)] = (
                staging.sha256_of(scrubbed), len(scrubbed))
            # (by its new name: the old one holds the value)
            report.files.append(ScrubbedFile(_rel(moves.get(path, path), memory_dir), count))
    json_first: list[Path] = []
    for path in journal_json:
        if (data := _read_to_move(path)) is None:
            continue
        result = _scrub_json(data, replacer, rehash)
        if result is None:
            continue
        scrubbed, count = result
        old_data[path], new_data[path] = data, scrubbed
        json_first.append(path)
        if count:
            report.files.append(ScrubbedFile(_rel(path, memory_dir), count))
        else:
            report.rehashed.append(_rel(path, memory_dir))
    report.files.sort(key=lambda f: (f.path.startswith("."), f.path))
    report.rehashed.sort()
    report.renamed.sort(key=lambda r: (r.startswith("."), r))
    report.partial = _still_partly_held(paths, new_data, moves, secret, memory_dir)
    report.case_only = _held_in_other_case(paths, new_data, moves, forms, memory_dir)
    if dry_run:
        return report
    for path in leftovers:
        _remove(memory_dir, path)
    if not new_data:
        return report
    # autodream's JSON first: see the module's note on a crash part way
    order = json_first + [p for p in new_data if p not in json_first]
    if names:
        _write_names(memory_dir, names_file,
                     {_renamed(old, pattern): new for old, new in names.items()})
    try:
        _write_all(order, new_data, old_data, moves, memory_dir, on_step or (lambda _name: None))
    except BaseException as exc:
        # every byte it could reach was written back (see _write_all), so the names go too;
        # only a kill, which runs nothing more, leaves them for the scrub run again, as does a
        # file that could not be written back: it may keep its new name, which the scrub run
        # again must give its copies too (and status says the scrub is unfinished)
        if not not_restored(exc):
            _remove(memory_dir, names_file)
        raise
    _remove(memory_dir, names_file)
    return report


def unfinished(state_dir: Path) -> str | None:
    """What a scrub killed part way left (its ``NAMES_FILENAME``, only removed by a scrub that
    finishes), said for ``status``: the value may still be in memory and the journal, and no
    one would know to run it again. None when no scrub was left unfinished."""
    names = state_dir / NAMES_FILENAME
    if not names.is_file():
        return None
    return (f"a scrub was stopped part way ({names} holds the new names it chose): the value "
            "may still be in memory or the journal; run `autodream scrub` again with the same "
            "value to finish it")


def _chosen_names(path: Path) -> dict[str, str]:
    """The names a scrub killed part way chose (``NAMES_FILENAME``); {} when there is none or
    it cannot be read (then the names are chosen afresh, as before it was kept)."""
    try:
        data = staging.read_regular(path)
        doc = json.loads(data.decode("utf-8")) if data is not None else None
    except (OSError, UnicodeDecodeError, ValueError):
        return {}
    names = doc.get("names") if isinstance(doc, dict) else None
    if not isinstance(names, dict):
        return {}
    return {k: v for k, v in names.items() if isinstance(k, str) and isinstance(v, str)
            and "/" not in v and v not in ("", ".", "..")}


def _read(
    memory_dir: Path, path: Path, report: ScrubReport, pattern: re.Pattern[str]
) -> bytes | None:
    """The bytes of ``path`` (below ``memory_dir``), read as a dream reads memory: its folders
    walked by descriptor, never through a link, never waiting (a named pipe swapped in since
    the listing would block the scrub for good); None, and the file put in ``report.skipped``
    with why, when it is no regular file any more or gone. A folder swapped for a link raises
    ``OSError`` before anything is written."""
    rel = _rel(path, memory_dir)
    try:
        data = staging.read_regular_below(memory_dir, rel)
    except OSError as exc:
        # the error names the file by its bare name (the descriptor walk opens it in its
        # folder), which may hold the value and says nothing of the folder: its path in
        # memory, the value masked as a skipped file's is, since the error line is printed
        raise OSError(exc.errno, exc.strerror or type(exc).__name__,
                      str(memory_dir / pattern.sub(_MASK, rel))) from None
    if data is None:
        reason = _skip_reason(path)
        if pattern.search(path.name) and reason.endswith(_NOT_CHANGED):
            # (swapped for a link or a pipe since the listing: the value stays in its name)
            reason += f"; {_NAME_HELD}"
        report.skipped.append(SkippedFile(pattern.sub(_MASK, rel), reason))
    return data


def _held_by_others(
    others: list[Path], pattern: re.Pattern[str], value_re: re.Pattern[str], memory_dir: Path
) -> list[SkippedFile]:
    """The links and pipes among ``others`` whose name, or a link's target, holds the value:
    the scrub reads and renames regular files only, so the value stays on disk there and the
    person is told where."""
    found: list[SkippedFile] = []
    for path in others:
        try:
            target = os.readlink(path) if path.is_symlink() else ""
        except OSError:
            target = ""
        if pattern.search(path.name):
            held = _NAME_HELD
        elif target and (pattern.search(target) or value_re.search(target)):
            held = "where it points holds the value: point it elsewhere or remove it by hand"
        else:
            continue
        found.append(SkippedFile(pattern.sub(_MASK, _rel(path, memory_dir)),
                                 f"{_skip_reason(path)}; {held}"))
    return found


def _skip_reason(path: Path) -> str:
    try:
        mode = os.lstat(path).st_mode
    except OSError:
        return ("it was moved or removed while the scrub ran: run the scrub again if it may "
                "be elsewhere now")
    if stat.S_ISREG(mode):  # (a file again: swapped back since)
        return "it was swapped while the scrub ran: run the scrub again"
    return f"it is {staging.kind_of(mode)}, not a regular file: {_NOT_CHANGED}"


_NOT_CHANGED = "the scrub neither read nor changed it"
_NAME_HELD = "its name holds the value: rename or remove it by hand"


def _write_names(memory_dir: Path, path: Path, names: dict[str, str]) -> None:
    """``names`` (the new names, by the name before numbering: neither holds the value) put
    in ``path`` (in the state dir, below ``memory_dir``) and fsynced before any file moves."""
    data = json.dumps({"names": dict(sorted(names.items()))}, indent=2) + "\n"
    commit_mod.write_atomic(path, data.encode("utf-8"), tag=_TEMP_TAG, root=memory_dir)


def _still_partly_held(
    paths: list[Path], new_data: dict[Path, bytes], moves: dict[Path, Path], secret: str,
    memory_dir: Path,
) -> list[str]:
    """The files (as they will be named) that, scrubbed, still hold a long part of the value
    in their bytes or their name: the scrub replaced only whole copies, so the person is told
    where to look."""
    # (the start of a word someone forced is the start of words anyone writes)
    # (nor are two thirds of a number's digits: they are found in other numbers)
    forced_word = word_like(secret) and " " not in secret
    parts = _parts(secret) if not (forced_word or secret.isdigit()) else []
    if not parts:
        return []
    needles = [p.encode("utf-8") for p in parts]
    name_parts = [p.lower() for p in parts] + [_slug(p) for p in parts
                                                if len(_slug(p)) >= MIN_LENGTH]
    found: list[str] = []
    for path in paths:
        final = moves.get(path, path)
        try:
            data = (new_data[path] if path in new_data
                    else staging.read_regular_below(memory_dir, _rel(path, memory_dir)))
        except OSError:
            continue
        if data is None:
            continue
        if any(n in data for n in needles) or any(p in final.name.lower() for p in name_parts):
            found.append(_rel(final, memory_dir))
    return sorted(found, key=lambda p: (p.startswith("."), p))


def _held_in_other_case(
    paths: list[Path], new_data: dict[Path, bytes], moves: dict[Path, Path], forms: list[str],
    memory_dir: Path,
) -> list[str]:
    """The files that, scrubbed, still hold a word-like value in another case ("Password" of
    "password"): it is replaced only as given, since an ordinary word's capitalised copy
    starting a sentence is no copy of a secret; the person is told where to look."""
    if not _case_kept(forms[0]):
        return []  # (matched in any case)
    other = re.compile(_value_re(forms).pattern, re.IGNORECASE)
    found: list[str] = []
    for path in paths:
        try:
            data = (new_data[path] if path in new_data
                    else staging.read_regular_below(memory_dir, _rel(path, memory_dir)))
        except OSError:
            continue
        if data is None:
            continue
        if other.search(data.decode("utf-8", "surrogateescape")):
            found.append(_rel(moves.get(path, path), memory_dir))
    return sorted(found, key=lambda p: (p.startswith("."), p))


def _files(
    root: Path, leftovers: list[Path] | None = None, others: list[Path] | None = None,
    unlisted: list[OSError] | None = None,
) -> Iterator[Path]:
    """Every regular file under ``root``, never through a symlink; the lock file left out, the
    temp files of a scrub killed part way put in ``leftovers`` (they hold no secret), the
    names that are no regular file nor folder (a link, a named pipe) in ``others``, and why
    each folder that could not be listed was not in ``unlisted`` (os.walk passes over one in
    silence: the scrub said the value was gone while files in it may hold it)."""
    for dirpath, dirnames, filenames in os.walk(
            root, onerror=unlisted.append if unlisted is not None else None):
        base = Path(dirpath)
        links = {d for d in dirnames if (base / d).is_symlink()}
        dirnames[:] = sorted(set(dirnames) - links)
        if others is not None:  # (a link to a folder is listed among the folders)
            others.extend(base / d for d in sorted(links))
        for name in sorted(filenames):
            path = base / name
            if base == root and name == LOCK_FILENAME:
                continue
            with contextlib.suppress(OSError):
                if not stat.S_ISREG(os.lstat(path).st_mode):
                    if others is not None:
                        others.append(path)
                    continue
                if name.startswith(".") and name.endswith(_TEMP_SUFFIX):
                    if leftovers is not None:
                        leftovers.append(path)
                    continue
                yield path


def _is_journal_json(path: Path, state_dir: Path) -> bool:
    """autodream's own JSON (a run record, a commit intent, the offsets): read as JSON, so an
    escaped occurrence is found and the recorded hashes can be updated. Images of memory files
    are the person's bytes, replaced as bytes."""
    if path.suffix != ".json":
        return False
    parent = path.parent
    runs = state_dir / commit_mod.RUNS_DIRNAME
    return parent == state_dir or parent.parent == runs


def _rel(path: Path, root: Path) -> str:
    return path.relative_to(root).as_posix()


def _scrub_json(
    data: bytes, replacer: _Replacer, rehash: dict[str, tuple[str, int]]
) -> tuple[bytes, int] | None:
    """A JSON file with the value replaced in every string (and the names holding it), its
    recorded hashes and sizes of scrubbed contents updated, and the count of occurrences; None
    when nothing changes. A file that is no JSON (damaged) is scrubbed as bytes."""
    try:
        doc = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        scrubbed, count = replacer.data(data)
        return (scrubbed, count) if count else None
    counter = [0, 0]  # occurrences, hashes updated
    new_doc = _walk(doc, replacer, rehash, counter)
    if counter == [0, 0]:
        return None
    text = json.dumps(new_doc, indent=2, ensure_ascii=False) + "\n"
    return text.encode("utf-8"), counter[0]


def _walk(value: Any, replacer: _Replacer, rehash: dict[str, tuple[str, int]],
          counter: list[int]) -> Any:
    if isinstance(value, str):
        new, count = replacer.text(value)
        counter[0] += count
        return new
    if isinstance(value, list):
        return [_walk(item, replacer, rehash, counter) for item in value]
    if not isinstance(value, dict):
        return value
    out = {_walk(k, replacer, rehash, counter): _walk(v, replacer, rehash, counter)
           for k, v in value.items()}
    for side in ("before", "after"):
        # a FileChange (record and intent): its hash and size must be the scrubbed file's,
        # or undo and recovery would take the scrubbed file for one changed since
        digest = out.get(f"{side}_sha256")
        if isinstance(digest, str) and digest in rehash:
            out[f"{side}_sha256"], size = rehash[digest]
            if f"{side}_size" in out:
                out[f"{side}_size"] = size
            counter[1] += 1
    return out


def _temp(path: Path) -> Path:
    return path.parent / f".{path.name}{_TEMP_SUFFIX}"


def _write_all(
    order: list[Path],
    new_data: dict[Path, bytes],
    old_data: dict[Path, bytes],
    moves: dict[Path, Path],
    memory_dir: Path,
    step: StepHook,
) -> None:
    """Stage every file beside where it goes, then put each in place (a renamed file's old
    name removed once the new one is there); on any failure the staged ones are removed and
    the replaced ones written back under their old names, so every byte is as it was (but for
    one whose folder was swapped for a link since: it is left as the scrub put it).

    Each write, rename and removal is made in the file's folder opened by descriptor
    (``commit.folder_of``): a folder swapped for a link since the files were read (a sync
    tool, a checkout) makes it fail, not land where the link points."""
    staged: list[Path] = []
    replaced: list[Path] = []
    flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW | os.O_CLOEXEC
    at: Path | None = None  # the file being staged or put in place when it failed
    try:
        for path in order:
            target = at = moves.get(path, path)
            staged.append(target)
            with commit_mod.folder_of(memory_dir, target) as (fd, base):
                tmp = os.path.join(base, _temp(target).name)
                mode = os.stat(os.path.join(base, path.name), dir_fd=fd,
                               follow_symlinks=False).st_mode & 0o7777
                with open(os.open(tmp, flags, 0o600, dir_fd=fd), "wb") as fh:
                    fh.write(new_data[path])
                    fh.flush()
                    os.fsync(fh.fileno())
                    if fd is not None:
                        os.fchmod(fh.fileno(), mode)
                if fd is None:
                    os.chmod(tmp, mode)
        for path in order:
            target = at = moves.get(path, path)
            with commit_mod.folder_of(memory_dir, target) as (fd, base):
                tmp, new = os.path.join(base, _temp(target).name), os.path.join(base, target.name)
                if target != path:
                    # the old name goes as the new one comes, in one rename: killed here or
                    # just after, one file is left under the new name, whose bytes a second
                    # scrub finishes (placing a copy, then removing the old name, left two
                    # files, and the second scrub named the old one's copy "-2")
                    os.rename(os.path.join(base, path.name), new, src_dir_fd=fd, dst_dir_fd=fd)
                    replaced.append(path)
                    os.replace(tmp, new, src_dir_fd=fd, dst_dir_fd=fd)
                else:
                    os.replace(tmp, new, src_dir_fd=fd, dst_dir_fd=fd)
                    replaced.append(path)
            step(f"replace {_rel(target, memory_dir)}")
        for directory in sorted({p.parent for p in order}):
            commit_mod.fsync_dir(directory)
    except BaseException as exc:
        # BaseException too: Ctrl-C part way must not leave some copies scrubbed and the
        # hashes of others updated
        for target in staged:
            _remove(memory_dir, _temp(target))
        kept: list[tuple[str, str]] = []  # (file by its name now, why it was not written back)
        for path in reversed(replaced):
            target = moves.get(path, path)
            try:
                commit_mod.write_atomic(path, old_data[path], tag="unscrub", root=memory_dir)
            except Exception as failed:
                # one that cannot be written back (its folder swapped for a link since) is
                # left as the scrub put it; stopping here would leave every file before it so
                # too. Its new name stays: removed, the file would be gone
                kept.append((_rel(target, memory_dir), _why(failed)))
                continue
            if target != path:
                _remove(memory_dir, target)
        if isinstance(exc, OSError):
            # said without the error's own file name: a file being renamed is named by the
            # value it holds (the files named here have their new names)
            raise ScrubFailed(_failure(exc, at, kept, memory_dir),
                              sorted(rel for rel, _why_kept in kept)) from exc
        if kept:
            exc.autodream_not_restored = sorted(rel for rel, _ in kept)  # type: ignore[attr-defined]
        raise


def incomplete(report: ScrubReport) -> str | None:
    """The one line a scrub that skipped files fails with (``ScrubIncomplete``): the value may
    be on disk still, so a script must not read it as done; None when none was skipped."""
    if report.status != "incomplete":
        return None
    paths = [printable(f.path) for f in report.skipped]
    more = f" (+{len(paths) - _SHOWN} more; --json lists all)" if len(paths) > _SHOWN else ""
    said, did = (("would not be complete", "would skip") if report.dry_run
                 else ("is not complete", "skipped"))
    return (f"the scrub {said}: it {did} {len(paths)} file(s) without reading or changing them, "
            f"where the value may still be on disk: {', '.join(paths[:_SHOWN])}{more}; do as "
            "each warning says, then run the scrub again with the same value")


def not_restored(exc: BaseException) -> list[str]:
    """The files a scrub that failed with ``exc`` left scrubbed, not written back (by the
    names they have now, relative to the memory dir): [] when every one was."""
    if isinstance(exc, ScrubFailed):
        return list(exc.not_restored)
    found = getattr(exc, "autodream_not_restored", None)
    return list(found) if isinstance(found, list) else []


def _why(exc: BaseException) -> str:
    """An error's reason without its file names (a name may hold the value)."""
    if isinstance(exc, OSError):
        return exc.strerror or type(exc).__name__
    return type(exc).__name__


def _failure(exc: OSError, at: Path | None, kept: list[tuple[str, str]],
             memory_dir: Path) -> str:
    """The one line a scrub failing part way says: why and where, and the files it could not
    write back, which hold the scrubbed bytes while the rest hold the value again."""
    # (printable: a name with a newline in it would end the one line early)
    where = f" at {printable(_rel(at, memory_dir))}" if at is not None else ""
    said = f"the scrub failed ({_why(exc)}{where})"
    if not kept:
        return f"{said} and wrote every file back as it was: nothing was scrubbed"
    files = sorted(kept)
    shown = ", ".join(f"{printable(rel)} ({why})" for rel, why in files[:_SHOWN])
    more = f" (+{len(files) - _SHOWN} more; --json lists all)" if len(files) > _SHOWN else ""
    return (f"{said} and wrote every file back as it was but {len(files)} it could not: "
            f"{shown}{more}, left scrubbed (the rest hold the value again); run the scrub "
            "again with the same value once they can be written, to finish it")


# How many files the one-line error of a failed scrub names (--json names all)
_SHOWN = 5


def _remove(memory_dir: Path, path: Path) -> None:
    """``path`` (below ``memory_dir``) removed in its folder opened by descriptor, if it can
    be: what is gone, or behind a folder swapped for a link, is left."""
    with contextlib.suppress(OSError):
        commit_mod.unlink_below(memory_dir, path.relative_to(memory_dir).as_posix())


def transcripts_holding(settings: Settings, secret: str) -> list[str]:
    """The files under the sessions dir (Claude Code's transcripts, their subagents' and tool
    results) and ``codex_sessions_dir`` (Codex's rollouts, of every project: a copy in another
    project's is as leaked) that hold ``secret``, as it is or escaped in JSON. The memory dir
    inside the sessions dir is not searched: the scrub saw to it."""
    # (composed and decomposed alike: see value_forms)
    needles = sorted({needle for form in {unicodedata.normalize("NFC", secret),
                                          unicodedata.normalize("NFD", secret)}
                      for needle in (form.encode("utf-8"),
                                     json.dumps(form)[1:-1].encode("utf-8"),
                                     json.dumps(form, ensure_ascii=False)[1:-1].encode("utf-8"))})
    roots = [settings.sessions_dir]
    codex = settings.codex_sessions_dir
    if codex is not None and codex.is_dir():
        roots.append(codex)
    memory = os.path.realpath(settings.memory_dir)
    found: list[str] = []
    seen: set[str] = set()
    for root in roots:
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = sorted(
                d for d in dirnames
                if os.path.realpath(os.path.join(dirpath, d)) != memory
                and not os.path.islink(os.path.join(dirpath, d)))
            for name in sorted(filenames):
                path = os.path.join(dirpath, name)
                real = os.path.realpath(path)
                if real in seen or not _regular(path):  # (a FIFO would block the read)
                    continue
                seen.add(real)
                if _holds(path, needles):
                    found.append(path)
    return sorted(found)


@dataclass
class BrokenLink:
    """A link an older scrub left on ``PLACEHOLDER`` ("x-[REDACTED:scrubbed].md") that points
    nowhere: that scrub replaced the value in the link, not in the file's name."""

    file: str  # the memory file holding the link, relative to the memory dir
    link: str
    fix: str

    def as_dict(self) -> dict[str, str]:
        return {"file": self.file, "link": self.link, "fix": self.fix}


_PLACEHOLDER_LINK = rx.compile(
    r"\]\(([^()\s]*" + re.escape(PLACEHOLDER) + r"[^()\s]*\.md)\)")


def broken_links(memory_dir: Path) -> list[BrokenLink]:
    """The links to ``PLACEHOLDER`` names in the memory files (the state dir left out) that
    point at no file, each with its fix: a scrub run again with the value, when a file's name
    fits the link (it renames the file and points the link at it), else an edit by hand."""
    found: list[BrokenLink] = []
    mds: list[Path] = []
    for dirpath, dirnames, filenames in os.walk(memory_dir):
        # (the state dir and other hidden dirs left out: runs hold hundreds of copies)
        dirnames[:] = sorted(d for d in dirnames if not d.startswith(".")
                             and not os.path.islink(os.path.join(dirpath, d)))
        mds += [Path(dirpath, n) for n in sorted(filenames) if n.endswith(".md")]
    for path in mds:
        rel = path.relative_to(memory_dir)
        try:
            # (never waiting on a named pipe swapped in since the listing: status runs this)
            data = staging.read_regular(path)
        except OSError:
            continue
        if data is None:
            continue
        text = data.decode("utf-8", "replace")
        for link in dict.fromkeys(_PLACEHOLDER_LINK.findall(text)):
            target = path.parent / link
            if target.exists():
                continue
            head, _, tail = target.name.partition(PLACEHOLDER)
            fits = [p for p in target.parent.glob("*.md") if p.name.startswith(head)
                    and p.name.endswith(tail) and len(p.name) > len(head) + len(tail)]
            fix = ("run `autodream scrub` again with the same value: it renames the file and "
                   "points the link at it") if fits else (
                   "no file's name fits it: edit the link by hand")
            found.append(BrokenLink(rel.as_posix(), link, fix))
    return found


def _regular(path: str) -> bool:
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except OSError:
        return False


def _holds(path: str, needles: list[bytes]) -> bool:
    """Whether the file at ``path`` holds any of ``needles``, read block by block."""
    keep = max(len(n) for n in needles) - 1
    tail = b""
    try:
        # opened without waiting and checked on the descriptor: a named pipe swapped in since
        # the check by name would block the scrub until a writer came
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0)
                     | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
        with open(fd, "rb") as fh:
            if not stat.S_ISREG(os.fstat(fh.fileno()).st_mode):
                return False
            while block := fh.read(_BLOCK):
                window = tail + block
                if any(n in window for n in needles):
                    return True
                tail = window[-keep:] if keep else b""
    except OSError:
        return False
    return False
