"""Snapshots: the folded state of a game kept beside its stream.

The write path (``events.repository``) stores a snapshot with every append, in
the same atomic script, so loading a game's state costs one ``GET`` and one
JSON parse whether the stream holds 10 events or 10,000. A snapshot records
the rules version that wrote it; one from other rules code is ignored and the
state is folded again from the log (``stranded rebuild`` rewrites them all).
A snapshot is a cache: the log is the truth, and ``stranded verify`` checks
the snapshot against a fold of the log.

Snapshot JSON: ``{"version": int, "rules_version": str, "head": str | null,
"ts": int | null, "clocks": {...} | null, "state": <game state>}`` -- ``head``
is the chain head at ``version`` (``events.chain``; null for a log written
before the chain), ``ts`` the time of the last batch in UTC milliseconds and
``clocks`` the seats' time banks (``events.clocks``; null without the option);
``missed`` each seat's streak of missed deadlines (``events.seats``).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import orjson

from events.codec import BatchHeader, CodecError, decode_entries
from events.games.contract import Ruleset
from events.system import SYSTEM_EVENTS  # noqa: F401 (re-exported: where the fold skips them)



@dataclass
class Snapshot:
    """A decoded snapshot: the state at ``version``, the chain head and the last batch's time."""

    state: Any
    version: int
    head: str | None
    ts_ms: int | None
    clocks: dict | None = None
    missed: dict | None = None


def encode_snapshot(ruleset: Ruleset, state: Any, version: int, head: str | None = None,
                    ts_ms: int | None = None, clocks: dict | None = None, missed: dict | None = None) -> str:
    """Serialise ``state`` at ``version`` as snapshot JSON (compact)."""
    return '{"version":%d,"rules_version":%s,"head":%s,"ts":%s,"clocks":%s,"missed":%s,"state":%s}' % (
        version, orjson.dumps(ruleset.version).decode(), orjson.dumps(head).decode(), orjson.dumps(ts_ms).decode(),
        orjson.dumps(clocks).decode(), orjson.dumps(missed or {}).decode(), orjson.dumps(state).decode())


def decode_snapshot(ruleset: Ruleset, raw: str | bytes | None) -> Snapshot | None:
    """Parse snapshot JSON; ``None`` if absent, garbled or from other rules code."""
    if not raw:
        return None
    try:
        snap = orjson.loads(raw)
        if snap.get("rules_version") != ruleset.version:
            return None
        return Snapshot(snap["state"], int(snap["version"]), snap.get("head"), snap.get("ts"), snap.get("clocks"),
                        snap.get("missed"))
    except (orjson.JSONDecodeError, KeyError, TypeError, ValueError, AttributeError):
        return None


def fold_entries(ruleset: Ruleset, game_id: str, entries: list, state: Any = None) -> Any:
    """Fold raw stream entries (``EventStore.read_raw``) into a game state, fast.

    The replay path of ``stranded rebuild``: for a stream-layout-2 entry it
    parses only the event's type and data (no envelope, no batch header);
    anything else -- a layout-1 entry, an event at another schema that needs
    upcasting, a client with ``decode_responses`` -- goes through the full
    codec. Raises ``CodecError`` for an entry that is not an event.
    """
    evolve, loads, system = ruleset.evolve, orjson.loads, _SYSTEM_BYTES
    for entry_id, fields in entries:
        e = fields.get(b"e")
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
    (``[[id, [b"e", e, b"b", b]], ...]``): the events' data are read with one JSON parse
    per call, and type names are decoded once each. Entries of another shape or layout
    go through :func:`fold_entries`."""
    kinds, datas, system, names = [], [], _SYSTEM_BYTES, {}
    for entry_id, fields in entries:
        if len(fields) != 4 or fields[0] != b"e" or fields[2] != b"b":
            return fold_entries(ruleset, game_id, [(i, dict(zip(f[::2], f[1::2]))) for i, f in entries], state)
        e = fields[1]
        space = e.find(b" ")
        kind = e[:space]
        if space < 1 or b"/" in kind:
            return fold_entries(ruleset, game_id, [(i, dict(zip(f[::2], f[1::2]))) for i, f in entries], state)
        if kind in system:
            continue
        name = names.get(kind)
        if name is None:
            name = names[kind] = kind.decode()
        kinds.append(name)
        datas.append(e[space + 1:])
    try:
        parsed = orjson.loads(b"[" + b",".join(datas) + b"]")
    except orjson.JSONDecodeError as exc:
        raise CodecError(f"an entry of game {game_id} holds no JSON data") from exc
    evolve = ruleset.evolve
    for name, data in zip(kinds, parsed):
        state = evolve(state, {"type": name, "data": data})
    return state


def _no_header(version: int):
    """Fast folds need no batch header: a stand-in that is never consulted for the fold."""
    return BatchHeader(None, "system", 0, {})


_SYSTEM_BYTES = frozenset(name.encode() for name in SYSTEM_EVENTS)


def fold(ruleset: Ruleset, envelopes, state: Any = None) -> Any:
    """Fold envelopes (``events.codec.Envelope``) into a game state.

    System events (game creation, seats, the seed reveal) are kept in the log
    but are not the game's: skipping them here saves the call.
    """
    evolve = ruleset.evolve
    for env in envelopes:
        if env.type not in SYSTEM_EVENTS:
            state = evolve(state, {"type": env.type, "data": env.data})
    return state
