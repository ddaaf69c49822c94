"""One test per Event card kind in the Quickplay deck, and the card rules: one card per round,
the hand limit, items in play, reaction windows (docs/rules/zombies-quickplay.md, 'Event cards')."""
from __future__ import annotations

import pytest

from events.games.contract import RuleViolation
from events.games.zombies_quickplay import RULESET as R

from .helpers import Game

QUIET1 = ["fire_axe", "chainsaw", "skateboard"]


def hands(*cards, other=None):
    """Seat 0 holds ``cards`` (topped up with quiet ones); seat 1 holds ``other`` or quiet cards."""
    own = list(cards) + [c for c in ["lots_of_ammo", "grenade", "molotov_cocktail"] if c not in cards]
    return [own[:3], other or list(QUIET1)]


def play(g, seat, card, **args):
    return g.do(seat, "PlayCard", card=card, **args)


def inside(g, tile, seat=0, door="1,-2"):
    """Lay ``tile`` north of the Town Square and stand ``seat`` on its door."""
    g.lay(tile, 0, -1, 0)
    g.put(seat, door)


# -- cards that help you -------------------------------------------------------------------
def test_adrenaline_rush_before_the_roll_doubles_the_movement():
    g = Game(hands=hands("adrenaline_rush"))
    play(g, 0, "adrenaline_rush")
    g.dice(2)
    g.do(0, "RollMovement")
    assert g.state["move"]["left"] == 6                 # max(2, 3 life) doubled


def test_adrenaline_rush_in_combat_adds_2_to_one_roll():
    g = Game(hands=hands("adrenaline_rush"))
    g.into_fight(2)
    play(g, 0, "adrenaline_rush")
    g.do(0, "Fight")
    assert g.state["kills"][0] == 1 and not g.state["fx"]["adrenaline"][0]


def test_hey_look_a_shotgun_adds_1_to_the_next_3_combat_rolls():
    g = Game(hands=hands("hey_look_a_shotgun"))
    play(g, 0, "hey_look_a_shotgun")
    g.into_fight(3)
    g.do(0, "Fight")
    assert g.state["kills"][0] == 1 and g.state["fx"]["shotgun"][0] == 2


def test_much_needed_rest_gives_2_life_instead_of_the_movement_roll():
    g = Game(hands=hands("much_needed_rest"))
    g.state["life"][0] = 4
    batch = play(g, 0, "much_needed_rest")
    assert g.state["life"][0] == 5                       # never above 5
    assert "DieRolled" in g.types(batch) and g.stage in ("zombies", "discard")
    assert not any(e["type"] == "DieRolled" and e["data"]["purpose"] == "move" for e in batch)


def test_alternate_food_source_lets_players_walk_through_zombies_until_the_end_of_their_next_turn():
    g = Game(hands=hands("alternate_food_source"))
    play(g, 0, "alternate_food_source")
    g.zombie("2,1")
    g.dice(3, 1)
    g.do(0, "RollMovement")
    g.do(0, "Move", x=2, y=1)
    assert g.stage == "move"                            # no combat
    g.do(0, "EndMove")
    g.do(0, "EndTurn")
    assert g.state["fx"]["food"] is not None            # still on for seat 1's turn
    g.finish_turn(1)
    assert g.stage == "move_roll"                       # seat 0 starts on the zombie: no fight
    g.finish_turn(0)
    assert g.state["fx"]["food"] is None


# -- items -----------------------------------------------------------------------------------
def test_an_item_is_put_in_play_only_inside_its_building():
    g = Game(hands=hands("fire_axe"))
    with pytest.raises(RuleViolation) as err:
        play(g, 0, "fire_axe")
    assert err.value.code == "not_now"
    inside(g, "fire_station")
    play(g, 0, "fire_axe")
    assert g.state["items"][0] == ["fire_axe"] and R.view(g.state, 1)["players"][0]["items_in_play"] == ["fire_axe"]


