"""A seat's current view is rendered once per version (``Game.views``), never shared across seats.

Watchers poll: every GET of the same version and seat gets the view rendered the first
time; a command makes a new version and a fresh render; another seat, a spectator and
``?at=`` render their own.
"""
from __future__ import annotations

from dataclasses import replace

import pytest

from events.games import RULESETS
from tests.helpers import STACK, auth, create_game, legal_commands, post_command

RULESET = "selfish-space"


@pytest.fixture
def renders(monkeypatch):
    """Count each render of ``ruleset.view`` by the seat it was for."""
    ruleset = RULESETS[RULESET]
    counted: list = []
    real = ruleset.view

    def view(state, seat):
        counted.append(seat)
        return real(state, seat)

    monkeypatch.setitem(RULESETS, RULESET, replace(ruleset, view=view))
    return counted


def two_seats(client):
    game = create_game(client, RULESET, [{"name": "Ann"}, {"name": "Bob"}], seed="memo", stack=STACK)
    tokens = {t["seat"]: t["token"] for t in game["tokens"]}
    return game["id"], tokens


def test_polling_one_version_renders_the_view_once(client, renders):
    game_id, tokens = two_seats(client)
    first = client.get(f"/v1/games/{game_id}/view", headers=auth(tokens[0])).get_json()
    again = [client.get(f"/v1/games/{game_id}/view", headers=auth(tokens[0])).get_json() for _ in range(3)]
    assert renders == [0]
    assert all(body == first for body in again)


def test_a_command_makes_a_new_version_and_a_fresh_view(client, renders):
    game_id, tokens = two_seats(client)
    before = client.get(f"/v1/games/{game_id}/view", headers=auth(tokens[0])).get_json()
    seat = before["to_act"][0]["seat"]
    assert post_command(client, game_id, tokens[seat], legal_commands(client, game_id, tokens[seat])[0]).status_code == 200
    renders.clear()
    after = client.get(f"/v1/games/{game_id}/view", headers=auth(tokens[0])).get_json()
    assert renders == [0]
    assert after["version"] > before["version"]


def test_each_seat_and_the_spectator_get_their_own_render_never_anothers(client, renders):
    game_id, tokens = two_seats(client)
    ann = client.get(f"/v1/games/{game_id}/view", headers=auth(tokens[0])).get_json()
    bob = client.get(f"/v1/games/{game_id}/view", headers=auth(tokens[1])).get_json()
    watcher = client.get(f"/v1/games/{game_id}/view").get_json()
    assert renders == [0, 1, None]
    assert (ann["seat"], bob["seat"], watcher["seat"]) == (0, 1, None)
    assert ann["view"] != bob["view"] and watcher["view"] not in (ann["view"], bob["view"])
    assert client.get(f"/v1/games/{game_id}/view", headers=auth(tokens[1])).get_json() == bob


def test_a_past_version_is_rendered_on_each_request(client, renders):
    game_id, tokens = two_seats(client)
    for _ in range(2):
        assert client.get(f"/v1/games/{game_id}/view?at=1", headers=auth(tokens[0])).status_code == 200
    assert renders == [0, 0]
