"""The request pool waits for a free connection on a queue that suits the process: gevent's in a
gevent worker (``stranded serve``), the standard library's elsewhere."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = str(Path(__file__).resolve().parents[2])


def pool_queue(patch_first: bool) -> str:
    """The module of the request pool's queue class, in a fresh interpreter that imports redis
    before gevent patches (as ``stranded serve`` does) when ``patch_first`` is false."""
    code = ("import redis, service.http.app as app\n"
            + ("from gevent import monkey; monkey.patch_all()\n" if patch_first else "")
            + "requests, _ = app.redis_clients('redis://127.0.0.1:1/0')\n"
            "print(requests.connection_pool.queue_class.__module__)")
    out = subprocess.run([sys.executable, "-W", "ignore", "-c", code], cwd=ROOT, capture_output=True, text=True,
                         timeout=120, check=True)
    return out.stdout.strip()


def test_a_gevent_worker_pools_its_connections_on_gevents_queue_even_when_redis_came_first():
    assert pool_queue(patch_first=True).startswith("gevent")


def test_a_plain_process_pools_its_connections_on_the_standard_queue():
    assert pool_queue(patch_first=False) == "queue"
