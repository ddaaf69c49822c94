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
#: Long enough to pass the bar's one-second delay on any machine: Quickplay games are thousands of events
#: (since the engine's step tables, about 0.1 s of CPU each on the project's machine: 60 take seconds).
GAMES = 60
LONG_RUN = ["simulate", "zombies-quickplay", "--games", str(GAMES), "--seats", "random,random"]


def test_a_long_run_on_a_terminal_shows_a_progress_bar_on_standard_error():
    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 100, 0, 0))   # a terminal 100 wide
    proc = subprocess.Popen([sys.executable, "-m", "service.cli.commands", *LONG_RUN], cwd=ROOT, stdout=subprocess.PIPE,
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
    assert f"/{GAMES} [".encode() in seen and b"game" in seen, seen[-500:]
    assert f"{GAMES} games of Zombies!!! Quickplay".encode() in out


def test_no_bar_when_standard_error_is_not_a_terminal():
    done = subprocess.run([sys.executable, "-m", "service.cli.commands", *LONG_RUN], cwd=ROOT, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0 and done.stderr == ""
