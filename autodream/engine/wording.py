"""How a statement is told: the person's words in the third person, its reason split off, its
tense, its dates made absolute."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from datetime import date
from functools import lru_cache
from typing import Literal

from autodream import rx
from autodream.engine.dates import (
    WEEKDAY_NAME,
    WEEKDAYS,
    DateOrder,
    DateRewrite,
    absolutize,
    last_mention,
)
from autodream.engine.text import (
    CALENDAR_WORDS,
    TELLS_SWITCH,
    ensure_period,
    sentence_case,
    strip_code,
    word_set,
)
from autodream.engine.tool_kinds import (
    TOOL_PATTERN,
    use_tool,
)
from autodream.engine.versions import version_switch

_I = re.I

_FILLER = rx.compile(
    r"^(?:(?:ok(?:ay)?|also|and|but|btw|fyi|so|hey|hi|oh|well|right|great|thanks|cool|"
    r"one more thing|another thing|quick note|quick one|important|by the way|heads up|"
    r"just so you know|good news|great news|bad news|sad news|"
    r"for your information)\b[\s,.:;!-]*"
    # ... and a reply's interjections, with a comma after them ("Hold on, the staging URL is
    # ...", "Hmm, we use tabs here"; not "Wait for CI", "Sure enough")
    r"|(?:hmm+|hm+|wait|hold\s+on|sure|sorry|ugh|oops|ah+|uh+|um+|yeah|eh|nah)\s*,[\s,]*)+", _I,
)
_PLEASE = rx.compile(r"^please[\s,]+", _I)
# "Don't commit to main please, always open a PR": asked kindly, no part of the rule
# ... as its last word or after the rule's first ("Always run make lint before pushing please",
# "always please rebase"), not a word the rule is about ("Never say please in commit messages")
_PLEASE_INSIDE = rx.compile(
    r",?\s+please(?=\s*[,;]\s)|(?<!\bsay)(?<!\bsaying)(?<!\bword)(?<!\bwrite)\s*,?\s+please"
    r"(?=\s*[.!]*\s*$)|(?:(?<=\balways)|(?<=\bnever)|(?<=\balso)|(?<=\bjust)|(?<=\band)|"
    r"(?<=\bthen))\s+please(?=\s+[a-z])", _I)
# "..., remember that." / "..., keep that in mind!": a request to keep it, not part of it.
_TAIL_REMINDER = rx.compile(
    # (not "..., don't keep it": a rule's own words)
    r"(?<!n't)(?<!n’t)(?<!\bnot)[\s,;:—-]+(?:(?:please|and|so)\s+)?(?:remember|keep|bear|note)"
    r"\s+(?:that|this|it)"
    r"(?:\s+in\s+mind)?(?:\s+(?:please|going forward|for (?:later|the future)))?\s*[.!]*\s*$"
    # ... or weight put on it: "Keep PRs under 400 lines, seriously." is the rule said again
    r"|,\s*(?:seriously|i mean it|for real|please|thanks|thank you|by the way|btw)\s*[.!]*\s*$"
    # ... or said to be said before: "..., I told claude the same thing", "..., as I said"
    r"|,\s*(?:(?:i|we)\s+told\s+(?:you|\w+)\s+the\s+same(?:\s+thing)?|as\s+i\s+said(?:\s+before)?|"
    r"(?:i|we)(?:'ve|\s+have)?\s+said\s+(?:it|this|that)\s+(?:before|already))\s*[.!]*\s*$"
    # ... or what the assistant did this time: "..., you used assert.Equal in the new test"
    r"|,\s*(?:but\s+)?you\s+used\s+[^,;]+$", _I,
)


# "No ORMs in this repo", "no gorm, no sqlc": a thing refused, said as a noun after "no"; not
# what was found ("No errors in the log", "No tests failed") nor a reply ("No idea", "No need").
# (a reply or a finding, whatever follows: "No luck anywhere, I searched the repo", "No errors
# anywhere in the logs")
_REPLY_NOUNS = (r"luck|idea|worries|worry|way|thanks|rush|need|doubt|clue|matter|longer|wonder|"
                r"kidding|offen[cs]e|pressure|hurry|dice|joke|surprise|biggie|prob|probs|"
                r"problemo|sweat|bother|stress|thx|duh|problems?|such|point|reason|chance|"
                r"sense|answer|reply|news|"
                # an adjective decides nothing, the noun after it does: "No big deal, run it
                # without the cache", "No further errors without the flag" (but "No big
                # refactors without a design doc", "No further schema changes ...": rules)
                r"(?:big|further)\s+(?:deal|questions?|comments?|surprises?|difference|gains?|"
                r"change|improvements?|errors?|diffs?|issues?|problems?|concerns?|speedup|wins?)")
_NEVER_REFUSED = (_REPLY_NOUNS + r"|errors?|difference|response|results?|issues?|success|"
                  r"warnings?|failures?|progress|improvement|matches|match|connection|fix|"
                  r"solution|help|signal|sign|trace|hits?|bugs?|crash(?:es)?|change|go|big|"
                  r"further")
_NOT_REFUSED = (_NEVER_REFUSED + r"|changes|output|one|body|updates?|logs?|data|time|"
                r"other|space|memory|access|effect")
# ... unless the rest makes it a rule ("No changes to the public API without a deprecation
# notice", "No logs with customer emails in them, ever", "No one merges to main without review")
_RULE_AFTER_NO = (r"[^.!?]*\b(?:without|unless|except|ever|allowed|tolerated|permitted|accepted|"
                  r"anywhere|at\s+all)\b")
# ... which, for a reply or a finding, only a condition or "ever" does: "No warnings allowed in
# CI", "No bugs get closed without a regression test" (not "No luck anywhere"); or an exception
# for a kind of place or thing, "No warnings except in generated code", "... except for
# hotfixes" (not one thing seen: "No issues except the flaky login test", "... except in the
# logs", "... except after I restart"), nor where a run was seen, a platform or a version ("No
# failures except on Windows", "No errors except on CI", "No warnings except in Node 18")
_RULE_AFTER_FINDING = (r"[^.!?]*\b(?:without|ever(?!\s+since)|allowed|tolerated|permitted|"
                       r"accepted|except\s+(?:in|for|inside|within|under|outside)\s+(?!(?:the|"
                       r"this|that|these|those|my|our|your|his|her|their|its|one|some)\b)"
                       r"(?-i:(?=[a-z])))\b")
_FOUND_VERBS = (r"failed|passed|ran|was|were|is|are|came|showed|appeared|happened|changed|found|"
                r"returned|worked|works|matters?|needed|left|exists?|seems?|got|broke|known|printed|recorded|"
                r"given|seen|shown|written|available|detected|configured|installed|there")
# ... a two-word kind said bare is a rule unless its word before says what was seen or how it
# went, or its noun is what a run turns up or a reply names
_FINDING_KIND = (r"new|fail\w*|open|remaining|known|obvious|major|minor|real|visible|pending|"
                 r"outstanding|additional|serious|significant|strong|hard|immediate|specific|"
                 r"particular|recent|flaky|broken|more|test|type|lint|compile|build|"
                 r"runtime|unit|security|extra|unread|missing|duplicate|such|similar|"
                 r"hidden|silly|stupid|dumb|good|bad|easy|quick|simple|clear|red|green|dead|"
                 r"running|existing|matching|passing|lingering|hanging|stale")
_FOUND_THINGS = (r"feelings|opinions|objections|concerns|questions|complaints|errors|warnings|"
                 r"failures|issues|conflicts|changes|bugs|problems|results|matches|hits|"
                 r"crashes|vulnerabilities|regressions|differences|diffs|comments|plans|updates|"
                 r"takers|regrets|worries|thanks|alerts|incidents|blockers|surprises|logs|"
                 r"tests|messages|notifications|events|requests|responses|records|rows|"
                 r"entries|items|users|calls|retries|commits|leaks|timeouts|exceptions|"
                 r"violations|findings|news|answers|ideas|options|hits|signs|traces|files|"
                 # what runs, seen running or not
                 r"runs|jobs|builds|pods|nodes|containers|instances|deploys|deployments|hosts|"
                 r"servers|machines|workers|processes|threads|connections|sessions|ends")
# ... and, said bare, a kind of thing one writes in code ("No default exports.", "No inline
# styles."), not one a run, a machine or a team has ("No spare GPUs.", "No customer tickets.")
_CODE_THINGS = (r"exports|imports|numbers|strings|styles|ternar(?:y|ies)|variables|vars|globals|"
                r"statements|casts|literals|mutations|lambdas|decorators|macros|semicolons|"
                r"classes|enums|mocks|snapshots|prints|generics|fixtures|dependencies|deps|"
                r"queries|selectors|types|annotations|abbreviations|names|functions|methods|"
                r"props|hooks|components|callbacks|promises|loops|conditionals|flags|constants|"
                r"singletons|sleeps|suppressions|ignores|pragmas|directives|joins|subqueries|"
                r"secrets|credentials|passwords|urls|paths|ids|ports|colou?rs|fonts|emojis|"
                r"asserts|panics|unwraps|gotos|hacks|shims|polyfills|wrappers|helpers|utils|"
                r"abstractions|returns|awaits|any|args|arguments|parameters|params|"
                r"defaults|keys|values|tabs|spaces|quotes|braces|brackets|semicolon")
# ... and how work is handed in or kept ("No force pushes.", "No large PRs.", "No shared
# databases."), which also has states one finds it in, said as a participle or a state ("No
# unmerged PRs.", "No orphaned migrations.", "No expired cookies.", "No draft PRs.") unless the
# participle is a way of building it ("No mocked databases.")
_WORK_THINGS = (r"pushes|prs|merges|rebases|commits|databases|trackers|migrations|cookies|"
                r"analytics")
_FOUND_STATE = (r"un[\w-]+|(?!(?:mocked|shared|stacked|stubbed|faked|managed|hosted|self-hosted|"
                r"hard-?coded|nested|forced|signed|encrypted)\b)[\w-]+ed|empty|draft|leftover|"
                r"conflicting|dangling|active|old|current|other|left|done")
# ... of which some are refused said alone: "No ORMs.", "No mocks.", "No emojis." (not "No
# commits.", "No values.": what was looked for and not found)
_BARE_REFUSED = (r"orms|mocks|emojis|globals|semicolons|ternar(?:y|ies)|lambdas|decorators|"
                 r"macros|singletons|gotos|polyfills|abbreviations|casts|enums|generics|"
                 r"unwraps|hacks|shims")
# ... and how a thing is or stands now, said of one ("No slow queries.", "No cold starts.")
_STATE_KIND = (r"spare|free|idle|slow|fast|cold|warm|hot|dropped|lost|missed|wasted|stuck|"
               r"blocked|queued|delayed|available|customer|user|staging|prod|production|"
               r"race|data|big|small|huge|high|low|sudden|random|weird|odd|strange|"
               r"unexpected|noticeable|breaking")
_NO_THING = (
    # (what was found is told before a comma; after it may come a reason: "No raw SQL in the
    # handlers, last time it was a mess")
    rf"^(?:please\s+)?no\s+(?![^.!?,]*\b(?:{_FOUND_VERBS}|yet)\b)(?![^?]*\?)"
    rf"(?!(?:{_REPLY_NOUNS})\b)(?!(?:{_NEVER_REFUSED})\b(?!{_RULE_AFTER_FINDING}))"
    rf"(?!(?:{_NOT_REFUSED})\b(?!{_RULE_AFTER_NO}))(?:"
    # "No reformatting", "No mocking!"
    r"[a-z][\w-]*ing\s*[.!]*$|"
    # "No ORMs.", "No mocks.": a kind of code said alone, never a thing a run turns up
    rf"(?:{_BARE_REFUSED})\s*[.!]*$|"
    # "No default exports.", "No magic numbers.": a kind of thing, said alone (not what was
    # found, "No open issues.", "No merge conflicts.", nor a reply, "No hard feelings.")
    # ... and a kind of code one writes: "No spare GPUs.", "No slow queries.", "No staging
    # access." tell what there is, a state, not a practice refused
    rf"(?!(?:{_FINDING_KIND}|{_STATE_KIND})\b)(?:[a-z][\w.+#-]*\s+(?!(?:{_FOUND_THINGS})\b)"
    rf"(?:{_CODE_THINGS})|(?!(?:{_FOUND_STATE})(?![\w.+#-]))[a-z][\w.+#-]*\s+"
    rf"(?!(?:{_FOUND_THINGS})\b)(?:{_WORK_THINGS}))\s*[.!]*$|"
    # "no gorm, no sqlc", "No pnpm, use npm", "no orm, plain sql with pgx"
    r"[a-z][\w.+#-]*(?:\s+[\w.+#-]+)?,\s*\S|"
    # "No ORMs in this repo", "No comments that repeat the code"
    r"[a-z][\w.+#-]*(?:\s+[\w.+#-]+){0,4}?\s+(?:(?:in|on|inside|within|for|anywhere|ever|"
    r"at\s+all|allowed|please|that|which|unless|without|except)\s+\S|"
    # "No long-lived access keys anywhere, humans use SSO": nowhere at all is the whole rule
    r"(?:anywhere|ever|at\s+all)\s*(?:[,.!;]|$)))")
_PROHIBITION = rx.compile(
    _NO_THING + r"|"
    r"\bnever\b|^(?:please\s+)?(?:don't|do not|dont|avoid|stop \w+ing|no more)\b|"
    # "npm is banned here", "kubectl apply by hand is forbidden"
    r"^[\w.+#/ -]{2,40}?\b(?:is|are)\s+(?:banned|forbidden|prohibited|not\s+allowed|"
    r"off[\s-]limits)\b|"
    r"^let(?:'s|s| us) not\b|"
    # the things a project is to be without, listed as "No gorm, no sqlc" lists them: "There
    # will be no Python, no FastAPI, and no external backend service." (not what a run found,
    # "There are no errors, no warnings": only what will or must be)
    r"^there\s+(?:will|shall|must|should)\s+be\s+no\s+[\w.+#-]+(?:\s+[\w.+#-]+)?,\s*"
    r"(?:and\s+)?no\s+\S|"
    r"\b(?:we|you|i|please) (?:don't|do not|must not|mustn't|shouldn't|should not|never)\b|"
    r"\bnot (?:going to |gonna )?us(?:e|ing)\b.*\banymore\b", _I,
)


# A kind of work a preference is kept to: "in tests", "for all handlers", "in the Go code"
_WORK_KIND = (r"(?:the\s+|all\s+|our\s+|every\s+)?(?:[\w.+#-]+\s+)?(?:tests?|code|repo|project|"
              r"prs?|commits?|handlers?|services?)\b")
# What the person wants and what not: "testify's require, not assert"
_WANTED_NOT = (r"(?!to\b|you\b|it\b|this\b|that\b)(?:[\w.'’-]+\s+){0,2}?[\w.'’-]+,?\s+"
               r"not\s+[\w.'’-]+")
# ... which is one of the choices at hand when it is named by a letter, a number or a day, or
# pointed at ("both", "all of it", "them gone", "yes"), or is where it goes ("staging, not prod")
_ONE_OF_THESE = (r"(?:[a-z]|v?\d[\w.]*|one|two|three|four|five|first|second|third|last|next|both|"
                 r"all|half|none|either|neither|yes|no|maybe|it|them|this|that|these|those|"
                 rf"today|tonight|tomorrow|yesterday|{WEEKDAY_NAME}(?:['’]s)?|staging|prod|"
                 r"production)(?![\w-])")
_PREFERENCE = rx.compile(
    r"\b(?:always|prefers?|preferred|i like|i'd rather|i would rather|make sure (?:to|you|that)|"
    r"be sure to|should always|we always|i want you to|by default|our convention|"
    r"the convention is|the rule is|in this (?:repo|project|codebase)|every ?time|whenever)\b|"
    r"^(?:please\s+)?use\s+(?:\S+\s+){0,2}?\S+\s+(?:for|when)\b|"
    r"^(?:please\s+)?use\s+\S+\s+to\b|"
    # how the assistant answers: "Keep answers short", "Skip the summaries at the end"
    r"^(?:please\s+)?(?:keep|skip|avoid|drop|no more)\s+(?:the\s+|your\s+|all\s+)?"
    r"(?:\w+\s+)?(?:answers?|repl(?:y|ies)|responses?|summar(?:y|ies)|explanations?|"
    r"preambles?|emojis?)\b|"
    # whenever it happens: "If you ever see an access key in a file, stop and tell me"
    r"^if\s+(?:you|we|anyone|someone)\s+ever\s+(?!(?:want|wonder|feel|wish)\w*\b)[a-z]+\b"
    r"[^,?]*,\s*(?!(?:it|that|this|there|the|we|they|he|she|i|you)\b)\w|"
    # a colleague's standing requirement, for every one of a kind of thing: "Priya wants every
    # payments deploy to go through a canary" ("Priya wants the report by Friday" is one task)
    # ... or a client's, "Acme want all copy in US English" (British English says a company
    # "want"), "Acme now want Storybook published to Chromatic" (a way of working from now on)
    # (a title goes with the name: "Prof. Okafor wants every figure in vector format")
    r"^(?-i:(?:(?:Prof|Dr|Mr|Mrs|Ms)\.\s+)?[A-Z][a-z]+)(?:\s+\([^)]{3,60}\))?\s+(?:(?:wants?|"
    # ("Marta asked that every PR touching db/migrations gets her review")
    r"(?:asked|asks)\s+that)\s+(?:every|each|all|any)\s|"
    r"now\s+wants?\s+(?:[\w-]+\s+){1,3}?(?:published|deployed|hosted|built|reviewed|written|"
    r"kept|run)\s+(?:to|on|in|with|through)\s)"
    # (not one ask: "Sam wants any update on the outage asap")
    r"(?![^.;!?]*\b(?:asap|tonight|today|tomorrow|right\s+(?:now|away)|by\s+(?:eod|noon)|"
    # a deadline of one time, whatever it is asked of ("Priya wants every bug from the incident
    # board triaged by Monday"; "... within a day", "... by end of day" is how every one goes)
    rf"by\s+(?:next\s+\w+|{WEEKDAY_NAME}|(?:jan|feb|mar|apr|may|"
    r"jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d|\d{4}-\d\d-\d\d|the\s+\d+(?:st|nd|rd|th))|"
    # (or of one release, one PR: "Acme want all copy in US English for this release")
    r"this\s+(?:week|sprint|month|morning|afternoon|evening|weekend|release|pr|demo|launch|"
    r"time)\b|"
    r"(?:for|before)\s+the\s+(?:postmortem|post-mortem|retro|retrospective|release|launch|"
    r"audit|offsite|cutover)(?=\s*(?:[.,;!?]|$))|"
    r"(?:from|of|on|about)\s+the\s+(?:demo|outage|incident|meeting|call)\b(?![\s-]+(?:channel|"
    r"environment|env|server|room|team|page|board|dashboard|process|rotation)\b))\b)|"
    # a choice said as the person's own, for a kind of work: "In tests I want testify's
    # require, not assert" ("I want a quick fix, not a rewrite" is the task at hand's)
    rf"^(?:in|for)\s+{_WORK_KIND},?\s+i\s+want\s+{_WANTED_NOT}|"
    rf"\bi\s+want\s+{_WANTED_NOT}\s+(?:in|for)\s+{_WORK_KIND}|"
    # ... or of kinds of thing, no one thing of the task ("I want tabs, not spaces", "I want
    # pytest, not unittest"; not "I want a quick fix, not a rewrite", "the fix, not a workaround",
    # nor one of the choices at hand: "option B, not A", "Friday, not Monday", "staging, not
    # prod", "both, not just one", "rollback, not a hotfix, this time")
    rf"\bi\s+want\s+(?!(?:a|an|the|some|my|your|his|her|our|their)\b|{_ONE_OF_THESE})"
    rf"(?:[\w.'’-]+\s+){{0,2}}?(?!{_ONE_OF_THESE})[\w.'’-]+,?\s+not\s+"
    rf"(?!{_ONE_OF_THESE})[\w.'’-]+(?![^.;!?]*\bthis\b)|"
    # ... a number or a day with the kind of thing it counts or names is a standing choice too
    # ("I want 2 spaces, not 4", "100-char lines, not 80", "Monday standups, not Friday ones";
    # not "Tuesday's build, not Wednesday's"), and so is a tool's version for CI or everywhere
    # ("python 3.12, not 3.11, in CI"; not "v2, not v3, of the client for this upgrade")
    rf"\bi\s+want\s+(?:\d+(?:\s+|-)[a-z][\w-]*|{WEEKDAY_NAME}\s+"
    r"[a-z][\w-]*s)\b(?:\s+[a-z][\w-]*)?,?\s+not\s+[\w.'’-]+(?![^.;!?]*\bthis\b)|"
    r"\bi\s+want\s+[a-z][\w.+#-]*\s+v?\d[\w.]*,?\s+not\s+v?\d[\w.]*,?\s+(?:in\s+(?:ci|"
    r"every)\b|everywhere\b|by\s+default\b|across\b)|"
    # ... or said tersely, of a kind of thing: "Again, require not assert in the tests please"
    # (not how a thing is: "Okay, good not great in the tests", "Fixed, not flaky in the tests")
    r"^(?:again[,\s]+)?(?![\w'’-]+ed\b|(?:good|great|fine|bad|ok|okay|nice|flaky|broken|green|"
    r"red|slow|fast|clean|done|stable|solid|perfect|better|worse|passing|failing|working)\b)"
    r"[\w.'’-]+,?\s+not\s+"
    rf"[\w.'’-]+\s+(?:in|for)\s+{_WORK_KIND}|"
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
# A standing instruction said as a plain imperative about a kind of thing, not a thing at hand:
# "Use conventional commit messages", "Write docstrings in Google style", "Follow PEP 8",
# "Stick to the standard library", "Be concise". A task names what is at hand ("use a dict
# here", "write a test for this", "follow the steps above"): a word pointing at the conversation
# leaves the sentence to the other rules.
_AT_HAND = rx.compile(
    r"\b(?:a|an|this|that|these|those|it|them|here|above|below|now|today|tomorrow|yet|again|"
    r"step|steps|one|ones|same|previous|next|last|first|second|third|other|the\s+new)\b|[`(]",
    _I)
_STYLE_VERB = (r"(?:use|write|name|format|prefix|document|sort|group|log|pin|type|wrap|indent|"
               r"quote|spell|structure|order|comment|annotate|return|raise|handle|validate)")
# a plural or mass noun phrase naming a kind of thing: "commit messages", "f-strings", "tabs"
_KIND_OF_THING = r"(?:the\s+)?(?:[\w+#.-]+\s+){0,2}?[a-z][\w-]*[^s\W]s\b"
_GENERIC_IMPERATIVE = rx.compile(
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
_PLURAL_SHOULD = rx.compile(
    r"^(?:all\s+|every\s+|each\s+|our\s+)?(?:[\w-]+\s+)?(?!things\b)[a-z][\w-]*[^s\W]s\s+"
    r"(?:must|should)\s+(?:always\s+|never\s+)?(?:be|have|stay|live|go)\s+"
    r"(?!(?:fine|ok|okay|good|ready|done|better|working|there|back|fixed|gone)\b)", _I)
# A word pointing at the conversation; "a" and "an" are not, in a rule's condition ("before
# reporting a failure") or place ("in a separate module").
_POINTS_AT_HAND = rx.compile(
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
_KIND_RULE = rx.compile(
    rf"^(?:please\s+)?(?:always\s+)?(?:(?:keep|make)\s+{_BARE_KIND}\s+"
    # ("Make tests pass" is the work at hand)
    r"(?!(?:pass|work|run|fail|compile|build|go|happen)\b)[a-z]+(?:\s+and\s+[a-z]+)?"
    r"\s*(?:[,.;!]|$)|(?:put|keep|track|file|store|log|report|post|raise|mock|stub|squash|"
    rf"tag|label|mark|group)\s+{_BARE_KIND}\s+(?:as|in|into|on|under|across|at|with|for)\s+\S)",
    _I)
# A rule for whenever something is done: "Rerun flaky tests before reporting a failure", "Run
# the linter before pushing", "Ask before deleting anything". Said of a thing at hand ("Fix the
# login bug before deploying", "Run it before committing") it is a task.
_HABIT = rx.compile(
    r"^(?:please\s+)?(?:always\s+)?(?P<verb>[a-z]+(?:-[a-z]+)?)\b(?P<what>[^,;:.!?]*?)\s+"
    r"(?:before|after|when|whenever|every\s+time)\s+(?:you\s+|we\s+)?"
    r"(?!(?:nothing|something|anything|everything|morning|evening|during|thing|string)\b)"
    r"[a-z]+ing\b", _I)
# Work at hand named with "the": "the login bug", "the failing test", "your PR"
_ONE_PIECE = rx.compile(
    r"\b(?:the|my|your|our)\s+(?:[\w-]+\s+)?(?:bug|error|issue|failure|crash|pr|pull\s+request|"
    r"branch|diff|fix|patch|hotfix|ticket|line|function|method|class|file|test|change|"
    r"migration|flag|script)\b", _I)
# "The ranking service is deployed to GKE", "The billing API runs on Lambda": where a named
# part of the system runs, on a named platform ("the hotfix is deployed to staging" is the work
# at hand: no system noun, and no name)
_SYSTEM_NOUN = (r"(?:services?|api|apis|app|apps|application|backend|frontend|website|site|"
                r"monorepo|repo|repository|project|codebase|library|package|cli|bot|worker|"
                r"workers|cluster|database|db|pipeline|dashboard)")

# A change still to come: a modal or a stated intention, unless it takes effect now ("from now
# on we'll use ruff" is a rule from today on, not a plan).
_FUTURE = rx.compile(
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
_INTENDED = rx.compile(
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
_TAKES_EFFECT_NOW = rx.compile(
    r"\b(?:from now on|going forward|starting (?:today|now)|as of (?:today|now)|effective "
    r"(?:today|immediately)|from today)\b", _I,
)
# "because of a broker bug" keeps its first words: "Of a broker bug." says nothing alone.
_BECAUSE = rx.compile(r"[,;]?\s+\b(?:(?=because\s+of\b|due\s+to\b)|(?:because|since|so that|"
                      r"as otherwise)\b\s+)(?P<why>.+)$", _I)
# A reason told after a dash or semicolon: "Don't mock the database — we got burned last quarter
# when ...". Only a clause telling of a time already past is taken as one ("...; open a PR
# instead" is part of the rule).
_AFTERTHOUGHT = rx.compile(r"\s*(?:;|\s[—–-]\s)\s*(?P<why>[^;—–]+)$")
# A reason said before its rule: "Since the outage last week, always page the on-call first".
_REASON_FIRST = rx.compile(
    r"^(?:since|after|because(?:\s+of)?)\s+(?P<why>[^,;]{6,}),\s*(?P<rule>.+)$", _I)
# ... or told as what happened, then the rule it taught: "We got burned last quarter when mocked
# tests passed, so don't mock the database in integration tests"
_REASON_THEN = rx.compile(r"^(?P<why>[^,;]{6,}),\s*so\s+(?P<rule>.+)$", _I)
_POINTS_BACK = rx.compile(r"\b(?:it|its|they|them|their|those|these)\b", _I)
_DATE_WORDS = CALENDAR_WORDS | word_set(
    "in on the of week weekend month year quarter early late mid end")
# Any day works to tell "last quarter" (before it) from "next quarter" (after it).
_SOME_DAY = date(2000, 1, 3)
# A line that quotes someone else: a mail-style quote or a speaker's role ("assistant: ...").
_QUOTE_LINE = rx.compile(r"^\s*>")
# A line of an env or config file pasted ("NEXT_PUBLIC_SITE_URL=http://localhost:3001",
# "export PORT=3000"): the file's contents, not the person's words
_ENV_LINE = rx.compile(
    r"^\s*(?:export\s+)?[A-Z][A-Z0-9_]+=(?:\"[^\"]*\"|'[^']*'|\S*)\s*(?:#.*)?$")
_ROLE_LINE = rx.compile(
    r"^\s*(?:\*\*|\[)?(?:assistant|system|user|human|ai|claude|model|bot|tool)(?:\*\*|\])?\s*:",
    _I,
)
# A pasted log line (timestamped or levelled): what follows it is the same paste.
_LOG_LINE = rx.compile(
    r"^\s*\[?(?:\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}|\d{2}:\d{2}:\d{2}\b|"
    r"(?:INFO|WARN|WARNING|ERROR|DEBUG|TRACE|FATAL)\b[\]:]|(?:time|ts|level)=)"
)
# A row of pasted tool output laid out in columns ("NAME   READY   STATUS", "web-1   1/1
# Running"): two gaps of two or more spaces, neither after a sentence's end (a typist's double
# space between sentences or after a comma is not a column).
_COLUMN_GAP = rx.compile(r"(?<=[^\s.,!?:;])  +(?=\S)")
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
_DEFINITE = rx.compile(r"\s*(?:the|my|your|our)\b", _I)
_HABIT_CONDITION = rx.compile(r"\b(?:before|after|when|whenever|every\s+time)\b", _I)


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


def own_words(text: str) -> tuple[str, list[str]]:
    """The lines a person wrote in their own voice, and the quoted or pasted blocks left out.

    A ``>`` line is a quote. A line that opens with a speaker ("assistant:", "system:") or a
    log stamp starts a paste that runs to the next blank line: a pasted chat or CI log can
    carry planted instructions that must not read as the person's rules. A pasted config file
    and a pasted diff run only as far as their own lines (``_block_goes_on``, ``_diff_lines``).
    """
    kept: list[str] = []
    quoted: list[str] = []
    block: _Block = None
    previous_quoted = False
    lines = strip_code(text).splitlines()
    # A table has rows: a line with column gaps beside another, or a header in capitals
    # ("NAME   READY   STATUS"); one line with wide gaps alone is the person's own spacing
    # ("We deploy api    to prod on Tuesdays    and worker on Thursdays.")
    gapped = [("  " in line.strip() and len(_COLUMN_GAP.findall(line.strip())) >= 2)
              for line in lines] if "  " in text else [False] * len(lines)
    in_diff = _diff_lines(lines)
    for i, line in enumerate(lines):
        if not line.strip():
            block, previous_quoted = None, False
            kept.append(line)
            continue
        block = _block_goes_on(block, line)
        if block is None:
            block = "diff" if in_diff[i] else _block_starts(
                line, lines[i + 1] if i + 1 < len(lines) else "")
        # A pasted table ("kubectl get pods" under "here's what I see:") runs only as far as
        # its rows: the person's own words go on right under it, with no blank line between.
        table = gapped[i] and ((i > 0 and gapped[i - 1]) or (i + 1 < len(lines) and gapped[
            i + 1]) or line.upper() == line)
        if not (block or table or _QUOTE_LINE.match(line)):
            previous_quoted = False
            kept.append(line)
            continue
        flat = " ".join(line.split())
        if previous_quoted and not _ROLE_LINE.match(line):
            # one decision per block, not per line: a pasted log's stamped lines are one block
            quoted[-1] = f"{quoted[-1]} {flat}"
        else:
            quoted.append(flat)
        previous_quoted = True
    return "\n".join(kept), quoted


# What a line is part of: a pasted chat or log ("assistant: ...", a stamped line), config file
# or diff, or none
_Block = Literal["paste", "config", "diff"] | None
# A comment in a pasted config file ("# never edit this", "// set by CI", "; legacy")
# (not a wink: ";) Always keep retries low." under "RETRIES=3" is the person's)
_CONFIG_COMMENT = rx.compile(r"^\s*(?:#|//|;(?!-?[)(DPp](?:\s|$)))")
# The head of a pasted diff, and the head lines it goes on with before its first hunk
_DIFF_HEAD = rx.compile(r"^(?:diff --git |--- a/|\+\+\+ b/)")
_DIFF_HEAD_GOES_ON = rx.compile(r"^(?:diff |index |--- |\+\+\+ |new file mode|deleted file mode|"
                                r"old mode|new mode|similarity index|rename (?:from|to) )")
# A hunk's head, with how many lines it has of the old file and of the new: "@@ -12,3 +12,4 @@"
_HUNK_HEAD = rx.compile(r"^@@ -\d+(?:,(?P<old>\d{1,9}))? \+\d+(?:,(?P<new>\d{1,9}))? @@")
# A line past its hunk's count that is still the diff's (a hunk head miscounted by hand): an
# added line, a removed one with no blank after its '-' (the person's bullet, "- Always ...",
# has one), "\ No newline at end of file"
_DIFF_OVERRUN = rx.compile(r"^(?:\+|-(?! )|\\)")
# The person's line, not a removed or context line, even inside a hunk: a dash or a blank, one
# blank, then a letter or an emoji ("- Always run the tests.", "- ⚠️ Never push.", "  Always ...").
# git writes the file's line right after its mark, so that is a file line opening with a single
# blank and a word, which code and markdown do not have: a removed bullet is "-- Always squash.",
# prose "-Always squash.", code "-    return 1" (and a comment's "- * " or "- */" is no letter).
_PERSONS_LINE_IN_HUNK = rx.compile(r"^[- ] (?:[^\W\d_]|[^\x00-\x7f])")


def _diff_lines(lines: Sequence[str]) -> list[bool]:
    """For each line, whether it is part of a pasted diff: its head lines ("diff --git",
    "index", "--- a/", "+++ b/") and each hunk, as far as its head counts ("@@ -1,3 +1,4 @@":
    3 lines of the old file, 4 of the new). The person's bullets right under the last hunk
    ("- Always run the tests after applying a patch.") are theirs, not removed lines, and so
    are they under a hunk cut short ("@@ -10,40 +10,41 @@", two lines shown): git never
    writes a line of a hunk as "- Always ..." (``_PERSONS_LINE_IN_HUNK``), so such a line ends
    the diff wherever it comes."""
    in_diff = [False] * len(lines)
    old = new = 0  # lines of the old and the new file the open hunk has still to show
    going = False  # a diff is open: its head read, or a hunk counted out
    for i, line in enumerate(lines):
        hunk = _HUNK_HEAD.match(line)
        if hunk is not None:
            old, new = int(hunk["old"] or 1), int(hunk["new"] or 1)
            in_diff[i] = going = True
            continue
        if not line.strip():
            # (a blank line ends any paste: own_words reads on from there as the person's)
            old = new = 0
            going = False
            continue
        mark = line[0]
        if (old or new) and _PERSONS_LINE_IN_HUNK.match(line):
            # (the hunk is cut short: the person's words go on right under what was pasted)
            old = new = 0
            going = False
            continue
        if (mark == " " and old and new) or (mark == "-" and old) or (
                mark == "+" and new) or (mark == "\\" and (old or new)):
            old -= mark in (" ", "-")
            new -= mark in (" ", "+")
            in_diff[i] = True
            continue
        old = new = 0
        going = bool(_DIFF_HEAD.match(line) or (going and (
            _DIFF_HEAD_GOES_ON.match(line) or _DIFF_OVERRUN.match(line))))
        in_diff[i] = going
    return in_diff


def _block_starts(line: str, following: str) -> _Block:
    """The pasted block ``line`` opens, if any."""
    if _ROLE_LINE.match(line) or _LOG_LINE.match(line):
        return "paste"
    if ("=" in line and _ENV_LINE.match(line)) or (
            _CONFIG_COMMENT.match(line) and "=" in following and _ENV_LINE.match(following)):
        return "config"
    return None


def _block_goes_on(block: _Block, line: str) -> _Block:
    """The block ``line`` is part of, given the one the line before it was part of. A pasted
    chat or log runs to the next blank line: a log's own lines can read like rules, and no rule
    of text alone tells a planted "Please always ..." from the person's, so the request typed
    right under a log, with no blank line between, is left out with it. A config file runs over
    its settings and comments ("# never edit this" is the file's). (A diff's lines are told by
    ``_diff_lines``.)"""
    if block == "paste":
        return block
    if block == "config":
        return block if _CONFIG_COMMENT.match(line) or (
            "=" in line and _ENV_LINE.match(line)) else None
    return None


# "It" opening a sentence, with its verb: "It's deployed to GKE", "It runs on Lambda".
_IT_OPENS = rx.compile(r"^it(?:'s\b|\s+(?=(?:is|was|has|runs|uses|lives|deploys|talks|"
                       r"depends|needs|reads|writes|serves|owns|sends|calls)\b))\s*", _I)
# What "it" in the next sentence plainly stands for: the part of the system a sentence opens
# with ("The billing API is written in Go."), or what it says the project is ("This repo is
# the ranking service.").
_NAMED_AS = rx.compile(
    r"^(?:this|our|the)\s+(?:repo|repository|project|codebase|service|app)\s+is\s+"
    rf"(?P<it>(?:the|our)\s+(?:[\w-]+\s+){{0,2}}{_SYSTEM_NOUN})\s*[.!]?$", _I)
_OPENS_WITH = rx.compile(rf"^(?P<it>(?:the|our)\s+(?:[\w-]+\s+){{0,2}}{_SYSTEM_NOUN})\s+"
                         r"(?!and\b|or\b|of\b|for\b|in\b|with\b|to\b)", _I)


# Who owns what, said whole: "Marco owns the ledger-export module." ("him" and "its" in the
# next sentence are Marco and the module)
_OWNER_OF = rx.compile(
    r"^(?P<who>(?-i:[A-Z][a-z]+))\s+(?:owns|maintains|is responsible for|looks after)\s+"
    r"(?P<what>(?:the|our)\s+(?:[\w-]+\s+){0,2}?[\w-]+)\s*[.!]?$", _I)
# (not "her team", "her PR": "her" before a noun is whose, not whom; after "let", "have",
# "make" or "help" it is whom, before the verb she is to do: "let her review migrations")
_HIM_OR_HER = rx.compile(r"\bhim\b(?!\s+(?:own|self)\b)|\bher\b(?=\s*(?:[,.;:!?]|$|"
                         r"(?:before|after|about|first|when|whenever|if|for|to|and|or|too|again|"
                         r"in|on|as|with|up|out|know|the|a|an|any|every)\b(?!-)))|"
                         r"(?:(?<=\blet\s)|(?<=\bhave\s)|(?<=\bmake\s)|(?<=\bhelp\s))her\b"
                         # (whose again when a noun comes first: "have her team review it")
                         r"(?=\s+(?!(?:team|manager|boss|lead|reports|colleagues|teammates|"
                         r"people|folks|group|squad|deputy|backup|assistant)\b)[a-z]+\b(?!-))",
                         _I)
_ITS = rx.compile(r"\bits\b", _I)
# "Can you use shorter variable names?" before "Actually no, keep them descriptive": the kind of
# thing asked about is what "them" is
_ASKED_ABOUT_KIND = rx.compile(
    r"^(?:can|could|would|should)\s+(?:you|we)\s+(?:use|make|keep|write)\s+(?:(?:more|less)\s+)?"
    r"[a-z]+\s+(?P<kind>(?:[a-z]+\s+)?[a-z][\w-]*[^s\W]s)\s*\?$", _I)
_KEEP_THEM = rx.compile(r"^(?P<head>(?:(?:actually|no|nah)[\s,]+)*(?:keep|make|leave)\s+)them"
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


# A rule about "it" with nothing else to go on: "Please flag it every time you see one" after
# "Any IAM policy with Resource "*" needs Omar's sign-off", "respect it whenever we touch
# payments" after what Priya wants. Alone it says nothing of what is to be flagged.
_RULE_ON_IT = rx.compile(
    r"\b(?:flag|respect|follow|apply|enforce|honou?r|mention|raise|report|escalate)\s+"
    r"(?:it|them|this|that)\b(?!\s*(?:is|was|'s|are)\b)", _I)


# What "it" is, said in the same sentence before it: "... so if you touch anything in the theme,
# flag it" (joined to "Bramble today." before it, it read "Bramble on 2026-07-06. Their ...")
_ITS_OWN_IT = rx.compile(r"\b(?:if|when|whenever)\s+(?:you|we|anyone|someone)\s+\w+\s+\w", _I)


# "No prod changes in that window except ...": a rule for the span of days the sentence before
# gives ("change freeze from 18/12 to 4/1"); alone it is a rule of no time, and the freeze a
# plan with no rule
_IN_THAT_SPAN = rx.compile(
    r"\b(?:in|during|within|for|over|throughout)\s+(?:that|this)\s+(?:window|period|time|"
    r"span|week|weekend|freeze)\b", _I)


def _for_that_span(part: str, before: str) -> bool:
    """``part`` is a rule for "that window" and ``before`` gives the window's days."""
    return " th" in part and _IN_THAT_SPAN.search(part) is not None and _DAY_SPAN.search(
        before) is not None


