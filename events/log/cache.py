"""An in-process cache of the write model, so a command costs one Redis round trip.

Each API or worker process may keep, per game, the version, meta and state
its last successful append produced. A command is then decided against that
entry and appended conditionally on its version: the Lua append still refuses
it if any other process moved the game on, and the command is then decided
again on a fresh load. The cache therefore never decides what is appended --
the stream's version does. Entries are treated as immutable (``execute``
evolves a copy), bounded LRU, and safe to share between threads (writers take a lock).
"""
from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any


class StateCache:
    """LRU map ``game_id -> events.log.repository.Game`` holding at most ``size`` games.

    An entry is any object with a ``version``; entries are never mutated (the
    repository copies the state before evolving it)."""

    def __init__(self, size: int = 1024):
        self.size = size
        self._entries: OrderedDict[str, Any] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, game_id: str) -> Any | None:
        """The cached entry of ``game_id``, or None.

        Without the lock: every read looks the cache up, and each of the two steps is one
        atomic operation of the ``OrderedDict`` (C code under the interpreter lock); an entry
        dropped between them is simply not moved."""
        entry = self._entries.get(game_id)
        if entry is not None:
            try:
                self._entries.move_to_end(game_id)
            except KeyError:
                pass
        return entry

    def put(self, game_id: str, entry: Any) -> None:
        """Remember ``entry`` unless a newer version is already cached."""
        with self._lock:
            old = self._entries.get(game_id)
            if old is not None and old.version > entry.version:
                return
            self._entries[game_id] = entry
            self._entries.move_to_end(game_id)
            while len(self._entries) > self.size:
                self._entries.popitem(last=False)

    def drop(self, game_id: str) -> None:
        """Forget ``game_id`` (its entry turned out stale)."""
        with self._lock:
            self._entries.pop(game_id, None)
