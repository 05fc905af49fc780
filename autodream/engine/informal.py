"""Fast typing read as meant: "dont" is "don't", "pls" is "please", "alwyas" is "always", a lone
"i" is "I", "nov 23" is "Nov 23". The gatherer's rules are written for ordinary spelling; a
person typing fast in lower case, or in a second language, means the same, and the memory should
say it in words the agent reads without stumbling. Code, paths and addresses are left as typed."""

from __future__ import annotations

import re

from autodream import rx

# What is typed -> what is meant. Only spellings that are no other word a developer writes
# ("cant" and "wont" are, but hardly ever in a chat with an agent; "its", "ill", "were" and "id"
# are, and are left alone).
_MEANT = {
    **{f"{stem}nt": f"{stem}n't" for stem in (
        "do", "does", "did", "is", "are", "was", "were", "should", "would", "could", "have",
        "has", "had", "must", "need")},
    "cant": "can't", "wont": "won't", "thats": "that's", "whats": "what's",
    "theres": "there's", "youre": "you're", "theyre": "they're", "im": "I'm", "ive": "I've",
    "pls": "please", "plz": "please", "plss": "please", "plse": "please", "pleas": "please",
    "alwyas": "always", "allways": "always", "alwys": "always", "alawys": "always",
    "awlays": "always", "alwasy": "always", "alwaus": "always", "alwayss": "always",
    "nver": "never", "nevr": "never", "shoud": "should", "shoudl": "should", "shuold": "should",
    "becuase": "because", "becasue": "because", "beacuse": "because", "cuz": "because",
    "teh": "the", "u": "you", "gonna": "going to", "wanna": "want to",
    "tmrw": "tomorrow", "tmr": "tomorrow", "tomorow": "tomorrow", "tommorow": "tomorrow",
    "tommorrow": "tomorrow", "yesteday": "yesterday", "nxt": "next",
    # the cue words the gatherer reads a request by ("remeber we deploy fridays only after 3pm"
    # is as much a request as "remember ..."), and the misspellings a spell checker would flag
    **{typo: "remember" for typo in ("remeber", "rember", "remmber", "remembr", "rememeber",
                                     "rememebr", "remebmer", "remmeber")},
    "remebered": "remembered", "rememberd": "remembered",
    "recieve": "receive", "recieved": "received", "recieves": "receives",
    "recieving": "receiving", "seperate": "separate", "seperately": "separately",
    "definately": "definitely", "definitly": "definitely", "untill": "until",
    "occured": "occurred", "thier": "their", "enviroment": "environment",
    "wierd": "weird", "accross": "across", "beleive": "believe", "realy": "really",
    # shorthand the agent reads better spelled out in memory ("last wk", "afk then")
    "thx": "thanks", "thnx": "thanks", "wk": "week", "wks": "weeks", "afk": "away",
    "abt": "about", "thru": "through", "tho": "though", "bcuz": "because", "becuz": "because",
    "coz": "because", "idk": "I don't know", "weve": "we've", "youve": "you've",
    "theyve": "they've", "youll": "you'll", "theyll": "they'll", "heres": "here's",
    "wheres": "where's", "ill": "I'll", "prob": "probably", "rn": "right now", "bc": "because",
}
_TYPED = rx.compile(
    r"(?<![\w'’./\\-])(?:" + "|".join(sorted(_MEANT, key=lambda word: (-len(word), word)))
    + r")(?![\w'’/\\-]|\.\w)", re.I)
# "its done", "its not working": "it's" before what only a verb's subject has after it (the
# possessive goes on to a noun: "its own config", "its tests")
_ITS_IS = rx.compile(
    r"(?<![\w'’-])(?i:its)(?=\s+(?:done|not|ok|okay|fine|broken|working|wrong|right|correct|ready|"
    r"good|bad|there|here|still|already|just|also|always|never|been|going|a|an|the|more|too|so|"
    r"very|because|better|worse|faster|slower|easier|unclear|weird|failing|passing|red|green)\b"
    # "no wait its 5433 not 5432": a correction of a value
    r"|\s+[\w.:]*\d[\w.:]*\s+(?:not|instead)\b)")
# "lets use pnpm": at a sentence's start only ("it lets you ..." is a verb)
_LETS = rx.compile(r"(?:^|(?<=[.!?]\s)|(?<=\n))lets(?=\s)", re.I)
# a lone lower-case "i", and "i'm", "i'll", "i've", "i'd"
_LOWER_I = rx.compile(r"(?<![\w'’./\\-])i(?=\s|['’](?:m|ll|ve|d)\b)")
# The months' names and short names in lower case; dates.py reads its month words from here
MONTH_WORDS = frozenset({
    "jan", "january", "feb", "february", "mar", "march", "apr", "april", "may", "jun", "june",
    "jul", "july", "aug", "august", "sep", "sept", "september", "oct", "october", "nov",
    "november", "dec", "december"})
