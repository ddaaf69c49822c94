"""One Against the Dead's second-pass rules through the REST API, with stacked decks
(docs/rules/one-against-the-dead.md): a cut-off player plays on while something is worth doing and
may concede; spawning never compares the card the player stands on; the view answers at every
version of a log, those inside a command's batch included (after a WeaponFound)."""
from __future__ import annotations

from projections.audit import verify
from tests.helpers import auth, create_game, post_command, run_jobs

RULESET = "one-against-the-dead"
PLACEHOLDERS = ["2C", "4C", "5C", "6C", "8H", "9C", "10D"]
#: The eight places around the start, in the order the stacked cards are placed there.
SLOTS = [(0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1), (1, 1), (1, 0)]
QUIET = ["2S", "8S", "8C", "8D", "2D", "9D", "9S", "9H"]


def start(client, around, seed="rules-api", **stack) -> tuple[str, str]:
    """A human game on the 2 of hearts whose eight neighbours are ``around`` (in ``SLOTS`` order),
    placed over REST. Returns the game id and the seat token."""
    deck = ["2H", *PLACEHOLDERS, "10C", *around]
    game = create_game(client, RULESET, [{"name": "Ann"}], seed=seed, stack={"deck": deck, **stack})
    game_id, token = game["id"], game["tokens"][0]["token"]
    for x, y in SLOTS:
        if view(client, game_id, token)["phase"] == "place":
            assert post_command(client, game_id, token, {"type": "PlaceCard", "x": x, "y": y}).status_code == 200
    return game_id, token


def view(client, game_id, token=None, at=None) -> dict:
    url = f"/v1/games/{game_id}/view" + (f"?at={at}" if at else "")
    resp = client.get(url, headers=auth(token) if token else {})
    assert resp.status_code == 200, resp.get_json()
    return resp.get_json()["view"]


def legal(client, game_id, token) -> list[dict]:
    """The complete command bodies the seat may send now."""
    entries = client.get(f"/v1/games/{game_id}/legal-commands", headers=auth(token)).get_json()["commands"]
    return [entry["command"] for entry in entries]


def send(client, game_id, token, command) -> dict:
    resp = post_command(client, game_id, token, command)
    assert resp.status_code == 200, resp.get_json()
    return resp.get_json()


def test_over_rest_a_walled_in_player_plays_on_to_rescue_the_survivor_then_concedes(client, store):
    # given: a King above, a Queen left, a Jack below and an Ace (die 1) right of the start
    around = ["KS", "8S", "QS", "8D", "JS", "9D", "9S", "AS"]
    game_id, token = start(client, around, dice=[2, 2, 2, 1], flips=["heads"] * 8)
    assert view(client, game_id, token)["cut_off"] is True
    assert {"type": "Concede"} in legal(client, game_id, token)
    # when: round 1 is played out without digging
    send(client, game_id, token, {"type": "EndActions"})
    while view(client, game_id, token)["phase"] == "attack":
        send(client, game_id, token, {"type": "SkipAttack"})
    # then: the game goes on; the survivor is rescued in round 2
    summary = client.get(f"/v1/games/{game_id}").get_json()
    assert summary["status"] == "active" and view(client, game_id, token)["round"] == 2
    send(client, game_id, token, {"type": "DecrementDie", "x": 1, "y": 0})
    assert view(client, game_id, token)["score"]["survivors_rescued"] == 1
    # when: the player concedes; then: lost, conceded, with the rescue's 10 points
    send(client, game_id, token, {"type": "Concede"})
    summary = client.get(f"/v1/games/{game_id}").get_json()
    assert summary["status"] == "finished" and summary["result"]["result"] == "conceded"
    assert summary["result"]["winners"] == [] and summary["result"]["scores"] == {"0": 10}
    assert verify(store, game_id).ok


def test_over_rest_a_cut_off_game_with_nothing_worth_doing_ends_by_itself(client, store):
    # given: walled in by face cards only, no zombie, no survivor, no Joker
    game_id, token = start(client, ["KS", "8S", "QS", "4S", "JS", "JH", "KD", "KH"])
    # when: the round is played out
    send(client, game_id, token, {"type": "EndActions"})
    # then: lost cut_off in round 1
    summary = client.get(f"/v1/games/{game_id}").get_json()
    assert summary["status"] == "finished" and summary["result"]["result"] == "cut_off"
    assert summary["result"]["turns"] == 1 and verify(store, game_id).ok


def test_over_rest_concede_is_refused_while_the_end_can_be_reached(client):
    game_id, token = start(client, QUIET)
    resp = post_command(client, game_id, token, {"type": "Concede"})
    assert resp.status_code == 422 and resp.get_json()["error"]["code"] == "not_cut_off"


def test_over_rest_a_card_placed_beside_the_player_is_not_compared_with_the_players_card(client):
    # given / when: the 7 of spades goes right of the player's 2 of hearts (no match), between the
    # 9 of spades above and the 7 of diamonds below (both match it)
    around = ["2S", "8S", "8C", "8D", "2D", "7D", "9S", "7S"]
    game_id, token = start(client, around)
    # then: no zombie on it
    spot = next(s for s in view(client, game_id, token)["city"] if (s["x"], s["y"]) == (1, 0))
    assert spot["card"] == "7S" and spot["zombies"] is None


def test_over_rest_the_view_answers_right_after_a_weapon_is_found(client):
    # given: a King (die 1) above the player, nothing carried
    around = ["KS", "8S", "8C", "8D", "2D", "9D", "9S", "9H"]
    game_id, token = start(client, around, dice=[1, 3], weapons=["shotgun"])
    # when: its die is cleared: WeaponFound and WeaponChosen come in one batch
    result = send(client, game_id, token, {"type": "DecrementDie", "x": 0, "y": 1})
    found = next(e["version"] for e in result["events"] if e["type"] == "WeaponFound")
    # then: the view at the version of WeaponFound (inside the batch) answers
    at = view(client, game_id, token, at=found)
    assert at["phase"] == "weapon" and at["found_weapon"] == {"kind": "shotgun", "die": 3}
    assert view(client, game_id, at=found)["to_act"][0]["code"] == "choose_weapon"
    assert view(client, game_id, token)["weapon"] == {"kind": "shotgun", "die": 3}


def test_over_rest_an_all_bot_game_shows_every_version(client, redis_conn):
    game = create_game(client, RULESET, [{"bot": "strong"}], seed="rules-api-replay")
    run_jobs(redis_conn)
    summary = client.get(f"/v1/games/{game['id']}").get_json()
    assert summary["status"] == "finished"
    for at in range(1, summary["version"] + 1):
        assert client.get(f"/v1/games/{game['id']}/view?at={at}").status_code == 200
