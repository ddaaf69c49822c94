"""The event store contract, run against every backend (FakeRedis, real Redis)."""
from __future__ import annotations

import random
import threading

import pytest

from events.log import chain
from events.log.codec import BatchHeader, EncodedBatch, Envelope, encode_batch
from events.log.store import AppendResult, ConcurrencyError, EventStore, GameNotFound, WholeGame

GAME = "g-1"


def envs(game_id: str, start: int, n: int, tag: str = "c", seat: int | None = 0) -> EncodedBatch:
    """A batch of ``n`` events for ``game_id`` at versions ``start .. start + n - 1``; its
    command carries ``tag``."""
    events = [{"type": "ThingHappened", "data": {"i": start + i, "text": "é ✓"}} for i in range(n)]
    header = BatchHeader(seat, "seat", 1_700_000_000_000, {"type": "DoThing", "n": n, "tag": tag})
    return encode_batch(game_id, start, events, header, chain.genesis(game_id))


@pytest.fixture
def store(redis_backend) -> EventStore:
    return EventStore(redis_backend)


# -- round trip and ranges ---------------------------------------------------


def test_append_and_read_round_trip(store):
    batch = envs(GAME, 1, 3)
    result = store.append(GAME, 0, batch)
    assert result == AppendResult(1, 3, False)
    assert store.read(GAME) == batch.envelopes
    assert store.head(GAME) == (3, batch.envelopes[-1].head)


def test_versions_are_consecutive_stream_ids(store, redis_backend):
    store.append(GAME, 0, envs(GAME, 1, 2))
    store.append(GAME, 2, envs(GAME, 3, 1))
    store.append(GAME, 3, envs(GAME, 4, 4))
    assert [e.version for e in store.read(GAME)] == list(range(1, 8))
    ids = [entry_id for entry_id, _ in redis_backend.xrange(store.key(GAME, "events"))]
    assert ids == [f"{v}-0".encode() for v in range(1, 8)]


def test_read_by_range(store):
    store.append(GAME, 0, envs(GAME, 1, 10))

    def versions(**kw):
        return [e.version for e in store.read(GAME, **kw)]

    assert versions(after=3) == [4, 5, 6, 7, 8, 9, 10]
    assert versions(after=3, limit=2) == [4, 5]
    assert versions(after=3, until=6) == [4, 5, 6]
    assert versions(until=2) == [1, 2]
    assert versions(after=8, limit=100) == [9, 10]
    assert versions(after=10) == []
    assert versions(after=5, until=5) == []
    assert versions(limit=0) == []


def test_a_read_starting_inside_a_batch_finds_the_batch_header(store):
    store.append(GAME, 0, envs(GAME, 1, 4, seat=3))
    tail = store.read(GAME, after=2)
    assert [(e.version, e.command_id, e.seat) for e in tail] == [(3, "1", 3), (4, "1", 3)]


def test_read_batches_pages_through_the_log(store):
    store.append(GAME, 0, envs(GAME, 1, 7))
    batches = list(store.read_batches(GAME, after=1, batch_size=3))
    assert [[e.version for e in b] for b in batches] == [[2, 3, 4], [5, 6, 7]]
    assert list(store.read_batches(GAME, after=7)) == []


def test_unknown_game_reads_empty(store):
    assert store.read("nobody") == []
    assert store.version("nobody") == 0
    assert not store.exists("nobody")
    assert store.read_snapshot("nobody") is None
    assert store.get_meta("nobody") == {}
    with pytest.raises(GameNotFound) as info:
        store.require("nobody")
    assert info.value.game_id == "nobody"
    assert isinstance(info.value, KeyError)


def test_version_and_exists(store):
    assert store.version(GAME) == 0
    assert not store.exists(GAME)
    store.set_meta("meta-only", {"status": "waiting"})
    assert store.exists("meta-only")
    assert store.version("meta-only") == 0
    store.append(GAME, 0, envs(GAME, 1, 4))
    assert store.exists(GAME)
    assert store.version(GAME) == 4


