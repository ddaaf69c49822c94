"""Snapshots: the folded state of a game kept beside its stream.

The write path (``events.log.repository``) stores a snapshot with every append, in
the same atomic script, so loading a game's state costs one ``GET`` and one
JSON parse whether the stream holds 10 events or 10,000. A snapshot records
the rules version that wrote it; one from other rules code is ignored and the
state is folded again from the log (``stranded rebuild`` rewrites them all).
A snapshot is a cache: the log is the truth, and ``stranded verify`` checks
the snapshot against a fold of the log.

Snapshot JSON: ``{"version": int, "rules_version": str, "head": str | null,
"ts": int | null, "clocks": {...} | null, "state": <game state>}`` -- ``head``
is the chain head at ``version`` (``events.log.chain``; null for a log written
before the chain), ``ts`` the time of the last batch in UTC milliseconds and
``clocks`` the seats' time banks (``events.table.clocks``; null without the option);
``missed`` each seat's streak of missed deadlines (``events.table.seats``).
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import compress, repeat
from operator import countOf, itemgetter
from typing import Any

import orjson

from events.log.codec import CURRENT_SCHEMA, BatchHeader, CodecError, decode_entries
from events.games.contract import Ruleset
from events.table.system import SYSTEM_EVENTS



@dataclass
class Snapshot:
    """A decoded snapshot: the state at ``version``, the chain head and the last batch's time."""

    state: Any
    version: int
    head: str | None
    ts_ms: int | None
    clocks: dict | None = None
    missed: dict | None = None
    seats: list | None = None


def encode_snapshot(ruleset: Ruleset, state: Any, version: int, head: str | None = None,
                    ts_ms: int | None = None, clocks: dict | None = None, missed: dict | None = None,
                    seats: list | None = None) -> str:
    """Serialise ``state`` at ``version`` as snapshot JSON (compact). ``seats``: the seats as the
    log leaves them at ``version`` (``events.table.seats.LOGGED_SEAT_FIELDS``), which only a checkpoint
    (``events.log.checkpoints``) carries; left out when None."""
    seated = "" if seats is None else ',"seats":' + orjson.dumps(seats).decode()
    return '{"version":%d,"rules_version":%s,"head":%s,"ts":%s,"clocks":%s,"missed":%s%s,"state":%s}' % (
        version, orjson.dumps(ruleset.version).decode(), orjson.dumps(head).decode(), orjson.dumps(ts_ms).decode(),
        orjson.dumps(clocks).decode(), orjson.dumps(missed or {}).decode(), seated, orjson.dumps(state).decode())


def decode_snapshot(ruleset: Ruleset, raw: str | bytes | None) -> Snapshot | None:
    """Parse snapshot JSON; ``None`` if absent, garbled or from other rules code."""
    if not raw:
        return None
    try:
        snap = orjson.loads(raw)
        if snap.get("rules_version") != ruleset.version:
            return None
        return Snapshot(snap["state"], int(snap["version"]), snap.get("head"), snap.get("ts"), snap.get("clocks"),
                        snap.get("missed") or {}, snap.get("seats"))
    except (orjson.JSONDecodeError, KeyError, TypeError, ValueError, AttributeError):
        return None


def fold_entries(ruleset: Ruleset, game_id: str, entries: list, state: Any = None) -> Any:
    """Fold raw stream entries (``EventStore.read_raw``) into a game state, fast.

    The replay path of ``stranded rebuild``: for a stream-layout-2 entry it
    parses only the event's type and data (no envelope, no batch header);
    anything else -- a layout-1 entry, an event at another schema that needs
    upcasting -- goes through the full codec. Entries with text fields (a client
    with ``decode_responses``, a record) take the same fast path. Raises
    ``CodecError`` for an entry that is not an event.
    """
    evolve, loads, system = ruleset.evolve, orjson.loads, _SYSTEM_BYTES
    for entry_id, fields in entries:
        e = fields.get(b"e")
        if e is None and isinstance(fields.get("e"), str):
            text = fields["e"]
            space = text.find(" ")
            kind = text[:space]
            if kind in SYSTEM_EVENTS:
                continue
            if space > 0 and "/" not in kind:
                try:
                    data = loads(text[space + 1:])
                except orjson.JSONDecodeError as exc:
                    raise CodecError(f"stream entry {entry_id!r} of game {game_id} holds no JSON data") from exc
                state = evolve(state, {"type": kind, "data": data})
                continue
        if e is not None:
            space = e.find(b" ")
            kind = e[:space]
            if kind in system:
                continue
            if space > 0 and b"/" not in kind:
                try:
                    data = loads(memoryview(e)[space + 1:])
                except orjson.JSONDecodeError as exc:
                    raise CodecError(f"stream entry {entry_id!r} of game {game_id} holds no JSON data") from exc
                state = evolve(state, {"type": kind.decode(), "data": data})
                continue
        state = fold(ruleset, decode_entries(game_id, [(entry_id, fields)], _no_header), state)
    return state


