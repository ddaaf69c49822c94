"""One test per rule of the Quickplay turn (rules/zombies-quickplay.md, 'Turn', 'Combat',
'The Helipad and winning'), with stacked tiles, hands and dice."""
from __future__ import annotations

import pytest

from events.games.contract import RuleViolation

from events.games.zombies_quickplay import RULESET as R

from .helpers import Game


def at_move(g: Game, roll: int, *later: int) -> None:
    """Seat 0 (at its movement roll) rolls ``roll``; ``later`` rolls follow."""
    g.dice(roll, *later)
    g.do(0, "RollMovement")


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
    assert g.types(batch)[-2:] == ["TurnStarted", "PhaseStarted"] and g.state["turn"] == 0
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


def test_a_token_on_a_space_without_a_zombie_is_taken():
    g = Game()
    g.state["tokens"].update({"2,1": "bullet", "1,0": "life"})
    at_move(g, 3)
    g.do(0, "Move", x=2, y=1)
    assert g.state["bullets"][0] == 4 and "2,1" not in g.state["tokens"]
    g.do(0, "Move", x=1, y=1)
    g.do(0, "Move", x=1, y=0)
    assert g.state["life"][0] == 4


def test_no_more_than_5_life_so_a_life_token_stays_put():
    g = Game()
    g.state["life"][0] = 5
    g.state["tokens"]["2,1"] = "life"
    at_move(g, 3)
    g.do(0, "Move", x=2, y=1)
    assert g.state["life"][0] == 5 and g.state["tokens"] == {"2,1": "life"}


def test_a_token_under_a_zombie_is_taken_once_the_zombie_is_dead():
    g = Game()
    g.zombie("2,1")
    g.state["tokens"]["2,1"] = "bullet"
    at_move(g, 3, 6)
    g.do(0, "Move", x=2, y=1)
    assert g.state["bullets"][0] == 3
    g.do(0, "Fight")
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
def zombie_phase(g: Game, roll: int) -> None:
    at_move(g, 1, roll)
    g.do(0, "EndMove")


def zombie_game(roll: int, *zombies: str) -> Game:
    """Seat 0 stands on the Town Square's north road, zombies on ``zombies``; it has just rolled
    ``roll`` for the zombie moves."""
    g = Game()
    g.put(0, "1,0")
    g.zombie(*zombies)
    zombie_phase(g, roll)
    return g


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


# -- winning ------------------------------------------------------------------------------------
def test_reaching_the_kill_target_wins_at_once():
    g = Game()
    g.zombie("2,1")
    g.state["kills"][0] = 24
    at_move(g, 1, 6)
    g.do(0, "Move", x=2, y=1)
    batch = g.do(0, "Fight")
    assert batch[-1] == {"type": "GameWon", "data": {"seat": 0, "result": "kill_target"}}
    assert g.state["over"] and g.state["winner"] == 0


def test_reaching_the_helipad_centre_and_killing_its_zombie_wins():
    g = Game()
    g.lay("helipad", 1, 0, 0)
    g.zombie("4,1")
    at_move(g, 3, 5)
    g.do(0, "Move", x=2, y=1)
    g.do(0, "Move", x=3, y=1)
    g.do(0, "Move", x=4, y=1)
    batch = g.do(0, "Fight")
    assert batch[-1]["data"] == {"seat": 0, "result": "helipad"}


def test_reaching_an_empty_helipad_centre_wins():
    g = Game()
    g.lay("helipad", 1, 0, 0)
    at_move(g, 3)
    g.do(0, "Move", x=2, y=1)
    g.do(0, "Move", x=3, y=1)
    batch = g.do(0, "Move", x=4, y=1)
    assert batch[-1]["type"] == "GameWon" and g.state["result"] == "helipad"
    assert g.legal(0) == [] and g.legal(1) == []


def test_a_closed_map_without_zombies_ends_with_the_most_kills_winning():
    g = Game()
    g.state.update(closed=True, kills=[3, 5])
    zombie_phase(g, 1)
    batch = g.do(0, "EndTurn")
    assert batch[-1]["data"] == {"seat": 1, "result": "map_closed"}


