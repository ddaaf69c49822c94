"""One damaged game stays alone: whatever the bytes of one game's keys, the rest of the server goes on.

A property-based generator (hypothesis) damages one key of one game -- replaces it with a value of
another Redis type, deletes it, sets or drops a meta field (text, bytes that are not UTF-8, JSON of
the wrong shape), rewrites a stream entry's field, or writes garbage where a cache is kept -- and the
tests check that the lobby, every other game's reads and commands, the worker's jobs, ``rebuild``,
``verify --all`` and ``export`` of the other games go on, that no request answers 500, and that the
damaged game's own requests that cannot be served answer 409 ``log_damaged``.
"""
from __future__ import annotations

import json

import fakeredis
import pytest
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st

from events.log.store import DamagedLog, EventStore, GameNotFound
from projections.audit import verify
from projections.audit_all import verify_all
from projections.rebuild import rebuild_all
from projections.records import record_of
from service.http.app import create_app
from tests.helpers import auth, create_game, legal_commands, post_command, run_jobs
from workers.reconciler import reconcile

PARTS = ("events", "meta", "snapshot", "checkpoints", "verdict")
META_FIELDS = ("ruleset", "status", "created", "seed", "seats", "options", "result", "rules_version", "audit_key",
               "imported")
#: Values of the wrong shape for a meta field: text, bytes that are not UTF-8, JSON of every kind.
JSONISH = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
                       lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner,
                                                                                   max_size=3), max_leaves=6)
VALUES = st.one_of(st.binary(max_size=12), st.text(max_size=12), JSONISH.map(json.dumps),
                   st.lists(st.dictionaries(st.sampled_from(["name", "bot", "open", "token_sha256", "auto_pass"]),
                                            JSONISH, max_size=3), max_size=6).map(json.dumps))
OTHER_TYPES = st.sampled_from(["string", "hash", "list", "set", "zset", "stream"])


@st.composite
def damages(draw):
    """One way of damaging one key of a game: ``(part, how, *arguments)``."""
    part = draw(st.sampled_from(PARTS))
    kinds = ["retype", "delete", "garbage"]
    if part == "meta":
        kinds += ["field", "field", "field", "drop_field"]
    if part == "events":
        kinds += ["entry_field", "entry_field"]
    how = draw(st.sampled_from(kinds))
    if how == "retype":
        return part, how, draw(OTHER_TYPES), draw(st.binary(min_size=1, max_size=8))
    if how == "garbage":
        return part, how, draw(st.binary(max_size=16))
    if how == "field":
        return part, how, draw(st.sampled_from(META_FIELDS)), draw(VALUES)
    if how == "drop_field":
        return part, how, draw(st.sampled_from(META_FIELDS))
    if how == "entry_field":
        return part, how, draw(st.integers(0, 40)), draw(st.sampled_from([b"e", b"b", b"x"])), draw(st.binary(max_size=16))
    return part, how


def damage(redis, key: str, how: tuple) -> None:
    """Apply one of :func:`damages` to ``key`` (Redis commands only, as an outsider would)."""
    kind = how[0]
    if kind == "delete":
        redis.delete(key)
    elif kind == "retype":
        other, payload = how[1], how[2]
        redis.delete(key)
        {"string": lambda: redis.set(key, payload), "hash": lambda: redis.hset(key, payload, payload),
         "list": lambda: redis.rpush(key, payload), "set": lambda: redis.sadd(key, payload),
         "zset": lambda: redis.zadd(key, {payload: 1}),
         "stream": lambda: redis.xadd(key, {payload: payload})}[other]()
    elif kind == "garbage":
        if redis.type(key) in (b"hash",):
            redis.hset(key, "1", how[1])
        elif redis.type(key) == b"stream":
            redis.xadd(key, {b"e": how[1]})
        else:
            redis.set(key, how[1])
    elif kind == "field":
        redis.hset(key, how[1], how[2])
    elif kind == "drop_field":
        redis.hdel(key, how[1])
    elif kind == "entry_field":
        entries = redis.xrange(key)
        index, field, value = how[1] % len(entries), how[2], how[3]
        redis.delete(key)
        for n, (entry_id, fields) in enumerate(entries):
            redis.xadd(key, {**fields, field: value} if n == index else fields, id=entry_id)


def world():
    """A fresh server: ``(redis, app, client, damaged game, other game)``, each a human (seat 0)
    against a bot, the bots' replies played, the damaged one's verdict and checkpoints kept."""
    redis = fakeredis.FakeRedis(server=fakeredis.FakeServer())
    app = create_app(redis)
    client = app.test_client()
    games = []
    for seed in ("damaged-game-seed-1", "healthy-game-seed-2"):
        game = create_game(client, "selfish-space", [{"name": "Ann"}, {"bot": "random"}], seed=seed)
        games.append((game["id"], game["tokens"][0]["token"]))
    run_jobs(redis)
    client.get(f"/v1/games/{games[0][0]}/verification")
    run_jobs(redis)
    return redis, app, client, games[0], games[1]


