"""Prune and index: drop what the project already says, rebuild ``MEMORY.md`` within limits."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date

from autodream import redact, rx
from autodream.engine.entries import (
    DAY_ASIDE,
    NOT_INDEXED,
    Entry,
    after_title,
    files_of,
    hook_after_title,
    kind_and_day_hook,
    says_no_more_than_title,
)
from autodream.engine.facts import restated_by
from autodream.engine.model import Decision, EngineOptions, ProjectFacts
from autodream.engine.not_to_save import not_worth_saving
from autodream.engine.text import shorten, shorten_outside_code, tokens
from autodream.errors import FLAT_REDACTED_PATTERN, REDACTED_PATTERN
from autodream.memory.model import (
    MEMORY_TYPES,
    SECTION_TITLES,
    IndexEntry,
    IndexNote,
    MemoryType,
    continues_note,
    parse_index,
    section_type,
    unlisted_count,
    unlisted_line,
)


def prune_restated(entries: list[Entry], facts: ProjectFacts) -> list[Decision]:
    """Delete entries whose every statement the project's files already make."""
    decisions: list[Decision] = []
    if facts.is_empty():
        return decisions
    for entry in entries:
        # (a heading the person wrote above the rule says what no project file does: the file
        # is theirs to keep, as it was when the heading was read as one of its statements)
        if entry.deleted or entry.sealed or entry.type == "user" or not entry.statements or (
                entry.heading):
            continue
        reasons = [restated_by(s, facts) for s in entry.statements]
        if all(r is not None for r in reasons):
            entry.deleted = True
            entry.deleted_by = "restated"
            decisions.append(Decision(
                "pruned", entry.file, f"restates the project's files ({reasons[0]})",
                file=entry.file, title=entry.name))
    return decisions


def index_entry(entry: Entry, limit: int) -> IndexEntry:
    """The entry's ``- [name](file) — hook`` line, at most ``limit`` characters long; a title
    the person wrote there is kept (``hand_title``). The hook is the description less the
    title, cut never inside a `code span`; where that would give the title again, or cut it to
    fewer than three words, the memory's kind and day stand in for it ("the user's stated
    preference (2026-06-29)"), only when no longer than the line earlier versions wrote. Under
    a title the person wrote that does not say the name, the hook is read against that title:
    it tells the rule itself, never cut inside a code span."""
    title = entry.hand_title or engine_title(entry.name)
    room = limit - len(IndexEntry(title, entry.file, "").render()) - len(" — ")
    # a title a person wrote that tells nothing of the rule the entry's name says
    # ("Preference", "How we merge"): the hook is read against it, not against the name, and
    # tells the rule itself ("— Always squash-merge pull requests (2026-07-01)"), never the
    # kind and day ("— the user's stated preference (2026-07-01)") nor what follows the name
    # ("— we don't rebase anymore."), after which no one reading MEMORY.md knew the rule. One
    # that says the name, decorated or begun ("Always squash-merge pull requests (team
    # rule)", "Always squash-merge pull"), is read as the name is: the line does not say the
    # rule twice
    rule_told = bool(entry.hand_title) and not _says_name(entry.hand_title, entry.name)
    shown = entry.hand_title if rule_told else entry.name
    described = after_title(entry.description, shown)
    kind_and_day = kind_and_day_hook(entry)
    # a description that is the title and the day it was said ("Put type hints on everything
    # (2026-06-29)") would give the title twice: the line says what the title does not, the
    # kind of memory and the day ("the user's stated preference (2026-06-29)")
    plain = kind_and_day if says_no_more_than_title(entry.description, shown) else ""
    if plain and DAY_ASIDE.search(entry.description) is None and len(
            shorten(_flat(plain), room)) > len(shorten(_flat(described), room)):
        # one earlier versions wrote as it is (the title cut, "Always use…", or a person's
        # "Type hints"), whose line was shorter than the kind and day: that line stays (a
        # longer one would make others shorter near MEMORY.md's byte limit)
        plain = ""
    described = plain or described
    hook = entry.hook
    if (entry.changed and not entry.redescribed) or not hook or hook == kind_and_day or any(
            # (the kind and day, whole or cut, may stand in for a description cut to a stub,
            # below: given anew, the description is whole again when the line has room)
            cut_from(hook, d) for d in {described, entry.description, kind_and_day}) or (
            # (a line an earlier dream wrote, "— and no external backend service.")
            hook_after_title(hook, entry.description, entry.name)
            or (rule_told and hook_after_title(hook, entry.description, shown))):
        hook = described
    if room < 12:
        return IndexEntry(title, entry.file, "")
    # (the kind and day cut at the end, as earlier versions cut it: the line they wrote stays)
    cut_at_end = shorten(_flat(hook), room)
    told = cut_at_end if hook == plain else _shorten_hook(_flat(hook), room)
    if rule_told and hook != plain and (_stub(told, hook) or (
            hook == described and _in_code(told))):
        # under a person's title that does not say the rule, the rule cut at its end still
        # begins it, the kind and day tell none of it; never cut inside a code span ("—
        # Always run `black --line-length 100…", a command told half, or a description an
        # earlier version cut there): the kind and day then, or the rule before the span
        plainly = shorten(_flat(kind_and_day), room) if kind_and_day else ""
        told = cut_at_end if not _in_code(cut_at_end) else plainly if (
            plainly and not _stub(plainly, kind_and_day)) else _before_code(told)
    elif hook != plain and _stub(told, hook):
        # "— Always read… (2026-07-06)" tells nothing: the kind and day say more, when there
        # are any and they fit ("the user's…" would tell no more); else the hook cut at its
        # end, as earlier versions cut it ("— `make…", not nothing after the title). They are
        # cut to no more than that cut: a longer line would make others shorter near
        # MEMORY.md's byte limit
        plainly = shorten(_flat(kind_and_day), min(room, len(cut_at_end))) if (
            kind_and_day) else ""
        told = plainly if plainly and not _stub(plainly, kind_and_day) else cut_at_end
    return IndexEntry(title, entry.file, told)