# -- the Helipad auction ------------------------------------------------------------------------
def auction_game(kills):
    g = Game(seats=3, tiles=["straight", "helipad"])
    g.do(0, "PickTileSpot", x=0, y=1)
    g.do(0, "PlaceTile", rotation=0)
    g.do(0, "PlaceZombie", x=1, y=3)
    g.do(0, "PlaceZombie", x=1, y=5)
    g.state["kills"] = list(kills)
    g.state["pool"] -= sum(kills)
    g.finish_turn(0)
    return g


def test_the_helipad_bidding_starts_with_the_most_kills_and_goes_in_turn_order():
    g = auction_game([3, 5, 5])
    assert g.state["auction"]["order"] == [1, 2, 0]    # seat 1 drew it and ties with seat 2
    g.do(1, "Bid", kills=1)
    with pytest.raises(RuleViolation) as err:
        g.do(2, "Bid", kills=1)
    assert err.value.code == "bad_bid"
    g.do(2, "Bid", kills=2)
    g.do(0, "PassBid")
    g.do(1, "Bid", kills=3)
    batch = g.do(2, "PassBid")
    assert batch[-1] == {"type": "AuctionWon", "data": {"seat": 1, "kills": 3}}
    assert g.state["kills"] == [3, 2, 5]
    assert g.actor == 1 and g.stage == "tile_spot"


def test_a_player_who_passed_may_not_bid_again_and_the_winner_places_the_helipad():
    g = auction_game([4, 1, 2])
    assert g.state["auction"]["order"] == [0, 1, 2]
    g.do(0, "PassBid")
    g.do(1, "Bid", kills=1)
    g.do(2, "Bid", kills=2)
    batch = g.do(1, "PassBid")
    assert batch[-1]["data"] == {"seat": 2, "kills": 2}
    assert g.actor == 2
    spot = g.legal(2)[0]
    g.do(2, spot)
    g.do(2, g.legal(2)[0])
    assert any(p["tile"] == "helipad" for p in g.state["tiles"].values())
    assert g.state["turn"] == 1 and g.actor == 1          # the drawer's turn goes on


def test_no_bid_means_the_drawer_places_the_helipad_for_free():
    g = auction_game([0, 0, 2])
    assert g.state["auction"]["order"] == [2]            # seats without kills cannot bid
    g.do(2, "PassBid")
    assert g.actor == 1 and g.state["kills"] == [0, 0, 2]


def test_nobody_with_kills_means_no_auction():
    g = auction_game([0, 0, 0])
    assert g.state["auction"] is None and g.actor == 1 and g.stage == "tile_spot"


def test_a_bid_above_your_kills_is_refused():
    g = auction_game([0, 2, 0])
    with pytest.raises(RuleViolation):
        g.do(1, "Bid", kills=3)


# -- bad input ----------------------------------------------------------------------------------
@pytest.mark.parametrize("seat,command,code", [
    (1, {"type": "RollMovement"}, "not_your_turn"),
    (0, {"type": "Fight"}, "wrong_phase"),
    (0, {"type": "Fly"}, "unknown_command"),
    (0, {"x": 1}, "bad_arguments"),
    (0, {"type": "Discard", "card": "fire_axe"}, "wrong_phase"),
    (0, {"type": "PlayCard", "card": "fear", "target": 1}, "card_not_in_hand"),
    (0, {"type": "PlayCard", "card": "nonsense"}, "bad_arguments"),
    (0, {"type": "UseItem", "card": "chainsaw"}, "card_not_in_hand"),
    (0, {"type": "Pass"}, "wrong_phase"),
])
def test_a_bad_command_is_refused_and_changes_nothing(seat, command, code):
    g = Game(hands=[["fire_axe", "chainsaw", "skateboard"]])
    before = R.copy_state(g.state)
    with pytest.raises(RuleViolation) as err:
        g.do(seat, command)
    assert err.value.code == code and err.value.message
    assert g.state == before