def test_games_are_isolated(store):
    store.append("a", 0, envs("a", 1, 2))
    store.append("b", 0, envs("b", 1, 1))
    assert store.version("a") == 2
    assert store.version("b") == 1
    assert all(e.game_id == "b" for e in store.read("b"))


# -- concurrency and validation ----------------------------------------------


def test_stale_expected_version_raises_and_writes_nothing(store):
    store.append(GAME, 0, envs(GAME, 1, 2), snapshot="s2", meta={"status": "active"})
    with pytest.raises(ConcurrencyError) as info:
        store.append(GAME, 1, envs(GAME, 2, 3), snapshot="stale", meta={"status": "stale", "x": "1"})
    err = info.value
    assert (err.game_id, err.expected, err.actual) == (GAME, 1, 2)
    assert store.version(GAME) == 2
    assert store.read_snapshot(GAME) == "s2"
    assert store.get_meta(GAME) == {"status": "active"}


def test_expected_version_ahead_of_stream_raises(store):
    with pytest.raises(ConcurrencyError) as info:
        store.append(GAME, 5, envs(GAME, 6, 1))
    assert (info.value.expected, info.value.actual) == (5, 0)
    assert store.version(GAME) == 0
    assert not store.exists(GAME)


@pytest.mark.parametrize(
    "versions",
    [[2, 3], [1, 3], [1, 1], [2, 1], []],
    ids=["starts-late", "gap", "repeat", "reversed", "empty"],
)
def test_non_consecutive_versions_raise_value_error(store, versions):
    envelopes = [Envelope(game_id=GAME, version=v, type="ThingHappened", data={}) for v in versions]
    batch = EncodedBatch([("ThingHappened {}", "1")] * len(versions), envelopes, b"")
    with pytest.raises(ValueError):
        store.append(GAME, 0, batch)
    assert store.version(GAME) == 0


def test_envelope_of_another_game_raises_value_error(store):
    with pytest.raises(ValueError):
        store.append(GAME, 0, envs("other", 1, 1))
    assert store.version(GAME) == 0


def test_invalid_game_id_raises_value_error(store):
    with pytest.raises(ValueError):
        store.key("a}b", "events")
    with pytest.raises(ValueError):
        store.version("")


# -- idempotency ---------------------------------------------------------------


def test_idempotent_retry_returns_first_result_and_appends_nothing(store):
    store.append(GAME, 0, envs(GAME, 1, 1))
    first = store.append(GAME, 1, envs(GAME, 2, 2), idempotency_key="k1")
    assert first == AppendResult(2, 3, False)

    # the same retry, even though expected_version is stale by now
    retry = store.append(GAME, 1, envs(GAME, 2, 2), idempotency_key="k1", snapshot="no", meta={"x": "no"})
    assert retry == AppendResult(2, 3, True)
    assert store.version(GAME) == 3
    assert store.read_snapshot(GAME) is None
    assert store.get_meta(GAME) == {}
    assert store.idempotent_result(GAME, "k1") == AppendResult(2, 3, True)

    other = store.append(GAME, 3, envs(GAME, 4, 1), idempotency_key="k2")
    assert other == AppendResult(4, 4, False)
    assert store.version(GAME) == 4


def test_idempotency_key_has_ttl_and_is_per_game(store, redis_backend):
    store.append(GAME, 0, envs(GAME, 1, 1), idempotency_key="k", idempotency_ttl_s=60)
    ttl = redis_backend.ttl(store.key(GAME, "idem:k"))
    assert 0 < ttl <= 60
    # the same key on another game is another key
    assert store.append("g-2", 0, envs("g-2", 1, 1), idempotency_key="k") == AppendResult(1, 1, False)


def test_failed_append_does_not_consume_idempotency_key(store):
    store.append(GAME, 0, envs(GAME, 1, 1))
    with pytest.raises(ConcurrencyError):
        store.append(GAME, 0, envs(GAME, 1, 1), idempotency_key="k")
    assert store.idempotent_result(GAME, "k") is None
    assert store.append(GAME, 1, envs(GAME, 2, 1), idempotency_key="k") == AppendResult(2, 2, False)


