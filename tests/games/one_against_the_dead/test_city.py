"""The city (docs/rules/one-against-the-dead.md, 'Setup and first player' and 'Checking out a
location'): the start, the placeholders and the end, checking out a location, zombies spawning
on placed cards and dice on Aces and face cards; and bad options. Each test stacks the deck."""
from __future__ import annotations

import random

import pytest

from events.games.contract import RuleViolation
from events.games.one_against_the_dead import RULESET as R
from events.games.one_against_the_dead.cards import DECK, matches

from .helpers import PLACEHOLDERS, QUIET, Game, assert_cards_accounted, of_type, opening


# -- the start, the placeholders and the end ---------------------------------------------------
def test_setup_lays_the_start_seven_face_down_placeholders_and_the_end():
    g = Game(opening=())
    assert of_type(g.events, "PlaceholderDealt") == [
        {"x": x, "y": 0, "card": c} for x, c in zip(range(1, 8), PLACEHOLDERS)]
    assert g.card(0, 0) == "2H" and g.card(8, 0) == "10C"
    assert g.state["player"] == "0,0"
    # the start is checked out at once: the placeholder at (1, 0) went back into the deck
    assert g.state["face_down"] == [f"{x},0" for x in range(2, 8)]
    assert "1,0" not in g.state["city"] and "2C" in g.state["deck"] + [g.state["drawn"]]
    assert_cards_accounted(g.state)


def test_a_special_location_drawn_for_the_start_or_the_end_is_shuffled_back():
    deck = ["AS", "2H", *PLACEHOLDERS, "JK1", "10C"]
    events = R.setup({"stack": {"deck": deck}}, 1, random.Random(3))
    assert [e["data"]["card"] for e in events if e["type"] == "SpecialReshuffled"] == ["AS", "JK1"]
    state = R.fold(events)
    assert state["city"]["0,0"] == "2H" and state["city"]["8,0"] == "10C"
    assert "AS" in state["deck"] and "JK1" in state["deck"]


def test_the_start_and_the_end_are_laid_without_zombies():
    # given / when: the start (2 of hearts) and the end (10 of clubs) laid, nothing placed yet
    g = Game(opening=())
    # then: spawning belongs to checking out; the two fixed locations get none (docs/rules, 'Setup and first player')
    assert g.zombies(0, 0) == {} and g.zombies(8, 0) == {}
    assert of_type(g.events, "ZombiesSpawned") == []


# -- checking out a location ---------------------------------------------------------------------
def test_the_player_chooses_the_slot_for_each_drawn_card():
    g = Game(opening=(), then=["2S"])
    assert g.phase == "place" and g.state["drawn"] == "2S"
    assert sorted((c["x"], c["y"]) for c in g.legal) == sorted(
        [(-1, 1), (0, 1), (1, 1), (-1, 0), (1, 0), (-1, -1), (0, -1), (1, -1)])
    g.do("PlaceCard", x=-1, y=-1)
    assert g.card(-1, -1) == "2S"


def test_the_last_open_slot_takes_the_drawn_card_by_itself():
    g = Game()
    placed = of_type(g.events, "CardPlaced")[-1]
    assert placed == {"x": 1, "y": 0, "card": "9H"} and g.phase == "actions"


def test_a_slot_stays_empty_when_the_deck_runs_out():
    g = Game()
    g.state["deck"] = []            # given: every other card is already out
    g.move(1, 0, (2, 1))            # the placeholder at (2, 0) is the only card left to draw
    assert g.card(2, 1) == "4C" and g.card(2, 0) is None and g.card(2, -1) is None
    assert g.phase == "actions"


def test_a_slot_left_empty_is_filled_by_a_later_check_out_and_is_no_place_to_stand_till_then():
    # given: the deck ran out; the move to the 9 of hearts brought back one placeholder (4C)
    g = Game(flips=["heads"])
    g.state["deck"] = []
    g.move(1, 0, (2, 1))            # 2H -> 9H; (2, 0) and (2, -1) stay empty
    # then: an empty place cannot be walked on
    with pytest.raises(RuleViolation) as err:
        g.do("Move", x=2, y=0)
    assert err.value.code == "impassable"
    # when: the player walks on; the next check-out collects the placeholder at (3, 0)
    g.do("Move", x=1, y=1)          # 9H -> 9S: nothing left to draw
    g.do("EndActions")              # the 4 of clubs' zombie steps onto the player
    assert g.phase == "attack"
    g.do("SkipAttack")
    g.move(2, 1, (2, 0))            # 9S -> 4C: (3, 0) goes back, its 5 of clubs is drawn
    # then: the empty slot beside the player is filled
    assert g.card(2, 0) == "5C"


# -- zombies and dice on placed cards ------------------------------------------------------------
def test_no_zombie_spawns_next_to_matching_cards():
    g = Game()                      # every card of the quiet opening matches the cards beside it
    assert g.state["zombies"] == {} and g.card(1, 0) == "9H"


def test_spawning_never_compares_the_card_the_player_stands_on():
    # given: the player on the 2 of hearts; the 7 of spades, which shares neither suit nor rank
    # with it, goes right of the player, between the 9 of spades and the 7 of diamonds
    assert not matches("7S", "2H")
    g = Game(opening=opening(**{"1,-1": "7D", "1,0": "7S"}), flips=["heads"])
    # then: the cards above and below match it, and the player's card is not counted: no zombie
    assert g.card(1, 0) == "7S" and g.zombies(1, 0) == {}
    assert of_type(g.events, "ZombiesSpawned") == []


