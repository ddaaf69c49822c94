"""Archiving finished games: export each record, then let Redis forget the game.

``stranded archive --older-than 7d`` walks every game (meta hashes, so a
damaged index hides none). A finished game whose last event is older than
that is

1. exported as its portable record (``projections.records``) to
   ``<folder>/<game id>.json`` (written whole, then renamed into place);
2. marked ``archived`` (UTC ms) in its meta hash, taken out of every lobby
   list (``events.log.index``), and every key of the game is given a TTL.

The record is on disk before anything is forgotten; the reconciler leaves a
marked game out of the lobby. A game already marked whose record is on disk is
skipped, so running the command again does nothing new (idempotent); a game
marked but whose record is missing is exported again. Active and waiting games
are never touched, however old.
"""
from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from events.log.codec import now_ms
from events.log.index import GameIndex
from events.table.meta import OVER, STATUSES, GameMeta
from events.log.repository import GameRepository
from events.log.store import EventStore, GameNotFound
from projections.rebuild import game_ids
from projections.records import record_of
from events.log.metahash import meta_from_hash

#: The meta field that marks an archived game (UTC milliseconds of the archive).
ARCHIVED_FIELD = "archived"
_UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400, "w": 7 * 86400}


def parse_duration(text: str) -> float:
    """Seconds in a duration such as ``90s``, ``15m``, ``12h``, ``7d``, ``2w`` (a bare number: seconds).

    Raises ``ValueError`` with a sentence saying what is accepted."""
    match = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*([smhdw]?)\s*", text or "")
    if not match:
        raise ValueError(f"{text!r} is not a duration: write a number and a unit, e.g. 90s, 15m, 12h, 7d or 2w")
    return float(match.group(1)) * _UNITS[match.group(2) or "s"]


@dataclass
class ArchiveReport:
    """What one archive run did.

    Attributes:
        archived: ``(game id, record path)`` of the games archived now.
        already: ids of games archived before (record on disk): left as they were.
        failed: ``{game id: why}`` for games that could not be archived (left untouched).
    """

    archived: list[tuple[str, Path]] = field(default_factory=list)
    already: list[str] = field(default_factory=list)
    failed: dict[str, str] = field(default_factory=dict)


def archive(store: EventStore, older_than_s: float, folder: str | Path, ttl_s: int,
            now: int | None = None) -> ArchiveReport:
    """Archive every finished (or cancelled) game whose last event is more than ``older_than_s`` seconds old.

    Args:
        store: the event store (its prefix names the keys).
        older_than_s: age of the last event (seconds) beyond which a finished game is archived.
        folder: where the records go (made if missing).
        ttl_s: seconds Redis keeps the game's keys after the archive (at least 1).
        now: the current UTC time in ms (default: the clock).
    """
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    now = now_ms() if now is None else now
    report = ArchiveReport()
    repo = GameRepository(store)
    for game_id in game_ids(store):
        raw = store.get_meta(game_id)
        if raw.get("status") not in OVER:      # finished, or cancelled before the start: both ended
            continue
        path = folder / f"{game_id}.json"
        if ARCHIVED_FIELD in raw and path.exists():
            report.already.append(game_id)
            continue
        try:
            updated = repo.get(game_id).updated_ms
        except GameNotFound:
            continue
        except Exception as exc:  # noqa: BLE001 - a damaged game is listed, the others go on
            report.failed[game_id] = str(exc)
            continue
        if updated is None or now - updated < older_than_s * 1000:
            continue
        _write(path, record_of(store, game_id))
        _forget(store, meta_from_hash(game_id, raw), now, max(1, int(ttl_s)))
        report.archived.append((game_id, path))
    return report


def _write(path: Path, record: dict) -> None:
    """Write ``record`` to ``path`` whole: a temporary file, flushed, then renamed into place."""
    tmp = path.with_suffix(".json.tmp")
    with open(tmp, "w", encoding="utf-8") as fh:
        json.dump(record, fh, separators=(",", ":"))
        fh.write("\n")
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, path)


def _forget(store: EventStore, meta: GameMeta, now: int, ttl_s: int) -> None:
    """Mark the game archived, drop it from every lobby list, and give each of its keys a TTL."""
    index = GameIndex(store.redis, store.prefix)
    member = index.member(meta)
    store.redis.hset(store.key(meta.game_id, "meta"), ARCHIVED_FIELD, str(now))
    pipe = store.redis.pipeline(transaction=False)
    pipe.zrem(index.key(), member)
    pipe.zrem(index.key(ruleset=meta.ruleset), member)
    for status in STATUSES:
        pipe.zrem(index.key(status), member)
        pipe.zrem(index.key(status, meta.ruleset), member)
    pipe.execute()
    keys = list(store.redis.scan_iter(match=f"{store.prefix}:{{{meta.game_id}}}:*", count=1000))
    pipe = store.redis.pipeline(transaction=False)
    for key in keys:
        pipe.expire(key, ttl_s)
    pipe.execute()