_DAY_SPAN = rx.compile(r"\d\s*(?:to|until|till|through|[-–])\s*\d", _I)


# An incident's findings, each told under its own heading after the incident ("INC-4412
# postmortem is done. Root cause: ... Fix: ..."): alone, a root cause and a fix read as a
# debugging recipe of nothing, and the incident told done says nothing of what was learned
_FINDING = rx.compile(r"(?:(?:the\s+)?root\s+cause|fix|mitigation|remediation|follow-?ups?)\s*:",
                      _I)
_INCIDENT_NAMED = rx.compile(r"(?-i:\bINC-?\d+)|\b(?:incident|postmortem|post-mortem|outage)\b",
                            _I)


def with_incident_findings(parts: list[str]) -> list[str]:
    """``parts`` with each finding of an incident joined to the sentence naming it."""
    out: list[str] = []
    for part in parts:
        if out and _FINDING.match(part) and _INCIDENT_NAMED.search(out[-1]):
            out[-1] = f"{out[-1]} {part}"
        else:
            out.append(part)
    return out


def joined_to_what_it_means(parts: list[str]) -> list[str]:
    """``parts`` with a rule about "it" joined to the sentence before it, which says what "it"
    is: saved alone ("Flag it every time you see one") it is a rule of nothing. So is a rule
    for "that window" after the sentence giving the window's days."""
    out: list[str] = []
    for part in parts:
        m = _RULE_ON_IT.search(part) if out else None
        if out and ((m is None and _for_that_span(part, out[-1])) or (
                m is not None and not out[-1].rstrip().endswith("?")
                and _ITS_OWN_IT.search(part, 0, m.start()) is None)):
            out[-1] = f"{out[-1]} {part}"
        else:
            out.append(part)
    return out


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


