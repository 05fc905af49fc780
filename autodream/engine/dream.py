"""One consolidation as a pure function: what memory holds and what was said in, a plan out.

``plan_dream`` takes the memory dir's text (as orient read it), the gathered candidates, the
project's facts and the dream's clock, and returns the files to write and delete, the new
``MEMORY.md`` and every decision with its reason. Same inputs, same bytes.
"""

from __future__ import annotations

import contextlib
import posixpath
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import date, datetime
from typing import TYPE_CHECKING

from autodream import rx
from autodream.engine.candidates import read_note
from autodream.engine.consolidate import Consolidator
from autodream.engine.entries import (
    Entry,
    FrontmatterError,
    description_for,
    files_of,
    parse_entry,
    repair_topic,
    title_for,
)
from autodream.engine.forgetting import FORGOTTEN
from autodream.engine.hand_switches import flag_hand_switches
from autodream.engine.index import (
    IndexBuild,
    build_index,
    hand_title,
    holds_a_mark,
    index_decisions,
    index_rank,
    note_lines,
    notes_fit,
    only_marks,
    prune_restated,
    repeats_a_marked_title,
    retitles,
    said_as_read,
)
from autodream.engine.model import (
    Candidate,
    Decision,
    EngineOptions,
    ProjectFacts,
    Source,
)
from autodream.engine.names import named_as_written
from autodream.engine.past_events import (
    forget_with_events,
    move_past_events,
    read_as_archive,
    refilled,
)
from autodream.engine.scoring import cluster_candidates, select
from autodream.engine.text import free_file_name, shorten, slug, tokens
from autodream.engine.tool_kinds import COMMANDS, tool_kinds
from autodream.memory.model import (
    INDEX_MAX_BYTES,
    INDEX_TITLE,
    MEMORY_TYPES,
    READ_DESTINATION,
    REPLACEMENT_KEYS,
    IndexEntry,
    IndexNote,
    MemoryType,
    TopicFile,
    UnclosedValueError,
    asked_to_remember,
    front_matter_lines,
    index_notes,
    is_file_link,
    link_file,
    parse_index,
    parse_topic,
    refused_links,
    render_topic,
    section_type,
)
from autodream.redact import (
    REDACTED_MARK,
    contains_secret,
    reads_as_prose,
    redact,
    shown_name,
)
from autodream.transcripts.model import is_daily_log_name

if TYPE_CHECKING:
    from autodream.engine.rare import ForgetRequest

INDEX_NAME = "MEMORY.md"
_INDEX_FILE = rx.compile(r"^- \[" + INDEX_TITLE + r"\]\((" + READ_DESTINATION + r")\)")


@dataclass(eq=False, repr=False)
class DreamPlan:
    """What a local dream will write and delete, with every decision and its reason."""

    writes: dict[str, str] = field(default_factory=dict)  # memory-relative path -> new text
    deletes: list[str] = field(default_factory=list)
    index: str = ""
    index_changed: bool = False
    decisions: list[Decision] = field(default_factory=list)
    entries: list[Entry] = field(default_factory=list)
    kept_files: list[str] = field(default_factory=list)  # unparsable files left as they are
    renames: dict[str, str] = field(default_factory=dict)  # new file -> the file it replaces
    # sessions whose new memories the file budget left out: to be read again next dream
    held_back: set[str] = field(default_factory=set)
    # notes written in MEMORY.md left there as they are: by the file budget, for a later
    # dream, and those that hold a secret, for good (``budget_held`` are the first)
    held_notes: list[IndexNote] = field(default_factory=list)
    # and those MEMORY.md had no room for: in WAITING_FILE
    waiting_notes: list[IndexNote] = field(default_factory=list)
    rewait: bool = False  # WAITING_FILE to be written again, after a refusal (``reindex``)
    # each note moved out of MEMORY.md, with the entry made of it
    moved_notes: list[tuple[Entry, IndexNote]] = field(default_factory=list)
    prior_index: str | None = None  # MEMORY.md as the dream read it

    @property
    def budget_held(self) -> list[IndexNote]:
        """The notes left in MEMORY.md that a later dream moves (not those with a secret)."""
        return [n for n in self.held_notes if not _as_found(n)]

    def deletes_after(self, failed_writes: frozenset[str]) -> list[str]:
        """The files to delete once the writes are done: a file renamed, merged into or
        superseded by an entry whose file was not written stays where it is (it still holds
        what that file would have taken over)."""
        kept: set[str] = set()
        for entry in self.entries:
            if entry.file in failed_writes:
                kept.update(str(name) for key in REPLACEMENT_KEYS
                            for name in entry.extra.get(key) or [])
                kept.add(self.renames.get(entry.file, ""))
        return [f for f in self.deletes if f not in kept]

    def unsaved_sessions(self, failed_writes: frozenset[str]) -> dict[str, set[str]]:
        """For each file whose write was refused, the sessions that said something this dream
        was to write into it: what they said is in no file, and only reading them again saves
        it."""
        sessions: dict[str, set[str]] = {}
        for entry in self.entries:
            if (file := _holder(entry).file) not in failed_writes:
                continue
            old: set[Source] = set()
            # (a file repaired this dream does not parse as read: its sources all count)
            if entry.original is not None:
                with contextlib.suppress(FrontmatterError):
                    old = set(parse_entry(entry.file, entry.original).sources())
            said = {s.session_id for s in entry.sources() if s not in old}
            if said:
                sessions.setdefault(file, set()).update(said)
        return sessions

    def reindex(
        self,
        options: EngineOptions,
        *,
        failed_writes: frozenset[str] = frozenset(),
        failed_deletes: frozenset[str] = frozenset(),
    ) -> str:
        """``MEMORY.md`` again after some tool calls were refused, as the memory dir now is: a
        file that was not written keeps its old line (a new one leaves the index, and a note
        that was to move there waits where it was, or in ``WAITING_FILE`` when MEMORY.md has
        no room left: ``rewait``), and a file that was not deleted keeps its line."""
        back = [note for entry, note in self.moved_notes
                if _holder(entry).file in failed_writes]
        unwritten = frozenset(e.file for e in self.entries
                              if e.file in failed_writes and e.original is None)
        stays = failed_deletes | (frozenset(self.deletes)
                                  - frozenset(self.deletes_after(failed_writes)))
        linked = _linked(self.prior_index, files_of(self.entries))
        for i, entry in enumerate(self.entries):
            stayed = entry.deleted and (entry.renamed_from or entry.file) in stays
            if entry.original is not None and (stayed or entry.file in failed_writes):
                self.entries[i] = _as_read(entry, linked.get(entry.renamed_from or entry.file))
        # a note is never moved into MEMORY.md, nor past its limits: the rest wait in their file
        stay, spill = _where_held(sorted(
            [*self.held_notes, *(n for n in back if n.origin == INDEX_NAME)],
            key=lambda n: n.line_no), options)
        if spill or any(n.origin != INDEX_NAME for n in back):
            self.waiting_notes = sorted(
                {*self.waiting_notes, *spill, *(n for n in back if n.origin != INDEX_NAME)},
                key=lambda n: (n.origin != INDEX_NAME, n.line_no))
            self.writes[WAITING_FILE] = _waiting_text(self.waiting_notes)
            self.rewait = True
        self.held_notes = stay
        self.decisions.extend(Decision(
            "kept", shorten(_plain(note.summary), 120),
            f"left {'in MEMORY.md' if note in stay else f'waiting in {WAITING_FILE}'} as "
            f"written ({note.origin} line {note.line_no}): its topic file could not be written "
            "(the refusal is above); a later dream moves it") for note in back)
        build = build_index(self.entries, options, exclude=unwritten, notes=self.held_notes,
                            unlisted=1 if self.waiting_notes else 0)
        live = [e for e in self.entries if e.file not in unwritten]
        self.decisions.extend(index_decisions(build, live, self.prior_index, options))
        self.index = build.text
        return self.index

    def summary(self) -> str:
        counts: dict[str, int] = {}
        for d in self.decisions:
            counts[d.action] = counts.get(d.action, 0) + 1
        parts = [f"{n} {action}" for action, n in sorted(counts.items())]
        files = f"{len(self.writes)} file(s) written, {len(self.deletes)} deleted"
        index = "MEMORY.md rebuilt" if self.index_changed else "MEMORY.md unchanged"
        return f"local dream: {files}; {index}; decisions: {', '.join(parts) or 'none'}"


