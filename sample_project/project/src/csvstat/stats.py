"""Pure functions over columns of numbers."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Summary:
    count: int
    mean: float
    median: float
    minimum: float
    maximum: float
    skipped: int


def parse_number(cell: str) -> float | None:
    """The cell as a float, or None when it is empty or not a finite number."""
    try:
        value = float(cell.strip())
    except ValueError:
        return None
    return value if math.isfinite(value) else None


def median(values: Sequence[float]) -> float:
    ordered = sorted(values)
    mid = len(ordered) // 2
    if len(ordered) % 2:
        return ordered[mid]
    return (ordered[mid - 1] + ordered[mid]) / 2


def summarize(cells: Sequence[str]) -> Summary | None:
    """Statistics of the numeric cells of one column; None when it has none."""
    values = [v for v in (parse_number(c) for c in cells) if v is not None]
    if not values:
        return None
    return Summary(
        count=len(values),
        mean=sum(values) / len(values),
        median=median(values),
        minimum=min(values),
        maximum=max(values),
        skipped=len(cells) - len(values),
    )
