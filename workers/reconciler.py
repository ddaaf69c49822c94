"""The reconciler: finds games whose bot or deadline job went missing and enqueues it again.

A worker crash, a Redis restart or a failed job can lose the job a game was
waiting on. Every ``interval_s`` the reconciler walks the active games (found
by scanning meta hashes, so a damaged index cannot hide one), repairs the
cross-game index from the meta, and re-enqueues what the pending decisions
need and no live job covers. Games that moved within the last ``grace_s``
seconds are left alone: their job is probably running right now. A deadline
enqueued again keeps the time it had left (the turn timeout less the age of
the game's last event), so a lost job never gives a seat a fresh deadline.
"""
from __future__ import annotations

import logging
import threading
import time
from collections import Counter

from events.dispatch import Dispatcher
from events.meta import GameMeta
from events.repository import DamagedLog, GameRepository
from events.store import EventStore, GameNotFound
from projections.rebuild import game_ids

log = logging.getLogger("stranded.reconciler")


#: The wall clock the reconciler dates waits by (seconds since the epoch); tests replace it.
clock = time.time

#: Passes in which a game's reconciliation raised, by game id (the operator's signal of a damaged game).
FAILURES: Counter[str] = Counter()


def reconcile(redis, prefix: str = "stranded", grace_s: float = 5.0, queue_redis=None) -> list[str]:
    """One pass over every game; returns the ids of the jobs it enqueued.

    ``redis``: the event store's client; ``queue_redis``: the queues' (default ``redis``).

    A game whose reconciliation raises (a damaged log, an option the
    scheduler cannot use) is logged with its id, counted in :data:`FAILURES`
    and skipped: it never stops the repair of the other games.
    """
    store = EventStore(redis, prefix)
    repo, dispatcher = GameRepository(store), Dispatcher(redis, prefix, queue_redis=queue_redis)
    enqueued = []
    for game_id in game_ids(store):
        try:
            enqueued += _reconcile_game(repo, dispatcher, game_id, grace_s)
        except DamagedLog as exc:
            FAILURES[game_id] += 1
            log.warning("reconciler: skipping game %s: %s", game_id, exc.why)
        except Exception:  # one game's fault stays in that game
            FAILURES[game_id] += 1
            log.exception("reconciler: game %s could not be reconciled (failure %d); going on",
                          game_id, FAILURES[game_id])
    if enqueued:
        log.info("reconciler re-enqueued %s", enqueued)
    return enqueued


def _reconcile_game(repo: GameRepository, dispatcher: Dispatcher, game_id: str, grace_s: float) -> list[str]:
    try:
        meta = GameMeta.from_hash(game_id, repo.store.get_meta(game_id))
    except GameNotFound:
        return []
    dispatcher.index(meta)
    if meta.status != "active":
        return []
    game = repo.get(game_id)
    age = None if game.updated_ms is None else max(0.0, clock() - game.updated_ms / 1000)
    if age is not None and age < grace_s:
        return []
    return dispatcher.schedule(game.meta, game.state, game.version, only_missing=True, elapsed_s=age or 0.0,
                               clocks=game.clocks)


def start_thread(redis, prefix: str = "stranded", interval_s: float = 5.0, queue_redis=None) -> threading.Thread:
    """Run :func:`reconcile` every ``interval_s`` seconds in a daemon thread (clients as there)."""

    def loop():
        while True:
            try:
                reconcile(redis, prefix, queue_redis=queue_redis)
            except Exception:  # keep reconciling whatever one pass met
                log.exception("reconciler pass failed")
            time.sleep(interval_s)

    thread = threading.Thread(target=loop, name="stranded-reconciler", daemon=True)
    thread.start()
    return thread
