"""Bad input (every RuleViolation code, state untouched), stacked-deck
validation, and the contract around the rules: evolve, views, redact, ruleset."""
from __future__ import annotations

import copy
import random

import pytest

from events.games import get_ruleset
from events.games.selfish_space import RULESET as R
from events.commands.simulation import play_game

from ..invariants import (
    assert_fold_needs_no_deepcopy,
    assert_rejected,
    assert_rejects_table_sizes,
)
from .helpers import Game, hand


def rejects(g: Game, seat: int, command: dict, code: str, status: int = 422):
    return assert_rejected(R, g.state, seat, command, code, status)


def two(**stack):
    stack.setdefault("hands", [hand("laser_blast", "shield", "tether", "rocket_booster", oxygen=2, doubles=1),
                               hand("shield", oxygen=4)])
    stack.setdefault("game_deck", ["hack_suit", "tether"])
    return Game(2, **stack)


# -- every RuleViolation code ---------------------------------------------------
def test_not_your_turn_is_409():
    rejects(two(), 1, {"type": "Breathe"}, "not_your_turn", 409)


def test_game_over_is_409():
    g = two(tracks=[["blank"] * 5], space_deck=["blank"])
    g.do(0, "PlayAction", card="rocket_booster")
    rejects(g, 0, {"type": "Breathe"}, "game_over", 409)


def test_unknown_command():
    rejects(two(), 0, {"type": "Dance"}, "unknown_command")


@pytest.mark.parametrize("command", [
    {"type": "PlayAction"},
    {"type": "PlayAction", "card": "warp_drive"},
    {"type": "PlayAction", "card": "hack_suit"},
    {"type": "PlayAction", "card": "hack_suit", "target": "1"},
    {"type": "PlayAction", "card": "hack_suit", "target": 7},
    {"type": "PlayAction", "card": "rocket_booster", "target": 1},
    {"type": "Travel", "pay": "oxygen"},
    {"type": "BreatheWithActions", "cards": ["tether"]},
    "not a dict",
])
def test_bad_arguments(command):
    rejects(two(), 0, command, "bad_arguments")


def test_card_not_in_hand():
    rejects(two(), 0, {"type": "PlayAction", "card": "oxygen_siphon", "target": 1}, "card_not_in_hand")
    rejects(two(), 0, {"type": "BreatheWithActions", "cards": ["tether", "tether"]}, "card_not_in_hand")


def test_not_an_action():
    rejects(two(), 0, {"type": "PlayAction", "card": "oxygen"}, "not_an_action")
    rejects(two(), 0, {"type": "BreatheWithActions", "cards": ["oxygen", "tether"]}, "not_an_action")


def test_illegal_target():
    g = two(tracks=[[], ["blank"]])
    rejects(g, 0, {"type": "PlayAction", "card": "laser_blast", "target": 0}, "illegal_target")


def test_no_target():
    rejects(two(), 0, {"type": "PlayAction", "card": "laser_blast", "target": 1}, "no_target")


def test_solar_flare():
    g = two(tracks=[["solar_flare"], []])
    rejects(g, 0, {"type": "PlayAction", "card": "rocket_booster"}, "solar_flare")


def test_action_limit():
    g = two(space_deck=["blank", "blank"])
    g.do(0, "PlayAction", card="rocket_booster")
    rejects(g, 0, {"type": "PlayAction", "card": "hack_suit", "target": 1}, "action_limit")


def test_wrong_phase():
    rejects(two(), 0, {"type": "PlayShield"}, "wrong_phase")
    rejects(two(), 0, {"type": "PlayAction", "card": "shield"}, "wrong_phase")
    g = two()
    g.do(0, "PlayAction", card="hack_suit", target=1)
    rejects(g, 1, {"type": "Breathe"}, "wrong_phase")


def test_cannot_pay():
    g = two(hands=[hand("tether", oxygen=1), hand(oxygen=4)])
    rejects(g, 0, {"type": "Travel", "pay": "singles"}, "cannot_pay")
    rejects(g, 0, {"type": "Travel", "pay": "double"}, "cannot_pay")


def test_swap_limit_and_no_singles():
    g = two(game_discard=["oxygen", "oxygen"])
    g.do(0, "SwapDouble")
    g2 = two(hands=[hand(doubles=2), hand(oxygen=38)])
    rejects(g2, 0, {"type": "SwapDouble"}, "no_singles")
    g3 = two(hands=[hand(doubles=2), hand(oxygen=4)])
    g3.do(0, "SwapDouble")
    rejects(g3, 0, {"type": "SwapDouble"}, "swap_limit")