def _holder(entry: Entry) -> Entry:
    """The entry whose file holds ``entry``'s statements: itself, or the one it was merged
    into."""
    while entry.merged_into is not None:
        entry = entry.merged_into
    return entry


def _as_read(entry: Entry, known: IndexEntry | None) -> Entry:
    """``entry`` as its file still says, under its old name, with its old index line (``known``,
    when it had one): the dream's rewrite of it was not written."""
    path = entry.renamed_from or entry.file
    try:
        again = parse_entry(path, entry.original or "")
    except FrontmatterError:  # a repair that was not written: the line is all there is
        entry.file, entry.renamed_from, entry.changed, entry.deleted = path, "", False, False
        again = entry
    again.score = index_rank(again)
    if known is not None:
        again.hook, again.index_pos = known.hook, known.line_no
    again.hand_title, again.text_as_read = entry.hand_title, said_as_read(again)
    return again


def load_entries(
    files: Mapping[str, str], index_text: str | None, unreadable: frozenset[str] = frozenset(),
    names: Mapping[str, str] | None = None,
) -> tuple[list[Entry], list[str], list[Decision]]:
    """Entries from the memory dir's markdown files; unparsable ones are left alone, and so are
    ``unreadable`` ones (there but not read: binary, a line too long to read whole), which keep
    their index line. ``names``, by file, are the names a dream last wrote in them, when the
    journal knows: a title on a file's line made of neither that name nor the one it has now
    is the person's, and is kept."""
    decisions: list[Decision] = []
    entries: list[Entry] = []
    unparsable: list[str] = []
    present = frozenset(files) | unreadable
    linked = _linked(index_text, present)
    sections: dict[str, str] = {}
    if index_text:
        section = ""
        for line in index_text.splitlines():
            if line.startswith("## "):
                section = line[3:].strip().lower()
            elif (m := _INDEX_FILE.match(line)) is not None:
                sections.setdefault(link_file(m[1], present), section)
    for path in sorted(files):
        if path == INDEX_NAME or not path.endswith(".md") or is_daily_log_name(
            path.rsplit("/", 1)[-1]
        ):
            continue  # the index, and daily logs, are not topic files
        known = linked.get(path)
        if (at := files[path].find(REDACTED_MARK)) >= 0:
            # a secret the person wrote in the file, redacted as the tools read it (or the
            # mark an older dream left for one): the file is theirs to fix, so it is left as
            # found (the check names the line), and what it says is no memory to match or
            # move: rewritten, it would lose the secret unseen, or keep a redacted memory
            unparsable.append(path)
            decisions.append(Decision(
                "skipped", path, f"holds a secret, or the mark of one redacted (line "
                f"{files[path].count(chr(10), 0, at) + 1}): left as found and not read as a "
                "memory (a credential is never remembered); remove it by hand", file=path))
            if known is not None:
                entries.append(_opaque(path, files[path], known, sections.get(path, "")))
            continue
        try:
            entry = parse_entry(path, files[path])
        except FrontmatterError as exc:
            # a value never closed ("name: [broken") reads only as a guess: no repair
            topic = None if isinstance(exc, UnclosedValueError) else repair_topic(
                path, files[path], name=known.title if known else "",
                hook=known.hook if known else "", section=sections.get(path, ""))
            if topic is None:
                unparsable.append(path)
                decisions.append(Decision("skipped", path, _unread_why(
                    files[path], exc, known is not None), file=path))
                if known is not None:
                    entries.append(_opaque(path, files[path], known, sections.get(path, "")))
                continue
            entry = parse_entry(path, files[path], repaired=topic)
            decisions.append(Decision("updated", path, f"frontmatter repaired ({exc})",
                                      file=path))
        entry.score = index_rank(entry)
        read_as_archive(entry, files[path])
        if known is not None:
            entry.index_pos = known.line_no
            entry.hook = "" if only_marks(known.hook) or repeats_a_marked_title(
                known.hook, known.title) else known.hook
            entry.hand_title = hand_title(known.title, entry.name, (names or {}).get(path))
            entry.text_as_read = said_as_read(entry)
        entries.append(entry)
    for path in sorted(unreadable):
        unparsable.append(path)
        if (known := linked.get(path)) is not None:
            entries.append(_opaque(path, None, known))
    for target in sorted(set(linked) - set(files) - unreadable):
        outside = posixpath.normpath(target).startswith(("/", "../")) or target == ".."
        decisions.append(Decision("pruned", target, (
            "MEMORY.md linked a file outside the memory dir, which Claude Code does not load "
            "as a memory (it was not read)" if outside else
            "MEMORY.md linked a file that does not exist (nothing of it is lost)"), file=target))
    # a line linking a file that is no entry is no note either: it leaves the index, and the
    # person learns which and why, as of a link to no file
    for name, unreadable_name in refused_links(index_text or "", present):
        decisions.append(Decision("pruned", _name_shown(name), (
            "MEMORY.md linked a name the tools cannot read (a backslash, a character that does "
            "not print, a secret, or longer than a file name can be): its line is dropped, no "
            "file is changed; link the file by a name without those" if unreadable_name else
            "MEMORY.md linked it in a line not of an index entry's form ('- [Title](file.md) "
            "— hook'), which the dream does not read: its line is dropped, no file is changed")))
    return entries, unparsable, decisions


