"""Memory entries as the engine edits them: a topic file split into its parts.

A Claude Code topic file body states the rule or fact, then ``**Why:**`` and
``**How to apply:**``. The engine adds dated history lines ("Switched from X to Y on DATE;
previously X.") when a newer statement replaces an older one. Files the engine does not change
are written back byte for byte, so only what a dream decided shows up in the diff.
"""

from __future__ import annotations

import contextlib
import re
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from autodream import rx
from autodream.engine.model import Source
from autodream.engine.text import (
    address_told_for_now,
    has_word,
    sentence_case,
    shorten,
    split_outside_spans,
    tokens,
    word_set,
)
from autodream.memory.model import (
    FrontmatterError,
    MemoryType,
    TopicFile,
    parse_topic,
    render_topic,
)

_WHY = rx.compile(r"^\*\*Why:?\*\*:?\s*(?P<text>.*)$", re.I)
_HOW = rx.compile(r"^\*\*How to apply:?\*\*:?\s*(?P<text>.*)$", re.I)
# A switch said as done in the past ("last week we moved CI ...") is dated when it was done,
# as precisely as it was said: "on 2026-03-30", "on the weekend of 2026-03-28", "in the week of
# 2026-03-30", "in March 2026".
HISTORY_LINE = rx.compile(
    r"^(?:Switched|Changed|Moved)(?: back)? from (?P<old>.+?) to (?P<new>.+?) "
    r"(?:on (?P<day>\d{4}-\d{2}-\d{2})|on the weekend of \d{4}-\d{2}-\d{2}|"
    r"in (?:the week of \d{4}-\d{2}-\d{2}|[A-Z][a-z]+ \d{4}|Q[1-4] \d{4}|\d{4})); previously .*$"
)
# A change with no single "X to Y": the whole earlier statement is kept after "previously:".
UPDATE_LINE = rx.compile(r"^Updated on (?P<day>\d{4}-\d{2}-\d{2}); previously: .+$")


def files_of(entries: list[Entry]) -> frozenset[str]:
    """The memory dir's files as ``entries`` hold them, under their new names and the names
    they were read by: what an index link's ``%XX`` is read against (``link_file``), one way
    for every reader of an index once the entries are loaded."""
    return frozenset(e.file for e in entries) | {e.renamed_from for e in entries if e.renamed_from}


def update_line(day: date | str, previous: str) -> str:
    """The history line of a statement replaced whole, as ``UPDATE_LINE`` reads it back."""
    return f"Updated on {day}; previously: {previous}"


def change_line(old: str, new: str, when: str, *, verb: str = "Changed",
                previously: str | None = None) -> str:
    """The history line of a switch or change from ``old`` to ``new`` made ``when`` ("on
    2026-03-30", "in March 2026"), as ``HISTORY_LINE`` reads it back; ``previously`` is what the
    entry said of it before (``old`` unless told)."""
    before = old if previously is None else previously
    return f"{verb} from {old} to {new} {when}; previously {before}."

_URL = rx.compile(r"https?://(?P<host>[^/\s]+)[^\s]*")
_AS_OF = rx.compile(r"\b(?:as of|written|noted|updated)\s+(\d{4}-\d{2}-\d{2})\b", re.I)
# The engine's own Why and How wordings (guidance._default_why/_default_how, the switch and
# passed-plan ones), recognised when a file is read back: a later dream may replace them, as it
# would have in the dream that wrote them, but never a person's own words.
_DAY = r"\d{4}-\d{2}-\d{2}"
_WHEN = rf"(?:{_DAY}|[Tt]he week(?:end)? of {_DAY}|[A-Z][a-z]+ \d{{4}}|Q[1-4] \d{{4}}|\d{{4}})"
_REPEATED = r"(?:, and repeated across \d+ sessions)?"
# someone else's preference the user passed on (guidance._default_why): whose it is, and the
# name the rule would say it by ("Prof. Okafor's preference", "Okafor")
_NAMED_PREFERENCE = rx.compile(
    r"(?P<whose>(?:(?:Prof|Dr|Mr|Mrs|Ms)\. )?(?P<name>[A-Z][a-z]+)'s preference), told by "
    r"the user ")
