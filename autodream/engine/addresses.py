"""Addresses: the entry whose address a sentence tells moved ("The runbook moved to ...", "the
old grafana... instance was retired", "The new staging URL is ...")."""

from __future__ import annotations

import re

from autodream import rx
from autodream.engine.entries import Entry
from autodream.engine.model import Candidate
from autodream.engine.plans import mentions_thing
from autodream.engine.rewrites import moved_thing
from autodream.engine.sentence_kinds import _URL
from autodream.engine.text import ADDRESS_AT, MOVED_TO_ADDRESS, NEW_ADDRESS, similarity, tokens

# "the old grafana.acme-platform.io instance was retired", "grafana.acme.io was decommissioned":
# a host that no longer serves
# (said bare too: "staging.example.com is retired, use stg.example.com now")
_RETIRED_HOST = rx.compile(
    r"(?:\bthe\s+old\s+|(?<![\w.@/-]))(?P<host>(?:[a-z0-9-]+\.)+[a-z]{2,})\b(?:\s+(?:instance|host|server|site|"
    r"domain))?\s+(?:was|is|has\s+been|got)\s+(?:now\s+)?(?:retired|decommissioned|shut\s+down|"
    r"turned\s+off|gone|removed)\b", re.I)


# a host named bare ("stg.example.com"), not a file ("config.yaml") or a version ("1.2.3")
# (top-level names a file's ending is not: "config.py", "main.rs" name no host)
_HOST = rx.compile(r"(?<![\w.@/-])(?=[a-z0-9-]{2})(?:[a-z0-9-]+\.)+(?:com|org|net|io|dev|app|"
                   r"cloud|co|ai|so|me|eu|uk|de|us|internal|local)(?![\w-]|\.\w)", re.I)


# words that say only that what they name is an address
_ADDRESS_WORDS = frozenset({"url", "urls", "address", "link", "endpoint", "location"})


def _host_of(url: str) -> str:
    return url.split("://", 1)[-1].split("/", 1)[0].lower()


def hosts_in(text: str) -> set[str]:
    """The hosts ``text`` names, bare or in an address, lower-cased."""
    return {h.lower() for h in _HOST.findall(text)} | {
        _host_of(u.rstrip(".,;:!?")) for u in _URL.findall(text)}


def host_moved(before: str, after: str) -> tuple[str, str] | None:
    """The one host ``before`` names that ``after`` no longer does, and the one ``after``
    names in its place ("staging.example.com", "stg.example.com"), or None."""
    was, now = hosts_in(before), hosts_in(after)
    gone, came = was - now, now - was
    return (gone.pop(), came.pop()) if len(gone) == len(came) == 1 else None


def moved_address_entry(live: list[Entry], cand: Candidate) -> Entry | None:
    """For "The runbook moved to confluence.acme.io/oncall": the live entry about the thing
    moved (``mentions_thing``) that gives another address for it ("The on-call runbook is at
    notion.so/..."); the one most like ``cand`` wins, then the earliest."""
    m = MOVED_TO_ADDRESS.search(cand.text)
    thing = moved_thing(cand.text)
    if m is None or not thing:
        return None
    new = ADDRESS_AT.search(m[0], len(m[0].split()[0]))
    found = [(similarity(cand.text, e.lead), -pos, e) for pos, e in enumerate(live)
             if mentions_thing(thing, e.lead) and ADDRESS_AT.search(e.lead) is not None
             and new is not None and new[0].lower() not in e.lead.lower()]
    return max(found, key=lambda f: (f[0], f[1]))[2] if found else None


def _retired(cand: Candidate) -> tuple[str, list[str], set[str]] | None:
    """The host ``cand`` tells retired, the address it gives instead (if any), and the other
    hosts it names; None when it tells no host retired, or not one new place for it."""
    if "old " not in cand.text and "retired" not in cand.text:
        return None
    gone = _RETIRED_HOST.search(cand.text)
    given = _URL.findall(cand.text)
    if gone is None or len(given) > 1:
        return None
    host = gone["host"].lower()
    if given and host in given[0].lower():
        return None
    # ("..., use stg.example.com now": the new host alone, the rest of the address as it was)
    hosts = {h.lower() for h in _HOST.findall(cand.text)} - {host}
    if not given and len(hosts) != 1:
        return None
    return host, given, hosts


def moved_off_already(live: list[Entry], cand: Candidate) -> Entry | None:
    """For "staging.example.com is retired, use stg.example.com now" when memory moved the
    address there already ("Updated on ...; previously: ... https://staging.example.com/api"):
    the one live entry saying so, which the retirement confirms (it was a second memory)."""
    told = _retired(cand)
    if told is None:
        return None
    host, given, hosts = told
    new = {_host_of(given[0].rstrip(".,;:!?"))} if given else hosts
    found = [e for e in live if new <= hosts_in(e.lead) and host not in hosts_in(e.lead)
             and any(host in hosts_in(line) for line in e.history)]
    return found[0] if len(found) == 1 else None


def host_retired(live: list[Entry], cand: Candidate) -> tuple[Entry, str, str] | None:
    """For "the platform dashboards are now at https://grafana.platform.acme.io/..., the old
    grafana.acme-platform.io instance was retired": the one live entry with an address on
    the retired host, that address and the new one. The entry may say more than the moved
    thing ("... Grafana dashboard is https://grafana.acme-platform.io/... and PagerDuty
    service is https://..."), too unlike the move for a match by words: the old address
    stayed in memory beside the new one."""
    told = _retired(cand)
    if told is None:
        return None
    host, given, hosts = told
    found = [(e, url.rstrip(".,;:!?")) for e in live for url in _URL.findall(e.lead)
             if _host_of(url) == host]
    if len(found) != 1:
        return None
    entry, old = found[0]
    if given:
        return entry, old, given[0].rstrip(".,;:!?")
    at = old.lower().index(host)
    return entry, old, old[:at] + hosts.pop() + old[at + len(host):]


def given_new_address(live: list[Entry], cand: Candidate) -> tuple[Entry, str, str] | None:
    """For "The new staging URL is https://staging2...": the one live entry giving the
    thing ("the staging URL") one other address, that address and the new one. Too few
    words are shared for a match by words, and the old address stayed beside the new."""
    if "new " not in cand.text[:40].lower():
        return None
    told = NEW_ADDRESS.match(cand.text)
    if told is None:
        return None
    thing, new = tokens(told["thing"]), told["at"].rstrip(".,;:!?")
    # ("the staging API URL" of "The staging API is at https://...": the address the entry
    # gives is its URL, said or not; kept beside it, the old address stayed current)
    named = thing - _ADDRESS_WORDS or thing
    found = [(e, said[0].rstrip(".,;:!?")) for e in live
             if mentions_thing(named, e.lead) and len(said := ADDRESS_AT.findall(e.lead)) == 1
             and said[0].rstrip(".,;:!?").lower() != new.lower()]
    return (found[0][0], found[0][1], new) if len(found) == 1 else None
