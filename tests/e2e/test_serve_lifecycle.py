"""An operator's day with real ``stranded serve`` processes on the embedded Redis: the start-up
lines, one server per data folder, and a quiet, ordered, complete stop on SIGTERM and Ctrl-C.

Each server runs in a session of its own (as a shell would run it); Ctrl-C is SIGINT to that
whole process group, as a terminal sends it.
"""
from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import requests
from click.testing import CliRunner

from events.log.embedded import in_use
from service.cli.commands import main
from tests.e2e.test_serve import free_port

pytestmark = pytest.mark.e2e

#: How many times the stop is repeated (half SIGTERM, half Ctrl-C).
STOPS = 8
CLEAN = "stranded: stopped cleanly: the API, then the worker, then the embedded Redis."


class Server:
    """One ``stranded serve`` on ``folder``: its process, port and output."""

    def __init__(self, folder: Path, log: Path, port: int | None = None):
        self.folder = folder
        self.port = port or free_port()
        self.log = log
        env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
        self.proc = subprocess.Popen([sys.executable, "-m", "service.cli.commands", "serve", "--port", str(self.port),
                                      "--data-dir", str(folder)], env=env, start_new_session=True,
                                     stdout=open(log, "w"), stderr=subprocess.STDOUT)
        self.base = f"http://127.0.0.1:{self.port}"

    def wait_up(self) -> "Server":
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                if requests.get(f"{self.base}/readyz", timeout=5).ok:
                    return self
            except requests.RequestException:
                pass
            assert self.proc.poll() is None, self.output()
            time.sleep(0.2)
        raise AssertionError("stranded serve did not answer: " + self.output())

    def output(self) -> str:
        return self.log.read_text()

    def pids(self) -> tuple[int, int]:
        """The worker's and the embedded Redis's process ids, from the start-up lines."""
        text = self.output()
        return (int(re.search(r"worker: pid (\d+)", text).group(1)),
                int(re.search(r"embedded Redis \(pid (\d+)", text).group(1)))

    def stop(self, sig: int) -> int:
        os.killpg(self.proc.pid, sig) if sig == signal.SIGINT else self.proc.send_signal(sig)
        return self.proc.wait(60)

    def kill(self):
        """Stop it (SIGTERM, else SIGKILL) and, were it killed, the folder's Redis it leaves behind."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(30)
        running = in_use(self.folder)
        if running and running.get("owner") == self.proc.pid:
            os.kill(running["pid"], signal.SIGKILL)


def gone(pid: int) -> bool:
    """Whether process ``pid`` has ended (a zombie awaiting its reaper counts as ended)."""
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().rsplit(")", 1)[1].split()[0] in ("Z", "X")
    except FileNotFoundError:
        return True


def session_members(sid: int) -> list[int]:
    """Live processes of session ``sid`` (the server and whatever it left behind)."""
    members = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[4]) == sid and fields[0] not in ("Z", "X"):
                members.append(int(entry.name))
    return members


@pytest.fixture
def servers(tmp_path):
    started = []

    def start(folder: Path, **kw) -> Server:
        server = Server(folder, tmp_path / f"serve{len(started)}.log", **kw)
        started.append(server)
        return server
    yield start
    for server in started:
        server.kill()


def test_start_up_lines_name_the_web_client_the_docs_the_data_folder_and_the_redis(servers, tmp_path):
    server = servers(tmp_path / "data").wait_up()
    text = server.output()
    base = f"http://127.0.0.1:{server.port}"
    assert f"the web client is at {base}/" in text and f"docs: {base}/docs" in text
    assert f"data folder {(tmp_path / 'data').resolve()}" in text and "Redis: embedded Redis (pid " in text
    assert "Stop with Ctrl-C or SIGTERM" in text


def test_a_second_server_on_a_folder_in_use_is_refused_and_the_first_serves_on(servers, tmp_path):
    # given a server on a folder, with a game in it
    first = servers(tmp_path / "data").wait_up()
    game = requests.post(f"{first.base}/v1/games", json={"ruleset": "selfish-space",
                                                         "seats": [{"name": "A"}, {"name": "B"}]}, timeout=10)
    assert game.status_code == 201
    # when a second server starts on the same folder
    second = servers(tmp_path / "data")
    assert second.proc.wait(60) == 1
    # then it is refused, naming the folder and the first server's PID
    refusal = second.output().strip()
    assert refusal == (f"Error: the data folder {(tmp_path / 'data').resolve()} is in use by stranded serve "
                       f"(PID {first.proc.pid}): stop it first, or give this server another --data-dir.")
    # and after a verify joined and left the folder's Redis, the first still serves the game
    done = subprocess.run([sys.executable, "-m", "service.cli.commands", "verify", game.json()["id"], "--data-dir",
                           str(tmp_path / "data")], env={k: v for k, v in os.environ.items() if k != "REDIS_URL"},
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 3, done.stdout + done.stderr
    assert requests.get(f"{first.base}/v1/games/{game.json()['id']}", timeout=10).ok
    assert requests.get(f"{first.base}/readyz", timeout=10).ok


def test_sigterm_and_ctrl_c_stop_the_api_the_worker_and_redis_quietly_and_completely(servers, tmp_path):
    # given a server playing all-bot games, stopped again and again, half by SIGTERM, half by Ctrl-C
    for n in range(STOPS):
        sig = signal.SIGTERM if n % 2 == 0 else signal.SIGINT
        server = servers(tmp_path / "data").wait_up()
        worker, redis_server = server.pids()
        for _ in range(2):
            requests.post(f"{server.base}/v1/games", json={"ruleset": "selfish-space",
                                                           "seats": [{"bot": "random"}, {"bot": "random"}]},
                          timeout=10)
        time.sleep(0.3)
        # when it is stopped
        code = server.stop(sig)
        # then it exits 0, with no traceback and a last line saying it stopped cleanly
        lines = [line for line in server.output().splitlines() if not line.startswith("{")]
        assert code == 0, server.output()
        assert "Traceback" not in server.output() and "Error" not in server.output(), server.output()
        assert lines[-1] == CLEAN, server.output()
        # and nothing is left behind: no worker (nor its scheduler or work-horse), no Redis, no
        # gunicorn process
        assert gone(worker) and gone(redis_server), (n, worker, redis_server)
        assert session_members(server.proc.pid) == [] and session_members(worker) == []


@pytest.mark.parametrize("args, says", [
    (["--port", "99999"], "99999 is not in the range 1<=x<=65535"),
    (["--port", "0"], "0 is not in the range 1<=x<=65535"),
    (["--port", "http"], "'http' is not a valid integer"),
    (["--host", "no such host!"], "is not an address or host name this machine can listen on"),
    (["--workers", "0"], "0 is not in the range 1<=x<=256"),
    (["--workers", "-3"], "-3 is not in the range 1<=x<=256"),
    (["--connections", "0"], "0 is not in the range"),
])
def test_a_bad_port_host_or_workers_is_a_usage_error_in_one_sentence(args, says, monkeypatch, tmp_path):
    monkeypatch.setattr("service.cli.serving.run", lambda *a: pytest.fail("serve started with a bad argument"))
    result = CliRunner().invoke(main, ["serve", *args, "--data-dir", str(tmp_path)])
    assert result.exit_code == 2 and says in result.output, result.output
    assert "Traceback" not in result.output
    assert len([line for line in result.output.splitlines() if line.startswith("Error:")]) == 1


def test_a_port_another_server_listens_on_is_refused_before_anything_starts(monkeypatch, tmp_path):
    import socket

    monkeypatch.setattr("service.cli.serving.run", lambda *a: pytest.fail("serve started on a busy port"))
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = CliRunner().invoke(main, ["serve", "--port", str(port), "--data-dir", str(tmp_path)])
    assert result.exit_code == 2 and f"port {port} on 127.0.0.1 is in use" in result.output
    assert not (tmp_path / "embedded.json").exists()
