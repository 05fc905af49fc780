"""A compact account of what gather found, for a model that consolidates (the Claude backend).

No raw transcript: one line per kept statement, with its type, how often and when it was said,
so the model can grep for detail only where it needs it.
"""

from __future__ import annotations

from datetime import datetime

from autodream.engine.model import Candidate, EngineOptions
from autodream.engine.scoring import cluster_candidates, score
from autodream.engine.text import counted, shorten

DIGEST_MAX_LINES = 60
DIGEST_MAX_BYTES = 8_000


def build_digest(
    candidates: list[Candidate],
    *,
    now: datetime,
    options: EngineOptions | None = None,
    dropped: int = 0,
    max_lines: int = DIGEST_MAX_LINES,
    max_bytes: int = DIGEST_MAX_BYTES,
) -> str:
    """Candidates grouped and ranked, one line each, strongest first; bounded in size."""
    options = options or EngineOptions()
    clusters = cluster_candidates(candidates, options)
    for cluster in clusters:
        cluster.score = score(cluster, now, options)
    clusters.sort(key=lambda c: (-c.score, c.latest.timestamp, c.latest.order))
    sessions = sorted({c.source.session_id for c in candidates})
    head = (
        f"{counted(len(candidates), 'statement')} in {counted(len(clusters), 'group')} from "
        f"{counted(len(sessions), 'session')}, strongest first; {dropped} skipped as not worth "
        "saving. Dates are absolute."  # the system prompt says to verify with grep
    )
    lines = [head]
    size = len(head.encode("utf-8")) + 1
    shown = 0
    for cluster in clusters:
        latest = cluster.latest
        tag = f"{latest.type}/{latest.kind}"
        if latest.kind == "switch" and latest.new:
            tag += f", now {latest.new}" + (f", was {latest.old}" if latest.old else "")
        tag = f"[{tag}]"
        ids = ",".join(s[:8] for s in cluster.sessions[:3])
        # The order carries the score; session id prefixes let the model grep one session.
        line = (
            f"- {tag} {shorten(latest.text, 160)} ({counted(len(cluster.sessions), 'session')}, "
            f"last {latest.source.day.isoformat()}: {ids})"
        )
        cost = len(line.encode("utf-8")) + 1
        if len(lines) >= max_lines or size + cost > max_bytes:
            break
        lines.append(line)
        size += cost
        shown += 1
    if shown < len(clusters):
        lines.append(f"- … {counted(len(clusters) - shown, 'weaker group')} not shown")
    return "\n".join(lines) + "\n"
