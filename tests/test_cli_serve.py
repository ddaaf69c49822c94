"""What ``stranded serve`` says when it starts and when it stops, without starting it."""
from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

from service.cli.serving import _stop, startup_lines


def test_with_redis_url_the_lines_name_it_without_its_password_and_no_data_folder(monkeypatch):
    monkeypatch.setenv("REDIS_URL", "redis://:s3cret@cache.internal:6380/2")
    text = startup_lines("127.0.0.1", 8000, "/unused", None, None)
    assert "Redis: redis://:***@cache.internal:6380/2 (REDIS_URL; no data folder is used)" in text
    assert "s3cret" not in text
    assert "the web client is at http://127.0.0.1:8000/" in text and "docs: http://127.0.0.1:8000/docs" in text
    assert "worker: none (--no-worker)" in text


def test_with_the_embedded_redis_the_lines_name_its_pid_socket_and_data_folder(monkeypatch):
    monkeypatch.delenv("REDIS_URL", raising=False)
    embedded = SimpleNamespace(pid=4242, url="unix:///data/redis.sock", folder=Path("/data"))
    worker = SimpleNamespace(proc=SimpleNamespace(pid=4250))
    text = startup_lines("0.0.0.0", 8080, "/data", embedded, worker)
    assert text.splitlines()[0].endswith("http://localhost:8080/ (listening on every interface, port 8080)")
    assert "Redis: embedded Redis (pid 4242, unix:///data/redis.sock); data folder /data" in text
    assert "worker: pid 4250 (bots, deadlines, reconciler)" in text


def test_the_last_line_says_what_did_not_stop_cleanly():
    class Stub:
        def __init__(self, ok):
            self.ok = ok

        def stop(self):
            return self.ok

        def release(self, wait_s):
            return self.ok
    assert _stop(Stub(True), Stub(True), None) == \
        "stranded: stopped cleanly: the API, then the worker, then the embedded Redis."
    late = _stop(Stub(False), Stub(True), None)
    assert late.startswith("stranded: stopped the API, then the embedded Redis; the worker did not finish")
    shared = _stop(None, Stub(False), None)
    assert shared.startswith("stranded: stopped the API; the embedded Redis keeps running for the other processes")
