"""A base URL as autodream may print or keep it: its host, port and path, never its user,
password or query values.

A proxy's password (``http://bob:pw@proxy:8080/v1``) or a gateway's token in the query
(``...?token=...``) rode into every message that named the endpoint: the error on stderr, the
run's record, ``log``, ``show`` and ``--json``. Redaction knows neither when the value is short,
so the URL is cut where it is written: ``http://***@proxy:8080/v1?***``.
"""

from __future__ import annotations

import re
from urllib.parse import quote, unquote

from autodream import rx

HIDDEN = "***"
# A URL inside a message (the SDK's or an endpoint's own words may quote the request's): a
# scheme, then everything up to a space or a quote (one class: linear on any input).
_URL_IN_TEXT = rx.compile(r"\b[A-Za-z][A-Za-z0-9+.-]{0,15}://[^\s'\"<>`]+")
# what ends a sentence rather than a URL: "cannot reach http://host/v1: refused"
_TRAILING = ".,;:!)]}"
# a value shorter than this is hidden only inside a URL: replaced anywhere, it would hit words
MIN_PIECE = 4


def shown_url(url: str) -> str:
    """``url`` with its user and password replaced by ``***@`` and what follows a ``?`` or a
    ``#`` by ``?***`` (``#***``): ``http://***@127.0.0.1:9/v1?***``."""
    scheme, sep, rest = url.partition("://")
    if not sep:
        scheme, rest = "", url
    authority_end = _first_of(rest, "/?#")
    authority, tail = rest[:authority_end], rest[authority_end:]
    if "@" in authority:
        authority = f"{HIDDEN}@{authority.rpartition('@')[2]}"
    path_end = _first_of(tail, "?#")
    path, after = tail[:path_end], tail[path_end:]
    hidden_after = f"{after[0]}{HIDDEN}" if after else ""
    return f"{scheme}{sep}{authority}{path}{hidden_after}"


def without_url_secrets(text: str, url: str | None) -> str:
    """``text`` with every URL in it shown as ``shown_url`` does, and the secrets of ``url``
    (its password, a user that is a key, its query values) hidden wherever else they stand: an
    endpoint's error may quote the request's path and query without the scheme."""
    text = _URL_IN_TEXT.sub(_shown_match, text)
    for piece in _secret_pieces(url or ""):
        text = text.replace(piece, HIDDEN)
    return text


def _shown_match(match: re.Match[str]) -> str:
    found = match.group()
    kept = found.rstrip(_TRAILING)
    return shown_url(kept) + found[len(kept):]


def _secret_pieces(url: str) -> list[str]:
    """The parts of ``url`` no message may hold, longest first, as written and with their
    percent-escapes read or written (the SDK sends ``hunter2%20pass`` for ``hunter2 pass``)."""
    _scheme, sep, rest = url.partition("://")
    if not sep:
        rest = url
    authority_end = _first_of(rest, "/?#")
    authority, tail = rest[:authority_end], rest[authority_end:]
    pieces: list[str] = []
    if "@" in authority:
        userinfo = authority.rpartition("@")[0]
        user, has_password, password = userinfo.partition(":")
        pieces += [userinfo, password]
        if not has_password:  # a key given as the user (a Sentry-style DSN)
            pieces.append(user)
    after = tail[_first_of(tail, "?#"):]
    if after:
        pieces.append(after[1:])
        for pair in after[1:].replace("#", "&").split("&"):
            pieces.append(pair.partition("=")[2] or pair)
    spelled = {form for piece in pieces
               for form in (piece, unquote(piece), quote(piece, safe=""), quote(piece))}
    return sorted((form for form in spelled if len(form) >= MIN_PIECE),
                  key=lambda form: (-len(form), form))


def _first_of(text: str, stops: str) -> int:
    """Where the first of ``stops`` stands in ``text``; its length when none does."""
    return min((at for at in (text.find(stop) for stop in stops) if at >= 0), default=len(text))
