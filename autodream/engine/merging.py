"""Merging: entries of one memory written twice (near-duplicates) become one file, and of two that
give one choice two values the older, by their days, is pruned as contradicted."""

from __future__ import annotations

import re
from typing import Literal

from autodream import rx
from autodream.engine.entries import DATE_KEYS, Entry, says_template_only
from autodream.engine.folding import capped
from autodream.engine.history import declare
from autodream.engine.model import Decision, EngineOptions
from autodream.engine.plans import other_events_that_day
from autodream.engine.recurring_days import (
    days_of_other_doings,
    end_days_otherwise,
    ends_another_day,
    switched_off_the_day_of,
)
from autodream.engine.replacement import about_other_things, choice_difference, specific_values
from autodream.engine.restating import adds_nothing
from autodream.engine.text import dice, shorten, similarity, tokens
from autodream.engine.tool_kinds import typed_as_a_command
from autodream.memory.model import REPLACEMENT_KEYS


def merge_near_duplicates(live: list[Entry], entries: list[Entry], options: EngineOptions,
                          decisions: list[Decision]) -> None:
    """Of two live entries of one type that say the same (by words, or one within the other),
    the later is absorbed into the earlier; of two giving one choice two values, the older
    dated one is pruned. ``entries`` are all the dream holds (a merge may cap statements)."""
    live = sorted(live, key=lambda e: (e.index_pos, e.file))
    # Computed once per entry: a large memory makes this loop quadratic.
    full = {e.file: f"{e.name}. {e.lead}" for e in live}
    full_tokens = {e.file: tokens(full[e.file]) for e in live}
    lead_tokens = {e.file: tokens(e.lead) for e in live}
    values = {e.file: specific_values(e.lead) for e in live}
    dated = {e.file: e.reference_day() is not None for e in live}
    threshold = options.duplicate_similarity
    # Entries of another type are never merged: each meets only the later ones of its own
    # (in the same order as among all, so the same merges happen first).
    of_type: dict[str, list[Entry]] = {}
    rank: list[int] = []
    for e in live:
        group = of_type.setdefault(e.type, [])
        rank.append(len(group))
        group.append(e)
    headings = {e.file: [line for line in e.heading if line] for e in live}
    for i, keep in enumerate(live):
        if keep.deleted:
            continue
        a, keep_full = lead_tokens[keep.file], full_tokens[keep.file]
        for other in of_type[keep.type][rank[i] + 1 :]:
            if other.deleted:
                continue
            if headings[keep.file] != headings[other.file]:
                # a heading of the person's ('# Backend notes' / '# Release notes') is what kept
                # their notes apart: two files under other headings, or one under none, are
                # never one memory, whatever rule both state under it
                continue
            b = lead_tokens[other.file]
            shared = len(a & b)
            contained = shared >= 3 and shared / max(1, min(len(a), len(b))) >= 0.75
            rough = dice(keep_full, full_tokens[other.file])
            if not contained and rough < 0.45:
                continue  # too little in common for difflib to find a duplicate
            differ = values[keep.file] != values[other.file]
            both_dated = dated[keep.file] and dated[other.file]
            if differ and not both_dated:
                # same shape, different facts (another test, another port): kept apart
                # whatever about_other_things says, so it is not asked (a note per
                # service in a long MEMORY.md is thousands of such pairs)
                continue
            if about_other_things(keep.lead, other.lead):
                continue  # alike in shape, about different things: neither is stale
            if ends_another_day(keep.lead, other.lead) or ends_another_day(other.lead, keep.lead):
                continue  # ("We no longer deploy on Fridays" / "We deploy on Tuesdays": both hold)
            if days_of_other_doings(keep.lead, other.lead):
                continue  # ("We no longer deploy on Tuesdays; ..." / "... release ...": both hold)
            if end_days_otherwise(keep.lead, other.lead):
                continue  # ("We no longer deploy on Fridays" / "... on Fridays or Tuesdays")
            if keep.type == "project" and other_events_that_day(keep.lead, other.lead):
                continue  # ("The release party is on 2026-07-24" / "The release is on ...")
            if differ:
                # same shape, different facts (another test, another date), unless one
                # dated entry states a changed value of the other
                conflict = choice_difference(keep.lead, other.lead)
                if conflict is not None:
                    _resolve_conflict(keep, other, conflict, decisions)
                continue
            sim = rough if rough >= threshold else similarity(full[keep.file],
                                                              full[other.file])
            if sim < threshold and not contained:
                continue
            sim = max(sim, 0.75 if contained else 0.0)
            conflict = choice_difference(keep.lead, other.lead)
            if conflict is not None:
                _resolve_conflict(keep, other, conflict, decisions)
                continue
            if switched_off_the_day_of(keep.lead, other.lead) or switched_off_the_day_of(
                    other.lead, keep.lead):
                # ("We deploy only on Tuesdays" / "... on Thursdays now, not Tuesdays"): not
                # merged, but a switch that supersedes it (to Fridays, not Thursdays, of a
                # switch to every other Thursday) is resolved above as any other
                continue
            _absorb(keep, other, sim, entries, options, decisions)


