"""The rules as the project reads them (docs/rules/selfish-zombie.md): one test
per decision, decks and die rolls stacked through ``options["stack"]`` so each
story reads top to bottom. Seat 0 moves first and draws the first card of the
stacked Game deck during setup."""
from __future__ import annotations

import random
from collections import Counter

from events.games.selfish_zombie import RULESET as R
from events.games.selfish_zombie.cards import DIE_FACES, GAME_DECK, WASTELAND_DECK
from events.games.selfish_zombie.resolve import Table

from .helpers import Game, hand

SUPPLIES4 = hand(supplies=4)


def bitten_first(seats=2, **stack):
    """Seat 0 travels straight into You've Been Bitten and turns; the next seat is to play."""
    stack.setdefault("hands", [hand(supplies=4)] * seats)
    stack.setdefault("game_deck", ["supplies"] * 6)
    stack["wasteland_deck"] = ["youve_been_bitten"] + stack.get("wasteland_deck", [])
    g = Game(seats, **stack)
    g.do(0, "Travel", pay="singles")
    return g


# -- components ------------------------------------------------------------------


def test_decks_hold_81_game_cards_with_33_actions_and_41_wasteland_cards():
    assert sum(GAME_DECK.values()) == 81 and GAME_DECK["supplies"] == 38 and GAME_DECK["double_supplies"] == 10
    assert sum(n for k, n in GAME_DECK.items() if "supplies" not in k or k == "steal_supplies") == 33
    assert sum(WASTELAND_DECK.values()) == 41
    g = Game(3)
    game = Counter(g.state["game_deck"]) + sum((Counter(h) for h in g.state["hands"]), Counter())
    assert game == Counter(GAME_DECK) and Counter(g.state["wasteland_deck"]) == Counter(WASTELAND_DECK)


def test_the_die_has_faces_zero_one_one_two_two_three():
    assert DIE_FACES == (0, 1, 1, 2, 2, 3)


def test_opening_hands_are_four_singles_one_double_and_four_more_cards():
    g = Game(5, seed=4)
    for seat, h in enumerate(g.state["hands"]):
        assert len(h) == (10 if seat == 0 else 9)
        assert h.count("double_supplies") >= 1 and h.count("supplies") >= 4


# -- a survivor's turn ---------------------------------------------------------


def test_resting_pays_one_supplies_and_the_turn_passes_with_a_draw():
    g = Game(2, hands=[SUPPLIES4, SUPPLIES4], game_deck=["scout", "horde"])
    batch = g.do(0, "Rest")
    assert g.types(batch) == ["CardsDiscarded", "TurnStarted", "CardDrawn"]
    assert g.hand(0).count("supplies") == 3 and g.hand(1)[-1] == "horde"


def test_resting_with_only_a_double_splits_it():
    g = Game(2, hands=[hand("scout", doubles=1), SUPPLIES4], game_deck=["horde"], game_discard=["supplies", "supplies"])
    g.do(0, "Rest")
    assert sorted(g.hand(0)) == ["horde", "scout", "supplies"] and g.state["alive"][0]


def test_resting_with_the_last_supplies_kills():
    g = Game(2, hands=[hand("scout", supplies=1), SUPPLIES4], game_deck=["horde"])
    batch = g.do(0, "Rest")
    assert "Died" in g.types(batch) and not g.state["alive"][0] and g.hand(0) == []
    assert g.turn == 1


def test_travelling_pays_two_and_places_the_wasteland_card_behind():
    g = Game(2, hands=[SUPPLIES4, SUPPLIES4], game_deck=["supplies"], wasteland_deck=["blank", "bandits"])
    g.do(0, "Travel", pay="singles")
    assert g.pos(0) == 1 and g.state["tracks"][0] == ["blank"] and g.hand(0).count("supplies") == 3
    assert g.state["wasteland_deck"][0] == "bandits" and g.turn == 1


def test_travelling_with_the_last_supplies_survives_if_the_card_gives_some():
    g = Game(2, hands=[hand(supplies=2), SUPPLIES4], game_deck=["horde", "supplies"], wasteland_deck=["settlement"])
    g.do(0, "Travel", pay="singles")
    g.do(0, "Accept")
    assert g.state["alive"][0] and g.hand(0) == ["horde", "supplies"]


