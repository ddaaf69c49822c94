"""Old logs still re-run: games recorded by the rules-version-3 code (``fixtures/rules_v3_games.json.gz``:
eight all-bot games of 2-6 seats, short stacked tile stacks and the base game's deck among them,
with reaction windows, card choices, lost kills, the Sporting Goods and a skipped turn) give exactly
their recorded events when today's ``setup`` and ``decide`` run them with
``options["rules_version"] = "zombies-quickplay/3"``, and every prefix of them shows."""
from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from events.games.zombies_quickplay import RULESET as R
from events.randomness import rng_for

GAMES = json.load(gzip.open(Path(__file__).parent / "fixtures" / "rules_v3_games.json.gz", "rt"))


@pytest.mark.parametrize("game", GAMES, ids=[g["seed"] for g in GAMES])
def test_a_game_recorded_under_rules_version_3_re_runs_event_for_event(game):
    # given the options, seats and seed the game was played with under rules version 3
    options = {**game["options"], "rules_version": "zombies-quickplay/3"}
    recorded = game["events"]
    # when setup and every recorded command are run again through today's rules
    events = R.setup(options, game["seats"], rng_for(game["seed"], 0))
    assert events == recorded[:len(events)], "setup differs"
    state = R.fold(events)
    for seat, command in game["commands"]:
        batch = R.decide(state, seat, command, rng_for(game["seed"], len(events)))
        # then each command gives exactly the events recorded for it
        assert batch == recorded[len(events):len(events) + len(batch)], f"{command} at version {len(events)}"
        for event in batch:
            state = R.evolve(state, event)
        events += batch
    assert len(events) == len(recorded) and R.outcome(state) is not None