def test_items_in_play_do_not_count_against_the_hand_of_3_and_have_no_limit():
    # given seat 0 already has three items in play, holds a full hand of 3 and stands in the Fire Station
    g = Game(hands=hands("fire_axe"))
    g.state["items"][0] = ["skateboard", "chainsaw", "first_aid_kit"]
    inside(g, "fire_station")
    # when it puts its Fire Axe in play
    play(g, 0, "fire_axe")
    # then it has four items in play, and at the draw step it draws back up to 3 cards in hand
    assert g.state["items"][0] == ["skateboard", "chainsaw", "first_aid_kit", "fire_axe"]
    assert len(g.state["hands"][0]) == 2
    g.finish_turn(0)
    g.finish_turn(1)
    assert len(g.state["hands"][0]) == 3 and len(g.state["items"][0]) == 4


def test_fire_axe_in_play_adds_1_to_combat_rolls():
    g = Game(hands=hands("fire_axe"))
    inside(g, "fire_station")
    play(g, 0, "fire_axe")
    g.into_fight(3, at="1,-1")
    g.do(0, "Fight")
    assert g.state["kills"][0] == 1


def test_chainsaw_is_discarded_for_2_more_on_every_combat_roll_this_turn():
    g = Game(hands=hands("chainsaw"))
    inside(g, "lawn_and_garden")
    play(g, 0, "chainsaw")
    g.do(0, "UseItem", card="chainsaw")
    assert g.state["items"][0] == [] and "chainsaw" in g.state["discard"] and g.state["fx"]["chainsaw"]
    g.into_fight(2, at="1,-1")
    g.do(0, "Fight")
    assert g.state["kills"][0] == 1


def test_first_aid_kit_is_discarded_instead_of_losing_a_life():
    g = Game(hands=hands("first_aid_kit"))
    inside(g, "hospital")
    play(g, 0, "first_aid_kit")
    g.zombie("1,-1")
    g.state["bullets"][0] = 0
    g.dice(1, 1)
    g.do(0, "RollMovement")
    g.do(0, "Move", x=1, y=-1)
    g.do(0, "Fight")
    assert {"type": "UseItem", "card": "first_aid_kit"} in g.legal(0)
    g.do(0, "UseItem", card="first_aid_kit")
    assert g.state["life"][0] == 3 and g.state["items"][0] == [] and g.stage == "combat"


def test_lots_of_ammo_is_discarded_for_3_bullets():
    g = Game(hands=hands("lots_of_ammo"))
    inside(g, "sporting_goods")
    play(g, 0, "lots_of_ammo")
    g.do(0, "UseItem", card="lots_of_ammo")
    assert g.state["bullets"][0] == 6


def test_skateboard_in_play_adds_2_to_movement_rolls():
    g = Game(hands=hands("skateboard"))
    inside(g, "skate_shop", door="1,-3")
    play(g, 0, "skateboard")
    g.dice(4)
    g.do(0, "RollMovement")
    assert g.state["move"]["left"] == 6


def test_grenade_kills_every_zombie_in_the_building_of_your_tile_and_costs_a_life():
    g = Game(hands=hands("grenade"))
    inside(g, "army_surplus", door="1,-3")
    play(g, 0, "grenade")
    g.zombie("0,-3", "2,-3", "1,1")
    g.do(0, "UseItem", card="grenade")
    assert g.state["kills"][0] == 2 and set(g.state["zombies"]) == {"1,1"} and g.state["life"][0] == 2


def test_molotov_cocktail_adds_2_in_combat_inside_its_building_this_turn():
    g = Game(hands=hands("molotov_cocktail"))
    inside(g, "gas_station", door="1,-3")
    play(g, 0, "molotov_cocktail")
    g.do(0, "UseItem", card="molotov_cocktail")
    g.into_fight(2, at="0,-3")
    g.do(0, "Fight")
    assert g.state["kills"][0] == 1


def test_using_an_item_is_not_playing_a_card():
    g = Game(hands=hands("lots_of_ammo", "hey_look_a_shotgun"))
    inside(g, "sporting_goods")
    play(g, 0, "lots_of_ammo")
    g.do(0, "UseItem", card="lots_of_ammo")
    assert not any(c["type"] == "PlayCard" for c in g.legal(0))   # the one card this round was the item