def test_travelling_with_the_last_supplies_dies_after_a_card_that_gives_none():
    g = Game(2, hands=[hand(supplies=2), SUPPLIES4], game_deck=["horde"], wasteland_deck=["blank"])
    batch = g.do(0, "Travel", pay="singles")
    assert g.types(batch)[:3] == ["CardsDiscarded", "Moved", "Died"] and g.pos(0) == 1


def test_two_players_may_play_any_number_of_action_cards():
    g = Game(2, hands=[hand("scout", "scout", supplies=4), SUPPLIES4], game_deck=["supplies"])
    g.do(0, "PlayAction", card="scout")
    g.do(0, "PlaceScouted", where="top")
    assert {"type": "PlayAction", "card": "scout"} in R.legal_commands(g.state, 0)


# -- Wasteland cards --------------------------------------------------------


def test_settlement_may_draw_one_game_card():
    # given seat 0 travels onto a Settlement
    g = Game(2, hands=[SUPPLIES4, SUPPLIES4], game_deck=["supplies", "rampage"], wasteland_deck=["settlement"])
    g.do(0, "Travel", pay="singles")
    assert g.pending[0].code == "settlement" and g.legal(0) == [{"type": "Accept"}, {"type": "Decline"}]
    # when it accepts, then it draws the card and its turn ends
    g.do(0, "Accept")
    assert g.hand(0)[-1] == "rampage" and g.turn == 1


def test_settlement_may_be_declined_and_nothing_is_drawn():
    # given seat 0 travels onto a Settlement
    g = Game(2, hands=[SUPPLIES4, SUPPLIES4], game_deck=["supplies", "rampage"], wasteland_deck=["settlement"])
    g.do(0, "Travel", pay="singles")
    # when it declines, then it keeps its hand and the Rampage is seat 1's draw
    g.do(0, "Decline")
    assert g.hand(0) == hand(supplies=3) and g.turn == 1 and g.hand(1)[-1] == "rampage"


def test_shopping_mall_may_roll_and_draw_that_many():
    # given seat 0 travels onto a Shopping Mall
    g = Game(2, hands=[SUPPLIES4, SUPPLIES4], game_deck=["supplies", "horde", "scout", "alliance"],
             wasteland_deck=["shopping_mall"], dice=[2])
    g.do(0, "Travel", pay="singles")
    assert g.pending[0].code == "shopping_mall" and g.state["dice"] == [2]
    # when it accepts, then the die is rolled and that many cards drawn
    batch = g.do(0, "Accept")
    assert batch[1]["data"] == {"seat": 0, "roll": 2, "why": "shopping_mall", "stacked": True}
    assert g.hand(0)[-2:] == ["horde", "scout"] and g.state["dice"] == []


def test_shopping_mall_may_be_declined_without_rolling():
    g = Game(2, hands=[SUPPLIES4, SUPPLIES4], game_deck=["supplies", "horde"],
             wasteland_deck=["shopping_mall"], dice=[2])
    g.do(0, "Travel", pay="singles")
    batch = g.do(0, "Decline")
    assert "DieRolled" not in g.types(batch) and g.state["dice"] == [2] and g.hand(0) == hand(supplies=3)


def test_bandits_roll_and_the_survivor_chooses_that_many_cards_to_discard():
    g = Game(2, hands=[hand("horde", "scout", "alliance", supplies=4), SUPPLIES4], game_deck=["supplies"],
             wasteland_deck=["bandits"], dice=[2])
    g.do(0, "Travel", pay="singles")
    assert g.pending[0].kind == "choice" and g.state["choice"]["left"] == 2
    g.do(0, "DiscardCard", card="horde")
    g.do(0, "DiscardCard", card="alliance")
    assert sorted(g.hand(0)) == ["scout", "supplies", "supplies", "supplies"] and g.turn == 1


def test_bandits_take_every_card_of_a_hand_with_fewer():
    g = Game(2, hands=[hand(supplies=3), SUPPLIES4], game_deck=["supplies"], wasteland_deck=["bandits"], dice=[3])
    g.do(0, "Travel", pay="singles")
    assert not g.state["alive"][0] and g.turn == 1


