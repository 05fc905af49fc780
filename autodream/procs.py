"""Is a process alive: the one question the lock, crash recovery and the journal all ask."""

from __future__ import annotations

import os
import sys


def pid_running(pid: int) -> bool:
    """True when a process with this PID exists on this host (it may belong to another user)."""
    if pid <= 0:
        return False
    if sys.platform == "win32":  # os.kill(pid, 0) would terminate the process there
        import psutil

        return bool(psutil.pid_exists(pid))
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True
