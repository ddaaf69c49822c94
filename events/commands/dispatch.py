"""After every append: who must act next, and the job that makes sure they do.

A bot seat gets a bot job (``workers.jobs.play_bots``; its id names game and
version). A human seat gets a deadline job (``workers.jobs.deadline``) after the
seat's timeout for that decision (``events.table.meta.decision_timeout_s``): turns
and choices when the game has a ``turn_timeout_s``, reaction windows always
(30 s by default; at once for a seat that set ``auto_pass``). In a game with
a clock (``events.table.clocks``) a turn or a choice ends when the seat's time
runs out, if that comes first (``events.table.clocks.seconds_left`` caps the
delay); reaction windows keep their own timeout. Jobs carry the version they were made for and do nothing
when the game has moved on. Jobs are enqueued by dotted path, so neither the
service nor this module imports ``workers``. Their results are not kept
(:data:`JOB_OPTIONS`): what a job did is in the game's stream, and RQ deletes a
finished job's record at once instead of holding it (and its result stream)
for 500 s -- at a thousand bot jobs a second that was some half a million
records in Redis. A failed job (one that raised, or was abandoned by a worker
that died: the reconciler enqueues the work again) stays in RQ's failed
registry for the operator for a week, not RQ's default of a year.

The cross-game index (``events.log.index``) lives outside the games' slots and is
written here, after the append; the reconciler repairs it from the meta hashes.
The index is kept in the event store; the jobs go to the queue connection,
which is another (plain) Redis when the store is a cluster
(``events.log.connection``).
"""
from __future__ import annotations

import os
import socket
from datetime import timedelta

from rq import Queue

from events.commands import audit_work
from events.table.clocks import CLOCKED, seconds_left
from events.log.codec import now_ms
from events.commands.fairness import FairBots, lane_of, parse_spec, spec
from events.games import get_ruleset
from events.log.index import GameIndex
from events.table.meta import OVER, GameMeta
from events.log.repository import CommandResult
from events.log.snapshots import SYSTEM_EVENTS
from events.log.store import EventStore

#: The queue of bot jobs (``workers.jobs.play_bots``), shared fairly among creators (``events.commands.fairness``).
QUEUE_NAME = "stranded"
#: The queue of deadline jobs: apart from the bots', and served first by every worker
#: (``workers.main``), so a deadline fires on time however many bot jobs wait.
DEADLINE_QUEUE = "stranded-deadlines"
#: Every queue a worker serves, in the order it serves them: deadlines, bots, then audits.
WORKER_QUEUES = (DEADLINE_QUEUE, QUEUE_NAME, audit_work.AUDIT_QUEUE)
#: Deadlines further off than this (seconds) are left to the reconciler until they come this near.
LONG_DEADLINE_S = 300.0
BOT_JOB = "workers.jobs.play_bots"
DEADLINE_JOB = "workers.jobs.deadline"
#: What every bot and deadline job is enqueued with: nothing kept once it finishes (``result_ttl``),
#: a failure kept a week (``failure_ttl``, seconds).
JOB_OPTIONS = {"result_ttl": 0, "failure_ttl": 7 * 24 * 3600}


def bot_job_id(game_id: str, version: int) -> str:
    """The id of the bot job for ``game_id`` at ``version``."""
    return f"bot-{game_id}-{version}"


def deadline_job_id(game_id: str, version: int, seat: int) -> str:
    """The id of the deadline job for ``seat`` of ``game_id`` at ``version``."""
    return f"deadline-{game_id}-{version}-{seat}"


