"""A past version costs a bounded fold: it is folded from the nearest checkpoint (events.log.checkpoints),
and shows exactly what a fold of the whole log gives -- state, seats and clocks -- for every version
of a game where seats leave, come back and play on a clock. (The checkpoints here are every 8
versions instead of 512, so a short game has many.)"""
from __future__ import annotations

import random

import pytest

from events.log import checkpoints

from events.commands import seating
from events.log.repository import GameRepository
from events.log.store import EventStore
from projections import replay
from projections.audit import verify
from projections.rebuild import rebuild_all
from tests.helpers import auth, legal_commands, post_command, run_jobs

EVERY = 8


@pytest.fixture(autouse=True)
def small_checkpoints(monkeypatch):
    monkeypatch.setattr(checkpoints, "CHECKPOINT_EVERY", EVERY)


@pytest.fixture
def played(client, redis_conn, store):
    """A finished two-seat Selfish: Space game on a clock, whose second seat left and came back."""
    body = client.post("/v1/games", json={"ruleset": "selfish-space", "seats": [{"name": "Ann"}, {"name": "Bob"}],
                                          "options": {"seed": "replay-checkpoints", "clock": {"initial_s": 600}}})
    game_id, tokens = body.get_json()["id"], {t["seat"]: t["token"] for t in body.get_json()["tokens"]}
    repo, rng = GameRepository(store), random.Random(1)
    for step in range(3000):
        run_jobs(redis_conn)
        summary = client.get(f"/v1/games/{game_id}").get_json()
        if summary["status"] == "finished":
            return game_id, tokens
        if step == 10:
            seating.take_over(repo, game_id, 1, "left")
        if step == 30:
            seating.reclaim(repo, game_id, 1)
        seat = summary["to_act"][0]["seat"]
        if summary["seats"][seat]["bot"]:
            continue
        assert post_command(client, game_id, tokens[seat], rng.choice(legal_commands(client, game_id,
                                                                                       tokens[seat]))).status_code == 200
    raise AssertionError("the game did not end")


def test_every_past_version_from_a_checkpoint_is_what_the_whole_log_folds_to(client, played, monkeypatch):
    # given a finished game with checkpoints every few versions, and every version shown from them
    game_id, tokens = played
    last = client.get(f"/v1/games/{game_id}").get_json()["version"]
    assert last > 6 * EVERY
    shown = {(at, who): client.get(f"/v1/games/{game_id}/view?at={at}", headers=headers).get_json()
             for at in range(1, last + 1) for who, headers in (("spectator", {}), ("Ann", auth(tokens[0])))}
    # when the same versions are folded from the start of the log instead
    monkeypatch.setattr(replay, "nearest_checkpoint", lambda *args: None)
    monkeypatch.setattr(checkpoints, "CHECKPOINT_EVERY", 10 ** 9)
    folded = {(at, who): client.get(f"/v1/games/{game_id}/view?at={at}", headers=headers).get_json()
              for at in range(1, last + 1) for who, headers in (("spectator", {}), ("Ann", auth(tokens[0])))}
    # then every view is the same: state, seats, clocks, head, who acts
    assert shown == folded


def test_a_past_version_reads_at_most_two_checkpoints_apart_of_the_log(client, played, store, monkeypatch):
    game_id, _ = played
    last = client.get(f"/v1/games/{game_id}").get_json()["version"]
    read = []
    real = EventStore.read_chained
    monkeypatch.setattr(EventStore, "read_chained", lambda self, gid, after=0, limit=None, until=None, key=None:
                        read.append((until or 0) - after) or real(self, gid, after, limit, until, key))
    for at in range(1, last + 1):
        assert client.get(f"/v1/games/{game_id}/view?at={at}").status_code == 200
    assert read and max(read) <= 2 * EVERY + 12               # two checkpoints apart, and a batch


def test_a_game_written_before_checkpoints_gets_them_from_a_worker_and_verify_checks_them(client, played, store,
                                                                                          redis_conn):
    # given a game whose checkpoints are gone (as one written before them)
    game_id, _ = played
    last = client.get(f"/v1/games/{game_id}").get_json()["version"]
    redis_conn.delete(store.key(game_id, "checkpoints"))
    # when a version far into it is asked for
    resp = client.get(f"/v1/games/{game_id}/view?at={last - 1}")
    # then it is not folded in the request: 503 replay_preparing, Retry-After, and a worker is asked
    assert resp.status_code == 503 and resp.get_json()["error"]["code"] == "replay_preparing"
    assert int(resp.headers["Retry-After"]) > 0
    run_jobs(redis_conn)
    assert client.get(f"/v1/games/{game_id}/view?at={last - 1}").status_code == 200
    # and the checkpoints the worker wrote are the ones the log implies: verify and rebuild agree
    assert verify(store, game_id).code == 0
    assert rebuild_all(store).repaired == {}


def test_a_forged_checkpoint_is_named_by_verify_and_repaired_by_rebuild(client, played, store, redis_conn):
    # given an honest game whose write path kept its checkpoints (they verify), one rewritten
    game_id, _ = played
    assert verify(store, game_id).code == 0 and rebuild_all(store).repaired == {}
    key = store.key(game_id, "checkpoints")
    field, text = sorted(redis_conn.hgetall(key).items())[1]
    redis_conn.hset(key, field, text.replace(b'"remaining_ms":', b'"remaining_ms":1'))
    # when the game is verified, then rebuilt
    verdict = verify(store, game_id)
    assert verdict.code == 1 and any("checkpoint" in str(p) for p in verdict.problems)
    assert rebuild_all(store).repaired == {game_id: ["checkpoints"]}
    # then the log's checkpoints are back
    assert verify(store, game_id).code == 0
