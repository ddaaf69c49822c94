"""Connecting to Redis: the URL from ``REDIS_URL``, or an embedded server; a Redis
Cluster with ``STRANDED_REDIS_CLUSTER=1``; the job queues on their own Redis.

redis-py 8 gives sockets a 5 s timeout by default, which cuts a long blocking
read (``XREAD BLOCK``, RQ's ``BLPOP``); every connection Stranded opens has no
socket timeout instead.

Two stores, one of them optional:

- the event store (``REDIS_URL``): the games' streams, snapshots and meta, and
  the lobby's index. With ``STRANDED_REDIS_CLUSTER=1`` the URL names any node
  of a Redis Cluster and the client is a ``redis.cluster.RedisCluster``
  (``docs/scaling.md`` gives the key layout that makes this work).
- the job queues (``STRANDED_QUEUE_URL``): RQ's queues, jobs and scheduler.
  RQ needs a plain Redis (its Lua scripts and pipelines touch keys of many
  slots), so on a cluster this URL is required; otherwise it defaults to
  ``REDIS_URL``.
"""
from __future__ import annotations

import os
from pathlib import Path

import redis

from events import settings

DEFAULT_DATA_DIR = ".stranded"
#: Values of ``STRANDED_REDIS_CLUSTER`` that turn cluster mode on (``events.settings``).
TRUE = frozenset(settings.TRUE)


class QueueNotConfigured(RuntimeError):
    """Cluster mode is on but ``STRANDED_QUEUE_URL`` names no plain Redis for the job queues."""


def cluster_mode(environ=os.environ) -> bool:
    """Whether ``STRANDED_REDIS_CLUSTER`` asks for a Redis Cluster event store (``1``, ``true``)."""
    return settings.read(environ).redis_cluster


def connect(url: str | None = None, **options):
    """A client of the event store at ``url`` (default ``$REDIS_URL``): a ``redis.Redis``, or
    with :func:`cluster_mode` a ``redis.cluster.RedisCluster`` (``url`` names any node; the
    client finds the others). ``options`` go to the client (e.g. ``connection_pool_class``
    and ``max_connections``, per node on a cluster). Raises ``KeyError`` if no URL is set."""
    url = url or os.environ["REDIS_URL"]
    options = {"socket_timeout": None, "socket_connect_timeout": 10, **options}
    if cluster_mode():
        from redis.cluster import RedisCluster

        return RedisCluster.from_url(url, **options)
    pool_class = options.pop("connection_pool_class", redis.ConnectionPool)
    return redis.Redis(connection_pool=pool_class.from_url(url, **options))


def queue_url(environ=os.environ) -> str:
    """The URL of the plain Redis that holds the job queues: ``STRANDED_QUEUE_URL``, else
    ``REDIS_URL`` when that is no cluster.

    Raises :class:`QueueNotConfigured` in cluster mode without ``STRANDED_QUEUE_URL``, and
    ``KeyError`` when neither URL is set."""
    url = settings.read(environ).queue_url
    if url:
        return url
    if cluster_mode(environ):
        raise QueueNotConfigured(
            "STRANDED_REDIS_CLUSTER=1 needs STRANDED_QUEUE_URL: the URL of a plain (non-cluster) Redis "
            "for the job queues, e.g. redis://queue-host:6379/0 (RQ cannot keep its queues on a cluster).")
    return environ["REDIS_URL"]


def separate_queue(environ=os.environ) -> bool:
    """Whether the job queues live on another Redis than the event store."""
    read = settings.read(environ)
    return read.redis_cluster or read.queue_url not in ("", environ.get("REDIS_URL"))


def connect_queue(url: str | None = None) -> redis.Redis:
    """A plain ``redis.Redis`` client of the job queues (default :func:`queue_url`); raises as it."""
    return redis.Redis.from_url(url or queue_url(), socket_timeout=None, socket_connect_timeout=10)


def start_embedded(data_dir: str | Path = DEFAULT_DATA_DIR):
    """Join the embedded Redis server of ``data_dir``, or start one (``events.log.embedded``).

    Data is kept in ``<data_dir>/stranded.rdb``. Returns ``(server, url)``:
    ``server`` is an :class:`events.log.embedded.Embedded` (``release()`` when done: a server this
    process started stops then, one it joined never); ``url`` is a ``unix://`` URL other
    processes (the worker) connect to.
    """
    from events.log.embedded import open_embedded

    server = open_embedded(data_dir)
    return server, server.url
