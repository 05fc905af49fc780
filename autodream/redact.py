"""Secret detection and redaction: transcript text passes through here before a tool returns it,
and any write that still contains a secret is refused.

Patterns aim at credentials with a recognisable shape (vendor key prefixes, PEM blocks, auth
headers, passwords in URLs, ``password = ...`` assignments). A false positive costs one redacted
word; a false negative leaks a credential into memory that loads into every session: lean wide.
"""

from __future__ import annotations

import math
import re
from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache, partial
from itertools import pairwise

from autodream import rx
from autodream.errors import FLAT_REDACTED_PATTERN, printable

# (said in errors, which the hook and `status` load anyway: see there)
from autodream.errors import REDACTED as REDACTED
from autodream.errors import REDACTED_MARK as REDACTED_MARK

# Everyday words that may end a sentence about passwords ("the password is required"): a value of
# letters ending like these is prose, not a credential.
_PROSE_WORD = (
    r"(?:[a-z]+(?:able|ible|ed|ing|ly|tion|sion|ment|ive|ful|less|ness|ity|ous|al|ent|ant)"
    r"|required|optional|invalid|valid|wrong|correct|incorrect|missing|empty|secure|insecure"
    r"|weak|strong|unknown|unset|blank|hidden|masked|redacted|needed|set|none|null|changed"
    # (and what is done with it, said in the words ending in "-en": "the password at the office
    # is written on the whiteboard", "... is forgotten, reset it")
    r"|written|rewritten|overwritten|forgotten|broken|stolen|frozen|chosen|spoken|mistaken)"
    r"(?![\w-])"
)
# ... as a word alone, in any case ("REQUIRED", "Rotated")
_PROSE_WORD_ALONE = rx.compile(r"(?i:" + _PROSE_WORD + r")")


def reads_as_prose(word: str) -> bool:
    """True when ``word``, in any case, is an everyday word a sentence about a password ends
    with (``_PROSE_WORD``: "required", "EXPIRED", "Optional"), which redaction never reads as
    the password's value."""
    return _PROSE_WORD_ALONE.fullmatch(word) is not None


# A command's output given as a value, whole: "$(cat key.txt)" (read as one value, spaces and
# all: "$(echo s3cr3tValue9)" was cut at its space and its literal left in sight), a command in
# it too ("$(cat $(dirname $0)/key)": its first word was taken for the value)
_INNER_SUBST = r"\$\([^()\n]{0,200}\)"
_SUBST_BODY = r"(?:[^()\n]|" + _INNER_SUBST + r"){1,200}"
_SUBST = r"\$\(" + _SUBST_BODY + r"\)(?![^\s\"'`,;])"
# ... as a value to redact, with what follows it ("$(cat key.txt)s3cretXyz9"), or as a
# variable's default ("${API_KEY:-$(echo s3cr3tValue9)}" showed "s3cr3tValue9)}")
_SUBST_VALUE = (
    r"(?:\$\{[A-Za-z_]\w*:?[-=+]|[-=+](?=\$\())?\$\(" + _SUBST_BODY + r"\)[^\s\"'`,;]*"
)
# A command that writes a literal: "echo s3cr3tValue9" (not "echo $API_KEY")
_WRITES = r"\s*(?:echo|printf)(?:\s+-\w+)*\s+[\"']?(?!\$)[^\s)]"


def _command_standing_in(after: str) -> str:
    """A command's output standing for a value, ``after`` following it: no command in it
    writes a literal, no word in it is shaped like a secret."""
    return (
        r"(?=\$\(" + _SUBST_BODY + r"\)" + after + r")\$\((?!" + _WRITES + r")"
        # (nor may a command inside it: "$(cat $(echo s3cr3tValue9))")
        r"(?!(?:[^()\n]|" + _INNER_SUBST + r")*?\$\(" + _WRITES + r")"
        # (a word in it, or in a command inside it, shaped like a secret)
        r"(?!(?:[^()\n]|" + _INNER_SUBST + r")*?(?:\$\([^()\n]*?)?"
        r"(?<=[\s(=\"'])(?![^\s\"'`,;)]*/)"
        # (_SECRETISH, defined below, inlined: a digit and both cases or a sign)
        r"(?=[^\s\"'`,;)]*[A-Za-z])(?=[^\s\"'`,;)]*\d)"
        r"(?:(?=[^\s\"'`,;)]*[A-Z])(?=[^\s\"'`,;)]*[a-z])|(?=[^\s\"'`,;)]*[!#$%&*+=?^~@])))"
        + _SUBST_BODY + r"\)"
    )


_SUBST_PLACEHOLDER = _command_standing_in(r"(?![^\s\"'`,;])")
# What a variable gives when unset, empty or set ("${X:-$Y}", "${X:=${Y}}", "${X:+$(cat f)}"):
# another variable, a command standing for one, or nothing; an error message ("${X:?unset}")
_DEFAULT = (
    r"(?:[-=+](?:\$[A-Za-z_]\w*|\$\{[A-Za-z_]\w*\}|" + _command_standing_in(r"\}") + r")?"
    r"|\?[^}\n]*)"
)
# ... and so the rest of "${NAME:-$OTHER}" after its colon, where a rule reads "NAME:" as a name
# given a value ("${DB_PASSWORD:-$FALLBACK}" showed "${DB_PASSWORD:[REDACTED...]")
_DEFAULT_REST = r"(?-i:" + _DEFAULT + r"\}+(?![^\s\"'`,;]))"

# What stands in for a value rather than being one: a variable ("$GITHUB_TOKEN", "${SECRET}",
# "$(cat key)", "%API_KEY%"), a template ("<your key>", "{{ secret }}"), letters that only fill
# the space or cut it short ("xxx", "***", "...", "sk-..."), "your..." ("your-api-key-here")
_PLACEHOLDER = (
    # (case-sensitive inside the rules' (?i): "$ecretPass1", "Your2024Pass!", "{Tr0ub4dor&3}"
    # and "hunter2Secret..." are passwords; "$GITHUB_TOKEN", "your-api-key", "{{ secret }}",
    # "{API_KEY}" and "sk-..." stand for one)
    # (the variable is the whole value: "${NPM_TOKEN}s3cretXyz9" goes on into a literal, and
    # "${X:-s3cretXyz9Q}" gives a default, the value when X is unset; an empty default, another
    # variable or an error message is none: "${X:-}", "${X:-$Y}", "${X:?unset}")
    r"(?-i:\$\{[A-Za-z_]\w*(?::?" + _DEFAULT + r")?\}"
    r"(?![^\s\"'`,;])|\$\{\{|" + _DEFAULT_REST +
    # (a command's output is none unless the command writes a literal ("$(echo s3cr3tValue9)")
    # or holds a word shaped like a secret ("$(get-key Hunter2xyz)"); "$(cat key.txt)" and
    # "$(vault read -field=key secret/api)" stand for one)
    r"|" + _SUBST_PLACEHOLDER + r"|\$[A-Z_][A-Z0-9_]*(?![^\s\"'`,;])|<|\{\{"
    r"|\{[A-Za-z_][\w.-]*\}(?![^\s\"'`,;])"
    r"|%\w+%(?![^\s\"'`,;])|(?:[xX]+|\*+|[^\s\"'`,;]{0,6}\.\.\.)(?![^\s\"'`,;])|(?i:your)(?![a-z0-9]))"
)
# A setting's word for no value yet ("SECRET=none", "API_KEY=TODO")
_NO_VALUE = r"(?i:true|false|none|null|nil|todo|tbd)(?![\w-])"
# Code, not a value: a call, an index, a bracket ("get_key()", "os.environ[", "None})")
_CODE = r"[^\s\"'`,;]*[()\[\]{}]"

# A password hash's name (one list): where a word starts ("Argon2id-hashed", "bcrypt4life",
# "SHA256Hex") a value beginning so is no password, in each rule that asks; whole ("yescrypt",
# "pbkdf2-sha256", "balloon"), it is what a password's hashing is said to be (_HASH_NAME_WHOLE)
_HASH_NAME = (
    r"(?i:argon2(?:id|i|d)?|pbkdf2(?:[-_](?:hmac[-_])?sha-?\d+)?"
    r"|(?:sha-?(?:1|256|512)|md5)[-_]?crypt|bcrypt(?:[-_]sha-?256)?|scrypt|sha-?\d+(?:-\d+)?|md5"
    # (... and names a password may begin with as well ("Balloon2024!", "Balloon-Party-77",
    # "lmnop123"): these only as the whole value)
    r"|(?:(?:gost-)?yescrypt|md4|blake[23][bs]?|balloon|phpass|ntlm(?:v[12])?|lm)"
    r"(?![\w!#$%&*+=?^~@/.-]))"
)
# The short names a password or a PIN goes by, each read by its rule ("DB_PASS=...", "root pass:
# ...", "wifi pw: ...", "the vpn passcode is ...", "PIN: ..."): after one, a hash's name is the
# password, not what the hashing is (_names_a_hash)
_SHORT_PASSWORD_NAMES = r"pwd|pw|pass"
_PIN_NAMES = r"passcode|pin(?:[\s-]?code)?"
# How a class's name ends ("Argon2Hasher", "AuthServer2Policy"): none is a password (one list,
# which _NO_PASSWORD reads on with more)
_CLASS_NAME_END = (
    r"(?-i:Hasher|Validator|Field|Input|Form|Handler|Service|Manager|Helper|Provider|Store"
    r"|Policy)"
)

# Evidence that the word starting here is a value rather than a name for one, where only the
# shape of a sentence says a secret may follow ("set the secret to ...", "the password's ..."):
# letters and a digit or a sign, and not a version ("2.3.1-post1", "v2-format", "v3"), a port
# or count (digits alone) nor a constant's name ("GITHUB_TOKEN2", the variable holding it)
# (case-sensitive wherever it is used: inside a rule's (?i) "[A-Z]" and "[a-z]" were any letter,
# "the password -> base64 encoded now" had both cases and hid "base64")
_MIXED = (
    r"(?-i:(?=[^\s\"'`,;]*[A-Za-z])(?=[^\s\"'`,;]*[\d!#$%&*+=?^~@])"
    r"(?![vV]?\d+(?:[.-]|(?![\w!#$%&*+=?^~@])))(?![A-Z][A-Z0-9]*_[A-Z0-9_]*(?![\w!#$%&*+=?^~@]))"
    # (nor a hash's name: "the password's Argon2id-hashed now")
    r"(?!" + _HASH_NAME + r"))"
)
# An encoding's, a hash's, a cipher's or a type's name: lower case and digits, and no password
# ("the password -> base64 encoded now", "the secret's utf8 bytes", "the token -> int64")
_FORMAT_WORD = (
    r"(?:base(?:16|32|36|58|62|64|85)|utf-?(?:8|16|32)(?:mb[34])?|ucs-?[24]|latin-?1"
    r"|iso-?8859|sha-?\d+|md[245]|crc-?\d+|blake[23][a-z]?|x509|pkcs-?\d+|rsa-?\d+|aes-?\d+"
    r"|[ex]25519|ed448|p256|http[23]|ipv[46]|u?int\d+|float\d+|i18n|l10n|rot13)(?!\w)"
)
# ... and more: a digit with both cases or a sign ("Pg-Secret-2291", "hunter2!"), or in lower
# case a word that names no format ("hunter22"; not "base64"), where a plain "word2" may be
# prose ("the password's 16-character minimum", "password -> argon2id")
_SECRETISH = (
    _MIXED + r"(?-i:(?=[^\s\"'`,;]*\d)"
    r"(?:(?=[^\s\"'`,;]*[A-Z])(?=[^\s\"'`,;]*[a-z])|(?=[^\s\"'`,;]*[!#$%&*+=?^~@])"
    r"|(?!" + _FORMAT_WORD + r")))"
)

# Quotes opening a value, besides the straight ones, the closing ones with _WHOSE_STOPS
_OPENING_QUOTES = "\u201c\u2018\u00ab"
# A numeronym's or a service's name, a digit in it ("k8s", "s3", "ec2", "2fa")
_NUMERONYM_NAME = r"(?i:k8s|k3s|i18n|l10n|a11y|o11y|e2e|s3|ec2|p2p|b2b|b2c|w3c|2fa)(?!\d)"

# Full-width sentence ends: a sentence in Chinese or Japanese runs on after one with no space
_FULL_WIDTH_ENDS = "\u3002\uff01\uff1f"
# What ends a password said with whose it is, as a space does ("Hunter2xyz/use it",
# "Hunter2xyz，use it", "Hunter2xyz、use it", "Hunter2xyz。Use it.", "Hunter2xyz！请使用",
# "Hunter2xyz—rotate it", "Hunter2xyz(old)": the words after it are the sentence's): a slash,
# full-width signs and sentence ends, dashes, an ellipsis, a parenthesis and the quotes around
# it ("“Hunter2xyz”", "«Hunter2xyz»")
_WHOSE_STOPS = (
    "/\uff0c\u3001\uff1a\uff1b" + _FULL_WIDTH_ENDS + "\u2014\u2013\u2026("
    + _OPENING_QUOTES + "\u201d\u2019\u00bb"
)
# ... but for a full-width sentence end that no sentence follows, a character of the password
# ("Hunter。2xyz", "Abc！def1", "Pass？Word1"): before a letter, a digit or a sign, but for a
# word of letters alone ("。Use it.")
# (its case read as written, in a rule that reads the rest in either)
_FULL_WIDTH_END_WITHIN = (
    "(?-i:[" + _FULL_WIDTH_ENDS + r"](?=[A-Za-z\d!#$%&*+=?^~@_-])"
    r"(?![A-Z][a-z]*(?:[\s\"'`,;.!?)]|$)))"
)
_WHOSE_WORD = "(?:[^\\s\"'`,;" + _WHOSE_STOPS + "]|" + _FULL_WIDTH_END_WITHIN + ")"
# ... read to its end, the sentence's signs after it left out (or a "!" in it: "Vault2!")
_WHOSE_WORD_ENDS = r"[.?)]*+(?!" + _WHOSE_WORD + r")"
# The words passwords are made of, and one of them or an account's name with its number
# ("Spring2026", "Welcome1", "Password123", "Admin123"): a password, not a product and its
# version ("OAuth2", "React18")
_PASSWORD_WORD = (
    r"(?i:spring|summer|autumn|fall|winter|welcome|password|passw0rd|changeme|letmein|secret|"
    r"hunter|qwerty|master|monkey|dragon|sunshine|princess|football|baseball|trustno)"
)
_PASSWORD_WORD_AND_NUMBER = rx.compile(
    r"(?:" + _PASSWORD_WORD + r"|(?i:admin|root|guest|pass))[#-]?\d+"
)
# A value said with whose password it is ("the password for prod is Hunter2xyz, use it"), where
# the sentence goes on after it, is hidden only when it is chosen as people choose passwords:
# a digit and both cases or a sign ("Hunter2xyz", "Summer2024!", "$ecretPass1"; not an id,
# "INC0042", "NIST-800-63B", "PR4411", nor a name in lower case, "jsmith42", "db01-prod",
# "svc-deploy2", which no shape tells from "hunter22"), and none of what the other rules read as
# no password: a variable standing for it ("$DB_PASSWORD2"), a hash's or a format's name
# ("Argon2id", "Base64", "IPv6-only"), a product and its version ("OAuth2", "React18", "Okta2FA",
# "1Password8", "TLS1.3"), a camelCase name ("getUserPassword2"), a length or an age ("16chars",
# "90d"), a word saying how it is kept ("2FA-protected", "1Password-managed"), a dotted or
# snake_case name ("settings.DB_PASS2", "user.password2", "db_pass2"), a path or a URL
# ("/etc/secrets/db2", "op://Prod2/db", "arn:aws:...", "~/.pgpass2"), code ("is_valid2(user)")
# or a class ("Argon2Hasher")
_CHOSEN_AFTER_WHOSE = (
    r"(?-i:(?!" + _PLACEHOLDER + r")(?=" + _SECRETISH + r")"
    r"(?=" + _WHOSE_WORD + r"*\d)"
    r"(?:(?=" + _WHOSE_WORD + r"*[A-Z])(?=" + _WHOSE_WORD + r"*[a-z])"
    r"|(?=" + _WHOSE_WORD + r"*[!#$%&*+=?^~@]))"
    # (a hash's name: _SECRETISH's _MIXED says it; nor a version's or a format's)
    r"(?!(?i:v\d|" + _FORMAT_WORD + r"))"
    # (a product and its version, an acronym after it: "Okta2FA", "GuestNet5G"; not a word
    # passwords are made of and its number, "Spring2026", "Welcome1", "Admin123", nor "Spring6":
    # said as a password's value, where the value ends the clause, it is hidden as one)
    r"(?!(?!" + _PASSWORD_WORD_AND_NUMBER.pattern + _WHOSE_WORD_ENDS + r")"
    r"\d*[A-Za-z]+\d+(?:\.\d+)*[A-Z]*" + _WHOSE_WORD_ENDS + r")"
    r"(?![a-z][a-z\d]*(?:[A-Z][a-z\d]*)+" + _WHOSE_WORD_ENDS + r")"
    # (a length, an age, "12+chars", "90d"; a product whose name starts with digits, "1Password",
    # "7-Zip"; acronyms joined by a plus, "2FA+TOTP"; an acronym, its version and a word,
    # "AWS4Auth", "DB2Prod"; a numeronym and a name, "K8sSecret-v2", "S3ReadOnly")
    r"(?!\d+\+?(?:[a-z]+|[A-Z]+)" + _WHOSE_WORD_ENDS + r")"
    r"(?!\d+-?[A-Z][a-z]+" + _WHOSE_WORD_ENDS + r")"
    r"(?![A-Z\d]+(?:\+[A-Z\d]+)+" + _WHOSE_WORD_ENDS + r")"
    r"(?![A-Z]{2,}\d+[A-Z][a-z]+" + _WHOSE_WORD_ENDS + r")"
    r"(?!" + _NUMERONYM_NAME + r"(?:-?[A-Z][a-z]+)+(?:-v\d+)?" + _WHOSE_WORD_ENDS + r")"
    # (a variable in any case, "$DbPass2", "$db_pass2", where "$ecretPass1" is a password; an
    # issue's or a ticket's number, "PR#4411", "GH#12"; the characters it may hold, "a-Z0-9")
    r"(?!\$(?:[A-Z_][A-Za-z\d_]*|[a-z][a-z\d]*_[a-z\d_]*)" + _WHOSE_WORD_ENDS + r")"
    r"(?![A-Z]{0,6}#\d+" + _WHOSE_WORD_ENDS + r")"
    r"(?!(?:[A-Za-z\d]-[A-Za-z\d])+" + _WHOSE_WORD_ENDS + r")"
    r"(?!" + _WHOSE_WORD + r"*?-[a-z]{2,}" + _WHOSE_WORD_ENDS + r")"
    r"(?![A-Za-z\d]+(?:[._]+[A-Za-z\d]+)+" + _WHOSE_WORD_ENDS + r")"
    # (a call's name ends at its parenthesis, "is_valid2(user)", and is a snake_case or a
    # camelCase name)
    r"(?![~.])(?!" + _WHOSE_WORD + r"*[:\\\[{])"
    r"(?!" + _WHOSE_WORD + r"*" + _CLASS_NAME_END + r"(?![a-z])))"
)


# In the prose rule, a password said as what it is now or was ("the password was Hunter2xyz",
# "the password they sent was ...", "... is now ..."), whose it is left unsaid: its value is read
# as chosen (``_CHOSEN_AFTER_WHOSE``), the groups ``was`` or ``now`` ("is now", "is still", "is
# currently") say it
# ("| prod password | is Hunter2xyz |", a table's row, the group ``cell``: its "is" read as "was",
# a value in a row's cell is as often a hash, a path or a type, "| password | is bcrypt |"; not
# of a thing named for passwords, ``thing`` below, "| password reset ticket | is Jira-1234 |")
_SAID_NOW_OR_WAS = r"(?(was)|(?(now)|(?(thing)(?!)|(?(cell)|(?!)))))"
# The name's cell of a markdown table's row ending, the verb opening the next: "| prod password |
# was Hunter2xyz |" (spaced, as a table writes it: the regex "password|was|x" is none)
_TABLE_CELL_ENDS = r"(?<=[ \t])\|[ \t]+"
# ... but not of a thing named for passwords, the first or second word after it (not the verb,
# nor whose password it is: "the password for tests was ..."), whose name or number follows ("the
# password reset ticket was Jira-1234", "the password sync job is currently Sync-Job2", "the
# password header was X-Auth2"): that sentence is read as before those verbs were, by "is" alone
_THING_NAMED_FOR_PASSWORDS = (
    r"(?:ticket|bug|issue|pr|mr|commit|branch|job|task|epic|story|feature|test|header|migration"
    r"|name|team|release|sprint|work|script|hook|cron|spec)s?"
)
# ... and the words a relative clause after "password" opens with ("the password my team set",
# "the password the team uses", "the password that our team chose")
_OPENS_A_CLAUSE = (
    r"my|our|your|their|his|her|its|the|a|an|this|that|which|who|we|they|you|i|he|she|someone"
)
# ... and what it was made, said after "was", "has been" or "is now": "the password was changed
# to Hunter2xyz", "... has been reset to ...", "... is now set to ..." (the value after it read as
# after "was" alone; "was changed to 2FA" and "was changed yesterday" stay as said)
_MADE_TO = r"(?:changed|set|reset|updated|rotated|switched)\s+to\b"
# ... as one line writes it (a rule that reads no line break)
_MADE_TO_ON_ONE_LINE = _MADE_TO.replace(r"\s+", r"[ \t]+")


def _prefix(literal: str, width: int) -> str:
    """``literal`` (a regex of ``width`` characters) where a word starts, as ``\\b`` before it
    would say; written after it instead, so the regex engine can look for the literal first
    (a leading ``\\b`` makes it try every position of the text: 10-20x slower)."""
    return rf"{literal}(?<!\w.{{{width}}})"


def _value_to_its_end(least: int) -> str:
    """A value of at least ``least`` characters up to the space, quote, comma or semicolon
    ending it, the sentence's signs after it (".", "!", "?", ")") left out, as the group
    ``([^\\s"'`,;]{least,}?)`` followed by ``(?=[.!?)]*(?:[\\s"'`,;]|$))`` takes it: that
    lazy group asked the lookahead again at each character it grew by, and the lookahead read
    the signs to their end each time ('PASSWORD=${PW} # Ab1' and 20,000 dots: 8 s). Greedy to
    the last character that is no sign, the value is read once (the same span). Then a closing
    quote, if any, and that lookahead, as every rule using it ends."""
    word = r"[^\s\"'`,;]"
    return rf"({word}{{{least}}}(?:{word}*[^\s\"'`,;.!?)])?)" + _CLOSED_TO_ITS_END


_CLOSED_TO_ITS_END = r"[\"'`]?(?=[.!?)]*(?:[\s\"'`,;]|$))"


def _value_read_once(
    least: int, signs: str, *, sentence_ends: str = "", stops: str = "", within: str = ""
) -> str:
    """The group ``([^\\s"'`,;]{least,}?)`` of a rule whose tail after it reads on over
    ``signs`` (the value's characters it may take for the sentence's) before asking what
    follows: the lazy group asked the tail at each character it grew by, and the tail read the
    signs to their end each time ('login admin / Ab1' and 20,000 dots: 25 s). Read once, to
    the same span: greedy to its last character that is none of ``signs``, where the tail
    asks once what follows the run; where that fails, to the run's last sign that is none of
    ``sentence_ends`` where the tail takes ``[<sentence_ends>]+\\s`` for a sentence's end
    ("Ab1).. We"), then to the word's end, where a closing quote may follow ('"Ab1..."').
    Between these places the tail reads the same run and asks the same of what follows it,
    failing as at the first; before the first, a character that is no sign follows the
    value, and every tail fails on it. ``stops``: more characters that end the value, as a
    space does; ``within``: a pattern of one of them that is the value's where it stands
    (never its last character)."""
    word = rf"[^\s\"'`,;{stops}]"
    if within:
        word = rf"(?:{word}|{within})"
    run = rf"[{signs}]++"
    if sentence_ends:
        others = "".join(c for c in signs if c not in sentence_ends)
        run = rf"[{signs}]*[{others}](?=[{sentence_ends}]+\s)|" + run
    return rf"({word}{{{least}}}(?:{word}*[^\s\"'`,;{stops}{signs}])?(?:{run})??)"