_MONTH = "|".join(sorted(MONTH_WORDS, key=lambda word: (-len(word), word)))
# a month in lower case beside a day: "nov 23", "23 nov", "20th of nov"
_LOWER_MONTH = rx.compile(
    rf"(?<![\w.-])(?:{_MONTH})(?=\.?\s+\d{{1,2}}(?:st|nd|rd|th)?\b(?!\s*[:.]\d))"
    rf"|(?<=\d\s)(?:{_MONTH})\b|(?<=\d(?:st|nd|rd|th)\s)(?:{_MONTH})\b"
    rf"|(?<=\dth of\s)(?:{_MONTH})\b")
# "fix the test in a/b.go and btw dont use ORMs": a second thing said in passing starts a
# sentence of its own
# ("The btw module" names a thing); at a clause's end ("standup is at 9:30 btw, ...") it says
# nothing memory should keep
_BY_THE_WAY = rx.compile(r"(?<=\w)(?:(?P<next>\s*,\s*(?:(?:and|also)\s+)?|\s+(?:and|also)\s+)"
                         r"(?=(?:btw|by the way)[\s,:]+[\w'’]+\s+\w)"
                         r"|\s+btw(?=\s*(?:[,.;!?]|$)))", re.I)
# code, and what is quoted ('the resolution "Cant Reproduce"'), as typed
_CODE = rx.compile(r"```.*?(?:```|\Z)|`[^`\n]*`|\"[^\"\n]{1,80}\"|“[^”\n]{1,80}”", re.S)


# Short forms that are also code, names or other languages' words ("U" the energy, "im" the
# image variable, "pls" the build tool, German "im Büro", "i" the loop index): read as meant only
# where a fast typist's sentence has them, never in capitals, never beside code's marks or after
# a word that names a thing.
_AMBIGUOUS = frozenset({"u", "im", "ive", "pls", "plz", "cant", "wont", "ill", "prob", "rn", "bc"})
# "ill do it" is "I'll"; "feeling ill", "so ill today" are the word
_ILL_THE_WORD = rx.compile(
    r"\b(?:so|very|too|really|quite|pretty|feel\w*|felt|was|were|got|fell|been|being|is|am|are|"
    r"look\w*|seem\w*)\s+$", re.I)
_NAMING = rx.compile(
    r"(?:\b(?:with|run|runs|the|use|uses|using|via|a|an|of|set|variable|var|class|make|named|"
    r"called|let|def|func|type|index|loop|letter|install|call|value|field|column)\s+|[=+(\[{<*/])\s*$",
    re.I)
_CODE_NEXT = rx.compile(r"\s*[=+()\[\]{}<>*/]")
# "im on call", "ive seen it": the subject of a clause
_CLAUSE_START = rx.compile(
    r"(?:^|[.;!?:]\s*|,\s*|\n|\b(?:and|but|so|because|cause|if|when|cuz|coz|cos|now|ok|okay|also|"
    r"btw|tbh|since|until|as|then)\s+)$", re.I)
_NEXT_WORD = rx.compile(r"\s+[a-z]")
_SUBJECT_BEFORE = rx.compile(
    r"\b(?:we|i|they|you|he|she|it|we['’]re|they['’]re|you['’]re|i['’]m|he['’]s|she['’]s|"
    r"it['’]s|team|everyone|prod|staging)\s+$", re.I)
# "the model's prob output", "our rn app", "the wk column": after a determiner or an owner and
# before a noun, the short form is a name's part ("it's prob fine" is no owner)
_OWNER = rx.compile(r"\b(?:a|an|the|our|my|your|their|his|her|its|(?P<who>\w+)['’]s)\s+$", re.I)
_IS_NOT_OWNS = frozenset(("it", "that", "what", "there", "here", "who", "where", "he", "she",
                          "let", "how", "when"))
# ... where no noun follows ("a wk ago", "the wk after", "a wk.") it is the word
_NOT_A_NOUN = frozenset((
    "in", "to", "on", "at", "from", "into", "with", "via", "for", "of", "by", "after", "before",
    "ago", "off", "or", "and", "but", "so", "then", "is", "was", "are", "were", "has", "had",
    "will", "would", "should", "can", "could", "may", "might", "must", "or", "later", "earlier",
    "because", "if", "when", "until", "till", "since", "as", "than"))
# "bc" is "because" only before a reason's clause: after or before a place's preposition it is
# the province, the calculator ("stay in bc because of the privacy law", "pipe it to bc for the
# math")
_PLACE_WORDS = frozenset(("in", "to", "on", "at", "from", "into", "with", "via", "for", "of"))
_NOT_A_REASON = frozenset((*_PLACE_WORDS, "because", "and", "or", "is", "was"))