# -- snapshot and meta ---------------------------------------------------------


def test_snapshot_and_meta_written_with_the_append(store):
    store.set_meta(GAME, {"ruleset": "selfish-space", "status": "waiting"})
    store.append(GAME, 0, envs(GAME, 1, 2), snapshot='{"v":2}', meta={"status": "active", "version": "2"})
    assert store.read_snapshot(GAME) == '{"v":2}'
    assert store.get_meta(GAME) == {"ruleset": "selfish-space", "status": "active", "version": "2"}
    # an append without them leaves them as they were
    store.append(GAME, 2, envs(GAME, 3, 1))
    assert store.read_snapshot(GAME) == '{"v":2}'
    assert store.get_meta(GAME)["version"] == "2"


def test_read_whole_gives_meta_entries_and_snapshot_of_one_moment_as_text(store):
    # given a game with meta, two batches and a snapshot
    store.set_meta(GAME, {"ruleset": "selfish-space"})
    store.append(GAME, 0, envs(GAME, 1, 2), snapshot='{"v":2}', meta={"status": "active"})
    store.append(GAME, 2, envs(GAME, 3, 1))
    # when it is read whole
    whole = store.read_whole(GAME)
    # then every part is text, the entries exactly as stored
    def text(value):
        return value.decode() if isinstance(value, bytes) else value

    stored = [[text(entry_id), {text(k): text(v) for k, v in fields.items()}] for entry_id, fields in store.read_raw(GAME)]
    assert whole == WholeGame({"ruleset": "selfish-space", "status": "active"}, stored, '{"v":2}')
    assert [entry_id for entry_id, _ in whole.entries] == ["1-0", "2-0", "3-0"]


def test_read_whole_keeps_a_byte_that_is_not_utf8_so_an_audit_sees_it(store, redis_backend):
    store.append(GAME, 0, envs(GAME, 1, 1))
    redis_backend.xadd(store.key(GAME, "events"), {"e": b"Forged \xff", "b": b"0"}, id="2-0")
    assert store.read_whole(GAME).entries[-1][1]["e"] == "Forged \udcff"


def test_read_whole_decoded_by_the_reply_parser_equals_the_read_decoded_after_it(store, redis_backend):
    # given a game whose stream holds a regular batch, a byte that is not UTF-8, an entry of stream
    # layout 1 and an entry with one field, and whose meta and checkpoints hold such a byte too
    store.set_meta(GAME, {"ruleset": "selfish-space", "note": b"caf\xe9"})
    store.append(GAME, 0, envs(GAME, 1, 2), snapshot='{"v":2}')
    events = store.key(GAME, "events")
    redis_backend.xadd(events, {"e": b"Forged \xff", "b": b"0"}, id="3-0")
    redis_backend.xadd(events, {"type": "Old", "schema": "1", "data": "{}", "ts": "t"}, id="4-0")
    redis_backend.xadd(events, {"b": "1"}, id="5-0")
    redis_backend.hset(store.key(GAME, "checkpoints"), mapping={"512": b"\xfe{}"})
    # when it is read whole by a store whose replies the parser decodes, and by one that decodes them after
    parsed = store.read_whole(GAME)
    after = EventStore(redis_backend)
    after._texts = False                        # no text client: the bytes are decoded in Python
    decoded = after.read_whole(GAME)
    # then both read the same text, an undecodable byte kept as a lone surrogate in each (a Redis Cluster
    # client has no single pool, so no text client: its replies are decoded after, both ways)
    assert (store.texts is not None) == hasattr(redis_backend, "connection_pool")
    assert parsed == decoded
    assert parsed.entries[2] == ["3-0", {"e": "Forged \udcff", "b": "0"}]
    assert parsed.meta["note"] == "caf\udce9" and parsed.checkpoints == {"512": "\udcfe{}"}