# (those holding nothing but a date: a person's reason may take their place in a merge, where
# one holding a rule's words, a name or an example is kept beside it: ``says_template_only``)
_DATED_WHY = (
    rf"The user corrected the assistant on {_DAY}{_REPEATED}\."
    rf"|The user asked for this on {_DAY}{_REPEATED}\."
    rf"|The user's stated preference \({_DAY}{_REPEATED}\)\."
    rf"|The user asked to remember this on {_DAY}\."
    rf"|(?:Decided|Plan stated|Changed) on {_DAY}\."
    rf"|Decided in the week of {_DAY}\."
    rf"|Stated by the user on {_DAY}{_REPEATED}\."
    rf"|The user changed their mind on {_DAY} \(see the history above\)\."
)
_GENERATED_WHY = rx.compile(
    _DATED_WHY
    + rf"|(?:(?:Prof|Dr|Mr|Mrs|Ms)\. )?[A-Z][a-z]+'s preference, told by the user "
    rf"\({_DAY}{_REPEATED}\)\."
    rf"|Switched to .+ (?:on|in) {_WHEN} \(see the history above\)\."
)
# a date as dates.When.phrase writes it: a day, a week, a month, a quarter, a year
_DATED_HOW = (
    rf"Plan work around (?:{_WHEN}|this date)\."
    r"|Do not do this unless the user explicitly asks for it\."
    r"|Keep to this unless the user explicitly asks otherwise\."
    r"|Apply this by default in this project without being reminded\."
    r"|Take this into account when planning or suggesting changes\."
    rf"|{_WHEN} has passed; check how it turned out before relying on it\."
    # written by earlier versions for a passed plan, to be repaired
    rf"|Was planned for {_WHEN}: plan work around {_WHEN}\."
)
_GENERATED_HOW = rx.compile(
    _DATED_HOW
    + r"|Use .+; .+ (?:is no longer current(?: there)?, so do not suggest it|are no longer "
    r"current, so do not suggest them|(?:is|are) no longer current there, but still (?:is|are) "
    r"elsewhere)\."
    r"|Use .+ rather than .+ unless the user explicitly asks otherwise\."
    r"|(?:Do not|Avoid) .+ (?:unless the user explicitly asks for it|\(the user said never\))"
    r"(?:; .+)?\."
)
_TEMPLATE_ONLY = rx.compile(f"{_DATED_WHY}|{_DATED_HOW}")
# the frontmatter keys a file's reference day is read from (``Entry.reference_day``)
DATE_KEYS = ("updated", "date", "created")
RATIONALE_TYPES: frozenset[str] = frozenset({"feedback", "project"})
NAME_CHARS = 60
DESCRIPTION_CHARS = 90


NOT_INDEXED = 10**6  # an entry's ``index_pos`` when the index as read has no line for it


@dataclass
class Entry:
    """One memory as the engine works on it: a topic file taken apart."""

    file: str  # path relative to the memory dir, e.g. "feedback_use-pnpm.md"
    name: str
    description: str
    type: MemoryType
    statements: list[str]
    why: str = ""
    how: str = ""
    history: list[str] = field(default_factory=list)
    # the heading lines a person wrote above the rule ('# Deploy'; "" for a blank line between),
    # read apart from ``statements`` when the file is described by its rule (``heading_apart``):
    # the rule is then its lead, the one an update replaces, and the heading stays on top
    heading: list[str] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)
    original: str | None = None  # the file's text as read; None for a new entry
    hook: str | None = None  # its line in MEMORY.md, when it had one
    index_pos: int = NOT_INDEXED  # position in the old index, to keep a familiar order
    score: float = 0.5
    changed: bool = False
    deleted: bool = False
    deleted_by: str = ""  # merged | contradicted | restated | forgotten
    opaque: bool = False  # a file the engine could not parse: indexed, never edited
    # the file of past events (``past_events``, marked so in its frontmatter): written and
    # listed as any file is, but never matched, merged, retold or renamed (``sealed``); only
    # added to when more events have gone by
    archive: bool = False
    generated_why: bool = False  # ``why`` is the engine's default wording
    generated_how: bool = False  # ``how`` is the engine's default wording, safe to replace
    renamed_from: str = ""  # the file it was read from, when this dream gives it a new name
    # the file as read had a blank line between its Why and its How: a rewrite keeps it so
    why_how_apart: bool = False
    # ``description`` is the engine's ``hook_for``, written for a statement that said no more
    # than the title: made again when the entry changes
    generated_hook: bool = False
    # only ``description`` changed, an earlier version's made anew (``Consolidator.describe``):
    # its MEMORY.md line, which may be a person's, stays as it was
    redescribed: bool = False
    # the entry that took in its statements when it was merged away (deleted_by "merged")
    merged_into: Entry | None = field(default=None, repr=False, compare=False)
    # the title of its MEMORY.md line when a person wrote it there (it is not the one the
    # engine wrote for the file): the index keeps it, and ``text_as_read`` is what the entry
    # said when read, to tell whether the dream's rewrite made that title wrong
    hand_title: str = ""
    text_as_read: str = ""

    @property
    def text(self) -> str:
        """Everything the entry says, for matching."""
        return " ".join([self.name, self.description, *self.statements, *self.history])

    @property
    def lead(self) -> str:
        return self.statements[0] if self.statements else self.description

    def sources(self) -> list[Source]:
        out: list[Source] = []
        for item in self.extra.get("sources") or []:
            if isinstance(item, str):
                # "2026-07-08 <session id>": one plain string reads fast and diffs cleanly
                day, _, session = item.partition(" ")
                with contextlib.suppress(ValueError):
                    out.append(Source(session.strip(), date.fromisoformat(day)))
                continue
            if not isinstance(item, dict):
                continue
            try:
                out.append(Source(str(item["session"]), date.fromisoformat(str(item["date"]))))
            except (KeyError, ValueError):
                continue
        return out

    def add_sources(self, new: list[Source], keep: int, *, touch: bool = True) -> None:
        """Merge ``new`` into the frontmatter's sources (the newest ``keep``). ``touch=False``
        records them without marking the entry changed: they are written only if something
        else changes it."""
        merged = {(s.day, s.session_id): s for s in [*self.sources(), *new]}
        ordered = [merged[k] for k in sorted(merged)][-keep:]
        as_dicts = [f"{s.day.isoformat()} {s.session_id}" for s in ordered]
        if as_dicts and as_dicts != self.extra.get("sources"):
            self.extra["sources"] = as_dicts
            self.changed = self.changed or touch

    def reference_day(self) -> date | None:
        """The day the entry was last known true: its newest source or a date key."""
        days = [s.day for s in self.sources()]
        for statement in self.statements:
            for m in _AS_OF.finditer(statement):
                with contextlib.suppress(ValueError):
                    days.append(date.fromisoformat(m[1]))
        for key in DATE_KEYS:
            value = self.extra.get(key)
            if isinstance(value, date):
                days.append(value)
            elif isinstance(value, str):
                with contextlib.suppress(ValueError):
                    days.append(date.fromisoformat(value[:10]))
        return max(days) if days else None

    @property
    def sealed(self) -> bool:
        """What the file says is never matched, merged, retold, renamed or forgotten by the
        engine: a file it could not parse (``opaque``, never written either), or the file of
        past events (``archive``)."""
        return self.opaque or self.archive

    def render(self) -> str:
        if not self.changed and self.original is not None:
            return self.original
        blocks: list[str] = []
        if self.statements:
            blocks.append("\n".join([*self.heading, *self.statements]))
        elif heading := "\n".join(self.heading).strip("\n"):
            blocks.append(heading)
        if self.history:
            blocks.append("\n".join(self.history))
        rationale: list[str] = []
        if self.why:
            rationale.append(f"**Why:** {self.why}")
        if self.how:
            rationale.append(f"**How to apply:** {self.how}")
        if rationale:
            blocks.append(("\n\n" if self.why_how_apart else "\n").join(rationale))
        topic = TopicFile(
            name=self.name,
            description=self.description,
            type=self.type,
            body="\n\n".join(blocks),
            extra=dict(self.extra),
        )
        return render_topic(topic)


