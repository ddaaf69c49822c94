"""``Ruleset.fold_pairs`` (a game's ``evolve_many``, when it has one) folds ``(type, data)``
pairs to exactly what ``evolve`` gives over the same events -- malformed, unknown and early
events included -- so ``stranded rebuild`` may fold whole logs without building each event."""
from __future__ import annotations

import pytest

from events.games import RULESETS
from events.commands.simulation import play_game
from events.log.snapshots import SYSTEM_EVENTS


def folded_one_by_one(ruleset, events):
    state = None
    for event in events:
        state = ruleset.evolve(state, event)
    return state


@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
def test_folding_pairs_gives_what_evolving_each_event_gives(ruleset_id):
    ruleset = RULESETS[ruleset_id]
    seats = ruleset.min_seats if ruleset.max_seats == ruleset.min_seats else ruleset.min_seats + 1
    for game in range(4):
        events = [e for e in play_game(ruleset, ["random"] * seats, f"pairs-{game}").events
                  if e["type"] not in SYSTEM_EVENTS]
        pairs = [(e["type"], e["data"]) for e in events]
        assert ruleset.fold_pairs(None, pairs) == folded_one_by_one(ruleset, events)


@pytest.mark.parametrize("ruleset_id", sorted(r for r in RULESETS if RULESETS[r].evolve_many))
def test_malformed_unknown_and_early_pairs_change_what_evolve_would_change(ruleset_id):
    ruleset = RULESETS[ruleset_id]
    events = [e for e in play_game(ruleset, ["random"] * 2, "pairs-odd").events if e["type"] not in SYSTEM_EVENTS]
    odd = [{"type": "CardDrawn", "data": {"seat": 0, "card": "oxygen"}},      # before the game starts
           *events[:5],
           {"type": "NoSuchEvent", "data": {}},                               # unknown
           {"type": "CardDrawn", "data": {"seat": 99}},                       # malformed
           {"type": "CardsTaken", "data": None},                              # no data at all
           *events[5:]]
    pairs = [(e["type"], e["data"]) for e in odd]
    assert ruleset.fold_pairs(None, pairs) == folded_one_by_one(ruleset, odd)
