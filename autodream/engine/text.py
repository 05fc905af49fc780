"""Text helpers of the engine: sentences, tokens, similarity, slugs. Pure and deterministic."""

from __future__ import annotations

import difflib
import re
from collections import Counter
from collections.abc import Callable, Iterable
from functools import lru_cache

from autodream import rx
from autodream.engine.informal import plain_spelling

_SENTENCE_END = rx.compile(r"(?<=[.!?])\s+(?=[\"'(\[]?[A-Za-z0-9])")
# In a line typed in lower case, what goes on the sentence before rather than start one: an
# example or a reason ("... e.g. ...", "... because ...")
_GOES_ON = rx.compile(r"(?:because|since|which|as|e\.g|i\.e|for example|such as|except|unless|"
                      r"otherwise|or)\b")
# ... unless it points back at the sentence before, which says what it is about ("... lives in
# config/settings.py. never edit it by hand", "... at 9.30 every day. dont book anything then")
_POINTS_BACK = rx.compile(r"^(?:\S+\s+){0,4}?(?:it|its|them|they|that|this|those|these|then|there|"
                          r"he|she|him|her)\b")
# A stop that ends a word, not a sentence, before a word in lower case: "e.g. pytest", "at 9
# a.m. daily", "etc. and" (a person typing in lower case starts sentences so too)
_ABBREVIATION = rx.compile(
    r"(?:(?<![\w.])[a-z]\.[a-z]\.|(?<![\w.])(?:etc|vs|approx|cf|incl|misc|resp|al|sec|fig|ca|esp|"
    r"dept|mr|mrs|ms|dr|jr|sr|e\.g|i\.e|w/o|pp|yrs?|wks?|hrs?|mins?|avg|std|req)\.)$", re.I)
# how far before a sentence's end an abbreviation may start: its longest word ("approx"), its
# stop and a character before it (what its lookbehind reads is read wherever the search starts).
# Searched from the start instead, a line of 'ignore that. ' x 1,500, each sentence joined to
# the one before, read all it had joined again for each: 0.27 s for 20,000 characters, 4x
_ABBREVIATION_REACH = max(map(len, rx.compile(r"[a-z]+").findall(_ABBREVIATION.pattern))) + 2
# ... and one that never ends a sentence, whatever case follows: a title before a name ("Prof.
# Okafor", "Dr. Lee", "at St. Mary's", not "on Main St."), an example or a comparison ("e.g.
# Postgres", "vs. MySQL")
_BEFORE_A_NAME = rx.compile(
    r"(?<![\w.])(?:prof|dr|mr|mrs|ms|vs|approx|cf|incl|e\.g|i\.e)\.$"
    r"|(?:^|(?-i:(?<=\s[a-z]{2})|(?<=\s[a-z]{3})|(?<=\s[a-z]{4}))\s)st\.$", re.I)
_FENCE = rx.compile(r"```.*?(?:```|\Z)", re.S)
_WORD = rx.compile(r"[a-z0-9][a-z0-9+#._-]*[a-z0-9+#]|[a-z0-9]")

# inline code and a parenthesis, whose colons and semicolons break no clause ("Stop adding
# `# type: ignore` comments", "Conventional Commits (feat:, fix:, ...)"); an address in one is
# left to the caller
_SPAN = rx.compile(r"`[^`]*`|\((?![^()]*://)[^()]*\)")


class ReadingBudget:
    """How many characters the clauses of one sentence may still be read for, all together.
    Each clause is read with all of the sentence past it (for a plan, for an upgrade and whether
    it was undone), so with no bound a pasted line of n clauses costs n times its length:
    seconds, 4x for twice the line. The bound is ``free`` characters, far past a sentence a
    person types, or ``per_sentence_char`` characters for each of the sentence's when that is
    more: a long paste is read that many times over, linear in its length."""

    def __init__(self, sentence: str, free: int, per_sentence_char: int) -> None:
        self.left = max(free, per_sentence_char * len(sentence))

    def spend(self, chars: int) -> bool:
        """Count ``chars`` as read: whether the bound still holds (when not, read no more)."""
        self.left -= chars
        return self.left >= 0


def split_outside_spans(pattern: re.Pattern[str], text: str, maxsplit: int = 0) -> list[str]:
    """``pattern.split(text)`` (a pattern with no groups) with no split inside inline code or a
    parenthesis."""
    if "`" not in text and "(" not in text:
        return pattern.split(text, maxsplit)
    masked = _SPAN.sub(lambda m: "x" * len(m[0]), text)
    parts: list[str] = []
    start = 0
    for m in pattern.finditer(masked):
        if maxsplit and len(parts) == maxsplit:
            break
        parts.append(text[start:m.start()])
        start = m.end()
    parts.append(text[start:])
    return parts


# One weekday in a pattern (flagged re.I where a capital may start it)
WEEKDAY_NAME = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day"


def word_set(text: str) -> frozenset[str]:
    return frozenset(text.split())


STOPWORDS: frozenset[str] = word_set(
    """a about above after again all also am an and any are as at be because been before being
    below between both but by can could did do does doing down during each few for from further
    had has have having he her here hers him his how i i'd i'm if in into is it it's its itself
    just let's me more most my myself no nor not now of off on once only or other our ours out
    over own please same she should so some such than that the their them then there these they
    this those through to too under until up very was we we're were what when where which while
    who whom why will with would you your yours yourself okay ok yes hey hi thanks thank"""
)


