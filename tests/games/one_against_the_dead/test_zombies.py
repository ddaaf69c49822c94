"""The rest of the round and the end (docs/rules/one-against-the-dead.md, 'A round', 'Weapons'
and 'Ending and scoring'):
zombies moving and their tie-break, the four attacks, the overwhelm check and Strength loss,
winning, Feel Good points, and the endings the rules leave open. Each test stacks the deck and
the coin flips."""
from __future__ import annotations

import pytest

from events.games.contract import RuleViolation
from events.games.one_against_the_dead import RULESET as R
from events.games.one_against_the_dead.resolve import zombie_steps

from .helpers import Game, attack_ready, of_type, opening


# -- zombies move --------------------------------------------------------------------------------
def test_zombies_step_towards_the_player_and_break_ties_towards_the_end():
    g = Game()
    g.put_zombies(1, 1, GH=1)       # (0, 1) and (1, 0) are both closer: (1, 0) is nearer the end
    g.put_zombies(-1, 1, LT=2)      # (0, 1) and (-1, 0) tie on the end too: towards its column
    g.put_zombies(0, 0, GT=1)       # on the player's card: stays
    g.put_zombies(8, 0, LH=1)       # the end has no face-up card closer: stays
    g.do("EndActions")
    moves = of_type(g.events, "ZombiesMoved")[0]["moves"]
    assert sorted(moves, key=str) == sorted([{"from": [1, 1], "to": [1, 0]},
                                             {"from": [-1, 1], "to": [0, 1]}], key=str)
    assert g.zombies(8, 0) == {"LH": 1} and g.zombies(0, 0) == {"GT": 1}


def test_zombies_may_stand_on_special_locations():
    g = Game(opening=opening(**{"0,1": "KS"}))
    g.state["zombies"] = {}
    g.put_zombies(-1, 1, GH=1)
    g.do("EndActions")
    assert g.zombies(0, 1) == {"GH": 1}


def city_of(*places, player, zombie):
    """Given: face-up cards at ``places`` ("x,y"), one Greater Zombie at ``zombie``, the player at
    ``player`` (only what ``zombie_steps`` reads)."""
    return {"city": {p: "5H" for p in places}, "face_down": [], "player": player,
            "zombies": {zombie: {"GH": 1, "GT": 0, "LH": 0, "LT": 0}}}


def test_zombies_tied_on_the_player_take_the_step_closer_to_the_end_even_upwards_or_down():
    # given: the player at (-2, 0), west of a zombie at (-1, 1); (-2, 1) and (-1, 0) both close in
    state = city_of("-2,1", "-1,0", "-1,1", player="-2,0", zombie="-1,1")
    # when / then: it steps down to (-1, 0), 9 from the end, not west to (-2, 1), 11 from it
    assert zombie_steps(state) == [("-1,1", "-1,0")]


@pytest.mark.parametrize("player, step", [("6,2", [8, 1]), ("6,-2", [8, -1])])
def test_zombies_tied_on_the_end_go_up_then_down_before_away_from_its_column(player, step):
    state = city_of("8,0", "7,0", "8,1", "8,-1", player=player, zombie="8,0")
    assert zombie_steps(state) == [("8,0", f"{step[0]},{step[1]}")]


# -- the player attacks --------------------------------------------------------------------------
def test_fists_of_fury_flip_up_to_four_chosen_zombies_heads_up_ones_first():
    g = attack_ready(["tails", "heads", "heads", "tails"], GH=2, GT=1, LH=1, LT=1)
    batch = g.do("AttackWithFists", greater=2, lesser=1)
    # GH tails -> a Lesser flipped heads; GH heads stays; LH tails dies; GT and LT untouched
    assert of_type(batch, "PlayerAttacked")[0]["killed"] == 1
    assert g.zombies(0, 0) == {"GH": 1, "GT": 1, "LH": 1, "LT": 1}
    assert g.state["kills"] == 1


def test_fists_pick_every_zombie_before_flipping_so_a_greater_turned_lesser_is_not_hit_twice():
    # given: a Greater (heads) and a Lesser (tails) on the player's card
    g = attack_ready(["tails", "heads", "tails"], GH=1, LT=1)
    # when: both go in the mug; the Greater lands tails (a new Lesser, flipped heads), the
    # Lesser lands tails
    batch = g.do("AttackWithFists", greater=1, lesser=1)
    # then: the Lesser picked dies and the new Lesser stays, heads up
    attack = of_type(batch, "PlayerAttacked")[0]
    assert attack["zombies"] == {"GH": 0, "GT": 0, "LH": 1, "LT": 0} and attack["killed"] == 1
    assert attack["flips"] == ["tails", "heads", "tails"]