def _in_code(told: str) -> bool:
    """``told`` ends inside a `code span` it opens and does not close ("Always run `black
    --line-length 100…")."""
    return told.count("`") % 2 == 1


def _before_code(told: str) -> str:
    """``told`` cut before the `code span` it ends inside ("Always run…"); "" when nothing is
    before it."""
    if not _in_code(told):
        return told
    kept = told[:told.rindex("`")].rstrip(" ,;:-—(")
    return f"{kept}…" if kept else ""


# a word of a title, as said whatever its case, hyphens or decoration ("Squash merge", "**PR**")
_TITLE_WORD = rx.compile(r"[^\W_]+")


def _says_name(title: str, name: str) -> bool:
    """``title``, written by hand, says the entry's ``name``: every word of it, decorated or
    reworded around ("Always squash-merge pull requests (team rule)", "⭐ Always squash merge
    pull-requests", "Never push directly to main"), or the name's first words ("Always
    squash-merge pull"). A hook read against the name then does not say the title again."""
    said = _TITLE_WORD.findall(title.lower())
    named = _TITLE_WORD.findall(name.lower())
    return set(named) <= set(said) or (bool(said) and named[:len(said)] == said)


def _stub(told: str, hook: str) -> bool:
    """``told`` is ``hook`` cut to fewer than three words ("Always read…", "Always use…" before
    a code span, or nothing), the day it was said aside."""
    if told == " ".join(_flat(hook).split()):
        return False
    aside = DAY_ASIDE.search(told)
    return len((told[:aside.start()] if aside is not None else told).split()) < 3


def _shorten_hook(hook: str, room: int) -> str:
    """``hook`` within ``room`` characters; a day told after it in brackets stays, the words
    before it are cut ("Jonas prefers reviewing PRs on… (2026-07-06)"): cut at the end, a line
    would lose when the rule was said, the one thing it says the title does not."""
    hook = " ".join(hook.split())
    aside = DAY_ASIDE.search(hook)
    if len(hook) <= room or aside is None or room - len(aside[0]) < 12:
        return shorten_outside_code(hook, room)
    kept = shorten_outside_code(hook[:aside.start()], room - len(aside[0]))
    return kept + aside[0] if kept else ""


def engine_title(name: str) -> str:
    """The title the index gives an entry of this ``name``."""
    return shorten(_flat(name), 60)


