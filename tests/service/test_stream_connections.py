"""Feeds that let go: the event streams of one process read every watched game through one reader on a
bounded pool of Redis connections, and give the connections back when the watchers leave -- counted
with CLIENT LIST on the real Redis of ``REDIS_URL``, with the server's own clients (``redis_clients``)."""
from __future__ import annotations

import os

import pytest
import redis as redis_py

from service.http.app import create_app
from service.http.streams import StreamSettings
from tests.helpers import STACK, auth, create_game, legal_commands, post_command

GAMES = 40


@pytest.fixture
def real_url(monkeypatch):
    """The suite's real Redis (``REDIS_URL``), flushed; the app makes its own clients of it."""
    url = os.environ.get("REDIS_URL")
    if not url:
        pytest.skip("REDIS_URL is not set: no real Redis to count connections on")
    admin = redis_py.Redis.from_url(url)
    admin.flushdb()
    yield url, admin
    admin.close()


def connections(admin, url: str) -> int:
    """Clients connected to the test's database now, the counting client itself left out."""
    db = redis_py.Redis.from_url(url).connection_pool.connection_kwargs.get("db", 0)
    me = admin.client_id()
    return sum(1 for client in admin.client_list() if int(client["db"]) == db and int(client["id"]) != me)


def open_stream(client, game_id: str):
    """A stream of ``game_id`` held open as a watcher (its opening and first keep-alive read)."""
    resp = client.get(f"/v1/games/{game_id}/stream", buffered=False)
    assert resp.status_code == 200, resp.get_data()
    frames = iter(resp.response)
    next(frames)
    next(frames)
    return resp, frames


def test_watchers_of_many_games_share_one_reader_and_leave_no_redis_connection_behind(real_url):
    # given a server process with its own Redis clients and many games
    url, admin = real_url
    app = create_app(config={"STREAMS": StreamSettings(heartbeat_s=0.01, max_s=60, anonymous_per_address=1000)})
    hub = app.extensions["stranded_streams"]
    client = app.test_client()
    games = [create_game(client, "selfish-space", [{"name": "Ann"}, {"name": "Bob"}], seed=f"conn-{n}", stack=STACK)
             for n in range(GAMES)]
    before = connections(admin, url)
    # when every game is watched
    streams = [open_stream(client, game["id"]) for game in games]
    # then one reader reads them all on at most two connections more, and still delivers a new event
    assert hub.watched() == GAMES
    assert connections(admin, url) <= before + 2
    token = games[0]["tokens"][0]["token"]
    assert post_command(client, games[0]["id"], token, legal_commands(client, games[0]["id"], token)[0]).status_code \
        == 200
    _, frames = streams[0]
    chunks = (chunk.decode() if isinstance(chunk, bytes) else chunk for chunk in frames)
    assert any(chunk.startswith("id: ") for _, chunk in zip(range(10_000), chunks)), "the new event reached its watcher"
    # when every watcher leaves
    for resp, _ in streams:
        resp.close()
    reader = hub.reader
    if reader is not None:
        reader.join(30)
    # then no game is read, the reader stopped, and the process holds no more connections than before
    assert hub.watched() == 0 and hub.reader is None
    assert connections(admin, url) <= before
    metrics = client.get("/metrics").get_data(as_text=True)
    assert 'stranded_redis_connections{pool="feeds"} 0.0' in metrics
    assert "stranded_stream_games 0.0" in metrics


def test_readyz_is_not_ready_when_redis_takes_no_new_client(real_url, monkeypatch):
    # given a ready server whose Redis then refuses new connections (its maxclients reached)
    url, admin = real_url
    app = create_app()
    client = app.test_client()
    assert client.get("/readyz").status_code == 200
    pool = app.extensions["stranded"].store.redis.connection_pool

    class Refusing(pool.connection_class):
        def connect(self):
            raise redis_py.ConnectionError("max number of clients reached")

    monkeypatch.setattr(pool, "connection_class", Refusing)
    # when a probe asks, then it is not ready, and says the store takes no new connection
    resp = client.get("/readyz")
    assert resp.status_code == 503 and resp.headers["Retry-After"]
    assert resp.get_json()["checks"]["store"]["ok"] is False
    assert "no new connection" in resp.get_json()["checks"]["store"]["message"]


def test_reads_of_a_whole_game_keep_one_text_connection_and_the_metric_counts_it(real_url):
    # given a server process and a game that ended (both seats resigned)
    url, admin = real_url
    app = create_app()
    client = app.test_client()
    game = create_game(client, "selfish-space", [{"name": "Ann"}, {"name": "Bob"}], seed="whole-reads", stack=STACK)
    for seat in (0, 1):
        resigned = client.post(f"/v1/games/{game['id']}/seats/{seat}/resign", headers=auth(game["tokens"][seat]["token"]))
        assert resigned.status_code == 200, resigned.get_data()
    before = connections(admin, url)
    # when its record is read many times (a whole read: meta, stream, snapshot, checkpoints)
    for _ in range(20):
        assert client.get(f"/v1/games/{game['id']}/record").status_code == 200
    # then the reads share one connection of the text pool, and the metric says so
    assert connections(admin, url) <= before + 1
    metrics = client.get("/metrics").get_data(as_text=True)
    assert 'stranded_redis_connections{pool="whole_reads"} 1.0' in metrics
