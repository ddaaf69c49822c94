"""Rules version 5: what the Quickplay lets a player do "at any point" or "at any time"
(docs/rules/zombies-quickplay.md, 'Tokens', 'Playing cards and reaction windows'; choices 8, 30, 34).

* "If at any point a player is alone in a space with a life or bullet token (ie no zombie is in that
  space), they may claim it, including right at the end of this phase." -- ``ClaimToken`` is offered
  to every seat whose pawn is alone with a token it may take, whenever the game waits on anyone, and
  changes nobody the game waits on.
* "Events may be played at any time." -- also while a drawn tile and its street zombies are placed.
* "If a player ends their turn on the centre space of the town square, they may replenish their
  lives and bullets to 3 each." -- at the end of the turn too, after a card took some.
"""
from __future__ import annotations

import pytest

from events.games.contract import RuleViolation
from events.games.zombies_quickplay import RULESET as R

from .helpers import Game, at_move

CLAIM = {"type": "ClaimToken"}
QUIET0 = ["lots_of_ammo", "grenade", "molotov_cocktail"]


def pick(g: Game, seat: int, space: str) -> list[dict]:
    """``seat`` picks ``space`` (``"x,y"``) for the card it is resolving."""
    x, y = map(int, space.split(","))
    return g.do(seat, "PickSpace", x=x, y=y)


def waits(g: Game) -> list[tuple]:
    """Whom the game waits on, and for what: (seat, code) of each pending decision."""
    return [(d.seat, d.code) for d in R.pending(g.state)]


# -- "at any point ... they may claim it" ------------------------------------------------------
def test_a_pawn_whose_zombie_another_players_event_lifts_off_may_claim_its_token_at_once():
    # given seat 1's pawn on a bullet token with a zombie on it, and seat 0 (at its movement roll)
    # holding This Isn't So Bad
    g = Game(hands=[["this_isnt_so_bad", "grenade", "chainsaw"], QUIET0])
    g.put(1, "2,1")
    g.zombie("2,1", "0,1")
    g.state["tokens"]["2,1"] = "bullet"
    assert CLAIM not in g.legal(1)                              # not alone: a zombie is there
    # when seat 0 plays it and lifts that zombie off to the north road
    g.do(0, "PlayCard", card="this_isnt_so_bad")
    pick(g, 0, "2,1")
    pick(g, 0, "1,0")
    # then, while seat 0 is still carrying the card out, seat 1 may claim the token at once
    before = waits(g)
    assert before == [(0, "move_zombies_for_card")] and g.legal(1) == [CLAIM]
    batch = g.do(1, "ClaimToken")
    assert g.types(batch) == ["TokenTaken"] and g.state["bullets"][1] == 4 and "2,1" not in g.state["tokens"]
    # and the claim changed nobody the game waits on
    assert waits(g) == before


def test_a_pawn_at_5_life_on_a_life_token_may_claim_it_once_an_event_drops_it_to_4():
    # given seat 1 at 5 life, no bullets and 1 kill, on a life token with no zombie; seat 0 holds
    # I Don't Think They're Dead and the dice will roll 2 then 6
    g = Game(hands=[["i_dont_think_theyre_dead", "grenade", "chainsaw"], QUIET0])
    g.put(1, "2,1")
    g.state["tokens"]["2,1"] = "life"
    g.state["life"][1], g.state["bullets"][1], g.state["kills"][1] = 5, 0, 1
    assert CLAIM not in g.legal(1)                              # no more than 5 life tokens
    g.dice(2, 6)
    # when seat 0 plays the card on seat 1: the roll of 2 costs it a life (it has no bullets)
    g.do(0, "PlayCard", card="i_dont_think_theyre_dead", target=1)
    assert g.state["life"][1] == 4
    # then seat 1 may claim the life token while the game waits on seat 0's movement roll
    assert waits(g) == [(0, "movement_roll")] and g.legal(1) == [CLAIM]
    g.do(1, "ClaimToken")
    assert g.state["life"][1] == 5 and g.state["tokens"] == {}


