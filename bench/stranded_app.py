"""Stranded's API for the HTTP benchmark, served by gunicorn (``stranded_app:app``).

Environment: ``REDIS_URL`` (default ``redis://127.0.0.1:6379/13``) and
``BENCH_PREFIX`` (key prefix, default ``bench``).
"""
from __future__ import annotations

import os

from events.connection import connect
from service.app import create_app

URL = os.environ.get("REDIS_URL") or "redis://127.0.0.1:6379/13"
PREFIX = os.environ.get("BENCH_PREFIX", "bench")

app = create_app(connect(URL), prefix=PREFIX)
