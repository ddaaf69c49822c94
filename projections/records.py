"""The portable game record: one JSON document anyone can verify with no server.

``GET /v1/games/{id}/record`` and ``stranded export`` write it; ``stranded
verify --file`` checks it offline; ``stranded import`` loads it into another
server (marked as imported) to replay it there. The same record, built from
the server's Redis, is what ``stranded verify GAME_ID`` checks: one format,
one verifier.

Format ``stranded-record/1``::

    {
      "format": "stranded-record/1",
      "game_id": "<id>",
      "entries": [["<version>-0", {"e": "...", "b": "..."}], ...],
          the game's stream exactly as stored (stream layout 2, or the fields
          of layout 1 for games written before it): the events, their batch
          headers and the chain heads (``events.codec``, ``events.chain``)
      "meta": {"ruleset", "rules_version", "status", "result", "created",
               "seats": [{"name", "bot", "open", "token_sha256", "client_seed"}],
               "imported": bool},
          what the server's meta hash says (a cache of the log: verify checks it)
      "snapshot": "<snapshot JSON>" | null,
          the server's latest snapshot (a cache of the log: verify checks it)
      "seed": "<server seed>" | null, "seed_sha256": "<its commitment>" | null
          copied from the log for a reader's convenience (verify checks them)
    }
"""
from __future__ import annotations

import json
from typing import Any

from events.meta import GameMeta
from events.store import EventStore, GameNotFound
from events.system import public_seat

RECORD_FORMAT = "stranded-record/1"


class RecordError(ValueError):
    """Input that is not a record this code can read (``stranded verify`` exits 2)."""


class GameExists(RecordError):
    """An import of a game whose id this server already holds."""


def record_of(store: EventStore, game_id: str) -> dict:
    """The record of ``game_id`` as this server holds it (finished or not), its meta, stream and
    snapshot read in one atomic step (``EventStore.read_whole``), so the record of a running game
    never pairs its stream with a meta hash or snapshot written after it.

    Raises ``GameNotFound``."""
    raw, entries, snapshot = store.read_whole(game_id)
    meta: dict[str, Any] = {}
    try:
        parsed = GameMeta.from_hash(game_id, raw)
        meta = {"ruleset": parsed.ruleset, "rules_version": parsed.rules_version, "status": parsed.status,
                "result": parsed.result, "created": parsed.created,
                "seats": [public_seat(seat) for seat in parsed.seats], "imported": raw.get("imported") == "1"}
    except (GameNotFound, KeyError, ValueError):
        meta = {"unreadable": True}
    record = {"format": RECORD_FORMAT, "game_id": game_id, "entries": [list(entry) for entry in entries],
              "meta": meta, "snapshot": snapshot, "seed": None, "seed_sha256": None}
    _copy_seed(record)
    return record


def _copy_seed(record: dict) -> None:
    """Fill the convenience copies of the seed and its commitment from the entries (best effort)."""
    from events.codec import CodecError, decode, entry_fields

    for entry_id, fields in record["entries"][:1] + record["entries"][-1:]:
        try:
            parts = entry_fields(fields)
            if parts is not None:       # layout 2: the event alone (SeedRevealed ends a batch it did not start)
                kind, data = parts[0].partition("/")[0], json.loads(parts[1])
            else:
                env = decode(record["game_id"], entry_id, fields)
                kind, data = env.type, env.data
        except (CodecError, ValueError):
            continue
        if not isinstance(data, dict):
            continue
        if kind == "GameCreated":
            record["seed_sha256"] = data.get("seed_sha256")
        if kind == "SeedRevealed":
            record["seed"] = data.get("seed")


def load_record(text: str | bytes) -> dict:
    """Parse a record's JSON text; raises ``RecordError`` when it is not a record."""
    try:
        record = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise RecordError(f"the file is not JSON: {exc}") from exc
    if not isinstance(record, dict) or record.get("format") != RECORD_FORMAT:
        raise RecordError(f"the file is not a {RECORD_FORMAT} record")
    if not isinstance(record.get("game_id"), str) or not record["game_id"]:
        raise RecordError("the record names no game")
    entries = record.get("entries")
    if not isinstance(entries, list) or not all(
            isinstance(e, list) and len(e) == 2 and isinstance(e[0], str) and isinstance(e[1], dict)
            and all(isinstance(k, str) and isinstance(v, str) for k, v in e[1].items()) for e in entries):
        raise RecordError("the record's entries are not [entry id, {field: value}] pairs")
    if not isinstance(record.get("meta"), dict):
        raise RecordError("the record has no meta object")
    if record.get("snapshot") is not None and not isinstance(record["snapshot"], str):
        raise RecordError("the record's snapshot is not text")
    return record


def import_record(store: EventStore, record: dict) -> str:
    """Load a finished game's record into this server, marked as imported; return its id.

    The entries are written exactly as recorded (the chain stays intact); the
    meta hash is rebuilt from the record's meta (no seat has a token: nobody
    plays an imported game). Raises ``GameExists`` when the id is taken and
    ``RecordError`` for a record of an unfinished game.
    """
    game_id = record["game_id"]
    if store.exists(game_id):
        raise GameExists(f"this server already holds a game {game_id!r}")
    if record["meta"].get("status") != "finished" or record.get("seed") is None:
        raise RecordError("only a finished game's record (its seed revealed) can be imported")
    meta = record["meta"]
    seats = [{**seat, "token_sha256": None, "auto_pass": False} for seat in meta.get("seats", [])]
    parsed = GameMeta(game_id, meta["ruleset"], "finished", meta.get("created", ""), record["seed"], seats,
                      {}, meta.get("result"), meta.get("rules_version", ""))
    pipe = store.redis.pipeline(transaction=True)
    key = store.key(game_id, "events")
    for entry_id, fields in record["entries"]:
        pipe.xadd(key, fields, id=entry_id)
    pipe.hset(store.key(game_id, "meta"), mapping={**parsed.to_hash(), "imported": "1"})
    pipe.execute()
    return game_id
