"""What a sentence states, if anything worth remembering: a rule, a prohibition, a correction, a
switch, a decision, a plan, a fact, who the user is."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache

from autodream import rx
from autodream.engine.dates import (
    EVENT_WORDS,
    VERSION_AND_DAY,
    WEEKDAY_NAME,
    WEEKDAYS,
    absolutize,
    date_mentions,
    date_shift,
    is_standing,
    plan_cancelled,
    recurring_window,
    tells_call_off,
)
from autodream.engine.informal import MONTH_WORDS
from autodream.engine.model import CandidateKind
from autodream.engine.places import PLACE_KIND, PLACE_PATTERN, SLOT_VALUE, places_in
from autodream.engine.recurring_days import day_said
from autodream.engine.revisions import chooses_an_end
from autodream.engine.setting_changes import setting_change, turn_to_come, turned_back
from autodream.engine.text import (
    ADDRESS_HERE,
    CALENDAR_WORDS,
    MOVED_TO_ADDRESS,
    NEW_PORT,
    TELLS_SWITCH,
    bare_put_right,
    ensure_period,
    has_word,
    names_pattern,
    port_put_right,
    sentence_case,
    split_outside_spans,
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
from autodream.engine.versions import NOW_WORD, VERSION, version_switch
from autodream.engine.wording import (
    _ANY_CLAUSE,
    _AT_HAND,
    _BARE_KIND,
    _BECAUSE,
    _COMMA_REASON,
    _FILLER,
    _GENERIC_IMPERATIVE,
    _I,
    _IMPERATIVE,
    _ONE_PIECE,
    _PASSING_STATE,
    _PLURAL_SHOULD,
    _POINTS_AT_HAND,
    _PREFERENCE,
    _PROHIBITION,
    _REASON_FIRST,
    _REASON_THEN,
    _SOME_DAY,
    _SYSTEM_NOUN,
    _TAKES_EFFECT_NOW,
    _clean,
    _has_date,
    _said_in_past,
    _split_why,
    _standing_imperative,
    _tells_past,
    _without_reason,
)

# --- kinds, in the order they are tried ---------------------------------------------------
_REMEMBER = rx.compile(
    r"^(?:please[\s,]+)?(?:remember|keep in mind|don't forget|do not forget|never forget|"
    r"for future reference|for the record|make a note|note to self|note for later|"
    r"save (?:this|that) (?:to|in) (?:your )?memory|add (?:this|that) to (?:your )?memory)"
    # (a word the ask begins with is no ask: "Remember-me tokens expire after 30 days" was
    # kept as "Me tokens expire after 30 days")
    r"\b(?!-\w)[\s,:;-]*(?:that\b[\s,]*|this\s*[:—–-]+\s*)?(?P<rest>.*)$", _I,
)
_REMEMBER_INSIDE = rx.compile(
    r"\b(?:please remember|remember|keep in mind) that\b[\s,]*(?P<rest>.+)$", _I
)
_CONDITION = rx.compile(r"^(?:if|when|whenever|before|after|once|in case|unless)\b\s+\S", _I)
_STANDING_OPENER = rx.compile(
    r"^(?:from now on|going forward|in (?:the )?future)[\s,:-]*(?P<rest>.+)$", _I
)
# A bare "no" opens a correction when a stop or a new clause follows it ("No, it's tabs", "no
# you're wrong", "no use pnpm"); before a noun it is the statement itself ("No more logrus", "no
# gorm, no sqlc"), a prohibition to keep whole.
_NO_OPENS = (r"no(?=\s*(?:[,.!:;—–-]|$)|\s+(?:i|i'm|you|you're|we|we're|it|it's|its|that|"
             r"that's|this|they|there|the|our|my|your|use|do|don't|dont|just|always|never|please|"
             r"pls|actually|wait|not|sorry|thanks)\b|"
             # a verb that is a noun as well ("No Go code", "No change anywhere", "No switch
             # statements") only before what it acts on: "no change it to 8080", "no go back"
             r"\s+(?:(?:keep|put|make|set|switch|go)\s+(?:it|this|that|them|the|a|an|to|back|off|"
             # (not "no go on Friday, we wait till Monday": a day that is off, a noun)
             rf"on(?!\s+(?:the|this|that|today|tomorrow|tonight|\d|{WEEKDAY_NAME})\b)|up|using|"
             r"everything|all)|change\s+(?:it|this|that|them|back))\b|"
             # "no go with X" may be what failed ("no go with the VPN either", "No go for the
             # launch, QA found a blocker"); it is one thing chosen when it is an option offered
             # ("no go with the second option", "... with what you had before"), or when what
             # follows gives a reason for it or rules another thing out ("..., it's simpler",
             # "no go with postgres, mysql is out", "no set for 30 seconds, 60 is too long",
             # "no go with npm, pnpm broke the lockfile", "..., not the config file",
             # "... instead")
             r"\s+(?-i:go|set)\s+(?:with|for)\s+(?:(?:the\s+)?(?:[\w.+#-]+\s+){0,3}?"
             r"(?:option|approach)\b|what\s+you\b|[^,.;!?]{1,40}?(?:\s+instead\b|,\s*(?:"
             r"it['’]?s\s+(?:simpler|faster|cheaper|easier|cleaner|safer|smaller|better)\b|"
             r"not\s+(?:the|a|an)\s|(?!(?:it|that|this|same|still|we|they|qa|which)\b)"
             r"(?:[\w.+#-]+\s+){1,3}(?:(?:is|are)\s+(?:out|off\s+the\s+table|ruled\s+out|"
             r"too\s+\w+)|matters|broke|breaks|keeps\s+(?:breaking|failing))\b))))")
_CORRECTION = rx.compile(
    r"^(?:" + _NO_OPENS + r"|nope|wrong|incorrect|not quite|not like that|"
    r"(?:(?:that's|that\s+is)\s+not|that\s+isn't)\s+quite\s+(?:right|correct|it)|"
    r"that's not (?:right|correct|it|what i)"
    r"[^,.;:!]*|that's (?:wrong|incorrect)|that is (?:not right|wrong|incorrect)|"
    r"you're wrong|that's a mistake|actually|"
    # "Wait its 5433 not 5432", "sorry, it's 5433, not 5432": a value put right ("wait until
    # CI passes" is no correction)
    r"(?:wait|sorry|oops|whoops|my\s+bad)(?=[\s,.!:;—-]+(?:it|that)(?:['’]?s|\s+is|\s+was)\s+"
    r"[^\s,]*\d[^\s,]*,?\s+not\s))\b[\s,.!:;—-]*(?P<rest>.*)$", _I,
)
# "Correction:", "Correction on the maintenance window:": what follows puts right what was said
# of that subject before
# (a hyphen parts the two only with a space before it: "the on-call rotation" is one subject)
_CORRECTION_ON = rx.compile(
    r"^correction(?:\s+(?:on|about|to|for|re)\s+(?P<about>[^:;,.]{3,60}?))?"
    r"(?:\s*[:—–]|\s+-)\s*(?P<rest>\S.*)$", _I)
# "To correct myself, ...", "I was wrong, ...": what follows puts right what was said of its
# subject, as after "Correction:" (read with those words it was a past story of the person, or
# a second memory beside the one it puts right: "To correct myself, the user prefers spaces");
# the words stand apart from what follows ("I was wrong about nothing", "I was wrong to ..." are
# no lead-in)
_PUT_RIGHT_LEAD = rx.compile(
    r"^(?:to\s+correct\s+myself|i\s+was\s+wrong(?:\s+(?:earlier|before|there))?)"
    r"(?:\s*[,:—–]|\s+-)\s*"
    # (and one more lead-in before what is put right, "I was wrong, my bad: we use yarn", "...,
    # you were right: ...", "..., sorry: ...", "..., update: ...": read with it, the correction
    # was lost or described "Sorry: ...")
    r"(?:(?:sorry|my\s+bad|you\s+were\s+right|update)(?:\s*[,:—–!]|\s+-)\s*)?"
    r"(?P<rest>\S.*)$", _I)
# "it's" of a state, not of "it's been pushed", "it's got two replicas" ("is been")
_IT_IS = rx.compile(r"(?:it's|it\s+is|its)\s+(?!(?:been|got|gotten|had)\b)", _I)
# A subject the memory can name: "the port", not "that", "my last message", "the record"
_NAMED_SUBJECT = rx.compile(r"the\s+(?!record\b|(?:last\s+)?(?:message|one|thing)\b)\S", _I)
# "I changed my mind (about that):", "On second thought,", "Scratch that —": what follows takes
# back what the person said before on its subject (consolidate rewrites that entry); the words
# saying so are no part of the memory.
_CHANGED_MIND = rx.compile(
    r"^(?:(?:actually|wait|hmm+|no|ok(?:ay)?|so|well|oh)\b[\s,.!:;—–-]*)*"
    r"(?:(?:(?:i(?:'ve|\s+have)?\s+)?chang(?:ed|e)\s+my\s+mind(?:\s+(?:about|on)\s+"
    r"(?:(?:that|this|it)\b|[^,.:;!?—–]{1,60}?(?=\s*(?:[,.:;!—–]|$))))?|"
    r"on\s+(?:second|further)\s+thoughts?)(?![\w'-])[\s,.!:;—–-]*|"
    # ... but "Scratch that test" is a task, "Never mind the linter" is what to ignore: the
    # marker stands alone
    r"(?:(?:scratch|strike)\s+that|i\s+take\s+(?:that|it)\s+back|never\s*mind|"
    r"forget\s+(?:that|it|what\s+i\s+(?:just\s+)?said(?:\s+(?:earlier|before))?))"
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
_CHOSEN_INSTEAD = rx.compile(rf"\b{_CHOICE_VERB}\b.*\binstead\s+of\b", _I)
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
# "from raw Radix primitives to shadcn/ui": the library left, said with what of it was used
_PLAIN = r"(?:(?:raw|plain|vanilla|bare)\s+)?"
_ITS_PARTS = r"(?:\s+(?:primitives|components|widgets))?"
_SWITCHES: list[tuple[re.Pattern[str], bool]] = [
    (rx.compile(
        rf"\b(?:switch(?:ed|ing)?|mov(?:e|ed|ing)|migrat(?:e|ed|ing)|chang(?:e|ed|ing)|went|"
        rf"go(?:ne|ing)?)\s+{_MOVED_THINGS}(?P<back>back\s+)?(?:over\s+)?from\s+{_THE}{_PLAIN}"
        rf"(?P<old>{_PLACE_OR_T}){_ITS_PARTS}\s+"
        rf"(?:back\s+)?(?:over\s+)?to\s+{_THE}(?P<new>{_T})", _I), False),
    # "We moved tickets from Linear to Jira": the tickets as a whole (no one ticket, no kind of
    # them: "the login bug" moved between trackers is a task) between two known places is the
    # tracker switched; between columns ("from Backlog to In Progress") it is a task moved
    (rx.compile(
        rf"\b(?:switch(?:ed|ing)?|mov(?:e|ed|ing)|migrat(?:e|ed|ing))\s+"
        rf"(?:all\s+)?(?:(?:the|our|my|its)\s+)?(?:{_TASKS})\s+(?:over\s+)?"
        rf"from\s+{_THE}(?P<old>{PLACE_PATTERN})(?![\w-])\s+(?:over\s+)?to\s+{_THE}"
        rf"(?P<new>{PLACE_PATTERN})(?![\w-])", _I), False),
    # a move back: "went back to npm", "reverted to npm", "rolled back to npm"
    (rx.compile(
        rf"\b(?:(?:switch(?:ed|ing)?|mov(?:e|ed|ing)|migrat(?:e|ed|ing)|went|go(?:ne|ing)?|"
        rf"revert(?:ed|ing)?|return(?:ed|ing)?|chang(?:e|ed|ing)|roll(?:ed|ing)?)\s+"
        rf"(?:it\s+|everything\s+|{_MOVED_THINGS})back|revert(?:ed|ing)?)\s+to\s+(?:using\s+)?"
        rf"(?P<new>{_T})(?:\s+from\s+(?!(?:now|here|then)\b)(?P<old>{_T}))?"
        # ("Go back to npm from now on": when it holds from, not what was left)
        # "We're back on Poetry", "We're back to using npm"
        rf"|\b(?:we(?:'re|\s+are)|i(?:'m|\s+am))\s+(?:now\s+)?back\s+(?:on|to)\s+"
        # (a tool known or named, not "back on track", "back on schedule")
        rf"(?:using\s+)?(?=(?-i:[A-Z])|{_KNOWN_NAME})(?P<new2>{_T})", _I),
     True),
    (rx.compile(rf"\breplac(?:e|ed|ing)\s+(?P<old>{_T})\s+with\s+(?P<new>{_T})", _I), False),
    # "We stopped using ArgoCD; deploys go through Spinnaker now"
    (rx.compile(
        # ("We dropped Sentry, errors go to Datadog now": a tool dropped, not a platform no
        # longer supported, "We dropped Android, the app is on iOS only")
        rf"\b(?:(?:stopped|quit|ditched|dropped)\s+using\s+|(?:ditched|dropped)\s+"
        rf"(?!(?:support\b|{_PLATFORM})))"
        rf"(?P<old>{_T})\s*[;,]"
        rf"\s*(?:and\s+)?(?:(?:we|[\w-]+)\s+){{0,3}}?(?:now\s+)?(?:use|uses|go(?:es)?\s+"
        rf"(?:through|to)|run\s+on|"
        rf"runs\s+on|(?:is|are)\s+(?:on|in|with|through))\s+(?P<new>{_T})", _I), False),
    # "We've moved off Atlantis: as of this week Spacelift runs terraform plans on every PR":
    # the tool left, and the one (a name, capitalised) now doing its work
    (rx.compile(
        rf"\b(?:moved|migrated|switched)\s+(?:off|away\s+from)\s+(?P<old>{_T})\s*[:;,]\s*"
        r"(?:(?:as\s+of|since|from|starting)\s+(?:this|last|today)(?:\s+\w+)?\s*,?\s*)?"
        # (a tool known, or a name doing a tool's work: not "Karen handles the pipelines now",
        # "Platform owns terraform", a person or a team taking the work over)
        rf"(?={_KNOWN_NAME}|(?!(?:platform|infra|sre|devops|ops|security|team)\b)"
        r"[\w.+#-]+\s+(?:now\s+)?(?:runs|builds|deploys|hosts)\b)"
        rf"(?P<new>(?-i:[A-Z])[\w.+#-]*)\s+(?:now\s+)?(?:runs|handles|does|takes|owns|"
        r"builds|deploys|hosts)\b", _I), False),
    # "The Confluence wiki is being shut down and everything now lives in Notion": a known place
    # closing, what it held now in another
    (rx.compile(
        rf"\b(?:the\s+)?(?P<old>{PLACE_PATTERN})(?![\w-])(?:\s+(?:wiki|space|site))?\s+"
        rf"(?:is|was|has\s+been|is\s+being)\s+(?:shut\s+down|retired|decommissioned|sunset|"
        rf"turned\s+off)\s*(?:,\s*|\s+)and\s+(?:everything|it\s+all|all\s+of\s+it|"
        rf"all\s+(?:the\s+)?\w+)\s+(?:now\s+)?(?:lives?|is|are)\s+(?:now\s+)?(?:in|on)\s+{_THE}"
        rf"(?P<new>{PLACE_PATTERN})(?![\w-])", _I), False),
    (rx.compile(_INSTEAD_OF_CHOSEN, _I), False),
    (rx.compile(_INSTEAD_OF_OPENING, _I), False),
    (rx.compile(_CALENDAR_INSTEAD_OF, _I), False),
    # "We use Vitest now, not Jest": the adverb says the choice holds, not what it is. What to
    # look at is no tool chosen ("Focus on correctness, not style"; ``_focus_not_a_choice``)
    (rx.compile(rf"\b(?:use|using|uses|prefer|on)\s+"
                rf"(?P<new>{_T})(?:\s+{_SET_ADVERBIAL})?\s*,?\s+"
                rf"not\s+(?P<old>{_T})\b", _I), False),
    # ("We switched to ruff from flake8": what was left, when named after it)
    (rx.compile(
        rf"\b(?:switch(?:ed)?|migrat(?:e|ed)|moved)\s+{_MOVED_THING}"
        rf"(?:over\s+)?to\s+{_THE}(?P<new>{_T})"
        rf"(?:\s+from\s+(?=(?-i:[A-Z])|{_KNOWN_NAME})(?P<old>{_T}))?", _I),
     False),
    # "We moved the design docs to Confluence": a thing of two or three words moved to a known
    # place (code moved "to utils" or "to React Server Components" is no such move)
    (rx.compile(
        rf"\b(?:switched|migrated|moved)\s+(?:(?:the|our|my|its)\s+)?{_THING_WORD}"
        rf"(?:\s+{_THING_WORD}){{1,2}}\s+(?:over\s+)?to\s+{_THE}(?P<new>{PLACE_PATTERN})"
        rf"(?![\w-])",
        _I),
     False),
    # "We moved the frontend tests to vitest": a thing of two or three words moved to a known
    # tool (the tests "to the integration folder", helpers "to utils" moved no tool)
    (rx.compile(
        rf"\b(?:switched|migrated|moved)\s+(?:(?:the|our|my|its|all)\s+)?(?:{_THING_WORD}\s+)"
        rf"{{1,2}}(?!{_CODE_PIECE}\b){_THING_WORD}\s+(?:over\s+)?to\s+(?P<new>{TOOL_PATTERN})"
        rf"(?![\w-]|\.\w)", _I),
     False),
    # "I moved the staging database to db2": a thing moved to a named host, region or cluster
    # (a name with a digit), which replaces the one the entry about that thing names
    (rx.compile(
        rf"\b(?:switched|migrated|moved)\s+(?:the|our|my|its)\s+(?:{_THING_WORD}\s+){{0,2}}"
        rf"(?!{_CODE_PIECE}\b){_THING_WORD}\s+(?:over\s+)?to\s+(?P<new>(?!v\d){SLOT_VALUE})(?![\w-])",
        _I),
     False),
    (rx.compile(
        rf"\b(?:ditch(?:ed|ing)?|swap(?:ped|ping)?|trad(?:e|ed|ing))\s+(?P<old>{_T})\s+"
        rf"for\s+(?P<new>{_T})", _I),
     False),
    # "Postgres was replaced by MySQL": one of them a known tool or place, both names;
    # not "the loop was replaced by a comprehension" or "the helper was replaced by Parser".
    # (The name and "was replaced" first: "one of them known" reads to the sentence's end, and
    # tried at every word it took 1.2 s on 'we deploy on Thursdays now ' x 740, 4x for twice)
    (rx.compile(
        rf"\b(?={_A_NAME}\s+(?:was|were|ha(?:s|ve)\s+been|got)\s+(?:now\s+)?replaced\s)"
        rf"(?=(?:{_KNOWN_NAME})|[^.;]*?\breplaced\s+(?:by|with)\s+{_KNOWN_NAME})"
        rf"(?P<old>{_A_NAME})\s+(?:was|were|ha(?:s|ve)\s+been|got)\s+(?:now\s+)?replaced\s+"
        rf"(?:by|with)\s+(?P<new>{_A_NAME})", _I),
     False),
    # "We moved our CI off Jenkins and onto GitHub Actions"
    (rx.compile(
        rf"\b(?:switch(?:ed|ing)?|mov(?:e|ed|ing)|migrat(?:e|ed|ing)|went|got)\s+{_MOVED_THINGS}"
        rf"off\s+(?:of\s+)?{_THE}(?P<old>{_PLACE_OR_T})\s+(?:and\s+)?(?:on)?to\s+{_THE}"
        rf"(?P<new>{_T})", _I),
     False),
    # "Our CI is GitHub Actions rather than Jenkins": with "is", only between two known tools or
    # places ("the bottleneck is IO rather than CPU" chose nothing)
    (rx.compile(
        rf"\b(?:is|are)\s+(?:now\s+)?(?P<new>{_KNOWN_NAME})(?:\s+{_SET_ADVERBIAL})?\s*,?\s+"
        rf"(?:not|rather\s+than|instead\s+of)\s+(?P<old>{_KNOWN_NAME})", _I),
     False),
    # "We renamed the main branch to trunk", "We renamed master to main", "The default branch was
    # renamed to trunk": the branch is the one thing a rename names for good (a variable, file
    # or function renamed is code edited, no memory)
    (rx.compile(
        rf"\brenam(?:e|ed|ing)\s+(?:(?:the|our|its)\s+)?(?:(?P<old>{_BRANCH_NAME})|default|"
        rf"primary)\s+branch\s+(?:from\s+`?(?P<old2>{_WORD_T})`?\s+)?to\s+`?(?P<new>{_WORD_T})|"
        # ... without "branch", both names are a branch's ("renamed main to run_cli" is code)
        rf"\brenam(?:e|ed|ing)\s+(?P<old3>{_BRANCH_NAME})\s+to\s+(?P<new2>{_BRANCH_NAME})\b", _I),
     False),
    (rx.compile(
        rf"\b(?:(?P<old>{_BRANCH_NAME})|default|primary)\s+branch\s+(?:was|is|has\s+been|got)\s+"
        rf"(?:now\s+)?renamed\s+(?:from\s+`?(?P<old2>{_WORD_T})`?\s+)?to\s+`?(?P<new>{_WORD_T})",
        _I),
     False),
]
_IDENTITY = rx.compile(
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
    # (not the work at hand or a time: "I usually work on it later", "... at night"; nor a
    # thing of the work told with when or while it is done, "I work on this module next", "...
    # the login bug tomorrow", "... the CSS while you do the API", "I run the tests locally",
    # "I maintain the list by hand for now"; a team's is who they are, "... the data team now")
    r"(?!(?:(?:the|this|that|these|those|my)\s+|(?<=\brun\sthe\s))(?:(?!team\b|squad\b|"
    r"company\b|org\b)[\w-]+\s+){0,3}?(?:(?:now|next|first|later|today|tonight|tomorrow|"
    r"after|while|myself|locally|for\s+now|in\s+a\s+(?:sec|second|bit|minute|moment)|on\s+my\s+"
    rf"end|this\s+(?:week|morning|afternoon|evening)|on\s+{WEEKDAY_NAME})\b|[^.!?]*,\s*you\b))"
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
_TERSE_INTRO = rx.compile(
    r"^(?:(?:hi|hey|hello|yo),?\s+)?(?:im|i'm|i am)\s+"
    # (a state is no name: "im stuck, junior dev, ...", "hey im tired, solo dev")
    r"(?!(?:stuck|tired|new|back|done|confused|sure|sorry|here|ok|okay|fine|good|busy|lost|"
    r"ready|bored|exhausted|frustrated|annoyed|happy|sad|late|away|off|out|free|just|also|"
    r"still|not|so|really|a|an|the)\b)(?P<name>[a-z][a-z'-]+),\s+(?:an?\s+)?"
    r"(?P<role>(?:[\w+#-]+\s+){0,2}?(?:dev|developer|engineer|programmer|student|designer|"
    r"founder|maintainer|hobbyist|freelancer|consultant|sre|devops|researcher))"
    r"(?=\s*(?:[,.;!]|$|and\b|who\b|working\b|building\b|making\b))", _I)
_NOT_A_RULE = rx.compile(
    r"\b(?:i|we|you) (?:don't|do not) (?:know|think|see|understand|care|get|remember|want to "
    r"(?:see|know))\b|\bdon't worry\b|\bnever mind\b|\bnevermind\b", _I,
)
_DECISION = rx.compile(
    r"\b(?:we(?:'ve| have)? (?:decided|agreed|chose|settled on)|we(?:'re| are) going with|"
    # "I agreed to take over the billing service"; not "I agreed to that"
    r"(?:i|they) (?:also |finally )?agreed (?:(?:on|with) \S+ ){0,2}"
    # ("Helen and I agreed this morning to turn auto-sync back on")
    r"(?:(?:(?:this|yesterday) (?:morning|afternoon|evening)|today|yesterday) )?"
    r"(?:to (?!(?:it|this|that|the|a|"
    r"an|them|your|his|her|their)\b)|that\b)|"
    # ("The team decided yesterday to use Conventional Commits")
    r"let's go with|decided(?:\s+(?:yesterday|today|last\s+week))?\s+to|the decision is|"
    r"decision:|we(?:'ll| will) go with)\b", _I,
)
# ... opening what is said ("We decided to use Postgres for the event store", "We've agreed to
# keep the monolith"): the project's, however it was told
_TEAM_DECIDED = rx.compile(
    r"^(?:we|the\s+team)(?:['’]ve|\s+have)?\s+(?:decided|agreed|chose|settled\s+on)\b|"
    r"^we(?:['’]re|\s+are)\s+going\s+with\b", _I)


def team_decision(text: str) -> bool:
    """``text`` opens with what the team decided ("We decided to use Postgres for ...")."""
    return _TEAM_DECIDED.match(text) is not None


_PLAN_WORD = rx.compile(
    r"\b(?:deadline|due|release[sd]?|releasing|launch(?:es|ed|ing)?|ship(?:s|ping)?|freeze|demo|"
    r"cut-?off|milestone|presentation|meeting|migration|upgrade|deploy(?:ment|s)?|go-?live|rollout|"
    # (a day called off, "no go on Friday"; not one "a no-go for today", said of the day at hand)
    r"go(?:es|ing)?\s+(?:out|live)|no[\s-]go\s+on\b|"
    r"planned|scheduled|sprint|offsite|vacation|out of office|ooo|holiday|conference|audit|"
    # (a colleague away, a cluster down: "Diego is on leave until Nov 16", "kepler has
    # maintenance next Tuesday"; not "the maintenance script")
    # (maintenance on the day it is told is why the work at hand waits: "kepler has maintenance
    # today, so my jobs are stuck")
    r"on\s+(?:parental\s+|sick\s+|paternity\s+|maternity\s+)?leave|"
    r"has\s+maintenance(?!\s+(?:today|now|right\s+now|at\s+the\s+moment)\b)|"
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
# Someone by name who signs off, approves or reviews every change of a kind ("Sofia signs off
# every colour change", "Dan approves all copy changes"); not who does ("Who signs off ...?")
_SIGNS_OFF_EVERY = rx.compile(
    r"(?:^|\s)(?!(?:Who|Nobody|No\s+one|Someone|Somebody|Everyone|Everybody|It|This|That|He|"
    r"She|They|(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day)\b)(?-i:[A-Z][a-z]+)\s+"
    r"(?:(?:always|now|still)\s+)?"
    r"(?:signs\s+off(?:\s+on)?|approves|has\s+to\s+(?:approve|sign\s+off(?:\s+on)?)|"
    r"needs\s+to\s+(?:approve|sign\s+off(?:\s+on)?))\s+(?:every|all|any)\b", _I)


# A person's on-call week, dated as a leave is ("I'm on call from 16/11 to 23/11"); not "the
# on-call runbook", nor "On-call:" heading what follows
_ON_CALL = rx.compile(
    r"(?<![\w-])on[\s-]call(?![\w:-])(?!\s+(?:runbook|rotation|schedule|channel|doc|docs|"
    r"handbook|engineer|person|tool|phone|pager|alias)s?\b)", _I)


# ... the person's own, still ahead, and for a span ("this week until Monday", "from 16/11 to
# 23/11"): not "I was on call last week", "I'm on call tonight, so keep it short", "whoever is
# on call tomorrow"
_ON_CALL_AHEAD = rx.compile(
    r"(?:\b(?:i['’]m|i\s+am|i['’]ll\s+be|i\s+will\s+be)|(?<![\w-])(?!(?:whoever|who|nobody|"
    r"someone|somebody|everyone|no\s+one)\b)(?-i:[A-Z][a-z]+)\s+(?:is|will\s+be))\s+"
    r"(?:[a-z]+\s+)?on[\s-]call\b", _I)
_ON_CALL_SPAN = rx.compile(r"\b(?:weeks?|until|till|through)\b|\bfrom\b.+\bto\b", _I)


def _plan_word(text: str) -> bool:
    """``text`` names what a date makes a plan of; an on-call week only where nothing in it
    recurs ("handoff is Mondays at 10:00"): a plan that never passes would stay current."""
    return _PLAN_WORD.search(text) is not None or (
        "call" in text and _ON_CALL.search(text) is not None
        and _ON_CALL_AHEAD.search(text) is not None and _ON_CALL_SPAN.search(text) is not None
        and not is_standing(text))


# ... not said of one day or one time: "Today Sofia approves every PR", "Then Dan approves all
# of them anyway"
_ONE_TIME_OPENER = rx.compile(r"^(?:today|tonight|tomorrow|yesterday|then|this\s+(?:week|time|"
                              r"once|morning|afternoon)|for\s+now|right\s+now)\b", _I)
_MISTYPED_SESSION = rx.compile(r"\bsesion(?=s?\b)", _I)
_URL = rx.compile(r"\bhttps?://[^\s<>\"')\]]+", _I)
_POINTER = rx.compile(
    r"\b(?:is|are|lives?|live|tracked|kept|found|posted|documented|go(?:es)?|is at|in|at|on|"
    r"see|check|under)\b", _I,
)
# Where a team keeps things to look up: its docs, tracker, dashboards and designs (not where code
# runs: "Our CI is on GitHub Actions" is what the project runs on)
_KEEPING_PLACE = names_pattern(
    [name for name, kind in PLACE_KIND.items()
     if kind in ("docs", "tickets", "monitoring", "design")]
    # (and where experiments are tracked: "We track experiments in wandb, project mei-cseg")
    + ["google doc", "wiki", "wandb", "weights & biases", "mlflow", "tensorboard"])
# "Our docs live in Notion", "Bugs are tracked in Linear", "Bugs go in GitHub issues": where to
# look, with no URL.
_KEPT_IN_TOOL = rx.compile(
    r"\b(?:is|are|lives?|tracked|kept|documented|written up|filed|logged|tracks?|keeps?|"
    # ("this goes in the wiki" is the work at hand)
    r"(?<!\bthis\s)(?<!\bthat\s)(?<!\bit\s)go(?:es)?)\s+(?:\w+\s+)?(?:in|on|at|under|into)\s+(?:the\s+|our\s+)?"
    rf"(?:{_KEEPING_PLACE})(?![\w-])", _I,
)
# "Alerts go to PagerDuty", "Errors are sent to Sentry": where signals of a kind end up, in a
# known monitoring tool ("go to" alone is chatter: "go to the settings page")
_SENT_TO_MONITORING = rx.compile(
    r"^(?:all\s+|our\s+)?(?:[\w-]+\s+)?(?:alerts|pages|incidents|errors|exceptions|crashes|"
    r"logs|metrics|traces|notifications)\s+(?:go|are\s+(?:sent|routed|reported|shipped))\s+"
    r"to\s+(?:the\s+|our\s+)?(?:"
    + names_pattern([name for name, kind in PLACE_KIND.items() if kind == "monitoring"])
    # (nothing after: "the alerts go to PagerDuty now" is a change told, read as one)
    + r")\s*[.!]?$", _I)
_CHANNEL_OR_TICKET = rx.compile(r"(?:^|\s)#[a-z][\w-]+|\b[A-Z][A-Z0-9]+-\d+\b")
# what the person does despite themself, no rule: "lol I always forget that", "we keep
# missing it" ("We keep forgetting migrations, so always run them" has its rule after it)
_DESPITE_SELF = rx.compile(
    r"\b(?:i|we) (?:always|often|usually|keep|tend to) (?:forget|forgot|mix(?:ing)? up|"
    r"mess(?:ing)? up|miss(?:ing)?|los(?:e|ing)|forgetting)\b", _I)
# What a part of the product must give, set against what not ("The audit log export should
# write JSON Lines, not CSV"); not the work at hand ("The fix should write to stderr, not
# stdout": ``_ONE_PIECE``)
_GIVES_NOT = rx.compile(
    r"^(?:the|our|all)\s+"
    # (not a piece of code: "The parser should return a list, not a tuple")
    r"(?!(?:[\w-]+\s+){0,3}?(?:parser|function|method|helper|handler|class|script|test|"
    r"fixture|loop|query|regex)s?\s)"
    r"(?:[\w-]+\s+){0,3}?[\w-]+\s+(?:must|should)\s+(?:always\s+)?"
    r"(?:write|output|emit|produce|return|export|store|send|log|save|use)\s+[^,;]+?,?\s+not\s+"
    r"(?:as\s+|in\s+)?[\w.+#-]+(?:\s+[\w.+#-]+)?\s*[.!]?$", _I)


# What every one of a kind of thing needs, perhaps told as a colleague's word ("Ana says every
# alembic migration needs a working downgrade()", "Each PR has to have a changelog entry"): a
# rule for each one, where "The handler needs a db session" tells of one piece of code
# ("needs" only of a piece of the work: "Every user needs a password to log in" tells how the
# product works, "Each build needs about ten minutes" how long it takes)
_EVERY_NEEDS = rx.compile(
    r"^(?:[a-z]+\s+says\s+(?:that\s+)?)?(?:every|each|all|any)\s+(?:[\w-]+\s+){0,3}?"
    r"(?:(?P<piece>(?:migration|pr|pull\s+request|commit|test|endpoint|deploy|deployment|"
    r"release|change|feature|module|service|script|job|table|query|route|schema|component|"
    r"package|dependency|api|function|class|ticket|branch|config|secret|column|index)s?)\s+"
    r"needs?|[\w-]+\s+(?:must|has\s+to|have\s+to|should\s+always))\s+"
    r"(?!be\s+(?:fine|ok|okay|good|ready|done|working|fixed|gone)\b)(?!about\b|around\b|\d)[a-z]",
    _I)
# ... not told as a cause of what is seen ("..., that's why the handler is slow")
_THATS_WHY = rx.compile(r"\b(?:that's|that\s+is|which\s+is)\s+why\b", _I)
# ... nor as what is to be done after a change just made ("Every service needs restarting after
# the config change" is a task; "after a config change" is the rule)
_NEEDS_DOING_AFTER = rx.compile(
    r"\bneeds?\s+(?:[a-z]+ing|a\s+re[a-z]+|to\s+be\s+re[a-z]+ed)\b.*?\bafter\s+(?:the|this|that|"
    r"these|those|my|our|your|today['’]s|yesterday['’]s|last)\b", _I)


# "Ana says every alembic migration needs ...": a colleague's word, the rule what follows (not
# a pronoun, a crowd or a document: "He says ...", "The doc says ...")
_NAME_SAYS = rx.compile(
    r"^(?!(?:he|she|it|they|everyone|everybody|someone|somebody|nobody|one|who|this|that|"
    r"doc|docs|readme|wiki|policy|spec|guide|handbook|ci|team|lead|boss|manager|security|"
    r"legal|ops|qa)\b)(?P<who>[a-z]+)\s+says\s+(?:that\s+)?(?=(?:every|each|all|any)\s)", _I)


def _whose_rule(sentence: str) -> str:
    """A rule told as a colleague's word put as the rule, whose it is after it ("Every alembic
    migration needs a working downgrade() (Ana's rule)."): the title names the rule, and the
    Why whose preference it is (``guidance._whose_preference``)."""
    m = _NAME_SAYS.match(sentence)
    if m is None:
        return sentence
    rest = sentence[m.end():].rstrip(" .!")
    return f"{rest[:1].upper()}{rest[1:]} ({m['who'].capitalize()}'s rule)."


def _quantified_rule(text: str) -> bool:
    """``text`` says what every one of a kind of thing needs (``_EVERY_NEEDS``), of no one
    piece of work at hand ("every migration in this PR")."""
    head = text[:30].lower()
    if not ("every " in head or "each " in head or "all " in head or "any " in head):
        return False
    return _EVERY_NEEDS.match(text) is not None and not _THATS_WHY.search(text) and (
        not _POINTS_AT_HAND.search(_CALLED.sub("", text))) and not (
        " after " in text and _NEEDS_DOING_AFTER.search(text))


_ARTICLE = rx.compile(r"\b(?:a|an)\b", _I)
# a function named with its parentheses ("downgrade()"), which point at nothing
_CALLED = rx.compile(r"(?<=\w)\(\)")


def _gives_not(text: str) -> bool:
    return " not " in text and _GIVES_NOT.match(text) is not None
_UPDATE = rx.compile(
    r"\b(?:now (?:requires?|uses?|runs? on|supports?|targets?|needs?|lives?|deploys?|"
    r"go(?:es)? (?:through|via))|"
    r"no longer "
    r"(?:supports?|uses?|needs?|runs?)|(?:we|they|i) dropped|dropped support|is deprecated|"
    r"are deprecated|has been deprecated|(?:is|are) now|now (?:owns?|handles?|writes?|leads?|"
    r"maintains?|reviews?|approves?)|"
    # a version reached: "Prod is on 1.30 as of this morning", as of a day (not "as of the last
    # run", what one run showed)
    r"(?:is|are) on v?\d+(?:\.\d+)+ as of (?:this|today|yesterday|tonight|last\s+(?:night|week)|"
    r"the\s+(?:last\s+)?(?:deploy|release|upgrade|rollout|cutover|sprint|weekend)|"
    r"\d\w*|(?:mon|tue|wed|thu|fri|sat|sun|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*))"
    r"\b|\bnow\s*[.!]?$", _I,
)
# The person's own machine is no project's: "I need to upgrade my laptop's brew packages
# tomorrow", "My laptop is on 3.12.1 as of yesterday" are errands and chatter, not a plan or a
# fact of what the project runs.
_MY_MACHINE = rx.compile(
    # (what the sentence is about: "My laptop ...", "I need to upgrade my laptop ..."; not a
    # project's plan that names it, "The demo is Thursday; I'll run it from my laptop")
    r"^(?:(?:i|i'm|i'll|i've|i\s+am|i\s+will|need|needs|have|got|gotta|going|gonna|must|want)"
    r"\b[^.;,]{0,40}?\s)?my\s+(?:own\s+)?(?:laptop|"
    r"machine|computer|mac|macbook|desktop|pc|box|brew|homebrew|vpn|dotfiles|phone)\b", _I)
# "Things should be fine now", "It works now", "Tests pass now": the work at hand settled (or
# under way), not a change in what holds
_SETTLED_NOW = rx.compile(
    r"\b(?:should|might|may|could|would|fine|ok|okay|good|better|works?|working|pass(?:es)?|"
    r"passing|fixed|done|green)\b[^.!?;]*\bnow\s*[.!]?$|"
    # ... or the work at hand under way: "Merged, syncing now", "deploying now"
    r"\b(?:merg|sync|deploy|redeploy|build|rebuild|runn|push|restart|test|check|upload|"
    r"install)ing\s+now\s*[.!]?$", _I)
# A known tool said to be the one used these days, as what "it" is or as the command run: "It's
# yarn these days", "We (just) bun install everything nowadays" tell what "now" at the end tells
# (``_UPDATE``); consolidate puts the tool in place of one of its kind, and keeps no memory of
# what "it" is when no entry names one. Not "I pnpm install nowadays": one person's habit, which
# would be kept as "The user pnpms install nowadays."
_TOOL_THESE_DAYS = rx.compile(
    rf"^(?:it(?:'s|\s+is)\s+(?:all\s+)?(?:{TOOL_PATTERN})|we\s+(?:just\s+|all\s+)?"
    rf"(?:{TOOL_PATTERN})\s+"
    r"(?:install|add|run)\b[^.;!?]*?)(?![\w-])\s+(?:these\s+days|nowadays)\s*[.!]?$", _I)
# A standing schedule ("code freeze is every Thursday at noon").
_SCHEDULE = rx.compile(
    r"\bevery (?:(?:other|second|third) )?(?:monday|tuesday|wednesday|thursday|friday|saturday|"
    r"sunday|day|week|morning|"
    r"evening|night|sprint|release|month)\b", _I,
)
# ... or said with the day in the plural, which is every such day ("Deploys go out on Tuesdays",
# "Standups are on Mondays at 10", "Deploys are on Tuesdays and Thursdays"): only as a statement
# ending on it, not asked ("Can you deploy on Tuesdays?") nor what was done once ("We used to
# deploy on Tuesdays", "I shipped it on Mondays")
_DAYS = rf"{WEEKDAY_NAME}s"
_ON_WEEKDAYS = rx.compile(
    r"^(?!(?:can|could|would|will|did|do|does|should|shall|is|are|was|were|let's|ping|let|"
    r"tell|remind|message|call|email|text)\b)"
    r"(?![^.!?]*\b(?:used to|was|were|had)\b)(?P<head>(?:[\w'-]+\s+){1,6}?)on\s+"
    rf"{_DAYS}(?:\s*(?:,|and|or|&)\s*(?:on\s+)?{_DAYS})*(?:\s+at\s+[\w:.]+(?:\s*[ap]m)?)?\s*[.!]?$",
    _I)
# What is scheduled, told by its verb: it is on that day, is done then, runs or goes out then
# ("The timeout review is on Mondays", "Errors are reviewed on Fridays", "The error budget
# resets on Mondays", "The nightly crash report runs on Sundays": a fault's word in the name of
# a scheduled thing is no symptom) or done then by the team ("We triage errors on Mondays")
_SCHEDULED_BY_VERB = rx.compile(
    r"(?:\b(?:is|are)|'s|'re|\b(?:is|are|gets?|got)\s+(?:[a-z]+ed|sent|run|held|done|cut|shut)|"
    r"\b(?:runs?|go(?:es)?\s+out|resets?|rotates?|kicks?\s+off|starts?)|"
    r"(?P<we>^(?:we|i)\s+)(?:usually\s+|always\s+|only\s+|normally\s+)?(?:triage|review|deploy|release|"
    r"ship|clear|rotate|run|rerun|hold|cut|tag|publish|prune|purge|rebuild|restart|patch|"
    r"upgrade|merge|cleanup|clean\s+up|scrub)\b[\w\s'-]*)\s+$", _I)
# ... else a fault told of it, in any tense, is a symptom's day, debugging ("The deploy broke
# on Fridays", "Builds are failing on Mondays", "Tests are red on Fridays", "The site gets slow
# on Mondays", "We get more errors on Mondays", "The timeout happens on Mondays")
_FAULT_TOLD = rx.compile(
    r"\b(?:br(?:oke|oken|eaks?|eaking)|crash\w*|fail\w*|flak\w*|red|slow\w*|hangs?|hanging|hung|"
    r"tim(?:es?|ed|ing)\s+out|timeouts?|ooms?|oom(?:ed|ing)|di(?:es?|ed)|dying|down|stuck|"
    r"spik\w*|(?:go(?:es)?|went|going|gone)\s+(?:up|down|red)|climb\w*|drop\w*|"
    r"(?:fill|back|pile)(?:s|ed|ing)?\s+up|peak\w*|takes?\s+forever|took\s+forever|\d+s|"
    r"errors?|bugs?|outages?|alerts?|incidents?|show(?:s|ed)?\s+up|pass(?:es|ed|ing)?|"
    r"lag\w*|stall\w*|misses|flap\w*|only\s+happens?|throttl\w*|degrad\w*|overload\w*|"
    r"unavailable|unstable|unreliable|broken)\b", _I)


def _on_weekdays(sentence: str) -> bool:
    """Whether ``sentence`` says what is done every such day ("Bugs are triaged on Mondays"),
    not a fault that shows up then ("The deploy broke on Fridays")."""
    said = _ON_WEEKDAYS.match(sentence)
    if said is None:
        return False
    head = said["head"]
    by_verb = _SCHEDULED_BY_VERB.search(head)
    # (the verb last, unless it is a fault's: "The staging DB is down", "Tests are red")
    if by_verb is not None and (by_verb["we"] or not _FAULT_TOLD.search(head.split()[-1])):
        return True
    return _FAULT_TOLD.search(head) is None


# The one way work of a kind is done, by a named tool: "Applies only go through Terraform Cloud",
# "All deploys go through ArgoCD" (a capital: not "requests go through the gateway", code's path)
_GOES_THROUGH = rx.compile(
    # (not "These calls go through React Query", "My messages go through Slack anyway", "If
    # requests go through Cloudflare, ...", "Sometimes requests go through ...": code at hand,
    # the person's own, a condition, a case)
    r"^(?!(?:these|those|my|your|his|her|their|some|sometimes|if|when|whether|unless|once|"
    r"maybe|most|many|few)\b)"
    r"(?:all\s+|our\s+)?(?P<what>(?:[\w-]+\s+){0,2}?[\w-]+s)\s+(?P<now>now\s+)?(?:only\s+)?"
    r"(?:go|run|happen)\s+(?:only\s+)?(?:through|via)\s+(?-i:[A-Z])", _I)


def route_of(text: str) -> tuple[str, bool] | None:
    """(the work, whether told as new) for a statement of the one way work of a kind is done
    ("All applies now go through Atlantis" -> ("applies", True)); None for any other."""
    if " through " not in text and " via " not in text:
        return None
    m = _GOES_THROUGH.match(text)
    return None if m is None else (m["what"].lower(), bool(m["now"]))


# A person the work waits on: "PRs go through Sarah before merging" (an approver, beside
# whatever tool the same work goes through)
_THROUGH_PERSON = rx.compile(
    r"\b(?:through|via)\s+(?-i:[A-Z][a-z]+)\s+(?:before|for\s+(?:approval|review|sign-?off))\b",
    _I)


def route_by_person(text: str) -> bool:
    """Whether the route ``text`` tells is a person's approval, not a tool's."""
    return _THROUGH_PERSON.search(text) is not None


# "We're on Postgres 15", "Prod runs Postgres 15": a fact, and a claim of what holds now
_ON_NAMED = (r"(?:we(?:'re| are) (?:on|using|running)|(?:prod|production|staging|ci)\s+"
             r"(?:runs|uses|is on))\s+(?-i:[A-Z])")
# A part of the system someone owns: "the payments service", "our deploy pipeline"
_SYSTEM_PART = (r"(?:the|our) (?:[\w-]+\s+){0,2}?(?:services?|apis?|repos?|repository|repositories|"
                r"apps?|pipelines?|databases?|clusters?|infra(?:structure)?|platform|backend|"
                r"frontend)")
_FACT = rx.compile(
    # (what holds since a day: "Since yesterday we require two approvals on every PR")
    r"^(?:since\s+(?:yesterday|today|last\s+\w+|\w+day),?\s+)?"
    r"(?:we|our (?:team|company|app|service|product|stack|api|backend|frontend))\s+"
    r"(?:(?:now|currently|still|always)\s+)?(?:use|uses|run|runs|deploy|deploys|host|hosts|ship|"
    r"ships|target|targets|support|supports|rely on|relies on|is|are|squash-merge|squash|rebase|"
    r"merge|release|tag|pin|version|review|name|require)\b|"
    # a practice of the team's, of a kind of thing: "We do blameless postmortems in the SRE
    # space" (not "We do need tests", "We do the release tomorrow")
    r"^we\s+(?:always\s+)?do\s+(?!(?:not|need|have|want|know|think|get|like|care|mind|use|run|"
    rf"make|take|see|feel|hope|try|plan|keep|love|hate)\b){_BARE_KIND}\b|"
    # a service's objective: "Checkout's SLO is 99.9% availability over 28 days"
    r"^(?:(?:the|our)\s+)?(?:[\w-]+(?:'s)?\s+)?(?:slos?|slas?|availability\s+target|"
    r"uptime\s+target)\s+(?:is|are)\s+\d|"
    rf"^{_ON_NAMED}|"
    r"^the (?:prod|production|staging) \w+\s+(?:runs|uses|is on)\s+(?-i:[A-Z])|"
    # where production itself runs: "Production runs on Kubernetes in eu-west-1"
    r"^(?:prod|production|staging)\s+(?:runs\s+on|is\s+(?:on|hosted\s+on|deployed\s+(?:on|to)))"
    r"\s+(?-i:[A-Z])|"
    # how deploys go out: "Our staging deploys run from the deploy.yml workflow on merge to
    # main", "Prod deploys are manual through the same workflow with a tag" (not one deploy's:
    # "... run tonight")
    r"^(?:our\s+)?(?:(?:prod|production|staging|preview)\s+)?(?:deploys|deployments|releases)\s+"
    r"(?:run\s+(?:from|through|via|on)|go\s+out\s+(?:from|through|via|on)|are\s+(?:manual|"
    r"automatic|automated|triggered))\b(?![^.;]*\b(?:today|tonight|tomorrow|this\s+week|now)\b)|"
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
    # a standing meeting's time: "standup is 9am New York time (14:00 UK)" (not "standup is
    # at 10 today", one day's)
    r"^(?:(?:the|our|their|(?-i:[A-Z][a-z]+)'s)\s+)?(?:daily\s+)?(?:stand-?ups?|retros?)\s+"
    r"(?:is|are)\s+(?:at\s+)?\d{1,2}(?:[:.]\d\d)?\s*(?:am|pm)?\b"
    r"(?!\s*(?:minutes?|mins?|hours?|hrs?|days?)\b)(?![^.;]*\b(?:today|tomorrow|"
    rf"tonight|this\s+week|on\s+{WEEKDAY_NAME})\b)|"
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
    rf"afternoon|evening)|next (?:week|month)|on {WEEKDAY_NAME}|"
    r"\d{4}-\d\d-\d\d)\b)|"
    # what holds the project back, a named thing it cannot move to or must stay on: "We can't
    # upgrade to Django 5 until the auth plugin supports it", "We have to stay on Node 18
    # because of the SDK" (not "we can't switch to it until you fix the tests", the work at
    # hand)
    r"^we (?:(?:can't|cannot|can not|won't be able to) (?:(?:upgrade|move|migrate|switch) (?:to|"
    r"past|beyond|off)|drop)|(?:have to|must|need to) stay on) (?-i:[A-Z])[\w.+-]*"
    r"(?: v?\d[\w.]*)?(?: support)? (?:until|because|since|as long as)\b(?! you\b)|"
    # ... and who does what on the team: "Tom is the infra lead", "Priya leads the data team"
    # ... or for a client: "Sofia is Bramble's designer", "Acme's Dan signs off copy", "Sofia
    # signs off every Bramble colour change" (not "Dan signs off the release today")
    r"^(?:(?-i:[A-Z][a-z]+)'s\s+)?(?!(?-i:This|That|It|There|Here|What|Which|Who|He|She|They|We|"
    r"You|The|Our|Everyone|Nobody|Someone)\b)(?-i:[A-Z][a-z]+)\s+(?:signs\s+off|approves)\s+"
    r"(?!(?:on\s+)?(?:this|that|it|these|those|my|your)\b)(?:on\s+)?[\w-]+(?:\s+[\w-]+){0,4}?\s*[.!]?$"
    r"(?<!\btoday)(?<!\btoday\.)(?<!\btomorrow)(?<!\btomorrow\.)|"
    r"^(?!(?-i:This|That|It|There|Here|What|Which|Who|He|She|They|We|You|The|Our|Everyone|"
    r"Nobody|Someone)\b)(?-i:[A-Z][a-z]+)\s+(?:is (?:the|our|(?-i:[A-Z][a-z]+)'s) "
    r"(?:[\w-]+\s+){0,2}?(?:lead|designer|"
    r"owner|manager|maintainer|pm|architect|expert|dri|go-to(?: person)?|point person|"
    r"point of contact)(?:\s+(?:for|on|of|at)\s+(?:the\s+|our\s+)?"
    r"(?!(?:this|that|it|these|those)\b)[\w-]+(?:\s+[\w-]+)?)?"
    # (who does what for another, told beside it: "Sofia is Bramble's designer; Dan signs off")
    r"\s*(?:[.!]?$|;\s(?=[^.;]*\b(?:signs\s+off|approves|lead|designer|owns)\b"
    r"(?![^.;]*\b(?:today|tomorrow|tonight)\b)))|is on (?:the|our) [\w-]+ team\b|"
    r"(?:leads|heads|manages|runs) (?:the|our) "
    r"[\w-]+(?:\s+[\w-]+)? (?:team|group|squad|guild|org)\b)", _I,
)
# "Quarantine flaky tests instead of rerunning them": a bare imperative on a kind of thing (no
# "the" or "it": "Move the helpers instead of copying them" is the work at hand), set against
# another way of doing it, is a rule whatever its verb, a verb with its particle too ("Fix bugs
# instead of working around them", "... instead of commenting them out")
_INSTEAD_OF_DOING = rx.compile(
    r"^(?:please\s+)?(?!(?:i|we|you|they|it|the|this|that|these|those|a|an|our|my|there)\b)"
    r"[a-z][\w-]*\s+(?!(?:the|this|that|these|those|it|them|my|your|our)\b)"
    r"(?:[\w+#.-]+\s+){0,2}?[a-z][\w-]*[^s\W]s\s+(?P<instead>instead)\s+of\s+"
    r"[a-z]+ing(?:\s+(?:around|over|past|through)\s+them|\s+them(?:\s+(?:out|off|away))?)?"
    r"(?P<where>\s+(?:in|on|at|for)\s+[\w-]+)?\s*[.!]?$", _I)
# How to treat a kind of thing whenever it is of a kind: "Explain Python idioms when they're
# non-obvious", "Flag TODOs if they're older than a month" (a kind of thing, bare: "Explain the
# error when you get a chance", "Run tests when you're done" are the work at hand)
_WHEN_THEY_ARE = rx.compile(
    rf"^(?:please\s+)?(?:always\s+)?(?!(?:i|we|you|they|it|let's|can|could|would)\b)[a-z]+\s+"
    rf"{_BARE_KIND}\s+(?:when|whenever|if)\s+(?:they|it)(?:'re|'s|\s+are|\s+is)\s+"
    r"(?:not\s+|too\s+|very\s+|at\s+all\s+)?[\w-]+(?:\s+[\w-]+)?\s*[.!]?$", _I)


def _when_they_are(text: str) -> bool:
    return " they" in text and _WHEN_THEY_ARE.match(text) is not None


# Leave to stop doing something: how to answer when it is the answering ("You can stop
# explaining Python idioms now" takes back "Explain Python idioms ..."); the task at hand else
# ("You can stop running the server now", "You can stop now")
_MAY_STOP = rx.compile(r"^(?:you\s+(?:can|could|may)|feel\s+free\s+to)\s+stop\b", _I)
# What an answer is made of and nothing else ("emojis", "caveats", "so many bullet points")
_ANSWER_ONLY = (r"(?:[a-z]+\s+){0,3}?(?:emojis?|explanations?|summar(?:y|ies)|recaps?|caveats?|"
                r"disclaimers?|apolog(?:y|ies)|bullet(?:\s+points)?|markdown(?:\s+(?:tables?|"
                r"headers?|formatting))?|options|choices|alternatives|preambles?|pleasantries)")
# A pause, politeness or "going forward" after it changes nothing of what is asked
_STOP_POLITE = (r"(?:\s*,?\s*(?:now|anymore|any\s+more|from\s+now\s+on|going\s+forward|please|pls|"
                r"plz|thanks|thank\s+you|thx|ty))*\s*[.!]?$")
_STOP_ANSWERING = rx.compile(
    # Leave to stop is a rule when what it stops is how the assistant answers or behaves, not
    # when it names a thing in the code being written: "You can stop apologizing / asking for
    # confirmation / using emojis / using tables in your answers" are rules; "... adding CSV
    # headers / using hash tables / adding test comments / writing tests" are the work at hand
    r"^\s+(?P<doing>(?:"
    # ... a way of answering, whatever it is about ("explaining everything", "apologizing so
    # much"; not "explaining the code", the work at hand)
    r"(?:apologi[sz]|hedg|narrat|recap|over-?explain|second-guess)ing(?:\s+(?:so\s+much|all\s+"
    r"the\s+time|constantly|for\s+everything|every\s+time))?"
    r"|(?:explain|includ|summari[sz]|suggest|mention|repeat|narrat|recap|justify|hedg|qualify)"
    rf"ing\s+{_BARE_KIND}(?:\s+[\w-]+){{0,2}}?"
    r"|explaining\s+(?:everything|so\s+much|(?:basic|simple|obvious|trivial)\s+[\w-]+(?:\s+"
    r"[\w-]+)?(?:\s+to\s+me)?|things\s+to\s+me)"
    r"|summari[sz]ing(?:\s+(?:everything|at\s+the\s+end|(?:after\s+)?every\s+[\w-]+))?"
    r"|repeating\s+(?:yourself|my\s+question)"
    r"|checking\s+in(?:\s+so\s+often)?"
    # ... asking before acting ("asking for confirmation before running tests")
    r"|asking\s+(?:me\s+)?(?:(?:so\s+many\s+|clarifying\s+)?questions|for\s+(?:confirmation|permission|approval)|before\s+[\w-]+ing|"
    r"whether|if\s+(?:i|it's|that's))[^.!?,;]*"
    # ... what only an answer is made of, however much of it, wherever it goes ("putting
    # emojis in commit messages", "giving me caveats", "with the emojis")
    rf"|(?:(?:us|writ|add|giv|show|putt|includ)ing\s+(?:me\s+)?|with\s+(?:the\s+|all\s+the\s+)?)"
    rf"{_ANSWER_ONLY}(?:\s+(?:to|in|on|at|after|before)\s+[^.!?,;]*?)?)(?P<answer>)"
    # ... what the code has too ("headers", "tables", "examples"), only said to be in the
    # answers ("adding headers to your answers"; not "adding request headers", "using hash
    # tables", "adding headers now")
    r"|(?:us|writ|add|giv|show|putt|includ)ing\s+(?:[a-z]+\s+){0,2}?(?:headers?|tables?|"
    r"examples?|code\s+(?:blocks?|examples?|snippets?)|headings?|sections?)\s+(?:in|to|from|at\s+"
    r"the\s+(?:top|end)\s+of)\s+(?:your\s+|the\s+|my\s+|every\s+|each\s+|all\s+)?(?:[\w-]+\s+)?"
    r"(?:answers?|repl(?:y|ies)|responses?|messages?|output|explanations?|chat)"
    # ... and how the assistant writes any code, said of all of it ("adding comments",
    # "adding docstrings to private functions"; not "adding test comments", "... the comments",
    # "... comments to the SQL", one kind or one piece of the code at hand)
    r"|(?:us|writ|add|putt|includ)ing\s+(?:comments?|docstrings?|type\s+(?:hints?|annotations?))"
    r"(?:\s+(?:everywhere|(?:to|in)\s+your\s+code|(?:to|on|in|for)\s+(?:every|each|all|private|public|internal|trivial|"
    r"simple|obvious|small)\s+[\w-]+(?:\s+[\w-]+)?))?"
    # (a reason or a wish said after a way of answering: "..., just pick one")
    r")(?(answer)(?:\s*,\s*(?!now\b|please\b|pls\b|thanks\b)[^.!?]*)?)" + _STOP_POLITE, _I)
# "Our CI runs on Buildkite", "Our docs are built with mkdocs": what the project runs on
_OUR_RUNS_ON = rx.compile(
    r"^our\s+(?:[\w-]+\s+){0,2}?(?:runs?\s+on|uses?|(?:is|are)\s+(?:hosted|built|deployed|"
    r"managed|run)\s+(?:on|with|in|by|via)|deploys?\s+(?:to|with|via)|(?:is|are)\s+on)\s+\S",
    _I)
_NAMED_RUNS_ON = rx.compile(
    rf"^the\s+(?:[\w-]+\s+){{1,2}}{_SYSTEM_NOUN}\s+(?:runs?\s+on|(?:is|are)\s+(?:hosted|"
    r"deployed|run|running)\s+(?:on|in|to|via)|deploys?\s+(?:to|via))\s+(?-i:[A-Z])", _I)
# "The frontend tests use Jest", "The docs are built with mkdocs": a part of the project and
# the known tool it is done with (the tool alone after the verb: "the parser uses pytest
# fixtures" is about code)
_PART_USES_TOOL = rx.compile(
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
_GO_TO_PERSON = rx.compile(
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
    rf"to\s+(?!{WEEKDAY_NAME}\b|(?:january|february|march|april|june|"
    r"july|august|september|october|november|december)\b)(?-i:[A-Z])[a-z]+\s*[.!]?$", _I)
# "Staging is at staging.acme.io", "Staging URL is staging.acme.io": where a service is, by its
# host name
_TLD = r"(?:io|com|net|org|dev|app|co|internal|local|cloud|ai)\b"
_HOST = rx.compile(r"\b(?:is|are|lives?|runs?)\s+(?:at|on)\s+(?:https?://)?(?:[a-z0-9-]+\.)+"
                   rf"{_TLD}|"
                   # ... said as what the address is, the address the point of the sentence
                   # (not "The URL is example.com in the test", "The endpoint is ... which
                   # returns 500", a placeholder or what the work at hand met)
                   r"\b(?:url|host(?:name)?|address|domain|endpoint)s?\s+(?:is|are)\s+"
                   r"(?:https?://)?(?!(?:[a-z0-9-]+\.)*(?:example|localhost)\.)(?:[a-z0-9-]+\.)+"
                   rf"{_TLD}(?:[:/][\w./:-]*?)?\s*(?:[.!]?\s*$|[,;]\s*(?:so|and)\b)", _I)
# The project's standing that the code does not show: a result to beat, the resources it runs
# on and what each is for, what a colleague requires of it. Each is told of a named thing, as
# it holds now, never of the run at hand ("loss is going down", "it's 0.5 on this batch").
#
# A best result and what it is: "best val loss is 0.398 now", "final run done, best val loss is
# 0.352" (a later best replaces it; not "the best approach is to retry", no measure)
_BEST_RESULT = rx.compile(
    r"(?:^|[,;:]\s+)(?:(?:our|the|new|current)\s+)*best\s+(?P<measure>(?:[\w-]+\s+){0,2}?(?:loss|"
    r"accuracy|acc|f1|auc|auroc|bleu|rouge(?:-\w+)?|score|m?iou|map|perplexity|ppl|wer|cer|"
    r"error(?:\s+rate)?|precision|recall))\s+(?:(?:is|so\s+far\s+is)\s+)?(?:now\s+)?(?:at\s+)?\d*\.?\d+%?"
    # (not one batch's or one step's: "best accuracy is 0.91 on this batch"; nor a debug run's,
    # nor one said in doubt: "... 0.41 on the debug run", "... 0.35 now? that seems too good",
    # "..., not sure it's real though", "... 0.29 but that run diverged after"; nor one the
    # person discounts: "... 0.31 on the broken split, ignore it", "... but that run was buggy",
    # though a bug told put right is what the result came after: "... 0.29 after fixing the
    # broken split", "... now that the leaky features are gone", "..., the buggy dataloader is
    # fixed")
    r"(?!\w|\.\d)(?![^.;]*(?:\b(?:this|that|one|each|every)\s+(?:batch|step|sample|epoch|seed)\b|"
    r"\?|\bnot\s+sure\b|\btoo\s+good\b|\bsuspicious|\b(?:can't|cannot)\s+be\s+right|"
    r"\bdiverged\b|\b(?:debug|smoke|toy|sanity|test)[\s-]+runs?\b|"
    r"\b(?<!fixing\s)(?<!fixed\s)(?<!without\s)(?<!fixing\sthe\s)(?<!fixed\sthe\s)"
    r"(?<!without\sthe\s)(?<!removing\sthe\s)(?<!dropping\sthe\s)(?:broken|buggy|bugged|leaky|"
    r"leaked|invalid|bogus)\b(?!(?:\s+[\w-]+){0,3}\s+(?:is|are|was|were|got|now)\s+(?:now\s+)?"
    r"(?:fixed|gone|removed|dropped|patched|out)\b)|"
    r"\bignore\s+(?:it|that|this)\b|\bdoes(?:n't|\s+not)\s+count\b))", _I)
# A reply's yes before it says nothing of the result
_YES = rx.compile(r"^(?:yes|yep|yup|yeah|nice|great)\b[\s,!.]*", _I)
# A named resource of the cluster or the tracker and what it is: "the mlflow experiment name is
# cseg-v2", "the partitions on kepler: gpu-a100 for real runs, ...", "the gpu-debug partition
# was renamed to debug-a100" (a kind of thing code has no name for: not "the function name is
# parse_args", "the file was renamed to utils.py")
_RESOURCE_NOUN = (r"(?:partitions?|queues?|clusters?|buckets?|namespaces?|workspaces?|entity|"
                  r"entities|experiments?|registr(?:y|ies)|projects?|nodes?)")
_NAMED_RESOURCE = rx.compile(
    rf"^(?:the|our)\s+[\w.-]+\s+{_RESOURCE_NOUN}\s+(?:name\s+is|is\s+(?:called|named))\s+"
    r"[`'\"]?[\w.-]*[\d-][\w.-]*[`'\"]?\s*[.!]?$|"
    rf"^(?:the|our)\s+(?:[\w-]+\s+)?{_RESOURCE_NOUN}(?:\s+(?:on|in|at|of)\s+[\w.-]+)?"
    r"(?:\s*:|\s+(?:is|are))\s+[`'\"]?[\w.]*[\d-][\w.-]*[`'\"]?\s+(?:is\s+)?for\s+\w", _I)
# ... or the names alone, one or a few: "our s3 buckets are acme-prod-assets and
# acme-staging-assets" (a name with a hyphen or a figure: not "the clusters are down")
_NAME_OF_RESOURCE = r"[`'\"]?(?=[\w.-]*[\d-])[a-z][\w.-]*[\w][`'\"]?"
_NAMED_RESOURCES = rx.compile(
    rf"^(?:the|our)\s+(?:[\w-]+\s+)?{_RESOURCE_NOUN}\s+(?:is|are)\s+{_NAME_OF_RESOURCE}"
    rf"(?:(?:\s*,\s*|\s+and\s+|\s*,\s*and\s+){_NAME_OF_RESOURCE})*\s*[.!]?$", _I)
# A terse typist's standing facts: how the team uses a known tool ("we cache sessions in redis
# on 6380": a deed in the present, not "we fixed ...", "we need ..."), and a checker's setting
# kept to a part of the tree ("mypy strict only for app/")
_WE_DO_WITH_TOOL = rx.compile(
    r"^we\s+(?:(?:still|always|currently|now)\s+)?(?!(?:need|want|have|had|should|could|would|"
    r"will|can|must|might|may|did|do|does|tried|try|are|were|got|get|think|saw|see|lost|broke|"
    r"hit|fixed|found|just)\b)[a-z]+(?<!ed)(?<!ing)\s+(?:[\w-]+\s+){0,3}?(?:in|on|with|via|"
    rf"through|into)\s+(?P<tool>{TOOL_PATTERN})(?![\w-])(?:\s+(?:on\s+)?(?:port\s+)?:?\d{{2,5}})?"
    r"\s*[.!]?$", _I)
# Where a part of the system listens, a standing fact of the project: "Our API server listens
# on port 8080", "postgres runs on port 5432 locally", "Redis is on :6380 in dev" (a known tool
# or a part named by its kind; not one time's: "... on 8081 for now", "... today")
_PORT_HELD = rx.compile(
    r"^(?:(?:the|our)\s+(?:[\w-]+\s+){0,3}?(?:server|service|api|app|backend|frontend|worker|"
    r"gateway|proxy|database|db|cache|broker|queue|exporter|daemon|dashboard)s?|"
    rf"(?:the\s+|our\s+)?(?:(?:local|dev|prod|production|staging)\s+)?(?:{TOOL_PATTERN})"
    r"(?:\s+(?:server|instance))?)\s+"
    # ("The admin dashboard is served on port 9000": dropped with no trace)
    r"(?:listens|runs|is|serves|lives|(?:is\s+)?(?:served|exposed|reachable|available))\s+on\s+"
    r"(?:port\s+|:)\d{2,5}"
    r"(?:\s*,?\s+not\s+(?:on\s+)?(?:port\s+)?\d{2,5})?"
    r"(?:\s+(?:locally|by\s+default|(?:in|on)\s+(?:dev|development|prod|production|staging|ci|"
    r"localhost|docker|the\s+dev\s+box)))?\s*[.!]?$", _I)
_CHECKER_SCOPED = rx.compile(
    rf"^(?P<tool>{TOOL_PATTERN})\s+(?:--)?[\w-]+(?:\s+mode)?\s+(?:only\s+)?(?:for|in|on)\s+"
    r"(?:only\s+)?[\w.-]+/(?:[\w.-]+/)*(?:\s+only)?\s*[.!]?$", _I)
_RENAMED_RESOURCE = rx.compile(
    rf"^(?P<what>(?:the|our)\s+[\w.-]+\s+{_RESOURCE_NOUN}\s+(?:was|were|has\s+been|got)\s+"
    r"renamed\s+to\s+[`'\"]?[\w.-]*[\w][`'\"]?(?:\s+(?:this|last)\s+week|\s+today|\s+yesterday)?)"
    r"(?:\s*[.!]?$|\s*,\s+)", _I)
# A limit of what the team may use: "our group quota is 8 A100s at a time" (not one for a
# while: "... until Friday", "... for now")
_QUOTA = rx.compile(
    r"^(?:the|our)\s+(?:[\w-]+\s+){0,2}?(?:quota|allocation)\s+is\s+\d+\s+\S+"
    r"(?![^.;]*\b(?:until|till|today|tonight|tomorrow|temporarily|for\s+now|this\s+week)\b)", _I)
# What a colleague requires of the project, by a named person: up to a milestone or a month
# ("Prof. Okafor wants a journal version by end of January", "... ablations on the temperature
# parameter before the submission"; not "Priya wants the report by Friday", one task), or a
# choice of one thing against another ("Okafor wants the figures in matplotlib, not seaborn")
_COLLEAGUE = r"(?:(?:Prof|Dr|Mr|Mrs|Ms)\.?\s+)?(?-i:[A-Z][a-z]+)"
# Who knows a part of the system, by what they did to it: "Diego moved the data loader to
# webdataset shards last week, ask him about the shard format" (whom to ask, not a task)
_ASK_WHO_DID = rx.compile(
    rf"^{_COLLEAGUE}\s+(?:moved|migrated|wrote|rewrote|built|set\s+up|owns|maintains|designed)\s+"
    r"(?:the|our)\s+[^.;!?]*?,\s+(?:so\s+)?ask\s+(?:him|her|them)\s+(?:about|for)\s+"
    r"(?!(?:it|this|that|them)\b)\w", _I)
_COLLEAGUE_WANTS = rx.compile(
    rf"^(?:[\w-]+:\s+)?{_COLLEAGUE}\s+wants\s+(?!to\b|(?:me|you|us|him|her|them|it)\b)"
    r"(?:[^.;!?]*?\b(?:by|before|for)\s+(?:the\s+)?(?:(?P<end>end\s+of\s+(?:the\s+)?)?(?:"
    + "|".join(sorted(MONTH_WORDS, key=lambda word: (-len(word), word)))
    + r"|(?(end)month|(?!))|quarter|year|"
    r"q[1-4])\b|(?P<event>submission|camera-ready|deadline|conference|rebuttal|defense|"
    r"release|launch)\b)"
    r"|[^.;!?]*?\s(?:in|with|using|via|as)\s+[\w.+#-]+,?\s+not\s+(?!(?:me|you|us|him|her|them|now|yet|today|tonight|tomorrow|later|"
    rf"{WEEKDAY_NAME})\b)(?P<other>[\w.+#-]+)\s*[.!]?$)", _I)
_PATH = rx.compile(r"(?<![\w/])(?:\.{0,2}/)?[\w.-]+/[\w./-]*\.[A-Za-z0-9]{1,5}\b|\b[\w-]+\.(?:py|"
                   r"ts|tsx|js|jsx|go|rs|rb|java|kt|c|h|cpp|cs|php|swift|vue|svelte)\b")


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


@dataclass(frozen=True, eq=False)
class _Kind:
    """What a sentence was found to be, before it becomes a ``Candidate``."""

    kind: CandidateKind
    text: str
    explicitness: float
    new: str | None = None
    old: str | None = None
    back: bool = False
    revises: bool = False  # said after "I changed my mind": takes back an earlier statement
    moved_from: str | None = None  # ``Candidate.moved_from``, as said ("Friday")
    weekday_to: tuple[str, bool] | None = None  # ``Candidate.weekday_to``
    example: str = ""  # the rule applied to the work at hand, said beside it (``_one_off``)
    of_plan: bool = False  # told done, no word of a plan: ``Candidate.of_plan``
    put_right: bool = False  # said as a correction of what holds: ``Candidate.put_right``


def _learned_rule(sentence: str, found: _Kind) -> bool:
    """A rule given with what once went wrong ("Don't mock the database in these tests — we got
    burned last quarter"): a lesson kept for good, whatever it points at."""
    if found.kind not in ("prohibition", "preference"):
        return False
    why = _split_why(sentence)[1]
    return bool(why) and _tells_past(why)


# Every pattern in _SWITCHES needs one of these words: one cheap search spares most sentences
# the ten patterns.
_SWITCH_WORD = rx.compile(
    r"\b(?:switch|mov|migrat|chang|went|go|revert|return|replac|instead|not|ditch|swap|trad|"
    r"stopped|quit|dropped|renam|rather|back\s+(?:on|to)\b|"
    r"upgrad|updat|downgrad|bump|rolled|pinned|now\b|again\b)|->|=>|→", _I)


_SWITCH_VERB = (r"(?:switch|mov|migrat|upgrad|updat|downgrad|bump|chang|go\b|went\b|revert|return|"
                r"replac|swap|ditch|trad)")
# A switch said not to have happened, or that may not: "we haven't upgraded to Node 20", "don't
# switch to pnpm yet", "we can't migrate until ...", "we tried to move". The memory it would
# replace is still true; what is said is a rule or nothing.
_NOT_DONE = rx.compile(
    r"(?:n't|\b(?:not|never|no\s+longer|would|could|might|(?-i:may)|can|tr(?:y|ies|ied|ying)\s+to|"
    r"whether\s+to|if\s+we))\s+(?:(?!(?:so|and|but|then|because|since|we|they|it)\b)[\w-]+\s+)"
    r"{0,2}?(?:be\s+)?" + _SWITCH_VERB, _I)
# A switch decided on, not made: "we decided to replace cluster-autoscaler with Karpenter,
# starting in staging" (the decision is kept as one; told as a switch it said the old tool
# was no longer current before anything changed)
_DECIDED_TO = rx.compile(r"\b(?:decided|agreed)\s+(?:(?:yesterday|today|this\s+\w+)\s+)?to\s+"
                         r"(?:\w+\s+)?" + _SWITCH_VERB, _I)
# ... unless told done or in use since: "We decided to switch to bun last month and it's been
# great", "We decided yesterday to switch to bun and it's already merged"
_DECIDED_AND_DONE = rx.compile(
    r"\b(?:it's|it\s+has)\s+been\s+(?:(?:much|way|a\s+lot|so|really|very)\s+)?(?:great|good|fine|"
    r"working|live|running|smooth|smoother|solid|stable|faster|better|easier|simpler|nicer|nice|"
    r"a\s+(?:big\s+)?(?:success|win)|in\s+(?:use|place|prod)|\d+\s+(?:days|weeks|months))\b|"
    r"\balready\s+(?:been\s+)?(?:merged|done|live|shipped|rolled|in\s+use)\b|"
    r"\b(?:ever\s+)?since\s+then\b|\band\s+now\s+(?:we|it|everything|all)\s+"
    r"(?:use|uses|run|runs|are|is|build|builds|deploy|deploys)\b", _I)


def _not_done(text: str) -> bool:
    """A negation or modal that governs the switch itself, not a follow-up after a switch
    already told ("We switched to pnpm so we can move faster", "We bumped Node to 20, so you
    might need to update your .nvmrc")."""
    m = _NOT_DONE.search(text)
    if m is None:
        return False
    before = text[: m.start()]
    return not (TELLS_SWITCH.search(before) or version_switch(before) is not None)


# A name in backticks: "from `pip` to `uv`" names the tools as plainly as "from pip to uv"
_NAME_IN_CODE = rx.compile(r"`([A-Za-z0-9][\w.+#/-]*)`")


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


_FOCUS_FOR_A_WHILE = rx.compile(
    r"\b(?:this|next)\s+(?:sprint|week|month|quarter|release|migration)\b|"
    # (a leading "Right" is read as filler: "Now we're focusing on ..." was "Right now ...")
    r"\b(?:right\s+now|for\s+now|for\s+the\s+moment|today|for\s+this\s+\w+)\b|^now\b", re.I)


# A tool left, said beside the move away from it: "We don't use poetry anymore, we moved to
# uv", "We moved to uv, we don't use poetry anymore"
_LEFT = (r"(?:we|i)(?:\s+(?:don't|do\s+not|no\s+longer|are\s+not|aren't|am\s+not)|'re\s+not|"
         r"'m\s+not)\s+(?:use|using)\s+(?!(?:it|that|this|them|those|these)\b)"
         r"(?P<old>[\w.+#-]*\w)(?:\s+any\s*more)?")
_LEFT_BEFORE = rx.compile(rf"^{_LEFT}\s*[,;]\s*", _I)
_LEFT_AFTER = rx.compile(rf"\s*[,;]\s*{_LEFT}\s*[.!]?$", _I)


# "lets use npm again pnpm breaks on fly": a tool gone back to, and what broke told after it
# ("We will use Docker again next sprint" is a plan); a ban lifted says as much ("You can use
# flake8 again": it made no memory, and "Use ruff instead of flake8" stayed)
_USE_AGAIN = rx.compile(
    r"^(?:(?:actually|actualy|ok(?:ay)?|so|fine|yeah|yes|yep|alright|all\s+right|well|ugh)\b"
    r"[\s,]*)*(?:(?:let'?s|let\s+us|(?:i\s+think\s+)?we\s+should|please)\s+(?:just\s+)?"
    # ... or allowed again: "You can use flake8 again", "It's fine to use npm again"
    r"|(?:you|we)\s+(?:can|may)\s+(?:now\s+)?|feel\s+free\s+to\s+"
    r"|it(?:'s|\s+is)\s+(?:ok(?:ay)?|fine|alright|all\s+right)\s+to\s+)?"
    rf"use\s+(?=(?-i:[A-Z])|{_KNOWN_NAME})(?P<new>{_T})\s+(?P<again>again\b[\s,;:—–-]*"
    r"(?P<rest>.*))$",
    _I)
# What a move back is said with decides whether it lasts. A purpose or a time of one action is
# the task at hand: a test, a benchmark, this install or build, the next command; while, so,
# and, then with what is done now; this time, once, temporarily, today, here, for the moment
# ("for now" is as often the work in progress as a policy, and "do not suggest pnpm" would be
# too strong a memory of it); to and a verb of the work ("to install the deps", "to check")
_ONE_ACTION = rx.compile(
    r"^(?:just\s+|only\s+)?(?:"
    r"for\s+(?:a|an|one|the|this|that|these|those|my|our)\s+(?:(?:next|quick|single|one|last|"
    r"little|short|first)\s+)*(?:tests?|benchmarks?|bench|install(?:ation)?|builds?|commands?|"
    r"runs?|demo|checks?|experiments?|comparison|repro|debug(?:ging)?|try|trial|spike|steps?|"
    r"session|script|job|deploy|ci\s+run|moment|bit|sec(?:ond)?|minute|while|day|today)\b|"
    # ... the one build or run said by what it is of ("for the release build", "for the e2e
    # run"; "for the rest of the project" lasts)
    r"for\s+(?:a|an|one|the|this|that|my|our)\s+(?!rest\b)[\w.+-]+(?:\s+[\w.+-]+)?\s+(?:build|"
    r"run|deploy(?:ment)?|job|script|test|benchmark|check|release)\b(?!\s+(?:suite|pipeline)s?\b)|"
    r"for\s+(?:now|a\s+bit|a\s+while|a\s+sec(?:ond)?|the\s+(?:time\s+being|next\b|install|demo|"
    r"rest\s+of\s+(?:the|this|today)\s+(?:day|session|week|afternoon|morning|evening|sprint)))|"
    # ... "for this" of anything but the whole project
    r"for\s+(?:this|that|these|those)\b(?!\s+(?:repo(?:sitory)?|project|codebase|monorepo)\b)|"
    r"(?:on|with)\s+(?:this|that|these|those|the\s+new)\b(?!\s+(?:repo(?:sitory)?|project|"
    r"codebase|monorepo)\b)|"
    r"in\s+(?:this|that|the)\s+(?:test|file|step|branch|one)\b|in\s+the\s+meantime\b|"
    r"(?:while|until|so\s+(?:that\s+)?(?:i|we|you)\s+can)\b|"
    r"(?:and|then|and\s+then)\s+(?:re)?(?:run|see|check|try|test|compare|retry|install|build|"
    r"debug|look|verify|confirm|redo|benchmark|measure|time|profile|regenerate|start|deploy)\b|"
    r"(?:just\s+)?(?:this|one\s+more|one\s+last)\s+(?:time|once)\b|(?:just\s+)?once\b|"
    r"real(?:ly)?\s+quick|quickly|temporarily|today|tonight|here\b|"
    r"(?:right\s+)?now\s*[.!]?$|"
    # ... to and what is done ("to install the deps", "to check"), not a reason to keep it: to
    # be safe, to keep things simple, to stay in line with CI
    r"to\s+(?!(?:be|keep|stay|avoid|stick|match|simplify|reduce|save|make\s+(?:things|life|it))"
    r"\b)[a-z])", _I)
# "now" before what keeps a move back going ("again now, pnpm is too flaky"): when it
# starts, not what it is for
_NOW_THEN = rx.compile(r"^now\b(?!\s+that\b)[\s,;:—–-]*", _I)


# "Back to GitHub Actions, please.": a move back said in three words, to a tool known or named
# (a capital, or a name with a hyphen or dot: "golang-migrate"), not "back to work", "back to
# normal", "back to main" (a branch checked out); said alone or with what keeps it going
_BACK_TO = rx.compile(
    r"^(?:(?:ok(?:ay)?|so|fine|alright|yeah|then|and|anyway)\b[\s,]*)*back\s+to\s+"
    # (no number in a name not known: "Back to PR-212" is work at hand)
    rf"(?:using\s+)?(?P<new>{_KNOWN_NAME}|(?![\w.+#-]*\d)(?:(?-i:[A-Z])[\w.+#-]*[\w+#]|"
    r"[a-z]\w*[-.][\w.-]*\w))"
    # ("Back to flake8 from ruff, it clashes with our hooks": what was left, and why)
    rf"(?:\s+from\s+(?P<old>{_KNOWN_NAME}|(?-i:[A-Z])[\w.+#-]*[\w+#])(?=[\s,;.!]|$)"
    r"(?:[,;]\s+(?P<why>\S.*?))?)?"
    r"(?P<rest>(?:[\s,]+(?:please|pls|then|again|for\s+good|from\s+now\s+on|going\s+forward|"
    r"for\s+everything|everywhere))*)\s*[.!]*$", _I)


_ASKING = rx.compile(r"[\s,]*\b(?:please|pls|then|again)\b[\s,]*", _I)


def _back_to(text: str) -> _Kind | None:
    """"Back to GitHub Actions, please." as the move back it asks for."""
    m = _BACK_TO.match(text) if "back to" in text[:30].lower() else None
    if m is None or m["new"].lower() in _CALENDAR_TERMS:
        return None
    new = _whole_name(text, m.start("new"), m["new"])
    if m["old"]:
        return _Kind("switch", ensure_period(text), 0.9, new=new, old=m["old"], back=True)
    # (told as "Let's use npm again" is: what is asked for, with when it holds from)
    lasting = _ASKING.sub(" ", m["rest"]).strip(" ,")
    said = f"Use {new} again {lasting}".rstrip()
    return _Kind("switch", ensure_period(said), 0.9, new=new, back=True)


# How a move back is asked for, not told done
_ASKS_BACK = frozenset({"let's", "lets", "please", "go", "switch", "move", "revert", "return",
                        "roll", "change"})


def _again_for_once(text: str) -> bool:
    """``text`` asks for a tool again for one action ("Let's use npm again for a quick test",
    "... instead of pnpm for this one install", "Please use npm again for the next command"):
    the task at hand, neither a move back nor a rule."""
    m = _USE_AGAIN.match(text) if "again" in text.lower() else None
    if m is None:
        return False
    rest = m["rest"].strip().rstrip(".!")
    if rest[:11].lower() == "instead of ":
        rest = rest[11:].partition(" ")[2]  # (what is left named, then what it is for)
    return _ONE_ACTION.match(rest) is not None


def _used_again(text: str) -> _Kind | None:
    """"Let's use npm again, pnpm breaks on fly" said as a move back, in its own words: the tool
    of the same kind named after it is the one left, and what it tells of it the reason. Said
    of one action ("Let's use npm again for a quick test", "... just this once") it is the task
    at hand (``_again_for_once``), not a move back."""
    m = _USE_AGAIN.match(text) if "again" in text.lower() else None
    if m is None or _again_for_once(text):
        return None
    new = m["new"]
    # ("again now, pnpm is too flaky", "again now that pnpm broke our lockfile": the reason)
    rest = _NOW_THEN.sub("", m["rest"].strip().rstrip(".!"))
    if rest[:9].lower() == "now that ":
        rest = rest[9:]
    left = [t for t in tools_in(rest) if tool_kinds(t) & tool_kinds(new) and not same_tool(t, new)]
    old = left[0] if len(left) == 1 and has_word(rest.split()[0], left[0]) else None
    # ("..., it was faster": the reason as said, for the why to be read from it)
    said = f"Use {new} again because {rest}" if old is not None else f"Use {new} {m['again']}"
    return _Kind("switch", ensure_period(said.rstrip()), 0.9, new=new, old=old, back=True)


# "on Thursdays now, not Tuesdays", "now every Thursday, not on Tuesdays": the weekday a thing
# recurs on, put in place of the one it was on ("on Thursday" alone is one day, dated as one)
_RECURRING_DAY_NOT = rx.compile(
    rf"\b(?:(?:on\s+)?(?P<on>{WEEKDAY_NAME})s|every\s+(?P<every>{WEEKDAY_NAME})s?)(?:\s++now)?"
    # (possessive: "\s*,?\s+" tried each split of a long run of spaces, 20,000 took 15 s)
    rf"(?:\s*+,\s*+|\s++)(?:(?:and\s+)?not|instead\s+of|rather\s+than)\s+(?:on\s+|every\s+)?"
    rf"(?P<old>{WEEKDAY_NAME})s?\b", _I)
# ... told as a day that may be, not one that is ("We could deploy on Thursdays instead of
# Tuesdays", "Maybe ..."): no entry's day is put right on it
# ("May" with a capital is a month or a name: "..., as May asked" is no hedge)
_DAY_HEDGED = rx.compile(r"\b(?:could|would|should|might|(?-i:may)|maybe|perhaps|if|whether|unless|"
                         r"suggest\w*|propos\w*|consider\w*|what\s+about|how\s+about)\b|\?", _I)


# ... told of a past habit ("We used to deploy on Thursdays, not Tuesdays"): what was done then,
# no day switched to (it was read as a switch to Thursday, the day left behind)
_PAST_HABIT = rx.compile(r"\bused\s+to\b", _I)
# ... unless the sentence turns to what is done now before the day: "We used to deploy on
# Tuesdays; we deploy on Thursdays now", "..., but we moved deploys from Tuesdays to Thursdays",
# "The script we used to deploy moved from ...", "As we used to, we moved the standup ..."
_CLAUSE_TURN = rx.compile(
    r"[;!?]|\.(?:\s|$)|\b(?:but|now|mov(?:e|es|ed|ing)|switch(?:es|ed|ing)?|"
    r"chang(?:e|es|ed|ing)|shift(?:s|ed|ing)?)\b", _I)


def _past_habit_at(text: str, day_at: int) -> bool:
    """Whether the day said at ``day_at`` is one "used to" was done on, in the same clause
    (``_PAST_HABIT``, no ``_CLAUSE_TURN`` between them)."""
    habit = None
    for found in _PAST_HABIT.finditer(text, 0, day_at):
        habit = found  # (the last one before the day governs it)
    return habit is not None and _CLAUSE_TURN.search(text, habit.end(), day_at) is None


def _one_weekday(word: str) -> str | None:
    """``word`` as one weekday's name ("Thursdays", "thursday": "Thursday"), or None."""
    day = word.lower().removesuffix("s")
    return day.capitalize() if day in WEEKDAYS else None


# "for today's deploy and from now on": the work at hand a standing switch starts with
_FROM_TODAY_ON = rx.compile(
    r"\s+(?:for|on|in|with)\s+(?:today|tonight|this\s+(?:pr|branch|task|session|deploy|release))"
    r"(?:['’]s\s+[\w-]+)?,?\s+and\s+(?=(?:from\s+now\s+on|going\s+forward)\b)", _I)


def _switch(text: str) -> _Kind | None:
    if _SWITCH_WORD.search(text) is None or _not_done(text) or _again_for_once(text) or (
            ("decided" in text or "agreed" in text) and _DECIDED_TO.search(text)
            and not _DECIDED_AND_DONE.search(text)):
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
    days = _RECURRING_DAY_NOT.search(text) if (
        " not " in text or " instead " in text or " rather " in text) else None
    if days is not None and _past_habit_at(text, days.start()):
        # ("We used to deploy on Thursdays, not Tuesdays": ``_PAST_HABIT``): what was done then,
        # no switch (nor is any other reading tried: one is quadratic on ", not Tuesday" x 1,000)
        return None
    if days is not None and not _DAY_HEDGED.search(text):
        # "We deploy on Thursdays now, not Tuesdays", "... every Thursday now, not Tuesday":
        # the day a thing recurs on, said either way, is one weekday (read as "Thursdays" it
        # met no entry saying "every Tuesday", and became a memory of its own beside it; said
        # in the singular, or with "instead of", it was a fact of its own or one that took the
        # entry's place, its other words lost)
        new_day = (days["on"] or days["every"]).capitalize()
        if new_day.lower() != days["old"].lower():
            return _Kind("switch", text, 0.9, new=new_day, old=days["old"].capitalize())
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
        if back and text[:7].lower().split(" ")[0] in _ASKS_BACK and _ONE_ACTION.match(
                text[m.end():].strip(" ,;:—–-").rstrip(".!")):
            # "Go back to npm for the benchmark": the task at hand (``_ONE_ACTION``); told done
            # ("We reverted to npm today") it is dated, not for once
            continue
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
        if (_PATH_LIKE.search(new) and not _library_named(new, old)) or (
                old and _PATH_LIKE.search(old)):
            continue  # "moved the middleware from app.py to middleware.py": code moved
        if (at := ADDRESS_HERE.match(text, m.start(which_new))) and len(at[0].rstrip(
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
        if _happened_to_system(text, m.start()):
            continue
        if old and _one_weekday(new) and _one_weekday(old) and _past_habit_at(
                text, m.start(which_new)):
            # ("We used to deploy on Thursdays, not Tuesdays": ``_PAST_HABIT``): the sentence
            # tells what was done then, no switch (and the patterns after this one are not
            # tried on it: one of them is quadratic on "..., not Tuesdays" said 1,000 times)
            return None
        if old and (day := _one_weekday(new)) and (was := _one_weekday(old)) and (
                not _DAY_HEDGED.search(text)):
            # "We moved deploys from Tuesdays to Thursdays": one weekday for another, as an
            # entry saying "every Tuesday" or "on Tuesdays" is read
            new, old = day, was
        return _Kind("switch", text, 0.9, new=new, old=old, back=is_back)
    again = _used_again(text)
    if again is not None:
        return again  # (a move back told another way, "..., not black", is read as that)
    if (bare := _back_to(text)) is not None:
        return bare
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


# What happens to a running system by itself: "It's recovered; the writer moved to eu-west-1b"
# after an RDS failover. The writer moves again on the next one; told as a switch it became
# "use eu-west-1b, do not suggest the previous choice", a rule that pins work to one zone.
_SYSTEM_EVENT = rx.compile(
    r"\b(?:fail(?:ed|s|ing)?[\s-]+over|failovers?|recover(?:ed|s|ing)|crash(?:ed|es|ing)?|"
    r"went\s+down|(?:is|was)\s+down|outage|paged|evicted|rescheduled|oom-?killed)\b", _I)
# ... unless someone made the move: "After the outage we moved to Datadog"
# ("so the team moved to Fly.io", "the platform team switched to ...", "Kept crashing on
# Heroku, moved to Fly.io": the person's clause without its subject)
_MOVED_BY_SOMEONE = rx.compile(
    r"(?:\b(?:we|i|they|you|team|teams|org|everyone|everybody)|^|[,;:])"
    r"(?:'ve|'d|\s+have|\s+had|\s+just|\s+finally|\s+then|\s+all)*\s*$", _I)


def _happened_to_system(text: str, at: int) -> bool:
    """Whether the move found at ``at`` is one a system made by itself in an incident told in
    the same sentence (a failover, a recovery), not the person's choice of a new thing."""
    low = text.lower()
    if not any(w in low for w in ("fail", "recover", "crash", "down", "outage", "paged",
                                  "evicted", "rescheduled", "oom")):
        return False
    return _SYSTEM_EVENT.search(text) is not None and _MOVED_BY_SOMEONE.search(
        text, 0, at) is None


_SWITCHING_NOW = rx.compile(r"\b(?P<we>we)(?:'re|\s+are)\s+(?P<verb>switch|migrat|mov)ing\b", _I)


_VERSION_NEXT = rx.compile(rf"\s+{VERSION}\b")
_NAME_GOES_ON = rx.compile(r"(?:[ \t]+(?-i:[A-Z])[\w.+#-]*[\w+#])+")
_NOT_NAME_WORDS = word_set("i the a an on in at by for to of and or but last next this that "
                           "today tomorrow yesterday since until because")


_PATH_LIKE = rx.compile(
    r"[/\\]|\.(?:py|pyi|ts|tsx|js|jsx|mjs|go|rs|rb|java|kt|c|h|cc|cpp|hpp|cs|swift|php|md|json|"
    r"ya?ml|toml|ini|cfg|sql|sh|css|scss|html|vue|svelte)$", re.I)


# "shadcn/ui", "Next.js": a library named so; "src/ui", "app.js" are code's places
_LIBRARY_NAME = rx.compile(
    r"(?!(?:src|lib|libs|app|apps|packages|pkg|internal|cmd|tests?|docs|scripts|components|"
    r"utils|config|public|static|assets)/)[a-z][\w-]*/[a-z][\w-]*|(?-i:[A-Z])\w*\.js", _I)


def _library_named(new: str, old: str | None) -> bool:
    """True for a library whose name looks like a path ("from Radix to shadcn/ui", "from CRA to
    Next.js"): what was left is a name (a capital, or a known tool), not a file or folder, so
    this is no code moved between places."""
    if not old or _PATH_LIKE.search(old):
        return False
    return _LIBRARY_NAME.fullmatch(new) is not None and (old[:1].isupper() or bool(
        tool_kinds(old)))


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


_EXPLICIT_LEAD = rx.compile(
    r"^(?:reminder|fyi|heads[- ]?up|note|psa|important|context|for the record|for reference|"
    r"you keep forgetting|you forgot(?: again)?|again)\b",
    _I,
)
_LEAD_IN = rx.compile(r"^(?P<head>[^:]{3,80}):\s+(?P<tail>\S.+)$")
# A lead-in naming what follows as settled: "Decided: ...", "Team decision: ...", "Agreed: ..."
_DECIDED_LEAD = rx.compile(
    r"^(?:(?:we|the\s+team)\s+)?(?:(?:(?:team|final|new|architecture|design)\s+)?decision|"
    r"decided|agreed|settled)$", _I)
# "One hard rule, and I want this applied every time: never ...": the rule is the tail
_NAMES_A_RULE = rx.compile(r"\brules?\b(?!\s+(?:out|of\s+thumb)\b)", _I)
_RULE_HEAD = rx.compile(r"^(?P<head>[^:]{3,100}\brules?\b[^:]{0,60}):\s+(?P<tail>\S.+)$", _I)
# A lead-in naming what follows as a rule: "Rule going forward: no long-lived access keys",
# "New rule: no force pushes", "House rule: ..." ("No force pushes" alone may be a reply).
_RULE_LEAD = rx.compile(
    r"^(?:(?:one|a|the|our|new|house|hard|team|standing|golden|general)\s+){0,2}(?:rule|policy)"
    r"(?:\s+(?:going forward|from now on|for the future|here))?$", _I)
# A colon between digits is a time ("every Tuesday at 10:00"), not a clause break.
# (a break's blanks are read from the first of their run alone, as entries._TITLE_BREAK's: from
# each blank of a run, each read again to its end, 'a' + 20,000 blanks + 's' was by the square)
_CLAUSE = rx.compile(r"(?:(?<!\s)\s+)?(?:;|:(?!\d)|\s[—–]\s|\s-\s|,\s(?=(?:so|and|but|because|"
                     r"which)\b))\s*")


# Whenever a kind of work is done: "When you write tests", "Whenever adding migrations"
# ("When reviewing my PRs": the user's, all of them, are a kind of thing too)
_WHEN_DOING = rx.compile(
    rf"^(?P<when>(?:when|whenever|if)\s+(?:(?:you|we)\s+[a-z]+\s+(?:my\s+)?{_BARE_KIND}|"
    rf"[a-z]+ing(?:\s+(?:my\s+)?{_BARE_KIND})?)),\s+(?P<rule>\S.+)$", _I)


# Whenever one of a kind of thing is made, how it is to be: "If you write an alert rule, make it
# a multi-window burn rate alert"
_WHEN_MAKING = rx.compile(
    r"^(?P<when>(?:when|whenever|if)\s+(?:you|we)\s+(?:ever\s+)?(?:write|add|create|set\s+up|"
    r"define|build)\s+(?:an?|any)\s+(?:new\s+)?[\w-]+(?:\s+[\w-]+)?),\s+(?:please\s+)?"
    r"(?:make|keep|base|name|tag)\s+it\s+\S", _I)
# A rule after the state that makes it one, its head a statement of some length, not a reply
# ("Sure, don't ...", "I'll do it, don't ...") nor comfort ("..., don't worry about it")
_STATE_THEN_DONT = rx.compile(
    r"^(?!(?:i|i'll|i'm|i've|we'll|let\s+me|ok|okay|sure|thanks|thank\s+you|no|yes|yeah|fine|"
    r"good|great|got\s+it|right|cool)\b)(?:[\w'.=/-]+\s+){3,}[\w'.=/-]+,\s+"
    r"(?P<rule>(?:don't|do\s+not)\s+(?!(?:worry|bother|mind|panic|stress|rush|apologi[sz]e)\b)"
    r"\S.*)$", _I)
# ... of a kind of thing, not the one at hand ("The deploy is nearly done, don't cancel the deploy")
_THE_ONE = rx.compile(r"\b(?:the|my|your)\b", _I)


# What a named thing of the project is, said plainly: "the main database is in the EU region"
_STATED_OF = rx.compile(
    r"(?:the|our)\s+(?!record\b|(?:last\s+)?(?:message|one|thing)\b)[\w-]+(?:\s+[\w-]+){0,3}?"
    r"\s+(?:is|are)\s+(?!(?:been|not|also|just|wrong|right|correct|fine|broken|flaky|down)\b)\S",
    _I)


# "the port is 5434", "the db port is 5434": a port's value, what "Correction:" puts right
_PORT_IS = rx.compile(r"(?P<about>the\s+(?:[\w-]+\s+){0,3}?port)\s+is\s+(?=\d)", _I)


def _corrected_on(m: re.Match[str]) -> _Kind | None:
    """The statement of what holds that "Correction on X: ..." puts right, of the project as
    the person said it first ("The maintenance window is Saturday ... now, not Sunday ..."
    replaces the window the project memory gives), or None."""
    rest = m["rest"]
    if m["about"] and _NAMED_SUBJECT.match(m["about"]) and (it := _IT_IS.match(rest)):
        # "Correction on the maintenance window: it's Saturday ..." is "The maintenance
        # window is Saturday ...": "it" alone says nothing the memory could keep
        rest = f"{sentence_case(m['about'])} is {rest[it.end():]}"
    named = bool(m["about"]) and _NAMED_SUBJECT.match(m["about"]) is not None
    if named and rest[:1].isdigit():
        # "Correction on the port: 5433, not 5432": the value alone is what the subject is
        # (a port put right is one changed: "Correction on the port: 5433." is "The port is now
        # 5433", else kept apart from the port memory gives, as another)
        now = "now " if has_word(m["about"], "port") and " not " not in rest else ""
        rest = f"{sentence_case(m['about'])} is {now}{rest}"
    elif not m["about"] and (port := _PORT_IS.match(rest)) is not None:
        # "Correction: the port is 5434." is "Correction on the port: 5434.", a port put right
        # (read plainly, "the port is 5434" was no statement at all: nothing was saved)
        now = "now " if " not " not in rest else ""
        rest = f"{sentence_case(port['about'])} is {now}{rest[port.end():]}"
        named = True
    inner = _detect_core(rest)
    if inner is not None and inner.kind in ("fact", "plan", "resource", "decision"):
        return replace(inner, explicitness=max(inner.explicitness, 0.85), put_right=True)
    if inner is None and (NOW_WORD.search(rest) or (named and _STATED_OF.match(rest))):
        # ("Correction about the region: the main database is in the EU region": put right
        # on a named subject, a plain statement of what holds is a fact, as it is not alone)
        return _Kind("fact", _clean(rest), 0.85, put_right=True)
    return None


_NO_TOOL_ANYMORE = rx.compile(
    rf"^no\s+(?:(?P<more>more)\s+)?(?P<tool>{TOOL_PATTERN})(?![\w-])"
    r"(?P<where>\s+(?:in|for|on)\s+[\w./-]+)?(?(more)|\s+(?:anymore|any\s+more))\s*[.!]?$", _I)


# "The deadline was Friday, but now it is Monday.", "the demo was on the 14th but it's the
# 16th now": a day put in place of the one it was
_DAY_SAID = (rf"(?:(?:next\s+)?{WEEKDAY_NAME}|\d{{4}}-\d{{2}}-\d{{2}}|"
             r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2}"
             r"(?:st|nd|rd|th)?|the\s+\d{1,2}(?:st|nd|rd|th))")
_WAS_BUT_NOW = rx.compile(
    rf"^(?P<subject>(?:the|our|my)\s+[\w' -]{{1,60}}?)\s+was\s+(?:due\s+)?(?:on\s+)?"
    rf"(?P<old>{_DAY_SAID})\s*,?\s+but\s+(?:now\s+)?(?:it|that)(?:['’]s|\s+is)\s+"
    rf"(?:now\s+)?(?:on\s+)?(?P<new>{_DAY_SAID})(?:\s+now)?\s*[.!]?$", _I)
# ... "The deadline is now Monday, not Friday.", "The deadline moved from Friday to Monday.":
# the same move told the other way round
_NOW_NOT = rx.compile(
    rf"^(?P<subject>(?:the|our|my)\s+[\w' -]{{1,60}}?)\s+(?:is|['’]s)\s+now\s+(?:on\s+)?"
    rf"(?P<new>{_DAY_SAID})\s*,?\s+(?:and\s+)?not\s+(?:on\s+)?(?P<old>{_DAY_SAID})\s*[.!]?$", _I)
# ... of one day's thing: "The standup moved from Monday to Tuesday" moves the day it comes
# round on, which "The standup is every Monday" says ("... is now on Tuesday" would be one day)
_RECURRING = rx.compile(r"\b(?:stand-?ups?|syncs?|retros?|windows?|rotations?|meetings?|1:1s?|"
                        r"check-?ins?|classes|class|weekly|daily|planning)\b", _I)
# ... so only of a thing that is one day's by its name ("The release moved from Thursday to
# Friday" may move the day releases are done on, every week)
_ONE_DAYS = rx.compile(r"\b(?:deadline|due\s+date|launch|demo|offsite|off-site|submission|"
                       r"cutover|go-live|presentation|kickoff|kick-off|workshop|interview)\b", _I)
# ... and a release, moved to a day with no day it moved from ("The release moved to Thursday",
# "The release is now on Thursday"): that moves one release (a weekly one is told "every ..."),
# as "The release is now on 2026-07-16" does; it was lost, or read from the day it was said
_ONE_DAYS_TO = rx.compile(rf"{_ONE_DAYS.pattern}|\brelease\b", _I)
# ... "The deadline is now Tuesday." (no "on"): the plan's day said alone, as "is now on
# Tuesday" is; read as said it was a memory of its own, and one said after an earlier move in
# the same dream took the plan's place ('The deadline is now Tuesday' over the Friday plan)
_NOW_DAY = rx.compile(
    rf"^(?P<subject>(?:the|our|my)\s+[\w' -]{{1,60}}?)\s+(?:is|['’]s)\s+now\s+(?:on\s+)?"
    rf"(?P<new>{_DAY_SAID})\s*[.!]?$", _I)
_MOVED_FROM_TO = rx.compile(
    rf"^(?P<subject>(?:the|our|my)\s+[\w' -]{{1,60}}?)\s+(?:(?:has|was|got|is)\s+(?:been\s+)?)?"
    rf"(?:moved|shifted|changed|pushed|slipped|bumped)\s+from\s+(?:on\s+)?(?P<old>{_DAY_SAID})"
    rf"\s+to\s+(?:on\s+)?(?P<new>{_DAY_SAID})\s*[.!]?$", _I)

# ... "The demo moved to Monday.", "The demo got pushed to next Wednesday": the move told with
# the new weekday only (it was no memory at all, the Friday plan kept as it was); a day in
# figures or a month's day moved to is read elsewhere as a plan of its own day
_MOVED_TO_WEEKDAY = rx.compile(
    r"^(?P<subject>(?:the|our|my)\s+[\w' -]{1,60}?)\s+(?:(?:has|was|got|is)\s+(?:been\s+)?)?"
    r"(?:moved|shifted|changed|pushed|slipped|bumped|postponed|rescheduled|delayed)"
    r"(?:\s+(?:back|out))?\s+(?:again\s+)?to\s+(?:on\s+)?"
    rf"(?P<new>(?:next\s+|this\s+)?{WEEKDAY_NAME})\s*[.!]?$", _I)


_PUT_LATER = rx.compile(r"\b(?:pushed|slipped|postponed|delayed|bumped)\b|\b(?:back|out)\s+to\b",
                        _I)


def weekday_moved_to(raw: str) -> tuple[str, bool] | None:
    """The weekday a one-day plan was told moved to by its name alone ("The demo moved to
    Thursday.": ("thursday", False); "... got pushed to Thursday": ("thursday", True), put
    later), as ``Candidate.weekday_to`` keeps it; None for any other sentence, and for "next
    Thursday" (told from the day it was said). Told from one weekday to another ("The deadline
    was Friday, but now it is Monday"), it is put later when the new weekday is at most three
    days on from the old across the week's end (``weekday_moved``)."""
    sentence = _FILLER.sub("", raw.strip())
    m = _MOVED_TO_WEEKDAY.match(sentence) if " to " in sentence else None
    if m is None:
        moved = _day_moved(sentence)
        if moved is not None and moved.re is _NOW_DAY and moved["new"].lower() in WEEKDAYS:
            # "The demo is now on Thursday": the same move as "moved to Thursday", read from
            # the plan's day alike (it was read from the day it was said: Thursday 2026-07-09 of
            # a Friday 2026-07-17 plan, where "moved to Thursday" is the 16th)
            return moved["new"].lower(), False
        if moved is None or "old" not in moved.re.groupindex:
            return None
        return weekday_moved(moved["old"], moved["new"], sentence)
    if " " in m["new"].strip() or not _ONE_DAYS_TO.search(m["subject"]) or (
            _RECURRING.search(m["subject"])):
        return None
    return m["new"].lower(), _PUT_LATER.search(sentence) is not None


def weekday_moved(old: str, new: str, sentence: str) -> tuple[str, bool] | None:
    """``Candidate.weekday_to`` of a move told in ``sentence`` from one weekday to another
    ("from Friday to Monday"), each by its name alone; None for any other day ("next Monday", a
    date). Put later when told so ("pushed"), or when the new weekday is at most three days on
    from the old, over the week's end: Friday to Monday is the Monday after a Friday plan, not
    the one four days before it; Friday to Thursday is the day before, the Thursday of its week
    as ``weekday_from_plan`` reads a move not put later, and Monday to Friday that week's
    Friday either way."""
    old, new = old.strip().lower(), new.strip().lower()
    if old not in WEEKDAYS or new not in WEEKDAYS:
        return None
    return new, _PUT_LATER.search(sentence) is not None or (
        WEEKDAYS.index(new) - WEEKDAYS.index(old)) % 7 <= 3


def day_moved_from(raw: str) -> str | None:
    """The day a plan was on, told beside the day it moved to ("The deadline was Friday, but
    now it is Monday.": "Friday"), as ``_detect`` reads the move; None for any other sentence.
    Read as "The deadline is now on Monday.", the Friday tells which deadline moved."""
    moved = _day_moved(_FILLER.sub("", raw.strip()))
    # ("The deadline is now Tuesday." says no day it was on)
    return moved["old"] if moved is not None and "old" in moved.re.groupindex else None


def _day_moved(sentence: str) -> re.Match[str] | None:
    """The match of a one-day plan told moved to another day, with its ``subject`` and ``new``
    day and, where said, its ``old`` one; None for any other sentence."""
    if " but " in sentence and (was_now := _WAS_BUT_NOW.match(sentence)) is not None:
        return was_now
    if (" not " in sentence or " from " in sentence or " now " in sentence
            or " to " in sentence) and (
            was_now := _NOW_NOT.match(sentence) or _MOVED_FROM_TO.match(sentence)
            or _NOW_DAY.match(sentence) or _MOVED_TO_WEEKDAY.match(sentence)) is not None and (
            _ONE_DAYS.search(was_now["subject"]) or (
                # (a day moved from tells a release's weekly day as well as one release's; "The
                # release is postponed to next Friday" is read as said, "next" after a move)
                "old" not in was_now.re.groupindex and was_now["new"].lower() in WEEKDAYS
                and _ONE_DAYS_TO.search(was_now["subject"]))) and not _RECURRING.search(
                was_now["subject"]):
        return was_now
    return None


def without_correction_word(sentence: str) -> str:
    """``sentence`` without the words opening it that say it puts right what was said before
    ("I was wrong earlier:", "To correct myself,", "Correction:"), else as it is: "I was wrong
    earlier: I prefer spaces over tabs." is "I prefer spaces over tabs." turned round."""
    if (corrected := corrected_statement(sentence)) is not None:
        return corrected
    if sentence[:10].lower() == "correction" and (
            on := _CORRECTION_ON.match(sentence)) is not None and on["about"] is None:
        return on["rest"]
    return sentence


def corrected_statement(sentence: str) -> str | None:
    """What follows "To correct myself," or "I was wrong," opening ``sentence`` (what it puts
    right of what was said before); None for any other sentence."""
    if sentence[:1] not in "tTiI":
        return None
    m = _PUT_RIGHT_LEAD.match(sentence)
    return None if m is None else m["rest"]


def _detect(raw: str) -> _Kind | None:
    """The statement's kind; a lead-in ("One thing: I prefer ...") is dropped first."""
    sentence = _FILLER.sub("", raw.strip())
    if (corrected := corrected_statement(sentence)) is not None:
        # (put right: read as after "Correction:", just below)
        sentence = f"Correction: {corrected}"
    if sentence[:10].lower() == "correction" and (on := _CORRECTION_ON.match(sentence)):
        # "Correction on the maintenance window: ...": what follows replaces what was said of
        # the project; anything else the person put right ("Correction: I meant staging") is
        # read as before, the word a lead-in, never as the assistant corrected
        put_right = _corrected_on(on)
        if put_right is not None:
            return put_right
        if ":" not in sentence[:on.start("rest")]:
            sentence = on["rest"]  # ("Correction - always run the linter": no lead-in below)
    if sentence[:7].lower() == "update " and (update := _update_from(sentence)) is not None:
        return update
    if (was_now := _day_moved(sentence)) is not None:
        # "The deadline was Friday, but now it is Monday.": the day that holds now, said as
        # a plan moved is ("The deadline is now on Monday"); read as said, the Friday was
        # dated to the one before, the Monday not at all, and the plan lost its words; said
        # either way round, each was a second memory beside the Friday plan
        sentence = f"{sentence_case(was_now['subject'])} is now on {was_now['new']}."
    if " until " in sentence and " keep " in sentence and (
            kept := _KEEP_UNTIL.match(sentence)) is not None:
        # "Jonas asked if we can keep the /v1 charges endpoints alive until the end of
        # January, ...": what the team keeps, and for how long, is the memory; asked as a
        # question, it was agreed in the answer
        why = f"; {kept['why'].rstrip(' .!?')}" if kept["why"] else ""
        return _Kind("plan", f"Keep {kept['what']} until {kept['when']} ({kept['who']}'s "
                             f"ask{why}).", 0.8)
    if " ask " in sentence and (cover := _STAND_IN.match(sentence)) is not None and (
            areas := _areas(cover)) is not None:
        # "ana is out till the 20th, ask raj about billing stuff instead": who to ask while a
        # colleague is away, a plan that ends on its day ("Until 2026-11-20, ask Raj about
        # billing (Ana is out)."), beside the standing rule to ask her
        what = re.sub(r"\s+stuff$", "", areas.strip(), flags=_I)
        if cover["dated"] and not _read_whole(cover["dated"]):
            return None  # ("Ana is out 14-10 August": no span the dates read, no day it ends)
        if cover["span"] and (cover["dated"] or _LATER_SPAN.search(cover["span"])):
            # ... a span that starts later is a plan on its days, "Ana is out in the week of
            # 2026-07-13, ask Raj about billing." ("Until 2026-07-17, ask Raj ..." sent this
            # week's questions to Raj, Ana still in)
            return _Kind("plan", f"{cover['who'].capitalize()} is {cover['away']} "
                                 f"{cover['span']}, ask {cover['other'].capitalize()} about "
                                 f"{what}.", 0.8)
        return _Kind("plan", f"Until {cover['when'] or _span_end(cover['span'])}, ask "
                             f"{cover['other'].capitalize()} about "
                             f"{what} ({cover['who'].capitalize()} is {cover['away']}).", 0.8)
    if " ask " in sentence and (cover := _STAND_IN_WHILE.match(sentence)) is not None and (
            areas := _areas(cover)) is not None:
        # ... with no day it ends: until she is told back ("Ana is back", which ends it)
        what = re.sub(r"\s+stuff$", "", areas.strip(), flags=_I)
        who = cover["who"].capitalize()
        return _Kind("fact", f"Until {who} is back, ask {cover['other'].capitalize()} about "
                             f"{what} ({who} is {cover['away']}).", 0.8)
    if " o" in sentence and DAY_OFF.match(sentence) is not None:
        # "im off next fri": a day the person is away, a plan to work around
        return _Kind("plan", _clean(sentence), 0.75)
    if (" back" in sentence or " returned" in sentence) and (
            back := BACK_FROM_AWAY.match(sentence)) is not None:
        # "ana's back early, billing questions go to her again": news of a stand-in kept while
        # she was away (consolidate ends it), of nothing else to remember
        return _Kind("fact", _clean(f"{back['who'].capitalize()} is back{sentence[back.end():]}"),
                     0.7, of_plan=True)
    if " port " in sentence and NEW_PORT.match(sentence) is not None:
        # "The new port is 8080": what it is the port of is in memory (consolidate puts it in
        # place there), not in the sentence
        return _Kind("fact", _clean(sentence), 0.8)
    if "ew port " in sentence and (bare := _NEW_PORT_SAID_WITH.match(sentence)) is not None:
        # "moved postgres off 5432, new port is 5433": the bare new port, what it is of in
        # the rest of the message (the gatherer gives it the sentence as said)
        return _Kind("fact", f"The new port is {bare['port']}.", 0.8)
    if ("port " in sentence or " on " in sentence or " to " in sentence) and (
            port_put_right(sentence) is not None):
        # "The port is 5433, not 5432", "the db port is 5433 now": likewise (consolidate puts
        # it in place of the port it replaces)
        return _Kind("fact", _clean(sentence), 0.8)
    if sentence[:3].lower() == "no " and (left := _NO_TOOL_ANYMORE.match(sentence)):
        # "no pnpm in web/ anymore": a tool left, as "We don't use pnpm in web/ anymore" tells
        # it (which ends a rule to use it there), not a rule beside that one
        return _detect_core(f"We don't use {left['tool']}{left['where'] or ''} anymore")
    m = _LEAD_IN.match(sentence)
    if m is None and "rule" in sentence:
        # "Good catch, that reminds me of a security rule from Omar Haddad (security team
        # lead): any IAM policy ...": the rule is what follows, however long the telling
        m = _RULE_HEAD.match(sentence)
    if m is not None and len(m["tail"].split()) >= 3 and (
            _detect_core(m["head"]) is None or _NAMES_A_RULE.search(m["head"])):
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
        if _DECIDED_LEAD.match(m["head"]) and (found is None or found.kind == "fact"):
            # "Decided: the staging cluster moves to eu-west-2" (a daily log's note): what was
            # settled, as "We decided ..." is, the plain words after it no pattern of their own
            return _Kind("decision", _clean(sentence), 0.8)
        if found is not None:
            return found
        if _RULE_LEAD.match(m["head"]) and m["tail"][:3].lower() == "no ":
            return _Kind("prohibition", _clean(m["tail"]), 0.85)
    found = _detect_core(sentence)
    if (found is None or found.kind in ("fact", "plan")) and (_REASON_FIRST.match(sentence) or (
            ", so " in sentence.lower() and _REASON_THEN.match(sentence))):
        # "We got burned last quarter ..., so don't mock the database": the rule its reason
        # came before, as "Don't mock the database, because ..." is
        told, why = _split_why(sentence)
        ruled = _detect_core(told) if why else None
        if ruled is not None and ruled.kind in _RULE_KINDS:
            return replace(ruled, text=_clean(sentence))
    if found is None and sentence[:1] in "WwIi" and (m := _WHEN_MAKING.match(sentence)) and (
            not _POINTS_AT_HAND.search(m["when"])):
        # "If you write an alert rule, make it a multi-window burn rate alert": how every one
        # of a kind of thing is to be made ("When you write the alert rule, make it ..." or
        # "If you write one today, ..." is the one at hand)
        return _Kind("preference", _clean(sentence), 0.75)
    if found is None and (", don't " in sentence or ", do not " in sentence) and (
            m := _STATE_THEN_DONT.match(sentence)) and not _POINTS_AT_HAND.search(m["rule"]) and (
            not _ONE_PIECE.search(m["rule"])) and not _THE_ONE.search(m["rule"]):
        # "Terraform default_tags in the provider does that, don't add tags per resource": a
        # rule said after what makes it one, as "..., so don't ..." is
        ruled = _detect_core(m["rule"])
        if ruled is not None and ruled.kind == "prohibition":
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
_CHANGE_MADE = rx.compile(
    r"^(?:(?:and|so)\s+)?(?:(?:we|i|they|he|she|someone)\s+)?"
    r"(?:(?:have|has|had|just|already|finally|recently)\s+)*"
    r"(?:switched|moved|migrated|changed|renamed|upgraded|bumped|swapped|flipped|updated|"
    r"deployed|shipped|released|cut\s+(?:it\s+)?over|rolled\s+(?:it\s+)?out)\b(?P<rest>.*)$",
    _I)
_WORD = rx.compile(r"[\w'-]+")
_WHEN_WORDS = word_set("""it that this them everything over on in at during the of week weekend
    last night earlier recently already finally just today""")
# (its blanks read from the first of their run alone, as _CLAUSE's)
_TOLD_APART = rx.compile(r"(?:(?<!\s)\s+)?(?:[,;]\s|\s[—–-]\s)\s*")


def _tells_change_made(clause: str) -> bool:
    m = _CHANGE_MADE.match(clause.strip().rstrip(".!"))
    if m is None:
        return False
    rest = m["rest"]
    for said in date_mentions(rest):
        rest = rest.replace(said, " ")
    return all(w in _WHEN_WORDS for w in _WORD.findall(rest.lower()))


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


# An aside in brackets of plain words ("(torch, numpy, random and cuda)"); not one with an
# address or a path, which may be what the statement is
_ASIDE = rx.compile(r"\s*\((?![^()]*(?:/|://))[^()]{1,80}\)")
# A clause after a comma with a subject of its own, told of the rule: its reason or how it was
# said ("..., the reviewers will ask for reproducibility", "..., the user needs every run to be
# reproducible")
_OWN_SUBJECT_TAIL = rx.compile(
    r",\s+(?:the\s+(?:user|reviewers?|team|client|customer)|(?:i|we|they))\s+(?:will|would|"
    r"needs?|told|wants?|asks?|asked|keeps?|expects?|requires?)\b[^,;:]*$", re.I)


_SAID_IT_BEFORE = rx.compile(
    r"(?:the\s+user|i|we)(?:'ve|\s+ha(?:s|ve))?\s+said\s+(?:it|this|that)\s+(?:before|already)"
    r"\s*[,:;]\s*", re.I)


# People repeat themselves across sessions: a statement said again is keyed once.
@lru_cache(maxsize=16_384)
def key_clause(text: str) -> str:
    """The clause that carries the statement, for matching ("I prefer X, so keep Y" -> first;
    "Prod is now prd-eu-2, we migrated on ..." -> what holds)."""
    told = state_told(text)
    if told is not None:
        text = told[0]
    if text[:1] in "TtIiWw" and (again := _SAID_IT_BEFORE.match(text)) is not None:
        text = text[again.end():]  # "I said it before, prefer einops, ...": the rule is after
    elif text[:3].lower() in ("as ", "lik") and (again := _RESTATED.match(text)) is not None:
        text = again["rest"]  # ("As I said, use table-driven tests ...": so is it here)
    if "(" in text or ", " in text:
        # "Always seed everything (torch, numpy, ...) at the start of train.py, the user needs
        # every run to be reproducible" is "Always seed everything" said again: the aside and
        # the reason told after it with a subject of its own are no part of the rule
        rule = _ASIDE.sub("", _OWN_SUBJECT_TAIL.sub("", text))
        # (only where what is left is a statement still: "For payments, I'll schedule ..." is
        # no rule with a reason after it)
        if rule != text and len(rule.split()) >= 3 and _detect_core(rule) is not None:
            text = rule
    clauses = [c for c in split_outside_spans(_CLAUSE, text) if len(c.split()) >= 3]
    for clause in clauses:
        if _detect_core(clause) is not None:
            return clause
    return text


_ALLOWED_NOW = rx.compile(r"(?:it's|it\s+is)\s+(?:fine|ok|okay|allowed)\s+to\s+(?:add|use)\s+"
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


# "As I said, use table-driven tests ...", "Like I said, ...", "As mentioned, ...": what is
# said again follows; the words before it only tell it was said before
_RESTATED = rx.compile(r"(?:as|like)\s+(?:(?:i|we|the\s+user)\s+(?:said|mentioned)|mentioned)"
                       r"(?:\s+(?:before|earlier))?\s*[,:;]\s*(?P<rest>\S.*)$", _I)


# "Update from Marta: migration PRs no longer need her specifically, ...": news passed on,
# what follows is the statement; "her" is the one it came from
_UPDATE_FROM = rx.compile(r"update\s+from\s+(?P<who>(?-i:[A-Z][a-z]+))\s*[:—–]\s*(?P<rest>\S.*)$",
                          _I)
_HER = rx.compile(r"\b(?:her|him)\b(?=\s+(?:specifically|personally|any\s*more|any\s+longer)\b|"
                  r"\s*[,.;]|$)", _I)


# "ana is out till the 20th, ask raj about billing stuff instead", "Ana's away until Friday, so
# ask Raj about billing", "Ana is out this week, ask Raj ...": a named colleague away to a day
# or for a span, and who stands in for what
AWAY_WORDS = r"out|away|off|on\s+leave|on\s+vacation|on\s+holiday|ooo"
# A colleague said to be away by name: not "it", "she", "everyone" ("it's off for now")
NAMED_AWAY = (r"(?!(?:it|he|she|they|this|that|i|we|you|everyone|everybody|someone|somebody|"
              r"nobody)\b)(?P<who>[a-z]+)(?:\s+is|['’]s)\s+(?P<away>" + AWAY_WORDS + r")")
# ... and whom to ask instead, for what, after a comma or a dash
ASK_LEAD = r"(?:so\s+)?(?:please\s+|pls\s+)?ask\s+"
# ... a list of areas kept whole ("about billing, invoices and refunds": with its commas, no
# stand-in was read at all); each item a few words, none naming another to ask
_AREA = r"(?!(?:about|for|re)\b)[\w'/&-]+(?:\s+(?!(?:about|for|re)\b)[\w'/&-]+){0,3}?"
# ... nor a clause with a subject of its own after the comma, the one asked or a pronoun and its
# verb ("ask Raj about billing, he knows it best and is around" was kept as a list of areas,
# "billing, he knows it best and is around"): the list ends before it
_OWN_CLAUSE = (r"(?:he|she|they)(?:\s+\w+|['’](?:s|re|ll|d)\b)"
               r"|(?:it|that)(?:['’]s\b|\s+(?:is|was|has|does|can|will|would)\b)"
               # (the one asked by name, with a verb: "Raj's scripts" may be an area)
               r"|(?P=other)\s+(?:is|was|has|knows|owns|handles|wrote|built|did|does|can|will|"
               r"leads|runs|manages|covers)\b")
_LISTED = rf"(?!{_OWN_CLAUSE}){_AREA}"
_ASK_INSTEAD = (r"\s*(?:[,;]|\s[—–-])\s*" + ASK_LEAD + r"(?!(?:me|us|him|her|them|it|around)\b)"
                r"(?P<other>[a-z]+)\s+(?:about|for|re)\s+(?P<what>"
                rf"{_AREA}(?:\s*,\s*{_LISTED})+,?\s+(?:and|or)\s+{_LISTED}|[^.,;!?]+?)"
                rf"(?P<own>,\s+(?:{_OWN_CLAUSE})[^.;!?]*?)?"
                r"(?:\s+(?:instead|meanwhile|in\s+the\s+meantime))?\s*[.!]?$")
# A clause after the areas that says only why to ask that one ("he knows it best", "she's
# around") is left out of the stand-in; any other ("he is off Friday", "he prefers Slack over
# email", "he has prod access") would be lost so, or kept beside a stand-in that later ones
# no longer match as the same (told again, or ended): read as before (one a list took in stays
# an area; else no stand-in, and the sentence is read as whatever else it says)
_WHY_TOLD = (r"(?:knows?(?:\s+(?:it|this|that|them|it\s+all|this\s+stuff|(?:the\s+)?most))?"
             r"(?:\s+(?:best|well|better|inside\s+out|by\s+heart))?"
             r"|(?:is|are|['’]s|['’]re)\s+(?:around|available|free|here|online|on\s+hand))")
_ONLY_WHY = rx.compile(rf",\s+(?:he|she|they|\w+)(?:\s+|(?=['’])){_WHY_TOLD}"
                       rf"(?:,?\s+and\s+{_WHY_TOLD})?\s*", _I)
_AS_LISTED = rx.compile(rf"{_AREA}(?:\s*,\s*{_AREA})+,?\s+(?:and|or)\s+{_AREA}", _I)


def _areas(cover: re.Match[str]) -> str | None:
    """What the one standing in is asked about in the stand-in ``cover`` found, with a
    clause of its own after it that only says why to ask them left out (``_ONLY_WHY``); None
    where none is read."""
    what, own = cover["what"], cover["own"]
    if not own or _ONLY_WHY.fullmatch(own):
        return what
    return what + own if _AS_LISTED.fullmatch(what + own) else None
# ... or days of a month ("Ana is out 10-14 August, ask Raj about invoices" made no memory):
# a span that is a plan on its days, as one starting later is
_MONTH_SAID = "|".join(sorted(MONTH_WORDS, key=lambda word: (-len(word), word)))
_DAY_SAID = r"(?:the\s+)?\d{1,2}(?:st|nd|rd|th)?"
_DAY_TO = r"\s*(?:-|–|to|through|thru|until|till)\s*"
_DATED_SPAN = (rf"(?:from\s+)?{_DAY_SAID}(?:\s+(?:of\s+)?(?:{_MONTH_SAID})\.?)?{_DAY_TO}"
               rf"{_DAY_SAID}(?:\s+of)?\s+(?:{_MONTH_SAID})\b"
               rf"|(?:from\s+)?(?:{_MONTH_SAID})\.?\s+{_DAY_SAID}{_DAY_TO}"
               rf"(?:(?:{_MONTH_SAID})\.?\s+)?{_DAY_SAID}\b")
_STAND_IN = rx.compile(
    r"^" + NAMED_AWAY + r"\s+(?:(?:till|until|til)\s+"
    r"(?P<when>[^,;]+?)|(?P<span>(?:for\s+)?(?:the\s+rest\s+of\s+)?(?:this|next|the)\s+"
    r"(?:week|month)|today|tomorrow|for\s+(?:a|one|two|three|four|\d+)\s+(?:days?|weeks?)|"
    # ("for the next two weeks", "for the coming week": from now, as "for two weeks" is)
    r"for\s+the\s+(?:next|coming)\s+(?:(?:two|three|four|\d+)\s+(?:days|weeks)|day|week)|"
    rf"(?P<dated>{_DATED_SPAN})))" + _ASK_INSTEAD, _I)

# "While Ana is out, ask Raj about billing", "Ana is away, ask Raj about billing": a stand-in
# with no day it ends, kept until she is told back
_STAND_IN_WHILE = rx.compile(
    r"^(?:(?:while|whilst|as\s+long\s+as)\s+)?" + NAMED_AWAY + _ASK_INSTEAD, _I)


def _read_whole(span: str) -> bool:
    """``span``, days of a month, is one span the dates read, both its days dated."""
    rewrites = absolutize(span, _SOME_DAY)[1]
    return len(rewrites) == 1 and rewrites[0].original == span


_LATER_SPAN = rx.compile(r"\b(?<!the\s)(?:next|tomorrow)\b", _I)


def _span_end(span: str) -> str:
    """The last day of a span away as the dates read it: "this week" is "the end of this
    week", "for two weeks" is "two weeks from now"; a stand-in said for a span ends too."""
    words = span.lower().split()
    if words[:3] in (["for", "the", "next"], ["for", "the", "coming"]):
        # "for the next two weeks" is "for two weeks", "for the next week" "for a week"
        words = ["for", *(["a"] if len(words) == 4 else []), *words[3:]]
    if words[-1] in ("today", "tomorrow"):
        return words[-1]
    if words[-1] in ("week", "month") and words[-2] in ("this", "next", "the"):
        return f"the end of {'next' if 'next' in words else 'this'} {words[-1]}"
    number = {"a": "one"}.get(words[1], words[1])
    unit = words[2].rstrip("s") + ("" if number == "one" else "s")
    return f"{number} {unit} from now"


# "new port is 5433", "moved postgres off 5432, new port is 5433", "Something else grabbed 5432
# so the new port is 5433": "The new port is 5433" said tersely, or after what tells whose
_NEW_PORT_SAID_WITH = rx.compile(
    r"^(?:\S.*?(?:\s*[,;:—–]|\s+-|\s+so|\s+and)\s+(?:so\s+)?)?(?:the\s+|our\s+)?new\s+port\s+is\s+"
    r"(?:now\s+)?(?P<port>\d{2,5})\s*[.!]?$", _I)


# "I'm off next Friday", "I'm out on Monday": the person away on one day (the gatherer dates
# a "next" said the day before with both days it may mean)
DAY_OFF = rx.compile(
    r"^i(?:['’]m|\s+am|\s+will\s+be|['’]ll\s+be)\s+(?:off|out|away|ooo|out\s+of\s+office)\s+"
    rf"(?P<when>(?:on\s+)?(?:(?:next|this)\s+)?{WEEKDAY_NAME}|"
    r"tomorrow)\s*[.!]?$", _I)


# "ana's back early", "Ana is back from leave": a colleague back from being away (not a thing
# back up or on: "prod's back up", "Ana is back on the payments team"; not back from a
# moment away, "Ana's back from lunch", "back home sick"; the stand-in told as still on,
# "..., raj still has billing", is the Consolidator's to see: it knows who stands in)
# (back "in the office", "at work", or "returned from ..." is back from being away too; a moment
# away is one of a day's meals, meetings, appointments or errands, however it is told: "a quick
# lunch", "her 1:1", "a doctor's appointment", "the dentist")
BACK_FROM_AWAY = rx.compile(
    r"^(?!(?:it|he|she|they|this|that|prod|staging|ci|everything|everyone|everybody)\b)"
    r"(?P<who>[a-z]+)(?:(?:\s+is|['’]s)\s+back\b|\s+(?:has\s+)?(?:returned|came\s+back)"
    r"(?=\s+(?:from|early|today|to\s+work)\b|\s*[,.;!]|\s*$))"
    r"(?!\s+(?:up|on|online|down|in(?!\s+(?:the\s+)?office\b)|to|at(?!\s+work\b)|and)\b)"
    r"(?!\s+home\s+sick\b)(?!\s+from\s+(?:(?:her|his|their|the|a|an|my|our)\s+)?"
    r"(?:[\w'’-]+\s+){0,2}?(?:lunch|breakfast|dinner|meetings?|standup|stand-up|call|coffee|"
    r"gym|walk|errands?|1:1|one-on-one|sync|interview|appointment|dentist|doctor|school\s+run)"
    r"(?![\w-]))", _I)


# "Jonas asked if we can keep the /v1 charges endpoints alive until the end of January, the
# mobile app still calls them", "Jonas asked us to keep ..."
_KEEP_UNTIL = rx.compile(
    r"(?P<who>(?-i:[A-Z][a-z]+))\s+(?:asked|asks)\s+(?:(?:if|whether)\s+we\s+(?:can|could)|"
    r"us\s+to)\s+keep\s+(?P<what>(?!(?:it|this|that|them|an?\s+eye)\b)[^,;]+?)\s+until\s+"
    r"(?P<when>[^,;]+?)(?:\s*[,;]\s*(?P<why>[^?]+?))?\s*[.!?]?$", _I)


def _update_from(sentence: str) -> _Kind | None:
    """What "Update from Marta: ..." tells, with who "her" is named ("Migration PRs no longer
    need Marta specifically, ..."): the memory is read where no one says who she is."""
    m = _UPDATE_FROM.match(sentence)
    if m is None or len(m["rest"].split()) < 3:
        return None
    told = _HER.sub(m["who"], m["rest"], count=1)
    if told == m["rest"]:
        return None  # (who it came from is not in it: read as any lead-in is, below)
    inner = _detect_core(told)
    if inner is None or inner.kind not in ("fact", "decision", "preference", "prohibition"):
        return None
    return replace(inner, text=_clean(told))


_STRONG_PREFERENCE = rx.compile(r"\b(?:always|prefer|i want you to)\b", _I)


def _detect_core(raw: str) -> _Kind | None:
    sentence = _FILLER.sub("", raw.strip())
    if sentence[:3].lower() in ("as ", "lik") and (again := _RESTATED.match(sentence)) and (
            len(again["rest"].split()) >= 3):
        inner = _detect_core(again["rest"])
        if inner is not None and inner.kind in ("preference", "prohibition"):
            # read as the rule it restates, told as said before (a first memory of it leaves
            # those words out; one kept already is confirmed by it: ``said_once_more``)
            told = inner.text[:1].lower() + inner.text[1:] if again["rest"][:1].islower() else (
                inner.text)
            return replace(inner, text=_clean(sentence[:again.start("rest")] + told))
    m = _CHANGED_MIND.match(sentence)
    if m is not None:
        return _revision(m["rest"])
    m = _REMEMBER.match(sentence) or _REMEMBER_INSIDE.search(sentence)
    if m is not None and len(m["rest"].split()) >= 2:
        if m["rest"].rstrip(".! ").lower().endswith(" ever") and sentence[:14].lower().startswith(
                ("don't forget", "do not forget", "dont forget")):
            # "Don't forget the changelog, ever": a rule for every time, not a thing to remember
            ever = m["rest"].rstrip(".! ")[:-5].rstrip(" ,")
            return _Kind("preference", _clean(f"Never forget {ever}"), 0.9)
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
        if _again_for_once(rest):
            return None  # ("Actually, use npm again for a quick test": the task at hand)
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
    if sentence[:2].lower() in ("it", "th") and bare_put_right(sentence) is not None:
        # "its 5433 not 5432" (its "wait," or "sorry," a reply's interjection): a value put right
        return _Kind("correction", _clean(sentence), 0.85)
    if sentence[:3].lower() in ("you", "fee") and (may := _MAY_STOP.match(sentence)):
        stop = _STOP_ANSWERING.match(sentence[may.end():])
        if stop is None:
            return None
        return _Kind("prohibition", f"Stop {stop['doing']}.", 0.85, revises=True)
    if _again_for_once(sentence):
        return None  # ("Please use npm again for the next command": no rule either)
    switched = _switch(sentence)
    if switched is not None:
        # (as it is said, or as it holds when it takes effect now: ``_switch``)
        told = switched.text
        if " and " in told and (" on" in told or "forward" in told):
            # "Switch to yarn for today's deploy and from now on": today is only where the
            # standing switch starts; kept, the day would make it read as a plan long past
            told = _FROM_TODAY_ON.sub(" ", told)
        return _Kind("switch", _clean(told), 0.9, switched.new, switched.old, switched.back)
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
    if _plan_word(sentence) and _plan_word(said := _split_why(sentence)[0]) and (
            "my " not in said.lower() or not _MY_MACHINE.search(said)):
        # (either order: a day in figures is a day, whichever way round it is read)
        dated, rewrites = absolutize(said, _SOME_DAY, "dmy")
        if rewrites or _has_date(dated) or WEEKDAY_AND_DAY.search(dated) or (
                VERSION_AND_DAY.search(dated)):
            return _Kind("plan", _clean(_MISTYPED_SESSION.sub("session", sentence)), 0.7)
    if " by " in sentence and _owed_by_a_day(sentence):
        # "I need to invoice Bramble by 30/11": the person's own task, due on a day of the
        # calendar, is a plan to check on as a launch is
        return _Kind("plan", _clean(sentence), 0.7)
    if setting_change(sentence) is not None:
        # "Bumped retries from 3 to 5", "The standup moved to 10:30": what holds now
        return _Kind("fact", _clean(sentence), 0.75)
    if turned_back(sentence) is not None:
        # "ArgoCD auto-sync is back on for prod apps": a setting turned back, what holds now
        return _Kind("fact", _clean(sentence), 0.8)
    if (" every " in sentence or " all " in sentence or " any " in sentence) and (
            _SIGNS_OFF_EVERY.search(sentence)) and not sentence.rstrip().endswith("?") and (
                not _ONE_TIME_OPENER.match(sentence)):
        # "Their designer Sofia signs off every colour change, so if you touch the theme, flag
        # it": a colleague's standing say over a kind of work, a fact of the project as "Sofia
        # signs off every colour change" alone is, what to do about it and all
        return _Kind("fact", _clean(sentence), 0.7)
    if "back o" in sentence.lower() and turn_to_come(sentence):
        # "Next week we turn ArgoCD auto-sync back on for prod apps": a plan of its own
        return _Kind("fact", _clean(sentence), 0.8)
    if _PROHIBITION.search(sentence) and not _NOT_A_RULE.search(sentence):
        return _Kind("prohibition", _clean(sentence), 0.8)
    if _DECISION.search(sentence):
        return _Kind("decision", _clean(sentence), 0.75)
    if _URL.search(sentence) or (_KEPT_IN_TOOL.search(sentence) and not (
            # what a colleague wants of every one is their rule, wherever it is kept ("Dr. Chen
            # wants every experiment logged in mlflow")
            " want" in sentence and _PREFERENCE.search(sentence))) or _SENT_TO_MONITORING.match(
            sentence) or (
        _CHANNEL_OR_TICKET.search(sentence) and _POINTER.search(sentence)
        and _FACT.search(sentence) is None and not _PREFERENCE.search(sentence)
    ):
        return _Kind("resource", _clean(sentence), 0.7)
    if _gives_not(sentence) and not _ONE_PIECE.search(
            sentence) and not _POINTS_AT_HAND.search(sentence):
        return _Kind("preference", _clean(sentence), 0.75)
    if _quantified_rule(sentence):
        return _Kind("preference", _clean(_whose_rule(sentence)), 0.75)
    if _ALLOWED_NOW.match(sentence):
        # "It's fine to add pandas as an optional extra": what may be done, often an exception
        # to a rule against it
        return _Kind("preference", _clean(sentence), 0.75)
    if _PREFERENCE.search(sentence) and (not _DESPITE_SELF.search(sentence) or _PREFERENCE.search(
            _DESPITE_SELF.sub(" ", sentence))):
        strong = _STRONG_PREFERENCE.search(sentence) is not None
        return _Kind("preference", _clean(sentence), 0.8 if strong else 0.75)
    if (_UPDATE.search(sentence) and not _SETTLED_NOW.search(sentence)
            and not _MY_MACHINE.search(sentence)) or (
            _TOOL_THESE_DAYS.match(sentence)):
        return _Kind("fact", _clean(sentence), 0.75)
    if _SCHEDULE.search(sentence) or recurring_window(sentence) or (
            "days" in sentence and _on_weekdays(sentence) and (
            # ("I mostly do that work on Fridays": the work at hand)
            not _said_in_past(sentence.split(" ", 2)[1].lower())
            and not _POINTS_AT_HAND.search(sentence))):
        return _Kind("fact", _clean(sentence), 0.7)
    if " longer " in sentence and (day := day_said(sentence)) is not None and (
            day.left is not None):
        # "We no longer deploy on Tuesdays; we deploy on Thursdays": the day it is done on now
        # and the day left (no kind was found for it: no memory at all, the Thursday lost)
        return _Kind("fact", _clean(sentence), 0.7)
    if _FACT.search(sentence) or ((" through " in sentence or " via " in sentence)
                                  and _GOES_THROUGH.match(sentence)):
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
    plural = _PLURAL_SHOULD.search(sentence) is not None
    if (plural or _GENERIC_IMPERATIVE.search(sentence)) and (
            not (at := _AT_HAND.search(_without_reason(sentence)))
            # ("Migrations must have a working downgrade": what each one has is "a" thing)
            or (plural and at[0].lower() in ("a", "an") and not _AT_HAND.search(
                _ARTICLE.sub("", _without_reason(sentence))))) and len(sentence.split()) <= 16:
        # (a reason may point: "Use f-strings, it helps readability", "Use f-strings because
        # it reads better")
        return _Kind("preference", _clean(sentence), 0.7)
    if _standing_imperative(sentence) or _instead_of_doing(sentence) or (
            _when_they_are(sentence)):
        return _Kind("preference", _clean(sentence), 0.7)
    state = _project_state(sentence)
    if state is not None:
        return state
    if _DONE_ON_A_DAY.search(sentence) and not _NOT_DONE_YET.search(sentence):
        dated, rewrites = absolutize(sentence, _SOME_DAY)
        if rewrites or _has_date(dated):
            return _Kind("fact", _clean(sentence), 0.7, of_plan=True)
    if " " in sentence and OUTCOME_TOLD.match(sentence) and not _NOT_DONE_YET.search(sentence):
        # "PCI audit went fine": news of a remembered plan, on the day it is told (kept only
        # where one is planned by then)
        return _Kind("fact", _clean(sentence), 0.7, of_plan=True)
    return None


# How a thing went, told with no day: "PCI audit went fine", "the demo went really well", "the
# SOC2 audit passed" (of a thing named: not "it went fine", "that went well")
OUTCOME_TOLD = rx.compile(
    r"^(?:the\s+|our\s+)?(?!(?:it|that|this|everything|all|things|which)\b)"
    r"(?P<what>(?:[\w.-]+\s+){0,3}?[\w.-]+)\s+(?:(?:went|was)\s+(?:(?:really|very|pretty|"
    r"super|totally|just|all)\s+)?(?:fine|well|great|smoothly|smooth|ok|okay|good|a\s+success)|"
    r"passed|went\s+through|was\s+approved|got\s+approved)\b\s*[.!]*\s*$", _I)


# "I need to invoice Bramble by ...", "..., so we have to send the report by ...": a task the
# person or the team owes (not "I need you to ...", work handed to the assistant)
_OWED_TASK = rx.compile(
    r"(?:^|[,;]\s+(?:so\s+|and\s+)?)(?:i|we)(?:\s+(?:really|still|also|now))?\s+"
    r"(?:need\s+to|have\s+to|must|['’]ve\s+got\s+to|['’]ll\s+need\s+to|will\s+need\s+to)\s+"
    r"(?!be\s)[a-z]", _I)
# The day it is due, told as one of the calendar: "by 30/11", "by 30 November", "by 2026-11-30"
# ("by Friday", "by EOD", "by tomorrow" are the work at hand, done before it is worth keeping)
_MONTH_WORD = "|".join(sorted(MONTH_WORDS, key=lambda word: (-len(word), word)))
_BY_CALENDAR_DAY = rx.compile(
    rf"\bby\s+(?:the\s+)?(?:\d{{1,2}}/\d{{1,2}}(?:/\d{{2,4}})?\b|\d{{4}}-\d{{2}}-\d{{2}}\b|"
    rf"\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:{_MONTH_WORD})\b|(?:{_MONTH_WORD})\.?\s+\d{{1,2}}\b)",
    _I)


# "on Saturday the 26th": a day of the calendar, dated where weekday and day agree near the
# day it is said, else kept as said (``dates._day_of_month``)
WEEKDAY_AND_DAY = rx.compile(
    rf"\b{WEEKDAY_NAME},?\s+the\s+\d{{1,2}}(?:st|nd|rd|th)\b", _I)


def _owed_by_a_day(sentence: str) -> bool:
    """``sentence`` tells a task the person owes by a day of the calendar (``_OWED_TASK``)."""
    m = _OWED_TASK.search(sentence)
    return m is not None and _BY_CALENDAR_DAY.search(sentence, m.end()) is not None


def best_result(text: str) -> str | None:
    """The measure ``text`` gives the project's best result of ("val loss" for "Best val loss
    is 0.398 now ..."), in lower case, or None."""
    if "best" not in text.lower():
        return None
    m = _BEST_RESULT.search(text)
    return " ".join(m["measure"].lower().split()) if m is not None else None


# An incident told under its name, in whatever tense ("INC-4460 earlier today: the public
# ingress was returning 502s from 11:52 to 12:31 UTC"): the project's history, dated
_INCIDENT_TOLD = rx.compile(r"INC-?\d+\b[^:.?!]{0,40}:\s+\S")


def _project_state(sentence: str) -> _Kind | None:
    """The project's standing the code does not show (``_BEST_RESULT`` and the rest), or None."""
    lowered = sentence.lower()
    if "best" in lowered and _BEST_RESULT.search(sentence):
        return _Kind("fact", _clean(_YES.sub("", sentence)), 0.6)
    if "renamed" in lowered and (m := _RENAMED_RESOURCE.match(sentence)):
        # (an ask after it, "..., update the sbatch templates", is the work it makes)
        return _Kind("fact", _clean(m["what"]), 0.6)
    if ("quota" in lowered or "allocation" in lowered) and _QUOTA.match(sentence):
        return _Kind("fact", _clean(sentence), 0.6)
    if (" for " in lowered or " name" in lowered or "called" in lowered) and (
            _NAMED_RESOURCE.match(sentence)):
        return _Kind("resource", _clean(sentence), 0.6)
    if (" are " in lowered or " is " in lowered) and _NAMED_RESOURCES.match(sentence):
        return _Kind("resource", _clean(sentence), 0.6)
    if lowered[:3] == "we " and _WE_DO_WITH_TOOL.match(sentence):
        return _Kind("fact", _clean(sentence), 0.6)
    if " on " in sentence and _PORT_HELD.match(sentence):
        return _Kind("fact", _clean(sentence), 0.7)
    if "/" in sentence and _CHECKER_SCOPED.match(sentence):
        return _Kind("preference", _clean(sentence), 0.7)
    if sentence[:3] == "INC" and _INCIDENT_TOLD.match(sentence):
        return _Kind("resource", _clean(sentence), 0.7)
    if "ask " in lowered and _ASK_WHO_DID.match(sentence):
        return _Kind("resource", _clean(sentence), 0.6)
    if " wants " in sentence and (m := _COLLEAGUE_WANTS.match(sentence)):
        if m["other"] is not None:
            return _Kind("preference", _clean(sentence), 0.7)
        dated, rewrites = absolutize(sentence, _SOME_DAY)
        return _Kind("plan" if rewrites or _has_date(dated) else "fact", _clean(sentence), 0.7)
    return None


# Something told done: "the ESO migration is DONE", "the rollout is complete now" (its
# subject ahead, for consolidate to close the plans of it), not "if it is done" or "it will be"
TOLD_DONE = rx.compile(
    # (a ticket's name needs no article: "INC-4412 postmortem is done")
    r"(?:^|[:;,]\s+)(?P<what>(?:(?:the|our)\s+|(?-i:(?=[A-Z]{2,}-\d)))[\w-]+(?:\s+[\w-]+){0,2}?)"
    r"\s+(?:is|are)\s+(?:now\s+)?"
    r"(?:done|complete|completed|finished|over)\b(?!\s+(?:with|by|in|on|for|when|once|before|"
    # (done in part: "is done on staging; prod cutover still on Saturday", "except the backend")
    r"after|except)\b)(?![^.]*?\b(?:still\s+(?:on|set|planned|scheduled|pending|due|for|to)|"
    r"except|apart\s+from|but\s+(?:not\s+)?(?:prod|production|staging)\b))",
    re.I)

# Told done, in words no plan is said in ("We shipped 1.4 today!", "The SOC2 evidence got
# submitted this morning", "I handed in the report on Friday") ...
_DONE_ON_A_DAY = rx.compile(
    r"\b(?:shipped|submitted|delivered|handed\s+in|turned\s+in|sent\s+(?:in|off|out)|filed|"
    r"completed|finished|wrapped\s+up|went\s+(?:out|live)|signed\s+off)\b", _I)
# ... but plainly: not a wish, a condition, a time around another thing or a question of it
_NOT_DONE_YET = rx.compile(
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
_WANTED = rx.compile(
    r"^(?:please\s+)?(?:(?:i|we)\s+(?:(?:would|'d)\s+)?(?:want|prefer|like|rather|need)\b|"
    rf"(?:never|always|don't|do\s+not)\b|(?:{'|'.join(sorted(_IMPERATIVE))})\b)", _I)
_JOINED = rx.compile(r"^(?:so|and|but|then|instead)\s+", _I)


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
_RULE_KINDS = frozenset({"preference", "prohibition"})
