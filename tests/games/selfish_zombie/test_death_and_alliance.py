"""Death timing and Alliance following (docs/rules/selfish-zombie.md, "A zombie's turn",
"A survivor's turn": Alliance): Supplies run out at any time; a traveller who paid the last dies
after the Wasteland card unless it gives Supplies back, before any ally follows. Decks and die rolls
are stacked; seat 0 moves first and draws the first card of the stacked Game deck during setup."""
from __future__ import annotations

from .helpers import Game, hand
from .test_rules import SUPPLIES4


def test_cut_through_a_sewer_taking_the_last_supplies_kills_at_once():
    # given seat 0 will have one Supplies left after paying to travel
    g = Game(2, hands=[hand(supplies=3), SUPPLIES4], game_deck=["horde", "supplies"],
             wasteland_deck=["cut_through_a_sewer"])
    # when the Sewer takes it
    batch = g.do(0, "Travel", pay="singles")
    # then seat 0 dies on its move and the turn passes
    assert "Died" in g.types(batch) and not g.state["alive"][0] and g.pos(0) == 1 and g.turn == 1


def test_bandits_discarding_the_last_supplies_kill_before_the_next_pick():
    # given seat 0 holds one Supplies and three Action cards after paying to travel, and Bandits roll 2
    g = Game(2, hands=[hand("horde", "scout", supplies=3), SUPPLIES4], game_deck=["alliance", "supplies"],
             wasteland_deck=["bandits"], dice=[2])
    g.do(0, "Travel", pay="singles")
    assert g.state["choice"]["left"] == 2
    # when the first card discarded is the last Supplies
    batch = g.do(0, "DiscardCard", card="supplies")
    # then seat 0 dies at once: no second pick, its hand is gone, the turn passes
    assert g.types(batch)[:3] == ["ChoiceMade", "CardsDiscarded", "Died"]
    assert not g.state["alive"][0] and g.hand(0) == [] and g.state["choice"] is None and g.turn == 1


def test_secret_passageway_onto_a_settlement_saves_a_traveller_who_paid_the_last_supplies():
    # given seat 0 pays its last two Supplies to travel onto Secret Passageway, then a Settlement
    g = Game(2, hands=[hand(supplies=2), SUPPLIES4], game_deck=["horde", "supplies"],
             wasteland_deck=["secret_passageway", "settlement"])
    # when the Passageway's second card draws a Supplies
    g.do(0, "Travel", pay="singles")
    g.do(0, "Accept")
    # then the Wasteland card's whole effect gave Supplies back: seat 0 lives, two spaces on
    assert g.state["alive"][0] and g.pos(0) == 2 and g.hand(0) == ["horde", "supplies"]


def alliance_on_seat_1(seat1_hand, game_deck, wasteland_deck, rules_version=None):
    """Seat 0 places an Alliance on seat 1 and rests; it is seat 1's turn."""
    g = Game(2, hands=[hand("alliance", supplies=4), seat1_hand], game_deck=game_deck,
             wasteland_deck=wasteland_deck, rules_version=rules_version)
    g.do(0, "PlayAction", card="alliance", target=1)
    g.do(1, "Pass")
    g.do(0, "Rest")
    return g


def test_an_ally_follows_a_traveller_who_paid_the_last_supplies_and_dies_where_it_lands():
    # given seat 0's Alliance on seat 1, who pays its last two Supplies to travel onto a Blank
    g = alliance_on_seat_1(hand(supplies=2), ["supplies", "horde", "scout"], ["blank", "blank"])
    # when seat 1 travels
    batch = g.do(1, "Travel", pay="singles")
    # then seat 1 dies after the Blank, and seat 0 still follows the move before the turn passes
    assert g.types(batch) == ["CardsDiscarded", "Moved", "Died", "Moved", "AllianceDiscarded", "TurnStarted",
                              "CardDrawn"]
    assert not g.state["alive"][1] and g.pos(1) == 1 and g.pos(0) == 1 and g.state["tracks"][0] == ["blank"]
    assert g.state["alliances"] == [] and g.state["game_discard"].count("alliance") == 1 and g.turn == 0


def test_an_ally_follows_a_target_bitten_where_it_lands():
    # given seat 0's Alliance on seat 1, with You've Been Bitten on top of the Wasteland deck
    g = alliance_on_seat_1(SUPPLIES4, ["supplies", "horde", "scout"], ["youve_been_bitten", "blank"])
    # when seat 1 travels onto it and turns
    batch = g.do(1, "Travel", pay="singles")
    # then seat 0 follows the move all the same, onto its own Blank
    assert g.types(batch)[:4] == ["CardsDiscarded", "Moved", "Died", "Moved"]
    assert not g.state["alive"][1] and g.pos(0) == 1 and g.state["tracks"][0] == ["blank"] and g.turn == 0