@pytest.mark.parametrize("command,code", [
    ({"type": "Move", "x": "a", "y": 1}, "bad_arguments"),
    ({"type": "Move", "x": True, "y": 1}, "bad_arguments"),
    ({"type": "Move", "x": 3, "y": 1}, "illegal_step"),
    ({"type": "Move", "x": 2, "y": 2}, "illegal_step"),
])
def test_a_bad_step_is_refused_and_changes_nothing(command, code):
    g = Game()
    at_move(g, 3)
    before = R.copy_state(g.state)
    with pytest.raises(RuleViolation) as err:
        g.do(0, command)
    assert err.value.code == code and g.state == before


def test_a_tile_spot_or_rotation_that_does_not_fit_is_refused():
    g = Game(tiles=["straight"])
    with pytest.raises(RuleViolation) as err:
        g.do(0, "PickTileSpot", x=5, y=5)
    assert err.value.code == "no_fit"
    g.do(0, "PickTileSpot", x=1, y=0)
    with pytest.raises(RuleViolation) as err:
        g.do(0, "PlaceTile", rotation=0)
    assert err.value.code == "no_fit"


def test_a_finished_game_refuses_commands():
    g = Game()
    g.lay("helipad", 1, 0, 0)
    at_move(g, 3)
    for x in (2, 3, 4):
        g.do(0, "Move", x=x, y=1)
    with pytest.raises(RuleViolation) as err:
        g.do(1, "RollMovement")
    assert err.value.code == "game_over" and err.value.status == 409


# -- choices written in the package docstring -------------------------------------------------
def test_seat_0_plays_first():
    g = Game(seats=4, tiles=["straight"])
    assert g.state["turn"] == 0 and g.actor == 0


def test_a_zombie_chosen_again_keeps_its_path_and_its_cap():
    g = Game()
    g.lay("straight", 1, 0, 1)
    g.put(0, "1,0")
    g.zombie("2,1", "5,1")
    zombie_phase(g, 6)                                    # cap 3
    g.do(0, "ChooseZombie", x=2, y=1)
    g.do(0, "MoveZombie", x=3, y=1)
    g.do(0, "ChooseZombie", x=5, y=1)                    # the first one stops on 3,1
    g.do(0, "MoveZombie", x=4, y=1)
    g.do(0, "ChooseZombie", x=3, y=1)                    # back to the first
    assert [c for c in g.legal(0) if c["type"] != "PlayCard"] == [{"type": "MoveZombie", "x": 4, "y": 1}]
    g.do(0, "MoveZombie", x=4, y=1)                      # through the other zombie, not back to 2,1
    assert g.legal(0) == [{"type": "MoveZombie", "x": 5, "y": 1}]   # its third and last step


def test_a_chosen_zombie_must_take_a_step():
    g = zombie_game(4, "2,1", "1,2")
    g.do(0, "ChooseZombie", x=2, y=1)
    assert g.legal(0) == [{"type": "MoveZombie", "x": 1, "y": 1}]
    with pytest.raises(RuleViolation) as err:
        g.do(0, "EndZombieMoves")
    assert err.value.code == "must_step"


def test_no_event_card_during_the_helipad_bidding():
    g = Game(seats=3, tiles=["straight", "helipad"], hands=[None, ["hey_look_a_shotgun", "grenade", "chainsaw"]])
    g.do(0, "PickTileSpot", x=0, y=1)
    g.do(0, "PlaceTile", rotation=0)
    g.do(0, "PlaceZombie", x=1, y=3)
    g.do(0, "PlaceZombie", x=1, y=5)
    g.state["kills"] = [0, 2, 0]
    g.state["pool"] -= 2
    g.finish_turn(0)
    assert g.stage == "auction" and g.legal(1) == [{"type": "PassBid"}, {"type": "Bid", "kills": 1},
                                                    {"type": "Bid", "kills": 2}]


@pytest.mark.parametrize("stage_setup,default", [
    ("move_roll", {"type": "RollMovement"}),
    ("move", {"type": "EndMove"}),
    ("combat", {"type": "Fight"}),
    ("discard", {"type": "EndTurn"}),
])
def test_the_deadline_defaults(stage_setup, default):
    g = Game()
    if stage_setup == "move":
        at_move(g, 3)
    elif stage_setup == "combat":
        g.into_fight()
    elif stage_setup == "discard":
        zombie_phase(g, 1)
    assert g.stage == stage_setup and R.pending(g.state)[0].default == default
    g.do(0, default)
