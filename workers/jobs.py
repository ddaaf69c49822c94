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

import logging
import time

from rq import get_current_job

from events.commands.bots import choose
from events.log.connection import connect, separate_queue
from events.commands.dispatch import Dispatcher
from events.games.contract import RuleViolation
from events.commands.handling import execute
from events.table.randomness import rng_for
from events.log.repository import Game, GameRepository
from events.commands.seating import take_over, takeover_due
from events.log.store import ConcurrencyError, DamagedLog, EventStore, GameNotFound

log = logging.getLogger("stranded.workers")
#: The most moves one bot job plays before it hands its game to a fresh job at the back of the queue.
BOT_SLICE_MOVES = 40
#: The longest (seconds, of the job's own clock) one bot job plays before handing over likewise.
BOT_SLICE_S = 0.25
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
    """Play bot decisions of ``game_id`` from ``version`` until a human must act or the game ends,
    for at most ``max_moves`` moves and ``max_s`` seconds (then a fresh job goes on).

    ``redis``: the event store's client; ``queue_redis``: the queues' (default ``redis``);
    ``lane``: the job's fairness lane, whose next deferred job is let into the queue first.
    Returns what happened: ``"moved on"`` (the game was no longer at
    ``version``), ``"waiting for a human"``, ``"finished"`` or ``"continued"``
    (the slice was used up and a fresh job enqueued or deferred in the lane).
    """
    repo = GameRepository(EventStore(redis, prefix))
    dispatcher = Dispatcher(redis, prefix, queue_redis=queue_redis)
    dispatcher.bot_started(lane, game_id, version)
    until = time.monotonic() + max_s
    try:
        game = repo.get(game_id)
    except GameNotFound:
        return "no such game"
    except DamagedLog as exc:                     # nothing is played in a damaged game (the reconciler skips it)
        log.warning("bot job: game %s is damaged: %s", game_id, exc.why)
        return "damaged"
    if game.version != version:
        return "moved on"
    for move in range(max_moves):
        if move and time.monotonic() > until:
            break
        meta, ruleset = game.meta, game.ruleset
        if meta.status != "active":
            return "finished"
        bots = [d for d in ruleset.pending(game.state) if meta.seats[d.seat].get("bot")]
        if not bots:
            return "waiting for a human"
        decision = bots[0]
        seat = decision.seat
        command = choose(ruleset, game.state, seat, meta.seats[seat]["bot"],
                         rng_for(meta.seed, game.version, salt=f"bot:{seat}"), meta.options)
        try:
            result = execute(repo, game_id, seat, command, expected_version=game.version, cause="bot")
        except ConcurrencyError:
            game = repo.get(game_id)   # a human moved meanwhile: re-check
            continue
        except RuleViolation as exc:  # a bot chose badly: fall back to the deadline default
            # log the command type and code only: the arguments may name a hidden card
            log.warning("bot seat %s in game %s sent a rejected %s (%s)", seat, game_id, command.get("type"), exc.code)
            result = execute(repo, game_id, seat, decision.default, expected_version=game.version, cause="bot")
        dispatcher.after_append(result, from_bot=True)
        game = Game(result.meta, ruleset, result.state, result.last_version, result.head, clocks=result.clocks)
    dispatcher.schedule(game.meta, game.state, game.version, clocks=game.clocks)
    return "continued"


def run_deadline(redis, game_id: str, version: int, seat: int, prefix: str = "stranded", queue_redis=None) -> str:
    """Act for ``seat`` with its decision's default command if the game is still at ``version``;
    a seat that has now missed as many deadlines in a row as the game allows is taken
    over by a bot (``events.commands.seating``). ``redis``/``queue_redis``: as :func:`run_bots`."""
    repo = GameRepository(EventStore(redis, prefix))
    dispatcher = Dispatcher(redis, prefix, queue_redis=queue_redis)
    try:
        game = repo.get(game_id)
    except GameNotFound:
        return "no such game"
    except DamagedLog as exc:
        log.warning("deadline job: game %s is damaged: %s", game_id, exc.why)
        return "damaged"
    if game.version != version or game.meta.status != "active":
        return "moved on"
    decision = next((d for d in game.ruleset.pending(game.state) if d.seat == seat), None)
    if decision is None:
        return "nothing pending"
    try:
        result = execute(repo, game_id, seat, decision.default, expected_version=version, cause="deadline")
    except ConcurrencyError:
        return "moved on"
    game = Game(result.meta, game.ruleset, result.state, result.last_version, result.head, missed=result.missed)
    if result.meta.status == "active" and takeover_due(game, seat):
        try:
            result = take_over(repo, game_id, seat, "missed_deadlines")
        except (ConcurrencyError, RuleViolation):
            pass                                  # the seat acted meanwhile, or a bot has it already
    dispatcher.after_append(result)
    return f"sent {decision.default['type']}"