# Words English is hardly written without, and those a rule is said with: a sentence holding
# one is English to the local engine, whatever names or words of other languages it holds
# ("Use café as the cache dir name", "Keep 日本語 comments as they are")
_ENGLISH_WORDS = STOPWORDS | word_set(
    """always never use prefer don't dont doesn't isn't won't can't must need remember keep run
    make add avoid instead rather stop""")
# Words of the languages a person most often writes in instead (French, German, Spanish,
# Italian, Portuguese, Dutch) that are no English word nor a part of an address or a command
# ("io", "com", "es", "du", "est" are left out): with none of English's, one of them tells such
# a sentence from a bare name or term ("Müller owns billing")
_OTHER_LANGUAGE_WORDS = word_set(
    """le les des une et dans pour avec pas ne toujours jamais ce cette je nous vous à
    der das und ist nicht für bitte immer nie statt ich wir ein eine keine
    los las por para siempre nunca que una nosotros
    di che sempre mai gli noi
    não uma
    het een niet altijd nooit gebruik""")
_LETTERS = rx.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?")


def not_english(sentence: str) -> bool:
    """``sentence`` is in a language the local engine does not read: most of its letters are
    not ASCII ("コミットメッセージは必ず英語で書いてください。"), or it holds no English word
    but a word of another language in lower case ("Bitte verwende immer Tabs statt
    Leerzeichen.") or two lower-case words with letters English does not have. A name or a word
    of another language in an English sentence leaves it English ("Use café as the cache dir
    name", "Los Angeles office.")."""
    words: list[str] = _LETTERS.findall(sentence)
    letters = sum(len(word) for word in words)
    if letters < 4:
        return False
    if 2 * sum(not letter.isascii() for word in words for letter in word) > letters:
        return True
    lowered = [word.lower() for word in words]
    if any(word in _ENGLISH_WORDS for word in lowered):
        return False
    # (in lower case only, as such a word stands mid-sentence: a capital is a name, "Los
    # Angeles office.", "Le Monde article.", "Das Boot.")
    if any(word in _OTHER_LANGUAGE_WORDS for word in words):
        return True
    # (one is a word borrowed, "café notes.md", and a capital a name, "Müller owns billing")
    return sum(not word.isascii() and word.islower() for word in words) >= 2


def opening_words(sentence: str, count: int = 3) -> str:
    """The first ``count`` words of ``sentence`` and "…", while each is letters alone (a comma
    after it kept; one ending in a colon or an equals sign is the last): what a sentence the
    engine cannot read is listed by. Its words are read by no rule that finds a secret, so a
    value said in them is cut off with the rest ("Das Passwort für staging ist Xk9plq2291." is
    "Das Passwort für …", "Mot de passe staging = Xk9plq2291" "Mot de passe …"); "…" alone when
    its first word is no such word ("コミットメッセージは…。" is one word, ending in a stop)."""
    shown: list[str] = []
    for word in sentence.split()[:count]:
        letters = word.rstrip(",:=")
        if not letters.isalpha() or len(letters) > 20:
            break
        shown.append(word)
        if word.endswith((":", "=")):
            break
    return " ".join([*shown, "…"])


def strip_code(text: str) -> str:
    """Text without fenced code blocks: code the person pasted is not a statement about them."""
    return _FENCE.sub(" ", text)


# A person's title joins only a name after it: a sentence goes on after "the Dr." or
# before a word that opens one ("I'll ask the Dr. We should ...", "Check with Prof. Don't ...")
_PERSON_TITLES = frozenset(("prof.", "dr.", "mr.", "mrs.", "ms."))
_OPENS_A_SENTENCE = word_set("always never don't dont do does use make stop avoid keep run check "
                             "try add remove put write let's lets can could would should must")


def _names_after(before: str, title: str, after: str) -> bool:
    """``title`` (ending ``before``) joins ``after``: it is no person's title, or ``after``
    begins with a name."""
    if title.lower() not in _PERSON_TITLES:
        return True
    if before.rstrip().lower().endswith((" the", " a")) or before.strip().lower() in ("the", "a"):
        return False
    word = after.split(" ", 1)[0].strip("\"'(,;:")
    low = word.lower()
    return word[:1].isupper() and low not in STOPWORDS and low not in _OPENS_A_SENTENCE and (
        not low.endswith(("n't", "'ll", "'re", "'ve", "'d", "'m")))


def sentences(text: str) -> list[str]:
    """Sentences of a message, one per line or sentence end; whitespace collapsed."""
    out: list[str] = []
    for line in strip_code(text).splitlines():
        line = line.strip().lstrip("-*>•").strip()
        if not line:
            continue
        said: list[str] = []
        # a line begun in lower case is typed so throughout, and its sentences start so too; in
        # one begun with a capital, a stop before a word in lower case ends a name or an
        # abbreviation ("Don't add pandas. csvstat must stay ...")
        lower = line[:1].islower()
        for part in _SENTENCE_END.split(line):
            if said and ((part[:1].islower() and (not lower or _ABBREVIATION.search(
                    said[-1], max(0, len(said[-1]) - _ABBREVIATION_REACH)) or (
                    _GOES_ON.match(part)) or _POINTS_BACK.search(part))) or (
                    (title := _BEFORE_A_NAME.search(said[-1], max(0, len(said[-1]) - 10)))
                    and _names_after(said[-1][:title.start()], title[0], part))):
                said[-1] += " " + part
            else:
                said.append(part)
        out.extend(part for part in (" ".join(part.split()) for part in said) if part)
    return out


@lru_cache(maxsize=32_768)
def normalize(text: str) -> str:
    return " ".join(_WORD.findall(plain_spelling(text).lower()))


