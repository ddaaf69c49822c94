"""Resigning a solitaire (docs/rules/one-against-the-dead.md, 'Resigning'): the game ends at once,
lost, exactly as a concession ends it (``PlayerConceded``, result ``conceded``, the Feel Good points
kept), in any phase and under every rules version."""
from __future__ import annotations

import pytest

from events.games.one_against_the_dead import RULESET as R

from .helpers import Game, of_type
from .test_cut_off import walled_in_with_a_survivor


def test_resigning_ends_the_game_lost_at_once():
    # given a game in its action phase, not cut off
    g2 = Game()
    assert g2.phase == "actions" and R.view(g2.state, None)["cut_off"] is False
    # when the player resigns
    batch = g2.resign(0)
    # then the game is over, lost 'conceded', with a sentence that does not say cut off
    assert batch == [{"type": "PlayerConceded", "data": {"round": 1}}]
    result = R.outcome(g2.state)
    assert result["winners"] == [] and result["result"] == "conceded"
    assert result["reason"].startswith("Seat 0 resigned in round 1")
    assert R.pending(g2.state) == [] and R.legal_commands(g2.state, 0) == []


def test_a_cut_off_player_resigning_ends_exactly_as_conceding():
    # given two copies of a cut-off game with a survivor rescued
    conceding, resigning = walled_in_with_a_survivor(), walled_in_with_a_survivor()
    for g in (conceding, resigning):
        g.do("DecrementDie", x=1, y=0)
    # when one concedes and the other resigns
    conceded = conceding.do("Concede")
    resigned = resigning.resign(0)
    # then the events, the state and the outcome are the same
    assert resigned == conceded and resigning.state == conceding.state
    assert R.outcome(resigning.state)["scores"] == {"0": 10}


@pytest.mark.parametrize("phase", ["place", "attack"])
def test_resigning_ends_the_game_in_any_phase(phase):
    g = Game()
    if phase == "place":
        g.do("Move", x=1, y=0)          # moving onto an unexplored card draws cards to place
    else:
        g.put_zombies(0, 0, GT=1)       # a zombie on the player's card: the attack phase comes
        g.do("EndActions")
    if g.phase != phase:
        pytest.fail(f"the stacked game is in phase {g.phase}, not {phase}")
    g.resign(0)
    assert g.phase == "over" and R.outcome(g.state)["result"] == "conceded" and R.pending(g.state) == []


def test_a_rules_version_1_game_may_be_resigned_though_it_has_no_concede_command():
    g = Game(rules_version="one-against-the-dead/1")
    assert {"type": "Concede"} not in g.legal
    assert of_type(g.resign(0), "PlayerConceded") == [{"round": 1}]
    assert R.outcome(g.state)["result"] == "conceded"


def test_a_game_over_or_another_seat_resigns_to_no_events():
    g = Game()
    assert R.resign(g.state, 1, None) == [] and R.resign(None, 0, None) == []
    g.resign(0)
    assert R.resign(g.state, 0, None) == []
    assert R.fold(g.events) == g.state
