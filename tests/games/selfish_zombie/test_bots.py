"""The strong bot in set pieces: given a stacked table, the bot picks X.

Seat 0 moves first and draws the first card of the stacked Game deck; the
bot sees only ``R.view(state, seat)``.
"""
from __future__ import annotations

import random

from events.games.selfish_zombie import RULESET as R
from events.games.selfish_zombie import values
from events.games.selfish_zombie.bots import base_bot

from .helpers import Game, hand

STRONG = R.bots["strong"]


def pick(g: Game, seat: int = 0, bot=STRONG) -> dict:
    return bot(R.view(g.state, seat), R.legal_commands(g.state, seat), random.Random(0))


def scouted(card: str, *held: str, supplies: int = 4, tracks=None) -> Game:
    """Seat 0 has played a Scout on ``card`` and kept it on top; it holds ``held`` and Supplies."""
    g = Game(2, hands=[hand("scout", *held, supplies=supplies), hand("body_armor", supplies=4)],
             wasteland_deck=[card, "blank", "blank"], game_deck=["horde"], tracks=tracks)
    g.do(0, "PlayAction", card="scout")
    g.do(0, "PlaceScouted", where="top")
    return g


def test_strong_drives_an_abandoned_vehicle_over_a_known_bite():
    g = scouted("youve_been_bitten", "abandoned_vehicle")
    assert pick(g) == {"type": "PlayAction", "card": "abandoned_vehicle"}


def test_strong_rests_rather_than_travel_onto_a_known_bite():
    g = scouted("youve_been_bitten")
    assert pick(g) == {"type": "Rest"}


def test_strong_travels_onto_a_known_settlement():
    g = scouted("settlement", supplies=6)
    assert pick(g)["type"] == "Travel"


def test_strong_does_not_travel_onto_a_known_sewer_with_its_last_supplies():
    g = scouted("cut_through_a_sewer", supplies=3, tracks=[["blank"] * 5, []])
    assert pick(g) == {"type": "Rest"}


def test_strong_sends_a_scouted_bite_to_the_bottom():
    g = Game(2, hands=[hand("scout", supplies=4), hand(supplies=4)],
             wasteland_deck=["youve_been_bitten"], game_deck=["supplies"])
    assert pick(g) == {"type": "PlayAction", "card": "scout"}
    g.do(0, "PlayAction", card="scout")
    assert pick(g) == {"type": "PlaceScouted", "where": "bottom"}


def test_strong_zombie_trap_keeps_a_bite_off_the_top():
    g = Game(2, hands=[hand("zombie_trap", supplies=6), hand(supplies=4)],
             wasteland_deck=["youve_been_bitten", "blank", "settlement"], game_deck=["supplies"])
    g.do(0, "PlayAction", card="zombie_trap")
    order = pick(g)
    assert order["type"] == "OrderWasteland" and order["cards"][0] != "youve_been_bitten"


def test_strong_travels_to_the_chopper_with_supplies_to_spare():
    g = Game(2, hands=[hand(supplies=3), hand(supplies=4)], tracks=[["blank"] * 5, []], game_deck=["horde"])
    assert pick(g)["type"] == "Travel"


def test_strong_rests_rather_than_arrive_at_the_chopper_without_supplies():
    g = Game(2, hands=[hand(supplies=1), hand(supplies=4)], tracks=[["blank"] * 5, []], game_deck=["supplies"])
    assert pick(g) == {"type": "Rest"}


def test_strong_steals_supplies_from_its_rival():
    g = Game(2, hands=[hand("steal_supplies", supplies=4), hand(supplies=4)], game_deck=["horde"])
    assert pick(g) == {"type": "PlayAction", "card": "steal_supplies", "target": 1}


def test_strong_turns_a_steal_back_with_underestimate():
    g = Game(2, hands=[hand("steal_supplies", supplies=4), hand("underestimate", supplies=4)],
             game_deck=["horde"])
    g.do(0, "PlayAction", card="steal_supplies", target=1)
    assert pick(g, 1) == {"type": "PlayUnderestimate"}