_TITLE_HEADING = rx.compile(r"^#{1,6}[ \t]+(?P<title>\S(?:.*\S)?)")
# a heading's closing hashes stand after a blank ('## Notes ##'); 'C#' and 'F#' are words
# (read from the first blank of its run alone: from each, each read again to its end, a heading of
# 20,000 blanks took 1.1 s, by the square)
_CLOSING_HASHES = rx.compile(r"(?<![ \t])[ \t]+#+\Z")
# a Markdown heading's opening ('# ', '##'; not '#hashtag')
_HEADING = r"#{1,6}(?:[ \t]|$)"
_HEADING_LINE = rx.compile(_HEADING)
_NO_DESCRIPTION = rx.compile(rf"^(?:{_HEADING}|`{{3}}|~{{3}})")  # a heading, a code fence
_LOOSE_KEY = rx.compile(r"^(?P<key>[A-Za-z_][\w-]*):\s*(?P<value>.*)$")
_PREFIX_TYPE = rx.compile(r"^(user|feedback|project|reference)[_-]")


def repair_topic(file: str, text: str, *, name: str = "", hook: str = "",
                 section: str = "") -> TopicFile | None:
    """A topic file whose frontmatter YAML cannot read ("description: Sam: staff engineer"),
    or that has none, read line by line; None when there is nothing to go on, or its
    frontmatter names no type and neither its file name nor its index ``section`` says one."""
    lines = text.splitlines()
    fields: dict[str, str] = {}
    body_start = 0
    if lines and lines[0].strip() == "---":
        for i, line in enumerate(lines[1:], start=1):
            if line.strip() == "---":
                body_start = i + 1
                break
            if m := _LOOSE_KEY.match(line):
                fields[m["key"].lower()] = m["value"].strip().strip("'\"")
        else:
            return None
    body = "\n".join(lines[body_start:]).strip("\n")
    stem = file.rsplit("/", 1)[-1].removesuffix(".md")
    prefix = _PREFIX_TYPE.match(stem)
    # the type the person wrote, else the one the file name or the index heading says; never
    # one made up for a frontmatter written by hand (a guess would regroup and re-guide it)
    said = [fields.get("type", "").lower(), prefix[1] if prefix else "", section.lower()]
    mtype = next((t for t in said if t in ("user", "feedback", "project", "reference")), "")
    if not mtype:
        if body_start:
            return None
        mtype = "project"  # a plain markdown file: no frontmatter to go by at all
    # a plain markdown file's '# heading' is its title, not what it says ('# Scratch' was the
    # description, and the index line read '— # Scratch')
    said = [line.strip() for line in body.splitlines() if line.strip()]
    heading = _TITLE_HEADING.match(said[0]) if said and not body_start else None
    title = "" if heading is None else _CLOSING_HASHES.sub("", heading["title"])
    if heading is not None:
        said = [line for line in said[1:] if _NO_DESCRIPTION.match(line) is None]
    name = fields.get("name") or name or title or stem.replace("_", " ").replace("-", " ")
    description = fields.get("description") or hook or (said or [name])[0]
    if not body.strip() and not fields:
        return None
    extra = {k: v for k, v in fields.items() if k not in ("name", "description", "type")}
    return TopicFile(name=name, description=description[:200], type=mtype,  # type: ignore[arg-type]
                     body=body, extra=extra)