def _stem(word: str) -> str:
    for suffix in ("ing", "ed", "es", "s"):
        if len(word) > len(suffix) + 3 and word.endswith(suffix):
            return word[: -len(suffix)]
    return word


@lru_cache(maxsize=32_768)
def tokens(text: str) -> frozenset[str]:
    """Content words, lightly stemmed: the ground for fuzzy matching."""
    # read as meant: "dont" is "don't", as a person typing fast may have written either
    return frozenset(_stem(w) for w in _spelled_out(_WORD.findall(plain_spelling(text).lower()))
                     if w not in STOPWORDS)


def first_token(word: str) -> str:
    """The first of ``tokens(word)`` as the word reads, "" where it has none: "release/deploy"
    is "release" in every run (an element taken from the frozenset followed the hash seed)."""
    for w in _spelled_out(_WORD.findall(plain_spelling(word).lower())):
        if w not in STOPWORDS:
            return _stem(w)
    return ""


# Short names of a few tools versions are said with, as written out: "pg16", "pg 16",
# "Postgres16" are "postgres 16" ("py3.12" is "python 3.12", "k8s" is "kubernetes"), for a plan
# told in one to meet its entry told in the other. A bare "py" is a file's suffix, not Python.
_SHORT_NAME = {"pg": "postgres", "postgresql": "postgres", "psql": "postgres", "py": "python",
               "k8s": "kubernetes"}
_NAME_VERSION = rx.compile(r"(pg|postgres(?:ql)?|py(?:thon)?|k8s|node)(\d+(?:\.\d+)*)$")


def _spelled_out(words: list[str]) -> list[str]:
    out: list[str] = []
    for w in words:
        if w[0] in "pkn" and (m := _NAME_VERSION.match(w)) is not None:
            out += [_SHORT_NAME.get(m[1], m[1]), m[2]]
        else:
            out.append(_SHORT_NAME.get(w, w) if w != "py" else w)
    return out


def dice(a: frozenset[str], b: frozenset[str]) -> float:
    if not a or not b:
        return 0.0
    return 2 * len(a & b) / (len(a) + len(b))


# A string meets many others; each entry is a dict, so the cache stays smaller than normalize's.
@lru_cache(maxsize=4_096)
def _letter_counts(text: str) -> Counter[str]:
    return Counter(text)


def _quick_ratio(na: str, nb: str) -> float:
    """difflib's ``quick_ratio`` of two non-empty strings, the same float: the letters they
    share regardless of order. No ``ratio`` can exceed it, and counting from cached letter counts
    costs a fraction of difflib's own pass over both strings."""
    counts_a, counts_b = _letter_counts(na), _letter_counts(nb)
    get = counts_b.get
    shared = 0
    for letter, n in counts_a.items():
        m = get(letter)
        if m:
            shared += n if n < m else m
    return 2.0 * shared / (len(na) + len(nb))


@lru_cache(maxsize=65_536)  # pure; a dream compares the same pairs ~10x over (difflib is slow)
def similarity(a: str, b: str) -> float:
    """Token-set overlap (Dice), or difflib's ratio on normalised text when that is higher."""
    score = dice(tokens(a), tokens(b))
    if similarity_bound(a, b) <= score:
        return score  # difflib's ratio cannot beat it
    return max(score, difflib.SequenceMatcher(None, normalize(a), normalize(b),
                                              autojunk=False).ratio())


def similarity_bound(a: str, b: str) -> float:
    """A ceiling of ``similarity(a, b)`` that needs no difflib (``ratio`` never exceeds
    ``quick_ratio``): a pair whose ceiling is below what a caller needs is settled unseen."""
    score = dice(tokens(a), tokens(b))
    if score >= 0.99:
        return score
    na, nb = normalize(a), normalize(b)
    if not na or not nb:
        return score
    return max(score, _quick_ratio(na, nb))


def similarity_ceiling(a: str, b: str) -> float:
    """A ceiling of ``similarity(a, b)`` closer than ``similarity_bound``'s, still without
    difflib: the characters of difflib's matching blocks are a subsequence common to both, so
    no ``ratio`` exceeds the longest one's share. Worth its cost where most pairs asked fall
    short (a candidate against every entry of a long memory)."""
    score = dice(tokens(a), tokens(b))
    na, nb = normalize(a), normalize(b)
    if not na or not nb:
        return score
    return max(score, 2.0 * _common_subsequence(na, nb) / (len(na) + len(nb)))


@lru_cache(maxsize=4_096)
def _char_masks(text: str) -> dict[str, int]:
    masks: dict[str, int] = {}
    for i, ch in enumerate(text):
        masks[ch] = masks.get(ch, 0) | 1 << i
    return masks


def _common_subsequence(a: str, b: str) -> int:
    """The length of the longest subsequence common to ``a`` and ``b``, a row of the table at
    a time in the bits of one integer (Hyyrö's bit-parallel form of the dynamic program)."""
    masks = _char_masks(a)
    full = (1 << len(a)) - 1
    row = full
    for ch in b:
        matched = row & masks.get(ch, 0)
        row = ((row + matched) | (row - matched)) & full
    return len(a) - bin(row).count("1")


def similar(a: str, b: str, threshold: float) -> bool:
    """``similarity(a, b) >= threshold``, with difflib run only when the ceiling allows it."""
    return similarity_bound(a, b) >= threshold and similarity(a, b) >= threshold


def has_word(text: str, word: str) -> bool:
    return re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text, flags=re.I) is not None


