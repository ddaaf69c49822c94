"""Server-Sent Events: each watcher gets the caller's redacted events as they happen.

Watchers must be cheap, so a stream holds no request thread while it waits:
``stranded serve`` runs gunicorn's gevent worker, where every stream is a
greenlet parked on a condition. In one process, all the watchers of a game
share one :class:`Feed`, and all the feeds share **one reader**
(:class:`StreamHub`): a single ``XREAD BLOCK`` over the streams of every watched
game, on one Redis connection of the process however many games are watched
(on a Redis Cluster, one pipelined poll a node every :data:`CLUSTER_POLL_S`).
It keeps each game's newest events in memory and wakes its watchers, who
redact them each for its own seat. When the last watcher of a game leaves,
the game drops out of the read; when no game is watched the reader stops and
closes its idle connections, and those of the requests' pool but a few
(:data:`KEEP_REQUEST_CONNECTIONS`: a burst of streams opening takes many at
once); :func:`pool_connections` counts them for ``/metrics``. A watcher that fell behind (it resumed from an old
``Last-Event-ID``) reads the gap from the store first, so none is skipped.
Every frame carries the chain head after its event (``head``: a receipt the
client may keep, ``events.log.chain``): the feed links each entry it reads to the
head before it, and a gap is read with ``EventStore.read_chained``.

Every stream
- sends a comment line (``: keep-alive``) when it has been idle for
  ``heartbeat_s`` (15 s by default), which keeps proxies from closing it,
  and checks before each one whether the client hung up (then it ends);
- lives at most ``max_s`` seconds (and at most the client's ``timeout_s``),
  then ends; the client reconnects with ``Last-Event-ID`` and misses nothing
  (``retry:`` tells an ``EventSource`` how soon);
- ends after ``SeedRevealed``: the game is over and nothing follows it.

Streams without a token are capped per client address (``anonymous_per_address``
in each server process; a 429 beyond it).
"""
from __future__ import annotations

import logging
import os
import select
import socket
import threading
import time
from collections import Counter, deque
from dataclasses import dataclass

import orjson

from events import settings
from events.log import chain

from events.commands import metrics
from events.log.codec import Envelope, decode_entries
from events.table.meta import OVER
from events.log.tail import read_after
from events.log.store import EventStore, link_entries
from projections.views import Game, redact_envelope
from service.http.errors import ApiError

log = logging.getLogger("stranded.streams")
#: How many of a game's newest events a feed keeps for watchers that are a little behind.
RECENT = 512
#: The longest one blocking read lasts (seconds): how soon the reader takes in a newly watched game
#: (its events are read from the version it was watched at, so none is missed) or stops when none is left.
READ_BLOCK_S = 0.5
#: Seconds between two polls of the watched streams on a Redis Cluster (no blocking read spans slots).
CLUSTER_POLL_S = 0.2
#: Idle request connections kept open when the reader stops (the rest, opened by a burst of stream
#: openings, are closed; the pool opens them again when requests need them).
KEEP_REQUEST_CONNECTIONS = 4
#: The most entries one read takes of one game's stream.
READ_COUNT = 100
#: What ``retry:`` tells an EventSource to wait before it reconnects (milliseconds).
RETRY_MS = 1000
#: Seconds a client refused a stream without a token (429 ``too_many_streams``) is told to wait.
STREAM_RETRY_AFTER_S = 5


@dataclass(frozen=True)
class StreamSettings:
    """Limits of the event streams (environment variables in brackets).

    heartbeat_s: idle seconds before a keep-alive comment (``STRANDED_STREAM_HEARTBEAT_S``, 15).
    max_s: the longest a stream lives (``STRANDED_STREAM_MAX_S``, 300).
    anonymous_per_address: streams without a token one client address may
        hold open in one server process (``STRANDED_STREAM_ANON_PER_ADDRESS``, 20).
    """

    heartbeat_s: float = 15.0
    max_s: float = 300.0
    anonymous_per_address: int = 20

    @classmethod
    def from_env(cls, environ=os.environ) -> "StreamSettings":
        """The settings from the environment, defaults for what is unset."""
        read = settings.read(environ)
        return cls(read.stream_heartbeat_s, read.stream_max_s, read.stream_anonymous_per_address)


