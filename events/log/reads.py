"""Reads of a game's stream: events decoded, chained, raw or whole, heads and batches.

The read half of :class:`events.log.store.EventStore` (a base class of it): every method uses
the store's ``redis`` client, its ``key``, its unparsed client and (``read_whole``) its text client."""
from __future__ import annotations

import hashlib
from typing import Iterator

from events.log import chain
from events.log.codec import BatchHeader, CodecError, Envelope, decode_entries, entry_fields
from events.log.errors import GameNotFound
from events.log.replies import (GameKeys, WholeGame, lenient_text, link_entries, text, text_stream_client,
                                unparsed_stream_client)


class StreamReads:
    """The reading methods of the event store (see :class:`events.log.store.EventStore`)."""


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
        if _nothing_asked(after, limit, until):
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
        if _nothing_asked(after, limit, until):
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
        with GameKeys(game_id):
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

    @property
    def texts(self):
        """This store's client for text replies, stream replies unparsed (:func:`text_stream_client`;
        ``None`` on a Redis Cluster), made once per connection pool."""
        if self._texts is None:
            self._texts = text_stream_client(self.redis) or False
        return self._texts or None

    def read_whole(self, game_id: str) -> WholeGame:
        """The game's meta hash, every stream entry, its snapshot and checkpoints, in one round trip and one
        atomic step (MULTI/EXEC over keys of one slot), so an audit of a running game never
        pairs a stream with a meta hash or snapshot written after it. Entries are
        ``[entry_id, {field: value}]`` lists (fresh: a caller may keep them); ids, fields and values are
        str (bytes decoded as UTF-8, undecodable bytes kept by ``surrogateescape`` so a tampered byte
        is seen, not lost), decoded by the reply parser where the client allows (:attr:`texts`).

        Raises :class:`GameNotFound` when neither the meta hash nor the stream exists."""
        texts = self.texts
        pipe = (texts or self.unparsed).pipeline(transaction=True)
        pipe.hgetall(self.key(game_id, "meta"))
        pipe.xrange(self.key(game_id, "events"))
        pipe.get(self.key(game_id, "snapshot"))
        pipe.hgetall(self.key(game_id, "checkpoints"))
        with GameKeys(game_id):
            meta, entries, snapshot, kept = pipe.execute()
        if not meta and not entries:
            raise GameNotFound(game_id)
        whole = _entry_lists(entries) if texts is not None else None
        if whole is not None:
            return WholeGame(meta, whole, snapshot, kept)
        text = lenient_text
        whole = _decoded_entries(entries)
        if whole is None:
            whole = []
            for entry_id, fields in entries:
                pairs = zip(fields[::2], fields[1::2]) if isinstance(fields, list) else fields.items()
                whole.append([text(entry_id), {text(k): text(v) for k, v in pairs}])
        return WholeGame({text(k): text(v) for k, v in meta.items()}, whole,
                         None if snapshot is None else text(snapshot), {text(k): text(v) for k, v in kept.items()})

    def fingerprint(self, game_id: str) -> str:
        """A digest of everything :meth:`read_whole` would return but the stream's earlier entries: the
        meta hash, the snapshot, the checkpoints and the stream's last entry (its id, hence the
        version, and its fields, hence the head), read in one atomic step. The server only ever appends
        to a stream (its head binds every entry before it), so two equal fingerprints mean the game reads
        the same whole unless someone rewrote stored entries behind the last one from outside (that the
        fingerprint does not see: only a whole read, as ``verify`` makes, does): a reader may keep what
        it built from a whole read (a finished game's record) under it. 64 hex digits; an absent game has one too (of nothing). It digests private
        meta fields (the creator's address hash, the seats' settings) without a key: never publish it."""
        pipe = self.unparsed.pipeline(transaction=True)
        pipe.hgetall(self.key(game_id, "meta"))
        pipe.get(self.key(game_id, "snapshot"))
        pipe.hgetall(self.key(game_id, "checkpoints"))
        pipe.xrevrange(self.key(game_id, "events"), count=1)
        with GameKeys(game_id):
            meta, snapshot, kept, last = pipe.execute()
        digest = hashlib.sha256(game_id.encode() + b"\x00")
        for part in (sorted(meta.items()), snapshot, sorted(kept.items()), last):
            digest.update(repr(part).encode() + b"\x00")
        return digest.hexdigest()

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
        with GameKeys(game_id):
            last = self.redis.xrevrange(self.key(game_id, "events"), count=1)
        if not last:
            return 0, None
        entry_id, fields = last[0]
        version = int(text(entry_id).split("-", 1)[0])
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


def _nothing_asked(after: int, limit: int | None, until: int | None) -> bool:
    """Whether a read of the events after ``after`` (at most ``limit``, up to ``until``) asks for none.
    Raises ValueError for a negative ``after`` or ``limit``."""
    if after < 0:
        raise ValueError(f"after must be >= 0, got {after}")
    if limit is not None and limit < 0:
        raise ValueError(f"limit must be >= 0, got {limit}")
    return limit == 0 or (until is not None and until <= after)


def _entry_lists(entries: list) -> list[list] | None:
    """A flat XRANGE reply already decoded to str (``[[id, [field, value, ...]], ...]``) as ``[[id,
    {field: value}], ...]``; ``None`` when it is not of that shape (a Redis Cluster's reply comes
    parsed: the caller then reads it item by item)."""
    try:
        whole = [[entry_id, {fields[0]: fields[1], fields[2]: fields[3]}] if len(fields) == 4
                 else [entry_id, dict(zip(fields[::2], fields[1::2]))]
                 for entry_id, fields in entries if type(fields) is list]
    except (TypeError, ValueError):     # an entry that is no [id, fields] pair
        return None
    return whole if len(whole) == len(entries) else None


def _decoded_entries(entries: list) -> list[list] | None:
    """A flat XRANGE reply (``[[id, [field, value, ...]], ...]``, every item bytes) as ``[[id, {field:
    value}], ...]`` of str, decoded in one call as :func:`lenient_text` decodes each item (UTF-8, an invalid
    byte kept as a lone surrogate: UTF-8 never puts a NUL byte inside a character, so decoding the items
    joined by NULs and splitting there gives each item's own text). ``None`` when the reply is not of
    that shape or an item holds a NUL itself (the caller then decodes item by item)."""
    flat: list[bytes] = []
    sizes: list[int] = []
    add_size = sizes.append
    for entry in entries:
        if type(entry) is not list or len(entry) != 2:
            return None
        fields = entry[1]
        if type(fields) is not list or len(fields) % 2:
            return None
        flat.append(entry[0])
        flat += fields
        add_size(len(fields))
    try:
        texts = b"\x00".join(flat).decode("utf-8", "surrogateescape").split("\x00")
    except TypeError:                                   # an item that is not bytes
        return None
    if len(texts) != len(flat):
        return None
    whole: list = []
    add, at = whole.append, 0
    for size in sizes:
        if size == 4:                                   # stream layout 2: e and b (a dict display, as dict() would)
            add([texts[at], {texts[at + 1]: texts[at + 2], texts[at + 3]: texts[at + 4]}])
            at += 5
            continue
        values = texts[at + 1:at + 1 + size]
        add([texts[at], dict(zip(values[::2], values[1::2]))])
        at += 1 + size
    return whole