def _name_shown(name: str) -> str:
    """``name`` as a decision may show it: redacted, what does not print escaped (a
    non-breaking space shown as one looked like the name with a space), and one too long for a
    file name told by its length (redact is slow on some long text)."""
    return shorten(shown_name(name), 120)


def _linked(index_text: str | None, present: frozenset[str]) -> dict[str, IndexEntry]:
    """The index's entries by the file they link (the first line for a file linked twice);
    a line linking a web page is a note, not an entry. ``present``: the memory dir's files
    (a file named ``a%20b.md`` is the one ``(a%20b.md)`` links). Of a file's lines, one whose
    title was read redacted comes after the others: its title gives way to the file's name
    (``hand_title``), where the person's next line, "- [B](b.md) — b dup", has a title and
    hook to keep (a line read redacted was no entry before, and that one was read)."""
    linked: dict[str, IndexEntry] = {}
    for item in parse_index(index_text or "", present).entries:
        if not is_file_link(item.file):
            continue
        first = linked.get(item.file)
        if first is None or (holds_a_mark(first.title) and not holds_a_mark(item.title)):
            linked[item.file] = item
    return linked


def _unread_why(text: str, exc: FrontmatterError, linked: bool) -> str:
    """Why a file is left as it is: a file with a frontmatter of the person's own is one they
    meant as a topic file, and learn what to fix in it."""
    if not text.startswith(("---\n", "---\r\n")):
        return f"not a topic file, left as is: {exc}"
    what = ("its frontmatter cannot be read without guessing" if isinstance(
        exc, UnclosedValueError) else "its frontmatter names no memory type and neither its "
        "file name nor its MEMORY.md heading says one" if "type" in str(exc)
        else "its frontmatter cannot be read")
    kept = ", and its MEMORY.md line as it was" if linked else ""
    return f"{what} ({exc}): file left exactly as it is{kept}; fix the frontmatter by hand"


def _opaque(path: str, text: str | None, item: IndexEntry, section: str = "") -> Entry:
    """An unparsable file that MEMORY.md links: keep its line, never edit it. It is listed
    under the type its frontmatter's own ``type:`` line, its file name or the heading it was
    under says."""
    prefix = path.rsplit("/", 1)[-1].split("_", 1)[0]
    mtype: MemoryType = prefix if prefix in MEMORY_TYPES else "project"  # type: ignore[assignment]
    mtype = section_type(section) or mtype
    head = (text or "").split("\n---", 1)[0] if (text or "").startswith("---") else ""
    written = re.search(r"^type:[ \t]*['\"]?(\w+)['\"]?[ \t]*$", head, re.M)
    if written is not None and written[1].lower() in MEMORY_TYPES:
        mtype = written[1].lower()  # type: ignore[assignment]
    return Entry(file=path, name=item.title, description=item.hook or item.title, type=mtype,
                 statements=[], original=text, hook=item.hook, index_pos=item.line_no,
                 opaque=True)


# a note's first word written in lower case ("use pnpm"), which starts the note once its ask
# ("remember: ") is left out; not a name spelled so ("iOS builds", "https://...")
_LOWER_FIRST_WORD = rx.compile(r"[a-z]+(?=[\s,;.!]|$)")


def _ask_left_out(text: str, asked: re.Match[str]) -> str:
    """``text`` after its ``asked`` lead-in, starting with a capital where it is a plain word
    (a command or tool keeps its case)."""
    rest = text[asked.end():]
    first = _LOWER_FIRST_WORD.match(rest)
    # every command keeps its case here, "make", "go" and "just" too, where a merge's appended
    # reason gives those three a capital (tool_kinds.typed_as_a_command): a note's rest stands
    # alone as the person typed it, so "make sure the seed ran" left lower case is their own
    # words, while "remember: make test" made "Make test" is no longer the command; a merge
    # puts its sentence after another's stop, where "... first. make sure ..." reads as broken
    if first is None or first[0] in COMMANDS or tool_kinds(first[0]):
        return rest
    return rest[:1].upper() + rest[1:]


_NOTE_WHY = "The user wrote this note directly in MEMORY.md."


def _note_why(note: IndexNote) -> str:
    """Why a note moved out of MEMORY.md is a memory: the person wrote it there, under the
    heading they gave it ("## Team rules (from the 2026 retro)"), which says what it is and
    would otherwise be lost with the note's move. A heading that names a type says no more
    than the type the memory gets."""
    section = " ".join(note.section.rstrip("# \t").split())
    # (a heading holding a secret is no reason: the mark would freeze the memory for good)
    if (not section or section_type(section) is not None or len(section) > _WHY_HEADING_CHARS
            or _redacted(section)):
        return _NOTE_WHY
    quoted = f'"{section}"' if "'" in section else f"'{section}'"
    return f"Under {quoted}, written by the user in MEMORY.md."


_WHY_HEADING_CHARS = 80  # past that a heading is prose, not a name to file a note under

_NOTE_HOW: dict[MemoryType, str] = {
    "feedback": "Apply this by default in this project without being reminded.",
    "project": "Take this into account when planning or suggesting changes.",
}


