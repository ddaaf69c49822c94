"""The event envelope and its codec: how events are kept in a game's Redis stream.

An envelope wraps a game's event (``{"type", "data"}``) with what the log needs
to know about it: the game, its version in the stream (1, 2, 3... with no
gaps), the schema version of ``data``, and what it shares with the rest of its
command's batch: the command id, the seat that caused it, the cause, the
command itself and a UTC timestamp.

Stream layout 2 (written since this module's introduction): every entry has
the same two fields, in this order, so Redis stores the field names once per
stream node rather than once per entry::

    e   "<type> <data>": the event type (with "/<schema>" appended when its
        schema is not 1), one space, the event data as canonical JSON
        (orjson, keys sorted, no spaces outside strings)
    b   the batch field: on the first event of a batch, the batch header as
        canonical JSON
          {"c": <the command>, "k": "seat"|"bot"|"deadline"|"system" (the cause),
           "s": <seat>|null, "t": <UTC milliseconds since the epoch>}
        on every other event, its position in the batch ("1", "2", ...);
        on the last event of a batch, followed by one space and the chain head
        after it (43 characters, ``events.log.chain``)

The stream entry id is ``"<version>-0"``. A batch's command id is the
version of its first event, as text: unique in the game by construction. Stream layout 1 (each entry a hash
of ``type``, ``schema``, ``data``, ``ts``, ``seat``, ``command_id`` and, on a
batch's first event, ``command``) is still read: old streams are never
rewritten. Reading decodes and then *upcasts*: an event written with an older
schema is brought up to the current one by the registered upcasters, one step
at a time. Event type strings never change; a new shape gets a new schema
number and an upcaster.
"""
from __future__ import annotations

import time
from functools import lru_cache
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any, Callable, NamedTuple

import orjson

from events.log import chain

#: event type -> current schema version (types not listed are at 1).
CURRENT_SCHEMA: dict[str, int] = {}
#: (event type, schema it reads) -> function turning that data into schema + 1.
UPCASTERS: dict[tuple[str, int], Callable[[dict], dict]] = {}
#: The causes a batch may have: a seat's own command, a bot's, a deadline's, the server's.
CAUSES = ("seat", "bot", "deadline", "system")

#: The fields of every stream-layout-2 entry, in the order they are written.
FIELDS = ("e", "b")

_SORTED = orjson.OPT_SORT_KEYS


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


def _register_system_upcasters() -> None:
    """Register the upcasters of the server's own events (``events.table.system.UPCASTERS``)."""
    from events.table.system import UPCASTERS as SYSTEM_UPCASTERS

    for (event_type, from_schema), fn in SYSTEM_UPCASTERS.items():
        register_upcaster(event_type, from_schema)(fn)


_register_system_upcasters()


def now_ms() -> int:
    """The current UTC time in whole milliseconds since the epoch."""
    return time.time_ns() // 1_000_000


def iso(ms: int) -> str:
    """UTC milliseconds since the epoch as ISO 8601 with a ``Z`` suffix
    (``2026-11-25T23:37:07.123Z``); every batch, view and deadline writes one, so the
    text of the second is remembered for the next call in that second."""
    seconds, millis = divmod(ms, 1000)
    if not 0 <= seconds < _YEAR_10000_S:     # outside what strftime pads to four digits
        return datetime.fromtimestamp(ms / 1000, timezone.utc).isoformat(timespec="milliseconds").replace(
            "+00:00", "Z")
    return f"{_iso_second(seconds)}.{millis:03d}Z"


#: 10000-01-01T00:00:00Z in seconds since the epoch.
_YEAR_10000_S = 253_402_300_800


@lru_cache(maxsize=64)
def _iso_second(seconds: int) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(seconds))


def ms_of(ts: str) -> int | None:
    """An ISO 8601 UTC time (as :func:`iso` writes it) in milliseconds since the epoch,
    or ``None`` when ``ts`` is empty or not such a time."""
    try:
        return int(datetime.fromisoformat(ts.replace("Z", "+00:00")).timestamp() * 1000)
    except (ValueError, AttributeError):
        return None


def utc_now() -> str:
    """The current UTC time as an ISO 8601 string with a ``Z`` suffix."""
    return iso(now_ms())


def canonical_json(value: Any) -> str:
    """``value`` as canonical JSON text: keys sorted, no insignificant spaces."""
    return orjson.dumps(value, option=_SORTED).decode()