# An AWS secret key said in prose near "AWS" or "secret" ("AWS secret wJalr...", "the secret
# for the deploy user, wJalr..."): 40 characters, upper, lower and digits mixed (a git hash is
# hex in lower case), starting with one of them (a path starts with "/"), and random: a
# CamelCase name or a path of words has too little entropy (see ``_RANDOM_BITS``).
_AWS_SECRET_IN_PROSE = rx.compile(
    r"(?i:\b(?:aws|secret)\b)[^\n]{0,60}?(?<![A-Za-z0-9/+=])"
    r"((?=[A-Za-z0-9/+]*[0-9])(?=[A-Za-z0-9/+]*[a-z])(?=[A-Za-z0-9/+]*[A-Z])"
    r"[A-Za-z0-9][A-Za-z0-9/+]{39})(?![A-Za-z0-9/+=])"
)
# Where a variable's default starts: "${NAME:" right before its sign, "${NAME:-" or "${NAME="
# right before its value
_DEFAULT_OF = rx.compile(r"\$\{[A-Za-z_]\w*:\Z")
_DEFAULT_AT = rx.compile(r"\$\{[A-Za-z_]\w*:?[-=+]\Z")
_URL_USER_KEY = rx.compile(r"://([A-Za-z0-9_-]{16,})@")
# A password holding a '/' ("postgres://bob:1234/abcdSECRET@db:5432/x", "http://u:pass/word@h/"):
# the url-password rule stops at the '/', and a client reads "bob:1234" as a host and its port.
# An '@' in a path is common ("http://api:8000/alice@example.com", "http://grafana:3000/d@ops",
# "http://web:8080/user@example.com/profile"): hidden, the memory saying it was dropped as a
# secret. So it is read as a password only where the '@' starts a second authority: a host
# (a letter in it, or four numbers) followed by its port, or by a path when what stands
# before the '/' can be no port (a sign or letter in it); digits before the '/' (a port), or
# a placeholder for one ("${PORT}", "$PORT", "{port}", "%d": _PORT_BEFORE_SLASH), need the
# host's port after the '@'. Either way the user is no host's name (no dot, not localhost):
# "http://localhost:${PORT}/alice@example.com/profile" is a host, its port and a path.
# A '?' or '#' before the '/' is a query or fragment ("localhost:3000?to=/u@example.com").
# (Atomic runs: linear.)
_PORT_BEFORE_SLASH = (
    r"(?:\d++|\$\{[^\s{}/@\"'<>]++\}|\$[A-Za-z_]\w*+|\{\{?[^\s{}/@\"'<>]++\}\}?|%[a-z])/"
)
URL_PASSWORD_WITH_SLASH = rx.compile(
    r"\b(?:(?<![a-zA-Z0-9+.-])|(?=[a-zA-Z0-9+.-]{1,32}://))[a-zA-Z][a-zA-Z0-9+.-]*+://"
    # (the user, no host's name; then what says the part before the '/' is no port, or a
    # port and the host's port after the '@')
    r"(?!(?i:localhost):)(?=[^\s:/@\"'<>\[\].]*+:"
    rf"(?:(?!{_PORT_BEFORE_SLASH})\d*+[^\s@/\"'<>\d]"
    rf"|{_PORT_BEFORE_SLASH}(?=[^\s@/\"'<>?#]++@[A-Za-z0-9.-]++:\d)))"
    r"[^\s:/@\"'<>\[\]]*+:([^\s@/\"'<>?#]++/[^\s@/\"'<>?#]++)"
    # (the host: a name with a letter in it, or four numbers; then its port, or a path)
    r"@(?=[\d.-]*+[A-Za-z]|\d{1,3}(?:\.\d{1,3}){3}(?![\w.-]))"
    r"(?=[A-Za-z0-9.-]++(?::\d{1,5}+(?![\w.@:-])|/))"
)
# Bits per character below which 40 characters read as words: random base64 has 4.35+ in
# 998.8 of 1,000 draws; "ProdBillingAccount2026CoreServicesLedger" has 4.23.
_RANDOM_BITS = 4.35

# A name that says its value is a credential: a bare "key" does not (a sort, cache, flag or
# partition key, a GPG key's public id), one of what a key is for does ("API key", "signing
# key"), and so does an environment constant ending in KEY ("SECRET_KEY", "KEY=").
_NAMED_RANDOM = rx.compile(
    r"(?:(?i:secret|token|passw(?:or)?d|pwd|passphrase|salt|credential)s?"
    r"|(?i:api|access|secret|private|signing|encryption|master)[\s_-]?(?i:key)s?"
    # (one word before it at most: the value after "A_B_..._KEY" is the one after "B_KEY",
    # its last two words, which the rule reads where they start; read from each of the words
    # before them, 'the token is A' and 12,000 '_B' took 6 s)
    r"|(?<![A-Za-z0-9])(?:[A-Z][A-Z0-9]*_)?KEY"
    # ... or any key given a long random value ("The HMAC key is 7d1f...", "stripe_key=a8Kj...":
    # ``_random`` asks more of it: not a short hex id, "The GPG key is 4AEE18F83AFDEB23")
    # (its leading word taken whole, from where a word starts: tried at each letter of a
    # long run, "xxxx...", the run was read to its end from each one, a hang on 300k of them)
    r"|(?P<bare>(?i:(?:(?<![a-z0-9])[a-z0-9]+[_-])?key)))\b[\"'`]?(?:\*{1,2})?"
    # (or straight after the name: "our Datadog API key 9f8e7d6c...", "**staging token**" /
    # the value on the next line, or as a list's item there: "staging token" / "- Xk9m...")
    r"(?:\s*(?:[:=]|\b(?i:is|to)\b)\s*|[ \t]*\n[ \t]*[-*+][ \t]+|\s+)[\"'`]?(?!\[REDACTED)"
    # (greedy to its last character that is no "!", the one sign of a sentence a value may hold:
    # a lazy value asked at each "!" whether only signs followed, to their end, as in
    # ``_value_to_its_end``; the same span)
    r"([\w+/=!@#$%^&*~-]{16}(?:[\w+/=!@#$%^&*~-]*[\w+/=@#$%^&*~-])?)(?=[.!?)]*(?:[\s\"'`,;]|$))"
)

# A token, or a key named for what it opens, given a value ("the token is Qx-Token-99812",
# "token=...", "api_token: ...", "the deploy token is Pg-Secret-2291", "The api key is ...",
# "the access token's Xk9mQ7vL8pR4tW2z", "use the deploy token Pg-Secret-2291"): unlike
# "password", "key" and "token" name much that is no secret (a sort, partition, S3, i18n or
# idempotency key, a key on the keyboard, a page token, a model's tokens), so the name must say
# credential (``_credential_name``: a plain "the token", or "key"/"token" after "api",
# "deploy", "access"...) and the value must read as one (``_credential_value``: random, or
# naming itself a token or secret); name and value on one line. The value is read in a look
# ahead from the name's "k" (the rarest letter of both names, looked for first), so a name
# that is no credential's ("the monkey: api_key=...") leaves the next name on its line to be
# read; at most 200 characters are read from each.
_PLAIN_NAMED = rx.compile(
    r"[kK](?=(?:(?<=[tT][oO][kK])[eE][nN]|[eE][yY])(?![A-Za-z0-9_])[\"'`]?(?:\*{1,2})?"
    # ("is", or what it was or is now: "the token was ...", "is now ...", "became ...", what it
    # was made: "changed to", "was rotated to", "is now set to"; or an arrow: "token -> ...")
    r"(?:[ \t]*(?:->|=>|\u2192|[:=]|\b(?i:(?:(?:is|was|has[ \t]+been)[ \t]+)?(?:now[ \t]+)?"
    + _MADE_TO_ON_ONE_LINE + r"|is(?:[ \t]+now)?|was|became)\b(?:[ \t]*:)?)"
    r"|['\u2019]s(?=[ \t])|(?=[ \t])|(?<=\*)(?=[ \t]*\n))"
    # (the value alone on the next line after a colon or a name in bold: "Grafana token:" /
    # "Qx-Token-99812", "**staging token**" / "- Qx-Token-99812")
    # (in quotes of another kind too: "\u201cabc123XYZ987\u201d", "\u00ab abc123XYZ987 \u00bb",
    # "\u300cabc123XYZ987\u300d")
    r"(?:\*{1,2}(?=\s))?(?:(?<=[:=*])[ \t]*\n[ \t]*(?:[-*+][ \t]+)?)?[ \t]*"
    r"(?:[\"'`\u300c" + _OPENING_QUOTES + r"][ \t\u00a0]?)?(?!\[REDACTED)"
    # (the word whole, taken once: a look ahead is never read again for less, so a run of
    # "token=token=..." costs 200 characters from each name and no more; of _NAMED_RANDOM's
    # characters, so a file's name, "Signing-Key-2291.pem", a pair, "sess:8f14e45f...", or
    # code, "get_token()", is none)
    # (a sentence's full stop in CJK ends it too, "... is abc123XYZ987\u3002", and so does a
    # bracket's "]", an index line's title ending at its link, "- [The token is
    # abc123XYZ987](x.md)", or a stray one, "- the token is abc123XYZ987]": read as the value's,
    # the value was no token's, and the dream, making the line a title with its "]" a ")", read
    # one there and refused the MEMORY.md it wrote)
    r"(?=([\w+/=!@#$%^&*~-]{10,200}))\1"
    r"(?=[.!?):]*(?:[\s\"'`,;\]\u201d\u2019\u00bb\u300d\u3002]|$)))"
)
# What "key" or "token" is for when it names a credential: "api_key", "the deploy token", "our
# GitHub token", "signing key" (not "sort key", "cache key", "next_token", "page token")
_CREDENTIAL_WORDS = frozenset({
    "access", "admin", "api", "app", "auth", "bearer", "bot", "client", "deploy", "encryption",
    "gh", "github", "gitlab", "hmac", "jwt", "master", "npm", "oauth", "personal", "private",
    "pypi", "refresh", "runner", "secret", "service", "session", "signing", "slack", "webhook",
})
# ... and for a token only: where it is used, or none at all ("the token", "my new token")
_TOKEN_ONLY_WORDS = frozenset({
    "a", "an", "ci", "her", "his", "my", "new", "our", "prod", "production", "same", "staging",
    "that", "the", "their", "this", "your",
})
# Words before "key" or "token" that name what no credential is, whatever its value looks like: a
# database's or a store's key, a page's token, a model's tokens ("the partition key: ...",
# "next page token: ...", "the pad token: ...")
_NO_CREDENTIAL_WORDS = frozenset({
    "bos", "cache", "cls", "column", "composite", "compound", "config", "continuation",
    "cursor", "dedup", "dedupe", "dict", "dictionary", "eos", "etcd", "foreign", "gpg", "hash",
    "i18n", "idempotency", "index", "join", "json", "kafka", "locale", "lookup", "map", "mask",
    "message", "model", "natural", "next", "object", "pad", "page", "pagination", "partition",
    "pgp", "primary", "public", "redis", "registry", "routing", "row", "s3", "sep", "shard",
    "sort", "special", "surrogate", "sync", "translation", "unique", "unk", "yaml",
})
# ... and words a sentence may start with before "Key is" or "Token is" that are no name of a
# product ("Each key is ...", "The key is ...")
_NOT_A_PRODUCT = _TOKEN_ONLY_WORDS | {
    "another", "any", "each", "every", "first", "last", "no", "old", "one", "other", "second",
    "some", "which", "whose",
}
# The word right before a name, and what joins them: "api" and "_" in "api_token", "deploy"
# and " " in "the deploy token", none in "**Token:**"
_WORD_BEFORE = rx.compile(r"(?:([A-Za-z0-9]+)([ \t]+|[_-]|))?\Z")
# A value naming itself what it is: "Qx-Token-99812", "Pg-Secret-2291" (a word of its own
# between signs, not "Tokenizer-2", "Monkey-42", "Keycloak-21", a header's "X-API-Key2")
_NAMES_ITSELF = rx.compile(
    r"(?<![A-Za-z0-9])(?i:token|secret|key|passw(?:or)?d|pass|pwd)(?![A-Za-z0-9])"
)
# A name in code rather than a value: a constant ("GITHUB_TOKEN2"), a name in lower case
# ("api_key_2", "refresh-token-v2")
_CODE_NAME = rx.compile(r"[A-Z][A-Z0-9]*_[A-Z0-9_]*|[a-z0-9_-]+")
_DIGIT = rx.compile(r"\d")
# A value naming itself after a word of its own, and a number: "Winter-Secret-2025",
# "Deploy-Key-2000", whose number says nothing (a year, a round one): the words say which
# secret, the value is one (not "Key-Vault-2024" or "Token-Bucket-1000", named for a thing,
# nor "RSA-Key-2048", a key's algorithm and size, nor "Token-Format-V2")
_NAMES_ITSELF_AFTER_A_WORD = rx.compile(
    r"(?<![A-Za-z0-9])[A-Za-z][a-z]+[-_.](?i:token|secret|key|passw(?:or)?d|pass|pwd)"
    r"(?![A-Za-z0-9])(?=.*?(?<![A-Za-z0-9])\d{2,}(?![A-Za-z0-9]))"
)
# ... unless its first word says that it stands in for one, or labels a release's key:
# "Test-Token-2024" and "Sample-Key-2024" a fixture's or the docs' stand-in, "Release-Key-2024"
# a GPG subkey's label (a season, a place, an account or the kind of credential, "Winter-",
# "Deploy-", "Admin-", "Session-", "Client-", "Access-", "My-", is no such word: those
# name real ones)
_ROLE_OR_PLACEHOLDER_WORDS = frozenset({
    "demo", "dummy", "example", "fake", "mock", "placeholder", "release", "sample", "stub",
    "test",
})
# A name's value given as a setting's, after its closing quote or emphasis: "token: ", "key="
_SAYS_SET = rx.compile(r"[\"'`]?(?:\*{1,2})?[ \t]*[:=]")
# A number of its own in a value: "99812" in "Qx-Token-99812" (not "V2" in "Token-Format-V2",
# "25519" in "ED25519-Key")
_NUMBER = rx.compile(r"(?<![A-Za-z0-9])\d{3,}(?![A-Za-z0-9])")
# The words of a value: "Deploy", "Key" in "Deploy-Key-2024"
_VALUE_PART = rx.compile(r"[A-Za-z]+")


def _word_before_name(text: str, k: int) -> re.Match[str] | None:
    """``_WORD_BEFORE`` read right before the "key" or "token" whose "k" is at ``k``, within 40
    characters and on its own line (what the line before says is no part of its name)."""
    start = k - 2 if text[k + 2] in "nN" else k
    reach = max(0, start - 40)
    line = text.rfind("\n", reach, start)
    return _WORD_BEFORE.search(text, reach if line < 0 else line + 1, start)


def _credential_name(text: str, k: int) -> str | None:
    """The word saying what the "key" or "token" whose "k" is at ``k`` is for ("deploy", "";
    lower case) when it names a credential: one of ``_CREDENTIAL_WORDS`` (a token's one of
    ``_TOKEN_ONLY_WORDS`` too, or none), read on its line only (what the line before says is
    no part of its name); else None."""
    token = text[k + 2] in "nN"
    before = _word_before_name(text, k)
    if before is None or before[1] is None:
        word, join = "", ""
    else:
        word, join = before[1].lower(), before[2]
    # (a word running on into the name is another word, "monkey", "tokenizer", unless it
    # names a credential: "apikey")
    if word in _TOKEN_ONLY_WORDS and join[:1] not in (" ", "\t"):
        return None
    return word if _says_credential(word, token=token) else None


def _says_credential(word: str, *, token: bool) -> bool:
    """True when ``word`` (lower case, "" for none), the word before "key" or "token" (``token``),
    makes the name a credential's: one of ``_CREDENTIAL_WORDS`` ("api", "deploy"), and for a
    token one of ``_TOKEN_ONLY_WORDS`` ("the", "staging") or none ("| token |"). A sentence's
    name (``_credential_name``) and a table's row of two cells (``_table_value``) ask this."""
    return word in _CREDENTIAL_WORDS or (token and (not word or word in _TOKEN_ONLY_WORDS))


# Whose a key is, said before it ("my key", "our key")
_OWNERS = frozenset({"my", "our", "your", "their", "his", "her"})
_HEX_ONLY = rx.compile(r"[0-9A-Fa-f]+")


def _named_by_a_word(text: str, k: int, value: str) -> str | None:
    """The word before the "key" or "token" whose "k" is at ``k`` (lower case) where it names
    some thing's credential though no word of ``_CREDENTIAL_WORDS`` says so: any word but one
    of ``_NO_CREDENTIAL_WORDS`` when a ":" or "=" gives the value ("Grafana token:
    Qx-Token-99812"), a product's name when "is" does ("the Stripe key is Xk9mQ7vL8pR4tW2z"),
    its ``value`` then in both cases and with a digit, as a generated key is, or whose the key
    is (``_OWNERS``: "my key is now xyz987abc654") when the value is generated and no hex id;
    else None."""
    before = _word_before_name(text, k)
    # (a word of its own: "sort_key", "next_token" and "monkey" are other names)
    if before is None or before[1] is None or before[2][:1] not in (" ", "\t"):
        return None
    word = before[1].lower()
    if word in _NO_CREDENTIAL_WORDS:
        return None
    if _SAYS_SET.match(text, k + 3):
        return word
    # (one's own key given a generated value, "my key is now xyz987abc654", as "my key:" gives
    # it; not a key's id in hex, "My key is 4AEE18F83AFDEB23", a GPG key's)
    if (word in _OWNERS and k + 2 < len(text) and text[k + 2] in "yY"
            and _generated(value) and _HEX_ONLY.fullmatch(value) is None):
        return word
    # (a product's name is capitalised, "Stripe", "AWS"; a sentence's first word is too, "The")
    if (before[1][0].isupper() and word not in _NOT_A_PRODUCT
            and any(c.isupper() for c in value) and any(c.islower() for c in value)):
        return word
    return None


def _chosen(number: str) -> bool:
    """True when ``number`` (3+ digits) says nothing of itself, as a secret's digits: not a
    year ("Key-Vault-2024"), a key's size in bits ("RSA-Key-2048") or a round count
    ("Token-Bucket-1000")."""
    n = int(number)
    return not (1900 <= n <= 2099 or n % 100 == 0 or n & (n - 1) == 0)


def _opens_with_a_role(value: str) -> bool:
    """True when the first word of ``value`` is one of ``_ROLE_OR_PLACEHOLDER_WORDS``
    ("Release" in "Release-Key-2024")."""
    first = _VALUE_PART.match(value)
    return first is not None and first[0].lower() in _ROLE_OR_PLACEHOLDER_WORDS


def _credential_value(value: str, name: str, *, generated: bool) -> bool:
    """True when ``value``, given to a credential named for ``name`` (``_credential_name``),
    reads as one: random (``_random``), or naming itself a token, key, secret or password,
    with a number of its own that no one chose for what it means (``_chosen``), in both
    cases ("Qx-Token-99812", "Pg-Secret-2291"), and no name in code ("GITHUB_TOKEN2",
    "TokenV2Handler") and no label repeating the name ("the deploy key is Deploy-Key-2291"
    names the key). ``generated``: a value generated as an issuer makes one
    (``_GENERATED``, ``_GENERATED_LOWER``) is one too; a sentence and a list under a name
    asks that, a table's row of a row of two cells alone."""
    # (asked of the whole word by a regex, not a step of Python a character: a run of
    # "token=token=..." gives 30 such words of 180 characters each from every 186)
    if not _DIGIT.search(value):
        return False
    # (or generated, as an issuer makes one: "the token is abc123XYZ987", too short for
    # ``_random``, was shown and a dream kept it)
    if _random(value) or (generated and _generated(value)):
        return True
    return (_NAMES_ITSELF.search(value) is not None
            and (any(map(_chosen, _NUMBER.findall(value)))
                 or (_NAMES_ITSELF_AFTER_A_WORD.search(value) is not None
                     and not _opens_with_a_role(value)))
            and any(c.isupper() for c in value) and any(c.islower() for c in value)
            and value[0] not in "$%" and "/" not in value
            and _CODE_NAME.fullmatch(value) is None and not _identifier(value)
            # (a name saying secret says nothing of a label: "the secret key is Pg-Secret-2291")
            and (name in _TOKEN_ONLY_WORDS or _NAMES_ITSELF.fullmatch(name) is not None
                 or name not in {part.lower() for part in _VALUE_PART.findall(value)}))


# A markdown table's row giving a credential's value in the cell after its name ("| token |
# Qx-Token-99812 |", "| Grafana admin password | `Hunter2xyz!` |"): the name ends its cell, the
# value is a word alone in the next ("| token | where it lives |", a header, is none), read
# from the pipe before the name (the rarest sign of the row, looked for first). Whether the
# value reads as one is asked after (``_table_value``). The value's cell may open with what it
# is or was ("| secret | is Hunter2xyz |", "| api token | was ... |", "| key | is now ... |"),
# the group ``verb``: read as a password's row is (``_SAID_NOW_OR_WAS``), only a value chosen
# as people choose passwords is one (``_CHOSEN_IN_A_ROW``); a row named for a thing, "| secret
# manager | is Vault |", has no credential's name ending its cell and is none
# A cell's value alone, in backticks, quotes or bold: the closing "**" of a value opened in bold
# is no part of it ("| api key | **sk-live-abcdef123456** |" read "sk-live-abcdef123456**", no
# issuer's shape, and a password's was hidden with it, the row's bold left open), nor is an
# italic mark inside the bold ("***sk-live-...***", "**_ghp_..._**", "**sk-live-...***": read
# with the mark, the value had no issuer's shape and was shown), nor a closing mark over
# ("**sk-live-...****" read "sk-live-...**")
_CELL_VALUE = (
    # (bold never closed, "| password | **Hunter2xyz |": its "**" passed over as before)
    r"(?:(?P<bold>\*\*)[*_]?|(?:\*\*)?)[`\"']?(?!\[REDACTED)"
    r"(?P<value>(?(bold)[^\s|`\"']{6,200}?(?=[`\"']?[*_]?\*\*)|[^\s|`\"']{6,200}))"
    r"[`\"']?(?(bold)[*_]?\*\*\**+)"
)
_TABLE_CELL = rx.compile(
    r"\|[ \t]*(?:\*\*|__)?(?P<cell>[^|\n]{0,60}?)(?<![A-Za-z0-9])"
    r"(?P<name>(?i:passw(?:or)?d|passphrase|pwd|secret|token|key|credentials?|creds))"
    # (a space before the value, as a table is written: "password|passw0rd|changeme" in code
    # is a regex's alternation)
    r"(?:\*\*|__)?[ \t]*\|[ \t]+"
    r"(?P<verb>(?i:is(?:[ \t]+(?:now|still|currently))?|was)"
    r"(?:[ \t]+" + _MADE_TO.replace(r"\s+", r"[ \t]+") + r")?[ \t]+)?"
    + _CELL_VALUE + r"[ \t]*(?=\|)"
)
# ... the word in the name's cell right before it ("admin" in "Grafana admin token")
_CELL_LAST_WORD = rx.compile(r"([A-Za-z0-9]+)[ \t_-]*\Z")
# ... and a password's, a secret's or credentials' value: letters and a digit or a sign, no
# path ("secret/grafana"), no variable or template, no hash's name ("argon2id"), no version
_TABLE_SECRET = rx.compile(
    r"(?!" + _PLACEHOLDER + r")(?!" + _PROSE_WORD + r")"
    r"(?!" + _HASH_NAME + r")"
    r"(?![A-Z][A-Z0-9]*_[A-Z0-9_]*\Z)" + _SECRETISH + r"[^\s/\\]+"
)


# A value generated, not chosen: 10 or more letters and digits, both cases, the digits in two
# runs or more with letters between ("abc123XYZ987", "9fK2mQ7xLp"), no capitalised word in it
# ("3Blue1Brown") and no hex literal ("0xDeadBeef00"); one digit run is a name's, a size's or a
# version's as often ("utf8MB4", "k8sAPI", "AES256gcm", "2FAcode")
_GENERATED = (
    r"(?-i:(?=[A-Za-z\d]{10,}\Z)(?!0[xX])(?=[^|]*[A-Z])(?=[^|]*[a-z])(?=[^|]*\d[A-Za-z]+\d)"
    r"(?![^|]*[A-Z][a-z]{2}))"
)
_GENERATED_VALUE = rx.compile(_GENERATED + r"[A-Za-z\d]+")
# ... and, said of a credential in a sentence, one in lower case alone, the same digits in two
# runs or more with letters between ("the API token is now xyz987abc654", "a8kj3mq9xz"): a
# dream kept it, where "xyz987ABC654" was hidden. No run of 4 letters or more: that is a
# word with its count, and words joined by numbers name a thing ("region1shard2", "c5n18xlarge",
# "cl100kbase2", "base64url2enc"), as a hex id's letters run on ("4aee18f83afdeb23"); no hex
# literal ("0x1f2e3d4c5b") and no version ("v2beta3release")
_GENERATED_LOWER_SHAPE = (
    r"(?-i:(?!v\d|0x)(?=[a-z\d]{10,}\Z)(?![a-z\d]*?[a-z]{4})(?=[a-z]*\d+[a-z]+\d))"
)
_GENERATED_LOWER = rx.compile(_GENERATED_LOWER_SHAPE + r"[a-z\d]+")