def parse_entry(file: str, text: str, *, repaired: TopicFile | None = None) -> Entry:
    """Split a topic file into an ``Entry``; raises ``FrontmatterError`` when it is not one
    (unless ``repaired`` gives the topic as ``repair_topic`` read it)."""
    topic = repaired if repaired is not None else parse_topic(text)
    statements: list[str] = []
    history: list[str] = []
    why: list[str] = []
    how: list[str] = []
    current: list[str] | None = None
    blank_after_why = why_how_apart = False
    blank_before: list[bool] = []  # per statement, whether a blank line stood above it
    blank = False
    for raw in topic.body.splitlines():
        line = raw.rstrip()
        if not line.strip():
            blank_after_why = current is why and bool(why)
            current = None
            blank = True
            continue
        if _HOW.match(line.strip()):
            why_how_apart = why_how_apart or blank_after_why
        blank_after_why = False
        if m := _WHY.match(line.strip()):
            current = why
            why.append(m["text"])
        elif m := _HOW.match(line.strip()):
            current = how
            how.append(m["text"])
        elif HISTORY_LINE.match(line.strip()) or UPDATE_LINE.match(line.strip()):
            current = None
            history.append(line.strip())
        elif current is not None:
            current.append(line.strip())
        else:
            statements.append(line)
            blank_before.append(blank)
        blank = False
    heading, statements = heading_apart(statements, blank_before, topic.description)
    why_text = " ".join(w for w in why if w).strip()
    how_text = " ".join(h for h in how if h).strip()
    entry = Entry(
        file=file,
        name=topic.name,
        description=topic.description,
        type=topic.type,
        statements=statements,
        why=why_text,
        how=how_text,
        heading=heading,
        history=history,
        extra=dict(topic.extra),
        original=text,
        changed=repaired is not None,
        generated_why=is_generated_why(why_text),
        generated_how=is_generated_how(how_text),
        why_how_apart=why_how_apart,
    )
    entry.generated_hook = bool(entry.description) and entry.description in (
        hook_for(entry), kind_and_day_hook(entry))
    return entry


def heading_apart(statements: list[str], blank_before: list[bool],
                  description: str) -> tuple[list[str], list[str]]:
    """The heading lines atop ``statements`` ('# Deploy', with "" where a blank line stood) and
    the statements from the rule on, when the file is described by something other than its
    heading ('description: We deploy on Tuesdays.' over '# Deploy' 'We deploy on Tuesdays.'):
    the rule, not the heading, is then the one an update replaces. A file described by its
    heading (a frontmatter with no description reads as '# Deploy'), one that is all headings
    and one whose first line under them opens a code fence (no rule to put another in place of)
    keep them as statements, as they were read before."""
    top = 0
    while top < len(statements) and _HEADING_LINE.match(statements[top].strip()):
        top += 1
    # (the line under the headings is none: _NO_DESCRIPTION matching it is a code fence)
    if not top or top == len(statements) or _NO_DESCRIPTION.match(statements[top].strip()) or (
            not description.strip()) or any(
            description_for(line) == description.strip() for line in statements[:top]):
        return [], statements
    heading: list[str] = []
    for line, blank in zip(statements[:top + 1], blank_before[:top + 1], strict=True):
        if blank and heading:
            heading.append("")
        heading.append(line)
    return heading[:-1], statements[top:]


def is_generated_why(text: str) -> bool:
    """``text`` is a Why the engine wrote, not the person's reason."""
    return _GENERATED_WHY.fullmatch(text) is not None


def is_generated_how(text: str) -> bool:
    """``text`` is a How to apply the engine wrote, safe to replace (with the example of the
    rule it gave from what the user asked)."""
    return _GENERATED_HOW.fullmatch(_EXAMPLE.sub("", text)) is not None


def says_template_only(text: str) -> bool:
    """``text`` is a Why or How the engine wrote that holds nothing but its template and a day:
    not a rule's own words ("Do not add a Formatter class unless ..."), a name or an example."""
    return _TEMPLATE_ONLY.fullmatch(text) is not None


_EXAMPLE = rx.compile(rf" Example \({_DAY}\): (?P<example>.+)$")


# the linking word before a rule said after its reason ("..., so always rerun them once")
_LEADING_LINK = rx.compile(r"^(?:so|and|but|then)\s+(?=\S+\s+\S)")
# (a break's blanks are read from the first of their run alone, '(?:(?<!\s)\s+)?': one found
# from a later blank could only be a later start of one found from the first, and a break's
# own blanks after it take the rest of their run; from each blank of a run, each read again to
# its end, 20,000 blanks took 3.3 s, by the square)
_TITLE_BREAK = rx.compile(r"(?:(?<!\s)\s+)?(?:[:;](?!\S)|\s[—–]\s|,\s(?=(?:so|and|but|because|"
                          r"which)\b))\s*")


# where a title's first sentence ends: not after a title or abbreviation before a name ("Prof.
# Okafor wants ...", "e.g. Postgres")
_FIRST_SENTENCE_END = rx.compile(
    r"(?<=[.!?;])(?<!Prof\.)(?<!Dr\.)(?<!Mr\.)(?<!Mrs\.)(?<!Ms\.)(?<!vs\.)(?<!e\.g\.)(?<!i\.e\.)"
    r"(?<!approx\.)\s")