# -- cards that hit an opponent ----------------------------------------------------------------
def test_fear_stops_the_target_moving_on_its_next_turn():
    g = Game(hands=hands("fear"))
    play(g, 0, "fear", target=1)
    g.finish_turn(0)
    batch = g.do(1, "RollMovement")
    assert g.state["stuck"] is False and g.state["pawns"][1] == "1,1"
    assert [e["data"]["allowance"] for e in batch if e["type"] == "MovementAllowed"] == [0]


def test_fear_does_not_stop_another_seats_card_moving_the_target():
    # given seat 1 under Fear for its next turn
    g = Game(hands=hands("where_did_everybody_go"))
    g.state["fx"]["fear"][1] = True
    # when seat 0 plays Where Did Everybody Go? on it
    play(g, 0, "where_did_everybody_go", target=1)
    g.do(0, "PickSpace", x=2, y=1)
    # then seat 1's pawn is moved all the same (Fear stops only its own movement), and Fear still waits
    assert g.state["pawns"][1] == "2,1" and g.state["fx"]["fear"][1]


def test_your_shoes_untied_halves_the_targets_movement_roll():
    g = Game(hands=hands("your_shoes_untied"))
    play(g, 0, "your_shoes_untied", target=1)
    g.finish_turn(0)
    g.state["life_at_start"] = 0
    g.dice(5)
    g.do(1, "RollMovement")
    assert g.state["move"]["left"] == 2


def test_claustrophobia_keeps_the_target_out_of_buildings():
    g = Game(hands=hands("claustrophobia"))
    play(g, 0, "claustrophobia", target=1)
    g.finish_turn(0)
    g.lay("hospital", 0, -1, 0)
    g.put(1, "1,-1")
    g.dice(3)
    g.do(1, "RollMovement")
    assert {(c["x"], c["y"]) for c in g.legal(1) if c["type"] == "Move"} == {(1, 0)}


def test_claustrophobia_inside_a_building_only_allows_the_way_out():
    g = Game(hands=hands("claustrophobia"))
    play(g, 0, "claustrophobia", target=1)
    g.finish_turn(0)
    g.lay("hospital", 0, -1, 0)
    g.put(1, "1,-3")
    g.dice(3)
    g.do(1, "RollMovement")
    assert {(c["x"], c["y"]) for c in g.legal(1) if c["type"] == "Move"} == {(1, -2)}


def test_brain_cramp_lets_its_player_move_the_target():
    g = Game(hands=[["lots_of_ammo", "grenade", "molotov_cocktail"], ["brain_cramp", "fire_axe", "chainsaw"]])
    assert g.stage == "move_roll" and g.actor == 0      # seat 1 may play while seat 0 is about to roll
    play(g, 1, "brain_cramp", target=0)
    g.dice(3)
    g.do(0, "RollMovement")
    assert g.actor == 1
    g.do(1, "Move", x=2, y=1)
    assert g.state["pawns"][0] == "2,1"
    with pytest.raises(RuleViolation) as err:
        g.do(0, "EndMove")
    assert err.value.code == "not_your_turn"


def test_a_brain_cramp_player_uses_no_item_while_moving_the_target():
    # given seat 1 with a Chainsaw in play, who plays Brain Cramp on seat 0 before its roll
    g = Game(hands=[["lots_of_ammo", "grenade", "molotov_cocktail"], ["brain_cramp", "fire_axe", "skateboard"]])
    g.state["items"][1] = ["chainsaw"]
    play(g, 1, "brain_cramp", target=0)
    g.dice(3)
    g.do(0, "RollMovement")
    # when seat 1 moves seat 0's pawn
    assert g.actor == 1 and g.stage == "move"
    # then it may not discard its Chainsaw now (the +2 would go to seat 0's fights this turn)
    assert not [c for c in g.legal(1) if c["type"] == "UseItem"]
    with pytest.raises(RuleViolation) as err:
        g.do(1, "UseItem", card="chainsaw")
    assert err.value.code == "not_now" and g.state["items"][1] == ["chainsaw"] and not g.state["fx"]["chainsaw"]


