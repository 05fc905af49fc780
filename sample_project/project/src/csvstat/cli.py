"""The csvstat command line."""

from __future__ import annotations

import argparse
import csv
import json
import sys
from collections.abc import Sequence
from dataclasses import asdict

from csvstat.stats import Summary, summarize


def read_columns(path: str, delimiter: str) -> dict[str, list[str]]:
    with open(path, newline="", encoding="utf-8") as fh:
        reader = csv.DictReader(fh, delimiter=delimiter)
        columns: dict[str, list[str]] = {name: [] for name in reader.fieldnames or []}
        for row in reader:
            for name in columns:
                columns[name].append(row.get(name) or "")
    return columns


def format_table(summaries: dict[str, Summary]) -> str:
    header = f"{'column':<10} {'count':<6} {'mean':<8} {'median':<8} {'min':<5} {'max'}"
    lines = [header]
    for name, s in summaries.items():
        lines.append(
            f"{name:<10} {s.count:<6} {s.mean:<8.1f} {s.median:<8.1f} "
            f"{s.minimum:<5} {s.maximum}"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="csvstat", description=__doc__)
    parser.add_argument("file")
    parser.add_argument("--columns", help="comma-separated column names")
    parser.add_argument("--delimiter", default=",")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    try:
        columns = read_columns(args.file, args.delimiter)
    except OSError as exc:
        print(f"csvstat: {exc}", file=sys.stderr)
        return 2
    wanted = args.columns.split(",") if args.columns else list(columns)
    summaries = {}
    for name in wanted:
        if name not in columns:
            print(f"csvstat: no column {name!r}", file=sys.stderr)
            return 2
        summary = summarize(columns[name])
        if summary is not None:
            summaries[name] = summary
    if args.json:
        print(json.dumps({k: asdict(v) for k, v in summaries.items()}, indent=2))
    else:
        print(format_table(summaries))
    return 0
