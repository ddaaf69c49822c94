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

import gc
import os
from typing import Callable, Iterator

import fakeredis
import pytest
import redis

from tests.helpers import clients_of

# Rate limits are off in tests (and in the servers they start) unless a test turns them on; a
# refusal is answered at once (tests/service/test_bounds.py pins the tarpit that holds it).
os.environ.setdefault("STRANDED_RATE_LIMITS", "off")
os.environ.setdefault("STRANDED_RATE_LIMIT_TARPIT_S", "0")


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


#: What the header says when a tier is left out (``pytest`` prints it before the first test).
WITHOUT_REDIS = ("REDIS_URL is not set: the tests that need a real Redis (the real-Redis tier, the end-to-end "
                 "tests against it, the worker and fault tests) are skipped. To run them: "
                 "REDIS_URL=redis://127.0.0.1:6379/15 python -m pytest (the tests flush that database).")
WITHOUT_CLUSTER = ("STRANDED_TEST_CLUSTER_URL is not set: the Redis Cluster tier (tests/cluster) is not collected; "
                   "scripts/redis-cluster start 7000 7001 7002 makes a cluster and prints its URL.")


def pytest_report_header(config) -> list[str]:
    """Say before the run which tiers are left out and how to run them."""
    lines = []
    if not os.environ.get("REDIS_URL"):
        lines.append(WITHOUT_REDIS)
    if not os.environ.get("STRANDED_TEST_CLUSTER_URL") and not os.environ.get("CI"):
        lines.append(WITHOUT_CLUSTER)
    return lines


def skip_reasons(skipped: list) -> dict[str, int]:
    """How many skipped test reports gave each reason (``longrepr``: ``(path, line, "Skipped: why")``)."""
    reasons: dict[str, int] = {}
    for report in skipped:
        why = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        why = why.removeprefix("Skipped: ")
        reasons[why] = reasons.get(why, 0) + 1
    return reasons


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    """After the run, say why tests were skipped (one line per reason, with a count), even without ``-rs``."""
    reasons = skip_reasons(terminalreporter.stats.get("skipped", []))
    if not reasons:
        return
    terminalreporter.section("why tests were skipped")
    for why, count in sorted(reasons.items(), key=lambda item: -item[1]):
        terminalreporter.write_line(f"{count} skipped: {why}")
    if not os.environ.get("REDIS_URL"):
        terminalreporter.write_line(WITHOUT_REDIS)


def pytest_sessionfinish(session, exitstatus):
    """On CI no skipped test counts as passing: a skip fails the run."""
    if not os.environ.get("CI"):
        return
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    skipped = len(reporter.stats.get("skipped", [])) if reporter else 0
    if skipped and session.exitstatus == 0:
        reporter.write_line(f"CI: {skipped} skipped test(s) -- every test must run on CI", red=True)
        session.exitstatus = 1


@pytest.fixture(autouse=True)
def _collector_as_found() -> Iterator[None]:
    """Leave the cyclic garbage collector as each test found it: a CLI command run in this process
    (``stranded verify --all`` tunes it, ``service.cli.serving.tune_gc``) must not change how the
    rest of the suite collects."""
    threshold, frozen = gc.get_threshold(), gc.get_freeze_count()
    yield
    if gc.get_freeze_count() != frozen:
        gc.unfreeze()
    gc.set_threshold(*threshold)
