"""Shared fixtures: Redis backends for the contract suites.

- ``redis_factory``: a zero-argument callable making a new client of the
  test's backend (every client it makes talks to the same data: one
  ``FakeServer`` per test for ``fake``, the ``REDIS_URL`` database for
  ``real``). Parametrized over ``"fake"`` and ``"real"``; ``real`` is marked
  ``redis`` and skipped unless ``REDIS_URL`` is set, and its database is
  flushed before each test. Use it when a test needs several clients
  (threads, a worker and an API).
- ``redis_backend``: one client from ``redis_factory``; a test using it runs
  once per backend.
- ``fake_redis``: a ``fakeredis.FakeRedis`` on a fresh server (fake only).

All clients use ``decode_responses=False``: replies are bytes.
"""
from __future__ import annotations

import os
from typing import Callable, Iterator

import fakeredis
import pytest
import redis

from tests.helpers import clients_of

# Rate limits are off in tests (and in the servers they start) unless a test turns them on.
os.environ.setdefault("STRANDED_RATE_LIMITS", "off")


@pytest.fixture(
    params=[
        pytest.param("fake", id="fake"),
        pytest.param("real", id="real", marks=pytest.mark.redis),
    ]
)
def redis_factory(request) -> Iterator[Callable[[], redis.Redis]]:
    """A factory of clients of one backend (``fake`` or ``real``), per test."""
    if request.param == "fake":
        server = fakeredis.FakeServer()
        yield from clients_of(lambda: fakeredis.FakeRedis(server=server, decode_responses=False))
        return
    url = os.environ.get("REDIS_URL")
    if not url:
        pytest.skip("REDIS_URL is not set: no real Redis to test against")
    yield from clients_of(lambda: redis.Redis.from_url(url, decode_responses=False), flush="flushdb")


@pytest.fixture
def redis_backend(redis_factory) -> redis.Redis:
    """A client of the test's backend; tests using it run once per backend."""
    return redis_factory()


@pytest.fixture
def fake_redis() -> Iterator[fakeredis.FakeRedis]:
    """A ``fakeredis.FakeRedis`` (bytes replies) on its own fresh server."""
    client = fakeredis.FakeRedis(server=fakeredis.FakeServer(), decode_responses=False)
    yield client
    client.close()


def pytest_sessionfinish(session, exitstatus):
    """On CI no skipped test counts as passing: a skip fails the run."""
    if not os.environ.get("CI"):
        return
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    skipped = len(reporter.stats.get("skipped", [])) if reporter else 0
    if skipped and session.exitstatus == 0:
        reporter.write_line(f"CI: {skipped} skipped test(s) -- every test must run on CI", red=True)
        session.exitstatus = 1