def test_zombies_make_a_hand_of_six_or_more_discard_two():
    g = Game(2, hands=[hand("horde", "scout", "alliance", supplies=4), SUPPLIES4], game_deck=["supplies"],
             wasteland_deck=["zombies", "zombies"])
    g.do(0, "Travel", pay="singles")   # 8 cards - 2 paid = 6 in hand
    assert g.state["choice"] == {**g.state["choice"], "choice": "discard", "left": 2, "reason": "zombies"}
    g.do(0, "DiscardCard", card="horde")
    g.do(0, "DiscardCard", card="scout")
    g2 = Game(2, hands=[hand("horde", supplies=4), SUPPLIES4], game_deck=["supplies"], wasteland_deck=["zombies"])
    g2.do(0, "Travel", pay="singles")  # 4 cards: nothing happens
    assert g2.turn == 1 and len(g2.hand(0)) == 4


def test_cut_through_a_sewer_costs_one_supplies():
    g = Game(2, hands=[SUPPLIES4, SUPPLIES4], game_deck=["horde"], wasteland_deck=["cut_through_a_sewer"])
    g.do(0, "Travel", pay="singles")
    assert g.hand(0) == ["supplies", "horde"]


def test_twisted_ankle_loses_the_next_turn():
    g = Game(2, hands=[SUPPLIES4, SUPPLIES4], game_deck=["supplies"] * 4, wasteland_deck=["twisted_ankle"])
    g.do(0, "Travel", pay="singles")
    batch = g.do(1, "Rest")
    assert g.types(batch) == ["CardsDiscarded", "TurnStarted", "TurnSkipped", "TurnStarted", "CardDrawn"]
    assert g.turn == 1 and not g.state["skip"][0]


def test_youve_been_bitten_kills_discards_the_hand_and_ends_the_turn():
    g = bitten_first()
    assert not g.state["alive"][0] and g.hand(0) == [] and g.turn == 1
    assert g.state["game_discard"].count("supplies") >= 3 and R.view(g.state, None)["alive"] == [False, True]


def test_secret_passageway_moves_on_to_another_card():
    g = Game(2, hands=[SUPPLIES4, SUPPLIES4], game_deck=["supplies", "horde"],
             wasteland_deck=["secret_passageway", "settlement"])
    g.do(0, "Travel", pay="singles")
    g.do(0, "Accept")
    assert g.state["tracks"][0] == ["secret_passageway", "settlement"] and g.hand(0)[-1] == "horde"


# -- Action cards --------------------------------------------------------------


def test_abandoned_vehicle_moves_forward_without_resolving_the_card():
    g = Game(2, hands=[hand("abandoned_vehicle", supplies=4), SUPPLIES4], game_deck=["supplies"],
             wasteland_deck=["youve_been_bitten"])
    g.do(0, "PlayAction", card="abandoned_vehicle")
    assert g.pos(0) == 1 and g.state["alive"][0] and g.turn == 0


def test_alliance_moves_its_player_along_when_the_target_moves_on_its_turn():
    g = Game(2, hands=[hand("alliance", supplies=4), SUPPLIES4], game_deck=["supplies", "supplies", "horde"],
             wasteland_deck=["blank", "settlement"])
    g.do(0, "PlayAction", card="alliance", target=1)
    g.do(1, "Pass")
    assert g.state["alliances"] == [{"ally": 0, "target": 1}]
    g.do(0, "Rest")
    batch = g.do(1, "Travel", pay="singles")
    batch += g.do(0, "Accept")
    assert g.pos(1) == 1 and g.pos(0) == 1 and g.state["tracks"][0] == ["settlement"]
    assert "horde" in g.hand(0)                          # the ally resolved its own card (Settlement)
    assert "AllianceDiscarded" in g.types(batch) and g.state["alliances"] == []
    assert g.state["game_discard"].count("alliance") == 1


