"""One Against the Dead through the whole service: a one-seat game created, joined, viewed and
played to the end over REST by a human, and played by a bot seat alone through the workers; both
logs verified against the revealed seed (``projections.audit.verify``)."""
from __future__ import annotations

import json

from projections.audit import verify
from tests.helpers import all_events, auth, create_game, legal_commands, run_jobs
from tests.helpers import post_command as post

RULESET = "one-against-the-dead"
#: A stacked start: the 2 of hearts, whose check-out spawns no zombie when the cards go where
#: the opening of tests/games/one_against_the_dead/helpers.py puts them.
STACK = {"deck": ["2H", "2C", "4C", "5C", "6C", "8H", "9C", "10D", "10C",
                  "2S", "8S", "8C", "8D", "2D", "9D", "9S", "9H"]}


def create(client, seats, **options):
    return create_game(client, RULESET, seats, **options)


def test_rulesets_lists_the_solitaire_with_its_commands_and_bots(client):
    body = client.get("/v1/rulesets").get_json()
    game = next(r for r in body["rulesets"] if r["id"] == RULESET)
    assert (game["min_seats"], game["max_seats"]) == (1, 1)
    assert {"Move", "PlaceCard", "AttackWithFists"} <= set(game["commands"])
    assert {"random", "strong"} <= set(game["bots"]) and "stack" in game["options"]


def test_a_human_plays_a_whole_game_over_rest(client, store):
    game = create(client, [{"name": "Ann"}], seed="rest-human", stack=STACK)
    game_id, token = game["id"], game["tokens"][0]["token"]
    assert game["status"] == "active"
    view = client.get(f"/v1/games/{game_id}/view", headers=auth(token)).get_json()
    assert view["seat"] == 0 and view["view"]["phase"] == "place" and view["view"]["drawn_card"] == "2S"
    for _ in range(3000):
        summary = client.get(f"/v1/games/{game_id}").get_json()
        if summary["status"] == "finished":
            break
        assert summary["to_act"][0]["seat"] == 0
        legal = legal_commands(client, game_id, token)
        assert 0 < len(legal) <= 20
        command = legal[-1] if legal[-1]["type"] != "EndActions" else legal[0]
        resp = post(client, game_id, token, command)
        assert resp.status_code == 200, resp.get_json()
    assert summary["status"] == "finished"
    assert summary["result"]["result"] in ("won", "overwhelmed", "cut_off", "conceded", "exhausted")
    assert isinstance(summary["result"]["scores"]["0"], int)
    report = verify(store, game_id)
    assert report.ok, report.problems
    events, page = all_events(client, game_id)
    assert page["complete"] and events[-1]["type"] == "SeedRevealed"
    assert [e["version"] for e in events] == list(range(1, summary["version"] + 1))


def test_a_bot_seat_plays_a_whole_game_through_the_workers(client, store, redis_conn):
    game = create(client, [{"bot": "strong"}], seed="rest-bot")
    game_id = game["id"]
    assert game["tokens"] == []
    run_jobs(redis_conn)
    summary = client.get(f"/v1/games/{game_id}").get_json()
    assert summary["status"] == "finished" and summary["to_act"] == []
    assert summary["result"]["winners"] in ([0], [])
    assert verify(store, game_id).ok


def test_an_open_seat_is_joined_and_the_game_starts(client):
    game = create(client, [{"open": True}])
    game_id = game["id"]
    assert game["status"] == "waiting"
    joined = client.post(f"/v1/games/{game_id}/seats/0/join", json={"name": "Ann"})
    assert joined.status_code == 200
    token = joined.get_json()["token"]
    assert client.get(f"/v1/games/{game_id}").get_json()["status"] == "active"
    legal = legal_commands(client, game_id, token)
    assert legal and all(c["type"] == "PlaceCard" for c in legal)


def test_spectators_and_the_event_log_never_show_the_deck_or_the_placeholders(client):
    game = create(client, [{"name": "Ann"}], seed="rest-secret", stack=STACK)
    game_id, token = game["id"], game["tokens"][0]["token"]
    spectator = client.get(f"/v1/games/{game_id}/view").get_json()
    player = client.get(f"/v1/games/{game_id}/view", headers=auth(token)).get_json()
    hidden = [s for s in spectator["view"]["city"] if not s["face_up"]]
    assert len(hidden) == 6 and all(s["card"] is None for s in hidden)
    assert spectator["view"]["city"] == player["view"]["city"]
    log = client.get(f"/v1/games/{game_id}/events").get_json()["events"]
    text = json.dumps(log)
    for placeholder in ("\"2C\"", "\"4C\"", "\"5C\"", "\"6C\"", "\"8H\"", "\"9C\"", "\"10D\""):
        assert placeholder not in text and placeholder not in json.dumps(spectator)
        assert placeholder not in json.dumps(player)
    assert "\"order\"" not in text
    summary = client.get(f"/v1/games/{game_id}").get_json()
    assert summary["stacked"] and "stack" not in summary["options"]


def test_a_command_out_of_phase_is_422_and_changes_nothing(client):
    game = create(client, [{"name": "Ann"}], seed="rest-bad", stack=STACK)
    game_id, token = game["id"], game["tokens"][0]["token"]
    before = client.get(f"/v1/games/{game_id}").get_json()["version"]
    resp = post(client, game_id, token, {"type": "Move", "x": 1, "y": 0})
    assert resp.status_code == 422 and resp.get_json()["error"]["code"] == "wrong_phase"
    assert client.get(f"/v1/games/{game_id}").get_json()["version"] == before


def test_a_bad_stack_is_400(client):
    resp = client.post("/v1/games", json={"ruleset": RULESET, "seats": [{"name": "Ann"}],
                                          "options": {"stack": {"deck": ["2H", "2H"]}}})
    assert resp.status_code == 400 and resp.get_json()["error"]["code"] == "bad_options"
