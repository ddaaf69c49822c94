"""The bots: only legal commands, from the view alone, and ``strong`` beats ``random``."""
from __future__ import annotations

import random

import pytest

from events.games.zombies_quickplay import RULESET as R
from events.games.zombies_quickplay.bots import BOTS
from events.commands.simulation import play_game, simulate

from .helpers import Game


@pytest.mark.parametrize("name", ["random", "strong"])
def test_a_bot_sends_only_legal_commands(name):
    calls = [0]

    def checked(view, legal, rng):
        command = BOTS[name](view, legal, rng)
        assert command in legal
        calls[0] += 1
        return command

    R.bots["_checked"] = checked
    try:
        for game in range(3):
            record = play_game(R, ["_checked", "strong", "random"], f"bots-{name}-{game}")
            assert record.outcome is not None
    finally:
        del R.bots["_checked"]
    assert calls[0] > 50


def test_the_strong_bot_walks_towards_a_zombie_and_fights():
    g = Game()
    g.zombie("1,0")
    g.dice(2)
    g.do(0, "RollMovement")
    view = R.view(g.state, 0)
    assert BOTS["strong"](view, g.legal(0), random.Random(0)) == {"type": "Move", "x": 1, "y": 0}


def test_the_strong_bot_heads_for_the_helipad_once_it_is_out():
    g = Game()
    g.lay("helipad", 1, 0, 0)
    g.zombie("1,0")
    g.dice(2)
    g.do(0, "RollMovement")
    assert BOTS["strong"](R.view(g.state, 0), g.legal(0), random.Random(0)) == {"type": "Move", "x": 2, "y": 1}


def test_the_strong_bot_pays_bullets_before_life():
    g = Game()
    g.zombie("2,1")
    g.dice(1, 3)
    g.do(0, "RollMovement")
    g.do(0, "Move", x=2, y=1)
    g.do(0, "Fight")
    assert BOTS["strong"](R.view(g.state, 0), g.legal(0), random.Random(0)) == {"type": "SpendBullets"}


def test_strong_beats_random_clearly_head_to_head():
    summary = simulate(R, ["strong", "random"], 12, seed_prefix="bots-test", rotate=True)
    assert summary["win_rate_by_policy"]["strong"] >= 0.75


def test_the_strong_bot_knocks_bullets_away_from_a_rival_who_needs_them_to_pay_a_lost_roll():
    # given seat 0 lost a combat roll of 2 and could pay it with 2 of its 3 bullets
    g = Game(hands=[["lots_of_ammo", "grenade", "molotov_cocktail"], ["butter_fingers", "fire_axe", "chainsaw"]],
             listen=[1])
    g.do(1, "Pass")
    g.into_fight(2)
    g.do(0, "Fight")
    assert g.stage == "window" and g.actor == 1
    # when the strong bot answers for seat 1, then it plays Butter Fingers on those bullets
    command = BOTS["strong"](R.view(g.state, 1), g.legal(1), random.Random(0))
    assert command == {"type": "PlayCard", "card": "butter_fingers", "target": 0, "item": "bullets"}


def test_the_strong_bot_brings_zombies_back_when_none_is_left_and_no_helipad_is_out():
    # given an empty map (no zombie, no Helipad) and seat 0, about to roll, holding Zombie Master
    g = Game(hands=[["zombie_master", "fire_axe", "chainsaw"]])
    assert g.stage == "move_roll" and not g.state["zombies"]
    # when the strong bot decides for seat 0, then it plays it, and places the zombies next to itself
    command = BOTS["strong"](R.view(g.state, 0), g.legal(0), random.Random(0))
    assert command == {"type": "PlayCard", "card": "zombie_master"}
    g.do(0, command)
    pick = BOTS["strong"](R.view(g.state, 0), g.legal(0), random.Random(0))
    assert abs(pick["x"] - 1) + abs(pick["y"] - 1) == 1


def test_the_strong_bot_slows_a_rival_near_the_helipad_before_its_roll():
    # given the Helipad east of the Town Square and seat 0 (its turn) standing next to its centre
    g = Game(hands=[["lots_of_ammo", "grenade", "molotov_cocktail"], ["fear", "fire_axe", "chainsaw"]], listen=[1])
    g.lay("helipad", 1, 0, 0)
    g.put(0, "3,1")
    # when the strong bot answers the window at seat 0's turn start for seat 1, then it plays Fear on seat 0
    assert g.stage == "window" and g.actor == 1
    command = BOTS["strong"](R.view(g.state, 1), g.legal(1), random.Random(0))
    assert command == {"type": "PlayCard", "card": "fear", "target": 0}


def test_the_strong_bot_discards_an_item_it_will_not_use_at_the_end_of_its_turn():
    g = Game(hands=[["molotov_cocktail", "hey_look_a_shotgun", "much_needed_rest"]])
    g.zombie("1,0")
    g.dice(1, 1)
    g.do(0, "RollMovement")
    g.do(0, "EndMove")
    assert g.stage == "discard"
    command = BOTS["strong"](R.view(g.state, 0), g.legal(0), random.Random(0))
    assert command == {"type": "Discard", "card": "molotov_cocktail"}
