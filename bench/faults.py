"""Recovery times after faults (docs/faults.md): how long the games wait.

    python bench/faults.py [--period 1]

Starts its own ``/usr/bin/redis-server`` (AOF, fsync always) on a free port of
7200-7249 and a worker (``python -m workers``, reconciler every ``--period``
seconds), then measures, each after a baseline without the fault:

- ``redis restart``: Redis killed with -9, down 2 s, started again; seconds from
  Redis answering again to a new all-bot game finishing (baseline: the same
  game on a healthy worker).
- ``scheduler kill``: RQ's scheduler killed with -9; how late a 2 s deadline
  fires (baseline: with the scheduler alive).
- ``worker kill``: the worker killed with -9 while a bot job runs, a new worker
  started at once; seconds from the new worker's start to the game's next event.

Prints one line per figure (INFO: no targets; the machine is shared and noisy).
Nothing here asserts; every process started is killed at the end.
"""
from __future__ import annotations

import argparse
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import redis  # noqa: E402

from events.commands.dispatch import Dispatcher  # noqa: E402
from events.commands.handling import create_game  # noqa: E402
from events.log.repository import GameRepository  # noqa: E402
from events.log.store import EventStore  # noqa: E402

HUMAN = {"name": "Ann", "bot": None, "token_sha256": "x"}
BOTS = [{"name": f"Bot {i}", "bot": "random"} for i in range(4)]


def wait(predicate, timeout: float = 120.0, every: float = 0.01):
    """Poll ``predicate`` until truthy; returns its value (raises after ``timeout`` s)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            value = predicate()
        except redis.ConnectionError:
            value = None
        if value:
            return value
        time.sleep(every)
    raise TimeoutError("gave up waiting")


class Bench:
    """One Redis, one worker at a time, and the games created on them."""

    def __init__(self, folder: Path, period: float):
        self.folder, self.period = folder, period
        self.port = next(p for p in range(7200, 7250) if _free(p))
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.redis_proc = self.worker = None

    def start_redis(self) -> None:
        self.redis_proc = subprocess.Popen(
            ["/usr/bin/redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--dir", str(self.folder),
             "--appendonly", "yes", "--appendfsync", "always", "--save", ""],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait(lambda: self.client().ping())

    def client(self) -> redis.Redis:
        return redis.Redis.from_url(self.url, socket_connect_timeout=1)

    def start_worker(self) -> None:
        env = {**os.environ, "PYTHONPATH": str(ROOT), "STRANDED_LOG": "ERROR"}
        self.worker = subprocess.Popen([sys.executable, "-m", "workers", "--url", self.url, "--reconcile-every",
                                        str(self.period)], env=env, cwd=ROOT, start_new_session=True,
                                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait(lambda: self.scheduler_pid())

    def scheduler_pid(self) -> int | None:
        c = self.client()
        holder = c.get("rq:scheduler-lock:stranded")
        pid = holder and c.hget(f"rq:scheduler:{holder.decode()}", "pid")
        return int(pid) if pid else None

    def game(self, seats, ruleset: str = "selfish-space", **options) -> str:
        c = self.client()
        result = create_game(GameRepository(EventStore(c)), ruleset, seats, {"seed": "bench", "stack": {}, **options})
        Dispatcher(c).after_append(result)
        return result.game_id

    def status(self, game_id: str) -> str:
        return self.client().hget(f"stranded:{{{game_id}}}:meta", "status").decode()

    def version(self, game_id: str) -> int:
        return EventStore(self.client()).version(game_id)

    def stop(self) -> None:
        for proc in (self.worker, self.redis_proc):
            if proc is not None and proc.poll() is None:
                os.killpg(proc.pid, signal.SIGKILL) if proc is self.worker else proc.kill()
                proc.wait(10)


def _free(port: int) -> bool:
    with socket.socket() as s:
        try:
            s.bind(("127.0.0.1", port))
            return True
        except OSError:
            return False


def bot_game_seconds(b: Bench) -> float:
    start = time.monotonic()
    game_id = b.game(BOTS)
    wait(lambda: b.status(game_id) == "finished")
    return time.monotonic() - start


def deadline_lateness(b: Bench, kill_scheduler: bool) -> float:
    """Seconds after its due time that a 2 s deadline fires."""
    game_id = b.game([HUMAN, HUMAN], turn_timeout_s=2, takeover_after=0)
    due = time.monotonic() + 2
    before = b.version(game_id)
    if kill_scheduler:
        os.kill(b.scheduler_pid(), signal.SIGKILL)
    wait(lambda: b.version(game_id) > before)
    return time.monotonic() - due


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--period", type=float, default=1.0, help="Reconciler period (seconds).")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="stranded-faults-") as folder:
        b = Bench(Path(folder), args.period)
        try:
            b.start_redis()
            b.start_worker()
            print(f"reconciler period {args.period:g} s")
            print(f"bot game, healthy: {bot_game_seconds(b):.2f} s  INFO")
            b.redis_proc.kill()
            b.redis_proc.wait()
            time.sleep(2)
            b.start_redis()
            print(f"redis restart: bot game started once Redis answers again finishes in "
                  f"{bot_game_seconds(b):.2f} s  INFO")
            print(f"deadline lateness, scheduler alive: {deadline_lateness(b, False):.2f} s  INFO")
            print(f"scheduler kill: deadline fires {deadline_lateness(b, True):.2f} s late  INFO")
            six = [{"name": f"Bot {i}", "bot": "random"} for i in range(6)]
            game_id = b.game(six, ruleset="zombies-quickplay")
            wait(lambda: b.version(game_id) > 10)
            os.killpg(b.worker.pid, signal.SIGKILL)
            b.worker.wait()
            if b.status(game_id) == "finished":
                print("worker kill: not measured (the game ended before the kill)")
                return
            stalled = b.version(game_id)
            start = time.monotonic()
            b.start_worker()
            wait(lambda: b.version(game_id) > stalled or b.status(game_id) == "finished")
            print(f"worker kill: the game moves again {time.monotonic() - start:.2f} s after a new worker "
                  f"starts  INFO")
        finally:
            b.stop()


if __name__ == "__main__":
    main()
