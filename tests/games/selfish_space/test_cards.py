"""Every Action card and every Space card, plus targets, Shields, reaction
windows and Solar Flares."""
from __future__ import annotations

import pytest

from events.games.contract import RuleViolation
from events.games.selfish_space import RULESET as R

from .helpers import Game, hand


# -- targets ---------------------------------------------------------------
def test_targets_are_other_living_astronauts():
    g = Game(3, hands=[hand("hole_in_suit", "oxygen_siphon", oxygen=4), hand(oxygen=1), hand(oxygen=4)])
    g.do(0, "PlayAction", card="oxygen_siphon", target=1)
    g.do(1, "Pass")  # seat 1 dies
    targets = {c["target"] for c in R.legal_commands(g.state, 0) if c.get("card") == "hole_in_suit"}
    assert targets == {2}


def test_laser_blast_cannot_target_an_astronaut_on_the_starting_space():
    g = Game(3, hands=[hand("laser_blast", oxygen=4), hand(oxygen=4), hand(oxygen=4)], tracks=[[], [], ["blank"]])
    assert [c["target"] for c in R.legal_commands(g.state, 0) if c.get("card") == "laser_blast"] == [2]


def test_tether_cannot_be_played_when_nobody_has_left_the_starting_space():
    g = Game(2, hands=[hand("tether", oxygen=4), hand(oxygen=4)])
    assert not any(c.get("card") == "tether" for c in R.legal_commands(g.state, 0))
    assert g.hand(0).count("tether") >= 1


def test_wormhole_may_pick_any_other_astronaut_alive_or_dead():
    g = Game(3, hands=[hand("hole_in_suit", oxygen=4), hand(oxygen=4), hand(oxygen=1)], space_deck=["wormhole"])
    g.do(0, "PlayAction", card="hole_in_suit", target=2)
    g.do(2, "Pass")
    g.do(0, "Travel", pay="singles")
    assert R.legal_commands(g.state, 0) == [{"type": "SwapWith", "target": 1}, {"type": "SwapWith", "target": 2}]


# -- shields and the reaction window ------------------------------------------
def test_reaction_window_opens_even_when_the_target_holds_no_shield():
    g = Game(2, hands=[hand("hole_in_suit", oxygen=4), hand(oxygen=4)])
    g.do(0, "PlayAction", card="hole_in_suit", target=1)
    assert g.pending[0].seat == 1 and g.pending[0].kind == "reaction"
    assert R.legal_commands(g.state, 1) == [{"type": "Pass"}]


def test_shield_blocks_an_action_card_and_both_are_discarded():
    g = Game(2, hands=[hand("oxygen_siphon", oxygen=4), hand("shield", oxygen=4)], game_deck=["tether"])
    g.do(0, "PlayAction", card="oxygen_siphon", target=1)
    assert {"type": "PlayShield"} in R.legal_commands(g.state, 1)
    g.do(1, "PlayShield")
    assert g.state["game_discard"] == ["oxygen_siphon", "shield"]
    assert g.hand(1) == hand(oxygen=4) and sorted(g.hand(0)) == sorted(hand("tether", oxygen=4))
    assert g.pending[0].seat == 0 and g.pending[0].kind == "turn"


def test_shield_cannot_block_space_cards():
    g = Game(2, hands=[hand("shield", oxygen=4), hand(oxygen=4)], space_deck=["cosmic_radiation"], game_deck=["tether"])
    batch = g.do(0, "Travel", pay="singles")
    assert "ReactionWindowOpened" not in g.types(batch)
    assert g.hand(0).count("oxygen") == 1


def test_shield_cannot_be_played_under_a_solar_flare_so_no_window_opens():
    g = Game(2, hands=[hand("laser_blast", oxygen=4), hand("shield", oxygen=4)], tracks=[[], ["blank", "solar_flare"]])
    batch = g.do(0, "PlayAction", card="laser_blast", target=1)
    assert g.types(batch) == ["ActionPlayed", "MovedBack"] and g.pos(1) == 1


