"""A base URL as autodream may print or keep it: its host, port, path and fragment, never its
password, its query values or a fragment's value whose name says it is a secret.

A proxy's password (``http://bob:pw@proxy:8080/v1``) or a gateway's token in the query
(``...?token=...``) rode into every message that named the endpoint: the error on stderr, the
run's record, ``log``, ``show`` and ``--json``. Redaction knows neither when the value is short,
so the URL is cut where it is written, with redaction's own marker (``redact.REDACTED``, one
style wherever autodream hides something): ``http://bob:[REDACTED:url-password]@proxy:8080/v1
?token=[REDACTED:url-query]``. The URL is split here rather than by redaction's url-password
rule, which stops at an '@' or '/' in the password ('bob:p@ss@host' kept 'ss'), and knows no
query.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from urllib.parse import quote, unquote

from autodream import rx
from autodream.redact import REDACTED, REDACTED_MARK, URL_PASSWORD_WITH_SLASH, redact

PASSWORD_HIDDEN = REDACTED.format(kind="url-password")
QUERY_VALUE_HIDDEN = REDACTED.format(kind="url-query")
FRAGMENT_VALUE_HIDDEN = REDACTED.format(kind="url-fragment")
# A URL inside a message (the SDK's or an endpoint's own words may quote the request's): a
# scheme, then everything up to a space or a quote (one class: linear on any input).
_URL_IN_TEXT = rx.compile(r"\b[A-Za-z][A-Za-z0-9+.-]{0,15}://[^\s'\"<>`]+")
# what ends a sentence rather than a URL: "cannot reach http://host/v1: refused", "is it
# http://host/v1?"
_TRAILING = ".,;:!?)]}"
# A value of the base URL is hidden outside a URL only from this length, and only when it is
# not also its host's or path's word: 'localhost' of '?upstream=localhost', or 'gateway' of
# 'http://gateway@127.0.0.1:9/gateway/v1', replaced everywhere, hid the host itself.
MIN_PIECE = 6
# a query part with no '=' ('?abcdef123456', a token alone) is hidden from this length: a
# sentence's '?' before a short word is no query
_BARE_QUERY_MIN = 8


@dataclass(frozen=True)
class UrlParts:
    """A URL cut as autodream reads it: ``scheme://userinfo@host/path?query#fragment``; put
    back together by ``joined``, character for character."""

    scheme: str  # with its '://'; '' when it has none
    userinfo: str | None  # what stands before the host's '@'; None when no '@' does
    host: str  # with its port
    path: str  # up to the '?', or the '#' when there is no query
    query: str | None  # after the '?'; None when there is none
    fragment: str  # from the '#' (after the query when there is one); ''

    def joined(self) -> str:
        userinfo = "" if self.userinfo is None else f"{self.userinfo}@"
        query = "" if self.query is None else f"?{self.query}"
        return f"{self.scheme}{userinfo}{self.host}{self.path}{query}{self.fragment}"


def split_url(url: str, *, userinfo_to_last_at: bool = False) -> UrlParts:
    """``url``'s parts. Its user and password run to the first '/', '?' or '#' (an '@' in a
    path is no user's), or over one '/' to an '@' when redaction reads a password holding it
    there ('http://bob:1234/abcdSECRET@db:5432/x': no client reads 'bob:1234' as the person
    meant, and shown as a host and port it showed the password); with ``userinfo_to_last_at``,
    to the last '@': what the person meant of a password holding a '/'
    ('http://bob:hunter2/pass@host:9/v1'), which no client reads."""
    scheme, sep, rest = url.partition("://")
    if not sep:
        scheme, rest = "", url
    if userinfo_to_last_at:
        host_start = rest.rfind("@") + 1
    else:
        slashed = URL_PASSWORD_WITH_SLASH.match(url) if sep else None
        host_start = slashed.end() - len(scheme) - len(sep) if slashed else 0
    authority_end = host_start + _first_of(rest[host_start:], "/?#")
    authority, tail = rest[:authority_end], rest[authority_end:]
    userinfo: str | None = None
    if "@" in authority:
        userinfo, _at, authority = authority.rpartition("@")
    query_start = tail.find("?")
    if query_start < 0:
        fragment_start = _first_of(tail, "#")
        return UrlParts(f"{scheme}{sep}", userinfo, authority, tail[:fragment_start], None,
                        tail[fragment_start:])
    fragment_start = _first_of(tail[query_start:], "#") + query_start
    return UrlParts(f"{scheme}{sep}", userinfo, authority, tail[:query_start],
                    tail[query_start + 1:fragment_start], tail[fragment_start:])


def shown_url(url: str) -> str:
    """``url`` with its password (or a user with none, a key given as the user), its query
    values and its fragment's values named as secrets hidden:
    ``http://bob:[REDACTED:url-password]@127.0.0.1:9/v1?token=[REDACTED:url-query]``,
    ``http://127.0.0.1:9/v1#access_token=[REDACTED:url-fragment]``. Its scheme, host, port,
    path, query names and an ordinary fragment ('#section-2') are kept: what a person debugs."""
    parts = split_url(url)
    userinfo = parts.userinfo
    if userinfo is not None:
        user, has_password, password = userinfo.partition(":")
        if not (_hidden_already(userinfo) or _hidden_already(password)):
            userinfo = f"{user}:{PASSWORD_HIDDEN}" if has_password else PASSWORD_HIDDEN
    query = (None if parts.query is None
             else "&".join(_shown_pair(pair) for pair in parts.query.split("&")))
    fragment = "&".join(_shown_fragment_pair(pair) for pair in parts.fragment.split("&"))
    return replace(parts, userinfo=userinfo, query=query, fragment=fragment).joined()


def without_url_secrets(text: str, url: str | None) -> str:
    """``text`` with every URL in it shown as ``shown_url`` does, and the password of ``url``
    and the query values named as secrets hidden wherever else they stand, when long enough
    to be no common word and not its host's or path's words too: an endpoint's error may
    quote them bare."""
    text = _URL_IN_TEXT.sub(_masked_match, text)
    pieces = dict(_secret_pieces(url or ""))
    if not pieces:
        return text
    # (one pass, longest piece first, a marker matched whole and kept: neither a marker already
    # in the text nor one this writes is rewritten; '[REDACTED:url-password]' of
    # '?auth=password' read '[REDACTED:url-[REDACTED:url-query]]')
    pattern = re.compile("|".join([_MARKER.pattern, *map(re.escape, pieces)]))
    return pattern.sub(lambda found: pieces.get(found.group(), found.group()), text)


def url_secrets_hidden(text: str) -> str:
    """``text`` with only the secret pieces of its URLs hidden, each as ``shown_url`` hides it:
    a password, a user alone that redaction reads as a key, a query or fragment value whose
    name says secret or that redaction hides. What ``autodream scrub --urls`` writes over a
    journal an older autodream kept: a record's other words and URLs stay as written
    ('ssh://git@github.com/acme/api.git', '?q=deploy'), since a rewrite is for good."""
    return _URL_IN_TEXT.sub(_secrets_only_match, text)


def _secrets_only_match(match: re.Match[str]) -> str:
    found = match.group()
    url = found.rstrip(_TRAILING)
    parts = split_url(url)
    userinfo = parts.userinfo
    if userinfo is not None and not _hidden_already(userinfo):
        user, has_password, password = userinfo.partition(":")
        if has_password and password and not _hidden_already(password):
            userinfo = f"{user}:{PASSWORD_HIDDEN}"
        elif not has_password and redact(f"{parts.scheme}{user}@{parts.host}") != (
                f"{parts.scheme}{user}@{parts.host}"):
            userinfo = PASSWORD_HIDDEN
    query = (None if parts.query is None
             else "&".join(_secret_pair_hidden(pair) for pair in parts.query.split("&")))
    fragment = "&".join(_shown_fragment_pair(pair) for pair in parts.fragment.split("&"))
    return replace(parts, userinfo=userinfo, query=query, fragment=fragment).joined() + found[
        len(url):]


def _secret_pair_hidden(pair: str) -> str:
    """A query's ``name=value`` with the value hidden when its name says secret or redaction
    hides it (``_query_secret``); any other pair (a search's 'q=deploy', a word) as written."""
    if _query_secret(pair) is None:
        return pair
    name, has_value, _value = pair.partition("=")
    return f"{name}={QUERY_VALUE_HIDDEN}" if has_value else QUERY_VALUE_HIDDEN


def _shown_pair(pair: str) -> str:
    name, has_value, value = pair.partition("=")
    if _hidden_already(value or pair):
        return pair
    if has_value:
        return f"{name}={QUERY_VALUE_HIDDEN}" if value else pair
    return QUERY_VALUE_HIDDEN if len(pair) >= _BARE_QUERY_MIN else pair


def _shown_fragment_pair(pair: str) -> str:
    """A fragment's ``name=value`` (the first with its '#') with the value hidden when the name
    says it is a secret: an OAuth implicit grant hands its token back as ``#access_token=...``.
    A fragment is mostly an anchor ('#section-2', '#L10-L20'): kept."""
    name = pair.partition("=")[0]
    return f"{name}={FRAGMENT_VALUE_HIDDEN}" if _fragment_secret(pair) else pair


def _fragment_secret(pair: str) -> str | None:
    """The value of a fragment's ``name=value`` when its name says it is a secret."""
    name, has_value, value = pair.partition("=")
    if has_value and value and not _hidden_already(value) and _secret_name(name):
        return value
    return None


def _hidden_already(value: str) -> bool:
    """A marker of ours (a message quoting a URL shown already), or its start when a sentence's
    ']' was cut from the URL's end: hidden again, it read '[REDACTED:url-query]]'."""
    return value.startswith(REDACTED_MARK)


# a marker whole (one class: linear on any input)
_MARKER = rx.compile(re.escape(REDACTED_MARK) + r"[^\]\s\[]{1,64}\]")
# A query value is hidden outside a URL only when its name says it is a secret (or redaction
# would hide it anyway): '?upstream=claude' hid 'claude' of 'bad model claude-sonnet-4', and
# '?api-version=2023-06-01' a date the endpoint quoted. The name is read by its parts (split at
# '-', '_', '.'), each whole: a word holding 'auth', 'key', 'code', 'sig' or 'pass' anywhere
# ('author', 'keyword', 'zipcode', 'design', 'passage') hid a value scrub --urls rewrote for
# good. A part naming a secret alone ('token', 'secret', 'password', 'sig', 'auth', 'session',
# or written as one word: 'accessToken', 'apikey', 'clientSecret', 'PHPSESSID')...
# ... or 'key' and 'code' after a part saying what they open ('api_key', 'X-Api-Key',
# 'auth_code', 'authCode'; a sort key, a country code are none), or as the whole name ('?key='
# of a maps API, '?code=' of an OAuth redirect)
_KEY_OF = ("access", "api", "auth", "client", "encryption", "master", "private", "secret",
           "session", "signing", "subscription")
_CODE_OF = ("access", "auth", "authorization", "invitation", "invite", "login", "mfa", "otp",
            "recovery", "reset", "security", "totp", "verification")
_SECRET_PART = rx.compile(
    r"(?i)[a-z0-9]*(?:token|secret|passw(?:or)?d|passphrase|passcode|pwd|credential|verifier)s?"
    r"|pass|sig|signature|auth|authorization|session|[a-z0-9]*sess(?:ion)?id"
    rf"|(?:{'|'.join(sorted(_KEY_OF, key=lambda w: (-len(w), w)))})keys?"
    rf"|(?:{'|'.join(sorted(_CODE_OF, key=lambda w: (-len(w), w)))})codes?"
)
_NAME_PARTS = rx.compile(r"[-_.]")
# ... unless the name only tells about the secret: an OAuth fragment's 'token_type=bearer' or
# 'token_expires=3600' (hidden, 'bearer' was hidden again in every message quoting the word)
_ABOUT_A_SECRET = rx.compile(r"(?i)[-_.]?(?:type|expires?|expiry|ttl|hint|kind|length)\Z")


def _secret_name(name: str) -> bool:
    """Whether a query's or fragment's ``name`` (percent-escaped as written) says its value is
    a secret ('access_token', 'sig', 'api-key', 'key'), not what kind it is ('token_type') nor
    something else holding such a word ('author', 'sort_key', 'country_code')."""
    # (a fragment's first pair comes with its '#': '#password' names a password)
    plain = unquote(name).lstrip("#")
    if _ABOUT_A_SECRET.search(plain):
        return False
    parts = [part.lower() for part in _NAME_PARTS.split(plain)]
    if parts in (["key"], ["keys"], ["code"]):
        return True
    return any(_SECRET_PART.fullmatch(part)
               or (part in ("key", "keys") and at > 0 and parts[at - 1] in _KEY_OF)
               or (part in ("code", "codes") and at > 0 and parts[at - 1] in _CODE_OF)
               for at, part in enumerate(parts))


def _query_secret(pair: str) -> str | None:
    """The value of a query's ``name=value`` (or of a bare word) that no record may keep: its
    name says secret, or redaction hides it. What scrub --urls hides in a URL and what an
    endpoint's message may not quote of a base URL: one rule."""
    name, has_value, value = pair.partition("=")
    value = value if has_value else pair
    if (value and not _hidden_already(value)
            and ((has_value and _secret_name(name)) or redact(value) != value)):
        return value
    return None


def _masked_match(match: re.Match[str]) -> str:
    found = match.group()
    kept = found.rstrip(_TRAILING)
    return shown_url(kept) + found[len(kept):]


def _secret_pieces(url: str) -> list[tuple[str, str]]:
    """The values of ``url`` no message may hold with the marker each is hidden by, longest
    first, as written and with their percent-escapes read or written (the SDK sends
    ``hunter2%20pass`` for ``hunter2 pass``)."""
    parts = split_url(url)
    pieces: list[tuple[str, str]] = []
    if parts.userinfo is not None:
        user, has_password, password = parts.userinfo.partition(":")
        secret = password if has_password else user
        # (a password holding a '/' sends what follows it as the request's path, which an
        # endpoint may quote without the rest)
        pieces.extend((piece, PASSWORD_HIDDEN) for piece in {secret, *secret.split("/")[1:]})
    for pair in [] if parts.query is None else parts.query.split("&"):
        if (query_value := _query_secret(pair)) is not None:
            pieces.append((query_value, QUERY_VALUE_HIDDEN))
    for pair in parts.fragment.split("&"):
        if (fragment_value := _fragment_secret(pair)) is not None:
            pieces.append((fragment_value, FRAGMENT_VALUE_HIDDEN))
    # (what the host or path says is no secret: hidden there, the message loses the endpoint)
    public = unquote(f"{parts.host}{parts.path}").lower()
    spelled = {(form, marker) for piece, marker in pieces if unquote(piece).lower() not in public
               for form in (piece, unquote(piece), quote(piece, safe=""), quote(piece))}
    return sorted(((form, marker) for form, marker in spelled if len(form) >= MIN_PIECE),
                  key=lambda spelled: (-len(spelled[0]), spelled))


def _first_of(text: str, stops: str) -> int:
    """Where the first of ``stops`` stands in ``text``; its length when none does."""
    return min((at for at in (text.find(stop) for stop in stops) if at >= 0), default=len(text))
