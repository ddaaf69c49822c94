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
from typing import Any, Iterator, NamedTuple

import orjson
from redis.exceptions import NoScriptError, ResponseError

from events.log import chain  # noqa: F401 (system registers the upcasters of the server's own events)

from events.table import system
from events.log.codec import BatchHeader, CodecError, EncodedBatch, Envelope, decode_entries, entry_fields

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


class ConcurrencyError(Exception):
    """The game's stream was not at the version the caller expected.

    Raised by :meth:`EventStore.append` when another writer got there first
    (a lost race) or the caller's ``expected_version`` was stale. Nothing was
    written. An HTTP caller answers 409; a worker re-reads and re-decides.

    Attributes:
        game_id: the game.
        expected: the version the caller expected the stream to be at.
        actual: the version the stream was actually at.
    """

    def __init__(self, game_id: str, expected: int, actual: int):
        self.game_id = game_id
        self.expected = expected
        self.actual = actual
        super().__init__(
            f"game {game_id!r} is at version {actual}, not at the expected version {expected}"
        )


class GameNotFound(KeyError):
    """No game with this id exists (neither its meta hash nor its stream).

    Attributes:
        game_id: the game asked for.
    """

    def __init__(self, game_id: str):
        self.game_id = game_id
        super().__init__(game_id)

    def __str__(self) -> str:  # KeyError's str() would be the repr of the id
        return f"no game {self.game_id!r}"


class DamagedLog(Exception):
    """A game whose keys this server cannot read or fold: a key of the wrong type (its events
    key not a stream, its meta not a hash), a meta field of the wrong shape, a log the rules
    cannot fold. Nothing is decided or shown for it (the API answers 409 ``log_damaged``)
    until an operator repairs it; every other game goes on. ``stranded verify`` says what is
    wrong with it.

    Attributes:
        game_id: the game.
        why: what is wrong, in one sentence.
    """

    def __init__(self, game_id: str, why: str):
        super().__init__(f"game {game_id}: {why}")
        self.game_id, self.why = game_id, why


def is_wrong_type(exc: BaseException) -> bool:
    """Whether ``exc`` is Redis refusing a command on a key that holds another type of value
    (``WRONGTYPE``): a game key overwritten from outside."""
    return isinstance(exc, ResponseError) and "WRONGTYPE" in str(exc)


class _GameKeys:
    """Context manager around reads of one game's keys: a ``WRONGTYPE`` reply or bytes that are
    not UTF-8 where text is stored become :class:`DamagedLog` for that game (any other error
    passes through)."""

    __slots__ = ("game_id",)

    def __init__(self, game_id: str):
        self.game_id = game_id

    def __enter__(self):
        return self

    def __exit__(self, kind, exc, tb):
        if exc is None:
            return False
        if is_wrong_type(exc):
            raise DamagedLog(self.game_id, f"its keys cannot be read as a game's ({exc})") from exc
        if isinstance(exc, UnicodeDecodeError):
            raise DamagedLog(self.game_id, f"one of its keys holds bytes that are not UTF-8 text ({exc})") from exc
        return False


class LoadReply(NamedTuple):
    """What :meth:`EventStore.load` read, all of one moment (see there); immutable."""

    meta: dict
    snapshot: str | None
    version: int
    seen: "AppendResult | None"
    last_version: int
    last_head: str | None


class WholeGame(NamedTuple):
    """What :meth:`EventStore.read_whole` read, all of one moment: the meta hash as strings,
    the stream's entries undecoded (``[(entry_id, {field: value})]``, str), the snapshot text
    or ``None``, the checkpoints (``events.log.checkpoints``) by field, as text."""

    meta: dict
    entries: list
    snapshot: str | None
    checkpoints: dict = {}


class AppendResult(NamedTuple):
    """What an append wrote (immutable: a named tuple, cheaper to build than a frozen dataclass).

    Attributes:
        first_version: version of the first event of the batch.
        last_version: version of the last event of the batch (the stream's
            version right after this append).
        duplicate: True when the idempotency key had been seen: nothing was
            appended now and the versions are those of the first append.
        tag: what the idempotency key was bound to when it was first used.
    """

    first_version: int
    last_version: int
    duplicate: bool = False
    tag: str = ""


def _text(value: Any) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)


def _lenient_text(value: Any) -> str:
    """``value`` as str: bytes decoded as UTF-8, an invalid byte kept as a lone surrogate."""
    return value.decode("utf-8", "surrogateescape") if type(value) is bytes else str(value)


