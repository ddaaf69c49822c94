"""The first player (docs/rules/selfish-zombie.md, 'Setup and first player'): the source only says
one player is selected to go first, so it is drawn with the game's seed and recorded; the option
first_seat fixes it."""
from __future__ import annotations

import pytest

from events.games.selfish_zombie import RULESET as R

from ..selfish_space import first_player as F
from .helpers import Game, hand


def test_the_first_seat_is_drawn_with_the_game_seed_and_recorded_in_game_started():
    F.check_drawn_with_the_seed_and_recorded(R)


def test_the_first_seat_option_fixes_who_starts_and_a_stacked_deal_starts_with_seat_0():
    F.check_the_option_fixes_it(R)


@pytest.mark.parametrize("value", F.BAD_FIRST_SEATS)
def test_a_first_seat_that_is_not_a_seat_of_the_table_is_refused(value):
    F.check_a_bad_first_seat_is_refused(R, value)


def test_rules_version_1_always_started_with_seat_0():
    F.check_rules_version_1_starts_with_seat_0(R)


def test_the_first_seat_takes_the_first_turn_and_play_goes_on_in_seat_order():
    # given three seats and the first seat fixed at 2
    g = Game(3, first_seat=2, hands=[hand(supplies=4)] * 3)
    # then seat 2 has drawn its card and plays first; seat 0 follows it
    assert g.turn == 2 and len(g.hand(2)) == 5
    g.do(2, "Rest")
    assert g.turn == 0