def note_entries(
    notes: Sequence[IndexNote], taken: set[str], held: frozenset[IndexNote] = frozenset()
) -> tuple[list[Entry], list[Decision]]:
    """Each note written straight into MEMORY.md (a prose line, a plain bullet, a link to a web
    page) as an entry of its own, with the note's words as its statement.

    The index keeps one line per entry, so the note cannot stay where it was; dropping it
    would lose what the person wrote. Its own topic file keeps every word, gets a line in the
    index like any entry, and reads back next dream as an ordinary entry (nothing to move
    twice). ``taken`` holds the names in use (lower-cased) and gets the new ones; the
    ``held`` notes stay where they are, or wait in ``WAITING_FILE`` (see ``plan_dream``).
    """
    entries: list[Entry] = []
    decisions: list[Decision] = []
    for note in notes:
        if note in held:
            continue
        text, first = note.text, note.summary
        if _redacted(text):
            # the harness refuses to write a secret anywhere in memory: keep the rest (a note
            # that must leave MEMORY.md, or one that waited: the others stay, ``_as_found``)
            text, first = redact(text), redact(first)
            decisions.append(Decision("redacted", shorten(first, 120),
                                      "a note in MEMORY.md held a secret; moved without it"))
        asked = asked_to_remember(text)
        if asked is not None:
            # "remember: the staging DB is on port 5433": the ask is no part of what is kept
            # (the title left it out, the body began "remember: the staging DB ...")
            text = _ask_left_out(text, asked)
            if (lead := asked_to_remember(first)) is not None:
                first = _ask_left_out(first, lead)
        summary = _plain(first)
        mtype, core = _note_type(note, summary)
        _, label = _note_type(note, _plain(first, urls=False))  # a link's label, not its URL
        name = title_for(label) or "Note"
        whole = _plain(text)  # a label ("Conventions:") says little without its list
        entry = Entry(
            file=free_file_name(f"{mtype}_{slug(name)}", taken),
            name=name,
            description=description_for(core if whole == summary else whole),
            type=mtype,
            statements=text.splitlines(),
            index_pos=note.line_no + (0 if note.origin == INDEX_NAME else _AFTER_THE_INDEX),
            changed=True,
        )
        if mtype in _NOTE_HOW:
            entry.why, entry.how = _note_why(note), _NOTE_HOW[mtype]
            entry.generated_why = entry.generated_how = True
        entry.score = index_rank(entry)
        entries.append(entry)
        words = ("its secret redacted" if _redacted(note.text) else
                 f"word for word, its '{asked[0].strip()}' left out" if asked is not None
                 else "word for word")
        decisions.append(Decision(
            "created", shorten(summary, 120),
            f"moved from {note.origin} (line {note.line_no}): a note written "
            f"{'there' if note.origin == INDEX_NAME else 'in MEMORY.md'} by hand is now a "
            f"{mtype} entry of its own ({words}), so the index keeps one line per entry",
            file=entry.file))
    return entries, decisions


# The file that holds, word for word, the notes written in MEMORY.md that wait for a later
# dream and that MEMORY.md has no room for. Read back as notes, never as an entry.
WAITING_FILE = "notes_waiting.md"
_AFTER_THE_INDEX = 100_000  # a note read from WAITING_FILE is placed after the index's own


def waiting_notes(text: str | None) -> list[IndexNote] | None:
    """The notes ``WAITING_FILE`` holds, numbered by its lines (None: not one the engine
    wrote, so an entry like any other)."""
    if text is None:
        return None
    try:
        body = parse_topic(text).body
    except FrontmatterError:
        return None
    skip = text[: text.rindex(body)].count("\n") if body and body in text else 0
    return [replace(n, line_no=n.line_no + skip, origin=WAITING_FILE)
            for n in index_notes(body, titled=False)]


def _waiting_text(notes: Sequence[IndexNote]) -> str:
    """``WAITING_FILE`` holding ``notes`` as they were written, each under its heading."""
    count = f"{len(notes)} note{'s' if len(notes) != 1 else ''}"
    return render_topic(TopicFile(
        name="Notes waiting to be filed",
        description=f"{count} written in MEMORY.md, kept here word for word until a dream "
                    "gives each a topic file of its own",
        type="project", body=note_lines(notes)))


_MD_LINK = rx.compile(r"\[([^\]\n]*)\]\(([^)\s]*)\)")


def _plain(text: str, *, urls: bool = True) -> str:
    """One line of text with ``[label](url)`` as ``label (url)`` (or ``label`` alone): a link in
    a title or an index hook would not read back as one entry line."""
    return " ".join(_MD_LINK.sub(r"\1 (\2)" if urls else r"\1", text).split())


def _note_type(note: IndexNote, summary: str) -> tuple[MemoryType, str]:
    """The heading the person put the note under, when it names a type; else the type the
    engine gives the same words said in a session. And the words to title it by."""
    mtype, core = read_note(summary)
    return section_type(note.section) or mtype, core or summary


def _norm_title(title: str) -> str:
    return " ".join(title.lower().split())


def _lost(prior: list[tuple[str, str]], index: str, entries: list[Entry]) -> list[str]:
    """Prior entries neither linked nor titled in ``index``, nor declared merged into or
    superseded by a live entry, nor kept as a file the index has no room for (the harness's
    loss rule)."""
    now = parse_index(index, files_of(entries)).entries
    files = {e.file for e in now}
    titles = {_norm_title(e.title) for e in now}
    kept = {e.file for e in entries if not e.deleted}
    declared = {str(name) for e in entries if not e.deleted and e.file in files
                for key in REPLACEMENT_KEYS for name in e.extra.get(key) or []}
    return [f for f, t in prior if f not in files and f not in kept
            and _norm_title(t) not in titles and f not in declared]


def _removes(decision: Decision, file: str) -> bool:
    """True for the decision that deleted the entry ``file`` (a prune or a merge into another),
    not for one that pruned a statement inside it."""
    if decision.action in ("pruned", "forgotten"):
        return decision.subject == file and decision.file == file
    return decision.action == "merged" and decision.subject.startswith(f"{file} -> ")


