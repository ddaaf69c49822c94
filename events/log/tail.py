"""Following many games' streams at once: what each holds past a version, in one read.

The event streams of the API (``service.http.streams``) have one reader per server process that
waits on every watched game together. How that wait is made -- one blocking ``XREAD`` over all the
streams, or on a Redis Cluster (whose ``XREAD`` takes the keys of one slot only) one pipelined
non-blocking read a game, then a pause -- is the log's knowledge, kept here with the key layout.
"""
from __future__ import annotations

import time

from events.log.store import EventStore


def read_after(store: EventStore, client, heads: dict[str, int], *, count: int, block_s: float,
               cluster_pause_s: float) -> list[tuple[str, list]]:
    """``[(game_id, entries)]``: what each game's stream holds after the version ``heads`` gives for
    it (raw entries, ``EventStore.read_raw``'s shape, at most ``count`` a game), waiting up to
    ``block_s`` seconds for anything new. ``client``: the readers' own Redis client (a
    ``RedisCluster`` is read one game at a time, then pauses ``cluster_pause_s`` seconds when
    nothing came). Games with nothing new are left out. Raises what the client raises."""
    keys = {store.key(game_id, "events"): game_id for game_id in heads}
    streams = {key: f"{heads[game_id]}-0" for key, game_id in keys.items()}
    if hasattr(client, "connection_pool"):
        replies = client.xread(streams, count=count, block=int(block_s * 1000))
        found = list(replies.items()) if isinstance(replies, dict) else (replies or [])
    else:
        pipe = client.pipeline(transaction=False)
        for key, after in streams.items():
            pipe.xread({key: after}, count=count)
        found = [reply[0] for reply in pipe.execute() if reply]
        if not found:
            time.sleep(cluster_pause_s)
    out = []
    for key, entries in found:
        game_id = keys.get(key.decode() if isinstance(key, bytes) else key)
        if game_id is not None and entries:
            out.append((game_id, entries))
    return out