def test_stores_on_one_connection_pool_share_one_text_client(redis_backend):
    # given two stores made on one client (as a job or a request makes its own store)
    first, second = EventStore(redis_backend), EventStore(redis_backend)
    # then their text clients are one, so the connections they open stay those of one pool (a Redis
    # Cluster client has none: it reads as before)
    assert first.texts is second.texts
    if hasattr(redis_backend, "connection_pool"):
        assert first.texts.connection_pool is not redis_backend.connection_pool
    else:
        assert first.texts is None


def test_read_whole_of_an_unknown_game_raises_game_not_found(store):
    with pytest.raises(GameNotFound):
        store.read_whole("nobody")


def test_write_snapshot_and_set_meta(store):
    store.write_snapshot(GAME, "state ✓")
    assert store.read_snapshot(GAME) == "state ✓"
    store.set_meta(GAME, {"a": "1"})
    store.set_meta(GAME, {"b": "2"})
    store.set_meta(GAME, {})
    assert store.get_meta(GAME) == {"a": "1", "b": "2"}


def test_keys_share_a_hash_tag(store):
    keys = [store.key(GAME, p) for p in ("events", "snapshot", "meta", "idem:xyz")]
    assert keys == [
        "stranded:{g-1}:events",
        "stranded:{g-1}:snapshot",
        "stranded:{g-1}:meta",
        "stranded:{g-1}:idem:xyz",
    ]
    assert {k[k.index("{") : k.index("}") + 1] for k in keys} == {"{g-1}"}
    assert EventStore(store.redis, prefix="t").key(GAME, "meta") == "t:{g-1}:meta"


def test_script_reloads_after_script_flush(store, redis_backend):
    store.append(GAME, 0, envs(GAME, 1, 1))
    redis_backend.script_flush()
    assert store.append(GAME, 1, envs(GAME, 2, 1)) == AppendResult(2, 2, False)


# -- racing writers ------------------------------------------------------------


def test_concurrent_writers_racing_on_one_game(redis_factory):
    target, n_threads = 200, 8
    outcomes: list[tuple[str, int, int, int]] = []  # (kind, expected, size, thread)
    errors: list[BaseException] = []
    lock = threading.Lock()
    start = threading.Barrier(n_threads)

    def writer(t: int) -> None:
        store = EventStore(redis_factory())
        rng = random.Random(t)
        try:
            start.wait()
            while True:
                version = store.version(GAME)
                if version >= target:
                    return
                size = rng.randint(1, 3)
                try:
                    store.append(GAME, version, envs(GAME, version + 1, size, tag=f"t{t}-v{version}", seat=t))
                    kind = "won"
                except ConcurrencyError as exc:
                    assert exc.expected == version and exc.actual > version
                    kind = "lost"
                with lock:
                    outcomes.append((kind, version, size, t))
        except BaseException as exc:  # noqa: BLE001 -- any other outcome fails the test
            with lock:
                errors.append(exc)

    threads = [threading.Thread(target=writer, args=(t,)) for t in range(n_threads)]
    for th in threads:
        th.start()
    for th in threads:
        th.join(timeout=120)
    assert not any(th.is_alive() for th in threads)
    assert errors == []

    store = EventStore(redis_factory())
    events = store.read(GAME)
    n = store.version(GAME)
    assert target <= n <= target + 2
    assert [e.version for e in events] == list(range(1, n + 1))

    won = [o for o in outcomes if o[0] == "won"]
    lost = [o for o in outcomes if o[0] == "lost"]
    assert sum(size for _, _, size, _ in won) == n
    # every winner's batch is in the log, written by that thread, from its expected version
    for _, expected, size, t in won:
        batch = events[expected : expected + size]
        assert batch[0].command["tag"] == f"t{t}-v{expected}"
        assert {e.command_id for e in batch} == {str(expected + 1)}
        assert {e.seat for e in batch} == {t}
    # exactly one winner per starting version; every other attempt was told it lost
    assert len({expected for _, expected, _, _ in won}) == len(won)
    assert len(won) + len(lost) == len(outcomes)
    assert len(lost) > 0, "8 writers never collided: the race was not exercised"
