"""The rules as the project reads them (docs/rules/selfish-space.md): one test
per decision, decks stacked through ``options["stack"]`` so each story reads
top to bottom. Seat 0 moves first and draws the first card of the stacked
Game deck during setup."""
from __future__ import annotations

from collections import Counter

from events.games.selfish_space import RULESET as R
from events.games.selfish_space.cards import GAME_DECK, SPACE_DECK

from .helpers import Game, hand

BLANKS5 = ["blank"] * 5


# -- components and board ---------------------------------------------------
def test_decks_hold_78_game_cards_and_42_space_cards():
    assert sum(GAME_DECK.values()) == 78 and GAME_DECK["oxygen"] == 38 and GAME_DECK["double_oxygen"] == 10
    assert sum(SPACE_DECK.values()) == 42
    g = Game(3)
    game = Counter(g.state["game_deck"]) + sum((Counter(h) for h in g.state["hands"]), Counter())
    assert game == Counter(GAME_DECK) and Counter(g.state["space_deck"]) == Counter(SPACE_DECK)


def test_position_is_track_length_and_the_ship_is_six_spaces_ahead():
    g = Game(2, hands=[hand(oxygen=6), hand(oxygen=4)], tracks=[BLANKS5], space_deck=["blank"])
    assert R.view(g.state, 0)["positions"] == [5, 0]
    g.do(0, "Travel", pay="singles")
    assert g.pos(0) == 6 and R.outcome(g.state) == {
        "winners": [0], "result": "reached_ship", "reason": "Seat 0 reached the ship alive with oxygen to spare.",
        "scores": None, "turns": 1}


def test_moving_forward_puts_the_drawn_space_card_on_the_vacated_space():
    g = Game(2, hands=[hand(oxygen=4), hand(oxygen=4)], space_deck=["useful_junk", "blank"])
    g.do(0, "Travel", pay="singles")
    assert g.state["tracks"][0] == ["useful_junk"]
    assert g.state["space_deck"][0] == "blank"


def test_moving_back_discards_the_card_behind_to_the_space_discard_pile():
    g = Game(2, hands=[hand("laser_blast", oxygen=4), hand(oxygen=4)], tracks=[[], ["meteoroid", "wormhole"]])
    g.do(0, "PlayAction", card="laser_blast", target=1)
    g.do(1, "Pass")
    assert g.state["tracks"][1] == ["meteoroid"] and g.state["space_discard"] == ["wormhole"]


def test_empty_space_deck_is_refilled_by_shuffling_its_discard_pile():
    g = Game(2, hands=[hand(oxygen=6), hand(oxygen=4)])
    g.state["space_discard"] = list(g.state["space_deck"])  # the whole deck is in the discard pile
    g.state["space_deck"] = []
    batch = g.do(0, "Travel", pay="singles")
    assert g.types(batch)[:3] == ["CardsDiscarded", "SpaceDeckReshuffled", "Moved"]
    assert g.pos(0) in (0, 1, 2) and len(g.state["space_deck"]) + len(g.state["space_discard"]) + g.pos(0) == 42


def test_wormhole_swaps_whole_tracks_positions_and_cards():
    g = Game(2, hands=[hand(oxygen=4), hand(oxygen=4)], tracks=[["blank"], ["meteoroid", "blank", "useful_junk"]],
             space_deck=["wormhole"])
    g.do(0, "Travel", pay="singles")
    g.do(0, "SwapWith", target=1)
    assert g.state["tracks"] == [["meteoroid", "blank", "useful_junk"], ["blank", "wormhole"]]


# -- setup and the turn ------------------------------------------------------
def test_opening_hands_are_one_double_four_singles_and_four_more_cards():
    g = Game(5, seed=3)
    for seat, h in enumerate(g.state["hands"]):
        assert len(h) == (10 if seat == 0 else 9)  # seat 0 has drawn its first card
        assert h.count("double_oxygen") >= 1 and h.count("oxygen") >= 4


def test_first_seat_starts_and_play_goes_in_seat_order_skipping_the_dead():
    g = Game(3, hands=[hand("hole_in_suit", oxygen=4), hand(oxygen=4), hand(oxygen=1)])
    assert g.turn == 0
    g.do(0, "PlayAction", card="hole_in_suit", target=2)
    g.do(2, "Pass")
    g.do(0, "Breathe")
    assert g.turn == 1
    g.do(1, "Breathe")
    assert g.turn == 0


