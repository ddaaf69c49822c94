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
from itertools import compress, count, repeat
from operator import countOf, itemgetter, methodcaller
from typing import Any

import orjson

from events import clocks as clock_rules
from events.chain import HEAD_LENGTH
from events.codec import CURRENT_SCHEMA, BatchHeader, CodecError, decode_entries, ms_of
from events.games.contract import Ruleset
from events.seats import count_missed
from events.system import SYSTEM_EVENTS



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
                        snap.get("missed") or {})
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
_E_AND_B = itemgetter(1, 3)
_SPACE = b" "


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


# -- the snapshots a log implies -----------------------------------------------------------

def expected_snapshots(ruleset: Ruleset, game_id: str, entries: list, versions) -> tuple[dict[int, str], Any]:
    """The exact text of the snapshot the write path (``events.repository``) keeps at each
    version of ``versions``, from the log alone: the one definition of a correct snapshot that
    ``stranded rebuild`` (which writes the last one and judges the stored one) and ``stranded
    verify`` (which judges the stored one) share.

    Args:
        ruleset: the game's rules.
        entries: the raw stream from version 1: ``[(entry id, fields)]`` with ``fields`` a dict
            (bytes or str) or Redis's flat ``[field, value, ...]`` list.
        versions: the versions wanted (each should end a batch; others past the log are left out).

    Returns ``({version: snapshot text}, state)``, the state being the one at the last version
    wanted (``None`` before the game's setup). Each text (:func:`encode_snapshot`) holds the state folded to the
    version, the chain head stored there, the time of its batch, each seat's streak of missed
    deadlines over the batches up to it (``events.seats.count_missed``) and, for a game with
    the ``clock`` option, the clocks recomputed batch by batch (``events.clocks``). One fold of
    the log serves every version. Raises ``CodecError`` for an entry that is not an event.
    """
    wanted = sorted({v for v in versions if 1 <= v <= len(entries)})
    if not wanted:
        return {}, None
    pairs = _entry_pairs([fields for _, fields in entries[:wanted[-1]]])
    created = _created_data(pairs[0][0])
    if created is not None and (created.get("options") or {}).get("clock"):
        return _clocked_snapshots(ruleset, game_id, entries, wanted, created)
    bs = list(map(_SECOND, pairs))
    opening = b"{" if bs and isinstance(bs[0], bytes) else "{"
    starts = list(compress(count(1), map(methodcaller("startswith", opening), bs)))   # versions opening a batch
    deadlines = any(b'"k":"deadline"' in _as_bytes(bs[v - 1]) for v in starts)
    out, state, done = {}, None, 0
    for version in wanted:
        state = _fold_any(ruleset, game_id, entries[done:version], state)
        done = version
        batch_starts = [v for v in starts if v <= version]
        headers = [_header(bs[v - 1]) for v in batch_starts] if deadlines else []
        missed: dict = {}
        for header in headers:
            missed = count_missed(missed, header.seat, header.cause)
        ts = _header(bs[batch_starts[-1] - 1]).ts_ms if batch_starts else None
        out[version] = encode_snapshot(ruleset, state, version, _stored_head(pairs[version - 1]) or None, ts,
                                       None, missed)
    return out, state


def _clocked_snapshots(ruleset: Ruleset, game_id: str, entries: list, wanted: list[int],
                       created: dict) -> tuple[dict, Any]:
    """:func:`expected_snapshots` of a game with a clock: batch by batch, each batch's state
    charged to the clocks before the next is folded (a game's evolve may change it in place)."""
    parsed = [(entry_id, fields if isinstance(fields, dict) else dict(zip(fields[::2], fields[1::2])))
              for entry_id, fields in entries[:wanted[-1]]]
    envelopes = decode_entries(game_id, parsed)
    timed = clock_rules.start(created["options"], created["seats"])
    out, state, missed, batch = {}, None, {}, []
    for env in envelopes + [None]:
        if batch and (env is None or env.command_id != batch[0].command_id):
            first, last = batch[0], batch[-1]
            ts_ms = ms_of(first.ts) or 0
            missed = count_missed(missed, first.seat, first.cause or "seat")
            timed = clock_rules.advance(timed, created["options"], ruleset, state, ts_ms, first.seat,
                                        first.cause or "seat")
            if last.version in wanted:
                out[last.version] = encode_snapshot(ruleset, state, last.version, last.head, ts_ms, timed, missed)
            batch = []
        if env is None:
            break
        batch.append(env)
        if env.type not in SYSTEM_EVENTS:
            state = ruleset.evolve(state, {"type": env.type, "data": env.data})
    return out, state


def _entry_pairs(fields_list: list) -> list[tuple]:
    """:func:`_entry_pair` of every entry; Redis's flat ``[b"e", e, b"b", b]`` lists in C."""
    n = len(fields_list)
    if n and not isinstance(fields_list[0], dict) and countOf(map(len, fields_list), 4) == n \
            and countOf(map(_FIRST, fields_list), b"e") == n:
        return list(map(_E_AND_B, fields_list))
    return [_entry_pair(fields) for fields in fields_list]


def _entry_pair(fields) -> tuple:
    """The ``(e, b)`` field values of a layout-2 entry (bytes or str, as stored); a layout-1
    entry gives ``(its type field, "")``."""
    if not isinstance(fields, dict):
        fields = dict(zip(fields[::2], fields[1::2]))
    for e_key, b_key in (("e", "b"), (b"e", b"b")):
        if e_key in fields:
            return fields[e_key], fields.get(b_key, "")
    return fields.get("type", fields.get(b"type", "")), ""


def _header(b) -> BatchHeader:
    """The batch header a batch's first ``b`` field holds (the head after it cut off, when the
    batch has one event). Raises ``CodecError``."""
    text = b.decode() if isinstance(b, bytes) else b
    if not text.endswith("}"):
        text = text.rsplit(" ", 1)[0]
    return BatchHeader.from_json(text)


def _as_bytes(value) -> bytes:
    return value.encode() if isinstance(value, str) else value


def _created_data(e) -> dict | None:
    """GameCreated's data from the first entry's ``e`` field, or None (a layout-1 log, garbled)."""
    kind, _, data = _as_bytes(e).partition(b" ")
    if not kind.startswith(b"GameCreated"):
        return None
    try:
        parsed = orjson.loads(data)
    except orjson.JSONDecodeError:
        return None
    return parsed if isinstance(parsed, dict) else None


def _stored_head(pair: tuple) -> str | None:
    """The chain head stored at the end of an entry's ``b`` field (the last of a batch), or None.
    Raises ``CodecError`` when what follows the field's last space is not 43 characters."""
    b = pair[1].decode() if isinstance(pair[1], bytes) else pair[1]
    if b.endswith("}") or " " not in b:
        return None
    head = b.rsplit(" ", 1)[1]
    if len(head) != HEAD_LENGTH:
        raise CodecError("the head at the end of the b field is not 43 characters")
    return head


def _fold_any(ruleset: Ruleset, game_id: str, entries: list, state: Any) -> Any:
    """Fold raw entries of either shape: Redis's flat lists fast (:func:`fold_flat`), dicts
    through :func:`fold_entries`."""
    if entries and not isinstance(entries[0][1], dict):
        return fold_flat(ruleset, game_id, entries, state)
    return fold_entries(ruleset, game_id, entries, state)