def _generated(value: str) -> bool:
    """True when ``value`` is generated as an issuer makes one, in both cases or lower case
    alone (``_GENERATED_VALUE``, ``_GENERATED_LOWER``)."""
    return (_GENERATED_VALUE.fullmatch(value) is not None
            or _GENERATED_LOWER.fullmatch(value) is not None)
# ... and, in a key's, a token's or a secret's row, what a word chosen with a digit in it names
# there, where a password's row hides it: a hex literal ("0xFF00aa"), a size, a unit, an
# ordinal or a product opening with its number ("100GiB", "10MBps", "256bitAES", "3rdParty",
# "4oMini", "8kContext", "3DSecure", "2xLarge"), an acronym, its size and a mode ("AES256gcm"),
# two words joined by a number ("Ctrl2Shift", "H264Codec"), a header's name ("X-Api-Key2")
_NAMED_IN_A_ROW = (
    r"0[xX][\dA-Fa-f]+\Z|\d+[A-Za-z]|[A-Z]{2,}\d+[a-z]+\Z"
    r"|(?:[A-Z]+|[A-Z]?[a-z]+)\d+[A-Z][a-z]+\Z|[A-Z][A-Za-z]*(?:-[A-Z][a-z]+)+\d*\Z"
)
# ... and a value said after "is" or "was" in a row ("| secret | is Hunter2xyz |"): one generated
# (``_GENERATED``), or chosen as people choose passwords, as the password's row reads it
# (``_CHOSEN_AFTER_WHOSE``; not a hash's name, a path, a version, "| secret | is rotated daily
# |", "| token | is OAuth2 |") and no word a key's or a token's row names (``_NAMED_IN_A_ROW``)
_CHOSEN_IN_A_ROW = rx.compile(
    r"(?!" + _PROSE_WORD + r")(?!" + _HASH_NAME + r"|v\d)"
    r"(?:" + _GENERATED + r"|" + _GENERATED_LOWER_SHAPE + r"|(?-i:(?!" + _NAMED_IN_A_ROW + r"))"
    + _CHOSEN_AFTER_WHOSE + r")"
    r"[^\s|`\"']+"
)


# ... and in a row of two cells, a key's or a token's value as its issuer makes one: generated
# (``_GENERATED``: "abc123XYZ987", "9fK2mQ7xLp"), or prefixed with its kind and where it is
# used ("sk-live-abcdef123456", "pk_test_51Hq8Zd2x9": words in lower case joined by "-" or "_",
# then letters and 4+ digits, 10+ characters; not "cl100k_base", "gpt-4o-mini",
# "text-embedding-3-small", "release-20240101", "gh-actions2024": a name, a model, a day, a word
# and its year). Not a word chosen with a digit, as a password is: a key or a token is
# generated, and what such a row names in that shape is a thing and its version, size or stage
# ("XChaCha20-Poly1305", "YubiKey-5C", "Python-3.11", "Llama-3-8B", "Staging-2", "Tier-2") or
# keys joined by "+" ("Alt+F4")
_ISSUED_IN_A_ROW = rx.compile(
    r"(?:" + _GENERATED + r"[A-Za-z\d]+|" + _GENERATED_LOWER_SHAPE + r"[a-z\d]+"
    r"|(?-i:[a-z]{2,8}(?:[-_][a-z]{2,8}){0,2}[-_](?=[A-Za-z\d]*[A-Za-z])"
    r"(?=(?:[A-Za-z]*\d){4})(?![A-Za-z]+(?:19|20)\d\d\Z)[A-Za-z\d]{10,200}))"
)


def _issued_whole(value: str) -> bool:
    """True when an issuer's own pattern (``_PATTERNS``' group-0 rules: aws-access-key,
    slack-token, github-token, ...) reads ``value`` whole."""
    return any(pattern.fullmatch(value) is not None
               for _, pattern, group, _ in _PATTERNS if group == 0)


# A value between emphasis marks, "_" or "*", one to three of them each side ("_abc123XYZ987_",
# "*sk-live-abcdef123456*", "__ghp_..._"): the marks read as part of it, it matched no shape
# of a credential's value (``_marked_inner``)
_EMPHASIS_MARKS = "*_"
# A value between marks of bold or italics, the marks with the sentence's closing signs inside
# or after them: "**abc123XYZ987**", "*abc123XYZ987*.", "abc123XYZ987.**" (the value, group 1)
_MARKED_VALUE = rx.compile(r"\*{0,3}([^*]+?)[.!?):]*\*{0,3}[.!?):]*")


def _marked_inner(value: str) -> tuple[int, int] | None:
    """Where ``value`` is once its emphasis marks are left out, when it opens and closes with
    one to three of them ("_" or "*", as italics and bold are written) and holds more; else
    None. Where an issuer's own value opens with "_" (none does) its first "_" would be read as
    a mark: only a value read as it is first is asked this."""
    opening = len(value) - len(value.lstrip(_EMPHASIS_MARKS))
    closing = len(value) - len(value.rstrip(_EMPHASIS_MARKS))
    if not (1 <= opening <= 3 and 1 <= closing <= 3) or opening + closing >= len(value):
        return None
    return opening, len(value) - closing


def _read_or_marked(value: str, reads: Callable[[str], bool]) -> tuple[int, int] | None:
    """Where in ``value`` the secret ``reads`` finds is: all of it when it reads as one as it is,
    else what its emphasis marks hold when that does (``_marked_inner``: "_abc123XYZ987_", the
    marks kept); else None."""
    if reads(value):
        return 0, len(value)
    inner = _marked_inner(value)
    if inner is not None and reads(value[inner[0]:inner[1]]):
        return inner
    return None


def _named_value_span(value: str, name: str | None) -> tuple[int, int] | None:
    """Where in ``value``, said of a token or a credential's key named for ``name``
    (``_PLAIN_NAMED``; None when no word says credential), its secret is: an issuer's value
    read whole between emphasis marks ("_ghp_..._", where its pattern took the "_" before it
    for a word's letter), else a credential's value as it is or between them
    (``_read_or_marked``)."""
    # (the issuer's first, inside the marks: "token -> **ghp_...**" read whole, marks and all,
    # hid them and gave the issuer's pattern's hit, '**[REDACTED:github-token]**', no place)
    inner = _marked_inner(value)
    if inner is not None and _issued_whole(value[inner[0]:inner[1]]):
        return inner
    if name is None:
        return None

    def reads(read: str) -> bool:
        return _credential_value(read, name, generated=True)

    found = _read_or_marked(value, reads)
    if found is None:
        # (or its bold closed after it only, opened before the sentence: "- **The token is
        # abc123XYZ987**", "- [**The token is abc123XYZ987**](x.md)")
        marked = _MARKED_VALUE.fullmatch(value)
        if marked is not None and reads(marked[1]):
            found = marked.span(1)
    return found


def _table_value(cell: str, name: str, value: str, *, said: bool = False,
                 alone: bool = False) -> bool:
    """True when ``value``, in a table's cell after one ending in ``name`` (``cell`` what is
    before the name in it), is a credential's value: a key's or a token's read as in a sentence
    (``_credential_value``; no key or token of ``_NO_CREDENTIAL_WORDS``, and a key named by no
    word in both cases, "| key | Xk9mQ7vL8pR4tW2z |"), a password's shaped as one. ``said``:
    the value's cell opens with what it is or was ("| secret | is Hunter2xyz |"), and the value
    is one when generated or chosen as a password is, whatever the credential
    (``_CHOSEN_IN_A_ROW``). ``alone``: the row is the name's cell and the value's, nothing
    else ("| token | abc123XYZ987 |"), where a key's or a token's value is one when made as
    an issuer makes one, generated or prefixed (``_ISSUED_IN_A_ROW``): a table naming a thing,
    a model or a count in a third cell is left as a sentence reads it."""
    # (a value an issuer's own pattern reads whole is one in any row: between italic marks,
    # "| token | is **_AKIAIOSFODNN7EXAMPLE_** |", the "_" before it, a word's letter to the
    # pattern, kept the text's pass from finding it)
    if _issued_whole(value):
        return True
    name = name.lower()
    if name in ("key", "token"):
        last = _CELL_LAST_WORD.search(cell)
        word = last[1].lower() if last is not None else ""
        if word in _NO_CREDENTIAL_WORDS:
            return False
        if name == "key" and word not in _CREDENTIAL_WORDS and not (
                any(c.isupper() for c in value) and any(c.islower() for c in value)):
            return False
        if not said:
            # (only a name saying credential, as a sentence's must: "| api key |", "| token |",
            # "| deploy token |", not "| hot key |" nor a key-value table's "| key |"; and no
            # stand-in's or label's first word, "Placeholder-Token-2024")
            return _credential_value(value, word, generated=False) or (
                alone and _says_credential(word, token=name == "token")
                and not _opens_with_a_role(value)
                and _ISSUED_IN_A_ROW.fullmatch(value) is not None)
    elif not said:
        return _TABLE_SECRET.fullmatch(value) is not None
    # (or made by an issuer: "| secret | is **sk-live-abcdef123456** |" was hidden only as
    # "sk-live-abcdef123456**", its closing "**" read as the signs of a chosen one)
    return (_CHOSEN_IN_A_ROW.fullmatch(value) is not None
            or _ISSUED_IN_A_ROW.fullmatch(value) is not None)


def _row_of_two(text: str, opening: int, closing: int) -> bool:
    """True when the table row whose name's cell opens at the pipe ``opening`` and whose
    value's cell closes at the pipe ``closing`` has no other cell: the first pipe opens its
    line (or follows a colon, a table said after prose, "Remember this: | token | ... |") and
    the last ends it. Only blanks are read, each at most once per row."""
    before = opening
    while before > 0 and text[before - 1] in " \t":
        before -= 1
    if before > 0 and text[before - 1] not in "\n:":
        return False
    after = closing + 1
    while after < len(text) and text[after] in " \t\r":
        after += 1
    return after == len(text) or text[after] == "\n"


# A markdown table whose header names a credential's column ("| user | password |" /
# "|---|---|" / "| admin | admin123 |"): the header and its separator row; the rows after it are
# read in Python (``_column_hits``), each cell under a credential's name judged as the cell after
# the name on its row is (``_table_value``). A line of 2,000+ characters is no header.
# A table's separator row: markdown's ("|---|:---:|", "--- | ---", "|-|-|", one column's
# "|---|"), psql's ("-------+----------") and mysql's ("+-------+----------+")
# (possessive: a line of spaces or dashes is read once, where "[ \t]*\|?[ \t]*" split its
# spaces every way)
_RULE_ROW = (
    r"[ \t]*+(?:\|?+[ \t]*+:?-++:?[ \t]*+(?:\|[ \t]*+:?-++:?[ \t]*+)++\|?+"
    r"|\|[ \t]*+:?-++:?[ \t]*+\||-++(?:\+-++)++|(?:\+-++)++\+)[ \t]*+"
)
_TABLE_HEAD = rx.compile(
    # (each line taken once, whole: a line of pipes was tried at each of them, by the square;
    # its leading blanks too, possessive: fewer of them only lengthen the line, which the
    # lookahead and the 2,000 bound read again from each, ' ' * n + '| token | v |' by the
    # square)
    r"^[ \t]*+(?=[^\n|]*+\|)([^\n]{1,2000}+)\n" + _RULE_ROW + "$",
    re.MULTILINE,
)
# ... a header's cell naming a credential: the name ends it ("password", "Grafana token",
# "**API key**", "API keys", "Passwords"; not "password policy", "key type")
_HEAD_CELL = rx.compile(
    r"[ \t]*(?:\*\*|__)?(?P<cell>[^|\n]{0,60}?)(?<![A-Za-z0-9])"
    r"(?P<name>(?i:passw(?:or)?d|passphrase|pwd|secret|token|key|credential|cred))(?i:s?)"
    r"(?:\*\*|__)?[ \t]*\Z"
)
# ... and a row's cell giving a value alone, in backticks, quotes or bold as _TABLE_CELL's
_ROW_VALUE = rx.compile(r"[ \t]+" + _CELL_VALUE + r"[ \t]*\Z")
_TABLE_RULE = rx.compile(_RULE_ROW)


def _cells(line: str, at: int) -> list[tuple[int, str]]:
    """The cells of the table row ``line`` (at ``at`` in the text), each where it starts and
    what it holds: "| a | b |" and "a | b" alike, a closing pipe or none."""
    start = line.index("|") + 1 if line.lstrip().startswith("|") else 0
    cells: list[tuple[int, str]] = []
    while True:
        bar = line.find("|", start)
        if bar < 0:
            if line[start:].strip():
                cells.append((at + start, line[start:]))
            return cells
        cells.append((at + start, line[start:bar]))
        start = bar + 1


def _named_columns(header: str) -> dict[int, re.Match[str]]:
    """The columns of the table header row ``header`` a credential's name heads, by place."""
    columns: dict[int, re.Match[str]] = {}
    for n, (_, cell) in enumerate(_cells(header, 0)):
        named = _HEAD_CELL.fullmatch(cell)
        if named is not None:
            columns[n] = named
    return columns


def _prose_cells(header: str, rule: str) -> int:
    """How many cells of the table header row ``header`` over the separator row ``rule`` are
    prose before the table (none or one): a table said in a message ("Remember this: | user |
    password |" / "|---|---|" / "| admin | Hunter2xyz! |") has a cell more in its header than
    its separator, the words before the first pipe, where its rows have none; read as a
    column, it put "password" over the column after the value's."""
    return int("|" in rule and not header.lstrip().startswith("|")
               and header.rstrip().endswith("|")
               and len(_cells(header, 0)) == len(_cells(rule, 0)) + 1)


def _cell_secret(named: re.Match[str], start: int, cell: str) -> tuple[int, int] | None:
    """Where the value of the cell ``cell`` (at ``start``) under the named column ``named`` is a
    secret, or None: one reading for a table on several lines and one flattened onto a line."""
    value = _ROW_VALUE.fullmatch(" " + cell)
    if value is None:
        return None
    # (or between emphasis marks: "| _abc123XYZ987_ |", the marks kept)
    found = _read_or_marked(value["value"],
                            lambda read: _table_value(named["cell"], named["name"], read))
    if found is None:
        return None
    at = value.start("value")
    return start - 1 + at + found[0], start - 1 + at + found[1]


def _column_hits(text: str, head: re.Match[str]) -> tuple[list[tuple[int, int]], int]:
    """Where the rows under the table header ``head`` (``_TABLE_HEAD``) give a value in a
    column a credential's name heads, and where the rows read end (``head``'s own end when
    none names one)."""
    columns = _named_columns(head[1])
    found: list[tuple[int, int]] = []
    if not columns:
        return found, head.end()
    # (a row with fewer cells than a header begun by prose has none for the prose: its cells
    # are the header's after it)
    width = len(_cells(head[1], 0))
    prose = _prose_cells(head[1], text[head.end(1) + 1 : head.end()])
    at = head.end() + 1
    row = ""
    while at <= len(text):
        end = text.find("\n", at)
        end = len(text) if end < 0 else end
        line = text[at:end]
        # (a separator row among the rows goes on with the table, as markdown shows it: the
        # row before it is a header when it names a credential's column, else the columns
        # stay; the header's match after it is not read again, so each row is read once, where
        # "| password |" / "|---|" over and over read all the rows after each)
        if _TABLE_RULE.fullmatch(line) is not None:
            named_here = _named_columns(row)
            if named_here:
                columns, width, prose = named_here, len(_cells(row, 0)), _prose_cells(row, line)
        elif "|" not in line:
            break
        else:
            cells = _cells(line, at)
            shift = prose if len(cells) < width else 0
            for n, (start, cell) in enumerate(cells):
                named = columns.get(n + shift)
                hit = _cell_secret(named, start, cell) if named is not None else None
                if hit is not None:
                    found.append(hit)
        row = line
        at = end + 1
    return found, at - 1


# A markdown table flattened onto one line, as a message or a log may join its lines with
# spaces ("Remember the staging db: | user | password | |---|---| | admin | Hunter2xyz! |"):
# its separator row after the header's closing pipe and a space, a space and the first row's
# opening pipe after it (possessive: each run read once). The header and the rows are read in
# Python (``_flat_column_hits``)
_FLAT_TABLE_RULE = rx.compile(r"\|[ \t]++(\|(?:[ \t]*+:?-++:?[ \t]*+\|)++)(?=[ \t]++\|)")
# ... where a flattened row opens, after the one before it (a space between them, or none:
# "| admin | Hunter2xyz! || ro | Tr0ub4dor3 |")
_FLAT_ROW_OPENS = rx.compile(r"[ \t]*+\|")
# ... how far back its header is looked for (a line of 2,000+ characters is no header, as
# ``_TABLE_HEAD`` says)
_FLAT_HEAD_REACH = 2_000


def _flat_column_hits(text: str, rule: re.Match[str], line: tuple[int, int]
                      ) -> tuple[list[tuple[int, int]], int]:
    """Where the rows of a table flattened onto one line (``_FLAT_TABLE_RULE``) give a value in
    a column a credential's name heads, and where the rows read end. The header is the cells
    before the separator, as many as it has columns (the words before its opening pipe are
    prose; with no opening pipe, "user | password | |---|---| ...", its first cell starts the
    line); each row after it is a pipe and that many cells each closed by a pipe (the last
    row's by the line's end too, its last cells left out or not). Header and rows are split
    into cells as a table on several lines is (``_cells``, ``_named_columns``), and a separator
    among the rows does what it does there: the row before it heads the rows after where it
    names a credential's column (read from that row's closing pipe, as a table of its own),
    else the columns stay. ``line``: where the separator's line starts and ends
    (``_line_around``, found once a line)."""
    width = rule[1].count("|") - 1
    line_start, line_end = line
    line_start = max(line_start, rule.start() - _FLAT_HEAD_REACH)
    # (the pipes between the header's cells and the one opening it, found back from its
    # closing pipe, the separator's first)
    header_start = rule.start()
    for pipes_found in range(width):
        bar = text.rfind("|", line_start, header_start)
        if bar < 0:
            if pipes_found < width - 1:
                return [], rule.end()
            header_start = line_start
            break
        header_start = bar
    header = text[header_start : rule.start() + 1]
    columns = _named_columns(header)
    found: list[tuple[int, int]] = []
    if not columns or len(_cells(header, 0)) != width:
        return found, rule.end()
    at = rule.end()
    row = header
    while (opens := _FLAT_ROW_OPENS.match(text, at, line_end)) is not None:
        # (its opening pipe, then the pipe closing each cell, the last cell's the line's end
        # where none is left)
        row_start = bar = opens.end() - 1
        for _ in range(width):
            bar = text.find("|", bar + 1, line_end)
            if bar < 0:
                break
        row_end = line_end if bar < 0 else bar + 1
        # (the last row may leave its last cells out, as on several lines)
        cells = _cells(text[row_start:row_end], row_start)
        if _TABLE_RULE.fullmatch(text, row_start, row_end) is not None:
            if _named_columns(row):
                return found, at - 1
        else:
            for n, named in columns.items():
                if n >= len(cells):
                    continue
                hit = _cell_secret(named, *cells[n])
                if hit is not None:
                    found.append(hit)
        row = text[row_start:row_end]
        at = row_end
    return found, at


def _line_around(text: str, at: int) -> tuple[int, int]:
    """Where the line holding ``at`` starts and ends (its line break, or the text's end)."""
    end = text.find("\n", at)
    return text.rfind("\n", 0, at) + 1, len(text) if end < 0 else end


# The name of an account one logs in as, and the words passwords are made of
# (``_PASSWORD_WORD``): after a colon, a capitalised word, "-" and digits is a password after
# either ("root:Winter-2025", "postgres:Welcome-1", "deploy:Spring-2026"), a branch, a tag or a
# key elsewhere ("feature:Fix-42", "deploy:Build-123", "user:Profile-42")
_ACCOUNT = (
    r"(?i:root|admin|administrator|superuser|postgres|mysql|sa|ubuntu|ec2-user|centos|pi|"
    r"jenkins|guest|oracle|elastic|deployer|[a-z0-9]*admin|[a-z0-9]+[_-]user)"
)

# What a word before a colon names, and the words for its parts: a value made of these and a
# number names one of them ("version:Minor+1", "db:Primary#2", "service:Env-Region2",
# "jenkins:Pipeline-42", "admin:Dashboard-2"), where a password's words have nothing to do with
# the account ("svc:Orange#7", "deploy:Blue-Sky-7", "app:Primary#2", "root:Primary#2")
_PARTS_OF = tuple((rx.compile(kind), rx.compile(parts)) for kind, parts in (
    (r"v|ver|version|release|semver", r"major|minor|patch|rc|beta|alpha|preview"),
    (r"db|database|pool|pg|postgres(?:ql)?|mysql|mariadb|mongo(?:db)?|redis",
     r"primary|replica|secondary|standby|leader|follower|writer|reader|shard"),
    (r"service|cluster|env|environment|namespace|stack|deployment",
     r"env|environment|region|zone|az|stage|prod|production|staging|dev|qa|canary|tier"),
    (r"jenkins|ci|pipeline|github|gitlab|actions|buildkite|circleci|teamcity|argo|tekton",
     r"pipeline|build|job|run|stage|step|workflow|task"),
    (r"admin|grafana|kibana|console|portal",
     r"dashboard|panel|console|portal|page|view|board|screen|report"),
))
# An image's tag: after any image's name where the line says it is one ("image:
# postgres:Alpine-16", "docker pull redis:Bookworm-7"), and only of a tag's characters (no "#"
# or "+": "postgres:Alpine#16" is no tag)
_TAG_WORD = rx.compile(
    r"alpine|slim|bookworm|bullseye|buster|stretch|jammy|focal|bionic|noble|lts|latest|stable"
    r"|edge|nightly|distroless|debian|ubuntu|windowsservercore|nanoserver"
)
_SAYS_IMAGE = rx.compile(r"(?i:\b(?:image|docker|podman|container|pull|tag)\b)|(?-i:\bFROM\b)")
# A word before the colon that is an account one logs in as (a system's default account and
# the system's own name: "postgres", "redis", "admin", "jenkins", "root"), whose value is its
# password however it reads ("postgres:Primary#2", "admin:Dashboard-2"); of those, the names of
# images, whose tag it is where the line says image ("image: postgres:Alpine-16"): "admin" or
# "root" names no image, so "image: admin:Dashboard-2" and "image: root:Alpine-16" are passwords
_ACCOUNT_WORD = rx.compile(_ACCOUNT + r"|(?i:redis|default|vagrant|docker|git|deploy|www-data)")
_IMAGE_ACCOUNT = rx.compile(r"(?i:postgres|mysql|mariadb|redis|mongo|ubuntu|centos|jenkins)")
# Words saying the sentence is about logging in, where a value after an account's word is its
# password whatever its words: a login, auth or password word, or a command that connects
# ("psql as postgres:Primary#1", "redis:Primary#2 is the AUTH password", "auth jenkins:...")
_SAYS_LOGIN = rx.compile(
    r"(?i)\b(?:log(?:ged|ging)?[\s-]?(?:in|on)(?:to)?|logins?|sign(?:ed|ing)?[\s-]?(?:in|on)"
    r"|auth(?:n|z|s|enticat\w*|ori[sz]\w*)?|passw(?:or)?ds?|passwd|pwd|pw|passphrase|passcode"
    r"|credentials?|creds|secrets?|tokens?|psql|pg_dump|pgcli|mysql(?:sh|dump)?|mariadb"
    r"|redis-cli|mongo(?:sh)?|sqlcmd|ssh|scp|sftp|ftp|rdp|telnet|curl\b[^\n]*?\s-u|--user"
    r"|htpasswd|basic)\b"
)
# Where a sentence ends: what is said beside the pair is read as far as that
_SENTENCE_END = rx.compile(r"[.!?](?:\s|$)|\n")
_SENTENCE_REACH = 400
# A value named so: capitalised words, a sign between them, and a short number
_NAMED_PART = rx.compile(r"([A-Z][a-z]+(?:[-+#_][A-Z][a-z]+)*)[-+#]?\d{1,4}")
_PART_SIGNS = rx.compile(r"[-+#_]")
# A git command's arguments up to where a pair stands, on its command line: "git checkout
# release:Release-2026-07", "git push origin main:Main-2026" name a ref (a branch, a tag, a
# source and a destination), however they begin; a ref is words and digits between "-", "_" or
# "." (no sign a password has: "git push origin ci:Deploy#26" is no ref); up to three arguments
# before it, none a word joining prose ("git pull then use app:app2026 for the db" is a pair)
_GIT_ARGUMENTS = rx.compile(
    _prefix("git", 3) + r"(?:\s+-[Cc]\s+[^\s;|&]+|\s+-{1,2}[\w-]+(?:=[^\s;|&]+)?)*\s+"
    r"(?:checkout|switch|merge|rebase|push|pull|fetch|branch|tag|log|diff|show|cherry-pick|reset"
    r"|revert|restore|worktree\s+add|ls-remote|rev-parse|describe|archive)"
    r"(?:\s+(?!(?i:then|and|or|but|so|use[ds]?|using|with|for|to|as|via|is|was|the|an?|on|in"
    r"|at|by|from|into|after|before|when|if|while|try|run)(?![^\s;|&]))[^\s;|&]+){0,3}\s+\Z"
)
_GIT_REF = rx.compile(r"[A-Za-z0-9]+(?:[-_.][A-Za-z0-9]+)*")

