"""The worker process: an RQ worker with its scheduler, plus the reconciler.

Run it with ``stranded worker`` (or ``python -m workers``) against
``REDIS_URL``; ``rq worker --with-scheduler stranded-deadlines stranded stranded-audit`` works
too (the queues in that order: deadlines first), without the reconciler and without the fault
handling below. The queues are on
``STRANDED_QUEUE_URL`` when set (required on a Redis Cluster:
``events.log.connection``), else on ``REDIS_URL``.

Faults (``docs/faults.md``): when Redis goes away (a restart, a failover) RQ's
work loop ends with a connection error; this process logs one line, waits
(0.5 s doubling up to 5 s) and starts a fresh RQ worker on the same
connection, for as long as it takes: it never exits for a lost Redis. The
processes it forks (the scheduler, the work-horse) die with it
(``workers.lifelines``).
"""
from __future__ import annotations

import logging
import signal
import threading
import time

import click
from redis.exceptions import ConnectionError as RedisConnectionError, TimeoutError as RedisTimeoutError
from rq import Queue, Worker

from events import settings
from events.log.connection import connect, connect_queue, separate_queue
from events.commands.dispatch import WORKER_QUEUES
from workers import jobs
from workers.lifelines import die_with_parent, release_dead_scheduler_locks
from workers.reconciler import start_thread

log = logging.getLogger("stranded.workers")

#: Seconds between RQ's maintenance passes (registry cleaning, restarting a dead scheduler).
MAINTENANCE_S = 10
#: RQ's worker registration TTL (seconds); an idle worker wakes every ``WORKER_TTL_S - 15``
#: seconds, so maintenance (and a scheduler that died with a Redis restart) is never far off.
WORKER_TTL_S = 20
#: First and largest wait (seconds) before starting a fresh RQ worker after Redis went away.
BACKOFF_FIRST_S, BACKOFF_MAX_S = 0.5, 5.0
#: A work loop that ran this long (seconds) before failing starts the backoff afresh.
STEADY_S = 30.0


def run(url: str | None = None, burst: bool = False, reconcile_every_s: float = 5.0) -> None:
    """Work the queues (:data:`events.commands.dispatch.WORKER_QUEUES`, in that order: deadlines, which need
    the scheduler, then bots, then audits) until stopped, or until empty
    with ``burst`` (then one line says how many jobs it did); a lost Redis is waited out, never
    a reason to exit, except in a burst, which exits 1 saying Redis does not answer."""
    die_with_parent()
    redis = connect(url)
    queue = connect_queue() if separate_queue() else redis
    jobs.store_client = redis if queue is not redis else None
    if burst:       # a burst is one pass: a Redis that does not answer ends it before anything starts
        try:
            queue.ping()
            redis.ping()
        except (RedisConnectionError, RedisTimeoutError) as exc:
            raise SystemExit(f"worker --burst: Redis does not answer ({exc}); nothing was done") from None
    if reconcile_every_s > 0:
        start_thread(redis, interval_s=reconcile_every_s, queue_redis=queue)
    stop = threading.Event()
    delay, previous = BACKOFF_FIRST_S, None
    while not stop.is_set():
        started = time.monotonic()
        worker = None
        try:
            if previous is not None:
                _bury(previous)
                previous = None
            release_dead_scheduler_locks(queue, list(WORKER_QUEUES))
            worker = Worker([Queue(name, connection=queue) for name in WORKER_QUEUES],   # deadlines first
                            connection=queue,
                            maintenance_interval=MAINTENANCE_S, worker_ttl=WORKER_TTL_S)
            worker.work(with_scheduler=True, burst=burst, logging_level="WARNING")
            if burst:
                log.info("worker --burst: the queue is empty; %d job(s) done, %d failed",
                         worker.successful_job_count, worker.failed_job_count)
                return
            if _stopping(worker):
                return
            why = "the work loop ended"
        except (RedisConnectionError, RedisTimeoutError) as exc:
            if worker is not None and _stopping(worker):
                return
            if burst:       # a burst is one pass over the queue: nothing to wait for
                raise SystemExit(f"worker --burst: Redis does not answer ({exc}); nothing was done") from None
            why = f"Redis unreachable: {exc}"
        if worker is not None:
            previous = worker
        if time.monotonic() - started > STEADY_S:
            delay = BACKOFF_FIRST_S
        log.warning("worker: %s; starting a fresh worker in %.1f s", why, delay)
        _stop_on_signal(stop)
        if stop.wait(delay):
            return
        delay = min(delay * 2, BACKOFF_MAX_S)


def _stopping(worker: Worker) -> bool:
    """Whether the RQ worker was asked to stop (SIGTERM or SIGINT): RQ marks it stopping
    while a job runs, and only dates the request when the worker was idle."""
    return bool(worker._stop_requested or worker._shutdown_requested_date is not None)


def _bury(worker: Worker) -> None:
    """Tidy up after an RQ worker whose loop Redis broke: stop its scheduler process and
    register its death, so jobs it left "started" count as lost (``Dispatcher._alive``).
    Raises a Redis error while Redis is still away (the caller waits and tries again)."""
    scheduler = worker.scheduler
    if scheduler is not None and scheduler._process is not None and scheduler._process.is_alive():
        scheduler._process.kill()
        scheduler._process.join(5)
    worker.register_death()


def _stop_on_signal(stop: threading.Event) -> None:
    """While waiting for Redis, SIGTERM or SIGINT ends the process (the RQ worker's own
    handlers are gone with its loop)."""
    if threading.current_thread() is threading.main_thread():
        for sig in (signal.SIGTERM, signal.SIGINT):
            signal.signal(sig, lambda *_: stop.set())


@click.command()
@click.option("--url", envvar="REDIS_URL", required=True, help="Redis URL (default: $REDIS_URL).")
@click.option("--burst", is_flag=True, help="Stop when the queue is empty.")
@click.option("--reconcile-every", "reconcile_every_s", default=lambda: settings.read().reconcile_every_s, show_default="5, or $STRANDED_RECONCILE_EVERY",
              type=float, help="Seconds between reconciler passes (0: none).")
def main(url, burst, reconcile_every_s):
    """Run a Stranded worker: bot turns, deadlines and the reconciler."""
    logging.basicConfig(level=settings.read().log_level,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    run(url, burst, reconcile_every_s)