def title_for(statement: str, *, whole: bool = False) -> str:
    """A short name for a new entry, cut at a word boundary, no trailing period. ``whole``: a
    title already, only cut to length (its first clause alone may not say what it is of)."""
    text = statement.strip()
    if (for_now := address_told_for_now(text)) is not None:
        # ("The staging URL is staging.bramble.dev": the address it names, which "forget the
        # staging URL" finds; "for now" stays in the body)
        text = for_now
    text = _URL.sub(lambda m: m["host"], text)
    text = _FIRST_SENTENCE_END.split(text, maxsplit=1)[0].rstrip(".!;")
    if len(text) > NAME_CHARS and (stand_in := _STAND_IN_AREAS.match(text)) is not None and (
            titled := _areas_title(stand_in)):
        return titled
    if not whole and "," in text:
        text = _rule_first(text)
    # A colon inside a word is no break ("03:00", "host:port").
    head = split_outside_spans(_TITLE_BREAK, text, 1)[0]
    if len(head.split()) >= 3 and not whole:
        text = head
    # the clause that carries a rule, after its reason: "..., so always rerun them once"
    text = sentence_case(_LEADING_LINK.sub("", text))
    if len(text) <= NAME_CHARS:
        return text
    return _cut_title(text.split())


# A stand-in ("Until 2026-07-10, ask Raj about billing, invoices and refunds (Ana is out)"),
# which a title cut at a comma or before "and" ended inside its list of areas ("Until
# 2026-07-10, ask Raj about billing, invoices") as if it were all of it
_STAND_IN_AREAS = rx.compile(
    r"^(?P<head>(?:Until [^,]+|[A-Z][a-z]+ (?:is|was) [^,]+), (?:ask [A-Z][a-z]+ about|"
    r"[A-Z][a-z]+ covered) )(?P<areas>[^()]+?)(?: \([A-Z][a-z]+ (?:is|was) [^()]+\))?$")
# (words a title cut before the ellipsis would end on, the list unfinished)
_LIST_DANGLING = word_set("and or nor the a an of for with to on in at")


def _areas_title(m: re.Match[str]) -> str | None:
    """The title of the stand-in ``m`` found: its list of areas whole where it fits, else cut
    at a word with an ellipsis, which tells the list goes on; None where even the words
    before the list do not fit."""
    whole = m["head"] + m["areas"]
    if len(whole) <= NAME_CHARS:
        return whole
    words = whole.split()
    fit, size = 0, 0
    while fit < len(words) and size + len(words[fit].rstrip(",;:")) <= NAME_CHARS - 1:  # "…"
        size += len(words[fit]) + 1
        fit += 1
    # (nor on a possessive, its thing cut off: "..., invoices, Raj's…")
    while fit > 0 and (words[fit - 1].lower().strip(",;:") in _LIST_DANGLING or (
            words[fit - 1].rstrip(",;:").endswith(("'s", "’s", "s'", "s’")))):
        fit -= 1
    cut = " ".join(words[:fit]).rstrip(",;:")
    return cut + "…" if len(cut) > len(m["head"]) else None


# A rule told after what it is for ("If you write an alert rule, make it a multi-window burn
# rate alert") or after what makes it one ("Terraform default_tags in the provider does that,
# don't add tags per resource"): the opening words say neither what the entry is about nor
# what to do, as a title of them did ("If you write an alert rule")
_RULE_FOR_KIND = rx.compile(
    r"^(?:when|whenever|if)\s+(?:you|we)\s+(?:ever\s+)?[a-z]+(?:\s+up)?\s+(?:an?|any)\s+"
    r"(?:new\s+)?(?P<what>[\w-]+(?:\s+[\w-]+)?),\s+(?:please\s+)?(?P<rule>\S.*)$", re.I)
_RULE_AFTER_STATE = rx.compile(
    r"^(?P<subject>(?:[\w'.=/-]+\s+){0,6}?[\w'.=/-]+?)\s+(?:already\s+)?(?:does|handles|covers|"
    r"takes\s+care\s+of)\s+(?:that|this|it)(?:\s+already)?,\s+"
    r"(?P<rule>(?:don't|do\s+not|never)\s+\S.*)$", re.I)
# (its blanks are read from the first of their run alone, '(?<!\s)': one found from a later blank
# could only be a later start of one found from the first, and a match ends past its run; from
# each blank of a run, each read again to its end, a subject of 20,000 blanks took 8.8 s, by the
# square)
_WHERE_SAID = rx.compile(r"(?<!\s)\s+(?:in|on|of|for|at|from|inside|within)\s+", re.I)


def _rule_first(text: str) -> str:
    """``text`` as a title says it: the kind of thing and its rule ("Alert rule: make it a
    multi-window burn rate alert"), the rule and what makes it one ("Don't add tags per
    resource (Terraform default_tags)"); else as it is."""
    if (m := _RULE_FOR_KIND.match(text)) is not None:
        return f"{m['what'][:1].upper()}{m['what'][1:]}: {m['rule']}"
    if (m := _RULE_AFTER_STATE.match(text)) is not None:
        subject = re.sub(r"^(?:the|our)\s+", "", m["subject"], flags=re.I)
        return f"{m['rule']} ({_WHERE_SAID.split(subject, maxsplit=1)[0]})"
    return text