# A key of a secret kind, named by what it is for ("API key", "SSH keys", "stripe_key"; not a
# bare "key" or "Keys", a dict's or a keyboard's)
_SECRET_KEY_KINDS = (
    "api", "access", "secret", "private", "signing", "encryption", "decryption", "master", "hmac",
    "ssh", "deploy", "license", "licence", "auth", "webhook", "client", "jwt", "session", "gpg",
    "pgp", "root", "admin", "stripe", "openai", "anthropic", "aws", "github",
)
_SECRET_KEYS = r"(?:" + "|".join(_SECRET_KEY_KINDS) + r")[ \t_-]?keys?"

# A name in the agent's question that asks for a credential: what the person types in answer
# is the value alone ("What is the staging database password?" / "Pg-Secret-2291"). A key only
# when it says what for ("What HMAC key ...?"; not "Which key should I sort by?"), a constant's
# name ("DB_PASS", "STRIPE_KEY"), a PIN in capitals; not a thing named for secrets ("Which
# password manager ...?", "What token limit ...?", "How many tokens ...?")
_ASKED_NAME = (
    r"(?:(?<![A-Za-z0-9])(?:[A-Z][A-Z0-9]*_)+(?:KEY|PASS|PASSWORD|PASSWD|PWD|PW|TOKEN|SECRET"
    r"|CREDENTIALS?)(?![A-Za-z0-9])|(?-i:\bPINs?\b)"
    r"|\b(?<!many )(?<!max )(?<!maximum )(?<!number of )(?i:passw(?:or)?ds?|passwd|passphrases?"
    r"|passcodes?|pwd|pw|secrets?|credentials?|creds|pin[ \t-]?(?:codes?|numbers?)|tokens?"
    r"|" + _SECRET_KEYS + r")\b"
    r"(?![ \t]+(?i:managers?|stores?|vaults?|polic(?:y|ies)|rotation|scann(?:ing|ers?)|reset"
    r"|requirements?|rules?|strength|length|format|hash(?:ing|er)?|fields?|columns?|forms?"
    r"|pages?|flows?|services?|validation|validators?|limits?|budgets?|counts?|windows?"
    r"|usage|size|expiry|expiration|lifetime|ttl|profiles?|files?|providers?|helpers?"
    r"|chains?|type|kind)\b))"
)
# ... and the answer to it, as the tool's result writes the pairs ('User has answered your
# questions: "<question>"="<answer>", ...') and its structured copy (toolUseResult's
# '"answers":{"<question>":"<answer>"}', the person's notes '"annotations":{"<question>":
# {"notes":"..."}}'): the name in the question (read no further back than its quote, nor
# across the '", "' that parts two pairs), the answer up to its closing quote. An option the
# agent marked "(Recommended)" is a choice, no value typed (``_scan_view`` passes over any
# option the text shows offered, too)
_ASKED_ANSWER = rx.compile(
    # (read from the sign between question and answer: a run of names first was tried at every
    # character of a text; the question is asked after a match, ``_ASKED_QUESTION``)
    r"(?:\"=\"|\?\"[ \t]*:[ \t]*(?:\{[ \t]*\"notes\"[ \t]*:[ \t]*)?\")"
    r"(?!\[REDACTED)(?![^\"\n]*\((?i:recommended)\)\")"
    r"((?:[^\"\n]|\"(?![ \t]*[,}]|\.(?:[ \t]|$)|$))+)\"",
    re.MULTILINE,
)
_ASKED_QUESTION = rx.compile(_ASKED_NAME + r"(?:(?!\"[ \t]*[:=,])[^\n]){0,300}?\Z")
# What follows a quote that ends a question's reach: its pair's sign ('"=', '":') or the ", "
# before the next pair
_PAIR_SIGN = rx.compile(r"[ \t]*[:=,]")


def _question_from(text: str, lo: int, end: int) -> int:
    """Where ``_ASKED_QUESTION`` can start before an answer's sign at ``end``, read back no
    further than ``lo``: after the last line break and the last quote before a pair's sign, as
    its tail crosses neither and its name holds neither. Tried at each of the 400 places before
    each answer, it was most of the rule's time on a line of many pairs (~120 us an answer)."""
    start = max(lo, text.rfind("\n", lo, end) + 1)
    quote = text.rfind('"', start, end)
    while quote >= 0:
        if _PAIR_SIGN.match(text, quote + 1, end) is not None:
            return quote + 1
        quote = text.rfind('"', start, quote)
    return start


def _names_a_part(text: str, user: str, start: int, end: int) -> bool:
    """True when ``text[start:end]``, said after ``user`` and a colon, names a part of what
    ``user`` names rather than being its password (see ``_PARTS_OF``, ``_TAG_WORD``), or is
    a git command's ref (``_GIT_ARGUMENTS``): never in a sentence about logging in
    (``_SAYS_LOGIN``), and after an account's word only as an image's tag (``_ACCOUNT_WORD``)."""
    shape = _NAMED_PART.fullmatch(text, start, end)
    name = user.lower()
    account = _ACCOUNT_WORD.fullmatch(name) is not None
    # (a git command before the pair on its line, read back at most _SENTENCE_REACH: asked
    # first, as most pairs' values have a ref's shape and no git command is near)
    reach = max(0, start - _SENTENCE_REACH)
    git = (not account and _GIT_REF.fullmatch(text, start, end) is not None
           and _GIT_ARGUMENTS.search(text, max(reach, text.rfind("\n", reach, start) + 1),
                                     start - len(user) - 1) is not None)
    if shape is None and not git:
        return False
    line_start = text.rfind("\n", 0, start) + 1
    # (the sentence holding the pair: from the last end of one before the pair to the first
    # after it, the value holding none; read at most _SENTENCE_REACH either side, so a long
    # line of many pairs costs no more than a short one each)
    left = max(line_start, start - _SENTENCE_REACH)
    right = min(len(text), end + _SENTENCE_REACH)
    before = [m.end() for m in _SENTENCE_END.finditer(text, left, start)]
    after = _SENTENCE_END.search(text, end, right)
    sentence = text[before[-1] if before else left : after.start() if after else right]
    if _SAYS_LOGIN.search(sentence):
        return False
    if git or shape is None:
        return git
    words = _PART_SIGNS.split(shape[1].lower())
    if not account:
        for kind, parts in _PARTS_OF:
            if kind.fullmatch(name) and all(parts.fullmatch(word) for word in words):
                return True
    line = text[line_start:start]
    return ((not account or _IMAGE_ACCOUNT.fullmatch(name) is not None)
            and not any(c in "#+" for c in text[start:end])
            and all(_TAG_WORD.fullmatch(word) for word in words)
            and _SAYS_IMAGE.search(line) is not None)


# Credentials given their value straight after the name, as a password is ("Credentials:
# Hunter2xyz!", "The credentials are Tr0ub4dor3", "credentials = ...", "creds - ..."), or
# passwords, secrets or tokens named in the plural ("Passwords: ..."); or any of these ending
# their line, a list's header, the value alone on the next line or as its first item
# ("Passwords:" / "- Hunter2xyz!", "Credentials:" / "Hunter2xyz!", "**Tokens**" / "- ...").
# A list's header may name keys of a secret kind too ("API keys:" / "- Xk9mQ7vL8pR4tW2z",
# ``_SECRET_KEYS``; a bare "Keys:" heads a keyboard's or a dict's), and its first item may say
# whose the value is before it, or give a login and its password: a label of up to three words
# and a colon ("- prod: Xk9m...", "- Grafana: admin / ..."), a user and " / " or " - " ("-
# admin / Hunter2xyz!"), or one word and a space ("- AKIAxyz Hunter2xyz!", an access key's id
# and its secret); the value then ends the item ("- use iPhone15 for TOTP" names a thing), and
# no public key's type is a label ("- ssh-ed25519 AAAAC3Nz...": a public key is no secret).
# The value is taken whole in a look ahead, at most 200 characters from each name (the rule
# first done so read each "creds:" to the end of a run of them, by the square: 'creds:' x 20,000
# took 9.9 s), and must end its clause: a word going on names a thing ("credentials: K8sSecret2
# object"). Whether it reads as a password is asked after (``_said_credential``)
# (a label's word ends in no "." (nor does it in "- prod.eu: ..."), but an item's number ("1.
# prod: ..."): "- Summer2024. Rotated" is a password and a note, not a label and a value)
_ITEM_LABEL_WORD = r"(?:\d{1,3}\.|[\w.@-]{0,39}[\w@-]:?)"
_ITEM_LABEL = _ITEM_LABEL_WORD + r"(?:[ \t]+" + _ITEM_LABEL_WORD + r"){0,2}"
# (the first letters of the names, asked first: at a place no name starts, the rule fails at one
# look instead of trying each name; with the keys' kinds the rule took 2.6x its time without)
# A list's header names these, or keys of a secret kind; the names the rule reads before a value
# on the same line ("credentials: ...", "passwords are ...") are among them
_CREDENTIALS_HEADER_NAMES = (
    r"credentials?", "creds", r"passw(?:or)?ds?", r"passphrases?", r"secrets?", "tokens")
_CREDENTIALS_SAID_FIRST = "".join(sorted({
    name[0] for name in (*_CREDENTIALS_HEADER_NAMES, *_SECRET_KEY_KINDS)}))
_CREDENTIALS_SAID_NAME = (
    r"(?i)(?<![A-Za-z0-9_])(?=[" + _CREDENTIALS_SAID_FIRST + r"])(?:"
    r"(?:credentials?|creds|(?P<many>passw(?:or)?ds|passphrases|secrets|tokens))"
    r"(?:[\"'`]|\*{1,2})?"
    r"(?:[ \t]*:(?:\*{1,2})?|[ \t]+(?:are|is)(?:[ \t]+now)?(?:[ \t]*:)?"
    # (a sign saying what credentials are only after their own name: "secrets = ..." is code)
    r"|(?(many)(?!)|(?:[ \t]*=|[ \t]+[-\u2013\u2014](?=[ \t]))))[ \t]*"
    r"|(?:" + "|".join(_CREDENTIALS_HEADER_NAMES) + r"|" + _SECRET_KEYS + r")"
    r"(?:\*{1,2}(?:[ \t]*:)?|[ \t]*:(?:\*{1,2})?)[ \t]*\r?\n[ \t]*(?:[-*+][ \t]+)?"
)
# (the item's label, see above)
_ITEM_LABEL_OR_LOGIN = (
    r"(?:(?!ssh-|ecdsa-|sk-ssh-|sk-ecdsa-)"
    r"(?:" + _ITEM_LABEL + r"[ \t]+[/\u2013\u2014-][ \t]+"
    r"|(?P<label>" + _ITEM_LABEL + r"[ \t]*:[ \t]*|" + _ITEM_LABEL_WORD + r"[ \t]+))"
    # (a value in parentheses is no value: "- Web3Storage (billing)" gives the item itself)
    r"(?=[\"'`]?(?!\()[^\s\"'`,;]{6,200}+[\"'`]?(?:[ \t]*(?:\r?\n|\Z)|[ \t]+\())"
    r")?"
)
_CREDENTIALS_SAID_VALUE = (
    r")[\"'`]?(?!\[REDACTED)(?!" + _PLACEHOLDER + r")"
    r"(?=(?P<value>[^\s\"'`,;]{6,200}))(?P=value)[\"'`]?"
    # ... ending its clause: its line, a sentence ("Summer2024. Then ..."), a comma, a
    # parenthesis, or a word joining the next clause ("MyPass123 for the box")
    r"(?:(?<=[.!?])(?=[ \t])|(?=[.,;!?)]*(?:[ \t]*(?:\r?\n|\Z|\()"
    r"|[ \t]+(?:and|but|so|or|for|on|at|in|if)\b)|[.,;!?)]*[.,;!?][ \t]))"
)
_CREDENTIALS_SAID = rx.compile(
    _CREDENTIALS_SAID_NAME + _ITEM_LABEL_OR_LOGIN + _CREDENTIALS_SAID_VALUE)
# ... and the item read as the value alone, where a label's or a login's reading gave no secret:
# "- Summer2024 for staging" is no label "Summer2024" and a value "staging"
_CREDENTIALS_SAID_ALONE = rx.compile(_CREDENTIALS_SAID_NAME + _CREDENTIALS_SAID_VALUE)
# ... a thing named by one word and its number, not a password: a product or a protocol and its
# version ("Kerberos5", "Python3", "Ed25519", "1Password", "OAuth2", "NTLMv2"), a standard, a
# ticket or a tier ("PKCS#12", "Ticket#4521", "RFC7231"): one word, its capitals first or last
# ("MySQL8", "OpenSSL3", "macOS14"), digits before or after it; unless the word is one passwords
# are made of ("Summer2024", "Hunter2", "Admin123": ``_PASSWORD_WORD_AND_NUMBER``)
_WORD_AND_NUMBER = rx.compile(r"\d*[A-Z]*[a-z]*[A-Z]*[#-]?\d*")
# ... a letter, a digit, and a sign or both cases (case-sensitive)
_PASSWORD_SIGN = rx.compile(r"[!#$%&*+=?^~@]")
_LETTER = rx.compile(r"[A-Za-z]")
_UPPER = rx.compile(r"[A-Z]")
_LOWER = rx.compile(r"[a-z]")
# ... or digits among its letters, in lower case as well ("hunter22x", "p4ssw0rd"; "hunter22" and
# "prod2" are a word and its number)
_DIGIT_AMID_LETTERS = rx.compile(r"[A-Za-z]\d+[A-Za-z]")
# ... and what is none: a version ("TLSv1.3", "v2.3.1-Beta"), a format after a dash
# ("Base64-encoded", "X509-based"), an address ("admin@corp.io", left to the login's rule), a
# path, a pair or a URL (left to theirs), code ("Credentials2()"), a constant's name
# ("AWS_SECRET2") or a class's ("AwsCredentialsProvider2", "TokenizerV2Config", a type in code:
# "def connect(credentials: OAuth2Credentials, scope)")
_NO_PASSWORD = rx.compile(
    r"\d\.\d|-[a-z]+\Z|@[\w-]+\.[A-Za-z]|[:/\\()\[\]{}<>]|\A[A-Z][A-Z0-9]*_[A-Z0-9_]*\Z"
    r"|(?:" + _CLASS_NAME_END + r"|Config|Client|Factory|Class|Type|Object|Model)(?![a-z])"
    r"|(?<=[a-z0-9])(?:Credentials?|Tokens?|Secrets?|Keys?|Error|Exception|Response|Request"
    r"|Options|Settings|Params|Info|Data)\Z"
    # (nor a hash's, a format's or a cipher's name: "Passwords:" / "- Argon2id", "Sha256Hex")
    r"|\A(?:" + _HASH_NAME + r"|(?i:blake[23]|base\d\d|oauth\d|saml\d|"
    + _FORMAT_WORD + r"))"
)
# A word whose digit is no password's: a numeronym or a service's name ("K8sSecret",
# "S3ReadOnly", "s3bucket", "EC2Admin"), where the value or a part of it starts (in "Pa$s3word!"
# the "s3" is a password's)
_NUMERONYM = rx.compile(r"(?:\A|(?<=[-_.]))" + _NUMERONYM_NAME)


def _password_value(value: str) -> bool:
    """True when ``value``, given as credentials' or passwords' ("Credentials: Hunter2xyz!",
    "Passwords:" / "- Tr0ub4dor3"), reads as a password: a letter, a digit, and a sign, both
    cases or a digit among letters, no thing's name and number (``_WORD_AND_NUMBER``) and
    none of ``_NO_PASSWORD``."""
    if len(value) < 6 or not _DIGIT.search(_NUMERONYM.sub("", value)) or not _LETTER.search(value):
        return False
    if (not _PASSWORD_SIGN.search(value) and not (_UPPER.search(value) and _LOWER.search(value))
            and not _DIGIT_AMID_LETTERS.search(value)):
        return False
    if (_WORD_AND_NUMBER.fullmatch(value) is not None
            and _PASSWORD_WORD_AND_NUMBER.fullmatch(value) is None):
        return False
    return _NO_PASSWORD.search(value) is None


# A key's id or fingerprint in hexadecimal ("0xDEADBEEF12345678", "4AEE18F83AFDEB23")
_KEY_ID = rx.compile(r"(?:0x)?[0-9A-Fa-f]{8,40}")


# A keyboard's chord: modifier keys and one key's name ("Ctrl+S", "Ctrl+Shift+F12", "Alt+Tab"),
# no word after them ("Super+Secret99", "Win+Summer2024!" are passwords)
_KEY_CHORD = rx.compile(
    r"(?i:(?:(?:ctrl|control|cmd|command|alt|option|opt|shift|meta|super|win|fn)\+)+"
    r"(?:[a-z0-9]|f\d{1,2}|tab|enter|return|esc|escape|space|backspace|delete|del|insert|ins"
    r"|home|end|pgup|pgdn|pageup|pagedown|up|down|left|right))"
)
# ... and a header naming keys, under which one is listed ("Admin keys:" / "- Ctrl+Shift+F12")
_KEYS_HEADER = rx.compile(r"(?i:" + _SECRET_KEYS + r")")


# A product's name and its number, or an acronym's: capitalised words run together ("YubiKey5",
# "GitHubActions2", "iPhone15"), capitals ("SSO2FA"), and a number, capitals after it
_PRODUCT_AND_NUMBER = rx.compile(
    r"(?:[a-z]?(?:[A-Z][a-z]+){2,}|[a-z][A-Z][a-z]+|[A-Z]{2,})\d+[A-Z]*")


# An item's label saying what the value tells of a key, not whose it is: no login's, no
# environment's ("Encryption keys:" / "- algo: ChaCha20-Poly1305", "- header: X-Api-Key2",
# "- org: org-AbC123xYz", "- provider: Okta-SAML2")
_DESCRIBING_LABELS = frozenset({
    "algo", "alg", "algorithm", "algorithms", "cipher", "header", "headers", "fingerprint", "fp",
    "version", "ver", "id", "ids", "kid", "keyid", "key_id", "org", "organization", "organisation",
    "account", "acct", "prefix", "title", "provider", "backend", "type", "kind", "format", "name",
    "owner", "scope", "scopes", "region", "issuer", "audience", "aud", "model", "endpoint", "url",
    "host", "project", "label", "description", "desc", "note", "notes", "created", "expires",
    "expiry", "rotated", "length", "size", "bits", "curve", "usage", "purpose", "mode", "tier",
    "plan", "status", "comment", "path", "location", "file",
})
_LABEL_WORD = rx.compile(r"[\w.@-]+")
# ... and the words a value is made of: capitalised or lower-case runs, capitals alone
_VALUE_WORD = rx.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])")


def _looks_generated(value: str) -> bool:
    """Whether ``value`` reads as a key or password made up, not a thing's name: a password's
    sign ("Hunter2xyz!"), a long random key (``_random``), or both cases and a digit with less
    than half its letters in words of three letters or more ("Xk9mQ7vL8pR4tW2z", "Tr0ub4dor3";
    not "GoogleMapsV3", "GPT4Turbo", "reCAPTCHA-v3", "Web3Storage", "Mistral7B", "Q3FY25")."""
    if _PASSWORD_SIGN.search(value) is not None or _random(value):
        return True
    if not (_UPPER.search(value) and _LOWER.search(value) and _DIGIT.search(value)):
        return False
    letters = sum(c.isalpha() for c in value)
    worded = sum(len(word) for word in _VALUE_WORD.findall(value)
                 if len(word) >= 3 and any(c in "aeiouyAEIOUY" for c in word))
    return 2 * worded < letters


def _said_credential(text: str, at: int, value: str, *, label: str | None = None) -> bool:
    """Whether ``value``, said after the name at ``at`` (``_CREDENTIALS_SAID``), is its secret:
    tokens' as a token's is (``_credential_value``; not "next page tokens:"), the others' as a
    password's or a generated key's. After a list's item's ``label`` ("- prod: ...") or under
    a header of keys ("API keys:" / "- ..."), a value must read as made up (``_looks_generated``):
    a product's name and number, a version or an id is listed there as often ("- maps:
    GoogleMapsV3", "- version: v2beta3"); a label saying what the value is (``_DESCRIBING_LABELS``)
    gives none. Under "Passwords:" or "Credentials:" alone any password's shape is hidden, as
    it was ("Credentials:" / "- YubiKey5")."""
    keys = _KEYS_HEADER.match(text, at) is not None
    if label is not None:
        # (the word before the label's first colon: "- fingerprint: SHA256:..." is a fingerprint)
        words = _LABEL_WORD.findall(label.split(":", 1)[0])
        if words and words[-1].lower() in _DESCRIBING_LABELS:
            return False
        if _PRODUCT_AND_NUMBER.fullmatch(value) is not None:
            return _credential_value(value, "", generated=True)
    if (label is not None or keys) and not _looks_generated(value):
        return False
    # (a keyboard's chord under a header of keys is none either; under "Passwords:" it may be)
    if keys and _KEY_CHORD.fullmatch(value) is not None:
        return False
    # (a GPG key's id or fingerprint is no secret: "GPG keys:" / "- signing: 4AEE18F83AFDEB23")
    if text[at : at + 3].lower() in ("gpg", "pgp") and _KEY_ID.fullmatch(value) is not None:
        return False
    if text[at : at + 3].lower() == "tok":
        line = text.rfind("\n", max(0, at - 40), at) + 1
        before = _WORD_BEFORE.search(text, max(line, at - 40), at)
        if before is not None and (before[1] or "").lower() in _NO_CREDENTIAL_WORDS:
            return False
        # (a generated value in lower case too, as a sentence reads it: "tokens: xyz987abc654",
        # "Tokens:" / "- a8kj3mq9xz"; the name says credential as "the token is" does)
        return _credential_value(value, "", generated=True)
    return _password_value(value) or _credential_value(value, "", generated=True)


def _said_secret(text: str, said: re.Match[str]) -> tuple[int, int] | None:
    """Where the secret a match of ``_CREDENTIALS_SAID`` gives is, if it gives one
    (``_said_credential``). An item read as a label or a login and a value that is none is read
    again as the value alone (``_CREDENTIALS_SAID_ALONE``): "Passwords:" / "- Summer2024 for
    staging" is a password, not a label and the word "staging"."""
    reading: re.Match[str] | None = said
    while reading is not None:
        start = reading.start("value")
        # (a sentence's signs after it are no part of it; a "!" is, as in _scan_view)
        value = reading["value"].rstrip(".?)")
        if _said_credential(text, said.start(), value, label=reading.groupdict().get("label")):
            return start, start + len(value.rstrip("!"))
        if reading is not said:
            return None
        # (read again only where a label or a login was read before the value)
        reading = _CREDENTIALS_SAID_ALONE.match(text, said.start())
        if reading is not None and reading.start("value") == start:
            return None
    return None


# A value in the comment after a secret's setting left as written (see its place in _PATTERNS):
# read from the sign that gives the value, "=" or ":" (a run of names first was tried at every
# character of a text, a fifth of all redaction's time), the name before it asked after a match
_COMMENT_AFTER_SETTING = rx.compile(
    r"[:=][ \t]*[\"']?(?:\$[({A-Za-z_]|%\w+%|<|\{[{A-Za-z_])(?:[^\n#/]|/(?!/)){0,200}?[ \t](?:#|//)"
    r"[^\n]{0,120}?(?<![^\s\"'`(])(?!\[REDACTED)(?![$<{%])(?![^\s\"'`,;]*[/\\])"
    r"(?![vV]?\d+[.-])(?!(?-i:[A-Z][a-z]+)(?:-\d+)+[.!?)]*(?![^\s\"'`,;]))"
    # (nor a name in code and its number: "# returns PageToken2 objects")
    r"(?!(?-i:[A-Za-z][a-z]+(?:[A-Z][a-z]+)*\d{0,3})[.!?)]*(?![^\s\"'`,;]))" + _MIXED
    + r"(?-i:(?=[^\s\"'`,;]*\d)(?:(?=[^\s\"'`,;]*[A-Z])(?=[^\s\"'`,;]*[a-z])"
    r"|(?=[^\s\"'`,;]*[!#$%&*+=?^~@])))"
    + _value_to_its_end(8)
)
_SETTING_NAME = rx.compile(
    r"(?i:passw(?:or)?d|passwd|passphrase|pwd|secret|token|credentials?"
    r"|(?:api|access|secret|private|signing|encryption|master|auth|hmac|jwt|app|license"
    r"|client)[_-]?key|apikey|client[_-]?secret)s?(?![A-Za-z0-9_])[\"']?[ \t]*\Z"
)


