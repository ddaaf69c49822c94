"""Old logs still fold and verify: a change of meaning is a new rules version,
and the code keeps the old behaviour for games played under the old one."""
from __future__ import annotations

import json

import pytest

from events.games import get_ruleset
from events.snapshots import fold
from projections.audit import verify_log

from .legacy import legacy_log, legacy_record

RULESET_IDS = ["selfish-space", "selfish-zombie", "one-against-the-dead", "zombies-quickplay"]


@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
def test_a_log_of_an_older_rules_version_still_verifies(ruleset_id):
    envelopes = legacy_log(ruleset_id)
    report = verify_log(legacy_record(ruleset_id)["game_id"], envelopes)
    assert report.ok, report.problems


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