def test_each_mismatching_orthogonal_card_spawns_a_zombie_the_first_greater():
    # (0, 1) gets the 5 of diamonds between the 8 of spades and the 9 of spades: two zombies
    g = Game(opening=[(-1, 1, "8S"), (1, 1, "9S"), (0, 1, "5D")], flips=["tails", "heads"])
    assert g.zombies(0, 1) == {"GT": 1, "LH": 1}


def test_a_diagonal_neighbour_spawns_no_zombie():
    # given: the 2 of spades above the start; when: the 8 of clubs goes left of the start,
    # diagonal to the 2 of spades that it does not match
    g = Game(opening=[(0, 1, "2S"), (-1, 0, "8C")])
    assert not matches("2S", "8C")
    # then: no zombie (spawning looks at the four orthogonal places only)
    assert g.zombies(-1, 0) == {} and g.zombies(0, 1) == {}


def test_a_face_down_placeholder_beside_a_placed_card_spawns_no_zombie():
    # given: the player walks up and right, all spades, to (1, 2), where the placeholder (4C)
    # at (2, 0) is still face down
    g = Game(then=["3S", "7S", "4S", "6S", "10S", "5S", "7H", "7D", "5H"], flips=["heads"])
    g.move(0, 1, (0, 2), (-1, 2))                  # 2H -> 2S, 1 AP; 4S fills (1, 2)
    g.move(0, 2, (-1, 3), (0, 3))                  # 2S -> 3S, 1 AP; 5S fills (1, 3)
    assert of_type(g.events, "ZombiesSpawned") == []
    # when: the 7 of hearts goes to (2, 2) and the 7 of diamonds to (2, 1), above the placeholder
    g.move(1, 2, (2, 2), (2, 1))                   # 3S -> 4S, the last AP
    assert g.card(2, 1) == "7D" and "2,0" in g.state["face_down"]
    # then: one zombie, for the 9 of spades beside it; the face-down 4 of clubs does not count
    assert of_type(g.events, "ZombiesSpawned") == [{"x": 2, "y": 1, "zombies": ["GH"]}]


def test_a_joker_matches_nothing():
    g = Game(opening=[(-1, 1, "8S"), (0, 1, "JK1"), (1, 1, "9S")], flips=["heads"] * 3)
    assert g.zombies(0, 1) == {"GH": 1}          # the Joker beside the 8 of spades
    assert g.zombies(1, 1) == {"GH": 1}          # the 9 of spades beside the Joker
    assert "0,1" not in g.state["dice"]


def test_an_ace_or_a_face_card_placed_gets_a_rolled_die():
    g = Game(opening=opening(**{"0,1": "AS", "0,-1": "QD"}), dice=[4, 2])
    assert g.state["dice"] == {"0,1": 4, "0,-1": 2}


# -- a bad stack, a bad table ----------------------------------------------------------------
@pytest.mark.parametrize("stack, words", [
    ("cards", "must be an object"),
    ({"hands": []}, "unknown parts"),
    ({"deck": ["11H"]}, "'deck' must be a list"),
    ({"deck": ["2H", "2H"]}, "twice"),
    ({"dice": [7]}, "'dice'"),
    ({"flips": ["edge"]}, "'flips'"),
    ({"weapons": ["shotgun"] * 4}, "more than the 3 shotgun"),
    ({"weapons": [["bat"]]}, "'weapons'"),
])
def test_a_bad_stack_is_refused_with_a_sentence(stack, words):
    with pytest.raises(ValueError, match=words):
        R.setup({"stack": stack}, 1, random.Random(0))


MALFORMED_OPTIONS = [
    "stack", 1, [], ["stack"], True,
    {"stack": 1}, {"stack": ["2H"]}, {"stack": {"deck": "2H"}}, {"stack": {"deck": [None]}},
    {"stack": {"deck": [["2H"]]}}, {"stack": {"deck": [{"card": "2H"}]}}, {"stack": {"dice": [1.5]}},
    {"stack": {"dice": [True]}}, {"stack": {"dice": [[1]]}}, {"stack": {"flips": [["heads"]]}},
    {"stack": {"flips": [{"heads": 1}]}}, {"stack": {"weapons": [{}]}}, {"stack": {"weapons": "bat"}},
    {"rules_version": "one-against-the-dead/9"}, {"rules_version": 2}, {"rules_version": ["x"]},
    {"rules_version": {"v": 1}}, {"rules_version": "selfish-space/1"},
]


@pytest.mark.parametrize("options", MALFORMED_OPTIONS)
def test_setup_refuses_malformed_options_with_a_value_error_and_nothing_else(options):
    # (a GameCreated edited in a tampered log reaches setup through verify: issue 17)
    with pytest.raises(ValueError) as err:
        R.setup(options, 1, random.Random(0))
    assert type(err.value) is ValueError and str(err.value).endswith(".")


def test_setup_plays_either_rules_version_it_lists():
    for version in R.versions:
        events = R.setup({"rules_version": version}, 1, random.Random(0))
        assert events[0]["type"] == "GameStarted"
    assert R.setup(None, 1, random.Random(0))[0]["data"]["rules_level"] == 2


def test_the_game_is_for_exactly_one_player_with_a_54_card_deck():
    with pytest.raises(ValueError, match="exactly one player"):
        R.setup({}, 2, random.Random(0))
    assert len(DECK) == 54 and len(QUIET) == 8