# (kind, pattern, group holding the secret (0: the whole match, -1: the one group of an
# alternation that matched), words one of which the text must hold for the pattern to run,
# in any case unless written in capitals)
_PATTERNS: list[tuple[str, re.Pattern[str], int, tuple[str, ...]]] = [
    (
        "private-key",
        rx.compile(
            r"-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----"
            r"(?:.|\n)*?(?:-----END [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----|\Z)"
        ),
        0,
        ("-----BEGIN",),
    ),
    (
        "anthropic-key",
        rx.compile(_prefix("sk-ant-", 7) + r"[A-Za-z0-9_-]{16,}|" + _prefix("(?:SK-ANT|Sk-ant)-", 7)
                   + r"(?=[A-Za-z0-9_-]{0,30}[0-9])[A-Za-z0-9_-]{16,}"),
        0,
        ("sk-ant-",),
    ),
    (
        "openai-key",
        rx.compile(_prefix("sk-", 3) + r"(?:proj-|svcacct-)?[A-Za-z0-9_-]{20,}"
                   # (in capitals with a digit and a run of 16 letters and digits: a ticket's
                   # branch "SK-1234-FIX-LOGIN-PAGE-FOR-USERS" is none)
                   # (and capitalised, where a sentence starts with it: "Sk-proj-...")
                   + "|" + _prefix("S[Kk]-", 3) + r"(?:PROJ-|SVCACCT-|proj-|svcacct-)?"
                   r"(?=[A-Za-z0-9_-]{0,40}[0-9])(?=[A-Za-z0-9_-]{0,40}?[A-Za-z0-9]{16})"
                   r"[A-Za-z0-9_-]{20,}"),
        0,
        ("sk-",),
    ),
    (
        "github-token",
        rx.compile(rf"(?:{_prefix('gh[pousr]_', 4)}[A-Za-z0-9]{{30,}}"
                   rf"|{_prefix('github_pat_', 11)}[A-Za-z0-9_]{{22,}}"
                   # (upper-cased in a message it still leaks: "GHP_..." with a digit in it,
                   # "GITHUB_PAT_" in its two parts; a constant's name has neither)
                   rf"|{_prefix('GH[POUSR]_', 4)}(?=[A-Za-z0-9]{{0,39}}[0-9])[A-Za-z0-9]{{30,}}"
                   rf"|{_prefix('GITHUB_PAT_', 11)}[A-Za-z0-9]{{22}}_[A-Za-z0-9]{{59}}"
                   # (capitalised, where a sentence starts with it: "Ghp_...", "Github_pat_...")
                   rf"|{_prefix('Gh[pousr]_', 4)}[A-Za-z0-9]{{30,}}"
                   rf"|{_prefix('Github_pat_', 11)}[A-Za-z0-9]{{22}}_[A-Za-z0-9]{{59}})"),
        0,
        ("ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"),
    ),
    # (a personal token, and the deploy, runner, trigger, feed, mail, agent, OAuth app, CI job
    # and service account tokens: "gldt-...", "glrt-...")
    (
        "gitlab-token",
        # (the newer ones with a digit or a capital: "glrt-runner-registration-is-deprecated"
        # is prose)
        rx.compile(_prefix("gl", 2) + r"(?:pat-|(?:dt|rt|ptt|ft|imt|agent|oas|cbt|soat)-"
                   r"(?=[a-z_-]{0,40}[0-9A-Z]))[A-Za-z0-9_-]{20,}"
                   # (in capitals, with a digit: "GLRT-RUNNER-REGISTRATION-IS-DEPRECATED" is
                   # prose shouted)
                   + "|" + _prefix("GL", 2) + r"(?:PAT|DT|RT|PTT|FT|IMT|AGENT|OAS|CBT|SOAT)-"
                   r"(?=[A-Za-z0-9_-]{0,40}[0-9])[A-Za-z0-9_-]{20,}"
                   # (capitalised, with a digit: "Glpat-...")
                   + "|" + _prefix("Gl", 2) + r"(?:pat|dt|rt|ptt|ft|imt|agent|oas|cbt|soat)-"
                   r"(?=[A-Za-z0-9_-]{0,40}[0-9])[A-Za-z0-9_-]{20,}"),
        0,
        ("glpat-", "gldt-", "glrt-", "glptt-", "glft-", "glimt-", "glagent-", "gloas-",
         "glcbt-", "glsoat-"),
    ),
    (
        "aws-access-key",
        rx.compile(_prefix("(?:AKIA|ASIA|AGPA|AIDA|AROA)", 4) + r"[0-9A-Z]{16}\b"
                   # (lower-cased in a message, "akia..." (or capitalised); the other prefixes
                   # with a digit: "asiapacificnortheast" is a word)
                   + "|" + _prefix("[Aa](?:kia|sia|gpa|ida|roa)", 4)
                   + r"(?:(?<=kia)|(?=[0-9a-z]{0,15}[0-9]))[0-9a-z]{16}\b"),
        0,
        # (in any case: "akia" is in "AKIA" folded)
        ("akia", "asia", "agpa", "aida", "aroa"),
    ),
    (
        "aws-secret-key",
        rx.compile(
            r"(?i)\baws_?secret_?access_?key\b[\"']?\s*[:=]\s*[\"']?([A-Za-z0-9/+=]{40})\b"
        ),
        1,
        ("aws",),
    ),
    ("aws-secret-key", _AWS_SECRET_IN_PROSE, 1, ("aws", "secret")),
    # (each known prefix in capitals too, with a digit after it: a token upper-cased in a
    # message, "XOXB-1234-...", "NPM_...", still leaks; a constant's name, "NPM_TOKEN", has none)
    (
        "slack-token",
        rx.compile(_prefix("xox[abposr]-", 5) + r"[A-Za-z0-9-]{10,}|"
                   + _prefix("(?:XOX[ABPOSR]|Xox[abposr])-", 5)
                   + r"(?=[A-Za-z0-9-]{0,20}[0-9])[A-Za-z0-9-]{10,}"),
        0,
        ("xox",),
    ),
    (
        "google-api-key",
        rx.compile(_prefix("AIza", 4) + r"[0-9A-Za-z_-]{35}\b|" + _prefix("(?:AIZA|Aiza|aiza)", 4)
                   + r"(?=[0-9A-Za-z_-]{0,34}[0-9])[0-9A-Za-z_-]{35}\b"),
        0,
        ("aiza",),
    ),
    (
        "stripe-key",
        # (capitalised too, where a sentence starts with it: "Sk_live_...")
        rx.compile(_prefix("[sprSPR]k_", 3) + r"(?:live|test)_[0-9A-Za-z]{16,}|"
                   + _prefix("[SPR]K_", 3) + r"(?:LIVE|TEST)_(?=[0-9A-Za-z]{0,40}[0-9])"
                   r"[0-9A-Za-z]{16,}"),
        0,
        ("k_live_", "k_test_"),
    ),
    (
        "npm-token",
        rx.compile(_prefix("[nN]pm_", 4) + r"[A-Za-z0-9]{36}\b|" + _prefix("NPM_", 4)
                   + r"(?=[A-Za-z0-9]{0,35}[0-9])[A-Za-z0-9]{36}\b"),
        0,
        ("npm_",),
    ),
    (
        "huggingface-token",
        rx.compile(_prefix("[hH]f_", 3) + r"[A-Za-z0-9]{30,}\b|" + _prefix("HF_", 3)
                   + r"(?=[A-Za-z0-9]{0,39}[0-9])[A-Za-z0-9]{30,}\b"),
        0,
        ("hf_",),
    ),
    # other services' keys, each known by a prefix and a fixed shape; one pattern, so the
    # text is scanned once for all of them
    (
        "service-token",
        rx.compile(
            "(?:"
            + "|".join(_prefix(literal, width) + rest for literal, width, rest in (
                (r"SG\.", 3, r"[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}"),  # SendGrid
                ("SK", 2, "[0-9a-f]{32}"),  # Twilio API key
                ("pypi-AgE", 8, "[A-Za-z0-9_-]{50,}"),  # PyPI upload token
                ("shp(?:at|ca|pa|ss)_", 6, "[a-fA-F0-9]{32}"),  # Shopify
                ("do[opr]_v1_", 7, "[a-f0-9]{64}"),  # DigitalOcean
                ("dapi", 4, "[a-f0-9]{32}"),  # Databricks
                ("lin_api_", 8, "[A-Za-z0-9]{40}"),  # Linear
                ("gsk_", 4, "[A-Za-z0-9]{48,}"),  # Groq
                ("r8_", 3, "[A-Za-z0-9]{37}"),  # Replicate
                ("ATATT3", 6, "[A-Za-z0-9_=-]{50,}"),  # Atlassian API token
                (r"dp\.(?:pt|st|sa|ct)\.", 6, "[A-Za-z0-9]{40,}"),  # Doppler
                # HashiCorp Vault: service, batch and recovery tokens, and the legacy
                # "s." form (24 letters and digits of both cases: no method name after "s.")
                (r"hv[sbr]\.", 4, "[A-Za-z0-9_-]{24,}"),
                (r"[sbr]\.", 2, "(?=[A-Za-z0-9]{0,23}[0-9])(?=[A-Za-z0-9]{0,23}[A-Z])"
                 "(?=[A-Za-z0-9]{0,23}[a-z])[A-Za-z0-9]{24}(?![.(])"),
                ("k8s-aws-v1\\.", 11, "[A-Za-z0-9_-]{20,}"),  # an EKS token in a kubeconfig
                ("whsec_", 6, "[A-Za-z0-9+/=]{24,}"),  # a webhook's signing secret (Stripe, Svix)
                ("GOCSPX-", 7, "[A-Za-z0-9_-]{24,}"),  # a Google OAuth client's secret
                # the same in capitals (upper-cased in a message), a digit in them
                (r"PYPI-AGE", 8, "(?=[A-Za-z0-9_-]{0,49}[0-9])[A-Za-z0-9_-]{50,}"),
                ("SHP(?:AT|CA|PA|SS)_", 6, "[A-F0-9]{32}"),
                ("DO[OPR]_V1_", 7, "[A-F0-9]{64}"),
                ("DAPI", 4, "(?=[A-F]{0,31}[0-9])[A-F0-9]{32}"),
                ("LIN_API_", 8, "(?=[A-Za-z0-9]{0,39}[0-9])[A-Za-z0-9]{40}"),
                ("GSK_", 4, "(?=[A-Za-z0-9]{0,47}[0-9])[A-Za-z0-9]{48,}"),
                ("R8_", 3, "(?=[A-Za-z0-9]{0,36}[0-9])[A-Za-z0-9]{37}"),
                (r"DP\.(?:PT|ST|SA|CT)\.", 6, "(?=[A-Za-z0-9]{0,39}[0-9])[A-Za-z0-9]{40,}"),
                (r"HV[SBR]\.", 4, "(?=[A-Za-z0-9_-]{0,23}[0-9])[A-Za-z0-9_-]{24,}"),
                ("WHSEC_", 6, "(?=[A-Za-z0-9+/=]{0,23}[0-9])[A-Za-z0-9+/=]{24,}"),
                # ... and capitalised, where a sentence starts with it ("Gsk_...", "Whsec_..."),
                # a digit in them
                ("Pypi-AgE", 8, "(?=[A-Za-z0-9_-]{0,49}[0-9])[A-Za-z0-9_-]{50,}"),
                ("Shp(?:at|ca|pa|ss)_", 6, "[a-fA-F0-9]{32}"),
                ("Do[opr]_v1_", 7, "[a-f0-9]{64}"),
                ("Dapi", 4, "(?=[a-f]{0,31}[0-9])[a-f0-9]{32}"),
                ("Lin_api_", 8, "(?=[A-Za-z0-9]{0,39}[0-9])[A-Za-z0-9]{40}"),
                ("Gsk_", 4, "(?=[A-Za-z0-9]{0,47}[0-9])[A-Za-z0-9]{48,}"),
                (r"Dp\.(?:pt|st|sa|ct)\.", 6, "(?=[A-Za-z0-9]{0,39}[0-9])[A-Za-z0-9]{40,}"),
                (r"Hv[sbr]\.", 4, "(?=[A-Za-z0-9_-]{0,23}[0-9])[A-Za-z0-9_-]{24,}"),
                ("Whsec_", 6, "(?=[A-Za-z0-9+/=]{0,23}[0-9])[A-Za-z0-9+/=]{24,}"),
            ))
            + ")(?![A-Za-z0-9_-])"
        ),
        0,
        # (what each prefix above holds, in the same order)
        ("SG.", "SK", "pypi-age", "shp", "_v1_", "dapi", "lin_api_", "gsk_", "r8_", "ATATT3",
         "dp.", "hv", "s.", "b.", "r.", "k8s-aws-v1.", "whsec_", "GOCSPX-"),
    ),
    # a kubeconfig's client key: base64 of a PEM private key
    (
        "private-key",
        rx.compile(r"\bclient-key-data[\"']?\s*:\s*[\"']?([A-Za-z0-9+/]{16,}=*)"),
        1,
        ("client-key-data",),
    ),
    # a user and password in base64: .npmrc's "_auth=YWRtaW46..." and a registry's "auth" in
    # docker's config.json ('"auth": "YWRtaW46..."'); 12+ characters of base64 alone
    (
        "basic-auth",
        rx.compile(r"(?:(?<![\w-])_auth[ \t]*=[ \t]*[\"']?(?=[A-Za-z0-9+/]{12,}={0,2}"
                   r"(?![^\s\"'`,;]))|\"auth\"\s*:\s*\"(?=[A-Za-z0-9+/]{12,}={0,2}\"))"
                   r"([A-Za-z0-9+/]+={0,2})"),
        1,
        ("auth",),
    ),
    # a Telegram bot's token after its numeric id ("123456789:AA..."): the part after the
    # colon is the secret
    ("service-token", rx.compile(r":(?<=\d{8}:)(AA[0-9A-Za-z_-]{33})(?![\w-])"), 1, (":",)),
    (
        "jwt",
        # (by its shape in any case: a header and a claims part of base64 JSON, each "eyJ"
        # (an object's opening '{"'), upper-cased in a message "EYJ...")
        rx.compile(
            _prefix("eyJ", 3) + r"[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}|"
            + _prefix("(?!eyJ)(?i:eyj)", 3)
            + r"[A-Za-z0-9_-]{8,}\.(?i:eyj)[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}"
        ),
        0,
        ("eyj",),
    ),
    (
        "authorization-header",
        rx.compile(
            r"(?i)\b(?:proxy-)?authorization\b[\"']?\s*[:=]\s*[\"']?"
            r"(?:(?:bearer|basic|token|digest)\s+)?([A-Za-z0-9._~+/=:-]{8,})"
        ),
        1,
        # (not "authorization": under (?i) its "i" matches a dotless "\u0131", which casefold
        # keeps)
        ("author",),
    ),
    ("bearer-token", rx.compile(r"(?i)\bbearer\s+([A-Za-z0-9._~+/=-]{16,})"), 1, ("bearer",)),
    (
        "url-password",
        # the user may be empty: redis://:password@host
        # (a scheme from where its run of letters starts, or a short one after a sign in it:
        # from each "-" of a long "Aa1-Aa1-..." the run was read to its end, 1 MB took hours)
        rx.compile(r"\b(?:(?<![a-zA-Z0-9+.-])|(?=[a-zA-Z0-9+.-]{1,32}://))"
                   r"[a-zA-Z][a-zA-Z0-9+.-]*://[^\s:/@\"'<>]*:([^\s@/\"'<>]+)@"),
        1,
        ("://",),
    ),
    # a key given as a URL's user (a Sentry DSN, "https://<key>@o1.ingest.sentry.io/2",
    # "https://ghp_...@github.com"): a long random user name (``_random``)
    ("url-password", _URL_USER_KEY, 1, ("://",)),
    # Slack and Discord incoming webhooks: the URL itself is the credential
    (
        "slack-webhook",
        rx.compile(
            r"https://hooks\.slack(?:-gov)?\.com/(?:services|workflows|triggers)/"
            r"[A-Za-z0-9_/-]{16,}"
        ),
        0,
        ("hooks.slack",),
    ),
    (
        "discord-webhook",
        rx.compile(
            r"https://(?:(?:ptb|canary)\.)?discord(?:app)?\.com/api/webhooks/\d+/"
            r"[A-Za-z0-9_-]{16,}"
        ),
        0,
        ("discord",),
    ),
    # a credential in a URL's query string: ?token=..., &api_key=..., &sig=... (pre-signed URLs)
    (
        "url-query-secret",
        rx.compile(
            r"(?i)[?&;][\w.-]*?(?:token|key|secret|sig|signature|password|passwd|pwd|auth)"
            # a digit, or 20+ characters: "?sort_key=name" is no credential
            r"=(?!\[REDACTED)((?=[^&\s#\"'<>`]*\d)[^&\s#\"'<>`]{8,}|[^&\s#\"'<>`]{20,})"
        ),
        1,
        ("=",),
    ),
    (
        "assigned-secret",
        rx.compile(
            # no left boundary: any word may lead up to the keyword (PGPASSWORD, DB_PASSWORD,
            # MYSQL_ROOT_PASSWORD), and only the value is redacted
            r"(?i)"
            r"(?:password|passwd|passphrase|secret|secret_key|api[_-]?key|apikey|"
            r"access[_-]?token|auth[_-]?token|refresh[_-]?token|client[_-]?secret|"
            r"private[_-]?key)"
            # ("password is: x", "the staging db password, it's x"; a space after "it's": an
            # index entry titled "... password, it's](file.md)" holds no value)
            # (a name in bold or italics, as a markdown note writes it: "**db password:**")
            # (not a markdown table's row, "| password | is bcrypt |": the prose rule reads it,
            # hiding a value only when chosen as people choose passwords)
            # (the blanks after the name read once: each of them tried again as the blanks
            # before "it's", 'password' and 20,000 blanks took 15 s)
            r"\b(?:[\"']|[*_]{1,2})?\s*+"
            r"(?:[:=]|\bis\b(?:\s*:)?|,?\s*\bit(?:['\u2019]?s|\s+is)\b(?=\s)"
            # (with evidence the word is a value: "the db password's Pg-Secret-2291",
            # "passwd -> Pg-Secret-2291", "what's the db password?" / "it's hunter22"; not
            # "the password's 16-character minimum", "Where's the password? It's somewhere")
            r"|(?<=\w)['\u2019]s(?=\s+" + _SECRETISH + r")|(?:-+>|=>|\u2192)(?=\s*" + _SECRETISH
            # (a rename in code is none: "password -> PasswordV2Field"; nor a name and its
            # number, when the rename names a change: "The secret -> SecretRef2 migration")
            + r")(?!\s*(?-i:(?:[A-Z][a-z]+|V\d+)+)[.!?)]*(?![^\s\"'`,;]))"
            r"(?!\s*(?!" + _PASSWORD_WORD + r"\d)(?-i:[A-Z][a-z]+(?:[A-Z][a-z]+)*\d{1,3})"
            # (a change that renames, not one that gives a new value: "-> PassKey7 rotation")
            r"[ \t]+(?:migration|renam(?:e|ing)|refactor(?:ing)?|mapping)s?\b)"
            r"|\?\s*\bit(?:['\u2019]?s|\s+is)\b(?=\s+" + _MIXED + r"))"
            # (an empty setting is no value: in "OPENAI_API_KEY=\nANTHROPIC_API_KEY=" the line
            # after "=" is the next setting)
            # (the emphasis closed after the colon, "**db password:**", and the value in
            # backticks as markdown writes code: "it's `Pg-Secret-2291`")
            r"(?:(?<==)[ \t]*|(?<!=)(?:[*_]{1,2}(?=\s))?\s*)[\"'`]?"
            r"(?!\[REDACTED)(?!" + _PROSE_WORD + r")"
            r"(?!" + _PLACEHOLDER + r")"
            # (4 or 5 characters only as written in a setting: "password=toor", "secret: 'ab12'")
            # (a quote inside the value is part of it: 'is Quokka"Lantern#2291' left the half
            # after the quote in the diary)
            # (a command's output whole, "$(echo s3cr3tValue9)", see ``_SUBST_VALUE``)
            r"(" + _SUBST_VALUE + r"|[^\s\"'`,;]{6,}(?:[\"'`][^\s\"'`,;)\]}]+)*"
            r"|(?<=[=\"'])(?!" + _NO_VALUE + r"|"
            + _CODE + r")[^\s\"'`,;]{4,5})"
        ),
        1,
        ("pass", "secret", "key", "token"),
    ),
    (
        # environment-style tokens (GITHUB_TOKEN=..., NPM_TOKEN: ...): upper case only, so code
        # such as ``next_token = it.next()`` stays readable
        "assigned-secret",
        rx.compile(
            # (read from the last word of the name that may start it, "B_TOKEN" of "A_B_TOKEN",
            # to the same value: read from each word of "A_B_B_..." to its end, 12,000 '_B'
            # took 2.5 s)
            r"(?<![A-Za-z0-9])[A-Z](?:[A-Z0-9]|_(?![A-Z]))*+_TOKEN\b[\"']?\s*(?::\s*|=[ \t]*)"
            r"[\"']?(?!\[REDACTED)"
            # (a variable standing for it is none: "NPM_TOKEN=${NPM_TOKEN}", "=$NPM_TOKEN")
            r"(?!" + _PLACEHOLDER + r")(" + _SUBST_VALUE + r"|[^\s\"'`,;]{6,})"
        ),
        1,
        ("_token",),
    ),
    (
        # an environment constant named for a secret holds one whatever its length
        # ("ENCRYPTION_KEY=abcdef123456", "ADMIN_PWD: toor", "DB_CREDENTIALS=ab12"): the name
        # ends in what holds a secret (not TOKEN_LIMIT, SECRET_NAME, PASSWORD_MIN_LENGTH,
        # MAX_TOKENS, KEY_FILE), a key only when it says what for (API, signing, master...;
        # not SORT_KEY, CACHE_KEY, PRIMARY_KEY); a count is none ("TOKEN=4096"), a password of
        # digits is one; after a colon, a word going on into prose is none ("API_KEY: from the
        # vault"). Upper case only: the rules above take ``password = ...`` in code
        "assigned-secret",
        rx.compile(
            r"(?<![A-Za-z0-9_])(?:[A-Z][A-Z0-9]*_)*"
            r"(?:(?:API|ACCESS|SECRET|PRIVATE|SIGNING|ENCRYPTION|MASTER|AUTH|HMAC|JWT|APP"
            # (Rails' SECRET_KEY_BASE is its one secret)
            r"|LICENSE)_?KEY(?:_BASE)?|SECRET|TOKEN|CREDENTIALS?"
            r"|(?P<pw>PASSWORD|PASSWD|PASSPHRASE|(?<=_)PWD))"
            r"(?![A-Za-z0-9_])[\"']?(?:(?P<spaced>\s+)?=[ \t]*|\s*(?P<colon>:)\s*)[\"']?"
            r"(?!\[REDACTED)"
            r"(?!" + _PLACEHOLDER + r"|" + _PROSE_WORD + r"|[/~.]"
            r"|" + _NO_VALUE + r"|(?!\$\()" + _CODE + r")"
            r"(?(pw)|(?!\d{1,5}(?![^\s\"'`,;])))"
            # (nor a variable given in code: "AUTH_TOKEN = token")
            r"(?(spaced)(?![a-z_][a-z0-9_.]*(?![^\s\"'`,;])))"
            # (nor a type after a colon: "API_KEY: Optional[str] = None")
            r"(?(colon)(?![a-z]+[.,;!?)]*[ \t]+[A-Za-z])(?![^\s\"'`,;]*\s+=))"
            r"(" + _SUBST_VALUE + r"|[^\s\"'`,;]{4,})"
        ),
        4,
        ("KEY", "SECRET", "TOKEN", "CREDENTIAL", "PASSW", "PWD"),
    ),
    (
        # short keywords, only as an assignment (``pw: x``, ``DB_PASS=x``): "pass" and "pw" are
        # too common in prose to take ``is`` or a bare value after them
        "assigned-secret",
        rx.compile(
            r"(?i)(?:(?<=_)|(?<![A-Za-z0-9]))(?:" + _SHORT_PASSWORD_NAMES + r")"
            # (or "pw is x" with a digit or a sign in x: "the pass is valid" is prose)
            r"\b[\"']?(?:\s*(?::\s*|=[ \t]*)|(?<![sS])\s+is\s+(?=[^\s\"'`,;]*[\d!#$%&*+=?^~@]))"
            # (nor a variable standing for it: "DB_PASS=${DB_PASS}", "DB_PASS=$DB_PASS")
            r"[\"']?(?!\[REDACTED)(?!" + _PROSE_WORD + r")(?!" + _PLACEHOLDER + r")"
            r"([^\s\"'`,;]{6,})"
        ),
        1,
        ("pw", "pass"),
    ),
    (
        # prose: "wifi password for the office is correcthorsebattery", "root password: x"; the
        # value ends the clause and is not an everyday word ("... is required.", "is rotated");
        # or, where the words between say whose password it is ("for prod", "on staging", "of
        # the admin account", "to the vault", "at the office", "in CI"), it is shaped like one
        # (``_SECRETISH``) and the sentence goes on ("the password for prod is Hunter2xyz, use
        # it"; not "the password for prod is stored in 1Password, use it", nor a thing named for
        # passwords, "the password reset ticket is INC0042, use it", "the password owner is
        # jsmith42, ask him"); or it is chosen as
        # people choose passwords, anywhere in the sentence ("the admin password for grafana is
        # BlueMonkey7 btw", "the root password is still CorrectHorse42"): capitalised, with a
        # sign (not a "?" ending it) or with a digit and two words run together; not a product
        # and its version ("OAuth2", "React18"), a class ("the password hasher is
        # Argon2Hasher") or a camelCase name ("getUserPassword2")
        "assigned-secret",
        rx.compile(
            r"(?i)(?:password|passwd|passphrase)"
            # (not a thing named for passwords: "the password service is now AuthServer2")
            r"(?!(?:\s+[\w-]+)?\s+(?:service|page|endpoint|flow|policy|manager|hasher|field"
            r"|column|form|screen|dialog|prompt|validator|strength|length|rules?|requirements?"
            r"|module|library|component|helper|check|api|class)\b)"
            # (nor whose words a relative clause opens with, "the password my team set was
            # ...", "the password the team uses was ...": a thing is named by the words after
            # "password", "the password reset ticket")
            r"(?:(?=(?:\s+(?!(?:is|was|for|of|on|to|at|in|" + _OPENS_A_CLAUSE + r")\b)[\w-]+)?"
            r"\s+" + _THING_NAMED_FOR_PASSWORDS + r"(?:'s)?(?![\w'-]))(?P<thing>))?+"
            r"(?P<between>(?:\s+(?P<for_whom>for|of|on|to|at|in)(?=\s))?"
            r"(?:\s+(?!is\b)[A-Za-z][\w'-]*){1,4}?)?\s*"
            r"(?P<cell>" + _TABLE_CELL_ENDS + r")?"
            # (or what it is now or was: "the password for prod is now Hunter2xyz", "... was
            # Hunter2xyz", shaped as chosen, below; not of a thing named for passwords, ``thing``)
            r"(?:\bis\b(?(thing)|(?:\s+(?P<now>now|still|currently)\b"
            r"(?:\s+" + _MADE_TO + r")?)?)"
            r"|(?(thing)(?!)|\b(?P<was>was|(?:has|had)\s+been(?=\s+" + _MADE_TO + r"))\b"
            r"(?:\s+" + _MADE_TO + r")?)|[:=])"
            r"\s*[\"'`]?(?!\[REDACTED)(?!" + _PROSE_WORD + r")"
            # (a hash's name, whole, is none: "the password hashing for users is argon2id", a
            # memory's title, had the memory refused; "bcrypt4life" or "Md5Hunter22!" only begin
            # with one)
            r"(?:(?(between)|" + _SAID_NOW_OR_WAS + r")"
            r"(?!(?:argon2(?:id|i|d)?|pbkdf2|sha-?\d+|bcrypt|scrypt|md5)"
            r"(?![\w!#$%&*+=^~@/-]))"
            # (said whose password it is, or what it is now or was, and chosen as one,
            # ``_CHOSEN_AFTER_WHOSE``: the sentence may go on after it; in an opening quote
            # or a parenthesis, "the password was (Hunter2xyz)", which ends it)
            r"(?:(?(for_whom)|" + _SAID_NOW_OR_WAS + r")[" + _OPENING_QUOTES + r"(]?"
            + _CHOSEN_AFTER_WHOSE
            + _value_read_once(6, ".!?)", stops=_WHOSE_STOPS, within=_FULL_WIDTH_END_WITHIN)
            + r"[\"'`]?(?=[.!?)]*+(?!" + _WHOSE_WORD + r"))"
            # (... or any value ending the clause after "is": after "was" or "is now" a value
            # ending it is as often a length, a version or a ticket, "was 16chars.", "is now
            # 2FA-protected.", "was v1.2.3.", and only the shape above says a password)
            r"|(?(between)(?(was)(?!)|(?(now)(?!)|(?(cell)(?!)|)))|(?!))"
            + _value_read_once(6, ".!?)") + r"[\"'`]?"
            r"(?=[.,;!?)]*(?:\s*$|\s+(?:and|but|so|or|for|on|at|in|if)\b|\s*\n)))"
            r"|(?:(?:still|now|currently|always|just)\s+)?"
            r"(?-i:(?=[A-Z][^\s\"'`,;]*[a-z])(?=[^\s\"'`,;]*(?:[#$%&*+=^~@]|[!?][^\s\"'`,;])"
            r"|(?=[^\s\"'`,;]*\d)"
            r"[^\s\"'`,;]*?[A-Z][a-z]{2,}[-_.]?[A-Z][a-z]{2,}))"
            r"(?!" + _HASH_NAME + r"|v\d)"
            r"(?![^\s\"'`,;]*" + _CLASS_NAME_END + r"(?![a-z]))"
            + _value_to_its_end(6) + ")",
            re.MULTILINE,
        ),
        -1,
        ("pass",),
    ),
    (
        # a password on a command line: "curl -u admin:pw", "docker login -u me -p pw",
        # "sshpass -p pw", "mysql -u root -ppw"; only after the commands that take one so
        # ("docker run -u 1000:1000", "ssh -p 2222", "mkdir -p x" are none); the flag is looked
        # for up to the next of its commands, which looks on: read to the line's end from each,
        # a line of many "http" (minified JSON) took 1 MB most of an hour, and a bound of 400
        # characters let a password through after a long -d body or a long line of options
        "command-password",
        rx.compile(
            r"\b(?:(?:curl|wget|http|https|xh)\b(?:(?!\b(?:curl|wget|https?|xh)\b)[^\n|;&])*?\s"
            r"(?:-u|--user|--proxy-user)(?:\s+|=)[\"']?[^\s:\"']*:"
            # (a login's -p value with a digit, a capital or a sign: "gh auth login -p ssh"
            # and "-p SSH" give gh's git protocol; --password says what it is)
            r"|\blogin\b(?:(?!\blogin\b)[^\n|;&])*?\s(?:--password(?:\s+|=)"
            r"|-p(?:\s+|=)[\"']?(?=[^\s\"'`]*[^a-z\s\"'`])(?!(?i:ssh|https?)(?![^\s\"'`])))"
            r"|sshpass\s+-p\s*"
            # (redis-cli's -a and an LDAP tool's -w give the password: "redis-cli -a pw ping",
            # "ldapsearch -D cn=admin -w pw")
            r"|redis-cli\b(?:(?!\bredis-cli\b)[^\n|;&])*?\s(?:-a|--pass)\s+"
            # (what is echoed into "sudo -S" is the password it reads)
            r"|\becho\s+(?=[^\n|]{1,200}\|\s*sudo\b[^\n|;&]{0,100}?\s-S\b)"
            r"|\bldap(?:search|add|modify|delete|passwd|whoami|compare|modrdn)\b"
            r"(?:(?!\bldap[a-z]+\b)[^\n|;&])*?\s-w\s+"
            r"|(?:mysql|mysqldump|mysqladmin|mariadb)\b"
            r"(?:(?!\b(?:mysql|mysqldump|mysqladmin|mariadb)\b)[^\n|;&])*?\s-p(?=\S)"
            r"|htpasswd\s+(?:-\w+\s+)*?-\w*b\w*\s+(?:-\w+\s+)*[^\s-]\S*\s+\S+\s+"
            r"|openssl\b(?:(?!\bopenssl\b)[^\n|;&])*?\s(?:-k\s+|-pass(?:in|out)?\s+pass:)"
            # (a port is no password: "login to the box with ssh -p 2222")
            # (nor a word joining the clause to the next, the flag's value left unsaid:
            # "always run redis-cli -n 2 -a before flushing", with prose after it, not a
            # command the password opens: "sshpass -p then ssh host")
            r")[\"']?(?!\[REDACTED)(?![$<{%])(?!\d{1,5}(?![^\s\"'`]))"
            r"(?!(?:before|after|then|and|or|to|for|when|if|once|until|while|so|but)[ \t]+"
            r"(?:[a-z]{3,}ing|the|a|an|you|we|it|each|every|any)\b)"
            r"([^\s\"'`]{3,})"
        ),
        1,
        ("curl", "wget", "http", "xh", "login", "sshpass", "mysql", "mariadb", "htpasswd",
         "openssl", "redis-cli", "ldap", "sudo"),
    ),
    (
        # a secret given a new value: "set the root password to toor2026", "change the admin
        # password to Tr0ub4dorXX"; the value has a digit or a sign ("set the password to
        # expire", "rotate the token to the new format" are none)
        "assigned-secret",
        rx.compile(
            r"(?i)\b(?:set|setting|change[ds]?|changing|reset|update[ds]?|rotated?)\b[^\n.]{0,40}?"
            r"\b(?:password|passwd|passphrase|passcode|pw|pin|secret|token)\s+to\s+[\"'`]?"
            r"(?!\[REDACTED)(?![$<{%])(?!v?\d+(?:\.\d+)*[\"'`]?(?![^\s\"'`,;]))"
            # (not a version pin, "set the pin to 2.3.1-post1", a version tag, "change the
            # token to v2-format tokens", nor the variable holding it, "set the secret to
            # GITHUB_TOKEN2")
            r"(?!v?\d+[.-])(?!v\d+(?![\w!#$%&*+=?^~@]))(?![A-Z][A-Z0-9]*_[A-Z0-9_]*(?![\w!#$%&*+=?^~@]))"
            r"(?=[^\s\"'`,;]*[\d!#$%&*+=?^~@])" + _value_read_once(6, ".!?)")
            + r"[\"'`]?(?=[.!?)]*(?:[\s,;]|$))"
        ),
        1,
        ("pass", "pw", "pin", "secret", "token"),
    ),
    (
        # a password said after more words and a colon: "the staging password is the same as
        # prod: Pr0d-Pass", "the db password we use everywhere: Tr0ub4dor&3"; the value mixes
        # both cases or holds a sign besides its digit ("the password policy: min 12",
        # "the token limit: 4096", "the secret store: vault2" are none; a URL after the colon is
        # left to the URL's rule, which keeps its user and host: "new url is postgres://...")
        "assigned-secret",
        rx.compile(
            r"(?i)(?:passw(?:or)?d|passphrase|secret|token|credentials?|creds)s?\b[^\n:.]{1,60}?"
            r"(?<!\[REDACTED):[ \t]*[\"'`]?(?!\[REDACTED)(?![/~])(?!" + _PLACEHOLDER + r")"
            r"(?=[^\s\"'`,;]*\d)(?=[^\s\"'`,;]*[A-Za-z])"
            r"(?-i:(?=[^\s\"'`,;]*[!#$%&*+=?^~@])|(?=[^\s\"'`,;]*[A-Z])(?=[^\s\"'`,;]*[a-z]))"
            + _value_to_its_end(6)
        ),
        1,
        ("pass", "secret", "token", "cred"),
    ),
    (
        # a value alone on its line after a line that says it follows: "The admin token for
        # grafana is below" / "Xk9mQ2vL8pR4tW7z" (said in the next message, too); a letter and
        # a digit in it ("the key is below:" / "see the docs" is none). Words after it on its
        # line ("Xk9mQ2vL8pR4tW7z thanks") ask more of it: both cases and two digits, or a
        # sign ("MyClass2 handles it" names a class, "Release-2024 notes" a tag)
        "assigned-secret",
        rx.compile(
            r"(?i)(?:passw(?:or)?d|passphrase|passcode|secret|token|key|credentials?|creds|pin)s?"
            r"\b[^\n]{0,60}?\b(?:below|here|as\s+follows|following|next)\b[^\n\w]{0,4}\n\s*"
            r"[\"'`]?(?!\[REDACTED)(?!" + _PLACEHOLDER + r")"
            r"(?=[^\s\"'`,;]*\d)(?=[^\s\"'`,;]*[A-Za-z])"
            r"(?:" + _value_read_once(6, ".!") + r"[\"'`]?[.!]*[ \t]*(?:\n|$)"
            r"|(?!(?-i:[A-Z][a-z]+)-\d+(?![^\s\"'`,;]))"
            r"(?:(?=[^\s\"'`,;]*?\d[^\s\"'`,;]*?\d)"
            r"(?-i:(?=[^\s\"'`,;]*[A-Z])(?=[^\s\"'`,;]*[a-z]))|(?=[^\s\"'`,;]*[!#$%&*+=?^~@]))"
            + _value_read_once(6, ".!:") + r"[\"'`]?[.!,;:]*(?=[ \t]+\S))"
        ),
        -1,
        ("pass", "secret", "token", "key", "cred", "pin"),
    ),
    (
        # a PIN or passcode said with its digits: "the passcode is 482913", "PIN: 4821", "set
        # the pin to 4821" (a password of digits, too: "reset the password to 20262026")
        "assigned-secret",
        rx.compile(
            r"(?i)(?:\b(?:set|setting|change[ds]?|changing|reset|update[ds]?)\b[^\n.]{0,40}?"
            r"\b(?:" + _PIN_NAMES + r"|passw(?:or)?d)\s+to\s+"
            r"|\b(?:" + _PIN_NAMES + r")\s*(?:(?P<is>\bis\b)|[:=])\s*)"
            r"(\d{4,8})\b(?![.,-]\d)"
            # (after a colon, ending the clause: in "the pin: 8080 is the port" the number is
            # what is told of; "the PIN is 4821 is what I use" tells of the PIN)
            r"(?(is)|(?![ \t]+(?:is|was|are|means)\b))"
        ),
        2,
        ("passcode", "pin", "pass"),
    ),
    (
        # a .pgpass line: host:port:database:user:password
        "assigned-secret",
        rx.compile(
            # (a host from where its run starts, or one of up to 64 characters after a sign in
            # it: from each "-" of a long "Aa1-Aa1-..." the run was read to its end)
            r"(?<![\w:])(?:(?<![.*-])|(?=[\w.*-]{1,64}:))"
            r"(?!(?:[0-9a-fA-F]{1,4}:){4}[0-9a-fA-F]{1,4}(?![\w:]))"
            # (nor a port's protocol where the database stands: "web:8080:tcp:public:ingress2")
            r"[\w.*-]+:(?:\d{2,5}|\*):(?!(?i:tcp|udp|sctp|quic|https?|grpc|tls):)"
            r"[\w.*-]+:[\w.*-]+:"
            # the password: letters and a digit or a sign, or 6+ digits; five fields of words
            # are a cache key ("redis:6379:0:cache:sessions"), a location
            # ("src/app.py:42:def:main:entrypoint") or a time ("09:30:00:UTC:daily")
            r"(?:(?=[^\s:\"'`]*[A-Za-z])(?=[^\s:\"'`]*[\d!#$%&*+=?^~@])(?!v?\d+(?:[.-]|(?![^\s:])))"
            r"|(?=\d{6}))([^\s:\"'`]{4,})"
        ),
        1,
        (":",),
    ),
    (
        # a login written as a pair after a login word: "the test account login is
        # qa@example.com / Tr0ub4dor&3", "creds: admin@corp.io:Winter2026!"; the part after
        # the address is the password. A bare user name takes a colon straight after it and a
        # password of letters and a digit after a word for credentials ("the staging
        # credentials are deploy:hunter2x") or as the one a person logs in as or with ("log in
        # with root:toor2026", "ssh in as deploy:hunter2x"); elsewhere after a login word
        # with a sign too or capitals ("log in to jenkins, user deploy:Deploy2026"), not an
        # account or an image's tag ("sign in to the AWS account acme:prod2026"); never a
        # host's port ("localhost:8080") or a path ("ssh into deploy@db.example.com:/srv")
        "login-pair",
        rx.compile(
            r"(?i)\b(?:log(?:ged)?[\s-]?(?:in|on)(?:to)?|sign(?:ed)?[\s-]?in(?:to)?"
            r"|ssh(?=[\s-]+(?:in|into|as)\b)|account"
            r"|(credentials?|creds|basic[\s-]?auth))\b[^\n]{0,60}?(?:(?<![\w-])(as|with)\s+)?"
            r"(?:[\w.+-]+@[\w-]+(?:\.[\w-]+)+\s*[/:]\s*[\"'`]?(?![^\s\"'`,;]*@)(?![/~])"
            # (not an identity provider and its scheme: "log in with github:oauth2"; nor the
            # name said again, as a memory's index line says its title and its hook: "[Support
            # queue credentials](...) - The support queue credentials: Ticket#4521." made the
            # second "credentials" a user, its value a password, and the whole dream failed)
            r"|(?<![\w./@:\\-])(?!(?:github|gitlab|google|microsoft|azure|okta|keycloak|auth0"
            r"|sso|saml|oidc|oauth2?|docker|ldap|apple|slack|credentials?|creds)\s*:)"
            r"[a-z][\w.-]{0,31}(?:(?(1)[ \t]*):(?(1)[ \t]*))(?![\d:/\\])(?![^\s\"'`,;]*/)"
            r"(?=[^\s\"'`,;]*[a-z])(?=[^\s\"'`,;]*\d)"
            r"(?(1)|(?(2)|(?:(?=[^\s\"'`,;]*[!#$%&*+=?^~@])"
            r"|(?=[^\s\"'`,;]*(?-i:[A-Z]))(?=[^\s\"'`,;]*(?-i:[a-z]))))))"
            r"(?!\[REDACTED)(?!v?\d+\.\d)(?!" + _PROSE_WORD + r")([^\s\"'`,;]{6,})"
        ),
        3,
        ("log", "sign", "cred", "account", "auth", "ssh"),
    ),
    (
        # a login given as "<user> / <password>" straight after a login word: "Grafana is at
        # https://grafana.acme.io, login admin / walrusbanjo77", "creds: deploy / Hunter-22x";
        # the spaces round the slash keep paths out ("login/admin/v2"), the password has a
        # letter and a digit and no slash ("login / logout flow", "admin / user roles",
        # "sign in page / dashboard" are none)
        "login-pair",
        rx.compile(
            r"(?i)\b(?:log(?:ged)?[\s-]?(?:in|on)|sign(?:ed)?[\s-]?in|user(?:[\s_-]?name)?"
            r"|(credentials?|creds))"
            r"(?:\s*[:=]\s*|\s+(?:is|are|as|with)\s+|\s+)[\"'`]?"
            # (not a part of the login, "login page / dashboard2", nor an identity provider)
            r"(?!(?:pages?|forms?|screens?|flows?|buttons?|views?|ui|api|endpoints?|routes?"
            r"|links?|urls?|services?|github|gitlab|google|sso|saml|oidc|oauth2?|okta)\b)"
            r"[a-z][\w.-]{0,31}[\"'`]?"
            # "admin / pw", "admin/pw" (no dot then: "login handler/auth2.py" is a path), and
            # after a word for credentials "admin and pw" ("creds are admin and S3cr3t!")
            r"(?:\s+/\s+|/(?![^\s\"'`,;]*\.)|(?(1)\s+and\s+|(?!)))"
            r"[\"'`]?(?!\[REDACTED)(?!v?\d+\.\d)(?![^\s\"'`,;]*/)"
            # (a letter and a digit, or a sign: "Walrus!Banjo"; not "user roles")
            r"(?=[^\s\"'`,;]*[a-z])(?=[^\s\"'`,;]*(?:\d|[!#$%&*+=?^~@]))"
            + _value_read_once(6, ".!?)", sentence_ends=".!?") + r"[\"'`]?"
            # ... and it ends the clause: "login page / dashboard2024 is new" names pages
            # (a capital after it begins the next sentence, its period left out: "login
            # admin / walrusbanjo77 We use it for staging")
            r"(?=[.!?)]*(?:\s*$|\s*\n|[\"'`,;]|\s+(?:and|then|to|for|on|before|after|so"
            r"|but|or|from|via|when|if|please|btw|now|first)\b|\s+(?-i:[A-Z][a-z]))|[.!?]+\s)"
        ),
        2,
        ("log", "sign", "cred", "user"),
    ),
    (
        # a user and a password as a pair with no login word before them ("grafana
        # admin:admin123 works", "root:Tr0ub4dor&3"): the password begins with the user's name
        # and goes on in digits or signs, or mixes both cases with a digit or a sign; a word,
        # a colon and a version or tag ("redis:7-alpine", "node:lts", "build:prod2026",
        # "main:App") are none. (A dot or another colon makes it a module, a time or a path.)
        # Nor a part of what the word names, numbered (``_names_a_part``: "db:Primary#2")
        "login-pair",
        _BARE_PAIR := rx.compile(
            r"(?<![\w./@:\\$%{\[-])"
            # (an account's name: "root", "admin", "postgres", "app_user", "dbadmin")
            rf"(?:(?=(?P<account>{_ACCOUNT}):))?"
            r"(?P<user>[A-Za-z][\w-]{1,31}):(?![\d:/\\])"
            # (each look-ahead stops at the first character it asks for: read to the word's end
            # and back, 'creds:A1!' 13,334 times in one word took 5.6 s, a word of pairs read
            # from each pair to its end)
            r"(?![^\s\"'`,;]*?(?:[/:@]|\.[^\s\"'`,;.!?)]))(?!\[REDACTED)(?=[^\s\"'`,;]*?\d)"
            r"(?:(?=(?i:(?P=user))[^\s\"'`,;]*?[\d!#$%&*+=?^~@])"
            r"|(?=[^\s\"'`,;]*?(?-i:[A-Z]))(?=[^\s\"'`,;]*?(?-i:[a-z]))"
            r"(?=[^\s\"'`,;]*?[!#$%&*+=?^~@-])"
            # (a '-' alone is no sign between a capitalised word and its numbers: a branch, a
            # ticket, a tag or a label, "git checkout feature:Fix-42", "origin:Release-2024",
            # "api:Release-2026-07"; after an account's name or in a password's word it is the
            # password's)
            rf"(?(account)|(?!(?!{_PASSWORD_WORD}-)"
            r"(?-i:[A-Z][a-z]+)(?:-\d+)+[\"'`]?(?=[.?)]*(?:[\s\"'`,;]|$)))))"
            + _value_to_its_end(6)
        ),
        3,
        (":",),
    ),
    (
        # the password one logs in with, after who one logs in as: "always log in as
        # checkout_app with hunter2-Blue-77", "ssh in as deploy using Winter2026!"; the value
        # has letters, a digit, and both cases or a sign ("with python3-venv", "with the
        # ed25519 key", "with SSO" are no password)
        "login-pair",
        rx.compile(
            r"(?i)\b(?:log(?:ged)?[\s-]?(?:in|on)(?:to)?|sign(?:ed)?[\s-]?in(?:to)?"
            r"|ssh(?:[\s-]+in(?:to)?)?|connect(?:ed)?)\b[^\n]{0,40}?\bas\s+[\w.@+-]{2,40}"
            r"\s+(?:with|using)\s+(?:(?:the\s+)?(?:password|passwd|pw|pass)\s+)?[\"'`]?"
            r"(?!\[REDACTED)(?!(?:ssh-|ed25519|rsa|ecdsa|1password|oauth|v?\d+\.\d))"
            # (not a product and its version, "Python3.11", "Chrome120"; nor an option set,
            # "ProxyJump=bastion01")
            r"(?!(?-i:[A-Z][a-z]+)[\d.]+(?![^\s\"'`,;]))(?![\w-]+=)"
            r"(?=[^\s\"'`,;]*\d)(?=[^\s\"'`,;]*[a-z])"
            r"(?:(?=[^\s\"'`,;]*[!#$%&*+=?^~@])"
            r"|(?=[^\s\"'`,;]{8})(?=[^\s\"'`,;]*(?-i:[A-Z]))(?=[^\s\"'`,;]*(?-i:[a-z])))"
            # ... and it ends the clause: "with Terraform1.6 installed" names a tool
            + _value_read_once(6, ".!?)")
            + r"[\"'`]?(?=[.!?)]*(?:\s*$|\s*\n|[\"'`,;]|\s+(?:and|then|to|for|"
            r"on|before|after|so|but|or|from|via|when|if|please|btw|now|first)\b))"
        ),
        1,
        ("log", "sign", "ssh", "connect"),
    ),
    (
        # a keyword followed straight by a value that looks like a credential: letters and
        # digits mixed, 8+ characters ("mysql root password hunter2mysql"); after "pass" or
        # "pw", words of their own, the value has upper and lower case, a digit and a sign
        # ("uses pw Zebra-Quartz-77"; not "pass --force", "pass utf8-encoded", "pass
        # MyHandler2", "pass ENV=Prod-2", a setting); a quoted phrase after "passphrase" is one
        # ("passphrase 'purple monkey dishwasher 42'"), and after "password" when it is one
        # word or holds more than letters: right after it, plain words are an example talked
        # about ('Password "correct horse" is the example'), unless "is" or ":" gives them
        "assigned-secret",
        rx.compile(
            r"(?i:password|passwd|passphrase)\s+[\"'`]?"
            r"(?!\[REDACTED)(?!" + _HASH_NAME + r"|(?i:v\d))"
            r"(?=[^\s\"'`]*[A-Za-z])(?=[^\s\"'`]*\d)([^\s\"'`,;]{8,})"
            r"|(?<![A-Za-z0-9])(?i:pwd?|pass)\s+[\"'`]?(?!\[REDACTED)"
            r"(?=[^\s\"'`]*[a-z])(?=[^\s\"'`]*[A-Z])(?=[^\s\"'`]*\d)(?=[^\s\"'`]*[^\w\s\"'`.])"
            r"(?![^\s\"'`,;]*-[a-z]+[.!?)]*(?:[\s\"'`,;]|$))(?!\w+=)"
            # (its first character no "$", "<", "{" or "-"; the value read once: 'pass Ab1x!'
            # and 20,000 dots took 7 s)
            r"(?=[^\s\"'`,;$<{-])" + _value_read_once(8, ".!?)")
            + r"(?=[.!?)]*(?:[\s\"'`,;]|$))"
            r"|(?i:passphrase|passw(?:or)?d(?=\s*(?:[:=]|(?i:is|was)\b)"
            r"|\s+[\"'`\u201c\u2018](?:[^\s\"'`\u201d\u2019]+[\"'`\u201d\u2019]"
            r"|[^\"'`\u201d\u2019\n]*[^\sA-Za-z\"'`\u201d\u2019])))"
            r"(?:\s+(?i:is|was))?(?:\s*[:=]\s*|\s+)"
            r"[\"'`\u201c\u2018](?!\[REDACTED)(?![\s$<{%])(?!" + _PROSE_WORD
            + r"[\"'`\u201d\u2019])"
            r"([^\"'`\u201d\u2019\n]{6,}?)[\"'`\u201d\u2019]"
        ),
        -1,
        ("pw", "pass"),
    ),
    (
        # a long random value given to a name that says it is secret ("set SECRET_KEY to
        # 7d1f0a9c...", "SIGNING_KEY: ...", "the API token is ..."): the value must look
        # random (``_random``), not a word, a path or an identifier
        "assigned-secret",
        _NAMED_RANDOM,
        2,
        ("secret", "key", "token", "pass", "pwd", "salt", "cred"),
    ),
    # (appended last: _ACROSS_LINES names the patterns above by their place)
    (
        # the person's answer to the agent's question asking for a credential (Claude Code's
        # AskUserQuestion): 'What is the staging database password?' answered 'Pg-Secret-2291',
        # the value alone, which no pattern knows; see ``_ASKED_ANSWER``
        "asked-secret",
        _ASKED_ANSWER,
        1,
        ('"="', '?":', '?" :'),
    ),
    (
        # a value in the comment after a secret's setting ("API_KEY=$(cat key.txt) # old one
        # was Xk9mQ7vL8pR4tW2z", "password: ${DB_PASSWORD}  // was Hunter2xyz"): the setting
        # left as written (a variable, a command, a template: ``_PLACEHOLDER``'s first sign),
        # its comment gives a value, shaped like a password (8+ characters, a
        # digit and both cases or a sign; not a path, a URL, a version, a constant's name or a
        # tag: "# see docs/setup-v2.md", "# since v2.3.1-Beta", "# was GITHUB_TOKEN2", "# since
        # Release-2024")
        "assigned-secret",
        _COMMENT_AFTER_SETTING,
        1,
        ("pass", "pwd", "secret", "token", "cred", "key"),
    ),
    (
        # a secret's variable given a default without the colon ("${DB_PASSWORD-Hunter2xyz}",
        # "${API_TOKEN=Xk9mQ7vL8pR4tW2z}"), which no rule reads as a name and its value; the
        # value alone is redacted, the braces kept ("${TOKEN_LIMIT-4096}", "${X-$Y}" stay)
        "assigned-secret",
        rx.compile(
            r"\$\{[A-Za-z0-9_]*?(?i:passw(?:or)?d|passwd|pass|pwd|secret|token|credentials?"
            r"|(?:api|access|secret|private|signing|encryption|master|auth)_?key)"
            r"[-=+](?![$}])([^}\s\"'`]{4,})\}"
        ),
        1,
        ("pass", "pwd", "secret", "token", "cred", "key"),
    ),
    (
        # a token, or a credential's key, given a value that reads as one (``_PLAIN_NAMED``)
        "assigned-secret",
        _PLAIN_NAMED,
        1,
        ("key", "token"),
    ),
    (
        # a markdown table's cell after a credential's name (``_TABLE_CELL``)
        "assigned-secret",
        _TABLE_CELL,
        _TABLE_CELL.groupindex["value"],
        ("pass", "pwd", "secret", "token", "key", "cred"),
    ),
    (
        # a value in a table's column a credential's name heads (``_TABLE_HEAD``)
        "assigned-secret",
        _TABLE_HEAD,
        1,
        ("pass", "pwd", "secret", "token", "key", "cred"),
    ),
    (
        # credentials' value said right after their name, or a list's after its header
        # (``_CREDENTIALS_SAID``)
        "assigned-secret",
        _CREDENTIALS_SAID,
        3,
        ("cred", "pass", "secret", "token", "key"),
    ),
    (
        # a value in a column a credential's name heads, the table flattened onto one line
        # (``_FLAT_TABLE_RULE``)
        "assigned-secret",
        _FLAT_TABLE_RULE,
        1,
        ("pass", "pwd", "secret", "token", "key", "cred"),
    ),
    (
        # (one line, so before the last: _ACROSS_LINES names the patterns above by their place)
        # a password or a secret said as what it is now or was made, its value a word and its
        # number in lower case ("The password is now hunter2.", "the secret was changed to
        # s3cret99", "The staging DB password is now hunter2."): "The password is hunter2." is
        # hidden by "is" alone, where after "is now" or "was changed to" the prose rule hides
        # only a value chosen with both cases or a sign, so the correction "is now hunter2"
        # showed what "is hunter2" hid. Whose it is left unsaid and the value ending the clause,
        # as after "is"; not a hash's or a format's name ("is now argon2id.", "utf8"), a version
        # ("v1.2.3"), a length ("16chars") or a word run on with a sign ("SOC2-compliant")
        "assigned-secret",
        rx.compile(
            r"(?i)\b(?:password|passwd|passphrase|secret)[ \t]++"
            r"(?:is[ \t]++(?:now|still|currently)\b(?:[ \t]++" + _MADE_TO_ON_ONE_LINE + r")?"
            r"|(?:was|(?:has|had)[ \t]++been)[ \t]++" + _MADE_TO_ON_ONE_LINE + r")[ \t]*+[\"'`]?"
            r"(?!" + _HASH_NAME + r"|" + _FORMAT_WORD + r"|(?i:v\d))"
            r"(?-i:(?=[a-z\d]{6})([a-z]++\d[a-z\d]*+))[\"'`]?(?=[.!?)]*+(?:[ \t,;]|$))",
            re.MULTILINE,
        ),
        1,
        ("pass", "secret"),
    ),
    # a URL's password holding a '/' (see URL_PASSWORD_WITH_SLASH; last: _ACROSS_LINES names
    # the patterns above by their place, and it lies on one line)
    ("url-password", URL_PASSWORD_WITH_SLASH, 1, ("://",)),
]