# How something is, not what was chosen: "the build went from slow to fast" updates an entry saying
# it is slow, but is no memory of its own ("from manual to automatic" is a choice, so only words
# that rate or describe a state are here).
STATE_WORDS = word_set(
    """slow fast faster slower quick quicker good bad better worse best worst red green yellow
    broken working fixed flaky stable unstable small smaller big bigger large larger huge tiny
    high higher low lower easy easier hard harder cheap cheaper expensive simple complex messy
    clean cleaner fine ok okay great terrible painful smooth hot cold empty full zero
    dozens hundreds thousands minutes hours seconds days weeks""")


# A switch told as an event that happened: in a statement, what follows it is a follow-up ("We
# switched to Postgres; the old MySQL box goes away next Friday"); an entry telling of one is
# never rewritten in place, since with the names swapped it would tell of a switch that did not
# happen ("We reverted to npm" is not "We reverted to yarn").
TELLS_SWITCH = rx.compile(
    r"\b(?:switched|moved|migrated|went|changed|replaced|reverted|returned|ditched|swapped|"
    r"upgraded|downgraded|bumped)\b", re.I)


# Where a thing is, not what it is: a URL, a host with a path ("notion.so/acme/runbook") or
# a host of three parts or more ("confluence.acme.io"). "Fly.io" alone is a name.
_URL = r"https?://[^\s<>\"')\]]+"
_HOST_AND_PATH = r"(?:[a-z0-9-]+\.)+[a-z]{2,}/[^\s<>\"')\]]*"
_HOST_OF_THREE = r"(?:[a-z0-9-]+\.){2,}[a-z]{2,}\b"
_ADDRESS = rf"(?:{_URL}|{_HOST_AND_PATH}|{_HOST_OF_THREE})"
# (a host is read from the start of its word alone: from every letter of a long word, each read
# again to the word's end, it took seconds on one 20,000 letters long; and from the start of its
# first part alone: a host found from a later part could only be a later start of one found
# from the first, and 'a.' x 10,000 and 's' read each part again to the end, by the square)
_WORD_START = r"(?<![a-z0-9-])(?<![a-z0-9-]\.)"
ADDRESS_AT = rx.compile(rf"(?:{_URL}|{_WORD_START}{_HOST_AND_PATH}|{_WORD_START}{_HOST_OF_THREE})",
                        re.I)
# ... and at a place given, whatever stands before it
ADDRESS_HERE = rx.compile(_ADDRESS, re.I)
# "the staging URL", "our docs", "my API token": a thing named, up to four words after its
# article (the pattern of what a sentence gives a value or tells changed); a noun phrase only,
# no verb or "not" in it ("The staging URL has not changed to ...", "... should be changed to
# ...": no thing named "staging URL has not", and no change told). Whose it is may be said
# ("The user's staging URL", as "My staging URL" is kept)
_NOT_OF_A_NAME = (r"(?!(?:has|have|had|is|are|was|were|be|been|being|not|never|should|shall|"
                  r"will|would|could|may|might|must|can|did|does|do)\b)")
THING_NAMED = (rf"(?:the|our|my)\s+(?:{_NOT_OF_A_NAME}[\w-]+(?:['’]s)?\s+){{0,3}}?"
               rf"{_NOT_OF_A_NAME}[\w-]+")
# "The runbook moved to confluence.acme.io/oncall", "We moved the runbook to ...": where the
# thing is now, as "The runbook is at ..." says
MOVED_TO_ADDRESS = rx.compile(
    rf"\b(?:moved|migrated|relocated)\s+(?:[\w-]+\s+){{0,3}}?(?:over\s+)?to\s+{_ADDRESS}", re.I)

# "The staging URL is https://staging.bramble.dev for now": where a place named is until it
# moves, a standing fact ("fact": it without "for now"). A value that is no address ("The
# blocker is JIRA-123 for now"), a thing that is no place ("the preview", "the meeting link"),
# or a place of the work at hand ("The PR URL", "The CI run URL", "The old staging URL") is the
# work at hand
_TOLD_FOR_NOW = rx.compile(
    rf"^(?P<fact>(?P<thing>{THING_NAMED})\s+(?:is|are)\s+(?:at\s+)?(?P<address>{_ADDRESS}))"
    r",?\s+for\s+now\s*[.!]?\s*$", re.I)
# the places a team keeps an address of ("The staging URL", "Our docs", "The status page")
_PLACE_WORD = rx.compile(
    r"\b(?:staging|stage|prod|production|preprod|dev|docs?|documentation|api|dashboard|wiki|"
    r"registry|mirror|status\s+page|runbook|handbook|intranet|portal|console|sandbox|qa|uat)\b",
    re.I)
# ... and the work at hand, or a place not kept ("the PR link", "my branch URL", "the old URL")
_WORK_WORD = rx.compile(
    r"\b(?:prs?|pull|requests?|branch(?:es)?|tickets?|issues?|blockers?|bugs?|tasks?|builds?|"
    r"runs?|jobs?|tests?|failures?|failing|errors?|logs?|previews?|demos?|screenshots?|"
    r"meetings?|calls?|fix(?:es)?|patch(?:es)?|workarounds?|drafts?|scratch|old|broken|"
    r"temporary|temp|tmp)\b", re.I)
# the ends of a host kept as a place ("staging.bramble.dev", "acme.io"): a host of one dot
# must end in one ("https://ci/x/123", "localhost" are none)
_PLACE_TLD = frozenset(("com", "org", "net", "io", "dev", "app", "co", "ai", "cloud", "sh",
                        "tech", "site", "page", "pages", "tools", "internal", "local", "corp",
                        "eu", "us", "uk", "de", "fr"))


