"""One line per piece of each file: where it is and a digest of its redaction, to compare two
trees' redaction (the same files, run once with each tree first on PYTHONPATH, then ``diff``).

    python bench/redact_digest.py FILE... > tree.digests

The pieces are those the readers redact: the whole file (read_file's window), each line (a grep
hit), and each JSON string in a line (a message, a tool's result), as decoded.
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Iterator
from pathlib import Path

from autodream.redact import redact


def _strings(value: object) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def _pieces(text: str) -> Iterator[str]:
    yield text
    for line in text.splitlines():
        yield line
        try:
            record = json.loads(line)
        except ValueError:
            continue
        yield from _strings(record)


def main() -> None:
    for name in sys.argv[1:]:
        for i, piece in enumerate(_pieces(Path(name).read_text(errors="replace"))):
            shown = redact(piece)
            digest = hashlib.sha256(shown.encode(errors="surrogatepass")).hexdigest()
            print(name, i, digest[:16], shown.count("[REDACTED:"))


if __name__ == "__main__":
    main()