def _next_word(text: str, at: int) -> str:
    m = re.match(r"\s+([a-z]+)\b", text[at:at + 24])
    return m[1] if m else ""


def _names_a_thing(m: re.Match[str], before: str) -> bool:
    """Whether a short form between an owner and a noun is part of a name."""
    owner = _OWNER.search(before)
    if not owner or (owner["who"] or "").lower() in _IS_NOT_OWNS:
        return False
    following = _next_word(m.string, m.end())
    return bool(following) and following not in _NOT_A_NOUN


def _meant(m: re.Match[str]) -> str:
    typed = m[0]
    low = typed.lower()
    if low in _AMBIGUOUS:
        before = m.string[max(0, m.start() - 24):m.start()]
        after = m.string[m.end():m.end() + 3]
        if (typed.isupper() or _NAMING.search(before) or _CODE_NEXT.match(after)
                or (low in ("u", "im", "ive") and not _NEXT_WORD.match(after) and not (
                    low == "u" and re.search(r"\b(?:thank|thanks|see|love)\s+$", before, re.I)))
                or (low in ("im", "ive", "ill") and not _CLAUSE_START.search(before))
                or (low in ("ill", "prob", "bc") and not _NEXT_WORD.match(after))
                # "rn", "bc", "prob": React Native, the calculator, a probability when not typed
                # in lower case, or before a version or a flag
                or (low in ("rn", "bc", "prob") and (typed != low or after[:1] == "-"
                                                     or after.strip()[:1].isdigit()))
                or (low == "ill" and _ILL_THE_WORD.search(before))
                or (low in ("rn", "bc", "prob") and _names_a_thing(m, before))
                or (low == "bc" and (
                    (before.split() or [""])[-1].lower() in _PLACE_WORDS
                    or _next_word(m.string, m.end()) in _NOT_A_REASON))):
            return typed
    elif low in ("wk", "wks") and _names_a_thing(m, m.string[max(0, m.start() - 24):m.start()]):
        return typed
    meant = _MEANT[low]
    if low == "rn" and _SUBJECT_BEFORE.search(m.string, 0, m.start()) and _NEXT_WORD.match(
            m.string, m.end()):
        # "we rn use postgres 15": between the subject and its verb it is "currently" ("we
        # right now use ..." is no sentence anyone writes); "it's broken rn" stays "right now"
        meant = "currently"
    if typed.isupper() and len(typed) > 1:
        return meant.upper()
    return meant[0].upper() + meant[1:] if typed[0].isupper() else meant


def _lower_i(m: re.Match[str]) -> str:
    before = m.string[max(0, m.start() - 24):m.start()]
    after = m.string[m.end():m.end() + 8]
    # "i and j as loop indices", "use i, j": a variable's name
    if _NAMING.search(before) or re.match(r"\s*(?:,|and|or)\s*[a-z]\b(?!['’\w])", after):
        return m[0]
    return "I"


# "w/ our hooks", "w/o asking", "b/c 5432 is taken": a word of their own, not a path's part
# ("src/w/o.py", "w/o/" are paths)
_SLASHED = rx.compile(r"(?<![\w/.\\-])(?:w/o|w/out|b/c|w/)(?=\s)", re.I)
_SLASHED_MEANT = {"w/": "with", "w/o": "without", "w/out": "without", "b/c": "because"}
# A weekday's short name where it is a day ("next fri", "on mon", "mon at 2", "sat the 21st"):
# dates.py reads the full names. Alone it is left ("sat" the verb, "sun", "mon" a module).
_DAYS = {"mon": "monday", "tue": "tuesday", "tues": "tuesday", "wed": "wednesday",
         "weds": "wednesday", "thu": "thursday", "thur": "thursday", "thurs": "thursday",
         "fri": "friday", "sat": "saturday", "sun": "sunday"}
_DAY = "|".join(sorted(_DAYS, key=lambda word: (-len(word), word)))
_ANY_DAY = "|".join((*sorted(set(_DAYS.values())), _DAY))
_DAY_WORDS = frozenset((*_DAYS, *_DAYS.values()))
# "at 2pm", "at 9:30", "at 2, pls", "at 2 for the demo": a time of day; "sat at 95% CPU", "sat at
# 5k messages", "sat at 2 approvals" are a quantity ("sat" the verb)
_HOUR = (r"(?:[01]?\d|2[0-3])(?!\d)(?:(?::[0-5]\d)?\s*(?:am|pm)\b|:[0-5]\d(?![\d%])"
         r"|(?=\s*(?:[,;!?)]|\.(?!\d)|$|\s+(?:for|to|is|was|with|and|so|then|in|on|the|we|if|"
         r"sharp|utc)\b)))")
