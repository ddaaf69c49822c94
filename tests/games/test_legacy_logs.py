"""Old logs still fold and verify: a change of meaning is a new rules version,
and the code keeps the old behaviour for games played under the old one."""
from __future__ import annotations

import json

import pytest

import fakeredis

from events.games import get_ruleset
from events.log.repository import GameRepository
from events.log.snapshots import fold
from events.log.store import EventStore
from projections.audit import verify

from .legacy import legacy_log, legacy_record, load_legacy_game

RULESET_IDS = ["selfish-space", "selfish-zombie", "one-against-the-dead", "zombies-quickplay"]


@pytest.fixture
def redis():
    return fakeredis.FakeRedis(server=fakeredis.FakeServer())


@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
def test_a_log_of_an_older_rules_version_still_verifies(redis, ruleset_id):
    game_id = load_legacy_game(redis, ruleset_id)
    verdict = verify(EventStore(redis), game_id)
    assert verdict.ok and verdict.code == 0, [str(p) for p in verdict.problems]
    assert any("written before" in what for what in verdict.unchecked)


@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
def test_an_older_game_is_served_from_its_old_stream(redis, ruleset_id):
    game_id = load_legacy_game(redis, ruleset_id)
    game = GameRepository(EventStore(redis)).get(game_id)
    assert game.version == len(legacy_record(ruleset_id)["entries"])
    assert game.ruleset.outcome(game.state) is not None


@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
def test_a_log_of_an_older_rules_version_still_folds_to_a_finished_game_and_shows(ruleset_id):
    ruleset = get_ruleset(ruleset_id)
    record = legacy_record(ruleset_id)
    assert record["rules_version"] in ruleset.versions or record["rules_version"] == ruleset.version
    state = fold(ruleset, legacy_log(ruleset_id))
    assert ruleset.outcome(state) is not None
    n = len(json.loads(record["meta"]["seats"]))
    for seat in [*range(n), None]:
        assert isinstance(ruleset.view(state, seat), dict)