class Dispatcher:
    """Schedules the next actor's job and keeps the cross-game index.

    Args:
        redis: the event store's client (the index lives there).
        prefix: key prefix of the index (the store's prefix).
        queue_name: the RQ queue of bot jobs (deadline jobs go to :data:`DEADLINE_QUEUE`).
        queue_redis: a plain Redis client for the queues (``STRANDED_QUEUE_URL``);
            default ``redis`` (one Redis holds everything).
    """

    def __init__(self, redis, prefix: str = "stranded", queue_name: str = QUEUE_NAME, queue_redis=None):
        self.redis = redis
        self.prefix = prefix
        self.queue_redis = queue_redis if queue_redis is not None else redis
        self.queue = Queue(queue_name, connection=self.queue_redis)
        self.deadlines = Queue(DEADLINE_QUEUE, connection=self.queue_redis)
        self.fair = FairBots(self.queue_redis)
        self.games = GameIndex(redis, prefix)

    def index(self, meta: GameMeta) -> None:
        """Put ``meta``'s game in the lobby's lists of its status and ruleset."""
        self.games.record(meta)

    # -- after an append ---------------------------------------------------
    def after_append(self, result: CommandResult, *, from_bot: bool = False) -> None:
        """Index a status change and schedule whoever must act at ``result.last_version``.

        ``from_bot``: the caller is a bot job that goes on playing itself, so
        no new bot job is enqueued.
        """
        if result.duplicate:
            return
        if any(e.type in SYSTEM_EVENTS for e in result.envelopes):
            self.index(result.meta)
        if result.meta.status in OVER:                 # its final verdict, before anyone asks for it
            audit_work.ask(EventStore(self.redis, self.prefix), self.queue_redis, "verification",
                           result.game_id, result.last_version, final=True)
        if result.meta.status != "active":
            return
        self.schedule(result.meta, result.state, result.last_version, from_bot=from_bot, clocks=result.clocks)

    def schedule(self, meta: GameMeta, state, version: int, *, from_bot: bool = False,
                 only_missing: bool = False, elapsed_s: float = 0.0, clocks: dict | None = None) -> list[str]:
        """Enqueue the jobs the pending decisions at ``version`` need; return their ids.

        ``only_missing``: enqueue only jobs that are not already queued,
        scheduled or running (the reconciler's mode). ``elapsed_s``: seconds
        the decisions have already waited (the age of the last event), taken
        off each deadline so a re-enqueued deadline keeps its time, not a
        fresh one (never below zero). A deadline further off than
        :data:`LONG_DEADLINE_S` gets no job yet: the reconciler, which looks
        at every active game every few seconds, enqueues it once it is that
        near (so a day-long default costs no job per command). ``clocks``: the game's time banks at
        ``version`` (``events.table.clocks``; None without a clock): a turn or a
        choice is due when the seat's time runs out, if that is sooner than
        its timeout (a running clock is charged up to now, so ``elapsed_s``
        is not taken off it again).
        """
        ruleset = get_ruleset(meta.ruleset)
        enqueued = []
        bot_pending = False
        for decision in ruleset.pending(state):
            if meta.seats[decision.seat].get("bot"):
                bot_pending = True
                continue
            delay = meta.seat_timeout(decision.seat, decision.kind)
            if delay is not None:
                delay = max(0.0, delay - elapsed_s)
            left = seconds_left(clocks, decision.seat, now_ms()) if _clock_runs(clocks, decision) else None
            if left is not None and (delay is None or left < delay):
                delay = left
            if delay is None:
                continue
            if delay > LONG_DEADLINE_S:
                continue                  # the reconciler enqueues it once it is this near (every pass)
            job_id = deadline_job_id(meta.game_id, version, decision.seat)
            if only_missing and self._alive(job_id):
                continue
            args = (meta.game_id, version, decision.seat)
            if delay <= 0:
                self.deadlines.enqueue(DEADLINE_JOB, args=args, kwargs=self._job_kwargs, job_id=job_id,
                                       **JOB_OPTIONS)
            else:
                self.deadlines.enqueue_in(timedelta(seconds=delay), DEADLINE_JOB, args=args,
                                          kwargs=self._job_kwargs, job_id=job_id, **JOB_OPTIONS)
            enqueued.append(job_id)
        if bot_pending and not from_bot:
            job_id = bot_job_id(meta.game_id, version)
            lane = lane_of(meta.creator, meta.game_id)
            if not (only_missing and (self._alive(job_id)
                                      or self.fair.deferred(lane, spec(meta.game_id, version, self.prefix)))):
                self.submit_bots(lane, meta.game_id, version)
                enqueued.append(job_id)
        return enqueued

    def submit_bots(self, lane: str, game_id: str, version: int) -> bool:
        """Put the bot job of ``game_id`` at ``version`` in the bot queue, or defer it behind the
        other jobs of its ``lane`` when the lane has one waiting already (``events.commands.fairness``);
        True when it was enqueued now."""
        if not self.fair.admit(lane, spec(game_id, version, self.prefix)):
            return False
        self.enqueue_bots(lane, game_id, version)
        return True

    def enqueue_bots(self, lane: str, game_id: str, version: int) -> None:
        """Enqueue the bot job of ``game_id`` at ``version`` (its lane already let it in)."""
        self.queue.enqueue(BOT_JOB, args=(game_id, version), kwargs={**self._job_kwargs, "lane": lane},
                           job_id=bot_job_id(game_id, version), **JOB_OPTIONS)

    def bot_started(self, lane: str | None, game_id: str, version: int) -> None:
        """A bot job of ``lane`` started: let the lane's next deferred job into the queue
        (``events.commands.fairness.FairBots.started``). A job enqueued before lanes existed has none."""
        if lane is None:
            return
        nxt = self.fair.started(lane, spec(game_id, version, self.prefix))
        if nxt is not None:
            prefix, next_game, next_version = parse_spec(nxt)
            Dispatcher(self.redis, prefix, queue_redis=self.queue_redis).enqueue_bots(lane, next_game, next_version)

    def free_stuck_lanes(self) -> list[str]:
        """Let in the next job of every lane whose waiting bot job was lost (the reconciler's
        repair, ``events.commands.fairness.FairBots.repair``); returns the ids of the jobs enqueued."""
        def alive(waiting: str) -> bool:
            _, game_id, version = parse_spec(waiting)
            return self._alive(bot_job_id(game_id, version))

        enqueued = []
        for lane, nxt in self.fair.repair(alive):
            prefix, game_id, version = parse_spec(nxt)
            Dispatcher(self.redis, prefix, queue_redis=self.queue_redis).enqueue_bots(lane, game_id, version)
            enqueued.append(bot_job_id(game_id, version))
        return enqueued

    @property
    def _job_kwargs(self) -> dict:
        """What a job needs besides game and version: the key prefix, when it is not the default."""
        return {} if self.prefix == "stranded" else {"prefix": self.prefix}

    def _alive(self, job_id: str) -> bool:
        """Whether ``job_id`` is waiting in the queue, scheduled, or running in a worker that is
        still alive. A job left "started" by a worker that died, or "queued" but in no queue
        (taken by a worker that then lost Redis), is not alive."""
        from rq.exceptions import NoSuchJobError
        from rq.job import Job, JobStatus

        try:
            job = Job.fetch(job_id, connection=self.queue_redis)
        except NoSuchJobError:
            return False
        status = job.get_status()
        if status == JobStatus.STARTED:
            return worker_alive(self.queue_redis, job.worker_name) and _runs(self.queue_redis, job.worker_name, job_id)
        if status == JobStatus.QUEUED:         # a job taken off the queue by a worker that then lost Redis
            key = f"{Queue.redis_queue_namespace_prefix}{job.origin}"    # stays "queued" but is in no queue
            return self.queue_redis.lpos(key, job_id) is not None
        return status in (JobStatus.SCHEDULED, JobStatus.DEFERRED)


