"""Server-Sent Events: each watcher gets the caller's redacted events as they happen.

Watchers must be cheap, so a stream holds no request thread while it waits:
``stranded serve`` runs gunicorn's gevent worker, where every stream is a
greenlet parked on a condition. In one process, all the watchers of a game
share one :class:`Feed`: a single reader (``XREAD BLOCK`` on the game's
stream, one Redis connection per watched game, never per watcher) keeps the
newest events in memory and wakes the watchers, who redact them each for
its own seat. A watcher that fell behind (it resumed from an old
``Last-Event-ID``) reads the gap from the store first, so none is skipped.
Every frame carries the chain head after its event (``head``: a receipt the
client may keep, ``events.chain``): the feed links each entry it reads to the
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

from events import chain, metrics
from events.codec import Envelope, decode_entries
from events.store import EventStore, link_entries
from projections.views import Game, redact_envelope
from service.errors import ApiError

log = logging.getLogger("stranded.streams")
#: How many of a game's newest events a feed keeps for watchers that are a little behind.
RECENT = 512
#: The longest one blocking read of a feed lasts (seconds): how soon it notices it has no watcher left.
READ_BLOCK_S = 5.0
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
        return cls(float(environ.get("STRANDED_STREAM_HEARTBEAT_S", cls.heartbeat_s)),
                   float(environ.get("STRANDED_STREAM_MAX_S", cls.max_s)),
                   int(environ.get("STRANDED_STREAM_ANON_PER_ADDRESS", cls.anonymous_per_address)))


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

    def run(self) -> None:
        """The reader: block on the game's stream, keep what arrives, wake the watchers; stop
        when no watcher is left."""
        store = self.hub.store
        key = store.key(self.game_id, "events")
        while True:
            with self.hub.lock:
                with self.cond:
                    if self.watchers == 0:
                        self.alive = False
                        self.hub.feeds.pop(self.game_id, None)
                        return
                    last = self.head
            try:
                replies = self.hub.feeds_redis.xread({key: f"{last}-0"}, count=100, block=int(READ_BLOCK_S * 1000))
                entries = replies[0][1] if replies else []
                envelopes = decode_entries(self.game_id, entries, lambda version: store.header_at(self.game_id, version))
                heads, linked = link_entries(self.chain, entries, self.key)
                for env, head in zip(envelopes, heads):
                    env.head = env.head or head
            except Exception:  # Redis away, or an entry it cannot read: keep the watchers, try again
                log.exception("feed of game %s could not read its stream", self.game_id)
                time.sleep(1.0)
                continue
            if envelopes:
                with self.cond:
                    self.recent.extend(envelopes)
                    self.head, self.chain = envelopes[-1].version, linked
                    self.cond.notify_all()


class StreamHub:
    """The feeds of one server process and its count of streams without a token per address.

    ``feeds_redis``: the client the feeds' blocking reads use (one connection
    each, so they never starve the requests' pool); default the store's.
    """

    def __init__(self, store: EventStore, settings: StreamSettings, feeds_redis=None):
        self.store, self.settings = store, settings
        self.feeds_redis = feeds_redis if feeds_redis is not None else store.redis
        self.lock = threading.Lock()
        self.feeds: dict[str, Feed] = {}
        self.anonymous: Counter[str] = Counter()

    def watch(self, game_id: str, version: int, head: str | None = None, key: bytes | None = None) -> Feed:
        """The game's feed (started at ``version``, whose chain head is ``head``, if there is none
        yet; ``key``: the game's audit key for the chain, ``GameMeta.chain_key``), with one more watcher."""
        start = None
        with self.lock:
            feed = self.feeds.get(game_id)
            if feed is None or not feed.alive:
                feed = start = self.feeds[game_id] = Feed(self, game_id, version, head, key)
            with feed.cond:
                feed.watchers += 1
        if start is not None:
            threading.Thread(target=start.run, name=f"feed-{game_id}", daemon=True).start()
        return feed

    def unwatch(self, feed: Feed) -> None:
        """One watcher fewer (the reader stops at its next wake-up when none is left)."""
        with feed.cond:
            feed.watchers -= 1

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
    complete = game.meta.status == "finished"
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
