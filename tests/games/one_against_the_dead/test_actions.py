"""Player actions (docs/rules/one-against-the-dead.md, 'A round' and 'Weapons'): moves and
their cost, dice, rescues and weapons found, Jokers fed by unused AP; the deadlines' defaults and
bad input. Each test stacks the deck."""
from __future__ import annotations

import random

import pytest

from events.games.contract import RuleViolation
from events.games.one_against_the_dead import RULESET as R

from .helpers import QUIET, Game, attack_ready, of_type, opening, types


# -- moving ----------------------------------------------------------------------------------------
def test_a_move_to_a_card_sharing_suit_or_rank_costs_one_ap_and_checks_out_the_new_location():
    g = Game(then=["3S"])
    g.do("Move", x=0, y=1)                       # 2H -> 2S: the ranks match
    assert g.state["ap"] == 2 and g.state["player"] == "0,1"
    assert g.phase == "place" and g.state["drawn"] == "3S"
    assert {(c["x"], c["y"]) for c in g.legal} == {(-1, 2), (0, 2), (1, 2)}


def test_a_move_to_a_card_matching_neither_costs_two_ap():
    g = Game(then=["3S", "3D", "3C"])
    g.move(-1, 0, (-2, 1), (-2, 0))              # 2H -> 8C
    assert g.state["ap"] == 1
    with pytest.raises(RuleViolation) as err:    # 8C -> 2H would cost 2 again
        g.do("Move", x=0, y=0)
    assert err.value.code == "not_enough_ap"
    assert {"type": "Move", "x": 0, "y": 0} not in g.legal


def test_no_move_onto_a_special_location_or_diagonally():
    g = Game(opening=opening(**{"0,1": "KS"}))
    for x, y, code in ((0, 1, "impassable"), (1, 1, "not_adjacent"), (0, 2, "not_adjacent")):
        with pytest.raises(RuleViolation) as err:
            g.do("Move", x=x, y=y)
        assert err.value.code == code
    assert {"type": "Move", "x": 0, "y": 1} not in g.legal


def test_zombies_on_a_card_do_not_stop_the_player_moving_onto_it():
    # given: three zombies on the 2 of spades above the player
    g = Game(then=["3S"])
    g.put_zombies(0, 1, GH=3)
    # when / then: the move is allowed and costs what the cards say (docs/rules, choice 16)
    assert {"type": "Move", "x": 0, "y": 1} in g.legal
    g.do("Move", x=0, y=1)
    assert g.state["player"] == "0,1" and g.state["ap"] == 2


# -- dice: survivors and weapons ---------------------------------------------------------------
def test_decrementing_a_die_costs_one_ap_and_clearing_an_ace_rescues_a_survivor():
    g = Game(opening=opening(**{"0,1": "AS"}), dice=[2])
    g.do("DecrementDie", x=0, y=1)
    assert g.state["dice"]["0,1"] == 1 and g.state["ap"] == 2
    batch = g.do("DecrementDie", x=0, y=1)
    assert types(batch) == ["DieDecremented", "SurvivorRescued"]
    assert "0,1" not in g.state["dice"] and g.state["rescued"] == 1


def test_a_die_on_a_diagonal_neighbour_may_be_decremented():
    # given: a Queen (a weapon, die showing 1) diagonally up and right of the player
    g = Game(opening=opening(**{"1,1": "QH"}), dice=[1], flips=["heads"], weapons=["bat"])
    assert {"type": "DecrementDie", "x": 1, "y": 1} in g.legal
    # when: one AP on its die; then: the weapon is found
    batch = g.do("DecrementDie", x=1, y=1)
    assert of_type(batch, "WeaponFound") == [{"kind": "bat", "die": None}]
    assert g.state["ap"] == 2


def test_a_die_must_be_on_a_card_around_the_player():
    g = Game()
    with pytest.raises(RuleViolation) as err:
        g.do("DecrementDie", x=0, y=1)
    assert err.value.code == "no_die"


def test_ending_the_action_phase_early_moves_on_to_the_zombies():
    g = Game()
    batch = g.do("EndActions")
    assert types(batch)[:3] == ["ActionsEnded", "ZombiesMoved", "AttackSkipped"]
    assert of_type(batch, "ActionsEnded") == [{"unused": 3, "jokers_due": 0}]   # no Joker out
    assert g.state["round"] == 2 and g.state["ap"] == 3


