"""Cross-game queries: the lobby list, filtered by status and ruleset, paged by cursor."""
from __future__ import annotations

import logging

from redis.exceptions import ReadOnlyError, RedisError, ResponseError

from events.log.index import GameIndex
from events.table.meta import STATUSES
from events.log.repository import DamagedLog, GameRepository
from events.log.store import GameNotFound
from projections.views import damaged_summary, load_game, summary

log = logging.getLogger("stranded.projections")


def list_games(repo: GameRepository, status: str | None = None, ruleset: str | None = None,
               limit: int = 50, cursor: str | None = None) -> dict:
    """Public summaries of games, newest first, optionally filtered; one page.

    Args:
        status: one of ``waiting``, ``active``, ``finished`` (``ValueError`` otherwise).
        ruleset: a ruleset id.
        limit: at most this many games (the page size).
        cursor: the ``next_cursor`` of the previous page (``None``: the first page).

    Returns ``{"games": [summary], "next_cursor": str | None}``; reads only the
    page (the cost does not grow with the number of games). Raises
    ``ValueError`` for an unknown status or a malformed cursor.
    """
    if status is not None and status not in STATUSES:
        raise ValueError(f"status must be one of {', '.join(STATUSES)}.")
    page = GameIndex(repo.store.redis, repo.store.prefix).page(status, ruleset, cursor, limit)
    games = []
    for game_id in page.game_ids:
        try:
            games.append(summary(load_game(repo, game_id), repo))
        except GameNotFound:
            continue
        except DamagedLog as exc:        # listed as damaged; the list goes on for everyone else
            games.append(damaged_summary(repo, game_id, exc.why))
        except RedisError as exc:
            if isinstance(exc, ResponseError) and not isinstance(exc, ReadOnlyError):   # this game's keys alone
                games.append(damaged_summary(repo, game_id, f"its keys cannot be read ({exc})"))
                continue
            raise                                     # Redis away: the whole list is a 503
        except Exception as exc:  # one game's fault stays in that game's entry (and the log)
            log.exception("the lobby could not summarise game %s", game_id)
            games.append(damaged_summary(repo, game_id, f"the server could not read it ({type(exc).__name__})"))
    return {"games": games, "next_cursor": page.next_cursor}
