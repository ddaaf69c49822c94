"""One test per rule of the Quickplay turn, steps 1-6 (docs/rules/zombies-quickplay.md, 'A turn',
'Combat', 'Movement', 'Zombie moves'), with stacked tiles, hands and dice."""
from __future__ import annotations

import pytest

from events.games.contract import RuleViolation


from .helpers import Game, at_move, zombie_game, zombie_phase


# -- step 1: tiles ----------------------------------------------------------------------
def test_placing_a_tile_is_a_spot_then_a_rotation_where_roads_meet_roads():
    g = Game(tiles=["straight"])
    assert g.stage == "tile_spot" and g.state["drawn"] == "straight"
    assert [(c["x"], c["y"]) for c in g.legal(0)] == [(0, -1), (-1, 0), (1, 0), (0, 1)]
    g.do(0, "PickTileSpot", x=1, y=0)
    assert g.legal(0) == [{"type": "PlaceTile", "rotation": 1}, {"type": "PlaceTile", "rotation": 3}]
    g.do(0, "PlaceTile", rotation=1)
    assert g.state["tiles"]["1,0"] == {"tile": "straight", "rotation": 1}


def test_a_street_tile_gets_one_zombie_per_road_exit_placed_by_the_player():
    g = Game(tiles=["straight"])
    g.do(0, "PickTileSpot", x=1, y=0)
    g.do(0, "PlaceTile", rotation=1)
    assert g.stage == "place_zombies" and g.state["to_place"] == 2
    assert [(c["x"], c["y"]) for c in g.legal(0)] == [(3, 1), (4, 1), (5, 1)]
    g.do(0, "PlaceZombie", x=3, y=1)
    assert {"type": "PlaceZombie", "x": 3, "y": 1} not in g.legal(0)
    g.do(0, "PlaceZombie", x=5, y=1)
    assert set(g.state["zombies"]) == {"3,1", "5,1"} and g.state["pool"] == 98
    assert g.stage == "move_roll"


@pytest.mark.parametrize("tile,exits", [("straight", 2), ("bend", 2), ("t_junction", 3), ("crossroads", 4)])
def test_every_street_tile_gets_as_many_zombies_as_it_has_road_exits(tile, exits):
    # given seat 0 draws a street tile
    g = Game(tiles=[tile])
    # when it places it east of the Town Square in the first rotation that fits
    g.do(0, "PickTileSpot", x=1, y=0)
    g.do(0, g.legal(0)[0])
    # then it places one zombie per road exit, each on an empty road space of the new tile
    assert g.state["to_place"] == exits
    for _ in range(exits):
        g.do(0, g.legal(0)[0])
    placed = [k for k in g.state["zombies"] if 3 <= int(k.split(",")[0]) <= 5]
    assert len(placed) == len(g.state["zombies"]) == exits and g.stage == "move_roll"


def test_a_named_building_gets_its_zombies_and_tokens_inside_one_per_space():
    g = Game(tiles=["hospital"])
    g.do(0, "PickTileSpot", x=0, y=-1)
    g.do(0, "PlaceTile", rotation=0)
    building = {"0,-3", "1,-3", "2,-3", "0,-2", "1,-2", "2,-2", "0,-1", "2,-1"}
    assert set(g.state["zombies"]) == building          # Z 8 on its 8 building spaces
    assert g.state["tokens"] == {"0,-3": "life", "1,-3": "life", "2,-3": "life", "0,-2": "life"}
    assert "1,-1" not in g.state["zombies"]             # never on the street


def test_tokens_are_never_a_life_and_a_bullet_on_one_space():
    g = Game(tiles=["police_station"])
    g.do(0, "PickTileSpot", x=0, y=-1)
    g.do(0, "PlaceTile", rotation=0)
    tokens = g.state["tokens"]
    assert sorted(tokens.values()) == ["bullet"] * 4 + ["life"] * 2 and len(tokens) == 6


def test_the_helipad_comes_with_a_zombie_on_its_centre():
    g = Game(tiles=["helipad"])
    g.do(0, "PickTileSpot", x=1, y=0)
    g.do(0, "PlaceTile", rotation=0)
    assert set(g.state["zombies"]) == {"4,1"}


