"""Reaching the ship and winning (docs/rules/selfish-space.md, 'Ending and scoring'): the ship is
checked for every astronaut a move puts there, however it got there -- Rocket Booster, Tether,
travel, Hyperspace or either end of a Wormhole swap. Decks are stacked; seat 0 starts unless a
test names another first seat."""
from __future__ import annotations

from events.games.selfish_space import RULESET as R

from .helpers import Game, hand

BLANKS5 = ["blank"] * 5
OTHER5 = ["meteoroid", "cosmic_radiation", "gravitational_anomaly", "solar_flare", "useful_junk"]


def corpse_on_the_ship(seat0_hand, **stack):
    """Seat 1 (first to play) pays its last two Oxygen to travel from space 5 onto the ship over a
    Blank and dies there; then it is seat 0's turn, on space 5 holding ``seat0_hand``."""
    stack.setdefault("game_deck", ["tether", "tether"])
    g = Game(2, first_seat=1, hands=[seat0_hand, hand(oxygen=2)], tracks=[BLANKS5, OTHER5],
             space_deck=["blank", "wormhole"], **stack)
    g.do(1, "Travel", pay="singles")
    assert not g.state["alive"][1] and g.pos(1) == 6 and R.outcome(g.state) is None and g.turn == 0
    return g


def test_a_living_traveller_swapped_onto_the_ship_with_a_corpse_lying_there_wins():
    # given a corpse on the ship, and seat 0 about to travel from space 5 onto a Wormhole
    g = corpse_on_the_ship(hand(oxygen=4))
    g.do(0, "Travel", pay="singles")
    assert g.pending[0].code == "wormhole" and g.legal(0) == [{"type": "SwapWith", "target": 1}]
    # when its sixth card makes it swap places with the corpse
    g.do(0, "SwapWith", target=1)
    # then both stand on the ship, and the living one with Oxygen wins at once
    assert g.pos(0) == 6 and g.pos(1) == 6
    assert R.outcome(g.state)["winners"] == [0] and R.outcome(g.state)["result"] == "reached_ship"
    assert g.pending == []


def test_a_traveller_who_paid_the_last_oxygen_swapped_onto_the_ship_dies_there():
    # given a corpse on the ship, and seat 0 travelling onto a sixth-space Wormhole with its last Oxygen
    g = corpse_on_the_ship(hand("tether", oxygen=2))
    g.do(0, "Travel", pay="singles")
    # when it swaps with the corpse
    g.do(0, "SwapWith", target=1)
    # then it reached the ship without Oxygen: it dies there and nobody is left to win
    assert not g.state["alive"][0] and R.outcome(g.state)["result"] == "everyone_died"


def test_a_traveller_swapped_onto_the_ship_from_further_back_wins():
    # given a corpse on the ship, and seat 0 one space from the start with a Wormhole on the Space deck
    g = Game(3, first_seat=1, hands=[hand(oxygen=4), hand(oxygen=2), hand(oxygen=4)],
             tracks=[["blank"], OTHER5, []], space_deck=["blank", "wormhole"], game_deck=["tether"] * 3)
    g.do(1, "Travel", pay="singles")        # seat 1 dies on the ship
    g.do(2, "Breathe")
    # when seat 0 travels onto the Wormhole and swaps with the corpse
    g.do(0, "Travel", pay="singles")
    g.do(0, "SwapWith", target=1)
    # then seat 0 is on the ship and wins; the corpse lies on seat 0's old space
    assert g.pos(0) == 6 and g.pos(1) == 2 and R.outcome(g.state)["winners"] == [0]


def test_rules_version_1_left_a_traveller_swapped_onto_the_ship_without_a_win():
    # given a game under rules version 1: a corpse on the ship, seat 0 travelling onto a sixth-space Wormhole
    g = Game(2, first_seat=None, rules_version="selfish-space/1", hands=[hand(oxygen=4), hand(oxygen=2)],
             tracks=[BLANKS5, OTHER5], space_deck=["blank", "wormhole"], game_deck=["tether"] * 3)
    g.do(0, "Breathe")
    g.do(1, "Travel", pay="singles")        # seat 1 dies on the ship
    g.do(0, "Travel", pay="singles")
    # when it swaps with the corpse
    g.do(0, "SwapWith", target=1)
    # then (the old rule) only the corpse was checked: the turn passed and the game went on,
    # and breathing on the ship never won either
    assert g.pos(0) == 6 and g.state["alive"][0] and R.outcome(g.state) is None and g.turn == 0
    g.do(0, "Breathe")
    assert R.outcome(g.state) is None and g.pos(0) == 6


def test_reaching_the_ship_alive_with_oxygen_wins_and_ends_the_turn_at_once():
    g = Game(3, hands=[hand("rocket_booster", "laser_blast", oxygen=1), hand(oxygen=4), hand(oxygen=4)],
             tracks=[BLANKS5], space_deck=["blank"])
    g.do(0, "PlayAction", card="rocket_booster")
    assert R.outcome(g.state)["winners"] == [0] and R.outcome(g.state)["result"] == "reached_ship"
    assert R.pending(g.state) == [] and R.legal_commands(g.state, 0) == []


def test_reaching_the_ship_with_no_oxygen_left_is_death_not_victory():
    g = Game(2, hands=[hand(oxygen=2), hand(oxygen=4)], game_deck=["tether"], tracks=[BLANKS5], space_deck=["blank"])
    g.do(0, "Travel", pay="singles")
    assert R.outcome(g.state) is None and not g.state["alive"][0] and g.turn == 1


def test_wormhole_on_sixth_space_still_requires_a_choice_and_a_living_astronaut_wins():
    g = Game(2, hands=[hand(oxygen=4), hand(oxygen=4)], tracks=[BLANKS5, ["blank"]], space_deck=["wormhole"])
    g.do(0, "Travel", pay="singles")
    assert g.pending[0].kind == "choice" and R.legal_commands(g.state, 0) == [{"type": "SwapWith", "target": 1}]
    g.do(0, "SwapWith", target=1)
    assert g.pos(1) == 6 and R.outcome(g.state)["winners"] == [1]


def test_wormhole_on_sixth_space_onto_corpse_does_not_win():
    g = Game(3, hands=[hand("hole_in_suit", oxygen=4), hand(oxygen=4), hand(oxygen=1)],
             tracks=[BLANKS5, [], ["blank", "blank"]], space_deck=["wormhole"])
    g.do(0, "PlayAction", card="hole_in_suit", target=2)
    g.do(2, "Pass")
    g.do(0, "Travel", pay="singles")
    g.do(0, "SwapWith", target=2)
    assert g.pos(2) == 6 and g.pos(0) == 2
    assert R.outcome(g.state) is None and g.turn == 1


def test_everyone_dead_ends_the_game_with_no_winner():
    g = Game(2, hands=[hand(oxygen=1), hand(oxygen=1)], game_deck=["tether", "tether"])
    g.do(0, "Breathe")
    assert g.state["alive"] == [False, True] and R.outcome(g.state) is None
    g.do(1, "Breathe")
    assert R.outcome(g.state)["winners"] == [] and R.outcome(g.state)["result"] == "everyone_died"
    assert R.pending(g.state) == []


def test_the_last_astronaut_alive_must_still_reach_the_ship():
    g = Game(2, hands=[hand(oxygen=1), hand(oxygen=6)], game_deck=["tether", "tether", "tether"])
    g.do(0, "Breathe")
    assert R.outcome(g.state) is None and g.pending[0].seat == 1
    g.do(1, "Breathe")
    assert g.turn == 1  # play comes straight back to the only living seat
