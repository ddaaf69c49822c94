"""A player cut off from the Ending Location (docs/rules/one-against-the-dead.md, 'Ending and
scoring'): from rules version 2 the game plays on while something is worth doing (a survivor to
dig out, a zombie or a Joker that could still come) and the player may concede; it ends by itself
only when nothing is left. Games of rules version 1 keep the old ending: lost at once."""
from __future__ import annotations

import pytest

from events.games.contract import RuleViolation
from events.games.one_against_the_dead import RULESET as R

from .helpers import WALLED, Game, of_type, opening

#: The issue's start: a King above, a Queen left, a Jack below and an Ace right of the start.
#: Stacked dice: 2 on each face card, 1 on the Ace (a survivor one AP from rescue).
SPECIAL_ALL_ROUND = opening(**{"0,1": "KS", "-1,0": "QS", "0,-1": "JS", "1,0": "AS"})


def walled_in_with_a_survivor(**kwargs) -> Game:
    return Game(opening=SPECIAL_ALL_ROUND, dice=[2, 2, 2, 1], flips=["heads"] * 8, **kwargs)


def test_a_player_walled_in_by_special_locations_plays_on_while_a_survivor_can_be_rescued():
    # given: every card next to the start is a Special Location; an Ace holds a survivor
    g = walled_in_with_a_survivor()
    assert [c["type"] for c in g.legal] == ["DecrementDie"] * 4 + ["EndActions", "Concede"]
    # when: round 1 is played out without digging
    g.do("EndActions")
    while g.phase == "attack":
        g.do("SkipAttack")
    # then: the game goes on into round 2, the survivor still there to be rescued
    assert R.outcome(g.state) is None and g.state["round"] == 2 and g.phase == "actions"
    batch = g.do("DecrementDie", x=1, y=0)
    assert of_type(batch, "SurvivorRescued") == [{"x": 1, "y": 0}]
    assert R.view(g.state, 0)["score"]["feel_good_points"] == 10


def test_a_cut_off_player_may_concede_and_keeps_the_feel_good_points_earned():
    # given: walled in, the survivor dug out
    g = walled_in_with_a_survivor()
    g.do("DecrementDie", x=1, y=0)
    assert R.view(g.state, None)["cut_off"] is True
    # when: the player concedes
    batch = g.do("Concede")
    # then: the game is lost, conceded, with the 10 points of the rescue
    assert of_type(batch, "PlayerConceded") == [{"round": 1}]
    assert R.outcome(g.state) == {
        "winners": [], "result": "conceded", "scores": {"0": 10}, "turns": 1,
        "reason": "Seat 0, cut off from the Ending Location, conceded in round 1, with 10 Feel Good points."}
    assert R.pending(g.state) == [] and R.legal_commands(g.state, 0) == []


def test_a_cut_off_player_with_nothing_left_worth_doing_loses_cut_off_after_the_zombies_attack():
    # given: walled in by face cards only (no survivor), no zombie and no Joker anywhere
    g = Game(opening=WALLED)
    assert g.state["zombies"] == {} and {"type": "Concede"} in g.legal
    # when: the round is played out
    batch = g.do("EndActions")
    # then: nothing could ever earn a point: the game ends by itself, lost cut_off
    assert of_type(batch, "GameLost") == [{"result": "cut_off"}]
    assert R.outcome(g.state)["result"] == "cut_off" and R.outcome(g.state)["turns"] == 1


def test_a_zombie_that_can_still_come_keeps_a_cut_off_game_going():
    # given: walled in by face cards, one zombie on the 8 of spades beside the Queen
    g = Game(opening=WALLED)
    g.put_zombies(-1, 1, LT=1)
    # when: the round is played out (the zombie steps onto the King above the player)
    g.do("EndActions")
    # then: the zombie may still reach the player and be killed: the game goes on
    assert g.zombies(0, 1) == {"LT": 1}
    assert R.outcome(g.state) is None and g.state["round"] == 2


def test_a_joker_joined_to_the_player_keeps_a_cut_off_game_going():
    # given: walled in, a Joker above the King (it brings zombies as AP go unused)
    g = Game(opening=WALLED)
    g.state["city"]["0,2"] = "JK1"
    # when: the round is played out with 3 AP unused
    batch = g.do("EndActions")
    # then: three Greater Zombies go on the Joker, and the game goes on
    assert len(of_type(batch, "JokerZombieAdded")) == 3
    assert R.outcome(g.state) is None and g.state["round"] == 2


def test_a_player_still_checking_out_its_location_is_not_cut_off():
    # given: the walled-in start, folded up to the first card drawn for its check-out (nothing is
    # placed around it yet: it cannot move *yet*)
    g = Game(opening=WALLED)
    kinds = [e["type"] for e in g.events]
    first_draw = kinds.index("CardDrawn", kinds.index("RoundStarted"))
    state = R.fold(g.events[:first_draw + 1])
    assert state["phase"] == "place" and state["drawn"] == "KS"
    # then: not cut off while the check-out runs; cut off once it is done
    assert R.view(state, None)["cut_off"] is False
    assert R.view(g.state, None)["cut_off"] is True


def test_concede_is_refused_while_the_end_can_still_be_reached():
    g = Game()
    assert {"type": "Concede"} not in g.legal and R.view(g.state, 0)["cut_off"] is False
    before = R.copy_state(g.state)
    with pytest.raises(RuleViolation) as err:
        g.do("Concede")
    assert err.value.code == "not_cut_off" and g.state == before


def test_concede_is_an_action_phase_command():
    g = Game(opening=())
    with pytest.raises(RuleViolation) as err:
        g.do("Concede")
    assert err.value.code == "wrong_phase"


def test_under_rules_version_1_a_walled_in_player_still_loses_cut_off_at_once():
    # given: the start in a game recorded under one-against-the-dead/1
    g = walled_in_with_a_survivor(rules_version="one-against-the-dead/1")
    assert "rules_level" not in g.events[0]["data"]
    assert [c["type"] for c in g.legal] == ["DecrementDie"] * 4 + ["EndActions"]
    with pytest.raises(RuleViolation) as err:
        g.do("Concede")
    assert err.value.code == "not_cut_off"
    # when: the round is played out
    while R.outcome(g.state) is None:
        g.do(R.pending(g.state)[0].default)
    # then: lost cut_off in round 1, as that version played it
    assert R.outcome(g.state)["result"] == "cut_off" and g.state["round"] == 1


def test_a_new_game_records_rules_level_2():
    assert Game().events[0]["data"]["rules_level"] == 2
    assert R.version == "one-against-the-dead/2"
    assert R.versions == ("one-against-the-dead/1", "one-against-the-dead/2")