# A clause begins at these words (or after a comma): a title cut before one ends on a whole
# clause ("Our design docs live in Confluence", not "... and our runbooks live").
_CLAUSE_START = word_set(
    """and but or nor so yet because although though if when whenever where while whereas that
    which who whose unless instead rather then otherwise""")
# A phrase begins at these: a title cut before one ends on a whole phrase ("The user prefers pure
# functions over classes", not "... over classes with mutable").
_PHRASE_START = _CLAUSE_START | word_set(
    """about across after against along among around as at before behind below between beyond
    by despite during except for from in inside into like near of off on onto outside over per
    since than through to toward towards under until unlike upon via with within without""")
# Not a break: "to" after a verb it completes ("we need to fix"), "of" inside a time ("in the
# week of 2026-01-05").
_GOES_ON = {"to": word_set("""need needs needed want wants wanted have has had going try tries
                           tried plan plans planned like likes able used supposed ought got"""),
            "of": word_set("week end start beginning middle rest")}
# "The user prefers that you ask ...": "that" opens what is preferred, no clause of its own
_SAYS_THAT = word_set("""prefer prefers preferred want wants wanted ask asks asked say says said
                      think thinks mean means require requires insist insists expect expects
                      know knows like likes suggest suggests agreed decided""")
# A title cut after these would dangle ("Use pnpm for", "Don't add pandas to the").
# ("The offsite for the platform team is", "The launch is planned for 2026-08-31 together").
_DANGLING = _PHRASE_START | word_set(
    """a an the its their our your my his her this these those some any each every no not is are
    was were be been being has have had do does did will would shall should can could may might
    must together along due according just also very even more less most least""")


_LIST_TAIL = word_set("or nor")
# where a thing goes or points, the verb a title cut just after would end on ("... goes")
_ROUTE_VERBS = word_set("""goes go pages page posts post sends send fires fire alerts alert
                        points point routes route redirects redirect forwards forward belongs
                        belong reports report leads lead refers refer""")
_COPULAS = word_set("is are was were")
_SUBJECTS = word_set("i we you they he she it user")


# "would rather" is a wish, not "rather than" opening a clause ("The user would rather you
# didn't touch the auth code" was titled "The user")
_WOULD = frozenset({"would", "i'd", "we'd", "i’d", "we’d", "had"})


def _cut_title(words: list[str]) -> str:
    """The longest start of the words within NAME_CHARS that ends a clause (before a conjunction
    or after a comma), else one that ends a phrase (before a preposition). Without either, the
    words that fit, less any that would dangle at the end or a name cut in half ("at the PyData"
    of "at the PyData Berlin meetup")."""
    fit, size = 0, -1
    clause = phrase = 0
    # "For the checkout flow, the user plans to ...": a phrase opening the sentence says what
    # the rest is for, and ends no clause a title can stop at ("For the checkout flow"); one
    # with a subject of its own is a clause ("Before we upgrade Django to 5.0, ...")
    framed = words[0].lower() in _PHRASE_START and not any(
        w.lower().strip(",") in _SUBJECTS for w in next(
            (words[:i + 1] for i, w in enumerate(words) if w.endswith(",")), words))
    while fit < len(words) and size + 1 + len(words[fit]) <= NAME_CHARS:
        size += 1 + len(words[fit])
        fit += 1
        if fit == len(words):
            break
        before, after = words[fit - 1].lower(), words[fit].lower()
        if framed and before.endswith(","):
            framed = False
        elif after in _LIST_TAIL and len(words) - fit <= 3:
            pass  # the last of a list, no clause: "... before any deploy or DB check"
        elif before.endswith(",") or (after in _CLAUSE_START and not (
                after == "that" and before in _SAYS_THAT) and not (
                after == "rather" and before in _WOULD)):
            clause = fit
        elif (after in _PHRASE_START and before not in _GOES_ON.get(after, ())) or (
                after in _COPULAS and fit >= 4):
            # (before a copula the subject is whole: "Was planned: The deadline for the SOC2
            # evidence package", not "Was planned: The deadline")
            phrase = fit
    if fit == 0:
        return words[0][:NAME_CHARS]
    end = clause if clause >= 3 else phrase if phrase >= 3 else fit
    # a phrase cut just after the verb of where a thing goes ("The Grafana alert for p99 on
    # /v1/charges goes" | "to #payments-oncall"): the cut goes before the verb, and the title
    # is the whole subject
    if end == phrase and end >= 4 and (
            words[end - 1] in _ROUTE_VERBS) and words[end - 2].lower().strip(",") not in _DANGLING:
        end -= 1
    # not inside an aside: "... in the week of 2026-07-20 (the week after the launch on ...)"
    # cut in it leaves "(the week"
    opened = max((i for i in range(end) if words[i].startswith("(")), default=-1)
    if opened >= 3 and ")" not in " ".join(words[opened:end]):
        end = opened
    # a name goes on past the cut: drop the part of it that fits (no cut when all the words
    # fit: a line long only for its blanks, 'We' + 2,000 blanks + 'deploy on Tuesdays.')
    while 1 < end < len(words) and words[end - 1][:1].isupper() and words[end][:1].isupper():
        end -= 1
    while end > 1 and words[end - 1].lower().strip(",;:") in _DANGLING:
        end -= 1
    return " ".join(words[:end]).rstrip(",;:-— ")