def _absorb(keep: Entry, other: Entry, sim: float, entries: list[Entry], options: EngineOptions,
            decisions: list[Decision]) -> None:
    """``other`` merged into ``keep``: every line of it stays there (its statements, its history,
    its Why and How, frontmatter a person added) unless it says nothing a line of ``keep`` does
    not, and then the run record says which line it was folded into."""
    # (the line not kept apart, why: the line standing for it)
    folded: list[tuple[str, str]] = []
    here = f"of {other.file}, merged into {keep.file}"
    # (its heading is the one ``keep`` has: only files under the same heading are merged)
    for statement in other.statements:
        # (not a likeness: "reset every 200 minutes" is no "reset every 300 minutes")
        same = next((s for s in keep.statements if adds_nothing(statement, s)), None)
        if same is None:
            keep.statements.append(statement)
        else:
            folded.append((statement, f"{here}: folded into its '{shorten(same, 80)}' "
                                      "(says the same)"))
    keep.statements = capped(keep.statements, keep.file, entries, options, decisions)
    for line in other.history:
        if line not in keep.history:
            keep.history.append(line)
    keep.why, keep.generated_why = _reason_kept(
        (keep.why, keep.generated_why), (other.why, other.generated_why),
        ("**Why:**", keep.file, other.file), folded)
    keep.how, keep.generated_how = _reason_kept(
        (keep.how, keep.generated_how), (other.how, other.generated_how),
        ("**How to apply:**", keep.file, other.file), folded)
    for key, value in other.extra.items():
        # (a key a person added, "owner: dana", and the items of a list, "tags"; the merged
        # file's dates are its own: the survivor's reference day is not moved by them)
        if key in ("sources", *REPLACEMENT_KEYS, *DATE_KEYS):
            continue
        held = keep.extra.get(key)
        if key not in keep.extra:
            keep.extra[key] = value
        elif isinstance(held, list) or isinstance(value, list):
            items = held if isinstance(held, list) else [held]
            keep.extra[key] = [*items, *(v for v in (value if isinstance(value, list) else [value])
                                         if v not in items)]
        elif held != value:
            # one value is gone from memory (the undo copy keeps it): a line removed, said so
            decisions.append(Decision(
                "pruned", shorten(f"{key}: {value}", 120),
                f"{here}: the key has another value there ({key}: {held}); one file has one",
                file=keep.file))
    keep.add_sources(other.sources(), options.max_sources)
    keep.index_pos = min(keep.index_pos, other.index_pos)
    keep.changed = True
    other.deleted = True
    other.deleted_by = "merged"
    other.merged_into = keep
    declare(keep, "merged_from", other)
    decisions.append(Decision(
        "merged", f"{other.file} -> {keep.file}",
        f"near-duplicate entries (similarity {sim:.2f}); kept one file", file=keep.file))
    # a line said once in the merged file, not a memory removed: its own action, which the diary
    # counts and ``show`` lists
    decisions.extend(Decision("folded", shorten(line, 120), why, file=keep.file)
                     for line, why in folded)


def _reason_kept(kept: tuple[str, bool], merged: tuple[str, bool], said: tuple[str, str, str],
                 folded: list[tuple[str, str]]) -> tuple[str, bool]:
    """The Why (or How to apply) of a file merged into one with ``kept``, each (text, the
    engine's own wording); ``said``: (its label, the file kept, the file merged into it). Both
    are kept, one after the other, unless one says nothing the other does not (then the fuller
    one, the other folded into it in ``folded``) or the engine's wording holds no more than its
    template and a day (then the other): a rule's words, a name, an example stay."""
    (text, generated), (merged_text, merged_generated) = kept, merged
    label, kept_file, merged_file = said
    here = f"of {merged_file}, merged into {kept_file}"
    if not merged_text:
        return kept
    if not text or (says_template_only(text) and not says_template_only(merged_text)):
        return merged
    if says_template_only(merged_text):
        folded.append((f"{label} {merged_text}",
                       f"{here}: the engine's own wording; its '{shorten(text, 80)}' kept"))
        return kept
    gone = _says_the_same_as_the_other(text, merged_text)
    if gone == "merged":
        folded.append((f"{label} {merged_text}",
                       f"{here}: folded into its '{shorten(text, 80)}' (says the same)"))
        return kept
    if gone == "kept":
        folded.append((f"{label} {text}", f"of {kept_file}: folded into the '"
                                          f"{shorten(merged_text, 80)}' of {merged_file}, merged "
                                          "into it (says the same)"))
        return merged
    # a person's words before the engine's: read back, "... Example (day): ..." would take in
    # what follows it, and the whole be the engine's to replace
    first, then = (merged_text, text) if generated and not merged_generated else (text, merged_text)
    ended, then = _sentence_ended(first), then.strip()
    return f"{ended} {then if _OPEN_CLAUSE.search(ended) else _sentence_begun(then)}", False


