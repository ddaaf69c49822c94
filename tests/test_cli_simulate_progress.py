"""``stranded simulate`` shows a progress bar on a terminal once a run lasts more than a second, and
none when its standard error is not a terminal (a pipe, a log file)."""
from __future__ import annotations

import fcntl
import os
import pty
import struct
import subprocess
import sys
import termios
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: Long enough to pass the bar's one-second delay on any machine (a Quickplay game is thousands of events).
LONG_RUN = ["simulate", "zombies-quickplay", "--games", "4", "--seats", "random,random"]


def test_a_long_run_on_a_terminal_shows_a_progress_bar_on_standard_error():
    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 100, 0, 0))   # a terminal 100 wide
    proc = subprocess.Popen([sys.executable, "-m", "service.cli", *LONG_RUN], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=follower)
    os.close(follower)
    seen = b""
    while True:
        try:
            chunk = os.read(leader, 4096)
        except OSError:          # the terminal closed: the process ended
            break
        if not chunk:
            break
        seen += chunk
    out, _ = proc.communicate(timeout=300)
    os.close(leader)
    assert proc.returncode == 0
    assert b"/4 [" in seen and b"game" in seen, seen[-500:]
    assert b"4 games of Zombies!!! Quickplay" in out


def test_no_bar_when_standard_error_is_not_a_terminal():
    done = subprocess.run([sys.executable, "-m", "service.cli", *LONG_RUN], cwd=ROOT, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0 and done.stderr == ""