def description_for(statement: str) -> str:
    return shorten(statement.strip(), DESCRIPTION_CHARS)


def _title_rest(description: str, name: str) -> str | None:
    """What ``description`` says after the title ``name`` it begins with, if two words or more."""
    if description[: len(name)].lower() != name.lower():
        return None
    rest = description[len(name):].lstrip(" ,;:.!—–-")
    return rest if len(rest.split()) >= 2 and description[len(name)] in " ,;:.!—–-" else None


# What goes on from the title, no sentence of its own: "and no external backend service." of
# "There will be no Python, no FastAPI, and no external backend service.", "not db1." of "The
# staging host is db2, not db1."
_GOES_ON_FROM_TITLE = rx.compile(r"^(?:and|or|nor|but|not|plus|as\s+well\s+as)\b", re.I)


def after_title(description: str, name: str) -> str:
    """``description`` less the title it begins with: the line gives the title once ("[Don't
    add pandas](...) — csvstat must stay dependency-free ..."), not twice. A description that
    is the title and no more, or whose rest only goes on from it ("— and no external backend
    service."), is kept whole."""
    rest = _title_rest(description, name)
    return description if rest is None or _GOES_ON_FROM_TITLE.match(rest) else rest


def hook_after_title(hook: str, description: str, name: str) -> bool:
    """``hook``, an index line's, is ``description`` less the title ``name``, whole or shortened
    to fit (as ``after_title`` gives it, or as it gave it before a rest that only goes on from
    the title was kept whole): the index gives it anew from the description, a fragment never
    told on its own."""
    rest = _title_rest(description, name)
    if rest is None:
        return False
    return hook == rest or (hook.endswith("…") and rest.startswith(hook[:-1].rstrip()))


def says_only_name(description: str, name: str) -> bool:
    """``description`` is the title ``name`` again ("Put type hints on everything."): as an
    index hook it would repeat the line's title and tell the reader nothing more."""
    return _bare(description) == _bare(name)


def says_no_more_than_title(description: str, name: str) -> bool:
    """``description`` is the title ``name`` again, whole or cut, alone or with the day it was
    said (``DAY_ASIDE``: "Put type hints on everything (2026-06-29)", as ``_rule_and_day`` makes
    it): after the title on an index line, it would say the title twice."""
    aside = DAY_ASIDE.search(description)
    said = description[:aside.start()] if aside is not None else description
    bare, title = _bare(said), _bare(name)
    cut = bool(bare) and said.rstrip().endswith("…") and title.startswith(bare)
    return bool(title) and (bare == title or cut)


def _bare(text: str) -> str:
    return " ".join(text.lower().rstrip(" .!…").split())


# a rule's clauses: "The user prefers small pure functions over classes, so keep the stats code
# functional" gives "keep the stats code functional"
# (blanks before a mark are taken from the first of a run, or from where the last break ended:
# each blank of a long run read again to its end was by the square, 20,000 blanks took seconds)
_CLAUSE_BREAK = rx.compile(r"(?:(?:(?<!\s)|(?<=[;:—–]\s))\s+)?"
                           r"(?:;\s|:\s|\s[—–]\s|,\s(?:so|and|but|then)\s+(?=\S+\s+\S))")


def hook_for(entry: Entry) -> str:
    """A description for ``entry`` when the one made from its statement would only say its
    title again: the rest of the rule (a clause the title does not carry), else its example,
    else its reason, else the rule itself with the day it was said ("Put type hints on
    everything (2026-06-29)"); "" when the entry says nothing."""
    named = tokens(entry.name)
    for statement in entry.statements:
        for clause in _CLAUSE_BREAK.split(statement.strip()):
            clause = clause.strip().rstrip(".!;,")
            new = tokens(clause) - named
            if len(new) >= 2 and 2 * len(new) >= len(tokens(clause)):
                return shorten(clause, DESCRIPTION_CHARS)
    if m := _EXAMPLE.search(entry.how):
        return shorten(f"e.g. {m['example'].rstrip('.')}", DESCRIPTION_CHARS)
    why = entry.why.strip()
    if changed := _changed_beside_reason(entry):
        # a person's reason with the one given for a change beside it (consolidate's
        # _reasons_kept): the two cut at 80 characters would tell neither, nor the day the
        # plan is on now; the memory as it stands, and when it changed
        return _rule_and_day(entry, f"Changed on {changed}.")
    if why and not (is_generated_why(why) or why.startswith("An intention stated on ")):
        return shorten(why.rstrip("."), DESCRIPTION_CHARS)
    return _rule_and_day(entry, why)


# what the engine's own Why says of the day: a change ("Changed on ...", "Switched to ... on
# ...", "The user changed their mind on ...") or a decision, else the day it was said
_WHY_CHANGED = rx.compile(r"^(?:Changed|Switched|The user changed)\b")
_WHY_DECIDED = rx.compile(r"^Decided\b")
_WHY_DAY = rx.compile(rf"({_DAY})(?:, and repeated across (?P<sessions>\d+) sessions)?")
_HAS_DAY = rx.compile(rf"\b{_DAY}\b")
# a reason given for a change, told after a person's Why ("Marketing wants it before the
# conference. Changed on 2026-07-02: QA needs more time.")
_CHANGE_BESIDE_REASON = rx.compile(rf"(?<=[.!?\u2026]) Changed on (?P<day>{_DAY}): ")
# the aside ``_rule_and_day`` ends a description with, and nothing else in brackets: " (said
# 2026-07-06)", " (2026-06-29)", " (changed 2026-07-08, in 2 sessions)", " (Jonas's preference,
# 2026-07-06)"
DAY_ASIDE = rx.compile(
    rf" \((?:(?:(?:Prof|Dr|Mr|Mrs|Ms)\. )?[A-Z][a-z]+'s preference, )?"
    rf"(?:(?:said|changed|decided) )?{_DAY}(?:, in \d+ sessions)?\)$")


