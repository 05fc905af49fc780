"""Known places where a team keeps things (docs, tickets, CI, chat, hosting, ...), by kind.

A move that names only where to ("we moved the design docs to Confluence") replaces the old
place of the same kind in the entry about that thing ("... live in Notion"). A name of another
kind ("we migrated the backend to Kubernetes" against "written in Python") replaces nothing:
without a kind in common, nothing says the two fill the same slot.
"""

from __future__ import annotations

import re

from autodream import rx
from autodream.engine.text import names_pattern, outside_addresses

_KINDS: dict[str, tuple[str, ...]] = {
    "docs": ("notion", "confluence", "google docs", "google drive", "sharepoint", "gitbook",
             "coda", "dropbox paper", "quip", "the wiki", "github wiki", "obsidian"),
    "tickets": ("jira", "linear", "github issues", "gitlab issues", "trello", "asana",
                "shortcut", "clickup", "youtrack", "pivotal tracker", "monday.com"),
    "ci": ("jenkins", "github actions", "circleci", "gitlab ci", "travis ci", "travis",
           "buildkite", "teamcity", "azure pipelines", "bitbucket pipelines", "drone ci"),
    "chat": ("slack", "microsoft teams", "discord", "mattermost", "zulip", "google chat"),
    "hosting": ("aws lambda", "aws", "google cloud run", "cloud run", "google cloud", "gcp",
                "azure", "heroku", "vercel", "netlify", "fly.io", "render", "railway",
                "digitalocean", "cloudflare workers", "cloudflare pages", "github pages",
                "kubernetes", "ecs", "fargate", "app engine"),
    "monitoring": ("grafana", "datadog", "sentry", "kibana", "new relic", "honeycomb",
                   "prometheus", "splunk", "opsgenie", "pagerduty"),
    "design": ("figma", "sketch", "miro", "excalidraw"),
    "repos": ("github", "gitlab", "bitbucket"),
}
PLACE_KIND: dict[str, str] = {name: kind for kind, names in _KINDS.items() for name in names}
# longest first, so "google cloud run" is found before "google cloud"
PLACE_NAMES: tuple[str, ...] = tuple(sorted(PLACE_KIND, key=lambda n: (-len(n), n)))
PLACE_PATTERN = names_pattern(PLACE_NAMES)
# A known name followed by another capitalised word is part of a longer name ("AWS RDS",
# "Google Cloud SQL"): some other product, of no known kind.
_PLACE = rx.compile(rf"(?<![\w.-])(?:{PLACE_PATTERN})(?![\w-])(?!\s+(?-i:[A-Z]))", re.I)


def places_in(text: str) -> list[str]:
    """The known places ``text`` names, as written there, in order; none that is only the
    start of a longer name, nor one in an address or code ("notion" in "notion.so/acme")."""
    return [m[0] for m in outside_addresses(text, _PLACE.finditer(text))]


def kind_of(name: str) -> str | None:
    return PLACE_KIND.get(" ".join(name.lower().split()))


# A named host, region, cluster or database ("db2", "eu-west-1", "prod-cluster-3"): a name with a
# digit in it. A move of a thing to one replaces the one of that shape the entry about the thing
# names ("The staging database is on db1").
SLOT_VALUE = r"[A-Za-z][\w-]*\d[\w.-]*(?<![.-])"
_SLOT = rx.compile(rf"(?<![\w.-]){SLOT_VALUE}(?![\w-])")


def slot_values(text: str) -> list[str]:
    """The named hosts, regions and clusters ``text`` names, in order."""
    return _SLOT.findall(text)