# A redaction mark, whole, as a line of MEMORY.md read redacted holds it, or as an index line
# the dream wrote shows it, its brackets round ("- [The password is (REDACTED:assigned-secret)]
# (x.md)"): read as the person's words, such a line was kept as it was once the file was
# renamed, the mark where its name should be
_MARK = rx.compile(REDACTED_PATTERN + "|" + FLAT_REDACTED_PATTERN)


def holds_a_mark(text: str) -> bool:
    """``text``, read from MEMORY.md, holds a whole redaction mark: it was read redacted, or
    written by a dream from a text that was."""
    return _MARK.search(text) is not None


def repeats_a_marked_title(hook: str, title: str) -> bool:
    """``hook``, read from an entry's MEMORY.md line, only repeats its ``title`` (or a cut of
    it, ending "…"), which holds a redaction mark: "- [The password is (REDACTED:x)](x.md) —
    The password is (REDACTED:x)". It says nothing of the memory the title does not, and the
    title gives way to the file's name (``hand_title``): the description stands beside it."""
    said, named = (" ".join(_MARK.sub("\x00", text).split()) for text in (hook, title))
    return holds_a_mark(title) and bool(said) and (said == named or (
        said.endswith("…") and named.startswith(said[:-1].rstrip())))


def only_marks(hook: str) -> bool:
    """``hook``, read from an entry's MEMORY.md line, says nothing but redaction marks ("—
    [REDACTED:api-key]"): none to keep, as the line gives nothing of the memory. The
    description stands, as when such a line was no entry and the index was rebuilt."""
    return holds_a_mark(hook) and not any(
        c.isalnum() for c in _MARK.sub("", hook))


def hand_title(title: str, name: str, written: str | None) -> str:
    """``title``, read from an entry's MEMORY.md line, when a person wrote it there, else "".

    A title the engine makes of the file's ``name``, of the name a dream last wrote in it
    (``written``, when the journal knows it: the person renamed the file since, and the line
    follows), or a cut of either (as an older version cut them) is the engine's.

    A title read redacted ("[REDACTED:api-key]", "[REDACTED:x] The token is
    [REDACTED:assigned-secret]") is none to keep: written back, it is the person's secret
    again (a line the dream writes as it read it is put back as the file has it) or a mark
    where a name was. The file's name stands, as when such a line was no entry and the index
    was rebuilt without it. (Only a whole mark, as redaction writes one: "A [REDACTED:x",
    which no secret left, stays the person's title, as on main.)"""
    said = " ".join(title.split())
    if holds_a_mark(said):
        return ""
    for made in (name, written):
        if made is None:
            continue
        whole = " ".join(_flat(made).split())
        if said in ("", engine_title(made)) or (
                said.endswith("…") and whole.startswith(said[:-1].rstrip())):
            return ""
    return said


def said_now(entry: Entry) -> str:
    """What ``entry`` says is so: its name, description and statements, not its history."""
    return " ".join([entry.name, entry.description, *entry.statements])


def said_as_read(entry: Entry) -> str:
    """What ``entry`` says as read, for ``retitles``: ``said_now``, less a description that is
    an earlier version's kind and day alone ("plan stated on 2026-06-29", "the user asked for
    this on 2026-06-29"). The dream makes that one anew from what the memory says
    (``Consolidator.describe``): its words going ("plan", "user", "asked") are no change to the
    memory, and a title a person wrote with them ("Release plan") is not made stale by it."""
    if entry.description and entry.description == kind_and_day_hook(entry):
        return " ".join([entry.name, *entry.statements])
    return said_now(entry)


def retitles(entries: Sequence[Entry]) -> list[Decision]:
    """Titles written by hand in MEMORY.md that the dream's rewrite of their entry made wrong:
    the title names what the entry said when read and says no more (a value superseded, a
    switch undone). Those give way to the entry's new name, and the run record says so; every
    other title written by hand is kept, however the dream reworded the entry."""
    decisions: list[Decision] = []
    for entry in entries:
        if entry.deleted or not entry.hand_title or not entry.changed:
            continue
        gone = tokens(entry.text_as_read) - tokens(said_now(entry))
        stale = [w for w in entry.hand_title.split() if tokens(w) & gone]
        if not stale:
            continue
        was, entry.hand_title = entry.hand_title, ""
        decisions.append(Decision(
            "updated", entry.file,
            f"index title written by hand ({was!r}) retitled {engine_title(entry.name)!r}: "
            f"the entry no longer says {' '.join(stale)!r}", file=entry.file))
    return decisions


