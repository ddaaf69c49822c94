"""The worker process: an RQ worker with its scheduler, plus the reconciler.

Run it with ``stranded worker`` (or ``python -m workers``) against
``REDIS_URL``; ``rq worker --with-scheduler stranded`` works too, without the
reconciler. The queues are on ``STRANDED_QUEUE_URL`` when set (required on a
Redis Cluster: ``events.connection``), else on ``REDIS_URL``.
"""
from __future__ import annotations

import logging
import os

import click
from rq import Queue, Worker

from events.connection import connect, connect_queue, separate_queue
from events.dispatch import QUEUE_NAME
from workers import jobs
from workers.reconciler import start_thread


def run(url: str | None = None, burst: bool = False, reconcile_every_s: float = 5.0) -> None:
    """Work the ``stranded`` queue (deadlines need the scheduler) until stopped, or until empty with ``burst``."""
    redis = connect(url)
    queue = connect_queue() if separate_queue() else redis
    jobs.store_client = redis if queue is not redis else None
    if reconcile_every_s > 0:
        start_thread(redis, interval_s=reconcile_every_s, queue_redis=queue)
    worker = Worker([Queue(QUEUE_NAME, connection=queue)], connection=queue)
    worker.work(with_scheduler=True, burst=burst, logging_level="WARNING")


@click.command()
@click.option("--url", envvar="REDIS_URL", required=True, help="Redis URL (default: $REDIS_URL).")
@click.option("--burst", is_flag=True, help="Stop when the queue is empty.")
@click.option("--reconcile-every", "reconcile_every_s", default=5.0, show_default=True,
              help="Seconds between reconciler passes (0: none).")
def main(url, burst, reconcile_every_s):
    """Run a Stranded worker: bot turns, deadlines and the reconciler."""
    logging.basicConfig(level=os.environ.get("STRANDED_LOG", "INFO"))
    run(url, burst, reconcile_every_s)