# a reason told as a phrase, with no clause of its own ("Because of QA.", "Due to the QA
# backlog."): as a plan's description it would say why, and nothing of what the plan is ("Due
# to the fact that QA needs time." is a clause, and says more)
_PHRASE_REASON = rx.compile(
    r"^(?:because\s+of|due\s+to|owing\s+to)\s+(?!the\s+fact\s+that\b)[^.!?;:,]{1,80}\.?$", re.I)
# a plan's move in its history: from one day to another ("Changed from 2026-07-20 to 2026-07-24
# on 2026-07-02; ..."), not a switch of what a project uses ("Switched from MySQL to Postgres")
_A_DAY_WHOLE = rx.compile(rf"^{_DAY}$")


def _moved_from_day_to_day(entry: Entry) -> bool:
    """``entry``'s history tells a dated plan moved: from one day to another."""
    return any((m := HISTORY_LINE.match(line.strip())) is not None and m["day"]
               and _A_DAY_WHOLE.match(m["old"]) and _A_DAY_WHOLE.match(m["new"])
               for line in entry.history)


def _changed_beside_reason(entry: Entry) -> str:
    """The day ``entry`` last changed, when its Why tells a reason given for a change beside a
    person's own ("Marketing wants it. Changed on 2026-07-02: QA needs more time."), from that
    Why and its history (moved again since, in words with no reason), or when a plan that
    changed has only a phrase for its Why ("Because of QA."); else ""."""
    told = [m["day"] for m in _CHANGE_BESIDE_REASON.finditer(entry.why)]
    if not told and not (entry.type == "project" and _PHRASE_REASON.match(entry.why.strip())
                         and _moved_from_day_to_day(entry)):
        return ""
    # (a phrase over a plan that never moved is its reason, told as its description, and so is
    # one over a project's switch: "We migrated the event store to Postgres due to licensing.")
    return max(told + [m["day"] for line in entry.history
                       if (m := HISTORY_LINE.match(line.strip())) is not None and m["day"]],
               default="")


def _rule_and_day(entry: Entry, why: str) -> str:
    """The rule itself, shortened, and when it was said: "Put type hints on everything
    (2026-06-29)", "The demo is on 2026-07-15 (changed 2026-07-08)". What the engine's Why
    alone gave ("the user's stated preference (2026-06-29)", "plan stated on 2026-07-06") named
    the kind of memory and a day, and nothing of what the memory says: an index line or a
    description no one could tell the memory by."""
    rule = " ".join(entry.lead.split()).rstrip(" .!;,:") or " ".join(entry.name.split())
    if not rule:
        return ""
    said = _WHY_DAY.search(why)
    known = entry.reference_day()
    day = said[1] if said else known.isoformat() if known is not None else ""
    told: list[str] = []
    named = _NAMED_PREFERENCE.match(why)
    if named and not has_word(rule, named["name"]):
        # whose rule it is, when the rule does not name them ("Jonas's preference")
        told.append(named["whose"])
    if day:
        told.append(f"changed {day}" if _WHY_CHANGED.match(why) else f"decided {day}" if (
            _WHY_DECIDED.match(why)) else f"said {day}" if _HAS_DAY.search(rule) else day)
    if said and said["sessions"]:
        told.append(f"in {said['sessions']} sessions")
    suffix = f" ({', '.join(told)})" if told else ""
    return shorten(rule, max(20, DESCRIPTION_CHARS - len(suffix))) + suffix


def kind_and_day_hook(entry: Entry) -> str:
    """The description earlier versions gave a memory whose statement said no more than its
    title: its kind and day alone, from the engine's Why ("the user's stated preference
    (2026-06-29)", "plan stated on 2026-07-06"); "" when it had none. Read back, such a
    description is the engine's, to be made anew, never a person's."""
    why = entry.why.strip()
    if changed := _changed_beside_reason(entry):  # (as over the engine's "Changed on ...")
        return f"changed on {changed}"
    if why and not is_generated_why(why) and not why.startswith("An intention stated on "):
        return ""
    if why:
        # the engine's own Why names the kind and day: "The user's stated preference (...)."
        why = why.removesuffix(".").removesuffix(" (see the history above)").replace(
            ", and repeated across", ", in")
        if _NAMED_PREFERENCE.match(why):  # a name keeps its capital; the line has little room
            return why.replace(", told by the user", "", 1)
        return why[:1].lower() + why[1:]
    day = entry.reference_day()
    return f"stated by the user on {day.isoformat()}" if day is not None else ""


__all__ = ["HISTORY_LINE", "UPDATE_LINE", "Entry", "FrontmatterError", "change_line", "parse_entry",
           "title_for", "update_line"]