def _within_loss_budget(
    entries: list[Entry], build: IndexBuild, index_text: str | None, notes: list[Entry],
    options: EngineOptions, decisions: list[Decision], held: list[IndexNote], unlisted: int,
) -> IndexBuild:
    """Undo merges and prunes, newest first, until at most ``max_loss`` of the prior index (its
    entries and the ``notes`` written in it) is lost."""
    if options.max_loss is None or not index_text:
        return build
    prior = {file: item.title for file, item in _linked(index_text, files_of(entries)).items()}
    prior.update((e.file, e.name) for e in notes)
    pairs = list(prior.items())
    budget = int(options.max_loss * len(pairs))
    by_file = {e.file: e for e in entries}
    # (what the person asked to forget is gone on request, not lost: never kept back)
    asked = {e.file for e in entries if e.deleted and e.deleted_by == FORGOTTEN}
    lost = [f for f in _lost(pairs, build.text, entries) if f not in asked]
    undoable = [by_file[f] for f in reversed(lost) if f in by_file and by_file[f].deleted]
    while len(lost) > budget and undoable:
        entry = undoable.pop(0)
        entry.deleted, why = False, entry.deleted_by
        entry.deleted_by = ""
        budget_note = (f"the dream may lose at most {options.max_loss:.0%} of the "
                       f"{len(pairs)} prior entries")
        # The decision that announced the removal would otherwise stay in the run record (and
        # its "N pruned" count) for a file that is still there: it becomes this "kept".
        announced = next((i for i, d in enumerate(decisions) if _removes(d, entry.file)), None)
        if announced is None:
            decisions.append(Decision("kept", entry.file, f"not {why} after all: {budget_note}",
                                      file=entry.file))
        else:
            decisions[announced] = Decision(
                "kept", entry.file,
                f"{decisions[announced].reason}; kept all the same: {budget_note}",
                file=entry.file)
        build = build_index(entries, options, notes=held, unlisted=unlisted)
        lost = [f for f in _lost(pairs, build.text, entries) if f not in asked]
    return build


def _held_decisions(
    stay: list[IndexNote], wait: list[IndexNote], options: EngineOptions
) -> list[Decision]:
    """A note the file budget leaves in MEMORY.md, or in ``WAITING_FILE``, said once each."""
    budget = (f"moving every note to a topic file of its own would touch more than "
              f"{options.max_files_touched} memory files (max_files_touched in autodream.toml)")
    return [Decision(
        "kept", shorten(_plain(note.summary), 120),
        "left on top of MEMORY.md as written: a frontmatter block, not a memory"
    ) if _front_matter(note) else Decision(
        "kept", shorten(_plain(note.summary), 120),
        f"left in MEMORY.md as written (it was line {note.line_no}): it holds a secret, so it "
        "is not made a memory (a credential is never remembered); remove the secret from that "
        "line by hand") if _as_found(note) else Decision(
        "kept", shorten(_plain(note.summary), 120),
        f"left in MEMORY.md as written (line {note.line_no}): {budget}; a later dream moves it")
        # (the index's title says nothing each dream, unless it holds a secret to remove)
        for note in stay if not note.title or _redacted(note.text)] + [Decision(
        "kept", shorten(_plain(note.summary), 120),
        f"left waiting in {WAITING_FILE}, word for word ({note.origin} line {note.line_no}): "
        f"{budget}, and MEMORY.md has no room for it within its "
        f"{options.index_max_lines} lines and {options.index_max_bytes} bytes; a later dream "
        "moves it") for note in wait]


def _files_over(entries: list[Entry], options: EngineOptions, extra: int = 0) -> int:
    """How many memory files (MEMORY.md and ``extra`` others included) the plan touches past
    ``max_files_touched`` (0 or less: within it, or no cap)."""
    if options.max_files_touched is None:
        return 0
    return sum(_touches(e) for e in entries) + 1 + extra - options.max_files_touched


def _touches(entry: Entry) -> int:
    """Memory files a plan writes or deletes for ``entry`` (an upper bound: a changed entry may
    render as it was)."""
    if entry.deleted:
        return 0 if entry.original is None else 1
    if entry.original is None:
        return 1
    return (1 if entry.changed else 0) + (1 if entry.renamed_from else 0)


def _within_file_budget(
    entries: list[Entry], notes: list[Entry], options: EngineOptions, decisions: list[Decision],
    extra: int = 0,
) -> set[str]:
    """Leave out the lowest-ranked new memories until the dream touches at most
    ``max_files_touched`` files (MEMORY.md included), so a first dream over a long history
    keeps what matters most instead of failing on the tools' budget. A note moved out of
    MEMORY.md, or a new entry that absorbed another, is never left out: that would lose it.
    Returns the sessions the left-out memories came from, to be read again by the next dream."""
    cap = options.max_files_touched
    over = _files_over(entries, options, extra)
    if over <= 0:
        return set()
    held_back: set[str] = set()
    held = {id(n) for n in notes}
    new = sorted(
        (e for e in entries if e.original is None and not e.deleted and id(e) not in held
         and not any(e.extra.get(k) for k in REPLACEMENT_KEYS)),
        key=lambda e: (e.score, max((s.day for s in e.sources()), default=date.min), e.file))
    for entry in new[:over]:
        entries.remove(entry)
        held_back.update(source.session_id for source in entry.sources())
        said = next((d.subject for d in decisions
                     if d.action == "created" and d.file == entry.file), entry.lead)
        decisions[:] = [d for d in decisions if d.file != entry.file]
        dropped = Decision(
            "dropped", said,
            f"not saved: a dream may write or delete at most {cap} memory files "
            f"(max_files_touched in autodream.toml) and this new memory ranks among the lowest "
            f"(score {entry.score:.2f}); its session is read again by the next dream")
        # its scoring decision said "kept": the run record says it once, as what happened
        scored = next((i for i, d in enumerate(decisions)
                       if d.action == "kept" and d.subject == said and d.file is None), None)
        if scored is None:
            decisions.append(dropped)
        else:
            decisions[scored] = dropped
    return held_back


