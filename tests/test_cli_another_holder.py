"""What a fact says of one thing, said later of another ("Staging runs Postgres 15" /
"Production runs Postgres 15"), is a second memory: neither replaces the other, in the dream
that reads it or in any dream after it. One holder handing a thing to another ("Dana owns
billing" / "Priya owns billing") is still a change."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.factories import dream_on_day, told_day_by_day


def _memory(root: Path) -> str:
    return "\n".join(p.read_text(encoding="utf-8")
                     for p in sorted((root / "memory").glob("*.md")))


def _index(root: Path) -> str:
    return (root / "memory" / "MEMORY.md").read_text(encoding="utf-8")


@pytest.mark.parametrize(("first", "then", "both"), [
    ("Staging runs Postgres 15.", "Production runs Postgres 15.",
     ("Staging runs Postgres 15", "Production runs Postgres 15")),
    ("Staging runs Postgres.", "Production runs Postgres.",
     ("Staging runs Postgres", "Production runs Postgres")),
    ("Remember: logs are kept for 30 days.", "Remember: metrics are kept for 30 days.",
     ("Logs are kept for 30 days", "Metrics are kept for 30 days")),
    # the deploy day switched the next day: the release day, said beside it, is no deploy day
    ("Deploys happen on Tuesdays. Releases happen on Thursdays.",
     "Deploys happen on Thursdays now, not Tuesdays.",
     ("Deploys happen on Thursdays", "Releases happen on Thursdays")),
])
def test_the_same_said_of_another_thing_keeps_both(tmp_path: Path, first: str, then: str,
                                                   both: tuple[str, str]) -> None:
    root = told_day_by_day(tmp_path / "p", first, then)
    dream_on_day(root, 3)  # an idle dream: nothing new, nothing pruned
    index = _index(root)
    for said in both:
        assert f"[{said}]" in index, index
    assert "Changed from" not in _memory(root), _memory(root)
    assert "contradicted" not in _memory(root)


@pytest.mark.parametrize(("first", "then", "now", "was"), [
    ("Dana owns billing.", "Priya owns billing.", "Priya owns billing", "Dana"),
    ("Dana leads the mobile team.", "Priya leads the mobile team.",
     "Priya leads the mobile team", "Dana"),
    # a person, said with any verb or a figure after it, and a tool put in another's place:
    # the one holder replaced, not a second thing
    ("Remember: Dana cuts the releases.", "Remember: Priya cuts the releases.",
     "Priya cuts the releases", "Dana"),
    ("Dana owns the 2.0 release.", "Priya owns the 2.0 release.",
     "Priya owns the 2.0 release", "Dana"),
    ("Remember: Redis is used for caching.", "Remember: Memcached is used for caching.",
     "Memcached is used for caching", "Redis"),
    # a role, said after "the", is who holds it: the one holder replaced
    ("Remember: the PM cuts the releases.", "Remember: the designer cuts the releases.",
     "The designer cuts the releases", "PM"),
])
def test_a_thing_handed_to_another_holder_is_still_a_change(
        tmp_path: Path, first: str, then: str, now: str, was: str) -> None:
    root = told_day_by_day(tmp_path / "p", first, then)
    dream_on_day(root, 3)
    index = _index(root)
    assert f"[{now}]" in index, index
    assert f"[{first.rstrip('.')}]" not in index, index
    assert f"previously {was}" in _memory(root), _memory(root)


@pytest.mark.parametrize(("first", "then", "now"), [
    ("Prod runs Postgres 15.", "Production runs Postgres 15.", "Production runs Postgres 15"),
    ("Deploys happen on Tuesdays.", "Deployments happen on Tuesdays.",
     "Deployments happen on Tuesdays"),
])
def test_one_subject_written_two_ways_stays_one_memory(tmp_path: Path, first: str, then: str,
                                                       now: str) -> None:
    root = told_day_by_day(tmp_path / "p", first, then)
    dream_on_day(root, 3)
    lines = [line for line in _index(root).splitlines() if line.startswith("- [")]
    assert len(lines) == 1 and f"[{now}]" in lines[0], lines
