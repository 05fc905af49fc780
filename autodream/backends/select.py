"""Choosing the backend for a dream: Claude when asked for or when a key is at hand, else local.

Both backends are imported only once chosen: the SDK takes a second to import, and the local
engine has no business loading it.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any
from urllib.parse import urlsplit

from autodream.agent import Backend
from autodream.errors import BackendUnavailable, ConfigError
from autodream.settings import NO_KEY_ERROR, Settings, api_key_and_source

BACKENDS: tuple[str, ...] = ("auto", "anthropic", "local")
NO_KEY_NOTICE = "no API key: using the local engine"


@dataclass(frozen=True)
class BackendChoice:
    backend: Backend
    # one line for the person (e.g. why ``auto`` fell back to local); None when nothing to say
    notice: str | None = None


def api_key(settings: Settings, env: Mapping[str, str] | None = None) -> str | None:
    """``settings.api_key``, else ``ANTHROPIC_API_KEY``; blank counts as absent."""
    return api_key_and_source(settings, env)[0]


def base_url(settings: Settings, env: Mapping[str, str] | None = None) -> str | None:
    """``settings.base_url`` (``--base-url`` or config), else ``ANTHROPIC_BASE_URL``."""
    environ = os.environ if env is None else env
    url = settings.base_url or environ.get("ANTHROPIC_BASE_URL") or ""
    url = url.strip()
    if not url:
        return None
    source = base_url_setting(settings)
    if not url.lower().startswith(("http://", "https://")):
        # the SDK would retry it as unreachable for half a minute, then fail the dream
        raise ConfigError(f"{source}: {_quoted_non_url(url)} is not an http:// or https:// URL")
    if (unreadable := _unreadable_url(url)) is not None:
        raise ConfigError(f"{source}: {unreadable}")
    if _names_no_host(url):
        # ('http://', 'https://:8080'): the SDK tried to resolve an empty name, retried, and
        # failed the dream after ~6 s as 'cannot reach http://' (exit 8), recorded as a failed
        # dream that counted toward the back-off
        from autodream.backends.urls import shown_url

        raise ConfigError(f"{source}: {shown_url(url)!r} names no host (http://HOST[:PORT]/...)")
    return url


def base_url_setting(settings: Settings) -> str:
    """Where the base URL is set, as a message names it: "base_url (option --base-url)",
    "base_url (env AUTODREAM_BASE_URL)", else "ANTHROPIC_BASE_URL"."""
    if settings.base_url and settings.base_url.strip():
        return f"base_url ({settings.sources.get('base_url', 'configured')})"
    return "ANTHROPIC_BASE_URL"


def _names_no_host(url: str) -> bool:
    """Whether ``url``, one ``_unreadable_url`` passed, has an empty host; one only urllib
    cannot read (a '[' in a password, which the client sends as it is) has the host the
    client reads."""
    try:
        return not urlsplit(url).hostname
    except ValueError:
        return False


def _unreadable_url(url: str) -> str | None:
    """Why the HTTP client cannot read ``url`` as a URL, with no secret of it; None when it
    can. A password holding a '/' ('http://bob:hunter2/pass@host:9/v1') failed the dream with
    httpx's "InvalidURL: Invalid port: 'hunter2'", raised as the backend was made: the
    password on stderr, in --json, the run's record and DREAMS.md."""
    try:
        urlsplit(url).port  # noqa: B018 (read for the ValueError a port that is no number raises)
    except ValueError:
        pass
    else:
        return None
    # (imported only for the rare URL urllib refuses: httpx takes ~60 ms to import and urls.py
    # loads redaction's patterns, ~10-80 ms, which status and every dream asking this of a
    # URL that reads well should not pay)
    import httpx2

    from autodream.backends.urls import PASSWORD_HIDDEN, shown_url, split_url

    # urllib refuses more than the client: a '[' or ']' in a password is read as an IPv6
    # host's, and httpx sends it as it is; a port past 65535 it reads too, but cannot reach
    try:
        port = httpx2.URL(url).port
    except httpx2.InvalidURL:
        port_past_range = False
    else:
        if port is None or port <= _HIGHEST_PORT:
            return None
        port_past_range = True
    parts = split_url(url, userinfo_to_last_at=True)
    if parts.userinfo is not None and not port_past_range:
        user, has_password, _password = parts.userinfo.partition(":")
        named = (f"{user}:{PASSWORD_HIDDEN}" if has_password and re.fullmatch(r"[\w.-]*", user)
                 else PASSWORD_HIDDEN)
        return (f"{shown_url(replace(parts, userinfo=named).joined())!r} cannot be read as a "
                "URL: a password holding '/', '?' or '#' must be percent-encoded (%2F, %3F, %23)")
    return (f"{shown_url(url)!r} cannot be read as a URL: its host or port cannot be read (a "
            "port is a number from 0 to 65535, an IPv6 address is in brackets whole)")