def address_told_for_now(text: str) -> str | None:
    """``text`` without its "for now" ("The staging URL is https://staging.bramble.dev") when
    it gives a place's address until it moves: a place named (staging, prod, docs, the API, a
    dashboard, ...) with no word of the work at hand, a host of three parts or one of a known
    ending, and no path part that is a number (".../pull/4", ".../runs/99"); else None."""
    told = _TOLD_FOR_NOW.match(text.strip())
    if told is None or not _PLACE_WORD.search(told["thing"]) or _WORK_WORD.search(
            told["thing"]):
        return None
    address = told["address"].rstrip(".,;:!?")
    host, _, path = re.sub(r"^https?://", "", address, flags=re.I).partition("/")
    host = host.split(":", 1)[0].lower()
    if host.count(".") < 2 and host.rpartition(".")[2] not in _PLACE_TLD:
        return None
    if any(part.isdigit() for part in path.split("/")):
        return None
    return told["fact"].rstrip(".,;:!?")


# "The new staging URL is https://...", "Never mind, the new URL is ...": the address a thing
# has now, the old one replaced as "moved to" replaces it
NEW_ADDRESS = rx.compile(
    rf"^(?:(?:never\s+mind|ok(?:ay)?|also|so|btw|fyi)[,.:;\s]+)?the\s+new\s+"
    rf"(?P<thing>(?:[\w-]+\s+){{0,2}}?(?:url|address|link|endpoint|host|domain))\s+is\s+"
    rf"(?:now\s+)?(?P<at>{_ADDRESS})", re.I)


# "The new port is 8080", "The new Postgres port is 5433": the port a thing has now, which
# replaces the one its entry gives
NEW_PORT = rx.compile(
    r"^(?:(?:never\s+mind|ok(?:ay)?|also|so|btw|fyi)[,.:;\s]+)?(?:the|our)\s+new\s+"
    r"(?P<thing>(?:[\w-]+\s+){0,2}?)port\s+is\s+(?:now\s+)?(?P<port>\d{2,5})\s*[.!]?$", re.I)
# "The port is 5433, not 5432", "the db port is 5433 now", "Correction on the port: 5433, not
# 5432" (read as "The port is ..."): a port put right or changed, the one it replaces named or
# the change told by "now" (a plain "The port is 5432" is no change)
PORT_PUT_RIGHT = rx.compile(
    r"^(?:(?:actually|never\s+mind|ok(?:ay)?|so|btw|fyi|sorry|oops|no)[,.:;\s]+)?"
    r"(?:(?:the|our)\s+)?(?P<thing>(?:[\w-]+\s+){0,2}?)port\s+is\s+(?:(?P<now>now)\s+)?"
    r"(?P<port>\d{2,5})(?:\s+(?P<later>now))?(?:\s*,?\s+(?:and\s+)?not\s+(?P<old>\d{2,5}))?"
    r"\s*[.!]?$", re.I)


# "Postgres moved to port 5433", "we moved the database to port 5433", "Redis now runs on port
# 6380": a thing given another port; "pg is on 5433 now" too, a number of four or five digits
# something is on (no version of a thing is: it was read as "Postgres 5433")
PORT_MOVED = rx.compile(
    r"^(?:(?:actually|ok(?:ay)?|so|btw|fyi)[,.:;\s]+)?(?:(?:we|i)(?:['’]ve|\s+have)?\s+"
    r"(?:moved|switched)\s+)?(?:(?:the|our)\s+)?(?P<thing>[\w-]+(?:\s+[\w-]+){0,2}?)\s+"
    r"(?:(?:(?:has\s+|have\s+|was\s+|got\s+)?(?:moved|switched)\s+(?:over\s+)?to|to)\s+port\s+|"
    r"(?:now\s+)?(?:runs|listens|is)\s+(?:now\s+)?on\s+(?:port\s+|:|(?=\d{4,5}(?![\w./:-]))))"
    r"(?P<port>\d{2,5})"
    r"(?:\s+now)?(?:\s*,?\s+(?:and\s+)?not\s+(?:on\s+)?(?P<old>\d{2,5}))?"
    r"(?:\s+on\s+\d{4}-\d\d-\d\d)?\s*[.!]?$", re.I)


# "switched postgres to 5433": a known database or cache moved to a number, no "port" said; a
# port only where memory gives that thing one (else "moved postgres to 2027" may be a year),
# and of three digits or more ("We switched postgres to 16." is its version: it made 'We use
# Postgres 15 on port 5432.' '... on port 16.')
PORT_MOVED_BARE = rx.compile(
    r"^(?:(?:actually|ok(?:ay)?|so|btw|fyi)[,.:;\s]+)?(?:(?:we|i|the\s+user)(?:['’]ve|\s+have)?\s+)?"
    r"(?P<verb>(?:moved|switched)\s+)?(?:(?:the|our)\s+)?(?P<thing>(?:(?:local|dev|prod|"
    r"production|staging)\s+)?(?:postgres(?:ql)?|pg|mysql|mariadb|mongo(?:db)?|redis|"
    r"memcached?|valkey|db|database|cache))\s+"
    r"(?(verb)(?:over\s+)?to|(?:has\s+|was\s+|got\s+)?(?:moved|switched)\s+(?:over\s+)?to)\s+"
    r"(?P<port>\d{3,5})(?:\s+now)?(?:\s*,?\s+(?:and\s+)?not\s+(?:on\s+)?(?P<old>\d{2,5}))?"
    # (the day it was done, "today" dated: "we switched redis to 6380 on 2026-07-06")
    r"(?:\s+on\s+\d{4}-\d\d-\d\d)?\s*[.!]?$", re.I)