def cut_from(hook: str, description: str) -> bool:
    """True when ``hook`` is ``description`` shortened (to fit an index line, or a write limit
    since lifted): a dream rebuilding the index gives the whole description again, as room
    allows, instead of keeping the cut for good."""
    aside = DAY_ASIDE.search(hook)
    if aside is not None and hook[:aside.start()].endswith("…") and description.endswith(
            aside[0]):
        # (cut before the day it keeps: ``_shorten_hook``)
        hook, description = hook[:aside.start()], description[:-len(aside[0])]
    if not hook.endswith("…"):
        return False
    kept, whole = " ".join(_flat(hook[:-1]).split()), " ".join(_flat(description).split())
    return len(whole) > len(kept) > 0 and whole.startswith(kept)


_MARKDOWN_LINK = rx.compile(r"\[([^\[\]\n]*)\]\(([^()\s]*)\)")


def _flat(text: str) -> str:
    """``text`` with no link syntax: "[RTD](https://x.io)" reads "RTD (https://x.io)". A link
    or bracket in an index line's title or hook would read back as a second entry, or end the
    title early, and the line would fail the checks in every dream after."""
    text = _MARKDOWN_LINK.sub(lambda m: f"{m[1]} ({m[2]})" if m[1] else m[2], text)
    flat = text.replace("[", "(").replace("]", ")")
    # (a value the brackets hid is one once they are gone: a file named "the token is
    # [abc123XYZ987](https://x.io)" reads "the token is abc123XYZ987 (https://x.io)", and the
    # dream refused the MEMORY.md it wrote; so the flat text is read again, its marks made flat;
    # redact gives a text with no secret back as it is, read once)
    return redact.redact(flat).replace("[", "(").replace("]", ")")


MIN_LINE_CHARS = 72  # hooks are shortened down to this before any entry is left out


@dataclass(eq=False, repr=False)
class IndexBuild:
    """A rebuilt ``MEMORY.md`` and what did not fit in it."""

    text: str
    chars: int  # the longest index line allowed, after any shortening
    unlisted: dict[str, str] = field(default_factory=dict)  # file -> the limit it fell to


def index_rank(entry: Entry) -> float:
    """How much an entry is worth a line in the index when not all fit: what Claude Code says
    not to save ranks lowest, then project and reference facts, then how to work and who the
    user is. Read from the entry alone, so the next dream ranks it the same."""
    if not_worth_saving(f"{entry.name}. {entry.lead}") is not None:
        return 0.2
    return _TYPE_RANK.get(entry.type, 0.5)


_TYPE_RANK = {"feedback": 0.6, "user": 0.6, "project": 0.5, "reference": 0.5}
# Said within this many days of the newest memory: recent enough to outrank older entries of a
# higher type (a memory the person just asked for must not start life unlisted). Measured from
# the newest source among the entries, not the clock, so a dream with nothing new ranks alike.
_RECENT_DAYS = 30
_RECENT_BONUS = 0.15


def listing_rank(entry: Entry, newest: date | None) -> float:
    """``index_rank``, raised for an entry said within ``_RECENT_DAYS`` of the newest one."""
    day = entry.reference_day()
    recent = newest is not None and day is not None and (newest - day).days <= _RECENT_DAYS
    return round(index_rank(entry) + (_RECENT_BONUS if recent else 0.0), 4)


def _standing(entry: Entry) -> int:
    """Who put ``entry`` forward for a line, for ranks that tie: a memory new this dream (2: it
    must not start life unlisted), one with a line in the index as read (1: a full index the
    person wrote is not re-ranked against their choice), a file the index left out (0). The
    next dream reads the index this one wrote, so it leaves out the same files."""
    if entry.index_pos < NOT_INDEXED:
        return 1
    return 2 if entry.original is None else 0


def _newest(entries: list[Entry]) -> date | None:
    days = [d for e in entries if not e.deleted and (d := e.reference_day()) is not None]
    return max(days, default=None)


