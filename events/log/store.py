"""The event store: one Redis stream per game, appended to atomically and
conditionally.

Keys of one game share the hash tag ``{<game id>}`` so every operation on a
game touches one Redis Cluster slot::

    stranded:{<game>}:events        the stream; entry id "<version>-0", fields e, b
                                    (stream layout 2, ``events.log.codec``)
    stranded:{<game>}:snapshot      the latest state snapshot (opaque text)
    stranded:{<game>}:meta          a hash of public/private game metadata
    stranded:{<game>}:idem:<key>    "first,last,tag" of an idempotent append (the tag binds
                                    the key to the command it was used for)

:meth:`EventStore.append` is one Lua script (``append.lua``, sent with
EVALSHA): it checks the idempotency key, then that the stream is still at the
expected version, then adds all events of the batch, and in the same atomic
step writes the snapshot and meta fields passed with it. The stream is never
trimmed, so its length is its version.

The store works with clients created with ``decode_responses`` either False
(bytes, the project default) or True.
"""
from __future__ import annotations

from importlib import resources
from typing import Any

import orjson
from redis.exceptions import NoScriptError

from events.log.codec import CodecError, EncodedBatch, entry_fields
from events.log.reads import StreamReads
from events.log.replies import (AppendResult, GameKeys, LoadReply, WholeGame, lenient_text, link_entries,  # noqa: F401
                                remembered, text, unparsed_stream_client)

from events.log.errors import ConcurrencyError, DamagedLog, GameNotFound

__all__ = [
    "AppendResult",
    "ConcurrencyError",
    "DamagedLog",
    "EventStore",
    "GameNotFound",
    "WholeGame",
    "link_entries",
    "unparsed_stream_client",
]

_APPEND_LUA = resources.files("events.log").joinpath("append.lua").read_text(encoding="utf-8")

_OK, _CONFLICT, _DUPLICATE = 1, 0, 2