def port_put_right(text: str, *, corrected: bool = False) -> re.Match[str] | None:
    """``PORT_PUT_RIGHT`` told as a change ("now", or the port it replaces), or
    ``PORT_MOVED`` told of a thing moved or now on a port; ``corrected``: the sentence was told
    as a correction ("Actually the db runs on port 5433"), a change however it is worded."""
    m = PORT_PUT_RIGHT.match(text)
    if m is not None and (m["now"] or m["later"] or m["old"]):
        return m
    moved = PORT_MOVED.match(text)
    # ("Postgres runs on port 5432" is what holds, not a change: "moved", "now" or "not" is)
    if moved is not None and (corrected or re.search(
            r"\b(?:moved|switched|now|not)\b", text, re.I)):
        return moved
    return PORT_MOVED_BARE.match(text) if " to " in text else None


# Weekdays and months: values that move (slugs leave them out; a switch needs one on both sides)
CALENDAR_WORDS = word_set(
    """monday tuesday wednesday thursday friday saturday sunday january february march april
    may june july august september october november december"""
)


# A name that has digits in it ("flake8", "oauth2", "k8s", "i18n") is the thing itself, not a
# value that changes: it stays in a file name, where "v2", "q3", "db1" and "2026" do not.
_NAME_WITH_DIGITS = rx.compile(r"[a-z]{4,}\d+[a-z]*|[a-z]+\d+[a-z]+")


# a host name: dotted labels ending in a name of letters ("stg2.example.com", not "1.2.3")
_HOST = rx.compile(r"(?<![\w.-])(?:[a-z0-9-]+\.)+[a-z]{2,}(?![\w-])")
_CONTRACTION = rx.compile(r"(?<=[a-z])['\u2019](?:(?=t\b)|(?:ll|re|ve|d|m|s)\b)")
_AS_WELL = rx.compile(r"\bas\s+well\b")
_ALNUM = rx.compile(r"[a-z0-9]+")
_LETTERS_THEN_DIGITS = rx.compile(r"[a-z]+\d+[a-z\d]*")


# a name of hyphened words that ends on its number ("eu-west-2", "ap-southeast-1"): the number
# is part of the name, as a host's figures are (the file of "Deploy to eu-west-2 only" was
# 'deploy-eu-west', naming another region as much as this one)
_SLUG_WORD = rx.compile(r"(?<![\w.-])[a-z]+(?:-[a-z]+)+-\d{1,2}(?![\w-]|\.\w)|[a-z0-9]+")


_EVERY_DAY = rx.compile(rf"\bevery\s+(?={WEEKDAY_NAME}s?\b)")


# what a switch's title says around the names it switched between
_NAMES_NO_SUBJECT = frozenset(("instead", "switched", "version"))


def slug(text: str, *, max_words: int = 6, max_len: int = 48) -> str:
    """A file-name slug of the subject; values that may change later (numbers, dates, weekdays,
    "Mondays") are left out so the name stays right when the entry is updated."""
    # "don't" is one word ("dont-upgrade-redis"), not "don" and "t"; "we'll" is "we"
    text = _CONTRACTION.sub("", text.lower())
    if "as well" in text:
        # ("... against pg15 as well": no subject, as "too" is none; nor in "X as well as Y")
        text = _AS_WELL.sub(" ", text)
    if "every " in text:
        # "every" goes with the weekday it is said of ("We deploy every Thursday" is filed
        # as deploy.md, as "We deploy on Thursdays" is, not as 'deploy-every')
        text = _EVERY_DAY.sub(" ", text)
    # a host's labels are its name, figures and all ("stg2.example.com" is not "example.com":
    # its file kept the name of the host before it, 'stg-example-com')
    hosts = {label for m in (_HOST.finditer(text) if "." in text else ())
             for label in _ALNUM.findall(m[0])}
    words = [w for w in _SLUG_WORD.findall(text)
             if "-" in w or (w not in STOPWORDS and w.removesuffix("s") not in CALENDAR_WORDS
                             and (not any(c.isdigit() for c in w)
                                  or _NAME_WITH_DIGITS.fullmatch(w) or w in hosts))]
    if all(w in _NAMES_NO_SUBJECT for w in words):
        # "Bf16 instead of fp16": the names with digits are all the subject there is
        # (filed as feedback_instead.md they would name none)
        words = [w for w in _ALNUM.findall(text) if w not in STOPWORDS and (
            w in _NAMES_NO_SUBJECT or _LETTERS_THEN_DIGITS.fullmatch(w))] or words
    if not words:
        words = _ALNUM.findall(text) or ["memory"]
    # a word twice in a row, once the words between are left out ("the week of ... (the week
    # after ...)", "from 8 GB to 16 GB"), names the subject no better, and reads as a slip;
    # apart, it may be part of a name ("prd-eu-instead-prd-us", "travis-configured-travis-yml")
    words = [w for i, w in enumerate(words) if not i or w != words[i - 1]]
    out = "-".join(words[:max_words])
    if len(out) > max_len:
        out = out[:max_len].rsplit("-", 1)[0] or out[:max_len]
    return out


def file_slug(name: str, said: str) -> str:
    """The slug of a new entry's file: of its name, or, where the name is the start of what was
    said cut after a verb ("The user agreed on 2026-07-07 to take"), of what was said, which goes
    on to what the verb is done to ("user-agreed-take-billing-service")."""
    short, whole = slug(name), slug(said)
    verb = _ENDS_ON_A_VERB.search(name)
    if verb is not None and whole.startswith(short + "-") and re.search(
            rf"\bto\s+{re.escape(verb[1])}\s+{_PARTICLE}\b", said, re.I):
        return whole
    return short