def build_index(
    entries: list[Entry], options: EngineOptions, *, exclude: frozenset[str] = frozenset(),
    notes: Sequence[IndexNote] = (), unlisted: int = 0,
) -> IndexBuild:
    """``MEMORY.md`` grouped by type (user, feedback, project, reference), within the limits.

    Over the byte limit, hooks are shortened first. Entries that still do not fit (or are over
    the line limit) are left out, lowest-ranked first; their topic files stay, and the index's
    last line says how many are not listed, so the agent that loads it knows to look. Nothing
    is deleted to make room: a memory nobody listed is still a memory, a deleted one is gone.
    The rank depends only on the entries (never on this dream's scores), so the next dream on
    the same memory leaves out the same files and writes the same bytes.

    ``notes`` (written in MEMORY.md by hand, left there this dream) are never left out: each
    is written as it was, first under its type's heading when the heading it was under names
    one, else first in the index under the heading it was under. ``unlisted`` more topic
    files, none an entry, are counted among those the index does not list.
    """
    live = [e for e in entries if not e.deleted and e.file not in exclude]
    block, typed = _note_blocks(notes)
    # Highest rank first: a file the engine cannot read keeps its line (unlisted, it would be
    # lost track of); then rank; on a tie, a memory new this dream, then the lines the person's
    # index has, in its order, ahead of files it left out; then the newest source, the file name.
    newest = _newest(live)
    listed = sorted(live, key=lambda e: (e.opaque, listing_rank(e, newest), _standing(e),
                                         -e.index_pos, e.reference_day() or _EPOCH, e.file),
                    reverse=True)
    left_out: dict[str, str] = {}
    lines_limit = f"{options.index_max_lines}-line"
    bytes_limit = f"{options.index_max_bytes}-byte"
    # Lines do not depend on how long the hooks are: count them instead of rendering.
    while listed and (_line_count(listed, len(live) - len(listed) + unlisted, block, typed)
                      > options.index_max_lines):
        left_out[listed.pop().file] = lines_limit
    chars = options.index_line_chars - 1
    text = _render(listed, chars, len(left_out) + unlisted, block, typed)

    def over(text: str) -> bool:
        return (text.count("\n") > options.index_max_lines
                or len(text.encode("utf-8")) > options.index_max_bytes)

    # Shorter hooks before fewer entries: a shorter line loses less than an unlisted entry.
    while len(text.encode("utf-8")) > options.index_max_bytes and chars > MIN_LINE_CHARS:
        chars = max(MIN_LINE_CHARS, chars - 8)
        text = _render(listed, chars, len(left_out) + unlisted, block, typed)
    while over(text) and listed:
        left_out[listed.pop().file] = (
            bytes_limit if len(text.encode("utf-8")) > options.index_max_bytes else lines_limit)
        text = _render(listed, chars, len(left_out) + unlisted, block, typed)
    return IndexBuild(text, chars, left_out)


def notes_fit(notes: Sequence[IndexNote], options: EngineOptions) -> bool:
    """True when MEMORY.md can hold ``notes`` as written, and the line saying how many topic
    files it does not list, within its limits."""
    block, typed = _note_blocks(notes)
    text = _render([], options.index_line_chars - 1, 10**6, block, typed)
    return (text.count("\n") <= options.index_max_lines
            and len(text.encode("utf-8")) <= options.index_max_bytes)


def note_lines(notes: Sequence[IndexNote]) -> str:
    """``notes`` as written, each under the heading it was under."""
    return "\n".join(_note_block(notes)) + "\n" if notes else ""


