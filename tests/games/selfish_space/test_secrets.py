"""Nothing hidden leaks (docs/rules/selfish-space.md, 'What each seat and a spectator can see'):
two games equal but for one seat's hidden cards look the same to every other seat and to a
spectator -- views, legal commands, pending decisions, redacted events, outcome -- until the rules
reveal something. Events carry only what the rules make public: a pick during a Travel records the
same queue whether or not the traveller kept any Oxygen."""
from __future__ import annotations

from events.games.selfish_space import RULESET as R

from .helpers import hand
from .secrets import assert_same_to_others

# Seat 1's hidden hands: the same size, a Shield or none, two Oxygen more or fewer.
WITH_SHIELD = hand("shield", "tether", "laser_blast", "rocket_booster", "hack_suit", "tether", oxygen=3)
WITHOUT = hand("hole_in_suit", "tether", "laser_blast", "rocket_booster", "tractor_beam", oxygen=4)
SEAT0 = hand("hole_in_suit", oxygen=8)
DRAWS = ["laser_blast", "tractor_beam"] * 3   # no Oxygen drawn on the way

# Seat 0 punches a hole in seat 1's suit (seat 1 passes the Shield window) and breathes, then seat 1
# travels onto a Wormhole: with WITH_SHIELD it pays its last Oxygen, with WITHOUT it keeps one.
SCRIPT = [
    (0, {"type": "PlayAction", "card": "hole_in_suit", "target": 1}),
    (1, {"type": "Pass"}),
    (0, {"type": "Breathe"}),
    (1, {"type": "Travel", "pay": "singles"}),
]


def game(seat1_hand, **extra):
    return {"first_seat": 0, **extra, "stack": {"hands": [SEAT0, seat1_hand], "game_deck": DRAWS,
                                                "space_deck": ["wormhole"]}}


def test_a_hidden_hand_changes_nothing_another_seat_or_a_spectator_sees():
    # given two games equal but for seat 1's hand: a Shield and 3 Oxygen, or no Shield and 4
    # when the same commands are played, then seat 0 and a spectator see the very same games
    a, b = assert_same_to_others(R, 2, 1, game(WITH_SHIELD), game(WITHOUT), SCRIPT)
    assert R.view(a.state, 0)["pick"]["kind"] == "wormhole"


def test_a_pick_during_a_travel_records_the_same_queue_whatever_the_traveller_holds():
    # given the two games at seat 1's Wormhole pick, one traveller out of Oxygen and one not
    a, b = assert_same_to_others(R, 2, 1, game(WITH_SHIELD), game(WITHOUT), SCRIPT)
    requested_a, requested_b = a.events[-1], b.events[-1]
    assert requested_a["type"] == requested_b["type"] == "ChoiceRequested"
    # then even the stored event (shown to all once the game is over) is the same in both
    assert requested_a["data"] == requested_b["data"]
    # and no seat or spectator ever sees the server's queue while the game runs
    assert all("then" not in R.redact(requested_a, reader)["data"] for reader in (0, 1, None))
    assert a.state["alive"][1] and b.state["alive"][1]


def test_rules_version_1_recorded_in_the_queue_that_the_traveller_had_no_oxygen_left():
    # given the same two games under rules version 1
    a, b = assert_same_to_others(R, 2, 1, game(WITH_SHIELD, rules_version="selfish-space/1"),
                                 game(WITHOUT, rules_version="selfish-space/1"), SCRIPT)
    # then only the stored events differed (seats and spectators never see the queue)
    assert a.events[-1]["data"] != b.events[-1]["data"]


def test_the_order_of_the_undrawn_game_deck_changes_nothing_until_drawn():
    # given two games whose Game decks differ only in the cards seat 1 will draw (face down)
    def deck(x1, x3):
        return {"first_seat": 0, "stack": {"hands": [hand(oxygen=9), hand(oxygen=9)],
                                           "game_deck": ["tether", x1, "tether", x3, "tether"]}}
    script = [(0, {"type": "Breathe"}), (1, {"type": "Breathe"}), (0, {"type": "Breathe"}),
              (1, {"type": "Breathe"}), (0, {"type": "Breathe"})]
    # when both breathe turn after turn, then seat 0 and a spectator see the same games
    assert_same_to_others(R, 2, 1, deck("shield", "oxygen"), deck("oxygen", "shield"), script)