def test_phase_one_draw_is_automatic_at_the_start_of_each_turn():
    g = Game(2, hands=[hand(oxygen=4), hand(oxygen=4)], game_deck=["tether", "hack_suit"])
    assert g.hand(0).count("tether") == 1
    batch = g.do(0, "Breathe")
    assert g.types(batch) == ["CardsDiscarded", "TurnStarted", "CardDrawn"]
    assert batch[-1]["data"] == {"seat": 1, "card": "hack_suit"}


def test_empty_game_deck_is_refilled_by_shuffling_the_discard_pile():
    g = Game(2, hands=[hand(oxygen=4), hand(oxygen=4)])
    g.state["game_discard"] = g.state["game_deck"]
    g.state["game_deck"] = []
    batch = g.do(0, "Breathe")
    assert g.types(batch) == ["CardsDiscarded", "TurnStarted", "GameDeckReshuffled", "CardDrawn"]
    assert g.state["game_discard"] == []


def test_two_players_may_play_only_one_action_card_per_turn():
    g = Game(2, hands=[hand("rocket_booster", "rocket_booster", oxygen=4), hand(oxygen=4)],
             space_deck=["blank", "blank"])
    g.do(0, "PlayAction", card="rocket_booster")
    assert not any(c["type"] == "PlayAction" for c in R.legal_commands(g.state, 0))


def test_shield_does_not_count_against_the_two_player_action_limit():
    g = Game(2, hands=[hand("laser_blast", oxygen=4), hand("shield", "laser_blast", oxygen=4)],
             tracks=[["blank"], ["blank"]])
    g.do(0, "PlayAction", card="laser_blast", target=1)
    g.do(1, "PlayShield")
    g.do(0, "Breathe")
    g.do(1, "PlayAction", card="laser_blast", target=0)
    assert g.pending[0].kind == "reaction"


def test_three_players_may_play_any_number_of_action_cards():
    g = Game(3, hands=[hand("rocket_booster", "rocket_booster", oxygen=4), hand(oxygen=4), hand(oxygen=4)],
             space_deck=["blank", "blank"])
    g.do(0, "PlayAction", card="rocket_booster")
    g.do(0, "PlayAction", card="rocket_booster")
    assert g.pos(0) == 2 and g.turn == 0


def test_swap_double_takes_singles_from_the_discard_pile_first():
    g = Game(2, hands=[hand(doubles=1, oxygen=1), hand(oxygen=4)], game_discard=["oxygen", "tether", "oxygen"],
             game_deck=["laser_blast"])
    deck = list(g.state["game_deck"])
    g.do(0, "SwapDouble")
    assert g.hand(0).count("oxygen") == 3 and "double_oxygen" not in g.hand(0)
    assert g.state["game_discard"] == ["tether", "double_oxygen"] and g.state["game_deck"] == deck


def test_swap_double_takes_singles_from_the_draw_pile_when_the_discard_pile_has_none():
    g = Game(2, hands=[hand(doubles=1, oxygen=1), hand(oxygen=4)], game_deck=["tether", "oxygen", "laser_blast", "oxygen"])
    batch = g.do(0, "SwapDouble")
    assert batch[0]["data"]["from_deck"] == 2
    assert g.state["game_deck"][:1] == ["laser_blast"] and g.hand(0).count("oxygen") == 3


def test_swap_double_is_once_per_turn_and_allowed_under_a_solar_flare():
    g = Game(2, hands=[hand(doubles=2, oxygen=1), hand(oxygen=4)], tracks=[["solar_flare"], []])
    assert {"type": "SwapDouble"} in R.legal_commands(g.state, 0)
    g.do(0, "SwapDouble")
    assert {"type": "SwapDouble"} not in R.legal_commands(g.state, 0)


def test_swap_double_is_not_the_two_player_action():
    g = Game(2, hands=[hand("rocket_booster", doubles=1, oxygen=1), hand(oxygen=4)], space_deck=["blank"])
    g.do(0, "SwapDouble")
    g.do(0, "PlayAction", card="rocket_booster")
    assert g.pos(0) == 1


def test_breathe_discards_one_oxygen_and_ends_the_turn():
    g = Game(2, hands=[hand(oxygen=3, doubles=1), hand(oxygen=4)], game_deck=["tether"])
    g.do(0, "Breathe")
    assert g.hand(0).count("oxygen") == 2 and g.state["game_discard"] == ["oxygen"] and g.turn == 1