def test_alliance_does_nothing_when_the_target_rests():
    g = Game(2, hands=[hand("alliance", supplies=4), SUPPLIES4], game_deck=["supplies"] * 3)
    g.do(0, "PlayAction", card="alliance", target=1)
    g.do(1, "Pass")
    g.do(0, "Rest")
    g.do(1, "Rest")
    assert g.pos(0) == 0 and g.state["alliances"] == []


def test_scout_shows_the_top_card_to_its_player_only_and_may_send_it_to_the_bottom():
    g = Game(2, hands=[hand("scout", supplies=4), SUPPLIES4], game_deck=["supplies"],
             wasteland_deck=["youve_been_bitten", "blank"])
    batch = g.do(0, "PlayAction", card="scout")
    assert R.view(g.state, 0)["pick"]["cards"] == ["youve_been_bitten"]
    assert R.view(g.state, 1)["pick"]["cards"] is None and R.view(g.state, None)["pick"]["cards"] is None
    assert R.redact(batch[-1], 1)["data"]["cards"] == [None]
    g.do(0, "PlaceScouted", where="bottom")
    assert g.state["wasteland_deck"][0] == "blank" and g.state["wasteland_deck"][-1] == "youve_been_bitten"
    assert R.view(g.state, 0)["known_wasteland_top"] == [] and R.view(g.state, 1)["known_wasteland_top"] == []


def test_zombie_trap_shows_three_cards_and_puts_them_back_in_any_order():
    g = Game(2, hands=[hand("zombie_trap", supplies=4), SUPPLIES4], game_deck=["supplies"],
             wasteland_deck=["bandits", "blank", "settlement"])
    g.do(0, "PlayAction", card="zombie_trap")
    assert R.view(g.state, 0)["pick"]["cards"] == ["bandits", "blank", "settlement"]
    assert R.view(g.state, 1)["pick"]["cards"] is None
    batch = g.do(0, "OrderWasteland", cards=["settlement", "blank", "bandits"])
    assert g.state["wasteland_deck"][:3] == ["settlement", "blank", "bandits"]
    assert R.view(g.state, 0)["known_wasteland_top"] == ["settlement", "blank", "bandits"]
    assert R.view(g.state, 1)["known_wasteland_top"] == [] and R.redact(batch[-1], 1)["data"]["top"] == [None] * 3


def test_horde_moves_a_survivor_back_and_not_one_on_the_start():
    g = Game(3, hands=[hand("horde", supplies=4), SUPPLIES4, SUPPLIES4], tracks=[[], ["blank", "bandits"], []])
    assert [c.get("target") for c in R.legal_commands(g.state, 0) if c.get("card") == "horde"] == [1]
    g.do(0, "PlayAction", card="horde", target=1)
    g.do(1, "Pass")
    assert g.state["tracks"][1] == ["blank"] and g.state["wasteland_discard"] == ["bandits"]


def test_rampage_takes_a_random_card_from_two_survivors_or_one_if_one_is_left():
    g = Game(3, hands=[hand("rampage", supplies=4), hand(supplies=1), hand(doubles=1)], game_deck=["horde"])
    g.do(0, "PlayAction", card="rampage", target=1, second_target=2)
    g.do(1, "Pass")
    g.do(2, "Pass")
    assert g.hand(0).count("supplies") == 5 and "double_supplies" in g.hand(0)
    assert g.state["alive"] == [True, False, False]
    g2 = Game(2, hands=[hand("rampage", supplies=4), hand("horde", supplies=1)])
    assert {"type": "PlayAction", "card": "rampage", "target": 1} in R.legal_commands(g2.state, 0)


def test_steal_supplies_takes_two_supplies_cards_a_double_being_one():
    g = Game(2, hands=[hand("steal_supplies", supplies=4), hand("horde", doubles=2)])
    g.do(0, "PlayAction", card="steal_supplies", target=1)
    g.do(1, "Pass")
    assert g.hand(0).count("double_supplies") == 2 and g.hand(1) == [] and not g.state["alive"][1]


def test_body_armor_blocks_an_action_card_both_are_discarded():
    g = Game(2, hands=[hand("steal_supplies", supplies=4), hand("body_armor", supplies=4)])
    g.do(0, "PlayAction", card="steal_supplies", target=1)
    g.do(1, "PlayBodyArmor")
    assert g.hand(1) == ["supplies"] * 4 and g.state["game_discard"][-2:] == ["steal_supplies", "body_armor"]