def worker_alive(redis, name: str | None) -> bool:
    """Whether the RQ worker ``name`` is alive: registered, not dead, and -- when it runs on
    this host -- its process still exists. A worker on another host counts as alive while its
    registration lasts (its heartbeat keeps it)."""
    if not name:
        return False
    info = {_text(k): _text(v) for k, v in redis.hgetall(f"rq:worker:{name}").items()}
    if not info or info.get("death"):
        return False
    if info.get("hostname") != socket.gethostname() or not info.get("pid", "").isdigit():
        return True
    try:
        os.kill(int(info["pid"]), 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _runs(redis, worker_name: str, job_id: str) -> bool:
    """Whether worker ``worker_name`` still lists ``job_id`` among the jobs it is executing."""
    from rq.executions import WORKER_EXECUTIONS_KEY_TEMPLATE

    members = redis.smembers(WORKER_EXECUTIONS_KEY_TEMPLATE.format(worker_name))
    return any(_text(m).startswith(f"{job_id}:") for m in members)


def _text(value) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)


def _clock_runs(clocks: dict | None, decision) -> bool:
    """Whether the seat's clock runs for ``decision``: a turn or a choice, and the clock started
    when the game began waiting on it (``events.table.clocks.advance``)."""
    clock = (clocks or {}).get(str(decision.seat))
    return decision.kind in CLOCKED and clock is not None and clock.get("running_since_ms") is not None