def index_decisions(
    build: IndexBuild, entries: list[Entry], prior_index: str | None, options: EngineOptions
) -> list[Decision]:
    """What the index says about the entries, once per dream: lines shortened, files linked
    that were not, entries that no longer fit. A file an earlier dream left out (the prior
    index says some are not listed, and did not link it) that still does not fit is not news:
    those are one count, not a decision each."""
    # (a file named "a%20b.md" is the one "(a%20b.md)" links: ``link_file``)
    prior = parse_index(prior_index or "", files_of(entries))
    prior_linked = {e.file for e in prior.entries}
    prior_full = any(unlisted_count(line) is not None for _, line in prior.other_lines)
    decisions: list[Decision] = []
    if build.chars < options.index_line_chars - 1:
        decisions.append(Decision(
            "indexed", "MEMORY.md",
            f"index lines shortened to {build.chars} characters to stay within "
            f"{options.index_max_bytes} bytes"))
    still_out = 0
    newest = _newest(entries)
    for entry in sorted((e for e in entries if not e.deleted), key=lambda e: e.file):
        limit = build.unlisted.get(entry.file)
        if limit is None:
            read_as = entry.renamed_from or entry.file
            if entry.original is not None and read_as not in prior_linked:
                # (a person who deleted the line to drop the memory learns how to)
                decisions.append(Decision("indexed", entry.file,
                                          "topic file missing from MEMORY.md; linked now (every "
                                          "memory file gets a line there: to drop this memory, "
                                          "delete the file)", file=entry.file))
        elif (prior_full and entry.original is not None
              and (entry.renamed_from or entry.file) not in prior_linked):
            still_out += 1
        else:
            decisions.append(Decision(
                "unindexed", entry.file,
                f"not indexed: MEMORY.md is over its {limit} limit and this entry ranks among the "
                f"lowest (rank {listing_rank(entry, newest):.2f}{_tie_told(entry)}); file kept",
                file=entry.file))
    if still_out:
        decisions.append(Decision(
            "unindexed", "MEMORY.md",
            f"{still_out} topic file{'s' if still_out != 1 else ''} left out by an earlier dream "
            f"still do{'es' if still_out == 1 else ''} not fit; files kept, and the index's last "
            "line says how many are not listed"))
    return decisions


def _tie_told(entry: Entry) -> str:
    """Which of the entries ranked alike went first, as ``_standing`` orders them: a line of
    the index as read says it was its last lines, with the one it was on."""
    if entry.original is None:  # (new this dream, or a note moved out of MEMORY.md)
        return ""
    if entry.index_pos < NOT_INDEXED:
        return (f"; of those ranked alike, MEMORY.md's last lines go first: this was line "
                f"{entry.index_pos}")
    return "; MEMORY.md did not list it"


def _line_count(listed: list[Entry], unlisted: int, block: list[str],
                typed: dict[MemoryType, list[str]]) -> int:
    """How many lines ``_render`` writes: the notes, entries, a heading per type, a blank line
    between groups, and a blank line and the count of what is not listed."""
    groups = len({e.type for e in listed} | set(typed))
    lines = len(listed) + sum(map(len, typed.values())) + 2 * groups - (1 if groups else 0)
    if unlisted:
        lines += 2 if groups else 1
    if block:
        lines += len(block) + (1 if lines else 0)
    return lines


def _note_blocks(notes: Sequence[IndexNote]) -> tuple[list[str], dict[MemoryType, list[str]]]:
    """The lines of ``notes`` as written: those under a heading that names a type, by that type
    (they go under the index's own heading for it: one of theirs besides would be a second
    '## Feedback'); the others as one block, each under the heading it was under."""
    typed: dict[MemoryType, list[IndexNote]] = {}
    loose: list[IndexNote] = []
    for note in notes:
        mtype = section_type(note.section)
        if mtype is None:
            loose.append(note)
        else:
            typed.setdefault(mtype, []).append(note)
    return _note_block(loose), {t: _note_block(n, headings=False) for t, n in typed.items()}


def _note_block(notes: Sequence[IndexNote], *, headings: bool = True) -> list[str]:
    """The lines of ``notes`` as written, each under the heading it was under (so the next
    dream reads it as the same note, of the same type) unless ``headings`` is false; a blank
    line between two notes only where one would read as going on with the other."""
    out: list[str] = []
    section = ""
    last: IndexNote | None = None
    for note in notes:
        if headings and note.section != section:
            if out:
                out.append("")
            out.append(f"## {note.section}")
            section = note.section
        elif last is not None and (last.title or continues_note(last.lines, note.lines[0])):
            out.append("")
        out.extend(note.lines)
        last = note
    return out


def _render(entries: list[Entry], chars: int, unlisted: int, block: list[str],
            typed: dict[MemoryType, list[str]]) -> str:
    out = list(block)
    for mtype in MEMORY_TYPES:
        members = sorted(
            (e for e in entries if e.type == mtype), key=lambda e: (e.index_pos, e.file)
        )
        lines = typed.get(mtype, []) + [index_entry(e, chars).render() for e in members]
        if lines:
            out += [*([""] if out else []), f"## {SECTION_TITLES[mtype]}", *lines]
    if unlisted:
        out += [*([""] if out else []), unlisted_line(unlisted)]
    return "\n".join(out) + "\n" if out else ""


_EPOCH = date(1970, 1, 1)
