"""The cross-game index: the lobby's lists of games, newest first, by status and ruleset.

Keys (``<prefix>`` is the store's, ``stranded`` by default), each a sorted set
whose members all have score 0 and read ``"<created ms, 13 digits>:<game id>"``,
so that ``ZREVRANGEBYLEX`` returns games newest first and a page starting at a
cursor costs O(log N + page), never the whole list::

    <prefix>:{index}:all                                   every game
    <prefix>:{index}:status:<status>                       games with that status
    <prefix>:{index}:ruleset:<ruleset>                     games of that ruleset
    <prefix>:{index}:status:<status>:ruleset:<ruleset>     both filters at once

The index lives outside the games' hash slots and is written after the append
that changes a game's status (creation, the last join, the end), not in the
same atomic step: the reconciler repairs it from the games' meta hashes.

All its keys share the hash tag ``{index}``, so on a Redis Cluster they sit in
one slot and :meth:`GameIndex.record` (one script over ten keys) touches
one node. That node carries every index write -- a few per game, on status
changes only -- and every lobby read; ``docs/scaling.md`` says why that is
acceptable and where it stops being so. (A game whose id is ``index`` shares
the slot, not a key: game keys end in ``:events``, ``:meta``, ...)
"""
from __future__ import annotations

from dataclasses import dataclass
from importlib import resources

from events.log.codec import ms_of
from events.table.meta import STATUSES, GameMeta

#: The hash tag of every index key: one Redis Cluster slot for the whole index.
INDEX_TAG = "index"
#: The script of :meth:`GameIndex.record` (``events/log/index_record.lua``).
_RECORD_LUA = resources.files("events.log").joinpath("index_record.lua").read_text(encoding="utf-8")


@dataclass(frozen=True)
class Page:
    """One page of the index: game ids newest first, and the cursor of the next page
    (``None`` when this is the last)."""

    game_ids: list[str]
    next_cursor: str | None


class GameIndex:
    """The lobby's index over a Redis client.

    Args:
        redis: a redis-py client (bytes or str replies).
        prefix: the first part of every key (the store's prefix).
    """

    def __init__(self, redis, prefix: str = "stranded"):
        self.redis = redis
        self.prefix = prefix
        self._record_script = redis.register_script(_RECORD_LUA)

    def key(self, status: str | None = None, ruleset: str | None = None) -> str:
        """The sorted set listing the games that match both filters (``None``: any)."""
        parts = [f"{self.prefix}:{{{INDEX_TAG}}}"]
        if status is None and ruleset is None:
            parts.append("all")
        if status is not None:
            parts.append(f"status:{status}")
        if ruleset is not None:
            parts.append(f"ruleset:{ruleset}")
        return ":".join(parts)

    @staticmethod
    def member(meta: GameMeta) -> str:
        """A game's member in every list: its creation time then its id."""
        return f"{ms_of(meta.created) or 0:013d}:{meta.game_id}"

    def record(self, meta: GameMeta) -> None:
        """Put the game in the lists of its ruleset and current status, and out of the
        lists of every other status (idempotent: the reconciler calls it on every pass).

        One script (``events/log/index_record.lua``), one round trip: as a pipeline of its eight
        commands it cost a served worker about 15k instructions a command on average
        (written at every game's end: about 700k each; ``bench/server_instructions.py``,
        2026-11-26). An unlisted game (option ``unlisted``) is in no list: nothing is written.
        Raises ``ValueError`` for a status not in ``STATUSES``."""
        if meta.status not in STATUSES:
            raise ValueError(f"unknown status {meta.status!r}; one of {', '.join(STATUSES)}")
        if meta.options.get("unlisted"):
            return
        keys = [self.key(), self.key(ruleset=meta.ruleset)]
        for status in STATUSES:
            keys += [self.key(status), self.key(status, meta.ruleset)]
        self._record_script(keys=keys, args=[self.member(meta), STATUSES.index(meta.status) + 1])

    def page(self, status: str | None = None, ruleset: str | None = None, cursor: str | None = None,
             limit: int = 50) -> Page:
        """Up to ``limit`` game ids, newest first, after ``cursor`` (a ``next_cursor`` of an
        earlier page); reads only the page. Raises ``ValueError`` for a malformed cursor."""
        if cursor is not None and (":" not in cursor or not cursor.split(":", 1)[0].isdigit()):
            raise ValueError("The cursor is not one this server gave.")
        high = f"({cursor}" if cursor is not None else "+"
        members = self.redis.zrevrangebylex(self.key(status, ruleset), high, "-", start=0, num=limit + 1)
        members = [m.decode() if isinstance(m, bytes) else m for m in members]
        more = len(members) > limit
        members = members[:limit]
        return Page([m.split(":", 1)[1] for m in members], members[-1] if more else None)