def unparsed_stream_client(redis):
    """A client on ``redis``'s connections that hands stream replies back unparsed
    (``[[id, [field, value, ...]]]``): redis-py's parsing of each entry into a tuple and a
    dict costs more than reading them flat. A Redis Cluster client (it has no single pool) is
    used as it is: its replies come parsed (or, inside a transaction, flat), and the readers
    take both."""
    if not hasattr(redis, "connection_pool"):
        return redis
    raw = type(redis)(connection_pool=redis.connection_pool)
    raw.set_response_callback("XRANGE", lambda response, **options: response)
    return raw


def _remembered(value, game_id: str = "?") -> AppendResult:
    """The result an idempotency key holds ("first,last[,tag]"); raises :class:`DamagedLog` for
    anything else (a key written from outside)."""
    try:
        first, last, *tag = _text(value).split(",")
        return AppendResult(int(first), int(last), True, tag[0] if tag else "")
    except (ValueError, UnicodeDecodeError) as exc:
        raise DamagedLog(game_id, f"an idempotency key of it holds {_lenient_text(value)[:40]!r}, not "
                                  "versions") from exc


def link_entries(prev: bytes | None, entries: list, key: bytes | None = None) -> tuple[list[str | None], bytes | None]:
    """The chain head after each of ``entries`` (raw stream entries, ``read_raw``'s shape, in
    version order), starting from ``prev``: the head before the first of them (raw bytes);
    ``key``: the game's audit key (chain 2), ``None`` on chain 1 (``events.log.chain``).

    Returns ``(heads, last)``: one head per entry (43 characters), and the head after the
    last as raw bytes. Where the chain cannot be followed -- ``prev`` is ``None``, or an
    entry of stream layout 1 -- the heads are ``None`` from there on (and ``last`` is
    ``None``). Raises ``CodecError`` for an entry of no known layout.
    """
    heads: list[str | None] = []
    for entry_id, fields in entries:
        parts = entry_fields(fields)
        if prev is None or parts is None:
            prev = None
            heads.append(None)
            continue
        t, d, b, _ = parts
        prev = chain.link(prev, int(_text(entry_id).split("-", 1)[0]), f"{t} {d}", b, key)
        heads.append(chain.text_head(prev))
    return heads, prev


