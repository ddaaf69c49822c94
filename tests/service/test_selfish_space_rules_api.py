"""Selfish: Space Edition's second-pass rules over REST (docs/rules/selfish-space.md): the ship is
checked for both ends of a Wormhole swap, no seat or spectator sees the server's queue, and the first
player is drawn with the seed or fixed by the option first_seat."""
from __future__ import annotations

from tests.helpers import all_events, auth, create_game, post_command

BLANKS5 = ["blank"] * 5
OTHER5 = ["meteoroid", "cosmic_radiation", "gravitational_anomaly", "solar_flare", "useful_junk"]
SEATS = [{"name": "Ann"}, {"name": "Bob"}]

# Seat 1 starts on space 5 with its last two Oxygen; seat 0 waits on space 5. The Space deck holds a
# Blank (seat 1 reaches the ship without Oxygen and dies there), then a Wormhole for seat 0.
CORPSE_ON_THE_SHIP = {
    "hands": [["oxygen"] * 4, ["oxygen"] * 2],
    "tracks": [BLANKS5, OTHER5],
    "game_deck": ["tether", "tether"],
    "space_deck": ["blank", "wormhole"],
}


def ok(resp):
    assert resp.status_code == 200, resp.get_json()
    return resp.get_json()


def corpse_on_the_ship(client):
    game = create_game(client, "selfish-space", SEATS, seed="ship", stack=CORPSE_ON_THE_SHIP, first_seat=1)
    tokens = {t["seat"]: t["token"] for t in game["tokens"]}
    ok(post_command(client, game["id"], tokens[1], {"type": "Travel", "pay": "singles"}))
    ok(post_command(client, game["id"], tokens[0], {"type": "Travel", "pay": "singles"}))
    return game["id"], tokens


def test_a_living_traveller_swapped_onto_the_ship_with_a_corpse_lying_there_wins(client):
    # given a corpse on the ship and seat 0 asked for a Wormhole swap from its sixth space
    game_id, tokens = corpse_on_the_ship(client)
    summary = client.get(f"/v1/games/{game_id}").get_json()
    assert summary["to_act"][0]["seat"] == 0 and summary["to_act"][0]["kind"] == "choice"
    # when it swaps places with the corpse
    ok(post_command(client, game_id, tokens[0], {"type": "SwapWith", "target": 1}))
    # then the game is over and seat 0, alive on the ship, won
    summary = client.get(f"/v1/games/{game_id}").get_json()
    assert summary["status"] == "finished" and summary["result"]["winners"] == [0]
    assert summary["result"]["result"] == "reached_ship"


def test_no_seat_or_spectator_sees_the_servers_queue_in_a_pick(client):
    # given the Wormhole pick pending inside seat 0's Travel
    game_id, tokens = corpse_on_the_ship(client)
    # when each seat and a spectator read the log and their views
    for headers in (auth(tokens[0]), auth(tokens[1]), {}):
        log = client.get(f"/v1/games/{game_id}/events?limit=1000", headers=headers).get_json()
        requested = [e for e in log["events"] if e["type"] == "ChoiceRequested"]
        view = client.get(f"/v1/games/{game_id}/view", headers=headers).get_json()["view"]
        # then the pick shows who picks and what, and nothing of the server's to-do list
        assert requested and all(set(e["data"]) == {"seat", "choice", "target"} for e in requested)
        assert view["pick"]["kind"] == "wormhole" and "then" not in str(view)


def test_the_first_seat_is_drawn_with_the_seed_and_shown_in_game_started(client):
    # given a game created without a stack or a first seat
    game = create_game(client, "selfish-space", SEATS + [{"name": "Cy"}], seed="who-starts")
    # then GameStarted records the seat drawn, and that seat is the one to act
    events, _ = all_events(client, game["id"])
    started = next(e for e in events if e["type"] == "GameStarted")["data"]
    summary = client.get(f"/v1/games/{game['id']}").get_json()
    assert started["rules"] == 2 and summary["to_act"][0]["seat"] == started["first_seat"]


def test_the_option_first_seat_fixes_who_starts(client):
    game = create_game(client, "selfish-space", SEATS, first_seat=1)
    assert client.get(f"/v1/games/{game['id']}").get_json()["to_act"][0]["seat"] == 1


def test_a_first_seat_outside_the_table_is_a_400(client):
    resp = client.post("/v1/games", json={"ruleset": "selfish-space", "seats": SEATS, "options": {"first_seat": 2}})
    assert resp.status_code == 400 and resp.get_json()["error"]["code"] == "bad_options"
