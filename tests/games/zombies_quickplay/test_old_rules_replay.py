"""Old logs still re-run: games recorded by the code of an older rules version give exactly their
recorded events when today's ``setup`` and ``decide`` run them with that ``options["rules_version"]``.

* ``fixtures/rules_v3_games.json.gz``: eight all-bot games of 2-6 seats recorded by the rules-version-3
  code, short stacked tile stacks and the base game's deck among them, with reaction windows, card
  choices, lost kills, the Sporting Goods and a skipped turn.
* ``fixtures/rules_v4_games.json.gz``: eight all-bot games of 2-6 seats recorded by the rules-version-4
  code (commit 81c49ef), with Event cards played out of turn at random moments and tokens taken on
  arrival, before rules version 5 made claiming a token a command at any moment.
"""
from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from events.games.zombies_quickplay import RULESET as R
from events.table.randomness import rng_for

FIXTURES = Path(__file__).parent / "fixtures"
GAMES = [(version, game) for version in (3, 4)
         for game in json.load(gzip.open(FIXTURES / f"rules_v{version}_games.json.gz", "rt"))]


@pytest.mark.parametrize("version,game", GAMES, ids=[game["seed"] for _, game in GAMES])
def test_a_game_recorded_under_an_older_rules_version_re_runs_event_for_event(version, game):
    # given the options, seats and seed the game was played with under that rules version
    options = {**game["options"], "rules_version": f"zombies-quickplay/{version}"}
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
