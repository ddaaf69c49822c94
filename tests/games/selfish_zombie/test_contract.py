"""Bad input (every RuleViolation code, state untouched), stacked-deck
validation, and the contract around the rules: evolve, views, redact, the
ruleset and the bots."""
from __future__ import annotations

import copy
import random

import pytest

from events.games import get_ruleset
from events.games.selfish_zombie import RULESET as R
from events.commands.simulation import play_game, simulate

from ..invariants import (
    assert_fold_needs_no_deepcopy,
    assert_rejected,
    assert_rejects_table_sizes,
)
from .helpers import Game, hand
from .test_rules import bitten_first


def rejects(g: Game, seat: int, command, code: str, status: int = 422):
    return assert_rejected(R, g.state, seat, command, code, status)


def two(**stack):
    stack.setdefault("hands", [hand("horde", "rampage", "scout", "underestimate", supplies=2),
                               hand("body_armor", supplies=4)])
    stack.setdefault("game_deck", ["zombie_trap"])
    return Game(2, **stack)


def test_not_your_turn_is_409():
    rejects(two(), 1, {"type": "Rest"}, "not_your_turn", 409)


def test_game_over_is_409():
    g = two(hands=[hand(supplies=4), hand(supplies=4)], tracks=[["blank"] * 5], wasteland_deck=["blank"])
    g.do(0, "Travel", pay="singles")
    rejects(g, 0, {"type": "Rest"}, "game_over", 409)


def test_unknown_command():
    rejects(two(), 0, {"type": "Dance"}, "unknown_command")


@pytest.mark.parametrize("command", [
    {"type": "PlayAction"},
    {"type": "PlayAction", "card": "chainsaw"},
    {"type": "PlayAction", "card": "rampage", "target": "1"},
    {"type": "PlayAction", "card": "rampage", "target": 9},
    {"type": "PlayAction", "card": "scout", "target": 1},
    {"type": "PlayAction", "card": "rampage", "target": 1, "second_target": 1},
    {"type": "Travel", "pay": "triple"},
    "not a dict",
])
def test_bad_arguments(command):
    rejects(two(), 0, command, "bad_arguments")


def test_card_not_in_hand_not_an_action_and_wrong_phase():
    rejects(two(), 0, {"type": "PlayAction", "card": "steal_supplies", "target": 1}, "card_not_in_hand")
    rejects(two(), 0, {"type": "PlayAction", "card": "supplies"}, "not_an_action")
    rejects(two(), 0, {"type": "PlayAction", "card": "underestimate"}, "wrong_phase")
    rejects(two(), 0, {"type": "Pass"}, "wrong_phase")
    rejects(two(), 0, {"type": "ZombieMove", "direction": "back"}, "wrong_phase")


def test_no_target_and_illegal_target():
    rejects(two(), 0, {"type": "PlayAction", "card": "horde", "target": 1}, "no_target")
    g = Game(3, hands=[hand("horde", supplies=4), hand(supplies=4), hand(supplies=4)], tracks=[[], ["blank"], []])
    rejects(g, 0, {"type": "PlayAction", "card": "horde", "target": 2}, "illegal_target")


def test_cannot_pay():
    g = Game(2, hands=[hand(supplies=1), hand(supplies=4)], game_deck=["horde"])
    rejects(g, 0, {"type": "Travel", "pay": "singles"}, "cannot_pay")
    rejects(g, 0, {"type": "Travel", "pay": "double"}, "cannot_pay")


def test_window_violations():
    g = two()
    g.do(0, "PlayAction", card="rampage", target=1)
    rejects(g, 1, {"type": "PlayUnderestimate"}, "card_not_in_hand")
    g.do(1, "PlayBodyArmor")
    g2 = bitten_first(dice=[1], hands=[hand(supplies=4), hand("underestimate", supplies=4)])
    g2.do(1, "Travel", pay="singles")
    g2.do(0, "Attack", target=1)
    rejects(g2, 1, {"type": "PlayUnderestimate"}, "cannot_reflect")


def test_choice_violations():
    g = Game(2, hands=[hand("zombie_trap", "scout", supplies=4), hand(supplies=4)],
             wasteland_deck=["bandits", "blank", "settlement"])
    g.do(0, "PlayAction", card="zombie_trap")
    rejects(g, 0, {"type": "OrderWasteland", "cards": ["blank", "blank", "bandits"]}, "not_those_cards")
    rejects(g, 0, {"type": "OrderWasteland", "cards": ["chopper"]}, "bad_arguments")
    rejects(g, 0, {"type": "PlaceScouted", "where": "top"}, "wrong_phase")
    g.do(0, "OrderWasteland", cards=["blank", "bandits", "settlement"])
    g.do(0, "PlayAction", card="scout")
    rejects(g, 0, {"type": "PlaceScouted", "where": "middle"}, "bad_arguments")
    g3 = Game(2, hands=[hand("horde", supplies=4), hand(supplies=4)], wasteland_deck=["bandits"], dice=[1])
    g3.do(0, "Travel", pay="singles")
    rejects(g3, 0, {"type": "DiscardCard", "card": "scout"}, "card_not_in_hand")