def _says_the_same_as_the_other(text: str, merged_text: str) -> Literal["kept", "merged"] | None:
    """Which of two reasons, the kept file's ``text`` and the merged file's ``merged_text``,
    says nothing the other does not, to be folded into it: "merged" (asked first) or "kept";
    None when each says something of its own."""
    if adds_nothing(merged_text, text) and _only_adds_a_reason(merged_text, text):
        return "merged"
    if adds_nothing(text, merged_text) and _only_adds_a_reason(text, merged_text):
        return "kept"
    # a reason appended by a merge before, met again when the merged file is put back and
    # merged once more: each of its sentences already there, as the merge wrote them
    if _holds_every_sentence(merged_text, text):
        return "merged"
    if _holds_every_sentence(text, merged_text):
        return "kept"
    return None


# where a reason's sentence ends and the next begins ("it matches production. Dana said so.")
_SENTENCE_BREAK = rx.compile(r"(?<=[.!?\u2026])\s+")


def _sentences(text: str) -> set[str]:
    """``text``'s sentences, each without its stop and with its first letter in lower case, to
    be compared: "Git rebase onto main first." is the "git rebase onto main first" a merge
    appended begun with a capital."""
    said = (part.rstrip(" .!?\u2026") for part in _SENTENCE_BREAK.split(text.strip()))
    return {part[:1].lower() + part[1:] for part in said if part}


def _holds_every_sentence(shorter: str, longer: str) -> bool:
    """Each sentence of ``shorter`` is one of ``longer``, word for word."""
    said = _sentences(shorter)
    return bool(said) and said <= _sentences(longer)


# a sentence already ended: its stop, maybe inside a closing bracket or quote ("(see the docs.)",
# "« oui. »", "同じ。")
_ENDED = rx.compile(r"[.!?\u2026\u3002\uff01\uff1f][)\]\"'\u201d\u2019\u00bb\s]*\Z")
# a clause left open for what follows ("run:", "ask Dana;"): no stop put after it
_OPEN_CLAUSE = rx.compile(r"[:;,\u2014\u2013-]\Z")

# what turns or limits the words before it ("never reset it unless Dana agrees", "... or the
# demo box", "ask Dana's manager"): the longer then says something else, not only more
_LIMITS = rx.compile(r"(?:unless|except|or|but|if|only|when|until|provided|as long as|"
                     r"rarely|mostly|formerly)\b", re.I)


def _only_adds_a_reason(shorter: str, longer: str) -> bool:
    """``longer`` is ``shorter`` word for word with more after it that limits nothing (", so
    tests there are real"): the fuller alone says both."""
    head = shorter.rstrip().rstrip(".!?\u2026").rstrip()
    if not head or not longer.lower().startswith(head.lower()):
        return False
    rest = longer[len(head):].lstrip(" ,;:\u2014\u2013-")
    return not rest or (rest[:1] != "'" and _LIMITS.match(rest) is None)


# a first word of plain lower-case letters then a space: "long PRs ..." begins a sentence;
# "npm ci", "git rebase", "iOS", "pg_dump", "http://" are names or code, written as the person
# wrote them
_PLAIN_FIRST_WORD = rx.compile(r"(?P<word>[a-z]+)(?= )")


def _sentence_begun(text: str) -> str:
    """``text`` begun with a capital when its first word is a plain word, not a tool's name or
    a command ("git rebase onto main first")."""
    m = _PLAIN_FIRST_WORD.match(text)
    if m is None or typed_as_a_command(m["word"]):
        return text
    return text[:1].upper() + text[1:]


def _sentence_ended(text: str) -> str:
    """``text`` ended with a full stop for another sentence to follow it: after a closing code
    span or bracket too ("run `make db`." not "run `make db` Long PRs ..."), its words and their
    case as the person wrote them."""
    text = text.rstrip()
    return text if _ENDED.search(text) or _OPEN_CLAUSE.search(text) else f"{text}."


def _resolve_conflict(a: Entry, b: Entry, conflict: tuple[str, str],
                      decisions: list[Decision]) -> None:
    day_a, day_b = a.reference_day(), b.reference_day()
    if day_a is None or day_b is None or day_a == day_b:
        return  # without dates neither can be called stale: both stay
    newer, older = (a, b) if day_a > day_b else (b, a)
    older.deleted = True
    older.deleted_by = "contradicted"
    newer.changed = True
    declare(newer, "supersedes", older)
    decisions.append(Decision(
        "pruned", older.file,
        f"contradicted by the newer {newer.file} ({day_b if newer is b else day_a})",
        file=older.file, title=older.name))