def test_rules_version_1_kept_an_ally_from_following_a_target_who_died_on_its_move():
    # given a game under rules version 1: seat 0's Alliance on seat 1, who pays its last Supplies
    g = alliance_on_seat_1(hand(supplies=2), ["supplies", "horde", "scout"], ["blank", "settlement"],
                           rules_version="selfish-zombie/1")
    # when seat 1 travels onto a Blank
    batch = g.do(1, "Travel", pay="singles")
    # then seat 1 dies, its turn ends at once and seat 0 does not follow
    assert g.types(batch) == ["CardsDiscarded", "Moved", "Died", "TurnStarted", "CardDrawn"]
    assert g.pos(0) == 0 and g.state["alliances"] == [] and g.turn == 0


def test_a_traveller_saved_by_the_wasteland_card_is_followed_by_the_ally():
    # given seat 0's Alliance on seat 1, who pays its last two Supplies to travel onto a Settlement
    g = alliance_on_seat_1(hand(supplies=2), ["supplies", "horde", "supplies", "scout"], ["settlement", "settlement"])
    # when seat 1 travels and takes the Settlement's card, a Supplies
    g.do(1, "Travel", pay="singles")
    g.do(1, "Accept")
    # then seat 1 lives and seat 0 follows, and takes its own Settlement's card
    g.do(0, "Accept")
    assert g.state["alive"][1] and g.pos(1) == 1 and g.pos(0) == 1 and "scout" in g.hand(0)


def test_an_ally_follows_an_abandoned_vehicle_and_resolves_its_own_wasteland_card():
    # given seat 0's Alliance on seat 1, who holds an Abandoned Vehicle
    g = alliance_on_seat_1(hand("abandoned_vehicle", supplies=4), ["supplies", "supplies", "rampage"],
                           ["youve_been_bitten", "settlement"])
    # when seat 1 drives over You've Been Bitten without resolving it
    g.do(1, "PlayAction", card="abandoned_vehicle")
    # then seat 0 moves along and resolves its own card (Settlement), and seat 1's turn goes on
    assert g.pending[0].seat == 0 and g.pending[0].code == "settlement"
    g.do(0, "Accept")
    assert g.state["alive"] == [True, True] and g.pos(1) == 1 and g.pos(0) == 1
    assert g.hand(0)[-1] == "rampage" and g.turn == 1 and g.phase == "turn"


def test_an_ally_follows_a_secret_passageway_the_same_two_spaces():
    # given seat 0's Alliance on seat 1, and a Secret Passageway on top of the Wasteland deck
    g = alliance_on_seat_1(SUPPLIES4, ["supplies"] * 3, ["secret_passageway", "blank", "blank", "blank"])
    # when seat 1 travels onto it and moves on again
    g.do(1, "Travel", pay="singles")
    # then seat 0 moves an equal distance: two spaces, over two Blanks of its own
    assert g.pos(1) == 2 and g.pos(0) == 2 and g.state["tracks"][0] == ["blank", "blank"]


def test_underestimate_turns_an_alliance_so_the_reflector_follows_the_cards_player():
    # given seat 0 plays an Alliance on seat 1, who holds Underestimate
    g = Game(2, hands=[hand("alliance", supplies=4), hand("underestimate", supplies=4)],
             game_deck=["supplies"] * 3, wasteland_deck=["blank", "blank"])
    g.do(0, "PlayAction", card="alliance", target=1)
    # when seat 1 reflects it and seat 0 travels on its turn
    g.do(1, "PlayUnderestimate")
    g.do(0, "Pass")
    assert g.state["alliances"] == [{"ally": 1, "target": 0}]
    g.do(0, "Travel", pay="singles")
    # then seat 1 follows seat 0, and the Alliance is discarded when seat 0's turn ends
    assert g.pos(0) == 1 and g.pos(1) == 1 and g.state["alliances"] == [] and g.turn == 1


def test_steal_supplies_takes_the_only_supplies_card_and_kills():
    # given seat 1 holds a single Supplies card and an Action card
    g = Game(2, hands=[hand("steal_supplies", supplies=4), hand("horde", supplies=1)], game_deck=["scout"])
    # when seat 0 steals its Supplies
    g.do(0, "PlayAction", card="steal_supplies", target=1)
    batch = g.do(1, "Pass")
    # then the one Supplies card is taken, and seat 1 dies at once (not on its turn)
    assert batch[1]["data"]["cards"] == ["supplies"] and not g.state["alive"][1] and g.turn == 0