def test_a_pawn_on_a_token_may_claim_it_once_its_own_zombie_moves_take_the_zombie_off_its_space():
    # given seat 0 stands on a bullet token with a zombie (its fight is behind it this turn) and rolls
    # 4 for the zombie moves
    g = Game()
    g.put(0, "2,1")
    g.zombie("2,1")
    g.state["tokens"]["2,1"] = "bullet"
    at_move(g, 1, 4)
    g.do(0, "EndMove")
    assert g.stage == "zombies" and CLAIM not in g.legal(0)
    # when it chooses that zombie, the zombie is still in the space (it has not stepped)
    g.do(0, "ChooseZombie", x=2, y=1)
    assert CLAIM not in g.legal(0)
    # then once the zombie has stepped off to the centre, seat 0 may claim the token, and moves on
    g.do(0, "MoveZombie", x=1, y=1)
    assert CLAIM in g.legal(0)
    g.do(0, "ClaimToken")
    assert g.state["bullets"][0] == 4 and g.stage == "zombies"


def test_a_token_may_be_claimed_right_at_the_end_of_the_movement_phase():
    # given seat 0 rolls 1 (3 spaces with 3 life) and a bullet token lies 3 steps away, no zombie on the map
    g = Game()
    g.state["tokens"]["1,0"] = "bullet"
    at_move(g, 1, 2)
    g.do(0, "Move", x=2, y=1)
    g.do(0, "Move", x=1, y=1)
    # when its last step lands on the token, the movement phase ends with that step
    g.do(0, "Move", x=1, y=0)
    assert g.state["move"] is None
    # then the token is still its to claim, before the turn goes on
    assert g.stage == "discard" and CLAIM in g.legal(0)
    g.do(0, "ClaimToken")
    assert g.state["bullets"][0] == 4


def test_a_pawn_moved_onto_a_token_by_another_players_card_may_claim_it():
    # given seat 1's pawn beside a life token, and seat 0 holding Where Did Everybody Go?
    g = Game(hands=[["where_did_everybody_go", "grenade", "chainsaw"], QUIET0])
    g.state["tokens"]["2,1"] = "life"
    g.put(1, "1,1")
    # when seat 0 pushes seat 1 onto the token
    g.do(0, "PlayCard", card="where_did_everybody_go", target=1)
    pick(g, 0, "2,1")
    # then seat 1 may claim it while seat 0 is still pushing
    assert waits(g) == [(0, "move_opponent_for_card")] and g.legal(1) == [CLAIM]
    g.do(1, "ClaimToken")
    assert g.state["life"][1] == 4


def test_two_pawns_alone_with_one_token_the_first_claim_takes_it():
    # given both pawns on a bullet token with no zombie
    g = Game()
    g.put(0, "2,1")
    g.put(1, "2,1")
    g.state["tokens"]["2,1"] = "bullet"
    assert CLAIM in g.legal(0) and CLAIM in g.legal(1)
    # when seat 1 claims it (out of turn)
    g.do(1, "ClaimToken")
    # then it is gone for seat 0
    assert CLAIM not in g.legal(0) and (g.state["bullets"][0], g.state["bullets"][1]) == (3, 4)


@pytest.mark.parametrize("arrange,code", [
    ("no token", "no_token"), ("zombie", "not_alone"), ("full life", "life_full"), ("resigned", "no_token")])
def test_a_claim_with_nothing_to_claim_is_refused_and_changes_nothing(arrange, code):
    # given seat 1 with no token to claim: none there, a zombie on it, a life token at 5 life, or out
    g = Game(seats=3)
    g.put(1, "2,1")
    if arrange != "no token":
        g.state["tokens"]["2,1"] = "life"
    if arrange == "zombie":
        g.zombie("2,1")
    if arrange == "full life":
        g.state["life"][1] = 5
    if arrange == "resigned":
        g.resign(1)
    before = R.copy_state(g.state)
    # when it sends ClaimToken
    with pytest.raises(RuleViolation) as err:
        g.do(1, "ClaimToken")
    # then it is refused with a reason a player reads, and nothing changes
    assert err.value.code == code and err.value.message.endswith(".")
    assert g.state == before