def test_a_reaction_window_opens_even_without_an_answer_in_hand():
    g = Game(2, hands=[hand("steal_supplies", supplies=4), SUPPLIES4])
    g.do(0, "PlayAction", card="steal_supplies", target=1)
    assert g.pending[0].seat == 1 and g.pending[0].kind == "reaction" and R.legal_commands(g.state, 1) == [{"type": "Pass"}]


def test_underestimate_reflects_a_card_and_the_reflected_card_can_be_blocked():
    g = Game(2, hands=[hand("horde", supplies=4), hand("underestimate", supplies=4)], tracks=[["blank"], ["blank"]])
    g.do(0, "PlayAction", card="horde", target=1)
    g.do(1, "PlayUnderestimate")
    assert g.pending[0].seat == 0 and g.state["window"]["reflected"]
    g.do(0, "Pass")
    assert g.pos(0) == 0 and g.pos(1) == 1
    g2 = Game(2, hands=[hand("horde", "body_armor", supplies=4), hand("underestimate", supplies=4)],
              tracks=[["blank"], ["blank"]])
    g2.do(0, "PlayAction", card="horde", target=1)
    g2.do(1, "PlayUnderestimate")
    assert {"type": "PlayUnderestimate"} not in R.legal_commands(g2.state, 0)
    g2.do(0, "PlayBodyArmor")
    assert g2.pos(0) == 1 and g2.pos(1) == 1


# -- death and zombies -------------------------------------------------------


def test_a_zombie_rolls_for_action_points_and_a_zero_ends_its_turn():
    g = bitten_first(dice=[0])
    batch = g.do(1, "Rest")
    assert g.types(batch) == ["CardsDiscarded", "TurnStarted", "DieRolled", "TurnStarted", "CardDrawn"]
    assert g.turn == 1


def test_a_zombie_moving_back_leaves_the_card_and_forward_places_a_card_face_down():
    g = bitten_first(dice=[3], wasteland_deck=["bandits"])
    g.do(1, "Rest")
    assert g.phase == "zombie" and g.state["points"] == 3
    g.do(0, "ZombieMove", direction="forward")           # onto an empty space: bandits face down
    assert g.pos(0) == 2 and g.state["tracks"][0] == ["youve_been_bitten", "bandits"]
    assert R.view(g.state, 1)["tracks"][0] == ["youve_been_bitten", None]
    g.do(0, "ZombieMove", direction="back")
    assert g.pos(0) == 1 and g.state["ahead"][0] == ["bandits"] and g.state["wasteland_discard"] == []
    g.do(0, "ZombieMove", direction="forward")           # the card is there already
    assert g.state["tracks"][0] == ["youve_been_bitten", "bandits"] and g.turn == 1


def test_a_zombie_attack_makes_a_survivor_on_its_level_discard_a_random_card():
    g = bitten_first(dice=[2], hands=[SUPPLIES4, hand("horde", supplies=4)])
    g.do(1, "Travel", pay="singles")                      # seat 1 joins seat 0's level
    assert R.legal_commands(g.state, 0)[0] == {"type": "Attack", "target": 1}
    g.do(0, "Attack", target=1)
    size = len(g.hand(1))
    g.do(1, "Pass")
    assert len(g.hand(1)) == size - 1 and g.state["points"] == 1


def test_body_armor_blocks_a_zombie_attack_and_underestimate_cannot():
    g = bitten_first(dice=[1], hands=[SUPPLIES4, hand("body_armor", "underestimate", supplies=4)])
    g.do(1, "Travel", pay="singles")
    g.do(0, "Attack", target=1)
    assert {"type": "PlayUnderestimate"} not in R.legal_commands(g.state, 1)
    g.do(1, "PlayBodyArmor")
    assert "body_armor" not in g.hand(1) and g.hand(1).count("supplies") == 3 + 1 and g.turn == 1  # + its draw