def test_strong_blocks_a_zombie_attack_with_body_armor():
    g = Game(2, hands=[hand(supplies=1), hand("body_armor", supplies=4)], dice=[2],
             tracks=[["blank"], ["blank"]], game_deck=["horde", "supplies"])
    g.do(0, "Rest")              # seat 0 pays its last Supplies and turns
    g.do(1, "Rest")
    g.do(0, "Attack", target=1)
    assert pick(g, 1) == {"type": "PlayBodyArmor"}


def test_strong_gives_bandits_its_least_useful_cards():
    g = Game(2, hands=[hand("alliance", "abandoned_vehicle", supplies=4), hand(supplies=4)],
             wasteland_deck=["bandits"], game_deck=["supplies"], dice=[2])
    g.do(0, "Travel", pay="singles")
    assert pick(g) == {"type": "DiscardCard", "card": "alliance"}


def test_base_bot_is_the_heuristic_alone():
    g = scouted("youve_been_bitten")
    assert pick(g, bot=base_bot) == {"type": "Rest"}


def test_unseen_wasteland_cards_leave_out_face_up_cards_the_discard_pile_and_the_known_top():
    g = scouted("youve_been_bitten", tracks=[["youve_been_bitten", "blank"], []])
    unseen = values.wasteland_unseen(R.view(g.state, 0))
    assert unseen["youve_been_bitten"] == 1 and unseen["blank"] == 11


def test_a_lookahead_values_no_supplies_as_lost_and_the_chopper_as_won():
    broke, rich = (0, 0, 1, 0, 0, 0), (3, 0, 0, 0, 0, 0)
    assert values.value(3, broke, 0, 1) == 0.0
    assert values.value(6, rich, 0, 1) == 1.0
    assert 0.0 < values.value(2, rich, 0, 1) < 1.0


def test_a_kept_shopping_mall_value_is_the_sum_over_the_die_and_the_draws_written_out():
    # given hands and draw odds the lookahead meets, and the plain definition of a Shopping Mall:
    # roll the die (n), draw n Game cards, value the afterstate; weighted by the die and the draws
    slots = ((0, 0.4), (1, 0.1), (2, 0.1), (5, 0.4))
    for p, h, known, alive in [(2, (1, 0, 0, 0, 0, 0), 0, 1), (4, (0, 2, 1, 1, 0, 1), 1, 0), (0, (3, 1, 0, 0, 1, 2), 2, 1)]:
        plain = sum(q * r * values.value(p, tuple(a + b for a, b in zip(h, g)), known, alive)
                    for n, r in values.ROLLS for g, q in values._draws(slots, n))
        # when the kept value is asked for, twice
        kept = [values._mall_value(p, h, known, alive, slots) for _ in range(2)]
        # then it is that sum, to the last bit, each time
        assert kept == [plain, plain]


def test_a_kept_discard_is_the_cheapest_cards_first_written_out():
    for h, n in [((2, 1, 1, 0, 0, 3), 4), ((0, 1, 0, 1, 1, 0), 1), ((1, 0, 0, 0, 0, 0), 5)]:
        c, left = list(h), n
        for slot in values.DISCARD_ORDER:
            take = min(left, c[slot])
            c[slot] -= take
            left -= take
        assert values.lose(h, n) == values.lose(h, n) == tuple(c)


def test_a_new_table_is_read_by_every_kept_value():
    # given values kept from the shipped table
    h, slots = (3, 0, 0, 0, 0, 0), ((0, 0.5), (5, 0.5))
    shipped = values.value(2, h, 0, 1), values._mall_value(2, h, 0, 1, slots)
    # when training swaps in a table that has seen nothing (every cell leans on 1/2)
    values.use_table({})
    try:
        empty = values.value(2, h, 0, 1), values._mall_value(2, h, 0, 1, slots)
    finally:
        values.use_table(values.load_table())
    # then no value kept from the shipped table is read any more
    assert shipped[0] != 0.5
    assert empty[0] == 0.5 and abs(empty[1] - 0.5) < 1e-9
    assert (values.value(2, h, 0, 1), values._mall_value(2, h, 0, 1, slots)) == shipped