def test_a_drawn_tile_that_fits_nowhere_is_discarded_and_the_turn_goes_on():
    g = Game(tiles=[])
    for cell, tile, rot in [("1,0", "crossroads", 0), ("0,1", "crossroads", 0), ("0,-1", "hospital", 0),
                            ("-1,0", "police_station", 3), ("1,-1", "fire_station", 0), ("2,0", "lawn_and_garden", 1),
                            ("0,2", "sporting_goods", 2), ("-1,1", "hospital", 3)]:
        g.lay(tile, *map(int, cell.split(",")), rot)
    g.state["tile_deck"] = ["straight", "bend"]
    g.finish_turn(0)
    assert ["TileDrawn", "TileDiscarded"] == [e["type"] for e in g.events if e["type"].startswith("Tile")][-2:]
    assert g.state["tile_discard"] == ["straight"] and g.stage == "move_roll" and g.state["turn"] == 1


def test_when_no_tile_can_be_placed_any_more_the_placer_loses_the_turn():
    g = Game(tiles=["hospital", "lawn_and_garden", "police_station", "sporting_goods", "straight"])
    for seat, (x, y, rot) in enumerate([(0, -1, 0), (1, 0, 1), (0, 1, 2), (-1, 0, 3)]):
        g.do(seat % 2, "PickTileSpot", x=x, y=y)
        batch = g.do(seat % 2, "PlaceTile", rotation=rot)
        if seat < 3:
            g.finish_turn(seat % 2)
    assert "MapClosed" in g.types(batch) and g.state["closed"]
    after = g.types(batch)[g.types(batch).index("TurnStarted"):]
    assert "TileDrawn" not in after and g.state["turn"] == 0
    assert g.stage == "move_roll" and g.state["tile_deck"] == ["straight"]   # no more tile draws


# -- step 2: combat ---------------------------------------------------------------------
def test_a_roll_of_4_or_more_kills_the_zombie_and_the_move_goes_on():
    g = Game()
    g.zombie("2,1")
    at_move(g, 1, 4)
    assert g.state["move"]["left"] == 3                 # max(roll 1, life 3)
    g.do(0, "Move", x=2, y=1)
    assert g.stage == "combat"
    g.do(0, "Fight")
    assert g.state["kills"][0] == 1 and "2,1" not in g.state["zombies"]
    assert g.stage == "move" and g.state["move"]["left"] == 2


def test_a_lost_roll_costs_a_life_and_the_fight_goes_on():
    g = Game()
    g.into_fight(2, 6)
    g.do(0, "Fight")
    assert g.stage == "combat_loss"
    assert g.legal(0) == [{"type": "SpendBullets"}, {"type": "LoseLife"}]
    g.do(0, "LoseLife")
    assert g.state["life"][0] == 2 and g.stage == "combat"
    g.do(0, "Fight")
    assert g.state["kills"][0] == 1


def test_bullets_raise_a_lost_roll_to_4_one_per_pip_and_kill_the_zombie():
    g = Game()
    g.into_fight(2)
    g.do(0, "Fight")
    g.do(0, "SpendBullets")
    assert g.state["bullets"][0] == 1 and g.state["kills"][0] == 1 and g.state["life"][0] == 3


def test_a_roll_of_1_needs_3_bullets():
    g = Game()
    g.zombie("2,1")
    g.state["bullets"][0] = 2
    at_move(g, 1, 1)
    g.do(0, "Move", x=2, y=1)
    g.do(0, "Fight")
    assert g.legal(0) == [{"type": "LoseLife"}]
    with pytest.raises(RuleViolation) as err:
        g.do(0, "SpendBullets")
    assert err.value.code == "no_bullets"


def test_out_of_life_a_lost_roll_costs_a_kill_and_ends_the_movement():
    g = Game()
    g.zombie("2,1")
    g.state.update(life=[0, 3], bullets=[0, 3], kills=[2, 0], life_at_start=0)
    at_move(g, 3, 2, 4)
    g.do(0, "Move", x=2, y=1)
    batch = g.do(0, "Fight")
    assert {"type": "CombatLost", "data": {"seat": 0, "pay": "kill", "amount": 1}} in batch
    assert g.state["kills"][0] == 1 and g.state["stuck"]
    assert "MovementEnded" in g.types(batch) and g.stage in ("zombies", "discard")   # still zombie moves
    assert "2,1" in g.state["zombies"]                  # the zombie stays