def test_fists_take_one_to_four_zombies_that_are_there():
    g = attack_ready(GH=3, LH=3)
    assert {"type": "AttackWithFists", "greater": 3, "lesser": 2} not in g.legal
    assert {"type": "AttackWithFists", "greater": 3, "lesser": 1} in g.legal
    for g_, l_, code in ((3, 2, "bad_arguments"), (0, 0, "bad_arguments"), (0, 4, "not_enough_zombies")):
        with pytest.raises(RuleViolation) as err:
            g.do("AttackWithFists", greater=g_, lesser=l_)
        assert err.value.code == code


def test_the_bat_weakens_every_zombie_of_the_chosen_type():
    g = attack_ready(weapon={"kind": "bat", "die": None}, GH=2, GT=1, LH=1)
    g.do("AttackWithBat", target="greater")
    assert of_type(g.events, "PlayerAttacked")[0]["zombies"] == {"GH": 0, "GT": 2, "LH": 2, "LT": 0}
    g2 = attack_ready(weapon={"kind": "bat", "die": None}, LH=1, LT=2)
    g2.do("AttackWithBat", target="lesser")
    assert of_type(g2.events, "PlayerAttacked")[0]["zombies"] == {"GH": 0, "GT": 0, "LH": 0, "LT": 1}
    assert g2.state["kills"] == 2 and g2.state["weapon"] == {"kind": "bat", "die": None}


def test_the_bat_swung_at_a_type_not_there_is_a_wasted_attack():
    # given: only Greater Zombies on the player's card; when: the Bat goes for the Lesser ones
    g = attack_ready(weapon={"kind": "bat", "die": None}, GH=1, GT=1)
    assert {"type": "AttackWithBat", "target": "lesser"} in g.legal
    g.do("AttackWithBat", target="lesser")
    # then: nothing is weakened, and the bat is kept (docs/rules, choice 16)
    assert of_type(g.events, "PlayerAttacked")[0]["zombies"] == {"GH": 1, "GT": 1, "LH": 0, "LT": 0}
    assert g.state["weapon"] == {"kind": "bat", "die": None}


def test_the_chainsaw_kills_every_zombie_flipping_tails_and_burns_a_pip_of_fuel():
    g = attack_ready(["tails", "heads", "tails"], weapon={"kind": "chainsaw", "die": 2}, GT=1, LT=2)
    g.do("AttackWithChainsaw")
    attack = of_type(g.events, "PlayerAttacked")[0]
    assert attack["zombies"] == {"GH": 0, "GT": 0, "LH": 1, "LT": 0} and attack["killed"] == 2
    assert g.state["weapon"] == {"kind": "chainsaw", "die": 1}


def test_the_chainsaw_is_gone_when_its_last_pip_of_fuel_burns_and_survivors_lie_heads_up():
    g = attack_ready(["heads", "tails"], weapon={"kind": "chainsaw", "die": 1}, GT=1, LH=1)
    g.do("AttackWithChainsaw")
    attack = of_type(g.events, "PlayerAttacked")[0]
    assert attack["zombies"] == {"GH": 1, "GT": 0, "LH": 0, "LT": 0} and attack["killed"] == 1
    assert g.state["weapon"] is None and g.state["weapon_stack"]["chainsaw"] == 3


def test_the_shotgun_kills_the_lesser_flips_the_greater_and_is_gone_at_zero_shells():
    g = attack_ready(["tails", "tails", "heads"], weapon={"kind": "shotgun", "die": 1}, GH=2, LH=2)
    g.do("AttackWithShotgun")
    attack = of_type(g.events, "PlayerAttacked")[0]
    assert attack["zombies"] == {"GH": 1, "GT": 0, "LH": 0, "LT": 1} and attack["killed"] == 2
    assert g.state["weapon"] is None


def test_a_weapon_attack_needs_that_weapon_and_the_attack_may_be_skipped():
    g = attack_ready(GH=1)
    with pytest.raises(RuleViolation) as err:
        g.do("AttackWithBat", target="greater")
    assert err.value.code == "no_such_weapon"
    assert g.legal[0] == {"type": "SkipAttack"}
    batch = g.do("SkipAttack")
    assert of_type(batch, "AttackSkipped") == [{"reason": "player"}]


