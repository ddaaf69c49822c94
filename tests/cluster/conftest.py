"""The Redis Cluster tier: the event store on a real Redis Cluster.

The cluster is named by ``STRANDED_TEST_CLUSTER_URL`` (any node, e.g.
``redis://127.0.0.1:7150``; ``scripts/redis-cluster start`` makes one and prints
it). Without it this folder is not collected at all -- unless ``CI`` is set:
``.ci/run`` always starts a cluster and sets the variable, so on CI its absence
fails every test here rather than skipping them. Every test starts from an
empty cluster (all masters flushed).

The job queues of the process tests live on a plain Redis:
``STRANDED_TEST_QUEUE_URL``, else ``REDIS_URL``, else
``redis://127.0.0.1:6379/2``; that database is flushed too.

Fixtures:

- ``redis_factory`` (overrides the suite-wide one): a factory of
  ``RedisCluster`` clients, so the store contract suite and the index tests
  imported here run against the cluster, once.
- ``cluster_url``, ``queue_url``: the URLs above.
"""
from __future__ import annotations

import os
from typing import Callable, Iterator

import pytest

from tests.helpers import clients_of

CLUSTER_URL = os.environ.get("STRANDED_TEST_CLUSTER_URL")

if not CLUSTER_URL and not os.environ.get("CI"):
    collect_ignore_glob = ["test_*.py"]


@pytest.fixture(scope="session")
def cluster_url() -> str:
    """The cluster's URL; fails (never skips) when it is not set."""
    if not CLUSTER_URL:
        pytest.fail("STRANDED_TEST_CLUSTER_URL is not set: on CI, .ci/run starts a Redis Cluster "
                    "(scripts/redis-cluster start) and sets it")
    return CLUSTER_URL


@pytest.fixture(scope="session")
def queue_url() -> str:
    """A plain Redis database for the job queues of the process tests."""
    return os.environ.get("STRANDED_TEST_QUEUE_URL") or os.environ.get("REDIS_URL") or "redis://127.0.0.1:6379/2"


def cluster_client(url: str):
    """A ``RedisCluster`` client of ``url`` (bytes replies)."""
    from redis.cluster import RedisCluster

    return RedisCluster.from_url(url, decode_responses=False)


@pytest.fixture
def redis_factory(cluster_url) -> Iterator[Callable]:
    """Clients of the cluster, all seeing the same (flushed) data."""
    yield from clients_of(lambda: cluster_client(cluster_url), flush="flushall")
