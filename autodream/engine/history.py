"""History: what an entry said before it was replaced, kept as a dated line, its name following
the new lead; and the files an entry absorbed, declared in its frontmatter."""

from __future__ import annotations

import re

from autodream import rx
from autodream.engine.entries import (
    HISTORY_LINE,
    Entry,
    description_for,
    title_for,
    update_line,
)
from autodream.engine.guidance import guidance_for
from autodream.engine.model import Candidate, Cluster
from autodream.engine.recurring_days import ends_the_day_of
from autodream.engine.text import has_word


def changed_between(entry: Entry, was: str, now: str) -> bool:
    """``entry``'s history tells it put from ``was`` to ``now``, in a line a dream wrote or a
    person wrote as one does ("Changed from 2026-07-20 to 2026-07-24 on 2026-07-02; previously
    2026-07-20.")."""
    return any((told := HISTORY_LINE.match(line.strip())) is not None
               and told["old"] == was and told["new"] == now for line in entry.history)


def day_changed_between(entry: Entry, was: str, now: str) -> str | None:
    """The day ``entry``'s history tells it put from ``was`` to ``now`` on ("2026-07-02" of
    "Changed from 2026-07-20 to 2026-07-24 on 2026-07-02; ..."), the latest if told twice;
    None when no such line gives a day (a week, a month)."""
    days = [told["day"] for line in entry.history
            if (told := HISTORY_LINE.match(line.strip())) is not None
            and told["old"] == was and told["new"] == now and told["day"]]
    return max(days) if days else None


def named_off_old_name(entry: Entry, previous: str, lead: str) -> bool:
    """``entry``'s name, made from the statement ``lead`` replaced, put to ``lead`` when it
    names what ``lead`` no longer says ("Applies only go through Terraform Cloud" over "All
    applies now go through Atlantis": the index would tell the old way as the current one).
    Only a name with a name (a capital past its first word) or a day in it that the new lead
    lacks ("The user is on call in the week of 2026-10-19" over the week of 2026-11-16), or a
    number ("Keep pull requests under 300 lines" over "Keep PRs under 400 lines from now on"),
    and one the new lead says has ended ("no longer", "anymore"). True when retitled for a
    number or an end alone: the title is then the new lead, and what the index line tells
    beside it is the day it changed, not the day the old lead was said."""
    if entry.name != title_for(previous):
        return False
    gone = [w for w in entry.name.split()[1:] if (w[:1].isupper() or _ISO_DAY_WORD.fullmatch(w))
            and not has_word(lead, w)]
    # a title the person wrote in MEMORY.md for this memory ("[PR size limit]") is what the
    # index shows: the title in the file stays with it, and the line goes on telling the rule
    # (a title equal to the new lead would leave the line only the kind and day)
    number_gone = not entry.hand_title and any(
        _NUMBER_WORD.fullmatch(w) and not has_word(lead, w) for w in entry.name.split()[1:])
    # ("We deploy on Tuesdays" over "We no longer deploy on Tuesdays": every word is still
    # there, the title tells what ended as what holds)
    # ("We deploy on Tuesdays" over "We no longer deploy on Fridays or Tuesdays": the day it
    # gave is among those ended, though Fridays is no word of it)
    ended = not entry.hand_title and (_ends_what_title_says(lead, entry.name) or ends_the_day_of(
        entry.name, lead)) and _ENDED.search(entry.name) is None
    before = entry.name
    if gone or number_gone or ended:
        retitle_for(entry, lead)
    # (a title made anew that reads as before changed nothing: the Why keeps its day)
    return entry.name != before and not gone and (number_gone or ended)


def _ends_what_title_says(lead: str, title: str) -> bool:
    """``lead`` says that something has ended, and of what ``title`` says: "We no longer deploy
    on Tuesdays" of "We deploy on Tuesdays", not "We deploy on Tuesdays, no longer on Fridays"
    nor "Always squash-merge pull requests; we don't rebase anymore" (the clause that ended
    names what the title does not: the title still holds)."""
    for ended in _ENDED.finditer(lead):
        # "no longer" is said before what ended, "anymore" / "any longer" after it; the
        # clause read is bounded (120 characters) so long input stays linear
        if ended[0].lower().startswith("no"):
            what = _CLAUSE_END.split(lead[ended.end():ended.end() + 120], maxsplit=1)[0]
        else:
            what = _CLAUSE_END.split(lead[max(0, ended.start() - 120):ended.start()])[-1]
        named = [word for word in _WORD.findall(what)
                 if len(word) >= 4 and word.lower() not in _NOT_WORDS]
        if named and all(has_word(title, word) for word in named):
            return True
    return False


def retitle_for(entry: Entry, lead: str) -> None:
    """``entry``'s title made anew of ``lead``, its statement now; kept when none can be."""
    entry.name = title_for(lead) or entry.name


_ISO_DAY_WORD = rx.compile(r"\d{4}-\d{2}-\d{2}")
# a number said as a word of a name: "300", "2.5", "1,000", "15%"
_NUMBER_WORD = rx.compile(r"\d+(?:[.,]\d+)*%?")
_CLAUSE_END = rx.compile(r"[.;,:!?\u2013\u2014\u3001\u3002\uff01\uff0c\uff1b\uff1f]")
# words that say no or not, telling nothing of what ended ("we don't deploy ... anymore")
_NOT_WORDS = frozenset({"don't", "doesn't", "didn't", "won't", "isn't", "aren't", "wasn't",
                        "can't", "never", "nobody", "none", "nothing"})
_WORD = rx.compile(r"[\w'-]+")
# words telling that what was so has ended; "no longer than 50 lines", "any more than we
# need" tell a length or an amount, not an end
_ENDED = rx.compile(r"\b(?:no\s+longer|any\s*more|any\s+longer)\b(?!\s+than\b)", re.I)


def lead_replaced(entry: Entry, cand: Candidate, cluster: Cluster,
                   statements: list[str]) -> str:
    """``entry`` takes ``statements``, ``cand``'s first, the old lead kept as a dated history
    line; a title or description drawn from the old lead (perhaps less an
    aside: "Best val loss is 0.412") follows the new one, one written by hand stays. Returns
    the old lead."""
    previous = entry.lead
    entry.history.append(update_line(cand.source.day.isoformat(), previous))
    entry.statements = statements
    if entry.name == title_for(previous) or previous.startswith(entry.name):
        entry.name = title_for(cand.text) or entry.name
    if entry.original is None or entry.description == description_for(previous):
        entry.description = description_for(entry.lead)
    guidance_for(entry, cand, cluster)
    return previous


def declare(survivor: Entry, key: str, gone: Entry) -> None:
    """Name the file ``survivor`` absorbed in its frontmatter, so the harness's loss check (and a
    person reading the file) can tell a merge from a dropped memory."""
    if gone.original is None:
        return  # never on disk, nothing to account for
    for name in [gone.renamed_from or gone.file, *[str(n) for n in gone.extra.get(key, []) or []]]:
        declare_file(survivor, key, name)


def declare_file(survivor: Entry, key: str, name: str) -> None:
    names = [str(n) for n in survivor.extra.get(key, []) or []]
    if name not in names and name != survivor.file:
        survivor.extra[key] = sorted([*names, name])
