"""Many processes on one store: API servers and workers as real subprocesses, all-bot games
played through them, and the reference each game must equal.

Used by ``tests/e2e/test_many_processes.py`` (one plain Redis) and ``tests/cluster``
(a Redis Cluster event store, the queues on a plain Redis). Every subprocess runs this
checkout's code (``PYTHONPATH``), in its own session, and is stopped by :meth:`Fleet.stop`.
"""
from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import fakeredis
import requests

from tests.helpers import all_events, run_jobs
from tests.helpers import seeded_options

ROOT = Path(__file__).resolve().parents[1]
#: One all-bot table per ruleset: (ruleset, bot policy per seat).
TABLES = {
    "selfish-space": ["random", "random", "random"],
    "selfish-zombie": ["random", "random", "random"],
    "one-against-the-dead": ["random"],
    "zombies-quickplay": ["random", "random", "random"],
}


def free_port() -> int:
    """A free TCP port on the loopback interface."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Fleet:
    """API processes (``stranded serve --no-worker``) and workers (``stranded worker``) sharing
    one environment (``REDIS_URL``, ``STRANDED_REDIS_CLUSTER``, ``STRANDED_QUEUE_URL``...).

    Args:
        env: variables added to this process's environment for every subprocess.
        logs: a folder for each process's output (read back when one fails).
    """

    def __init__(self, env: dict[str, str], logs: Path):
        self.env = {**os.environ, **env, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT),
                                                                                     os.environ.get("PYTHONPATH")]))}
        self.logs = logs
        self.procs: list[subprocess.Popen] = []
        self.bases: list[str] = []

    def _spawn(self, name: str, args: list[str]) -> subprocess.Popen:
        out = open(self.logs / f"{name}.log", "wb")
        proc = subprocess.Popen([sys.executable, "-m", "service.cli.commands", *args], env=self.env, cwd=str(self.logs),
                                stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
        out.close()
        proc.name = name
        self.procs.append(proc)
        return proc

    def start_apis(self, n: int) -> list[str]:
        """Start ``n`` API processes (one gunicorn worker each) and wait until each answers; their URLs."""
        started = []
        for i in range(n):
            port = free_port()
            started.append((self._spawn(f"api{i}", ["serve", "--no-worker", "--port", str(port)]),
                            f"http://127.0.0.1:{port}"))
        for proc, base in started:
            self._wait_up(proc, base)
            self.bases.append(base)
        return [base for _, base in started]

    def start_workers(self, n: int) -> None:
        """Start ``n`` worker processes (RQ worker with scheduler, and the reconciler)."""
        for i in range(n):
            self._spawn(f"worker{i}", ["worker"])

    def _wait_up(self, proc: subprocess.Popen, base: str, seconds: float = 60) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if proc.poll() is not None:
                raise AssertionError(f"{proc.name} exited ({proc.returncode}):\n{self.log(proc.name)}")
            try:
                if requests.get(f"{base}/v1/rulesets", timeout=5).ok:
                    return
            except requests.RequestException:
                pass
            time.sleep(0.2)
        raise AssertionError(f"{proc.name} did not answer within {seconds} s:\n{self.log(proc.name)}")

    def log(self, name: str) -> str:
        """The last few thousand characters a process wrote."""
        return (self.logs / f"{name}.log").read_text(errors="replace")[-4000:]

    def alive(self) -> list[str]:
        """The names of the processes still running."""
        return [p.name for p in self.procs if p.poll() is None]

    def cli(self, *args: str, timeout: float = 120) -> subprocess.CompletedProcess:
        """Run ``stranded <args>`` in the fleet's environment; its result (text output)."""
        return subprocess.run([sys.executable, "-m", "service.cli.commands", *args], env=self.env, cwd=str(self.logs),
                              capture_output=True, text=True, timeout=timeout)

    def stop(self) -> None:
        """Stop every process and everything it started (its whole session): SIGTERM, then
        SIGKILL for whatever is left of a session after 10 s."""
        for proc in self.procs:
            _signal_group(proc.pid, signal.SIGTERM)
        deadline = time.monotonic() + 10
        for proc in self.procs:
            while _signal_group(proc.pid, 0) and time.monotonic() < deadline:
                proc.poll()
                time.sleep(0.1)
            _signal_group(proc.pid, signal.SIGKILL)
            proc.wait(10)


