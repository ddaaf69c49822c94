"""The meta hash of a game (``<prefix>:{<game>}:meta``): how a ``events.table.meta.GameMeta`` is stored.

The log's knowledge of the stored format includes this hash: its field names, which fields are
JSON, and what a well-formed hash holds (:func:`check_meta_hash`). ``events.table.meta`` keeps the
meta's meaning (seats, options, timeouts); this module reads and writes it.
"""
from __future__ import annotations

import json

from events.log.errors import DamagedLog, GameNotFound
from events.table.meta import STATUSES, GameMeta


def meta_from_hash(game_id: str, raw: dict) -> GameMeta:
    """Parse a meta hash (bytes or str keys and values).

    Raises GameNotFound if it is empty, and ``events.log.store.DamagedLog`` when it is not
    what the server writes (:func:`check_meta_hash`): a field missing, not UTF-8, not
    JSON where JSON is kept, or of the wrong shape (``seats`` not a list of seat objects,
    ``options`` not an object, ``status`` not a status...)."""
    if not raw:
        raise GameNotFound(game_id)
    try:
        h = {(k.decode() if isinstance(k, bytes) else k): (v.decode() if isinstance(v, bytes) else v)
             for k, v in raw.items()}
        meta = GameMeta(game_id, h["ruleset"], h["status"], h.get("created", ""), h["seed"],
                   json.loads(h["seats"]), json.loads(h.get("options") or "{}"),
                   json.loads(h["result"]) if h.get("result") else None, h.get("rules_version", ""),
                   h.get("audit_key", ""), h.get("imported") == "1", h.get("creator", ""))
    except KeyError as exc:
        raise DamagedLog(game_id, f"its meta hash has no {exc.args[0]!r} field") from exc
    except (ValueError, TypeError, AttributeError) as exc:     # UnicodeDecodeError, JSONDecodeError
        raise DamagedLog(game_id, f"its meta hash cannot be read ({exc})") from exc
    why = check_meta_hash(meta)
    if why is not None:
        raise DamagedLog(game_id, f"its meta hash is malformed: {why}")
    return meta

def meta_to_hash(meta: GameMeta) -> dict[str, str]:
    """``meta``'s fields as the meta hash stores them (every value text)."""
    return {"ruleset": meta.ruleset, "status": meta.status, "created": meta.created,
            "seed": meta.seed, "seats": json.dumps(meta.seats), "options": json.dumps(meta.options),
            "result": json.dumps(meta.result) if meta.result is not None else "",
            "rules_version": meta.rules_version, "audit_key": meta.audit_key,
            **({"imported": "1"} if meta.imported else {}), **({"creator": meta.creator} if meta.creator else {})}


_SEAT_FIELDS = {"name": str, "bot": str, "token_sha256": str, "client_seed": str, "open": bool, "auto_pass": bool,
                "replaced": bool, "left": bool, "resigned": bool}


def check_meta_hash(meta: GameMeta) -> str | None:
    """What is wrong with the shape of a parsed meta hash, in a few words, or None when it is
    what the server writes: text where text is kept, ``status`` one of :data:`STATUSES`, ``seats``
    a non-empty list of objects whose known fields have their types, ``options`` an object,
    ``result`` an object or nothing, ``audit_key`` empty or 64 hex digits. Unknown fields are
    allowed (a newer server's). The ruleset and the seat count are the repository's to check
    (``events.log.repository``: :func:`check_seats`)."""
    for name in ("ruleset", "status", "created", "seed", "rules_version", "audit_key", "creator"):
        if not isinstance(getattr(meta, name), str):
            return f"{name} is not text"
    if meta.status not in STATUSES:
        return f"status {meta.status[:40]!r} is none of {', '.join(STATUSES)}"
    if not isinstance(meta.seats, list) or not meta.seats:
        return "seats is not a list of seats"
    for index, seat in enumerate(meta.seats):
        if not isinstance(seat, dict):
            return f"seat {index} is not an object"
        for field, kind in _SEAT_FIELDS.items():
            value = seat.get(field)
            if value is not None and type(value) is not kind:
                return f"seat {index}'s {field} is not {kind.__name__}"
    if not isinstance(meta.options, dict):
        return "options is not an object"
    if meta.result is not None and not isinstance(meta.result, dict):
        return "result is not an object"
    if meta.audit_key and (len(meta.audit_key) != 64 or any(c not in "0123456789abcdef" for c in meta.audit_key)):
        return "audit_key is not 64 hex digits"
    return None
