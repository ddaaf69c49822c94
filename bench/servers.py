"""HTTP plumbing: gunicorn subprocesses, a keep-alive client, games created over HTTP."""
from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from bench.common import BENCH_DIR, PREFIX, REDIS_URL, ROOT, RULESET_ID


def free_port() -> int:
    """A free TCP port on the loopback interface."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_serve(port: int, prefix: str, log_path: Path) -> subprocess.Popen:
    """``stranded serve --no-worker`` (as it ships: gevent workers) on ``port`` in its own session,
    every key under ``prefix``, output to ``log_path``."""
    # One load generator from one address: the per-address rate limits would measure themselves.
    env = dict(os.environ, REDIS_URL=REDIS_URL, STRANDED_KEY_PREFIX=prefix, PYTHONPATH=str(ROOT),
               STRANDED_RATE_LIMITS="off")
    return _spawn([sys.executable, "-m", "service.cli.commands", "serve", "--no-worker", "--port", str(port)], env, log_path)


def start_bare(port: int, log_path: Path) -> subprocess.Popen:
    """The baseline (``bench/bare_app.py``) under the gunicorn settings of ``stranded serve``."""
    env = dict(os.environ, REDIS_URL=REDIS_URL, BENCH_PREFIX=PREFIX, PYTHONPATH=str(ROOT))
    return _spawn([sys.executable, str(BENCH_DIR / "bare_serve.py"), str(port)], env, log_path)


def _spawn(args: list[str], env: dict, log_path: Path) -> subprocess.Popen:
    fh = open(log_path, "wb")
    proc = subprocess.Popen(args, cwd=str(ROOT), env=env, stdout=fh, stderr=subprocess.STDOUT,
                            start_new_session=True)
    proc._bench_log = fh  # closed in stop_server
    return proc


def wait_until_up(proc: subprocess.Popen, port: int, path: str, log_path: Path, timeout: float = 30.0) -> None:
    """Poll ``GET path`` until the server answers; raise if it exits or ``timeout`` passes."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server on :{port} exited ({proc.returncode}); see {log_path}:\n"
                               + log_path.read_text(errors="replace")[-2000:])
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", path)
            conn.getresponse().read()
            conn.close()
            return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"server on :{port} did not answer within {timeout} s; see {log_path}")


def stop_server(proc: subprocess.Popen | None) -> None:
    """Stop a server from ``start_server`` (its whole process group) and close its log."""
    if proc is None:
        return
    try:
        if proc.poll() is None:     # its own session: gunicorn master and its workers; SIGINT is
            os.killpg(proc.pid, signal.SIGINT)   # gunicorn's quick shutdown (no 5 s wait on keep-alives)
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(5)
    except ProcessLookupError:
        pass
    finally:
        proc._bench_log.close()


class Client:
    """One keep-alive HTTP/1.1 connection (``http.client``); reconnects once on a dropped socket."""

    def __init__(self, port: int):
        self.port = port
        self.conn: http.client.HTTPConnection | None = None

    def connect(self) -> None:
        """Open a fresh connection (closing any previous one)."""
        self.close()
        self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        self.conn.connect()

    def close(self) -> None:
        """Close the connection, if open."""
        if self.conn is not None:
            self.conn.close()
            self.conn = None

    def request(self, method: str, path: str, body=None, token: str | None = None):
        """Send one request (JSON ``body``, bearer ``token``); return (status, raw body)."""
        headers = {}
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        if token:
            headers["Authorization"] = f"Bearer {token}"
        for attempt in (0, 1):
            if self.conn is None:
                self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
            try:
                self.conn.request(method, path, body=data, headers=headers)
                resp = self.conn.getresponse()
                raw = resp.read()
                if (resp.getheader("Connection") or "").lower() == "close":
                    self.close()
                return resp.status, raw
            except (http.client.HTTPException, OSError):
                self.close()
                if attempt:
                    raise
        raise AssertionError("unreachable")


@dataclass
class BenchGame:
    """A game created over HTTP: its id, a token per seat and the seat to act next."""

    game_id: str
    tokens: dict
    seat: int


def create_game_http(client: Client, seats: int = 2) -> tuple[BenchGame, dict]:
    """Create a ``seats``-seat game with ``POST /v1/games``; return it and the response body."""
    body = {"ruleset": RULESET_ID, "seats": [{"name": f"P{i}"} for i in range(seats)], "options": {}}
    status, raw = client.request("POST", "/v1/games", body)
    if status != 201:
        raise RuntimeError(f"create game: {status} {raw[:300]!r}")
    game = json.loads(raw)
    tokens = {t["seat"]: t["token"] for t in game["tokens"]}
    to_act = game["to_act"][0]["seat"] if game["to_act"] else 0
    return BenchGame(game["id"], tokens, to_act), game
