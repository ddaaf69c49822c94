"""What lets the store run on a Redis Cluster, checked without one: every key of a game in the
game's slot, every cross-game key in the index's one slot, and the queues kept off the cluster.

(``tests/cluster`` runs the store and whole games on a real cluster.)"""
from __future__ import annotations

import fakeredis
import pytest
from click.testing import CliRunner
from redis.crc import key_slot

from events.log.connection import QueueNotConfigured, cluster_mode, queue_url, separate_queue
from events.log.index import INDEX_TAG
from service.http.app import create_app
from service.cli.commands import main
from tests.helpers import STACK, auth, create_game, run_jobs


def hash_tag(key: str) -> str:
    """The part of ``key`` Redis Cluster hashes: between the first ``{`` and the next ``}``."""
    start = key.index("{")
    return key[start + 1:key.index("}", start)]


def test_every_key_a_game_writes_is_in_its_slot_and_every_other_key_in_the_index_slot():
    # given a server on FakeRedis that hosts two all-bot games played to the end and a human
    # game with an idempotent command
    redis = fakeredis.FakeRedis(server=fakeredis.FakeServer())
    client = create_app(redis).test_client()
    bots = create_game(client, "selfish-space", [{"bot": "random"}, {"bot": "random"}], seed="layout")
    humans = create_game(client, "selfish-space", [{"name": "A"}, {"name": "B"}], stack=STACK)
    resp = client.post(f"/v1/games/{humans['id']}/commands", json={"type": "Breathe"},
                       headers={**auth(humans["tokens"][0]["token"]), "Idempotency-Key": "k-1"})
    assert resp.status_code == 200, resp.get_json()
    solo = create_game(client, "one-against-the-dead", [{"bot": "random"}], seed="layout-solo")
    run_jobs(redis)
    # when every key but the job queues' is looked at
    keys = [k.decode() for k in redis.scan_iter(match="stranded:*")]
    games = {bots["id"], humans["id"], solo["id"]}
    # then each names a game by its hash tag, or the index
    tags = {hash_tag(k) for k in keys}
    assert tags == games | {INDEX_TAG}
    assert any(":idem:" in k and k.endswith("k-1") for k in keys) and any(k.endswith(":snapshot") for k in keys)
    # and each key sits in its game's slot; the index's keys all in one slot
    for key in keys:
        assert key_slot(key.encode()) == key_slot(hash_tag(key).encode()), key
    assert len({key_slot(k.encode()) for k in keys if hash_tag(k) == INDEX_TAG}) == 1
    assert all(not k.decode().startswith("stranded") for k in redis.keys("rq:*"))


def test_cluster_mode_needs_a_queue_url_and_says_which(monkeypatch):
    # given cluster mode on and no STRANDED_QUEUE_URL
    env = {"STRANDED_REDIS_CLUSTER": "1", "REDIS_URL": "redis://127.0.0.1:7150"}
    assert cluster_mode(env) and separate_queue(env)
    # then the queue URL is refused with the variable to set
    with pytest.raises(QueueNotConfigured, match="STRANDED_QUEUE_URL"):
        queue_url(env)
    # and with it, the queues live there
    assert queue_url({**env, "STRANDED_QUEUE_URL": "redis://q:6379/0"}) == "redis://q:6379/0"


def test_without_cluster_mode_the_queues_default_to_the_event_store():
    env = {"REDIS_URL": "redis://127.0.0.1:6379/2"}
    assert not cluster_mode(env) and not separate_queue(env)
    assert queue_url(env) == "redis://127.0.0.1:6379/2"
    assert separate_queue({**env, "STRANDED_QUEUE_URL": "redis://other:6379/0"})


@pytest.mark.parametrize("command", [["worker"], ["serve", "--no-worker"]])
def test_worker_and_serve_refuse_a_cluster_without_a_queue_url(command, monkeypatch):
    # given cluster mode without STRANDED_QUEUE_URL
    monkeypatch.setenv("STRANDED_REDIS_CLUSTER", "1")
    monkeypatch.setenv("REDIS_URL", "redis://127.0.0.1:7150")
    monkeypatch.delenv("STRANDED_QUEUE_URL", raising=False)
    # when the process is started
    result = CliRunner().invoke(main, command)
    # then it stops at once with a usage error naming the variable (nothing connected)
    assert result.exit_code == 2
    assert "STRANDED_QUEUE_URL" in result.output
