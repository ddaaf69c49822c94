"""Nothing hidden leaks (docs/rules/selfish-zombie.md, 'What each seat and a spectator can see'):
two games equal but for one seat's hidden cards look the same to every other seat and to a
spectator -- views, legal commands, pending decisions, redacted events, outcome -- until the rules
reveal something. Events carry only what the rules make public: the Settlement offer made during a
Travel records the same queue whether or not the traveller kept any Supplies."""
from __future__ import annotations

from events.games.selfish_zombie import RULESET as R

from ..selfish_space.secrets import assert_same_to_others
from .helpers import hand

# Seat 1's hidden hands: the same size, Body Armor and Underestimate or neither, one Supplies more or fewer.
ARMED = hand("body_armor", "underestimate", "scout", "rampage", "horde", "alliance", "scout", supplies=2)
BARE = hand("abandoned_vehicle", "scout", "rampage", "horde", "alliance", "zombie_trap", supplies=3)
SEAT0 = hand("horde", "rampage", supplies=7)

# Seat 0 plays a Horde on seat 1 (seat 1 passes its window) and rests; seat 1 travels
# onto a Settlement: with ARMED it pays its last Supplies, with BARE it keeps one.
SCRIPT = [
    (0, {"type": "PlayAction", "card": "horde", "target": 1}),
    (1, {"type": "Pass"}),
    (0, {"type": "Rest"}),
    (1, {"type": "Travel", "pay": "singles"}),
]


def game(seat1_hand, card="settlement", **extra):
    return {"first_seat": 0, **extra, "stack": {
        "hands": [SEAT0, seat1_hand], "tracks": [[], ["blank"]], "game_deck": ["steal_supplies"] * 3,
        "wasteland_deck": [card], "dice": [1]}}


def test_a_hidden_hand_changes_nothing_another_seat_or_a_spectator_sees():
    # given two games equal but for seat 1's hand: Body Armor, Underestimate and 2 Supplies, or neither and 3
    # when the same commands are played, then seat 0 and a spectator see the very same games
    a, _ = assert_same_to_others(R, 2, 1, game(ARMED), game(BARE), SCRIPT)
    assert R.view(a.state, 0)["pick"]["kind"] == "settlement"


def test_an_offer_during_a_travel_records_the_same_queue_whatever_the_traveller_holds():
    # given the two games at seat 1's Settlement offer, one traveller out of Supplies and one not
    a, b = assert_same_to_others(R, 2, 1, game(ARMED), game(BARE), SCRIPT)
    # then even the stored events (shown to all once the game is over) are the same in both
    assert a.events[-1]["type"] == "ChoiceRequested" and a.events[-1]["data"] == b.events[-1]["data"]
    assert all("then" not in R.redact(a.events[-1], reader)["data"] for reader in (0, 1, None))


def test_rules_version_1_recorded_in_the_queue_that_the_traveller_had_no_supplies_left():
    # given the same two games under rules version 1, seat 1 travelling onto Bandits (a roll of 1)
    a, b = assert_same_to_others(R, 2, 1, game(ARMED, "bandits", rules_version="selfish-zombie/1"),
                                 game(BARE, "bandits", rules_version="selfish-zombie/1"), SCRIPT)
    # then seats and spectators saw the same, but the stored discard pick differed
    assert a.events[-1]["type"] == "ChoiceRequested" and a.events[-1]["data"] != b.events[-1]["data"]


def test_a_discard_pick_during_a_travel_records_the_same_queue_at_rules_version_2():
    # given the two games at rules version 2, seat 1 travelling onto Bandits (a roll of 1)
    a, b = assert_same_to_others(R, 2, 1, game(ARMED, "bandits"), game(BARE, "bandits"), SCRIPT)
    # then the stored discard pick is the same in both
    assert a.events[-1]["type"] == "ChoiceRequested" and a.events[-1]["data"] == b.events[-1]["data"]


def test_the_order_of_the_undrawn_wasteland_deck_changes_nothing_until_drawn():
    # given two games whose Wasteland decks differ below the card seat 0 will draw
    def deck(second, third):
        return {"first_seat": 0, "stack": {"hands": [hand(supplies=9), hand(supplies=9)],
                                           "wasteland_deck": ["blank", second, third]}}
    script = [(0, {"type": "Travel", "pay": "singles"}), (1, {"type": "Rest"}), (0, {"type": "Rest"})]
    # when seat 0 travels once and both rest, then seat 1 and a spectator see the same games
    assert_same_to_others(R, 2, 0, deck("bandits", "blank"), deck("blank", "bandits"), script)
