"""Zombies!!! Quickplay through the whole service: a 3-player game, one human seat and two bot
seats, played to the end over REST, with the map growing, fights, Event cards and a Helipad
auction all in its event log (the game is stacked so that they happen), and the log verified
against the revealed seed."""
from __future__ import annotations

import random

from events.games.zombies_quickplay import RULESET as R
from projections.audit import verify
from tests.helpers import all_events, auth, create_game, legal_commands, run_jobs
from tests.helpers import post_command as post

RULESET = "zombies-quickplay"
#: The stack: a few streets, then the Helipad as the 5th tile; the human (seat 0) holds
#: Hey, Look! A Shotgun! and plays it at once; the first 30 rolls are 6s (every fight won).
STACK = {
    "tiles": ["crossroads", "straight", "t_junction", "bend", "helipad", "hospital", "crossroads", "straight",
              "police_station", "bend"],
    "hands": [["hey_look_a_shotgun", "fire_axe", "chainsaw"], ["fear", "grenade", "skateboard"],
              ["zombie_master", "lots_of_ammo", "first_aid_kit"]],
    "dice": [6] * 30,
}


def create(client, seats, **options):
    return create_game(client, RULESET, seats, **options)


def test_rulesets_lists_zombies_quickplay_with_its_commands_and_bots(client):
    body = client.get("/v1/rulesets").get_json()
    game = next(r for r in body["rulesets"] if r["id"] == RULESET)
    assert (game["min_seats"], game["max_seats"]) == (2, 6)
    assert {"PickTileSpot", "PlaceTile", "Fight", "Move", "MoveZombie", "Bid", "PlayCard"} <= set(game["commands"])
    assert {"random", "strong"} <= set(game["bots"]) and "stack" in game["options"]


def test_a_human_and_two_bots_play_a_whole_game_over_rest(client, store, redis_conn):
    game = create(client, [{"name": "Ann"}, {"bot": "strong"}, {"bot": "random"}], seed="zq-rest", stack=STACK,
                  first_seat=0)
    game_id, token = game["id"], game["tokens"][0]["token"]
    human = R.bots["strong"]
    rng = random.Random(0)
    played_card = False
    for _ in range(4000):
        run_jobs(redis_conn)
        summary = client.get(f"/v1/games/{game_id}").get_json()
        if summary["status"] == "finished":
            break
        assert summary["to_act"][0]["seat"] == 0, "the bots have played until the human must act"
        legal = legal_commands(client, game_id, token)
        assert 0 < len(legal) <= 150
        view = client.get(f"/v1/games/{game_id}/view", headers=auth(token)).get_json()["view"]
        assert view["hand"] is not None and "deck" not in view and "tile_deck" not in view
        shotgun = {"type": "PlayCard", "card": "hey_look_a_shotgun"}
        if not played_card and shotgun in legal:
            command, played_card = shotgun, True
        else:
            command = human(view, legal, rng)
        resp = post(client, game_id, token, command)
        assert resp.status_code == 200, resp.get_json()
    assert summary["status"] == "finished" and summary["result"]["result"] in ("helipad", "kill_target")
    events, page = all_events(client, game_id)
    assert page["complete"] and events[-1]["type"] == "SeedRevealed"
    types = [e["type"] for e in events]
    assert types.count("TilePlaced") >= 5                 # the map grew
    assert "ZombieKilled" in types and "CombatStarted" in types
    assert "CardPlayed" in types
    assert "AuctionOpened" in types and "AuctionWon" in types
    moments = {e["data"]["at"] for e in events if e["type"] == "WindowOpened"}
    assert "turn_start" in moments and "WindowClosed" in types     # reaction windows
    assert any(e["type"] == "TilePlaced" and e["data"]["tile"] == "helipad" for e in events)
    report = verify(store, game_id)
    assert report.ok, report.problems


def test_a_bad_command_over_rest_gets_a_422_and_changes_nothing(client):
    game = create(client, [{"name": "Ann"}, {"bot": "random"}, {"bot": "random"}], seed="zq-bad", stack=STACK,
                  first_seat=0)
    game_id, token = game["id"], game["tokens"][0]["token"]
    before = client.get(f"/v1/games/{game_id}").get_json()["version"]
    resp = post(client, game_id, token, {"type": "PickTileSpot", "x": 9, "y": 9})
    assert resp.status_code == 422 and resp.get_json()["error"]["code"] == "no_fit"
    assert client.get(f"/v1/games/{game_id}").get_json()["version"] == before


def test_a_bad_stack_is_a_400(client):
    resp = client.post("/v1/games", json={"ruleset": RULESET, "seats": [{"name": "A"}, {"name": "B"}],
                                          "options": {"stack": {"tiles": ["castle"]}}})
    assert resp.status_code == 400
