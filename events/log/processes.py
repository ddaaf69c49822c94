"""Processes on this host, as the embedded Redis (``events.log.embedded``) and the worker's
lifelines (``workers.lifelines``) see them."""
from __future__ import annotations

import os


def pid_alive(pid: int | None) -> bool:
    """Whether a process with ``pid`` exists on this host (a zombie counts as gone; no pid: no)."""
    if not pid or pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return True
