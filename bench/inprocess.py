"""Figures 1 and 2: self-play and fold speed, in process, no Redis."""
from __future__ import annotations

import statistics
import time

from bench.common import RULESET_ID
from events.games import RULESETS
from events.simulation import play_game
from events.snapshots import SYSTEM_EVENTS


def bench_self_play(games: int):
    """Play ``games`` whole games with 4 random bots; return (games/s, events/game, records)."""
    ruleset = RULESETS[RULESET_ID]
    records = []
    start = time.perf_counter()
    for i in range(games):
        records.append(play_game(ruleset, ["random"] * 4, f"bench-{i}"))
    elapsed = time.perf_counter() - start
    events = sum(len(r.events) for r in records)
    return games / elapsed, events / games, records


def fold_events(evolve, events):
    """``events.snapshots.fold`` over plain event dicts (what it does with envelopes)."""
    state = None
    for event in events:
        if event["type"] not in SYSTEM_EVENTS:
            state = evolve(state, event)
    return state


def bench_fold(records, repeats: int):
    """Fold each record's events from scratch ``repeats`` times; return (median events/s, events, games)."""
    ruleset = RULESETS[RULESET_ID]
    evolve = ruleset.evolve
    logs = [r.events for r in records]
    total = sum(len(e) for e in logs)
    # Sanity: a fold from scratch gives the state the game ended in.
    for record in records[:20]:
        assert fold_events(evolve, record.events) == record.state, "fold differs from the live state"
    rates = []
    for _ in range(repeats):
        start = time.perf_counter()
        for events in logs:
            fold_events(evolve, events)
        rates.append(total / (time.perf_counter() - start))
    return statistics.median(rates), total, len(logs)