# -- "Events may be played at any time" ------------------------------------------------------------
def test_an_event_card_may_be_played_while_a_drawn_tile_is_being_placed():
    # given seat 0 has drawn a straight and picked its cell; seat 1 holds Zombie Master
    g = Game(tiles=["straight"], hands=[QUIET0, ["zombie_master", "fire_axe", "chainsaw"]])
    assert {"type": "PlayCard", "card": "zombie_master"} in g.legal(1)
    g.do(0, "PickTileSpot", x=1, y=0)
    assert waits(g) == [(0, "tile_rotation")]
    # when seat 1 plays it before the tile is laid, filling the Town Square's 4 free road spaces
    g.do(1, "PlayCard", card="zombie_master")
    for space in ("1,0", "0,1", "2,1", "1,2"):
        pick(g, 1, space)
    # then, its picks done (no free space left), seat 0 lays the tile where it left off
    assert g.state["choice"] is None and waits(g) == [(0, "tile_rotation")]
    g.do(0, "PlaceTile", rotation=1)
    assert g.state["tiles"]["1,0"]["tile"] == "straight" and waits(g) == [(0, "street_zombies")]


def test_an_event_card_may_be_played_while_street_zombies_are_placed():
    # given seat 0 laid a straight east of the Town Square (2 street zombies due) and placed one on 3,1;
    # seat 1 holds This Isn't So Bad
    g = Game(tiles=["straight"], hands=[QUIET0, ["this_isnt_so_bad", "fire_axe", "chainsaw"]])
    g.do(0, "PickTileSpot", x=1, y=0)
    g.do(0, "PlaceTile", rotation=1)
    g.do(0, "PlaceZombie", x=3, y=1)
    assert g.stage == "place_zombies" and g.state["to_place"] == 1
    # when seat 1 plays it then, moving that zombie to 5,1 and on to 4,1
    g.do(1, "PlayCard", card="this_isnt_so_bad")
    for space in ("3,1", "5,1", "5,1", "4,1"):
        pick(g, 1, space)
    # then seat 0 places its last street zombie on a road space still empty, and the turn goes on
    assert waits(g) == [(0, "street_zombies")]
    assert [(c["x"], c["y"]) for c in g.legal(0) if c["type"] == "PlaceZombie"] == [(3, 1), (5, 1)]
    g.do(0, "PlaceZombie", x=5, y=1)
    assert g.state["pool"] == 98 and set(g.state["zombies"]) == {"4,1", "5,1"} and g.stage == "move_roll"


def test_when_a_card_fills_the_new_streets_road_the_street_zombies_left_stay_in_the_box():
    # given seat 0 laid a crossroads south of the Town Square (4 street zombies due); seat 1 holds
    # Zombie Master
    g = Game(tiles=["crossroads"], hands=[QUIET0, ["zombie_master", "fire_axe", "chainsaw"]])
    g.do(0, "PickTileSpot", x=0, y=1)
    g.do(0, "PlaceTile", rotation=0)
    assert g.state["to_place"] == 4
    # when seat 1 plays Zombie Master and puts its 5 zombies on the crossroads' 5 road spaces
    g.do(1, "PlayCard", card="zombie_master")
    roads = ["1,3", "0,4", "1,4", "2,4", "1,5"]
    for space in roads:
        pick(g, 1, space)
    # then no road space is left for a street zombie: the 4 due stay in the box, and the turn goes on
    street = [e for e in g.events if e["type"] == "ZombiesPlaced" and e["data"]["how"] == "street"]
    assert street == [] and set(g.state["zombies"]) == set(roads) and g.state["pool"] == 95
    assert g.stage == "move_roll" and waits(g) == [(0, "movement_roll")]


# -- "If a player ends their turn on the centre space of the town square ..." ---------------------
def test_a_turn_that_ends_on_the_town_square_centre_refills_even_what_a_card_took_after_the_movement():
    # given seat 0 ends its movement on the Town Square centre (3 life, 3 bullets), and seat 1 holds
    # Butter Fingers
    g = Game(hands=[QUIET0, ["butter_fingers", "fire_axe", "chainsaw"]])
    at_move(g, 1, 1)
    g.do(0, "EndMove")
    assert g.stage == "discard"
    # when seat 1 knocks 2 bullets out of its hands before its turn ends
    g.do(1, "PlayCard", card="butter_fingers", target=0, item="bullets")
    assert g.state["bullets"][0] == 1
    # then ending the turn there refills them to 3
    batch = g.do(0, "EndTurn")
    refill = [e["data"] for e in batch if e["type"] == "SuppliesSet"]
    assert refill == [{"seat": 0, "life": 3, "bullets": 3, "reason": "town_square"}]
    assert g.state["bullets"][0] == 3
