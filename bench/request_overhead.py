"""What the request log and the request metrics (``service.http.observe``) cost per request.

    python bench/request_overhead.py

Serves ``GET /v1/games/<id>`` through the Flask test client (FakeRedis, one
process) from two apps, one with the request middleware and one without, five rounds
interleaved, and prints the median time per request of each. The log goes
through the ``stranded.requests`` logger to a handler that drops it (the path
of a process other than ``stranded serve``, which writes each line straight to
standard output: ``bench/server_instructions.py`` counts that one in the
served worker). Nothing here asserts.
"""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import logging  # noqa: E402
import statistics  # noqa: E402
import time  # noqa: E402

import fakeredis  # noqa: E402

from service.http import observe  # noqa: E402
from service.http.app import create_app  # noqa: E402
from tests.helpers import create_game  # noqa: E402

logging.getLogger("stranded.requests").setLevel(logging.INFO)
logging.getLogger("stranded.requests").addHandler(logging.NullHandler())
logging.getLogger("stranded.requests").propagate = False


def make(hooks):
    """A test client and a game id, of an app with or without the request middleware."""
    app = create_app(fakeredis.FakeRedis(server=fakeredis.FakeServer()))
    if not hooks:
        assert isinstance(app.wsgi_app, observe.RequestRecorder)
        app.wsgi_app = app.wsgi_app.wsgi_app
    c = app.test_client()
    g = create_game(c, "selfish-space", [{"name": "A"}, {"name": "B"}], seed="b", stack={})
    return c, g["id"]


def run(c, gid, n=1500):
    """Microseconds per request over ``n`` requests."""
    t = time.perf_counter()
    for _ in range(n):
        c.get(f"/v1/games/{gid}")
    return (time.perf_counter() - t) / n * 1e6


with_h, without = make(True), make(False)
a, b = [], []
for _ in range(5):
    a.append(run(*with_h)); b.append(run(*without))
print(f"GET /v1/games/<id> per request: with log+metrics {statistics.median(a):.0f} us, without {statistics.median(b):.0f} us, "
      f"overhead {statistics.median(a)-statistics.median(b):.0f} us ({(statistics.median(a)/statistics.median(b)-1)*100:.1f}%)")
