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
from datetime import datetime

from events.dispatch import Dispatcher
from events.games import get_ruleset
from events.handling import load_meta
from events.snapshots import load_state
from events.store import EventStore, GameNotFound
from projections.rebuild import game_ids

log = logging.getLogger("stranded.reconciler")


def _age_s(ts: str) -> float:
    try:
        return time.time() - datetime.fromisoformat(ts.replace("Z", "+00:00")).timestamp()
    except ValueError:
        return float("inf")


def reconcile(redis, prefix: str = "stranded", grace_s: float = 5.0) -> list[str]:
    """One pass over every game; returns the ids of the jobs it enqueued."""
    store, dispatcher = EventStore(redis, prefix), Dispatcher(redis, prefix)
    enqueued = []
    for game_id in game_ids(store):
        try:
            meta = load_meta(store, game_id)
        except GameNotFound:
            continue
        dispatcher.index(meta)
        if meta.status != "active":
            continue
        ruleset = get_ruleset(meta.ruleset)
        loaded = load_state(store, ruleset, game_id)
        last = store.read(game_id, after=loaded.version - 1)
        age = _age_s(last[-1].ts) if last else None    # None: no event to date the wait from
        if age is not None and age < grace_s:
            continue
        enqueued += dispatcher.schedule(meta, loaded.state, loaded.version, only_missing=True,
                                        elapsed_s=age or 0.0)
    if enqueued:
        log.info("reconciler re-enqueued %s", enqueued)
    return enqueued


def start_thread(redis, prefix: str = "stranded", interval_s: float = 5.0) -> threading.Thread:
    """Run :func:`reconcile` every ``interval_s`` seconds in a daemon thread."""

    def loop():
        while True:
            try:
                reconcile(redis, prefix)
            except Exception:  # keep reconciling whatever one pass met
                log.exception("reconciler pass failed")
            time.sleep(interval_s)

    thread = threading.Thread(target=loop, name="stranded-reconciler", daemon=True)
    thread.start()
    return thread
