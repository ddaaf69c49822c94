"""The event envelope and its codec: how one event is kept in a Redis stream.

An envelope wraps a game's event (``{"type", "data"}``) with what the log needs
to know about it: the game, its version in the stream (1, 2, 3... with no
gaps), the schema version of ``data``, the seat that caused it, the command id
(and, on the first event of a batch, the whole command) and a UTC timestamp.

In the stream an envelope is a flat hash of strings (Redis stream fields); the
stream entry id is ``"<version>-0"``. Reading decodes and then *upcasts*: an
event written with an older schema is brought up to the current one by the
registered upcasters, one step at a time. Event type strings never change; a
new shape gets a new schema number and an upcaster.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any, Callable

import orjson

#: event type -> current schema version (types not listed are at 1).
CURRENT_SCHEMA: dict[str, int] = {}
#: (event type, schema it reads) -> function turning that data into schema + 1.
UPCASTERS: dict[tuple[str, int], Callable[[dict], dict]] = {}


class CodecError(ValueError):
    """A stream entry that is not a valid envelope (missing or garbled field)."""


def register_upcaster(event_type: str, from_schema: int):
    """Decorator: register ``fn(data) -> data`` lifting ``event_type`` from
    ``from_schema`` to ``from_schema + 1`` and raise the current schema to at
    least ``from_schema + 1``."""

    def wrap(fn: Callable[[dict], dict]) -> Callable[[dict], dict]:
        UPCASTERS[(event_type, from_schema)] = fn
        CURRENT_SCHEMA[event_type] = max(CURRENT_SCHEMA.get(event_type, 1), from_schema + 1)
        return fn

    return wrap


def utc_now() -> str:
    """The current UTC time as an ISO 8601 string with a ``Z`` suffix."""
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


@dataclass
class Envelope:
    """One event as the log keeps it.

    Attributes:
        game_id: the game's id.
        version: position in the game's stream, from 1, without gaps.
        type: the event type (past tense, permanent), e.g. ``"CardDrawn"``.
        data: the event's payload (a JSON object).
        schema: schema version of ``data``.
        seat: the seat whose command caused it; ``None`` for the system
            (setup, deadlines are sent *as* the seat they act for).
        command_id: id of the command that caused the batch.
        command: the whole command body, on the first event of a batch only.
        ts: UTC timestamp, ISO 8601.
    """

    game_id: str
    version: int
    type: str
    data: dict[str, Any]
    schema: int = 1
    seat: int | None = None
    command_id: str | None = None
    command: dict[str, Any] | None = None
    ts: str = field(default_factory=utc_now)

    @property
    def event(self) -> dict[str, Any]:
        """The game-level event ``{"type", "data"}`` that ``evolve`` folds."""
        return {"type": self.type, "data": self.data}

    def to_dict(self) -> dict[str, Any]:
        """The JSON form served by the API (``command`` only when present)."""
        out = {
            "game_id": self.game_id,
            "version": self.version,
            "type": self.type,
            "schema": self.schema,
            "data": self.data,
            "seat": self.seat,
            "command_id": self.command_id,
            "ts": self.ts,
        }
        if self.command is not None:
            out["command"] = self.command
        return out


def encode(env: Envelope) -> dict[str, str]:
    """Encode an envelope as the flat string fields of a stream entry.

    The version is not a field: it is the entry id (``"<version>-0"``).
    """
    fields = {
        "type": env.type,
        "schema": str(env.schema),
        "data": orjson.dumps(env.data, option=orjson.OPT_SORT_KEYS).decode(),
        "ts": env.ts,
    }
    if env.seat is not None:
        fields["seat"] = str(env.seat)
    if env.command_id is not None:
        fields["command_id"] = env.command_id
    if env.command is not None:
        fields["command"] = orjson.dumps(env.command, option=orjson.OPT_SORT_KEYS).decode()
    return fields


def _text(value: Any) -> str:
    return value.decode() if isinstance(value, bytes) else value


def decode(game_id: str, entry_id: str | bytes, fields: dict) -> Envelope:
    """Decode a stream entry (id and fields, bytes or str) and upcast it.

    Raises:
        CodecError: the entry lacks ``type``/``data``, holds invalid JSON or
            numbers, or is not UTF-8.
    """
    try:
        f = {_text(k): _text(v) for k, v in fields.items()}
        version = int(_text(entry_id).split("-", 1)[0])
        env = Envelope(
            game_id=game_id,
            version=version,
            type=f["type"],
            data=orjson.loads(f["data"]),
            schema=int(f.get("schema", "1")),
            seat=int(f["seat"]) if "seat" in f else None,
            command_id=f.get("command_id"),
            command=orjson.loads(f["command"]) if "command" in f else None,
            ts=f.get("ts", ""),
        )
    except (KeyError, ValueError) as exc:  # UnicodeDecodeError is a ValueError
        shown = entry_id.decode("utf-8", "replace") if isinstance(entry_id, bytes) else entry_id
        raise CodecError(f"stream entry {shown} of game {game_id} is not an event: {exc}") from exc
    return upcast(env)


def upcast(env: Envelope) -> Envelope:
    """Bring ``env.data`` up to the current schema of its type, step by step."""
    target = CURRENT_SCHEMA.get(env.type, 1)
    while env.schema < target:
        step = UPCASTERS.get((env.type, env.schema))
        if step is None:
            break
        env.data = step(env.data)
        env.schema += 1
    return env