def test_a_survivor_losing_the_last_supplies_to_an_attack_turns_into_a_zombie():
    g = bitten_first(seats=3, dice=[1, 0], hands=[SUPPLIES4, hand(supplies=2), SUPPLIES4],
                     wasteland_deck=["blank"])
    g.do(1, "Travel", pay="singles")                      # seat 1: one Supplies left, on level 1
    g.do(2, "Rest")
    g.do(0, "Attack", target=1)
    g.do(1, "Pass")
    assert not g.state["alive"][1] and g.state["alive"][2]


def test_a_zombie_cannot_move_onto_the_chopper():
    g = bitten_first(tracks=[["blank"] * 4], dice=[2])
    g.do(1, "Rest")
    assert g.pos(0) == 5
    assert {"type": "ZombieMove", "direction": "forward"} not in R.legal_commands(g.state, 0)


def test_a_zombies_default_is_attack_else_towards_the_nearest_survivor():
    g = bitten_first(dice=[2], tracks=[["blank"]])
    g.do(1, "Rest")
    assert g.pending[0].default == {"type": "ZombieMove", "direction": "back"}


# -- the end ------------------------------------------------------------------


def test_a_survivor_reaching_the_chopper_with_supplies_wins():
    g = Game(2, hands=[SUPPLIES4, SUPPLIES4], tracks=[["blank"] * 5], wasteland_deck=["blank"])
    g.do(0, "Travel", pay="singles")
    assert g.outcome["winners"] == [0] and g.outcome["result"] == "chopper" and g.pending == []


def test_reaching_the_chopper_without_supplies_kills():
    g = Game(2, hands=[hand(supplies=2), SUPPLIES4], tracks=[["blank"] * 5], wasteland_deck=["blank"])
    g.do(0, "Travel", pay="singles")
    assert g.outcome is None and not g.state["alive"][0]


def test_when_every_player_is_a_zombie_the_zombies_win():
    g = bitten_first(wasteland_deck=["youve_been_bitten"])
    g.do(1, "Travel", pay="singles")
    assert g.outcome["winners"] == [] and g.outcome["result"] == "zombies" and g.pending == []


# -- components, pinned to the card tables ------------------------------------------


def test_every_card_kind_has_the_count_the_rules_file_gives():
    assert GAME_DECK == {"supplies": 38, "double_supplies": 10, "body_armor": 5, "abandoned_vehicle": 4,
                         "alliance": 4, "scout": 4, "zombie_trap": 4, "horde": 3, "rampage": 3,
                         "steal_supplies": 3, "underestimate": 3}
    assert WASTELAND_DECK == {"blank": 12, "cut_through_a_sewer": 6, "settlement": 5, "bandits": 4,
                              "zombies": 4, "shopping_mall": 3, "twisted_ankle": 3, "youve_been_bitten": 3,
                              "secret_passageway": 1}


def test_an_unstacked_roll_is_a_face_of_the_zero_one_one_two_two_three_die():
    class Die(random.Random):
        """Records the faces offered and shows the last one."""
        def choice(self, seq):
            self.faces = tuple(seq)
            return seq[-1]

    # given a zombie's turn with no stacked rolls
    g = bitten_first()
    die = Die(0)
    # when the die is rolled
    t = Table(R.copy_state(g.state), die)
    roll = t.roll(0, "zombie")
    # then it is a face of the 0-1-1-2-2-3 die, and the roll is written into the event
    assert die.faces == (0, 1, 1, 2, 2, 3) and roll == 3
    assert t.events == [{"type": "DieRolled", "data": {"seat": 0, "roll": 3, "why": "zombie", "stacked": False}}]


# -- reflection and Horde -------------------------------------------------------------------


def test_horde_reflected_onto_a_player_on_the_starting_space_does_nothing():
    # given seat 0 on the starting space plays Horde on seat 1, who holds Underestimate
    g = Game(2, hands=[hand("horde", supplies=4), hand("underestimate", supplies=4)], tracks=[[], ["blank"]])
    g.do(0, "PlayAction", card="horde", target=1)
    # when seat 1 reflects it and seat 0 lets it through
    g.do(1, "PlayUnderestimate")
    g.do(0, "Pass")
    # then nobody moves: Horde cannot move a player on the starting space
    assert g.pos(0) == 0 and g.pos(1) == 1 and g.state["wasteland_discard"] == [] and g.turn == 0


