"""What is said but not worth saving: chatter, one-off task state, complaints, replies that say
nothing, what the person asked not to be remembered."""

from __future__ import annotations

import re

from autodream import rx
from autodream.engine.places import SLOT_VALUE
from autodream.engine.sentence_kinds import (
    _CHANGED_MIND,
    _JOINED,
    _KEPT_IN_TOOL,
    _PATH,
    _RULE_KINDS,
    _beside_path,
    _detect,
    _detect_core,
    _instead_of_doing,
    _Kind,
    _learned_rule,
    _when_they_are,
    corrected_statement,
)
from autodream.engine.text import (
    address_told_for_now,
    ensure_period,
)
from autodream.engine.wording import (
    _ANY_CLAUSE,
    _FILLER,
    _HABIT_VERBS,
    _I,
    _IMPERATIVE,
    _POINTS_AT_HAND,
    _PREFERENCE,
    _PROHIBITION,
    _a_time_alone,
    _passing_state,
    _standing_imperative,
)


def rule_for_every(found: _Kind, sentence: str) -> bool:
    """``sentence`` asks something of every one of a kind of work ("Jonas wants every new API
    error code documented in docs/errors.md", "Always ... every migration in db/migrations"):
    a rule, whatever paths it names for where it applies."""
    return found.kind == "preference" and " every " in sentence


_STANDING = rx.compile(
    r"\b(?:always|never|every ?time|whenever|from now on|going forward|in (?:the )?future|"
    r"by default|don't|do not|prefer|must|should|everything|everywhere|all code)\b", _I,
)

