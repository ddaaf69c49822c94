"""Snapshots: the folded state of a game kept beside its stream.

The write path (``events.handling``) stores a snapshot with every append, in the
same atomic script, so loading a game's state costs one ``GET`` and one JSON
parse whether the stream holds 10 events or 10,000. A snapshot records the
rules version that wrote it; one from other rules code is ignored and the state
is folded again from the log (``stranded rebuild`` rewrites them all).

Snapshot JSON: ``{"version": int, "rules_version": str, "state": <game state>}``.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import orjson

from events.games.contract import Ruleset
from events.store import EventStore

SYSTEM_EVENTS = frozenset({"GameCreated", "SeatJoined", "SeedRevealed"})


@dataclass
class Loaded:
    """A game's state as of ``version`` and whether a snapshot gave it."""

    state: Any
    version: int
    from_snapshot: bool


def encode_snapshot(ruleset: Ruleset, state: Any, version: int) -> str:
    """Serialise ``state`` at ``version`` as snapshot JSON (compact)."""
    return '{"version":%d,"rules_version":%s,"state":%s}' % (
        version,
        json.dumps(ruleset.version),
        orjson.dumps(state).decode(),
    )


def decode_snapshot(ruleset: Ruleset, raw: str | bytes | None) -> Loaded | None:
    """Parse snapshot JSON; ``None`` if absent, garbled or from other rules code."""
    if not raw:
        return None
    try:
        snap = orjson.loads(raw)
    except orjson.JSONDecodeError:
        return None
    if snap.get("rules_version") != ruleset.version:
        return None
    return Loaded(snap["state"], int(snap["version"]), True)


def fold(ruleset: Ruleset, envelopes, state: Any = None) -> Any:
    """Fold envelopes (``events.codec.Envelope``) into a game state.

    System events (game creation, seats, the seed reveal) are kept in the log
    but are not the game's: the game's ``evolve`` ignores unknown types, and
    skipping them here saves the call.
    """
    evolve = ruleset.evolve
    for env in envelopes:
        if env.type not in SYSTEM_EVENTS:
            state = evolve(state, {"type": env.type, "data": env.data})
    return state


def load_state(store: EventStore, ruleset: Ruleset, game_id: str, snapshot_raw=None, version: int | None = None) -> Loaded:
    """The current state of a game: its snapshot, or a fold of the log.

    Args:
        snapshot_raw: the snapshot JSON if the caller already fetched it.
        version: the stream version if the caller already knows it.
    A snapshot behind the stream is brought forward by folding the missing
    events; one from other rules code is dropped and the whole log folded.
    """
    if snapshot_raw is None:
        snapshot_raw = store.read_snapshot(game_id)
    if version is None:
        version = store.version(game_id)
    snap = decode_snapshot(ruleset, snapshot_raw)
    if snap is not None and snap.version == version:
        return snap
    if snap is not None and snap.version < version:
        state = fold(ruleset, store.read(game_id, after=snap.version), snap.state)
        return Loaded(state, version, False)
    return Loaded(fold(ruleset, store.read(game_id)), version, False)


def state_at(store: EventStore, ruleset: Ruleset, game_id: str, version: int) -> Any:
    """The state after the first ``version`` events (the basis of replay)."""
    return fold(ruleset, store.read(game_id, until=version))
