"""Figures 1 and 2: self-play and fold speed, in process, no Redis."""
from __future__ import annotations

import statistics
import time

from bench.common import RULESET_ID
from events.games import RULESETS
from events.commands.simulation import play_game
from events.log.snapshots import SYSTEM_EVENTS


def bench_self_play(games: int, ruleset_id: str = RULESET_ID, policy: str = "random", seats: int = 4):
    """Play ``games`` whole games with ``seats`` bots of ``policy``; return (games per CPU
    second of this process, events/game). CPU time (not wall time) makes the figure robust
    to other load on the machine. Each record is dropped once its events are counted, as
    ``stranded simulate`` drops it once summarised: keeping them all would time the garbage
    collector's scans of a growing heap, not the games (``fold_records`` plays the fold's)."""
    ruleset = RULESETS[ruleset_id]
    policies = [policy] * seats
    events = 0
    start = time.process_time()
    for i in range(games):
        events += len(play_game(ruleset, policies, f"bench-{i}").events)
    elapsed = time.process_time() - start
    return games / elapsed, events / games


def fold_records(games: int, ruleset_id: str = RULESET_ID, seats: int = 4) -> list:
    """The records of the first ``games`` games ``bench_self_play`` plays (4 random bots,
    seeds ``bench-<i>``), played again untimed for ``bench_fold``."""
    ruleset = RULESETS[ruleset_id]
    return [play_game(ruleset, ["random"] * seats, f"bench-{i}") for i in range(games)]


#: The table every ruleset's self-play is measured at: (ruleset, seats, games full, games quick).
SELFPLAY_TABLES = (("selfish-space", 4, 1000, 150), ("selfish-zombie", 4, 300, 40),
                   ("one-against-the-dead", 1, 300, 40), ("zombies-quickplay", 2, 30, 4))


def bench_self_play_all(quick: bool) -> dict:
    """Games per CPU second of every ruleset with random and with strong bots:
    ``{ruleset: {"random": x, "strong": y, "seats": n}}``."""
    out = {}
    for ruleset_id, seats, full, short in SELFPLAY_TABLES:
        games = short if quick else full
        out[ruleset_id] = {"seats": seats}
        for policy in ("random", "strong"):
            out[ruleset_id][policy] = bench_self_play(max(2, games if policy == "random" else games // 3),
                                                      ruleset_id, policy, seats)[0]
    return out


def fold_events(evolve, events):
    """``events.log.snapshots.fold`` over plain event dicts (what it does with envelopes)."""
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
