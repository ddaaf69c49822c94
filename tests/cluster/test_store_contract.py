"""The event store contract suite (``tests/events/test_store_contract.py``), every test of it,
against a Redis Cluster: appends, ranges, idempotency, snapshots and meta in one slot per
game, and eight writers racing on one game."""
from tests.events.test_store_contract import *  # noqa: F401,F403 -- the same tests, the cluster's redis_factory
