"""The fault tier: real Redis servers and worker processes, killed and restarted on purpose.

Each test gets its own ``/usr/bin/redis-server`` (AOF on, ``appendfsync always``) on a
free port of 7200-7249 in a temporary folder, so it can be killed with ``-9`` and
started again on the same data. The tier runs when ``REDIS_URL`` is set (CI sets
it); under ``CI=true`` a missing ``redis-server`` fails the tier instead of skipping it.
"""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest
import redis

from events.commands.dispatch import Dispatcher
from events.commands.handling import create_game
from events.log.repository import GameRepository
from events.log.store import EventStore
from tests.helpers import free_port

pytestmark = pytest.mark.redis
REDIS_SERVER = "/usr/bin/redis-server"
PORTS = range(7200, 7250)
ROOT = Path(__file__).resolve().parents[2]


def pytest_collection_modifyitems(config, items):
    """Without REDIS_URL the tier is skipped (CI sets it); on CI a missing redis-server fails it."""
    here = Path(__file__).parent
    mine = [item for item in items if here in Path(str(item.fspath)).parents]
    if not mine:
        return
    if not os.environ.get("REDIS_URL"):
        for item in mine:
            item.add_marker(pytest.mark.skip(reason="REDIS_URL is not set: the fault tier needs real Redis"))
    elif not os.access(REDIS_SERVER, os.X_OK) and os.environ.get("CI"):
        raise pytest.UsageError(f"the fault tier needs {REDIS_SERVER} on CI")


def wait_until(predicate, timeout: float, what: str, every: float = 0.1):
    """Poll ``predicate`` until it returns something truthy (returned) or ``timeout`` seconds pass."""
    end = time.monotonic() + timeout
    while True:
        try:
            value = predicate()
        except (redis.ConnectionError, psutil.Error):
            value = None
        if value:
            return value
        if time.monotonic() > end:
            raise AssertionError(f"not within {timeout} s: {what}")
        time.sleep(every)


class RedisServer:
    """One redis-server process on ``port`` with its data in ``folder`` (AOF, fsync always)."""

    def __init__(self, folder: Path):
        self.folder = folder
        self.port = free_port(PORTS)
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.proc = None
        self.start()

    def start(self) -> None:
        """Start the server on the same port and data; returns once it answers PING."""
        self.proc = subprocess.Popen(
            [REDIS_SERVER, "--port", str(self.port), "--bind", "127.0.0.1", "--dir", str(self.folder),
             "--appendonly", "yes", "--appendfsync", "always", "--save", "", "--protected-mode", "no"],
            stdout=open(self.folder / "redis.log", "a"), stderr=subprocess.STDOUT)
        client = redis.Redis(port=self.port, socket_connect_timeout=1)
        wait_until(lambda: client.ping(), 20, "redis-server answers")
        client.close()

    def kill(self) -> None:
        """``kill -9`` the server (what AOF has is all that survives)."""
        self.proc.kill()
        self.proc.wait(10)

    def restart(self, down_s: float = 0.0) -> None:
        """Kill -9, stay down ``down_s`` seconds, and start again on the same data."""
        self.kill()
        time.sleep(down_s)
        self.start()

    def client(self) -> redis.Redis:
        """A fresh client (bytes replies, no socket timeout)."""
        return redis.Redis.from_url(self.url, socket_timeout=None, socket_connect_timeout=5)


@pytest.fixture
def redis_server(tmp_path):
    """A private redis-server for one test, killed afterwards."""
    if not os.access(REDIS_SERVER, os.X_OK):
        pytest.skip(f"{REDIS_SERVER} is absent")
    folder = tmp_path / "redis"
    folder.mkdir()
    server = RedisServer(folder)
    yield server
    if server.proc.poll() is None:
        server.kill()


def child_env(**extra) -> dict:
    """The environment of a child process: this tree first on the path, INFO logs, ``extra``."""
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""),
           "STRANDED_LOG": "INFO", **extra}
    return env


@pytest.fixture
def workers(tmp_path):
    """Start ``python -m workers`` processes (reconciler every second); each is killed with its
    process group afterwards. ``start(url)`` returns the ``psutil.Process``; its log is at
    ``proc.log_path``."""
    started = []

    def start(url: str) -> psutil.Process:
        log_path = tmp_path / f"worker-{len(started)}.log"
        popen = subprocess.Popen([sys.executable, "-m", "workers", "--url", url, "--reconcile-every", "1"],
                                 env=child_env(), cwd=ROOT, start_new_session=True,
                                 stdout=open(log_path, "w"), stderr=subprocess.STDOUT)
        started.append(popen)
        proc = psutil.Process(popen.pid)
        proc.log_path = log_path
        proc.popen = popen
        return proc

    yield start
    for popen in started:
        try:
            os.killpg(popen.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        popen.wait(10)


def scheduler_pid(client) -> int | None:
    """The pid of the live RQ scheduler holding the ``stranded`` queue's lock, if any."""
    holder = client.get("rq:scheduler-lock:stranded")
    if holder is None:
        return None
    pid = client.hget(f"rq:scheduler:{holder.decode()}", "pid")
    return int(pid) if pid and psutil.pid_exists(int(pid)) else None


def new_game(client, ruleset: str, seats: list[dict], **options) -> str:
    """Create a game straight on the store and dispatch its first job; returns its id."""
    result = create_game(GameRepository(EventStore(client)), ruleset, seats, {"seed": "faults", "stack": {}, **options})
    Dispatcher(client).after_append(result)
    return result.game_id


def status(client, game_id: str) -> str:
    """The game's status from its meta hash."""
    return client.hget(f"stranded:{{{game_id}}}:meta", "status").decode()


def version(client, game_id: str) -> int:
    """The game's stream version."""
    return EventStore(client).version(game_id)


def gone(pid: int) -> bool:
    """Whether ``pid`` no longer runs (reaped, or a zombie)."""
    try:
        return psutil.Process(pid).status() == psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return True