def test_solar_flare_stops_action_cards_but_not_breathing_with_them():
    g = Game(2, hands=[hand("rocket_booster", "laser_blast", oxygen=4), hand(oxygen=4)], tracks=[["solar_flare"], ["blank"]])
    legal = R.legal_commands(g.state, 0)
    assert not any(c["type"] == "PlayAction" for c in legal)
    assert {"type": "BreatheWithActions", "cards": ["laser_blast", "rocket_booster"]} in legal


def test_moving_in_any_way_ends_a_solar_flare():
    g = Game(2, hands=[hand("laser_blast", oxygen=4), hand("rocket_booster", oxygen=4)],
             tracks=[["blank"], ["blank", "solar_flare"]], game_deck=["tether", "tether"])
    assert R.view(g.state, 0)["under_solar_flare"] == [False, True]
    g.do(0, "PlayAction", card="laser_blast", target=1)
    assert R.view(g.state, 0)["under_solar_flare"] == [False, False]


# -- action cards -------------------------------------------------------------
def test_oxygen_siphon_takes_two_singles_first():
    g = Game(2, hands=[hand("oxygen_siphon", oxygen=1), hand(oxygen=3, doubles=1)], game_deck=["tether"])
    g.do(0, "PlayAction", card="oxygen_siphon", target=1)
    g.do(1, "Pass")
    assert g.hand(0).count("oxygen") == 3 and g.hand(1) == hand(oxygen=1, doubles=1)


def test_oxygen_siphon_takes_a_double_as_two_when_singles_run_short():
    g = Game(2, hands=[hand("oxygen_siphon", oxygen=1), hand("tether", oxygen=1, doubles=1)], game_deck=["tether"])
    g.do(0, "PlayAction", card="oxygen_siphon", target=1)
    g.do(1, "Pass")
    assert "double_oxygen" in g.hand(0) and g.hand(1) == hand("tether", oxygen=1)


def test_oxygen_siphon_on_a_target_with_one_oxygen_takes_it_and_kills():
    g = Game(3, hands=[hand("oxygen_siphon", oxygen=1), hand("tether", oxygen=1), hand(oxygen=4)], game_deck=["tether"])
    g.do(0, "PlayAction", card="oxygen_siphon", target=1)
    g.do(1, "Pass")
    assert g.hand(0).count("oxygen") == 2 and not g.state["alive"][1]


def test_hack_suit_attacker_sees_the_target_hand_and_takes_a_card_of_their_choice():
    g = Game(3, hands=[hand("hack_suit", oxygen=4), hand("rocket_booster", doubles=1), hand(oxygen=4)])
    g.do(0, "PlayAction", card="hack_suit", target=1)
    g.do(1, "Pass")
    assert sorted(R.view(g.state, 0)["pick"]["target_hand"]) == ["double_oxygen", "rocket_booster"]
    assert R.view(g.state, 1)["pick"]["target_hand"] is None and R.view(g.state, 2)["pick"]["target_hand"] is None
    assert R.view(g.state, None)["pick"]["target_hand"] is None
    batch = g.do(0, "TakeCard", card="rocket_booster")
    assert "rocket_booster" in g.hand(0) and g.hand(1) == ["double_oxygen"]
    assert R.redact(batch[1], 2)["data"]["cards"] == [None] and R.redact(batch[1], 1)["data"]["cards"] == ["rocket_booster"]


def test_tractor_beam_takes_a_random_card_written_into_the_event():
    g = Game(2, hands=[hand("tractor_beam", oxygen=4), hand("tether", "shield", oxygen=2)], game_deck=["laser_blast"])
    g.do(0, "PlayAction", card="tractor_beam", target=1)
    batch = g.do(1, "Pass")
    taken = batch[1]["data"]["cards"]
    assert batch[1]["type"] == "CardsTaken" and len(taken) == 1 and taken[0] in g.hand(0)
    assert len(g.hand(1)) == 3


