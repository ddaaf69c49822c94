"""Rebuilding projections from the events alone (``stranded rebuild``)."""
from __future__ import annotations

from events.codec import ms_of
from events.games import get_ruleset
from events.meta import GameMeta
from events.snapshots import encode_snapshot, fold
from events.store import EventStore


def game_ids(store: EventStore) -> list[str]:
    """Every game id that has a meta hash, found by scanning keys (no index needed)."""
    ids = []
    pattern = f"{store.prefix}:{{*}}:meta"
    for key in store.redis.scan_iter(match=pattern, count=500):
        key = key.decode() if isinstance(key, bytes) else key
        ids.append(key[len(store.prefix) + 2:-len("}:meta")])
    return sorted(ids)


def rebuild_game(store: EventStore, game_id: str) -> int:
    """Fold the whole log of ``game_id`` and write a fresh snapshot; return its version.

    A game still waiting for players has no state and gets no snapshot (0).
    """
    meta = GameMeta.from_hash(game_id, store.get_meta(game_id))
    ruleset = get_ruleset(meta.ruleset)
    envelopes = store.read(game_id)
    state = fold(ruleset, envelopes)
    if state is None:
        return 0
    last = envelopes[-1]
    store.write_snapshot(game_id, encode_snapshot(ruleset, state, last.version, last.head, ms_of(last.ts)))
    return last.version


def rebuild_all(store: EventStore, progress=None) -> dict[str, int]:
    """Rebuild every game's snapshot; ``progress(game_id)`` is called after each. Returns id -> version."""
    done = {}
    for game_id in game_ids(store):
        done[game_id] = rebuild_game(store, game_id)
        if progress:
            progress(game_id)
    return done