def plan_dream(
    files: Mapping[str, str],
    index_text: str | None,
    candidates: list[Candidate],
    *,
    now: datetime,
    facts: ProjectFacts | None = None,
    options: EngineOptions | None = None,
    fallback_day: date | None = None,
    unreadable: frozenset[str] = frozenset(),
    forgets: Sequence[ForgetRequest] = (),
    names: Mapping[str, str] | None = None,
    dreamed: frozenset[str] = frozenset(),
    project: str = "",
) -> DreamPlan:
    """The whole consolidation; ``fallback_day`` dates relative words in undated entries;
    ``unreadable`` files exist in memory but could not be read, and are left as they are;
    ``forgets``, what the person asked to be forgotten, goes from memory first; ``names``, the
    name each file had when a dream last wrote it (from the journal), tell the index titles
    written by hand;
    ``dreamed``, the files earlier dreams left in memory: one gone since was deleted by hand,
    and no new entry takes its name; ``project``, the project's folder name, one a title on
    top of MEMORY.md may call the memory by ('# acme-api memories').

    Past the file budget (``max_files_touched``) the notes written in MEMORY.md wait first:
    the last of them stay there as they are (the agent still reads them), and the plan is made
    again without them, so every memory said in the sessions is still saved; a later dream
    moves them. Those MEMORY.md has no room for wait in ``WAITING_FILE``, word for word, and
    a later dream moves them too. Only then are new memories left out
    (``_within_file_budget``)."""
    options = options or EngineOptions()
    facts = facts or ProjectFacts()
    waiting = waiting_notes(files.get(WAITING_FILE))
    if waiting is not None:
        files = {path: text for path, text in files.items() if path != WAITING_FILE}
    notes = [*index_notes(index_text or "", project=project), *(waiting or [])]
    # a note whose line reads as an index entry (a link to a web page) would be a link to no
    # file if it stayed: always moved. One holding a secret always stays (``_as_found``)
    holdable = [n for n in notes if not _reads_as_entry(n) and not _redacted(n.text)]
    found = [n for n in notes if _as_found(n)]
    # a file of that name the person made (or one the engine cannot read) is theirs: then the
    # notes wait only where MEMORY.md has room for them
    theirs = waiting is None and (WAITING_FILE in files or WAITING_FILE in unreadable)
    held = 0
    while True:
        plan, over = _plan(files, index_text, candidates, now=now, facts=facts, options=options,
                           fallback_day=fallback_day, unreadable=unreadable, notes=notes,
                           forgets=forgets, names=names, dreamed=dreamed,
                           held=[*found, *(holdable[len(holdable) - held:] if held else [])],
                           waited=None if waiting is None else _waiting_text(waiting))
        more = min(over, len(holdable) - held)
        if more <= 0 or (theirs and not notes_fit(holdable[len(holdable) - held - more:],
                                                  options)):
            return plan
        held += more


# A word that may be a value no redaction rule knows: 3 characters or more with a digit
# ("88-alpha-31", "kq7", "k8sAPI"; not "Friday", "Don't", nor a name in capitals, "API",
# "GitHub", which a cut would take from every sentence naming a product)
_VALUE_LIKE = rx.compile(r"(?=.{3})\D*\d.*")
# ... and a code in capitals said as a secret's value ("The office gate code is XQZ.", "the PIN
# is ABCD", "wifi password: KQZX"): the name, one secret (a plural names a kind: "Secrets: AWS
# SSM", "Passwords: LDAP"), "is", "was" (now, still) or ":", then 3 to 12 capitals, a word of
# its own ("We use the GitHub API." names no secret; "AWS-managed", "XQZ.com" go on)
_CAPITALS_SAID = rx.compile(
    r"(?<![\w-])(?i:(pass(?:word|phrase|code)|passwd|pwd|pin|secret|combination|code))"
    r"(?:[ \t]+(?i:is|was)(?:[ \t]+(?i:now|still))?[ \t]+|[ \t]*[:=][ \t]*)[\"'`]?"
    r"([A-Z][A-Z0-9]{2,11})(?![\w-]|\.\w)"
)
# ... where a code, a combination or a pin in lower case ("pin" is a board's or a version's as
# often: "the reset pin is GPIO", "the Node pin is LTS") has a word before it naming what it
# opens: a code says what it is as often ("Legacy code is COBOL", "the error code is ENOENT",
# "the timezone code is UTC", "All code is MIT licensed", "the building code is IBC"), and the
# things a code opens are few. That word may own the code ("the front door's code") or end a
# compound ("the front-door code"), the group ``owns``: read so, the word or its last part
# must be a thing a hand opens with a code (``_OPENED_WITH_A_CODE``) and the code no licence
# ("The backup's code is MIT licensed", "The smart-lock code is GPL", "The read-access code is
# ASM" are what code is, as "the backup code" is no backup's)
_WORD_BEFORE_CODE = rx.compile(r"([A-Za-z][A-Za-z-]*)(?P<owns>['\u2019]s)?[ \t]+\Z")
_OPENED_BY_A_CODE = frozenset({
    "access", "alarm", "apartment", "atm", "backup", "bike", "card", "door", "elevator",
    "entrance", "entry", "garage", "gate", "gym", "house", "keypad", "lock", "lockbox", "locker",
    "mailbox", "padlock", "pairing", "parking", "phone", "recovery", "room", "router", "safe",
    "security", "sim", "storage", "unlock", "vault", "voicemail", "wi-fi", "wifi",
})
_OPENED_WITH_A_CODE = frozenset({
    "alarm", "apartment", "bike", "door", "entrance", "garage", "gate", "gym", "house", "keypad",
    "lock", "lockbox", "locker", "mailbox", "padlock", "room", "safe", "storage", "vault",
})
_LICENCES = frozenset({
    "AGPL", "APACHE", "BSD", "CDDL", "EPL", "EUPL", "GPL", "ISC", "LGPL", "MIT", "MPL", "SSPL",
})
# ... and no capitals that say how a secret is (emphasis, "the password is NOT shared"; a state
# that is no everyday word, "RESET", "TBD"; the everyday ones, "EXPIRED", "ROTATED",
# "OPTIONAL", ``reads_as_prose``) or what keeps it, an acronym a code is not ("Password: SSO
# only", "The password is LDAP", "Secret = UUID", "The pwd is HOME") or a key of the keyboard
# ("CTRL"): a code chosen to be typed is letters picked to be hard to guess or easy to type
# ("XQZ", "KQZX", "QWERTY"), which no list of words holds, so the words a secret's sentence
# names instead are listed
_NO_CODE_CAPITALS = frozenset({
    "ALL", "ALSO", "ALWAYS", "AND", "ANY", "FOR", "NEVER", "NEW", "NOT", "NOW", "OFF", "OLD",
    "ONLY", "RESET", "SAME", "STILL", "TBD", "THE", "TODO", "YES",
    # (what keeps a secret, makes it or stands for it)
    "AWS", "AZURE", "CVC", "CVV", "ENV", "GCP", "GPG", "HCP", "HMAC", "HOME", "HSM", "IAM",
    "JWT", "KMS", "LDAP", "MFA", "OAUTH", "OIDC", "OTP", "PATH", "PGP", "PKCE", "SAML", "SOPS",
    "SSH", "SSM", "SSO", "TOTP", "TPM", "USER", "UUID", "VAULT",
    # (a key of the keyboard: "The shortcut for secret: CTRL")
    "ALT", "CMD", "CTRL", "DEL", "ENTER", "ESC", "SHIFT", "TAB",
})
# ... but a day the engine resolved ("2026-07-03", "mid-2027"): said by it, never a secret
_RESOLVED_DAY = rx.compile(r"\d{4}-\d\d-\d\d|(?:early|mid|late)-\d{4}")
_WORD = rx.compile(r"\w+(?:[-'\u2019.]\w+)*")
# A redaction marker, its kind with it ("[REDACTED:url-password]")
_MARKER = rx.compile(re.escape(REDACTED_MARK) + r"[^\]\s]*\]?")
# The decisions whose sentence went into the memory file they name, maybe reworded ("I prefer
# pure functions" as "The user prefers pure functions")
_INTO_MEMORY = frozenset({"created", "updated", "superseded", "confirmed", "past"})
# ... and those whose subject memory held before the dream, as the run's images of it hold it:
# a file, a link's name as shown ("tok [REDACTED:github-token].md"), a line or key pruned,
# files merged ("a.md -> b.md")
_OF_MEMORY = frozenset({"pruned", "folded", "forgotten", "skipped", "redacted", "merged",
                        "indexed", "unindexed"})