_PAST_FORM = rx.compile(rf"{_IRREGULAR_PAST}|.*[^e]ed")


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
    (rx.compile(r"^(?:i'm|i am)\b", _I), "The user is"),
    (rx.compile(r"^(?:i've|i have)\b", _I), "The user has"),
    (rx.compile(r"^i'd rather\b", _I), "The user would rather"),
    (rx.compile(r"^i (?:don't|do not|dont)\b", _I), "The user doesn't"),
    # a modal said with its "not" ("I can't ...", "I cannot ...", "I'll ..."): it read "They
    # can't ..." (the agent reading it is "they" too) or "The user cannots ..."
    (rx.compile(r"^i ((?:ca|could|would|should|must|wo)n't|cannot)(?![\w'-])", _I),
     "The user \\1"),
    (rx.compile(r"^i'll\b", _I), "The user will"),
    # "I never ever want ...": "ever" goes with the adverb, the verb follows it
    (rx.compile(rf"^i ((?:{_ADVERB})(?: ever)?) {_FIRST_PERSON_VERB}\b", _I), "The user \\1 \\2s"),
    (rx.compile(rf"^i {_FIRST_PERSON_VERB}\b", _I), "The user \\1s"),
    # "do" is no verb to conjugate alone ("I do think ..."), but after an adverb it is the work
    # done ("I mostly do backend work": not "They mostly do ...")
    (rx.compile(rf"^i ((?:{_ADVERB})(?: ever)?) do\b", _I), "The user \\1 does"),
    (rx.compile(rf"^i ((?:{_ADVERB})(?: ever)?) ([a-z]+(?:-[a-z]+)*)(?![\w'-])", _I),
     _with_present),
    (rx.compile(rf"^i ((?:just |already |recently |finally )?(?:[a-z]+(?<!e)ed|{_IRREGULAR_PAST}))"
                r"(?![\w'-])", _I), "The user \\1"),
    # "I bun install everything now": the tool run as a command, not a verb to conjugate ("The
    # user buns install ...")
    (rx.compile(rf"^i ((?:just |now |mostly |always )?)({TOOL_PATTERN}) (install|add|run)\b", _I),
     "The user \\1uses \\2 to \\3"),
    (rx.compile(r"^i ([a-z]+(?:-[a-z]+)*)(?![\w'-])", _I), _user_does),
    (rx.compile(r"\bI(?:'m| am)\b"), "they are"),
    (rx.compile(r"\bI(?:'ve| have)\b"), "they have"),
    (rx.compile(r"\bI\b"), "they"),
    (rx.compile(r"\bmy\b", _I), "their"),
    (rx.compile(r"\bme\b"), "them"),
]