def test_underestimate_reflects_steal_supplies_onto_its_player():
    # given seat 0 plays Steal Supplies on seat 1, who holds Underestimate
    g = Game(2, hands=[hand("steal_supplies", doubles=2), hand("underestimate", supplies=4)])
    g.do(0, "PlayAction", card="steal_supplies", target=1)
    # when seat 1 reflects it and seat 0 has no Body Armor
    g.do(1, "PlayUnderestimate")
    assert R.legal_commands(g.state, 0) == [{"type": "Pass"}]
    g.do(0, "Pass")
    # then seat 1 takes seat 0's two Supplies cards, and seat 0 dies on its own turn
    assert g.hand(1).count("double_supplies") == 2 and not g.state["alive"][0] and g.turn == 1


# -- Rampage with one survivor left, Horde, Scout and Zombie Trap edges -------------------------


def test_rampage_with_one_other_survivor_left_takes_one_card_from_them():
    # given three seats, seat 0 a zombie, seat 1 holding Rampage
    g = bitten_first(seats=3, hands=[SUPPLIES4, hand("rampage", supplies=4), hand("horde", doubles=1)])
    assert [c for c in R.legal_commands(g.state, 1) if c.get("card") == "rampage"] == [
        {"type": "PlayAction", "card": "rampage", "target": 2}]
    # when seat 1 plays it on seat 2, the only other survivor
    g.do(1, "PlayAction", card="rampage", target=2)
    g.do(2, "Pass")
    # then one card moves from seat 2 to seat 1
    assert len(g.hand(2)) == 1 and len(g.hand(1)) == 5 + 1 - 1 + 1 and g.turn == 1


def test_a_survivor_knocked_back_draws_a_new_wasteland_card_when_moving_forward_again():
    # given seat 1 knocked back off its Bandits by a Horde
    g = Game(2, hands=[hand("horde", supplies=4), SUPPLIES4], game_deck=["supplies", "supplies"],
             tracks=[[], ["blank", "bandits"]], wasteland_deck=["settlement"])
    g.do(0, "PlayAction", card="horde", target=1)
    g.do(1, "Pass")
    assert g.state["tracks"][1] == ["blank"] and g.state["wasteland_discard"] == ["bandits"]
    g.do(0, "Rest")
    # when seat 1 travels forward again
    g.do(1, "Travel", pay="singles")
    # then a new card from the Wasteland deck takes the discarded one's place
    assert g.state["tracks"][1] == ["blank", "settlement"] and g.state["wasteland_discard"] == ["bandits"]


def test_zombie_trap_with_fewer_than_three_cards_left_looks_at_what_there_is():
    # given only two Wasteland cards left in the deck
    g = Game(2, hands=[hand("zombie_trap", supplies=4), SUPPLIES4], game_deck=["supplies"])
    g.state["wasteland_discard"] = g.state["wasteland_deck"][2:]
    g.state["wasteland_deck"] = g.state["wasteland_deck"][:2]
    top = list(g.state["wasteland_deck"])
    # when seat 0 plays a Zombie Trap
    g.do(0, "PlayAction", card="zombie_trap")
    # then it looks at those two and puts them back
    assert R.view(g.state, 0)["pick"]["cards"] == top


def test_scout_on_an_empty_wasteland_deck_reshuffles_the_discard_pile_first():
    # given the Wasteland deck is empty and its cards are on the discard pile
    g = Game(2, hands=[hand("scout", supplies=4), SUPPLIES4], game_deck=["supplies"])
    g.state["wasteland_discard"], g.state["wasteland_deck"] = g.state["wasteland_deck"], []
    # when seat 0 plays a Scout
    batch = g.do(0, "PlayAction", card="scout")
    # then the discard pile is shuffled into a new deck and the Scout looks at its top card
    assert g.types(batch) == ["ActionPlayed", "WastelandDeckReshuffled", "ChoiceRequested"]
    assert R.view(g.state, 0)["pick"]["cards"] == g.state["wasteland_deck"][:1]
    assert g.state["wasteland_discard"] == [] and len(g.state["wasteland_deck"]) == 41
