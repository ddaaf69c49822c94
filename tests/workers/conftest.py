"""Fixtures of the worker tests: the event store on the suite's Redis backend."""
from __future__ import annotations

import pytest

from events.log.store import EventStore


@pytest.fixture
def store(redis_backend):
    """An ``EventStore`` on FakeRedis, or on the real Redis of ``REDIS_URL`` (both, parametrized)."""
    return EventStore(redis_backend)