def _values_said(sentence: str) -> list[str]:
    """The words of ``sentence`` that may be a value: shaped as one (``_VALUE_LIKE``), next to
    a redaction marker, in the same run of characters ("chat" in
    "ws://chat:[REDACTED:url-password]@server.io": what is left of the secret's place), or a
    code in capitals said as a secret's (``_CAPITALS_SAID``: "XQZ" in "The office gate code
    is XQZ.")."""
    return _words_shaped_as_values(sentence) + _codes_said(sentence)


def _words_shaped_as_values(text: str) -> list[str]:
    """The words of ``text`` shaped as a value or next to a redaction marker, as
    ``_values_said`` reads them, without the codes in capitals (which need the whole
    sentence)."""
    said: list[str] = []
    for chunk in text.split():
        marked = REDACTED_MARK in chunk
        for word in _WORD.findall(_MARKER.sub(" ", chunk)):
            if _RESOLVED_DAY.fullmatch(word) is not None:
                continue
            if _VALUE_LIKE.fullmatch(word) is not None or (marked and len(word) >= 3):
                said.append(word)
    return said


def _codes_said(sentence: str) -> list[str]:
    """The codes in capitals ``sentence`` says as a secret's value (``_CAPITALS_SAID``)."""
    codes: list[str] = []
    for code in _CAPITALS_SAID.finditer(sentence):
        name, value = code[1], code[2]
        if value in _NO_CODE_CAPITALS or reads_as_prose(value):
            continue
        if name.lower() in ("code", "combination") or (name.lower() == "pin"
                                                       and name != "PIN"):
            # (the word before the name, within 40 characters)
            before = _WORD_BEFORE_CODE.search(sentence, max(0, code.start() - 40), code.start())
            if before is None:
                continue
            word = before[1].lower()
            owner = word.rpartition("-")[2]
            said_whole = before["owns"] is None and word in _OPENED_BY_A_CODE
            owned = ((before["owns"] is not None or owner != word)
                     and owner in _OPENED_WITH_A_CODE and value.upper() not in _LICENCES)
            if not (said_whole or owned):
                continue
        codes.append(value)
    return codes


def _plain_opening(sentence: str, count: int = 4) -> str:
    """The first ``count`` words of ``sentence`` and "…", stopping before one that may be a
    value or holds a redaction marker: "The office gate code …" for "The office gate code is
    7QZ.", "The PIN is …" for "The PIN is ABCD." (a code read in the whole sentence)."""
    codes = set(_codes_said(sentence))
    shown: list[str] = []
    for chunk in sentence.split()[:count]:
        # (a chunk's codes are among the sentence's: read once, above)
        if (REDACTED_MARK in chunk or _words_shaped_as_values(chunk)
                or not codes.isdisjoint(_WORD.findall(chunk))):
            break
        shown.append(chunk)
    return " ".join([*shown, "…"])


def quoted_as_kept(decisions: Sequence[Decision], memory: Mapping[str, str]) -> list[Decision]:
    """``decisions`` with a subject that says a word shaped as a value (``_values_said``) that
    memory (``memory``: each file's text before and after the dream, by name) does not hold,
    by its stems, cut to its first plain words: the run record, DREAMS.md and ``show`` never
    quote a value no redaction rule knows ("We have it delivered on Friday, the vault code is
    88-alpha-31.", dated, then dropped). A sentence that went into a memory file
    (``_INTO_MEMORY``), one kept or confirmed there, and a subject naming a file or what
    memory held (``_OF_MEMORY``) stay as they are."""
    kept = frozenset().union(*(tokens(text) for text in memory.values()))
    names = set(memory)
    # (by the file it went into then: one renamed later in the dream is in no name)
    filed = {d.subject for d in decisions if d.action in _INTO_MEMORY and d.file is not None}
    shown: list[Decision] = []
    for decision in decisions:
        said = decision.subject
        if (decision.action in _OF_MEMORY or said in names or said == decision.file
                or said in filed or " " not in said.strip()
                or (decision.action in ("kept", "confirmed") and decision.file in names)
                or all(tokens(word) <= kept for word in _values_said(said))):
            shown.append(decision)
        else:
            shown.append(replace(decision, subject=_plain_opening(said)))
    return shown


def _redacted(text: str) -> bool:
    """True when ``text`` holds a secret, or one redacted when it was read."""
    return REDACTED_MARK in text or contains_secret(text)


def _as_found(note: IndexNote) -> bool:
    """True for a note the person wrote in MEMORY.md that holds a secret: it is never made a
    memory (a credential is never remembered, and one redacted is no memory either) and stays
    on its line as written; the tools keep the secret there and the check tells the person
    where it is, to remove it. One that reads as an index entry is moved, redacted, as it must
    leave MEMORY.md."""
    return note.origin == INDEX_NAME and (_on_top(note) or (
        _redacted(note.text) and not _reads_as_entry(note)))


def _reads_as_entry(note: IndexNote) -> bool:
    """Whether a line of ``note`` has the form of an index entry (a link to a web page): the
    whole index was read with the memory dir's files, and found it none; alone, the line is
    asked only for its form, so with no files (a ``%XX`` in its link is read as an escape)."""
    return any(parse_index(line, frozenset()).entries for line in note.lines)


def _front_matter(note: IndexNote) -> bool:
    """``note`` is the frontmatter block the person put on top of MEMORY.md: it stays there."""
    return note.line_no == 1 and front_matter_lines(note.lines) == len(note.lines)