def test_zombie_violations():
    g = bitten_first(dice=[2])
    g.do(1, "Rest")
    rejects(g, 0, {"type": "ZombieMove", "direction": "up"}, "bad_arguments")
    rejects(g, 0, {"type": "Attack", "target": 1}, "illegal_target")
    g.do(0, "ZombieMove", direction="back")
    rejects(g, 0, {"type": "ZombieMove", "direction": "back"}, "cannot_move")


@pytest.mark.parametrize("stack, words", [
    ({"hands": [["double_supplies"] * 11]}, "more 'double_supplies'"),
    ({"wasteland_deck": ["secret_passageway"] * 2}, "more 'secret_passageway'"),
    ({"game_deck": ["chainsaw"]}, "unknown cards"),
    ({"hands": [[], [], []]}, "at most one entry per seat"),
    ({"hands": [["horde"]]}, "at least one Supplies"),
    ({"tracks": [["blank"] * 6]}, "shorter than"),
    ({"dice": [4]}, "die rolls"),
    ({"decks": []}, "unknown parts"),
])
def test_setup_rejects_a_bad_stack(stack, words):
    with pytest.raises(ValueError, match=words):
        R.setup({"stack": stack}, 2, random.Random(0))


def test_setup_rejects_bad_table_sizes():
    assert_rejects_table_sizes(R)


def test_evolve_ignores_system_events_and_never_deep_copies(monkeypatch):
    assert R.evolve(None, {"type": "GameCreated", "data": {}}) is None
    record = play_game(R, ["random"] * 4, "no-deepcopy")
    before = copy.deepcopy(record.state)
    assert R.evolve(record.state, {"type": "SeedRevealed", "data": {"seed": "x"}}) == before
    assert_fold_needs_no_deepcopy(R, record.events, record.state, monkeypatch)


def test_ruleset_metadata():
    assert get_ruleset("selfish-zombie") is R
    assert (R.id, R.name, R.min_seats, R.max_seats) == ("selfish-zombie", "Selfish: Zombie Edition", 2, 5)
    assert R.version == "selfish-zombie/2" and R.versions == ("selfish-zombie/1", "selfish-zombie/2")
    assert {"stack", "first_seat"} <= set(R.options)
    assert set(R.bots) >= {"random", "strong"}


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_strong_plays_only_legal_commands_for_survivors_and_zombies(seats):
    seen = set()

    def checked(view, legal, rng):
        command = R.bots["strong"](view, legal, rng)
        assert command in legal
        seen.add(view["phase"])
        return command

    R.bots["_checked"] = checked
    try:
        for game in range(40):
            policies = ["_checked"] + ["random"] * (seats - 1)
            play_game(R, policies[game % seats:] + policies[:game % seats], f"bots-{seats}-{game}")
            if game >= 5 and {"turn", "zombie"} <= seen:
                break
    finally:
        del R.bots["_checked"]
    assert {"turn", "zombie"} <= seen


def test_strong_beats_random_in_two_player_games():
    summary = simulate(R, ["strong", "random"], 200, seed_prefix="strong-vs-random", rotate=True)
    assert summary["win_rate_by_policy"]["strong"] > 3 * summary["win_rate_by_policy"]["random"]


def test_strong_zombie_attacks_on_its_level_else_walks_towards_the_nearest_survivor():
    g = bitten_first(dice=[2], tracks=[["blank"], ["blank"]])
    g.do(1, "Rest")
    view = R.view(g.state, 0)
    assert R.bots["strong"](view, R.legal_commands(g.state, 0), random.Random(0)) == \
        {"type": "ZombieMove", "direction": "back"}
    g.do(0, "ZombieMove", direction="back")
    assert R.bots["strong"](R.view(g.state, 0), R.legal_commands(g.state, 0), random.Random(0)) == \
        {"type": "Attack", "target": 1}


def test_strong_survivor_sends_a_scouted_bite_to_the_bottom_and_blocks_attacks():
    g = Game(2, hands=[hand("scout", supplies=4), hand("body_armor", supplies=4)],
             wasteland_deck=["youve_been_bitten"], game_deck=["supplies"])
    strong = R.bots["strong"]
    assert strong(R.view(g.state, 0), R.legal_commands(g.state, 0), random.Random(0)) == \
        {"type": "PlayAction", "card": "scout"}
    g.do(0, "PlayAction", card="scout")
    assert strong(R.view(g.state, 0), R.legal_commands(g.state, 0), random.Random(0)) == \
        {"type": "PlaceScouted", "where": "bottom"}