_HIGHEST_PORT = 65535


def _quoted_non_url(value: str) -> str:
    """A base URL that is no URL, as an error may quote it: whole when it reads like a host
    ('127.0.0.1:8080', 'api.example.com/v1', 'ollama', 'ollama:11434', 'htp://ollama'), else
    at most its first characters. A key pasted in its place was echoed in status, log, show,
    undo and dream.log; so were the forms a ':', '.' or '/' let through:
    'admin:hunter2@proxy.corp:8080' (a password before the host) and an AWS-style secret
    'wJalrXUtnFEMI/K7MDENG/...' (no host at all)."""
    # (redaction's patterns, ~10-80 ms to load, only for a value that is already an error)
    from autodream.redact import redact

    # (a host names it, and what may follow it: a name with a dot, a lower-case name (a
    # container's, 'ollama', 'llm-gateway/v1'), an IPv4 or bracketed IPv6 address; a port; a
    # path; before it a scheme mistyped ('htp://', 'http//'), which is what the person needs
    # to see; never a user or a password before an '@'. A password pasted by mistake has
    # upper case with its digits or signs, or is long and random, which redaction knows)
    host_like = re.fullmatch(
        r"(?:[a-z][a-z0-9+.-]*:?//?)?"
        # (a lower-case name no longer than a host's label usually is: a key of 32 hex
        # characters is none)
        r"(?:\d{1,3}(?:\.\d{1,3}){3}|\[[0-9A-Fa-f:.]+\]|[a-z0-9-]{1,24}"
        r"|[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)"
        r"(?::\d{1,5})?(?:/[^\s@]*)?", value)
    if host_like is not None and redact(value) == value:
        return repr(value)
    # (the first characters only of what is long enough to keep most of it unsaid: of 'pw1'
    # they were all of it)
    start = f"{value[:3]!r}... " if len(value) >= _SHOWN_START_FROM else "a value "
    return (f"{start}({len(value)} characters, not shown: it looks like a key or holds a "
            "password)")


# shorter than this, a value that is not shown is not begun either
_SHOWN_START_FROM = 8


def make_backend(
    settings: Settings,
    toolbox: Any = None,
    *,
    env: Mapping[str, str] | None = None,
    **anthropic_options: Any,
) -> BackendChoice:
    """The backend ``settings.backend`` asks for.

    ``auto`` is Claude when an API key is present, otherwise the local engine with a one-line
    notice; ``anthropic`` without a key raises ``BackendUnavailable``. ``toolbox`` is handed to
    the local engine (it streams transcripts through it); ``anthropic_options`` go to
    ``AnthropicBackend`` (``max_retries``, ``timeout_s``, ``preflight``, ``client``).
    """
    name = (settings.backend or "auto").strip().lower()
    if name not in BACKENDS:
        raise BackendUnavailable(
            f"unknown backend {settings.backend!r}: choose one of {', '.join(BACKENDS)}"
        )
    if name == "local":
        return BackendChoice(_local(settings, toolbox))
    key = api_key(settings, env)
    if key is None:
        if name == "anthropic":
            raise BackendUnavailable(NO_KEY_ERROR)
        return BackendChoice(_local(settings, toolbox), NO_KEY_NOTICE)
    from autodream.backends.anthropic import AnthropicBackend

    url = base_url(settings, env)
    if url is not None:
        # (an endpoint that cannot be reached is said with the setting to fix)
        anthropic_options.setdefault("base_url_setting", base_url_setting(settings))
    backend = AnthropicBackend.from_settings(
        settings, api_key=key, base_url=url, **anthropic_options
    )
    return BackendChoice(backend)


def _local(settings: Settings, toolbox: Any) -> Backend:
    try:
        from autodream.backends.local import (  # type: ignore[import-not-found,unused-ignore]
            LocalBackend,
        )
    except ImportError as exc:  # the engine ships with the package; this is a broken install
        raise BackendUnavailable(f"the local engine cannot be loaded: {exc}") from exc
    backend: Backend = LocalBackend(settings, toolbox)
    return backend