def test_with_no_zombie_on_the_players_card_there_is_no_attack():
    g = Game()
    batch = g.do("EndActions")
    assert of_type(batch, "AttackSkipped") == [{"reason": "no_zombies"}]


# -- the zombies attack ----------------------------------------------------------------------
def test_more_zombies_than_strength_overwhelm_the_player():
    g = attack_ready(GH=4)
    g.state["strength"] = 3
    batch = g.do("SkipAttack")
    assert of_type(batch, "PlayerOverwhelmed") == [{"zombies": 4, "strength": 3}]
    assert R.outcome(g.state)["result"] == "overwhelmed" and R.pending(g.state) == []


def test_the_overwhelm_check_comes_before_the_strength_loss():
    # given: 5 Strength and 5 zombies on the player's card
    g = attack_ready(LH=5)
    g.state["strength"] = 5
    # when: the zombies attack
    batch = g.do("SkipAttack")
    # then: not overwhelmed (5 is not less than 5); then one Strength lost, down to 4
    assert of_type(batch, "PlayerOverwhelmed") == []
    assert of_type(batch, "StrengthLost") == [{"zombies": 5, "amount": 1}]
    assert g.state["strength"] == 4 and g.phase == "actions"


@pytest.mark.parametrize("zombies, lost", [(1, 1), (5, 1), (7, 2), (15, 3)])
def test_strength_lost_is_one_per_five_zombies_rounded_up(zombies, lost):
    g = attack_ready(LT=zombies)
    g.do("SkipAttack")
    assert g.state["strength"] == 15 - lost and g.phase == "actions"


# -- the end -------------------------------------------------------------------------------------
def test_reaching_the_end_and_surviving_the_zombie_attack_wins():
    from .test_worked_example import walk_to_the_ten_of_hearts
    g = walk_to_the_ten_of_hearts()
    g.move(6, 0, (7, 0), (7, 1))
    g.do("SkipAttack")
    g.do("Move", x=7, y=0)                        # 10S -> 3C: 2 AP
    while g.phase == "place":
        g.do(g.legal[0])
    g.do("Move", x=8, y=0)                        # 3C -> 10C: 1 AP
    assert g.state["player"] == "8,0" and R.outcome(g.state) is None   # the round plays out
    while R.outcome(g.state) is None:
        g.do(R.pending(g.state)[0].default)
    result, score = R.outcome(g.state), R.view(g.state, None)["score"]
    assert result["result"] == "won" and result["winners"] == [0]
    assert result["scores"] == {"0": score["zombies_killed"] + 10 * score["survivors_rescued"]
                                - 20 * score["survivors_trapped"]}


def test_a_player_overwhelmed_on_the_end_loses():
    # given: the player on the Ending Location with more zombies there than Strength
    g = Game()
    g.state["player"] = "8,0"
    g.put_zombies(8, 0, GH=16)
    g.do("EndActions")
    # when: the zombies attack; then: overwhelmed, not won
    g.do("SkipAttack")
    assert R.outcome(g.state)["result"] == "overwhelmed" and R.outcome(g.state)["winners"] == []


# -- score ---------------------------------------------------------------------------------------
def test_feel_good_points_count_kills_rescues_and_lunchmeat():
    g = Game(opening=opening(**{"0,1": "AS", "0,-1": "AD"}), dice=[1, 3])
    g.do("DecrementDie", x=0, y=1)                # the survivor under the Ace of spades is saved
    g.state["kills"] = 4                          # given: four zombies killed earlier
    g.put_zombies(0, 0, GH=9)
    g.state["strength"] = 2
    g.do("EndActions")
    g.do("SkipAttack")
    # 4 kills + 10 for the rescue - 20 for the Ace of diamonds still holding its die
    assert R.outcome(g.state) == {
        "winners": [], "result": "overwhelmed", "scores": {"0": -6}, "turns": 1,
        "reason": "Seat 0 was overwhelmed by 9 zombies in round 1, with -6 Feel Good points."}
    assert R.view(g.state, None)["score"] == {"zombies_killed": 4, "survivors_rescued": 1,
                                              "survivors_trapped": 1, "feel_good_points": -6}


# -- choices where the rules are silent --------------------------------------------------------
def test_a_game_still_running_after_the_last_round_is_lost_exhausted():
    g = Game()
    g.state["round"] = 200
    g.do("EndActions")
    assert R.outcome(g.state)["result"] == "exhausted"
