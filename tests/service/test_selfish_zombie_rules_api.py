"""Selfish: Zombie Edition's second-pass rules over REST (docs/rules/selfish-zombie.md): a zombie
attacks one survivor several times or several once each, allies follow a move even when the mover
dies, Horde reaches a zombie, Settlement and Shopping Mall are offers, and the first player is drawn
or fixed."""
from __future__ import annotations

from tests.helpers import all_events, create_game, post_command

SUPPLIES4 = ["supplies"] * 4


def ok(resp):
    assert resp.status_code == 200, resp.get_json()
    return resp.get_json()


def types(resp) -> list[str]:
    return [e["type"] for e in ok(resp)["events"]]


def humans(client, n, **options):
    game = create_game(client, "selfish-zombie", [{"name": f"P{i}"} for i in range(n)], seed="zombie-rules",
                       first_seat=0, **options)
    return game["id"], {t["seat"]: t["token"] for t in game["tokens"]}


def test_a_zombie_that_attacked_one_survivor_twice_cannot_turn_to_another(client):
    # given seat 0 bitten on level 1 (3 action points to come) and survivors 1 and 2 on its level
    game_id, tokens = humans(client, 3, stack={"hands": [SUPPLIES4] * 3, "tracks": [[], ["blank"], ["blank"]],
                                               "wasteland_deck": ["youve_been_bitten"], "dice": [3],
                                               "game_deck": ["supplies"] * 6})
    ok(post_command(client, game_id, tokens[0], {"type": "Travel", "pay": "singles"}))
    ok(post_command(client, game_id, tokens[1], {"type": "Rest"}))
    ok(post_command(client, game_id, tokens[2], {"type": "Rest"}))
    # when the zombie attacks seat 1 twice
    for _ in range(2):
        ok(post_command(client, game_id, tokens[0], {"type": "Attack", "target": 1}))
        ok(post_command(client, game_id, tokens[1], {"type": "Pass"}))
    # then an attack on seat 2 is refused and changes nothing; seat 1 may be attacked again
    refused = post_command(client, game_id, tokens[0], {"type": "Attack", "target": 2})
    assert refused.status_code == 422 and refused.get_json()["error"]["code"] == "illegal_target"
    assert "ZombieAttacked" in types(post_command(client, game_id, tokens[0], {"type": "Attack", "target": 1}))


def test_an_ally_follows_a_target_bitten_where_it_lands(client):
    # given seat 0's Alliance on seat 1, and You've Been Bitten on top of the Wasteland deck
    game_id, tokens = humans(client, 2, stack={"hands": [["alliance"] + SUPPLIES4, SUPPLIES4],
                                               "game_deck": ["supplies"] * 4,
                                               "wasteland_deck": ["youve_been_bitten", "blank"]})
    ok(post_command(client, game_id, tokens[0], {"type": "PlayAction", "card": "alliance", "target": 1}))
    ok(post_command(client, game_id, tokens[1], {"type": "Pass"}))
    ok(post_command(client, game_id, tokens[0], {"type": "Rest"}))
    # when seat 1 travels onto it and turns
    seen = types(post_command(client, game_id, tokens[1], {"type": "Travel", "pay": "singles"}))
    # then seat 0 follows the move all the same
    assert seen[:4] == ["CardsDiscarded", "Moved", "Died", "Moved"]
    view = client.get(f"/v1/games/{game_id}/view").get_json()["view"]
    assert view["positions"] == [1, 1] and view["alive"] == [True, False]


def test_horde_moves_a_zombie_back_without_a_reaction_window(client):
    # given seat 0 bitten on level 1, seat 1 holding a Horde
    game_id, tokens = humans(client, 2, stack={"hands": [SUPPLIES4, ["horde"] + SUPPLIES4],
                                               "wasteland_deck": ["youve_been_bitten"]})
    ok(post_command(client, game_id, tokens[0], {"type": "Travel", "pay": "singles"}))
    # when seat 1 plays it on the zombie
    seen = types(post_command(client, game_id, tokens[1], {"type": "PlayAction", "card": "horde", "target": 0}))
    # then the zombie steps back at once
    assert seen == ["ActionPlayed", "ZombieKnockedBack"]
    assert client.get(f"/v1/games/{game_id}/view").get_json()["view"]["positions"][0] == 0


def test_a_settlement_offer_may_be_declined(client):
    # given seat 0 travelling onto a Settlement
    game_id, tokens = humans(client, 2, stack={"hands": [SUPPLIES4, SUPPLIES4], "game_deck": ["supplies", "horde"],
                                               "wasteland_deck": ["settlement"]})
    ok(post_command(client, game_id, tokens[0], {"type": "Travel", "pay": "singles"}))
    summary = client.get(f"/v1/games/{game_id}").get_json()
    assert summary["to_act"][0]["seat"] == 0 and summary["to_act"][0]["kind"] == "choice"
    # when it declines, then seat 0 draws nothing: the next draw is seat 1's, at its turn
    events = ok(post_command(client, game_id, tokens[0], {"type": "Decline"}))["events"]
    assert [(e["type"], e["data"].get("seat")) for e in events] == [
        ("ChoiceMade", 0), ("TurnStarted", 1), ("CardDrawn", 1)]


def test_a_shopping_mall_offer_may_be_accepted(client):
    # given seat 0 travelling onto a Shopping Mall, with a roll of 2 stacked
    game_id, tokens = humans(client, 2, stack={"hands": [SUPPLIES4, SUPPLIES4], "dice": [2],
                                               "game_deck": ["supplies", "horde", "scout"],
                                               "wasteland_deck": ["shopping_mall"]})
    ok(post_command(client, game_id, tokens[0], {"type": "Travel", "pay": "singles"}))
    # when it accepts, then the die is rolled and two cards drawn
    seen = types(post_command(client, game_id, tokens[0], {"type": "Accept"}))
    assert seen[:4] == ["ChoiceMade", "DieRolled", "CardDrawn", "CardDrawn"]


def test_the_first_seat_is_drawn_with_the_seed_and_shown_in_game_started(client):
    game = create_game(client, "selfish-zombie", [{"name": "A"}, {"name": "B"}, {"name": "C"}], seed="who")
    events, _ = all_events(client, game["id"])
    started = next(e for e in events if e["type"] == "GameStarted")["data"]
    summary = client.get(f"/v1/games/{game['id']}").get_json()
    assert started["rules"] == 2 and summary["to_act"][0]["seat"] == started["first_seat"]


def test_a_first_seat_outside_the_table_is_a_400(client):
    resp = client.post("/v1/games", json={"ruleset": "selfish-zombie", "seats": [{}, {}],
                                          "options": {"first_seat": -1}})
    assert resp.status_code == 400 and resp.get_json()["error"]["code"] == "bad_options"