def test_a_reaction_window_may_be_passed():
    g = Game(hands=[["lots_of_ammo", "grenade", "molotov_cocktail"], ["fear", "fire_axe", "chainsaw"]], listen=[1])
    assert g.stage == "window" and g.legal(1)[0] == {"type": "Pass"}
    g.do(1, "Pass")
    assert g.stage == "move_roll" and g.actor == 0


def test_butter_fingers_makes_the_target_drop_an_item_or_2_bullets():
    g = Game(hands=hands("butter_fingers"))
    g.state["items"][1] = ["fire_axe"]
    g.state["hands"][1].remove("fire_axe")
    assert {"type": "PlayCard", "card": "butter_fingers", "target": 1, "item": "bullets"} in g.legal(0)
    play(g, 0, "butter_fingers", target=1, item="fire_axe")
    assert g.state["items"][1] == [] and "fire_axe" in g.state["discard"]


def test_butter_fingers_on_bullets_takes_at_most_2():
    g = Game(hands=hands("butter_fingers"))
    g.state["bullets"][1] = 1
    play(g, 0, "butter_fingers", target=1, item="bullets")
    assert g.state["bullets"][1] == 0


def not_dead(kills: int, bullets: int, life: int, rolls: tuple[int, int]) -> Game:
    """Seat 0 plays I Don't Think They're Dead on seat 1, which has ``kills``, ``bullets`` and
    ``life`` and rolls ``rolls``; returns the game."""
    g = Game(hands=hands("i_dont_think_theyre_dead"))
    g.state.update(kills=[0, kills], bullets=[3, bullets], life=[3, life])
    g.state["pool"] -= kills
    g.dice(*rolls)
    play(g, 0, "i_dont_think_theyre_dead", target=1)
    return g


def test_i_dont_think_theyre_dead_returns_2_kills_per_low_roll_unless_bullets_or_life_raise_it():
    # given seat 1 with 5 kills, 1 bullet and no life, when it rolls 3 then 1
    g = not_dead(5, 1, 0, (3, 1))
    # then the 3 is raised with its bullet, and the 1, which nothing can raise, sends 2 zombies back
    assert (g.state["kills"][1], g.state["bullets"][1], g.state["life"][1]) == (3, 0, 0)


def test_i_dont_think_theyre_dead_a_low_roll_bullets_cannot_raise_costs_a_life_instead_of_kills():
    # given seat 1 with 4 kills, 1 bullet and 2 life, when it rolls 1 and 2
    g = not_dead(4, 1, 2, (1, 2))
    # then each roll is raised with a life (1 bullet is not enough for either) and no kill is lost
    assert (g.state["kills"][1], g.state["bullets"][1], g.state["life"][1]) == (4, 1, 0)


def test_i_dont_think_theyre_dead_costs_nothing_once_the_target_has_no_kill_left():
    # given seat 1 with 2 kills, 2 bullets and no life, when it rolls 1 (2 kills back) and then 3
    g = not_dead(2, 2, 0, (1, 3))
    # then the second low roll finds no kill to protect and its bullets stay
    assert (g.state["kills"][1], g.state["bullets"][1]) == (0, 2)


def test_where_did_everybody_go_moves_the_target_up_to_5_spaces_and_stops_at_a_zombie():
    g = Game(hands=hands("where_did_everybody_go"))
    g.zombie("1,2")
    play(g, 0, "where_did_everybody_go", target=1)
    assert g.stage == "choice"
    g.do(0, "PickSpace", x=2, y=1)
    g.do(0, "PickSpace", x=1, y=1)
    batch = g.do(0, "PickSpace", x=1, y=2)
    assert g.state["pawns"][1] == "1,2" and "ChoiceClosed" in g.types(batch)


def test_where_did_everybody_go_may_stop_early():
    g = Game(hands=hands("where_did_everybody_go"))
    play(g, 0, "where_did_everybody_go", target=1)
    g.do(0, "PickSpace", x=2, y=1)
    g.do(0, "StopChoice")
    assert g.state["pawns"][1] == "2,1" and g.stage == "move_roll"


