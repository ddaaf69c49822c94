"""Cross-game queries: the lobby list, filtered by status and ruleset."""
from __future__ import annotations

from events.dispatch import STATUSES
from events.repository import GameRepository
from events.store import EventStore, GameNotFound
from projections.views import load_game, summary


def index_key(store: EventStore, part: str) -> str:
    """Key of one cross-game index (see ``events.dispatch.Dispatcher.index_key``)."""
    return f"{store.prefix}:index:{part}"


def list_games(repo: GameRepository, status: str | None = None, ruleset: str | None = None,
               limit: int = 50, offset: int = 0) -> list[dict]:
    """Public summaries of games, newest first, optionally filtered.

    Args:
        status: one of ``waiting``, ``active``, ``finished`` (``ValueError`` otherwise).
        ruleset: a ruleset id.
        limit, offset: paging over the newest-first list.
    """
    if status is not None and status not in STATUSES:
        raise ValueError(f"status must be one of {', '.join(STATUSES)}.")
    store = repo.store
    r = store.redis
    ids = [i.decode() if isinstance(i, bytes) else i for i in r.zrevrange(index_key(store, "games"), 0, -1)]
    filters = []
    if status is not None:
        filters.append(index_key(store, f"status:{status}"))
    if ruleset is not None:
        filters.append(index_key(store, f"ruleset:{ruleset}"))
    if filters:
        pipe = r.pipeline(transaction=False)
        for key in filters:
            pipe.smembers(key)
        sets = [{m.decode() if isinstance(m, bytes) else m for m in s} for s in pipe.execute()]
        keep = set.intersection(*sets)
        ids = [i for i in ids if i in keep]
    out = []
    for game_id in ids[offset:offset + limit]:
        try:
            out.append(summary(load_game(repo, game_id)))
        except GameNotFound:
            continue
    return out