_MY = rx.compile(r"^my\b", _I)
_I_FIRST = rx.compile(r"^i\b|^i'", _I)


def third_person(text: str) -> str:
    """A person's "I am ..." as the memory will read it: "The user is ..."; "My name is ..."
    as "The user's name is ..."; "Bob prefers tabs but I prefer spaces" as "... but the user
    prefers spaces" (an "I" left in a memory is the agent's, once it reads it)."""
    if _MY.match(text):
        text = "The user's" + text[2:]
    elif not _I_FIRST.match(text):
        m = _MID_I.search(text)
        if m is None:
            # "ask me for the link", "before 5pm my time": no "I" to say who, so the user by name
            return _ME.sub(lambda w: "the user" if w[0] == "me" else "the user's", text)
        tail = third_person(text[m.start():])
        return text[: m.start()] + tail.replace("The user", "the user", 1)
    for pattern, repl in _FIRST_PERSON:
        text = pattern.sub(repl, text)
    return text


_ME = rx.compile(r"\b(?:me|my)\b")
# "I" after other words: "but I prefer spaces" (a capital I only: "i" may be a variable)
_MID_I = rx.compile(r"(?<=[\w,;:—–-] )I(?:'m\b|'ve\b|'d\b|'ll\b| (?=[a-z])"
                    # ... nor a hedge: "... GitHub Actions I think"
                    r"(?!(?:of|in|on|at|to|for|and|or|is|was|are|were|vs|think|guess|believe|"
                    r"suppose|assume|mean|reckon)\b))")