# -- Jokers ----------------------------------------------------------------------------------------
def test_unused_ap_and_ap_spent_on_dice_put_greater_zombies_on_a_joker():
    g = Game(opening=opening(**{"0,1": "KS", "-1,-1": "JK1"}), dice=[3], flips=["heads"] * 4)
    before = g.zombies(-1, -1)["GH"]
    g.do("Move", x=-1, y=0)                      # 2 AP on a move: no Joker zombie for those
    g.place((-2, 1), (-2, 0))
    g.do("DecrementDie", x=0, y=1)               # 1 AP on a die: one zombie
    assert g.state["ap"] == 0
    ended = of_type(g.events, "ActionsEnded")[-1]
    assert ended == {"unused": 0, "jokers_due": 1}
    assert of_type(g.events, "JokerZombieAdded") == [{"x": -1, "y": -1}]
    assert g.state["kills"] == 0 and before >= 1


def test_joker_zombies_are_heads_up_greaters_added_before_the_zombies_move():
    # given: a Joker at (-1, -1) (a Greater spawned on it, one on the 2 of diamonds beside it)
    g = Game(opening=opening(**{"-1,-1": "JK1"}), flips=["heads"] * 2)
    assert g.zombies(-1, -1) == {"GH": 1} and g.zombies(0, -1) == {"GH": 1}
    # when: the player ends the phase with 3 AP unused
    batch = g.do("EndActions")
    # then: three heads-up Greaters go on the Joker, then all its zombies take their step
    assert types(batch)[:5] == ["ActionsEnded"] + ["JokerZombieAdded"] * 3 + ["ZombiesMoved"]
    moves = of_type(batch, "ZombiesMoved")[0]["moves"]
    assert {"from": [-1, -1], "to": [0, -1]} in moves            # docs/rules, choice 9
    assert g.zombies(0, -1) == {"GH": 4} and g.zombies(0, 0) == {"GH": 1}


def test_with_two_jokers_the_player_chooses_which_gets_each_zombie():
    g = Game(opening=opening(**{"-1,-1": "JK1", "1,-1": "JK2"}), flips=["heads"] * 8)
    g.do("EndActions")                            # 3 unused AP
    assert g.phase == "joker"
    assert g.legal == [{"type": "PlaceJokerZombie", "x": -1, "y": -1},
                       {"type": "PlaceJokerZombie", "x": 1, "y": -1}]
    with pytest.raises(RuleViolation) as err:
        g.do("PlaceJokerZombie", x=0, y=1)
    assert err.value.code == "not_a_joker"
    for _ in range(3):
        g.do("PlaceJokerZombie", x=1, y=-1)
    assert of_type(g.events, "JokerZombieAdded") == [{"x": 1, "y": -1}] * 3
    assert g.phase != "joker"


# -- weapons found -----------------------------------------------------------------------------
def two_weapons(weapons, dice):
    """Given: a King above and a King below the start, each with a die; the first found weapon
    is kept at once."""
    g = Game(opening=opening(**{"0,1": "KS", "0,-1": "KD"}), dice=dice, weapons=weapons)
    g.do("DecrementDie", x=0, y=1)
    g.do("DecrementDie", x=0, y=-1)
    return g


def test_a_weapon_found_while_carrying_one_is_a_choice_and_the_other_leaves_the_game():
    g = Game(opening=opening(**{"0,1": "KS", "0,-1": "KD"}), dice=[1, 1, 3], weapons=["bat", "chainsaw"])
    g.do("DecrementDie", x=0, y=1)
    assert g.state["weapon"] == {"kind": "bat", "die": None} and g.phase == "actions"
    g.do("DecrementDie", x=0, y=-1)
    assert g.phase == "weapon" and g.state["found"] == {"kind": "chainsaw", "die": 3}
    assert g.legal == [{"type": "ChooseWeapon", "keep": "carried"}, {"type": "ChooseWeapon", "keep": "found"}]
    g.do("ChooseWeapon", keep="found")
    assert g.state["weapon"] == {"kind": "chainsaw", "die": 3} and g.state["found"] is None
    assert g.state["weapon_stack"] == {"shotgun": 3, "chainsaw": 2, "bat": 3}


def test_keeping_the_carried_weapon_sends_the_found_one_out_of_the_game():
    g = two_weapons(["bat", "shotgun"], [1, 1, 5])
    g.do("ChooseWeapon", keep="carried")
    assert g.state["weapon"] == {"kind": "bat", "die": None} and g.state["found"] is None
    assert g.state["weapon_stack"] == {"shotgun": 2, "chainsaw": 3, "bat": 3}