def test_paying_the_last_life_ends_the_fight_and_the_movement():
    # given seat 0 with 1 life, no bullets and 2 kills, stepping onto a zombie with 2 steps left
    g = Game()
    g.state.update(life=[1, 3], bullets=[0, 3], kills=[2, 0])
    g.state["pool"] -= 2
    g.into_fight(2)
    # when it loses a roll and pays its last life
    g.do(0, "Fight")
    assert g.legal(0) == [{"type": "LoseLife"}]
    batch = g.do(0, "LoseLife")
    # then the fight is over (no kill lost, the zombie stays) and so is its movement: out of life tokens
    assert batch[0] == {"type": "CombatLost", "data": {"seat": 0, "pay": "life", "amount": 1, "fight_over": True}}
    assert "CombatStarted" not in g.types(batch) and "MovementEnded" in g.types(batch)
    assert (g.state["life"][0], g.state["kills"][0]) == (0, 2) and "2,1" in g.state["zombies"]
    assert g.state["move"] is None and g.stage in ("zombies", "discard") and g.state["stuck"]


def test_under_rules_version_3_paying_the_last_life_fought_on_and_the_next_unpaid_loss_cost_a_kill():
    # given a game of rules version 3: seat 0 with 1 life, no bullets and 2 kills, stepping onto a zombie
    g = Game(rules_version="zombies-quickplay/3")
    g.state.update(life=[1, 3], bullets=[0, 3], kills=[2, 0])
    g.state["pool"] -= 2
    g.into_fight(2, 3)
    # when it loses a roll and pays its last life
    g.do(0, "Fight")
    g.do(0, "LoseLife")
    # then it fought on, and the next lost roll, with nothing to pay, cost a kill and its movement
    assert g.state["life"][0] == 0 and g.stage == "combat"
    batch = g.do(0, "Fight")
    assert {"type": "CombatLost", "data": {"seat": 0, "pay": "kill", "amount": 1}} in batch
    assert g.state["kills"][0] == 1 and g.state["move"] is None and "2,1" in g.state["zombies"]


def test_a_first_aid_kit_paying_for_a_roll_lost_with_no_life_left_ends_the_fight():
    # given seat 0 with no life, no bullets and a First Aid Kit in play, stepping onto a zombie
    g = Game()
    g.state.update(life=[0, 3], bullets=[0, 3], life_at_start=0)
    g.state["items"][0] = ["first_aid_kit"]
    g.into_fight(2)
    # when it loses a roll and discards the kit instead of a life it does not have
    g.do(0, "Fight")
    batch = g.do(0, "UseItem", card="first_aid_kit")
    # then it keeps its kills, but it has run out of life tokens: the fight and the movement are over
    assert batch[0]["data"] == {"seat": 0, "pay": "first_aid_kit", "amount": 1, "fight_over": True}
    assert g.state["items"][0] == [] and g.state["move"] is None and "2,1" in g.state["zombies"]


def test_losing_a_kill_in_the_turns_first_fight_leaves_no_movement():
    # given seat 0 ends its turn on a zombie (Alternate Food Source holds the fight off) and seat 1
    # plays its turn elsewhere
    g = Game()
    g.zombie("1,1")
    g.put(1, "1,0")
    g.state["fx"]["food"] = {"seat": 1, "skip": 5}
    g.finish_turn(0)
    g.state["fx"]["food"] = None
    g.finish_turn(1)
    g.state.update(life=[0, 3], bullets=[0, 3], kills=[1, 0])
    g.state["pool"] -= 1
    # when seat 0's turn opens with the fight and it loses the roll with nothing to pay
    assert g.stage == "combat" and g.actor == 0
    g.dice(1)
    g.do(0, "Fight")
    # then it loses the kill, draws up, and its movement roll gives no movement
    assert g.state["kills"][0] == 0 and g.stage == "move_roll"
    batch = g.do(0, "RollMovement")
    allowed = next(e["data"] for e in batch if e["type"] == "MovementAllowed")
    assert (allowed["allowance"], allowed["basis"], allowed["roll"]) == (0, "stuck", None)
    assert not [e for e in batch if e["type"] == "DieRolled" and e["data"]["purpose"] == "move"]
    assert g.state["pawns"][0] == "1,1" and "1,1" in g.state["zombies"]


