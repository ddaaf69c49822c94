"""Once a game is over its whole log is open, and so is every seat's view: ``GET .../view?seat=K``
(docs/rules/<ruleset>.md, "What each seat and a spectator can see"). While it runs a seat's view is
its own."""
from __future__ import annotations

from tests.helpers import auth, create_game, run_jobs


def finished_bot_game(client, redis_conn) -> str:
    game = create_game(client, "selfish-space", [{"bot": "random"}, {"bot": "random"}], seed="open-at-the-end")
    for _ in range(200):
        run_jobs(redis_conn)
        if client.get(f"/v1/games/{game['id']}").get_json()["status"] == "finished":
            return game["id"]
    raise AssertionError("the all-bot game did not finish")


def test_any_seats_view_is_open_once_the_game_is_over(client, redis_conn):
    # given a finished game of two bots
    game_id = finished_bot_game(client, redis_conn)
    spectator = client.get(f"/v1/games/{game_id}/view?at=3").get_json()
    # when anyone asks for seat 1's view at version 3, without a token
    seat_one = client.get(f"/v1/games/{game_id}/view?at=3&seat=1")
    # then it is seat 1's: its hand is shown where the spectator's view hides it
    assert seat_one.status_code == 200
    body = seat_one.get_json()
    assert body["seat"] == 1 and spectator["seat"] is None
    assert body["view"] != spectator["view"]
    # and it never changes
    assert "immutable" in seat_one.headers["Cache-Control"]


def test_a_seats_view_is_its_own_while_the_game_runs(client, redis_conn):
    # given a running game with a human seat
    game = create_game(client, "selfish-space", [{"name": "Ann"}, {"bot": "random"}], seed="hidden-while-played")
    version = client.get(f"/v1/games/{game['id']}").get_json()["version"]
    # when anyone -- the other seat's token or none -- asks for seat 0's view
    for headers in ({}, auth(game["tokens"][0]["token"])):
        resp = client.get(f"/v1/games/{game['id']}/view?seat=0", headers=headers)
        # then it is refused, and nothing changed
        assert resp.status_code == 403
        assert resp.get_json()["code"] == "seat_view_hidden"
    assert client.get(f"/v1/games/{game['id']}").get_json()["version"] == version


def test_a_malformed_or_missing_seat_is_refused(client, redis_conn):
    game_id = finished_bot_game(client, redis_conn)
    for query, status, code in (("seat=one", 400, "malformed"), ("seat=-1", 400, "malformed"),
                                ("seat=7", 400, "bad_seat")):
        resp = client.get(f"/v1/games/{game_id}/view?{query}")
        assert (resp.status_code, resp.get_json()["code"]) == (status, code), query