# A name cut inside a phrasal verb, before what it is done to ("agreed to take | over the
# billing service"): "Switched to pnpm" is whole
_ENDS_ON_A_VERB = rx.compile(r"\bto\s+([a-z]+)$")
_PARTICLE = r"(?:over|up|out|off|on|down|back|in|away|along)"


def counted(n: int, noun: str) -> str:
    """``n`` and ``noun``, plural unless one: "1 session", "3 sessions"."""
    return f"{n} {noun}{'' if n == 1 else 's'}"


def shorten(text: str, limit: int) -> str:
    """``text`` cut at a word boundary to at most ``limit`` characters, with an ellipsis."""
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    cut = text[: limit - 1].rsplit(" ", 1)[0].rstrip(",;:-—")
    return cut + "…"


def shorten_outside_code(text: str, limit: int) -> str:
    """``shorten``, never inside a `code span`: the cut goes before the span ("Always use…", not
    "Always use `black…", a command half told and its backtick left open); "" when nothing
    before the span fits."""
    text = " ".join(text.split())
    cut = shorten(text, limit)
    if cut == text or "`" not in text:
        return cut
    end = len(cut) - len("…")
    for span in _CODE_SPAN.finditer(text):
        if span.start() >= end:
            break
        if end < span.end():
            kept = text[:span.start()].rstrip(" ,;:-—(")
            return f"{kept}…" if kept else ""
    return cut


def sentence_case(text: str) -> str:
    text = text.strip()
    return text[:1].upper() + text[1:] if text else text


def ensure_period(text: str) -> str:
    text = text.rstrip()
    return text if not text or text[-1] in ".!?)…" or text.endswith("`") else text + "."


def swap_words(text: str, a: str, b: str) -> str:
    """Swap every ``a`` said as a name with ``b`` and back (``said_as_name``)."""
    return sub_names(text, f"{re.escape(a)}|{re.escape(b)}",
                     lambda m: b if m[0].lower() == a.lower() else a)


# An address or code, not words: a URL, an e-mail or handle, a host or file ("notion.so/acme",
# "slack.acme.io", ".travis.yml"), a path, an identifier ("slack_notify", "SENTRY_DSN"), a
# `code span`. A name inside one is a part of it and no mention of the name: "notion.so" is no
# "Confluence.so" after the docs moved to Confluence. A code span that is the name alone
# ("with `pip`") names it, as "Fly.io" names Fly.io: the span is what is between the backticks.
_CODE_SPAN = rx.compile(r"`[^`\n]+`")
MARKDOWN_LINK = rx.compile(r"\[(?P<label>[^\]\n]+)\]\((?P<url>[^)\s]+)\)")
_TOKEN = rx.compile(r"[^\s`]+")
_NUMBER = rx.compile(r"[vV]?\d+(?:\.\w+)*")
# ".NET" is a name, ".travis.yml" and "~/bin" are files
_ADDRESS_MARK = rx.compile(r"://|@|\w_|_\w|\w\.\w|^\.[a-z_]|^[~$]\S|^/|/\S*/")
# A sentence starts here: a capital there says nothing of how a name is spelled
_SENTENCE_START = rx.compile(r"(?:^|[.!?:]\s+|^\s*(?:[-*+>]|\d{1,3}[.)])\s+)$", re.M)


# A switch asks of one entry's text for each name it spells: each text is read once.
@lru_cache(maxsize=4096)
def address_spans(text: str) -> tuple[tuple[int, int], ...]:
    """Where ``text`` has addresses and code, as (start, end), in order. A Markdown link's
    text is words ("[Notion](https://notion.so/acme)" names Notion); its target is an address."""
    spans = [(m.start() + 1, m.end() - 1) for m in _CODE_SPAN.finditer(text)]
    masked = text
    for m in MARKDOWN_LINK.finditer(text):
        if not any(s <= m.start() < e for s, e in spans):
            spans.append(m.span("url"))
            blank = " " * (m.end() - m.end("label"))
            masked = f"{masked[:m.start()]} {m['label']}{blank}{masked[m.end():]}"
    for m in _TOKEN.finditer(masked):
        if any(s <= m.start() < e for s, e in spans):
            continue
        # the punctuation around a token is the sentence's ("(notion.so/acme).")
        token = m[0].lstrip("\"'([{<*_").rstrip("\"'.,;:!?)]}>*_")
        if not token or _NUMBER.fullmatch(token) or not _ADDRESS_MARK.search(token):
            continue
        start = m.start() + m[0].index(token)
        spans.append((start, start + len(token)))
    return tuple(sorted(spans))


def names_pattern(names: Iterable[str]) -> str:
    """A regex alternation of ``names``, longest first (so "google cloud run" is found before
    "google cloud"), a space in a name matching any run of spaces."""
    return "|".join(re.escape(n).replace(r"\ ", r"\s+")
                    for n in sorted(names, key=lambda n: (-len(n), n)))


def outside_addresses(text: str, found: Iterable[re.Match[str]]) -> list[re.Match[str]]:
    """The matches in ``text`` that are no part of an address or code (``address_spans``),
    but for one that is a whole address ("Fly.io")."""
    spans = address_spans(text)
    return [m for m in found
            if not any(s < m.end() and m.start() < e and (s, e) != m.span() for s, e in spans)]


