"""Serve ``bench/bare_app.py`` with exactly the gunicorn settings ``stranded serve`` uses.

    python bench/bare_serve.py PORT

The HTTP ratios of ``bench/run.py`` compare Stranded with this baseline; the
only difference between the two servers is the app (and who writes the line
each request leaves in the log: Stranded's app, gunicorn for the bare one).
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for path in (ROOT, ROOT / "bench"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

from gunicorn.app.base import BaseApplication  # noqa: E402

from service.cli.serving import gunicorn_settings  # noqa: E402


class Bare(BaseApplication):
    """gunicorn from Python, configured as ``stranded serve``, serving the bare app."""

    def __init__(self, port: int):
        self.port = port
        super().__init__()

    def load_config(self):
        for key, value in gunicorn_settings("127.0.0.1", self.port).items():
            self.cfg.set(key, value)
        # Stranded's app writes one line per request itself (service.http.observe); the bare app does
        # not, so gunicorn writes one for it: both servers log every request.
        self.cfg.set("accesslog", "-")

    def load(self):
        from bare_app import app

        return app


if __name__ == "__main__":
    Bare(int(sys.argv[1])).run()
