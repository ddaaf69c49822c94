"""The reconciler: finds games whose bot or deadline job went missing and enqueues it again.

A worker crash, a Redis restart or a failed job can lose the job a game was
waiting on. Every ``interval_s`` the reconciler walks the active games (found
by scanning meta hashes, so a damaged index cannot hide one), repairs the
cross-game index from the meta, and re-enqueues what the pending decisions
need and no live job covers. Games that moved within the last ``grace_s``
seconds are left alone: their job is probably running right now. A deadline
enqueued again keeps the time it had left (the turn timeout less the age of
the game's last event), so a lost job never gives a seat a fresh deadline.

Each pass also stands in for a scheduler that is not working: a scheduled job
overdue by more than ``OVERDUE_S`` (RQ's scheduler moves due jobs every
second) is moved to the queue, and a scheduler lock left by a scheduler that
died on this host is released so a live worker's scheduler can take over.
A job left "started" by a dead worker counts as lost (``Dispatcher._alive``).
"""
from __future__ import annotations

import logging
import threading
import time
from collections import Counter

from redis.exceptions import ConnectionError as RedisConnectionError, TimeoutError as RedisTimeoutError
from rq import Queue
from rq.exceptions import NoSuchJobError
from rq.job import Job
from rq.registry import ScheduledJobRegistry
from rq.utils import current_timestamp

from events.commands.dispatch import DEADLINE_QUEUE, QUEUE_NAME, Dispatcher
from events.commands import metrics
from events.log.repository import DamagedLog, GameRepository
from events.log.store import EventStore, GameNotFound
from projections.archive import ARCHIVED_FIELD
from projections.rebuild import game_ids
from events.log.metahash import meta_from_hash
from workers.lifelines import release_dead_scheduler_locks

log = logging.getLogger("stranded.reconciler")


#: The wall clock the reconciler dates waits by (seconds since the epoch); tests replace it.
clock = time.time

#: Passes in which a game's reconciliation raised, by game id (the operator's signal of a damaged game).
FAILURES: Counter[str] = Counter()

#: Seconds past due after which the reconciler moves a scheduled job to the queue itself.
OVERDUE_S = 3


def reconcile(redis, prefix: str = "stranded", grace_s: float = 5.0, queue_redis=None) -> list[str]:
    """One pass over every game; returns the ids of the jobs it enqueued.

    ``redis``: the event store's client; ``queue_redis``: the queues' (default ``redis``).

    A game whose reconciliation raises (a damaged log, an option the
    scheduler cannot use) is logged with its id, counted in :data:`FAILURES`
    and skipped: it never stops the repair of the other games.
    """
    queue_redis = queue_redis if queue_redis is not None else redis
    release_dead_scheduler_locks(queue_redis, [DEADLINE_QUEUE, QUEUE_NAME])
    enqueued = enqueue_overdue(queue_redis, DEADLINE_QUEUE) + enqueue_overdue(queue_redis)
    store = EventStore(redis, prefix)
    repo, dispatcher = GameRepository(store), Dispatcher(redis, prefix, queue_redis=queue_redis)
    enqueued += dispatcher.free_stuck_lanes()
    for game_id in game_ids(store):
        try:
            enqueued += _reconcile_game(repo, dispatcher, game_id, grace_s)
        except DamagedLog as exc:
            FAILURES[game_id] += 1
            metrics.RECONCILER_SKIPS.labels("damaged").inc()
            log.warning("reconciler: skipping game %s: %s", game_id, exc.why)
        except Exception:  # one game's fault stays in that game
            FAILURES[game_id] += 1
            metrics.RECONCILER_SKIPS.labels("error").inc()
            log.exception("reconciler: game %s could not be reconciled (failure %d); going on",
                          game_id, FAILURES[game_id])
    metrics.RECONCILER_REPAIRS.inc(len(enqueued))
    if enqueued:
        log.info("reconciler re-enqueued %s", enqueued)
    return enqueued


def enqueue_overdue(redis, queue_name: str = QUEUE_NAME, overdue_s: float = OVERDUE_S) -> list[str]:
    """Move scheduled jobs of ``queue_name`` due more than ``overdue_s`` seconds ago to that queue;
    return their ids.

    Each job is claimed by removing it from the scheduled registry first (one
    remover wins), so two reconcilers never both enqueue it; should RQ's
    scheduler move it at the same moment, the job runs twice and the second
    run finds the game moved on.
    """
    registry = ScheduledJobRegistry(queue_name, connection=redis)
    queue = Queue(queue_name, connection=redis)
    moved = []
    for raw in registry.get_jobs_to_schedule(int(current_timestamp() - overdue_s)):
        job_id = raw.decode() if isinstance(raw, bytes) else raw
        if not registry.remove(job_id):
            continue                      # the scheduler (or another reconciler) took it
        try:
            queue.enqueue_job(Job.fetch(job_id, connection=redis))
        except NoSuchJobError:
            continue
        moved.append(job_id)
    if moved:
        log.warning("reconciler: the scheduler is late; enqueued overdue %s", moved)
    return moved


def _reconcile_game(repo: GameRepository, dispatcher: Dispatcher, game_id: str, grace_s: float) -> list[str]:
    raw = repo.store.get_meta(game_id)
    if not raw or ARCHIVED_FIELD in raw:      # gone, or archived: out of the lobby for good
        return []
    try:
        meta = meta_from_hash(game_id, raw)
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
    """Run :func:`reconcile` every ``interval_s`` seconds in a daemon thread (clients as there); a
    game's grace is the shorter of 5 s and one period, so a lost job is found within two periods."""

    def loop():
        while True:
            try:
                reconcile(redis, prefix, grace_s=min(5.0, interval_s), queue_redis=queue_redis)
            except (RedisConnectionError, RedisTimeoutError) as exc:
                log.warning("reconciler: Redis unreachable (%s); trying again in %s s", exc, interval_s)
            except Exception:  # keep reconciling whatever one pass met
                log.exception("reconciler pass failed")
            time.sleep(interval_s)

    thread = threading.Thread(target=loop, name="stranded-reconciler", daemon=True)
    thread.start()
    return thread
