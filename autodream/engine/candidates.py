"""Gather: statements a person made that are worth remembering, and why the rest are not.

Only the person's own words count (``Message.is_human``); tool output, assistant prose and
injected context never become memories. Text is redacted before anything else looks at it.
The what-not-to-save rules follow Claude Code's: no code structure or paths the project shows,
no git history, no one-off debugging recipes, no ephemeral task state, even when asked.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, date, datetime, timedelta
from functools import lru_cache
from typing import TYPE_CHECKING

from autodream import rx
from autodream.engine.dates import (
    VERSION_AND_DAY,
    WEEKDAYS,
    DateOrder,
    DateRewrite,
    date_shift,
    day_month_order,
    either_way_round,
    latest_date,
    plan_cancelled,
    says_past,
    tell_as_past,
    unresolved_day_month,
)
from autodream.engine.facts import layout_shown, restated_by, shown_path
from autodream.engine.forgetting import about, forget_request
from autodream.engine.informal import TYPOGRAPHIC, plain_spelling
from autodream.engine.model import (
    Candidate,
    CandidateKind,
    Decision,
    ProjectFacts,
    Source,
)
from autodream.engine.not_to_save import (
    _HELD_MEETING,
    _INJECTION,
    _MEETING,
    _STANDING,
    NOT_SAID_HERE,
    PLANTED,
    POINTS_BACK,
    _not_to_save,
    _one_off,
    _says_nothing,
    _without_change_of_mind,
    only_a_pointer,
    refused,
    reply_rest,
    rule_for_every,
)
from autodream.engine.paraphrase import owner_of
from autodream.engine.plans import day_put_against, day_put_right, moved_to_day
from autodream.engine.restating import MAY_CHOOSE_OVER, bare_preference
from autodream.engine.sentence_kinds import (
    _CHANNEL_OR_TICKET,
    _CORRECTION,
    _DECISION,
    _IDENTITY,
    _ON_NAMED,
    _SWITCH_VERB,
    _URL,
    ASK_LEAD,
    BACK_FROM_AWAY,
    NAMED_AWAY,
    TOLD_DONE,
    WEEKDAY_AND_DAY,
    _beside_path,
    _detect,
    _gives_not,
    _instead_proposed,
    _Kind,
    _not_done,
    _plan_word,
    _revision,
    day_moved_from,
    key_clause,
    weekday_moved_to,
)
from autodream.engine.splitting import (
    _away_and_more,
    _back_and_wants,
    _each_dated,
    _each_replaced,
    _each_rule,
    _neither_nor,
)
from autodream.engine.text import (
    NEW_PORT,
    TELLS_SWITCH,
    ensure_period,
    not_english,
    opening_words,
    sentence_case,
    sentences,
    shorten,
    strip_code,
    word_set,
)
from autodream.engine.tool_kinds import TOOL_PATTERN, names_a_choice, proper_tool_names
from autodream.engine.versions import NOW_WORD, upgrade_clauses, version_claim, version_switch
from autodream.engine.wording import (
    _COMMA_REASON,
    _FILLER,
    _I,
    _IMPERATIVE,
    _POINTS_AT_HAND,
    _PREFERENCE,
    _PROHIBITION,
    _absolutize,
    _clean,
    _has_date,
    _it_resolved,
    _planned,
    _split_why,
    _tells_past,
    joined_to_what_it_means,
    own_words,
    third_person,
    with_incident_findings,
)
from autodream.memory.model import MemoryType
from autodream.redact import SAID_LAST_CHARS, contains_secret, redact_after
from autodream.transcripts.model import Message

if TYPE_CHECKING:
    from autodream.engine.rare import Asked, ForgetRequest, Undated

# A redacted secret swallows the period after it; put one back so sentences still split.
# "Also, always ...", "And also ...": a rule said as one more, the word a lead-in to the reader
_ALSO_FIRST = rx.compile(r"^(?:and\s+|oh\s+|ok(?:ay)?,?\s+)?also\b", re.I)
# ... and a word that already says so in what is kept
_ADDED_WORD = rx.compile(r"\b(?:also|too|as\s+well|in\s+addition)\b", re.I)
_AFTER_REDACTION = rx.compile(r"(\[REDACTED:[a-z-]+\])(\s+)(?=[A-Z])")
# the kind of each secret a redacted text names ('[REDACTED:url-password]': url-password)
_REDACTED_KIND = rx.compile(r"\[REDACTED:([a-z-]+)\]")
MIN_CHARS = 8
# A statement of how something of the project is, will be or was ("The staging cluster moves
# to eu-west-2.", "Our API gateway is behind Cloudflare."), not a question or an ask
_STATEMENT = rx.compile(
    r"^(?:the|our)\s+(?:[\w./:-]+\s+){1,5}?(?:is|are|was|were|will|has|have|had|can|must|"
    r"should|moves?|runs?|uses?|lives?|goes|starts?|ends?|ships?|needs?|takes?|depends?|"
    r"gets?|stays?|sits?|points?|listens?|belongs?|comes?|expires?)\b[^?]*[.!]?$", re.I)
# ... said after "Sorry,", "Oops," or "Wait," (a reply's opener, no part of what it tells)
# A sentence of thanks or assent alone ("Thanks!", "Yes.", "Perfect."): it says nothing a
# "that" after it could point at
_ACK_ALONE = rx.compile(
    r"^(?:(?:yes|yeah|yep|yup|ok(?:ay)?|sure|great|perfect|nice|good|cool|awesome|excellent|"
    r"thanks|thank\s+you|thx|ty|exactly|right|correct|lgtm|looks\s+good|well\s+done|"
    r"(?:good|great|nice)\s+(?:job|work|catch)|love\s+it|wow|oh|ah|alright|fine)\b[\s,.!—–-]*)+$",
    re.I)
_SORRY_LEAD = rx.compile(r"^\s*(?:sorry|oops|whoops|wait)\s*,\s*", re.I)
# a sentence that only owns up to a mistake ("That was wrong.", "Sorry, I was wrong."): an owner
# said right after it puts right the one said before, as "Correction: ..." does
_OWNED_UP_ALONE = rx.compile(
    r"^\s*(?:(?:sorry|oops|whoops)[,.!]?\s*)?(?:that\s+was\s+(?:wrong|incorrect)|"
    r"i\s+was\s+wrong)(?:\s+(?:before|earlier|above))?\s*(?:[.!]\s*)?$", re.I)
# ... or an apology alone before it ("Sorry. That was wrong. Priya owns payments.")
_APOLOGY_ALONE = rx.compile(r"^\s*(?:sorry|oops|whoops)\s*(?:[.!]\s*)?$", re.I)
# ... though not one said as owned besides ("Priya owns payments too"): that is one more thing
_OWNED_BESIDES = rx.compile(r"\b(?:too|also|as\s+well|besides)\b", re.I)
# ... or by the team, of what it does or will do ("We're moving staging to eu-west-2.")
_WE_STATEMENT = rx.compile(
    r"^we(?:['’]re|\s+are|['’]ll|\s+will|\s+are\s+going\s+to|['’]re\s+going\s+to)\s+"
    r"(?:\w+ing|move|migrate|switch|drop|add|retire|upgrade|deprecate|rename)\s+\w[^?]*[.!]?$",
    re.I)
# An ask of the person's, said with "please" ("Keep the PR small please: I review in the
# evenings, ..."): about the work at hand unless told as a rule; said as no rule the engine
# knows, it left no trace
_PLEASE_ASK = rx.compile(
    r"^(?:please\s+)?(?:keep|make|use|avoid|don['’]t|do\s+not|stop|try|write|put|leave|run|"
    r"split|add|remove|send|ping|check|prefer)\b[^?]*\bplease\b[^?]*[.!]?$|"
    r"^please\s+(?:keep|make|use|avoid|don['’]t|do\s+not|stop|try|write|put|leave|split|"
    r"prefer)\b[^?]*[.!]?$", re.I)
UNASKED = ("an ask of the user's the local engine reads as no rule or preference it knows (the "
           "work at hand, maybe); not saved (say it as 'Always ...' or 'Remember: ...' to keep "
           "it)")
NOT_ENGLISH = ("not English: the local engine reads English; the anthropic backend reads any "
               "language")
UNREAD = ("a statement of the project the local engine reads as no rule, preference, fact, "
          "plan or decision it knows; not saved (say it as 'Remember: ...' to keep it)")
# Where all the code is, said of the whole project ("All code lives in one repo.", "Everything
# runs inside one Next.js codebase."): its layout, which the project's files show (Claude
# Code's guidance: not what the code already says), in a project with any file; said of one
# with none (an empty folder, or no project folder), a project fact. A rule for what is to come
# is said as one ("There will be no external backend service", "Never add a second repo")
_ONE_CODEBASE = rx.compile(
    r"^(?:everything|all\s+(?:(?:of\s+)?(?:the|our)\s+)?code|the\s+whole\s+(?:app|project|"
    r"codebase))\s+(?:runs|lives|is|sits|stays|goes)\s+(?:in|inside|within|under)\s+"
    r"(?:one|a\s+single|the\s+same)\s+(?P<named>(?:[\w.+#-]+\s+){0,2}?)(?:repo|repository|"
    r"monorepo|codebase|project|app)\s*[.!]?$", re.I)


def _layout(said: re.Match[str], facts: ProjectFacts) -> str:
    """Why ``said``, an ``_ONE_CODEBASE`` sentence, is not saved in a project with files: they
    show it, and what of them does when it can be named ("'next' is a declared dependency")."""
    shown = layout_shown(said["named"], facts)
    return ("where the code lives (one repo, one codebase): the project's files show it"
            f"{f' ({shown})' if shown else ''}; not saved (say it as a rule, 'Always ...', or "
            "'Remember: ...' to keep it)")


# "Remember that.", "Don't forget it!", "Please keep that in mind": to remember what was just
# said, and nothing of its own
_REMEMBER_IT = rx.compile(
    r"^(?:(?:and|so|oh|ok(?:ay)?|also)[,\s]+)?(?:please\s+)?(?:(?:remember|memori[sz]e|note|"
    r"(?:don['’]?t|do\s+not)\s+forget)\s+(?:that|this|it)|keep\s+(?:that|this|it)\s+in\s+mind)"
    r"(?:\s+(?:please|too|for\s+later|for\s+next\s+time))?"
    # "Remember that, it matters.": how much it matters, said with the ask, is no memory of its
    # own (it was saved as one, 'It matters', the rule before only stated)
    r"(?:\s*[,;:—–-]\s*(?P<stress>(?:it|this|that)(?:['’]s|\s+is|\s+really)?\s+"
    r"(?:(?:really|very|super)\s+)?(?:matters|important|crucial|critical|key)))?\s*[.!]*$", re.I)
# A plan said for a time no calendar day can be named for ("The migration happens next
# sprint.", "We cut the release soon."): the local engine keeps a plan by its day, so it is not
# saved; with no decision the run record had no trace of it
UNDATED_PLAN = ("a plan with no date the local engine can name; not saved (give it a day, or "
                "say it as 'Remember: ...' to keep it)")
_TIME_AHEAD_UNNAMED = rx.compile(
    r"\b(?:next\s+(?:sprint|release|cycle|iteration|phase|milestone)|soon|later|eventually|"
    r"at\s+some\s+point|some\s?day|one\s+day|in\s+the\s+future)\b", re.I)
# ... unless told of the past ("The deploy broke soon after the freeze.", "We shipped it later
# that day.")
_TOLD_BEFORE = rx.compile(
    r"\b(?:was|were|did|had|ago|yesterday|last|broke|went|took|came|ran|got|fell|began|"
    r"\w+[^e\W]ed)\b", re.I)
UNREAD_SECRET = ("left out because it held a secret (redacted); a credential is never "
                 "remembered, so there is nothing to say again")
MAX_CHARS = 320
# "Don't remember this, but ...", "No need to save that to memory", "You don't have to
# remember it": the person asks that it not be kept. Not "I don't remember this bug" (no
# request), nor "don't store it", "no need to save it" of data ("Always fetch a fresh token;
# don't store it"): keeping, saving, storing is of memory only when memory is named.
_ASKED_NOT_TO_SAVE = rx.compile(
    r"(?:^|[,;:.!?(—–-]\s*|\b(?:please|you|but|and|just|no|so|oh|ok|okay)\s+)"
    r"(?:don['’]?t|do not|no need to|needn['’]t|(?:don['’]?t|do not) (?:need|have) to)\s+"
    r"(?:(?:need|have) to\s+)?(?:(?:remember|memori[sz]e)\s+(?:this|that|it)\b"
    r"|(?:save|record|note)\s+(?:this|that)\b(?!\s+(?:file|change|version|draft|copy)\b)"
    r"|keep\s+(?:this|that|it)\s+in\s+mind\b"
    r"|(?:save|store|record|note|keep)\s+(?:this|that|it)\s+(?:(?:in|to|into|as) (?:your |the )?"
    r"(?:memory|memories|a memory)\b|down\b))"
    # "no dont save that anywhere", "don't save that please"
    r"(?:\s+(?:anywhere|at\s+all|please|anymore|either))?"
    r"(?=\s*(?:$|[,;:.!?)—–-]|but\b|and\b|though\b))"
    r"|\b(?:this|that|it)(?:['’]s| is) not (?:worth )?(?:remembering|memori[sz]ing|for (?:your )?"
    r"memory)(?=\s*(?:$|[,;:.!?)—–-]))|\boff the record\b", _I,
)
# "I prefer tabs— no wait, forget that, we run black", "Always use yarn. Actually, scratch
# that, use pnpm.": what came just before is taken back. Not "ignore it" / "ignore that" /
# "never mind the linter" (what to ignore: "The CI shows a warning; ignore it.")
# "Release moved AGAIN. Finance want the tax change included, new date is 20 Nov.": the move
# told alone, its new day in a sentence after it
_MOVED_ALONE = rx.compile(
    r"^(?:[\w'’]+(?:\s+[\w'’]+)?[,:]\s+)?(?P<moved>(?:(?:the|our)\s+)?[\w.-]+(?:\s+[\w.-]+){0,3}?"
    r"\s+(?:was\s+|got\s+)?(?:moved|pushed|postponed|delayed|slipped|rescheduled)"
    r"(?:\s+(?:again|back|out))?)\s*[.!]*$", re.I)
_NEW_DATE = rx.compile(r"\bnew\s+(?:date|day)\s+is\b", re.I)
# "Tooling change: we've moved off Atlantis. As of this week Spacelift runs terraform plans
# ...": the tool left told alone, what does its work now in the sentence after it
_MOVED_OFF_ALONE = rx.compile(
    r"^(?:[^.:]{0,60}:\s+)?(?P<moved>(?:we|i)(?:'ve|\s+have)?\s+(?:moved|migrated|switched)\s+"
    r"(?:off|away\s+from)\s+[\w+#-]+(?:\.[\w+#-]+)*)\s*[.!]*$", re.I)


_OPENING_WORDS = frozenset({"as", "since", "from", "starting", "now", "we", "our", "the"})


def _moved_off_with_next(parts: list[str]) -> list[str]:
    """``parts`` with a move off a tool told alone joined to the sentence after it, which may
    name the tool taking its place ("We've moved off Atlantis; as of this week Spacelift runs
    ..."); alone, the move says nothing of what holds now. Only when joined they tell a switch:
    another sentence after it is of its own."""
    joined = list(parts)
    for i, part in enumerate(parts[:-1]):
        m = _MOVED_OFF_ALONE.match(part)
        if m is None:
            continue
        after = parts[i + 1]
        if after.split(" ", 1)[0].lower() in _OPENING_WORDS:
            after = after[:1].lower() + after[1:]  # (a name keeps its capital)
        told = f"{sentence_case(m['moved'])}; {after}"
        if getattr(_detect(told), "kind", None) == "switch":
            joined[i], joined[i + 1] = "", told
    return [part for part in joined if part]


def _moved_with_new_date(parts: list[str]) -> list[str]:
    """``parts`` with a move told alone joined to the sentence after it (or the one after
    that) giving the new day: "Release moved AGAIN: Finance want ..., new date is 20 Nov."; the
    move alone names no day, and the day alone no thing."""
    joined = list(parts)
    for i, part in enumerate(parts):
        m = _MOVED_ALONE.match(part)
        if m is None:
            continue
        for j in (i + 1, i + 2):
            if j < len(parts) and _NEW_DATE.search(parts[j]):
                joined[j] = f"{m['moved']}: {parts[j]}"
                break
    return joined


_TAKEN_BACK = rx.compile(
    # ("Actually scratch that": "scratch that" and "never mind" take back even with no comma
    # before them; "Don't forget that." does not)
    r"(?:^|(?<=[,.;:!?—–-])\s*|\s(?=(?:no\s+)?wait\b|scratch\s|never\s*mind\b))"
    r"(?:(?:no\s+)?wait\b[\s,—–-]*)?"
    # ("... before he leaves... wait no, he leaves on the 16th": a stop mid-way)
    r"(?:(?:(?<=wait\s)|(?<=wait,\s))no(?![\s,—–-]+(?:forget|scratch|never|ignore|disregard)\b)|"
    # ("best val loss is 0.352, no wait, 0.362": "no wait" after a comma, as "wait no")
    r"(?<=,\sno\swait)(?=\s*,)|"
    r"(?:forget|scratch)\s+(?:that|this|it)|(?:forget|ignore|disregard)\s+what\s+i\s+"
    r"(?:just\s+)?said(?:\s+(?:earlier|before))?(?:\s+about\s+[^,.;:!?—–]+)?|never\s*mind(?:\s+(?:that|this|it))?)"
    r"(?=\s*(?:[,.;:!?—–-]|$))[\s,.;:!?—–-]*", _I)
# "Just kidding." alone: the sentence before it is taken back
_KIDDING_ALONE = rx.compile(r"^\W*(?:(?:just|only)\s+)?(?:kidding|jk)\W*$", _I)
# ... which takes back a plan's move only as the message's last sentence, alone, ending at
# most in "." or "!": not "Just kidding? No, really.", nor "— JK" signed, nor quoted; and
# not "JK" at all, which signs a message with a person's initials as often ("...\n\nJK")
_KIDDING_LAST = rx.compile(r"^(?:just\s+)?kidding[.!]{0,3}$", _I)


# (a move is told in a short sentence; dating a long one again, thousands of days in it, took
# seconds)
_MOVE_SAID_CHARS = 300


def _a_plans_move(said: str, day: date, order: DateOrder | None) -> bool:
    """``said`` (a sentence as typed on ``day``) moves a plan's day: "The demo moved to July
    24.", "The demo is actually on July 24, not July 20."."""
    if len(said) > _MOVE_SAID_CHARS:
        return False
    dated = _absolutize(said, day, order)[0]
    return moved_to_day(dated) is not None or day_put_against(dated) is not None or (
        day_put_right(dated) is not None)


# ... of which "forget what I said earlier / before" points past the message, to what it
# changes (read as "I changed my mind": ``_CHANGED_MIND_SAID`` opening what is said instead)
_POINTS_PAST = rx.compile(r"\bwhat\s+i\s+said\s+(?:earlier|before)\b", _I)
_CHANGED_MIND_SAID = "Forget what I said before: "
# "Actually no, keep them descriptive, ignore that.": after a correction, what it corrects
# (it starts only where a run of spaces and commas starts: tried from inside the run too, each of
# 20,000 spaces ran the rest of the run and the gather took seconds, 4x for twice the spaces)
_CORRECTION_IGNORE = rx.compile(
    r"(?<![\s,;—–-])[\s,;—–-]+(?:ignore|disregard|forget)\s+(?:that|it)\s*[.!]*$", _I)
# what may open a sentence that takes something back ("Actually, scratch that, ...", "Ugh,
# scratch that", "Wait no, forget that"): an interjection, a word or two of letters that say
# nothing of their own (not "Use tabs, scratch that", "Postgres, never mind")
_TAKE_BACK_OPENER = rx.compile(r"^[a-z’']+(?:[\s,.!—–-]+[a-z’']+)?[\s,.!—–-]*$", _I)
_TOOL_NAMED = rx.compile(rf"\b(?:{TOOL_PATTERN})\b", _I)


# "The user is off next Friday": a day away told with "next" ...
_OFF_NEXT = rx.compile(
    rf"^(?:the\s+user\s+is|i['’]m|i\s+am)\s+(?:off|out|away|ooo|out\s+of\s+office)\s+"
    rf"(?P<next>next\s+(?P<day>{'|'.join(WEEKDAYS)}))\b", re.I)


def _off_either_day(statement: str, off: re.Match[str], told: date) -> str:
    """... said the day before that weekday may mean tomorrow (as dates.py reads "next") or the
    week after ("im off next fri" said on a Thursday meant the Friday a week on): both days
    are kept, and how it was said, rather than one of them passed off as the one meant."""
    day = WEEKDAYS.index(off["day"].lower())
    if (told.weekday() + 1) % 7 != day:
        return statement
    first = told + timedelta(days=1)
    second = first + timedelta(days=7)
    return (f"{statement[:off.start('next')]}on {first.isoformat()} or on {second.isoformat()}, "
            f"told as \"next\" {off['day'].capitalize()} on {told.isoformat()}"
            f"{statement[off.end('next'):] or '.'}")


_DAY_OR_NUMBER = rx.compile(rf"\b(?:(?:{'|'.join(WEEKDAYS)})s?|\d+(?:\.\d+)?)\b", _I)
_SAID_AGAIN = rx.compile(r"^(?:please\s+)?(?P<verb>[a-z]+)\s+(?P<it>them|it)\b", _I)


def _said_instead(gone: str, left: str) -> str:
    """What is said instead of ``gone``, whole: a day or a number alone is put in the place of
    the one it replaces ("Deploy on Tuesdays. Wait, no, Wednesdays." is "Deploy on
    Wednesdays"), and "them" after the verb said again is what the verb was of ("Please run the
    migrations on staging first, wait no, run them locally first" keeps "the migrations")."""
    bare = left.strip(" .!")
    if _DAY_OR_NUMBER.fullmatch(bare) and len(found := _DAY_OR_NUMBER.findall(gone)) == 1:
        return gone.replace(found[0], bare, 1).rstrip(" ,;:—–-")
    again = _SAID_AGAIN.match(left)
    if again is not None:
        before = re.match(rf"^(?:please\s+)?{again['verb']}\s+(?P<what>(?:the|our|all|these|those)"
                          r"\s+[\w-]+(?:\s+[\w-]+)?)(?=\s+(?:on|in|at|to|from|for|with|first|"
                          r"locally|before|after)\b|\s*$)", gone, _I)
        if before is not None:
            return f"{left[:again.start('it')]}{before['what']}{left[again.end('it'):]}"
    return left


def _take_back_opener(head: str) -> bool:
    # ("Actually" alone reads as a bare correction, with no words of its own)
    return not head or (_TAKE_BACK_OPENER.match(head) is not None and not getattr(
        _detect(head), "text", "") and _TOOL_NAMED.search(head) is None)


# Words a sentence told as a bare imperative ("rebase and merge") does not open with: a
# subject, a question, a doubt ("I need to think about it", "what does gofmt do?", "not sure")
_NOT_IMPERATIVE = word_set(
    """i i'm i'll i'd i've im ill id ive we we'll we're we'd you you're it it's its that
    that's this there there's he she they let let's lets maybe perhaps probably not no what
    how why when where who which idk dunno ok okay sorry thanks hmm""")


def _bare_imperative(said: str) -> bool:
    words = said.split(maxsplit=1)
    return bool(words) and "?" not in said and (
        words[0].lower().strip(",.;:!") not in _NOT_IMPERATIVE)


# "Also test migrations against Postgres 15.", "We also test migrations against pg15.": one more
# way the work is always done, said as added to what the team does (no "always" said)
_ALSO_DOING = rx.compile(
    r"^(?:(?:and|oh|ok(?:ay)?|so)[,\s]+)?(?P<we>we\s+)?also[,\s]+(?P<rest>[a-z][\w-]*\s+\S.*)$",
    _I)
_THE_THING = rx.compile(r"\b(?:the|my|your|his|her|their)\b", _I)


def _also_rule(sentence: str) -> _Kind | None:
    """A bare "also" before a way of working on a kind of thing that names a version or a tool
    to use ("Also test migrations against Postgres 15"): the rule "Always ... too"; not the
    work at hand ("Also test the migration against pg15", "Also run it on 3.12")."""
    m = _ALSO_DOING.match(sentence.strip())
    if m is None:
        return None
    rest = m["rest"].rstrip(" .!")
    if not _bare_imperative(rest) or _POINTS_AT_HAND.search(rest) or _THE_THING.search(rest) or (
            not names_a_choice(rest)):
        return None
    ruled = _detect(f"Always {rest}")
    if ruled is None or ruled.kind != "preference":
        return None
    # (told as said where "We also ..." says the team's way; "too" says one more as the rule)
    text = f"{sentence.strip().rstrip(' .!')}." if m["we"] else f"Always {rest} too."
    return replace(ruled, text=text[:1].upper() + text[1:])


# "Ana is out this week. Ask Raj about billing.": who is away, then whom to ask instead, told
# in two sentences as in one ("Ana is out this week, ask Raj about billing")
_AWAY_ALONE = rx.compile(rf"^{NAMED_AWAY}\b[^,;.!?]*[.!]?$", _I)
_ASK_NEXT = rx.compile(rf"^{ASK_LEAD}\S", _I)


def _away_then_ask(parts: list[str]) -> list[str]:
    """``parts`` with each "X is out ..." followed by "Ask Y about ..." told as one sentence,
    when that one is a stand-in (``_detect`` reads it so)."""
    out: list[str] = []
    skip = False
    for i, part in enumerate(parts):
        if skip:
            skip = False
            continue
        following = parts[i + 1] if i + 1 < len(parts) else ""
        if following and _AWAY_ALONE.match(part) and _ASK_NEXT.match(following):
            joined = f"{part.strip().rstrip('.!')}, {following[:1].lower()}{following[1:]}"
            found = _detect(joined)
            # ("Ana is out next week, ask Raj ...": a span that starts later is told as said,
            # no "Until"; the two sentences were read as none)
            if found is not None and (found.text.startswith("Until ") or (
                    found.kind == "plan" and ", ask " in found.text)):
                out.append(joined)
                skip = True
                continue
        out.append(part)
    return out


# "Ana is out next week; ask Raj about billing and Mei about payroll": two stand-ins said as
# one ask, each with its own area
_TWO_ASKED = rx.compile(
    r"^(?P<head>.*?\bask\s+)(?P<other>[a-z]+)\s+(?P<prep>about|for|re)\s+(?P<what>[^.,;!?]+?)"
    r"\s*,?\s+and\s+(?!(?:me|us|him|her|them|it)\b)(?P<other2>[a-z]+)\s+(?:about|for|re)\s+"
    r"(?P<what2>[^.,;!?]+?)(?P<tail>\s+(?:instead|meanwhile|in\s+the\s+meantime))?\s*[.!]?$", _I)


def _stand_in(sentence: str) -> bool:
    """``sentence`` is read as a colleague's stand-in ("Until ..., ask Raj about billing (Ana
    is out).", "Ana is out in the week of ..., ask Raj about billing.")."""
    found = _detect(sentence)
    return found is not None and found.kind in ("plan", "fact") and (
        found.text.startswith("Until ") or ", ask " in found.text)


def _each_stand_in(parts: list[str]) -> list[str]:
    """``parts`` with a stand-in naming two colleagues, each for an area ("Ana is out next
    week; ask Raj about billing and Mei about payroll"), told as one stand-in each: one
    memory held both, its title naming Raj alone, and neither ended as a stand-in when Ana
    was told back."""
    out: list[str] = []
    for part in parts:
        m = _TWO_ASKED.match(part.strip()) if " and " in part else None
        if m is not None and _stand_in(part):
            tail = m["tail"] or ""
            each = [f"{m['head']}{m['other']} {m['prep']} {m['what']}{tail}.",
                    f"{m['head']}{m['other2']} {m['prep']} {m['what2']}{tail}."]
            if all(_stand_in(one) for one in each):
                # (a third, "... and Eve about security", stayed with the second: each its own)
                out.extend([each[0], *_each_stand_in([each[1]])])
                continue
        out.append(part)
    return out


_ON_VERSION = rx.compile(rf"^{_ON_NAMED}", _I)
# A past plan whose outcome is not told ("We planned to cut over on 2026-01-05", "We were
# launching the app in April"): still a plan, to check how it turned out.
_OUTCOME_UNTOLD = rx.compile(r"\b(?:planned|decided to|(?:was|were)\s+\w+ing)\b", _I)
# An event told as held ("We had the retro on Monday", "we held the offsite last week"): done,
# however its event word reads as a plan
_HELD = rx.compile(r"\b(?:we|they|i)\s+(?:just\s+|already\s+|finally\s+)?(?:had|held)\s+"
                   r"(?:the|our|a|an|my|their)\b", _I)
# "We had the retro on Monday and decided to stop deploying on Fridays": what was decided is
# news of its own, dated by the meeting; the meeting alone is over (``_MEETING_HELD``)
_DECIDED_AT = rx.compile(
    rf"^(?P<held>{_HELD_MEETING}(?P<when>(?:\s+[\w-]+){{0,4}}?))\s*,?\s+and\s+"
    r"(?:(?:we|they|i)\s+)?(?:(?:also|finally|all)\s+)?(?P<decided>(?:decided|agreed|chose|"
    r"settled\s+on)\b.+)$", _I)
# ... and the same told from the meeting, or the day: "At the retro on Monday, we decided to
# ...", "On Monday we decided to ..."
_DECIDED_AT_MEETING = rx.compile(
    rf"^(?:(?:at|during|in)\s+{_MEETING}(?P<when>(?:\s+[\w-]+){{0,4}}?)|"
    rf"(?P<day>on\s+(?:{'|'.join(WEEKDAYS)})|yesterday|last\s+week|earlier\s+today))\s*,?\s+"
    r"(?P<who>we|they|i)\s+(?:(?:also|finally|all)\s+)?(?P<decided>(?:decided|agreed|chose|"
    r"settled\s+on)\b.+)$", _I)
QUOTED = "quoted text, not the person's words"
# When a rule holds, and nothing more: "on weekends", "at night", "before Friday afternoons"
_ONLY_WHEN = (r"(?:\s+(?:on|at|during|in|over|before|after|outside|past|until|till|every|each)"
              # (a word before the day is no article: one reading only, or long input backtracks)
              r"\s+(?:the\s+|a\s+)?(?:(?!(?:the|a)\s)[a-z]+\s+)?"
              r"(?:(?:mon|tues|wednes|thurs|fri|satur|sun)days?|weekends?|weekdays?|nights?|"
              r"evenings?|mornings?|afternoons?|holidays?|midnight|noon|lunch(?:time)?|"
              r"(?:business|office|peak|work(?:ing)?)\s+hours))+")
_WHEN_AT_END = rx.compile(rf"{_ONLY_WHEN}(?=\s*[.!]*$)", _I)
# Back from an aside ("Anyway, never run it on weekends."): "it" is not what the sentence before
# was about, and what it is was said further back
_BACK_FROM_ASIDE = rx.compile(r"^(?:anyway|anyhow|anyways)\b[\s,]*", _I)
_CODEISH = rx.compile(r"^\s*(?:\$ |>>> |[{}\[\]<]|def |class |import |from \S+ import|at \S+\()")


def _back_to_a_pointer(sentence: str) -> bool:
    """``sentence``, back from an aside, is a rule about nothing but "it" and when ("Anyway,
    never run it on weekends.")."""
    aside = _BACK_FROM_ASIDE.match(sentence)
    if aside is None or len(sentence) > MAX_CHARS:
        return False
    # (what is left is asked of only_a_pointer: "never run it.")
    return only_a_pointer(_WHEN_AT_END.sub("", sentence[aside.end():], count=1))


# (kind found, reason not to save, statement, why, consumed the following sentence)
_Analysis = tuple["_Kind | None", "str | None", str, str, bool]
_MEMO_MAX = 50_000


# An incident told by its id: "INC-4412: ...", "INC 4471 - ..."
_INCIDENT_TOLD = rx.compile(r"(?P<id>INC[- ]?\d+)\s*(?::|\s[—–-])\s*", re.I)
# When in its day the incident began: "at 03:10 UTC"
_AT_TIME = rx.compile(r"\bat\s+\d{1,2}:\d\d(?:\s*(?:UTC|GMT|[A-Z]{2,4}T))?(?![\w:])")
# What an incident does to a service while it lasts, told as it happens
_DOWN_NOW = rx.compile(r"\b(is|are)\s+((?:still\s+)?(?:down|degraded|unavailable|failing|erroring|"
                       r"flapping|broken|unreachable|on\s+fire))\b", re.I)


@dataclass(eq=False, repr=False)
class GatherStats:
    """Counts of what gathering read and found, for the run record."""

    messages: int = 0
    human_messages: int = 0
    sentences: int = 0
    candidates: int = 0
    dropped: int = 0


# A deadline that says not of what ("The new deadline Helen gave is November 13", "Deadline is
# still Nov 13"), and the work a sentence before names ("... pause the ESO migration")
_BARE_DEADLINE_SAID = rx.compile(
    r"^(?P<head>(?:the\s+)?(?:new\s+)?deadline\b(?:\s+(?!(?:is|was|for|of)\b)[\w'’-]+){0,3}?)"
    r"\s+(?P<verb>is|was)\b", re.I)
_WORK_NAMED = rx.compile(r"\b(?:the|our)\s+(?P<work>(?:[\w-]+\s+){0,2}?(?:migration|rollout|"
                         r"upgrade|launch|release|rewrite|project))\b", re.I)


def _deadline_of(part: str, before: list[str]) -> str:
    """``part`` with what its deadline is for, where it says not and the nearest sentence
    before that names a piece of work does: "The new deadline Helen gave for the ESO migration
    is November 13". Alone in memory, "The new deadline Helen gave is ..." said of nothing."""
    m = _BARE_DEADLINE_SAID.match(part)
    if m is None:
        return part
    for said in reversed(before):
        named = list(_WORK_NAMED.finditer(said))
        if named:
            return f"{m['head']} for the {named[-1]['work']} {m['verb']}{part[m.end():]}"
    return part


# A start, told on its day: "The freeze started today", "We're starting the migration today"
_STARTS_NOW = rx.compile(r"\b(?:start(?:s|ed|ing)?|begin(?:s|ning)?|began|kick(?:s|ed|ing)?\s+off)"
                         r"\b", re.I)
_NOT_DONE = rx.compile(r"n't\b|\b(?:not|never|will|would|should|must|once|when|if|until|unless|"
                       r"before|after)\b", re.I)
_LETS = rx.compile(r"\s*let(?:['’]s|\s+us)\b", re.I)


@dataclass(frozen=True, eq=False)
class _Told:
    """The last sentence a message of a session said, and where what it made begins and ends
    (candidates, decisions, dropped count), so a "Remember that." sent next can read it again
    as asked for."""

    sentence: str
    when: datetime
    candidates: tuple[int, int]
    decisions: tuple[int, int]
    dropped: tuple[int, int]
    opens: bool  # (nothing before it in its message told what "it" is)


# A standing rule asked as a question or a wish: "Could we perhaps stop using default exports?",
# "It'd be lovely if you could always add a story for new components"
_POLITE_ASK = rx.compile(
    r"^(?:(?:could|can|would)\s+(?:we|you)\s+(?:(?:perhaps|possibly|maybe|please|just)\s+)?|"
    r"(?:it|that)(?:'d|\s+would)\s+be\s+(?:really\s+)?(?:lovely|great|nice|brilliant|ideal|"
    r"helpful|good|amazing|wonderful)\s+if\s+(?:you|we)\s+(?:could|can|would)\s+|"
    r"i(?:'d|\s+would)\s+(?:really\s+)?appreciate\s+it\s+if\s+you\s+(?:could|would)\s+)"
    r"(?:(?:please|perhaps)\s+)?(?P<rest>[a-z][^?]*?)[\s,]*(?:please)?[\s?.!]*$", re.I)
# ... for good, not the task at hand ("Could we perhaps look at it tomorrow?")
_FOR_GOOD = rx.compile(r"\b(?:always|never|stop\s+(?:using|writing|adding|putting|doing)|"
                       r"from\s+now\s+on|going\s+forward|in\s+future|any\s?more)\b", re.I)
_POLITE_OPENERS = ("could ", "can ", "would ", "it'd ", "it would ", "that'd ", "that would ",
                   "i'd ", "i would ")
# ... a question of what can be, not a way of working: "Can you always reproduce the flaky
# test?", "Can we always trust the cache?", "Could we never have shipped that?"
_ABLE_TO = rx.compile(
    r"\b(?:always|never)\s+(?:just\s+)?(?:reproduce|repro|replicate|trust|assume|rely|count\s+on|"
    r"get|see|hear|have|know|find|expect|guarantee|afford|reach|recover|understand|"
    # ("Can you always tell which test is flaky?", not "Could you always tell me before ...")
    r"tell(?!\s+(?:me|us|him|her|them|the\s+(?:user|team))\b))\b", re.I)
# ... though one asked of "you" about how to work, with an order, a condition or a scope after
# its verb's object, is a rule: "Can you always tell Sarah before touching the billing code?",
# "Can you always see if there's an open issue first?", "Could you never have more than one
# migration per PR?", "Could you always get approval from security for new deps?" (matched
# from the verb on; an "if" or "when" right after it is what is asked of: "Can you always tell
# when it's flaky?")
_HOW_TO_WORK = rx.compile(
    r"\s+(?:an?\s+|the\s+)?(?:approval|review|sign-?off|go-ahead|ok|okay|lgtm)\b|"
    r".*?(?:\b(?:before|unless|until|after\s+\w+ing|per)\s+(?!(?:the\s+)?(?:deadline|demo|standup|"
    # (not a deadline of the work at hand: "Can you always get the build green before Friday?")
    r"meeting|call|release\s+date|end\s+of|eod|noon|lunch|today|tonight|tomorrow|next|this|"
    rf"(?:{'|'.join(WEEKDAYS)})s?\b|\d))\S|\S\s+(?:if|when|whenever)\s+\S|\bfirst\W*$)", re.I)
# ... or one told why next, by what it cost "us" ("... JSON? It broke us twice.")
_COST_US = rx.compile(r"\b(?:us|we|our)\b", re.I)
# ... or one for the work at hand ("Would you mind always using single quotes in this PR?")
_AT_HAND = rx.compile(r"\b(?:in\s+this\s+(?:pr|pull\s+request|change|branch|commit|session)|"
                      r"this\s+time|for\s+now|right\s+now|today|tonight)\b", re.I)
# ... or asked in doubt, the next sentence a second question or unsure ("Can we stop using
# Sentry? Is it worth the money?", "... Or is that risky?", "... I'm not sure.")
_IN_DOUBT = rx.compile(
    r"^(?:(?:hmm+|well|honestly|actually)[,\s]+)?(?:i['’]?m\s+not\s+sure|not\s+sure|"
    # ("Or at least for the API layer." narrows the rule, not doubts it)
    r"i\s+don['’]?t\s+know|dunno|no\s+idea|maybe\s+not|no\s*[,.!]|or\b(?!\s+at\s+least\b)|"
    r"on\s+second\s+thought|"
    r"just\s+(?:wondering|asking|curious)|what\s+do\s+you\s+think|thoughts\b)", re.I)


# "mind always using ...": the gerund a rule's verb is asked in
_MIND_DOING = rx.compile(r"mind\s+(?P<when>always|never)\s+(?P<verb>[a-z]+ing)\b(?P<rest>.*)$",
                         re.I | re.S)
# gerunds whose verb keeps no "e" though its stem ends like one that does ("opening", "editing")
_NO_E_VERBS = frozenset(("open", "edit", "visit", "limit", "listen", "target", "develop",
                         "happen", "deploy", "sync", "bring", "ping", "log", "lint"))


def _bare_verb(gerund: str) -> str:
    """The verb a gerund is of: "using" -> "use", "running" -> "run", "adding" -> "add",
    "checking" -> "check"."""
    stem = gerund[:-3].lower()
    if len(stem) > 2 and stem[-1] == stem[-2] and stem[-1] in "bdgmnprt" and stem[-1] != "d":
        return stem[:-1]
    if stem in _NO_E_VERBS or len(stem) < 2:
        return stem
    # a stem ending in one vowel and one consonant, or in a soft "g" or "c", lost an "e"
    # ("us-ing", "writ-ing", "merg-ing", "chang-ing", "produc-ing")
    if (stem[-1] not in "aeiouwxy" and stem[-2] in "aeiouy" and (
            len(stem) < 3 or stem[-3] not in "aeiou" or stem[-4:-2] == "qu")) or stem.endswith(
            ("v", "rg", "ng", "dg", "nc", "rc", "rs", "ns")):
        return stem + "e"
    return stem


def _asked_politely(sentence: str, following: str) -> str:
    """A standing rule asked politely, as the rule ("Could we perhaps stop using default
    exports?" is "Stop using default exports."); any other sentence as it is. The question's
    words would leave it a question (no rule) or a wish titled by its opener ("It'd be
    lovely"). ``following`` is the sentence after it, which may leave the question open."""
    if not sentence.lower().startswith(_POLITE_OPENERS):
        return sentence
    m = _POLITE_ASK.match(sentence.strip())
    if m is None or _FOR_GOOD.search(m["rest"]) is None or _AT_HAND.search(m["rest"]) or (
            following and (following.rstrip().endswith("?") or _IN_DOUBT.match(
                following.strip()))):
        return sentence
    if (able := _ABLE_TO.search(m["rest"])) is not None and not (
            "you" in sentence[:m.start("rest")].lower().split() and (
                _HOW_TO_WORK.match(m["rest"], able.end()) or (following and (
                    following.lower().startswith("because ") or (_PAST_STORY.match(
                        following) and _COST_US.search(following)))))):
        return sentence
    rest = m["rest"]
    if rest[:5].lower() == "mind ":
        # "Would you mind always using single quotes?" asks "Always use single quotes."
        if (minded := _MIND_DOING.match(rest)) is None:
            return sentence
        rest = f"{minded['when']} {_bare_verb(minded['verb'])}{minded['rest']}"
    rule = ensure_period(sentence_case(rest))
    found = _detect(rule)
    return rule if found is not None and found.kind in ("preference", "prohibition") else sentence


# "I'd rather you didn't touch ...", "... rather you left it alone": a prohibition said
# politely; "Acme want all copy in US English ... in apps/acme": a requirement on all of a kind
_RULE_ON_A_PATH = rx.compile(
    r"\brather you (?:didn['’]t|did not|not|wouldn['’]t|would not|left|kept)\b|"
    r"\bwants?\s+(?:every|each|all|any)\s", re.I)


def _asks_not_to(sentence: str) -> bool:
    """True for a rule said politely or as what someone wants ("I'd rather you didn't touch
    packages/auth", "Acme want all copy in US English in apps/acme"): a rule about the path it
    names, which the project showing that path does not make redundant."""
    low = sentence.lower()
    return ("rather you" in low or " want" in low) and _RULE_ON_A_PATH.search(
        sentence) is not None



# How much of what the person said earlier in a session a turned choice is read against
EARLIER_CHARS = 4000
# a scope said earlier: "for this one script", "in the config folder", "YAML files"
_SCOPE_SAID = rx.compile(
    r"\b(?:for|in|only|except|unless)\s+(?:this|that|these|those|the|my|our|one|a|an)\b"
    r"|\b[A-Za-z]+\s+files?\b", re.I)


def _put_in_context(earlier: str | None, before: str, sentence: str) -> bool:
    """Whether what the person said earlier in the session may give ``sentence``, a bare
    preference, a context it does not say (review rev201): a question just before it (the
    assistant's reply to it is not read: "Which line first?" -- "Prefer spaces over tabs."), a
    scope ("Only for this one Python script ..."), or either choice named ("Set up yamllint
    ... which do you prefer, tabs or spaces?"). Nothing earlier (the session's first message):
    no context."""
    terms = bare_preference(sentence)
    if earlier is None or terms is None:
        return False
    named = "|".join(re.escape(w) for term in terms for w in term.split())
    return "?" in before or _SCOPE_SAID.search(earlier) is not None or re.search(
        rf"(?<!\w)(?:{named})(?!\w)", earlier, re.I) is not None


@dataclass(eq=False, repr=False)
class Gatherer:
    """Feed it messages in order (``add``); it keeps candidates and decisions."""

    facts: ProjectFacts = field(default_factory=ProjectFacts)
    # the configured order of a day in figures that reads either way round ("date_order"),
    # where the person's own dates read so far do not tell
    date_order: DateOrder | None = None
    candidates: list[Candidate] = field(default_factory=list)
    decisions: list[Decision] = field(default_factory=list)
    stats: GatherStats = field(default_factory=GatherStats)
    # what the person asked to be forgotten ("forget what I said about the staging URL"): the
    # dream removes it from memory (``plan_dream``'s ``forgets``)
    forgets: list[ForgetRequest] = field(default_factory=list)
    # sessions whose requests to forget `autodream undo` took back: read again, not carried out
    forgets_undone: frozenset[str] = frozenset()
    _memo: dict[tuple[str, str], _Analysis] = field(default_factory=dict, repr=False)
    # How many of the person's days in figures, read so far, were day first ("30/11") and how
    # many month first ("11/30"): the order an ambiguous one ("04/12") is read in
    _orders: dict[DateOrder, int] = field(default_factory=lambda: {"dmy": 0, "mdy": 0},
                                          repr=False)

    # Candidates kept with a day that reads either way round ("04/12"), to date once the
    # person's own dates tell the order: where each is, and what made it
    _undated: list[Undated] = field(default_factory=list, repr=False)
    # the request to forget the last message made, which the next may take back
    _asked: Asked | None = field(default=None, repr=False)
    # the end of what the person said last in each session: a secret is said across two
    # messages too ("the staging db password is" / "Pg-Secret-2291")
    _said_last: dict[str, str] = field(default_factory=dict, repr=False)
    # the last sentence each session's last message said, for a "Remember that." on its own
    _told_last: dict[str, _Told] = field(default_factory=dict, repr=False)
    # the end of what the person said before in each session (EARLIER_CHARS): a turned choice
    # said after a scope or a question ("Only for this one script, which is better?") is no
    # change of the standing preference
    _said_earlier: dict[str, str] = field(default_factory=dict, repr=False)

    @property
    def day_month_order(self) -> DateOrder | None:
        """The order the person's own dates show so far, else the configured one; None with
        neither, or with as many of the person's each way."""
        dmy, mdy = self._orders["dmy"], self._orders["mdy"]
        return "dmy" if dmy > mdy else "mdy" if mdy > dmy else None if dmy else self.date_order

    @property
    def orders_seen(self) -> dict[str, int]:
        """How many of the person's days in figures were day first ("dmy") and month first
        ("mdy"), with those ``remember_orders`` was given: kept for the next dream."""
        return {order: count for order, count in self._orders.items()}

    def remember_orders(self, seen: Mapping[str, int]) -> None:
        """Count the days in figures earlier dreams saw (``orders_seen``): the order "08/12"
        is read in is the one the person's "30/11" of last week showed."""
        for order in ("dmy", "mdy"):
            count = seen.get(order)
            if isinstance(count, int) and count > 0:
                self._orders[order] += count

    def add(self, message: Message, *, typed: bool = True) -> None:
        """``typed``: the person typed it to the agent (a prompt), not a note in a file (a daily
        log): only what they typed may ask for memory to be removed, since a file in the project
        can come from anyone (a clone, a pull)."""
        self.stats.messages += 1
        if not message.is_human:
            return
        self.stats.human_messages += 1
        # Redact before anything else reads the text, so no decision can quote a secret.
        before = self._said_last.get(message.session_id, "")
        self._said_last[message.session_id] = message.text[-SAID_LAST_CHARS:]
        earlier = self._said_earlier.get(message.session_id)
        self._said_earlier[message.session_id] = (
            f"{earlier or ''}\n{message.text[-EARLIER_CHARS:]}"[-EARLIER_CHARS:])
        # Typographic quotes read (and are kept) as the ASCII ones the patterns are written for, as
        # a shell or code wants them: "Don’t push to main." is remembered as "Don't push to main."
        said = _AFTER_REDACTION.sub(r"\1.\2", redact_after(before, message.text))
        text = plain_spelling(said.translate(TYPOGRAPHIC))
        as_sent = text.strip()
        when = message.timestamp or datetime(1970, 1, 1, tzinfo=UTC)
        marker = _INJECTION.search(strip_code(text))
        if marker is not None:
            # One planted sentence makes the whole message suspect: the rest of it ("From now
            # on we never write tests") is the payload, not the person's standing rule.
            self.stats.dropped += 1
            self.decisions.append(Decision(
                "dropped", shorten(" ".join(text.split()), 120),
                f"{PLANTED}: the message contains '{marker[0]}'; none of it is remembered",
                session_id=message.session_id))
            return
        if text.startswith("# ") and "\n" not in text.strip():
            # Claude Code's "#" shortcut (the reader keeps the mark): asked to be remembered.
            # One line only: a pasted markdown document opens with "# Title" too.
            text = "Remember: " + text[2:]
        text, quoted = own_words(text)
        if "/" in text and (order := day_month_order(text)) is not None:
            told = self.day_month_order
            self._orders[order] += 1
            if self._undated and self.day_month_order not in (told, None):
                self._redate()
        for block in quoted:
            self.stats.dropped += 1
            self.decisions.append(Decision("dropped", shorten(block, 120), QUOTED,
                                           session_id=message.session_id))
        # "Bumped Node from 18 to 20 and npm from 9 to 10": each upgrade is a change of its own
        order = self.day_month_order
        parts = [part for sentence in sentences(text)
                 for part in (upgrade_clauses(sentence) or _each_replaced(sentence)
                              or _each_rule(sentence) or _each_dated(sentence, when.date(), order)
                              or _away_and_more(sentence) or _back_and_wants(sentence)
                              or [sentence])]
        if "sk " in text and len(parts) > 1:  # ("Ana is out this week. Ask Raj ...")
            parts = _away_then_ask(parts)
        if "sk " in text and " and " in text:
            parts = _each_stand_in(parts)
        if "ew date" in text or "ew day" in text:  # ("new date", "New date")
            parts = _moved_with_new_date(parts)
        if " off " in text or "away from" in text:
            parts = _moved_off_with_next(parts)
        if self._asked is not None:
            asked_last, self._asked = self._asked, None
            if asked_last.request.session_id == message.session_id and parts and (
                    back := _unasking(parts[0], asked_last.request.subject)) is not None:
                parts = [*_left_of_unasking(parts[0][back.end():], asked_last.request.subject),
                         *parts[1:]]
                self._unask(asked_last, back[0])
        if "orget" in text or "cratch" in text or "emor" in text or "isregard" in text:
            # (before what is taken back: "forget what I said about X" names what it takes)
            parts = self._forget(parts, message.session_id, when, typed)
        if _TAKEN_BACK.search(text) or _CORRECTION_IGNORE.search(text):
            parts = self._taken_back(parts, message.session_id)
        if len(parts) > 1 and _KIDDING_LAST.match(parts[-1].strip()) and _a_plans_move(
                parts[-2], when.date(), order):
            # "The demo moved to July 24. Just kidding.": the move is taken back (only a move
            # of a plan's day, the one sentence right before, the message's last sentence:
            # "Always use yarn. Just kidding? No, really." or "... — JK" signed kept all)
            self._drop_taken_back(parts[-2], parts[-1], message.session_id)
            parts = parts[:-2]
        asked = [part for part in parts if _ASKED_NOT_TO_SAVE.search(part)]
        if asked:
            parts = self._not_to_save(parts, asked, message.session_id)
        if " it" in text or " them" in text or " th" in text:
            parts = joined_to_what_it_means(parts)
        if "cause:" in text or "ix:" in text:
            parts = with_incident_findings(parts)
        parts = [_it_resolved(part, parts[i - 1]) if i else part for i, part in enumerate(parts)]
        if " stay" in text or " remain" in text:
            parts = _with_where_old_stays(parts)
        if "eadline" in text:
            parts = [_deadline_of(part, parts[:i]) for i, part in enumerate(parts)]
        parts = [part for said in parts
                 for part in self._decided_at(said, when, message.session_id) or [said]]
        last_told = self._told_last.pop(message.session_id, None)
        if last_told is not None and len(parts) == 1 and _REMEMBER_IT.match(parts[0]) and (
                self._remember_told(last_told, parts[0], message.session_id)):
            return
        skip_next = False
        first = len(self.candidates)
        opens = True
        for i, sentence in enumerate(parts):
            if skip_next:
                skip_next = False
                continue
            following = parts[i + 1] if i + 1 < len(parts) else ""
            marks = len(self.candidates), len(self.decisions), self.stats.dropped
            # (the admission counts only where the message opens with it, an apology alone
            # before it at most: "You force-pushed to main. That was wrong. Priya owns
            # payments." owns up to the push, and her billing stays hers)
            owned_up = i > 0 and _OWNED_UP_ALONE.match(parts[i - 1]) is not None and all(
                _APOLOGY_ALONE.match(said) for said in parts[:i - 1])
            skip_next = self._sentence(sentence, following, message.session_id, when, opens,
                                       owned_up=owned_up)
            if typed and len(parts) == 1 and sentence.strip() == as_sent and (
                    MAY_CHOOSE_OVER.search(sentence)) and not _put_in_context(
                        earlier, before, sentence):
                # (the message was this sentence alone, as typed: what the statement no longer
                # shows, a speaker or a place before it, "Dana: I prefer ...", or a sentence
                # before or after it, "... Just kidding.", cannot be there)
                self.candidates[marks[0]:] = [replace(c, said_alone=sentence)
                                              for c in self.candidates[marks[0]:]]
            if not following:
                self._told_last[message.session_id] = _Told(
                    sentence, when, (marks[0], len(self.candidates)),
                    (marks[1], len(self.decisions)), (marks[2], self.stats.dropped), opens)
            opens = opens and _ACK_ALONE.match(sentence) is not None
        if "ew port" in text:
            self._port_said_with(first, parts)

    def _remember_told(self, told: _Told, ask: str, session_id: str) -> bool:
        """A "Remember that." sent on its own after the person's last message: the last thing
        that message said is read again as asked for, as "We deploy only on Tuesdays. Remember
        that." in one message is (it was dropped, 'nothing to remember', and the statement kept
        as merely stated, or lost when read as no kind the engine knows). False when what it
        made is no longer the last thing gathered (another session's since), left as it was."""
        if (len(self.candidates), len(self.decisions)) != (
                told.candidates[1], told.decisions[1]) or any(
                u.at >= told.candidates[0] for u in self._undated):
            return False
        del self.candidates[told.candidates[0]:]
        del self.decisions[told.decisions[0]:]
        self.stats.candidates -= told.candidates[1] - told.candidates[0]
        self.stats.dropped -= told.dropped[1] - told.dropped[0]
        self.stats.sentences -= 1
        self._sentence(told.sentence, ask, session_id, told.when, told.opens)
        return True

    def _port_said_with(self, first: int, parts: list[str]) -> None:
        """Each bare "The new port is 8080" found since ``first`` carries the rest of its
        message: only that tells whose port it is ("We moved the dev DB off 5432. ...", or
        "I moved the dev server off 3000 ...", no port memory holds)."""
        for i in range(first, len(self.candidates)):
            told = NEW_PORT.match(self.candidates[i].text)
            if told is not None and not told["thing"]:
                rest = " ".join(part for part in parts if NEW_PORT.match(part) is None)
                self.candidates[i] = replace(self.candidates[i], said_with=rest)

    def _forget(self, parts: list[str], session_id: str, when: datetime,
                typed: bool = True) -> list[str]:
        """The sentences of a message less its requests to forget ("Oh, and forget what I said
        about the staging URL, ..."), each kept in ``forgets`` for the dream to remove what
        memory holds of it; what these sessions said of it before the request (earlier
        messages' candidates, earlier sentences of this one) is not saved either."""
        kept: list[str] = []
        pieces = [piece for said in parts for split in _forget_split(said)
                  for piece in _after_reminder(split) for piece in _before_request(piece)]
        unasking = -1  # (the sentence after a request that took it back: no memory)
        self._asked = None
        for at, part in enumerate(pieces):
            if at == unasking:
                continue
            reminder = _DONT_FORGET.match(part)
            if reminder is not None and (found := forget_request(part[reminder.end():])) and (
                    found[1]):
                # ("Don't forget what I said about the staging URL": memory already holds it)
                self.stats.dropped += 1
                self.decisions.append(Decision(
                    "dropped", shorten(part, 120),
                    f"a reminder to keep what memory holds of '{found[0]}', neither a request "
                    "to forget it nor a memory of its own", session_id=session_id))
                continue
            found = forget_request(part)
            if found is None:
                kept.append(part)
                continue
            subject, explicit, every, instead = found
            self.stats.dropped += 1
            if session_id in self.forgets_undone:
                self.decisions.append(Decision(
                    "dropped", shorten(part, 120),
                    f"a request to forget '{subject}' that `autodream undo` took back: not "
                    "carried out again", session_id=session_id))
                continue
            if not typed:
                self.decisions.append(Decision(
                    "dropped", shorten(part, 120),
                    f"a request to forget '{subject}' in a note, not typed to the agent: only "
                    "the person's own prompts remove memory", session_id=session_id))
                continue
            following = pieces[at + 1] if at + 1 < len(pieces) else ""
            unasked = _unasked(part, following, subject)
            if unasked is not None:
                # ("forget what I said about Priya?", "... Just kidding, keep it."): the
                # person did not ask, and is told nothing was removed
                why, took_next = unasked
                self.decisions.append(Decision(
                    "declined", shorten(part, 120),
                    f"asked to forget '{subject}' on {when.date().isoformat()}, but {why}: "
                    "nothing is removed", session_id=session_id))
                if took_next is not None:
                    unasking = at + 1
                    kept.extend(_left_of_unasking(following[took_next:], subject))
                continue
            told = [Decision(
                "dropped", shorten(part, 120),
                f"a request to forget '{subject}', not a memory: the dream removes what "
                "memory holds of it", session_id=session_id)]
            asked = (f"the user asked to forget '{subject}' later in these sessions, on "
                     f"{when.date().isoformat()}")
            gone = [c for c in self.candidates if about(subject, c.text, explicit)]
            for cand in gone:
                told.append(Decision("dropped", shorten(cand.text, 120), asked,
                                     session_id=cand.source.session_id))
            if gone:
                dropped = {id(c) for c in gone}
                # the candidates waiting for a day's order are held by place: move them with it
                moved = {id(c): i for i, c in enumerate(
                    c for c in self.candidates if id(c) not in dropped)}
                self._undated = [replace(u, at=moved[id(self.candidates[u.at])])
                                 for u in self._undated if id(self.candidates[u.at]) in moved]
                self.candidates = [c for c in self.candidates if id(c) not in dropped]
            # (what this message says it is now, "now" and not "nowhere", is not forgotten: "The
            # staging URL is now https://stage.bramble.io. forget what I said about the staging
            # URL before.")
            old = _SAID_BEFORE.search(part) is not None
            before = [s for s in kept if about(subject, s, explicit)
                      and not old and NOW_WORD.search(s) is None]
            for said in before:
                kept.remove(said)
                self.stats.dropped += 1
                told.append(Decision("dropped", shorten(said, 120), asked,
                                     session_id=session_id))
            self.decisions.extend(told)
            from autodream.engine.rare import Asked, ForgetRequest  # (made only when asked)

            request = ForgetRequest(subject, part, session_id, when.date(), explicit, every,
                                    unsaved=bool(gone or before))
            self.forgets.append(request)
            # (only a request the message ends with: "Never mind" next is of it)
            self._asked = Asked(request, gone, told, before, when) if (
                at == len(pieces) - 1) else None
            if instead:  # (what it is now is news of its own: "..., it's 8080 now")
                kept.append(ensure_period(instead))
        return kept

    def _unask(self, asked: Asked, mark: str) -> None:
        """``asked`` taken back by the message after it ("Forget what I said about Priya." then
        "Never mind, keep it."): nothing is removed, and what it left out is read again."""
        req = asked.request
        self.forgets = [r for r in self.forgets if r is not req]
        self.decisions = [d for d in self.decisions if not any(d is o for o in asked.dropped)]
        self.decisions.append(Decision(
            "declined", shorten(req.words, 120),
            f"asked to forget '{req.subject}' on {req.day.isoformat()}, but taken back in the "
            f"next message ('{shorten(mark.strip(' ,.;:!?—–-'), 40)}'): nothing is removed",
            session_id=req.session_id))
        self.candidates.extend(asked.gone)
        for i, said in enumerate(asked.before):
            following = asked.before[i + 1] if i + 1 < len(asked.before) else ""
            self._sentence(said, following, req.session_id, asked.when)

    def _redate(self) -> None:
        """The candidates kept with a day either way round, made again now the person's own
        dates (in a later message of those read) tell the order: "The Acme launch is 04/12",
        said before "invoice Bramble by 30/11", is the plan for 4 December."""
        pending, self._undated = self._undated, []
        for undated in pending:
            was = self.candidates[undated.at]
            decisions, made = len(self.decisions), len(self.candidates)
            self._candidate(undated.found, undated.statement, undated.why, undated.session_id,
                            undated.when)
            if len(self.candidates) == made:
                del self.decisions[decisions:]  # (not made again: the kept one stands)
                continue
            self.candidates[undated.at] = replace(self.candidates.pop(), order=was.order)
            self.stats.candidates -= 1
            if self._undated and self._undated[-1].at == made:  # (still either way round)
                self._undated[-1] = replace(self._undated[-1], at=undated.at)
            if undated.decision is not None and undated.decision in self.decisions:
                self.decisions.remove(undated.decision)

    def _taken_back(self, parts: list[str], session_id: str) -> list[str]:
        """The sentences of a message less what the person took back in it: the words before
        "forget that" / "scratch that" / "never mind" in its sentence, or when there are none
        the sentence before it; what follows stays ("Always use yarn. Actually, scratch that,
        use pnpm." is "Actually, use pnpm."). "..., ignore that" ending a correction takes
        back the sentence before the correction ("Can you use shorter names? Actually no, keep
        them descriptive, ignore that." keeps the correction)."""
        kept: list[str] = []
        for part in parts:
            if kept and _KIDDING_ALONE.match(part):
                # ("Use double quotes in JS, forget what I said before. Just kidding.": the
                # change of mind is taken back too)
                self._drop_taken_back(kept.pop(), part, session_id)
                continue
            marks = list(_TAKEN_BACK.finditer(part))
            if not marks:
                end = _CORRECTION_IGNORE.search(part)
                if end is not None and kept and _CORRECTION.match(part):
                    self._drop_taken_back(kept.pop(), end[0], session_id)
                    part = part[:end.start()]
                kept.append(part)
                continue
            head = part[:marks[0].start()].strip()
            opener = _take_back_opener(head)
            if _POINTS_PAST.search(marks[0][0]) and len(marks) == 1:
                # "forget what I said earlier/before" points past this message: what it says
                # here is what holds now, told as a change of mind ("Use double quotes in JS.
                # Forget what I said earlier."); "We deploy with ArgoCD. Forget what I said
                # before, use tabs." takes back nothing of its own
                after = part[marks[0].end():].strip()
                if not opener:
                    kept.append(f"{_CHANGED_MIND_SAID}{ensure_period(head.rstrip(' ,;:—–-'))}")
                    kept.extend([ensure_period(sentence_case(after))] if after else [])
                elif kept and not after:
                    kept[-1] = f"{_CHANGED_MIND_SAID}{kept[-1]}"
                else:
                    kept.append(part)
                continue
            if opener and not kept:
                # ("Scratch that, use tabs.", "Actually, scratch that, ..." opening a message
                # takes back what an earlier one said: a change of mind the entries it revises
                # tell)
                kept.append(part)
                continue
            gone = kept.pop() if opener else head
            self._drop_taken_back(gone, marks[0][0], session_id)
            after = part[marks[0].end():]
            for m in reversed(marks[1:]):
                start, end_at = m.start() - marks[0].end(), m.end() - marks[0].end()
                after = after[:start] + " " + after[end_at:]
            # (the interjection says nothing, but "Actually, ..." tells the change of mind)
            again = "Actually," if opener and "actually" in head.lower() else ""
            left = " ".join(f"{again} {after}".split()).strip(" ,;:—–-")
            if gone[:7].lower() == "always " and left and _bare_imperative(left) and (
                    _detect(left) is None and _detect(f"Always {left}") is not None):
                # ("Always squash-merge. Scratch that, rebase and merge.": the rule said
                # instead keeps the "always" of the one it replaces; "..., I need to think
                # about it" is no rule)
                left = f"Always {left[0].lower()}{left[1:]}"
            left = _said_instead(gone, left)
            if left and left != again.rstrip(","):
                kept.append(ensure_period(sentence_case(left)))
        return kept

    def _drop_taken_back(self, said: str, mark: str, session_id: str) -> None:
        self.stats.dropped += 1
        self.decisions.append(Decision(
            "dropped", shorten(said.strip(), 120),
            f"taken back in the same message ('{mark.strip(' ,.;:!?—–-')}')",
            session_id=session_id))

    def _not_to_save(self, parts: list[str], asked: list[str], session_id: str) -> list[str]:
        """The sentences of a message left to consider once the person asked that something
        not be kept: never the asking sentence ("Don't remember this, but the password is
        ..."), though what follows "but" after a "that" pointing back is news of its own
        ("Don't note that down, but we use Postgres 16."); the sentence before it too when it
        points back ("Always use pnpm. You don't need to remember that, it's just for today.")
        or says nothing more ("... No need to remember it."); and the whole message when it
        opens with a bare request ("No need to remember this. ..."), as what "this" points at
        cannot be told apart."""
        left = list(parts)
        for i, part in enumerate(parts):
            m = _ASKED_NOT_TO_SAVE.search(part) if part in asked else None
            if m is None:
                continue
            alone = len(_ASKED_NOT_TO_SAVE.sub(" ", part).split()) < 3
            back = "that" in m[0].lower().split()
            gone = set(range(len(parts))) if alone and i == 0 else {i, i - 1} if (
                alone or back) and i else {i}
            said = " ".join(m[0].strip(" ,;:.!?(—–-").split())
            news = re.match(r"\s*,?\s*but\s+(?P<rest>\S.*)$", part[m.end():], _I)
            for j in sorted(gone):
                if left[j]:
                    self.stats.dropped += 1
                    self.decisions.append(Decision(
                        "dropped", shorten(left[j], 120),
                        f"the user asked that this not be remembered ('{shorten(said, 60)}')",
                        session_id=session_id))
                    left[j] = ""
            if back and news is not None:
                left[i] = sentence_case(news["rest"])
        return [part for part in left if part]

    def _decided_at(self, sentence: str, when: datetime, session_id: str) -> list[str]:
        """"We had the retro on Monday and decided to stop deploying on Fridays" as the meeting
        held ("We had the retro on Monday.") and what was decided, on the meeting's day ("We
        decided on 2026-07-06 to stop deploying on Fridays."), which the decision alone would
        not read right ("decided on Monday" may say when it is to be done); none when the
        sentence is not one."""
        m = _DECIDED_AT.match(sentence.strip())
        if m is None:
            return self._decided_at_meeting(sentence)
        held = ensure_period(m["held"])
        who = "I" if m["who"].lower() == "i" else m["who"].lower()
        verb, _, rest = m["decided"].partition(" ")
        dated, rewrites = _absolutize(held, when.date())
        if len(rewrites) != 1 or verb.lower() not in ("decided", "agreed"):
            # ("We chose Postgres": no place for the day)
            return [held, sentence_case(f"{who} {m['decided']}")]
        for rw in rewrites:
            self.decisions.append(Decision(
                "dated", shorten(dated, 120),
                f"'{rw.original}' said on {when.date().isoformat()} -> {rw.replacement}",
                session_id=session_id))
        return [held, sentence_case(f"{who} {verb} {rewrites[0].replacement} {rest}")]

    @staticmethod
    def _decided_at_meeting(sentence: str) -> list[str]:
        """"At the retro on Monday we decided to ..." and "On Monday we decided to ..." as "We
        decided on Monday to ...": the day is the decision's, which the whole would not read
        right (a plan for the retro's day), and reads alike however it was told."""
        m = _DECIDED_AT_MEETING.match(sentence.strip())
        if m is None:
            return []
        who = "I" if m["who"].lower() == "i" else m["who"].lower()
        verb, _, rest = m["decided"].partition(" ")
        said_when = m["day"][:1].lower() + m["day"][1:] if m["day"] else (m["when"] or "").strip()
        if not said_when or verb.lower() not in ("decided", "agreed"):
            return [sentence_case(f"{who} {m['decided']}")] if not m["day"] else []
        return [sentence_case(f"{who} {verb} {said_when} {rest}")]

    def _sentence(self, sentence: str, following: str, session_id: str, when: datetime,
                  opens: bool = False, *, owned_up: bool = False) -> bool:
        """Consider one sentence; True when it also consumed the following one. ``opens``:
        nothing before it in its message says what an "it" or a "that" in it is ("Always do
        that." sent alone, or after "Thanks!"). ``owned_up``: the sentence before it only owns
        up to a mistake ("That was wrong.")."""
        self.stats.sentences += 1
        if len(sentence) < MIN_CHARS or len(sentence) > MAX_CHARS or _CODEISH.match(sentence):
            return False
        key = (sentence, following)
        analysis = self._memo.get(key)
        if analysis is None:
            # People repeat themselves across sessions: analyse each distinct sentence once.
            if len(self._memo) >= _MEMO_MAX:
                self._memo.clear()
            analysis = self._memo[key] = self._analyse(sentence, following)
        found, reason, statement, why, consumed = analysis
        if owned_up and found is not None and found.kind == "fact" and not found.put_right and (
                owner_of(found.text) is not None) and not _OWNED_BESIDES.search(found.text):
            # "That was wrong. Priya owns payments." over "Priya owns billing": who owns what is
            # put right, as after "Correction:" (read alone, it was one more thing she owns).
            # Only an owner, and only the sentence itself: the next one is read as it was, so
            # a reason said there stays its reason (9ca922b took it in and lost it, 2e89cf1)
            found = replace(found, put_right=True)
        if owned_up and found is not None and found.kind == "plan" and not found.put_right:
            # "Sorry, I was wrong before. The 2.1 release is on July 24, not July 20.": a plan's
            # day put right on purpose, as after "Correction:", never old news
            found = replace(found, put_right=True)
        if found is None:
            # (after an apology or a pause, as said without it: "Sorry, the default branch is
            # main, not master." left no trace, though the same words alone leave this one)
            plain = _SORRY_LEAD.sub("", sentence, count=1)
            unread = None if consumed else UNREAD if (
                _STATEMENT.match(plain) or _WE_STATEMENT.match(plain)) else UNASKED if (
                _PLEASE_ASK.match(sentence)) else _layout(layout, self.facts) if (
                layout := _ONE_CODEBASE.match(sentence)) is not None else (
                # ("Bitte verwende immer Tabs statt Leerzeichen." left no trace at all)
                NOT_ENGLISH if not_english(sentence) else
                UNDATED_PLAN if _TIME_AHEAD_UNNAMED.search(plain) and _plan_word(plain)
                and not _TOLD_BEFORE.search(plain) and "?" not in plain else None)
            if unread is UNASKED and opens and only_a_pointer(sentence):
                # ("Please keep doing this.": said again as 'Always ...' it is still of nothing)
                unread = NOT_SAID_HERE
            if unread is not None and ("[REDACTED:" in sentence or contains_secret(sentence)):
                # "The connection string is postgresql://csvstat:[REDACTED]@...": advice to
                # say it again would have the person repeat the credential
                unread = UNREAD_SECRET
            if unread is not None:
                # "The staging cluster moves to eu-west-2.": said of the project, and not
                # saved; with no decision the run record had no trace of it
                self.stats.dropped += 1
                # (a sentence not read is not quoted: no rule that finds a secret reads its
                # language, "Das Passwort für staging ist Xk9plq2291." was shown whole; nor a
                # plan with no day, of which nothing is kept: "I'll deploy it next release
                # with the password hunter2 soon." showed the password)
                shown = opening_words(sentence) if unread in (NOT_ENGLISH, UNDATED_PLAN) else (
                    shorten(sentence, 120))
                self.decisions.append(Decision("dropped", shown, unread, session_id=session_id))
            return consumed
        if opens and (reason is None or reason == POINTS_BACK) and found.kind in (
                "preference", "prohibition", "correction", "remember") and only_a_pointer(
                found.text):
            # "Never mind, keep it.", "Always do that.": what "it" is was said in a reply of
            # the assistant's, which the local engine never reads; kept, the memory told a
            # later session nothing ('Keep it', "the user's stated preference")
            reason = NOT_SAID_HERE
        if reason is None and found.kind in ("preference", "prohibition", "correction") and (
                _back_to_a_pointer(sentence)):
            # "Remember: the import job must always run with --batch-size 500. ...(a page of
            # context)... Anyway, never run it on weekends.": alone in memory, "it" is nothing
            reason = POINTS_BACK
        if reason is not None:
            self.stats.dropped += 1
            self.decisions.append(Decision("dropped", shorten(sentence, 120), reason,
                                           session_id=session_id))
            return consumed
        return self._candidate(found, statement, why, session_id, when) or consumed

    def _analyse(self, sentence: str, following: str) -> _Analysis:
        """What a sentence is and whether to save it; nothing here depends on when or where."""
        if _REMEMBER_IT.match(sentence):
            # "Don't forget it." alone: what 'it' is was said elsewhere (it was saved as a
            # feedback memory, 'Don't forget it.')
            return (_Kind("remember", sentence, 0.0), "asks to remember 'it' without saying "
                    "what: nothing to remember", "", "", False)
        if following and _REMEMBER_IT.match(following) and not sentence.rstrip().endswith("?"):
            # "The staging CI cluster moves to eu-west-2. Remember that.": the statement before
            # is what to remember, as 'Remember: ...' says it (it was dropped, the person told
            # to say it as 'Remember: ...')
            found, reason, statement, why, _ = self._analyse(sentence, "")
            if found is None:
                found, reason, statement, why, _ = self._analyse(f"Remember: {sentence}", "")
            asked = _REMEMBER_IT.match(following)
            if found is not None and reason is None:
                # asked for, as "Remember: ..." is ("We deploy only on Tuesdays. Remember
                # that."), and how much it matters its reason when it has none of its own
                found = replace(found, explicitness=max(found.explicitness, 1.0))
                if not why and asked is not None and asked["stress"]:
                    why = f"The user stressed that {asked['stress'].lower()}."
            return found, reason, statement, why, True
        sentence = _asked_politely(_neither_nor(sentence), following)
        if "instead" in sentence:
            sentence = _instead_proposed(sentence)
        found = _detect(sentence)
        if found is None and "lso" in sentence:
            found = _also_rule(sentence)
        # "Everything runs inside one Next.js codebase." said of a project with no file (its
        # folder empty, or none): nothing shows where its code lives, and what was said is the
        # only record of it, kept as a fact of the project (it was dropped, "the project's
        # files show it"); in a project with any file, dropped so (``_sentence``)
        where_code_lives = found is None and not self.facts.files and (
            _ONE_CODEBASE.match(sentence) is not None)
        if where_code_lives:
            found = _Kind("fact", ensure_period(sentence_case(sentence.strip())), 0.8)
        if found is not None and found.kind == "plan" and (
                was := day_moved_from(sentence)) is not None:
            found = replace(found, moved_from=was)
        if found is not None and found.kind == "plan" and (
                " to " in sentence or " now " in sentence or found.moved_from is not None) and (
                to := weekday_moved_to(sentence)) is not None:
            found = replace(found, weekday_to=to)
        if found is not None and found.kind in ("preference", "correction") and (
                _ALSO_FIRST.match(sentence)) and not _ADDED_WORD.search(found.text) and (
                names_a_choice(found.text)):
            # "Also, always test migrations against pg15": the lead-in read as filler took
            # what says the version is one more ("too" says it as the rule is kept)
            found = replace(found, text=f"{found.text.rstrip(' .!')} too.")
        consumed = False
        if found is not None and found.kind == "correction" and len(found.text.split()) < 3:
            if not following:
                # ("No, that's wrong." ending the message: what is right is not said)
                return found, ("a correction that does not say what is right: nothing to "
                               "remember"), "", "", False
            # "No, that's wrong." followed by the actual correction in the next sentence.
            # (what is right, less the reply's openers: "Hmm, we use tabs here." is "We use
            # tabs here.")
            rest = reply_rest(following)
            again = _detect(rest) if rest else None
            if again is not None and not again.text:
                again = None  # ("That's not it.": a second bare correction)
            if again is None and _says_nothing(following):
                # ("No, that's wrong. Let me check the logs.": what follows says nothing of
                # what is right)
                return found, ("a correction that does not say what is right: nothing to "
                               "remember"), "", "", True
            body = again.text if again is not None else _clean(rest)
            found = _Kind("correction", body, 0.85, again.new if again else None,
                          again.old if again else None, again.back if again else False)
            consumed = True
        elif found is not None and found.revises and not found.text:
            if not following:
                return found, ("a change of mind that does not say what is wanted now: "
                               "nothing to remember"), "", "", False
            # "I changed my mind. I prefer detailed explanations."
            changed, found = found, _revision(_FILLER.sub("", following.strip()))
            if found is None or not found.text:
                return changed, ("a change of mind that does not say what is wanted now: "
                                 "nothing to remember"), "", "", False
            sentence, consumed = following, True
        if found is None:
            return None, None, "", "", consumed
        reason = _not_to_save(_without_change_of_mind(sentence), found,
                              where_code_lives=where_code_lives)
        if reason is None and "[REDACTED:" in found.text:
            where = _address_before_secret(found.text) if found.kind == "resource" else None
            if where is not None:
                # "Vault is at https://vault... and here's a token ...: [REDACTED]": where the
                # service is stays a useful pointer; the clause with the credential goes
                found = replace(found, text=where)
            else:
                # (named by kind: a URL's path read as its password, 'ws://chat:8080/room@
                # server.io:9000', is dropped for it, and the person sees why)
                kinds = ", ".join(dict.fromkeys(_REDACTED_KIND.findall(found.text)))
                reason = (f"contained a secret ({kinds}: redacted); a credential is never "
                          "remembered")
        if reason is None and contains_secret(found.text):
            reason = "still contains a secret after redaction"
        if reason is None and found.kind not in ("resource", "switch", "prohibition") and not (
                _STANDING.search(sentence) or _asks_not_to(sentence)
                or rule_for_every(found, sentence)) and (
                path := shown_path(found.text, self.facts)) is not None:
            beside = _beside_path(found.text)
            if beside is not None:
                # "Our CI runs on GitHub Actions; the workflow is .github/workflows/ci.yml":
                # the project shows the file, and the rest is the memory
                found = replace(found, text=beside)
            else:
                # "the tests are in tests/unit and tests/integration": a folder the project has
                reason = f"file paths the project already shows ('{path}' is in the project)"
        if reason is None and refused(sentence):
            reason = "a polite refusal of what was offered: a reply, with nothing to keep"
        if reason is None:
            restated = restated_by(found.text, self.facts)
            if restated is not None:
                reason = f"the project's files already say this ({restated})"
        if reason is not None:
            return found, reason, "", "", consumed
        statement, why = _split_why(found.text)
        if found.kind in ("preference", "prohibition"):
            statement, example = _one_off(statement)
            found = replace(found, example=example)
        if not why and following and not consumed and re.match(
            r"^(?:because|the reason is|that's because)\b", following, _I
        ):
            why = sentence_case(re.sub(r"^(?:the reason is|that's because)\s*", "", following,
                                       flags=_I))
            consumed = True
        elif not why and following and not consumed and found.kind in (
                "prohibition", "preference", "correction") and _PAST_STORY.match(
                following) and _tells_past(following):
            # "Don't mock the database. We got burned last quarter when ...": what went wrong,
            # told next, is the rule's reason, not a memory of its own
            why = sentence_case(following.strip().rstrip("."))
            consumed = True
        elif not why and following and not consumed and found.kind in (
                "switch", "preference", "correction") and _reason_next(following):
            # "Actually, use yarn. It has workspaces.": what the choice is for, told next, is
            # its reason, as "Use pnpm, it's faster than npm" keeps it
            why = sentence_case(following.strip().rstrip("."))
            consumed = True
        return found, None, statement, why, consumed

    def _candidate(
        self, found: _Kind, statement: str, why: str, session_id: str, when: datetime
    ) -> bool:
        if not any(ch.isalnum() for ch in statement):
            # (a statement cleaned down to nothing: an entry with no words would have no name)
            self.stats.dropped += 1
            self.decisions.append(Decision("dropped", shorten(found.text or statement, 120),
                                           "says nothing once cleaned: nothing to remember",
                                           session_id=session_id))
            return False
        order = self.day_month_order
        if found.kind == "plan" and "next " in statement and (
                off := _OFF_NEXT.search(statement)) is not None:
            statement = _off_either_day(statement, off, when.date())
        dated, rewrites = _absolutize(statement, when.date(), order)
        why, why_rewrites = _absolutize(why, when.date(), order)
        for said, done in ((dated, rewrites), (why, why_rewrites)):  # the reason's dates too
            for rw in done:
                how = (" (day first, as the user's other dates are)" if order == "dmy" else
                       " (month first, as the user's other dates are)") if either_way_round(
                    rw.original) else ""
                self.decisions.append(Decision(
                    "dated", shorten(said, 120),
                    f"'{rw.original}' said on {when.date().isoformat()} -> {rw.replacement}"
                    f"{how}", session_id=session_id))
        # A fact or decision becomes a plan only when it points ahead of its message ("we
        # migrate tomorrow"); "we dropped 3.8 this week" is done, however it is dated.
        ahead = any(rw.resolved > when.date() for rw in rewrites)
        owed = _OWED.search(statement)
        still_to_come = ahead or _planned(statement) or (
            owed is not None and version_switch(statement[: owed.start()]) is None)
        # ("is being migrated ... on 2026-07-28": a day of its own, not only one said as ahead)
        to_come = found.kind == "switch" and _SWITCHED_TO_COME.search(statement) is not None and (
            still_to_come or _has_date(dated))
        if found.kind == "switch" and (
                (still_to_come and not TELLS_SWITCH.search(statement)) or to_come):
            # "We're migrating from MySQL to Postgres next month" has not happened: it is a
            # plan (dated, so it can be told as past later) or, undated, a decision; never a
            # switch that would rewrite the current entry to a state not reached yet.
            found = replace(found, kind="plan" if _has_date(dated) else "decision",
                            new=None, old=None, back=False)
        if found.kind == "plan" or (found.kind in ("fact", "decision") and ahead):
            kind: CandidateKind = "plan" if _has_date(dated) else found.kind
        else:
            kind = found.kind
        if found.of_plan and (ahead or kind != "fact" or (
                latest_date(dated) or when.date()) > when.date()):
            # (a day ahead: "We have it delivered on 2026-08-01" is no news; told with no
            # decision, "Dana is back the day after tomorrow." was in the run record only as
            # dated)
            self.stats.dropped += 1
            # (shown by its first words, as every plan dropped here: nothing of it is kept,
            # and a value said in it, "... with the password hunter2", is in no file)
            self.decisions.append(Decision("dropped", opening_words(dated), (
                "a colleague's return on a day still to come: not a standing fact (it ends a "
                "stand-in when told on the day)") if BACK_FROM_AWAY.match(statement) else (
                "told done on a day still to come: news of a plan once it is done, not a "
                "standing fact"), session_id=session_id))
            return False
        unsure = unresolved_day_month(dated) if "/" in dated else None
        kept_as_said = None
        if kind == "plan" and not _has_date(dated) and unsure is not None:
            # "The Acme launch is 04/12" with no date of the person's to tell 4 December from
            # April 12: kept as said, a fact, rather than a plan dated by a guess or lost
            kind = "fact"
            kept_as_said = Decision(
                "dated", shorten(dated, 120),
                f"'{unsure}' may be day or month first and no other date of the user's shows "
                "which: kept as written", session_id=session_id)
            self.decisions.append(kept_as_said)
        if kind == "plan" and not _has_date(dated) and (
                unsure_why := _day_unsure(dated)) is not None:
            # kept as said, a fact, rather than dated by a guess or lost
            kind = "fact"
            kept_as_said = Decision("dated", shorten(dated, 120), unsure_why,
                                    session_id=session_id)
            self.decisions.append(kept_as_said)
        if kind == "plan" and not _has_date(dated) and date_shift(statement) is None and (
                plan_cancelled(statement) is None):
            self.stats.dropped += 1
            self.decisions.append(Decision("dropped", opening_words(dated), UNDATED_PLAN,
                                           session_id=session_id))
            return False
        if kind == "plan" and (told_done := TOLD_DONE.search(statement)) is not None and not (
                _NOT_DONE.search(statement, 0, told_done.start())):
            # "The ESO migration is DONE, nine days ahead of the Nov 13 deadline": done, with
            # the day it was due; no plan to "work around" that day
            kind = "fact"
        if kind == "plan" and not ahead and _STARTS_NOW.search(statement) and (
                latest_date(dated) == when.date() and not _planned(statement)):
            # "Freeze started today", "Let's start the secrets migration today": a start told as
            # it happens is no plan to check on later ("Was planned: freeze started on ...");
            # the work at hand begun with "let's" is no memory at all
            if _LETS.match(statement):
                self.stats.dropped += 1
                self.decisions.append(Decision(
                    "dropped", shorten(dated, 120),
                    "starts the work at hand as it is said: no plan to check on",
                    session_id=session_id))
                return False
            kind = "fact"
        if kind == "plan" and (last := latest_date(dated)) is not None and (
                (last < when.date() or (last == when.date() and (
                    says_past(statement) or _HELD.search(statement))))
                and (tell_as_past(dated, when.date()) is None or _HELD.search(dated))
                and not _OUTCOME_UNTOLD.search(dated)):
            # Before the day it was said and no plan to tell as past: done ("On 2026-07-05 we
            # rolled back the payments deploy", said the day after) or standing ("We deploy every
            # Friday since 2026-01-05"), not a plan to check on later; a decision made then
            # ("We agreed on 2026-07-07 to freeze the API") is one still
            kind = "decision" if _DECISION.search(statement) else "fact"
        if dated[:3].upper() == "INC" and (told := _INCIDENT_TOLD.match(dated)) is not None and (
                latest_date(dated) is None):
            # "INC-4412: the checkout pods OOMKilled at 03:10 UTC, checkout is down in prod": an
            # incident happened on the day it was told, and is over by the time memory is read;
            # kept undated in the present, it said checkout was down for ever after
            rest = _DOWN_NOW.sub(lambda m: ("was " if m[1].lower() == "is" else "were ") + m[2],
                                 dated[told.end():])
            day = when.date().isoformat()
            at = _AT_TIME.search(rest)
            dated = (f"{dated[:told.end()]}{rest[:at.end()]} on {day}{rest[at.end():]}" if at
                     else f"{told['id']} ({day}): {rest}")
        text = ensure_period(sentence_case(third_person(dated)))
        if kind in ("fact", "decision"):
            # (a fact read back later reads as the docs do: "We cache sessions in Redis")
            text = proper_tool_names(text)
        candidate = Candidate(
            kind=kind,
            type=_classify(kind, statement),
            text=text,
            key=key_clause(text),
            source=Source(session_id, when.date()),
            timestamp=when,
            explicitness=found.explicitness,
            why=ensure_period(sentence_case(third_person(why))) if why else "",
            example=ensure_period(third_person(found.example)) if found.example else "",
            new=found.new,
            old=found.old,
            back=found.back,
            revises=found.revises,
            of_plan=found.of_plan,
            put_right=found.put_right,
            weekday_gone=_weekday_gone(statement, rewrites, when.date()),
            moved_from=_moved_from(found.moved_from, when.date(), order),
            weekday_to=found.weekday_to,
            # a present claim ("We're on Postgres 15 in prod", "Prod runs Postgres 15") says
            # what holds now as a correction does, without "now"
            maybe_new=(_version_claim(statement, kind == "correction" or bool(
                kind == "fact" and _ON_VERSION.match(statement)))
                       if kind in _MAY_TELL_VERSION and not still_to_come
                       and not _not_done(statement) else None),
            order=len(self.candidates),
        )
        if unsure is not None:
            from autodream.engine.rare import Undated  # (made only for such a day)

            self._undated.append(Undated(len(self.candidates), found, statement, why,
                                          session_id, when, kept_as_said))
        self.candidates.append(candidate)
        self.stats.candidates += 1
        return False


_WEEKDAY_ALONE = rx.compile(rf"(?:on\s+)?(?:{'|'.join(WEEKDAYS)})", _I)


def _weekday_gone(statement: str, rewrites: Sequence[DateRewrite], said: date) -> date | None:
    """The day a bare weekday after "was" or "were" was read as, when it is one gone by ("the
    deadline was Friday", said on Thursday 2026-07-09: 2026-07-03), else None."""
    for rw in rewrites:
        if rw.resolved < said and _WEEKDAY_ALONE.fullmatch(rw.original) and re.search(
                rf"\b(?:was|were)\s+{re.escape(rw.original)}\b", statement, _I):
            return rw.resolved
    return None


def _moved_from(said: str | None, when: date, order: DateOrder | None) -> str | None:
    """The day a plan was on as ``Candidate.moved_from`` holds it: a bare weekday by its name
    (which week it was in is not told: "was Friday", said on Saturday, may be either), any
    other day as the ISO day it is read as."""
    if said is None:
        return None
    if _WEEKDAY_ALONE.fullmatch(said):
        return said.lower()
    _, rewrites = _absolutize(f"on {said}", when, order)
    return rewrites[0].resolved.isoformat() if len(rewrites) == 1 else None


_BEFORE_SECRET = rx.compile(r"^(?P<where>[^,;:]*?https?://\S+?)[.,]?\s*(?:,|;|\band\b)\s")


def _address_before_secret(text: str) -> str | None:
    """The clause before a redacted credential when it says where something is ("Vault is at
    https://vault.acme.io" of "Vault is at https://vault.acme.io and here's a token: ..."), or
    None: a clause that holds the secret, or says no address, is not kept."""
    m = _BEFORE_SECRET.match(text)
    if m is None or "[REDACTED:" in m["where"] or "@" in m["where"] or len(
            m["where"].split()) < 3:
        return None
    where = m["where"]
    if contains_secret(where) or not _URL.search(where) or _detect(where) is None:
        return None
    return ensure_period(where)


# Kinds whose sentence may say which version of a tool we are on now
_MAY_TELL_VERSION = frozenset({"fact", "correction", "remember", "preference"})
_version_claim = lru_cache(maxsize=16_384)(version_claim)


_PAST_STORY = rx.compile(r"^(?:we|it|that|this|they|the \w+)\s+(?:\w+\s+)?(?:got|was|were|"
                         r"broke|failed|took|caused|leaked|burned|bit|hit|went)\b", _I)


# ... or told next, of the thing chosen ("It has workspaces.", "They're faster.")
_REASON_NEXT = rx.compile(r"(?:it|they)(?:'s|'re|\s+(?:is|are|has|have|supports?|handles?|"
                          r"gives?|lets?|works?|runs?|installs?|resolves?))\s+\w", _I)
# ... or who wanted it so: "The auditors asked for it", "Legal requires it"
_ASKED_FOR_IT = rx.compile(
    r"^(?:the\s+|our\s+)?(?!(?:i|you|it|this|that)\b)[\w-]+(?:\s+[\w-]+)?\s+(?:asked\s+(?:us\s+)?"
    r"for|requested|wanted|wants?|needs?|requires?|required)\s+(?:it|this|that|them)\s*$", _I)


# "main training runs stay on mlflow", "the rest remains with Jenkins": where the old choice
# stays, told after a switch made in one place alone
_STAYS_ON = rx.compile(r"^(?:the\s+|our\s+)?[\w-]+(?:\s+[\w-]+){0,3}\s+(?:stays?|remains?)\s+"
                       r"(?:on|in|with)\s+\S", re.I)


_ONLY_FOR = rx.compile(r"\b(?:only|just)\s+(?:on|in|for)\s|\s(?:on|in|for)\s.{1,40}\sonly\b", re.I)


def _with_where_old_stays(parts: list[str]) -> list[str]:
    """``parts`` with a sentence telling where the old choice stays joined to the switch made
    in one place alone before it ("We go back to wandb, but only for the sweeps. Main training
    runs stay on mlflow."): alone it would be lost, and the switch read as made everywhere."""
    out: list[str] = []
    for part in parts:
        if out and _STAYS_ON.match(part) and _ONLY_FOR.search(out[-1]) and (
                " back to " in out[-1] or TELLS_SWITCH.search(out[-1])):
            stays = part.strip().rstrip(".!")
            if stays[1:2].islower():
                stays = stays[0].lower() + stays[1:]  # ("Main training runs", not a name)
            out[-1] = f"{out[-1].rstrip().rstrip('.!')}; {stays}."
        else:
            out.append(part)
    return out


def _reason_next(following: str) -> bool:
    """``following`` gives the reason for the choice said before it, and is nothing to remember
    of its own."""
    said = following.strip().rstrip(".!")
    if _REASON_NEXT.match(said) is None and _COMMA_REASON.fullmatch(f", {said}") is None:
        return _ASKED_FOR_IT.match(said) is not None
    rest = said.partition(" ")[2]  # "it" is the thing chosen: what follows points at hand?
    return len(said.split()) <= 12 and not _POINTS_AT_HAND.search(rest) and _detect(said) is None


# A switch told in the passive as still to come ("The staging cluster is being migrated to k8s
# 1.30 next Tuesday", "... will be moved to ..."): its past participle tells no switch made
_SWITCHED_TO_COME = rx.compile(
    r"\b(?:being|will\s+be|(?:is|are)\s+(?:going\s+)?to\s+be|gets?|getting)\s+"
    r"(?:switched|moved|migrated|upgraded|downgraded|changed|replaced|bumped)\b", _I)


# A switch still owed: "we should upgrade to Node 20", "we need to bump Node to 20 before April".
# Like one planned, it is a plan or a decision, not a change made.
_OWED = rx.compile(
    r"\b(?:should|must|needs?\s+to|ha(?:ve|s)\s+to)\s+(?:[\w-]+\s+){0,2}?" + _SWITCH_VERB, _I)


def read_note(text: str) -> tuple[MemoryType, str]:
    """A note the person wrote into memory themselves: the type the same words get when said in
    a session (read as something they asked to remember when no rule finds a kind: they wrote
    it down to keep it), and its core without lead-ins ("Important: ...") for a title."""
    found = _detect(text)
    if found is None:
        return _classify("remember", text), _clean(text)
    return _classify(found.kind, found.text), found.text


_MOVED_MYSELF = ("I moved to ", "I've moved to ", "I have moved to ", "I relocated to ")


def _classify(kind: CandidateKind, text: str) -> MemoryType:
    if kind == "identity":
        return "user"
    if kind == "resource":
        return "reference"
    if kind == "preference" and _gives_not(text):
        # what the product gives is the project's, not how the assistant works
        return "project"
    if kind in ("correction", "prohibition", "preference"):
        return "feedback"
    if kind in ("decision", "plan", "fact"):
        return "project"
    first = (text.split() or [""])[0].lower().strip(",.:;")
    imperative = first in _IMPERATIVE or first in ("never", "always", "don't", "do")
    if kind == "switch" and (text.startswith(_MOVED_MYSELF) or ", I moved to " in text):
        return "user"  # ("I moved to Brighton last month": where the person is, not a choice)
    if kind == "switch":
        return "feedback" if imperative else "project"
    # remember: what is it about?
    if _IDENTITY.search(text):
        return "user"
    if _URL.search(text) or _CHANNEL_OR_TICKET.search(text):
        return "reference"
    if imperative or _PROHIBITION.search(text) or _PREFERENCE.search(text):
        return "feedback"
    return "project"


# "Don't forget what I said about X": a reminder, no request to forget
_DONT_FORGET = rx.compile(r"^\W*(?:oh,?\s+|and\s+)?(?:please\s+)?(?:don['’]?t|do\s+not|never)\s+"
                          r"(?=forget\b)", re.I)
# a request to forget opening a sentence the splitter kept with the one before (it starts in
# lower case): "The staging URL is now https://stage.bramble.io. forget what I said about ..."
_FORGET_OPENS = rx.compile(r"(?<=[.!?])\s+(?=(?:please\s+)?(?:forget|disregard)\s+(?:what|"
                           r"everything|anything|all)\s+(?:i|we)\b)", re.I)
# ... "before" says the earlier one is forgotten, not what the message says instead
_SAID_BEFORE = rx.compile(r"\b(?:before|earlier|previously|last\s+time)\s*[.!]*\s*$", re.I)


# what takes a request to forget back, in its sentence or the next ("... no, keep it.", "Just
# kidding.", "Scratch that, she's staying.", "Never mind, keep it", "Oh wait, no, it's still
# useful"); not "No more reviews"
_UNASKED = rx.compile(
    r"^[\s,.;:!?—–-]*(?:(?:oh|ah|um+|hmm+|ok(?:ay)?|well|sorry|actually|wait|ugh)\b[\s,.!—–-]*)*"
    r"(?:(?:no|nope|nah)\b(?=[\s,.!—–-]*(?:$|keep\b|wait\b|don['’]?t\b|leave\b|(?:it|that|she|he|"
    r"they|i)\b))|(?:just\s+|only\s+)?"
    r"kidding\b|jk\b|(?:scratch|strike)\s+that\b|never\s*mind\b|i\s+take\s+(?:that|it)\s+back\b|"
    r"on\s+second\s+thoughts?\b|(?:i(?:['’]ve|\s+have)?\s+)?changed\s+my\s+mind\b|"
    r"keep\s+(?:it|them|that|her|him|the\s+notes?)\b|don['’]?t\b(?=\s*(?:[.!]|$)))"
    r"(?:[\s,.;:!—–-]*(?:wait|no)\b)*[\s,.;:!—–-]*",  # ("No wait, keep it")
    re.I)
# ... and the request's own end: a question asks nothing ("forget what I said about Priya?")
_ASKED_ENDS = rx.compile(r"\b(?:forget|scratch|disregard|drop|remove|delete|erase)\b"
                         r"(?:[^.!?]|[.!?](?=[^\s.!?]))*(?P<end>[.!?]+|$)", re.I)
# ... but a tag after it asks it all the same ("..., ok?", "..., would you?")
_TAG_ASKED = rx.compile(r",\s*(?:ok(?:ay)?|alright|right|please|yeah|(?:will|would|can|could)\s+"
                        r"you(?:\s+please)?)\s*$", re.I)
# ... as does a request asked politely ("Can you forget what I said about Priya?"): its "?" is
# how it is asked, not a doubt
_ASKED_POLITELY = rx.compile(r"(?:^|[.!?]\s+)(?:(?:hey|ok(?:ay)?|so|also)[,\s]+)?(?:can|could|"
                             r"would|will)\s+you\s+(?:please\s+)?(?:just\s+|now\s+)?$", re.I)
# ... and what is said after a take-back of nothing more than keeping it: "keep it", "leave it",
# "No, don't.", "I still need it", or the thing itself said to stay ("she's staying", "Priya's
# still on the team", "she's not leaving after all", "it's still useful"); not news of another
# thing ("Never mind, CI is still red", "the demo is on Friday after all", "leave it to me, I'll
# update the doc myself") nor of this one changing ("the release is still on the 23rd but now
# in the afternoon")
_JUST_KEEP = rx.compile(
    r"^(?:keep\b|leave\s+(?:it|that|them|her|him)(?:\s+(?:alone|be|as\s+is|on\s+it|there))?\s*[.!]*\s*$"
    r"|(?P<who>(?:the\s+)?[\w-]+(?:\s+[\w-]+)?)(?:['’]s|['’]re|\s+is|\s+are)\s+(?:staying\b"
    r"|still\b|not\s+(?:leaving|going|gone|moving|changing)\b|(?:fine|ok(?:ay)?|right|correct"
    r"|true|needed|useful|relevant|valid)\s*[.!]*\s*$)"
    r"(?![^.!?]*\b(?:but|until|till|now|instead|except|anymore|moved|from)\b)"
    r"|(?:she|he|they)\s+still\b|(?:i|we)\s+still\s+need\s+(?:it|that|them|her|him)\s*[.!]*\s*$"
    # ("No, don't.", "No wait, don't delete it.", "don't remove it yet"; not "Never mind, don't
    # use tabs")
    r"|don['’]?t(?:\s+(?:delete|remove|drop|forget|touch)(?:\s+(?:it|that|them|her|him))?"
    r"(?:\s+(?:yet|just\s+yet|now|for\s+now))?)?\s*[.!]*\s*$)", re.I)
_KEPT_BY_NAME = frozenset(("it", "that", "this", "she", "he", "they"))


def _just_keep(rest: str, subject: str) -> bool:
    """``rest`` (what a take-back of the request to forget ``subject`` says after its words)
    says no more than to keep it: of the thing itself, by name or "it", not another."""
    m = _JUST_KEEP.match(rest)
    if m is None or m["who"] is None:
        return m is not None
    who = m["who"].lower().removeprefix("the ").split()
    return " ".join(who) in _KEPT_BY_NAME or set(who) <= set(subject.lower().split())


# ... of which these take it back whatever follows; the others only standing alone or before
# keeping it ("Never mind." / "Never mind, keep it."), not before news of their own: "Never mind
# the flaky test, I fixed it.", "On second thought, use tabs in the Makefile.", "I changed my
# mind about the linter: use flake8.", "Keep it short in the PR description."
_SURELY_UNASKED = rx.compile(r"\b(?:kidding|jk|scratch|strike|take)\b", re.I)
# ... and where a request's clause ends before a question of its own ("Forget what I said
# about Priya, and can you rerun the tests?"; "..., she left - can you also drop her?")
_CLAUSE_BREAK = rx.compile(r"[,;:]\s|\s[—–-]\s")


# ... which asks something of its own, opening as a question does: "and can you ...", "what's
# the new one", "did you update the reviewers list", "is that clear"; not an afterthought ("...,
# the reviewer") nor a doubt of the request ("..., or should we keep it", "..., unless it's still
# useful", "..., is that still relevant")
_OTHER_QUESTION = rx.compile(
    r"(?:(?:and|also|then|plus|btw|oh|so|but|anyway)[,\s]+)?(?:(?:can|could|would|will)\s+you\b"
    r"|why\b|how\s+come\b|(?P<asks>(?:what|where|who|which|when|how|is|are|was|were|do|does"
    r"|did|should|shall|have|has|may|might)(?:['’]s)?\b))", re.I)
# ... the doubt: whether what is forgotten still holds, is needed or kept
_DOUBT = rx.compile(r"\b(?:still|keep|relevant|useful|risky|safe|need\s+(?:it|that|this|them|"
                    r"her|him))\b", re.I)


def _question_of_its_own(asked: str) -> bool:
    """``asked`` (a request to forget up to its "?") ends in a clause of its own asking
    something else, which is what asks: "..., and can you rerun the tests", "..., what's the
    new one", not "..., the reviewer", nor "..., or should we keep it"."""
    breaks = list(_CLAUSE_BREAK.finditer(asked))
    last = asked[breaks[-1].end():].strip() if breaks else ""
    m = _OTHER_QUESTION.match(last) if len(last.split()) >= 3 else None
    return m is not None and (m["asks"] is None or _DOUBT.search(last, m.end()) is None)


def _unasking(said: str, subject: str) -> re.Match[str] | None:
    """The words opening ``said`` that take back a request to forget ``subject`` said just
    before it."""
    m = _UNASKED.match(said)
    if m is None or _SURELY_UNASKED.search(m[0]):
        return m
    rest = said[m.end():].strip(" ,.;:!—–-")
    return m if not rest or _just_keep(rest, subject) else None



def _day_unsure(dated: str) -> str | None:
    """Why the day of the plan ``dated`` is not read (kept as written), or None: "demo for acme
    on sat the 26th" said in mid-July, when the 26th is a Sunday and next month's a Wednesday
    (which was the slip is not told: it was dated to September's Saturday the 26th), or
    "Release 2.1-5 June is the big one." (a version's figures or a day: it was "Release
    2.1-2027-06-05")."""
    if (both := WEEKDAY_AND_DAY.search(dated)) is not None:
        return f"'{both[0]}' is no such day this month or the next: kept as written"
    if (glued := VERSION_AND_DAY.search(dated)) is not None:
        return f"'{glued[0]}' may be a version's figures or a day: kept as written"
    return None


def _unasked(part: str, following: str, subject: str) -> tuple[str, int | None] | None:
    """Why the request to forget ``subject`` in ``part`` asks nothing (asked as a question, or
    taken back after it in its sentence or in ``following``), and where what ``following``
    says after taking it back starts when it did; None when it asks."""
    m = _ASKED_ENDS.search(part)
    after = part[m.end():] if m is not None else ""
    back = _unasking(after, subject) if after.strip() else None
    if back is None and m is not None and not after.strip():
        # (taken back after a comma in its sentence: "..., actually no, keep it."; not "...,
        # I changed my mind", which is why it is asked)
        back = next((b for c in _CLAUSE_BREAK.finditer(part, m.start(), m.start("end"))
                     if (b := _unasking(part[c.start():], subject)) is not None
                     and "changed" not in b[0].lower()), None)
    later = _unasking(following, subject) if back is None and not after.strip() else None
    if m is not None and "?" in m["end"] and _TAG_ASKED.search(part, 0, m.start("end")) is None \
            and (_ASKED_POLITELY.search(part, 0, m.start()) is None
                 or _CLAUSE_BREAK.search(part, m.start(), m.start("end")) is not None) \
            and not _question_of_its_own(part[m.start():m.start("end")]):
        return "as a question", later.end() if later is not None else None
    mark = back or later
    if mark is None:
        return None
    why = f"taken back ('{shorten(mark[0].strip(' ,.;:!?—–-'), 40)}')"
    return why, later.end() if later is not None else None


def _left_of_unasking(rest: str, subject: str) -> list[str]:
    """What a take-back of a request to forget ``subject`` says after it, unless only to keep
    it."""
    rest = rest.strip(" ,.;:!—–-")
    return [] if not rest or _just_keep(rest, subject) else [ensure_period(sentence_case(rest))]


# where a reminder's own words end ("Don't forget what I said about the staging URL: ...")
_CLAUSE_ENDS = rx.compile(r"[:;,—–]\s*(?:(?:but|and|so|also)\s+)?")
_IT = rx.compile(r"^(?:she|he)\b(?P<was>['’]s\b)?|\b(?:it|them)\b(?P<is>['’]s\b)?", re.I)


def _after_reminder(part: str) -> list[str]:
    """``part``, or a reminder not to forget and what its sentence says after it, apart: "Don't
    forget what I said about the staging URL: never share it with clients." is the reminder
    and "Never share the staging URL with clients." (a rule), "..., but forget what I said about
    Priya" a request of its own."""
    reminder = _DONT_FORGET.match(part)
    if reminder is None or not (found := forget_request(part[reminder.end():])) or not found[1]:
        return [part]
    named = part.lower().find(found[0].lower(), reminder.end())
    cut = _CLAUSE_ENDS.search(part, named + len(found[0])) if named >= 0 else None
    rest = part[cut.end():].strip() if cut is not None else ""
    if cut is None or not rest.strip(" .!"):
        return [part]
    asked = forget_request(rest)
    if asked is not None and not asked[1]:
        return [part]  # ("..., and also forget the old branch": a task as likely as memory)
    if asked is None and _DONT_FORGET.match(rest) is None:
        # ("it" is what memory holds: "never share it" is of the staging URL, "she
        # reviews on Mondays" of Priya)
        rest = _IT.sub(lambda it: found[0] + (" is" if it["is"] or it["was"] else ""), rest,
                       count=1)
    return [part[:cut.start()] + ".", ensure_period(sentence_case(rest))]


# a request to forget after a clause of its sentence ("The deploy freeze starts on 2026-07-27
# now, forget what I said about the deploy freeze before.")
_REQUEST_OPENS = rx.compile(r"[,;—–]\s*(?:(?:and|so)\s+)?(?=(?:please\s+)?forget\s+what\s)",
                            re.I)


def _before_request(part: str) -> list[str]:
    """``part``, or what its sentence says of what a request to forget in it names, before the
    request, and the request, apart: what it says is so now stays, what it says that is not
    goes with what memory holds of it (``Gatherer._forget``)."""
    m = _REQUEST_OPENS.search(part) if "orget what" in part else None
    if m is None or (found := forget_request(part[m.end():])) is None or not about(
            found[0], head := part[:m.start()], found[1]):
        return [part]
    return [ensure_period(head.strip()), sentence_case(part[m.end():])]


def _forget_split(part: str) -> list[str]:
    """``part``, or its sentences either side of a request to forget opening in lower case."""
    if "orget" not in part[1:] and "isregard" not in part[1:]:
        return [part]
    pieces = [piece for piece in _FORGET_OPENS.split(part) if piece.strip()]
    if len(pieces) > 1 and forget_request(pieces[-1]) is not None:
        return pieces
    return [part]