class EventStore:
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
        with _GameKeys(game_id):
            reply = self._run_append(keys, args)
        outcome = int(reply[0])
        if outcome == _OK:
            return AppendResult(int(reply[1]), int(reply[2]), False)
        if outcome == _CONFLICT:
            raise ConcurrencyError(game_id, expected_version, int(reply[1]))
        if outcome == _DUPLICATE:
            return _remembered(reply[1], game_id)
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
        with _GameKeys(game_id):
            return [_text(v) if v is not None else None
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

    # -- reading ------------------------------------------------------------

    def read(
        self,
        game_id: str,
        after: int = 0,
        limit: int | None = None,
        until: int | None = None,
    ) -> list[Envelope]:
        """The game's events with versions in ``(after, until]``, ascending,
        at most ``limit`` of them, decoded and upcast.

        Args:
            game_id: the game (an unknown game reads as no events).
            after: exclusive lower bound on the version (0 = from the start).
            limit: maximum number of events; ``None`` for no limit.
            until: inclusive upper bound on the version; ``None`` for the end.

        Returns:
            A list of :class:`Envelope` (empty when nothing is in range).

        Raises:
            ValueError: negative ``after`` or ``limit``.
            events.log.codec.CodecError: an entry that is not a valid event.
        """
        if after < 0:
            raise ValueError(f"after must be >= 0, got {after}")
        if limit is not None and limit < 0:
            raise ValueError(f"limit must be >= 0, got {limit}")
        if limit == 0 or (until is not None and until <= after):
            return []
        entries = self.read_raw(game_id, after, until, limit)
        return decode_entries(game_id, entries, lambda version: self.header_at(game_id, version))

    def read_chained(self, game_id: str, after: int = 0, limit: int | None = None,
                     until: int | None = None, key: bytes | None = None) -> list[Envelope]:
        """:meth:`read`, with the chain head after *every* event in ``head`` (the stream
        stores it only on the last event of each batch; ``events.log.chain``): a client may
        keep ``(version, head)`` of any event it was shown as a receipt. ``key``: the game's
        audit key (``GameMeta.chain_key``; ``None`` for a game on chain 1).

        One round trip when ``after`` ends a batch (the head stored there starts the
        chain), two when it falls inside one (the batch is read from its start). Heads
        are ``None`` in a log written before the chain. Raises as :meth:`read`.
        """
        if after < 0:
            raise ValueError(f"after must be >= 0, got {after}")
        if limit is not None and limit < 0:
            raise ValueError(f"limit must be >= 0, got {limit}")
        if limit == 0 or (until is not None and until <= after):
            return []
        if after > 0:                                  # the entry at ``after`` too: its head starts the chain
            entries = self.read_raw(game_id, after - 1, until, None if limit is None else limit + 1)
            before, entries = entries[:1], entries[1:]
        else:
            before, entries = [], self.read_raw(game_id, 0, until, limit)
        envelopes = decode_entries(game_id, entries, lambda version: self.header_at(game_id, version))
        prev = self._head_before(game_id, after, before, key)
        heads, _ = link_entries(prev, entries, key)
        for env, head in zip(envelopes, heads):
            env.head = env.head or head
        return envelopes

    def head_at(self, game_id: str, version: int, key: bytes | None = None) -> str | None:
        """The chain head after ``version`` (43 characters), stored or computed (``key``: the
        game's audit key, as :meth:`read_chained`); ``None`` for version 0, a version the
        stream does not hold, or a log before the chain."""
        if version < 1:
            return None
        envelopes = self.read_chained(game_id, after=version - 1, until=version, key=key)
        return envelopes[0].head if envelopes else None

    def _head_before(self, game_id: str, after: int, before: list, key: bytes | None) -> bytes | None:
        """The head at ``after`` as raw bytes (``before``: the entry at ``after``, already read)."""
        if after == 0:
            return chain.genesis(game_id, key)
        if not before:
            return None
        parts = entry_fields(before[0][1])
        if parts is None:
            return None
        try:
            if parts[3]:                                # the entry ends a batch: its head is stored
                return chain.parse_head(parts[3])
            start = after if parts[2].startswith("{") else after - int(parts[2])
            batch = self.read_raw(game_id, max(0, start - 2), after)
            if start > 1:
                closing = entry_fields(batch[0][1]) if batch else None
                if closing is None or not closing[3]:
                    return None
                prev, batch = chain.parse_head(closing[3]), batch[1:]
            else:
                prev = chain.genesis(game_id, key)
            return link_entries(prev, batch, key)[1]
        except ValueError:                              # a garbled head or position: no chain to follow
            return None

    def read_raw(self, game_id: str, after: int = 0, until: int | None = None,
                 limit: int | None = None) -> list:
        """The stream entries with versions in ``(after, until]`` as Redis returns them:
        ``[(entry_id, {field: value})]``, undecoded (bytes or str as the client gives)."""
        with _GameKeys(game_id):
            return self.redis.xrange(
                self.key(game_id, "events"),
                min=f"{after + 1}-0",
                max=f"{until}-0" if until is not None else "+",
                count=limit,
            )

    @property
    def unparsed(self):
        """This store's client for flat stream replies (:func:`unparsed_stream_client`), made once."""
        if self._unparsed is None:
            self._unparsed = unparsed_stream_client(self.redis)
        return self._unparsed

    def read_whole(self, game_id: str) -> WholeGame:
        """The game's meta hash, every stream entry, its snapshot and checkpoints, in one round trip and one
        atomic step (MULTI/EXEC over keys of one slot), so an audit of a running game never
        pairs a stream with a meta hash or snapshot written after it. Entry ids, fields and
        values are returned as str (bytes decoded as UTF-8, undecodable bytes kept by
        ``surrogateescape`` so a tampered byte is seen, not lost).

        Raises :class:`GameNotFound` when neither the meta hash nor the stream exists."""
        pipe = self.unparsed.pipeline(transaction=True)
        pipe.hgetall(self.key(game_id, "meta"))
        pipe.xrange(self.key(game_id, "events"))
        pipe.get(self.key(game_id, "snapshot"))
        pipe.hgetall(self.key(game_id, "checkpoints"))
        with _GameKeys(game_id):
            meta, entries, snapshot, kept = pipe.execute()
        if not meta and not entries:
            raise GameNotFound(game_id)
        text = _lenient_text
        whole = []
        for entry_id, fields in entries:
            pairs = zip(fields[::2], fields[1::2]) if isinstance(fields, list) else fields.items()
            whole.append((text(entry_id), {text(k): text(v) for k, v in pairs}))
        return WholeGame({text(k): text(v) for k, v in meta.items()}, whole,
                         None if snapshot is None else text(snapshot), {text(k): text(v) for k, v in kept.items()})

    def header_at(self, game_id: str, version: int) -> BatchHeader:
        """The batch header stored on the entry at ``version`` (a batch's first event).

        Raises ``CodecError`` when that entry is missing or starts no batch."""
        entries = self.read_raw(game_id, version - 1, version)
        parts = entry_fields(entries[0][1]) if entries else None
        if parts is None or not parts[2].startswith("{"):
            raise CodecError(f"version {version} of game {game_id} does not start a batch")
        return BatchHeader.from_json(parts[2])

    def last_entry(self, game_id: str) -> tuple[int, str | None]:
        """``(version, head)`` of the stream's last entry, in one small atomic read: the
        version its id carries and the chain head it stores (None before the chain);
        ``(0, None)`` for an empty stream. Readers check a cached copy against it."""
        return self.head(game_id)

    def head(self, game_id: str) -> tuple[int, str | None]:
        """``(version, head)``: the stream's version and the chain head stored on its last
        entry (``None`` for an empty stream or one written before the chain)."""
        with _GameKeys(game_id):
            last = self.redis.xrevrange(self.key(game_id, "events"), count=1)
        if not last:
            return 0, None
        entry_id, fields = last[0]
        version = int(_text(entry_id).split("-", 1)[0])
        try:
            parts = entry_fields(fields)
        except CodecError:              # a garbled entry: no head here (a full load finds the damage)
            return version, None
        return version, (parts[3] or None) if parts is not None else None

    def read_batches(
        self,
        game_id: str,
        after: int = 0,
        until: int | None = None,
        batch_size: int = 500,
    ) -> Iterator[list[Envelope]]:
        """Iterate over the events in ``(after, until]`` in ascending batches
        of at most ``batch_size``, so a long log is never read in one reply.

        Yields:
            Non-empty lists of :class:`Envelope`.

        Raises:
            ValueError: ``batch_size`` < 1 (or as :meth:`read`).
        """
        if batch_size < 1:
            raise ValueError(f"batch_size must be >= 1, got {batch_size}")
        while True:
            batch = self.read(game_id, after=after, limit=batch_size, until=until)
            if not batch:
                return
            yield batch
            after = batch[-1].version
            if len(batch) < batch_size:
                return

    def version(self, game_id: str) -> int:
        """The game's current version: the number of events in its stream
        (0 when the stream does not exist)."""
        with _GameKeys(game_id):
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
        with _GameKeys(game_id):
            value = self.redis.get(self.key(game_id, "snapshot"))
            return None if value is None else _text(value)

    def get_meta(self, game_id: str) -> dict[str, str]:
        """The game's meta hash as ``{field: value}`` strings (``{}`` if none)."""
        with _GameKeys(game_id):
            raw = self.redis.hgetall(self.key(game_id, "meta"))
            return {_text(k): _text(v) for k, v in raw.items()}

    def idempotent_result(self, game_id: str, idempotency_key: str) -> AppendResult | None:
        """The remembered result of an append made with this idempotency key
        (``duplicate=True``), or ``None`` if the key is unknown or expired."""
        with _GameKeys(game_id):
            value = self.redis.get(self.key(game_id, f"idem:{idempotency_key}"))
        return None if value is None else _remembered(value, game_id)

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
        with _GameKeys(game_id):
            replies = pipe.execute()
            meta = {_text(k): _text(v) for k, v in replies[0].items()}
        snapshot = None if replies[1] is None else _lenient_text(replies[1])   # garbled: ignored, folded again
        seen = None
        if idempotency_key is not None and replies[4] is not None:
            seen = _remembered(replies[4], game_id)
        last_version, last_head = 0, None
        if replies[3]:
            entry_id, fields = replies[3][0]
            if isinstance(fields, list):   # a cluster transaction leaves XREVRANGE unparsed: [f, v, ...]
                fields = dict(zip(fields[::2], fields[1::2]))
            last_version = int(_text(entry_id).split("-", 1)[0])
            try:
                parts = entry_fields(fields)
                last_head = (parts[3] or None) if parts is not None else None
            except CodecError:
                last_head = None
        return LoadReply(meta, snapshot, int(replies[2]), seen, last_version, last_head)