@lru_cache(maxsize=16_384)
def _absolutize(text: str, day: date, order: DateOrder | None = None
                ) -> tuple[str, tuple[DateRewrite, ...]]:
    out, rewrites = absolutize(text, day, order)
    return out, tuple(rewrites)


def _has_date(text: str) -> bool:
    """A date as the engine writes it ("2026-01-05", "the week of ...", "January 2026",
    "in 2026") or with a year ("January 15, 2026")."""
    return last_mention(text) is not None


def _clean(text: str) -> str:
    text = _FILLER.sub("", text.strip())
    text = _PLEASE_INSIDE.sub("", _PLEASE.sub("", text))
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
_COMMA_REASON = rx.compile(
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
    r"\s+\w[^,;]+|"
    # the person's own dislike of what the rule forbids: "Don't add comments that repeat the
    # code, I hate that"
    r"(?:i|we)\s+(?:really\s+|just\s+)?(?:hate|dislike|can't\s+stand|don't\s+like|do\s+not\s+like)"
    r"\s+(?:that|it|this|them|those|when\b[^,;]*)\s*[.!]*|"
    # what went wrong once, told after the rule: "Always run make test before you say it's
    # done, last week claude said done and CI was red"
    r"(?:last\s+(?:week|time|month|sprint|year|release)|yesterday|the\s+other\s+day|once)\s+"
    r"[^,;]*?\b(?:was|were|said|broke|failed|had|did|got|went|happened|deleted|leaked|crashed|"
    r"pushed|merged|shipped)\b[^;]*)$",
    _I)


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


