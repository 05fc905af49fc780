"""Gather: statements a person made that are worth remembering, and why the rest are not.

Only the person's own words count (``Message.is_human``); tool output, assistant prose and
injected context never become memories. Text is redacted before anything else looks at it.
The what-not-to-save rules follow Claude Code's: no code structure or paths the project shows,
no git history, no one-off debugging recipes, no ephemeral task state, even when asked.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import date, datetime, timezone
from functools import lru_cache

from autodream.engine.dates import (
    EVENT_WORDS,
    WEEKDAYS,
    DateRewrite,
    absolutize,
    date_mentions,
    date_shift,
    last_mention,
    latest_date,
    plan_cancelled,
    says_past,
    tell_as_past,
    tells_call_off,
)
from autodream.engine.facts import restated_by, shown_path
from autodream.engine.model import Candidate, CandidateKind, Decision, ProjectFacts, Source
from autodream.engine.places import KIND_OF, PLACE_PATTERN, SLOT_VALUE, places_in
from autodream.engine.revisions import chooses_an_end
from autodream.engine.setting_changes import setting_change
from autodream.engine.text import (
    ADDRESS_AT,
    CALENDAR_WORDS,
    MOVED_TO_ADDRESS,
    TELLS_SWITCH,
    ensure_period,
    has_word,
    names_pattern,
    sentence_case,
    sentences,
    shorten,
    split_outside_spans,
    strip_code,
    tokens,
    word_set,
)
from autodream.engine.tool_kinds import (
    TOOL_PATTERN,
    it_is_not,
    same_tool,
    tool_kinds,
    tools_in,
    use_instead,
    use_tool,
)
from autodream.engine.versions import VERSION, upgrade_clauses, version_claim, version_switch
from autodream.memory.model import MemoryType
from autodream.redact import contains_secret, redact
from autodream.transcripts.model import Message

# A redacted secret swallows the period after it; put one back so sentences still split.
_AFTER_REDACTION = re.compile(r"(\[REDACTED:[a-z-]+\])(\s+)(?=[A-Z])")
MIN_CHARS = 8
MAX_CHARS = 320
_I = re.I

_FILLER = re.compile(
    r"^(?:(?:ok(?:ay)?|also|and|but|btw|fyi|so|hey|hi|oh|well|right|great|thanks|cool|"
    r"one more thing|another thing|quick note|important|by the way|heads up|just so you know|"
    r"for your information)\b[\s,.:;!-]*)+", _I,
)
_PLEASE = re.compile(r"^please[\s,]+", _I)
# "..., remember that." / "..., keep that in mind!": a request to keep it, not part of it.
_TAIL_REMINDER = re.compile(
    # (not "..., don't keep it": a rule's own words)
    r"(?<!n't)(?<!n’t)(?<!\bnot)[\s,;:—-]+(?:(?:please|and|so)\s+)?(?:remember|keep|bear|note)"
    r"\s+(?:that|this|it)"
    r"(?:\s+in\s+mind)?(?:\s+(?:please|going forward|for (?:later|the future)))?\s*[.!]*\s*$"
    # ... or weight put on it: "Keep PRs under 400 lines, seriously." is the rule said again
    r"|,\s*(?:seriously|i mean it|for real|please|thanks|thank you)\s*[.!]*\s*$", _I,
)
# "Don't remember this, but ...", "No need to save that to memory", "You don't have to
# remember it": the person asks that it not be kept. Not "I don't remember this bug" (no
# request), nor "don't store it", "no need to save it" of data ("Always fetch a fresh token;
# don't store it"): keeping, saving, storing is of memory only when memory is named.
_ASKED_NOT_TO_SAVE = re.compile(
    r"(?:^|[,;:.!?(—–-]\s*|\b(?:please|you|but|and|just)\s+)"
    r"(?:don['’]?t|do not|no need to|needn['’]t|(?:don['’]?t|do not) (?:need|have) to)\s+"
    r"(?:(?:need|have) to\s+)?(?:(?:remember|memori[sz]e)\s+(?:this|that|it)\b"
    r"|(?:save|record|note)\s+(?:this|that)\b(?!\s+(?:file|change|version|draft|copy)\b)"
    r"|keep\s+(?:this|that|it)\s+in\s+mind\b"
    r"|(?:save|store|record|note|keep)\s+(?:this|that|it)\s+(?:(?:in|to|into|as) (?:your |the )?"
    r"(?:memory|memories|a memory)\b|down\b))"
    r"(?=\s*(?:$|[,;:.!?)—–-]|but\b|and\b|though\b))"
    r"|\b(?:this|that|it)(?:['’]s| is) not (?:worth )?(?:remembering|memori[sz]ing|for (?:your )?"
    r"memory)(?=\s*(?:$|[,;:.!?)—–-]))|\boff the record\b", _I,
)
# "I prefer tabs— no wait, forget that, we run black", "Always use yarn. Actually, scratch
# that, use pnpm.": what came just before is taken back. Not "ignore it" / "ignore that" /
# "never mind the linter" (what to ignore: "The CI shows a warning; ignore it.")
_TAKEN_BACK = re.compile(
    r"(?:^|(?<=[,.;:!?—–-])\s*|\s(?=(?:no\s+)?wait\b))(?:(?:no\s+)?wait\b[\s,—–-]*)?"
    r"(?:(?:forget|scratch)\s+(?:that|this|it)|(?:forget|ignore|disregard)\s+what\s+i\s+"
    r"(?:just\s+)?said(?:\s+about\s+[^,.;:!?—–]+)?|never\s*mind)"
    r"(?=\s*(?:[,.;:!?—–-]|$))[\s,.;:!?—–-]*", _I)
# "Actually no, keep them descriptive, ignore that.": after a correction, what it corrects
_CORRECTION_IGNORE = re.compile(r"[\s,;—–-]+(?:ignore|disregard|forget)\s+(?:that|it)\s*[.!]*$",
                                _I)
# what may open a sentence that takes something back ("Actually, scratch that, ...")
_TAKE_BACK_OPENER = re.compile(r"^(?:(?:actually|no|oh|sorry|hmm|ok(?:ay)?)\b[\s,.!—–-]*)+$", _I)
_STANDING = re.compile(
    r"\b(?:always|never|every ?time|whenever|from now on|going forward|in (?:the )?future|"
    r"by default|don't|do not|prefer|must|should|everything|everywhere|all code)\b", _I,
)

# Words that make an instruction outlast the task at hand ("don't" alone does not).
_LASTING = re.compile(
    r"\b(?:always|never|every ?time|whenever|from now on|going forward|in (?:the )?future|"
    r"by default|everything|everywhere|all code|any code|each time)\b", _I,
)

# --- kinds, in the order they are tried ---------------------------------------------------
_REMEMBER = re.compile(
    r"^(?:please[\s,]+)?(?:remember|keep in mind|don't forget|do not forget|never forget|"
    r"for future reference|for the record|make a note|note to self|note for later|"
    r"save (?:this|that) (?:to|in) (?:your )?memory|add (?:this|that) to (?:your )?memory)"
    r"\b[\s,:;-]*(?:that\b[\s,]*|this\s*[:—–-]+\s*)?(?P<rest>.*)$", _I,
)
_REMEMBER_INSIDE = re.compile(
    r"\b(?:please remember|remember|keep in mind) that\b[\s,]*(?P<rest>.+)$", _I
)
_CONDITION = re.compile(r"^(?:if|when|whenever|before|after|once|in case|unless)\b\s+\S", _I)
_STANDING_OPENER = re.compile(
    r"^(?:from now on|going forward|in (?:the )?future)[\s,:-]*(?P<rest>.+)$", _I
)
_CORRECTION = re.compile(
    r"^(?:no|nope|wrong|incorrect|not quite|not like that|that's not (?:right|correct|it|what i)"
    r"[^,.;:!]*|that's (?:wrong|incorrect)|that is (?:not right|wrong|incorrect)|"
    r"you're wrong|that's a mistake|actually)\b[\s,.!:;—-]*(?P<rest>.*)$", _I,
)
# "I changed my mind (about that):", "On second thought,", "Scratch that —": what follows takes
# back what the person said before on its subject (consolidate rewrites that entry); the words
# saying so are no part of the memory.
_CHANGED_MIND = re.compile(
    r"^(?:(?:actually|wait|hmm+|no|ok(?:ay)?|so|well|oh)\b[\s,.!:;—–-]*)*"
    r"(?:(?:(?:i(?:'ve|\s+have)?\s+)?chang(?:ed|e)\s+my\s+mind(?:\s+(?:about|on)\s+"
    r"(?:(?:that|this|it)\b|[^,.:;!?—–]{1,60}?(?=\s*(?:[,.:;!—–]|$))))?|"
    r"on\s+(?:second|further)\s+thoughts?)(?![\w'-])[\s,.!:;—–-]*|"
    # ... but "Scratch that test" is a task: the marker stands alone
    r"(?:(?:scratch|strike)\s+that|i\s+take\s+(?:that|it)\s+back)"
    r"(?:\s*[,.!:;—–-][\s,.!:;—–-]*|\s*$))(?P<rest>.*)$", _I,
)
_WORD_T = r"(?:[A-Za-z0-9][\w.+#/-]*[\w+#]|[A-Za-z0-9])"
# A tool name: one word, or two when the second is a known tool suffix ("ruff format").
_T = (
    rf"{_WORD_T}(?:\s+(?:format|lint|check|actions|ci|compose|code|cloud|pages|workers|"
    rf"functions|db|server|desktop|studio))?"
)
# "X instead of Y": X is the choice only where it is the object of a verb of choice ("use
# poetry"), of with/via, or opens the clause. The words just before "instead" are often an
# adverbial ("use poetry from now on instead of pip-tools", "Postgres in production instead
# of MySQL"), skipped here; a sentence whose choice cannot be placed is no switch at all.
_CHOICE_VERB = (
    r"(?:use[sd]?|using|prefer(?:s|red)?|run|runs|running|pick|choose|want|adopt|install|"
    r"go(?:ing)? with|went with|stick (?:to|with)|switch(?:ed|ing)? to|mov(?:e|ed|ing) to|"
    r"migrat(?:e|ed|ing) to|with|via|through)"
)
_SET_ADVERBIAL = (
    r"(?:from now on|from here on|going forward|by default|for now|in (?:the )?future|"
    r"everywhere|always|now|nowadays|these days|here|too|again|please)"
)
# "in production", "for all HTTP calls", "to lock dependencies": said of the choice, not it.
_ADVERBIAL = (
    rf"(?:{_SET_ADVERBIAL}|(?:in|for|on|across|throughout|within|at|with|when) "
    r"(?:(?:all|every|each|the|our|this|these|new|any|your|my)\s+)?[\w-]+(?:\s+[\w-]+)?|"
    r"to [\w-]+(?:\s+[\w-]+){0,2})"
)
_INSTEAD_OF_CHOSEN = (
    rf"\b{_CHOICE_VERB}\s+(?P<new>{_T})(?:,?\s+{_ADVERBIAL}){{0,3}},?\s+"
    rf"(?:instead\s+of|rather\s+than)\s+(?P<old>{_T})"
)
_INSTEAD_OF_OPENING = (
    rf"(?:^\s*|[,;:]\s+)(?P<new>{_T})(?:,?\s+{_SET_ADVERBIAL})?,?\s+"
    rf"instead\s+of\s+(?P<old>{_T})"
)
# "on Tuesday instead of Monday": a day or month needs no verb to be the one meant.
_CALENDAR_INSTEAD_OF = (
    rf"\b(?P<new>{'|'.join(sorted(CALENDAR_WORDS))})s?\s+instead\s+of\s+(?P<old>{_T})"
)
# A choice said with "instead of" whose new term could not be placed: kept in the person's
# words as a preference, never turned into a switch that names the wrong thing.
_CHOSEN_INSTEAD = re.compile(rf"\b{_CHOICE_VERB}\b.*\binstead\s+of\b", _I)
# What was moved, between the verb and from/to: "moved CI", "migrated our backend", "moved
# the docs"; never the words that belong to the switch itself.
_THING_WORD = r"(?!(?:back|over|from|to)\b)[\w-]+"
_MOVED_THING = rf"(?:(?:(?:the|our|my|its)\s+)?{_THING_WORD}\s+)?"
# "moved the design docs from Notion to Confluence": with both places named, the thing may be
# up to three words, but not a piece of code ("moved the users table helpers from Postgres to
# SQLAlchemy" moved code between modules)
_CODE_PIECE = (r"(?:helpers?|functions?|methods?|class(?:es)?|modules?|code|logic|utils|files?|"
               r"imports?|components?|handlers?|routes?|types?|constants?|fixtures?|middlewares?|"
               r"webhooks?|schemas?|hooks?|endpoints?|controllers?|models?|views?|tickets?|bugs?|"
               r"issues?|cards?|stor(?:y|ies)|tasks?|PRs?)")
_MOVED_THINGS = (rf"(?:(?:(?:the|our|my|its|all)\s+)?(?:{_THING_WORD}\s+){{0,2}}"
                 rf"(?!{_CODE_PIECE}\b){_THING_WORD}\s+)?")
_TASKS = r"tickets|bugs|issues|cards|stories|tasks"
# A known place of more than one word ("from AWS Lambda to ..."); the new one is made whole
# after the match (``_whole_name``)
_PLACE_OR_T = rf"(?:(?:{PLACE_PATTERN})(?![\w-])|{_T})"
# "to the GitHub Wiki": an article before a known place is no part of its name (before any
# other word it is: "moved the standup to the afternoon" names no place)
_THE = rf"(?:the\s+(?=(?:{PLACE_PATTERN})(?![\w-])))?"
# A known tool or place, said whole
_KNOWN_NAME = rf"(?:{TOOL_PATTERN}|{PLACE_PATTERN})(?![\w-])"
# What a product runs on or supports, not a tool the team uses
_PLATFORM = (r"(?:android|ios|ipados|windows|linux|macos|mac|ie\s*\d*|internet\s+explorer|"
             r"safari|chrome|firefox|edge|mobile|desktop|tablets?)(?![\w-])")
# A name: a known tool or place, or a word with a capital
_A_NAME = rf"(?:(?-i:[A-Z])[\w.+#/-]*[\w+#]|{_KNOWN_NAME})"
# What a default branch is called: a rename of one of these is of the branch
_BRANCH_NAME = r"(?:main|master|trunk|develop|dev)"
_SWITCHES: list[tuple[re.Pattern[str], bool]] = [
    (re.compile(
        rf"\b(?:switch(?:ed|ing)?|mov(?:e|ed|ing)|migrat(?:e|ed|ing)|chang(?:e|ed|ing)|went|"
        rf"go(?:ne|ing)?)\s+{_MOVED_THINGS}(?P<back>back\s+)?(?:over\s+)?from\s+{_THE}(?P<old>{_PLACE_OR_T})\s+"
        rf"(?:back\s+)?(?:over\s+)?to\s+{_THE}(?P<new>{_T})", _I), False),
    # "We moved tickets from Linear to Jira": the tickets as a whole (no one ticket, no kind of
    # them: "the login bug" moved between trackers is a task) between two known places is the
    # tracker switched; between columns ("from Backlog to In Progress") it is a task moved
    (re.compile(
        rf"\b(?:switch(?:ed|ing)?|mov(?:e|ed|ing)|migrat(?:e|ed|ing))\s+"
        rf"(?:all\s+)?(?:(?:the|our|my|its)\s+)?(?:{_TASKS})\s+(?:over\s+)?"
        rf"from\s+{_THE}(?P<old>{PLACE_PATTERN})(?![\w-])\s+(?:over\s+)?to\s+{_THE}"
        rf"(?P<new>{PLACE_PATTERN})(?![\w-])", _I), False),
    # a move back: "went back to npm", "reverted to npm", "rolled back to npm"
    (re.compile(
        rf"\b(?:(?:switch(?:ed|ing)?|mov(?:e|ed|ing)|migrat(?:e|ed|ing)|went|go(?:ne|ing)?|"
        rf"revert(?:ed|ing)?|return(?:ed|ing)?|chang(?:e|ed|ing)|roll(?:ed|ing)?)\s+"
        rf"(?:it\s+|everything\s+|{_MOVED_THINGS})back|revert(?:ed|ing)?)\s+to\s+(?:using\s+)?"
        rf"(?P<new>{_T})(?:\s+from\s+(?P<old>{_T}))?"
        # "We're back on Poetry", "We're back to using npm"
        rf"|\b(?:we(?:'re|\s+are)|i(?:'m|\s+am))\s+(?:now\s+)?back\s+(?:on|to)\s+"
        # (a tool known or named, not "back on track", "back on schedule")
        rf"(?:using\s+)?(?=(?-i:[A-Z])|{_KNOWN_NAME})(?P<new2>{_T})", _I),
     True),
    (re.compile(rf"\breplac(?:e|ed|ing)\s+(?P<old>{_T})\s+with\s+(?P<new>{_T})", _I), False),
    # "We stopped using ArgoCD; deploys go through Spinnaker now"
    (re.compile(
        # ("We dropped Sentry, errors go to Datadog now": a tool dropped, not a platform no
        # longer supported, "We dropped Android, the app is on iOS only")
        rf"\b(?:(?:stopped|quit|ditched|dropped)\s+using\s+|(?:ditched|dropped)\s+"
        rf"(?!(?:support\b|{_PLATFORM})))"
        rf"(?P<old>{_T})\s*[;,]"
        rf"\s*(?:and\s+)?(?:(?:we|[\w-]+)\s+){{0,3}}?(?:now\s+)?(?:use|uses|go(?:es)?\s+"
        rf"(?:through|to)|run\s+on|"
        rf"runs\s+on|(?:is|are)\s+(?:on|in|with|through))\s+(?P<new>{_T})", _I), False),
    (re.compile(_INSTEAD_OF_CHOSEN, _I), False),
    (re.compile(_INSTEAD_OF_OPENING, _I), False),
    (re.compile(_CALENDAR_INSTEAD_OF, _I), False),
    # "We use Vitest now, not Jest": the adverb says the choice holds, not what it is. What to
    # look at is no tool chosen ("Focus on correctness, not style"; ``_focus_not_a_choice``)
    (re.compile(rf"\b(?:use|using|uses|prefer|on)\s+"
                rf"(?P<new>{_T})(?:\s+{_SET_ADVERBIAL})?\s*,?\s+"
                rf"not\s+(?P<old>{_T})\b", _I), False),
    (re.compile(
        rf"\b(?:switch(?:ed)?|migrat(?:e|ed)|moved)\s+{_MOVED_THING}"
        rf"(?:over\s+)?to\s+{_THE}(?P<new>{_T})", _I),
     False),
    # "We moved the design docs to Confluence": a thing of two or three words moved to a known
    # place (code moved "to utils" or "to React Server Components" is no such move)
    (re.compile(
        rf"\b(?:switched|migrated|moved)\s+(?:(?:the|our|my|its)\s+)?{_THING_WORD}"
        rf"(?:\s+{_THING_WORD}){{1,2}}\s+(?:over\s+)?to\s+{_THE}(?P<new>{PLACE_PATTERN})"
        rf"(?![\w-])",
        _I),
     False),
    # "We moved the frontend tests to vitest": a thing of two or three words moved to a known
    # tool (the tests "to the integration folder", helpers "to utils" moved no tool)
    (re.compile(
        rf"\b(?:switched|migrated|moved)\s+(?:(?:the|our|my|its|all)\s+)?(?:{_THING_WORD}\s+)"
        rf"{{1,2}}(?!{_CODE_PIECE}\b){_THING_WORD}\s+(?:over\s+)?to\s+(?P<new>{TOOL_PATTERN})"
        rf"(?![\w-]|\.\w)", _I),
     False),
    # "I moved the staging database to db2": a thing moved to a named host, region or cluster
    # (a name with a digit), which replaces the one the entry about that thing names
    (re.compile(
        rf"\b(?:switched|migrated|moved)\s+(?:the|our|my|its)\s+(?:{_THING_WORD}\s+){{0,2}}"
        rf"(?!{_CODE_PIECE}\b){_THING_WORD}\s+(?:over\s+)?to\s+(?P<new>(?!v\d){SLOT_VALUE})(?![\w-])",
        _I),
     False),
    (re.compile(
        rf"\b(?:ditch(?:ed|ing)?|swap(?:ped|ping)?|trad(?:e|ed|ing))\s+(?P<old>{_T})\s+"
        rf"for\s+(?P<new>{_T})", _I),
     False),
    # "Postgres was replaced by MySQL": one of them a known tool or place, both names;
    # not "the loop was replaced by a comprehension" or "the helper was replaced by Parser"
    (re.compile(
        rf"\b(?=(?:{_KNOWN_NAME})|[^.;]*?\breplaced\s+(?:by|with)\s+{_KNOWN_NAME})"
        rf"(?P<old>{_A_NAME})\s+(?:was|were|ha(?:s|ve)\s+been|got)\s+(?:now\s+)?replaced\s+"
        rf"(?:by|with)\s+(?P<new>{_A_NAME})", _I),
     False),
    # "We moved our CI off Jenkins and onto GitHub Actions"
    (re.compile(
        rf"\b(?:switch(?:ed|ing)?|mov(?:e|ed|ing)|migrat(?:e|ed|ing)|went|got)\s+{_MOVED_THINGS}"
        rf"off\s+(?:of\s+)?{_THE}(?P<old>{_PLACE_OR_T})\s+(?:and\s+)?(?:on)?to\s+{_THE}"
        rf"(?P<new>{_T})", _I),
     False),
    # "Our CI is GitHub Actions rather than Jenkins": with "is", only between two known tools or
    # places ("the bottleneck is IO rather than CPU" chose nothing)
    (re.compile(
        rf"\b(?:is|are)\s+(?:now\s+)?(?P<new>{_KNOWN_NAME})(?:\s+{_SET_ADVERBIAL})?\s*,?\s+"
        rf"(?:not|rather\s+than|instead\s+of)\s+(?P<old>{_KNOWN_NAME})", _I),
     False),
    # "We renamed the main branch to trunk", "We renamed master to main", "The default branch was
    # renamed to trunk": the branch is the one thing a rename names for good (a variable, file
    # or function renamed is code edited, no memory)
    (re.compile(
        rf"\brenam(?:e|ed|ing)\s+(?:(?:the|our|its)\s+)?(?:(?P<old>{_BRANCH_NAME})|default|"
        rf"primary)\s+branch\s+(?:from\s+`?(?P<old2>{_WORD_T})`?\s+)?to\s+`?(?P<new>{_WORD_T})|"
        # ... without "branch", both names are a branch's ("renamed main to run_cli" is code)
        rf"\brenam(?:e|ed|ing)\s+(?P<old3>{_BRANCH_NAME})\s+to\s+(?P<new2>{_BRANCH_NAME})\b", _I),
     False),
    (re.compile(
        rf"\b(?:(?P<old>{_BRANCH_NAME})|default|primary)\s+branch\s+(?:was|is|has\s+been|got)\s+"
        rf"(?:now\s+)?renamed\s+(?:from\s+`?(?P<old2>{_WORD_T})`?\s+)?to\s+`?(?P<new>{_WORD_T})",
        _I),
     False),
]
_IDENTITY = re.compile(
    r"\bi(?:'m| am) (?:now |also )?(?:more of |mostly |kind of |sort of |primarily )?(?:an?|the) "
    r"(?!bit\b|little\b|lot\b|problem\b|fan\b|question\b|mess\b|hurry\b|rush\b|loss\b|"
    r"few\b)\w+|"
    r"\bi(?:'m| am) (?:also )?(?:new to|familiar with|responsible for|"
    r"the (?:maintainer|owner|lead)|based in|on the [\w-]+ team)\b|"
    # what they know: "I'm also comfortable with TypeScript", "I'm fluent in Rust" (not "I'm
    # comfortable with that", "... with merging it", "... with the plan", nor how much of a thing
    # the user accepts: "... with some risk", "... with no tests", "... with 3 reviewers")
    r"\bi(?:'m| am) (?:also |now |very |really |pretty |quite |fairly |most )?(?:comfortable|"
    r"experienced|fluent|proficient|at home) (?:with|in) (?!(?:that|this|it|them|these|those|"
    r"either|both|whatever|any|the|a|an|your|his|her|their|our|my|some|no|none|more|less|"
    r"fewer|few|many|much|several|lots|plenty|one|two|three|four|five|not)\b|[a-z]+ing\b|\d)"
    r"\w|"
    r"\bi(?:'ve| have) (?:been (?:writing|using|doing|coding)|"
    r"\d+ years|years of)\b|\bi (?:(?:mostly |mainly |primarily |usually |normally )?work "
    r"(?:on|at|in|as|for)|lead|manage|maintain|run the) "
    # (not the work at hand or a time: "I usually work on it later", "... at night")
    r"(?!(?:it|them)\b|(?:this|that|these|those)\s*(?:[.!?,;]|$|(?:branch|one|bug|issue|"
    r"ticket|thing|pr|file|part|stuff|function|directory|folder|tomorrow|today|later|now|first|"
    r"next|after|in\s+order|in\s+the)\b)|my\s+own\s+(?:branch|fork|machine|copy|laptop)\b|"
    r"the\s+same\s+(?:branch|thing|file|machine)\b|(?:home|late|weekends?|nights?|night|the\s+"
    r"weekend|mornings?|evenings?|weekdays|fridays|mondays)(?=\s*(?:[.!?,;]|$|(?:mostly|"
    r"sometimes|usually|too|and|on)\b)))|"
    # the language they work in day to day: "I mostly write Go at work" (a language, not what
    # they write, "I usually write PRs", nor a habit with the work at hand beside it, "I usually
    # write Go, but use Python for this script")
    r"\bi (?:mostly|mainly|primarily|usually|normally) (?:write|code in|program in) "
    r"(?=(?-i:[A-Z]))(?:python|go|golang|rust|java|javascript|typescript|kotlin|swift|scala|ruby|"
    r"php|perl|elixir|erlang|haskell|clojure|ocaml|lua|julia|dart|zig|sql|c|c\+\+|c#|f#|r|"
    # ... a shell's, markup's or an older one's ("I mostly write Bash at work" made nothing)
    r"bash|zsh|shell|powershell|html|css|objective-c|groovy|matlab|fortran|cobol|assembly)"
    r"(?![\w#+])(?:\s+(?:at work|professionally|day to day|these days))?"
    r"(?=\s*[.!;]?\s*$|,?\s+(?:so|and)\b|\s*;)|"
    r"\bmy (?:role|job|background|expertise|title|team|time ?zone|working hours|pronouns|"
    r"focus) (?:is|are|was)\b|"
    # their name, a name's capital ("My name is Priya", "I'm Priya, a backend engineer"; not "My
    # name is in the CODEOWNERS file", "I'm Priya's manager")
    r"^(?:(?:hi|hey),? )?(?:my name is|i(?:'m| am)) (?-i:[A-Z][a-z]+)"
    # ... and what they work in or on ("I'm Lena, I mostly work in Rust")
    r"(?: (?-i:[A-Z][a-z]+))?(?=\s*[.!]?$|, (?:an?|the) \w|, i (?:(?:mostly|mainly|primarily|"
    r"usually|normally|also) )?(?:work|write|code|build|lead|manage|maintain)\b)|"
    # the kind of work they do ("I mostly do backend work in Rust"; not "I mostly do code review
    # on Fridays", "I usually do that work myself")
    r"\bi (?:mostly|mainly|primarily|usually|normally) do (?!(?:the|this|that|my|some|any|"
    r"code)\b)(?:[\w-]+ )?(?:work|development|dev|engineering|programming)\b", _I,
)
# A terse introduction, lower case and without the apostrophe: "hey im sam, solo dev, building
# a discord bot" (the name before a role said after it; not "im done, dev server is up", "i'm
# stuck, the build fails")
_TERSE_INTRO = re.compile(
    r"^(?:(?:hi|hey|hello|yo),?\s+)?(?:im|i'm|i am)\s+"
    # (a state is no name: "im stuck, junior dev, ...", "hey im tired, solo dev")
    r"(?!(?:stuck|tired|new|back|done|confused|sure|sorry|here|ok|okay|fine|good|busy|lost|"
    r"ready|bored|exhausted|frustrated|annoyed|happy|sad|late|away|off|out|free|just|also|"
    r"still|not|so|really|a|an|the)\b)(?P<name>[a-z][a-z'-]+),\s+(?:an?\s+)?"
    r"(?P<role>(?:[\w+#-]+\s+){0,2}?(?:dev|developer|engineer|programmer|student|designer|"
    r"founder|maintainer|hobbyist|freelancer|consultant|sre|devops|researcher))"
    r"(?=\s*(?:[,.;!]|$|and\b|who\b|working\b|building\b|making\b))", _I)


_PROHIBITION = re.compile(
    r"\bnever\b|^(?:please\s+)?(?:don't|do not|dont|avoid|stop \w+ing|no more)\b|"
    r"^let(?:'s|s| us) not\b|"
    r"\b(?:we|you|i|please) (?:don't|do not|must not|mustn't|shouldn't|should not|never)\b|"
    r"\bnot (?:going to |gonna )?us(?:e|ing)\b.*\banymore\b", _I,
)
_NOT_A_RULE = re.compile(
    r"\b(?:i|we|you) (?:don't|do not) (?:know|think|see|understand|care|get|remember|want to "
    r"(?:see|know))\b|\bdon't worry\b|\bnever mind\b|\bnevermind\b", _I,
)
_DECISION = re.compile(
    r"\b(?:we(?:'ve| have)? (?:decided|agreed|chose|settled on)|we(?:'re| are) going with|"
    # "I agreed to take over the billing service"; not "I agreed to that"
    r"(?:i|they) (?:also |finally )?agreed (?:(?:on|with) \S+ ){0,2}(?:to (?!(?:it|this|that|the|a|"
    r"an|them|your|his|her|their)\b)|that\b)|"
    # ("The team decided yesterday to use Conventional Commits")
    r"let's go with|decided(?:\s+(?:yesterday|today|last\s+week))?\s+to|the decision is|"
    r"decision:|we(?:'ll| will) go with)\b", _I,
)
# One piece of work taken on ("I agreed to review Sam's PR", "We decided to fix the login bug
# first"): a thing to do, ephemeral task state, not a decision that lasts ("We agreed to use
# Postgres", "I agreed to take over the billing service", "We agreed to review all PRs within
# a day": a kind of thing, not one of them).
_TASK_TAKEN_ON = re.compile(
    r"\b(?:agreed|decided)\s+(?:(?:on|with)\s+\S+\s+|(?:yesterday|today|last\s+week)\s+){0,2}"
    r"to\s+"
    r"(?:(?:also|first|quickly)\s+)?(?:review|re-review|look\s+(?:at|into)|check|fix|merge|"
    r"approve|test|read|proofread|send|write\s+up|finish|debug|triage|pair\s+on|"
    r"help\s+(?:with|on)|sign\s+off\s+on|reply\s+to|answer|close|rebase|update)\s+"
    r"(?:(?:(?-i:[A-Z])[\w-]*'s|the|his|her|their|your|my|our|this|that)\s+)"
    r"(?:[\w-]+\s+){0,2}?(?:pr|pull\s+request|mr|merge\s+request|ticket|bug|issue|draft|doc|"
    r"rfc|proposal|branch|patch|diff|email|deck|slides|write-?up|spec|change|changes|"
    r"failure|crash|test|regression|question)"
    r"(?:\s+(?:first|today|tonight|tomorrow|later|next|this\s+\w+|by\s+\w+|on\s+\S+|"
    r"before\s+\S+))*\s*[.!]?\s*$", _I)
_PLAN_WORD = re.compile(
    r"\b(?:deadline|due|release[sd]?|releasing|launch(?:es|ed|ing)?|ship(?:s|ping)?|freeze|demo|"
    r"cut-?off|milestone|presentation|meeting|migration|deploy(?:ment|s)?|go-?live|rollout|"
    r"planned|scheduled|sprint|offsite|vacation|out of office|ooo|holiday|conference|audit|"
    rf"review|kick-?off|beta|GA|{EVENT_WORDS})\b"
    # a change of who does what, on a day ("I'm moving to the platform team at the end of the
    # month", "Jonas takes over as tech lead on August 1")
    r"|\b(?:mov(?:e|es|ing)|switch(?:es|ing)?|transfer(?:s|ring)?)\s+(?:over\s+)?to\s+the\s+"
    r"[\w-]+(?:\s+[\w-]+)?\s+team(?![\w'’])|\btak(?:e|es|ing)\s+over\s+as\b"
    # a migration or a freeze the team has planned ("We migrate the billing service on
    # 2026-07-14", "We're freezing the API by the end of the month"), not one handed out as a
    # task ("Please migrate the fixtures tomorrow", "I'll migrate ...") nor a program that hangs
    # ("The app keeps freezing today")
    r"|\bwe(?:'re|'ll|\s+are|\s+will)?\s+(?:(?:are\s+)?(?:going|plan(?:ning)?|need)\s+to\s+)?"
    # (a freeze of a thing: not "We're freezing on startup", a hang)
    r"(?:migrat(?:e|ing)\b|freez(?:e|ing)\s+(?:the|our|all|main|master|code|api|apis|"
    r"release|deploys?|merges?|features?|schema)\b)|"
    # an event of the person's own on a day ("the session is on saturday", "Our game is next
    # Friday"), its name as often mistyped ("sesion"); not "this session"
    r"^(?:the|our|my)\s+(?:[\w-]+\s+)?(?:sess?ions?|games?|match|gig|playtest|tournament|"
    r"trip|wedding|appointment)\s+(?:is|are)\s+(?:on|this|next|tomorrow)\b", _I,
)
_MISTYPED_SESSION = re.compile(r"\bsesion(?=s?\b)", _I)
_URL = re.compile(r"\bhttps?://[^\s<>\"')\]]+", _I)
_POINTER = re.compile(
    r"\b(?:is|are|lives?|live|tracked|kept|found|posted|documented|go(?:es)?|is at|in|at|on|"
    r"see|check|under)\b", _I,
)
# Where a team keeps things to look up: its docs, tracker, dashboards and designs (not where code
# runs: "Our CI is on GitHub Actions" is what the project runs on)
_KEEPING_PLACE = names_pattern(
    [name for name, kind in KIND_OF.items() if kind in ("docs", "tickets", "monitoring", "design")]
    + ["google doc", "wiki"])
# "Our docs live in Notion", "Bugs are tracked in Linear", "Bugs go in GitHub issues": where to
# look, with no URL.
_KEPT_IN_TOOL = re.compile(
    r"\b(?:is|are|lives?|tracked|kept|documented|written up|filed|logged|tracks?|keeps?|"
    # ("this goes in the wiki" is the work at hand)
    r"(?<!\bthis\s)(?<!\bthat\s)(?<!\bit\s)go(?:es)?)\s+(?:\w+\s+)?(?:in|on|at|under|into)\s+(?:the\s+|our\s+)?"
    rf"(?:{_KEEPING_PLACE})(?![\w-])", _I,
)
# "Alerts go to PagerDuty", "Errors are sent to Sentry": where signals of a kind end up, in a
# known monitoring tool ("go to" alone is chatter: "go to the settings page")
_SENT_TO_MONITORING = re.compile(
    r"^(?:all\s+|our\s+)?(?:[\w-]+\s+)?(?:alerts|pages|incidents|errors|exceptions|crashes|"
    r"logs|metrics|traces|notifications)\s+(?:go|are\s+(?:sent|routed|reported|shipped))\s+"
    r"to\s+(?:the\s+|our\s+)?(?:"
    + names_pattern([name for name, kind in KIND_OF.items() if kind == "monitoring"])
    # (nothing after: "the alerts go to PagerDuty now" is a change told, read as one)
    + r")\s*[.!]?$", _I)
_CHANNEL_OR_TICKET = re.compile(r"(?:^|\s)#[a-z][\w-]+|\b[A-Z][A-Z0-9]+-\d+\b")
# what the person does despite themself, no rule: "lol I always forget that", "we keep
# missing it" ("We keep forgetting migrations, so always run them" has its rule after it)
_DESPITE_SELF = re.compile(
    r"\b(?:i|we) (?:always|often|usually|keep|tend to) (?:forget|forgot|mix(?:ing)? up|"
    r"mess(?:ing)? up|miss(?:ing)?|los(?:e|ing)|forgetting)\b", _I)
# What a part of the product must give, set against what not ("The audit log export should
# write JSON Lines, not CSV"); not the work at hand ("The fix should write to stderr, not
# stdout": ``_ONE_PIECE``)
_GIVES_NOT = re.compile(
    r"^(?:the|our|all)\s+"
    # (not a piece of code: "The parser should return a list, not a tuple")
    r"(?!(?:[\w-]+\s+){0,3}?(?:parser|function|method|helper|handler|class|script|test|"
    r"fixture|loop|query|regex)s?\s)"
    r"(?:[\w-]+\s+){0,3}?[\w-]+\s+(?:must|should)\s+(?:always\s+)?"
    r"(?:write|output|emit|produce|return|export|store|send|log|save|use)\s+[^,;]+?,?\s+not\s+"
    r"(?:as\s+|in\s+)?[\w.+#-]+(?:\s+[\w.+#-]+)?\s*[.!]?$", _I)


def _gives_not(text: str) -> bool:
    return " not " in text and _GIVES_NOT.match(text) is not None


_PREFERENCE = re.compile(
    r"\b(?:always|prefers?|preferred|i like|i'd rather|i would rather|make sure (?:to|you|that)|"
    r"be sure to|should always|we always|i want you to|by default|our convention|"
    r"the convention is|the rule is|in this (?:repo|project|codebase)|every ?time|whenever)\b|"
    r"^(?:please\s+)?use\s+(?:\S+\s+){0,2}?\S+\s+(?:for|when)\b|"
    r"^(?:please\s+)?use\s+\S+\s+to\b|"
    # how the assistant answers: "Keep answers short", "Skip the summaries at the end"
    r"^(?:please\s+)?(?:keep|skip|avoid|drop|no more)\s+(?:the\s+|your\s+|all\s+)?"
    r"(?:\w+\s+)?(?:answers?|repl(?:y|ies)|responses?|summar(?:y|ies)|explanations?|"
    r"preambles?|emojis?)\b|"
    # "Use the logging module, not print": a choice no tool name can stand for
    r"^(?:please\s+)?(?:use|prefer)\s+(?:[\w.+#-]+\s+){0,3}?[\w.+#-]+,?\s+not\s+\w|"
    # a convention: "Commit messages must follow Conventional Commits"
    r"^(?:all\s+|every\s+|each\s+|our\s+|the\s+)?[\w-]+(?:\s+[\w-]+)?\s+(?:must|should)\s+"
    r"(?:always\s+)?(?:follow|use|be\s+written|start|end|include|go\s+through|stay)\b|"
    # "PRs need two approvals before merging", "Every PR needs a changelog entry"
    r"^(?:all\s+|every\s+|each\s+|our\s+)?(?:prs?|pull requests?|commits?|releases?|"
    r"migrations?|changes?)\s+needs?\s+(?:\w+\s+){0,2}?(?:approvals?|reviews?|sign-?offs?|"
    r"tests?|entry|entries)\b|"
    r"^(?:please\s+)?keep\s+(?:all\s+|our\s+|the\s+|each\s+|every\s+)?[\w-]+(?:\s+[\w-]+)?\s+"
    r"(?:under|below|within|at most|shorter than|fewer than|less than)\s+\d", _I,
)
_UPDATE = re.compile(
    r"\b(?:now (?:requires?|uses?|runs? on|supports?|targets?|needs?|lives?|deploys?)|"
    r"no longer "
    r"(?:supports?|uses?|needs?|runs?)|(?:we|they|i) dropped|dropped support|is deprecated|"
    r"are deprecated|has been deprecated|(?:is|are) now|now (?:owns?|handles?|writes?|leads?|"
    r"maintains?|reviews?|approves?))\b|\bnow\s*[.!]?$", _I,
)
# "Things should be fine now", "It works now", "Tests pass now": the work at hand settled, not
# a change in what holds
_SETTLED_NOW = re.compile(
    r"\b(?:should|might|may|could|would|fine|ok|okay|good|better|works?|working|pass(?:es)?|"
    r"passing|fixed|done|green)\b[^.!?;]*\bnow\s*[.!]?$", _I)
# A known tool said to be the one used these days, as what "it" is or as the command run: "It's
# yarn these days", "We (just) bun install everything nowadays" tell what "now" at the end tells
# (``_UPDATE``); consolidate puts the tool in place of one of its kind, and keeps no memory of
# what "it" is when no entry names one. Not "I pnpm install nowadays": one person's habit, which
# would be kept as "The user pnpms install nowadays."
_TOOL_THESE_DAYS = re.compile(
    rf"^(?:it(?:'s|\s+is)\s+(?:all\s+)?(?:{TOOL_PATTERN})|we\s+(?:just\s+|all\s+)?"
    rf"(?:{TOOL_PATTERN})\s+"
    r"(?:install|add|run)\b[^.;!?]*?)(?![\w-])\s+(?:these\s+days|nowadays)\s*[.!]?$", _I)
# A standing schedule ("code freeze is every Thursday at noon").
_SCHEDULE = re.compile(
    r"\bevery (?:(?:other|second|third) )?(?:monday|tuesday|wednesday|thursday|friday|saturday|"
    r"sunday|day|week|morning|"
    r"evening|night|sprint|release|month)\b", _I,
)
# ... or said with the day in the plural, which is every such day ("Deploys go out on Tuesdays",
# "Standups are on Mondays at 10"): only as a statement ending on it, not asked ("Can you deploy
# on Tuesdays?") nor what was done once ("We used to deploy on Tuesdays", "I shipped it on
# Mondays")
_ON_WEEKDAYS = re.compile(
    r"^(?!(?:can|could|would|will|did|do|does|should|shall|is|are|was|were|let's|ping|let|"
    r"tell|remind|message|call|email|text)\b)"
    # (a fault's or a test's day is debugging: "The bug only shows up on Fridays")
    r"(?![^.!?]*\b(?:crash(?:es)?|fails?|breaks?|flak(?:es|y)|shows?\s+up|pass(?:es)?|"
    r"only\s+happens?|times?\s+out|timed\s+out|hangs?|go(?:es)?\s+red|is\s+red|errors?\s+out|"
    r"spikes?)\b)"
    r"(?!(?:the|a|this|that|our|my)\s+(?:bug|error|crash|failure|timeout)s?\b|(?:bugs|errors|"
    r"crashes|failures|timeouts)\b)"
    r"(?![^.!?]*\b(?:used to|was|were|had)\b)(?:[\w'-]+\s+){1,5}?on\s+"
    r"(?:mon|tues|wednes|thurs|fri|satur|sun)days(?:\s+at\s+[\w:.]+(?:\s*[ap]m)?)?\s*[.!]?$",
    _I)
# "We're on Postgres 15", "Prod runs Postgres 15": a fact, and a claim of what holds now
_ON_NAMED = (r"(?:we(?:'re| are) (?:on|using|running)|(?:prod|production|staging|ci)\s+"
             r"(?:runs|uses|is on))\s+(?-i:[A-Z])")
_ON_VERSION = re.compile(rf"^{_ON_NAMED}", _I)
# A part of the system someone owns: "the payments service", "our deploy pipeline"
_SYSTEM_PART = (r"(?:the|our) (?:[\w-]+\s+){0,2}?(?:services?|apis?|repos?|repository|repositories|"
                r"apps?|pipelines?|databases?|clusters?|infra(?:structure)?|platform|backend|"
                r"frontend)")
_FACT = re.compile(
    # (what holds since a day: "Since yesterday we require two approvals on every PR")
    r"^(?:since\s+(?:yesterday|today|last\s+\w+|\w+day),?\s+)?"
    r"(?:we|our (?:team|company|app|service|product|stack|api|backend|frontend))\s+"
    r"(?:(?:now|currently|still|always)\s+)?(?:use|uses|run|runs|deploy|deploys|host|hosts|ship|"
    r"ships|target|targets|support|supports|rely on|relies on|is|are|squash-merge|squash|rebase|"
    r"merge|release|tag|pin|version|review|name|require)\b|"
    rf"^{_ON_NAMED}|"
    r"^the (?:prod|production|staging) \w+\s+(?:runs|uses|is on)\s+(?-i:[A-Z])|"
    # where production itself runs: "Production runs on Kubernetes in eu-west-1"
    r"^(?:prod|production|staging)\s+(?:runs\s+on|is\s+(?:on|hosted\s+on|deployed\s+(?:on|to)))"
    r"\s+(?-i:[A-Z])|"
    # what a deployed thing is called, a name the code does not show: "The staging database is
    # called kestrel" (not "the parser is called twice", "... is called from main")
    r"^(?:the|our) (?:prod|production|staging) (?:[\w-]+\s+)?(?:database|db|cluster|server|"
    r"host|bucket|namespace|environment|env|instance|account|project|queue|box|machine)s?\s+"
    r"(?:is|are) (?:called|named|known as)\s+[`'\"]?(?!(?:twice|once|directly|again|by|from|"
    r"when|with|in|on|at|only|first|last|later|automatically|repeatedly)\b)[\w.-]+[`'\"]?"
    r"\s*[.!]?$|"
    # the branch the work goes to, by its name: "Our main branch is called trunk", "The default
    # branch is trunk" (not "Our main branch is protected", "... is red again")
    r"^(?:the|our) (?:main|default|primary) branch (?:is|'s) (?:(?:called|named) [`'\"]?[\w./-]+|"
    rf"[`'\"]?{_BRANCH_NAME})[`'\"]?\s*[.!]?$|"
    # who owns what: "Mara owns the ledger service", "The payments service is owned by the
    # billing team" (a part of the system, not "the function is owned by ...")
    r"^(?-i:[A-Z][a-z]+)\s+(?:owns|maintains|is the owner of|is responsible for)\s|"
    rf"^{_SYSTEM_PART}\s+(?:(?:is|"
    r"are) (?:owned|maintained|run) by|belongs? to) (?:the |our )?(?:(?:[\w-]+\s+){0,2}?(?:team|"
    r"squad|group|org)\b|(?-i:[A-Z][a-z]+)\s*[.!]?$)|"
    # ... the team first: "The billing team owns the payments service" (a part of the system, not
    # "The frontend team owns the bug, not us", the work at hand)
    rf"^(?:the|our) [\w-]+ (?:team|squad|group) (?:owns|maintains) {_SYSTEM_PART}"
    r"(?=\s*(?:[.!;]|$|and\b))|"
    # a limit the code does not show: "The API is rate limited to 100 requests per minute", "The
    # Stripe API has a rate limit of 100 requests per second"
    r"^(?:the|our) (?:[\w-]+\s+){0,2}?(?:apis?|endpoints?|services?|gateway|server|backend)\s+"
    r"(?:(?:is|are) rate[- ]limited (?:to|at)|(?:has|have) a rate[- ]limit of|rate[- ]limits? "
    r"(?:is|are)) \d[\d,.]*k? (?:requests|calls|reqs?)\b"
    # ... not a limit for a while ("... until tomorrow", "... for today")
    r"(?![^.;]*\b(?:until|till|today|tonight|tomorrow|temporarily|for now|this (?:week|morning|"
    r"afternoon|evening)|next (?:week|month)|on (?:mon|tues|wednes|thurs|fri|satur|sun)day|"
    r"\d{4}-\d\d-\d\d)\b)|"
    # what holds the project back, a named thing it cannot move to or must stay on: "We can't
    # upgrade to Django 5 until the auth plugin supports it", "We have to stay on Node 18
    # because of the SDK" (not "we can't switch to it until you fix the tests", the work at
    # hand)
    r"^we (?:(?:can't|cannot|can not|won't be able to) (?:(?:upgrade|move|migrate|switch) (?:to|"
    r"past|beyond|off)|drop)|(?:have to|must|need to) stay on) (?-i:[A-Z])[\w.+-]*"
    r"(?: v?\d[\w.]*)?(?: support)? (?:until|because|since|as long as)\b(?! you\b)|"
    # ... and who does what on the team: "Tom is the infra lead", "Priya leads the data team"
    r"^(?!(?-i:This|That|It|There|Here|What|Which|Who|He|She|They|We|You|The|Our|Everyone|"
    r"Nobody|Someone)\b)(?-i:[A-Z][a-z]+)\s+(?:is (?:the|our) (?:[\w-]+\s+){0,2}?(?:lead|"
    r"owner|manager|maintainer|pm|architect|expert|dri|go-to(?: person)?|point person|"
    r"point of contact)(?:\s+(?:for|on|of)\s+(?:the\s+|our\s+)?"
    r"(?!(?:this|that|it|these|those)\b)[\w-]+(?:\s+[\w-]+)?)?"
    r"\s*[.!]?$|is on (?:the|our) [\w-]+ team\b|(?:leads|heads|manages|runs) (?:the|our) "
    r"[\w-]+(?:\s+[\w-]+)? (?:team|group|squad|guild|org)\b)", _I,
)
# A standing instruction said as a plain imperative about a kind of thing, not a thing at hand:
# "Use conventional commit messages", "Write docstrings in Google style", "Follow PEP 8",
# "Stick to the standard library", "Be concise". A task names what is at hand ("use a dict
# here", "write a test for this", "follow the steps above"): a word pointing at the conversation
# leaves the sentence to the other rules.
_AT_HAND = re.compile(
    r"\b(?:a|an|this|that|these|those|it|them|here|above|below|now|today|tomorrow|yet|again|"
    r"step|steps|one|ones|same|previous|next|last|first|second|third|other|the\s+new)\b|[`(]",
    _I)
_STYLE_VERB = (r"(?:use|write|name|format|prefix|document|sort|group|log|pin|type|wrap|indent|"
               r"quote|spell|structure|order|comment|annotate|return|raise|handle|validate)")
# a plural or mass noun phrase naming a kind of thing: "commit messages", "f-strings", "tabs"
_KIND_OF_THING = r"(?:the\s+)?(?:[\w+#.-]+\s+){0,2}?[a-z][\w-]*[^s\W]s\b"
_GENERIC_IMPERATIVE = re.compile(
    rf"^(?:please\s+)?(?:{_STYLE_VERB}\s+{_KIND_OF_THING}|"
    r"(?:follow|stick\s+(?:to|with)|adhere\s+to)\s+\S|"
    r"be\s+(?:more\s+)?(?:concise|brief|terse|succinct|direct|explicit|thorough|detailed|"
    r"precise|blunt|candid)\b|"
    # what to look at, set against what not to ("Focus on correctness, not style"; not "Focus on
    # the failing test, not the flaky one", the work at hand)
    r"(?:focus|concentrate)\s+on\s+(?!(?:the|this|that|these|those|it|them|my|your|our)\b)"
    r"[a-z][\w-]*\s*,?\s+(?:not|rather\s+than|over|instead\s+of)\s+[a-z][\w-]*\s*[.!]?$)", _I)
# "Commit messages should be in the imperative mood", "Tests should be fast": a convention about
# a kind of thing (plural), not about one at hand ("the fix should be simple")
_PLURAL_SHOULD = re.compile(
    r"^(?:all\s+|every\s+|each\s+|our\s+)?(?:[\w-]+\s+)?(?!things\b)[a-z][\w-]*[^s\W]s\s+"
    r"(?:must|should)\s+(?:always\s+|never\s+)?(?:be|have|stay|live|go)\s+"
    r"(?!(?:fine|ok|okay|good|ready|done|better|working|there|back|fixed|gone)\b)", _I)
# "Quarantine flaky tests instead of rerunning them": a bare imperative on a kind of thing (no
# "the" or "it": "Move the helpers instead of copying them" is the work at hand), set against
# another way of doing it, is a rule whatever its verb, a verb with its particle too ("Fix bugs
# instead of working around them", "... instead of commenting them out")
_INSTEAD_OF_DOING = re.compile(
    r"^(?:please\s+)?(?!(?:i|we|you|they|it|the|this|that|these|those|a|an|our|my|there)\b)"
    r"[a-z][\w-]*\s+(?!(?:the|this|that|these|those|it|them|my|your|our)\b)"
    r"(?:[\w+#.-]+\s+){0,2}?[a-z][\w-]*[^s\W]s\s+(?P<instead>instead)\s+of\s+"
    r"[a-z]+ing(?:\s+(?:around|over|past|through)\s+them|\s+them(?:\s+(?:out|off|away))?)?"
    r"(?P<where>\s+(?:in|on|at|for)\s+[\w-]+)?\s*[.!]?$", _I)
# A word pointing at the conversation; "a" and "an" are not, in a rule's condition ("before
# reporting a failure") or place ("in a separate module").
_POINTS_AT_HAND = re.compile(
    r"\b(?:this|that|these|those|it|them|here|above|below|now|today|tonight|tomorrow|yet|again|"
    r"same|previous|next|last|the\s+new)\b|[`(]", _I)
# A bare plural, no article or pointer before it: a kind of thing ("PRs", "type hints", "flaky
# tests"), not things at hand ("the logs", "these files")
_BARE_KIND = (r"(?!(?:the|a|an|my|your|our|its|their|his|her|some|any|all\s+the|every|"
              r"everything|things)\b)(?:[\w+#.-]+\s+){0,2}?[a-z][\w-]*[^s\W]s")
# A rule said as an imperative about a kind of thing, with more said than the thing: how it is
# to be ("Keep PRs small", "Make commits atomic"), or where it goes or what it covers ("Track
# bugs as GitHub issues", "Put type hints on everything"). The verb and the thing alone ("Keep
# tests", "Rerun flaky tests") may be a task.
_KIND_RULE = re.compile(
    rf"^(?:please\s+)?(?:always\s+)?(?:(?:keep|make)\s+{_BARE_KIND}\s+"
    # ("Make tests pass" is the work at hand)
    r"(?!(?:pass|work|run|fail|compile|build|go|happen)\b)[a-z]+(?:\s+and\s+[a-z]+)?"
    r"\s*(?:[,.;!]|$)|(?:put|keep|track|file|store|log|report|post|raise|mock|stub|squash|"
    rf"tag|label|mark|group)\s+{_BARE_KIND}\s+(?:as|in|into|on|under|across|at|with|for)\s+\S)",
    _I)
# How to treat a kind of thing whenever it is of a kind: "Explain Python idioms when they're
# non-obvious", "Flag TODOs if they're older than a month" (a kind of thing, bare: "Explain the
# error when you get a chance", "Run tests when you're done" are the work at hand)
_WHEN_THEY_ARE = re.compile(
    rf"^(?:please\s+)?(?:always\s+)?(?!(?:i|we|you|they|it|let's|can|could|would)\b)[a-z]+\s+"
    rf"{_BARE_KIND}\s+(?:when|whenever|if)\s+(?:they|it)(?:'re|'s|\s+are|\s+is)\s+"
    r"(?:not\s+|too\s+|very\s+|at\s+all\s+)?[\w-]+(?:\s+[\w-]+)?\s*[.!]?$", _I)


def _when_they_are(text: str) -> bool:
    return " they" in text and _WHEN_THEY_ARE.match(text) is not None


# what follows a bare "No, that's wrong." that is no correction: a reply, a pause, a request
_REPLY_WORDS = re.compile(
    r"^(?:\s*(?:(?:looks|sounds)\s+good|lgtm|ok(?:ay)?|so|thanks?(?:\s+you)?|got\s+it|sure|cool|"
    r"great|nice|fine|hmm+|wait|hold\s+on|one\s+sec(?:ond)?|let\s+me\s+(?:check|see|think|"
    r"look)|never\s*mind|try\s+again|again|fix\s+it|redo\s+it|please|then|now|whatever|what)"
    r"\b[\s,.!?—–-]*)+", _I)


# what is left of a reply after its reply words ("Looks good | to me", "Hold on | a sec")
_REPLY_REST = re.compile(
    r"^(?:to\s+me|for\s+trying|a\s+(?:sec|second|minute|moment)|about\s+it|weird|why|"
    r"not\s+sure(?:\s+why)?|but\s+slower|from\s+scratch|it['’]s\s+broken|that|this)?$", _I)


def _says_nothing(reply: str) -> bool:
    """``reply`` after a bare "No, that's wrong." is a reply, not the correction: replies
    ("Looks good to me.", "Ok, let me check.", "Hmm, not sure why.") and what is left after them
    is one of theirs ("Wait, it's tabs." and "Wait, the port is 8080." are corrections)."""
    m = _REPLY_WORDS.match(reply)
    if m is None:
        return False
    return _REPLY_REST.match(reply[m.end():].strip(" .!?")) is not None


# Leave to stop doing something: how to answer when it is the answering ("You can stop
# explaining Python idioms now" takes back "Explain Python idioms ..."); the task at hand else
# ("You can stop running the server now", "You can stop now")
_MAY_STOP = re.compile(r"^(?:you\s+(?:can|could|may)|feel\s+free\s+to)\s+stop\b", _I)
_STOP_ANSWERING = re.compile(
    # (how the answers read, not the work: "You can stop writing tests / printing logs / using
    # mocks now" is the task at hand)
    r"^\s+(?P<doing>(?:explain|includ|apologi[sz]|summari[sz]|suggest|mention|repeat|narrat|"
    rf"recap|justify|hedg|qualify)ing\s+{_BARE_KIND}(?:\s+[\w-]+){{0,2}}?"
    # ... or what an answer is made of ("You can stop using emojis", "... adding docstrings")
    r"|(?:us|writ|add|giv|show)ing\s+(?:(?!the\b|http\b|auth\b|cors\b|database\b|migration\b)"
    r"[a-z]+\s+){0,2}(?:emojis?|explanations?|summar(?:y|ies)|comments?|docstrings?|caveats?|"
    r"disclaimers?|apolog(?:y|ies)|examples?|bullet\s+points|headers?|tables?|markdown|"
    r"code\s+blocks?)(?:\s+everywhere)?)"
    r"(?:\s+(?:now|anymore|any\s+more|from\s+now\s+on))*\s*[.!]?$", _I)
# A rule for whenever something is done: "Rerun flaky tests before reporting a failure", "Run
# the linter before pushing", "Ask before deleting anything". Said of a thing at hand ("Fix the
# login bug before deploying", "Run it before committing") it is a task.
_HABIT = re.compile(
    r"^(?:please\s+)?(?:always\s+)?(?P<verb>[a-z]+(?:-[a-z]+)?)\b(?P<what>[^,;:.!?]*?)\s+"
    r"(?:before|after|when|whenever|every\s+time)\s+(?:you\s+|we\s+)?"
    r"(?!(?:nothing|something|anything|everything|morning|evening|during|thing|string)\b)"
    r"[a-z]+ing\b", _I)
# Work at hand named with "the": "the login bug", "the failing test", "your PR"
_ONE_PIECE = re.compile(
    r"\b(?:the|my|your|our)\s+(?:[\w-]+\s+)?(?:bug|error|issue|failure|crash|pr|pull\s+request|"
    r"branch|diff|fix|patch|hotfix|ticket|line|function|method|class|file|test|change|"
    r"migration|flag|script)\b", _I)
# "Our CI runs on Buildkite", "Our docs are built with mkdocs": what the project runs on
_OUR_RUNS_ON = re.compile(
    r"^our\s+(?:[\w-]+\s+){0,2}?(?:runs?\s+on|uses?|(?:is|are)\s+(?:hosted|built|deployed|"
    r"managed|run)\s+(?:on|with|in|by|via)|deploys?\s+(?:to|with|via)|(?:is|are)\s+on)\s+\S",
    _I)
# "The ranking service is deployed to GKE", "The billing API runs on Lambda": where a named
# part of the system runs, on a named platform ("the hotfix is deployed to staging" is the work
# at hand: no system noun, and no name)
_SYSTEM_NOUN = (r"(?:services?|api|apis|app|apps|application|backend|frontend|website|site|"
                r"monorepo|repo|repository|project|codebase|library|package|cli|bot|worker|"
                r"workers|cluster|database|db|pipeline|dashboard)")
_NAMED_RUNS_ON = re.compile(
    rf"^the\s+(?:[\w-]+\s+){{1,2}}{_SYSTEM_NOUN}\s+(?:runs?\s+on|(?:is|are)\s+(?:hosted|"
    r"deployed|run|running)\s+(?:on|in|to|via)|deploys?\s+(?:to|via))\s+(?-i:[A-Z])", _I)
# "The frontend tests use Jest", "The docs are built with mkdocs": a part of the project and
# the known tool it is done with (the tool alone after the verb: "the parser uses pytest
# fixtures" is about code)
_PART_USES_TOOL = re.compile(
    r"^(?P<part>(?:the|our)\s+(?:[\w-]+\s+){0,2}?(?-i:[a-z])[\w-]*)\s+(?:uses?|run\s+(?:on|with|in)|"
    r"runs\s+(?:on|with|in)|(?:is|are)\s+(?:written|run|built|tested|managed|formatted|linted|"
    rf"type-checked|bundled)\s+(?:in|with|on|via|by))\s+(?P<tool>{TOOL_PATTERN})(?![\w-]|\.\w)"
    r"\s*(?:[.!]|$)", _I)
# "Ask Tom for API reviews", "Ping Sara before deploying payments", "Ask Priya to review
# frontend changes": who to go to, for what
_ASK_PERSON = r"(?:please\s+)?(?:ask|ping|cc|loop\s+in|check\s+with)\s+(?-i:[A-Z])[a-z]+"
# What one asks a person for, as against work handed to them: a pointer to whom to ask
_NOT_AT_HAND = r"(?!(?:the|a|an|my|your|our|its|their|his|her|this|that|these|those|it)\b)"
_ASKED_NOUN = (r"(?:questions|help|advice|answers|access|info|information|context|credentials|"
               r"permissions)\b")
_ASKED_ABOUT = rf"\s+(?:about|on|with|to|for)\s+{_NOT_AT_HAND}[\w-]+(?:\s+[\w-]+)?"
# ... of a kind said with it ("infra questions", "help with deploys", "anything about billing"):
# "ask Tom for help", "ask Tom for more context" may be the work at hand
_ASKED_FOR = (
    rf"{_NOT_AT_HAND}(?:(?!(?:more|some|any|further|extra|additional|other|quick|much)\b)"
    rf"(?:[\w-]+\s+){{1,2}}?{_ASKED_NOUN}(?:{_ASKED_ABOUT})?|{_ASKED_NOUN}{_ASKED_ABOUT}|"
    rf"anything\s+(?:(?:about|on|related\s+to|to\s+do\s+with)\s+)?{_NOT_AT_HAND}[\w-]+)")
_GO_TO_PERSON = re.compile(
    rf"^{_ASK_PERSON}\s+"
    # a kind of work ("for API reviews"), or whenever something is done ("before deploying"),
    # not one thing at hand ("ask May about the rollout", "ask Tom about the failing tests");
    # asked about a kind of thing ("about deploys"), or for what one asks for ("for
    # credentials"), they are whom to go to, as "for help with deploys" says ("cc Tom on infra
    # changes" is work handed to them)
    rf"(?:for\s+(?:(?P<asked>{_ASKED_FOR}|(?:credentials|permissions|questions|answers)\b)|"
    rf"{_BARE_KIND}\b)|on\s+(?:(?P<asked_on>{_ASKED_FOR})|{_BARE_KIND}\b)|"
    rf"about\s+(?P<asked_about>{_ASKED_FOR}|{_BARE_KIND}\b)|"
    r"(?:before|when|whenever|if)\s+[a-z]+ing\b|"
    # work handed to them on a kind of thing ("to review frontend changes"), not on one at
    # hand ("to review this PR", "to review the PR")
    rf"to\s+(?:review|approve|sign\s+off\s+on|look\s+over)\s+(?:all\s+)?{_BARE_KIND}\b)"
    # ... or the kind said first: "For infra questions, ask Tom", "Infra questions go to Tom"
    rf"|^for\s+(?P<asked_first>{_ASKED_FOR}),?\s+{_ASK_PERSON}\s*[.!]?$"
    rf"|^(?P<asked_go>{_ASKED_FOR})\s+(?:go(?:es)?|should\s+go|(?:is|are)\s+(?:sent|routed))\s+"
    # a person, not a day ("All questions go to Monday", put off)
    r"to\s+(?!(?:mon|tues|wednes|thurs|fri|satur|sun)day\b|(?:january|february|march|april|june|"
    r"july|august|september|october|november|december)\b)(?-i:[A-Z])[a-z]+\s*[.!]?$", _I)
# "Staging is at staging.acme.io", "Staging URL is staging.acme.io": where a service is, by its
# host name
_TLD = r"(?:io|com|net|org|dev|app|co|internal|local|cloud|ai)\b"
_HOST = re.compile(r"\b(?:is|are|lives?|runs?)\s+(?:at|on)\s+(?:https?://)?(?:[a-z0-9-]+\.)+"
                   rf"{_TLD}|"
                   # ... said as what the address is, the address the point of the sentence
                   # (not "The URL is example.com in the test", "The endpoint is ... which
                   # returns 500", a placeholder or what the work at hand met)
                   r"\b(?:url|host(?:name)?|address|domain|endpoint)s?\s+(?:is|are)\s+"
                   r"(?:https?://)?(?!(?:[a-z0-9-]+\.)*(?:example|localhost)\.)(?:[a-z0-9-]+\.)+"
                   rf"{_TLD}(?:[:/][\w./:-]*?)?\s*(?:[.!]?\s*$|[,;]\s*(?:so|and)\b)", _I)

# A change still to come: a modal or a stated intention, unless it takes effect now ("from now
# on we'll use ruff" is a rule from today on, not a plan).
_FUTURE = re.compile(
    r"\b(?:will|shall|going to|gonna|about to|plan(?:s|ning)? to|planned to|intend(?:s|ing)? "
    r"to|hope to|aim(?:s|ing)? to|(?:is|are|'re|'s) (?:planning|scheduled|due|set) to|"
    # "we want to migrate to X" is not done yet; "I want to use X" is a preference now
    r"want(?:s|ed)? to (?:switch|move|migrate|change|go)|"
    r"soon|eventually|at some point|next (?:week|month|quarter|year|sprint|release))\b|"
    r"\b(?:we|i|they|you|it|he|she)'ll\b", _I,
)
# A switch wanted, asked for, or waited on, not made: "we want to upgrade Django to 5.0", "we'd
# like to", "time to upgrade", "help me upgrade", "let's switch", "once we upgrade Node to 20,
# we can ...", "until we switch to pnpm, ...", "ideally we'd switch to pnpm", "can we upgrade to
# Node 20". The verb is in its plain form: "once we switched to pnpm, installs got faster" tells
# of a switch made.
_PLAIN_SWITCH_VERB = r"(?:switch|move|migrate|upgrade|update|downgrade|bump|revert|roll\s+back)\b"
_INTENDED = re.compile(
    r"\b(?:(?:want|wants|wanted|wanna|would\s+(?:like|love)|hope|hoping|ready|help\s+(?:me|us))"
    r"\s+(?:to\s+)?|(?:^|it's\s+|it\s+is\s+|high\s+|about\s+)time\s+to\s+|let(?:'s|s|\s+us)\s+(?!\w+\s+back\b)|"
    # "we'd like to", "we'd rather", "I'd switch"; not "I'd rather go with pnpm", a preference
    r"(?:we|i|you|they)'d\s+(?:[\w-]+\s+){0,2}?|ideally[\s,]+(?:[\w']+\s+){0,2}?|"
    # a subordinate clause: the switch is a condition of what follows, not told as made
    r"(?:until|till|once|when|whenever|if|unless|before|after|as\s+soon\s+as)\s+"
    r"(?:we|i|you|they|everyone|it)\s+(?:(?:finally|actually|eventually|all|can|do)\s+)?|"
    # a question without its mark: "can we upgrade to Node 20", "should we bump Node to 20"
    r"^(?:can|could|should|shall|would|will|do|did|may|might|must)\s+(?:we|you|i|they)\s+"
    r"(?:[\w-]+\s+)?)" + _PLAIN_SWITCH_VERB, _I)
_TAKES_EFFECT_NOW = re.compile(
    r"\b(?:from now on|going forward|starting (?:today|now)|as of (?:today|now)|effective "
    r"(?:today|immediately)|from today)\b", _I,
)
# "because of a broker bug" keeps its first words: "Of a broker bug." says nothing alone.
_BECAUSE = re.compile(r"[,;]?\s+\b(?:(?=because\s+of\b|due\s+to\b)|(?:because|since|so that|"
                      r"as otherwise)\b\s+)(?P<why>.+)$", _I)
# A reason told after a dash or semicolon: "Don't mock the database — we got burned last quarter
# when ...". Only a clause telling of a time already past is taken as one ("...; open a PR
# instead" is part of the rule).
_AFTERTHOUGHT = re.compile(r"\s*(?:;|\s[—–-]\s)\s*(?P<why>[^;—–]+)$")
# A reason said before its rule: "Since the outage last week, always page the on-call first".
_REASON_FIRST = re.compile(
    r"^(?:since|after|because(?:\s+of)?)\s+(?P<why>[^,;]{6,}),\s*(?P<rule>.+)$", _I)
# ... or told as what happened, then the rule it taught: "We got burned last quarter when mocked
# tests passed, so don't mock the database in integration tests"
_REASON_THEN = re.compile(r"^(?P<why>[^,;]{6,}),\s*so\s+(?P<rule>.+)$", _I)
_POINTS_BACK = re.compile(r"\b(?:it|its|they|them|their|those|these)\b", _I)
# A past plan whose outcome is not told ("We planned to cut over on 2026-01-05", "We were
# launching the app in April"): still a plan, to check how it turned out.
_OUTCOME_UNTOLD = re.compile(r"\b(?:planned|decided to|(?:was|were)\s+\w+ing)\b", _I)
# An event told as held ("We had the retro on Monday", "we held the offsite last week"): done,
# however its event word reads as a plan
_HELD = re.compile(r"\b(?:we|they|i)\s+(?:just\s+|already\s+|finally\s+)?(?:had|held)\s+"
                   r"(?:the|our|a|an|my|their)\b", _I)
# ... and one that is only a meeting held, with nothing of it told: the meeting is over and
# says nothing to a later session (what was decided at it would be a memory of its own).
_MEETING = (
    r"(?:the|our|a|an|my|their)\s+(?:[\w-]+\s+)?(?:retros?|retrospectives?|stand-?ups?|"
    r"meetings?|syncs?|planning|offsites?|all-hands|town ?halls?|1:1s?|one-on-ones?|"
    r"interviews?|workshops?|kick-?offs?|calls?|demos?|hackathons?|webinars?|sessions?)")
_HELD_MEETING = (
    r"(?P<who>we|they|i)\s+(?:just\s+|already\s+|finally\s+)?(?:had|held|did|ran)\s+"
    + _MEETING)
_MEETING_HELD = re.compile(rf"^{_HELD_MEETING}(?P<when>(?:\s+[\w-]+){{0,4}})\s*[.!]?$", _I)
# "We had the retro on Monday and decided to stop deploying on Fridays": what was decided is
# news of its own, dated by the meeting; the meeting alone is over (``_MEETING_HELD``)
_DECIDED_AT = re.compile(
    rf"^(?P<held>{_HELD_MEETING}(?P<when>(?:\s+[\w-]+){{0,4}}?))\s*,?\s+and\s+"
    r"(?:(?:we|they|i)\s+)?(?:(?:also|finally|all)\s+)?(?P<decided>(?:decided|agreed|chose|"
    r"settled\s+on)\b.+)$", _I)
# ... and the same told from the meeting, or the day: "At the retro on Monday, we decided to
# ...", "On Monday we decided to ..."
_DECIDED_AT_MEETING = re.compile(
    rf"^(?:(?:at|during|in)\s+{_MEETING}(?P<when>(?:\s+[\w-]+){{0,4}}?)|"
    rf"(?P<day>on\s+(?:{'|'.join(WEEKDAYS)})|yesterday|last\s+week|earlier\s+today))\s*,?\s+"
    r"(?P<who>we|they|i)\s+(?:(?:also|finally|all)\s+)?(?P<decided>(?:decided|agreed|chose|"
    r"settled\s+on)\b.+)$", _I)
# The user away from one event ("I can't make the design review on 2026-07-24", "I won't be at
# the offsite next week", "I'll miss the standup on Friday"): it went in as the plan itself, so
# the event read as off and an earlier plan of it was replaced. Not a deadline the user can't
# meet ("I can't make the deadline on ...").
_AWAY_FROM_IT = re.compile(
    r"i\s*(?:(?:can't|cannot|can\s+not|won't|will\s+not|(?:'m|am)\s+not\s+(?:going|able)\s+to)"
    r"\s+(?:be\s+able\s+to\s+)?(?:make(?:\s+it)?(?:\s+to)?|attend|join|go\s+to|come\s+to|"
    r"be\s+(?:at|there\s+for|in))|(?:'ll|will|(?:'m|am)\s+going\s+to)\s+"
    r"(?:have\s+to\s+)?(?:miss|skip)|(?:'m|am)\s+(?:missing|skipping))\s+"
    r"(?!(?:the\s+|a\s+|our\s+|my\s+)?(?:[\w-]+\s+)?(?:deadline|cut-?off)s?\b)", _I)
# ... and what it goes on to tell of the event ("...; it moved to 2026-07-28", "..., so Nina runs
# the retro then"): the event away from, its day, and the clause after it
_AWAY_AND_THEN = re.compile(
    r"^(?P<event>(?!(?:on|next|this|in|tomorrow|today|tonight)\b).+?)(?P<when>\s+(?:on|next|this|in|tomorrow|today|tonight)\b[^;,—–]*?)?"
    r"\s*(?:;|,?\s+(?:so|but)|\s[—–-])\s+(?P<rest>.+)$", _I)
_IT_THEN = re.compile(r"^(?:it|that|this)\b(?!')|\bthen(?=[.!]*$)", _I)
_DATE_WORDS = CALENDAR_WORDS | word_set(
    "in on the of week weekend month year quarter early late mid end")
# Any day works to tell "last quarter" (before it) from "next quarter" (after it).
_SOME_DAY = date(2000, 1, 3)

# --- what not to save --------------------------------------------------------------------
_INJECTION = re.compile(
    r"\b(?:ignore|disregard|forget) (?:all |any )?(?:of )?(?:the |your |my )?(?:previous|prior|"
    r"above|earlier|system|preceding) (?:instructions|messages|rules|prompts?|context)|"
    r"\bdisregard (?:all|any|everything|the|your|these|those|that)\b|\bsystem prompt\b|"
    r"\byou are now\b|\bnew instructions\b|</?(?:system|instructions?)>|"
    r"\b(?:delete|erase|wipe|clear) (?:all|every|your)(?: of)?(?: the| your)? memor(?:y|ies)\b",
    _I,
)
PLANTED = "planted instruction"
QUOTED = "quoted text, not the person's words"
# A line that quotes someone else: a mail-style quote or a speaker's role ("assistant: ...").
_QUOTE_LINE = re.compile(r"^\s*>")
_ROLE_LINE = re.compile(
    r"^\s*(?:\*\*|\[)?(?:assistant|system|user|human|ai|claude|model|bot|tool)(?:\*\*|\])?\s*:",
    _I,
)
# A pasted log line (timestamped or levelled): what follows it is the same paste.
_LOG_LINE = re.compile(
    r"^\s*\[?(?:\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}|\d{2}:\d{2}:\d{2}\b|"
    r"(?:INFO|WARN|WARNING|ERROR|DEBUG|TRACE|FATAL)\b[\]:])"
)
_GIT = re.compile(
    r"\bgit (?:log|blame|show|reflog)\b|\bcommit [0-9a-f]{7,40}\b|\b(?:last|previous|latest) "
    r"commit\b|\bin (?:the|this|that) commit\b|\bmerged (?:the |my |your )?(?:pr|pull request|"
    r"branch)\b|\b(?:pr|pull request) #?\d+\b|\bwas reverted\b|\bcherry-?pick", _I,
)
_DEBUG = re.compile(
    r"\bstack ?trace\b|\btraceback\b|\bsegfault\b|\broot cause\b|\bthe (?:error|bug|crash|"
    r"issue|problem|failure) (?:was|is) (?:caused|because|due|in|that)\b|\bto debug\b|"
    r"\bdebugging\b|\bthe fix (?:was|is)\b|\bfixed (?:it|this|that) by\b|\bworkaround (?:was|is)"
    r"\b|\brepro(?:duce)?\b|\bnull pointer\b|\boff-by-one\b|\berror:\s", _I,
)
# "Stop using print for debugging": debugging is what the rule is for, not a recipe.
_DEBUG_AS_CONTEXT = re.compile(r"\b(?:for|when|while|during) debugging\b", _I)
# "Always include the stack trace in bug reports": a rule for every time, no recipe
# (a verb after it, as asked: not "Never seen this traceback before", "Always a segfault")
_ALWAYS_OR_NEVER = re.compile(
    r"^\s*(?:please\s+)?(?:always|never)\s+(?!(?:a|an|the|this|that|these|those|same|so|"
    r"been|had|was|is|got)\b)(?![a-z]+(?:ed|en)\b|[a-z]+(?<!s)s\b)[a-z]+\s+\S", _I)
_CODE_UNIT = r"(?:function|class|method|module|component|helper)"
_CODE_RELATION = (
    r"(?:calls|returns|handles|contains|imports|wraps|depends on|inherits from|extends|"
    r"subclasses|overrides)"
)
_STRUCTURE = re.compile(
    r"\b(?:is|are) (?:defined|declared|implemented|located|stored|kept) in\b|"
    # "the parser lives in src/", not "the search cluster lives in us-east-1" or "in Frankfurt"
    rf"\blives? (?:in|under)\b(?!\s+(?-i:[A-Z])[\w-]*(?!\.?[\w/-])|\s+{SLOT_VALUE}(?![\w/])|"
    # ... nor "the manifests live in the infra repo": another repository, not this code
    r"\s+(?:the\s+|our\s+)?[\w-]+\s+(?:repo|repository|monorepo|bucket|vault|drive)\b)|"
    rf"\bentry ?point\b|\b{_CODE_UNIT} `?[\w.]+`? (?:is|does|takes|{_CODE_RELATION})\b|"
    # "the Handler class wraps every request", "the stats module depends on the io module"
    rf"\b`?[\w.]+`? {_CODE_UNIT}s? {_CODE_RELATION}\b|\bcalls? `?[\w.]+\(\)", _I,
)
_PATH = re.compile(r"(?<![\w/])(?:\.{0,2}/)?[\w.-]+/[\w./-]*\.[A-Za-z0-9]{1,5}\b|\b[\w-]+\.(?:py|"
                   r"ts|tsx|js|jsx|go|rs|rb|java|kt|c|h|cpp|cs|php|swift|vue|svelte)\b")
_EPHEMERAL = re.compile(
    r"\b(?:this|that|these|those) (?:bug|error|test|tests|file|files|function|line|lines|issue|"
    r"pr|branch|change|changes|diff|output|failure|warning|commit|method|class|script|"
    r"snippet|stack)\b|\bright now\b|\bfor now\b|\bat the moment\b|\bnext step\b|"
    r"\bcurrently (?:working|debugging|fixing|looking)\b|"
    r"\b(?<!we )(?<!they )now (?:run|fix|add|try|let's|do)\b|"
    # ("let's not ...", "let's go back to npm", "let's use npm again" are a rule and a switch
    # back, not a task)
    r"^(?:(?:let's|lets)(?!\s+(?:not|(?:go|switch|move)\s+back\s+to|use\s+[\w.+#-]+\s+again)\b)|"
    r"can you|could you|"
    r"would you|will you|go ahead|try|run|fix|"
    r"look at|check|"
    r"show me|give me|make it|continue|proceed|undo|revert)\b|\bwip\b|\btodo\b|"
    # a task asked of the assistant, or help asked with it: "help me upgrade Django to 5.0"
    r"^(?:please )?(?:help (?:me|us) (?:to )?)?(?:fix|add|implement|refactor|update|change|look|"
    r"make|create|remove|delete|"
    r"rename|move|continue|commit|push|open|show|explain|review|tidy|clean|bump|upgrade|"
    r"downgrade|tag|install|build|print|merge|finish|rerun|retry|do|"
    # ... or something to do now with what it names: "Read the guide at https://... and
    # summarize it" asks for a reading, not to remember where the guide is ("Read the guide
    # at https://... before opening a PR" is a habit)
    r"(?:read|re-read|summari[sz]e|skim|visit|browse)\b(?!.*\b(?:before|after|when|whenever|"
    r"every\s+time)\s+(?:you\s+|we\s+)?[a-z]+ing\b))\b"
    # ... but not a noun opening a rule: "Commit messages must follow Conventional Commits"
    r"(?!\s+[\w-]+\s+(?:must|should)\b)|"
    # a push on the work at hand: "Don't stop until all functions are ported"
    r"^(?:please )?(?:don't|do not) (?:stop|give up|quit)\b|^keep (?:going|at it|working)\b",
    _I,
)
_CODEISH = re.compile(r"^\s*(?:\$ |>>> |[{}\[\]<]|def |class |import |from \S+ import|at \S+\()")
_IMPERATIVE = word_set(
    """use run write add keep put avoid prefer call name format test commit push deploy make
    ask check prefix wrap log document pin lint type sort group follow stick target mention
    include exclude skip default reply answer respond explain comment start end open close
    store cache mock stub"""
)
# Verbs of a habit, said before "before ...ing" ("Rerun flaky tests before reporting a failure")
_HABIT_VERBS = (_IMPERATIVE - {"make"}) | word_set(
    """rerun re-run retry update rebase squash pull bump read re-read ping notify tag verify
    double-check regenerate rebuild restart clear wait tell review lint build sign label track
    file report post save back""")

_MAKES_A_THING = word_set("add write put create open close")
_DEFINITE = re.compile(r"\s*(?:the|my|your|our)\b", _I)
_HABIT_CONDITION = re.compile(r"\b(?:before|after|when|whenever|every\s+time)\b", _I)


def _standing_imperative(sentence: str) -> bool:
    """``sentence`` is a rule said as a bare imperative (``_KIND_RULE``, ``_HABIT``) pointing at
    nothing in the conversation but in its reason ("..., it makes reviews painful")."""
    reason = _BECAUSE.search(sentence) or _COMMA_REASON.search(sentence)
    said = sentence[: reason.start()] if reason is not None else sentence
    if len(sentence.split()) > 16 or _POINTS_AT_HAND.search(said) or _ONE_PIECE.search(
            _HABIT_CONDITION.split(said, maxsplit=1)[0]):
        return False
    if _KIND_RULE.match(sentence):
        return True
    m = _HABIT.match(sentence)
    if m is None or (verb := m["verb"].lower()) not in _HABIT_VERBS:
        return False
    # "Add the retry logic before deploying": one thing made, not a habit
    return not (verb in _MAKES_A_THING and _DEFINITE.match(m["what"]))


# A reason's opening word that points at nothing at hand ("it" in "it's faster than npm")
_REASON_OPENS = word_set("it it's its that that's this they they're")


def _instead_proposed(sentence: str) -> str:
    """"Let's use spaces instead." as "Use spaces instead.": a known tool, or one end of a
    choice of one kind, put in place of another, not a task proposed ("let's use a set
    instead", "let's use dataclasses instead"); as it was, else."""
    bare = _FILLER.sub("", sentence.strip())
    if not bare[:10].lower().startswith(("let's use ", "lets use ")):
        return sentence
    said = bare[bare.index(" ") + 1:]
    chosen = said.rstrip(".! ")[4:-8]
    if said.rstrip(".! ")[-8:].lower() != " instead" or not (
            use_tool(f"use {chosen}") or chooses_an_end(chosen)):
        return sentence
    return sentence_case(said)


def _tool_with_reason(sentence: str) -> bool:
    """``sentence`` asks to use a known tool and says why, of no thing at hand ("Use pnpm,
    it's faster than npm", "Use pnpm because it's faster"): a choice for good, as "Use f-strings,
    it helps readability" is. Said alone ("Use pnpm") it may be for the task at hand."""
    if sentence[:4].lower() != "use " and sentence[:11].lower() != "please use ":
        return False
    reason = _BECAUSE.search(sentence) or _COMMA_REASON.search(sentence)
    if reason is None or use_tool(sentence[: reason.start()]) is None:
        return False
    first, _, rest = reason["why"].partition(" ")
    return not _POINTS_AT_HAND.search(rest if first.lower() in _REASON_OPENS else reason["why"])


def _instead_of_doing(sentence: str) -> bool:
    """``sentence`` is a rule said as a bare imperative on a kind of thing set against another
    way of doing it (``_INSTEAD_OF_DOING``): "Fix flaky tests instead of skipping them" holds
    for every flaky test, as a task on the ones at hand ("Fix the bug instead of working around
    it") would not."""
    doing = _INSTEAD_OF_DOING.match(sentence)
    # ("them" in "instead of rerunning them" is the kind of thing the rule is about)
    # ... but "for now" after it ties it to the task at hand
    return doing is not None and not _AT_HAND.search(sentence[:doing.start("instead")]) and (
        not _AT_HAND.search(doing["where"] or ""))


@dataclass(frozen=True)
class _Kind:
    """What a sentence was found to be, before it becomes a ``Candidate``."""

    kind: CandidateKind
    text: str
    explicitness: float
    new: str | None = None
    old: str | None = None
    back: bool = False
    revises: bool = False  # said after "I changed my mind": takes back an earlier statement
    example: str = ""  # the rule applied to the work at hand, said beside it (``_one_off``)
    of_plan: bool = False  # told done, no word of a plan: ``Candidate.of_plan``


# (kind found, reason not to save, statement, why, consumed the following sentence)
_Analysis = tuple["_Kind | None", "str | None", str, str, bool]
_MEMO_MAX = 50_000


@dataclass
class GatherStats:
    """Counts of what gathering read and found, for the run record."""

    messages: int = 0
    human_messages: int = 0
    sentences: int = 0
    candidates: int = 0
    dropped: int = 0


@dataclass
class Gatherer:
    """Feed it messages in order (``add``); it keeps candidates and decisions."""

    facts: ProjectFacts = field(default_factory=ProjectFacts)
    candidates: list[Candidate] = field(default_factory=list)
    decisions: list[Decision] = field(default_factory=list)
    stats: GatherStats = field(default_factory=GatherStats)
    _memo: dict[tuple[str, str], _Analysis] = field(default_factory=dict, repr=False)

    def add(self, message: Message) -> None:
        self.stats.messages += 1
        if not message.is_human:
            return
        self.stats.human_messages += 1
        # Redact before anything else reads the text, so no decision can quote a secret.
        text = _AFTER_REDACTION.sub(r"\1.\2", redact(message.text))
        when = message.timestamp or datetime(1970, 1, 1, tzinfo=timezone.utc)
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
        for block in quoted:
            self.stats.dropped += 1
            self.decisions.append(Decision("dropped", shorten(block, 120), QUOTED,
                                           session_id=message.session_id))
        # "Bumped Node from 18 to 20 and npm from 9 to 10": each upgrade is a change of its own
        parts = [part for sentence in sentences(text)
                 for part in (upgrade_clauses(sentence) or _each_replaced(sentence)
                              or _each_rule(sentence) or _each_dated(sentence, when.date())
                              or _away_and_more(sentence) or [sentence])]
        if _TAKEN_BACK.search(text) or _CORRECTION_IGNORE.search(text):
            parts = self._taken_back(parts, message.session_id)
        asked = [part for part in parts if _ASKED_NOT_TO_SAVE.search(part)]
        if asked:
            parts = self._not_to_save(parts, asked, message.session_id)
        parts = [_it_resolved(part, parts[i - 1]) if i else part for i, part in enumerate(parts)]
        parts = [part for said in parts
                 for part in self._decided_at(said, when, message.session_id) or [said]]
        skip_next = False
        for i, sentence in enumerate(parts):
            if skip_next:
                skip_next = False
                continue
            following = parts[i + 1] if i + 1 < len(parts) else ""
            skip_next = self._sentence(sentence, following, message.session_id, when)

    def _taken_back(self, parts: list[str], session_id: str) -> list[str]:
        """The sentences of a message less what the person took back in it: the words before
        "forget that" / "scratch that" / "never mind" in its sentence, or when there are none
        the sentence before it; what follows stays ("Always use yarn. Actually, scratch that,
        use pnpm." is "Actually, use pnpm."). "..., ignore that" ending a correction takes
        back the sentence before the correction ("Can you use shorter names? Actually no, keep
        them descriptive, ignore that." keeps the correction)."""
        kept: list[str] = []
        for part in parts:
            marks = list(_TAKEN_BACK.finditer(part))
            if not marks:
                end = _CORRECTION_IGNORE.search(part)
                if end is not None and kept and _CORRECTION.match(part):
                    self._drop_taken_back(kept.pop(), end[0], session_id)
                    part = part[:end.start()]
                kept.append(part)
                continue
            head = part[:marks[0].start()].strip()
            opener = head if _TAKE_BACK_OPENER.match(head) else ""
            if (opener or not head) and not kept:
                # ("Scratch that, use tabs.", "Actually, scratch that, ..." opening a message
                # takes back what an earlier one said: a change of mind the entries it revises
                # tell)
                kept.append(part)
                continue
            self._drop_taken_back(kept.pop() if opener or not head else head, marks[0][0],
                                  session_id)
            after = part[marks[0].end():]
            for m in reversed(marks[1:]):
                start, end_at = m.start() - marks[0].end(), m.end() - marks[0].end()
                after = after[:start] + " " + after[end_at:]
            left = " ".join(f"{opener} {after}".split()).strip(" ,;:—–-")
            if left and left != opener:
                kept.append(ensure_period(left))
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

    def _sentence(self, sentence: str, following: str, session_id: str, when: datetime) -> bool:
        """Consider one sentence; True when it also consumed the following one."""
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
        if found is None:
            return consumed
        if reason is not None:
            self.stats.dropped += 1
            self.decisions.append(Decision("dropped", shorten(sentence, 120), reason,
                                           session_id=session_id))
            return consumed
        return self._candidate(found, statement, why, session_id, when) or consumed

    def _analyse(self, sentence: str, following: str) -> _Analysis:
        """What a sentence is and whether to save it; nothing here depends on when or where."""
        sentence = _neither_nor(sentence)
        if "instead" in sentence:
            sentence = _instead_proposed(sentence)
        found = _detect(sentence)
        consumed = False
        if found is not None and found.kind == "correction" and len(found.text.split()) < 3:
            if not following:
                # ("No, that's wrong." ending the message: what is right is not said)
                return found, ("a correction that does not say what is right: nothing to "
                               "remember"), "", "", False
            # "No, that's wrong." followed by the actual correction in the next sentence.
            again = _detect(following)
            if again is None and _says_nothing(following):
                # ("No, that's wrong. Looks good.": what follows says nothing of what is right)
                return found, ("a correction that does not say what is right: nothing to "
                               "remember"), "", "", True
            body = again.text if again is not None else _clean(following)
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
        reason = _not_to_save(_without_change_of_mind(sentence), found)
        if reason is None and "[REDACTED:" in found.text:
            reason = "contained a secret (redacted); a credential is never remembered"
        if reason is None and contains_secret(found.text):
            reason = "still contains a secret after redaction"
        if reason is None and found.kind not in ("resource", "switch") and not _STANDING.search(
                sentence) and (path := shown_path(found.text, self.facts)) is not None:
            beside = _beside_path(found.text)
            if beside is not None:
                # "Our CI runs on GitHub Actions; the workflow is .github/workflows/ci.yml":
                # the project shows the file, and the rest is the memory
                found = replace(found, text=beside)
            else:
                # "the tests are in tests/unit and tests/integration": a folder the project has
                reason = f"file paths the project already shows ('{path}' is in the project)"
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
        dated, rewrites = _absolutize(statement, when.date())
        why, why_rewrites = _absolutize(why, when.date())
        for said, done in ((dated, rewrites), (why, why_rewrites)):  # the reason's dates too
            for rw in done:
                self.decisions.append(Decision(
                    "dated", shorten(said, 120),
                    f"'{rw.original}' said on {when.date().isoformat()} -> {rw.replacement}",
                    session_id=session_id))
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
            return False  # (a day ahead: "We have it delivered on 2026-08-01" is no news)
        if kind == "plan" and not _has_date(dated) and date_shift(statement) is None and (
                plan_cancelled(statement) is None):
            return False
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
        text = ensure_period(sentence_case(third_person(dated)))
        candidate = Candidate(
            kind=kind,
            type=_classify(kind, statement),
            text=text,
            key=key_clause(text),
            source=Source(session_id, when.date()),
            timestamp=when,
            explicitness=found.explicitness,
            why=ensure_period(sentence_case(why)) if why else "",
            example=ensure_period(third_person(found.example)) if found.example else "",
            new=found.new,
            old=found.old,
            back=found.back,
            revises=found.revises,
            of_plan=found.of_plan,
            # a present claim ("We're on Postgres 15 in prod", "Prod runs Postgres 15") says
            # what holds now as a correction does, without "now"
            maybe_new=(_version_claim(statement, kind == "correction" or bool(
                kind == "fact" and _ON_VERSION.match(statement)))
                       if kind in _MAY_TELL_VERSION and not still_to_come
                       and not _not_done(statement) else None),
            order=len(self.candidates),
        )
        self.candidates.append(candidate)
        self.stats.candidates += 1
        return False


# Kinds whose sentence may say which version of a tool we are on now
_MAY_TELL_VERSION = frozenset({"fact", "correction", "remember", "preference"})
_version_claim = lru_cache(maxsize=16_384)(version_claim)


def own_words(text: str) -> tuple[str, list[str]]:
    """The lines a person wrote in their own voice, and the quoted or pasted blocks left out.

    A ``>`` line is a quote. A line that opens with a speaker ("assistant:", "system:") or a
    log stamp starts a paste that runs to the next blank line: a pasted chat or CI log can
    carry planted instructions that must not read as the person's rules.
    """
    kept: list[str] = []
    quoted: list[str] = []
    in_paste = previous_quoted = False
    for line in strip_code(text).splitlines():
        if not line.strip():
            in_paste = previous_quoted = False
            kept.append(line)
            continue
        starts_paste = bool(_ROLE_LINE.match(line) or _LOG_LINE.match(line))
        if not (in_paste or starts_paste or _QUOTE_LINE.match(line)):
            previous_quoted = False
            kept.append(line)
            continue
        flat = " ".join(line.split())
        if previous_quoted and not _ROLE_LINE.match(line):
            # one decision per block, not per line: a pasted log's stamped lines are one block
            quoted[-1] = f"{quoted[-1]} {flat}"
        else:
            quoted.append(flat)
        in_paste = in_paste or starts_paste
        previous_quoted = True
    return "\n".join(kept), quoted


# "It" opening a sentence, with its verb: "It's deployed to GKE", "It runs on Lambda".
_IT_OPENS = re.compile(r"^it(?:'s\b|\s+(?=(?:is|was|has|runs|uses|lives|deploys|talks|"
                       r"depends|needs|reads|writes|serves|owns|sends|calls)\b))\s*", _I)
# What "it" in the next sentence plainly stands for: the part of the system a sentence opens
# with ("The billing API is written in Go."), or what it says the project is ("This repo is
# the ranking service.").
_NAMED_AS = re.compile(
    r"^(?:this|our|the)\s+(?:repo|repository|project|codebase|service|app)\s+is\s+"
    rf"(?P<it>(?:the|our)\s+(?:[\w-]+\s+){{0,2}}{_SYSTEM_NOUN})\s*[.!]?$", _I)
_OPENS_WITH = re.compile(rf"^(?P<it>(?:the|our)\s+(?:[\w-]+\s+){{0,2}}{_SYSTEM_NOUN})\s+"
                         r"(?!and\b|or\b|of\b|for\b|in\b|with\b|to\b)", _I)


# Who owns what, said whole: "Marco owns the ledger-export module." ("him" and "its" in the
# next sentence are Marco and the module)
_OWNER_OF = re.compile(
    r"^(?P<who>(?-i:[A-Z][a-z]+))\s+(?:owns|maintains|is responsible for|looks after)\s+"
    r"(?P<what>(?:the|our)\s+(?:[\w-]+\s+){0,2}?[\w-]+)\s*[.!]?$", _I)
# (not "her team", "her PR": "her" before a noun is whose, not whom)
_HIM_OR_HER = re.compile(r"\bhim\b(?!\s+(?:own|self)\b)|\bher\b(?=\s*(?:[,.;:!?]|$|"
                         r"(?:before|after|about|first|when|whenever|if|for|to|and|or|too|again|"
                         r"in|on|as|with|up|out|know|the|a|an|any|every)\b(?!-)))", _I)
_ITS = re.compile(r"\bits\b", _I)
# "Can you use shorter variable names?" before "Actually no, keep them descriptive": the kind of
# thing asked about is what "them" is
_ASKED_ABOUT_KIND = re.compile(
    r"^(?:can|could|would|should)\s+(?:you|we)\s+(?:use|make|keep|write)\s+(?:(?:more|less)\s+)?"
    r"[a-z]+\s+(?P<kind>(?:[a-z]+\s+)?[a-z][\w-]*[^s\W]s)\s*\?$", _I)
_KEEP_THEM = re.compile(r"^(?P<head>(?:(?:actually|no|nah)[\s,]+)*(?:keep|make|leave)\s+)them"
                        r"(?=\s+[a-z]+\s*[.!]?$)", _I)


def _said_of_before(sentence: str, previous: str) -> str:
    """``sentence`` with "him"/"her" and "its" put as the person and the thing the sentence
    before names as its owner and what they own ("Marco owns the ledger-export module. Ask
    him before changing its schema." -> "Ask Marco before changing the ledger-export module's
    schema."), or "them" as the kind of thing a question before asked about ("Can you use
    shorter variable names? Actually no, keep them descriptive." -> "... keep variable names
    descriptive"); as it is else: cut off from what it points at, it says nothing."""
    if previous.endswith("?") and "them" in sentence:
        kind, keep = _ASKED_ABOUT_KIND.match(previous), _KEEP_THEM.match(sentence)
        if kind is not None and keep is not None:
            return f"{keep['head']}{kind['kind']}{sentence[keep.end():]}"
        return sentence
    if not (" him" in sentence or " her" in sentence) or (
            (owner := _OWNER_OF.match(previous)) is None):
        return sentence
    if len(_HIM_OR_HER.findall(sentence)) != 1:
        return sentence
    said = _HIM_OR_HER.sub(owner["who"], sentence)
    what = owner["what"]
    what = what[:1].lower() + what[1:]
    return _ITS.sub(lambda _: f"{what}'s", said, count=1)


def _it_resolved(sentence: str, previous: str) -> str:
    """``sentence`` with an opening "it" put as what it plainly stands for in the sentence
    before it ("This repo is the ranking service. It's deployed to GKE." -> "The ranking
    service is deployed to GKE."), or as it is: alone, "It's deployed to GKE." says nothing,
    and where the sentence before opens with no part of the system "it" is left unread."""
    m = _IT_OPENS.match(sentence)
    if m is None:
        return _said_of_before(sentence, previous)
    named = _NAMED_AS.match(previous) or _OPENS_WITH.match(previous)
    if named is None:
        return sentence
    verb = "is " if m[0].lower().startswith("it's") else ""
    return sentence_case(f"{named['it']} {verb}{sentence[m.end():]}")


_FIRST_PERSON_VERB = r"(work|lead|manage|maintain|run|own|use|prefer|like|want|need|write|build)"
# Past forms that do not end in -ed: "I went back to pytest" reads "The user went back ...".
_IRREGULAR_PAST = (r"(?:went|wrote|made|took|built|broke|chose|did|found|got|gave|kept|left|"
                   r"lost|meant|ran|said|saw|sent|spent|told|thought|began|brought|bought|"
                   r"drew|drove|fell|felt|forgot|heard|held|knew|led|rode|rose|sat|shook|"
                   r"sold|stood|swore|threw|understood|woke|won|wore|met|paid|spoke|"
                   # ... nor "-eed" ("I agreed to ..." is no "The user agreeds")
                   r"agreed|freed)")
_MODALS = word_set("can could will would shall should may might must")


# Words after "I always/never ..." that are no verb to conjugate: the sentence keeps "they".
_NO_PRESENT = word_set("ever am was were had did do does have has be been wanna gonna gotta got "
                       "get just")


_PAST_FORM = re.compile(rf"{_IRREGULAR_PAST}|.*[^e]ed")


def _said_in_past(low: str) -> bool:
    """A lower-case verb in its past form ("shipped", "went"); "need" and "speed" are not."""
    return _PAST_FORM.fullmatch(low) is not None


def _present(verb: str) -> str | None:
    """``verb`` after "The user": "squash" -> "squashes", "try" -> "tries", "double-check" ->
    "double-checks"; a past form or a modal as it is; None for a word that is no plain verb."""
    low = verb.lower()
    if low in _NO_PRESENT:
        return None
    if low in _MODALS or _said_in_past(low):
        return verb
    head, _, last = verb.rpartition("-")
    out = last + "es" if re.search(r"(?:s|sh|ch|x|z|o)$", last) else (
        last[:-1] + "ies" if re.search(r"[^aeiou]y$", last) else last + "s")
    return f"{head}-{out}" if head else out


def _with_present(m: re.Match[str]) -> str:
    verb = _present(m[2])
    return m[0] if verb is None else f"The user {m[1]} {verb}"


def _user_does(m: re.Match[str]) -> str:
    """"I fix bugs first" -> "The user fixes bugs first"; an adverb not known as one ("I
    typically ...", "I still ...") keeps the words as they are."""
    word = m[1]
    verb = None if word.lower().endswith("ly") or word.lower() in _NOT_A_VERB else _present(word)
    return m[0] if verb is None else f"The user {verb}"


_ADVERB = (r"never|always|usually|mostly|often|rarely|really|also|only|mainly|still|sometimes|"
           r"typically|generally|normally|personally")
_NOT_A_VERB = word_set("then rather even ever already too not no so and or but if as at in on to "
                       "for of with") | frozenset(_ADVERB.split("|"))


_FIRST_PERSON: list[tuple[re.Pattern[str], str | Callable[[re.Match[str]], str]]] = [
    (re.compile(r"^(?:i'm|i am)\b", _I), "The user is"),
    (re.compile(r"^(?:i've|i have)\b", _I), "The user has"),
    (re.compile(r"^i'd rather\b", _I), "The user would rather"),
    (re.compile(r"^i (?:don't|do not|dont)\b", _I), "The user doesn't"),
    # a modal said with its "not" ("I can't ...", "I cannot ...", "I'll ..."): it read "They
    # can't ..." (the agent reading it is "they" too) or "The user cannots ..."
    (re.compile(r"^i ((?:ca|could|would|should|must|wo)n't|cannot)(?![\w'-])", _I),
     "The user \\1"),
    (re.compile(r"^i'll\b", _I), "The user will"),
    # "I never ever want ...": "ever" goes with the adverb, the verb follows it
    (re.compile(rf"^i ((?:{_ADVERB})(?: ever)?) {_FIRST_PERSON_VERB}\b", _I), "The user \\1 \\2s"),
    (re.compile(rf"^i {_FIRST_PERSON_VERB}\b", _I), "The user \\1s"),
    # "do" is no verb to conjugate alone ("I do think ..."), but after an adverb it is the work
    # done ("I mostly do backend work": not "They mostly do ...")
    (re.compile(rf"^i ((?:{_ADVERB})(?: ever)?) do\b", _I), "The user \\1 does"),
    (re.compile(rf"^i ((?:{_ADVERB})(?: ever)?) ([a-z]+(?:-[a-z]+)*)(?![\w'-])", _I),
     _with_present),
    (re.compile(rf"^i ((?:just |already |recently |finally )?(?:[a-z]+(?<!e)ed|{_IRREGULAR_PAST}))"
                r"(?![\w'-])", _I), "The user \\1"),
    # "I bun install everything now": the tool run as a command, not a verb to conjugate ("The
    # user buns install ...")
    (re.compile(rf"^i ((?:just |now |mostly |always )?)({TOOL_PATTERN}) (install|add|run)\b", _I),
     "The user \\1uses \\2 to \\3"),
    (re.compile(r"^i ([a-z]+(?:-[a-z]+)*)(?![\w'-])", _I), _user_does),
    (re.compile(r"\bI(?:'m| am)\b"), "they are"),
    (re.compile(r"\bI(?:'ve| have)\b"), "they have"),
    (re.compile(r"\bI\b"), "they"),
    (re.compile(r"\bmy\b", _I), "their"),
    (re.compile(r"\bme\b"), "them"),
]


def third_person(text: str) -> str:
    """A person's "I am ..." as the memory will read it: "The user is ..."; "My name is ..."
    as "The user's name is ..."; "Bob prefers tabs but I prefer spaces" as "... but the user
    prefers spaces" (an "I" left in a memory is the agent's, once it reads it)."""
    if re.match(r"^my\b", text, _I):
        text = "The user's" + text[2:]
    elif not re.match(r"^i\b|^i'", text, _I):
        m = _MID_I.search(text)
        if m is None:
            # "ask me for the link", "before 5pm my time": no "I" to say who, so the user by name
            return _ME.sub(lambda w: "the user" if w[0] == "me" else "the user's", text)
        tail = third_person(text[m.start():])
        return text[: m.start()] + tail.replace("The user", "the user", 1)
    for pattern, repl in _FIRST_PERSON:
        text = pattern.sub(repl, text)
    return text


_ME = re.compile(r"\b(?:me|my)\b")
# "I" after other words: "but I prefer spaces" (a capital I only: "i" may be a variable)
_MID_I = re.compile(r"(?<=[\w,;:—–-] )I(?:'m\b|'ve\b|'d\b| (?=[a-z])"
                    # ... nor a hedge: "... GitHub Actions I think"
                    r"(?!(?:of|in|on|at|to|for|and|or|is|was|are|were|vs|think|guess|believe|"
                    r"suppose|assume|mean|reckon)\b))")


@lru_cache(maxsize=16_384)
def _absolutize(text: str, day: date) -> tuple[str, tuple[DateRewrite, ...]]:
    out, rewrites = absolutize(text, day)
    return out, tuple(rewrites)


def _has_date(text: str) -> bool:
    """A date as the engine writes it ("2026-01-05", "the week of ...", "January 2026",
    "in 2026") or with a year ("January 15, 2026")."""
    return last_mention(text) is not None


def _clean(text: str) -> str:
    text = _FILLER.sub("", text.strip())
    text = _PLEASE.sub("", text)
    tail = _TAIL_REMINDER.search(text)
    if tail is not None and len(text[: tail.start()].split()) >= 3:
        text = text[: tail.start()] + "."
    return sentence_case(text.strip(" ,;:-—"))


def _planned(statement: str) -> bool:
    return bool(_FUTURE.search(statement) or intended(statement)) and not (
        _TAKES_EFFECT_NOW.search(statement))


def intended(text: str) -> bool:
    """A switch wanted or waited on, not a clause after a switch already told ("We're on Node
    20 now, so when we update the lockfile use npm 10")."""
    m = _INTENDED.search(text)
    if m is None:
        return False
    before = text[: m.start()]
    return not (TELLS_SWITCH.search(before) or version_switch(before) is not None)


def _split_why(text: str) -> tuple[str, str]:
    first = _REASON_FIRST.match(text)
    if first is None and ", so " in text.lower():
        first = _REASON_THEN.match(text)
        if first is not None and (_passing_state(first["why"]) or _SINCE_A_TIME.search(
                first["why"]) or _POINTS_BACK.search(first["rule"]) or TELLS_SWITCH.search(
                first["why"])):
            # "The build has been broken since Friday, so don't merge anything": a rule for
            # as long as the state holds, kept whole; "We got burned by flaky integration
            # tests, so always rerun them once": what "them" is was said first; "We migrated
            # to Postgres last month, so use psql": the switch is a memory of its own
            first = None
    if first is not None and len(first["rule"].split()) >= 3 and _tells_past(first["why"]) and (
            _says_rule(first["rule"])):
        return ensure_period(sentence_case(first["rule"])), sentence_case(first["why"])
    m = _BECAUSE.search(text) or _past_afterthought(text) or _comma_reason(text)
    if m is None or _a_time_alone(m["why"].rstrip(".")):
        return text, ""
    head = text[: m.start()]
    # a short head is a rule of its own only when it says one ("Use f-strings, it helps
    # readability"); "Sure, it helps" is no rule and its reason
    if len(head.split()) < 2 or (len(head.split()) < 3 and not _says_rule(head)):
        return text, ""
    if _SINCE_A_TIME.match(text, m.start()) and _a_time_alone(
            _ANY_CLAUSE.split(m["why"], maxsplit=1)[0]):
        # "broken since Friday, so don't merge anything": since when, then what follows
        return text, ""
    why = m["why"].strip().rstrip(".")
    return ensure_period(text[: m.start()].rstrip(" ,;—–-")), sentence_case(why)


_PAST_STORY = re.compile(r"^(?:we|it|that|this|they|the \w+)\s+(?:\w+\s+)?(?:got|was|were|"
                         r"broke|failed|took|caused|leaked|burned|bit|hit|went)\b", _I)


def _past_afterthought(text: str) -> re.Match[str] | None:
    """The clause after a rule's dash or semicolon when it tells what happened before ("— we got
    burned last quarter", "; it leaked last month"): the rule's reason, not part of the rule."""
    dashed = ";" in text or "—" in text or "–" in text or " - " in text
    m = _AFTERTHOUGHT.search(text) if dashed else None
    if m is None or len(m["why"].split()) < 3:
        return None
    if not _says_rule(text[: m.start()]):
        return None
    return m if _tells_past(m["why"]) else None


# "Don't reformat files you didn't change, it makes reviews painful": what the rule spares, told
# after a comma; or whom it spares, "Keep PRs under 400 lines, reviewers hate big diffs" (the
# people it is for, said with how they take it: "..., reviewers are on it" tells no reason)
_COMMA_REASON = re.compile(
    r",\s+(?P<why>(?:(?:it|that|this|they)(?:'s|'re|\s+(?:is|are|was|were|makes?|breaks?|causes?|"
    r"slows?|costs?|wastes?|hurts?|confuses?|clutters?|pollutes?|adds?|leads?|hides?|"
    r"triggers?|fails?|won't|doesn't|don't|can't|never))|"
    r"(?:(?:the|our|most|many|some|other)\s+)?(?:reviewers|users|customers|people|folks|"
    r"devs|developers|maintainers|teammates|everyone|everybody|nobody|no\s+one|the\s+team|"
    r"on-?call)\s+(?:(?:really|all|just|usually|always|never|tend\s+to)\s+)?(?:hates?|"
    r"dislikes?|complains?|struggles?|ignores?|skims?|miss(?:es)?|needs?|expects?|prefers?|"
    r"rel(?:y|ies)|gets?\s+(?:lost|confused|annoyed|tired)|won't|doesn't|don't|can't|"
    r"never))\b[^,;]{6,}|"
    # what it is good for: "Put type hints on everything, it helps mypy"; or what it harms,
    # however short: "Never push to the release branch, it breaks CI"
    r"(?:it|that|this|they)\s+(?:helps?|saves?|catches?|prevents?|avoids?|keeps?|breaks?|"
    r"causes?|slows?|costs?|wastes?|hurts?|confuses?|clutters?|pollutes?|triggers?|hides?)"
    r"\s+\w[^,;]+)$",
    _I)


# ... or told next, of the thing chosen ("It has workspaces.", "They're faster.")
_REASON_NEXT = re.compile(r"(?:it|they)(?:'s|'re|\s+(?:is|are|has|have|supports?|handles?|"
                          r"gives?|lets?|works?|runs?|installs?|resolves?))\s+\w", _I)
# ... or who wanted it so: "The auditors asked for it", "Legal requires it"
_ASKED_FOR_IT = re.compile(
    r"^(?:the\s+|our\s+)?(?!(?:i|you|it|this|that)\b)[\w-]+(?:\s+[\w-]+)?\s+(?:asked\s+(?:us\s+)?"
    r"for|requested|wanted|wants?|needs?|requires?|required)\s+(?:it|this|that|them)\s*$", _I)


def _reason_next(following: str) -> bool:
    """``following`` gives the reason for the choice said before it, and is nothing to remember
    of its own."""
    said = following.strip().rstrip(".!")
    if _REASON_NEXT.match(said) is None and _COMMA_REASON.fullmatch(f", {said}") is None:
        return _ASKED_FOR_IT.match(said) is not None
    rest = said.partition(" ")[2]  # "it" is the thing chosen: what follows points at hand?
    return len(said.split()) <= 12 and not _POINTS_AT_HAND.search(rest) and _detect(said) is None


def _without_comma_reason(text: str) -> str:
    m = _COMMA_REASON.search(text)
    return text if m is None else text[: m.start()]


def _without_reason(text: str) -> str:
    """``text`` without the reason told after it, "because ..." or after a comma."""
    m = _BECAUSE.search(text)
    return _without_comma_reason(text if m is None else text[: m.start()])


def _comma_reason(text: str) -> re.Match[str] | None:
    m = _COMMA_REASON.search(text)
    if m is None:
        return None
    return m if _says_rule(text[: m.start()]) else None


def _says_rule(head: str) -> bool:
    """``head`` is a rule, however said: a reason may follow it."""
    return bool(_PROHIBITION.search(head) or _PREFERENCE.search(head) or use_tool(head)
                or _standing_imperative(_FILLER.sub("", head.strip())) or (
                    (_GENERIC_IMPERATIVE.search(head) or _PLURAL_SHOULD.search(head))
                    and not _AT_HAND.search(head)))


_SINCE_A_TIME = re.compile(r"[,;]?\s+since\b", _I)
_WEEKDAY_ALONE = re.compile(rf"(?:this\s+)?(?:{'|'.join(WEEKDAYS)})\.?", _I)


def _tells_past(text: str) -> bool:
    """``text`` tells of something at a time already past ("we got burned last quarter", "the
    outage yesterday")."""
    _, rewrites = _absolutize(text, _SOME_DAY)
    return any(rw.resolved < _SOME_DAY for rw in rewrites) and not _a_time_alone(text)


def _a_time_alone(text: str) -> bool:
    """``text`` is a time and nothing more ("last week", "2026-01-05", "Friday"): after
    "since" it says when, not why."""
    if len(text.split()) > 5:
        return False  # longer than any time said alone ("the week after next")
    if _WEEKDAY_ALONE.fullmatch(text.strip()):
        return True  # a weekday alone is dated only after its preposition
    dated, _ = _absolutize(text, _SOME_DAY)
    if not _has_date(dated):
        return False
    # what is left once the date's own words are gone ("in the week of 2026-06-29")
    return all(any(c.isdigit() for c in w) or w.lower() in _DATE_WORDS
               for w in re.findall(r"[\w-]+", dated))


def _learned_rule(sentence: str, found: _Kind) -> bool:
    """A rule given with what once went wrong ("Don't mock the database in these tests — we got
    burned last quarter"): a lesson kept for good, whatever it points at."""
    if found.kind not in ("prohibition", "preference"):
        return False
    why = _split_why(sentence)[1]
    return bool(why) and _tells_past(why)


# Every pattern in _SWITCHES needs one of these words: one cheap search spares most sentences
# the ten patterns.
_SWITCH_WORD = re.compile(
    r"\b(?:switch|mov|migrat|chang|went|go|revert|return|replac|instead|not|ditch|swap|trad|"
    r"stopped|quit|dropped|renam|rather|back\s+(?:on|to)\b|"
    r"upgrad|updat|downgrad|bump|rolled|pinned|now\b|again\b)|->|=>|→", _I)


_SWITCH_VERB = (r"(?:switch|mov|migrat|upgrad|updat|downgrad|bump|chang|go\b|went\b|revert|return|"
                r"replac|swap|ditch|trad)")
# A switch said not to have happened, or that may not: "we haven't upgraded to Node 20", "don't
# switch to pnpm yet", "we can't migrate until ...", "we tried to move". The memory it would
# replace is still true; what is said is a rule or nothing.
_NOT_DONE = re.compile(
    r"(?:n't|\b(?:not|never|no\s+longer|would|could|might|(?-i:may)|can|tr(?:y|ies|ied|ying)\s+to|"
    r"whether\s+to|if\s+we))\s+(?:(?!(?:so|and|but|then|because|since|we|they|it)\b)[\w-]+\s+)"
    r"{0,2}?(?:be\s+)?" + _SWITCH_VERB, _I)


def _not_done(text: str) -> bool:
    """A negation or modal that governs the switch itself, not a follow-up after a switch
    already told ("We switched to pnpm so we can move faster", "We bumped Node to 20, so you
    might need to update your .nvmrc")."""
    m = _NOT_DONE.search(text)
    if m is None:
        return False
    before = text[: m.start()]
    return not (TELLS_SWITCH.search(before) or version_switch(before) is not None)


# A switch told in the passive as still to come ("The staging cluster is being migrated to k8s
# 1.30 next Tuesday", "... will be moved to ..."): its past participle tells no switch made
_SWITCHED_TO_COME = re.compile(
    r"\b(?:being|will\s+be|(?:is|are)\s+(?:going\s+)?to\s+be|gets?|getting)\s+"
    r"(?:switched|moved|migrated|upgraded|downgraded|changed|replaced|bumped)\b", _I)


# A switch still owed: "we should upgrade to Node 20", "we need to bump Node to 20 before April".
# Like one planned, it is a plan or a decision, not a change made.
_OWED = re.compile(
    r"\b(?:should|must|needs?\s+to|ha(?:ve|s)\s+to)\s+(?:[\w-]+\s+){0,2}?" + _SWITCH_VERB, _I)


# A name in backticks: "from `pip` to `uv`" names the tools as plainly as "from pip to uv"
_NAME_IN_CODE = re.compile(r"`([A-Za-z0-9][\w.+#/-]*)`")


def _focus_not_a_choice(before: str, new: str, old: str, text: str) -> bool:
    """"Focus on correctness, not style": what to look at, told after "focus on", is how the
    user wants the work done, not a tool chosen; "We're focusing on Kubernetes, not Nomad" and
    "Focus on Vitest, not Jest" name what is chosen (a name or a known tool) and are. A focus
    for a while ("Focus on iOS, not Android, this sprint", "Right now we're focusing on
    Playwright, not Vitest") chooses nothing for good."""
    if not before.rstrip().lower().endswith(("focus", "focusing", "concentrate",
                                             "concentrating")):
        return False
    return _FOCUS_FOR_A_WHILE.search(text) is not None or not all(
        not name.islower() or tool_kinds(name) for name in (new, old))


_FOCUS_FOR_A_WHILE = re.compile(
    r"\b(?:this|next)\s+(?:sprint|week|month|quarter|release|migration)\b|"
    # (a leading "Right" is read as filler: "Now we're focusing on ..." was "Right now ...")
    r"\b(?:right\s+now|for\s+now|for\s+the\s+moment|today|for\s+this\s+\w+)\b|^now\b", re.I)


# A tool left, said beside the move away from it: "We don't use poetry anymore, we moved to
# uv", "We moved to uv, we don't use poetry anymore"
_LEFT = (r"(?:we|i)(?:\s+(?:don't|do\s+not|no\s+longer|are\s+not|aren't|am\s+not)|'re\s+not|"
         r"'m\s+not)\s+(?:use|using)\s+(?!(?:it|that|this|them|those|these)\b)"
         r"(?P<old>[\w.+#-]*\w)(?:\s+any\s*more)?")
_LEFT_BEFORE = re.compile(rf"^{_LEFT}\s*[,;]\s*", _I)
_LEFT_AFTER = re.compile(rf"\s*[,;]\s*{_LEFT}\s*[.!]?$", _I)


# "lets use npm again pnpm breaks on fly": a tool gone back to, and what broke told after it
# ("We will use Docker again next sprint" is a plan)
_USE_AGAIN = re.compile(
    rf"^(?:(?:actually|actualy|ok(?:ay)?|so)\b[\s,]*)?(?:let'?s|let\s+us|we\s+should|"
    rf"please)\s+(?:just\s+)?use\s+(?=(?-i:[A-Z])|{_KNOWN_NAME})(?P<new>{_T})\s+"
    # (not for a purpose: "Please use npm again to install the deps" is the task at hand)
    # (not for the task at hand: "again to install", "... for the moment", "... today", "...
    # here", "... on the new files", "... in this test")
    r"(?P<again>again\b(?!\s+(?:to\s+[a-z]|today\b|here\b|now\b|in\s+the\s+meantime\b|for\s+"
    r"(?:now|a\s+bit|the\s+(?:moment|time\s+being|next|install|demo|rest)|(?:this|that|these|"
    r"those)\b(?!\s+(?:repo|project|codebase|monorepo)\b))|on\s+(?:this|that|these|those|the\s+"
    r"new)\b|in\s+(?:this|that|the)\s+(?:test|file|step|branch|one)\b|with\s+this\b))"
    r"[\s,;:—–-]*(?P<rest>.*))$",
    _I)


def _used_again(text: str) -> _Kind | None:
    """"Let's use npm again, pnpm breaks on fly" said as a move back, in its own words: the tool
    of the same kind named after it is the one left, and what it tells of it the reason."""
    m = _USE_AGAIN.match(text) if "again" in text.lower() else None
    if m is None:
        return None
    new, rest = m["new"], m["rest"].strip().rstrip(".!")
    left = [t for t in tools_in(rest) if tool_kinds(t) & tool_kinds(new) and not same_tool(t, new)]
    old = left[0] if len(left) == 1 and has_word(rest.split()[0], left[0]) else None
    # ("..., it was faster": the reason as said, for the why to be read from it)
    said = f"Use {new} again because {rest}" if old is not None else f"Use {new} {m['again']}"
    return _Kind("switch", ensure_period(said.rstrip()), 0.9, new=new, old=old, back=True)


def _switch(text: str) -> _Kind | None:
    if _SWITCH_WORD.search(text) is None or _not_done(text):
        return None
    plain = _NAME_IN_CODE.sub(r"\1", text) if "`" in text else text
    if plain != text:
        found = _switch(plain)
        return replace(found, text=text) if found is not None else None
    upgrade = version_switch(text)
    if upgrade is not None:
        return _Kind("switch", text, 0.9, new=upgrade[0], old=upgrade[1])
    contrast = it_is_not(text)
    if contrast is not None:
        return _Kind("switch", text, 0.9, new=contrast[0], old=contrast[1])
    chosen = use_instead(text) if "instead" in text else None
    if chosen is not None:
        # "Use yarn instead": what it replaces is in the memory naming another of its kind
        return _Kind("switch", text, 0.9, new=chosen)
    for pattern, back in _SWITCHES:
        m = pattern.search(text)
        if m is None:
            continue
        which_new = "new" if m.groupdict().get("new") else "new2"
        new = _whole_name(text, m.start(which_new), m[which_new])
        which = next((g for g in ("old", "old2", "old3") if m.groupdict().get(g)), "old")
        old = m.groupdict().get(which)
        if old:
            old = _whole_name(text, m.start(which), old)
        is_back = back or bool(m.groupdict().get("back"))
        if back and not old and _VERSION_NEXT.match(text, m.end(which_new)):
            continue  # "... but rolled back to Node 18": a version move the upgrade did not hold
        if back and not old and (tried := _switch(text[: m.start()])) is not None:
            # "We switched to pnpm, then reverted to npm": what was left is what was tried
            old = tried.new
        if not old and not back and (left := _LEFT_BEFORE.search(text, 0, m.start()) or (
                _LEFT_AFTER.search(text, m.end()))):
            # "We don't use poetry anymore, we moved to uv": the move is from what was left
            old = left["old"]
        if new.lower() in _WEAK_TERMS or (old and old.lower() in _WEAK_TERMS):
            continue
        if new[:1].isdigit():
            continue  # "the release moved to 2026-07-17": a new date or number, not a choice
        if _PATH_LIKE.search(new) or (old and _PATH_LIKE.search(old)):
            continue  # "moved the middleware from app.py to middleware.py": code moved
        if (at := ADDRESS_AT.match(text, m.start(which_new))) and len(at[0].rstrip(
                ".,;:!?")) > len(new):
            # "The runbook moved to confluence.acme.io/oncall": a new address for the thing,
            # not a tool chosen ("confluence", "https"); a resource (``MOVED_TO_ADDRESS``)
            continue
        if (new.lower() in _CALENDAR_TERMS) != bool(old and old.lower() in _CALENDAR_TERMS):
            continue
        if old and old.lower() == new.lower():
            continue
        if old and _focus_not_a_choice(text[: m.start()], new, old, text):
            continue
        return _Kind("switch", text, 0.9, new=new, old=old, back=is_back)
    again = _used_again(text)
    if again is not None:
        return again  # (a move back told another way, "..., not black", is read as that)
    if "ing " in text and _SWITCHING_NOW.search(text) is not None and (
            eff := _TAKES_EFFECT_NOW.search(text)):
        # "We're switching the formatter to ruff format, starting today" is made as it is said:
        # it holds from today, as "We switched the formatter to ruff format" says, and is kept
        # so (the switch is dated by its message; "We're switching to X" alone may be under
        # way, and "We're switching ..., starting 2026-07-09" would read as a plan)
        head, tail = text[:eff.start()].rstrip(" ,"), text[eff.end():]
        said = f"{head}{tail}" if head else tail.lstrip(" ,")
        at = _SWITCHING_NOW.search(said)
        if at is None:
            return None
        return _switch(f"{said[:at.start()]}{at['we']} {at['verb']}ed{said[at.end():]}")
    return None


_SWITCHING_NOW = re.compile(r"\b(?P<we>we)(?:'re|\s+are)\s+(?P<verb>switch|migrat|mov)ing\b", _I)


_VERSION_NEXT = re.compile(rf"\s+{VERSION}\b")
_NAME_GOES_ON = re.compile(r"(?:[ \t]+(?-i:[A-Z])[\w.+#-]*[\w+#])+")
_NOT_NAME_WORDS = word_set("i the a an on in at by for to of and or but last next this that "
                           "today tomorrow yesterday since until because")


_PATH_LIKE = re.compile(
    r"[/\\]|\.(?:py|pyi|ts|tsx|js|jsx|mjs|go|rs|rb|java|kt|c|h|cc|cpp|hpp|cs|swift|php|md|json|"
    r"ya?ml|toml|ini|cfg|sql|sh|css|scss|html|vue|svelte)$", re.I)


def _whole_name(text: str, start: int, term: str) -> str:
    """``term`` as found at ``start``, or the known place it begins ("Microsoft Teams", not
    "Microsoft"; "Google Cloud Run", not "Google Cloud"), or the capitalised name it begins
    ("AWS Secrets Manager", "Grafana Loki"), up to four words."""
    longer = [p for p in places_in(text[start:start + 40]) if len(p) > len(term)
              and text.startswith(p, start)]
    if longer:
        return max(longer, key=len)
    if not term[:1].isupper() or " " in term:
        return term
    m = _NAME_GOES_ON.match(text, start + len(term))
    if m is None:
        return term
    words = []
    for word in m[0].split()[:3]:
        if word.lower() in _NOT_NAME_WORDS or word.lower() in CALENDAR_WORDS:
            break
        words.append(word)
    return " ".join([term, *words])


_WEAK_TERMS = word_set(
    """the a an it this that them there here then now use using me you us our my your his her
    their its one some any all each other more less new old back over up down again
    next last today tonight tomorrow yesterday week month year after before until later
    earlier"""
)  # ... and relative date words: "the release moved to next Friday" reschedules, not switches;
# nor is "the review moved to after the launch"
# A weekday or month is a switch only from another one ("the standup moved from Monday to
# Tuesday"); "the demo switched to Thursday" alone is a date, not a new choice.
_CALENDAR_TERMS = CALENDAR_WORDS - {"may"}  # as a switch term "may" is the modal verb


_EXPLICIT_LEAD = re.compile(
    r"^(?:reminder|fyi|heads[- ]?up|note|psa|important|context|for the record|for reference|"
    r"you keep forgetting|you forgot(?: again)?|again)\b",
    _I,
)
_LEAD_IN = re.compile(r"^(?P<head>[^:]{3,80}):\s+(?P<tail>\S.+)$")
# A colon between digits is a time ("every Tuesday at 10:00"), not a clause break.
_CLAUSE = re.compile(r"\s*(?:;|:(?!\d)|\s[—–]\s|\s-\s|,\s(?=(?:so|and|but|because|which)\b))\s*")


# Whenever a kind of work is done: "When you write tests", "Whenever adding migrations"
# ("When reviewing my PRs": the user's, all of them, are a kind of thing too)
_WHEN_DOING = re.compile(
    rf"^(?P<when>(?:when|whenever|if)\s+(?:(?:you|we)\s+[a-z]+\s+(?:my\s+)?{_BARE_KIND}|"
    rf"[a-z]+ing(?:\s+(?:my\s+)?{_BARE_KIND})?)),\s+(?P<rule>\S.+)$", _I)


def _detect(raw: str) -> _Kind | None:
    """The statement's kind; a lead-in ("One thing: I prefer ...") is dropped first."""
    sentence = _FILLER.sub("", raw.strip())
    m = _LEAD_IN.match(sentence)
    if m is not None and len(m["tail"].split()) >= 3 and _detect_core(m["head"]) is None:
        found = _detect_core(m["tail"])
        if _EXPLICIT_LEAD.match(m["head"]):
            # "FYI: ...", "Reminder: ...": the person marks it as worth keeping
            if found is None:
                return _Kind("remember", _clean(m["tail"]), 0.9)
            return replace(found, explicitness=max(found.explicitness, 0.85))
        asked = _REMEMBER.match(m["head"])
        if found is not None and asked is not None and not asked["rest"]:
            # "Remember: the staging cluster is named kestrel": asked to be kept, as "Remember
            # that ..." is, whatever kind of thing it is
            return replace(found, explicitness=1.0)
        if found is not None:
            return found
    found = _detect_core(sentence)
    if (found is None or found.kind in ("fact", "plan")) and (_REASON_FIRST.match(sentence) or (
            ", so " in sentence.lower() and _REASON_THEN.match(sentence))):
        # "We got burned last quarter ..., so don't mock the database": the rule its reason
        # came before, as "Don't mock the database, because ..." is
        told, why = _split_why(sentence)
        ruled = _detect_core(told) if why else None
        if ruled is not None and ruled.kind in _RULE_KINDS:
            return replace(ruled, text=_clean(sentence))
    if found is None and sentence[:1] in "WwIi" and (m := _WHEN_DOING.match(sentence)):
        # "When you write tests, use pytest fixtures": a rule for a kind of work, as "Use pytest
        # fixtures" alone is one; "When you run it, use -v" is the work at hand
        rule = _detect_core(m["rule"])
        if rule is not None and rule.kind in _RULE_KINDS and not _POINTS_AT_HAND.search(
                m["when"]):
            return replace(rule, text=_clean(sentence))
    return found


# A clause that only tells that a change was made, and perhaps when ("we migrated in the week of
# 2026-06-29", "renamed it on 2026-07-08"); it names nothing that changed ("we moved it to X"
# does), so what holds now is said beside it.
_CHANGE_MADE = re.compile(
    r"^(?:(?:and|so)\s+)?(?:(?:we|i|they|he|she|someone)\s+)?"
    r"(?:(?:have|has|had|just|already|finally|recently)\s+)*"
    r"(?:switched|moved|migrated|changed|renamed|upgraded|bumped|swapped|flipped|updated|"
    r"deployed|shipped|released|cut\s+(?:it\s+)?over|rolled\s+(?:it\s+)?out)\b(?P<rest>.*)$",
    _I)
_WHEN_WORDS = word_set("""it that this them everything over on in at during the of week weekend
    last night earlier recently already finally just today""")
_TOLD_APART = re.compile(r"\s*(?:[,;]\s|\s[—–-]\s)\s*")


def _tells_change_made(clause: str) -> bool:
    m = _CHANGE_MADE.match(clause.strip().rstrip(".!"))
    if m is None:
        return False
    rest = m["rest"]
    for said in date_mentions(rest):
        rest = rest.replace(said, " ")
    return all(w in _WHEN_WORDS for w in re.findall(r"[\w'-]+", rest.lower()))


@lru_cache(maxsize=16_384)
def state_told(text: str) -> tuple[str, str] | None:
    """(what holds, the clauses telling that the change was made) for "Prod is now prd-eu-2,
    we migrated in the week of 2026-06-29": the first is what an earlier memory of the same
    thing says, so it is what matches one; None when no clause only tells of the change."""
    parts = _TOLD_APART.split(text.strip().rstrip(".!"))
    told = [p for p in parts if _tells_change_made(p)]
    held = [p for p in parts if p not in told]
    if not told or len(held) != 1 or len(held[0].split()) < 2:
        return None
    return ensure_period(sentence_case(held[0])), ", ".join(told)


# People repeat themselves across sessions: a statement said again is keyed once.
@lru_cache(maxsize=16_384)
def key_clause(text: str) -> str:
    """The clause that carries the statement, for matching ("I prefer X, so keep Y" -> first;
    "Prod is now prd-eu-2, we migrated on ..." -> what holds)."""
    told = state_told(text)
    if told is not None:
        text = told[0]
    clauses = [c for c in split_outside_spans(_CLAUSE, text) if len(c.split()) >= 3]
    for clause in clauses:
        if _detect_core(clause) is not None:
            return clause
    return text


# "Push neither to the main branch nor to the release branch": two prohibitions in one
# imperative, said as the rule would keep them ("Never push to the main branch or the release
# branch."). Only after a verb of a rule: "Neither npm nor yarn works here" tells what is.
_PREPOSITIONS = r"to|on|in|into|from|with|at|for"
_NEITHER_NOR = re.compile(
    rf"^(?:please\s+)?(?P<verb>[a-z][\w-]*)(?:\s+(?P<prep>{_PREPOSITIONS}))?\s+"
    r"neither\s+(?P<one>[^,;:]+?)\s*,?\s+nor\s+(?P<other>[^,;:]+?)"
    r"(?P<why>,\s+\S.*?|\s+because\s+\S.*?)?\s*[.!]?$", _I)
_RULE_VERBS = _HABIT_VERBS | word_set("""merge force-push touch edit modify change delete remove
    install import upgrade downgrade depend rely mention expose hardcode hard-code""")
_PREPOSITION = re.compile(rf"^(?P<prep>{_PREPOSITIONS})\s+", _I)
# ... but two things at hand, or a time of the task, are not forbidden for good: "Merge neither
# this PR nor that one", "Touch neither it nor them", "Run neither the linter nor the tests for
# now", "Deploy neither today nor tomorrow" (a plan, as on two dates), "Install neither of them
# nor ..."
_NEITHER_AT_HAND = re.compile(rf"{_POINTS_AT_HAND.pattern}|\bones?\b|^of\b", _I)
# ... a time said after a comma is the task's too ("..., for now"), not a reason
_FOR_THE_TASK = re.compile(r"^\s*,\s*(?:for\s+(?:now|the\s+moment|this|that)\b|this\s+time\b|"
                           r"right\s+now\b|today\b|tonight\b|tomorrow\b|yet\b|again\b|"
                           r"here\b|until\b)", _I)


def _neither_nor(sentence: str) -> str:
    """``sentence`` as a prohibition of both things when it is an imperative on "neither X nor
    Y" about kinds of thing, else as it is."""
    m = _NEITHER_NOR.match(_FILLER.sub("", sentence.strip()))
    if m is None or m["verb"].lower() not in _RULE_VERBS:
        return sentence
    one, other = m["one"], m["other"]
    if _NEITHER_AT_HAND.search(f"{one} {other}") or _has_date(f"{one} {other}") or (
            _FOR_THE_TASK.match(m["why"] or "")):
        return sentence
    said_once = _PREPOSITION.match(one)
    again = _PREPOSITION.match(other)
    if said_once is not None and again is not None and (
            said_once["prep"].lower() == again["prep"].lower()):
        other = other[again.end():]  # "to main or to release": the rule says "to" once
    prep = f" {m['prep'].lower()}" if m["prep"] else ""
    return f"Never {m['verb'].lower()}{prep} {one} or {other}{m['why'] or ''}."


_ALLOWED_NOW = re.compile(r"(?:it's|it\s+is)\s+(?:fine|ok|okay|allowed)\s+to\s+(?:add|use)\s+"
                          r"[\w.+#-]+\s+(?:as|for|in)\s", _I)


def _beside_path(text: str) -> str | None:
    """``text`` without its clauses naming a file path, when what is left is a memory of its
    own ("Our CI runs on GitHub Actions" of "Our CI runs on GitHub Actions; the workflow is
    .github/workflows/ci.yml"); None when the path is its point ("The tests are in tests/unit")."""
    if ";" not in text:
        return None
    parts = [p.strip() for p in text.rstrip(".!").split(";")]
    kept = [p for p in parts if not _PATH.search(p)]
    if not kept or len(kept) == len(parts):
        return None
    said = "; ".join(kept) + "."
    return said if _detect_core(said) is not None else None


def _detect_core(raw: str) -> _Kind | None:
    sentence = _FILLER.sub("", raw.strip())
    m = _CHANGED_MIND.match(sentence)
    if m is not None:
        return _revision(m["rest"])
    m = _REMEMBER.match(sentence) or _REMEMBER_INSIDE.search(sentence)
    if m is not None and len(m["rest"].split()) >= 2:
        rest = re.sub(r"^to\s+", "", m["rest"].strip(), flags=_I)
        condition = sentence[: m.start()].strip(" ,;")
        if _CONDITION.match(condition):
            # "If we ever move to MySQL, remember that the migrations need rewriting": without
            # its condition the memory says something false
            rest = f"{condition}, {rest[:1].lower()}{rest[1:]}"
        inner = _switch(rest)
        if inner is not None:
            return _Kind("switch", _clean(rest), 1.0, inner.new, inner.old, inner.back)
        return _Kind("remember", _clean(rest), 1.0)
    m = _STANDING_OPENER.match(sentence)
    if m is not None and len(m["rest"].split()) >= 2:
        return _Kind("preference", _clean(m["rest"]), 0.9)
    m = _CORRECTION.match(sentence)
    if m is not None:
        rest = m["rest"]
        while (again := _CORRECTION.match(rest)) is not None and again["rest"] != rest:
            rest = again["rest"]
        rest = _clean(rest)
        inner = _switch(rest)
        if inner is not None:
            return _Kind("switch", rest, 0.9, inner.new, inner.old, inner.back)
        chosen = use_tool(rest)
        if chosen is not None:
            # "Actually, use yarn": put in place of what was said, as "... use yarn instead";
            # no correction whose words come in the next sentence
            return _Kind("switch", rest, 0.9, new=chosen)
        beside_state = _rule_beside_state(rest)
        if beside_state is not None:
            # "Actually, the build is broken, so don't merge": a rule, not the assistant corrected
            return replace(beside_state, explicitness=0.85)
        return _Kind("correction", rest, 0.85)
    if sentence[:3].lower() in ("you", "fee") and (may := _MAY_STOP.match(sentence)):
        stop = _STOP_ANSWERING.match(sentence[may.end():])
        if stop is None:
            return None
        return _Kind("prohibition", f"Stop {stop['doing']}.", 0.85, revises=True)
    switched = _switch(sentence)
    if switched is not None:
        # (as it is said, or as it holds when it takes effect now: ``_switch``)
        return _Kind("switch", _clean(switched.text), 0.9, switched.new, switched.old,
                     switched.back)
    beside_state = _rule_beside_state(sentence)
    if beside_state is not None:
        return beside_state
    if _IDENTITY.search(sentence):
        return _Kind("identity", _clean(sentence), 0.8)
    if sentence[:1] in "hHiIyY" and (intro := _TERSE_INTRO.match(sentence)) is not None:
        # said as it would be written: "I'm Sam, a solo dev, building ..."
        rest = sentence[intro.end():]
        return _Kind("identity", _clean(f"I'm {intro['name'].capitalize()}, a {intro['role']}"
                                        f"{rest}"), 0.8)
    if date_shift(sentence) is not None:
        # "The launch got pushed back two weeks": a plan's day moved, whichever plan it is
        return _Kind("plan", _clean(sentence), 0.7)
    if tells_call_off(sentence) and plan_cancelled(_split_why(sentence)[0]) is not None:
        # "The release is cancelled": a plan called off, whichever plan it is
        return _Kind("plan", _clean(sentence), 0.7)
    # The event and its date must be the statement's own: in "We never merge on Fridays because a
    # deploy took down checkout last year" they date the reason's past event, not a plan.
    if _PLAN_WORD.search(sentence) and _PLAN_WORD.search(said := _split_why(sentence)[0]):
        dated, rewrites = absolutize(said, _SOME_DAY)
        if rewrites or _has_date(dated):
            return _Kind("plan", _clean(_MISTYPED_SESSION.sub("session", sentence)), 0.7)
    if setting_change(sentence) is not None:
        # "Bumped retries from 3 to 5", "The standup moved to 10:30": what holds now
        return _Kind("fact", _clean(sentence), 0.75)
    if _PROHIBITION.search(sentence) and not _NOT_A_RULE.search(sentence):
        return _Kind("prohibition", _clean(sentence), 0.8)
    if _DECISION.search(sentence):
        return _Kind("decision", _clean(sentence), 0.75)
    if _URL.search(sentence) or _KEPT_IN_TOOL.search(sentence) or _SENT_TO_MONITORING.match(
            sentence) or (
        _CHANNEL_OR_TICKET.search(sentence) and _POINTER.search(sentence)
        and _FACT.search(sentence) is None and not _PREFERENCE.search(sentence)
    ):
        return _Kind("resource", _clean(sentence), 0.7)
    if _gives_not(sentence) and not _ONE_PIECE.search(
            sentence) and not _POINTS_AT_HAND.search(sentence):
        return _Kind("preference", _clean(sentence), 0.75)
    if _ALLOWED_NOW.match(sentence):
        # "It's fine to add pandas as an optional extra": what may be done, often an exception
        # to a rule against it
        return _Kind("preference", _clean(sentence), 0.75)
    if _PREFERENCE.search(sentence) and (not _DESPITE_SELF.search(sentence) or _PREFERENCE.search(
            _DESPITE_SELF.sub(" ", sentence))):
        strong = re.search(r"\b(?:always|prefer|i want you to)\b", sentence, _I) is not None
        return _Kind("preference", _clean(sentence), 0.8 if strong else 0.75)
    if (_UPDATE.search(sentence) and not _SETTLED_NOW.search(sentence)) or (
            _TOOL_THESE_DAYS.match(sentence)):
        return _Kind("fact", _clean(sentence), 0.75)
    if _SCHEDULE.search(sentence) or ("days" in sentence and _ON_WEEKDAYS.match(sentence) and (
            # ("I mostly do that work on Fridays": the work at hand)
            not _said_in_past(sentence.split(" ", 2)[1].lower())
            and not _POINTS_AT_HAND.search(sentence))):
        return _Kind("fact", _clean(sentence), 0.7)
    if _FACT.search(sentence):
        return _Kind("fact", _clean(sentence), 0.6)
    if _CHOSEN_INSTEAD.search(sentence):
        return _Kind("preference", _clean(sentence), 0.75)
    if _HOST.search(sentence) or MOVED_TO_ADDRESS.search(sentence):
        return _Kind("resource", _clean(sentence), 0.7)
    if (go_to := _GO_TO_PERSON.search(sentence)) is not None and not _AT_HAND.search(sentence):
        # whom to ask about a kind of thing is where to go for it, as a tracker or a wiki is;
        # work of a kind to hand to someone is how the work is done, a rule
        pointer = any(go_to[g] is not None
                      for g in ("asked", "asked_on", "asked_about", "asked_first", "asked_go"))
        return _Kind("resource" if pointer else "preference", _clean(sentence), 0.7)
    if _OUR_RUNS_ON.search(sentence) or _NAMED_RUNS_ON.search(sentence) or (
            (used := _PART_USES_TOOL.match(sentence)) is not None
            and tools_in(sentence[used.start("tool"):])
            # "The failing test uses jest", "The new tests use pytest": the work at hand
            and not _ONE_PIECE.fullmatch(used["part"]) and not _AT_HAND.search(used["part"])):
        return _Kind("fact", _clean(sentence), 0.6)
    if _tool_with_reason(sentence):
        return _Kind("preference", _clean(sentence), 0.7)
    if (_GENERIC_IMPERATIVE.search(sentence) or _PLURAL_SHOULD.search(sentence)) and not (
            # (a reason may point: "Use f-strings, it helps readability", "Use f-strings
            # because it reads better")
            _AT_HAND.search(_without_reason(sentence))) and len(sentence.split()) <= 16:
        return _Kind("preference", _clean(sentence), 0.7)
    if _standing_imperative(sentence) or _instead_of_doing(sentence) or (
            _when_they_are(sentence)):
        return _Kind("preference", _clean(sentence), 0.7)
    if _DONE_ON_A_DAY.search(sentence) and not _NOT_DONE_YET.search(sentence):
        dated, rewrites = absolutize(sentence, _SOME_DAY)
        if rewrites or _has_date(dated):
            return _Kind("fact", _clean(sentence), 0.7, of_plan=True)
    return None


# Told done, in words no plan is said in ("We shipped 1.4 today!", "The SOC2 evidence got
# submitted this morning", "I handed in the report on Friday") ...
_DONE_ON_A_DAY = re.compile(
    r"\b(?:shipped|submitted|delivered|handed\s+in|turned\s+in|sent\s+(?:in|off|out)|filed|"
    r"completed|finished|wrapped\s+up|went\s+(?:out|live)|signed\s+off)\b", _I)
# ... but plainly: not a wish, a condition, a time around another thing or a question of it
_NOT_DONE_YET = re.compile(
    r"n't\b|\b(?:not|never|yet|if|once|when|after|before|until|unless|whether|should|must|will|"
    r"would|could|might|can|need|needs|hope|plan|planning|going|want|wants)\b", _I)


def _revision(rest: str) -> _Kind | None:
    """What a person said after changing their mind, marked as taking back what they said
    before; a preference when it says what is wanted and nothing else is found ("I want long
    commit messages"). With no words after the marker ("I changed my mind.") the text is
    empty: the next sentence says it (``Gatherer._analyse``)."""
    rest = rest.strip()
    if len(rest.split()) < 2:
        return _Kind("preference", "", 0.85, revises=True)
    inner = _detect_core(rest)
    if inner is None and _WANTED.match(rest):
        inner = _Kind("preference", _clean(rest), 0.85)
    if inner is None:
        return None
    return replace(inner, explicitness=max(inner.explicitness, 0.85), revises=True)


# What a person wants, said plainly: "I want long commit messages", "use tabs".
_WANTED = re.compile(
    r"^(?:please\s+)?(?:(?:i|we)\s+(?:(?:would|'d)\s+)?(?:want|prefer|like|rather|need)\b|"
    rf"(?:never|always|don't|do\s+not)\b|(?:{'|'.join(sorted(_IMPERATIVE))})\b)", _I)


def _without_change_of_mind(sentence: str) -> str:
    """``sentence`` without its "I changed my mind:" (what the rules of what not to save
    read), or as it is."""
    m = _CHANGED_MIND.match(_FILLER.sub("", sentence.strip()))
    return m["rest"] if m is not None and m["rest"].strip() else sentence


def _not_to_save(sentence: str, found: _Kind) -> str | None:
    if _INJECTION.search(sentence):
        return f"{PLANTED}: never followed or saved"
    if sentence.rstrip().endswith("?"):
        return "a question, not a standing statement"
    if _GIT.search(sentence):
        return "git history: git log and git blame are authoritative"
    if _ONLY_POINTS.match(found.text):
        return "says nothing without the conversation it points back at ('that', 'this')"
    if found.kind == "correction" and _complaint(found.text):
        return "a complaint about how something went, not a correction of the assistant or a rule"
    if found.kind == "correction" and _passing_state(found.text):
        return ("a passing state of things (flaky, broken, down), not a correction of the "
                "assistant or a rule")
    if _DEBUG.search(sentence) and not (
        found.kind in ("prohibition", "preference") and (
            _DEBUG_AS_CONTEXT.search(sentence) or _ALWAYS_OR_NEVER.match(sentence))
    ):
        return "a one-off debugging recipe: the fix is in the code"
    if (held := _MEETING_HELD.match(found.text)) and (
            not held["when"].strip() or _a_time_alone(held["when"])):
        return "a meeting already held, with nothing told of it: ephemeral, not a standing fact"
    if found.kind == "plan" and _AWAY_FROM_IT.match(_FILLER.sub("", sentence.strip())):
        return ("the user's own absence from one event: the event stands, and a plan led by "
                "who is away would read as if it were off")
    if found.kind in ("decision", "plan") and _TASK_TAKEN_ON.search(sentence):
        return "ephemeral task state (one piece of work taken on), not a lasting decision"
    standing = _STANDING.search(sentence) is not None
    # "Rerun flaky tests before reporting a failure": a rule for every time, whatever its verb
    # ... or set against another way of doing it: "Fix flaky tests instead of skipping them"
    # opens like a task ("Fix ...") but is one for every time
    bare = _FILLER.sub("", sentence.strip())
    lasting = _LASTING.search(sentence) is not None or _standing_imperative(bare) or (
        _instead_of_doing(bare)) or _when_they_are(bare)
    if not standing and _STRUCTURE.search(sentence) and not _KEPT_IN_TOOL.search(sentence):
        return "code structure the project already shows"
    if not standing and found.kind not in ("resource", "switch") and _PATH.search(sentence) and (
            _beside_path(found.text) is None):
        return "file paths the project already shows"
    if not lasting and found.kind not in ("identity",) and _EPHEMERAL.search(
        _FILLER.sub("", sentence.strip())
    ) and not _learned_rule(sentence, found):
        # A dated plan said as a task ("let's ship on Friday") stays, unless the task is one
        # piece of work at hand ("let's review the PR tomorrow", "fix the onboarding bug today")
        if found.kind == "plan" and not re.search(
                r"\b(?:this|that|these|those|the)(?: [\w-]+)? (?:bug|error|file|failure|pr|"
                r"pull request)s?\b", sentence, _I):
            return None
        return "ephemeral task state, not a standing fact"
    return None


# How something went, said after "Actually," or "No,": "pnpm has been a pain with our monorepo",
# "Docker was a nightmare on the M1 machines", "I hate how slow the CI is".
_COMPLAINT = re.compile(
    # ("a mess", not "don't mess with"; "a disaster", not "disaster recovery")
    r"\b(?:a|an|such\s+a|real|total|complete|huge|big|major|absolute)\s+(?:pain|nightmare|"
    r"headache|hassle|mess|disaster|struggle)\b|\bpain\s+in\s+the\s+\w+|\b(?:nightmare|headache)s?\b|"
    r"\b(?:painful|annoying|frustrating|terrible|awful|horrible|miserable|clunky|janky)\b|"
    r"\bsuck(?:s|ed)?\b|\b(?:i|we)\s+(?:really\s+)?(?:hate|hated|dislike|can't\s+stand)\b|"
    r"\b(?:struggl(?:e|ed|ing)|fight(?:ing)?|fought|wrestl(?:e|ed|ing))\s+with\b|"
    r"\bgiv(?:es|ing|en)\s+(?:us|me)\s+(?:a\s+lot\s+of\s+|so\s+much\s+)?(?:trouble|grief|"
    r"problems|issues|headaches)\b", _I)
# Where a rule said beside a complaint may begin: "..., so use npm", "...; use yarn instead".
_ANY_CLAUSE = re.compile(r"\s*(?:[,;:]|\s[—–-]\s)\s*|\s+(?:so|and|but|then)\s+", _I)
_JOINED = re.compile(r"^(?:so|and|but|then|instead)\s+", _I)


# How something is for now, said after "Actually," or "No,": "the tests have been flaky all
# week", "the build has been broken since Friday", "staging is down again". Only with nothing
# after the state but when it held: "the v1 API is broken for dates before 1970" is a lasting
# fact worth keeping, and so is "the migrations are slow" (slow only for a while is passing).
_FOR_A_WHILE = (r"\s+(?:(?:all|this|last|the\s+whole|most\s+of\s+the|the\s+(?:past|last))\s+"
                r"(?:few\s+)?(?:week|day|morning|afternoon|night|sprint|month)s?|"
                r"since\s+(?:last\s+|this\s+)?[\w-]+|lately|recently|again|today|yesterday|"
                r"for\s+(?:days|hours|weeks|a\s+while|ages)|(?:right\s+)?now|at\s+the\s+moment)")
_PASSING_STATE = re.compile(
    r"^(?:(?:the|our|my)\s+)?(?:[\w-]+\s+){0,3}?(?:(?:has|have)\s+been|is|are|was|were|keeps?|"
    r"kept|(?:has\s+|have\s+)?started|seems?\s+to\s+be)\s+(?:(?:really|pretty|so|very|super|"
    r"still|just|quite|a\s+bit|kind\s+of)\s+)*(?:flaky|flakey|flaking|broken|failing|red|down|"
    r"unstable|flapping|timing\s+out|erroring|crashing|stuck|hanging|acting\s+up|offline|"
    rf"unreachable|slow(?={_FOR_A_WHILE}))(?:{_FOR_A_WHILE})*\s*[.!]?\s*$", _I)


def _passing_state(text: str) -> bool:
    """``text`` tells how something is for now ("The tests have been flaky all week") and
    nothing else: a clause beside it may be a rule ("..., so don't merge anything")."""
    return len(_ANY_CLAUSE.split(text)) == 1 and _PASSING_STATE.match(text) is not None


def _rule_beside_state(sentence: str) -> _Kind | None:
    """"The build has been broken since Friday, so don't merge anything": a rule for as long
    as a passing state holds, kept whole (the rule alone does not say while what it holds, the
    state alone is no memory)."""
    head, *rest = _ANY_CLAUSE.split(sentence.strip().rstrip(".!"), maxsplit=1)
    if not rest or _PASSING_STATE.match(head) is None:
        return None
    rule = _JOINED.sub("", rest[0])
    first = (rule.split() or [""])[0].lower()
    if _PROHIBITION.search(rule) and not _NOT_A_RULE.search(rule):
        return _Kind("prohibition", _clean(sentence), 0.8)
    if first in _IMPERATIVE or first in ("always", "please"):
        return _Kind("preference", _clean(sentence), 0.75)
    return None


def _complaint(text: str) -> bool:
    """``text`` tells how something went and asks for nothing: no clause of it is a rule or a
    statement of its own ("Pnpm has been a pain, so use npm" asks for npm; "Don't use pnpm, it
    has been a pain" forbids pnpm)."""
    head = _ANY_CLAUSE.split(text, maxsplit=1)[0]
    if _COMPLAINT.search(head) is None:
        return False
    for clause in _ANY_CLAUSE.split(text):
        clause = _JOINED.sub("", clause)
        first = (clause.split() or [""])[0].lower().strip(",.:;!")
        if first in _IMPERATIVE or first in ("never", "always", "don't", "do", "please") or (
                _PROHIBITION.search(clause) or _PREFERENCE.search(clause)
                or _detect_core(clause) is not None):
            return False
    return True


# "Don't do that again.", "Revert that, the timeout was fine.", "Never do this.": what "that"
# is lives in the conversation, not in the memory that would keep the rule.
# "We replaced flake8 and black with ruff": two switches, one sentence each
_REPLACED_PAIR = re.compile(
    rf"^(?P<head>.*?\breplac(?:e|ed|ing)\s+)(?P<a>{_T})\s+and\s+(?P<b>{_T})"
    rf"(?P<tail>\s+with\s+.+)$", _I)


def _each_replaced(sentence: str) -> list[str]:
    m = _REPLACED_PAIR.match(sentence)
    if m is None:
        return []
    return [f"{m['head']}{m['a']}{m['tail']}", f"{m['head']}{m['b']}{m['tail']}"]


# "..., and put type hints on everything": a rule joined to another with "and"; with no comma
# only between two rules each marked as one ("Always use tabs and never commit generated
# files"): "Use black and isort", "Squash commits and rebase before merging", "I prefer tabs
# and never use spaces" are one
_AND_RULE = re.compile(r"[,;]\s+and\s+(?=\S)|"
                       r"^(?:always|never|don't)\s.*?(?P<bare>\s+and\s+)(?=(?:never|always|don't)\s)",
                       _I)
# a word in the second rule pointing back at the first: "Always run the linter and never
# ignore its warnings", "Always write tests, and never skip them", "..., and never do that" are
# one rule; a relative "that" is not one ("never commit files that are generated")
_BACK_AT_FIRST = re.compile(
    r"\b(?P<pronoun>it|its|they|them|their)\b|\b(?:this|these|those)\b|"
    r"^(?:(?:never|always|don't|avoid)\s+)?[\w-]+\s+(?:(?:on|at|to|with|about|for)\s+)?"
    r"that\b(?!\s+(?:is|are|was|were|has|have)\b)", _I)
# ... unless something it could point at comes before it in the second rule: "never commit
# generated files or edit them" (words of the sentence's frame are not such things)
_NOT_POINTED_AT = word_set("""never always don't do not avoid and or but the a an our your my
    what whatever how when whenever before after without with on at to about for from in into
    of by any all every each""")


def _points_back(tail: str) -> bool:
    """The second rule ``tail`` points back at the first: a word pointing away from it, with
    nothing of its own before it that the word could name (one thing for "it", many for
    "them")."""
    m = _BACK_AT_FIRST.search(tail)
    if m is None:
        return False
    if m["pronoun"] is None:
        return True
    many = m["pronoun"].lower() in ("they", "them", "their")
    before = [w for w in re.findall(r"[\w'-]+", tail[: m.start()].lower())
              if w not in _NOT_POINTED_AT][1:]  # the first word left is the rule's verb
    return not any(w.endswith("s") == many for w in before)
_RULE_KINDS = frozenset({"preference", "prohibition"})
# how far a rule reaches, or that it forbids, not what it is about ("don't" is "don", "t")
_HOW_MUCH = word_set("everything everywhere always never every each all any don t do not")


def _away_and_more(sentence: str) -> list[str]:
    """The user away from one event and what goes on at it, each a sentence of its own: "I can't
    make the demo on 2026-07-24; it moved to 2026-07-28" is "The demo moved to 2026-07-28.", "I
    can't make the design review on 2026-07-24, so Leo presents the RFC then" is "Leo presents
    the RFC at the design review on 2026-07-24."; the absence alone is no plan (``_AWAY_FROM_IT``)
    and dropping the whole lost the plan it told. None when the rest is no plan of its own."""
    if not (";" in sentence or ", so " in sentence or ", but " in sentence or (
            " — " in sentence or " - " in sentence or " – " in sentence)):
        return []
    bare = _FILLER.sub("", sentence.strip())
    away = _AWAY_FROM_IT.match(bare)
    if away is None or (m := _AWAY_AND_THEN.match(bare[away.end():])) is None:
        return []
    event, when = m["event"], (m["when"] or "").strip()

    def put(it: re.Match[str]) -> str:
        return event if it[0].lower() != "then" else f"at {event} {when}".rstrip()

    rest = ensure_period(sentence_case(_IT_THEN.sub(put, m["rest"].strip(), count=2)))
    said, alone = _detect(bare), _detect(rest)
    if said is None or said.kind != "plan" or alone is None or alone.kind != "plan":
        return []
    return [ensure_period(bare[: away.end() + m.start("rest")].rstrip(" ,;—–-")), rest]


def _each_rule(sentence: str) -> list[str]:
    """Two rules said in one sentence, each a sentence of its own: "I prefer small pure functions
    over classes, so keep the stats code functional, and put type hints on everything" is a
    preference and a rule of its own, "Put type hints on everything." Only a rule said as an
    imperative, about none of what the first is about: "Always use uv, and never use pip" is
    one rule."""
    for m in _AND_RULE.finditer(sentence):
        head, tail = sentence[: m.start("bare") if m["bare"] else m.start()], sentence[m.end():]
        words = tail.lower().split()
        first = words[0] if words else ""
        if not (first in _HABIT_VERBS or first in ("never", "always", "don't", "avoid")) or (
                _points_back(tail)):
            continue
        if first in ("never", "always", "don't") and (len(words) < 2 or (
                words[1].strip(".,;!") not in _RULE_VERBS)):
            continue  # "Always use pnpm and never npm": the verb left out, the rule is one
        said, alone = _detect(head), _detect_core(tail)
        if said is None or alone is None or said.kind not in _RULE_KINDS or (
                alone.kind not in _RULE_KINDS) or (
                tokens(said.text) & tokens(tail)) - _HOW_MUCH:
            continue
        if said.kind == "prohibition" and alone.kind != "prohibition":
            continue  # "Never push to main, and always open a PR": what to do instead
        return [ensure_period(head.rstrip(" ,;")), ensure_period(sentence_case(tail))]
    return []


# "The code freeze starts on 2026-07-13 and the release is on 2026-07-24": two plans, each
# a whole clause with its own subject and its own date, which pass on different days. The
# second starts with who or what does it ("the release is", "we ship", "GA follows"); "... and
# ship on 2026-07-24" goes on with the first one's subject, and "between ... and ..." is one
# span
_AND_CLAUSE = re.compile(r",?\s+and\s+(?=\S)", _I)
_WHOLE_CLAUSE = re.compile(
    r"^(?:(?:we|they|i|you|he|she)\s+\w+|(?:(?:the|our|their|its|my|his|her|a|an)\s+)?"
    r"(?:[\w.-]+\s+){0,3}?(?:is|are|will|has|have|goes|\w+[^s\W]s)|[A-Z][\w.-]*\s+\w+)\b")
# the second clause's subject pointing back at the first: one plan told on
_BACK_AT_START = re.compile(r"^(?:it|its|this|that|these|those|then|there)\b", _I)
_SPAN = re.compile(r"\b(?:between|both|from)\b", _I)
# ... or its subject left out, said by the first ("We freeze on 2026-07-13 and ship on
# 2026-07-24": "we ship"), or its subject and verb ("We migrate the billing service on 2026-07-14
# and the search service on 2026-07-24": "we migrate the search service"); the verb is left out
# only of a clause naming a thing as the first's object is named
_WHO_DOES = re.compile(
    r"^(?P<who>we|they|i)(?P<aux>'ll|\s+(?:will|must|should|can|(?:plan|want|need|have|"
    r"are\s+going|'re\s+going)\s+to))?\s+(?P<verb>(?-i:[a-z])[\w-]*)"
    r"(?P<object>\s+(?:the|our|their|its|my)\s)?", _I)
_NAMED_THING = re.compile(r"^(?:the|our|their|its|my)\s", _I)
_NO_VERB = word_set("""on in at by from to until till before after for with and or also again
    not never always the our their its my a an""")


def _told_whole(head: str, tail: str) -> str | None:
    """``tail`` with the subject, or the subject and verb, it leaves to ``head`` said again;
    None when it leaves out neither."""
    m = _WHO_DOES.match(head)
    if m is None or _past_form(m["verb"]):
        # ("We had a planning session this morning and decided to ship the beta next Friday"
        # is a meeting and what was decided at it, which _decided_at reads)
        return None
    who = m["who"] + (m["aux"] or "")
    if _NAMED_THING.match(tail):
        return f"{who} {m['verb']} {tail}" if m["object"] else None
    first = tail.split(maxsplit=1)[0].lower()
    return f"{who} {tail}" if first.isalpha() and first not in _NO_VERB and not _past_form(
        first) else None


def _past_form(verb: str) -> bool:
    low = verb.lower()
    return low in ("had", "was", "were") or _said_in_past(low)


def _each_dated(sentence: str, day: date) -> list[str]:
    """Two plans said in one sentence, each a sentence of its own, so each is told past or
    upcoming by its own day; none when the sentence is not two dated plans."""
    for m in _AND_CLAUSE.finditer(sentence):
        head, tail = sentence[: m.start()], sentence[m.end():]
        if _SPAN.search(head) or _BACK_AT_START.match(tail):
            continue
        if not _WHOLE_CLAUSE.match(tail):
            whole = _told_whole(head, tail)
            if whole is None:
                continue
            tail = whole
        # the dates first: reading each side for a plan costs far more, and most "and"s
        # join no two dated clauses
        if not (_has_date(_absolutize(head, day)[0]) and _has_date(_absolutize(tail, day)[0])):
            continue
        said, alone = _detect(head), _detect(tail)
        if said is None or alone is None or said.kind != "plan" or alone.kind != "plan":
            continue
        return [ensure_period(head.rstrip(" ,;")), ensure_period(sentence_case(tail))]
    return []


# A rule's clause that applies it to the work at hand: "I prefer pure functions over classes —
# don't introduce a Formatter class for this". The rule holds beyond it; the clause is only an
# example of it, and in the rule it would read as if the rule were about that class.
_APPLIED = re.compile(r"\s*(?:;|\s[—–]\s|\s-\s|,\s+so\s+)\s*(?P<tail>[^;—–]+?)[.!]*$", _I)
# ... said with words that tie it to the task ("here" alone may be the project: not those)
_HERE = re.compile(r"\s+(?:for\s+(?:this|that|now)(?:\s+one)?|this\s+time|right\s+now|"
                   r"in\s+this\s+(?:one|case|pr|change|file|module|function))\b", _I)


def _one_off(statement: str) -> tuple[str, str]:
    """(the rule, its example): the rule without a clause that applies it to the work at hand
    (``_APPLIED``), said as an imperative tied to the task ("for this"), which reads whole
    without those words; the statement and "" when there is none."""
    m = _APPLIED.search(statement)
    if m is None:
        return statement, ""
    head, tail = statement[: m.start()], m["tail"].strip()
    first = tail.split(maxsplit=1)[0].lower() if tail.split() else ""
    example = _HERE.sub("", tail).strip()
    if not (first in _HABIT_VERBS or first in ("never", "don't", "do", "avoid")) or (
            example == tail or _POINTS_AT_HAND.search(example)) or len(head.split()) < 3:
        return statement, ""  # ("...; add them for this one too": "them" is the rule's)
    rule = _detect_core(head)
    if rule is None or rule.kind not in _RULE_KINDS or _POINTS_AT_HAND.search(head):
        return statement, ""
    return ensure_period(head), example


_ONLY_POINTS = re.compile(
    r"^(?:please\s+)?(?:(?:don't|do not|never|stop)\s+(?:do(?:ing)?\s+)?|revert\s+|undo\s+)"
    r"(?:that|this|it)\b(?:\s+again)?(?:[,;]\s+.*)?[.!]*$", _I)
_ONE_OFF = re.compile(r"\bflaky\b|\bre-?ran\b|\bre-?run\b|\bsession note\b|\bthis session\b",
                     _I)


def _states_a_rule(text: str) -> bool:
    """One of ``text``'s sentences is a rule for every time ("Rerun flaky tests before reporting
    a failure", "Always include the stack trace in bug reports"), which names what a debugging
    note would without being one."""
    for said in re.split(r"(?<=[.!?])\s+", text):
        said = _FILLER.sub("", said.strip())
        if _LASTING.search(said) or _standing_imperative(said):
            return True
        found = _detect(said) if said else None
        if found is not None and found.kind in ("preference", "prohibition"):
            return True
    return False


def not_worth_saving(text: str) -> str | None:
    """Why an existing memory looks like what Claude Code says not to save, or None.

    Used to rank old entries (the lowest go first when the index is over its limits), not to
    delete them: losing a person's memory on a heuristic is worse than keeping a weak one.
    """
    if _INJECTION.search(text):
        return "looks like a planted instruction"
    if _GIT.search(text):
        return "git history"
    if (_DEBUG.search(text) or _ONE_OFF.search(text)) and not _states_a_rule(text):
        return "a one-off debugging note"
    if not _STANDING.search(text) and (_STRUCTURE.search(text) or _PATH.search(text)):
        return "code structure the project shows"
    return None


def read_note(text: str) -> tuple[MemoryType, str]:
    """A note the person wrote into memory themselves: the type the same words get when said in
    a session (read as something they asked to remember when no rule finds a kind: they wrote
    it down to keep it), and its core without lead-ins ("Important: ...") for a title."""
    found = _detect(text)
    if found is None:
        return _classify("remember", text), _clean(text)
    return _classify(found.kind, found.text), found.text


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
