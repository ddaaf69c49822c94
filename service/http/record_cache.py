"""Finished games' records as the API serves them, kept in this process.

``GET /v1/games/{id}/record`` of a long game reads its whole stream and writes megabytes of JSON
(a 12,000-event Zombies!!! Quickplay game: 1.5 MiB, ~70 ms of CPU). A finished game's record
does not change, so each process builds it once and serves the bytes again: the entry is kept
under the game's fingerprint (``EventStore.fingerprint``: its meta, snapshot, checkpoints and
last entry, read in one small atomic step), so a repair by ``stranded rebuild``, an import or
anything else that changes what the record holds is seen and the record built afresh. At most
:data:`RECORD_CACHE_BYTES` bytes are kept, least recently served first out.

Limit: an edit of stored entries from outside the server that leaves the last entry as it was is not
seen by a process that built the record before it (the fingerprint reads the last entry only); the
audit (``GET .../verification`` once asked again, ``stranded verify``) reads the whole log afresh.

The fingerprint stays in the process: it digests the raw meta hash, which holds private fields (the
creating address's hash, the seats' settings). What a client sees is the ETag of the bytes it
gets (werkzeug's ``generate_etag``, computed once with them).
"""
from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Callable

from werkzeug.http import generate_etag

#: Bytes of records one process keeps (32 MiB: some twenty of the longest games).
RECORD_CACHE_BYTES = 32 * 1024 * 1024


class ServedRecords:
    """A bounded, least-recently-served cache of record bodies by game: ``{game_id: (fingerprint,
    body, etag)}``; ``max_bytes``: the most body bytes kept (a body larger than that is served, not kept)."""

    def __init__(self, max_bytes: int = RECORD_CACHE_BYTES):
        self.max_bytes = max_bytes
        self.size = 0
        self._kept: OrderedDict[str, tuple[str, bytes, str]] = OrderedDict()
        self._lock = threading.Lock()

    def body(self, game_id: str, fingerprint: str, build: Callable[[], bytes]) -> tuple[bytes, str]:
        """``(body, etag)``: the record body of ``game_id`` as it is at ``fingerprint`` -- the kept one
        when it was built at that fingerprint, else ``build()`` (kept for next time) -- and the strong
        ETag of those bytes. Raises what ``build`` raises."""
        with self._lock:
            found = self._kept.get(game_id)
            if found is not None and found[0] == fingerprint:
                self._kept.move_to_end(game_id)
                return found[1], found[2]
        body = build()
        etag = generate_etag(body)
        with self._lock:
            old = self._kept.pop(game_id, None)
            if old is not None:
                self.size -= len(old[1])
            if len(body) <= self.max_bytes:
                self._kept[game_id] = (fingerprint, body, etag)
                self.size += len(body)
                while self.size > self.max_bytes:
                    _, (_, dropped, _) = self._kept.popitem(last=False)
                    self.size -= len(dropped)
        return body, etag
