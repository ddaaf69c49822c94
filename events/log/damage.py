"""Telling a damaged game from a fault of the server: what is wrong with one game's keys.

A game's keys can be changed from outside the server (an operator's ``redis-cli``, a failed
restore, a bug of another program on the same Redis). The readers refuse such a game with
``events.log.store.DamagedLog`` where they meet the damage (a key of the wrong type, a meta hash
of the wrong shape, a log the rules cannot fold). :func:`diagnose` checks a game from the
start for the callers that met an error they did not expect -- the API's last-resort handler,
the lobby -- so that a damaged game is answered as damaged (409 ``log_damaged``) and
anything else stays what it is: a fault of the server, logged as one.
"""
from __future__ import annotations

from events.log.repository import GameRepository
from events.log.store import DamagedLog, EventStore, GameNotFound

#: The Redis type each key of a game holds when the server wrote it (``TYPE``); absent is fine.
KEY_TYPES = {"events": "stream", "meta": "hash", "snapshot": "string", "checkpoints": "hash", "verdict": "string"}


def diagnose(store: EventStore, game_id: str) -> str | None:
    """Why ``game_id``'s keys are not a game the server can serve, in one sentence, or None when
    they are (or the game does not exist).

    Checks each key's type (:data:`KEY_TYPES`), then loads the game afresh from Redis
    (meta parsed and checked, the log folded past its snapshot; no process cache).
    Raises only Redis's own errors (Redis away)."""
    for part, kind in KEY_TYPES.items():
        found = store.redis.type(store.key(game_id, part))
        found = found.decode() if isinstance(found, bytes) else str(found)
        if found not in ("none", kind):
            return f"its {part} key holds a {found}, where the server keeps a {kind}"
    try:
        GameRepository(store).get(game_id)
    except DamagedLog as exc:
        return exc.why
    except GameNotFound:
        return None
    return None
