"""``stranded worker``: on the embedded Redis of a data folder, a burst that says what it did,
and a burst against a Redis that does not answer that exits at once saying so."""
from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from events.log.embedded import open_embedded
from service.cli.commands import main

ROOT = Path(__file__).resolve().parents[1]


def stranded(*args: str, **env: str) -> subprocess.CompletedProcess:
    plain = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "CI")}
    return subprocess.run([sys.executable, "-m", "service.cli.commands", *args], env={**plain, **env}, cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


def test_a_burst_on_the_embedded_redis_of_a_folder_says_how_many_jobs_it_did(tmp_path):
    server = open_embedded(tmp_path / "data", "test")
    try:
        done = stranded("worker", "--burst", "--data-dir", str(tmp_path / "data"))
        assert done.returncode == 0, done.stderr
        assert "worker --burst: the queue is empty; 0 job(s) done, 0 failed" in done.stderr
        assert server.client().ping()       # the worker joined the folder's Redis and left it running
    finally:
        server.shutdown(save=False)


def test_a_burst_against_a_redis_that_does_not_answer_exits_1_at_once_saying_so():
    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]      # bound, never listening: connections are refused
        done = stranded("worker", "--burst", REDIS_URL=f"redis://127.0.0.1:{port}/0")
    assert done.returncode == 1
    assert done.stderr.strip().startswith("worker --burst: Redis does not answer (")
    assert "Traceback" not in done.stderr


def test_without_redis_url_and_no_server_on_the_folder_the_worker_is_a_usage_error(tmp_path, monkeypatch):
    monkeypatch.delenv("REDIS_URL", raising=False)
    result = CliRunner().invoke(main, ["worker", "--burst", "--data-dir", str(tmp_path / "empty")])
    assert result.exit_code == 2
    assert f"Set REDIS_URL, or start `stranded serve` on {tmp_path / 'empty'} first" in result.output