def test_breathe_with_two_action_cards_instead_of_oxygen():
    g = Game(2, hands=[hand("tether", "shield", oxygen=1), hand(oxygen=4)], game_deck=["laser_blast"])
    g.do(0, "BreatheWithActions", cards=["tether", "shield"])
    assert sorted(g.hand(0)) == ["laser_blast", "oxygen"] and g.turn == 1


def test_travel_pays_two_singles_or_one_double_and_moves_forward():
    g = Game(2, hands=[hand(oxygen=2, doubles=1), hand(oxygen=2, doubles=1)], space_deck=["blank", "blank"],
             game_deck=["tether", "tether"])
    g.do(0, "Travel", pay="double")
    g.do(1, "Travel", pay="singles")
    assert g.hand(0).count("double_oxygen") == 0 and g.hand(1).count("oxygen") == 0
    assert g.pos(0) == g.pos(1) == 1


def test_paying_one_oxygen_with_only_doubles_splits_a_double():
    g = Game(2, hands=[hand(doubles=2), hand(oxygen=4)], game_deck=["tether"])
    batch = g.do(0, "Breathe")
    assert g.types(batch)[:2] == ["DoubleSwapped", "CardsDiscarded"]
    assert sorted(g.hand(0)) == ["double_oxygen", "oxygen", "tether"]


def test_paying_one_oxygen_spends_a_whole_double_when_no_singles_can_be_had():
    g = Game(2, hands=[hand(doubles=2), hand(oxygen=38)], game_deck=["tether"])
    g.do(0, "Breathe")
    assert g.hand(0) == ["double_oxygen", "tether"] and g.state["game_discard"] == ["double_oxygen"]


def test_running_out_of_oxygen_kills_at_once_hand_to_discard_and_turn_ends():
    g = Game(3, hands=[hand("rocket_booster", "laser_blast", oxygen=1), hand(oxygen=4), hand(oxygen=4)],
             game_deck=["tether"], space_deck=["cosmic_radiation"])
    g.do(0, "PlayAction", card="rocket_booster")
    assert g.state["alive"] == [False, True, True]
    assert g.hand(0) == [] and {"laser_blast", "tether"} <= set(g.state["game_discard"])
    assert g.turn == 1 and g.pending[0].seat == 1


def test_an_attack_that_kills_another_player_does_not_end_your_turn():
    g = Game(3, hands=[hand("oxygen_siphon", oxygen=4), hand(oxygen=1), hand(oxygen=4)])
    g.do(0, "PlayAction", card="oxygen_siphon", target=1)
    g.do(1, "Pass")
    assert g.state["alive"] == [True, False, True] and g.pending[0].seat == 0 and g.pending[0].kind == "turn"


def test_travelling_on_the_last_oxygen_survives_if_the_space_card_gives_oxygen():
    g = Game(2, hands=[hand(oxygen=2), hand(oxygen=4)], game_deck=["tether", "oxygen"], space_deck=["useful_junk"])
    g.do(0, "Travel", pay="singles")
    assert g.state["alive"][0] and g.hand(0) == ["tether", "oxygen"]


def test_travelling_on_the_last_oxygen_dies_after_the_space_card_resolves():
    g = Game(2, hands=[hand(oxygen=2), hand(oxygen=4)], game_deck=["tether", "tether"], space_deck=["useful_junk"])
    batch = g.do(0, "Travel", pay="singles")
    assert g.types(batch)[:4] == ["CardsDiscarded", "Moved", "CardDrawn", "Died"]
    assert not g.state["alive"][0] and g.turn == 1


# -- deadlines ---------------------------------------------------------------
def test_turn_deadline_default_is_breathe():
    g = Game(2)
    assert g.pending[0].kind == "turn" and g.pending[0].default == {"type": "Breathe"}


def test_reaction_deadline_default_is_pass():
    g = Game(2, hands=[hand("hack_suit", oxygen=4), hand("shield", oxygen=4)])
    g.do(0, "PlayAction", card="hack_suit", target=1)
    assert g.pending[0].seat == 1 and g.pending[0].kind == "reaction" and g.pending[0].default == {"type": "Pass"}


def test_choice_deadline_default_is_the_first_legal_option():
    g = Game(2, hands=[hand("hack_suit", oxygen=4), hand("tether", "shield", oxygen=2)])
    g.do(0, "PlayAction", card="hack_suit", target=1)
    g.do(1, "Pass")
    d = g.pending[0]
    assert d.kind == "choice" and d.default == {"type": "TakeCard", "card": "oxygen"}
    assert d.default == R.legal_commands(g.state, 0)[0]