class Feed:
    """One game's new events in this process, read by one reader for all its watchers."""

    def __init__(self, hub: "StreamHub", game_id: str, head: int, chain_head: str | None = None,
                 key: bytes | None = None):
        self.hub, self.game_id, self.head, self.key = hub, game_id, head, key
        #: The chain head at version ``head`` (raw bytes; None where it is not known: no chain to follow).
        self.chain = chain.parse_head(chain_head) if chain_head else (chain.genesis(game_id, key) if head == 0 else None)
        self.recent: deque[Envelope] = deque(maxlen=RECENT)
        self.cond = threading.Condition()
        self.watchers = 0
        self.alive = True

    def after(self, last: int) -> list[Envelope] | None:
        """The events after version ``last`` this feed holds; None when some of them it does not."""
        with self.cond:
            if self.head <= last:
                return []
            if self.recent and self.recent[0].version <= last + 1:
                return [env for env in self.recent if env.version > last]
            return None

    def wait(self, last: int, timeout_s: float) -> bool:
        """Wait up to ``timeout_s`` for an event after ``last``; True when there is one."""
        with self.cond:
            if self.head <= last:
                self.cond.wait(timeout_s)
            return self.head > last

    def take(self, entries: list) -> None:
        """Keep the stream entries the reader read after :attr:`head` (raw, in order) and wake the
        watchers. Entries it cannot decode (a damaged log) are stepped over, logged: the watchers
        then read the gap from the store, which refuses it."""
        store = self.hub.store
        try:
            envelopes = decode_entries(self.game_id, entries, lambda version: store.header_at(self.game_id, version))
            heads, linked = link_entries(self.chain, entries, self.key)
            for env, head in zip(envelopes, heads):
                env.head = env.head or head
        except Exception:  # noqa: BLE001 -- one damaged game must not stop the reader of all the others
            log.exception("feed of game %s could not read its stream", self.game_id)
            last = entries[-1][0]
            with self.cond:
                self.head = int((last.decode() if isinstance(last, bytes) else last).split("-", 1)[0])
                self.recent.clear()
                self.chain = None
                self.cond.notify_all()
            return
        if envelopes:
            with self.cond:
                self.recent.extend(envelopes)
                self.head, self.chain = envelopes[-1].version, linked
                self.cond.notify_all()


class StreamHub:
    """The feeds of one server process, their one reader, and the count of streams without a token
    per address.

    ``feeds_redis``: the client the reader's blocking reads use (a pool of its own, so they never
    hold one of the requests' connections); default the store's. The reader runs in a thread of
    its own while any game is watched, and closes the idle connections of this client when it stops.
    """

    def __init__(self, store: EventStore, settings: StreamSettings, feeds_redis=None):
        self.store, self.settings = store, settings
        self.feeds_redis = feeds_redis if feeds_redis is not None else store.redis
        self.lock = threading.Lock()
        self.feeds: dict[str, Feed] = {}
        self.anonymous: Counter[str] = Counter()
        #: The reader thread while one runs (None once it stopped: no game watched).
        self.reader: threading.Thread | None = None

    def watch(self, game_id: str, version: int, head: str | None = None, key: bytes | None = None) -> Feed:
        """The game's feed (started at ``version``, whose chain head is ``head``, if there is none
        yet; ``key``: the game's audit key for the chain, ``GameMeta.chain_key``), with one more
        watcher; starts the reader if it is not running."""
        with self.lock:
            feed = self.feeds.get(game_id)
            if feed is None or not feed.alive:
                feed = self.feeds[game_id] = Feed(self, game_id, version, head, key)
            with feed.cond:
                feed.watchers += 1
            if self.reader is None:
                self.reader = threading.Thread(target=self._read, name="stream-reader", daemon=True)
                self.reader.start()
        return feed

    def unwatch(self, feed: Feed) -> None:
        """One watcher fewer; the last one's leaving takes the game out of the reader's read."""
        with self.lock:
            with feed.cond:
                feed.watchers -= 1
                if feed.watchers <= 0:
                    feed.alive = False
                    if self.feeds.get(feed.game_id) is feed:
                        del self.feeds[feed.game_id]

    def _read(self) -> None:
        """The reader: read what is new in every watched game's stream, hand it to the game's
        feed, until no game is watched; then close this client's idle connections."""
        while True:
            with self.lock:
                feeds = dict(self.feeds)
                if not feeds:
                    self.reader = None
                    break
            try:
                replies = read_after(self.store, self.feeds_redis, {game_id: feed.head for game_id, feed in feeds.items()},
                                     count=READ_COUNT, block_s=READ_BLOCK_S, cluster_pause_s=CLUSTER_POLL_S)
            except Exception:  # noqa: BLE001 -- Redis away: keep the watchers, try again
                log.exception("the stream reader could not read the watched games")
                time.sleep(1.0)
                continue
            for game_id, entries in replies:
                feeds[game_id].take(entries)
        release_idle(self.feeds_redis)
        if self.store.redis is not self.feeds_redis:    # and the request connections the watchers' opening made
            release_idle(self.store.redis, keep=KEEP_REQUEST_CONNECTIONS)

    def watched(self) -> int:
        """How many games this process's reader reads now."""
        with self.lock:
            return len(self.feeds)

    def admit_anonymous(self, address: str):
        """Count a stream without a token from ``address``; returns the function that releases it.

        Raises ApiError 429 ``too_many_streams`` beyond ``anonymous_per_address``.
        """
        with self.lock:
            if self.anonymous[address] >= self.settings.anonymous_per_address:
                raise ApiError(429, "too_many_streams", (
                    f"This address already holds {self.settings.anonymous_per_address} streams without a token; "
                    "close one, or watch with a seat token."), headers=[("Retry-After", str(STREAM_RETRY_AFTER_S))])
            self.anonymous[address] += 1
        released = []

        def release():
            with self.lock:
                if not released:
                    released.append(True)
                    self.anonymous[address] -= 1
                    if self.anonymous[address] <= 0:
                        del self.anonymous[address]
        return release

    def watchers(self) -> int:
        """How many streams this process serves now."""
        with self.lock:
            return sum(feed.watchers for feed in self.feeds.values())


