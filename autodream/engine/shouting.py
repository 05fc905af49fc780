"""A sentence said all in capitals ("ALWAYS RUN THE LINTER BEFORE PUSHING."), read and kept in
the case memory is written in, with the words that are names or acronyms kept as they are
written elsewhere ("NEVER MERGE A PR WITHOUT CI PASSING, ASK MARIA." is kept as "Never merge a
PR without CI passing, ask Maria.", Maria spelt so in another message or in memory). Only a
word known to be common English is lowered; any other is taken for a name and Capitalised
("ASK JOHN", "USE TERRAFORM", "USE PYTHON 3.12": 'John', 'Terraform', 'Python'), so no name is
lost unseen and the readers of tools and versions see what they see in a sentence typed so."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from autodream import rx
from autodream.engine.text import CALENDAR_WORDS, STOPWORDS, word_set

# Acronyms a person writes in capitals whatever else they write, kept without being seen
# elsewhere: the ones development talk is full of, each lowered into a word of another meaning
# or none ("pr", "ci", "api"); a list this short only errs where a word of it is meant as a
# word, and none of them is one
KNOWN_ACRONYMS = frozenset({
    "API", "AWS", "CI", "CLI", "CPU", "CSS", "CSV", "DNS", "GCP", "GPU", "HTML",
    "HTTP", "HTTPS", "JSON", "JWT", "MR", "PR", "QA", "SDK", "SQL", "SSH", "SSO",
    "TLS", "UI", "URL", "UX", "VPN", "YAML"})

# The most common words of English prose (of its thousand most frequent, those not as often a
# name: "black", "may", "congress" are left out)
_PLAIN_ENGLISH = word_set(
    """ability able accept according account across act activity actually address admit adult
    affect age agency agent agree air allow almost alone along although among amount analysis
    animal answer appear apply approach area argue arm arrive art article artist attack
    attention attorney audience author authority available away baby bag ball bank bar base
    beat beautiful become bed begin behavior behind believe benefit beyond billion blood blue
    board body book born box boy break bring brother budget building business buy camera
    campaign cancer candidate capital car card care career carry case catch cause cell center
    central century certain certainly chair challenge chance character charge child choice
    church citizen city civil claim clearly coach cold collection college color commercial
    community compare computer concern condition conference consider consumer contain control
    country couple course court cover crime cultural culture cup dark daughter dead deal death
    debate decade decision deep defense degree describe despite determine die difference
    difficult dinner direction director discover discuss discussion disease doctor dog door
    draw dream drive drug east eat economic economy edge education effect effort eight
    election employee energy enjoy enter entire environmental especially establish evidence
    exactly executive exist experience expert eye face fact factor fall family far father fear
    federal feel feeling fight figure film finally financial finger fire firm fish five floor
    fly food foot foreign form former forward four friend front fund game garden gas
    generation girl glass government great ground grow growth gun guy hair hand hang happy hear
    heart heat heavy herself himself history hit hope hospital hotel house huge human hundred
    husband identify imagine impact improve including increase indeed indicate individual
    industry information institution interest interesting international interview investment
    involve kid kill kitchen knowledge land language laugh law lawyer lay leader learn least
    leg legal letter lie life light likely machine magazine major majority man market marriage
    material matter measure media medical meet member middle military million minute mission
    modern moment money mother mouth movement movie music nation national natural nature near
    nearly necessary news newspaper nor north notice occur offer officer official oh oil onto
    operation opportunity organization others pain painting parent participant particular
    particularly party past patient pattern pay peace perform perhaps period personal phone
    physical picture piece plant play player police political politics poor popular population
    position positive power practice prepare present president pressure pretty prevent problem
    produce professional professor program property protect prove provide purpose quality
    quickly race radio range rate reach reality realize recently recognize reflect region
    relate relationship religious remain represent research respond responsibility reveal rich
    rise risk road rock room school science scientist score sea season seat section seek seem
    sell senior sense series serious serve seven several shake shoot shot shoulder significant
    similar simply sing sister sit situation six skill skin smile social society soldier
    somebody son song sound south southern speak special specific speech spend sport spring
    staff stand standard star station stock story strategy street strong structure student
    study stuff subject success successful suddenly suffer suggest summer surface tax teach
    teacher technology television ten tend term thank themselves theory threat throughout
    throw thus tonight total tough toward town trade traditional training travel treat
    treatment tree trial trouble true truth unit upon us various victim violence visit voice
    vote walk wall war water weapon wear weight west western whatever white whole whose wide
    wife wind wish woman wonder world writer yard yeah young"""
)
# Words written in lower case in development talk, lowered in a shouted sentence (with the
# stopwords, and each one's -s, -ed, -ing, -er and -ly forms: ``_common``); any word not here is
# Capitalised as a name. Kept to plain English: a word that names a tool or a product as often
# as not ("node", "go", "rust", "action", "python") is left out, so it reads as the name it
# would be in a sentence typed in mixed case (a lowered name is lost to the readers of tools
# and versions; a common word Capitalised is only a capital too many)
COMMON_WORDS = word_set(
    """able accept access account across act add address admin after afternoon again against
    ago agree alert alias all allow alone along already also alternative although always amount
    another answer anyone anything anyway anywhere app application apply approach approve area
    argument around array ask assign assume attach attempt author auto automatic available
    avoid away back backend backup bad base basic batch before begin behind behaviour behavior
    believe below benchmark beside best better between beyond big bit block board body boot
    both bottom box branch break bring broken browser bucket bug build bump bundle busy button
    cache call can't cancel care careful case catch cause central chain change changelog channel
    chat cheap check checklist choose chunk clean clear click client close cloud code column
    come command comment commit common company compile compiler complete config configure
    confirm console constant contain container content context continue copy core correct
    correction cost could couldn't count cover crash create credential critical cron current
    customer cut daily dashboard data database date day db deadline deal debug decide default
    define delete deliver demo depend dependency deploy deployment describe design designer
    desktop detail dev develop developer development diff different dir directory disable disk
    do doc docs document documentation doesn't domain don't done double down download draft
    drop due during each early easy edit editor either else email empty enable end endpoint
    engineer enough ensure entry env environment error even evening event ever every
    everyone everything everywhere example except expect expensive explain expose external
    extra fail failure false fast feature feedback fetch field file fill final find fine
    finish first fix flag flaky folder follow force fork format formatter forget free frontend
    full function future general get give global go goal good green group guess guide half
    handle happen hard hardcode has hasn't have haven't head header health help here high hold
    home hook host hot hour however idea ignore image important include index info inside
    install instance instead internal interface into invoice isn't issue item job join just
    keep key kind know label large last late later latest launch layer lead leak leave left
    length less let level library like limit line lint linter list little live load local lock
    log login logic long look loop lot low main maintain make manage manager manual many map
    master match maybe mean meeting memory mention merge message method might migrate migration
    mind minute miss mobile mock mode model module month more morning move much must mustn't
    name need network never new next nice night nobody none note nothing notify number object
    off office often old on-call oncall once one only open option order origin other ours
    outside output over owner package page paid pair part pass password paste patch path
    people per performance permission person pick pin ping pipeline place plan please point
    policy port possible post prefer preference previous price print private probably process
    prod production project public pull push put query question queue quick quiet quite raise
    rather read ready real really reason rebase recent record red reduce refactor release
    remember remote remove rename reply repo report repository request require required reset
    resource response rest restart restore result retry return review reviewer right role
    rollback root row rule run safe same save say schedule schema scope script search second
    secret security see send server service session set setting setup share shell ship short
    should shouldn't show side sign simple since single site size skip slow small soft some
    someone something sometimes soon sort source space speed split sprint squash stable stack
    stage staging standup start state status stay step still stop storage store strict string
    style support sure switch sync system tab table tag take talk task team tell temporary
    terminal test than thing think third though thread three ticket time timeout today
    together token tomorrow tool top touch track trunk try turn two type under unless unsafe
    unsure until update upgrade upload upstream urgent usage use user usual usually valid
    validate value variable verify version via view wait want warning wasn't watch way week
    weekend weekly well weren't whether width window within without won't word work worker
    worry worse worst would wouldn't write wrong year yesterday yet zero
    aren't didn't that's there's they'll they're they've we'll we've what's you'll you're you've
    almost amount anybody become began begun bought brought built came chose chosen decided
    fell felt forgot forgotten found gave given gone got gotten held hurt kept knew
    known led left lose lost made meant met paid ran said saw seen sent shut sold spent stood
    taken thought told took understand understood went win won wrote written
    ahead align analytics artifact assert audit authenticate bugfix chart checkout class
    cluster codebase connection docstring earlier experiment explanation explicit export
    focus freeze functional gateway generate grant handler hint idiom imperative incident
    indentation instruction intro introduce keystroke laptop lockfile lying maintenance
    median metric mistake mood namespace native naive neither noon non obvious otherwise
    paginate panel parser partition pause payment perf platform profile pure quarter raw
    reconcile reconciliation recover refund reflow reformat replace resume retro rollout
    rotation route runbook sandbox slip spare spot statement stats suite summarize summary
    tidy triage union vacation warehouse workflow biweekly listen fresh trip bill loss paper
    direct conversation burn broke product nine partner management sanity meetup backoff"""
) | _PLAIN_ENGLISH | STOPWORDS
# ... of them, the ones that name a language too: a name before a figure ("USE GO 1.22": 'Use
# Go 1.22', read as the version it is; "LET'S GO WITH REDIS" is a word)
_ALSO_NAMES = frozenset({"go"})
_BEFORE_FIGURE = rx.compile(r"\s+v?\d")
# (the forms a common word takes: "pushing", "merged", "runs", "tries", "linters", "quickly")
_FORMS = (("ing", ""), ("ing", "e"), ("ed", ""), ("ed", "e"), ("ied", "y"), ("ies", "y"),
          ("es", ""), ("s", ""), ("ers", ""), ("er", ""), ("er", "e"), ("ly", ""), ("'s", ""),
          ("’s", ""))

# A word as memory or a message writes it, and where it stands: at the start of a sentence or
# line (where any word has a capital) or within one
_WORD = rx.compile(r"(?P<start>^[^A-Za-z]*|[.!?:][*_)\]\"'’]*\s+)?(?P<word>[A-Za-z][A-Za-z'’]*)"
                   r"(?![\w.-]*\d)")
# ... in a shouted sentence: a redaction mark, a token with a figure or an underscore (an
# identifier, "NODE_ENV", "S3"), a dotted name ("STG3.EXAMPLE.COM"), or a word of letters
_SHOUTED_TOKEN = rx.compile(
    r"(?P<mark>\[REDACTED:[\w-]+\])|(?P<dotted>[\w-]+(?:\.[\w-]+)+)|(?P<ident>[\w'’-]*[\d_][\w'’-]*)"
    r"|(?P<word>[A-Z][A-Z'’]*(?:-[A-Z][A-Z'’]*)*)\b")
_MARK = rx.compile(r"\[REDACTED:[\w-]+\]")
# ... a word that starts a sentence is a name where a verb follows it as its subject's
# ("Maria owns the checklist", "Maria asked for ..."): "Use tabs", "Deploy on Fridays" start
# with a verb, and any sentence's first word has a capital
_SUBJECT_VERB = rx.compile(
    r"(?:is|was|will|would|can|could|should|must|has|had|does|did|says|said|asked|asks|owns|"
    r"leads|runs|handles|reviews|approves|knows|wants|needs|maintains|manages|[a-z]+ed)")
_LETTER = rx.compile(r"[A-Za-z]")
_MIN_SHOUTED_WORDS = 3  # ("NEVER." or "LGTM": too little to tell shouting from names)


def shouted(sentence: str) -> bool:
    """``sentence`` is all in capitals, three words or more of letters ("ALWAYS RUN THE
    LINTER."); one with a word in lower case is as said (its capitals are names)."""
    bare = _MARK.sub("", sentence)
    if any(ch.islower() for ch in bare):
        return False
    return sum(1 for m in _SHOUTED_TOKEN.finditer(bare) if m["word"]) >= _MIN_SHOUTED_WORDS


@dataclass
class Names:
    """The words read written with capitals in what is not shouted, as written: a word within
    a sentence ("ask Maria", "open a PR"), or one at a sentence's start that a verb follows
    and is never written in lower case ("Maria owns the checklist"; "Use tabs" is not)."""

    within: dict[str, str] = field(default_factory=dict)
    first: dict[str, str] = field(default_factory=dict)
    lower: set[str] = field(default_factory=set)

    def learn(self, text: str, *, starts: bool = True) -> bool:
        """Take in ``text``'s words (its shouted sentences left out); ``starts``: a word at a
        sentence's start may be a name (a person's message; memory's lines start with any
        word). True when a word came to be known as a name."""
        before = len(self.within) + len(self.first)
        for line in text.splitlines():
            if shouted(line):
                continue
            said = list(_WORD.finditer(line))
            # (a line with three words in capitals or more holds some shouted: "name: ALWAYS
            # RUN THE LINTER" of a memory written before; none of them is told an acronym)
            capitals = sum(1 for m in said if m["word"].isupper() and len(m["word"]) > 1)
            for at, m in enumerate(said):
                word = m["word"]
                low = word.lower()
                if word == low:
                    self.lower.add(low)
                elif word.isupper() and len(word) > 1:
                    if capitals < _MIN_SHOUTED_WORDS:
                        self.within.setdefault(low, word)
                elif m["start"] is None:
                    self.within.setdefault(low, word)
                elif starts and low not in STOPWORDS and at + 1 < len(said) and (
                        line[m.end():said[at + 1].start()].isspace()) and (
                        _SUBJECT_VERB.fullmatch(said[at + 1]["word"])):
                    self.first.setdefault(low, word)
        return len(self.within) + len(self.first) > before

    def form(self, low: str) -> str | None:
        """How the word ``low`` is written as a name, or None: it is a word."""
        if low.upper() in KNOWN_ACRONYMS:
            return low.upper()
        if low[-1:] == "s" and low[:-1].upper() in KNOWN_ACRONYMS:
            return low[:-1].upper() + "s"  # ("PRs", "APIs")
        if low in self.within:
            return self.within[low]
        if low in self.first and low not in self.lower:
            return self.first[low]
        return None


def _common(low: str) -> bool:
    """``low`` is a common English word or one of its forms ("committing", "linters")."""
    low = low.replace("’", "'")
    if low in COMMON_WORDS:
        return True
    for ending, base in _FORMS:
        if low.endswith(ending) and len(low) > len(ending) + 1:
            stem = low[:-len(ending)]
            # ("committing", "stopped": the consonant doubled before the ending)
            if stem + base in COMMON_WORDS or (
                    not base and stem[-1] == stem[-2:-1] and stem[:-1] in COMMON_WORDS):
                return True
    return False


def _cased(low: str) -> str:
    """``low`` as a shouted sentence is kept in: lowered if a common word, else a name."""
    parts = low.split("-")
    if len(parts) > 1 and all(parts):
        # ("FORCE-PUSH", "ON-CALL" lowered; "PRE-COMMIT" a word, "TERRAFORM-MANAGED" a name's)
        if _common(low):
            return low
        return "-".join(_cased(part) for part in parts)
    if _common(low):
        return low
    return low[:1].upper() + low[1:]


def calmed(sentence: str, names: Names) -> tuple[str, frozenset[str]]:
    """``sentence``, shouted, in sentence case: a name or an acronym as ``names`` writes it, a
    day's or a month's name and "I" with their capital, an identifier as it is written, a
    common word in lower case and any other Capitalised, as a name; and the words so guessed
    (one may be learnt as a name later: ``recased``)."""
    lowered: set[str] = set()

    def calm(m: re.Match[str]) -> str:
        if m["mark"] or m["ident"]:
            return m[0]
        if m["dotted"]:
            return m[0].lower()  # (a host's name has no case: "stg3.example.com")
        low = m[0].lower()
        if (named := names.form(low)) is not None:
            return named
        if low in CALENDAR_WORDS or low.removesuffix("s") in CALENDAR_WORDS or (
                low == "i" or low[:2] in ("i'", "i’")):
            return low.capitalize()
        lowered.add(low)
        if low in _ALSO_NAMES and _BEFORE_FIGURE.match(m.string, m.end()):
            return low.capitalize()
        return _cased(low)

    calm_text = _SHOUTED_TOKEN.sub(calm, sentence)
    lead = _LETTER.search(calm_text)
    if lead is not None:
        calm_text = calm_text[:lead.start()] + calm_text[lead.start()].upper() + (
            calm_text[lead.start() + 1:])
    return calm_text, frozenset(lowered)


def recased(text: str, lowered: frozenset[str], names: Names) -> str:
    """``text``, made from a shouted sentence with ``lowered`` guessed, with those of them
    ``names`` has since learnt as names written as names ("Use Github" once "GitHub" is read)."""
    for low in sorted(lowered):
        named = names.form(low)
        if named is None or low not in text.lower():
            continue
        # (built from the word: re's own, never kept in the cache of module-level patterns)
        text = re.compile(rf"(?<![\w'’-])(?:{re.escape(low)}|{re.escape(low.capitalize())})"
                          rf"(?![\w'’-])").sub(named, text)
    return text
