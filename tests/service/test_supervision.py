"""``stranded serve``'s worker supervisor: a child that exits is started again, with a line said."""
from __future__ import annotations

import sys
import time

from service.cli.supervision import Supervisor


def wait_for(predicate, timeout=30.0):
    end = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < end, "not within the time allowed"
        time.sleep(0.05)


def test_a_child_that_exits_is_started_again_and_said_so():
    # given a supervised child that exits at once with code 3
    lines = []
    supervisor = Supervisor([sys.executable, "-c", "import sys; sys.exit(3)"], {}, say=lines.append).start()
    try:
        first = supervisor.proc.pid
        # then it is started again, and each exit and restart is said in one line
        wait_for(lambda: supervisor.restarts >= 1)
        assert supervisor.proc.pid != first
        assert any("exited with code 3" in line for line in lines)
        assert any("worker process restarted" in line for line in lines)
    finally:
        supervisor.stop()


def test_stop_ends_the_child_and_starts_no_other():
    # given a supervised child that would run for a minute
    supervisor = Supervisor([sys.executable, "-c", "import time; time.sleep(60)"], {}, say=lambda _: None).start()
    child = supervisor.proc
    # when the supervisor is stopped, then the child has ended and none took its place
    supervisor.stop(timeout=5)
    assert child.poll() is not None
    assert supervisor.proc is child and supervisor.restarts == 0