def test_choice_violations():
    g = Game(2, hands=[hand("hack_suit", oxygen=4), hand("tether", oxygen=2)])
    g.do(0, "PlayAction", card="hack_suit", target=1)
    g.do(1, "Pass")
    rejects(g, 0, {"type": "TakeCard", "card": "shield"}, "card_not_in_hand")
    rejects(g, 0, {"type": "SwapWith", "target": 1}, "wrong_phase")
    rejects(g, 1, {"type": "TakeCard", "card": "tether"}, "not_your_turn", 409)


def test_violation_messages_do_not_name_hidden_cards():
    g = Game(2, hands=[hand("hack_suit", oxygen=4), hand("rocket_booster", oxygen=2)])
    err = rejects(g, 1, {"type": "PlayAction", "card": "rocket_booster"}, "not_your_turn", 409)
    assert "Rocket" not in err.message


# -- stacked decks -----------------------------------------------------------
@pytest.mark.parametrize("stack, words", [
    ({"hands": [["double_oxygen"] * 11]}, "more 'double_oxygen'"),
    ({"space_deck": ["hyperspace", "hyperspace"]}, "more 'hyperspace'"),
    ({"game_deck": ["warp_drive"]}, "unknown cards"),
    ({"hands": [[], [], []]}, "at most one entry per seat"),
    ({"tracks": [["blank"] * 6]}, "shorter than"),
    ({"decks": []}, "unknown parts"),
])
def test_setup_rejects_a_stack_that_is_not_part_of_the_decks(stack, words):
    with pytest.raises(ValueError, match=words):
        R.setup({"stack": stack}, 2, random.Random(0))


def test_stacked_cards_are_used_in_order_and_the_rest_is_dealt_normally():
    g = Game(3, hands=[None, hand("tether", oxygen=1)], game_deck=["shield", "hack_suit"], space_deck=["wormhole"])
    assert g.state["stacked"] and g.hand(1) == ["tether", "oxygen"]
    assert len(g.hand(0)) == 10 and g.hand(0)[-1] == "shield" and len(g.hand(2)) == 9
    assert g.state["game_deck"][0] == "hack_suit" and g.state["space_deck"][0] == "wormhole"


def test_setup_rejects_bad_table_sizes():
    assert_rejects_table_sizes(R)


# -- evolve, views, redact, the ruleset -----------------------------------------
def test_evolve_ignores_system_events_and_unknown_types():
    assert R.evolve(None, {"type": "GameCreated", "data": {"seed_hash": "ab"}}) is None
    g = Game(2)
    before = copy.deepcopy(g.state)
    assert R.evolve(g.state, {"type": "SeedRevealed", "data": {"seed": "x"}}) == before


def test_evolve_never_deep_copies(monkeypatch):
    record = play_game(R, ["random"] * 4, "no-deepcopy")
    assert_fold_needs_no_deepcopy(R, record.events, record.state, monkeypatch)


def test_spectator_view_shows_no_hand_and_only_deck_sizes():
    g = Game(3)
    v = R.view(g.state, None)
    assert v["hand"] is None and v["hand_sizes"] == [10, 9, 9]
    assert v["game_deck_size"] == len(g.state["game_deck"]) and "game_deck" not in v


def test_redact_hides_the_deal_and_other_players_draws():
    g = Game(2)
    started = R.redact(g.events[0], 1)["data"]
    assert started["hands"][0] is None and started["hands"][1] == g.hand(1)
    assert started["game_deck"] == len(g.events[0]["data"]["game_deck"])
    assert R.redact(g.events[-1], 1)["data"]["card"] is None
    assert R.redact(g.events[-1], 0) == g.events[-1]


def test_ruleset_metadata():
    assert get_ruleset("selfish-space") is R
    assert (R.id, R.name, R.min_seats, R.max_seats) == ("selfish-space", "Selfish: Space Edition", 2, 5)
    assert R.version.startswith("selfish-space/") and "stack" in R.options
    assert set(R.commands) == {"PlayAction", "SwapDouble", "Breathe", "BreatheWithActions", "Travel",
                               "PlayShield", "Pass", "TakeCard", "DiscardCards", "SwapWith"}
    assert set(R.bots) >= {"random", "cautious"}


def test_simulated_games_replay_identically_from_their_seed():
    a = play_game(R, ["cautious", "random", "random"], "same-seed")
    b = play_game(R, ["cautious", "random", "random"], "same-seed")
    assert a.events == b.events and a.outcome == b.outcome
