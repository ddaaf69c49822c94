"""The RQ jobs: bots playing their seats, and deadlines acting for idle humans.

Every job carries the version it was made for and does nothing if the game
has moved on. A bot job keeps playing while the next actor is a bot, for a
slice of at most :data:`BOT_SLICE_MOVES` moves and :data:`BOT_SLICE_S` seconds,
then hands over to a fresh job of the same lane, so an all-bot game is not one
job per card, and takes turns with every other game's bots (``events.commands.fairness``:
a job lets its lane's next deferred job into the queue as it starts). A lost
race is re-checked silently.

A job's own connection is the queue's. When the queues live on a Redis of
their own (``STRANDED_QUEUE_URL``; always on a Redis Cluster), the games are
read and written through :data:`store_client` instead (``events.log.connection``).
"""
from __future__ import annotations

from rq import get_current_job

from events.commands import turns
from events.commands.turns import BOT_SLICE_MOVES, BOT_SLICE_S
from events.log.connection import connect, separate_queue

MAX_BOT_MOVES = BOT_SLICE_MOVES        # the name earlier code used


#: The event store's client of a worker whose queues live elsewhere: set by ``workers.main``
#: (made from ``REDIS_URL`` on first use otherwise, e.g. under a bare ``rq worker``).
store_client = None


def _connections():
    """``(store, queue)``: the clients the running job reads games and enqueues jobs with."""
    queue = get_current_job().connection
    if not separate_queue():
        return queue, queue
    global store_client
    if store_client is None:
        store_client = connect()
    return store_client, queue


def play_bots(game_id: str, version: int, prefix: str = "stranded", lane: str | None = None) -> str:
    """RQ job: let the bot seats of ``game_id`` act, starting at ``version``; ``lane``: the
    fairness lane it was let in by (``events.commands.fairness``; None for a job enqueued before lanes)."""
    store, queue = _connections()
    return run_bots(store, game_id, version, prefix=prefix, queue_redis=queue, lane=lane)


def deadline(game_id: str, version: int, seat: int, prefix: str = "stranded") -> str:
    """RQ job: send ``seat``'s default command if the game still waits on it at ``version``."""
    store, queue = _connections()
    return run_deadline(store, game_id, version, seat, prefix=prefix, queue_redis=queue)


def run_bots(redis, game_id: str, version: int, prefix: str = "stranded", max_moves: int = BOT_SLICE_MOVES,
             queue_redis=None, lane: str | None = None, max_s: float = BOT_SLICE_S) -> str:
    """Play the bot seats of ``game_id`` from ``version`` (``events.commands.turns.play_bots``, which
    says what each argument means and what it returns)."""
    return turns.play_bots(redis, game_id, version, prefix=prefix, max_moves=max_moves, queue_redis=queue_redis,
                           lane=lane, max_s=max_s)


def run_deadline(redis, game_id: str, version: int, seat: int, prefix: str = "stranded", queue_redis=None) -> str:
    """Act for ``seat`` whose deadline passed at ``version`` (``events.commands.turns.act_for_deadline``)."""
    return turns.act_for_deadline(redis, game_id, version, seat, prefix=prefix, queue_redis=queue_redis)
