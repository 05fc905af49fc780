"""Which candidates are worth keeping: explicitness, recurrence across sessions, recency."""

from __future__ import annotations

import math
from collections import defaultdict
from datetime import datetime

from autodream.engine.model import Candidate, Cluster, Decision, EngineOptions
from autodream.engine.plans import plans_other_things
from autodream.engine.replacement import said_of_other_things
from autodream.engine.revisions import revision
from autodream.engine.text import (
    PORT_MOVED_BARE,
    normalize,
    port_put_right,
    shorten,
    similarity,
    similarity_bound,
    tokens,
)

_MAX_COMPARISONS = 24  # per candidate: the clusters sharing the most words


def _moves_a_port(cand: Candidate) -> bool:
    """"Switched Postgres to 5433.": a move of the port an entry gives, applied after that
    entry; clustered with "We use Postgres 16 on port 5432." said the same week, it stood in
    for it, found no port in memory and was dropped, the fact with it."""
    if cand.kind == "fact" and " to " in cand.text and (
            PORT_MOVED_BARE.match(cand.text) is not None):
        return True
    # "Correction: the port is 5434." said after "Remember: the database port is 5432.": alike
    # in words, it stood in for the port it puts right (kept as 'The port is now 5434', the
    # database's port beneath it as if a note), or for another thing's port held already
    return (cand.put_right or cand.kind == "correction") and "port" in cand.text.lower() and (
        port_put_right(cand.text, corrected=True) is not None)


def cluster_candidates(candidates: list[Candidate], options: EngineOptions) -> list[Cluster]:
    """Group candidates that say the same thing; switches stay alone (their order matters)."""
    clusters: list[Cluster] = []
    exact: dict[tuple[str, str], int] = {}
    by_token: dict[str, list[int]] = defaultdict(list)
    for cand in sorted(candidates, key=lambda c: (c.timestamp, c.order)):
        if cand.kind == "switch" or _moves_a_port(cand):
            clusters.append(Cluster([cand]))
            continue
        key = (cand.type, normalize(cand.match_text))
        if key in exact:
            clusters[exact[key]].members.append(cand)
            continue
        toks = tokens(cand.match_text)
        shared: dict[int, int] = defaultdict(int)
        for tok in toks:
            for idx in by_token.get(tok, ()):
                shared[idx] += 1
        best, best_sim = -1, 0.0
        ranked = sorted(shared.items(), key=lambda kv: (-kv[1], kv[0]))[:_MAX_COMPARISONS]
        for idx, _count in ranked:
            other = clusters[idx]
            if other.type != cand.type or other.kind == "switch" or _moves_a_port(other.latest) or (
                    # "You can stop explaining Python idioms now" is said of what "Explain
                    # Python idioms when ..." is, and takes it back: not the same thing again
                    cand.revises and revision(other.latest.text, cand.text) is not None):
                continue
            # Only the most similar cluster matters, and only when it is similar enough: one
            # whose ceiling rules out both is passed over without difflib.
            bound = similarity_bound(cand.match_text, other.latest.match_text)
            if bound <= best_sim or bound < options.match_similarity:
                continue
            sim = similarity(cand.match_text, other.latest.match_text)
            if sim > best_sim and not said_of_other_things(
                    other.latest.match_text, cand.match_text, cand.kind == "correction"
            ) and not plans_other_things(other.latest, cand):
                best, best_sim = idx, sim
        if best >= 0 and best_sim >= options.match_similarity:
            clusters[best].members.append(cand)
            exact[key] = best
            continue
        clusters.append(Cluster([cand]))
        idx = len(clusters) - 1
        exact[key] = idx
        for tok in toks:
            by_token[tok].append(idx)
    return clusters


def recency(latest: datetime, now: datetime, half_life_days: float) -> float:
    age_days = max(0.0, (now - latest).total_seconds() / 86_400)
    if half_life_days <= 0:
        return 1.0
    return math.pow(0.5, age_days / half_life_days)


def score(cluster: Cluster, now: datetime, options: EngineOptions) -> float:
    """(explicitness + recurrence bonus) weighted by recency: recent counts fully, old half."""
    explicit = max(c.explicitness for c in cluster.members)
    repeats = len(cluster.sessions) - 1
    bonus = min(options.recurrence_cap, options.recurrence_bonus * repeats)
    fresh = recency(cluster.latest.timestamp, now, options.half_life_days)
    return round((explicit + bonus) * (0.5 + 0.5 * fresh), 4)


def select(
    clusters: list[Cluster], now: datetime, options: EngineOptions
) -> tuple[list[Cluster], list[Decision]]:
    """Score every cluster; keep those at or above the threshold, each with a reason.

    Recency is measured back from the newest thing said in this batch, not from the clock: a
    dream that runs months after the sessions (the user was away, the hook never fired) must
    still learn from them, while older statements in the batch still weigh less than newer ones.
    """
    kept: list[Cluster] = []
    decisions: list[Decision] = []
    newest = max((c.latest.timestamp for c in clusters), default=now)
    reference = min(now, newest)
    for cluster in clusters:
        cluster.score = score(cluster, reference, options)
        latest = cluster.latest
        n = len(cluster.sessions)
        detail = (
            f"{latest.kind}, explicitness {max(c.explicitness for c in cluster.members):.2f}, "
            f"{n} session{'s' if n != 1 else ''}, latest {latest.source.day.isoformat()}, "
            f"score {cluster.score:.2f} vs threshold {options.threshold:.2f}"
        )
        subject = shorten(latest.text, 120)
        if cluster.score >= options.threshold:
            kept.append(cluster)
            decisions.append(Decision("kept", subject, detail, session_id=latest.source.session_id))
        else:
            decisions.append(
                Decision("dropped", subject, "below threshold: " + detail,
                         session_id=latest.source.session_id)
            )
    return kept, decisions