_SINCE_A_TIME = rx.compile(r"[,;]?\s+since\b", _I)
_WEEKDAY_ALONE = rx.compile(rf"(?:this\s+)?(?:{'|'.join(WEEKDAYS)})\.?", _I)


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
# Where a rule said beside a complaint may begin: "..., so use npm", "...; use yarn instead".
# (a clause break's blanks are read from the first of their run alone: one found from a later
# blank could only be a later start of one found from the first, and a break takes the rest of
# its run after it; from each blank of a run, each read again to its end, 'a' + 10,000 blanks +
# 's' took 2.2 s to split, by the square)
_ANY_CLAUSE = rx.compile(r"(?:(?<!\s)\s+)?(?:[,;:]|\s[—–-]\s)\s*|(?<!\s)\s+(?:so|and|but|then)"
                         r"\s+", _I)


# How something is for now, said after "Actually," or "No,": "the tests have been flaky all
# week", "the build has been broken since Friday", "staging is down again". Only with nothing
# after the state but when it held: "the v1 API is broken for dates before 1970" is a lasting
# fact worth keeping, and so is "the migrations are slow" (slow only for a while is passing).
_FOR_A_WHILE = (r"\s+(?:(?:all|this|last|the\s+whole|most\s+of\s+the|the\s+(?:past|last))\s+"
                r"(?:few\s+)?(?:week|day|morning|afternoon|night|sprint|month)s?|"
                r"since\s+(?:last\s+|this\s+)?[\w-]+|lately|recently|again|today|yesterday|"
                r"for\s+(?:days|hours|weeks|a\s+while|ages)|(?:right\s+)?now|at\s+the\s+moment)")