@dataclass(slots=True)
class Envelope:
    """One event as the log keeps it.

    Attributes:
        game_id: the game's id.
        version: position in the game's stream, from 1, without gaps.
        type: the event type (past tense, permanent), e.g. ``"CardDrawn"``.
        data: the event's payload (a JSON object).
        schema: schema version of ``data``.
        seat: the seat whose command caused its batch; ``None`` for the
            server (creation, joins). Deadlines act *as* the seat they act for.
        command_id: id of the command that caused the batch: the version of
            the batch's first event, as text (stream layout 1: a random id).
        command: the whole command body, on the first event of a batch only.
        ts: UTC time of the batch, ISO 8601.
        cause: why the batch was written: ``"seat"``, ``"bot"``,
            ``"deadline"`` or ``"system"`` (``None`` in stream layout 1).
        head: the chain head after this event (43 characters) where the stream
            stores it -- on the last event of each batch -- else ``None``.
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
    cause: str | None = None
    head: str | None = None

    @property
    def event(self) -> dict[str, Any]:
        """The game-level event ``{"type", "data"}`` that ``evolve`` folds."""
        return {"type": self.type, "data": self.data}

    def to_dict(self) -> dict[str, Any]:
        """The JSON form served by the API (``command`` only when present)."""
        out = {"game_id": self.game_id, "version": self.version, "type": self.type, "schema": self.schema,
               "data": self.data, "seat": self.seat, "command_id": self.command_id, "cause": self.cause,
               "ts": self.ts, "head": self.head}
        if self.command is not None:
            out["command"] = self.command
        return out


class BatchHeader(NamedTuple):
    """What every event of one command's batch shares (the ``b`` field of its first entry);
    immutable (a named tuple: one is built for every batch written or read, and a frozen
    dataclass costs five times as much to build).

    Attributes:
        seat: the acting seat, ``None`` for the server.
        cause: one of :data:`CAUSES`.
        ts_ms: the batch's time, UTC milliseconds since the epoch.
        command: the command body.
    """

    seat: int | None
    cause: str
    ts_ms: int
    command: dict

    def to_json(self) -> str:
        """The header as stored: canonical JSON with one-letter keys (see the module doc)."""
        return canonical_json({"c": self.command, "k": self.cause, "s": self.seat, "t": self.ts_ms})

    @classmethod
    def from_json(cls, text: str | bytes) -> "BatchHeader":
        """Parse a stored header; raises ``CodecError`` when it is not one."""
        try:
            raw = orjson.loads(text)
            seat = raw["s"]
            header = cls(None if seat is None else int(seat), str(raw["k"]), int(raw["t"]), dict(raw["c"]))
        except (KeyError, TypeError, ValueError) as exc:
            raise CodecError(f"not a batch header: {exc}") from exc
        if header.cause not in CAUSES:
            raise CodecError(f"not a batch header: unknown cause {header.cause!r}")
        return header


@dataclass
class EncodedBatch:
    """A batch ready to append: its stream entries, its envelopes and the chain head after it."""

    entries: list[tuple[str, str]]
    envelopes: list[Envelope]
    head: bytes


def encode_batch(game_id: str, first_version: int, events: list[dict], header: BatchHeader,
                 prev_head: bytes, key: bytes | None = None) -> EncodedBatch:
    """Encode one command's events as stream-layout-2 entries ``(e, b)`` and chain them.

    Args:
        game_id: the game.
        first_version: the version of the first event (the stream's version + 1).
        events: ``[{"type", "data"}]`` at their types' current schemas (or at
            ``"schema"`` when an event names one).
        header: the batch header.
        prev_head: the chain head at ``first_version - 1`` (raw bytes).
        key: the game's audit key (chain 2), or ``None`` for a game on chain 1 (``events.log.chain``).
    """
    ts = iso(header.ts_ms)
    seat, cause, command_id = header.seat, header.cause, str(first_version)
    entries, envelopes = [], []
    head = prev_head
    last = len(events) - 1
    for position, event in enumerate(events):
        version = first_version + position
        kind, data = event["type"], event["data"]
        schema = event.get("schema") or CURRENT_SCHEMA.get(kind, 1)
        e = f"{kind if schema == 1 else f'{kind}/{schema}'} {canonical_json(data)}"
        b = str(position) if position else header.to_json()
        head = chain.link(head, version, e, b, key)
        h = chain.text_head(head) if position == last else None
        entries.append((e, f"{b} {h}") if h else (e, b))
        envelopes.append(Envelope(game_id, version, kind, data, schema, seat, command_id,
                                  None if position else header.command, ts, cause, h))
    return EncodedBatch(entries, envelopes, head)


def _text(value: Any) -> str:
    return value.decode() if isinstance(value, bytes) else value


def _version_of(entry_id) -> int:
    return int(_text(entry_id).split("-", 1)[0])


def _split_type(t: str) -> tuple[str, int]:
    name, _, schema = t.partition("/")
    return name, int(schema) if schema else 1


def entry_fields(fields: dict) -> tuple[str, str, str, str] | None:
    """The ``(t, d, b, h)`` texts of a layout-2 entry -- type, data, batch field without
    the head, head or "" -- or ``None`` for a layout-1 entry.

    Raises ``CodecError`` for an entry of neither layout, or whose ``e`` or ``b`` is not text."""
    try:
        if "e" in fields:                            # str keys (a decoded reply, a record): no copy needed
            f = fields if type(fields["e"]) is str and type(fields.get("b")) is str else \
                {_text(k): _text(v) for k, v in fields.items()}
        else:
            f = {_text(k): _text(v) for k, v in fields.items()}
        if "e" in f:
            e, b, h = f["e"], f["b"], ""
            if type(e) is not str or type(b) is not str:   # a record's JSON may hold any value there
                raise CodecError("the e and b fields of a stream-layout-2 entry are text")
            t, sep, d = e.partition(" ")
            if not b.endswith("}") and " " in b:     # a header ends with "}", a position is digits
                b, h = b.rsplit(" ", 1)
                if len(h) != chain.HEAD_LENGTH:
                    raise CodecError("the head at the end of the b field is not 43 characters")
            if not sep:
                raise CodecError("the e field holds no data")
            return t, d, b, h
    except (KeyError, UnicodeDecodeError) as exc:
        raise CodecError(f"a stream-layout-2 entry lacks a field: {exc}") from exc
    if "type" in f:
        return None
    raise CodecError("an entry of no known stream layout")


def decode_entries(game_id: str, entries: list, header_at: Callable[[int], BatchHeader] | None = None) -> list[Envelope]:
    """Decode stream entries ``[(entry_id, fields)]`` (bytes or str) into upcast envelopes.

    A layout-2 entry in the middle of a batch takes its batch's header from an
    earlier entry of the list, else from ``header_at(version)`` (the store reads
    the batch's first entry). Raises ``CodecError`` for garbled entries.
    """
    out: list[Envelope] = []
    headers: dict[int, tuple[BatchHeader, str]] = {}
    for entry_id, fields in entries:
        try:
            version = _version_of(entry_id)
            parts = entry_fields(fields)
            if parts is None:
                out.append(_decode_layout1(game_id, version, fields))
                continue
            t, d, b, h = parts
            if b.startswith("{"):
                header = BatchHeader.from_json(b)
                headers[version] = (header, iso(header.ts_ms))
                start = version
            else:
                start = version - int(b)
                if start not in headers:
                    if header_at is None:
                        raise CodecError(f"the batch header at version {start} is not at hand")
                    found = header_at(start)
                    headers[start] = (found, iso(found.ts_ms))
            header, ts = headers[start]
            name, schema = _split_type(t)
            env = Envelope(game_id, version, name, orjson.loads(d), schema, header.seat, str(start),
                           header.command if start == version else None, ts, header.cause, h or None)
        except (KeyError, ValueError, TypeError) as exc:  # UnicodeDecodeError and JSONDecodeError are ValueErrors
            if isinstance(exc, CodecError):
                raise
            shown = entry_id.decode("utf-8", "replace") if isinstance(entry_id, bytes) else entry_id
            raise CodecError(f"stream entry {shown} of game {game_id} is not an event: {exc}") from exc
        out.append(upcast(env))
    return out


def _decode_layout1(game_id: str, version: int, fields: dict) -> Envelope:
    f = {_text(k): _text(v) for k, v in fields.items()}
    env = Envelope(game_id=game_id, version=version, type=f["type"], data=orjson.loads(f["data"]),
                   schema=int(f.get("schema", "1")), seat=int(f["seat"]) if "seat" in f else None,
                   command_id=f.get("command_id"),
                   command=orjson.loads(f["command"]) if "command" in f else None, ts=f.get("ts", ""))
    return upcast(env)


def decode(game_id: str, entry_id: str | bytes, fields: dict) -> Envelope:
    """Decode one stream entry on its own (a layout-1 entry, or a layout-2 batch start).

    Raises ``CodecError`` when the entry is garbled or needs its batch's header."""
    return decode_entries(game_id, [(entry_id, fields)])[0]


def encode(env: Envelope) -> dict[str, str]:
    """One envelope as the stream-layout-2 fields ``{e, b}`` of a one-event batch
    chained from the genesis (for tests and tools; the write path encodes whole batches)."""
    header = BatchHeader(env.seat, env.cause or "system", ms_of(env.ts) or 0, env.command or {})
    event = {"type": env.type, "data": env.data, "schema": env.schema}
    batch = encode_batch(env.game_id, env.version, [event], header, chain.genesis(env.game_id))
    return dict(zip(FIELDS, batch.entries[0]))


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
