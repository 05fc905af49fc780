"""The package's regular expressions, compiled through one door.

Every module compiles its patterns with ``rx.compile`` rather than ``re.compile`` so that how
they are compiled can be decided in one place.
"""

from __future__ import annotations

import re

TYPE_CHECKING = False
if TYPE_CHECKING:  # the hook imports this module; typing costs it milliseconds
    from typing import AnyStr


def compile(pattern: AnyStr, flags: int = 0) -> re.Pattern[AnyStr]:
    """``re.compile(pattern, flags)``."""
    return re.compile(pattern, flags)