@lru_cache(maxsize=4096)
def said_as_name(text: str, pattern: str) -> tuple[re.Match[str], ...]:
    """Where ``text`` says what ``pattern`` (a regex of a name, case aside) matches as a name:
    a whole word, not part of an address or code (``address_spans``) unless it is that whole
    address ("Fly.io"). Where a name is written with capitals other than at a sentence's start,
    the same letters all in lower case are an ordinary word ("a linear history" beside "tracked
    in Linear"); ``has_name`` and ``sub_names`` read a name given with capitals so too."""
    found = outside_addresses(
        text, re.finditer(rf"(?<![\w-])(?:{pattern})(?![\w-])", text, re.I))
    cased = {m[0].lower() for m in found if not m[0].islower()
             and not _SENTENCE_START.search(text, 0, m.start())}
    return tuple(m for m in found if not (m[0].islower() and m[0] in cased))


def _as_spelled(found: tuple[re.Match[str], ...], name: str) -> tuple[re.Match[str], ...]:
    """``found`` without the all-lower-case words when ``name`` is written with capitals."""
    return found if name.islower() else tuple(m for m in found if not m[0].islower())


def has_name(text: str, name: str) -> bool:
    """``text`` says ``name`` as a name (``said_as_name``)."""
    return bool(_as_spelled(said_as_name(text, re.escape(name)), name))


def sub_names(
    text: str, pattern: str, repl: Callable[[re.Match[str]], str], *, name: str = ""
) -> str:
    """``text`` with each name ``said_as_name`` finds put to ``repl`` of it (``name``, when
    given, is the name as written, for its capitals)."""
    found = said_as_name(text, pattern)
    out, at = [], 0
    for m in _as_spelled(found, name) if name else found:
        out += [text[at:m.start()], repl(m)]
        at = m.end()
    return "".join(out) + text[at:]


def spelled_in(text: str, name: str) -> str:
    """``name`` as ``text`` writes it ("Notion" for "notion"): with the capitals it has other
    than at a sentence's start, else as first said other than there ("pnpm" in "Pnpm instead
    of npm. Use pnpm, not npm": the title's capital is its first word's, and "Pnpm" is no
    name the lead says), else as first said; ``name`` itself when ``text`` does not."""
    found = said_as_name(text, re.escape(name))
    cased = next((m[0] for m in found if not m[0].islower()
                  and not _starts_sentence(text, m.start())), None)
    spelled = cased or next((m[0] for m in found if not _starts_sentence(text, m.start())), None)
    return spelled or (found[0][0] if found else name)


def _starts_sentence(text: str, at: int) -> bool:
    """A sentence starts at ``at`` in ``text``: read in the 80 characters before it, so that a
    text naming one tool many times is read in linear time."""
    return _SENTENCE_START.search(text, max(0, at - 80), at) is not None


def free_file_name(base: str, taken: set[str]) -> str:
    """``<base>.md``, or ``<base>-2.md`` and on when that is taken (``taken`` holds names
    lower-cased, and gets the one returned)."""
    candidate, n = f"{base}.md", 2
    while candidate.lower() in taken:
        candidate, n = f"{base}-{n}.md", n + 1
    taken.add(candidate.lower())
    return candidate


def unique(items: Iterable[str]) -> list[str]:
    seen: set[str] = set()
    out: list[str] = []
    for item in items:
        if item not in seen:
            seen.add(item)
            out.append(item)
    return out


# Where a rule about wording applies: the assistant's replies to the person, or what it writes
# into the project. "Write detailed explanations in docstrings" and "The user prefers detailed
# explanations" share their words, and are two rules.
_WRITTEN_INTO = rx.compile(
    r"(?:^|\b(?:in|into|inside|to|for|on)\s+(?:the\s+|all\s+|our\s+|your\s+|each\s+|every\s+)?)"
    r"(?:(?:[\w-]+\s+)?(?:docstrings?|comments?|commit\s+messages?|commits?|code|tests?|docs|"
    r"documentation|readmes?|changelogs?|pr\s+descriptions?|pull\s+requests?|prs?|"
    r"(?:error|log)\s+messages?|logs?|variable\s+names?|files?|modules?|functions?))\b", re.I)
_REPLIES = rx.compile(r"\b(?:explanations?|answers?|repl(?:y|ies)|responses?|summar(?:y|ies)|"
                      r"preambles?)\b", re.I)


def replies_and_written(a: str, b: str) -> bool:
    """One of ``a`` and ``b`` is a rule for the assistant's replies ("The user prefers detailed
    explanations"), the other for what it writes into the project ("Write detailed explanations
    in docstrings"): about different things, however alike."""
    def written(text: str) -> bool:
        return _WRITTEN_INTO.search(text) is not None

    def replies(text: str) -> bool:
        return not written(text) and _REPLIES.search(text) is not None

    return (written(a) and replies(b)) or (written(b) and replies(a))


# A value put right, and nothing else said: "It's 5433, not 5432" (a figure in each)
_BARE_PUT_RIGHT = rx.compile(
    r"^(?:it|that)(?:['’]?s|\s+is|\s+was)\s+(?P<now>[^\s,]*\d[^\s,]*?),?\s+not\s+"
    r"(?P<was>[^\s,]*\d[^\s,]*?)\s*[.!]*$", re.I)


def bare_put_right(text: str) -> tuple[str, str] | None:
    """(was, now) of a correction that gives only a value and the one it replaces."""
    m = _BARE_PUT_RIGHT.match(text)
    return None if m is None or m["was"] == m["now"] else (m["was"], m["now"])
