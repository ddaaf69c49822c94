"""Which players a card may target (docs/rules/selfish-zombie.md, 'Targets'): cards that name
"another player" reach a zombie player where they can act on one -- Horde moves a zombie back,
Alliance follows a zombie's moves -- while Rampage and Steal Supplies take cards a zombie cannot
hold, so they target survivors only. A zombie holds no card to answer with: no window opens.
Decks and die rolls are stacked; ``bitten_first`` turns seat 0 into a zombie on level 1."""
from __future__ import annotations

from events.games.selfish_zombie import RULESET as R

from ..invariants import assert_rejected
from .helpers import Game, hand
from .test_rules import bitten_first


def test_horde_may_move_a_zombie_back_and_the_card_stays_in_its_column():
    # given zombie seat 0 on level 1 and seat 1 holding a Horde
    g = bitten_first(hands=[hand(supplies=4), hand("horde", supplies=4)])
    assert {"type": "PlayAction", "card": "horde", "target": 0} in g.legal(1)
    # when seat 1 plays it on the zombie
    batch = g.do(1, "PlayAction", card="horde", target=0)
    # then no window opens: the zombie steps back, its Wasteland card left in front of it, not discarded
    assert g.types(batch) == ["ActionPlayed", "ZombieKnockedBack"]
    assert g.pos(0) == 0 and g.state["ahead"][0] == ["youve_been_bitten"] and g.state["wasteland_discard"] == []
    assert R.view(g.state, None)["cards_ahead"][0] == ["youve_been_bitten"] and g.turn == 1


def test_horde_cannot_target_a_zombie_on_the_starting_space():
    # given zombie seat 0 walked back to the starting space
    g = bitten_first(hands=[hand(supplies=4), hand("horde", supplies=4)], dice=[1])
    g.do(1, "Rest")
    g.do(0, "ZombieMove", direction="back")
    # then seat 1 cannot play its Horde on it (nobody else is off the start)
    assert not [c for c in g.legal(1) if c.get("card") == "horde"]
    assert_rejected(R, g.state, 1, {"type": "PlayAction", "card": "horde", "target": 0}, "no_target")


def test_an_alliance_on_a_zombie_follows_the_zombies_moves_on_its_turn():
    # given seat 1 lays an Alliance before zombie seat 0 (level 1), with 2 action points to come
    g = bitten_first(hands=[hand(supplies=4), hand("alliance", supplies=4)], dice=[2],
                     wasteland_deck=["blank"] * 4, game_deck=["supplies"] * 4)
    batch = g.do(1, "PlayAction", card="alliance", target=0)
    assert g.types(batch) == ["ActionPlayed", "AllianceFormed"]
    g.do(1, "Rest")
    # when the zombie walks forward twice
    g.do(0, "ZombieMove", direction="forward")
    g.do(0, "ZombieMove", direction="forward")
    # then seat 1 followed each step onto its own Wasteland cards, and the Alliance went when the turn ended
    assert g.pos(0) == 3 and g.pos(1) == 2 and g.state["tracks"][1] == ["blank", "blank"]
    assert g.state["alliances"] == [] and g.turn == 1


def test_rampage_and_steal_supplies_target_survivors_only():
    # given zombie seat 0 and survivors 1 and 2, seat 1 holding Rampage and Steal Supplies
    g = bitten_first(seats=3, hands=[hand(supplies=4), hand("rampage", "steal_supplies", supplies=4),
                                     hand(supplies=4)])
    # then neither card may be played on the zombie
    plays = [c for c in g.legal(1) if c["type"] == "PlayAction"]
    assert all(c["target"] == 2 for c in plays) and not any(c.get("second_target") is not None for c in plays)
    assert_rejected(R, g.state, 1, {"type": "PlayAction", "card": "steal_supplies", "target": 0}, "illegal_target")


def test_rules_version_1_let_no_card_target_a_zombie():
    # given a game under rules version 1, zombie seat 0 on level 1, seat 1 holding a Horde
    g = bitten_first(hands=[hand(supplies=4), hand("horde", supplies=4)], rules_version="selfish-zombie/1")
    # then the Horde has no target
    assert_rejected(R, g.state, 1, {"type": "PlayAction", "card": "horde", "target": 0}, "no_target")


def test_rules_version_1_drew_the_settlement_card_without_asking():
    # given a game under rules version 1 and seat 0 travelling onto a Settlement
    g = Game(2, hands=[hand(supplies=4), hand(supplies=4)], game_deck=["supplies", "rampage"],
             wasteland_deck=["settlement"], rules_version="selfish-zombie/1")
    g.do(0, "Travel", pay="singles")
    # then it drew at once and the turn passed
    assert g.hand(0)[-1] == "rampage" and g.turn == 1