def test_a_turn_starting_on_a_zombie_starts_with_a_fight():
    g = Game()
    g.zombie("1,1")
    g.state["fx"]["food"] = {"seat": 1, "skip": 5}      # keep seat 0 from fighting it now
    g.finish_turn(0)
    g.state["fx"]["food"] = None
    g.finish_turn(1)
    assert g.state["turn"] == 0 and g.stage == "combat"
    assert g.state["resume"] == "draw"


def test_the_player_never_leaves_a_fight_by_choice():
    g = Game()
    g.into_fight()
    assert g.legal(0) == [{"type": "Fight"}]


# -- step 3: cards ------------------------------------------------------------------------
def test_the_turn_draws_back_up_to_3_event_cards():
    g = Game(hands=[["fire_axe"], ["chainsaw", "skateboard", "grenade"]])
    assert len(g.state["hands"][0]) == 3
    assert g.events[-2]["type"] in ("CardsDrawn", "PhaseStarted")


# -- step 4: movement ----------------------------------------------------------------------
@pytest.mark.parametrize("roll,life,allowance", [(1, 3, 3), (5, 3, 5), (2, 4, 4), (6, 0, 6)])
def test_the_movement_allowance_is_the_larger_of_the_roll_and_the_life_at_the_start(roll, life, allowance):
    g = Game()
    g.state["life_at_start"] = life
    at_move(g, roll)
    assert g.state["move"]["left"] == allowance


def test_losing_life_during_the_turn_does_not_lower_the_allowance():
    g = Game()
    g.into_fight(3, 5)
    g.do(0, "Fight")
    g.do(0, "LoseLife")
    g.do(0, "Fight")
    assert g.state["move"]["left"] == 2 and g.state["life"][0] == 2


def test_moves_are_orthogonal_and_into_named_buildings_only_through_the_door():
    g = Game()
    g.lay("hospital", 0, -1, 0)
    g.put(0, "1,-1")
    at_move(g, 3)
    moves = {(c["x"], c["y"]) for c in g.legal(0) if c["type"] == "Move"}
    assert moves == {(1, -2), (1, 0)}                   # the door and the road: no building side
    with pytest.raises(RuleViolation) as err:
        g.do(0, "Move", x=0, y=-1)
    assert err.value.code == "illegal_step"


def test_a_player_may_stop_moving_at_any_time():
    g = Game()
    at_move(g, 6, 1)
    g.do(0, "Move", x=2, y=1)
    batch = g.do(0, "EndMove")
    assert "MovementEnded" in g.types(batch) and g.state["pawns"][0] == "2,1"


def test_a_pawn_may_walk_back_over_its_steps_and_share_a_space_with_another_pawn():
    # given seat 1's pawn on the Town Square's east road and seat 0 rolling 3 on the centre
    g = Game()
    g.put(1, "2,1")
    at_move(g, 3, 1)
    # when seat 0 steps east onto seat 1's space, back to the centre and east again
    for x in (2, 1, 2):
        assert {"type": "Move", "x": x, "y": 1} in g.legal(0)
        g.do(0, "Move", x=x, y=1)
    # then its 3 steps are spent and both pawns stand on 2,1
    assert g.state["pawns"] == ["2,1", "2,1"] and g.state["move"] is None


def test_a_pawn_that_moves_onto_a_token_with_no_zombie_may_claim_it():
    # given a bullet token east of seat 0 and a life token north of it, and seat 0 rolling 3
    g = Game()
    g.state["tokens"].update({"2,1": "bullet", "1,0": "life"})
    at_move(g, 3)
    # when it steps onto the bullet token, the token is offered, not forced on it
    g.do(0, "Move", x=2, y=1)
    assert g.state["bullets"][0] == 3 and {"type": "ClaimToken"} in g.legal(0)
    g.do(0, "ClaimToken")
    # then it holds one more bullet and the token is gone; the same for the life token
    assert g.state["bullets"][0] == 4 and "2,1" not in g.state["tokens"]
    g.do(0, "Move", x=1, y=1)
    g.do(0, "Move", x=1, y=0)
    g.do(0, "ClaimToken")
    assert g.state["life"][0] == 4


def test_rules_version_4_took_a_token_on_arrival():
    g = Game(rules_version="zombies-quickplay/4")
    g.state["tokens"].update({"2,1": "bullet"})
    at_move(g, 3)
    g.do(0, "Move", x=2, y=1)
    assert g.state["bullets"][0] == 4 and "2,1" not in g.state["tokens"]
    assert {"type": "ClaimToken"} not in g.legal(0)
    with pytest.raises(RuleViolation) as err:
        g.do(0, "ClaimToken")
    assert err.value.code == "unknown_command"