class EventStore(StreamReads):
    """Per-game event streams in Redis, with optimistic concurrency.

    Args:
        redis: a ``redis.Redis`` (or ``RedisCluster``, or ``fakeredis`` with
            Lua) client; ``decode_responses`` may be False or True. The client
            is shared, so the store is as thread-safe as the client is.
        prefix: the first part of every key (``"stranded"``).
    """

    def __init__(self, redis, prefix: str = "stranded"):
        self.redis = redis
        self.prefix = prefix
        self._append_script = redis.register_script(_APPEND_LUA)
        self._unparsed = None            # the client of :attr:`unparsed`, made on first use
        self._texts = None               # the client of :attr:`texts` (False where there is none), likewise

    # -- keys ---------------------------------------------------------------

    def key(self, game_id: str, part: str) -> str:
        """The Redis key of one part of a game: ``"<prefix>:{<game_id>}:<part>"``.

        Args:
            game_id: the game; must be non-empty and contain no ``{`` or ``}``
                (they would break the hash tag).
            part: ``"events"``, ``"snapshot"``, ``"meta"`` or ``"idem:<key>"``.

        Raises:
            ValueError: an invalid game id.
        """
        if not game_id or "{" in game_id or "}" in game_id:
            raise ValueError(f"invalid game id {game_id!r}: must be non-empty without braces")
        return f"{self.prefix}:{{{game_id}}}:{part}"

    # -- writing ------------------------------------------------------------

    def append(
        self,
        game_id: str,
        expected_version: int,
        batch: EncodedBatch,
        *,
        snapshot: str | None = None,
        meta: dict[str, str] | None = None,
        idempotency_key: str | None = None,
        idempotency_ttl_s: int = 86400,
        idempotency_tag: str = "",
        checkpoint: tuple[str, str] | None = None,
    ) -> AppendResult:
        """Append one command's batch, all or none, if the stream is still at
        ``expected_version``; one atomic Redis script, one round trip.

        Args:
            game_id: the game.
            expected_version: the version the caller decided at (0 for a new
                game). The batch's envelopes must carry versions
                ``expected_version + 1, + 2, ...`` in order.
            batch: the encoded batch (``events.log.codec.encode_batch``): at least
                one entry, all of ``game_id``.
            snapshot: if given, stored as the game's snapshot in the same
                atomic step (only when the events are appended).
            meta: if given, these fields are set on the game's meta hash in
                the same atomic step (other fields are kept).
            idempotency_key: if given and already used for this game within
                its TTL, nothing is written and the first append's result is
                returned with ``duplicate=True`` -- even if
                ``expected_version`` is stale by now. Otherwise the result is
                remembered under this key.
            idempotency_ttl_s: how long (seconds, > 0) the key is remembered.
            idempotency_tag: what the key is bound to (a digest of the command;
                no commas), remembered with it and returned on a duplicate.
            checkpoint: ``(field, text)``: a checkpoint (``events.log.checkpoints``) to keep
                in the game's checkpoints hash in the same atomic step.

        Returns:
            The :class:`AppendResult` (versions written, or first written).

        Raises:
            ValueError: no events, versions not consecutive from
                ``expected_version + 1``, an envelope of another game, a
                negative ``expected_version`` or a non-positive TTL.
            ConcurrencyError: the stream is not at ``expected_version``;
                nothing was written (no events, snapshot, meta or key).
        """
        if expected_version < 0:
            raise ValueError(f"expected_version must be >= 0, got {expected_version}")
        if not batch.entries:
            raise ValueError("append needs at least one event")
        for offset, env in enumerate(batch.envelopes, start=1):
            if env.version != expected_version + offset:
                got = [e.version for e in batch.envelopes]
                raise ValueError(
                    f"envelope versions {got} are not consecutive from {expected_version + 1}"
                )
            if env.game_id != game_id:
                raise ValueError(f"envelope of game {env.game_id!r} appended to game {game_id!r}")
        if idempotency_key is not None and idempotency_ttl_s <= 0:
            raise ValueError(f"idempotency_ttl_s must be > 0, got {idempotency_ttl_s}")

        base = self.key(game_id, "")
        keys = [base + "events", base + "snapshot", base + "meta"]
        args: list[Any] = [expected_version, orjson.dumps(batch.entries)]
        if checkpoint is not None:
            keys += [f"{base}idem:{idempotency_key}" if idempotency_key is not None else keys[0],
                     base + "checkpoints"]
            args += [snapshot or "", int(idempotency_ttl_s), idempotency_tag, checkpoint[1], checkpoint[0]]
        elif idempotency_key is not None:
            keys.append(f"{base}idem:{idempotency_key}")
            args += [snapshot or "", int(idempotency_ttl_s), idempotency_tag]
        elif meta:
            args += [snapshot or "", "", ""]
        elif snapshot is not None:
            args.append(snapshot)
        for field, value in (meta or {}).items():
            args += [field, value]
        with GameKeys(game_id):
            reply = self._run_append(keys, args)
        outcome = int(reply[0])
        if outcome == _OK:
            return AppendResult(int(reply[1]), int(reply[2]), False)
        if outcome == _CONFLICT:
            raise ConcurrencyError(game_id, expected_version, int(reply[1]))
        if outcome == _DUPLICATE:
            return remembered(reply[1], game_id)
        raise RuntimeError(f"unexpected reply from append script: {reply!r}")  # pragma: no cover

    def _run_append(self, keys: list[str], args: list) -> list:
        """EVALSHA of the append script, straight through the client (redis-py's ``Script``
        wrapper checks its client's type on every call); loads the script on a server that
        does not know it yet (a restart, a fail-over, a new cluster node) and runs it again."""
        try:
            return self.redis.execute_command("EVALSHA", self._append_script.sha, len(keys), *keys, *args)
        except NoScriptError:
            return self._append_script(keys=keys, args=args)

    def checkpoints(self, game_id: str, fields: list[str]) -> list[str | None]:
        """The game's checkpoints (``events.log.checkpoints``) in these fields of its checkpoints
        hash, as text (None where there is none), in one ``HMGET``."""
        with GameKeys(game_id):
            return [text(v) if v is not None else None
                    for v in self.redis.hmget(self.key(game_id, "checkpoints"), fields)]

    def write_checkpoints(self, game_id: str, checkpoints: dict[str, str]) -> None:
        """Set these fields of the game's checkpoints hash (``stranded rebuild``); others are kept."""
        if checkpoints:
            self.redis.hset(self.key(game_id, "checkpoints"), mapping=checkpoints)

    def write_snapshot(self, game_id: str, snapshot: str) -> None:
        """Replace the game's snapshot unconditionally (``stranded rebuild``).

        Args:
            game_id: the game.
            snapshot: opaque text (the projection decides its format).
        """
        self.redis.set(self.key(game_id, "snapshot"), snapshot)

    def set_meta(self, game_id: str, fields: dict[str, str]) -> None:
        """Set these fields on the game's meta hash; other fields are kept.

        Args:
            game_id: the game.
            fields: field -> string value; an empty dict writes nothing.
        """
        if fields:
            self.redis.hset(self.key(game_id, "meta"), mapping=fields)

    # -- parts of another's pipeline (bulk tools: rebuild, import, a summary's links) --------

    def pipe_read_stream(self, pipe, game_id: str, first_only: bool = False) -> None:
        """Queue on ``pipe`` the read of ``game_id``'s stream entries (raw: ``read_raw``'s shape
        from an unparsed client), all of them or with ``first_only`` its first."""
        key = self.key(game_id, "events")
        if first_only:
            pipe.xrange(key, min="1-0", max="1-0")
        else:
            pipe.xrange(key)

    def pipe_write_entries(self, pipe, game_id: str, entries: list) -> None:
        """Queue on ``pipe`` the writing of ``entries`` (``[(entry_id, {field: value})]``, as a record
        or ``read_raw`` holds them, each checked by its caller) to ``game_id``'s stream, ids kept."""
        key = self.key(game_id, "events")
        for entry_id, fields in entries:
            pipe.xadd(key, fields, id=entry_id)

    def version(self, game_id: str) -> int:
        """The game's current version: the number of events in its stream
        (0 when the stream does not exist)."""
        with GameKeys(game_id):
            return int(self.redis.xlen(self.key(game_id, "events")))

    def exists(self, game_id: str) -> bool:
        """Whether the game exists: its meta hash or its stream does."""
        return bool(self.redis.exists(self.key(game_id, "meta"), self.key(game_id, "events")))

    def require(self, game_id: str) -> None:
        """Raise :class:`GameNotFound` unless :meth:`exists` is true."""
        if not self.exists(game_id):
            raise GameNotFound(game_id)

    def read_snapshot(self, game_id: str) -> str | None:
        """The game's snapshot text, or ``None`` if none was written."""
        with GameKeys(game_id):
            value = self.redis.get(self.key(game_id, "snapshot"))
            return None if value is None else text(value)

    def get_meta(self, game_id: str) -> dict[str, str]:
        """The game's meta hash as ``{field: value}`` strings (``{}`` if none)."""
        with GameKeys(game_id):
            raw = self.redis.hgetall(self.key(game_id, "meta"))
            return {text(k): text(v) for k, v in raw.items()}

    def idempotent_result(self, game_id: str, idempotency_key: str) -> AppendResult | None:
        """The remembered result of an append made with this idempotency key
        (``duplicate=True``), or ``None`` if the key is unknown or expired."""
        with GameKeys(game_id):
            value = self.redis.get(self.key(game_id, f"idem:{idempotency_key}"))
        return None if value is None else remembered(value, game_id)

    def load(self, game_id: str, idempotency_key: str | None = None):
        """Everything the command path reads, in one round trip and one atomic step
        (MULTI/EXEC over keys of one slot), so the meta, snapshot and version are of
        the same moment: a join racing with another can never pair a newer version
        with an older seat list.

        Returns a :class:`LoadReply`: the meta hash as strings (``{}`` for an
        unknown game), the snapshot text or ``None``, the stream version (its
        length), ``(first, last)`` if ``idempotency_key`` was already used on
        this game (else ``None``), and the version and chain head its last entry
        carries -- which differ from the length, or from the snapshot's head,
        when the stream was edited behind the server's back.
        """
        pipe = self.redis.pipeline(transaction=True)
        pipe.hgetall(self.key(game_id, "meta"))
        pipe.get(self.key(game_id, "snapshot"))
        pipe.xlen(self.key(game_id, "events"))
        pipe.xrevrange(self.key(game_id, "events"), count=1)
        if idempotency_key is not None:
            pipe.get(self.key(game_id, f"idem:{idempotency_key}"))
        with GameKeys(game_id):
            replies = pipe.execute()
            meta = {text(k): text(v) for k, v in replies[0].items()}
        snapshot = None if replies[1] is None else lenient_text(replies[1])   # garbled: ignored, folded again
        seen = None
        if idempotency_key is not None and replies[4] is not None:
            seen = remembered(replies[4], game_id)
        last_version, last_head = 0, None
        if replies[3]:
            entry_id, fields = replies[3][0]
            if isinstance(fields, list):   # a cluster transaction leaves XREVRANGE unparsed: [f, v, ...]
                fields = dict(zip(fields[::2], fields[1::2]))
            last_version = int(text(entry_id).split("-", 1)[0])
            try:
                parts = entry_fields(fields)
                last_head = (parts[3] or None) if parts is not None else None
            except CodecError:
                last_head = None
        return LoadReply(meta, snapshot, int(replies[2]), seen, last_version, last_head)
