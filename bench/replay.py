"""Replay figures: ``rebuild`` and ``verify`` over many finished games read from Redis.

The games are played in process (``events.commands.simulation.play_game``, 4 random bots)
and written to Redis as the service writes them -- stream layout 2, chained
batches, the meta hash, GameCreated first and SeedRevealed last -- but with
pipelined ``XADD`` rather than one script call per batch, so setting up 1,000
games takes seconds. Then ``projections.rebuild.rebuild_all`` (1 and 2
processes) and ``projections.audit.verify`` read them back.
"""
from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import time

from bench.common import ROOT
from events.log import chain
from events.log.codec import FIELDS, BatchHeader, encode_batch, iso, now_ms
from events.commands.handling import game_created
from events.games import RULESETS
from events.table.meta import GameMeta
from events.table.randomness import new_audit_key
from events.commands.simulation import play_game
from events.log.store import EventStore
from events.table.system import public_seat
from projections.audit import verify
from projections.rebuild import rebuild_all
from events.log.metahash import meta_to_hash


def store_games(store: EventStore, ruleset_id: str, games: int, seats: int = 4, prefix: str = "replay") -> list[str]:
    """Play ``games`` games of ``ruleset_id`` with random bots and write each as the service
    would have; returns their ids."""
    ruleset = RULESETS[ruleset_id]
    ids = []
    for i in range(games):
        seed, game_id, audit_key = f"{prefix}-seed-{i:07d}", f"{prefix}-{i}", new_audit_key()
        batches: list[list[dict]] = []
        record = play_game(ruleset, ["random"] * seats, seed, on_step=lambda state, batch: batches.append(list(batch)))
        public = [public_seat({"name": f"Bot {s}", "bot": "random"}) for s in range(seats)]
        created = game_created(ruleset, public, {"seed": seed}, seed, audit_key)
        commands = [(None, {"type": "CreateGame"})]
        commands += record.commands
        batches[0] = [created] + batches[0]
        batches[-1] = batches[-1] + [{"type": "SeedRevealed", "data": {"seed": seed, "audit_key": audit_key,
                                                                        "options": {"seed": seed}}}]
        pipe = store.redis.pipeline(transaction=False)
        key_bytes = bytes.fromhex(audit_key)
        head, version, ts = chain.genesis(game_id, key_bytes), 0, now_ms()
        key = store.key(game_id, "events")
        for (seat, command), events in zip(commands, batches):
            header = BatchHeader(seat, "system" if seat is None else "bot", ts, command)
            encoded = encode_batch(game_id, version + 1, events, header, head, key_bytes)
            for offset, entry in enumerate(encoded.entries, start=1):
                pipe.xadd(key, dict(zip(FIELDS, entry)), id=f"{version + offset}-0")
            head, version = encoded.head, version + len(events)
        meta = GameMeta(game_id, ruleset_id, "finished", iso(ts), seed,
                        [{**p, "auto_pass": False} for p in public], {"seed": seed}, record.outcome,
                        ruleset.version, audit_key)
        pipe.hset(store.key(game_id, "meta"), mapping=meta_to_hash(meta))
        pipe.execute()
        ids.append(game_id)
    return ids


def bench_rebuild(store: EventStore, url: str, jobs: int, repeats: int = 3) -> tuple[float, int]:
    """``rebuild_all`` over every game under the store's prefix, ``repeats`` times, in a fresh
    process as ``stranded rebuild --jobs N`` runs (this one has played thousands of games by
    now, and forking its heap would be timed too); returns (median events/s, events). A run
    of a third of a second is at the mercy of a busy machine, hence the median. The first
    rebuild of a store written by :func:`store_games` writes every snapshot; later ones find
    them current and write nothing (the case of a repair run over an intact store)."""
    return _in_fresh_process(store, url, jobs, repeats, "rebuild")


def _in_fresh_process(store: EventStore, url: str, jobs: int, repeats: int, kind: str) -> tuple[float, int]:
    """Run ``python -m bench.replay URL PREFIX JOBS REPEATS KIND`` and return its (median events/s, events)."""
    args = [sys.executable, "-m", "bench.replay", url, store.prefix, str(jobs), str(repeats), kind]
    out = subprocess.run(args, cwd=str(ROOT), env=dict(os.environ, PYTHONPATH=str(ROOT)), check=True,
                         capture_output=True, text=True, timeout=600).stdout
    result = json.loads(out.strip().splitlines()[-1])
    return result["events_per_s"], result["events"]


def _timed(url: str, prefix: str, repeats: int, run) -> dict:
    """Time ``run(store)`` (which returns the events it went over) ``repeats`` times in this
    process, on a store of its own: ``{"events_per_s": median, "events", "rates"}``."""
    from events.log.connection import connect

    store = EventStore(connect(url), prefix)
    rates = []
    for _ in range(repeats):
        start = time.perf_counter()
        events = run(store)
        rates.append(events / (time.perf_counter() - start))
    return {"events_per_s": statistics.median(rates), "events": events, "rates": rates}


def _rebuild_rates(url: str, prefix: str, jobs: int, repeats: int) -> dict:
    """Time ``rebuild_all`` (:func:`_timed`); every game must rebuild undamaged."""
    def run(store: EventStore) -> int:
        report = rebuild_all(store, jobs=jobs, url=url)
        assert not report.damaged, report.damaged
        return report.events
    return _timed(url, prefix, repeats, run)


def bench_verify(store: EventStore, ids: list[str]) -> tuple[float, int]:
    """``verify`` of each game, in process; returns (events/s, events)."""
    events = 0
    start = time.perf_counter()
    for game_id in ids:
        report = verify(store, game_id)
        assert report.ok, report.problems
        events += report.events
    return events / (time.perf_counter() - start), events


def bench_verify_all(store: EventStore, url: str, jobs: int, repeats: int = 3) -> tuple[float, int]:
    """``verify_all`` (``stranded verify --all --jobs N``) over every game under the store's prefix,
    ``repeats`` times in a fresh process, as :func:`bench_rebuild` times a rebuild; returns (median
    events/s, events). Every verdict must be verified."""
    return _in_fresh_process(store, url, jobs, repeats, "verify")


def _verify_all_rates(url: str, prefix: str, jobs: int, repeats: int) -> dict:
    """Time ``verify_all`` (:func:`_timed`) with the collector tuned first, as ``stranded verify
    --all`` runs it (``service.cli.serving.tune_gc``); every game must verify."""
    from projections.audit_all import verify_all
    from service.cli.serving import tune_gc

    tune_gc()

    def run(store: EventStore) -> int:
        verdicts = verify_all(store, jobs=jobs, url=url)
        assert all(v.code == 0 for v in verdicts.values()), [v.problems for v in verdicts.values() if v.problems]
        return sum(v.events for v in verdicts.values())
    return _timed(url, prefix, repeats, run)


if __name__ == "__main__":      # python -m bench.replay URL PREFIX JOBS REPEATS rebuild|verify: one JSON line
    rates = _verify_all_rates if sys.argv[5:] == ["verify"] else _rebuild_rates
    print(json.dumps(rates(sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))))