_CUES_AS_WRITTEN = tuple(sorted({w for *_, needs in _PATTERNS for w in needs if w.isupper()}))
_CUES_FOLDED = tuple(sorted({w for *_, needs in _PATTERNS for w in needs if not w.isupper()}))


def _patterns_by_cue() -> dict[str, frozenset[int]]:
    """Which patterns each cue word lets run, by place in _PATTERNS: one pass over them (a pass
    over all of them for each of the ~100 cue words was ~1 ms of every fresh process)."""
    places: dict[str, set[int]] = {}
    for i, (*_, needs) in enumerate(_PATTERNS):
        for word in needs:
            places.setdefault(word, set()).add(i)
    return {word: frozenset(found) for word, found in places.items()}


# Which patterns each cue word lets run, and those that need none
_RUNS_ON = _patterns_by_cue()
_ALWAYS = frozenset(i for i, (*_, needs) in enumerate(_PATTERNS) if not needs)
_EVERY = frozenset(range(len(_PATTERNS)))
# The patterns that can find in "<before>\n<text>" what they do not in ``text`` alone: a part
# of the match, or a look back from it, can be a line break (tests/test_redact.py decides this
# from each regex's parse tree); any other match lies on one line, the same found alone
_ACROSS_LINES = frozenset({0, 6, 14, 15, 18, 19, 25, 26, 27, 28, 29, 30, 31, 33, 34, 36, 37, 39,
                           40, 41, 45, 47, 48})
