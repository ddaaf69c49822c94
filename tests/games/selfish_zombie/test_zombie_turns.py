"""Zombie turns and the end (docs/rules/selfish-zombie.md, "A zombie's turn", 'Ending and scoring'): attacks
on the zombie's level, several attacks a turn, the chopper out of a zombie's reach, the zombies' win.
Die rolls are stacked; ``bitten_first`` turns seat 0 into a zombie on level 1."""
from __future__ import annotations

import random

import pytest

from events.games.contract import RuleViolation
from events.games.selfish_zombie import RULESET as R

from ..invariants import assert_rejected
from .helpers import Game, hand
from .test_rules import SUPPLIES4, bitten_first


def zombie_among(seats=3, dice=(3,), rules_version=None):
    """Zombie seat 0 on level 1 with ``dice[0]`` action points, every other seat a survivor on its level."""
    g = bitten_first(seats=seats, tracks=[[]] + [["blank"]] * (seats - 1), dice=list(dice),
                     rules_version=rules_version)
    for seat in range(1, seats):
        g.do(seat, "Rest")
    return g


def attack(g, target):
    g.do(0, "Attack", target=target)
    g.do(target, "Pass")


def test_a_zombie_may_attack_one_survivor_several_times():
    # given zombie seat 0 with 3 action points, survivors 1 and 2 on its level
    g = zombie_among()
    assert g.state["points"] == 3 and [c["target"] for c in R.legal_commands(g.state, 0)[:2]] == [1, 2]
    # when it attacks seat 1 twice
    attack(g, 1)
    attack(g, 1)
    # then only seat 1 may be attacked again: one target, several times
    assert [c for c in g.legal(0) if c["type"] == "Attack"] == [{"type": "Attack", "target": 1}]
    assert_rejected(R, g.state, 0, {"type": "Attack", "target": 2}, "illegal_target")
    attack(g, 1)
    assert len(g.hand(1)) == 4 - 1 - 3 + 1 + 1 and g.turn == 1  # rested, drew, lost three, drew again


def test_a_zombie_may_attack_several_survivors_once_each():
    # given zombie seat 0 with 3 action points, survivors 1, 2 and 3 on its level
    g = zombie_among(seats=4)
    # when it attacks seat 1, then seat 2
    attack(g, 1)
    attack(g, 2)
    # then neither may be attacked again this turn; seat 3 may
    assert [c for c in g.legal(0) if c["type"] == "Attack"] == [{"type": "Attack", "target": 3}]
    assert_rejected(R, g.state, 0, {"type": "Attack", "target": 1}, "illegal_target")
    assert R.view(g.state, None)["zombie_attacks_this_turn"] == [1, 2]


def test_rules_version_1_let_a_zombie_mix_its_attacks():
    # given a game under rules version 1, zombie seat 0 with 3 action points, survivors 1 and 2
    g = zombie_among(rules_version="selfish-zombie/1")
    # when it attacks seat 1 twice and seat 2 once
    for target in (1, 1, 2):
        attack(g, target)
    # then each attack cost a card and a point, and the turn passed when the points ran out
    assert [len(h) for h in g.state["hands"][1:]] == [2 + 1, 3] and g.turn == 1  # + its draw


def test_a_zombie_attacks_only_survivors_on_its_level():
    # given zombie seat 0 on level 1 with 2 action points and survivor seat 1 on level 0
    g = bitten_first(dice=[2])
    g.do(1, "Rest")
    assert [c for c in R.legal_commands(g.state, 0) if c["type"] == "Attack"] == []
    # when it walks back to seat 1's level
    g.do(0, "ZombieMove", direction="back")
    # then it may attack seat 1 there
    assert R.legal_commands(g.state, 0)[0] == {"type": "Attack", "target": 1}


def test_a_zombie_attack_on_the_last_survivor_ends_the_game_with_the_zombies_win():
    # given zombie seat 0 on level 1 with 1 point, and seat 1 joining it holding only a Double Supplies
    g = bitten_first(dice=[1], hands=[SUPPLIES4, hand(supplies=2)], game_deck=["supplies", "double_supplies"])
    g.do(1, "Travel", pay="singles")
    assert g.hand(1) == ["double_supplies"]
    # when the zombie attacks and seat 1 does not block
    g.do(0, "Attack", target=1)
    batch = g.do(1, "Pass")
    # then seat 1 runs out of Supplies, turns, and the zombies win
    assert g.types(batch)[-2:] == ["Died", "GameEnded"]
    assert g.state["alive"] == [False, False] and g.outcome["result"] == "zombies" and g.pending == []
    assert g.outcome["winners"] == []


def test_a_zombie_cannot_step_onto_the_chopper():
    # given zombie seat 0 on space 5
    g = bitten_first(tracks=[["blank"] * 4], dice=[2])
    g.do(1, "Rest")
    # when it tries to move forward
    with pytest.raises(RuleViolation) as info:
        R.decide(g.state, 0, {"type": "ZombieMove", "direction": "forward"}, random.Random(0))
    # then it is refused
    assert info.value.code == "cannot_move" and g.pos(0) == 5


def test_a_survivor_dying_at_the_chopper_rises_there_and_can_only_move_back():
    # given seat 0 on space 5 pays its last Supplies to reach the chopper
    g = Game(2, hands=[hand(supplies=2), SUPPLIES4], game_deck=["horde"] * 3, tracks=[["blank"] * 5],
             wasteland_deck=["blank"], dice=[1])
    g.do(0, "Travel", pay="singles")
    assert not g.state["alive"][0] and g.pos(0) == 6 and g.outcome is None
    # when its zombie's turn comes
    g.do(1, "Rest")
    # then it cannot take the chopper: it may only move back (or end its turn)
    assert R.legal_commands(g.state, 0) == [{"type": "ZombieMove", "direction": "back"}, {"type": "EndTurn"}]
