"""The reconciler finds jobs lost to a dead scheduler, a dead worker or a lost Redis (FakeRedis and real)."""
from __future__ import annotations

import os
import socket
import subprocess
import time

from rq import Queue
from rq.job import Job, JobStatus

from events.commands.dispatch import DEADLINE_QUEUE, QUEUE_NAME, bot_job_id
from events.commands.handling import execute
from events.log.repository import GameRepository
from tests.workers.games import BOT, HUMAN, start_game
from workers.lifelines import release_dead_scheduler_locks
from workers.reconciler import enqueue_overdue, reconcile


def new_game(store, seats, **options):
    return start_game(store, seats, "lost", **options)


def bot_job_enqueued_by_the_reconciler(store) -> tuple[str, Queue]:
    game_id = new_game(store, [HUMAN, BOT])
    execute(GameRepository(store), game_id, 0, {"type": "Breathe"})       # the bot must act; no job yet
    [job_id] = reconcile(store.redis, grace_s=0)
    assert job_id == bot_job_id(game_id, store.version(game_id))
    return job_id, Queue(QUEUE_NAME, connection=store.redis)


def dead_pid() -> int:
    proc = subprocess.Popen(["true"])
    proc.wait()
    return proc.pid


def test_a_scheduled_job_the_scheduler_left_overdue_is_queued_once(store):
    # given a deadline job due 10 s ago still in the scheduled registry (no scheduler ran)
    new_game(store, [HUMAN, HUMAN], turn_timeout_s=30)
    queue = Queue(DEADLINE_QUEUE, connection=store.redis)
    [job_id] = queue.scheduled_job_registry.get_job_ids()
    store.redis.zadd(queue.scheduled_job_registry.key, {job_id: int(time.time()) - 10})
    # when the reconciler looks, then it queues the job, and only once
    assert enqueue_overdue(store.redis, DEADLINE_QUEUE) == [job_id]
    assert enqueue_overdue(store.redis, DEADLINE_QUEUE) == []
    assert queue.get_job_ids() == [job_id] and queue.scheduled_job_registry.get_job_ids() == []


def test_a_scheduled_job_not_yet_overdue_is_left_to_the_scheduler(store):
    new_game(store, [HUMAN, HUMAN], turn_timeout_s=30)
    assert enqueue_overdue(store.redis, DEADLINE_QUEUE) == []
    assert Queue(DEADLINE_QUEUE, connection=store.redis).count == 0


def test_a_job_left_started_by_a_dead_worker_is_enqueued_again(store):
    # given the bot job marked started by a worker that no longer exists, and off the queue
    job_id, queue = bot_job_enqueued_by_the_reconciler(store)
    queue.remove(job_id)
    Job.fetch(job_id, connection=store.redis).set_status(JobStatus.STARTED)
    store.redis.hset(f"rq:job:{job_id}", "worker_name", "ghost")
    # when the reconciler passes, then the job is enqueued again
    assert reconcile(store.redis, grace_s=0) == [job_id]
    assert queue.get_job_ids() == [job_id]


def test_a_job_started_by_a_live_worker_is_left_alone(store):
    # given the bot job started by a live worker of this host that lists it as running
    job_id, queue = bot_job_enqueued_by_the_reconciler(store)
    queue.remove(job_id)
    Job.fetch(job_id, connection=store.redis).set_status(JobStatus.STARTED)
    store.redis.hset(f"rq:job:{job_id}", "worker_name", "alive")
    store.redis.hset("rq:worker:alive", mapping={"pid": os.getpid(), "hostname": socket.gethostname()})
    store.redis.sadd("rq:worker:alive:executions", f"{job_id}:exec1")
    # then the reconciler enqueues nothing
    assert reconcile(store.redis, grace_s=0) == []


def test_a_job_marked_queued_but_in_no_queue_is_enqueued_again(store):
    # given the bot job taken off the queue by a worker that lost Redis before starting it
    job_id, queue = bot_job_enqueued_by_the_reconciler(store)
    store.redis.lrem(queue.key, 0, job_id)
    assert Job.fetch(job_id, connection=store.redis).get_status() == JobStatus.QUEUED
    # then the reconciler enqueues it again
    assert reconcile(store.redis, grace_s=0) == [job_id]


def test_the_lock_of_a_scheduler_that_died_on_this_host_is_released(store):
    # given the scheduler lock held by a scheduler whose process is gone
    store.redis.set("rq:scheduler-lock:stranded", "dead-one")
    store.redis.hset("rq:scheduler:dead-one", mapping={"pid": dead_pid(), "hostname": socket.gethostname()})
    # then it is released at once
    assert release_dead_scheduler_locks(store.redis, [QUEUE_NAME]) == [QUEUE_NAME]
    assert store.redis.get("rq:scheduler-lock:stranded") is None


def test_the_lock_of_a_live_or_remote_scheduler_is_kept(store):
    store.redis.set("rq:scheduler-lock:stranded", "live-one")
    store.redis.hset("rq:scheduler:live-one", mapping={"pid": os.getpid(), "hostname": socket.gethostname()})
    assert release_dead_scheduler_locks(store.redis, [QUEUE_NAME]) == []
    store.redis.hset("rq:scheduler:live-one", mapping={"pid": dead_pid(), "hostname": "another-host"})
    assert release_dead_scheduler_locks(store.redis, [QUEUE_NAME]) == []
    assert store.redis.get("rq:scheduler-lock:stranded") == b"live-one"
