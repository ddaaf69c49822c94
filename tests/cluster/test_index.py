"""The lobby's index tests (``tests/events/test_index.py``) against a Redis Cluster: every index
key in one slot, so a record and a page work there as on one Redis."""
from tests.events.test_index import *  # noqa: F401,F403 -- the same tests, the cluster's redis_factory
