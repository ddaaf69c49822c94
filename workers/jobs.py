"""The RQ jobs: bots playing their seats, and deadlines acting for idle humans.

Every job carries the version it was made for and does nothing if the game
has moved on. A bot job keeps playing while the next actor is a bot, up to
``MAX_BOT_MOVES`` moves, then hands over to a fresh job, so an all-bot game is
not one job per card. A lost race is re-checked silently.
"""
from __future__ import annotations

import logging

from rq import get_current_job

from events.dispatch import Dispatcher
from events.games import get_ruleset
from events.games.contract import RuleViolation
from events.handling import execute
from events.meta import GameMeta
from events.randomness import rng_for
from events.snapshots import Loaded, load_state
from events.store import ConcurrencyError, EventStore, GameNotFound

log = logging.getLogger("stranded.workers")
MAX_BOT_MOVES = 500


def _connection():
    return get_current_job().connection


def play_bots(game_id: str, version: int, prefix: str = "stranded") -> str:
    """RQ job: let the bot seats of ``game_id`` act, starting at ``version``."""
    return run_bots(_connection(), game_id, version, prefix=prefix)


def deadline(game_id: str, version: int, seat: int, prefix: str = "stranded") -> str:
    """RQ job: send ``seat``'s default command if the game still waits on it at ``version``."""
    return run_deadline(_connection(), game_id, version, seat, prefix=prefix)


def _load(store: EventStore, game_id: str):
    meta_raw, snapshot, version, _ = store.load(game_id)
    meta = GameMeta.from_hash(game_id, meta_raw)
    ruleset = get_ruleset(meta.ruleset)
    return meta, ruleset, load_state(store, ruleset, game_id, snapshot, version)


def run_bots(redis, game_id: str, version: int, prefix: str = "stranded", max_moves: int = MAX_BOT_MOVES) -> str:
    """Play bot decisions of ``game_id`` from ``version`` until a human must act or the game ends.

    Returns what happened: ``"moved on"`` (the game was no longer at
    ``version``), ``"waiting for a human"``, ``"finished"`` or ``"continued"``
    (the move bound was hit and a fresh job enqueued).
    """
    store, dispatcher = EventStore(redis, prefix), Dispatcher(redis, prefix)
    try:
        meta, ruleset, loaded = _load(store, game_id)
    except GameNotFound:
        return "no such game"
    if loaded.version != version:
        return "moved on"
    for _ in range(max_moves):
        if meta.status != "active":
            return "finished"
        bots = [d for d in ruleset.pending(loaded.state) if meta.seats[d.seat].get("bot")]
        if not bots:
            return "waiting for a human"
        decision = bots[0]
        seat = decision.seat
        view = ruleset.view(loaded.state, seat)
        legal = ruleset.legal_commands(loaded.state, seat)
        policy = ruleset.bots[meta.seats[seat]["bot"]]
        command = policy(view, legal, rng_for(meta.seed, loaded.version, salt=f"bot:{seat}"))
        try:
            result = execute(store, game_id, seat, command, expected_version=loaded.version)
        except ConcurrencyError:
            meta, ruleset, loaded = _load(store, game_id)   # a human moved meanwhile: re-check
            continue
        except RuleViolation as exc:  # a bot chose badly: fall back to the deadline default
            # log the command type and code only: the arguments may name a hidden card
            log.warning("bot seat %s in game %s sent a rejected %s (%s)", seat, game_id, command.get("type"), exc.code)
            result = execute(store, game_id, seat, decision.default, expected_version=loaded.version)
        dispatcher.after_append(result, from_bot=True)
        meta, loaded = result.meta, Loaded(result.state, result.last_version, True)
    dispatcher.schedule(meta, loaded.state, loaded.version)
    return "continued"


def run_deadline(redis, game_id: str, version: int, seat: int, prefix: str = "stranded") -> str:
    """Act for ``seat`` with its decision's default command if the game is still at ``version``."""
    store, dispatcher = EventStore(redis, prefix), Dispatcher(redis, prefix)
    try:
        meta, ruleset, loaded = _load(store, game_id)
    except GameNotFound:
        return "no such game"
    if loaded.version != version or meta.status != "active":
        return "moved on"
    decision = next((d for d in ruleset.pending(loaded.state) if d.seat == seat), None)
    if decision is None:
        return "nothing pending"
    try:
        result = execute(store, game_id, seat, decision.default, expected_version=version)
    except ConcurrencyError:
        return "moved on"
    dispatcher.after_append(result)
    return f"sent {decision.default['type']}"