def _on_top(note: IndexNote) -> bool:
    """``note`` is what the person put on top of MEMORY.md to head it, a frontmatter block or a
    title: it stays there, never a memory."""
    return _front_matter(note) or note.title


def _where_held(held: list[IndexNote], options: EngineOptions
                ) -> tuple[list[IndexNote], list[IndexNote]]:
    """The ``held`` notes that stay in MEMORY.md (the first of those written there, as many as
    it has room for beside the line saying how many topic files it does not list), and those
    that wait in ``WAITING_FILE``: a note read from there is not moved into MEMORY.md. One
    holding a secret always stays (``_as_found``)."""
    found = [n for n in held if _as_found(n)]
    rest = [n for n in held if not _as_found(n)]
    stay = 0
    while (stay < len(rest) and rest[stay].origin == INDEX_NAME
           and notes_fit([*found, *rest[: stay + 1]], options)):
        stay += 1
    return sorted([*found, *rest[:stay]], key=lambda n: n.line_no), rest[stay:]


def _plan(
    files: Mapping[str, str],
    index_text: str | None,
    candidates: list[Candidate],
    *,
    now: datetime,
    facts: ProjectFacts,
    options: EngineOptions,
    fallback_day: date | None,
    unreadable: frozenset[str],
    notes: list[IndexNote],
    held: list[IndexNote],
    waited: str | None,
    forgets: Sequence[ForgetRequest] = (),
    names: Mapping[str, str] | None = None,
    dreamed: frozenset[str] = frozenset(),
) -> tuple[DreamPlan, int]:
    """``plan_dream`` with the ``held`` ones of the ``notes`` left in MEMORY.md as they are,
    or in ``WAITING_FILE`` (``waited``: its text as a dream would write it, when it was
    there); and how many files over ``max_files_touched`` it was before any new memory was
    left out."""
    entries, unparsable, decisions = load_entries(files, index_text, unreadable, names)
    present = {f.lower() for f in (*files, *unreadable)}
    gone = frozenset(f.lower() for f in dreamed) - present
    taken = present | {e.file.lower() for e in entries} | {WAITING_FILE.lower()} | gone
    moved = [n for n in notes if n not in held]
    note_made, note_decisions = note_entries(notes, taken, frozenset(held))
    entries.extend(note_made)
    decisions.extend(note_decisions)
    stay, wait = _where_held(held, options)
    waiting_text = _waiting_text(wait) if wait else None
    # WAITING_FILE written or deleted: one more file touched
    extra = 0 if waiting_text == waited else 1
    # (before anything else reads them: a forgotten entry is merged into none, nor updated)
    # (and an event of the file of past events, by its line: ``event_stand_ins``)
    decisions.extend(forget_with_events(entries, forgets, options))
    work = Consolidator(entries, options, gone)
    work.date_existing(fallback_day)
    work.reword_old_how()
    work.tidy_restatements()
    work.merge_duplicates()
    # ("ask ana ..." beside "Ana owns billing": one person, written one way)
    candidates = named_as_written(candidates, (s for e in entries for s in e.statements))
    clusters = cluster_candidates(candidates, options)
    kept, scored = select(clusters, now, options)
    decisions.extend(work.decisions)
    work.decisions = []
    decisions.extend(scored)
    for cluster in sorted(kept, key=lambda c: (c.latest.timestamp, c.latest.order)):
        work.apply(cluster)
    work.tell_past_plans(now.date())
    work.describe()
    decisions.extend(work.decisions)
    decisions.extend(prune_restated(work.entries, facts))
    decisions.extend(retitles(work.entries))
    # (last, once every entry is told as it now is: an event moved there is in its past words)
    room = None if options.max_files_touched is None else -_files_over(
        work.entries, options, extra)
    moves = move_past_events(work.entries, now.date(), room, frozenset(present))
    # (a plan told as past and moved in one dream: the file it was told in is gone, and the
    # diary would name the file of past events as told as past; the move names both)
    gone_by = {e.file for e in work.entries
               if e.merged_into is not None and e.merged_into.archive}
    decisions[:] = [replace(d, file=None) if d.action == "past" and d.file in gone_by else d
                    for d in decisions]
    decisions[:] = refilled(decisions, work.entries)
    decisions.extend(moves)
    over = _files_over(work.entries, options) + extra
    decisions.extend(_held_decisions(stay, wait, options))
    held_back = _within_file_budget(work.entries, note_made, options, decisions, extra)
    unlisted = 1 if wait else 0  # WAITING_FILE: a topic file the index does not list
    build = build_index(work.entries, options, notes=stay, unlisted=unlisted)
    written_there = [e for e, n in zip(note_made, moved, strict=True) if n.origin == INDEX_NAME]
    build = _within_loss_budget(work.entries, build, index_text, written_there, options,
                                decisions, stay, unlisted)
    decisions.extend(index_decisions(build, work.entries, index_text, options))
    # (told, not acted on: a rule written by hand since the last dream saying a switch away from
    # an older rule of the engine's; both stay as they are. Last, of the files as the dream
    # leaves them (one pruned or moved away is told so, not flagged) and of the index it
    # writes: told by the dream that lists the file, so the next finds it listed)
    decisions.extend(flag_hand_switches(work.entries, dreamed, now, index_text, build.text))
    plan = DreamPlan(decisions=decisions, entries=work.entries, kept_files=unparsable,
                     held_back=held_back, held_notes=stay, waiting_notes=wait,
                     moved_notes=list(zip(note_made, moved, strict=True)),
                     prior_index=index_text)
    for entry in work.entries:
        if entry.deleted:
            if entry.original is not None:
                plan.deletes.append(entry.renamed_from or entry.file)
            continue
        if entry.renamed_from:
            plan.deletes.append(entry.renamed_from)
            plan.renames[entry.file] = entry.renamed_from
        if entry.opaque:
            continue  # left as found, whatever its text
        text = entry.render()
        if text != files.get(entry.file):
            plan.writes[entry.file] = text
    if waiting_text is not None and waiting_text != waited:
        plan.writes[WAITING_FILE] = waiting_text
    elif waiting_text is None and waited is not None:
        plan.deletes.append(WAITING_FILE)
    plan.index = build.text
    plan.index_changed = build.text != (index_text or "")
    if len(build.text.encode("utf-8")) > INDEX_MAX_BYTES:  # pragma: no cover - bounded
        raise AssertionError("index over the byte limit")
    return plan, over