def test_no_more_than_5_life_so_a_life_token_stays_put():
    # given seat 0 at 5 life next to a life token
    g = Game()
    g.state["life"][0] = 5
    g.state["tokens"]["2,1"] = "life"
    at_move(g, 3)
    # when it steps onto it
    g.do(0, "Move", x=2, y=1)
    # then it cannot claim it: the token stays and a claim is refused
    assert {"type": "ClaimToken"} not in g.legal(0)
    with pytest.raises(RuleViolation) as err:
        g.do(0, "ClaimToken")
    assert err.value.code == "life_full"
    assert g.state["life"][0] == 5 and g.state["tokens"] == {"2,1": "life"}


def test_a_token_under_a_zombie_may_be_collected_once_the_zombie_is_dead():
    # given a zombie on a bullet token east of seat 0
    g = Game()
    g.zombie("2,1")
    g.state["tokens"]["2,1"] = "bullet"
    at_move(g, 3, 6)
    # when seat 0 steps onto it, it fights: the token cannot be claimed under the zombie
    g.do(0, "Move", x=2, y=1)
    with pytest.raises(RuleViolation) as err:
        g.do(0, "ClaimToken")
    assert err.value.code == "not_alone" and g.state["bullets"][0] == 3
    # then once the zombie is dead, it may claim it
    g.do(0, "Fight")
    g.do(0, "ClaimToken")
    assert g.state["bullets"][0] == 4


def test_ending_the_move_on_the_town_square_centre_refills_life_and_bullets_to_3():
    g = Game()
    g.state.update(life=[1, 3], bullets=[0, 3])
    at_move(g, 2, 1)
    batch = g.do(0, "EndMove")
    assert g.state["life"][0] == 3 and g.state["bullets"][0] == 3
    assert any(e["type"] == "SuppliesSet" and e["data"]["reason"] == "town_square" for e in batch)


def test_the_town_square_refill_never_lowers_supplies():
    g = Game()
    g.state.update(life=[5, 3], bullets=[7, 3])
    at_move(g, 2, 1)
    g.do(0, "EndMove")
    assert (g.state["life"][0], g.state["bullets"][0]) == (5, 7)


# -- step 5: zombie moves --------------------------------------------------------------------

def test_one_zombie_gets_at_most_half_the_roll_rounded_down():
    g = Game()
    g.put(0, "1,0")
    g.put(1, "1,0")
    g.zombie("2,1")
    zombie_phase(g, 5)
    assert g.state["zm"]["cap"] == 2 and g.state["zm"]["left"] == 5
    g.do(0, "ChooseZombie", x=2, y=1)
    g.do(0, "MoveZombie", x=1, y=1)
    g.do(0, "MoveZombie", x=1, y=2)
    assert [c for c in g.legal(0) if c["type"] == "MoveZombie"] == []


def test_a_zombie_may_not_double_back_or_end_where_it_started():
    g = zombie_game(6, "2,1")
    g.do(0, "ChooseZombie", x=2, y=1)
    g.do(0, "MoveZombie", x=1, y=1)
    steps = {(c["x"], c["y"]) for c in g.legal(0) if c["type"] == "MoveZombie"}
    assert steps == {(1, 0), (0, 1), (1, 2)}              # not back to 2,1


def test_a_zombie_enters_and_leaves_a_named_building_only_through_its_door():
    # given the Hospital north of the Town Square (its road 1,-1, door 1,-2) with a zombie on its road
    # and one inside on the corner space 0,-1 beside that road
    g = Game()
    g.put(0, "1,1")
    g.lay("hospital", 0, -1, 0)
    g.zombie("1,-1", "0,-1")
    # when seat 0 rolls 4 for the zombie moves
    zombie_phase(g, 4)
    # then the road zombie may step to the door or along the road, never through the building's side
    g.do(0, "ChooseZombie", x=1, y=-1)
    assert {(c["x"], c["y"]) for c in g.legal(0) if c["type"] == "MoveZombie"} == {(1, -2), (1, 0)}
    g.do(0, "MoveZombie", x=1, y=-2)
    # and the corner zombie inside may only move within the building
    g.do(0, "ChooseZombie", x=0, y=-1)
    assert {(c["x"], c["y"]) for c in g.legal(0) if c["type"] == "MoveZombie"} == {(0, -2)}