def test_a_found_weapon_is_drawn_at_random_from_the_chips_left_and_rolls_its_die():
    for seed in range(5):
        # given: only one chainsaw chip left in the Weapon Stack
        g = Game(opening=opening(**{"0,1": "KS"}), dice=[1, 4], seed=seed)
        g.state["weapon_stack"] = {"shotgun": 0, "chainsaw": 1, "bat": 0}
        # when: the King's die is cleared
        batch = g.do("DecrementDie", x=0, y=1)
        # then: the chainsaw, its fuel rolled
        assert of_type(batch, "WeaponFound") == [{"kind": "chainsaw", "die": 4}]
        assert g.state["weapon"] == {"kind": "chainsaw", "die": 4}


@pytest.mark.parametrize("carried, found, shells", [(4, 5, 6), (2, 3, 5)])
def test_a_second_shotgun_adds_its_shells_up_to_six(carried, found, shells):
    g = two_weapons(["shotgun", "shotgun"], [1, 1, carried, found])
    assert {"type": "ChooseWeapon", "keep": "combined"} in g.legal
    g.do("ChooseWeapon", keep="combined")
    assert g.state["weapon"] == {"kind": "shotgun", "die": shells}


def test_only_two_shotguns_combine():
    g = two_weapons(["bat", "chainsaw"], [1, 1, 3])
    with pytest.raises(RuleViolation) as err:
        g.do("ChooseWeapon", keep="combined")
    assert err.value.code == "cannot_combine"


def test_an_empty_weapon_stack_gives_nothing():
    g = Game(opening=opening(**{"0,1": "KS"}), dice=[1])
    g.state["weapon_stack"] = {"shotgun": 0, "chainsaw": 0, "bat": 0}
    batch = g.do("DecrementDie", x=0, y=1)
    assert types(batch)[:2] == ["DieDecremented", "NoWeaponFound"] and g.state["weapon"] is None


# -- deadlines -----------------------------------------------------------------------------------
def test_the_deadline_defaults_end_the_actions_and_skip_the_attack():
    g = Game(opening=())
    assert R.pending(g.state)[0].kind == "choice" and R.pending(g.state)[0].default == g.legal[0]
    g.place(*[(x, y) for x, y, _ in QUIET])
    assert [(d.kind, d.default) for d in R.pending(g.state)] == [("turn", {"type": "EndActions"})]
    g2 = attack_ready(GH=1)
    assert [(d.kind, d.default) for d in R.pending(g2.state)] == [("turn", {"type": "SkipAttack"})]


# -- bad input ---------------------------------------------------------------------------------
def test_only_seat_zero_plays():
    g = Game()
    with pytest.raises(RuleViolation) as err:
        R.decide(g.state, 1, {"type": "Move", "x": 0, "y": 1}, random.Random(0))
    assert (err.value.code, err.value.status) == ("not_your_turn", 409)


@pytest.mark.parametrize("command, code", [
    ({"type": "Dance"}, "unknown_command"),
    ({"type": "PlaceCard", "x": 0, "y": 1}, "wrong_phase"),
    ({"type": "Move", "x": "0", "y": 1}, "bad_arguments"),
    ({"type": "Move", "x": True, "y": 1}, "bad_arguments"),
    ({"type": "SkipAttack"}, "wrong_phase"),
    ("not a command", "bad_arguments"),
])
def test_bad_commands_are_refused_and_change_nothing(command, code):
    g = Game()
    before = R.copy_state(g.state)
    with pytest.raises(RuleViolation) as err:
        R.decide(g.state, 0, command, random.Random(0))
    assert err.value.code == code and g.state == before


def test_a_placement_outside_the_open_slots_is_refused():
    g = Game(opening=())
    with pytest.raises(RuleViolation) as err:
        g.do("PlaceCard", x=5, y=5)
    assert err.value.code == "not_an_open_slot"


def test_nothing_is_accepted_once_the_game_is_over():
    g = attack_ready(GH=4)
    g.state["strength"] = 1
    g.do("SkipAttack")
    with pytest.raises(RuleViolation) as err:
        g.do("EndActions")
    assert (err.value.code, err.value.status) == ("game_over", 409)
    assert R.legal_commands(g.state, 0) == []