_PASSING_STATE = rx.compile(
    r"^(?:(?:the|our|my)\s+)?(?:[\w-]+\s+){0,3}?(?:(?:has|have)\s+been|is|are|was|were|keeps?|"
    r"kept|(?:has\s+|have\s+)?started|seems?\s+to\s+be)\s+(?:(?:really|pretty|so|very|super|"
    r"still|just|quite|a\s+bit|kind\s+of)\s+)*(?:flaky|flakey|flaking|broken|failing|red|down|"
    r"unstable|flapping|timing\s+out|erroring|crashing|stuck|hanging|acting\s+up|offline|"
    rf"unreachable|slow(?={_FOR_A_WHILE}))(?:{_FOR_A_WHILE})*\s*[.!]?\s*$", _I)


def _passing_state(text: str) -> bool:
    """``text`` tells how something is for now ("The tests have been flaky all week") and
    nothing else: a clause beside it may be a rule ("..., so don't merge anything")."""
    return len(_ANY_CLAUSE.split(text)) == 1 and _PASSING_STATE.match(text) is not None
# ... or its subject left out, said by the first ("We freeze on 2026-07-13 and ship on
# 2026-07-24": "we ship"), or its subject and verb ("We migrate the billing service on 2026-07-14
# and the search service on 2026-07-24": "we migrate the search service"); the verb is left out
# only of a clause naming a thing as the first's object is named
_WHO_DOES = rx.compile(
    r"^(?P<who>we|they|i)(?P<aux>'ll|\s+(?:will|must|should|can|(?:plan|want|need|have|"
    r"are\s+going|'re\s+going)\s+to))?\s+(?P<verb>(?-i:[a-z])[\w-]*)"
    r"(?P<object>\s+(?:the|our|their|its|my)\s)?", _I)
_NAMED_THING = rx.compile(r"^(?:the|our|their|its|my)\s", _I)
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
