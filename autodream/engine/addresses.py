"""Addresses: the entry whose address a sentence tells moved ("The runbook moved to ...", "the
old grafana... instance was retired", "The new staging URL is ...")."""

from __future__ import annotations

import re

from autodream.engine.entries import Entry
from autodream.engine.model import Candidate
from autodream.engine.plans import mentions_thing
from autodream.engine.rewrites import moved_thing
from autodream.engine.sentence_kinds import _URL
from autodream.engine.text import ADDRESS_AT, MOVED_TO_ADDRESS, NEW_ADDRESS, similarity, tokens

# "the old grafana.acme-platform.io instance was retired", "grafana.acme.io was decommissioned":
# a host that no longer serves
_RETIRED_HOST = re.compile(
    r"\bthe\s+old\s+(?P<host>(?:[a-z0-9-]+\.)+[a-z]{2,})\b(?:\s+(?:instance|host|server|site|"
    r"domain))?\s+(?:was|is|has\s+been|got)\s+(?:now\s+)?(?:retired|decommissioned|shut\s+down|"
    r"turned\s+off|gone|removed)\b", re.I)


def _host_of(url: str) -> str:
    return url.split("://", 1)[-1].split("/", 1)[0].lower()


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


def host_retired(live: list[Entry], cand: Candidate) -> tuple[Entry, str, str] | None:
    """For "the platform dashboards are now at https://grafana.platform.acme.io/..., the old
    grafana.acme-platform.io instance was retired": the one live entry with an address on
    the retired host, that address and the new one. The entry may say more than the moved
    thing ("... Grafana dashboard is https://grafana.acme-platform.io/... and PagerDuty
    service is https://..."), too unlike the move for a match by words: the old address
    stayed in memory beside the new one."""
    if "old " not in cand.text and "retired" not in cand.text:
        return None
    gone = _RETIRED_HOST.search(cand.text)
    given = _URL.findall(cand.text)
    if gone is None or len(given) != 1:
        return None
    host = gone["host"].lower()
    if host in given[0].lower():
        return None
    found = [(e, url.rstrip(".,;:!?")) for e in live for url in _URL.findall(e.lead)
             if _host_of(url) == host]
    if len(found) != 1:
        return None
    return found[0][0], found[0][1], given[0].rstrip(".,;:!?")


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
    found = [(e, said[0].rstrip(".,;:!?")) for e in live
             if mentions_thing(thing, e.lead) and len(said := ADDRESS_AT.findall(e.lead)) == 1
             and said[0].rstrip(".,;:!?").lower() != new.lower()]
    return (found[0][0], found[0][1], new) if len(found) == 1 else None
