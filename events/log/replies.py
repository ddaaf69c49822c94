"""The shapes of what the store reads and writes (replies, remembered appends), and the reading
helpers its parts share: a game's keys guarded against damage, the chain over raw entries.

Split from ``events.log.store`` (the store's door stays there); only ``events.log`` uses these."""
from __future__ import annotations

import weakref
from typing import Any, NamedTuple

from redis.exceptions import ResponseError

from events.log import chain
from events.log.codec import entry_fields
from events.log.errors import DamagedLog

__all__ = ["AppendResult", "GameKeys", "LoadReply", "WholeGame", "is_wrong_type", "link_entries",
           "remembered", "text_stream_client", "unparsed_stream_client"]


def is_wrong_type(exc: BaseException) -> bool:
    """Whether ``exc`` is Redis refusing a command on a key that holds another type of value
    (``WRONGTYPE``): a game key overwritten from outside."""
    return isinstance(exc, ResponseError) and "WRONGTYPE" in str(exc)


class GameKeys:
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
    the stream's entries undecoded (``[[entry_id, {field: value}]]``, str), the snapshot text
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


def text(value: Any) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)


def lenient_text(value: Any) -> str:
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


#: One text client per connection pool (:func:`text_stream_client`): a store made per job or per
#: request shares its pool's, so the connections it opens stay bounded by the pool's own.
_TEXT_CLIENTS: "weakref.WeakKeyDictionary[Any, Any]" = weakref.WeakKeyDictionary()


def text_stream_client(redis):
    """A client of the same server as ``redis`` whose replies come as text and whose stream replies
    come unparsed (``[[id, [field, value, ...]]]``): the Redis reply parser (hiredis where installed)
    decodes each item as UTF-8 as it reads it, an invalid byte kept as a lone surrogate
    (``surrogateescape``, as :func:`lenient_text` decodes), cheaper than decoding them afterwards in
    Python. Decoding is a connection's setting, so the client has its own connection pool, made
    once per pool of ``redis`` with the same connection settings; ``None`` for a client with no
    single pool (a Redis Cluster), whose caller decodes as before."""
    pool = getattr(redis, "connection_pool", None)
    if pool is None:
        return None
    client = _TEXT_CLIENTS.get(pool)
    if client is None:
        kwargs = {**pool.connection_kwargs, "decode_responses": True, "encoding": "utf-8",
                  "encoding_errors": "surrogateescape"}
        # a blocking pool's wait and queue (gevent's in a gevent worker) are the pool's, not the connection's
        kwargs.update({name: getattr(pool, name) for name in ("timeout", "queue_class") if hasattr(pool, name)})
        client = type(redis)(connection_pool=type(pool)(connection_class=pool.connection_class,
                                                        max_connections=pool.max_connections, **kwargs))
        client.set_response_callback("XRANGE", lambda response, **options: response)
        _TEXT_CLIENTS[pool] = client
    return client


def remembered(value, game_id: str = "?") -> AppendResult:
    """The result an idempotency key holds ("first,last[,tag]"); raises :class:`DamagedLog` for
    anything else (a key written from outside)."""
    try:
        first, last, *tag = text(value).split(",")
        return AppendResult(int(first), int(last), True, tag[0] if tag else "")
    except (ValueError, UnicodeDecodeError) as exc:
        raise DamagedLog(game_id, f"an idempotency key of it holds {lenient_text(value)[:40]!r}, not "
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
    link = chain.linker(key)
    for entry_id, fields in entries:
        parts = entry_fields(fields)
        if prev is None or parts is None:
            prev = None
            heads.append(None)
            continue
        t, d, b, _ = parts
        prev = link(prev, int(text(entry_id).split("-", 1)[0]), f"{t} {d}", b)
        heads.append(chain.text_head(prev))
    return heads, prev