def _signal_group(pgid: int, sig: int) -> bool:
    """Send ``sig`` to process group ``pgid`` (0: only look); whether any process of it was there."""
    try:
        os.killpg(pgid, sig)
        return True
    except ProcessLookupError:
        return False


def create_bot_game(base: str, ruleset: str, policies: list[str], seed: str) -> str:
    """``POST /v1/games`` of an all-bot game with a fixed seed; its id."""
    body = {"ruleset": ruleset, "seats": [{"bot": p} for p in policies], "options": seeded_options({"seed": seed})}
    resp = requests.post(f"{base}/v1/games", json=body, timeout=30)
    assert resp.status_code == 201, resp.text
    return resp.json()["id"]


def wait_all_finished(bases: list[str], game_ids: list[str], seconds: float, fleet: Fleet | None = None) -> dict:
    """Poll the games' summaries (taking turns over ``bases``) until every one is finished;
    ``{game id: summary}``. Fails naming the games still running after ``seconds``."""
    deadline, done, i = time.monotonic() + seconds, {}, 0
    while time.monotonic() < deadline:
        for game_id in [g for g in game_ids if g not in done]:
            base = bases[i % len(bases)]
            i += 1
            summary = requests.get(f"{base}/v1/games/{game_id}", timeout=30).json()
            if summary["status"] == "finished":
                done[game_id] = summary
        if len(done) == len(game_ids):
            return done
        time.sleep(0.5)
    running = [g for g in game_ids if g not in done]
    logs = "" if fleet is None else "\n".join(f"--- {n}\n{fleet.log(n)}" for n in ("worker0", "api0"))
    raise AssertionError(f"{len(running)} game(s) not finished after {seconds} s: {running}\n{logs}")


def event_log(base: str, game_id: str) -> list[dict]:
    """Every event of a finished game (public once it is over), paging ``/events``."""
    events, after = [], 0
    while True:
        page = requests.get(f"{base}/v1/games/{game_id}/events?after={after}&limit=1000", timeout=30).json()
        events += page["events"]
        if not page["events"]:
            return events
        after = events[-1]["version"]


#: What differs between two runs of one seeded game by design: each game's own random audit key and
#: the commitment it keys (docs/audit.md).
PER_GAME_SECRETS = ("seed_commitment", "audit_key")


def moves(events: list[dict]) -> list[tuple]:
    """What a game's log says happened, without when and without its per-game secrets:
    ``(version, type, seat, data)`` per event."""
    return [(e["version"], e["type"], e.get("seat"),
             {k: v for k, v in (e.get("data") or {}).items() if k not in PER_GAME_SECRETS}) for e in events]


def reference_moves(ruleset: str, policies: list[str], seed: str) -> list[tuple]:
    """The same seeded all-bot game played in this process on FakeRedis, one job at a time:
    what every run of it must log (bots and rules draw only from the seed and the version)."""
    from service.http.app import create_app

    redis = fakeredis.FakeRedis(server=fakeredis.FakeServer())
    client = create_app(redis).test_client()
    body = {"ruleset": ruleset, "seats": [{"bot": p} for p in policies], "options": seeded_options({"seed": seed})}
    game_id = client.post("/v1/games", json=body).get_json()["id"]
    run_jobs(redis)
    events, _ = all_events(client, game_id)
    assert client.get(f"/v1/games/{game_id}").get_json()["status"] == "finished"
    return moves(events)
