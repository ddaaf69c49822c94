"""End to end, scaled out: two API processes and two workers on one Redis play the same games
as one process does -- no job lost (every game finishes), none doubled (every log is the one
the seed gives, each command applied once), every log verifies.

Needs a real Redis (``REDIS_URL``; CI sets it). The same check against a Redis Cluster is in
``tests/cluster``.
"""
from __future__ import annotations

import os

import pytest
from rq import Queue
from rq.registry import FailedJobRegistry

from events.log.connection import connect
from events.commands.dispatch import QUEUE_NAME
from tests.fleet import TABLES, Fleet, create_bot_game, event_log, moves, reference_moves, wait_all_finished

pytestmark = [pytest.mark.e2e, pytest.mark.redis]

GAMES_PER_RULESET = 2


@pytest.fixture
def fleet(tmp_path):
    url = os.environ.get("REDIS_URL")
    if not url:
        pytest.skip("REDIS_URL is not set: no real Redis to test against")
    connect(url).flushdb()
    fleet = Fleet({"REDIS_URL": url, "STRANDED_REDIS_CLUSTER": "", "STRANDED_QUEUE_URL": ""}, tmp_path)
    yield fleet
    fleet.stop()


def test_two_apis_and_two_workers_play_every_game_once_to_the_end(fleet):
    # given two API processes and two workers on one Redis
    bases = fleet.start_apis(2)
    fleet.start_workers(2)
    # when all-bot games of every ruleset are created through both APIs at once
    games = {}
    for i in range(GAMES_PER_RULESET):
        for n, (ruleset, policies) in enumerate(TABLES.items()):
            seed = f"many-{ruleset}-{i}"
            games[create_bot_game(bases[(i + n) % 2], ruleset, policies, seed)] = (ruleset, policies, seed)
    finished = wait_all_finished(bases, list(games), 240, fleet)
    # then every game finished, and its log is exactly the one the seed gives in one process
    for game_id, (ruleset, policies, seed) in games.items():
        log = event_log(bases[0], game_id)
        assert [e["version"] for e in log] == list(range(1, finished[game_id]["version"] + 1))
        assert moves(log) == reference_moves(ruleset, policies, seed), f"{ruleset} game {game_id} diverged"
    # and no job failed, every process is still up, and each log verifies
    queue_redis = connect(os.environ["REDIS_URL"])
    assert FailedJobRegistry(queue=Queue(QUEUE_NAME, connection=queue_redis)).count == 0
    assert sorted(fleet.alive()) == ["api0", "api1", "worker0", "worker1"]
    for game_id in games:
        verdict = fleet.cli("verify", game_id)
        assert verdict.returncode == 0, verdict.stdout + verdict.stderr