def test_a_card_that_names_an_opponent_cannot_target_yourself():
    g = Game(hands=hands("fear"))
    with pytest.raises(RuleViolation) as err:
        play(g, 0, "fear", target=0)
    assert err.value.code == "not_now"


# -- cards that change the board ------------------------------------------------------------------
def test_zombie_master_places_5_zombies_on_spaces_without_a_player():
    g = Game(hands=hands("zombie_master"))
    play(g, 0, "zombie_master")
    spaces = {(c["x"], c["y"]) for c in g.legal(0)}
    assert (1, 1) not in spaces and len(spaces) == 4     # the Town Square roads but its centre
    for x, y in [(1, 0), (0, 1), (2, 1), (1, 2)]:
        g.do(0, "PickSpace", x=x, y=y)
    assert g.stage == "move_roll" and len(g.state["zombies"]) == 4   # no room for the fifth


def test_this_isnt_so_bad_moves_2_zombies_to_other_legal_spaces():
    g = Game(hands=hands("this_isnt_so_bad"))
    g.zombie("1,0", "2,1")
    play(g, 0, "this_isnt_so_bad")
    g.do(0, "PickSpace", x=1, y=0)
    assert {"type": "PickSpace", "x": 1, "y": 0} not in g.legal(0)
    g.do(0, "PickSpace", x=0, y=1)
    g.do(0, "PickSpace", x=2, y=1)
    g.do(0, "PickSpace", x=1, y=2)
    assert set(g.state["zombies"]) == {"0,1", "1,2"} and g.state["choice"] is None


def test_just_when_you_thought_fills_every_empty_space_of_one_building():
    g = Game(hands=hands("just_when_you_thought"))
    g.lay("hospital", 0, -1, 0)
    g.zombie("0,-3")
    play(g, 0, "just_when_you_thought", x=0, y=-1)
    assert len([k for k in g.state["zombies"] if k.endswith(("-1", "-2", "-3"))]) == 8


def test_slight_miscalculation_doubles_the_zombies_in_one_building():
    g = Game(hands=hands("slight_miscalculation"))
    g.lay("hospital", 0, -1, 0)
    g.zombie("0,-3", "1,-3", "2,-3")
    play(g, 0, "slight_miscalculation", x=0, y=-1)
    assert len(g.state["zombies"]) == 6


def test_slight_miscalculation_needs_a_building_with_zombies():
    g = Game(hands=hands("slight_miscalculation"))
    g.lay("hospital", 0, -1, 0)
    with pytest.raises(RuleViolation):
        play(g, 0, "slight_miscalculation", x=0, y=-1)


def test_a_card_removing_the_zombie_being_fought_ends_the_fight():
    g = Game(hands=hands("this_isnt_so_bad"))
    g.into_fight()
    play(g, 0, "this_isnt_so_bad")
    g.do(0, "PickSpace", x=2, y=1)
    g.do(0, "PickSpace", x=1, y=0)
    g.do(0, "PickSpace", x=1, y=0)                      # the second move: the same zombie again
    g.do(0, "PickSpace", x=1, y=2)
    assert g.stage == "move" and g.state["kills"][0] == 0 and g.state["pawns"][0] == "2,1"


# -- the card rules ---------------------------------------------------------------------------------
def test_only_one_event_card_per_round():
    g = Game(hands=hands("hey_look_a_shotgun", "fear"))
    play(g, 0, "hey_look_a_shotgun")
    with pytest.raises(RuleViolation) as err:
        play(g, 0, "fear", target=1)
    assert err.value.code == "one_card_per_round"
    g.finish_turn(0)
    g.finish_turn(1)
    assert {"type": "PlayCard", "card": "fear", "target": 1} in g.legal(0)   # a new round


def test_a_hand_never_holds_more_than_3_cards():
    g = Game(hands=hands("fear"))
    for _ in range(4):
        g.finish_turn(g.state["turn"])
        assert all(len(h) <= 3 for h in g.state["hands"])