def assert_healthy(client, redis, game_id: str, token: str) -> None:
    """The other game answers its reads and takes a command, its bot replies."""
    for path in ("", "/view", "/view?at=1", "/events", "/verification"):
        resp = client.get(f"/v1/games/{game_id}{path}", headers=auth(token))
        assert resp.status_code in (200, 202), (path, resp.get_json())
    assert client.get(f"/v1/games/{game_id}/legal-commands", headers=auth(token)).status_code == 200
    before = client.get(f"/v1/games/{game_id}").get_json()["version"]
    if client.get(f"/v1/games/{game_id}").get_json()["status"] == "active":
        command = legal_commands(client, game_id, token)[0]
        resp = post_command(client, game_id, token, command)
        assert resp.status_code == 200, resp.get_json()
        run_jobs(redis)
        assert client.get(f"/v1/games/{game_id}").get_json()["version"] > before


def damaged_requests(client, game_id: str, token: str) -> list:
    """Every kind of request on the damaged game: its reads, a command, a resignation, a rematch."""
    gets = ["", "/view", "/view?at=1", "/events", "/verification", "/record", "/stream?timeout_s=0"]
    responses = [client.get(f"/v1/games/{game_id}{path}", headers=auth(token)) for path in gets]
    responses.append(client.get(f"/v1/games/{game_id}/legal-commands", headers=auth(token)))
    responses.append(post_command(client, game_id, token, {"type": "Breathe"}))
    responses.append(client.post(f"/v1/games/{game_id}/seats/0/resign", headers=auth(token)))
    responses.append(client.post(f"/v1/games/{game_id}/rematch", headers=auth(token)))
    return responses


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True)
@given(how=damages())
def test_any_damage_to_one_games_keys_leaves_the_rest_of_the_server_unaffected_and_answers_no_500(how):
    # given two running games, one of which has one key damaged from outside
    note(f"damage: {how!r}")
    redis, app, client, (damaged, token), (healthy, healthy_token) = world()
    store = EventStore(redis)
    damage(redis, store.key(damaged, how[0]), how[1:])
    app.extensions["stranded"].cache.drop(damaged)
    # when the damaged game is asked for anything, then nothing answers 500, and a refusal says log_damaged
    for resp in damaged_requests(client, damaged, token):
        assert resp.status_code < 500, (resp.request.path, resp.status_code, resp.get_data()[:300])
        if resp.status_code == 409 and resp.request.path.endswith(("/view", "/events", "/verification")):
            assert resp.get_json()["error"]["code"] == "log_damaged", resp.get_json()
    # then the lobby lists both games, the healthy one undamaged
    listed = client.get("/v1/games")
    assert listed.status_code == 200, listed.get_data()[:300]
    by_id = {game["id"]: game for game in listed.get_json()["games"]}
    assert healthy in by_id and not by_id[healthy].get("damaged")
    # and the other game is read, played and its bot replies (the worker's jobs go on)
    assert_healthy(client, redis, healthy, healthy_token)
    reconcile(redis, grace_s=0)
    # and rebuild, verify --all and export go on for the other game
    report = rebuild_all(store)
    assert healthy in report.rebuilt and healthy not in report.damaged
    verdicts = verify_all(store)
    assert verdicts[healthy].code in (0, 3), verdicts[healthy].problems
    assert record_of(store, healthy)["game_id"] == healthy
    # and the damaged game's own audit and export fail with a name, never an unexpected error
    for audit in (verify, record_of):
        try:
            audit(store, damaged)
        except (DamagedLog, GameNotFound):
            pass


@pytest.mark.parametrize("how", [("events", "retype", "string", b"x"), ("meta", "field", "seats", "5"),
                                 ("meta", "field", "seats", '[{"name": 1}]'), ("meta", "retype", "list", b"x"),
                                 ("meta", "field", "ruleset", b"\xff\xfe")])
def test_a_game_whose_keys_cannot_be_read_answers_409_log_damaged_to_every_read_and_command(how):
    # given a game whose events key is not a stream, or whose meta is malformed or not a hash
    redis, app, client, (damaged, token), (healthy, _) = world()
    damage(redis, EventStore(redis).key(damaged, how[0]), how[1:])
    app.extensions["stranded"].cache.drop(damaged)
    # when it is read, played, resigned from
    responses = damaged_requests(client, damaged, token)
    # then each answer is 409 log_damaged, and the lobby marks it damaged
    for resp in responses:
        assert resp.status_code == 409 and resp.get_json()["error"]["code"] == "log_damaged", \
            (resp.request.path, resp.status_code, resp.get_data()[:200])
    listed = {game["id"]: game for game in client.get("/v1/games").get_json()["games"]}
    assert listed[damaged]["damaged"] is True and listed[damaged]["damage"]
    assert not listed[healthy].get("damaged")


def test_an_unexpected_error_in_a_healthy_game_stays_a_500(app, client):
    # given a route that fails for a reason of the server's own, and a healthy game
    @app.route("/v1/games/<game_id>/boom")
    def boom(game_id):
        raise RuntimeError("a fault of the server")

    game = create_game(client, "selfish-space", [{"name": "Ann"}, {"bot": "random"}])

    # when it is asked, then the answer is a 500 (no damage is claimed for a healthy game)
    resp = client.get(f"/v1/games/{game['id']}/boom")
    assert resp.status_code == 500 and resp.get_json()["error"]["code"] == "internal_error"
