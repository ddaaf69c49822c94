"""Processes on this host, as the embedded Redis (``events.log.embedded``) and the worker's
lifelines (``workers.lifelines``) see them."""
from __future__ import annotations

import ctypes
import os
import sys

#: ``prctl``'s request that a child be signalled when the thread that forked it ends (<linux/prctl.h>).
PR_SET_PDEATHSIG = 1


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


def ask_death_signal(sig: int) -> bool:
    """Ask that this process get ``sig`` when the thread that forked it ends, i.e. when its parent
    dies (Linux ``PR_SET_PDEATHSIG``). Call it in a child, before it runs anything else
    (``workers.lifelines``, ``service.cli.supervision``). Returns False, doing nothing, elsewhere."""
    if not sys.platform.startswith("linux"):
        return False
    ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, sig, 0, 0, 0)
    return True