# ... or a day, short or not, told straight after what happens on it ("demo for ana's team mon
# at 2"): a note's shorthand for "on Monday at 2", which is how a plan is read
_SHORT_DAY = rx.compile(
    rf"(?P<lead>\b(?:next|this|last|on|by|till|until|til|from|every|each|since|before|after|"
    # (or after a deed done on it: "went out fri", "shipped mon")
    rf"through|thru|coming|following|cya|see you|went out|went live|shipped|launched|released|"
    rf"deployed|happened|was|were)\s+)(?P<day>{_DAY})(?![\w'’/\\-]|\.\w)"
    rf"|(?P<word>\b[a-z]+(?:['’]s)?\s+)?(?<![\w'’./\\-])(?P<said>{_ANY_DAY})"
    rf"(?=,?\s+(?:at|@)\s*{_HOUR}|\s+(?:morning|afternoon|evening|night|eod|am|pm)\b"
    rf"|,?\s+(?:the\s+)?\d{{1,2}}(?:st|nd|rd|th)\b"
    # ("slipped to mon 20 july", "to fri, aug 7": the day and its month said after it)
    rf"|,?\s+\d{{1,2}}(?:st|nd|rd|th)?\s+(?:{_MONTH})\b|,?\s+(?:{_MONTH})\.?\s+\d{{1,2}}\b)", re.I)
# after these the day is not what happens on it ("for sat the 21st", "is mon at 2", "moved to")
_NOT_BEFORE_ON = frozenset((
    "on", "by", "for", "to", "till", "until", "til", "from", "at", "next", "this", "last", "every",
    "each", "since", "before", "after", "through", "thru", "coming", "following", "is", "are",
    "was", "were", "be", "been", "and", "or", "of", "the", "a", "an", "moved", "move", "moves",
    "pushed", "postponed", "shifted", "rescheduled", "changed", "cya", "see"))


def _day_meant(m: re.Match[str]) -> str:
    typed = m["day"] or m["said"]
    lead = m["lead"] or m["word"] or ""
    if len(typed) > 1 and typed.isupper():  # "SAT", "SUN": a test, a company
        return m[0]
    meant = _DAYS.get(typed.lower(), typed).capitalize()
    if m["word"] and m["word"].split()[0].lower() not in _NOT_BEFORE_ON:
        lead += "on "
    return lead + meant


# Every message passes here, most with nothing typed fast: its words are looked up first, and
# only the patterns a word of it may start are run (each would scan the whole text).
_WORD = rx.compile(r"[A-Za-z]+")


def _plain(text: str) -> str:
    said = {w.lower() for w in _WORD.findall(text)}
    if not said.isdisjoint(_MEANT):
        text = _TYPED.sub(_meant, text)
    if "/" in text and ("w/" in text or "W/" in text or "b/c" in text or "B/C" in text):
        text = _SLASHED.sub(lambda m: _SLASHED_MEANT[m[0].lower()], text)
    if not said.isdisjoint(_DAY_WORDS):
        text = _SHORT_DAY.sub(_day_meant, text)
    if "its" in said:
        text = _ITS_IS.sub(lambda m: m[0][:2] + "'s", text)
    if "lets" in said:
        text = _LETS.sub(lambda m: "Let's" if m[0][0] == "L" else "let's", text)
    if "i" in said:
        text = _LOWER_I.sub(_lower_i, text)
    if not said.isdisjoint(MONTH_WORDS):
        text = _LOWER_MONTH.sub(lambda m: m[0].capitalize(), text)
    if "btw" in said or "way" in said:
        text = _BY_THE_WAY.sub(lambda m: "" if m["next"] is None else ". ", text)
    return text


def plain_spelling(text: str) -> str:
    """The text with fast typing spelled as meant; code spans and blocks as typed."""
    if "`" not in text and '"' not in text and "“" not in text:
        return _plain(text)
    out: list[str] = []
    at = 0
    for code in _CODE.finditer(text):
        out.append(_plain(text[at:code.start()]))
        out.append(code[0])
        at = code.end()
    out.append(_plain(text[at:]))
    return "".join(out)


# Typographic quotes (macOS and phone smart quotes, pasted docs) read as the ASCII ones the
# patterns are written for: "Don’t push to main." made no memory at all. The memory keeps the
# ASCII form too ("Don't push to main.": what a shell or code wants, and one memory for both ways
# of typing it). One character for one, so offsets stay those of what the person typed.
TYPOGRAPHIC = str.maketrans({"’": "'", "‘": "'", "“": '"', "”": '"'})