def test_an_empty_event_deck_is_reshuffled_from_the_discards():
    g = Game()
    g.state["discard"] = list(g.state["deck"])
    g.state["deck"] = []
    g.state["discard"].sort()
    g.dice(1, 1)
    g.do(0, "RollMovement")
    g.do(0, "EndMove")
    g.do(0, "Discard", card=g.state["hands"][0][0])
    g.finish_turn(1)
    assert any(e["type"] == "EventDeckReshuffled" for e in g.events)
    assert len(g.state["hands"][0]) == 3


# -- the cards the Quickplay takes out altogether (option base_event_deck) -----------------------
def test_the_removed_kinds_come_up_only_with_the_base_event_deck():
    assert len(Game(base=True).state["deck"]) + 6 == 50
    with pytest.raises(ValueError, match="unknown or removed"):
        Game(hands=[["were_screwed"]])


def test_the_keys_are_still_in_it_gives_10_spaces_instead_of_the_roll():
    g = Game(base=True, hands=hands("the_keys_are_still_in_it"))
    batch = play(g, 0, "the_keys_are_still_in_it")
    assert g.state["move"]["left"] == 10 and "DieRolled" not in g.types(batch)


def test_all_the_marbles_stops_every_zombie_move_until_the_end_of_its_players_next_turn():
    g = Game(base=True, hands=hands("all_the_marbles"))
    inside(g, "toy_store", door="2,-3")
    play(g, 0, "all_the_marbles")
    g.do(0, "UseItem", card="all_the_marbles")
    g.zombie("2,1")
    g.dice(1)
    g.do(0, "RollMovement")
    batch = g.do(0, "EndMove")
    assert g.stage == "discard" and "ZombieMovesAllowed" not in g.types(batch)
    g.do(0, "EndTurn")
    g.finish_turn(1)
    assert g.state["fx"]["marbles"] is not None
    g.finish_turn(0)
    assert g.state["fx"]["marbles"] is None


def test_bad_sense_of_direction_costs_a_life_and_sends_the_target_to_the_town_square():
    g = Game(base=True, hands=hands("bad_sense_of_direction"))
    g.put(1, "2,1")
    play(g, 0, "bad_sense_of_direction", target=1)
    assert g.state["pawns"][1] == "1,1" and g.state["life"][0] == 2


def test_hysterical_paralysis_makes_the_target_skip_its_next_turn():
    g = Game(base=True, hands=hands("hysterical_paralysis"))
    play(g, 0, "hysterical_paralysis", target=1)
    g.finish_turn(0)
    assert "TurnSkipped" in [e["type"] for e in g.events]
    assert g.state["turn"] == 0 and g.stage == "move_roll"     # seat 0 again
    assert not g.state["fx"]["paralysed"][1]


def test_were_screwed_places_10_zombies():
    g = Game(base=True, hands=hands("were_screwed"))
    g.lay("crossroads", 1, 0, 0)
    g.lay("crossroads", 0, 1, 0)
    play(g, 0, "were_screwed")
    for _ in range(10):
        g.do(0, g.legal(0)[0])
    assert len(g.state["zombies"]) == 10 and g.state["choice"] is None


def test_where_did_everybody_go_onto_an_empty_helipad_centre_makes_the_target_win():
    g = Game(hands=hands("where_did_everybody_go"))
    g.lay("helipad", 1, 0, 0)
    play(g, 0, "where_did_everybody_go", target=1)
    for x in (2, 3, 4):
        batch = g.do(0, "PickSpace", x=x, y=1)
    assert batch[-1]["data"] == {"seat": 1, "result": "helipad"}


def test_where_did_everybody_go_cannot_move_the_seat_whose_turn_it_is():
    g = Game(seats=3, hands=[["lots_of_ammo", "grenade", "chainsaw"], ["where_did_everybody_go", "fire_axe",
                                                                        "skateboard"]], listen=[1])
    assert g.stage == "window" and g.actor == 1
    plays = [c for c in g.legal(1) if c["type"] == "PlayCard"]
    assert plays == [{"type": "PlayCard", "card": "where_did_everybody_go", "target": 2}]
