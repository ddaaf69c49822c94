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
          headers and the chain heads (``events.log.codec``, ``events.log.chain``)
      "meta": {"ruleset", "rules_version", "status", "result", "created",
               "seats": [{"name", "bot", "open", "token_sha256", "client_seed",
                          "replaced", "left", "resigned"}],
               "imported": bool},
          what the server's meta hash says (a cache of the log: verify checks every
          field but ``imported``, which says only where this copy of the game lives)
      "snapshot": "<snapshot JSON>" | null,
          the server's latest snapshot (a cache of the log: verify checks it)
      "seed": "<server seed>" | null, "seed_commitment": "<its commitment>" | null
          copied from the log (SeedRevealed, GameCreated) for a reader's
          convenience: verify checks both; records written before proofs scheme 2
          call the commitment "seed_sha256" (checked the same way)
    }

No other top-level field: verify calls a record that holds one tampered. The
audit key that opens the chain of a game of proofs scheme 2 is in the log
(``SeedRevealed``), so a finished game's record is checkable anywhere; a running
game's record (``stranded export`` of a game in play) carries no key, and its
chain can be checked only by the server that holds it (``stranded verify GAME_ID``).
"""
from __future__ import annotations

import json
from typing import Any

from events.log import chain
from events.log.store import DamagedLog, EventStore, GameNotFound
from events.table.system import public_seat
from events.log.metahash import meta_from_hash

RECORD_FORMAT = "stranded-record/1"
#: Every top-level field a record may hold (``seed_sha256``: the commitment's name before proofs scheme 2).
RECORD_FIELDS = frozenset({"format", "game_id", "entries", "meta", "snapshot", "seed", "seed_commitment",
                           "seed_sha256"})


class RecordError(ValueError):
    """Input that is not a record this code can read (``stranded verify`` exits 2)."""


class GameExists(RecordError):
    """An import of a game whose id this server already holds."""


def record_of(store: EventStore, game_id: str) -> dict:
    """The record of ``game_id`` as this server holds it (finished or not), its meta, stream and
    snapshot read in one atomic step (``EventStore.read_whole``), so the record of a running game
    never pairs its stream with a meta hash or snapshot written after it.

    Raises ``GameNotFound``."""
    return record_and_key(store, game_id)[0]


def record_and_key(store: EventStore, game_id: str) -> tuple[dict, bytes | None, dict]:
    """:func:`record_of`, the game's audit key as the meta keeps it (raw bytes; ``None`` for a
    game of proofs scheme 1 or an unreadable meta) and its checkpoints by field: what the
    server's own audit checks the chain of a running game and the replay caches with. Neither
    goes into the record. Raises ``GameNotFound``."""
    raw, entries, snapshot, kept = store.read_whole(game_id)
    meta: dict[str, Any] = {}
    key = None
    try:
        parsed = meta_from_hash(game_id, raw)
        meta = {"ruleset": parsed.ruleset, "rules_version": parsed.rules_version, "status": parsed.status,
                "result": parsed.result, "created": parsed.created,
                "seats": [recorded_seat(seat) for seat in parsed.seats], "imported": raw.get("imported") == "1"}
        key = chain.parse_key(parsed.audit_key)
    except (GameNotFound, DamagedLog, KeyError, ValueError, TypeError, AttributeError):
        meta = {"unreadable": True}
    record = {"format": RECORD_FORMAT, "game_id": game_id, "entries": entries,    # fresh [id, fields] lists
              "meta": meta, "snapshot": snapshot, "seed": None, "seed_commitment": None}
    _copy_seed(record)
    return record, key, kept


def recorded_seat(spec: dict) -> dict:
    """A meta seat as a record shows it: the log's public seat (``events.table.system.public_seat``)
    and the flags of its history (``replaced``, ``left``, ``resigned``) -- every field the log
    covers (``events.table.seats.LOGGED_SEAT_FIELDS``), never the seat's own settings."""
    return {**public_seat(spec), **{flag: bool(spec.get(flag)) for flag in ("replaced", "left", "resigned")}}


def _copy_seed(record: dict) -> None:
    """Fill the convenience copies of the seed and its commitment from the entries (best effort)."""
    from events.log.codec import CodecError, decode, entry_fields

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
            record["seed_commitment"] = data.get("seed_commitment", data.get("seed_sha256"))
        if kind == "SeedRevealed":
            record["seed"] = data.get("seed")


#: The largest record file ``stranded verify --file`` and ``stranded import`` read (bytes): some
#: twenty times the record of the longest game the bench plays (a Quickplay game of 15,000 events).
MAX_RECORD_BYTES = 64 * 1024 * 1024


def read_record_file(file) -> dict:
    """Read and parse a record from a binary file object, reading at most
    :data:`MAX_RECORD_BYTES` (one more byte is a ``RecordError``); raises ``RecordError``
    when it is not a record (:func:`load_record`)."""
    text = file.read(MAX_RECORD_BYTES + 1)
    if len(text) > MAX_RECORD_BYTES:
        raise RecordError(f"the file is larger than {MAX_RECORD_BYTES // (1024 * 1024)} MiB, more than any game's "
                          "record")
    return load_record(text)


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