def test_a_zombie_passes_through_another_but_may_not_stop_on_it():
    g = zombie_game(4, "2,1", "1,1")
    g.do(0, "ChooseZombie", x=2, y=1)
    g.do(0, "MoveZombie", x=1, y=1)
    assert {"type": "EndZombieMoves"} not in g.legal(0)
    assert not any(c["type"] == "ChooseZombie" for c in g.legal(0))
    with pytest.raises(RuleViolation) as err:
        g.do(0, "EndZombieMoves")
    assert err.value.code == "zombie_on_zombie"
    g.do(0, "MoveZombie", x=0, y=1)
    g.do(0, "EndZombieMoves")
    assert set(g.state["zombies"]) == {"1,1", "0,1"}


def test_a_step_that_could_only_end_on_a_zombie_is_not_offered():
    g = Game()
    g.put(0, "1,0")
    g.zombie("2,1", "1,1")
    zombie_phase(g, 2)                                    # one step each at most
    assert {"type": "ChooseZombie", "x": 2, "y": 1} not in g.legal(0)


def test_the_zombie_moves_end_when_the_roll_is_used():
    g = Game()
    g.lay("straight", 1, 0, 1)
    g.put(0, "1,0")
    g.zombie("4,1", "2,1")
    zombie_phase(g, 2)
    g.do(0, "ChooseZombie", x=4, y=1)
    g.do(0, "MoveZombie", x=5, y=1)
    g.do(0, "ChooseZombie", x=2, y=1)
    batch = g.do(0, "MoveZombie", x=1, y=1)
    assert g.types(batch)[-2:] == ["ZombieMovesEnded", "PhaseStarted"] and g.stage == "discard"
    assert set(g.state["zombies"]) == {"5,1", "1,1"}


def test_the_zombie_moves_end_by_themselves_when_no_zombie_can_step_any_more():
    g = zombie_game(2, "2,1")
    g.do(0, "ChooseZombie", x=2, y=1)
    batch = g.do(0, "MoveZombie", x=1, y=1)           # one move left, but this zombie is at its cap
    assert g.stage == "discard" and set(g.state["zombies"]) == {"1,1"}
    assert g.types(batch)[-2:] == ["ZombieMovesEnded", "PhaseStarted"]


def test_zombie_moves_may_be_ended_early():
    g = zombie_game(6, "2,1")
    g.do(0, "ChooseZombie", x=2, y=1)
    g.do(0, "MoveZombie", x=1, y=1)
    g.do(0, "EndZombieMoves")
    assert g.stage == "discard" and set(g.state["zombies"]) == {"1,1"}


def test_a_zombie_roll_of_1_gives_no_zombie_moves():
    g = Game()
    g.zombie("2,1")
    zombie_phase(g, 1)
    assert g.stage == "discard"


def test_zombies_can_walk_onto_a_pawn():
    g = zombie_game(2, "2,1")
    g.do(0, "ChooseZombie", x=2, y=1)
    g.do(0, "MoveZombie", x=1, y=1)
    assert "1,1" in g.state["zombies"] and g.state["pawns"][1] == "1,1"


# -- step 6: discard ---------------------------------------------------------------------------
def test_the_turn_ends_with_at_most_one_discard_and_play_passes_on():
    g = Game()
    zombie_phase(g, 1)
    card = g.state["hands"][0][0]
    g.do(0, "Discard", card=card)
    assert len(g.state["hands"][0]) == 2 and g.state["discard"] == [card]
    assert g.state["turn"] == 1


def test_the_next_turn_draws_the_discard_back():
    g = Game()
    zombie_phase(g, 1)
    g.do(0, "Discard", card=g.state["hands"][0][0])
    g.finish_turn(1)
    assert len(g.state["hands"][0]) == 3


def test_a_player_may_hold_as_many_bullets_as_it_collects():
    # given seat 0 holds 5 bullets (life is capped at 5, bullets are not) and stands on a bullet token
    g = Game()
    g.state["bullets"][0] = 5
    g.put(0, "2,1")
    g.state["tokens"]["2,1"] = "bullet"
    # when it claims the token
    g.do(0, "ClaimToken")
    # then it holds 6
    assert g.state["bullets"][0] == 6
