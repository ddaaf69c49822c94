"""What keeps a worker's process tree honest when parts of it die.

- :func:`die_with_parent`: every process a worker forks (RQ's scheduler, the
  work-horse running a job) is killed by the kernel when the worker dies, even
  by ``kill -9`` (Linux ``PR_SET_PDEATHSIG``), so no orphan scheduler keeps
  running after its worker.
- :func:`release_dead_scheduler_locks`: RQ's scheduler holds a lock per queue
  for 61 s; a scheduler killed without releasing it would keep every other
  worker from scheduling deadlines until it expires. A lock whose holder ran
  on this host and whose process is gone is released at once.
"""
from __future__ import annotations

import logging
import os
import signal
import socket
import sys

from rq.scheduler import SCHEDULER_KEY_TEMPLATE, RQScheduler
from rq.scripts import release_lock

from events.log.processes import ask_death_signal, pid_alive

log = logging.getLogger("stranded.workers")

_installed = False


def die_with_parent(sig: int = signal.SIGKILL) -> bool:
    """From now on every child this process (or a child of it) forks gets ``sig`` when the
    thread that forked it ends, i.e. when its parent dies (Linux only; elsewhere returns
    False and does nothing). Idempotent.

    A child whose parent died before the request took effect exits at once.
    """
    global _installed
    if not sys.platform.startswith("linux"):
        return False
    if _installed:
        return True
    forker = {}

    def before() -> None:
        forker["pid"] = os.getpid()

    def in_child() -> None:
        ask_death_signal(sig)
        if os.getppid() != forker.get("pid"):   # the parent died between the fork and the request
            os._exit(1)

    os.register_at_fork(before=before, after_in_child=in_child)
    _installed = True
    return True


def _text(value) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)


def release_dead_scheduler_locks(redis, queue_names: list[str]) -> list[str]:
    """Release the scheduler lock of each queue in ``queue_names`` whose holder ran on this
    host and whose process no longer exists; returns the queues released."""
    released = []
    for name in queue_names:
        key = RQScheduler.get_locking_key(name)
        holder = redis.get(key)
        if holder is None:
            continue
        info = {_text(k): _text(v) for k, v in redis.hgetall(SCHEDULER_KEY_TEMPLATE % _text(holder)).items()}
        if info.get("hostname") != socket.gethostname() or not info.get("pid", "").isdigit():
            continue
        if pid_alive(int(info["pid"])):
            continue
        if release_lock(redis, key, _text(holder)):
            log.warning("released the scheduler lock of queue %s: its scheduler (pid %s) is gone",
                        name, info["pid"])
            released.append(name)
    return released