def test_laser_blast_knocks_the_target_back_one_space():
    g = Game(2, hands=[hand("laser_blast", oxygen=4), hand(oxygen=4)], tracks=[[], ["blank", "meteoroid"]])
    g.do(0, "PlayAction", card="laser_blast", target=1)
    g.do(1, "Pass")
    assert g.state["tracks"][1] == ["blank"]


def test_hole_in_suit_discards_a_single_splitting_a_double_if_needed():
    g = Game(2, hands=[hand("hole_in_suit", oxygen=4), hand("tether", doubles=1)], game_discard=["oxygen", "oxygen"])
    g.do(0, "PlayAction", card="hole_in_suit", target=1)
    batch = g.do(1, "Pass")
    assert g.types(batch)[1:3] == ["DoubleSwapped", "CardsDiscarded"]
    assert sorted(g.hand(1)) == ["oxygen", "tether"]


def test_rocket_booster_moves_forward_without_paying_oxygen():
    g = Game(2, hands=[hand("rocket_booster", oxygen=4), hand(oxygen=4)], game_deck=["tether"], space_deck=["blank"])
    g.do(0, "PlayAction", card="rocket_booster")
    assert g.pos(0) == 1 and sorted(g.hand(0)) == sorted(hand("tether", oxygen=4)) and g.turn == 0


def test_tether_moves_you_forward_resolves_your_space_card_then_the_target_moves_back():
    g = Game(2, hands=[hand("tether", oxygen=4), hand(oxygen=4)], tracks=[[], ["blank", "blank"]],
             game_deck=["laser_blast", "shield"], space_deck=["useful_junk"])
    g.do(0, "PlayAction", card="tether", target=1)
    batch = g.do(1, "Pass")
    assert g.types(batch) == ["ReactionPassed", "Moved", "CardDrawn", "MovedBack"]
    assert g.pos(0) == 1 and g.pos(1) == 1 and "shield" in g.hand(0)


def test_tether_resumes_after_a_choice_in_the_middle():
    g = Game(3, hands=[hand("tether", oxygen=4), hand(oxygen=4), hand(oxygen=4)],
             tracks=[[], ["blank", "blank", "blank"], ["blank"]], space_deck=["wormhole"])
    g.do(0, "PlayAction", card="tether", target=1)
    g.do(1, "Pass")
    assert g.pending[0].kind == "choice"
    batch = g.do(0, "SwapWith", target=2)
    assert g.types(batch) == ["ChoiceMade", "TracksSwapped", "MovedBack"]
    assert (g.pos(0), g.pos(1), g.pos(2)) == (1, 2, 1)


# -- space cards ------------------------------------------------------------
def travel_onto(space_card, seats=2, **stack):
    stack.setdefault("hands", [hand(oxygen=4)] * seats)
    stack.setdefault("game_deck", ["tether"] * 4)
    g = Game(seats, space_deck=[space_card, "blank", "blank"], **stack)
    batch = g.do(0, "Travel", pay="singles")
    return g, batch


def test_blank_space_does_nothing():
    g, batch = travel_onto("blank")
    assert g.types(batch) == ["CardsDiscarded", "Moved", "TurnStarted", "CardDrawn"]


def test_useful_junk_draws_one_game_card():
    g, _ = travel_onto("useful_junk")
    assert g.hand(0) == ["oxygen", "oxygen", "tether", "tether"]


def test_mysterious_nebula_draws_two_game_cards():
    g, _ = travel_onto("mysterious_nebula")
    assert g.hand(0).count("tether") == 3


def test_hyperspace_moves_forward_again_and_resolves_the_next_card():
    g = Game(2, hands=[hand(oxygen=4)] * 2, space_deck=["hyperspace", "useful_junk"], game_deck=["tether", "shield"])
    g.do(0, "Travel", pay="singles")
    assert g.state["tracks"][0] == ["hyperspace", "useful_junk"] and "shield" in g.hand(0)