def pool_connections(client) -> int:
    """How many connections ``client``'s pool holds open now (in use or idle); 0 for a client
    without a single pool (a cluster client: counted per node by Redis itself)."""
    pool = getattr(client, "connection_pool", None)
    if pool is None:
        return 0
    if hasattr(pool, "_connections"):                       # BlockingConnectionPool: every one it made
        return sum(1 for conn in pool._connections if getattr(conn, "_sock", None) is not None)
    conns = list(getattr(pool, "_available_connections", [])) + list(getattr(pool, "_in_use_connections", []))
    return sum(1 for conn in conns if getattr(conn, "_sock", None) is not None)


def release_idle(client, keep: int = 0) -> int:
    """Close the idle connections of ``client``'s pool but the ``keep`` most recently used (those
    in use are left alone; a closed one connects again when next taken): what the stream reader
    gives back when it stops. Returns how many it closed; 0 for a client without a single pool."""
    pool = getattr(client, "connection_pool", None)
    if pool is None:
        return 0
    queue = getattr(pool, "pool", None)
    if queue is not None and hasattr(queue, "get_nowait"):      # BlockingConnectionPool: a LIFO of idle ones
        idle = []
        while True:
            try:
                idle.append(queue.get_nowait())
            except Exception:  # noqa: BLE001 -- queue.Empty (the standard library's or gevent's)
                break
        closed = 0
        for n, conn in enumerate(idle):                         # most recently used first
            if conn is not None and n >= keep and getattr(conn, "_sock", None) is not None:
                conn.disconnect()
                closed += 1
        for conn in reversed(idle):
            queue.put_nowait(conn)
        return closed
    lock = getattr(pool, "_lock", None)
    available = getattr(pool, "_available_connections", None)
    if lock is None or available is None:
        return 0
    with lock:
        stale = available[:max(0, len(available) - keep)]            # the list's end is the last given back
        for conn in stale:
            conn.disconnect()
    return len(stale)


def peer_closed(environ: dict) -> bool:
    """Whether the client of this request hung up (its socket reads as closed); False when unknown."""
    sock = environ.get("gunicorn.socket") or environ.get("gunicorn.sock")
    if sock is None:
        return False
    try:
        readable, _, _ = select.select([sock], [], [], 0)
        return bool(readable) and sock.recv(1, socket.MSG_PEEK) == b""
    except (OSError, ValueError):
        return True


def frame(body: dict) -> str:
    """One event as an SSE frame: ``id`` (its version), ``event`` (its type), ``data`` (its JSON)."""
    return f"id: {body['version']}\nevent: {body['type']}\ndata: {orjson.dumps(body).decode()}\n\n"


def event_frames(hub: StreamHub, game: Game, seat: int | None, after: int, lifetime_s: float, environ: dict):
    """The SSE text of ``seat``'s redacted events of ``game`` after version ``after``.

    Ends after ``lifetime_s`` seconds, after ``SeedRevealed``, at once for a
    finished game once it has sent the rest of its log, or when the client
    hangs up. Idle for ``hub.settings.heartbeat_s``: a keep-alive comment.
    """
    store, ruleset, game_id = hub.store, game.ruleset, game.meta.game_id
    complete = game.meta.status in OVER
    heartbeat = hub.settings.heartbeat_s
    ends = time.monotonic() + lifetime_s
    last = after
    yield f"retry: {RETRY_MS}\n: stream open\n\n"
    feed = hub.watch(game_id, game.version, game.head, game.meta.chain_key)
    metrics.SSE_CLIENTS.inc()
    try:
        while True:
            envelopes = feed.after(last)
            if envelopes is None or (not envelopes and last < game.version):
                envelopes = store.read_chained(game_id, after=last, limit=100, key=game.meta.chain_key)
            if envelopes:
                for env in envelopes:
                    last = env.version
                    yield frame(redact_envelope(ruleset, env, seat, complete))
                    if env.type == "SeedRevealed":
                        return
                continue
            remaining = ends - time.monotonic()
            if complete or remaining <= 0:
                return
            if not feed.wait(last, min(heartbeat, remaining)):
                if peer_closed(environ):
                    return
                if time.monotonic() < ends:
                    yield ": keep-alive\n\n"
    finally:
        metrics.SSE_CLIENTS.dec()
        hub.unwatch(feed)