# Words that make an instruction outlast the task at hand ("don't" alone does not).
_LASTING = rx.compile(
    r"\b(?:always|never|every ?time|whenever|from now on|going forward|in (?:the )?future|"
    r"by default|everything|everywhere|all code|any code|each time)\b", _I,
)
# One piece of work taken on ("I agreed to review Sam's PR", "We decided to fix the login bug
# first"): a thing to do, ephemeral task state, not a decision that lasts ("We agreed to use
# Postgres", "I agreed to take over the billing service", "We agreed to review all PRs within
# a day": a kind of thing, not one of them).
_TASK_TAKEN_ON = rx.compile(
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


# What may open a reply and says nothing itself: "Hmm, ...", "Sure, but ...", "Hold on, ...",
# "Wait, ...", "Sorry, ...". Those that are verbs too ("Wait for CI", "Sure enough") only with
# a comma after them.
REPLY_OPENER = rx.compile(
    r"^(?:(?:(?:ok(?:ay)?|so|but|and|well|oh+|ah+|hmm+|hm+|um+|uh+|yeah|yes|no|right|actually|"
    r"ugh|eh|nah|oops|err?)\b(?!['’])|(?:wait|hold\s+on|one\s+sec(?:ond)?|sure|sorry|look)"
    r"(?=\s*[,.!—–]))[\s,.!—–-]*)+", _I)
# ... and after them, what says nothing of how things are: the person's or the assistant's
# next step ("I'll check", "Let me rerun the tests", "You broke the build"), how the attempt
# went ("That's weird", "it's broken", "that's not it") or a question
_ABOUT_THE_ATTEMPT = rx.compile(
    r"^(?:i\b|i['’]|me\b|my\b|let\s+me\b|let['’]?s\b|you\b(?!\s+(?:should|must|need|have\s+to|"
    r"can['’]?t|cannot|don['’]?t|do\s+not)\b)|(?:that|this|there)(?:['’]s|\s+(?:is|was)\b)|"
    r"it(?:['’]s|\s+is)\s+(?:still\s+)?(?:not\s+)?(?:weird|wrong|broken|fine|good|ok(?:ay)?|"
    r"right|correct|failing|working|done|better|worse|off|bad|close|it)\b)", _I)
# ... and what does: a rule's words ("always", "should", "use X"), a contrast ("tabs, not
# spaces", "X instead of Y"), how a thing is ("the port is 8080", "it's tabs") or what we do
# ("we deploy with Argo", "the API returns cents")
_HOW_IT_IS = rx.compile(
    r"\b(?:always|never|should(?:n['’]t)?|must(?:n['’]t)?|don['’]t|do\s+not|needs?\s+to|"
    r"ha(?:s|ve)\s+to|prefer|use[sd]?|using|from\s+now\s+on|instead\s+of|rather\s+than)\b"
    r"|,\s*not\s+\w|\w(?:['’]s|['’]re|\s+(?:is|are))\s+\w|^(?:we|our)\s+(?!(?:will|['’]ll|"
    r"['’]re\s+\w+ing)\b)\w+"
    # ("The API returns amounts in cents", not "The build still fails")
    r"|^(?:the|all|every|each)\s+(?:[\w.-]+\s+){0,3}?(?!(?:fails|breaks|crashes|errors|works|"
    r"passes|hangs|looks|seems|does|was)\b)[a-z]+s\s+(?!(?:still|now|pass|fail|break|work|crash|"
    r"hang)\b)\w", _I)


def reply_rest(reply: str) -> str:
    """``reply`` without the openers that say nothing ("Hmm, we use tabs here." is "we use tabs
    here.")."""
    return REPLY_OPENER.sub("", reply.strip(), count=1)


def _says_nothing(reply: str) -> bool:
    """``reply`` after a bare "No, that's wrong." is no correction: it is one only when it says
    how things are or should be (a value, a tool, a rule: "Wait, the port is 8080.", "So tabs,
    not spaces.", "Fix it to use UTC."), not when it is of the next step, feelings or how the
    attempt went ("Let me check the logs.", "Ugh.", "Hmm, it still fails.", "Revert that
    change.", "Can you try again?")."""
    rest = reply_rest(reply).strip()
    if not rest or rest.endswith("?") or _ABOUT_THE_ATTEMPT.match(rest):
        return True
    return _HOW_IT_IS.search(rest) is None
# ... and one that is only a meeting held, with nothing of it told: the meeting is over and
# says nothing to a later session (what was decided at it would be a memory of its own).
_MEETING = (
    r"(?:the|our|a|an|my|their)\s+(?:[\w-]+\s+)?(?:retros?|retrospectives?|stand-?ups?|"
    r"meetings?|syncs?|planning|offsites?|all-hands|town ?halls?|1:1s?|one-on-ones?|"
    r"interviews?|workshops?|kick-?offs?|calls?|demos?|hackathons?|webinars?|sessions?)")
_HELD_MEETING = (
    r"(?P<who>we|they|i)\s+(?:just\s+|already\s+|finally\s+)?(?:had|held|did|ran)\s+"
    + _MEETING)
_MEETING_HELD = rx.compile(rf"^{_HELD_MEETING}(?P<when>(?:\s+[\w-]+){{0,4}})\s*[.!]?$", _I)
# The user away from one event ("I can't make the design review on 2026-07-24", "I won't be at
# the offsite next week", "I'll miss the standup on Friday"): it went in as the plan itself, so
# the event read as off and an earlier plan of it was replaced. Not a deadline the user can't
# meet ("I can't make the deadline on ...").
_AWAY_FROM_IT = rx.compile(
    r"i\s*(?:(?:can't|cannot|can\s+not|won't|will\s+not|(?:'m|am)\s+not\s+(?:going|able)\s+to)"
    r"\s+(?:be\s+able\s+to\s+)?(?:make(?:\s+it)?(?:\s+to)?|attend|join|go\s+to|come\s+to|"
    r"be\s+(?:at|there\s+for|in))|(?:'ll|will|(?:'m|am)\s+going\s+to)\s+"
    r"(?:have\s+to\s+)?(?:miss|skip)|(?:'m|am)\s+(?:missing|skipping))\s+"
    r"(?!(?:the\s+|a\s+|our\s+|my\s+)?(?:[\w-]+\s+)?(?:deadline|cut-?off)s?\b)", _I)

# --- what not to save --------------------------------------------------------------------
_INJECTION = rx.compile(
    r"\b(?:ignore|disregard|forget) (?:all |any )?(?:of )?(?:the |your |my )?(?:previous|prior|"
    r"above|earlier|system|preceding) (?:instructions|messages|rules|prompts?|context)|"
    r"\bdisregard (?:all|any|everything|the|your|these|those|that)\b|\bsystem prompt\b|"
    r"\byou are now\b|\bnew instructions\b|</?(?:system|instructions?)>|"
    r"\b(?:delete|erase|wipe|clear) (?:all|every|your)(?: of)?(?: the| your)? memor(?:y|ies)\b",
    _I,
)
PLANTED = "planted instruction"
_GIT = rx.compile(
    r"\bgit (?:log|blame|show|reflog)\b|\bcommit [0-9a-f]{7,40}\b|\b(?:last|previous|latest) "
    r"commit\b|\bin (?:the|this|that) commit\b|\bmerged (?:the |my |your )?(?:pr|pull request|"
    r"branch)\b|\b(?:pr|pull request) #?\d+\b|\bwas reverted\b|\bcherry-?pick", _I,
)
_DEBUG = rx.compile(
    r"\bstack ?trace\b|\btraceback\b|\bsegfault\b|\broot cause\b|\bthe (?:error|bug|crash|"
    r"issue|problem|failure) (?:was|is) (?:caused|because|due|in|that)\b|"
    # (a name with "debug" in it is no debugging: "renamed to debug-a100")
    r"\bto debug\b(?![\w-])|"
    r"\bdebugging\b|\bthe fix (?:was|is)\b|\bfixed (?:it|this|that) by\b|\bworkaround (?:was|is)"
    r"\b|\brepro(?:duce)?\b|\bnull pointer\b|\boff-by-one\b|\berror:\s", _I,
)
# An incident told with its root cause ("INC-4412 postmortem is done. Root cause: ..."): what
# was learned of a named incident is the project's history, not a recipe for the code at hand
_INCIDENT_FINDINGS = rx.compile(r"(?-i:^(?:The\s+)?INC-?\d+\b)[^.]*\.\s+Root\s+cause:", _I)
# "Stop using print for debugging": debugging is what the rule is for, not a recipe.
_DEBUG_AS_CONTEXT = rx.compile(r"\b(?:for|when|while|during) debugging\b", _I)
# "Always include the stack trace in bug reports": a rule for every time, no recipe
# (a verb after it, as asked: not "Never seen this traceback before", "Always a segfault")
_ALWAYS_OR_NEVER = rx.compile(
    r"^\s*(?:please\s+)?(?:always|never)\s+(?!(?:a|an|the|this|that|these|those|same|so|"
    r"been|had|was|is|got)\b)(?![a-z]+(?:ed|en)\b|[a-z]+(?<!s)s\b)[a-z]+\s+\S", _I)
_CODE_UNIT = r"(?:function|class|method|module|component|helper)"
_CODE_RELATION = (
    r"(?:calls|returns|handles|contains|imports|wraps|depends on|inherits from|extends|"
    r"subclasses|overrides)"
)
_STRUCTURE = rx.compile(
    r"\b(?:is|are) (?:defined|declared|implemented|located|stored|kept) in\b|"
    # "the parser lives in src/", not "the search cluster lives in us-east-1" or "in Frankfurt"
    rf"\blives? (?:in|under)\b(?!\s+(?-i:[A-Z])[\w-]*(?!\.?[\w/-])|\s+{SLOT_VALUE}(?![\w/])|"
    # ... nor "the manifests live in the infra repo": another repository, not this code
    r"\s+(?:the\s+|our\s+)?[\w-]+\s+(?:repo|repository|monorepo|bucket|vault|drive)\b)|"
    rf"\bentry ?point\b|\b{_CODE_UNIT} `?[\w.]+`? (?:is|does|takes|{_CODE_RELATION})\b|"
    # "the Handler class wraps every request", "the stats module depends on the io module"
    rf"\b`?[\w.]+`? {_CODE_UNIT}s? {_CODE_RELATION}\b|\bcalls? `?[\w.]+\(\)", _I,
)
# What a switch is scoped to when it is for the work at hand alone: "switch to yarn, but only
# for this PR", "use bun on this branch", "switch to yarn for today" (the switch's clause alone
# is read for ``_EPHEMERAL``, so the scope said after it is read here)
# How a switch is asked for, not told made
_ASKS_SWITCH = frozenset({"let's", "lets", "please", "go", "switch", "move", "revert", "return",
                          "roll", "change", "use", "try", "just"})
_FOR_NOW = rx.compile(r"\bfor now\b", _I)
_ONE_OFF_SCOPE = rx.compile(
    r"\b(?:for|on|in)\s+(?:(?:this|that|the\s+current)\s+(?:pr|pull\s+request|branch|change|"
    r"commit|task|ticket|one|spike|experiment|session)|today|tonight)\b|\bthis\s+once\b", _I)
# What a piece of the code does when nothing else is asked ("the charges list endpoint returns
# 25 items per page by default"): its "by default" tells the code's, not the person's, way; the
# code shows it. Not a rule about it ("... by default, never change it"), nor what we do.
_CODE_DEFAULT = rx.compile(
    r"^(?:the\s+|our\s+|this\s+)?(?:[\w./{}-]+\s+){0,3}?(?:endpoints?|handlers?|routes?|"
    r"functions?|methods?|quer(?:y|ies)|apis?|clients?|servers?|middleware|workers?|jobs?|"
    r"commands?|services?)\s+(?:returns?|sends?|sets?|retries|caches|logs|paginates|"
    r"times\s+out|limits?|defaults\s+to)\b"
    r"(?![^.;]*\b(?:should|must|always|never|don't|do\s+not|keep|please)\b)[^.;]*\bby\s+default\b",
    _I)
# What the person makes of the default after it: "..., so split long migrations", "...; bust the
# cache when the lockfile changes", "..., disable it in tests" (a rule of theirs, to keep)
_AFTER_DEFAULT = rx.compile(r"\s*(?:;|,?\s+so\s+(?!that\b)|,\s*(?:and\s+|but\s+|then\s+)?"
                            r"(?:please\s+)?(?P<verb>[a-z]+)\b)", _I)
_DEFAULT_RULE_VERBS = _HABIT_VERBS | frozenset(("disable", "enable", "set", "split", "bust",
                                                "raise", "lower", "turn", "override", "pass"))
_EPHEMERAL = rx.compile(
    r"\b(?:this|that|these|those) (?:bug|error|test|tests|file|files|function|line|lines|issue|"
    r"pr|branch|change|changes|diff|output|failure|warning|commit|method|class|script|"
    r"snippet|stack)\b|\bright now\b|\bfor now\b|\bat the moment\b|\bnext step\b|"
    # one case let off a rule: "No canary for this one, it's an emergency"
    r"\bfor this one\b|\b(?:just )?this once\b|"
    # the change at hand, answered: "Don't destroy the tag in the same PR though"
    r"\bthe same (?:pr|pull request|commit|change)\s+though\b|"
    r"\bcurrently (?:working|debugging|fixing|looking)\b|"
    r"\b(?<!we )(?<!they )now (?:run|fix|add|try|let's|do)\b|"
    # ("let's not ...", "let's go back to npm", "let's use npm again" are a rule and a switch
    # back, not a task)
    r"^(?:(?:let's|lets)(?!\s+(?:not|(?:go|switch|move)\s+back\s+to|(?:just\s+)?use\s+[\w.+#-]+\s+again)\b)|"
    r"can you|could you|"
    r"would you|will you|go ahead|try|run|fix|"
    r"look at|check|"
    r"show me|give me|make it|continue|proceed|undo|revert)\b|\bwip\b|\btodo\b|"
    # a task asked of the assistant, or help asked with it: "help me upgrade Django to 5.0"
    r"^(?:please )?(?:help (?:me|us) (?:to )?)?(?:fix|add|implement|refactor|change|look|"
    # (not news passed on: "Update from Marta: ...")
    r"update(?!\s+from\s+(?-i:[A-Z])[\w-]+\s*[:—–])|"
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


# "I'd rather you didn't, thanks", "I'd rather not, let's keep it": no verb after the refusal
_REFUSED = rx.compile(r"(?:i'd|i\s+would|id)\s+rather\s+(?:you\s+(?:didn['’]?t|did\s+not|"
                      r"wouldn['’]?t|would\s+not|not)|not)\s*(?:[,.;!—–-]|$)", _I)


def refused(sentence: str) -> bool:
    """``sentence`` refuses what was offered and asks nothing else ("I'd rather you didn't,
    thanks"): a reply, with nothing to keep."""
    return "rather" in sentence[:16].lower() and _REFUSED.match(
        _FILLER.sub("", sentence.strip())) is not None


def _without_change_of_mind(sentence: str) -> str:
    """``sentence`` without its "I changed my mind:" or "To correct myself," (what the rules of
    what not to save read), or as it is."""
    bare = _FILLER.sub("", sentence.strip())
    if (corrected := corrected_statement(bare)) is not None:
        return corrected
    m = _CHANGED_MIND.match(bare)
    return m["rest"] if m is not None and m["rest"].strip() else sentence


def _code_default(told: str) -> bool:
    """``told`` says only what a piece of the code does by default ("the charges endpoint
    returns 25 items per page by default"), no rule the person draws from it after."""
    m = _CODE_DEFAULT.match(told)
    if m is None:
        return False
    # "..., which hides flaky upstreams, so set retries=0": any clause after may carry it
    for after in re.finditer(r"[,;]|\bso\b", told[m.end():]):
        rule = _AFTER_DEFAULT.match(told, m.end() + after.start())
        if rule is not None and (rule["verb"] is None or rule["verb"].lower() in
                                 _DEFAULT_RULE_VERBS):
            return False
    return True


def _not_to_save(sentence: str, found: _Kind, *, where_code_lives: bool = False) -> str | None:
    """Why ``found``, read in ``sentence``, is not saved (Claude Code's guidance), or None.
    ``where_code_lives``: the sentence says where all the code is, of a project with no file
    (``candidates._ONE_CODEBASE``): no file shows its structure ("All of our code lives in a
    single monorepo.", 'lives in')."""
    if _INJECTION.search(sentence):
        return f"{PLANTED}: never followed or saved"
    if sentence.rstrip().endswith("?"):
        return "a question, not a standing statement"
    if _GIT.search(sentence):
        return "git history: git log and git blame are authoritative"
    if _ONLY_POINTS.match(found.text):
        return POINTS_BACK
    if found.kind == "correction" and _complaint(found.text):
        return "a complaint about how something went, not a correction of the assistant or a rule"
    if found.kind == "correction" and _passing_state(found.text):
        return ("a passing state of things (flaky, broken, down), not a correction of the "
                "assistant or a rule")
    if _DEBUG.search(sentence) and not (
        found.kind in ("prohibition", "preference") and (
            _DEBUG_AS_CONTEXT.search(sentence) or _ALWAYS_OR_NEVER.match(sentence))
    ) and not _INCIDENT_FINDINGS.search(sentence):
        return "a one-off debugging recipe: the fix is in the code"
    if (held := _MEETING_HELD.match(found.text)) and (
            not held["when"].strip() or _a_time_alone(held["when"])):
        return "a meeting already held, with nothing told of it: ephemeral, not a standing fact"
    if found.kind == "plan" and _AWAY_FROM_IT.match(_FILLER.sub("", sentence.strip())):
        return ("the user's own absence from one event: the event stands, and a plan led by "
                "who is away would read as if it were off")
    if found.kind in ("decision", "plan") and _TASK_TAKEN_ON.search(sentence):
        return "ephemeral task state (one piece of work taken on), not a lasting decision"
    if found.kind in ("preference", "fact") and _code_default(_FILLER.sub("", sentence.strip())):
        return "what the code does by default: the project's files show it"
    standing = _STANDING.search(sentence) is not None
    # "Rerun flaky tests before reporting a failure": a rule for every time, whatever its verb
    # ... or set against another way of doing it: "Fix flaky tests instead of skipping them"
    # opens like a task ("Fix ...") but is one for every time
    bare = _FILLER.sub("", sentence.strip())
    lasting = _LASTING.search(sentence) is not None or _standing_imperative(bare) or (
        _instead_of_doing(bare)) or _when_they_are(bare)
    if not standing and not where_code_lives and _STRUCTURE.search(sentence) and not (
            _KEPT_IN_TOOL.search(sentence)):
        return "code structure the project already shows"
    if not standing and found.kind not in ("resource", "switch") and _PATH.search(sentence) and (
            _beside_path(found.text) is None) and not rule_for_every(found, sentence):
        return "file paths the project already shows"
    told = _FILLER.sub("", sentence.strip())
    if found.kind == "switch" and not _LASTING.search(told) and _ONE_OFF_SCOPE.search(told):
        # ("Switch to yarn for today's deploy and from now on": today is where it starts)
        return ("a switch for the work at hand only (this PR, this branch, today), not a "
                "standing one")
    if found.kind == "switch":
        # "I've started using mise instead of tfenv, the version file stays for now": the
        # switch is the first clause, and what stays for a while beside it does not make it pass
        told = _ANY_CLAUSE.split(told, maxsplit=1)[0]
        if "for now" in told.lower() and told.split(" ", 1)[0].lower() not in _ASKS_SWITCH:
            # "We're switching back to flake8 for now, ruff clashes with our hooks": a switch
            # told made holds until it is revisited, "for now" or not ("Switch back to flake8
            # for now" asks for the work at hand)
            told = _FOR_NOW.sub("", told)
    if found.kind in ("resource", "fact") and " for now" in told and (
            address_told_for_now(told) is not None):
        # "The staging URL is https://staging.bramble.dev for now": where a thing is until it
        # moves, a standing fact told as one that may (kept with its words); "For now, comment
        # out the test", "The blocker is JIRA-123 for now" are the work at hand
        told = _FOR_NOW.sub("", told)
    if not lasting and found.kind not in ("identity",) and _EPHEMERAL.search(
        told
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
_COMPLAINT = rx.compile(
    # ("a mess", not "don't mess with"; "a disaster", not "disaster recovery")
    r"\b(?:a|an|such\s+a|real|total|complete|huge|big|major|absolute)\s+(?:pain|nightmare|"
    r"headache|hassle|mess|disaster|struggle)\b|\bpain\s+in\s+the\s+\w+|\b(?:nightmare|headache)s?\b|"
    r"\b(?:painful|annoying|frustrating|terrible|awful|horrible|miserable|clunky|janky)\b|"
    r"\bsuck(?:s|ed)?\b|\b(?:i|we)\s+(?:really\s+)?(?:hate|hated|dislike|can't\s+stand)\b|"
    r"\b(?:struggl(?:e|ed|ing)|fight(?:ing)?|fought|wrestl(?:e|ed|ing))\s+with\b|"
    r"\bgiv(?:es|ing|en)\s+(?:us|me)\s+(?:a\s+lot\s+of\s+|so\s+much\s+)?(?:trouble|grief|"
    r"problems|issues|headaches)\b", _I)


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


# A rule's clause that applies it to the work at hand: "I prefer pure functions over classes —
# don't introduce a Formatter class for this". The rule holds beyond it; the clause is only an
# example of it, and in the rule it would read as if the rule were about that class.
_APPLIED = rx.compile(r"\s*(?:;|\s[—–]\s|\s-\s|,\s+so\s+)\s*(?P<tail>[^;—–]+?)[.!]*$", _I)
# ... said with words that tie it to the task ("here" alone may be the project: not those)
_HERE = rx.compile(r"\s+(?:for\s+(?:this|that|now)(?:\s+one)?|this\s+time|right\s+now|"
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


# ... of any verb, with nothing after but a filler: "Don't write it anywhere" (said of a token
# pasted in another message), "Never push that again"; not of memory ("don't save that")
_ONLY_POINTS = rx.compile(
    r"^(?:please\s+)?(?:(?:don't|do not|never|stop)\s+(?:do(?:ing)?\s+|(?!(?:save|remember|"
    r"memori[sz]e|record|note|store|keep|mind|worry|bother|forget)\b)[a-z]+\s+(?=(?:that|this|it)"
    r"(?:\s+(?:again|anywhere|ever|at\s+all|anymore|either))*[.!]*$))?|revert\s+|undo\s+)"
    r"(?:that|this|it)\b(?:\s+(?:again|anywhere|ever|at\s+all|anymore|either))*"
    r"(?:[,;]\s+.*)?[.!]*$", _I)
POINTS_BACK = "says nothing without the conversation it points back at ('that', 'this')"
# ... said where nothing before it in the message tells what "it" is: an earlier reply of the
# assistant's, which the local engine never reads
NOT_SAID_HERE = ("refers to something not said here (what 'it' or 'that' points back at: an "
                 "earlier reply, maybe); not saved (say it in full, or as 'Remember: ...', to "
                 "keep it)")
# A rule, a preference or an ask whose only object is a word pointing away: "Keep it.",
# "Always do that.", "Please keep doing this.", "I prefer it that way.", "Never do so.". Not
# when more is said after it ("Keep it short", "Do that in Python, not Bash", "Never commit it
# to main", "Never do that again: force-push to main"): what follows is the rule.
_ONLY_A_POINTER = rx.compile(
    r"^(?:(?:yes|yeah|yep|yup|ok(?:ay)?|sure|great|perfect|good|nice|cool|right|exactly|"
    r"and|so|then|also|just|please|actually|no)\b[\s,.!—–-]*)*"
    r"(?:(?:the\s+user|i|we)\s+)?"
    r"(?:(?:always|never|just|please|also|don['’]?t|do\s+not|stop|keep|continue|avoid|"
    r"(?:from\s+now\s+on|going\s+forward|in\s+(?:the\s+)?future|by\s+default|every\s*time|"
    r"each\s+time)\b[\s,]*)\s*)*"
    r"(?!(?:is|are|was|were|be|been|not|that|this|it|so|the)\b)[a-z]+\s+"
    r"(?:(?:it|that|this|them|those|these|so|the\s+same(?:\s+thing)?|(?:that|this)\s+one)"
    r"(?:\s+(?:(?:that|this|the\s+same)\s+way|like\s+(?:that|this)))?"
    r"|(?:that|this|the\s+same)\s+way|like\s+(?:that|this))"
    r"(?:[\s,]+(?:again|too|as\s+well|any\s*more|ever|always|from\s+now\s+on|going\s+forward|"
    r"in\s+(?:the\s+)?future|every\s*time|each\s+time|please|then|instead|for\s+me))*"
    r"\s*[.!]*$", _I)


def only_a_pointer(said: str) -> bool:
    """``said`` asks or prefers nothing but what "it", "that" or "the same" points at ("Keep
    it.", "Always do that.", "Stop doing that.", "I like it that way.")."""
    return _ONLY_A_POINTER.match(said.strip()) is not None


_ONE_OFF = rx.compile(r"\bflaky\b|\bre-?ran\b|\bre-?run\b|\bsession note\b|\bthis session\b",
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