def test_meteoroid_with_six_or_more_cards_makes_you_discard_two_of_your_choice():
    g, batch = travel_onto("meteoroid", hands=[hand("laser_blast", "shield", "hack_suit", oxygen=4), hand(oxygen=4)])
    assert g.types(batch)[-1] == "ChoiceRequested" and g.pending[0].kind == "choice"
    g.do(0, "DiscardCards", cards=["shield", "laser_blast"])
    assert sorted(g.hand(0)) == ["hack_suit", "oxygen", "oxygen", "tether"] and g.turn == 1


def test_meteoroid_with_fewer_than_six_cards_does_nothing():
    g, batch = travel_onto("meteoroid")
    assert "ChoiceRequested" not in g.types(batch) and g.turn == 1


def test_cosmic_radiation_discards_one_oxygen():
    g, _ = travel_onto("cosmic_radiation")
    assert g.hand(0).count("oxygen") == 1


def test_asteroid_field_discards_two_oxygen():
    g, _ = travel_onto("asteroid_field", hands=[hand(oxygen=5), hand(oxygen=4)])
    assert g.hand(0).count("oxygen") == 1


def test_gravitational_anomaly_is_discarded_and_you_move_back_onto_the_space_you_left():
    g, _ = travel_onto("gravitational_anomaly", tracks=[["blank"], []])
    assert g.state["tracks"][0] == ["blank"] and g.state["space_discard"] == ["gravitational_anomaly"]


def test_wormhole_makes_you_swap_places_with_an_astronaut_of_your_choice():
    g, _ = travel_onto("wormhole", seats=3, tracks=[[], ["blank", "blank"], []])
    assert g.pending[0].seat == 0 and g.pending[0].kind == "choice"
    g.do(0, "SwapWith", target=1)
    assert (g.pos(0), g.pos(1)) == (2, 1) and g.turn == 1


def test_solar_flare_space_leaves_you_unable_to_act_next_turn():
    g = Game(2, hands=[hand("rocket_booster", oxygen=4), hand(oxygen=4)], space_deck=["solar_flare"],
             game_deck=["tether", "tether", "tether"])
    g.do(0, "Travel", pay="singles")
    g.do(1, "Breathe")
    assert not any(c["type"] == "PlayAction" for c in R.legal_commands(g.state, 0))


def test_hack_suit_taking_the_last_oxygen_kills_the_target_at_once():
    # given seat 1 holds one single Oxygen and a Rocket Booster, and seat 0 plays Hack Suit on it
    g = Game(3, hands=[hand("hack_suit", oxygen=4), hand("rocket_booster", oxygen=1), hand(oxygen=4)])
    g.do(0, "PlayAction", card="hack_suit", target=1)
    g.do(1, "Pass")
    # when seat 0 takes the Oxygen ("if a player runs out of oxygen at any time, that player dies")
    g.do(0, "TakeCard", card="oxygen")
    # then seat 1 is dead at once, in seat 0's turn, and its last card went to the discard pile
    assert not g.state["alive"][1] and g.hand(1) == [] and g.state["turn"] == 0


def test_from_the_breathe_or_travel_step_on_no_action_card_can_be_played():
    # given seat 0 travels onto a Meteoroid holding 6+ cards, Action cards among them
    g, _ = travel_onto("meteoroid", hands=[hand("laser_blast", "shield", "hack_suit", oxygen=4), hand(oxygen=4)])
    assert g.pending[0].kind == "choice"
    # when it tries to play an Action card while picking its discards ("From this point on, no more
    # actions can be played!")
    legal = R.legal_commands(g.state, 0)
    before = R.copy_state(g.state)
    # then none is offered, and one sent is refused without changing anything
    assert not [c for c in legal if c["type"] == "PlayAction"]
    with pytest.raises(RuleViolation):
        g.do(0, "PlayAction", card="laser_blast", target=1)
    assert g.state == before
