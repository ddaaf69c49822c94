"""The turns the server plays itself: bot seats, and the default command of a seat whose deadline passed.

Each is a use case over the repository like a seat's command (``events.commands.handling.execute``,
``events.commands.transact``): the RQ jobs of ``workers.jobs`` only open the connections and call
:func:`play_bots` or :func:`act_for_deadline`. A bot job keeps its game between moves: each move is
decided against the game the last one saved (the job's repository has a cache of its own), so
``n`` moves cost one load, not ``n + 1``.
"""
from __future__ import annotations

import logging
import time

from events.games.bots import choose
from events.commands.dispatch import Dispatcher
from events.commands.handling import execute
from events.commands.seating import take_over, takeover_due
from events.games.contract import RuleViolation
from events.log.cache import StateCache
from events.log.repository import Game, GameRepository
from events.log.store import ConcurrencyError, DamagedLog, EventStore, GameNotFound
from events.table.randomness import rng_for

log = logging.getLogger("stranded.workers")
#: The most moves one bot job plays before it hands its game to a fresh job at the back of the queue.
BOT_SLICE_MOVES = 40
#: The longest (seconds, of the job's own clock) one bot job plays before handing over likewise.
BOT_SLICE_S = 0.25


def play_bots(redis, game_id: str, version: int, prefix: str = "stranded", max_moves: int = BOT_SLICE_MOVES,
             queue_redis=None, lane: str | None = None, max_s: float = BOT_SLICE_S) -> str:
    """Play bot decisions of ``game_id`` from ``version`` until a human must act or the game ends,
    for at most ``max_moves`` moves and ``max_s`` seconds (then a fresh job goes on).

    ``redis``: the event store's client; ``queue_redis``: the queues' (default ``redis``);
    ``lane``: the job's fairness lane, whose next deferred job is let into the queue first.
    Returns what happened: ``"moved on"`` (the game was no longer at
    ``version``), ``"waiting for a human"``, ``"finished"`` or ``"continued"``
    (the slice was used up and a fresh job enqueued or deferred in the lane).
    """
    dispatcher = Dispatcher(redis, prefix, queue_redis=queue_redis)
    repo = GameRepository(EventStore(redis, prefix), StateCache(8), on_commit=dispatcher.after_append)
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
        rng = rng_for(meta.seed, game.version, salt=f"bot:{seat}")
        command = choose(ruleset, game.state, seat, meta.seats[seat]["bot"], rng, meta.options)
        try:
            result = execute(repo, game_id, seat, command, expected_version=game.version, cause="bot")
        except ConcurrencyError:
            game = repo.get(game_id)   # a human moved meanwhile: re-check
            continue
        except RuleViolation as exc:  # a bot chose badly: fall back to the deadline default
            # log the command type and code only: the arguments may name a hidden card
            log.warning("bot seat %s in game %s sent a rejected %s (%s)", seat, game_id, command.get("type"), exc.code)
            result = execute(repo, game_id, seat, decision.default, expected_version=game.version, cause="bot")
        game = Game(result.meta, ruleset, result.state, result.last_version, result.head, clocks=result.clocks)
    dispatcher.schedule(game.meta, game.state, game.version, clocks=game.clocks)
    return "continued"


def act_for_deadline(redis, game_id: str, version: int, seat: int, prefix: str = "stranded", queue_redis=None) -> str:
    """Act for ``seat`` with its decision's default command if the game is still at ``version``;
    a seat that has now missed as many deadlines in a row as the game allows is taken
    over by a bot (``events.commands.seating``). ``redis``/``queue_redis``: as :func:`play_bots`."""
    dispatcher = Dispatcher(redis, prefix, queue_redis=queue_redis)
    repo = GameRepository(EventStore(redis, prefix), on_commit=dispatcher.after_append)
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
    return f"sent {decision.default['type']}"
