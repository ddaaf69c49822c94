"""``stranded serve``'s worker child, kept alive: restarted whenever it exits.

A worker waits out a lost Redis itself (``workers.main``); should it still die
(killed, out of memory, a bug), the bots and deadlines of every game would
stop with it. :class:`Supervisor` watches the child from a thread of the
``serve`` process, logs one line when it exits and starts a fresh one after a
pause (1 s, doubling up to 30 s while it keeps dying within a minute of its
start). On Linux the child is killed by the kernel if ``serve`` itself dies
(``PR_SET_PDEATHSIG``), so no worker outlives its server. The child runs in a
session of its own: Ctrl-C in the terminal reaches ``serve`` alone, which
stops the child in its turn (after the API, before the embedded Redis).
"""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from typing import Callable

from events.log.processes import ask_death_signal

#: First and largest pause (seconds) before a dead worker is started again.
FIRST_PAUSE_S, MAX_PAUSE_S = 1.0, 30.0
#: A child that ran this long (seconds) before dying starts the pauses afresh.
STEADY_S = 60.0
POLL_S = 0.5


def _die_with_parent() -> None:
    """``preexec_fn``: the child gets SIGTERM when the thread that started it ends (Linux)."""
    ask_death_signal(signal.SIGTERM)


class Supervisor:
    """Runs ``argv`` as a child process and restarts it whenever it exits, until :meth:`stop`.

    Args:
        argv: the command (e.g. ``[sys.executable, "-m", "workers"]``).
        env: its environment.
        say: where the one-line reports go (default: standard error).
    """

    def __init__(self, argv: list[str], env: dict, say: Callable[[str], None] | None = None):
        self.argv, self.env = argv, env
        self.say = say or (lambda line: print(line, file=sys.stderr, flush=True))
        self.proc: subprocess.Popen | None = None
        self.restarts = 0
        self._stopping = threading.Event()
        self._started = threading.Event()
        self._thread = threading.Thread(target=self._watch, name="stranded-worker-supervisor", daemon=True)

    def start(self) -> "Supervisor":
        """Start the child (from the watching thread, which must outlive it) and return at once."""
        self._thread.start()
        self._started.wait(10)
        return self

    def _spawn(self) -> None:
        self.proc = subprocess.Popen(self.argv, env=self.env, preexec_fn=_die_with_parent, start_new_session=True)
        self._started.set()

    def _watch(self) -> None:
        self._spawn()
        pause = FIRST_PAUSE_S
        while not self._stopping.is_set():
            began = time.monotonic()
            while self.proc.poll() is None:
                if self._stopping.wait(POLL_S):
                    return
            if self._stopping.is_set():
                return
            if time.monotonic() - began > STEADY_S:
                pause = FIRST_PAUSE_S
            self.say(f"stranded: the worker process (pid {self.proc.pid}) exited with code "
                     f"{self.proc.returncode}; starting a new one in {pause:.0f} s")
            if self._stopping.wait(pause):
                return
            self._spawn()
            self.restarts += 1
            self.say(f"stranded: worker process restarted (pid {self.proc.pid})")
            pause = min(pause * 2, MAX_PAUSE_S)

    def stop(self, timeout: float = 10.0) -> bool:
        """Stop watching, then end the child: SIGTERM (an RQ worker finishes its job first), and
        SIGKILL to its whole session after ``timeout`` seconds. Returns whether it ended by itself."""
        self._stopping.set()
        proc = self.proc
        if proc is not None and proc.poll() is None:
            proc.terminate()
        self._thread.join(timeout)      # the thread's end also sends SIGTERM (PR_SET_PDEATHSIG)
        if proc is None:
            return True
        try:
            proc.wait(timeout)
            return True
        except subprocess.TimeoutExpired:
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            proc.wait(timeout)
            return False
