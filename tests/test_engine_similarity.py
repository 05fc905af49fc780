"""The similarity ceiling and the choices it prunes: the same answers as comparing every pair."""

from __future__ import annotations

import difflib
from datetime import UTC, date, datetime
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from autodream.engine import scoring
from autodream.engine.consolidate import Consolidator
from autodream.engine.entries import Entry
from autodream.engine.matching import best_match
from autodream.engine.model import Candidate, EngineOptions, Source
from autodream.engine.text import (
    dice,
    normalize,
    similar,
    similarity,
    similarity_bound,
    slug,
    tokens,
)

# Few words, so random statements often share some, and now and then all of them.
WORDS = ["we", "use", "pnpm", "npm", "for", "installs", "always", "never", "the", "release",
         "is", "on", "2026-07-24", "friday", "api", "returns", "cents", "dollars", "v3.10",
         "tests", "run", "CI", "Jenkins", "GitHub", "Actions", "small", "pure", "functions"]
TEXTS = st.lists(st.sampled_from(WORDS), max_size=9).map(" ".join) | st.sampled_from(
    ["", ".", "Always use pnpm for installs, never npm.", "always use pnpm for installs"])


def _reference_similarity(a: str, b: str) -> float:
    """similarity() as written before the ceiling: difflib's own quick_ratio."""
    score = dice(tokens(a), tokens(b))
    if score >= 0.99:
        return score
    na, nb = normalize(a), normalize(b)
    if not na or not nb:
        return score
    matcher = difflib.SequenceMatcher(None, na, nb, autojunk=False)
    if matcher.quick_ratio() <= score:
        return score
    return max(score, matcher.ratio())


@settings(max_examples=400, deadline=None)
@given(a=TEXTS, b=TEXTS)
def test_similarity_is_unchanged_and_never_above_its_ceiling(a: str, b: str) -> None:
    sim = similarity(a, b)
    assert sim == _reference_similarity(a, b)
    assert similarity_bound(a, b) >= sim


@settings(max_examples=300, deadline=None)
@given(a=TEXTS, b=TEXTS, threshold=st.sampled_from([0.0, 0.6, 0.8, 0.85, 0.9, 1.0]))
def test_similar_is_a_threshold_on_similarity(a: str, b: str, threshold: float) -> None:
    assert similar(a, b, threshold) == (similarity(a, b) >= threshold)


def _candidate(text: str, key: str, type_: str, order: int = 0) -> Candidate:
    return Candidate(
        kind="fact", type=type_, text=text,  # type: ignore[arg-type]
        source=Source("s1", date(2026, 7, 6)),
        timestamp=datetime(2026, 7, 6, 9, 0, order, tzinfo=UTC),
        explicitness=1.0, order=order, key=key,
    )


def _reference_best_match(consolidator: Consolidator, cand: Candidate) -> Entry | None:
    """best_match as written before the ceiling: every entry compared, in order."""
    best: Entry | None = None
    best_sim = 0.0
    for entry in consolidator.live():
        sim = max(similarity(text, s) for text in {cand.match_text, cand.text}
                  for s in [entry.lead, entry.description])
        needed = consolidator.options.match_similarity if entry.type == cand.type else 0.85
        if sim >= needed and sim > best_sim:
            best, best_sim = entry, sim
    return best


TYPES = st.sampled_from(["feedback", "project"])
ENTRY = st.tuples(st.lists(TEXTS, max_size=2), TEXTS, TYPES, st.booleans())


@settings(max_examples=300, deadline=None)
@given(
    specs=st.lists(ENTRY, max_size=8),
    copies=st.lists(st.integers(0, 7), max_size=3),
    text=TEXTS, key=TEXTS, type_=TYPES,
    match=st.sampled_from([0.0, 0.3, 0.6]),
)
def test_best_match_chooses_what_comparing_every_entry_chooses(
    specs: list[tuple[list[str], str, str, bool]], copies: list[int], text: str, key: str,
    type_: str, match: float,
) -> None:
    # copies of earlier entries make ties, which the first entry in order must win
    specs = specs + [specs[i] for i in copies if i < len(specs)]
    entries = [
        Entry(file=f"e{i}.md", name=f"e{i}", description=description,
              type=t, statements=list(statements), deleted=deleted)  # type: ignore[arg-type]
        for i, (statements, description, t, deleted) in enumerate(specs)
    ]
    consolidator = Consolidator(entries, EngineOptions(match_similarity=match))
    cand = _candidate(text, key, type_)
    assert best_match(consolidator.live(), cand, match) is _reference_best_match(
        consolidator, cand)


@pytest.mark.parametrize("match", [0.0, 0.6, 0.9])
@settings(max_examples=150, deadline=None)
@given(texts=st.lists(st.tuples(TEXTS, TYPES), max_size=12))
def test_clustering_is_unchanged_by_the_ceiling(texts: list[tuple[str, str]], match: float) -> None:
    cands = [_candidate(t, "", ty, order) for order, (t, ty) in enumerate(texts) if t.strip()]
    options = EngineOptions(match_similarity=match)
    pruned = [[c.order for c in cl.members] for cl in scoring.cluster_candidates(cands, options)]
    # a ceiling of 1.0 rules nothing out: every cluster is compared, as before
    with mock.patch.object(scoring, "similarity_bound", lambda a, b: 1.0):
        every = [[c.order for c in cl.members]
                 for cl in scoring.cluster_candidates(cands, options)]
    assert pruned == every


def test_a_tie_goes_to_the_earlier_entry_even_when_a_later_one_has_the_higher_ceiling() -> None:
    text, same, loose = "pnpm release functions", "release for", "pnpm installs"
    # The later entry says the same as the earlier one, plus a description whose ceiling is
    # higher than their shared similarity: it is compared first, and the earlier one must
    # still be compared (its ceiling equals the best found so far) to win the tie.
    assert similarity_bound(text, same) == similarity(text, same) >= 0.6
    assert similarity_bound(text, loose) > similarity(text, same) > similarity(text, loose)
    first = Entry(file="a.md", name="a", description=same, type="project", statements=[same])
    second = Entry(file="b.md", name="b", description=loose, type="project", statements=[same])
    match = EngineOptions().match_similarity
    assert best_match([first, second], _candidate(text, "", "project"), match) is first


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Use ruff instead of flake8", "use-ruff-instead-flake8"),
        ("We use OAuth2 for login", "use-oauth2-login"),
        ("We deploy to k8s in Q3 2026", "deploy-k8s"),
        # values that change stay out, so the name holds after an update
        ("We moved the staging database from db1 to db2", "moved-staging-database"),
        ("We run Postgres 14 in v2", "run-postgres"),
        # a word twice in a row once a value between is left out: was "changed-gb-gb",
        # "retro-week-week", "staging-staging-acme-io"
        ("Changed from 8 GB to 16 GB", "changed-gb"),
        ("The retro is in the week of 2026-07-20 (the week", "retro-week"),
        ("Staging is at staging.acme.io", "staging-acme-io"),
        # ... apart, it may be part of a name: kept
        ("We use Travis, configured in .travis.yml", "use-travis-configured-travis-yml"),
        ("We use MySQL in production and MySQL in staging", "use-mysql-production-mysql-staging"),
    ],
)
def test_a_file_name_keeps_names_with_digits_and_leaves_out_values(
        text: str, expected: str) -> None:
    assert slug(text) == expected