_WITHIN_LINES = _EVERY - _ACROSS_LINES


@dataclass(frozen=True)
class SecretHit:
    """Where a secret of a kind was found in a text."""

    kind: str
    start: int
    end: int


# A character escaped as JSON writes it: a transcript line read as it is holds a pasted .env as
# "...\\nAWS_SECRET_ACCESS_KEY=...\\nghp_...", where the "n" before each name hid it from every
# pattern that wants a word to start there, and '\\"password\\": \\"x\\"' from the quoted ones
# (and backslashes ending a line or the text: see ``_READ_AS_WRITTEN``)
_JSON_ESCAPE = rx.compile(r'\\(?:[nrt"\\/]|(?=\r?\n|\Z))')
# (read by the last character of each: "\r\n", and "\\r\\n" escaped, are one line's end)
_UNESCAPED = {"n": "\n", "r": "\r", "t": "\t", '"': '"', "/": "/", "\\": "\\", "\n": "\n"}
# ... and a line's end written "\r\n" (a file saved on Windows, a message pasted from one),
# read as "\n": the rules read lines ending in "\n" ("Token:\r\nQx-Token-99812" and a table's
# rows after "|---|---|\r\n" were read as no line's end); JSON's "\\r\\n" the same
# ... and each escaped again, however often, as a line holds a string a person wrote escaped
# ('Password:\\nHunter2xyz!', which the message's reader reads as a line break) or JSON text
# within JSON (a tool's output of a .json file): read once, '\\n' was the two characters
# backslash-n, a value read with them ('Password:\\nHunter2xyz!' hid "\\nHunter2xyz!", the
# line break with it, where the message shows the value on its line hidden), and a word of
# prose after them taken for one ('The password is below\\nsee the docs' hid "below\\nsee")
# ... and backslashes ending a line or the text, read as nothing: an escape cut off, as a line
# read_file cuts inside a JSON string or a session still being written ends
# ('{"content":"Passwords: Hunter2xyz!\\'), or a line continued; the value before them was
# read with them, and a rule that wants a value to end there, or holds no backslash in one,
# showed it ('Passwords: Hunter2xyz!\\' where 'Passwords: Hunter2xyz!' is hidden)
_READ_AS_WRITTEN = rx.compile(
    r'(?P<cut>\\++)(?=\r?\n|\Z)|\\++r\\++n|\r\n|\\++[nrt"/]|\\{2,}+')


def _read_out(text: str, start: int, end: int, escapes: Iterable[tuple[int, int, str]]
              ) -> tuple[str, list[int], list[int]]:
    """``text[start:end]`` with each escape (where it starts and ends in ``text``, and what it
    reads as) read, and where each stretch of it starts in the result and in ``text`` (an escape
    is a stretch of its own)."""
    view: list[str] = []
    starts: list[int] = []
    origins: list[int] = []
    pos, size = start, 0
    for at, until, read in escapes:
        for piece, origin in ((text[pos:at], pos), (read, at)):
            starts.append(size)
            origins.append(origin)
            view.append(piece)
            size += len(piece)
        pos = until
    starts.append(size)
    origins.append(pos)
    view.append(text[pos:end])
    return "".join(view), starts, origins


def _unescape(text: str) -> tuple[str, list[int], list[int]]:
    """``text`` with JSON's escapes and "\\r\\n" read, and where each stretch of it starts in the
    result and in ``text`` (an escape is a stretch of its own: one character for two to eight,
    none for backslashes cut off)."""
    return _read_out(text, 0, len(text), (
        (m.start(), m.end(), "" if m["cut"] else _UNESCAPED[m[0][-1]])
        for m in _READ_AS_WRITTEN.finditer(text)))


def find_secrets(text: str) -> list[SecretHit]:
    """Every secret in ``text``, left to right, overlaps merged (first kind wins)."""
    return _merged(_scan(text, _EVERY))


def _scan(text: str, only: frozenset[int]) -> list[tuple[int, SecretHit]]:
    """Each hit in ``text`` of the patterns ``only`` (by place in _PATTERNS) with that place,
    overlaps not merged."""
    if len(text) <= _KEPT_CHARS:
        return list(_scan_kept(text, only))
    return _scan_text(text, only)


# A dream scans the same text more than once: a memory file when the backend reads it and again
# in the checks, a new file when the tools check the write, summarise it for the journal and the
# checks see it (a third of a second dream's scanning). A scan depends on nothing but the text and
# the patterns, fixed for the process, so the newest results are kept; only for short texts (a
# topic file, a MEMORY.md of its 25,000 bytes), so a process that dreams for hours keeps little.
_KEPT_CHARS = 32_768


@lru_cache(maxsize=256)
def _scan_kept(text: str, only: frozenset[int]) -> tuple[tuple[int, SecretHit], ...]:
    return tuple(_scan_text(text, only))


def _scan_text(text: str, only: frozenset[int], depth: int = 0) -> list[tuple[int, SecretHit]]:
    """``_scan`` without its cache; ``depth``: how many JSON strings ``text`` was read out of."""
    if "\r\n" in text or ("\\" in text and _JSON_ESCAPE.search(text)):
        view, starts, origins = _unescape(text)
        # (a value read out of a JSON string holding JSON text ends before a backslash: that
        # escapes what follows it in the text within ('\\"X-API-Key: 9f8e...\\\\\\" https'),
        # and the value taking it left the quote after it unescaped there)
        found = _moved([(i, _before_a_backslash(view, hit)) for i, hit in _scan_view(view, only)],
                       starts, origins)
    else:
        found = _scan_view(text, only)
    if depth < _STRINGS_DEEP and '"' in text:
        found += _string_hits(text, only, depth)
    return found


def _before_a_backslash(view: str, hit: SecretHit) -> SecretHit:
    """``hit`` in ``view`` without the backslashes ending it (where anything is left)."""
    end = hit.end
    while end > hit.start + 1 and view[end - 1] == "\\":
        end -= 1
    return hit if end == hit.end else SecretHit(hit.kind, hit.start, end)


def _moved(found: list[tuple[int, SecretHit]], starts: list[int],
           origins: list[int]) -> list[tuple[int, SecretHit]]:
    """``found`` in a text read out of another (its stretches starting at ``starts`` there and
    at ``origins`` in the other), where in the other each hit is."""
    def original(at: int) -> int:
        i = bisect_right(starts, at) - 1
        return origins[i] + (at - starts[i])

    # (a hit's end where stretches begin at once, before what reads as nothing: backslashes cut
    # off after a value stay in sight, as written, where its start after them is read after them)
    def original_end(at: int) -> int:
        i = bisect_left(starts, at)
        if i == len(starts) or starts[i] != at:
            i -= 1
        return origins[i] + (at - starts[i])

    return [(i, SecretHit(h.kind, original(h.start), original_end(h.end))) for i, h in found]


# A JSON string, its text between the quotes: a transcript's line read as it is
# ('{"message":{"content":"Passwords: Hunter2xyz!"}}') goes on after a value that ends a
# message, where the rules want its end, and a tool's output that is JSON text holds strings of
# its own (escaped quotes in the line, '\\"password\\": ...'). Read from a quote to the next
# (possessive: each once), so valid JSON is read string by string, a key's or a value's; one
# that never closes (read_file's window cutting a long line, a session being written) runs to
# its line's end: a failed match began again at every quote after it, quadratic (review rev111:
# '{"c":"' + '\\"' * 16000 took 6.8 s)
_JSON_STRING = rx.compile(r'"((?:[^"\\\n]|\\[^\n]?)*+)(?:"|(?=\n)|\Z)')
# ... what may stand before a value's (not a key's: a value is no key, before ":") and after it
_BEFORE_A_VALUE = frozenset(':[,{\n')
_AFTER_A_VALUE = frozenset(',}]\r\n')
# ... its escapes, as JSON reads them ("\\u2019" one character; one JSON does not know, as written)
_STRING_ESCAPE = rx.compile(r"\\(?:u([0-9a-fA-F]{4})|(.))")
_STRING_ESCAPES = {**_UNESCAPED, "b": "\b", "f": "\f"}
# How deep strings are read out of strings: a transcript's line (1), a tool's output in it that
# is JSON (2), a string in that holding JSON escaped again (3)
_STRINGS_DEEP = 3
# ... and the patterns not run on a string alone, whose verdict asks what the rest of the text
# says: an answer to a question is a choice where the dialog's call offered it, in another
# string ('"Where should the API key be stored?"="AWS Secrets Manager"' read alone was hidden)
_READ_IN_THE_WHOLE = frozenset(
    i for i, (_, pattern, _, _) in enumerate(_PATTERNS) if pattern is _ASKED_ANSWER)


def _string_hits(text: str, only: frozenset[int], depth: int) -> list[tuple[int, SecretHit]]:
    """The hits in each JSON string ``text`` gives as a value, read as the string says it (its
    escapes read) and alone, as a reader decoding the JSON has it: a value ending the string
    ends its text there. Where in ``text`` each is (a hit never takes a quote that closes the
    string, nor half an escape)."""
    found: list[tuple[int, SecretHit]] = []
    size_of_text = len(text)
    for m in _JSON_STRING.finditer(text):
        start, end = m.span(1)
        if end - start < 6:
            continue
        # (a value's: after ":", "[", "," or "{", or first on its line, and before ",", "}",
        # "]" or its line's end; a key's or a quote in prose, 'he said "..." then', is none)
        before = m.start() - 1
        while before >= 0 and text[before] in " \t":
            before -= 1
        after = m.end()
        while after < size_of_text and text[after] in " \t":
            after += 1
        if ((before >= 0 and text[before] not in _BEFORE_A_VALUE)
                or (after < size_of_text and text[after] not in _AFTER_A_VALUE)):
            continue
        read, starts, origins = _read_out(text, start, end, (
            (esc.start(), esc.end(),
             chr(int(esc[1], 16)) if esc[1] else _STRING_ESCAPES.get(esc[2], esc[0]))
            for esc in _STRING_ESCAPE.finditer(text, start, end)))
        # (not through _scan's cache: it keeps memory files between the backend's read and the
        # checks, and a line's strings, each read once, pushed them out)
        found += _moved(_scan_text(read, only - _READ_IN_THE_WHOLE, depth + 1), starts, origins)
    return found


# A password hash's name, whole, as a person names one ("yescrypt", "argon2id", "pbkdf2-sha256",
# "sha512crypt", "bcrypt", "sha-512", "balloon", "phpass", "ntlm"; not "bcrypt4life"): the names
# every rule asks, not a list of its own
_HASH_NAME_WHOLE = rx.compile(_HASH_NAME)
# ... and the hashing told right after a secret's name ("the password hashing for users is
# yescrypt", "password hash algorithm is balloon", "the password is hashed with sha512crypt"):
# a hashing word anywhere before the value named a hash where the password was meant ("the
# password for the hashing server is balloon")
_HASHING_AFTER_NAME = rx.compile(r"(?i)\w*[ \t]+(?:(?:is|are)[ \t]+)?(?:hash(?:es|ed|ing)?|kdf)\b")
_HASHING_REACH = 80
# (where a sentence or a clause ends: "we hash sessions; the wifi password is balloon" names none)
_CLAUSE_END = rx.compile(r"[.!?;](?:\s|$)|\n")


def _names_a_hash(text: str, start: int, end: int) -> bool:
    """Whether the value ``text[start:end]`` is a hash's name said as what a password's hashing
    is: a name of ``_HASH_NAME`` whole (``_HASH_NAME_WHOLE``), and the last secret's name
    before it in its clause (at most ``_HASHING_REACH`` characters back; ``_SECRET_NAMED``: the
    names a credentials' table is told by, and the short names of a password or a PIN the rules
    read, "pass", "pw", "passcode", "pin") followed at once by a hashing word
    (``_HASHING_AFTER_NAME``). The rules reading a value after "password ... is" or "password
    ...:" took it for the password
    ('Remember: the password hashing for users is yescrypt', 'password hashing: Argon2id'), and
    the memory was refused; a password that only begins with one ("bcrypt4life"), one said with
    no hashing ("the wifi password is balloon"), or with a hashing word elsewhere ("the password
    for the hashing server is balloon"), is hidden as before."""
    if _HASH_NAME_WHOLE.fullmatch(text, start, end) is None:
        return False
    reach = max(0, start - _HASHING_REACH)
    ends = [m.end() for m in _CLAUSE_END.finditer(text, reach, start)]
    names = list(_SECRET_NAMED.finditer(text, ends[-1] if ends else reach, start))
    return bool(names) and _HASHING_AFTER_NAME.match(text, names[-1].end(), start) is not None


# A markdown link's closing half, "](file.md)" or "](<a b.md>)", after its text's opening "["
# on the line: where an index line's title ends ("- [Don't bother, the password is
# LDAP](feedback_x.md)"), no value goes on. A value read through it was judged with the link's
# name in it ("LDAP](feedback_x.md)", long enough to be a password where "LDAP" is not), so the
# index line hid what the topic file's body showed, and the dream failed on its own MEMORY.md
_LINK_TAIL = rx.compile(r"\]\((?:<[^<>\n]*>|[^\s()<>]*)\)")
# (how far back the link's "[" is looked for: a title is far shorter)
_LINK_TEXT_REACH = 1_000


def _before_a_link(text: str, found: re.Match[str], start: int, end: int
                   ) -> re.Match[str] | None:
    """``found`` (its value from ``start`` to ``end``) as it reads in a link's text alone, where
    the value runs on through the link's closing half: its pattern matched from the same start
    with the text ending at the link's "]" (None: no value there). Else ``found`` itself: a
    value with no link text open before it ('KEY = "Xk9m...](x.md)"') is read as before."""
    # (looked for in the value's own copy: what the match read already, never the text after it)
    value = text[start:end]
    at = value.find("](")
    while at >= 0 and _LINK_TAIL.match(text, start + at) is None:
        at = value.find("](", at + 2)
    if at < 0:
        return found
    if not _closes_a_bracket(text, start):
        return found
    return found.re.match(text, found.start(), start + at)


# a bracket, opening or closing, as ``_closes_a_bracket`` counts them
_BRACKET = rx.compile(r"[\[\]]")


def _closes_a_bracket(text: str, start: int) -> bool:
    """Whether a "[" is open before ``start`` on its line (within ``_LINK_TEXT_REACH``): a
    value ending at a "]" then ends with the bracket's text, a link's title ("- [The token is
    abc123XYZ987](x.md)") or a note's; with none open the "]" is the value's own. Brackets
    closed before ``start`` are counted out, nested or not: a mark a title already holds or a
    "[docs]" in it ("- [[REDACTED:api-key] The token is abc123XYZ987](a.md)") leaves the
    title's own "[" open, where the last "[" alone, closed, read the link's "]" as the value's
    and the value as no token's."""
    reach = max(0, start - _LINK_TEXT_REACH)
    line = text.rfind("\n", reach, start) + 1 or reach
    before = text[line:start]
    if "]" not in before or "[" not in before:
        return "[" in before
    # (read back from ``start``, each "]" closing the next "[" before it: the first "[" left
    # over is open; a "]" with none open before it, "- [ ] x] ...", closes nothing)
    closed = 0
    for bracket in _BRACKET.finditer(before[::-1]):
        if bracket[0] == "]":
            closed += 1
        elif closed:
            closed -= 1
        else:
            return True
    return False


_READ_PAST_A_LINK = frozenset({_TABLE_HEAD, _FLAT_TABLE_RULE, _TABLE_CELL})


