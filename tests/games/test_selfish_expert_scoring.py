"""How the Selfish editions' ``expert`` scores what its playouts reach (``events.games.selfish.searching``).

At a two-seat table the game is zero-sum between the two: a win is worth 1, a game nobody won
(everyone lost in space, or the zombies won) half, the rival's win 0. So the search weighs
stopping the rival as well as escaping, and a zombie's turn is worth searching.
"""
from __future__ import annotations

import pytest

from events.games.selfish.searching import DRAW, head_to_head, searched, two_seat_value
from events.games.selfish_space import expert as space_expert
from events.games.selfish_zombie import expert as zombie_expert


def test_a_win_is_one_the_rivals_win_nothing_and_a_game_nobody_won_half():
    # given the outcomes a two-seat game can end with
    won, lost = {"winners": [0], "result": "chopper"}, {"winners": [1], "result": "chopper"}
    nobody = {"winners": [], "result": "zombies"}
    # when seat 0 scores them / then
    assert head_to_head(won, 0) == 1.0
    assert head_to_head(lost, 0) == 0.0
    assert head_to_head(nobody, 0) == DRAW == 0.5


def test_a_cut_short_playout_is_worth_my_chance_less_the_rivals():
    # given each seat's chance of winning
    chances = {0: 0.7, 1: 0.2}
    value = two_seat_value(lambda state, seat: chances[seat])
    # when each seat values the same state / then P(win) + P(nobody) / 2 for each
    assert value(None, 0) == pytest.approx(0.5 + 0.5 * (0.7 - 0.2))
    assert value(None, 1) == pytest.approx(0.5 + 0.5 * (0.2 - 0.7))
    assert value(None, 0) + value(None, 1) == pytest.approx(1.0)


def test_a_zombie_is_worth_more_when_the_survivor_is_worse_off():
    # given a two-seat Zombie Edition state where seat 0 is a zombie and seat 1 a survivor
    def state(track_length: int, hand: list[str]) -> dict:
        return {"seats": 2, "alive": [False, True], "tracks": [[], ["blank"] * track_length],
                "hands": [[], hand], "peek": [[], []]}
    near = state(5, ["supplies", "supplies", "double_supplies"])
    far = state(1, ["supplies"])
    # when the zombie values both / then it gains by the survivor being far and short of Supplies
    assert zombie_expert._value(far, 0) > zombie_expert._value(near, 0)
    assert zombie_expert._value(near, 0) < DRAW


def test_a_dead_space_rival_leaves_my_own_chance_as_the_edge():
    # given a two-seat Space state whose rival died
    state = {"seats": 2, "alive": [True, False], "tracks": [["blank"] * 3, []],
             "hands": [["oxygen", "double_oxygen"], []]}
    # when seat 0 values it / then half a win at least, plus half its own chance
    mine = space_expert.win_chance(state, 0)
    assert space_expert._value(state, 0) == pytest.approx(DRAW + 0.5 * mine)
    assert space_expert._value(state, 1) == pytest.approx(DRAW - 0.5 * mine)


@pytest.mark.parametrize("phase,seats,expected", [
    ("turn", 2, True), ("turn", 4, True), ("zombie", 2, True), ("zombie", 3, False),
    ("reaction", 2, False), ("discard", 2, False),
])
def test_the_expert_searches_turns_and_a_zombies_turn_at_two_seats(phase, seats, expected):
    # given a view in a phase / when the expert asks whether to search / then
    assert searched({"phase": phase, "seats": seats}, [{}, {}]) is expected