def fold_flat(ruleset: Ruleset, game_id: str, entries: list, state: Any = None) -> Any:
    """:func:`fold_entries` for entries as Redis sends them, unparsed by the client
    (``[[id, [b"e", e, b"b", b]], ...]``), with as little Python per event as it can.

    The entries are split in C (``map``, ``bytes.partition``), each distinct type is
    named once, and every event's data -- the system events' too, so that a garbled one
    is still found -- is parsed by ``orjson`` without a Python loop. Entries of
    another shape or layout, and a game event at an older schema (it needs upcasting),
    send the whole list through :func:`fold_entries`. Raises ``CodecError`` for an entry
    that is not an event."""
    fields = list(map(_SECOND, entries))
    count = len(fields)
    if (countOf(map(len, fields), 4) != count or countOf(map(_FIRST, fields), b"e") != count
            or countOf(map(_THIRD, fields), b"b") != count):
        return _fold_parsed(ruleset, game_id, entries, state)
    parts = list(map(bytes.partition, map(_SECOND, fields), repeat(_SPACE)))
    kinds = list(map(_FIRST, parts))
    names = {kind: _game_type(kind) for kind in set(kinds)}
    if False in names.values() or countOf(map(_SECOND, parts), _SPACE) != count:
        return _fold_parsed(ruleset, game_id, entries, state)
    try:
        datas = list(map(orjson.loads, map(_THIRD, parts)))
    except orjson.JSONDecodeError as exc:
        raise CodecError(f"an entry of game {game_id} holds no JSON data") from exc
    named = list(map(names.__getitem__, kinds))
    return ruleset.fold_pairs(state, compress(zip(named, datas), named))   # system events (None) skipped


def _game_type(kind: bytes) -> str | None | bool:
    """What the fast fold does with events of type ``kind`` (``b"Type"`` or ``b"Type/2"``):
    ``None`` skips a system event, a name folds a game event at its current schema,
    ``False`` asks for the full codec (an empty type, not UTF-8, a schema to upcast from)."""
    try:
        name, _, schema = kind.decode().partition("/")
    except UnicodeDecodeError:
        return False
    if name in SYSTEM_EVENTS:
        return None
    if not name or (schema and schema != str(CURRENT_SCHEMA.get(name, 1))):
        return False
    return name


def _fold_parsed(ruleset: Ruleset, game_id: str, entries: list, state: Any) -> Any:
    """:func:`fold_entries` of unparsed entries (``[id, [field, value, ...]]``)."""
    return fold_entries(ruleset, game_id, [(i, dict(zip(f[::2], f[1::2]))) for i, f in entries], state)


_FIRST, _SECOND, _THIRD = itemgetter(0), itemgetter(1), itemgetter(2)
_SPACE = b" "


def _no_header(version: int):
    """Fast folds need no batch header: a stand-in that is never consulted for the fold."""
    return BatchHeader(None, "system", 0, {})


_SYSTEM_BYTES = frozenset(name.encode() for name in SYSTEM_EVENTS)


def fold(ruleset: Ruleset, envelopes, state: Any = None) -> Any:
    """Fold envelopes (``events.log.codec.Envelope``) into a game state.

    System events (game creation, seats, the seed reveal) are kept in the log
    but are not the game's: skipping them here saves the call.
    """
    evolve = ruleset.evolve
    for env in envelopes:
        if env.type not in SYSTEM_EVENTS:
            state = evolve(state, {"type": env.type, "data": env.data})
    return state