def _scan_view(text: str, only: frozenset[int]) -> list[tuple[int, SecretHit]]:
    hits: list[tuple[int, SecretHit]] = []
    # (under (?i) a pattern's "i" matches a dotless "\u0131", which casefold keeps: 'the p\u0131n:
    # 4821' named no cue and kept its PIN)
    # ... nor its dotted capital "\u0130", which casefold makes "i" and a combining dot: 'the
    # p\u0130n: 4821' named no cue either
    folded = text.casefold().replace("\u0131", "i").replace("i\u0307", "i")
    # which of the patterns' cue words the text holds, looked for once and not per pattern (a
    # dream redacts every message: an any() per pattern was 193k steps in bench_local_dream); a
    # word in capitals is looked for as written (an environment constant's name)
    # (filter over a bound __contains__: no Python step per word; the patterns run in their
    # order, which decides the kind of two hits over the same span)
    runs = _ALWAYS.union(*map(_RUNS_ON.__getitem__, filter(text.__contains__, _CUES_AS_WRITTEN)),
                         *map(_RUNS_ON.__getitem__, filter(folded.__contains__, _CUES_FOLDED)))
    options: _Options | None = None  # (the text's offered labels: read when an answer asks)
    table_read_to = 0  # (where the rows of the last table read end)
    flat_read_to = 0  # (... and of the last table flattened onto a line)
    # (... and the line its separator is on: each separator's line looked for from it, back to
    # the text's start and on to its end, was read again for every separator on it, '"key " +
    # "| |-| " * N' of 2.56 MB took 6.9 s)
    flat_line = (0, -1)
    for i in sorted(runs & only):
        kind, pattern, group, _ = _PATTERNS[i]
        for found in pattern.finditer(text):
            start, end = found.span((found.lastindex or 0) if group < 0 else group)
            # (a table's header is read whole, links in its cells with it, and a cell's value
            # as its row has it)
            m = found if pattern in _READ_PAST_A_LINK else _before_a_link(text, found, start, end)
            if m is not found:
                if m is None:
                    continue
                start, end = m.span((m.lastindex or 0) if group < 0 else group)
            if start < 0 or end <= start:
                continue
            if text.startswith(REDACTED_MARK, start):
                continue
            if pattern is _AWS_SECRET_IN_PROSE and _bits(text[start:end]) < _RANDOM_BITS:
                continue
            if pattern is _NAMED_RANDOM and not _random(text[start:end], bare=bool(m["bare"])):
                continue
            if pattern is _PLAIN_NAMED:
                # (the word's closing signs are the sentence's: "Qx-Token-99812.", "...):")
                end = start + len(text[start:end].rstrip(".!?):"))
                value = text[start:end]
                name = _credential_name(text, m.start()) if end - start >= 10 else None
                if name is None and end - start >= 10:
                    name = _named_by_a_word(text, m.start(), value)
                # (or between emphasis marks, "the token is _abc123XYZ987_": the value inside
                # them read as a credential's, or an issuer's read whole, "_ghp_..._" where its
                # pattern took the "_" before it for a word's letter)
                secret_at = _named_value_span(value, name)
                if secret_at is None:
                    continue
                start, end = start + secret_at[0], start + secret_at[1]
            if pattern is _CREDENTIALS_SAID:
                said = _said_secret(text, m)
                if said is None:
                    continue
                start, end = said
            if pattern is _TABLE_CELL:
                opens_said, alone = m["verb"] is not None, _row_of_two(text, m.start(), m.end())
                # (or between emphasis marks: "| token | _ghp_..._ |", "| api key |
                # *sk-live-abcdef123456* |", the marks kept)
                secret_at = _read_or_marked(m["value"], partial(
                    _table_value, m["cell"], m["name"], said=opens_said, alone=alone))
                if secret_at is None:
                    continue
                start, end = start + secret_at[0], start + secret_at[1]
            if pattern is _TABLE_HEAD:
                # (a header among the rows read already: read with them)
                if m.start() < table_read_to:
                    continue
                spans, table_read_to = _column_hits(text, m)
                hits.extend((i, SecretHit(kind, *span)) for span in spans)
                continue
            if pattern is _FLAT_TABLE_RULE:
                if m.start() < flat_read_to:
                    continue
                if m.start() > flat_line[1]:
                    flat_line = _line_around(text, m.start())
                spans, flat_read_to = _flat_column_hits(text, m, flat_line)
                hits.extend((i, SecretHit(kind, *span)) for span in spans)
                continue
            if pattern is _URL_USER_KEY and not _random(text[start:end], bare=True):
                continue
            if pattern is _ASKED_ANSWER and (_ASKED_QUESTION.search(
                    text, _question_from(text, max(0, m.start() - 400), m.start()),
                    m.start()) is None
                    or (options := options or _Options(text)).offered(text[start:end])):
                continue
            if pattern is _COMMENT_AFTER_SETTING and _SETTING_NAME.search(
                    text, max(0, m.start() - 60), m.start()) is None:
                continue
            # (a "!" ending a value is one more sign in it: 'creds are admin and S3cr3t!' left
            # "[REDACTED]!", the password's last character in sight; and a pair's value with it
            # names no part: "ci:Pipeline-42! is the login" was read as a pipeline's name, the
            # "!" as the end of a sentence before "is the login")
            while end < len(text) and text[end] == "!":
                end += 1
            if start and text[start - 1] in ":-=+":
                start, end = _default_only(text, start, end)
            if pattern is _BARE_PAIR and _names_a_part(text, m["user"], start, end):
                continue
            if kind == "assigned-secret" and _names_a_hash(text, start, end):
                continue
            if _FLAT_MARK.fullmatch(text[start:end].strip(_AROUND_A_FLAT_MARK)) is not None:
                continue
            hits.append((i, SecretHit(kind, start, end)))
    return hits


# A redaction mark as an index line shows it, its brackets made round so that they do not end
# the title or read as a link ("- [The password is (REDACTED:assigned-secret)](x.md)", the
# title of a file left as found for the password in it): what is left of a secret, never one.
# Read as a password's value, it made the dream refuse its own MEMORY.md ('the content contains
# a secret (assigned-secret)', exit 6), in bold or before a full stop too, or before the "…" of a
# hook the index cut right after it ("— the password is (REDACTED:assigned-secret)…")
_FLAT_MARK = rx.compile(r"\(*" + FLAT_REDACTED_PATTERN + r"\)*")
_AROUND_A_FLAT_MARK = "*_`'\".,;:!?…"


def _default_only(text: str, start: int, end: int) -> tuple[int, int]:
    """The hit ``text[start:end]`` cut to the value a variable defaults to, where the hit is
    read in "${NAME:-value}" after "NAME:" (the rules read it as a name given a value) or after
    "NAME=": "echo ${DB_PASSWORD:-Hunter2xyz}" lost its "-" and "}" with the value. A value
    holding a brace or a command is left whole ("${X:-$(awk '{print}' f)}"), as is what
    follows the brace ("${X:-abc}Hunter2xyz" gives "abcHunter2xyz")."""
    lo = max(0, start - 200)
    if text[start] in "-=+" and _DEFAULT_OF.search(text, lo, start) is not None:
        value = start + 1
    elif _DEFAULT_AT.search(text, lo, start) is not None:
        value = start
    else:
        return start, end
    close = text.find("}", value, end)
    if close < 0:
        return value, end
    if any(c in "{(" for c in text[value:close]) or close == value:
        return start, end
    # (what the hit takes after the brace is the value's too: "${X:-abc}Hunter2xyz")
    return value, close if close == end - 1 else end


# (past this many options under one head, a quoted answer is looked for in the whole text)
_FEW_STARTS = 32


class _Options:
    """The options the agent offered, as a text shows them (the dialog's call, or the questions
    in the result's structured copy: '"label":"<label>"', '"label": "<label>"'), read once.

    An answer is offered when each of its labels is (several options picked are joined by
    ", "): picked, not typed. Each answer was looked for in the whole text, so a line of many
    answers ('"password?"="a", ' 30k times in 500 KB) took the square of its length (~30 s).
    Now each option's start is kept under its label up to the first quote, which a label
    without a quote must equal (a label holding one is compared at those starts alone)."""

    def __init__(self, text: str) -> None:
        self._text = text
        self._starts: dict[str, list[int]] = {}
        self._seen: dict[str, bool] = {}
        at = text.find('"label":')
        while at >= 0:
            value = at + 8
            value += 1 if text.startswith('"', value) else 2 if text.startswith(' "', value) else 0
            close = text.find('"', value) if value > at + 8 else -1
            if close >= 0:
                self._starts.setdefault(text[value:close], []).append(value)
            at = text.find('"label":', at + 1)

    def offered(self, answer: str) -> bool:
        return all(map(self._offered, answer.split(", ")))

    def _offered(self, label: str) -> bool:
        seen = self._seen.get(label)
        if seen is None:
            head, quote, _ = label.partition('"')
            starts = self._starts.get(head, ())
            # (the same quoted answer asked again is not compared again: kept per label)
            if not starts or not quote:
                seen = bool(starts)
            elif len(starts) <= _FEW_STARTS:
                seen = any(self._text.startswith(label + '"', at) for at in starts)
            else:
                # (many options share its head: one search of the text, in C, beats a Python
                # call at each of them; K such options and M such answers were K x M calls)
                seen = any(f'"label":{gap}"{label}"' in self._text for gap in ("", " "))
            self._seen[label] = seen
        return seen


def _merged(found: list[tuple[int, SecretHit]]) -> list[SecretHit]:
    """The hits left to right, overlaps merged: the first kind wins, and of two at the same
    place the longer, then the pattern first in _PATTERNS."""
    hits = [hit for _, hit in sorted(found, key=lambda f: (f[1].start, -f[1].end, f[0]))]
    merged: list[SecretHit] = []
    for hit in hits:
        if merged and hit.start < merged[-1].end:
            last = merged[-1]
            if hit.end > last.end:
                merged[-1] = SecretHit(last.kind, last.start, hit.end)
            continue
        merged.append(hit)
    return merged


def _bits(text: str) -> float:
    """Shannon entropy of ``text``, in bits per character."""
    counts = Counter(text)
    return -sum(n / len(text) * math.log2(n / len(text)) for n in counts.values())


def _random(value: str, *, bare: bool = False) -> bool:
    """True when ``value`` reads as a generated key: hex with digits and letters, or 20+
    characters whose letters and digits change case or kind often (random base64 does on
    about 6 in 10 characters; "ProductionSecretKey2026" 4 times in 23, "user_id_tenant_2"
    once) or that hold signs among them (Django's keys). A path, a URL or a camelCase name
    is none."""
    if value[0] in "/~.$<{%" or "://" in value:
        return False
    digits = sum(c.isdigit() for c in value)
    if len(value) >= 16 and all(c in "0123456789abcdefABCDEF" for c in value):
        # (after a bare "key", 16 hex digits are an id: a GPG key's, a cache entry's)
        return digits >= 2 and len(value) - digits >= 2 and (not bare or len(value) >= 24)
    if len(value) < 16 or not digits or not any(c.isalpha() for c in value):
        return False
    if _identifier(value):
        return False
    kinds = ["u" if c.isupper() else "l" if c.islower() else "d" for c in value if c.isalnum()]
    changes = sum(a != b for a, b in pairwise(kinds))
    if len(value) < 20:
        # (16 to 19 characters only mixed through and through, both cases and 2+ digits:
        # "8sKj2LmQ9xZp4RtY" after "the token is"; not "JwtAuthV2Handler", "user_id_2026_07")
        return (not bare and digits >= 2 and {"u", "l", "d"} <= set(kinds)
                and changes >= 0.5 * (len(kinds) - 1))
    signs = sum(c in "!@#$%^&*+=~" for c in value)
    return changes >= 0.3 * (len(kinds) - 1) or signs >= 3


_CAMEL_WORD = rx.compile(r"[A-Z]?[a-z]+|[A-Z]")


def _identifier(value: str) -> bool:
    """True when ``value`` reads as a camelCase name ("createdAt2026UtcMillisEpoch",
    "enableNewCheckoutFlowV2"): letters and digits only, no two capitals together, words of 3+
    letters on average each with a vowel. A random key of 20 characters reads so in about 2 of
    1,000 draws (capitals meet, letters run without vowels)."""
    if not value.isascii() or not value.isalnum():
        return False
    if any(a.isupper() and b.isupper() for a, b in pairwise(value)):
        return False
    words = _CAMEL_WORD.findall(value)
    return sum(map(len, words)) >= 3 * len(words) and all(
        len(word) < 3 or any(c in "aeiouyAEIOUY" for c in word) for word in words
    )


def contains_secret(text: str) -> bool:
    return bool(find_secrets(text))


# A file name's suffix ('.md', '.json'), kept in sight when the name's secret is hidden: a
# value read to the name's end took it ('user_password=hunter2.md' read
# 'user_password=[REDACTED:assigned-secret]', no longer a name the person finds). Only a
# file's kind: any dot and letters kept 'db_password=hunter2.s3cr3t99' as '...].s3cr3t99'.
_NAME_SUFFIX = rx.compile(r"(?i)\.(?:md|txt|json|toml|yaml|yml)\Z")


def shown_name(name: str) -> str:
    """A file's name (or path) as autodream prints it, in a note, ``show``'s findings and diff,
    a decision: its secret part hidden (a memory file named 'ghp_<36 characters>.md' is
    '[REDACTED:github-token].md'), its suffix kept ('user_password=[REDACTED:...].md'), what
    does not print escaped, one too long for a path told by its length. Every printer of a
    memory file's name asks this one."""
    # (imported here: not every reader of redaction loads the memory model and its patterns)
    from autodream.memory.model import MAX_PATH_BYTES

    # (a path no file system takes, as many characters as it may have bytes: told by its
    # length, since redaction is slow on some long text)
    if len(name) > MAX_PATH_BYTES:
        return f"a name of {len(name)} characters"
    suffix = _NAME_SUFFIX.search(name)
    stem = name[: suffix.start()] if suffix else name
    hidden = redact(stem)
    # (a secret the stem alone does not show, the suffix completing it, is hidden whole)
    shown = hidden + name[len(stem):] if hidden != stem else redact(name)
    return printable(shown)


def redact(text: str) -> str:
    """``text`` with every secret replaced by ``[REDACTED:<kind>]``."""
    hits = find_secrets(text)
    return _spliced(text, hits) if hits else text


def _spliced(text: str, hits: list[SecretHit]) -> str:
    """``text`` with each of ``hits`` (left to right, none overlapping) replaced by its mark."""
    out: list[str] = []
    pos = 0
    for hit in hits:
        out.append(text[pos : hit.start])
        out.append(REDACTED.format(kind=hit.kind))
        pos = hit.end
    out.append(text[pos:])
    return "".join(out)


# How much of the person's message before a message is read with it, where a secret's name
# may stand ("... the password is" / the value): the engine and Claude's tools alike
SAID_LAST_CHARS = 200


def _hits_after(before: str, text: str,
                alone: list[tuple[int, SecretHit]] | None = None) -> list[SecretHit]:
    """The secrets in ``text`` said on the line after ``before``, where in ``text`` each is;
    ``alone`` is ``_scan(text, _EVERY)`` where the caller has it already."""
    if not before:
        return find_secrets(text)
    start = len(before) + 1
    joined = f"{before}\n{text}"
    # Only the patterns that can see past a line break find in the join what ``text`` alone
    # does not hold; the others run on ``text`` alone (half the patterns, over the text and
    # not the ~200 characters before it too). A hit running from ``before`` into ``text``
    # may merge with one in ``before`` the others would find there: then all run on the join.
    across = [(i, hit) for i, hit in _scan(joined, _ACROSS_LINES) if hit.end > start]
    if any(hit.start < start for _, hit in across):
        found = _merged(_scan(joined, _EVERY))
    else:
        # (a pattern finds the same in ``text`` whichever others run with it)
        within = (_scan(text, _WITHIN_LINES) if alone is None
                  else [(i, hit) for i, hit in alone if i in _WITHIN_LINES])
        found = _merged(across + [(i, SecretHit(hit.kind, hit.start + start, hit.end + start))
                                  for i, hit in within])
    return [SecretHit(hit.kind, max(hit.start, start) - start, hit.end - start)
            for hit in found if hit.end > start]


# A line that ends in a secret's name and what says its value comes next ("staging db password:",
# "DB_PASSWORD=", "the password is", "The admin token for grafana is below"): only such a line
# can make the next line a value (read_file, reading both, hides it). A name with nothing after
# it ("    # password", "## Password") does not: the next line is code or a title, shown alone.
# Cheap enough to test the line before each grep hit: anchored at the end, over its last
# _NAME_LINE_TAIL characters, no redaction.
_NAME_ENDS_LINE = rx.compile(
    r"(?i:(?:passw(?:or)?ds?|pwd|pass|passphrases?|passcode|secrets?|tokens?|keys?|credentials?"
    r"|creds)"
    r"(?:[\"'`]|[*_]{1,2})?[ \t]*(?:[:=]|->|=>|\u2192|\b(?:is|are)\b[ \t]*:?)"
    r"|(?:passw(?:or)?d|passphrase|passcode|secret|token|key|credentials?|creds|pin)s?\b"
    r"[^\n]{0,60}?\b(?:below|here|as[ \t]+follows|following|next)\b[^\w\n]{0,4})"
    r"(?:[*_]{1,2})?[ \t]*\Z"
)
_NAME_LINE_TAIL = 120
# What ends every line _NAME_ENDS_LINE finds, matched at the start of the line's end reversed
# ("woleb si nekot eht"): most lines fail at their last characters, where a search ending in
# \Z tries each place in the line (a few us a grep hit, as much as the hit's own redaction)
_SAYS_NEXT_REVERSED = rx.compile(
    r"(?i)(?:[^\w\n]|_){0,8}(?:[:=>\u2192]|(?:si|era|woleb|ereh|swollof|gniwollof|txen)\b)"
)


# The last letters of the words above: a line ending in another letter or a digit (most lines
# of a log: "... 200 130ms user=u9 trace=658cda14") is told at once
_SAYS_NEXT_LAST = frozenset("sSeEwWgGtT")


def ends_in_a_name(line: str) -> bool:
    """Whether ``line`` ends naming a secret whose value the next non-blank line may give."""
    end = line[-1:]
    if end.isalnum() and end not in _SAYS_NEXT_LAST:
        return False
    return (_SAYS_NEXT_REVERSED.match(line[-40:].rstrip()[::-1]) is not None
            and _NAME_ENDS_LINE.search(line[-_NAME_LINE_TAIL:]) is not None)


# A line ending in a secret's name with nothing after it ("staging token", "the api key",
# "**DB password**"): read_file, reading it with the next line, takes a random value alone on
# that line for the name's ("staging token" / "Xk9mQ2vL8pR4tW7z")
_NAME_ENDS_BARE = rx.compile(
    r"(?<![A-Za-z0-9])(?i:passw(?:or)?d|passwd|pwd|passphrase|secret|token|key|credentials?)"
    r"s?(?:[\"'`]|[*_]{1,2})?[ \t]*\Z"
)

# ... a password's name so ("staging password", "**DB password**"), whose value, a word alone on
# the next line, read_file reads with it as a password's ("Hunter2xyz!"; see gives_a_named_value)
_PASSWORD_ENDS_BARE = rx.compile(
    r"(?<![A-Za-z0-9])(?i:passw(?:or)?d|passwd|pwd|passphrase)s?(?:[\"'`]|[*_]{1,2})?[ \t]*\Z"
)
# ... a name set in bold with nothing after it ("**staging token**", "**Tokens**")
_NAME_ENDS_BOLD = rx.compile(
    r"(?<![A-Za-z0-9])(?i:passw(?:or)?d|passwd|pwd|passphrase|secret|token|key|credentials?|creds)"
    r"s?\*{1,2}[ \t]*\Z"
)
# A list's item's mark ("- ", "* ") and a line that is a title or a comment ("## Password",
# "# password" in code): the line after such a one is a section's or the code's
_LIST_ITEM = rx.compile(r"[-*+][ \t]+")
_TITLE_OR_COMMENT = rx.compile(r"[ \t]*(?:#|//|--|;|/\*)")


def gives_a_named_value(before: str, line: str) -> bool:
    """Whether ``line`` is a lone value, or a list's item of one, that read with ``before``,
    the last non-blank line before it, as read_file reads it, may be the value of the secret's
    name ``before`` ends in with nothing after it: a random-looking one (``_random``) after
    any such name, a word of 6+ characters after a password's, whose values are no random
    strings ("staging password" / "Hunter2xyz!"), where ``before`` is no title or comment."""
    word = line.strip()
    item = _LIST_ITEM.match(word)
    if item is not None:
        word = word[item.end():]
    # (asked of the line at C speed: a grep hit may be a long minified line)
    if not 6 <= len(word) <= 200 or " " in word or "\t" in word:
        return False
    tail = before[-40:]
    if len(word) >= 16 and _NAME_ENDS_BARE.search(tail) is not None and _random(word):
        return True
    # (a name set in bold is a list's or a value's header, "**staging token**" / "Qx-Token-99812":
    # read_file reads a word of 10+ characters after a token's or a key's so, and a list's
    # items after credentials')
    if _NAME_ENDS_BOLD.search(tail) is not None:
        return True
    return (_PASSWORD_ENDS_BARE.search(tail) is not None
            and _TITLE_OR_COMMENT.match(before) is None)


# The last line of a text that is no table's row: no pipe in it, nor a separator (psql's
# "-------+----------" has none); the rows of a table running to the text's end begin after it
# (the text read once forward, then back line by line to that line, each line's start tried once)
_LAST_NOT_A_ROW = rx.compile(r"\A(?s:.*)^(?!" + _RULE_ROW + r"\r?$)[^|\n]*+$", re.MULTILINE)
# ... a credential's name in them (no name, no header to look for)
_CREDENTIALS_NAMED = rx.compile(r"(?i:passw|passphrase|pwd|secret|token|key|cred)")
# ... and with the short names a password or a PIN goes by, as words, a secret named before a
# hash's name in a clause (_names_a_hash: "password hashing uses argon2, root pass: balloon"
# names a password after the hashing)
_SECRET_NAMED = rx.compile(
    _CREDENTIALS_NAMED.pattern + r"|(?i:(?<![A-Za-z0-9])(?:" + _PIN_NAMES + r"|"
    + _SHORT_PASSWORD_NAMES + r")(?![A-Za-z0-9]))"
)
# ... and a separator row among them
_RULE_LINE = rx.compile(r"^" + _RULE_ROW + r"\r?$", re.MULTILINE)


def table_head_before(text: str, *, cut: bool) -> str:
    """The header and separator row (each ending in a line break) of the table whose rows run
    on to the end of ``text`` (which ends in a line break), where a credential's name heads a
    column; "" when none does. A separator among the rows heads the rows after it only under a
    header naming a credential's column, else the rows go on under the header before, as
    ``_column_hits`` reads them: read_file, showing rows far below their header, puts these
    before them. ``cut``: ``text`` may begin inside a line (no header, then)."""
    rows_end = len(text) - 1 if text.endswith("\n") else len(text)
    top = _LAST_NOT_A_ROW.search(text, 0, rows_end)
    # (no line but rows: the first may be cut, no header)
    first = (top.end() + 1 if top is not None else text.find("\n") + 1 if cut else 0)
    if _CREDENTIALS_NAMED.search(text, first, rows_end) is None:
        return ""
    for rule in reversed(list(_RULE_LINE.finditer(text, first, rows_end))):
        if rule.start() <= first:
            break
        head_at = text.rfind("\n", first, rule.start() - 1) + 1
        header = text[max(head_at, first):rule.start() - 1].rstrip("\r")
        if heads_a_credentials_column(header):
            separator = rule[0].rstrip("\r")
            return f"{header}\n{separator}\n"
    return ""


def rules_a_table(line: str) -> bool:
    """Whether ``line`` is a table's separator row ("|---|---|", "-------+----------"): a reader
    showing one row at a time (grep) redacts each with its table's header and separator, where
    a column's name may say a credential's value is in it ("| user | password |" / "|---|---|"
    / "| admin | admin123 |")."""
    return _TABLE_RULE.fullmatch(line) is not None


def heads_a_credentials_column(header: str) -> bool:
    """Whether the table row ``header`` names a column a credential's value is in ("| user |
    password |"): one over a separator row among a table's rows heads the rows after it, where
    another row goes on under the header before (as ``_column_hits`` reads them)."""
    return "|" in header and bool(_named_columns(header))


def redact_after(before: str, text: str) -> str:
    """``text`` redacted as said on the line after ``before``: a secret's name may end the
    message before it ("the staging db password is" / "Pg-Secret-2291 and use it")."""
    return _spliced(text, _hits_after(before, text))


def secrets_after(before: str, text: str) -> list[tuple[str, str]]:
    """(kind, value) of each secret ``text`` gives only as said after ``before``: a reader that
    shows a message as it is stored (a transcript's JSON record) redacts these values in it."""
    if not before:
        return []
    # (the text is scanned once: what it holds alone, and the part of that _hits_after needs)
    alone = _scan(text, _EVERY)
    own = {(hit.start, hit.end) for hit in _merged(alone)}
    return [(hit.kind, text[hit.start : hit.end]) for hit in _hits_after(before, text, alone)
            if (hit.start, hit.end) not in own]
