"""``stranded serve`` against a Redis that restarts and a worker that is killed.

Rules pinned (docs/faults.md): serve restarts its worker child when it dies;
a Redis restart mid-game loses no acknowledged event, nothing is acknowledged
while Redis is away, and the game finishes without restarting the API or the
worker.
"""
from __future__ import annotations

import os
import random
import signal
import socket
import subprocess
import sys
import time

import psutil
import pytest
import requests

from tests.faults.conftest import ROOT, child_env, wait_until

SIX_BOTS = [{"name": f"Bot {i}", "bot": "random"} for i in range(6)]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def serve(tmp_path):
    """``start(redis_url)`` runs ``stranded serve`` (reconciler every second) and returns
    ``(base_url, psutil.Process)``; the process group is killed afterwards."""
    procs = []

    def start(redis_url: str):
        port = _free_port()
        log = tmp_path / "serve.log"
        popen = subprocess.Popen([sys.executable, "-m", "service.cli.commands", "serve", "--port", str(port)],
                                 env=child_env(REDIS_URL=redis_url, STRANDED_RECONCILE_EVERY="1"), cwd=ROOT,
                                 start_new_session=True, stdout=open(log, "w"), stderr=subprocess.STDOUT)
        procs.append(popen)
        base = f"http://127.0.0.1:{port}"
        wait_until(lambda: _ok(f"{base}/v1/rulesets"), 60, "stranded serve answers: " + log.read_text()[-2000:])
        proc = psutil.Process(popen.pid)
        proc.log_path = log
        return base, proc

    yield start
    for popen in procs:
        try:
            os.killpg(popen.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        popen.wait(10)


def _ok(url: str) -> bool:
    try:
        return requests.get(url, timeout=5).ok
    except requests.RequestException:
        return False


def worker_child(serve_proc: psutil.Process) -> int | None:
    """The pid of serve's live worker child (``python -m workers``), if any."""
    for child in serve_proc.children():
        try:
            if "workers" in child.cmdline() and child.status() != psutil.STATUS_ZOMBIE:
                return child.pid
        except psutil.NoSuchProcess:
            continue
    return None


def _summary(base: str, game_id: str) -> dict:
    return requests.get(f"{base}/v1/games/{game_id}", timeout=10).json()


def test_serve_restarts_its_worker_when_it_dies(redis_server, serve):
    # given stranded serve with its worker child
    base, proc = serve(redis_server.url)
    first = wait_until(lambda: worker_child(proc), 30, "serve starts a worker")
    # when the worker is killed with -9
    os.kill(first, signal.SIGKILL)
    # then serve starts another one, says so, and bots play again
    second = wait_until(lambda: (pid := worker_child(proc)) and pid != first and pid, 60, "a new worker")
    assert second != first
    resp = requests.post(f"{base}/v1/games", json={"ruleset": "selfish-space", "seats": SIX_BOTS[:4]}, timeout=10)
    assert resp.status_code == 201, resp.text
    game_id = resp.json()["id"]
    wait_until(lambda: _summary(base, game_id)["status"] == "finished", 90, "the bot game finishes")
    assert "worker process restarted" in proc.log_path.read_text()


def _play_one(base: str, game_id: str, headers: dict, rng: random.Random):
    """Send one of the seat's legal commands; returns the response, or None if it has none now."""
    legal = requests.get(f"{base}/v1/games/{game_id}/legal-commands", headers=headers, timeout=10)
    if legal.status_code != 200:
        return legal
    commands = legal.json()["commands"]
    if not commands:
        return None
    body = rng.choice(commands)["command"]
    return requests.post(f"{base}/v1/games/{game_id}/commands", json=body, headers=headers, timeout=10)


def test_a_redis_restart_mid_game_loses_no_acknowledged_event(redis_server, serve):
    # given a game of a human (played by this test) and a bot, on serve with AOF fsync always
    base, proc = serve(redis_server.url)
    worker = wait_until(lambda: worker_child(proc), 30, "serve starts a worker")
    seats = [{"name": "Ann"}, {"name": "Bot", "bot": "random"}]
    resp = requests.post(f"{base}/v1/games", json={"ruleset": "selfish-space", "seats": seats,
                                                   "options": {"seed": "faults", "stack": {}, "turn_timeout_s": None}}, timeout=10)
    assert resp.status_code == 201, resp.text
    game_id = resp.json()["id"]
    headers = {"Authorization": f"Bearer {resp.json()['tokens'][0]['token']}"}
    rng = random.Random(7)
    acknowledged, during_outage, after_outage, restarted = {}, [], [], False
    end = time.monotonic() + 120
    while _summary_or_none(base, game_id) != "finished":
        assert time.monotonic() < end, "the game did not finish within 120 s"
        if len(acknowledged) >= 3 and not restarted:
            # when Redis is killed mid-game (commands sent meanwhile), then started again on its AOF
            redis_server.kill()
            for _ in range(3):
                during_outage.append(_play_one(base, game_id, headers, rng))
            redis_server.start()
            restarted = True
            continue
        answer = _play_one(base, game_id, headers, rng)
        if answer is None:
            time.sleep(0.05)
            continue
        if restarted:
            after_outage.append(answer.status_code)
        if answer.status_code == 200:
            for event in answer.json()["events"]:
                acknowledged[event["version"]] = event
    # then nothing was acknowledged while Redis was away: a clean 503 with a retry hint
    assert restarted and during_outage
    assert all(a is not None and a.status_code == 503 and a.headers.get("Retry-After")
               and a.json()["error"]["code"] == "store_unavailable" for a in during_outage), \
        [a and (a.status_code, a.text[:200]) for a in during_outage]
    # the API and the worker went on without a restart, and the game finished
    assert 500 not in after_outage and 200 in after_outage
    assert worker_child(proc) == worker and proc.is_running()
    # and every acknowledged event is in the log after the restart, as acknowledged
    log = requests.get(f"{base}/v1/games/{game_id}/events?limit=1000", headers=headers, timeout=10).json()["events"]
    by_version = {e["version"]: e for e in log}
    for version, event in acknowledged.items():
        kept = by_version.get(version)
        assert kept is not None, f"acknowledged event {version} was lost"
        assert (kept["type"], kept["command_id"], kept["seat"]) == (event["type"], event["command_id"], event["seat"])
        # the finished game's log may show more than the seat saw then (hidden cards revealed)
        assert all(kept["data"].get(k) == v for k, v in event["data"].items() if v is not None), (event, kept)


def _summary_or_none(base: str, game_id: str) -> str | None:
    try:
        resp = requests.get(f"{base}/v1/games/{game_id}", timeout=10)
    except requests.RequestException:
        return None
    return resp.json()["status"] if resp.status_code == 200 else None
